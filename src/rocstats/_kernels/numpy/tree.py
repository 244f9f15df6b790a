"""NumPy twin of the tree kernels in ``csrc/rocstats_tree.c`` (same functions, same
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

``auc_sweep(x, y, w, n_classes, cuts=None)``
    randomForestSRC's policy: ``(cut, delta, w_left, n_left)`` at every cut of one
    ascending column (all distinct values but the largest, or the given ascending cuts).
``rfsrc_best(xs, ys, ws, n_classes, cuts=None, ncuts=None, eps=EPS)``
    for each row of ``xs`` (an ascending column of a node), the cut randomForestSRC
    keeps: ``(index, cut, delta)``; ``index`` -1 when the column has no admissible cut.
``grow_rfsrc``
    ``None`` here: the whole-tree driver exists in C only; without it the engine's builder
    (`rocstats.tree._builder`) runs the same algorithm node by node with these
    kernels and `SplitMix64`, which is how the two are compared.
``apply(X, left, right, feature, threshold, kind, rows=None, *, transposed=False)``
    the leaf of each row in a flat tree of numeric splits (``kind`` -1: ``x < t`` left,
    +1: ``x >= t`` left, 2: ``x <= t`` left).
``splitmix64_fill(seed, count, r)``
    the generator's raw outputs and bounded draws (`SplitMix64`).

``kind`` is 1 (Gini), 2 (information), 3 (anova) or 4 (AUC); see rocstats_tree.h.

The AUC statistic (seed 000) is computed by `_auc_delta` only: with ``alpha_k`` the
fraction of the weight of class ``k`` sent right, ``delta`` = the mean over class pairs
``k1 < k2`` of ``max(1 - alpha_k1 + alpha_k2, 1 - alpha_k2 + alpha_k1)``, twice the split's
AUC theta, with the floating-point operations of the C kernel.
"""
import numpy as np

__all__ = ["EPS", "RPART_ORDER_MAX", "SplitMix64", "apply", "auc_sweep", "categorical_split", "check_apply_inputs", "grow_rfsrc", "node_splits", "numeric_splits", "partition", "restore_segment", "rfsrc_best", "rpart_order", "splitmix64_fill"]

_LEFT, _RIGHT = -1, 1


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
    direction = _LEFT if lmean[where] < rmean[where] else _RIGHT
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
    direction = _LEFT if left_sum[where] < right_sum[where] else _RIGHT
    return best / node_risk, (xs[where] + xs[where + 1]) / 2, direction


def _auc_delta(left, tot, present_only=False):
    """randomForestSRC's delta (= 2 theta) of each row of ``left`` (cuts x K weights sent
    left), class totals ``tot``: every pair of the K classes (a class without weight makes
    it NaN; randomForestSRC's form, max of the two sums, alpha over left + right), or with
    ``present_only`` the pairs of classes with weight (the CART criterion, NaN with fewer
    than two; the form 1 + abs(alpha_1 - alpha_2), alpha over the class total).  The C
    kernel's ``auc_delta``, operation for operation."""
    left = np.asarray(left, dtype=np.float64)
    out = np.zeros(left.shape[0])
    npairs = 0
    k = tot.size
    with np.errstate(divide="ignore", invalid="ignore"):
        for k1 in range(k - 1):
            if present_only and not tot[k1] > 0:
                continue
            r1 = tot[k1] - left[:, k1]
            a1 = r1 / tot[k1] if present_only else r1 / (left[:, k1] + r1)
            for k2 in range(k1 + 1, k):
                if present_only and not tot[k2] > 0:
                    continue
                r2 = tot[k2] - left[:, k2]
                if present_only:
                    out += 1.0 + np.abs(a1 - r2 / tot[k2])
                else:
                    a2 = r2 / (left[:, k2] + r2)
                    u = 1.0 - a1 + a2
                    v = 1.0 - a2 + a1
                    out += np.where(u > v, u, v)
                npairs += 1
    if not npairs:
        return np.full(left.shape[0], np.nan)
    return out / npairs


def _class_totals(cs, ws, k):
    """Per-class weights summed in row order (the C loops' order)."""
    return np.array([_seqsum(ws[cs == c]) for c in range(k)])


def _auc_numeric(xs, cs, ws, nclass, edge):
    """rpart's policy with the AUC criterion: ``(improve, split, direction)``."""
    k = xs.size
    tot = _class_totals(cs, ws, nclass)
    last = k - edge                      # the sweep visits i = 0 .. last-1
    if np.count_nonzero(tot > 0) < 2 or last <= 0:
        return 0.0, np.nan, 0
    i = np.arange(last)
    ok = np.flatnonzero((i + 1 >= edge) & (xs[1:last + 1] != xs[:last]))
    if ok.size == 0:
        return 0.0, np.nan, 0
    onehot = np.zeros((last, nclass))
    onehot[i, cs[:last]] = ws[:last]
    left = np.cumsum(onehot, axis=0)[ok]
    imp = _auc_delta(left, tot, True) / 2.0 - 0.5
    cand = np.where(imp > 0, imp, -np.inf)
    j = int(np.argmax(cand))
    if not cand[j] > 0:
        return 0.0, np.nan, 0
    where = ok[j]
    return float(imp[j]), (xs[where] + xs[where + 1]) / 2, _LEFT


def _check(kind, edge, nclass):
    if kind not in (1, 2, 3, 4):
        raise ValueError("kind must be 1, 2, 3 or 4, got %r" % (kind,))
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
            if kind == 4:
                res = _auc_numeric(xs, cs, w[rows], nclass, edge)
            else:
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
    if kind == 4:
        cs = yy.astype(np.int64)
        if (yy < 0).any() or (cs >= nclass).any():
            raise ValueError("class codes must lie in 0..nclass-1")
        sumw = np.bincount(lev, weights=ww, minlength=nlev)
        with np.errstate(divide="ignore", invalid="ignore"):
            key = np.where(countn > 0, np.bincount(lev, weights=yy * ww, minlength=nlev)
                           / np.where(countn > 0, sumw, 1.0), 0.0)
        order = _order_levels(countn, key)
        # class weights summed row by row in the sweep's order (levels in their order,
        # rows in list order within a level), as the C kernel sums them
        rank = np.empty(nlev, dtype=np.int64)
        rank[order] = np.arange(order.size)
        srt = np.argsort(rank[lev], kind="stable")
        onehot = np.zeros((k, nclass))
        onehot[np.arange(k), cs[srt]] = ww[srt]
        cum = np.cumsum(onehot, axis=0)
        tot = cum[-1]
        last = np.cumsum(countn[order]) - 1          # each level's last row in the sweep
        best, bestq = 0.0, -1
        if np.count_nonzero(tot > 0) >= 2:
            ltot, rtot = 0, k
            for step in range(order.size - 1):
                item = order[step]
                left = cum[last[step]]
                ltot += countn[item]
                rtot -= countn[item]
                if ltot >= edge and rtot >= edge:
                    imp = float(_auc_delta(left[None, :], tot, True)[0]) / 2.0 - 0.5
                    if imp > best:
                        best, bestq = imp, step
        if bestq >= 0:
            csplit[order[:bestq + 1]] = _LEFT
            csplit[order[bestq + 1:]] = _RIGHT
        improve = best
    elif kind != 3:
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
        tsplit = np.where(awt == 0, 0, _RIGHT).astype(np.int64)
        with np.errstate(divide="ignore", invalid="ignore"):
            rate = np.where(awt == 0, 0.0, ccnt[0] / awt)
        seq = (_order_levels(countn, rate) if nclass == 2 else _gray_sequence(countn))
        lwt, ltot, rtot = 0.0, 0, k
        for item in seq:
            item = int(item)
            if tsplit[item] == _LEFT:
                tsplit[item] = _RIGHT
                rwt += awt[item]
                lwt -= awt[item]
                rtot += countn[item]
                ltot -= countn[item]
                for j in range(nclass):
                    right[j] += ccnt[j, item]
                    left[j] -= ccnt[j, item]
            else:
                tsplit[item] = _LEFT
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
        tsplit = np.where(countn > 0, _RIGHT, 0).astype(np.int64)
        with np.errstate(divide="ignore", invalid="ignore"):
            mean = np.where(countn > 0, sums / np.where(wts == 0, 1.0, wts), 0.0)
        best = 0.0
        left_wt = left_sum = right_sum = 0.0
        left_n, right_n = 0, k
        for item in _order_levels(countn, mean):
            tsplit[item] = _LEFT
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


def _node_split_buffers(n_levels):
    """``(qmax, improve, split, direction, count, csplit)`` for ``p = len(n_levels)``
    variables: the outputs of `node_splits` before any variable is searched (no
    improvement, NaN cut, no direction, zero counts, no category sent left)."""
    p = n_levels.size
    qmax = int(n_levels.max()) if p else 0
    return (qmax, np.zeros(p), np.full(p, np.nan), np.zeros(p, dtype=np.int64),
            np.zeros(p, dtype=np.int64), np.zeros((p, qmax), dtype=np.int64))


def node_splits(kind, xt, sorts, n1, n2, n_levels, y, w, nclass, aprior, edge, node_risk):
    n_levels = np.asarray(n_levels, dtype=np.int64)
    qmax, improve, split, direction, count, csplit = _node_split_buffers(n_levels)
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
    (a stable sort above `RPART_ORDER_MAX` rows)."""
    xs = np.array(x, dtype=np.float64)
    xs[np.isnan(xs)] = 0.0
    if xs.size > RPART_ORDER_MAX:
        return np.argsort(xs, kind="stable").astype(np.int64)
    vals = xs.tolist()
    idx = list(range(xs.size))
    if len(vals) > 1:
        _rpart_sort_range(vals, idx, 0, len(vals) - 1)
    return np.asarray(idx, dtype=np.int64)


# --------------------------------------------------------------------------- randomForestSRC
#: randomForestSRC's EPSILON: a later cut replaces the kept one only when its delta is
#: larger by more than this (on the delta = 2 theta scale).
EPS = 1.0e-9


def _check_cols(x, y, w, n_classes):
    x = np.ascontiguousarray(x, dtype=np.float64)
    y = np.ascontiguousarray(y, dtype=np.int64)
    w = np.ascontiguousarray(w, dtype=np.float64)
    if x.shape != y.shape or x.shape != w.shape:
        raise ValueError("x, y and w must have the same shape, got %s, %s, %s"
                         % (x.shape, y.shape, w.shape))
    if int(n_classes) < 2:
        raise ValueError("n_classes must be at least 2, got %r" % (n_classes,))
    if y.size and (y.min() < 0 or y.max() >= n_classes):
        raise ValueError("y must hold class codes 0..%d" % (n_classes - 1))
    return x, y, w, int(n_classes)


def _check_cuts(cuts, ncuts, ncol):
    """``(cuts, ncuts)`` as float64 (n_columns, max_cuts) / int64 (n_columns,), checked."""
    cuts = np.ascontiguousarray(cuts, dtype=np.float64)
    ncuts = np.ascontiguousarray(ncuts, dtype=np.int64)
    if cuts.ndim != 2 or cuts.shape[0] != ncol or ncuts.shape != (ncol,):
        raise ValueError("cuts must have shape (n_columns, max_cuts) and ncuts "
                         "(n_columns,)")
    if (ncuts > cuts.shape[1]).any():
        raise ValueError("ncuts exceeds the width of cuts")
    return cuts, ncuts


def auc_sweep(x, y, w, n_classes, cuts=None):
    x, y, w, k = _check_cols(x, y, w, n_classes)
    if x.ndim != 1:
        raise ValueError("x must be 1-dimensional")
    n = x.size
    onehot = np.zeros((n, k))
    onehot[np.arange(n), y] = w
    cum = np.cumsum(onehot, axis=0)
    tot = cum[-1] if n else np.zeros(k)
    absent = bool((tot <= 0).any())
    cnt = np.arange(1, n + 1, dtype=np.int64)
    cw = np.cumsum(w)  # left weight, summed row by row as the C sweep does
    if cuts is None:
        pos = np.flatnonzero(x[1:] > x[:-1]) if n > 1 else np.zeros(0, dtype=np.int64)
        cut = x[pos]
        left = cum[pos]
        n_left = cnt[pos]
        w_left = cw[pos]
    else:
        cut = np.ascontiguousarray(cuts, dtype=np.float64)
        pos = np.searchsorted(x, cut, side="right") - 1
        ok = pos >= 0
        left = np.zeros((cut.size, k))
        left[ok] = cum[pos[ok]]
        n_left = np.where(ok, cnt[np.maximum(pos, 0)], 0) if n else np.zeros(cut.size, np.int64)
        w_left = np.where(ok, cw[np.maximum(pos, 0)], 0.0) if n else np.zeros(cut.size)
    delta = np.full(cut.size, np.nan) if absent else _auc_delta(left, tot)
    if cuts is not None:
        delta[(n_left == 0) | (n_left == n)] = np.nan
    return cut.copy(), delta, w_left, n_left


def _rfsrc_pick(delta, admissible, eps):
    """Index randomForestSRC keeps: the first admissible cut, replaced by any later cut
    whose delta exceeds the kept one by more than ``eps`` (NaN never replaces nor is
    replaced)."""
    idx = np.flatnonzero(admissible)
    if idx.size == 0:
        return -1
    d = delta[idx]
    if np.isnan(d[0]):
        return int(idx[0])
    finite = ~np.isnan(d)
    m = d[finite].max()
    near = finite & (d < m) & (d >= m - eps)
    if not near.any():  # no value within eps below the maximum: the first maximum wins
        return int(idx[np.flatnonzero(finite & (d == m))[0]])
    best = 0
    for j in range(1, d.size):  # the exact sequential rule
        if finite[j] and d[j] - d[best] > eps:
            best = j
    return int(idx[best])


def rfsrc_best(xs, ys, ws, n_classes, cuts=None, ncuts=None, eps=EPS):
    xs = np.ascontiguousarray(xs, dtype=np.float64)
    if xs.ndim != 2:
        raise ValueError("xs must be 2-dimensional (columns x rows)")
    ys = np.ascontiguousarray(ys, dtype=np.int64)
    ws = np.ascontiguousarray(ws, dtype=np.float64)
    if ys.shape != xs.shape or ws.shape != xs.shape:
        raise ValueError("xs, ys and ws must have the same shape")
    ncol = xs.shape[0]
    if cuts is not None:
        cuts, ncuts = _check_cuts(cuts, ncuts, ncol)
    index = np.full(ncol, -1, dtype=np.int64)
    cut = np.full(ncol, np.nan)
    delta = np.full(ncol, np.nan)
    for c in range(ncol):
        if cuts is None or ncuts[c] < 0:
            cv, d, _, nl = auc_sweep(xs[c], ys[c], ws[c], n_classes)
        else:
            cv, d, _, nl = auc_sweep(xs[c], ys[c], ws[c], n_classes, cuts=cuts[c, :ncuts[c]])
        admissible = (nl > 0) & (nl < xs.shape[1])
        j = _rfsrc_pick(d, admissible, eps)
        if j >= 0:
            index[c], cut[c], delta[c] = j, cv[j], d[j]
    return index, cut, delta


#: The whole-tree driver exists in C only (see the module docstring).
grow_rfsrc = None

_MASK64 = (1 << 64) - 1


class SplitMix64:
    """splitmix64 (Steele, Lea & Flood 2014; Vigna's public-domain reference constants),
    the generator of the C driver (``sm64_next`` / ``sm64_below`` in
    ``csrc/rocstats_tree.c``), written with Python integers modulo 2^64 so that both
    produce the same stream from the same 64-bit seed."""

    __slots__ = ("state",)

    def __init__(self, seed):
        self.state = int(seed) & _MASK64

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, r):
        """Uniform integer in 0..r-1 (rejection of outputs below 2^64 mod r)."""
        r = int(r)
        threshold = ((1 << 64) - r) % r
        while True:
            x = self.next()
            if x >= threshold:
                return x % r


def splitmix64_fill(seed, count, r):
    """``(raw, below)``: the first ``count`` outputs from ``seed`` and ``count`` draws in
    0..r-1 from a fresh generator with the same seed (uint64 arrays)."""
    count, r, seed = int(count), int(r), int(seed)
    if count < 0 or not 1 <= r < 2 ** 64 or not 0 <= seed < 2 ** 64:
        raise ValueError("count >= 0, 1 <= r < 2**64 and a 64-bit seed are required")
    g = SplitMix64(seed)
    raw = np.array([g.next() for _ in range(count)], dtype=np.uint64)
    g = SplitMix64(seed)
    below = np.array([g.below(r) for _ in range(count)], dtype=np.uint64)
    return raw, below


# --------------------------------------------------------------------------- routing
_ROUTE_KINDS = (-1, 1, 2)


def check_apply_inputs(X, left, right, feature, threshold, kind, rows, transposed):
    """Shared checks of both routers: X 2-D, equal-length node arrays, children after
    their parent (preorder), features inside X, numeric kinds; returns normalised
    arrays."""
    X = np.asarray(X, dtype=np.float64)
    if X.ndim != 2:
        raise ValueError("X must be 2-dimensional")
    n, p = (X.shape[1], X.shape[0]) if transposed else X.shape
    left = np.ascontiguousarray(left, dtype=np.int64)
    right = np.ascontiguousarray(right, dtype=np.int64)
    feature = np.ascontiguousarray(feature, dtype=np.int64)
    threshold = np.ascontiguousarray(threshold, dtype=np.float64)
    kind = np.ascontiguousarray(kind, dtype=np.int8)
    nn = left.size
    if nn == 0 or any(a.shape != (nn,) for a in (right, feature, threshold, kind)):
        raise ValueError("tree arrays must be non-empty 1-D arrays of equal length")
    inner = left >= 0
    t = np.flatnonzero(inner)
    if ((left[inner] <= t) | (left[inner] >= nn) | (right[inner] <= t)
            | (right[inner] >= nn)).any():
        raise ValueError("tree children must come after their parent (preorder) and be "
                         "node indices")
    fi = feature[inner]
    if fi.size and (fi.min() < 0 or fi.max() >= p):
        raise ValueError("tree uses a feature outside X's %d columns" % p)
    if not np.isin(kind[inner], _ROUTE_KINDS).all():
        raise ValueError("the router handles numeric splits only (kind -1, 1 or 2)")
    rows = np.arange(n, dtype=np.int64) if rows is None else \
        np.ascontiguousarray(rows, dtype=np.int64)
    if rows.ndim != 1:
        raise ValueError("rows must be 1-dimensional")
    if rows.size and (rows.min() < 0 or rows.max() >= n):
        raise ValueError("rows must be indices into X's %d rows" % n)
    return X, n, p, rows, left, right, feature, threshold, kind


def apply(X, left, right, feature, threshold, kind, rows=None, *, transposed=False):
    """Leaf index of the rows ``rows`` (default all) of ``X`` (rows x features, or
    features x rows when ``transposed``) in a flat preorder tree of numeric splits."""
    X, n, p, rows, left, right, feature, threshold, kind = check_apply_inputs(
        X, left, right, feature, threshold, kind, rows, transposed)
    if transposed:
        X = X.T
    node = np.zeros(rows.size, dtype=np.int64)
    active = np.arange(rows.size) if left[0] >= 0 else np.empty(0, dtype=np.int64)
    while active.size:
        nd = node[active]
        v = X[rows[active], feature[nd]]
        c = threshold[nd]
        k = kind[nd]
        go = np.where(k == 2, v <= c, np.where(k < 0, v < c, v >= c))
        nxt = np.where(go, left[nd], right[nd])
        node[active] = nxt
        active = active[left[nxt] >= 0]
    return node
