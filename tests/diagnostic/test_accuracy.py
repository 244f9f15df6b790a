"""rocstats.diagnostic_accuracy / diagnostic_accuracy_table against independent definitions.

Expected values come from other implementations of the same intervals (SciPy's
``binomtest(...).proportion_ci``, statsmodels' ``proportion_confint``), from the formulas
written out here in plain arithmetic, from rocstats.coords at the same threshold (the
counting rule), and from a Monte Carlo of the target-prevalence interval.  epiR parity
itself: tests/parity/test_diagnostic_parity.py.
"""
import math
import warnings

import numpy as np
import pytest
from scipy import stats

import rocstats
from rocstats.diagnostic import _binom
from rocstats.diagnostic._measures import EPIR_DIFFERENCES, STATISTICS

sm_proportion = pytest.importorskip("statsmodels.stats.proportion")

COUNTS = [(7, 20), (0, 12), (12, 12), (1, 1), (3, 250), (118, 120), (40, 77)]


@pytest.mark.parametrize("x,n", COUNTS)
def test_exact_is_clopper_pearson_of_scipy(x, n):
    ci = stats.binomtest(x, n).proportion_ci(0.95, method="exact")
    est, lo, hi = _binom.proportion_interval(x, n, 0.95, "exact")
    assert est == x / n
    # two inversions of the incomplete beta function (SciPy's beta.ppf root search and
    # special.betaincinv) agree to ~1e-12 relative
    assert lo == pytest.approx(ci.low, rel=1e-10, abs=1e-15)
    assert hi == pytest.approx(ci.high, rel=1e-10, abs=1e-15)


@pytest.mark.parametrize("level", [0.9, 0.95, 0.99])
@pytest.mark.parametrize("x,n", COUNTS)
@pytest.mark.parametrize("method,sm_method", [("wilson", "wilson"), ("jeffreys", "jeffreys"),
                                              ("agresti", "agresti_coull")])
def test_wilson_jeffreys_agresti_equal_statsmodels(x, n, level, method, sm_method):
    lo_ref, hi_ref = sm_proportion.proportion_confint(x, n, alpha=1 - level, method=sm_method)
    if method == "agresti":   # rocstats truncates to [0, 1] (documented difference)
        lo_ref, hi_ref = max(lo_ref, 0.0), min(hi_ref, 1.0)
    est, lo, hi = _binom.proportion_interval(x, n, level, method)
    assert est == x / n
    assert lo == pytest.approx(lo_ref, rel=1e-10, abs=1e-14)
    assert hi == pytest.approx(hi_ref, rel=1e-10, abs=1e-14)


def test_empty_denominator_is_nan_for_every_method():
    for method in ("exact", "wilson", "agresti", "jeffreys"):
        assert all(math.isnan(v) for v in _binom.proportion_interval(0, 0, 0.95, method))


def _hand(a, b, c, d, z=stats.norm.ppf(0.975)):
    """The measures written out from their definitions (no rocstats code)."""
    se, sp = a / (a + c), d / (b + d)
    lrp, lrn = se / (1 - sp), (1 - se) / sp
    v_p = (1 - se) / (a + c) / se + sp / (b + d) / (1 - sp)
    v_n = se / (a + c) / (1 - se) + (1 - sp) / (b + d) / sp
    dor = a * d / (b * c)
    v_d = 1 / a + 1 / b + 1 / c + 1 / d
    return {"se": se, "sp": sp, "pv.pos": a / (a + b), "pv.neg": d / (c + d),
            "diag.ac": (a + d) / (a + b + c + d), "ap": (a + b) / (a + b + c + d),
            "tp": (a + c) / (a + b + c + d), "youden": se + sp - 1, "nndx": 1 / (se + sp - 1),
            "lr.pos": (lrp, lrp * math.exp(-z * v_p ** 0.5), lrp * math.exp(z * v_p ** 0.5)),
            "lr.neg": (lrn, lrn * math.exp(-z * v_n ** 0.5), lrn * math.exp(z * v_n ** 0.5)),
            "diag.or": (dor, dor * math.exp(-z * v_d ** 0.5), dor * math.exp(z * v_d ** 0.5)),
            "p.tpdn": 1 - sp, "p.tndp": 1 - se, "p.dntp": b / (a + b), "p.dptn": c / (c + d),
            "p.rout": (c + d) / (a + b + c + d), "p.rin": (a + b) / (a + b + c + d)}


@pytest.mark.parametrize("table", [(26, 14, 15, 58), (3, 1, 9, 40), (50, 20, 5, 7)])
def test_measures_equal_their_definitions(table):
    r = rocstats.diagnostic_accuracy_table(*table)
    ref = _hand(*table)
    for name, value in ref.items():
        if isinstance(value, tuple):
            assert tuple(r[name]) == pytest.approx(value, rel=1e-12)
        else:
            assert r[name].estimate == pytest.approx(value, rel=1e-12)
    # Youden's interval from the two exact intervals' bounds (epiR's rule)
    se, sp = r["se"], r["sp"]
    assert r["youden"].lower == pytest.approx(se.lower + sp.lower - 1, rel=1e-12)
    assert r["youden"].upper == pytest.approx(se.upper + sp.upper - 1, rel=1e-12)
    if r["youden"].lower > 0:
        assert r["nndx"].lower == pytest.approx(1 / r["youden"].upper, rel=1e-12)
        assert r["nndx"].upper == pytest.approx(1 / r["youden"].lower, rel=1e-12)
    else:                      # Youden's interval contains 0: two half-lines, no interval
        assert math.isnan(r["nndx"].lower) and math.isnan(r["nndx"].upper)


def test_frame_uses_epir_names_in_epir_order():
    r = rocstats.diagnostic_accuracy_table(26, 14, 15, 58)
    f = r.to_frame()
    assert tuple(f.index) == STATISTICS
    assert list(f.columns) == ["estimate", "lower", "upper"]
    assert f.index.name == "statistic"
    t = r.table()
    assert t.loc["test +", "outcome +"] == 26 and t.loc["total", "total"] == 113


def test_counting_rule_follows_coords():
    rng = np.random.default_rng(3)
    y = rng.integers(0, 2, 200)
    s = np.round(rng.normal(size=200) + y, 1)                    # ties
    best = rocstats.coords(y, s, "best", ret=("threshold", "sensitivity", "specificity",
                                               "ppv", "npv", "tp", "fp", "tn", "fn"))
    thr = list(best["threshold"]) + [0.3, -0.2]                  # 0.3 is an observed value
    r = rocstats.diagnostic_accuracy(y, s, thr)
    ref = rocstats.coords(y, s, thr, ret=("sensitivity", "specificity", "ppv", "npv", "tp",
                                           "fp", "tn", "fn"))
    assert np.array_equal(r.tp, ref["tp"]) and np.array_equal(r.fp, ref["fp"])
    assert np.array_equal(r.fn, ref["fn"]) and np.array_equal(r.tn, ref["tn"])
    np.testing.assert_allclose(r["se"].estimate, ref["sensitivity"], rtol=1e-15)
    np.testing.assert_allclose(r["pv.neg"].estimate, ref["npv"], rtol=1e-15)
    # at an observed score the score itself is test positive (>=)
    assert r.tp[-2] == np.sum((s >= 0.3) & (y == 1))
    assert r.to_frame().index.names == ["threshold", "statistic"]


def test_direction_greater_and_dichotomised_test():
    y = [0, 0, 0, 1, 1, 1, 1]
    s = [5, 4, 3, 3, 1, 2, 9]
    r = rocstats.diagnostic_accuracy(y, s, 3, direction=">")      # s <= 3 positive
    assert (r.tp, r.fp, r.fn, r.tn) == (3, 1, 1, 2)
    test = [True, False, True, True, False, True, False]
    d = rocstats.diagnostic_accuracy(y, test)                      # no threshold needed
    assert (d.tp, d.fp, d.fn, d.tn) == (2, 2, 2, 1)
    d01 = rocstats.diagnostic_accuracy(y, np.array(test, dtype=int))
    assert (d01.tp, d01.fp) == (2, 2)
    dg = rocstats.diagnostic_accuracy(y, np.array(test, dtype=int), direction=">")
    assert (dg.tp, dg.fp, dg.fn, dg.tn) == (2, 1, 2, 2)          # 0 is test positive
    with pytest.raises(ValueError, match="threshold"):
        rocstats.diagnostic_accuracy(y, s)


def test_string_labels_and_pos_label():
    y = ["Good", "Poor", "Poor", "Good", "Poor"]
    r = rocstats.diagnostic_accuracy(y, [1, 5, 6, 2, 1], 3, pos_label="Poor")
    assert r.pos_label == "Poor" and (r.tp, r.fn) == (2, 1)
    with pytest.raises(ValueError, match="pos_label"):
        rocstats.diagnostic_accuracy(y, [1, 5, 6, 2, 1], 3)


@pytest.mark.parametrize("kwargs,match", [
    ({"threshold": float("nan")}, "threshold"),
    ({"threshold": 1, "method": "wald"}, "method"),
    ({"threshold": 1, "prevalence": 0.0}, "prevalence"),
    ({"threshold": 1, "prevalence": 1.5}, "prevalence"),
    ({"threshold": 1, "prevalence": "0.1"}, "prevalence"),
    ({"threshold": 1, "level": 1.2}, "level"),
    ({"threshold": [], }, "threshold"),
    ({"threshold": 1, "direction": "auto"}, "direction"),
])
def test_bad_arguments_name_themselves(kwargs, match):
    with pytest.raises(ValueError, match=match):
        rocstats.diagnostic_accuracy([0, 1, 0, 1], [1, 2, 3, 4], **kwargs)


@pytest.mark.parametrize("counts,match", [((1, -1, 2, 3), "fp"), ((1.5, 1, 2, 3), "tp"),
                                          ((1, 1, True, 3), "fn"), ((1, 1, 2, "x"), "tn")])
def test_table_counts_validated(counts, match):
    with pytest.raises(ValueError, match=match):
        rocstats.diagnostic_accuracy_table(*counts)


def test_one_class_warns_and_gives_nan_sensitivity():
    with pytest.warns(rocstats.UndefinedAUCWarning):
        r = rocstats.diagnostic_accuracy([0, 0, 0], [1, 2, 3], 2)
    assert math.isnan(r.sensitivity) and r.specificity == pytest.approx(1 / 3)


def test_documented_differences_and_their_printout():
    # zero fp: LR+ infinite, its log-scale interval's limit [0, inf]; Youden's interval
    # contains 0, so NNDx bounds are NaN; both named in the printout
    r = rocstats.diagnostic_accuracy_table(5, 0, 10, 20, method="wilson")
    assert tuple(r["lr.pos"]) == (math.inf, 0.0, math.inf)
    assert r["diag.or"].estimate == math.inf and r["diag.or"].lower == 0.0
    assert math.isnan(r["nndx"].lower) and math.isnan(r["nndx"].upper)
    text = str(r)
    assert EPIR_DIFFERENCES["infinite_se"] in text and EPIR_DIFFERENCES["nndx_straddles"] in text
    # agresti: the estimate is the plain proportion, the interval Agresti-Coull's
    a = rocstats.diagnostic_accuracy_table(26, 14, 15, 58, method="agresti")
    assert a["se"].estimate == 26 / 41
    z = stats.norm.ppf(0.975)
    pt = (26 + z * z / 2) / (41 + z * z)
    assert a["se"].lower == pytest.approx(pt - z * math.sqrt(pt * (1 - pt) / (41 + z * z)),
                                          rel=1e-12)
    assert EPIR_DIFFERENCES["agresti_estimate"] in str(a)
    # nothing to say for an ordinary table with the exact method
    assert rocstats.diagnostic_accuracy_table(26, 14, 15, 58).notes == ()


def test_target_prevalence_bayes_estimate():
    r = rocstats.diagnostic_accuracy_table(26, 14, 15, 58, prevalence=0.1)
    se, sp, pi = 26 / 41, 58 / 72, 0.1
    assert r["pv.pos.target"].estimate == pytest.approx(se * pi / (se * pi + (1 - sp) * (1 - pi)),
                                                        rel=1e-14)
    assert r["pv.neg.target"].estimate == pytest.approx(
        sp * (1 - pi) / (sp * (1 - pi) + (1 - se) * pi), rel=1e-14)
    lo, hi = r["pv.pos.target"][1:]
    assert 0 < lo < r["pv.pos.target"].estimate < hi < 1
    assert r.statistics[-2:] == ("pv.pos.target", "pv.neg.target")


@pytest.mark.parametrize("se,sp,n1,n0,pi", [(0.8, 0.9, 40, 80, 0.05), (0.95, 0.7, 60, 60, 0.3)])
def test_target_prevalence_interval_coverage_monte_carlo(se, sp, n1, n0, pi):
    """Coverage of the logit interval of PPV and NPV at prevalence pi (1/2 added to each
    count), over 4000 simulated case-control samples: within 3 Monte Carlo SE (0.0103) of
    0.95.  Power: the z^2/2 (Agresti-Coull) correction this replaced covers 0.904 and
    0.932 in these two designs, 13 and 5 SE below: such a change is detected."""
    rng = np.random.default_rng(11)
    B = 4000
    a = rng.binomial(n1, se, B)
    d = rng.binomial(n0, sp, B)
    r = rocstats.diagnostic_accuracy_table(a, n0 - d, n1 - a, d, prevalence=pi)
    true_ppv = se * pi / (se * pi + (1 - sp) * (1 - pi))
    true_npv = sp * (1 - pi) / (sp * (1 - pi) + (1 - se) * pi)
    sd = math.sqrt(0.95 * 0.05 / B)
    for name, truth in (("pv.pos.target", true_ppv), ("pv.neg.target", true_npv)):
        est, lo, hi = r[name]
        ok = ~np.isnan(lo)
        cover = np.mean((lo[ok] <= truth) & (truth <= hi[ok]))
        assert abs(cover - 0.95) <= 3 * sd, (name, cover)
