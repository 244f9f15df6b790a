"""Bit-identity snapshot of the metrics side: ``repr`` of every number a large set of
public calls returns, one line per number, written to a file.

Made for refactors that must not change a single bit (issue 22): run it before, keep the
file, run it after each step and ``diff`` the two.  Every call uses the spellings that
existed before the refactor (a renamed argument must keep a deprecated alias, whose
``DeprecationWarning`` / ``FutureWarning`` is left out of the record); every random
procedure has a fixed seed.

What is recorded, per call: each number reachable from the result (dataclass fields,
tuples, lists, dicts, NumPy arrays, pandas DataFrames and Series), keyed by its path of
field names (not by class names, which a refactor may change); arrays of more than 40
values as their length, first three values and the SHA-256 of their float64 bytes
(NaN and -0.0 included, so the digest is bit-exact); the categories of the warnings
raised (not their text); the type of an exception.  Strings are not recorded (titles and
printouts may change; their numbers may not).

Usage::

    python scripts/api_snapshot.py OUT.txt            # active kernels
    ROCSTATS_PURE_PYTHON=1 python scripts/api_snapshot.py OUT_numpy.txt
    diff BEFORE.txt AFTER.txt                          # nothing = bit-identical
"""
import dataclasses
import hashlib
import math
import sys
import warnings
from pathlib import Path

import numpy as np
import pandas as pd

import rocstats

REPO = Path(__file__).resolve().parents[1]
ASAH = REPO / "validation" / "results" / "data" / "asah.csv"
N_BOOT = 300
_IGNORED = (DeprecationWarning, FutureWarning, PendingDeprecationWarning)


# ----------------------------------------------------------------------------- record
def _num(v):
    if isinstance(v, (bool, np.bool_)):
        return repr(bool(v))
    if isinstance(v, (int, np.integer)):
        return repr(int(v))
    return repr(float(v))


def _array(a):
    a = np.asarray(a)
    if a.dtype == object:
        return None
    if a.dtype.kind not in "biuf":
        return None
    flat = a.astype(np.float64).ravel()
    if flat.size <= 40:
        return "shape=%s %s" % (a.shape, [_num(x) for x in a.ravel().tolist()])
    digest = hashlib.sha256(np.ascontiguousarray(flat).tobytes()).hexdigest()[:20]
    return "shape=%s first=%s sha=%s" % (a.shape, [_num(x) for x in flat[:3].tolist()], digest)


def walk(obj, path, out, depth=0):
    """Append ``path = repr`` lines for every number in ``obj``."""
    if depth > 6 or obj is None or isinstance(obj, (str, bytes)):
        return
    if isinstance(obj, (bool, np.bool_, int, float, np.integer, np.floating)):
        out.append("%s = %s" % (path, _num(obj)))
        return
    if isinstance(obj, np.ndarray):
        text = _array(obj)
        if text is not None:
            out.append("%s = %s" % (path, text))
        elif obj.dtype == object and obj.size <= 40:
            for i, v in enumerate(obj.ravel().tolist()):
                walk(v, "%s[%d]" % (path, i), out, depth + 1)
        return
    if isinstance(obj, pd.DataFrame):
        for c in obj.columns:
            walk(obj[c], "%s[%s]" % (path, c), out, depth + 1)
        return
    if isinstance(obj, pd.Series):
        text = _array(obj.to_numpy())
        if text is not None:
            out.append("%s = %s" % (path, text))
        return
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            walk(getattr(obj, f.name), "%s.%s" % (path, f.name), out, depth + 1)
        return
    if isinstance(obj, dict):
        for k in sorted(obj, key=str):
            walk(obj[k], "%s[%s]" % (path, k), out, depth + 1)
        return
    if isinstance(obj, (tuple, list)):
        arr = None
        try:
            arr = np.asarray(obj, dtype=np.float64) if all(
                isinstance(v, (int, float, np.integer, np.floating)) for v in obj) else None
        except (TypeError, ValueError):
            arr = None
        if arr is not None and len(obj) > 40:
            out.append("%s = %s" % (path, _array(arr)))
            return
        for i, v in enumerate(obj):
            walk(v, "%s[%d]" % (path, i), out, depth + 1)
        return
    # plain objects with a __dict__ (SmoothROCCurve, ...): their public attributes
    for k, v in sorted(vars(obj).items()) if hasattr(obj, "__dict__") else ():
        if not k.startswith("_"):
            walk(v, "%s.%s" % (path, k), out, depth + 1)


LINES = []


def record(name, fn, *args, follow=(), **kwargs):
    """Call ``fn(*args, **kwargs)``; record its numbers, its warnings' categories, or the
    exception type; then each ``follow`` (name, callable(result))."""
    out = []
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            res = fn(*args, **kwargs)
        except Exception as exc:  # noqa: BLE001 - the type is the record
            res = None
            out.append("raises %s" % type(exc).__name__)
    cats = sorted({w.category.__name__ for w in caught
                   if not issubclass(w.category, _IGNORED)})
    if cats:
        out.append("warns %s" % ",".join(cats))
    if res is not None:
        walk(res, "", out)
        for fname, f in follow:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                try:
                    walk(f(res), "." + fname, out)
                except Exception as exc:  # noqa: BLE001
                    out.append(".%s raises %s" % (fname, type(exc).__name__))
    LINES.append("## %s" % name)
    LINES.extend("  " + line for line in out)


# ----------------------------------------------------------------------------- data
def datasets():
    d = pd.read_csv(ASAH)
    y = pd.Categorical(d["outcome"], categories=["Good", "Poor"])
    rng = np.random.default_rng(2024)
    n = 240
    yc = (rng.random(n) < 0.4).astype(int)
    sc = rng.normal(size=n) + 0.9 * yc
    sc2 = 0.6 * sc + rng.normal(size=n) * 0.8 + 0.3 * yc
    st = np.round(sc * 2) / 2                       # heavy ties
    st2 = np.round(sc2 * 2) / 2
    wf = rng.integers(1, 4, size=n)                 # frequency weights
    ws = rng.uniform(0.2, 5.0, size=n)              # sampling weights
    ys = rng.integers(0, 2, size=37)
    ss = rng.normal(size=37) + ys
    yb = (rng.random(150) < 0.5).astype(int)
    sb = rng.normal(size=150) + 0.5 * yb
    return dict(asah=(y, d["s100b"].to_numpy(), d["ndka"].to_numpy(), d),
                cont=(yc, sc, sc2), tied=(yc, st, st2), wf=wf, ws=ws, small=(ys, ss),
                other=(yb, sb))


def main(path):
    D = datasets()
    y, s100b, ndka, df = D["asah"]
    yc, sc, sc2 = D["cont"]
    _, st, st2 = D["tied"]
    ys, ss = D["small"]
    yb, sb = D["other"]
    sets = {"asah": (y, s100b, ndka), "cont": (yc, sc, sc2), "tied": (yc, st, st2)}
    seed = 7
    for tag, (yy, a, b) in sets.items():
        for direction in ("<", ">"):
            k = "%s%s" % (tag, direction)
            A = np.column_stack([a, b])
            record(k + " auc", rocstats.auc, yy, a, direction=direction)
            for part in ((0.8, 1.0), (0.5, 0.9)):
                for focus in ("specificity", "sensitivity"):
                    for corr in (False, True):
                        record(k + " auc partial %s %s %s" % (part, focus, corr), rocstats.auc,
                               yy, a, direction=direction, partial=part, focus=focus,
                               correct=corr)
                        record(k + " delong partial %s %s %s" % (part, focus, corr),
                               rocstats.delong, yy, A, direction=direction, partial=part,
                               focus=focus, correct=corr,
                               follow=(("ci", lambda r: r.conf_int(0.9, method="logit")),))
            record(k + " roc_curve", rocstats.roc_curve, yy, a, direction=direction,
                   follow=(("pauc", lambda r: r.auc_partial((0.8, 1))),))
            record(k + " delong", rocstats.delong, yy, a, direction=direction,
                   follow=(("ci", lambda r: r.conf_int()), ("cil", lambda r: r.conf_int(
                       0.9, method="logit"))))
            record(k + " delong2", rocstats.delong, yy, A, direction=direction)
            record(k + " delong_test", rocstats.delong_test, yy, a, b, direction=direction,
                   follow=(("ci", lambda r: r.conf_int()),))
            for alt in ("greater", "less"):
                record(k + " delong_test " + alt, rocstats.delong_test, yy, a, b,
                       direction=direction, alternative=alt)
            record(k + " delong_test partial", rocstats.delong_test, yy, a, b,
                   direction=direction, partial=(0.8, 1))
            record(k + " joint", rocstats.delong_joint_test, yy,
                   np.column_stack([a, b, a + b]), direction=direction,
                   follow=(("table", lambda r: r.table()), ("pairwise", lambda r: r.pairwise())))
            record(k + " pairwise", rocstats.delong_pairwise, yy, np.column_stack([a, b, a * b]),
                   direction=direction)
            for meth in ("delong", "bootstrap", "venkatraman"):
                record(k + " roc_test " + meth, rocstats.roc_test, yy, a, b, method=meth,
                       n_boot=N_BOOT, random_state=seed, direction=direction,
                       follow=(("ci", lambda r: r.conf_int()),))
            record(k + " roc_test boot partial", rocstats.roc_test, yy, a, b,
                   method="bootstrap", partial=(0.8, 1), correct=True, n_boot=N_BOOT,
                   random_state=seed, direction=direction)
            record(k + " roc_test specificity", rocstats.roc_test, yy, a, b,
                   method="specificity", specificity=0.8, n_boot=N_BOOT, random_state=seed,
                   direction=direction)
            record(k + " roc_test sensitivity", rocstats.roc_test, yy, a, b,
                   method="sensitivity", sensitivity=0.7, n_boot=N_BOOT, random_state=seed,
                   direction=direction)
            record(k + " roc_test nonstrat", rocstats.roc_test, yy, a, b, method="bootstrap",
                   stratified=False, n_boot=N_BOOT, random_state=seed, direction=direction)
            half = len(a) // 2
            for meth in ("delong", "bootstrap", "venkatraman"):
                record(k + " unpaired " + meth, rocstats.roc_test_unpaired, yy[:half],
                       a[:half], yy[half:], b[half:], method=meth, n_boot=N_BOOT,
                       random_state=seed, direction=direction,
                       follow=(("ci", lambda r: r.conf_int()),))
            record(k + " delong_test_unpaired", rocstats.delong_test_unpaired, yy[:half],
                   a[:half], yy[half:], b[half:], direction=direction)
            for meth in ("delong", "bootstrap"):
                record(k + " auc_test " + meth, rocstats.auc_test, yy, a, method=meth,
                       null=0.6, n_boot=N_BOOT, random_state=seed, direction=direction)
            record(k + " auc_test partial", rocstats.auc_test, yy, a, partial=(0.8, 1),
                   direction=direction)
            for meth in ("youden", "closest_topleft"):
                record(k + " best_threshold " + meth, rocstats.best_threshold, yy, a,
                       method=meth, direction=direction)
            record(k + " coords all", rocstats.coords, yy, a, "all", ret="all",
                   direction=direction)
            record(k + " coords local", rocstats.coords, yy, a, "local maximas",
                   direction=direction)
            for bm in ("youden", "closest.topleft"):
                record(k + " coords best " + bm, rocstats.coords, yy, a, "best",
                       best_method=bm, best_weights=(2, 0.3), ret="all", direction=direction)
            record(k + " coords thr", rocstats.coords, yy, a, np.quantile(a, [0.1, 0.5, 0.9]),
                   ret="all", direction=direction)
            for inp in ("specificity", "sensitivity"):
                record(k + " coords " + inp, rocstats.coords, yy, a, [0.1, 0.3, 0.5, 0.9],
                       input=inp, ret=("specificity", "sensitivity", "ppv", "npv"),
                       direction=direction)
            for meth in ("binormal", "density"):
                record(k + " smooth " + meth, rocstats.smooth_roc, yy, a, method=meth,
                       direction=direction,
                       follow=(("pauc", lambda r: r.auc_partial((0.8, 1))
                                if hasattr(r, "auc_partial") else None),))
            for meth in ("delong", "bootstrap"):
                for itv in (("percentile",) if meth == "delong" else ("percentile", "bca")):
                    record(k + " ci_auc %s %s" % (meth, itv), rocstats.ci_auc, yy, a,
                           method=meth, interval=itv, n_boot=N_BOOT, random_state=seed,
                           direction=direction)
            record(k + " ci_auc partial boot", rocstats.ci_auc, yy, a, method="bootstrap",
                   partial=(0.8, 1), correct=True, n_boot=N_BOOT, random_state=seed,
                   direction=direction)
            record(k + " ci_auc partial delong", rocstats.ci_auc, yy, a, partial=(0.8, 1),
                   direction=direction)
            record(k + " ci_auc nonstrat", rocstats.ci_auc, yy, a, method="bootstrap",
                   stratified=False, n_boot=N_BOOT, random_state=seed, direction=direction)
            record(k + " ci_se", rocstats.ci_se, yy, a, [0.5, 0.8, 0.9], n_boot=N_BOOT,
                   random_state=seed, direction=direction)
            record(k + " ci_sp", rocstats.ci_sp, yy, a, [0.5, 0.8, 0.9], n_boot=N_BOOT,
                   random_state=seed, direction=direction, interval="bca")
            record(k + " ci_band", rocstats.ci_band, yy, a, n_boot=N_BOOT, random_state=seed,
                   direction=direction)
            record(k + " ci_thresholds", rocstats.ci_thresholds, yy, a, n_boot=N_BOOT,
                   random_state=seed, direction=direction)
            record(k + " ci_thresholds best", rocstats.ci_thresholds, yy, a, "best",
                   n_boot=N_BOOT, random_state=seed, direction=direction)
            record(k + " ci_coords best", rocstats.ci_coords, yy, a, "best",
                   ret=("threshold", "specificity", "sensitivity", "youden"),
                   best_policy="random", n_boot=N_BOOT, random_state=seed,
                   direction=direction)
            record(k + " ci_coords thr", rocstats.ci_coords, yy, a,
                   np.quantile(a, [0.2, 0.6]), ret=("specificity", "sensitivity", "ppv"),
                   n_boot=N_BOOT, random_state=seed, direction=direction)
            record(k + " ci_coords sp", rocstats.ci_coords, yy, a, [0.6, 0.9],
                   input="specificity", n_boot=N_BOOT, random_state=seed,
                   direction=direction)
            for meth in ("obuchowski", "delong"):
                for nv in ("alternative", "first"):
                    record(k + " power paired %s %s" % (meth, nv),
                           rocstats.power_roc_test_paired, yy, a, b, power=0.9, method=meth,
                           null_variance=nv, direction=direction)
                    record(k + " power paired n %s %s" % (meth, nv),
                           rocstats.power_roc_test_paired, yy, a, b, ncases=100,
                           ncontrols=150, method=meth, null_variance=nv, direction=direction)
            record(k + " diagnostic_accuracy", rocstats.diagnostic_accuracy, yy, a,
                   float(np.median(a)), direction=direction)
            record(k + " cutpoint", rocstats.cutpoint, yy, a, direction=direction,
                   n_boot=100, random_state=seed)
            record(k + " margin_auc", rocstats.margin_auc, yy, a, 0.1, direction=direction,
                   rescale="minmax")
            record(k + " sroc_curve", rocstats.sroc_curve, yy, a, direction=direction,
                   rescale="minmax")
            for var in ("paper", "delong"):
                record(k + " sauc " + var, rocstats.sauc, yy, a, direction=direction,
                       rescale="minmax", variance=var,
                       follow=(("ci", lambda r: r.conf_int()),))
            record(k + " sauc_test", rocstats.sauc_test, yy, a, b, direction=direction,
                   rescale="minmax")
            for meth in ("exact", "permutation", "chi2"):
                record(k + " gof " + meth, rocstats.roc_gof_test, yy, a, method=meth,
                       cells=4, n_resamples=499, random_state=seed)
            record(k + " gof rule", rocstats.roc_gof_rule, yy, np.column_stack([a, b]),
                   cells=4, direction=direction, random_state=seed)
    # weights
    wf, ws = D["wf"], D["ws"]
    for wt, w in (("frequency", wf), ("sampling", ws)):
        record("weights %s delong" % wt, rocstats.delong, yc, sc, sample_weight=w,
               weight_type=wt)
        record("weights %s delong2" % wt, rocstats.delong, yc, np.column_stack([sc, sc2]),
               sample_weight=w, weight_type=wt)
        record("weights %s tied" % wt, rocstats.delong, yc, np.column_stack([st, st2]),
               sample_weight=w, weight_type=wt)
        record("weights %s delong_test" % wt, rocstats.delong_test, yc, sc, sc2,
               sample_weight=w, weight_type=wt)
        record("weights %s joint" % wt, rocstats.delong_joint_test, yc,
               np.column_stack([sc, sc2, st]), sample_weight=w, weight_type=wt)
        record("weights %s roc_curve" % wt, rocstats.roc_curve, yc, st, sample_weight=w)
    # DataFrames of scores, names kept
    record("asah df delong", rocstats.delong, df["outcome"].map({"Good": 0, "Poor": 1}),
           df[["s100b", "ndka"]])
    record("asah df ci_auc", rocstats.ci_auc, df["outcome"].map({"Good": 0, "Poor": 1}),
           df[["s100b", "ndka"]])
    # labels: strings with pos_label, booleans
    record("asah strings", rocstats.auc, df["outcome"].to_numpy(), s100b, pos_label="Poor")
    record("bool labels", rocstats.delong, yb.astype(bool), sb)
    record("small", rocstats.delong, ys, ss)
    record("one class", rocstats.delong, np.ones(5), np.arange(5.0))
    # multiclass
    rng = np.random.default_rng(5)
    yk = rng.integers(0, 3, size=120)
    P1 = rng.dirichlet(np.ones(3), size=120) + np.eye(3)[yk] * 0.3
    P1 /= P1.sum(axis=1, keepdims=True)
    P2 = rng.dirichlet(np.ones(3), size=120) + np.eye(3)[yk] * 0.2
    P2 /= P2.sum(axis=1, keepdims=True)
    record("multiclass", rocstats.multiclass_auc, yk, P1, covariance=True,
           follow=(("ci", lambda r: r.conf_int()),))
    record("multiclass_test", rocstats.multiclass_auc_test, yk, P1, P2)
    # one-curve power
    record("power auc n", rocstats.power_roc_test, auc=0.8, ncases=40, ncontrols=60)
    record("power sample size", rocstats.power_roc_test, auc=0.75, power=0.9, kappa=1.5)
    record("power sig", rocstats.power_roc_test, auc=0.75, ncases=30, ncontrols=30, power=0.8,
           sig_level=None)
    record("power auc", rocstats.power_roc_test, ncases=30, ncontrols=30, power=0.8)
    # the README's aSAH session
    record("asah power paired default", rocstats.power_roc_test_paired, y, s100b, ndka,
           power=0.9, method="obuchowski")
    record("asah accuracy 0.205", rocstats.diagnostic_accuracy, y, s100b, 0.205)
    Path(path).write_text("\n".join(LINES) + "\n")
    print("%s: %d calls, %d lines, backend %s" % (path, sum(1 for x in LINES if x.startswith("##")),
                                                   len(LINES), rocstats.backend()))


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
