"""The pROC power suite: ``rocstats.power_roc_test`` / ``power_roc_test_paired`` against
pROC 1.18's ``power.roc.test``, every solve mode of its four forms.

Sources of comparisons (as in :mod:`rocstats_validation.proc_parity`):

``stored``
    rocstats against the pROC numbers in ``validation/results/proc_power.json`` (written
    by ``validation/r/proc_power_cases.R``; DO NOT EDIT), no R needed.
``live``
    rocstats against pROC run now through :mod:`rocstats.r` on the stored cases and on
    fresh random designs and pilot data drawn here (:func:`fresh_cases`).
``live_vs_stored``
    pROC now against the stored pROC numbers: the same R code on the same doubles must
    give the same bits.

The forms (keys of the stored file) and the rocstats call each is compared with:

``numeric``          ``power_roc_test(auc=, ncases=, ncontrols=, kappa=, ...)``
``roc``              ``power_roc_test(y_true=, y_score=, ...)`` (pilot data)
``paired``           ``power_roc_test_paired(y, a, b, method=, null_variance="first")``
``list``             ``rocstats.compare._power.binormal_power(..., null_variance="first")``
``list_from_pilot``  ``power_roc_test_paired(y, a, b, kappa= / ncases=, ...,
                     null_variance="first")`` against pROC's list form fed with pROC's
                     binormal fit of the pilot data (pROC's roc form keeps the pilot's
                     kappa in the variances; rocstats, like pROC's list form, takes them
                     at the study's kappa).

pROC's choice of null variance (``null_variance="first"``) is what is compared: rocstats'
default (``"alternative"``, V0 = VA) deviates on purpose (pROC issue #122; see
:mod:`rocstats_validation.power_mc`).  pROC solves the AUC with R's ``uniroot`` at its
default tolerance (1.2e-4): rocstats retraces those iterations with
``tol=PROC_UNIROOT_TOL`` (quantity ``auc``), and its default, exact root is compared
with pROC's within that tolerance (quantity ``auc_exact_root``).
"""
import functools
import json
import math

import numpy as np

import rocstats
from rocstats.compare._power import PROC_UNIROOT_TOL, binormal_power

from . import proc_parity
from .paths import RESULTS_DIR

SUITE = "proc_power"
RESULTS_FILE = RESULTS_DIR / "proc_power.json"
DEFAULT_SEED = 20260413

_CLOSED = ("closed forms of eq. 2 (sqrt, normal quantiles and tails): R and SciPy agree "
           "to ~1e-15 relative")
T = proc_parity.Tolerance
TOLERANCES = {
    "power": T(1e-9, 0.0, "Phi(z_beta): " + _CLOSED),
    "ncases": T(1e-9, 0.0, "(z_a sqrt(V0) + z_b sqrt(VA))^2 / delta^2: " + _CLOSED),
    "ncontrols": T(1e-9, 0.0, "kappa ncases"),
    "sig_level": T(1e-9, 1e-15, "tail(z_alpha) (x 2 two-sided); pROC's 1 - pnorm(z) carries "
                   "an absolute error of ~1e-16, hence atol 1e-15"),
    "auc": T(1e-9, 0.0, "the given / empirical AUC, or the root retraced with "
             "tol=PROC_UNIROOT_TOL: Brent's iterations as R's uniroot, identical up to "
             "ulps of qnorm"),
    "auc_exact_root": T(0.0, PROC_UNIROOT_TOL, "rocstats' default root is exact; pROC's "
                        "uniroot stops within its tolerance .Machine$double.eps^0.25"),
    "auc_a": T(1e-10, 0.0, "empirical AUC"),
    "auc_b": T(1e-10, 0.0, "empirical AUC"),
    "var_a": T(1e-9, 0.0, "per-case variance (eq. 4 on the binormal fit, or DeLong)"),
    "var_b": T(1e-9, 0.0, "per-case variance (eq. 4 on the binormal fit, or DeLong)"),
    "cov_ab": T(1e-9, 0.0, "per-case covariance (eq. 5, or DeLong), relative to "
                "sqrt(var_a var_b)"),
    "A_a": T(1e-9, 0.0, "least squares (rocstats: centred normal equations; R: QR)"),
    "B_a": T(1e-9, 0.0, "least squares (rocstats: centred normal equations; R: QR)"),
    "A_b": T(1e-9, 0.0, "least squares (rocstats: centred normal equations; R: QR)"),
    "B_b": T(1e-9, 0.0, "least squares (rocstats: centred normal equations; R: QR)"),
    "r_cases": T(1e-10, 0.0, "Pearson correlation"),
    "r_controls": T(1e-10, 0.0, "Pearson correlation"),
}
_DESIGN = ("ncases", "ncontrols", "sig_level", "power")
_PAIRED_EXTRA = ("auc_a", "auc_b", "var_a", "var_b", "cov_ab", "r_cases", "r_controls")
_FITS = ("A_a", "B_a", "A_b", "B_b")


def compare(value, reference, quantity, *, scale=0.0, tol=None, **labels):
    rec = proc_parity.compare(value, reference, quantity,
                              tol=TOLERANCES[quantity] if tol is None else tol,
                              scale=scale, **labels)
    rec["suite"] = SUITE
    return rec


@functools.lru_cache(maxsize=None)
def load_power_results(path=RESULTS_FILE):
    """The stored pROC results (``validation/results/proc_power.json``) as a dict."""
    with open(path) as fh:
        return json.load(fh)


def pilot(name, doc=None):
    """``(y, {score: array}, control, case)`` of a stored pilot data set."""
    d = (doc or load_power_results())["data"][name]
    return (np.asarray(d["y"]), {k: np.asarray(v, dtype=np.float64)
                                 for k, v in d["scores"].items()}, d["control"], d["case"])


# --------------------------------------------------------------------------- rocstats
def rocstats_numeric(args, *, tol=PROC_UNIROOT_TOL):
    r = rocstats.power_roc_test(auc=args["auc"], ncases=args["ncases"],
                                ncontrols=args["ncontrols"], kappa=args["kappa"],
                                sig_level=args["sig_level"], power=args["power"],
                                alternative=args["alternative"], tol=tol)
    return {"auc": r.auc, "ncases": r.ncases, "ncontrols": r.ncontrols,
            "sig_level": r.sig_level, "power": r.power}


def rocstats_roc(y, score, case, args):
    r = rocstats.power_roc_test(y_true=y, y_score=score, pos_label=case,
                                sig_level=args["sig_level"], power=args["power"],
                                kappa=args["kappa"], alternative=args["alternative"])
    return {"auc": r.auc, "ncases": r.ncases, "ncontrols": r.ncontrols,
            "sig_level": r.sig_level, "power": r.power}


def rocstats_paired(y, a, b, case, args, **extra):
    r = rocstats.power_roc_test_paired(y, a, b, pos_label=case, sig_level=args["sig_level"],
                                       power=args["power"], alternative=args["alternative"],
                                       method=args.get("method", "obuchowski"),
                                       null_variance="first", **extra)
    out = {"auc_a": r.auc_a, "auc_b": r.auc_b, "ncases": r.ncases, "ncontrols": r.ncontrols,
           "sig_level": r.sig_level, "power": r.power, "var_a": r.var_a, "var_b": r.var_b,
           "cov_ab": r.cov_ab, "r_cases": r.r_cases, "r_controls": r.r_controls}
    if r.binormal_a is not None:
        out.update(A_a=r.binormal_a[0], B_a=r.binormal_a[1], A_b=r.binormal_b[0],
                   B_b=r.binormal_b[1])
    return out


def rocstats_list(params, args):
    p = params
    return binormal_power(p["A1"], p["B1"], p["A2"], p["B2"], p["rn"], p["ra"], p["delta"],
                          ncases=args["ncases"], ncontrols=args["ncontrols"],
                          kappa=args["kappa"], sig_level=args["sig_level"],
                          power=args["power"], alternative=args["alternative"],
                          null_variance="first")


def rocstats_list_from_pilot(y, a, b, case, args):
    r = rocstats.power_roc_test_paired(y, a, b, pos_label=case, ncases=args["ncases"],
                                       ncontrols=args["ncontrols"], kappa=args["kappa"],
                                       sig_level=args["sig_level"], power=args["power"],
                                       alternative=args["alternative"], method="obuchowski",
                                       null_variance="first")
    return {"ncases": r.ncases, "ncontrols": r.ncontrols, "sig_level": r.sig_level,
            "power": r.power}


# --------------------------------------------------------------------------- diffs
def _diff(ours, ref, keys, **labels):
    recs = []
    for q in keys:
        if q not in ref:
            continue
        scale = 0.0
        if q == "cov_ab":
            scale = math.sqrt(abs(ref["var_a"] * ref["var_b"]))
        recs.append(compare(ours[q], ref[q], q, scale=scale, **labels))
    return recs


def _guard(fun, labels, keys):
    """Run ``fun``; if rocstats raises, one failing record per quantity."""
    try:
        return fun(), None
    except Exception as exc:  # a raise where pROC gives a number is a failure
        err = "%s: %s" % (type(exc).__name__, exc)
        return None, [proc_parity.compare(float("nan"), 0.0, q, tol=TOLERANCES[q], error=err,
                                          **labels) | {"suite": SUITE} for q in keys]


def case_comparisons(form, case, ref, source, doc=None):
    """rocstats against one pROC result ``ref`` of a stored-layout ``case`` of ``form``."""
    doc = doc or load_power_results()
    labels = {"source": source, "case": case["name"], "item": form}
    if form == "numeric":
        keys = ("auc",) + _DESIGN
        ours, bad = _guard(lambda: rocstats_numeric(case["args"]), labels, keys)
        if bad:
            return bad
        recs = _diff(ours, ref, keys, **labels)
        if case["args"]["auc"] is None:        # the exact root, within uniroot's tolerance
            exact = rocstats_numeric(case["args"], tol=None)["auc"]
            recs.append(compare(exact, ref["auc"], "auc_exact_root", **labels))
        return recs
    if form == "roc":
        y, scores, _, pos = _pilot_for(case, doc)
        keys = ("auc",) + _DESIGN
        ours, bad = _guard(lambda: rocstats_roc(y, scores[case["score"]], pos, case["args"]),
                           labels, keys)
        return bad or _diff(ours, ref, keys, **labels)
    if form == "paired":
        y, scores, _, pos = _pilot_for(case, doc)
        keys = _DESIGN + _PAIRED_EXTRA + (_FITS if case["args"]["method"] == "obuchowski"
                                          else ())
        ours, bad = _guard(lambda: rocstats_paired(y, scores[case["a"]], scores[case["b"]],
                                                   pos, case["args"]), labels, keys)
        return bad or _diff(ours, ref, keys, **labels)
    if form == "list":
        ours, bad = _guard(lambda: rocstats_list(case["params"], case["args"]), labels,
                           _DESIGN)
        return bad or _diff(ours, ref, _DESIGN, **labels)
    if form == "list_from_pilot":
        y, scores, _, pos = _pilot_for(case, doc)
        ours, bad = _guard(lambda: rocstats_list_from_pilot(
            y, scores[case["a"]], scores[case["b"]], pos, case["args"]), labels, _DESIGN)
        return bad or _diff(ours, ref, _DESIGN, **labels)
    raise ValueError("unknown form %r" % form)


def _pilot_for(case, doc):
    if "pilot" in case:                       # a fresh case carries its data
        return case["pilot"]
    return pilot(case["data"], doc)


FORMS = ("numeric", "roc", "paired", "list", "list_from_pilot")


def stored_comparisons(doc=None):
    doc = doc or load_power_results()
    recs = []
    for form in FORMS:
        for case in doc[form]:
            recs += case_comparisons(form, case, case["result"], "stored", doc)
    return recs


# --------------------------------------------------------------------------- live
def proc_now(form, case, doc=None):
    """pROC run now (through rocstats.r) on a stored-layout case."""
    from rocstats import r as rb

    doc = doc or load_power_results()
    a = case["args"]
    if form == "numeric":
        return rb.proc_power_numeric(auc=a["auc"], ncases=a["ncases"], ncontrols=a["ncontrols"],
                                     kappa=1.0 if a["kappa"] is None else a["kappa"],
                                     sig_level=a["sig_level"], power=a["power"],
                                     alternative=a["alternative"])
    if form == "list":
        p = case["params"]
        return rb.proc_power_list(p["A1"], p["B1"], p["A2"], p["B2"], p["rn"], p["ra"],
                                  p["delta"], ncases=a["ncases"], ncontrols=a["ncontrols"],
                                  kappa=a["kappa"], sig_level=a["sig_level"], power=a["power"],
                                  alternative=a["alternative"])
    y, scores, control, pos = _pilot_for(case, doc)
    if form == "roc":
        return rb.proc_power_roc(y, scores[case["score"]], control=control, case=pos,
                                 sig_level=a["sig_level"], power=a["power"], kappa=a["kappa"],
                                 alternative=a["alternative"])
    if form == "paired":
        return rb.proc_power_paired(y, scores[case["a"]], scores[case["b"]], control=control,
                                    case=pos, sig_level=a["sig_level"], power=a["power"],
                                    alternative=a["alternative"], method=a["method"])
    if form == "list_from_pilot":
        # the list form fed with pROC's own fits: the stored parameters are pROC's, so
        # rerun the list form on them (their recomputation is checked in "paired")
        p = case["params"]
        return rb.proc_power_list(p["A1"], p["B1"], p["A2"], p["B2"], p["rn"], p["ra"],
                                  p["delta"], ncases=a["ncases"], ncontrols=a["ncontrols"],
                                  kappa=a["kappa"], sig_level=a["sig_level"], power=a["power"],
                                  alternative=a["alternative"])
    raise ValueError("unknown form %r" % form)


def _pilot_data(rng, m, n, rho, shift_a, shift_b, scale_b, decimals):
    y = rng.permutation(np.r_[np.ones(m, np.int64), np.zeros(n, np.int64)])
    z1 = rng.standard_normal(y.size)
    z2 = rho * z1 + math.sqrt(1 - rho * rho) * rng.standard_normal(y.size)
    a = np.round(z1 + shift_a * y, decimals)
    b = np.round(z2 * np.where(y == 1, scale_b, 1.0) + shift_b * y, decimals)
    return y, {"a": a, "b": b}, 0, 1


def _solvable(fun, *args):
    """Whether rocstats finds a solution (it raises ValueError for impossible targets,
    e.g. a significance level above 1, which pROC returns as a number)."""
    try:
        fun(*args)
        return True
    except ValueError:
        return False


def fresh_cases(seed=None):
    """Random designs and pilot data sets in the stored layout (``{form: [case, ...]}``),
    drawn from ``seed`` (``$ROCSTATS_FRESH_SEED`` or :data:`DEFAULT_SEED`); only designs
    with a solution (rocstats does not raise) are kept."""
    import os

    if seed is None:
        seed = int(os.environ.get("ROCSTATS_FRESH_SEED", DEFAULT_SEED))
    rng = np.random.default_rng(seed)
    out = {f: [] for f in FORMS}
    modes = ("power", "ncases", "sig_level", "auc")
    while len(out["numeric"]) < 12:
        i = len(out["numeric"])
        mode = modes[i % 4]
        alt = ("two-sided", "one-sided")[(i // 4) % 2]
        kappa = float(rng.choice([0.5, 1.0, 1.5, 3.0]))
        nc = int(rng.integers(15, 150))
        args = {"auc": round(float(rng.uniform(0.56, 0.95)), 3), "ncases": nc,
                "ncontrols": nc * kappa, "kappa": None,
                "sig_level": float(rng.choice([0.01, 0.05, 0.1])),
                "power": round(float(rng.uniform(0.6, 0.97)), 2), "alternative": alt}
        if mode == "power":
            args["power"] = None
        elif mode == "ncases":
            args.update(ncases=None, ncontrols=None, kappa=kappa)
        elif mode == "sig_level":
            args["sig_level"] = None
        else:
            args["auc"] = None
        try:
            rocstats_numeric(args)
        except ValueError:
            continue
        out["numeric"].append({"name": "fresh_numeric_%d_%s" % (i, mode), "args": args})
    for k in range(3):
        m, n = int(rng.integers(25, 90)), int(rng.integers(25, 120))
        data = _pilot_data(rng, m, n, float(rng.uniform(0.2, 0.7)),
                           float(rng.uniform(0.6, 1.6)), float(rng.uniform(0.3, 1.2)),
                           float(rng.uniform(0.7, 1.5)), int(rng.integers(0, 2)))
        for alt in ("two-sided", "one-sided"):
            for sc, pw, label in ((0.05, None, "power"), (0.05, 0.85, "ncases"),
                                  (None, 0.9, "sig_level")):
                args = {"sig_level": sc, "power": pw, "kappa": None, "alternative": alt}
                y, scores, _, pos = data
                if _solvable(rocstats_roc, y, scores["a"], pos, args):
                    out["roc"].append({"name": "fresh_roc_%d_%s_%s" % (k, label, alt),
                                       "pilot": data, "score": "a", "args": args})
                for method in ("obuchowski", "delong"):
                    margs = dict(args, method=method)
                    if _solvable(rocstats_paired, y, scores["a"], scores["b"], pos, margs):
                        out["paired"].append({
                            "name": "fresh_paired_%d_%s_%s_%s" % (k, label, alt, method),
                            "pilot": data, "a": "a", "b": "b", "args": margs})
    from scipy.special import ndtr

    for i in range(6):
        a1, a2 = rng.uniform(0.5, 2.2, 2)
        b1, b2 = rng.uniform(0.5, 1.6, 2)
        p = {"A1": float(a1), "B1": float(b1), "A2": float(a2), "B2": float(b2),
             "rn": float(rng.uniform(0.1, 0.8)), "ra": float(rng.uniform(0.1, 0.8))}
        p["delta"] = float(ndtr(a1 / math.sqrt(1 + b1 * b1)) - ndtr(a2 / math.sqrt(1 + b2 * b2)))
        mode = ("ncases", "power", "sig_level")[i % 3]
        args = {"ncases": None, "ncontrols": None, "kappa": float(rng.choice([0.5, 1.0, 2.0])),
                "sig_level": 0.05, "power": 0.8,
                "alternative": ("two-sided", "one-sided")[i % 2]}
        if mode != "ncases":
            args.update(ncases=float(rng.integers(40, 300)), kappa=None)
            args["ncontrols"] = args["ncases"] * float(rng.choice([0.5, 1.0, 2.0]))
            args["power" if mode == "power" else "sig_level"] = None
        try:
            rocstats_list(p, args)
        except ValueError:
            continue
        out["list"].append({"name": "fresh_list_%d_%s" % (i, mode), "params": p, "args": args})
    return out


def live_comparisons(doc=None, seed=None):
    doc = doc or load_power_results()
    recs = []
    for form in FORMS:
        for case in doc[form]:
            now = proc_now(form, case, doc)
            labels = {"source": "live_vs_stored", "case": case["name"], "item": form}
            for q, v in case["result"].items():
                recs.append(compare(now[q], v, q, tol=proc_parity.IDENTICAL, **labels))
            recs += case_comparisons(form, case, now, "live", doc)
    for form, cases in fresh_cases(seed).items():
        for case in cases:
            recs += case_comparisons(form, case, proc_now(form, case, doc), "live", doc)
    return recs


def run(*, live=None, seed=None):
    from rocstats.r import r_available

    doc = load_power_results()
    recs = stored_comparisons(doc)
    ok, why = r_available() if live is not False else (False, "--no-live")
    if live and not ok:
        raise RuntimeError("live comparisons requested but R is unavailable: %s" % why)
    if ok:
        recs += live_comparisons(doc, seed)
    counts = {f: len(doc[f]) for f in FORMS}
    return {"metadata": {"stored_file": str(RESULTS_FILE), "generator": doc["generator"],
                         "proc_version": doc["proc_version"], "r_version": doc["r_version"],
                         "stored_cases": counts,
                         "tolerances": {q: {"rtol": t.rtol, "atol": t.atol, "why": t.why}
                                        for q, t in TOLERANCES.items()},
                         "live": {"ran": bool(ok), "reason": why}},
            "comparisons": recs}


def outcome(records):
    failed = [r for r in records if not r["passed"]]
    return failed, [], []
