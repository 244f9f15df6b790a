"""The result classes' follow-ups and printouts: what a user reads off them.

`rocstats._results`, `rocstats.bootstrap._results` and `rocstats.scored._results`
(issue 23, surviving mutants).  Numbers are checked against their definitions (DeLong
from tests/definitions.py, normal quantiles from SciPy, the trapezoidal rule written
here); printouts are checked for the labels and numbers a user reads (the level as
"95%", the method, "[lower, upper]"), parsed back to floats at the 6 significant digits
`Summary` prints, never as whole strings of layout.  The layout itself is checked as
properties: table columns line up (first column left-aligned, the others
right-aligned) and every piece of HTML text sits in a cell.
"""
import math
import re
from html.parser import HTMLParser

import numpy as np
import pandas as pd
import pytest
from scipy import stats

import rocstats
from rocstats import (AUCResult, BootstrapInterval, ConfidenceInterval, CoordsCI,
                      MulticlassAUCResult)
from rocstats import TestResult as WaldTestResult  # (not a test class for pytest)
from rocstats._results import Summary

from definitions import auc_def, delong_cov_def

# ten rows, five positives: AUC 0.76 (an independent check below)
Y = np.array([0, 0, 0, 0, 1, 1, 1, 1, 0, 1])
S = np.array([.1, .4, .35, .8, .7, .9, .6, .3, .2, .65])
S2 = np.array([.2, .1, .5, .6, .9, .3, .7, .8, .1, .4])


def _approx(x):
    return pytest.approx(x, rel=2e-6, abs=1e-12)   # Summary prints 6 significant digits


def _rows(summary):
    return dict(summary.rows)


def _interval(text):
    """``"[lo, hi]"`` -> (lo, hi)."""
    m = re.fullmatch(r"\[(\S+), (\S+)\]", text)
    assert m, text
    return float(m.group(1)), float(m.group(2))


def _z(p):
    return float(stats.norm.ppf(p))


# ---------------------------------------------------------------- AUCResult.summary

def _delong_def(y, s):
    pos, neg = s[y == 1], s[y == 0]
    theta, cov = delong_cov_def(pos, neg)
    return float(theta[0]), float(cov[0, 0])


def test_auc_summary_partial_labels_and_titles():
    for correct, label in [(False, "partial AUC (specificity 0.8 to 1)"),
                           (True, "partial AUC (McClish) (specificity 0.8 to 1)")]:
        sm = rocstats.delong(Y, S, partial=(0.8, 1), correct=correct).summary()
        assert sm.title == "Empirical partial AUC with DeLong-type variance"
        assert sm.rows[0][0] == label
    sm = rocstats.delong(Y, S, partial=(0.9, 1.0), focus="sensitivity").summary()
    assert sm.rows[0][0] == "partial AUC (sensitivity 0.9 to 1)"


def test_auc_summary_weighted_title():
    w = [1, 2, 1, 1, 1, 2, 1, 1, 1, 1]
    for kind in ("frequency", "sampling"):
        sm = rocstats.delong(Y, S, sample_weight=w, weight_type=kind).summary()
        assert sm.title == "Weighted empirical AUC with DeLong-type variance (%s weights)" % kind
        assert str(sm).splitlines()[0] == sm.title


def test_auc_summary_vector_table():
    """Two scores: one table row per score (named by the DataFrame's columns, else
    "score i"), the counts above it, the level in the interval columns' headers."""
    theta, cov = delong_cov_def(np.column_stack([S, S2])[Y == 1],
                                np.column_stack([S, S2])[Y == 0])
    se = np.sqrt(np.diag(cov))
    z = _z(0.95)
    for data, names in [(pd.DataFrame({"a": S, "b": S2}), ["a", "b"]),
                        (np.column_stack([S, S2]), ["score 0", "score 1"])]:
        sm = rocstats.delong(Y, data).summary(level=0.9)
        header, body = sm.table
        assert header == ["", "AUC", "SE", "90% CI lower", "90% CI upper"]
        assert [r[0] for r in body] == names
        for r, t, s in zip(body, theta, se):
            assert float(r[1]) == _approx(t)
            assert float(r[2]) == _approx(s)
            assert float(r[3]) == _approx(max(0.0, t - z * s))
            assert float(r[4]) == _approx(min(1.0, t + z * s))
        rows = _rows(sm)
        assert int(rows["positives (m)"]) == 5 and int(rows["negatives (n)"]) == 5


# ------------------------------------------------- AUCEstimate.conf_int / unit_interval

def test_conf_int_names_only_for_vectors():
    assert rocstats.delong(Y, S).conf_int().names is None
    assert rocstats.delong(Y, np.column_stack([S, S2])).conf_int().names == ("score 0",
                                                                             "score 1")


def test_partial_auc_conf_int_fields():
    """Uncorrected partial AUC over (0.8, 1): the interval of pAUC / 0.2 scaled back,
    with every field of the interval kept."""
    res = rocstats.delong(Y, pd.DataFrame({"a": S, "b": S2}), partial=(0.8, 1))
    est, se = np.asarray(res.auc), np.sqrt(np.asarray(res.variance))
    for alternative, q in [("two-sided", _z(0.95)), ("greater", _z(0.9))]:
        ci = res.conf_int(0.9, alternative=alternative)
        assert ci.level == 0.9 and ci.method == "wald" and ci.alternative == alternative
        assert ci.names == ("a", "b")
        np.testing.assert_array_equal(ci.estimate, est)
        lo = 0.2 * np.clip(est / 0.2 - q * se / 0.2, 0, 1)
        np.testing.assert_allclose(ci.lower, lo, rtol=1e-12)
        hi = 0.2 * np.clip(est / 0.2 + q * se / 0.2, 0, 1) if alternative == "two-sided" \
            else [0.2, 0.2]
        np.testing.assert_allclose(ci.upper, hi, rtol=1e-12)


def test_wald_interval_clipped_to_unit_range_when_one_sided_below_half():
    """A one-sided interval at a level below 0.5 has a negative quantile: its only bound
    lies beyond the estimate and is clipped to [0, 1] (the documented range)."""
    q = _z(0.2)                                           # negative
    hi_res = AUCResult(0.97, 0.04 ** 2, 6, 6)
    ci = hi_res.conf_int(0.2, alternative="greater")
    assert 0.97 - q * 0.04 > 1
    assert (ci.lower, ci.upper) == (1.0, 1.0)
    lo_res = AUCResult(0.03, 0.04 ** 2, 6, 6)
    ci = lo_res.conf_int(0.2, alternative="less")
    assert 0.03 + q * 0.04 < 0
    assert (ci.lower, ci.upper) == (0.0, 0.0)
    # two-sided, away from the ends: no clipping
    ci = AUCResult(0.7, 0.04 ** 2, 6, 6).conf_int(0.9)
    assert (ci.lower, ci.upper) == (_approx(0.7 - _z(0.95) * 0.04),
                                    _approx(0.7 + _z(0.95) * 0.04))


# ---------------------------------------------------------------- AUCEstimate.test

def test_auc_wald_test_against_definition():
    y = np.where(Y == 1, "yes", "no")
    res = rocstats.delong(y, S, pos_label="yes")
    theta, var = _delong_def(Y, S)
    assert theta == pytest.approx(auc_def(S[Y == 1], S[Y == 0]), rel=1e-15)
    se = math.sqrt(var)
    z = (theta - 0.6) / se
    for alternative, p in [("two-sided", 2 * stats.norm.sf(abs(z))),
                           ("greater", stats.norm.sf(z)), ("less", stats.norm.cdf(z))]:
        t = res.test(0.6, alternative=alternative)
        assert t.statistic == pytest.approx(z, rel=1e-12)
        assert t.pvalue == pytest.approx(p, rel=1e-10)
        assert t.estimate == pytest.approx(theta, rel=1e-15)
        assert t.se == pytest.approx(se, rel=1e-12)
        assert t.alternative == alternative
        assert t.pos_label == "yes"
        m = re.fullmatch(r"Wald test of one AUC against 0\.6 \(SE (\S+)\)", t.method)
        assert m and float(m.group(1)) == _approx(se)
    # the default null is 0.5
    assert res.test().statistic == pytest.approx((theta - 0.5) / se, rel=1e-12)
    assert "partial AUC against 0.1" in rocstats.delong(Y, S, partial=(0.8, 1)).test(0.1).method


def test_multiclass_wald_test():
    """The same Wald test on Hand & Till's M (a result without a positive label)."""
    res = MulticlassAUCResult(0.8, np.array([[np.nan, .7], [.9, np.nan]]), ("a", "b"),
                              class_counts=(3, 4), variance=0.05 ** 2)
    t = res.test(0.5, alternative="greater")
    assert t.statistic == pytest.approx(6.0, rel=1e-12)
    assert t.pvalue == pytest.approx(stats.norm.sf(6.0), rel=1e-9)
    assert t.pos_label is None
    m = re.fullmatch(r"Wald test of one Hand & Till M against 0\.5 \(SE (\S+)\)", t.method)
    assert m and float(m.group(1)) == 0.05


def test_auc_wald_test_undefined_se_gives_nan():
    with pytest.warns(rocstats.UndefinedAUCWarning):
        res = rocstats.delong([0, 0, 1], [.1, .2, .3])      # one positive: no variance
    t = res.test(0.5)
    assert math.isnan(t.statistic) and math.isnan(t.pvalue)
    assert t.estimate == 1.0


def test_auc_wald_test_bad_arguments():
    res = rocstats.delong(Y, S)
    with pytest.raises(ValueError, match="^null "):
        res.test("x")
    with pytest.raises(ValueError, match="alternative"):
        res.test(0.5, alternative="bigger")
    with pytest.raises(ValueError, match="scalar"):
        rocstats.delong(Y, np.column_stack([S, S2])).test()


# ------------------------------------------------------------ ROCCurve follow-ups

def test_curve_partial_auc_of_undefined_curve_is_nan():
    with pytest.warns(rocstats.UndefinedAUCWarning):
        curve = rocstats.roc_curve([1, 1, 1], [.1, .2, .3])
    assert math.isnan(curve.auc_partial((0.8, 1)))


@pytest.mark.needs_reports
def test_curve_plot_methods_draw_on_the_given_axes():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    curve = rocstats.roc_curve(Y, S)
    fig, ax = plt.subplots()
    assert curve.plot(ax=ax, linewidth=3.5) is ax
    drawn = [ln for ln in ax.lines if ln.get_linewidth() == 3.5]
    assert len(drawn) == 1
    np.testing.assert_array_equal(drawn[0].get_xdata(), curve.fpr)
    np.testing.assert_array_equal(drawn[0].get_ydata(), curve.tpr)
    plt.close(fig)

    scurve = rocstats.sroc_curve(Y, S)
    fig, ax = plt.subplots()
    assert scurve.plot(ax=ax, linewidth=3.5) is ax
    drawn = [ln for ln in ax.lines if ln.get_linewidth() == 3.5]
    assert len(drawn) == 1
    tau, theta = scurve.step_xy()
    np.testing.assert_array_equal(np.unique(drawn[0].get_xdata()), np.unique(tau))
    plt.close(fig)


# ------------------------------------------------------------ ConfidenceInterval.summary

def test_confidence_interval_summary_scalar():
    ci = ConfidenceInterval(0.61, 0.93, 0.9, "wald", estimate=0.8)
    sm = ci.summary()
    assert sm.title.startswith("90% ") and sm.title.endswith("(wald)")
    assert "one-sided" not in sm.title
    assert [k for k, _ in sm.rows] == ["estimate", "interval"]
    assert float(sm.rows[0][1]) == 0.8
    assert _interval(sm.rows[1][1]) == (0.61, 0.93)
    sm = ConfidenceInterval(0.61, 1.0, 0.9, "logit", alternative="greater").summary()
    assert sm.title.startswith("90% one-sided (greater) ") and sm.title.endswith("(logit)")
    assert [k for k, _ in sm.rows] == ["interval"]
    assert _interval(sm.rows[0][1]) == (0.61, 1.0)


def test_confidence_interval_summary_vector():
    ci = ConfidenceInterval(np.array([.1, .2]), np.array([.3, .4]), 0.8, "wald")
    sm = ci.summary()
    assert sm.title.startswith("80% ")
    header, body = sm.table
    assert header == ["", "estimate", "lower", "upper"]
    assert [r[0] for r in body] == ["score 0", "score 1"]
    assert all(math.isnan(float(r[1])) for r in body)        # no estimate given
    assert [[float(v) for v in r[2:]] for r in body] == [[.1, .3], [.2, .4]]
    ci = ConfidenceInterval([.1, .2], [.3, .4], 0.8, "wald", estimate=[.2, .3],
                            names=("a", "b"))
    header, body = ci.summary().table
    assert [r[0] for r in body] == ["a", "b"]
    assert [float(r[1]) for r in body] == [.2, .3]


def test_integer_valued_numbers_print_with_six_significant_digits():
    """Table cells are numbers printed to 6 significant digits whatever their dtype
    (an interval or a contrast held as integers prints as its float)."""
    ci = ConfidenceInterval(np.array([1234567, 2]), np.array([2345678, 3]), 0.95, "x",
                            estimate=np.array([1500000, 2]))
    _, body = ci.summary().table
    assert [r[1:] for r in body] == [["1.5e+06", "1.23457e+06", "2.34568e+06"],
                                     ["2", "2", "3"]]
    t = WaldTestResult(3.0, 0.2, np.array([1234567, 1]), "joint", df=2, distribution="chi2")
    assert t.summary().table[1][0][1] == "1.23457e+06"


# ------------------------------------------------------------ TestResult

def test_test_result_conf_int_keeps_estimate_and_alternative():
    t = WaldTestResult(2.0, 0.05, 0.12, "paired", se=0.05)
    for alternative in ("two-sided", "greater", "less"):
        ci = t.conf_int(0.9, alternative=alternative)
        assert ci.alternative == alternative and ci.estimate == 0.12


def test_test_result_summary_rows():
    t = WaldTestResult(1.5, 0.1336, 0.12, "Paired DeLong test", alternative="equivalence",
                   se=0.05, hypothesis="H0: d <= -0.1 or d >= 0.1", pvalues=(0.03, 0.2),
                   n_boot=500, aucs=(0.8, 0.68), names=("a", "b"), pos_label="yes")
    sm = t.summary()
    assert sm.title == "Paired DeLong test"
    rows = _rows(sm)
    assert rows["hypothesis"] == "H0: d <= -0.1 or d >= 0.1"
    low, high = re.fullmatch(r"(\S+), (\S+)", rows["one-sided p-values (low, high)"]).groups()
    assert (float(low), float(high)) == (0.03, 0.2)
    assert int(rows["replicates"]) == 500
    assert float(rows["AUC a"]) == 0.8 and float(rows["AUC b"]) == 0.68
    assert _interval(rows["95% CI of estimate"]) == (_approx(0.12 - _z(0.975) * 0.05),
                                                     _approx(0.12 + _z(0.975) * 0.05))
    assert _interval(rows["90% CI (TOST at alpha 0.05)"]) == (
        _approx(0.12 - _z(0.95) * 0.05), _approx(0.12 + _z(0.95) * 0.05))
    assert rows["positive label"] == "yes"


@pytest.mark.parametrize("alternative", ["greater", "less"])
def test_test_result_summary_one_sided_interval(alternative):
    t = WaldTestResult(2.4, 0.008, 0.12, "DeLong", alternative=alternative, se=0.05)
    rows = _rows(t.summary())
    q = _z(0.95)
    expected = (_approx(0.12 - q * 0.05), math.inf) if alternative == "greater" else \
        (-math.inf, _approx(0.12 + q * 0.05))
    assert _interval(rows["95% one-sided CI"]) == expected
    assert "90% CI (TOST at alpha 0.05)" not in rows


def test_test_result_summary_auc_labels():
    rows = _rows(WaldTestResult(1.0, 0.3, 0.1, "m", aucs=(0.8, 0.7, 0.6)).summary())
    assert [float(rows["AUC score %d" % i]) for i in range(3)] == [0.8, 0.7, 0.6]
    rows = _rows(WaldTestResult(1.0, 0.3, 0.1, "m", aucs=(0.8, 0.7)).summary())
    assert "AUCs" in rows and not any(k.startswith("AUC ") for k in rows)


def test_test_result_summary_vector_estimate_table():
    t = WaldTestResult(5.0, 0.08, np.array([0.1, -0.05]), "joint", df=2, distribution="chi2")
    header, body = t.summary().table
    assert header == ["contrast", "estimate"]
    assert [r[0] for r in body] == ["row 0", "row 1"]
    assert [float(r[1]) for r in body] == [0.1, -0.05]


# ------------------------------------------------------------ MulticlassAUCResult.summary

def test_multiclass_summary_without_variances_prints_nan():
    res = MulticlassAUCResult(0.75, np.array([[np.nan, .7], [.8, np.nan]]), ("a", "b"),
                              class_counts=(3, 4))
    sm = res.summary()
    rows = _rows(sm)
    assert float(rows["Hand & Till M"]) == 0.75
    assert math.isnan(float(rows["variance"])) and math.isnan(float(rows["SE"]))
    _, body = sm.table
    assert [r[0] for r in body] == ["A(a|b)", "A(b|a)"]
    assert [float(r[1]) for r in body] == [.7, .8]
    assert all(math.isnan(float(r[2])) for r in body)


# ------------------------------------------------------------ Summary layout

def _table_block(text, n_body):
    lines = text.splitlines()
    sep = next(i for i, ln in enumerate(lines) if ln and set(ln) == {"-"})
    return lines[sep], lines[sep + 1:sep + 2 + n_body]


def test_summary_text_table_columns_line_up():
    """The table under the rows: the first column left-aligned, the others
    right-aligned (numbers end at the same column), every line as wide as the widest
    entry of each column (header included), a dashed rule as wide as the title's."""
    header = ["name", "value", "SE"]
    body = [["a", 0.5, 0.0125], ["longer", 0.25, 0.1]]
    sm = Summary("A table", [("k", 1.0)], table=(header, body))
    text = str(sm)
    dashes, block = _table_block(text, len(body))
    assert len(dashes) == len(text.splitlines()[1])
    cells = [header] + [[r[0], "%.6g" % r[1], "%.6g" % r[2]] for r in body]
    assert len({len(ln) for ln in block}) == 1
    assert len(block[0]) == sum(max(len(c[j]) for c in cells) for j in range(3)) + 2 * 2
    for ln, c in zip(block, cells):
        assert ln.startswith(c[0] + " ")
        assert ln.endswith(" " + c[-1])
        assert ln.split() == c


def test_summary_given_text():
    sm = Summary("Complexity table", text="CP  nsplit\n1 < 2 & 3")
    assert str(sm) == "CP  nsplit\n1 < 2 & 3"
    html = sm._repr_html_()
    assert html.startswith("<pre>") and html.endswith("</pre>")
    assert "1 &lt; 2 &amp; 3" in html


class _CellText(HTMLParser):
    """Text inside th / td / caption / p, and any text outside them."""

    CELLS = ("th", "td", "caption", "p")

    def __init__(self):
        super().__init__()
        self.depth, self.cells, self.stray, self.tags = 0, [], [], []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        if tag in self.CELLS:
            self.depth += 1
            self.cells.append("")

    def handle_endtag(self, tag):
        if tag in self.CELLS:
            self.depth -= 1

    def handle_data(self, data):
        if self.depth:
            self.cells[-1] += data
        elif data.strip():
            self.stray.append(data)


def test_summary_html_table_cells():
    header = ["pair", "AUC"]
    body = [["A(a|b)", 0.7], ["A(b|a)", 0.8]]
    sm = Summary("Pairs <x>", [("M", 0.75)], notes=["a note"], table=(header, body))
    p = _CellText()
    p.feed(sm._repr_html_())
    assert p.stray == []
    assert p.cells == ["Pairs <x>", "M", "0.75", "pair", "AUC", "A(a|b)", "0.7", "A(b|a)",
                       "0.8", "a note"]
    assert p.tags.count("tr") == 1 + 1 + len(body)


# ------------------------------------------------------------ bootstrap results

def test_bootstrap_interval_summary():
    bi = BootstrapInterval(0.6, 0.9, 0.9, "bootstrap", estimate=0.76, median=0.75,
                           n_boot=200, n_valid=198, stratified=False, interval="bca",
                           seed=123)
    sm = bi.summary()
    rows = _rows(sm)
    assert float(rows["AUC"]) == 0.76
    assert _interval(rows["90% CI (bootstrap BCa)"]) == (0.6, 0.9)
    assert float(rows["bootstrap median"]) == 0.75
    assert rows["replicates"] == "200 (198 defined)"
    assert rows["stratified"] == "False" and rows["seed"] == "123"
    rows = _rows(BootstrapInterval(0.6, 0.9, 0.95, "bootstrap", estimate=0.76).summary())
    assert "95% CI (bootstrap percentile)" in rows
    # a name the package does not know is shown as given
    rows = _rows(BootstrapInterval(0.6, 0.9, 0.95, "bootstrap", interval="basic").summary())
    assert "95% CI (bootstrap basic)" in rows


def _coords_ci(x, **kw):
    nx = len(x)
    lower = np.array([[.5, .6], [.55, .65]])[:nx]
    return CoordsCI(x=x, input="threshold", ret=("sensitivity", "specificity"),
                    lower=lower, median=lower + .1, upper=lower + .2, estimate=lower + .15,
                    n_valid=np.full((nx, 2), 99), **kw)


def test_coords_ci_summary_rows():
    ci = _coords_ci(np.array([0.123456789, 0.7]), level=0.9, n_boot=100, interval="bca",
                    seed=5)
    sm = ci.summary()
    assert sm.title.startswith("Bootstrap 90% CIs (BCa) of ROC coordinates")
    rows = _rows(sm)
    labels = ["sensitivity at threshold 0.123457", "specificity at threshold 0.123457",
              "sensitivity at threshold 0.7", "specificity at threshold 0.7"]
    assert list(rows)[:4] == labels
    for label, (i, j) in zip(labels, [(0, 0), (0, 1), (1, 0), (1, 1)]):
        m = re.fullmatch(r"(\S+) \[(\S+), (\S+)\]", rows[label])
        assert [float(v) for v in m.groups()] == [
            _approx(ci.estimate[i, j]), _approx(ci.lower[i, j]), _approx(ci.upper[i, j])]
    assert int(rows["replicates"]) == 100
    assert rows["stratified"] == "True" and rows["seed"] == "5"
    assert "replicates with tied optima" not in rows
    sm = _coords_ci(np.array([0.5]), level=0.95, n_boot=100).summary()
    assert sm.title.startswith("Bootstrap 95% CIs (percentile) of ROC coordinates")


def test_coords_ci_best_summary_and_frames():
    ci = _coords_ci(np.array(["best"], dtype=object), level=0.95, n_boot=100,
                    best_policy="random", n_tied=3)
    rows = _rows(ci.summary())
    assert list(rows)[:2] == ["sensitivity at best", "specificity at best"]
    assert rows["replicates with tied optima"] == "3 (best_policy='random')"
    assert list(ci.frame("specificity").columns) == ["x", "lower", "median", "upper",
                                                     "estimate"]
    assert list(ci["specificity"]["x"]) == ["best"]


def test_coords_ci_frames():
    ci = _coords_ci(np.array([0.3, 0.7]), level=0.95, n_boot=100)
    f = ci.frame("sensitivity")
    assert list(f.columns) == ["threshold", "lower", "median", "upper", "estimate"]
    np.testing.assert_array_equal(f["threshold"], [0.3, 0.7])
    long = ci.to_frame()
    assert list(long.columns) == ["x", "coordinate", "lower", "median", "upper",
                                  "estimate", "n_valid"]
    assert list(long["x"]) == [0.3, 0.3, 0.7, 0.7]
    assert list(long["coordinate"]) == ["sensitivity", "specificity"] * 2
    for name in ("lower", "median", "upper", "estimate", "n_valid"):
        np.testing.assert_array_equal(long[name], getattr(ci, name).ravel())


# ------------------------------------------------------------ SROCCurve.area

def _trapezoid_def(x, y):
    return sum((x[i + 1] - x[i]) * (y[i] + y[i + 1]) / 2 for i in range(len(x) - 1))


def test_sroc_area_on_the_grid_with_and_without_numpy_trapezoid(monkeypatch):
    """Not exact (more differences than max_breakpoints): the trapezoidal rule on the
    grid, also on a NumPy 1.x, which has np.trapz and no np.trapezoid."""
    curve = rocstats.sroc_curve(Y, S, max_breakpoints=3)
    assert not curve.exact
    expected = _trapezoid_def(curve.grid, curve.grid_theta)
    assert curve.area() == pytest.approx(expected, rel=1e-12)
    trapezoid = np.trapezoid
    monkeypatch.delattr(np, "trapezoid")
    monkeypatch.setattr(np, "trapz", trapezoid, raising=False)
    assert curve.area() == pytest.approx(expected, rel=1e-12)
