"""The epiR and cutpointr suites: ``python -m rocstats_validation.run --suite epir_parity``
(or ``cutpointr_parity``).

Stored references: ``validation/results/diagnostic.json``, written by
``Rscript validation/r/diagnostic_cases.R`` (epiR 2.0.57, cutpointr 1.1.2); live through
:mod:`rocstats.r.diagnostic` on fresh random data when R has the packages.

epir_parity (deterministic)
    :func:`rocstats.diagnostic_accuracy` (aSAH at five thresholds, the table counted by
    R) and :func:`rocstats.diagnostic_accuracy_table` (26 tables, zero cells in every
    position) against ``epi.tests`` for the five ``method`` spellings and two levels:
    every statistic's estimate and bounds, rtol 1e-10 (atol 1e-14 for bounds at 0 that
    R's arithmetic leaves at 1e-17).  Where rocstats differs from epiR on purpose
    (:data:`rocstats.diagnostic._measures.EPIR_DIFFERENCES`), the record compares
    rocstats with the value the documented rule prescribes, computed here from the counts
    and epiR's own numbers, and names the rule in its ``note``; epiR's number is kept in
    ``epir_value``.  No record is skipped.

cutpointr_parity
    Deterministic (``stored``, ``live``): :func:`rocstats.cutpoint` against ``cutpointr``
    on 6 data sets x 2 directions x 6 metrics x use_midpoints: the set of tied optimal
    cut-offs (``break_ties = c``) bit for bit, and with ``break_ties = median``
    (rocstats' ``ties="median"``) the cut-off, the metric, sensitivity, specificity and
    accuracy at rtol 1e-12; the AUC at 1e-12.  For the constrained metrics rocstats
    takes the most specific (sensitive) of the cut-offs with the optimal sensitivity
    (specificity) where cutpointr ties them: the record checks that rocstats' cut-off is
    among cutpointr's and is the dominant one.
    Monte Carlo (``stored_mc``): cutpointr's bootstrap (boot_runs = 2000) against
    rocstats' (n_boot = 2000, another random stream) on aSAH (plain and stratified) and
    two simulated sets: the mean and the SD of every replicate column within 4 Monte
    Carlo SE of the difference (SE of a mean: sd / sqrt(B) per run; SE of an SD:
    sqrt((m4 - sd^4) / B) / (2 sd) per run, from the fourth central moment), over the
    finite values; the share of replicates whose cut-off is infinite ("nothing
    positive" chosen, ~1 in 2000 on the tied set) within 4 binomial SE.
    Definition (``definition``): the resampling design of each replicate: exactly P cases
    in every stratified replicate; Binomial(n, P/n) cases otherwise (mean and variance
    within 4 Monte Carlo SE).
    Power (metadata ``power``, asserted in the tests): the moment comparison against
    rocstats run with the out-of-bag columns replaced by the in-bag ones lands 19-56 SE
    away (detected); against the stratification swapped only 1.8-3.7 SE (not detected at
    2000 replicates), which is why the design is checked from its definition above: a
    swap changes the cases per replicate from exactly P to a variance of n p (1 - p)
    (26 on aSAH: about 32 SE away), or the reverse (a deviation of up to 18 cases).
"""
import functools
import json
import math

import numpy as np

import rocstats
from rocstats.diagnostic import _binom

from .paths import DATA_DIR, RESULTS_DIR
from .proc_coords import _floats
from .proc_parity import Tolerance, compare

RESULTS_FILE = RESULTS_DIR / "diagnostic.json"
EPIR_TOL = Tolerance(1e-10, 1e-14, "the same closed forms on the same integer counts; "
                     "qbeta / betaincinv and qnorm / ndtri agree to ~1e-15 relative; bounds "
                     "that are 0 in exact arithmetic come out of R as 1e-17")
#: the magnitude below which a difference is judged absolutely (atol = rtol x this): bounds
#: that are 0 in exact arithmetic come out of R as +-1e-17, whose relative difference
#: would read 1 or 2 on the report's first page
EPIR_SCALE = EPIR_TOL.atol / EPIR_TOL.rtol
CUT_TOL = Tolerance(1e-12, 0.0, "ratios of the same integer counts")
CUT_EXACT = Tolerance(0.0, 0.0, "observed scores or (a + b) / 2 of the same doubles: "
                      "bit-identical (R's mean of two doubles is the correctly rounded "
                      "midpoint, as (a + b) / 2)")
MC_SIGMAS = 4.0
BOOT_COLUMNS = ("optimal_cutpoint", "AUC_b", "AUC_oob", "youden_b", "youden_oob", "acc_b",
                "acc_oob", "sensitivity_b", "sensitivity_oob", "specificity_b",
                "specificity_oob", "cohens_kappa_b", "cohens_kappa_oob")
_PROPORTIONS = {"ap": ("t1", "total"), "tp": ("n1", "total"), "se": ("a", "n1"),
                "sp": ("d", "n0"), "diag.ac": ("ad", "total"), "pv.pos": ("a", "t1"),
                "pv.neg": ("d", "t0"), "p.rout": ("t0", "total"), "p.rin": ("t1", "total"),
                "p.tpdn": ("b", "n0"), "p.tndp": ("c", "n1"), "p.dntp": ("b", "t1"),
                "p.dptn": ("c", "t0")}


@functools.lru_cache(maxsize=None)
def load_results(path=RESULTS_FILE):
    with open(path) as fh:
        return _floats(json.load(fh))


@functools.lru_cache(maxsize=None)
def asah():
    import pandas as pd

    return pd.read_csv(DATA_DIR / "asah.csv")


def asah_score(column):
    return asah()[column].astype(float).to_numpy()


def _same_data(score, checksum):
    """The stored checksum ``sum(score * seq_along(score))`` (R sums in long double) matches
    this copy of the data to 1e-12 relative."""
    ours = float(np.sum(score * np.arange(1, score.size + 1)))
    return math.isclose(ours, float(checksum), rel_tol=1e-12)


# =========================================================================== epiR
def _cells(counts):
    a, b, c, d = (float(v) for v in counts)
    return {"a": a, "b": b, "c": c, "d": d, "n1": a + c, "n0": b + d, "t1": a + b,
            "t0": c + d, "total": a + b + c + d, "ad": a + d}


def _agresti_raw(x, n, level):
    """epiR's unclipped Agresti-Coull bounds (its zagresti)."""
    z = _binom.z_value(level)
    nt = n + z * z
    pt = (x + z * z / 2) / nt
    half = z * math.sqrt(pt * (1 - pt) / nt)
    return pt, pt - half, pt + half


def expected_values(stat, counts, method, level, epir, exact_ref, youden):
    """``{"est"/"lower"/"upper": (expected, note)}`` for one statistic: epiR's numbers,
    or where rocstats differs on purpose, the documented rule's value (computed here from
    the counts, epiR's bounds, epiR's Youden bounds ``youden`` of the same run and epiR's
    "exact" run ``exact_ref`` of the same table)."""
    k = _cells(counts)
    est, lo, hi = epir
    notes = {"est": "", "lower": "", "upper": ""}
    exp = {"est": est, "lower": lo, "upper": hi}
    agresti = method == "agresti"
    if stat in _PROPORTIONS:
        x, n = (k[v] for v in _PROPORTIONS[stat])
        if n == 0:
            for part in exp:
                exp[part], notes[part] = math.nan, "empty_denominator"
            return {p: (exp[p], notes[p]) for p in exp}
        if agresti:
            exp["est"], notes["est"] = x / n, "agresti_estimate"
            _, raw_lo, raw_hi = _agresti_raw(x, n, level)
            if raw_lo < 0:
                exp["lower"], notes["lower"] = 0.0, "agresti_clipped"
            if raw_hi > 1:
                exp["upper"], notes["upper"] = 1.0, "agresti_clipped"
        return {p: (exp[p], notes[p]) for p in exp}
    if stat in ("lr.pos", "lr.neg", "diag.or"):
        if agresti:                    # epiR derives them from the adjusted se / sp
            est, lo, hi = exact_ref
            exp = {"est": est, "lower": lo, "upper": hi}
            notes = {p: "agresti_estimate" for p in exp}
        a, b, c, d = k["a"], k["b"], k["c"], k["d"]
        se = a / k["n1"] if k["n1"] else math.nan
        sp = d / k["n0"] if k["n0"] else math.nan
        if stat == "diag.or":
            zero = 0.0 in (a, b, c, d)
        elif stat == "lr.pos":
            zero = se == 0 or sp == 1       # (1 - se)/(n1 se) or sp/(n0 (1 - sp)) infinite
        else:
            zero = se == 1 or sp == 0
        if zero and not math.isnan(exp["est"]):
            exp["lower"], exp["upper"] = 0.0, math.inf
            notes["lower"] = notes["upper"] = "infinite_se"
        if math.isnan(exp["est"]):
            exp["lower"] = exp["upper"] = math.nan
            notes["lower"] = notes["upper"] = "empty_denominator"
        return {p: (exp[p], notes[p]) for p in exp}
    # youden, nndx: the estimate from the plain se / sp; bounds from the (clipped) bounds
    if k["n1"] == 0 or k["n0"] == 0:
        return {p: (math.nan, "empty_denominator") for p in exp}
    se, sp = k["a"] / k["n1"], k["d"] / k["n0"]
    j = se + sp - 1
    if agresti:
        _, se_lo, se_hi = _agresti_raw(k["a"], k["n1"], level)
        _, sp_lo, sp_hi = _agresti_raw(k["d"], k["n0"], level)
        se_lo, sp_lo = max(se_lo, 0.0), max(sp_lo, 0.0)
        se_hi, sp_hi = min(se_hi, 1.0), min(sp_hi, 1.0)
        jlo, jhi = se_lo + sp_lo - 1, se_hi + sp_hi - 1
        tag = "agresti_estimate"
    else:
        jlo, jhi = youden
        tag = ""
    if stat == "youden":
        if agresti:
            exp = {"est": j, "lower": min(jlo, jhi), "upper": max(jlo, jhi)}
            notes = {p: tag for p in exp}
        return {p: (exp[p], notes[p]) for p in exp}
    # nndx: reciprocals of Youden's bounds; NaN where Youden's interval contains 0
    est_n = 1 / j if j != 0 else math.inf
    if agresti:
        exp["est"], notes["est"] = est_n, tag
    if jlo <= 0 <= jhi:
        exp["lower"] = exp["upper"] = math.nan
        notes["lower"] = notes["upper"] = "nndx_straddles"
    elif agresti:
        r = sorted((1 / jlo, 1 / jhi))
        exp["lower"], exp["upper"] = r
        notes["lower"] = notes["upper"] = tag
    return {p: (exp[p], notes[p]) for p in exp}


def _differs(a, b):
    """True unless a and b are the same number (or both NaN)."""
    a, b = float(a), float(b)
    return not (a == b or (math.isnan(a) and math.isnan(b)))


def epir_records(results=None):
    results = results or load_results()
    recs = []
    for case in results["epir"]:
        counts = [int(v) for v in case["counts"]]
        if case["dataset"] == "asah":
            score = asah_score(case["column"])
            if not _same_data(score, case["checksum"]):
                raise RuntimeError("aSAH column %s differs from the stored case" % case["column"])
            y = asah()["outcome"].to_numpy()
        exact_runs = {r["level"]: r for r in case["results"] if r["method"] == "exact"}
        for run in case["results"]:
            method, level = run["method"], run["level"]
            if case["dataset"] == "asah":
                ours = rocstats.diagnostic_accuracy(y, score, case["threshold"],
                                                    direction=case["direction"],
                                                    pos_label="Poor", method=method, level=level)
                recs.append(compare(float(sum(np.abs(np.array(
                    [ours.tp, ours.fp, ours.fn, ours.tn]) - counts))), 0.0, "counts",
                    tol=Tolerance(0.0, 0.0, "the 2 x 2 table counted by R: exact"),
                    suite="epir_parity", source="stored", case=case["name"],
                    item="tp, fp, fn, tn", alternative=method))
            else:
                ours = rocstats.diagnostic_accuracy_table(*counts, method=method, level=level)
            ex = exact_runs[level]
            yi = run["statistic"].index("youden")
            youden = (run["lower"][yi], run["upper"][yi])
            for i, stat in enumerate(run["statistic"]):
                epir = (run["est"][i], run["lower"][i], run["upper"][i])
                j = ex["statistic"].index(stat)
                exact_ref = (ex["est"][j], ex["lower"][j], ex["upper"][j])
                expected = expected_values(stat, counts, "agresti" if method == "agresti"
                                           else "exact" if method == "clopper-pearson"
                                           else method, level, epir, exact_ref, youden)
                got = ours[stat]
                for part, value, ref in (("est", got.estimate, epir[0]),
                                         ("lower", got.lower, epir[1]),
                                         ("upper", got.upper, epir[2])):
                    target, note = expected[part]
                    rec = compare(value, target, "%s.%s" % (stat, part), tol=EPIR_TOL, scale=EPIR_SCALE,
                                  suite="epir_parity", source="stored", case=case["name"],
                                  item="%s, level %g" % (stat, level), alternative=method)
                    rec["epir_value"] = ref
                    if note and _differs(target, ref):
                        rec["note"] = ("documented difference: " + note + " (epiR: %r)" % ref
                                       + ("; " + rec["note"] if rec["note"] else ""))
                    recs.append(rec)
    return recs


def epir_live_records(seed=None, n_tables=30):
    """Fresh random tables (zero cells included) through the live bridge."""
    from rocstats.r import diagnostic as rd

    rng = np.random.default_rng(20261128 if seed is None else seed)
    recs = []
    for t in range(n_tables):
        counts = rng.integers(0, 25, size=4)
        if t % 3 == 0:
            counts[rng.integers(0, 4)] = 0
        if counts.sum() == 0:
            counts[0] = 1
        for method in ("exact", "wilson", "agresti", "jeffreys"):
            level = (0.95, 0.9, 0.99)[t % 3]
            ref = rd.epi_tests(*counts, method=method, level=level)
            exact_ref = rd.epi_tests(*counts, method="exact", level=level)
            ours = rocstats.diagnostic_accuracy_table(*counts, method=method, level=level)
            youden = ref["youden"][1:]
            for stat, epir in ref.items():
                expected = expected_values(stat, counts, method, level, epir, exact_ref[stat],
                                           youden)
                got = ours[stat]
                for part, value in (("est", got.estimate), ("lower", got.lower),
                                    ("upper", got.upper)):
                    target, note = expected[part]
                    rec = compare(value, target, "%s.%s" % (stat, part), tol=EPIR_TOL, scale=EPIR_SCALE,
                                  suite="epir_parity", source="live",
                                  case="fresh_%02d_%s" % (t, "_".join(map(str, counts))),
                                  item="%s, level %g" % (stat, level), alternative=method)
                    if note and _differs(target, epir[("est", "lower", "upper").index(part)]):
                        rec["note"] = "documented difference: " + note
                    recs.append(rec)
    return recs


def _live(live, available, fn, meta, *args):
    info = {"requested": live, "ran": False}
    recs = []
    if live is not False:
        ok, reason = available()
        info.update(available=ok, reason=reason)
        if ok:
            recs = fn(*args)
            info["ran"] = True
        elif live:
            raise RuntimeError("live comparisons requested but R is unavailable: " + reason)
    meta["live"] = info
    return recs


def _stored_meta(results, *keys):
    return {k: results[k] for k in ("generator", "r_helpers", "r_version", "r_platform",
                                    "generated", "r_calls") + keys}


def run_epir(*, live=None, seed=None):
    from rocstats.r import diagnostic as rd

    results = load_results()
    meta = {"reference": "epiR", "stored": _stored_meta(results, "epir_version"),
            "tolerance": EPIR_TOL.why,
            "documented_differences": dict(rocstats.diagnostic._measures.EPIR_DIFFERENCES)}
    comps = epir_records(results)
    comps += _live(live, rd.epir_available, epir_live_records, meta, seed)
    return {"metadata": meta, "comparisons": comps}


# =========================================================================== cutpointr
def cut_dataset(case):
    if case["name"].startswith("asah"):
        column = case["name"].split("_", 1)[1]
        score = asah_score(column)
        if not _same_data(score, case["checksum"]):
            raise RuntimeError("aSAH column %s differs from the stored case" % column)
        return asah()["outcome"].to_numpy(), score, "Poor"
    return np.asarray(case["y"]), np.asarray(case["score"], dtype=float), int(case["pos_class"])


def _as_list(v):
    return list(v) if isinstance(v, list) else [v]


def cutpointr_call_records(y, score, pos, call, *, source, case):
    """Records of one stored / live cutpointr call against rocstats.cutpoint."""
    direction = "<" if call["direction"] == ">=" else ">"
    metric = call["metric"]
    kw = dict(metric=metric, direction=direction, pos_label=pos,
              use_midpoints=bool(call["use_midpoints"]), min_constrain=call["min_constrain"])
    item = "%s %s mid=%s ties=%s" % (metric, call["direction"], call["use_midpoints"],
                                     call["break_ties"])
    lab = dict(suite="cutpointr_parity", source=source, case=case, item=item)
    recs = []
    constrained = metric in ("sens_constrain", "spec_constrain")
    if call["break_ties"] == "all":
        ours = rocstats.cutpoint(y, score, **kw)
        ref = sorted(_as_list(call["optimal_cutpoint"]))
        got = sorted(ours.ties)
        if constrained and len(ref) > 1:
            # rocstats: the dominant one of cutpointr's tied cut-offs
            se_ref = _as_list(call["sensitivity"])
            sp_ref = _as_list(call["specificity"])
            cands = _as_list(call["optimal_cutpoint"])
            key = (lambda i: sp_ref[i]) if metric == "sens_constrain" else (lambda i: se_ref[i])
            best = cands[max(range(len(cands)), key=key)]
            rec = compare(float(ours.threshold), float(best), "dominant_cutoff", tol=CUT_EXACT,
                          **lab)
            rec["note"] = ("documented difference: cutpointr ties %d cut-offs; rocstats takes "
                           "the dominant one" % len(cands))
            recs.append(rec)
            return recs
        recs.append(compare(len(got), len(ref), "n_ties", tol=CUT_EXACT, **lab))
        if len(got) == len(ref):
            for i, (g, r) in enumerate(zip(got, ref)):
                recs.append(compare(g, r, "cutoff", tol=CUT_EXACT, **dict(lab, alternative=str(i))))
        return recs
    ours = rocstats.cutpoint(y, score, ties="median", **kw)
    if constrained and ours.ties and len(ours.ties) == 1 and not math.isclose(
            float(ours.threshold), float(_as_list(call["optimal_cutpoint"])[0])):
        rec = compare(float(ours.value), float(_as_list(call["value"])[0]), "value", tol=CUT_TOL,
                      **lab)
        rec["note"] = ("documented difference: cutpointr's median of tied constrained "
                       "cut-offs; rocstats the dominant one (same optimal value)")
        recs.append(rec)
        return recs
    for q, ref in (("cutoff", call["optimal_cutpoint"]), ("value", call["value"]),
                   ("sensitivity", call["sensitivity"]), ("specificity", call["specificity"]),
                   ("accuracy", call["acc"]), ("auc", call["AUC"])):
        ref = _as_list(ref)[0]
        val = {"cutoff": ours.threshold, "value": ours.value, "sensitivity": ours.sensitivity,
               "specificity": ours.specificity, "accuracy": ours.accuracy,
               "auc": ours.auc}[q]
        recs.append(compare(val, ref, q, tol=CUT_EXACT if q == "cutoff" else CUT_TOL, **lab))
    return recs


def cutpointr_records(results=None):
    results = results or load_results()
    recs = []
    for case in results["cutpointr"]:
        y, score, pos = cut_dataset(case)
        for call in case["calls"]:
            recs += cutpointr_call_records(y, score, pos, call, source="stored", case=case["name"])
    return recs


def _moments(v):
    """Moments of the finite values (NaN dropped; infinite cut-offs counted in n_inf)."""
    v = np.asarray(v, dtype=float)
    v = v[~np.isnan(v)]
    n_inf = int(np.isinf(v).sum())
    v = v[np.isfinite(v)]
    m = v.mean()
    return {"n": v.size, "n_inf": n_inf, "mean": m, "sd": v.std(ddof=1),
            "m4": np.mean((v - m) ** 4)}


def mc_compare(ours, ref, quantity, **labels):
    """Mean and SD of one bootstrap column within MC_SIGMAS Monte Carlo SE."""
    recs = []
    se_mean = math.sqrt(ours["sd"] ** 2 / ours["n"] + ref["sd"] ** 2 / ref["n"])

    def se_sd(s):
        if s["sd"] == 0:
            return 0.0
        return math.sqrt(max(s["m4"] - s["sd"] ** 4, 0.0) / s["n"]) / (2 * s["sd"])
    se_s = math.sqrt(se_sd(ours) ** 2 + se_sd(ref) ** 2)
    if ours["n_inf"] or ref["n_inf"]:     # the share of infinite cut-offs, binomial SE
        p1 = ours["n_inf"] / (ours["n"] + ours["n_inf"])
        p2 = ref["n_inf"] / (ref["n"] + ref["n_inf"])
        pbar = (ours["n_inf"] + ref["n_inf"]) / (ours["n"] + ours["n_inf"] + ref["n"] + ref["n_inf"])
        se = math.sqrt(pbar * (1 - pbar) * (1 / (ours["n"] + ours["n_inf"])
                                            + 1 / (ref["n"] + ref["n_inf"])))
        rec = compare(p1, p2, "%s share infinite" % quantity, tol=Tolerance(
            0.0, MC_SIGMAS * se, "%g binomial Monte Carlo SE" % MC_SIGMAS), **labels)
        rec["mc_se"], rec["z"] = se, (p1 - p2) / se
        recs.append(rec)
    for stat, se in (("mean", se_mean), ("sd", se_s)):
        tol = Tolerance(0.0, MC_SIGMAS * se, "%g Monte Carlo SE of the difference of two "
                        "independent 2000-replicate runs (SE %.3g)" % (MC_SIGMAS, se))
        rec = compare(ours[stat], ref[stat], "%s %s" % (quantity, stat), tol=tol, **labels)
        rec["mc_se"] = se
        rec["z"] = (ours[stat] - ref[stat]) / se if se > 0 else (0.0 if ours[stat] == ref[stat]
                                                                 else math.inf)
        recs.append(rec)
    return recs


def bootstrap_records(results=None, *, stratified_swap=False, oob_is_inbag=False,
                      source="stored_mc"):
    """rocstats' bootstrap summaries against cutpointr's.  ``stratified_swap`` /
    ``oob_is_inbag`` run the comparison against a deliberately wrong rocstats bootstrap
    (stratification flipped; out-of-bag columns replaced by the in-bag ones) to show the
    comparison's power."""
    results = results or load_results()
    by_name = {c["name"]: c for c in results["cutpointr"]}
    recs = []
    for b in results["cutpointr_boot"]:
        y, score, pos = cut_dataset(by_name[b["dataset"]])
        strat = bool(b["boot_stratify"]) != bool(stratified_swap)
        ours = rocstats.cutpoint(y, score, pos_label=pos, metric="youden", ties="median",
                                 n_boot=b["boot_runs"], stratified=strat,
                                 random_state=b["seed"])
        case = "%s%s" % (b["dataset"], " stratified" if b["boot_stratify"] else "")
        if source == "stored_mc":
            recs += class_size_records(ours, y, pos, b["boot_stratify"], case)
        for col in BOOT_COLUMNS:
            name = col.replace("_oob", "_b") if (oob_is_inbag and col.endswith("_oob")) else col
            m = _moments(ours.boot[name].to_numpy())
            recs += mc_compare(m, b["summary"][col], col, suite="cutpointr_parity",
                               source=source, case=case, item=col)
    return recs


def class_size_records(ours, y, pos, stratified, case):
    """The resampling design from its definition: with stratification every replicate
    has exactly the data's P cases (a record of the largest deviation, which must be 0);
    without, the number of cases is Binomial(n, P / n): its mean and variance within 4
    Monte Carlo SE (SE of the variance from the binomial's fourth moment)."""
    n = len(y)
    P = int(np.sum(np.asarray(y) == pos))
    cases = (ours.boot["TP_b"] + ours.boot["FN_b"]).to_numpy(dtype=float)
    lab = dict(suite="cutpointr_parity", source="definition", case=case, item="cases per replicate")
    if stratified:
        return [compare(float(np.max(np.abs(cases - P))), 0.0, "cases per replicate, max |dev|",
                        tol=Tolerance(0.0, 0.0, "stratified: exactly P cases"), **lab)]
    p = P / n
    mean, var = n * p, n * p * (1 - p)
    B = cases.size
    mu4 = var * (1 + 3 * (n - 2) * p * (1 - p))          # binomial fourth central moment
    se_mean, se_var = math.sqrt(var / B), math.sqrt((mu4 - var ** 2) / B)
    recs = []
    for q, val, ref, se in (("mean", cases.mean(), mean, se_mean),
                            ("variance", cases.var(ddof=1), var, se_var)):
        rec = compare(val, ref, "cases per replicate, %s" % q, tol=Tolerance(
            0.0, MC_SIGMAS * se, "%g Monte Carlo SE of Binomial(n, P/n)" % MC_SIGMAS), **lab)
        rec["mc_se"], rec["z"] = se, (val - ref) / se
        recs.append(rec)
    return recs


POWER_NOTE = ("the same Monte Carlo comparison against a deliberately wrong rocstats "
              "bootstrap: largest |z| over the columns (a mistake is detected where it "
              "exceeds 4)")


def power_summary(results=None):
    """``{mistake: {case: largest |z|}}`` for the two planted mistakes."""
    out = {}
    for name, kw in (("stratification swapped", {"stratified_swap": True}),
                     ("out-of-bag = in-bag", {"oob_is_inbag": True})):
        recs = bootstrap_records(results, source="power", **kw)
        worst = {}
        for r in recs:
            worst[r["case"]] = max(worst.get(r["case"], 0.0), abs(r["z"]))
        out[name] = worst
    return out


def cutpointr_live_records(seed=None, n_sets=6):
    from rocstats.r import diagnostic as rd

    rng = np.random.default_rng(20261129 if seed is None else seed)
    recs = []
    for t in range(n_sets):
        n = int(rng.integers(20, 300))
        y = (rng.random(n) < rng.uniform(0.2, 0.6)).astype(int)
        y[:2] = (0, 1)
        score = rng.normal(size=n) + rng.uniform(0, 1.5) * y
        if t % 2:
            score = np.round(score * 2) / 2             # ties
        for direction in (">=", "<="):
            for metric in ("youden", "accuracy", "roc01", "sens_constrain"):
                for mid in (False, True):
                    for bt in ("all", "median"):
                        ref = rd.cutpointr_fit(y, score, 1, direction=direction, metric=metric,
                                               use_midpoints=mid, break_ties=bt,
                                               min_constrain=0.7)
                        call = dict(ref, direction=direction, metric=metric, use_midpoints=mid,
                                    break_ties=bt, min_constrain=0.7)
                        recs += cutpointr_call_records(y, score, 1, call, source="live",
                                                       case="fresh_%d_n%d" % (t, n))
    return recs


def run_cutpointr(*, live=None, seed=None):
    from rocstats.r import diagnostic as rd

    results = load_results()
    meta = {"reference": "cutpointr", "stored": _stored_meta(results, "cutpointr_version"),
            "tolerances": {"cutoff": CUT_EXACT.why, "metrics": CUT_TOL.why,
                           "bootstrap": "mean and SD within %g Monte Carlo SE" % MC_SIGMAS},
            "power": {"note": POWER_NOTE, "largest_abs_z": power_summary(results)}}
    comps = cutpointr_records(results) + bootstrap_records(results)
    comps += _live(live, rd.cutpointr_available, cutpointr_live_records, meta, seed)
    return {"metadata": meta, "comparisons": comps}

