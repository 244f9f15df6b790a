"""NumPy twin of the CART kernels in ``csrc/rocstats_tree.c`` (same functions, same
arithmetic order, so the two paths agree to the last bit in the usual cases).

Functions
---------
``numeric_splits(kind, xt, sorts, n1, n2, features, y, w, nclass, aprior, edge, node_risk)``
    best cut of each listed numeric feature for the node owning positions [n1, n2) of
    ``sorts``; returns ``(improve, split, direction, count)`` arrays.
``categorical_split(kind, x, rows, y, w, nclass, aprior, nlev, edge, node_risk)``
    best partition of the levels of one categorical column; ``(improve, csplit, count)``.
``node_splits(kind, xt, sorts, n1, n2, n_levels, y, w, nclass, aprior, edge, node_risk)``
    every feature of one node at once (numeric via ``numeric_splits``, categorical via
    ``categorical_split``); ``(improve, split, direction, count, csplit)`` with one entry
    per feature and ``csplit`` of shape (p, max(n_levels)).
``restore_segment(sorts, pristine, n1, n2)``
    rewrite positions [n1, n2) of every list with the rows found there in list 0, in the
    order of the matching ``pristine`` list (in place).
``partition(sorts, n1, n2, goes)``
    stable in-place reorder of every feature's segment into (left, right, stays);
    returns ``(nleft, nright)``.

``kind`` is 1 (Gini), 2 (information) or 3 (anova); see rocstats_tree.h.
"""
import numpy as np

LEFT, RIGHT = -1, 1


def _impurity(kind, p):
    if kind == 2:
        with np.errstate(divide="ignore", invalid="ignore"):
            out = -p * np.log(p)
        return np.where(p == 0.0, 0.0, out)
    return p * (1.0 - p)


def _seqsum(a):
    """Left-to-right sum (the C loops' order), not NumPy's pairwise sum."""
    return float(np.cumsum(a)[-1]) if a.size else 0.0


def _gini_numeric(kind, xs, cs, ws, nclass, aprior, edge):
    k = xs.size
    a = aprior[cs] * ws
    rwt0 = _seqsum(a)
    right0 = [_seqsum(ws[cs == j]) for j in range(nclass)]
    total = 0.0
    for j in range(nclass):
        p = aprior[j] * right0[j] / rwt0
        total += rwt0 * float(_impurity(kind, np.float64(p)))
    last = k - edge                      # the sweep visits i = 0 .. last-1
    if last <= 0:
        return 0.0, np.nan, 0
    i = np.arange(last)
    lwt = np.cumsum(a[:last])
    rwt = np.subtract.accumulate(np.concatenate(([rwt0], a[:last])))[1:]
    ok = (i + 1 >= edge) & (xs[1:last + 1] != xs[:last])
    if not ok.any():
        return 0.0, np.nan, 0
    temp = np.zeros(last)
    lmean = np.zeros(last)
    rmean = np.zeros(last)
    with np.errstate(divide="ignore", invalid="ignore"):
        for j in range(nclass):
            wj = np.where(cs[:last] == j, ws[:last], 0.0)
            left = np.cumsum(wj)
            right = np.subtract.accumulate(np.concatenate(([right0[j]], wj)))[1:]
            p = aprior[j] * left / lwt
            temp = temp + lwt * _impurity(kind, p)
            lmean = lmean + p * j
            p = aprior[j] * right / rwt
            temp = temp + rwt * _impurity(kind, p)
            rmean = rmean + p * j
    cand = np.where(ok & (temp < total), temp, np.inf)
    where = int(np.argmin(cand))
    if not np.isfinite(cand[where]):
        return 0.0, np.nan, 0
    improve = total - cand[where]
    if not improve > 0:
        return 0.0, np.nan, 0
    direction = LEFT if lmean[where] < rmean[where] else RIGHT
    return improve, (xs[where] + xs[where + 1]) / 2, direction


def _anova_numeric(xs, ys, ws, edge, node_risk):
    k = xs.size
    right_sum = _seqsum(ys * ws)
    right_wt0 = _seqsum(ws)
    grandmean = right_sum / right_wt0
    last = k - edge
    if last <= 0:
        return 0.0, np.nan, 0
    i = np.arange(last)
    left_wt = np.cumsum(ws[:last])
    right_wt = np.subtract.accumulate(np.concatenate(([right_wt0], ws[:last])))[1:]
    t = (ys[:last] - grandmean) * ws[:last]
    left_sum = np.cumsum(t)
    right_sum = np.subtract.accumulate(np.concatenate(([0.0], t)))[1:]
    ok = (xs[1:last + 1] != xs[:last]) & (i + 1 >= edge)
    with np.errstate(divide="ignore", invalid="ignore"):
        temp = left_sum * left_sum / left_wt + right_sum * right_sum / right_wt
    cand = np.where(ok & (temp > 0), temp, -np.inf)
    where = int(np.argmax(cand))
    best = cand[where]
    if not best > 0:
        return 0.0, np.nan, 0
    direction = LEFT if left_sum[where] < right_sum[where] else RIGHT
    return best / node_risk, (xs[where] + xs[where + 1]) / 2, direction


def _check(kind, edge, nclass):
    if kind not in (1, 2, 3):
        raise ValueError("kind must be 1, 2 or 3, got %r" % (kind,))
    if edge < 1:
        raise ValueError("edge must be >= 1, got %r" % (edge,))
    if kind != 3 and nclass < 1:
        raise ValueError("nclass must be >= 1 for a classification criterion")


def numeric_splits(kind, xt, sorts, n1, n2, features, y, w, nclass, aprior, edge,
                   node_risk):
    _check(kind, edge, nclass)
    features = np.asarray(features, dtype=np.int64)
    nf = features.size
    improve = np.zeros(nf)
    split = np.full(nf, np.nan)
    direction = np.zeros(nf, dtype=np.int64)
    count = np.zeros(nf, dtype=np.int64)
    aprior = np.asarray(aprior, dtype=np.float64)
    for t, f in enumerate(features):
        rows = sorts[f, n1:n2]
        x = xt[f, rows]
        keep = ~np.isnan(x) & (w[rows] > 0)
        rows = rows[keep]
        xs = x[keep]
        k = xs.size
        count[t] = k
        if k == 0 or xs[0] == xs[-1]:
            continue
        if kind == 3:
            res = _anova_numeric(xs, y[rows], w[rows], edge, node_risk)
        else:
            cs = y[rows].astype(np.int64)
            if (y[rows] < 0).any() or (cs >= nclass).any():
                raise ValueError("class codes must lie in 0..nclass-1")
            res = _gini_numeric(kind, xs, cs, w[rows], nclass, aprior, edge)
        improve[t], split[t], direction[t] = res
    return improve, split, direction, count


def _order_levels(countn, val):
    present = np.flatnonzero(countn > 0)
    return present[np.argsort(val[present], kind="stable")]


def _gray_sequence(countn):
    """Levels in the order they change sides in the reflected Gray code over the
    levels present (the C kernel's gray_next); the last level never moves, so each
    partition is visited once, not with its mirror image (rpart 4.1)."""
    state = np.where(countn != 0, 1, 0).astype(np.int8)
    nlev = state.size
    while True:
        i = 0
        while i < nlev - 1:
            if state[i] == 1:
                state[i] = 2
                break
            if state[i] == 2:
                state[i] = 1
            i += 1
        if i >= nlev - 1:
            return
        yield i


def categorical_split(kind, x, rows, y, w, nclass, aprior, nlev, edge, node_risk):
    _check(kind, edge, nclass)
    rows = np.asarray(rows, dtype=np.int64)
    xr = x[rows]
    keep = ~np.isnan(xr) & (w[rows] > 0)
    rows = rows[keep]
    codes = xr[keep]
    csplit = np.zeros(nlev, dtype=np.int64)
    k = rows.size
    if k == 0:
        return 0.0, csplit, 0
    if (codes < 0).any() or (codes >= nlev).any():
        raise ValueError("level codes must lie in 0..nlev-1")
    lev = codes.astype(np.int64)
    ww = w[rows]
    yy = y[rows]
    countn = np.bincount(lev, minlength=nlev)
    if kind != 3:
        cs = yy.astype(np.int64)
        if (yy < 0).any() or (cs >= nclass).any():
            raise ValueError("class codes must lie in 0..nclass-1")
        aprior = np.asarray(aprior, dtype=np.float64)
        a = aprior[cs] * ww
        rwt = _seqsum(a)
        right = np.array([_seqsum(ww[cs == j]) for j in range(nclass)])
        left = np.zeros(nclass)
        awt = np.bincount(lev, weights=a, minlength=nlev)
        ccnt = np.vstack([np.bincount(lev, weights=np.where(cs == j, ww, 0.0),
                                      minlength=nlev) for j in range(nclass)])
        total = 0.0
        for j in range(nclass):
            total += rwt * float(_impurity(kind, np.float64(aprior[j] * right[j] / rwt)))
        best = total
        tsplit = np.where(awt == 0, 0, RIGHT).astype(np.int64)
        with np.errstate(divide="ignore", invalid="ignore"):
            rate = np.where(awt == 0, 0.0, ccnt[0] / awt)
        seq = (_order_levels(countn, rate) if nclass == 2 else _gray_sequence(countn))
        lwt, ltot, rtot = 0.0, 0, k
        for item in seq:
            item = int(item)
            if tsplit[item] == LEFT:
                tsplit[item] = RIGHT
                rwt += awt[item]
                lwt -= awt[item]
                rtot += countn[item]
                ltot -= countn[item]
                for j in range(nclass):
                    right[j] += ccnt[j, item]
                    left[j] -= ccnt[j, item]
            else:
                tsplit[item] = LEFT
                rwt -= awt[item]
                lwt += awt[item]
                rtot -= countn[item]
                ltot += countn[item]
                for j in range(nclass):
                    right[j] -= ccnt[j, item]
                    left[j] += ccnt[j, item]
            if ltot >= edge and rtot >= edge:
                temp = lmean = rmean = 0.0
                with np.errstate(divide="ignore", invalid="ignore"):
                    for j in range(nclass):
                        p = aprior[j] * left[j] / lwt
                        temp += lwt * float(_impurity(kind, np.float64(p)))
                        lmean += p * j
                        p = aprior[j] * right[j] / rwt
                        temp += rwt * float(_impurity(kind, np.float64(p)))
                        rmean += p * j
                if temp < best:
                    best = temp
                    csplit[:] = tsplit if lmean < rmean else -tsplit
        improve = total - best
    else:
        right_sum = _seqsum(yy * ww)
        right_wt = _seqsum(ww)
        grandmean = right_sum / right_wt
        wts = np.bincount(lev, weights=ww, minlength=nlev)
        sums = np.bincount(lev, weights=(yy - grandmean) * ww, minlength=nlev)
        tsplit = np.where(countn > 0, RIGHT, 0).astype(np.int64)
        with np.errstate(divide="ignore", invalid="ignore"):
            mean = np.where(countn > 0, sums / np.where(wts == 0, 1.0, wts), 0.0)
        best = 0.0
        left_wt = left_sum = right_sum = 0.0
        left_n, right_n = 0, k
        for item in _order_levels(countn, mean):
            tsplit[item] = LEFT
            left_n += countn[item]
            right_n -= countn[item]
            left_wt += wts[item]
            right_wt -= wts[item]
            left_sum += sums[item]
            right_sum -= sums[item]
            if left_n >= edge and right_n >= edge:
                temp = left_sum * left_sum / left_wt + right_sum * right_sum / right_wt
                if temp > best:
                    best = temp
                    flip = (left_sum / left_wt) > (right_sum / right_wt)
                    csplit[:] = -tsplit if flip else tsplit
        improve = best / node_risk if best > 0 else 0.0
    if not improve > 0:
        improve = 0.0
        csplit[:] = 0
    return float(improve), csplit, k


def node_splits(kind, xt, sorts, n1, n2, n_levels, y, w, nclass, aprior, edge, node_risk):
    n_levels = np.asarray(n_levels, dtype=np.int64)
    p = n_levels.size
    qmax = int(n_levels.max()) if p else 0
    improve = np.zeros(p)
    split = np.full(p, np.nan)
    direction = np.zeros(p, dtype=np.int64)
    count = np.zeros(p, dtype=np.int64)
    csplit = np.zeros((p, qmax), dtype=np.int64)
    numeric = np.flatnonzero(n_levels == 0)
    if numeric.size:
        imp, thr, dirn, cnt = numeric_splits(kind, xt, sorts, n1, n2, numeric, y, w, nclass,
                                             aprior, edge, node_risk)
        improve[numeric], split[numeric], direction[numeric], count[numeric] = \
            imp, thr, dirn, cnt
    for f in np.flatnonzero(n_levels > 0):
        q = int(n_levels[f])
        imp, cs, cnt = categorical_split(kind, xt[f], sorts[f, n1:n2], y, w, nclass, aprior,
                                         q, edge, node_risk)
        improve[f], count[f] = imp, cnt
        csplit[f, :q] = cs
    return improve, split, direction, count, csplit


def restore_segment(sorts, pristine, n1, n2):
    p, n = sorts.shape
    if pristine.shape != (p, n) or not 0 <= n1 <= n2 <= n:
        raise ValueError("bad node segment [%d, %d) or pristine shape" % (n1, n2))
    rows = sorts[0, n1:n2]
    if rows.size and (rows.min() < 0 or rows.max() >= n):
        raise ValueError("row id out of range")
    member = np.zeros(n, dtype=bool)
    member[rows] = True
    keep = member[pristine]
    if np.unique(rows).size != rows.size or (keep.sum(axis=1) != n2 - n1).any():
        raise ValueError("the lists do not hold the same rows")
    sorts[:, n1:n2] = pristine[keep].reshape(p, n2 - n1)


def partition(sorts, n1, n2, goes):
    seg = sorts[:, n1:n2]
    g = goes[seg[0]]
    nleft = int(np.count_nonzero(g < 0))
    nright = int(np.count_nonzero(g > 0))
    for f in range(sorts.shape[0]):
        s = sorts[f, n1:n2]
        gf = goes[s]
        sorts[f, n1:n2] = np.concatenate((s[gf < 0], s[gf > 0], s[gf == 0]))
    return nleft, nright


#: Above this many rows the NumPy twin orders tied values by row number (a stable sort)
#: instead of replaying rpart's quicksort in Python; only the last bits of running sums
#: (and so the listing order of exactly tied splits) can differ from the C path then.
RPART_ORDER_MAX = 20000


def _rpart_sort_range(x, idx, lo, hi):
    while lo < hi:
        if hi - lo < 11:
            for a in range(lo + 1, hi + 1):
                v, u = x[a], idx[a]
                b = a - 1
                while b >= lo and x[b] > v:
                    x[b + 1] = x[b]
                    idx[b + 1] = idx[b]
                    b -= 1
                x[b + 1] = v
                idx[b + 1] = u
            return
        i, j, mid = lo, hi, (lo + hi) // 2
        pivot = x[mid]
        if x[i] >= x[mid]:
            if x[j] > x[mid]:
                pivot = x[j] if x[i] > x[j] else x[i]
        elif x[j] < x[mid]:
            pivot = x[i] if x[i] > x[j] else x[j]
        while i < j:
            while x[i] < pivot:
                i += 1
            while x[j] > pivot:
                j -= 1
            if i < j:
                if x[i] > x[j]:
                    x[i], x[j] = x[j], x[i]
                    idx[i], idx[j] = idx[j], idx[i]
                i += 1
                j -= 1
        while x[i] >= pivot and i > lo:
            i -= 1
        while x[j] <= pivot and j < hi:
            j += 1
        if i - lo < hi - j:
            if i - lo > 0:
                _rpart_sort_range(x, idx, lo, i)
            lo = j
        else:
            if hi - j > 0:
                _rpart_sort_range(x, idx, j, hi)
            hi = i


def rpart_order(x):
    """Row order of ``x`` (NaN sorted as 0, like rpart) produced by rpart's quicksort
    (a stable sort above :data:`RPART_ORDER_MAX` rows)."""
    xs = np.array(x, dtype=np.float64)
    xs[np.isnan(xs)] = 0.0
    if xs.size > RPART_ORDER_MAX:
        return np.argsort(xs, kind="stable").astype(np.int64)
    vals = xs.tolist()
    idx = list(range(xs.size))
    if len(vals) > 1:
        _rpart_sort_range(vals, idx, 0, len(vals) - 1)
    return np.asarray(idx, dtype=np.int64)
