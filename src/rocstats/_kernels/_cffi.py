"""The only module that touches the cffi ``ffi`` / ``lib`` objects.

Same functions, signatures and results as ``_numpy.py``.  Arrays are normalised to
float64 C-contiguous before ``ffi.from_buffer`` so the C side can trust its pointers.
"""
import numpy as np

from . import _numpy
from ._ckernels import ffi, lib  # ImportError if the extension was not built


def _buf(a):
    a = np.ascontiguousarray(a, dtype=np.float64)
    return a, ffi.cast("double *", ffi.from_buffer(a))


def _out(size):
    a = np.empty(size, dtype=np.float64)
    return a, ffi.cast("double *", ffi.from_buffer(a, require_writable=True))


# below this size numpy's comparison sort beats the 4 x 65536-bucket radix passes
RADIX_MIN_SIZE = 1 << 15


def _radix(is_pos, score, with_order):
    score, s = _buf(score)
    mask = np.ascontiguousarray(is_pos, dtype=bool)
    if mask.shape != score.shape:   # the C loop reads both arrays over score.size
        raise ValueError("is_pos has shape %s but score has shape %s" % (mask.shape, score.shape))
    m = int(np.count_nonzero(mask))
    pos, a = _out(m)
    neg, b = _out(score.size - m)
    mask_p = ffi.cast("uint8_t *", ffi.from_buffer(mask))
    if with_order:
        op = np.empty(m, dtype=np.int64)
        on = np.empty(score.size - m, dtype=np.int64)
        status = lib.rs_split_argsort(
            s, mask_p, score.size, a, ffi.cast("int64_t *", ffi.from_buffer(op)), m, b,
            ffi.cast("int64_t *", ffi.from_buffer(on)))
    else:
        status = lib.rs_split_sort(s, mask_p, score.size, a, m, b)
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
        return _numpy.split_argsort(is_pos, score)
    return split_argsort_radix(is_pos, score)


def split_sort(is_pos, score):
    """Ascending scores of the positives and of the negatives (``is_pos`` boolean)."""
    if score.size < RADIX_MIN_SIZE:
        return _numpy.split_sort(is_pos, score)
    return split_sort_radix(is_pos, score)


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


def delong_sums_sorted(pos, neg):
    pos, p = _buf(pos)
    neg, q = _buf(neg)
    sq = np.zeros(4, dtype=np.uint64)
    twice_u = int(lib.rs_delong_sums_sorted(p, pos.size, q, neg.size,
                                            ffi.cast("uint64_t *", ffi.from_buffer(sq))))
    return (twice_u, (int(sq[0]) << 64) | int(sq[1]), (int(sq[2]) << 64) | int(sq[3]))


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
