"""Tests added from mutation testing of the metrics core (issue 9; `make mutation`).

Each test pins a behaviour that a surviving mutant changed without any test noticing:
one-sided p-values, result objects' fields and summaries, the rescale bounds of the
sAUC, the joint test's degenerate branch and contrasts, the grid of the sROC curve, the
label reader's corners, and the NumPy kernel twins' edge cases.  Every expected value is
computed independently: by hand from the definitions (written out in the comments), from
the paper's examples (seed 004), or with the plain O(m n) definitions in
tests/definitions.py, never with the code under test.
"""
import math
import warnings
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest
from scipy import stats

import rocstats
from rocstats import UndefinedAUCWarning
from definitions import auc_def, delong_cov_def, weighted_auc_def
from definitions import sauc_definition

Z975 = stats.norm.ppf(0.975)

# the delong docstring case: positives (0.9, 0.7), negatives (0.8, 0.1); score b puts
# the negative 0.8 at 0.6, below both positives
Y4 = [1, 1, 0, 0]
A4 = [0.9, 0.7, 0.8, 0.1]
B4 = [0.9, 0.7, 0.6, 0.1]
# Model M1 of the paper (seed 004, Example 1) and a copy lowering its top positive to 0.8
Y6 = [1, 1, 1, 0, 0, 0]
M1 = [1.0, 0.7, 0.6, 0.5, 0.4, 0.0]
M1_LOW = [0.8, 0.7, 0.6, 0.5, 0.4, 0.0]


def _rows(title, rows):
    """The plain-text table a Summary prints: title, rule, padded rows, rule."""
    width = max([len(k) for k, _ in rows] + [8])
    rule = "=" * max(len(title), width + 24)
    return [title, rule] + ["%-*s  %s" % (width, k, v) for k, v in rows] + [rule]


def _g(x):
    return "%.6g" % x


# --------------------------------------------------------------------------- one-sided tests
def _paired_z(y, a, b):
    """DeLong's z for AUC_a - AUC_b from the O(m n) definition."""
    y = np.asarray(y)
    S = np.column_stack([a, b]).astype(float)
    theta, cov = delong_cov_def(S[y == 1], S[y == 0])
    d = theta[0] - theta[1]
    return d, d / np.sqrt(cov[0, 0] + cov[1, 1] - 2 * cov[0, 1])


def test_delong_test_one_sided_pvalues_by_definition():
    # AUC_a = 3/4 < AUC_b = 1: z = -0.25 / sqrt(1/8) = -1/sqrt(2); H1 "greater" (a > b)
    # is implausible (p > 1/2), "less" is the likely side (p < 1/2)
    d, z = _paired_z(Y4, A4, B4)
    assert d == -0.25 and z == pytest.approx(-1 / math.sqrt(2), rel=1e-14)
    g = rocstats.roc_test(Y4, A4, B4, alternative="greater")
    l_ = rocstats.roc_test(Y4, A4, B4, alternative="less")
    t = rocstats.roc_test(Y4, A4, B4)
    assert g.pvalue == pytest.approx(stats.norm.sf(z), rel=1e-12) and g.pvalue > 0.5
    assert l_.pvalue == pytest.approx(stats.norm.cdf(z), rel=1e-12) and l_.pvalue < 0.5
    assert t.pvalue == pytest.approx(2 * stats.norm.sf(abs(z)), rel=1e-12)
    assert (g.alternative, l_.alternative, t.alternative) == ("greater", "less", "two-sided")
    assert t.aucs == (0.75, 1.0) and t.se == pytest.approx(math.sqrt(0.125), rel=1e-14)
    assert t.method == "DeLong's test for two correlated ROC curves"
    assert t.distribution == "normal" and t.df is None


def test_delong_test_unpaired_one_sided_pvalues_by_definition():
    ya, sa = [1, 1, 1, 0, 0, 0], [0.9, 0.8, 0.3, 0.7, 0.2, 0.1]
    yb, sb = [1, 1, 0, 0, 0], [0.9, 0.2, 0.5, 0.6, 0.1]
    ta, va = delong_cov_def(np.array(sa)[np.array(ya) == 1], np.array(sa)[np.array(ya) == 0])
    tb, vb = delong_cov_def(np.array(sb)[np.array(yb) == 1], np.array(sb)[np.array(yb) == 0])
    va, vb = va[0, 0], vb[0, 0]
    D = (ta[0] - tb[0]) / np.sqrt(va + vb)
    df = (va + vb) ** 2 / (va ** 2 / 5 + vb ** 2 / 4)
    assert D > 0.3                                   # AUC_a = 8/9 > AUC_b = 2/3
    g = rocstats.roc_test_unpaired(ya, sa, yb, sb, alternative="greater")
    l_ = rocstats.roc_test_unpaired(ya, sa, yb, sb, alternative="less")
    assert g.pvalue == pytest.approx(stats.t.sf(D, df), rel=1e-10) and g.pvalue < 0.5
    assert l_.pvalue == pytest.approx(stats.t.cdf(D, df), rel=1e-10) and l_.pvalue > 0.5
    assert g.df == pytest.approx(df, rel=1e-12) and g.distribution == "t"
    assert g.aucs == pytest.approx((8 / 9, 2 / 3), rel=1e-15)
    assert g.se == pytest.approx(np.sqrt(va + vb), rel=1e-12)
    assert g.method == "DeLong's test for two independent ROC curves"
    lo, hi = g.conf_int(0.9)
    q = stats.t.ppf(0.95, df)
    assert lo == pytest.approx(ta[0] - tb[0] - q * np.sqrt(va + vb), rel=1e-10)
    assert hi == pytest.approx(ta[0] - tb[0] + q * np.sqrt(va + vb), rel=1e-10)
    assert g.conf_int(0.9).method == "t"


def test_delong_test_unpaired_both_variances_zero_gives_nan_pvalue():
    # two perfect curves: variances 0, D = 0/0, df = 0/0: p NaN, as pROC
    t = rocstats.roc_test_unpaired([1, 1, 0, 0], [4, 3, 2, 1], [1, 1, 0, 0], [5, 4, 1, 0])
    assert t.estimate == 0.0 and t.se == 0.0
    assert np.isnan(t.pvalue) and np.isnan(t.df) and np.isnan(t.statistic)


def test_sauc_test_one_sided_pvalues_from_the_paper_example():
    # M1 against M1 with its top positive lowered from 1.0 to 0.8 (seed 004 Example 1):
    # sAUC 4.2/9 and 3.6/9, D = (0.2, 0, 0) / 3 per positive ... so the DeLong form gives
    # z = 1 exactly and Theorem 6 z = sqrt(3/2) (worked out in rocstats.sauc_test's
    # docstring); sAUC_a > sAUC_b, so "greater" has the small p-value
    for variance, z in (("delong", 1.0), ("paper", math.sqrt(1.5))):
        g = rocstats.sauc_test(Y6, M1, M1_LOW, alternative="greater", variance=variance)
        l_ = rocstats.sauc_test(Y6, M1, M1_LOW, alternative="less", variance=variance)
        t = rocstats.sauc_test(Y6, M1, M1_LOW, variance=variance)
        assert t.statistic == pytest.approx(z, rel=1e-12)
        assert g.pvalue == pytest.approx(stats.norm.sf(z), rel=1e-12) and g.pvalue < 0.5
        assert l_.pvalue == pytest.approx(stats.norm.cdf(z), rel=1e-12) and l_.pvalue > 0.5
        assert t.pvalue == pytest.approx(2 * stats.norm.sf(z), rel=1e-12)
        assert t.estimate == pytest.approx(0.6 / 9, rel=1e-12)
        assert t.aucs == pytest.approx((4.2 / 9, 3.6 / 9), rel=1e-12)
        assert t.se == pytest.approx(0.6 / 9 / z, rel=1e-12)
    assert t.method == ("Paired z test of two scored AUCs (structural components, "
                        "Theorem 6 variance)")
    d = rocstats.sauc_test(Y6, M1, M1_LOW, variance="delong")
    assert d.method == ("Paired z test of two scored AUCs (structural components, "
                        "DeLong-form variance)")
    # reversed: the sign of z flips; se 0 with d < 0 gives z = -inf
    r = rocstats.sauc_test(Y6, M1_LOW, M1, variance="delong")
    assert r.statistic == pytest.approx(-1.0, rel=1e-12)
    t2 = rocstats.sauc_test([1, 1, 0, 0], [0.9, 0.9, 0.0, 0.0], [1.0, 1.0, 0.0, 0.0])
    assert t2.statistic == -np.inf and t2.pvalue == 0.0


def test_sauc_test_with_too_few_cases_has_estimate_but_no_pvalue():
    # one positive: the sAUCs exist (0.9 - 0.2 = 0.7 averaged with 0.9 - 0.4 = 0.5 -> 0.6,
    # and 0.5, 0.3 -> 0.4), the variance does not
    with pytest.warns(UndefinedAUCWarning, match="at least 2 positives"):
        t = rocstats.sauc_test([1, 0, 0], [0.9, 0.2, 0.4], [0.7, 0.2, 0.4])
    assert t.estimate == pytest.approx(0.2, rel=1e-12)
    assert t.aucs == pytest.approx((0.6, 0.4), rel=1e-12)
    assert np.isnan(t.statistic) and np.isnan(t.pvalue)
    with pytest.warns(UndefinedAUCWarning):
        t = rocstats.sauc_test([1, 1, 1], [0.9, 0.2, 0.4], [0.7, 0.2, 0.4])
    assert np.isnan(t.estimate) and np.isnan(t.pvalue)


# --------------------------------------------------------------------------- joint test
def test_joint_test_rank_zero_branch():
    # every AUC 0 or 1: all placement values are 0 or 1 and constant within a class,
    # so the DeLong covariance is 0 and L S L' has rank 0
    y = [1, 1, 0, 0]
    same = np.array([[0.9, 0.8], [0.7, 0.6], [0.2, 0.3], [0.1, 0.1]])    # AUCs (1, 1)
    t = rocstats.delong_joint_test(y, same)
    assert (t.statistic, t.pvalue, t.df) == (0.0, 1.0, 0.0)
    np.testing.assert_array_equal(t.estimate, [0.0])
    assert t.aucs == (1.0, 1.0)
    opposite = np.array([[0.9, 0.1], [0.7, 0.2], [0.2, 0.8], [0.1, 0.9]])  # AUCs (1, 0)
    t = rocstats.delong_joint_test(y, opposite)
    assert (t.statistic, t.pvalue, t.df) == (np.inf, 0.0, 0.0)
    np.testing.assert_array_equal(t.estimate, [1.0])
    assert t.method == "DeLong's joint chi-square test of 2 correlated AUCs"
    assert t.distribution == "chi2" and t.alternative == "two-sided"


def test_joint_test_with_a_k_minus_1_by_k_contrast_and_a_vector():
    rng = np.random.default_rng(21)
    y = (rng.random(60) < 0.5).astype(int)
    S = rng.normal(size=(60, 3)) + np.array([0.3, 0.8, 1.2]) * y[:, None]
    theta, cov = delong_cov_def(S[y == 1], S[y == 0])
    L = np.array([[1.0, 0.0, -1.0], [0.0, 1.0, -1.0]])     # (k-1) x k, each against the last
    est = L @ theta
    chi2 = est @ np.linalg.inv(L @ cov @ L.T) @ est
    t = rocstats.delong_joint_test(y, S, contrast=L)
    assert t.df == 2.0
    assert t.statistic == pytest.approx(chi2, rel=1e-9)
    assert t.pvalue == pytest.approx(stats.chi2.sf(chi2, 2), rel=1e-8)
    np.testing.assert_allclose(t.estimate, est, rtol=1e-13)
    # one contrast given as a 1-D vector: the square of a paired z
    v = rocstats.delong_joint_test(y, S, contrast=[0, 1, -1])
    d = theta[1] - theta[2]
    z2 = d ** 2 / (cov[1, 1] + cov[2, 2] - 2 * cov[1, 2])
    assert v.df == 1.0 and v.statistic == pytest.approx(z2, rel=1e-9)
    with pytest.raises(ValueError, match="contrast"):
        rocstats.delong_joint_test(y, S, contrast=np.ones((3, 2)))


def test_joint_test_one_class_is_nan_with_one_entry_per_contrast_row():
    with pytest.warns(UndefinedAUCWarning):
        t = rocstats.delong_joint_test([1, 1, 1], [[1, 2, 3], [2, 3, 4], [3, 4, 5]])
    assert np.isnan(t.statistic) and np.isnan(t.pvalue) and np.isnan(t.df)
    assert t.estimate.shape == (2,) and np.isnan(t.estimate).all()


# --------------------------------------------------------------------------- DeLong results
def test_multi_score_delong_conf_int_is_per_column():
    y = np.array([1, 1, 1, 0, 0, 0])
    S = np.array([[0.9, 0.8], [0.7, 0.6], [0.5, 0.9], [0.8, 0.1], [0.1, 0.3], [0.4, 0.7]])
    theta, cov = delong_cov_def(S[y == 1], S[y == 0])
    r = rocstats.delong(y, S)
    np.testing.assert_allclose(r.variance, np.diag(cov), rtol=1e-12)
    se = np.sqrt(np.diag(cov))
    ci = r.conf_int(0.95)
    np.testing.assert_allclose(ci.lower, np.clip(theta - Z975 * se, 0, 1), rtol=1e-12)
    np.testing.assert_allclose(ci.upper, np.clip(theta + Z975 * se, 0, 1), rtol=1e-12)
    lg = r.conf_int(0.9, method="logit")
    z = stats.norm.ppf(0.95)
    half = z * se / (theta * (1 - theta))
    logit = np.log(theta / (1 - theta))
    np.testing.assert_allclose(lg.lower, 1 / (1 + np.exp(-(logit - half))), rtol=1e-12)
    np.testing.assert_allclose(lg.upper, 1 / (1 + np.exp(-(logit + half))), rtol=1e-12)
    assert (ci.level, ci.method, lg.level, lg.method) == (0.95, "wald", 0.9, "logit")
    assert isinstance(ci.lower, np.ndarray) and ci.lower.shape == (2,)
    assert r.covariance.shape == (2, 2) and r.se == pytest.approx(se, rel=1e-12)


def test_delong_small_class_and_one_class():
    # one negative: AUC exists (2 of 2 positives above it... 0.5 below 0.7: AUC 1/2),
    # the variance does not (needs 2 of each)
    with pytest.warns(UndefinedAUCWarning, match="at least 2"):
        r = rocstats.delong([1, 1, 0], [0.9, 0.3, 0.5])
    assert r.auc == 0.5 and np.isnan(r.variance) and (r.n_pos, r.n_neg) == (2, 1)
    with pytest.warns(UndefinedAUCWarning, match="at least 2"):
        r = rocstats.delong([1, 1, 0], [[0.9, 0.1], [0.3, 0.2], [0.5, 0.4]])
    np.testing.assert_array_equal(r.auc, [0.5, 0.0])
    assert np.isnan(r.covariance).all() and r.covariance.shape == (2, 2)
    with pytest.warns(UndefinedAUCWarning):
        r = rocstats.delong([0, 0], [[0.9, 0.1], [0.3, 0.2]])
    assert np.isnan(r.auc).all() and r.auc.shape == (2,) and np.isnan(r.variance).all()
    assert r.covariance.shape == (2, 2) and np.isnan(r.covariance).all()
    assert (r.n_pos, r.n_neg) == (0, 2)


def test_delong_records_direction_and_pos_label():
    r = rocstats.delong(["a", "b", "a", "b"], [0.1, 0.9, 0.8, 0.2], pos_label="a",
                        direction=">")
    # "a" positive with low scores better: positives (0.1, 0.8), negatives (0.9, 0.2):
    # pairs with the positive lower: (0.1, 0.9), (0.1, 0.2), (0.8, 0.9) -> AUC 3/4
    assert r.auc == 0.75 and r.direction == ">" and r.pos_label == "a"


# --------------------------------------------------------------------------- ROC curve
def test_roc_curve_sensitivity_specificity_and_counts():
    # scores 0.1 (neg), 0.4 (neg and pos tied), 0.8 (pos): points (fpr, tpr) =
    # (0, 0), (0, 1/2), (1/2, 1), (1, 1)
    r = rocstats.roc_curve([0, 0, 1, 1], [0.1, 0.4, 0.4, 0.8])
    np.testing.assert_array_equal(r.specificity, [1.0, 1.0, 0.5, 0.0])
    np.testing.assert_array_equal(r.sensitivity, [0.0, 0.5, 1.0, 1.0])
    np.testing.assert_array_equal(r.thresholds, [np.inf, 0.8, 0.4, 0.1])
    assert (r.n_pos, r.n_neg, r.direction, r.pos_label) == (2.0, 2.0, "<", 1)
    assert r.auc == auc_def([0.4, 0.8], [0.1, 0.4]) == 0.875
    # direction ">": lower scores positive; thresholds in the original units, -inf first
    d = rocstats.roc_curve([1, 1, 0, 0], [0.1, 0.4, 0.4, 0.8], direction=">")
    np.testing.assert_array_equal(d.thresholds, [-np.inf, 0.1, 0.4, 0.8])
    np.testing.assert_array_equal(d.tpr, [0.0, 0.5, 1.0, 1.0])
    assert d.auc == 0.875 and d.direction == ">"


def test_weighted_roc_curve_totals_and_zero_weights():
    # positives 0.9 (w 2), 0.3 (w 1/2); negatives 0.5 (w 1), 0.1 (w 3): totals 5/2 and 4;
    # weighted AUC = (2*1 + 2*3 + 0.5*0 + 0.5*3) / (5/2 * 4) = 9.5 / 10
    y, s, w = [1, 1, 0, 0], [0.9, 0.3, 0.5, 0.1], [2.0, 0.5, 1.0, 3.0]
    r = rocstats.roc_curve(y, s, sample_weight=w)
    expected = weighted_auc_def([0.9, 0.3], [0.5, 0.1], [2, Fraction(1, 2)], [1, 3])
    assert expected == Fraction(19, 20)
    assert r.auc == pytest.approx(float(expected), rel=1e-15)
    assert (r.n_pos, r.n_neg) == (2.5, 4.0)
    np.testing.assert_allclose(r.tpr, [0, 0.8, 0.8, 1.0, 1.0], rtol=1e-15)
    np.testing.assert_allclose(r.fpr, [0, 0, 0.25, 0.25, 1.0], rtol=1e-15)
    # all weights zero: no positive or negative weight, NaN curve with a warning
    with pytest.warns(UndefinedAUCWarning):
        z = rocstats.roc_curve(y, s, sample_weight=[0, 0, 0, 0])
    assert np.isnan(z.auc) and np.isnan(z.tpr).all() and (z.n_pos, z.n_neg) == (0.0, 0.0)
    with pytest.raises(ValueError, match="sample_weight"):
        rocstats.roc_curve(y, s, sample_weight=[1, 1, 1])


def test_roc_curve_one_class_keeps_thresholds_and_counts():
    with pytest.warns(UndefinedAUCWarning):
        r = rocstats.roc_curve([1, 1, 1], [0.2, 0.5, 0.5])
    np.testing.assert_array_equal(r.thresholds, [np.inf, 0.5, 0.2])
    assert np.isnan(r.fpr).all() and np.isnan(r.tpr).all() and np.isnan(r.auc)
    assert (r.n_pos, r.n_neg, r.pos_label) == (3.0, 0.0, 1)
    with pytest.warns(UndefinedAUCWarning):
        r = rocstats.roc_curve([0, 0], [0.2, 0.5], direction=">")
    np.testing.assert_array_equal(r.thresholds, [-np.inf, 0.2, 0.5])


# --------------------------------------------------------------------------- sROC curve
def _theta(pos, neg, tau):
    """Margin AUC by its definition, #{y_i - x_j > tau} / (m n) (differences in float64)."""
    return sum(1 for y in pos for x in neg if y - x > tau) / (len(pos) * len(neg))


def test_sroc_curve_on_a_grid_array_and_its_auc():
    # M1: the nine differences are 0.5, 0.6, 1.0, 0.2, 0.3, 0.7, 0.1, 0.2, 0.6
    pos, neg = M1[:3], M1[3:]
    grid = np.array([0.0, 0.25, 0.5, 1.0])
    c = rocstats.sroc_curve(Y6, M1, grid=grid)
    np.testing.assert_array_equal(c.grid, grid)
    expected = [_theta(pos, neg, t) for t in grid]
    assert expected == [1.0, 6 / 9, 4 / 9, 0.0]
    np.testing.assert_allclose(c.grid_theta, expected, rtol=1e-15)
    assert c.auc == 1.0 and c.sauc == pytest.approx(7 / 15, rel=1e-14)
    assert (c.n_pos, c.n_neg, c.direction, c.rescale) == (3, 3, "<", "none")
    c2 = rocstats.sroc_curve([1, 1, 0, 1, 0, 0], [1.0, 0.9, 0.6, 0.5, 0.2, 0.0], grid=[0.3])
    assert c2.auc == pytest.approx(8 / 9, rel=1e-15) and c2.grid.tolist() == [0.3]
    c3 = rocstats.sroc_curve(Y6, M1, grid=2)
    assert c3.grid.tolist() == [0.0, 1.0] and c3.grid_theta.tolist() == [1.0, 0.0]
    for bad in (1, True, [[0.1, 0.2]], [], [0.5, 1.5]):
        with pytest.raises(ValueError):
            rocstats.sroc_curve(Y6, M1, grid=bad)
    for bad in (-1, 2.5, "10"):
        with pytest.raises(ValueError, match="max_breakpoints"):
            rocstats.sroc_curve(Y6, M1, max_breakpoints=bad)


def test_sroc_exact_steps_by_definition_and_the_breakpoint_limit():
    pos, neg = [1.0, 0.9, 0.5], [0.6, 0.2, 0.0]           # M2 of the paper
    y, s = [1, 1, 0, 1, 0, 0], [1.0, 0.9, 0.6, 0.5, 0.2, 0.0]
    diffs = sorted({p - q for p in pos for q in neg if p - q > 0})
    c = rocstats.sroc_curve(y, s, max_breakpoints=9)
    assert c.exact and c.breakpoints.tolist() == [0.0] + diffs
    assert c.values.tolist() == pytest.approx([_theta(pos, neg, b) for b in [0.0] + diffs])
    tau, theta = c.step_xy()
    assert tau.tolist() == [0.0] + diffs + [1.0]
    assert theta.tolist() == pytest.approx([_theta(pos, neg, b) for b in [0.0] + diffs] + [0.0])
    assert c.area() == pytest.approx(49 / 90, rel=1e-14)
    # m n = 9 > 8: the exact steps are not built; the area is the grid trapezoid
    g = rocstats.sroc_curve(y, s, max_breakpoints=8, grid=[0.0, 0.5, 1.0])
    assert not g.exact and g.breakpoints is None and g.values is None
    t = [_theta(pos, neg, v) for v in (0.0, 0.5, 1.0)]
    assert g.area() == pytest.approx(0.25 * (t[0] + t[1]) + 0.25 * (t[1] + t[2]), rel=1e-14)
    gx, gy = g.step_xy()
    assert gx.tolist() == [0.0, 0.5, 1.0] and gy.tolist() == pytest.approx(t)
    assert g.sauc == pytest.approx(49 / 90, rel=1e-14)


def test_sroc_one_class_is_nan():
    with pytest.warns(UndefinedAUCWarning):
        c = rocstats.sroc_curve([1, 1], [0.2, 0.4], grid=3)
    assert np.isnan(c.sauc) and np.isnan(c.auc) and np.isnan(c.grid_theta).all()
    assert c.grid.tolist() == [0.0, 0.5, 1.0] and not c.exact and (c.n_pos, c.n_neg) == (2, 0)


def test_margin_auc_scalar_vector_and_one_class():
    pos, neg = M1[:3], M1[3:]
    v = rocstats.margin_auc(Y6, M1, 0.25)
    assert isinstance(v, float) and v == _theta(pos, neg, 0.25)
    a = rocstats.margin_auc(Y6, M1, [0.0, 0.5, 0.65])
    assert a.tolist() == [_theta(pos, neg, t) for t in (0.0, 0.5, 0.65)]
    with pytest.warns(UndefinedAUCWarning):
        n = rocstats.margin_auc([0, 0], [0.1, 0.2], [0.1, 0.2])
    assert n.shape == (2,) and np.isnan(n).all()


# --------------------------------------------------------------------------- sAUC rescale
def test_sauc_rescale_minmax_by_hand():
    # raw scores 6, 4 (positives) and 3, 2 (negatives): min-max maps them to 1, 1/2 and
    # 1/4, 0; differences 3/4, 1, 1/4, 1/2 -> sAUC 5/8, R+ = (1 + 1 + 1/2 + 1/2)/4 = 3/4,
    # R- = (1/4 + 0 + 1/4 + 0)/4 = 1/8; M+ = 3/4, M- = 1/8
    r = rocstats.sauc([1, 1, 0, 0], [6, 4, 3, 2], rescale="minmax")
    assert (r.sauc, r.r_pos, r.r_neg, r.auc) == (0.625, 0.75, 0.125, 1.0)
    assert (r.mean_pos, r.mean_neg, r.mean_difference) == (0.75, 0.125, 0.625)
    assert r.rescale == "minmax [2, 6]"
    const = rocstats.sauc([1, 0, 1, 0], [3, 3, 3, 3], rescale="minmax")
    assert const.sauc == 0.0 and const.rescale == "minmax (all y_score equal: mapped to 0)"
    with pytest.raises(ValueError, match="too wide"):
        rocstats.sauc([1, 0], [1e308, -1e308], rescale="minmax")


def test_sauc_rescale_bounds_by_hand():
    # (lo, hi) = (0, 8): 6, 4, 3, 2 -> 3/4, 1/2, 3/8, 1/4; differences 3/8, 1/2, 1/8, 1/4
    # -> sAUC 5/16; R+ = (3/4 + 3/4 + 1/2 + 1/2)/4 = 5/8, R- = (3/8 + 1/4)*2/4 = 5/16
    r = rocstats.sauc([1, 1, 0, 0], [6, 4, 3, 2], rescale=(0, 8))
    assert (r.sauc, r.r_pos, r.r_neg) == (0.3125, 0.625, 0.3125)
    assert r.rescale == "linear from [0, 8]"
    # the bounds are inclusive: (2, 6) is min-max here
    assert rocstats.sauc([1, 1, 0, 0], [6, 4, 3, 2], rescale=(2, 6)).sauc == 0.625
    # scores outside the bounds, and bounds that are not finite lo < hi, are refused
    for bounds in ((3, 8), (2, 5), (2.5, 5.5), (5, 5), (6, 2), (0, np.inf), (-np.inf, 8),
                   (np.nan, 8), (-1e308, 1e308), ("a", "b"), (1, 2, 3), 7, "range"):
        with pytest.raises(ValueError, match="rescale"):
            rocstats.sauc([1, 1, 0, 0], [6, 4, 3, 2], rescale=bounds)


def test_sauc_rescale_logistic_and_direction():
    # logistic of log(3) and log(1/3) is 3/4 and 1/4: sAUC 1/2
    with pytest.warns(UndefinedAUCWarning):
        r = rocstats.sauc([1, 0], [math.log(3), -math.log(3)], rescale="logistic")
    assert r.sauc == pytest.approx(0.5, rel=1e-15) and r.rescale == "logistic"
    # direction ">" reflects after the rescale: 6, 4 | 3, 2 on (0, 8) -> 1 - s:
    # positives 1/4, 1/2; negatives 5/8, 3/4: positives never above -> sAUC 0
    d = rocstats.sauc([1, 1, 0, 0], [6, 4, 3, 2], rescale=(0, 8), direction=">")
    assert (d.sauc, d.auc, d.direction) == (0.0, 0.0, ">")
    assert d.mean_pos == pytest.approx(0.375) and d.mean_neg == pytest.approx(0.6875)
    with pytest.raises(ValueError, match=r"\[0, 1\]"):
        rocstats.sauc([1, 0], [1.5, 0.2])
    with pytest.raises(ValueError, match=r"\[0, 1\]"):
        rocstats.sauc([1, 0], [0.5, -0.2])
    assert rocstats.sauc([1, 1, 0, 0], [1.0, 1.0, 0.0, 0.0]).sauc == 1.0   # ends allowed


# --------------------------------------------------------------------------- summaries
def _html(title, rows, notes=()):
    from html import escape
    body = "".join("<tr><th style='text-align:left'>%s</th><td>%s</td></tr>"
                   % (escape(k), escape(v)) for k, v in rows)
    tail = "".join("<p><small>%s</small></p>" % escape(n) for n in notes)
    return ("<table><caption style='text-align:left'><b>%s</b></caption>%s</table>%s"
            % (escape(title), body, tail))


def _check_summary(obj, title, rows, notes=(), **kw):
    s = obj.summary(**kw)
    assert str(s) == repr(s) == s.as_text() == "\n".join(_rows(title, rows) + list(notes))
    assert obj._repr_html_() == _html(title, rows, notes)


def test_auc_result_summary_text_and_html():
    # AUC 3/4, DeLong variance 1/8 (the delong docstring case), Wald CI clipped at 1
    r = rocstats.delong(Y4, A4)
    se = math.sqrt(0.125)
    lo, hi = 0.75 - Z975 * se, 1.0
    rows = [("AUC", "0.75"), ("DeLong variance", "0.125"), ("SE", _g(se)),
            ("95% CI (Wald)", "[%s, %s]" % (_g(lo), "1")), ("positives (m)", "2"),
            ("negatives (n)", "2"), ("positive label", "1"), ("direction", "controls < cases")]
    _check_summary(r, "Empirical AUC with DeLong variance", rows)
    z90 = stats.norm.ppf(0.95)
    s90 = str(r.summary(0.9))
    assert "90%% CI (Wald)    [%s, %s]" % (_g(0.75 - z90 * se), _g(min(1, 0.75 + z90 * se))) in s90


def test_test_result_summaries():
    # paired: z = -1/sqrt(2), p = 2 sf(1/sqrt(2)); CI -0.25 -/+ z975 sqrt(1/8)
    t = rocstats.roc_test(Y4, A4, B4)
    z = -1 / math.sqrt(2)
    se = math.sqrt(0.125)
    rows = [("statistic", _g(z)), ("p-value", _g(2 * stats.norm.sf(-z))),
            ("alternative", "two-sided"), ("estimate", "-0.25"), ("AUCs", "[0.75, 1.  ]"),
            ("95% CI of estimate", "[%s, %s]" % (_g(-0.25 - Z975 * se),
                                                 _g(-0.25 + Z975 * se))),
            ("positive label", "1")]
    _check_summary(t, "DeLong's test for two correlated ROC curves", rows)
    ci = t.conf_int()
    assert (ci[0], ci[1], ci.level, ci.method) == (ci.lower, ci.upper, 0.95, "wald")
    assert ci.lower == pytest.approx(-0.25 - Z975 * se, rel=1e-14)
    # joint: a chi-square has a df row, no CI row, and no conf_int
    j = rocstats.delong_joint_test(Y4, np.column_stack([A4, B4]))
    rows = [("statistic", "0.5"), ("df", "1"), ("p-value", _g(stats.chi2.sf(0.5, 1))),
            ("alternative", "two-sided"), ("AUCs", "[0.75, 1.  ]"), ("positive label", "1")]
    js = str(j.summary())
    # the vector estimate (one contrast row) follows the rows as a labelled table
    head = "\n".join(_rows("DeLong's joint chi-square test of 2 correlated AUCs", rows))
    head_lines = head.splitlines()[:-1]          # all but the closing rule
    assert js.splitlines()[:len(head_lines)] == head_lines
    # (labelled contrast rows with their own z test: tests/compare/test_joint_pairwise.py)
    assert js.splitlines()[len(head_lines) + 1].split()[:2] == ["contrast", "estimate"]
    assert js.splitlines()[len(head_lines) + 2].split()[:4] == ["score", "0", "-", "score"]
    assert js.splitlines()[len(head_lines) + 2].split()[5] == "-0.25"
    with pytest.raises(ValueError, match="conf_int"):
        j.conf_int()
    # a result without a standard error has no CI; a NaN one has a NaN CI
    from rocstats._results import TestResult
    bare = TestResult(1.5, 0.25, 0.1, "m")
    with pytest.raises(ValueError, match="conf_int"):
        bare.conf_int()
    assert str(bare.summary()) == "\n".join(_rows("m", [
        ("statistic", "1.5"), ("p-value", "0.25"), ("alternative", "two-sided"),
        ("estimate", "0.1")]))
    with pytest.warns(UndefinedAUCWarning):
        n = rocstats.sauc_test([1, 0, 0], [0.9, 0.2, 0.4], [0.7, 0.2, 0.4])
    assert np.isnan(n.conf_int().lower) and np.isnan(n.conf_int().upper)
    for bad in (0, 1, 1.0, 0.0, -0.5, "0.95", None, True):
        with pytest.raises(ValueError, match="level"):
            t.conf_int(bad)
    assert t.conf_int(np.float32(0.5)).level == 0.5


def test_roc_curve_threshold_and_multiclass_summaries():
    r = rocstats.roc_curve([0, 0, 1, 1], [0.1, 0.4, 0.4, 0.8])
    rows = [("AUC", "0.875"), ("points", "4"), ("positives", "2"), ("negatives", "2"),
            ("direction", "controls < cases")]
    _check_summary(r, "Empirical ROC curve", rows)
    b = rocstats.best_threshold([0, 0, 1, 0, 1, 1], [0.1, 0.2, 0.3, 0.4, 0.6, 0.9])
    rows = [("method", "youden"), ("threshold", "0.25"), ("sensitivity", "1"),
            ("specificity", _g(2 / 3)), ("criterion", _g(2 / 3)), ("tied optima", "2")]
    # two tied optima: the printout names the deviation (exact comparison; issue 22)
    from rocstats._deviations import note
    _check_summary(b, "Optimal ROC threshold", rows, notes=[note("exact_best")])
    # Hand & Till example: A(1|2) = A(2|1) = 3/4, the other four 1, M = 11/12
    y = [0, 0, 1, 1, 2, 2]
    p = [[.8, .1, .1], [.7, .2, .1], [.1, .6, .3], [.1, .3, .6], [.1, .4, .5], [.2, .1, .7]]
    mc = rocstats.multiclass_auc(y, p)
    # rows, then one table row per ordered pair (tests/curves/test_multiclass_variance.py
    # checks the whole text; var(M) = 1/72 is worked out there by hand)
    se = math.sqrt(1 / 72)
    rows = [("Hand & Till M", _g(11 / 12)), ("variance", _g(1 / 72)), ("SE", _g(se)),
            ("95% CI (Wald)", "[%s, 1]" % _g(11 / 12 - Z975 * se)), ("classes", "3"),
            ("class counts", "0: 2, 1: 2, 2: 2")]
    head = _rows("Multiclass AUC (Hand & Till)", rows)[:-1]       # all but the closing rule
    assert str(mc.summary()).splitlines()[:len(head)] == head
    assert mc.summary().table[0] == ["pair", "AUC", "SE"] and len(mc.summary().table[1]) == 6
    assert mc.class_counts == (2, 2, 2) and mc.labels == (0, 1, 2)


def test_sauc_and_sroc_summaries():
    # M1 (seed 004, Example 1): sAUC 7/15, R+ 23/30, R- 3/10, M+ 23/30, M- 3/10, AUC 1
    d = sauc_definition(M1[:3], M1[3:])
    var = float(d["variance"])
    r = rocstats.sauc(Y6, M1)
    assert r.variance == pytest.approx(var, rel=1e-12)
    se = math.sqrt(var)
    s = 7 / 15
    rows = [("sAUC", _g(s)), ("SE (U-statistic)", _g(se)),
            ("95% CI (Wald)", "[%s, %s]" % (_g(max(0, s - Z975 * se)), _g(min(1, s + Z975 * se)))),
            ("AUC (ties 1/2)", "1"), ("R+", _g(23 / 30)), ("R-", "0.3"), ("M+ - M-", _g(s)),
            ("M+", _g(23 / 30)), ("M-", "0.3"), ("positives (m)", "3"), ("negatives (n)", "3"),
            ("direction", "controls < cases"), ("rescale", "none")]
    notes = ["sAUC = R+ - R- (Wu, Flach & Ferri 2007, Theorem 2); variance by Theorem 6: "
             "(n-1)/n S_V/m + (m-1)/m S_W/n, from the structural components of "
             "h(y, x) = (y - x) 1(y > x)."]
    _check_summary(r, "Scored AUC (Wu, Flach & Ferri 2007)", rows, notes)
    dl = rocstats.sauc(Y6, M1, variance="delong")
    assert dl.variance == pytest.approx(float(d["variance_delong"]), rel=1e-12)
    assert dl.variance_method == "delong" and r.variance_method == "paper"
    assert "variance by DeLong form: S_V/m + S_W/n, from" in str(dl.summary())
    assert "90% CI (Wald)" in str(r.summary(0.9))
    lo, hi = r.conf_int(0.9)
    z90 = stats.norm.ppf(0.95)
    assert (lo, hi) == pytest.approx((s - z90 * se, min(1, s + z90 * se)), rel=1e-12)
    # the sROC curve of M1, exact (9 breakpoints) and on a 3-point grid only
    c = rocstats.sroc_curve(Y6, M1, grid=3)
    rows = [("sAUC (area)", _g(s)), ("AUC", "1"), ("theta(0)", "1"),
            ("exact step function", "True"), ("breakpoints", "8"), ("grid points", "3"),
            ("positives (m)", "3"), ("negatives (n)", "3"), ("rescale", "none")]
    _check_summary(c, "sROC curve (Wu, Flach & Ferri 2007)", rows)
    g = rocstats.sroc_curve(Y6, M1, grid=[0.25, 0.5], max_breakpoints=0)
    rows[2:6] = [("theta(0)", _g(6 / 9)), ("exact step function", "False"),
                 ("breakpoints", "not materialised"), ("grid points", "2")]
    _check_summary(g, "sROC curve (Wu, Flach & Ferri 2007)", rows)


def test_fmt_of_nan_and_arrays():
    from rocstats._results import Summary
    s = Summary("t", [("a", float("nan")), ("b", np.float32(0.5)),
                      ("c", np.array([1 / 3, 2.0])), ("d", 1234567.0)])
    assert s.rows == [("a", "nan"), ("b", "0.5"), ("c", "[0.333333, 2.      ]"),
                      ("d", "1.23457e+06")]


# --------------------------------------------------------------------------- degenerate results
def _nan_fields(t, *names):
    return all(np.isnan(getattr(t, k)) for k in names)


def test_one_class_test_results_have_every_field():
    y = [1, 1, 1]
    msg = (r"^%s is undefined: y_true has no negatives \(positives: 3, negatives: 0\); "
           r"returning NaN$")
    with pytest.warns(UndefinedAUCWarning, match=msg % "DeLong's test"):
        t = rocstats.roc_test(y, [0.1, 0.2, 0.3], [0.3, 0.2, 0.1], alternative="less")
    assert _nan_fields(t, "statistic", "pvalue", "estimate", "se")
    assert (t.method, t.alternative, t.pos_label, t.df, t.aucs) == (
        "DeLong's test for two correlated ROC curves", "less", 1, None, None)
    with pytest.warns(UndefinedAUCWarning, match=msg % "DeLong's test"):
        j = rocstats.delong_joint_test(y, [[1, 2], [2, 3], [3, 4]])
    assert (j.method, j.alternative, j.distribution, j.pos_label, j.aucs) == (
        "DeLong's joint chi-square test of 2 correlated AUCs", "two-sided", "chi2", 1, None)
    assert j.estimate.shape == (1,) and np.isnan(j.estimate).all() and j.se is None
    with pytest.warns(UndefinedAUCWarning, match=msg % "The sAUC test"):
        s = rocstats.sauc_test(y, [0.1, 0.2, 0.3], [0.3, 0.2, 0.1], alternative="greater")
    assert _nan_fields(s, "statistic", "pvalue", "estimate", "se")
    assert (s.alternative, s.pos_label, s.aucs) == ("greater", 1, None)
    assert s.method.startswith("Paired z test of two scored AUCs")
    with pytest.warns(UndefinedAUCWarning, match=msg % "The margin AUC"):
        rocstats.margin_auc(y, [0.1, 0.2, 0.3], 0.1)
    with pytest.warns(UndefinedAUCWarning, match=msg % "The scored AUC"):
        r = rocstats.sauc(y, [0.1, 0.2, 0.3], variance="delong", direction=">")
    assert _nan_fields(r, "sauc", "auc", "r_pos", "r_neg", "mean_pos", "mean_neg", "variance")
    assert (r.n_pos, r.n_neg, r.direction, r.pos_label, r.rescale, r.variance_method) == (
        3, 0, ">", 1, "none", "delong")
    with pytest.warns(UndefinedAUCWarning, match=msg % "The sROC curve"):
        rocstats.sroc_curve(y, [0.1, 0.2, 0.3])
    with pytest.warns(UndefinedAUCWarning, match=msg % "The optimal threshold"):
        b = rocstats.best_threshold(y, [0.1, 0.2, 0.3], method="closest_topleft")
    assert _nan_fields(b, "threshold", "sensitivity", "specificity", "criterion")
    assert (b.method, b.all_thresholds, b.direction, b.pos_label) == (
        "closest_topleft", (), "<", 1)
    with pytest.warns(UndefinedAUCWarning, match=msg % "ROC curve"):
        rocstats.roc_curve(y, [0.1, 0.2, 0.3])
    # with weights a class without weight is absent; its rows are still reported
    with pytest.warns(UndefinedAUCWarning, match=r"^ROC curve is undefined: y_true has no "
                                                 r"negatives \(positives: 2, negatives: 0\)"):
        rocstats.roc_curve([1, 0, 1], [0.1, 0.2, 0.3], sample_weight=[1, 0, 1])
    with pytest.warns(UndefinedAUCWarning, match=r"^ROC curve is undefined: y_true has no "
                                                 r"positives \(positives: 0, negatives: 2\)"):
        rocstats.roc_curve([1, 0, 0], [0.1, 0.2, 0.3], sample_weight=[0, 1, 1])
    with pytest.warns(UndefinedAUCWarning, match=msg % "AUC"):
        rocstats.auc(y, [0.1, 0.2, 0.3])
    with pytest.warns(UndefinedAUCWarning, match=r"^AUC is undefined: y_true has no positives"):
        rocstats.auc([0, 0], [0.1, 0.2])


def test_small_class_test_results_keep_estimate_and_aucs():
    # one negative: the sAUCs are (0.9 - 0.2, 0.5 - 0.2)/... m = 2 positives 0.9, 0.5 and
    # negative 0.2: sAUC_a = (0.7 + 0.3) / 2 = 0.5; b: 0.6, 0.4 -> (0.4 + 0.2) / 2 = 0.3
    with pytest.warns(UndefinedAUCWarning, match="The sAUC test needs at least 2"):
        t = rocstats.sauc_test([1, 1, 0], [0.9, 0.5, 0.2], [0.6, 0.4, 0.2], alternative="less")
    assert t.estimate == pytest.approx(0.2, rel=1e-12) and t.aucs == pytest.approx((0.5, 0.3))
    assert np.isnan(t.statistic) and np.isnan(t.pvalue) and np.isnan(t.se)
    assert (t.alternative, t.pos_label) == ("less", 1)
    assert t.method.startswith("Paired z test of two scored AUCs")
    with pytest.warns(UndefinedAUCWarning, match="The sAUC variance needs at least 2"):
        r = rocstats.sauc([1, 1, 0], [0.9, 0.5, 0.2])
    assert r.sauc == pytest.approx(0.5) and np.isnan(r.variance)


def test_zero_standard_error_divides_without_numpy_warnings():
    # AUC 1 against AUC 0 on the same cases: every placement is 0 or 1, se = 0, d = 1
    y = [1, 1, 0, 0]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        # AUC 0 is deliberate here: its ReversedDirectionWarning is not a NumPy warning
        warnings.simplefilter("ignore", rocstats.ReversedDirectionWarning)
        t = rocstats.roc_test(y, [0.9, 0.8, 0.2, 0.1], [0.1, 0.2, 0.8, 0.9])
        assert (t.statistic, t.pvalue, t.estimate, t.se) == (np.inf, 0.0, 1.0, 0.0)
        u = rocstats.roc_test_unpaired(y, [4, 3, 2, 1], y, [1, 2, 3, 4])
        assert u.estimate == 1.0 and np.isnan(u.pvalue) and u.statistic == np.inf
        r = rocstats.delong(y, [0.9, 0.8, 0.2, 0.1])
        ci = r.conf_int(method="logit")
        assert np.isnan(ci.lower) and np.isnan(ci.upper)
        ci = rocstats.delong(y, [0.1, 0.2, 0.8, 0.9]).conf_int(method="logit")
        assert np.isnan(ci.lower) and np.isnan(ci.upper)
        w = r.conf_int()
        assert (w.lower, w.upper) == (1.0, 1.0) and isinstance(w.lower, float)


def test_wald_interval_clips_at_zero_and_logit_inside():
    # AUC 1/4 with variance 1/8 (the mirror of the docstring case): 0.25 - 1.96 * 0.354 < 0
    r = rocstats.delong(Y4, [0.1, 0.3, 0.2, 0.9])
    assert r.auc == 0.25 and r.variance == 0.125
    lo, hi = r.conf_int()
    assert lo == 0.0 and hi == pytest.approx(0.25 + Z975 * math.sqrt(0.125), rel=1e-14)
    lg = r.conf_int(method="logit")
    h = Z975 * math.sqrt(0.125) / (0.25 * 0.75)
    assert lg.lower == pytest.approx(1 / (1 + math.exp(-(math.log(1 / 3) - h))), rel=1e-13)
    assert lg.upper == pytest.approx(1 / (1 + math.exp(-(math.log(1 / 3) + h))), rel=1e-13)
    from rocstats._results import unit_interval
    ci = unit_interval([0.0, 0.5, 1.0], [0.1, 0.1, 0.1], 0.95, "logit")
    assert np.isnan(ci.lower[0]) and np.isnan(ci.upper[2]) and 0 < ci.lower[1] < 0.5
    ci = unit_interval([0.0, 1.0], [0.1, 0.1], 0.95, "wald")
    assert ci.lower.tolist() == [0.0, 1.0 - Z975 * 0.1] and ci.upper.tolist() == [Z975 * 0.1, 1.0]
    ci = unit_interval(1, 0, 0.5, "wald")
    assert (ci.lower, ci.upper, ci.level, ci.method) == (1.0, 1.0, 0.5, "wald")


# --------------------------------------------------------------------------- argument names
@pytest.mark.parametrize("call, name", [
    (lambda: rocstats.roc_test(Y4, [np.nan, 1, 2, 3], B4), "y_score_a"),
    (lambda: rocstats.roc_test(Y4, A4, [np.nan, 1, 2, 3]), "y_score_b"),
    (lambda: rocstats.roc_test(Y4, A4, [1, 2, 3]), "y_score_a has 4 rows but y_score_b"),
    (lambda: rocstats.roc_test([1, 0, 1], A4, B4), "y_score_a/y_score_b"),
    (lambda: rocstats.delong_joint_test(Y4, [[1, 2], [3, 4], [5, 6]]), "y_scores"),
    (lambda: rocstats.delong_joint_test(Y4, np.column_stack([A4, B4]),
                                        contrast=[[1, np.nan]]), "contrast"),
    (lambda: rocstats.delong_joint_test(Y4, np.column_stack([A4, B4]),
                                        contrast=np.ones((1, 1, 2))), "contrast"),
    (lambda: rocstats.sauc_test(Y4, [np.nan, 1, 0, 0], B4), "y_score_a"),
    (lambda: rocstats.sauc_test(Y4, A4, [np.nan, 1, 0, 0]), "y_score_b"),
    (lambda: rocstats.sauc_test(Y4, [2, 1, 0, 0], B4), "y_score_a must lie in"),
    (lambda: rocstats.sauc_test(Y4, A4, [2, 1, 0, 0]), "y_score_b must lie in"),
    (lambda: rocstats.sauc_test(Y4, A4, [0.5, 0.1]), "y_score_a has 4 rows but y_score_b"),
    (lambda: rocstats.sauc(Y4, [2, 1, 0, 0]), "y_score must lie in"),
    (lambda: rocstats.margin_auc(Y4, A4, [0.1, 2.0]), "tau must lie in"),
    (lambda: rocstats.multiclass_auc(np.zeros((3, 2)), np.ones((3, 2))), "y_true must be 1-dimensional"),
])
def test_errors_name_the_argument(call, name):
    import re
    with pytest.raises(ValueError) as err:
        call()
    assert re.search(r"(?<![\w])%s(?![\w])" % re.escape(name), str(err.value)), str(err.value)


def test_range_in_messages_is_exact():
    # scores outside [0, 1] are reported with their exact extremes
    with pytest.raises(ValueError, match=r"got values in \[-0.25, 1.5\]"):
        rocstats.sauc([1, 0, 1], [1.5, -0.25, 0.5])


# --------------------------------------------------------------------------- options reach the kernels
def test_two_score_tests_pass_pos_label_and_direction_on():
    lab = np.array(["case", "case", "ctrl", "ctrl"])
    t = rocstats.sauc_test(lab, [0.9, 0.7, 0.8, 0.1], [0.9, 0.7, 0.6, 0.1], pos_label="ctrl")
    # ctrl positive: positives (0.8, 0.1), negatives (0.9, 0.7): a: h = 0.1 (0.8 - 0.7)
    # -> sAUC_a = 0.1 / 4; b: positives (0.6, 0.1): none above -> 0
    assert t.aucs == pytest.approx((0.025, 0.0), abs=1e-15) and t.pos_label == "ctrl"
    u = rocstats.roc_test_unpaired(Y4, A4, Y4, B4, direction=">")
    assert u.aucs == (0.25, 0.0) and u.pos_label == 1
    j = rocstats.delong_joint_test(Y4, np.column_stack([A4, B4]), direction=">")
    assert j.aucs == (0.25, 0.0)
    p = rocstats.roc_test(lab, A4, B4, pos_label="case")
    assert p.aucs == (0.75, 1.0) and p.pos_label == "case"


# --------------------------------------------------------------------------- labels
def test_label_helpers_of_the_validation_module():
    from rocstats._sample import binary_sample
    from rocstats._validation import as_label_array
    s = binary_sample(["a", "b", "a"], [1, 2, 3], pos_label="b")
    assert s.is_pos.tolist() == [False, True, False] and s.pos_label == "b"
    assert (s.m, s.n, s.neg_label) == (1, 2, "a")
    assert as_label_array(["x", "y"]).tolist() == ["x", "y"]
    with pytest.raises(ValueError, match="^labels is empty"):
        as_label_array([], "labels")
    with pytest.raises(ValueError, match="^y_true is None"):
        as_label_array(None)


def test_object_labels_are_read_by_their_values():
    from rocstats._labels import binary_labels
    b = binary_labels(np.array([True, False, True], dtype=object))
    assert (b.kind, b.pos_label, b.neg_label) == ("boolean", True, False)
    f = binary_labels(np.array([0.5, 1.5, 0.5], dtype=object))
    assert (f.kind, f.pos_label, f.is_pos.tolist()) == ("numeric", 1.5, [False, True, False])
    g = binary_labels(np.array([1, 2.5], dtype=object))
    assert g.pos_label == 2.5 and isinstance(g.pos_label, float)
    # one non-numeric type is fine (given pos_label); several are an error
    h = binary_labels([Fraction(1, 2), Fraction(1, 3)], pos_label=Fraction(1, 2))
    assert h.is_pos.tolist() == [True, False] and h.kind == "object"
    with pytest.raises(ValueError, match="mixes label types .* give numbers, booleans"):
        binary_labels(np.array([1, "a"], dtype=object), pos_label="a")
    assert binary_labels(np.array(["a", np.str_("b")], dtype=object), pos_label="b").n_pos == 1
    for missing in (np.nan, None, pd.NA):
        with pytest.raises(ValueError, match="missing"):
            binary_labels(np.array([1, missing, 0], dtype=object))
    # a pos_label that cannot be compared with the labels matches none of them
    with pytest.raises(ValueError, match="is not one of the labels"):
        binary_labels(["a", "b"], pos_label=np.array([1, 2]))


def test_label_listing_shows_ten():
    from rocstats._labels import binary_labels
    with pytest.raises(ValueError, match=r"11 distinct labels \[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, "
                                         r"\.\.\.\]"):
        binary_labels(list(range(11)))
    with pytest.raises(ValueError, match=r"10 distinct labels \[0, 1, 2, 3, 4, 5, 6, 7, 8, 9\]"):
        binary_labels(list(range(10)))


def test_categorical_labels_record_the_negative_level():
    from rocstats._labels import binary_labels, class_labels
    both = binary_labels(pd.Categorical(["n", "p", "p"], categories=["n", "p"]))
    assert (both.pos_label, both.neg_label, both.kind) == ("p", "n", "categorical")
    only_pos = binary_labels(pd.Categorical(["p", "p"], categories=["n", "p"]))
    assert (only_pos.pos_label, only_pos.neg_label) == ("p", "n")
    named = binary_labels(pd.Categorical(["p", "p"], categories=["n", "p"]), pos_label="p")
    assert (named.pos_label, named.neg_label) == ("p", "n")
    three = binary_labels(pd.Categorical(["p", "p"], categories=["n", "p", "z"]), pos_label="p")
    assert (three.pos_label, three.neg_label) == ("p", None)
    first = binary_labels(pd.Categorical(["n", "p"], categories=["n", "p"]), pos_label="n")
    assert (first.pos_label, first.neg_label, first.is_pos.tolist()) == ("n", "p", [True, False])
    # three levels, the last unused, no pos_label: an error that lists the used levels
    with pytest.raises(ValueError, match=r"3 levels \['a', 'b', 'c'\] \(used: \['a', 'b'\]\)"):
        binary_labels(pd.Categorical(["a", "b"], categories=["a", "b", "c"]))
    c = class_labels(pd.Categorical(["b", "a"], categories=["b", "a"]))
    assert c.kind == "categorical" and c.codes.tolist() == [0, 1]
    assert class_labels([2, 1, 2]).kind == "numeric" and class_labels(["b"]).kind == "object"
    assert class_labels([True, False]).kind == "boolean"
    with pytest.raises(ValueError, match="^y is empty"):
        class_labels([])


# --------------------------------------------------------------------------- multiclass
def test_multiclass_explicit_labels_with_a_single_row_class():
    # class 1 has one row; labels in the order (2, 1, 0): pairwise[i, j] = A(labels i | j)
    y = np.array([0, 0, 1, 2, 2])
    P = np.array([[0.6, 0.3, 0.1], [0.5, 0.2, 0.3], [0.2, 0.5, 0.3], [0.1, 0.4, 0.5],
                  [0.3, 0.3, 0.4]])
    r = rocstats.multiclass_auc(y, P[:, ::-1], labels=[2, 1, 0])
    assert r.labels == (2, 1, 0) and r.class_counts == (2, 1, 2)
    for i, ci in enumerate((2, 1, 0)):
        for j, cj in enumerate((2, 1, 0)):
            if i != j:
                col = P[:, ci]
                assert r.pairwise[i, j] == auc_def(col[y == ci], col[y == cj])


def test_multiclass_dataframe_column_names():
    y = np.array(["a", "a", "b", "b", "c", "c"])
    p = np.array([[.8, .1, .1], [.7, .2, .1], [.1, .6, .3], [.1, .3, .6], [.1, .4, .5],
                  [.2, .1, .7]])
    expected = (4 + 4 + 4 + 4 + 3 + 3) / 4 / 6           # A(b|c) = A(c|b) = 3/4
    # default 0..C-1 columns are positional whatever the classes are
    assert rocstats.multiclass_auc(y, pd.DataFrame(p)).auc == pytest.approx(expected)
    # columns 1..3 or 0, 2, 4 are names, and they do not name classes 0, 1, 2
    y012 = np.array([0, 0, 1, 1, 2, 2])
    for cols in (pd.RangeIndex(1, 4), pd.RangeIndex(0, 6, 2)):
        with pytest.raises(ValueError, match="column names"):
            rocstats.multiclass_auc(y012, pd.DataFrame(p, columns=cols))
    # float classes matched by value to integer column names, in any order
    yf = y012.astype(float)
    df = pd.DataFrame(p[:, ::-1], columns=[2, 1, 0])
    assert rocstats.multiclass_auc(yf, df).auc == pytest.approx(expected)


# --------------------------------------------------------------------------- kernel twins
def test_numpy_pairwise_kernels_in_several_blocks(monkeypatch):
    from rocstats._kernels.numpy import roc as _numpy
    from definitions import placements_def
    rng = np.random.default_rng(5)
    pos, neg = np.round(rng.random(7), 1), np.round(rng.random(5), 1)
    monkeypatch.setattr(_numpy, "_CHUNK", 10)               # blocks of 2 rows
    twice_u, v10, v01 = _numpy.placements_pairwise(pos, neg)
    e10, e01 = placements_def(pos, neg)
    assert twice_u == round(2 * e10.sum() * 5)
    np.testing.assert_allclose(v10, e10, rtol=1e-15)
    np.testing.assert_allclose(v01, e01, rtol=1e-15)
    assert _numpy.auc2u_pairwise(pos, neg) == twice_u


def test_numpy_sauc_pairwise_one_negative_and_long_double_sums():
    from rocstats._kernels.numpy import sauc as _sauc_numpy
    d = sauc_definition([0.9, 0.4], [0.5])
    twice_u, out, v, w = _sauc_numpy.sauc_pairwise(np.array([0.9, 0.4]), np.array([0.5]))
    assert twice_u == d["twice_u"] and out[0] == pytest.approx(float(d["sauc"]) * 2)   # sum h
    assert v.tolist() == pytest.approx([float(x) for x in d["V"]])
    assert w.tolist() == pytest.approx([float(x) for x in d["W"]])
    # differences 1 and 2**-60 (and 2**-59): a float64 sum drops the tiny ones,
    # the long-double sums of the kernel keep them
    pos, neg = np.array([1.0, 2.0 ** -59]), np.array([0.0, 2.0 ** -60])
    exact = sauc_definition(pos, neg)
    _, out, v, w = _sauc_numpy.sauc_pairwise(pos, neg)
    assert w.tolist() == [float(x) for x in exact["W"]]
    assert out[6] == pytest.approx(float(exact["ss_w"]), rel=1e-6)
    assert out[4] == pytest.approx(float(exact["ss_v"]), rel=1e-6)


# --------------------------------------------------------------------------- label readers (2)
def test_label_reader_dtypes():
    from rocstats._labels import binary_labels, class_labels
    for dates in (pd.Series(pd.date_range("2020-01-01", periods=2)),
                  np.array([1, 2], dtype="timedelta64[D]"),
                  pd.Series(pd.to_timedelta([1, 2], unit="D"))):
        with pytest.raises(ValueError, match="dates/times"):
            binary_labels(dates)
    f = binary_labels(pd.Series([1.0, 0.0, 1.0], dtype="Float64"))
    assert (f.kind, f.pos_label, f.is_pos.tolist()) == ("numeric", 1.0, [True, False, True])
    i = binary_labels(pd.Series([2, 1], dtype="Int64"))
    assert (i.kind, i.pos_label, i.neg_label) == ("numeric", 2, 1)
    b = binary_labels(pd.Series([True, False], dtype="boolean"))
    assert (b.kind, b.pos_label) == ("boolean", True)
    by = binary_labels(np.array([b"no", b"yes", b"no"]), pos_label="yes")
    assert by.is_pos.tolist() == [False, True, False] and by.kind == "object"
    v = class_labels(np.array([b"a", b"b", b"a"], dtype="V1"))
    assert v.classes.tolist() == [b"a", b"b"] and v.codes.tolist() == [0, 1, 0]
    u = binary_labels(np.array([0, 1, 1], dtype=np.uint8))
    assert (u.kind, u.pos_label) == ("numeric", 1)
    assert class_labels(pd.Categorical(["x", "y"])).codes.dtype == np.int64


def test_binary_labels_fields_and_messages_exactly():
    from rocstats._labels import binary_labels
    with pytest.raises(ValueError) as err:
        binary_labels(["0", "1", "1"])
    assert str(err.value) == ("y_true holds strings/objects ['0', '1']: pass pos_label to say "
                              "which is the positive class (labels read as text, e.g. from a "
                              "CSV: pos_label='1')")
    with pytest.raises(ValueError) as err:
        binary_labels(["a", "a"], name="lab")
    assert str(err.value).endswith("(labels read as text, e.g. from a CSV: pos_label='a')")
    with pytest.raises(ValueError) as err:
        binary_labels([Fraction(1, 2), Fraction(1, 3)])
    assert str(err.value) == ("y_true holds strings/objects [Fraction(1, 3), Fraction(1, 2)]: "
                              "pass pos_label to say which is the positive class")
    with pytest.raises(ValueError) as err:
        binary_labels([0, 1], pos_label="1")
    assert str(err.value) == "pos_label='1' is not one of the labels of y_true [0, 1]"
    with pytest.raises(ValueError) as err:
        binary_labels(["0", "1"], pos_label=1)
    assert str(err.value) == ("pos_label=1 is not one of the labels of y_true ['0', '1'] "
                              "(the labels are strings: pos_label='1'?)")
    with pytest.raises(ValueError, match="^lab is a categorical with 3 levels"):
        binary_labels(pd.Categorical(["a", "b", "c"]), name="lab")
    with pytest.raises(ValueError, match="^lab mixes label types that cannot be ordered"):
        binary_labels(np.array([1j, 2j], dtype=object), pos_label=1j, name="lab")
    # one class given as the negative by pos_label
    neg_only = binary_labels([0, 0], pos_label=1)
    assert neg_only.is_pos.dtype == bool and neg_only.is_pos.tolist() == [False, False]
    assert (neg_only.pos_label, neg_only.neg_label, neg_only.kind) == (1, 0, "numeric")
    # pos_label the smaller label, or the only one
    low = binary_labels([0, 1, 0], pos_label=0)
    assert (low.pos_label, low.neg_label, low.is_pos.tolist()) == (0, 1, [True, False, True])
    only = binary_labels([1, 1], pos_label=1)
    assert (only.pos_label, only.neg_label, only.n_pos, only.n_neg) == (1, None, 2, 0)
    # one class without pos_label: 1 / True are positive, anything else negative, and the
    # positive label is still reported as 1 (or True)
    zeros = binary_labels([0, 0])
    assert zeros.pos_label == 1 and type(zeros.pos_label) is int and zeros.neg_label == 0
    assert zeros.is_pos.dtype == bool and not zeros.is_pos.any()
    falses = binary_labels([False, False])
    assert falses.pos_label is True and falses.neg_label is False
    ones = binary_labels([1, 1])
    assert (ones.pos_label, ones.neg_label, ones.is_pos.tolist()) == (1, None, [True, True])
    with pytest.warns(UndefinedAUCWarning):
        assert rocstats.roc_curve([0, 0], [0.1, 0.2]).pos_label == 1


# --------------------------------------------------------------------------- score reader
def test_score_reader_dtypes():
    from rocstats._sample import binary_sample
    from rocstats._validation import as_float_array
    assert as_float_array([2 ** 53, -2 ** 53], "s").tolist() == [2.0 ** 53, -2.0 ** 53]
    with pytest.raises(ValueError, match="beyond 2\\*\\*53"):
        as_float_array([2 ** 53 + 1], "s")
    exact = np.array([0.5, 0.25], dtype=np.longdouble)
    assert as_float_array(exact, "s").tolist() == [0.5, 0.25]
    if np.finfo(np.longdouble).nmant > 52:                  # x86-64: 80-bit long double
        with pytest.raises(ValueError, match="float64 cannot hold exactly"):
            as_float_array(np.array([1, 2], dtype=np.longdouble) + np.longdouble(2) ** -60, "s")
    with pytest.raises(ValueError, match="^s contains NaN"):
        as_float_array(np.array([0.5, np.nan], dtype=np.longdouble), "s")
    with pytest.raises(ValueError, match="^s contains infinite values; remove"):
        as_float_array([0.5, np.inf], "s")
    with pytest.raises(ValueError, match="dates/times"):
        as_float_array(np.array([1, 2], dtype="timedelta64[s]"), "s")
    for strings in (np.array(["1.5", "2"], dtype=object), np.array([1.5, "a"], dtype=object)):
        with pytest.raises(ValueError, match="^s holds strings"):
            as_float_array(strings, "s")
    # default direction "<": scores as given; a 2-D score needs columns, one is enough
    lab = binary_sample([0, 1], [0.1, 0.2])
    assert lab.score.tolist() == [0.1, 0.2] and lab.pos_label == 1
    assert binary_sample([0, 1], [0.1, 0.2], direction=">").score.tolist() == [-0.1, -0.2]
    with pytest.raises(ValueError, match="y_score has no columns"):
        rocstats.delong(Y4, np.empty((4, 0)))
    one = rocstats.delong(Y4, np.array(A4)[:, None])
    assert one.auc.tolist() == [0.75] and one.covariance.shape == (1, 1)
    with pytest.raises(ValueError, match="y_score_a has 4"):
        rocstats.sauc_test([1, 0, 1], [0.9, 0.7, 0.8, 0.1], [0.9, 0.7, 0.8, 0.1])


# --------------------------------------------------------------------------- results (2)
def test_result_objects_corner_cases():
    from rocstats._results import Summary, TestResult
    s = Summary("t", [("a", 1)], notes=["one", "two"])
    assert str(s) == "t\n" + "=" * 32 + "\na         1\n" + "=" * 32 + "\none\ntwo"
    assert s._repr_html_().endswith("</table><p><small>one</small></p><p><small>two</small></p>")
    chi = TestResult(4.0, 0.05, 1.0, "m", se=0.5, df=1.0, distribution="chi2")
    with pytest.raises(ValueError, match="conf_int"):
        chi.conf_int()
    assert "CI" not in str(chi.summary())
    u = rocstats.roc_test_unpaired(Y4, A4, Y4, B4, alternative="less")
    assert u.alternative == "less" and u.pos_label == 1
    j = rocstats.delong_joint_test(["p", "p", "q", "q"], np.column_stack([A4, B4]), pos_label="p")
    assert j.pos_label == "p" and j.alternative == "two-sided"
    s = rocstats.sauc_test(Y6, M1, M1_LOW, alternative="less")
    assert s.alternative == "less" and s.pos_label == 1


def test_results_record_direction_and_pos_label():
    with pytest.warns(UndefinedAUCWarning):
        r = rocstats.delong(["a", "a"], [0.1, 0.2], pos_label="a", direction=">")
    assert (r.n_pos, r.n_neg, r.direction, r.pos_label, r.covariance) == (2, 0, ">", "a", None)
    assert np.isnan(r.auc) and np.isnan(r.variance)
    with pytest.warns(UndefinedAUCWarning):
        r = rocstats.delong(["a", "a"], [[0.1, 0.3], [0.2, 0.4]], pos_label="a", direction=">")
    assert (r.direction, r.pos_label) == (">", "a")
    r = rocstats.delong(["a", "b", "a", "b"], [[0.1, 0.3], [0.2, 0.4], [0.5, 0.6], [0.7, 0.1]],
                        pos_label="a", direction=">")
    assert (r.direction, r.pos_label) == (">", "a")
    lab = ["n", "p", "p", "n"]
    r = rocstats.sauc(lab, [0.1, 0.9, 0.6, 0.3], pos_label="p")
    assert r.pos_label == "p" and r.sauc == pytest.approx((0.8 + 0.6 + 0.5 + 0.3) / 4)
    assert rocstats.margin_auc(lab, [0.1, 0.9, 0.6, 0.3], 0.4, pos_label="p") == 0.75
    c = rocstats.sroc_curve(lab, [0.1, 0.9, 0.6, 0.3], pos_label="p", grid=[0.4])
    assert c.grid_theta.tolist() == [0.75]
    with pytest.warns(UndefinedAUCWarning):
        c = rocstats.sroc_curve([1, 1], [2.0, 4.0], rescale=(0, 8), direction=">")
    assert (c.direction, c.rescale) == (">", "linear from [0, 8]")
    c = rocstats.sroc_curve([1, 1, 0, 0], [6, 4, 3, 2], rescale="minmax")
    assert c.rescale == "minmax [2, 6]" and c.sauc == 0.625
    with pytest.warns(UndefinedAUCWarning):
        r = rocstats.roc_curve([1, 1], [0.2, 0.4], direction=">")
    assert r.direction == ">"


def test_weights_below_one_report_the_weighted_totals():
    # weights 1/2, 1/4 (positives) and 1/4, 1/8: totals 3/4 and 3/8, whatever the scaling
    r = rocstats.roc_curve([1, 1, 0, 0], [0.9, 0.3, 0.5, 0.1], sample_weight=[0.5, 0.25, 0.25, 0.125])
    assert (r.n_pos, r.n_neg) == (0.75, 0.375)


def test_sauc_rescale_bound_arithmetic_and_degenerate_bounds():
    # (2, 10): 6, 4, 3, 2 -> 1/2, 1/4, 1/8, 0: R+ = (1/2 + 1/2 + 1/4 + 1/4) / 4 = 3/8,
    # R- = (1/8 + 0 + 1/8 + 0) / 4 = 1/16, sAUC 5/16
    r = rocstats.sauc([1, 1, 0, 0], [6, 4, 3, 2], rescale=(2, 10))
    assert (r.r_pos, r.r_neg, r.sauc) == (0.375, 0.0625, 0.3125)
    with pytest.raises(ValueError, match="finite lo < hi"):
        rocstats.sauc([1, 0], [5, 5], rescale=(5, 5))
    with pytest.raises(ValueError, match=r"got values in \[0.5, 1e\+20\]"):
        rocstats.sauc([1, 0], [1e20, 0.5])


def test_sroc_defaults_and_theta_at_zero():
    c = rocstats.sroc_curve(Y6, M1)
    assert c.grid.size == 201 and c.grid[1] == 0.005 and c.exact
    # exact curve, grid not starting at 0: theta(0) is the step function's, 1
    e = rocstats.sroc_curve(Y6, M1, grid=[0.25, 0.5])
    assert "theta(0)             1\n" in str(e.summary())


def test_sroc_default_breakpoint_limit():
    # m n = 2 000 001 > 2 000 000: the exact steps are not built by default
    n = 2_000_001
    y = np.r_[1, np.zeros(n, dtype=int)]
    s = np.r_[1.0, np.linspace(0.0, 0.5, n)]
    assert not rocstats.sroc_curve(y, s, grid=2).exact


# --------------------------------------------------------------------------- kernels (2)
def test_sum_squares_chunks_stay_within_int64():
    from rocstats._kernels.numpy.roc import _sum_squares
    for c in (2 ** 31, 2 ** 31 + 1, 3_000_000_000):
        assert _sum_squares(np.array([c, c, c], dtype=np.int64)) == 3 * c * c


def test_sauc_kernels_return_float64_and_keep_long_double_sums():
    from rocstats._kernels.numpy import sauc as _sauc_numpy
    pos, neg = np.array([1.0, 2.0 ** -59]), np.array([0.0, 2.0 ** -60])
    exact = sauc_definition(pos, neg)
    for kernel in (_sauc_numpy.sauc_sweep, _sauc_numpy.sauc_pairwise):
        twice_u, out, v, w = kernel(np.sort(pos), np.sort(neg))
        assert out.dtype == v.dtype == w.dtype == np.float64
        assert twice_u == exact["twice_u"]
        assert sorted(w.tolist()) == sorted(float(x) for x in exact["W"])
        assert out[6] == pytest.approx(float(exact["ss_w"]), rel=1e-6)
        assert out[4] == pytest.approx(float(exact["ss_v"]), rel=1e-6)


def test_proc_thresholds_near_the_float_limit():
    # (1.5e308 + 1.7e308) / 2 overflows; pROC halves first: 1.6e308, with no warning
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        b = rocstats.best_threshold([0, 1], [1.5e308, 1.7e308])
        assert b.all_thresholds == (0.75e308 + 0.85e308,)
        b = rocstats.best_threshold([1, 0], [-1.5e308, -1.7e308])
        assert b.all_thresholds == (-0.75e308 - 0.85e308,)


# inputs found by searching small sets of awkward doubles: a float64 accumulation of the
# differences (instead of the kernels' long double) is one unit in the last place off the
# correctly rounded exact value in the listed summaries
_LONG_DOUBLE_CASES = [
    ([8.673617379884035e-19, 0.9999999999999999, 1.0], [0.1, 0.25000000000000006, 1.0],
     (4, 6)),
    ([0.9999999999999999, 1.0, 1.0], [5.551115123125783e-17, 0.5000000000000001, 0.625],
     (2, 6)),
    ([0.25000000000000006, 0.25000000000000006, 0.75],
     [0.25000000000000006, 0.25000000000000006, 0.5000000000000001, 0.625], (4,)),
    ([0.5000000000000001, 0.625, 0.7], [8.673617379884035e-19, 0.1, 0.5000000000000001], (4,)),
    ([0.25000000000000006, 0.3, 0.75, 0.9999999999999999], [0.25000000000000006, 0.3, 0.5],
     (1,)),
    ([0.1, 0.5, 0.75, 0.75], [0.25000000000000006, 0.5000000000000001], (6,)),  # pairwise
]


@pytest.mark.parametrize("pos, neg, fields", _LONG_DOUBLE_CASES)
def test_sauc_kernels_summaries_are_correctly_rounded(pos, neg, fields):
    from rocstats._kernels.numpy import sauc as _sauc_numpy
    d = sauc_definition(pos, neg)
    mn = len(pos) * len(neg)
    exact = {0: d["sauc"] * mn, 1: d["r_pos"] * mn, 2: d["r_neg"] * mn, 4: d["ss_v"],
             6: d["ss_w"]}
    # the first case was found for the sweep (prefix sums), the others for the pairwise
    # definition (row and column sums); each kernel rounds differently elsewhere
    kernels = [_sauc_numpy.sauc_pairwise]
    if pos == _LONG_DOUBLE_CASES[0][0]:
        kernels.append(_sauc_numpy.sauc_sweep)
    for kernel in kernels:
        _, out, _, _ = kernel(np.array(pos), np.array(neg))
        for i in fields:
            assert out[i] == float(exact[i]), (kernel.__name__, i)


def test_kernels_accept_an_empty_class():
    # sums over an empty set of pairs are 0 (every implementation: the C one too)
    from rocstats import _kernels
    one, none = np.array([1.0]), np.empty(0)
    for name, mod in _kernels.implementations().items():
        assert mod.delong_sums_sorted(none, one) == (0, 0, 0), name
        assert mod.delong_sums_sorted(one, none) == (0, 0, 0), name
        assert mod.auc2u_sorted(none, one) == 0 and mod.auc2u_sorted(one, none) == 0, name
