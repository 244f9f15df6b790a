"""C twin of :mod:`rocstats._kernels.numpy.tree` (``csrc/rocstats_tree.c``): the CART
node split search, partition and presorts.

Same functions, arguments and results as the NumPy module.  Arrays are normalised to
C-contiguous float64 / int64 / int8 here, and every length the C code relies on is
checked before the call.
"""
import numpy as np

from . import f64 as _f64, i64 as _i64, lib, ptr

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
    if kind != 3 and aprior.size < nclass:
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
    if kind != 3 and aprior.size < nclass:
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
    if kind != 3 and aprior.size < nclass:
        raise ValueError("aprior needs %d entries" % nclass)
    qmax = int(n_levels.max()) if p else 0
    improve = np.zeros(p)
    split = np.full(p, np.nan)
    direction = np.zeros(p, dtype=np.int64)
    count = np.zeros(p, dtype=np.int64)
    csplit = np.zeros((p, qmax), dtype=np.int64)
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
