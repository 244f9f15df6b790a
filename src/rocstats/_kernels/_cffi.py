"""The only module that touches the cffi ``ffi`` / ``lib`` objects.

Same functions, signatures and results as ``_numpy.py``.  Arrays are normalised to
float64 C-contiguous before ``ffi.from_buffer`` so the C side can trust its pointers.
"""
import numpy as np

from ._ckernels import ffi, lib  # ImportError if the extension was not built


def _buf(a):
    a = np.ascontiguousarray(a, dtype=np.float64)
    return a, ffi.cast("double *", ffi.from_buffer(a))


def _out(size):
    a = np.empty(size, dtype=np.float64)
    return a, ffi.cast("double *", ffi.from_buffer(a, require_writable=True))


def auc2u_sorted(pos, neg):
    pos, p = _buf(pos)
    neg, q = _buf(neg)
    return int(lib.rs_auc2u_sorted(p, pos.size, q, neg.size))


def placements_sorted(pos, neg):
    pos, p = _buf(pos)
    neg, q = _buf(neg)
    v10, a = _out(pos.size)
    v01, b = _out(neg.size)
    twice_u = int(lib.rs_placements_sorted(p, pos.size, q, neg.size, a, b))
    return twice_u, v10, v01


def auc2u_pairwise(pos, neg):
    pos, p = _buf(pos)
    neg, q = _buf(neg)
    return int(lib.rs_auc2u_pairwise(p, pos.size, q, neg.size))


def placements_pairwise(pos, neg):
    pos, p = _buf(pos)
    neg, q = _buf(neg)
    v10, a = _out(pos.size)
    v01, b = _out(neg.size)
    twice_u = int(lib.rs_placements_pairwise(p, pos.size, q, neg.size, a, b))
    return twice_u, v10, v01


def roc_counts_desc(score, wpos, wneg):
    score, s = _buf(score)
    wpos, a = _buf(wpos)
    wneg, b = _buf(wneg)
    n = score.size
    thr, t = _out(n)
    tp, u = _out(n)
    fp, v = _out(n)
    k = int(lib.rs_roc_counts_desc(s, a, b, n, t, u, v))
    return thr[:k].copy(), tp[:k].copy(), fp[:k].copy()
