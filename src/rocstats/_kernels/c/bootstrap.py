"""C twin of `rocstats._kernels.numpy.bootstrap` (``csrc/rocstats_bootstrap.c``):
bootstrap counts drawn over the sorted data and the statistics of a replicate (AUC, the
curve at given specificities / sensitivities, tail counts at fixed cuts), fused or from
given counts.

Same functions, signatures and results as the NumPy module.  Every array is normalised
and every index the C code relies on is checked here (and again in C) before C sees a
pointer; cffi's API mode releases the GIL during each call, so replicate ranges can run
in threads.
"""
import numpy as np

from ..numpy import bootstrap as _twin
from . import f64, i64, lib, out, ptr

__all__ = _twin.__all__



def draw(seed, replicate, k):
    """Draw(s) ``k`` of replicate(s) ``replicate`` (broadcast), as uint64, from C."""
    r, kk = np.broadcast_arrays(np.asarray(replicate, dtype=np.int64),
                                np.asarray(k, dtype=np.int64))
    res = np.empty(r.shape, dtype=np.uint64)
    s = int(seed) & 0xFFFFFFFFFFFFFFFF
    for idx in np.ndindex(r.shape):
        res[idx] = lib.rs_boot_draw(s, int(r[idx]), int(kk[idx]))
    return res if res.ndim else res[()]


def bounded(u, size):
    """Index in [0, size): the multiply-high of the draw ``u`` and ``size``, from C."""
    a, b = np.broadcast_arrays(np.asarray(u, dtype=np.uint64), np.asarray(size, dtype=np.uint64))
    res = np.empty(a.shape, dtype=np.uint64)
    for idx in np.ndindex(a.shape):
        res[idx] = lib.rs_boot_bounded(int(a[idx]), int(b[idx]))
    return res if res.ndim else res[()]


def _status(code, what):
    if code == -1:
        raise MemoryError("rocstats: no memory for the bootstrap kernel %s" % what)
    if code != 0:
        raise ValueError("rocstats: bad arguments to the bootstrap kernel %s (status %d)"
                         % (what, code))


def _blocks(pos_block, neg_block, n_blocks):
    if n_blocks < 1:
        raise ValueError("n_blocks must be at least 1")
    p, q = i64(pos_block), i64(neg_block)
    for name, b in (("pos_block", p), ("neg_block", q)):
        if b.ndim != 1:
            raise ValueError("%s must be 1-dimensional" % name)
        if b.size and (b.min() < 0 or b.max() >= n_blocks):
            raise ValueError("%s holds block indices outside [0, %d)" % (name, n_blocks))
    return p, q


def _range(r0, r1):
    if not 0 <= r0 <= r1:
        raise ValueError("replicate range must satisfy 0 <= r0 <= r1, got (%d, %d)" % (r0, r1))


def _seed(seed):
    return int(seed) & 0xFFFFFFFFFFFFFFFF


def counts(pos_block, neg_block, n_blocks, stratified, seed, r0, r1):
    p, q = _blocks(pos_block, neg_block, n_blocks)
    _range(r0, r1)
    cp = np.zeros((r1 - r0, n_blocks), dtype=np.int64)
    cn = np.zeros((r1 - r0, n_blocks), dtype=np.int64)
    _status(lib.rs_boot_counts(ptr(p), p.size, ptr(q), q.size, n_blocks, int(bool(stratified)),
                               _seed(seed), r0, r1, ptr(cp), ptr(cn)), "counts")
    return cp, cn


_as_counts = _twin._as_counts   # the same check and int64 contiguous copies


def auc_counts(cnt_pos, cnt_neg):
    cp, cn = _as_counts(cnt_pos, cnt_neg)
    res = out(cp.shape[0])
    _status(lib.rs_boot_auc_counts(ptr(cp), ptr(cn), cp.shape[0], cp.shape[1], ptr(res)),
            "auc_counts")
    return res


def _targets(targets):
    t = f64(targets)
    if t.ndim != 1 or not np.all((t >= 0) & (t <= 1)) or np.any(np.diff(t) < 0):
        raise ValueError("targets must be ascending values in [0, 1]")
    return t


def _given(given):
    if given not in (0, 1):
        raise ValueError("given must be 0 (specificity) or 1 (sensitivity)")
    return given


def curve_counts(cnt_pos, cnt_neg, given, targets):
    cp, cn = _as_counts(cnt_pos, cnt_neg)
    t = _targets(targets)
    res = out((cp.shape[0], t.size))
    _status(lib.rs_boot_curve_counts(ptr(cp), ptr(cn), cp.shape[0], cp.shape[1], _given(given),
                                     ptr(t), t.size, ptr(res)), "curve_counts")
    return res


_cuts = _twin._check_cuts   # int64 contiguous block indices in [0, n_blocks], checked


def tails_counts(cnt_pos, cnt_neg, cuts):
    cp, cn = _as_counts(cnt_pos, cnt_neg)
    c = _cuts(cuts, cp.shape[1])
    R = cp.shape[0]
    tp, fp = out((R, c.size), np.int64), out((R, c.size), np.int64)
    npos, nneg = out(R, np.int64), out(R, np.int64)
    _status(lib.rs_boot_tails_counts(ptr(cp), ptr(cn), R, cp.shape[1], ptr(c), c.size, ptr(tp),
                                     ptr(fp), ptr(npos), ptr(nneg)), "tails_counts")
    return tp, fp, npos, nneg


def auc(pos_block, neg_block, n_blocks, stratified, seed, r0, r1):
    p, q = _blocks(pos_block, neg_block, n_blocks)
    _range(r0, r1)
    res = out(r1 - r0)
    _status(lib.rs_boot_auc(ptr(p), p.size, ptr(q), q.size, n_blocks, int(bool(stratified)),
                            _seed(seed), r0, r1, ptr(res)), "auc")
    return res


def curve(pos_block, neg_block, n_blocks, stratified, seed, r0, r1, given, targets):
    p, q = _blocks(pos_block, neg_block, n_blocks)
    _range(r0, r1)
    t = _targets(targets)
    res = out((r1 - r0, t.size))
    _status(lib.rs_boot_curve(ptr(p), p.size, ptr(q), q.size, n_blocks, int(bool(stratified)),
                              _seed(seed), r0, r1, _given(given), ptr(t), t.size, ptr(res)),
            "curve")
    return res


def tails(pos_block, neg_block, n_blocks, stratified, seed, r0, r1, cuts):
    p, q = _blocks(pos_block, neg_block, n_blocks)
    _range(r0, r1)
    c = _cuts(cuts, n_blocks)
    R = r1 - r0
    tp, fp = out((R, c.size), np.int64), out((R, c.size), np.int64)
    npos, nneg = out(R, np.int64), out(R, np.int64)
    _status(lib.rs_boot_tails(ptr(p), p.size, ptr(q), q.size, n_blocks, int(bool(stratified)),
                              _seed(seed), r0, r1, ptr(c), c.size, ptr(tp), ptr(fp), ptr(npos),
                              ptr(nneg)), "tails")
    return tp, fp, npos, nneg
