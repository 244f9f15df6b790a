"""The flat tree every builder in rocstats produces (CART, AUC and ROC trees, forests),
and the one router that sends rows down it.

A fitted tree is a `Tree`: per-node NumPy arrays in **preorder** (node 0 is the
root; a node's left subtree comes before its right subtree), the primary split of each
internal node as flat arrays (``feature``, ``threshold``, ``split_kind``) and, for
builders that make them, per-node lists of `Split` records (primary, competitors,
surrogates).  Builders append nodes with `Tree.add_node` and call
`Tree.finalize`, or hand over flat arrays (`Tree.from_arrays`, as the
whole-tree driver of the forests does, whose ``Split`` records are then made only when
read); pruning returns a new ``Tree`` (`Tree.subtree`).

Routing has one definition, `Tree.route` (the direction of rows at one node:
primary split, then surrogates, then a default direction, with rpart's meaning of
``use_surrogate``); `Tree.apply` (the node where each row ends) and
`Tree.paths` (every node of each row's descent, for cross-validation) walk the
tree with it.  Trees of numeric splits routing data without missing values take the
same walk in the kernel layer (``rocstats._kernels.tree.apply``).

Node numbers follow rpart: the root is 1 and the children of node k are 2k and 2k + 1,
so ``node_id`` identifies a node across pruned versions of one tree (-1 below depth 62,
where they would overflow int64).
"""
from dataclasses import dataclass

import numpy as np

from .. import _kernels

# How a split defines its left branch.  rpart stores the direction in `ncat`: -1 means
# `x < cut` goes left, +1 means `x >= cut` goes left; randomForestSRC sends `x <= cut`
# left.  Categorical splits list the level codes of each side.
LT = -1          #: numeric, ``x < threshold`` goes left (rpart ncat = -1)
GE = 1           #: numeric, ``x >= threshold`` goes left (rpart ncat = +1)
LE = 2           #: numeric, ``x <= threshold`` goes left (randomForestSRC)
CATEGORICAL = 0  #: level codes in ``left_levels`` go left, ``right_levels`` go right

_KINDS = (LT, GE, LE, CATEGORICAL)

#: Node numbers 2k / 2k + 1 overflow int64 below this depth; deeper nodes (AUC trees
#: peeling a multiclass node can be 90 deep) get node_id -1 (no rpart number).
MAX_NUMBERED_DEPTH = 62


@dataclass(frozen=True)
class Split:
    """One split of one node on one feature.

    Attributes
    ----------
    feature : int
        Column index in the fitted feature matrix.
    kind : int
        `LT`, `GE`, `LE` or `CATEGORICAL`.
    threshold : float
        Cut point of a numeric split (NaN for categorical splits).
    left_levels, right_levels : tuple of int
        Categorical splits: integer level codes sent left / right.  A code in neither
        (a level absent from the node when it was fitted) is treated as missing, as in
        rpart (``csplit`` value 2).
    improve : float
        Primary and competitor splits: the criterion's improvement (rpart's
        ``improve``; theta for the AUC rule, the chi-square statistic for Rossa's).
        Surrogates: the agreement with the primary split (rpart stores it in the same
        column).
    count : float
        Number of rows of the node with this feature present (rpart's ``count``).
    adj : float
        Surrogates only: the adjusted agreement (rpart's ``adj``); 0 otherwise.
    """

    feature: int
    kind: int
    threshold: float = float("nan")
    left_levels: tuple = ()
    right_levels: tuple = ()
    improve: float = float("nan")
    count: float = float("nan")
    adj: float = 0.0

    def __post_init__(self):
        if self.kind not in _KINDS:
            raise ValueError("Split.kind must be one of %s, got %r" % (_KINDS, self.kind))

    def direction(self, column):
        """Route a column of values: ``-1`` left, ``+1`` right, ``0`` unknown (missing
        value, or a level the split does not know).

        Parameters
        ----------
        column : ndarray of float64
            The split feature's values (categorical features as float level codes,
            NaN = missing).
        """
        x = np.asarray(column, dtype=np.float64)
        out = np.zeros(x.shape, dtype=np.int8)
        known = ~np.isnan(x)
        if self.kind == CATEGORICAL:
            out[np.isin(x, self.left_levels) & known] = -1
            out[np.isin(x, self.right_levels) & known] = 1
            return out
        xk = x[known]
        if self.kind == LT:
            left = xk < self.threshold
        elif self.kind == GE:
            left = xk >= self.threshold
        else:
            left = xk <= self.threshold
        out[known] = np.where(left, -1, 1)
        return out


_INT_ARRAYS = ("left", "right", "parent", "node_id", "depth", "n")
_FLOAT_ARRAYS = ("weight", "risk", "complexity")


class Tree:
    """A fitted tree as flat per-node arrays (preorder) and per-node split lists.

    Arrays (length ``node_count`` after `finalize`)
    -----------------------------------------------------
    left, right : int64
        Child indices; -1 for a leaf.
    parent : int64
        Parent index; -1 for the root.
    node_id : int64
        rpart node number (root 1, children 2k and 2k + 1; -1 below depth 62).
    depth : int64
        Root depth 0.
    n : int64
        Number of training rows in the node.
    weight : float64
        Sum of case weights in the node (rpart ``wt``).
    value : float64, shape (node_count, n_outputs)
        Classification: weighted class counts in the node; regression: the node mean in
        column 0.
    risk : float64
        The node's risk / deviance (rpart ``dev``), the quantity the pruner uses.
    complexity : float64
        rpart's per-node ``complexity`` (cp at which the node's split is pruned, risk
        units), NaN until a builder or pruner sets it.
    feature, threshold, split_kind : int64, float64, int8
        The primary split of each internal node (feature -1, threshold NaN for leaves;
        threshold NaN for categorical splits).
    majority_left : bool
        Direction of the training majority at the node.
    default_dir : int8
        The direction `route` uses for rows no split can route (``use_surrogate
        = 2``): -1 left, +1 right, 0 none (the row stays at the node).  rpart's
        predictions go to the child with more training rows and stay at the node when
        both children have the same number.
    last_surrogate : int8
        rpart's fit-time ``lastsurrogate``: -1 when the primary split sent more weight
        left, +1 right, 0 on a tie or when no surrogates were searched; rpart's
        cross-validation walk uses it (0 = right).

    Lists (one entry per node)
    --------------------------
    split : Split or None
        The primary split (None for leaves).
    competitors, surrogates : list of Split
        rpart's competitor splits (next-best primaries, best first) and surrogates
        (best first).
    """

    def __init__(self, n_features, n_outputs):
        self.n_features = int(n_features)
        self.n_outputs = int(n_outputs)
        for name in _INT_ARRAYS + _FLOAT_ARRAYS + ("value", "majority_left", "default_dir",
                                                   "last_surrogate"):
            setattr(self, name, [])
        self._split = []
        self._competitors = []
        self._surrogates = []
        self._improve = self._count = None      # for Split records made on demand
        self.finalized = False

    # ------------------------------------------------------------------ split lists
    @property
    def split(self):
        if self._split is None:                 # from flat arrays: made when first read
            feat, thr, kind = self.feature.tolist(), self.threshold.tolist(), \
                self.split_kind.tolist()
            imp, cnt = self._improve.tolist(), self._count.tolist()
            self._split = [None if f < 0 else
                           Split(feature=f, kind=k, threshold=t, improve=i, count=c)
                           for f, t, k, i, c in zip(feat, thr, kind, imp, cnt)]
        return self._split

    @property
    def competitors(self):
        if self._competitors is None:
            self._competitors = [[] for _ in range(self.node_count)]
        return self._competitors

    @property
    def surrogates(self):
        if self._surrogates is None:
            self._surrogates = [[] for _ in range(self.node_count)]
        return self._surrogates

    # ------------------------------------------------------------------ building
    def add_node(self, *, parent, is_left, n, weight, value, risk, complexity=np.nan):
        """Append a node (call in preorder) and return its index.

        ``parent`` is -1 for the root; ``is_left`` says which child of ``parent`` it is.
        """
        if self.finalized:
            raise RuntimeError("Tree.add_node after finalize()")
        idx = len(self.left)
        value = np.asarray(value, dtype=np.float64).reshape(-1)
        if value.size != self.n_outputs:
            raise ValueError("value has %d entries, the tree has n_outputs=%d"
                             % (value.size, self.n_outputs))
        if parent < 0:
            if idx != 0:
                raise ValueError("only the first node can be the root")
            node_id, depth = 1, 0
        else:
            depth = self.depth[parent] + 1
            pid = self.node_id[parent]
            node_id = (-1 if pid < 0 or depth > MAX_NUMBERED_DEPTH
                       else 2 * pid + (0 if is_left else 1))
            if is_left:
                self.left[parent] = idx
            else:
                self.right[parent] = idx
        self.left.append(-1)
        self.right.append(-1)
        self.parent.append(int(parent))
        self.node_id.append(int(node_id))
        self.depth.append(int(depth))
        self.n.append(int(n))
        self.weight.append(float(weight))
        self.value.append(value)
        self.risk.append(float(risk))
        self.complexity.append(float(complexity))
        self.majority_left.append(True)
        self.default_dir.append(-1)
        self.last_surrogate.append(0)
        self._split.append(None)
        self._competitors.append([])
        self._surrogates.append([])
        return idx

    def set_split(self, node, split, *, competitors=(), surrogates=(), majority_left=True,
                  default_dir=None, last_surrogate=0):
        """Record the primary split of ``node`` (before its children are added).

        ``default_dir`` (-1, 0 or +1) overrides the direction derived from
        ``majority_left`` for rows that no split can route (see ``default_dir``)."""
        self._split[node] = split
        self._competitors[node] = list(competitors)
        self._surrogates[node] = list(surrogates)
        self.majority_left[node] = bool(majority_left)
        if default_dir is None:
            default_dir = -1 if majority_left else 1
        if default_dir not in (-1, 0, 1):
            raise ValueError("default_dir must be -1, 0 or 1, got %r" % (default_dir,))
        self.default_dir[node] = int(default_dir)
        if last_surrogate not in (-1, 0, 1):
            raise ValueError("last_surrogate must be -1, 0 or 1, got %r" % (last_surrogate,))
        self.last_surrogate[node] = int(last_surrogate)

    def finalize(self):
        """Turn the per-node lists of numbers into NumPy arrays; returns ``self``."""
        if self.finalized:
            return self
        for name in _INT_ARRAYS:
            setattr(self, name, np.asarray(getattr(self, name), dtype=np.int64))
        for name in _FLOAT_ARRAYS:
            setattr(self, name, np.asarray(getattr(self, name), dtype=np.float64))
        self.majority_left = np.asarray(self.majority_left, dtype=bool)
        self.default_dir = np.asarray(self.default_dir, dtype=np.int8)
        self.last_surrogate = np.asarray(self.last_surrogate, dtype=np.int8)
        self.value = (np.vstack(self.value) if len(self.value)
                      else np.empty((0, self.n_outputs)))
        m = len(self._split)
        self.feature = np.full(m, -1, dtype=np.int64)
        self.threshold = np.full(m, np.nan)
        self.split_kind = np.zeros(m, dtype=np.int8)
        for i, s in enumerate(self._split):
            if s is not None:
                self.feature[i], self.threshold[i], self.split_kind[i] = \
                    s.feature, s.threshold, s.kind
        self.finalized = True
        self._check_shape(self.feature >= 0)
        return self

    def _check_shape(self, has_split):
        left = np.asarray(self.left)
        bad = np.flatnonzero(((left < 0) == has_split) | ((left < 0) != (self.right < 0)))
        if bad.size:
            raise ValueError("nodes %s: a node must have both children and a split, or "
                             "neither" % bad[:5].tolist())

    @classmethod
    def from_arrays(cls, *, n_features, left, right, parent, node_id, depth, n, weight,
                    value, risk, split=None, feature=None, threshold=None, kind=None,
                    improve=None, complexity=None, majority_left=None):
        """A finalized tree from flat preorder arrays (as the whole-tree driver returns
        them), without a Python step per node.

        The primary splits come either as ``split`` (a list of `Split` or None)
        or as arrays ``feature`` (-1 for leaves), ``threshold``, ``kind`` and ``improve``
        (the ``Split`` records are then made when `split` is first read, with
        ``count`` = ``n``).  ``value`` is (node_count, n_outputs); ``complexity``
        defaults to NaN, ``majority_left`` to True; competitors and surrogates are empty
        and ``default_dir`` follows ``majority_left``."""
        left = np.array(left, dtype=np.int64)
        m = left.size
        value = np.array(value, dtype=np.float64)
        if value.ndim != 2 or value.shape[0] != m:
            raise ValueError("value must have shape (%d, n_outputs), got %s"
                             % (m, value.shape))
        tree = cls(n_features=int(n_features), n_outputs=int(value.shape[1]))
        tree.left = left
        for name, arr, dt in (("right", right, np.int64), ("parent", parent, np.int64),
                              ("node_id", node_id, np.int64), ("depth", depth, np.int64),
                              ("n", n, np.int64), ("weight", weight, np.float64),
                              ("risk", risk, np.float64),
                              ("complexity", np.full(m, np.nan) if complexity is None
                               else complexity, np.float64),
                              ("majority_left", np.ones(m, dtype=bool)
                               if majority_left is None else majority_left, bool)):
            arr = np.array(arr, dtype=dt)
            if arr.shape != (m,):
                raise ValueError("%s must have shape (%d,), got %s" % (name, m, arr.shape))
            setattr(tree, name, arr)
        tree.value = value
        tree.default_dir = np.where(tree.majority_left, -1, 1).astype(np.int8)
        tree.last_surrogate = np.zeros(m, dtype=np.int8)
        if split is not None:
            split = list(split)
            if len(split) != m:
                raise ValueError("split must have %d entries, got %d" % (m, len(split)))
            tree._split = split
            tree.feature = np.array([-1 if s is None else s.feature for s in split],
                                    dtype=np.int64)
            tree.threshold = np.array([np.nan if s is None else s.threshold for s in split])
            tree.split_kind = np.array([0 if s is None else s.kind for s in split],
                                       dtype=np.int8)
        else:
            tree.feature = np.array(feature, dtype=np.int64)
            tree.threshold = np.array(threshold, dtype=np.float64)
            tree.split_kind = np.array(kind, dtype=np.int8)
            tree._improve = np.array(improve, dtype=np.float64)
            tree._count = tree.n.astype(np.float64)
            for name in ("feature", "threshold", "split_kind", "_improve"):
                if getattr(tree, name).shape != (m,):
                    raise ValueError("%s must have shape (%d,)" % (name.lstrip("_"), m))
            tree._split = None
        tree._competitors = tree._surrogates = None
        tree.finalized = True
        tree._check_shape(tree.feature >= 0)
        return tree

    # ------------------------------------------------------------------ queries
    @property
    def node_count(self):
        return len(self.left)

    @property
    def is_leaf(self):
        return np.asarray(self.left) < 0

    @property
    def n_leaves(self):
        return int(np.count_nonzero(self.is_leaf))

    # ------------------------------------------------------------------ routing
    def route(self, node, Xnode, *, use_surrogate=2, default=None):
        """Directions (-1 left, +1 right, 0 stays) of the rows ``Xnode`` at internal
        ``node``: the primary split, then (``use_surrogate`` >= 1) the surrogates in
        order, then (``use_surrogate`` = 2) the default direction -- ``default`` if
        given (an int8 array indexed by node), else `default_dir`."""
        split = self.split[node]
        d = split.direction(Xnode[:, split.feature])
        if use_surrogate >= 1:
            for s in self.surrogates[node]:
                todo = d == 0
                if not todo.any():
                    break
                d[todo] = s.direction(Xnode[todo, s.feature])
            if use_surrogate == 2:
                d[d == 0] = (self.default_dir if default is None else default)[node]
        return d

    def _check_X(self, X, use_surrogate):
        if not self.finalized:
            raise RuntimeError("Tree routing before finalize()")
        if use_surrogate not in (0, 1, 2):
            raise ValueError("use_surrogate must be 0, 1 or 2, got %r" % (use_surrogate,))
        X = np.asarray(X, dtype=np.float64)
        if X.ndim != 2 or X.shape[1] != self.n_features:
            raise ValueError("X must have shape (n_rows, %d), got %s"
                             % (self.n_features, X.shape))
        return X

    def _numeric_route(self, X, missing):
        """True when the kernel router gives what `route` gives: numeric splits
        only, and no missing value in a split variable."""
        inner = self.feature >= 0
        if (self.split_kind[inner] == CATEGORICAL).any():
            return False
        if missing is False:
            return True
        used = np.unique(self.feature[inner])
        return not (used.size and np.isnan(X[:, used]).any())

    def apply(self, X, *, use_surrogate=2, rows=None, missing=None):
        """Index of the node where each row of ``X`` ends.

        Parameters
        ----------
        X : ndarray, shape (n_rows, n_features), float64
            NaN marks a missing value; categorical features hold float level codes.
        use_surrogate : {0, 1, 2}
            rpart's meaning.  0: a row whose split variable is missing stops at that
            node.  1: try the surrogates in order; if all are missing, stop.  2: as 1,
            and if all are missing send the row in the node's default direction.
        rows : array of int, optional
            Route only these rows of ``X``.
        missing : None or False
            False: the caller knows ``X`` has no missing value (skips the check).

        Returns
        -------
        ndarray of int64
            Node index (into the arrays) of each row; an internal node when the row
            stopped early.
        """
        X = self._check_X(X, use_surrogate)
        if rows is not None:
            rows = np.asarray(rows, dtype=np.int64)
        if self._numeric_route(X if rows is None or missing is False else X[rows], missing):
            return _kernels.tree.apply(X, self.left, self.right, self.feature,
                                       self.threshold, self.split_kind, rows)
        if rows is not None:
            X = X[rows]
        out = np.zeros(X.shape[0], dtype=np.int64)
        stack = [(0, np.arange(X.shape[0]))]
        while stack:
            node, idx = stack.pop()
            if self.left[node] < 0 or idx.size == 0:
                out[idx] = node
                continue
            d = self.route(node, X[idx], use_surrogate=use_surrogate)
            out[idx[d == 0]] = node
            stack.append((self.right[node], idx[d > 0]))
            stack.append((self.left[node], idx[d < 0]))
        return out

    def paths(self, X, *, use_surrogate=2, default=None):
        """Node index at each depth of every row's descent (one column per depth,
        padded with -1 after the node where the row ends); ``default`` as in
        `route`."""
        X = self._check_X(X, use_surrogate)
        n = X.shape[0]
        cur = np.zeros(n, dtype=np.int64)
        alive = np.ones(n, dtype=bool)
        cols = [cur.copy()]
        while True:
            rows = np.flatnonzero(alive & (self.left[cur] >= 0))
            if rows.size == 0:
                break
            nxt = np.full(n, -1, dtype=np.int64)
            for node in np.unique(cur[rows]):
                sel = rows[cur[rows] == node]
                d = self.route(node, X[sel], use_surrogate=use_surrogate, default=default)
                nxt[sel[d < 0]] = self.left[node]
                nxt[sel[d > 0]] = self.right[node]
            alive = nxt >= 0                   # leaves and stuck rows stop here
            cur = np.where(alive, nxt, cur)
            cols.append(nxt)
        return np.column_stack(cols)

    def subtree(self, keep_split):
        """A new finalized tree where internal nodes with ``keep_split[i]`` False become
        leaves (their descendants are dropped).  ``keep_split`` is indexed like the
        arrays; node numbers (``node_id``) are kept."""
        keep_split = np.asarray(keep_split, dtype=bool)
        new = Tree(self.n_features, self.n_outputs)
        stack = [(0, -1, True)]
        while stack:
            node, parent, is_left = stack.pop()
            idx = new.add_node(parent=parent, is_left=is_left, n=self.n[node],
                               weight=self.weight[node], value=self.value[node],
                               risk=self.risk[node], complexity=self.complexity[node])
            new.node_id[idx] = self.node_id[node]
            new.depth[idx] = self.depth[node]
            if self.left[node] >= 0 and keep_split[node]:
                new.set_split(idx, self.split[node], competitors=self.competitors[node],
                              surrogates=self.surrogates[node],
                              majority_left=self.majority_left[node],
                              default_dir=int(self.default_dir[node]),
                              last_surrogate=int(self.last_surrogate[node]))
                stack.append((self.right[node], idx, False))
                stack.append((self.left[node], idx, True))
        return new.finalize()
