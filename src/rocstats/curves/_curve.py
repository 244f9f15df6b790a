"""Empirical ROC curve with every distinct threshold kept."""
from __future__ import annotations

from typing import Any, Dict, Optional, Sequence, Union  # noqa: F401

from .._typing import ArrayLike, Direction, Jobs, Label, Range, Seed  # noqa: F401
import numpy as np

from .. import _kernels
from .._results import ROCCurve
from .._sample import binary_sample, per_marker
from .._validation import warn_one_class


def roc_counts(is_pos, score, sample_weight=None):
    """The one sort-and-thresholds helper every curve uses.

    Returns ``(thresholds, tp, fp)`` over the distinct scores in decreasing order:
    ``tp[k]`` / ``fp[k]`` are the positive / negative weight with ``score >= thresholds[k]``.
    """
    order = np.argsort(-score, kind="stable")
    s = score[order]
    w = np.ones(s.size) if sample_weight is None else sample_weight[order]
    p = is_pos[order]
    wpos = np.where(p, w, 0.0)
    wneg = np.where(p, 0.0, w)
    return _kernels.roc.roc_counts_desc(s, wpos, wneg)


@per_marker
def roc_curve(y_true: ArrayLike, y_score: Optional[ArrayLike] = None, *,
              pos_label: Label = None, direction: Direction = "<",
              sample_weight: Optional[ArrayLike] = None
        ) -> Union[ROCCurve, Dict[str, ROCCurve]]:
    """Empirical ROC curve: all distinct thresholds, starting at (0, 0), ties exact.

    Each distinct score value is one point; a block of tied scores containing both
    classes is one diagonal step, so the trapezoidal area equals the Mann-Whitney
    AUC with ties counted 1/2 (Bamber 1975).  Unlike scikit-learn, no collinear
    points are dropped.

    Parameters
    ----------
    y_true, y_score, pos_label, direction
        As in `rocstats.auc`.
    sample_weight : array-like of shape (n_samples,), optional
        Non-negative case weights; tpr / fpr are then weighted proportions and
        ``auc`` the weighted U statistic.

    Returns
    -------
    ROCCurve
        ``fpr``, ``tpr``, ``thresholds`` (``thresholds[0] = inf``; point k classifies
        ``score >= thresholds[k]`` as positive, or ``score <= thresholds[k]`` with
        ``direction=">"``), ``auc``, ``n_pos``, ``n_neg`` (weighted totals with
        ``sample_weight``), ``pos_label``.

    Examples
    --------
    Scores 0.1 (neg), 0.4 (neg and pos tied), 0.8 (pos): the tie is one diagonal step.

    >>> import rocstats
    >>> r = rocstats.roc_curve([0, 0, 1, 1], [0.1, 0.4, 0.4, 0.8])
    >>> r.fpr.tolist(), r.tpr.tolist(), r.auc
    ([0.0, 0.0, 0.5, 1.0], [0.0, 0.5, 1.0, 1.0], 0.875)
    """
    sample = binary_sample(y_true, y_score, pos_label=pos_label, direction=direction,
                           sample_weight=sample_weight)
    return sample_roc_curve(sample)


def sample_roc_curve(sample):
    """`roc_curve` of a validated 1-D `rocstats._sample.BinarySample` (its
    weights, if any, read as proportions)."""
    is_pos, score, direction = sample.is_pos, sample.score, sample.direction
    w = sample.weights
    if w is not None:
        # The curve and its area are invariant to the scale of the weights: divide by
        # the largest so that sums neither overflow (weights ~1e200) nor products
        # underflow (~1e-170).  Equal weights become exactly 1.
        top = w.max()
        if top > 0:
            w = w / top
    else:
        top = 1.0
    thr, tp, fp = roc_counts(is_pos, score, w)
    P, N = tp[-1], fp[-1]
    tp = np.r_[0.0, tp]
    fp = np.r_[0.0, fp]
    thr = np.r_[np.inf, thr]
    if direction == ">":
        thr = -thr
    # a class is absent when it has no weight; the warning reports its rows
    n_pos = int(np.count_nonzero(is_pos))
    if warn_one_class(n_pos if P > 0 else 0, is_pos.size - n_pos if N > 0 else 0, "ROC curve"):
        nan = np.full(tp.shape, np.nan)
        return ROCCurve(fpr=nan, tpr=nan.copy(), thresholds=thr, auc=float("nan"),
                        n_pos=float(P) * top, n_neg=float(N) * top, direction=direction,
                        pos_label=sample.pos_label)
    if w is None:
        # exact integer trapezoid: 2U = sum dfp * (tp_k + tp_{k-1})
        ti, fi = tp.astype(np.int64), fp.astype(np.int64)
        twice_u = int(np.sum(np.diff(fi) * (ti[1:] + ti[:-1]), dtype=np.int64))
        area = twice_u / (2 * int(P) * int(N))
    else:
        tpr, fpr = tp / P, fp / N
        area = float(np.sum(np.diff(fpr) * (tpr[1:] + tpr[:-1])) / 2.0)
    return ROCCurve(fpr=fp / N, tpr=tp / P, thresholds=thr, auc=area, n_pos=float(P) * top,
                    n_neg=float(N) * top, direction=direction, pos_label=sample.pos_label)
