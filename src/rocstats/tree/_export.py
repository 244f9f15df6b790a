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

__all__ = ["print_cp", "summary", "format_r_column"]


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
