"""Public behaviour that the mutation run of issue 23 found untested: the layout of
``ci_coords`` with several points and several coordinates, the BCa interval of
``ci_thresholds``, 64-bit seeds, and the one-curve test at AUC 1.  Expected values: the
same function on one point / one coordinate at a time (the replicates depend on the seed
only), the percentile definition (R's type-7 quantile of the replicates), and the
Wald test's definition."""
import numpy as np
import pytest

import rocstats

Y = np.r_[np.ones(18, int), np.zeros(22, int)]
S = np.round(np.r_[np.random.default_rng(4).normal(1, 1, 18),
                   np.random.default_rng(5).normal(0, 1, 22)], 1)


def test_ci_coords_cells_are_in_x_by_ret_order():
    xs, ret = [0.6, 0.9], ["sensitivity", "ppv", "accuracy"]
    ci = rocstats.ci_coords(Y, S, xs, input="specificity", ret=ret, n_boot=300,
                            random_state=7)
    assert ci.median.shape == ci.lower.shape == (2, 3)
    for i, x in enumerate(xs):
        for j, r in enumerate(ret):
            one = rocstats.ci_coords(Y, S, [x], input="specificity", ret=[r], n_boot=300,
                                     random_state=7)
            for name in ("lower", "median", "upper"):
                assert getattr(ci, name)[i, j] == getattr(one, name)[0, 0], (x, r, name)
            # the median is the type-7 median of that cell's replicates
            reps = ci.replicates[:, i, j]
            assert ci.median[i, j] == pytest.approx(np.quantile(reps[~np.isnan(reps)], 0.5))


def test_ci_thresholds_bca_gives_finite_intervals_inside_the_unit_interval():
    ci = rocstats.ci_thresholds(Y, S, [0.45, 1.05], interval="bca", n_boot=400,
                                random_state=3)
    for name in ("lower", "upper"):
        v = getattr(ci, name)
        assert np.isfinite(v).all(), (name, v)
        assert ((0 <= v) & (v <= 1)).all()
    assert (ci.lower <= ci.upper).all()


@pytest.mark.parametrize("seed", [0, 1, 2 ** 31 - 1, 2 ** 32 + 5, 2 ** 62 + 11, 2 ** 63 - 1,
                                  2 ** 64 - 1, 987654321987654321])
def test_bootstrap_tests_take_every_64_bit_seed(seed, recwarn):
    """A seed is any int in [0, 2^64): the unpaired bootstrap roc.test gives a p-value in
    (0, 1], the same for the same seed, and no overflow warning."""
    ya, yb = Y[::2], Y[1::2]
    sa, sb = S[::2], S[1::2] + 0.3
    t1 = rocstats.roc_test_unpaired(ya, sa, yb, sb, method="bootstrap", n_boot=200,
                                    random_state=seed)
    t2 = rocstats.roc_test_unpaired(ya, sa, yb, sb, method="bootstrap", n_boot=200,
                                    random_state=seed)
    assert 0 < t1.pvalue <= 1 and t1.pvalue == t2.pvalue and t1.statistic == t2.statistic
    assert not [w for w in recwarn.list if issubclass(w.category, RuntimeWarning)]


def test_fresh_seeds_never_fail():
    rng = np.random.default_rng(2024)
    for seed in rng.integers(0, 2 ** 63, size=40, dtype=np.int64):
        ci = rocstats.ci_auc(Y, S, method="bootstrap", n_boot=50, random_state=int(seed) * 2 + 1)
        assert 0 <= ci.lower <= ci.upper <= 1


def test_auc_test_at_auc_one_has_p_zero():
    # AUC 1 with DeLong variance 0: z = (1 - 0.5) / 0 = +inf, p = 0 (not 1)
    t = rocstats.auc_test([0, 0, 0, 1, 1, 1], [.1, .2, .3, .7, .8, .9])
    assert t.estimate == 1.0 and t.pvalue == 0.0
    # and the estimate equal to the null with variance 0: p = 1
    t0 = rocstats.auc_test([0, 0, 0, 1, 1, 1], [.1, .2, .3, .7, .8, .9], null=1.0)
    assert t0.pvalue == 1.0


def test_ci_thresholds_drops_whole_replicates_as_proc_and_ci_coords_cells():
    """pROC's ci.thresholds drops a (non-stratified) replicate whose sensitivity or
    specificity is undefined -- the whole replicate, so every cell has the same count and
    the intervals are the type-7 quantiles of the kept rows; ci_coords judges each cell on
    its own (a ppv undefined in a replicate does not drop that replicate's sensitivity)."""
    import warnings

    y, s = Y[::4], S[::4]                         # 5 positives, 5 negatives
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ci = rocstats.ci_thresholds(y, s, [0.45, 1.05], n_boot=400, stratified=False,
                                    random_state=11)
    assert ci.n_valid.min() == ci.n_valid.max() < 400          # rows dropped, all cells alike
    reps = ci.replicates
    assert reps.shape[0] == ci.n_valid.flat[0] and not np.isnan(reps).any()
    for i in range(reps.shape[1]):
        for j in range(reps.shape[2]):
            lo, hi = np.quantile(reps[:, i, j], [0.025, 0.975])
            assert (ci.lower[i, j], ci.upper[i, j]) == pytest.approx((lo, hi), abs=1e-12)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        # at specificity 1 the replicate's curve may reach it with nothing positive
        # (ppv 0/0): 1 of these 400 replicates
        cc = rocstats.ci_coords(Y, S, [1.0], input="specificity",
                                ret=["sensitivity", "ppv"], n_boot=400, random_state=11)
    n_sens, n_ppv = cc.n_valid[0]
    assert n_sens == 400 and n_ppv < 400
