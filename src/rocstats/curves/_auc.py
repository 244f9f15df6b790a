"""Empirical AUC as the Mann-Whitney U statistic, and the partial AUC (pROC's ``partial.auc``)."""
from __future__ import annotations

from typing import Any, Dict, Optional, Sequence, Union  # noqa: F401

from .._typing import ArrayLike, Direction, Jobs, Label, Range, Seed  # noqa: F401
from .. import _kernels
from .._sample import binary_sample, per_marker
from .._validation import check_finite, warn_reversed
from . import _partial


def auc_from_twice_u(twice_u, m, n):
    """AUC = 2U / (2 m n), correctly rounded from exact integers (no overflow)."""
    return int(twice_u) / (2 * int(m) * int(n))


def split_sort_rule(rule, score, unchecked_name=None):
    """``(pos, neg)``: each class's scores ascending, from a
    `rocstats._labels.BinaryRule`.  The kernels split by the label values
    directly (the C split without an n-byte mask beside the 8n bytes of sorted scores,
    issue 14).

    ``unchecked_name``: the score was not checked for NaN / infinity yet (it is the
    argument's name for the error): the split checks it on its way (the same
    ``ValueError`` as `rocstats._validation.as_float_array`)."""
    if rule.pos_value is None:
        if unchecked_name is not None:
            check_finite(score, unchecked_name)
        return _kernels.roc.split_sort(rule.labels().is_pos, score)
    res = _kernels.roc.split_sort_eq(rule.values, rule.pos_value, score, m=rule.n_pos)
    if res is _kernels.roc.NOT_FINITE:
        check_finite(score, unchecked_name or "y_score")
        raise AssertionError("the split saw a non-finite score that check_finite did not")
    return res


def sorted_classes(sample):
    """``(pos, neg)`` ascending of a 1-D sample, sorted once (`split_sort_rule`;
    the ROC object fills it from its argsort)."""
    return sample.cached("sorted", lambda: split_sort_rule(
        sample.rule, sample.score, unchecked_name=sample.score_name))


def check_partial_options(partial, focus, correct):
    """Validate ``partial`` / ``focus`` / ``correct``; ``(lo, hi)`` or None."""
    _partial.check_focus(focus)
    _partial.check_correct(correct)
    return None if partial is None else _partial.check_partial(partial)


def partial_auc_value(is_pos, score, lo, hi, focus):
    """Uncorrected partial AUC of one score (higher = case), as pROC's ``auc.roc``."""
    se, sp = _partial.proc_points(is_pos, score)
    return float(_partial.partial_auc_from_points(se, sp, partial=(lo, hi), focus=focus))


@per_marker
def auc(y_true: ArrayLike, y_score: Optional[ArrayLike] = None, *, pos_label: Label = None,
        direction: Direction = "<", partial: Optional[Range] = None,
        focus: str = "specificity", correct: bool = False
        ) -> Union[float, Dict[str, float]]:
    r"""Area under the empirical ROC curve (Mann-Whitney U / (m n), ties count 1/2), or a
    partial area.

    A = (1 / (m n)) sum_i sum_j [1(X_i > Y_j) + 1(X_i = Y_j) / 2], with X_i the m positive
    and Y_j the n negative scores (Bamber 1975; Hanley & McNeil 1982; formula in the
    Notes).  Computed by one sort of each class and a
    merge sweep counting in 64-bit integers, so it is exact for any m n that fits in
    memory (no 32-bit overflow, pROC issue #19).

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        Two-class labels.  With ``pos_label=None`` they must be {0, 1}, {-1, 1} or
        booleans and 1 / True is the positive class.
    y_score : array-like of shape (n_samples,)
        Finite scores; NaN or inf raise ``ValueError``.
    pos_label : label, optional
        The positive class.
    direction : {"<", ">"}
        ``"<"``: negatives (controls) score lower than positives (cases), as pROC's
        ``direction="<"``.  ``">"``: lower scores are more positive.  Never guessed.
    partial : (low, high), optional
        The partial AUC over ``low <= specificity <= high`` (or sensitivity, see
        ``focus``), pROC's ``partial.auc``: the area under the empirical ROC polygon
        (ties as diagonal segments) between the two lines, the end segments cut by
        linear interpolation (pROC 1.18's ``auc.roc``).  In [0, 1], either order, as
        pROC (``partial=(1, 0.8)`` is pROC's ``partial.auc = c(1, 0.8)``).
    focus : {"specificity", "sensitivity"}
        pROC's ``partial.auc.focus``: the range is on the specificity axis (area under
        the curve), or on the sensitivity axis (the area ``integral of specificity
        d(sensitivity)`` between the curve and the right-hand edge of the ROC square).
    correct : bool
        McClish's (1989) standardisation ``(1 + (pAUC - min) / (max - min)) / 2`` (pROC's
        ``partial.auc.correct``), ``min`` / ``max`` the areas of the diagonal and of a
        perfect curve over the range: 0.5 for a useless score, 1 for a perfect one.
        Below the diagonal it is undefined: NaN with an `UndefinedAUCWarning`,
        as pROC.  Ignored without ``partial`` (it would be the identity).

    Returns
    -------
    float
        The AUC (or partial AUC), or NaN with an `UndefinedAUCWarning` if a class
        is absent.  An AUC below 0.5 is returned as it is, with a
        `rocstats.ReversedDirectionWarning` (the marker ranks the classes the wrong
        way round for ``direction``; rocstats never flips it).

    Notes
    -----
    .. math:: \hat A = \frac{1}{mn}\sum_{i=1}^{m}\sum_{j=1}^{n}
              \Big[\mathbb 1(X_i > Y_j) + \tfrac12 \mathbb 1(X_i = Y_j)\Big]

    Examples
    --------
    Positives 0.4, 0.8 and negatives 0.1, 0.4, 0.35: of the 6 pairs, 5 are ordered
    correctly and one, (0.4, 0.4), is tied and counts 1/2, so U = 5.5 and AUC = 5.5 / 6:

    >>> import rocstats
    >>> rocstats.auc([1, 1, 0, 0, 0], [0.4, 0.8, 0.1, 0.4, 0.35])
    0.9166666666666666

    Over specificity 2/3 to 1 (false-positive rate 0 to 1/3) the curve is the diagonal
    segment of the tie at 0.4, from sensitivity 1/2 to 1: an area of 1/3 * 3/4 = 1/4.
    McClish's min and max over that range are 1/18 (the diagonal) and 1/3, so the
    corrected value is (1 + (1/4 - 1/18) / (1/3 - 1/18)) / 2 = 0.85:

    >>> y, s = [1, 1, 0, 0, 0], [0.4, 0.8, 0.1, 0.4, 0.35]
    >>> rocstats.auc(y, s, partial=(2/3, 1))
    0.25
    >>> round(rocstats.auc(y, s, partial=(2/3, 1), correct=True), 12)
    0.85
    """
    rng = check_partial_options(partial, focus, correct)
    sample = binary_sample(y_true, y_score, pos_label=pos_label, direction=direction,
                           finite=rng is not None)
    return sample_auc(sample, rng, focus, correct)


def sample_auc(sample, rng=None, focus="specificity", correct=False):
    """`auc` of a validated 1-D `rocstats._sample.BinarySample` (``rng``:
    the checked partial range or None)."""
    if rng is not None:
        if sample.undefined():
            return float("nan")
        se, sp = _partial.points_of(sample)
        value = float(_partial.partial_auc_from_points(se, sp, partial=rng, focus=focus))
        return _partial.mcclish(value, *rng) if correct else value
    pos, neg = sorted_classes(sample)
    sample._m = pos.size
    if sample.undefined():
        return float("nan")
    value = auc_from_twice_u(_kernels.roc.auc2u_sorted(pos, neg), pos.size, neg.size)
    warn_reversed(value, sample.direction, sample.pos_label)
    return value
