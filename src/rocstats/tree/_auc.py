"""The AUC split rule (seed 000; randomForestSRC ``splitrule = "auc"``).

A candidate split sends a fraction ``alpha_k`` of the (weighted) rows of each class ``k``
to the right daughter.  Its statistic is the AUC of the split read as a classifier
(vignette "AUC splitting for multiclass problems", seed 000):

* two classes: the ROC curve of the two daughter-node predictions has the three points
  (0, 0), ROC(tau_1) or ROC(tau_2) of the vignette's cases (2)-(3), and (1, 1); its area
  is ``(1 - alpha + beta) / 2`` or ``(1 - beta + alpha) / 2`` with ``(alpha, beta) =
  (n_0R / n_0, n_1R / n_1)``, and the split statistic of "Implementation of the AUC
  splitting rule" is ``theta = max((1 - alpha_1 + alpha_2) / 2, (1 - alpha_2 + alpha_1)
  / 2) = (1 + |alpha_1 - alpha_2|) / 2``, in [1/2, 1];
* K classes ("Implementation of the AUC multiclass splitting rule"): with ``U_{k1,k2} =
  (1 - alpha_k1 + alpha_k2) / 2``, the average of ``max(U_{k1,k2}, U_{k2,k1})`` over the
  K (K - 1) / 2 pairs ``k1 < k2`` (the Hand & Till average, reference [3]).

The AUC of a tree's predictions equals the Mann-Whitney statistic (4) of the vignette
(its Theorem 1), which :func:`rocstats.auc` computes with ties counted 1/2.

randomForestSRC scores ``delta = 2 theta = 1 + |alpha_1 - alpha_2|`` (binary) and the
average of ``max(1 - alpha_k1 + alpha_k2, 1 - alpha_k2 + alpha_k1)`` (multiclass).
**rocstats reports theta** (the AUC scale of the vignette) everywhere; the kernels compute
randomForestSRC's ``delta`` with its floating-point operations and halve it exactly, so
orderings and ties are identical.  randomForestSRC keeps a later candidate only if its
delta exceeds the kept one by more than ``EPSILON = 1e-9`` (``theta`` by 5e-10);
rocstats does the same.

Classes absent from the node
----------------------------
``alpha_k = (weight of class k sent right) / (weight of class k in the node)`` is 0 / 0
when class ``k`` has no rows in the node.  randomForestSRC does not skip such pairs: the
pair's term, hence the node's statistic, is NaN for **every** cut, NaN never compares
greater, and randomForestSRC then splits at the first cut point (the smallest observed
value) of the first variable it visits (found in its C source and confirmed by the
recorded iris / fgl trees, where such nodes peel off their smallest value one node at a
time).  :func:`~rocstats.tree._auc_builder.grow_auc_tree` and
:class:`~rocstats.tree.AUCTreeClassifier` reproduce this (``theta`` NaN in the
candidate table); :class:`AUCCriterion` (the CART-engine criterion) averages over the
classes present in the node instead.  With two classes an absent class means a pure
node, which is never split.  A class with a single observation is an ordinary class
(its ``alpha`` is 0 or 1 where its row is), but every node without that row lacks the
class and falls under the rule above.
"""
from dataclasses import dataclass

import numpy as np

from .. import _kernels

#: randomForestSRC's tie tolerance on its delta = 2 theta scale.
EPS_DELTA = _kernels.aucsplit.EPS


def split_theta(left, right):
    """The AUC split statistic theta of one split from per-class weights on each side.

    Parameters
    ----------
    left, right : array-like, shape (K,)
        Weight (count) of each class sent left / right; ``K >= 2``.

    Returns
    -------
    float
        theta in [1/2, 1]; NaN when a class has no weight in the node (randomForestSRC's
        0 / 0, see the module docstring) or when a side is empty (not a candidate).

    Examples
    --------
    Class 1: 6 of 8 rows go right; class 2: 2 of 8 (alpha = 0.75 and 0.25), so
    theta = (1 + 0.5) / 2; randomForestSRC scores 1 + 0.5 = 1.5:

    >>> split_theta([2, 6], [6, 2])
    0.75
    """
    left = np.asarray(left, dtype=np.float64).ravel()
    right = np.asarray(right, dtype=np.float64).ravel()
    if left.shape != right.shape or left.size < 2:
        raise ValueError("left and right must hold one weight per class (at least 2), "
                         "got shapes %s and %s" % (left.shape, right.shape))
    if (left < 0).any() or (right < 0).any():
        raise ValueError("left and right must be non-negative weights")
    if left.sum() <= 0 or right.sum() <= 0:
        return float("nan")
    tot = left + right
    if (tot <= 0).any():
        return float("nan")
    alpha = right / tot
    k = left.size
    s = 0.0
    for k1 in range(k - 1):
        for k2 in range(k1 + 1, k):
            s += 1.0 + abs(alpha[k1] - alpha[k2])
    return float(s / (k * (k - 1) // 2) / 2.0)


@dataclass(frozen=True)
class AUCSplitCandidates:
    """Every candidate split of one node under the AUC rule.

    Attributes (one entry per candidate, features in column order, cuts ascending)
    ------------------------------------------------------------------------------
    feature : ndarray of int64
    threshold : ndarray of float64
        Cut point, an observed value: ``x <= threshold`` goes left.
    statistic : ndarray of float64
        theta (NaN in a node where a class is absent, see :mod:`rocstats.tree._auc`).
    n_left, n_right : ndarray of int64
        Rows sent to each side.
    first_of_feature : ndarray of bool
        The candidate is the smallest cut of its feature (the one randomForestSRC takes
        in a node with an absent class).
    """

    feature: np.ndarray
    threshold: np.ndarray
    statistic: np.ndarray
    n_left: np.ndarray
    n_right: np.ndarray
    first_of_feature: np.ndarray
    class_weight: np.ndarray

    @property
    def n_candidates(self):
        return int(self.feature.size)

    @property
    def absent_class(self):
        """True when a class has no weight in the node (every statistic is NaN)."""
        return bool((self.class_weight <= 0).any())

    @property
    def max_statistic(self):
        """The node's largest theta (NaN if none is defined)."""
        s = self.statistic[~np.isnan(self.statistic)]
        return float(s.max()) if s.size else float("nan")

    def best(self, tol=1e-12):
        """Boolean mask of the best candidates: theta within ``tol`` of the node's
        maximum; in a node with an absent class, the smallest cut of every feature (the
        splits randomForestSRC can choose there, depending on its variable order)."""
        if self.absent_class:
            return self.first_of_feature.copy()
        m = self.max_statistic
        if np.isnan(m):
            return np.zeros(self.n_candidates, dtype=bool)
        return (~np.isnan(self.statistic)) & (self.statistic >= m - tol)

    def to_frame(self):
        """The candidates as a pandas DataFrame."""
        import pandas as pd

        return pd.DataFrame({"feature": self.feature, "threshold": self.threshold,
                             "statistic": self.statistic, "n_left": self.n_left,
                             "n_right": self.n_right})


def auc_split_candidates(X, y, rows=None, *, n_classes, sample_weight=None, features=None):
    """Every candidate split of the rows ``rows`` of ``(X, y)`` with its AUC statistic.

    Parameters
    ----------
    X : array-like, shape (n, p)
        Numeric features (no NaN).
    y : array-like of int, shape (n,)
        Class codes ``0 .. n_classes - 1``.
    rows : array-like of int, optional
        The node's rows (default: all rows).
    n_classes : int
        Number of classes K of the whole problem (classes absent from the node count).
    sample_weight : array-like, optional
        Non-negative case weights (bootstrap multiplicities); rows of weight 0 are left
        out of the node.
    features : array-like of int, optional
        Columns to scan (default: all).

    Returns
    -------
    AUCSplitCandidates
        For every feature and every distinct value but the largest, the split
        ``x <= value`` and its theta (cuts of one sweep per feature, O(n K + n K^2)).

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[1.0], [2.0], [3.0], [4.0]])
    >>> c = auc_split_candidates(X, np.array([0, 0, 1, 1]), n_classes=2)
    >>> c.threshold.tolist(), c.statistic.tolist()
    ([1.0, 2.0, 3.0], [0.75, 1.0, 0.75])
    """
    X = np.asarray(X, dtype=np.float64)
    if X.ndim != 2:
        raise ValueError("X must be 2-dimensional, got shape %s" % (X.shape,))
    if np.isnan(X).any():
        raise ValueError("X contains NaN; AUC trees have no missing-value handling")
    y = np.asarray(y)
    if y.shape != (X.shape[0],):
        raise ValueError("y must have shape (%d,), got %s" % (X.shape[0], y.shape))
    y = y.astype(np.int64)
    n_classes = int(n_classes)
    if n_classes < 2:
        raise ValueError("n_classes must be at least 2, got %d" % n_classes)
    if y.size and (y.min() < 0 or y.max() >= n_classes):
        raise ValueError("y must hold class codes 0..%d" % (n_classes - 1))
    w = (np.ones(X.shape[0]) if sample_weight is None
         else np.asarray(sample_weight, dtype=np.float64))
    if w.shape != (X.shape[0],) or not np.isfinite(w).all() or (w < 0).any():
        raise ValueError("sample_weight must be %d finite non-negative weights" % X.shape[0])
    rows = np.arange(X.shape[0]) if rows is None else np.asarray(rows, dtype=np.int64)
    rows = rows[w[rows] > 0]
    features = (np.arange(X.shape[1]) if features is None
                else np.asarray(features, dtype=np.int64))
    cw = np.bincount(y[rows], weights=w[rows], minlength=n_classes).astype(np.float64)
    parts = []
    for f in features:
        x = X[rows, f]
        order = np.argsort(x, kind="stable")
        cut, delta, _wl, nl = _kernels.aucsplit.auc_sweep(x[order], y[rows][order], w[rows][order],
                                                 n_classes)
        first = np.zeros(cut.size, dtype=bool)
        first[:1] = True
        parts.append((np.full(cut.size, f, dtype=np.int64), cut, delta / 2.0,
                      nl.astype(np.int64), rows.size - nl.astype(np.int64), first))
    if parts:
        cols = [np.concatenate(c) for c in zip(*parts)]
    else:
        cols = [np.zeros(0, dtype=np.int64), np.zeros(0), np.zeros(0),
                np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64),
                np.zeros(0, dtype=bool)]
    return AUCSplitCandidates(*cols, class_weight=cw)


def best_split_per_feature(X, y, rows=None, *, n_classes, sample_weight=None):
    """For each feature, the cut randomForestSRC keeps when it visits that feature at the
    node ``rows``: its first best cut (a later cut replaces the kept one only when its
    2 theta is larger by more than 1e-9).

    Returns ``(threshold, statistic)``, arrays of length p: the kept cut (NaN for a
    feature with a single value in the node) and its theta (NaN also in a node with an
    absent class, where the kept cut is the feature's smallest).  One sort of the node
    and one C sweep per feature.

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[1.0, 5.0], [2.0, 5.0], [3.0, 1.0], [4.0, 2.0]])
    >>> cut, theta = best_split_per_feature(X, np.array([0, 0, 1, 1]), n_classes=2)
    >>> cut.tolist(), theta.tolist()
    ([2.0, 2.0], [1.0, 1.0])
    """
    X = np.asarray(X, dtype=np.float64)
    y = np.asarray(y, dtype=np.int64)
    w = (np.ones(X.shape[0]) if sample_weight is None
         else np.asarray(sample_weight, dtype=np.float64))
    rows = np.arange(X.shape[0]) if rows is None else np.asarray(rows, dtype=np.int64)
    rows = rows[w[rows] > 0]
    xn = X[rows]
    order = np.argsort(xn, axis=0)
    xs = np.ascontiguousarray(np.take_along_axis(xn, order, axis=0).T)
    ys = np.ascontiguousarray(y[rows][order].T)
    ws = np.ascontiguousarray(w[rows][order].T)
    _index, cut, delta = _kernels.aucsplit.best_columns(xs, ys, ws, int(n_classes), eps=EPS_DELTA)
    return cut, delta / 2.0


def _criterion_base():
    from ._criterion import NonAdditiveCriterion
    return NonAdditiveCriterion


class AUCCriterion(_criterion_base()):
    """The AUC split rule as a criterion of the CART engine (``NonAdditiveCriterion``),
    for AUC trees grown with CART's controls (min_split / min_bucket / cp) and pruned by
    cost-complexity through the same pruner as CART.

    Node value: weighted class counts; node risk: weighted misclassification count
    (unit losses, no priors), which the pruner uses.  Cut score: ``improve = theta - 1/2``
    (0 = no separation, 1/2 = perfect), theta the AUC split statistic averaged over the
    pairs of classes **present in the node**.  This differs on purpose from
    randomForestSRC (and :class:`~rocstats.tree.AUCTreeClassifier`), whose average over
    all K (K - 1)/2 pairs is 0/0 (NaN) as soon as a class is absent from the node; here
    such a node is split by its present classes.  ``direction`` is -1 (the lower part
    goes left; the statistic is symmetric).

    Examples
    --------
    >>> import numpy as np
    >>> crit = AUCCriterion(3)
    >>> imp, direction = crit.score_cuts(np.array([0, 0, 2, 2]), np.ones(4), np.array([1, 2]))
    >>> imp.tolist()   # class 1 absent: only the pair (0, 2) counts
    [0.25, 0.5]
    """

    c_kind = None

    def __init__(self, n_classes):
        k = int(n_classes)
        if k < 2:
            raise ValueError("n_classes must be at least 2, got %d" % k)
        self.nclass = k
        self.n_outputs = k

    def class_counts(self, y, w):
        return np.bincount(np.asarray(y, dtype=np.int64),
                           weights=np.asarray(w, dtype=np.float64),
                           minlength=self.nclass)[:self.nclass].astype(np.float64)

    def node_summary(self, counts):
        """``(class_index, risk, weight)``: majority class (first among ties), weighted
        misclassification count, node weight."""
        counts = np.asarray(counts, dtype=np.float64)
        best = int(np.argmax(counts))
        total = float(np.cumsum(counts)[-1])
        return best, total - float(counts[best]), total

    def node_value(self, y, w):
        counts = self.class_counts(y, w)
        _, risk, _ = self.node_summary(counts)
        return counts, risk

    def score_cuts(self, y, w, n_left):
        y = np.asarray(y, dtype=np.int64)
        w = np.asarray(w, dtype=np.float64)
        n_left = np.asarray(n_left, dtype=np.int64)
        onehot = np.zeros((y.size, self.nclass))
        onehot[np.arange(y.size), y] = w
        cum = np.cumsum(onehot, axis=0)
        tot = cum[-1]
        present = np.flatnonzero(tot > 0)
        improve = np.full(n_left.size, np.nan)
        if present.size >= 2 and n_left.size:
            left = cum[n_left - 1][:, present]
            alpha = (tot[present] - left) / tot[present]
            s = np.zeros(n_left.size)
            npairs = 0
            for a in range(present.size - 1):
                for b in range(a + 1, present.size):
                    s += 1.0 + np.abs(alpha[:, a] - alpha[:, b])
                    npairs += 1
            improve = s / npairs / 2.0 - 0.5
        return improve, np.full(n_left.size, -1, dtype=np.int64)
