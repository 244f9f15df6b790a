"""NumPy twin of the AUC split kernels (``csrc/rocstats_aucsplit.c``).

Same functions, signatures and results as :mod:`rocstats._kernels._aucsplit_cffi`.

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
        cuts = np.ascontiguousarray(cuts, dtype=np.float64)
        ncuts = np.ascontiguousarray(ncuts, dtype=np.int64)
        if cuts.ndim != 2 or cuts.shape[0] != ncol or ncuts.shape != (ncol,):
            raise ValueError("cuts must have shape (n_columns, max_cuts) and ncuts "
                             "(n_columns,)")
        if (ncuts > cuts.shape[1]).any():
            raise ValueError("ncuts exceeds the width of cuts")
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
