"""A fitted tree in rpart's layout and back, without R: the pieces of an R ``rpart``
object as plain Python values (`rpart_components`), and a fitted rocstats
estimator made from such pieces (`from_rpart_components`).

The R side (``rocstats.r.to_rpart`` / ``rocstats.r.from_rpart``, through rpy2) only
moves these pieces across: ``rocstats/r/rpart_object.R`` (shipped) assembles a real ``rpart``
object from them, and extracts the same pieces from any ``rpart`` object.  The stored
references of the ``rpart_interop`` validation suite hold these pieces as R
extracted them from its own fits, so both directions are also checked without R.

The pieces (a dict; names as R's, lists of plain numbers and strings):

``method``
    ``"class"`` or ``"anova"``.
``classes``
    rpart's ``attr(fit, "ylevels")`` (strings; None for regression).
``frame``
    rpart's ``frame`` by column: ``node`` (the row names), ``var``, ``n``, ``wt``,
    ``dev``, ``yval``, ``complexity`` (scaled by the root's ``dev``), ``ncompete``,
    ``nsurrogate`` and, for classification, ``yval2`` by pieces: ``counts`` and
    ``probs`` (one list per class of ``numclass``) and ``nodeprob``.
``splits``
    rpart's ``splits`` matrix by row, with the node and the type (primary / competitor /
    surrogate) of each row, and ``csplit`` (the row of ``fit$csplit``, first ``ncat``
    entries: 1 left, 2 absent, 3 right) for categorical rows.
``cptable``
    ``CP``, ``nsplit``, ``rel_error``, ``xerror``, ``xstd`` (the last two None/NaN when
    no cross-validation ran).
``where``
    The node number of each training row (rpart's ``where`` holds frame rows; the R
    side converts).
``variable_importance``
    ``names`` and ``values``.
``variables``, ``response``
    The predictors in the model's order with their R class (``numeric``, ``factor``,
    ``ordered``) and levels, and the response's name and class (rpart's ``terms``,
    ``attr(terms, "dataClasses")``, ``attr(fit, "xlevels")``, ``fit$ordered``).
``parms``, ``control``, ``call``, ``na_action``
    ``fit$parms`` (``prior``, ``loss`` as a list of rows, ``split``), ``fit$control``,
    the call as R text, and the rows rpart dropped (``fit$na.action``: a missing
    response or every predictor missing; kept as ``na_action_``, which ``print`` names).
``rocstats``
    Only for objects made by rocstats: the estimator's class and parameters, the class
    labels with their Python type, and whether it was fitted on a DataFrame -- so that
    ``from_rpart(to_rpart(fit))`` gives back the same estimator.

Which rpart field each fitted attribute matches: ``frame_`` = ``frame`` (index = node
number), ``splits_`` = ``splits`` + ``csplit``, ``cptable_`` = ``cptable``,
``variable_importance_`` = ``variable.importance``, ``where_frame_`` = ``where`` (frame
row numbers, 1-based), ``where_`` = the node numbers of ``where``
(``as.integer(rownames(frame))[where]``), ``classes_`` = ``attr(, "ylevels")``.
"""
import math
import numbers

import numpy as np

from ._data import CATEGORICAL, NUMERIC, ORDERED, FeatureInfo
from ._tree import CATEGORICAL as CAT_SPLIT, GE, LE, LT, Split, Tree

__all__ = ["rpart_components", "from_rpart_components", "ESTIMATORS"]

#: Estimators whose fits cross to R (class name -> how rpart names their split rule).
ESTIMATORS = ("CARTClassifier", "CARTRegressor", "AUCTreeClassifier", "ROCTreeClassifier")


def _num(x):
    x = float(x)
    return None if math.isnan(x) else x


def _nums(values):
    return [_num(v) for v in np.asarray(values, dtype=np.float64).ravel()]


def _plain(v):
    return v.item() if isinstance(v, np.generic) else v


def _r_label(c):
    c = _plain(c)
    if isinstance(c, bool):
        return "TRUE" if c else "FALSE"
    return str(c)


# --------------------------------------------------------------------- to rpart
def _rule_name(model):
    name = type(model).__name__
    if name == "CARTClassifier":
        return {"gini": 1, "information": 2}.get(model.criterion, "auc")
    if name == "AUCTreeClassifier":
        return "auc"
    if name == "ROCTreeClassifier":
        return "rossa"
    return None


def _split_row(model, s, typ, node_n):
    """One row of rpart's splits matrix for the Split ``s`` (None when rpart cannot
    hold it: a competitor without a cut point, as Rossa's tree records them)."""
    info = model._info
    kind = info.kinds[s.feature]
    row = dict(var=info.names[s.feature], type=typ,
               count=float(s.count) if np.isfinite(s.count) else float(node_n),
               improve=float(s.improve), adj=float(s.adj) if typ == "surrogate" else 0.0,
               csplit=None)
    if kind == CATEGORICAL or kind == ORDERED:
        q = len(info.levels[s.feature])
        if s.kind == CAT_SPLIT:
            code = [2] * q
            for lv in s.left_levels:
                code[int(lv)] = 1
            for lv in s.right_levels:
                code[int(lv)] = 3
        else:
            if not np.isfinite(s.threshold):
                return None
            # rpart's layout of an ordered factor split: levels 1..floor(cut) on the side
            # of ``x < cut``; rocstats's LE (x <= cut) puts level floor(cut) on the left
            t = s.threshold
            below = (lambda k: k <= t) if s.kind == LE else (lambda k: k < t)
            left_is_below = s.kind in (LT, LE)
            code = [(1 if left_is_below else 3) if below(k) else (3 if left_is_below else 1)
                    for k in range(1, q + 1)]
        row.update(ncat=q, index=None, csplit=code)
        return row
    if not np.isfinite(s.threshold):
        return None
    if s.kind == LE:
        # x <= t  <=>  x < nextafter(t, +inf) for every double x: rpart's ncat = -1
        row.update(ncat=-1, index=float(np.nextafter(s.threshold, np.inf)))
    else:
        row.update(ncat=-1 if s.kind == LT else 1, index=float(s.threshold))
    return row


def _control(model):
    name = type(model).__name__
    ctl = getattr(model, "_ctl", None) or {}
    if name in ("CARTClassifier", "CARTRegressor"):
        xval = model.xval
        xval = int(np.unique(np.asarray(xval)).size) if np.ndim(xval) else int(xval)
        return dict(minsplit=ctl["min_split"], minbucket=ctl["min_bucket"], cp=ctl["cp"],
                    maxcompete=ctl["max_compete"], maxsurrogate=ctl["max_surrogate"],
                    usesurrogate=ctl["use_surrogate"], surrogatestyle=ctl["surrogate_style"],
                    maxdepth=ctl["max_depth"], xval=xval)
    use = int(getattr(model, "use_surrogate", 2))
    if name == "ROCTreeClassifier":
        return dict(minsplit=ctl.get("min_split", 2), minbucket=ctl.get("min_bucket", 1),
                    cp=0.0, maxcompete=0, maxsurrogate=ctl.get("max_surrogate", 0),
                    usesurrogate=use, surrogatestyle=0,
                    maxdepth=ctl.get("max_depth") if ctl.get("max_depth") is not None else 30,
                    xval=0)
    ns = ctl.get("node_size", 1.0)
    return dict(minsplit=int(math.ceil(2 * ns)), minbucket=1, cp=0.0, maxcompete=0,
                maxsurrogate=0, usesurrogate=use, surrogatestyle=0,
                maxdepth=ctl.get("node_depth") if ctl.get("node_depth") is not None else 30,
                xval=0)


def _r_value(v):
    """An R literal for a parameter value in the call text (None when it has none)."""
    v = _plain(v)
    if v is None:
        return "NULL"
    if isinstance(v, bool):
        return "TRUE" if v else "FALSE"
    if isinstance(v, numbers.Integral):
        return "%dL" % v
    if isinstance(v, numbers.Real):
        return repr(float(v)) if math.isfinite(v) else ("NA" if math.isnan(v) else
                                                         ("Inf" if v > 0 else "-Inf"))
    if isinstance(v, str):
        return '"%s"' % v.replace("\\", "\\\\").replace('"', '\\"')
    arr = np.asarray(v)
    if arr.dtype.kind in "iuf" and arr.ndim == 1 and arr.size <= 20:
        return "c(%s)" % ", ".join(_r_value(x) for x in arr.tolist())
    if arr.dtype.kind in "iuf" and arr.ndim == 2 and arr.size <= 100:
        return "matrix(c(%s), %d)" % (", ".join(_r_value(float(x)) for x in
                                               arr.T.ravel().tolist()), arr.shape[0])
    return None


def _formula(model):
    f = getattr(model, "formula_", None)
    names = list(model._info.names)
    if f:
        response = f.split("~")[0].strip().strip("`")
    else:
        response = "y"
        while response in names:
            response += "_"
    return response, response + " ~ " + " + ".join(_bq(n) for n in names)


def _bq(name):
    import re

    return name if re.fullmatch(r"[A-Za-z.][A-Za-z0-9._]*", name) and \
        not re.fullmatch(r"\.[0-9].*", name) else "`%s`" % name.replace("`", "\\`")


def _call_text(model, formula):
    name = type(model).__name__
    parts = ["formula = %s" % formula]
    for key, value in sorted(model.get_params().items()):
        if key == "xval" and np.ndim(value):
            value = int(np.unique(np.asarray(value)).size)
        text = _r_value(value)
        if text is None:
            continue
        parts.append("%s = %s" % (key, text))
    return "rocstats.tree.%s(%s)" % (name, ", ".join(parts))


def _json_params(model):
    out = {}
    for key, value in model.get_params().items():
        value = _plain(value)
        if value is None or isinstance(value, (bool, numbers.Number, str)):
            out[key] = value
        elif isinstance(value, (list, tuple, np.ndarray)) and np.asarray(value).dtype.kind \
                in "iufb":
            out[key] = np.asarray(value).tolist()
        elif isinstance(value, dict):
            out[key] = {str(k): _plain(v) for k, v in value.items()}
        # other values (a numpy Generator as random_state) are left out
    return out


def rpart_components(model):
    """The pieces of an R ``rpart`` object describing the fitted ``model`` (see the
    module docstring), as plain Python values.

    Parameters
    ----------
    model : fitted CARTClassifier, CARTRegressor, AUCTreeClassifier or ROCTreeClassifier

    Returns
    -------
    dict

    Notes
    -----
    What rpart cannot hold is translated and said here: a randomForestSRC split
    ``x <= c`` (AUC trees) becomes rpart's ``x < c'`` with ``c'`` the next double
    after ``c`` (the same rows go left for every double ``x``); Rossa's competitor
    statistics have no cut point and are left out (``ncompete`` counts the rows
    kept); an AUC or ROC tree is written with ``method = "class"``, ``parms$split``
    ``"auc"`` or ``"rossa"``, the observed class frequencies as ``prior`` and unit
    losses (its ``yval2`` probabilities are the class frequencies of the node).
    """
    from ._base import check_fitted

    check_fitted(model)
    name = type(model).__name__
    if name not in ESTIMATORS:
        raise ValueError("rpart_components: %s is not one of %s" % (name, ESTIMATORS))
    t = model.tree_
    if (np.asarray(t.node_id) < 1).any():
        raise ValueError("the tree is deeper than 62 levels: rpart's node numbers "
                         "(2k, 2k + 1) overflow there, so it cannot be written as an "
                         "rpart object")
    classifier = model._is_classifier()
    frame = model.frame_
    info = model._info
    m = t.node_count
    nodes = [int(v) for v in t.node_id]
    # splits, in frame order: primary, competitors, surrogates
    rows, ncomp, nsurr = [], [0] * m, [0] * m
    for i in range(m):
        s = t.split[i]
        if s is None:
            continue
        prim = _split_row(model, s, "primary", t.n[i])
        if prim is None:
            raise ValueError("node %d: the primary split has no cut point" % nodes[i])
        rows.append(dict(prim, node=nodes[i]))
        for c in t.competitors[i]:
            r = _split_row(model, c, "competitor", t.n[i])
            if r is not None:
                rows.append(dict(r, node=nodes[i]))
                ncomp[i] += 1
        for c in t.surrogates[i]:
            r = _split_row(model, c, "surrogate", t.n[i])
            if r is not None:
                rows.append(dict(r, node=nodes[i]))
                nsurr[i] += 1
    splits = {k: [r[k] for r in rows] for k in ("node", "var", "type", "count", "ncat",
                                                 "improve", "index", "adj", "csplit")}
    splits["index"] = [None if v is None else _num(v) for v in splits["index"]]
    splits["improve"] = _nums(splits["improve"])
    fr = dict(node=nodes, var=[str(v) for v in frame["var"]],
              n=[int(v) for v in frame["n"]], wt=_nums(frame["wt"]),
              dev=_nums(frame["dev"]), complexity=_nums(frame["complexity"]),
              ncompete=ncomp, nsurrogate=nsurr)
    out = dict(method="class" if classifier else "anova")
    if classifier:
        fitted = np.asarray(model._fit_classes)
        K = int(fitted.max()) + 1                      # rpart's numclass
        counts = np.zeros((m, K))
        probs = np.zeros((m, K))
        counts[:, fitted] = frame[[c for c in frame.columns if c.startswith("count_")]] \
            .to_numpy(dtype=float)
        probs[:, fitted] = frame[[c for c in frame.columns if c.startswith("prob_")]] \
            .to_numpy(dtype=float)
        yval = fitted[model._node_classes()] + 1
        fr.update(yval=[int(v) for v in yval], counts=[_nums(c) for c in counts.T],
                  probs=[_nums(c) for c in probs.T], nodeprob=_nums(frame["nodeprob"]))
        labels = [_r_label(c) for c in model.classes_]
        if len(set(labels)) != len(labels):
            raise ValueError("the class labels %s are not distinct as text, which R's "
                             "factor levels must be" % labels)
        out["classes"] = labels
        crit = model._criterion
        if hasattr(crit, "loss"):
            prior = np.zeros(K)
            prior[:crit.prior_input.size] = crit.prior_input
            loss = np.asarray(crit.loss, dtype=float)
        else:
            tot = counts[0]
            prior = tot / tot.sum()
            loss = 1.0 - np.eye(K)
        out["parms"] = dict(prior=_nums(prior), loss=[_nums(r) for r in loss],
                            split=_rule_name(model))
    else:
        fr["yval"] = _nums(frame["yval"])
        out["classes"] = None
        out["parms"] = None
    out["n_obs"] = int(np.asarray(model.where_).size)
    out["frame"] = fr
    out["splits"] = splits
    cp = model.cptable_
    out["cptable"] = dict(CP=_nums(cp["CP"]), nsplit=[int(v) for v in cp["nsplit"]],
                          rel_error=_nums(cp["rel error"]), xerror=_nums(cp["xerror"]),
                          xstd=_nums(cp["xstd"]))
    out["where"] = [int(v) for v in np.asarray(model.where_)]
    vi = model.variable_importance_
    out["variable_importance"] = dict(names=[str(k) for k in vi.index],
                                      values=_nums(vi.to_numpy()))
    variables = []
    for nm, kind, lev in zip(info.names, info.kinds, info.levels):
        if kind == NUMERIC:
            variables.append(dict(name=str(nm), cls="numeric", levels=None))
        else:
            labels = [_r_label(v) for v in lev]
            variables.append(dict(name=str(nm), cls="factor" if kind == CATEGORICAL
                                  else "ordered", levels=labels))
    response, formula = _formula(model)
    out["variables"] = variables
    out["response"] = dict(name=response, cls="factor" if classifier else "numeric")
    out["control"] = _control(model)
    out["call"] = _call_text(model, formula)
    meta = dict(estimator=name, params=_json_params(model),
                from_frame=bool(info.from_frame), formula=getattr(model, "formula_", None))
    if classifier:
        meta["class_labels"] = [_plain(c) for c in model.classes_]
        meta["class_dtype"] = str(np.asarray(model.classes_).dtype)
    na = getattr(model, "na_action_", None)
    if na is not None and len(na):
        out["na_action"] = [int(v) for v in na]
    out["rocstats"] = meta
    return out


# --------------------------------------------------------------------- from rpart
def _floats(values):
    return np.array([math.nan if v is None else float(v) for v in values], dtype=np.float64)


def _feature_info(raw):
    names, kinds, levels = [], [], []
    for v in raw["variables"]:
        names.append(str(v["name"]))
        cls = v.get("cls") or v.get("class")
        if cls in ("factor", "character"):
            kinds.append(CATEGORICAL)
            levels.append(list(v["levels"]))
        elif cls == "ordered":
            kinds.append(ORDERED)
            levels.append(list(v["levels"]))
        elif cls in ("numeric", "integer", "logical", "double"):
            kinds.append(NUMERIC)
            levels.append(None)
        else:
            raise ValueError("predictor %r has R class %r, which rocstats' trees cannot "
                             "take (numeric, logical, factor and ordered are supported)"
                             % (v["name"], cls))
    meta = raw.get("rocstats") or {}
    return FeatureInfo(names, kinds, levels, from_frame=bool(meta.get("from_frame", True)))


def _split_from_row(row, info, lookup):
    """A `Split` from one row of rpart's splits (dict with var, ncat, index,
    improve, count, adj, csplit)."""
    name = row["var"]
    if name not in lookup:
        raise ValueError("split variable %r is not among the predictors %s"
                         % (name, info.names))
    j = lookup[name]
    ncat = int(row["ncat"])
    improve = float(row["improve"]) if row["improve"] is not None else math.nan
    count = float(row["count"]) if row["count"] is not None else math.nan
    adj = float(row["adj"]) if row.get("adj") is not None else 0.0
    if ncat in (-1, 1):
        if info.kinds[j] != NUMERIC:
            raise ValueError("variable %r: a numeric split (ncat %d) on a factor" % (name, ncat))
        return Split(feature=j, kind=LT if ncat < 0 else GE, threshold=float(row["index"]),
                     improve=improve, count=count, adj=adj)
    code = [int(c) for c in row["csplit"]][:ncat]
    if info.kinds[j] == NUMERIC:
        raise ValueError("variable %r: a categorical split (ncat %d) on a numeric "
                         "predictor" % (name, ncat))
    if len(info.levels[j]) != ncat:
        raise ValueError("variable %r: the split has %d levels, the predictor %d"
                         % (name, ncat, len(info.levels[j])))
    if info.kinds[j] == ORDERED:
        # rpart writes an ordered split as levels 1..c on one side: x < c + 1/2
        c = 1
        while c < ncat and code[c] == code[0]:
            c += 1
        if any(v != code[0] for v in code[:c]) or any(v == code[0] for v in code[c:]):
            raise ValueError("variable %r: an ordered factor split must send levels "
                             "1..c one way and the rest the other, got %s" % (name, code))
        return Split(feature=j, kind=LT if code[0] == 1 else GE, threshold=c + 0.5,
                     improve=improve, count=count, adj=adj)
    return Split(feature=j, kind=CAT_SPLIT,
                 left_levels=tuple(k for k, v in enumerate(code) if v == 1),
                 right_levels=tuple(k for k, v in enumerate(code) if v == 3),
                 improve=improve, count=count, adj=adj)


def _class_labels(raw):
    levels = list(raw["classes"])
    meta = raw.get("rocstats") or {}
    labels = meta.get("class_labels")
    if labels is not None and [_r_label(v) for v in labels] == levels:
        dtype = meta.get("class_dtype", "object")
        try:
            return np.asarray(labels, dtype=dtype)
        except (TypeError, ValueError):
            return np.asarray(labels, dtype=object)
    return np.asarray(levels, dtype=object)


def _params(raw, cls):
    import inspect

    meta = raw.get("rocstats") or {}
    valid = set(inspect.signature(cls.__init__).parameters) - {"self"}
    if meta.get("estimator") == cls.__name__ and meta.get("params") is not None:
        return {k: v for k, v in meta["params"].items() if k in valid}
    ctl = raw.get("control") or {}
    names = dict(minsplit="min_split", minbucket="min_bucket", cp="cp",
                 maxcompete="max_compete", maxsurrogate="max_surrogate",
                 usesurrogate="use_surrogate", surrogatestyle="surrogate_style",
                 maxdepth="max_depth", xval="xval")
    out = {}
    for key, value in ctl.items():
        if key not in names or value is None:
            continue
        v = np.asarray(value)
        if key == "xval" and v.ndim and v.size > 1:
            out["xval"] = int(np.unique(v).size)
        elif key == "cp":
            out["cp"] = float(v.ravel()[0])
        else:
            out[names[key]] = int(round(float(v.ravel()[0])))
    out = {k: v for k, v in out.items() if k in valid}
    parms = raw.get("parms") or {}
    if "criterion" in valid:
        split = parms.get("split", 1)
        out["criterion"] = {1: "gini", 2: "information"}.get(
            int(split) if isinstance(split, numbers.Number) else split, "gini")
    return out


def _estimator_class(raw):
    from ._classes import AUCTreeClassifier, CARTClassifier, CARTRegressor, ROCTreeClassifier

    classes = dict(CARTClassifier=CARTClassifier, CARTRegressor=CARTRegressor,
                   AUCTreeClassifier=AUCTreeClassifier, ROCTreeClassifier=ROCTreeClassifier)
    meta = raw.get("rocstats") or {}
    if meta.get("estimator") in classes:
        return classes[meta["estimator"]]
    if raw["method"] == "class":
        return CARTClassifier
    if raw["method"] == "anova":
        return CARTRegressor
    raise ValueError("rpart method %r: only 'class' and 'anova' trees can be brought into "
                     "rocstats" % (raw["method"],))


def _criterion(raw, est, counts_root):
    from ._criterion import AnovaCriterion, AUCCriterion, CountCriterion, GiniCriterion

    if raw["method"] == "anova":
        return AnovaCriterion()
    K = counts_root.size
    name = type(est).__name__
    if name == "AUCTreeClassifier" or name == "ROCTreeClassifier":
        return AUCCriterion(K) if name == "AUCTreeClassifier" else CountCriterion(K)
    parms = raw.get("parms") or {}
    if getattr(est, "criterion", None) == "auc":
        return AUCCriterion(K, root_counts=counts_root)
    prior = np.asarray(_floats(parms["prior"]) if parms.get("prior") is not None
                       else counts_root / counts_root.sum())[:K]
    loss = (np.array([_floats(r) for r in parms["loss"]]) if parms.get("loss") is not None
            else 1.0 - np.eye(K))[:K, :K]
    return GiniCriterion.from_counts(counts_root, prior=prior, loss=loss,
                                     information=getattr(est, "criterion", "gini")
                                     == "information")


def from_rpart_components(raw):
    """A fitted rocstats estimator equal to the rpart fit described by ``raw`` (the
    pieces `rpart_components` makes, or R extracts from any ``rpart`` object).

    ``method = "class"`` gives a `rocstats.tree.CARTClassifier`, ``"anova"`` a
    `rocstats.tree.CARTRegressor` (an object rocstats wrote gives back its own
    estimator class).  The estimator predicts as R's ``predict`` does (the same frame,
    splits, surrogates and ``usesurrogate``), prints as ``print.rpart``, and
    ``prune(cp)`` keeps the nodes R's ``prune(fit, cp)`` keeps (the node complexities
    are R's numbers, in rpart's scaled units).  It has no training data: ``fit`` starts
    afresh and cross-validation needs a refit.

    Parameters
    ----------
    raw : dict

    Returns
    -------
    fitted estimator
    """
    import pandas as pd

    from ._prune import one_se_rule

    method = raw.get("method")
    if method not in ("class", "anova"):
        raise ValueError("rpart method %r: only 'class' and 'anova' trees can be brought "
                         "into rocstats" % (method,))
    cls = _estimator_class(raw)
    est = cls(**_params(raw, cls))
    info = _feature_info(raw)
    lookup = {nm: j for j, nm in enumerate(info.names)}
    fr = raw["frame"]
    nodes = [int(v) for v in fr["node"]]
    m = len(nodes)
    pos = {k: i for i, k in enumerate(nodes)}
    if nodes[0] != 1 or len(pos) != m:
        raise ValueError("frame: the first row must be node 1 and node numbers distinct")
    n = np.asarray(fr["n"], dtype=np.int64)
    wt, dev, comp = _floats(fr["wt"]), _floats(fr["dev"]), _floats(fr["complexity"])
    classifier = method == "class"
    if classifier:
        counts = np.column_stack([_floats(c) for c in fr["counts"]])
        values = counts
    else:
        values = _floats(fr["yval"])[:, None]
    # the splits rows of each internal node, in frame order
    sp = raw.get("splits") or {}
    srows = [dict(zip(sp.keys(), vals)) for vals in zip(*sp.values())] if sp else []
    by_node = {}
    for r in srows:
        by_node.setdefault(int(r["node"]), []).append(r)
    tree = Tree(len(info.names), values.shape[1])
    for i, node in enumerate(nodes):
        parent = -1 if i == 0 else pos.get(node // 2)
        if parent is None:
            raise ValueError("frame: node %d has no parent %d" % (node, node // 2))
        idx = tree.add_node(parent=parent, is_left=node % 2 == 0, n=int(n[i]),
                            weight=wt[i], value=values[i], risk=dev[i],
                            complexity=comp[i])
        if int(tree.node_id[idx]) != node:
            raise ValueError("frame rows are not in rpart's preorder (node %d)" % node)
        if fr["var"][i] == "<leaf>":
            continue
        rows = by_node.get(node, [])
        prim = [r for r in rows if r["type"] == "primary"]
        if len(prim) != 1 or prim[0]["var"] != fr["var"][i]:
            raise ValueError("node %d: splits has no primary row for %r" % (node, fr["var"][i]))
        kids = (pos.get(2 * node), pos.get(2 * node + 1))
        if None in kids:
            raise ValueError("node %d has a split but not both children" % node)
        nl, nr = n[kids[0]], n[kids[1]]
        # rpart's predict sends rows no split can route to the child with more
        # training rows (and leaves them at the node on a tie)
        default = -1 if nl > nr else (1 if nr > nl else 0)
        tree.set_split(idx, _split_from_row(prim[0], info, lookup),
                       competitors=[_split_from_row(r, info, lookup) for r in rows
                                    if r["type"] == "competitor"],
                       surrogates=[_split_from_row(r, info, lookup) for r in rows
                                   if r["type"] == "surrogate"],
                       majority_left=bool(nl >= nr), default_dir=default)
    tree.finalize()
    if classifier:
        classes = _class_labels(raw)
        K = counts.shape[1]
        if K > classes.size:
            raise ValueError("frame has %d class columns, ylevels only %d levels"
                             % (K, classes.size))
        est.classes_ = classes
        est.n_classes_ = classes.size
        est._fit_classes = np.arange(K)
    est._info = info
    est.n_features_in_ = len(info.names)
    # the controls as a fit would have checked them (what to_rpart writes back)
    est._ctl = est._check_params(int(n[0]), len(info.names))
    if info.from_frame:
        est.feature_names_in_ = np.array(info.names, dtype=object)
    est._criterion = _criterion(raw, est, counts[0] if classifier else None)
    est.tree_ = tree
    est.where_ = np.asarray(raw.get("where") or [], dtype=np.int64)
    # complexities are kept in rpart's scaled units (root risk 1), so that frame_ and
    # prune() read R's numbers unchanged
    est._root_risk = 1.0
    est._total_wt = float(wt[0])
    cp = raw["cptable"]
    est.cptable_ = pd.DataFrame({"CP": _floats(cp["CP"]),
                                 "nsplit": np.asarray(cp["nsplit"], dtype=np.int64),
                                 "rel error": _floats(cp["rel_error"]),
                                 "xerror": _floats(cp.get("xerror") or [None] * len(cp["CP"])),
                                 "xstd": _floats(cp.get("xstd") or [None] * len(cp["CP"]))})
    est.one_se_ = (None if est.cptable_["xerror"].isna().all()
                   else one_se_rule(est.cptable_))
    vi = raw.get("variable_importance") or {"names": [], "values": []}
    est._importance = pd.Series(_floats(vi["values"]),
                                index=pd.Index(list(vi["names"]), dtype=object),
                                dtype=np.float64)
    if raw.get("na_action"):
        est.na_action_ = np.asarray(raw["na_action"], dtype=np.int64)
    meta = raw.get("rocstats") or {}
    if meta.get("formula"):
        est.formula_ = meta["formula"]
    elif raw.get("call"):
        est.call_ = raw["call"]
    if type(est).__name__ == "ROCTreeClassifier":
        est.statistics_ = {}
    if classifier:
        _check_classes(est, fr)
    return est


def _check_classes(est, fr):
    """The frame's fitted classes and probabilities must be what the criterion gives
    from its counts, priors and losses (else predict would disagree with R)."""
    ours = est._node_classes() + 1
    theirs = np.asarray(fr["yval"], dtype=np.int64)
    bad = np.flatnonzero(ours != theirs)
    if bad.size:
        raise ValueError("frame rows %s: yval %s, but the counts with parms' prior and "
                         "loss give %s" % (bad[:5].tolist(), theirs[bad[:5]].tolist(),
                                           ours[bad[:5]].tolist()))
    probs = np.column_stack([_floats(c) for c in fr["probs"]])
    mine = est._criterion.probabilities(est.tree_.value)
    if not np.allclose(mine, probs, rtol=1e-12, atol=1e-14, equal_nan=True):
        raise ValueError("frame yval2 probabilities differ from counts * prior / root "
                         "counts (max difference %g)" % np.nanmax(np.abs(mine - probs)))
