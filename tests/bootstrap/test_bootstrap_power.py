"""Monte Carlo checks of the bootstrap engine that have the power to see the two mistakes
the checks against pROC mostly let through (issue 23): stratified and non-stratified
resampling swapped (pROC comparisons: flagged in 1 case in 12) and a 15 % error in the
bootstrap standard deviation (flagged in one comparison in three).

Expected values are definitions, never the engine's output:

* the stratified bootstrap keeps each class's size in every replicate (a count), the
  non-stratified one draws the number of positives from Binomial(N, m / N);
* the ideal (B -> infinity) stratified bootstrap variance of the AUC in closed form:
  with h(x, y) = 1[x > y] + 1/2 1[x = y] over the m x n pairs, theta its mean,
  V10_i / V01_j the row / column means,

      Var*(AUC*) = [var(h) + (n - 1) var(V10) + (m - 1) var(V01)] / (m n)

  (population variances over the data: the variance of a two-sample U statistic of
  degree (1, 1) when X* and Y* are drawn from the two empirical distributions).
"""
import math

import numpy as np
import pytest

import rocstats
from rocstats import _kernels

B = 20_000          # replicates of the variance checks
Z_LIMIT = 5.0       # false alarm about 6e-7 (two-sided normal)


def _ideal_bootstrap_variance(pos, neg):
    d = np.asarray(pos, float)[:, None] - np.asarray(neg, float)[None, :]
    h = (d > 0) + 0.5 * (d == 0)
    m, n = h.shape
    theta = h.mean()
    var_h = (h * h).mean() - theta ** 2
    v10, v01 = h.mean(axis=1), h.mean(axis=0)
    return (var_h + (n - 1) * ((v10 ** 2).mean() - theta ** 2)
            + (m - 1) * ((v01 ** 2).mean() - theta ** 2)) / (m * n)


def _variance_z(reps, target):
    """z of the replicates' sample variance against ``target``: SE from the replicates'
    own fourth central moment, sqrt((mu4 - s^4) / B)."""
    reps = np.asarray(reps, float)
    s2 = reps.var(ddof=1)
    mu4 = np.mean((reps - reps.mean()) ** 4)
    return (s2 - target) / math.sqrt((mu4 - s2 * s2) / reps.size), s2


@pytest.mark.parametrize("seed", [3, 11])
def test_bootstrap_variance_equals_the_ideal_bootstrap_variance(seed):
    """Power: the relative SE of the sample variance of B = 20000 replicates is about
    sqrt(2 / B) = 1.0 % (a little more with the replicates' kurtosis), so a 15 % error in
    the SD (variance off by -28 % or +32 %) puts z near 28 or 32: detected with
    probability 1 - 1e-100 at |z| < 5; the chance of a false alarm is 6e-7."""
    rng = np.random.default_rng(seed)
    m, n = 23, 31
    pos = np.round(rng.normal(1.0, 1.0, m), 1)          # ties within and across classes
    neg = np.round(rng.normal(0.0, 1.3, n), 1)
    y = np.r_[np.ones(m, int), np.zeros(n, int)]
    s = np.r_[pos, neg]
    target = _ideal_bootstrap_variance(pos, neg)
    ci = rocstats.ci_auc(y, s, method="bootstrap", n_boot=B, stratified=True,
                         random_state=seed)
    assert ci.n_valid == B
    z, s2 = _variance_z(ci.replicates, target)
    assert abs(z) < Z_LIMIT, (z, s2, target)
    # the same check would see a 15 % error in the SD either way
    for wrong in (0.85, 1.15):
        z_wrong, _ = _variance_z(ci.replicates * wrong, target)
        assert abs(z_wrong) > 4 * Z_LIMIT
    # and the replicates' mean is the data's AUC (the bootstrap's mean of a U statistic
    # under stratified resampling): SE = sqrt(target / B)
    assert abs(ci.replicates.mean() - rocstats.auc(y, s)) < Z_LIMIT * math.sqrt(target / B)


def test_stratified_replicates_keep_the_class_sizes_and_the_others_do_not():
    """Deterministic for the stratified bootstrap (every replicate has exactly m
    positives and n negatives: a swap fails on the first replicate).  Non-stratified:
    the number of positives is Binomial(N, m / N) -- its mean and variance within 5 SE
    over 20000 replicates (a stratified draw has variance 0, z = -141 here: power 1)."""
    m, n = 7, 13
    pos_block = np.sort(np.arange(m) % 5).astype(np.int64)
    neg_block = np.sort(np.arange(n) % 6).astype(np.int64)
    for name, impl in sorted(_kernels.implementations("bootstrap").items()):
        cp, cn = impl.counts(pos_block, neg_block, 6, True, 12345, 0, 500)
        assert (cp.sum(axis=1) == m).all() and (cn.sum(axis=1) == n).all(), name
        cp, cn = impl.counts(pos_block, neg_block, 6, False, 12345, 0, B)
        k = cp.sum(axis=1)
        assert ((k + cn.sum(axis=1)) == m + n).all(), name
        N, p = m + n, m / (m + n)
        mean_z = (k.mean() - N * p) / math.sqrt(N * p * (1 - p) / B)
        var_target = N * p * (1 - p)
        var_z, _ = _variance_z(k, var_target)
        assert abs(mean_z) < Z_LIMIT and abs(var_z) < Z_LIMIT, (name, mean_z, var_z)


def test_non_stratified_bootstrap_loses_replicates_without_a_class():
    """Public behaviour: with 2 positives and 2 negatives a non-stratified replicate has
    no positive or no negative with probability 2 (1/2)^4 = 1/8, and its AUC is
    undefined; the stratified bootstrap never loses one.  2000 replicates: 250 +/- 14.8
    expected lost (non-stratified); a swap either way is detected with probability
    1 - 0.875^2000 (~1 - 1e-116) and 1 - P(|N(250, 14.8)| <= 5 SE of 0) = 1."""
    y, s = [0, 1, 0, 1], [0.1, 0.7, 0.4, 0.3]
    strat = rocstats.ci_auc(y, s, method="bootstrap", n_boot=2000, stratified=True,
                            random_state=5)
    assert strat.n_valid == 2000
    with pytest.warns(Warning):
        plain = rocstats.ci_auc(y, s, method="bootstrap", n_boot=2000, stratified=False,
                                random_state=5)
    lost = 2000 - plain.n_valid
    assert abs(lost - 250) < Z_LIMIT * math.sqrt(2000 * 0.125 * 0.875), lost
