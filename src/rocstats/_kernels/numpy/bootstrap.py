"""NumPy twin of the bootstrap kernels (``csrc/rocstats_bootstrap.c``): the same random
stream, the same counts and the same floating-point operations, so that both sides give
identical results (the tests compare them exactly).

The data are sorted once by the caller: ``pos_block[i]`` / ``neg_block[j]`` are the
indices, among the K distinct scores in ascending order (working space: higher = more
positive), of the i-th positive and the j-th negative.  A replicate is a vector of
multinomial counts over the observations, summed per block; see the C header for the
random stream (splitmix64 in counter mode, one key per replicate, multiply-high
bounded indices).
"""
import numpy as np

__all__ = ["auc", "auc_counts", "bounded", "counts", "curve", "curve_counts", "draw", "tails", "tails_counts"]

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_KEYMUL = np.uint64(0xD1B54A32D192ED03)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_LO = np.uint64(0xFFFFFFFF)
_S = {k: np.uint64(k) for k in (27, 30, 31, 32)}
#: uint64 words held at once while drawing (memory bound of the vectorised draws)
_CHUNK = 1 << 21


def _mix(z):
    """splitmix64's finaliser on a uint64 array (wrapping arithmetic)."""
    z = z ^ (z >> _S[30])
    z = z * _M1
    z = z ^ (z >> _S[27])
    z = z * _M2
    return z ^ (z >> _S[31])


def _mulhi(a, b):
    """floor(a * b / 2^64) for uint64 arrays, from four 32 x 32-bit products."""
    a_lo, a_hi = a & _LO, a >> _S[32]
    b_lo, b_hi = b & _LO, b >> _S[32]
    lo_lo, hi_lo = a_lo * b_lo, a_hi * b_lo
    lo_hi, hi_hi = a_lo * b_hi, a_hi * b_hi
    cross = (lo_lo >> _S[32]) + (hi_lo & _LO) + lo_hi
    return hi_hi + (hi_lo >> _S[32]) + (cross >> _S[32])


def _keys(seed, replicates):
    r = np.asarray(replicates, dtype=np.uint64)
    return _mix(np.uint64(seed) + (r + np.uint64(1)) * _KEYMUL)


def draw(seed, replicate, k):
    """Draw(s) ``k`` of replicate(s) ``replicate`` (broadcast), as uint64."""
    with np.errstate(over="ignore"):
        key = _keys(seed, replicate)
        kk = np.asarray(k, dtype=np.uint64)
        return _mix(key + (kk + np.uint64(1)) * _GOLDEN)


def bounded(u, size):
    """Index in [0, size): the multiply-high of the draw ``u`` and ``size``."""
    with np.errstate(over="ignore"):
        return _mulhi(np.asarray(u, dtype=np.uint64), np.asarray(size, dtype=np.uint64))


def _check_blocks(block, n_blocks, name):
    block = np.ascontiguousarray(block, dtype=np.int64)
    if block.ndim != 1:
        raise ValueError("%s must be 1-dimensional" % name)
    if block.size and (block.min() < 0 or block.max() >= n_blocks):
        raise ValueError("%s holds block indices outside [0, %d)" % (name, n_blocks))
    return block


def _check_range(r0, r1):
    if not 0 <= r0 <= r1:
        raise ValueError("replicate range must satisfy 0 <= r0 <= r1, got (%d, %d)" % (r0, r1))


def counts(pos_block, neg_block, n_blocks, stratified, seed, r0, r1):
    """``(cnt_pos, cnt_neg)``, each (r1 - r0) x n_blocks int64: the block counts of
    replicates r0 .. r1-1."""
    if n_blocks < 1:
        raise ValueError("n_blocks must be at least 1")
    pos_block = _check_blocks(pos_block, n_blocks, "pos_block")
    neg_block = _check_blocks(neg_block, n_blocks, "neg_block")
    _check_range(r0, r1)
    m, n = pos_block.size, neg_block.size
    R = r1 - r0
    cp = np.zeros((R, n_blocks), dtype=np.int64)
    cn = np.zeros((R, n_blocks), dtype=np.int64)
    total = m + n
    if R == 0 or total == 0:
        return cp, cn
    step = max(1, _CHUNK // total)
    k = np.arange(total, dtype=np.uint64)
    all_block = np.r_[pos_block, neg_block]
    with np.errstate(over="ignore"):
        for a in range(r0, r1, step):
            b = min(r1, a + step)
            keys = _keys(seed, np.arange(a, b))
            u = _mix(keys[:, None] + (k[None, :] + np.uint64(1)) * _GOLDEN)
            rows = np.arange(b - a, dtype=np.int64)[:, None] * n_blocks
            if stratified:
                ip = _mulhi(u[:, :m], np.uint64(m)).astype(np.int64)
                ineg = _mulhi(u[:, m:], np.uint64(n)).astype(np.int64)
                fp_ = (rows + pos_block[ip]).ravel()
                fn_ = (rows + neg_block[ineg]).ravel()
            else:
                i = _mulhi(u, np.uint64(total)).astype(np.int64)
                flat = rows + all_block[i]
                is_p = i < m
                fp_ = flat[is_p]
                fn_ = flat[~is_p]
            size = (b - a) * n_blocks
            cp[a - r0:b - r0] = np.bincount(fp_, minlength=size).reshape(b - a, n_blocks)
            cn[a - r0:b - r0] = np.bincount(fn_, minlength=size).reshape(b - a, n_blocks)
    return cp, cn


def _as_counts(cnt_pos, cnt_neg):
    cp = np.ascontiguousarray(cnt_pos, dtype=np.int64)
    cn = np.ascontiguousarray(cnt_neg, dtype=np.int64)
    if cp.ndim != 2 or cp.shape != cn.shape or cp.shape[1] < 1:
        raise ValueError("cnt_pos and cnt_neg must be n_rep x n_blocks arrays of one shape "
                         "(n_blocks >= 1), got %s and %s" % (cp.shape, cn.shape))
    return cp, cn


def auc_counts(cnt_pos, cnt_neg):
    """AUC of each row of counts: 2U / (2 m n), 2U summed in int64; NaN for an empty class."""
    cp, cn = _as_counts(cnt_pos, cnt_neg)
    below = np.cumsum(cn, axis=1) - cn               # negatives strictly below block b
    twice_u = np.sum(cp * (2 * below + cn), axis=1)
    m, n = cp.sum(axis=1), cn.sum(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        out = twice_u.astype(np.float64) / (2.0 * m.astype(np.float64) * n.astype(np.float64))
    out[(m == 0) | (n == 0)] = np.nan
    return out


def _check_targets(targets):
    t = np.ascontiguousarray(targets, dtype=np.float64)
    if t.ndim != 1 or not np.all((t >= 0) & (t <= 1)) or np.any(np.diff(t) < 0):
        raise ValueError("targets must be ascending values in [0, 1]")
    return t


def _points(cp_row, cn_row):
    """se, sp of one row's points in pROC's order (R's floating-point operations)."""
    keep = (cp_row + cn_row) > 0
    m, n = int(cp_row.sum()), int(cn_row.sum())
    tp = m - np.r_[0, np.cumsum(cp_row[keep])]
    fp = n - np.r_[0, np.cumsum(cn_row[keep])]
    return tp / float(m), (n - fp) / float(n)


def _curve_row(cp_row, cn_row, given, targets):
    """One row of `curve_counts` (targets ascending, checked by the caller)."""
    m, n = int(cp_row.sum()), int(cn_row.sum())
    if m == 0 or n == 0:
        return np.full(targets.size, np.nan)
    se, sp = _points(cp_row, cn_row)
    L = se.size
    if given == 0:        # specificity given; sp non-decreasing
        k = np.searchsorted(sp, targets, side="left")    # first sp >= s
        exact = sp[np.minimum(k, L - 1)] == targets
        kk = np.clip(k, 1, L - 1)
        with np.errstate(invalid="ignore", divide="ignore"):
            prop = (targets - sp[kk]) / (sp[kk - 1] - sp[kk])
            inter = se[kk] + prop * (se[kk - 1] - se[kk])
        return np.where(exact, se[np.minimum(k, L - 1)], inter)
    # sensitivity given; se non-increasing: k = first index with se < v
    below = np.searchsorted(se[::-1], targets, side="left")    # #{se < v}
    k = L - below
    exact = (k >= L) | (se[np.maximum(k - 1, 0)] == targets)
    kk = np.clip(k, 1, L - 1)
    with np.errstate(invalid="ignore", divide="ignore"):
        prop = (targets - se[kk]) / (se[kk - 1] - se[kk])
        inter = sp[kk] + prop * (sp[kk - 1] - sp[kk])
    return np.where(exact, sp[np.maximum(k - 1, 0)], inter)


def curve_counts(cnt_pos, cnt_neg, given, targets):
    """The curve at ascending ``targets`` for each row of counts: sensitivity at given
    specificities (``given=0``) or specificity at given sensitivities (``given=1``), as
    pROC's ``coords(..., input=)`` (exact match, else linear interpolation)."""
    cp, cn = _as_counts(cnt_pos, cnt_neg)
    if given not in (0, 1):
        raise ValueError("given must be 0 (specificity) or 1 (sensitivity)")
    t = _check_targets(targets)
    out = np.empty((cp.shape[0], t.size))
    for r in range(cp.shape[0]):
        out[r] = _curve_row(cp[r], cn[r], given, t)
    return out


def _check_cuts(cuts, n_blocks):
    c = np.ascontiguousarray(cuts, dtype=np.int64)
    if c.ndim != 1 or (c.size and (c.min() < 0 or c.max() > n_blocks)):
        raise ValueError("cuts must be block indices in [0, %d]" % n_blocks)
    return c


def tails_counts(cnt_pos, cnt_neg, cuts):
    """``(tp, fp, n_pos, n_neg)``: counts in blocks >= each cut, and the row totals."""
    cp, cn = _as_counts(cnt_pos, cnt_neg)
    c = _check_cuts(cuts, cp.shape[1])
    zero = np.zeros((cp.shape[0], 1), dtype=np.int64)
    above_p = np.hstack([np.cumsum(cp[:, ::-1], axis=1)[:, ::-1], zero])
    above_n = np.hstack([np.cumsum(cn[:, ::-1], axis=1)[:, ::-1], zero])
    return (np.ascontiguousarray(above_p[:, c]), np.ascontiguousarray(above_n[:, c]),
            above_p[:, 0].copy(), above_n[:, 0].copy())


def _chunks(n_blocks, r0, r1):
    step = max(1, _CHUNK // max(1, n_blocks))
    for a in range(r0, r1, step):
        yield a, min(r1, a + step)


def auc(pos_block, neg_block, n_blocks, stratified, seed, r0, r1):
    """AUC of replicates r0 .. r1-1."""
    _check_range(r0, r1)
    out = np.empty(r1 - r0)
    for a, b in _chunks(n_blocks, r0, r1):
        out[a - r0:b - r0] = auc_counts(*counts(pos_block, neg_block, n_blocks, stratified,
                                                seed, a, b))
    return out


def curve(pos_block, neg_block, n_blocks, stratified, seed, r0, r1, given, targets):
    """`curve_counts` of replicates r0 .. r1-1."""
    _check_range(r0, r1)
    t = _check_targets(targets)
    out = np.empty((r1 - r0, t.size))
    for a, b in _chunks(n_blocks, r0, r1):
        out[a - r0:b - r0] = curve_counts(*counts(pos_block, neg_block, n_blocks, stratified,
                                                  seed, a, b), given, t)
    return out


def tails(pos_block, neg_block, n_blocks, stratified, seed, r0, r1, cuts):
    """`tails_counts` of replicates r0 .. r1-1."""
    _check_range(r0, r1)
    c = _check_cuts(cuts, n_blocks)
    R = r1 - r0
    tp = np.empty((R, c.size), dtype=np.int64)
    fp = np.empty((R, c.size), dtype=np.int64)
    npos = np.empty(R, dtype=np.int64)
    nneg = np.empty(R, dtype=np.int64)
    for a, b in _chunks(n_blocks, r0, r1):
        s = slice(a - r0, b - r0)
        tp[s], fp[s], npos[s], nneg[s] = tails_counts(
            *counts(pos_block, neg_block, n_blocks, stratified, seed, a, b), c)
    return tp, fp, npos, nneg
