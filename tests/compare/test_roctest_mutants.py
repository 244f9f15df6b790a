"""rocstats.compare._roctest on paths the other tests leave open: auc_test's forwarding of
its options (DeLong and bootstrap, and the margin / equivalence re-call), its defaults
and titles, the bootstrap roc_test's result fields and warning texts, and the corner
cases of pROC's D (no usable replicate, a zero bootstrap SD).

Expected values come from the documented equivalences: auc_test(method="delong") is
z = (A - null) / SE with A and SE of `rocstats.delong` (same options); the bootstrap
auc_test's replicates are those of `rocstats.ci_auc` with the same options and its SE
their standard deviation (ddof 1); a margin test is (estimate - boundary) / se of the
plain test (rocstats._margin); defaults from the signature documentation (pROC's
boot.n = 2000, correct = FALSE)."""
import math
import warnings

import numpy as np
import pytest

import rocstats

pytestmark = pytest.mark.filterwarnings("ignore::rocstats.ReversedDirectionWarning")
from rocstats import UndefinedAUCWarning

RNG = np.random.default_rng(20261128)
Y = np.r_[np.ones(14, int), np.zeros(16, int)]
A = np.round(RNG.normal(size=30) + 0.9 * Y, 3)
B = np.round(RNG.normal(size=30) + 0.4 * Y, 3)
PART = (0.7, 1.0)


def _phi(x):
    return 0.5 * math.erfc(-x / math.sqrt(2.0))


# ----------------------------------------------------------------- auc_test, DeLong
@pytest.mark.parametrize("kw", [dict(), dict(partial=PART),
                                dict(partial=PART, focus="sensitivity"),
                                dict(partial=PART, correct=True)])
def test_auc_test_delong_is_the_wald_test_of_rocstats_delong(kw):
    t = rocstats.auc_test(Y, A, null=0.6, alternative="greater", **kw)
    d = rocstats.delong(Y, A, **kw)
    assert t.estimate == pytest.approx(d.auc, rel=1e-12)
    assert t.se == pytest.approx(d.se, rel=1e-12)
    z = (d.auc - 0.6) / d.se
    assert t.statistic == pytest.approx(z, rel=1e-9)
    assert t.pvalue == pytest.approx(1 - _phi(z), rel=1e-9)
    assert t.alternative == "greater"
    what = "AUC" if not kw else "partial AUC"
    assert t.method == "DeLong test of one %s against 0.6" % what
    assert t.n_boot is None and t.replicates is None
    assert t.pos_label == 1


def test_auc_test_partial_default_is_uncorrected():
    # correct=False by default (pROC's partial.auc.correct = FALSE)
    t = rocstats.auc_test(Y, A, partial=PART)
    assert t.estimate == pytest.approx(rocstats.auc(Y, A, partial=PART, correct=False),
                                       rel=1e-12)
    assert t.estimate != pytest.approx(rocstats.auc(Y, A, partial=PART, correct=True))


def test_auc_test_null_is_checked_to_lie_in_the_unit_interval():
    for bad in (-0.1, 1.1):
        with pytest.raises(ValueError, match="null"):
            rocstats.auc_test(Y, A, null=bad)
    with pytest.raises(ValueError, match="specificity"):
        rocstats.roc_test(Y, A, B, method="specificity", specificity=-0.2)
    # the ends are valid
    assert rocstats.auc_test(Y, A, null=0.0).statistic > 0


# ----------------------------------------------------------------- auc_test, bootstrap
BOOT = dict(method="bootstrap", n_boot=40, random_state=5)


@pytest.mark.parametrize("kw", [dict(), dict(stratified=False),
                                dict(partial=PART, focus="sensitivity", correct=True),
                                dict(partial=PART)])
def test_auc_test_bootstrap_uses_the_replicates_of_ci_auc(kw):
    t = rocstats.auc_test(Y, A, null=0.55, alternative="less", **BOOT, **kw)
    ci = rocstats.ci_auc(Y, A, **BOOT, **kw)
    reps = np.asarray(ci.replicates, float)
    assert t.n_boot == 40
    np.testing.assert_array_equal(t.replicates, reps)
    assert t.estimate == ci.estimate
    assert t.se == pytest.approx(np.std(reps, ddof=1), rel=1e-12)
    z = (ci.estimate - 0.55) / t.se
    assert t.statistic == pytest.approx(z, rel=1e-9)
    assert t.pvalue == pytest.approx(_phi(z), rel=1e-9)
    assert t.alternative == "less"
    what = "AUC" if "partial" not in kw else "partial AUC"
    assert t.method == "Bootstrap test of one %s against 0.55" % what
    assert t.pos_label == 1


def test_auc_test_bootstrap_pos_label_and_direction_are_passed_on():
    # label 0 as the positive class with direction ">" is the same curve as label 1, "<"
    t = rocstats.auc_test(Y, A, pos_label=0, direction=">", **BOOT)
    ref = rocstats.ci_auc(1 - Y, -A, **BOOT)
    assert t.pos_label == 0
    assert t.estimate == pytest.approx(ref.estimate, rel=1e-12)
    np.testing.assert_allclose(t.replicates, ref.replicates, rtol=1e-12)
    # pos_label alone: the complement curve
    u = rocstats.auc_test(Y, A, pos_label=0, **BOOT)
    assert u.pos_label == 0
    assert u.estimate == pytest.approx(1 - rocstats.auc(Y, A), rel=1e-12)


def test_auc_test_bootstrap_default_n_boot_is_2000():
    y, s = [1, 1, 0, 0, 1, 0], [0.9, 0.4, 0.5, 0.1, 0.7, 0.3]
    t = rocstats.auc_test(y, s, method="bootstrap", random_state=1)
    assert t.n_boot == 2000 and t.replicates.size == 2000


def test_auc_test_bootstrap_one_or_two_replicates():
    y, s = [1, 1, 0, 0, 1, 0], [0.9, 0.4, 0.5, 0.1, 0.7, 0.3]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        one = rocstats.auc_test(y, s, method="bootstrap", n_boot=1, random_state=1)
    assert math.isnan(one.se) and math.isnan(one.statistic) and math.isnan(one.pvalue)
    two = rocstats.auc_test(Y, A, method="bootstrap", n_boot=2, random_state=3)
    assert two.replicates[0] != two.replicates[1]
    assert two.se == pytest.approx(abs(two.replicates[0] - two.replicates[1]) / math.sqrt(2),
                                   rel=1e-12)


def test_auc_test_bootstrap_checks_n_jobs():
    with pytest.raises((ValueError, TypeError), match="n_jobs"):
        rocstats.auc_test(Y, A, n_jobs="many", **BOOT)
    with pytest.raises((ValueError, TypeError), match="n_jobs"):
        rocstats.auc_test(Y, A, n_jobs="many", margin=0.1, alternative="greater", **BOOT)


# ----------------------------------------------------------------- auc_test, margin
@pytest.mark.parametrize("kw", [
    dict(method="bootstrap", n_boot=30, random_state=7, stratified=False),
    dict(method="bootstrap", n_boot=30, random_state=8, partial=PART, focus="sensitivity",
         correct=True),
    dict(method="bootstrap", n_boot=30, random_state=9, pos_label=0, direction=">"),
    dict(partial=PART, focus="sensitivity", correct=True),
    dict(method="bootstrap", n_boot=30, random_state=9, pos_label=0),
])
def test_auc_test_margin_is_the_plain_test_shifted(kw):
    null, margin = 0.6, 0.05
    t = rocstats.auc_test(Y, A, null=null, margin=margin, alternative="greater", **kw)
    plain = rocstats.auc_test(Y, A, null=null, **kw)
    b = null - margin
    assert t.estimate == pytest.approx(plain.estimate, rel=1e-12)
    assert t.se == pytest.approx(plain.se, rel=1e-12)
    assert t.statistic == pytest.approx((plain.estimate - b) / plain.se, rel=1e-9)
    assert t.pvalue == pytest.approx(1 - _phi((plain.estimate - b) / plain.se), rel=1e-9)
    assert t.pos_label == plain.pos_label
    assert t.hypothesis.startswith("H0: AUC <= 0.55")
    assert t.method == plain.method and t.method.endswith(" of one %s against 0.6" % (
        "partial AUC" if "partial" in kw else "AUC"))
    if kw.get("method") == "bootstrap":
        assert t.n_boot == 30
        np.testing.assert_array_equal(t.replicates, plain.replicates)


def test_auc_test_equivalence_names_the_auc():
    t = rocstats.auc_test(Y, A, equivalence=(0.5, 0.9))
    assert "AUC" in t.hypothesis and "AUC_a" not in t.hypothesis


# ----------------------------------------------------------------- bootstrap roc_test
def test_bootstrap_roc_test_result_fields():
    for fun, args in ((rocstats.roc_test, (Y, A, B)),
                      (rocstats.roc_test_unpaired, (Y, A, Y, B))):
        t = fun(*args, method="bootstrap", n_boot=25, random_state=2, alternative="less",
                pos_label=1)
        assert t.alternative == "less" and t.n_boot == 25 and t.pos_label == 1
        assert t.method in ("Bootstrap test for two correlated ROC curves",
                            "Bootstrap test for two ROC curves")
        assert t.replicates.size == 25
        assert t.statistic == pytest.approx(t.estimate / np.std(t.replicates, ddof=1))
        assert t.pvalue == pytest.approx(_phi(t.statistic), rel=1e-9)


def test_bootstrap_roc_test_partial_focus_is_used_for_the_estimates():
    t = rocstats.roc_test(Y, A, B, method="bootstrap", n_boot=20, random_state=1,
                          partial=PART, focus="sensitivity")
    ea = rocstats.auc(Y, A, partial=PART, focus="sensitivity")
    eb = rocstats.auc(Y, B, partial=PART, focus="sensitivity")
    assert t.aucs == pytest.approx((ea, eb), rel=1e-12)


YS = [1, 1, 0, 0, 0]
AS = [0.9, 0.3, 0.5, 0.1, 0.2]
BS = [0.8, 0.6, 0.7, 0.4, 0.1]


@pytest.mark.parametrize("kw, what", [
    (dict(), "undefined AUC"),
    (dict(partial=(0.8, 1.0)), "undefined partial AUC"),
    (dict(method="specificity", specificity=0.5), "undefined sensitivity at specificity 0.5"),
    (dict(method="sensitivity", sensitivity=0.5), "undefined specificity at sensitivity 0.5"),
])
def test_non_stratified_bootstrap_warns_with_the_statistic_named(kw, what):
    kw = dict(dict(method="bootstrap"), **kw)
    with pytest.warns(UndefinedAUCWarning, match=r"replicates gave an %s \(" % what):
        t = rocstats.roc_test(YS, AS, BS, n_boot=60, stratified=False, random_state=4,
                              **kw)
    # the undefined replicates are dropped, the others kept
    assert 0 < t.replicates.size < 60
    assert not np.isnan(t.replicates).any()
    assert t.se == pytest.approx(np.std(t.replicates, ddof=1), rel=1e-12)
    assert not math.isnan(t.statistic)


def _all_undefined_seed(a, b):
    for seed in range(200):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UndefinedAUCWarning)
            t = rocstats.roc_test([1, 0], a, b, method="bootstrap", n_boot=3,
                                  stratified=False, random_state=seed)
        if t.replicates.size == 0:
            return t
    raise AssertionError("no seed leaves every replicate undefined")


def test_no_usable_replicate_gives_an_undefined_statistic():
    # both AUCs 1 (equal) and every replicate undefined: D is NaN, not 0
    t = _all_undefined_seed([1.0, 0.0], [2.0, 0.0])
    assert t.estimate == 0 and math.isnan(t.statistic)
    # different AUCs (1 and 0)
    t = _all_undefined_seed([1.0, 0.0], [0.0, 1.0])
    assert t.estimate == 1 and math.isnan(t.statistic)


def test_single_replicate_with_equal_aucs_is_undefined():
    # equal AUCs, one replicate whose difference is not 0: sd undefined, D NaN
    y = [1, 1, 0, 0]
    a, b = [4, 1, 3, 2], [3, 2, 4, 1]          # both AUC 1/2
    assert rocstats.auc(y, a) == rocstats.auc(y, b)
    for seed in range(100):
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            t = rocstats.roc_test(y, a, b, method="bootstrap", n_boot=1, random_state=seed)
        assert math.isnan(t.se) and math.isnan(t.statistic)
        if t.replicates[0] != 0:
            return
    raise AssertionError("no replicate with a non-zero difference")


def test_two_replicates_give_a_standard_deviation():
    t = rocstats.roc_test(Y, A, B, method="bootstrap", n_boot=2, random_state=0)
    assert t.se == pytest.approx(np.std(t.replicates, ddof=1), rel=1e-12)
    assert t.statistic == pytest.approx(t.estimate / t.se, rel=1e-12)


def test_zero_bootstrap_sd_divides_without_numpy_warnings():
    y = [1, 1, 1, 0, 0, 0]
    perfect, flat = [6, 5, 4, 3, 2, 1], [1, 1, 1, 1, 1, 1]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        t = rocstats.roc_test(y, perfect, flat, method="bootstrap", n_boot=20,
                              random_state=0)
        same = rocstats.roc_test(y, perfect, perfect, method="bootstrap", n_boot=20,
                                 random_state=0)
    assert t.se == 0 and t.statistic == math.inf and t.estimate == 0.5
    assert same.statistic == 0.0


def test_venkatraman_unpaired_stat_default_share_is_the_pooled_share_of_cases():
    # mp defaults to (m_a + m_b) / (N_a + N_b) (Venkatraman's choice, docstring)
    from rocstats.compare._roctest import venkatraman_unpaired_stat

    pa = np.array([1, 1, 1, 0, 0, 0, 0], bool)              # 3 cases of 7
    pb = np.array([1, 0, 0, 0, 0], bool)                    # 1 case of 5
    ra = np.array([7, 3, 5, 6, 1, 2, 4])
    rb = np.array([2, 5, 1, 4, 3])
    pooled = venkatraman_unpaired_stat(pa, ra, pb, rb, mp=4 / 12)
    assert venkatraman_unpaired_stat(pa, ra, pb, rb) == pytest.approx(pooled, rel=1e-12)
    # the share matters (pROC's 2 N_a divisor gives another value)
    assert venkatraman_unpaired_stat(pa, ra, pb, rb, mp=4 / 14) != pytest.approx(pooled)


def test_bootstrap_roc_test_corrected_partial_below_the_diagonal_is_nan():
    # McClish's correction is undefined below the diagonal: NaN (rocstats.auc documents
    # it), so the compared value is NaN and so is D; no error
    y, a, b = [1, 1, 0, 0, 0], [0.9, 0.3, 0.5, 0.1, 0.2], [0.1, 0.2, 0.7, 0.8, 0.9]
    t = rocstats.roc_test(y, a, b, method="bootstrap", n_boot=20, random_state=1,
                          partial=(0.8, 1.0), correct=True)
    with pytest.warns(UndefinedAUCWarning):
        assert math.isnan(rocstats.auc(y, b, partial=(0.8, 1.0), correct=True))
    assert t.aucs[0] == pytest.approx(rocstats.auc(y, a, partial=(0.8, 1.0), correct=True),
                                      rel=1e-12)
    assert math.isnan(t.aucs[1]) and math.isnan(t.statistic)


# ----------------------------------------------------------------- Venkatraman, large N
# Both scores separate the classes perfectly: every permutation of pROC's schemes keeps
# each case's (jittered) rank above every control's, so every permuted statistic is 0
# (paired: C_a = C_b at every threshold; unpaired, same class sizes: both error curves
# are the perfect one).  At these sizes the integer sort keys (paired 3 N + 1, unpaired
# 2 V - 1) no longer fit 16 bits.
def test_venkatraman_paired_perfect_scores_at_n_10923():
    n = 10923
    y = np.r_[np.ones(n // 2, int), np.zeros(n - n // 2, int)]
    a = np.arange(n, 0, -1, dtype=float)
    # b orders the cases the other way round (the top case of a is b's lowest case)
    b = np.r_[np.arange(1, n // 2 + 1), -np.arange(1, n - n // 2 + 1)].astype(float)
    t = rocstats.roc_test(y, a, b, method="venkatraman", n_boot=4, random_state=1)
    assert t.statistic == 0
    np.testing.assert_array_equal(t.replicates, np.zeros(4))
    assert t.pvalue == 1


def test_venkatraman_unpaired_perfect_scores_at_n_16384():
    # sample a: 8192 cases over 8192 controls; sample b: 1 case over 8192 controls, so
    # every case's rank (8193 and above) is above every control's in both samples
    n = 8192
    ya = np.r_[np.ones(n, int), np.zeros(n, int)]
    a = np.arange(2 * n, 0, -1, dtype=float)
    yb = np.r_[1, np.zeros(n, int)]
    b = np.r_[10.0, -np.arange(1, n + 1)]
    t = rocstats.roc_test_unpaired(ya, a, yb, b, method="venkatraman", n_boot=2,
                                   random_state=1)
    assert t.statistic == pytest.approx(0, abs=1e-12)
    np.testing.assert_allclose(t.replicates, [0.0, 0.0], atol=1e-12)
