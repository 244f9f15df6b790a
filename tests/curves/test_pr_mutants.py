"""Precision-recall curves and areas on small hand-made data whose shapes reach every
branch (issue 23: surviving mutants of rocstats.curves._pr).

Expected values come from definitions written here from brute-force counts: the points
(TP, FP) at each distinct threshold from the highest (weighted sums with
``sample_weight``), the average precision sum (R_B - R_A) P_B, the trapezoid with
precision 1 at the first point, Davis & Goadrich's interpolated area by numerical
integration (scipy.integrate.quad) of (a + x) / (a + fpa + x + skew x), ROCR's aucpr by
its documented insertion of Davis & Goadrich points (steps of more than 2 positives), and
the logit / binomial intervals by Boyd et al.'s formulas.  Warnings are errors here: the
curve's 0/0 at its first point must stay silent.
"""
import math
import warnings

import numpy as np
import pytest
from scipy import stats

import rocstats
from rocstats.curves._pr import PRAUCResult

from definitions import pr_interpolated_area_def

pytestmark = pytest.mark.filterwarnings("error")

# shapes: a negative first (the first step starts at c = 1, a = 0); a positive and a
# negative tied at the top (c = 0 with skew > 0); two tied positives with a tied negative
# (P = 2, one step of 2); a single positive; three tied positives in the last step.
FIRST_NEG = ([0, 1, 0, 1, 1, 0], [.9, .8, .7, .6, .5, .4])
TOP_TIE = ([1, 0, 1, 0, 0, 1], [.9, .9, .5, .5, .3, .2])
TIED_PAIR = ([1, 1, 0, 0], [.5, .5, .5, .1])
ONE_POS = ([0, 1, 0, 0], [.1, .4, .3, .8])
LAST_RUN = ([1, 0, 1, 1, 1, 0], [.9, .8, .5, .5, .5, .5])
CASES = [FIRST_NEG, TOP_TIE, TIED_PAIR, ONE_POS, LAST_RUN]
# fractional weights (largest 1.5: not rescaled): a first step of TP 0.25 with FP 0.5
# tied (TP + FP < 1), then steps starting at TP + FP < 1
W_Y = [1, 0, 1, 0, 1, 0]
W_S = [.9, .9, .7, .6, .5, .4]
W_W = [0.25, 0.5, 0.25, 1.0, 1.5, 0.5]


def points(y, s, w=None):
    """(TP, FP) at each distinct threshold from the highest, (0, 0) first."""
    y, s = np.asarray(y), np.asarray(s, float)
    w = np.ones(y.size) if w is None else np.asarray(w, float)
    pts = [(0.0, 0.0)]
    for v in sorted(set(s[w > 0].tolist()), reverse=True):
        pts.append((float(w[(s >= v) & (y == 1)].sum()), float(w[(s >= v) & (y == 0)].sum())))
    return pts


def ap_def(y, s, w=None):
    pts = points(y, s, w)
    P = pts[-1][0]
    return sum((tb - ta) / P * tb / (tb + fb) for (ta, _), (tb, fb) in zip(pts, pts[1:]))


def trapezoid_def(y, s, w=None):
    pts = points(y, s, w)
    P = pts[-1][0]
    prec = [1.0] + [t / (t + f) for t, f in pts[1:]]
    rec = [t / P for t, _ in pts]
    return sum((rec[i + 1] - rec[i]) * (prec[i + 1] + prec[i]) / 2 for i in range(len(rec) - 1))


def interpolated_def(y, s, w=None):
    return pr_interpolated_area_def(points(y, s, w))


AREA_DEFS = {"interpolated": interpolated_def, "average_precision": ap_def,
             "trapezoid": trapezoid_def}


# ------------------------------------------------------------------ areas by definition
@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("method", sorted(AREA_DEFS))
def test_areas_on_edge_shapes_match_their_definitions(case, method):
    y, s = case
    expected = AREA_DEFS[method](y, s)
    r = rocstats.pr_auc(y, s, method=method)
    assert r.auc == pytest.approx(expected, abs=1e-12)
    assert float(r) == r.auc
    c = rocstats.pr_curve(y, s)
    assert c.area(method) == pytest.approx(expected, abs=1e-12)
    if method == "interpolated":
        assert c.area() == pytest.approx(expected, abs=1e-12)      # the default method


@pytest.mark.parametrize("method", sorted(AREA_DEFS))
def test_weighted_areas_with_fractional_weights(method):
    expected = AREA_DEFS[method](W_Y, W_S, W_W)
    r = rocstats.pr_auc(W_Y, W_S, method=method, sample_weight=W_W)
    assert r.auc == pytest.approx(expected, abs=1e-12)
    c = rocstats.pr_curve(W_Y, W_S, sample_weight=W_W)
    assert c.area(method) == pytest.approx(expected, abs=1e-12)
    with pytest.raises(ValueError, match="unweighted data only"):
        c.area("rocr")


def _trapezoid_of(rec, prec):
    return sum((rec[i + 1] - rec[i]) * (prec[i + 1] + prec[i]) / 2 for i in range(len(rec) - 1))


def test_rocr_area_inserts_points_in_the_last_step_and_handles_one_positive():
    # LAST_RUN: kept points (TP, FP) = (0, 0), (1, 0), (4, 2) (the fewest FP per TP);
    # the step 1 -> 4 (more than 2) gets Davis & Goadrich points x = 1, 2, 3 with skew
    # 2 / 3: recall (1 + x) / 4, precision (1 + x) / (1 + x + 2x/3)
    y, s = LAST_RUN
    rec = [0, .25] + [(1 + x) / 4 for x in (1, 2, 3)] + [1.0]
    prec = [1, 1] + [(1 + x) / (1 + x + 2 * x / 3) for x in (1, 2, 3)] + [4 / 6]
    assert rocstats.pr_auc(y, s, method="rocr").auc == pytest.approx(_trapezoid_of(rec, prec),
                                                                      abs=1e-15)
    # one positive below one negative: points (0, 1) and (1, 1/2): area 3/4
    y, s = ONE_POS
    assert rocstats.pr_auc(y, s, method="rocr").auc == pytest.approx(0.75, abs=1e-15)
    assert rocstats.pr_curve(y, s).area("rocr") == pytest.approx(0.75, abs=1e-15)


def test_curve_area_of_a_single_negative_or_positive_is_defined():
    # n_pos = 1 and n_neg = 1 are ordinary curves
    y, s = [1, 0, 1], [.9, .5, .4]
    assert rocstats.pr_curve(y, s).area("average_precision") == pytest.approx(ap_def(y, s))
    y, s = ONE_POS
    assert rocstats.pr_curve(y, s).area("trapezoid") == pytest.approx(trapezoid_def(y, s))


def test_curve_without_positive_has_undefined_area_for_every_method():
    with pytest.warns(rocstats.UndefinedAUCWarning):
        c = rocstats.pr_curve([0, 0, 0], [.1, .2, .3])
    for m in ("interpolated", "average_precision", "trapezoid", "rocr"):
        assert math.isnan(c.area(m))


# ------------------------------------------------------------------ results and fields
def test_result_fields_unweighted_with_labels_and_direction():
    y, s = FIRST_NEG
    lab = np.where(np.asarray(y) == 1, "case", "ctrl")
    r = rocstats.pr_auc(lab, -np.asarray(s), method="average_precision", pos_label="case",
                        direction=">")
    assert r.auc == pytest.approx(ap_def(y, s), abs=1e-15)
    assert (r.method, r.n_pos, r.n_neg, r.direction, r.pos_label, r.weighted) == \
        ("average_precision", 3.0, 3.0, ">", "case", False)
    assert r.prevalence == pytest.approx(0.5)
    y, s = ONE_POS
    r = rocstats.pr_auc(y, s)
    assert (r.n_pos, r.n_neg, r.prevalence) == (1.0, 3.0, 0.25)
    assert r.auc == pytest.approx(interpolated_def(y, s), abs=1e-12)


def test_weighted_results_report_the_weight_sums_not_the_rescaled_ones():
    w = np.asarray(W_W) * 4                       # largest weight 6: rescaled internally
    lab = np.where(np.asarray(W_Y) == 1, "case", "ctrl")
    r = rocstats.pr_auc(lab, W_S, method="trapezoid", pos_label="case", sample_weight=w)
    assert (r.n_pos, r.n_neg, r.pos_label, r.weighted, r.method) == \
        (8.0, 8.0, "case", True, "trapezoid")
    assert r.prevalence == pytest.approx(0.5)
    assert r.auc == pytest.approx(trapezoid_def(W_Y, W_S, w), abs=1e-12)
    c = rocstats.pr_curve(lab, W_S, pos_label="case", sample_weight=w)
    pts = points(W_Y, W_S, w)
    np.testing.assert_allclose(c.tp, [t for t, _ in pts], rtol=1e-15)
    np.testing.assert_allclose(c.fp, [f for _, f in pts], rtol=1e-15)
    assert (c.n_pos, c.n_neg, c.pos_label, c.weighted) == (8.0, 8.0, "case", True)
    np.testing.assert_allclose(c.precision[1:], [t / (t + f) for t, f in pts[1:]], rtol=1e-15)


def test_weights_near_overflow_are_rescaled_before_summing():
    # four weights of 1e308: their sums overflow unless rescaled; the precision is that of
    # equal weights
    y, s = [1, 0, 1, 0], [.9, .7, .5, .3]
    with warnings.catch_warnings():               # the sums given back overflow to inf
        warnings.filterwarnings("ignore", "overflow encountered", RuntimeWarning)
        c = rocstats.pr_curve(y, s, sample_weight=[1e308] * 4)
    np.testing.assert_allclose(c.precision, [1, 1, .5, 2 / 3, .5], rtol=1e-15)
    np.testing.assert_allclose(c.recall, [0, .5, .5, 1, 1], rtol=1e-15)


def test_all_weights_zero_is_an_empty_curve_with_one_warning():
    with pytest.warns(rocstats.UndefinedAUCWarning, match="no positives") as rec:
        c = rocstats.pr_curve([0, 1, 0], [.1, .2, .3], sample_weight=[0, 0, 0])
    assert [w.category for w in rec] == [rocstats.UndefinedAUCWarning]
    assert (c.n_pos, c.n_neg) == (0.0, 0.0)
    assert c.tp.tolist() == [0.0] and c.fp.tolist() == [0.0]
    assert math.isnan(c.precision[0]) and math.isnan(c.recall[0])


def test_curve_without_positive_keeps_counts_thresholds_and_options():
    w = [3.0, 5.0, 2.0]                           # rescaled internally (largest 5)
    with pytest.warns(rocstats.UndefinedAUCWarning,
                      match="^The precision-recall curve is undefined: y_true has no "
                            "positives") as rec:
        c = rocstats.pr_curve(["a", "a", "a"], [.3, .2, .1], pos_label="b",
                              direction=">", sample_weight=w)
    assert len(rec) == 1
    assert c.precision.shape == c.recall.shape == (4,)
    assert np.isnan(c.precision).all() and np.isnan(c.recall).all()
    assert c.thresholds.tolist() == [-np.inf, .1, .2, .3]
    assert c.tp.tolist() == [0.0, 0.0, 0.0, 0.0]
    assert c.fp.tolist() == [0.0, 2.0, 7.0, 10.0]
    assert (c.n_pos, c.n_neg, c.direction, c.pos_label, c.weighted) == \
        (0.0, 10.0, ">", "b", True)


def test_area_without_positive_keeps_counts_and_options():
    with pytest.warns(rocstats.UndefinedAUCWarning,
                      match="^The area under the PR curve is undefined: y_true has no "
                            "positives") as rec:
        r = rocstats.pr_auc(["a", "a", "a"], [.3, .2, .1], method="trapezoid",
                            pos_label="b", direction=">", sample_weight=[3.0, 5.0, 2.0])
    assert len(rec) == 1
    assert math.isnan(r.auc) and math.isnan(r.prevalence)
    assert (r.method, r.n_pos, r.n_neg, r.direction, r.pos_label, r.weighted) == \
        ("trapezoid", 0.0, 10.0, ">", "b", True)
    with pytest.warns(rocstats.UndefinedAUCWarning, match="no positives"):
        r = rocstats.pr_auc([0, 0], [.3, .2])
    assert (r.method, r.n_pos, r.n_neg, r.weighted) == ("interpolated", 0.0, 2.0, False)


def test_bad_scores_and_weights_are_refused_by_name():
    # an infinite score is refused even when there is no positive to rank
    with pytest.raises(ValueError, match="^y_score contains infinite"):
        rocstats.pr_auc([0, 0, 0], [.1, np.inf, .2])
    with pytest.raises(ValueError, match="^sample_weight"):
        rocstats.pr_curve([0, 1, 0], [.1, .2, .3], sample_weight=[1, np.nan, 1])
    with pytest.raises(ValueError, match="^sample_weight"):
        rocstats.pr_auc([0, 1, 0], [.1, .2, .3], sample_weight=[[1, 1, 1]])


# ------------------------------------------------------------------ intervals
def test_logit_and_binomial_intervals_with_alternatives_and_fields():
    y, s = FIRST_NEG
    r = rocstats.pr_auc(y, s)
    th, n = interpolated_def(y, s), 3
    z = stats.norm.ppf(0.95)
    eta, tau = math.log(th / (1 - th)), 1 / math.sqrt(n * th * (1 - th))
    lo, hi = 1 / (1 + math.exp(-(eta - z * tau))), 1 / (1 + math.exp(-(eta + z * tau)))
    g = r.conf_int(0.95, alternative="greater")
    assert (g.lower, g.upper) == (pytest.approx(lo, abs=1e-14), 1.0)
    ls = r.conf_int(0.95, alternative="less")
    assert (ls.lower, ls.upper) == (0.0, pytest.approx(hi, abs=1e-14))
    assert (ls.level, ls.method, ls.alternative) == (0.95, "logit", "less")
    assert ls.estimate == pytest.approx(th, abs=1e-12)
    half = z * math.sqrt(th * (1 - th) / n)
    b = r.conf_int(0.95, method="binomial", alternative="greater")
    assert (b.lower, b.upper) == (pytest.approx(max(0.0, th - half), abs=1e-14), 1.0)
    b = r.conf_int(0.95, method="binomial", alternative="less")
    assert (b.lower, b.upper) == (0.0, pytest.approx(min(1.0, th + half), abs=1e-14))
    assert (b.level, b.method, b.alternative) == (0.95, "binomial", "less")
    assert b.estimate == pytest.approx(th, abs=1e-12)


def test_binomial_interval_is_clipped_to_the_unit_interval():
    r = PRAUCResult(0.95, "interpolated", 3.0, 5.0, 3 / 8)
    half = stats.norm.ppf(0.975) * math.sqrt(0.95 * 0.05 / 3)
    b = r.conf_int(method="binomial")
    assert (b.lower, b.upper) == (pytest.approx(0.95 - half, abs=1e-14), 1.0)
    # at an area of 0 or 1 the binomial interval has no width
    for th in (0.0, 1.0):
        b = PRAUCResult(th, "interpolated", 3.0, 5.0, 3 / 8).conf_int(method="binomial")
        assert (b.lower, b.upper, b.estimate, b.method) == (th, th, th, "binomial")


@pytest.mark.parametrize("alternative", ["two-sided", "less"])
def test_logit_interval_is_nan_at_an_area_of_0_or_1(alternative):
    perfect = rocstats.pr_auc([0, 1, 1], [.1, .5, .6])
    assert perfect.auc == 1.0
    for r in (perfect, PRAUCResult(0.0, "interpolated", 3.0, 5.0, 3 / 8)):
        ci = r.conf_int(0.9, alternative=alternative)
        assert math.isnan(ci.lower) and math.isnan(ci.upper)
        assert (ci.level, ci.method, ci.estimate, ci.alternative) == \
            (0.9, "logit", r.auc, alternative)


def test_binomial_interval_of_an_undefined_area_keeps_its_nan_estimate():
    with pytest.warns(rocstats.UndefinedAUCWarning):
        r = rocstats.pr_auc([0, 0], [.1, .2])
    ci = r.conf_int(method="binomial")
    assert math.isnan(ci.estimate) and ci.method == "binomial"


# ------------------------------------------------------------------ summaries
def _rows(summary):
    return [k for k, _ in summary.rows], [v for _, v in summary.rows]


def test_curve_summary_numbers_and_labels():
    y, s = FIRST_NEG
    c = rocstats.pr_curve(y, -np.asarray(s), direction=">")
    sm = c.summary()
    keys, vals = _rows(sm)
    assert sm.title == "Precision-recall curve"
    assert keys == ["interpolated area", "points", "positives", "negatives",
                    "prevalence (baseline)", "direction"]
    assert float(vals[0]) == pytest.approx(interpolated_def(y, s), rel=1e-5)
    assert [float(v) for v in vals[1:5]] == [7, 3, 3, 0.5]
    assert vals[5] == "controls > cases"


@pytest.mark.parametrize("level", [None, 0.9])
def test_area_summary_numbers_labels_and_interval(level):
    y, s = TOP_TIE
    r = rocstats.pr_auc(y, s, method="average_precision")
    sm = r.summary() if level is None else r.summary(level)
    lev = 0.95 if level is None else level
    keys, vals = _rows(sm)
    assert sm.title == "Area under the precision-recall curve"
    assert keys == ["area (average_precision)", "%g%% CI (logit, Boyd et al. 2013)" % (100 * lev),
                    "positives", "negatives", "prevalence (baseline)"]
    th = ap_def(y, s)
    assert float(vals[0]) == pytest.approx(th, rel=1e-5)
    z = stats.norm.ppf(0.5 + lev / 2)
    eta, tau = math.log(th / (1 - th)), 1 / math.sqrt(3 * th * (1 - th))
    lo, hi = (float(v) for v in vals[1].strip("[]").split(","))
    assert lo == pytest.approx(1 / (1 + math.exp(-(eta - z * tau))), rel=1e-5)
    assert hi == pytest.approx(1 / (1 + math.exp(-(eta + z * tau))), rel=1e-5)
    assert [float(v) for v in vals[2:]] == [3, 3, 0.5]


def test_weighted_area_summary_has_no_closed_form_interval():
    r = rocstats.pr_auc(W_Y, W_S, sample_weight=W_W)
    keys, vals = _rows(r.summary())
    assert keys == ["area (interpolated)", "positives", "negatives", "prevalence (baseline)"]
    assert [float(v) for v in vals[1:]] == [2.0, 2.0, 0.5]


@pytest.mark.needs_reports
def test_curve_plot_draws_on_the_given_axes():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots()
    try:
        assert rocstats.pr_curve(*FIRST_NEG).plot(ax=ax) is ax
    finally:
        plt.close("all")


# ------------------------------------------------- defects found by the mutation triage
def test_curve_area_without_negatives_is_one_as_pr_auc():
    """pr_auc documents 1 for a sample without negatives (precision 1 everywhere); the
    curve's own area said NaN."""
    assert rocstats.pr_curve([1, 1], [0.2, 0.3]).area() == 1.0
    assert rocstats.pr_auc([1, 1], [0.2, 0.3]).auc == 1.0


def test_curve_with_all_weights_zero_prints_with_nan_prevalence():
    with pytest.warns(rocstats.UndefinedAUCWarning):
        c = rocstats.pr_curve([0, 1, 0], [0.1, 0.2, 0.3], sample_weight=[0, 0, 0])
    assert np.isnan(c.prevalence)
    assert "prevalence (baseline)" in str(c)          # printing no longer divides by zero


@pytest.mark.parametrize("fn", [rocstats.pr_auc, rocstats.pr_curve])
def test_no_positive_warning_shows_the_negatives_weight_as_given(fn):
    # weights 1 and 2 on the negatives: 3, whatever the internal rescaling
    with pytest.warns(rocstats.UndefinedAUCWarning, match=r"\(negatives: 3\)"):
        fn([0, 1, 0], [0.1, 0.2, 0.3], sample_weight=[1, 0, 2])


@pytest.mark.parametrize("method", ["binomial", "logit"])
def test_interval_of_an_undefined_area_is_nan(method):
    with pytest.warns(rocstats.UndefinedAUCWarning):
        r = rocstats.pr_auc([0, 0], [0.1, 0.2])
    ci = r.conf_int(method=method)
    assert np.isnan(ci.lower) and np.isnan(ci.upper) and np.isnan(ci.estimate)


@pytest.mark.parametrize("method", ["binomial", "logit"])
def test_undefined_area_interval_keeps_level_method_and_alternative(method):
    with pytest.warns(rocstats.UndefinedAUCWarning):
        r = rocstats.pr_auc([0, 0], [0.1, 0.2])
    ci = r.conf_int(level=0.9, method=method, alternative="greater")
    assert (ci.level, ci.method, ci.alternative) == (0.9, method, "greater")
    assert np.isnan(ci.lower) and np.isnan(ci.upper)
