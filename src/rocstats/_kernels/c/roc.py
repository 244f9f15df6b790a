"""C twin of `rocstats._kernels.numpy.roc` (``csrc/rocstats_kernels.c``): the
split-sort, the sorted sweeps, the O(m n) definitions and the ROC counts.

Same functions, signatures and results as the NumPy module.  Arrays are normalised to
float64 C-contiguous before C sees a pointer.

How the two classes are sorted (issue 14) and when a second thread helps are decided
by `rocstats._kernels._strategy` (``ROCSTATS_SORT``, ``ROCSTATS_NUM_THREADS``);
here: on the NumPy-sort side the scores are split by class in C (branch-free) and the
two classes sorted in place, on two threads for large inputs; argsorts sort 64-bit keys
holding the value's high bits and the index, then put the few values that share high
bits in order.  Every choice gives the same sorted values, so no result depends on it.
"""
import numpy as np

from .. import _strategy
from .._strategy import RADIX_MIN_SIZE as _RADIX_MIN_SIZE
from ..numpy import roc as _twin
from ..numpy.roc import NOT_FINITE
from . import f64, lib, out, ptr

__all__ = _twin.__all__


def _split_buffers(is_pos, score):
    """``(score, mask, m, pos, neg)``: contiguous float64 scores and bool mask of one
    shape (checked: the C loops read both over ``score.size``), the number of positives,
    and the two output buffers."""
    score = f64(score)
    mask = np.ascontiguousarray(is_pos, dtype=bool)
    if mask.shape != score.shape:
        raise ValueError("is_pos has shape %s but score has shape %s" % (mask.shape, score.shape))
    m = int(np.count_nonzero(mask))
    return score, mask, m, out(m), out(score.size - m)


def _radix(is_pos, score, with_order):
    score, mask, m, pos, neg = _split_buffers(is_pos, score)
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


def _numpy_split_sort(mask, x):
    pos, neg = _split(mask, x)
    pos.sort()
    neg.sort()


def _sort_method():
    """``"numpy"`` or ``"radix"`` (`rocstats._kernels._strategy.sort_method`)."""
    return _strategy.sort_method(_numpy_split_sort, lambda mask, x: _radix(mask, x, False))


def _split(is_pos, score):
    """The scores of the positives and of the negatives, each in input order (C,
    branch-free)."""
    score, mask, m, pos, neg = _split_buffers(is_pos, score)
    if lib.rs_split(ptr(score), ptr(mask), score.size, ptr(pos), m, ptr(neg)) != 0:
        raise RuntimeError("rocstats: split failed")  # pragma: no cover - m counted above
    return pos, neg


def _sort_in_place(a):
    a.sort()
    return a


def _argsort_packed(x):
    """``(sorted x, order)`` with ``x[order]`` ascending: NumPy's (SIMD) sort of 64-bit
    keys = the value's order-preserving bits with the low ``b`` bits replaced by the
    index (``2^b >= len(x)``), then a C pass that unpacks, gathers and insertion-sorts
    the values that shared their high bits.  Falls back to ``np.argsort`` when that
    repair would be long (many distinct values closer than 2^-(52-b) relative)."""
    x = f64(x)
    size = x.size
    bits = max(1, (size - 1).bit_length())
    keys = np.empty(size, dtype=np.uint64)
    if lib.rs_pack_keys(ptr(x), size, bits, ptr(keys)) != 0:  # pragma: no cover
        raise RuntimeError("rocstats: rs_pack_keys refused %d values" % size)
    keys.sort()
    srt, idx = out(size), out(size, np.int64)
    status = lib.rs_unpack_keys(ptr(keys), size, bits, ptr(x), ptr(srt), ptr(idx))
    del keys
    if status == 1:
        idx = np.argsort(x, kind="stable")
        srt = x[idx]
    elif status != 0:  # pragma: no cover - would be a bug in the packing
        raise RuntimeError("rocstats: rs_unpack_keys failed with status %d" % status)
    return srt, idx


def _split_sort_radix(is_pos, score):
    """C radix sort of each class (any size; ``split_sort`` picks it for large n)."""
    return _radix(is_pos, score, False)


def _split_argsort_radix(is_pos, score):
    """C radix sort of each class with the sorting permutations (any size)."""
    return _radix(is_pos, score, True)


def split_argsort(is_pos, score, threads=True):
    """``(pos_sorted, pos_order, neg_sorted, neg_order)``, as the NumPy twin.

    ``threads=False`` sorts the two classes one after the other on this thread (for a
    caller that already runs several of these at once)."""
    if score.size < _RADIX_MIN_SIZE:
        return _twin.split_argsort(is_pos, score)
    if _sort_method() == "radix":
        return _split_argsort_radix(is_pos, score)
    pos, neg = _split(is_pos, score)
    if threads:
        (ps, op), (ns, on) = _strategy.both(_argsort_packed, pos, neg)
    else:
        (ps, op), (ns, on) = _argsort_packed(pos), _argsort_packed(neg)
    return ps, op, ns, on


_SPLIT_EQ = {np.dtype(np.int64): ("rs_split_eq_i64", int),
             np.dtype(np.int32): ("rs_split_eq_i32", int),
             np.dtype(np.uint8): ("rs_split_eq_u8", int),
             np.dtype(np.bool_): ("rs_split_eq_u8", int),
             np.dtype(np.int8): ("rs_split_eq_i8", int),
             np.dtype(np.float64): ("rs_split_eq_f64", float)}


def split_sort_eq(values, pos_value, score, m=None):
    """As the twin: ``split_sort(values == pos_value, score)``, or `NOT_FINITE`
    when a score is NaN or infinite.  Large inputs with a label dtype the C split knows
    (and NumPy's sort chosen) are split without the n-byte mask: the split compares the
    labels in C and checks the scores on its way; ``m``, the number of positives when
    the caller counted them already (a wrong count is refused by the C split, not
    trusted).  Otherwise the mask is built and `split_sort` used."""
    values = np.asarray(values)
    entry = _SPLIT_EQ.get(values.dtype)
    fast = (entry is not None and score.size >= _RADIX_MIN_SIZE and _sort_method() != "radix"
            and values.shape == score.shape and values.flags.c_contiguous)
    if fast:
        name, conv = entry
        value = values.dtype.type(pos_value)
        fast = value == pos_value          # representable in the labels' dtype
    if not fast:
        if score.size and not np.isfinite(score).all():
            return NOT_FINITE
        return split_sort(np.asarray(values == pos_value), score)
    score = f64(score)
    if m is None:
        m = int(np.count_nonzero(values == value))
    pos, neg = out(m), out(score.size - m)
    status = getattr(lib, name)(ptr(score), ptr(values), conv(value), score.size, ptr(pos), m,
                                ptr(neg))
    if status == 1:
        return NOT_FINITE
    if status != 0:  # pragma: no cover - m counted above or by the label scan
        raise RuntimeError("rocstats: %s failed with status %d" % (name, status))
    _strategy.both(_sort_in_place, pos, neg)
    return pos, neg


def split_sort(is_pos, score):
    """Ascending scores of the positives and of the negatives (``is_pos`` boolean)."""
    if score.size < _RADIX_MIN_SIZE:
        return _twin.split_sort(is_pos, score)
    if _sort_method() == "radix":
        return _split_sort_radix(is_pos, score)
    pos, neg = _split(is_pos, score)
    _strategy.both(_sort_in_place, pos, neg)
    return pos, neg


_FAST_MAX = 1 << 31     # the interleaved sweeps need m, n < 2^31 (c^2 < 2^64)


def auc2u_sorted(pos, neg):
    pos, neg = f64(pos), f64(neg)
    if pos.size < _FAST_MAX and neg.size < _FAST_MAX:
        return int(lib.rs_auc2u_sorted_fast(ptr(pos), pos.size, ptr(neg), neg.size))
    return int(lib.rs_auc2u_sorted(ptr(pos), pos.size, ptr(neg), neg.size))


def placements_by_case(pos, op, neg, on, out=None):
    """``(2U, v10, v01)`` with the placements in case order (``v10[op[i]]`` is the i-th
    smallest positive's), written by the C merge directly: the same values as
    ``placements_sorted`` followed by ``v10[op] = s10``, ``v01[on] = s01``."""
    pos, neg = f64(pos), f64(neg)
    op, on = np.ascontiguousarray(op, dtype=np.int64), np.ascontiguousarray(on, dtype=np.int64)
    if op.shape != pos.shape or on.shape != neg.shape:
        raise ValueError("the orders must have one index per score")
    v10, v01 = _twin._out_pair(out, pos.size, neg.size)
    if pos.size >= _FAST_MAX or neg.size >= _FAST_MAX:
        twice_u, s10, s01 = placements_sorted(pos, neg)
        v10[op] = s10
        v01[on] = s01
        return twice_u, v10, v01
    twice_u = int(lib.rs_placements_scatter(ptr(pos), ptr(op), pos.size, ptr(neg), ptr(on),
                                            neg.size, ptr(v10), ptr(v01)))
    if twice_u < 0:
        raise ValueError("the orders must be permutations of the class indices")
    return twice_u, v10, v01


def below_ties_sorted(pos, neg):
    pos, neg = f64(pos), f64(neg)
    below, ties = out(pos.size, np.int64), out(pos.size, np.int64)
    lib.rs_below_ties_sorted(ptr(pos), pos.size, ptr(neg), neg.size, ptr(below), ptr(ties))
    return below, ties


def _placements(kernel, pos, neg):
    """``(2U, V10, V01)`` from a C placements kernel (sorted sweep or pairwise)."""
    pos, neg = f64(pos), f64(neg)
    v10, v01 = out(pos.size), out(neg.size)
    twice_u = int(kernel(ptr(pos), pos.size, ptr(neg), neg.size, ptr(v10), ptr(v01)))
    return twice_u, v10, v01


def placements_sorted(pos, neg):
    return _placements(lib.rs_placements_sorted, pos, neg)


def delong_sums_sorted(pos, neg):
    pos, neg = f64(pos), f64(neg)
    sq = np.zeros(4, dtype=np.uint64)
    kernel = lib.rs_delong_sums_sorted_fast if (pos.size < _FAST_MAX and neg.size < _FAST_MAX) \
        else lib.rs_delong_sums_sorted
    twice_u = int(kernel(ptr(pos), pos.size, ptr(neg), neg.size, ptr(sq)))
    return (twice_u, (int(sq[0]) << 64) | int(sq[1]), (int(sq[2]) << 64) | int(sq[3]))


def auc2u_pairwise(pos, neg):
    pos, neg = f64(pos), f64(neg)
    return int(lib.rs_auc2u_pairwise(ptr(pos), pos.size, ptr(neg), neg.size))


def placements_pairwise(pos, neg):
    return _placements(lib.rs_placements_pairwise, pos, neg)


def roc_counts_desc(score, wpos, wneg):
    score, wpos, wneg = f64(score), f64(wpos), f64(wneg)
    n = score.size
    if wpos.shape != (n,) or wneg.shape != (n,):
        raise ValueError("roc_counts_desc: wpos and wneg must have one entry per score")
    thr, tp, fp = out(n), out(n), out(n)
    k = int(lib.rs_roc_counts_desc(ptr(score), ptr(wpos), ptr(wneg), n, ptr(thr), ptr(tp),
                                   ptr(fp)))
    return thr[:k].copy(), tp[:k].copy(), fp[:k].copy()


_TWO_VALUES = {np.dtype(np.int64): "rs_two_values_i64", np.dtype(np.int32): "rs_two_values_i32",
               np.dtype(np.uint8): "rs_two_values_u8", np.dtype(np.int8): "rs_two_values_i8",
               np.dtype(np.float64): "rs_two_values_f64"}


def two_values(arr):
    """As the twin: ``(values, counts)`` of an array with one or two distinct values, or
    None; one C pass for int64 / int32 / int8 / uint8 / bool / float64 labels (the twin
    for other dtypes and non-contiguous arrays)."""
    arr = np.asarray(arr)
    view = arr.view(np.uint8) if arr.dtype == np.bool_ else arr
    name = _TWO_VALUES.get(view.dtype)
    if name is None or arr.ndim != 1 or not arr.flags.c_contiguous:
        return _twin.two_values(arr)
    if arr.size == 0:
        return None
    vals, counts = np.empty(2, dtype=view.dtype), np.zeros(2, dtype=np.int64)
    found = getattr(lib, name)(ptr(view), view.size, ptr(vals), ptr(counts))
    if found not in (1, 2):
        return None
    return vals[:found].astype(arr.dtype), counts[:found]


def _column_placements(pos, neg, v10, v01):
    """2U of one column from its split scores, its placements written into ``v10``,
    ``v01`` (case order): the packed argsorts of both classes on this thread."""
    (ps, op), (ns, on) = _argsort_packed(pos), _argsort_packed(neg)
    twice_u = int(lib.rs_placements_scatter(ptr(ps), ptr(op), ps.size, ptr(ns), ptr(on), ns.size,
                                            ptr(v10), ptr(v01)))
    if twice_u < 0:  # pragma: no cover - the orders come from _argsort_packed
        raise RuntimeError("rocstats: rs_placements_scatter failed")
    return twice_u


def placements_columns(is_pos, score):
    """As the twin: ``(twice_u, V10, V01)`` of the k columns of a 2-D score.

    One C pass splits every column by class (no transposed copy); then each column's two
    classes are argsorted and its placements scattered, whole columns running on two
    threads when the process may use two CPUs (NumPy's sort and the cffi calls release
    the GIL).  Small inputs, the radix sort and sizes beyond the interleaved merge's
    2^31 use the per-column path of the single score."""
    score = f64(score)
    mask = np.ascontiguousarray(is_pos, dtype=bool)
    if score.ndim != 2 or mask.shape != score.shape[:1]:
        raise ValueError("is_pos has shape %s but score has shape %s" % (mask.shape, score.shape))
    n_all, k = score.shape
    m = int(np.count_nonzero(mask))
    n = n_all - m
    if (n_all < _RADIX_MIN_SIZE or _sort_method() == "radix" or m >= _FAST_MAX
            or n >= _FAST_MAX or m == 0 or n == 0):
        V10, V01 = np.empty((k, m)), np.empty((k, n))
        twice_u = []
        for c in range(k):
            pos, op, neg, on = split_argsort(mask, np.ascontiguousarray(score[:, c]))
            t, V10[c], V01[c] = placements_by_case(pos, op, neg, on)
            twice_u.append(t)
        return twice_u, V10, V01
    P, N = np.empty((k, m)), np.empty((k, n))
    if lib.rs_split_columns(ptr(score), n_all, k, ptr(mask), ptr(P), m, ptr(N)) != 0:
        raise RuntimeError("rocstats: rs_split_columns failed")  # pragma: no cover - m counted
    # the split scores are overwritten by the placements, column by column (each column's
    # sorted copies are made before its placements are written)
    V10, V01 = P, N

    def run(cols):
        return [_column_placements(P[c], N[c], V10[c], V01[c]) for c in cols]

    if _strategy.threads_allowed() and k > 1:
        fut = _strategy.second_thread().submit(run, range(1, k, 2))
        mine = run(range(0, k, 2))
        theirs = fut.result()
        twice_u = [None] * k
        twice_u[0::2], twice_u[1::2] = mine, theirs
    else:
        twice_u = run(range(k))
    return twice_u, V10, V01
