"""Kernel selection for the AUC split rule: the C kernels (``_aucsplit_cffi``) when the
active backend is cffi (:func:`rocstats._kernels.backend`) and they are built, else the
NumPy twin (``_aucsplit_numpy``).  ``ROCSTATS_PURE_PYTHON=1`` forces NumPy.

Functions (identical contracts and bit-identical results in both modules; see
:mod:`rocstats._kernels._aucsplit_numpy` for the statistic):

``auc_sweep(x, y, w, n_classes, cuts=None)``
    ``(cut, delta, w_left, n_left)`` at every cut of one ascending column, in one
    O(n K + cuts K^2) sweep (class weights on the left accumulate as the cut moves);
``best_columns(xs, ys, ws, n_classes, cuts=None, ncuts=None, eps=EPS)``
    per ascending column of a node, the cut randomForestSRC keeps ``(index, cut, delta)``;
``grow_tree(xt, order, y, w, n_classes, *, min_split, max_depth, mtry, nsplit, var_order,
seed, eps=EPS, capacity=None)``
    a whole AUC tree grown in one call (C: ``rs_grow_auc_tree``, contract in
    ``csrc/rocstats_aucsplit.c``): flat preorder arrays in a dict; the random draws come
    from splitmix64 seeded with ``seed`` (the same stream in both implementations);
``tree_apply(X, tree, rows=None, *, transposed=False)``
    the leaf of each row in such a flat tree;
``splitmix64_fill(seed, count, r)``
    the raw generator stream and bounded draws (for tests).
"""
from . import _aucsplit_numpy, family_implementations, select_family

EPS = _aucsplit_numpy.EPS

_impl, BACKEND = select_family("aucsplit", "the AUC split C kernels")

auc_sweep = _impl.auc_sweep
best_columns = _impl.best_columns
grow_tree = _impl.grow_tree
tree_apply = _impl.tree_apply
splitmix64_fill = _impl.splitmix64_fill


def implementations():
    """Every importable implementation, for cross-checking in tests."""
    return family_implementations("aucsplit")
