"""Precision-recall figures (matplotlib, imported when a figure is drawn).

The curve is drawn as Davis & Goadrich's (2006) interpolation between its points: where
the threshold passes positives the precision follows (a + x) / (c + kappa x) (see
`rocstats.curves._pr`), where it passes negatives only it drops vertically; the area
under the drawn line is ``pr_auc(method="interpolated")``.  Straight lines between the
points would show the optimistic trapezoid instead.
"""
import numpy as np

from ._roc import (BAND_ALPHA, LABEL_PT, PAD, TICK_PT, _check_colors, _check_labels,
                   _check_level, _collect, _finish, _join, _line_options, _new_axes)

__all__ = ["plot_pr"]

GID_PR, GID_PR_BAND, GID_BASELINE = "rocstats-pr-curve", "rocstats-pr-ci-band", \
    "rocstats-pr-baseline"


def _is_pr(obj):
    return hasattr(obj, "precision") and hasattr(obj, "recall") and hasattr(obj, "tp")


def interpolated_vertices(curve, per_step=8):
    """Vertices (recall, precision) of the drawn curve: each step with new positives
    sampled ``per_step`` times along the non-linear interpolation (once when its
    precision is nearly linear: more than 50 cases already above it), each step with
    negatives only a vertical drop."""
    tp = np.asarray(curve.tp, float)
    fp = np.asarray(curve.fp, float)
    P = float(tp[-1])
    xs, ys = [0.0], []
    a0, d0 = tp[0], tp[1] - tp[0] if tp.size > 1 else 0.0
    c0 = tp[0] + fp[0]
    if d0 > 0:
        kappa = 1.0 + (fp[1] - fp[0]) / d0
        ys.append(tp[0] / c0 if c0 > 0 else 1.0 / kappa)
    else:
        ys.append(1.0)
    for k in range(1, tp.size):
        a, c = tp[k - 1], tp[k - 1] + fp[k - 1]
        d, e = tp[k] - tp[k - 1], fp[k] - fp[k - 1]
        if d <= 0:
            xs.append(tp[k] / P)
            ys.append(tp[k] / (tp[k] + fp[k]))
            continue
        kappa = 1.0 + e / d
        J = 1 if c > 50 else per_step
        x = d * np.arange(1, J + 1) / J
        xs += list((a + x) / P)
        ys += list((a + x) / (c + kappa * x))
    return np.asarray(xs), np.asarray(ys)


def _data_of_pr(curve):
    """``(is_pos, score, direction)`` with the ranks of an unweighted PRCurve, or None."""
    if getattr(curve, "weighted", False):
        return None
    tp, fp = np.asarray(curve.tp, float), np.asarray(curve.fp, float)
    if not (np.isfinite(tp).all() and np.isfinite(fp).all()):
        return None
    dtp, dfp = np.diff(tp).astype(np.int64), np.diff(fp).astype(np.int64)
    scores = np.asarray(curve.thresholds, float)[1:]
    is_pos = np.r_[np.ones(int(dtp.sum()), bool), np.zeros(int(dfp.sum()), bool)]
    return is_pos, np.r_[np.repeat(scores, dtp), np.repeat(scores, dfp)], curve.direction


def plot_pr(*curves, y_true=None, y_score=None, labels=None, ax=None, ci=False, level=0.95,
            ci_options=None, print_auc=False, baseline=True, direction="<", pos_label=None,
            colors=None, legend="lower left", title=None, **line_kw):
    r"""Draw precision-recall curves (Davis & Goadrich's interpolation between the
    points), optionally with a pointwise bootstrap band, the area with its logit interval
    and the prevalence baseline.

    Parameters
    ----------
    *curves
        `rocstats.PRCurve` results and ``(y_true, y_score)`` pairs; two positional
        arrays are read as ``y_true, y_score``.
    y_true, y_score : array-like, optional
        Data of one or several curves, as in `rocstats.plot.plot_roc`.
    labels, ax, colors, legend, title, **line_kw
        As in `rocstats.plot.plot_roc` (legend default ``"lower left"``, the
        corner a PR curve usually leaves empty).
    ci : bool or DataFrame or list
        ``True``: the band of `rocstats.ci_pr_band` (the precision of the
        interpolated curve at recalls 0, 0.01, ..., 1 in every replicate; pointwise
        percentile intervals) for every curve with data (an unweighted ``PRCurve``
        carries its counts); or the band(s) as DataFrames with columns recall, lower,
        upper.
    level : float
        Level of the band and of the printed interval.
    ci_options : dict, optional
        Further keywords of `rocstats.ci_pr_band` (``recalls``, ``n_boot``,
        ``random_state``, ...).
    print_auc : bool
        Put ``"AUC-PR: 0.687 (95% CI: 0.53-0.81)"`` (the interpolated area and its logit
        interval, Boyd et al. 2013) in each curve's legend entry.
    baseline : bool
        Draw the precision of a useless score, the prevalence P / (P + N) (dotted), for
        the first curve.
    direction, pos_label
        As in `rocstats.auc`, for curves given as data.

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from rocstats.plot import plot_pr
    >>> ax = plot_pr([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8], print_auc=True)
    >>> ax.get_legend().get_texts()[0].get_text()
    'AUC-PR: 0.797 (95% CI: 0.111-0.992)'
    """
    from ..curves._pr import pr_curve

    line_kw, labels = _line_options(line_kw, labels)
    level = _check_level(level)
    entries = _collect(curves, y_true, y_score, _is_pr, "precision-recall curve",
                       "plot_roc")
    n = len(entries)
    labels = _check_labels(labels, n, [lab for _, _, lab in entries])
    items = []
    for kind, obj, _ in entries:
        if kind == "data":
            y, s = obj
            items.append(pr_curve(y, s, direction=direction, pos_label=pos_label))
        else:
            items.append(obj)
    bands = _pr_bands(ci, items, level, ci_options)
    ax = _new_axes(ax)
    colors = _check_colors(colors, n, sum(1 for ln in ax.get_lines() if ln.get_gid() == GID_PR))
    ours = []
    if baseline and items and np.isfinite(items[0].prevalence):
        line, = ax.plot([0, 1], [items[0].prevalence] * 2, color="0.5", lw=0.9, ls=":",
                        zorder=1, gid=GID_BASELINE,
                        label="baseline (prevalence %.3f)" % items[0].prevalence)
        ours.append(line)
    kw = dict(linewidth=1.6, solid_joinstyle="miter")
    kw.update(line_kw)
    mine = []
    for it, lab, col, band in zip(items, labels, colors, bands):
        band_artist = None
        if band is not None:
            rr, lo, hi, lev = band
            band_artist = ax.fill_between(rr, lo, hi, color=col, alpha=BAND_ALPHA, lw=0,
                                          zorder=2, gid=GID_PR_BAND,
                                          label="%g%% CI of precision" % (100 * lev) +
                                          (" (%s)" % lab if n > 1 and lab else ""))
        text = None
        if print_auc:
            from ..curves._pr import pr_auc_interval

            area = it.area("interpolated")
            ci = None
            if not it.weighted:
                c = pr_auc_interval(area, it.n_pos, level, "logit")
                ci = (c.lower, c.upper)
            text = "AUC-PR: %.3f" % area
            if ci is not None and np.isfinite(ci[0]):
                text += " (%s%% CI: %.3f-%.3f)" % (("%.1f" % (100 * level)).rstrip("0")
                                                   .rstrip("."), ci[0], ci[1])
        x, y = interpolated_vertices(it)
        line, = ax.plot(x, y, color=col, zorder=3, label=_join(lab, text) or "_nolegend_",
                        gid=GID_PR, **kw)
        mine += [line] + ([band_artist] if band_artist is not None else [])
    ours = mine + ours
    lo_, hi_ = -PAD, 1.0 + PAD
    ax.set_xlim(lo_, hi_)
    ax.set_ylim(lo_, hi_)
    ax.set_aspect("equal", adjustable="box")
    ticks = np.linspace(0.0, 1.0, 6)
    ax.set_xticks(ticks)
    ax.set_yticks(ticks)
    ax.tick_params(labelsize=TICK_PT)
    ax.set_xlabel("Recall (sensitivity)", fontsize=LABEL_PT)
    ax.set_ylabel("Precision (PPV)", fontsize=LABEL_PT)
    _finish(ax, legend, title, ours)
    return ax


def _pr_bands(ci, items, level, ci_options):
    n = len(items)
    if ci is None or ci is False:
        return [None] * n
    if ci is True:
        from ..bootstrap import ci_pr_band

        out = []
        for i, it in enumerate(items):
            d = _data_of_pr(it)
            if d is None:
                raise ValueError("ci=True needs the data of curve %d: a weighted curve has "
                                 "none; pass its band as a DataFrame" % (i + 1))
            b = ci_pr_band(d[0], d[1], direction=d[2], level=level, **dict(ci_options or {}))
            out.append(_band_arrays(b, level))
        return out
    bands = list(ci) if isinstance(ci, (list, tuple)) else [ci]
    if len(bands) != n:
        raise ValueError("ci has %d bands for %d curves" % (len(bands), n))
    return [None if b is None or b is False else _band_arrays(b, level) for b in bands]


def _band_arrays(band, level):
    cols = list(getattr(band, "columns", []))
    if not {"recall", "lower", "upper"} <= set(cols):
        raise ValueError("a precision-recall band needs columns recall, lower, upper "
                         "(rocstats.ci_pr_band's result); got %s" % cols)
    r, lo, hi = (np.asarray(band[c], float) for c in ("recall", "lower", "upper"))
    ok = np.isfinite(r) & np.isfinite(lo) & np.isfinite(hi)
    order = np.argsort(r[ok], kind="stable")
    lev = getattr(band, "attrs", {}).get("level", level)
    return r[ok][order], lo[ok][order], hi[ok][order], float(lev)

