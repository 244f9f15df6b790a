r"""Rossa's chi-square goodness-of-fit test of H0: ROC(v) = v, and her classification rule.

Notation (Rossa, "Classification tree based on receiver operating characteristic
curves", formulas (19)-(21) as quoted in issue 3; the paper itself was not available to
us, see *Reading of the paper* below):

* :math:`\pi_1` sample :math:`X_1, \dots, X_n` -- the **positive** class
  (``y_true == pos_label``, the cases), of size ``n``;
* :math:`\pi_0` sample :math:`C_1, \dots, C_m` -- the **negative** class (the controls),
  of size ``m``.

This is the paper's notation and the reverse of :class:`rocstats.AUCResult`, whose ``m``
is the number of positives; the results below therefore carry ``n_pos`` (= n) and
``n_neg`` (= m) by name.

:math:`G_n` is the empirical distribution function of the positives, and the test looks
at the sample :math:`G_n(C_1), \dots, G_n(C_m)` (20): the *placement values* of the
negatives in the positive sample.  The cell index of :math:`C_j` is
:math:`n G_n(C_j) \in \{0, \dots, n\}`, the number of positives below it.  Under H0 (both
samples from one continuous distribution, i.e. ROC(v) = v) each cell index is discrete
uniform, :math:`p_i = 1/(n+1)` (19), and the statistic is Pearson's (21)

.. math:: T = \sum_{i=0}^{n} \frac{(O_i - m p_i)^2}{m p_i}

with ``n`` degrees of freedom.

Exact null distribution (used to judge the approximations)
-----------------------------------------------------------
The ``m`` placement values all refer to the *same* positive sample, so they are not
independent and the counts :math:`O_0, \dots, O_n` are **not** multinomial.  Under H0
the pooled sample is exchangeable, every one of the :math:`\binom{n+m}{n}` orderings of
the labels is equally likely, and the count vector is in one-to-one correspondence with
the ordering: it is *uniform over the compositions of m into n+1 parts* (Bose-Einstein),
i.e. Dirichlet-multinomial with all parameters 1.  Grouping the n+1 values into cells of
sizes :math:`s_1, \dots, s_k` gives a Dirichlet-multinomial with parameters
:math:`s_j` (sum n+1), whose covariance is the multinomial one times

.. math:: c = \frac{m + n + 1}{n + 2},

so :math:`E_0[T] = (k - 1)\, c` exactly, not ``k - 1``.  The paper's n-df chi-square
reference therefore rejects far too often unless ``m`` is small compared with ``n``
(m = n = 50: nominal 5 %, actual about 90 %; see validation/rossa_mc.py).  We offer

* ``method="chi2"``: the paper's reference, chi-square with ``k - 1`` df (``k = n + 1``
  cells by default).  Kept because it is the published test; it warns
  (:class:`GOFApproximationWarning`) when it is known to be off.
* ``method="scaled"``: :math:`T / c` referred to chi-square with ``k - 1`` df.  For
  grouped cells (``cells=k``) with expected counts >= 5 and cells spanning several values
  each, the grouped counts are approximately normal with exactly this covariance and the
  test holds its size (validated by simulation).  For the ungrouped n+1 cells the mean is
  right but the shape is not (still anti-conservative, sizes 0.07-0.12 at 5 %).
* ``method="permutation"``: Monte Carlo permutation p-value, exact up to Monte Carlo
  error for any m, n, cells and tie rule.

Ties
----
A negative tied with positives needs a rule for :math:`n G_n(C_j)`:

* ``ties="random"`` (default): ties are broken by an independent uniform random order of
  the pooled sample (drawn from ``random_state``); the cell index is then the number of
  positives before :math:`C_j` in that order.  Under H0 the label arrangement is uniform
  whatever the ties, so the null law above (uniform cells, Dirichlet-multinomial counts)
  holds **exactly** even for discrete data.  Without ties nothing random is drawn.
* ``ties="upper"``: :math:`\#\{X_i \le C_j\}` -- the paper's formula (20) read literally
  with the right-continuous EDF.  Deterministic; with ties the cell probabilities are no
  longer 1/(n+1) (a constant variable puts every negative in cell n).
* ``ties="lower"``: :math:`\#\{X_i < C_j\}`.  Deterministic, mirror image of "upper".

A "mid" rule (count ties 1/2) is not offered: it gives half-integer indices that belong
to no cell.  The permutation p-value is valid under every rule (it permutes labels over
the observed values, ties included).

Reading of the paper
--------------------
We could not obtain the paper's text; the test follows the issue's summary of
formulas (19)-(21).  Our reading: :math:`\pi_1` is the positive class, :math:`G_n` the
ordinary (right-continuous) EDF, cells indexed by :math:`n G_n(C_j)`.  Swapping the roles
of the classes gives a different (but equally valid) statistic; the rule of section 4
compares variables on the same rows, so the choice does not favour any variable.
"""
import numbers
import warnings
from dataclasses import dataclass, field
from typing import Optional

import numpy as np
from scipy import special

from .._results import Summary, TestResult, _fmt
from .._validation import (as_float_array, as_label_array, check_binary, positive_mask,
                           warn_one_class)

__all__ = ["roc_gof_test", "roc_gof_rule", "GOFTestResult", "ROCRuleResult",
           "GOFApproximationWarning"]

TIES = ("random", "upper", "lower")
METHODS = ("chi2", "scaled", "permutation")
_DIRECTIONS = ("<", ">", "best")
#: minimum expected count of the chi-square rule of thumb
MIN_EXPECTED = 5.0
#: ``method="chi2"`` warns when the exact null mean exceeds df by more than this factor
_MAX_INFLATION = 1.1
#: permutation replicates are evaluated in blocks of about this many matrix entries
_BLOCK = 1 << 21


class GOFApproximationWarning(UserWarning):
    """The chi-square reference of Rossa's test is known to be poor for this input."""


# --------------------------------------------------------------------------- cells
def cell_edges(n, cells=None):
    """Integer edges of ``k`` cells over the ``n + 1`` values ``0..n`` of ``n G_n(C)``.

    Cell ``j`` holds the values ``edges[j] .. edges[j+1] - 1`` with
    ``edges[j] = floor(j (n + 1) / k)``; sizes differ by at most one (as even as
    possible).  ``cells=None`` gives the paper's ``n + 1`` one-value cells.
    """
    k = n + 1 if cells is None else int(cells)
    return (np.arange(k + 1, dtype=np.int64) * (n + 1)) // k


def cell_probs(n, cells=None):
    """Exact null cell probabilities ``size_j / (n + 1)`` (they sum to 1 exactly)."""
    return np.diff(cell_edges(n, cells)) / (n + 1.0)


def inflation_factor(n, m):
    """``c = (m + n + 1) / (n + 2)``: the exact null covariance of the (grouped) counts is
    the multinomial one times c, so ``E_0[T] = (k - 1) c`` (see the module docstring)."""
    return (m + n + 1.0) / (n + 2.0)


def _check_cells(cells, n):
    if cells is None:
        return n + 1
    if isinstance(cells, (bool, np.bool_)) or not isinstance(cells, numbers.Integral):
        raise ValueError("cells must be None (the paper's n+1 cells) or an integer >= 2, "
                         "got %r" % (cells,))
    k = int(cells)
    if k < 2:
        raise ValueError("cells must be >= 2 (one cell has no degrees of freedom), got %d" % k)
    if k > n + 1:
        raise ValueError("cells=%d is more than the n+1 = %d possible values of n*G_n(C) "
                         "with n = %d positives; use cells <= %d or cells=None"
                         % (k, n + 1, n, n + 1))
    return k


def _check_ties(ties):
    if ties not in TIES:
        raise ValueError("ties must be one of %s, got %r" % (TIES, ties))
    return ties


# --------------------------------------------------------------------------- kernels
def _cell_index(x_pos, x_neg, *, ties, rng=None):
    """``n G_n(C_j)`` for every negative (int64, input order of ``x_neg``).

    ``x_pos``, ``x_neg``: validated finite float64 arrays.  ``ties`` as in
    :func:`roc_gof_test`; ``rng`` (a ``numpy.random.Generator``) is used only by
    ``ties="random"`` and only when a negative equals some positive.
    """
    xs = np.sort(x_pos)
    lo = np.searchsorted(xs, x_neg, side="left")
    if ties == "lower":
        return lo.astype(np.int64)
    hi = np.searchsorted(xs, x_neg, side="right")
    if ties == "upper" or np.array_equal(lo, hi):
        return hi.astype(np.int64)
    # random tie-breaking: one uniform random order of the pooled sample
    _, _, idx = _pooled_order(x_pos, x_neg, ties="random", rng=rng)
    return idx


def _pooled_order(x_pos, x_neg, *, ties, rng=None):
    """The pooled sample in a linear order and, per sorted position, where to read
    "positives before it" from the cumulative count.

    Returns ``(is_pos_sorted, ref, cell_index)``: ``is_pos_sorted[p]`` is the label at
    sorted position ``p``; for any labelling ``L`` of the sorted positions with
    ``Cum = r_[0, cumsum(L)]``, the cell index of a negative at position ``p`` is
    ``Cum[ref[p]]`` (``ref[p] = p`` for "random", one past the end of p's tie group
    for "upper", the start of p's tie group for "lower"); ``cell_index`` is that index
    for the observed labels, in the input order of ``x_neg``.
    """
    n, m = x_pos.size, x_neg.size
    vals = np.concatenate([x_pos, x_neg])
    if ties == "random":
        if rng is None:
            raise ValueError("ties='random' needs a random generator")
        order = np.lexsort((rng.random(n + m), vals))
        ref = np.arange(n + m, dtype=np.int64)
    else:
        order = np.argsort(vals, kind="stable")
        v = vals[order]
        new = np.r_[True, v[1:] != v[:-1]]
        start = np.flatnonzero(new)
        stop = np.r_[start[1:], n + m]
        group = np.cumsum(new) - 1
        ref = (stop if ties == "upper" else start)[group].astype(np.int64)
    is_pos_sorted = order < n
    cum = np.r_[0, np.cumsum(is_pos_sorted)]
    neg_sorted = ~is_pos_sorted
    idx = np.empty(m, dtype=np.int64)
    idx[order[neg_sorted] - n] = cum[ref[neg_sorted]]
    return is_pos_sorted, ref, idx


def _pearson(observed, expected):
    d = observed - expected
    return float(np.sum(d * d / expected))


def _gof_statistic(x_pos, x_neg, *, cells=None, ties="upper", rng=None):
    r"""Rossa's statistic (21) from already validated arrays: the fast internal entry.

    Parameters
    ----------
    x_pos : ndarray of float64
        The :math:`\pi_1` sample (positives, size n >= 1), finite.
    x_neg : ndarray of float64
        The :math:`\pi_0` sample (negatives, size m >= 1), finite.
    cells : None or int
        None: the paper's n + 1 cells; k: k grouped cells (2 <= k <= n + 1, not
        checked here).
    ties : {"upper", "lower", "random"}
        As in :func:`roc_gof_test`.  The default here is the deterministic "upper"
        (the paper's G_n read literally) so that a tree builder gets reproducible splits
        without a generator; pass ``ties="random", rng=...`` for the exact null law.
    rng : numpy.random.Generator, optional
        Needed only for ``ties="random"`` (and consumed only when there are ties).

    Returns
    -------
    float
        The Pearson statistic; O(n log n + m log n), no input checks, no warnings.
        The statistic is invariant to reversing the score direction for the ungrouped
        cells (the counts are reversed and the cell probabilities are equal).
    """
    n, m = x_pos.size, x_neg.size
    idx = _cell_index(x_pos, x_neg, ties=ties, rng=rng)
    if cells is None:
        observed = np.bincount(idx, minlength=n + 1)
        expected = m / (n + 1.0)
        return _pearson(observed, expected)
    edges = cell_edges(n, cells)
    observed = np.bincount(np.searchsorted(edges, idx, side="right") - 1, minlength=int(cells))
    return _pearson(observed, m * np.diff(edges) / (n + 1.0))


def _permutation_statistics(is_pos_sorted, ref, cellmap, expected, n_resamples, rng):
    """Statistic of ``n_resamples`` uniform random relabellings of the pooled order."""
    N = is_pos_sorted.size
    k = expected.size
    out = np.empty(n_resamples)
    block = max(1, min(n_resamples, _BLOCK // max(N, 1)))
    done = 0
    while done < n_resamples:
        b = min(block, n_resamples - done)
        labels = rng.permuted(np.broadcast_to(is_pos_sorted, (b, N)), axis=1)
        cum = np.zeros((b, N + 1), dtype=np.int64)
        np.cumsum(labels, axis=1, out=cum[:, 1:])
        idx = cum[:, ref]                                # (b, N): index if negative
        cell = cellmap[idx] + (np.arange(b, dtype=np.int64) * k)[:, None]
        counts = np.bincount(cell[~labels], minlength=b * k).reshape(b, k)
        d = counts - expected
        out[done:done + b] = np.sum(d * d / expected, axis=1)
        done += b
    return out


# --------------------------------------------------------------------------- results
@dataclass(frozen=True, eq=False)
class GOFTestResult(TestResult):
    """Result of :func:`roc_gof_test` (a :class:`rocstats.TestResult` with the cells).

    Attributes
    ----------
    statistic : float
        Pearson's statistic (21), whatever the p-value method.
    pvalue : float
    df : int
        ``k - 1`` (``n`` for the paper's n + 1 cells).
    distribution : {"chi2", "permutation"}
    pvalue_method : {"chi2", "scaled", "permutation"}
    observed, expected, cell_probs : ndarray of shape (k,)
        Cell counts, ``m * cell_probs`` and the exact null cell probabilities.
    cell_edges : ndarray of shape (k + 1,)
        Cell ``j`` holds ``n G_n(C)`` values ``cell_edges[j] .. cell_edges[j+1] - 1``.
    placement_values : ndarray of shape (m,)
        :math:`G_n(C_j)` (formula 20) under the tie rule, in the input order of the
        negatives; ``cell_index = n * placement_values`` as integers.
    n_pos, n_neg : int
        n (positives, the :math:`\\pi_1` sample) and m (negatives, :math:`\\pi_0`).
    inflation : float
        ``c = (m + n + 1) / (n + 2)``; ``null_mean = df * c`` is the exact mean of the
        statistic under H0 (ties="random"; continuous data for the other rules).
    scaled_statistic : float
        ``statistic / c`` (the quantity referred to chi2(df) by ``method="scaled"``).
    n_resamples : int or None
        Monte Carlo replicates of the permutation p-value.
    """

    pvalue_method: str = "chi2"
    observed: Optional[np.ndarray] = None
    expected: Optional[np.ndarray] = None
    cell_probs: Optional[np.ndarray] = None
    cell_edges: Optional[np.ndarray] = None
    placement_values: Optional[np.ndarray] = None
    cell_index: Optional[np.ndarray] = None
    n_pos: int = 0
    n_neg: int = 0
    ties: str = "random"
    inflation: float = float("nan")
    null_mean: float = float("nan")
    scaled_statistic: float = float("nan")
    n_resamples: Optional[int] = None
    pos_label: object = None

    @property
    def cells(self):
        """Number of cells k."""
        return 0 if self.observed is None else int(self.observed.size)

    def summary(self):
        p_how = {"chi2": "chi-square, %s df (paper)" % _fmt(self.df),
                 "scaled": "statistic / c vs chi-square, %s df" % _fmt(self.df),
                 "permutation": "Monte Carlo permutation, %s replicates" % self.n_resamples}
        rows = [("statistic (21)", self.statistic), ("df", self.df),
                ("p-value", self.pvalue), ("p-value method", p_how.get(self.pvalue_method)),
                ("cells", self.cells),
                ("min expected count", float(np.min(self.expected))
                 if self.expected is not None and self.expected.size else float("nan")),
                ("null mean of statistic", self.null_mean),
                ("inflation c", self.inflation), ("statistic / c", self.scaled_statistic),
                ("positives (n, pi_1)", self.n_pos), ("negatives (m, pi_0)", self.n_neg),
                ("ties", self.ties)]
        return Summary(self.method, rows,
                       notes=["H0: ROC(v) = v (both classes from one distribution)."])


@dataclass(frozen=True, eq=False)
class ROCRuleResult:
    """Result of :func:`roc_gof_rule` (Rossa's section-4 rule).

    Attributes
    ----------
    variable : object
        The chosen variable (its name, or its column index when no names were given).
    variable_index : int
    statistics : ndarray of shape (p,)
        Rossa's statistic (21) of every variable; ``variable_index`` is its argmax
        (first one on ties).
    threshold : float
        The chosen variable's threshold closest to (0, 1) on its empirical ROC curve;
        ``x >= threshold`` is positive for direction "<", ``x <= threshold`` for ">".
    direction : {"<", ">"}
    sensitivity, specificity : float
        The operating point of the threshold.
    distance : float
        Euclidean distance of that point to (0, 1).
    variable_names : tuple
    """

    variable: object
    variable_index: int
    statistics: np.ndarray
    threshold: float
    direction: str
    sensitivity: float
    specificity: float
    distance: float
    variable_names: tuple = field(default=())
    cells: Optional[int] = None
    ties: str = "random"

    def predict(self, X):
        """Classify the rows of ``X`` (same columns as in the fit) with the rule:
        True (positive) when the chosen variable is ``>= threshold`` (direction "<")
        or ``<= threshold`` (direction ">")."""
        X = as_float_array(X, "X", ndim=(2,))
        x = X[:, self.variable_index]
        return x >= self.threshold if self.direction == "<" else x <= self.threshold

    def summary(self):
        rows = [("variable", self.variable), ("threshold", self.threshold),
                ("rule", "positive if %s %s %s" % (self.variable,
                                                   ">=" if self.direction == "<" else "<=",
                                                   _fmt(self.threshold))),
                ("sensitivity", self.sensitivity), ("specificity", self.specificity),
                ("distance to (0, 1)", self.distance)]
        rows += [("statistic[%s]" % name, s)
                 for name, s in zip(self.variable_names, self.statistics)]
        return Summary("Rossa's rule: largest chi-square statistic, threshold closest "
                       "to (0, 1)", rows)

    def _repr_html_(self):
        return self.summary()._repr_html_()


# --------------------------------------------------------------------------- public
def roc_gof_test(y_true, x, *, pos_label=None, cells=None, method="chi2", ties="random",
                 n_resamples=9999, random_state=None):
    r"""Rossa's chi-square goodness-of-fit test of H0: ROC(v) = v.

    The positives (:math:`\pi_1`, ``y_true == pos_label``, ``n`` of them) form the
    empirical distribution function :math:`G_n`; each negative (:math:`\pi_0`, ``m`` of
    them) gets the cell index :math:`n G_n(C_j) \in \{0, \dots, n\}` (formula 20), which
    under H0 is uniform with :math:`p_i = 1/(n+1)` (19).  The statistic is Pearson's
    :math:`T = \sum_i (O_i - m p_i)^2 / (m p_i)` (21) with ``n`` degrees of freedom
    (Rossa, "Classification tree based on receiver operating characteristic curves";
    see :mod:`rocstats.gof._rossa` for the notation, our reading of the paper and the
    exact null distribution).  The test is omnibus: it detects any difference between
    the two class distributions, in either direction, so no ``direction`` is needed.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        Two-class labels; as in :func:`rocstats.auc` (1 / True is positive unless
        ``pos_label`` says otherwise).
    x : array-like of shape (n_samples,)
        One finite numeric variable (score).
    pos_label : label, optional
        The positive class = the paper's :math:`\pi_1` sample.
    cells : None or int
        None (default): the paper's ``n + 1`` cells, one per value of
        :math:`n G_n(C)`, df = n.  ``k``: group the n + 1 values into ``k`` cells of
        consecutive values as evenly as possible (cell j holds values
        ``floor(j(n+1)/k) .. floor((j+1)(n+1)/k) - 1``) with the exact probabilities
        ``size_j / (n+1)`` (equal only when k divides n + 1); df = k - 1.  Must satisfy
        ``2 <= k <= n + 1`` (ValueError otherwise).
    method : {"chi2", "scaled", "permutation"}
        How the p-value is obtained:

        * ``"chi2"`` (the paper): chi-square with ``k - 1`` df.  **Anti-conservative**
          unless the negatives are few compared with the positives: the placement values
          share one positive sample, so the counts are Dirichlet-multinomial and the
          null mean of T is ``(k - 1)(m + n + 1)/(n + 2)``, not ``k - 1``.  With the
          n + 1 cells the expected counts m/(n+1) are moreover usually below 5.  Warns
          (:class:`GOFApproximationWarning`) when the inflation exceeds 10 % or an
          expected count is below 5.
        * ``"scaled"``: ``T / c`` with ``c = (m + n + 1)/(n + 2)`` referred to
          chi-square with ``k - 1`` df.  Valid (simulated sizes within Monte Carlo
          error of the nominal level) for grouped cells with expected counts ``m p_j >=
          5``; warns when an expected count is below 5.  Not recommended with the
          ungrouped cells (right mean, wrong shape: sizes 7-12 % at 5 %).
        * ``"permutation"``: Monte Carlo permutation test: the labels are permuted over
          the pooled sample ``n_resamples`` times (B) and
          :math:`p = (1 + \#\{T^* \ge T\}) / (B + 1)`.  Exact up to Monte Carlo error
          for every m, n, cell choice and tie rule; use it for small samples and
          whenever the chi-square conditions fail.  Cost O(B (n + m)) time (vectorised
          in blocks of about 2 million entries).  With very small samples the
          smallest attainable p-value is limited by the C(n + m, n) orderings (and by
          1 / (B + 1)), and a discrete statistic makes the test conservative.
    ties : {"random", "upper", "lower"}
        Rule for a negative tied with positives.  ``"random"`` (default): ties broken by
        a uniformly random order of the pooled sample drawn from ``random_state``, which
        keeps the null law (uniform cells) exact for discrete data; nothing random is
        drawn when no negative equals a positive.  ``"upper"``: :math:`\#\{X_i \le
        C_j\}` (formula 20 read literally), ``"lower"``: :math:`\#\{X_i < C_j\}`; both
        deterministic, but with ties their cell probabilities are not 1/(n+1), so the
        chi-square methods warn and only the permutation p-value stays exact.
    n_resamples : int
        B, the number of permutations for ``method="permutation"``.
    random_state : None, int, numpy.random.Generator or SeedSequence
        Seeds the tie-breaking and the permutations (``numpy.random.default_rng``).

    Returns
    -------
    GOFTestResult
        ``statistic``, ``df``, ``pvalue``, ``observed`` / ``expected`` counts,
        ``cell_probs``, ``cell_edges``, ``placement_values`` (:math:`G_n(C_j)`),
        ``cell_index``, ``null_mean``, ``inflation``, ``summary()``.  With one class
        absent: every number NaN and an :class:`rocstats.UndefinedAUCWarning`.

    Examples
    --------
    Positives 0.35, 0.55, 0.75 (n = 3, cells 0..3, p_i = 1/4) and eight negatives.
    Five negatives lie below every positive (cell 0), 0.4 and 0.5 are above one
    (cell 1), 0.6 above two (cell 2), none above all three: O = (5, 2, 1, 0), expected
    8/4 = 2 each, so T = (9 + 0 + 1 + 4) / 2 = 7 on 3 df:

    >>> import rocstats
    >>> y = [1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0]
    >>> x = [0.35, 0.55, 0.75, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.25, 0.15]
    >>> import warnings
    >>> with warnings.catch_warnings():        # it warns: expected counts 2 < 5, ...
    ...     warnings.simplefilter("ignore", rocstats.GOFApproximationWarning)
    ...     r = rocstats.roc_gof_test(y, x)
    >>> r.observed.tolist(), r.statistic, r.df, round(r.pvalue, 4)
    ([5, 2, 1, 0], 7.0, 3, 0.0719)
    >>> r.placement_values.round(4).tolist()
    [0.0, 0.0, 0.0, 0.3333, 0.3333, 0.6667, 0.0, 0.0]

    The exact null mean of T here is 3 (8 + 3 + 1) / 5 = 7.2, not 3: the chi-square
    p-value is far too small.  Enumerating the C(11, 3) = 165 equally likely orderings of
    the labels, 82 give T >= 7: the exact p-value is 82/165 = 0.497, which the
    permutation p-value estimates (Monte Carlo SE here 0.0016):

    >>> r.null_mean
    7.2
    >>> p = rocstats.roc_gof_test(y, x, method="permutation", n_resamples=99999,
    ...                           random_state=0).pvalue
    >>> round(p, 2)
    0.5
    """
    if method not in METHODS:
        raise ValueError("method must be one of %s, got %r" % (METHODS, method))
    _check_ties(ties)
    if method == "permutation":
        if (isinstance(n_resamples, (bool, np.bool_))
                or not isinstance(n_resamples, numbers.Integral) or n_resamples < 1):
            raise ValueError("n_resamples must be a positive integer, got %r" % (n_resamples,))
        n_resamples = int(n_resamples)
    labels, score = check_binary(y_true, x, pos_label=pos_label, score_name="x")
    is_pos, label = labels.is_pos, labels.pos_label
    x_pos = np.ascontiguousarray(score[is_pos])
    x_neg = np.ascontiguousarray(score[~is_pos])
    n, m = x_pos.size, x_neg.size
    title = "Rossa's chi-square goodness-of-fit test of ROC(v) = v"
    if warn_one_class(n, m, "Rossa's goodness-of-fit test"):
        nan = float("nan")
        return GOFTestResult(statistic=nan, pvalue=nan, estimate=None, method=title,
                             alternative="ROC(v) != v", df=nan, distribution="chi2",
                             pvalue_method=method, n_pos=n, n_neg=m, ties=ties,
                             pos_label=label)
    k = _check_cells(cells, n)
    rng = np.random.default_rng(random_state)
    if method == "permutation":
        is_pos_sorted, ref, idx = _pooled_order(x_pos, x_neg, ties=ties, rng=rng)
    else:   # the generator is consumed only by ties="random" on tied data
        idx = _cell_index(x_pos, x_neg, ties=ties, rng=rng)
    edges = cell_edges(n, k)
    probs = np.diff(edges) / (n + 1.0)
    expected = m * probs
    cellmap = np.repeat(np.arange(k, dtype=np.int64), np.diff(edges))   # value -> cell
    observed = np.bincount(cellmap[idx], minlength=k)
    statistic = _pearson(observed, expected)
    df = k - 1
    c = inflation_factor(n, m)
    null_mean = df * (m + n + 1.0) / (n + 2.0)

    if method == "permutation":
        tstar = _permutation_statistics(is_pos_sorted, ref, cellmap, expected, n_resamples, rng)
        # relative tolerance: T and T* are the same sum of the same integers, computed
        # in a possibly different order
        hits = int(np.count_nonzero(tstar >= statistic * (1.0 - 1e-12)))
        pvalue = (1.0 + hits) / (n_resamples + 1.0)
        distribution = "permutation"
    else:
        problems = []
        if expected.min() < MIN_EXPECTED:
            problems.append("expected cell counts are as low as %.3g (< %g) with m = %d "
                            "negatives in %d cells" % (expected.min(), MIN_EXPECTED, m, k))
        if method == "chi2" and c > _MAX_INFLATION:
            problems.append("the placement values share one positive sample, so under H0 "
                            "the statistic has mean %.4g, not df = %d (inflation c = "
                            "(m+n+1)/(n+2) = %.3g) and this p-value is too small"
                            % (null_mean, df, c))
        if ties != "random" and np.any(np.isin(x_neg, x_pos)):
            problems.append("negatives tied with positives under ties=%r make the cell "
                            "probabilities differ from 1/(n+1)" % ties)
        if problems:
            warnings.warn("Rossa's chi-square p-value is unreliable: " + "; ".join(problems)
                          + ". Use method='permutation' (exact up to Monte Carlo error), or "
                          "cells=k with k <= m/5 (here <= %d) and method='scaled'"
                          % max(m // 5, 2) + ("" if ties == "random" else
                                              ", and ties='random'"),
                          GOFApproximationWarning, stacklevel=2)
        ref_stat = statistic if method == "chi2" else statistic / c
        pvalue = float(special.chdtrc(df, ref_stat))      # = scipy.stats.chi2.sf(ref_stat, df)
        distribution = "chi2"
    return GOFTestResult(
        statistic=statistic, pvalue=pvalue, estimate=None, method=title,
        alternative="ROC(v) != v", df=df, distribution=distribution,
        pvalue_method=method, observed=observed, expected=expected, cell_probs=probs,
        cell_edges=edges, placement_values=idx / float(n), cell_index=idx, n_pos=n,
        n_neg=m, ties=ties, inflation=c, null_mean=null_mean,
        scaled_statistic=statistic / c,
        n_resamples=n_resamples if method == "permutation" else None, pos_label=label)


def roc_gof_rule(y_true, X, *, pos_label=None, variable_names=None, cells=None,
                 ties="random", direction="<", random_state=None):
    r"""Rossa's classification rule (section 4): the variable with the largest
    chi-square statistic and its threshold closest to (0, 1).

    For every column of ``X`` the statistic (21) of :func:`roc_gof_test` is computed on
    the same rows; the variable with the largest statistic (the one whose ROC curve
    departs most from the diagonal) is chosen, and its threshold is the point of its
    empirical ROC curve closest to the perfect point (0, 1), i.e. the minimiser of
    :math:`(1 - \mathrm{Se})^2 + (1 - \mathrm{Sp})^2`
    (:func:`rocstats.best_threshold` with ``method="closest_topleft"``).

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        Two-class labels (positive = :math:`\pi_1`, see :func:`roc_gof_test`).
    X : array-like of shape (n_samples, p)
        The candidate variables, finite.  A pandas DataFrame's column names are used as
        ``variable_names``.
    pos_label : label, optional
    variable_names : sequence of p names, optional
    cells : None or int
        Cells of the statistic (as in :func:`roc_gof_test`); the same for every variable.
    ties : {"random", "upper", "lower"}
        Tie rule of the statistic (as in :func:`roc_gof_test`).  With "random" and tied
        data the choice of variable can depend on ``random_state``; pass a seed (or a
        deterministic rule) for a reproducible rule.
    direction : {"<", ">", "best"}
        Orientation of the threshold: ``"<"`` classifies ``x >= threshold`` as positive,
        ``">"`` classifies ``x <= threshold`` as positive.  ``"best"`` takes, for the
        chosen variable, the orientation whose closest point is nearer to (0, 1) (ties:
        "<"), as a tree split must; it is chosen from the data, so the reported
        sensitivity / specificity are optimistic.  The statistic itself does not depend
        on the orientation.
    random_state : None, int, numpy.random.Generator or SeedSequence
        Seeds the tie-breaking of ``ties="random"``.

    Returns
    -------
    ROCRuleResult
        ``variable``, ``variable_index``, ``statistics`` (one per variable),
        ``threshold``, ``direction``, ``sensitivity``, ``specificity``, ``distance``,
        ``predict(X)``, ``summary()``.

    Examples
    --------
    Variable "a" separates the classes except for one pair, "b" is noise:

    >>> import rocstats
    >>> y = [0, 0, 0, 0, 1, 1, 1, 1]
    >>> X = [[0.1, -1], [0.2, 1], [0.3, 4], [0.6, 6.5],       # negatives
    ...      [0.5, 3], [0.55, 6], [0.8, 7], [0.9, 0]]         # positives
    >>> r = rocstats.roc_gof_rule(y, X, variable_names=["a", "b"])
    >>> r.variable, r.threshold, r.sensitivity, r.specificity
    ('a', 0.4, 1.0, 0.75)
    >>> r.statistics.tolist()     # a: O = (3, 0, 1, 0, 0); b: O = (1, 1, 1, 1, 0)
    [8.5, 1.0]
    """
    from ..roc._thresholds import best_threshold

    if direction not in _DIRECTIONS:
        raise ValueError("direction must be one of %s, got %r" % (_DIRECTIONS, direction))
    _check_ties(ties)
    if variable_names is None and hasattr(X, "columns"):
        variable_names = list(X.columns)
    Xa = as_float_array(X, "X", ndim=(2,))
    y = as_label_array(y_true)
    if Xa.shape[0] != y.shape[0]:
        raise ValueError("y_true has %d rows but X has %d" % (y.shape[0], Xa.shape[0]))
    p = Xa.shape[1]
    if p == 0:
        raise ValueError("X has no columns")
    if variable_names is None:
        variable_names = tuple(range(p))
    else:
        variable_names = tuple(variable_names)
        if len(variable_names) != p:
            raise ValueError("variable_names has %d names but X has %d columns"
                             % (len(variable_names), p))
    is_pos, _ = positive_mask(y, pos_label)
    n = int(is_pos.sum())
    m = is_pos.size - n
    if warn_one_class(n, m, "Rossa's rule"):
        nan = float("nan")
        return ROCRuleResult(None, -1, np.full(p, np.nan), nan, "<", nan, nan, nan,
                             variable_names, cells, ties)
    k = _check_cells(cells, n)
    rng = np.random.default_rng(random_state)
    stat = np.array([_gof_statistic(np.ascontiguousarray(Xa[is_pos, j]),
                                    np.ascontiguousarray(Xa[~is_pos, j]),
                                    cells=None if k == n + 1 else k, ties=ties, rng=rng)
                     for j in range(p)])
    j = int(np.argmax(stat))
    col = Xa[:, j]
    yy = is_pos.astype(np.int8)            # labels as 1 / 0: pos_label already applied
    cands = ["<", ">"] if direction == "best" else [direction]
    fits = [(best_threshold(yy, col, method="closest_topleft", direction=d), d) for d in cands]
    best, d = min(fits, key=lambda t: t[0].criterion)   # min keeps the first ("<") on ties
    return ROCRuleResult(variable=variable_names[j], variable_index=j, statistics=stat,
                         threshold=best.threshold, direction=d,
                         sensitivity=best.sensitivity, specificity=best.specificity,
                         distance=float(np.sqrt(best.criterion)),
                         variable_names=variable_names,
                         cells=None if k == n + 1 else k, ties=ties)
