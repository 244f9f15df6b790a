"""Averaged ROC curves (`rocstats.AveragedROC`), drawn by
`rocstats.plot.plot_roc`: the fold curves faint, the band, the mean curve."""
import numpy as np

from ._roc import (BAND_ALPHA, GID_BAND, GID_CHANCE, GID_CURVE, OKABE_ITO,
                   _auc_text, _finish_roc, _new_axes)

__all__ = ["is_averaged", "plot_averaged"]

GID_FOLD = "rocstats-roc-fold"
FOLD_ALPHA = 0.35


def is_averaged(obj):
    return hasattr(obj, "fold_curves") and hasattr(obj, "method") and hasattr(obj, "tpr")


def plot_averaged(avg, *, ax=None, label=None, color=None, folds=True, print_auc=True,
                  chance=True, axes="fpr", legend="lower right", title=None, **line_kw):
    """Draw one averaged curve; returns the Axes (see `rocstats.plot.plot_roc`)."""
    ax = _new_axes(ax)
    color = color or OKABE_ITO[0]
    flip = (lambda x: np.asarray(x, float)) if axes == "fpr" else \
        (lambda x: 1.0 - np.asarray(x, float))
    if chance:
        ax.plot([0, 1], [0, 1] if axes == "fpr" else [1, 0], color="0.6", lw=0.8, ls="--",
                zorder=1, gid=GID_CHANCE)
    ours = []
    if folds:
        for i, c in enumerate(avg.fold_curves):
            line, = ax.plot(flip(c.fpr), c.tpr, color="0.45", lw=0.7, alpha=FOLD_ALPHA,
                            zorder=2, gid=GID_FOLD,
                            label="%d fold curves" % avg.n_folds if i == 0 else "_nolegend_")
            if i == 0:
                ours.append(line)
    band = None
    what = "%g%% %s band" % (100 * avg.level, avg.band) if avg.band else None
    if avg.band is not None and avg.lower is not None:
        if avg.method == "vertical":
            x = avg.fpr
        elif avg.method == "pooled":
            x = avg.band_fpr
        else:
            x = None
        if x is not None:
            band = ax.fill_between(flip(x), avg.lower, avg.upper, color=color,
                                   alpha=BAND_ALPHA, linewidth=0, zorder=3, label=what,
                                   gid=GID_BAND)
        else:                                   # threshold averaging: a box per threshold
            step = max(1, len(avg.thresholds) // 12)
            idx = np.arange(0, len(avg.thresholds), step)
            xm, ym = flip(avg.fpr)[idx], np.asarray(avg.tpr)[idx]
            xl, xh = flip(avg.fpr_lower)[idx], flip(avg.fpr_upper)[idx]
            band = ax.errorbar(xm, ym, yerr=[ym - avg.lower[idx], avg.upper[idx] - ym],
                               xerr=[np.abs(xm - xl), np.abs(xh - xm)], fmt="none",
                               ecolor=color, elinewidth=0.9, capsize=2, zorder=3,
                               label=what, gid=GID_BAND)
    kw = dict(linewidth=1.8, solid_joinstyle="miter")
    kw.update(line_kw)
    name = {"vertical": "vertical average", "threshold": "threshold average",
            "pooled": "pooled predictions"}[avg.method]
    text = None
    if print_auc:
        ci = avg.auc_ci
        text = _auc_text("mean AUC" if avg.method != "pooled" else "AUC", avg.auc,
                         (ci.lower, ci.upper, ci.level))
    main = ", ".join(t for t in (label or name, text) if t)
    line, = ax.plot(flip(avg.fpr), avg.tpr, color=color, zorder=4, label=main, gid=GID_CURVE,
                    **kw)
    ours = [line] + ([band] if band is not None else []) + ours
    return _finish_roc(ax, axes, legend, title, ours)
