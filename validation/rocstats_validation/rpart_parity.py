"""The rpart parity suite: rocstats.tree against rpart 4.1.19, table by table.

The reference numbers are stored in ``validation/results/rpart/<case>.json`` and the data
in ``validation/results/data/<dataset>.csv`` (+ ``.json`` sidecar with the column types,
factor levels in R's order, fold and weight vectors), all written by
``Rscript validation/r/rpart_cases.R`` (DO NOT EDIT them).  A case is one rpart call; its
results are compared quantity by quantity (each column of ``frame``, ``cptable`` and
``splits``, ``where`` and ``variable.importance``), one record per (case, table,
quantity) holding the number of values compared and the worst difference.

Sources of comparisons:

``stored``
    rocstats on the stored data against the stored rpart results (no R needed; needs the
    CART engine ``rocstats.tree.CARTClassifier`` / ``CARTRegressor``).
``live``
    rocstats against rpart run now through :mod:`rocstats.r.rpart` (rpy2), on the stored
    data and on fresh random data sets drawn here in Python (:func:`fresh_cases`).
``live_vs_stored``
    rpart now against rpart when the results were stored: same R code, same data, so the
    numbers must be identical; this guards the stored files and the bridge.

Until the CART engine exists the rocstats sides are skipped (the metadata says why) and
only ``live_vs_stored`` runs.  Tolerances: :data:`TOLERANCES`, one per quantity, with the
reason.  Which cases compare ``xerror`` / ``xstd``: those run with a stored fold vector
(``xval_vector`` in the case file); the cases with ``xval = 0`` must give NaN there.
"""
import json
import math
import os
import re
import warnings
from dataclasses import dataclass
import numpy as np

from .paths import DATA_DIR, RESULTS_DIR as _RESULTS

SUITE = "rpart_parity"
RESULTS_DIR = _RESULTS / "rpart"


@dataclass(frozen=True)
class Tolerance:
    """Pass when ``|value - reference| <= max(atol, rtol * max(|reference|, scale))``;
    ``exact`` quantities (names, node numbers, counts of rows, csplit codes) must be
    equal.  Both NaN passes (undefined on both sides); one NaN fails."""

    rtol: float
    atol: float
    scale: str
    why: str
    exact: bool = False


def _exact(why):
    return Tolerance(0.0, 0.0, "", why, exact=True)


_SAME_ARITHMETIC = ("rpart and rocstats evaluate the same formula on the same doubles; "
                    "sums in another order differ by a few ulps, so rtol 1e-10 leaves a "
                    "wide margin yet catches any real difference")
_ROOT_SCALE = ("relative to 1: rpart divides these by the root risk, so their absolute "
               "rounding error is a few ulps of 1 whatever their size (a cp = 0 tree has "
               "rel error / complexity values near 0)")

#: One tolerance per quantity, with the reason.  No numeric tolerance is looser than
#: rtol 1e-10 relative to the quantity's natural magnitude (``scale``).
TOLERANCES = {
    # frame
    "node": _exact("node numbers (2k, 2k + 1) identify the tree's shape"),
    "var": _exact("split variable names (\"<leaf>\" for leaves); a different name is a "
                  "different split"),
    "n": _exact("number of training rows reaching the node (an integer count)"),
    "wt": Tolerance(1e-10, 0.0, "", "sum of case weights in the node: " + _SAME_ARITHMETIC),
    "dev": Tolerance(1e-10, 0.0, "root dev", "node deviance (risk), relative to the root's: "
                     "a pure or constant node has 0 up to rounding of the root-sized sums; "
                     + _SAME_ARITHMETIC),
    "yval": Tolerance(1e-10, 0.0, "max |yval|", "fitted value (anova: weighted mean, "
                      "rounding relative to the largest |mean|); classification: the class "
                      "index, equal as a number"),
    "yval_label": _exact("predicted class label (classification)"),
    "complexity": Tolerance(1e-10, 0.0, "1", "node complexity (cp at which the node's "
                            "split is pruned; leaves: the cp threshold), " + _ROOT_SCALE),
    "ncompete": _exact("number of competitor splits kept"),
    "nsurrogate": _exact("number of surrogate splits kept"),
    "count": Tolerance(1e-10, 0.0, "", "class counts in the node (weighted: sums of "
                       "weights): " + _SAME_ARITHMETIC),
    "prob": Tolerance(1e-10, 0.0, "", "class probabilities in the node (with priors / "
                      "loss-altered priors): " + _SAME_ARITHMETIC),
    "nodeprob": Tolerance(1e-10, 0.0, "", "probability of reaching the node (priors "
                          "taken into account): " + _SAME_ARITHMETIC),
    # cptable
    "CP": Tolerance(1e-10, 0.0, "1", "complexity parameter of each pruned subtree, "
                    + _ROOT_SCALE),
    "nsplit": _exact("number of splits of each pruned subtree"),
    "rel error": Tolerance(1e-10, 0.0, "1", "resubstitution risk / root risk, " + _ROOT_SCALE),
    "xerror": Tolerance(1e-10, 0.0, "1", "cross-validated risk / root risk with the SAME "
                        "fold vector on both sides (deterministic), " + _ROOT_SCALE
                        + "; NaN on both sides when xval = 0"),
    "xstd": Tolerance(1e-10, 0.0, "max xstd", "standard error of xerror, relative to the "
                      "largest xstd of the table (a square root of a variance sum that can "
                      "be near 0 for one row); NaN on both sides when xval = 0"),
    # splits
    "split node": _exact("node each splits row belongs to (primary, competitors, "
                         "surrogates in frame order)"),
    "split var": _exact("variable of each splits row, in rpart's order (competitors by "
                        "decreasing improve, surrogates by decreasing agreement)"),
    "type": _exact("primary / competitor / surrogate"),
    "split count": Tolerance(1e-10, 0.0, "", "rows of the node with the variable present "
                             "(rpart counts rows, not weights; 0 for surrogates)"),
    "ncat": _exact("-1 (x < cut goes left), +1 (x >= cut goes left) or the number of "
                   "levels of a categorical variable"),
    "improve": Tolerance(1e-10, 0.0, "max improve of the node's rows of that kind",
                         "primary / competitor: improvement of the criterion; surrogate: "
                         "agreement.  Relative to the largest value among the same node's "
                         "primary + competitor rows (resp. surrogate rows): a weak "
                         "competitor's improvement is a difference of node-sized sums"),
    "index": Tolerance(1e-10, 0.0, "", "cut point, the midpoint of two adjacent data "
                       "values (NaN for categorical splits): same arithmetic, essentially "
                       "exact"),
    "adj": Tolerance(1e-10, 0.0, "1", "adjusted agreement of a surrogate (0 for primary / "
                     "competitor rows), a proportion: relative to 1"),
    "csplit": _exact("direction of every level of a categorical split: 1 left, 2 absent "
                     "from the node, 3 right"),
    # where, variable importance
    "where": _exact("leaf (or, with usesurrogate < 2, internal) node number of each "
                    "training row"),
    "importance names": _exact("variables in rpart's variable.importance order "
                               "(decreasing importance)"),
    "importance": Tolerance(1e-10, 0.0, "max importance", "variable importance (sums of "
                            "improvements and adjusted surrogate improvements), relative "
                            "to the largest: " + _SAME_ARITHMETIC),
}
#: live vs stored rpart: the same R code on the same data is deterministic.
IDENTICAL = Tolerance(0.0, 0.0, "", "same R code, same data: results must be bit-for-bit "
                      "equal")

#: Known rocstats bugs, (case, quantity) -> reason; reported as known failures (see
#: rocstats_validation.proc_parity.KNOWN_ISSUES for the convention).
KNOWN_ISSUES = {}

#: rpart.control names -> rocstats.tree parameter names (notes/cart_api.md).
CONTROL_TO_PARAM = {"minsplit": "min_split", "minbucket": "min_bucket", "cp": "cp",
                    "maxdepth": "max_depth", "maxcompete": "max_compete",
                    "maxsurrogate": "max_surrogate", "usesurrogate": "use_surrogate",
                    "surrogatestyle": "surrogate_style", "xval": "xval"}


def _tolerance_key(quantity):
    if quantity.startswith("count_"):
        return "count"
    if quantity.startswith("prob_"):
        return "prob"
    return quantity


# ------------------------------------------------------------------- comparison records
def _same(a, b):
    if a is None or b is None:
        return a is None and b is None
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return True
    if isinstance(a, (tuple, list)) or isinstance(b, (tuple, list)):
        return (isinstance(a, (tuple, list)) and isinstance(b, (tuple, list))
                and tuple(a) == tuple(b))
    return a == b


def _plain(v):
    if isinstance(v, np.generic):
        v = v.item()
    if isinstance(v, float) and math.isnan(v):
        return float("nan")
    if isinstance(v, tuple):
        return list(v)
    return v


def compare(values, references, quantity, *, tol=None, scale=0.0, labels_at=None,
            error=None, **labels):
    """One record comparing two equally long sequences of one quantity.

    ``values``: rocstats (or live rpart); ``references``: rpart.  ``scale``: a number or
    one number per element (the quantity's natural magnitude, see :data:`TOLERANCES`).
    ``labels_at``: a label per element (node number, row) to name the worst one.
    The record has the keys of :func:`rocstats_validation.proc_parity.compare` plus ``n``
    (values compared), ``n_failed`` and ``at``.
    """
    tol = TOLERANCES[_tolerance_key(quantity)] if tol is None else tol
    key_tol = TOLERANCES[_tolerance_key(quantity)]
    exact = key_tol.exact or tol.exact
    record = {"suite": SUITE}
    record.update(labels)
    record.update({"quantity": quantity, "rtol": tol.rtol, "atol": tol.atol,
                   "exact": bool(exact)})
    issue = KNOWN_ISSUES.get((labels.get("case"), quantity))
    if issue and labels.get("source") != "live_vs_stored":
        record["known_issue"] = issue
    if error is not None:
        record.update({"n": 0, "n_failed": 0, "value": None, "reference": None,
                       "abs_diff": float("nan"), "rel_diff": float("nan"),
                       "scaled_diff": float("nan"), "scale": 0.0, "at": None,
                       "passed": False, "note": "rocstats raised " + error})
        return record
    vals = [_plain(v) for v in values]
    refs = [_plain(v) for v in references]
    n = len(refs)
    if len(vals) != n:
        record.update({"n": n, "n_failed": n, "value": len(vals), "reference": n,
                       "abs_diff": float("nan"), "rel_diff": float("inf"),
                       "scaled_diff": float("inf"), "scale": 0.0, "at": None,
                       "passed": False,
                       "note": "%d values vs %d in rpart (different tree)" % (len(vals), n)})
        return record
    at_labels = list(labels_at) if labels_at is not None else list(range(n))
    if exact:
        bad = [i for i in range(n) if not _same(vals[i], refs[i])]
        first = bad[0] if bad else None
        record.update({
            "n": n, "n_failed": len(bad),
            "value": None if first is None else vals[first],
            "reference": None if first is None else refs[first],
            "abs_diff": 0.0 if not bad else float("nan"),
            "rel_diff": 0.0 if not bad else float("inf"),
            "scaled_diff": 0.0 if not bad else float("inf"), "scale": 0.0,
            "at": None if first is None else _plain(at_labels[first]),
            "passed": not bad,
            "note": "" if not bad else "%d of %d differ; first at %s: %r vs %r" % (
                len(bad), n, _plain(at_labels[first]), vals[first], refs[first])})
        return record
    v = np.array([np.nan if x is None else x for x in vals], dtype=np.float64)
    r = np.array([np.nan if x is None else x for x in refs], dtype=np.float64)
    s = np.broadcast_to(np.asarray(scale, dtype=np.float64), r.shape)
    s = np.where(np.isfinite(s), s, 0.0)
    both_nan = np.isnan(v) & np.isnan(r)
    one_nan = np.isnan(v) ^ np.isnan(r)
    with np.errstate(invalid="ignore", divide="ignore"):
        absd = np.where(both_nan, 0.0, np.abs(v - r))
        same = (v == r) | both_nan
        absd = np.where(same, 0.0, absd)
        rel = np.where(same, 0.0, np.where(r != 0, absd / np.abs(r), np.inf))
        denom = np.maximum(np.abs(r), s)
        scaled = np.where(same, 0.0, np.where(denom > 0, absd / denom, np.inf))
        limit = np.maximum(tol.atol, tol.rtol * denom)
        ok = same | (~one_nan & (absd <= limit))
    rel = np.where(one_nan, np.nan, rel)
    scaled = np.where(one_nan, np.inf, scaled)
    failed = np.flatnonzero(~ok)
    if n == 0:
        worst = None
    elif failed.size:
        worst = int(failed[np.argmax(np.where(np.isnan(scaled[failed]), np.inf,
                                              scaled[failed]))])
    else:
        worst = int(np.argmax(scaled))
    finite_rel = rel[np.isfinite(rel)] if n else rel
    record.update({
        "n": n, "n_failed": int(failed.size),
        "value": None if worst is None else float(v[worst]),
        "reference": None if worst is None else float(r[worst]),
        "abs_diff": 0.0 if worst is None else float(absd[worst]),
        "rel_diff": (0.0 if n == 0 else
                     float("inf") if np.isinf(rel).any() else
                     float("nan") if np.isnan(rel).any() else float(finite_rel.max())),
        "scaled_diff": 0.0 if worst is None else float(scaled[worst]),
        "scale": 0.0 if worst is None else float(s[worst]),
        "at": None if worst is None else _plain(at_labels[worst]),
        "passed": bool(failed.size == 0),
        "note": "" if not failed.size else "%d of %d outside the tolerance; worst at %s"
        % (failed.size, n, _plain(at_labels[worst]))})
    return record


def outcome(records):
    """Split records into ``(failed, known_failures, fixed_known_issues)``."""
    failed = [r for r in records if not r["passed"] and not r.get("known_issue")]
    known = [r for r in records if not r["passed"] and r.get("known_issue")]
    seen = {(r["case"], r["quantity"]) for r in records if r.get("known_issue")}
    still = {(r["case"], r["quantity"]) for r in known}
    return failed, known, sorted(seen - still)


def describe(record):
    """One line naming a comparison (for assertion messages)."""
    where = "/".join(str(record[k]) for k in ("source", "case", "item") if record.get(k))
    return ("%s %s: %d values, %d outside (worst at %s: %r vs rpart %r, rel diff %.3g, "
            "rtol %g)%s" % (where, record["quantity"], record["n"], record["n_failed"],
                            record["at"], record["value"], record["reference"],
                            record["rel_diff"] if record["rel_diff"] is not None else
                            float("nan"), record["rtol"],
                            " [%s]" % record["note"] if record["note"] else ""))


def diff_results(ours, ref, *, tol=None, **labels):
    """Records comparing two result dicts (``frame``, ``cptable``, ``splits``, ``where``,
    ``variable_importance`` as pandas objects, shapes of notes/cart_api.md).

    A missing table or column of ``ours``, an :class:`AttributeFailure` or an error while
    reading it gives failing records for the quantities concerned (the rest is compared).
    """
    out = []

    def cmp(table, extract, r, q, lab, scale=0.0, at=None):
        obj = ours.get(table)
        error = None
        if isinstance(obj, AttributeFailure):
            error = str(obj)
        elif obj is None:
            error = "no %s in the result" % table
        else:
            try:
                values = extract(obj)
            except Exception as exc:
                error = "reading %s %s: %s: %s" % (table, q, type(exc).__name__, exc)
        if error is not None:
            out.append(compare([], [], q, tol=tol, error=error, **lab))
        else:
            out.append(compare(values, r, q, tol=tol, scale=scale, labels_at=at, **lab))

    def column(name):
        return lambda df: list(df[name])

    rf = ref["frame"]
    nodes = list(rf.index)
    f_labels = dict(labels, item="frame")
    cmp("frame", lambda df: [int(k) for k in df.index], nodes, "node", f_labels, at=nodes)
    root_dev = abs(float(rf["dev"].iloc[0])) if len(rf) else 0.0
    yscale = float(np.nanmax(np.abs(rf["yval"].to_numpy(dtype=float)))) if len(rf) else 0.0
    scales = {"dev": root_dev, "yval": yscale, "complexity": 1.0}
    for q in ("var", "n", "wt", "dev", "yval", "complexity", "ncompete", "nsurrogate"):
        cmp("frame", column(q), list(rf[q]), q, f_labels, scales.get(q, 0.0), nodes)
    for q in [c for c in rf.columns if c.startswith(("count_", "prob_"))] + (
            ["nodeprob", "yval_label"] if "nodeprob" in rf.columns else []):
        cmp("frame", column(q), list(rf[q]), q, f_labels, 0.0, nodes)

    rc = ref["cptable"]
    c_labels = dict(labels, item="cptable")
    rows = list(range(1, len(rc) + 1))
    xstd_scale = float(np.nanmax(rc["xstd"])) if rc["xstd"].notna().any() else 0.0
    for q, sc in (("CP", 1.0), ("nsplit", 0.0), ("rel error", 1.0), ("xerror", 1.0),
                  ("xstd", xstd_scale)):
        cmp("cptable", column(q), list(rc[q]), q, c_labels, sc, rows)

    rs = ref["splits"]
    s_labels = dict(labels, item="splits")
    at = ["node %d row %d" % (nd, i + 1) for i, nd in enumerate(rs["node"])]
    imp = rs["improve"].to_numpy(dtype=float)
    group = [(nd, t == "surrogate") for nd, t in zip(rs["node"], rs["type"])]
    gmax = {}
    for g, x in zip(group, imp):
        gmax[g] = max(gmax.get(g, 0.0), abs(x))
    imp_scale = np.array([gmax[g] for g in group], dtype=np.float64)
    for q, name, sc in (("node", "split node", 0.0), ("var", "split var", 0.0),
                        ("type", "type", 0.0), ("count", "split count", 0.0),
                        ("ncat", "ncat", 0.0), ("improve", "improve", imp_scale),
                        ("index", "index", 0.0), ("adj", "adj", 1.0),
                        ("csplit", "csplit", 0.0)):
        cmp("splits", column(q), list(rs[q]), name, s_labels, sc, at)

    w_labels = dict(labels, item="where")
    cmp("where", lambda w: [int(k) for k in np.asarray(w)], list(ref["where"]), "where",
        w_labels, 0.0, ["row %d" % (i + 1) for i in range(len(ref["where"]))])

    rv = ref["variable_importance"]
    v_labels = dict(labels, item="variable_importance")
    cmp("variable_importance", lambda v: list(v.index), list(rv.index), "importance names",
        v_labels, 0.0, list(range(1, len(rv) + 1)))
    vmax = float(np.max(np.abs(rv.to_numpy()))) if len(rv) else 0.0
    cmp("variable_importance", lambda v: list(np.asarray(v, dtype=float)),
        list(rv.to_numpy()), "importance", v_labels, vmax, list(rv.index))
    return out


# --------------------------------------------------------------------------- data
def load_index():
    with open(RESULTS_DIR / "index.json") as fh:
        return json.load(fh)


def case_names():
    return list(load_index()["cases"])


def load_case(name):
    """The stored case document (header fields, call, parameters, ``result``)."""
    with open(RESULTS_DIR / ("%s.json" % name)) as fh:
        return json.load(fh)


def load_sidecar(dataset):
    with open(DATA_DIR / ("%s.json" % dataset)) as fh:
        return json.load(fh)


def load_dataset(dataset):
    """``(DataFrame, sidecar)``: the stored data with R's column types and factor levels
    (pandas Categorical with the levels in R's order; integer columns with missing
    values become float64, NaN = missing)."""
    import pandas as pd

    side = load_sidecar(dataset)
    cols = side["columns"]
    dtypes = {c["name"]: (str if c["type"] == "factor" else np.float64) for c in cols}
    df = pd.read_csv(DATA_DIR / side["file"], dtype=dtypes, keep_default_na=False,
                     na_values=["NA"])
    if list(df.columns) != [c["name"] for c in cols] or len(df) != side["n_rows"]:
        raise ValueError("%s does not match its sidecar" % side["file"])
    for c in cols:
        name = c["name"]
        if c["type"] == "factor":
            values = df[name]
            unknown = set(values.dropna()) - set(c["levels"])
            if unknown:
                raise ValueError("%s: %s has values outside its levels: %s"
                                 % (side["file"], name, sorted(unknown)))
            df[name] = pd.Categorical(values, categories=c["levels"])
        elif c["type"] == "integer" and not df[name].isna().any():
            df[name] = df[name].astype(np.int64)
    return df, side


def parse_formula(formula, columns):
    """``(response, [predictors])`` of ``"y ~ a + b"`` or ``"y ~ ."``."""
    lhs, _, rhs = formula.partition("~")
    response = lhs.strip()
    rhs = rhs.strip()
    if rhs == ".":
        predictors = [c for c in columns if c != response]
    else:
        predictors = [t.strip() for t in rhs.split("+")]
    missing = [c for c in [response] + predictors if c not in columns]
    if missing or not re.fullmatch(r"[^~]+~[^~]+", formula):
        raise ValueError("formula %r: unknown columns %s" % (formula, missing))
    return response, predictors


def case_inputs(case, data=None):
    """``(X, y, sample_weight, xval)`` of a stored case; ``xval`` is 0 or the fold vector."""
    if data is None:
        data, side = load_dataset(case["dataset"])
    else:
        side = load_sidecar(case["dataset"])
    response, predictors = parse_formula(case["formula"], list(data.columns))
    vectors = side.get("vectors", {})
    weights = (None if case.get("weights_vector") is None else
               np.asarray(vectors[case["weights_vector"]]["values"], dtype=np.float64))
    if case.get("xval_vector") is not None:
        xval = np.asarray(vectors[case["xval_vector"]]["values"], dtype=np.int64)
    else:
        xval = int(case["control"].get("xval", 0))
    return data[predictors], data[response], weights, xval


def estimator_params(case, xval):
    """rocstats.tree parameters of a stored case (rpart names mapped, cart_api.md)."""
    params = {}
    for key, value in case["control"].items():
        if key == "xval":
            continue
        name = CONTROL_TO_PARAM[key]
        params[name] = float(value) if key == "cp" else int(value)
    params["xval"] = xval
    parms = case.get("parms") or {}
    if "split" in parms:
        params["criterion"] = parms["split"]
    if "prior" in parms:
        params["prior"] = list(parms["prior"])
    if "loss" in parms:
        params["loss"] = np.asarray(parms["loss"], dtype=np.float64)
    return params


def reference_result(case):
    """The stored rpart results of a case as :class:`rocstats.r.rpart.RpartResult`."""
    from rocstats.r.rpart import result_from_json

    return result_from_json(case["result"])


# ------------------------------------------------------------------------- rocstats
def engine_available():
    """``(True, "")`` when rocstats.tree's CART estimators import, else ``(False, why)``."""
    try:
        from rocstats.tree import CARTClassifier, CARTRegressor  # noqa: F401
    except ImportError as exc:
        return False, "engine not yet built (rocstats.tree.CARTClassifier: %s)" % exc
    return True, ""


def fit_rocstats(method, X, y, *, sample_weight=None, **params):
    """Fit rocstats' CART estimator for rpart's ``method`` ("class" / "anova")."""
    from rocstats.tree import CARTClassifier, CARTRegressor

    cls = CARTClassifier if method == "class" else CARTRegressor
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return cls(**params).fit(X, y, sample_weight=sample_weight)


_ATTRIBUTES = {"frame": "frame_", "cptable": "cptable_", "splits": "splits_",
               "where": "where_", "variable_importance": "variable_importance_"}


def rocstats_result(est):
    """A fitted estimator's attributes in the comparison layout.  An attribute that
    raises is replaced by :class:`AttributeFailure` (its comparisons fail with the
    error; the other tables are still compared)."""
    out = {}
    for key, attr in _ATTRIBUTES.items():
        try:
            out[key] = getattr(est, attr)
        except Exception as exc:  # recorded as failed comparisons, not a crash
            out[key] = AttributeFailure("%s: %s: %s" % (attr, type(exc).__name__, exc))
    return out


class AttributeFailure(str):
    """The error text of a fitted attribute that could not be read."""


def rocstats_case(case, data=None):
    """Fit rocstats on a stored case; ``(result dict, None)`` or ``(None, error text)``."""
    X, y, w, xval = case_inputs(case, data)
    params = estimator_params(case, xval)
    try:
        est = fit_rocstats(case["method"], X, y, sample_weight=w, **params)
        return rocstats_result(est), None
    except Exception as exc:  # recorded as failed comparisons, not a crash
        return None, "%s: %s" % (type(exc).__name__, exc)


def _error_records(error, **labels):
    return [compare([], [], "node", error=error, **dict(labels, item="fit"))]


# --------------------------------------------------------------------- fresh data
def fresh_cases(seed=None):
    """Fresh random data sets drawn in Python and handed to R as they are (live only).

    ``seed`` defaults to ``$ROCSTATS_FRESH_SEED`` or 20240501.  Returns a dict of
    ``{"data", "formula", "method", "control", "parms", "weights", "description"}``;
    ``control["xval"]`` is a fold vector, so xerror / xstd are compared too.
    """
    import pandas as pd

    if seed is None:
        seed = int(os.environ.get("ROCSTATS_FRESH_SEED", "20240501"))
    rng = np.random.default_rng(seed)
    out = {}
    n = 400
    x = rng.normal(size=(n, 3))
    g = rng.integers(0, 5, size=n)
    logit = 1.2 * x[:, 0] - 0.8 * x[:, 1] + np.array([-1.0, 0.5, 0.0, 1.0, -0.5])[g]
    y = np.where(rng.random(n) < 1 / (1 + np.exp(-logit)), "yes", "no")
    x1 = np.round(x[:, 0], 2)
    x1[rng.random(n) < 0.1] = np.nan
    data = pd.DataFrame({"y": pd.Categorical(y, categories=["no", "yes"]), "x1": x1,
                         "x2": np.round(x[:, 1], 1), "x3": x[:, 2],
                         "g": pd.Categorical(np.array(list("abcde"))[g],
                                             categories=list("edcba"))})
    out["fresh_class"] = {
        "description": "400 rows, binary, 3 numeric (x1 10% missing, x2 ties), 5-level factor",
        "data": data, "formula": "y ~ .", "method": "class",
        "control": {"minsplit": 10, "cp": 0.005,
                    "xval": rng.permutation(np.resize(np.arange(1, 11), n))},
        "parms": None, "weights": None}
    n = 300
    g = rng.integers(0, 6, size=n)
    x = rng.normal(size=(n, 2))
    yv = 2 * x[:, 0] + np.array([0.0, 1.5, -1.0, 3.0, 0.5, -2.0])[g] + rng.normal(size=n)
    x2 = np.round(x[:, 1], 1)
    x2[rng.random(n) < 0.15] = np.nan
    data = pd.DataFrame({"y": yv, "x1": x[:, 0], "x2": x2,
                         "g": pd.Categorical(np.array(list("uvwxyz"))[g],
                                             categories=list("uvwxyz"))})
    out["fresh_anova"] = {
        "description": "300 rows, regression, 6-level factor, x2 15% missing, weights",
        "data": data, "formula": "y ~ .", "method": "anova",
        "control": {"minsplit": 15, "xval": rng.permutation(np.resize(np.arange(1, 6), n))},
        "parms": None, "weights": np.round(rng.uniform(0.5, 2.0, size=n), 2)}
    return out


def _fresh_params(spec):
    params = {}
    for key, value in spec["control"].items():
        name = CONTROL_TO_PARAM[key]
        params[name] = value if key == "xval" else (float(value) if key == "cp"
                                                    else int(value))
    for key, value in (spec.get("parms") or {}).items():
        params[{"split": "criterion", "prior": "prior", "loss": "loss"}[key]] = value
    return params


# ------------------------------------------------------------------------ comparisons
def stored_comparisons(names=None):
    """rocstats vs the stored rpart results (source "stored"); needs the engine."""
    out = []
    for name in names or case_names():
        case = load_case(name)
        labels = dict(source="stored", case=name, value_from="rocstats",
                      reference_from="rpart (stored)")
        ours, error = rocstats_case(case)
        if error:
            out += _error_records(error, **labels)
            continue
        out += diff_results(ours, reference_result(case).as_dict(), **labels)
    return out


def live_rpart_case(case, data=None):
    """rpart run now (rpy2) on a stored case's data: an RpartResult."""
    from rocstats.r import rpart as rb

    X, y, w, xval = case_inputs(case, data)
    frame = X.copy()
    frame.insert(0, y.name, y)
    control = {k: v for k, v in case["control"].items() if k != "xval"}
    control["xval"] = xval
    return rb.rpart_fit(case["formula"], frame, method=case["method"], control=control,
                        parms=case.get("parms"), weights=w)


def live_comparisons(names=None, seed=None, *, engine=None):
    """rpart now vs stored (always) and rocstats vs rpart now (when the engine exists),
    on the stored cases and on :func:`fresh_cases`.  Needs R (raises RuntimeError)."""
    from rocstats.r import rpart as rb

    ok, reason = rb.rpart_available()
    if not ok:
        raise RuntimeError("live rpart comparisons need R: %s" % reason)
    if engine is None:
        engine = engine_available()[0]
    out = []
    for name in names or case_names():
        case = load_case(name)
        data, _ = load_dataset(case["dataset"])
        live = live_rpart_case(case, data).as_dict()
        out += diff_results(live, reference_result(case).as_dict(), tol=IDENTICAL,
                            source="live_vs_stored", case=name, value_from="rpart (live)",
                            reference_from="rpart (stored)")
        if engine:
            labels = dict(source="live", case=name, value_from="rocstats",
                          reference_from="rpart (live)")
            ours, error = rocstats_case(case, data)
            out += (_error_records(error, **labels) if error else
                    diff_results(ours, live, **labels))
    if engine:
        for name, spec in fresh_cases(seed).items():
            live = rb.rpart_fit(spec["formula"], spec["data"], method=spec["method"],
                                control=spec["control"], parms=spec["parms"],
                                weights=spec["weights"]).as_dict()
            response, predictors = parse_formula(spec["formula"], list(spec["data"].columns))
            labels = dict(source="live", case=name, value_from="rocstats",
                          reference_from="rpart (live)")
            try:
                est = fit_rocstats(spec["method"], spec["data"][predictors],
                                   spec["data"][response], sample_weight=spec["weights"],
                                   **_fresh_params(spec))
                out += diff_results(rocstats_result(est), live, **labels)
            except Exception as exc:
                out += _error_records("%s: %s" % (type(exc).__name__, exc), **labels)
    return out


# ------------------------------------------------------------------------ the suite
def run(*, live=None, seed=None):
    """Run the suite; returns ``{"metadata": ..., "comparisons": [...]}``.

    ``live``: True requires R, False skips it, None (default) runs it when available.
    The CART engine must import (a RuntimeError otherwise).
    """
    index = load_index()
    engine, engine_reason = engine_available()
    if not engine:  # the engine is part of the package now: its absence is an error
        raise RuntimeError(engine_reason)
    meta = {
        "reference": "rpart",
        "stored": {"generator": index["generator"], "r_helpers": index["r_helpers"],
                   "r_version": index["r_version"], "rpart_version": index["rpart_version"],
                   "r_platform": index["r_platform"], "generated": index["generated"],
                   "cases": {name: {k: c[k] for k in ("r_call", "description", "dataset",
                                                       "xval_vector", "weights_vector")}
                             for name, c in ((n, load_case(n)) for n in index["cases"])}},
        "engine": {"available": engine, "reason": engine_reason},
        "tolerances": {q: {"rtol": t.rtol, "atol": t.atol, "scale": t.scale,
                           "exact": t.exact, "why": t.why} for q, t in TOLERANCES.items()},
        "tolerance_live_vs_stored": {"rtol": IDENTICAL.rtol, "atol": IDENTICAL.atol,
                                     "why": IDENTICAL.why},
    }
    comparisons = stored_comparisons() if engine else []
    live_info = {"requested": live, "ran": False}
    if live is not False:
        from rocstats.r import rpart as rb

        ok, reason = rb.rpart_available()
        live_info["available"] = ok
        live_info["reason"] = reason
        if ok:
            comparisons += live_comparisons(seed=seed, engine=engine)
            live_info["ran"] = True
            live_info["versions"] = rb.rpart_versions()
            live_info["fresh_seed"] = (seed if seed is not None else
                                       int(os.environ.get("ROCSTATS_FRESH_SEED", "20240501")))
        elif live:
            raise RuntimeError("live comparisons requested but R is unavailable: %s" % reason)
    meta["live"] = live_info
    return {"metadata": meta, "comparisons": comparisons}


# ------------------------------------------------------------- consistency of results
def _preorder(node, internal):
    out, stack = [], [node]
    while stack:
        k = stack.pop()
        out.append(k)
        if k in internal:
            stack += [2 * k + 1, 2 * k]
    return out


def _close(a, b, rtol=1e-12, scale=0.0):
    return abs(a - b) <= rtol * max(abs(a), abs(b), scale)


def consistency_problems(res, X, y, weights=None, *, control=None, parms=None,
                         xval_given=None):
    """Check an rpart result (:class:`rocstats.r.rpart.RpartResult`) against itself and
    against the data it was fitted on, computed independently here from the rows; returns
    a list of problems (empty = consistent).

    Checks: frame rows in preorder of the node numbers; the rows reaching a node (those
    whose ``where`` is the node or below it) give its ``n``, ``wt``, class counts /
    mean and deviance (no priors / loss: probabilities, nodeprob, misclassification
    risk); the splits rows follow the frame (1 + ncompete + nsurrogate per internal node,
    primary named after ``var``); every primary split sends the node's rows with the
    variable present exactly to the child its ``ncat`` / ``index`` / ``csplit`` say, and
    ``csplit`` marks with 2 exactly the levels absent from the node; cptable monotone,
    xerror present iff cross-validation ran; variable importance decreasing.
    """
    import pandas as pd

    control = dict(control or {})
    parms = dict(parms or {})
    problems = []
    fr, sp, cp = res.frame, res.splits, res.cptable
    nodes = [int(k) for k in fr.index]
    var = dict(zip(nodes, fr["var"]))
    internal = {k for k in nodes if var[k] != "<leaf>"}
    leaves = set(nodes) - internal
    if nodes != _preorder(1, internal):
        problems.append("frame rows are not the preorder of the node numbers")
    for k in internal:
        if 2 * k not in var or 2 * k + 1 not in var:
            problems.append("internal node %d lacks a child" % k)
    for k in nodes:
        if k > 1 and (k // 2) not in internal:
            problems.append("node %d has no internal parent" % k)
    n_obs = len(y)
    w = np.ones(n_obs) if weights is None else np.asarray(weights, dtype=np.float64)
    where = np.asarray(res.where, dtype=np.int64)
    if where.size != n_obs:
        problems.append("where has %d entries for %d rows" % (where.size, n_obs))
        return problems
    if not set(where.tolist()) <= set(nodes):
        problems.append("where names nodes that are not in frame")
        return problems
    if int(control.get("usesurrogate", 2)) == 2 and not set(where.tolist()) <= leaves:
        problems.append("usesurrogate = 2 but some rows end at an internal node")
    # rows reaching each node: where is the node or a descendant (ancestor test by halving)
    reach = {}
    anc = where.copy()
    for _ in range(64):
        for k in set(anc.tolist()):
            if k >= 1:
                reach.setdefault(k, np.zeros(n_obs, dtype=bool))
                reach[k] |= anc == k
        anc = anc // 2
        if not anc.any():
            break
    is_class = res.classes is not None
    yv = np.asarray(y)
    no_prior_loss = "prior" not in parms and "loss" not in parms
    root_wt = float(w.sum())
    root_dev = float(fr["dev"].iloc[0])
    for k in nodes:
        rows = reach.get(k, np.zeros(n_obs, dtype=bool))
        row = fr.loc[k]
        if int(row["n"]) != int(rows.sum()):
            problems.append("node %d: n %d but %d rows reach it" % (k, row["n"], rows.sum()))
        if not _close(float(row["wt"]), float(w[rows].sum())):
            problems.append("node %d: wt %r but the rows' weights sum to %r"
                            % (k, row["wt"], w[rows].sum()))
        if is_class:
            # rpart's numclass: classes up to the last level in use (trailing unused
            # levels have no columns); every class after them has no rows
            fitted = [c for c in res.classes if "count_%s" % c in fr.columns]
            if fitted != list(res.classes[:len(fitted)]) or \
                    any((yv == c).any() for c in res.classes[len(fitted):]):
                problems.append("node %d: class columns %s are not the levels up to the "
                                "last one in use" % (k, fitted))
            counts = np.array([w[rows & (yv == c)].sum() for c in fitted])
            stored = np.array([row["count_%s" % c] for c in fitted], dtype=float)
            if not np.allclose(stored, counts, rtol=1e-12, atol=0):
                problems.append("node %d: class counts %s, rows give %s" % (k, stored, counts))
            probs = np.array([row["prob_%s" % c] for c in fitted], dtype=float)
            if not _close(probs.sum(), 1.0):
                problems.append("node %d: class probabilities sum to %r" % (k, probs.sum()))
            if not 1 <= int(row["yval"]) <= len(fitted):
                problems.append("node %d: yval %r is not a class index" % (k, row["yval"]))
            elif row["yval_label"] != res.classes[int(row["yval"]) - 1]:
                problems.append("node %d: yval_label does not match yval" % k)
            if no_prior_loss:
                tot = counts.sum()
                if not np.allclose(probs, counts / tot, rtol=1e-12, atol=1e-15):
                    problems.append("node %d: probabilities are not counts / total" % k)
                if not _close(float(row["nodeprob"]), tot / root_wt):
                    problems.append("node %d: nodeprob is not wt / root wt" % k)
                if not _close(float(row["dev"]), tot - counts.max(), scale=root_wt):
                    problems.append("node %d: dev %r is not the misclassified weight %r"
                                    % (k, row["dev"], tot - counts.max()))
                if probs[int(row["yval"]) - 1] != probs.max():
                    problems.append("node %d: yval is not the most probable class" % k)
        else:
            yk, wk = yv[rows].astype(float), w[rows]
            mean = float((wk * yk).sum() / wk.sum())
            dev = float((wk * (yk - mean) ** 2).sum())
            if not _close(float(row["yval"]), mean, 1e-12, abs(float(fr["yval"].iloc[0]))):
                problems.append("node %d: yval %r, weighted mean of its rows %r"
                                % (k, row["yval"], mean))
            if not _close(float(row["dev"]), dev, 1e-9, root_dev):
                problems.append("node %d: dev %r, weighted sum of squares %r"
                                % (k, row["dev"], dev))
    # splits layout
    expected = sum(1 + int(fr.loc[k, "ncompete"]) + int(fr.loc[k, "nsurrogate"])
                   for k in nodes if k in internal)
    if len(sp) != expected:
        problems.append("splits has %d rows, frame implies %d" % (len(sp), expected))
        return problems
    pos = 0
    for k in nodes:
        if k not in internal:
            continue
        nc, ns = int(fr.loc[k, "ncompete"]), int(fr.loc[k, "nsurrogate"])
        block = sp.iloc[pos:pos + 1 + nc + ns]
        pos += 1 + nc + ns
        if list(block["node"]) != [k] * len(block):
            problems.append("node %d: splits rows carry other node numbers" % k)
        if list(block["type"]) != ["primary"] + ["competitor"] * nc + ["surrogate"] * ns:
            problems.append("node %d: splits rows are not primary, competitors, surrogates" % k)
        if block["var"].iloc[0] != var[k]:
            problems.append("node %d: primary split on %r, frame says %r"
                            % (k, block["var"].iloc[0], var[k]))
        if nc > int(control.get("maxcompete", 4)) or ns > int(control.get("maxsurrogate", 5)):
            problems.append("node %d: more competitors / surrogates than allowed" % k)
    for i, s in sp.iterrows():
        if s["var"] not in X.columns:
            problems.append("splits row %d: unknown variable %r" % (i + 1, s["var"]))
            continue
        col = X[s["var"]]
        categorical = isinstance(col.dtype, pd.CategoricalDtype)
        if categorical:
            q = len(col.cat.categories)
            cs = s["csplit"]
            if (s["ncat"] != q or cs is None or len(cs) != q or not set(cs) <= {1, 2, 3}
                    or not math.isnan(s["index"])):
                problems.append("splits row %d: categorical %r with ncat %r, csplit %r"
                                % (i + 1, s["var"], s["ncat"], cs))
                continue
        elif s["ncat"] not in (-1, 1) or s["csplit"] is not None:
            problems.append("splits row %d: numeric %r with ncat %r" % (i + 1, s["var"],
                                                                         s["ncat"]))
            continue
        k = int(s["node"])
        rows = reach[k]
        present = rows & col.notna().to_numpy()
        if s["type"] != "surrogate" and s["count"] != present.sum():
            problems.append("splits row %d: count %r, %d rows of node %d have %r"
                            % (i + 1, s["count"], present.sum(), k, s["var"]))
        if s["type"] == "surrogate":
            # rpart's count of a surrogate: the node's rows it routes, i.e. the primary
            # variable and every better-ranked surrogate missing, this variable present
            # (0 with usesurrogate = 0, where surrogates route nothing)
            block = sp[(sp["node"] == k) & (sp.index < i) & (sp["type"] != "competitor")]
            unrouted = rows.copy()
            for v in block["var"]:
                unrouted &= X[v].isna().to_numpy()
            if int(control.get("usesurrogate", 2)) == 0:
                unrouted[:] = False
            if s["count"] != (unrouted & present).sum():
                problems.append("splits row %d: surrogate count %r, it routes %d rows"
                                % (i + 1, s["count"], (unrouted & present).sum()))
        if s["type"] != "primary":
            continue
        left, right = reach.get(2 * k), reach.get(2 * k + 1)
        if categorical:
            codes = col.cat.codes.to_numpy()
            here = set(codes[present].tolist())
            for j, c in enumerate(s["csplit"]):
                if (c == 2) != (j not in here):
                    problems.append("node %d: csplit says level %r is %s the node"
                                    % (k, col.cat.categories[j],
                                       "absent from" if c == 2 else "present in"))
            if 1 not in s["csplit"] or 3 not in s["csplit"]:
                problems.append("node %d: categorical primary split with an empty side" % k)
            go_left = np.isin(codes, [j for j, c in enumerate(s["csplit"]) if c == 1])
        else:
            x = col.to_numpy(dtype=float)
            with np.errstate(invalid="ignore"):
                go_left = (x < s["index"]) if s["ncat"] == -1 else (x >= s["index"])
        # rows with the variable present are routed by the primary split itself
        if (left[present] != go_left[present]).any() or (right[present] == go_left[present]).any():
            problems.append("node %d: the primary split does not send its rows to the "
                            "children that frame / where show" % k)
    # cptable
    if not (np.diff(cp["CP"].to_numpy()) < 0).all():
        problems.append("cptable CP is not strictly decreasing")
    if not (np.diff(cp["nsplit"].to_numpy()) > 0).all():
        problems.append("cptable nsplit is not increasing")
    rel = cp["rel error"].to_numpy()
    if not _close(rel[0], 1.0) or (np.diff(rel) > 1e-12).any():
        problems.append("cptable rel error does not start at 1 and decrease")
    if int(cp["nsplit"].iloc[-1]) != len(internal):
        problems.append("last cptable row has %d splits, the tree %d"
                        % (cp["nsplit"].iloc[-1], len(internal)))
    if xval_given is not None:
        has_x = cp["xerror"].notna().to_numpy()
        if (has_x.all() != bool(xval_given)) or (has_x.any() != bool(xval_given)):
            problems.append("xerror present = %s but cross-validation given = %s"
                            % (has_x.any(), xval_given))
        if (cp["xstd"].notna().to_numpy() != has_x).any():
            problems.append("xstd and xerror are not present together")
    vi = res.variable_importance
    if len(vi) and ((np.diff(vi.to_numpy()) > 0).any() or (vi.to_numpy() <= 0).any()):
        problems.append("variable importance is not positive and decreasing")
    if not set(vi.index) <= set(X.columns) or len(set(vi.index)) != len(vi):
        problems.append("variable importance names are not distinct predictors")
    return problems
