"""rocstats.plot.plot_roc: what is drawn, not how it looks.

The figures themselves were looked at as pictures next to pROC's
``plot.roc(ci = TRUE, print.auc = TRUE)`` on aSAH; these tests pin the geometry: every
point of roc_curve is a vertex and tie blocks are single diagonal segments (the area
under the drawn line is the AUC to 1e-12), the band is drawn where the given DataFrame
says, the printed AUC and interval are DeLong's (and pROC's stored numbers), direction
">" rotates the curve by 180 degrees, and bad input names the argument at fault.
"""
import subprocess
import sys
from types import SimpleNamespace

import numpy as np
import pytest

import gates

gates.require("reports")                  # the one report-tools gate (tests/gates.py)
import matplotlib  # noqa: E402
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import rocstats  # noqa: E402
from rocstats.plot import OKABE_ITO, plot_roc  # noqa: E402
from rocstats.plot import _roc  # noqa: E402
from rocstats_validation.proc_parity import case_arrays, load_results  # noqa: E402

ASAH = load_results().PAIRED_CASES["asah"]
ASAH_Y, ASAH_SCORES = case_arrays(ASAH)              # "Good" = control, "Poor" = case
ASAH_POS = ASAH["case"]


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def _curves(ax):
    return [ln for ln in ax.get_lines() if ln.get_gid() == _roc.GID_CURVE]


def _bands(ax):
    return [c for c in ax.collections if c.get_gid() == _roc.GID_BAND]


def _legend_texts(ax):
    leg = ax.get_legend()
    return [] if leg is None else [t.get_text() for t in leg.get_texts()]


def _area_under(xy):
    """Shoelace area between the drawn polyline and the x axis (the polygon closed
    down to y = 0 at both ends)."""
    x, y = xy[:, 0], xy[:, 1]
    px = np.r_[x, x[-1], x[0]]
    py = np.r_[y, 0.0, 0.0]
    return 0.5 * abs(np.dot(px, np.roll(py, -1)) - np.dot(py, np.roll(px, -1)))


def _bootstrap_band(y, s, pos_label, spec=np.linspace(0, 1, 21), n_boot=300, seed=0,
                    level=0.95):
    """A plain stratified bootstrap of the sensitivity at fixed specificities (pROC's
    ci.se): resample cases and controls separately, read each replicate's curve at the
    specificities (highest sensitivity at a specificity, linear in between)."""
    import pandas as pd

    rng = np.random.default_rng(seed)
    is_pos = np.asarray(y) == pos_label
    s = np.asarray(s, dtype=float)
    pos, neg = s[is_pos], s[~is_pos]
    out = np.empty((n_boot, spec.size))
    for b in range(n_boot):
        p, q = rng.choice(pos, pos.size), rng.choice(neg, neg.size)
        c = rocstats.roc_curve(np.r_[np.ones(p.size), np.zeros(q.size)], np.r_[p, q])
        sp, inv = np.unique(1.0 - c.fpr, return_inverse=True)
        top = np.full(sp.size, -np.inf)
        np.maximum.at(top, inv, c.tpr)
        out[b] = np.interp(spec, sp, top)
    a = (1.0 - level) / 2.0
    return pd.DataFrame({"specificity": spec, "lower": np.quantile(out, a, axis=0),
                         "median": np.quantile(out, 0.5, axis=0),
                         "upper": np.quantile(out, 1.0 - a, axis=0)})


def _heavy_ties(seed, n=400, levels=4):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    s = np.floor(rng.normal(0.7 * y, 1.0) * levels / 3).astype(float)   # a few levels
    return y, s


# ------------------------------------------------------------------ basics
def test_returns_axes_and_draws_into_the_given_axes():
    y, s = _heavy_ties(0)
    ax = plot_roc(y, s)
    assert isinstance(ax, matplotlib.axes.Axes)
    fig, given = plt.subplots()
    n_figs = len(plt.get_fignums())
    assert plot_roc(y, s, ax=given) is given
    assert len(plt.get_fignums()) == n_figs
    assert len(_curves(given)) == 1


def test_import_rocstats_does_not_import_matplotlib():
    code = ("import sys, rocstats, rocstats.plot; "
            "print('matplotlib' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"


def test_result_methods_return_axes():
    y, s = _heavy_ties(1)
    ax = rocstats.roc_curve(y, s).plot(print_auc=True)
    assert isinstance(ax, matplotlib.axes.Axes) and len(_curves(ax)) == 1
    fig, given = plt.subplots()
    assert rocstats.roc_curve(y, s).plot(ax=given) is given


# ------------------------------------------------------------------ geometry
@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("axes", ["fpr", "specificity"])
def test_drawn_area_is_the_auc_with_heavy_ties(seed, axes):
    y, s = _heavy_ties(seed, levels=3 + seed)
    curve = rocstats.roc_curve(y, s)
    ax = plot_roc(y, s, axes=axes)
    xy = _curves(ax)[0].get_xydata()
    d = np.abs(np.diff(xy, axis=0))
    assert ((d[:, 0] > 0) & (d[:, 1] > 0)).sum() >= 3          # tie blocks: diagonal segments
    assert xy.shape[0] == curve.fpr.size                   # every point, none added
    assert abs(_area_under(xy) - rocstats.auc(y, s)) < 1e-12


@pytest.mark.parametrize("name", ["s100b", "ndka", "wfns"])
def test_drawn_area_is_the_auc_on_asah(name):
    s = ASAH_SCORES[name]
    ax = plot_roc(ASAH_Y, s, pos_label=ASAH_POS)
    area = _area_under(_curves(ax)[0].get_xydata())
    assert abs(area - rocstats.auc(ASAH_Y, s, pos_label=ASAH_POS)) < 1e-12
    assert abs(area - ASAH["single"][name]["auc"]) < 1e-12          # pROC's stored AUC


def test_a_tie_block_is_one_diagonal_segment():
    # scores 0.1 (neg), 0.4 (neg and pos), 0.8 (pos): one segment from (0, .5) to (.5, 1)
    ax = plot_roc([0, 0, 1, 1], [0.1, 0.4, 0.4, 0.8])
    assert _curves(ax)[0].get_xydata().tolist() == [[0, 0], [0, 0.5], [0.5, 1], [1, 1]]


def test_direction_greater_rotates_the_curve_by_180_degrees():
    y, s = _heavy_ties(3)
    lt = _curves(plot_roc(y, s))[0].get_xydata()
    gt = _curves(plot_roc(y, s, direction=">"))[0].get_xydata()
    np.testing.assert_allclose(gt, 1.0 - lt[::-1], atol=1e-15)
    neg = _curves(plot_roc(y, -s))[0].get_xydata()            # ">" on s is "<" on -s
    np.testing.assert_array_equal(gt, neg)
    assert abs(_area_under(gt) - rocstats.auc(y, s, direction=">")) < 1e-12


def test_specificity_axis_is_pROC_default_and_legacy_axes_is_fpr():
    y, s = _heavy_ties(4)
    ax = plot_roc(y, s, axes="specificity")
    assert ax.get_xlim()[0] > ax.get_xlim()[1]               # 1 on the left, 0 on the right
    assert ax.get_xlabel() == "Specificity"
    np.testing.assert_allclose(_curves(ax)[0].get_xdata(), rocstats.roc_curve(y, s).specificity)
    assert plot_roc(y, s, legacy_axes=False).get_xlabel() == "Specificity"
    leg = plot_roc(y, s, legacy_axes=True)
    assert leg.get_xlim()[0] < leg.get_xlim()[1]
    assert leg.get_xlabel() == "1 \u2212 Specificity"
    assert plot_roc(y, s).get_xlabel() == "1 \u2212 Specificity"      # the default


def test_chance_line_square_axes_and_equal_aspect():
    ax = plot_roc(*_heavy_ties(5))
    chance = [ln for ln in ax.get_lines() if ln.get_gid() == _roc.GID_CHANCE]
    assert len(chance) == 1 and chance[0].get_xydata().tolist() == [[0, 0], [1, 1]]
    assert ax.get_aspect() == 1.0
    ax = plot_roc(*_heavy_ties(5), axes="specificity", chance=False)
    assert not [ln for ln in ax.get_lines() if ln.get_gid() == _roc.GID_CHANCE]


def test_every_text_is_at_least_7_points():
    d = {k: ASAH_SCORES[k] for k in ("s100b", "ndka", "wfns")}
    ax = plot_roc(y_true=ASAH_Y, y_score=d, pos_label=ASAH_POS, print_auc=True,
                  title="aSAH")
    ax.figure.canvas.draw()
    texts = [t for t in ax.figure.findobj(matplotlib.text.Text) if t.get_text()]
    assert len(texts) > 15
    assert min(t.get_fontsize() for t in texts) >= 7


# ------------------------------------------------------------------ several curves
def test_several_curves_get_a_legend_with_their_names_and_okabe_ito_colours():
    import pandas as pd

    frame = pd.DataFrame({k: ASAH_SCORES[k] for k in ("s100b", "ndka", "wfns")})
    ax = plot_roc(y_true=ASAH_Y, y_score=frame, pos_label=ASAH_POS)
    assert _legend_texts(ax) == ["s100b", "ndka", "wfns"]
    assert [ln.get_color() for ln in _curves(ax)] == list(OKABE_ITO[:3])
    ax = plot_roc(y_true=ASAH_Y, y_score=frame, pos_label=ASAH_POS,
                  labels=["S100B", "NDKA", "WFNS"])
    assert _legend_texts(ax) == ["S100B", "NDKA", "WFNS"]
    # the same curves from results, pairs and a 2-D array
    r = [rocstats.roc_curve(ASAH_Y, frame[k], pos_label=ASAH_POS) for k in frame]
    ax2 = plot_roc(*r, labels=list(frame))
    ax3 = plot_roc(*[(ASAH_Y, frame[k]) for k in frame], pos_label=ASAH_POS)
    ax4 = plot_roc(y_true=ASAH_Y, y_score=frame.to_numpy(), pos_label=ASAH_POS)
    assert _legend_texts(ax3) == ["s100b", "ndka", "wfns"]           # named Series
    assert _legend_texts(ax4) == ["curve 1", "curve 2", "curve 3"]
    for other in (ax2, ax3, ax4):
        for a, b in zip(_curves(ax), _curves(other)):
            np.testing.assert_array_equal(a.get_xydata(), b.get_xydata())


def test_a_second_call_on_the_same_axes_continues_the_palette():
    y, s = _heavy_ties(6)
    ax = plot_roc(y, s, labels="first")
    plot_roc(y, -s, labels="second", ax=ax, chance=False)
    assert [ln.get_color() for ln in _curves(ax)] == list(OKABE_ITO[:2])
    assert _legend_texts(ax) == ["first", "second"]
    plot_roc(y, s, ax=ax, colors=["k"], chance=False)
    assert _curves(ax)[-1].get_color() == "k"


def test_one_unlabelled_curve_has_no_legend():
    assert plot_roc(*_heavy_ties(7)).get_legend() is None


def test_smoothed_curve_objects_are_drawn_through_their_points():
    sp = np.linspace(0, 1, 51)
    se = 1 - sp ** 3
    smooth = SimpleNamespace(specificities=sp, sensitivities=se, auc=0.75)
    ax = plot_roc(smooth, print_auc=True, labels=["binormal"])
    np.testing.assert_allclose(_curves(ax)[0].get_xydata(), np.c_[1 - sp, se])
    assert _legend_texts(ax) == ["binormal, AUC: 0.750"]       # no DeLong CI for a smooth


# ------------------------------------------------------------------ print_auc
@pytest.mark.parametrize("name", ["s100b", "ndka", "wfns"])
def test_print_auc_is_the_delong_interval_and_pROCs_numbers(name):
    s = ASAH_SCORES[name]
    ax = plot_roc(ASAH_Y, s, pos_label=ASAH_POS, print_auc=True)
    r = rocstats.delong(ASAH_Y, s, pos_label=ASAH_POS)
    lo, hi = r.conf_int(0.95)
    expected = "AUC: %.3f (95%% CI: %.3f-%.3f)" % (r.auc, lo, hi)
    assert _legend_texts(ax) == [expected]
    ref = ASAH["single"][name]                        # pROC: ci.auc(r, method = "delong")
    assert expected == "AUC: %.3f (95%% CI: %.3f-%.3f)" % (ref["auc"], ref["ci_lower"],
                                                          ref["ci_upper"])
    if name == "s100b":                               # pROC prints 0.731 (0.630-0.833)
        assert expected == "AUC: 0.731 (95% CI: 0.630-0.833)"


def test_print_auc_from_a_curve_result_equals_the_one_from_the_data():
    for seed in range(4):
        y, s = _heavy_ties(seed)
        a = _legend_texts(plot_roc(y, s, print_auc=True, level=0.9))
        b = _legend_texts(rocstats.roc_curve(y, s).plot(print_auc=True, level=0.9))
        assert a == b and a[0].startswith("AUC: ") and "(90% CI: " in a[0]


def test_counts_of_a_curve_reproduce_the_delong_variance_exactly():
    for seed in range(4):
        y, s = _heavy_ties(seed)
        for direction in "<>":
            c = rocstats.roc_curve(y, s, direction=direction)
            is_pos, score, d = _roc._counts_data(c)
            assert d == direction
            a = rocstats.delong(y, s, direction=direction)
            b = rocstats.delong(is_pos, score, direction=d)
            assert (a.auc, a.variance) == (b.auc, b.variance)
    w = np.random.default_rng(0).uniform(0.5, 2, y.size)         # real-valued weights
    assert _roc._counts_data(rocstats.roc_curve(y, s, sample_weight=w)) is None


def test_print_auc_with_another_interval_or_none():
    s = ASAH_SCORES["s100b"]
    r = rocstats.delong(ASAH_Y, s, pos_label=ASAH_POS)
    logit = r.conf_int(0.95, method="logit")
    ax = plot_roc(ASAH_Y, s, pos_label=ASAH_POS, print_auc=True, auc_ci=logit)
    assert _legend_texts(ax) == ["AUC: 0.731 (95%% CI: %.3f-%.3f)" % tuple(logit)]
    ax = plot_roc(ASAH_Y, s, pos_label=ASAH_POS, print_auc=True, auc_ci=(0.6, 0.8), level=0.9)
    assert _legend_texts(ax) == ["AUC: 0.731 (90% CI: 0.600-0.800)"]
    ax = plot_roc(ASAH_Y, s, pos_label=ASAH_POS, print_auc=True, auc_ci=None)
    assert _legend_texts(ax) == ["AUC: 0.731"]
    ax = plot_roc(ASAH_Y, s, pos_label=ASAH_POS, print_auc=True, auc_ci=r, level=0.99)
    assert _legend_texts(ax) == ["AUC: 0.731 (99%% CI: %.3f-%.3f)" % tuple(r.conf_int(0.99))]


# ------------------------------------------------------------------ CI band
def test_band_is_drawn_from_the_given_dataframe():
    s = ASAH_SCORES["s100b"]
    band = _bootstrap_band(ASAH_Y, s, ASAH_POS)
    for axes in ("fpr", "specificity"):
        ax = plot_roc(ASAH_Y, s, pos_label=ASAH_POS, ci=band, axes=axes, print_auc=True)
        (poly,) = _bands(ax)
        verts = poly.get_paths()[0].vertices
        x = 1 - band.specificity if axes == "fpr" else band.specificity
        got = {(round(a, 12), round(b, 12)) for a, b in verts}
        for col in ("lower", "upper"):
            want = {(round(a, 12), round(b, 12)) for a, b in zip(x, band[col])}
            assert want <= got
        assert 0 < poly.get_alpha() < 1                            # semi-transparent
        assert poly.get_facecolor()[0][:3] == pytest.approx(
            matplotlib.colors.to_rgb(_curves(ax)[0].get_color()))
        assert _legend_texts(ax) == ["AUC: 0.731 (95% CI: 0.630-0.833)",
                                     "95% CI of sensitivity"]
    band.attrs["level"] = 0.9
    assert _legend_texts(plot_roc(ASAH_Y, s, pos_label=ASAH_POS, ci=band))[-1] \
        == "90% CI of sensitivity"


def test_bands_of_several_curves_follow_their_curves_in_the_legend():
    names = ("s100b", "wfns")
    bands = [_bootstrap_band(ASAH_Y, ASAH_SCORES[k], ASAH_POS) for k in names]
    ax = plot_roc(y_true=ASAH_Y, y_score={k: ASAH_SCORES[k] for k in names},
                  pos_label=ASAH_POS, ci=[bands[0], None])
    assert len(_bands(ax)) == 1
    assert _legend_texts(ax) == ["s100b", "95% CI of sensitivity (s100b)", "wfns"]
    ax = plot_roc(y_true=ASAH_Y, y_score={k: ASAH_SCORES[k] for k in names},
                  pos_label=ASAH_POS, ci=bands)
    assert _legend_texts(ax) == ["s100b", "95% CI of sensitivity (s100b)",
                                 "wfns", "95% CI of sensitivity (wfns)"]


def test_ci_true_calls_rocstats_ci_band(monkeypatch):
    s = ASAH_SCORES["ndka"]
    band = _bootstrap_band(ASAH_Y, s, ASAH_POS)
    calls = []

    def fake_ci_band(y_true, y_score, **kw):
        calls.append((y_true, y_score, kw))
        return band

    monkeypatch.setattr(rocstats, "ci_band", fake_ci_band, raising=False)
    ax = plot_roc(ASAH_Y, s, pos_label=ASAH_POS, direction=">", ci=True, level=0.9,
                  ci_options=dict(n_boot=10, random_state=1))
    (y_true, y_score, kw), = calls
    assert y_true is ASAH_Y and y_score is s
    assert kw == dict(level=0.9, direction=">", pos_label=ASAH_POS, n_boot=10,
                      random_state=1)
    assert len(_bands(ax)) == 1 and _legend_texts(ax) == ["90% CI of sensitivity"]
    # a curve result: its counts (same ranks, same class sizes) go to ci_band
    calls.clear()
    plot_roc(rocstats.roc_curve(ASAH_Y, s, pos_label=ASAH_POS), ci=True)
    (y_true, y_score, kw), = calls
    assert y_true.sum() == 41 and y_true.size == 113 and kw["direction"] == "<"
    assert rocstats.auc(y_true, y_score) == rocstats.auc(ASAH_Y, s, pos_label=ASAH_POS)
    # a smoothed curve has no data
    smooth = SimpleNamespace(specificities=np.linspace(0, 1, 5),
                             sensitivities=np.linspace(1, 0, 5), auc=0.5)
    with pytest.raises(ValueError, match="ci=True needs the data"):
        plot_roc(smooth, ci=True)


def test_ci_true_without_the_bootstrap_engine_says_so(monkeypatch):
    monkeypatch.delattr(rocstats, "ci_band", raising=False)
    with pytest.raises(NotImplementedError, match="rocstats.ci_band"):
        plot_roc(*_heavy_ties(0), ci=True)


# ------------------------------------------------------------------ bad input
def test_bad_band_dataframes_name_ci():
    import pandas as pd

    y, s = _heavy_ties(0)
    good = pd.DataFrame({"specificity": [0, .5, 1], "lower": [.5, .3, 0],
                         "median": [.8, .5, .2], "upper": [1, .7, .4]})
    with pytest.raises(ValueError, match=r"^ci lacks column upper"):
        plot_roc(y, s, ci=good.drop(columns="upper"))
    with pytest.raises(ValueError, match=r"^ci lacks columns specificity, lower"):
        plot_roc(y, s, ci=good.rename(columns={"specificity": "sp", "lower": "lo"}))
    with pytest.raises(ValueError, match=r"^ci: .*proportions"):
        plot_roc(y, s, ci=good.assign(upper=good.upper * 100))
    with pytest.raises(ValueError, match=r"^ci: lower exceeds upper"):
        plot_roc(y, s, ci=good.assign(lower=good.upper, upper=good.lower))
    with pytest.raises(ValueError, match=r"^ci must be False, True or a DataFrame"):
        plot_roc(y, s, ci=np.zeros((3, 3)))
    with pytest.raises(ValueError, match=r"^ci has 1 bands for 2 curves"):
        plot_roc((y, s), (y, -s), ci=[good])
    with pytest.raises(ValueError, match=r"^ci is one band but there are 2 curves"):
        plot_roc((y, s), (y, -s), ci=good)
    with pytest.raises(ValueError, match=r"^ci\[1\] lacks column"):
        plot_roc((y, s), (y, -s), ci=[good, good[["specificity", "lower"]]])


def test_bad_labels_colors_axes_and_inputs_name_the_argument():
    y, s = _heavy_ties(0)
    with pytest.raises(ValueError, match=r"^labels has 2 entries for 1 curve"):
        plot_roc(y, s, labels=["a", "b"])
    with pytest.raises(ValueError, match=r"^labels has 1 entry for 2 curves"):
        plot_roc((y, s), (y, -s), labels=["a"])
    with pytest.raises(ValueError, match=r"^colors has 1 entry for 2 curves"):
        plot_roc((y, s), (y, -s), colors=["red"])
    with pytest.raises(ValueError, match=r"^axes must be 'fpr'"):
        plot_roc(y, s, axes="sensitivity")
    with pytest.raises(ValueError, match=r"contradicts legacy_axes"):
        plot_roc(y, s, axes="fpr", legacy_axes=False)
    with pytest.raises(ValueError, match=r"^legacy_axes must be"):
        plot_roc(y, s, legacy_axes="yes")
    with pytest.raises(ValueError, match=r"^level must be"):
        plot_roc(y, s, level=95)
    with pytest.raises(ValueError, match=r"^auc_ci has 1 entries for 2 curves"):
        plot_roc((y, s), (y, -s), print_auc=True, auc_ci=[None])
    with pytest.raises(ValueError, match=r"^auc_ci must be 'delong'"):
        plot_roc(y, s, print_auc=True, auc_ci="bootstrap")
    with pytest.raises(ValueError, match=r"^y_true and y_score must be given together"):
        plot_roc(y_true=y)
    with pytest.raises(ValueError, match=r"^nothing to plot"):
        plot_roc()
    with pytest.raises(ValueError, match=r"^positional argument 1 .* neither"):
        plot_roc(s)
    with pytest.raises(ValueError, match=r"either as two positional arrays"):
        plot_roc(y, s, y_true=y, y_score=s)
    with pytest.raises(ValueError, match=r"^positional argument 1 is a SROCCurve result; "
                                         r"draw it with plot_sroc"):
        plot_roc(rocstats.sroc_curve(y, (s - s.min()) / np.ptp(s)))
    with pytest.raises(ValueError, match="y_score has 3"):            # the statistic's check
        plot_roc(y, s[:3])
    with pytest.raises(ValueError, match="pos_label"):                 # the label contract
        plot_roc(np.where(y == 1, "a", "b"), s)


def test_string_labels_with_pos_label_match_numeric_labels():
    y, s = _heavy_ties(2)
    a = _curves(plot_roc(y, s))[0].get_xydata()
    b = _curves(plot_roc(np.where(y == 1, "case", "control"), s, pos_label="case"))[0]
    np.testing.assert_array_equal(a, b.get_xydata())
