"""C twin of :mod:`rocstats._kernels.numpy.roc` (``csrc/rocstats_kernels.c``): the radix
split-sort, the sorted sweeps, the O(m n) definitions and the ROC counts.

Same functions, signatures and results as the NumPy module.  Arrays are normalised to
float64 C-contiguous before C sees a pointer.
"""
import numpy as np

from ..numpy import roc as _twin
from . import f64, lib, out, ptr


# below this size numpy's comparison sort beats the 4 x 65536-bucket radix passes
RADIX_MIN_SIZE = 1 << 15


def _radix(is_pos, score, with_order):
    score = f64(score)
    mask = np.ascontiguousarray(is_pos, dtype=bool)
    if mask.shape != score.shape:   # the C loop reads both arrays over score.size
        raise ValueError("is_pos has shape %s but score has shape %s" % (mask.shape, score.shape))
    m = int(np.count_nonzero(mask))
    pos, neg = out(m), out(score.size - m)
    if with_order:
        op = out(m, np.int64)
        on = out(score.size - m, np.int64)
        status = lib.rs_split_argsort(ptr(score), ptr(mask), score.size, ptr(pos), ptr(op), m,
                                      ptr(neg), ptr(on))
    else:
        status = lib.rs_split_sort(ptr(score), ptr(mask), score.size, ptr(pos), m, ptr(neg))
    if status == -1:
        raise MemoryError("rocstats: no memory for the radix sort of %d scores" % score.size)
    if status != 0:  # pragma: no cover - would be a bug in the count above
        raise RuntimeError("rocstats: radix split-sort failed with status %d" % status)
    return (pos, op, neg, on) if with_order else (pos, neg)


def split_sort_radix(is_pos, score):
    """C radix sort of each class (any size; ``split_sort`` picks it for large n)."""
    return _radix(is_pos, score, False)


def split_argsort_radix(is_pos, score):
    """C radix sort of each class with the sorting permutations (any size)."""
    return _radix(is_pos, score, True)


def split_argsort(is_pos, score):
    """``(pos_sorted, pos_order, neg_sorted, neg_order)``, as the NumPy twin."""
    if score.size < RADIX_MIN_SIZE:
        return _twin.split_argsort(is_pos, score)
    return split_argsort_radix(is_pos, score)


def split_sort(is_pos, score):
    """Ascending scores of the positives and of the negatives (``is_pos`` boolean)."""
    if score.size < RADIX_MIN_SIZE:
        return _twin.split_sort(is_pos, score)
    return split_sort_radix(is_pos, score)


def auc2u_sorted(pos, neg):
    pos, neg = f64(pos), f64(neg)
    return int(lib.rs_auc2u_sorted(ptr(pos), pos.size, ptr(neg), neg.size))


def placements_sorted(pos, neg):
    pos, neg = f64(pos), f64(neg)
    v10, v01 = out(pos.size), out(neg.size)
    twice_u = int(lib.rs_placements_sorted(ptr(pos), pos.size, ptr(neg), neg.size, ptr(v10),
                                           ptr(v01)))
    return twice_u, v10, v01


def delong_sums_sorted(pos, neg):
    pos, neg = f64(pos), f64(neg)
    sq = np.zeros(4, dtype=np.uint64)
    twice_u = int(lib.rs_delong_sums_sorted(ptr(pos), pos.size, ptr(neg), neg.size, ptr(sq)))
    return (twice_u, (int(sq[0]) << 64) | int(sq[1]), (int(sq[2]) << 64) | int(sq[3]))


def auc2u_pairwise(pos, neg):
    pos, neg = f64(pos), f64(neg)
    return int(lib.rs_auc2u_pairwise(ptr(pos), pos.size, ptr(neg), neg.size))


def placements_pairwise(pos, neg):
    pos, neg = f64(pos), f64(neg)
    v10, v01 = out(pos.size), out(neg.size)
    twice_u = int(lib.rs_placements_pairwise(ptr(pos), pos.size, ptr(neg), neg.size, ptr(v10),
                                             ptr(v01)))
    return twice_u, v10, v01


def roc_counts_desc(score, wpos, wneg):
    score, wpos, wneg = f64(score), f64(wpos), f64(wneg)
    n = score.size
    if wpos.shape != (n,) or wneg.shape != (n,):
        raise ValueError("roc_counts_desc: wpos and wneg must have one entry per score")
    thr, tp, fp = out(n), out(n), out(n)
    k = int(lib.rs_roc_counts_desc(ptr(score), ptr(wpos), ptr(wneg), n, ptr(thr), ptr(tp),
                                   ptr(fp)))
    return thr[:k].copy(), tp[:k].copy(), fp[:k].copy()
