"""delong_joint_test / JointTestResult / delong_pairwise: the corners the main joint-test
file leaves open (issue 23, mutation survivors of rocstats.compare._delong_test).

Expected values come from definitions written here or in tests/definitions.py: the
Mann-Whitney AUC, DeLong's covariance (weighted form for ``weight_type="sampling"``),
Sidak's adjustment 1 - (1 - p)^m, the normal quantile of the Wald interval.  The
degenerate data are chosen so that the covariance is known by hand: a score that
separates the classes perfectly has constant placements, hence variance 0.
"""
import warnings

import numpy as np
import pytest
from scipy import stats

import rocstats
from definitions import auc_def, delong_cov_def, weighted_delong_def
from rocstats import UndefinedAUCWarning

pd = pytest.importorskip("pandas")


def _no_runtime_warnings(fn, *args, **kw):
    """Call fn with NumPy's floating-point errors set to warn, and fail on any
    RuntimeWarning (0/0 and x/0 are expected corners here, handled silently)."""
    with warnings.catch_warnings(record=True) as rec:
        warnings.simplefilter("always")
        with np.errstate(all="warn"):
            out = fn(*args, **kw)
    runtime = [str(w.message) for w in rec if issubclass(w.category, RuntimeWarning)]
    assert runtime == []
    return out, rec


# y = 1 1 0 0; a separates perfectly (AUC 1, placements all 1 / all 0, variance 0),
# -a is perfectly reversed (AUC 0, variance 0).
Y4 = [1, 1, 0, 0]
A4 = np.array([4.0, 3.0, 2.0, 1.0])


def test_summary_rows_of_identical_and_opposite_scores():
    # columns a, a, -a: row "0 - 1" is 0 with SE 0 (identical curves: z 0, p 1);
    # row "1 - 2" is 1 - 0 = 1 with SE 0 (z +inf, p 0)
    t = rocstats.delong_joint_test(Y4, np.column_stack([A4, A4, -A4]))
    s, _ = _no_runtime_warnings(t.summary)
    header, body = s.table
    assert header == ["contrast", "estimate", "SE", "z", "p (unadjusted)"]
    assert body[0] == ["score 0 - score 1", "0", "0", "0", "1"]
    assert body[1] == ["score 1 - score 2", "1", "0", "inf", "0"]


def test_table_and_pairwise_of_identical_and_opposite_scores_are_silent():
    t = rocstats.delong_joint_test(Y4, np.column_stack([A4, A4, -A4]))
    tab, _ = _no_runtime_warnings(t.table)
    assert tab["z"].tolist() == [0.0, np.inf]
    assert tab["p"].tolist() == [1.0, 0.0]
    pw, _ = _no_runtime_warnings(t.pairwise)
    assert pw["comparison"].tolist() == ["score 0 - score 1", "score 0 - score 2",
                                         "score 1 - score 2"]
    assert pw["estimate"].tolist() == [0.0, 1.0, 1.0]
    assert pw["se"].tolist() == [0.0, 0.0, 0.0]
    assert pw["z"].tolist() == [0.0, np.inf, np.inf]


def test_table_default_level_is_95_percent():
    rng = np.random.default_rng(3)
    y = np.r_[np.ones(12, int), np.zeros(15, int)]
    S = rng.normal(size=(27, 3)) + 0.8 * y[:, None]
    t = rocstats.delong_joint_test(y, S)
    tab = t.table()
    pos, neg = S[y == 1], S[y == 0]
    theta, cov = delong_cov_def(pos, neg)
    L = np.array([[1.0, -1.0, 0.0], [0.0, 1.0, -1.0]])
    est = L @ theta
    se = np.sqrt(np.diag(L @ cov @ L.T))
    q = stats.norm.ppf(0.975)
    np.testing.assert_allclose(tab["estimate"], est, rtol=1e-12)
    np.testing.assert_allclose(tab["se"], se, rtol=1e-10)
    np.testing.assert_allclose(tab["ci_lower"], est - q * se, rtol=1e-9)
    np.testing.assert_allclose(tab["ci_upper"], est + q * se, rtol=1e-9)


def test_contrast_se_of_a_zero_variance_combination_is_zero_not_nan():
    # three identical scores: every combination L theta has variance exactly 0; the
    # weights 0.1, 0.2, -0.3 make the rounded quadratic form slightly negative, and the
    # SE is its square root clipped at 0
    y = [1, 1, 0, 1, 0, 0, 1, 0]
    x = np.array([.9, .4, .5, .8, .1, .3, .7, .6])
    t = rocstats.delong_joint_test(y, np.column_stack([x, x, x]),
                                   contrast=[[0.1, 0.2, -0.3]])
    assert t.table()["se"].tolist() == [0.0]
    assert t.summary().table[1][0][2] == "0"


def _mw_auc(y, s, direction="<"):
    y = np.asarray(y)
    s = np.asarray(s, float)
    pos, neg = s[y == 1], s[y == 0]
    return float(auc_def(pos, neg) if direction == "<" else auc_def(-pos, -neg))


def test_undefined_covariance_result_fields():
    # one positive: the AUCs exist (a: 1, b: 2/3) but not their covariance
    y = [1, 0, 0, 0]
    df = pd.DataFrame({"a": [.9, .1, .3, .5], "b": [.3, .2, .4, .1]})
    with warnings.catch_warnings(record=True) as rec:
        warnings.simplefilter("always")
        with np.errstate(all="warn"):
            t = rocstats.delong_joint_test(y, df)
    cats = [w.category for w in rec]
    assert UndefinedAUCWarning in cats
    assert not any(issubclass(c, RuntimeWarning) for c in cats)
    aucs = (_mw_auc(y, df["a"]), _mw_auc(y, df["b"]))
    assert aucs == pytest.approx((1.0, 2 / 3))
    assert t.aucs == pytest.approx(aucs, rel=1e-14)
    np.testing.assert_allclose(t.estimate, [aucs[0] - aucs[1]], rtol=1e-14)
    assert np.isnan(t.statistic) and np.isnan(t.pvalue) and np.isnan(t.df)
    assert t.method == "DeLong's joint chi-square test of 2 correlated AUCs"
    assert t.alternative == "two-sided"
    assert t.distribution == "chi2"
    assert t.pos_label == 1
    assert list(t.names) == ["a", "b"]
    np.testing.assert_array_equal(t.contrast, [[1.0, -1.0]])
    assert t.contrast_names == ("a - b",)
    assert t.covariance.shape == (2, 2) and np.isnan(t.covariance).all()


def test_one_class_result_keeps_names_and_labels():
    df = pd.DataFrame({"a": [.9, .1, .3], "b": [.3, .2, .4]})
    with pytest.warns(UndefinedAUCWarning):
        t = rocstats.delong_joint_test([0, 0, 0], df)
    assert list(t.names) == ["a", "b"]
    assert t.alternative == "two-sided" and t.distribution == "chi2"
    assert t.pairwise()["comparison"].tolist() == ["a - b"]


def test_weights_are_validated_before_the_one_class_guard():
    # fractional frequency weights are invalid whatever the labels
    with pytest.raises(ValueError, match="whole numbers"):
        rocstats.delong_joint_test([1, 1, 1, 1], np.ones((4, 2)),
                                   sample_weight=[0.5, 1, 1, 1])


def test_sampling_weights_give_the_sampling_covariance():
    y = np.array([1, 1, 1, 0, 0, 0, 0, 1])
    S = np.array([[.9, .8], [.4, .7], [.6, .2], [.3, .5], [.5, .1], [.2, .3], [.1, .6],
                  [.8, .9]])
    w = np.array([1.5, 2.0, 0.5, 1.0, 3.0, 1.0, 2.5, 1.0])
    t = rocstats.delong_joint_test(y, S, sample_weight=w, weight_type="sampling")
    theta, cov = weighted_delong_def(S[y == 1], S[y == 0], list(w[y == 1]),
                                     list(w[y == 0]), weight_type="sampling")
    cov = np.array(cov, float)
    np.testing.assert_allclose(t.aucs, np.array(theta, float), rtol=1e-12)
    np.testing.assert_allclose(t.covariance, cov, rtol=1e-10)
    d = np.array(theta, float) @ [1.0, -1.0]
    assert t.statistic == pytest.approx(d * d / (cov[0, 0] + cov[1, 1] - 2 * cov[0, 1]),
                                        rel=1e-9)


def test_pairwise_passes_the_direction():
    y = [1, 1, 1, 0, 0, 0]
    s = np.array([[.9, .8, .3], [.8, .4, .2], [.7, .9, .6], [.6, .3, .7], [.2, .5, .1],
                  [.1, .2, .4]])
    tab = rocstats.delong_pairwise(y, s, direction=">")
    aucs = [_mw_auc(y, s[:, c], ">") for c in range(3)]
    assert aucs == pytest.approx([0.0, 1 / 9, 5 / 9])
    np.testing.assert_allclose(tab["estimate"], [aucs[0] - aucs[1], aucs[0] - aucs[2],
                                                 aucs[1] - aucs[2]], rtol=1e-12)


def test_contrast_labels_only_for_plain_differences():
    y = [1, 1, 0, 0, 1, 0]
    s = np.array([[.9, .8, .3], [.8, .4, .2], [.7, .9, .6], [.6, .3, .7], [.2, .5, .1],
                  [.1, .2, .4]])
    t = rocstats.delong_joint_test(y, s, contrast=[[1, 1, 0], [1, -0.5, -0.5], [0, 1, -1],
                                                   [2, -2, 0]])
    assert t.contrast_names == ("L[0]", "L[1]", "score 1 - score 2", "L[3]")


def test_statsmodels_adjustment_sidak():
    pytest.importorskip("statsmodels")
    y, rng = np.r_[np.ones(20, int), np.zeros(25, int)], np.random.default_rng(5)
    S = rng.normal(size=(45, 3)) + np.array([0.2, 0.8, 1.4]) * y[:, None]
    tab = rocstats.delong_pairwise(y, S, adjust=("sidak",))
    assert "p_sidak" in tab.columns
    p = tab["p"].to_numpy()
    np.testing.assert_allclose(tab["p_sidak"], 1.0 - (1.0 - p) ** p.size, rtol=1e-10,
                               atol=1e-15)


def test_non_string_adjust_is_not_read_as_a_method_name():
    class Holmish:
        def __str__(self):
            return "holm"

    y = [1, 1, 0, 0, 1, 0]
    s = np.array([[.9, .8], [.8, .4], [.7, .9], [.6, .3], [.2, .5], [.1, .2]])
    with pytest.raises((ValueError, AttributeError, TypeError)):
        rocstats.delong_pairwise(y, s, adjust=[Holmish()])


def test_pairwise_se_of_placements_shifted_by_a_constant_is_zero():
    # positives 2, 4, ..., 12; negatives 1, 3, ..., 11 in score a and 3, 5, ..., 13 in
    # score b: every positive's placement drops by 1/6 and every negative's by 1/6, so
    # Var(AUC_a - AUC_b) = 0 exactly (the rounded quadratic form is slightly negative;
    # the SE is its square root clipped at 0)
    pos, neg = np.arange(2.0, 13.0, 2.0), np.arange(1.0, 12.0, 2.0)
    y = np.r_[np.ones(6, int), np.zeros(6, int)]
    a, b = np.r_[pos, neg], np.r_[pos, neg + 2.0]
    assert _mw_auc(y, a) - _mw_auc(y, b) == pytest.approx(1 / 6)
    tab = rocstats.delong_pairwise(y, np.column_stack([a, b]))
    assert tab["se"].tolist() == [0.0]
    assert tab["estimate"].tolist() == pytest.approx([1 / 6], rel=1e-14)
