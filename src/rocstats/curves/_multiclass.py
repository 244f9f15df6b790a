r"""Hand & Till (2001) multiclass AUC, its variance and a paired test of two models.

The variance (derivation)
-------------------------
Let the C classes be independent samples of sizes :math:`n_1, \dots, n_C` (the class
counts are held fixed, as DeLong et al. 1988 hold m and n fixed) and :math:`x_{rc}` the
score of row r in column c.  For an ordered pair of classes i != j

.. math:: A(i|j) = \frac{1}{n_i n_j} \sum_{r \in i} \sum_{s \in j} \psi(x_{ri}, x_{si}),
          \qquad \psi(a, b) = 1, \tfrac12, 0 \text{ for } a > b,\ a = b,\ a < b,

a two-sample U statistic of degree (1, 1) in samples i and j, and the K = C(C-1) of them
together form a C-sample U statistic.  Hoeffding's projection of each is

.. math:: A(i|j) - \theta_{ij} = \frac{1}{n_i}\sum_{r \in i} \{V_{ij}(r) - \theta_{ij}\}
          + \frac{1}{n_j}\sum_{s \in j} \{W_{ij}(s) - \theta_{ij}\} + O_p(1/n),

with the structural components (DeLong's placements) :math:`V_{ij}(r) = E\,\psi(x_{ri},
X_{si})` -- row r of class i placed among class j in column i -- and
:math:`W_{ij}(s) = E\,\psi(X_{ri}, x_{si})` -- row s of class j placed among class i in
column i.  A row of class c thus enters 2(C-1) pairwise AUCs: A(c|j) as a "positive"
(j != c, column c) and A(i|c) as a "negative" (i != c, column i).  For any linear
combination :math:`\sum \lambda_{ij} A(i|j)` the leading term is
:math:`\sum_c n_c^{-1} \sum_{r \in c} \phi_c(r)` with

.. math:: \phi_c(r) = \sum_{j \ne c} \lambda_{cj} V_{cj}(r) + \sum_{i \ne c} \lambda_{ic} W_{ic}(r),

a sum of independent terms, so its variance is :math:`\sum_c \mathrm{Var}(\phi_c)/n_c`.
Hence the covariance of the pairwise AUCs

.. math:: \mathrm{Cov}\{A(i|j), A(k|l)\} = \sum_c \frac{S_c[(i,j), (k,l)]}{n_c},

:math:`S_c` the covariance over the rows of class c of their placements in the two
pairs (zero unless c is in both pairs), and, with :math:`\lambda = 1/K` for M,

.. math:: \widehat{\mathrm{Var}}(M) = \frac{1}{K^2} \sum_c \frac{s_c^2(Z)}{n_c},
          \qquad Z(r) = \sum_{j \ne c} \hat V_{cj}(r) + \sum_{i \ne c} \hat W_{ic}(r),

the variance of the per-row sum of a row's placements over every pair it enters.  The
population placements are replaced by the empirical ones (the share of the other class
beaten, ties 1/2) and variances by **sample** variances with denominator
:math:`n_c - 1` -- the finite-sample convention of DeLong (1988) and pROC that
`rocstats.delong` uses.  With C = 2, M = {A(1|2) + A(2|1)}/2 and this is exactly
DeLong's variance of the mean of two correlated AUCs (column 2 and minus column 1, class
2 positive).  As for DeLong's estimator, its bias is of order :math:`1/(n_i n_j)`
(relative order 1/n; the Monte Carlo suite ``rocstats_validation.multiclass_mc`` checks
it, and the CI coverage, with ties).  The paired test of two models on the same rows uses
the same algebra with :math:`Z_a(r) - Z_b(r)`.

Cost: per column one sort and a radix sort by class (O(C n log n) for the C columns),
one merge sweep per ordered pair (`rocstats._kernels.roc.placements_sorted`; the pairs
hold 2(C-1) n placements in all, accumulated per row in O(n) memory), and O(C^2 n) for
the full K x K covariance when it is asked for.
"""
from __future__ import annotations

from typing import Any, Dict, Optional, Sequence, Union  # noqa: F401

from .._typing import ArrayLike, Direction, Jobs, Label, Range, Seed  # noqa: F401
import sys
import warnings

import numpy as np

from .. import _kernels
from .._results import MulticlassAUCResult, TestResult
from .._labels import class_labels
from .._validation import UndefinedAUCWarning, as_float_array
from ._auc import auc_from_twice_u
from .. import _dist
from .._options import check_alternative as _check_alternative

_pvalue = _dist.pvalue


def multiclass_auc(y_true: ArrayLike, y_prob: ArrayLike, *,
                   labels: Optional[ArrayLike] = None, covariance: bool = False
        ) -> MulticlassAUCResult:
    r"""Hand & Till's multiclass AUC M with its variance, and every pairwise AUC.

    For classes i != j, A(i|j) is the AUC of column i of ``y_prob`` separating class i
    (positive) from class j, computed on the rows of classes i and j only (ties 1/2).
    M is the mean of the C(C-1) pairwise A(i|j) (Hand & Till 2001, eq. 7), equal to
    scikit-learn's ``roc_auc_score(y, p, multi_class="ovo")`` and randomForestSRC's
    ``get.auc``; the columns need not be probabilities (a strictly increasing
    transformation of any column changes nothing).  Its variance is DeLong's generalised
    to C classes (derived here, checked by Monte Carlo).  Formulas and sources in the
    Notes.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        Class labels (C >= 2 distinct values), read by the label contract: numbers,
        booleans and strings sorted; a pandas Categorical (an R factor) in its level
        order.
    y_prob : array-like or DataFrame of shape (n_samples, C)
        Scores (e.g. class probabilities).  A DataFrame with named columns has its
        columns **matched to the classes by name** (exactly, or by their text: columns
        "0", "1" match classes 0, 1), in any order, as pROC's ``multiclass.roc`` does;
        names that do not match the classes one to one raise ``ValueError``.  A plain
        array (or a DataFrame with the default 0..C-1 columns) is positional: column c
        belongs to ``labels[c]``.
    labels : sequence, optional
        The classes, in the order of the result (and of the columns of a positional
        ``y_prob``).  Default: the classes of ``y_true`` in class order.  Every label
        must occur in ``y_true`` (A(i|j) is undefined otherwise); an unused category of
        a categorical ``y_true`` is an error unless ``labels`` leaves it out.
    covariance : bool, default False
        Also return the full covariance of the C(C-1) pairwise AUCs
        (``pairwise_covariance``, C**4 numbers: off by default so that many classes
        stay cheap).  The variance of M and the SE of every A(i|j) are always computed.

    Returns
    -------
    MulticlassAUCResult
        ``auc`` (M), ``variance``, ``se``, ``conf_int(level, method)``, ``pairwise``
        (C x C matrix of A(i|j), NaN diagonal), ``pairwise_variance`` and
        ``pairwise_se`` (C x C), ``pairwise_covariance`` (``[i, j, k, l]`` =
        Cov(A(i|j), A(k|l)), or None), ``labels``, ``class_counts``.
        With a class of one row the variances are NaN (`UndefinedAUCWarning`).

    Notes
    -----
    .. math:: M = \frac{1}{C(C-1)} \sum_{i \ne j} A(i|j)
                = \frac{2}{C(C-1)} \sum_{i<j} \frac{A(i|j) + A(j|i)}{2}

    (Hand & Till 2001, Machine Learning 45:171, eq. 7; the MROC of seed 001).  Equal to
    ``sklearn.metrics.roc_auc_score(y, p, multi_class="ovo")`` and randomForestSRC's
    ``get.auc``.  The columns need not sum to one, nor lie in [0, 1]: every A(i|j)
    ranks one column, so M, its variance and `multiclass_auc_test` are unchanged
    by any strictly increasing transformation of each column (logits or decision
    scores are as good as probabilities), and none of them checks for a probability
    matrix.

    The variance of M is the k-sample generalisation of DeLong's (1988): each row's
    placements (the share of the other class it beats, ties 1/2) are summed over the
    2(C-1) pairwise AUCs it enters -- A(c|j) as a positive in column c, A(i|c) as a
    negative in column i -- and

    .. math:: \widehat{\mathrm{Var}}(M) = \frac{1}{K^2} \sum_{c=1}^{C} \frac{s_c^2(Z)}{n_c},
              \qquad K = C(C-1),

    :math:`s_c^2(Z)` the sample variance (denominator :math:`n_c - 1`, DeLong's and
    pROC's convention) of these per-row sums over the :math:`n_c` rows of class c.  The
    covariance of A(i|j) and A(k|l) is :math:`\sum_c S_c / n_c` over the classes c the
    two pairs share.  With two classes the variance equals `rocstats.delong`'s
    variance of the mean of A(1|2) and A(2|1).  The derivation is in the docstring of
    `rocstats.curves._multiclass`; rocstats_validation's ``multiclass_mc`` suite checks
    the variance ratio and the CI coverage by Monte Carlo (3 and 5 classes, with ties).

    Examples
    --------
    Three classes; columns 1 and 2 each misorder one of the four (class 1, class 2)
    pairs, so A(1|2) = A(2|1) = 3/4, the other four A(i|j) are 1 and M = 11/12.

    >>> import rocstats
    >>> y = [0, 0, 1, 1, 2, 2]
    >>> p = [[.8, .1, .1], [.7, .2, .1], [.1, .6, .3], [.1, .3, .6],
    ...      [.1, .4, .5], [.2, .1, .7]]
    >>> r = rocstats.multiclass_auc(y, p)
    >>> round(r.auc, 12) == round(11 / 12, 12)
    True

    Each class-0 row beats everything in all four pairs it enters (Z = 4 for both, s^2 =
    0).  Class-1 row (.1, .6, .3) beats both class-2 rows in column 1 and is beaten by
    both in column 2: Z = 1 + 1 + 1 + 1 = 4; row (.1, .3, .6) gets 1 + 1/2 + 1 + 1/2 = 3
    (A(1|0), A(1|2), A(0|1), A(2|1)); so s_1^2 = 1/2, likewise s_2^2 = 1/2, and
    var(M) = (1/2 / 2 + 1/2 / 2) / 6**2 = 1/72:

    >>> round(r.variance * 72, 12)
    1.0

    With named columns the order of the columns does not matter:

    >>> import pandas as pd
    >>> df = pd.DataFrame(p, columns=["0", "1", "2"])[["2", "0", "1"]]
    >>> round(rocstats.multiclass_auc(y, df).auc, 12) == round(11 / 12, 12)
    True
    """
    codes, classes, P = _prepare(y_true, y_prob, labels, "y_prob")
    sweep = _Sweep(codes, classes.size)
    pairwise, pair_var, Z, comps = sweep.run(P, keep=bool(covariance))
    C = classes.size
    off = ~np.eye(C, dtype=bool)
    K = C * (C - 1)
    if sweep.too_small():        # pairs of the classes with 2 or more rows keep theirs
        variance = float("nan")
        cov = np.full((C, C, C, C), np.nan) if covariance else None
    else:
        variance = sweep.class_variance(Z) / K ** 2
        cov = sweep.covariance(comps) if covariance else None
    return MulticlassAUCResult(float(pairwise[off].mean()), pairwise, tuple(classes.tolist()),
                               tuple(int(idx.size) for idx in sweep.members),
                               variance=variance, pairwise_variance=pair_var,
                               pairwise_covariance=cov)


def multiclass_auc_test(y_true: ArrayLike, prob_a: ArrayLike, prob_b: ArrayLike, *,
                        labels: Optional[ArrayLike] = None,
                        alternative: str = "two-sided") -> TestResult:
    r"""Paired z test of two models' Hand & Till M on the same cases.

    z = (M_a - M_b) / SE, the SE from the C-class DeLong-type variance of each row's
    placement differences between the models: the multiclass analogue of DeLong's
    paired test (formulas in the Notes).

    Parameters
    ----------
    y_true, labels
        As in `multiclass_auc` (one set of classes for both models).
    prob_a, prob_b : array-like or DataFrame of shape (n_samples, C)
        The two models' scores for the same rows; each DataFrame's columns are matched
        to the classes by name, independently.  Probability matrices are not required.
    alternative : {"two-sided", "greater", "less"}
        H1: M_a != M_b, M_a > M_b, M_a < M_b.

    Returns
    -------
    TestResult
        ``statistic`` (z), ``pvalue``, ``estimate`` (M_a - M_b), ``se``,
        ``conf_int(level)`` (Wald interval of the difference), ``aucs`` (M_a, M_b).
        NaN (with `UndefinedAUCWarning`) when a class has fewer than 2 rows.

    Notes
    -----
    .. math:: z = \frac{M_a - M_b}{\sqrt{\widehat{\mathrm{Var}}(M_a - M_b)}}, \qquad
              \widehat{\mathrm{Var}}(M_a - M_b) = \frac{1}{K^2}
              \sum_{c=1}^{C} \frac{s_c^2(Z_a - Z_b)}{n_c},

    :math:`Z_a(r), Z_b(r)` row r's placements summed over the pairwise AUCs it enters
    under each model (see `multiclass_auc`), :math:`s_c^2` their sample variance
    (denominator :math:`n_c - 1`) over the rows of class c: the multiclass analogue of
    DeLong's paired test (`rocstats.roc_test` (method="delong")), which it equals for the mean
    of both orientations' AUCs when C = 2.  z = 0 when the two differences vanish
    (0/0), as pROC does for identical curves.  Its size under H0 is checked by Monte
    Carlo in ``rocstats_validation.multiclass_mc``.  No peer implements it.

    Examples
    --------
    Model b gives the fifth row (class 2) the scores (.1, .7, .2): one more (class 1,
    class 2) pair misordered in column 1 and one in column 2, so A(1|2) = A(2|1) = 1/2
    and M_b = 5/6 against M_a = 11/12:

    >>> import rocstats
    >>> y = [0, 0, 1, 1, 2, 2]
    >>> a = [[.8, .1, .1], [.7, .2, .1], [.1, .6, .3], [.1, .3, .6],
    ...      [.1, .4, .5], [.2, .1, .7]]
    >>> b = [[.8, .1, .1], [.7, .2, .1], [.1, .6, .3], [.1, .3, .6],
    ...      [.1, .7, .2], [.2, .1, .7]]
    >>> t = rocstats.multiclass_auc_test(y, a, b)
    >>> round(t.estimate * 12, 12), t.aucs == (11 / 12, 10 / 12)
    (1.0, True)
    """
    _check_alternative(alternative)
    codes, classes, Pa = _prepare(y_true, prob_a, labels, "prob_a")
    _, _, Pb = _prepare(y_true, prob_b, classes, "prob_b")
    C = classes.size
    K = C * (C - 1)
    sweep = _Sweep(codes, C)
    A_a, _, Z_a, _ = sweep.run(Pa)
    A_b, _, Z_b, _ = sweep.run(Pb)
    off = ~np.eye(C, dtype=bool)
    m_a, m_b = float(A_a[off].mean()), float(A_b[off].mean())
    d = m_a - m_b
    method = "Paired z test of two Hand & Till multiclass AUCs"
    if sweep.too_small():
        nan = float("nan")
        return TestResult(nan, nan, d, method, alternative, se=nan, aucs=(m_a, m_b))
    se = float(np.sqrt(sweep.class_variance(Z_a - Z_b) / K ** 2))
    if d == 0.0 and se == 0.0:
        z = 0.0
    else:
        with np.errstate(divide="ignore", invalid="ignore"):
            z = float(np.float64(d) / se)     # se = 0, d != 0: +-inf, p = 0
    return TestResult(z, _pvalue(z, alternative), d, method, alternative, se=se,
                      aucs=(m_a, m_b))


class _Sweep:
    """The placements of every row in every pairwise AUC, for one class assignment.

    ``run(P)`` sorts each class within each column once and merges every ordered pair
    (i, j) in column i with the ``roc`` kernel; it returns the C x C matrix of A(i|j),
    the C x C matrix of their DeLong-type variances, and Z (one entry per row: the row's
    placements summed over the pairs it enters); with ``keep=True`` also, per class c,
    the (n_c, C) matrices V (V[:, j]: placement in A(c|j)) and W (W[:, i]: placement in
    A(i|c)).
    """

    def __init__(self, codes, C):
        self.C = C
        self.n = codes.size
        self.codes = codes.astype(np.int16 if C <= np.iinfo(np.int16).max else np.int64)
        self.members = [np.flatnonzero(codes == c) for c in range(C)]
        self.counts = np.array([idx.size for idx in self.members])
        self.bounds = np.cumsum(self.counts)[:-1]
        self.position = np.empty(self.n, dtype=np.int64)   # index of a row within its class
        for idx in self.members:
            self.position[idx] = np.arange(idx.size)

    def too_small(self):
        if (self.counts < 2).any():
            warnings.warn("the variance of the multiclass AUC needs at least 2 rows of every "
                          "class (class counts %s); it is NaN" % self.counts.tolist(),
                          UndefinedAUCWarning, stacklevel=3)
            return True
        return False

    def run(self, P, keep=False):
        C, members = self.C, self.members
        pairwise = np.full((C, C), np.nan)
        pair_var = np.full((C, C), np.nan)
        Z = np.zeros(self.n)
        comps = ([np.zeros((idx.size, C)) for idx in members],
                 [np.zeros((idx.size, C)) for idx in members]) if keep else None
        for i in range(C):
            col = P[:, i]
            # rows grouped by class, ascending in column i within each class: one sort of
            # the column, then a stable (radix, for small integer codes) sort by class
            order = np.argsort(col)
            order = order[np.argsort(self.codes[order], kind="stable")]
            rows = np.split(order, self.bounds)
            srt = [col[r] for r in rows]
            if keep:     # position of each sorted row within its class (for V and W)
                orders = [self.position[r] for r in rows]
            for j in range(C):
                if j == i:
                    continue
                twice_u, v10, v01 = _kernels.roc.placements_sorted(srt[i], srt[j])
                n_i, n_j = v10.size, v01.size
                pairwise[i, j] = auc_from_twice_u(twice_u, n_i, n_j)
                Z[rows[i]] += v10
                Z[rows[j]] += v01
                pair_var[i, j] = _svar(v10) / n_i + _svar(v01) / n_j
                if keep:
                    comps[0][i][orders[i], j] = v10
                    comps[1][j][orders[j], i] = v01
        return pairwise, pair_var, Z, comps

    def class_variance(self, Z):
        """sum over classes of the sample variance (n_c - 1) of Z over class c, / n_c."""
        return float(sum(_svar(Z[idx]) / idx.size for idx in self.members))

    def covariance(self, comps):
        """The (C, C, C, C) covariance of the A(i|j): sum_c S_c / n_c (NaN where i == j or
        k == l)."""
        C = self.C
        cov = np.zeros((C, C, C, C))
        V, W = comps
        for c, idx in enumerate(self.members):
            others = [j for j in range(C) if j != c]
            X = np.hstack([V[c][:, others], W[c][:, others]])
            S = np.atleast_2d(np.cov(X, rowvar=False, ddof=1)) / idx.size
            first = np.array([c] * len(others) + others)      # pair (first, second)
            second = np.array(others + [c] * len(others))
            cov[first[:, None], second[:, None], first[None, :], second[None, :]] += S
        diag = np.arange(C)
        cov[diag, diag] = np.nan
        cov[:, :, diag, diag] = np.nan
        return cov


def _svar(x):
    """Sample variance (denominator size - 1); NaN for fewer than 2 values."""
    if x.size < 2:
        return float("nan")
    d = x - x.mean()
    return float(d @ d) / (x.size - 1)


def _prepare(y_true, y_prob, labels, name):
    """``(codes, labels, P)``: class codes 0..C-1 in the order of ``labels``, the labels
    as an array, and the score matrix with column c belonging to ``labels[c]``."""
    cl = class_labels(y_true, name="y_true")
    names = _column_names(y_prob)
    P = as_float_array(y_prob, name, ndim=(2,))
    if P.shape[0] != cl.codes.shape[0]:
        raise ValueError("y_true has %d rows but %s has %d" % (cl.codes.shape[0], name,
                                                              P.shape[0]))
    counts = cl.counts
    if labels is None:
        unused = cl.classes[counts == 0].tolist()
        if unused:
            raise ValueError("y_true has categories %s with no rows; A(i|j) is undefined for "
                             "them: drop them (.cat.remove_unused_categories()) or pass "
                             "labels=" % unused)
        labels = cl.classes
        codes = cl.codes
    else:
        labels = np.asarray(labels)
        if labels.ndim != 1 or len(set(labels.tolist())) != labels.size:
            raise ValueError("labels must be a 1-D sequence of distinct class labels, got %r"
                             % (labels.tolist(),))
        present = cl.classes[counts > 0].tolist()
        missing = [c for c in labels.tolist() if c not in present]
        if missing:
            raise ValueError("labels %s do not occur in y_true; A(i|j) is undefined for them"
                             % missing)
        extra = [c for c in present if c not in labels.tolist()]
        if extra:
            raise ValueError("y_true has labels %s that are not in labels" % extra)
        where = {c: i for i, c in enumerate(labels.tolist())}
        remap = np.full(cl.classes.size, -1, dtype=np.int64)
        for i, c in enumerate(cl.classes.tolist()):
            if c in where:
                remap[i] = where[c]
        codes = remap[cl.codes]
    C = labels.size
    if C < 2:
        raise ValueError("y_true must have at least 2 classes, got %d" % C)
    if names is not None:
        P = P[:, _match_columns(names, labels.tolist(), name)]
    elif P.shape[1] != C:
        raise ValueError("%s has %d columns but there are %d classes %s"
                         % (name, P.shape[1], C, labels.tolist()))
    return codes, labels, np.ascontiguousarray(P)


def _column_names(y_prob):
    """The column names of a DataFrame ``y_prob``; None for arrays and for a DataFrame
    whose columns are the default 0..C-1 RangeIndex (positional, i.e. unnamed)."""
    pd = sys.modules.get("pandas")
    if pd is None or not isinstance(y_prob, pd.DataFrame):
        return None
    cols = y_prob.columns
    if isinstance(cols, pd.RangeIndex) and cols.start == 0 and cols.step == 1:
        return None
    return list(cols)


def _match_columns(names, classes, name="y_prob"):
    """Column index of each class, matching names exactly, else by their text."""
    def lookup(key):
        table = {}
        for j, c in enumerate(names):
            table.setdefault(key(c), []).append(j)
        return table

    for key in (lambda v: v, str):
        try:
            table = lookup(key)
        except TypeError:            # unhashable names
            continue
        if all(len(table.get(key(c), [])) == 1 for c in classes) and len(names) == len(classes):
            return [table[key(c)][0] for c in classes]
    raise ValueError("%s's column names %s do not match the classes %s one to one; "
                     "name the columns by class (pROC matches them by name), or pass a "
                     "plain array whose column c belongs to labels[c]"
                     % (name, [str(c) for c in names], [str(c) for c in classes]))
