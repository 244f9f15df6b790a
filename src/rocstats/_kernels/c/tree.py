"""C twin of `rocstats._kernels.numpy.tree` (``csrc/rocstats_tree.c``): the node
kernel of the tree engine (rpart's and randomForestSRC's policies), the partition, the
presorts, the whole-tree driver of randomForestSRC's policy and the router.

Same functions, arguments and results as the NumPy module.  Arrays are normalised to
C-contiguous float64 / int64 / int8 here, and every length the C code relies on is
checked before the call.
"""
import numpy as np

from ..numpy import tree as _twin
from ..numpy.tree import (EPS, RPART_ORDER_MAX, SplitMix64, _check_cols,  # noqa: F401
                          _check_cuts, check_apply_inputs)
from . import f64 as _f64, i64 as _i64, lib, ptr

__all__ = _twin.__all__

_ERRORS = {-1: MemoryError, -2: ValueError}


def _raise(status, what):
    if status == 0:
        return
    exc = _ERRORS.get(status, RuntimeError)
    raise exc("rocstats: %s failed with status %d (%s)" % (
        what, status, "out of memory" if status == -1 else "invalid argument"))


def _check_node_rows(sorts, p, n, y, w):
    """Check the builder's (p, n) sorted lists and the per-row y and w before C reads
    them; returns y and w as float64 C-contiguous."""
    if sorts.dtype != np.int64 or not sorts.flags.c_contiguous or sorts.shape != (p, n):
        raise ValueError("sorts must be a C-contiguous int64 array of shape %s" % ((p, n),))
    y, w = _f64(y), _f64(w)
    if y.shape != (n,) or w.shape != (n,):
        raise ValueError("y and w must have length %d" % n)
    return y, w


def numeric_splits(kind, xt, sorts, n1, n2, features, y, w, nclass, aprior, edge,
                   node_risk):
    xt = _f64(xt)
    p, n = xt.shape
    y, w = _check_node_rows(sorts, p, n, y, w)
    features = _i64(features)
    if features.size and (features.min() < 0 or features.max() >= p):
        raise ValueError("feature index out of range")
    if not 0 <= n1 <= n2 <= n:
        raise ValueError("bad node segment [%d, %d)" % (n1, n2))
    aprior = _f64(aprior if aprior is not None else np.ones(1))
    if kind in (1, 2) and aprior.size < nclass:
        raise ValueError("aprior needs %d entries" % nclass)
    nf = features.size
    improve = np.zeros(nf)
    split = np.full(nf, np.nan)
    direction = np.zeros(nf, dtype=np.int64)
    count = np.zeros(nf, dtype=np.int64)
    status = lib.rs_tree_numeric_splits(
        int(kind), ptr(xt), ptr(sorts), n, int(n1), int(n2), ptr(features), nf, ptr(y), ptr(w),
        int(nclass), ptr(aprior), int(edge), float(node_risk), ptr(improve), ptr(split),
        ptr(direction), ptr(count))
    _raise(status, "rs_tree_numeric_splits")
    return improve, split, direction, count


def categorical_split(kind, x, rows, y, w, nclass, aprior, nlev, edge, node_risk):
    x, y, w = _f64(x), _f64(y), _f64(w)
    n = x.size
    if y.shape != (n,) or w.shape != (n,):
        raise ValueError("x, y and w must have the same length")
    rows = _i64(rows)
    if rows.size and (rows.min() < 0 or rows.max() >= n):
        raise ValueError("row index out of range")
    if nlev < 1:
        raise ValueError("nlev must be >= 1")
    aprior = _f64(aprior if aprior is not None else np.ones(1))
    if kind in (1, 2) and aprior.size < nclass:
        raise ValueError("aprior needs %d entries" % nclass)
    improve = np.zeros(1)
    csplit = np.zeros(int(nlev), dtype=np.int64)
    count = np.zeros(1, dtype=np.int64)
    status = lib.rs_tree_categorical_split(
        int(kind), ptr(x), ptr(rows), rows.size, ptr(y), ptr(w), int(nclass), ptr(aprior),
        int(nlev), int(edge), float(node_risk), ptr(improve), ptr(csplit), ptr(count))
    _raise(status, "rs_tree_categorical_split")
    return float(improve[0]), csplit, int(count[0])


def node_splits(kind, xt, sorts, n1, n2, n_levels, y, w, nclass, aprior, edge, node_risk):
    """Every feature of the node [n1, n2) in one C call (``rs_tree_node_splits``)."""
    if xt.dtype != np.float64 or not xt.flags.c_contiguous or xt.ndim != 2:
        raise ValueError("xt must be a C-contiguous 2-D float64 array")
    p, n = xt.shape
    y, w = _check_node_rows(sorts, p, n, y, w)
    n_levels = _i64(n_levels)
    if n_levels.shape != (p,) or (p and n_levels.min() < 0):
        raise ValueError("n_levels must hold %d non-negative level counts" % p)
    if not 0 <= n1 <= n2 <= n:
        raise ValueError("bad node segment [%d, %d)" % (n1, n2))
    aprior = _f64(aprior if aprior is not None else np.ones(1))
    if kind in (1, 2) and aprior.size < nclass:
        raise ValueError("aprior needs %d entries" % nclass)
    qmax, improve, split, direction, count, csplit = _twin._node_split_buffers(n_levels)
    cbuf = csplit if csplit.size else np.zeros(1, dtype=np.int64)
    status = lib.rs_tree_node_splits(
        int(kind), ptr(xt), ptr(sorts), n, p, int(n1), int(n2), ptr(n_levels), qmax, ptr(y),
        ptr(w), int(nclass), ptr(aprior), int(edge), float(node_risk), ptr(improve),
        ptr(split), ptr(direction), ptr(count), ptr(cbuf))
    _raise(status, "rs_tree_node_splits")
    return improve, split, direction, count, csplit


def partition(sorts, n1, n2, goes):
    if sorts.dtype != np.int64 or not sorts.flags.c_contiguous or not sorts.flags.writeable:
        raise ValueError("sorts must be a writeable C-contiguous int64 array")
    p, n = sorts.shape
    goes = np.ascontiguousarray(goes, dtype=np.int8)
    if goes.shape != (n,):
        raise ValueError("goes must have length %d" % n)
    if not 0 <= n1 <= n2 <= n:
        raise ValueError("bad node segment [%d, %d)" % (n1, n2))
    tmp = np.empty(max(n2 - n1, 1), dtype=np.int64)
    out = np.zeros(2, dtype=np.int64)
    status = lib.rs_tree_partition(ptr(sorts), n, p, int(n1), int(n2),
                                   ptr(goes), ptr(tmp),
                                   ptr(out[:1]), ptr(out[1:]))
    _raise(status, "rs_tree_partition")
    return int(out[0]), int(out[1])


def restore_segment(sorts, pristine, n1, n2):
    """Rewrite positions [n1, n2) of every list of ``sorts`` (in place) with the rows
    found there in list 0, in the order of the matching list of ``pristine``."""
    if sorts.dtype != np.int64 or not sorts.flags.c_contiguous or not sorts.flags.writeable:
        raise ValueError("sorts must be a writeable C-contiguous int64 array")
    p, n = sorts.shape
    if pristine.dtype != np.int64 or not pristine.flags.c_contiguous \
            or pristine.shape != (p, n):
        raise ValueError("pristine must be a C-contiguous int64 array of shape %s" % ((p, n),))
    if not 0 <= n1 <= n2 <= n or p < 1:
        raise ValueError("bad node segment [%d, %d)" % (n1, n2))
    _raise(lib.rs_tree_restore_segment(ptr(sorts), ptr(pristine), n, p, int(n1), int(n2)),
           "rs_tree_restore_segment")


def rpart_order(x):
    """Row order of ``x`` (NaN sorted as 0, like rpart) produced by rpart's quicksort.

    The order only depends on the sort algorithm through tied values: when every value
    is distinct (checked by the kernel), the ascending order is unique and a radix sort
    (``rs_tree_radix_order``, faster) gives it; otherwise rpart's quicksort is replayed."""
    xs = np.array(x, dtype=np.float64)          # a copy: sorted in place
    xs[np.isnan(xs)] = 0.0
    if xs.size > 1:
        order = np.empty(xs.size, dtype=np.int64)
        status = lib.rs_tree_radix_order(ptr(xs), xs.size, ptr(order))
        if status == 1:                         # no ties: the unique ascending order
            return order
        _raise(min(status, 0), "rs_tree_radix_order")
    idx = np.arange(xs.size, dtype=np.int64)
    lib.rs_tree_rpart_sort(ptr(xs), ptr(idx), xs.size)
    return idx


# --------------------------------------------------------------------------- randomForestSRC
def auc_sweep(x, y, w, n_classes, cuts=None):
    x, y, w, k = _check_cols(x, y, w, n_classes)
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
        cptr = ptr(cuts) if cuts.size else ptr(None)
    work = np.empty(2 * k)
    cut = np.empty(max(cap, 1))
    delta = np.empty(max(cap, 1))
    wleft = np.empty(max(cap, 1))
    nleft = np.empty(max(cap, 1), dtype=np.int64)
    xa = x if n else np.zeros(1)
    ya = y if n else np.zeros(1, dtype=np.int64)
    wa = w if n else np.zeros(1)
    got = lib.rs_tree_auc_sweep(ptr(xa), ptr(ya), ptr(wa), n, k, cptr, ncuts, ptr(work),
                                ptr(cut), ptr(delta), ptr(wleft), ptr(nleft))
    return cut[:got], delta[:got], wleft[:got], nleft[:got]


def rfsrc_best(xs, ys, ws, n_classes, cuts=None, ncuts=None, eps=EPS):
    xs, ys, ws, k = _check_cols(xs, ys, ws, n_classes)
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
    index = np.full(max(ncol, 1), -1, dtype=np.int64)
    cut = np.full(max(ncol, 1), np.nan)
    delta = np.full(max(ncol, 1), np.nan)
    work = np.empty(2 * k)
    if ncol and m:
        lib.rs_tree_rfsrc_best(ptr(xs), ptr(ys), ptr(ws), m, ncol, k, cptr, nptr, maxcuts,
                               float(eps), ptr(work), ptr(index), ptr(cut), ptr(delta))
    return index[:ncol], cut[:ncol], delta[:ncol]


def splitmix64_fill(seed, count, r):
    count, r, seed = int(count), int(r), int(seed)
    if count < 0 or not 1 <= r < 2 ** 64 or not 0 <= seed < 2 ** 64:
        raise ValueError("count >= 0, 1 <= r < 2**64 and a 64-bit seed are required")
    raw = np.zeros(max(count, 1), dtype=np.uint64)
    below = np.zeros(max(count, 1), dtype=np.uint64)
    lib.rs_tree_splitmix64_fill(seed, count, r, ptr(raw), ptr(below))
    return raw[:count], below[:count]


_GROW_INT = ("left", "right", "parent", "depth", "node_id", "feature", "count")
_GROW_DBL = ("threshold", "delta", "weight")


def grow_rfsrc(xt, order, y, w, n_classes, *, min_split, max_depth, mtry, nsplit,
               var_order, seed, eps=EPS, kind=4):
    """One tree grown by ``rs_tree_grow_rfsrc`` (the GIL is released for the call, so
    trees grow in parallel threads): a dict of flat preorder arrays ``left, right,
    parent, depth, node_id, feature, count, threshold, delta, weight`` and ``value``
    (nodes x n_classes)."""
    xt = np.ascontiguousarray(xt, dtype=np.float64)
    if xt.ndim != 2 or 0 in xt.shape:
        raise ValueError("xt must be a non-empty 2-D array (features x rows)")
    p, n = xt.shape
    order = np.ascontiguousarray(order, dtype=np.int64)
    if order.shape != (p, n):
        raise ValueError("order must have shape %s, got %s" % ((p, n), order.shape))
    y = np.ascontiguousarray(y, dtype=np.int64)
    w = np.ascontiguousarray(w, dtype=np.float64)
    k = int(n_classes)
    if y.shape != (n,) or w.shape != (n,):
        raise ValueError("y and w must have shape (%d,)" % n)
    if k < 2 or y.min() < 0 or y.max() >= k:
        raise ValueError("y must hold class codes 0..n_classes-1 (n_classes >= 2)")
    if not np.isfinite(w).all() or (w < 0).any() or not (w > 0).any():
        raise ValueError("w must be finite, non-negative and not all zero")
    if not 1 <= int(mtry) <= p or int(nsplit) < 0 or int(var_order) not in (0, 1, 2) \
            or not 0 <= int(seed) < 2 ** 64 or not np.isfinite(min_split):
        raise ValueError("bad controls: mtry in [1, %d], nsplit >= 0, var_order 0..2, a "
                         "64-bit seed and a finite min_split are required" % p)
    capacity = 2 * int(np.count_nonzero(w > 0)) - 1
    ints = {name: np.empty(capacity, dtype=np.int64) for name in _GROW_INT}
    dbls = {name: np.empty(capacity) for name in _GROW_DBL}
    value = np.empty((capacity, k))
    got = lib.rs_tree_grow_rfsrc(
        int(kind), ptr(xt), ptr(order), ptr(y), ptr(w), n, p, k, float(min_split),
        int(max_depth), int(mtry), int(nsplit), int(var_order), int(seed), float(eps),
        capacity, ptr(ints["left"]), ptr(ints["right"]), ptr(ints["parent"]),
        ptr(ints["depth"]), ptr(ints["node_id"]), ptr(ints["feature"]),
        ptr(dbls["threshold"]), ptr(dbls["delta"]), ptr(ints["count"]),
        ptr(dbls["weight"]), ptr(value))
    if got == -1:
        raise MemoryError("rs_tree_grow_rfsrc: out of memory")
    if got < 1:
        raise ValueError("rs_tree_grow_rfsrc refused its arguments (code %d)" % got)
    small = got < capacity // 2            # copy small trees out of the big buffers
    res = {name: (a[:got].copy() if small else a[:got]) for name, a in
           list(ints.items()) + list(dbls.items())}
    res["value"] = value[:got].copy() if small else value[:got]
    return res


def apply(X, left, right, feature, threshold, kind, rows=None, *, transposed=False):
    X, n, p, rows, left, right, feature, threshold, kind = check_apply_inputs(
        X, left, right, feature, threshold, kind, rows, transposed)
    X = np.ascontiguousarray(X)
    rs, cs = (1, n) if transposed else (p, 1)
    out = np.zeros(max(rows.size, 1), dtype=np.int64)
    if rows.size == 0:
        return out[:0]
    rc = lib.rs_tree_apply(ptr(X), rs, cs, ptr(rows), rows.size, ptr(left), ptr(right),
                           ptr(feature), ptr(threshold), ptr(kind), left.size, p, ptr(out))
    if rc != 0:
        raise ValueError("rs_tree_apply refused the tree (code %d)" % rc)
    return out
