"""roc_average's grids, the area under the averaged curve, and pooling ROCCurve folds
(rocstats.bootstrap._average: _check_grid, _trapezoid, _data_of_curve).

Expected values: each fold's sensitivity at a false-positive rate by ROCR's rule as the
module documents it (``approxfun(fpr, tpr, ties = mean, rule = 2)``: the polygon's
vertices sharing a false-positive rate replaced by their mean sensitivity, linear in
between), written here from definitions.roc_polygon_def; hand-computed curves and
trapezoid areas for two four-row folds; threshold points by counting; the pooled curve
from definitions.roc_polygon_def / auc_def of the pooled rows; grid errors by their exact
messages, which name ``grid``."""
import re

import numpy as np
import pytest

import rocstats

from definitions import auc_def, roc_polygon_def

# two folds whose curves are worked out by hand:
# A: scores 0.8 (pos), 0.4 (neg), 0.35 (pos), 0.1 (neg) -> vertices (0,0) (0,.5) (.5,.5)
#    (.5,1) (1,1); ROCR's rule: fpr 0 -> mean(0, .5) = .25, fpr .5 -> mean(.5, 1) = .75,
#    fpr 1 -> 1.
# B: scores 0.9 (pos), 0.7 (pos), 0.6 (neg), 0.2 (neg) -> vertices (0,0) (0,.5) (0,1)
#    (.5,1) (1,1); fpr 0 -> mean(0, .5, 1) = .5, fpr .5 -> 1, fpr 1 -> 1.
FOLD_A = (np.array([0, 0, 1, 1]), np.array([0.1, 0.4, 0.35, 0.8]))
FOLD_B = (np.array([0, 1, 0, 1]), np.array([0.2, 0.9, 0.6, 0.7]))

VERTICAL_MSG = ("grid must be at least 2 increasing false-positive rates in [0, 1] for "
                "method='vertical'")
THRESHOLD_MSG = "grid must be a number of thresholds or the thresholds themselves (no NaN)"
POOLED_MSG = "grid must be false-positive rates in [0, 1] for method='pooled'"
POOLED_DATA_MSG = "method='pooled' needs every fold's data"


def _exact(msg):
    return "^%s$" % re.escape(msg)


def _rocr_vertical_def(y, s, grid):
    """ROCR's vertical rule from the polygon's vertices (module docstring)."""
    y, s = np.asarray(y), np.asarray(s, float)
    by_x = {}
    for x, t in roc_polygon_def(s[y == 1], s[y == 0]):
        by_x.setdefault(x, []).append(t)
    xs = sorted(by_x)
    means = [sum(by_x[x]) / len(by_x[x]) for x in xs]
    out = []
    for g in grid:                       # linear between the means, constant beyond
        if g <= xs[0]:
            out.append(means[0])
        elif g >= xs[-1]:
            out.append(means[-1])
        else:
            j = max(i for i, x in enumerate(xs) if x <= g)
            if xs[j] == g:
                out.append(means[j])
            else:
                w = (g - xs[j]) / (xs[j + 1] - xs[j])
                out.append(means[j] + w * (means[j + 1] - means[j]))
    return np.array(out)


def _counted_point(y, s, t):
    """(fpr, tpr) of ``score >= t`` by counting."""
    y, s = np.asarray(y), np.asarray(s, float)
    return float(np.mean(s[y == 0] >= t)), float(np.mean(s[y == 1] >= t))


def _random_folds(seed, k, n):
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(k):
        y = np.r_[0, 1, rng.integers(0, 2, n - 2)]
        out.append((y, rng.normal(y.astype(float))))
    return out


# --------------------------------------------------------------------------- vertical
def test_hand_worked_vertical_average_and_the_area_under_it():
    a = rocstats.roc_average([FOLD_A, FOLD_B], grid=[0.0, 0.25, 0.5, 1.0], band=None)
    # A at .25: halfway from (0, .25) to (.5, .75) = .5; B at .25: halfway from (0, .5)
    # to (.5, 1) = .75
    np.testing.assert_allclose(a.fold_tpr, [[0.25, 0.5, 0.75, 1.0], [0.5, 0.75, 1.0, 1.0]],
                               rtol=0, atol=1e-15)
    np.testing.assert_allclose(a.tpr, [0.375, 0.625, 0.875, 1.0], rtol=0, atol=1e-15)
    # trapezoids: .25 (.375 + .625) / 2 + .25 (.625 + .875) / 2 + .5 (.875 + 1) / 2
    #           = .125 + .1875 + .46875
    assert a.auc_of_mean_curve == pytest.approx(0.78125, abs=1e-15)
    # mean of the folds' AUCs: A 0.75, B 1.0 (a different estimand from the area)
    assert a.auc == pytest.approx(0.875, abs=1e-15)


def test_two_point_vertical_grid_is_enough():
    a = rocstats.roc_average([FOLD_A, FOLD_B], grid=[0.0, 1.0], band=None)
    np.testing.assert_allclose(a.tpr, [0.375, 1.0], rtol=0, atol=1e-15)
    assert a.auc_of_mean_curve == pytest.approx((0.375 + 1.0) / 2, abs=1e-15)


def test_default_vertical_grid_is_0_to_1_by_001():
    folds = _random_folds(11, 3, 12)
    a = rocstats.roc_average(folds, band=None)
    expected_grid = np.arange(101) / 100.0
    np.testing.assert_allclose(a.fpr, expected_grid, rtol=0, atol=1e-15)
    per = np.vstack([_rocr_vertical_def(y, s, expected_grid) for y, s in folds])
    np.testing.assert_allclose(a.fold_tpr, per, rtol=0, atol=1e-14)
    mean = per.mean(axis=0)
    area = sum(0.01 * (mean[i] + mean[i + 1]) / 2 for i in range(100))
    assert a.auc_of_mean_curve == pytest.approx(area, abs=1e-13)


@pytest.mark.parametrize("grid", [
    [0.0, 1.5],                 # above 1 only
    [-0.5, 0.5],                # below 0 only
    [0.5],                      # one point
    [0.0, 0.5, 0.5, 1.0],       # a repeated point is not increasing
    [0.6, 0.3],                 # decreasing
])
def test_vertical_grid_refused(grid):
    with pytest.raises(ValueError, match=_exact(VERTICAL_MSG)):
        rocstats.roc_average([FOLD_A, FOLD_B], grid=grid, band=None)


def test_vertical_grid_conversion_errors_name_grid():
    with pytest.raises(ValueError, match=_exact("grid contains NaN; remove or impute "
                                                "them first")):
        rocstats.roc_average([FOLD_A, FOLD_B], grid=[0.0, np.nan, 1.0], band=None)
    with pytest.raises(ValueError, match=r"^grid must be 1-dimensional, got shape \(2, 2\)$"):
        rocstats.roc_average([FOLD_A, FOLD_B], grid=[[0.0, 0.5], [0.7, 1.0]], band=None)


# --------------------------------------------------------------------------- threshold
def test_default_threshold_grid_is_101_thresholds_by_rank():
    folds = _random_folds(12, 2, 70)               # 140 distinct pooled scores
    a = rocstats.roc_average(folds, method="threshold", band=None)
    pooled = np.unique(np.concatenate([s for _, s in folds]))[::-1]
    assert pooled.size >= 101
    # module docstring: evenly spaced in rank among the pooled distinct scores, the first
    # +inf; roc_average: 101 by default
    idx = np.round(np.linspace(0, pooled.size - 1, 100)).astype(int)
    assert a.thresholds.size == 101
    np.testing.assert_array_equal(a.thresholds, np.r_[np.inf, pooled[idx]])


def test_two_thresholds_are_plus_inf_and_the_highest_pooled_score():
    a = rocstats.roc_average([FOLD_A, FOLD_B], method="threshold", grid=2, band=None)
    np.testing.assert_array_equal(a.thresholds, [np.inf, 0.9])
    # at 0.9: A has nothing >= 0.9 (0, 0); B has its top positive (0, .5)
    np.testing.assert_allclose(a.fold_fpr, [[0, 0], [0, 0]], rtol=0, atol=0)
    np.testing.assert_allclose(a.fold_tpr, [[0, 0], [0, 0.5]], rtol=0, atol=0)
    with pytest.raises(ValueError, match=_exact("grid must be at least 2 thresholds, got 1")):
        rocstats.roc_average([FOLD_A, FOLD_B], method="threshold", grid=1, band=None)


@pytest.mark.parametrize("thr", [
    [0.5],                                  # one threshold
    np.array([[np.inf], [0.5], [0.0]]),     # a column: read as a flat list
])
def test_given_thresholds_one_or_as_a_column(thr):
    a = rocstats.roc_average([FOLD_A, FOLD_B], method="threshold", grid=thr, band=None)
    flat = np.asarray(thr, float).ravel()
    np.testing.assert_array_equal(a.thresholds, flat)
    pts = np.array([[_counted_point(y, s, t) for t in flat] for y, s in (FOLD_A, FOLD_B)])
    np.testing.assert_allclose(a.fold_fpr, pts[:, :, 0], rtol=0, atol=0)
    np.testing.assert_allclose(a.fold_tpr, pts[:, :, 1], rtol=0, atol=0)
    np.testing.assert_allclose(a.fpr, pts[:, :, 0].mean(axis=0), rtol=0, atol=1e-15)
    np.testing.assert_allclose(a.tpr, pts[:, :, 1].mean(axis=0), rtol=0, atol=1e-15)


@pytest.mark.parametrize("grid", [[], [np.nan, 0.5], [1.0, None]])
def test_threshold_grid_refused(grid):
    with pytest.raises(ValueError, match=_exact(THRESHOLD_MSG)):
        rocstats.roc_average([FOLD_A, FOLD_B], method="threshold", grid=grid, band=None)


# --------------------------------------------------------------------------- pooled
@pytest.mark.parametrize("grid", [[0.0, 1.5], [-0.1, 0.5], [0.5]])
def test_pooled_grid_refused(grid):
    with pytest.raises(ValueError, match=_exact(POOLED_MSG)):
        rocstats.roc_average([FOLD_A, FOLD_B], method="pooled", grid=grid, band=None)


def test_pooled_grid_conversion_errors_name_grid():
    with pytest.raises(ValueError, match=_exact("grid contains NaN; remove or impute "
                                                "them first")):
        rocstats.roc_average([FOLD_A, FOLD_B], method="pooled", grid=[0.2, np.nan],
                             band=None)
    with pytest.raises(ValueError, match=r"^grid must be 1-dimensional, got shape \(1, 2\)$"):
        rocstats.roc_average([FOLD_A, FOLD_B], method="pooled", grid=[[0.2, 0.5]],
                             band=None)


def test_pooled_band_at_a_two_point_grid_with_both_ends_sorted():
    a = rocstats.roc_average([FOLD_A, FOLD_B], method="pooled", grid=[1.0, 0.0],
                             n_boot=20, random_state=0)
    # the band's false-positive rates are the grid, ascending
    np.testing.assert_allclose(a.band_fpr, [0.0, 1.0], rtol=0, atol=1e-15)
    assert a.lower.shape == a.upper.shape == (2,)
    # at fpr 1 every curve is at sensitivity 1
    assert a.lower[1] == a.upper[1] == 1.0


# --------------------------------------------------------------------------- pooled ROCCurve folds
def _pooled_def(folds):
    y = np.concatenate([f[0] for f in folds])
    s = np.concatenate([np.asarray(f[1], float) for f in folds])
    verts = roc_polygon_def(s[y == 1], s[y == 0])
    return (np.array([v[0] for v in verts]), np.array([v[1] for v in verts]),
            auc_def(s[y == 1], s[y == 0]))


@pytest.mark.parametrize("folds", [
    [FOLD_A, FOLD_B, (np.array([1, 0, 0, 1, 0]), np.array([0.4, 0.4, 0.1, 0.9, 0.6]))],
    # a fold with one positive, a fold with one negative
    [(np.array([0, 0, 1]), np.array([0.3, 0.7, 0.5])),
     (np.array([1, 0, 1]), np.array([0.8, 0.2, 0.3]))],
])
def test_pooled_average_of_curves_rebuilds_each_folds_rows(folds):
    curves = [rocstats.roc_curve(y, s) for y, s in folds]
    a = rocstats.roc_average(curves, method="pooled", band=None)
    fpr, tpr, auc = _pooled_def(folds)
    np.testing.assert_allclose(a.fpr, fpr, rtol=0, atol=1e-15)
    np.testing.assert_allclose(a.tpr, tpr, rtol=0, atol=1e-15)
    assert a.auc == pytest.approx(auc, abs=1e-15)
    b = rocstats.roc_average(folds, method="pooled", band=None)
    assert (a.auc_ci.lower, a.auc_ci.upper) == (b.auc_ci.lower, b.auc_ci.upper)


@pytest.mark.parametrize("w_pos, w_neg", [
    ([0.25, 0.75, 1.0], [1.0, 1.0, 1.0]),        # whole totals, fractional positive counts
    ([1.0, 1.0, 1.0], [0.25, 0.75, 1.0]),        # whole totals, fractional negative counts
    ([1e-7, 1.0, 1.0], [1.0, 1.0, 1.0]),         # counts within 1e-6 of whole, total not
])
def test_pooled_average_refuses_a_curve_whose_counts_are_not_whole(w_pos, w_neg):
    # positives score 0.9, 0.6, 0.3 and negatives 0.8, 0.5, 0.1: the first (lightest)
    # weight is at the top of its class, so the curve passes through its fraction
    y = np.array([1, 1, 1, 0, 0, 0])
    s = np.array([0.9, 0.6, 0.3, 0.8, 0.5, 0.1])
    w = np.r_[w_pos, w_neg]
    curve = rocstats.roc_curve(y, s, sample_weight=w)
    plain = rocstats.roc_curve(*FOLD_A)
    with pytest.raises(ValueError, match="^" + re.escape(POOLED_DATA_MSG)):
        rocstats.roc_average([plain, curve], method="pooled", band=None)
    # the same curves average vertically
    assert rocstats.roc_average([plain, curve], band=None).n_folds == 2


@pytest.mark.parametrize("grid, text", [
    (True, "grid must be a number of thresholds or the thresholds themselves, got True"),
    (np.True_, "grid must be a number of thresholds or the thresholds themselves, "
               "got np.True_"),
    (["inf", "0.5"], "grid holds strings, not numbers"),
])
def test_threshold_grid_refuses_booleans_and_strings_as_the_other_grids_do(grid, text):
    # one rule for every grid: the vertical and pooled grids refuse strings too (the
    # threshold grid used to read True as the threshold 1.0 and parse "0.5")
    with pytest.raises(ValueError, match="^" + re.escape(text)):
        rocstats.roc_average([FOLD_A, FOLD_B], method="threshold", grid=grid, band=None)
    if isinstance(grid, list):
        with pytest.raises(ValueError, match="^" + re.escape(text)):
            rocstats.roc_average([FOLD_A, FOLD_B], method="vertical", grid=grid, band=None)


def test_a_float_threshold_grid_is_one_threshold_not_a_count():
    a = rocstats.roc_average([FOLD_A, FOLD_B], method="threshold", grid=np.float64(0.5),
                             band=None)
    np.testing.assert_array_equal(a.thresholds, [0.5])
