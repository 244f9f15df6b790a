"""The CART builder: rpart's recursive partitioning (partition.c, bsplit.c, nodesplit.c).

:class:`CARTBuilder` grows one tree from a float64 matrix X (NaN = missing, categorical
columns as level codes), responses y and case weights w:

* a node is split only if it holds at least ``min_split`` rows (rows, not weight; rows
  with zero weight count), if its depth is below ``max_depth`` and if its risk and the
  complexity bound handed down by its ancestors both exceed ``alpha = cp * R(root)``;
* the best split of every feature is found by the splitter; the ``max_compete + 1`` best
  over features are kept (ties: the earlier feature first), a split counting only if
  its improvement exceeds 1e-10 times the largest improvement seen so far in the fit;
* surrogates come from :func:`rocstats.tree._surrogate.node_surrogates` (one kernel
  call per node; when no row of the node misses the primary variable they route nothing,
  so they are searched only after the subtree, for splits that are kept); rows whose
  primary variable is missing go down by the first surrogate they have, then (with
  ``use_surrogate == 2``) the way most of the node's weight went; otherwise they stay
  in the node;
* each node's ``complexity`` is rpart's: after both children are grown, the cost per
  split of the node's subtree in which children that collapse earlier are collapsed;
  a node whose complexity is <= alpha loses its children (the tree is thereby already
  pruned at ``cp``).

``Tree.complexity`` holds these values in risk units (divide by the root risk for
rpart's ``frame$complexity``).
"""
from dataclasses import dataclass, replace

import numpy as np

from .. import _kernels
from ._splitter import SortedColumns, Splitter
from ._surrogate import node_surrogates
from ._tree import Tree

__all__ = ["CARTBuilder", "BuildResult"]

LEFT, RIGHT = -1, 1


def _seqsum(a):
    a = np.asarray(a, dtype=np.float64)
    return float(np.cumsum(a)[-1]) if a.size else 0.0


@dataclass
class BuildResult:
    """What :meth:`CARTBuilder.build` returns.

    tree : Tree (finalized); where : ndarray of int64, rpart node number of each row
    (an internal node for rows that stayed there); root_risk : float; alpha : float
    (the complexity threshold used, risk units); iscale : float (largest improvement
    seen, carried into cross-validation fits as rpart does).
    """

    tree: Tree
    where: np.ndarray
    root_risk: float
    alpha: float
    iscale: float


class _Node:
    __slots__ = ("n", "wt", "value", "risk", "complexity", "primary", "surrogates",
                 "lastsurrogate", "left", "right", "deferred")

    def __init__(self):
        self.complexity = 0.0
        self.primary = None
        self.surrogates = []
        self.lastsurrogate = 0
        self.left = self.right = None
        self.deferred = False


def _insert_split(lst, split, max_keep):
    """rpart's insert_split: keep the ``max_keep`` best by improvement; a newcomer must
    be strictly better to pass an existing entry."""
    pos = len(lst)
    for i, s in enumerate(lst):
        if split.improve > s.improve:
            pos = i
            break
    if pos == len(lst) and len(lst) >= max_keep:
        return
    lst.insert(pos, split)
    del lst[max_keep:]


class CARTBuilder:
    """Grow a CART tree the way rpart 4.1 does.

    Parameters
    ----------
    criterion : rocstats.tree._criterion.Criterion
    n_levels : array-like of int
        Levels of each categorical feature (0 = numeric).
    min_split, min_bucket, cp, max_depth, max_compete, max_surrogate, use_surrogate,
    surrogate_style :
        rpart.control's minsplit, minbucket, cp, maxdepth, maxcompete, maxsurrogate,
        usesurrogate, surrogatestyle.
    """

    #: find the surrogates of a node whose primary variable has no missing value only
    #: once its split is known to be kept (the result is the same; False = at once)
    defer_surrogates = True

    def __init__(self, criterion, *, n_levels, min_split=20, min_bucket=7, cp=0.01,
                 max_depth=30, max_compete=4, max_surrogate=5, use_surrogate=2,
                 surrogate_style=0):
        self.criterion = criterion
        self.n_levels = np.asarray(n_levels, dtype=np.int64)
        self.min_split = int(min_split)
        self.min_bucket = int(min_bucket)
        self.cp = float(cp)
        self.max_depth = int(max_depth)
        self.max_primary = max(int(max_compete) + 1, 1)
        self.max_surrogate = int(max_surrogate)
        self.use_surrogate = int(use_surrogate)
        self.surrogate_style = int(surrogate_style)
        self.kernels = _kernels.tree          # the active side of the switch
        self._is_numeric = (self.n_levels == 0).tolist()
        self.maxnode = 2 ** self.max_depth - 1

    # ------------------------------------------------------------------ public
    def build(self, X, y, w, *, rows=None, alpha=None, iscale=0.0, keep_sorts=False):
        """Grow a tree on ``X[rows]`` (all rows by default).

        ``alpha`` overrides ``cp * R(root)`` (cross-validation scales the full-data
        alpha by the fold's share of the weight, as rpart's xval.c); ``iscale`` starts
        the running largest improvement.  ``keep_sorts`` keeps a copy of the full-data
        sorted lists so that later ``build(X, ..., rows=...)`` calls on the same ``X``
        (cross-validation folds) filter them instead of sorting again, as rpart does.
        """
        X = np.asarray(X, dtype=np.float64)
        y = np.asarray(y, dtype=np.float64)
        w = np.asarray(w, dtype=np.float64)
        if rows is None:
            cols = SortedColumns(X, self.n_levels, self.kernels)
            # pristine copy for folds (the fit below partitions cols.sorts in place)
            self._full = (X, cols.subset(np.arange(cols.n))) if keep_sorts else None
        else:
            rows = np.asarray(rows, dtype=np.int64)
            if rows.size and np.any(np.diff(rows) <= 0):
                raise ValueError("rows must be strictly increasing row indices")
            full = getattr(self, "_full", None)
            if full is None or full[0] is not X:
                full = (X, SortedColumns(X, self.n_levels, self.kernels))
                self._full = full   # never partitioned: subset() copies
            cols = full[1].subset(rows)
            X, y, w = X[rows], y[rows], w[rows]
        self._X = X
        self._y = y
        self._w = w
        self._cols = cols
        self._splitter = Splitter(self.criterion, self._cols, y, w, self.n_levels,
                                  min_bucket=self.min_bucket, kernels=self.kernels)
        self._iscale = float(iscale)
        n = X.shape[0]
        self._which = np.ones(n, dtype=np.int64)
        self._goes = np.zeros(n, dtype=np.int8)
        # the lists before any partition: a node's lists are these filtered to its rows
        # (stable partitions keep the relative order), used for deferred surrogates
        self._pristine = cols.sorts.copy() if self.max_surrogate > 0 else None
        self._rank = None          # positions in the pristine lists, made when needed

        root = _Node()
        root.n = n
        root.wt = _seqsum(w)
        root.value, root.risk = self.criterion.node_value(y, w)
        root.complexity = root.risk
        self._alpha = self.cp * root.risk if alpha is None else float(alpha)
        self._partition(1, root, 0, n)
        tree = self._emit(root)
        return BuildResult(tree=tree, where=self._which.copy(), root_risk=root.risk,
                           alpha=self._alpha, iscale=self._iscale)

    # ------------------------------------------------------------------ recursion
    def _partition(self, nodenum, me, n1, n2):
        """rpart's partition(): returns (number of splits kept, risk of the subtree)."""
        alpha = self._alpha
        if nodenum > 1:
            rows = self._cols.sorts[0, n1:n2]
            me.n = n2 - n1
            me.wt = _seqsum(self._w[rows])
            me.value, me.risk = self.criterion.node_value(self._y[rows], self._w[rows])
            tempcp = min(me.risk, me.complexity)
        else:
            tempcp = me.risk

        if me.n < self.min_split or tempcp <= alpha or nodenum > self.maxnode:
            me.complexity = alpha
            return 0, me.risk

        primary = self._bsplit(n1, n2, me.risk)
        if not primary:
            me.complexity = alpha
            return 0, me.risk
        me.primary = primary
        nleft, nright = self._nodesplit(me, nodenum, n1, n2)

        me.left = _Node()
        me.left.complexity = tempcp - alpha
        left_split, left_risk = self._partition(2 * nodenum, me.left, n1, n1 + nleft)

        tempcp = (me.risk - left_risk) / (left_split + 1)
        tempcp2 = me.risk - me.left.risk
        if tempcp < tempcp2:
            tempcp = tempcp2
        if tempcp > me.complexity:
            tempcp = me.complexity
        me.right = _Node()
        me.right.complexity = tempcp - alpha
        right_split, right_risk = self._partition(2 * nodenum + 1, me.right, n1 + nleft,
                                                  n1 + nleft + nright)

        tempcp = (me.risk - (left_risk + right_risk)) / (left_split + right_split + 1)
        if me.right.complexity > me.left.complexity:
            if tempcp > me.left.complexity:
                left_risk, left_split = me.left.risk, 0
                tempcp = (me.risk - (left_risk + right_risk)) / (left_split + right_split + 1)
                if tempcp > me.right.complexity:
                    right_risk, right_split = me.right.risk, 0
        elif tempcp > me.right.complexity:
            right_split, right_risk = 0, me.right.risk
            tempcp = (me.risk - (left_risk + right_risk)) / (left_split + right_split + 1)
            if tempcp > me.left.complexity:
                left_risk, left_split = me.left.risk, 0
        me.complexity = (me.risk - (left_risk + right_risk)) / (left_split + right_split + 1)

        if me.complexity <= alpha:
            # all was in vain: this node does not split after all
            me.left = me.right = None
            me.primary = None
            me.surrogates = []
            self._which[self._cols.sorts[0, n1:n2]] = nodenum
            return 0, me.risk
        if me.deferred:
            self._deferred_surrogates(me, n1, n2)
        return left_split + right_split + 1, left_risk + right_risk

    def _bsplit(self, n1, n2, node_risk):
        splitter = self._splitter
        if splitter.kind is None:                # non-additive criterion: Python path
            kept = []
            for _f, improve, split in splitter.candidates(n1, n2, node_risk):
                if improve > self._iscale:
                    self._iscale = improve
                if improve > self._iscale * 1e-10:
                    _insert_split(kept, split, self.max_primary)
            return kept
        # one kernel call for every feature; Split records only for the kept ones
        arrays = splitter.node_arrays(n1, n2, node_risk)
        improve, direction = arrays[0].tolist(), arrays[2].tolist()
        numeric = self._is_numeric
        passed = []
        iscale = self._iscale
        for f in range(len(improve)):            # feature order, as rpart's bsplit
            imp = improve[f]
            if not imp > 0 or (numeric[f] and direction[f] == 0):
                continue
            if imp > iscale:
                iscale = imp
            if imp > iscale * 1e-10:
                passed.append(f)
        self._iscale = iscale
        # rpart's insert_split keeps the best max_primary, a newcomer placed after every
        # kept split with an equal or larger improvement: a stable sort by decreasing
        # improvement, truncated
        passed.sort(key=lambda f: -improve[f])
        return [splitter.make_split(f, arrays) for f in passed[:self.max_primary]]

    def _nodesplit(self, me, nodenum, n1, n2):
        """Send the node's rows left / right (primary, surrogates, majority), record the
        surrogates' usage counts, and partition the sorted lists."""
        cols, w, goes = self._cols, self._w, self._goes
        rows = cols.sorts[0, n1:n2]                # a view: partitioned below
        primary = me.primary[0]
        xp = cols.xt[primary.feature, rows]
        d = primary.direction(xp)
        goes[rows] = d

        idx = rows[np.isnan(xp)]                   # row ids with the primary missing
        me.surrogates = []
        me.lastsurrogate = 0
        if self.max_surrogate > 0:
            if idx.size or not self.defer_surrogates:
                # surrogates route rows now: needed before the children are grown
                self._surrogates(me, primary, n1, n2)
            else:
                # they change nothing in the growth: find them after the subtree, only
                # if this node keeps its split (most grown splits are pruned at cp)
                me.deferred = True

        if idx.size and self.use_surrogate > 0:
            used = []
            for s in me.surrogates:
                if idx.size == 0:
                    used.append(0)
                    continue
                ds = s.direction(cols.xt[s.feature, idx])
                hit = ds != 0
                goes[idx[hit]] = ds[hit]
                idx = idx[~hit]
                used.append(int(np.count_nonzero(hit)))
            me.surrogates = [replace(s, count=float(c)) for s, c in zip(me.surrogates, used)]
        if idx.size and self.use_surrogate == 2 and me.lastsurrogate != 0:
            goes[idx] = me.lastsurrogate

        nleft, nright = self.kernels.partition(cols.sorts, n1, n2, goes)
        self._which[cols.sorts[0, n1:n1 + nleft]] = 2 * nodenum
        self._which[cols.sorts[0, n1 + nleft:n1 + nleft + nright]] = 2 * nodenum + 1
        return nleft, nright

    def _surrogates(self, me, primary, n1, n2):
        """rpart's surrogate search at a node whose rows sit at [n1, n2) of the sorted
        lists (numeric: sorted as rpart sorts; categorical: row order, as rpart keeps
        them) and whose primary directions are in ``self._goes``: every candidate in
        one kernel call."""
        cols = self._cols
        me.surrogates, wl, wr = node_surrogates(
            cols.xt, cols.sorts, n1, n2, self.n_levels, self._goes, self._w,
            primary.feature, max_surrogate=self.max_surrogate,
            surrogate_style=self.surrogate_style)
        # rpart's lastsurrogate: the side with more weight (summed in the primary
        # variable's list order, as surrogate.c); 0 when they are equal
        me.lastsurrogate = RIGHT if wl < wr else (LEFT if wl > wr else 0)

    def _deferred_surrogates(self, me, n1, n2):
        """Surrogates of a kept node whose primary variable had no missing value (so
        they did not route any row): the children have reordered [n1, n2) of the lists,
        so restore the node's own order -- the pristine lists filtered to its rows, as
        the stable partitions left it -- and its primary directions, then search."""
        cols = self._cols
        m, n = n2 - n1, cols.n
        if m == n:
            cols.sorts[:] = self._pristine
        elif 2 * m * m.bit_length() >= n:
            # a large node: one O(n) pass over each pristine list
            self.kernels.restore_segment(cols.sorts, self._pristine, n1, n2)
        else:
            # a small node: sort its segment by the rows' positions in the pristine
            # lists, O(m log m) per list instead of a pass over all n rows
            if self._rank is None:
                rank = np.empty(self._pristine.shape,
                                dtype=np.int32 if n < 2 ** 31 else np.int64)
                np.put_along_axis(rank, self._pristine,
                                  np.broadcast_to(np.arange(n, dtype=rank.dtype), rank.shape),
                                  axis=1)
                self._rank = rank
            seg = cols.sorts[:, n1:n2]
            pos = np.take_along_axis(self._rank, seg, axis=1)
            cols.sorts[:, n1:n2] = np.take_along_axis(seg, np.argsort(pos, axis=1), axis=1)
        primary = me.primary[0]
        rows = cols.sorts[0, n1:n2]
        self._goes[rows] = primary.direction(cols.xt[primary.feature, rows])
        self._surrogates(me, primary, n1, n2)
        me.deferred = False

    # ------------------------------------------------------------------ output
    def _emit(self, root):
        """The flat tree, in preorder.  Complexities are capped by the parent's (floored
        at alpha) as rpart's make_cp_list does before the frame is written: a node is
        removed with its parent if the parent goes first."""
        tree = Tree(n_features=self._X.shape[1], n_outputs=self.criterion.n_outputs)
        stack = [(root, -1, True, root.complexity)]
        while stack:
            node, parent, is_left, cap = stack.pop()
            comp = min(node.complexity, cap)
            idx = tree.add_node(parent=parent, is_left=is_left, n=node.n, weight=node.wt,
                                value=node.value, risk=node.risk, complexity=comp)
            if node.left is not None:
                nl, nr = node.left.n, node.right.n
                tree.set_split(idx, node.primary[0], competitors=node.primary[1:],
                               surrogates=node.surrogates, majority_left=nl > nr,
                               default_dir=LEFT if nl > nr else (RIGHT if nr > nl else 0),
                               last_surrogate=node.lastsurrogate)
                child_cap = max(comp, self._alpha)
                stack.append((node.right, idx, False, child_cap))
                stack.append((node.left, idx, True, child_cap))
        return tree.finalize()

