"""Checks of issue 23's edge cases against pROC results laid out by
validation/r/edge_cases.R (stored: tests/parity/test_edge_cases_parity.py; live:
tests/live/test_edge_cases_live.py).  Each ``check_*`` takes one case of that file; the
expected values are pROC's, or a definition where pROC's number is an artefact (FFT
round-off, a float tie broken by rounding)."""
import warnings
from fractions import Fraction

import numpy as np
import pytest

import rocstats


# ----------------------------------------------------- binormal smoothing, slope 0
def check_binormal_slope0(ref):
    r = rocstats.smooth_roc(ref["y"], ref["x"], n=ref["n"])
    a, b = r.coefficients
    # every inner point has Sp = 2/3: the least-squares slope is 0 exactly (pROC's lm
    # leaves round-off, -9e-17), the intercept qnorm(2/3)
    assert b == 0.0 and abs(ref["coefficients"][1]) < 1e-15
    assert a == pytest.approx(ref["coefficients"][0], rel=1e-12)
    # the curve is the limit b -> 0- (Sp = 1 at Se = 0, Sp = 0 at Se = 1): pROC's
    np.testing.assert_allclose(r.sensitivities, ref["sensitivities"], rtol=0, atol=1e-12)
    np.testing.assert_allclose(r.specificities, ref["specificities"], rtol=0, atol=1e-12)
    assert np.isfinite(r.specificities).all()
    assert r.auc == pytest.approx(ref["auc"], rel=1e-12)
    assert r.auc_partial((0.8, 1.0)) == pytest.approx(ref["partial_auc_sp_0.8_1"], rel=1e-12)


# ------------------------------------------------ density smoothing, compact kernel
def _rectangular_density_by_definition(data, grid, bw):
    """The rectangular kernel density (half-width sqrt(3) bw) at each grid point."""
    half = np.sqrt(3.0) * bw
    d = np.abs(np.asarray(grid)[:, None] - np.asarray(data)[None, :])
    return (d < half).sum(axis=1) / (2 * half * len(data))


def check_density_rectangular(ref):
    y, x = np.asarray(ref["y"]), np.asarray(ref["x"], float)
    for case in ref["by_n"]:
        n = case["n"]
        grid = np.linspace(ref["from"], ref["to"], n)
        exact_c = _rectangular_density_by_definition(x[y == 0], grid, ref["bw"])
        exact_x = _rectangular_density_by_definition(x[y == 1], grid, ref["bw"])
        if exact_c.sum() == 0 or exact_x.sum() == 0:
            # no grid point within the kernel's support of a class: R's density of that
            # class is the FFT's round-off (< 1e-15), and pROC's AUC is built on it
            empty = case["controls_density"] if exact_c.sum() == 0 else case["cases_density"]
            assert max(empty) < 1e-15
            with pytest.warns(rocstats.UndefinedAUCWarning, match="n|kernel"):
                r = rocstats.smooth_roc(y, x, method="density", n=n, kernel="rectangular")
            assert np.isnan(r.auc) and r.sensitivities.size == r.specificities.size == 0
            assert r.kernel == "rectangular" and r.bw == pytest.approx(ref["bw"], rel=1e-12)
            assert (r.n, r.n_pos, r.n_neg, r.method) == (n, 2, 3, "density")
        else:
            r = rocstats.smooth_roc(y, x, method="density", n=n, kernel="rectangular")
            assert r.auc == pytest.approx(case["auc"], rel=1e-10)
            np.testing.assert_allclose(r.sensitivities, case["sensitivities"], atol=1e-12)
            np.testing.assert_allclose(r.specificities, case["specificities"], atol=1e-12)


# ------------------------------------------------------------------------- power
def check_power_degenerate(ref):
    y, a, b, sep = ref["y"], ref["a"], ref["b"], ref["sep"]
    r = rocstats.power_roc_test_paired(y, a, b, method="obuchowski", power=0.8,
                                       null_variance="first")      # pROC's V0
    # both pilot fits have slope 0 (pROC: -9e-17): Obuchowski's variance has the finite
    # limit b -> 0, and pROC's sample size is that limit's
    assert max(map(abs, ref["slopes"])) < 1e-15
    assert r.ncases == pytest.approx(ref["obuchowski_ncases"], rel=1e-10)
    # no inner operating point on a perfectly separated pilot: pROC stops, so do we
    assert "not smoothable" in ref["separated_error"]
    with pytest.raises(ValueError, match="y_score_a/y_score_b.*method='delong'"):
        rocstats.power_roc_test_paired(y, a, sep, method="obuchowski", power=0.8)
    # a pilot with AUC 1: pROC returns power NaN; rocstats refuses, naming y_score (a
    # deliberate difference: the formula has no answer there)
    assert ref["auc1_power"] is None
    with pytest.raises(ValueError, match="^y_score: the pilot data's empirical AUC is 1.0"):
        rocstats.power_roc_test(y_true=[0, 0, 1, 1], y_score=[1, 2, 3, 4])


# ------------------------------------------------------------- coords best weights
def _best_rows_by_definition(y, x, r):
    """Every threshold (pROC's midpoints) maximising se + r sp, in exact arithmetic."""
    y, x = np.asarray(y), np.asarray(x, float)
    P, N = int(y.sum()), int((1 - y).sum())
    v = np.unique(x)
    cuts = np.r_[-np.inf, (v[:-1] + v[1:]) / 2, np.inf]
    crit = {}
    for t in cuts:
        se = Fraction(int(((x >= t) & (y == 1)).sum()), P)
        sp = Fraction(int(((x < t) & (y == 0)).sum()), N)
        crit[float(t)] = se + r * sp
    best = max(crit.values())
    return sorted(t for t, c in crit.items() if c == best)


def check_coords_best_weights(ref):
    y, x = ref["y"], ref["x"]
    for case, weights in zip(ref["by_weights"], [(1 / 3, 0.5), (1, 0.25)]):
        # r = (1 - 0.5) / (1/3 * 0.5) = 3 = (1 - 0.25) / 0.25: thresholds 2 and 3.5 tie
        want = _best_rows_by_definition(y, x, Fraction(3))
        assert want == [2.0, 3.5]
        got = rocstats.coords(y, x, "best", best_weights=weights)
        assert sorted(got["threshold"]) == want
        # every row pROC lists is listed (pROC's float comparison keeps only 2.0 here)
        proc_rows = np.atleast_1d(case["threshold"])
        assert set(proc_rows) <= set(got["threshold"])
    # best_threshold shares the search (default weights)
    assert rocstats.best_threshold(y, x).threshold == \
        rocstats.coords(y, x, "best")["threshold"].iloc[0]


# ------------------------------------------------------------ DeLong with one case
def check_delong_one_case(ref):
    y, s1, s2 = ref["y"], ref["s1"], ref["s2"]
    # pROC: var() is NA with one case and roc.test stops
    assert ref["var"] == [None, None] and ref["roc_test"]
    S = np.column_stack([s1, s2])
    with pytest.warns(rocstats.UndefinedAUCWarning, match="at least 2 positives"):
        j = rocstats.delong_joint_test(y, S)
    assert np.isnan(j.statistic) and np.isnan(j.pvalue)
    assert list(j.aucs) == pytest.approx(ref["auc"], rel=1e-12)
    with pytest.warns(rocstats.UndefinedAUCWarning):
        tab = rocstats.delong_pairwise(y, S)
    assert tab["estimate"].tolist() == [ref["auc"][0] - ref["auc"][1]]
    assert tab[["se", "z", "p", "p_holm", "p_bh"]].isna().all().all()
    with pytest.warns(rocstats.UndefinedAUCWarning):
        t = rocstats.roc_test(y, s1, s2)
    assert np.isnan(t.pvalue)
    # frequency weights summing to 1 positive: the same NaN, not an SVD failure
    with pytest.warns(rocstats.UndefinedAUCWarning):
        jw = rocstats.delong_joint_test(y + [1], np.vstack([S, [0.5, 0.5]]),
                                        sample_weight=[1, 1, 1, 1, 0])
    assert np.isnan(jw.pvalue)


# ------------------------------------------------------- p-value adjustments (R's p.adjust)
def check_p_adjust(ref):
    from rocstats.compare._delong_test import _adjusted, p_adjust

    names = {"holm": "holm", "BH": "fdr_bh", "bonferroni": "bonferroni",
             "hochberg": "simes-hochberg", "BY": "fdr_by"}
    for case in ref["sets"]:
        p = np.atleast_1d(case["p"])
        for r_name, sm_name in names.items():
            want = np.atleast_1d(case[r_name])
            np.testing.assert_allclose(p_adjust(p, r_name), want, rtol=1e-13, atol=0,
                                       err_msg=r_name)
            got = _adjusted(p, (sm_name,))
            np.testing.assert_allclose(next(iter(got.values())), want, rtol=1e-13, atol=0)


# ----------------------------------------------- every density kernel; coords inputs; power
def _nan(v):
    return np.array([np.nan if x is None else x for x in np.atleast_1d(v)], dtype=float)


def check_density_kernels(ref):
    for case in ref["auc"]:
        for n, key in ((512, "n512"), (64, "n64")):
            r = rocstats.smooth_roc(ref["y"], ref["x"], method="density", kernel=case["kernel"],
                                    n=n)
            assert r.auc == pytest.approx(case[key], rel=1e-10), (case["kernel"], n)


def check_coords_inputs(ref):
    for case in ref["by_input"]:
        got = rocstats.coords(ref["y"], ref["x"], case["x"], input=case["input"])
        for col in ("threshold", "specificity", "sensitivity"):
            np.testing.assert_allclose(got[col].to_numpy(float), _nan(case[col]), rtol=1e-12,
                                       atol=1e-14, err_msg="%s %s" % (case["input"], col))


def check_power_ncases_only(ref):
    r = rocstats.power_roc_test(auc=0.8, ncases=30)
    assert r.ncontrols == ref["ncontrols"] == 30
    assert r.power == pytest.approx(ref["power"], rel=1e-10)


def check_r_density(ref):
    """R's density() values, every kernel, grids that do not cover the data, n > 512:
    equal to FFT round-off (1e-14 of the largest density)."""
    from rocstats.curves._smooth import r_density

    for case in ref["by_call"]:
        want = np.asarray(case["y"], float)
        got = r_density(ref["x"], bw=case["bw"], n=case["n"], start=case["from"],
                        stop=case["to"], kernel=case["kernel"])
        np.testing.assert_allclose(got, want, rtol=0, atol=1e-14 * want.max(),
                                   err_msg="%s n=%d" % (case["kernel"], case["n"]))


def check_local_maximas(ref):
    for case in ref["by_case"]:
        got = rocstats.coords(case["y"], case["x"], "local maximas")
        thr = case["threshold"]
        thr = [thr] if isinstance(thr, str) else thr          # a length-1 vector is unboxed
        np.testing.assert_array_equal(got["threshold"].to_numpy(), [float(t) for t in thr])
        np.testing.assert_allclose(got["specificity"], case["specificity"], rtol=1e-12)
        np.testing.assert_allclose(got["sensitivity"], case["sensitivity"], rtol=1e-12)


def _r_expr(text):
    """The bound as R evaluates it: "2/3" -> 2/3, "1 - 1e-12" -> 1 - 1e-12 (doubles)."""
    if " - " in text:
        a, b = text.split(" - ")
        return _r_expr(a) - _r_expr(b)
    if "/" in text:
        a, b = text.split("/")
        return float(a) / float(b)
    return float(text)


def check_partial_bounds(ref):
    """Partial AUCs whose bounds fall on curve points, at 0 / 1 or within 1e-12 of them.
    Tolerance: 1e-10 relative, or 1e-16 absolute for areas of a 1e-12-wide strip (pROC's
    trapezoid and ours round differently at that scale); McClish's corrected value 1e-9."""
    for c in ref["by_range"]:
        lo, hi = _r_expr(c["lo"]), _r_expr(c["hi"])
        got = rocstats.auc(ref["y"], ref["x"], partial=(lo, hi), focus=c["focus"])
        assert got == pytest.approx(c["auc"], rel=1e-10, abs=1e-16), c
        if c["corrected"] is not None:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                cor = rocstats.auc(ref["y"], ref["x"], partial=(lo, hi), focus=c["focus"],
                                   correct=True)
            assert cor == pytest.approx(c["corrected"], rel=1e-9, abs=1e-9), c
