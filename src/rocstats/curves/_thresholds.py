"""Optimal thresholds on the empirical ROC curve, compared exactly and reported as pROC.

`best_threshold` is a thin wrapper of the optimal-point search of
`rocstats.coords` (``x="best"``, default ``best_weights``): the two share
`rocstats.curves._coords.best_indices` and cannot disagree.
"""
from __future__ import annotations

from typing import Any, Dict, Optional, Sequence, Union  # noqa: F401

from .._typing import ArrayLike, Direction, Jobs, Label, Range, Seed  # noqa: F401
import numpy as np

from .._results import ThresholdResult
from .._sample import binary_sample, per_marker
from ._coords import best_indices, curve_of, empirical_curve, proc_thresholds  # noqa: F401

_METHODS = ("youden", "closest_topleft")
#: pROC's spellings (coords' best.method) accepted
_SPELLINGS = {"youden": "youden", "closest_topleft": "closest_topleft",
              "closest.topleft": "closest_topleft", "topleft": "closest_topleft"}


@per_marker
def best_threshold(y_true: ArrayLike, y_score: Optional[ArrayLike] = None, *,
                   method: str = "youden", pos_label: Label = None,
                   direction: Direction = "<"
        ) -> Union[ThresholdResult, Dict[str, ThresholdResult]]:
    r"""Optimal threshold by Youden's J or by the point closest to (0, 1), as pROC's
    ``coords(roc, x = "best")``: a thin wrapper of the optimal-point search of
    `rocstats.coords` (``x="best"``, default ``best_weights``), so the two agree.

    ``"youden"`` maximises :math:`J = \mathrm{Se} + \mathrm{Sp} - 1` (Youden 1950);
    ``"closest_topleft"`` minimises :math:`(1 - \mathrm{Se})^2 + (1 - \mathrm{Sp})^2`,
    the squared distance to the perfect point (0, 1) — the rule of Rossa's ROC tree
    (seed 003, section 4) and pROC's ``best.method = "closest.topleft"``.  The
    candidates are all points of `rocstats.roc_curve`.

    The criteria are compared **exactly**: with m positives and n negatives, J m n =
    TP n - FP m and the squared distance times m^2 n^2 are integers, so two operating
    points tie only if they are equally good (a float comparison with a tolerance would
    merge points that differ by less than 1/(m n)).

    Thresholds are reported as pROC reports them: the midpoint between the score of the
    operating point and the next lower distinct score (``-inf`` below the lowest score,
    ``+inf`` above the highest), so ``score >= threshold`` is positive (``score <=
    threshold`` with ``direction=">"``) and the threshold is never an observed score
    (but for adjacent doubles, as pROC).

    Parameters
    ----------
    y_true, y_score, pos_label, direction
        As in `rocstats.auc`.
    method : {"youden", "closest_topleft"}
        (pROC's spelling "closest.topleft" too, as `rocstats.coords`'s
        ``best_method``)

    Returns
    -------
    ThresholdResult
        ``threshold``, ``sensitivity``, ``specificity``, ``criterion`` (J, or the squared
        distance, correctly rounded from the exact value), ``all_thresholds`` (every
        operating point attaining the optimum, in pROC's row order: from the most to the
        least sensitive; ``threshold`` is the first), ``direction``, ``pos_label``.
        With one class absent: NaN and an `rocstats.UndefinedAUCWarning`.

    Examples
    --------
    Cut points between 0.2 and 0.3 (Se 1, Sp 2/3) and between 0.4 and 0.6 (Se 2/3,
    Sp 1) both give J = 2/3; pROC lists the more sensitive one first:

    >>> import rocstats
    >>> r = rocstats.best_threshold([0, 0, 1, 0, 1, 1], [0.1, 0.2, 0.3, 0.4, 0.6, 0.9])
    >>> r.threshold, round(r.sensitivity, 4), round(r.specificity, 4), round(r.criterion, 4)
    (0.25, 1.0, 0.6667, 0.6667)
    >>> r.all_thresholds
    (0.25, 0.5)
    """
    if method not in _SPELLINGS:
        raise ValueError("method must be one of %s (or pROC's 'closest.topleft'), got %r"
                         % (_METHODS, method))
    method = _SPELLINGS[method]
    sample = binary_sample(y_true, y_score, pos_label=pos_label, direction=direction)
    if sample.undefined("The optimal threshold"):
        nan = float("nan")
        return ThresholdResult(nan, nan, nan, method, nan, (), direction, sample.pos_label)
    P, N = sample.m, sample.n
    curve = curve_of(sample)
    direction = sample.direction
    proc_method = "youden" if method == "youden" else "closest.topleft"
    hits, value = best_indices(curve.tp, curve.fp, P, N, proc_method)
    if method == "youden":
        criterion = value - 1                       # J = se + sp - 1
    else:
        criterion = value                           # squared distance to (0, 1)
    k = hits[0]
    return ThresholdResult(float(curve.thresholds[k]), float(curve.tp[k] / P),
                           float((N - curve.fp[k]) / N), method, float(criterion),
                           tuple(float(t) for t in curve.thresholds[hits]), direction,
                           sample.pos_label)
