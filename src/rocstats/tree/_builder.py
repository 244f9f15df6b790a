"""The builder of the tree engine: one depth-first grower for every tree in rocstats.

`TreeBuilder` grows a tree from a float64 matrix X (NaN = missing, categorical
columns as level codes), responses y and case weights w with a criterion
(`rocstats.tree._criterion`), a splitter (`rocstats.tree._splitter`) and
stopping rules:

* `RpartRules` -- rpart's partitioning (partition.c, nodesplit.c): a node is split
  only if it holds at least ``min_split`` rows (rows, not weight; rows with zero weight
  count), if its depth is below ``max_depth`` and if its risk and the complexity bound
  handed down by its ancestors both exceed ``alpha = cp * R(root)``.  With ``cp`` set,
  each node's ``complexity`` is rpart's: after both children are grown, the cost per
  split of the node's subtree in which children that collapse earlier are collapsed; a
  node whose complexity is <= alpha loses its children (the tree is thereby already
  pruned at ``cp``).  With ``cp=None`` (Rossa's tree) no complexity is tracked while
  growing (``alpha = 0``: a node of risk 0, a pure one, is not split).
* `RfsrcRules` -- randomForestSRC's: a node is split only if its weight is at
  least ``2 * node_size``, its depth below ``node_depth`` and it holds two classes.

Rows whose split variable is missing go down by the first surrogate they have (rpart's
search, `rocstats.tree._surrogate.node_surrogates`, one kernel call per node; when
no row of the node misses the primary variable they route nothing, so they are searched
only after the subtree, for splits that are kept), then by the default direction:
rpart's (``missing="rpart"``: the side the primary sent more weight to, none on a tie,
and only with ``use_surrogate == 2``) or the majority (``missing="majority"``: that side,
the left one on a tie).

The growth is written once, as rpart's recursion (`TreeBuilder._partition`, left
subtree first, so the tree comes out in preorder); the recursion runs on an explicit
stack of generators, so trees of any depth grow (randomForestSRC's trees peel multiclass
nodes one row at a time).  randomForestSRC's policy and rules also exist as one C call
(``rs_tree_grow_rfsrc``, the same node kernel and partition; the forests' fast path),
which `TreeBuilder.build` takes when the extension is built.

``Tree.complexity`` holds the complexities in risk units (divide by the root risk for
rpart's ``frame$complexity``); NaN when ``cp`` is not in play.
"""
from dataclasses import dataclass, replace

import numpy as np

from .. import _kernels
from ._splitter import RfsrcSplitter, SortedColumns
from ._surrogate import node_surrogates
from ._tree import MAX_NUMBERED_DEPTH, Tree

__all__ = ["TreeBuilder", "RpartRules", "RfsrcRules", "BuildResult", "rpart_builder"]

LEFT, RIGHT = -1, 1


def _seqsum(a):
    a = np.asarray(a, dtype=np.float64)
    return float(np.cumsum(a)[-1]) if a.size else 0.0


@dataclass
class BuildResult:
    """What `TreeBuilder.build` returns.

    tree : Tree (finalized); where : ndarray of int64, rpart node number of each row
    (an internal node for rows that stayed there; -1 below depth 62); root_risk : float;
    alpha : float (the complexity threshold used, risk units); iscale : float (largest
    improvement seen, carried into cross-validation fits as rpart does); info : list,
    per tree node, what the splitter kept of the node's search (None for leaves).
    """

    tree: Tree
    where: np.ndarray
    root_risk: float
    alpha: float
    iscale: float
    info: list


class RpartRules:
    """rpart's stopping (``rpart.control``'s minsplit, cp, maxdepth); ``cp=None`` grows
    without complexity bookkeeping.  Node sums run over the node's rows in the order of
    the first variable's list, as rpart's."""

    def __init__(self, *, min_split=20, cp=0.01, max_depth=30):
        self.min_split = int(min_split)
        self.cp = None if cp is None else float(cp)
        self.max_depth = None if max_depth is None else int(max_depth)

    @property
    def complexity(self):
        return self.cp is not None

    def alpha(self, root_risk):
        return 0.0 if self.cp is None else self.cp * root_risk

    def summary(self, criterion, y, w):
        """``(weight, value, risk)`` of a node."""
        value, risk = criterion.node_value(y, w)
        return _seqsum(w), value, risk

    def may_split(self, me, depth, tempcp, alpha):
        return not (me.n < self.min_split or tempcp <= alpha or
                    (self.max_depth is not None and depth >= self.max_depth))


class RfsrcRules:
    """randomForestSRC's stopping (``nodesize``, ``nodedepth``): a node of weight below
    ``2 * node_size``, at depth ``node_depth`` (root 0; None = unlimited) or holding a
    single class is a leaf.  Node sums: class weights over the node's rows in row order,
    the node weight their sum in class order."""

    complexity = False

    def __init__(self, *, node_size=1, node_depth=None):
        self.node_size = float(node_size)
        self.node_depth = None if node_depth is None or node_depth < 0 else int(node_depth)

    def alpha(self, root_risk):
        return 0.0

    def summary(self, criterion, y, w):
        value = criterion.class_counts(y, w)
        _, risk, weight = criterion.node_summary(value)
        return weight, value, risk

    def may_split(self, me, depth, tempcp, alpha):
        return (me.wt >= 2.0 * self.node_size and
                (self.node_depth is None or depth < self.node_depth) and
                int(np.count_nonzero(me.value > 0)) >= 2)


class _Node:
    __slots__ = ("n", "wt", "value", "risk", "complexity", "primary", "surrogates",
                 "lastsurrogate", "left", "right", "deferred", "info", "default")

    def __init__(self):
        self.complexity = 0.0
        self.primary = None
        self.surrogates = []
        self.lastsurrogate = 0
        self.left = self.right = None
        self.deferred = False
        self.info = None
        self.default = 0


def _run(gen):
    """Run a generator recursion on an explicit stack: a generator yields the arguments
    of a child call and receives its result; its return value is its own result."""
    stack, value = [gen], None
    while stack:
        try:
            args = stack[-1].send(value)
        except StopIteration as stop:
            stack.pop()
            value = stop.value
            continue
        stack.append(args[0](*args[1:]))
        value = None
    return value


class TreeBuilder:
    """Grow a tree with a criterion, a splitter and stopping rules (module docstring).

    Parameters
    ----------
    criterion : rocstats.tree._criterion.Criterion
    splitter : a splitter of `rocstats.tree._splitter`
    rules : RpartRules or RfsrcRules
    n_levels : array-like of int
        Levels of each categorical feature (0 = numeric).
    max_surrogate, use_surrogate, surrogate_style :
        rpart.control's maxsurrogate, usesurrogate, surrogatestyle (fit-time routing).
    missing : {"rpart", "majority"}
        Default direction of rows no surrogate routes (module docstring).
    """

    #: find the surrogates of a node whose primary variable has no missing value only
    #: once its split is known to be kept (the result is the same; False = at once)
    defer_surrogates = True

    def __init__(self, criterion, splitter, rules, *, n_levels, max_surrogate=0,
                 use_surrogate=2, surrogate_style=0, missing="rpart"):
        if missing not in ("rpart", "majority"):
            raise ValueError("missing must be 'rpart' or 'majority', got %r" % (missing,))
        self.criterion = criterion
        self.splitter = splitter
        self.rules = rules
        self.n_levels = np.asarray(n_levels, dtype=np.int64)
        self.max_surrogate = int(max_surrogate)
        self.use_surrogate = int(use_surrogate)
        self.surrogate_style = int(surrogate_style)
        self.missing = missing
        self.kernels = _kernels.tree          # the active side of the switch

    # ------------------------------------------------------------------ public
    def presort(self, X):
        """``(X.T, per-feature stable order)``, both feature-major: randomForestSRC's
        presort, computed once and shared by many builds on the same X (a forest)."""
        X = np.asarray(X, dtype=np.float64)
        return (np.ascontiguousarray(X.T),
                np.ascontiguousarray(np.argsort(X, axis=0, kind="stable").T))

    def build(self, X, y, w, *, rows=None, alpha=None, keep_sorts=False, driver=True,
              presorted=None, where=True):
        """Grow a tree on ``X[rows]`` (all rows by default).

        ``alpha`` overrides the rules' threshold (cross-validation scales the full-data
        alpha by the fold's share of the weight, as rpart's xval.c).  ``keep_sorts``
        keeps a copy of the full-data sorted lists so that later ``build(X, ...,
        rows=...)`` calls on the same ``X`` (cross-validation folds) filter them instead
        of sorting again, as rpart does.  randomForestSRC's rules only: ``driver=False``
        grows the tree node by node here even when the C driver is available;
        ``presorted`` is `presort`'s result for ``X``; ``where=False`` skips the
        training rows' node numbers.
        """
        X = np.asarray(X, dtype=np.float64)
        y = np.asarray(y, dtype=np.float64)
        w = np.asarray(w, dtype=np.float64)
        if rows is not None:
            rows = np.asarray(rows, dtype=np.int64)
            if rows.size and np.any(np.diff(rows) <= 0):
                raise ValueError("rows must be strictly increasing row indices")
        if isinstance(self.rules, RfsrcRules):
            return self._build_rfsrc(X, y, w, rows, driver, presorted, where)
        order = self.splitter.order
        if rows is None:
            cols = SortedColumns(X, self.n_levels, self.kernels, order)
            # pristine copy for folds (the fit below partitions cols.sorts in place)
            self._full = (X, cols.subset(np.arange(cols.n))) if keep_sorts else None
        else:
            full = getattr(self, "_full", None)
            if full is None or full[0] is not X:
                full = (X, SortedColumns(X, self.n_levels, self.kernels, order))
                self._full = full   # never partitioned: subset() copies
            cols = full[1].subset(rows)
            X, y, w = X[rows], y[rows], w[rows]
        return self._grow(X, y, w, cols, alpha)

    def _build_rfsrc(self, X, y, w, rows, driver, presorted, where):
        """randomForestSRC's rules: the rows of positive weight take part; the C driver
        grows the tree in one call when available."""
        if rows is not None:
            X, y, w = X[rows], y[rows], w[rows]
            presorted = None
        splitter, rules = self.splitter, self.rules
        flat = None
        if driver and isinstance(splitter, RfsrcSplitter) and self.max_surrogate == 0:
            flat = splitter.grow(X, y.astype(np.int64), w, node_size=rules.node_size,
                                 node_depth=rules.node_depth,
                                 presorted=presorted or self.presort(X))
        if flat is not None:
            tree = tree_from_flat(flat, X.shape[1])
            root_risk = float(tree.risk[0])
        else:
            keep = w > 0
            Xk = X if keep.all() else X[keep]
            cols = SortedColumns(Xk, self.n_levels, self.kernels, splitter.order)
            res = self._grow(Xk, y[keep], w[keep], cols, None)
            tree, root_risk = res.tree, res.root_risk
        where = (np.asarray(tree.node_id)[tree.apply(X, missing=False)] if where
                 else None)
        return BuildResult(tree=tree, where=where, root_risk=root_risk, alpha=0.0,
                           iscale=0.0, info=[None] * tree.node_count)

    def _grow(self, X, y, w, cols, alpha):
        self._X = X
        self._y = y
        self._w = w
        self._cols = cols
        self.splitter.bind(cols, y, w, self.n_levels)
        n = X.shape[0]
        self._which = np.ones(n, dtype=np.int64)
        self._goes = np.zeros(n, dtype=np.int8)
        # the lists before any partition: a node's lists are these filtered to its rows
        # (stable partitions keep the relative order), used for deferred surrogates
        self._pristine = cols.sorts.copy() if self.max_surrogate > 0 else None
        self._rank = None          # positions in the pristine lists, made when needed

        root = _Node()
        root.n = n
        root.wt, root.value, root.risk = self.rules.summary(self.criterion, y, w)
        root.complexity = root.risk
        self._alpha = self.rules.alpha(root.risk) if alpha is None else float(alpha)
        _run(self._partition(1, root, 0, n, 0, self.splitter.root_state()))
        tree, info = self._emit(root)
        return BuildResult(tree=tree, where=self._which.copy(), root_risk=root.risk,
                           alpha=self._alpha, iscale=getattr(self.splitter, "iscale", 0.0),
                           info=info)

    # ------------------------------------------------------------------ recursion
    def _partition(self, nodenum, me, n1, n2, depth, state):
        """rpart's partition(), as a generator (see `_run`): returns (number of
        splits kept, risk of the subtree)."""
        alpha = self._alpha
        rules = self.rules
        bookkeeping = rules.complexity
        if depth > 0:
            rows = self._cols.sorts[0, n1:n2]
            if isinstance(rules, RfsrcRules):
                rows = np.sort(rows)               # randomForestSRC sums in row order
            me.n = n2 - n1
            me.wt, me.value, me.risk = rules.summary(self.criterion, self._y[rows],
                                                      self._w[rows])
            tempcp = min(me.risk, me.complexity) if bookkeeping else me.risk
        else:
            tempcp = me.risk

        if not rules.may_split(me, depth, tempcp, alpha):
            me.complexity = alpha
            return 0, me.risk

        primary, info = self.splitter.find(n1, n2, me, state)
        if not primary:
            me.complexity = alpha
            return 0, me.risk
        me.primary = primary
        me.info = info
        nleft, nright = self._nodesplit(me, nodenum, n1, n2)
        lnum, rnum = ((2 * nodenum, 2 * nodenum + 1)
                      if nodenum > 0 and depth < MAX_NUMBERED_DEPTH else (-1, -1))

        me.left = _Node()
        me.left.complexity = tempcp - alpha
        left_split, left_risk = yield (self._partition, lnum, me.left, n1, n1 + nleft,
                                       depth + 1, self.splitter.child_state(state))
        if bookkeeping:
            tempcp = (me.risk - left_risk) / (left_split + 1)
            tempcp2 = me.risk - me.left.risk
            if tempcp < tempcp2:
                tempcp = tempcp2
            if tempcp > me.complexity:
                tempcp = me.complexity
        me.right = _Node()
        me.right.complexity = tempcp - alpha
        right_split, right_risk = yield (self._partition, rnum, me.right, n1 + nleft,
                                         n1 + nleft + nright, depth + 1,
                                         self.splitter.child_state(state))
        if bookkeeping:
            left_split, left_risk, right_split, right_risk = _collapse(
                me, left_split, left_risk, right_split, right_risk)
            me.complexity = (me.risk - (left_risk + right_risk)) / (left_split + right_split
                                                                    + 1)
            if me.complexity <= alpha:
                # all was in vain: this node does not split after all
                me.left = me.right = None
                me.primary = None
                me.surrogates = []
                me.info = None
                self._which[self._cols.sorts[0, n1:n2]] = nodenum
                return 0, me.risk
        if me.deferred:
            self._deferred_surrogates(me, n1, n2)
        return left_split + right_split + 1, left_risk + right_risk

    def _nodesplit(self, me, nodenum, n1, n2):
        """Send the node's rows left / right (primary, surrogates, default), record the
        surrogates' usage counts, and partition the sorted lists."""
        cols, w, goes = self._cols, self._w, self._goes
        rows = cols.sorts[0, n1:n2]                # a view: partitioned below
        primary = me.primary[0]
        xp = cols.xt[primary.feature, rows]
        d = primary.direction(xp)
        goes[rows] = d
        if self.missing == "majority":
            # the side the primary sends more weight to; the left one on a tie
            me.default = (LEFT if _seqsum(w[rows[d < 0]]) >= _seqsum(w[rows[d > 0]])
                          else RIGHT)

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
        if idx.size and self.use_surrogate == 2:
            default = me.default if self.missing == "majority" else me.lastsurrogate
            if default != 0:
                goes[idx] = default

        nleft, nright = self.kernels.partition(cols.sorts, n1, n2, goes)
        lnum, rnum = (2 * nodenum, 2 * nodenum + 1) if 0 < nodenum < 2 ** 62 else (-1, -1)
        self._which[cols.sorts[0, n1:n1 + nleft]] = lnum
        self._which[cols.sorts[0, n1 + nleft:n1 + nleft + nright]] = rnum
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
        """The flat tree, in preorder, and the splitters' per-node info.  Complexities
        (rpart's bookkeeping) are capped by the parent's (floored at alpha) as rpart's
        make_cp_list does before the frame is written: a node is removed with its parent
        if the parent goes first."""
        tree = Tree(n_features=self._X.shape[1], n_outputs=self.criterion.n_outputs)
        bookkeeping = self.rules.complexity
        rfsrc = isinstance(self.rules, RfsrcRules)
        info = []
        stack = [(root, -1, True, root.complexity)]
        while stack:
            node, parent, is_left, cap = stack.pop()
            comp = min(node.complexity, cap) if bookkeeping else np.nan
            idx = tree.add_node(parent=parent, is_left=is_left, n=node.n, weight=node.wt,
                                value=node.value, risk=node.risk, complexity=comp)
            info.append(node.info)
            if node.left is None:
                continue
            if rfsrc:
                ml = node.left.wt >= node.wt - node.left.wt
                kw = dict(majority_left=ml)
            elif self.missing == "majority":
                kw = dict(majority_left=node.default == LEFT, default_dir=node.default)
            else:
                nl, nr = node.left.n, node.right.n
                kw = dict(majority_left=nl > nr,
                          default_dir=LEFT if nl > nr else (RIGHT if nr > nl else 0),
                          last_surrogate=node.lastsurrogate)
            tree.set_split(idx, node.primary[0], competitors=node.primary[1:],
                           surrogates=node.surrogates, **kw)
            child_cap = max(comp, self._alpha) if bookkeeping else np.nan
            stack.append((node.right, idx, False, child_cap))
            stack.append((node.left, idx, True, child_cap))
        return tree.finalize(), info


def rpart_builder(criterion, *, n_levels, min_split=20, min_bucket=7, cp=0.01, max_depth=30,
                  max_compete=4, max_surrogate=5, use_surrogate=2, surrogate_style=0):
    """rpart's builder (``rpart.control``'s names): rpart's splitter policy and stopping
    rules with rpart's surrogates and default direction, for a criterion with a
    node-kernel kind."""
    from ._splitter import RpartSplitter

    return TreeBuilder(criterion,
                       RpartSplitter(criterion, min_bucket=min_bucket, max_compete=max_compete),
                       RpartRules(min_split=min_split, cp=cp, max_depth=max_depth),
                       n_levels=n_levels, max_surrogate=max_surrogate,
                       use_surrogate=use_surrogate, surrogate_style=surrogate_style)


def _collapse(me, left_split, left_risk, right_split, right_risk):
    """rpart's partition.c after both children of ``me`` are grown: collapse the child
    whose complexity is exceeded by the node's (the one that "collapses first"), then
    possibly the other; returns the subtree's (splits, risk) pairs the node sees.  The
    pruner's `rocstats.tree._prune.node_complexity` applies the same rule to a
    grown tree."""
    lc, rc = me.left.complexity, me.right.complexity
    return collapse_children(me.risk, left_split, left_risk, lc, me.left.risk,
                             right_split, right_risk, rc, me.right.risk)


def collapse_children(risk, ls, lr, lc, lrisk, rs, rr, rc, rrisk):
    """The one copy of rpart's collapse rule: a node of risk ``risk`` whose left subtree
    has ``ls`` splits and risk ``lr`` (its root: complexity ``lc``, risk ``lrisk``), and
    likewise on the right; returns ``(ls, lr, rs, rr)`` after collapsing the children
    whose complexity the node's own exceeds, the one with the smaller complexity first."""
    temp = (risk - (lr + rr)) / (ls + rs + 1)
    if rc > lc:
        if temp > lc:                              # the left child collapses first
            lr, ls = lrisk, 0
            temp = (risk - (lr + rr)) / (ls + rs + 1)
            if temp > rc:
                rr, rs = rrisk, 0
    elif temp > rc:                                # the right child collapses first
        rs, rr = 0, rrisk
        temp = (risk - (lr + rr)) / (ls + rs + 1)
        if temp > lc:
            lr, ls = lrisk, 0
    return ls, lr, rs, rr


def tree_from_flat(flat, n_features):
    """The `Tree` of the flat arrays of the C driver (no ``Split`` records made
    until read): ``risk`` = weight minus the largest class weight, splits of kind LE with
    ``improve`` = theta = delta / 2, ``majority_left`` = the left daughter holds at least
    half the node's weight."""
    from ._tree import LE

    left = flat["left"]
    weight = flat["weight"]
    value = flat["value"]
    inner = left >= 0
    majority = np.ones(left.size, dtype=bool)
    wl = weight[left[inner]]
    majority[inner] = wl >= weight[inner] - wl
    return Tree.from_arrays(n_features=n_features, left=left, right=flat["right"],
                            parent=flat["parent"], node_id=flat["node_id"],
                            depth=flat["depth"], n=flat["count"], weight=weight,
                            value=value, risk=weight - value.max(axis=1),
                            feature=flat["feature"], threshold=flat["threshold"],
                            kind=np.where(inner, LE, 0), improve=flat["delta"] / 2.0,
                            majority_left=majority)
