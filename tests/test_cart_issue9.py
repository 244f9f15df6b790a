"""Issue 9, CART part: items 4 (class order), 8 (inputs that cannot be represented),
9 (a root with zero risk), 10 (rpart's R-side sums), 11 (predict ignores extra columns).

Expected values come from R (printed by the R call quoted next to them, rpart 4.1.19 /
R 4.2.2), from the stored rpart results (``tests/test_rpart_parity.py`` runs those), or
from independent definitions -- never from the code under test.
"""
import numpy as np
import pandas as pd
import pytest

from rocstats.tree import CARTClassifier, CARTRegressor
from rocstats.tree._criterion import GiniCriterion, r_sum


# ------------------------------------------------------------------------- item 10
@pytest.mark.skipif(np.finfo(np.longdouble).nmant < 63,
                    reason="long double is not x87 extended precision here")
def test_r_sum_accumulates_like_R():
    # R 4.2.2 (x86-64): sum(rep(0.1, 10)) == 1 is TRUE; sum(c(1, 2^-60, -1)) = 2^-60
    assert r_sum(np.full(10, 0.1)) == 1.0
    assert float(np.cumsum(np.full(10, 0.1))[-1]) != 1.0      # a double sum is not
    assert r_sum([1.0, 2.0 ** -60, -1.0]) == 2.0 ** -60
    assert r_sum([]) == 0.0


@pytest.mark.skipif(np.finfo(np.longdouble).nmant < 63,
                    reason="long double is not x87 extended precision here")
def test_default_prior_is_rparts():
    # rpart.class: counts <- tapply(wt, y, sum); prior <- counts / sum(counts).  R 4.2.2:
    #   w <- c(rep(0.1, 10), 0.7); y <- c(rep(1, 10), 2)
    #   counts <- tapply(w, y, sum); sprintf("%.17g", counts / sum(counts))
    #   "0.58823529411764708" "0.41176470588235292"
    # (double sums give 0.41176470588235298 for the second)
    y = np.r_[np.zeros(10, dtype=int), 1]
    w = np.r_[np.full(10, 0.1), 0.7]
    crit = GiniCriterion(y, w, 2)
    assert list(crit.prior_input) == [0.58823529411764708, 0.41176470588235292]
    assert crit.counts[0] == 1.0                      # R: sum(rep(0.1, 10)) == 1
