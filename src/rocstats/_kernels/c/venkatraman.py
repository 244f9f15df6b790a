"""C twin of `rocstats._kernels.numpy.venkatraman` (``csrc/rocstats_venkatraman.c``):
the statistic of each permutation of Venkatraman's paired and unpaired tests, given the
permuted keys (or, unpaired, the cumulative case counts).

Same functions, signatures and results (bit for bit) as the NumPy module.  Every array
is normalised and every size and key range checked here (and again in C) before C sees a
pointer; cffi's API mode releases the GIL during each call, so blocks of permutations
can run in threads.
"""
import numpy as np

from ..numpy import venkatraman as _twin
from . import i64, lib, out, ptr

__all__ = _twin.__all__


def _status(code, what):
    if code == -1:
        raise MemoryError("rocstats: no memory for the Venkatraman kernel %s" % what)
    if code != 0:
        raise ValueError("rocstats: bad arguments to the Venkatraman kernel %s (status %d)"
                         % (what, code))


def _key_rows(keys, width, name):
    k = i64(keys)
    if k.ndim != 2 or k.shape[1] != width:
        raise ValueError("%s must be rows of %d keys, got shape %s" % (name, width, k.shape))
    if k.size and k.min() < 0:
        raise ValueError("%s holds negative keys" % name)
    return k


def _sizes(*sizes):
    if min(sizes) < 1:
        raise ValueError("every class of both samples must be non-empty, got %s" % (sizes,))
    return [int(s) for s in sizes]


def paired_keys(r3, s3, pos):
    p = np.ascontiguousarray(np.asarray(pos) != 0, dtype=np.uint8)
    n = p.size
    if n < 1 or p.ndim != 1:
        raise ValueError("pos must be a non-empty 1-dimensional array")
    a, b = _key_rows(r3, n, "r3"), _key_rows(s3, n, "s3")
    if a.shape != b.shape:
        raise ValueError("r3 and s3 must have one shape, got %s and %s" % (a.shape, b.shape))
    res = out(a.shape[0])
    ks = int(max(a.max(), b.max())) + 1 if a.size else n
    _status(lib.rs_venk_paired_keys(ptr(a), ptr(b), a.shape[0], n, ptr(p), max(ks, n),
                                    ptr(res)), "paired_keys")
    return res


def unpaired_integrals(ca, cb, ma, na, mb, nb, mp):
    ma, na, mb, nb = _sizes(ma, na, mb, nb)
    a, b = i64(ca), i64(cb)
    if (a.ndim != 2 or b.ndim != 2 or a.shape[0] != b.shape[0] or a.shape[1] != ma + na
            or b.shape[1] != mb + nb):
        raise ValueError("ca and cb must be rows of ma + na and mb + nb cumulative counts, "
                         "got shapes %s and %s" % (a.shape, b.shape))
    res = out(a.shape[0])
    _status(lib.rs_venk_unpaired_integrals(ptr(a), ptr(b), a.shape[0], ma, na, mb, nb,
                                           float(mp), ptr(res)), "unpaired_integrals")
    return res


def unpaired_keys(kc, kk, na, nb, ma, mb, mp):
    na, nb, ma, mb = _sizes(na, nb, ma, mb)
    c, k = _key_rows(kc, na + nb, "kc"), _key_rows(kk, ma + mb, "kk")
    if c.shape[0] != k.shape[0]:
        raise ValueError("kc and kk must have as many rows, got %d and %d"
                         % (c.shape[0], k.shape[0]))
    res = out(c.shape[0])
    need = max(ma + na, mb + nb)
    ks = int(max(c.max(), k.max())) + 1 if c.size else need
    _status(lib.rs_venk_unpaired_keys(ptr(c), ptr(k), c.shape[0], na, nb, ma, mb,
                                      max(ks, need), float(mp), ptr(res)), "unpaired_keys")
    return res
