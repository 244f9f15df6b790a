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


def _auc_def(y, s):
    y, s = np.asarray(y), np.asarray(s, float)
    d = s[y == 1][:, None] - s[y == 0][None, :]
    return float(((d > 0) + 0.5 * (d == 0)).mean())


@pytest.mark.parametrize("stratified", [True, False])
def test_bca_interval_of_the_auc_by_definition(stratified):
    """BCa (Efron 1987) recomputed here from the replicates: z0 from the mid-rank share of
    replicates below the estimate, the acceleration from an explicit delete-one jackknife
    of the AUC by its pairwise definition -- the multi-sample form (Davison & Hinkley
    1997, 3.2) for the stratified bootstrap, Efron's one-sample form otherwise --, the
    bounds as R's type-7 quantiles at Phi(z0 + (z0 + z) / (1 - a (z0 + z)))."""
    from scipy.stats import norm

    y, s = Y, S
    ci = rocstats.ci_auc(y, s, method="bootstrap", interval="bca", n_boot=3001,
                         stratified=stratified, random_state=17)
    est = _auc_def(y, s)
    reps = ci.replicates
    p = (np.sum(reps < est) + 0.5 * np.sum(reps == est)) / reps.size
    z0 = norm.ppf(p)
    idx = np.arange(y.size)
    theta = np.array([_auc_def(y[idx != i], s[idx != i]) for i in idx])
    if stratified:
        num = den = 0.0
        for cls in (1, 0):
            th = theta[y == cls]
            k = th.size
            infl = (k - 1) * (th.mean() - th)
            num += np.sum(infl ** 3) / k ** 3
            den += np.sum(infl ** 2) / k ** 2
        a = num / (6 * den ** 1.5)
    else:
        infl = (y.size - 1) * (theta.mean() - theta)
        a = np.sum(infl ** 3) / (6 * np.sum(infl ** 2) ** 1.5)
    z = norm.ppf([0.025, 0.975])
    levels = norm.cdf(z0 + (z0 + z) / (1 - a * (z0 + z)))
    lo, hi = np.quantile(reps, levels)
    assert (ci.lower, ci.upper) == (pytest.approx(lo, abs=1e-12), pytest.approx(hi, abs=1e-12))
    assert ci.estimate == pytest.approx(est)


def test_replicates_do_not_depend_on_the_number_of_threads():
    # documented: replicate r is the same whatever n_jobs (ranges split over threads)
    one = rocstats.ci_auc(Y, S, method="bootstrap", n_boot=1001, random_state=5, n_jobs=1)
    for jobs in (2, 3, 7):
        many = rocstats.ci_auc(Y, S, method="bootstrap", n_boot=1001, random_state=5,
                               n_jobs=jobs)
        assert np.array_equal(one.replicates, many.replicates), jobs
    a = rocstats.ci_coords(Y, S, [0.3, 0.7], input="specificity", ret=["sensitivity"],
                           n_boot=333, random_state=5, n_jobs=1)
    b = rocstats.ci_coords(Y, S, [0.3, 0.7], input="specificity", ret=["sensitivity"],
                           n_boot=333, random_state=5, n_jobs=4)
    assert np.array_equal(a.replicates, b.replicates, equal_nan=True)


def test_one_replicate_and_integer_counts():
    # one replicate: every quantile is that replicate (R: quantile(x, p) of one value)
    ci = rocstats.ci_auc(Y, S, method="bootstrap", n_boot=1, random_state=3)
    assert ci.n_boot == ci.n_valid == 1
    assert ci.lower == ci.upper == ci.replicates[0]
    cc = rocstats.ci_coords(Y, S, [0.5], input="specificity", ret=["sensitivity", "ppv"],
                            n_boot=50, random_state=3)
    assert cc.n_valid.dtype.kind == "i" and cc.n_valid.tolist() == [[50, 50]]



def test_random_state_forms_give_the_documented_seed():
    """An int in [0, 2^64) is the seed; a Generator gives one draw integers(0, 2^64,
    uint64), a RandomState one randint(0, 2^63, int64); None fresh entropy (two calls
    differ); 2^64, -1 and True are refused."""
    kw = dict(method="bootstrap", n_boot=50)
    by_int = lambda s: rocstats.ci_auc(Y, S, random_state=s, **kw).replicates
    g_seed = int(np.random.default_rng(5).integers(0, 2 ** 64, dtype=np.uint64))
    assert np.array_equal(by_int(np.random.default_rng(5)), by_int(g_seed))
    r_seed = int(np.random.RandomState(6).randint(0, 2 ** 63, dtype=np.int64))
    assert np.array_equal(by_int(np.random.RandomState(6)), by_int(r_seed))
    assert not np.array_equal(by_int(None), by_int(None))
    assert np.array_equal(by_int(2 ** 64 - 1), by_int(2 ** 64 - 1))
    for bad in (2 ** 64, -1, True, 1.5, "1"):
        with pytest.raises(ValueError, match="^random_state"):
            rocstats.ci_auc(Y, S, random_state=bad, **kw)


def test_n_jobs_values():
    kw = dict(method="bootstrap", n_boot=40, random_state=1)
    ref = rocstats.ci_auc(Y, S, **kw).replicates
    for jobs in (None, 1, 2, -1, -2, -1000):
        assert np.array_equal(rocstats.ci_auc(Y, S, n_jobs=jobs, **kw).replicates, ref)
    for bad in (0, True, 1.5, "2"):
        with pytest.raises(ValueError, match="^n_jobs"):
            rocstats.ci_auc(Y, S, n_jobs=bad, **kw)
