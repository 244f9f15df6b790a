r"""Precision-recall curves and the area under them (`pr_curve`, `pr_auc`).

The curve has one point per distinct threshold, from the highest (nothing positive,
recall 0) down, with ties kept as one point; precision = TP / (TP + FP), recall = TP / P.
At the first point, where TP + FP = 0, the precision is 0/0: it is set to 1 as
scikit-learn does for its end point (ROCR reports NaN there).

Areas (each named, none mixed with another; Davis & Goadrich 2006, ICML, section 4;
Boyd, Eng & Page 2013, ECML PKDD, section 3).  Between consecutive points A -> B of the
curve TP grows by d >= 0 and FP by e; write a = TP_A, c = TP_A + FP_A, kappa = 1 + e / d.

``"interpolated"`` (default)  the area under Davis & Goadrich's non-linear interpolation:
    between A and B the precision at TP_A + x (0 <= x <= d) is (a + x) / (c + kappa x),
    the false positives growing in proportion; its integral over recall is exact:
    ``(1 / P) [d / kappa + (a kappa - c) / kappa^2 log(1 + kappa d / c)]``
    (``d / kappa`` when c = 0).  No convention is needed at recall 0.
``"average_precision"``  the step sum ``sum (R_B - R_A) P_B`` (scikit-learn's
    ``average_precision_score``).
``"trapezoid"``  straight lines between the points, the first with precision 1
    (``sklearn.metrics.auc(recall, precision)`` on ``precision_recall_curve``): known to
    be optimistic (Davis & Goadrich: linear interpolation in PR space is wrong).
``"rocr"``  ROCR 1.0-11's ``performance(pred, "aucpr")``, reproduced for parity: for
    each TP value the point with the fewest FP is kept (the highest precision at that
    recall), the first point's 0/0 precision is 1, Davis & Goadrich points are inserted
    where TP grows by more than 2, and straight lines join them.  ROCR inserts those
    points at positions counted in the already-extended vectors, so after a first
    insertion later ones land out of order and the trapezoid sum runs back and forth;
    rocstats reproduces that too (unweighted data only).  Not recommended.

Confidence intervals (`PRAUCResult.conf_int`): ``"logit"`` (Boyd et al. 2013,
section 4.2): ``expit(logit(theta) -/+ z tau)`` with ``tau = (n theta (1 - theta))^-1/2``
and n the number of positives; ``"binomial"``: ``theta -/+ z sqrt(theta (1 - theta) / n)``
clipped to [0, 1].  The bootstrap interval is `rocstats.ci_pr_auc`.
"""
from __future__ import annotations

from typing import Any, Dict, Optional, Sequence, Union  # noqa: F401

from .._typing import ArrayLike, Direction, Jobs, Label, Range, Seed  # noqa: F401
import warnings
from dataclasses import dataclass

import numpy as np

from .. import _dist, _kernels
from .._results import ConfidenceInterval, Summary, _check_level, _fmt, _Result
from .._sample import binary_sample
from .._validation import UndefinedAUCWarning, as_float_array
from ._auc import split_sort_rule
from ._curve import roc_counts

__all__ = ["PRCurve", "PRAUCResult", "pr_curve", "pr_auc", "pr_area", "segments_from_counts",
           "precision_at_recall", "AREA_METHODS"]

AREA_METHODS = ("interpolated", "average_precision", "trapezoid", "rocr")
CI_METHODS = ("logit", "binomial")


# --------------------------------------------------------------------------- results
@dataclass(frozen=True, eq=False)
class PRCurve(_Result):
    """Precision-recall curve: one point per distinct threshold, from recall 0.

    ``thresholds[0]`` is +inf (-inf for ``direction=">"``): nothing positive, precision
    1 by convention; point k classifies ``score >= thresholds[k]`` as positive
    (``<=`` for ``direction=">"``).  ``tp`` / ``fp`` are the (weighted) counts."""

    precision: np.ndarray
    recall: np.ndarray
    thresholds: np.ndarray
    tp: np.ndarray
    fp: np.ndarray
    n_pos: float
    n_neg: float
    direction: str = "<"
    pos_label: object = None
    weighted: bool = False

    @property
    def prevalence(self):
        """P / (P + N): the precision of a useless score (the chance baseline)."""
        total = self.n_pos + self.n_neg
        return self.n_pos / total if total > 0 else float("nan")

    def area(self, method="interpolated"):
        """The area under this curve by ``method`` (see `pr_auc`)."""
        _check_area_method(method, self.weighted)
        if not np.isfinite(self.n_pos) or self.n_pos <= 0:   # no positive: recall 0/0
            return float("nan")
        seg = segments_from_counts(self.tp, self.fp)
        return float(pr_area(*seg, self.n_pos, method)[0])

    def summary(self):
        rows = [("interpolated area", self.area()), ("points", self.recall.size),
                ("positives", self.n_pos), ("negatives", self.n_neg),
                ("prevalence (baseline)", self.prevalence),
                ("direction", "controls %s cases" % self.direction)]
        return Summary("Precision-recall curve", rows)

    def plot(self, ax=None, **kwargs):
        """Draw it with `rocstats.plot.plot_pr`; returns the Axes."""
        from ..plot import plot_pr

        return plot_pr(self, ax=ax, **kwargs)


@dataclass(frozen=True, eq=False)
class PRAUCResult(_Result):
    """Area under the precision-recall curve (`rocstats.pr_auc`).

    Attributes
    ----------
    auc : float
        The area by ``method``.
    method : str
        "interpolated", "average_precision", "trapezoid" or "rocr".
    n_pos, n_neg : float
        Positives and negatives (summed weights with ``sample_weight``).
    prevalence : float
        n_pos / (n_pos + n_neg): the area of a useless score.
    """

    auc: float
    method: str
    n_pos: float
    n_neg: float
    prevalence: float
    direction: str = "<"
    pos_label: object = None
    weighted: bool = False

    def __float__(self):
        return float(self.auc)

    def conf_int(self, level=0.95, *, method="logit", alternative="two-sided"):
        """Confidence interval of the area.

        ``"logit"`` (default; Boyd, Eng & Page 2013, section 4.2): the Wald interval of
        ``logit(auc)`` with SE ``1 / sqrt(n auc (1 - auc))``, n the number of
        positives, back-transformed; NaN at an area of 0 or 1.  ``"binomial"``: ``auc -/+
        z sqrt(auc (1 - auc) / n)`` clipped to [0, 1].  Not defined with
        ``sample_weight`` (no n).  The bootstrap interval: `rocstats.ci_pr_auc`.
        ``alternative="greater"`` / ``"less"``: the one-sided interval ``[lower, 1]`` /
        ``[0, upper]`` (z the ``level`` quantile).
        """
        return pr_auc_interval(self.auc, self.n_pos, level, method, self.weighted,
                               alternative)

    def summary(self, level=0.95):
        rows = [("area (%s)" % self.method, self.auc), ("positives", self.n_pos),
                ("negatives", self.n_neg), ("prevalence (baseline)", self.prevalence)]
        if not self.weighted:
            ci = self.conf_int(level)
            rows.insert(1, ("%g%% CI (logit, Boyd et al. 2013)" % (100 * level),
                            "[%s, %s]" % (_fmt(ci.lower), _fmt(ci.upper))))
        return Summary("Area under the precision-recall curve", rows)


def pr_auc_interval(area, n_pos, level, method, weighted=False, alternative="two-sided"):
    from .._margin import one_sided, one_sided_quantile

    level = _check_level(level)
    if method not in CI_METHODS:
        raise ValueError("method must be 'logit' or 'binomial' (the bootstrap interval is "
                         "rocstats.ci_pr_auc), got %r" % (method,))
    if weighted:
        raise ValueError("conf_int is not defined with sample_weight (the closed forms "
                         "need the number of positives); use rocstats.ci_pr_auc on "
                         "unweighted data")
    z = one_sided_quantile(level, alternative, _dist.norm_ppf)
    th, n = float(area), float(n_pos)
    if method == "binomial":
        if not 0 <= th <= 1:                        # an undefined area (NaN): no interval
            return ConfidenceInterval(float("nan"), float("nan"), level, "binomial",
                                      estimate=th, alternative=alternative)
        half = z * np.sqrt(th * (1 - th) / n)
        lo, hi = one_sided(max(0.0, th - half), min(1.0, th + half), alternative, 0.0, 1.0)
        return ConfidenceInterval(lo, hi, level, "binomial", estimate=th,
                                  alternative=alternative)
    if not 0 < th < 1:
        return ConfidenceInterval(float("nan"), float("nan"), level, "logit", estimate=th,
                                  alternative=alternative)
    eta = np.log(th / (1 - th))
    tau = 1.0 / np.sqrt(n * th * (1 - th))
    lo, hi = one_sided(float(1 / (1 + np.exp(-(eta - z * tau)))),
                       float(1 / (1 + np.exp(-(eta + z * tau)))), alternative, 0.0, 1.0)
    return ConfidenceInterval(lo, hi, level, "logit", estimate=th, alternative=alternative)


# --------------------------------------------------------------------------- areas
def _check_area_method(method, weighted=False):
    if method not in AREA_METHODS:
        raise ValueError("method must be one of %s, got %r" % (AREA_METHODS, method))
    if method == "rocr" and weighted:
        raise ValueError("method='rocr' (ROCR's aucpr) is defined for unweighted data only")
    return method


def segments_from_counts(tp, fp):
    """The steps A -> B of a curve given by cumulative counts ``tp``, ``fp`` (last axis:
    points in threshold order, the first point (0, 0) included): ``(a, d, fpa, e)`` =
    TP at A, TP gained, FP at A, FP gained; steps without a new positive are kept (they
    add no area).  Works on 1-D arrays or row-wise on 2-D arrays."""
    tp = np.asarray(tp, dtype=np.float64)
    fp = np.asarray(fp, dtype=np.float64)
    return tp[..., :-1], np.diff(tp, axis=-1), fp[..., :-1], np.diff(fp, axis=-1)


def pr_area(a, d, fpa, e, n_pos, method):
    """Area under the PR curve from its steps (`segments_from_counts`), by
    ``method``; row-wise for 2-D steps (one row per curve, ``n_pos`` per row).  Returns an
    array with one area per row (shape (1,) for 1-D steps)."""
    a, d, fpa, e = (np.atleast_2d(np.asarray(v, dtype=np.float64)) for v in (a, d, fpa, e))
    P = np.atleast_1d(np.asarray(n_pos, dtype=np.float64)).reshape(-1, 1)
    b = a + d
    fpb = fpa + e
    with np.errstate(invalid="ignore", divide="ignore"):
        if method == "average_precision":
            term = np.where(d > 0, d * b / (b + fpb), 0.0)
            return term.sum(axis=1) / P[:, 0]
        if method == "trapezoid":
            ca = a + fpa
            prec_a = np.where(ca > 0, a / ca, 1.0)
            prec_b = np.where(b + fpb > 0, b / (b + fpb), 1.0)
            term = np.where(d > 0, d * (prec_a + prec_b) / 2.0, 0.0)
            return term.sum(axis=1) / P[:, 0]
        if method == "interpolated":
            c = a + fpa
            safe_d = np.where(d > 0, d, 1.0)
            kappa = 1.0 + e / safe_d
            safe_c = np.where(c > 0, c, 1.0)
            log_term = np.log1p(kappa * d / safe_c)
            full = d / kappa + (a * kappa - c) / kappa ** 2 * log_term
            term = np.where(d > 0, np.where(c > 0, full, d / kappa), 0.0)
            return term.sum(axis=1) / P[:, 0]
    if method == "rocr":
        return np.array([_rocr_area(a[i], d[i], fpa[i], e[i], P[i, 0])
                         for i in range(a.shape[0])])
    raise ValueError("method must be one of %s, got %r" % (AREA_METHODS, method))


def _rocr_area(a, d, fpa, e, P):
    """ROCR 1.0-11's aucpr from the steps of one curve (module docstring)."""
    new = d > 0
    utp = np.r_[0.0, (a + d)[new]]                # each TP value with its fewest FP
    ufp = np.r_[0.0, (fpa + e)[new]]
    with np.errstate(invalid="ignore", divide="ignore"):
        prec = utp / (utp + ufp)
    prec[0] = 1.0                                  # the 0/0 at the first point
    rec = utp / P
    keep = np.isfinite(prec) & np.isfinite(rec)
    prec, rec = list(prec[keep]), list(rec[keep])
    if len(rec) < 2:
        raise ValueError("method='rocr': not enough distinct predictions to compute the "
                         "area (ROCR stops here too)")
    for i in range(len(rec) - 1):                  # positions counted in the grown lists
        step = utp[i + 1] - utp[i]
        if step > 2:
            skew = (ufp[i + 1] - ufp[i]) / step
            x = np.arange(1, int(step) + 1, dtype=np.float64)
            rec[i + 1:i + 1] = list((x + utp[i]) / P)
            prec[i + 1:i + 1] = list((x + utp[i]) / (utp[i] + ufp[i] + x + skew * x))
    r, p = np.asarray(rec), np.asarray(prec)
    total = 0.0
    for i in range(1, r.size):                     # ROCR's running sum, in its order
        total += 0.5 * (r[i] - r[i - 1]) * (p[i] + p[i - 1])
    return total


def precision_at_recall(a, d, fpa, e, n_pos, recalls):
    """Precision of Davis & Goadrich's interpolated curve at each recall (1-D steps):
    in the step with a < r P <= a + d, x = r P - a and precision (a + x) / (a + fpa +
    kappa x); at recall 0 the limit from the right."""
    a, d, fpa, e = (np.asarray(v, dtype=np.float64) for v in (a, d, fpa, e))
    r = np.asarray(recalls, dtype=np.float64)
    keep = d > 0
    a, d, fpa, e = a[keep], d[keep], fpa[keep], e[keep]
    target = r * float(n_pos)
    k = np.searchsorted(a + d, target, side="left")        # first step with b >= target
    k = np.clip(k, 0, a.size - 1)
    x = np.maximum(target - a[k], 0.0)
    kappa = 1.0 + e[k] / d[k]
    c = a[k] + fpa[k]
    with np.errstate(invalid="ignore", divide="ignore"):
        prec = (a[k] + x) / (c + kappa * x)
        lim0 = np.where(c > 0, a[k] / np.where(c > 0, c, 1.0), 1.0 / kappa)
    return np.where(x > 0, prec, lim0)


# --------------------------------------------------------------------------- inputs
def _no_positive(P, N, what):
    """Warn (UndefinedAUCWarning) and return True when there is no positive (weight):
    recall is 0/0.  Without negatives the curve is defined (precision 1)."""
    if P > 0:
        return False
    warnings.warn("%s is undefined: y_true has no positives (negatives: %s); returning NaN"
                  % (what, _fmt(float(N))), UndefinedAUCWarning, stacklevel=3)
    return True


def _weights(sample_weight, n):
    w = as_float_array(sample_weight, "sample_weight")
    if w.shape[0] != n:
        raise ValueError("sample_weight has %d rows but y_score has %d" % (w.shape[0], n))
    if (w < 0).any():
        raise ValueError("sample_weight must be non-negative (got %d negative entries)"
                         % int(np.count_nonzero(w < 0)))
    return w


def _curve_counts(y_true, y_score, pos_label, direction, sample_weight):
    """``(labels, thresholds (working, descending), tp, fp, P, N, weighted, scale)`` with
    the first point (0, 0) prepended; rows of weight 0 dropped (scikit-learn does too)."""
    labels = binary_sample(y_true, y_score, pos_label=pos_label, direction=direction)
    score, is_pos = labels.score, labels.is_pos
    w = None
    scale = 1.0
    if sample_weight is not None:
        w = _weights(sample_weight, score.shape[0])
        keep = w > 0
        if not keep.all():
            is_pos, score, w = is_pos[keep], score[keep], w[keep]
        top = float(w.max()) if w.size else 0.0
        if top > 0:                 # an exact power-of-two rescaling: no rounding
            scale = 2.0 ** np.floor(np.log2(top))
            w = w / scale
    thr, tp, fp = roc_counts(is_pos, score, w)
    P = float(tp[-1]) if tp.size else 0.0
    N = float(fp[-1]) if fp.size else 0.0
    return (labels, np.r_[np.inf, thr], np.r_[0.0, tp], np.r_[0.0, fp], P, N, w is not None,
            scale)


def pr_curve(y_true: ArrayLike, y_score: ArrayLike, *, pos_label: Label = None,
             direction: Direction = "<", sample_weight: Optional[ArrayLike] = None
        ) -> PRCurve:
    """Precision-recall curve with every threshold.

    Parameters
    ----------
    y_true, y_score, pos_label, direction
        As in `rocstats.auc`.
    sample_weight : array-like, optional
        Non-negative case weights: TP and FP are weight sums.  Rows of weight 0 are
        dropped (they would add points without moving the curve; scikit-learn drops them
        too).

    Returns
    -------
    PRCurve
        ``precision``, ``recall``, ``thresholds`` (``thresholds[0] = inf``, precision 1
        there by convention), ``tp``, ``fp``, ``n_pos``, ``n_neg``.  Reversed and
        without the first point, ``precision`` / ``recall`` / ``thresholds`` are
        scikit-learn's ``precision_recall_curve`` (whose extra end point (1, 0) is this
        first point).  With no positive: NaN with an `rocstats.UndefinedAUCWarning` (without
        negatives the precision is 1 everywhere).

    Examples
    --------
    Scores 0.8 (pos), 0.4 (neg), 0.35 (pos), 0.1 (neg):

    >>> import rocstats
    >>> c = rocstats.pr_curve([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> c.recall.tolist(), c.precision.tolist()
    ([0.0, 0.5, 0.5, 1.0, 1.0], [1.0, 1.0, 0.5, 0.6666666666666666, 0.5])
    """
    labels, thr, tp, fp, P, N, weighted, scale = _curve_counts(
        y_true, y_score, pos_label, direction, sample_weight)
    if direction == ">":
        thr = -thr
    if _no_positive(P, N * scale, "The precision-recall curve"):
        nan = np.full(tp.shape, np.nan)
        return PRCurve(nan, nan.copy(), thr, tp * scale, fp * scale, P * scale, N * scale,
                       direction, labels.pos_label, weighted)
    with np.errstate(invalid="ignore", divide="ignore"):
        prec = np.where(tp + fp > 0, tp / (tp + fp), 1.0)
    return PRCurve(prec, tp / P, thr, tp * scale, fp * scale, P * scale, N * scale,
                   direction, labels.pos_label, weighted)


def _fast_segments(y_true, y_score, pos_label, direction):
    """Unweighted steps from the two classes sorted once (radix split-sort in C): one
    step per distinct positive score, from the highest.  ``(labels_pos_label, a, d, fpa,
    e, P, N)``."""
    sample = binary_sample(y_true, y_score, pos_label=pos_label, direction=direction,
                           finite=False)
    rule, score = sample.rule, sample.score
    pos, neg = split_sort_rule(rule, score, unchecked_name="y_score")
    P, N = pos.size, neg.size
    if P == 0:
        return rule.pos_label, None, None, None, None, P, N
    below, ties = _kernels.roc.below_ties_sorted(pos, neg)   # one merge (C)
    if P > 1 and bool(np.any(pos[1:] == pos[:-1])):
        last = np.empty(P, dtype=bool)
        last[:-1] = pos[1:] != pos[:-1]
        last[-1] = True
        ends = np.flatnonzero(last)                   # last index of each run, ascending
        starts = np.r_[0, ends[:-1] + 1]
        d = (ends - starts + 1).astype(np.float64)
        below, ties = below[ends], ties[ends]
    else:                                             # no tied positives: one step each
        starts = np.arange(P)
        d = np.ones(P)
    b = (P - starts).astype(np.float64)               # positives >= u
    fpb = (N - below).astype(np.float64)              # negatives >= u
    e = ties.astype(np.float64)
    # descending order of thresholds: the highest positive score first
    a, d, fpa, e = (b - d)[::-1], d[::-1], (fpb - e)[::-1], e[::-1]
    return rule.pos_label, a, d, fpa, e, P, N


def pr_auc(y_true: ArrayLike, y_score: ArrayLike, *, method: str = "interpolated",
           pos_label: Label = None, direction: Direction = "<",
           sample_weight: Optional[ArrayLike] = None) -> PRAUCResult:
    r"""Area under the precision-recall curve, by a named method, with its interval.

    Parameters
    ----------
    y_true, y_score, pos_label, direction
        As in `rocstats.auc`.
    method : {"interpolated", "average_precision", "trapezoid", "rocr"}
        ``"interpolated"`` (default): the exact area under Davis & Goadrich's (2006)
        non-linear interpolation between the points; ``"average_precision"``:
        scikit-learn's step sum; ``"trapezoid"``: straight lines
        (``sklearn.metrics.auc(recall, precision)``); ``"rocr"``: ROCR 1.0-11's
        ``"aucpr"`` (see `rocstats.curves._pr` for what it does and why it is not the
        default).
    sample_weight : array-like, optional
        As in `pr_curve` (not with ``"rocr"``).

    Returns
    -------
    PRAUCResult
        ``auc``, ``method``, ``n_pos``, ``n_neg``, ``prevalence``; ``conf_int(level,
        method="logit")`` gives Boyd et al.'s (2013) logit interval.  ``float(result)``
        is the area.  With no positive: NaN and an `rocstats.UndefinedAUCWarning`
        (without negatives every method gives 1).

    Examples
    --------
    Positives at 0.8 and 0.35, negatives at 0.4 and 0.1.  Average precision: recall
    1/2 at precision 1, then 1/2 more at precision 2/3, so 1/2 + 1/3 = 0.8333; the
    interpolated area adds, from (TP, FP) = (1, 1) to (2, 1), the integral of
    (1 + x) / (2 + x) over x in [0, 1] halved: (1 - log(3/2)) / 2 + 1/2 = 0.7973.  With
    n = 2 positives the logit interval is wide: expit(logit(0.7973) - 1.96 / sqrt(2 *
    0.7973 * 0.2027)) = 0.1113:

    >>> import rocstats
    >>> y, s = [0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8]
    >>> round(rocstats.pr_auc(y, s, method="average_precision").auc, 4)
    0.8333
    >>> r = rocstats.pr_auc(y, s)
    >>> round(r.auc, 4), round(r.conf_int().lower, 4)
    (0.7973, 0.1113)
    """
    _check_area_method(method, sample_weight is not None)
    if sample_weight is None:
        pos_lab, a, d, fpa, e, P, N = _fast_segments(y_true, y_score, pos_label, direction)
        scale = 1.0
    else:
        labels, thr, tp, fp, P, N, _, scale = _curve_counts(y_true, y_score, pos_label,
                                                            direction, sample_weight)
        pos_lab = labels.pos_label
        a, d, fpa, e = segments_from_counts(tp, fp)
    weighted = sample_weight is not None
    nan = float("nan")
    if _no_positive(P, N * scale, "The area under the PR curve"):
        return PRAUCResult(nan, method, P * scale, N * scale, nan, direction, pos_lab,
                           weighted)
    area = float(pr_area(a, d, fpa, e, P, method)[0])
    return PRAUCResult(area, method, float(P) * scale, float(N) * scale, P / (P + N),
                       direction, pos_lab, weighted)
