r"""Weighted empirical AUC with a DeLong-type variance (pROC issue #96).

Notation.  Positives (cases) :math:`X_i` with weights :math:`w_i` (:math:`i = 1..m`),
negatives (controls) :math:`Y_j` with weights :math:`v_j` (:math:`j = 1..n`); only rows
with a positive weight count (a zero weight drops the row).  :math:`W_1 = \sum_i w_i`,
:math:`W_0 = \sum_j v_j`, :math:`\psi(x, y) = 1, \tfrac12, 0` for :math:`x > y, x = y,
x < y`.  The weighted Mann-Whitney AUC (the trapezoidal area of the weighted ROC curve of
`rocstats.roc_curve`) is

.. math:: \hat A = \frac{\sum_i \sum_j w_i v_j \psi(X_i, Y_j)}{W_1 W_0}
          = \frac{1}{W_1}\sum_i w_i V_{10}(X_i) = \frac{1}{W_0}\sum_j v_j V_{01}(Y_j),

with the weighted structural components (placement values)
:math:`V_{10}(X_i) = W_0^{-1}\sum_j v_j \psi(X_i, Y_j)` and
:math:`V_{01}(Y_j) = W_1^{-1}\sum_i w_i \psi(X_i, Y_j)`.  Two variances, chosen with
``weight_type``:

``"frequency"`` (integer weights: row i stands for :math:`w_i` identical observations)
    The data expanded by ``np.repeat`` have :math:`W_1` positives, :math:`W_0` negatives
    and the placements above, each repeated; DeLong's (1988) variance of the expanded
    data is therefore

    .. math:: \frac{S_{10}}{W_1} + \frac{S_{01}}{W_0}, \qquad
              S_{10} = \frac{\sum_i w_i (V_{10}(X_i) - \hat A)^2}{W_1 - 1},\;
              S_{01} = \frac{\sum_j v_j (V_{01}(Y_j) - \hat A)^2}{W_0 - 1}.

    It is computed from the integers :math:`c_{10,i} = 2 W_0 V_{10}(X_i)` (twice the
    negative weight below :math:`X_i` plus the tied weight), :math:`T = \sum_i w_i
    c_{10,i} = 2U`, :math:`Q_{10} = \sum_i w_i c_{10,i}^2` (and the same for the
    negatives) in exact integer / rational arithmetic and rounded once, exactly as
    `rocstats.delong` does for one unweighted score, so AUC, variance, covariance
    and every number derived from them (z, p) are *the same floats* as for the expanded
    data (for several columns, the unweighted path uses floating-point ``np.cov``; the
    weighted one is the correctly rounded value, within a few ulp of it).

``"sampling"`` (survey / inverse-probability weights: row i stands for :math:`w_i` population units)
    :math:`\hat A = \hat N / (W_1 W_0)` is a ratio of weighted (Horvitz-Thompson type)
    U-statistics.  Linearisation (Taylor / influence function): with the population
    AUC :math:`A`, the Hajek projection of the numerator and the expansion of the ratio
    give

    .. math:: \hat A - A \approx \sum_{i} w_i\, \frac{V_{10}(X_i) - A}{W_1}
              + \sum_{j} v_j\, \frac{V_{01}(Y_j) - A}{W_0}
              = \sum_{k \in s} w_k z_k,

    a weighted total of the linearised variable :math:`z_k`, with the remainder
    :math:`O_p(1/\text{size})` (the degenerate part of the U-statistic and the
    second-order term of the ratio).  For independent draws (Poisson or with-replacement
    sampling; the two classes taken as strata) the variance of such a total is estimated
    by :math:`\sum_k w_k^2 z_k^2` (Hansen & Hurwitz 1943; the finite-population
    correction :math:`1 - \pi_k` is ignored).  The :math:`z_k` are unknown and are
    replaced by their estimates, centred at :math:`\hat A`:

    .. math:: \widehat{\mathrm{Var}}(\hat A) =
              \frac{1}{\kappa_1}\sum_i \frac{w_i^2 (V_{10}(X_i) - \hat A)^2}{W_1^2}
              + \frac{1}{\kappa_0}\sum_j \frac{v_j^2 (V_{01}(Y_j) - \hat A)^2}{W_0^2},

    and for k scores the same with products of the centred components (a k x k
    covariance).  :math:`\sum_i w_i (V_{10}(X_i) - \hat A) = 0` exactly within each class,
    so the mean of :math:`w_k \hat z_k` is 0 and taking the classes as strata or not
    makes no difference beyond :math:`\kappa`.

    *Scaling (the n/(n-1) factor with unequal weights).*  Centring at the *weighted* mean
    removes more than one draw's worth of variation when the weights are unequal.  With
    :math:`p_i = w_i / W_1` and placements of common mean A and variance
    :math:`\sigma^2` given the weights, the residual :math:`V_i - \hat A` has variance
    :math:`\sigma^2 (1 - 2 p_i + \sum_k p_k^2)` (``p_i`` is the leverage of unit i on
    :math:`\hat A`), so

    .. math:: E \sum_i p_i^2 (V_i - \hat A)^2 = \kappa\, \sigma^2 \sum_i p_i^2, \qquad
              \kappa = 1 - 2\,\frac{\sum_i p_i^3}{\sum_i p_i^2} + \sum_i p_i^2,

    while the target is :math:`\mathrm{Var}(\sum_i p_i V_i) = \sigma^2 \sum_i p_i^2`:
    dividing by :math:`\kappa_1` (and :math:`\kappa_0` for the negatives) removes the
    bias.  With equal weights :math:`\kappa = 1 - 1/m`, DeLong's :math:`m / (m-1)`:
    equivalently :math:`1/\kappa = m^*/(m^* - 1)` with the effective number of draws
    :math:`m^* = 1 / (2\sum p^3/\sum p^2 - \sum p^2)`, which is m for equal weights and
    smaller than Kish's :math:`1/\sum p^2` when the weights vary.  So equal weights give
    DeLong's :math:`S_{10}/m + S_{01}/n` exactly (in exact arithmetic; DeLong's variance
    *is* this estimator with constant weights), and the estimator does not depend on the
    scale of the weights (they are divided by their maximum first, as in
    `rocstats.roc_curve`).  The plain factor :math:`m/(m-1)` (counting draws) was
    the first choice; the Monte Carlo suite showed it 7 % low (variance ratio 0.93, MC SE
    0.03) with inclusion probabilities spread over a factor 1000, and :math:`\kappa`
    brings that ratio to 0.99.

    Not covered: finite-population corrections, and stratification or clustering of the
    design beyond the two classes (ignoring strata that explain the scores makes the
    estimator conservative, as usual for the with-replacement approximation).  Coverage
    by simulation (Poisson PPS and stratified samples from a finite binormal population):
    the ``weighted_mc`` validation suite.

References: DeLong, DeLong & Clarke-Pearson (1988), Biometrics 44:837 (structural
components); Hansen & Hurwitz (1943), Ann. Math. Stat. 14:333 (with-replacement
variance); Lumley (2010), *Complex Surveys: A Guide to Analysis Using R*, Wiley, ch. 2
(linearisation of ratios, the with-replacement approximation); Yao, Li & Graubard (2015),
Statistics in Medicine 34:1293 (PMC4355032: the sampling-weighted AUC as here, with
jackknife / BRR variances instead of linearisation); Iparragirre, Lumley & Barrio (2026),
arXiv:2603.28320 (design-based AUC inference with replicate weights, R package svyROC).
Those replication methods handle strata and clusters, which this estimator does not; it
needs only the weights.
"""
import warnings
from fractions import Fraction

import numpy as np

from .._options import WEIGHT_TYPES, check_sample_weight, check_weight_type  # noqa: F401
from .._validation import UndefinedAUCWarning

_INT64_SAFE = 2 ** 62


def check_class_weights(is_pos, w):
    """ValueError naming ``sample_weight`` when one class has no weight."""
    for mask, what in ((is_pos, "positive"), (~is_pos, "negative")):
        if mask.any() and not (w[mask] > 0).any():
            raise ValueError("sample_weight is zero for every %s observation (%d rows): "
                             "the weighted AUC is undefined" % (what, int(mask.sum())))


def _classes(is_pos, score, w):
    """Drop zero-weight rows; return ``(xs, wx, ys, wy)`` (positives, negatives)."""
    keep = w > 0
    p, q = is_pos & keep, ~is_pos & keep
    return score[p], w[p], score[q], w[q]


def weighted_counts(x, wx, y, wy):
    """``c10[i] = 2 * (weight of negatives below x_i) + (tied weight)`` and
    ``c01[j] = 2 * (weight of positives above y_j) + (tied weight)``, and the two classes'
    total weights ``(W0, W1)`` summed in the same (score) order as the cumulative sums,
    so that ``c10[i] == 2 * W0`` exactly for a case above every control.

    Two sorts and cumulative weight sums (O((m + n) log(m + n))).  With integer weights
    (int64 or Python-int object arrays) everything is exact; with floats it is the
    cumulative sums' rounding only.
    """
    oy = np.argsort(y, kind="stable")
    ys = y[oy]
    cy = np.concatenate([np.zeros(1, dtype=wy.dtype), np.cumsum(wy[oy])])
    lo = np.searchsorted(ys, x, side="left")
    hi = np.searchsorted(ys, x, side="right")
    c10 = cy[lo] + cy[hi]                  # 2 below + tied
    ox = np.argsort(x, kind="stable")
    xs = x[ox]
    cx = np.concatenate([np.zeros(1, dtype=wx.dtype), np.cumsum(wx[ox])])
    lo = np.searchsorted(xs, y, side="left")
    hi = np.searchsorted(xs, y, side="right")
    total = cx[-1]
    c01 = (total - cx[hi]) + (total - cx[lo])   # 2 above + tied
    return c10, c01, cy[-1], total


def _int_weights(w):
    """Integer-valued float weights as int64, or as Python ints if sums could overflow."""
    if float(np.sum(w)) * 4.0 < _INT64_SAFE:
        return w.astype(np.int64)
    return np.array([int(v) for v in w], dtype=object)


def _exact_dot(a, b, c):
    """``sum(a * b * c)`` exactly (int64 when safe, else Python ints)."""
    if a.dtype != object:
        bound = (float(np.max(a, initial=0)) * float(np.max(np.abs(b), initial=0))
                 * float(np.max(np.abs(c), initial=0)) * a.size)
        if bound < _INT64_SAFE:
            return int(np.sum(a * b * c, dtype=np.int64))
    a, b, c = (np.asarray(v).astype(object) for v in (a, b, c))
    return int(np.sum(a * b * c))


def frequency_delong(is_pos, S, w):
    """AUCs and DeLong covariance of the expanded data, exactly (see module docstring).

    ``S`` is (n_rows, k); returns ``(aucs (k,), cov (k, k), m, n)``, m and n the summed
    weights (Python ints).  ``cov`` is NaN when m < 2 or n < 2 (the caller warns).
    """
    k = S.shape[1]
    C10, C01 = [], []
    for c in range(k):
        x, wx, y, wy = _classes(is_pos, S[:, c], w)
        wx, wy = _int_weights(wx), _int_weights(wy)
        c10, c01, _, _ = weighted_counts(x, wx, y, wy)
        C10.append(c10)
        C01.append(c01)
    m, n = int(np.sum(wx)), int(np.sum(wy))
    T = [_exact_dot(wx, C10[a], np.ones_like(C10[a])) for a in range(k)]
    aucs = np.array([t / (2 * m * n) for t in T])
    cov = np.full((k, k), np.nan)
    if m >= 2 and n >= 2:
        for a in range(k):
            for b in range(a, k):
                q10 = _exact_dot(wx, C10[a], C10[b])
                q01 = _exact_dot(wy, C01[a], C01[b])
                t2 = T[a] * T[b]
                v = float(Fraction(m * q10 - t2, 4 * n * n * m * m * (m - 1))
                          + Fraction(n * q01 - t2, 4 * m * m * n * n * (n - 1)))
                cov[a, b] = cov[b, a] = v
    return aucs, cov, m, n


def sampling_delong(is_pos, S, w):
    """Weighted AUCs and their linearisation covariance (see module docstring).

    Returns ``(aucs (k,), cov (k, k), m, n)``, m and n the numbers of rows with positive
    weight in each class.  ``cov`` is NaN when m < 2 or n < 2.
    """
    w = w / w.max()          # scale-free; keeps sums and products in range
    k = S.shape[1]
    D10, D01, aucs = [], [], np.empty(k)
    for c in range(k):
        x, wx, y, wy = _classes(is_pos, S[:, c], w)
        c10, c01, tot_y, tot_x = weighted_counts(x, wx, y, wy)
        # placements over the cumulative sums' own totals (summed in score order), so
        # that a case above every control has V10 = 1 exactly (and a perfect score
        # variance 0 exactly)
        V10 = c10 / (2.0 * tot_y)
        V01 = c01 / (2.0 * tot_x)
        W1, W0 = float(np.sum(wx)), float(np.sum(wy))
        aucs[c] = float(np.sum(wx * V10)) / W1
        D10.append(wx * _centred(V10, wx) / W1)
        D01.append(wy * _centred(V01, wy) / W0)
    m, n = D10[0].size, D01[0].size
    if m < 2 or n < 2:
        return aucs, np.full((k, k), np.nan), m, n
    D10, D01 = np.column_stack(D10), np.column_stack(D01)
    cov = (D10.T @ D10) / centring_factor(wx) + (D01.T @ D01) / centring_factor(wy)
    return aucs, cov, m, n


def _centred(v, w):
    """``v - (weighted mean of v)``, taken about the value of the heaviest unit so that
    its residual, which carries the most weight, does not come from subtracting two
    numbers that agree in most digits (one weight of 1 beside weights of 1e-9: its
    residual is about 1e-9 and would keep only 7 digits)."""
    d = v - v[np.argmax(w)]
    return d - float(np.sum(w * d)) / float(np.sum(w))


def centring_factor(w):
    """``kappa = 1 - 2 sum p^3 / sum p^2 + sum p^2`` with ``p = w / sum w``: the expected
    share of ``sum w_i^2 (V_i - A)^2`` left after centring at the weighted mean (module
    docstring).  ``(m - 1) / m`` for equal weights; positive when two or more weights are
    positive.

    Computed without cancellation: ``1 - 2 p_i + sum p^2 = (sum_{k != i} p_k)^2 +
    sum_{k != i} p_k^2``, with the sums over the other units taken as prefix plus suffix
    sums (never ``1 - p_i``), so that one dominant weight (``[1, 1e-9, 1e-9]``, kappa
    about 1e-17) keeps its relative accuracy instead of cancelling to 0.
    """
    p = w / np.max(w)            # scale-free; the largest term is 1
    others = _sum_of_others(p)
    others2 = _sum_of_others(p * p)
    total, total2 = float(np.sum(p)), float(np.sum(p * p))
    return float(np.sum(p * p * (others * others + others2))) / (total * total * total2)


def _sum_of_others(v):
    """``out[i] = sum_{k != i} v_k`` as a prefix sum plus a suffix sum (no subtraction)."""
    before = np.concatenate([[0.0], np.cumsum(v)[:-1]])
    after = np.concatenate([np.cumsum(v[::-1])[::-1][1:], [0.0]])
    return before + after


def class_sizes(is_pos, w, weight_type):
    """``(n_pos, n_neg)`` as a weighted result reports them: the summed frequency weights
    (Python ints), or the numbers of rows with positive sampling weight (as
    `frequency_delong` / `sampling_delong` return them; also when a class is absent)."""
    wx, wy = w[is_pos], w[~is_pos]
    if weight_type == "frequency":
        return int(np.sum(_int_weights(wx))), int(np.sum(_int_weights(wy)))
    return int(np.count_nonzero(wx > 0)), int(np.count_nonzero(wy > 0))


def weighted_delong(is_pos, S, w, weight_type):
    """Dispatch; warns (UndefinedAUCWarning) when the variance is undefined."""
    check_class_weights(is_pos, w)
    fn = frequency_delong if weight_type == "frequency" else sampling_delong
    aucs, cov, m, n = fn(is_pos, S, w)
    if m < 2 or n < 2:
        what = "weight" if weight_type == "frequency" else "rows with positive weight"
        warnings.warn("DeLong variance needs at least 2 positives and 2 negatives (got %s "
                      "%d and %d); variance is NaN" % (what, m, n), UndefinedAUCWarning,
                      stacklevel=4)
    return aucs, cov, m, n
