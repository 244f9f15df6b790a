"""One order of checks for every binary statistic (``binary_sample``'s docstring:
direction, labels, scores, rows, columns, weights): non-finite scores are reported before
a row mismatch or a bad weight, also where the finiteness check is left to the kernel
(``finite=False``: ``auc``, unweighted ``delong``, ``ci_auc``).  Before, ``auc``,
``delong`` and ``ci_auc`` reported the rows while ``roc`` and ``pr_curve`` reported the
NaN (issue 23's mutation triage of ``_sample``)."""
import numpy as np
import pytest

import rocstats

NAN_SCORES = [np.nan, .2, .3, .4]
INF_SCORES = [.1, np.inf, .3, .4]


@pytest.mark.parametrize("fn", ["auc", "roc", "roc_curve", "delong", "ci_auc", "pr_curve",
                                "coords"])
@pytest.mark.parametrize("score, what", [(NAN_SCORES, "NaN"), (INF_SCORES, "infinite values")])
def test_non_finite_scores_come_before_the_row_count(fn, score, what):
    with pytest.raises(ValueError) as err:
        getattr(rocstats, fn)([0, 1, 1], score)
    assert str(err.value) == "y_score contains %s; remove or impute them first" % what


def test_non_finite_marker_columns_come_before_the_row_count():
    scores = np.c_[[.1, .2, .3, .4], NAN_SCORES]
    with pytest.raises(ValueError, match="^y_score contains NaN"):
        rocstats.delong([0, 1, 1], scores)


@pytest.mark.parametrize("fn", ["roc", "delong", "pr_curve"])
def test_non_finite_scores_come_before_a_bad_weight(fn):
    with pytest.raises(ValueError, match="^y_score contains NaN"):
        getattr(rocstats, fn)([0, 1, 1, 0], NAN_SCORES, sample_weight=[1, 1, -1, 1])


@pytest.mark.parametrize("fn", ["auc", "delong", "ci_auc"])
def test_finite_scores_still_get_the_row_error(fn):
    with pytest.raises(ValueError, match="^y_true has 3 rows but y_score has 4$"):
        getattr(rocstats, fn)([0, 1, 1], [.1, .2, .3, .4])
