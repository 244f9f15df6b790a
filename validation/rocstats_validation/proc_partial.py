"""The pROC partial-AUC and smoothing suite: rocstats against pROC 1.18.

``python -m rocstats_validation.run --suite proc_partial``.  Quantities, per score:

* ``auc`` and ``partial_auc``: :func:`rocstats.auc` with ``partial=(lo, hi)`` for the
  three ranges of ``validation/results/proc_partial.json`` ((0.8, 1), (0.6, 0.9),
  (0.25, 0.55)), both focuses, McClish-corrected and not, against
  ``auc(r, partial.auc = c(hi, lo), partial.auc.focus, partial.auc.correct)``; NaN where
  pROC gives NA (a corrected value below the diagonal), with a warning on both sides;
* ``smooth_*``: :func:`rocstats.smooth_roc` (binormal and density, n = 512 and, for one
  case, 100 and 1000) against ``smooth(r, method, n)``: the AUC, the partial AUCs of the
  smoothed curve (``SmoothROCCurve.auc_partial``), the binormal coefficients, the density
  bandwidth, and the two curves (``smooth_specificities`` / ``smooth_sensitivities``:
  one record per curve holding its worst point, so a curve passes when every point
  does).

Sources as in :mod:`rocstats_validation.proc_parity`: ``stored`` (the stored pROC numbers),
``live`` (pROC run now through :mod:`rocstats.r` on the stored data and on fresh random
data drawn here), ``live_vs_stored`` (pROC now vs the stored numbers: identical).
"""
import math
import os
import warnings

import numpy as np

import rocstats

from .paths import RESULTS_DIR
from .proc_parity import Tolerance, case_arrays
from .proc_parity import describe, suite_compare  # noqa: F401 (describe re-exported)
from .proc_parity import load_results as load_proc_results

SUITE = "proc_partial"
RESULTS_FILE = RESULTS_DIR / "proc_partial.json"
FOCUSES = ("specificity", "sensitivity")

_TRAPEZOIDS = ("the same trapezoids over the same points (pROC's auc.roc); pROC sums in R's "
               "order with long doubles, rocstats NumPy's pairwise sum: a few ulps apart")
_FFT = ("density(): R's and NumPy's FFTs round differently, ~1e-15 of the largest density "
        "(seen: <= 7e-16 absolute on the curves); rtol 1e-10 with an absolute floor of "
        "1e-14 for the tiny tail values whose relative error that noise dominates")
TOLERANCES = {
    "auc": Tolerance(1e-10, 0.0, "U / (m n) vs pROC's trapezoids"),
    "partial_auc": Tolerance(1e-10, 0.0, "partial AUC: " + _TRAPEZOIDS),
    "smooth_auc": Tolerance(1e-10, 0.0, "binormal pnorm(a / sqrt(1 + b^2)) (least squares in "
                            "closed form vs lm's QR) or the density curve's trapezoids"),
    "smooth_partial_auc": Tolerance(1e-10, 0.0, "partial AUC of the smoothed curve: "
                                    + _TRAPEZOIDS),
    "smooth_specificities": Tolerance(1e-10, 1e-14, "binormal: pnorm/qnorm of R and SciPy "
                                      "(~1e-16); " + _FFT),
    "smooth_sensitivities": Tolerance(1e-10, 1e-14, "binormal: pnorm/qnorm of R and SciPy "
                                      "(~1e-16); " + _FFT),
    "binormal_a": Tolerance(1e-10, 0.0, "intercept of qnorm(sp) ~ qnorm(se)"),
    "binormal_b": Tolerance(1e-10, 0.0, "slope of qnorm(sp) ~ qnorm(se)"),
    "bw": Tolerance(1e-10, 0.0, "bw.nrd0 of the pooled scores (sd, type-7 IQR)"),
}
IDENTICAL = Tolerance(0.0, 0.0, "same R code, same doubles: results must be bit-for-bit equal")


compare = suite_compare(SUITE, TOLERANCES)


def _num(x):
    return float("nan") if x is None else float(x)


def _flag(x):
    """A logical from R (the bridge may hand over a one-element list)."""
    if isinstance(x, (list, tuple)):
        x = x[0]
    return bool(x)


# --------------------------------------------------------------------------- data
def load_results(path=RESULTS_FILE):
    """The stored pROC results (``validation/results/proc_partial.json``) as a dict."""
    import json

    with open(path) as fh:
        return json.load(fh)


def _fingerprint_ok(values, fp):
    """Check data read from the one stored copy against the generator's fingerprint."""
    if len(values) != fp["n"]:
        return False
    if "levels" in fp:
        arr = np.asarray(values).astype(str)
        sums = [int(np.flatnonzero(arr == lev).sum() + np.count_nonzero(arr == lev))
                for lev in fp["levels"]]
        return sorted(set(arr)) == fp["levels"] and sums == [int(s) for s in fp["index_sums"]]
    x = np.asarray(values, dtype=float)
    idx = np.arange(1, x.size + 1)
    return all(math.isclose(a, b, rel_tol=1e-12, abs_tol=1e-12) for a, b in
               ((x.sum(), fp["sum"]), ((x * x).sum(), fp["sum_sq"]),
                ((x * idx).sum(), fp["sum_index"])))


def case_data(case):
    """``(y, {score: array})`` of a stored case; data kept elsewhere are read from there
    (aSAH: ``proc_results.py``) and checked against the stored fingerprints."""
    data = case["data"]
    if "source" not in data:
        return np.asarray(data["y"]), {k: np.asarray(v, dtype=np.float64)
                                       for k, v in data["scores"].items()}
    if "PAIRED_CASES['asah']" not in data["source"]:
        raise ValueError("unknown data source %r" % data["source"])
    y, scores = case_arrays(load_proc_results().PAIRED_CASES["asah"])
    fp = data["fingerprint"]
    if not _fingerprint_ok(y, fp["y"]) or any(not _fingerprint_ok(scores[k], fp[k])
                                              for k in fp if k != "y"):
        raise ValueError("the aSAH data in proc_results.py do not match the fingerprints "
                         "stored in proc_partial.json")
    return y, {k: scores[k] for k in fp if k != "y"}


def fresh_cases(seed=None):
    """Fresh random cases drawn in Python (``seed``: ``$ROCSTATS_FRESH_SEED`` or
    20250601): ties, imbalance, both directions; same layout as the stored cases."""
    if seed is None:
        seed = int(os.environ.get("ROCSTATS_FRESH_SEED", "20250601"))
    rng = np.random.default_rng(seed)
    out = {}
    y = (rng.random(80) < 0.45).astype(np.int64)
    out["fresh_ties"] = dict(y=y, scores={"a": np.round(rng.normal(0.9 * y), 1)},
                             control=0, case=1, direction="<")
    y = rng.permutation(np.r_[np.ones(11, np.int64), np.zeros(250, np.int64)])
    out["fresh_imbalanced_reversed"] = dict(
        y=y, scores={"a": rng.normal(-1.0 * y, 1 + 0.4 * y)}, control=0, case=1,
        direction=">")
    y = rng.permutation(np.r_[np.ones(40, np.int64), np.zeros(40, np.int64)])
    out["fresh_grades"] = dict(y=y, scores={"a": np.clip(np.round(rng.normal(2 + y)), 0, 4)},
                               control=0, case=1, direction="<")
    return out


# ------------------------------------------------------------------- rocstats side
def _quiet(fun, *args, **kwargs):
    """Call ``fun``; return ``(value, warned)`` with rocstats' warnings caught."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        value = fun(*args, **kwargs)
    return value, any(issubclass(w.category, rocstats.UndefinedAUCWarning) for w in caught)


def rocstats_results(y, score, *, control, case, direction, smoothings, ranges):
    """rocstats' numbers laid out as pROC's (``partial`` and ``smooth`` entries)."""
    opts = dict(pos_label=case, direction=direction)
    partial = {"auc": rocstats.auc(y, score, **opts), "partial": []}
    for lo, hi in ranges:
        for focus in FOCUSES:
            for correct in (False, True):
                value, warned = _quiet(rocstats.auc, y, score, partial=(lo, hi), focus=focus,
                                       correct=correct, **opts)
                partial["partial"].append(dict(lo=lo, hi=hi, focus=focus, correct=correct,
                                               value=value, warned=warned))
    smooth = []
    for method, n in smoothings:
        s = rocstats.smooth_roc(y, score, method=method, n=n, **opts)
        rec = dict(method=method, n=n, auc=s.auc, specificities=s.specificities,
                   sensitivities=s.sensitivities, partial=[])
        if method == "binormal":
            rec["coefficients"] = s.coefficients
        else:
            rec["bw"] = s.bw
        for lo, hi in ranges:
            for focus in FOCUSES:
                for correct in (False, True):
                    value, warned = _quiet(s.auc_partial, (lo, hi), focus=focus,
                                           correct=correct)
                    rec["partial"].append(dict(lo=lo, hi=hi, focus=focus, correct=correct,
                                               value=value, warned=warned))
        smooth.append(rec)
    return {"partial": partial, "smooth": smooth}


def _curve_record(values, reference, quantity, **labels):
    """One record for a whole curve: its worst point (largest excess over tolerance)."""
    tol = TOLERANCES[quantity]
    v = np.asarray(values, dtype=float)
    r = np.array([_num(x) for x in reference])
    if v.shape != r.shape:
        rec = compare(float(v.size), float(r.size), quantity, error="curve of %d points vs "
                      "pROC's %d" % (v.size, r.size), **labels)
        return rec
    allowed = np.maximum(tol.atol, tol.rtol * np.abs(r))
    excess = np.abs(v - r) - allowed
    i = int(np.argmax(excess))
    labels["item"] = "%s[%d] (worst of %d points)" % (labels.get("item", ""), i, v.size)
    return compare(v[i], r[i], quantity, **labels)


def _partial_records(ours, ref, quantity, labels):
    recs = []
    for o, p in zip(ours, ref):
        if (o["lo"], o["hi"], o["focus"], o["correct"]) != (
                p["lo"], p["hi"], p["focus"], _flag(p["correct"])):
            raise ValueError("partial records out of order: %r vs %r" % (o, p))
        item = "%s %s (%g, %g)%s" % (labels["item"], o["focus"], o["lo"], o["hi"],
                                     " McClish" if o["correct"] else "")
        rec = compare(o["value"], _num(p["value"]), quantity, **dict(labels, item=item))
        if bool(p["warnings"]) != o["warned"]:
            rec["passed"] = False
            rec["note"] = "warning on one side only (pROC: %r)" % (p["warnings"],)
        recs.append(rec)
    return recs


def compare_results(ours, ref, *, source, case, score):
    """Records comparing rocstats' results (``rocstats_results``) with pROC's."""
    labels = dict(source=source, case=case)
    recs = [compare(ours["partial"]["auc"], ref["partial"]["auc"], "auc",
                    item="%s auc" % score, **labels)]
    recs += _partial_records(ours["partial"]["partial"], ref["partial"]["partial"],
                             "partial_auc", dict(labels, item="%s partial" % score))
    for o, p in zip(ours["smooth"], ref["smooth"]):
        what = "%s smooth %s n=%d" % (score, o["method"], int(_num(p["n"])))
        recs.append(compare(o["auc"], _num(p["auc"]), "smooth_auc", item=what + " auc",
                            **labels))
        for q in ("specificities", "sensitivities"):
            recs.append(_curve_record(o[q], p[q], "smooth_" + q, item="%s %s" % (what, q),
                                      **labels))
        if o["method"] == "binormal":
            for k, q in enumerate(("binormal_a", "binormal_b")):
                recs.append(compare(o["coefficients"][k], _num(p["coefficients"][k]), q,
                                    item=what + " " + q, **labels))
        else:
            recs.append(compare(o["bw"], _num(p["bw"]), "bw", item=what + " bw", **labels))
        recs += _partial_records(o["partial"], p["partial"], "smooth_partial_auc",
                                 dict(labels, item=what + " partial"))
    return recs


# ------------------------------------------------------------------------ pROC live
def proc_live(y, score, *, control, case, direction, smoothings, ranges):
    """pROC's results through the bridge, laid out as the stored ones."""
    from rocstats.r import proc_partial, proc_smooth

    out = {"partial": proc_partial(y, score, control=control, case=case,
                                   direction=direction, ranges=ranges), "smooth": []}
    for method, n in smoothings:
        rec = proc_smooth(y, score, control=control, case=case, direction=direction,
                          method=method, n=n, ranges=ranges)
        rec.update(method=method, n=n)
        out["smooth"].append(rec)
    return out


def _identical_records(live, stored, *, case, score):
    """pROC now vs pROC stored: every number bit-for-bit."""
    recs = []

    def walk(a, b, path):
        if isinstance(b, dict):
            for k in b:
                if k in ("warnings", "method", "focus"):
                    continue
                walk(a[k], b[k], path + [k])
        elif isinstance(b, list) and b and isinstance(b[0], dict):
            for i, (x, z) in enumerate(zip(a, b)):
                walk(x, z, path + [str(i)])
        elif isinstance(b, list):
            av = np.array([_num(v) for v in np.atleast_1d(a)])
            bv = np.array([_num(v) for v in b])
            same = av.shape == bv.shape and np.array_equal(av, bv, equal_nan=True)
            recs.append(compare(float(same), 1.0, "auc", tol=IDENTICAL,
                                source="live_vs_stored", case=case,
                                item="%s %s (all %d values identical)"
                                % (score, "/".join(path), bv.size)))
        elif isinstance(b, bool) or b is None or isinstance(b, (int, float)):
            if path[-1] == "correct":
                return
            recs.append(compare(_num(a), _num(b), "auc", tol=IDENTICAL,
                                source="live_vs_stored", case=case,
                                item="%s %s" % (score, "/".join(path))))

    walk(live, stored, [])
    return recs


# ------------------------------------------------------------------------- the suite
def _smoothings(results):
    return [(s["method"], int(_num(s["n"]))) for s in results["smooth"]]


def run(*, live=None, seed=None):
    """Stored comparisons always; live ones when R is available (``live=True``: required,
    ``False``: skipped)."""
    stored = load_results()
    ranges = list(zip(stored["ranges"]["lo"], stored["ranges"]["hi"]))
    comps = []
    for name, case in stored["cases"].items():
        y, scores = case_data(case)
        for s, ref in case["results"].items():
            ours = rocstats_results(y, scores[s], control=case["control"], case=case["case"],
                                    direction=case["direction"], smoothings=_smoothings(ref),
                                    ranges=ranges)
            comps += compare_results(ours, ref, source="stored", case=name, score=s)
    live_info = {"ran": False}
    if live is not False:
        from rocstats.r import r_available

        ok, why = r_available()
        if not ok and live:
            raise RuntimeError("live pROC comparisons requested but R is unavailable: " + why)
        if ok:
            live_info = {"ran": True, "r": why, "seed": seed}
            for name, case in stored["cases"].items():
                y, scores = case_data(case)
                for s, ref in case["results"].items():
                    opts = dict(control=case["control"], case=case["case"],
                                direction=case["direction"], smoothings=_smoothings(ref),
                                ranges=ranges)
                    now = proc_live(y, scores[s], **opts)
                    comps += _identical_records(now, ref, case=name, score=s)
            for name, case in fresh_cases(seed).items():
                opts = dict(control=case["control"], case=case["case"],
                            direction=case["direction"],
                            smoothings=[("binormal", 512), ("density", 512)], ranges=ranges)
                for s, score in case["scores"].items():
                    ref = proc_live(case["y"], score, **opts)
                    ours = rocstats_results(case["y"], score, **opts)
                    comps += compare_results(ours, ref, source="live", case=name, score=s)
        else:
            live_info["reason"] = why
    meta = {"results_file": str(RESULTS_FILE), "proc_version": stored["proc_version"],
            "r_version": stored["r_version"], "generated": stored["generated"],
            "ranges": ranges, "live": live_info,
            "tolerances": {k: {"rtol": t.rtol, "atol": t.atol, "why": t.why}
                           for k, t in TOLERANCES.items()}}
    return {"metadata": meta, "comparisons": comps}
