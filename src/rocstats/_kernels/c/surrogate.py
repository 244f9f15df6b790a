"""C twin of `rocstats._kernels.numpy.surrogate` (``csrc/rocstats_surrogate.c``): the
surrogate-split search.  Same functions and results as the NumPy module; shapes and index ranges are checked here
before C sees the pointers."""
import numpy as np

from ..numpy import surrogate as _twin
from . import lib, ptr

__all__ = _twin.__all__


def numeric_surrogates(xcols, go, w, orders, n_order):
    xcols, go, w, orders, k, n = _twin._surrogate_inputs("numeric_surrogates", xcols, go, w,
                                                        orders)
    n_order = np.ascontiguousarray(n_order, dtype=np.int64)
    if n_order.shape != (k,):
        raise ValueError("numeric_surrogates: inconsistent array shapes")
    if k and (n_order.min() < 0 or n_order.max() > n):
        raise ValueError("numeric_surrogates: n_order out of range")
    out = np.zeros((k, 6), dtype=np.float64)
    if k == 0 or n == 0:
        return out
    code = lib.rs_surrogate_numeric(
        n, k, ptr(xcols),
        ptr(go),
        ptr(w),
        ptr(orders),
        ptr(n_order),
        ptr(out))
    if code == -3:
        raise MemoryError("rocstats: no memory for the surrogate search (n=%d)" % n)
    if code == -2:
        raise ValueError("numeric_surrogates: rows not in increasing order of value")
    if code != 0:
        raise ValueError("numeric_surrogates: row index out of range or repeated")
    return out


def categorical_surrogates(xcols, go, w, orders, q):
    xcols, go, w, orders, k, n = _twin._surrogate_inputs("categorical_surrogates", xcols, go,
                                                        w, orders)
    q = int(q)
    if q < 0:
        raise ValueError("categorical_surrogates: inconsistent array shapes")
    dirs = np.zeros((k, q), dtype=np.int8)
    out = np.zeros((k, 4), dtype=np.float64)
    if k == 0 or n == 0:
        return dirs, out
    if q == 0:
        raise ValueError("categorical_surrogates: level code outside 0..q-1")
    code = lib.rs_surrogate_categorical(
        n, k, q, ptr(xcols),
        ptr(go),
        ptr(w),
        ptr(orders),
        ptr(dirs),
        ptr(out))
    if code == -3:
        raise MemoryError("rocstats: no memory for the surrogate search (n=%d)" % n)
    if code != 0:
        raise ValueError("categorical_surrogates: row index out of range or repeated, or "
                         "level code outside 0..q-1")
    return dirs, out


def node_surrogates(xt, sorts, n1, n2, n_levels, goes, w, primary):
    """Every surrogate candidate of the node [n1, n2) in one C call (rs_surrogate_node):
    ``(tleft, tright, out, dirs)``, see `rocstats._kernels.numpy.surrogate.node_surrogates`."""
    if xt.dtype != np.float64 or not xt.flags.c_contiguous or xt.ndim != 2:
        raise ValueError("node_surrogates: xt must be a C-contiguous 2-D float64 array")
    p, n = xt.shape
    if sorts.dtype != np.int64 or not sorts.flags.c_contiguous or sorts.shape != (p, n):
        raise ValueError("node_surrogates: sorts must be C-contiguous int64 of shape %s"
                         % ((p, n),))
    goes = np.ascontiguousarray(goes, dtype=np.int8)
    w = np.ascontiguousarray(w, dtype=np.float64)
    n_levels = np.ascontiguousarray(n_levels, dtype=np.int64)
    if goes.shape != (n,) or w.shape != (n,) or n_levels.shape != (p,):
        raise ValueError("node_surrogates: inconsistent array shapes")
    if not 0 <= n1 <= n2 <= n or not 0 <= primary < p:
        raise ValueError("node_surrogates: bad node segment or primary feature")
    if p and n_levels.min() < 0:
        raise ValueError("node_surrogates: n_levels must be >= 0")
    qmax = int(n_levels.max()) if p else 0
    tot = np.zeros(2)
    out = np.zeros((p, 6))
    dirs = np.zeros((p, qmax), dtype=np.int8)
    dbuf = dirs if dirs.size else np.zeros(1, dtype=np.int8)
    code = lib.rs_surrogate_node(
        n, p, ptr(xt),
        ptr(sorts), int(n1), int(n2),
        ptr(n_levels), qmax,
        ptr(goes),
        ptr(w), int(primary),
        ptr(tot),
        ptr(out),
        ptr(dbuf))
    if code == -3:
        raise MemoryError("rocstats: no memory for the surrogate search (n=%d)" % (n2 - n1))
    if code == -2:
        raise ValueError("node_surrogates: rows not in increasing order of value")
    if code != 0:
        raise ValueError("node_surrogates: row index out of range or level code outside "
                         "0..n_levels-1")
    return float(tot[0]), float(tot[1]), out, dirs
