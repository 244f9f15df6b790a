r"""ROC and sROC figures (matplotlib, imported when a figure is drawn).

The empirical ROC curve is drawn through *every* point of `rocstats.roc_curve`,
joined by straight segments: a block of tied scores holding both classes is one diagonal
segment, so the area under the drawn line is the AUC with ties counted 1/2 (Bamber
1975) -- not a staircase (``step(where="post")`` would draw the area of the strict
inequality, which contradicts the AUC whenever the classes tie).  The sROC curve
:math:`\theta(\tau)` *is* a step function and is drawn as one; its area is the sAUC
(Wu, Flach & Ferri 2007, Theorem 1).
"""
import numbers
from collections.abc import Mapping

import numpy as np

__all__ = ["plot_roc", "plot_sroc", "OKABE_ITO"]

#: Okabe & Ito's colour-blind-safe palette (Okabe & Ito 2008), in the order curves get
#: them: blue, vermillion, bluish green, reddish purple, orange, sky blue, black,
#: yellow (last: it is faint on white).
OKABE_ITO = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9",
             "#000000", "#F0E442")

FIGSIZE = (5.0, 5.0)        # inches, when plot_roc / plot_sroc make the figure
LABEL_PT = 9                # axis labels
TICK_PT = 8                 # tick labels
LEGEND_PT = 8               # legend entries
TITLE_PT = 10
BAND_ALPHA = 0.22
PAD = 0.02                  # the unit square plus this margin, so lines at 0 and 1 show

# gids of the artists, so that callers and tests can find them
GID_CURVE, GID_BAND, GID_CHANCE = "rocstats-roc-curve", "rocstats-roc-ci-band", \
    "rocstats-roc-chance"
GID_SROC = "rocstats-sroc-curve"


# --------------------------------------------------------------------------- inputs
class _Item:
    """One curve to draw: its points, AUC, label and (when known) the data behind it."""

    def __init__(self, fpr, tpr, auc, label=None, data=None, source=None):
        self.fpr, self.tpr, self.auc = fpr, tpr, auc
        self.label, self.data, self.source = label, data, source


def _is_roc_like(obj):
    return ((hasattr(obj, "fpr") and hasattr(obj, "tpr"))
            or (hasattr(obj, "specificities") and hasattr(obj, "sensitivities")))


def _is_sroc_like(obj):
    return hasattr(obj, "grid_theta") and hasattr(obj, "breakpoints")


def _is_curve(obj):
    return _is_roc_like(obj) or _is_sroc_like(obj)


def _arraylike(obj):
    if isinstance(obj, (str, bytes)) or _is_curve(obj):
        return False
    if isinstance(obj, Mapping) or hasattr(obj, "columns"):
        return True
    try:
        return np.ndim(obj) >= 1
    except Exception:       # ragged input: let the statistic's own check complain
        return True


def _is_pair(obj):
    return (isinstance(obj, (tuple, list)) and len(obj) == 2
            and _arraylike(obj[0]) and _arraylike(obj[1]))


def _name(obj):
    name = getattr(obj, "name", None)
    return name if isinstance(name, str) else None


def _expand_data(y_true, y_score):
    """``[(y_true, one score, default label)]``: a 1-D score, the columns of a 2-D array
    or DataFrame, or the values of a dict."""
    if isinstance(y_score, Mapping):
        return [(y_true, s, str(k)) for k, s in y_score.items()]
    if hasattr(y_score, "columns") and np.ndim(y_score) == 2:
        return [(y_true, y_score[c], str(c)) for c in y_score.columns]
    if np.ndim(y_score) == 2:
        arr = np.asarray(y_score)
        return [(y_true, arr[:, j], None) for j in range(arr.shape[1])]
    return [(y_true, y_score, _name(y_score))]


def _collect(args, y_true, y_score, is_kind, kind_name, other_name):
    """Sort the positional and keyword inputs into ``("curve", obj, None)`` and
    ``("data", (y_true, y_score), label)`` entries, in the order given."""
    if (len(args) == 2 and not any(_is_curve(a) or _is_pair(a) for a in args)
            and all(_arraylike(a) for a in args)):
        if y_true is not None or y_score is not None:
            raise ValueError("pass the data either as two positional arrays or as "
                             "y_true= / y_score=, not both")
        y_true, y_score = args
        args = ()
    items = []
    for i, a in enumerate(args):
        if is_kind(a):
            items.append(("curve", a, None))
        elif _is_curve(a):
            raise ValueError("positional argument %d is a %s result; draw it with %s"
                             % (i + 1, type(a).__name__, other_name))
        elif _is_pair(a):
            items += [("data", (y, s), lab) for y, s, lab in _expand_data(*a)]
        else:
            raise ValueError(
                "positional argument %d (%s) is neither a %s result nor a (y_true, y_score) "
                "pair; pass curves, (y_true, y_score) pairs, two arrays y_true, y_score, or "
                "the keywords y_true= and y_score=" % (i + 1, type(a).__name__, kind_name))
    if (y_true is None) != (y_score is None):
        raise ValueError("y_true and y_score must be given together (got only %s)"
                         % ("y_true" if y_score is None else "y_score"))
    if y_true is not None:
        items += [("data", (y, s), lab) for y, s, lab in _expand_data(y_true, y_score)]
    if not items:
        raise ValueError("nothing to plot: pass %s results or y_true and y_score" % kind_name)
    return items


def _line_options(line_kw, labels):
    """matplotlib's ``label=`` read as ``labels=`` (one label per curve); the line
    keywords rocstats sets itself refused by name instead of matplotlib's TypeError
    ("got multiple values for keyword argument").  Returns ``(line_kw, labels)``."""
    kw = dict(line_kw)
    if "label" in kw:
        if labels is not None:
            raise ValueError("label and labels are both given: pass labels= (one label "
                             "per curve)")
        labels = kw.pop("label")
    for name, use in (("color", "colors= (one colour per curve)"),
                      ("c", "colors= (one colour per curve)"),
                      ("zorder", None), ("gid", None)):
        if name in kw:
            raise ValueError("%s is set by rocstats for each curve%s" % (
                name, ": pass " + use if use else " and cannot be passed"))
    return kw, labels


def _check_labels(labels, n, defaults):
    if labels is None:
        if n > 1:
            return [d if d is not None else "curve %d" % (i + 1)
                    for i, d in enumerate(defaults)]
        return list(defaults)
    if isinstance(labels, str):
        labels = [labels]
    labels = list(labels)
    if len(labels) != n:
        raise ValueError("labels has %d entr%s for %d curve%s" % (
            len(labels), "y" if len(labels) == 1 else "ies", n, "" if n == 1 else "s"))
    return [None if lab is None else str(lab) for lab in labels]


def _check_colors(colors, n, start):
    if colors is None:
        return [OKABE_ITO[(start + i) % len(OKABE_ITO)] for i in range(n)]
    if isinstance(colors, str) or (isinstance(colors, tuple) and len(colors) in (3, 4)
                                   and all(isinstance(c, numbers.Real) for c in colors)):
        colors = [colors]
    colors = list(colors)
    if len(colors) < n:
        raise ValueError("colors has %d entr%s for %d curves"
                         % (len(colors), "y" if len(colors) == 1 else "ies", n))
    return colors[:n]


def _check_level(level):
    if not (isinstance(level, numbers.Real) and not isinstance(level, bool)
            and 0.0 < float(level) < 1.0):
        raise ValueError("level must be a number strictly between 0 and 1, got %r" % (level,))
    return float(level)


def _resolve_axes(axes, legacy_axes):
    if axes is not None and axes not in ("fpr", "specificity"):
        raise ValueError("axes must be 'fpr' (1 - specificity, 0 to 1) or 'specificity' "
                         "(pROC's default: specificity from 1 to 0), got %r" % (axes,))
    if legacy_axes is None:
        return axes or "fpr"
    if not isinstance(legacy_axes, (bool, np.bool_)):
        raise ValueError("legacy_axes must be True, False or None, got %r" % (legacy_axes,))
    implied = "fpr" if legacy_axes else "specificity"
    if axes is not None and axes != implied:
        raise ValueError("axes=%r contradicts legacy_axes=%r (legacy_axes=True is "
                         "axes='fpr', False is axes='specificity')" % (axes, legacy_axes))
    return implied


def _auc_value(obj):
    a = getattr(obj, "auc", np.nan)
    if callable(a):
        a = a()
    a = getattr(a, "auc", a)
    try:
        return float(a)
    except (TypeError, ValueError):
        return float("nan")


def _counts_data(curve):
    """Data with the ranks of an unweighted `rocstats.ROCCurve`:
    ``(is_pos, score, direction)`` or None.

    The curve through every distinct threshold holds the number of positives and
    negatives at each score (the jumps of ``tpr * n_pos`` and ``fpr * n_neg``), so any
    rank statistic (the AUC, its DeLong variance, a bootstrap of the sensitivity at
    given specificities) computed from these rows equals the one from the original data.
    None when the counts are not whole numbers (non-integer ``sample_weight``).
    """
    try:
        P, N = float(curve.n_pos), float(curve.n_neg)
        thr = np.asarray(curve.thresholds, dtype=float)
        tpr = np.asarray(curve.tpr, dtype=float)
        fpr = np.asarray(curve.fpr, dtype=float)
    except (AttributeError, TypeError, ValueError):
        return None
    if not (np.isfinite(P) and np.isfinite(N) and P >= 1 and N >= 1 and P == round(P)
            and N == round(N)) or not (np.isfinite(tpr).all() and np.isfinite(fpr).all()):
        return None
    tp, fp = tpr * P, fpr * N
    tpi, fpi = np.rint(tp), np.rint(fp)
    if np.abs(tp - tpi).max() > 1e-6 or np.abs(fp - fpi).max() > 1e-6:
        return None
    dtp, dfp = np.diff(tpi).astype(np.int64), np.diff(fpi).astype(np.int64)
    if (dtp < 0).any() or (dfp < 0).any() or dtp.sum() != P or dfp.sum() != N:
        return None
    scores = thr[1:]
    is_pos = np.r_[np.ones(int(P), bool), np.zeros(int(N), bool)]
    score = np.r_[np.repeat(scores, dtp), np.repeat(scores, dfp)]
    return is_pos, score, getattr(curve, "direction", "<")


def _roc_items(entries, direction, pos_label):
    from .._results import ROCCurve
    from ..curves import roc_curve

    out = []
    for kind, obj, label in entries:
        if kind == "data":
            y, s = obj
            c = roc_curve(y, s, direction=direction, pos_label=pos_label)
            out.append(_Item(c.fpr, c.tpr, c.auc, label,
                             dict(y_true=y, y_score=s, direction=direction,
                                  pos_label=pos_label), c))
        elif hasattr(obj, "fpr") and hasattr(obj, "tpr"):
            fpr = np.asarray(obj.fpr, dtype=float)
            tpr = np.asarray(obj.tpr, dtype=float)
            d = _counts_data(obj) if isinstance(obj, ROCCurve) else None
            data = None if d is None else dict(y_true=d[0], y_score=d[1], direction=d[2],
                                               pos_label=None)
            out.append(_Item(fpr, tpr, _auc_value(obj), label, data, obj))
        else:                                   # smooth_roc-like: specificities, sensitivities
            sp = np.asarray(obj.specificities, dtype=float)
            se = np.asarray(obj.sensitivities, dtype=float)
            if sp.shape != se.shape or sp.ndim != 1:
                raise ValueError("a curve's specificities and sensitivities must be 1-D of "
                                 "one length (got shapes %s and %s)" % (sp.shape, se.shape))
            if sp.size and max(np.nanmax(sp), np.nanmax(se)) > 1.0 + 1e-12:
                raise ValueError("a curve's specificities / sensitivities must be "
                                 "proportions in [0, 1], not percentages")
            out.append(_Item(1.0 - sp, se, _auc_value(obj), label, None, obj))
    return out


# --------------------------------------------------------------------------- CI pieces
_BAND_COLUMNS = ("specificity", "lower", "upper")


def _band_arrays(band, where):
    """``(specificity, lower, upper)`` sorted by specificity, rows with NaN dropped;
    ``band`` is a DataFrame (or mapping) with columns specificity, lower, [median,] upper."""
    cols = list(band.columns) if hasattr(band, "columns") else (
        list(band.keys()) if isinstance(band, Mapping) else None)
    if cols is None:
        raise ValueError("%s must be False, True or a DataFrame with columns specificity, "
                         "lower, median, upper (rocstats.ci_band's result); got %s"
                         % (where, type(band).__name__))
    missing = [c for c in _BAND_COLUMNS if c not in cols]
    if missing:
        raise ValueError("%s lacks column%s %s: a band needs columns specificity, lower, "
                         "upper (and optionally median), as rocstats.ci_band returns; it has %s"
                         % (where, "" if len(missing) == 1 else "s", ", ".join(missing),
                            ", ".join(map(str, cols))))
    try:
        sp, lo, hi = (np.asarray(band[c], dtype=float).ravel() for c in _BAND_COLUMNS)
    except (TypeError, ValueError) as exc:
        raise ValueError("%s: columns specificity, lower, upper must be numeric (%s)"
                         % (where, exc)) from None
    ok = np.isfinite(sp) & np.isfinite(lo) & np.isfinite(hi)
    sp, lo, hi = sp[ok], lo[ok], hi[ok]
    if sp.size < 2:
        raise ValueError("%s has fewer than 2 complete rows (specificity, lower, upper)" % where)
    if min(sp.min(), lo.min(), hi.min()) < 0.0 or max(sp.max(), lo.max(), hi.max()) > 1.0:
        raise ValueError("%s: specificity, lower and upper must be proportions in [0, 1] "
                         "(not percentages)" % where)
    if (lo > hi + 1e-12).any():
        raise ValueError("%s: lower exceeds upper in %d row(s)" % (where, int((lo > hi).sum())))
    order = np.argsort(sp, kind="stable")
    return sp[order], lo[order], hi[order]


def _bands(ci, items, level, ci_options):
    """One band (or None) per curve: ``(specificity, lower, upper, level)``."""
    n = len(items)
    if ci is None or ci is False:
        return [None] * n
    if isinstance(ci, str) and ci not in ("pointwise", "simultaneous"):
        raise ValueError("ci must be False, True, 'pointwise', 'simultaneous', a DataFrame "
                         "or a list of DataFrames, got %r" % (ci,))
    if ci is True or isinstance(ci, str):
        kind = "pointwise" if ci is True else ci
        import rocstats

        ci_band = getattr(rocstats, "ci_band", None)
        if ci_band is None:
            raise NotImplementedError(
                "ci=True needs rocstats.ci_band (the bootstrap engine), which this version "
                "of rocstats does not have yet; pass the band itself as ci=<DataFrame with "
                "columns specificity, lower, median, upper>")
        out = []
        for i, it in enumerate(items):
            if it.data is None:
                raise ValueError(
                    "ci=True needs the data of curve %d (%s): it has none (a smoothed curve, "
                    "or a curve built with non-integer sample_weight); pass its band as a "
                    "DataFrame in ci=[...]" % (i + 1, it.label or type(it.source).__name__))
            opts = dict(ci_options or {})
            if kind != "pointwise":     # a plain ci=True keeps ci_band's own default
                opts["kind"] = kind
            band = ci_band(it.data["y_true"], it.data["y_score"], level=level,
                           direction=it.data["direction"], pos_label=it.data["pos_label"],
                           **opts)
            out.append(_band_arrays(band, "ci (from rocstats.ci_band)")
                       + (level, _band_kind(band)))
        return out
    if isinstance(ci, (list, tuple)):
        if len(ci) != n:
            raise ValueError("ci has %d bands for %d curves (use None for a curve without one)"
                             % (len(ci), n))
        bands = list(ci)
    else:
        if n != 1:
            raise ValueError("ci is one band but there are %d curves: pass ci=True or a list "
                             "of %d bands (None for none)" % (n, n))
        bands = [ci]
    out = []
    for i, b in enumerate(bands):
        if b is None or b is False:
            out.append(None)
            continue
        where = "ci" if n == 1 else "ci[%d]" % i
        lev = getattr(b, "attrs", {}).get("level", level) if hasattr(b, "attrs") else level
        out.append(_band_arrays(b, where) + (_check_level(lev), _band_kind(b)))
    return out


def _band_kind(band):
    """``"simultaneous"`` for a band whose ``attrs["kind"]`` says so, else "pointwise"."""
    attrs = getattr(band, "attrs", None)
    return "simultaneous" if isinstance(attrs, Mapping) and \
        attrs.get("kind") == "simultaneous" else "pointwise"


def _interval(spec, item, level, where):
    """``(lower, upper, level)`` of the AUC of one curve, or None."""
    if spec is None or spec is False:
        return None
    if isinstance(spec, str):
        if spec != "delong":
            raise ValueError("%s must be 'delong', None, a ConfidenceInterval, an object "
                             "with conf_int() or a (lower, upper) pair; got %r" % (where, spec))
        if item.data is None:
            return None
        import warnings

        from .._validation import UndefinedAUCWarning
        from ..curves import delong

        d = item.data
        with warnings.catch_warnings():       # n < 2 of a class: variance NaN, CI omitted
            warnings.simplefilter("ignore", UndefinedAUCWarning)
            ci = delong(d["y_true"], d["y_score"], direction=d["direction"],
                        pos_label=d["pos_label"]).conf_int(level)
        return float(ci.lower), float(ci.upper), level
    if hasattr(spec, "conf_int") and callable(spec.conf_int):
        ci = spec.conf_int(level)
        return float(ci[0]), float(ci[1]), float(getattr(ci, "level", level))
    if hasattr(spec, "lower") and hasattr(spec, "upper"):
        return float(spec.lower), float(spec.upper), float(getattr(spec, "level", level))
    if isinstance(spec, (tuple, list, np.ndarray)) and len(spec) == 2:
        return float(spec[0]), float(spec[1]), level
    raise ValueError("%s must be 'delong', None, a ConfidenceInterval, an object with "
                     "conf_int() or a (lower, upper) pair; got %s" % (where, type(spec).__name__))


def _intervals(auc_ci, items, level):
    n = len(items)
    per_curve = (isinstance(auc_ci, list)
                 or (isinstance(auc_ci, tuple) and n > 1 and len(auc_ci) == n
                     and not all(isinstance(v, numbers.Real) for v in auc_ci)))
    if per_curve:
        if len(auc_ci) != n:
            raise ValueError("auc_ci has %d entries for %d curves" % (len(auc_ci), n))
        return [_interval(s, it, level, "auc_ci[%d]" % i)
                for i, (s, it) in enumerate(zip(auc_ci, items))]
    if n > 1 and not (auc_ci is None or auc_ci is False or isinstance(auc_ci, str)):
        raise ValueError("auc_ci is one interval but there are %d curves: pass a list with "
                         "one per curve" % n)
    return [_interval(auc_ci, it, level, "auc_ci") for it in items]


def _auc_text(name, value, ci):
    """pROC's print.auc text: ``AUC: 0.731 (95% CI: 0.630-0.833)``."""
    text = "%s: %.3f" % (name, value)
    if ci is not None and np.isfinite(ci[0]) and np.isfinite(ci[1]):
        text += " (%s%% CI: %.3f-%.3f)" % (("%.1f" % (100 * ci[2])).rstrip("0").rstrip("."),
                                          ci[0], ci[1])
    return text


def _join(label, text):
    if label and text:
        return "%s, %s" % (label, text)
    return label or text or None


# --------------------------------------------------------------------------- axes
def _new_axes(ax):
    if ax is not None:
        return ax
    from .._optional import import_optional

    plt = import_optional("matplotlib.pyplot", "rocstats.plot")
    _, ax = plt.subplots(figsize=FIGSIZE, layout="constrained")
    return ax


def _square(ax, invert_x=False):
    lo, hi = -PAD, 1.0 + PAD
    ax.set_xlim((hi, lo) if invert_x else (lo, hi))
    ax.set_ylim(lo, hi)
    ax.set_aspect("equal", adjustable="box")
    ticks = np.linspace(0.0, 1.0, 6)
    ax.set_xticks(ticks)
    ax.set_yticks(ticks)
    ax.tick_params(labelsize=TICK_PT)


def _n_drawn(ax, gid):
    return sum(1 for line in ax.get_lines() if line.get_gid() == gid)


def _finish(ax, legend, title, ours=()):
    """Title and legend; the artists of this call (``ours``) come last, in the given
    order (each curve followed by its band), after labelled artists already there."""
    if title:
        ax.set_title(title, fontsize=TITLE_PT)
    if legend is False or legend is None:
        return
    handles, labels = ax.get_legend_handles_labels()
    mine = {id(h) for h in ours}
    pairs = [(h, lab) for h, lab in zip(handles, labels) if id(h) not in mine]
    pairs += [(h, h.get_label()) for h in ours if not h.get_label().startswith("_")]
    handles, labels = [p[0] for p in pairs], [p[1] for p in pairs]
    if handles:
        ax.legend(handles, labels, loc="best" if legend is True else legend,
                  fontsize=LEGEND_PT, frameon=True, framealpha=0.9, handlelength=1.8)


def _points(item, axes):
    x = item.fpr if axes == "fpr" else 1.0 - item.fpr
    return x, item.tpr


# --------------------------------------------------------------------------- plot_roc
def plot_roc(*curves, y_true=None, y_score=None, labels=None, ax=None, ci=False,
             level=0.95, ci_options=None, print_auc=False, auc_ci="delong", chance=True,
             axes=None, legacy_axes=None, direction="<", pos_label=None, colors=None,
             legend="lower right", title=None, **line_kw):
    r"""Draw empirical ROC curves, tie blocks as diagonal segments, optionally with a
    confidence band of the sensitivity and the AUC with its confidence interval.

    Every point of `rocstats.roc_curve` is drawn and consecutive points are joined
    by straight segments: a block of tied scores containing both classes is *one
    diagonal segment*, so the area under the drawn line is exactly the AUC (ties
    counting 1/2), as in pROC's ``plot.roc``.  (A ``step(where="post")`` staircase
    would show the area of the strict comparison instead.)

    Parameters
    ----------
    *curves
        An `rocstats.AveragedROC` (`rocstats.roc_average`) is drawn alone,
        with its own band: the fold curves faint, the band (a shaded band; crosses at
        every twelfth threshold for threshold averaging), the averaged curve and, with
        ``print_auc``, the mean AUC with its interval.  Otherwise
        any mix of `rocstats.ROCCurve` results, objects with ``specificities``,
        ``sensitivities`` and ``auc`` (a smoothed curve, like pROC's ``smooth``; drawn
        through its points as given), and ``(y_true, y_score)`` pairs.  Two positional
        arrays are read as ``y_true, y_score``: ``plot_roc(y, score)``.
    y_true, y_score : array-like, optional
        Data of one or several curves (after the positional ones).  ``y_score`` may be
        1-D, 2-D (one curve per column), a DataFrame (one per column, labelled by the
        column names) or a dict ``{label: scores}``; a named Series labels its curve.
    labels : sequence of str, optional
        One legend label per curve (a ValueError if the count differs).  Default: the
        names of the score columns / dict keys / Series; ``"curve 1"``, ... for unnamed
        curves when there are several.
    ax : matplotlib Axes, optional
        Draw into this Axes (default: a new 5 x 5 inch figure).
    ci : bool, "pointwise", "simultaneous", DataFrame or list of DataFrames
        ``"simultaneous"``: the band that covers the whole curve (over specificities
        0.05-0.95 by default) with probability ``level``,
        ``rocstats.ci_band(kind="simultaneous")``, labelled "simultaneous band".
        ``True`` or ``"pointwise"``: the
        confidence band of the sensitivity at fixed specificities (pROC's ``ci.se``,
        drawn like ``plot(ci.se(...), type = "shape")``), computed with
        `rocstats.ci_band` (the bootstrap engine; a NotImplementedError when this
        version of rocstats lacks it) for every curve with data -- a ``ROCCurve`` result
        carries its per-threshold counts, which is all a rank bootstrap needs.  A
        DataFrame with columns ``specificity, lower, [median,] upper`` (proportions) is
        drawn as given (its ``attrs["level"]``, when present, names the level); for
        several curves pass a list, None for a curve without a band.
    level : float
        Confidence level of the band computed by ``ci=True`` and of the AUC interval.
    ci_options : dict, optional
        Further keywords of `rocstats.ci_band` (``specificities``, ``n_boot``,
        ``stratified``, ``random_state``).
    print_auc : bool
        Put ``"AUC: 0.731 (95% CI: 0.630-0.833)"`` (pROC's ``print.auc`` text) in each
        curve's legend entry.
    auc_ci : "delong", None, interval, or list
        The interval printed by ``print_auc``: ``"delong"`` (default) is
        ``rocstats.delong(...).conf_int(level)`` (the Wald interval of pROC's
        ``ci.auc(method = "delong")``) for every empirical curve (none for smoothed
        curves or non-integer weights); None prints the AUC alone; a
        `rocstats.ConfidenceInterval`, an object with ``conf_int(level)`` (e.g. an
        `rocstats.AUCResult`) or a ``(lower, upper)`` pair is printed as given;
        a list gives one per curve.
    chance : bool
        Draw the chance diagonal (sensitivity = 1 - specificity).
    axes : {"fpr", "specificity"}, optional
        x axis: ``"fpr"`` (default) is 1 - specificity from 0 to 1; ``"specificity"`` is
        pROC's default, specificity decreasing from 1 to 0.  The curve looks the same.
    legacy_axes : bool, optional
        pROC's name: ``True`` is ``axes="fpr"``, ``False`` is ``axes="specificity"``.
    direction, pos_label
        As in `rocstats.auc`, for curves given as data (results carry their own).
    colors : sequence of colours, optional
        Default: the Okabe-Ito palette (`OKABE_ITO`), continued when more curves
        are drawn into the same Axes.
    legend : str or bool
        Legend location (default ``"lower right"``, the corner a ROC curve leaves
        empty), ``True`` for matplotlib's choice, ``False`` for none.  A legend is drawn
        only when some entry has text (a label, an AUC or a band).
    title : str, optional
    **line_kw
        Passed to ``Axes.plot`` for every curve (``linewidth``, ``linestyle``, ...).
        ``label=`` is read as ``labels=``; ``color`` (use ``colors=``), ``zorder`` and
        ``gid`` are set for each curve and refused with a ``ValueError``.

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    Scores 0.1 (negative), 0.4 (a negative and a positive tied), 0.8 (positive): the tie
    is one diagonal segment, and the area under the drawn line is the AUC, 0.875.

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from rocstats.plot import plot_roc
    >>> ax = plot_roc([0, 0, 1, 1], [0.1, 0.4, 0.4, 0.8], print_auc=True, auc_ci=None)
    >>> ax.get_lines()[-1].get_xydata().tolist()
    [[0.0, 0.0], [0.0, 0.5], [0.5, 1.0], [1.0, 1.0]]
    >>> ax.get_legend().get_texts()[0].get_text()
    'AUC: 0.875'
    """
    line_kw, labels = _line_options(line_kw, labels)
    axes = _resolve_axes(axes, legacy_axes)
    level = _check_level(level)
    from ._average import is_averaged, plot_averaged

    if any(is_averaged(c) for c in curves):
        if len(curves) != 1 or y_true is not None or y_score is not None:
            raise ValueError("an averaged ROC curve (rocstats.roc_average) is drawn alone: "
                             "pass it as the only curve")
        label = _check_labels(labels, 1, [None])[0]
        color = None if colors is None else _check_colors(colors, 1, 0)[0]
        return plot_averaged(curves[0], ax=ax, label=label, color=color,
                             print_auc=print_auc, chance=chance, axes=axes, legend=legend,
                             title=title, **line_kw)
    entries = _collect(curves, y_true, y_score, _is_roc_like, "ROC curve", "plot_sroc")
    items = _roc_items(entries, direction, pos_label)
    n = len(items)
    labels = _check_labels(labels, n, [lab for _, _, lab in entries])
    bands = _bands(ci, items, level, ci_options)
    cis = _intervals(auc_ci, items, level) if print_auc else [None] * n
    ax = _new_axes(ax)
    colors = _check_colors(colors, n, _n_drawn(ax, GID_CURVE))

    if chance:
        ax.plot([0, 1], [0, 1] if axes == "fpr" else [1, 0], color="0.6", lw=0.8,
                ls="--", zorder=1, gid=GID_CHANCE)
    band_artists = [None] * n
    for i, (it, band, col) in enumerate(zip(items, bands, colors)):
        if band is None:
            continue
        sp, lo, hi, lev, bkind = band
        x = 1.0 - sp if axes == "fpr" else sp
        blabel = "%s%% %s" % ("%g" % (100 * lev), "simultaneous band" if
                              bkind == "simultaneous" else "CI of sensitivity")
        if n > 1 and labels[i]:
            blabel = "%s (%s)" % (blabel, labels[i])
        band_artists[i] = ax.fill_between(x, lo, hi, color=col, alpha=BAND_ALPHA,
                                          linewidth=0, zorder=2, label=blabel, gid=GID_BAND)
    kw = dict(linewidth=1.6, solid_joinstyle="miter")
    kw.update(line_kw)
    ours = []
    for it, lab, col, aci, band in zip(items, labels, colors, cis, band_artists):
        x, y = _points(it, axes)
        text = _auc_text("AUC", it.auc, aci) if print_auc else None
        line, = ax.plot(x, y, color=col, zorder=3, label=_join(lab, text) or "_nolegend_",
                        gid=GID_CURVE, **kw)
        ours += [line] + ([band] if band is not None else [])
    return _finish_roc(ax, axes, legend, title, ours)


def _finish_roc(ax, axes, legend, title, ours):
    """Square ROC axes (specificity reversed when ``axes="specificity"``), their labels,
    then the legend and title of `_finish`; returns ``ax``."""
    _square(ax, invert_x=(axes == "specificity"))
    ax.set_xlabel("1 \u2212 Specificity" if axes == "fpr" else "Specificity",
                  fontsize=LABEL_PT)
    ax.set_ylabel("Sensitivity", fontsize=LABEL_PT)
    _finish(ax, legend, title, ours)
    return ax


# --------------------------------------------------------------------------- plot_sroc
def _sroc_xy(curve):
    """Vertices of the drawn sROC curve: the exact steps (right-continuous, closed at
    tau = 1), or the grid values joined by straight lines (the trapezoid ``area()``
    integrates) when the steps were not materialised."""
    if curve.breakpoints is None:
        return np.asarray(curve.grid, float), np.asarray(curve.grid_theta, float)
    edges = np.append(np.asarray(curve.breakpoints, float), 1.0)
    values = np.asarray(curve.values, float)
    return np.repeat(edges, 2)[1:-1], np.repeat(values, 2)


def plot_sroc(*curves, y_true=None, y_score=None, labels=None, ax=None, print_sauc=False,
              level=0.95, sauc_ci="paper", rescale=None, grid=201,
              max_breakpoints=2_000_000, direction="<", pos_label=None, colors=None,
              legend="upper right", title=None, **line_kw):
    r"""Draw scored ROC (sROC) curves tau -> theta(tau) on [0, 1].

    :math:`\theta(\tau) = \frac{1}{mn}\sum_{i,j} 1(y_i - x_j > \tau)` is the share of
    (positive, negative) pairs whose score difference exceeds the margin
    :math:`\tau` (Wu, Flach & Ferri 2007, Definition 1 and section 3); it is a
    right-continuous step function and is drawn as one, so the area under the drawn
    line is the sAUC (Theorem 1).  When the exact steps were not materialised (m n
    above ``max_breakpoints``) the exact values on the grid are joined by straight
    lines, whose area is ``SROCCurve.area()``.

    Parameters
    ----------
    *curves
        `rocstats.SROCCurve` results and ``(y_true, y_score)`` pairs; two
        positional arrays are read as ``y_true, y_score``.
    y_true, y_score : array-like, optional
        As in `plot_roc` (1-D, 2-D, DataFrame or dict of scores).
    labels, ax, colors, legend, title, **line_kw
        As in `plot_roc` (legend default ``"upper right"``, the corner an sROC
        curve leaves empty).
    print_sauc : bool
        Put ``"sAUC: 0.544 (95% CI: ...)"`` in each legend entry; the interval is
        `rocstats.sauc`'s ``conf_int(level)`` for curves given as data (an
        ``SROCCurve`` result does not hold the data: sAUC alone).
    level : float
        Level of the printed interval.
    sauc_ci : {"paper", "delong"} or None
        Variance of the printed interval (`rocstats.sauc`'s ``variance``); None
        prints the sAUC alone.
    rescale, grid, max_breakpoints, direction, pos_label
        As in `rocstats.sroc_curve`, for curves given as data.

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    Model M2 of the paper: the area under the drawn steps is its sAUC, 49/90.

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from rocstats.plot import plot_sroc
    >>> ax = plot_sroc([1, 1, 0, 1, 0, 0], [1.0, 0.9, 0.6, 0.5, 0.2, 0.0], print_sauc=True)
    >>> ax.get_legend().get_texts()[0].get_text()
    'sAUC: 0.544 (95% CI: 0.195-0.894)'
    """
    from ..scored import sauc, sroc_curve

    line_kw, labels = _line_options(line_kw, labels)
    level = _check_level(level)
    if sauc_ci not in (None, "paper", "delong"):
        raise ValueError("sauc_ci must be 'paper', 'delong' or None, got %r" % (sauc_ci,))
    entries = _collect(curves, y_true, y_score, _is_sroc_like, "sROC curve", "plot_roc")
    n = len(entries)
    labels = _check_labels(labels, n, [lab for _, _, lab in entries])
    drawn = []
    for kind, obj, _ in entries:
        ci = None
        if kind == "data":
            y, s = obj
            c = sroc_curve(y, s, grid=grid, max_breakpoints=max_breakpoints,
                           pos_label=pos_label, direction=direction, rescale=rescale)
            if print_sauc and sauc_ci is not None:
                import warnings

                from .._validation import UndefinedAUCWarning

                with warnings.catch_warnings():
                    warnings.simplefilter("ignore", UndefinedAUCWarning)
                    r = sauc(y, s, pos_label=pos_label, direction=direction, rescale=rescale,
                             variance=sauc_ci)
                    lo, hi = r.conf_int(level)
                ci = (float(lo), float(hi), level)
        else:
            c = obj
        drawn.append((c, ci))
    ax = _new_axes(ax)
    colors = _check_colors(colors, n, _n_drawn(ax, GID_SROC))
    kw = dict(linewidth=1.6, solid_joinstyle="miter")
    kw.update(line_kw)
    for (c, ci), lab, col in zip(drawn, labels, colors):
        x, y = _sroc_xy(c)
        text = _auc_text("sAUC", c.sauc, ci) if print_sauc else None
        ax.plot(x, y, color=col, zorder=3, label=_join(lab, text) or "_nolegend_",
                gid=GID_SROC, **kw)
    _square(ax)
    ax.set_xlabel("Margin \u03c4", fontsize=LABEL_PT)
    ax.set_ylabel("\u03b8(\u03c4) = Pr(case score \u2212 control score > \u03c4)",
                  fontsize=LABEL_PT)
    _finish(ax, legend, title)
    return ax
