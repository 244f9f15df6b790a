"""Run rpart live through rpy2 and read its results in the shapes of ``rocstats.tree``;
move fitted trees between R and rocstats (`to_rpart`, `from_rpart`).

`to_rpart` turns a fitted rocstats tree into an R object of class ``rpart``
(assembled by ``rpart_object.R`` from the pieces of
`rocstats.tree._rpart.rpart_components`); `from_rpart` reads the same pieces
out of any rpart object (``rocstats_rpart_components`` in ``rpart_object.R``, as JSON)
and makes a fitted estimator (`rocstats.tree._rpart.from_rpart_components`).  The
stored references of the ``rpart_interop`` suite come from the same R code.

Every fit sources ``rpart_helpers.R`` (next to this file) once into a private R
environment and calls ``rocstats_rpart_json`` there::

    rpart(formula, data = data, method = method, weights = weights,
          parms = parms, control = do.call(rpart.control, control))

The generator of the ``rpart_parity`` suite's stored results sources the same file,
and both paths hand their results to Python as the
same JSON text (numbers written round-trip exact), which `result_from_json` turns
into pandas objects shaped like the fitted attributes of
`rocstats.tree.CARTClassifier` / `rocstats.tree.CARTRegressor`
(``frame_``, ``cptable_``, ``splits_``, ``where_``, ``variable_importance_``; see
``notes/cart_api.md``).  So stored and live reference numbers come from identical R code
and identical Python code.

How rpart lays out its results, and how they are converted here:

* ``frame``: one row per node in rpart's order (preorder), index = node number (the
  root is 1, the children of node k are 2k and 2k + 1).  For classification rpart's
  ``yval2`` matrix holds ``yval``, the K class counts, the K class probabilities and
  ``nodeprob``; they become the columns ``count_<label>``, ``prob_<label>`` and
  ``nodeprob``; ``yval`` stays the 1-based class index and ``yval_label`` is added.
* ``cptable``: ``CP``, ``nsplit``, ``rel error``, ``xerror``, ``xstd`` (the last two NaN
  when rpart ran no cross-validation).
* ``splits``: rpart's matrix has no node column: for each internal node in frame order it
  holds 1 primary row, ``ncompete`` competitor rows and ``nsurrogate`` surrogate rows.
  The columns ``node`` and ``type`` are derived that way (the R side checks that the row
  counts add up and that every primary row is named after the node's ``frame$var``).
  For categorical rows (``ncat`` > 1) rpart's ``index`` is a row of ``csplit``; here
  ``index`` is NaN and ``csplit`` holds that row's first ``ncat`` entries as a tuple
  (1 = left, 2 = level absent from the node, 3 = right).  Numeric rows: ``csplit`` None.
* ``where``: rpart gives frame row numbers; converted to node numbers.
* ``variable_importance``: a Series in rpart's order (decreasing).

Data cross the bridge inside ``localconverter(default_converter + numpy2ri.converter +
pandas2ri.converter)`` (never the global ``activate()``): numeric columns arrive as R
doubles / integers, pandas ``Categorical`` columns as factors with the categories as
levels in order (pass categorical data as Categorical: character columns are refused,
since R would order their levels by the locale's collation).  NaN becomes NA.
"""
import functools
import json
import math
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ._session import r_package_status, source_helpers

__all__ = ["rpart_available", "rpart_versions", "rpart_fit", "rpart_json", "to_rpart",
           "from_rpart", "rpart_components_from_r", "rpart_print",
           "result_from_json", "RpartResult", "RPART_VERSION", "HELPERS_R",
           "CONTROL_NAMES"]

#: The rpart version the stored results were made with (live runs with another
#: version are allowed, but the live-vs-stored comparison then need not be identical).
RPART_VERSION = "4.1.19"
#: The R code run by this module (and by the generator of the stored results).
HELPERS_R = Path(__file__).with_name("rpart_helpers.R")
#: rpart.control argument names accepted in ``control``.
CONTROL_NAMES = ("minsplit", "minbucket", "cp", "maxcompete", "maxsurrogate",
                 "usesurrogate", "xval", "surrogatestyle", "maxdepth")
_METHODS = ("class", "anova")


@functools.lru_cache(maxsize=None)
def rpart_available():
    """Whether rpart can be run through rpy2: ``(True, description)`` or ``(False, reason)``.

    Checks, in order: rpy2 importable, the embedded R starts, rpart installed, and the R
    helper file present.  Never raises.
    """
    ok, pkg = r_package_status("rpart")
    if not ok:
        return False, pkg
    try:
        import pandas  # noqa: F401
        from rpy2.robjects import pandas2ri  # noqa: F401
    except Exception as exc:
        return False, "pandas / rpy2's pandas converter is unavailable: %s" % exc
    if not HELPERS_R.is_file():
        return False, "the R helper file %s is missing from this installation" % HELPERS_R
    return True, "%s, rpart %s, rpy2 %s" % (pkg.r_version, pkg.version, pkg.rpy2_version)


def _require():
    ok, reason = rpart_available()
    if not ok:
        raise RuntimeError("rocstats.r.rpart: rpart is not available: %s" % reason)


@functools.lru_cache(maxsize=None)
def _helpers():
    """The R environment holding the functions of rpart_helpers.R (sourced once)."""
    _require()
    return source_helpers(HELPERS_R)


def rpart_versions():
    """Versions seen by the bridge: ``r_version``, ``rpart_version``, ``platform``,
    ``rpy2_version``."""
    _require()
    import rpy2
    from rpy2.robjects import default_converter
    from rpy2.robjects.conversion import localconverter

    with localconverter(default_converter):
        out = _helpers()["rocstats_rpart_versions"]()
        versions = {str(k): str(v[0]) for k, v in out.items()}
    versions["rpy2_version"] = rpy2.__version__
    return versions


# --------------------------------------------------------------------- arguments
def _check_data(data):
    import pandas as pd

    if not isinstance(data, pd.DataFrame):
        raise ValueError("data must be a pandas DataFrame, got %s" % type(data).__name__)
    out = {}
    for name in data.columns:
        col = data[name]
        if isinstance(col.dtype, pd.CategoricalDtype):
            cats = col.cat.categories
            if not all(isinstance(c, str) for c in cats):
                raise ValueError("data[%r]: categorical levels must be strings" % (name,))
            out[name] = col.array
        elif col.dtype.kind == "b":
            out[name] = col.astype(np.int64).to_numpy()
        elif col.dtype.kind in "iu":
            out[name] = col.astype(np.int64).to_numpy()
        elif col.dtype.kind == "f":
            out[name] = col.astype(np.float64).to_numpy()
        else:
            raise ValueError("data[%r] has dtype %s: pass numeric columns or pandas "
                             "Categorical columns (R factor levels must be explicit)"
                             % (name, col.dtype))
    return pd.DataFrame(out, index=pd.RangeIndex(len(data)))


def _control_args(control):
    control = dict(control or {})
    for key in control:
        if key not in CONTROL_NAMES:
            raise ValueError("control: unknown rpart.control argument %r (known: %s)"
                             % (key, ", ".join(CONTROL_NAMES)))
    out = {}
    for key, value in control.items():
        arr = np.asarray(value)
        if key == "xval" and arr.ndim == 1:
            out[key] = np.ascontiguousarray(arr.astype(np.int64))
        elif arr.ndim == 0:
            out[key] = float(arr)
        else:
            raise ValueError("control[%r] must be a number%s" % (
                key, " or a 1-d vector of fold ids" if key == "xval" else ""))
    return out


def _parms_args(parms):
    if not parms:
        return None
    out = {}
    for key, value in parms.items():
        if key == "split":
            if value not in ("gini", "information"):
                raise ValueError("parms['split'] must be 'gini' or 'information', got %r"
                                 % (value,))
            out[key] = np.array([value])
        elif key == "prior":
            out[key] = np.ascontiguousarray(np.asarray(value, dtype=np.float64).ravel())
        elif key == "loss":
            loss = np.asarray(value, dtype=np.float64)
            if loss.ndim != 2 or loss.shape[0] != loss.shape[1]:
                raise ValueError("parms['loss'] must be a square matrix, got shape %s"
                                 % (loss.shape,))
            out[key] = np.asfortranarray(loss)
        else:
            raise ValueError("parms: unknown entry %r (known: split, prior, loss)" % (key,))
    return out


def rpart_json(formula, data, *, method, control=None, parms=None, weights=None):
    """Fit rpart and return the helper's JSON text (the stored files' ``result`` layout).

    Parameters as `rpart_fit`.
    """
    _require()
    if method not in _METHODS:
        raise ValueError("method must be one of %s, got %r" % (_METHODS, method))
    frame = _check_data(data)
    ctrl = _control_args(control)
    prm = _parms_args(parms)
    if weights is not None:
        weights = np.ascontiguousarray(np.asarray(weights, dtype=np.float64).ravel())
        if weights.size != len(frame):
            raise ValueError("weights must have one value per row of data (%d), got %d"
                             % (len(frame), weights.size))
    from rpy2 import robjects
    from rpy2.robjects import default_converter, numpy2ri, pandas2ri
    from rpy2.robjects.conversion import localconverter

    fun = _helpers()["rocstats_rpart_json"]
    with localconverter(default_converter + numpy2ri.converter + pandas2ri.converter):
        conv = robjects.conversion.get_conversion()
        r_data = conv.py2rpy(frame)
        r_control = robjects.ListVector({k: conv.py2rpy(v) if isinstance(v, np.ndarray) else v
                                         for k, v in ctrl.items()})
        r_parms = (robjects.NULL if prm is None else
                   robjects.ListVector({k: conv.py2rpy(v) for k, v in prm.items()}))
        r_weights = robjects.NULL if weights is None else conv.py2rpy(weights)
        out = fun(str(formula), r_data, method, r_control, r_parms, r_weights)
        return str(np.asarray(out).ravel()[0])


def rpart_fit(formula, data, *, method, control=None, parms=None, weights=None):
    """Fit rpart live and return its results in rocstats' shapes.

    Parameters
    ----------
    formula : str
        An R formula, e.g. ``"Kyphosis ~ Age + Number + Start"`` or ``"y ~ ."``.
    data : pandas.DataFrame
        Numeric columns and pandas Categorical columns (R factors, levels in category
        order).  NaN = missing.
    method : {"class", "anova"}
    control : dict, optional
        ``rpart.control`` arguments by R name (``minsplit``, ``minbucket``, ``cp``,
        ``maxcompete``, ``maxsurrogate``, ``usesurrogate``, ``xval`` -- a number or a
        per-row vector of fold ids --, ``surrogatestyle``, ``maxdepth``).  rpart's
        defaults apply to the rest; note that rpart's default ``xval = 10`` draws random
        folds from R's generator, so pass ``xval=0`` or a fold vector for reproducible
        cross-validation.
    parms : dict, optional
        ``split`` ("gini" / "information"), ``prior`` (class probabilities in class
        order), ``loss`` (K x K, rows = true class, columns = predicted class).
    weights : array-like, optional
        Case weights (rpart's ``weights``).

    Returns
    -------
    RpartResult
    """
    return result_from_json(rpart_json(formula, data, method=method, control=control,
                                       parms=parms, weights=weights))


# --------------------------------------------------------------------- results
@dataclass(frozen=True)
class RpartResult:
    """rpart's results in the shapes of rocstats.tree's fitted attributes.

    Attributes
    ----------
    method : str
        ``"class"`` or ``"anova"``.
    classes : tuple of str or None
        Class labels (R's factor levels) for ``"class"``.
    frame, cptable, splits : pandas.DataFrame
        As ``frame_``, ``cptable_``, ``splits_`` of rocstats.tree's estimators.
    where : ndarray of int64
        Leaf node number of each row.
    variable_importance : pandas.Series
    raw : dict
        The parsed JSON the above were built from.
    """

    method: str
    classes: tuple
    frame: object
    cptable: object
    splits: object
    where: np.ndarray
    variable_importance: object
    raw: dict = field(repr=False)

    def as_dict(self):
        """``{"frame", "cptable", "splits", "where", "variable_importance"}``."""
        return {"frame": self.frame, "cptable": self.cptable, "splits": self.splits,
                "where": self.where, "variable_importance": self.variable_importance}


def _floats(values):
    return np.array([math.nan if v is None else float(v) for v in values], dtype=np.float64)


def result_from_json(raw):
    """Build an `RpartResult` from the helper's JSON (text or parsed dict)."""
    import pandas as pd

    if isinstance(raw, (str, bytes)):
        raw = json.loads(raw)
    classes = tuple(raw["classes"]) if raw.get("classes") is not None else None
    fr = raw["frame"]
    nodes = pd.Index(np.asarray(fr["node"], dtype=np.int64), name="node")
    frame = pd.DataFrame({
        "var": pd.Series(fr["var"], dtype=object, index=nodes),
        "n": np.asarray(fr["n"], dtype=np.int64),
        "wt": _floats(fr["wt"]),
        "dev": _floats(fr["dev"]),
        "yval": (np.asarray(fr["yval"], dtype=np.int64) if classes is not None
                 else _floats(fr["yval"])),
        "complexity": _floats(fr["complexity"]),
        "ncompete": np.asarray(fr["ncompete"], dtype=np.int64),
        "nsurrogate": np.asarray(fr["nsurrogate"], dtype=np.int64),
    }, index=nodes)
    if classes is not None:
        for label, col in zip(classes, fr["counts"]):
            frame["count_%s" % label] = _floats(col)
        for label, col in zip(classes, fr["probs"]):
            frame["prob_%s" % label] = _floats(col)
        frame["nodeprob"] = _floats(fr["nodeprob"])
        frame["yval_label"] = pd.Series([classes[i - 1] for i in fr["yval"]], dtype=object,
                                        index=nodes)
    cp = raw["cptable"]
    cptable = pd.DataFrame({"CP": _floats(cp["CP"]),
                            "nsplit": np.asarray(cp["nsplit"], dtype=np.int64),
                            "rel error": _floats(cp["rel_error"]),
                            "xerror": _floats(cp["xerror"]),
                            "xstd": _floats(cp["xstd"])})
    sp = raw["splits"]
    ncat = np.asarray(sp["ncat"], dtype=np.int64)
    index = _floats(sp["index"])
    index[ncat > 1] = math.nan
    splits = pd.DataFrame({
        "node": np.asarray(sp["node"], dtype=np.int64),
        "var": pd.Series(sp["var"], dtype=object),
        "type": pd.Series(sp["type"], dtype=object),
        "count": _floats(sp["count"]),
        "ncat": ncat,
        "improve": _floats(sp["improve"]),
        "index": index,
        "adj": _floats(sp["adj"]),
        "csplit": pd.Series([None if c is None else tuple(int(v) for v in c)
                             for c in sp["csplit"]], dtype=object),
    })
    vi = raw["variable_importance"]
    importance = pd.Series(_floats(vi["values"]), index=pd.Index(vi["names"], dtype=object),
                           dtype=np.float64)
    return RpartResult(method=raw["method"], classes=classes, frame=frame, cptable=cptable,
                       splits=splits, where=np.asarray(raw["where"], dtype=np.int64),
                       variable_importance=importance, raw=raw)


# --------------------------------------------------------------------- rpart objects
#: The R code that builds rpart objects and takes them apart (sourced after HELPERS_R).
OBJECT_R = Path(__file__).with_name("rpart_object.R")


@functools.lru_cache(maxsize=None)
def _object_env():
    """The R environment of rpart_object.R, whose parent holds rpart_helpers.R."""
    _require()
    if not OBJECT_R.is_file():
        raise RuntimeError("the R helper file %s is missing from this installation"
                           % OBJECT_R)
    from rpy2 import robjects

    load = robjects.r("function(path, parent) { env <- new.env(parent = parent); "
                      "sys.source(path, envir = env, keep.source = FALSE); env }")
    return load(str(OBJECT_R), _helpers())


def _to_r(value):
    """A Python value of the rpart pieces as an R object: dicts -> named lists, lists of
    numbers (None = NA) / strings / booleans -> vectors, other lists -> unnamed lists,
    None -> NULL.  Call inside a converter context."""
    import numbers as _numbers

    from rpy2 import robjects as ro

    if value is None:
        return ro.NULL
    if isinstance(value, dict):
        return ro.ListVector([(str(k), _to_r(v)) for k, v in value.items()]) if value \
            else ro.r("structure(list(), names = character(0))")
    if isinstance(value, np.ndarray):
        value = value.tolist()
    if isinstance(value, (bool, np.bool_)):
        return ro.BoolVector([bool(value)])
    if isinstance(value, _numbers.Integral):
        return ro.IntVector([int(value)])
    if isinstance(value, _numbers.Real):
        return ro.FloatVector([float(value)])
    if isinstance(value, str):
        return ro.StrVector([value])
    items = list(value)
    if not items:
        return ro.r("list()")
    if all(isinstance(v, (bool, np.bool_)) for v in items):
        return ro.BoolVector([bool(v) for v in items])
    if all(v is None or (isinstance(v, _numbers.Real) and not isinstance(v, (bool, np.bool_)))
           for v in items):
        if all(isinstance(v, _numbers.Integral) for v in items):
            return ro.IntVector([int(v) for v in items])
        return ro.FloatVector([ro.NA_Real if v is None else float(v) for v in items])
    if all(isinstance(v, str) for v in items):
        return ro.StrVector(items)
    return ro.r["list"](*[_to_r(v) for v in items])


def to_rpart(fit, *, data=None):
    """A fitted rocstats tree as an R object of class ``rpart`` (through rpy2).

    The object is what ``rpart()`` returns -- ``frame`` (with ``yval2``), ``splits``
    (with ``csplit`` for factor splits), ``cptable``, ``where``, ``terms``, ``call``,
    ``method``, ``parms``, ``control``, ``functions``, ``numresp``, ``ordered``,
    ``variable.importance`` and the ``xlevels`` / ``ylevels`` attributes -- so R's
    ``predict(obj, newdata, type = "prob" | "class" | "vector")``, ``print``,
    ``printcp``, ``summary``, ``prune``, ``plot`` + ``text`` take it as they take an
    rpart fit.  `rocstats.tree._rpart.rpart_components` lists what is translated
    for the AUC and ROC trees (their ``x <= c`` splits, ``parms$split = "auc"`` /
    ``"rossa"``); the ``call`` names the rocstats estimator and its parameters, and the
    attribute ``rocstats`` (JSON text) lets `from_rpart` give back the same
    estimator.

    Parameters
    ----------
    fit : fitted CARTClassifier, CARTRegressor, AUCTreeClassifier or ROCTreeClassifier
    data : pandas.DataFrame, optional
        The training data (response and predictors by name, the rows of the fit, pandas
        Categorical for factors).  Kept as the model frame (rpart's ``model = TRUE``),
        which ``partykit::as.party(obj)`` and ``model.frame(obj)`` need.

    Returns
    -------
    rpy2.robjects.vectors.ListVector
        The R object; ``rpy2.robjects.globalenv["fit"] = obj`` makes it visible to R
        code.

    Examples
    --------
    >>> from rocstats.r.rpart import to_rpart                  # doctest: +SKIP
    >>> obj = to_rpart(fit)                                   # doctest: +SKIP
    >>> rpy2.robjects.r["predict"](obj, newdata, type="prob")   # doctest: +SKIP
    """
    from ..tree._rpart import rpart_components

    comp = rpart_components(fit)
    meta = comp.pop("rocstats")
    comp["rocstats_json"] = json.dumps(meta)
    env = _object_env()
    from rpy2 import robjects as ro
    from rpy2.robjects import default_converter, numpy2ri, pandas2ri
    from rpy2.robjects.conversion import localconverter

    with localconverter(default_converter + numpy2ri.converter + pandas2ri.converter):
        conv = ro.conversion.get_conversion()
        r_data = ro.NULL
        if data is not None:
            names = [comp["response"]["name"]] + [v["name"] for v in comp["variables"]]
            import pandas as pd

            if not isinstance(data, pd.DataFrame):
                raise ValueError("data must be a pandas DataFrame with the response and the "
                                 "predictors, got %s" % type(data).__name__)
            missing = [c for c in names if c not in data.columns]
            if missing:
                raise ValueError("data lacks the column(s) %s of the fit (%s)"
                                 % (missing, names))
            if len(data) != comp["n_obs"]:
                raise ValueError("data has %d rows, the fit %d" % (len(data), comp["n_obs"]))
            r_data = conv.py2rpy(_check_data(data[names]))
    with localconverter(default_converter):
        return env["rocstats_rpart_build"](_to_r(comp), r_data)


def rpart_components_from_r(robj):
    """The pieces of any R ``rpart`` object (see `rocstats.tree._rpart`) as a
    dict, read through rpart_object.R's ``rocstats_rpart_components`` (JSON)."""
    env = _object_env()
    from rpy2.robjects import default_converter
    from rpy2.robjects.conversion import localconverter

    with localconverter(default_converter):
        text = str(env["rocstats_rpart_components"](robj)[0])
    raw = json.loads(text)
    meta = raw.pop("rocstats_json", None)
    if meta:
        raw["rocstats"] = json.loads(meta)
    return raw


def from_rpart(robj):
    """A fitted rocstats estimator from an R ``rpart`` object (through rpy2).

    ``method = "class"`` gives a `rocstats.tree.CARTClassifier`, ``"anova"`` a
    `rocstats.tree.CARTRegressor` (an object made by `to_rpart` gives back
    its own estimator).  It predicts as R's ``predict`` (same frame, splits, surrogates
    and ``usesurrogate``), prints as ``print.rpart``, and ``prune(cp)`` keeps what R's
    ``prune`` keeps; see `rocstats.tree._rpart.from_rpart_components`.

    Parameters
    ----------
    robj : rpy2 object of R class ``rpart``
        E.g. ``rpy2.robjects.r("rpart::rpart(Kyphosis ~ ., rpart::kyphosis)")``.

    Returns
    -------
    fitted estimator
    """
    from ..tree._rpart import from_rpart_components

    return from_rpart_components(rpart_components_from_r(robj))


def rpart_print(robj, *, digits=7):
    """R's ``print(robj, digits = digits)`` of an rpart object, as text."""
    env = _object_env()
    from rpy2.robjects import default_converter
    from rpy2.robjects.conversion import localconverter

    with localconverter(default_converter):
        lines = [str(s) for s in env["rocstats_rpart_print"](robj, digits)]
    return "\n".join(lines) + "\n"
