"""Grow one AUC tree the way randomForestSRC grows a tree with ``splitrule = "auc"``.

:func:`grow_auc_tree` is the single-tree grower used by
:class:`rocstats.tree.AUCTreeClassifier` and by the AUC forest.  The rules, learnt by
reading randomForestSRC's C source (never copied) and checked on the 48 recorded
randomForestSRC 3.6.1 cases where they can be (see the estimator's docstring for the
evidence; the recorded cases all use nsplit = 0 and mtry = p, so the rules for
``n_split > 0`` and ``max_features < p`` rest on the source alone), are:

* a node is split only if its size is at least ``2 * node_size``, its depth is below
  ``node_depth`` (root depth 0) and it holds at least two classes;
* the daughters have no minimum size: any cut leaving both sides non-empty is a
  candidate;
* numeric cut points are observed values, ``x <= cut`` goes left; with ``n_split = 0``
  every distinct value but the largest is a cut; with ``n_split = k`` and more than
  ``k + 1`` distinct values, ``k`` of those values drawn at random without replacement;
* the variables (``max_features`` of them, drawn without replacement, in random order)
  are visited one after another; within a variable cuts are visited in ascending order;
  a candidate replaces the kept split only if its delta (= 2 theta) is larger by more
  than 1e-9, so among ties the first found is kept;
* in a node where some class is absent (multiclass only) every statistic is NaN and the
  split is the smallest cut of the first visited variable with two distinct values;
* a variable found constant in a node uses up one of the node's ``max_features`` draws
  and is not drawn again in the node's descendants.

Implementation.  The whole grow loop is one kernel call (:func:`grow_flat`:
``rs_grow_auc_tree`` in ``csrc/rocstats_aucsplit.c``, or its NumPy twin
``rocstats._kernels.numpy.aucsplit.grow_tree``, which gives the identical tree): the rows are sorted once
per variable, each node keeps a range of every sorted column, and a split partitions
those ranges stably; the statistic is computed with the same floating-point operations
as the split kernels (so the randomForestSRC parity cases are unchanged).  The random
draws (variable subsets and their order, the ``n_split`` cut points) come from a
splitmix64 stream seeded with one 64-bit number drawn from the caller's NumPy
Generator; the draw order is documented with ``rs_grow_auc_tree``.  **rocstats does not
reproduce randomForestSRC's random stream**: trees that depend on the random draws
(``max_features < p``, ``n_split > 0``, or exact ties between variables under
``variable_order="random"``) are draws of the same procedure, not the same trees; with
``max_features = p``, ``n_split = 0`` and a fixed variable order the tree is a function of
the data alone.
"""
import numpy as np

from ._auc import EPS_DELTA
from ._data import exact_float
from ._tree import LE, Split, Tree
from .. import _kernels

#: Node numbers 2k / 2k + 1 overflow int64 below this depth; deeper nodes (AUC trees
#: peeling a multiclass node can be 90 deep) get node_id -1 (no rpart number).
_MAX_NUMBERED_DEPTH = 62


def _check_inputs(X, y, n_classes, node_size, node_depth, max_features, n_split,
                  sample_weight):
    X = np.asarray(X)
    if X.ndim != 2:
        raise ValueError("X must be 2-dimensional, got shape %s" % (X.shape,))
    if X.dtype.kind not in "fiub":
        raise ValueError("X must be numeric, got dtype %s" % X.dtype)
    X = np.ascontiguousarray(X, dtype=np.float64)
    if np.isnan(X).any():
        raise ValueError("X contains NaN; AUC trees have no missing-value handling "
                         "(impute first)")
    if np.isinf(X).any():
        raise ValueError("X contains infinite values")
    n, p = X.shape
    if n == 0 or p == 0:
        raise ValueError("X is empty (shape %s)" % (X.shape,))
    y = np.asarray(y)
    if y.shape != (n,):
        raise ValueError("y must have shape (%d,), got %s" % (n, y.shape))
    if y.dtype.kind not in "iu":
        raise ValueError("y must hold integer class codes, got dtype %s" % y.dtype)
    y = np.ascontiguousarray(y, dtype=np.int64)
    n_classes = int(n_classes)
    if n_classes < 2:
        raise ValueError("n_classes must be at least 2, got %d" % n_classes)
    if y.min() < 0 or y.max() >= n_classes:
        raise ValueError("y must hold class codes 0..%d" % (n_classes - 1))
    if not (isinstance(node_size, (int, np.integer, float, np.floating)) and node_size >= 1):
        raise ValueError("node_size must be a number >= 1, got %r" % (node_size,))
    if node_depth is not None and (not isinstance(node_depth, (int, np.integer))
                                   or isinstance(node_depth, bool)):
        raise ValueError("node_depth must be None or an integer, got %r" % (node_depth,))
    if max_features is None:
        max_features = p
    if (not isinstance(max_features, (int, np.integer)) or isinstance(max_features, bool)
            or not 1 <= max_features <= p):
        raise ValueError("max_features must be an integer in [1, %d], got %r"
                         % (p, max_features))
    if (not isinstance(n_split, (int, np.integer)) or isinstance(n_split, bool)
            or n_split < 0):
        raise ValueError("n_split must be a non-negative integer, got %r" % (n_split,))
    if sample_weight is None:
        w = np.ones(n)
    else:
        w = np.ascontiguousarray(exact_float(sample_weight, "sample_weight"))
        if w.shape != (n,):
            raise ValueError("sample_weight must have shape (%d,), got %s" % (n, w.shape))
        if not np.isfinite(w).all() or (w < 0).any():
            raise ValueError("sample_weight must be finite and non-negative")
        if not (w > 0).any():
            raise ValueError("sample_weight is zero for every row")
    return X, y, n_classes, int(max_features), int(n_split), w


_ORDERS = {"random": 0, "forward": 1, "reverse": 2}


def grow_flat(Xt, order, y, w, *, n_classes, node_size=1.0, node_depth=None, mtry, n_split=0,
              seed, variable_order="random"):
    """Grow one AUC tree in a single kernel call (:func:`rocstats._kernels.aucsplit.grow_tree`,
    C ``rs_grow_auc_tree`` or its NumPy twin) and return its flat preorder arrays (dict).

    ``Xt`` is the feature-major matrix (p x n, ``X.T`` contiguous), ``order`` its stable
    per-feature argsort (p x n, ``np.argsort(X, axis=0, kind="stable").T``); rows of
    weight ``w`` 0 take no part, so a forest passes the whole data once with the bootstrap
    multiplicities as ``w``.  ``seed`` (0 <= seed < 2**64) seeds the kernel's splitmix64
    stream.  Inputs are checked by the kernel wrapper."""
    if variable_order not in _ORDERS:
        raise ValueError("variable_order must be 'random', 'forward' or 'reverse', got %r"
                         % (variable_order,))
    return _kernels.aucsplit.grow_tree(Xt, order, y, w, n_classes, min_split=2.0 * float(node_size),
                              max_depth=-1 if node_depth is None else int(node_depth),
                              mtry=int(mtry), nsplit=int(n_split),
                              var_order=_ORDERS[variable_order], seed=int(seed), eps=EPS_DELTA)


def tree_from_flat(flat, n_features):
    """The :class:`~rocstats.tree._tree.Tree` of a flat tree from :func:`grow_flat`:
    ``risk`` = weight minus the largest class weight, splits of kind LE with
    ``improve`` = theta = delta / 2, ``majority_left`` = the left daughter holds at least
    half the node's weight."""
    left = flat["left"]
    weight = flat["weight"]
    value = flat["value"]
    inner = np.flatnonzero(left >= 0)
    majority = np.ones(left.size, dtype=bool)
    majority[inner] = weight[left[inner]] >= weight[inner] - weight[left[inner]]
    split = [None] * left.size
    feat, thr, dl, cnt = (flat["feature"][inner].tolist(), flat["threshold"][inner].tolist(),
                          (flat["delta"][inner] / 2.0).tolist(),
                          flat["count"][inner].astype(np.float64).tolist())
    for j, i in enumerate(inner.tolist()):
        split[i] = Split(feature=feat[j], kind=LE, threshold=thr[j], improve=dl[j],
                         count=cnt[j])
    return Tree.from_arrays(n_features=n_features, left=left, right=flat["right"],
                            parent=flat["parent"], node_id=flat["node_id"],
                            depth=flat["depth"], n=flat["count"], weight=weight,
                            value=value, risk=weight - value.max(axis=1), split=split,
                            majority_left=majority)


def seed_from(rng):
    """A 64-bit kernel seed drawn from a NumPy Generator (one draw)."""
    return int(rng.integers(0, 2 ** 64, dtype=np.uint64))


def grow_auc_tree(X, y, *, n_classes, node_size=1, node_depth=None, max_features=None,
                  n_split=0, rng=None, sample_weight=None, variable_order="random"):
    """Grow one AUC-split tree (randomForestSRC ``splitrule = "auc"``) on ``(X, y)``.

    Parameters
    ----------
    X : ndarray, shape (n, p)
        Numeric features, no NaN (a ValueError says so: AUC trees have no missing-value
        handling yet).
    y : ndarray of int, shape (n,)
        Class codes ``0 .. n_classes - 1``.
    n_classes : int
        K, the number of classes of the problem (classes absent from ``y`` count).
    node_size : float, default 1
        randomForestSRC's ``nodesize``: a node is split only if its size is at least
        ``2 * node_size``.  The size is the sum of ``sample_weight`` (the row count when
        unweighted, the number of draws with bootstrap multiplicities).
    node_depth : int or None
        ``nodedepth``: nodes at this depth (root 0) are not split; None or a negative
        value means unlimited.
    max_features : int or None
        ``mtry``: variables drawn (without replacement) at each node; None = all.
    n_split : int, default 0
        ``nsplit``: 0 = every cut point; k = k random cut points per variable.
    rng : numpy.random.Generator, optional
        One 64-bit number drawn from it seeds the kernel's splitmix64 stream, which
        draws the variable subsets, the order in which variables are visited (which
        breaks exact ties between variables) and the random cut points.
    sample_weight : ndarray, optional
        Non-negative case weights.  The forest passes bootstrap multiplicities here;
        a row of weight m is then exactly a row repeated m times (class counts, node
        sizes and alpha use the weights).  Rows of weight 0 take no part.
    variable_order : {"random", "forward", "reverse"}
        Order in which a node's drawn variables are visited, which decides exact ties
        between variables (the first one found is kept).  "random" (randomForestSRC's
        behaviour) uses ``rng``; "forward" / "reverse" visit the drawn variables in
        increasing / decreasing column order, making the tree a deterministic function
        of the data when ``max_features`` is all variables and ``n_split`` is 0.

    Returns
    -------
    rocstats.tree._tree.Tree
        ``value`` = class weights (counts) of each node, ``n`` = rows of positive weight,
        ``weight`` = their weight, ``risk`` = weighted misclassification count (node
        weight minus its largest class weight), ``complexity`` NaN; numeric splits of kind
        LE with ``threshold`` the observed cut and ``improve`` = theta (NaN where a class
        is absent from the node).

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[1.0], [2.0], [3.0], [4.0]])
    >>> t = grow_auc_tree(X, np.array([0, 0, 1, 1]), n_classes=2)
    >>> t.node_count, t.split[0].threshold, t.split[0].improve, t.value[1].tolist()
    (3, 2.0, 1.0, [2.0, 0.0])
    """
    X, y, n_classes, mtry, n_split, w = _check_inputs(
        X, y, n_classes, node_size, node_depth, max_features, n_split, sample_weight)
    if variable_order not in _ORDERS:
        raise ValueError("variable_order must be 'random', 'forward' or 'reverse', got %r"
                         % (variable_order,))
    if rng is None:
        rng = np.random.default_rng()
    Xt = np.ascontiguousarray(X.T)
    order = np.ascontiguousarray(np.argsort(X, axis=0, kind="stable").T)
    flat = grow_flat(Xt, order, y, w, n_classes=n_classes, node_size=node_size,
                     node_depth=node_depth, mtry=mtry, n_split=n_split, seed=seed_from(rng),
                     variable_order=variable_order)
    return tree_from_flat(flat, X.shape[1])
