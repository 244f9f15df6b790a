"""The CART splitter: the best split of every feature at one node.

Numeric features are pre-sorted once at the root (:class:`SortedColumns`); each node owns
one segment ``[n1, n2)`` of every feature's sorted row list, partitioned stably when the
node splits, so a node's search is a single sweep per feature, O(n_node * p) overall.
Additive criteria run in C (``csrc/rocstats_tree.c``, NumPy twin
``_kernels/numpy/tree.py``), every feature of a node in one call
(:meth:`Splitter.node_arrays`; the builder makes :class:`Split` records only for the
splits it keeps); non-additive criteria go through their Python ``best_numeric`` /
``best_categorical`` (:meth:`Splitter.candidates`).

Categorical features (ESL section 9.2.4, "Categorical Predictors"): with a two-class
response the levels present are ordered by their (prior-weighted) share of the first
class and only the q - 1 cuts of that order are scored, and with a numeric response
they are ordered by their mean -- the orderings ESL cites as giving the optimal split
among all :math:`2^{q-1} - 1` (Breiman et al. 1984; Fisher 1958); with more than two
classes every partition is scored (rpart's Gray-code search), and the estimators refuse
columns with more than :data:`MAX_EXACT_LEVELS` levels in that case.  Levels are in the
column's category order (R's level order), which fixes rpart's ``csplit`` layout and the
order of tied levels.
"""
import numpy as np

from ._tree import CATEGORICAL, GE, LT, Split

__all__ = ["MAX_EXACT_LEVELS", "SortedColumns", "Splitter"]

#: Largest number of levels (present in the data) of a categorical predictor for which
#: the exhaustive search of a classification criterion with more than two classes is
#: run: 2**(q-1) - 1 partitions per node, i.e. about 5e5 at q = 20.
MAX_EXACT_LEVELS = 20


class SortedColumns:
    """Feature-major data and per-feature row lists for one fit.

    ``xt[f]`` is column f of the rows.  ``sorts[f]`` lists the row ids of a numeric
    feature in increasing order of ``xt[f]`` as rpart's quicksort leaves them (missing
    values sorted as 0 and skipped by the kernels; tied values in rpart's order, which
    fixes the rounding of the running sums), and the row ids in row order for a
    categorical feature (rpart does not sort those).
    """

    def __init__(self, X, n_levels, kernels):
        X = np.asarray(X, dtype=np.float64)
        self.n, self.p = X.shape
        self.xt = np.ascontiguousarray(X.T)
        self.sorts = np.empty((self.p, self.n), dtype=np.int64)
        for f in range(self.p):
            if n_levels[f] > 0:
                self.sorts[f] = np.arange(self.n)
            else:
                self.sorts[f] = kernels.rpart_order(self.xt[f])

    def subset(self, rows):
        """The columns of ``rows`` (ascending row ids) with every sorted list filtered
        from this one, keeping its order -- as rpart's xval.c restores its saved sort
        for each fold instead of sorting again."""
        rows = np.asarray(rows, dtype=np.int64)
        new = SortedColumns.__new__(SortedColumns)
        new.n, new.p = rows.size, self.p
        new.xt = np.ascontiguousarray(self.xt[:, rows])
        newid = np.full(self.n, -1, dtype=np.int64)
        newid[rows] = np.arange(rows.size)
        mapped = newid[self.sorts]
        new.sorts = np.ascontiguousarray(mapped[mapped >= 0].reshape(self.p, rows.size))
        return new


class Splitter:
    """Best split per feature at a node.

    Parameters
    ----------
    criterion : Criterion
    cols : SortedColumns
    y, w : ndarray
        Responses (class codes as float for classification) and case weights.
    n_levels : ndarray of int
        Number of levels of each categorical feature; 0 for numeric features.
    min_bucket : int
        rpart's ``minbucket`` (cuts leave at least this many rows on each side).
    kernels : module
        ``rocstats._kernels.tree`` (the active side of the kernel switch).
    """

    def __init__(self, criterion, cols, y, w, n_levels, *, min_bucket, kernels):
        self.criterion = criterion
        self.cols = cols
        self.y = np.ascontiguousarray(y, dtype=np.float64)
        self.w = np.ascontiguousarray(w, dtype=np.float64)
        self.n_levels = np.asarray(n_levels, dtype=np.int64)
        self.edge = max(int(min_bucket), 1)
        self.k = kernels
        self.numeric = np.flatnonzero(self.n_levels == 0)
        self.kind = criterion.c_kind
        self.aprior = (np.asarray(criterion.aprior, dtype=np.float64)
                       if criterion.aprior is not None else np.ones(1))

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def _numeric_split(f, improve, threshold, direction, count):
        kind = LT if direction == -1 else GE
        return Split(feature=int(f), kind=kind, threshold=float(threshold),
                     improve=float(improve), count=float(count))

    @staticmethod
    def _categorical_split(f, improve, csplit, count):
        csplit = np.asarray(csplit)
        return Split(feature=int(f), kind=CATEGORICAL,
                     left_levels=tuple(int(l) for l in np.flatnonzero(csplit == -1)),
                     right_levels=tuple(int(l) for l in np.flatnonzero(csplit == 1)),
                     improve=float(improve), count=float(count))

    # ------------------------------------------------------------------ search
    def node_arrays(self, n1, n2, node_risk):
        """Additive criteria only: the best split of every feature from one kernel call,
        as arrays indexed by feature -- ``(improve, split, direction, count, csplit)``
        (``csplit[f, :q]`` for a categorical feature with q levels).  A feature has a
        split when ``improve > 0`` and, if numeric, ``direction != 0``; build it with
        :meth:`make_split`."""
        crit = self.criterion
        return self.k.node_splits(self.kind, self.cols.xt, self.cols.sorts, n1, n2,
                                  self.n_levels, self.y, self.w, crit.nclass, self.aprior,
                                  self.edge, node_risk)

    def make_split(self, f, arrays):
        """The :class:`Split` of feature ``f`` from :meth:`node_arrays`' result."""
        improve, split, direction, count, csplit = arrays
        q = int(self.n_levels[f])
        if q == 0:
            return self._numeric_split(f, improve[f], split[f], direction[f], count[f])
        return self._categorical_split(f, improve[f], csplit[f, :q], count[f])

    def candidates(self, n1, n2, node_risk):
        """``[(feature, improve, Split)]`` in feature order, one per feature with a
        positive improvement (rpart's bsplit before the ranking)."""
        cols, crit = self.cols, self.criterion
        out = {}
        if self.kind is not None:
            if self.numeric.size:
                imp, thr, dirn, cnt = self.k.numeric_splits(
                    self.kind, cols.xt, cols.sorts, n1, n2, self.numeric, self.y, self.w,
                    crit.nclass, self.aprior, self.edge, node_risk)
                for t, f in enumerate(self.numeric):
                    if dirn[t] != 0 and imp[t] > 0:
                        out[int(f)] = self._numeric_split(f, imp[t], thr[t], dirn[t], cnt[t])
            for f in np.flatnonzero(self.n_levels > 0):
                imp, csplit, cnt = self.k.categorical_split(
                    self.kind, cols.xt[f], cols.sorts[f, n1:n2], self.y, self.w,
                    crit.nclass, self.aprior, int(self.n_levels[f]), self.edge, node_risk)
                if imp > 0:
                    out[int(f)] = self._categorical_split(f, imp, csplit, cnt)
        else:
            for f in range(cols.p):
                rows = cols.sorts[f, n1:n2]
                x = cols.xt[f, rows]
                keep = ~np.isnan(x) & (self.w[rows] > 0)
                rows, x = rows[keep], x[keep]
                if x.size == 0:
                    continue
                if self.n_levels[f] == 0:
                    if x[0] == x[-1]:
                        continue
                    res = crit.best_numeric(x, self.y[rows], self.w[rows],
                                            min_bucket=self.edge, node_risk=node_risk)
                    if res is not None and res[0] > 0:
                        out[f] = self._numeric_split(f, res[0], res[1], res[2], x.size)
                else:
                    res = crit.best_categorical(x, self.y[rows], self.w[rows],
                                                n_levels=int(self.n_levels[f]),
                                                min_bucket=self.edge, node_risk=node_risk)
                    if res is not None and res[0] > 0:
                        out[f] = self._categorical_split(f, res[0], res[1], x.size)
        return [(f, out[f].improve, out[f]) for f in sorted(out)]
