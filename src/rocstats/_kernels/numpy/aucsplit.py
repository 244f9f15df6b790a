"""NumPy twin of the AUC split kernels (``csrc/rocstats_aucsplit.c``).

Same functions, signatures and results as :mod:`rocstats._kernels.c.aucsplit`.

Both score a cut with randomForestSRC's statistic (``splitrule = "auc"``), written
``delta`` here: with ``alpha_k`` the fraction of the weight of class ``k`` sent right,

    delta = mean over class pairs k1 < k2 of max(1 - alpha_k1 + alpha_k2,
                                                 1 - alpha_k2 + alpha_k1)

which is twice the split's AUC theta of the vignette (seed 000).  The terms are computed
in the same order and with the same floating-point operations as the C kernel, so the
two paths agree bit for bit.  A class with no weight in the node makes every ``delta``
NaN (0 / 0, as in randomForestSRC); a cut that leaves a side empty is not admissible
(``delta`` NaN, ``w_left`` 0 or the node total).

Functions
---------
``auc_sweep(x, y, w, n_classes, cuts=None)``
    ``(cut, delta, w_left, n_left)`` at every cut of one ascending column: all distinct
    values but the largest (``cuts=None``), or the given ascending cut values.
``best_columns(xs, ys, ws, n_classes, cuts=None, ncuts=None, eps=EPS)``
    for each row of ``xs`` (each an ascending column of the node), the cut randomForestSRC
    keeps: ``(index, cut, delta)``; ``index`` -1 when the column has no admissible cut.
``grow_tree(xt, order, y, w, n_classes, *, min_split, max_depth, mtry, nsplit, var_order,
seed, eps=EPS, capacity=None)``
    a whole AUC tree, the twin of ``rs_grow_auc_tree`` (same algorithm, same splitmix64
    stream, same floating-point operations, hence the same tree); a dict of flat preorder
    arrays.  Slow (a Python step per node) but exact.
``tree_apply(X, tree, rows=None, *, transposed=False)``
    the leaf of each row in such a flat tree.
``splitmix64_fill(seed, count, r)``
    the generator's raw outputs and bounded draws (:class:`SplitMix64`).
"""
import numpy as np

#: randomForestSRC's EPSILON: a later cut replaces the kept one only when its delta is
#: larger by more than this (on the delta = 2 theta scale).
EPS = 1.0e-9


def _delta(left, tot):
    """delta for each row of ``left`` (cuts x K left weights), class totals ``tot``."""
    right = tot[None, :] - left
    k = tot.size
    out = np.zeros(left.shape[0])
    if left.shape[0] == 0:
        return out
    if (tot <= 0).any():
        out[:] = np.nan
        return out
    alpha = right / (left + right)
    npairs = k * (k - 1) // 2
    for k1 in range(k - 1):
        for k2 in range(k1 + 1, k):
            a = 1.0 - alpha[:, k1] + alpha[:, k2]
            b = 1.0 - alpha[:, k2] + alpha[:, k1]
            out += np.where(a > b, a, b)
    return out / npairs


def _check(x, y, w, n_classes):
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


def auc_sweep(x, y, w, n_classes, cuts=None):
    x, y, w, k = _check(x, y, w, n_classes)
    if x.ndim != 1:
        raise ValueError("x must be 1-dimensional")
    n = x.size
    onehot = np.zeros((n, k))
    onehot[np.arange(n), y] = w
    cum = np.cumsum(onehot, axis=0)
    tot = cum[-1] if n else np.zeros(k)
    cnt = np.arange(1, n + 1, dtype=np.int64)
    cw = np.cumsum(w)  # left weight, summed row by row as the C sweep does
    if cuts is None:
        pos = np.flatnonzero(x[1:] > x[:-1]) if n > 1 else np.zeros(0, dtype=np.int64)
        cut = x[pos]
        left = cum[pos]
        n_left = cnt[pos]
        w_left = cw[pos]
        delta = _delta(left, tot)
    else:
        cut = np.ascontiguousarray(cuts, dtype=np.float64)
        pos = np.searchsorted(x, cut, side="right") - 1
        ok = pos >= 0
        left = np.zeros((cut.size, k))
        left[ok] = cum[pos[ok]]
        n_left = np.where(ok, cnt[np.maximum(pos, 0)], 0) if n else np.zeros(cut.size, np.int64)
        w_left = np.where(ok, cw[np.maximum(pos, 0)], 0.0) if n else np.zeros(cut.size)
        delta = _delta(left, tot)
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


def best_columns(xs, ys, ws, n_classes, cuts=None, ncuts=None, eps=EPS):
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
            cv, d, _, nl = auc_sweep(xs[c], ys[c], ws[c], n_classes,
                                     cuts=cuts[c, :ncuts[c]])
        admissible = (nl > 0) & (nl < xs.shape[1])
        j = _rfsrc_pick(d, admissible, eps)
        if j >= 0:
            index[c], cut[c], delta[c] = j, cv[j], d[j]
    return index, cut, delta


# --------------------------------------------------------------------------- PRNG
_MASK64 = (1 << 64) - 1


class SplitMix64:
    """splitmix64 (Steele, Lea & Flood 2014; Vigna's public-domain reference constants),
    the generator of the C grower (``sm64_next`` / ``sm64_below`` in
    ``csrc/rocstats_aucsplit.c``), written with Python integers modulo 2^64 so that both
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
    g = SplitMix64(seed)
    raw = np.array([g.next() for _ in range(int(count))], dtype=np.uint64)
    g = SplitMix64(seed)
    below = np.array([g.below(r) for _ in range(int(count))], dtype=np.uint64)
    return raw, below


# --------------------------------------------------------------------------- grower
def _check_grow(xt, order, y, w, n_classes, capacity):
    xt = np.ascontiguousarray(xt, dtype=np.float64)
    if xt.ndim != 2:
        raise ValueError("xt must be 2-dimensional (features x rows)")
    p, n = xt.shape
    order = np.ascontiguousarray(order, dtype=np.int64)
    if order.shape != (p, n):
        raise ValueError("order must have shape %s, got %s" % ((p, n), order.shape))
    if order.size and (order.min() < 0 or order.max() >= n):
        raise ValueError("order must hold row indices 0..%d" % (n - 1))
    y = np.ascontiguousarray(y, dtype=np.int64)
    w = np.ascontiguousarray(w, dtype=np.float64)
    if y.shape != (n,) or w.shape != (n,):
        raise ValueError("y and w must have shape (%d,)" % n)
    k = int(n_classes)
    if k < 2:
        raise ValueError("n_classes must be at least 2, got %r" % (n_classes,))
    if n == 0 or p == 0:
        raise ValueError("xt is empty")
    if y.min() < 0 or y.max() >= k:
        raise ValueError("y must hold class codes 0..%d" % (k - 1))
    if not np.isfinite(w).all() or (w < 0).any() or not (w > 0).any():
        raise ValueError("w must be finite, non-negative and not all zero")
    m = int(np.count_nonzero(w > 0))
    if capacity is None:
        capacity = 2 * m - 1
    capacity = int(capacity)
    if capacity < 1:
        raise ValueError("capacity must be >= 1")
    return xt, order, y, w, k, m, capacity


def _check_controls(p, min_split, max_depth, mtry, nsplit, var_order, seed):
    if not (np.isfinite(min_split)):
        raise ValueError("min_split must be finite")
    if not 1 <= int(mtry) <= p:
        raise ValueError("mtry must be in [1, %d], got %r" % (p, mtry))
    if int(nsplit) < 0:
        raise ValueError("nsplit must be >= 0, got %r" % (nsplit,))
    if int(var_order) not in (0, 1, 2):
        raise ValueError("var_order must be 0, 1 or 2, got %r" % (var_order,))
    seed = int(seed)
    if not 0 <= seed < 2 ** 64:
        raise ValueError("seed must be an unsigned 64-bit integer")
    return float(min_split), int(max_depth), int(mtry), int(nsplit), int(var_order), seed


_TREE_FIELDS = ("left", "right", "parent", "depth", "node_id", "feature", "threshold",
                "delta", "count", "weight", "value")


def grow_tree(xt, order, y, w, n_classes, *, min_split, max_depth, mtry, nsplit,
              var_order, seed, eps=EPS, capacity=None):
    """The twin of ``rs_grow_auc_tree`` (same algorithm, same random stream, same
    floating-point operations; see the C contract).  Returns a dict of the flat preorder
    arrays ``left, right, parent, depth, node_id, feature, threshold, delta, count,
    weight`` (length = node count) and ``value`` (node count x K)."""
    xt, order, y, w, k, m, capacity = _check_grow(xt, order, y, w, n_classes, capacity)
    p, n = xt.shape
    min_split, max_depth, mtry, nsplit, var_order, seed = _check_controls(
        p, min_split, max_depth, mtry, nsplit, var_order, seed)
    pos = w > 0
    S = np.empty((p + 1, m), dtype=np.int64)
    for f in range(p):
        o = order[f]
        S[f] = o[pos[o]]
    S[p] = np.flatnonzero(pos)
    rng = SplitMix64(seed)
    out = {name: [] for name in _TREE_FIELDS}
    stack = [(0, m, -1, True, 0, np.zeros(p, dtype=bool))]
    while stack:
        lo, hi, par, is_left, dep, cflags = stack.pop()
        cflags = cflags.copy()
        idx = len(out["left"])
        if idx >= capacity:
            raise ValueError("capacity %d is too small for this tree" % capacity)
        rows = S[p, lo:hi]
        cnt = hi - lo
        val = np.bincount(y[rows], weights=w[rows], minlength=k).astype(np.float64)
        wsum = 0.0
        for v in val:
            wsum += v
        present = int(np.count_nonzero(val > 0))
        out["left"].append(-1)
        out["right"].append(-1)
        out["parent"].append(par)
        out["depth"].append(dep)
        if par < 0:
            nid = 1
        else:
            out["left" if is_left else "right"][par] = idx
            pid = out["node_id"][par]
            nid = -1 if (dep > 62 or pid < 0) else 2 * pid + (0 if is_left else 1)
        out["node_id"].append(nid)
        out["feature"].append(-1)
        out["threshold"].append(np.nan)
        out["delta"].append(np.nan)
        out["count"].append(cnt)
        out["weight"].append(wsum)
        out["value"].append(val)
        if not wsum >= min_split or (max_depth >= 0 and dep >= max_depth) or present < 2:
            continue
        cand = [f for f in range(p) if not cflags[f]]
        ncand = len(cand)
        if ncand == 0:
            continue
        nvisit = min(mtry, ncand)
        for i in range(nvisit):
            j = i + rng.below(ncand - i)
            cand[i], cand[j] = cand[j], cand[i]
        visit = cand[:nvisit]
        if var_order == 1:
            visit = sorted(visit)
        elif var_order == 2:
            visit = sorted(visit, reverse=True)
        bf, bcut, bdel = -1, np.nan, np.nan
        for f in visit:
            sf = S[f, lo:hi]
            xs = xt[f, sf]
            if xs[0] == xs[-1]:
                cflags[f] = True
            cuts = None
            if nsplit > 0:
                distinct = xs[np.concatenate(([True], xs[1:] > xs[:-1]))]
                nd = distinct.size
                if nd > nsplit + 1:
                    pick = list(range(nd - 1))
                    for i in range(nsplit):
                        j = i + rng.below(nd - 1 - i)
                        pick[i], pick[j] = pick[j], pick[i]
                    cuts = distinct[np.sort(np.asarray(pick[:nsplit], dtype=np.int64))]
            if cuts is None:
                bi, bc, bd = best_columns(xs[None, :], y[sf][None, :], w[sf][None, :], k,
                                          eps=eps)
            else:
                bi, bc, bd = best_columns(xs[None, :], y[sf][None, :], w[sf][None, :], k,
                                          cuts=cuts[None, :],
                                          ncuts=np.array([nsplit]), eps=eps)
            bi, bc, bd = int(bi[0]), float(bc[0]), float(bd[0])
            if bi < 0:
                continue
            if bf < 0 or (not np.isnan(bd) and not np.isnan(bdel) and bd - bdel > eps):
                bf, bcut, bdel = f, bc, bd
        if bf < 0:
            continue
        out["feature"][idx] = bf
        out["threshold"][idx] = bcut
        out["delta"][idx] = bdel
        golf = np.zeros(n, dtype=bool)
        golf[rows] = xt[bf, rows] <= bcut
        nleft = int(np.count_nonzero(golf[rows]))
        for f in range(p + 1):
            if f < p and cflags[f]:
                continue
            sf = S[f, lo:hi]
            g = golf[sf]
            S[f, lo:hi] = np.concatenate((sf[g], sf[~g]))
        stack.append((lo + nleft, hi, idx, False, dep + 1, cflags))
        stack.append((lo, lo + nleft, idx, True, dep + 1, cflags))
    res = {}
    for name in _TREE_FIELDS[:-1]:
        dt = np.float64 if name in ("threshold", "delta", "weight") else np.int64
        res[name] = np.asarray(out[name], dtype=dt)
    res["value"] = np.vstack(out["value"]).astype(np.float64)
    return res


def check_tree_arrays(tree):
    """The routing arrays of a flat tree, checked: equal lengths, children after their
    parent (preorder) and in range."""
    left = np.ascontiguousarray(tree["left"], dtype=np.int64)
    right = np.ascontiguousarray(tree["right"], dtype=np.int64)
    feature = np.ascontiguousarray(tree["feature"], dtype=np.int64)
    threshold = np.ascontiguousarray(tree["threshold"], dtype=np.float64)
    nn = left.size
    if nn == 0 or right.shape != (nn,) or feature.shape != (nn,) or threshold.shape != (nn,):
        raise ValueError("tree arrays must be non-empty 1-D arrays of equal length")
    inner = left >= 0
    t = np.flatnonzero(inner)
    if ((left[inner] <= t) | (left[inner] >= nn) | (right[inner] <= t)
            | (right[inner] >= nn)).any():
        raise ValueError("tree children must come after their parent (preorder) and be "
                         "node indices")
    return left, right, feature, threshold


def check_apply_inputs(X, tree, rows, transposed):
    X = np.asarray(X, dtype=np.float64)
    if X.ndim != 2:
        raise ValueError("X must be 2-dimensional")
    n, p = (X.shape[1], X.shape[0]) if transposed else X.shape
    left, right, feature, threshold = check_tree_arrays(tree)
    fi = feature[left >= 0]
    if fi.size and (fi.min() < 0 or fi.max() >= p):
        raise ValueError("tree uses a feature outside X's %d columns" % p)
    rows = np.arange(n, dtype=np.int64) if rows is None else \
        np.ascontiguousarray(rows, dtype=np.int64)
    if rows.ndim != 1:
        raise ValueError("rows must be 1-dimensional")
    if rows.size and (rows.min() < 0 or rows.max() >= n):
        raise ValueError("rows must be indices into X's %d rows" % n)
    return X, n, p, rows, left, right, feature, threshold


def tree_apply(X, tree, rows=None, *, transposed=False):
    """Leaf index of the rows ``rows`` (default all) of ``X`` in the flat tree ``tree``
    (a dict with ``left, right, feature, threshold`` as :func:`grow_tree` returns);
    ``x <= threshold`` goes left.  ``X`` is rows x features, or features x rows when
    ``transposed``."""
    X, n, p, rows, left, right, feature, threshold = check_apply_inputs(X, tree, rows,
                                                                        transposed)
    if transposed:
        X = X.T
    node = np.zeros(rows.size, dtype=np.int64)
    active = np.arange(rows.size) if left[0] >= 0 else np.empty(0, dtype=np.int64)
    while active.size:
        nd = node[active]
        go = X[rows[active], feature[nd]] <= threshold[nd]
        nxt = np.where(go, left[nd], right[nd])
        node[active] = nxt
        active = active[left[nxt] >= 0]
    return node
