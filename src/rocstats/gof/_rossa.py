r"""Rossa's chi-square goodness-of-fit test of H0: ROC(v) = v, and her classification rule.

Reference: A. Rossa, "Classification tree based on receiver operating characteristic
curves" (seed 003); equation numbers below are the paper's.

Notation (the paper's, sections 1-3)
------------------------------------
An individual is assigned to :math:`\pi_0` when its score exceeds a threshold
(section 1 and section 4), and the ROC curve plots :math:`P(X > x \mid \pi_0)` against
:math:`P(X > x \mid \pi_1)` (section 2, (9)).  So:

* :math:`\pi_0`, sample :math:`C_1, \dots, C_m` (2), (8), CDF :math:`F`: the
  **positive** class (``y_true == pos_label``, higher scores), of size ``m``;
* :math:`\pi_1`, sample :math:`Z_1, \dots, Z_n` (1), (7), CDF :math:`G`: the
  **negative** class (the controls), of size ``n``.

(The paper codes :math:`Y = 0` for :math:`\pi_0` (6); rocstats' ``pos_label`` names
:math:`\pi_0`.)  Results carry ``n_pos`` (= m) and ``n_neg`` (= n) by name.

* (9): :math:`ROC(v) = 1 - F(G^{-1}(1 - v))`, the true positive rate at false positive
  rate ``v``;
* (16): ROC is the CDF of :math:`W = 1 - G(C)`, so H0 (15), ROC(v) = v, is equivalent to
  (17): :math:`G(C) \sim U[0, 1]` (for continuous G);
* (10): :math:`G_n(x) = \frac1n \sum_i 1(Z_i \le x)`, the (right-continuous) EDF of the
  **negatives**;
* (20): the sample :math:`G_n(C_1), \dots, G_n(C_m)` -- the *placement values* of the
  positives in the negative sample.  The cell index of :math:`C_j` is
  :math:`i = n G_n(C_j) = \#\{Z \le C_j\} \in \{0, \dots, n\}`;
* (18)-(19): under H0 each index is discrete uniform, :math:`p_i = 1/(n+1)`;
* (21): Pearson's statistic

  .. math:: \chi^2 = \sum_{i=0}^{n} \frac{(m_i - m p_i)^2}{m p_i}

  with :math:`m_i` the number of positives in cell i, referred by the paper to
  chi-square with ``n`` degrees of freedom (n = number of **negatives**).

Example: positives 3, 4, 5 and negatives 1, 2 (m = 3, n = 2): every positive exceeds
both negatives, the counts are (0, 0, 3) against 1 expected in each of the 3 cells, the
statistic is 6 on 2 df.

Exact null distribution
-----------------------
The ``m`` placement values all refer to the *same* negative sample, so they are not
independent and the counts :math:`O_0, \dots, O_n` are **not** multinomial (the marginal
law (19) is right, the joint law is not that of m independent draws).  Under H0 the
pooled sample is exchangeable: every one of the :math:`\binom{m+n}{m}` orderings of the
labels is equally likely, and the count vector is in one-to-one correspondence with the
ordering (:math:`O_i` = positives between the i-th and (i+1)-th negative).  It is
therefore *uniform over the compositions of m into n+1 parts* (Bose-Einstein), i.e.
Dirichlet-multinomial with m trials and all n + 1 parameters 1.  Grouping the n+1 values
into cells of sizes :math:`s_1, \dots, s_k` gives a Dirichlet-multinomial with
parameters :math:`s_j` (sum :math:`\alpha_0 = n + 1`); its covariance is the
multinomial one times :math:`(m + \alpha_0)/(1 + \alpha_0)`:

.. math:: c = \frac{m + n + 1}{n + 2} \quad (m \text{ positives}, n \text{ negatives}),

so :math:`E_0[\chi^2] = (k - 1)\, c` exactly, not ``k - 1``.  The paper's n-df
chi-square reference therefore rejects far too often unless the positives are few
compared with the negatives (m = n = 50: nominal 5 %, actual about 90 %; the
``rossa_mc`` validation suite).  Both facts (uniform compositions, the mean) are checked by
exact enumeration in the unit tests.

P-values
--------
* ``method="exact"``: :math:`P_0(\chi^2 \ge \chi^2_{obs})` under the uniform law over
  compositions, by a dynamic programme over the cells (below).  Exact (up to float
  rounding of probabilities, never of the comparison) whenever that law is the null:
  ``ties="random"``, or no tied values at all in the pooled sample.
* ``method="permutation"``: Monte Carlo permutation p-value
  :math:`(1 + \#\{T^* \ge T\}) / (B + 1)`; valid for every m, n, cells and tie rule.
* ``method="auto"`` (default): ``"exact"`` when it applies (previous point) and its
  work estimate is small (at most `EXACT_WORK_LIMIT`, or at most the estimated
  work of the permutation p-value), else ``"permutation"``.
* ``method="chi2"``: the paper's chi-square reference with ``k - 1`` df (``k = n + 1``
  cells by default).  Kept because it is the published test; anti-conservative, it warns
  (`GOFApproximationWarning`).
* ``method="scaled"``: :math:`\chi^2 / c` referred to chi-square with ``k - 1`` df, an
  approximation for grouped cells with expected counts >= 5.

The dynamic programme.  Pearson's statistic is
:math:`\chi^2 = \frac{n+1}{m} \sum_j O_j^2 / s_j - m`, an increasing function of
:math:`S = \sum_j w_j O_j^2` with the integer weights :math:`w_j = L / s_j`
(:math:`L` = lcm of the cell sizes; the sizes differ by at most one, so
every :math:`w_j = 1` when the sizes are equal, as for the n + 1 cells, and
:math:`w_j \in \{s+1, s\}` for cells of sizes s and s + 1).  S is an integer, so
:math:`\chi^2 \ge \chi^2_{obs} \iff S \ge S_{obs}` is decided exactly, in the
permutation p-value too.  Processing the cells in order, the count of cell j given the
``r`` positives left for the ``R`` values left is (Dirichlet-multinomial, uniform
compositions)

.. math:: P(O_j = a \mid r, R) = \binom{a + s_j - 1}{s_j - 1}
          \binom{r - a + R - s_j - 1}{R - s_j - 1} \Big/ \binom{r + R - 1}{R - 1};

the state is (positives used, partial S capped at :math:`S_{obs}`: S never decreases,
so every value :math:`\ge S_{obs}` is one absorbing state).  The work is
:math:`O(k \cdot m \cdot S_{obs} \sqrt{S_{obs}})` array operations (reported as
``exact_work``).

Ties
----
A positive tied with negatives needs a rule for :math:`n G_n(C_j)`:

* ``ties="random"`` (default): ties broken by an independent uniform random order of
  the pooled sample (drawn from ``random_state``); the cell index is then the number of
  negatives before :math:`C_j` in that order.  Under H0 the label arrangement is uniform
  whatever the ties, so the null law above holds **exactly** even for discrete data.
  Without ties in the pooled sample nothing random is drawn.
* ``ties="upper"``: :math:`\#\{Z_i \le C_j\}` -- the EDF (10) read literally.
  Deterministic; with ties the cell probabilities are no longer 1/(n+1) (a constant
  variable puts every positive in cell n).
* ``ties="lower"``: :math:`\#\{Z_i < C_j\}`.  Deterministic, mirror image of "upper".

A "mid" rule (count ties 1/2) is not offered: it gives half-integer indices that belong
to no cell.  The permutation p-value is valid under every rule (it permutes labels over
the observed values, ties included).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, Optional, Sequence, Union  # noqa: F401

from .._typing import ArrayLike, Direction, Jobs, Label, Range, Seed  # noqa: F401

if TYPE_CHECKING:
    import pandas as pd  # noqa: F401
import numbers
import warnings
from dataclasses import dataclass, field
from typing import Optional

import numpy as np
from scipy import special

from .._results import Summary, TestResult, _fmt
from .._deprecated import renamed
from .._sample import binary_sample
from ._pvalue import (EXACT_MAX_ENTRIES, EXACT_WORK_LIMIT,  # noqa: F401
                      PERMUTATION_ENTRY_WORK, _exact_sf, _exact_sf_table, _exact_work,
                      _permutation_scores, permutation_pvalue)
from ._rule import ROCRuleResult, roc_gof_rule  # noqa: F401
from ._statistic import (TIES, _cell_index, _check_cells, _check_ties,  # noqa: F401
                         _gof_statistic, _has_ties, _pearson, _pooled_order, cell_edges,
                         cell_probs, inflation_factor, score_weights)

__all__ = ["roc_gof_test", "roc_gof_rule", "GOFTestResult", "ROCRuleResult",
           "GOFApproximationWarning"]

METHODS = ("auto", "exact", "permutation", "chi2", "scaled")
#: minimum expected count of the chi-square rule of thumb
MIN_EXPECTED = 5.0
#: ``method="chi2"`` warns when the exact null mean exceeds df by more than this factor
_MAX_INFLATION = 1.1
class GOFApproximationWarning(UserWarning):
    """The chi-square reference of Rossa's test is known to be poor for this input."""


@dataclass(frozen=True, eq=False)
class GOFTestResult(TestResult):
    r"""Result of `roc_gof_test` (a `rocstats.TestResult` with the cells).

    Attributes
    ----------
    statistic : float
        Pearson's statistic (21), whatever the p-value method.
    pvalue : float
    df : int
        ``k - 1`` (``n``, the number of negatives, for the paper's n + 1 cells).
    distribution : {"exact", "permutation", "chi2"}
        The reference distribution of the p-value.
    pvalue_method : {"exact", "permutation", "chi2", "scaled"}
        The method that produced ``pvalue`` (what ``"auto"`` resolved to).
    requested_method : {"auto", "exact", "permutation", "chi2", "scaled"}
        The ``method`` argument.
    observed, expected, cell_probs : ndarray of shape (k,)
        Cell counts of the positives, ``m * cell_probs`` and the exact null cell
        probabilities (19).
    cell_edges : ndarray of shape (k + 1,)
        Cell ``j`` holds ``n G_n(C)`` values ``cell_edges[j] .. cell_edges[j+1] - 1``.
    placement_values : ndarray of shape (m,)
        G_n(C_j) (20) under the tie rule, for the positives in input order;
        ``cell_index = n * placement_values`` as integers.
    cell_index : ndarray of int64, shape (m,)
    n_pos, n_neg : int
        m (positives, :math:`\pi_0`, the sample C) and n (negatives, :math:`\pi_1`,
        the sample Z whose EDF G_n defines the cells).
    inflation : float
        ``c = (m + n + 1) / (n + 2)``; ``null_mean = df * c`` is the exact mean of the
        statistic under H0 (ties="random"; untied data for the other rules).
    scaled_statistic : float
        ``statistic / c`` (the quantity referred to chi2(df) by ``method="scaled"``).
    score : int
        :math:`S = \sum_j w_j O_j^2`, the integer the exact and permutation p-values
        compare (``statistic = (n + 1) S / (m L) - m``, see `score_weights`).
    exact_work : float
        Work estimate of the exact dynamic programme (NaN when not considered, i.e. for
        "chi2", "scaled" and "permutation"); see ``method="auto"`` in
        `roc_gof_test` for how it decides.
    n_resamples : int or None
        Monte Carlo replicates of the permutation p-value (None for other methods).
    """

    pvalue_method: str = "exact"
    requested_method: str = "auto"
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
    score: Optional[int] = None
    exact_work: float = float("nan")
    n_resamples: Optional[int] = None
    pos_label: object = None

    @property
    def cells(self):
        """Number of cells k."""
        return 0 if self.observed is None else int(self.observed.size)

    def summary(self):
        p_how = {"chi2": "chi-square, %s df (paper)" % _fmt(self.df),
                 "scaled": "statistic / c vs chi-square, %s df" % _fmt(self.df),
                 "exact": "exact (uniform compositions, dynamic programme)",
                 "permutation": "Monte Carlo permutation, %s replicates" % self.n_resamples}
        how = p_how.get(self.pvalue_method)
        if self.requested_method == "auto" and self.pvalue_method in p_how:
            how = "auto: " + how
        rows = [("statistic (21)", self.statistic), ("df", self.df),
                ("p-value", self.pvalue), ("p-value method", how),
                ("cells", self.cells),
                ("min expected count", float(np.min(self.expected))
                 if self.expected is not None and self.expected.size else float("nan")),
                ("null mean of statistic", self.null_mean),
                ("inflation c", self.inflation), ("statistic / c", self.scaled_statistic),
                ("positives (m, pi_0, sample C)", self.n_pos),
                ("negatives (n, pi_1, EDF G_n)", self.n_neg),
                ("ties", self.ties)]
        return Summary(self.method, rows,
                       notes=["H0: ROC(v) = v (both classes from one distribution)."])


# --------------------------------------------------------------------------- public
@renamed(x="y_score", n_resamples="n_boot")
def roc_gof_test(y_true: ArrayLike, y_score: Optional[ArrayLike] = None, *,
                 pos_label: Label = None, cells: Optional[int] = None, method: str = "auto",
                 ties: str = "random", n_boot: int = 9999, random_state: Seed = None
        ) -> GOFTestResult:
    r"""Rossa's chi-square goodness-of-fit test of H0: ROC(v) = v (seed 003, section 3).

    Each positive is placed in one of n + 1 cells by the number of the n negatives at or
    below it; under H0 (both classes have the same distribution) the cells are equally
    likely, and the statistic is Pearson's chi-square T of the cell counts (the paper's
    eq. 21).  The test is omnibus: it detects any difference between the two class
    distributions, in either direction.  Notation, equations and the exact null
    distribution in the Notes.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        Two-class labels; as in `rocstats.auc` (1 / True is positive unless
        ``pos_label`` says otherwise).
    y_score : array-like of shape (n_samples,)
        One finite numeric variable (score; higher = more positive, though the
        ungrouped statistic does not depend on the orientation).
    pos_label : label, optional
        The positive class = the paper's pi_0 (sample C, whose placement
        values are counted); the other class is pi_1 (sample Z, the EDF).
    cells : None or int
        None (default): the paper's ``n + 1`` cells, one per value of
        n G_n(C), df = n (negatives).  ``k``: group the n + 1 values into ``k``
        cells of consecutive values as evenly as possible (cell j holds values
        ``floor(j(n+1)/k) .. floor((j+1)(n+1)/k) - 1``) with the exact probabilities
        ``size_j / (n+1)`` (equal only when k divides n + 1); df = k - 1.  Must satisfy
        ``2 <= k <= n + 1`` (ValueError otherwise).
    method : {"auto", "exact", "permutation", "chi2", "scaled"}
        How the p-value is obtained (the statistic is the same):

        * ``"auto"`` (default): ``"exact"`` when (a) ``ties="random"`` or the pooled
          sample has no tied values, **and** (b) the exact programme is cheap: its
          work estimate ``W`` is at most ``max(EXACT_WORK_LIMIT, 15 * n_boot *
          (m + n))`` -- 2e7 (about 0.05 s), or the estimated work of the permutation
          p-value if that is larger -- and its table has at most
          `EXACT_MAX_ENTRIES` entries, ``(m + 1)(S + 1) <= 1e7``.  Otherwise
          ``"permutation"`` with ``n_boot`` and ``random_state``.  ``W``
          (``exact_work`` in the result) is, summed over the k cells j,
          :math:`2 \cdot 10^4 + 3 (m+1)(S+1) + 10 (m+1)^2 + \sum_{a \le m,\, w_j a^2 < S}
          (m - a + 1)(S - w_j a^2)`, with :math:`S = \sum_j w_j O_j^2` the observed
          integer score (``score``; w_j = 1 for the n + 1 cells).  It grows with
          m and with the statistic: under H0 with the n + 1 cells and the default
          ``n_boot``, m = n = 60 is typically exact and m = n = 100 typically not;
          a sample with many positives per cell (m >> n) goes to the permutation
          p-value.  ``pvalue_method`` says which one was used; both hold their size
          (the ``rossa_mc`` validation suite).
        * ``"exact"``: the exact null p-value P0(T >= T_obs), with the count
          vector uniform over the binomial(m + n, m) compositions of m into n + 1
          parts (Dirichlet-multinomial for grouped cells), by a dynamic programme over
          the cells on (positives used, sum_j w_j O_j^2 as an integer): no
          Monte Carlo error, and the comparison is exact.  Valid when (a) holds;
          ValueError otherwise (with ``ties="upper"`` / ``"lower"`` on tied data the
          null law is not uniform, use ``"permutation"``), and ValueError when its
          table would exceed `EXACT_MAX_ENTRIES` entries.  A discrete statistic
          makes any exact test conservative at levels it cannot attain.
        * ``"permutation"``: Monte Carlo permutation test: the labels are permuted over
          the pooled sample ``n_boot`` times (B) and
          p = (1 + #{T* >= T}) / (B + 1).  Valid (exact up to Monte Carlo
          error) for every m, n, cell choice and tie rule.  Cost O(B (m + n)) time
          (vectorised in blocks of about 2 million entries).
        * ``"chi2"`` (the paper, (21) with n df): chi-square with ``k - 1`` df.
          **Anti-conservative** unless the positives are few compared with the
          negatives: the placement values share one negative sample, so the counts are
          Dirichlet-multinomial and the null mean of T is ``(k - 1)(m + n + 1)/(n +
          2)``, not ``k - 1`` (sizes 33-92 % at the 5 % level in the ``rossa_mc`` suite).
          With the n + 1 cells the expected counts m/(n+1) are moreover usually below
          5.  Warns (`GOFApproximationWarning`) when the inflation exceeds 10 %
          or an expected count is below 5.
        * ``"scaled"``: ``T / c`` with ``c = (m + n + 1)/(n + 2)`` referred to
          chi-square with ``k - 1`` df.  An approximation for grouped cells with
          expected counts ``m p_j >= 5`` (warns otherwise); not recommended with the
          ungrouped cells (right mean, wrong shape).
    ties : {"random", "upper", "lower"}
        Rule for a positive tied with negatives.  ``"random"`` (default): ties broken by
        a uniformly random order of the pooled sample drawn from ``random_state``, which
        keeps the null law (uniform compositions) exact for discrete data; nothing
        random is drawn when the pooled sample has no ties.  ``"upper"``:
        #{Z_i <= C_j} (the EDF (10) read literally), ``"lower"``:
        #{Z_i < C_j}; both deterministic, but with ties their null law is not
        the uniform one, so ``"auto"`` uses the permutation p-value, ``"exact"`` refuses
        and the chi-square methods warn.
    n_boot : int
        B, the number of permutations for ``method="permutation"`` (and for ``"auto"``
        when it resolves to the permutation p-value).
    random_state : None, int, numpy.random.Generator or SeedSequence
        Seeds the tie-breaking and the permutations (``numpy.random.default_rng``).

    Returns
    -------
    GOFTestResult
        ``statistic``, ``df``, ``pvalue``, ``pvalue_method``, ``observed`` /
        ``expected`` counts, ``cell_probs``, ``cell_edges``, ``placement_values``
        (G_n(C_j) of the positives), ``cell_index``, ``null_mean``,
        ``inflation``, ``exact_work``, ``summary()``.  With one class absent: every
        number NaN and an `rocstats.UndefinedAUCWarning`.

    Notes
    -----
    The negatives (:math:`\pi_1`, sample :math:`Z_1, \dots, Z_n`) form the empirical
    distribution function :math:`G_n` (10); each positive (:math:`\pi_0`, ``y_true ==
    pos_label``, sample :math:`C_1, \dots, C_m`) gets the cell index
    :math:`n G_n(C_j) \in \{0, \dots, n\}` (20), the number of negatives at or below
    it, which under H0 (15) / (17) is uniform with :math:`p_i = 1/(n+1)` (19).  The
    statistic is Pearson's :math:`T = \sum_i (O_i - m p_i)^2 / (m p_i)` (21), which the
    paper refers to chi-square with ``n`` degrees of freedom (n = number of negatives).
    The test is omnibus: it detects any difference between the two class
    distributions, in either direction.  See `rocstats.gof._rossa` for the
    notation, the exact null distribution and the dynamic programme.

    Examples
    --------
    Positives 3, 4, 5 (m = 3) and negatives 1, 2 (n = 2, cells 0..2, p_i = 1/3): every
    positive lies above both negatives (cell 2), so O = (0, 0, 3) against 1 expected in
    each cell, T = 1 + 1 + 4 = 6 on n = 2 df:

    >>> import rocstats
    >>> y = [1, 1, 1, 0, 0]
    >>> x = [3, 4, 5, 1, 2]
    >>> r = rocstats.roc_gof_test(y, x)
    >>> r.observed.tolist(), r.statistic, r.df, r.n_pos, r.n_neg
    ([0, 0, 3], 6.0, 2, 3, 2)
    >>> r.placement_values.tolist()
    [1.0, 1.0, 1.0]

    The default p-value is exact: the C(5, 3) = 10 orderings of the labels are equally
    likely under H0, and 3 of them (all positives in one cell) give T >= 6:

    >>> r.pvalue_method, round(r.pvalue, 12)
    ('exact', 0.3)

    The paper's chi-square reference (2 df) gives exp(-3) = 0.0498, and warns:

    >>> import warnings
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore", rocstats.GOFApproximationWarning)
    ...     c = rocstats.roc_gof_test(y, x, method="chi2")
    >>> round(c.pvalue, 4), r.null_mean          # null mean 2 (3 + 2 + 1) / 4, not 2
    (0.0498, 3.0)

    The permutation p-value estimates the exact one:

    >>> p = rocstats.roc_gof_test(y, x, method="permutation", n_boot=99999,
    ...                           random_state=0).pvalue
    >>> round(p, 2)
    0.3
    """
    if method not in METHODS:
        raise ValueError("method must be one of %s, got %r" % (METHODS, method))
    _check_ties(ties)
    if method in ("auto", "permutation"):
        if (isinstance(n_boot, (bool, np.bool_))
                or not isinstance(n_boot, numbers.Integral) or n_boot < 1):
            raise ValueError("n_boot must be a positive integer, got %r" % (n_boot,))
        n_boot = int(n_boot)
    labels = binary_sample(y_true, y_score, pos_label=pos_label, score_name="y_score")
    is_pos, label, score = labels.is_pos, labels.pos_label, labels.score
    x_pos = np.ascontiguousarray(score[is_pos])
    x_neg = np.ascontiguousarray(score[~is_pos])
    m, n = x_pos.size, x_neg.size
    title = "Rossa's chi-square goodness-of-fit test of ROC(v) = v"
    if labels.undefined("Rossa's goodness-of-fit test"):
        nan = float("nan")
        return GOFTestResult(statistic=nan, pvalue=nan, estimate=None, method=title,
                             alternative="ROC(v) != v", df=nan, distribution="none",
                             pvalue_method=method, requested_method=method, n_pos=m,
                             n_neg=n, ties=ties, pos_label=label)
    k = _check_cells(cells, n)
    rng = np.random.default_rng(random_state)
    if method in ("auto", "exact", "permutation"):
        is_neg_sorted, ref, idx = _pooled_order(x_pos, x_neg, ties=ties, rng=rng)
    else:   # the generator is consumed only by ties="random" on tied data
        idx = _cell_index(x_pos, x_neg, ties=ties, rng=rng)
    edges = cell_edges(n, k)
    sizes = np.diff(edges)
    probs = sizes / (n + 1.0)
    expected = m * probs
    cellmap = np.repeat(np.arange(k, dtype=np.int64), sizes)     # value -> cell
    observed = np.bincount(cellmap[idx], minlength=k)
    statistic = _pearson(observed, expected)
    weights, _ = score_weights(sizes)
    s_obs = int(np.dot(observed.astype(np.int64) ** 2, weights))
    df = k - 1
    c = inflation_factor(n, m)
    null_mean = df * c

    used, work = _choose_method(method, ties, score, m, n, weights, s_obs, n_boot)
    if used == "exact":
        pvalue, distribution = _exact_sf(m, sizes, weights, s_obs), "exact"
    elif used == "permutation":
        pvalue = permutation_pvalue(is_neg_sorted, ref, cellmap, weights, n_boot, rng,
                                    s_obs)
        distribution = "permutation"
    else:
        _warn_chi2(method, expected, m, k, c, null_mean, df, ties, x_pos, x_neg)
        ref_stat = statistic if method == "chi2" else statistic / c
        pvalue = float(special.chdtrc(df, ref_stat))      # = scipy.stats.chi2.sf(ref_stat, df)
        distribution = "chi2"
    return GOFTestResult(
        statistic=statistic, pvalue=pvalue, estimate=None, method=title,
        alternative="ROC(v) != v", df=df, distribution=distribution,
        pvalue_method=used, requested_method=method, observed=observed, expected=expected,
        cell_probs=probs, cell_edges=edges, placement_values=idx / float(n),
        cell_index=idx, n_pos=m, n_neg=n, ties=ties, inflation=c, null_mean=null_mean,
        scaled_statistic=statistic / c, score=s_obs, exact_work=work,
        n_resamples=n_boot if used == "permutation" else None, pos_label=label)


def _choose_method(method, ties, score, m, n, weights, s_obs, n_resamples):
    """``(method used, exact work estimate)``: "exact" when asked (refused without the
    uniform null law or beyond `EXACT_MAX_ENTRIES`), or for "auto" when the null
    law is uniform and the exact programme is cheap; else "permutation"; the chi-square
    references as asked."""
    if method not in ("auto", "exact"):
        return method, float("nan")
    uniform_null = ties == "random" or not _has_ties(score)
    work = _exact_work(m, weights, s_obs)
    if method == "exact":
        if not uniform_null:
            raise ValueError("method='exact' needs the uniform null law: ties='random' "
                             "or no tied values, but y_score has ties and ties=%r; use "
                             "method='permutation' (or 'auto') or ties='random'" % ties)
        if (m + 1.0) * (s_obs + 1.0) > EXACT_MAX_ENTRIES:
            raise ValueError("method='exact' would need a table of %.3g entries (limit "
                             "%d) for m = %d positives; use method='permutation' or "
                             "'auto'" % ((m + 1.0) * (s_obs + 1.0), EXACT_MAX_ENTRIES, m))
        return "exact", work
    budget = max(EXACT_WORK_LIMIT, PERMUTATION_ENTRY_WORK * n_resamples * (m + n))
    cheap = work <= budget and (m + 1.0) * (s_obs + 1.0) <= EXACT_MAX_ENTRIES
    return ("exact" if uniform_null and cheap else "permutation"), work


def _warn_chi2(method, expected, m, k, c, null_mean, df, ties, x_pos, x_neg):
    """The `GOFApproximationWarning` of the chi-square references."""
    problems = []
    if expected.min() < MIN_EXPECTED:
        problems.append("expected cell counts are as low as %.3g (< %g) with m = %d "
                        "positives in %d cells" % (expected.min(), MIN_EXPECTED, m, k))
    if method == "chi2" and c > _MAX_INFLATION:
        problems.append("the placement values share one negative sample, so under H0 "
                        "the statistic has mean %.4g, not df = %d (inflation c = "
                        "(m+n+1)/(n+2) = %.3g) and this p-value is too small"
                        % (null_mean, df, c))
    if ties != "random" and np.any(np.isin(x_pos, x_neg)):
        problems.append("positives tied with negatives under ties=%r make the cell "
                        "probabilities differ from 1/(n+1)" % ties)
    if problems:
        warnings.warn("Rossa's chi-square p-value is unreliable: " + "; ".join(problems)
                      + ". Use method='auto' (the exact or permutation p-value), or "
                      "cells=k with k <= m/5 (here <= %d) and method='scaled'"
                      % max(m // 5, 2) + ("" if ties == "random" else
                                          ", and ties='random'"),
                      GOFApproximationWarning, stacklevel=3)
