"""The label contract (`rocstats._labels`) through the public statistics: issue 23,
surviving mutants of `BinaryRule.labels` (the boolean shortcut) and `_distinct` (the
label reader of the dask front end).

Documented behaviour pinned here (`rocstats._labels`' module docstring, DESIGN.md's
label contract):

* ``pos_label`` names the positive class: for boolean labels with ``pos_label=False``
  the positives are the rows that are False (the mask is ``y == False``, never ``y``);
  with ``pos_label=True`` or the default (True, the greater value) they are the rows
  that are True.  Expected AUCs come from the O(m n) definition (`auc_def`) on the rows
  the contract calls positive.
* labels that cannot be ordered are a ``ValueError`` naming the argument (``y_true``),
  also when the labels are read block by block (`rocstats.dask`).
"""
import numpy as np
import pytest

import rocstats
from definitions import auc_def

Y = np.array([True, False, True, True, False, False, True, False, False])
S = np.array([0.9, 0.2, 0.6, 0.35, 0.4, 0.1, 0.8, 0.7, 0.3])


def _expected(positive_rows):
    return auc_def(S[positive_rows], S[~positive_rows])


@pytest.mark.filterwarnings("ignore::rocstats.ReversedDirectionWarning")
@pytest.mark.parametrize("pos_label", [False, True, None])
def test_boolean_labels_positive_rows_follow_pos_label(pos_label):
    rows = ~Y if pos_label is False else Y
    expected = _expected(rows)
    assert expected != _expected(~rows)          # the two readings differ on this data
    roc = rocstats.roc_curve(Y, S, pos_label=pos_label)
    assert roc.pos_label is (pos_label is not False)
    assert roc.auc == pytest.approx(expected, rel=1e-12)
    assert roc.n_pos == int(rows.sum())
    fit = rocstats.delong(Y, S, pos_label=pos_label)
    assert fit.auc == pytest.approx(expected, rel=1e-12)
    assert fit.n_pos == int(rows.sum()) and fit.n_neg == int((~rows).sum())
    assert rocstats.auc(Y, S, pos_label=pos_label) == pytest.approx(expected, rel=1e-12)


@pytest.mark.filterwarnings("ignore::rocstats.ReversedDirectionWarning")
def test_object_booleans_with_pos_label_false():
    # an object array of booleans is read as booleans (the module's `_object_labels`)
    y = np.array(Y.tolist(), dtype=object)
    fit = rocstats.delong(y, S, pos_label=False)
    assert fit.auc == pytest.approx(_expected(~Y), rel=1e-12)
    assert fit.pos_label is False


def test_unorderable_labels_named_in_dask_error():
    da = pytest.importorskip("dask.array", reason="the Dask extra is not installed")
    import dask

    y = np.array([1j, 2j, 1j, 2j], dtype=object)      # one type, no order
    # the synchronous scheduler: no worker threads (the mutation run forks this process)
    with pytest.raises(ValueError, match=r"^y_true mixes label types that cannot be "
                                         r"ordered: \['complex'\]"), \
            dask.config.set(scheduler="synchronous"):
        rocstats.dask.auc(da.from_array(y, chunks=2),
                          da.from_array(np.array([0.1, 0.4, 0.3, 0.8]), chunks=2))
