"""Figures of the time-dependent ROC (matplotlib, imported when a figure is drawn).

ROC(t) is drawn through every point of the weighted empirical curve joined by straight
segments (a block of tied markers is one diagonal segment), so the area under the drawn
line is AUC(t) with ties counted 1/2, as for the binary ROC (`rocstats.plot`).
"""
import numpy as np

__all__ = ["plot_time_roc", "plot_auc_time"]

# Okabe & Ito's colour-blind-safe palette (the one rocstats.plot uses)
_COLORS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000")
_LABEL_PT, _TICK_PT, _LEGEND_PT, _TITLE_PT = 9, 8, 8, 10


def _axes(ax, size):
    if ax is not None:
        return ax
    from .._optional import import_optional

    plt = import_optional("matplotlib.pyplot", "rocstats.survival's plots")
    return plt.subplots(figsize=size)[1]


def _style(ax, xlabel, ylabel, title):
    ax.set_xlabel(xlabel, fontsize=_LABEL_PT)
    ax.set_ylabel(ylabel, fontsize=_LABEL_PT)
    ax.tick_params(labelsize=_TICK_PT)
    if title:
        ax.set_title(title, fontsize=_TITLE_PT)


def plot_time_roc(result, times=None, *, ax=None, colors=None, title=None, legend=True):
    """ROC(t) curves of a `rocstats.survival.TimeROCResult` at several times.

    Parameters
    ----------
    result : TimeROCResult
        From `rocstats.survival.time_roc` (with ``curves=True``).
    times : sequence of float, optional
        Which of ``result.times`` to draw (default: all, at most 7).
    ax : matplotlib Axes, optional
    colors : sequence of colours, optional
    title : str, optional
    legend : bool
        A legend with AUC(t) per curve.

    Returns
    -------
    matplotlib.axes.Axes
    """
    ax = _axes(ax, (4.6, 4.6))
    times = list(np.asarray(result.times)[:7] if times is None else np.atleast_1d(times))
    colors = list(colors) if colors is not None else list(_COLORS)
    for k, t in enumerate(times):
        roc = result.roc(t)
        if roc is None:
            continue
        _, fpr, tpr = roc
        j = int(np.flatnonzero(np.asarray(result.times) == t)[0])
        ax.plot(fpr, tpr, color=colors[k % len(colors)], lw=1.4,
                label="t = %g: AUC %.3f" % (t, result.auc[j]), gid="rocstats-time-roc")
    ax.plot([0, 1], [0, 1], color="0.6", lw=0.8, ls="--")
    ax.set_xlim(-0.02, 1.02)
    ax.set_ylim(-0.02, 1.02)
    ax.set_aspect("equal")
    _style(ax, "1 - specificity(t) (false-positive rate)",
           "sensitivity(t) (true-positive rate)",
           title if title is not None else
           ("ROC(t)%s" % (": " + result.name if result.name else "")))
    if legend:
        ax.legend(fontsize=_LEGEND_PT, loc="lower right", frameon=False)
    return ax


def plot_auc_time(results, *, ax=None, level=0.95, band=True, colors=None, labels=None,
                  title=None, n_sim=10000, random_state=0, legend=True):
    """AUC(t) over the evaluation times with pointwise Wald intervals (error bars) and
    the simultaneous band (shaded), for one or several markers.

    Parameters
    ----------
    results : TimeROCResult or sequence of them
    ax : matplotlib Axes, optional
    level : float
        Confidence level of the intervals and of the band.
    band : bool
        Shade the simultaneous band (`TimeROCResult.conf_band`).
    colors, labels : sequences, optional
    title : str, optional
    n_sim, random_state
        Passed to `TimeROCResult.conf_band`.
    legend : bool

    Returns
    -------
    matplotlib.axes.Axes
    """
    if hasattr(results, "auc") and hasattr(results, "times"):
        results = [results]
    ax = _axes(ax, (5.6, 3.8))
    colors = list(colors) if colors is not None else list(_COLORS)
    k_all = len(results)
    span = np.ptp(np.asarray(results[0].times, float)) if len(results[0].times) > 1 else 1.0
    for k, r in enumerate(results):
        c = colors[k % len(colors)]
        t = np.asarray(r.times, float)
        # a small horizontal offset so that the error bars of several markers do not overlap
        dx = (k - (k_all - 1) / 2.0) * 0.008 * span
        label = labels[k] if labels is not None else (r.name or "marker %d" % (k + 1))
        if band and r.se is not None and len(t) > 1:
            b = r.conf_band(level, n_sim=n_sim, random_state=random_state)
            ax.fill_between(t, b.lower, b.upper, color=c, alpha=0.15, lw=0,
                            gid="rocstats-auc-band")
        if r.se is not None:
            ci = r.conf_int(level)
            ax.errorbar(t + dx, r.auc, yerr=[r.auc - ci.lower, ci.upper - r.auc], color=c,
                        fmt="o-", ms=3.5, lw=1.3, capsize=2.5, label=label,
                        gid="rocstats-auc-curve")
        else:
            ax.plot(t, r.auc, "o-", color=c, ms=3.5, lw=1.3, label=label)
    ax.axhline(0.5, color="0.6", lw=0.8, ls="--")
    _style(ax, "time t", "AUC(t)", title if title is not None else
           "AUC(t): %g%% pointwise intervals%s" % (
               100 * level, ", shaded: simultaneous band" if band else ""))
    if legend:
        ax.legend(fontsize=_LEGEND_PT, frameon=False, loc="best")
    return ax
