"""DeLong tests comparing AUCs: paired, unpaired (independent samples) and joint."""
import numpy as np
from .. import _dist

from .._results import TestResult
from .._validation import as_float_array, check_binary, warn_one_class
from ._delong import _column_names, delong, delong_covariance, structural_components

_ALTERNATIVES = ("two-sided", "greater", "less")


def _check_alternative(alternative):
    if alternative not in _ALTERNATIVES:
        raise ValueError("alternative must be one of %s, got %r" % (_ALTERNATIVES, alternative))
    return alternative


def _pvalue(stat, alternative, df=None):
    """P-value of ``stat`` for H1: difference != / > / < 0, from the standard normal
    (``df=None``) or Student's t with ``df`` degrees of freedom."""
    if df is None:
        sf, cdf = _dist.norm_sf, _dist.norm_cdf
    else:
        sf, cdf = (lambda x: _dist.t_sf(x, df)), (lambda x: _dist.t_cdf(x, df))
    if alternative == "two-sided":
        return float(2.0 * sf(abs(stat)))
    if alternative == "greater":
        return float(sf(stat))
    return float(cdf(stat))


def delong_test(y_true, y_score_a, y_score_b, *, pos_label=None, direction="<",
                alternative="two-sided", partial=None, focus="specificity", correct=False):
    r"""DeLong's test of two correlated AUCs (two scores of the same cases).

    .. math:: z = \frac{\hat A_a - \hat A_b}{\sqrt{L S L^\top}}, \quad L = (1, -1),

    S the 2 x 2 DeLong covariance (DeLong, DeLong & Clarke-Pearson 1988).  Identical to
    pROC's ``roc.test(..., method="delong", paired=TRUE)``, including z = 0 when both
    curves are identical (0/0).

    Parameters
    ----------
    y_true, pos_label, direction
        As in :func:`rocstats.auc` (one direction for both scores).
    y_score_a, y_score_b : array-like of shape (n_samples,)
        The two scores, row i of each belonging to the same case.
    alternative : {"two-sided", "greater", "less"}
        H1: AUC_a != AUC_b, AUC_a > AUC_b, AUC_a < AUC_b.
    partial, focus, correct
        Compare partial AUCs instead (as in :func:`rocstats.auc`), with the DeLong-type
        covariance of :func:`rocstats.delong`; pROC has no such test (its
        ``roc.test`` uses the bootstrap for partial AUCs).

    Returns
    -------
    TestResult
        ``statistic`` (z), ``pvalue``, ``estimate`` (AUC_a - AUC_b), ``se``,
        ``conf_int(level)`` (Wald interval of the difference, as pROC 1.18), ``aucs``.

    Examples
    --------
    Two scores of four cases; the second reverses one positive:

    >>> import rocstats
    >>> t = rocstats.delong_test([1, 1, 0, 0], [0.9, 0.7, 0.8, 0.1], [0.9, 0.7, 0.6, 0.1])
    >>> round(t.estimate, 4), round(t.statistic, 4)
    (-0.25, -0.7071)
    """
    _check_alternative(alternative)
    a = as_float_array(y_score_a, "y_score_a")
    b = as_float_array(y_score_b, "y_score_b")
    if a.shape != b.shape:
        raise ValueError("y_score_a has %d rows but y_score_b has %d" % (a.size, b.size))
    labels, score = check_binary(y_true, np.column_stack([a, b]), pos_label=pos_label,
                                 direction=direction, score_name="y_score_a/y_score_b",
                                 ndim=(2,))
    is_pos = labels.is_pos
    m = int(is_pos.sum())
    n = is_pos.size - m
    method = "DeLong's test for two correlated ROC curves"
    if partial is not None:
        method = "DeLong-type test for two correlated partial AUCs"
    if warn_one_class(m, n, "DeLong's test"):
        nan = float("nan")
        return TestResult(nan, nan, nan, method, alternative, nan,
                          pos_label=labels.pos_label)
    res = delong(is_pos, score, partial=partial, focus=focus, correct=correct)
    L = np.array([1.0, -1.0])
    d = float(L @ res.auc)
    sig = float(np.sqrt(L @ res.covariance @ L))
    if d == 0.0 and sig == 0.0:
        z = 0.0  # identical curves: pROC sets 0/0 to 0
    else:
        with np.errstate(divide="ignore", invalid="ignore"):
            z = float(np.float64(d) / sig)   # sig = 0, d != 0: +-inf, p = 0 (as pROC)
    return TestResult(float(z), _pvalue(z, alternative), d, method, alternative,
                      se=sig, aucs=tuple(map(float, res.auc)), pos_label=labels.pos_label)


def delong_test_unpaired(y_true_a, y_score_a, y_true_b, y_score_b, *, pos_label=None,
                         direction="<", alternative="two-sided", partial=None,
                         focus="specificity", correct=False):
    r"""DeLong test of two AUCs from independent samples (Welch-type t).

    .. math:: D = \frac{\hat A_a - \hat A_b}{\sqrt{V_a + V_b}}, \qquad
              \nu = \frac{(V_a + V_b)^2}{V_a^2/(N_a - 1) + V_b^2/(N_b - 1)},

    :math:`V` the DeLong variances and :math:`N` the total sample sizes; the p-value is
    from Student's t with :math:`\nu` degrees of freedom.  This is the statistic of
    pROC's ``roc.test(..., method="delong", paired=FALSE)``.

    Parameters
    ----------
    y_true_a, y_score_a : array-like
        Labels and scores of the first sample.
    y_true_b, y_score_b : array-like
        Labels and scores of the second, independent, sample.
    pos_label, direction, alternative, partial, focus, correct
        As in :func:`delong_test`.

    Returns
    -------
    TestResult
        ``statistic`` (D), ``df``, ``pvalue``, ``estimate`` (AUC_a - AUC_b), ``se``,
        ``conf_int(level)`` (t interval with ``df``; pROC reports none for this test).

    Examples
    --------
    >>> import rocstats
    >>> t = rocstats.delong_test_unpaired([1, 1, 0, 0], [0.9, 0.7, 0.8, 0.1],
    ...                                   [1, 1, 0, 0, 0], [0.9, 0.8, 0.5, 0.6, 0.1])
    >>> round(t.estimate, 4)
    -0.25
    """
    _check_alternative(alternative)
    opts = dict(pos_label=pos_label, direction=direction, partial=partial, focus=focus,
                correct=correct)
    ra = delong(y_true_a, y_score_a, **opts)
    rb = delong(y_true_b, y_score_b, **opts)
    va, vb = ra.variance, rb.variance
    na, nb = ra.n_pos + ra.n_neg, rb.n_pos + rb.n_neg
    d = ra.auc - rb.auc
    se = float(np.sqrt(va + vb))
    with np.errstate(divide="ignore", invalid="ignore"):
        # both variances 0 (perfect or reversed curves): D = d/0 and df = 0/0, then
        # p = NaN, as pROC; NumPy division gives inf / NaN instead of raising
        stat = np.float64(d) / se
        df = np.float64(va + vb) ** 2 / (va ** 2 / (na - 1) + vb ** 2 / (nb - 1))
    pval = _pvalue(stat, alternative, df) if np.isfinite(df) else float("nan")
    method = ("DeLong's test for two independent ROC curves" if partial is None else
              "DeLong-type test for two independent partial AUCs")
    return TestResult(float(stat), pval, float(d), method,
                      alternative, se=se, df=float(df), distribution="t",
                      aucs=(float(ra.auc), float(rb.auc)), pos_label=ra.pos_label)


def delong_joint_test(y_true, y_scores, *, contrast=None, pos_label=None, direction="<"):
    r"""Joint chi-square test that k >= 2 correlated AUCs are equal (DeLong et al. 1988).

    .. math:: \chi^2 = (L\hat\theta)^\top (L S L^\top)^{-} (L\hat\theta)
              \sim \chi^2_{\mathrm{rank}(L S L^\top)}

    under H0: :math:`L\theta = 0`, with S the DeLong covariance of the k AUCs and
    :math:`(\cdot)^-` the Moore-Penrose inverse.  The default contrast has rows
    :math:`e_i - e_{i+1}`, i = 1..k-1 (H0: all AUCs equal).  pROC has no such test
    (pROC issue #12).  With k = 2 it is the square of the paired z statistic.

    Parameters
    ----------
    y_true, pos_label, direction
        As in :func:`rocstats.auc`.
    y_scores : array-like of shape (n_samples, k)
        k scores of the same cases.
    contrast : array-like of shape (r, k), optional
        Contrast matrix L (rows need not be independent: the df is the rank).

    Returns
    -------
    TestResult
        ``statistic`` (chi-square), ``df`` (rank), ``pvalue``, ``estimate`` (L @ auc),
        ``aucs``.

    Examples
    --------
    >>> import rocstats
    >>> y = [1, 1, 0, 0]
    >>> s = [[0.9, 0.9], [0.7, 0.7], [0.8, 0.6], [0.1, 0.1]]
    >>> t = rocstats.delong_joint_test(y, s)
    >>> t.df, round(t.statistic, 6)   # = z**2 of the paired test
    (1.0, 0.5)
    """
    names = _column_names(y_scores)
    labels, score = check_binary(y_true, y_scores, pos_label=pos_label, direction=direction,
                                 score_name="y_scores", ndim=(2,))
    is_pos = labels.is_pos
    k = score.shape[1]
    if k < 2:
        raise ValueError("y_scores must have at least 2 columns, got %d" % k)
    if contrast is None:
        L = np.eye(k - 1, k) - np.eye(k - 1, k, 1)
    else:
        L = as_float_array(contrast, "contrast", ndim=(1, 2))
        L = np.atleast_2d(L)
        if L.shape[1] != k:
            raise ValueError("contrast must have %d columns (one per score), got shape %s"
                             % (k, L.shape))
    m = int(is_pos.sum())
    n = is_pos.size - m
    method = "DeLong's joint chi-square test of %d correlated AUCs" % k
    if warn_one_class(m, n, "DeLong's test"):
        nan = float("nan")
        return TestResult(nan, nan, np.full(L.shape[0], np.nan), method, "two-sided",
                          df=nan, distribution="chi2", pos_label=labels.pos_label,
                          names=names)
    aucs, V10, V01 = structural_components(is_pos, score)
    S = delong_covariance(V10, V01)
    est = L @ aucs
    LSL = L @ S @ L.T
    rank = int(np.linalg.matrix_rank(LSL))
    if rank == 0:
        stat = 0.0 if np.allclose(est, 0.0) else float("inf")
        pval = 1.0 if stat == 0.0 else 0.0
    else:
        stat = float(est @ np.linalg.pinv(LSL) @ est)
        pval = float(_dist.chi2_sf(stat, rank))
    return TestResult(stat, pval, est, method, "two-sided", df=float(rank),
                      distribution="chi2", aucs=tuple(map(float, aucs)),
                      pos_label=labels.pos_label, names=names)
