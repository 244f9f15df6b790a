"""Text reports of a fitted CART estimator, laid out like rpart's ``printcp`` and
``summary.rpart``.

Both are pure functions of the fitted estimator's R-shaped attributes (``frame_``,
``cptable_``, ``splits_``, ``variable_importance_``, ``classes_``); they never touch the
flat tree.  Numbers are formatted the way R's ``print`` formats a numeric matrix
(column by column: enough decimals for every entry to show ``digits`` significant
digits, trailing zeros dropped, scientific notation only when it is narrower), so the
output can be compared with R's by eye.
"""
import math

import numpy as np

from ._data import ORDERED

__all__ = ["print_cp", "summary", "format_r_column", "format_r_vector", "print_rpart", "rules_table"]


# ------------------------------------------------------------------ R-like numbers
def _sig(x, digits):
    """(significant digits needed, decimal exponent) of x rounded to ``digits``."""
    if x == 0 or not math.isfinite(x):
        return 1, 0
    mant, exp = ("%.*e" % (digits - 1, abs(x))).split("e")
    mant = mant.replace(".", "").rstrip("0") or "0"
    return len(mant), int(exp)


def format_r_column(values, digits=7):
    """Format numbers as R's ``print`` formats one column of a numeric matrix.

    Examples
    --------
    >>> format_r_column([0.17647059, 0.01960784, 0.01], digits=5)
    ['0.176471', '0.019608', '0.010000']
    >>> format_r_column([0, 1, 4], digits=5)
    ['0', '1', '4']
    """
    vals = [float(v) for v in values]
    finite = [v for v in vals if math.isfinite(v)]
    if not finite:
        return ["NaN" if math.isnan(v) else ("Inf" if v > 0 else "-Inf") for v in vals]
    info = [_sig(v, digits) for v in finite]
    rgt = max(max(0, s - 1 - e) for s, e in info)
    left = max((e + 1 if e >= 0 else 1) for s, e in info)
    neg = any(v < 0 for v in finite)
    fixed_w = neg + left + (rgt + 1 if rgt > 0 else 0)
    mxsig = max(s for s, _ in info)
    mxe = max(abs(e) for _, e in info)
    sci_w = neg + (mxsig + 1 if mxsig > 1 else mxsig) + (4 if mxe < 100 else 5)
    out = []
    for v in vals:
        if not math.isfinite(v):
            out.append("NaN" if math.isnan(v) else ("Inf" if v > 0 else "-Inf"))
        elif fixed_w <= sci_w:
            out.append("%.*f" % (rgt, v))
        else:
            m, e = ("%.*e" % (mxsig - 1, v)).split("e")
            out.append("%se%s%02d" % (m, e[0], abs(int(e))))
    return out


def _format1(x, digits):
    return format_r_column([x], digits)[0]


def _matrix_text(df, digits):
    """R's print of a numeric matrix with row names."""
    cols = []
    for name in df.columns:
        cells = format_r_column(df[name].to_numpy(dtype=float), digits)
        width = max(len(name), max(len(c) for c in cells))
        cols.append([name.rjust(width)] + [c.rjust(width) for c in cells])
    rn = [""] + [str(i) for i in range(1, len(df) + 1)]
    rw = max(len(r) for r in rn)
    lines = []
    for i in range(len(rn)):
        lines.append(" ".join([rn[i].ljust(rw)] + [c[i] for c in cols]))
    return "\n".join(lines)


def _r_vector(strings):
    """R's print of a character vector with quote = FALSE (one line)."""
    if not strings:
        return "character(0)"
    width = max(len(s) for s in strings)
    return "[1] " + " ".join(s.ljust(width) for s in strings).rstrip()


# ------------------------------------------------------------------ pieces
def _is_classifier(model):
    return hasattr(model, "classes_")


def _call_text(model):
    for attr in ("formula_", "call_"):
        value = getattr(model, attr, None)
        if value:
            return str(value)
    params = model.get_params() if hasattr(model, "get_params") else {}
    shown = []
    for key in sorted(params):
        value = params[key]
        if value is None:
            continue
        if isinstance(value, (np.ndarray, list, tuple)) and np.ndim(value) > 0:
            arr = np.asarray(value)
            shown.append("%s=<%s array>" % (key, "x".join(map(str, arr.shape))))
        else:
            shown.append("%s=%r" % (key, value))
    return "%s(%s)" % (type(model).__name__, ", ".join(shown))


def _cp_columns(cptable):
    tab = cptable.copy()
    for col in ("xerror", "xstd"):
        if col in tab.columns and tab[col].isna().all():
            tab = tab.drop(columns=col)
    return tab


def print_cp(model, *, digits=None):
    """The complexity table of a fitted tree, as rpart's ``printcp`` prints it.

    Parameters
    ----------
    model : fitted CARTClassifier or CARTRegressor
        Only its ``frame_`` and ``cptable_`` (and, for the first line, its formula or
        parameters) are read.
    digits : int, optional
        Significant digits (rpart: ``getOption("digits") - 2`` = 5).

    Returns
    -------
    str
    """
    digits = 5 if digits is None else int(digits)
    frame = model.frame_
    lines = ["", "Classification tree:" if _is_classifier(model) else "Regression tree:",
             _call_text(model), ""]
    used = sorted({str(v) for v in frame["var"] if v != "<leaf>"})
    if used:
        lines += ["Variables actually used in tree construction:", _r_vector(used), ""]
    dev = float(frame["dev"].iloc[0])
    n = int(frame["n"].iloc[0])
    lines += ["Root node error: %s/%d = %s" % (_format1(dev, digits), n,
                                              _format1(dev / n, digits)), "",
              "n= %d " % n, ""]
    lines.append(_matrix_text(_cp_columns(model.cptable_), digits))
    return "\n".join(lines) + "\n"


def _split_texts(rows, digits):
    """One description per split row; numeric cut points share one width, as R's
    ``format`` gives them in ``summary.rpart``."""
    cuts = {}
    numeric = [i for i, (_, r) in enumerate(rows.iterrows()) if r["csplit"] is None]
    if numeric:
        vals = [_format1(float(rows.iloc[i]["index"]), digits) for i in numeric]
        width = max(len(v) for v in vals)
        cuts = {i: v.ljust(width) for i, v in zip(numeric, vals)}
    out = []
    for i, (_, r) in enumerate(rows.iterrows()):
        if r["csplit"] is not None:
            out.append("splits as  %s," % "".join({1: "L", 2: "-", 3: "R"}[int(c)]
                                                   for c in r["csplit"]))
        else:
            side = "to the left, " if int(r["ncat"]) < 0 else "to the right,"
            out.append("< %s %s" % (cuts[i], side))
    return out


def summary(model, *, digits=None):
    """A text summary like rpart's ``summary.rpart``: the complexity table, the variable
    importance (percent of the total, rounded, as rpart shows it) and one block per
    node (size, complexity, prediction, split, competitors and surrogates).

    Parameters
    ----------
    model : fitted CARTClassifier or CARTRegressor
    digits : int, optional
        Significant digits (rpart's ``summary`` uses ``getOption("digits")`` = 7).

    Returns
    -------
    str
    """
    digits = 7 if digits is None else int(digits)
    frame = model.frame_
    splits = model.splits_
    lines = ["Call:", _call_text(model), "  n= %d " % int(frame["n"].iloc[0]), ""]
    lines.append(_matrix_text(_cp_columns(model.cptable_), digits))
    vi = model.variable_importance_
    if len(vi):
        pct = np.round(100 * vi.to_numpy() / vi.to_numpy().sum())
        keep = pct > 0
        names = [str(k) for k, ok in zip(vi.index, keep) if ok]
        vals = ["%d" % v for v, ok in zip(pct, keep) if ok]
        w = max(len(x) for x in names + vals)         # R: one width for all
        lines += ["", "Variable importance",
                  " ".join(a.rjust(w) for a in names) + " ",
                  " ".join(b.rjust(w) for b in vals) + " "]
    classifier = _is_classifier(model)
    for node, row in frame.iterrows():
        node = int(node)
        head = "Node number %d: %d observations" % (node, int(row["n"]))
        if row["var"] != "<leaf>":
            head += ",    complexity param=%s" % _format1(float(row["complexity"]), digits)
        lines += ["", head]
        if classifier:
            probs = [c for c in frame.columns if c.startswith("prob_")]
            counts = [c for c in frame.columns if c.startswith("count_")]
            wt = float(row["wt"])
            loss = float(row["dev"]) / wt if wt > 0 else float("nan")
            lines.append("  predicted class=%-8s expected loss=%s  P(node) =%s"
                         % (row["yval_label"], _format1(loss, digits),
                            _format1(float(row["nodeprob"]), digits)))
            lines.append("    class counts: " + " ".join(
                "%5s" % _format1(float(row[c]), digits) for c in counts))
            lines.append("   probabilities: " + " ".join(
                "%.3f" % float(row[c]) for c in probs) + " ")
        else:
            wt = float(row["wt"])
            lines.append("  mean=%s, MSE=%s" % (_format1(float(row["yval"]), digits),
                                                _format1(float(row["dev"]) / wt, digits)))
        if row["var"] == "<leaf>":
            continue
        kids = [k for k in (2 * node, 2 * node + 1) if k in frame.index]
        if len(kids) == 2:
            lines.append("  left son=%d (%d obs) right son=%d (%d obs)"
                         % (kids[0], int(frame.loc[kids[0], "n"]), kids[1],
                            int(frame.loc[kids[1], "n"])))
        rows = splits[splits["node"] == node]
        prim = rows[rows["type"] != "surrogate"]
        surr = rows[rows["type"] == "surrogate"]
        width = max(len(str(v)) for v in rows["var"])
        n_node = int(row["n"])
        lines.append("  Primary splits:")
        for (_, s), text in zip(prim.iterrows(), _split_texts(prim, digits)):
            lines.append("      %s %s improve=%s, (%d missing)"
                         % (str(s["var"]).ljust(width), text,
                            _format1(float(s["improve"]), digits),
                            n_node - int(s["count"]) if np.isfinite(s["count"]) else 0))
        if len(surr):
            lines.append("  Surrogate splits:")
            for (_, s), text in zip(surr.iterrows(), _split_texts(surr, digits)):
                lines.append("      %s %s agree=%.3f, adj=%.3f, (%d split)"
                             % (str(s["var"]).ljust(width), text,
                                float(s["improve"]), float(s["adj"]), int(s["count"])))
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------ print.rpart
def _signif(x, digits):
    """R's ``signif(x, digits)`` (R's ``fprec``): ``x`` scaled by a power of ten,
    rounded half to even by ``nearbyint`` after the (rounded) multiplication, scaled
    back -- which is not always the correctly rounded decimal (R gives -1.853262 for the
    double nearest -1.8532625, whose scaled value rounds to ...62.5)."""
    x = float(x)
    if not math.isfinite(x) or x == 0:
        return x
    dig = max(1, min(int(round(digits)), 22))
    sgn = -1.0 if x < 0 else 1.0
    x = abs(x)
    l10 = math.log10(x)
    e10 = int(dig - 1 - math.floor(l10))
    max10e = 308
    if abs(l10) < max10e - 2:
        p10 = 1.0
        if e10 > max10e:
            p10 = 10.0 ** (e10 - max10e)
            e10 = max10e
        if e10 > 0:
            pow10 = 10.0 ** e10
            return sgn * (float(np.rint((x * pow10) * p10)) / pow10) / p10
        pow10 = 10.0 ** (-e10)
        return sgn * (float(np.rint(x / pow10)) * pow10)
    return sgn * float("%.*g" % (dig, x))      # beyond 1e306: not reached by trees


def format_r_vector(values, digits=7, nsmall=0):
    """R's ``format(x, digits, nsmall)`` of a numeric vector (or a matrix, read as one
    vector): one common layout for every entry, right-justified to one width.

    Examples
    --------
    >>> format_r_vector([17, 6, 0])
    ['17', ' 6', ' 0']
    >>> format_r_vector([0.7901234567901234, 0.0967741935483871, 1.0], nsmall=7)
    ['0.79012346', '0.09677419', '1.00000000']
    """
    cells = format_r_column(values, digits)
    if nsmall:
        out = []
        for c in cells:
            if "e" in c or c in ("NaN", "Inf", "-Inf", "NA"):
                out.append(c)
                continue
            dec = len(c.split(".")[1]) if "." in c else 0
            if dec < nsmall:
                c = (c if dec else c + ".") + "0" * (nsmall - dec)
            out.append(c)
        # R widens every entry to the largest number of decimals
        dec = max((len(c.split(".")[1]) if "." in c and "e" not in c else 0) for c in out)
        out = [c if "e" in c or "." not in c or len(c.split(".")[1]) == dec
               else c + "0" * (dec - len(c.split(".")[1])) for c in out]
        cells = out
    width = max((len(c) for c in cells), default=0)
    return [c.rjust(width) for c in cells]


def _rpart_cut(x, digits):
    """rpart's ``formatg(x, digits)``: C's ``%.<digits>g``."""
    return "%.*g" % (digits, x)


def _split_labels(model, digits):
    """``(left, right)`` label of each internal node (index = node number), as
    ``labels.rpart`` writes them: ``Start< 8.5`` / ``Start>=8.5``, ``Country=a,b``."""
    from ._tree import CATEGORICAL as CAT, GE, LE, LT

    t = model.tree_
    names = model._info.names
    kinds = model._info.kinds
    levels = model._info.levels
    out = {}
    for i in range(t.node_count):
        s = t.split[i]
        if s is None:
            continue
        name = names[s.feature]
        if s.kind == CAT:
            lev = levels[s.feature]
            left = "=" + ",".join(str(lev[int(c)]) for c in sorted(s.left_levels))
            right = "=" + ",".join(str(lev[int(c)]) for c in sorted(s.right_levels))
        elif kinds[s.feature] == ORDERED:
            # rpart shows an ordered factor's split as the levels on each side
            lev = levels[s.feature]
            cut = s.threshold
            below = [str(l) for k, l in enumerate(lev, start=1) if k < cut]
            above = [str(l) for k, l in enumerate(lev, start=1) if k >= cut]
            if s.kind == LE:
                below = [str(l) for k, l in enumerate(lev, start=1) if k <= cut]
                above = [str(l) for k, l in enumerate(lev, start=1) if k > cut]
                left, right = below, above
            elif s.kind == LT:
                left, right = below, above
            else:
                left, right = above, below
            left, right = "=" + ",".join(left), "=" + ",".join(right)
        else:
            cut = _rpart_cut(s.threshold, digits)
            if s.kind == LT:
                left, right = "< " + cut, ">=" + cut
            elif s.kind == GE:
                left, right = ">=" + cut, "< " + cut
            else:
                left, right = "<=" + cut, "> " + cut
        out[i] = (name + left, name + right)
    return out


def print_rpart(model, *, digits=7):
    """The node listing of rpart's ``print.rpart``, as text.

    One line per node in preorder: indentation by depth, ``node)``, the split that led
    to the node (``root`` for the first), the number of rows ``n``, the node's loss
    (classification: the risk, ``dev`` of the frame) or deviance (regression), the
    fitted value ``yval`` and, for classifiers, the class probabilities ``(yprob)``;
    ``*`` marks leaves.  Numbers are formatted as ``print.rpart`` formats them with
    ``digits`` (default R's ``getOption("digits")`` = 7): ``format(signif(dev,
    digits))`` for the loss column (and the regression ``yval``; ``format`` itself at
    R's default 7 digits), ``format(yprob, digits, nsmall = digits)`` for fewer than 5 classes
    (``%.2g`` from 5 classes on), ``%.<digits>g`` for cut points.

    Splits that rpart cannot express -- randomForestSRC's ``x <= cut`` (AUC trees and
    forests) -- are written ``x<=cut`` / ``x> cut``.

    Parameters
    ----------
    model : fitted rocstats tree estimator
    digits : int, default 7

    Returns
    -------
    str
    """
    digits = int(digits)
    t = model.tree_
    frame = model.frame_
    classifier = _is_classifier(model)
    nodes = [int(v) for v in frame.index]
    m = len(nodes)
    depth = np.asarray(t.depth, dtype=np.int64)
    labels = _split_labels(model, digits)
    text = ["root"] * m
    for i in range(1, m):
        p = int(t.parent[i])
        left, right = labels[p]
        text[i] = left if int(t.left[p]) == i else right
    node_col = [str(v) if v > 0 else "?" for v in nodes]
    wnode = max(len(s) for s in node_col)
    head = [" " * (2 * int(d)) + s.rjust(wnode) + ")" for d, s in zip(depth, node_col)]
    # print.rpart: format(signif(x, digits)) -- the format() at R's default
    # getOption("digits") = 7, whatever ``digits`` is
    dev = format_r_vector([_signif(v, digits) for v in frame["dev"]], 7)
    if classifier:
        probs = frame[[c for c in frame.columns if c.startswith("prob_")]].to_numpy(float)
        k = probs.shape[1]
        if k < 5:
            cells = format_r_vector(probs.T.ravel(), digits, nsmall=min(20, digits))
            cells = np.asarray(cells, dtype=object).reshape(k, m).T
        else:
            cells = np.array([["%.2g" % v for v in row] for row in probs], dtype=object)
        yval = ["%s (%s)" % (lab, " ".join(row))
                for lab, row in zip(frame["yval_label"].astype(str), cells)]
    else:
        yval = format_r_vector([_signif(v, digits) for v in frame["yval"]], 7)
    leaf = np.asarray(t.left) < 0
    lines = [" ".join([head[i], text[i], str(int(frame["n"].iloc[i])), dev[i], yval[i],
                       "*" if leaf[i] else " "]) for i in range(m)]
    omitted = getattr(model, "na_action_", None)
    if omitted is not None and len(omitted):
        # R's naprint of an "omit" na.action
        top = ["n=%d (%d observation%s deleted due to missingness)"
               % (int(frame["n"].iloc[0]), len(omitted), "" if len(omitted) == 1 else "s"),
               ""]
    else:
        top = ["n= %d " % int(frame["n"].iloc[0]), ""]
    if classifier:
        top.append("node), split, n, loss, yval, (yprob)")
    else:
        top.append("node), split, n, deviance, yval")
    top += ["      * denotes terminal node", ""]
    return "\n".join(top + lines) + "\n"


# ------------------------------------------------------------------ rules
def _query_name(name):
    import re

    return name if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name) else "`%s`" % name


def _r_name(name):
    import re

    return name if re.fullmatch(r"[A-Za-z.][A-Za-z0-9._]*", name) and \
        not re.fullmatch(r"\.[0-9].*", name) else "`%s`" % name


def _r_str(v):
    if isinstance(v, str):
        return '"%s"' % v.replace("\\", "\\\\").replace('"', '\\"')
    return repr(v)


def _exact_text(v):
    """The shortest decimal text that reads back as the double ``v`` (``55`` for 55.0)."""
    t = repr(float(v))
    return t[:-2] if t.endswith(".0") else t


def _leaf_conditions(model, leaf):
    """The conditions on the path to ``leaf`` merged per variable: numeric variables
    as an interval (lower, lower_strict, upper, upper_strict), factors as the set of
    levels allowed."""
    from ._tree import CATEGORICAL as CAT, GE, LE, LT

    t = model.tree_
    info = model._info
    path = []
    i = leaf
    while t.parent[i] >= 0:
        p = int(t.parent[i])
        path.append((p, int(t.left[p]) == i))
        i = p
    conds = {}
    order = []
    for p, went_left in reversed(path):
        s = t.split[p]
        j = s.feature
        if j not in conds:
            order.append(j)
        kind = info.kinds[j]
        if s.kind == CAT or kind == ORDERED:
            q = len(info.levels[j])
            if s.kind == CAT:
                side = set(s.left_levels if went_left else s.right_levels)
            else:
                codes = np.arange(1, q + 1, dtype=float)
                go_left = {LT: codes < s.threshold, LE: codes <= s.threshold,
                           GE: codes >= s.threshold}[s.kind]
                side = set(np.flatnonzero(go_left == went_left).tolist())
            conds[j] = conds.get(j, set(range(q))) & side
            continue
        lo, lo_strict, hi, hi_strict = conds.get(j, (-np.inf, False, np.inf, False))
        t_ = float(s.threshold)
        # the side taken, as "x >= t" / "x > t" (a lower bound) or "x < t" / "x <= t"
        if s.kind == LT:
            bound = ("hi", t_, True) if went_left else ("lo", t_, False)
        elif s.kind == GE:
            bound = ("lo", t_, False) if went_left else ("hi", t_, True)
        else:
            bound = ("hi", t_, False) if went_left else ("lo", t_, True)
        which, v, strict = bound
        if which == "lo" and (v > lo or (v == lo and strict)):
            lo, lo_strict = v, strict
        if which == "hi" and (v < hi or (v == hi and strict)):
            hi, hi_strict = v, strict
        conds[j] = (lo, lo_strict, hi, hi_strict)
    return [(j, conds[j]) for j in order]


def _rule_texts(model, conds):
    info = model._info
    r_parts, q_parts = [], []
    for j, c in conds:
        name = info.names[j]
        if isinstance(c, set):
            labels = [info.levels[j][k] for k in sorted(c)]
            r_parts.append("%s %%in%% c(%s)" % (_r_name(name), ", ".join(_r_str(v)
                                                                       for v in labels)))
            q_parts.append("%s in [%s]" % (_query_name(name), ", ".join(_r_str(v)
                                                                      for v in labels)))
            continue
        lo, lo_strict, hi, hi_strict = c
        for nm, fmt in ((_r_name(name), r_parts), (_query_name(name), q_parts)):
            if np.isfinite(lo):
                fmt.append("%s %s %s" % (nm, ">" if lo_strict else ">=", _exact_text(lo)))
            if np.isfinite(hi):
                fmt.append("%s %s %s" % (nm, "<" if hi_strict else "<=", _exact_text(hi)))
    return " & ".join(r_parts) or "TRUE", " and ".join(q_parts) or "index == index"


def rules_table(model):
    """The leaves of a fitted tree as rules: one row per leaf (preorder).

    Columns: ``node`` (rpart's node number), ``rule`` (R syntax, usable in
    ``subset(data, ...)``; factor conditions as ``x %in% c(...)``), ``pandas_query``
    (the same condition for `pandas.DataFrame.query`; names that are not
    identifiers in
    backticks), ``n`` (training rows), ``weight``, then for classifiers ``class`` (the
    leaf's prediction), ``count_<class>`` and ``prob_<class>`` (as ``frame_``), for
    regressors ``yval`` (the leaf mean) and ``dev``.  Conditions on one variable along
    the path are merged into one interval (or one set of levels).  Cut points are
    written with all their digits (Python's shortest round-trip form), so the query
    selects exactly the training rows that the primary splits send to the leaf.  Rows
    with a missing value in a rule's variable are routed by surrogate splits, which
    the rules do not describe.

    This is the shape of ``rpart.plot::rpart.rules`` and imodels' rule lists.

    Examples
    --------
    >>> import numpy as np
    >>> from rocstats.tree import CARTRegressor
    >>> X = np.arange(1., 7.).reshape(-1, 1)
    >>> m = CARTRegressor(min_split=2, min_bucket=1, max_surrogate=0, xval=0)
    >>> m = m.fit(X, np.array([1., 1., 1., 5., 5., 5.]))
    >>> m.to_rules()[["node", "rule", "n", "yval"]].values.tolist()
    [[2, 'x0 < 3.5', 3, 1.0], [3, 'x0 >= 3.5', 3, 5.0]]
    """
    import pandas as pd

    frame = model.frame_
    t = model.tree_
    rows = []
    for i in np.flatnonzero(np.asarray(t.left) < 0):
        rule, query = _rule_texts(model, _leaf_conditions(model, int(i)))
        row = frame.iloc[int(i)]
        rec = dict(node=int(frame.index[int(i)]), rule=rule, pandas_query=query,
                   n=int(row["n"]), weight=float(row["wt"]))
        if _is_classifier(model):
            rec["class"] = row["yval_label"]
            for c in frame.columns:
                if c.startswith("count_") or c.startswith("prob_"):
                    rec[c] = float(row[c])
        else:
            rec["yval"] = float(row["yval"])
            rec["dev"] = float(row["dev"])
        rows.append(rec)
    return pd.DataFrame(rows)
