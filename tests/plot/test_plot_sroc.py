"""rocstats.plot.plot_sroc: the sROC curve is drawn as its exact step function, whose
area is the sAUC (Wu, Flach & Ferri 2007, Theorem 1); the grid fallback's area is
SROCCurve.area(); the printed interval is rocstats.sauc's."""
import numpy as np
import pytest

import gates

gates.require("reports")                  # the one report-tools gate (tests/gates.py)
import matplotlib  # noqa: E402
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import rocstats  # noqa: E402
from rocstats.plot import OKABE_ITO, plot_sroc  # noqa: E402
from rocstats.plot import _roc  # noqa: E402

# Model M2 of the paper (Example 2): sAUC = 49/90, theta(0) = 8/9
M2 = ([1, 1, 0, 1, 0, 0], [1.0, 0.9, 0.6, 0.5, 0.2, 0.0])


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def _lines(ax):
    return [ln for ln in ax.get_lines() if ln.get_gid() == _roc.GID_SROC]


def _legend_texts(ax):
    leg = ax.get_legend()
    return [] if leg is None else [t.get_text() for t in leg.get_texts()]


def _area_under(xy):
    x, y = xy[:, 0], xy[:, 1]
    px, py = np.r_[x, x[-1], x[0]], np.r_[y, 0.0, 0.0]
    return 0.5 * abs(np.dot(px, np.roll(py, -1)) - np.dot(py, np.roll(px, -1)))


def _tied_scores(seed, n=200, levels=11):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    s = np.clip(np.round(rng.beta(2 + 2 * y, 3, n) * (levels - 1)) / (levels - 1), 0, 1)
    return y, s


def test_m2_steps_and_area():
    ax = plot_sroc(*M2)
    assert isinstance(ax, matplotlib.axes.Axes)
    xy = _lines(ax)[0].get_xydata()
    assert xy[0].tolist() == [0.0, pytest.approx(8 / 9)]                # theta(0) = 8/9
    # a step function: every segment is horizontal or vertical
    d = np.diff(xy, axis=0)
    assert np.all((np.abs(d[:, 0]) < 1e-15) | (np.abs(d[:, 1]) < 1e-15))
    assert abs(_area_under(xy) - 49 / 90) < 1e-12


@pytest.mark.parametrize("seed", range(5))
def test_drawn_area_is_the_sauc_with_ties(seed):
    y, s = _tied_scores(seed)
    r = rocstats.sauc(y, s)
    for direction in "<>":
        c = rocstats.sroc_curve(y, s, direction=direction)
        assert c.exact
        ax = plot_sroc(y, s, direction=direction)
        assert abs(_area_under(_lines(ax)[0].get_xydata()) - c.sauc) < 1e-12
    assert abs(_area_under(_lines(plot_sroc(y, s))[0].get_xydata()) - r.sauc) < 1e-12


def test_grid_fallback_area_is_the_trapezoid_area():
    y, s = _tied_scores(9)
    c = rocstats.sroc_curve(y, s, max_breakpoints=0, grid=101)
    assert not c.exact
    xy = _lines(plot_sroc(c))[0].get_xydata()
    np.testing.assert_array_equal(xy, np.c_[c.grid, c.grid_theta])
    assert abs(_area_under(xy) - c.area()) < 1e-12


def test_print_sauc_is_saucs_interval_and_results_print_the_sauc_alone():
    ax = plot_sroc(*M2, print_sauc=True, labels=["M2"])
    lo, hi = rocstats.sauc(*M2).conf_int(0.95)
    assert _legend_texts(ax) == ["M2, sAUC: 0.544 (95%% CI: %.3f-%.3f)" % (lo, hi)]
    lo, hi = rocstats.sauc(*M2, variance="delong").conf_int(0.9)
    ax = plot_sroc(*M2, print_sauc=True, sauc_ci="delong", level=0.9)
    assert _legend_texts(ax) == ["sAUC: 0.544 (90%% CI: %.3f-%.3f)" % (lo, hi)]
    ax = rocstats.sroc_curve(*M2).plot(print_sauc=True)
    assert _legend_texts(ax) == ["sAUC: 0.544"]


def test_several_curves_rescale_and_colours():
    y, s = _tied_scores(1)
    ax = plot_sroc(y_true=y, y_score={"a": s * 10, "b": 10 - s * 10}, rescale=(0, 10))
    assert _legend_texts(ax) == ["a", "b"]
    assert [ln.get_color() for ln in _lines(ax)] == list(OKABE_ITO[:2])
    ref = _lines(plot_sroc(y, s))[0].get_xydata()
    np.testing.assert_allclose(_lines(ax)[0].get_xydata(), ref, atol=1e-15)
    assert ax.get_aspect() == 1.0


def test_bad_input_names_the_argument():
    y, s = _tied_scores(0)
    with pytest.raises(ValueError, match=r"^labels has 2 entries for 1 curve"):
        plot_sroc(y, s, labels=["a", "b"])
    with pytest.raises(ValueError, match=r"^sauc_ci must be"):
        plot_sroc(y, s, print_sauc=True, sauc_ci="wald")
    with pytest.raises(ValueError, match=r"ROCCurve result; draw it with plot_roc"):
        plot_sroc(rocstats.roc_curve(y, s))
    with pytest.raises(ValueError, match=r"must lie in \[0, 1\]"):        # sauc's own check
        plot_sroc(y, s * 10)
