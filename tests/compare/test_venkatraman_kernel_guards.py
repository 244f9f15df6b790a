"""The Venkatraman kernels' own guards and floating-point hygiene.

* Both twins (NumPy and, when built, C) refuse an empty class in either sample, whichever
  of the four sizes it is: the C kernel would otherwise read outside its rows, and the
  twins must agree on what they refuse.
* The unpaired statistic interpolates each error-rate curve outside the other's range
  (a division by a zero-width interval, masked to NaN afterwards): a user must not see
  NumPy's "divide by zero" / "invalid value" RuntimeWarnings from it.
"""
import warnings

import numpy as np
import pytest

import rocstats
from rocstats._kernels.numpy import venkatraman as nv


def _twins():
    out = [pytest.param(nv, id="numpy")]
    try:
        from rocstats._kernels.c import venkatraman as cv
    except ImportError:  # no C extension: the NumPy twin alone
        return out
    return out + [pytest.param(cv, id="c")]


def _counts(pos_rows):
    return np.cumsum(np.asarray(pos_rows, dtype=np.int64), axis=1)


def _one_empty(empty):
    sizes = [2, 2, 2, 2]
    sizes[empty] = 0
    return sizes


@pytest.mark.parametrize("kern", _twins())
@pytest.mark.parametrize("empty", range(4))
@pytest.mark.parametrize("entry", ["unpaired_integrals", "unpaired_keys"])
def test_unpaired_kernels_refuse_each_empty_class(kern, empty, entry):
    if entry == "unpaired_integrals":
        # sizes (ma, na, mb, nb); the rows are consistent with them, one size set to 0
        ma, na, mb, nb = _one_empty(empty)
        args = (_counts([[1] * ma + [0] * na]), _counts([[1] * mb + [0] * nb]),
                ma, na, mb, nb)
    else:
        # sizes (na, nb, ma, mb): controls' keys of a then b, cases' keys of a then b
        na, nb, ma, mb = _one_empty(empty)
        args = (np.arange(na + nb, dtype=np.int64)[None] * 2,
                np.arange(ma + mb, dtype=np.int64)[None] * 2 + 1, na, nb, ma, mb)
    with pytest.raises(ValueError, match="non-empty"):
        getattr(kern, entry)(*args, 0.5)


def test_unpaired_venkatraman_emits_no_numpy_warning():
    # sample b's p grid is finer than a's, so some of its points fall outside a's range
    # (before a's first p): the interpolation meets zero-width intervals there
    y_a = [0, 0, 1, 1, 0, 1]
    s_a = [1, 2, 3, 4, 5, 6]
    y_b = [0, 1, 0, 0, 1, 1, 0, 1, 1, 0]
    s_b = [3, 1, 4, 1.5, 5, 9, 2, 6, 5.5, 3.5]
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        t = rocstats.roc_test_unpaired(y_a, s_a, y_b, s_b, method="venkatraman",
                                       n_boot=200, random_state=1)
    assert np.isfinite(t.statistic) and 0.0 < t.pvalue <= 1.0
