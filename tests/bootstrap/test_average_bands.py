"""Bands, critical values and intervals of rocstats.roc_average (the pieces _band,
simultaneous_critical_value, _fold_auc_ci and _pooled of rocstats.bootstrap._average).

Expected values:
* the t interval of the fold AUCs and the pointwise band: ``mean -/+ t_{k-1} s / sqrt(k)``
  with scipy.stats.t, clipped to [0, 1]; with two folds at level 0.5 (t_1's 0.75 quantile
  is 1 and s / sqrt(2) = |x1 - x2| / 2) that is exactly [min, max] of the two folds;
* the simultaneous critical value: the ``level`` quantile of ``max_j |T_j|``, T_j the
  one-sample t statistic at grid point j of k Gaussian curves drawn with the folds'
  sample covariance (the module docstring).  When the folds' centred columns are
  orthogonal the T_j are independent t_{k-1}, so c = t_{k-1}.ppf((1 + level**(1/m)) / 2)
  for m columns; in general a Monte Carlo reference of that definition (below); with
  one draw, the draw itself;
* the pooled average: rocstats.roc_curve / delong / ci_band on the pooled data (same
  seed), per their documentation.
"""
import math
import warnings

import numpy as np
import pytest
from scipy import stats

import rocstats
from rocstats.bootstrap._average import simultaneous_critical_value

from fold_data import random_folds


def _folds(seed, k, sign=1.0):
    return random_folds(seed, k, rows=(20, 40), shift=1.2, sign=sign)


def _t_stats(curves):
    """|T_j| of k curves (axis -2: the k curves; axis -1: the grid points)."""
    k = curves.shape[-2]
    return np.sqrt(k) * np.abs(curves.mean(axis=-2)) / curves.std(axis=-2, ddof=1)


# ----------------------------------------------------------------- _fold_auc_ci, _band
def test_two_folds_at_level_one_half_give_the_range_of_the_folds():
    """k = 2, level 0.5: t_1.ppf(0.75) = 1 and s / sqrt(2) = |a - b| / 2, so the t
    interval and the pointwise band are [min, max] of the two folds."""
    assert stats.t.ppf(0.75, 1) == pytest.approx(1.0, abs=1e-12)
    folds = _folds(11, 2)
    grid = np.linspace(0, 1, 21)
    a = rocstats.roc_average(folds, grid=grid, level=0.5)
    aucs = np.array([rocstats.auc(y, s) for y, s in folds])
    assert aucs[0] != aucs[1]
    assert (a.auc_ci.lower, a.auc_ci.upper) == pytest.approx((aucs.min(), aucs.max()),
                                                             abs=1e-12)
    assert a.auc_ci.estimate == pytest.approx(aucs.mean(), abs=1e-15)
    assert a.auc_ci.method == "t over folds" and a.auc_ci.level == 0.5
    assert a.critical_value == pytest.approx(1.0, abs=1e-12)
    np.testing.assert_allclose(a.lower, a.fold_tpr.min(axis=0), atol=1e-12)
    np.testing.assert_allclose(a.upper, a.fold_tpr.max(axis=0), atol=1e-12)
    assert (a.upper > a.lower).sum() >= 5          # the folds differ somewhere
    # another level recomputes the t interval
    ci = rocstats.roc_average(folds, grid=grid).conf_int(0.5)
    assert (ci.lower, ci.upper) == pytest.approx((aucs.min(), aucs.max()), abs=1e-12)
    assert ci.method == "t over folds"


def test_two_folds_at_95_percent_are_the_t_band_clipped():
    folds = _folds(12, 2)
    grid = np.linspace(0, 1, 11)
    a = rocstats.roc_average(folds, grid=grid)
    half = stats.t.ppf(0.975, 1) * a.fold_tpr.std(axis=0, ddof=1) / math.sqrt(2)
    mean = a.fold_tpr.mean(axis=0)
    np.testing.assert_allclose(a.lower, np.clip(mean - half, 0, 1), atol=1e-12)
    np.testing.assert_allclose(a.upper, np.clip(mean + half, 0, 1), atol=1e-12)
    aucs = np.array(a.fold_aucs)
    h = stats.t.ppf(0.975, 1) * aucs.std(ddof=1) / math.sqrt(2)
    assert a.auc_ci.lower == pytest.approx(max(0.0, aucs.mean() - h), abs=1e-12)
    assert a.auc_ci.upper == pytest.approx(min(1.0, aucs.mean() + h), abs=1e-12)
    assert aucs.mean() + h > 1.0 and a.auc_ci.upper == 1.0       # clipped
    assert a.auc_ci.method == "t over folds"


def test_one_fold_has_no_band_and_no_interval():
    """One fold: no SD, so the band and the interval are NaN (the mean is the fold)."""
    fold = _folds(13, 1)[0]
    grid = np.linspace(0, 1, 6)
    for band in ("pointwise", "simultaneous"):
        a = rocstats.roc_average([fold], grid=grid, band=band, random_state=0)
        for arr in (a.lower, a.upper):
            assert isinstance(arr, np.ndarray) and arr.dtype == np.float64
            assert arr.shape == grid.shape and np.isnan(arr).all()
        assert a.lower is not a.upper
        assert math.isnan(a.critical_value)
        auc = rocstats.auc(*fold)
        ci = a.auc_ci
        assert math.isnan(ci.lower) and math.isnan(ci.upper)
        assert ci.level == 0.95 and ci.method == "t over folds"
        assert ci.estimate == pytest.approx(auc, abs=1e-15) and a.auc == ci.estimate
        ci9 = a.conf_int(0.9)
        assert math.isnan(ci9.lower) and math.isnan(ci9.upper) and ci9.level == 0.9
        assert ci9.estimate == pytest.approx(auc, abs=1e-15)
    t = rocstats.roc_average([fold], method="threshold", grid=[np.inf, 0.5, -np.inf])
    assert np.isnan(t.lower).all() and np.isnan(t.fpr_upper).all()


@pytest.mark.parametrize("k", [1, 3])
def test_no_band_means_none_bounds(k):
    a = rocstats.roc_average(_folds(14, k), band=None)
    assert a.lower is None and a.upper is None and a.band is None
    assert math.isnan(a.critical_value)
    t = rocstats.roc_average(_folds(14, k), method="threshold", band=None)
    assert t.fpr_lower is None and t.fpr_upper is None and t.upper is None


# ------------------------------------------------------------- the simultaneous value
def test_independent_columns_give_the_product_quantile():
    """k = 4 folds whose centred columns are orthogonal (Hadamard columns, scaled and
    shifted like sensitivities): the Gaussian draws' columns are independent, so
    max_j |T_j| <= c with probability P(|t_3| <= c)^3 and c = t_3.ppf((1 + 0.8^(1/3))/2)
    = 2.734 at level 0.8.  Monte Carlo SE of the 10000-draw quantile: sqrt(p (1 - p) /
    n) / f(c) = 0.026 (f the density of max |T|); tolerance 0.1 (about 4 SE)."""
    h = np.array([[1, -1, 1, -1], [1, 1, -1, -1], [1, -1, -1, 1]], float).T
    vals = np.array([0.55, 0.7, 0.9]) + h * np.array([0.05, 0.1, 0.02])
    level, m, k = 0.8, 3, 4
    G = level ** (1 / m)
    c_def = stats.t.ppf((1 + G) / 2, k - 1)
    f = m * G ** (m - 1) * 2 * stats.t.pdf(c_def, k - 1)
    se = math.sqrt(level * (1 - level) / 10000) / f
    assert se < 0.03
    for seed in (0, 1):
        c = simultaneous_critical_value(vals, level, seed)
        assert c == pytest.approx(c_def, abs=0.1)
    # one of those columns alone, or the same column shifted and scaled three times
    # (perfectly correlated): the t quantile, 1.638 (f = 2 t_3 pdf: SE 0.02)
    one = stats.t.ppf(0.9, k - 1)
    assert simultaneous_critical_value(vals[:, :1], level, 0) == pytest.approx(one, abs=0.08)
    same = np.array([0.2, 0.5, 0.9]) + h[:, :1] * np.array([0.05, 0.1, 0.02])
    assert simultaneous_critical_value(same, level, 0) == pytest.approx(one, abs=0.08)
    # constant columns add nothing
    mixed = np.hstack([np.full((4, 2), 0.25), vals, np.ones((4, 1))])
    assert simultaneous_critical_value(mixed, level, 0) == pytest.approx(c_def, abs=0.1)


def test_two_folds_critical_value_is_the_cauchy_median_without_warnings():
    """k = 2, one grid point: |T| is |t_1| (|Cauchy|), median 1 exactly; f(1) = 1/pi,
    SE of the 10000-draw median 0.005 / 0.318 = 0.016; tolerance 0.07.  A valid call
    warns of nothing."""
    vals = np.array([[0.2, 0.4], [0.6, 0.4]])          # second column: folds agree
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        c = simultaneous_critical_value(vals, 0.5, 3)
        a = rocstats.roc_average(_folds(15, 2), band="simultaneous", level=0.5,
                                 random_state=3)
    assert c == pytest.approx(1.0, abs=0.07)
    assert a.critical_value > 0.5


def test_folds_that_agree_everywhere_give_critical_value_zero():
    """s = 0 at every grid point: T is taken as 0 there (band of width 0), so max |T| is
    0 and so is its quantile.  (Two equal folds: their mean is exact.)"""
    f = _folds(16, 1)[0]
    a = rocstats.roc_average([f, f], band="simultaneous", random_state=0)
    assert a.critical_value == 0.0
    np.testing.assert_array_equal(a.lower, a.tpr)
    np.testing.assert_array_equal(a.upper, a.tpr)
    assert simultaneous_critical_value(np.full((3, 4), 0.5), 0.95, 0) == 0.0


def test_critical_value_matches_a_monte_carlo_of_its_definition():
    """Five folds' vertical values at 6 false-positive rates: the reference draws 40000
    sets of k curves N(0, S) (S the folds' sample covariance, by its eigen-decomposition,
    an independent generator) and takes the 0.9 quantile of max_j |T_j|.  SE of either
    quantile from the reference sample's order statistics (q(p +/- sqrt(p(1-p)/n))):
    0.039 for the function's 10000 draws, 0.020 for the reference (q = 3.68); tolerance
    4 combined SE (0.17).  The band is mean -/+ c s / sqrt(k)."""
    folds = _folds(17, 5)
    grid = np.array([0.05, 0.2, 0.35, 0.5, 0.7, 0.9])
    a = rocstats.roc_average(folds, grid=grid, band="simultaneous", level=0.9,
                             random_state=4)
    v = a.fold_tpr
    k = v.shape[0]
    assert (v.std(axis=0, ddof=1) > 0.005).all()     # the folds differ at every point
    S = np.cov(v, rowvar=False)
    w, U = np.linalg.eigh(S)
    root = U * np.sqrt(np.clip(w, 0, None))
    n_ref = 40000
    z = np.random.default_rng(12345).standard_normal((n_ref, k, S.shape[0]))
    ref = np.sort(_t_stats(z @ root.T).max(axis=1))
    p = 0.9

    def q(pp):
        return float(np.quantile(ref, min(max(pp, 0), 1)))

    def se(n):
        d = math.sqrt(p * (1 - p) / n)
        return (q(p + d) - q(p - d)) / 2

    se_fun, se_ref = se(10000), se(n_ref)
    tol = 4 * math.hypot(se_fun, se_ref)
    assert tol < 0.25
    assert a.critical_value == pytest.approx(q(p), abs=tol)
    assert a.critical_value > stats.t.ppf(0.95, k - 1) + 0.3     # more than pointwise
    se = v.std(axis=0, ddof=1) / math.sqrt(k)
    mean = v.mean(axis=0)
    np.testing.assert_allclose(a.lower, np.clip(mean - a.critical_value * se, 0, 1),
                               atol=1e-12)
    np.testing.assert_allclose(a.upper, np.clip(mean + a.critical_value * se, 0, 1),
                               atol=1e-12)


def test_few_draws_are_the_draws_themselves():
    """With n_draw draws the value is the level quantile of those draws' max |T_j|.  The
    draws: Z @ R, Z (k x k) standard normals from default_rng(random_state) in order, R
    the centred folds / sqrt(k - 1), so each of the k rows is N(0, S)."""
    vals = np.array([[0.1, 0.5], [0.4, 0.6], [0.3, 0.9], [0.8, 0.7]])
    k = vals.shape[0]
    R = (vals - vals.mean(axis=0)) / math.sqrt(k - 1)
    z = np.random.default_rng(7).standard_normal((3, k, k))
    draws = _t_stats(z @ R).max(axis=1)
    for n in (1, 2, 3):
        for level in (0.0, 0.5, 1.0):
            c = simultaneous_critical_value(vals, level, 7, n_draw=n)
            assert c == pytest.approx(np.quantile(draws[:n], level), rel=1e-12)


# ------------------------------------------------------------------------- pooled
def test_pooled_with_direction_level_and_grid_is_ci_band_of_the_pooled_data():
    folds = _folds(18, 3, sign=-1.0)
    y = np.concatenate([f[0] for f in folds])
    s = np.concatenate([f[1] for f in folds])
    grid = np.array([0.0, 0.1, 0.25, 0.4, 0.7, 1.0])
    a = rocstats.roc_average(folds, method="pooled", grid=grid[::-1].copy(), level=0.9,
                             direction=">", n_boot=100, random_state=6)
    c = rocstats.roc_curve(y, s, direction=">")
    assert a.method == "pooled" and a.band == "pointwise" and a.level == 0.9
    assert a.direction == ">" and a.n_folds == 3
    np.testing.assert_array_equal(a.fpr, c.fpr)
    np.testing.assert_array_equal(a.tpr, c.tpr)
    assert a.auc == c.auc and c.auc > 0.6
    trapezoid = float(np.sum(np.diff(c.fpr) * (c.tpr[1:] + c.tpr[:-1])) / 2)
    assert a.auc_of_mean_curve == pytest.approx(trapezoid, abs=1e-14)
    assert a.fold_aucs == pytest.approx([rocstats.auc(yy, ss, direction=">")
                                         for yy, ss in folds], abs=1e-15)
    assert all(isinstance(x, rocstats.ROCCurve) for x in a.fold_curves)
    d = rocstats.delong(y, s, direction=">").conf_int(0.9)
    assert (a.auc_ci.lower, a.auc_ci.upper) == pytest.approx((d.lower, d.upper), abs=1e-14)
    assert a.auc_ci.level == 0.9 and a.auc_ci.method == "DeLong (pooled predictions)"
    assert a.estimand.startswith("ROC / AUC of the pooled out-of-fold predictions")
    assert "one score made of the k models" in a.estimand
    b = rocstats.ci_band(y, s, specificities=1 - grid, level=0.9, n_boot=100,
                         random_state=6, direction=">")
    np.testing.assert_allclose(a.band_fpr, grid, atol=1e-15)
    np.testing.assert_array_equal(a.lower, b["lower"].to_numpy())
    np.testing.assert_array_equal(a.upper, b["upper"].to_numpy())
    assert (a.upper > a.lower).any()
    sim = rocstats.roc_average(folds, method="pooled", band="simultaneous", grid=grid,
                               level=0.9, direction=">", n_boot=100, random_state=6)
    sb = rocstats.ci_band(y, s, kind="simultaneous", specificities=1 - grid, level=0.9,
                          n_boot=100, random_state=6, direction=">")
    assert sim.critical_value == sb.attrs["critical_value"]
    np.testing.assert_array_equal(sim.upper, sb["upper"].to_numpy())


def test_pooled_one_fold_without_band():
    fold = _folds(19, 1)[0]
    a = rocstats.roc_average([fold], method="pooled", band=None)
    c = rocstats.roc_curve(*fold)
    np.testing.assert_array_equal(a.tpr, c.tpr)
    assert a.lower is None and a.upper is None and a.band_fpr is None
    assert a.band is None and math.isnan(a.critical_value)
    assert a.auc == c.auc and a.fold_aucs == (c.auc,)


def _fold_tpr_01(m):
    # ten positives, ten controls; at fpr 0.3 the curve is at TPR 0.1 whatever m is
    y = np.r_[np.ones(10), np.zeros(10)]
    return (y, np.r_[100.0, np.full(m, 2.5), np.full(9 - m, 0.0), np.arange(1.0, 11)])


@pytest.mark.parametrize("band", ["simultaneous", "pointwise"])
def test_a_grid_point_where_the_folds_agree_adds_nothing_to_the_band(band):
    # three folds at TPR 0.1 have the mean 0.10000000000000002 and a computed SD of
    # 1.7e-17, not 0: the point must still get a band of width 0 and leave the critical
    # value as it is without it (it raised c from 4.43 to 6.13 before)
    folds = [_fold_tpr_01(4), _fold_tpr_01(5), _fold_tpr_01(7)]
    without = rocstats.roc_average(folds, grid=[0.85, 1.0], band=band, random_state=0)
    with_it = rocstats.roc_average(folds, grid=[0.3, 0.85, 1.0], band=band, random_state=0)
    assert with_it.tpr[0] == np.mean([0.1, 0.1, 0.1])
    assert with_it.lower[0] == with_it.upper[0] == with_it.tpr[0]
    assert with_it.critical_value == without.critical_value
    np.testing.assert_array_equal(with_it.lower[1:], without.lower)
    np.testing.assert_array_equal(with_it.upper[1:], without.upper)
