"""roc_test / roc_test_unpaired / auc_test (issue 12) against independent definitions
(tests/definitions.py): Venkatraman's E by enumeration of the thresholds, its exact
permutation p-value by enumeration of pROC's permutation scheme on tiny data, the
bootstrap D from explicit resampling loops over index sets of the documented stream,
and statsmodels' Brunner-Munzel ``rank_compare_2indep`` as a second reference for the
one-sample and unpaired intervals.  pROC parity: tests/parity/test_proc_roctest_parity.py."""
import math

import numpy as np
import pytest

import rocstats
from rocstats.compare import _roctest

import definitions as D


def _data(seed, N=40, ties=1, shift=0.8, rho=0.5):
    rng = np.random.default_rng(seed)
    y = rng.permutation(np.r_[np.ones(N // 2 - 3, int), np.zeros(N - N // 2 + 3, int)])
    z1 = rng.normal(size=N)
    z2 = rho * z1 + math.sqrt(1 - rho ** 2) * rng.normal(size=N)
    return y, np.round(z1 + shift * y, ties), np.round(z2 + 0.5 * shift * y, ties)


# --------------------------------------------------------------------------- Venkatraman
@pytest.mark.parametrize("seed,ties", [(1, 1), (2, 0), (3, 3)])
@pytest.mark.parametrize("direction", ["<", ">"])
def test_venkatraman_E_is_the_enumerated_statistic(seed, ties, direction):
    y, a, b = _data(seed, N=30, ties=ties)
    t = rocstats.roc_test(y, a, b, method="venkatraman", n_boot=20, random_state=0,
                          direction=direction)
    sign = 1 if direction == "<" else -1
    E = D.venkatraman_paired_def(list(y), D.rank_first_def(sign * a),
                                 D.rank_first_def(sign * b))
    assert t.statistic == E
    assert t.distribution == "permutation" and t.n_boot == 20 and t.replicates.size == 20


def test_venkatraman_pvalue_matches_the_exact_permutation_distribution():
    # N = 5: pROC's scheme is uniform over 2^15 (swap, tie-coin, tie-coin) patterns
    y = [1, 0, 1, 0, 0]
    a = [3.0, 1.0, 2.0, 2.0, 0.0]
    b = [1.0, 3.0, 2.5, 0.5, 0.0]
    E, p_exact = D.venkatraman_paired_exact_pvalue_def(y, a, b)
    B = 40000
    t = rocstats.roc_test(y, a, b, method="venkatraman", n_boot=B, random_state=7)
    assert t.statistic == E
    se = math.sqrt(p_exact * (1 - p_exact) / B)          # binomial Monte Carlo SE
    assert 0 < p_exact < 1
    assert abs(t.pvalue - p_exact) <= 4 * se, (t.pvalue, p_exact, se)


def test_venkatraman_identical_scores():
    y, a, _ = _data(4)
    t = rocstats.roc_test(y, a, a.copy(), method="venkatraman", n_boot=200, random_state=1)
    assert t.statistic == 0.0 and t.pvalue == 1.0 and t.estimate == 0.0


@pytest.mark.parametrize("seed", [5, 6])
def test_venkatraman_unpaired_statistic_is_the_definition(seed):
    ya, a, _ = _data(seed, N=24)
    yb, _, b = _data(seed + 10, N=30, ties=0)
    t = rocstats.roc_test_unpaired(ya, a, yb, b, method="venkatraman", n_boot=50,
                                   random_state=1)
    mp = (ya.sum() + yb.sum()) / (ya.size + yb.size)
    E = D.venkatraman_unpaired_def(list(ya), D.rank_first_def(a), list(yb),
                                   D.rank_first_def(b), mp)
    assert t.statistic == pytest.approx(E, rel=1e-12, abs=1e-15)
    assert np.all(t.replicates >= 0) and 0 <= t.pvalue <= 1
    # the estimate and interval are DeLong's (the test has no estimate of its own)
    dl = rocstats.roc_test_unpaired(ya, a, yb, b)
    assert t.estimate == pytest.approx(dl.estimate) and t.se == pytest.approx(dl.se)


def test_venkatraman_unpaired_null_pvalue_is_roughly_uniform():
    # both samples from one distribution: P(p <= 0.2) ~ 0.2 over 200 data sets
    rng = np.random.default_rng(11)
    ps = []
    for _ in range(200):
        ya = rng.integers(0, 2, 40)
        yb = rng.integers(0, 2, 40)
        a = rng.normal(size=40) + ya
        b = rng.normal(size=40) + yb
        ps.append(rocstats.roc_test_unpaired(ya, a, yb, b, method="venkatraman", n_boot=100,
                                             random_state=int(rng.integers(1 << 30))).pvalue)
    frac = np.mean(np.asarray(ps) <= 0.2)
    assert abs(frac - 0.2) <= 4 * math.sqrt(0.2 * 0.8 / 200)


def test_jobs_do_not_change_results():
    y, a, b = _data(8, N=60)
    for method in ("venkatraman", "bootstrap"):
        t1 = rocstats.roc_test(y, a, b, method=method, n_boot=700, random_state=3)
        t2 = rocstats.roc_test(y, a, b, method=method, n_boot=700, random_state=3, n_jobs=2)
        assert t1.statistic == t2.statistic and t1.pvalue == t2.pvalue
        np.testing.assert_array_equal(t1.replicates, t2.replicates)


# --------------------------------------------------------------------------- bootstrap D
@pytest.mark.parametrize("stratified", [True, False])
def test_bootstrap_D_from_explicit_resampling_loops(stratified):
    y, a, b = _data(9, N=16)
    seed, B = 12345, 40
    t = rocstats.roc_test(y, a, b, method="bootstrap", n_boot=B, random_state=seed,
                          stratified=stratified)
    idx = [D.paired_resample_indices_def(list(y), seed, r, stratified) for r in range(B)]
    keep = [ix for ix in idx if 0 < sum(y[i] for i in ix) < len(ix)]
    Dd, sd, diffs = D.boot_d_def(y, a, b, keep)
    assert t.se == pytest.approx(sd, rel=1e-12)
    assert t.statistic == pytest.approx(Dd, rel=1e-12)
    np.testing.assert_allclose(t.replicates, diffs, rtol=0, atol=1e-15)
    assert t.aucs == (pytest.approx(D.auc_def(a[y == 1], a[y == 0])),
                      pytest.approx(D.auc_def(b[y == 1], b[y == 0])))
    z = abs(t.statistic)
    assert t.pvalue == pytest.approx(math.erfc(z / math.sqrt(2)), rel=1e-12)


def test_bootstrap_D_fixed_index_set_by_hand():
    # three replicates written out: the definition itself, on 4 cases
    y = np.array([1, 1, 0, 0])
    a = np.array([0.9, 0.7, 0.8, 0.1])
    b = np.array([0.9, 0.7, 0.6, 0.1])
    idx = [[0, 0, 2, 3], [0, 1, 2, 2], [1, 1, 3, 3]]
    # replicate AUCs: a (1, 1/2, 1) b (1, 1, 1): diffs (0, -1/2, 0), sd = sqrt(1/12)
    Dd, sd, diffs = D.boot_d_def(y, a, b, idx)
    assert diffs == [0.0, -0.5, 0.0]
    assert sd == pytest.approx(math.sqrt(1 / 12))
    assert Dd == pytest.approx(-0.25 / math.sqrt(1 / 12))


@pytest.mark.parametrize("method,given,x", [("specificity", "specificity", 0.7),
                                            ("sensitivity", "sensitivity", 0.6)])
def test_fixed_point_tests_from_explicit_loops(method, given, x):
    y, a, b = _data(12, N=20)
    seed, B = 99, 30
    t = rocstats.roc_test(y, a, b, method=method, n_boot=B, random_state=seed, **{given: x})
    idx = [D.paired_resample_indices_def(list(y), seed, r) for r in range(B)]
    Dd, sd, _ = D.boot_d_def(y, a, b, idx,
                             stat=lambda pos, neg: D.curve_at_def(pos, neg, given, x))
    assert t.statistic == pytest.approx(Dd, rel=1e-12)
    assert t.aucs[0] == pytest.approx(D.curve_at_def(a[y == 1], a[y == 0], given, x))


def test_partial_bootstrap_from_explicit_loops():
    y, a, b = _data(13, N=20)
    seed, B = 5, 25
    t = rocstats.roc_test(y, a, b, method="bootstrap", partial=(0.8, 1.0), n_boot=B,
                          random_state=seed)
    idx = [D.paired_resample_indices_def(list(y), seed, r) for r in range(B)]
    Dd, sd, _ = D.boot_d_def(y, a, b, idx,
                             stat=lambda pos, neg: D.pauc_def(pos, neg, 0.8, 1.0))
    assert t.statistic == pytest.approx(Dd, rel=1e-9)
    assert t.aucs[0] == pytest.approx(D.pauc_def(a[y == 1], a[y == 0], 0.8, 1.0), rel=1e-12)


def test_unpaired_bootstrap_from_explicit_loops():
    ya, a, _ = _data(14, N=14)
    yb, _, b = _data(15, N=18)
    seed, B = 77, 30
    t = rocstats.roc_test_unpaired(ya, a, yb, b, method="bootstrap", n_boot=B,
                                   random_state=seed)
    seed_b = (seed + 0x9E3779B97F4A7C15) % (1 << 64)
    diffs = []
    for r in range(B):
        ia = D.paired_resample_indices_def(list(ya), seed, r)
        ib = D.paired_resample_indices_def(list(yb), seed_b, r)
        diffs.append(D.auc_def([a[i] for i in ia if ya[i]], [a[i] for i in ia if not ya[i]])
                     - D.auc_def([b[i] for i in ib if yb[i]], [b[i] for i in ib if not yb[i]]))
    sd = float(np.std(diffs, ddof=1))
    d = D.auc_def(a[ya == 1], a[ya == 0]) - D.auc_def(b[yb == 1], b[yb == 0])
    assert t.se == pytest.approx(sd, rel=1e-12)
    assert t.statistic == pytest.approx(d / sd, rel=1e-12)
    ci = t.conf_int(0.9)
    assert ci.lower == pytest.approx(d - 1.6448536269514722 * sd, rel=1e-12)


def test_identical_curves_bootstrap_D_is_zero():
    y, a, _ = _data(16)
    t = rocstats.roc_test(y, a, a.copy(), method="bootstrap", n_boot=50, random_state=1)
    assert t.statistic == 0.0 and t.pvalue == 1.0


def test_delong_methods_are_the_delong_tests():
    y, a, b = _data(17)
    assert rocstats.roc_test(y, a, b).statistic == rocstats.roc_test(y, a, b).statistic
    p = rocstats.roc_test(y, a, b, partial=(0.8, 1))
    assert p.statistic == rocstats.roc_test(y, a, b, partial=(0.8, 1)).statistic
    ya, yb = y[:20], y[20:]
    u = rocstats.roc_test_unpaired(ya, a[:20], yb, b[20:])
    ref = rocstats.roc_test_unpaired(ya, a[:20], yb, b[20:])
    assert (u.statistic, u.df) == (ref.statistic, ref.df)


def test_bootstrap_se_agrees_with_delong_on_moderate_data():
    # the bootstrap SD of the paired difference estimates the same quantity as DeLong's
    y, a, b = _data(18, N=300, ties=2)
    t = rocstats.roc_test(y, a, b, method="bootstrap", n_boot=4000, random_state=2)
    dl = rocstats.roc_test(y, a, b)
    assert t.se == pytest.approx(dl.se, rel=0.1)


# --------------------------------------------------------------------------- auc_test
def test_auc_test_delong_and_bootstrap():
    y, a, _ = _data(19, N=30)
    pos, neg = a[y == 1], a[y == 0]
    A = D.auc_def(pos, neg)
    var = float(D.delong_cov_def(pos[:, None], neg[:, None])[1][0, 0])
    t = rocstats.auc_test(y, a, null=0.6, alternative="greater")
    assert t.estimate == pytest.approx(A) and t.se == pytest.approx(math.sqrt(var))
    z = (A - 0.6) / math.sqrt(var)
    assert t.statistic == pytest.approx(z)
    assert t.pvalue == pytest.approx(0.5 * math.erfc(z / math.sqrt(2)))
    seed, B = 21, 40
    bt = rocstats.auc_test(y, a, method="bootstrap", n_boot=B, random_state=seed)
    reps = [D.auc_def(*D.resample_def(pos, neg, seed, r)) for r in range(B)]
    assert bt.se == pytest.approx(float(np.std(reps, ddof=1)), rel=1e-12)
    assert bt.statistic == pytest.approx((A - 0.5) / bt.se, rel=1e-12)


def test_auc_test_and_unpaired_interval_vs_statsmodels_brunner_munzel():
    """statsmodels' rank_compare_2indep(cases, controls): prob1 = P(case > control) +
    P(=)/2 is the AUC; its variance (Brunner & Munzel 2000, rank-based) equals DeLong's
    S10/m + S01/n exactly (both are the sample variances, denominators m-1 and n-1, of
    the placement values); the intervals differ only in the quantile: rocstats' one-sample
    interval uses the normal (Wald), statsmodels Student's t with the Welch-type df of the
    two placement variances; for the unpaired difference rocstats uses pROC's Welch df
    from the total sample sizes N_a - 1, N_b - 1."""
    nonparametric = pytest.importorskip("statsmodels.stats.nonparametric")
    y, a, b = _data(20, N=80, ties=1)
    t = rocstats.auc_test(y, a)
    bm = nonparametric.rank_compare_2indep(a[y == 1], a[y == 0])
    assert t.estimate == pytest.approx(bm.prob1, rel=1e-14)
    assert t.se ** 2 == pytest.approx(bm.var_prob, rel=1e-12)
    lo, hi = bm.conf_int(alpha=0.05)
    q_t = (hi - lo) / (2 * math.sqrt(bm.var_prob))
    from scipy import stats
    assert q_t == pytest.approx(stats.t.ppf(0.975, bm.df), rel=1e-10)
    ci = t.conf_int(0.95)
    assert (ci.upper - ci.lower) / (2 * t.se) == pytest.approx(1.959963984540054)
    # unpaired: the same estimate and variance of the difference
    yb, _, b2 = _data(21, N=70, ties=1)
    u = rocstats.roc_test_unpaired(y, a, yb, b2)
    bm_b = nonparametric.rank_compare_2indep(b2[yb == 1], b2[yb == 0])
    assert u.estimate == pytest.approx(bm.prob1 - bm_b.prob1, rel=1e-13)
    assert u.se ** 2 == pytest.approx(bm.var_prob + bm_b.var_prob, rel=1e-12)


# --------------------------------------------------------------------------- bad input
@pytest.mark.parametrize("kwargs,match", [
    (dict(method="wilcoxon"), "method"),
    (dict(method="specificity"), "specificity is required"),
    (dict(method="sensitivity"), "sensitivity is required"),
    (dict(method="sensitivity", specificity=0.9), "specificity is not used"),
    (dict(method="specificity", specificity=1.5), "specificity must be a number in"),
    (dict(method="bootstrap", sensitivity=0.5), "sensitivity is only used"),
    (dict(method="venkatraman", partial=(0.8, 1)), "partial"),
    (dict(method="specificity", specificity=0.8, partial=(0.8, 1)), "partial"),
    (dict(method="venkatraman", alternative="greater"), "alternative"),
    (dict(alternative="bigger"), "alternative"),
    (dict(method="bootstrap", n_boot=0), "n_boot"),
    (dict(method="bootstrap", stratified="yes"), "stratified"),
    (dict(method="bootstrap", random_state=-1), "random_state"),
    (dict(method="venkatraman", n_jobs=0), "n_jobs"),
    (dict(method="bootstrap", partial=(0.9, 0.9)), "partial"),
])
def test_roc_test_bad_input(kwargs, match):
    y, a, b = _data(22)
    with pytest.raises(ValueError, match=match):
        rocstats.roc_test(y, a, b, **kwargs)


def test_other_bad_input():
    y, a, b = _data(23)
    with pytest.raises(ValueError, match="y_score_a has"):
        rocstats.roc_test(y, a, b[:-1], method="bootstrap")
    with pytest.raises(ValueError, match="method"):
        rocstats.roc_test_unpaired(y, a, y, b, method="specificity")
    with pytest.raises(ValueError, match="partial"):
        rocstats.roc_test_unpaired(y, a, y, b, method="venkatraman", partial=(0.8, 1))
    with pytest.raises(ValueError, match="null"):
        rocstats.auc_test(y, a, null=1.2)
    with pytest.raises(ValueError, match="method"):
        rocstats.auc_test(y, a, method="venkatraman")


@pytest.mark.parametrize("method", ["bootstrap", "venkatraman"])
def test_unpaired_errors_name_the_sample(method):
    y, a, b = _data(24)
    bad = a.copy()
    bad[3] = np.nan
    with pytest.raises(ValueError, match="score_a contains NaN"):
        rocstats.roc_test_unpaired(y, bad, y, b, method=method)
    with pytest.raises(ValueError, match="score_b contains NaN"):
        rocstats.roc_test_unpaired(y, a, y, bad, method=method)
    with pytest.raises(ValueError, match="has %d rows but y_score_b has" % y.size):
        rocstats.roc_test_unpaired(y, a, y, b[:-1], method=method)
    with pytest.warns(rocstats.UndefinedAUCWarning, match="sample b"):
        t = rocstats.roc_test_unpaired(y, a, np.ones_like(y), b, method=method)
    assert math.isnan(t.statistic)


def test_one_class_gives_nan_with_warning():
    y = np.ones(10, int)
    s = np.arange(10.0)
    with pytest.warns(rocstats.UndefinedAUCWarning):
        t = rocstats.roc_test(y, s, s[::-1], method="bootstrap", n_boot=10)
    assert math.isnan(t.statistic)


def test_non_stratified_drops_replicates_without_a_class_with_a_warning():
    y = np.array([1, 0, 0, 0, 0, 0])
    a = np.arange(6.0)
    b = a[::-1].copy()
    with pytest.warns(rocstats.UndefinedAUCWarning, match="ignored"):
        t = rocstats.roc_test(y, a, b, method="bootstrap", n_boot=200, stratified=False,
                              random_state=4)
    assert 0 < t.replicates.size < 200


def test_public_exports():
    assert rocstats.compare.roc_test is _roctest.roc_test
    for name in ("roc_test", "roc_test_unpaired", "auc_test"):
        assert name in rocstats.__all__ and name in rocstats.compare.__all__


# --------------------------------------------------------------------------- MC suite harness
def test_roctest_mc_suite_registered_and_small_run():
    from rocstats_validation import roctest_mc, run

    assert run.SUITES["roctest_mc"][0] == "rocstats_validation.roctest_mc:run"
    assert run.SUITES["proc_roctest"][0] == "rocstats_validation.proc_roctest:run"
    truth, out = roctest_mc.simulate("different", seed=3, n_rep=150, n_boot=200)
    assert truth == pytest.approx(0.1, abs=1e-12)
    for m in roctest_mc.METHODS:
        cov = out[m][:, 0].mean()
        assert abs(cov - 0.95) <= 4 * math.sqrt(0.95 * 0.05 / 150) + 0.01
    truth, _ = roctest_mc.simulate("equal", seed=3, n_rep=1)
    assert truth == pytest.approx(0.0, abs=1e-12)


@pytest.mark.slow
def test_roctest_mc_suite_passes():
    from rocstats_validation import roctest_mc

    res = roctest_mc.run()
    assert len(res["comparisons"]) == 4
    assert all(r["passed"] for r in res["comparisons"]), roctest_mc.table(res)


def test_one_spelling_for_the_delong_test_the_old_names_warn():
    """Issue 22: roc_test(method="delong") is the DeLong paired test; rocstats.delong_test
    (and delong_test_unpaired) remain for one release as deprecated aliases giving the
    same numbers."""
    import warnings

    y, a, b = [1, 1, 0, 0, 1, 0], [0.9, 0.7, 0.8, 0.1, 0.4, 0.3], [0.9, 0.7, 0.6, 0.1, 0.2, 0.5]
    new = rocstats.roc_test(y, a, b)
    with pytest.warns(DeprecationWarning, match="roc_test"):
        old = rocstats.delong_test(y, a, b)
    assert (old.statistic, old.pvalue, old.se) == (new.statistic, new.pvalue, new.se)
    with pytest.warns(DeprecationWarning, match="roc_test_unpaired"):
        old = rocstats.delong_test_unpaired(y, a, y, b)
    new = rocstats.roc_test_unpaired(y, a, y, b)
    assert (old.statistic, old.pvalue) == (new.statistic, new.pvalue)
    with pytest.warns(DeprecationWarning, match="y_true_a"):
        rocstats.roc_test_unpaired(y_a=y, score_a=a, y_b=y, score_b=b)
    with pytest.warns(DeprecationWarning, match="n_boot"):
        rocstats.roc_gof_test(y, a, method="permutation", n_resamples=9, random_state=1)
    with pytest.raises(TypeError, match="both"):
        rocstats.roc_gof_test(y, a, n_boot=9, n_resamples=9)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        rocstats.roc_test(y, a, b, sample_weight=[1, 2, 1, 1, 1, 1])
    with pytest.raises(ValueError, match="sample_weight is only used"):
        rocstats.roc_test(y, a, b, method="bootstrap", sample_weight=[1] * 6)


def test_paired_venkatraman_permutations_follow_the_documented_stream_for_large_n():
    """N > 8192 (issue 23): each permutation is three random bits per case from
    ``default_rng([seed, block])``, blocks of 256 permutations drawn in row chunks of
    min(256, 2^21 // N); the permuted E is Venkatraman's E (venkatraman_paired_stat,
    checked against pROC elsewhere) of the ranks of the permuted keys.  Rows on both sides
    of a chunk boundary and of the block boundary are recomputed here."""
    from rocstats.bootstrap._engine import resolve_seed
    from rocstats.compare._roctest import _ranks_first, venkatraman_paired_stat

    rng = np.random.default_rng(8)
    N = 9000
    y = rng.integers(0, 2, N)
    a = rng.normal(size=N) + 0.3 * y
    b = a + rng.normal(size=N)
    t = rocstats.roc_test(y, a, b, method="venkatraman", n_boot=300, random_state=77)
    seed = resolve_seed(77)
    step = max(1, min(256, (1 << 21) // N))               # 233 rows per draw
    is_pos = y.astype(bool)
    ra3, rb3 = 3 * _ranks_first(a), 3 * _ranks_first(b)
    for block, rows in ((0, [0, step - 1, step, 255]), (1, [0, 43])):
        g = np.random.default_rng([seed, block])
        size = min(256, 300 - 256 * block)
        draws = np.concatenate([g.integers(0, 8, size=(min(size, s + step) - s, N), dtype=np.int8)
                                for s in range(0, size, step)])
        for r in rows:
            bits = draws[r].astype(np.int64)
            keep = (bits & 1).astype(bool)
            c1, c2 = ((bits >> 1) & 1) * 2 - 1, ((bits >> 2) & 1) * 2 - 1
            k1 = np.where(keep, ra3 + c1, rb3)
            k2 = np.where(keep, rb3 + c2, ra3)
            want = venkatraman_paired_stat(is_pos, _ranks_first(k1), _ranks_first(k2))
            assert t.replicates[256 * block + r] == want, (block, r)


@pytest.mark.parametrize("unpaired", [False, True])
def test_bootstrap_test_of_mcclish_corrected_partial_aucs(unpaired):
    """The McClish correction is affine in the partial AUC, (1 + (p - min)/(max - min))/2,
    with the same slope for both curves: the difference and the bootstrap SD of the
    difference both scale by it, so the bootstrap D statistic (pROC's roc.test, method =
    "bootstrap") is the same with and without the correction -- provided the replicates
    are corrected like the estimates."""
    rng = np.random.default_rng(31)
    y = rng.integers(0, 2, 70)
    a = rng.normal(size=70) + 1.1 * y
    b = 0.5 * a + rng.normal(size=70) + 0.6 * y
    kw = dict(method="bootstrap", n_boot=150, random_state=8, partial=(0.8, 1.0))
    if unpaired:
        y2 = rng.integers(0, 2, 60)
        b2 = rng.normal(size=60) + 0.6 * y2
        plain = rocstats.roc_test_unpaired(y, a, y2, b2, **kw)
        corr = rocstats.roc_test_unpaired(y, a, y2, b2, correct=True, **kw)
    else:
        plain = rocstats.roc_test(y, a, b, **kw)
        corr = rocstats.roc_test(y, a, b, correct=True, **kw)
    assert corr.statistic == pytest.approx(plain.statistic, rel=1e-9)
    assert corr.pvalue == pytest.approx(plain.pvalue, rel=1e-9)
