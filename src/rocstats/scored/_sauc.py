r"""Scored AUC of Wu, Flach & Ferri (2007): margin AUC, sROC curve, sAUC and a paired test.

Source: S. Wu, P. Flach, C. Ferri, "An improved model selection heuristic for AUC",
ECML 2007, LNCS 4701, pp. 478-489.  Notation of the paper: :math:`y_1..y_m` are the
scores of the m positives, :math:`x_1..x_n` those of the n negatives, all in [0, 1].

* margin AUC :math:`\theta(\tau) = \frac{1}{mn}\sum_{i,j} 1(y_i - x_j > \tau)`: the
  AUC after every positive score is lowered by :math:`\tau` (Definition 1, eq. (4),
  strict inequality);
* the sROC curve is :math:`\tau \mapsto \theta(\tau)` on [0, 1] (section 3, Fig. 1);
* sAUC :math:`= \int_0^1 \theta(\tau)\,d\tau = \frac{1}{mn}\sum_{i,j}(y_i - x_j)
  1(y_i > x_j)` (Theorem 1, eq. (5)) :math:`= R^+ - R^-` (Theorem 2), with
  :math:`R^+ = \frac{1}{mn}\sum_{i,j} y_i 1(y_i > x_j)` and
  :math:`R^- = \frac{1}{mn}\sum_{i,j} x_j 1(y_i > x_j)`.

Everything comes from one sort of each class and one O(m + n) merge sweep (C kernel
``rs_sauc_sweep`` with long-double prefix sums, NumPy twin in ``_kernels/numpy/sauc.py``);
the paired test sorts each score once over all its cases and sweeps that merged order
with the same prefix sums (``rs_sauc_merged_components``), the very same numbers.
"""
from __future__ import annotations

from typing import Any, Dict, Optional, Sequence, Union  # noqa: F401

from .._typing import ArrayLike, Direction, Jobs, Label, Range, Seed  # noqa: F401
import warnings

import numpy as np
from scipy import special

from .. import _dist, _kernels
from .._kernels import _strategy
from .._results import TestResult
from .._labels import binary_rule
from ..curves._auc import split_sort_rule
from .._sample import BinarySample
from .._validation import UndefinedAUCWarning, as_float_array, check_direction
from ._results import SAUCResult, SROCCurve

_ALTERNATIVES = ("two-sided", "greater", "less")
_RESCALE_HELP = ("pass rescale='minmax' (pooled min/max of the scores), rescale=(lo, hi) "
                 "(known bounds) or rescale='logistic' (margins or log-odds) to map them "
                 "into [0, 1] explicitly")


# --------------------------------------------------------------------------- inputs
def _rng(a):
    return "[%.17g, %.17g]" % (float(a.min()), float(a.max()))


def _float_scores(y_score, name):
    """``(as_float_array(y_score, name), (min, max) or None)``.  A 1-D C-contiguous
    float64 ndarray is checked by one min/max pass (a NaN is reported, an infinity is
    the min or the max), whose bounds ``_to_unit`` then compares; anything else, and
    any non-finite value, goes through ``as_float_array`` (same checks, same errors)."""
    if _minmax_ready(y_score):
        lo, hi = _kernels.sauc.minmax(y_score)
        if np.isfinite(lo) and np.isfinite(hi):
            return y_score, (lo, hi)
    return as_float_array(y_score, name), None


def _minmax_ready(y_score):
    """True for a non-empty 1-D C-contiguous float64 ndarray: checked by one min/max
    pass in `_float_scores`."""
    return (type(y_score) is np.ndarray and y_score.dtype == np.float64
            and y_score.ndim == 1 and y_score.size > 0 and y_score.flags.c_contiguous)


def _float_scores_pair(score_a, score_b):
    """``(_float_scores(score_a, "y_score_a"), _float_scores(score_b, "y_score_b"))``,
    the two min/max passes on two threads when both are large float64 arrays (each
    call's error, if any, raised in that order: a's before b's)."""
    if not (_minmax_ready(score_a) and _minmax_ready(score_b)):
        return _float_scores(score_a, "y_score_a"), _float_scores(score_b, "y_score_b")

    def run(args):
        try:
            return _float_scores(*args), None
        except Exception as exc:    # re-raised below, in the order of the arguments
            return None, exc

    (ra, ea), (rb, eb) = _strategy.both(run, (score_a, "y_score_a"), (score_b, "y_score_b"),
                               size=score_a.size + score_b.size)
    if ea is not None:
        raise ea
    if eb is not None:
        raise eb
    return ra, rb


def _to_unit(score, rescale, name, lohi=None):
    """Scores in [0, 1]: checked (``rescale=None``) or mapped as the caller asked.

    Returns ``(scores, description)``.  Nothing is ever clipped silently.  ``lohi``: the
    scores' (min, max) when already known (compared only).
    """
    def bounds():
        return lohi if lohi is not None else (score.min(), score.max())

    if rescale is None:
        if score.size:
            lo, hi = bounds()
            if lo < 0.0 or hi > 1.0:
                raise ValueError("%s must lie in [0, 1] for the scored AUC (it measures "
                                 "score differences on the probability scale); got values "
                                 "in %s. Either %s." % (name, _rng(score), _RESCALE_HELP))
        return score, "none"
    if isinstance(rescale, str):
        if rescale == "minmax":     # NumPy's min and max: their zeros are the ones used
            lo, hi = float(score.min()), float(score.max())
            if lo == hi:  # all scores equal: every difference is 0 whatever the level
                return np.zeros_like(score), "minmax (all %s equal: mapped to 0)" % name
            width = hi - lo
            if not np.isfinite(width):
                raise ValueError("%s spans %s, too wide for rescale='minmax' in float64; "
                                 "divide the scores first" % (name, _rng(score)))
            return (score - lo) / width, "minmax [%.6g, %.6g]" % (lo, hi)
        if rescale == "logistic":
            return special.expit(score), "logistic"
        raise ValueError("rescale must be None, 'minmax', 'logistic' or a (lo, hi) tuple, "
                         "got %r" % (rescale,))
    try:
        lo, hi = (float(v) for v in rescale)
    except (TypeError, ValueError):
        raise ValueError("rescale must be None, 'minmax', 'logistic' or a (lo, hi) tuple "
                         "of two numbers, got %r" % (rescale,)) from None
    if not (np.isfinite(lo) and np.isfinite(hi) and lo < hi and np.isfinite(hi - lo)):
        raise ValueError("rescale=(lo, hi) needs finite lo < hi, got %r" % (rescale,))
    if score.size:
        smin, smax = bounds()
        if smin < lo or smax > hi:
            raise ValueError("%s has values in %s outside rescale=(%r, %r); widen the "
                             "bounds (nothing is clipped)" % (name, _rng(score), lo, hi))
    return (score - lo) / (hi - lo), "linear from [%.6g, %.6g]" % (lo, hi)


def _binary_unit(y_true, y_score, *, pos_label, direction, rescale, score_name="y_score"):
    """``(sample, rescale description)``: a `rocstats._sample.BinarySample` whose
    scores are in [0, 1] (``direction=">"`` reflects the rescaled scores to ``1 - s`` so
    that higher means more positive).  The checks and errors of
    `rocstats._sample.binary_sample`, in its order; a 1-D float64 array's
    finiteness is checked by the min / max pass the rescaling needs anyway."""
    check_direction(direction)
    rule = binary_rule(y_true, pos_label)
    score, lohi = _float_scores(y_score, score_name)
    if score.shape[0] != rule.values.shape[0]:
        raise ValueError("y_true has %d rows but %s has %d" % (rule.values.shape[0],
                                                                 score_name, score.shape[0]))
    score, info = _to_unit(score, rescale, score_name, lohi)
    if direction == ">":
        score = 1.0 - score
    return BinarySample(rule, np.ascontiguousarray(score, dtype=np.float64), direction,
                        score_name=score_name), info


def _check_tau(tau):
    t = as_float_array(tau, "tau", ndim=(0, 1))
    t = t.reshape(()) if np.ndim(tau) == 0 else t   # ascontiguousarray made 0-d 1-d
    if t.size and (t.min() < 0.0 or t.max() > 1.0):
        raise ValueError("tau must lie in [0, 1] (the sROC curve is defined on [0, 1] for "
                         "scores in [0, 1]); got values in %s" % _rng(t))
    return t


def _warn_small(m, n, what):
    if m < 2 or n < 2:
        warnings.warn("%s needs at least 2 positives and 2 negatives (got %d and %d); it "
                      "is NaN" % (what, m, n), UndefinedAUCWarning, stacklevel=3)
        return True
    return False


# --------------------------------------------------------------------------- margin / sROC
def margin_auc(y_true: ArrayLike, y_score: ArrayLike, tau: ArrayLike, *,
               pos_label: Label = None, direction: Direction = "<", rescale: Any = None
        ) -> Union[float, np.ndarray]:
    r"""Margin AUC theta(tau) = (1 / (m n)) sum_ij 1(y_i - x_j > tau).

    The share of (positive, negative) pairs whose score difference exceeds the margin
    tau (Wu, Flach & Ferri 2007, Definition 1, eq. (4)); the inequality is strict, so
    ties count 0 at tau = 0 (details in the Notes).

    Computed from one sort of each class and, per margin, a two-pointer merge:
    O((m + n) log(m + n) + k (m + n)) for k margins.

    Parameters
    ----------
    y_true, pos_label
        As in `rocstats.auc`.
    y_score : array-like of shape (n_samples,)
        Scores in [0, 1] (see ``rescale``).
    tau : float or array-like of shape (k,)
        Margins in [0, 1].
    direction : {"<", ">"}
        ``">"``: lower scores are more positive; the scores are reflected to ``1 - s``.
    rescale : None, "minmax", "logistic" or (lo, hi)
        How to map scores into [0, 1]; ``None`` (default) requires them there already.
        See `rocstats.sauc`.

    Returns
    -------
    float or ndarray of shape (k,)
        theta at each margin; NaN with an `UndefinedAUCWarning` if a class is
        absent.

    Notes
    -----
    The share of (positive, negative) pairs whose score difference exceeds the margin
    :math:`\tau`: the AUC that remains when every positive score is lowered by
    :math:`\tau` (Wu, Flach & Ferri 2007, Definition 1, eq. (4); the sROC curve of
    section 3).  The inequality is strict, so :math:`\theta(0)` counts tied pairs as 0
    (as the paper's eq. (1) does), unlike rocstats' AUC (1/2).  The
    difference is evaluated in float64, exactly as written.

    Examples
    --------
    Model M1 of the paper (positives 1.0, 0.7, 0.6; negatives 0.5, 0.4, 0.0): lowering
    the positives by 0.25 leaves 6 of the 9 pairs ordered:

    >>> import rocstats
    >>> y = [1, 1, 1, 0, 0, 0]
    >>> rocstats.margin_auc(y, [1.0, 0.7, 0.6, 0.5, 0.4, 0.0], [0.0, 0.25])
    array([1.        , 0.66666667])
    """
    t = _check_tau(tau)
    sample, _ = _binary_unit(y_true, y_score, pos_label=pos_label, direction=direction,
                             rescale=rescale)
    is_pos, score, m, n = sample.is_pos, sample.score, sample.m, sample.n
    if sample.undefined("The margin AUC"):
        res = np.full(t.shape, np.nan)
    else:
        pos, neg = _kernels.roc.split_sort(is_pos, score)
        res = (_kernels.sauc.margin_counts(pos, neg, t.ravel()) / (m * n)).reshape(t.shape)
    return float(res) if res.ndim == 0 else res


def _exact_steps(pos, neg, m, n):
    """Breakpoints (0, then the distinct positive differences) and step values."""
    step = max(1, (1 << 21) // n)
    parts = []
    for i0 in range(0, m, step):
        d = pos[i0:i0 + step, None] - neg[None, :]
        parts.append(d[d > 0.0])
    diffs = np.concatenate(parts) if parts else np.empty(0)
    uniq, counts = np.unique(diffs, return_counts=True)
    above = diffs.size - np.cumsum(counts)            # #{d > b_k}, k >= 1
    values = np.concatenate(([diffs.size], above)) / (m * n)
    return np.concatenate(([0.0], uniq)), values


def sroc_curve(y_true: ArrayLike, y_score: ArrayLike, *, grid: Any = 201,
               max_breakpoints: Any = 2000000, pos_label: Label = None,
               direction: Direction = "<", rescale: Any = None) -> SROCCurve:
    r"""The sROC curve tau -> theta(tau) (margin AUC) on [0, 1], exact and on a grid.

    :math:`\theta` (see `margin_auc`) is a right-continuous step function that
    drops at every positive difference :math:`y_i - x_j`; its area on [0, 1] is the
    sAUC (Wu, Flach & Ferri 2007, Theorem 1).  The exact step function has up to m n
    breakpoints, so it is built only when ``m * n <= max_breakpoints``; the grid
    evaluation (exact values of theta at the grid points, by a two-pointer merge per
    point, O(k (m + n))) is always returned and is what to plot for large samples.

    Parameters
    ----------
    y_true, y_score, pos_label, direction, rescale
        As in `rocstats.sauc`.
    grid : int or array-like
        Number of equally spaced points on [0, 1] (at least 2), or the margins
        themselves (in [0, 1]).
    max_breakpoints : int
        Largest m n for which the exact step function is materialised.

    Returns
    -------
    SROCCurve
        ``breakpoints`` / ``values`` (exact steps, or None), ``grid`` / ``grid_theta``,
        ``sauc``, ``auc``, ``area()``, ``step_xy()`` (for ``plt.step(..., where="post")``).

    Examples
    --------
    Model M2 of the paper: the area under its sROC curve is its sAUC, 49/90:

    >>> import rocstats
    >>> c = rocstats.sroc_curve([1, 1, 0, 1, 0, 0], [1.0, 0.9, 0.6, 0.5, 0.2, 0.0])
    >>> round(c.area(), 4), round(c.sauc, 4), c.exact
    (0.5444, 0.5444, True)
    """
    if isinstance(grid, (int, np.integer)) and not isinstance(grid, bool):
        if grid < 2:
            raise ValueError("grid must be at least 2 points, got %d" % grid)
        g = np.linspace(0.0, 1.0, int(grid))
    else:
        g = _check_tau(grid)
        if g.ndim != 1 or g.size == 0:
            raise ValueError("grid must be an integer or a non-empty 1-D array of margins")
    if not isinstance(max_breakpoints, (int, np.integer)) or max_breakpoints < 0:
        raise ValueError("max_breakpoints must be a non-negative integer, got %r"
                         % (max_breakpoints,))
    labels, info = _binary_unit(y_true, y_score, pos_label=pos_label, direction=direction,
                                rescale=rescale)
    is_pos, score, m, n = labels.is_pos, labels.score, labels.m, labels.n
    if labels.undefined("The sROC curve"):
        nan = float("nan")
        return SROCCurve(None, None, g, np.full(g.shape, nan), nan, nan, m, n, direction, info)
    pos, neg = _kernels.roc.split_sort(is_pos, score)
    twice_u, out, _, _ = _kernels.sauc.sauc_sweep(pos, neg, components=False)
    grid_theta = _kernels.sauc.margin_counts(pos, neg, g) / (m * n)
    bps = vals = None
    if m * n <= max_breakpoints:
        bps, vals = _exact_steps(pos, neg, m, n)
    return SROCCurve(bps, vals, g, grid_theta, float(out[0]) / (m * n),
                     twice_u / (2 * m * n), m, n, direction, info)


# --------------------------------------------------------------------------- sAUC
_VARIANCES = ("paper", "delong")


def _check_variance(variance):
    if variance not in _VARIANCES:
        raise ValueError("variance must be one of %s, got %r" % (_VARIANCES, variance))
    return variance


def _variance_weights(m, n, variance):
    """``(a, b)`` with Var = a S_V + b S_W: Theorem 6 or DeLong's form."""
    if variance == "paper":
        return (n - 1.0) / (n * m), (m - 1.0) / (m * n)
    return 1.0 / m, 1.0 / n


def sauc(y_true: ArrayLike, y_score: ArrayLike, *, pos_label: Label = None,
         direction: Direction = "<", rescale: Any = None, variance: str = "paper"
        ) -> SAUCResult:
    r"""Scored AUC with R+, R-, M+ - M- and its variance (Wu, Flach & Ferri 2007).

    sAUC = (1 / (m n)) sum_i sum_j (y_i - x_j) 1(y_i > x_j) = R+ - R-, the area under
    the sROC curve (the paper's Theorem 1, eq. (5), and Theorem 2), with y_i the m
    positive and x_j the n negative scores in [0, 1]; tied pairs count 0 (1/2 in the
    AUC).  The variance is the paper's Theorem 6 (``variance="paper"``) or DeLong's form
    (``variance="delong"``); the formulas, their biases and sources are in the Notes, and
    the ``sauc_mc`` validation suite checks both by Monte Carlo.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        Two-class labels, as in `rocstats.auc`.
    y_score : array-like of shape (n_samples,)
        Finite scores in [0, 1] (the paper's assumption: sAUC measures score
        differences, so the scale matters).  Outside [0, 1] a ``ValueError`` says so
        unless ``rescale`` is given.
    pos_label : label, optional
        The positive class.
    direction : {"<", ">"}
        ``"<"``: higher scores are more positive.  ``">"``: lower scores are more
        positive; the scores are then reflected to ``1 - s`` (after ``rescale``), so R+
        and R- refer to the reflected scores.  Never guessed.
    variance : {"paper", "delong"}
        ``"paper"`` (default): Theorem 6 of the paper; ``"delong"``: :math:`S_V/m +
        S_W/n` (see the Notes).
    rescale : None, "minmax", "logistic" or (lo, hi)
        ``None`` (default): the scores must already be in [0, 1].
        ``"minmax"``: ``(s - min) / (max - min)`` with the min and max pooled over both
        classes (all scores equal: mapped to 0, sAUC 0).  The sAUC then depends on the
        sample's extremes.
        ``(lo, hi)``: ``(s - lo) / (hi - lo)`` for known bounds of the score's range;
        scores outside ``[lo, hi]`` raise ``ValueError`` (never clipped).
        ``"logistic"``: ``1 / (1 + exp(-s))``, for log-odds or SVM margins.
        Every choice is monotone, so the AUC is unchanged; the sAUC is not.

    Returns
    -------
    SAUCResult
        ``sauc``, ``auc``, ``r_pos``, ``r_neg``, ``mean_pos``, ``mean_neg``,
        ``mean_difference``, ``variance``, ``se``, ``conf_int(level, method=)``,
        ``summary()``.  With one class absent: NaN fields and an
        `UndefinedAUCWarning`; with fewer than 2 cases of a class the variance is
        NaN (warning).

    Notes
    -----
    .. math:: \mathrm{sAUC} = \frac{1}{mn}\sum_{i=1}^m\sum_{j=1}^n (y_i - x_j)\,1(y_i > x_j)
              = R^+ - R^-

    (Theorem 1, eq. (5), and Theorem 2), the area under the sROC curve, with :math:`y_i`
    the positive and :math:`x_j` the negative scores in [0, 1].  Ties :math:`y_i = x_j`
    contribute 0 to the sAUC, R+ and R-, and 1/2 to the AUC (the paper's eq. (1)
    assumes no ties and would count them 0; rocstats' AUC is the Mann-Whitney one).
    The sweep is the paper's Table 2 algorithm on sorted classes.  The paper's bounds
    (Theorems 3-4):
    :math:`R^+ \le M^+`, :math:`R^- \le M^-`, :math:`M^+ - M^- \le \mathrm{sAUC} \le
    \mathrm{AUC}`.

    **Variance.**  The sAUC is a two-sample U-statistic with kernel
    :math:`h(y, x) = (y - x)\,1(y > x)`.  With the structural components

    .. math:: V_i = \frac1n\sum_j h(y_i, x_j), \qquad W_j = \frac1m\sum_i h(y_i, x_j)

    (both average to the sAUC), the paper's **Theorem 6** (seed 004, section 3; its
    :math:`y_i - x_i` is a misprint for :math:`y_i - x_j`) estimates

    .. math:: \widehat{\mathrm{Var}}(\hat\theta_s)
              = \frac{n-1}{mn(m-1)}\sum_{i=1}^m (V_i - \hat\theta_s)^2
              + \frac{m-1}{mn(n-1)}\sum_{j=1}^n (W_j - \hat\theta_s)^2
              = \frac{n-1}{n}\frac{S_V}{m} + \frac{m-1}{m}\frac{S_W}{n},

    :math:`S_V, S_W` the sample variances (denominators m-1, n-1).  This is the default
    (``variance="paper"``).  ``variance="delong"`` gives :math:`S_V/m + S_W/n`, DeLong,
    DeLong & Clarke-Pearson's (1988) form with the Mann-Whitney kernel replaced by
    :math:`h` (``rocstats.delong`` uses it for the AUC).  The two differ by the factors
    (n-1)/n and (m-1)/m.  In Hoeffding's (1948) terms, :math:`\zeta_{10} =
    \mathrm{Var}\,E[h \mid y]`, :math:`\zeta_{01} = \mathrm{Var}\,E[h \mid x]`,
    :math:`\zeta_{11} = \mathrm{Var}\,h` and :math:`\rho = \zeta_{11} - \zeta_{10} -
    \zeta_{01} \ge 0`, the exact variance is :math:`\zeta_{10}/m + \zeta_{01}/n +
    \rho/(mn)`; the DeLong form overestimates it by :math:`\rho/(mn)`, Theorem 6
    misses it by about :math:`(\rho - \zeta_{10} - \zeta_{01})/(mn)`: both biases are
    of relative order 1/min(m, n).  the ``sauc_mc`` validation suite checks both against the
    empirical variance by Monte Carlo.

    Examples
    --------
    The paper's Example 2, model M2 (positives 1.0, 0.9, 0.5; negatives 0.6, 0.2, 0.0):
    AUC 8/9, R+ = 6.7/9, R- = 1.8/9, sAUC = 4.9/9:

    >>> import rocstats
    >>> r = rocstats.sauc([1, 1, 0, 1, 0, 0], [1.0, 0.9, 0.6, 0.5, 0.2, 0.0])
    >>> round(r.auc, 4), round(r.r_pos, 4), round(r.r_neg, 4), round(r.sauc, 4)
    (0.8889, 0.7444, 0.2, 0.5444)
    """
    _check_variance(variance)
    sample, info = _binary_unit(y_true, y_score, pos_label=pos_label, direction=direction,
                                rescale=rescale)
    rule, score = sample.rule, sample.score
    # split by the label values (no mask; the scores are finite already), sort each class
    pos, neg = split_sort_rule(rule, score)
    m, n = pos.size, neg.size
    sample._m = m
    label = rule.pos_label
    if sample.undefined("The scored AUC"):
        nan = float("nan")
        return SAUCResult(nan, nan, nan, nan, nan, nan, nan, m, n, direction, label, info,
                          variance)
    twice_u, out, _, _ = _kernels.sauc.sauc_sweep(pos, neg, components=False)
    mn = m * n
    if _warn_small(m, n, "The sAUC variance"):
        var = float("nan")
    else:
        wv, ww = _variance_weights(m, n, variance)
        var = wv * (float(out[4]) / (m - 1)) + ww * (float(out[6]) / (n - 1))
    return SAUCResult(float(out[0]) / mn, twice_u / (2 * mn), float(out[1]) / mn,
                      float(out[2]) / mn, float(pos.mean()), float(neg.mean()), var, m, n,
                      direction, label, info, variance)


def _paired_components(is_pos, sa, sb):
    """``(sauc_a, sauc_b, D, E)``: both sAUCs and the differences of the structural
    components in case order, ``D = V_a - V_b``, ``E = W_a - W_b`` (the kernel family's
    ``paired_components``; the C side sorts all the cases once per score and subtracts
    the second score's components as they are made)."""
    m = int(np.count_nonzero(is_pos))
    mn = m * (is_pos.size - m)
    ha, hb, d, e = _kernels.sauc.paired_components(is_pos, sa, sb)
    return float(ha) / mn, float(hb) / mn, d, e


def _var_ddof1(x):
    """``np.var(x, ddof=1)`` of a 1-D float64 array (size >= 2), the very double, computed
    in place: ``x`` is overwritten (no temporary of its size).  The steps of NumPy's
    ``_var``: the sum (pairwise) divided by the size, the deviations squared, their sum
    divided by size - 1."""
    mean = np.add.reduce(x, keepdims=True)
    np.true_divide(mean, x.size, out=mean, casting="unsafe")
    np.subtract(x, mean, out=x)
    np.square(x, out=x)
    return float(np.add.reduce(x) / (x.size - 1))


def _pvalue(z, alternative):
    if alternative == "two-sided":
        return float(2.0 * _dist.norm_sf(abs(z)))
    if alternative == "greater":
        return float(_dist.norm_sf(z))
    return float(_dist.norm_cdf(z))


def sauc_test(y_true: ArrayLike, y_score_a: ArrayLike, y_score_b: ArrayLike, *,
              pos_label: Label = None, direction: Direction = "<", rescale: Any = None,
              alternative: str = "two-sided", variance: str = "paper") -> TestResult:
    r"""Paired z test of two scored AUCs computed on the same cases.

    z = (sAUC_a - sAUC_b) / SE, the SE from the two models' structural components in the
    form of the paper's Theorem 6 (or DeLong's with ``variance="delong"``), covariance
    included.  Wu, Flach & Ferri give no test; this is the U-statistic construction
    (formulas in the Notes; its size is checked by the ``sauc_mc`` validation suite).

    Parameters
    ----------
    y_true, pos_label, direction
        As in `rocstats.sauc` (one direction for both scores).
    y_score_a, y_score_b : array-like of shape (n_samples,)
        The two models' scores of the same cases, in [0, 1] unless ``rescale``.
    rescale : None, "minmax", "logistic" or (lo, hi)
        As in `rocstats.sauc`, applied to each score separately ("minmax" uses
        each model's own pooled min and max).
    alternative : {"two-sided", "greater", "less"}
        H1: sAUC_a != sAUC_b, sAUC_a > sAUC_b, sAUC_a < sAUC_b.
    variance : {"paper", "delong"}
        As in `rocstats.sauc`.

    Returns
    -------
    TestResult
        ``statistic`` (z), ``pvalue``, ``estimate`` (sAUC_a - sAUC_b), ``se``,
        ``conf_int(level)`` (Wald interval of the difference), and ``aucs`` holding the
        two **sAUCs** (a, b).

    Notes
    -----
    .. math:: z = \frac{\mathrm{sAUC}_a - \mathrm{sAUC}_b}
              {\sqrt{\frac{n-1}{n}\frac{S_D}{m} + \frac{m-1}{m}\frac{S_E}{n}}},
              \quad D_i = V^a_i - V^b_i, \; E_j = W^a_j - W^b_j,

    with :math:`V, W` the structural components of each model (see `sauc`) in
    case order and :math:`S_D, S_E` their sample variances (denominators m-1, n-1): the
    variance of the difference in the form of the paper's Theorem 6 (seed 004), or
    :math:`S_D/m + S_E/n` with ``variance="delong"``.
    :math:`S_D = S_V^{aa} + S_V^{bb} - 2 S_V^{ab}` (likewise :math:`S_E`), i.e. the
    DeLong-type 2 x 2 covariance of the two sAUCs, covariance included, contracted with
    (1, -1) as in DeLong, DeLong & Clarke-Pearson (1988) for the AUC; the p-value is
    from the standard normal.  Wu, Flach & Ferri (2007) give no test; this is the
    U-statistic construction applied to the kernel :math:`(y - x) 1(y > x)`.  Its size
    under H0 is checked by simulation (the ``sauc_mc`` validation suite).  z = 0 when both
    models give identical components (0/0); a nonzero difference with zero SE gives
    z = +-inf.

    Examples
    --------
    Model M1 of the paper against a copy that lowers its top positive from 1.0 to 0.8
    (sAUC 4.2/9 vs 3.6/9).  The components differ only at that positive, D = (0.2, 0, 0),
    and by 0.2/3 at every negative (E constant, variance 0).  S_D = 0.04/3, so the
    DeLong form gives se = sqrt(S_D / 3) = 0.6/9 and z = 1, and Theorem 6 multiplies
    the variance by (n-1)/n = 2/3, so z = sqrt(3/2):

    >>> import rocstats
    >>> y = [1, 1, 1, 0, 0, 0]
    >>> a, b = [1.0, 0.7, 0.6, 0.5, 0.4, 0.0], [0.8, 0.7, 0.6, 0.5, 0.4, 0.0]
    >>> t = rocstats.sauc_test(y, a, b, variance="delong")
    >>> round(t.estimate, 4), round(t.se, 4), round(t.statistic, 6)
    (0.0667, 0.0667, 1.0)
    >>> round(rocstats.sauc_test(y, a, b).statistic ** 2, 6)
    1.5
    """
    _check_variance(variance)
    if alternative not in _ALTERNATIVES:
        raise ValueError("alternative must be one of %s, got %r" % (_ALTERNATIVES, alternative))
    (a, lohi_a), (b, lohi_b) = _float_scores_pair(y_score_a, y_score_b)
    if a.shape != b.shape:
        raise ValueError("y_score_a has %d rows but y_score_b has %d" % (a.size, b.size))
    # the checks of _binary_unit for both scores, the labels read once
    check_direction(direction)
    rule = binary_rule(y_true, pos_label)
    if a.shape[0] != rule.values.shape[0]:
        raise ValueError("y_true has %d rows but y_score_a has %d" % (rule.values.shape[0],
                                                                    a.shape[0]))
    sa, _ = _to_unit(a, rescale, "y_score_a", lohi_a)
    sb, _ = _to_unit(b, rescale, "y_score_b", lohi_b)
    if direction == ">":
        sa, sb = 1.0 - sa, 1.0 - sb
    labels = BinarySample(rule, sa, direction, score_name="y_score_a")
    is_pos, m, n = labels.is_pos, labels.m, labels.n
    method = ("Paired z test of two scored AUCs (structural components, %s variance)"
              % ("Theorem 6" if variance == "paper" else "DeLong-form"))
    nan = float("nan")
    if labels.undefined("The sAUC test"):
        return TestResult(nan, nan, nan, method, alternative, nan,
                          pos_label=labels.pos_label)
    sauc_a, sauc_b, dv, dw = _paired_components(is_pos, sa, sb)
    d = sauc_a - sauc_b
    if _warn_small(m, n, "The sAUC test"):
        return TestResult(nan, nan, d, method, alternative, nan, aucs=(sauc_a, sauc_b),
                          pos_label=labels.pos_label)
    wv, ww = _variance_weights(m, n, variance)
    sv, sw = _strategy.both(_var_ddof1, dv, dw)
    var = wv * sv + ww * sw
    se = float(np.sqrt(var))
    if se == 0.0:
        z = 0.0 if d == 0.0 else float(np.copysign(np.inf, d))
    else:
        z = d / se
    return TestResult(float(z), _pvalue(z, alternative), d, method, alternative, se=se,
                      aucs=(sauc_a, sauc_b), pos_label=labels.pos_label)
