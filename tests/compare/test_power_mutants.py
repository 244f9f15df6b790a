"""rocstats.compare._power: what the printed summaries show, the fields of the results,
which argument an error names, pROC's defaults, the guards of the closed-form solves, the
AUC root search and Brent's search itself against R's zeroin (issue 23, surviving mutants).

Expected values come from pROC's stored results (validation/results/proc_power.json,
loaded as tests/parity/test_power_parity.py does), from eqs. 2-3 of Obuchowski, Lieber &
Wians (2004) and DeLong's placements written here (tests/definitions.py), or from a
transcription of R's ``zeroin`` (src/library/stats/src/zeroin.c, ``R_zeroin2``), the root
search behind ``uniroot`` that pROC calls for the AUC.
"""
import math
import warnings

import numpy as np
import pytest
from scipy import optimize, stats

import rocstats
from rocstats._deviations import note
from rocstats.compare._power import PROC_UNIROOT_TOL, _brent_zero, binormal_power
from rocstats_validation import proc_power as pp
from definitions import auc_def, placements_def

DOC = pp.load_power_results()


def _case(form, name):
    return next(c for c in DOC[form] if c["name"] == name)


def g6(x):
    """How the summaries print a number (6 significant digits)."""
    return "%.6g" % x


# ----------------------------------------------------------------- independent formulas
def eq3_variance(theta, kappa):
    """Obuchowski, Lieber & Wians (2004) eq. 3 (A = 1.414 qnorm(theta))."""
    a = stats.norm.ppf(theta) * 1.414
    return 0.0099 * math.exp(-a * a / 2) * ((5 * a * a + 8) + (a * a + 8) / kappa)


def eq2_v0(kappa):
    return 0.0792 * (1 + 1 / kappa)


def eq2_ncases(theta, kappa, alpha, power, two_sided=True):
    za = stats.norm.isf(alpha / 2 if two_sided else alpha)
    zb = stats.norm.ppf(power)
    return ((za * math.sqrt(eq2_v0(kappa)) + zb * math.sqrt(eq3_variance(theta, kappa))) ** 2
            / (theta - 0.5) ** 2)


def eq2_power(theta, ncases, kappa, alpha, two_sided=True):
    za = stats.norm.isf(alpha / 2 if two_sided else alpha)
    zb = ((math.sqrt(ncases) * abs(theta - 0.5) - za * math.sqrt(eq2_v0(kappa)))
          / math.sqrt(eq3_variance(theta, kappa)))
    return stats.norm.cdf(zb)


def paired_power(delta, ncases, v0, va, alpha, two_sided=True):
    """Obuchowski & McClish (1997) eq. 2 solved for the power."""
    za = stats.norm.isf(alpha / 2 if two_sided else alpha)
    return stats.norm.cdf((math.sqrt(ncases) * abs(delta) - za * math.sqrt(v0)) / math.sqrt(va))


def paired_ncases(delta, v0, va, alpha, power, two_sided=True):
    za = stats.norm.isf(alpha / 2 if two_sided else alpha)
    zb = stats.norm.ppf(power)
    return (za * math.sqrt(v0) + zb * math.sqrt(va)) ** 2 / delta ** 2


def proc_objective(ncases, kappa, alpha, power, two_sided=True):
    """pROC's objective for the AUC: eq. 2's n(theta) - ncases."""
    za = stats.norm.isf(alpha / 2 if two_sided else alpha)
    zb = stats.norm.ppf(power)
    sv0 = math.sqrt(eq2_v0(kappa))

    def f(theta):
        d = theta - 0.5
        num = (za * sv0 + zb * math.sqrt(eq3_variance(theta, kappa))) ** 2
        return math.inf if d == 0 else num / (d * d) - ncases
    return f


def r_zeroin2(f, ax, bx, fa, fb, tol, maxit=1000):
    """R's R_zeroin2 (stats/src/zeroin.c), transcribed: Brent's zero in [ax, bx]."""
    eps = np.finfo(float).eps
    a, b = ax, bx
    c, fc = a, fa
    if fa == 0.0:
        return a
    if fb == 0.0:
        return b
    for _ in range(maxit + 1):
        prev_step = b - a
        if abs(fc) < abs(fb):
            a, b, c = b, c, b
            fa, fb, fc = fb, fc, fb
        tol_act = 2 * eps * abs(b) + tol / 2
        new_step = (c - b) / 2
        if abs(new_step) <= tol_act or fb == 0.0:
            return b
        if abs(prev_step) >= tol_act and abs(fa) > abs(fb):
            cb = c - b
            if a == c:
                t1 = fb / fa
                p = cb * t1
                q = 1.0 - t1
            else:
                q = fa / fc
                t1 = fb / fc
                t2 = fb / fa
                p = t2 * (cb * q * (q - t1) - (b - a) * (t1 - 1.0))
                q = (q - 1.0) * (t1 - 1.0) * (t2 - 1.0)
            if p > 0:
                q = -q
            else:
                p = -p
            if p < (0.75 * cb * q - abs(tol_act * q) / 2) and p < abs(prev_step * q / 2):
                new_step = p / q
        if abs(new_step) < tol_act:
            new_step = tol_act if new_step > 0 else -tol_act
        a, fa = b, fb
        b += new_step
        fb = f(b)
        if (fb > 0 and fc > 0) or (fb < 0 and fc < 0):
            c, fc = a, fa
    return None                                       # R: *Maxit = -1, not converged


def proc_auc(ncases, ncontrols, alpha, power, two_sided=True, tol=PROC_UNIROOT_TOL):
    """pROC's AUC: uniroot(n(theta) - ncases, c(0.5, 1 - 1e-16)) with R's default tol."""
    f = proc_objective(ncases, ncontrols / ncases, alpha, power, two_sided)
    lo, hi = 0.5, 1 - 1e-16
    return r_zeroin2(f, lo, hi, f(lo), f(hi), tol)


def exact_auc(ncases, ncontrols, alpha, power, two_sided=True):
    f = proc_objective(ncases, ncontrols / ncases, alpha, power, two_sided)
    return optimize.brentq(f, 0.5 + 1e-12, 1 - 1e-16, xtol=1e-15, rtol=1e-15)


# ================================================================= the summaries
def test_one_curve_summary_shows_procs_numbers():
    """pROC's example (power.roc.test(ncases = 41, ncontrols = 72, auc = 0.73)): every
    row's label and value, the solved row marked."""
    ref = _case("numeric", "proc_example_power")["result"]
    r = rocstats.power_roc_test(auc=0.73, ncases=41, ncontrols=72)
    s = r.summary()
    kappa = 72 / 41
    assert s.title == "One ROC curve power calculation"
    assert s.rows == [
        ("auc", "0.73"),
        ("ncases", "41 (41 rounded up)"),
        ("ncontrols", "72 (72 rounded up)"),
        ("kappa (controls / cases)", g6(kappa)),
        ("sig_level", "0.05"),
        ("power (solved)", g6(ref["power"])),
        ("alternative", "two-sided"),
        ("V0, VA (per case)", "%s, %s" % (g6(eq2_v0(kappa)), g6(eq3_variance(0.73, kappa)))),
    ]
    assert s.notes == ["H0: AUC = 0.5; Obuchowski, Lieber & Wians (2004), eqs. 2-3 "
                       "(pROC's power.roc.test)."]


def test_one_curve_summary_sample_size_rounded_up_and_solved_marks():
    ref = _case("numeric", "proc_example_ncases")["result"]        # kappa 1.7, power .95
    r = rocstats.power_roc_test(auc=0.73, kappa=1.7, power=0.95)
    rows = dict(r.summary().rows)
    assert rows["ncases (solved)"] == "%s (30 rounded up)" % g6(ref["ncases"])   # 29.67
    assert rows["ncontrols"] == "%s (51 rounded up)" % g6(ref["ncontrols"])       # 50.44
    assert [k for k in rows if k.endswith("(solved)")] == ["ncases (solved)"]
    assert "sig_level" in rows and "power" in rows and "auc" in rows
    ref = _case("numeric", "proc_example_sig_level")["result"]
    r = rocstats.power_roc_test(auc=0.73, ncases=41, ncontrols=72, sig_level=None, power=0.95)
    rows = dict(r.summary().rows)
    assert [k for k in rows if k.endswith("(solved)")] == ["sig_level (solved)"]
    assert rows["sig_level (solved)"] == g6(ref["sig_level"])
    assert r.solved == "sig_level"


def test_one_curve_summary_of_pilot_data():
    """power.roc.test(roc(aSAH$outcome, aSAH$s100b)): the pilot rows and the label."""
    ref = _case("roc", "asah_s100b_power")["result"]
    y, scores, control, case = pp.pilot("asah")
    r = rocstats.power_roc_test(y_true=y, y_score=scores["s100b"], pos_label=case)
    s = r.summary()
    rows = dict(s.rows)
    assert rows["auc"] == g6(ref["auc"])
    assert rows["power (solved)"] == g6(ref["power"])
    assert rows["pilot cases, controls"] == "41, 72"
    assert rows["positive label"] == "Poor"
    assert list(rows)[-2:] == ["pilot cases, controls", "positive label"]
    assert len(s.rows) == 10
    assert r.direction == "<" and r.n_pilot == (41, 72) and r.alternative == "two-sided"
    flipped = rocstats.power_roc_test(y_true=y, y_score=-scores["s100b"], pos_label=case,
                                      direction=">")
    assert flipped.direction == ">" and flipped.power == pytest.approx(ref["power"], rel=1e-9)
    assert rocstats.power_roc_test(auc=0.7, ncases=30, ncontrols=30).direction is None


def test_one_curve_summary_notes_the_exact_auc_root():
    """Solving for the AUC: the note on the exact root appears unless pROC's uniroot
    tolerance was asked for."""
    base = "H0: AUC = 0.5; Obuchowski, Lieber & Wians (2004), eqs. 2-3 (pROC's power.roc.test)."
    kw = dict(ncases=41, ncontrols=72, power=0.95)
    exact = rocstats.power_roc_test(**kw)
    assert exact.summary().notes == [base, note("auc_root_tolerance")]
    other = rocstats.power_roc_test(tol=1e-6, **kw)
    assert other.summary().notes == [base, note("auc_root_tolerance")]
    proc = rocstats.power_roc_test(tol=PROC_UNIROOT_TOL, **kw)
    assert proc.summary().notes == [base]
    assert proc.auc == pytest.approx(_case("numeric", "proc_example_auc")["result"]["auc"],
                                     rel=1e-9)
    rows = dict(exact.summary().rows)
    assert [k for k in rows if k.endswith("(solved)")] == ["auc (solved)"]
    assert exact.va == pytest.approx(eq3_variance(exact.auc, 72 / 41), rel=1e-12)


def _paired_expected_rows(ref, v0, va, method, v0_text, binormal):
    rows = [("AUC a, AUC b", "%s, %s" % (g6(ref["auc_a"]), g6(ref["auc_b"]))),
            ("delta", g6(ref["auc_a"] - ref["auc_b"])),
            ("ncases", "41 (41 rounded up)"),
            ("ncontrols", "72 (72 rounded up)"),
            ("kappa (controls / cases)", g6(72 / 41)),
            ("sig_level", "0.05"),
            ("power (solved)", g6(ref["power"])),
            ("alternative", "two-sided"),
            ("variances", "%s (%s)" % (method, v0_text)),
            ("Va, Vb, Cab (per case)", "%s, %s, %s" % (g6(ref["var_a"]), g6(ref["var_b"]),
                                                       g6(ref["cov_ab"]))),
            ("V0, VA (per case)", "%s, %s" % (g6(v0), g6(va))),
            ("r cases, r controls", "%s, %s" % (g6(ref["r_cases"]), g6(ref["r_controls"])))]
    if binormal:
        rows.append(("binormal (A, B) a / b", "(%s, %s) / (%s, %s)" % tuple(
            g6(ref[k]) for k in ("A_a", "B_a", "A_b", "B_b"))))
    rows += [("pilot cases, controls", "41, 72"), ("positive label", "Poor")]
    return rows


def test_paired_summary_obuchowski_procs_null_variance():
    """power.roc.test(roc(aSAH, ndka), roc(aSAH, wfns), method = "obuchowski"): every row
    of the summary from pROC's stored numbers; pROC's V0 = 2 Va - 2 Cab."""
    ref = _case("paired", "asah_ndka_wfns_power_obuchowski")["result"]
    y, scores, control, case = pp.pilot("asah")
    r = rocstats.power_roc_test_paired(y, scores["ndka"], scores["wfns"], pos_label=case,
                                       method="obuchowski", null_variance="first")
    v0 = 2 * ref["var_a"] - 2 * ref["cov_ab"]
    va = ref["var_a"] + ref["var_b"] - 2 * ref["cov_ab"]
    s = r.summary()
    assert s.title == "Two paired ROC curves power calculation"
    assert s.rows == _paired_expected_rows(ref, v0, va, "obuchowski",
                                           "pROC: V0 = 2 Va - 2 Cab", True)
    assert s.notes == ["H0: AUC_a = AUC_b; Obuchowski & McClish (1997), eqs. 2, 4, 5.",
                       "V0 as pROC's power.roc.test with two curves (null_variance='first')."]
    assert r.delta == pytest.approx(ref["auc_a"] - ref["auc_b"], rel=1e-10)
    assert r.kappa == pytest.approx(72 / 41, rel=1e-15)
    assert (r.alternative, r.direction, r.solved) == ("two-sided", "<", "power")


def test_paired_summary_delong_default_null_variance():
    ref = _case("paired", "asah_ndka_wfns_power_delong")["result"]
    y, scores, control, case = pp.pilot("asah")
    r = rocstats.power_roc_test_paired(y, scores["ndka"], scores["wfns"], pos_label=case)
    va = ref["var_a"] + ref["var_b"] - 2 * ref["cov_ab"]
    ref = dict(ref, power=paired_power(ref["auc_a"] - ref["auc_b"], 41, va, va, 0.05))
    s = r.summary()
    assert s.rows == _paired_expected_rows(ref, va, va, "delong", "V0 = VA", False)
    assert s.notes == ["H0: AUC_a = AUC_b; Obuchowski & McClish (1997), eqs. 2, 4, 5.",
                       note("null_variance")]


def test_paired_summary_notes_a_zero_binormal_slope():
    """Every inner ROC point of score a at one specificity: pROC's fit has slope exactly
    0 (the documented deviation binormal_zero_slope); the summary says so, and only then."""
    y = [0, 0, 0, 1, 1, 1, 0, 1]
    a = [0, 0, 10, 5, 6, 7, 1, 8]       # controls 0, 0, 1, 10: inner points share Sp
    b = [1, 3, 5, 2, 4, 6, 7, 8]
    r = rocstats.power_roc_test_paired(y, a, b, method="obuchowski")
    assert r.binormal_a[1] == 0.0 and r.binormal_b[1] != 0.0
    assert note("binormal_zero_slope") in r.summary().notes
    r = rocstats.power_roc_test_paired(y, b, a, method="obuchowski")
    assert r.binormal_b[1] == 0.0
    assert note("binormal_zero_slope") in r.summary().notes
    ref = _case("paired", "asah_ndka_wfns_power_obuchowski")["result"]
    yy, scores, control, case = pp.pilot("asah")
    r = rocstats.power_roc_test_paired(yy, scores["ndka"], scores["wfns"], pos_label=case,
                                       method="obuchowski")
    assert r.binormal_a == pytest.approx((ref["A_a"], ref["B_a"]), rel=1e-9)
    assert note("binormal_zero_slope") not in r.summary().notes
    assert len(r.summary().notes) == 2


# ================================================================= errors name the argument
@pytest.mark.parametrize("kwargs,pattern", [
    (dict(auc=0.7, ncases=-3, ncontrols=30), r"^ncases must be a finite number > 0"),
    (dict(auc=0.7, ncases=30, ncontrols=0), r"^ncontrols must be a finite number > 0"),
    (dict(auc=0.7, ncases=30, kappa=-1), r"^kappa must be a finite number > 0"),
    (dict(auc=0.7, kappa=1, power=1.0), r"^power must be a number strictly between 0 and 1"),
    (dict(auc=1.0, ncases=30, ncontrols=30), r"^auc must be a number strictly between 0 and 1"),
])
def test_one_curve_errors_start_with_the_argument(kwargs, pattern):
    with pytest.raises(ValueError, match=pattern):
        rocstats.power_roc_test(**kwargs)


def test_missing_quantity_messages_name_what_to_give():
    with pytest.raises(ValueError) as e:
        rocstats.power_roc_test(auc=0.7, ncases=30, ncontrols=30, power=0.8)
    msg = str(e.value)
    assert msg.startswith("nothing to solve: sig_level, power, auc and the sample size "
                          "(ncases / ncontrols) are all given")
    assert msg.endswith("set exactly one of them to None")
    with pytest.raises(ValueError) as e:
        rocstats.power_roc_test(power=0.8)
    msg = str(e.value)
    assert msg.startswith("exactly one quantity can be solved for, but auc and sample size "
                          "(ncases / ncontrols) are missing")
    assert msg.endswith("give all but one of sig_level, power, auc and the sample size "
                        "(ncases with ncontrols or kappa)")


def test_pilot_data_need_both_arrays():
    with pytest.raises(ValueError, match=r"^y_score is None: pilot data need both"):
        rocstats.power_roc_test(y_true=[0, 1, 1, 0])
    with pytest.raises(ValueError, match=r"^y_true is None: pilot data need both"):
        rocstats.power_roc_test(y_score=[0.1, 0.2, 0.3, 0.4])


def test_pilot_with_one_control_or_one_case():
    """One control is pilot data (the AUC is defined): the power at the pilot's counts."""
    y, s = [0, 1, 1, 1], [0.3, 0.5, 0.2, 0.9]
    theta = auc_def([0.5, 0.2, 0.9], [0.3])                        # 2/3
    r = rocstats.power_roc_test(y_true=y, y_score=s)
    assert (r.ncases, r.ncontrols, r.n_pilot) == (3, 1, (3, 1))
    assert r.auc == pytest.approx(theta, rel=1e-15)
    assert r.power == pytest.approx(eq2_power(theta, 3, 1 / 3, 0.05), rel=1e-12)
    r = rocstats.power_roc_test(y_true=[1, 0, 0, 0], y_score=[0.3, 0.5, 0.2, 0.1])
    assert (r.ncases, r.ncontrols, r.n_pilot) == (1, 3, (1, 3))
    assert r.power == pytest.approx(eq2_power(theta, 1, 3, 0.05), rel=1e-12)


def test_pilot_with_a_given_ncases_and_kappa():
    """Pilot data with the study's ncases and kappa: the AUC from the pilot, the size as
    given (not the pilot's counts)."""
    y, scores, control, case = pp.pilot("ties")
    ref = _case("roc", "ties_a_power")["result"]
    r = rocstats.power_roc_test(y_true=y, y_score=scores["a"], pos_label=case, ncases=50,
                                kappa=2)
    assert (r.ncases, r.ncontrols, r.kappa) == (50, 100, 2)
    assert r.auc == pytest.approx(ref["auc"], rel=1e-12)
    assert r.power == pytest.approx(eq2_power(ref["auc"], 50, 2, 0.05), rel=1e-12)


def test_default_kappa_is_one_as_procs():
    """Obuchowski et al. (2004), Table 4's cell (AUC 0.7, kappa 1), pROC's number, without
    passing kappa: pROC's default kappa = 1."""
    ref = _case("numeric", "obuchowski2004_table4")["result"]
    r = rocstats.power_roc_test(auc=0.7, power=0.9, alternative="one-sided")
    assert r.kappa == 1.0
    assert r.ncases == pytest.approx(ref["ncases"], rel=1e-9)
    assert r.ncontrols == pytest.approx(ref["ncontrols"], rel=1e-9)


# ================================================================= closed-form guards
def test_ncases_guard_one_curve():
    """kappa = 10: V(0.65) > V0, so a power just above the level is reached at any size
    (z_a sqrt(V0) + z_b sqrt(VA) <= 0) -- refused; a power of 0.35 at level 0.3 is not."""
    kw = dict(auc=0.65, kappa=10, sig_level=0.3, alternative="one-sided")
    with pytest.raises(ValueError, match=r"^power=0\.3001: reached with any sample size"):
        rocstats.power_roc_test(power=0.3001, **kw)
    r = rocstats.power_roc_test(power=0.35, **kw)
    assert r.ncases == pytest.approx(eq2_ncases(0.65, 10, 0.3, 0.35, False), rel=1e-12)
    assert r.ncontrols == pytest.approx(10 * r.ncases, rel=1e-15)


def test_ncases_guard_two_curves():
    """pROC's V0 = 2 Va - 2 Cab below VA (curve a has the smaller variance): a power just
    above the level needs no sample size -- refused; power 0.35 is solvable."""
    kw = dict(sig_level=0.3, alternative="one-sided", null_variance="first")
    with pytest.raises(ValueError, match=r"^power=0\.31: the formula's power exceeds it"):
        binormal_power(2, 1, 0.5, 1, 0.3, 0.3, 0.1, power=0.31, **kw)
    r = binormal_power(2, 1, 0.5, 1, 0.3, 0.3, 0.1, power=0.35, sig_level=0.3,
                       alternative="one-sided")
    assert r["ncases"] == pytest.approx(paired_ncases(0.1, r["va"], r["va"], 0.3, 0.35,
                                                      False), rel=1e-12)


def test_sig_level_solve_is_named():
    ref = _case("numeric", "sig_level_one_sided")["result"]
    r = rocstats.power_roc_test(auc=0.8, ncases=30, ncontrols=60, sig_level=None, power=0.9,
                                alternative="one-sided")
    assert r.solved == "sig_level" and r.alternative == "one-sided"
    assert r.sig_level == pytest.approx(ref["sig_level"], rel=1e-9)


# ================================================================= the AUC root search
# (ncases, ncontrols, sig_level, power, two-sided): ordinary designs, a large level with a
# high power (z_a small), powers just above the level (z_b < 0), kappa far from 1.
AUC_DESIGNS = [(41, 72, 0.05, 0.95, True), (20, 20, 0.05, 0.8, False),
               (100, 50, 0.01, 0.9, True), (30, 30, 0.4, 0.99, False),
               (30, 30, 0.4, 0.99, True), (20, 200, 0.3, 0.3001, False),
               (20, 200, 0.3, 0.35, False), (7, 3, 0.1, 0.9, True), (500, 40, 0.2, 0.5, True),
               (12, 60, 0.05, 0.6, False), (2000, 2000, 0.001, 0.999, True),
               (3.5, 8.25, 0.05, 0.8, True), (60, 90, 0.5, 0.95, False),
               (1000, 10, 0.3, 0.35, False)]


@pytest.mark.parametrize("design", AUC_DESIGNS)
def test_auc_root_is_exact_by_default(design):
    ncases, ncontrols, alpha, power, two = design
    r = rocstats.power_roc_test(ncases=ncases, ncontrols=ncontrols, sig_level=alpha,
                                power=power, alternative="two-sided" if two else "one-sided")
    assert r.solved == "auc"
    assert r.auc == pytest.approx(exact_auc(ncases, ncontrols, alpha, power, two), abs=1e-13)
    assert r.va == pytest.approx(eq3_variance(r.auc, ncontrols / ncases), rel=1e-12)


@pytest.mark.parametrize("design", AUC_DESIGNS)
def test_auc_with_procs_tolerance_retraces_uniroot(design):
    """tol=PROC_UNIROOT_TOL gives pROC's number: the point where R's zeroin (transcribed
    above) stops, not just any point within the tolerance."""
    ncases, ncontrols, alpha, power, two = design
    r = rocstats.power_roc_test(ncases=ncases, ncontrols=ncontrols, sig_level=alpha,
                                power=power, alternative="two-sided" if two else "one-sided",
                                tol=PROC_UNIROOT_TOL)
    assert r.auc == pytest.approx(proc_auc(ncases, ncontrols, alpha, power, two), rel=1e-12)
    for tol in (1e-2, 1e-3, 1e-6):
        r = rocstats.power_roc_test(ncases=ncases, ncontrols=ncontrols, sig_level=alpha,
                                    power=power, tol=tol,
                                    alternative="two-sided" if two else "one-sided")
        assert r.auc == pytest.approx(proc_auc(ncases, ncontrols, alpha, power, two, tol),
                                      rel=1e-12)


def test_auc_sample_too_small_for_any_auc():
    """At AUC -> 1 eq. 2 needs n(1) = 4 z_a^2 V0 cases (V(1) = 0); half a case fewer is too
    few for any AUC."""
    za = stats.norm.isf(0.025)
    n1 = 4 * za * za * eq2_v0(1.0)
    with pytest.raises(ValueError, match=r"^ncases=.* is too small"):
        rocstats.power_roc_test(ncases=n1 - 0.5, ncontrols=n1 - 0.5, power=0.8)
    with pytest.raises(ValueError, match=r"^ncases=.* is too small"):
        rocstats.power_roc_test(ncases=n1 - 1e-6, ncontrols=n1 - 1e-6, power=0.8)
    r = rocstats.power_roc_test(ncases=n1 + 0.5, ncontrols=n1 + 0.5, power=0.8)
    assert r.auc == pytest.approx(exact_auc(n1 + 0.5, n1 + 0.5, 0.05, 0.8), abs=1e-13)


# ================================================================= two paired curves
def _small_pilot(m, n, seed=5):
    rng = np.random.default_rng(seed)
    y = np.r_[np.ones(m, int), np.zeros(n, int)]
    a = np.round(rng.normal(size=m + n) + 1.0 * y, 2)
    b = np.round(0.5 * a + rng.normal(size=m + n) + 0.4 * y, 2)
    return y, a, b


def _delong_per_case(y, a, b, kappa):
    """DeLong's per-case variances at kappa from the placements (tests/definitions.py)."""
    y = np.asarray(y)
    comps = [placements_def(s[y == 1], s[y == 0]) for s in (a, b)]
    V10 = np.column_stack([c[0] for c in comps])
    V01 = np.column_stack([c[1] for c in comps])
    S = np.cov(V10, rowvar=False) + np.cov(V01, rowvar=False) / kappa
    return S, V10.mean(axis=0)


SMALL_PILOTS = {  # (cases of a, controls of a, cases of b, controls of b)
    (2, 3): ([2.0, 0.5], [1.0, 0.0, 1.5], [1.2, 2.5], [0.3, 1.0, 2.0]),
    (3, 2): ([2.0, 0.5, 1.2], [1.0, 0.0], [1.2, 2.5, 0.2], [0.3, 1.0]),
    (2, 2): ([2.0, 0.5], [1.0, 0.0], [1.2, 0.2], [0.3, 1.0])}


@pytest.mark.parametrize("m,n", list(SMALL_PILOTS))
def test_paired_pilot_of_two_cases_or_two_controls(m, n):
    """The smallest pilot (2 cases, 2 controls) has DeLong variances; its power is eq. 2."""
    pa, na, pb, nb = SMALL_PILOTS[(m, n)]
    y, a, b = np.r_[np.ones(m, int), np.zeros(n, int)], np.r_[pa, na], np.r_[pb, nb]
    r = rocstats.power_roc_test_paired(y, a, b, method="delong")
    S, theta = _delong_per_case(y, a, b, n / m)
    va = S[0, 0] + S[1, 1] - 2 * S[0, 1]
    assert r.n_pilot == (m, n)
    assert r.power == pytest.approx(paired_power(theta[0] - theta[1], m, va, va, 0.05),
                                    rel=1e-9)


def test_paired_errors_start_with_the_argument():
    y, scores, control, case = pp.pilot("ties")
    a, b = scores["a"], scores["b"]
    for kwargs, pattern in [(dict(sig_level=1.5), r"^sig_level must be a number"),
                            (dict(power=0.0), r"^power must be a number"),
                            (dict(power=0.8, kappa=-2), r"^kappa must be a finite number"),
                            (dict(ncases=-1), r"^ncases must be a finite number")]:
        with pytest.raises(ValueError, match=pattern):
            rocstats.power_roc_test_paired(y, a, b, **kwargs)
    perm = a.copy()                                  # same AUC, another pairing
    rng = np.random.default_rng(2)
    for cls in (control, case):
        perm[y == cls] = rng.permutation(a[y == cls])
    with pytest.raises(ValueError, match=r"^y_score_a/y_score_b: the pilot AUCs are equal "
                                         r"\(delta = 0\); no sample size"):
        rocstats.power_roc_test_paired(y, a, perm, pos_label=case, power=0.8,
                                       method="delong")


def test_paired_direction_is_applied_and_kept():
    """direction='>' on negated scores is the same study: same AUCs (not 1 - AUC), same
    signed delta, the direction on the result."""
    ref = _case("paired", "asah_s100b_wfns_power_one_sided_delong")["result"]
    y, scores, control, case = pp.pilot("asah")
    r = rocstats.power_roc_test_paired(y, -scores["s100b"], -scores["wfns"], pos_label=case,
                                       direction=">", alternative="one-sided",
                                       null_variance="first")
    assert r.direction == ">"
    assert (r.auc_a, r.auc_b) == pytest.approx((ref["auc_a"], ref["auc_b"]), rel=1e-10)
    assert r.delta == pytest.approx(ref["auc_a"] - ref["auc_b"], rel=1e-10)
    assert r.power == pytest.approx(ref["power"], rel=1e-9)
    assert r.alternative == "one-sided"


def test_paired_study_size_from_ncases_alone_or_with_kappa():
    """ncases alone: ncontrols at the pilot's ratio; ncases with kappa: ncontrols = kappa
    ncases and the variances at that kappa."""
    y, scores, control, case = pp.pilot("ties")
    a, b = scores["a"], scores["b"]
    r = rocstats.power_roc_test_paired(y, a, b, pos_label=case, ncases=40, method="delong")
    assert (r.ncases, r.ncontrols, r.kappa) == (40, 60, 1.5)
    r = rocstats.power_roc_test_paired(y, a, b, pos_label=case, ncontrols=45, method="delong")
    assert (r.ncases, r.ncontrols) == (30, 45)
    r = rocstats.power_roc_test_paired(y, a, b, pos_label=case, ncases=40, kappa=2.0,
                                       method="delong")
    assert (r.ncases, r.ncontrols, r.kappa) == (40, 80, 2.0)
    S, theta = _delong_per_case(y, a, b, 2.0)
    va = S[0, 0] + S[1, 1] - 2 * S[0, 1]
    assert r.va == pytest.approx(va, rel=1e-10)
    assert r.power == pytest.approx(paired_power(theta[0] - theta[1], 40, va, va, 0.05),
                                    rel=1e-9)


def test_paired_delong_with_a_score_constant_in_a_class_is_silent():
    """method='delong' with score b constant among the controls: its correlation among
    controls is undefined (NaN, reported as such) and no NumPy warning escapes."""
    y, a, b = _small_pilot(8, 9, seed=7)
    b = b.copy()
    b[y == 0] = 0.0
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        r = rocstats.power_roc_test_paired(y, a, b, method="delong")
    assert math.isnan(r.r_controls) and math.isfinite(r.r_cases)
    S, theta = _delong_per_case(y, a, b, 9 / 8)
    assert r.var_b == pytest.approx(S[1, 1], rel=1e-10)


def test_paired_null_variance_not_positive_is_refused():
    """pROC's V0 = 2 Va - 2 Cab <= 0 (score b nearly a rescaled score a plus a class
    shift): refused with the variances, not a math domain error."""
    rng = np.random.default_rng(1)
    y = np.r_[np.ones(15, int), np.zeros(15, int)]
    a = np.round(rng.normal(size=30) + 1.5 * y, 1)
    b = a * 0.2 + np.round(rng.normal(size=30) * 0.2, 1) + 0.3 * y
    S, theta = _delong_per_case(y, b, a, 1.0)
    assert 2 * S[0, 0] - 2 * S[0, 1] < 0                        # the premise, by definition
    with pytest.raises(ValueError, match=r"^y_score_a/y_score_b: the variance of the AUC "
                                         r"difference is"):
        rocstats.power_roc_test_paired(y, b, a, method="delong", null_variance="first")


def test_binormal_fit_needs_two_distinct_sensitivities():
    """All inner ROC points of score a at one sensitivity (cases at 0, 10, 10; controls in
    between): the least-squares line qnorm(Sp) ~ qnorm(Se) is undefined."""
    y = [1, 1, 1, 0, 0, 0, 0]
    a = [0, 10, 10, 2, 3, 4, 5]
    b = [1, 6, 7, 2, 0, 5, 3]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(ValueError, match=r"^y_score_a/y_score_b: the pilot ROC curve has 3 "
                                             r"operating point\(s\).*binormal fit"):
            rocstats.power_roc_test_paired(y, a, b, method="obuchowski")


# ================================================================= binormal parameters
def test_binormal_power_defaults_and_keys():
    """pROC's power.roc.test(parslist): kappa defaults to 1 (stored pROC number without
    passing kappa); ncases alone sets ncontrols = ncases; the returned keys."""
    case = _case("list", "issue122_A1_1_A2_2_ncases")
    p = case["params"]
    args = (p["A1"], p["B1"], p["A2"], p["B2"], p["rn"], p["ra"], p["delta"])
    r = binormal_power(*args, power=0.8, null_variance="first")
    assert r["kappa"] == 1.0
    assert r["ncases"] == pytest.approx(case["result"]["ncases"], rel=1e-9)
    assert set(r) == {"ncases", "ncontrols", "kappa", "sig_level", "power", "var_a", "var_b",
                      "cov_ab", "v0", "va", "solved"}
    assert r["solved"] == "ncases" and r["v0"] == pytest.approx(
        2 * r["var_a"] - 2 * r["cov_ab"], rel=1e-15)
    assert r["va"] == pytest.approx(r["var_a"] + r["var_b"] - 2 * r["cov_ab"], rel=1e-15)
    r80 = binormal_power(*args, ncases=80)
    assert (r80["ncases"], r80["ncontrols"], r80["kappa"], r80["solved"]) == (80, 80, 1.0,
                                                                            "power")
    assert r80["power"] == pytest.approx(paired_power(p["delta"], 80, r80["va"], r80["va"],
                                                      0.05), rel=1e-12)


def test_binormal_power_bad_input_names_the_argument():
    args = (1, 1, 2, 1, 0.5, 0.5, 0.1)
    for kwargs, pattern in [(dict(sig_level=1.5), r"^sig_level must be a number"),
                            (dict(power=1.0), r"^power must be a number"),
                            (dict(power=0.8, kappa=0), r"^kappa must be a finite number"),
                            (dict(power=None), r"sample size \(ncases / ncontrols\) and power "
                                               r"are missing"),
                            (dict(sig_level=None, power=0.8), r"sample size \(ncases / "
                                                              r"ncontrols\) and sig_level"),
                            (dict(power=0.05, sig_level=0.05), r"^power=0\.05 <= sig_level"),
                            (dict(power=0.8, kappa=2.0, alternative="one-sided"), None)]:
        if pattern is None:
            r = binormal_power(*args, **kwargs)
            assert r["kappa"] == 2.0 and r["ncontrols"] == pytest.approx(2 * r["ncases"])
            continue
        with pytest.raises(ValueError, match=pattern):
            binormal_power(*args, **kwargs)
    with pytest.raises(ValueError, match=r"^delta = 0; no sample size detects no difference"):
        binormal_power(1, 1, 2, 1, 0.5, 0.5, 0.0, power=0.8)


def test_binormal_power_null_variance_not_positive_is_refused():
    """Curve a the better one and both correlations 1: Cab > Va, so pROC's V0 < 0."""
    with pytest.raises(ValueError, match=r"^the variance of the AUC difference is"):
        binormal_power(2, 1, 0.5, 1, 1, 1, 0.1, ncases=50, null_variance="first")


# ================================================================= Brent's search itself
# _brent_zero claims R's zeroin arithmetic and stopping rule (so that tol=PROC_UNIROOT_TOL
# retraces uniroot).  eq. 2's objective is too smooth to exercise every branch; these
# functions do: an exact zero on an iterate, ties |f(b)| = |f(c)|, a flat ninth power
# (interpolation rejected), a step (bisection only), a kink, a square root.
def _kinked(x):
    return (x - 0.2) * (1.0 if x < 0.2 else 4.0)


ZEROIN_FUNCTIONS = {
    "linear": (lambda x: x, -1.0, 2.0),
    "linear_tie": (lambda x: x - 0.25, -0.75, 1.25),
    "cubic": (lambda x: x ** 3 - 2 * x - 5, 2.0, 3.0),
    "exp": (lambda x: math.exp(x) - 2, 0.0, 1.0),
    "flat9": (lambda x: (x - 0.3) ** 9, 0.0, 1.0),
    "step": (lambda x: -1.0 if x < 1 / 3 else 1.0, 0.0, 1.0),
    "atan": (math.atan, -10.0, 100.0),
    "kinked": (_kinked, -0.6, 0.4),
    "cos": (lambda x: math.cos(x) - x, 0.0, 1.0),
    "sqrt": (lambda x: math.copysign(abs(x - 0.7) ** 0.5, x - 0.7), 0.0, 1.0),
    "decreasing": (lambda x: 1.0 / (x + 0.05) - 3.0, 0.0, 10.0),
}
ZEROIN_TOLS = (0.0, 1e-12, 1e-8, PROC_UNIROOT_TOL, 1e-2, 0.3)


@pytest.mark.parametrize("name", list(ZEROIN_FUNCTIONS))
def test_brent_zero_is_rs_zeroin(name):
    f, lo, hi = ZEROIN_FUNCTIONS[name]
    for tol in ZEROIN_TOLS:
        want = r_zeroin2(f, lo, hi, f(lo), f(hi), tol)
        root, it = _brent_zero(f, lo, hi, f(lo), f(hi), tol)
        assert root == want, (name, tol)
        assert it >= 1


@pytest.mark.parametrize("name", ["cubic", "flat9", "step", "sqrt", "atan"])
def test_brent_zero_iteration_limit_is_rs(name):
    """maxiter = k allows R's k + 1 passes: converged exactly when R's zeroin converges
    within Maxit = k (RuntimeError otherwise)."""
    f, lo, hi = ZEROIN_FUNCTIONS[name]
    outcomes = set()
    for k in range(0, 110):
        want = r_zeroin2(f, lo, hi, f(lo), f(hi), 0.0, maxit=k)
        if want is None:
            with pytest.raises(RuntimeError, match="did not converge in %d steps" % k):
                _brent_zero(f, lo, hi, f(lo), f(hi), 0.0, maxiter=k)
        else:
            assert _brent_zero(f, lo, hi, f(lo), f(hi), 0.0, maxiter=k)[0] == want
        outcomes.add(want is None)
    assert outcomes == {True, False}


def test_brent_zero_at_an_endpoint():
    """A zero at an end of the bracket is returned at once (no step); f = 1 at an end is
    not a zero."""
    assert _brent_zero(lambda x: x - 1.0, 1.0, 3.0, 0.0, 2.0, 0.0) == (1.0, 0)
    assert _brent_zero(lambda x: x - 3.0, 1.0, 3.0, -2.0, 0.0, 0.0) == (3.0, 0)
    f = lambda x: 1.0 - x                                           # noqa: E731
    assert _brent_zero(f, 0.0, 3.0, f(0.0), f(3.0), 0.0)[0] == 1.0
    f = lambda x: x - 1.0                                           # noqa: E731
    assert _brent_zero(f, -2.0, 2.0, f(-2.0), f(2.0), 0.0)[0] == 1.0


def test_brent_zero_default_iteration_limit_is_uniroots():
    """uniroot's maxiter = 1000: a sign change at 0 bracketed by [-2^-73, 1e-200] (a step
    function, bisection down to the subnormals) takes R's zeroin Maxit = 1001: not
    converged with the default, converged with one step more."""
    f = lambda x: -1.0 if x < 0 else 1.0                            # noqa: E731
    lo, hi = -2.0 ** -73, 1e-200
    assert r_zeroin2(f, lo, hi, f(lo), f(hi), 0.0, maxit=1000) is None
    want = r_zeroin2(f, lo, hi, f(lo), f(hi), 0.0, maxit=1001)
    assert want is not None
    with pytest.raises(RuntimeError, match="did not converge in 1000 steps"):
        _brent_zero(f, lo, hi, f(lo), f(hi), 0.0)
    assert _brent_zero(f, lo, hi, f(lo), f(hi), 0.0, maxiter=1001)[0] == want


def _log_shifted(x):
    return math.log1p(max(x - 0.5, -0.999)) if x > 0.5 - 0.999 else -10.0


def _pole(x):                                   # +inf at x = 1, as eq. 2's n(theta) at 0.5
    return math.inf if x == 1.0 else 1.0 / (1.0 - x) - 2.0


# (f, a, b, tol): brackets and tolerances under which a changed branch of the search gives
# another point than R's zeroin (found by a search over function families).
ZEROIN_CASES = {
    "ninth_power_wide_tol": (lambda x: (x + 0.75) ** 9, -4.0, 3.0, 0.5),
    "decreasing_rational": (lambda x: 1.0 / (x + 5.0) - 0.25, -2.0, 1.0, 2.0),
    "log_with_floor": (_log_shifted, -4.0, 4.0, 1.0),
    "kink_flat_right": (lambda x: (x - 0.4517) * (1.0 if x < 0.4517 else 0.1),
                        -1.1787788052459076, 2.3978404753320204, 1e-3),
    "pole_first_reversed": (_pole, 1.0, 0.0, 1e-3),
    "pole_first_reversed_wide": (_pole, 1.0, 0.0, 0.1),
}


@pytest.mark.parametrize("name", list(ZEROIN_CASES))
def test_brent_zero_is_rs_zeroin_at_awkward_brackets(name):
    f, a, b, tol = ZEROIN_CASES[name]
    want = r_zeroin2(f, a, b, f(a), f(b), tol)
    assert want is not None
    assert _brent_zero(f, a, b, f(a), f(b), tol)[0] == want
