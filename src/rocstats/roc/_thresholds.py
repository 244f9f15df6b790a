"""Optimal thresholds on the empirical ROC curve."""
import numpy as np

from .._results import ThresholdResult
from ._curve import roc_curve

_METHODS = ("youden", "closest_topleft")


def best_threshold(y_true, y_score, *, method="youden", pos_label=None, direction="<"):
    r"""Optimal threshold by Youden's J or by the point closest to (0, 1).

    ``"youden"`` maximises :math:`J = \mathrm{Se} + \mathrm{Sp} - 1` (Youden 1950).
    ``"closest_topleft"`` minimises :math:`(1 - \mathrm{Se})^2 + (1 - \mathrm{Sp})^2`, the
    squared distance to the perfect point (0, 1) — the rule of Rossa's ROC tree (seed 003)
    and pROC's ``best.method = "closest.topleft"``.  Candidates are all points of
    :func:`roc_curve`; the threshold is an observed score and ``score >= threshold``
    is positive (``<=`` with ``direction=">"``).  pROC reports the midpoint between
    adjacent scores instead; the operating point is the same.

    Returns
    -------
    ThresholdResult
        ``threshold``, ``sensitivity``, ``specificity``, ``criterion`` (J, or the squared
        distance), ``all_thresholds`` (every tied optimum; ``threshold`` is the first in
        decreasing-threshold order).

    Examples
    --------
    >>> import rocstats
    >>> r = rocstats.best_threshold([0, 0, 1, 0, 1, 1], [0.1, 0.2, 0.3, 0.4, 0.6, 0.9])
    >>> r.threshold, round(r.sensitivity, 4), round(r.specificity, 4)
    (0.6, 0.6667, 1.0)

    Thresholds 0.6 (Se 2/3, Sp 1) and 0.3 (Se 1, Sp 2/3) both give J = 2/3:

    >>> r.all_thresholds
    (0.6, 0.3)
    """
    if method not in _METHODS:
        raise ValueError("method must be one of %s, got %r" % (_METHODS, method))
    curve = roc_curve(y_true, y_score, pos_label=pos_label, direction=direction)
    se, sp = curve.tpr, 1.0 - curve.fpr
    if np.isnan(se).any():
        nan = float("nan")
        return ThresholdResult(nan, nan, nan, method, nan, ())
    if method == "youden":
        crit = se + sp - 1.0
        best = crit.max()
        hits = np.flatnonzero(np.isclose(crit, best, rtol=0, atol=1e-12))
    else:
        crit = (1.0 - se) ** 2 + (1.0 - sp) ** 2
        best = crit.min()
        hits = np.flatnonzero(np.isclose(crit, best, rtol=0, atol=1e-12))
    k = hits[0]
    return ThresholdResult(float(curve.thresholds[k]), float(se[k]), float(sp[k]), method,
                           float(best), tuple(float(t) for t in curve.thresholds[hits]))
