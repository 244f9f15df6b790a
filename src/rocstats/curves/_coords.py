"""Coordinates of the empirical ROC curve, as pROC's ``coords``.

The curve is held as integer counts in pROC's row order (sorted by increasing
specificity: all positive first, nothing positive last); every float is formed with the
operations pROC uses, so that exact-match tests (``sp == 0.1``) and interpolations give
pROC's values.  Optimal points are found by EXACT comparison of the criteria (Fractions
of the integer counts), where pROC compares floats.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, Optional, Sequence, Union  # noqa: F401

from .._typing import ArrayLike, Direction, Jobs, Label, Range, Seed  # noqa: F401

if TYPE_CHECKING:
    import pandas as pd
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from .._sample import binary_sample, roc_arguments, per_marker
from ._curve import roc_counts

__all__ = ["coords", "RET_ALL", "proc_thresholds"]

#: Every coordinate pROC's ``coords`` can return, in pROC's order (``ret="all"``).
RET_ALL = ("threshold", "specificity", "sensitivity", "accuracy", "tn", "tp", "fn", "fp",
           "npv", "ppv", "fdr", "fpr", "tpr", "tnr", "fnr", "1-specificity",
           "1-sensitivity", "1-accuracy", "1-npv", "1-ppv", "precision", "recall",
           "youden", "closest.topleft")
#: pROC's abbreviations of ``ret`` / ``input`` values
_ALIASES = {"t": "threshold", "topleft": "closest.topleft", "npe": "1-npv", "ppe": "1-ppv"}
#: monotone coordinates (usable as ``input``) -> decreasing along pROC's row order
#: (pROC's ``coord.is.decreasing``)
_DECREASING = {"threshold": None, "sensitivity": True, "specificity": False, "tn": False,
               "tp": True, "fn": False, "fp": True, "tpr": True, "tnr": False, "fpr": True,
               "fnr": False, "1-specificity": True, "1-sensitivity": False, "recall": True}
_X_STRINGS = ("all", "local maximas", "best")
_BEST_METHODS = {"youden": "youden", "closest.topleft": "closest.topleft",
                 "closest_topleft": "closest.topleft", "topleft": "closest.topleft"}
#: float pre-selection margin of the optimal points, relative to 1 + r: float criteria
#: are within a few ulp (~1e-15) of the exact ones
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


# --------------------------------------------------------------------------- the curve
@dataclass(frozen=True, eq=False)
class Curve:
    """An empirical ROC curve in pROC's row order (increasing specificity).

    ``tp[k]``, ``fp[k]``: positives / negatives classified positive at point k (int64;
    point 0 = everything positive, the last point = nothing positive);
    ``thresholds[k]``: pROC's threshold of point k in the caller's score scale;
    ``P``, ``N``: class sizes; ``direction``.
    """

    tp: np.ndarray
    fp: np.ndarray
    thresholds: np.ndarray
    P: int
    N: int
    direction: str = "<"

    @property
    def se(self):
        """Sensitivities as pROC computes them: ``tp / ncases``."""
        return self.tp / float(self.P)

    @property
    def sp(self):
        """Specificities as pROC computes them: ``(ncontrols - fp) / ncontrols``."""
        return (self.N - self.fp) / float(self.N)


def curve_from_counts(values_desc, tp_desc, fp_desc, direction):
    """A `Curve` from ``roc_counts`` output (distinct working scores descending and
    cumulative counts)."""
    tp = np.r_[0, np.asarray(tp_desc).astype(np.int64)][::-1].copy()
    fp = np.r_[0, np.asarray(fp_desc).astype(np.int64)][::-1].copy()
    thr = proc_thresholds(values_desc)[::-1].copy()
    if direction == ">":
        thr = -thr
    return Curve(tp, fp, thr, int(tp[0]), int(fp[0]), direction)


def empirical_curve(is_pos, score, direction):
    """The `Curve` of working-space scores (higher = more positive)."""
    values, tp, fp = roc_counts(is_pos, score)
    return curve_from_counts(values, tp, fp, direction)


def curve_of(sample):
    """The `Curve` of a 1-D `rocstats._sample.BinarySample`, built once
    (the ROC object builds it from its sorted classes)."""
    return sample.cached("curve", lambda: empirical_curve(sample.is_pos, sample.score,
                                                          sample.direction))


# --------------------------------------------------------------------------- options
def _simplest_between(lo, hi):
    """The simplest fraction (least denominator, then least numerator) strictly between
    the Fractions ``0 <= lo < hi`` (``hi=None``: no upper bound); Stern-Brocot descent by
    continued fractions."""
    whole = lo.numerator // lo.denominator
    if hi is None or whole + 1 < hi:
        return Fraction(whole + 1)
    # lo and hi lie in [whole, whole + 1]: go down to the reciprocals of the fractional parts
    below = lo - whole
    return whole + 1 / _simplest_between(1 / (hi - whole), None if below == 0 else 1 / below)


def _decimal_fraction(x):
    """The rational number the user meant by the double ``x``, as a Fraction.

    A decimal of at most 15 significant digits survives the trip through a double (its
    shortest repr gives it back), so such an ``x`` is read as that decimal: 0.1 -> 1/10,
    0.15 -> 3/20, 0.99999999 -> 99999999/10^8.  A double whose shortest repr needs 16 or
    17 digits was not typed as a decimal but computed (1/3, 2/3, 1/7): it is read as the
    simplest fraction (least denominator) strictly inside its rounding interval, half an
    ulp on either side -- 1/3 -> 1/3, not 3333333333333333/10^16."""
    x = float(x)
    text = repr(x)
    mantissa = text.lower().split("e")[0].lstrip("-").replace(".", "").lstrip("0")
    if len(mantissa.rstrip("0") or "0") <= 15:
        return Fraction(text)
    down = Fraction(float(np.nextafter(x, -np.inf)))
    up = Fraction(float(np.nextafter(x, np.inf)))
    exact = Fraction(x)
    return _simplest_between((exact + down) / 2, (exact + up) / 2)


def check_best_weights(best_weights):
    """``(r_float, r_exact)`` of ``best_weights = (cost, prevalence)``: pROC's
    ``r = (1 - prevalence) / (cost * prevalence)`` in floating point (as pROC, for the
    reported criteria) and exactly (from the numbers meant, `_decimal_fraction`,
    for the comparisons)."""
    from .._validation import is_real_number

    try:
        cost, prev = best_weights
    except (TypeError, ValueError):
        cost = prev = None
    if not (is_real_number(cost) and is_real_number(prev)):
        raise ValueError("best_weights must be two numbers (cost, prevalence), got %r"
                         % (best_weights,))
    cost, prev = float(cost), float(prev)
    if not (np.isfinite(cost) and cost > 0):
        raise ValueError("best_weights: the cost (first value) must be a positive finite "
                         "number, got %r" % (cost,))
    if not (0.0 < prev < 1.0):
        raise ValueError("best_weights: the prevalence (second value) must lie strictly "
                         "between 0 and 1, got %r" % (prev,))
    r_float = (1.0 - prev) / (cost * prev)
    c, p = _decimal_fraction(cost), _decimal_fraction(prev)
    return r_float, (1 - p) / (c * p)


def check_best_method(best_method):
    try:
        return _BEST_METHODS[best_method]
    except (KeyError, TypeError):
        raise ValueError("best_method must be 'youden' or 'closest.topleft', got %r"
                         % (best_method,)) from None


def check_ret(ret):
    """A tuple of pROC coordinate names from ``ret`` (a name, names, or "all")."""
    names = RET_ALL
    if isinstance(ret, str):
        ret = (ret,)
    try:
        ret = tuple(ret)
    except TypeError:
        raise ValueError("ret must be a coordinate name or a sequence of them, got %r"
                         % (ret,)) from None
    if "all" in ret:
        if len(ret) > 1:
            raise ValueError("ret='all' cannot be combined with other names, got %r" % (ret,))
        return names
    out = []
    for name in ret:
        name = _ALIASES.get(name, name)
        if name not in names:
            raise ValueError("ret: unknown coordinate %r; choose from %s" % (name, names))
        out.append(name)
    if not out:
        raise ValueError("ret is empty")
    return tuple(out)


def check_input(input):
    name = _ALIASES.get(input, input)
    if name not in RET_ALL:
        raise ValueError("input: unknown coordinate %r; choose from %s"
                         % (input, tuple(_DECREASING)))
    if name not in _DECREASING:
        raise ValueError("input: coordinate %r is not monotone along the curve and cannot "
                         "be used as input; choose from %s" % (name, tuple(_DECREASING)))
    return name


# --------------------------------------------------------------------------- metrics
def coordinate_values(ret, se, sp, P, N, r, *, thresholds=None, tp=None, tn=None):
    """Every coordinate in ``ret`` of points (se, sp), with pROC's formulas
    (``roc.utils.calc.coords``): ``tp = se ncases``, ``tn = sp ncontrols`` (or the exact
    counts ``tp`` / ``tn`` when given), npv = tn / (tn + fn), ppv = tp / (tp + fp),
    ``youden = se + r sp`` and ``closest.topleft = (1 - se)^2 + r (1 - sp)^2`` with
    ``r = (1 - prevalence) / (cost prevalence)`` (``best_weights``).  0/0 gives NaN.
    Returns ``{name: float64 array}``."""
    se = np.asarray(se, dtype=np.float64)
    sp = np.asarray(sp, dtype=np.float64)
    P, N = np.asarray(P, dtype=np.float64), np.asarray(N, dtype=np.float64)
    memo = {}

    def get(name):                                # each coordinate computed once, lazily
        if name not in memo:
            memo[name] = _FORMULAS[name](get, se, sp, P, N, r, tp, tn, thresholds)
        return memo[name]

    with np.errstate(invalid="ignore", divide="ignore"):
        out = {}
        for k in ret:
            v = get(k)
            if v.shape != se.shape or v.dtype != np.float64:
                v = np.broadcast_to(v, se.shape).astype(np.float64)
            out[k] = v
    return out


def _given(v, default):
    return default() if v is None else np.asarray(v, dtype=np.float64)


#: pROC's roc.utils.calc.coords, one formula per coordinate (get = the other coordinates)
_FORMULAS = {
    "threshold": lambda g, se, sp, P, N, r, tp, tn, thr: (
        np.full(se.shape, np.nan) if thr is None else np.asarray(thr, dtype=np.float64)),
    "sensitivity": lambda g, se, sp, *a: se,
    "specificity": lambda g, se, sp, *a: sp,
    "tp": lambda g, se, sp, P, N, r, tp, tn, thr: _given(tp, lambda: se * P),
    "tn": lambda g, se, sp, P, N, r, tp, tn, thr: _given(tn, lambda: sp * N),
    "fn": lambda g, se, sp, P, N, *a: P - g("tp"),
    "fp": lambda g, se, sp, P, N, *a: N - g("tn"),
    "npv": lambda g, *a: g("tn") / (g("tn") + g("fn")),
    "ppv": lambda g, *a: g("tp") / (g("tp") + g("fp")),
    "accuracy": lambda g, se, sp, P, N, *a: (g("tp") + g("tn")) / (P + N),
    "fdr": lambda g, *a: g("fp") / (g("tp") + g("fp")),
    "fpr": lambda g, se, sp, *a: 1.0 - sp,
    "tpr": lambda g, se, sp, *a: se,
    "tnr": lambda g, se, sp, *a: sp,
    "fnr": lambda g, *a: g("fn") / (g("tp") + g("fn")),
    "1-specificity": lambda g, se, sp, *a: 1.0 - sp,
    "1-sensitivity": lambda g, se, sp, *a: 1.0 - se,
    "1-accuracy": lambda g, *a: 1.0 - g("accuracy"),
    "1-npv": lambda g, *a: 1.0 - g("npv"),
    "1-ppv": lambda g, *a: 1.0 - g("ppv"),
    "precision": lambda g, *a: g("ppv"),
    "recall": lambda g, se, sp, *a: se,
    "youden": lambda g, se, sp, P, N, r, *a: se + r * sp,
    "closest.topleft": lambda g, se, sp, P, N, r, *a: (1.0 - se) ** 2 + r * (1.0 - sp) ** 2,
}


# --------------------------------------------------------------------------- best points
def best_indices(tp, fp, P, N, method, r_exact=Fraction(1)):
    """Indices (ascending, i.e. pROC's row order when ``tp`` / ``fp`` are in it) of every
    point attaining the optimum of pROC's criterion, compared exactly:
    ``youden``: maximise ``se + r sp``; ``closest.topleft``: minimise
    ``(1 - se)^2 + r (1 - sp)^2`` (pROC's ``roc.utils.optim.crit``), with
    ``se = tp / P``, ``sp = (N - fp) / N`` and ``r`` a Fraction.  A float pre-selection
    keeps the points within 1e-9 (1 + r) of the float optimum, then the criteria scaled to
    integers (``tp N b + a P (N - fp)``; ``((P - tp) N)^2 b + a (fp P)^2`` for
    ``r = a / b``) decide.  Returns ``(indices, exact optimum as a Fraction)``."""
    tp = np.asarray(tp, dtype=np.int64)
    fp = np.asarray(fp, dtype=np.int64)
    a, b = r_exact.numerator, r_exact.denominator
    rf = float(r_exact)
    se = tp / float(P)
    fpr = fp / float(N)
    if method == "youden":
        approx = -(se + rf * (1.0 - fpr))
    else:
        approx = (1.0 - se) ** 2 + rf * fpr ** 2
    near = np.flatnonzero(approx <= approx.min() + _SHORTLIST * (1.0 + rf))
    if method == "youden":
        exact = [int(t) * N * b + a * P * (N - int(f)) for t, f in zip(tp[near], fp[near])]
        best = max(exact)
        value = Fraction(best, P * N * b)
    else:
        exact = [((P - int(t)) * N) ** 2 * b + a * (int(f) * P) ** 2
                 for t, f in zip(tp[near], fp[near])]
        best = min(exact)
        value = Fraction(best, (P * N) ** 2 * b)
    hits = near[[e == best for e in exact]]
    return hits, value


def local_maxima(tp, fp):
    """pROC's ``roc.utils.max.thresholds.idx`` on a curve in pROC's row order (distinct
    points, specificity non-decreasing): the "local maximas" (the corners of the curve's
    staircase), compared on the integer counts.  Returns a boolean mask."""
    tp = np.asarray(tp, dtype=np.int64)
    fp = np.asarray(fp, dtype=np.int64)
    L = tp.size              # >= 2: a curve has its two ends, (0, 0) and (1, 1)
    # se and sp as counts: se ~ tp (increasing with tp), sp ~ -fp
    mask = np.zeros(L, dtype=bool)
    mask[0] = tp[0] > tp[1]
    mid = np.arange(1, L - 1)
    sp_up = fp[mid] < fp[mid - 1]
    mask[mid] = ((sp_up & (tp[mid] > tp[mid + 1])) | (sp_up & (tp[mid] == 0))
                 | ((tp[mid] > tp[mid - 1]) & (fp[mid] == 0)))
    mask[-1] = fp[-1] < fp[-2]
    return mask


# --------------------------------------------------------------------------- interpolation
def _at_inputs(curve, xs, input, r_float):
    """Rows (threshold, se, sp) at values ``xs`` of a monotone non-threshold coordinate,
    as pROC's ``coords(..., input = )``: an exact match takes the first row of the value
    (the last for a coordinate decreasing along the rows); otherwise linear
    interpolation between the neighbouring rows, threshold NaN."""
    se, sp = curve.se, curve.sp
    if input in ("sensitivity", "specificity"):
        iv = se if input == "sensitivity" else sp
        thr = curve.thresholds
    else:
        iv = coordinate_values((input,), se, sp, curve.P, curve.N, r_float)[input]
        thr = np.full(se.shape, np.nan)
    decreasing = _DECREASING[input]
    lo, hi = np.nanmin(iv), np.nanmax(iv)
    out_thr, out_se, out_sp = [], [], []
    for v in xs:
        if not lo <= v <= hi:
            raise ValueError("x: input %s = %r is not in the range of the curve [%r, %r]"
                             % (input, v, lo, hi))
        idx = np.flatnonzero(iv == v)
        if idx.size:
            k = idx[-1] if decreasing else idx[0]
            out_thr.append(thr[k])
            out_se.append(se[k])
            out_sp.append(sp[k])
            continue
        nxt = int(np.argmax(iv < v)) if decreasing else int(np.argmax(iv > v))
        prop = (v - iv[nxt]) / (iv[nxt - 1] - iv[nxt])
        out_thr.append(np.nan)
        out_se.append(se[nxt] + prop * (se[nxt - 1] - se[nxt]))
        out_sp.append(sp[nxt] + prop * (sp[nxt - 1] - sp[nxt]))
    return np.array(out_thr, dtype=float), np.array(out_se, dtype=float), \
        np.array(out_sp, dtype=float)


def _at_thresholds(is_pos, score, xs, direction):
    """``(tp, fp)`` at thresholds ``xs`` (caller's scale): ``score >= x`` is positive
    (``score <= x`` with ``direction=">"``), as pROC's ``roc.utils.thr.idx``."""
    w = np.asarray(xs, dtype=np.float64)
    if direction == ">":
        w = -w
    pos = np.sort(score[is_pos])
    neg = np.sort(score[~is_pos])
    tp = pos.size - np.searchsorted(pos, w, side="left")
    fp = neg.size - np.searchsorted(neg, w, side="left")
    return tp.astype(np.int64), fp.astype(np.int64)


def _numeric_x(x, name="x"):
    arr = np.atleast_1d(np.asarray(x))
    if arr.ndim != 1 or arr.size == 0 or arr.dtype.kind not in "biuf":
        raise ValueError("%s must be 'all', 'best', 'local maximas' or a non-empty sequence "
                         "of numbers, got %r" % (name, x))
    arr = arr.astype(np.float64)
    if np.isnan(arr).any():
        raise ValueError("%s contains NaN" % name)
    return arr


# --------------------------------------------------------------------------- public
def coord_rows(curve, is_pos, score, x, input, ret, best_method, r_float, r_exact):
    """``{name: array}`` of the rows ``x`` of ``curve`` (the engine of `coords`,
    also run on bootstrap replicates).  ``score`` is in working space."""
    P, N = curve.P, curve.N
    if isinstance(x, str):
        if x == "all":
            idx = np.arange(curve.tp.size)
        elif x == "local maximas":
            idx = np.flatnonzero(local_maxima(curve.tp, curve.fp))
        else:
            idx, _ = best_indices(curve.tp, curve.fp, P, N, best_method, r_exact)
        tp, fp = curve.tp[idx], curve.fp[idx]
        return coordinate_values(ret, tp / float(P), (N - fp) / float(N), P, N, r_float,
                                 thresholds=curve.thresholds[idx], tp=tp, tn=N - fp)
    xs = x
    if input == "threshold":
        tp, fp = _at_thresholds(is_pos, score, xs, curve.direction)
        return coordinate_values(ret, tp / float(P), (N - fp) / float(N), P, N, r_float,
                                 thresholds=xs, tp=tp, tn=N - fp)
    thr, se, sp = _at_inputs(curve, xs, input, r_float)
    return coordinate_values(ret, se, sp, P, N, r_float, thresholds=thr)


def check_x(x, name="x"):
    """``x`` of coords (``name``: the caller's argument, e.g. ci_thresholds' thresholds)."""
    if isinstance(x, str):
        if x not in _X_STRINGS:
            raise ValueError("%s must be one of %s or numbers, got %r" % (name, _X_STRINGS, x))
        return x
    return _numeric_x(x, name)


@per_marker
def coords(y_true: ArrayLike, y_score: Optional[ArrayLike] = None, x: Any = "all", *,
           input: str = "threshold", ret: Any = ("threshold", "specificity", "sensitivity"),
           best_method: str = "youden", best_weights: Sequence[float] = (1.0, 0.5),
           direction: Direction = "<", pos_label: Label = None
        ) -> Union[pd.DataFrame, Dict[str, pd.DataFrame]]:
    r"""Coordinates of the empirical ROC curve, as pROC's ``coords``.

    One row per point: every point of the curve (``x="all"``), its "local maximas" (the
    corners of the staircase: pROC's ``roc.utils.max.thresholds.idx``), the optimal
    point(s) (``x="best"``), or the curve at given values of the ``input`` coordinate.

    Rows are in pROC's order (increasing specificity: the point where everything is
    positive first).  Thresholds are pROC's: the midpoint between consecutive distinct
    scores, ``-inf`` / ``+inf`` at the ends, so ``score >= threshold`` is positive
    (``score <= threshold`` with ``direction=">"``).

    ``x="best"`` maximises ``se + r sp`` (``best_method="youden"``) or minimises
    :math:`(1-\mathrm{se})^2 + r(1-\mathrm{sp})^2` (``"closest.topleft"``) with
    :math:`r = (1 - \mathrm{prevalence}) / (\mathrm{cost} \cdot \mathrm{prevalence})`
    from ``best_weights = (cost, prevalence)`` (pROC's ``best.weights``; the default
    (1, 0.5) gives r = 1: Youden's J plus 1, and the squared distance to (0, 1)).  The
    criteria are compared EXACTLY, as Fractions of the integer counts and of the numbers
    the user meant by ``best_weights``: a decimal of up to 15 significant digits as
    written (0.1 is 1/10), a computed value such as ``1/3`` as the simplest fraction that
    rounds to it (one third, so ``best_weights=(1/3, 0.5)`` gives r = 3 exactly).  Every
    tied optimum is listed and no float rounding splits a tie.  pROC compares the
    criteria as floats (``optim.crit == max(optim.crit)``), so rounding can make it list
    only some of several exactly tied points; every row it lists is also listed here (a
    float tie between criteria that differ exactly would need them to differ by less than
    an ulp, i.e. hundreds of millions of cases or weights with huge denominators).

    Numeric ``x`` with ``input="threshold"``: the operating point of each threshold
    (the threshold column repeats ``x``).  With another ``input`` (``"specificity"``,
    ``"sensitivity"`` or any monotone coordinate: tp, fp, tn, fn, tpr, fpr, tnr, fnr,
    1-specificity, 1-sensitivity, recall): a point of the curve with exactly that value
    (the first row of the value, or the last for a coordinate that decreases along the
    rows, as pROC), else the linear interpolation between the two neighbouring points,
    with a NaN threshold (pROC's NA); outside the curve's range a ``ValueError``.

    Parameters
    ----------
    y_true, y_score, pos_label, direction
        As in `rocstats.auc`.
    x : "all", "best", "local maximas" or array-like of numbers
    input : str
        The coordinate of numeric ``x``: "threshold" (default), "specificity",
        "sensitivity" or another monotone coordinate.
    ret : str or sequence of str
        Columns, named as pROC's ``ret`` values: threshold, specificity, sensitivity,
        accuracy, tn, tp, fn, fp, npv, ppv, fdr, fpr, tpr, tnr, fnr, 1-specificity,
        1-sensitivity, 1-accuracy, 1-npv, 1-ppv, precision, recall, youden,
        closest.topleft; or "all".  pROC's abbreviations "t", "topleft", "npe", "ppe"
        are accepted.
    best_method : {"youden", "closest.topleft"}
    best_weights : (cost, prevalence)
        Cost of a false negative relative to a false positive, and the prevalence; read
        as exact rationals (see above).

    Returns
    -------
    pandas.DataFrame
        One row per point, the columns of ``ret`` in that order.  Counts (tp, fn, ...)
        are exact at the curve's points and ``se * ncases`` (pROC's formula) at
        interpolated points; 0/0 (e.g. ppv where nothing is positive) is NaN.  With one
        class absent: one row of NaN (a row per numeric ``x``) and an
        `rocstats.UndefinedAUCWarning`.

    Raises
    ------
    ValueError
        An unknown ``x``, ``input``, ``ret`` or ``best_method``; a non-monotone
        ``input``; ``x`` outside the range of the input coordinate; bad
        ``best_weights``.

    Examples
    --------
    Negatives 0.1, 0.2, 0.4 and positives 0.3, 0.6, 0.9; the best Youden cut lies
    between 0.4 and 0.6 (Se 2/3, Sp 1) and ties with the one between 0.2 and 0.3
    (Se 1, Sp 2/3): J = 2/3 for both, so ``youden = se + sp = 5/3``:

    >>> import rocstats
    >>> y, s = [0, 0, 1, 0, 1, 1], [0.1, 0.2, 0.3, 0.4, 0.6, 0.9]
    >>> rocstats.coords(y, s, "best", ret=("threshold", "sensitivity", "youden")).round(4)
       threshold  sensitivity  youden
    0       0.25       1.0000  1.6667
    1       0.50       0.6667  1.6667

    At specificity 0.5 (between the points with Sp 1/3 and 2/3, both Se 1):

    >>> rocstats.coords(y, s, [0.5], input="specificity")
       threshold  specificity  sensitivity
    0        NaN          0.5          1.0
    """
    y_score, x = roc_arguments(y_true, y_score, x, "all")
    import pandas as pd

    x = check_x(x)
    input = check_input(input)
    ret = check_ret(ret)
    best_method = check_best_method(best_method)
    r_float, r_exact = check_best_weights(best_weights)
    sample = binary_sample(y_true, y_score, pos_label=pos_label, direction=direction)
    direction = sample.direction
    is_pos, score = sample.is_pos, sample.score
    if sample.undefined("The ROC curve (coords)"):
        rows = 1 if isinstance(x, str) else x.size
        frame = {k: np.full(rows, np.nan) for k in ret}
        if "threshold" in ret and not isinstance(x, str) and input == "threshold":
            frame["threshold"] = x.copy()
        return pd.DataFrame(frame, columns=list(ret))
    vals = coord_rows(curve_of(sample), is_pos, score, x, input, ret, best_method, r_float,
                      r_exact)
    return pd.DataFrame(vals, columns=list(ret))
