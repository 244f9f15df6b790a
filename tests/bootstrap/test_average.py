"""Averaged ROC curves (rocstats.roc_average, roc_average_cv).

Expected values: each fold's polygon by brute force (definitions.roc_polygon_def), the
points sharing a false-positive rate replaced by their mean in plain Python and
interpolated by np.interp (ROCR's approxfun(ties = mean, rule = 2)); threshold points by
counting; the t band and interval with scipy's t quantile; the simultaneous critical value
for one grid point against the t quantile (Monte Carlo error stated).  ROCR itself:
tests/parity/test_roc_average_parity.py (stored) and tests/live/test_rocr_live.py;
coverage: rocstats_validation.roc_average."""
import math
import warnings

import numpy as np
import pytest
from scipy import stats

import rocstats
from rocstats.bootstrap._average import simultaneous_critical_value

from definitions import roc_polygon_def
from fold_data import random_folds


def _folds(seed=0, k=5, ties=True):
    return random_folds(seed, k, digits=1 if ties else None)


def _vertical_def(y, s, grid):
    pos, neg = list(s[y == 1]), list(s[y == 0])
    verts = roc_polygon_def(pos, neg)
    by_x = {}
    for x, t in verts:
        by_x.setdefault(x, []).append(t)
    xs = sorted(by_x)
    return np.interp(grid, xs, [sum(by_x[x]) / len(by_x[x]) for x in xs])


@pytest.mark.parametrize("ties", [True, False])
def test_vertical_average_is_the_mean_of_rocrs_rule_on_each_fold(ties):
    folds = _folds(1, ties=ties)
    grid = np.r_[0.0, np.sort(np.random.default_rng(2).uniform(size=30)), 0.5, 1.0]
    grid = np.unique(grid)
    a = rocstats.roc_average(folds, grid=grid)
    per = np.vstack([_vertical_def(y, s, grid) for y, s in folds])
    np.testing.assert_allclose(a.fold_tpr, per, atol=1e-15)
    np.testing.assert_allclose(a.tpr, per.mean(axis=0), atol=1e-15)
    k = len(folds)
    half = stats.t.ppf(0.975, k - 1) * per.std(axis=0, ddof=1) / math.sqrt(k)
    np.testing.assert_allclose(a.lower, np.clip(per.mean(0) - half, 0, 1), atol=1e-14)
    np.testing.assert_allclose(a.upper, np.clip(per.mean(0) + half, 0, 1), atol=1e-14)
    aucs = np.array([rocstats.auc(y, s) for y, s in folds])
    assert a.auc == pytest.approx(aucs.mean(), abs=1e-15)
    h = stats.t.ppf(0.975, k - 1) * aucs.std(ddof=1) / math.sqrt(k)
    assert a.auc_ci.lower == pytest.approx(aucs.mean() - h, abs=1e-14)
    assert a.auc_ci.upper == pytest.approx(aucs.mean() + h, abs=1e-14)
    assert a.fold_aucs == tuple(aucs)


def test_curves_and_pairs_give_the_same_average():
    folds = _folds(3)
    curves = [rocstats.roc_curve(y, s) for y, s in folds]
    a = rocstats.roc_average(folds, band=None)
    b = rocstats.roc_average(curves, band=None)
    np.testing.assert_array_equal(a.tpr, b.tpr)
    assert a.lower is None and b.band is None


@pytest.mark.parametrize("direction", ["<", ">"])
def test_threshold_average_counts_each_fold_at_each_threshold(direction):
    folds = _folds(4)
    sign = 1 if direction == "<" else -1
    folds = [(y, sign * s) for y, s in folds]
    thr = np.array([np.inf, 1.5, 0.7, 0.0, -0.35, -2.0]) * sign
    a = rocstats.roc_average(folds, method="threshold", grid=thr, direction=direction)
    fx, ty = [], []
    for y, s in folds:
        hit = s >= thr[:, None] if direction == "<" else s <= thr[:, None]
        fx.append((hit & (y == 0)).sum(axis=1) / (y == 0).sum())
        ty.append((hit & (y == 1)).sum(axis=1) / (y == 1).sum())
    np.testing.assert_allclose(a.fpr, np.mean(fx, axis=0), atol=1e-15)
    np.testing.assert_allclose(a.tpr, np.mean(ty, axis=0), atol=1e-15)
    k = len(folds)
    half = stats.t.ppf(0.975, k - 1) * np.std(fx, axis=0, ddof=1) / math.sqrt(k)
    np.testing.assert_allclose(a.fpr_upper, np.clip(np.mean(fx, 0) + half, 0, 1), atol=1e-14)
    assert a.fpr[0] == 0 and a.tpr[0] == 0


def test_threshold_average_default_thresholds_are_pooled_scores_by_rank():
    folds = _folds(5)
    a = rocstats.roc_average(folds, method="threshold", grid=6)
    pooled = np.unique(np.concatenate([s for _, s in folds]))[::-1]
    idx = np.round(np.linspace(0, pooled.size - 1, 5)).astype(int)
    np.testing.assert_array_equal(a.thresholds, np.r_[np.inf, pooled[idx]])


def test_simultaneous_critical_value_for_one_point_is_the_t_quantile():
    """One grid point: max |T*| is |t_{k-1}|, so c is its 0.95 quantile (2.262 for
    k = 10).  10000 draws: the quantile's MC SE is about 0.02; tolerance 0.08."""
    vals = np.random.default_rng(0).normal(size=(10, 1))
    c = simultaneous_critical_value(vals, 0.95, random_state=1)
    assert c == pytest.approx(stats.t.ppf(0.975, 9), abs=0.08)
    # many independent points need a larger c; identical points the same as one
    many = np.random.default_rng(1).normal(size=(10, 40))
    assert simultaneous_critical_value(many, 0.95, 1) > c + 1.0
    same = np.repeat(vals, 40, axis=1)
    assert simultaneous_critical_value(same, 0.95, 1) == pytest.approx(c, abs=0.08)


def test_simultaneous_band_contains_the_pointwise_band_and_is_seeded():
    folds = _folds(6, k=8)
    p = rocstats.roc_average(folds, band="pointwise")
    s1 = rocstats.roc_average(folds, band="simultaneous", random_state=3)
    s2 = rocstats.roc_average(folds, band="simultaneous", random_state=3)
    np.testing.assert_array_equal(s1.lower, s2.lower)
    assert (s1.lower <= p.lower + 1e-15).all() and (s1.upper >= p.upper - 1e-15).all()
    assert s1.critical_value > stats.t.ppf(0.975, 7)


def test_pooled_is_the_curve_and_band_of_the_pooled_predictions():
    folds = _folds(7)
    y = np.concatenate([f[0] for f in folds])
    s = np.concatenate([f[1] for f in folds])
    a = rocstats.roc_average(folds, method="pooled", n_boot=200, random_state=5)
    c = rocstats.roc_curve(y, s)
    np.testing.assert_array_equal(a.tpr, c.tpr)
    assert a.auc == c.auc
    ci = rocstats.delong(y, s).conf_int(0.95)
    assert (a.auc_ci.lower, a.auc_ci.upper) == pytest.approx((ci.lower, ci.upper), abs=1e-15)
    band = rocstats.ci_band(y, s, n_boot=200, random_state=5)
    np.testing.assert_allclose(a.band_fpr, 1 - band["specificity"][::-1], atol=1e-15)
    np.testing.assert_array_equal(a.lower, band["lower"][::-1])
    sim = rocstats.roc_average(folds, method="pooled", band="simultaneous", n_boot=200,
                               random_state=5)
    sb = rocstats.ci_band(y, s, kind="simultaneous", n_boot=200, random_state=5)
    assert sim.critical_value == sb.attrs["critical_value"]
    assert a.conf_int(0.9).upper < a.auc_ci.upper


def test_from_cross_validate_results_and_roc_average_cv():
    sklearn = pytest.importorskip("sklearn")   # noqa: F841
    from sklearn.linear_model import LogisticRegression
    from sklearn.model_selection import StratifiedKFold, cross_validate

    rng = np.random.default_rng(8)
    X = rng.normal(size=(200, 3))
    y = np.where(X[:, 0] + 0.5 * rng.normal(size=200) > 0, "yes", "no")
    cv = StratifiedKFold(5, shuffle=True, random_state=0)
    res = cross_validate(LogisticRegression(), X, y, cv=cv, return_estimator=True,
                         return_indices=True)
    a = rocstats.roc_average(res, X=X, y=y, pos_label="yes")
    manual = []
    for est, idx in zip(res["estimator"], res["indices"]["test"]):
        p = est.predict_proba(X[idx])[:, list(est.classes_).index("yes")]
        manual.append(rocstats.auc(y[idx], p, pos_label="yes"))
    np.testing.assert_allclose(a.fold_aucs, manual, rtol=0, atol=0)
    b = rocstats.roc_average_cv(LogisticRegression(), X, y, cv=cv, pos_label="yes")
    np.testing.assert_array_equal(a.tpr, b.tpr)
    with pytest.raises(ValueError, match="X and y are needed"):
        rocstats.roc_average(res)


def test_bad_input():
    folds = _folds(9)
    with pytest.raises(ValueError, match="^method must be"):
        rocstats.roc_average(folds, method="horizontal")
    with pytest.raises(ValueError, match="^band must be"):
        rocstats.roc_average(folds, band="wide")
    with pytest.raises(ValueError, match="^folds must be"):
        rocstats.roc_average([])
    with pytest.raises(ValueError, match="^fold 1 is a"):
        rocstats.roc_average([folds[0], "x"])
    with pytest.raises(ValueError, match="^grid must be"):
        rocstats.roc_average(folds, grid=[0.5, 0.2])
    with pytest.raises(ValueError, match="^X and y are only used"):
        rocstats.roc_average(folds, X=np.zeros((3, 1)))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(ValueError, match="^fold 1 has an undefined curve"):
            rocstats.roc_average([folds[0], ([1, 1, 1], [0.1, 0.2, 0.3])])


@pytest.mark.needs_reports
def test_plot_roc_draws_folds_band_and_mean():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from rocstats.plot import plot_roc
    from rocstats.plot._average import GID_FOLD
    from rocstats.plot._roc import GID_BAND, GID_CURVE

    folds = _folds(10)
    a = rocstats.roc_average(folds, band="simultaneous", random_state=0)
    ax = plot_roc(a, print_auc=True)
    folds_drawn = [line for line in ax.get_lines() if line.get_gid() == GID_FOLD]
    assert len(folds_drawn) == len(folds)
    mean = [line for line in ax.get_lines() if line.get_gid() == GID_CURVE]
    np.testing.assert_allclose(mean[0].get_ydata(), a.tpr)
    assert [c for c in ax.collections if c.get_gid() == GID_BAND]
    texts = [t.get_text() for t in ax.get_legend().get_texts()]
    assert texts[0].startswith("vertical average, mean AUC: %.3f" % a.auc)
    assert "95% simultaneous band" in texts and "%d fold curves" % len(folds) in texts
    plt.close("all")
    with pytest.raises(ValueError, match="drawn alone"):
        plot_roc(a, folds[0])
