"""DeLong (1988) variance and covariance of empirical AUCs."""
from __future__ import annotations

from typing import Any, Dict, Optional, Sequence, Union  # noqa: F401

from .._typing import ArrayLike, Direction, Jobs, Label, Range, Seed  # noqa: F401
import warnings
from fractions import Fraction

import numpy as np

from .. import _kernels
from .._results import AUCResult
from .._sample import binary_sample, score_names
from .._validation import UndefinedAUCWarning, check_finite, warn_reversed
from . import _partial
from ._auc import (auc_from_twice_u, check_partial_options, partial_auc_value,  # noqa: F401
                   sorted_classes, split_sort_rule)
from ._weighted import class_sizes, weighted_delong


def structural_components(is_pos, score):
    """AUCs and DeLong placement matrices for a 2-D score array (n_samples, k).

    Returns ``(aucs, V10, V01)`` with ``V10`` of shape (m, k) and ``V01`` of shape (n, k),
    rows in case order, so columns can be correlated.  (They are transposed views of
    C-contiguous (k, m) and (k, n) arrays, which `delong_covariance` uses as they
    are.)
    """
    m = int(np.count_nonzero(is_pos))
    n = score.shape[0] - m
    twice_u, V10, V01 = _kernels.roc.placements_columns(is_pos, score)
    aucs = np.asarray([auc_from_twice_u(t, m, n) for t in twice_u], dtype=float)
    return aucs, V10.T, V01.T


def _cov_rows(X, overwrite):
    """``np.cov(X.T, rowvar=False, ddof=1)`` of a (k, N) array, the same arithmetic (mean
    over each row, centring, ``X @ X.T`` times ``1 / (N - 1)``), centring ``X`` in place
    when ``overwrite`` (no copy of the placements)."""
    X = X if overwrite and X.flags.c_contiguous and X.dtype == np.float64 else np.array(X, dtype=float)
    X -= X.mean(axis=1)[:, None]
    c = np.dot(X, X.T)
    c *= np.true_divide(1, X.shape[1] - 1)
    return c


def delong_covariance(V10, V01, overwrite=False):
    """``S10 / m + S01 / n`` with S the sample covariance (denominator m-1, n-1).

    ``overwrite=True`` lets the placements be centred in place (the caller does not use
    them again)."""
    m, n = V10.shape[0], V01.shape[0]
    s10 = _cov_rows(V10.T, overwrite)
    s01 = _cov_rows(V01.T, overwrite)
    return s10 / m + s01 / n


def exact_delong_variance(twice_u, q10, q01, m, n):
    """DeLong variance from the exact integer sums of ``delong_sums_sorted``.

    With ``T = 2U = sum c10 = sum c01``, ``Q10 = sum c10^2``, ``Q01 = sum c01^2``
    (``c10 = 2n V10``, ``c01 = 2m V01``):
    ``S10 / m + S01 / n = (m Q10 - T^2) / (4 n^2 m^2 (m-1)) + (n Q01 - T^2) / (4 m^2 n^2 (n-1))``,
    evaluated in rational arithmetic and rounded once.
    """
    t2 = twice_u * twice_u
    return float(Fraction(m * q10 - t2, 4 * n * n * m * m * (m - 1))
                 + Fraction(n * q01 - t2, 4 * m * m * n * n * (n - 1)))


_column_names = score_names


def _warn_small(m, n):
    if m < 2 or n < 2:
        warnings.warn("DeLong variance needs at least 2 positives and 2 negatives "
                      "(got %d and %d); variance is NaN" % (m, n), UndefinedAUCWarning,
                      stacklevel=3)
        return True
    return False


def partial_structural_components(is_pos, score, lo, hi, focus):
    """Partial AUCs and structural components of a 2-D score array (n_samples, k).

    Returns ``(paucs, V10, V01)`` as `structural_components`, for the uncorrected
    partial AUC over ``[lo, hi]`` (see `rocstats.curves._partial`); ``paucs`` are
    pROC's values (the trapezoids of ``auc.roc``), ``V10.mean(axis=0)`` equals them up
    to rounding.
    """
    m = int(np.count_nonzero(is_pos))
    n, k = score.shape[0] - m, score.shape[1]
    V10 = np.empty((m, k))
    V01 = np.empty((n, k))
    paucs = np.empty(k)
    for c in range(k):
        col = np.ascontiguousarray(score[:, c])
        V10[:, c], V01[:, c] = _partial.partial_components(is_pos, col, lo, hi, focus)
        paucs[c] = partial_auc_value(is_pos, col, lo, hi, focus)
    return paucs, V10, V01


def _result(sample, aucs, cov, m=None, n=None, **extra):
    """The `AUCResult` of a sample: scalar for a 1-D score, vectors and the
    covariance matrix for k scores; NaN everywhere when ``aucs`` is None."""
    m = sample.m if m is None else m
    n = sample.n if n is None else n
    if aucs is None:
        aucs, cov = sample.nan(), sample.nan_cov()
        var = aucs if sample.k is None else aucs.copy()
        return AUCResult(aucs, var, m, n, cov, sample.direction, sample.pos_label,
                         names=sample.names, **extra)
    if sample.k is None:
        return AUCResult(float(aucs[0]), float(cov[0, 0]), m, n, None, sample.direction,
                         sample.pos_label, **extra)
    return AUCResult(aucs, np.diag(cov).copy(), m, n, cov, sample.direction,
                     sample.pos_label, names=sample.names, **extra)


def _columns(sample):
    """The score as (n_samples, k)."""
    return sample.score[:, None] if sample.k is None else sample.score


def _delong_partial(sample, rng, focus, correct):
    """`delong` with ``partial``: scalar (1-D score) or vector (2-D) result."""
    extra = dict(partial=rng, focus=focus, correct=correct)
    if sample.undefined():
        return _result(sample, None, None, **extra)
    S = _columns(sample)
    k = S.shape[1]
    paucs, V10, V01 = partial_structural_components(sample.is_pos, S, rng[0], rng[1], focus)
    if _warn_small(sample.m, sample.n):
        cov = np.full((k, k), np.nan)
    else:
        cov = delong_covariance(V10, V01)
    if correct:
        slope = _partial.mcclish_slope(*rng)
        paucs = np.atleast_1d(_partial.mcclish(paucs, *rng))
        cov = cov * (slope * slope)
    return _result(sample, paucs, cov, **extra)


def _delong_weighted(sample):
    """`delong` with ``sample_weight`` (see `rocstats.curves._weighted`)."""
    extra = dict(weight_type=sample.weight_type)
    if sample.undefined():
        m, n = class_sizes(sample.is_pos, sample.weights, sample.weight_type)
        return _result(sample, None, None, m, n, **extra)
    aucs, cov, mw, nw = weighted_delong(sample.is_pos, _columns(sample), sample.weights,
                                        sample.weight_type)
    return _result(sample, aucs, cov, mw, nw, **extra)


def _delong_exact(sample):
    """`delong` of one score: split by the labels (finiteness checked on the way),
    sort, one exact sweep (issue 14)."""
    pos, neg = sorted_classes(sample)
    m, n = pos.size, neg.size
    sample._m = m
    if sample.undefined():
        return _result(sample, None, None)
    twice_u, q10, q01 = _kernels.roc.delong_sums_sorted(pos, neg)
    a = auc_from_twice_u(twice_u, m, n)
    var = float("nan") if _warn_small(m, n) else exact_delong_variance(twice_u, q10, q01, m, n)
    return AUCResult(a, var, m, n, None, sample.direction, sample.pos_label)


def _delong_columns(sample):
    """`delong` of k scores: the placements of every column, the covariance."""
    if sample.undefined():
        return _result(sample, None, None)
    k = sample.k
    aucs, V10, V01 = structural_components(sample.is_pos, sample.score)
    if _warn_small(sample.m, sample.n):
        cov = np.full((k, k), np.nan)
    else:
        cov = delong_covariance(V10, V01, overwrite=True)
    return _result(sample, aucs, cov)


def delong(y_true: ArrayLike, y_score: Optional[ArrayLike] = None, *,
           pos_label: Label = None, direction: Direction = "<",
           partial: Optional[Range] = None, focus: str = "specificity",
           correct: bool = False, sample_weight: Optional[ArrayLike] = None,
           weight_type: str = "frequency") -> AUCResult:
    r"""Empirical AUC (or partial AUC) with DeLong's variance (and covariance for several
    scores).

    With the placement values V10(X_i) = (1/n) sum_j psi(X_i, Y_j) of the m positives and
    V01(Y_j) = (1/m) sum_i psi(X_i, Y_j) of the n negatives (psi = 1, 1/2, 0 for X > Y,
    X = Y, X < Y), the variance is Var(A) = S10 / m + S01 / n, S10 and S01 the sample
    variances (denominators m-1, n-1) of the placements (formulas in the Notes); for k scores on the same cases, S are the k x k sample covariance
    matrices (DeLong, DeLong & Clarke-Pearson 1988, Biometrics 44:837).  Equal to
    pROC's ``var(roc, method="delong")`` and ``cov()``.  The placements come from one
    merge sweep over sorted scores (Sun & Xu 2014).  For one score the variance is
    exact: the sweep accumulates the integer sums of the placements and of their
    squares, and the variance is formed in rational arithmetic and rounded once.

    Parameters
    ----------
    y_true, pos_label, direction
        As in `rocstats.auc`.
    y_score : array-like of shape (n_samples,) or (n_samples, k)
        One score, or k correlated scores of the same cases (columns).
    partial, focus, correct
        As in `rocstats.auc`: the partial AUC (pROC's ``partial.auc``,
        ``partial.auc.focus``, ``partial.auc.correct``) with a DeLong-type variance,
        which pROC does not offer (it falls back to the bootstrap).  The variance is
        ``S10 / m + S01 / n`` over structural components that are the exact derivatives
        of the partial-AUC estimator at the empirical distributions: the cases'
        contributions to the area, and for the controls their contribution plus the
        effect of moving the range's end points (which are control quantiles for
        ``focus="specificity"``; the roles swap for ``"sensitivity"``).  For the full
        range they are DeLong's placement values.  Derivation and conventions for ties:
        `rocstats.curves._partial`; Monte Carlo validation:
        the ``pauc_mc`` suite (documentation: Validation).  With ``correct`` the values are
        McClish's and the (co)variance is scaled by the square of the slope of his
        linear map, ``1 / (2 (max - min))``; a corrected value below the diagonal is NaN
        (warning), as pROC.
    sample_weight : array-like of shape (n_samples,), optional
        Non-negative case weights (not with ``partial``): the AUC is then the weighted
        Mann-Whitney AUC ``sum_ij w_i v_j psi(X_i, Y_j) / (sum w_i sum v_j)`` (the area of
        `rocstats.roc_curve` with the same weights) and the variance depends on
        ``weight_type``.  Rows of weight 0 are dropped.  Derivations and references
        (DeLong 1988; Hansen & Hurwitz 1943; Lumley 2010; Yao, Li & Graubard 2015):
        `rocstats.curves._weighted`.
    weight_type : {"frequency", "sampling"}
        ``"frequency"``: whole-number weights, row i counted ``w_i`` times; every number
        is exactly (the same float as) DeLong on ``np.repeat``-expanded data, and
        ``n_pos`` / ``n_neg`` are the summed weights.  Non-integer weights raise
        ``ValueError``.  ``"sampling"``: survey / inverse-inclusion-probability weights;
        the variance is the linearisation (with-replacement) variance of the ratio of
        weighted U-statistics,
        ``sum_i w_i^2 (V10_i - A)^2 / (W1^2 k1) + sum_j v_j^2 (V01_j - A)^2 / (W0^2 k0)``
        with weighted placements V and ``k = 1 - 2 sum p^3 / sum p^2 + sum p^2``,
        ``p = w / sum w`` in each class (the leverage-corrected form of DeLong's
        ``(m-1)/m``; equal weights give DeLong's variance).  ``n_pos`` / ``n_neg`` are
        the numbers of rows with positive weight.  Coverage checked
        by simulation (the ``weighted_mc`` validation suite).

    Returns
    -------
    AUCResult
        ``auc``, ``variance``, ``se``, ``n_pos``, ``n_neg``, ``conf_int()``; for 2-D input
        ``auc`` and ``variance`` are k-vectors, ``covariance`` is k x k and ``names``
        holds a DataFrame's column names (the summary is then a labelled table).  With
        ``partial``: ``partial`` (the range), ``focus`` and ``correct`` are recorded.
        With one class absent: NaN and an `UndefinedAUCWarning`; with fewer
        than 2 cases of a class the variance is NaN (warning).

    Notes
    -----
    With placement values :math:`V_{10}(X_i) = \frac1n\sum_j \psi(X_i, Y_j)` and
    :math:`V_{01}(Y_j) = \frac1m\sum_i \psi(X_i, Y_j)`,

    .. math:: \widehat{\mathrm{Var}}(\hat A) = \frac{S_{10}}{m} + \frac{S_{01}}{n}.

    Examples
    --------
    Positives (0.9, 0.7), negatives (0.8, 0.1): placements V10 = (1, 1/2),
    V01 = (1/2, 1); AUC = 3/4, S10 = S01 = 1/8, variance = 1/16 + 1/16 = 0.125.

    >>> import rocstats
    >>> r = rocstats.delong([1, 1, 0, 0], [0.9, 0.7, 0.8, 0.1])
    >>> r.auc, r.variance
    (0.75, 0.125)

    The partial AUC over specificity 0.6 to 1 (false-positive rate 0 to 0.4): the curve
    is at sensitivity 1/2 from false-positive rate 0 to 1/2, so the area is
    0.4 * 1/2 = 0.2.  Case components: 0.9, above both controls, contributes the whole
    strip, 0.4; 0.7, below 0.8, contributes 0.  Small moves of the controls leave the
    area unchanged (the range ends inside the horizontal segment of 0.8), so both
    control components are 0.2 and S01 = 0: the variance is S10 / m = 0.08 / 2:

    >>> p = rocstats.delong([1, 1, 0, 0], [0.9, 0.7, 0.8, 0.1], partial=(0.6, 1))
    >>> round(p.auc, 12), round(p.variance, 12)
    (0.2, 0.04)

    Frequency weights are repetitions: weights (2, 1, 1, 1) give the numbers of the
    data with the first positive twice.  Its placements are V10 = (1, 1, 1/2) and
    V01 = (2/3, 1); AUC = (2 + 1/2) / 3 = 5/6, S10 = 1/12, S01 = 1/18, so the variance is
    1/36 + 1/36 = 1/18:

    >>> y, s = [1, 1, 0, 0], [0.9, 0.7, 0.8, 0.1]
    >>> f = rocstats.delong(y, s, sample_weight=[2, 1, 1, 1])
    >>> e = rocstats.delong([1, 1, 1, 0, 0], [0.9, 0.9, 0.7, 0.8, 0.1])
    >>> (f.auc, f.variance, f.n_pos) == (e.auc, e.variance, e.n_pos) == (5 / 6, 1 / 18, 3)
    True

    As sampling weights the AUC is the same, but the first positive is one sampled unit
    standing for twice as many population units as the second, not two observations.
    With W1 = 3, W0 = 2, centred placements 1 - 5/6 = 1/6 and 1/2 - 5/6 = -1/3 (weights
    2, 1) and 2/3 - 5/6 = -1/6, 1 - 5/6 = 1/6 (weights 1, 1), the sums
    ``sum (w (V - A) / W)^2`` are (1/9)^2 + (1/9)^2 = 2/81 and 2 (1/12)^2 = 1/72.  The
    centring factors: positives p = (2/3, 1/3), k1 = 1 - 2 (1/3) / (5/9) + 5/9 = 16/45;
    negatives k0 = 1/2.  Variance = (2/81) (45/16) + (1/72) 2 = 5/72 + 2/72 = 7/72:

    >>> p = rocstats.delong(y, s, sample_weight=[2, 1, 1, 1], weight_type="sampling")
    >>> round(p.auc, 12), round(p.variance, 12), round(7 / 72, 12)
    (0.833333333333, 0.097222222222, 0.097222222222)
    """
    res = _delong(y_true, y_score, pos_label, direction, partial, focus, correct,
                  sample_weight, weight_type)
    if res.partial is None:
        warn_reversed(res.auc, direction, res.pos_label, res.names)
    return res


def _delong(y_true, y_score, pos_label, direction, partial, focus, correct, sample_weight,
            weight_type, score_name="y_score", ndim=(1, 2)):
    """`delong` without the reversed-direction check (``score_name``: the argument its
    errors name, e.g. ``y_score_b`` for the second sample of an unpaired test, which
    also asks for one score, ``ndim=(1,)``)."""
    rng = check_partial_options(partial, focus, correct)
    plain = rng is None and sample_weight is None
    sample = binary_sample(y_true, y_score, pos_label=pos_label, direction=direction,
                           score_name=score_name, ndim=ndim, finite=not plain,
                           sample_weight=sample_weight,
                           weight_type=None if sample_weight is None else weight_type)
    if sample_weight is not None:
        if rng is not None:
            raise ValueError("sample_weight is not supported with partial (weighted partial "
                             "AUC variance not implemented)")
    return sample_delong(sample, rng, focus, correct)


def sample_delong(sample, rng=None, focus="specificity", correct=False):
    """`delong` of a validated `rocstats._sample.BinarySample` (``rng``: the
    checked partial range or None; weights from the sample): choose the method, compute,
    build one result."""
    if sample.weights is not None:
        return _delong_weighted(sample)
    if rng is not None:
        return _delong_partial(sample, rng, focus, correct)
    if sample.k is None:
        return _delong_exact(sample)
    check_finite(sample.score, sample.score_name)
    return _delong_columns(sample)
