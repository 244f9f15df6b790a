"""The pROC parity suite: rocstats against pROC 1.18, quantity by quantity.

Three sources of comparisons:

``stored``
    rocstats on the data stored in ``validation/results/proc_results.py`` (a generated
    Python literal module, loaded by path: :func:`load_results`) against the pROC numbers
    stored with them (always available; no R needed).
``live``
    rocstats against pROC run now through :mod:`rocstats.r` (rpy2), on the stored data
    and on fresh random data sets drawn here in Python (:func:`fresh_cases`) and passed
    to R, so both sides see exactly the same doubles.  :func:`proc_case` and
    :func:`proc_unpaired_case` lay pROC's live results out as the stored ones.
``live_vs_stored``
    pROC now against pROC when the results were stored: same R code, same doubles, so
    the numbers must be identical; this guards the stored file and the bridge.

Every comparison is a flat record (see :func:`compare`) with one tolerance per quantity
(:data:`TOLERANCES`); ``rocstats_validation.run`` writes them to JSON and
``tests/test_proc_parity.py`` / ``tests/test_proc_live.py`` assert on the same tolerances.
"""
import functools
import importlib.util
import itertools
import math
from fractions import Fraction
import os
import warnings
from dataclasses import dataclass

import numpy as np

import rocstats

from .paths import RESULTS_DIR

SUITE = "proc_parity"
#: The stored pROC results: a Python literal module written by validation/r/proc_cases.R.
RESULTS_FILE = RESULTS_DIR / "proc_results.py"
ALTERNATIVES = ("two-sided", "greater", "less")
CONF_LEVEL = 0.95


@dataclass(frozen=True)
class Tolerance:
    """Pass when ``|value - reference| <= max(atol, rtol * max(|reference|, scale))``.

    ``scale`` (default 0) is the quantity's natural magnitude where the value itself can
    be near 0 by cancellation (see :data:`SCALES`).  Both NaN (the quantity is undefined
    on both sides) passes; one NaN fails.
    """

    rtol: float
    atol: float
    why: str


_EXACT_SUMS = ("rocstats sums exact 64-bit integer counts and pROC sums doubles in another "
               "order; they agree to a few ulps (worst seen ~1e-14 relative), so 1e-10 "
               "leaves a wide margin yet catches any real formula difference")

#: One tolerance per quantity, with the reason.  rtol 1e-10 and atol 0 everywhere: where
#: pROC's value is exactly 0 (variance of a perfect separation, z of identical curves)
#: rocstats must give exactly 0 too.  No tolerance is looser than 1e-10 relative to the
#: quantity's magnitude; see SCALES for the quantities that can cancel to ~0.
TOLERANCES = {
    "auc": Tolerance(1e-10, 0.0, "AUC = U/(mn): " + _EXACT_SUMS),
    "var": Tolerance(1e-10, 0.0, "DeLong variance S10/m + S01/n: " + _EXACT_SUMS),
    "cov": Tolerance(1e-10, 0.0, "DeLong covariance, relative to sqrt(var_a var_b): "
                     + _EXACT_SUMS),
    "ci_lower": Tolerance(1e-10, 0.0, "auc - z se clipped to [0, 1]; z from the normal quantile"),
    "ci_upper": Tolerance(1e-10, 0.0, "auc + z se clipped to [0, 1]; z from the normal quantile"),
    "auc_a": Tolerance(1e-10, 0.0, "AUC of the first curve reported by the test"),
    "auc_b": Tolerance(1e-10, 0.0, "AUC of the second curve reported by the test"),
    "statistic": Tolerance(1e-10, 0.0, "z or D = d / sigma, relative to max(|z|, 1): each "
                           "part within a few ulps"),
    "df": Tolerance(1e-10, 0.0, "Welch-type df of the unpaired test, a rational function "
                    "of the variances"),
    "p_value": Tolerance(1e-10, 0.0, "normal / Student t tail, purely relative: R (pnorm, "
                         "pt) and SciPy (ndtr, stdtr) are both accurate to ~1e-15 relative "
                         "down to tiny tails; the error is |z| dz, < 1e-13 at p = 1e-40"),
    "conf_lower": Tolerance(1e-10, 0.0, "d - q sigma (two-sided Wald, as pROC 1.18), "
                            "relative to |d| + q sigma"),
    "conf_upper": Tolerance(1e-10, 0.0, "d + q sigma (two-sided Wald, as pROC 1.18), "
                            "relative to |d| + q sigma"),
}
_BEST = {"threshold": Tolerance(0.0, 0.0, "pROC's midpoint (a + b) / 2 of the same two "
                                "doubles (a / 2 + b / 2 beyond 1e100): bit-identical"),
         "se": Tolerance(1e-10, 0.0, "TP / cases at the optimum: a ratio of exact counts"),
         "sp": Tolerance(1e-10, 0.0, "(controls - FP) / controls at the optimum"),
         "ties": Tolerance(0.0, 0.0, "number of operating points attaining the optimum: "
                           "exact (rocstats compares the criteria in integers)")}
for _method in ("youden", "topleft"):
    for _q, _t in _BEST.items():
        TOLERANCES["best_%s_%s" % (_method, _q)] = _t
#: Natural magnitudes for quantities that can cancel to ~0 (the tolerance is rtol times
#: the larger of |reference| and this scale).  Without them a pure relative test fails
#: on meaningless last-bit noise: pROC's d = theta_a - theta_b is a difference of two
#: floating sums, so where the AUCs are equal rocstats' exact d is 0 and pROC's may be
#: 1e-17 (z 1e-15); an interval bound d - q sigma near 0 and a covariance near 0 carry
#: the absolute rounding error of their terms (seen: 1e-12 relative at a bound of 2e-5).
SCALES = {
    "cov": "sqrt(var_a var_b) (Cauchy-Schwarz bound of |cov|)",
    "statistic": "1 (z and D are on the standard-normal / t scale)",
    "conf_lower": "|d| + q sigma = max(|lower|, |upper|)",
    "conf_upper": "|d| + q sigma = max(|lower|, |upper|)",
}
#: live vs stored pROC: the same R code on the same doubles is deterministic.
IDENTICAL = Tolerance(0.0, 0.0, "same R code, same doubles: results must be bit-for-bit equal")

#: Known rocstats bugs, (case, item) -> reason.  Their failing comparisons are reported
#: as known failures (they do not fail the runner); once such an item passes completely
#: the runner and the tests fail until the entry is removed (strict, like xfail).
KNOWN_ISSUES = {
    # Example of an entry (fixed since: delong_test / delong_test_unpaired divided Python
    # floats and raised ZeroDivisionError when sigma = 0; cases "perfect" (perfect_a vs
    # perfect_reversed), "both_perfect" and "perfect_vs_reversed" caught it):
    # ("perfect", "perfect_a vs perfect_reversed"): "delong_test: ZeroDivisionError ...",
}


def compare(value, reference, quantity, *, tol=None, scale=0.0, error=None, **labels):
    """One comparison record (a dict ready for JSON, NaN kept as float NaN).

    ``scale``: the quantity's natural magnitude (:data:`SCALES`); ``error``: the
    exception rocstats raised instead of giving a value (the record fails); ``labels``
    (source, case, item, alternative, ...) are copied into the record.  A record of a
    :data:`KNOWN_ISSUES` entry carries ``known_issue`` (the reason).
    """
    tol = TOLERANCES[quantity] if tol is None else tol
    value = float(value)
    reference = float(reference)
    scale = float(scale) if scale is not None and math.isfinite(scale) else 0.0
    if math.isnan(value) or math.isnan(reference):
        both = math.isnan(value) and math.isnan(reference)
        abs_diff = rel_diff = scaled_diff = 0.0 if both else float("nan")
        passed = both
        note = "both undefined (NaN)" if both else "undefined on one side only"
    elif value == reference:  # also the same infinity (z = d / 0 on both sides)
        abs_diff = rel_diff = scaled_diff = 0.0
        passed = True
        note = ""
    else:
        abs_diff = abs(value - reference)
        if reference != 0.0:
            rel_diff = abs_diff / abs(reference)
        else:
            rel_diff = 0.0 if abs_diff == 0.0 else float("inf")
        denom = max(abs(reference), scale)
        scaled_diff = abs_diff / denom if denom > 0 else (0.0 if abs_diff == 0 else float("inf"))
        passed = abs_diff <= max(tol.atol, tol.rtol * max(abs(reference), scale))
        note = "" if reference != 0.0 else "reference is 0: relative difference infinite"
    if error:
        passed = False
        note = "rocstats raised " + error
    record = {"suite": SUITE}
    record.update(labels)
    issue = KNOWN_ISSUES.get((labels.get("case"), labels.get("item")))
    if issue and labels.get("source") != "live_vs_stored":  # rocstats vs pROC only
        record["known_issue"] = issue
    record.update({"quantity": quantity, "value": value, "reference": reference,
                   "abs_diff": abs_diff, "rel_diff": rel_diff,
                   "scaled_diff": scaled_diff, "rtol": tol.rtol,
                   "atol": tol.atol, "scale": scale, "passed": bool(passed), "note": note})
    return record


def outcome(records):
    """Split records into ``(failed, known_failures, fixed_known_issues)``.

    ``failed``: failing records without a known issue.  ``known_failures``: failing
    records of a :data:`KNOWN_ISSUES` item.  ``fixed_known_issues``: (case, item) keys of
    known issues whose records were compared and all passed (remove them).
    """
    failed = [r for r in records if not r["passed"] and not r.get("known_issue")]
    known = [r for r in records if not r["passed"] and r.get("known_issue")]
    seen = {(r["case"], r["item"]) for r in records if r.get("known_issue")}
    still = {(r["case"], r["item"]) for r in known}
    return failed, known, sorted(seen - still)


def suite_compare(suite, tolerances=None):
    """`compare` for another suite: its own ``tolerances`` (by quantity; a ``tol=`` given
    to a call wins), its ``suite`` name in every record, and no pROC known-issue tag.
    With ``tolerances=None`` every call gives its ``tol``."""
    def suite_compare_record(value, reference, quantity, *, tol=None, **labels):
        rec = compare(value, reference, quantity, tol=tol or tolerances[quantity], **labels)
        rec["suite"] = suite
        rec.pop("known_issue", None)
        return rec

    return suite_compare_record


def describe(record):
    """One line naming a comparison (for assertion messages)."""
    where = "/".join(str(record[k]) for k in ("source", "case", "item", "alternative")
                     if record.get(k))
    return ("%s %s: value %r vs reference %r (abs diff %.3g, rel diff %.3g, rtol %g, "
            "atol %g, scale %g)%s"
            % (where, record["quantity"], record["value"], record["reference"],
               record["abs_diff"], record["rel_diff"], record["rtol"], record["atol"],
               record["scale"],
               " [%s]" % record["note"] if record["note"] else ""))


# --------------------------------------------------------------------------- data
@functools.lru_cache(maxsize=None)
def load_results(path=RESULTS_FILE):
    """The stored pROC results module (``validation/results/proc_results.py``), loaded
    from its path: ``PAIRED_CASES``, ``UNPAIRED_CASES``, ``GENERATOR``, ``R_VERSION``,
    ``PROC_VERSION``, ... (see the file's header).  Loaded once; not put in
    ``sys.modules`` (the stored results are data, not an importable package)."""
    spec = importlib.util.spec_from_file_location("rocstats_validation_proc_results",
                                                  str(path))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def case_arrays(case):
    """``(y, {name: scores})`` of a stored paired case (a counts table is expanded)."""
    if "table" in case:
        t = case["table"]
        count = np.asarray(t["count"], dtype=np.int64)
        y = np.repeat(np.asarray(t["y"]), count)
        scores = {k: np.repeat(np.asarray(v, dtype=np.float64), count)
                  for k, v in t["scores"].items()}
        return y, scores
    return np.asarray(case["y"]), {k: np.asarray(v, dtype=np.float64)
                                   for k, v in case["scores"].items()}


def sample_arrays(sample):
    """``(y, score)`` of one sample of a stored unpaired case."""
    return np.asarray(sample["y"]), np.asarray(sample["score"], dtype=np.float64)


def fresh_cases(seed=None):
    """Fresh random data sets, drawn in Python and handed to R as they are.

    ``seed`` defaults to the environment variable ``ROCSTATS_FRESH_SEED`` or 20240301.
    Returns ``(paired, unpaired)``: dicts shaped like the stored cases' data.
    """
    if seed is None:
        seed = int(os.environ.get("ROCSTATS_FRESH_SEED", "20240301"))
    rng = np.random.default_rng(seed)

    def correlated(n, rho, k=2):
        cov = np.full((k, k), rho) + (1 - rho) * np.eye(k)
        return rng.multivariate_normal(np.zeros(k), cov, size=n)

    paired = {}
    y = (rng.random(500) < 0.3).astype(np.int64)
    z = correlated(y.size, 0.5)
    paired["fresh_continuous"] = {
        "description": "500 subjects, prevalence 0.3, two correlated continuous scores",
        "control": 0, "case": 1, "y": y,
        "scores": {"a": z[:, 0] + 1.0 * y, "b": z[:, 1] + 0.7 * y}}
    y = rng.permutation(np.repeat([1, 0], [320, 480]))
    z = correlated(y.size, 0.6, 3)
    paired["fresh_ties"] = {
        "description": "800 subjects, three correlated integer scores 0..9 (heavy ties)",
        "control": 0, "case": 1, "y": y,
        "scores": {k: np.clip(np.round(2 * z[:, j] + 4 + d * y), 0, 9)
                   for j, (k, d) in enumerate([("a", 1.2), ("b", 0.8), ("c", 0.0)])}}
    y = rng.permutation(np.repeat([1, 0], [8, 3000]))
    z = correlated(y.size, 0.8)
    paired["fresh_imbalanced"] = {
        "description": "8 positives vs 3000 negatives, correlated continuous scores",
        "control": 0, "case": 1, "y": y,
        "scores": {"a": z[:, 0] + 1.5 * y, "b": z[:, 1] + 1.4 * y}}
    lab = rng.choice(np.array(["healthy", "sick"]), size=300, p=[0.6, 0.4])
    sick = (lab == "sick").astype(float)
    paired["fresh_string_labels"] = {
        "description": "string labels healthy/sick, skewed scores rounded to 2 decimals",
        "control": "healthy", "case": "sick", "y": lab,
        "scores": {"a": np.round(rng.exponential(1 + sick), 2),
                   "b": np.round(-1e8 + 1e6 * rng.normal(sick, 1.0), 0)}}
    unpaired = {}
    ya = rng.permutation(np.repeat([1, 0], [60, 90]))
    yb = rng.permutation(np.repeat([1, 0], [35, 140]))
    unpaired["fresh_unpaired"] = {
        "description": "independent samples of 150 and 175 subjects (b rounded: ties)",
        "control": 0, "case": 1,
        "a": {"y": ya, "score": rng.normal(0.9 * ya)},
        "b": {"y": yb, "score": np.round(rng.normal(0.5 * yb), 1)}}
    return paired, unpaired


# ------------------------------------------------------------- pROC live, stored layout
def proc_case(y, scores, *, control=0, case=1, pairs=None, alternatives=ALTERNATIVES,
              conf_level=CONF_LEVEL):
    """Every pROC quantity of a paired case, run now through :mod:`rocstats.r`, in the
    layout of the stored results (``rocstats_proc_case`` of ``proc_helpers.R``, which
    wrote them, calls the same two R functions per score and per pair).

    Parameters
    ----------
    y : array-like
        Labels (numbers, booleans or strings).
    scores : dict of name -> array-like, or array-like of shape (n,) or (n, k)
        The scores (columns of a 2-D array are named "0", "1", ...).
    pairs : sequence of (name_a, name_b), optional
        Pairs for the paired test; default every pair in order.

    Returns
    -------
    dict
        ``{"single": {name: rocstats.r.proc_auc dict}, "paired": [{"a", "b", "auc_a",
        "auc_b", "cov", "tests": {alternative: {"statistic", "p_value", "conf_lower",
        "conf_upper", "conf_level"}}, "warnings"}, ...]}``
    """
    from rocstats import r as rbridge

    if isinstance(scores, dict):
        named = {str(k): v for k, v in scores.items()}
    else:
        arr = np.asarray(scores, dtype=np.float64)
        if arr.ndim == 1:
            arr = arr[:, None]
        named = {str(j): arr[:, j] for j in range(arr.shape[1])}
    if pairs is None:
        pairs = list(itertools.combinations(named, 2))
    pairs = [tuple(str(p) for p in pair) for pair in pairs]
    for a, b in pairs:
        if a not in named or b not in named:
            raise ValueError("pair (%r, %r) names a score that is not in scores" % (a, b))
    single = {name: rbridge.proc_auc(y, s, control=control, case=case,
                                     conf_level=conf_level)
              for name, s in named.items()}
    paired = [dict({"a": a, "b": b},
                   **rbridge.proc_paired(y, named[a], named[b], control=control, case=case,
                                         alternatives=alternatives, conf_level=conf_level))
              for a, b in pairs]
    return {"single": single, "paired": paired}


def proc_unpaired_case(y_a, score_a, y_b, score_b, *, control=0, case=1,
                       alternatives=ALTERNATIVES, conf_level=CONF_LEVEL):
    """Every pROC quantity of an unpaired case, run now, in the layout of the stored
    results (``rocstats_proc_unpaired_case`` of ``proc_helpers.R``).

    Returns ``{"single": {"a": ..., "b": ...}, "test": {"auc_a", "auc_b",
    "tests": {alternative: {"statistic", "df", "p_value"}}, "warnings"}}``.
    """
    from rocstats import r as rbridge

    return {"single": {"a": rbridge.proc_auc(y_a, score_a, control=control, case=case,
                                             conf_level=conf_level),
                       "b": rbridge.proc_auc(y_b, score_b, control=control, case=case,
                                             conf_level=conf_level)},
            "test": rbridge.proc_unpaired(y_a, score_a, y_b, score_b, control=control,
                                          case=case, alternatives=alternatives)}


# ----------------------------------------------------------- rocstats, pROC layout
def _quiet(fun, *args, **kwargs):
    """Call ``fun``, returning ``(result, [warning messages])``."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = fun(*args, **kwargs)
    return result, ["%s: %s" % (w.category.__name__, w.message) for w in caught]


def rocstats_single(y, score, *, case, conf_level=CONF_LEVEL):
    """rocstats' AUC, DeLong variance and Wald CI in pROC's layout."""
    res, warns = _quiet(rocstats.delong, y, score, pos_label=case)
    ci = res.conf_int(conf_level, method="wald")
    out = {"auc": res.auc, "var": res.variance, "ci_lower": ci.lower, "ci_upper": ci.upper,
           "n_case": res.n_pos, "n_control": res.n_neg}
    for method, prefix in (("youden", "best_youden"), ("closest_topleft", "best_topleft")):
        best, w = _quiet(rocstats.best_threshold, y, score, pos_label=case, method=method)
        warns += w
        out.update({prefix + "_threshold": best.threshold, prefix + "_se": best.sensitivity,
                    prefix + "_sp": best.specificity,
                    prefix + "_ties": len(best.all_thresholds)})
    out["warnings"] = warns
    return out


def rocstats_paired(y, score_a, score_b, *, case, alternatives=ALTERNATIVES,
                    conf_level=CONF_LEVEL):
    """rocstats' covariance and paired DeLong test in pROC's layout."""
    joint, warns = _quiet(rocstats.delong, y, np.column_stack([score_a, score_b]),
                          pos_label=case)
    tests = {}
    for alt in alternatives:
        try:
            t, w = _quiet(rocstats.roc_test, y, score_a, score_b, pos_label=case,
                          alternative=alt)
        except Exception as exc:  # recorded as a failed comparison, not a crash
            tests[alt] = {"error": "%s: %s" % (type(exc).__name__, exc)}
            continue
        warns += w
        ci = t.conf_int(conf_level)
        tests[alt] = {"statistic": t.statistic, "p_value": t.pvalue,
                      "conf_lower": ci.lower, "conf_upper": ci.upper}
    return {"auc_a": joint.auc[0], "auc_b": joint.auc[1], "cov": joint.covariance[0, 1],
            "tests": tests, "warnings": sorted(set(warns))}


def rocstats_unpaired(y_a, score_a, y_b, score_b, *, case, alternatives=ALTERNATIVES):
    """rocstats' unpaired DeLong test in pROC's layout."""
    tests, warns = {}, []
    for alt in alternatives:
        try:
            t, w = _quiet(rocstats.delong_test_unpaired, y_a, score_a, y_b, score_b,
                          pos_label=case, alternative=alt)
        except Exception as exc:  # recorded as a failed comparison, not a crash
            tests[alt] = {"error": "%s: %s" % (type(exc).__name__, exc)}
            continue
        warns += w
        tests[alt] = {"statistic": t.statistic, "df": t.df, "p_value": t.pvalue}
    auc_a, w = _quiet(rocstats.auc, y_a, score_a, pos_label=case)
    auc_b, w2 = _quiet(rocstats.auc, y_b, score_b, pos_label=case)
    return {"auc_a": auc_a, "auc_b": auc_b, "tests": tests,
            "warnings": sorted(set(warns + w + w2))}


# ------------------------------------------------------------------- comparisons
_SINGLE_Q = ("auc", "var", "ci_lower", "ci_upper") + tuple(
    "best_%s_%s" % (m, q) for m in ("youden", "topleft") for q in ("threshold", "se", "sp",
                                                                   "ties"))
_PAIRED_Q = ("auc_a", "auc_b", "cov")
_PAIRED_TEST_Q = ("statistic", "p_value", "conf_lower", "conf_upper")
_UNPAIRED_TEST_Q = ("statistic", "df", "p_value")


def _exact_best(se, sp, cases, controls, method):
    """The best-threshold criterion of an operating point as an exact fraction, from its
    rounded rates (TP = se * cases and FP = (1 - sp) * controls are integers)."""
    tp = round(se * cases)
    fp = controls - round(sp * controls)
    if method == "youden":
        return Fraction(tp * controls - fp * cases, cases * controls)
    return Fraction(((cases - tp) * controls) ** 2 + (fp * cases) ** 2,
                    (cases * controls) ** 2)


def _diff_single(ours, ref, tol=None, **labels):
    out = [compare(ours[q], ref[q], q, tol=tol, alternative="", **labels) for q in _SINGLE_Q]
    # pROC picks the optimum with a floating-point test (se + sp == max(se + sp)), so of
    # several EXACTLY tied operating points it can keep a subset that depends on rounding;
    # rocstats compares exact integers and lists them all.  Such a difference passes when
    # pROC's first row attains exactly rocstats' optimal criterion and rocstats finds at
    # least as many tied points -- both programs then report an optimal point.
    for method in ("youden", "topleft"):
        recs = [r for r in out if r["quantity"].startswith("best_%s_" % method)]
        if all(r["passed"] for r in recs) or tol is not None:
            continue
        vals = {r["quantity"].rsplit("_", 1)[1]: (r["value"], r["reference"]) for r in recs}
        try:
            mine = _exact_best(vals["se"][0], vals["sp"][0], ref["n_case"], ref["n_control"],
                               method)
            theirs = _exact_best(vals["se"][1], vals["sp"][1], ref["n_case"],
                                 ref["n_control"], method)
        except (ValueError, OverflowError, ZeroDivisionError):   # NaN / one class
            continue
        if mine == theirs and vals["ties"][0] >= vals["ties"][1]:
            for r in recs:
                if not r["passed"]:
                    r["passed"] = True
                    r["note"] = ("exact tie split by pROC's floating-point test: pROC's row "
                                 "attains rocstats' exact optimum %s = %s; rocstats lists "
                                 "%d tied points, pROC %d"
                                 % (method, mine, vals["ties"][0], vals["ties"][1]))
    return out


def _bound_scale(test):
    """|d| + q sigma = max(|lower|, |upper|) of a reference interval."""
    return max(abs(test["conf_lower"]), abs(test["conf_upper"]))


def _diff_paired(ours, ref, var_a, var_b, tol=None, **labels):
    scales = {"cov": math.sqrt(var_a * var_b) if var_a >= 0 and var_b >= 0 else 0.0}
    out = [compare(ours[q], ref[q], q, tol=tol, scale=scales.get(q, 0.0), alternative="",
                   **labels) for q in _PAIRED_Q]
    for alt, rt in ref["tests"].items():
        scales = {"statistic": 1.0, "conf_lower": _bound_scale(rt),
                  "conf_upper": _bound_scale(rt)}
        mine = ours["tests"][alt]
        out += [compare(mine.get(q, float("nan")), rt[q], q, tol=tol,
                        scale=scales.get(q, 0.0), error=mine.get("error"), alternative=alt,
                        **labels) for q in _PAIRED_TEST_Q]
    return out


def _diff_unpaired(ours, ref, tol=None, **labels):
    out = [compare(ours[q], ref[q], q, tol=tol, alternative="", **labels)
           for q in ("auc_a", "auc_b")]
    for alt, rt in ref["tests"].items():
        mine = ours["tests"][alt]
        out += [compare(mine.get(q, float("nan")), rt[q], q, tol=tol,
                        scale=1.0 if q == "statistic" else 0.0, error=mine.get("error"),
                        alternative=alt, **labels) for q in _UNPAIRED_TEST_Q]
    return out


def pair_name(a, b):
    return "%s vs %s" % (a, b)


def rocstats_case(y, scores, *, case, pairs, alternatives=ALTERNATIVES):
    """All rocstats quantities of a paired case, laid out as pROC's results."""
    single = {k: rocstats_single(y, s, case=case) for k, s in scores.items()}
    paired = [dict(rocstats_paired(y, scores[a], scores[b], case=case,
                                   alternatives=alternatives), a=a, b=b) for a, b in pairs]
    return {"single": single, "paired": paired}


def rocstats_unpaired_case(a, b, *, case, alternatives=ALTERNATIVES):
    ya, sa = a
    yb, sb = b
    return {"single": {"a": rocstats_single(ya, sa, case=case),
                       "b": rocstats_single(yb, sb, case=case)},
            "test": rocstats_unpaired(ya, sa, yb, sb, case=case, alternatives=alternatives)}


def diff_case(ours, ref, *, tol=None, **labels):
    """Records comparing two paired-case result structures (ours vs reference)."""
    out = []
    for name, r in ref["single"].items():
        out += _diff_single(ours["single"][name], r, tol, item=name, **labels)
    for o, r in zip(ours["paired"], ref["paired"]):
        assert (o["a"], o["b"]) == (r["a"], r["b"]), "pairs out of order"
        out += _diff_paired(o, r, ref["single"][r["a"]]["var"], ref["single"][r["b"]]["var"],
                            tol, item=pair_name(r["a"], r["b"]), **labels)
    return out


def diff_unpaired_case(ours, ref, *, tol=None, **labels):
    out = []
    for name in ("a", "b"):
        out += _diff_single(ours["single"][name], ref["single"][name], tol,
                            item="sample %s" % name, **labels)
    out += _diff_unpaired(ours["test"], ref["test"], tol, item="a vs b", **labels)
    return out


def stored_comparisons(results=None):
    """rocstats vs the stored pROC results: a list of records (source "stored")."""
    if results is None:
        results = load_results()
    out = []
    for name, c in results.PAIRED_CASES.items():
        y, scores = case_arrays(c)
        pairs = [(p["a"], p["b"]) for p in c["paired"]]
        ours = rocstats_case(y, scores, case=c["case"], pairs=pairs)
        out += diff_case(ours, c, source="stored", kind="paired", case=name,
                         value_from="rocstats", reference_from="pROC (stored)")
    for name, c in results.UNPAIRED_CASES.items():
        ours = rocstats_unpaired_case(sample_arrays(c["a"]), sample_arrays(c["b"]),
                                      case=c["case"])
        out += diff_unpaired_case(ours, c, source="stored", kind="unpaired", case=name,
                                  value_from="rocstats", reference_from="pROC (stored)")
    return out


def live_comparisons(results=None, seed=None):
    """rocstats vs pROC run now (stored data and fresh data), and pROC now vs stored.

    Needs :func:`rocstats.r.r_available`; raises ``RuntimeError`` otherwise.
    """
    from rocstats import r as rbridge

    ok, reason = rbridge.r_available()
    if not ok:
        raise RuntimeError("live pROC comparisons need R: %s" % reason)
    if results is None:
        results = load_results()
    out = []
    live_labels = dict(value_from="rocstats", reference_from="pROC (live)")
    same_labels = dict(value_from="pROC (live)", reference_from="pROC (stored)")
    for name, c in results.PAIRED_CASES.items():
        y, scores = case_arrays(c)
        pairs = [(p["a"], p["b"]) for p in c["paired"]]
        live = proc_case(y, scores, control=c["control"], case=c["case"], pairs=pairs)
        ours = rocstats_case(y, scores, case=c["case"], pairs=pairs)
        out += diff_case(ours, live, source="live", kind="paired", case=name, **live_labels)
        out += diff_case(live, c, tol=IDENTICAL, source="live_vs_stored", kind="paired",
                         case=name, **same_labels)
    for name, c in results.UNPAIRED_CASES.items():
        a, b = sample_arrays(c["a"]), sample_arrays(c["b"])
        live = proc_unpaired_case(a[0], a[1], b[0], b[1], control=c["control"],
                                          case=c["case"])
        ours = rocstats_unpaired_case(a, b, case=c["case"])
        out += diff_unpaired_case(ours, live, source="live", kind="unpaired", case=name,
                                  **live_labels)
        out += diff_unpaired_case(live, c, tol=IDENTICAL, source="live_vs_stored",
                                  kind="unpaired", case=name, **same_labels)
    paired, unpaired = fresh_cases(seed)
    for name, c in paired.items():
        pairs = [(a, b) for i, a in enumerate(c["scores"]) for b in list(c["scores"])[i + 1:]]
        live = proc_case(c["y"], c["scores"], control=c["control"], case=c["case"],
                                 pairs=pairs)
        ours = rocstats_case(c["y"], c["scores"], case=c["case"], pairs=pairs)
        out += diff_case(ours, live, source="live", kind="paired", case=name, **live_labels)
    for name, c in unpaired.items():
        a = (c["a"]["y"], c["a"]["score"])
        b = (c["b"]["y"], c["b"]["score"])
        live = proc_unpaired_case(a[0], a[1], b[0], b[1], control=c["control"],
                                          case=c["case"])
        ours = rocstats_unpaired_case(a, b, case=c["case"])
        out += diff_unpaired_case(ours, live, source="live", kind="unpaired", case=name,
                                  **live_labels)
    return out


# ------------------------------------------------------------------------ the suite
def run(*, live=None, seed=None):
    """Run the suite; returns ``{"metadata": ..., "comparisons": [...]}``.

    ``live``: True requires R, False skips it, None (default) runs it when available.
    """
    results = load_results()
    meta = {
        "reference": "pROC",
        "stored": {"generator": results.GENERATOR, "r_helpers": results.R_HELPERS,
                   "r_version": results.R_VERSION, "proc_version": results.PROC_VERSION,
                   "r_platform": results.R_PLATFORM, "generated": results.GENERATED,
                   "r_calls": list(results.R_CALLS)},
        "tolerances": {q: {"rtol": t.rtol, "atol": t.atol, "why": t.why}
                       for q, t in TOLERANCES.items()},
        "scales": dict(SCALES),
        "tolerance_live_vs_stored": {"rtol": IDENTICAL.rtol, "atol": IDENTICAL.atol,
                                     "why": IDENTICAL.why},
    }
    comparisons = stored_comparisons(results)
    live_info = {"requested": live, "ran": False}
    if live is not False:
        from rocstats import r as rbridge

        ok, reason = rbridge.r_available()
        live_info["available"] = ok
        live_info["reason"] = reason
        if ok:
            comparisons += live_comparisons(results, seed)
            live_info["ran"] = True
            live_info["versions"] = rbridge.r_versions()
            live_info["fresh_seed"] = (seed if seed is not None else
                                       int(os.environ.get("ROCSTATS_FRESH_SEED", "20240301")))
        elif live:
            raise RuntimeError("live comparisons requested but R is unavailable: %s" % reason)
    meta["live"] = live_info
    return {"metadata": meta, "comparisons": comparisons}
