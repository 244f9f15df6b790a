"""Partial areas under an ROC polygon, as pROC's ``partial.auc``: the arguments
(``partial``, ``focus``, ``correct``), McClish's (1989) standardisation and the area of a
curve given by its points between two lines.

Below `rocstats._results` (``ROCCurve.auc_partial``), the curves
(`rocstats.curves._partial`, which adds the DeLong-type variance) and the bootstrap
engine (partial areas of every replicate's curve).
"""
import warnings

import numpy as np

from ._validation import UndefinedAUCWarning

__all__ = ["FOCUSES", "check_partial", "check_focus", "check_correct", "mcclish_bounds",
           "mcclish", "mcclish_slope", "partial_auc_from_points"]

FOCUSES = ("specificity", "sensitivity")


# ------------------------------------------------------------------------- arguments
def check_partial(partial, name="partial"):
    """``(lo, hi)`` from ``partial``: two finite numbers with ``0 <= lo < hi <= 1``.

    Either order, as pROC's ``partial.auc`` (whose documentation writes
    ``c(1, 0.8)``): ``partial=(1, 0.8)`` and ``partial=(0.8, 1)`` are the same range.
    """
    if partial is None or isinstance(partial, (str, bytes, bool)):
        raise ValueError("%s must be a pair (low, high) of numbers in [0, 1], got %r"
                         % (name, partial))
    try:
        vals = np.asarray(partial, dtype=float)
    except (TypeError, ValueError):
        raise ValueError("%s must be a pair (low, high) of numbers in [0, 1], got %r"
                         % (name, partial)) from None
    if vals.shape != (2,):
        raise ValueError("%s must be a pair (low, high) of numbers in [0, 1], got %r"
                         % (name, partial))
    lo, hi = float(vals[0]), float(vals[1])
    if not (np.isfinite(lo) and np.isfinite(hi)) or lo < 0.0 or hi > 1.0 \
            or lo > 1.0 or hi < 0.0:
        raise ValueError("%s must lie in [0, 1], got (%r, %r)" % (name, lo, hi))
    if lo > hi:                          # pROC's order c(1, 0.8): the same range
        lo, hi = hi, lo
    if lo == hi:
        raise ValueError("%s must span a range of positive width, got (%r, %r)"
                         % (name, lo, hi))
    return lo, hi


def check_focus(focus):
    if focus not in FOCUSES:
        raise ValueError("focus must be 'specificity' or 'sensitivity' (pROC's "
                         "partial.auc.focus), got %r" % (focus,))
    return focus


def check_correct(correct):
    if not isinstance(correct, (bool, np.bool_)):
        raise ValueError("correct must be True or False (McClish's correction, pROC's "
                         "partial.auc.correct), got %r" % (correct,))
    return bool(correct)


# -------------------------------------------------------------------- McClish (1989)
def mcclish_bounds(lo, hi):
    """``(min, max)`` of McClish's standardisation over the range ``[lo, hi]``: the area
    of the diagonal and of the perfect curve over the range (pROC's
    ``roc.utils.min.partial.auc`` / ``max.partial.auc``; the same for both focuses)."""
    return ((1.0 - lo) + (1.0 - hi)) * (hi - lo) / 2.0, hi - lo


def mcclish_slope(lo, hi):
    """Slope of McClish's linear map, ``1 / (2 (max - min))``."""
    lo_area, hi_area = mcclish_bounds(lo, hi)
    return 0.5 / (hi_area - lo_area)


def mcclish(pauc, lo, hi, *, allow_invalid=False, warn=True):
    """McClish's corrected partial AUC ``(1 + (pauc - min) / (max - min)) / 2``.

    As pROC's ``auc(..., partial.auc.correct = TRUE)``: below the diagonal
    (``pauc < min``) the correction is not defined and the result is NaN with an
    `UndefinedAUCWarning`, unless ``allow_invalid`` (pROC's
    ``allow.invalid.partial.auc.correct``, which its bootstrap uses).  Works on arrays.
    """
    lo_area, hi_area = mcclish_bounds(lo, hi)
    p = np.asarray(pauc, dtype=float)
    out = (1.0 + (p - lo_area) / (hi_area - lo_area)) / 2.0
    if not allow_invalid:
        below = p < lo_area
        if np.any(below):
            if warn:
                warnings.warn("McClish's correction is not defined for a partial AUC below "
                              "the diagonal (%s < %.6g); returning NaN"
                              % (np.array2string(p[below] if p.ndim else p, precision=6),
                                 lo_area), UndefinedAUCWarning, stacklevel=3)
            out = np.where(below, np.nan, out)
    return float(out) if out.ndim == 0 else out


# ---------------------------------------------------------------- the estimator (pROC)
def _proc_sort(se, sp):
    """pROC's ``sort.roc`` row by row: reverse a curve whose specificities decrease
    anywhere (``is.unsorted``)."""
    if se.ndim == 1:
        if np.any(sp[1:] < sp[:-1]):
            return se[::-1], sp[::-1]
        return se, sp
    flip = np.any(sp[:, 1:] < sp[:, :-1], axis=1)
    if flip.any():
        se = np.where(flip[:, None], se[:, ::-1], se)
        sp = np.where(flip[:, None], sp[:, ::-1], sp)
    return se, sp


def _area(x, y, lo, hi):
    """Area under the polygon through (x, y) (x non-decreasing along the last axis) over
    ``lo <= x <= hi``, the end segments cut by linear interpolation: O(points)."""
    x0, x1 = x[..., :-1], x[..., 1:]
    y0, y1 = y[..., :-1], y[..., 1:]
    a = np.clip(x0, lo, hi)
    b = np.clip(x1, lo, hi)
    dx = x1 - x0
    w = b - a
    with np.errstate(invalid="ignore", divide="ignore"):   # dx = 0 where w = 0
        ya = np.where(a == x0, y0, y0 + (y1 - y0) * ((a - x0) / dx))
        yb = np.where(b == x1, y1, y0 + (y1 - y0) * ((b - x0) / dx))
        return np.sum(np.where(w > 0, (ya + yb) / 2.0 * w, 0.0), axis=-1)


def partial_auc_from_points(sensitivities, specificities, *, partial, focus="specificity",
                            correct=False, allow_invalid=True):
    """pROC's partial AUC of a curve given by its points (one curve or a stack of them).

    The area under the polygon through the points between ``specificity = lo`` and
    ``specificity = hi`` (``focus="specificity"``) or, with ``focus="sensitivity"``, the
    area ``integral of specificity d(sensitivity)`` between ``sensitivity = lo`` and
    ``hi``; points inside the range are joined by trapezoids and the range's end points
    cut their segments by linear interpolation, as pROC 1.18's ``auc.roc`` does with
    ``partial.auc``, ``partial.auc.focus`` and ``partial.auc.correct``.  O(points), one
    pass of vectorised NumPy over a 2-D stack (the bootstrap engine's replicates).

    Parameters
    ----------
    sensitivities, specificities : array-like of shape (p,) or (r, p)
        The points of one curve, or r curves of p points each (pad a shorter curve by
        repeating a point: repeated points add no area), in pROC's order (specificity
        increasing; a curve whose specificities decrease is reversed first, as pROC's
        ``sort.roc``).  Each curve must cover the range: its first and last points are
        (sensitivity 1, specificity 0) and (0, 1) for every ROC curve.
    partial : (low, high)
        The range, ``0 <= low < high <= 1`` (pROC accepts either order; rocstats wants
        it increasing: pROC's ``c(1, 0.8)`` is ``(0.8, 1)``).
    focus : {"specificity", "sensitivity"}
    correct : bool
        McClish's correction ``(1 + (pAUC - min) / (max - min)) / 2``.
    allow_invalid : bool, default True
        With ``correct``, apply the correction below the diagonal too (pROC's bootstrap
        replicates do: ``allow.invalid.partial.auc.correct = TRUE``).  False gives NaN
        there, without a warning (the public `rocstats.auc` warns).

    Returns
    -------
    float or ndarray of shape (r,)

    Examples
    --------
    The curve (Sp, Se) = (0, 1), (0.5, 1), (0.5, 0.5), (1, 0): over specificity 0.5 to 1
    the area is the triangle-topped strip 0.5 * (0.5 + 0) / 2 = 0.125; McClish's min
    and max there are 0.125 and 0.5, so the corrected value is (1 + 0 / 0.375) / 2:

    >>> from rocstats._areas import partial_auc_from_points
    >>> se, sp = [1, 1, 0.5, 0], [0, 0.5, 0.5, 1]
    >>> float(partial_auc_from_points(se, sp, partial=(0.5, 1)))
    0.125
    >>> float(partial_auc_from_points(se, sp, partial=(0.5, 1), correct=True))
    0.5
    >>> float(partial_auc_from_points(se, sp, partial=(0.75, 1), focus="sensitivity"))
    0.125
    """
    lo, hi = check_partial(partial)
    check_focus(focus)
    correct = check_correct(correct)
    se = np.asarray(sensitivities, dtype=float)
    sp = np.asarray(specificities, dtype=float)
    if se.shape != sp.shape or se.ndim not in (1, 2) or se.shape[-1] < 2:
        raise ValueError("sensitivities and specificities must have the same shape (p,) or "
                         "(r, p) with p >= 2, got %s and %s" % (se.shape, sp.shape))
    if not (np.isfinite(se).all() and np.isfinite(sp).all()):
        raise ValueError("sensitivities and specificities must be finite")
    se, sp = _proc_sort(se, sp)
    if focus == "specificity":
        x, y = sp, se
    else:
        x, y = se[..., ::-1], sp[..., ::-1]
    if np.any(x[..., 1:] < x[..., :-1]):
        raise ValueError("the %ss of a curve must be monotone along it (an ROC curve's "
                         "are)" % focus)
    if np.any(x[..., 0] > lo) or np.any(x[..., -1] < hi):
        raise ValueError("partial: the curve does not cover the %s range (%r, %r)"
                         % (focus, lo, hi))
    area = _area(x, y, lo, hi)
    if correct:
        return mcclish(area, lo, hi, allow_invalid=allow_invalid, warn=False)
    return float(area) if area.ndim == 0 else area
