"""NumPy twin of the Venkatraman kernels (``csrc/rocstats_venkatraman.c``): the
statistic of each permutation of pROC's Venkatraman tests, given the permuted keys
(the random draws stay with the caller, `rocstats.compare._roctest`).

Keys are non-negative integers, distinct within a sample (any integer dtype; the stable
argsort of 16-bit keys is a radix sort).  The unpaired statistic uses pROC's
floating-point operations (see `unpaired_integrals`); the C side repeats them,
the merge and NumPy's pairwise summation, so both give the same bits.
"""
import numpy as np

__all__ = ["paired_keys", "unpaired_integrals", "unpaired_keys"]


def _sizes(*sizes):
    if min(sizes) < 1:
        raise ValueError("every class of both samples must be non-empty, got %s" % (sizes,))


def paired_keys(r3, s3, pos):
    """E = 2 sum_x |C_b(x) - C_a(x)| per row of the keys ``r3`` (test a) and ``s3``
    (test b) of the same cases (``pos``: 1 for a case)."""
    pos = np.asarray(pos).astype(np.int32)
    ca = np.cumsum(pos[np.argsort(r3, axis=1, kind="stable")], axis=1)
    cb = np.cumsum(pos[np.argsort(s3, axis=1, kind="stable")], axis=1)
    return (2 * np.abs(cb - ca).sum(axis=1)).astype(np.float64)


def _unpaired_curves(cum_cases, m, n, mp):
    """Rows of the mixture c.d.f. ``p`` and error rate ``e`` at ranks x = 1..N of one
    sample (``cum_cases``: rows of C(x)), with pROC's floating-point operations."""
    x = np.arange(1, m + n + 1)
    fx = cum_cases / m
    gx = (x - cum_cases) / n
    return mp * fx + (1 - mp) * gx, mp * fx + (1 - mp) * (1 - gx)


def _interp_rows(p, e, k, v):
    """R's ``approxfun(p, e)(v)`` (linear, NA outside the range) row by row, given
    ``k`` = the number of ``p`` values <= v in the row (p increasing)."""
    B, L = p.shape
    off = (np.arange(B, dtype=np.int64) * L)[:, None]
    lo = np.maximum(k - 1, 0) + off
    hi = np.minimum(k, L - 1) + off
    pf, ef = p.ravel(), e.ravel()
    x0, x1 = pf.take(lo), pf.take(hi)
    y0, y1 = ef.take(lo), ef.take(hi)
    with np.errstate(invalid="ignore", divide="ignore"):
        val = y0 + (y1 - y0) * ((v - x0) / (x1 - x0))
    val = np.where(x0 == v, y0, val)
    val[(k == 0) | ((k == L) & (v > x0))] = np.nan
    return val


def _row_counts(sorted_rows, values, side):
    """Per row, the number of entries of ``sorted_rows`` (rows ascending, in [0, 1])
    below (``side="left"``) or at most (``"right"``) each of ``values``: one
    searchsorted over the rows laid end to end with offsets 2 r (so that the flat array
    is ascending)."""
    B, L = sorted_rows.shape
    off = 2.0 * np.arange(B)[:, None]
    flat = (sorted_rows + off).ravel()
    idx = np.searchsorted(flat, (values + off).ravel(), side=side).reshape(values.shape)
    return idx - (np.arange(B, dtype=np.int64) * L)[:, None]


def unpaired_integrals(ca, cb, ma, na, mb, nb, mp):
    """Rows of Venkatraman's unpaired statistic from rows of C_a(x) and C_b(x): the two
    increasing p sequences are merged (a before b on ties), |e_a - e_b| is evaluated at
    every merged point (one side exact, the other interpolated) and integrated by
    trapezoids where defined."""
    _sizes(ma, na, mb, nb)
    pa, ea = _unpaired_curves(ca, ma, na, mp)
    pb, eb = _unpaired_curves(cb, mb, nb, mp)
    B, La = pa.shape
    Lb = pb.shape[1]
    kb_at_a = _row_counts(pb, pa, "left")            # b strictly below each a point
    ka_at_b = _row_counts(pa, pb, "right")           # a at or below each b point
    y_a = np.abs(ea - _interp_rows(pb, eb, kb_at_a, pa))
    y_b = np.abs(_interp_rows(pa, ea, ka_at_b, pb) - eb)
    L = La + Lb
    rows = (np.arange(B, dtype=np.int64) * L)[:, None]
    pos_a = (np.arange(La) + kb_at_a + rows).ravel()
    pos_b = (np.arange(Lb) + ka_at_b + rows).ravel()
    x = np.empty(B * L)
    y = np.empty(B * L)
    x[pos_a], x[pos_b] = pa.ravel(), pb.ravel()
    y[pos_a], y[pos_b] = y_a.ravel(), y_b.ravel()
    x, y = x.reshape(B, L), y.reshape(B, L)
    return np.nansum((y[:, 1:] + y[:, :-1]) * np.diff(x, axis=1) / 2, axis=1)


def unpaired_keys(kc, kk, na, nb, ma, mb, mp):
    """Rows of the unpaired statistic from rows of control keys ``kc`` (the first ``na``
    of sample a, then ``nb`` of sample b) and case keys ``kk`` (``ma`` then ``mb``)."""
    _sizes(na, nb, ma, mb)
    flag_a = np.r_[np.zeros(na, np.int64), np.ones(ma, np.int64)]
    flag_b = np.r_[np.zeros(nb, np.int64), np.ones(mb, np.int64)]
    va = np.concatenate([kc[:, :na], kk[:, :ma]], axis=1)
    vb = np.concatenate([kc[:, na:], kk[:, ma:]], axis=1)
    ca = np.cumsum(flag_a[np.argsort(va, axis=1, kind="stable")], axis=1)
    cb = np.cumsum(flag_b[np.argsort(vb, axis=1, kind="stable")], axis=1)
    return unpaired_integrals(ca, cb, ma, na, mb, nb, mp)
