"""Optimal thresholds on the empirical ROC curve, compared exactly and reported as pROC."""
from fractions import Fraction

import numpy as np

from .._results import ThresholdResult
from .._validation import check_binary, warn_one_class
from ._curve import roc_counts

_METHODS = ("youden", "closest_topleft")
#: float pre-selection margin: float criteria are within a few ulp (~1e-15) of the exact
#: ones, so every exact optimum lies within this of the float optimum
_SHORTLIST = 1e-9


def proc_thresholds(values_desc):
    """pROC's threshold for each point of a curve whose distinct scores (working space:
    higher = more positive) are ``values_desc`` in decreasing order.

    Point 0 (nothing positive) gets +inf; point k >= 1 (``score >= values_desc[k-1]``
    positive) gets the midpoint between ``values_desc[k-1]`` and the next lower distinct
    score, -inf for the lowest.  As pROC's ``roc.utils.thresholds``: ``(a + b) / 2``,
    or ``a / 2 + b / 2`` when that exceeds 1e100 in magnitude, and a midpoint that rounds
    onto the lower score (adjacent doubles) is replaced by the upper one so that the
    operating point does not change.  Negating the scores negates these thresholds
    exactly (IEEE rounding is symmetric), which serves ``direction=">"``.
    """
    v = np.asarray(values_desc, dtype=np.float64)
    upper = v
    lower = np.r_[v[1:], -np.inf]
    with np.errstate(over="ignore", invalid="ignore"):
        mid = (upper + lower) / 2.0
        big = np.abs(mid) > 1e100
        mid = np.where(big, upper / 2.0 + lower / 2.0, mid)
    mid = np.where((mid == lower) & np.isfinite(lower), upper, mid)
    return np.r_[np.inf, mid]


def _exact_criteria(method, tp, fp, P, N, idx):
    """Exact criterion of points ``idx`` as Fractions (Youden's J, or the squared
    distance to (0, 1)), from the integer counts."""
    out = []
    for k in idx.tolist():
        t, f = int(tp[k]), int(fp[k])
        if method == "youden":
            out.append(Fraction(t * N - f * P, P * N))
        else:
            out.append(Fraction(((P - t) * N) ** 2 + (f * P) ** 2, (P * N) ** 2))
    return out


def best_threshold(y_true, y_score, *, method="youden", pos_label=None, direction="<"):
    r"""Optimal threshold by Youden's J or by the point closest to (0, 1), as pROC's
    ``coords(roc, x = "best")``.

    ``"youden"`` maximises :math:`J = \mathrm{Se} + \mathrm{Sp} - 1` (Youden 1950);
    ``"closest_topleft"`` minimises :math:`(1 - \mathrm{Se})^2 + (1 - \mathrm{Sp})^2`,
    the squared distance to the perfect point (0, 1) — the rule of Rossa's ROC tree
    (seed 003, section 4) and pROC's ``best.method = "closest.topleft"``.  The
    candidates are all points of :func:`rocstats.roc_curve`.

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
        As in :func:`rocstats.auc`.
    method : {"youden", "closest_topleft"}

    Returns
    -------
    ThresholdResult
        ``threshold``, ``sensitivity``, ``specificity``, ``criterion`` (J, or the squared
        distance, correctly rounded from the exact value), ``all_thresholds`` (every
        operating point attaining the optimum, in pROC's row order: from the most to the
        least sensitive; ``threshold`` is the first), ``direction``, ``pos_label``.
        With one class absent: NaN and an :class:`rocstats.UndefinedAUCWarning`.

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
    if method not in _METHODS:
        raise ValueError("method must be one of %s, got %r" % (_METHODS, method))
    labels, score = check_binary(y_true, y_score, pos_label=pos_label, direction=direction)
    is_pos = labels.is_pos
    P = int(np.count_nonzero(is_pos))
    N = is_pos.size - P
    if warn_one_class(P, N, "The optimal threshold"):
        nan = float("nan")
        return ThresholdResult(nan, nan, nan, method, nan, (), direction, labels.pos_label)
    values, tp, fp = roc_counts(is_pos, score)
    tp = np.r_[0, tp.astype(np.int64)]
    fp = np.r_[0, fp.astype(np.int64)]
    se, fpr = tp / P, fp / N
    if method == "youden":
        approx = -(se - fpr)                        # minimise -J
    else:
        approx = (1.0 - se) ** 2 + fpr ** 2
    near = np.flatnonzero(approx <= approx.min() + _SHORTLIST)
    exact = _exact_criteria(method, tp, fp, P, N, near)
    best = max(exact) if method == "youden" else min(exact)
    hits = near[[c == best for c in exact]]
    hits = hits[::-1]                               # pROC's order: most sensitive first
    thr = proc_thresholds(values)[hits]
    if direction == ">":
        thr = -thr
    k = hits[0]
    return ThresholdResult(float(thr[0]), float(se[k]), float((N - fp[k]) / N), method,
                           float(best), tuple(float(t) for t in thr), direction,
                           labels.pos_label)
