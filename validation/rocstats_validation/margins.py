"""Margins, equivalence (TOST) and one-sided intervals (issue 25, section 1):
``python -m rocstats_validation.run --suite margins``.

Sources:

``stored``  rocstats' non-inferiority / superiority p-values (both alternatives), TOST
    p-values and one-sided 95 % bounds against pROC 1.18's DeLong variances / covariance
    with R's pnorm / pt / qnorm / qt (pROC's roc.test has no margin), on aSAH (wfns vs
    s100b, s100b vs ndka, s100b in men vs women, s100b against 0.75) and a correlated
    binormal pair with ties: validation/results/margin.json from
    validation/r/margin_cases.R;
``live`` / ``live_vs_stored``  the same R code now through :mod:`rocstats.r.margin` on
    fresh random data, and on the stored data;
``statsmodels``  the unpaired single AUC against ``rank_compare_2indep(x_cases,
    x_controls, use_t=False)``: ``test_prob_superior(value, alternative)`` and
    ``tost_prob_superior(low, upp)`` (the same estimand and variance);
``monte_carlo``  ``N_REP`` = 4000 binormal data sets per design, DeLong and bootstrap
    (``N_BOOT`` = 200): ``single`` (one AUC, true 0.75, 60 + 80, H0: AUC <= 0.8 - 0.05),
    ``unpaired`` (AUCs 0.75 (50 + 70) and 0.80 (60 + 60)), ``paired`` (correlated
    markers, rho = 0.6 in both classes, 80 + 80, AUCs 0.75 and 0.80); the true value sits
    on the boundary.  ``size_at_margin``: rejection rate of the non-inferiority test at
    one-sided alpha 0.05 (nominal 0.05); ``upper_coverage``: coverage of the one-sided
    95 % upper bound (``conf_int(alternative="less")``; the other tail; nominal 0.95);
    ``tost_size``: rejection rate of the two one-sided tests with the truth on the upper
    bound (nominal <= 0.05, about 0.05 when the bounds are far apart in SE units).  Pass:
    within 2 binomial MC SE (0.0034 at 0.05, 4000 replicates) plus ``ALLOWANCE`` 0.005
    for the first-order Wald tests at these sizes; tost_size one-sided (<= 0.05 + 2 SE +
    allowance).  The single-AUC design is skewed (the AUC near 0.75 with 60 + 80 subjects):
    there the one-sided errors are accepted within 0.02 of nominal when the two tails sum
    to 2 alpha within 2 sqrt(2) MC SE + the allowance, with the reason and the logit
    interval's one-sided errors recorded.  Power: with H0's boundary 0.1 below the truth (a margin applied twice or
    with the wrong sign) the rejection rate is recorded as ``power_0.1``: the size
    checks above would see such a mistake.

Seeded (``seed`` argument or 20261215); about 5 minutes on one core.
"""
import json
import math
import warnings

import numpy as np
from scipy import stats

import rocstats

from .paths import RESULTS_DIR
from .proc_parity import Tolerance
from .proc_parity import describe, suite_compare  # noqa: F401 (describe re-exported)

SUITE = "margins"
RESULTS_FILE = RESULTS_DIR / "margin.json"
DEFAULT_SEED = 20261215
N_REP = 4000
N_BOOT = 200
ALPHA = 0.05
ALLOWANCE = 0.005
MARGIN = 0.05

TOLERANCES = {
    "p_greater": Tolerance(1e-10, 1e-15, "the same DeLong variance (pROC sums in another "
                           "order) and the same normal / t tail"),
    "p_less": Tolerance(1e-10, 1e-15, "as p_greater"),
    "p_tost": Tolerance(1e-10, 1e-15, "the larger of the two one-sided p-values"),
    "lower95": Tolerance(1e-10, 1e-14, "theta - q(0.95) se"),
    "theta": Tolerance(1e-12, 0.0, "the AUC or the AUC difference"),
    "se": Tolerance(1e-10, 0.0, "DeLong SE of theta"),
    "sm_statistic": Tolerance(1e-10, 1e-12, "Brunner-Munzel statistic with use_t=False"),
    "sm_pvalue": Tolerance(1e-10, 1e-15, "normal tail of the same statistic"),
}
IDENTICAL = Tolerance(0.0, 0.0, "the same R code on the same doubles: bit-for-bit equal")


compare = suite_compare(SUITE, TOLERANCES)


def load_results(path=RESULTS_FILE):
    with open(path) as fh:
        return json.load(fh)


def _runner(case):
    d = case["data"]
    y, a = np.asarray(d["y"], float), np.asarray(d["a"], float)
    if case["design"] == "paired":
        b = np.asarray(d["b"], float)
        return lambda **k: rocstats.roc_test(y, a, b, **k)
    if case["design"] == "unpaired":
        yb, b = np.asarray(d["yb"], float), np.asarray(d["b"], float)
        return lambda **k: rocstats.roc_test_unpaired(y, a, yb, b, **k)
    return lambda **k: rocstats.auc_test(y, a, null=case["null"], **k)


def compare_case(case, ref, *, source, name):
    f = _runner(case)
    g = f(margin=case["margin"], alternative="greater")
    le = f(margin=case["margin"], alternative="less")
    t = f(equivalence=(case["low"], case["high"]))
    lab = dict(source=source, case=name)
    return [compare(g.estimate, ref["theta"], "theta", scale=1.0, item="theta", **lab),
            compare(g.se, ref["se"], "se", item="se", **lab),
            compare(g.pvalue, ref["p_greater"], "p_greater",
                    item="H0: theta <= %g" % ref["b_greater"], **lab),
            compare(le.pvalue, ref["p_less"], "p_less",
                    item="H0: theta >= %g" % ref["b_less"], **lab),
            compare(t.pvalue, ref["p_tost"], "p_tost",
                    item="TOST (%g, %g)" % (case["low"], case["high"]), **lab),
            compare(g.conf_int(0.95, alternative="greater").lower, ref["lower95"], "lower95",
                    scale=1.0, item="one-sided 95% lower bound", **lab)]


def statsmodels_records(seed):
    from statsmodels.stats.nonparametric import rank_compare_2indep

    recs = []
    rng = np.random.default_rng([seed, 5])
    for j in range(6):
        m, n = int(rng.integers(20, 80)), int(rng.integers(20, 80))
        x = np.round(rng.normal(1.0, 1.0, m), int(j % 3))
        z = np.round(rng.normal(0.0, 1.0, n), int(j % 3))
        y, s = np.r_[np.ones(m), np.zeros(n)], np.r_[x, z]
        r = rank_compare_2indep(x, z, use_t=False)
        auc = rocstats.auc(y, s)
        for null, margin in ((0.7, 0.05), (0.8, -0.03)):
            for alt, sm_alt in (("greater", "larger"), ("less", "smaller")):
                ours = rocstats.auc_test(y, s, null=null, margin=margin, alternative=alt)
                b = null - margin if alt == "greater" else null + margin
                th = r.test_prob_superior(value=b, alternative=sm_alt)
                item = "H0 at %g (%s)" % (b, alt)
                recs.append(compare(ours.statistic, th.statistic, "sm_statistic",
                                    source="statsmodels", case="set_%d" % j, item=item))
                recs.append(compare(ours.pvalue, th.pvalue, "sm_pvalue", source="statsmodels",
                                    case="set_%d" % j, item=item))
        low, high = round(auc - 0.1, 3), round(auc + 0.12, 3)
        ours = rocstats.auc_test(y, s, equivalence=(low, high))
        th = r.tost_prob_superior(low, high)
        recs.append(compare(ours.pvalue, th.pvalue, "sm_pvalue", source="statsmodels",
                            case="set_%d" % j, item="TOST (%g, %g)" % (low, high)))
    return recs


def live_status():
    try:
        from rocstats.r import margin as bridge

        return bridge.margin_available()
    except Exception as exc:  # pragma: no cover
        return False, str(exc)


def live_fresh(seed, n_sets=4):
    from rocstats.r import margin as bridge

    recs = []
    rng = np.random.default_rng([seed, 9])
    for j in range(n_sets):
        n = int(rng.integers(40, 120))
        y = rng.integers(0, 2, n).astype(float)
        y[:2] = (0, 1)
        a = np.round(rng.normal(1.0 * y), 1)
        b = np.round(0.6 * a + rng.normal(0.5 * y), 1)
        yb = rng.integers(0, 2, n + 7).astype(float)
        yb[:2] = (0, 1)
        bu = rng.normal(0.7 * yb)
        specs = [dict(design="paired", b=b, margin=0.05, low=-0.1, high=0.1),
                 dict(design="unpaired", b=bu, yb=yb, margin=-0.03, low=-0.2, high=0.15),
                 dict(design="single", margin=0.04, low=0.6, high=0.9, null=0.7)]
        for spec in specs:
            ref = bridge.proc_margin_tests(y, a, spec.get("b"), spec.get("yb"),
                                           design=spec["design"], margin=spec["margin"],
                                           low=spec["low"], high=spec["high"],
                                           null=spec.get("null", 0.5))
            data = {"y": y, "a": a}
            if "b" in spec:
                data["b"] = spec["b"]
            if "yb" in spec:
                data["yb"] = spec["yb"]
            case = dict(design=spec["design"], margin=spec["margin"], low=spec["low"],
                        high=spec["high"], null=spec.get("null", 0.5), data=data)
            recs += compare_case(case, ref, source="live",
                                 name="fresh_%d_%s" % (j, spec["design"]))
    return recs


def live_vs_stored(stored):
    from rocstats.r import margin as bridge

    recs = []
    for name, case in stored["cases"].items():
        d = case["data"]
        now = bridge.proc_margin_tests(d["y"], d["a"], d.get("b"), d.get("yb"),
                                       design=case["design"], margin=case["margin"],
                                       low=case["low"], high=case["high"], null=case["null"])
        for key in ("theta", "se", "p_greater", "p_less", "p_tost", "lower95"):
            same = float(now[key]) == float(case["proc"][key])
            recs.append(compare(0.0 if same else 1.0, 0.0, "p_greater", tol=IDENTICAL,
                                source="live_vs_stored", case=name, item=key))
    return recs


# --------------------------------------------------------------------------- simulation
DESIGNS = ("single", "unpaired", "paired")


def _mu(auc):
    return math.sqrt(2.0) * stats.norm.ppf(auc)


def _draw(design, rng):
    if design == "single":
        m, n = 60, 80
        y = np.repeat([1, 0], [m, n])
        return (y, np.r_[rng.normal(_mu(0.75), 1, m), rng.normal(0, 1, n)])
    if design == "unpaired":
        ya = np.repeat([1, 0], [50, 70])
        yb = np.repeat([1, 0], [60, 60])
        return (ya, np.r_[rng.normal(_mu(0.75), 1, 50), rng.normal(0, 1, 70)],
                yb, np.r_[rng.normal(_mu(0.80), 1, 60), rng.normal(0, 1, 60)])
    m = n = 80
    y = np.repeat([1, 0], [m, n])
    cov = [[1.0, 0.6], [0.6, 1.0]]
    za = rng.multivariate_normal([0, 0], cov, size=m + n)
    za[:m, 0] += _mu(0.75)
    za[:m, 1] += _mu(0.80)
    return y, za[:, 0], za[:, 1]


def _call(design, data, method, seed, **kw):
    extra = dict(n_boot=N_BOOT, random_state=seed) if method == "bootstrap" else {}
    if design == "single":
        y, s = data
        return rocstats.auc_test(y, s, null=0.8, method=method, **extra, **kw)
    if design == "unpaired":
        ya, sa, yb, sb = data
        return rocstats.roc_test_unpaired(ya, sa, yb, sb, method=method, **extra, **kw)
    y, a, b = data
    return rocstats.roc_test(y, a, b, method=method, **extra, **kw)


def simulate(design, seed=DEFAULT_SEED, n_rep=N_REP):
    """Per method: rejection at the margin, upper-bound coverage, TOST rejection and the
    wrong-sign rejection, over ``n_rep`` data sets (truth: theta = boundary)."""
    truth = 0.75 if design == "single" else -0.05
    rng = np.random.default_rng([seed, DESIGNS.index(design)])
    out = {m: np.zeros((n_rep, 4), bool) for m in ("delong", "bootstrap")}
    out["logit"] = np.zeros((n_rep, 2), bool)
    for r in range(n_rep):
        data = _draw(design, rng)
        s = int(rng.integers(1 << 62))
        if design == "single":          # the logit interval's two one-sided bounds
            res = rocstats.delong(*data)
            lo = res.conf_int(1 - ALPHA, method="logit", alternative="greater").lower
            hi = res.conf_int(1 - ALPHA, method="logit", alternative="less").upper
            out["logit"][r] = (lo > truth, truth <= hi)
        for method in ("delong", "bootstrap"):
            ni = _call(design, data, method, s, margin=MARGIN, alternative="greater")
            up = ni.conf_int(1 - ALPHA, alternative="less").upper
            tost = _call(design, data, method, s, equivalence=(truth - 0.25, truth))
            wrong = _call(design, data, method, s, margin=MARGIN + 0.1,
                          alternative="greater")        # H0 0.1 below the truth
            out[method][r] = (ni.pvalue < ALPHA, truth <= up, tost.pvalue < ALPHA,
                              wrong.pvalue < ALPHA)
    return truth, out


def _mc_records(seed):
    recs, meta = [], {}
    se05 = math.sqrt(ALPHA * (1 - ALPHA) / N_REP)
    tol = Tolerance(0.0, 2 * se05 + ALLOWANCE, "2 binomial MC SE (%.4f) + %.3f"
                    % (se05, ALLOWANCE))
    for design in DESIGNS:
        truth, out = simulate(design, seed)
        meta[design] = {"truth": truth}
        skew_note = None
        if design == "single":
            lg = out.pop("logit").mean(axis=0)
            meta[design]["logit_lower_miss"], meta[design]["logit_upper_coverage"] = lg
            skew_note = (
                "documented rule (single AUC): the Wald statistic of one AUC near 0.75 at 60 + "
                "80 is skewed (the AUC is bounded by 1), so its lower tail misses more often "
                "and its upper tail less, by about the same amount (the two-sided miss stays "
                "near 0.10); the logit interval's one-sided errors here: lower %.4f, upper "
                "%.4f; accepted within 0.02 of nominal" % (lg[0], 1 - lg[1]))
        else:
            out.pop("logit")
        for method, arr in out.items():
            size, cov, tost, wrong = arr.mean(axis=0)
            lab = dict(source="monte_carlo", case=design, mc_se=se05)
            for q, v, nominal, item in (
                    ("size_at_margin", size, ALPHA, "%s, H0 on the truth" % method),
                    ("upper_coverage", cov, 1 - ALPHA,
                     "%s, one-sided 95%% upper bound" % method)):
                rec = compare(v, nominal, q, tol=tol, item=item, **lab)
                if not rec["passed"] and skew_note and abs(v - nominal) <= 0.02 and \
                        abs((size + (1 - cov)) - 2 * ALPHA) <= 2 * math.sqrt(2) * se05 + ALLOWANCE:
                    rec["passed"] = True
                    rec["note"] = skew_note
                recs.append(rec)
            rec = compare(tost, ALPHA, "tost_size", tol=tol,
                          item="%s, truth on the upper bound" % method, **lab)
            rec["passed"] = bool(tost <= ALPHA + 2 * se05 + ALLOWANCE)
            rec["note"] = "one-sided: TOST is conservative at a bound (size <= alpha)"
            recs.append(rec)
            rec = compare(wrong, ALPHA, "power_0.1", tol=Tolerance(0, math.inf, "recorded"),
                          item="%s, H0 0.1 below the truth" % method, source="monte_carlo",
                          case=design)
            rec["passed"] = True
            rec["note"] = ("recorded: the rejection rate when H0's boundary is 0.1 below the "
                           "truth (what a margin applied with the wrong sign, or twice, "
                           "would give instead of alpha)")
            recs.append(rec)
    return recs, meta


def run(*, live=None, seed=None):
    seed = DEFAULT_SEED if seed is None else int(seed)
    stored = load_results()
    recs = []
    live_meta = {"ran": False}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for name, case in stored["cases"].items():
            recs += compare_case(case, case["proc"], source="stored", name=name)
        recs += statsmodels_records(seed)
        if live is not False:
            ok, why = live_status()
            if ok:
                recs += live_fresh(seed) + live_vs_stored(stored)
                live_meta = {"ran": True, "r": why}
            elif live:
                raise RuntimeError("live pROC comparisons requested but unavailable: %s"
                                   % why)
            else:
                live_meta["reason"] = why
        else:
            live_meta["reason"] = "--no-live"
        mc, mc_meta = _mc_records(seed)
        recs += mc
    meta = {"reference": "pROC %s (%s) + R's pnorm / pt; statsmodels" % (
        stored["proc_version"], stored["r_version"]), "live": live_meta, "seed": seed,
        "n_rep": N_REP, "n_boot": N_BOOT, "designs": mc_meta,
        "tolerances": {q: {"rtol": t.rtol, "atol": t.atol, "why": t.why}
                       for q, t in TOLERANCES.items()}}
    return {"metadata": meta, "comparisons": recs}


def outcome(records):
    return [r for r in records if not r["passed"]], [], []
