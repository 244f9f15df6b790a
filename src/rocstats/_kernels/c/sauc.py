"""C twin of :mod:`rocstats._kernels.numpy.sauc` (``csrc/rocstats_sauc.c``): the scored-AUC
sweep, its O(m n) definition and the margin counts.  Lengths are checked here, before C
sees the pointers.
"""
import numpy as np

from ..numpy.sauc import OUT_FIELDS  # noqa: F401  (same field names)
from . import f64, lib, out, ptr


def _status(code, what, m, n):
    if code == -2:
        raise MemoryError("rocstats: no memory for %s (m=%d, n=%d)" % (what, m, n))
    if code < 0:
        raise ValueError("%s needs at least one score of each class (m=%d, n=%d)"
                         % (what, m, n))
    return int(code)


def sauc_sweep(pos, neg, components=True):
    """O(m + n) merge sweep over ascending ``pos`` and ``neg`` (C, long double sums)."""
    pos, neg = f64(pos), f64(neg)
    res = out(7)
    v, w = (out(pos.size), out(neg.size)) if components else (None, None)
    twice_u = _status(lib.rs_sauc_sweep(ptr(pos), pos.size, ptr(neg), neg.size, ptr(v), ptr(w),
                                        ptr(res)), "sauc_sweep", pos.size, neg.size)
    return twice_u, res, v, w


def sauc_pairwise(pos, neg):
    """The O(m n) definition in C, any order."""
    pos, neg = f64(pos), f64(neg)
    res, v, w = out(7), out(pos.size), out(neg.size)
    twice_u = _status(lib.rs_sauc_pairwise(ptr(pos), pos.size, ptr(neg), neg.size, ptr(v),
                                           ptr(w), ptr(res)), "sauc_pairwise", pos.size,
                      neg.size)
    return twice_u, res, v, w


def margin_counts(pos, neg, tau):
    """``#{(i, j): pos[i] - neg[j] > tau[t]}`` per margin (two-pointer merge, C)."""
    pos, neg, tau = f64(pos), f64(neg), f64(np.ravel(tau))
    count = np.zeros(tau.size, dtype=np.int64)
    status = lib.rs_sauc_margin_counts(ptr(pos), pos.size, ptr(neg), neg.size, ptr(tau),
                                       tau.size, ptr(count))
    if status != 0:  # pragma: no cover - arguments are checked above
        raise RuntimeError("rocstats: rs_sauc_margin_counts failed with status %d" % status)
    return count
