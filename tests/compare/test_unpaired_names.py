"""The unpaired tests name the argument that holds a bad score: ``y_score_a`` or
``y_score_b`` for every method (the DeLong test named both ``y_score``; issue 23's "errors
that name the wrong thing")."""
import numpy as np
import pytest

import rocstats

GOOD_Y, GOOD_S = [0, 1, 0, 1, 0, 1], [0.1, 0.7, 0.5, 0.4, 0.2, 0.9]


@pytest.mark.parametrize("method", ["delong", "bootstrap", "venkatraman"])
@pytest.mark.parametrize("bad", [np.nan, np.inf])
@pytest.mark.parametrize("which", ["a", "b"])
def test_non_finite_score_is_named(method, bad, which):
    s_bad = [0.1, bad, 0.3, 0.4, 0.2, 0.9]
    args = ((GOOD_Y, s_bad, GOOD_Y, GOOD_S) if which == "a" else
            (GOOD_Y, GOOD_S, GOOD_Y, s_bad))
    with pytest.raises(ValueError, match=r"^y_score_%s " % which):
        rocstats.roc_test_unpaired(*args, method=method, n_boot=20, random_state=1)


@pytest.mark.parametrize("partial", [None, (0.8, 1.0)])
def test_length_mismatch_is_named(partial):
    with pytest.raises(ValueError, match=r"y_score_b"):
        rocstats.roc_test_unpaired(GOOD_Y, GOOD_S, GOOD_Y[:5], GOOD_S, partial=partial)


def test_named_delong_keeps_the_numbers():
    # the DeLong test on the named samples: D = (A_a - A_b) / sqrt(V_a + V_b) with each
    # sample's own DeLong variance (rocstats.delong, checked against pROC elsewhere)
    ya, sa = [0, 1, 0, 1, 0, 1, 1], [0.1, 0.7, 0.3, 0.25, 0.2, 0.9, 0.35]
    ra, rb = rocstats.delong(ya, sa), rocstats.delong(GOOD_Y, GOOD_S)
    assert 0 < rb.auc < ra.auc < 1
    t = rocstats.roc_test_unpaired(ya, sa, GOOD_Y, GOOD_S, method="delong")
    assert t.statistic == pytest.approx((ra.auc - rb.auc) / np.sqrt(ra.variance + rb.variance),
                                        rel=1e-13)
