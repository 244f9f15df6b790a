"""NumPy twin of the scored-AUC C kernels (``csrc/rocstats_sauc.c``): reference and fallback.

Same functions, arguments and results as `rocstats._kernels.c.sauc`.  Notation:
``pos`` = the m positive scores y_i, ``neg`` = the n negative scores x_j (float64, no
NaN; "sorted" = ascending), kernel ``h(y, x) = (y - x) 1(y > x)``.

Every kernel returns ``(twice_u, out, v, w)``: ``twice_u`` = 2U as a Python int (ties
1/2), ``out`` a float64 array of 7 summaries (see `OUT_FIELDS`), ``v`` / ``w`` the
structural components ``V_i = (1/n) sum_j h(y_i, x_j)`` and ``W_j = (1/m) sum_i h(y_i, x_j)``
(in the order of the inputs) or None when not asked for.
"""
import numpy as np

from . import roc as _roc

__all__ = ["OUT_FIELDS", "sauc_sweep", "sauc_pairwise", "margin_counts", "minmax",
           "paired_components"]

#: Meaning of the 7 entries of ``out`` (also the C contract in rocstats_sauc.h).
OUT_FIELDS = ("sum_h", "sum_y_above", "sum_x_below", "mean_v", "ss_v", "mean_w", "ss_w")

_LD = np.longdouble
_CHUNK = 1 << 21   # elements of the m x n difference block held at once


def _summaries(sum_h, rp, rn, v, w):
    mv, mw = v.mean(), w.mean()
    return np.array([sum_h, rp, rn, mv, ((v - mv) ** 2).sum(), mw, ((w - mw) ** 2).sum()],
                    dtype=np.float64)


def sauc_sweep(pos, neg, components=True):
    """Sort-based O(m + n) sweep over ascending ``pos`` and ``neg`` (after the sort).

    Prefix sums in long double (80-bit on x86-64): per positive, the count ``a_i`` and
    the sum of the negatives strictly below it; per negative, the count and the sum of
    the positives strictly above it (a suffix sum, so no cancellation against a total).
    """
    m, n = pos.size, neg.size
    if m < 1 or n < 1:
        raise ValueError("sauc_sweep needs at least one score of each class")
    a = np.searchsorted(neg, pos, side="left")
    e = np.searchsorted(neg, pos, side="right") - a
    twice_u = 2 * int(a.sum(dtype=np.int64)) + int(e.sum(dtype=np.int64))
    cneg = np.concatenate((np.zeros(1, _LD), np.cumsum(neg, dtype=_LD)))
    below = cneg[a]
    ay = a.astype(_LD) * pos.astype(_LD)
    hi = ay - below
    v = hi / n
    r = np.searchsorted(pos, neg, side="right")          # positives <= x_j
    cpos = np.concatenate((np.cumsum(pos[::-1], dtype=_LD)[::-1], np.zeros(1, _LD)))
    w = (cpos[r] - (m - r).astype(_LD) * neg.astype(_LD)) / m
    out = _summaries(hi.sum(), ay.sum(), below.sum(), v, w)
    if not components:
        return twice_u, out, None, None
    return twice_u, out, v.astype(np.float64), w.astype(np.float64)


def sauc_pairwise(pos, neg):
    """The definition, O(m n), any order (differences rounded in double, as in C)."""
    m, n = pos.size, neg.size
    if m < 1 or n < 1:
        raise ValueError("sauc_pairwise needs at least one score of each class")
    rows = np.empty(m, dtype=_LD)
    cols = np.zeros(n, dtype=_LD)
    twice_u = 0
    rp = rn = _LD(0)
    step = max(1, _CHUNK // n)
    for i0 in range(0, m, step):
        y = pos[i0:i0 + step, None]
        gt = y > neg[None, :]
        d = np.where(gt, y - neg[None, :], 0.0)
        twice_u += 2 * int(np.count_nonzero(gt)) + int(np.count_nonzero(y == neg[None, :]))
        rows[i0:i0 + step] = d.sum(axis=1, dtype=_LD)
        cols += d.sum(axis=0, dtype=_LD)
        rp += (gt.sum(axis=1) * y[:, 0].astype(_LD)).sum()
        rn += (gt.sum(axis=0) * neg.astype(_LD)).sum()
    v, w = rows / n, cols / m
    out = _summaries(rows.sum(), rp, rn, v, w)
    return twice_u, out, v.astype(np.float64), w.astype(np.float64)


def margin_counts(pos, neg, tau):
    """``count[t] = #{(i, j): pos[i] - neg[j] > tau[t]}`` from ascending ``pos``, ``neg``.

    The difference is rounded in double exactly as the definition evaluates it.  For
    each positive the qualifying negatives form a prefix of ``neg`` (``fl(y - x)`` is
    monotone in x), found by a vectorised bisection on that exact predicate:
    O(m log n) per margin.
    """
    tau = np.ascontiguousarray(tau, dtype=np.float64).ravel()
    out = np.zeros(tau.size, dtype=np.int64)
    m, n = pos.size, neg.size
    if m == 0 or n == 0:
        return out
    for t, tt in enumerate(tau):
        lo = np.zeros(m, dtype=np.int64)       # predicate true below lo
        hi = np.full(m, n, dtype=np.int64)     # predicate false from hi on
        active = lo < hi
        while active.any():
            mid = (lo + hi) // 2
            safe = np.minimum(mid, n - 1)
            pred = (pos - neg[safe]) > tt
            lo = np.where(active & pred, mid + 1, lo)
            hi = np.where(active & ~pred, mid, hi)
            active = lo < hi
        out[t] = int(lo.sum(dtype=np.int64))
    return out


def minmax(x):
    """``(min, max)`` of a non-empty 1-D float64 array as floats (NaN, NaN when it holds a
    NaN); which zero of -0.0 / +0.0 is reported is not specified (callers compare)."""
    return float(x.min()), float(x.max())


def _case_components(is_pos, score):
    """``(sum_h, V, W)``: the sweep of one score with its components in case order."""
    pos, op, neg, on = _roc.split_argsort(is_pos, score)
    _, res, v_s, w_s = sauc_sweep(pos, neg, components=True)
    v = np.empty_like(v_s)
    w = np.empty_like(w_s)
    v[op] = v_s
    w[on] = w_s
    return res[0], v, w


def paired_components(is_pos, score_a, score_b):
    """``(sum_h_a, sum_h_b, D, E)``: each score's sAUC numerator (``out[0]`` of
    `sauc_sweep`) and the differences of the structural components in case order,
    ``D = V_a - V_b`` (positives), ``E = W_a - W_b`` (negatives): one argsort of each
    class per score, the sweep, the components scattered back by the orders."""
    ha, d, e = _case_components(is_pos, score_a)
    hb, vb, wb = _case_components(is_pos, score_b)
    d -= vb     # in place: the components are not used again (no new arrays)
    e -= wb
    return ha, hb, d, e
