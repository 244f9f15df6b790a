"""The only module that touches the cffi ``ffi`` / ``lib`` objects for the scored-AUC
kernels (``csrc/rocstats_sauc.c``).

Same functions, signatures and results as :mod:`rocstats._kernels._sauc_numpy`.  Arrays
are normalised to float64 C-contiguous before ``ffi.from_buffer``; lengths are checked
here, before C sees the pointers.
"""
import numpy as np

from ._ckernels import ffi, lib  # ImportError if the extension was not built
from ._cffi import _buf, _out

if not hasattr(lib, "rs_sauc_sweep"):  # an extension built before these kernels existed
    raise ImportError("rocstats._kernels._ckernels lacks the sAUC kernels; rebuild it "
                      "(python setup.py build_ext --inplace)")

OUT_FIELDS = ("sum_h", "sum_y_above", "sum_x_below", "mean_v", "ss_v", "mean_w", "ss_w")


def _status(code, what, m, n):
    if code == -2:
        raise MemoryError("rocstats: no memory for %s (m=%d, n=%d)" % (what, m, n))
    if code < 0:
        raise ValueError("%s needs at least one score of each class (m=%d, n=%d)"
                         % (what, m, n))
    return int(code)


def sauc_sweep(pos, neg, components=True):
    """O(m + n) merge sweep over ascending ``pos`` and ``neg`` (C, long double sums)."""
    pos, p = _buf(pos)
    neg, q = _buf(neg)
    out, o = _out(7)
    if components:
        v, a = _out(pos.size)
        w, b = _out(neg.size)
    else:
        v = w = None
        a = b = ffi.NULL
    twice_u = _status(lib.rs_sauc_sweep(p, pos.size, q, neg.size, a, b, o), "sauc_sweep",
                      pos.size, neg.size)
    return twice_u, out, v, w


def sauc_pairwise(pos, neg):
    """The O(m n) definition in C, any order."""
    pos, p = _buf(pos)
    neg, q = _buf(neg)
    out, o = _out(7)
    v, a = _out(pos.size)
    w, b = _out(neg.size)
    twice_u = _status(lib.rs_sauc_pairwise(p, pos.size, q, neg.size, a, b, o),
                      "sauc_pairwise", pos.size, neg.size)
    return twice_u, out, v, w


def margin_counts(pos, neg, tau):
    """``#{(i, j): pos[i] - neg[j] > tau[t]}`` per margin (two-pointer merge, C)."""
    pos, p = _buf(pos)
    neg, q = _buf(neg)
    tau, t = _buf(np.ravel(tau))
    count = np.zeros(tau.size, dtype=np.int64)
    status = lib.rs_sauc_margin_counts(p, pos.size, q, neg.size, t, tau.size,
                                       ffi.cast("int64_t *", ffi.from_buffer(count)))
    if status != 0:  # pragma: no cover - arguments are checked above
        raise RuntimeError("rocstats: rs_sauc_margin_counts failed with status %d" % status)
    return count
