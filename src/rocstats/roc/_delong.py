"""DeLong (1988) variance and covariance of empirical AUCs."""
import warnings
from fractions import Fraction

import numpy as np

from .. import _kernels
from .._results import AUCResult
from .._validation import UndefinedAUCWarning, check_binary, warn_one_class
from ._auc import auc_from_twice_u


def placements_by_case(is_pos, score):
    """Placement values of one score in the case order of each class.

    ``v10[i]`` = share of negatives below positive i (ties 1/2), ``v01[j]`` = share of
    positives above negative j (ties 1/2).  Returns ``(2U, v10, v01)``.  The order among
    tied scores does not matter: tied scores get equal placement values.
    """
    pos, op, neg, on = _kernels.roc.split_argsort(is_pos, score)
    twice_u, s10, s01 = _kernels.roc.placements_sorted(pos, neg)
    v10 = np.empty_like(s10)
    v01 = np.empty_like(s01)
    v10[op] = s10
    v01[on] = s01
    return twice_u, v10, v01


def structural_components(is_pos, score):
    """AUCs and DeLong placement matrices for a 2-D score array (n_samples, k).

    Returns ``(aucs, V10, V01)`` with ``V10`` of shape (m, k) and ``V01`` of shape (n, k),
    rows in case order, so columns can be correlated.
    """
    m = int(np.count_nonzero(is_pos))
    n, k = score.shape[0] - m, score.shape[1]
    columns = np.ascontiguousarray(score.T)       # one copy; each column contiguous
    V10 = np.empty((k, m))
    V01 = np.empty((k, n))
    aucs = np.empty(k)
    for c in range(k):
        twice_u, V10[c], V01[c] = placements_by_case(is_pos, columns[c])
        aucs[c] = auc_from_twice_u(twice_u, m, n)
    return aucs, V10.T, V01.T


def delong_covariance(V10, V01):
    """``S10 / m + S01 / n`` with S the sample covariance (denominator m-1, n-1)."""
    m, n = V10.shape[0], V01.shape[0]
    s10 = np.atleast_2d(np.cov(V10, rowvar=False, ddof=1))
    s01 = np.atleast_2d(np.cov(V01, rowvar=False, ddof=1))
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


def _column_names(y_score):
    """The column names of a 2-D DataFrame of scores (labels of a vector result)."""
    cols = getattr(y_score, "columns", None)
    return None if cols is None else tuple(str(c) for c in cols)


def _warn_small(m, n):
    if m < 2 or n < 2:
        warnings.warn("DeLong variance needs at least 2 positives and 2 negatives "
                      "(got %d and %d); variance is NaN" % (m, n), UndefinedAUCWarning,
                      stacklevel=3)
        return True
    return False


def delong(y_true, y_score, *, pos_label=None, direction="<"):
    r"""Empirical AUC with DeLong's variance (and covariance for several scores).

    With placement values :math:`V_{10}(X_i) = \frac1n\sum_j \psi(X_i, Y_j)` and
    :math:`V_{01}(Y_j) = \frac1m\sum_i \psi(X_i, Y_j)`, :math:`\psi = 1, \frac12, 0`
    for :math:`X > Y, X = Y, X < Y`, the variance is

    .. math:: \widehat{\mathrm{Var}}(\hat A) = \frac{S_{10}}{m} + \frac{S_{01}}{n},

    :math:`S_{10}, S_{01}` the sample variances (denominators m-1, n-1) of the
    placements; for k scores on the same cases, S are the k x k sample covariance
    matrices (DeLong, DeLong & Clarke-Pearson 1988, Biometrics 44:837).  Equal to
    pROC's ``var(roc, method="delong")`` and ``cov()``.  The placements come from one
    merge sweep over sorted scores (Sun & Xu 2014).  For one score the variance is
    exact: the sweep accumulates the integer sums of the placements and of their
    squares, and the variance is formed in rational arithmetic and rounded once.

    Parameters
    ----------
    y_true, pos_label, direction
        As in :func:`rocstats.auc`.
    y_score : array-like of shape (n_samples,) or (n_samples, k)
        One score, or k correlated scores of the same cases (columns).

    Returns
    -------
    AUCResult
        ``auc``, ``variance``, ``se``, ``n_pos``, ``n_neg``, ``conf_int()``; for 2-D input
        ``auc`` and ``variance`` are k-vectors, ``covariance`` is k x k and ``names``
        holds a DataFrame's column names (the summary is then a labelled table).
        With one class absent: NaN and an :class:`UndefinedAUCWarning`; with fewer
        than 2 cases of a class the variance is NaN (warning).

    Examples
    --------
    Positives (0.9, 0.7), negatives (0.8, 0.1): placements V10 = (1, 1/2),
    V01 = (1/2, 1); AUC = 3/4, S10 = S01 = 1/8, variance = 1/16 + 1/16 = 0.125.

    >>> import rocstats
    >>> r = rocstats.delong([1, 1, 0, 0], [0.9, 0.7, 0.8, 0.1])
    >>> r.auc, r.variance
    (0.75, 0.125)
    """
    names = _column_names(y_score)
    labels, score = check_binary(y_true, y_score, pos_label=pos_label,
                                 direction=direction, ndim=(1, 2))
    is_pos = labels.is_pos
    m = int(is_pos.sum())
    n = is_pos.size - m
    label = labels.pos_label
    if score.ndim == 1:
        if warn_one_class(m, n):
            return AUCResult(float("nan"), float("nan"), m, n, None, direction, label)
        pos, neg = _kernels.roc.split_sort(is_pos, score)
        twice_u, q10, q01 = _kernels.roc.delong_sums_sorted(pos, neg)
        a = auc_from_twice_u(twice_u, m, n)
        if _warn_small(m, n):
            var = float("nan")
        else:
            var = exact_delong_variance(twice_u, q10, q01, m, n)
        return AUCResult(a, var, m, n, None, direction, label)
    k = score.shape[1]
    if warn_one_class(m, n):
        nan = np.full(k, np.nan)
        return AUCResult(nan, nan.copy(), m, n, np.full((k, k), np.nan), direction, label,
                         names)
    aucs, V10, V01 = structural_components(is_pos, score)
    if _warn_small(m, n):
        cov = np.full((k, k), np.nan)
    else:
        cov = delong_covariance(V10, V01)
    return AUCResult(aucs, np.diag(cov).copy(), m, n, cov, direction, label, names)
