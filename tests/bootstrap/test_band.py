"""The simultaneous confidence band of one ROC curve (``ci_band(kind="simultaneous")``).

Expected values: the replicates redrawn from the documented random stream
(definitions.resample_def) and evaluated by pROC's rule over the listed points
(definitions.curve_at_def); the critical value as R's type-7 quantile by its formula
(definitions.type7_quantile_def) of the largest absolute deviation, computed here in
plain Python.  Coverage of the true binormal curve: rocstats_validation.band_mc (n = 50,
200, 1000; 1000 replicates); a smaller Monte Carlo check with its power is below."""
import math
import warnings

import numpy as np
import pytest
from scipy import stats

import rocstats
from rocstats.bootstrap._band import monotone_envelope

from definitions import curve_at_def, resample_def, type7_quantile_def

rng0 = np.random.default_rng(3)
Y = rng0.permutation(np.repeat([1, 0], [12, 15]))
S = np.round(rng0.normal(1.0 * Y), 1)                        # ties
POS, NEG = list(S[Y == 1]), list(S[Y == 0])
GRID = [0.1, 0.3, 0.5, 0.6, 0.8, 0.9]


def _quiet(fn, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return fn(*args, **kwargs)


@pytest.mark.parametrize("direction", ["<", ">"])
def test_critical_value_is_the_quantile_of_the_sup_deviation_of_the_resamples(direction):
    sign = 1 if direction == "<" else -1
    s = sign * S
    B, seed, level = 60, 19, 0.9
    band = _quiet(rocstats.ci_band, Y, s, kind="simultaneous", specificities=GRID,
                  n_boot=B, random_state=seed, level=level, direction=direction)
    est = [curve_at_def(POS, NEG, "specificity", v) for v in GRID]
    np.testing.assert_allclose(band["estimate"], est, rtol=0, atol=1e-15)
    sups = []
    for r in range(B):
        P, N = resample_def(POS, NEG, seed, r)
        sups.append(max(abs(curve_at_def(P, N, "specificity", v) - e)
                        for v, e in zip(GRID, est)))
    c = type7_quantile_def(sups, level)
    assert band.attrs["critical_value"] == pytest.approx(c, abs=1e-14)
    assert band.attrs["kind"] == "simultaneous" and band.attrs["n_valid"] == B
    # the band: estimate -/+ c, clipped, then the monotone envelope over specificity
    lo = [min(1.0, max(0.0, e - c)) for e in est]
    hi = [min(1.0, max(0.0, e + c)) for e in est]
    lo_m = [max(lo[k:]) for k in range(len(GRID))]          # grid increasing
    hi_m = [min(hi[:k + 1]) for k in range(len(GRID))]
    np.testing.assert_allclose(band["lower"], lo_m, atol=1e-15)
    np.testing.assert_allclose(band["upper"], hi_m, atol=1e-15)
    assert list(band.columns) == ["specificity", "lower", "estimate", "upper"]


def test_band_contains_the_estimate_and_is_monotone_and_does_not_depend_on_jobs():
    y = np.repeat([1, 0], [40, 60])
    s = np.r_[np.random.default_rng(1).normal(1, 1, 40), np.random.default_rng(2).normal(0, 1, 60)]
    a = rocstats.ci_band(y, s, kind="simultaneous", n_boot=400, random_state=4)
    b = rocstats.ci_band(y, s, kind="simultaneous", n_boot=400, random_state=4, n_jobs=2)
    assert a.equals(b)
    assert (a["lower"] <= a["estimate"]).all() and (a["estimate"] <= a["upper"]).all()
    # sensitivity bounds are non-increasing in specificity (grid increasing)
    assert (np.diff(a["lower"]) <= 0).all() and (np.diff(a["upper"]) <= 0).all()
    assert np.allclose(a["specificity"], np.linspace(0.05, 0.95, 91))
    # wider than the pointwise band wherever neither is clipped
    pw = rocstats.ci_band(y, s, specificities=a["specificity"], n_boot=400, random_state=4)
    inner = (a["upper"] < 1) & (a["lower"] > 0)
    assert ((a["upper"] - a["lower"])[inner] >= (pw["upper"] - pw["lower"])[inner] - 1e-12).all()


def test_monotone_envelope_keeps_every_monotone_curve_inside():
    rng = np.random.default_rng(7)
    for _ in range(200):
        sp = rng.permutation(np.linspace(0, 1, 9))
        mid = rng.uniform(size=9)
        lo = np.clip(mid - rng.uniform(0, 0.3, 9), 0, 1)
        hi = np.clip(mid + rng.uniform(0, 0.3, 9), 0, 1)
        lo_m, hi_m = monotone_envelope(sp, lo, hi)
        assert (lo_m >= lo).all() and (hi_m <= hi).all()
        # a random curve, non-increasing in specificity, inside the raw band stays inside
        for _ in range(20):
            curve = np.sort(rng.uniform(size=9))[::-1]        # at increasing specificity
            order = np.argsort(sp)
            cur = np.empty(9)
            cur[order] = curve
            inside = (lo <= cur).all() and (cur <= hi).all()
            if inside:
                assert (lo_m <= cur).all() and (cur <= hi_m).all()


def test_bad_kind_and_interval():
    with pytest.raises(ValueError, match="^kind must be"):
        rocstats.ci_band(Y, S, kind="uniform")
    with pytest.raises(ValueError, match="^interval must be 'percentile' for kind"):
        rocstats.ci_band(Y, S, kind="simultaneous", interval="bca")
    with pytest.raises(ValueError, match="^specificities"):
        rocstats.ci_band(Y, S, kind="simultaneous", specificities=[1.5])


def test_one_class_gives_nan_with_a_warning():
    with pytest.warns(rocstats.UndefinedAUCWarning):
        band = rocstats.ci_band([1, 1, 1], [0.1, 0.2, 0.3], kind="simultaneous", n_boot=10)
    assert band["lower"].isna().all() and math.isnan(band.attrs["critical_value"])


@pytest.mark.slow
def test_simultaneous_band_covers_the_binormal_curve_and_pointwise_does_not():
    """200 data sets of 100 + 100 (binormal, AUC 0.8), 300 replicates each.  The
    simultaneous band must cover the true curve on the grid at least 0.95 - 3 MC SE
    (0.904); the pointwise band of the same replicates covers it as a whole far less
    often.  Power: the pointwise band covers the whole curve in ~0.46 of the data sets at
    this size (band_mc), 30 MC SE below the bar, so returning it for
    kind="simultaneous" fails."""
    mu = stats.norm.ppf(0.8) * math.sqrt(2)
    grid = np.linspace(0.05, 0.95, 91)
    truth = stats.norm.sf(stats.norm.isf(1 - grid) - mu)
    rng = np.random.default_rng(2024)
    R = 200
    sim = pw = 0
    for _ in range(R):
        y = np.repeat([1, 0], [100, 100])
        s = np.r_[rng.normal(mu, 1, 100), rng.normal(0, 1, 100)]
        seed = int(rng.integers(1 << 62))
        b = rocstats.ci_band(y, s, kind="simultaneous", n_boot=300, random_state=seed)
        p = rocstats.ci_band(y, s, specificities=grid, n_boot=300, random_state=seed)
        sim += bool(((b["lower"] <= truth) & (truth <= b["upper"])).all())
        pw += bool(((p["lower"] <= truth) & (truth <= p["upper"])).all())
    se = math.sqrt(0.95 * 0.05 / R)
    assert sim / R >= 0.95 - 3 * se
    assert pw / R < 0.8


@pytest.mark.needs_reports
def test_plot_roc_draws_the_simultaneous_band():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from rocstats.plot import plot_roc
    from rocstats.plot._roc import GID_BAND

    y = np.repeat([1, 0], [30, 30])
    s = np.r_[np.random.default_rng(1).normal(1, 1, 30), np.random.default_rng(2).normal(0, 1, 30)]
    ax = plot_roc(y, s, ci="simultaneous", ci_options=dict(n_boot=200, random_state=1))
    band = rocstats.ci_band(y, s, kind="simultaneous", n_boot=200, random_state=1)
    poly = [c for c in ax.collections if c.get_gid() == GID_BAND]
    assert len(poly) == 1
    assert "95% simultaneous band" in [t.get_text() for t in ax.get_legend().get_texts()]
    verts = poly[0].get_paths()[0].vertices
    # the polygon runs through (1 - specificity, upper) and (1 - specificity, lower)
    xs = 1 - band["specificity"].to_numpy()
    for x, lo, hi in zip(xs[::10], band["lower"][::10], band["upper"][::10]):
        at = verts[np.isclose(verts[:, 0], x)][:, 1]
        assert np.isclose(at, lo).any() and np.isclose(at, hi).any()
    plt.close("all")
    with pytest.raises(ValueError, match="^ci must be"):
        plot_roc(y, s, ci="everywhere")
