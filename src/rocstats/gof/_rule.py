"""Rossa's classification rule (seed 003, section 4), written once: the variable whose
statistic (21) is largest, cut at the point of its empirical ROC curve closest to (0, 1).
`roc_gof_rule` applies it to a data set; the ROC tree's splitter
(`rocstats.tree._splitter.RossaSplitter`) applies it at every node through
`rule_statistics` and `closest_point`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, Optional, Sequence, Union  # noqa: F401

from .._typing import ArrayLike, Direction, Jobs, Label, Range, Seed  # noqa: F401

if TYPE_CHECKING:
    import pandas as pd  # noqa: F401
from dataclasses import dataclass, field
from typing import Optional

import numpy as np

from .._results import Summary, _fmt, _Result
from .._sample import binary_sample
from .._validation import as_float_array
from ._statistic import _check_cells, _check_ties, _gof_statistic

__all__ = ["ROCRuleResult", "roc_gof_rule", "rule_statistics", "closest_point"]

DIRECTIONS = ("<", ">", "best")


def closest_point(is_pos, x, direction):
    """``(squared distance, threshold, direction)`` of the point of the empirical ROC
    curve of ``x`` closest to (0, 1), compared exactly and reported as pROC
    (`rocstats.best_threshold`, ``method="closest_topleft"``): the most sensitive of
    the equally close points, its threshold the midpoint below its score, in the scale
    of ``x``.  ``direction`` "<" (``x >= threshold`` positive), ">" (``x <= threshold``)
    or "best" (the nearer of the two; ties "<").  Both classes must be present."""
    from ..curves._coords import best_indices, proc_thresholds
    from ..curves._curve import roc_counts

    P = int(np.count_nonzero(is_pos))
    N = is_pos.size - P
    fits = []
    for d in (("<", ">") if direction == "best" else (direction,)):
        values, tp, fp = roc_counts(is_pos, x if d == "<" else -x)
        tp = np.r_[0, tp.astype(np.int64)]
        fp = np.r_[0, fp.astype(np.int64)]
        hits, best = best_indices(tp, fp, P, N, "closest.topleft")
        hit = hits[-1]                                  # pROC's order: most sensitive first
        thr = float(proc_thresholds(values)[hit])
        fits.append((float(best), thr if d == "<" else -thr, d, int(tp[hit]), int(fp[hit])))
    return min(fits, key=lambda t: t[0])                # min keeps the first ("<") on ties


def rule_statistics(X, is_pos, *, cells=None, ties="upper", rng=None, splits_only=True):
    """Rossa's statistic (21) of every column of ``X`` on these rows (rows where a column
    is NaN left out of that column).  ``cells=k`` is used where ``k <= n + 1`` (n =
    negatives present), else the n + 1 cells.  ``splits_only`` (a tree node): ``-inf``
    where a column cannot split (a class absent among its present rows, or a single
    distinct value)."""
    out = np.full(X.shape[1], -np.inf)
    for j in range(X.shape[1]):
        x = X[:, j]
        ok = ~np.isnan(x)
        xp, xn = x[ok & is_pos], x[ok & ~is_pos]
        if xp.size == 0 or xn.size == 0:
            continue
        xo = x[ok]
        if splits_only and xo.min() == xo.max():
            continue
        k = cells
        if k is not None and k > xn.size + 1:
            k = None
        out[j] = _gof_statistic(np.ascontiguousarray(xp), np.ascontiguousarray(xn),
                                cells=k, ties=ties, rng=rng)
    return out


@dataclass(frozen=True, eq=False)
class ROCRuleResult(_Result):
    r"""Result of `roc_gof_rule` (Rossa's section-4 rule).

    Attributes
    ----------
    variable : object
        The chosen variable (its name, or its column index when no names were given).
    variable_index : int
    statistics : ndarray of shape (p,)
        Rossa's statistic (21) of every variable; ``variable_index`` is its argmax
        (first one on ties).
    threshold : float
        The chosen variable's threshold closest to (0, 1) on its empirical ROC curve, as
        `rocstats.best_threshold` reports it; ``x >= threshold`` is positive
        (:math:`\pi_0`) for direction "<", ``x <= threshold`` for ">".  On the training
        rows, "<" is the paper's rule :math:`x > x_0` with :math:`x_0` the largest value
        below ``threshold``.
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
        True (positive, :math:`\\pi_0`) when the chosen variable is ``>= threshold``
        (direction "<") or ``<= threshold`` (direction ">")."""
        X = as_float_array(X, "X", ndim=(2,))
        x = X[:, self.variable_index]
        return x >= self.threshold if self.direction == "<" else x <= self.threshold

    def summary(self):
        rows = [("variable", self.variable), ("threshold", self.threshold),
                ("rule", "positive (pi_0) if %s %s %s"
                 % (self.variable, ">=" if self.direction == "<" else "<=",
                    _fmt(self.threshold))),
                ("sensitivity", self.sensitivity), ("specificity", self.specificity),
                ("distance to (0, 1)", self.distance)]
        rows += [("statistic[%s]" % name, s)
                 for name, s in zip(self.variable_names, self.statistics)]
        return Summary("Rossa's rule: largest chi-square statistic, threshold closest "
                       "to (0, 1)", rows)

    def _repr_html_(self):
        return self.summary()._repr_html_()


def roc_gof_rule(y_true: ArrayLike, X: ArrayLike, *, pos_label: Label = None,
                 variable_names: Optional[Sequence[Any]] = None,
                 cells: Optional[int] = None, ties: str = "random",
                 direction: Direction = "<", random_state: Seed = None) -> ROCRuleResult:
    r"""Rossa's classification rule (seed 003, section 4): the variable with the largest
    statistic (21) and its threshold closest to (0, 1).

    For every column of ``X``, Rossa's statistic (21) of `roc_gof_test` on the same
    rows; the largest wins, and its threshold is the point of its empirical ROC curve
    closest to (0, 1) (`rocstats.best_threshold` with ``method="closest_topleft"``); an
    individual above it is assigned to the positive class (details in the Notes).

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        Two-class labels (positive = :math:`\pi_0`, see `roc_gof_test`).
    X : array-like of shape (n_samples, p)
        The candidate variables, finite.  A pandas DataFrame's column names are used as
        ``variable_names``.
    pos_label : label, optional
    variable_names : sequence of p names, optional
    cells : None or int
        Cells of the statistic (as in `roc_gof_test`; ``k <= n + 1`` with n the
        number of negatives); the same for every variable.
    ties : {"random", "upper", "lower"}
        Tie rule of the statistic (as in `roc_gof_test`).  With "random" and tied
        data the choice of variable can depend on ``random_state``; pass a seed (or a
        deterministic rule) for a reproducible rule.
    direction : {"<", ">", "best"}
        Orientation of the threshold.  ``"<"`` (default, the paper's): positive when
        ``x >= threshold``, i.e. x > x_0 with x_0 the largest training
        value below the threshold.  ``">"``: positive when ``x <= threshold`` (for a
        variable whose low values indicate :math:`\pi_0`).  ``"best"`` takes, for the
        chosen variable, the orientation whose closest point is nearer to (0, 1) (ties:
        "<"), as a tree split must; it is chosen from the data, so the reported
        sensitivity / specificity are optimistic.  The ungrouped statistic itself does
        not depend on the orientation.
    random_state : None, int, numpy.random.Generator or SeedSequence
        Seeds the tie-breaking of ``ties="random"``.

    Returns
    -------
    ROCRuleResult
        ``variable``, ``variable_index``, ``statistics`` (one per variable),
        ``threshold``, ``direction``, ``sensitivity``, ``specificity``, ``distance``,
        ``predict(X)``, ``summary()``.

    Notes
    -----
    For every column of ``X`` the statistic (21) of `roc_gof_test` is computed on
    the same rows (negatives' EDF, positives' placement values); the variable with the
    largest statistic (the one whose ROC curve departs most from the diagonal) is
    chosen.  Its threshold :math:`x_0` is the point of its empirical ROC curve
    :math:`(1 - G_n(x), 1 - F_m(x))` closest to the perfect point (0, 1), i.e. the
    minimiser of :math:`(1 - \mathrm{Se})^2 + (1 - \mathrm{Sp})^2`
    (`rocstats.best_threshold` with ``method="closest_topleft"``), and an
    individual is assigned to :math:`\pi_0` (positive) when :math:`x > x_0`.

    Examples
    --------
    Variable "a" separates the classes except for one pair, "b" is noise.  Four
    negatives give n + 1 = 5 cells with 4/5 positives expected in each; for "a" the
    positives 0.5, 0.55, 0.8, 0.9 have 3, 3, 4, 4 negatives at or below them,
    O = (0, 0, 0, 2, 2) and T = 3 (0.8) + 2 (1.2^2 / 0.8) = 6; for "b" the counts are
    2, 3, 4, 1, O = (0, 1, 1, 1, 1) and T = (0.8^2 + 4 (0.2^2)) / 0.8 = 1:

    >>> import rocstats
    >>> y = [0, 0, 0, 0, 1, 1, 1, 1]
    >>> X = [[0.1, -1], [0.2, 1], [0.3, 4], [0.6, 6.5],       # negatives
    ...      [0.5, 3], [0.55, 6], [0.8, 7], [0.9, 0]]         # positives
    >>> r = rocstats.roc_gof_rule(y, X, variable_names=["a", "b"])
    >>> r.statistics.round(12).tolist()
    [6.0, 1.0]
    >>> r.variable, r.sensitivity, r.specificity
    ('a', 1.0, 0.75)
    >>> r.predict(X).astype(int).tolist()       # x > x0 = 0.3 is positive
    [0, 0, 0, 1, 1, 1, 1, 1]
    """
    if direction not in DIRECTIONS:
        raise ValueError("direction must be one of %s, got %r" % (DIRECTIONS, direction))
    _check_ties(ties)
    if variable_names is None and hasattr(X, "columns"):
        variable_names = list(X.columns)
    sample = binary_sample(y_true, X, pos_label=pos_label, score_name="X", ndim=(2,))
    Xa = sample.score
    p = Xa.shape[1]
    if variable_names is None:
        variable_names = tuple(range(p))
    else:
        variable_names = tuple(variable_names)
        if len(variable_names) != p:
            raise ValueError("variable_names has %d names but X has %d columns"
                             % (len(variable_names), p))
    is_pos, m, n = sample.is_pos, sample.m, sample.n
    if sample.undefined("Rossa's rule"):
        nan = float("nan")
        return ROCRuleResult(None, -1, np.full(p, np.nan), nan, "<", nan, nan, nan,
                             variable_names, cells, ties)
    k = _check_cells(cells, n)
    rng = np.random.default_rng(random_state)
    stat = rule_statistics(Xa, is_pos, cells=None if k == n + 1 else k, ties=ties, rng=rng,
                           splits_only=False)
    j = int(np.argmax(stat))
    crit, thr, d, tp, fp = closest_point(is_pos, Xa[:, j], direction)
    return ROCRuleResult(variable=variable_names[j], variable_index=j, statistics=stat,
                         threshold=thr, direction=d, sensitivity=tp / m,
                         specificity=(n - fp) / n, distance=float(np.sqrt(crit)),
                         variable_names=variable_names,
                         cells=None if k == n + 1 else k, ties=ties)
