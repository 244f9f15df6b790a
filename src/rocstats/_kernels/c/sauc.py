"""C twin of `rocstats._kernels.numpy.sauc` (``csrc/rocstats_sauc.c``): the scored-AUC
sweep, its O(m n) definition and the margin counts.  Lengths are checked here, before C
sees the pointers.
"""
import numpy as np

from .. import _strategy
from .._strategy import RADIX_MIN_SIZE as _RADIX_MIN_SIZE
from ..numpy import sauc as _twin
from ..numpy.sauc import OUT_FIELDS  # noqa: F401  (same field names)
from . import f64, lib, out, ptr
from . import roc as _roc

__all__ = _twin.__all__


def _status(code, what, m, n):
    if code == -2:
        raise MemoryError("rocstats: no memory for %s (m=%d, n=%d)" % (what, m, n))
    if code < 0:
        raise ValueError("%s needs at least one score of each class (m=%d, n=%d)"
                         % (what, m, n))
    return int(code)


def sauc_sweep(pos, neg, components=True):
    """O(m + n) merge sweep over ascending ``pos`` and ``neg`` (C, long double sums).

    On large inputs its two directions (forward: V, 2U, sum_h, R+, R-; backward: W)
    run on two threads (``rs_sauc_sweep_part``; they share nothing, and each does the
    very operations of the one-thread sweep)."""
    pos, neg = f64(pos), f64(neg)
    res = out(7)
    v, w = (out(pos.size), out(neg.size)) if components else (None, None)
    if pos.size and neg.size and pos.size + neg.size >= _RADIX_MIN_SIZE:
        twice_u, _ = _strategy.both(_sweep_part, (pos, neg, v, w, res, 1),
                                (pos, neg, v, w, res, 2), size=pos.size + neg.size)
        return _status(twice_u, "sauc_sweep", pos.size, neg.size), res, v, w
    twice_u = _status(lib.rs_sauc_sweep(ptr(pos), pos.size, ptr(neg), neg.size, ptr(v), ptr(w),
                                        ptr(res)), "sauc_sweep", pos.size, neg.size)
    return twice_u, res, v, w


def _sweep_part(args):
    pos, neg, v, w, res, part = args
    return lib.rs_sauc_sweep_part(ptr(pos), pos.size, ptr(neg), neg.size, ptr(v), ptr(w),
                                  ptr(res), part)


def minmax(x):
    """``(min, max)`` of a non-empty 1-D float64 array in one C pass (NaN, NaN when it
    holds a NaN); which zero of -0.0 / +0.0 is reported is not specified."""
    x = f64(x)
    if x.ndim != 1 or x.size < 1:
        raise ValueError("minmax needs a non-empty 1-D array")
    res = out(2)
    if lib.rs_sauc_minmax(ptr(x), x.size, ptr(res)) < 0:  # pragma: no cover - checked above
        raise RuntimeError("rocstats: rs_sauc_minmax refused its arguments")
    return float(res[0]), float(res[1])


def sauc_pairwise(pos, neg):
    """The O(m n) definition in C, any order."""
    pos, neg = f64(pos), f64(neg)
    res, v, w = out(7), out(pos.size), out(neg.size)
    twice_u = _status(lib.rs_sauc_pairwise(ptr(pos), pos.size, ptr(neg), neg.size, ptr(v),
                                           ptr(w), ptr(res)), "sauc_pairwise", pos.size,
                      neg.size)
    return twice_u, res, v, w


def _margin_block(args):
    pos, neg, tau, count = args
    status = lib.rs_sauc_margin_counts(ptr(pos), pos.size, ptr(neg), neg.size, ptr(tau),
                                       tau.size, ptr(count))
    if status != 0:  # pragma: no cover - arguments are checked by the caller
        raise RuntimeError("rocstats: rs_sauc_margin_counts failed with status %d" % status)
    return count


def margin_counts(pos, neg, tau):
    """``#{(i, j): pos[i] - neg[j] > tau[t]}`` per margin (two-pointer merge, C).

    When each class has at most ``_LOOKUP_MAX_DISTINCT`` distinct scores (and the input
    is large), the walks go over the distinct values with their counts instead (issue
    14; the counts are integers, so nothing changes but the time)."""
    pos, neg, tau = f64(pos), f64(neg), f64(np.ravel(tau))
    count = np.zeros(tau.size, dtype=np.int64)
    if (pos.size + neg.size >= _RADIX_MIN_SIZE and pos.size and neg.size
            and _probe_distinct(pos) and _probe_distinct(neg)):
        sp, sn = _few_distinct(pos), _few_distinct(neg)
        if sp is not None and sn is not None:   # tied scores: walk the distinct values
            pu, nu = pos[sp], neg[sn]
            pcount = np.diff(np.append(sp, pos.size))
            ncum = np.append(sn, neg.size)       # negatives before each distinct value
            status = lib.rs_sauc_margin_counts_runs(ptr(pu), ptr(pcount), pu.size, ptr(nu),
                                                    ptr(ncum), nu.size, ptr(tau), tau.size,
                                                    ptr(count))
            if status != 0:  # pragma: no cover - arguments are built above
                raise RuntimeError("rocstats: rs_sauc_margin_counts_runs failed")
            return count
    if _MARGIN_THREADS and tau.size > _MARGIN_GROUP and pos.size + neg.size >= _RADIX_MIN_SIZE:
        # two threads, each walking whole groups of margins (the kernel's lane groups):
        # with the faster walks of issue 14 this measured 1.28x rocstats.delong against
        # 1.53x on one thread (11 margins, n = 1e6, idle 2-core machine)
        half = _MARGIN_GROUP * ((tau.size // _MARGIN_GROUP + 1) // 2)
        _strategy.both(_margin_block, (pos, neg, tau[:half], count[:half]),
                   (pos, neg, tau[half:], count[half:]), size=2 * (pos.size + neg.size))
        return count
    return _margin_block((pos, neg, tau, count))


_MARGIN_GROUP = 6       # RS_MLANES in rocstats_sauc.c
_MARGIN_THREADS = True


# the case-order components come from a hash-table lookup instead of an argsort when
# each class has at most this many distinct scores (the tables then sit in L1/L2)
_LOOKUP_MAX_DISTINCT = 4096
_PROBE = 2048          # scores looked at to guess whether a class has few distinct values


def _few_distinct(sorted_x, last=False):
    """Indices of the first (``last``: the last) member of each run of equal values, or
    None when there are more than ``_LOOKUP_MAX_DISTINCT`` runs."""
    ends = np.flatnonzero(sorted_x[1:] != sorted_x[:-1])
    if ends.size + 1 > _LOOKUP_MAX_DISTINCT:
        return None
    return np.append(ends, sorted_x.size - 1) if last else np.concatenate(([0], ends + 1))


def _hist_sweep(mask, score, codes=None):
    """One hashing pass (``rs_sauc_hist``, or ``rs_sauc_hist_codes`` writing each case's
    code into ``codes``) and the sweep over each class's distinct scores
    (``rs_sauc_sweep_hist``): ``(pk, pc, nk, nc, op, on, pv, nv, res)`` -- the sorted
    distinct scores and counts of each class, the orders that sorted them from hash
    order, their components and the sweep's sums -- or None (too many distinct scores
    in a class, a -0.0, or a class empty)."""
    cap = _LOOKUP_MAX_DISTINCT
    pk, nk = out(cap), out(cap)
    pc, nc = np.empty(cap, dtype=np.int64), np.empty(cap, dtype=np.int64)
    sizes = np.zeros(2, dtype=np.int64)
    if codes is None:
        status = lib.rs_sauc_hist(ptr(score), ptr(mask), score.size, cap, ptr(pk), ptr(pc),
                                  ptr(nk), ptr(nc), ptr(sizes))
    else:
        status = lib.rs_sauc_hist_codes(ptr(score), ptr(mask), score.size, cap, ptr(pk),
                                        ptr(pc), ptr(nk), ptr(nc), ptr(sizes), ptr(codes))
    if status == -3:
        raise MemoryError("rocstats: no memory for the sAUC hash tables")
    if status != 0 or sizes[0] < 1 or sizes[1] < 1:
        return None
    op, on = np.argsort(pk[:sizes[0]]), np.argsort(nk[:sizes[1]])
    pk, pc, nk, nc = pk[op], pc[op], nk[on], nc[on]
    pv, nv, res = out(pk.size), out(nk.size), out(7)
    _status(lib.rs_sauc_sweep_hist(ptr(pk), ptr(pc), pk.size, ptr(nk), ptr(nc), nk.size,
                                   ptr(pv), ptr(nv), ptr(res)), "sauc_sweep",
            int(pc.sum()), int(nc.sum()))
    return pk, pc, nk, nc, op, on, pv, nv, res


def _components_by_hist(mask, score):
    """`_components_by_lookup` without sorting the cases: the distinct scores of
    each class and their counts from one hashing pass (``rs_sauc_hist``), the sweep over
    them (``rs_sauc_sweep_hist``, the same operations as the sweep over the sorted
    classes), then the lookup.  None when a class has too many distinct scores or a
    score is -0.0 (the caller then sorts)."""
    found = _hist_sweep(mask, score)
    if found is None:
        return None
    pk, pc, nk, nc, op, on, pv, nv, res = found
    m = int(pc.sum())
    v, w = _out_big(m), _out_big(score.size - m)
    missing = lib.rs_sauc_lookup_split(ptr(score), ptr(mask), score.size, ptr(pk), ptr(pv),
                                       pk.size, ptr(nk), ptr(nv), nk.size, ptr(v), m, ptr(w))
    if missing != 0:  # pragma: no cover - every score is a key, the counts add up
        raise RuntimeError("rocstats: rs_sauc_lookup_split failed with status %d" % missing)
    return float(res[0]), v, w


def _components_by_lookup(mask, score):
    """``(sum_h, V, W)`` in case order when both classes have at most
    ``_LOOKUP_MAX_DISTINCT`` distinct scores (else None): split and sort the classes
    (fast on such data), sweep writing one component per run of equal values, then
    write each case's component, looked up by its score, over the sorted classes (no
    longer needed: no new n-sized buffer is touched).  Every member of a run gets the
    very double of its run, so V and W equal the scattered ones of the argsort path."""
    hist = _components_by_hist(mask, score)
    if hist is not None:
        return hist
    pos, neg = _roc._split(mask, score)
    pos.sort()
    neg.sort()
    sp, sn = _few_distinct(pos), _few_distinct(neg, last=True)
    if sp is None or sn is None:
        return None
    v, w, res = out(pos.size), out(neg.size), out(7)   # only the run slots are written
    _status(lib.rs_sauc_sweep_runs(ptr(pos), pos.size, ptr(neg), neg.size, ptr(v), ptr(w),
                                   ptr(res)), "sauc_sweep", pos.size, neg.size)
    pk, pv, nk, nv = pos[sp], v[sp], neg[sn], w[sn]
    del v, w
    missing = lib.rs_sauc_lookup_split(ptr(score), ptr(mask), score.size, ptr(pk), ptr(pv),
                                       pk.size, ptr(nk), ptr(nv), nk.size, ptr(pos), pos.size,
                                       ptr(neg))
    if missing == -3:
        raise MemoryError("rocstats: no memory for the sAUC lookup tables")
    if missing < 0:  # pragma: no cover - the split above counted the classes
        raise RuntimeError("rocstats: rs_sauc_lookup_split failed with status %d" % missing)
    return (float(res[0]), pos, neg) if missing == 0 else None


_HUGE = 1 << 22      # NumPy asks for transparent huge pages from 4 MiB on


def _out_big(size):
    """``out(size)``, but an array of 0.5 to 4 MiB is carved from a 4 MiB block so that
    NumPy's huge-page hint applies: first-touch page faults on 4 KiB pages cost more
    than the work on such arrays (a class of 5e5 scores is 4 MB; issue 14)."""
    if (1 << 19) <= 8 * size < _HUGE:
        return out(_HUGE // 8 + 1)[:size]
    return out(size)


def _probe_distinct(x):
    """True when 2048 evenly spaced entries of ``x`` hold few distinct values."""
    return np.unique(x[:: max(1, x.size // _PROBE)]).size <= _LOOKUP_MAX_DISTINCT // 8


def _looks_tied(is_pos, score):
    """``(mask, score)`` ready for `_components_by_lookup` when the input is large
    and a probe of 2048 scores shows few distinct values, else None."""
    score = f64(score)
    if score.size < _RADIX_MIN_SIZE or np.size(is_pos) != score.size:
        return None
    mask = np.ascontiguousarray(is_pos, dtype=bool)
    if 0 < np.count_nonzero(mask) < mask.size and _probe_distinct(score):
        return mask, score
    return None


def _components_one(args):
    """``(sauc numerator, V, W)`` of one score in case order: split by class, sort each
    class with its permutation (on two threads if ``threads``), sweep, scatter.  When a probe of
    2048 scores shows few distinct values (tied scores), the permutations are skipped:
    `_components_by_lookup`."""
    is_pos, score, threads = args
    tied = _looks_tied(is_pos, score)
    if tied is not None:
        got = _components_by_lookup(*tied)
        if got is not None:
            return got
    pos, op, neg, on = _roc.split_argsort(is_pos, score, threads=threads)
    _, res, v_s, w_s = sauc_sweep(pos, neg, components=True)
    v, w = _out_big(v_s.size), _out_big(w_s.size)
    v[op] = v_s     # a separate scatter: measured faster than writing through the
    w[on] = w_s     # orders inside the long-double sweep (issue 14)
    return float(res[0]), v, w


def _merged_sorted_keys(args):
    """``rs_sauc_pack_split`` then NumPy's sort of the packed keys (in place, as float64;
    releases the GIL), or None when a score is negative or not finite (the keys need
    finite scores >= 0).
    ``args = (mask, score, m, keys, xs)``."""
    mask, score, m, keys, xs = args
    bits = max(1, (score.size - 1).bit_length())
    status = lib.rs_sauc_pack_split(ptr(score), ptr(mask), score.size, m, bits, ptr(xs),
                                    ptr(keys))
    if status == -3:
        return None
    if status != 0:  # pragma: no cover - m is the mask's count, the bits fit
        raise RuntimeError("rocstats: rs_sauc_pack_split failed with status %d" % status)
    keys.view(np.float64).sort()     # the keys are non-negative doubles' bit patterns
    return keys


def _merged_sweep(keys, xs, srt, m):
    """``rs_sauc_merged_components`` over the sorted
    keys; the components are written over ``xs`` (V in ``xs[:m]``, W in ``xs[m:]``).
    Returns the sAUC numerator, or None when the C side asks for another sort (many
    values closer than the packed keys resolve; ``xs`` is then untouched)."""
    size = xs.size
    bits = max(1, (size - 1).bit_length())
    sum_h = out(1)
    status = lib.rs_sauc_merged_components(ptr(keys), size, m, bits, ptr(xs), ptr(srt),
                                           ptr(xs[:m]), ptr(xs[m:]), ptr(sum_h))
    if status == 1:
        return None
    if status != 0:  # pragma: no cover - the keys hold valid slots
        raise RuntimeError("rocstats: rs_sauc_merged_components failed with status %d"
                           % status)
    return float(sum_h[0])


def _hist_codes(args):
    """``(sum_h, codes, ptab, ntab)`` of one score with few distinct values per class, or
    None (too many, or a -0.0): ``rs_sauc_hist_codes`` hashes the cases once, giving each
    its code (the index of its score among its class's distinct scores) and the counts;
    the sweep over the distinct values (``rs_sauc_sweep_hist``) gives their components,
    put in tables indexed by code (``_LOOKUP_MAX_DISTINCT`` entries each)."""
    mask, score = args
    cap = _LOOKUP_MAX_DISTINCT
    codes = np.empty(score.size, dtype=np.uint16)
    found = _hist_sweep(mask, score, codes)
    if found is None:
        return None
    _, _, _, _, op, on, pv, nv, res = found
    ptab, ntab = np.zeros(cap), np.zeros(cap)
    ptab[op] = pv           # the component of the distinct score whose code is c
    ntab[on] = nv
    return float(res[0]), codes, ptab, ntab


def _codes_diff(args):
    """``rs_sauc_codes_diff`` over the cases ``lo:hi``, whose positives go to
    ``x[ip:]`` and negatives to ``x[m + iq:]`` (the counts of each class before ``lo``)."""
    ra, rb, mask, x, m, lo, hi, ip, iq = args
    mp = int(np.count_nonzero(mask[lo:hi]))
    d, e = x[ip:ip + mp], x[m + iq:m + iq + (hi - lo - mp)]
    status = lib.rs_sauc_codes_diff(ptr(ra[1][lo:hi]), ptr(rb[1][lo:hi]), ptr(mask[lo:hi]),
                                    hi - lo, _LOOKUP_MAX_DISTINCT, ptr(ra[2]), ptr(rb[2]),
                                    ptr(ra[3]), ptr(rb[3]), ptr(d), mp, ptr(e))
    if status != 0:  # pragma: no cover - the codes and counts come from the caller
        raise RuntimeError("rocstats: rs_sauc_codes_diff failed with status %d" % status)


def _components_full(args):
    """``(sum_h, x)`` with ``x = [V | W]``: one score's components in case order (V of
    the positives in ``x[:m]``, W of the negatives in ``x[m:]``), by the lookup path for
    tied scores, else one sort of all its cases (`_merged_sweep`), else (many
    near-equal values, or the radix sort chosen) the split argsort."""
    mask, score, m, tied = args
    size = score.size
    if tied:
        got = _components_by_lookup(mask, score)
        if got is not None:
            x = out(size)
            x[:m], x[m:] = got[1], got[2]
            return got[0], x
    if _roc._sort_method() == "numpy" and size <= 1 << 40:     # slots fit 40 key bits
        x = out(size)
        keys = _merged_sorted_keys((mask, score, m, np.empty(size, dtype=np.uint64), x))
        h = None if keys is None else _merged_sweep(keys, x, out(size), m)
        if h is not None:
            return h, x
    h, v, w = _components_one((mask, score, False))
    return h, np.concatenate((v, w))


def paired_components(is_pos, score_a, score_b):
    """``(sum_h_a, sum_h_b, D, E)``: each score's sAUC numerator (``out[0]`` of
    `sauc_sweep`) and the differences of the structural components in case order,
    ``D = V_a - V_b`` (positives), ``E = W_a - W_b`` (negatives): the same numbers as
    ``split_argsort`` + ``sauc_sweep`` + scattering by the orders + subtracting (the
    NumPy path of ``rocstats.sauc_test``).

    Scores with few distinct values (a probe of 2048 says so): each score's cases are
    hashed once (`_hist_codes`, the two scores on two threads), and one pass forms
    the differences from the two scores' tables of components by value.  Otherwise each
    score's components come from one sort of all its cases, swept in that merged order
    (`_components_full`), the two scores on two threads.  The NumPy twin takes
    the plain path (one argsort per class and score), the reference the tests compare
    this with."""
    mask = np.ascontiguousarray(is_pos, dtype=bool)
    sa, sb = f64(score_a), f64(score_b)
    if mask.shape != sa.shape or sa.shape != sb.shape:
        raise ValueError("is_pos and the scores must have one entry per case")
    size = sa.size
    m = int(np.count_nonzero(mask))
    if size < _RADIX_MIN_SIZE or not 0 < m < size:
        (ha, d, e), (hb, vb, wb) = (_components_one((mask, sa, False)),
                                    _components_one((mask, sb, False)))
        d -= vb
        e -= wb
        return ha, hb, d, e
    tied_a, tied_b = _probe_distinct(sa), _probe_distinct(sb)
    if tied_a and tied_b:
        ra, rb = _strategy.both(_hist_codes, (mask, sa), (mask, sb), size=2 * size)
        if ra is not None and rb is not None:
            x = out(size)
            half = size // 2            # the cases in two halves, on two threads
            mh = int(np.count_nonzero(mask[:half]))
            _strategy.both(_codes_diff, (ra, rb, mask, x, m, 0, half, 0, 0),
                       (ra, rb, mask, x, m, half, size, mh, half - mh), size=2 * size)
            return ra[0], rb[0], x[:m], x[m:]
    (ha, xa), (hb, xb) = _strategy.both(_components_full, (mask, sa, m, tied_a),
                                    (mask, sb, m, tied_b), size=2 * size)
    half = size // 2                # xa -= xb, in two halves on two threads
    _strategy.both(_subtract, (xa[:half], xb[:half]), (xa[half:], xb[half:]), size=2 * size)
    return ha, hb, xa[:m], xa[m:]


def _subtract(args):
    a, b = args
    np.subtract(a, b, out=a)
