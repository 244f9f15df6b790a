r"""Rossa's ROC classification tree (seed 003, section 4).

At each node, for every variable, Rossa's chi-square goodness-of-fit statistic (21) of
H0: ROC(v) = v is computed on the node's rows (:func:`rocstats.gof._rossa._gof_statistic`:
the positives' placement values in the negatives' EDF (10), (20), n + 1 cells for n
negatives in the node); the variable with the **largest** statistic -- the one whose ROC
curve departs most from the diagonal -- splits the node at the threshold :math:`x_0` of
its empirical ROC curve :math:`(1 - G_n(x), 1 - F_m(x))` **closest to the perfect point
(0, 1)** (:func:`rocstats.best_threshold` with ``method="closest_topleft"``), rows with
:math:`x > x_0` going to :math:`\pi_0` (the positive class, ``classes_[1]``), steps 1-5
of section 4.  A node is terminal when it is homogeneous (step 6), has fewer than
``min_split`` rows or reaches ``max_depth``.  Leaves hold class counts and predict the
class frequencies; a node's risk is its misclassification count, so the tree can be
pruned by cost-complexity with cross-validation like CART (Breiman et al. 1984, ch. 3).

Choices the paper leaves open (made here, documented in :class:`ROCTreeClassifier`):
the tie rule of the placement values (deterministic "upper", the EDF (10) read
literally, by default), the orientation of the threshold (the paper assumes every
variable is oriented so that large values point to :math:`\pi_0`, which is
``direction="<"``; the default ``direction="best"`` also allows ``x <= t`` for a
variable whose low values point to :math:`\pi_0`), and what happens when the best
variable cannot split (constant in the node, or its threshold leaves a side smaller than
``min_bucket``): the next variable in decreasing order of the statistic is used.
"""
import numbers

import numpy as np

from .._labels import class_labels

from ._base import CostComplexityMixin
from ._tree import LE, LT, Split, Tree

__all__ = ["ROCTreeClassifier", "cost_complexity_table"]

_DIRECTIONS = ("<", ">", "best")
_TIES = ("upper", "lower", "random")


def _gof():
    from ..gof._rossa import _gof_statistic

    return _gof_statistic


def _closest_threshold(is_pos, x, direction):
    """(criterion, threshold, direction) of the ROC point closest to (0, 1)."""
    from ..roc._thresholds import best_threshold

    yy = is_pos.astype(np.int8)
    cands = ["<", ">"] if direction == "best" else [direction]
    fits = []
    for d in cands:
        r = best_threshold(yy, x, method="closest_topleft", direction=d)
        fits.append((r.criterion, r.threshold, d))
    return min(fits, key=lambda t: t[0])   # min keeps the first ("<") on ties


def node_statistics(X, is_pos, *, cells=None, ties="upper", rng=None):
    r"""Rossa's statistic (21) of every column of ``X`` on these rows (positives =
    ``is_pos`` = :math:`\pi_0`, placed in the negatives' EDF); rows with the column
    missing are left out; ``-inf`` where the column cannot split (a class absent among
    its present rows, or a single distinct value).  ``cells=k`` is used where
    ``k <= n + 1`` (n = negatives present), else the n + 1 cells."""
    stat_fn = _gof()
    p = X.shape[1]
    out = np.full(p, -np.inf)
    for j in range(p):
        x = X[:, j]
        ok = ~np.isnan(x)
        xp, xn = x[ok & is_pos], x[ok & ~is_pos]
        if xp.size == 0 or xn.size == 0:
            continue
        xo = x[ok]
        if xo.min() == xo.max():
            continue
        k = cells
        if k is not None and k > xn.size + 1:
            k = None
        out[j] = stat_fn(np.ascontiguousarray(xp), np.ascontiguousarray(xn), cells=k,
                         ties=ties, rng=rng)
    return out


def _folds(n, xval, rng):
    """rpart-style fold ids 1..K: an int K gives a random balanced assignment; an
    array is used as given (one id per row)."""
    if isinstance(xval, numbers.Integral) and not isinstance(xval, (bool, np.bool_)):
        k = int(xval)
        if k < 2:
            raise ValueError("xval must be 0 or an integer >= 2, got %d" % k)
        return rng.permutation(np.arange(n) % k) + 1
    folds = np.asarray(xval)
    if folds.shape != (n,) or folds.dtype.kind not in "iu":
        raise ValueError("xval must be an int or a vector of %d integer fold ids" % n)
    return folds.astype(np.int64)


def with_complexity(tree):
    """Set rpart's node complexities (risk units, growing threshold 0: the tree was
    grown without a cp threshold) on a finalized tree; returns it."""
    from ._prune import node_complexity

    tree.complexity = node_complexity(tree, alpha=0.0)
    return tree


def cost_complexity_table(grow, X, codes, *, n_classes, xval=10, random_state=None,
                          use_surrogate=2):
    """Weakest-link pruning sequence and K-fold cross-validated error of a tree whose
    node risk is the misclassification count, through the CART pruner
    (:mod:`rocstats.tree._prune`; Breiman et al. 1984, ch. 3; ESL 9.2.2).

    Parameters
    ----------
    grow : callable
        ``grow(rows) -> Tree``: grows the tree on the rows ``rows`` (int array) of
        ``X`` / ``codes`` with fixed controls; ``value`` = class counts, ``risk`` =
        misclassification count.
    X : ndarray (n, p)
        As for :meth:`Tree.apply` (NaN = missing).
    codes : ndarray of int (n,)
        Class codes 0..K-1.
    xval : int or array of fold ids
        0 = no cross-validation (``xerror`` / ``xstd`` NaN).
    random_state : seed of the random fold assignment.

    Returns
    -------
    tree : Tree
        ``grow(all rows)`` with complexities set.
    cptable : pandas.DataFrame
        ``CP``, ``nsplit``, ``rel error``, ``xerror``, ``xstd`` (as rpart's cptable;
        errors relative to the root's misclassification count).
    """
    from ._prune import cp_table, cross_validate

    X = np.asarray(X, dtype=np.float64)
    codes = np.asarray(codes, dtype=np.int64)
    n = X.shape[0]
    tree = with_complexity(grow(np.arange(n)))
    table = cp_table(tree, alpha=0.0)
    table["xerror"] = np.nan
    table["xstd"] = np.nan
    if not (isinstance(xval, numbers.Integral) and xval == 0):
        folds = _folds(n, xval, np.random.default_rng(random_state))
        xerr, xstd = cross_validate(lambda rows: with_complexity(grow(rows)), X, codes,
                                    np.ones(n), folds, table, method="class",
                                    n_classes=n_classes, use_surrogate=use_surrogate)
        table["xerror"] = xerr
        table["xstd"] = xstd
    return tree, table


class ROCTreeClassifier(CostComplexityMixin):
    r"""Rossa's ROC classification tree for a binary outcome.

    Parameters
    ----------
    min_split : int, default 2
        A node with fewer rows is not split.
    min_bucket : int, default 1
        Each child must receive at least this many rows (of those with the split
        variable present); when the best variable's threshold violates it, the next
        variable (by decreasing statistic) is tried.
    max_depth : int or None, default None
        Nodes at this depth (root 0) are not split; None = unlimited.
    cells : None or int
        Cells of the statistic: None = the paper's n + 1 cells (n = negatives in the
        node); k = k grouped cells (used only where k <= n + 1).
    ties : {"upper", "lower", "random"}, default "upper"
        Tie rule of the placement values :math:`nG_n(C_j)` of the positives in the
        negatives' EDF (see :func:`rocstats.roc_gof_test`); "upper" reads the EDF (10)
        literally and is deterministic; "random" draws from ``random_state``.
    direction : {"best", "<", ">"}, default "best"
        Orientation of each node's threshold: "<" (the paper's step 5) sends
        :math:`x > x_0` -- ``x >= t`` with ``t`` the threshold of
        :func:`rocstats.best_threshold` -- to the positive side (:math:`\pi_0`), ">"
        sends ``x <= t`` there, "best" takes the orientation whose closest point is
        nearer to (0, 1) (ties: "<").  The ungrouped statistic does not depend on it.
    max_surrogate : int, default 5
        Surrogate splits kept per node (rpart's rules,
        :func:`rocstats.tree._surrogate.find_surrogates`); used for rows whose split
        variable is missing, at fit and predict time.
    use_surrogate : {0, 1, 2}, default 2
        rpart's meaning for routing rows with a missing split variable in
        :meth:`predict_proba` / :meth:`apply`.
    xval : int or array of fold ids, default 10
        Cross-validation folds for the complexity table (``cptable_``): an int K draws a
        random balanced assignment from ``random_state``; an array gives each row's fold
        id 1..K (as rpart's ``xval`` vector); 0 = none.
    random_state : None, int or numpy Generator
        Seeds the folds and ``ties="random"``.

    Attributes
    ----------
    classes_ : ndarray of 2 labels; ``classes_[1]`` is the positive class, the paper's
        :math:`\pi_0` (its :math:`Y = 0` in (6)); ``classes_[0]`` is :math:`\pi_1`.
    tree_ : :class:`rocstats.tree._tree.Tree`
        ``value`` = class counts, ``risk`` = misclassification count, ``split[i].improve``
        = the chosen variable's statistic, ``competitors[i]`` = the other splittable
        variables' statistics (as splits with NaN threshold), best first.
    statistics_ : dict
        rpart node number -> array of the p statistics of that internal node (-inf =
        the variable cannot split it).  Nodes deeper than 62 have no rpart number and
        are left out.
    cptable_ : pandas.DataFrame
        rpart-style complexity table of the grown tree (``CP``, ``nsplit``, ``rel
        error``, ``xerror``, ``xstd``), from the CART pruner (:mod:`rocstats.tree._prune`)
        with the misclassification count as node risk; ``xerror`` / ``xstd`` are NaN
        when ``xval=0``.
    one_se_ : OneSEResult or None
        The 1-SE choice (Breiman et al. 1984, 3.4.3): the smallest tree whose
        cross-validated error is within one standard error of the minimum; use
        :meth:`cost_complexity_prune` or ``prune(cp=one_se_.cp)``.

    Examples
    --------
    Variable 0 separates the classes but for one pair, variable 1 is noise (statistics
    6 and 1, see :func:`rocstats.roc_gof_rule`); the root splits on variable 0 at the
    point closest to (0, 1) (Se 1, Sp 3/4): :math:`x > x_0 = 0.3` goes right, to the
    positive side:

    >>> import numpy as np
    >>> from rocstats.tree import ROCTreeClassifier
    >>> X = np.array([[0.1, -1], [0.2, 1], [0.3, 4], [0.6, 6.5],
    ...               [0.5, 3], [0.55, 6], [0.8, 7], [0.9, 0]])
    >>> y = np.array([0, 0, 0, 0, 1, 1, 1, 1])
    >>> t = ROCTreeClassifier(max_depth=1).fit(X, y)
    >>> s = t.tree_.split[0]
    >>> s.feature, s.improve
    (0, 6.0)
    >>> s.direction(X[:, 0]).tolist()          # -1 left, +1 right
    [-1, -1, -1, 1, 1, 1, 1, 1]
    """

    def __init__(self, *, min_split=2, min_bucket=1, max_depth=None, cells=None,
                 ties="upper", direction="best", max_surrogate=5, use_surrogate=2,
                 xval=10, random_state=None):
        self.min_split = min_split
        self.min_bucket = min_bucket
        self.max_depth = max_depth
        self.cells = cells
        self.ties = ties
        self.direction = direction
        self.max_surrogate = max_surrogate
        self.use_surrogate = use_surrogate
        self.xval = xval
        self.random_state = random_state

    # ------------------------------------------------------------------ params
    @classmethod
    def _param_names(cls):
        import inspect

        return [p for p in inspect.signature(cls.__init__).parameters if p != "self"]

    def get_params(self, deep=True):
        return {k: getattr(self, k) for k in self._param_names()}

    def set_params(self, **params):
        for k, v in params.items():
            if k not in self._param_names():
                raise ValueError("invalid parameter %r for ROCTreeClassifier" % (k,))
            setattr(self, k, v)
        return self

    def _check_params(self):
        def _int(name, lo, allow_none=False):
            v = getattr(self, name)
            if v is None and allow_none:
                return None
            if isinstance(v, (bool, np.bool_)) or not isinstance(v, numbers.Integral) or v < lo:
                raise ValueError("%s must be an integer >= %d%s, got %r"
                                 % (name, lo, " or None" if allow_none else "", v))
            return int(v)

        _int("min_split", 2)
        _int("min_bucket", 1)
        _int("max_depth", 0, allow_none=True)
        _int("cells", 2, allow_none=True)
        _int("max_surrogate", 0)
        if self.use_surrogate not in (0, 1, 2):
            raise ValueError("use_surrogate must be 0, 1 or 2, got %r" % (self.use_surrogate,))
        if self.ties not in _TIES:
            raise ValueError("ties must be one of %s, got %r" % (_TIES, self.ties))
        if self.direction not in _DIRECTIONS:
            raise ValueError("direction must be one of %s, got %r"
                             % (_DIRECTIONS, self.direction))

    # ------------------------------------------------------------------ input
    @staticmethod
    def _as_X(X, name="X"):
        try:
            import pandas as pd
        except ImportError:  # pragma: no cover
            pd = None
        names = None
        if pd is not None and isinstance(X, pd.DataFrame):
            bad = [str(c) for c in X.columns if not pd.api.types.is_numeric_dtype(X[c])]
            if bad:
                raise ValueError("%s has non-numeric columns %s; ROCTreeClassifier splits "
                                 "numeric variables only" % (name, bad))
            names = np.asarray([str(c) for c in X.columns], dtype=object)
            X = X.to_numpy(dtype=np.float64)
        else:
            X = np.asarray(X)
            if X.dtype.kind not in "biuf":
                raise ValueError("%s must be numeric, got dtype %s" % (name, X.dtype))
            X = X.astype(np.float64)
        if X.ndim != 2:
            raise ValueError("%s must be 2-D, got shape %s" % (name, X.shape))
        if np.isinf(X).any():
            raise ValueError("%s contains infinite values" % name)
        return np.ascontiguousarray(X), names

    # ------------------------------------------------------------------ fit
    def fit(self, X, y):
        """Grow the tree on numeric ``X`` (NaN = missing, routed by surrogates) and a
        two-class ``y``."""
        self._check_params()
        X, names = self._as_X(X)
        # the label contract: sorted classes, or a categorical's level order (R factor);
        # classes_[1] is the positive class pi_0
        cl = class_labels(y, name="y")
        if cl.codes.shape[0] != X.shape[0]:
            raise ValueError("y must have one label per row of X (%d), got %d"
                             % (X.shape[0], cl.codes.shape[0]))
        classes, codes = cl.classes, cl.codes
        if classes.size != 2 or (cl.counts == 0).any():
            raise ValueError("ROCTreeClassifier needs a binary outcome with both classes "
                             "present: y has classes %s with counts %s"
                             % (classes.tolist()[:5], cl.counts.tolist()[:5]))
        if np.isnan(X).all(axis=1).any():
            raise ValueError("X has rows with every value missing")
        self.classes_ = classes
        self.n_features_in_ = X.shape[1]
        if names is not None:
            self.feature_names_in_ = names
        from ._prune import one_se_rule

        n = X.shape[0]
        full_tree, stats = self._grow(X, codes)

        def grow(rows):
            if rows.size == n:
                return full_tree
            return self._grow(X[rows], codes[rows])[0]

        self.tree_, self.cptable_ = cost_complexity_table(
            grow, X, codes, n_classes=2, xval=self.xval, random_state=self.random_state,
            use_surrogate=self.use_surrogate)
        self.statistics_ = {int(self.tree_.node_id[i]): st for i, st in stats.items()
                            if self.tree_.node_id[i] > 0}
        self.one_se_ = (None if self.cptable_["xerror"].isna().all()
                        else one_se_rule(self.cptable_))
        return self

    # ------------------------------------------------------------------ pruning
    def prune(self, cp=None):
        """A new fitted estimator whose tree is pruned at complexity ``cp`` (rpart's
        ``prune.rpart``: every split with scaled complexity <= cp is removed); default
        the cross-validated 1-SE choice ``one_se_.cp``."""
        return self._pruned_copy(cp)

    def _after_prune(self, new):
        kept = set(int(v) for v in new.tree_.node_id[new.tree_.left >= 0])
        new.statistics_ = {k: v for k, v in self.statistics_.items() if k in kept}

    def _check_fitted(self):
        if not hasattr(self, "tree_"):
            raise RuntimeError("this ROCTreeClassifier is not fitted yet; call fit first")

    def _grow(self, X, codes):
        from ._surrogate import find_surrogates

        rng = np.random.default_rng(self.random_state)
        n, p = X.shape
        is_pos_all = codes == 1
        has_nan = np.isnan(X).any()
        tree = Tree(n_features=p, n_outputs=2)
        stats = {}
        stack = [(np.arange(n), -1, True, 0)]
        while stack:
            rows, parent, is_left, depth = stack.pop()
            counts = np.bincount(codes[rows], minlength=2).astype(np.float64)
            if parent >= 0 and tree.node_id[parent] < 0:
                pid = tree.node_id[parent]
                tree.node_id[parent] = 1          # placeholder while the child is added
                idx = tree.add_node(parent=parent, is_left=is_left, n=rows.size,
                                    weight=float(rows.size), value=counts,
                                    risk=float(rows.size - counts.max()))
                tree.node_id[parent] = pid
                tree.node_id[idx] = -1
            else:
                idx = tree.add_node(parent=parent, is_left=is_left, n=rows.size,
                                    weight=float(rows.size), value=counts,
                                    risk=float(rows.size - counts.max()))
                if depth > 62:                    # 2^63 overflows int64: no rpart number
                    tree.node_id[idx] = -1
            if (counts.min() == 0 or rows.size < self.min_split
                    or (self.max_depth is not None and depth >= self.max_depth)):
                continue
            Xn = X[rows]
            is_pos = is_pos_all[rows]
            st = node_statistics(Xn, is_pos, cells=self.cells, ties=self.ties, rng=rng)
            chosen = None
            for j in np.argsort(-st, kind="stable"):
                if not np.isfinite(st[j]):
                    break
                x = Xn[:, j]
                ok = ~np.isnan(x)
                _, thr, d = _closest_threshold(is_pos[ok], x[ok], self.direction)
                # "<": x >= thr is the positive side (right); ">": x <= thr positive (left)
                split = (Split(feature=int(j), kind=LT, threshold=thr, improve=float(st[j]),
                               count=float(ok.sum())) if d == "<" else
                         Split(feature=int(j), kind=LE, threshold=thr, improve=float(st[j]),
                               count=float(ok.sum())))
                go = split.direction(x)
                if min((go < 0).sum(), (go > 0).sum()) < self.min_bucket:
                    continue
                chosen = (split, go)
                break
            if chosen is None:
                continue
            split, go = chosen
            stats[idx] = st
            competitors = [Split(feature=int(k), kind=split.kind, improve=float(st[k]))
                           for k in np.argsort(-st, kind="stable")
                           if np.isfinite(st[k]) and k != split.feature]
            surrogates, majority_left = [], bool((go < 0).sum() >= (go > 0).sum())
            if self.max_surrogate > 0 and p > 1:
                surrogates, _ = find_surrogates(
                    Xn, np.ones(rows.size), go.astype(np.int8), split.feature,
                    categorical=np.zeros(p, dtype=bool), n_levels=np.zeros(p, dtype=np.int64),
                    max_surrogate=self.max_surrogate)
            tree.set_split(idx, split, competitors=competitors, surrogates=surrogates,
                           majority_left=majority_left)
            if has_nan:
                go = tree.route(idx, Xn, use_surrogate=2)
            stack.append((rows[go > 0], idx, False, depth + 1))
            stack.append((rows[go < 0], idx, True, depth + 1))
        return tree.finalize(), stats

    # ------------------------------------------------------------------ predict
    def _check_predict_X(self, X):
        self._check_fitted()
        names = getattr(self, "feature_names_in_", None)
        if names is not None and hasattr(X, "columns"):
            missing = [c for c in names if c not in set(map(str, X.columns))]
            if missing:
                raise ValueError("X lacks the fitted columns %s" % missing)
            X = X[list(names)]
        X, _ = self._as_X(X)
        if X.shape[1] != self.n_features_in_:
            raise ValueError("X has %d features, the tree was fitted with %d"
                             % (X.shape[1], self.n_features_in_))
        return X

    def apply(self, X):
        """Index (into ``tree_``'s arrays) of the node where each row ends."""
        return self.tree_.apply(self._check_predict_X(X), use_surrogate=self.use_surrogate)

    def predict_proba(self, X):
        """Class frequencies of the node each row reaches (columns ``classes_``)."""
        node = self.apply(X)
        v = self.tree_.value[node]
        return v / v.sum(axis=1, keepdims=True)

    def predict(self, X):
        """The majority class of the node each row reaches (ties: ``classes_[0]``)."""
        self._check_predict_X(X)
        return self.classes_[self.predict_proba(X).argmax(axis=1)]

    def __repr__(self):
        return "ROCTreeClassifier(%s)" % ", ".join(
            "%s=%r" % kv for kv in self.get_params().items())
