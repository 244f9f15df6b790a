"""Margins, equivalence (TOST) and one-sided intervals (issue 25, section 1).

Expected values: statsmodels' rank_compare_2indep (Brunner-Munzel, use_t=False: the same
estimate and variance as the unpaired single AUC) ``test_prob_superior`` and
``tost_prob_superior``; the Wald formulas with scipy's normal / t quantiles applied to the
two-sided test's own estimate and SE; the duality of one-sided tests and one-sided
intervals (and of TOST and the 1 - 2 alpha interval) checked on a grid of margins.
pROC-derived stored values: tests/parity/test_margin_parity.py; size and coverage by
simulation: rocstats_validation.margin_mc."""
import math
import warnings

import numpy as np
import pytest
from scipy import stats

import rocstats

rng0 = np.random.default_rng(25)
N = 120
Y = rng0.integers(0, 2, N)
Y[:2] = (0, 1)
A = np.round(rng0.normal(1.0 * Y), 1)
B = np.round(A + rng0.normal(0, 0.9, N), 1)
YB = rng0.integers(0, 2, 90)
YB[:2] = (0, 1)
SB = rng0.normal(0.8 * YB)


def test_single_auc_against_statsmodels():
    sm = pytest.importorskip("statsmodels.stats.nonparametric")
    x, z = A[Y == 1], A[Y == 0]
    r = sm.rank_compare_2indep(x, z, use_t=False)
    for null, margin in ((0.7, 0.05), (0.6, 0.0), (0.75, -0.02)):
        for alt, sm_alt in (("greater", "larger"), ("less", "smaller")):
            ours = rocstats.auc_test(Y, A, null=null, margin=margin, alternative=alt)
            b = null - margin if alt == "greater" else null + margin
            theirs = r.test_prob_superior(value=b, alternative=sm_alt)
            assert ours.statistic == pytest.approx(theirs.statistic, rel=1e-10, abs=1e-12)
            assert ours.pvalue == pytest.approx(theirs.pvalue, rel=1e-10, abs=1e-15)
            assert ours.bounds == (pytest.approx(b, abs=1e-15),)
    for low, high in ((0.6, 0.8), (0.7, 0.9), (0.5, 0.72)):
        ours = rocstats.auc_test(Y, A, equivalence=(low, high))
        theirs = r.tost_prob_superior(low, high)
        assert ours.pvalue == pytest.approx(theirs.pvalue, rel=1e-10, abs=1e-15)
        assert ours.statistic == pytest.approx(theirs.statistic, rel=1e-10)
        assert ours.pvalues[0] == pytest.approx(theirs.results_larger.pvalue, rel=1e-10)
        assert ours.pvalues[1] == pytest.approx(theirs.results_smaller.pvalue, rel=1e-10)


@pytest.mark.parametrize("method", ["delong", "bootstrap"])
def test_paired_margin_is_the_shifted_wald_test(method):
    kw = dict(n_boot=300, random_state=3) if method == "bootstrap" else {}
    base = rocstats.roc_test(Y, A, B, method=method, **kw)
    d, se = base.estimate, base.se
    for margin in (0.05, 0.0, -0.03):
        g = rocstats.roc_test(Y, A, B, method=method, margin=margin, alternative="greater",
                              **kw)
        assert g.statistic == pytest.approx((d + margin) / se, rel=1e-13)
        assert g.pvalue == pytest.approx(stats.norm.sf((d + margin) / se), rel=1e-12)
        assert g.estimate == d and g.se == se and g.alternative == "greater"
        le = rocstats.roc_test(Y, A, B, method=method, margin=margin, alternative="less",
                               **kw)
        assert le.pvalue == pytest.approx(stats.norm.cdf((d - margin) / se), rel=1e-12)
    # a zero margin is the plain one-sided test
    plain = rocstats.roc_test(Y, A, B, method=method, alternative="greater", **kw)
    zero = rocstats.roc_test(Y, A, B, method=method, alternative="greater", margin=0, **kw)
    assert zero.pvalue == pytest.approx(plain.pvalue, rel=1e-14)
    # the DeLong spelling gives the same
    if method == "delong":
        dt = rocstats.delong_test(Y, A, B, margin=0.05, alternative="greater")
        assert dt.pvalue == rocstats.roc_test(Y, A, B, margin=0.05,
                                              alternative="greater").pvalue


def test_unpaired_margin_uses_the_t_reference_and_the_bootstrap_sd():
    base = rocstats.roc_test_unpaired(Y, A, YB, SB)
    t = rocstats.roc_test_unpaired(Y, A, YB, SB, margin=0.1, alternative="greater")
    q = (base.estimate + 0.1) / base.se
    assert t.pvalue == pytest.approx(stats.t.sf(q, base.df), rel=1e-12)
    assert t.df == base.df and t.distribution == "t"
    du = rocstats.delong_test_unpaired(Y, A, YB, SB, equivalence=(-0.2, 0.2))
    p_lo = stats.t.sf((base.estimate + 0.2) / base.se, base.df)
    p_hi = stats.t.cdf((base.estimate - 0.2) / base.se, base.df)
    assert du.pvalue == pytest.approx(max(p_lo, p_hi), rel=1e-12)
    bb = rocstats.roc_test_unpaired(Y, A, YB, SB, method="bootstrap", n_boot=300,
                                    random_state=8)
    bm = rocstats.roc_test_unpaired(Y, A, YB, SB, method="bootstrap", n_boot=300,
                                    random_state=8, margin=0.1, alternative="greater")
    assert bm.pvalue == pytest.approx(stats.norm.sf((bb.estimate + 0.1) / bb.se), rel=1e-12)


def test_partial_and_weighted_variants():
    p = rocstats.roc_test(Y, A, B, partial=(0.8, 1.0), margin=0.01, alternative="greater")
    base = rocstats.roc_test(Y, A, B, partial=(0.8, 1.0))
    assert p.pvalue == pytest.approx(stats.norm.sf((base.estimate + 0.01) / base.se),
                                     rel=1e-12)
    w = np.random.default_rng(2).uniform(0.5, 2, N)
    bw = rocstats.delong_test(Y, A, B, sample_weight=w, weight_type="sampling")
    mw = rocstats.delong_test(Y, A, B, sample_weight=w, weight_type="sampling", margin=0.02,
                              alternative="greater")
    assert mw.pvalue == pytest.approx(stats.norm.sf((bw.estimate + 0.02) / bw.se), rel=1e-12)


@pytest.mark.parametrize("alternative", ["greater", "less"])
def test_one_sided_interval_excludes_the_boundary_exactly_when_the_test_rejects(alternative):
    """Duality on a grid of margins: the one-sided 95 % bound excludes the boundary b
    iff the one-sided test of H0 at b has p < 0.05."""
    base = rocstats.roc_test(Y, A, B)
    ci = base.conf_int(0.95, alternative=alternative)
    z = stats.norm.ppf(0.95)
    if alternative == "greater":
        assert ci.lower == pytest.approx(base.estimate - z * base.se, rel=1e-14)
        assert ci.upper == math.inf
    else:
        assert ci.upper == pytest.approx(base.estimate + z * base.se, rel=1e-14)
        assert ci.lower == -math.inf
    for margin in np.linspace(-0.15, 0.15, 61):
        t = rocstats.roc_test(Y, A, B, margin=margin, alternative=alternative)
        b = t.bounds[0]
        excluded = b < ci.lower if alternative == "greater" else b > ci.upper
        if abs(t.pvalue - 0.05) > 1e-12:
            assert excluded == (t.pvalue < 0.05)


def test_tost_rejects_exactly_when_the_90_interval_is_inside():
    base = rocstats.roc_test(Y, A, B)
    ci = base.conf_int(0.90)
    for h in np.linspace(0.01, 0.3, 59):
        t = rocstats.roc_test(Y, A, B, equivalence=(-h, h))
        inside = -h < ci.lower and ci.upper < h
        if abs(t.pvalue - 0.05) > 1e-12:
            assert inside == (t.pvalue < 0.05)
        assert t.alternative == "equivalence" and t.bounds == (-h, h)
    assert "90% CI (TOST" in str(t)


def test_one_sided_intervals_of_auc_results():
    r = rocstats.delong(Y, A)
    z = stats.norm.ppf(0.9)
    g = r.conf_int(0.9, alternative="greater")
    assert (g.lower, g.upper) == (pytest.approx(r.auc - z * r.se, rel=1e-14), 1.0)
    le = r.conf_int(0.9, alternative="less")
    assert (le.lower, le.upper) == (0.0, pytest.approx(r.auc + z * r.se, rel=1e-14))
    lg = r.conf_int(0.9, method="logit", alternative="greater")
    eta = math.log(r.auc / (1 - r.auc))
    assert lg.lower == pytest.approx(1 / (1 + math.exp(-(eta - z * r.se / (r.auc * (1 - r.auc))))),
                                     rel=1e-13)
    pr = rocstats.delong(Y, A, partial=(0.8, 1))
    pg = pr.conf_int(0.95, alternative="greater")
    assert pg.upper == pytest.approx(0.2) and pg.lower == pytest.approx(
        pr.auc - stats.norm.ppf(0.95) * pr.se, rel=1e-13)
    assert "one-sided (greater)" in str(g)
    # the unpaired test's one-sided interval uses the t quantile
    u = rocstats.roc_test_unpaired(Y, A, YB, SB)
    assert u.conf_int(0.95, alternative="greater").lower == pytest.approx(
        u.estimate - stats.t.ppf(0.95, u.df) * u.se, rel=1e-13)
    # other AUC-type results take alternative= too
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        s = rocstats.sauc(Y, A, rescale="minmax")
    assert s.conf_int(alternative="less").lower == 0.0
    assert rocstats.pr_auc(Y, A).conf_int(alternative="greater").upper == 1.0


def test_bad_margin_input():
    with pytest.raises(ValueError, match="^margin needs alternative"):
        rocstats.roc_test(Y, A, B, margin=0.05)
    with pytest.raises(ValueError, match="not both"):
        rocstats.roc_test(Y, A, B, margin=0.05, equivalence=(-0.1, 0.1),
                          alternative="greater")
    with pytest.raises(ValueError, match="low < high"):
        rocstats.roc_test(Y, A, B, equivalence=(0.1, -0.1))
    with pytest.raises(ValueError, match="leave alternative"):
        rocstats.roc_test(Y, A, B, equivalence=(-0.1, 0.1), alternative="less")
    with pytest.raises(ValueError, match="Venkatraman's test has none"):
        rocstats.roc_test(Y, A, B, method="venkatraman", margin=0.1, alternative="greater")
    with pytest.raises(ValueError, match="^margin must be a finite number"):
        rocstats.auc_test(Y, A, margin="0.1", alternative="greater")
    with pytest.raises(ValueError, match="^equivalence must be a pair"):
        rocstats.auc_test(Y, A, equivalence=0.1)
    with pytest.raises(ValueError, match="^alternative must be one of"):
        rocstats.delong(Y, A).conf_int(alternative="larger")


def test_time_roc_one_sided_interval():
    from rocstats.survival import time_roc

    rng = np.random.default_rng(4)
    x = rng.normal(size=150)
    t = rng.exponential(1 / (0.1 * np.exp(0.8 * x)))
    c = rng.exponential(1 / 0.03, size=150)
    res = time_roc(np.minimum(t, c), (t <= c).astype(int), x, [3.0, 6.0], curves=False)
    g = res.conf_int(0.9, alternative="greater")
    np.testing.assert_allclose(g.lower, np.clip(res.auc - stats.norm.ppf(0.9) * res.se, 0, 1),
                               rtol=1e-13)
    assert np.all(g.upper == 1.0)
