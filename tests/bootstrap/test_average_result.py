"""The AveragedROC result of rocstats.roc_average: conf_int at another level, summary(),
plot(), and which dicts are read as cross_validate results.

Expected values come from definitions written here or in tests/definitions.py: each
fold's AUC by the pairwise sum (definitions.auc_def), the vertical average by ROCR's
rule on the brute-force polygon (definitions.roc_polygon_def, ties replaced by their
mean, np.interp), the t interval and band with scipy's t quantile, the pooled DeLong
interval from definitions.delong_cov_def with scipy's normal quantile.  Summary text:
the labels and numbers a user reads (parsed), not whole formatted strings."""
import math

import numpy as np
import pytest
from scipy import stats

import rocstats
from rocstats import ConfidenceInterval
from rocstats.bootstrap._average import unit_ci_from

from definitions import auc_def, delong_cov_def, roc_polygon_def

GRID = np.array([0.0, 0.1, 0.25, 0.4, 0.5, 0.7, 0.9, 1.0])


def _folds():
    """Four small folds with ties and different AUCs (fixed seed)."""
    rng = np.random.default_rng(20261128)
    out = []
    for n in (12, 14, 11, 13):
        y = rng.integers(0, 2, n)
        y[:2] = (0, 1)
        s = np.round(rng.normal(0.9 * y), 1)
        out.append((y, s))
    return out


def _fold_aucs(folds):
    return np.array([auc_def(s[y == 1], s[y == 0]) for y, s in folds])


def _vertical_def(y, s, grid):
    """ROCR's vertical rule on the brute-force polygon: vertices sharing a
    false-positive rate replaced by their mean sensitivity, linear in between."""
    by_x = {}
    for x, t in roc_polygon_def(s[y == 1], s[y == 0]):
        by_x.setdefault(x, []).append(t)
    xs = sorted(by_x)
    return np.interp(grid, xs, [sum(by_x[x]) / len(by_x[x]) for x in xs])


def _t_interval(aucs, level):
    k = aucs.size
    half = stats.t.ppf(0.5 + level / 2, k - 1) * aucs.std(ddof=1) / math.sqrt(k)
    return max(0.0, aucs.mean() - half), min(1.0, aucs.mean() + half)


def _pooled_delong(folds, level):
    y = np.concatenate([f[0] for f in folds])
    s = np.concatenate([f[1] for f in folds])
    theta, var = delong_cov_def(s[y == 1], s[y == 0])
    z = stats.norm.ppf(0.5 + level / 2)
    se = math.sqrt(var[0, 0])
    return theta[0], (max(0.0, theta[0] - z * se), min(1.0, theta[0] + z * se))


def _rows(summary):
    return dict(summary.rows)


def _interval(text):
    assert text.startswith("[") and text.endswith("]"), text
    lo, hi = text[1:-1].split(", ")
    return float(lo), float(hi)


# ------------------------------------------------------------------------- conf_int
def test_conf_int_at_the_results_level_is_the_stored_interval():
    a = rocstats.roc_average(_folds(), grid=GRID)
    assert a.conf_int() is a.auc_ci
    assert a.conf_int(0.95) is a.auc_ci
    lo, hi = _t_interval(_fold_aucs(_folds()), 0.95)
    assert (a.conf_int().lower, a.conf_int().upper) == pytest.approx((lo, hi), abs=1e-14)


@pytest.mark.parametrize("method", ["vertical", "threshold"])
def test_conf_int_at_another_level_is_the_t_interval_of_the_fold_aucs(method):
    folds = _folds()
    aucs = _fold_aucs(folds)
    a = rocstats.roc_average(folds, method=method, band=None)
    for level in (0.8, 0.99):
        ci = a.conf_int(level)
        assert ci.level == level
        assert ci.method == "t over folds"
        assert (ci.lower, ci.upper) == pytest.approx(_t_interval(aucs, level), abs=1e-14)
        assert ci.estimate == pytest.approx(aucs.mean(), abs=1e-15)
    assert a.conf_int(0.8).upper < a.auc_ci.upper < a.conf_int(0.99).upper


def test_pooled_conf_int_at_another_level_is_delongs_wald_interval():
    folds = _folds()
    a = rocstats.roc_average(folds, method="pooled", band=None)
    theta, ci95 = _pooled_delong(folds, 0.95)
    assert (a.auc_ci.lower, a.auc_ci.upper) == pytest.approx(ci95, abs=1e-14)
    for level in (0.8, 0.99):
        ci = a.conf_int(level)
        _, expected = _pooled_delong(folds, level)
        assert ci.level == level
        assert (ci.lower, ci.upper) == pytest.approx(expected, abs=1e-14)
        assert ci.estimate == pytest.approx(theta, abs=1e-15)
    # not the t interval over the folds, which is another estimand
    assert (a.conf_int(0.8).lower, a.conf_int(0.8).upper) != pytest.approx(
        _t_interval(_fold_aucs(folds), 0.8), abs=1e-3)


def test_unit_ci_from_refuses_an_interval_without_its_se():
    plain = ConfidenceInterval(0.6, 0.9, 0.95, "DeLong", estimate=0.75)
    with pytest.raises(ValueError, match="level 0.95 only"):
        unit_ci_from(plain, 0.9)


# -------------------------------------------------------------------------- summary
def test_summary_of_a_vertical_average_reads_the_fold_numbers():
    folds = _folds()
    aucs = _fold_aucs(folds)
    k = len(folds)
    a = rocstats.roc_average(folds, grid=GRID, level=0.9)
    s = a.summary()
    assert s.title.startswith("Averaged ROC curve") and "(vertical)" in s.title
    assert s.title in str(s)
    rows = _rows(s)
    assert set(rows) == {"method", "folds", "mean AUC of the folds", "90% CI (t over folds)",
                         "area under the averaged curve", "band", "estimand", "fold AUCs"}
    assert rows["method"] == "vertical"
    assert int(rows["folds"]) == k
    assert float(rows["mean AUC of the folds"]) == pytest.approx(aucs.mean(), abs=1e-6)
    lo, hi = _interval(rows["90% CI (t over folds)"])
    assert (lo, hi) == pytest.approx(_t_interval(aucs, 0.9), abs=1e-6)
    mean_curve = np.mean([_vertical_def(y, sc, GRID) for y, sc in folds], axis=0)
    area = float(np.sum(np.diff(GRID) * (mean_curve[1:] + mean_curve[:-1])) / 2)
    assert float(rows["area under the averaged curve"]) == pytest.approx(area, abs=1e-6)
    # the band: its level, kind and critical value (the t quantile with k - 1 df)
    band = rows["band"]
    assert band.startswith("90% pointwise (critical value ") and band.endswith(")")
    crit = float(band[len("90% pointwise (critical value "):-1])
    assert crit == pytest.approx(stats.t.ppf(0.95, k - 1), abs=1e-5)
    assert rows["estimand"] == a.estimand and "independent" in rows["estimand"]
    shown = rows["fold AUCs"].split(", ")
    assert len(shown) == k
    np.testing.assert_allclose([float(v) for v in shown], aucs, rtol=1e-3)   # 4 digits


def test_summary_without_band_and_of_threshold_average():
    folds = _folds()
    aucs = _fold_aucs(folds)
    a = rocstats.roc_average(folds, method="threshold", band=None)
    rows = _rows(a.summary())
    assert "(threshold)" in a.summary().title
    assert rows["method"] == "threshold"
    assert rows["band"] == "none"
    assert float(rows["mean AUC of the folds"]) == pytest.approx(aucs.mean(), abs=1e-6)
    assert _interval(rows["95% CI (t over folds)"]) == pytest.approx(
        _t_interval(aucs, 0.95), abs=1e-6)
    assert "one scale" in rows["estimand"]


def test_summary_of_a_pooled_average_reads_the_pooled_auc():
    folds = _folds()
    theta, ci95 = _pooled_delong(folds, 0.95)
    a = rocstats.roc_average(folds, method="pooled", band=None)
    s = a.summary()
    assert "(pooled)" in s.title
    rows = _rows(s)
    # the pooled AUC is not a mean over folds, and the fold AUCs are not listed
    assert set(rows) == {"method", "folds", "AUC", "95% CI (DeLong (pooled predictions))",
                         "area under the averaged curve", "band", "estimand"}
    assert rows["method"] == "pooled"
    assert int(rows["folds"]) == len(folds)
    assert float(rows["AUC"]) == pytest.approx(theta, abs=1e-6)
    assert float(rows["area under the averaged curve"]) == pytest.approx(theta, abs=1e-6)
    lo, hi = _interval(rows["95% CI (DeLong (pooled predictions))"])
    assert (lo, hi) == pytest.approx(ci95, abs=1e-6)
    assert rows["band"] == "none"
    assert "pooled" in rows["estimand"]


def test_summary_fold_aucs_use_the_lowercase_exponent_of_the_other_numbers():
    """A fold with one concordant pair of 100 x 101 (AUC 9.90e-05): the fold AUCs are
    printed to 4 significant digits in %g notation like every other number."""
    pos = np.r_[1.5, -np.arange(1.0, 100.0)]
    neg = np.arange(1.0, 102.0)
    tiny = (np.r_[np.ones(100, int), np.zeros(101, int)], np.r_[pos, neg])
    other = _folds()[0]
    a = rocstats.roc_average([tiny, other], grid=GRID, band=None)
    shown = _rows(a.summary())["fold AUCs"].split(", ")
    expected = auc_def(pos, neg)
    assert expected == pytest.approx(1 / 10100, rel=1e-12)
    assert float(shown[0]) == pytest.approx(expected, rel=1e-3)
    assert "e-05" in shown[0] and "E" not in shown[0]


# ----------------------------------------------------------------------------- plot
@pytest.mark.needs_reports
def test_plot_draws_into_the_given_axes_with_the_callers_options():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from rocstats.plot._average import GID_FOLD
    from rocstats.plot._roc import GID_BAND, GID_CURVE

    folds = _folds()
    k = len(folds)
    aucs = _fold_aucs(folds)
    per = np.vstack([_vertical_def(y, s, GRID) for y, s in folds])
    mean = per.mean(axis=0)
    half = stats.t.ppf(0.975, k - 1) * per.std(axis=0, ddof=1) / math.sqrt(k)
    a = rocstats.roc_average(folds, grid=GRID)
    fig, ax = plt.subplots()
    try:
        out = a.plot(ax=ax, labels=["my model"], print_auc=True, linewidth=3.0)
        assert out is ax
        curve = [ln for ln in ax.get_lines() if ln.get_gid() == GID_CURVE]
        assert len(curve) == 1
        np.testing.assert_allclose(curve[0].get_xdata(), GRID, atol=1e-15)
        np.testing.assert_allclose(curve[0].get_ydata(), mean, atol=1e-14)
        assert curve[0].get_linewidth() == 3.0
        label = curve[0].get_label()
        assert label.startswith("my model")
        assert "%.3f" % aucs.mean() in label
        lo, hi = _t_interval(aucs, 0.95)
        assert "%.3f" % lo in label and "%.3f" % hi in label
        drawn = [ln for ln in ax.get_lines() if ln.get_gid() == GID_FOLD]
        assert len(drawn) == k
        for ln, (y, s) in zip(drawn, folds):
            verts = np.array(roc_polygon_def(s[y == 1], s[y == 0]))
            np.testing.assert_allclose(ln.get_xdata(), verts[:, 0], atol=1e-15)
            np.testing.assert_allclose(ln.get_ydata(), verts[:, 1], atol=1e-15)
        band = [c for c in ax.collections if c.get_gid() == GID_BAND]
        assert len(band) == 1
        v = band[0].get_paths()[0].vertices
        for x, l_, h_ in zip(GRID, np.clip(mean - half, 0, 1), np.clip(mean + half, 0, 1)):
            ys = v[np.isclose(v[:, 0], x, atol=1e-12), 1]
            assert ys.min() == pytest.approx(l_, abs=1e-12)
            assert ys.max() == pytest.approx(h_, abs=1e-12)
        assert len(fig.axes) == 1
    finally:
        plt.close("all")


# ------------------------------------------------------------- cross_validate input
@pytest.mark.parametrize("keys", [("indices", "test_score"), ("estimator", "test_score")])
def test_a_dict_missing_estimator_or_indices_is_not_read_as_cross_validate_results(keys):
    """cross_validate(...) without return_estimator=True or without return_indices=True:
    a ValueError (from the argument checks), not a KeyError from inside."""
    folds = _folds()
    res = {key: [None] * 2 for key in keys}
    if "indices" in res:
        res["indices"] = {"train": [np.arange(3)], "test": [np.arange(3)]}
    X, y = np.zeros((6, 1)), np.array([0, 1, 0, 1, 0, 1])
    with pytest.raises(ValueError, match="cross_validate"):
        rocstats.roc_average(res, X=X, y=y)
    with pytest.raises(ValueError):
        rocstats.roc_average(res)
    assert rocstats.roc_average(folds, band=None).n_folds == len(folds)
