"""The time-dependent ROC suite: rocstats.survival against riskRegression 2022.11.28's
``Score`` and survival 3.5-3's ``concordance``.

``python -m rocstats_validation.run --suite survival_parity``.  Quantities, per case:

* ``auc``, ``se``: :func:`rocstats.survival.time_roc` against ``Score(...,
  metrics = "auc", se.fit = TRUE)``'s ``AUC`` and ``se`` at every time and marker;
* ``delta``, ``delta_se``, ``delta_p``: :func:`rocstats.survival.time_roc_test` against
  the contrasts (``delta.AUC`` = AUC(model) - AUC(reference): rocstats' ``difference``
  of ``(reference, model)`` with the sign flipped), every pair of markers;
* ``concordance``, ``concordance_se``: :func:`rocstats.survival.concordance_index`
  (Harrell; Uno, untruncated and truncated; Harrell truncated) against
  ``concordance(..., reverse = TRUE)``'s estimate and ``sqrt(var)``;
* ``se_swapped``: the competing-risk cases with cause 2, where riskRegression
  2022.11.28's influence function takes the first cause's cases (a deliberate
  difference): rocstats' SE for cause 2 against Score's SE on the data with the codes 1
  and 2 swapped (cause 1 there: the same estimand); Score's own cause-2 SE is recorded
  as ``se_riskregression_cause2`` with ``known_difference`` and is not compared.

Sources: ``stored`` (validation/results/survival_auc.json, from
validation/r/survival_cases.R), ``live`` (riskRegression and survival run now through
:mod:`rocstats.r.survival` on fresh data drawn here), ``live_vs_stored`` (R now on the
stored data vs the stored numbers: identical).
"""
import itertools
import json
import math
import os
import warnings

import numpy as np

from .paths import RESULTS_DIR
from .proc_parity import Tolerance
from .proc_parity import describe, suite_compare  # noqa: F401 (describe re-exported)

SUITE = "survival_parity"
RESULTS_FILE = RESULTS_DIR / "survival_auc.json"

_SAME = ("the same estimator and influence function on the same doubles (cumulative "
         "sums in another order): ~1e-15 seen; 1e-8 is the issue's tolerance")
TOLERANCES = {
    "auc": Tolerance(1e-8, 0.0, "AUC(t): " + _SAME),
    "se": Tolerance(1e-8, 0.0, "SE of AUC(t) = sd(IF)/sqrt(n): " + _SAME),
    "se_swapped": Tolerance(1e-8, 0.0, "SE of AUC(t) for cause 2 vs Score's SE on the data "
                            "with causes 1 and 2 swapped: " + _SAME),
    "delta": Tolerance(1e-8, 0.0, "AUC difference, relative to the larger AUC: " + _SAME),
    "delta_se": Tolerance(1e-8, 0.0, "SE of the difference sd(IF_a - IF_b)/sqrt(n): " + _SAME),
    "delta_p": Tolerance(1e-8, 0.0, "two-sided normal p-value of the difference"),
    "auc_sksurv": Tolerance(1e-10, 0.0, "scikit-survival's cumulative_dynamic_auc, where the "
                            "estimands coincide (no event tied with a censoring: its case "
                            "weight 1/G(T_i) equals riskRegression's 1/G(T_i-)); the same "
                            "trapezoids: ~1e-14 seen"),
    "concordance": Tolerance(1e-8, 0.0, "Harrell's / Uno's C: the same weighted pair "
                             "counts (binary-tree sums in survival, merge counts here)"),
    "concordance_se": Tolerance(1e-8, 0.0, "infinitesimal-jackknife SE sqrt(sum dfbeta^2 "
                                "/ 4)"),
}
IDENTICAL = Tolerance(0.0, 0.0, "same R code, same doubles: results must be bit-for-bit equal")
TIMEWT = {"n": "harrell", "n/G2": "uno"}

#: the suite's acceptance criterion (run.py reads it)
ACCEPTANCE = dict(
    quantity="AUC(t), its SE, paired contrasts (difference, SE, p) with KM and Cox "
             "censoring weights and competing risks; Harrell's and Uno's C with SE",
    reference="riskRegression 2022.11.28 Score and survival 3.5-3 concordance (stored; live "
              "through rpy2 when R is present)",
    tolerance="rtol 1e-8 (differences relative to the larger AUC)",
    why="same estimators and influence functions on the same doubles; only summation order "
        "differs (~1e-15 seen)",
    summary="AUC(t), SE, contrasts, C vs riskRegression / survival: rtol 1e-8; same formulas")


compare = suite_compare(SUITE, TOLERANCES)


def _num(x):
    return float("nan") if x is None else float(x)


def load_results(path=RESULTS_FILE):
    with open(path) as fh:
        return json.load(fh)


def case_inputs(case):
    """Arrays of a stored case: ``time, status, markers (dict), directions, covariates``."""
    d = case["data"]
    markers = {k: np.asarray(v, dtype=np.float64) for k, v in d["markers"].items()}
    cov = None
    if "covariates" in d:
        cov = np.column_stack([np.asarray(v, dtype=np.float64)
                               for v in d["covariates"].values()])
    return (np.asarray(d["time"], dtype=np.float64), np.asarray(d["status"], dtype=np.int64),
            markers, dict(case["directions"]), cov)


def _as_list(x):
    return x if isinstance(x, list) else [x]


# ------------------------------------------------------------------- rocstats side
def rocstats_score(case, time, status, markers, directions, cov):
    """rocstats' numbers laid out as Score's: ``(auc, se)`` keyed by (model, t) and the
    contrasts keyed by (model, reference, t)."""
    from rocstats.survival import time_roc, time_roc_test

    opts = dict(cause=int(case["cause"]), weighting=case["weighting"], covariates=cov,
                conservative=bool(case["conservative"]))
    times = np.asarray(case["times"], dtype=np.float64)
    out = {"auc": {}, "contrasts": {}}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for m, x in markers.items():
            r = time_roc(time, status, x, times, direction=directions[m], curves=False,
                         **opts)
            for t, a, s in zip(times, r.auc, r.se):
                out["auc"][m, float(t)] = (a, s)
        for ref, mod in itertools.combinations(list(markers), 2):
            r = time_roc_test(time, status, markers[ref], markers[mod], times,
                              direction=(directions[ref], directions[mod]),
                              names=(ref, mod), **opts)
            for k, t in enumerate(times):
                out["contrasts"][mod, ref, float(t)] = (
                    -r.difference[k], r.se[k], r.pvalue[k],
                    max(abs(r.auc_a[k]), abs(r.auc_b[k])))
    return out


def compare_score(ours, ref, *, source, case, swapped=None):
    """Records of AUC, SE and contrasts; ``swapped``: Score on swapped codes (then the SE
    is compared with that and Score's own cause-2 SE is recorded, not compared)."""
    recs = []
    for m, t, a, s, *rest in zip(_as_list(ref["model"]), _as_list(ref["times"]),
                                 _as_list(ref["auc"]), _as_list(ref["se"])):
        key = (m, float(t))
        if key not in ours["auc"]:
            recs.append(compare(float("nan"), _num(a), "auc", source=source, case=case,
                                item="%s t=%g" % key, error="not computed by rocstats"))
            continue
        va, vs = ours["auc"][key]
        item = "%s t=%g" % key
        recs.append(compare(va, _num(a), "auc", source=source, case=case, item=item))
        if swapped is None:
            recs.append(compare(vs, _num(s), "se", source=source, case=case, item=item))
        else:
            k = [i for i, (mm, tt) in enumerate(zip(_as_list(swapped["model"]),
                                                    _as_list(swapped["times"])))
                 if mm == m and float(tt) == float(t)][0]
            recs.append(compare(vs, _num(_as_list(swapped["se"])[k]), "se_swapped",
                                source=source, case=case, item=item))
            rec = compare(vs, _num(s), "se", source=source, case=case,
                          item=item + " (riskRegression's own cause-2 SE)")
            rec["quantity"] = "se_riskregression_cause2"
            rec["known_difference"] = ("riskRegression 2022.11.28's getInfluenceCurve.AUC "
                                       "counts status == 1 as cases whatever the cause")
            rec["passed"] = True
            rec["note"] = "not compared: " + rec["known_difference"]
            recs.append(rec)
    c = ref.get("contrasts")
    if c and swapped is None:
        for mod, refm, t, d, s, p in zip(*(_as_list(c[k]) for k in
                                           ("model", "reference", "times", "delta", "se",
                                            "p"))):
            key = (mod, refm, float(t))
            vd, vs, vp, scale = ours["contrasts"][key]
            item = "%s - %s t=%g" % key
            recs.append(compare(vd, _num(d), "delta", scale=scale, source=source, case=case,
                                item=item))
            recs.append(compare(vs, _num(s), "delta_se", source=source, case=case,
                                item=item))
            recs.append(compare(vp, _num(p), "delta_p", source=source, case=case,
                                item=item))
    elif c and swapped is not None:
        sc = swapped["contrasts"]
        for mod, refm, t, d, s, p in zip(*(_as_list(c[k]) for k in
                                           ("model", "reference", "times", "delta", "se",
                                            "p"))):
            key = (mod, refm, float(t))
            vd, vs, vp, scale = ours["contrasts"][key]
            k = [i for i, (mm, rr, tt) in enumerate(zip(_as_list(sc["model"]),
                                                        _as_list(sc["reference"]),
                                                        _as_list(sc["times"])))
                 if (mm, rr, float(tt)) == key][0]
            item = "%s - %s t=%g" % key
            recs.append(compare(vd, _num(d), "delta", scale=scale, source=source, case=case,
                                item=item))
            recs.append(compare(vs, _num(_as_list(sc["se"])[k]), "delta_se", source=source,
                                case=case, item=item + " (vs swapped codes)"))
            recs.append(compare(vp, _num(_as_list(sc["p"])[k]), "delta_p", source=source,
                                case=case, item=item + " (vs swapped codes)"))
    return recs


def compare_concordance(records, time, status, markers, directions, *, source, case):
    from rocstats.survival import concordance_index

    recs = []
    for rec in records:
        m = rec["marker"]
        tau = rec.get("ymax")
        c = concordance_index(time, status, markers[m], method=TIMEWT[rec["timewt"]],
                              tau=None if tau is None else float(tau),
                              direction=directions[m])
        item = "%s %s%s" % (m, TIMEWT[rec["timewt"]], "" if tau is None else " tau=%g" % tau)
        recs.append(compare(c.estimate, _num(rec["concordance"]), "concordance",
                            source=source, case=case, item=item))
        recs.append(compare(c.se, _num(rec["se"]), "concordance_se", source=source,
                            case=case, item=item))
    return recs


def stored_records(name, case):
    time, status, markers, directions, cov = case_inputs(case)
    ours = rocstats_score(case, time, status, markers, directions, cov)
    recs = compare_score(ours, case["score"], source="stored", case=name,
                         swapped=case.get("score_swapped"))
    if case.get("concordance"):
        recs += compare_concordance(case["concordance"], time, status, markers, directions,
                                    source="stored", case=name)
    return recs


# ------------------------------------------------------------------------ R live
def r_score(case, time, status, markers, directions, cov, *, swapped=False):
    from rocstats.r.survival import riskregression_auc

    risks = {m: (-x if directions[m] == ">" else x) for m, x in markers.items()}
    st = status
    cause = int(case["cause"])
    if swapped:
        st = np.where(status == 1, 2, np.where(status == 2, 1, 0))
        cause = 3 - cause
    return riskregression_auc(time, st, risks, case["times"], cause=cause, covariates=cov,
                              conservative=bool(case["conservative"]))


def r_concordance(specs, time, status, markers, directions):
    from rocstats.r.survival import survival_concordance

    out = []
    for spec in specs:
        for m, x in markers.items():
            risk = -x if directions[m] == ">" else x
            r = survival_concordance(time, status, risk, timewt=spec["timewt"],
                                     ymax=spec.get("ymax"))
            out.append(dict(marker=m, timewt=spec["timewt"], ymax=spec.get("ymax"),
                            concordance=r["concordance"], se=r["se"]))
    return out


def _identical(a, b, *, case, item):
    av = np.array([_num(v) for v in _as_list(a)])
    bv = np.array([_num(v) for v in _as_list(b)])
    same = av.shape == bv.shape and np.array_equal(av, bv, equal_nan=True)
    return compare(float(same), 1.0, "auc", tol=IDENTICAL, source="live_vs_stored", case=case,
                   item="%s (all %d values identical)" % (item, bv.size))


def live_vs_stored(name, case):
    time, status, markers, directions, cov = case_inputs(case)
    now = r_score(case, time, status, markers, directions, cov)
    recs = [_identical(now[k], case["score"][k], case=name, item="Score %s" % k)
            for k in ("auc", "se")]
    if "contrasts" in case["score"]:
        recs += [_identical(now["contrasts"][k], case["score"]["contrasts"][k], case=name,
                            item="Score contrasts %s" % k) for k in ("delta", "se", "p")]
    if case.get("concordance"):
        specs = [dict(timewt=r["timewt"], ymax=r.get("ymax")) for r in case["concordance"]]
        uniq = []
        for s in specs:
            if s not in uniq:
                uniq.append(s)
        now_c = r_concordance(uniq, time, status, markers, directions)
        recs.append(_identical([r["concordance"] for r in now_c],
                               [r["concordance"] for r in case["concordance"]], case=name,
                               item="concordance"))
        recs.append(_identical([r["se"] for r in now_c], [r["se"] for r in case["concordance"]],
                               case=name, item="concordance se"))
    return recs


def fresh_cases(seed=None):
    """Fresh random data drawn in Python (``seed``: ``$ROCSTATS_FRESH_SEED`` or
    20260201), laid out as the stored cases: ties in times and markers, competing risks,
    a Cox censoring model."""
    if seed is None:
        seed = int(os.environ.get("ROCSTATS_FRESH_SEED", "20260201"))
    rng = np.random.default_rng(seed)
    out = {}

    def base(n, rate_c, digits):
        x = rng.normal(size=n)
        ev = np.round(rng.exponential(1 / (0.1 * np.exp(0.8 * x))), digits) + 0.1
        ce = np.round(rng.exponential(1 / rate_c, size=n), digits) + 0.1
        return x, np.minimum(ev, ce), (ev <= ce).astype(np.int64)

    x, t, s = base(150, 0.05, 1)
    out["fresh_ties"] = dict(cause=1, conservative=False, weighting="km",
                             times=[2.0, 5.0, 9.0], directions={"a": "<", "b": ">"},
                             time=t, status=s, cov=None,
                             markers={"a": np.round(x, 1),
                                      "b": np.round(-x - rng.normal(size=x.size), 1)},
                             concordance=[dict(timewt="n", ymax=None),
                                          dict(timewt="n/G2", ymax=8.0)])
    x, t, s = base(400, 0.1, 0)
    out["fresh_integer_times"] = dict(cause=1, conservative=False, weighting="km",
                                      times=[1.0, 3.0, 6.0], directions={"a": "<", "b": "<"},
                                      time=t, status=s, cov=None,
                                      markers={"a": np.round(2 * x) / 2,
                                               "b": rng.normal(size=x.size)},
                                      concordance=[dict(timewt="n", ymax=None)])
    n = 300
    x = rng.normal(size=n)
    t1 = np.round(rng.exponential(1 / (0.08 * np.exp(0.7 * x))), 1) + 0.1
    t2 = np.round(rng.exponential(1 / 0.05, size=n), 1) + 0.1
    ce = np.round(rng.exponential(1 / 0.04, size=n), 1) + 0.1
    tt = np.minimum(np.minimum(t1, t2), ce)
    st = np.where(ce < np.minimum(t1, t2), 0, np.where(t1 <= t2, 1, 2))
    out["fresh_competing"] = dict(cause=1, conservative=False, weighting="km",
                                  times=[3.0, 6.0, 12.0], directions={"a": "<", "b": "<"},
                                  time=tt, status=st, cov=None,
                                  markers={"a": np.round(x, 1),
                                           "b": np.round(x + rng.normal(size=n), 1)})
    z = np.column_stack([rng.normal(size=n), rng.integers(0, 2, size=n)])
    x = rng.normal(size=n) + 0.5 * z[:, 0]
    ev = np.round(rng.exponential(1 / (0.08 * np.exp(0.7 * x))), 1) + 0.1
    ce = np.round(rng.exponential(1 / (0.05 * np.exp(0.8 * z[:, 1] - 0.5 * z[:, 0]))), 1) + 0.1
    out["fresh_cox"] = dict(cause=1, conservative=True, weighting="cox",
                            times=[3.0, 6.0, 10.0], directions={"a": "<", "b": "<"},
                            time=np.minimum(ev, ce), status=(ev <= ce).astype(np.int64),
                            cov=z, markers={"a": np.round(x, 1),
                                            "b": np.round(x + rng.normal(size=n), 1)})
    return out


def fresh_records(name, c):
    ref = r_score(c, c["time"], c["status"], c["markers"], c["directions"], c["cov"])
    ours = rocstats_score(c, c["time"], c["status"], c["markers"], c["directions"], c["cov"])
    recs = compare_score(ours, ref, source="live", case=name)
    if c.get("concordance"):
        rc = r_concordance(c["concordance"], c["time"], c["status"], c["markers"],
                           c["directions"])
        recs += compare_concordance(rc, c["time"], c["status"], c["markers"],
                                    c["directions"], source="live", case=name)
    return recs


def live_status():
    try:
        from rocstats.r.survival import survival_available

        return survival_available()
    except Exception as exc:  # pragma: no cover
        return False, "rocstats.r.survival not importable: %s" % exc


# --------------------------------------------------------------------- scikit-survival
def sksurv_status():
    try:
        import sksurv
        from sksurv.metrics import cumulative_dynamic_auc  # noqa: F401
    except Exception as exc:
        return False, "scikit-survival not importable: %s" % exc
    return True, "scikit-survival %s" % sksurv.__version__


def sksurv_comparable(case):
    """scikit-survival's estimand is riskRegression's when there is one cause, Kaplan-Meier
    weights, and no event time that is also a censoring time (it weights a case by
    ``1 / G(T_i)``, censorings at ``T_i`` included; riskRegression by ``1 / G(T_i-)``)."""
    status = np.asarray(case["data"]["status"])
    time = np.asarray(case["data"]["time"], dtype=float)
    if case["weighting"] != "km" or len(set(status.tolist()) - {0}) != 1:
        return False
    return not (set(time[status > 0].tolist()) & set(time[status == 0].tolist()))


def sksurv_records(name, case):
    """rocstats' AUC(t) against ``sksurv.metrics.cumulative_dynamic_auc`` (the data as
    both training and test set)."""
    from sksurv.metrics import cumulative_dynamic_auc
    from sksurv.util import Surv

    from rocstats.survival import time_roc

    time, status, markers, directions, _ = case_inputs(case)
    y = Surv.from_arrays(status > 0, time)
    times = np.asarray(case["times"], dtype=float)
    recs = []
    for m, x in markers.items():
        risk = -x if directions[m] == ">" else x
        ref, _ = cumulative_dynamic_auc(y, y, risk, times)
        ours = time_roc(time, status, x, times, direction=directions[m], se=False).auc
        for t, a, b in zip(times, ours, ref):
            recs.append(compare(a, b, "auc_sksurv", source="sksurv", case=name,
                                item="%s t=%g" % (m, t)))
    return recs


# ------------------------------------------------------------------------- the suite
def run(*, live=None, seed=None):
    stored = load_results()
    comps = []
    for name, case in stored["cases"].items():
        comps += stored_records(name, case)
    sk_ok, sk_why = sksurv_status()
    sk_cases = []
    if sk_ok:
        for name, case in stored["cases"].items():
            if sksurv_comparable(case):
                sk_cases.append(name)
                comps += sksurv_records(name, case)
    live_info = {"ran": False}
    if live is not False:
        ok, why = live_status()
        if not ok and live:
            raise RuntimeError("live riskRegression comparisons requested but unavailable: "
                               + why)
        if ok:
            live_info = {"ran": True, "r": why, "seed": seed}
            for name, case in stored["cases"].items():
                comps += live_vs_stored(name, case)
            for name, c in fresh_cases(seed).items():
                comps += fresh_records(name, c)
        else:
            live_info["reason"] = why
    meta = {"results_file": str(RESULTS_FILE),
            "riskregression_version": stored["riskregression_version"],
            "survival_version": stored["survival_version"],
            "r_version": stored["r_version"], "generated": stored["generated"],
            "cases": len(stored["cases"]), "live": live_info,
            "sksurv": {"ran": sk_ok, "why": sk_why, "cases": sk_cases},
            "tolerances": {k: {"rtol": t.rtol, "atol": t.atol, "why": t.why}
                           for k, t in TOLERANCES.items()}}
    return {"metadata": meta, "comparisons": comps}
