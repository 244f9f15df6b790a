"""NumPy implementation of every rocstats kernel: the reference and the fallback.

Each function has the same signature and result as its C twin in `rocstats._kernels.c.roc`.
Inputs are float64 C-contiguous arrays without NaN (the validation layer ensures it);
"sorted" means ascending.  Twice the Mann-Whitney U is returned as a Python ``int`` so
ties (worth 1/2) stay exact and nothing overflows.
"""
import numpy as np

__all__ = ["NOT_FINITE", "split_sort", "split_sort_eq", "split_argsort", "two_values",
           "placements_columns", "placements_by_case", "auc2u_sorted", "placements_sorted", "delong_sums_sorted",
           "auc2u_pairwise", "placements_pairwise", "roc_counts_desc", "below_ties_sorted"]

_CHUNK = 1 << 22  # elements of the m x n comparison block held at once
#: what `split_sort_eq` returns when a score is NaN or infinite
NOT_FINITE = "not finite"


def split_sort(is_pos, score):
    """Ascending scores of the positives and of the negatives (``is_pos`` boolean)."""
    return np.sort(score[is_pos]), np.sort(score[~is_pos])


def split_sort_eq(values, pos_value, score, m=None):
    """``split_sort(values == pos_value, score)``: the classes of a
    `rocstats._labels.BinaryRule` sorted without the caller building the mask, or
    `NOT_FINITE` when a score is NaN or infinite (the C twin checks it while
    splitting).  ``m``: the number of positives, when known (the C split uses it)."""
    if score.size and not np.isfinite(score).all():
        return NOT_FINITE
    return split_sort(np.asarray(values == pos_value), score)


def split_argsort(is_pos, score, threads=True):
    """``(pos_sorted, pos_order, neg_sorted, neg_order)``: each class sorted ascending and
    the permutation (indices within the class, input order) that sorts it (``threads``:
    whether the C twin may use the second thread; one thread here)."""
    pos, neg = score[is_pos], score[~is_pos]
    op, on = np.argsort(pos), np.argsort(neg)
    return pos[op], op, neg[on], on


def two_values(arr):
    """``(values, counts)`` of a 1-D bool / integer / float array with one or two distinct
    values (``values`` ascending, in the array's dtype; ``counts`` int64), or None (more
    than two values, a NaN, an empty array or another dtype)."""
    if arr.dtype.kind not in "biuf" or arr.size == 0:
        return None
    lo, hi = arr.min(), arr.max()
    if lo == hi:
        return np.asarray([lo]), np.asarray([arr.size], dtype=np.int64)
    counts = np.asarray([np.count_nonzero(arr == lo), np.count_nonzero(arr == hi)], dtype=np.int64)
    if counts.sum() != arr.size:
        return None
    return np.asarray([lo, hi]), counts


def placements_columns(is_pos, score):
    """``(twice_u, V10, V01)`` for the k columns of a 2-D score (n_samples, k):
    ``twice_u[c]`` is 2U of column c (Python ints), ``V10`` (k, m) and ``V01`` (k, n)
    its DeLong placements in case order (rows of ``V10[c]``: the positives in input
    order)."""
    k = score.shape[1]
    m = int(np.count_nonzero(is_pos))
    V10, V01 = np.empty((k, m)), np.empty((k, score.shape[0] - m))
    twice_u = []
    for c in range(k):
        pos, op, neg, on = split_argsort(is_pos, np.ascontiguousarray(score[:, c]))
        t, s10, s01 = placements_sorted(pos, neg)
        V10[c, op] = s10
        V01[c, on] = s01
        twice_u.append(t)
    return twice_u, V10, V01


def placements_by_case(pos, op, neg, on, out=None):
    """``(2U, v10, v01)`` with the placements in case order: ``pos`` / ``neg`` ascending
    and ``op`` / ``on`` the orders of `split_argsort` (``v10[op[i]]`` is the i-th
    smallest positive's placement).  ``out=(v10, v01)``: contiguous float64 arrays of
    the two classes' sizes to write into (rows of the callers' matrices, no copy)."""
    twice_u, s10, s01 = placements_sorted(pos, neg)
    v10, v01 = _out_pair(out, s10.size, s01.size)
    v10[op] = s10
    v01[on] = s01
    return twice_u, v10, v01


def _out_pair(out, m, n):
    """Two float64 output arrays of sizes m and n: new ones, or ``out`` checked (C
    contiguous, float64, the sizes: the C twin writes through their pointers)."""
    if out is None:
        return np.empty(m), np.empty(n)
    v10, v01 = out
    for arr, size, name in ((v10, m, "out[0]"), (v01, n, "out[1]")):
        if not (isinstance(arr, np.ndarray) and arr.dtype == np.float64 and arr.ndim == 1
                and arr.size == size and arr.flags.c_contiguous and arr.flags.writeable):
            raise ValueError("%s must be a writeable C-contiguous float64 array of %d values"
                             % (name, size))
    return v10, v01


def auc2u_sorted(pos, neg):
    """2U = sum_ij [2 1(pos_i > neg_j) + 1(pos_i == neg_j)] from ascending arrays."""
    left = np.searchsorted(neg, pos, side="left")
    right = np.searchsorted(neg, pos, side="right")
    return int(left.sum(dtype=np.int64)) + int(right.sum(dtype=np.int64))


def below_ties_sorted(pos, neg):
    """For each positive of the ascending ``pos``: ``#{neg < x}`` and ``#{neg == x}``
    (int64), ``neg`` ascending."""
    below = np.searchsorted(neg, pos, side="left").astype(np.int64)
    return below, np.searchsorted(neg, pos, side="right").astype(np.int64) - below


def placements_sorted(pos, neg):
    """DeLong placement values (v10 per positive, v01 per negative) and 2U."""
    m, n = pos.size, neg.size
    c10 = np.searchsorted(neg, pos, side="left") + np.searchsorted(neg, pos, side="right")
    lo = np.searchsorted(pos, neg, side="left")
    hi = np.searchsorted(pos, neg, side="right")
    c01 = 2 * m - lo - hi
    return int(c10.sum(dtype=np.int64)), c10 / (2.0 * n), c01 / (2.0 * m)


def _sum_squares(c):
    """Exact sum of squares of a non-negative int64 array, as a Python int."""
    cmax = int(c.max()) if c.size else 0
    step = max(1, (1 << 62) // max(1, cmax * cmax))   # chunk sums stay below 2**63
    return sum(int(np.dot(c[i:i + step], c[i:i + step])) for i in range(0, c.size, step))


def delong_sums_sorted(pos, neg):
    """``(2U, sum c10**2, sum c01**2)`` with c10 = 2n v10, c01 = 2m v01 (exact ints)."""
    m = pos.size
    c10 = np.searchsorted(neg, pos, side="left") + np.searchsorted(neg, pos, side="right")
    c01 = 2 * m - np.searchsorted(pos, neg, side="left") - np.searchsorted(pos, neg, side="right")
    return int(c10.sum(dtype=np.int64)), _sum_squares(c10), _sum_squares(c01)


def _pairwise_blocks(pos, neg):
    """Yield (i0, i1, K) with K[i, j] = 2 1(pos > neg) + 1(pos == neg) for rows i0:i1."""
    step = max(1, _CHUNK // max(1, neg.size))
    for i0 in range(0, pos.size, step):
        p = pos[i0:i0 + step, None]
        yield i0, i0 + p.shape[0], (p > neg).astype(np.int64) * 2 + (p == neg)


def auc2u_pairwise(pos, neg):
    """2U by the O(m n) definition (any order)."""
    return sum(int(k.sum(dtype=np.int64)) for _, _, k in _pairwise_blocks(pos, neg))


def placements_pairwise(pos, neg):
    """Placement values and 2U by the O(m n) definition (any order)."""
    m, n = pos.size, neg.size
    c10 = np.empty(m, dtype=np.int64)
    c01 = np.zeros(n, dtype=np.int64)
    for i0, i1, k in _pairwise_blocks(pos, neg):
        c10[i0:i1] = k.sum(axis=1)
        c01 += k.sum(axis=0)
    return int(c10.sum()), c10 / (2.0 * n), c01 / (2.0 * m)


def roc_counts_desc(score, wpos, wneg):
    """Distinct scores (descending) with cumulative positive / negative weight."""
    if score.size == 0:
        empty = np.empty(0)
        return empty, empty.copy(), empty.copy()
    last = np.r_[np.flatnonzero(score[1:] != score[:-1]), score.size - 1]
    return score[last], np.cumsum(wpos)[last], np.cumsum(wneg)[last]
