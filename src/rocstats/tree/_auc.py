"""The AUC split rule (seed 000; randomForestSRC ``splitrule = "auc"``).

A candidate split sends a fraction ``alpha_k`` of the (weighted) rows of each class ``k``
to the right daughter.  Its statistic is the AUC of the split read as a classifier
(vignette "AUC splitting for multiclass problems", seed 000):

* two classes: the ROC curve of the two daughter-node predictions has the three points
  (0, 0), ROC(tau_1) or ROC(tau_2) of the vignette's cases (2)-(3), and (1, 1); its area
  is ``(1 - alpha + beta) / 2`` or ``(1 - beta + alpha) / 2`` with ``(alpha, beta) =
  (n_0R / n_0, n_1R / n_1)``, and the split statistic of "Implementation of the AUC
  splitting rule" is ``theta = max((1 - alpha_1 + alpha_2) / 2, (1 - alpha_2 + alpha_1)
  / 2) = (1 + abs(alpha_1 - alpha_2)) / 2``, in [1/2, 1];
* K classes ("Implementation of the AUC multiclass splitting rule"): with ``U_{k1,k2} =
  (1 - alpha_k1 + alpha_k2) / 2``, the average of ``max(U_{k1,k2}, U_{k2,k1})`` over the
  K (K - 1) / 2 pairs ``k1 < k2`` (the Hand & Till average, reference [3]).

The AUC of a tree's predictions equals the Mann-Whitney statistic (4) of the vignette
(its Theorem 1), which `rocstats.auc` computes with ties counted 1/2.

The statistic is computed in one place, the node kernel's AUC kind (``auc_delta`` in
``csrc/rocstats_tree.c``, ``_auc_delta`` in its NumPy twin); this module reads it through
the kernel: `split_theta` for one split, `auc_split_candidates` for every
candidate of a node, `best_split_per_feature` for the cut randomForestSRC keeps.

randomForestSRC scores ``delta = 2 theta = 1 + abs(alpha_1 - alpha_2)`` (binary) and the
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
time).  `rocstats.tree.AUCTreeClassifier` and the forest reproduce this
(``theta`` NaN in the candidate table); the criterion under rpart's policy
(``CARTClassifier(criterion="auc")``, `rocstats.tree._criterion.AUCCriterion`)
averages over the classes present in the node instead.  With two classes an absent class means a pure
node, which is never split.  A class with a single observation is an ordinary class
(its ``alpha`` is 0 or 1 where its row is), but every node without that row lacks the
class and falls under the rule above.
"""
from dataclasses import dataclass

import numpy as np

from .. import _kernels

#: randomForestSRC's tie tolerance on its delta = 2 theta scale.
EPS_DELTA = _kernels.tree.EPS


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
    if (left < 0).any() or (right < 0).any() or not np.isfinite(np.r_[left, right]).all():
        raise ValueError("left and right must be finite non-negative weights")
    if left.sum() <= 0 or right.sum() <= 0:
        return float("nan")
    # one cut of a two-valued column: the class weights at x = 0 (left) and x = 1 (right)
    k = left.size
    _, delta, _, _ = _kernels.tree.auc_sweep(np.repeat([0.0, 1.0], k),
                                             np.tile(np.arange(k), 2),
                                             np.r_[left, right], k, cuts=[0.0])
    return float(delta[0] / 2.0)


@dataclass(frozen=True)
class AUCSplitCandidates:
    """Every candidate split of one node under the AUC rule.

    Attributes (one entry per candidate, features in column order, cuts ascending)
    ------------------------------------------------------------------------------
    feature : ndarray of int64
    threshold : ndarray of float64
        Cut point, an observed value: ``x <= threshold`` goes left.
    statistic : ndarray of float64
        theta (NaN in a node where a class is absent, see `rocstats.tree._auc`).
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
        cut, delta, _wl, nl = _kernels.tree.auc_sweep(x[order], y[rows][order], w[rows][order],
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
    _index, cut, delta = _kernels.tree.rfsrc_best(xs, ys, ws, int(n_classes), eps=EPS_DELTA)
    return cut, delta / 2.0
