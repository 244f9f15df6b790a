"""DeLong tests comparing AUCs: paired, unpaired (independent samples) and joint."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, Optional, Sequence, Union  # noqa: F401

from .._typing import ArrayLike, Direction, Jobs, Label, Range, Seed  # noqa: F401

if TYPE_CHECKING:
    import pandas as pd  # noqa: F401
import warnings
from dataclasses import dataclass
from typing import Optional

import numpy as np
from .. import _dist

from .._options import ALTERNATIVES as _ALTERNATIVES, check_alternative
from .._margin import apply_margin, check_margin
from .._results import Summary, TestResult
from .._options import check_sample_weight, check_weight_type
from .._sample import binary_sample, paired_sample
from .._validation import UndefinedAUCWarning, as_float_array, warn_reversed
from ..curves._auc import check_partial_options
from ..curves._delong import _delong as _delong_one
from ..curves._delong import delong, delong_covariance, sample_delong, structural_components



_check_alternative = check_alternative
_pvalue = _dist.pvalue


def delong_test(y_true: ArrayLike, y_score_a: ArrayLike, y_score_b: ArrayLike, *,
                pos_label: Label = None, direction: Direction = "<",
                alternative: str = "two-sided", partial: Optional[Range] = None,
                focus: str = "specificity", correct: bool = False,
                sample_weight: Optional[ArrayLike] = None, weight_type: str = "frequency",
                margin: Optional[float] = None, equivalence: Optional[Range] = None
        ) -> TestResult:
    r"""DeLong's test of two correlated AUCs (two scores of the same cases).

    z = (A_a - A_b) / sqrt(L S L'), L = (1, -1), S the 2 x 2 DeLong covariance (DeLong,
    DeLong & Clarke-Pearson 1988; the formula in the Notes).  Identical to
    pROC's ``roc.test(..., method="delong", paired=TRUE)``, including z = 0 when both
    curves are identical (0/0).

    Parameters
    ----------
    y_true, y_score_a, y_score_b, pos_label, direction, alternative, partial, focus, correct
        As in `roc_test` with ``method="delong"``, which calls this function (the
        public ``rocstats.delong_test`` is its deprecated alias).
    sample_weight, weight_type, margin, equivalence
        As in `roc_test`.

    Returns
    -------
    TestResult
        ``statistic`` (z), ``pvalue``, ``estimate`` (AUC_a - AUC_b), ``se``,
        ``conf_int(level)`` (Wald interval of the difference, as pROC 1.18), ``aucs``.

    Notes
    -----
    .. math:: z = \frac{\hat A_a - \hat A_b}{\sqrt{L S L^\top}}, \quad L = (1, -1).

    Examples
    --------
    Two scores of four cases; the second reverses one positive:

    >>> import rocstats
    >>> t = rocstats.roc_test([1, 1, 0, 0], [0.9, 0.7, 0.8, 0.1], [0.9, 0.7, 0.6, 0.1])
    >>> round(t.estimate, 4), round(t.statistic, 4)
    (-0.25, -0.7071)
    """
    spec = check_margin(margin, equivalence, alternative)
    if spec is not None:
        return apply_margin(delong_test(
            y_true, y_score_a, y_score_b, pos_label=pos_label, direction=direction,
            partial=partial, focus=focus, correct=correct, sample_weight=sample_weight,
            weight_type=weight_type), spec)
    _check_alternative(alternative)
    sample = paired_sample(y_true, y_score_a, y_score_b, pos_label=pos_label,
                           direction=direction)
    if sample_weight is not None:
        check_weight_type(weight_type)
        sample.weights = check_sample_weight(sample_weight, sample.size, weight_type)
        sample.weight_type = weight_type
    rng = check_partial_options(partial, focus, correct)
    return sample_delong_test(sample, alternative, rng, focus, correct)


def sample_delong_test(sample, alternative="two-sided", rng=None, focus="specificity",
                       correct=False):
    """`delong_test` of a validated paired sample (2 score columns)."""
    method = "DeLong's test for two correlated ROC curves"
    if rng is not None:
        method = "DeLong-type test for two correlated partial AUCs"
    if sample.weights is not None:
        method += " (%s weights)" % sample.weight_type
    if sample.undefined("DeLong's test"):
        nan = float("nan")
        return TestResult(nan, nan, nan, method, alternative, nan, pos_label=sample.pos_label)
    if sample.weights is not None and rng is not None:
        raise ValueError("sample_weight is not supported with partial (weighted partial "
                         "AUC variance not implemented)")
    res = sample_delong(sample, rng, focus, correct)
    if rng is None:
        warn_reversed(res.auc, sample.direction, sample.pos_label, ("a", "b"))
    return _paired_z(res, method, alternative, sample.pos_label)


def _paired_z(res, method, alternative, pos_label):
    """The paired z test of the two AUCs of a 2-column `AUCResult`."""
    L = np.array([1.0, -1.0])
    d = float(L @ res.auc)
    sig = float(np.sqrt(L @ res.covariance @ L))
    if d == 0.0 and sig == 0.0:
        z = 0.0  # identical curves: pROC sets 0/0 to 0
    else:
        with np.errstate(divide="ignore", invalid="ignore"):
            z = float(np.float64(d) / sig)   # sig = 0, d != 0: +-inf, p = 0 (as pROC)
    return TestResult(float(z), _pvalue(z, alternative), d, method, alternative,
                      se=sig, aucs=tuple(map(float, res.auc)), pos_label=pos_label)


def delong_test_unpaired(y_true_a: ArrayLike, y_score_a: ArrayLike, y_true_b: ArrayLike,
                         y_score_b: ArrayLike, *, pos_label: Label = None,
                         direction: Direction = "<", alternative: str = "two-sided",
                         partial: Optional[Range] = None, focus: str = "specificity",
                         correct: bool = False, margin: Optional[float] = None,
                         equivalence: Optional[Range] = None) -> TestResult:
    r"""DeLong test of two AUCs from independent samples (Welch-type t).

    D = (A_a - A_b) / sqrt(V_a + V_b) on Welch-Satterthwaite degrees of freedom, V the
    DeLong variances: the statistic of pROC's ``roc.test(..., method="delong",
    paired=FALSE)`` (formulas in the Notes).

    Parameters
    ----------
    y_true_a, y_score_a, y_true_b, y_score_b, pos_label, direction, alternative, partial
        As in `roc_test_unpaired` with ``method="delong"``, which calls this function
        (the public ``rocstats.delong_test_unpaired`` is its deprecated alias).
    focus, correct, margin, equivalence
        As in `roc_test_unpaired`.

    Returns
    -------
    TestResult
        ``statistic`` (D), ``df``, ``pvalue``, ``estimate`` (AUC_a - AUC_b), ``se``,
        ``conf_int(level)`` (t interval with ``df``; pROC reports none for this test).

    Notes
    -----
    .. math:: D = \frac{\hat A_a - \hat A_b}{\sqrt{V_a + V_b}}, \qquad
              \nu = \frac{(V_a + V_b)^2}{V_a^2/(N_a - 1) + V_b^2/(N_b - 1)},

    :math:`V` the DeLong variances and :math:`N` the total sample sizes; the p-value is
    from Student's t with :math:`\nu` degrees of freedom.  This is the statistic of
    pROC's ``roc.test(..., method="delong", paired=FALSE)``.

    Examples
    --------
    >>> import rocstats
    >>> t = rocstats.roc_test_unpaired([1, 1, 0, 0], [0.9, 0.7, 0.8, 0.1],
    ...                                   [1, 1, 0, 0, 0], [0.9, 0.8, 0.5, 0.6, 0.1])
    >>> round(t.estimate, 4)
    -0.25
    """
    spec = check_margin(margin, equivalence, alternative)
    if spec is not None:
        return apply_margin(delong_test_unpaired(
            y_true_a, y_score_a, y_true_b, y_score_b, pos_label=pos_label,
            direction=direction, partial=partial, focus=focus, correct=correct), spec)
    _check_alternative(alternative)
    ra, rb = (_named_delong(y_true, y_score, name, pos_label, direction, partial, focus,
                            correct)
              for y_true, y_score, name in ((y_true_a, y_score_a, "y_score_a"),
                                            (y_true_b, y_score_b, "y_score_b")))
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


def _named_delong(y_true, y_score, score_name, pos_label, direction, partial, focus, correct):
    """`rocstats.delong` of one of two independent samples, its errors naming the score
    argument (``y_score_a`` / ``y_score_b``, as the bootstrap and Venkatraman tests do)."""
    res = _delong_one(y_true, y_score, pos_label, direction, partial, focus, correct, None,
                      None, score_name=score_name, ndim=(1,))
    if res.partial is None:
        warn_reversed(res.auc, direction, res.pos_label, res.names)
    return res


def delong_joint_test(y_true: ArrayLike, y_scores: ArrayLike, *, contrast: Any = None,
                      contrast_names: Optional[Sequence[str]] = None,
                      pos_label: Label = None, direction: Direction = "<",
                      sample_weight: Optional[ArrayLike] = None,
                      weight_type: str = "frequency") -> JointTestResult:
    r"""Joint chi-square test that k >= 2 correlated AUCs are equal (DeLong et al. 1988).

    A Wald chi-square of the contrasts L theta of the k AUCs with their DeLong covariance
    (a generalised inverse; degrees of freedom the rank); by default H0: all AUCs equal.
    pROC has no such test (pROC issue #12).  With k = 2 it is the square of the paired z
    statistic.  Formulas in the Notes.

    Every contrast row is labelled: by ``contrast_names``, else "a - b" for a row
    e_a - e_b (the scores named by a DataFrame's columns, else "score 0",
    "score 1", ...), else "L[r]".  The result's ``table()`` gives each row's own Wald
    test with Holm and Benjamini-Hochberg adjusted p-values, and ``pairwise()`` (or
    `delong_pairwise`) every pairwise difference.

    Parameters
    ----------
    y_true, pos_label, direction
        As in `rocstats.auc`.
    y_scores : array-like of shape (n_samples, k)
        k scores of the same cases.
    contrast : array-like of shape (r, k), optional
        Contrast matrix L (rows need not be independent: the df is the rank).
    contrast_names : sequence of r str, optional
        Labels of the contrast rows.
    sample_weight, weight_type
        Case weights, as in `rocstats.delong` (weighted AUCs and covariance).

    Returns
    -------
    JointTestResult
        A `TestResult` with ``statistic`` (chi-square), ``df`` (rank),
        ``pvalue``, ``estimate`` (L @ auc), ``aucs``, ``names`` (of the scores), and
        ``contrast``, ``contrast_names``, ``covariance`` (S), ``table()``,
        ``pairwise()``.

    Notes
    -----
    .. math:: \chi^2 = (L\hat\theta)^\top (L S L^\top)^{-} (L\hat\theta)
              \sim \chi^2_{\mathrm{rank}(L S L^\top)}

    under H0: :math:`L\theta = 0`, with S the DeLong covariance of the k AUCs and
    :math:`(\cdot)^-` the Moore-Penrose inverse.  The default contrast has rows
    :math:`e_i - e_{i+1}`, i = 1..k-1 (H0: all AUCs equal).  pROC has no such test
    (pROC issue #12).  With k = 2 it is the square of the paired z statistic.

    Examples
    --------
    >>> import rocstats
    >>> y = [1, 1, 0, 0]
    >>> s = [[0.9, 0.9], [0.7, 0.7], [0.8, 0.6], [0.1, 0.1]]
    >>> t = rocstats.delong_joint_test(y, s)
    >>> t.df, round(t.statistic, 6)   # = z**2 of the paired test
    (1.0, 0.5)
    >>> t.contrast_names
    ('score 0 - score 1',)
    """
    sample = binary_sample(y_true, y_scores, pos_label=pos_label, direction=direction,
                           score_name="y_scores", ndim=(2,))
    names, is_pos, score, k = sample.names, sample.is_pos, sample.score, sample.k
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
    labels_L = _contrast_labels(L, _score_names(names, k), contrast_names)
    if sample_weight is not None:
        check_sample_weight(sample_weight, is_pos.size, weight_type)
    m, n = sample.m, sample.n
    labels = sample
    method = "DeLong's joint chi-square test of %d correlated AUCs" % k
    extra = dict(contrast=L, contrast_names=labels_L)
    if sample.undefined("DeLong's test"):
        nan = float("nan")
        return JointTestResult(nan, nan, np.full(L.shape[0], np.nan), method, "two-sided",
                               df=nan, distribution="chi2", pos_label=labels.pos_label,
                               names=names, covariance=np.full((k, k), np.nan), **extra)
    if sample_weight is None:
        aucs, V10, V01 = structural_components(is_pos, score)
        with np.errstate(divide="ignore", invalid="ignore"):      # m or n = 1: NaN, below
            S = delong_covariance(V10, V01)
    else:
        res = delong(is_pos, score, sample_weight=sample_weight, weight_type=weight_type)
        aucs, S = res.auc, res.covariance
    est = _snap_linear(L, aucs)
    if not np.all(np.isfinite(S)):
        # fewer than 2 positives or 2 negatives (or frequency weights summing to < 2):
        # the covariance is undefined, as delong_test's variance (NaN + warning there too;
        # the weighted path has warned already)
        if sample_weight is None:
            warnings.warn("DeLong's joint test is undefined: the covariance needs at least "
                          "2 positives and 2 negatives (got %d and %d); returning NaN"
                          % (m, n), UndefinedAUCWarning, stacklevel=2)
        nan = float("nan")
        return JointTestResult(nan, nan, est, method, "two-sided", df=nan,
                               distribution="chi2", aucs=tuple(map(float, aucs)),
                               pos_label=labels.pos_label, names=names,
                               covariance=np.full((k, k), np.nan), **extra)
    LSL, noise = _snap_quadratic(L, S)
    # singular values within the rounding of L S L' (a residue E with |E_ij| <= noise_ij
    # has ||E||_2 <= ||noise||_F) are zero: identical columns under a contrast whose
    # weights cancel give rank 0, not a "significant" inverse of round-off
    cut = float(np.linalg.norm(noise))
    rank = int(np.linalg.matrix_rank(LSL, tol=cut))      # 0 for an all-zero L S L'
    if rank == 0:
        stat = 0.0 if np.allclose(est, 0.0) else float("inf")
        pval = 1.0 if stat == 0.0 else 0.0
    else:
        smax = float(np.linalg.norm(LSL, 2))
        stat = float(est @ np.linalg.pinv(LSL, rcond=max(cut / smax, 1e-15)) @ est)
        pval = float(_dist.chi2_sf(stat, rank))
    return JointTestResult(stat, pval, est, method, "two-sided", df=float(rank),
                           distribution="chi2", aucs=tuple(map(float, aucs)),
                           pos_label=labels.pos_label, names=names, covariance=S, **extra)


def delong_pairwise(y_true: ArrayLike, y_scores: ArrayLike, *,
                    adjust: Any = ("holm", "fdr_bh"), level: float = 0.95,
                    pos_label: Label = None, direction: Direction = "<") -> pd.DataFrame:
    r"""Every pairwise DeLong comparison of k correlated AUCs, with adjusted p-values.

    For each pair a < b of the k scores (columns), the paired DeLong z test of
    :math:`\hat A_a - \hat A_b` (identical to `delong_test` on those two columns,
    and to pROC's ``roc.test(method="delong", paired=TRUE)``), its unadjusted Wald
    interval, and the p-values adjusted over the k(k-1)/2 comparisons by each method in
    ``adjust`` ("holm" is Holm's step-down family-wise correction, "fdr_bh" Benjamini &
    Hochberg's false discovery rate; R's ``p.adjust``, computed here).  The
    usual follow-up of a significant `delong_joint_test`; the same table is
    ``delong_joint_test(...).pairwise()``.

    A function rather than a ``pairwise=True`` flag of the joint test: it returns a
    table, not a test result, and is often wanted on its own.

    Parameters
    ----------
    y_true, y_scores, pos_label, direction
        As in `delong_joint_test` (a DataFrame's column names label the scores).
    adjust : sequence of str, default ("holm", "fdr_bh")
        Adjustment methods (statsmodels' names); each adds a column ``p_<method>``
        ("holm" -> ``p_holm``, "fdr_bh" -> ``p_bh``).  "holm", "fdr_bh", "bonferroni",
        "simes-hochberg" and "fdr_by" are computed by rocstats (R's ``p.adjust``
        methods holm, BH, bonferroni, hochberg, BY); any other ``multipletests``
        method needs statsmodels (imported on use).  ``adjust=()``: none.
    level : float
        Level of the (unadjusted) confidence intervals.

    Returns
    -------
    pandas.DataFrame
        One row per comparison: ``comparison`` ("a - b"), ``estimate`` (AUC_a - AUC_b),
        ``se``, ``z``, ``p`` (two-sided), the adjusted p-values, ``ci_lower``,
        ``ci_upper``.

    Examples
    --------
    Three scores with AUCs 1, 8/9 and 4/9 (score 1 misorders one of the nine pairs,
    score 2 five):

    >>> import rocstats
    >>> y = [1, 1, 1, 0, 0, 0]
    >>> s = [[.9, .8, .3], [.8, .4, .2], [.7, .9, .6], [.6, .3, .7], [.2, .5, .1],
    ...      [.1, .2, .4]]
    >>> tab = rocstats.delong_pairwise(y, s)
    >>> tab["comparison"].tolist()
    ['score 0 - score 1', 'score 0 - score 2', 'score 1 - score 2']
    >>> [round(v * 9, 12) for v in tab["estimate"]]
    [1.0, 5.0, 4.0]
    """
    return delong_joint_test(y_true, y_scores, pos_label=pos_label,
                             direction=direction).pairwise(level=level, adjust=adjust)


def _score_names(names, k):
    return [str(v) for v in names] if names is not None else ["score %d" % i for i in range(k)]


def _contrast_labels(L, score_names, contrast_names):
    """Labels of the rows of L: given, else "a - b" for e_a - e_b, else "L[r]"."""
    if contrast_names is not None:
        if isinstance(contrast_names, str):
            contrast_names = [contrast_names]
        out = tuple(str(v) for v in contrast_names)
        if len(out) != L.shape[0]:
            raise ValueError("contrast_names has %d labels but the contrast has %d rows"
                             % (len(out), L.shape[0]))
        return out
    out = []
    for r, row in enumerate(L):
        plus, minus = np.flatnonzero(row == 1.0), np.flatnonzero(row == -1.0)
        if plus.size == 1 and minus.size == 1 and np.count_nonzero(row) == 2:
            out.append("%s - %s" % (score_names[plus[0]], score_names[minus[0]]))
        else:
            out.append("L[%d]" % r)
    return tuple(out)


#: the p-value adjustments computed here (R's ``p.adjust``; statsmodels' names), so that
#: the default of delong_pairwise needs no optional package; other statsmodels
#: ``multipletests`` methods are passed to it (imported on use)
_OWN_ADJUSTMENTS = {"bonferroni": "bonferroni", "holm": "holm", "hochberg": "hochberg",
                    "simes-hochberg": "hochberg", "fdr_bh": "BH", "bh": "BH", "fdr": "BH",
                    "fdr_by": "BY", "by": "BY"}


def p_adjust(p, method):
    """R's ``p.adjust(p, method)`` for ``method`` in "bonferroni", "holm" (Holm 1979,
    step-down), "hochberg" (Hochberg 1988, step-up), "BH" (Benjamini & Hochberg 1995)
    and "BY" (Benjamini & Yekutieli 2001); ``p`` finite, in [0, 1].

    R: ``p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm")`` is 0.03 0.06 0.06 0.02 and with
    ``"BH"`` 0.02 0.04 0.04 0.02:

    >>> [round(float(v), 4) for v in p_adjust([0.01, 0.04, 0.03, 0.005], "holm")]
    [0.03, 0.06, 0.06, 0.02]
    >>> [round(float(v), 4) for v in p_adjust([0.01, 0.04, 0.03, 0.005], "BH")]
    [0.02, 0.04, 0.04, 0.02]
    """
    p = np.asarray(p, dtype=float)
    n = p.size
    if n == 0:
        return p.copy()
    if method == "bonferroni":
        return np.minimum(1.0, n * p)
    if method == "holm":                         # increasing p: cummax of (n - i + 1) p
        o = np.argsort(p, kind="stable")
        adj = np.maximum.accumulate((n - np.arange(n)) * p[o])
    else:                                        # decreasing p: cummin of the factor times p
        o = np.argsort(-p, kind="stable")
        i = np.arange(n, 0, -1)                  # rank of p[o] from the smallest
        if method == "hochberg":
            factor = n - i + 1.0
        elif method == "BH":
            factor = n / i
        elif method == "BY":
            factor = np.sum(1.0 / np.arange(1, n + 1)) * n / i
        else:
            raise ValueError("method: unknown p.adjust method %r" % (method,))
        adj = np.minimum.accumulate(factor * p[o])
    out = np.empty(n)
    out[o] = np.minimum(1.0, adj)
    return out


def _adjusted(pvals, adjust):
    """``{column: adjusted p-values}``; NaN stays NaN.  Bonferroni, Holm, Hochberg,
    Benjamini-Hochberg and Benjamini-Yekutieli are computed here (R's ``p.adjust``);
    any other statsmodels ``multipletests`` method is passed to it."""
    if isinstance(adjust, str):
        adjust = (adjust,)
    adjust = tuple(adjust or ())
    if not adjust:
        return {}
    p = np.asarray(pvals, float)
    ok = np.isfinite(p)
    cols = {}
    for meth in adjust:
        col = np.full(p.shape, np.nan)
        own = _OWN_ADJUSTMENTS.get(str(meth).lower()) if isinstance(meth, str) else None
        if own is not None:
            if ok.any():
                col[ok] = p_adjust(p[ok], own)
        else:
            try:
                from statsmodels.stats.multitest import multipletests
            except ImportError:
                raise ValueError("adjust: %r is not computed by rocstats (it computes %s) "
                                 "and statsmodels, which has it, is not installed (pip "
                                 "install statsmodels)" % (meth, sorted(_OWN_ADJUSTMENTS))) \
                    from None
            if ok.any():
                try:
                    col[ok] = multipletests(p[ok], method=meth)[1]
                except ValueError as exc:
                    raise ValueError("adjust: %r is not a multipletests method (%s); e.g. "
                                     "'holm', 'fdr_bh', 'bonferroni'" % (meth, exc)) from None
        key = {"holm": "p_holm", "fdr_bh": "p_bh"}.get(meth, "p_" + str(meth))
        cols[key] = col
    return cols


#: rounding allowance of a sum of k products: 64 eps per term
_ROUND = 64 * np.finfo(np.float64).eps


def _snap_linear(L, theta):
    """``L theta`` with the entries that are rounding residue (at most
    ``_ROUND k (|L| |theta|)``: the weights of equal AUCs cancelling) set to 0."""
    est = L @ theta
    noise = _ROUND * L.shape[1] * (np.abs(L) @ np.abs(theta))
    return np.where(np.abs(est) <= noise, 0.0, est)


def _snap_quadratic(L, S):
    """``(L S L', noise)``: the entries within their rounding (``noise`` =
    ``_ROUND k (|L| |S| |L|')``) set to 0."""
    Q = L @ S @ L.T
    absL = np.abs(L)
    noise = _ROUND * L.shape[1] * (absL @ np.abs(S) @ absL.T)
    return np.where(np.abs(Q) <= noise, 0.0, Q), noise


def _row_se(L, S):
    """The standard error of each row of ``L theta``: sqrt of the diagonal of L S L',
    0 where the variance is rounding residue (or negative by rounding)."""
    with np.errstate(invalid="ignore"):
        var = np.einsum("ij,jk,ik->i", L, S, L)
        absL = np.abs(L)
        noise = _ROUND * L.shape[1] * np.einsum("ij,jk,ik->i", absL, np.abs(S), absL)
        return np.sqrt(np.where(var <= noise, 0.0, var))


def _wald_table(labels, est, se, level, adjust):
    """The tidy table: comparison, estimate, se, z, p, adjusted p's, Wald CI."""
    import pandas as pd

    from .._results import _check_level

    level = _check_level(level)
    est = np.asarray(est, float)
    se = np.asarray(se, float)
    with np.errstate(divide="ignore", invalid="ignore"):
        z = est / se
    z = np.where((est == 0.0) & (se == 0.0), 0.0, z)      # identical curves: 0/0 -> 0
    p = np.array([np.nan if np.isnan(v) else _pvalue(v, "two-sided") for v in z])
    q = _dist.norm_ppf(0.5 + level / 2.0)
    table = {"comparison": list(labels), "estimate": est, "se": se, "z": z, "p": p}
    table.update(_adjusted(p, adjust))
    table["ci_lower"] = est - q * se
    table["ci_upper"] = est + q * se
    return pd.DataFrame(table)


@dataclass(frozen=True, eq=False)
class JointTestResult(TestResult):
    """Result of `delong_joint_test`: a `TestResult` whose contrast rows are
    labelled, with each row's own test (``table()``) and every pairwise comparison
    (``pairwise()``) as follow-ups.  Its attributes are `TestResult`'s and:

    Attributes
    ----------
    contrast : ndarray of shape (r, k)
        The contrast matrix L.
    contrast_names : tuple of str
        Labels of its rows ("s100b - ndka", "L[0]", ...).
    covariance : ndarray of shape (k, k)
        The DeLong covariance S of the k AUCs.
    """

    contrast: Optional[np.ndarray] = None
    contrast_names: Optional[tuple] = None
    covariance: Optional[np.ndarray] = None

    def _contrast_se(self):
        return _row_se(self.contrast, self.covariance)

    def table(self, level=0.95, *, adjust=("holm", "fdr_bh")):
        """Each contrast row's own Wald test as one tidy DataFrame: ``comparison`` (the
        row's label), ``estimate`` (L theta), ``se``, ``z``, ``p`` (two-sided), the
        p-values adjusted over the rows (``adjust``: statsmodels ``multipletests``
        methods; ``p_holm``, ``p_bh``, ...), and the unadjusted Wald CI at ``level``."""
        return _wald_table(self.contrast_names, self.estimate, self._contrast_se(), level,
                           adjust)

    def pairwise(self, level=0.95, *, adjust=("holm", "fdr_bh")):
        """All k(k-1)/2 pairwise differences AUC_a - AUC_b (a < b), as
        `delong_pairwise`: the same tidy DataFrame as `table`."""
        k = self.covariance.shape[0]
        names = _score_names(self.names, k)
        rows = [(a, b) for a in range(k) for b in range(a + 1, k)]
        L = np.zeros((len(rows), k))
        for r, (a, b) in enumerate(rows):
            L[r, a], L[r, b] = 1.0, -1.0
        aucs = (np.full(k, np.nan) if self.aucs is None else np.asarray(self.aucs, float))
        S = self.covariance
        se = _row_se(L, S)
        labels = ["%s - %s" % (names[a], names[b]) for a, b in rows]
        return _wald_table(labels, _snap_linear(L, aucs), se, level, adjust)

    def summary(self):
        base = TestResult.summary(self)
        se = self._contrast_se()
        est = np.atleast_1d(np.asarray(self.estimate, float))
        with np.errstate(divide="ignore", invalid="ignore"):
            z = np.where((est == 0.0) & (se == 0.0), 0.0, est / se)
        p = [_pvalue(v, "two-sided") if not np.isnan(v) else float("nan") for v in z]
        body = [[lab, e, s_, z_, p_] for lab, e, s_, z_, p_ in
                zip(self.contrast_names, est, se, z, p)]
        return Summary(base.title, [(k_, v) for k_, v in base.rows],
                       table=(["contrast", "estimate", "SE", "z", "p (unadjusted)"], body))
