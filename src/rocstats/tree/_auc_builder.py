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
"""
import numpy as np

from ._auc import EPS_DELTA
from ._tree import LE, Split, Tree
from .._kernels import aucsplit

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
        w = np.ascontiguousarray(sample_weight, dtype=np.float64)
        if w.shape != (n,):
            raise ValueError("sample_weight must have shape (%d,), got %s" % (n, w.shape))
        if not np.isfinite(w).all() or (w < 0).any():
            raise ValueError("sample_weight must be finite and non-negative")
        if not (w > 0).any():
            raise ValueError("sample_weight is zero for every row")
    return X, y, n_classes, int(max_features), int(n_split), w


def _draw_cuts(xs, n_split, rng):
    """randomForestSRC's nsplit: per column, ``n_split`` distinct values (never the
    largest) drawn without replacement and sorted; ``ncuts`` -1 = every cut."""
    ncol = xs.shape[0]
    ncuts = np.full(ncol, -1, dtype=np.int64)
    cuts = np.zeros((ncol, n_split))
    for c in range(ncol):
        x = xs[c]
        distinct = x[np.concatenate(([True], x[1:] > x[:-1]))]
        if distinct.size <= n_split + 1:
            continue
        pick = rng.choice(distinct.size - 1, size=n_split, replace=False)
        cuts[c] = np.sort(distinct[pick])
        ncuts[c] = n_split
    return cuts, ncuts


def _split_sorted(Xt, y, w, S, n_classes, features, *, n_split=0, rng=None):
    """The split randomForestSRC keeps at a node given ``S`` (p x m: the node's rows
    sorted by each feature) when it visits ``features`` in that order; see
    :func:`find_auc_split`."""
    features = np.asarray(features, dtype=np.int64)
    if features.size == 0:
        return -1, np.nan, np.nan, features
    Sv = S[features]
    xs = Xt[features[:, None], Sv]
    ys = y[Sv]
    ws = w[Sv]
    constant = xs[:, 0] == xs[:, -1]
    if n_split > 0:
        if rng is None:
            raise ValueError("n_split > 0 needs a random generator")
        cuts, ncuts = _draw_cuts(xs, n_split, rng)
        index, cut, delta = aucsplit.best_columns(xs, ys, ws, n_classes, cuts=cuts,
                                                  ncuts=ncuts, eps=EPS_DELTA)
    else:
        index, cut, delta = aucsplit.best_columns(xs, ys, ws, n_classes, eps=EPS_DELTA)
    best = -1
    for c in range(features.size):
        if index[c] < 0:
            continue
        if best < 0:
            best = c
        elif (not np.isnan(delta[c]) and not np.isnan(delta[best])
              and delta[c] - delta[best] > EPS_DELTA):
            best = c
    if best < 0:
        return -1, np.nan, np.nan, features[constant]
    return int(features[best]), float(cut[best]), float(delta[best]), features[constant]


def _sorted_rows(X, rows):
    """p x m matrix: ``rows`` sorted by each feature (row c = order by feature c)."""
    return np.ascontiguousarray(rows[np.argsort(X[rows], axis=0, kind="stable")].T)


def find_auc_split(X, y, w, rows, n_classes, features, *, n_split=0, rng=None):
    """The split randomForestSRC keeps at the node ``rows`` when it visits ``features``
    in the given order: ``(feature, cut, delta, constant)`` where ``feature`` is -1 if no
    admissible split exists, ``delta`` = 2 theta (NaN in a node with an absent class) and
    ``constant`` lists the visited features with a single value in the node."""
    X = np.asarray(X, dtype=np.float64)
    rows = np.asarray(rows, dtype=np.int64)
    return _split_sorted(np.ascontiguousarray(X.T), np.asarray(y, dtype=np.int64),
                         np.asarray(w, dtype=np.float64), _sorted_rows(X, rows),
                         n_classes, features, n_split=n_split, rng=rng)


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
        Draws the variable subsets, the order in which variables are visited (which
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
    if variable_order not in ("random", "forward", "reverse"):
        raise ValueError("variable_order must be 'random', 'forward' or 'reverse', got %r"
                         % (variable_order,))
    if rng is None:
        rng = np.random.default_rng()
    n, p = X.shape
    depth_limit = -1 if node_depth is None else int(node_depth)
    min_split = 2.0 * float(node_size)
    tree = Tree(n_features=p, n_outputs=n_classes)
    root_rows = np.flatnonzero(w > 0)
    Xt = np.ascontiguousarray(X.T)
    go_left = np.zeros(n, dtype=bool)
    # The rows of a node sorted by every feature (p x m), partitioned stably into the
    # daughters' orders after a split: one sort at the root, none below.
    # stack entries: sorted rows, parent index, is_left, depth, known-constant features
    stack = [(_sorted_rows(X, root_rows), -1, True, 0, np.zeros(p, dtype=bool))]
    while stack:
        S, parent, is_left, depth, known_const = stack.pop()
        rows = S[0]
        cw = np.bincount(y[rows], weights=w[rows], minlength=n_classes).astype(np.float64)
        wsum = float(cw.sum())
        idx = tree.add_node(parent=parent, is_left=is_left, n=rows.size, weight=wsum,
                            value=cw, risk=wsum - float(cw.max()))
        if depth > _MAX_NUMBERED_DEPTH:
            tree.node_id[idx] = -1
        splittable = (wsum >= min_split and (depth_limit < 0 or depth < depth_limit)
                      and np.count_nonzero(cw > 0) >= 2)
        if not splittable:
            continue
        candidates = np.flatnonzero(~known_const)
        if candidates.size == 0:
            continue
        if mtry >= candidates.size:
            visit = rng.permutation(candidates)
        else:
            visit = rng.choice(candidates, size=mtry, replace=False)
        if variable_order == "forward":
            visit = np.sort(visit)
        elif variable_order == "reverse":
            visit = np.sort(visit)[::-1]
        feat, cut, delta, constant = _split_sorted(Xt, y, w, S, n_classes, visit,
                                                   n_split=n_split, rng=rng)
        child_const = known_const.copy()
        child_const[constant] = True
        if feat < 0:
            continue
        left_rows = rows[Xt[feat, rows] <= cut]
        go_left[left_rows] = True
        mask = go_left[S]
        n_left = left_rows.size
        S_left = S[mask].reshape(p, n_left)
        S_right = S[~mask].reshape(p, rows.size - n_left)
        go_left[left_rows] = False
        w_left = float(w[left_rows].sum())
        tree.set_split(idx, Split(feature=feat, kind=LE, threshold=cut,
                                  improve=delta / 2.0, count=float(rows.size)),
                       majority_left=bool(w_left >= wsum - w_left))
        stack.append((S_right, idx, False, depth + 1, child_const))
        stack.append((S_left, idx, True, depth + 1, child_const))
    return tree.finalize()
