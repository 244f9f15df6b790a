"""Weighted DeLong (`rocstats.curves._weighted`): the integer-overflow guards of the
frequency path, the scale of sampling weights, exact perfect separation, and the
undefined-variance warning (issue 23, surviving mutants).

Expected values: ``definitions.weighted_delong_def`` (O(m n) exact fractions, the
formulas written out directly), rounded once -- the frequency path promises *the same
float* (module docstring); sampling weights within rtol 1e-12 of it (floating-point sums).
Perfect separation: the weighted AUC is exactly 1 by definition (every pair counts 1)
and every placement equals it, so the variance is exactly 0.
"""
import math
import warnings

import numpy as np
import pytest

import rocstats
from definitions import weighted_delong_def
from rocstats._validation import UndefinedAUCWarning


def _split(y, S, w):
    S2 = np.asarray(S, float).reshape(len(y), -1)
    return S2[y == 1], S2[y == 0], w[y == 1], w[y == 0]


def _assert_exact_frequency(y, S, w):
    f = rocstats.delong(y, S, sample_weight=w)
    theta, cov = weighted_delong_def(*_split(y, S, w), "frequency")
    np.testing.assert_array_equal(np.atleast_1d(f.auc), np.array(theta, dtype=float))
    np.testing.assert_array_equal(np.atleast_2d(f.covariance if f.covariance is not None
                                                else f.variance),
                                  np.array(cov, dtype=float))
    assert f.n_pos == sum(int(v) for v in w[y == 1])
    assert f.n_neg == sum(int(v) for v in w[y == 0])
    return f


# ----------------------------------------------------------------- frequency: exact integers
def test_frequency_weights_summing_beyond_int64_stay_exact():
    # class totals 8e18 + 8 and 1.2e19 + 3: beyond int64 (9.2e18), so the counts and
    # their sums must be Python integers; the result is still the exact value rounded once
    y = np.array([1, 1, 1, 1, 0, 0, 0, 0])
    s = np.array([0.9, 0.5, 0.5, 0.2, 0.6, 0.5, 0.3, 0.1])
    w = np.array([3e18, 5e18, 7, 1, 4e18, 6e18, 3, 2e18])
    f = _assert_exact_frequency(y, s, w)
    assert (f.n_pos, f.n_neg) == (8 * 10 ** 18 + 8, 12 * 10 ** 18 + 3)
    # two scores: the covariance through the same exact sums
    _assert_exact_frequency(y, np.c_[s, [0.7, 0.8, 0.4, 0.4, 0.5, 0.2, 0.4, 0.1]], w)


def test_frequency_weights_summing_beyond_2_53_stay_exact():
    # positive total 2**53 + 1: int64 arithmetic is exact, float64 would round the
    # cumulative weights (the counts of positives above each negative)
    y = np.array([1, 1, 1, 1, 0, 0, 0, 0])
    s = np.array([0.9, 0.5, 0.5, 0.2, 0.6, 0.5, 0.3, 0.1])
    w = np.array([2.0 ** 52 + 1, 3, 2.0 ** 52 - 5, 2, 4, 2, 7, 1])
    _assert_exact_frequency(y, s, w)
    _assert_exact_frequency(y, np.c_[s, [0.7, 0.8, 0.4, 0.4, 0.5, 0.2, 0.4, 0.1]], w)


def test_frequency_products_beyond_int64_with_small_class_totals():
    # weights ~1e3 (cases) and ~5e6 (controls): every sum fits int64 but the terms
    # w_i c_i^2 (up to ~1.5e3 * (1.2e8)^2 = 2e19) and their sum do not, so they must be
    # summed exactly (the overflow bound counts the terms: 12 of them, not 1 / 12)
    s = np.array([1.1, 1.6, 1.1, -0.5, 1.7, 1.2, 0.3, 1.4, 1.2, 1.1, 0.8, 1.3,
                  -0.7, -0.2, -0.5, 0.6, 0.0, -0.3, -0.8, -0.3, 0.0, -0.3, 1.3, 1.0])
    w = np.array([1249, 1461, 592, 1224, 793, 1041, 1424, 776, 1225, 660, 822, 1469,
                  4605586, 5080342, 3964842, 3079328, 4622998, 5617448, 4777993,
                  6383416, 4314256, 5565016, 6363948, 7086488], dtype=float)
    y = np.r_[np.ones(12, int), np.zeros(12, int)]
    f = _assert_exact_frequency(y, s, w)
    assert 0 < f.variance < 1e-4
    # two scores: the cross products c_a c_b overflow the same way
    _assert_exact_frequency(y, np.c_[s, -s[::-1]], w)


# ----------------------------------------------------------------- sampling: scale-free
@pytest.mark.parametrize("scale", [1e-200, 1e200, 1e300])
def test_sampling_weights_are_scale_free_at_extreme_scales(scale):
    # the estimator depends on the weights only through their ratios (module docstring);
    # 1e-200 or 1e200 squared leaves the float range, so the weights must be rescaled
    y = np.array([1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0])
    s = np.array([[0.9, 0.4], [0.4, 0.8], [0.7, 0.7], [0.3, 0.1], [0.8, 0.9],
                  [0.5, 0.2], [0.4, 0.6], [0.1, 0.3], [0.35, 0.1], [0.6, 0.5], [0.2, 0.3]])
    w = np.array([1.5, 0.25, 3.0, 1.0, 0.75, 2.0, 0.5, 1.25, 4.0, 1.0, 0.6])
    theta, cov = weighted_delong_def(*_split(y, s, w), "sampling")
    f = rocstats.delong(y, s, sample_weight=w * scale, weight_type="sampling")
    np.testing.assert_allclose(f.auc, np.array(theta, dtype=float), rtol=1e-12)
    np.testing.assert_allclose(f.covariance, np.array(cov, dtype=float), rtol=1e-12)


def test_sampling_perfect_separation_is_exactly_one_with_zero_variance():
    # every case above every control (tied scores within each class): AUC 1 and every
    # placement 1 (cases) / 0 (controls) exactly, so the variance is exactly 0 -- not
    # 1 +- an ulp from summing the same weights in another order
    y = np.array([1, 0] * 12)
    s = np.array([2, 0, 3, 0, 3, 0, 2, 1, 3, 1, 2, 1, 2, 0, 3, 0, 3, 0, 2, 0, 3, 0, 2, 1],
                 dtype=float)
    w = np.array([2.68, 1.56, 1.21, 2.72, 1.33, 2.74, 0.59, 1.85, 1.72, 0.86, 0.61, 1.32,
                  0.71, 0.82, 2.88, 1.96, 1.94, 1.52, 2.78, 1.16, 1.91, 0.68, 1.85, 2.26])
    theta, cov = weighted_delong_def(*_split(y, s, w), "sampling")
    assert (theta[0], cov[0][0]) == (1, 0)
    f = rocstats.delong(y, s, sample_weight=w, weight_type="sampling")
    assert (f.auc, f.variance) == (1.0, 0.0)


@pytest.mark.parametrize("w", [[1, 1, 0.1, 0.2, 0.3], [1, 1, 1, 2.0 ** -53, 2.0 ** -53]])
def test_sampling_perfect_separation_with_unequal_control_weights(w):
    # the control weights summed in input order and in score order differ in the last
    # bit ([1, 1, .1, .2, .3]: 0.6 vs 0.6000000000000001); the placements must divide
    # by the total taken in the cumulative sums' own order, or the AUC comes out as
    # 0.9999999999999998 -- or 1.0000000000000002, above 1 (found by the triage)
    y = np.array([1, 1, 0, 0, 0])
    s = np.array([0.9, 0.8, 0.3, 0.2, 0.1])
    w = np.asarray(w, float)
    theta, cov = weighted_delong_def(*_split(y, s, w), "sampling")
    assert (theta[0], cov[0][0]) == (1, 0)
    f = rocstats.delong(y, s, sample_weight=w, weight_type="sampling")
    assert (f.auc, f.variance) == (1.0, 0.0)


@pytest.mark.parametrize("heavy", [0, 1], ids=["heavy-first", "heavy-second"])
@pytest.mark.parametrize("tiny", [1e-9, 1e-8, 1e-6])
def test_sampling_variance_with_one_dominant_weight(tiny, heavy):
    # one case weight 1 and two of weight `tiny`: kappa = 1 - 2 s3/s2 + s2 is about
    # 2 tiny^2, and computed as written it cancels to 0 (variance inf at 1e-9, 10 % low
    # at 1e-8), and the heaviest case's residual V - A (about 1e-9) keeps only 7 digits
    # when taken as a plain difference.  The definition in exact fractions is the reference.
    # (the heavy case first or second among the positives: the residuals are taken about
    # the heaviest unit, wherever it is)
    y = np.array([1, 1, 1, 0, 0, 0])
    s = np.array([0.9, 0.4, 0.6, 0.5, 0.3, 0.1])
    w = np.array([1, tiny, tiny, 1, 1, 1])
    if heavy:
        s[[0, 1]], w[[0, 1]] = s[[1, 0]], w[[1, 0]]
    theta, cov = weighted_delong_def(*_split(y, s, w), "sampling")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        f = rocstats.delong(y, s, sample_weight=w, weight_type="sampling")
    assert f.auc == pytest.approx(float(theta[0]), rel=1e-14)
    assert f.variance == pytest.approx(float(cov[0][0]), rel=1e-13)


# ----------------------------------------------------------------- undefined variance
def _only_warning(fn):
    with warnings.catch_warnings(record=True) as rec:
        warnings.simplefilter("always")
        res = fn()
    assert [r.category for r in rec] == [UndefinedAUCWarning], [str(r.message) for r in rec]
    return res, str(rec[0].message)


@pytest.mark.parametrize("w, m, n", [([5.5, 0, 1, 1, 2], 1, 3), ([1, 2, 0, 0, 3], 2, 1)])
def test_sampling_one_row_in_a_class_warns_once_and_names_rows(w, m, n):
    y, s = [1, 1, 0, 0, 0], [0.9, 0.7, 0.8, 0.1, 0.3]
    for S in (s, np.c_[s, [0.6, 0.9, 0.2, 0.5, 0.7]]):
        res, msg = _only_warning(lambda: rocstats.delong(
            y, S, sample_weight=w, weight_type="sampling"))
        assert "got rows with positive weight %d and %d" % (m, n) in msg
        assert (res.n_pos, res.n_neg) == (m, n)
        assert np.all(np.isnan(res.variance if res.covariance is None else res.covariance))


@pytest.mark.parametrize("w, m, n", [([1, 0, 1, 1, 2], 1, 4), ([1, 1, 0, 0, 1], 2, 1)])
def test_frequency_one_unit_in_a_class_warns_once_and_names_weight(w, m, n):
    y, s = [1, 1, 0, 0, 0], [0.9, 0.7, 0.8, 0.1, 0.3]
    res, msg = _only_warning(lambda: rocstats.delong(y, s, sample_weight=w))
    assert "got weight %d and %d" % (m, n) in msg
    assert (res.n_pos, res.n_neg) == (m, n) and math.isnan(res.variance)


@pytest.mark.parametrize("scale", [1e-200, 1e200])
def test_sampling_weights_of_one_class_rescaled_alone(scale):
    # each class's weights enter only through their ratios within the class (placements
    # over the class total, kappa over p = w / sum w): scaling the controls alone by
    # 1e-200 changes nothing -- after the division by the largest weight of both classes
    # they are about 1e-200, and their squares must not underflow
    y = np.array([1, 1, 1, 1, 0, 0, 0, 0, 0])
    s = np.array([0.9, 0.4, 0.7, 0.3, 0.5, 0.2, 0.6, 0.1, 0.35])
    w = np.array([1.5, 0.25, 3.0, 1.0, 2.0, 0.5, 1.25, 4.0, 1.0])
    theta, cov = weighted_delong_def(*_split(y, s, w), "sampling")
    w2 = np.where(y == 0, w * scale, w)
    f = rocstats.delong(y, s, sample_weight=w2, weight_type="sampling")
    np.testing.assert_allclose(f.auc, float(theta[0]), rtol=1e-12)
    np.testing.assert_allclose(f.variance, float(cov[0][0]), rtol=1e-12)
