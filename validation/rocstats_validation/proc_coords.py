"""The pROC coords / bootstrap suite: ``python -m rocstats_validation.run --suite proc_coords``.

Two kinds of comparisons with pROC 1.18 (stored in ``validation/results/proc_coords.json``
by ``Rscript validation/r/proc_coords_cases.R``; live through :mod:`rocstats.r`):

``coords`` (deterministic; sources ``stored``, ``live``, ``live_vs_stored``)
    :func:`rocstats.coords` against pROC's ``coords`` on every case: ``x = "all"``
    (``ret = "all"``), ``"local maximas"``, ``"best"`` for both methods and three
    ``best.weights`` pairs, and numeric ``x`` for the inputs specificity, sensitivity,
    threshold, fpr and tp.  Each record is one column of one call: the worst row (largest
    difference relative to the column's scale, :data:`SCALES`), rtol 1e-10; thresholds
    must be bit-identical.  Where pROC's floating-point test lists fewer of several
    exactly tied optimal points than rocstats' exact comparison, the records pass when
    every row pROC lists is one of rocstats' rows (matched by threshold) and agrees there.

``bootstrap`` (Monte Carlo; source ``stored_mc``)
    rocstats' bootstrap intervals with ``n_boot = 10000`` against pROC's with
    ``boot.n = 10000`` (stored with their seeds): every quantile (lower, median, upper)
    of ``ci.auc`` (full and partial), ``ci.se``, ``ci.sp``, ``ci.thresholds`` and
    ``ci.coords``.  The two runs are independent draws of the same bootstrap
    distribution F (each replicate of rocstats is pROC's statistic of a resample, computed
    with pROC's floating-point operations), so they agree within Monte Carlo error.

    Monte Carlo standard error of a quantile.  A sample p-quantile of B draws sits at
    rank ~ B p with binomial SD sqrt(B p (1 - p)): on the probability scale its SE is
    sqrt(p (1 - p) / B).  The difference of two independent runs (B1 = B2 = 10000) has
    SE ``sigma = sqrt(p (1 - p) (1 / B1 + 1 / B2))`` on that scale.  A record passes when
    pROC's quantile lies between rocstats' own replicates' quantiles at
    ``p - 4 sigma`` and ``p + 4 sigma`` (order statistics, R's type 1): "within 4 Monte
    Carlo standard errors", and exact for discrete F (atoms: many replicates share a
    value, where the value-scale SE is 0 but the rank test still works).  The value-scale
    SE reported with each record is ``(Q(p + sigma) - Q(p - sigma)) / 2`` from rocstats'
    replicates (the asymptotic ``sigma / f(q)`` with the density estimated by the
    spacing of order statistics, combined for the two runs); ``z`` is the distance of
    pROC's quantile from p on the rank scale in units of sigma (0 inside the atom).
"""
import functools
import json
import math
import os
import warnings

import numpy as np

import rocstats

from .paths import RESULTS_DIR
from .proc_parity import Tolerance, compare, load_results

SUITE = "proc_coords"
RESULTS_FILE = RESULTS_DIR / "proc_coords.json"
#: relative tolerance of every coords column (rates, counts, criteria)
COORDS_TOL = Tolerance(1e-10, 0.0, "rates and counts from the same integer counts with "
                       "pROC's floating-point formulas (counts exact where pROC has "
                       "se * ncases): a few ulps at most")
THRESHOLD_TOL = Tolerance(0.0, 0.0, "pROC's midpoints of the same doubles (negated for "
                          "direction '>'), or x itself: bit-identical")
ROWS_TOL = Tolerance(0.0, 0.0, "number of rows: exact")
#: natural magnitudes (the tolerance is rtol x max(|reference|, scale)): counts can
#: cancel to ~0 (pROC's fn = ncases - se ncases is 7e-15 where rocstats' exact count is 0)
SCALES = {"tp": "n_case", "fn": "n_case", "tn": "n_control", "fp": "n_control",
          "youden": "1 + r", "closest.topleft": "1 + r"}
MC_SIGMAS = 4.0
BOOT_N = 10000
WEIGHT_PAIRS = ((1.0, 0.5), (2.0, 0.25), (0.5, 0.7))
INPUTS = ("specificity", "sensitivity", "threshold", "fpr", "tp")


# --------------------------------------------------------------------------- data
def _floats(obj):
    """JSON strings "NaN", "Infinity", "-Infinity" -> floats, recursively."""
    special = {"NaN": math.nan, "Infinity": math.inf, "-Infinity": -math.inf}
    if isinstance(obj, dict):
        return {k: _floats(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [_floats(v) for v in obj]
    if isinstance(obj, str) and obj in special:
        return special[obj]
    return obj


@functools.lru_cache(maxsize=None)
def load_coords_results(path=RESULTS_FILE):
    """The stored pROC results (``validation/results/proc_coords.json``), parsed."""
    with open(path) as fh:
        return _floats(json.load(fh))


def case_data(case):
    """``(y, score)`` of a stored case; aSAH cases read the one stored copy of aSAH
    (``proc_results.py`` PAIRED_CASES["asah"]) and check its checksum."""
    if case.get("dataset") == "asah":
        asah = load_results().PAIRED_CASES["asah"]
        y = np.asarray(asah["y"])
        score = np.asarray(asah["scores"][case["column"]], dtype=np.float64)
        check = float(np.sum(score * np.arange(1, score.size + 1)))
        if score.size != case["n"] or abs(check - float(case["checksum"])) > 1e-9 * abs(check):
            raise ValueError("stored aSAH %s differs from the data pROC saw (checksum)"
                             % case["column"])
        return y, score
    return np.asarray(case["y"]), np.asarray(case["score"], dtype=np.float64)


def _col(v):
    return np.atleast_1d(np.asarray(v, dtype=np.float64))


# --------------------------------------------------------------------------- rocstats
def _coords(y, s, x, case, direction, **kw):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", rocstats.UndefinedAUCWarning)
        df = rocstats.coords(y, s, x, ret="all", direction=direction, pos_label=case, **kw)
    return {c: df[c].to_numpy(dtype=float) for c in df.columns}


def rocstats_coords_case(y, score, *, case, direction, xs):
    """rocstats' coords in the layout of ``rocstats_proc_coords`` (``xs``: input ->
    x values)."""
    out = {"all": _coords(y, score, "all", case, direction),
           "local_maximas": _coords(y, score, "local maximas", case, direction),
           "best": [], "inputs": {}}
    for method in ("youden", "closest.topleft"):
        for w in WEIGHT_PAIRS:
            out["best"].append({"best_method": method, "best_weights": list(w),
                                "columns": _coords(y, score, "best", case, direction,
                                                   best_method=method, best_weights=w)})
    for inp in INPUTS:
        x = _col(xs[inp])
        out["inputs"][inp] = {"x": x, "columns": _coords(y, score, x, case, direction,
                                                         input=inp)}
    return out


# --------------------------------------------------------------------------- comparing
def _scale(column, n_case, n_control, r):
    return {"tp": n_case, "fn": n_case, "tn": n_control, "fp": n_control,
            "youden": 1.0 + r, "closest.topleft": 1.0 + r}.get(column, 1.0)


def _record(value, reference, column, scale, **labels):
    tol = THRESHOLD_TOL if column == "threshold" else COORDS_TOL
    rec = compare(value, reference, column, tol=tol, scale=scale, **labels)
    rec["suite"] = SUITE
    return rec


def _diff_table(ours, ref, n_case, n_control, r=1.0, rows=None, **labels):
    """One record per column: the worst row.  ``rows`` maps pROC's rows to ours."""
    out = []
    for column, ref_vals in ref.items():
        b = _col(ref_vals)
        a = _col(ours[column])
        if rows is not None:
            a = a[rows]
        scale = _scale(column, n_case, n_control, r)
        if a.size != b.size:
            rec = _record(a.size, b.size, column, 0.0, **labels)
            rec.update(quantity="rows:" + column, passed=False,
                       note="%d rows vs pROC's %d" % (a.size, b.size), rtol=0.0, atol=0.0)
            out.append(rec)
            continue
        recs = [_record(a[k], b[k], column, scale, row=int(k), **labels)
                for k in range(b.size)]
        worst = max(recs, key=lambda rr: (not rr["passed"],
                                          rr["scaled_diff"] if rr["scaled_diff"] == rr["scaled_diff"]
                                          else math.inf))
        worst["rows"] = int(b.size)
        out.append(worst)
    return out


def _best_rows(ours, ref):
    """Map pROC's best rows to ours by threshold: ``(rows, note)``; rows None when the
    counts agree; raises LookupError when a pROC row is not among ours."""
    a, b = _col(ours["threshold"]), _col(ref["threshold"])
    if a.size == b.size:
        return None, ""
    rows = []
    for t in b:
        hit = np.flatnonzero(a == t)
        if hit.size != 1:
            raise LookupError(t)
        rows.append(int(hit[0]))
    return np.asarray(rows), ("pROC's floating-point test lists %d of the %d exactly tied "
                              "optimal points rocstats lists; every row pROC lists is one "
                              "of them" % (b.size, a.size))


def diff_coords_case(ours, ref, **labels):
    """Records comparing one case's coords (ours vs ref, both in the stored layout)."""
    nc, nn = ref["n_case"], ref["n_control"]
    out = []
    out += _diff_table(ours["all"], ref["all"], nc, nn, item="all", **labels)
    out += _diff_table(ours["local_maximas"], ref["local_maximas"], nc, nn,
                       item="local maximas", **labels)
    for mine, theirs in zip(ours["best"], ref["best"]):
        cost, prev = _col(theirs["best_weights"])
        r = (1 - prev) / (cost * prev)
        item = "best %s w=(%g, %g)" % (theirs["best_method"], cost, prev)
        try:
            rows, note = _best_rows(mine["columns"], theirs["columns"])
        except LookupError as exc:
            rec = _record(len(_col(mine["columns"]["threshold"])),
                          len(_col(theirs["columns"]["threshold"])), "threshold", 0.0,
                          item=item, **labels)
            rec.update(quantity="rows", passed=False,
                       note="pROC's best threshold %r is not among rocstats' rows" % exc.args)
            out.append(rec)
            continue
        recs = _diff_table(mine["columns"], theirs["columns"], nc, nn, r, rows=rows,
                           item=item, **labels)
        if note:
            for rec in recs:
                rec["note"] = (rec["note"] + "; " if rec["note"] else "") + note
        out += recs
    for inp, theirs in ref["inputs"].items():
        mine = ours["inputs"][inp]
        out += _diff_table(mine["columns"], theirs["columns"], nc, nn,
                           item="input %s" % inp, **labels)
    return out


def _xs(ref):
    return {inp: _col(v["x"]) for inp, v in ref["inputs"].items()}


def stored_coords_comparisons(results=None):
    results = results or load_coords_results()
    out = []
    for name, c in results["cases"].items():
        y, s = case_data(c)
        ref = c["coords"]
        ours = rocstats_coords_case(y, s, case=c["case"], direction=c["direction"],
                                    xs=_xs(ref))
        out += diff_coords_case(ours, ref, source="stored", case=name,
                                value_from="rocstats", reference_from="pROC (stored)")
    return out


def fresh_coords_cases(seed=None):
    """Fresh random data sets drawn in Python, handed to R as they are (both sides see
    the same doubles): ties with direction ">", a tiny imbalanced one, string labels."""
    if seed is None:
        seed = int(os.environ.get("ROCSTATS_FRESH_SEED", "20261120"))
    rng = np.random.default_rng(seed)
    y1 = rng.permutation(np.repeat([1, 0], [45, 80]))
    y2 = rng.permutation(np.repeat([1, 0], [5, 300]))
    y3 = rng.choice(np.array(["a", "b"]), 90)
    return {
        "fresh_ties_gt": dict(y=y1, score=np.round(rng.normal(-0.7 * y1), 1), control=0,
                              case=1, direction=">"),
        "fresh_imbalanced": dict(y=y2, score=rng.normal(1.5 * y2), control=0, case=1,
                                 direction="<"),
        "fresh_strings": dict(y=y3, score=rng.integers(0, 6, 90).astype(float) + (y3 == "b"),
                              control="a", case="b", direction="<"),
    }


def _fresh_xs(y, score, case, direction, rng):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        df = rocstats.coords(y, score, "all", ret=("threshold", "specificity",
                                                   "sensitivity", "tp"),
                             direction=direction, pos_label=case)
    pick = lambda v, k: np.unique(v)[np.unique(np.linspace(0, np.unique(v).size - 1, k)
                                               .round().astype(int))]
    grid = np.arange(21) * 0.05
    thr = df["threshold"].to_numpy()
    return {"specificity": np.r_[grid, pick(df["specificity"], 6), rng.random(3)],
            "sensitivity": np.r_[grid, pick(df["sensitivity"], 6), rng.random(3)],
            "threshold": np.r_[-np.inf, np.inf, pick(thr[np.isfinite(thr)], 6),
                               rng.uniform(score.min(), score.max(), 3)],
            "fpr": np.r_[np.arange(11) * 0.1, rng.random(2)],
            "tp": np.r_[0.0, pick(df["tp"], 5), rng.uniform(0, df["tp"].max(), 2)]}


def live_coords_comparisons(results=None, seed=None):
    from rocstats import r as rbridge

    ok, reason = rbridge.r_available()
    if not ok:
        raise RuntimeError("live pROC comparisons need R: %s" % reason)
    results = results or load_coords_results()
    out = []
    for name, c in results["cases"].items():
        y, s = case_data(c)
        ref = c["coords"]
        xs = _xs(ref)
        live = rbridge.proc_coords(y, s, control=c["control"], case=c["case"],
                                   direction=c["direction"],
                                   **{"x_" + k: v for k, v in xs.items()})
        ours = rocstats_coords_case(y, s, case=c["case"], direction=c["direction"], xs=xs)
        out += diff_coords_case(ours, live, source="live", case=name,
                                value_from="rocstats", reference_from="pROC (live)")
        for rec in diff_coords_case(live, ref, source="live_vs_stored", case=name,
                                    value_from="pROC (live)", reference_from="pROC (stored)"):
            out.append(rec)
    rng = np.random.default_rng(0 if seed is None else seed)
    for name, c in fresh_coords_cases(seed).items():
        xs = _fresh_xs(c["y"], c["score"], c["case"], c["direction"], rng)
        live = rbridge.proc_coords(c["y"], c["score"], control=c["control"], case=c["case"],
                                   direction=c["direction"],
                                   **{"x_" + k: v for k, v in xs.items()})
        ours = rocstats_coords_case(c["y"], c["score"], case=c["case"],
                                    direction=c["direction"], xs=xs)
        out += diff_coords_case(ours, live, source="live", case=name,
                                value_from="rocstats", reference_from="pROC (live)")
    return out


# --------------------------------------------------------------------------- bootstrap
def mc_record(replicates, value, reference, p, *, b_ref=BOOT_N, **labels):
    """A Monte Carlo comparison of one quantile (see the module docstring): pass when
    ``reference`` lies between rocstats' replicates' order statistics at
    ``p -/+ 4 sigma``, ``sigma = sqrt(p (1 - p) (1 / B1 + 1 / B2))``."""
    v = np.sort(np.asarray(replicates, dtype=float))
    v = v[~np.isnan(v)]
    B = v.size
    value, reference = float(value), float(reference)
    rec = {"suite": SUITE}
    rec.update(labels)
    if B == 0 or math.isnan(reference):
        passed = B == 0 and math.isnan(reference) and math.isnan(value)
        rec.update(quantity=labels.get("quantity", "quantile"), value=value,
                   reference=reference, abs_diff=float("nan"), rel_diff=float("nan"),
                   scaled_diff=float("nan"), rtol=0.0, atol=float("nan"), scale=0.0,
                   passed=bool(passed), note="undefined", p=p, mc_se=float("nan"),
                   z=float("nan"), sigma_rank=float("nan"))
        return rec
    sigma = math.sqrt(p * (1 - p) * (1.0 / B + 1.0 / b_ref))

    def order_stat(q):
        q = min(1.0, max(0.0, q))
        return float(np.quantile(v, q, method="inverted_cdf"))

    lo, hi = order_stat(p - MC_SIGMAS * sigma), order_stat(p + MC_SIGMAS * sigma)
    mc_se = (order_stat(p + sigma) - order_stat(p - sigma)) / 2.0
    below = np.count_nonzero(v < reference) / B
    upto = np.count_nonzero(v <= reference) / B
    dist = 0.0 if below <= p <= upto else min(abs(below - p), abs(upto - p))
    z = dist / sigma if sigma > 0 else (0.0 if dist == 0 else math.inf)
    passed = lo <= reference <= hi
    diff = abs(value - reference)
    rec.update(value=value, reference=reference, abs_diff=diff,
               rel_diff=diff / abs(reference) if reference else (0.0 if diff == 0 else math.inf),
               scaled_diff=z, rtol=0.0, atol=max(abs(hi - value), abs(value - lo)),
               scale=0.0, passed=bool(passed), p=p, mc_se=mc_se, z=z, sigma_rank=sigma,
               accept_low=lo, accept_high=hi,
               note=("pROC's quantile within rocstats' replicates' [%.6g, %.6g] "
                     "(p -/+ %g sigma, sigma = %.3g on the rank scale); value-scale MC SE "
                     "of the difference %.3g" % (lo, hi, MC_SIGMAS, sigma, mc_se)))
    rec.setdefault("quantity", "quantile")
    return rec


def _probs(level):
    return (("lower", (1 - level) / 2), ("median", 0.5), ("upper", 1 - (1 - level) / 2))


def rocstats_bootstrap_case(y, s, *, case, direction, ref, seed):
    """rocstats' intervals for one stored bootstrap case, with their replicates:
    ``{key: (replicates (B x k), quantiles dict {lower/median/upper: (k,)}, labels)}``."""
    opts = dict(n_boot=int(ref["boot_n"]), stratified=bool(ref["stratified"]),
                random_state=seed, direction=direction, pos_label=case, n_jobs=-1)
    out = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        a = rocstats.ci_auc(y, s, method="bootstrap", **opts)
        out["auc"] = (a.replicates[:, None], {"lower": [a.lower], "median": [a.median],
                                              "upper": [a.upper]}, ["AUC"])
        if "partial_auc" in ref:
            pa = ref["partial_auc"]
            lo_hi = tuple(float(v) for v in sorted(_col(pa["partial"])))
            corr = pa["correct"]
            corr = bool(corr[0] if isinstance(corr, list) else corr)
            p = rocstats.ci_auc(y, s, method="bootstrap", partial=lo_hi, focus=pa["focus"],
                                correct=corr, **opts)
            out["partial_auc"] = (p.replicates[:, None], {"lower": [p.lower],
                                                          "median": [p.median],
                                                          "upper": [p.upper]},
                                  ["partial AUC (%s %g to %g%s)" % (
                                      pa["focus"], lo_hi[0], lo_hi[1],
                                      ", McClish" if corr else "")])
        sps = _col(ref["se"]["specificities"])
        c = rocstats.ci_coords(y, s, sps, input="specificity", ret="sensitivity", **opts)
        se = rocstats.ci_se(y, s, sps, **opts)
        assert np.array_equal(se["lower"].to_numpy(), c.lower[:, 0], equal_nan=True)
        out["se"] = (c.replicates[:, :, 0], {k: se[k].to_numpy() for k in
                                             ("lower", "median", "upper")},
                     ["se at sp %.6g" % v for v in sps])
        ses = _col(ref["sp"]["sensitivities"])
        c = rocstats.ci_coords(y, s, ses, input="sensitivity", ret="specificity", **opts)
        sp = rocstats.ci_sp(y, s, ses, **opts)
        assert np.array_equal(sp["upper"].to_numpy(), c.upper[:, 0], equal_nan=True)
        out["sp"] = (c.replicates[:, :, 0], {k: sp[k].to_numpy() for k in
                                             ("lower", "median", "upper")},
                     ["sp at se %.6g" % v for v in ses])
        th = rocstats.ci_thresholds(y, s, "local maximas", **opts)
        for j, name in enumerate(("specificity", "sensitivity")):
            out["thresholds_" + name] = (th.replicates[:, :, j],
                                         {k: getattr(th, k)[:, j] for k in
                                          ("lower", "median", "upper")},
                                         ["%s at threshold %.6g" % (name, t) for t in th.x])
        out["thresholds_x"] = th.x
        cb = rocstats.ci_coords(y, s, "best", ret=("threshold", "specificity", "sensitivity"),
                                best_policy="random", **opts)
        for j, name in enumerate(cb.ret):
            out["coords_best_" + name] = (cb.replicates[:, :, j],
                                          {k: getattr(cb, k)[:, j] for k in
                                           ("lower", "median", "upper")}, ["best " + name])
        for key, inp, ret in (("coords_specificity", "specificity",
                               ("sensitivity", "ppv", "npv", "accuracy")),
                              ("coords_threshold", "threshold",
                               ("specificity", "sensitivity", "ppv"))):
            x = _col(ref[key]["x"])
            cc = rocstats.ci_coords(y, s, x, input=inp, ret=ret, **opts)
            for j, name in enumerate(ret):
                out["%s_%s" % (key, name)] = (cc.replicates[:, :, j],
                                              {k: getattr(cc, k)[:, j] for k in
                                               ("lower", "median", "upper")},
                                              ["%s at %s %.6g" % (name, inp, v) for v in x])
    return out


def _ref_quantiles(ref, key):
    """pROC's quantiles for one of rocstats_bootstrap_case's keys."""
    if key in ("auc", "partial_auc"):
        d = ref[key]
        return {k: _col(d[k]) for k in ("lower", "median", "upper")}
    if key in ("se", "sp"):
        return {k: _col(ref[key][k]) for k in ("lower", "median", "upper")}
    if key.startswith("thresholds_"):
        d = ref["thresholds"][key.split("_", 1)[1]]
        return {k: _col(d[k]) for k in ("lower", "median", "upper")}
    if key.startswith("coords_best_"):
        d = ref["coords_best"][key[len("coords_best_"):]]
        return {k: _col(d[k]) for k in ("lower", "median", "upper")}
    base, name = key.rsplit("_", 1) if not key.endswith("accuracy") else (key[:-9], "accuracy")
    d = ref[base][name]
    return {k: _col(d[k]) for k in ("lower", "median", "upper")}


def stored_bootstrap_comparisons(results=None, seed=None):
    """rocstats (10000 replicates, seeded) vs pROC's stored 10000-replicate intervals."""
    results = results or load_coords_results()
    out = []
    for name, ref in results["bootstrap"].items():
        c = results["cases"][name]
        y, s = case_data(c)
        our_seed = int(ref["seed"]) if seed is None else int(seed)
        ours = rocstats_bootstrap_case(y, s, case=c["case"], direction=c["direction"],
                                       ref=ref, seed=our_seed)
        thr_ok = np.array_equal(ours.pop("thresholds_x"), _col(ref["thresholds"]["thresholds"]))
        rec = _record(float(thr_ok), 1.0, "threshold", 0.0, source="stored_mc", case=name,
                      item="ci.thresholds: the local maximas", value_from="rocstats",
                      reference_from="pROC (stored)")
        rec["quantity"] = "thresholds identical"
        out.append(rec)
        level = float(ref["conf_level"])
        for key, (reps, q, items) in ours.items():
            theirs = _ref_quantiles(ref, key)
            for j, item in enumerate(items):
                for qname, p in _probs(level):
                    out.append(mc_record(reps[:, j], q[qname][j], theirs[qname][j], p,
                                         b_ref=int(ref["boot_n"]), source="stored_mc",
                                         case=name, item=item, quantity=qname,
                                         statistic=key, value_from="rocstats",
                                         reference_from="pROC (stored)",
                                         stratified=bool(ref["stratified"])))
    return out


# --------------------------------------------------------------------------- suite
def outcome(records):
    failed = [r for r in records if not r["passed"]]
    return failed, [], []


def run(*, live=None, seed=None):
    """Run the suite; ``{"metadata": ..., "comparisons": [...]}``."""
    results = load_coords_results()
    meta = {"reference": "pROC", "stored": {k: results[k] for k in (
        "generator", "r_helpers", "r_version", "r_platform", "proc_version", "generated",
        "r_calls")},
        "tolerances": {"coords": COORDS_TOL.why, "threshold": THRESHOLD_TOL.why,
                       "scales": SCALES, "bootstrap": "rank test at %g Monte Carlo SE "
                       "(module docstring)" % MC_SIGMAS}}
    comps = stored_coords_comparisons(results) + stored_bootstrap_comparisons(results)
    live_info = {"requested": live, "ran": False}
    if live is not False:
        from rocstats import r as rbridge

        ok, reason = rbridge.r_available()
        live_info.update(available=ok, reason=reason)
        if ok:
            comps += live_coords_comparisons(results, seed)
            live_info["ran"] = True
        elif live:
            raise RuntimeError("live comparisons requested but R is unavailable: " + reason)
    meta["live"] = live_info
    return {"metadata": meta, "comparisons": comps}
