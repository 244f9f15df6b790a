"""Variance of Hand & Till's M, the pairwise covariance and the paired test of two models.

Expected values come from the O(n^2) loops and exact fractions of ``definitions.py``
(written from the formula, not from the code), from rocstats.delong / delong_test with two
classes (validated against pROC), and from scipy's normal quantiles.  The Monte Carlo checks
(variance ratio, CI coverage, size) are in rocstats_validation.multiclass_mc.
"""
import warnings
from fractions import Fraction

import numpy as np
import pytest
from scipy import stats

import rocstats
from definitions import (multiclass_cov_def, multiclass_placements_def,
                         multiclass_variance_fraction)
from rocstats import UndefinedAUCWarning


def _data(seed, counts=(30, 45, 25), ties=False, strength=1.0):
    rng = np.random.default_rng(seed)
    C = len(counts)
    y = rng.permutation(np.repeat(np.arange(C), counts))
    logits = rng.normal(size=(y.size, C)) + strength * np.eye(C)[y]
    P = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    if ties:
        P = np.round(P, 1)
    return y, P


def _pair_matrix(cov4, pairs):
    return np.array([[cov4[i, j, k, l] for (k, l) in pairs] for (i, j) in pairs])


@pytest.mark.parametrize("counts,ties", [((30, 45, 25), False), ((30, 45, 25), True),
                                         ((12, 20, 9, 15, 30), True), ((2, 3, 2), True),
                                         ((40, 35), False)])
def test_variance_and_covariance_match_the_definition(counts, ties):
    y, P = _data(sum(counts) + ties, counts, ties)
    C = len(counts)
    M, pairs, A, cov, var_M = multiclass_cov_def(y, P, list(range(C)))
    r = rocstats.multiclass_auc(y, P, covariance=True)
    assert r.auc == pytest.approx(M, rel=1e-14)
    assert r.variance == pytest.approx(var_M, rel=1e-12)
    assert r.se == pytest.approx(np.sqrt(var_M), rel=1e-12)
    np.testing.assert_allclose(_pair_matrix(r.pairwise_covariance, pairs), cov, rtol=1e-11,
                               atol=1e-17)
    for p, (i, j) in enumerate(pairs):
        assert r.pairwise[i, j] == pytest.approx(A[p], rel=1e-14)
        assert r.pairwise_variance[i, j] == pytest.approx(cov[p, p], rel=1e-11)
        assert r.pairwise_se[i, j] == pytest.approx(np.sqrt(cov[p, p]), rel=1e-11)
    diag = np.arange(C)
    assert np.isnan(r.pairwise_covariance[diag, diag]).all()
    assert np.isnan(r.pairwise_covariance[:, :, diag, diag]).all()
    assert np.isnan(np.diag(r.pairwise_variance)).all()
    # without covariance=True the C**4 array is not built; the rest is the same
    r0 = rocstats.multiclass_auc(y, P)
    assert r0.pairwise_covariance is None
    assert r0.variance == r.variance
    np.testing.assert_array_equal(r0.pairwise_variance, r.pairwise_variance)


@pytest.mark.parametrize("seed", range(4))
def test_variance_equals_exact_fractions_on_small_grids(seed):
    rng = np.random.default_rng(100 + seed)
    C = 3 + seed % 2
    counts = rng.integers(2, 6, C)
    y = rng.permutation(np.repeat(np.arange(C), counts))
    P = rng.integers(0, 5, (y.size, C)) / 4.0          # quarter steps: many ties
    exact = multiclass_variance_fraction(y, P, list(range(C)))
    assert rocstats.multiclass_auc(y, P).variance == pytest.approx(float(exact), rel=1e-13)


def test_docstring_case_by_hand():
    # Z = (4, 4 | 4, 3 | 3, 4): s^2 = 0, 1/2, 1/2 -> var(M) = (1/4 + 1/4) / 36 = 1/72
    y = [0, 0, 1, 1, 2, 2]
    p = [[.8, .1, .1], [.7, .2, .1], [.1, .6, .3], [.1, .3, .6], [.1, .4, .5], [.2, .1, .7]]
    assert multiclass_variance_fraction(y, p, [0, 1, 2]) == Fraction(1, 72)
    r = rocstats.multiclass_auc(y, p)
    assert r.variance == pytest.approx(1 / 72, rel=1e-14)
    # A(1|2): placements (1, 1/2) and (1/2, 1): variance 1/8/2 + 1/8/2 = 1/8
    assert r.pairwise_variance[1, 2] == pytest.approx(1 / 8, rel=1e-14)
    assert r.pairwise_variance[0, 1] == 0.0


@pytest.mark.parametrize("ties", [False, True])
def test_two_classes_equal_delong_of_the_mean_of_both_orientations(ties):
    # A(1|0) is column 1 with class 1 positive; A(0|1) is column 0 with class 0 positive,
    # i.e. minus column 0 with class 1 positive: the same cases, two correlated AUCs
    y, P = _data(7, (40, 55), ties)
    r = rocstats.multiclass_auc(y, P)
    d = rocstats.delong(y, np.column_stack([P[:, 1], -P[:, 0]]))
    assert r.auc == pytest.approx(d.auc.mean(), rel=1e-14)
    assert r.variance == pytest.approx(0.25 * d.covariance.sum(), rel=1e-12)
    np.testing.assert_allclose([r.pairwise_variance[1, 0], r.pairwise_variance[0, 1]],
                               d.variance, rtol=1e-12)


def test_labels_order_and_dataframe_names_permute_consistently():
    pd = pytest.importorskip("pandas")
    y, P = _data(8, (20, 30, 25), ties=True)
    names = np.array(["setosa", "versicolor", "virginica"])
    df = pd.DataFrame(P, columns=names)[["virginica", "setosa", "versicolor"]]
    r = rocstats.multiclass_auc(names[y], df, covariance=True)
    base = rocstats.multiclass_auc(y, P, covariance=True)
    assert r.variance == pytest.approx(base.variance, rel=1e-14)
    np.testing.assert_allclose(r.pairwise_covariance, base.pairwise_covariance, rtol=1e-14)
    # another class order: the same M and variance, pairwise entries permuted
    order = [2, 0, 1]
    r2 = rocstats.multiclass_auc(y, P[:, order], labels=order, covariance=True)
    assert r2.variance == pytest.approx(base.variance, rel=1e-13)
    ix = np.ix_(order, order)
    np.testing.assert_allclose(r2.pairwise_variance, base.pairwise_variance[ix], rtol=1e-13)
    np.testing.assert_allclose(r2.pairwise_covariance,
                               base.pairwise_covariance[np.ix_(order, order, order, order)],
                               rtol=1e-13)


def test_invariant_to_increasing_transforms_of_each_column():
    # a rank statistic per column: no probability matrix is needed (logits are fine)
    y, P = _data(9, (25, 35, 30), ties=True)
    T = np.column_stack([np.log(P[:, 0] + 0.01), 10 * P[:, 1] - 3, P[:, 2] ** 3 + 7])
    a, b = rocstats.multiclass_auc(y, P), rocstats.multiclass_auc(y, T)
    assert (a.auc, a.variance) == (b.auc, b.variance)
    np.testing.assert_array_equal(a.pairwise_variance, b.pairwise_variance)
    logits = np.log(P + 0.05)
    t = rocstats.multiclass_auc_test(y, logits, P)
    assert (t.estimate, t.statistic, t.pvalue) == (0.0, 0.0, 1.0)


def test_conf_int_wald_and_logit():
    y, P = _data(10)
    r = rocstats.multiclass_auc(y, P)
    z = stats.norm.ppf(0.975)
    lo, hi = r.conf_int()
    assert lo == pytest.approx(r.auc - z * r.se, rel=1e-14)
    assert hi == pytest.approx(min(1.0, r.auc + z * r.se), rel=1e-14)
    ci = r.conf_int(0.9, method="logit")
    lg, s = np.log(r.auc / (1 - r.auc)), r.se / (r.auc * (1 - r.auc))
    q = stats.norm.ppf(0.95)
    assert ci.lower == pytest.approx(1 / (1 + np.exp(-(lg - q * s))), rel=1e-13)
    assert ci.upper == pytest.approx(1 / (1 + np.exp(-(lg + q * s))), rel=1e-13)
    assert ci.level == 0.9 and ci.method == "logit"
    with pytest.raises(ValueError, match="level"):
        r.conf_int(1.5)


def test_summary_lists_m_its_ci_and_every_pair():
    y = [0, 0, 1, 1, 2, 2]
    p = [[.8, .1, .1], [.7, .2, .1], [.1, .6, .3], [.1, .3, .6], [.1, .4, .5], [.2, .1, .7]]
    r = rocstats.multiclass_auc(y, p)
    text = str(r.summary()).splitlines()
    se = np.sqrt(1 / 72)
    lo = 11 / 12 - stats.norm.ppf(0.975) * se
    assert text[0] == "Multiclass AUC (Hand & Till)"
    assert text[2].split() == ["Hand", "&", "Till", "M", "%.6g" % (11 / 12)]
    assert text[4].split() == ["SE", "%.6g" % se]
    assert text[5].split() == ["95%", "CI", "(Wald)", "[%.6g," % lo, "1]"]
    assert text[7].split() == ["class", "counts", "0:", "2,", "1:", "2,", "2:", "2"]
    assert text[9].split() == ["pair", "AUC", "SE"]
    assert text[13].split() == ["A(1|2)", "0.75", "%.6g" % np.sqrt(1 / 8)]
    assert len(text) == 17
    assert "A(2|1)" in r._repr_html_()


def test_a_class_of_one_row_gives_nan_variance_with_a_warning():
    y = np.array([0, 0, 0, 1, 2, 2, 2])
    P = np.random.default_rng(11).random((7, 3))
    with pytest.warns(UndefinedAUCWarning, match="at least 2 rows"):
        r = rocstats.multiclass_auc(y, P, covariance=True)
    assert np.isfinite(r.auc) and np.isnan(r.variance) and np.isnan(r.se)
    assert np.isnan(r.pairwise_covariance).all()
    lo, hi = r.conf_int()
    assert np.isnan(lo) and np.isnan(hi)
    # pairs that do not involve class 1 keep their variance
    assert np.isfinite(r.pairwise_variance[0, 2]) and np.isnan(r.pairwise_variance[0, 1])
    with pytest.warns(UndefinedAUCWarning):
        t = rocstats.multiclass_auc_test(y, P, P[:, ::-1])
    assert np.isnan(t.statistic) and np.isnan(t.pvalue) and np.isfinite(t.estimate)


# --------------------------------------------------------------------------- the test
def _z_def(y, A, B, classes):
    """z of M_a - M_b from the O(n^2) placements (definitions.py)."""
    _, Aa, phi_a = multiclass_placements_def(y, A, classes)
    _, Ab, phi_b = multiclass_placements_def(y, B, classes)
    K = Aa.size
    zdiff = phi_a.sum(axis=1) - phi_b.sum(axis=1)
    var = sum(np.var(zdiff[np.asarray(y) == c], ddof=1) / np.sum(np.asarray(y) == c)
              for c in classes) / K ** 2
    d = Aa.mean() - Ab.mean()
    return d, np.sqrt(var), d / np.sqrt(var)


@pytest.mark.parametrize("ties", [False, True])
def test_paired_test_matches_the_definition(ties):
    y, A = _data(12, (25, 30, 20, 15), ties)
    rng = np.random.default_rng(13)
    B = np.clip(A + rng.normal(scale=0.15, size=A.shape), 0, 1)
    if ties:
        B = np.round(B, 1)
    d, se, z = _z_def(y, A, B, [0, 1, 2, 3])
    t = rocstats.multiclass_auc_test(y, A, B)
    assert t.estimate == pytest.approx(d, rel=1e-12)
    assert t.se == pytest.approx(se, rel=1e-11)
    assert t.statistic == pytest.approx(z, rel=1e-11)
    assert t.pvalue == pytest.approx(2 * stats.norm.sf(abs(z)), rel=1e-9)
    assert t.aucs == pytest.approx((rocstats.multiclass_auc(y, A).auc,
                                    rocstats.multiclass_auc(y, B).auc), rel=1e-15)
    assert t.distribution == "normal" and t.alternative == "two-sided"
    g = rocstats.multiclass_auc_test(y, A, B, alternative="greater")
    assert g.pvalue == pytest.approx(stats.norm.sf(z), rel=1e-9)
    le = rocstats.multiclass_auc_test(y, A, B, alternative="less")
    assert le.pvalue == pytest.approx(stats.norm.cdf(z), rel=1e-9)
    lo, hi = t.conf_int()
    assert lo == pytest.approx(d - stats.norm.ppf(0.975) * se, rel=1e-10)
    # the variance of M_a - M_b is var(M_a) + var(M_b) - 2 cov: var(M_a) itself when
    # model b carries no information (constant columns: placements all 1/2)
    const = rocstats.multiclass_auc_test(y, A, np.zeros_like(A))
    assert const.se == pytest.approx(rocstats.multiclass_auc(y, A).se, rel=1e-12)
    assert const.estimate == pytest.approx(rocstats.multiclass_auc(y, A).auc - 0.5, rel=1e-14)


def test_paired_test_with_two_classes_is_delongs_contrast():
    y, A = _data(14, (35, 45), ties=True)
    B = np.round(np.clip(A + np.random.default_rng(15).normal(scale=0.2, size=A.shape),
                         0, 1), 1)
    cols = np.column_stack([A[:, 1], -A[:, 0], B[:, 1], -B[:, 0]])
    L = np.array([0.5, 0.5, -0.5, -0.5])
    joint = rocstats.delong_joint_test(y, cols, contrast=L)
    t = rocstats.multiclass_auc_test(y, A, B)
    assert t.estimate == pytest.approx(float(joint.estimate[0]), rel=1e-13)
    assert t.statistic ** 2 == pytest.approx(joint.statistic, rel=1e-10)
    assert t.pvalue == pytest.approx(joint.pvalue, rel=1e-8)


def test_paired_test_identical_models_and_names():
    pd = pytest.importorskip("pandas")
    y, A = _data(16)
    t = rocstats.multiclass_auc_test(y, A, A.copy())
    assert (t.statistic, t.pvalue, t.estimate, t.se) == (0.0, 1.0, 0.0, 0.0)
    # DataFrames matched by name, independently for each model
    dfa = pd.DataFrame(A, columns=["0", "1", "2"])
    dfb = dfa[["2", "1", "0"]]
    t2 = rocstats.multiclass_auc_test(y, dfa, dfb)
    assert (t2.statistic, t2.estimate) == (0.0, 0.0)
    # perfect vs reversed: se 0 but a difference -> z = inf, p = 0
    yp = np.repeat([0, 1, 2], 3)
    perfect = np.eye(3)[yp] + 0.01 * np.arange(9)[:, None]
    worst = -perfect
    t3 = rocstats.multiclass_auc_test(yp, perfect, worst)
    assert t3.estimate == 1.0 and t3.statistic == np.inf and t3.pvalue == 0.0


def test_paired_test_bad_inputs_name_the_argument():
    pd = pytest.importorskip("pandas")
    y, A = _data(17)
    with pytest.raises(ValueError, match="prob_b has 2 columns"):
        rocstats.multiclass_auc_test(y, A, A[:, :2])
    with pytest.raises(ValueError, match="y_true has 100 rows but prob_a has 99"):
        rocstats.multiclass_auc_test(y, A[:-1], A)
    bad = A.copy()
    bad[0, 0] = np.inf
    with pytest.raises(ValueError, match="prob_b contains infinite"):
        rocstats.multiclass_auc_test(y, A, bad)
    with pytest.raises(ValueError, match="prob_a must be 2-dimensional"):
        rocstats.multiclass_auc_test(y, A[:, 0], A)
    with pytest.raises(ValueError, match="prob_b's column names"):
        rocstats.multiclass_auc_test(y, A, pd.DataFrame(A, columns=["a", "b", "c"]))
    with pytest.raises(ValueError, match="alternative"):
        rocstats.multiclass_auc_test(y, A, A, alternative="two.sided")
    with pytest.raises(ValueError, match="y_prob contains NaN"):
        bad[0, 0] = np.nan
        rocstats.multiclass_auc(y, bad)


def test_large_input_is_fast_enough_and_finite():
    # 5 classes, 200000 rows: one sort per class and column, O(C n) sweeps
    rng = np.random.default_rng(18)
    y = rng.integers(0, 5, 200_000)
    P = rng.random((200_000, 5)) + 0.3 * np.eye(5)[y]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        r = rocstats.multiclass_auc(y, P)
    assert 0.5 < r.auc < 1 and 0 < r.variance < 1e-5
