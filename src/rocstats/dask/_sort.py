"""The distributed sample sort behind `rocstats.dask`.

Three passes over the blocks, each a dask task graph (no scheduler of our own):

1. **scan** (one task per block): the in-memory checks (labels, finite scores, equal
   block lengths), the block's distinct labels, its row count and a random sample of
   its working scores (higher = more positive);
2. **splitters**: the pooled sample's quantiles, per score column, made distinct; the
   bucket of a score ``x`` is ``searchsorted(splitters, x, side="left")``, a function of
   the value alone, so **equal scores always land in the same bucket** and no tie
   straddles a bucket boundary (a heavily tied value only makes its bucket larger);
3. **exchange and sweep**: each block cuts its rows into buckets; each bucket gathers
   its pieces, sorts its two classes (the kernels' ``split_sort``) and sweeps them
   (``delong_sums_sorted``: 2U, sum c10^2, sum c01^2 as exact integers).  The driver
   adds the other buckets by prefix counts: a positive of bucket b is above every
   negative of the buckets below it (``N_below``), a negative below every positive of
   the buckets above (``P_above``), so with ``c10 = 2 N_below + l10`` (l10 the in-bucket
   count) ``2U = sum_b (2U_b + 2 m_b N_below)``, ``sum c10^2 = sum_b (Q10_b + 4 N_below
   2U_b + 4 m_b N_below^2)`` and the same for the negatives with ``P_above``: the exact
   integers of the in-memory sweep, hence the same AUC and variance to the last bit.

For k score columns the covariance needs, for each case, its k placements together:
the buckets send each element's placement back to its block (in the order the block
sent it), the block adds the prefix offsets and sums the products ``c_a c_b`` exactly
(integers split in 21-bit halves, 64-bit partial sums, Python ints across chunks).
"""
import numpy as np

from .. import _kernels
from . import _inputs

#: elements per chunk of the exact sums of products (2**20 products of < 2**42 each stay
#: below 2**62)
_SUM_CHUNK = 1 << 20
_HALF = 21
_LOW = (1 << _HALF) - 1


# --------------------------------------------------------------------------- exact sums
def sum_products(a, b):
    """Exact ``sum(a * b)`` of non-negative int64 arrays below 2**42, as a Python int."""
    total = 0
    for i in range(0, a.size, _SUM_CHUNK):
        x, y = a[i:i + _SUM_CHUNK], b[i:i + _SUM_CHUNK]
        xh, xl, yh, yl = x >> _HALF, x & _LOW, y >> _HALF, y & _LOW
        hh = int(np.dot(xh, yh))
        mid = int(np.dot(xh, yl)) + int(np.dot(xl, yh))
        ll = int(np.dot(xl, yl))
        total += (hh << (2 * _HALF)) + (mid << _HALF) + ll
    return total


# --------------------------------------------------------------------------- pass 1
def scan_block(y, s, index, categories, ndim, s_name, direction, n_sample):
    """Check one block and return ``(distinct labels, rows, sample of working scores)``."""
    arr = _inputs.block_labels(y, categories)
    sc = _inputs.block_scores(s, ndim, s_name)
    if arr.shape[0] != sc.shape[0]:
        raise ValueError("y_true and %s have different chunking: block %d has %d labels and "
                         "%d scores; give both the same partitions / chunks"
                         % (s_name, index, arr.shape[0], sc.shape[0]))
    rows = int(sc.shape[0])
    if rows:
        rng = np.random.default_rng([index, 0x5eed])
        take = rng.integers(0, rows, size=min(rows, n_sample))
        sample = sc[take]
    else:
        sample = sc[:0]
    if direction == ">":
        sample = -sample
    return _inputs.distinct_labels(arr), rows, sample


def splitters(samples, n_buckets):
    """Distinct splitters of one column from its pooled sample (ascending)."""
    pooled = np.sort(samples)
    if pooled.size == 0 or n_buckets <= 1:
        return pooled[:0]
    cut = [(pooled.size * j) // n_buckets for j in range(1, n_buckets)]
    return np.unique(pooled[cut])


# --------------------------------------------------------------------------- pass 3
def bucket_ids(spl, w):
    """``searchsorted(spl, w, side="left")``: the number of splitters below each score
    (int16 when it fits: NumPy's stable sort of int16 is a radix sort).  With few
    splitters, counted by comparisons (twice as fast as a binary search of unsorted
    needles)."""
    if spl.size <= 64:
        bid = np.zeros(w.size, dtype=np.int16)
        for v in spl:
            bid += w > v
        return bid
    bid = np.searchsorted(spl, w, side="left")
    return bid.astype(np.int16) if spl.size < 32767 else bid


def partition_block(y, s, categories, code, ndim, s_name, direction, splits, keep_ids):
    """Cut one block into buckets: ``(pieces, bucket_ids, is_pos)`` with
    ``pieces[c][b] = (working scores, is_pos)`` of the rows of column c in bucket b, in
    the block's row order; ``bucket_ids`` (per column) only when ``keep_ids``."""
    arr = _inputs.block_labels(y, categories)
    sc = _inputs.block_scores(s, ndim, s_name)
    is_pos = _inputs.is_positive(arr, code)
    cols = sc[:, None] if ndim == 1 else sc
    pieces, ids = [], []
    for c, spl in enumerate(splits):
        w = np.ascontiguousarray(cols[:, c])
        if direction == ">":
            w = -w
        bid = bucket_ids(spl, w)
        order = np.argsort(bid, kind="stable")
        edges = np.searchsorted(bid[order], np.arange(spl.size + 2), side="left")
        ws, ps = w[order], is_pos[order]
        pieces.append([(ws[edges[b]:edges[b + 1]], ps[edges[b]:edges[b + 1]])
                       for b in range(spl.size + 1)])
        if keep_ids:
            ids.append(bid.astype(np.int32))
    return pieces, (ids if keep_ids else None), is_pos


def sweep_bucket(pieces, want):
    """Sort and sweep one bucket.  ``want`` is a set of "delong", "curve", "placements".

    Returns a dict: ``m``, ``n``, ``u2`` (in-bucket 2U), ``q10``, ``q01`` (in-bucket
    sums of squares, with "delong"), ``curve`` (distinct values ascending with their
    positive / negative counts, with "curve"), ``placements`` (the in-bucket l10 / l01
    of every element, split back into the blocks' pieces, with "placements")."""
    w = np.concatenate([p[0] for p in pieces]) if pieces else np.empty(0)
    p = np.concatenate([p[1] for p in pieces]) if pieces else np.empty(0, dtype=bool)
    w = np.ascontiguousarray(w, dtype=np.float64)
    p = np.ascontiguousarray(p, dtype=bool)
    m = int(np.count_nonzero(p))
    n = int(p.size - m)
    pos, neg = _kernels.roc.split_sort(p, w)
    out = {"m": m, "n": n}
    if m and n:
        if "delong" in want:
            out["u2"], out["q10"], out["q01"] = _kernels.roc.delong_sums_sorted(pos, neg)
        else:
            out["u2"] = _kernels.roc.auc2u_sorted(pos, neg)
    else:
        out["u2"], out["q10"], out["q01"] = 0, 0, 0
    if "curve" in want:
        vals = np.unique(w)
        cp = np.searchsorted(pos, vals, side="right") - np.searchsorted(pos, vals, side="left")
        cn = np.searchsorted(neg, vals, side="right") - np.searchsorted(neg, vals, side="left")
        out["curve"] = (vals, cp.astype(np.int64), cn.astype(np.int64))
    if "placements" in want:
        loc = np.empty(w.size, dtype=np.int64)
        wp, wn = w[p], w[~p]
        loc[p] = np.searchsorted(neg, wp, side="left") + np.searchsorted(neg, wp, side="right")
        loc[~p] = 2 * m - np.searchsorted(pos, wn, side="left") \
            - np.searchsorted(pos, wn, side="right")
        sizes = np.cumsum([q[0].size for q in pieces])[:-1]
        out["placements"] = np.split(loc, sizes)
    return out


def offsets(counts):
    """Per column, ``(2 N_below, 2 P_above)`` of every bucket from ``[(m_b, n_b), ...]``."""
    out = []
    for m_b, n_b in counts:
        n_below = np.r_[0, np.cumsum(n_b)[:-1]]
        p_above = np.r_[np.cumsum(m_b[::-1])[::-1][1:], 0]
        out.append((2 * n_below, 2 * p_above))
    return out


def join_block(part, placement_pieces, offs):
    """Exact sums of products of the full placements of one block's rows:
    ``(P10, P01)``, k x k nested lists of Python ints (positives / negatives)."""
    _, ids, is_pos = part
    k = len(ids)
    C = np.empty((is_pos.size, k), dtype=np.int64)
    for c in range(k):
        bid = ids[c]
        order = np.argsort(bid, kind="stable")
        loc = np.concatenate(placement_pieces[c]) if placement_pieces[c] else \
            np.empty(0, np.int64)
        two_nb, two_pa = offs[c]
        sorted_bid = bid[order]
        add = np.where(is_pos[order], two_nb[sorted_bid], two_pa[sorted_bid])
        C[order, c] = loc + add
    Cp, Cn = C[is_pos], C[~is_pos]
    P10 = [[sum_products(Cp[:, a], Cp[:, b]) for b in range(k)] for a in range(k)]
    P01 = [[sum_products(Cn[:, a], Cn[:, b]) for b in range(k)] for a in range(k)]
    return P10, P01


def combine(stats):
    """Global ``(m, n, 2U, Q10, Q01)`` of one column from its buckets (ascending)."""
    m_b = [d["m"] for d in stats]
    n_b = [d["n"] for d in stats]
    m, n = sum(m_b), sum(n_b)
    u2 = q10 = q01 = 0
    n_below = 0
    p_above = m
    for d, mb, nb in zip(stats, m_b, n_b):
        p_above -= mb
        u2 += d["u2"] + 2 * mb * n_below
        if "q10" in d:
            q10 += d["q10"] + 4 * n_below * d["u2"] + 4 * mb * n_below * n_below
            q01 += d["q01"] + 4 * p_above * d["u2"] + 4 * nb * p_above * p_above
        n_below += nb
    return m, n, u2, q10, q01
