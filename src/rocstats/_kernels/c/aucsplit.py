"""C twin of :mod:`rocstats._kernels.numpy.aucsplit` (``csrc/rocstats_aucsplit.c``): the
AUC split sweep, the per-column best cuts, the whole-tree grower and tree routing.

Same functions, signatures and bit-identical results as the NumPy module.  Arrays are normalised to C-contiguous float64 /
int64 and every length and class code is checked here, before C sees the pointers.
"""
import numpy as np

from ..numpy.aucsplit import (EPS, _TREE_FIELDS, _check, _check_controls, _check_cuts,
                               _check_grow, check_apply_inputs)
from . import lib, ptr

__all__ = ["EPS", "auc_sweep", "best_columns", "grow_tree", "tree_apply",
           "splitmix64_fill"]


def auc_sweep(x, y, w, n_classes, cuts=None):
    x, y, w, k = _check(x, y, w, n_classes)
    if x.ndim != 1:
        raise ValueError("x must be 1-dimensional")
    n = x.size
    if cuts is None:
        cap, ncuts, cptr = max(n - 1, 0), -1, ptr(None)
    else:
        cuts = np.ascontiguousarray(cuts, dtype=np.float64)
        if cuts.ndim != 1:
            raise ValueError("cuts must be 1-dimensional")
        cap = ncuts = cuts.size
        cptr = ptr(cuts)
    work = np.empty(2 * k)
    cut = np.empty(cap)
    delta = np.empty(cap)
    wleft = np.empty(cap)
    nleft = np.empty(cap, dtype=np.int64)
    got = lib.rs_auc_sweep(ptr(x), ptr(y), ptr(w), n, k, cptr, ncuts, ptr(work),
                           ptr(cut), ptr(delta), ptr(wleft), ptr(nleft))
    return cut[:got], delta[:got], wleft[:got], nleft[:got]


def best_columns(xs, ys, ws, n_classes, cuts=None, ncuts=None, eps=EPS):
    xs, ys, ws, k = _check(xs, ys, ws, n_classes)
    if xs.ndim != 2:
        raise ValueError("xs must be 2-dimensional (columns x rows)")
    ncol, m = xs.shape
    if cuts is not None:
        cuts, ncuts = _check_cuts(cuts, ncuts, ncol)
        maxcuts = cuts.shape[1]
        if cuts.size == 0:  # from_buffer needs a non-empty buffer
            cuts = np.zeros((ncol, 1))
        cptr, nptr = ptr(cuts), ptr(ncuts)
    else:
        cptr, nptr, maxcuts = ptr(None), ptr(None), 0
    index = np.empty(ncol, dtype=np.int64)
    cut = np.empty(ncol)
    delta = np.empty(ncol)
    work = np.empty(2 * k)
    if ncol:
        lib.rs_auc_best_columns(ptr(xs), ptr(ys), ptr(ws), m, ncol, k, cptr, nptr,
                                maxcuts, float(eps), ptr(work), ptr(index), ptr(cut),
                                ptr(delta))
    return index, cut, delta


def splitmix64_fill(seed, count, r):
    count = int(count)
    r = int(r)
    if count < 0 or not 1 <= r < 2 ** 64 or not 0 <= int(seed) < 2 ** 64:
        raise ValueError("count >= 0, 1 <= r < 2**64 and a 64-bit seed are required")
    raw = np.zeros(max(count, 1), dtype=np.uint64)
    below = np.zeros(max(count, 1), dtype=np.uint64)
    lib.rs_splitmix64_fill(int(seed), count, r, ptr(raw), ptr(below))
    return raw[:count], below[:count]


def grow_tree(xt, order, y, w, n_classes, *, min_split, max_depth, mtry, nsplit,
              var_order, seed, eps=EPS, capacity=None):
    xt, order, y, w, k, m, capacity = _check_grow(xt, order, y, w, n_classes, capacity)
    p, n = xt.shape
    min_split, max_depth, mtry, nsplit, var_order, seed = _check_controls(
        p, min_split, max_depth, mtry, nsplit, var_order, seed)
    ints = {name: np.empty(capacity, dtype=np.int64)
            for name in ("left", "right", "parent", "depth", "node_id", "feature", "count")}
    dbls = {name: np.empty(capacity) for name in ("threshold", "delta", "weight")}
    value = np.empty((capacity, k))
    # the GIL is released for the call (cffi API mode), so trees grow in parallel threads
    got = lib.rs_grow_auc_tree(
        ptr(xt), ptr(order), ptr(y), ptr(w), n, p, k, min_split, max_depth, mtry,
        nsplit, var_order, seed, float(eps), capacity, ptr(ints["left"]),
        ptr(ints["right"]), ptr(ints["parent"]), ptr(ints["depth"]),
        ptr(ints["node_id"]), ptr(ints["feature"]), ptr(dbls["threshold"]),
        ptr(dbls["delta"]), ptr(ints["count"]), ptr(dbls["weight"]), ptr(value))
    if got == -1:
        raise MemoryError("rs_grow_auc_tree: out of memory")
    if got == -2:
        raise ValueError("capacity %d is too small for this tree" % capacity)
    if got < 1:
        raise ValueError("rs_grow_auc_tree refused its arguments (code %d)" % got)
    res = {}
    for name in _TREE_FIELDS[:-1]:
        src = ints.get(name)
        if src is None:
            src = dbls[name]
        res[name] = src[:got].copy() if got < capacity // 2 else src[:got]
    res["value"] = value[:got].copy() if got < capacity // 2 else value[:got]
    return res


def tree_apply(X, tree, rows=None, *, transposed=False):
    X, n, p, rows, left, right, feature, threshold = check_apply_inputs(X, tree, rows,
                                                                        transposed)
    X = np.ascontiguousarray(X)
    rs, cs = (1, n) if transposed else (p, 1)
    out = np.zeros(max(rows.size, 1), dtype=np.int64)
    if rows.size == 0:
        return out[:0]
    rc = lib.rs_auc_tree_apply(ptr(X), rs, cs, ptr(rows), rows.size, ptr(left),
                               ptr(right), ptr(feature), ptr(threshold), left.size,
                               p, ptr(out))
    if rc != 0:
        raise ValueError("rs_auc_tree_apply refused the tree (code %d)" % rc)
    return out
