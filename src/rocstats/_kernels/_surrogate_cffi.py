"""The only module that touches the cffi ``ffi`` / ``lib`` objects for the surrogate
kernel (``csrc/rocstats_surrogate.c``).  Same function and results as
:mod:`rocstats._kernels._surrogate_numpy`; shapes and index ranges are checked here
before C sees the pointers."""
import numpy as np

from ._ckernels import ffi, lib  # ImportError if the extension was not built

if not (hasattr(lib, "rs_surrogate_numeric") and hasattr(lib, "rs_surrogate_categorical")):  # an extension built before this kernel
    raise ImportError("rocstats._kernels._ckernels lacks the surrogate kernel; rebuild it "
                      "(python setup.py build_ext --inplace)")


def numeric_surrogates(xcols, go, w, orders, n_order):
    xcols = np.ascontiguousarray(xcols, dtype=np.float64)
    go = np.ascontiguousarray(go, dtype=np.int8)
    w = np.ascontiguousarray(w, dtype=np.float64)
    orders = np.ascontiguousarray(orders, dtype=np.int64)
    n_order = np.ascontiguousarray(n_order, dtype=np.int64)
    if xcols.ndim != 2:
        raise ValueError("numeric_surrogates: xcols must be 2-D")
    k, n = xcols.shape
    if go.shape != (n,) or w.shape != (n,) or orders.shape != (k, n) or n_order.shape != (k,):
        raise ValueError("numeric_surrogates: inconsistent array shapes")
    if k and (n_order.min() < 0 or n_order.max() > n):
        raise ValueError("numeric_surrogates: n_order out of range")
    out = np.zeros((k, 6), dtype=np.float64)
    if k == 0 or n == 0:
        return out
    code = lib.rs_surrogate_numeric(
        n, k, ffi.cast("double *", ffi.from_buffer(xcols)),
        ffi.cast("int8_t *", ffi.from_buffer(go)),
        ffi.cast("double *", ffi.from_buffer(w)),
        ffi.cast("int64_t *", ffi.from_buffer(orders)),
        ffi.cast("int64_t *", ffi.from_buffer(n_order)),
        ffi.cast("double *", ffi.from_buffer(out, require_writable=True)))
    if code == -3:
        raise MemoryError("rocstats: no memory for the surrogate search (n=%d)" % n)
    if code == -2:
        raise ValueError("numeric_surrogates: rows not in increasing order of value")
    if code != 0:
        raise ValueError("numeric_surrogates: row index out of range or repeated")
    return out


def categorical_surrogates(xcols, go, w, orders, q):
    xcols = np.ascontiguousarray(xcols, dtype=np.float64)
    go = np.ascontiguousarray(go, dtype=np.int8)
    w = np.ascontiguousarray(w, dtype=np.float64)
    orders = np.ascontiguousarray(orders, dtype=np.int64)
    if xcols.ndim != 2:
        raise ValueError("categorical_surrogates: xcols must be 2-D")
    k, n = xcols.shape
    q = int(q)
    if go.shape != (n,) or w.shape != (n,) or orders.shape != (k, n) or q < 0:
        raise ValueError("categorical_surrogates: inconsistent array shapes")
    dirs = np.zeros((k, q), dtype=np.int8)
    out = np.zeros((k, 4), dtype=np.float64)
    if k == 0 or n == 0:
        return dirs, out
    if q == 0:
        raise ValueError("categorical_surrogates: level code outside 0..q-1")
    code = lib.rs_surrogate_categorical(
        n, k, q, ffi.cast("double *", ffi.from_buffer(xcols)),
        ffi.cast("int8_t *", ffi.from_buffer(go)),
        ffi.cast("double *", ffi.from_buffer(w)),
        ffi.cast("int64_t *", ffi.from_buffer(orders)),
        ffi.cast("int8_t *", ffi.from_buffer(dirs, require_writable=True)),
        ffi.cast("double *", ffi.from_buffer(out, require_writable=True)))
    if code == -3:
        raise MemoryError("rocstats: no memory for the surrogate search (n=%d)" % n)
    if code != 0:
        raise ValueError("categorical_surrogates: row index out of range or repeated, or "
                         "level code outside 0..q-1")
    return dirs, out
