"""AUC and ROC curve against the pairwise definition and scikit-learn."""
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rocstats
from definitions import auc_def

sklearn_metrics = pytest.importorskip("sklearn.metrics")


def _data(seed, n=300, ties=False):
    rng = np.random.default_rng(seed)
    y = rng.random(n) < 0.4
    s = rng.normal(size=n) + y
    if ties:
        s = np.round(s)
    return y.astype(int), s


@pytest.mark.parametrize("ties", [False, True])
def test_auc_matches_definition_and_sklearn(ties):
    y, s = _data(3, ties=ties)
    expected = auc_def(s[y == 1], s[y == 0])
    assert rocstats.auc(y, s) == pytest.approx(expected, rel=1e-14)
    assert rocstats.auc(y, s) == pytest.approx(sklearn_metrics.roc_auc_score(y, s), rel=1e-14)


def test_direction_reverses():
    y, s = _data(4)
    assert rocstats.auc(y, s, direction=">") == pytest.approx(1 - rocstats.auc(y, s), rel=1e-14)
    assert rocstats.auc(y, -s, direction=">") == rocstats.auc(y, s)


def test_pos_label_strings():
    y, s = _data(5)
    lab = np.where(y == 1, "case", "control")
    assert rocstats.auc(lab, s, pos_label="case") == rocstats.auc(y, s)
    assert rocstats.auc(lab, s, pos_label="control") == pytest.approx(1 - rocstats.auc(y, s))


def test_minus_one_plus_one_labels():
    y, s = _data(6)
    assert rocstats.auc(2 * y - 1, s) == rocstats.auc(y, s)


def test_exact_beyond_32_bit_pair_counts():
    # m * n = 4.8e9 > 2**32.  Scores pos = 0..m-1, neg = 0..n-1 (m > n): positive i beats
    # min(i, n) negatives and ties one if i < n, so 2U = n**2 + 2 n (m - n) and
    # AUC = 1 - n / (2 m) exactly (= 0.625 here).
    m, n = 80_000, 60_000
    y = np.r_[np.ones(m), np.zeros(n)]
    s = np.r_[np.arange(m), np.arange(n)].astype(float)
    assert m * n > 2 ** 32
    assert rocstats.auc(y, s) == 1 - n / (2 * m)
    r = rocstats.roc_curve(y, s)
    assert r.auc == 1 - n / (2 * m)


def test_exact_beyond_31_bits_small_difference():
    # m * n = 2.2e9 > 2**31: one tied pair changes U by 1/2, i.e. AUC by 1/(2 m n); the
    # exact result must see it.
    m, n = 47_000, 47_000
    y = np.r_[np.ones(m), np.zeros(n)]
    s = np.r_[np.arange(n, n + m), np.arange(n)].astype(float)   # perfectly separated
    assert rocstats.auc(y, s) == 1.0
    s[m] = n  # the lowest positive score is n; put one negative on it -> one tie
    assert rocstats.auc(y, s) == (2 * m * n - 1) / (2 * m * n)


def test_roc_curve_points_and_ties():
    y = [0, 0, 1, 1, 0, 1]
    s = [0.1, 0.4, 0.4, 0.8, 0.8, 0.9]
    r = rocstats.roc_curve(y, s)
    # thresholds: inf, 0.9, 0.8, 0.4, 0.1 ; counted by hand from the definition
    np.testing.assert_array_equal(r.thresholds, [np.inf, 0.9, 0.8, 0.4, 0.1])
    np.testing.assert_allclose(r.tpr, [0, 1 / 3, 2 / 3, 1, 1])
    np.testing.assert_allclose(r.fpr, [0, 0, 1 / 3, 2 / 3, 1])
    assert r.auc == pytest.approx(auc_def([0.4, 0.8, 0.9], [0.1, 0.4, 0.8]), rel=1e-15)


def test_roc_curve_matches_sklearn_all_thresholds():
    y, s = _data(7, ties=True)
    r = rocstats.roc_curve(y, s)
    fpr, tpr, thr = sklearn_metrics.roc_curve(y, s, drop_intermediate=False)
    np.testing.assert_allclose(r.fpr, fpr, rtol=0, atol=1e-15)
    np.testing.assert_allclose(r.tpr, tpr, rtol=0, atol=1e-15)
    np.testing.assert_array_equal(r.thresholds[1:], thr[1:])
    assert r.thresholds[0] == np.inf


def test_roc_curve_direction_greater_thresholds_in_original_units():
    y = [1, 1, 0, 0]
    s = [0.1, 0.2, 0.3, 0.4]
    r = rocstats.roc_curve(y, s, direction=">")
    np.testing.assert_array_equal(r.thresholds, [-np.inf, 0.1, 0.2, 0.3, 0.4])
    np.testing.assert_allclose(r.tpr, [0, 0.5, 1, 1, 1])
    assert r.auc == 1.0


def test_weighted_curve_equals_replicated_rows():
    # integer weights must give the same curve as repeating rows
    rng = np.random.default_rng(8)
    y = rng.random(60) < 0.5
    s = np.round(rng.normal(size=60), 1)
    w = rng.integers(0, 4, 60)
    r_w = rocstats.roc_curve(y, s, sample_weight=w)
    r_rep = rocstats.roc_curve(np.repeat(y, w), np.repeat(s, w))
    assert r_w.auc == pytest.approx(r_rep.auc, rel=1e-13)
    assert r_w.auc == pytest.approx(
        sklearn_metrics.roc_auc_score(y, s, sample_weight=w), rel=1e-13)


@pytest.mark.filterwarnings("ignore::rocstats.UndefinedAUCWarning")  # m or n = 1: var NaN
@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.integers(0, 5)), min_size=2, max_size=60))
def test_property_curve_area_is_u_statistic(rows):
    y = np.array([r[0] for r in rows])
    s = np.array([r[1] for r in rows], dtype=float)
    if y.all() or not y.any():
        return
    expected = auc_def(s[y], s[~y])
    assert rocstats.auc(y, s) == pytest.approx(expected, rel=1e-14)
    assert rocstats.roc_curve(y, s).auc == pytest.approx(expected, rel=1e-14)
    assert rocstats.delong(y, s).auc == pytest.approx(expected, rel=1e-14)


def test_best_thresholds_by_definition():
    y, s = _data(9, n=120, ties=True)
    r = rocstats.roc_curve(y, s)
    se, sp = r.tpr, 1 - r.fpr
    yj = rocstats.best_threshold(y, s, method="youden")
    # brute force over every observed threshold by the definition of Se and Sp
    best = max((np.mean(s[y == 1] >= t) + np.mean(s[y == 0] < t) - 1, -t) for t in np.unique(s))
    assert yj.criterion == pytest.approx(best[0], abs=1e-12)
    assert yj.sensitivity == pytest.approx(np.mean(s[y == 1] >= yj.threshold))
    assert yj.specificity == pytest.approx(np.mean(s[y == 0] < yj.threshold))
    tl = rocstats.best_threshold(y, s, method="closest_topleft")
    d = (1 - se) ** 2 + (1 - sp) ** 2
    assert tl.criterion == pytest.approx(d.min(), abs=1e-12)
    assert tl.threshold in tl.all_thresholds
    with pytest.raises(ValueError, match="method"):
        rocstats.best_threshold(y, s, method="best")


# --------------------------------------------- issue 9, item 7: weights of any scale
def _weighted_case():
    y = np.array([1, 1, 0, 0, 1, 0, 0, 1])
    s = np.array([0.9, 0.4, 0.4, 0.1, 0.7, 0.3, 0.8, 0.35])
    return y, s


@pytest.mark.parametrize("scale", [1e200, 1e300, 1e-160, 1e-170, 1e-300, 3.7])
def test_weighted_auc_is_scale_free(scale):
    """Equal weights of any magnitude give the unweighted AUC exactly (the issue saw NaN
    for 1e200 and 1e-170 and 0.93749 for 1e-160)."""
    y, s = _weighted_case()
    expected = auc_def(s[y == 1], s[y == 0])
    r = rocstats.roc_curve(y, s, sample_weight=np.full(8, scale))
    assert r.auc == expected
    assert np.isfinite(r.fpr).all() and np.isfinite(r.tpr).all()
    assert r.n_pos == pytest.approx(4 * scale, rel=1e-15)


def test_fractional_weights_equal_the_weighted_definition():
    from fractions import Fraction
    from definitions import weighted_auc_def

    rng = np.random.default_rng(12)
    y = rng.random(40) < 0.4
    s = np.round(rng.normal(size=40), 1)                     # ties across classes
    w = rng.random(40) * 2.5                                 # fractional, not integers
    expected = weighted_auc_def(s[y], s[~y], [Fraction(v) for v in w[y]],
                                [Fraction(v) for v in w[~y]])
    r = rocstats.roc_curve(y, s, sample_weight=w)
    assert r.auc == pytest.approx(float(expected), rel=1e-13)
    # truncating the weights to integers would give another answer
    trunc = weighted_auc_def(s[y], s[~y], np.floor(w[y]).astype(int), np.floor(w[~y]).astype(int))
    assert abs(float(trunc) - float(expected)) > 1e-3
    # mixed scales: a tiny weight still counts
    w2 = w.copy()
    w2[::2] *= 1e-200
    e2 = weighted_auc_def(s[y], s[~y], [Fraction(v) for v in w2[y]], [Fraction(v) for v in w2[~y]])
    assert rocstats.roc_curve(y, s, sample_weight=w2).auc == pytest.approx(float(e2), rel=1e-12)


def test_weights_bad_values():
    y, s = _weighted_case()
    with pytest.raises(ValueError, match="sample_weight must be non-negative"):
        rocstats.roc_curve(y, s, sample_weight=[1, 1, 1, -1, 1, 1, 1, 1])   # mixed signs
    with pytest.raises(ValueError, match="sample_weight contains NaN"):
        rocstats.roc_curve(y, s, sample_weight=[1, 1, 1, np.nan, 1, 1, 1, 1])
    with pytest.raises(ValueError, match="sample_weight has 3 rows"):
        rocstats.roc_curve(y, s, sample_weight=[1, 1, 1])
    with pytest.warns(rocstats.UndefinedAUCWarning):
        assert np.isnan(rocstats.roc_curve(y, s, sample_weight=np.zeros(8)).auc)
    with pytest.warns(rocstats.UndefinedAUCWarning, match="no positives"):
        assert np.isnan(rocstats.roc_curve(y, s, sample_weight=1.0 - y).auc)
