"""NumPy twin of the surrogate-split kernel (``csrc/rocstats_surrogate.c``).

``numeric_surrogates(xcols, go, w, orders, n_order)`` -> ``out`` of shape (k, 6): for
each candidate column c (``xcols[c]``, n values), over the rows ``orders[c, :n_order[c]]``
(each at most once, in increasing order of value; rows whose value is NaN may be
anywhere in the list and are skipped): found (1/0), kind (-1: ``x < cut``
goes left, +1: ``x < cut`` goes right), cut, agreeing weight, weight of ``go = -1`` rows and
of ``go = +1`` rows present.  Same running sums, in the same order, as the C kernel (and
rpart): totals from the largest value down, then one row at a time.

``categorical_surrogates(xcols, go, w, orders, q)`` -> ``(dirs, out)``: for each
categorical candidate column (level codes 0..q-1, NaN missing; weights summed in the
order ``orders[c]``), ``dirs[c, l]`` = -1 / +1 / 0 (level l goes left / right / is not
assigned) and ``out[c]`` = accepted (1/0, rpart 4.1.19's rule), agreeing weight, weight of
``go = -1`` and of ``go = +1`` rows present.

``node_surrogates(xt, sorts, n1, n2, n_levels, goes, w, primary)`` -> ``(tleft, tright,
out, dirs)``: every candidate of one node of the CART builder, read from its arrays
(``xt`` feature-major (p, n), ``sorts`` the per-feature row-id lists of which the node owns
positions [n1, n2), ``goes`` / ``w`` indexed by row id).  ``tleft`` / ``tright``: weight
the primary sends left / right, summed in the primary's list order; ``out[f]`` (6 values)
as ``numeric_surrogates`` for a numeric feature, its first 4 as
``categorical_surrogates`` for a categorical one, with ``dirs[f, :n_levels[f]]``; the
primary's row and unused entries are 0.
"""
import numpy as np

__all__ = ["categorical_surrogates", "node_surrogates", "numeric_surrogates"]


def _column(x, go, w, order):
    res = np.zeros(6)
    gs = go[order]
    ws = w[order]
    wl = np.where(gs < 0, ws, 0.0)
    wr = np.where(gs > 0, ws, 0.0)
    tot_l = float(np.add.accumulate(wl[::-1])[-1]) if order.size else 0.0
    tot_r = float(np.add.accumulate(wr[::-1])[-1]) if order.size else 0.0
    majority = tot_l if tot_l > tot_r else tot_r
    res[1], res[3], res[4], res[5] = -1, majority, tot_l, tot_r
    if order.size < 4:
        return res
    xs = x[order]
    cnt = ((gs != 0) & (ws > 0)).astype(np.int64)
    n_cnt = int(cnt.sum())
    starts = np.flatnonzero(xs[1:] != xs[:-1]) + 1          # first row of each new value
    if starts.size == 0:
        return res
    ll = np.subtract.accumulate(np.concatenate(([tot_l], wl)))[starts]   # left, x >= cut
    rl = np.subtract.accumulate(np.concatenate(([tot_r], wr)))[starts]   # right, x >= cut
    lr = np.add.accumulate(np.concatenate(([0.0], wl)))[starts]          # left, x < cut
    rr = np.add.accumulate(np.concatenate(([0.0], wr)))[starts]          # right, x < cut
    below = np.concatenate(([0], np.cumsum(cnt)))[starts]
    ok = (below >= 2) & (n_cnt - below >= 2)
    if not ok.any():
        return res
    agree_ge = ll + rr
    agree_lt = lr + rl
    # cuts scanned in increasing order, a strictly better agreement kept, the ncat = +1
    # orientation tried first: the first cut attaining the largest agreement
    best = np.where(ok, np.maximum(agree_ge, agree_lt), -np.inf)
    k = int(np.argmax(best))
    if not best[k] > majority:
        return res
    res[0] = 1
    res[1] = 1 if agree_ge[k] >= agree_lt[k] else -1
    res[2] = (xs[starts[k]] + xs[starts[k] - 1]) / 2.0
    res[3] = best[k]
    return res


def _surrogate_inputs(name, xcols, go, w, orders):
    """The surrogate searches' common arguments as contiguous arrays (float64 columns
    ``k x n``, int8 directions, float64 weights, int64 orders ``k x n``) with their shapes
    checked, and ``(k, n)``; both twins use it (``name`` is the calling function)."""
    xcols = np.ascontiguousarray(xcols, dtype=np.float64)
    go = np.ascontiguousarray(go, dtype=np.int8)
    w = np.ascontiguousarray(w, dtype=np.float64)
    orders = np.ascontiguousarray(orders, dtype=np.int64)
    if xcols.ndim != 2:
        raise ValueError("%s: xcols must be 2-D" % name)
    k, n = xcols.shape
    if go.shape != (n,) or w.shape != (n,) or orders.shape != (k, n):
        raise ValueError("%s: inconsistent array shapes" % name)
    return xcols, go, w, orders, k, n


def numeric_surrogates(xcols, go, w, orders, n_order):
    xcols, go, w, orders, k, n = _surrogate_inputs("numeric_surrogates", xcols, go, w, orders)
    n_order = np.asarray(n_order, dtype=np.int64)
    if n_order.shape != (k,):
        raise ValueError("numeric_surrogates: inconsistent array shapes")
    out = np.zeros((k, 6))
    for c in range(k):
        m = int(n_order[c])
        if not 0 <= m <= n:
            raise ValueError("numeric_surrogates: n_order out of range")
        order = orders[c, :m]
        if m and (order.min() < 0 or order.max() >= n
                  or np.bincount(order, minlength=n).max() > 1):
            raise ValueError("numeric_surrogates: row index out of range or repeated")
        order = order[~np.isnan(xcols[c, order])]
        if order.size > 1 and (np.diff(xcols[c, order]) < 0).any():
            raise ValueError("numeric_surrogates: rows not in increasing order of value")
        out[c] = _column(xcols[c], go, w, order)
    return out


def _cat_column(x, go, w, order, q):
    x = x[order]
    keep = ~np.isnan(x) & (go[order] != 0)
    codes = x[keep]
    if codes.size and (codes.min() < 0 or codes.max() >= q
                       or (codes != np.floor(codes)).any()):
        raise ValueError("categorical_surrogates: level code outside 0..q-1")
    rows = order[keep]
    idx = codes.astype(np.int64) * 2 + (go[rows] > 0)        # level, side of primary
    wk = w[rows]
    wsum = np.bincount(idx, weights=wk, minlength=2 * q)     # sums in list order
    nsum = np.bincount(idx[wk > 0], minlength=2 * q)
    lwt, rwt = wsum[0::2], wsum[1::2]
    lcnt, rcnt = nsum[0::2], nsum[1::2]
    llwt = float(np.add.accumulate(lwt)[-1]) if q else 0.0
    rrwt = float(np.add.accumulate(rwt)[-1]) if q else 0.0
    default_right = not llwt > rrwt
    present = (lcnt > 0) | (rcnt > 0)
    right = present & ((lwt < rwt) | ((lwt == rwt) & default_right))
    left = present & ~right
    chosen = np.where(right, rwt, np.where(left, lwt, 0.0))
    agree = float(np.add.accumulate(chosen)[-1]) if q else 0.0
    disagree_n = lcnt[right].sum() + rcnt[left].sum()
    agree_n = rcnt[right].sum() + lcnt[left].sum()
    dirs = np.where(right, 1, np.where(left, -1, 0))
    return dirs, (1.0 if (disagree_n > 1 and agree_n > 1) else 0.0, agree, llwt, rrwt)


def categorical_surrogates(xcols, go, w, orders, q):
    xcols, go, w, orders, k, n = _surrogate_inputs("categorical_surrogates", xcols, go, w, orders)
    q = int(q)
    if q < 0:
        raise ValueError("categorical_surrogates: inconsistent array shapes")
    dirs = np.zeros((k, q), dtype=np.int8)
    out = np.zeros((k, 4))
    for c in range(k):
        order = orders[c]
        if n and (order.min() < 0 or order.max() >= n
                  or np.bincount(order, minlength=n).max() > 1):
            raise ValueError("categorical_surrogates: row index out of range or repeated")
        dirs[c], out[c] = _cat_column(xcols[c], go, w, order, q)
    return dirs, out


def node_surrogates(xt, sorts, n1, n2, n_levels, goes, w, primary):
    xt = np.asarray(xt, dtype=np.float64)
    p, n = xt.shape
    goes = np.asarray(goes, dtype=np.int8)
    w = np.asarray(w, dtype=np.float64)
    n_levels = np.asarray(n_levels, dtype=np.int64)
    if goes.shape != (n,) or w.shape != (n,) or n_levels.shape != (p,) \
            or sorts.shape != (p, n):
        raise ValueError("node_surrogates: inconsistent array shapes")
    if not 0 <= n1 <= n2 <= n or not 0 <= primary < p:
        raise ValueError("node_surrogates: bad node segment or primary feature")
    qmax = int(n_levels.max()) if p else 0
    seg = sorts[:, n1:n2]
    if seg.size and (seg.min() < 0 or seg.max() >= n):
        raise ValueError("node_surrogates: row index out of range")
    prow = seg[primary]
    gp, wp = goes[prow], w[prow]
    tleft = float(np.add.accumulate(np.where(gp < 0, wp, 0.0))[-1]) if prow.size else 0.0
    tright = float(np.add.accumulate(np.where(gp > 0, wp, 0.0))[-1]) if prow.size else 0.0
    out = np.zeros((p, 6))
    dirs = np.zeros((p, qmax), dtype=np.int8)
    if n2 == n1:
        return tleft, tright, out, dirs
    for f in range(p):
        if f == primary:
            continue
        order = seg[f]
        q = int(n_levels[f])
        if q == 0:
            order = order[~np.isnan(xt[f, order])]
            if order.size > 1 and (np.diff(xt[f, order]) < 0).any():
                raise ValueError("node_surrogates: rows not in increasing order of value")
            out[f] = _column(xt[f], goes, w, order)
        else:
            d, res = _cat_column(xt[f], goes, w, order, q)
            dirs[f, :q] = d
            out[f, :4] = res
    return tleft, tright, out, dirs
