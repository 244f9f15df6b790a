"""Public functions of `rocstats.dask` (see the package docstring)."""
import numpy as np

from .._results import AUCResult, ConfidenceInterval, ROCCurve, _check_level
from .._validation import check_direction, warn_one_class
from ..curves._auc import auc_from_twice_u
from ..curves._delong import _warn_small, exact_delong_variance
from . import _inputs, _sort

_SAMPLE_PER_BUCKET = 20


def _compute(*args):
    import dask
    return dask.compute(*args)


def _delayed(fn):
    import dask
    return dask.delayed(fn, pure=False)


class _Prepared:
    """Checked inputs after the scan: blocks, labels, splitters, sizes."""


def _prepare(y_true, y_score, pos_label, direction, ndims, n_buckets):
    """Checks without reading the data, then the scan pass; raises before the sort."""
    check_direction(direction)
    if n_buckets is not None and (isinstance(n_buckets, bool) or not
                                  isinstance(n_buckets, (int, np.integer)) or n_buckets < 1):
        raise ValueError("n_buckets must be None or a positive integer, got %r" % (n_buckets,))
    s_name = "y_score"
    if _inputs.is_dask(y_score):
        sb = _inputs.as_blocks(y_score, s_name, ndims)
        yb = _inputs.as_blocks(y_true, "y_true", (1,), like=sb)
    else:
        yb = _inputs.as_blocks(y_true, "y_true", (1,))
        sb = _inputs.as_blocks(y_score, s_name, ndims, like=yb)
    _inputs.check_score_dtype(sb, s_name)
    _inputs.align(yb, sb)
    nb = len(sb.delayed)
    B = int(n_buckets) if n_buckets is not None else max(1, nb)
    scan = _delayed(_sort.scan_block)
    tasks = [scan(y, s, i, yb.categories, sb.ndim, s_name, direction,
                  _SAMPLE_PER_BUCKET * B)
             for i, (y, s) in enumerate(zip(yb.delayed, sb.delayed))]
    results = _compute(*tasks)
    rows = sum(r[1] for r in results)
    if rows == 0:
        raise ValueError("y_true is empty")
    lab, code, has_neg = _inputs.read_labels([r[0] for r in results], yb.categories,
                                             pos_label)
    samples = np.concatenate([r[2] for r in results if r[1]], axis=0)
    cols = samples[:, None] if sb.ndim == 1 else samples
    k = cols.shape[1]
    P = _Prepared()
    P.yb, P.sb, P.lab, P.code, P.direction = yb, sb, lab, code, direction
    P.rows, P.k, P.s_name = rows, k, s_name
    P.one_class = code is None or not has_neg
    P.splits = [_sort.splitters(cols[:, c], B) for c in range(k)]
    return P


def _main_pass(P, want):
    """The exchange and sweep: ``(stats per column, join sums or None, curve pieces)``."""
    keep = "placements" in want
    part = _delayed(_sort.partition_block)
    parts = [part(y, s, P.yb.categories, P.code, P.sb.ndim, P.s_name, P.direction,
                  P.splits, keep)
             for y, s in zip(P.yb.delayed, P.sb.delayed)]
    sweep = _delayed(_sort.sweep_bucket)
    buckets = []                          # buckets[c][b] -> delayed dict
    for c, spl in enumerate(P.splits):
        buckets.append([sweep([pt[0][c][b] for pt in parts], want)
                        for b in range(spl.size + 1)])
    light = [[_delayed(_small)(d) for d in col] for col in buckets]
    joins = None
    if keep:
        counts = [_delayed(_counts)(col) for col in light]
        offs = _delayed(_sort.offsets)(counts)
        join = _delayed(_sort.join_block)
        joins = [join(pt, [[buckets[c][b]["placements"][i] for b in range(len(buckets[c]))]
                           for c in range(len(buckets))], offs)
                 for i, pt in enumerate(parts)]
    out = _compute(light, joins)
    return out[0], out[1]


def _small(d):
    """The bucket's result without its placements (what travels to the driver)."""
    return {key: v for key, v in d.items() if key != "placements"}


def _counts(col):
    return (np.array([d["m"] for d in col], dtype=np.int64),
            np.array([d["n"] for d in col], dtype=np.int64))


def _names(y_score):
    cols = getattr(y_score, "columns", None)
    return None if cols is None else tuple(str(c) for c in cols)


# =========================================================================== public
def auc(y_true, y_score, *, pos_label=None, direction="<", n_buckets=None):
    """Exact AUC of dask inputs: equal to `rocstats.auc` of the gathered data.

    The Mann-Whitney U (ties 1/2) counted in exact integers by a distributed sample sort
    (see `rocstats.dask`); the AUC is ``2U / (2 m n)`` rounded once.

    Parameters
    ----------
    y_true : dask array or dask Series of shape (n_samples,)
        Labels under rocstats' label contract (``pos_label``; a categorical's second
        level is positive).
    y_score : dask array or dask Series of shape (n_samples,)
        Finite scores, chunked (partitioned) as ``y_true``.
    pos_label, direction
        As in `rocstats.auc`.
    n_buckets : int, optional
        Buckets of the sample sort (default: the number of blocks).

    Returns
    -------
    float
        NaN with an `rocstats.UndefinedAUCWarning` if a class is absent.

    Examples
    --------
    >>> import dask.array as da, rocstats.dask
    >>> y = da.from_array([1, 1, 0, 0, 0], chunks=2)
    >>> s = da.from_array([0.4, 0.8, 0.1, 0.4, 0.35], chunks=2)
    >>> rocstats.dask.auc(y, s)                  # U = 5.5 of 6 pairs, as rocstats.auc
    0.9166666666666666
    """
    P = _prepare(y_true, y_score, pos_label, direction, (1,), n_buckets)
    if P.one_class:
        m = P.rows if P.code is not None else 0
        warn_one_class(m, P.rows - m)
        return float("nan")
    light, _ = _main_pass(P, {"auc"})
    m, n, u2, _, _ = _sort.combine(light[0])
    return auc_from_twice_u(u2, m, n)


def delong(y_true, y_score, *, pos_label=None, direction="<", n_buckets=None):
    """Exact AUC with DeLong's variance (k columns: covariance) of dask inputs.

    Equal to `rocstats.delong` of the gathered data: the AUCs exactly, the
    variance of one score bit for bit (the same exact integer sums, formed in rational
    arithmetic and rounded once), the k x k covariance from exact integer sums of the
    placement products (in memory it is a floating-point ``np.cov``; they agree to about
    1e-15 relative).  DeLong, DeLong & Clarke-Pearson (1988), Biometrics 44:837.

    Parameters
    ----------
    y_true, pos_label, direction, n_buckets
        As in `rocstats.dask.auc`.
    y_score : dask array of shape (n_samples,) or (n_samples, k), dask Series or DataFrame
        One score, or k scores of the same cases (a DataFrame's column names label the
        result).

    Returns
    -------
    AUCResult
        As `rocstats.delong` (``auc``, ``variance``, ``covariance`` for k columns,
        ``n_pos``, ``n_neg``, ``pos_label``, ``conf_int()``).

    Examples
    --------
    Positives (0.9, 0.7), negatives (0.8, 0.1): AUC 3/4, variance 1/8 (as
    `rocstats.delong`):

    >>> import dask.array as da, rocstats.dask
    >>> r = rocstats.dask.delong(da.from_array([1, 1, 0, 0], chunks=2),
    ...                          da.from_array([0.9, 0.7, 0.8, 0.1], chunks=2))
    >>> r.auc, r.variance
    (0.75, 0.125)
    """
    names = _names(y_score)
    P = _prepare(y_true, y_score, pos_label, direction, (1, 2), n_buckets)
    label = P.lab.pos_label
    one = P.sb.ndim == 1
    k = P.k
    if P.one_class:
        m = P.rows if P.code is not None else 0
        warn_one_class(m, P.rows - m)
        if one:
            return AUCResult(float("nan"), float("nan"), m, P.rows - m, None, direction, label)
        nan = np.full(k, np.nan)
        return AUCResult(nan, nan.copy(), m, P.rows - m, np.full((k, k), np.nan), direction,
                         label, names=names)
    want = {"delong"} if one else {"delong", "placements"}
    light, joins = _main_pass(P, want)
    per = [_sort.combine(col) for col in light]
    m, n = per[0][0], per[0][1]
    aucs = [auc_from_twice_u(t[2], m, n) for t in per]
    small = _warn_small(m, n)
    if one:
        var = float("nan") if small else exact_delong_variance(per[0][2], per[0][3],
                                                                per[0][4], m, n)
        return AUCResult(aucs[0], var, m, n, None, direction, label)
    if small:
        cov = np.full((k, k), np.nan)
    else:
        cov = _covariance(joins, [t[2] for t in per], m, n, k)
    return AUCResult(np.array(aucs), np.diag(cov).copy(), m, n, cov, direction, label,
                     names=names)


def _covariance(joins, T, m, n, k):
    """DeLong's ``S10 / m + S01 / n`` from the exact sums of products (see
    `rocstats.curves._delong.exact_delong_variance` for the one-score form)."""
    from fractions import Fraction

    cov = np.empty((k, k))
    for a in range(k):
        for b in range(a, k):
            p10 = sum(j[0][a][b] for j in joins)
            p01 = sum(j[1][a][b] for j in joins)
            tt = T[a] * T[b]
            v = float(Fraction(m * p10 - tt, 4 * n * n * m * m * (m - 1))
                      + Fraction(n * p01 - tt, 4 * m * m * n * n * (n - 1)))
            cov[a, b] = cov[b, a] = v
    return cov


def _curve_counts(P):
    """The whole curve, gathered: distinct working scores ascending, positives and
    negatives at each (one row per distinct score: as large as the data when the scores
    are continuous)."""
    light, _ = _main_pass(P, {"curve"})
    pieces = [d["curve"] for d in light[0]]
    vals = np.concatenate([p[0] for p in pieces])
    cp = np.concatenate([p[1] for p in pieces])
    cn = np.concatenate([p[2] for p in pieces])
    return vals, cp, cn


def roc_curve(y_true, y_score, *, pos_label=None, direction="<", n_buckets=None):
    """Empirical ROC curve of dask inputs, equal to `rocstats.roc_curve` of the
    gathered data (every distinct threshold, ties as one diagonal step, exact AUC).

    The curve has one point per distinct score and is returned in memory: with
    continuous scores it is as long as the data (three float64 arrays), so for data
    that do not fit in memory ask for `auc` / `delong` or for
    `coords` at given thresholds instead.  No ``sample_weight``.

    Examples
    --------
    >>> import dask.array as da, rocstats.dask
    >>> r = rocstats.dask.roc_curve(da.from_array([0, 0, 1, 1], chunks=2),
    ...                             da.from_array([0.1, 0.4, 0.4, 0.8], chunks=2))
    >>> r.fpr.tolist(), r.tpr.tolist(), r.auc
    ([0.0, 0.0, 0.5, 1.0], [0.0, 0.5, 1.0, 1.0], 0.875)
    """
    P = _prepare(y_true, y_score, pos_label, direction, (1,), n_buckets)
    vals, cp, cn = _curve_counts(P)
    tp = np.r_[0, np.cumsum(cp[::-1])]
    fp = np.r_[0, np.cumsum(cn[::-1])]
    thr = np.r_[np.inf, vals[::-1]]
    if direction == ">":
        thr = -thr
    Pn, Nn = int(tp[-1]), int(fp[-1])
    label = P.lab.pos_label
    if warn_one_class(Pn, Nn, "ROC curve"):
        nan = np.full(tp.shape, np.nan)
        return ROCCurve(fpr=nan, tpr=nan.copy(), thresholds=thr, auc=float("nan"),
                        n_pos=float(Pn), n_neg=float(Nn), direction=direction,
                        pos_label=label)
    u2 = _trapezoid_u2(tp, fp)
    return ROCCurve(fpr=fp / float(Nn), tpr=tp / float(Pn), thresholds=thr,
                    auc=auc_from_twice_u(u2, Pn, Nn), n_pos=float(Pn), n_neg=float(Nn),
                    direction=direction, pos_label=label)


def _trapezoid_u2(tp, fp):
    """Exact ``sum dfp (tp_k + tp_{k-1})`` (Python ints over int64 chunks)."""
    d = np.diff(fp)
    s = tp[1:] + tp[:-1]
    return _sort.sum_products(d.astype(np.int64), s.astype(np.int64))


def coords(y_true, y_score, x="all", *, input="threshold",
           ret=("threshold", "specificity", "sensitivity"), best_method="youden",
           best_weights=(1.0, 0.5), direction="<", pos_label=None, n_buckets=None):
    """Coordinates of the empirical ROC curve of dask inputs, as `rocstats.coords`
    of the gathered data (pROC's ``coords``; same options, rows and exact optimum).

    The curve's integer counts come from the distributed sort and are gathered (one
    row per distinct score, see `roc_curve`); the rows are then chosen by the
    in-memory code, so the two cannot disagree.

    Examples
    --------
    >>> import dask.array as da, rocstats.dask
    >>> y = da.from_array([0, 0, 1, 0, 1, 1], chunks=3)
    >>> s = da.from_array([0.1, 0.2, 0.3, 0.4, 0.6, 0.9], chunks=3)
    >>> rocstats.dask.coords(y, s, "best", ret=("threshold", "sensitivity")).round(4)
       threshold  sensitivity
    0       0.25       1.0000
    1       0.50       0.6667
    """
    import pandas as pd

    from ..curves import _coords as C

    x = C.check_x(x)
    input = C.check_input(input)
    ret = C.check_ret(ret)
    best_method = C.check_best_method(best_method)
    r_float, r_exact = C.check_best_weights(best_weights)
    P = _prepare(y_true, y_score, pos_label, direction, (1,), n_buckets)
    vals, cp, cn = _curve_counts(P)
    Pn, Nn = int(cp.sum()), int(cn.sum())
    if warn_one_class(Pn, Nn, "The ROC curve (coords)"):
        rows = 1 if isinstance(x, str) else x.size
        frame = {key: np.full(rows, np.nan) for key in ret}
        if "threshold" in ret and not isinstance(x, str) and input == "threshold":
            frame["threshold"] = x.copy()
        return pd.DataFrame(frame, columns=list(ret))
    curve = C.curve_from_counts(vals[::-1], np.cumsum(cp[::-1]), np.cumsum(cn[::-1]),
                                direction)
    if not isinstance(x, str) and input == "threshold":
        w = -x if direction == ">" else x
        idx = np.searchsorted(vals, w, side="left")
        below_p = np.r_[0, np.cumsum(cp)]
        below_n = np.r_[0, np.cumsum(cn)]
        tp = (Pn - below_p[idx]).astype(np.int64)
        fp = (Nn - below_n[idx]).astype(np.int64)
        out = C.coordinate_values(ret, tp / float(Pn), (Nn - fp) / float(Nn), Pn, Nn,
                                  r_float, thresholds=x, tp=tp, tn=Nn - fp)
    else:
        out = C.coord_rows(curve, None, None, x, input, ret, best_method, r_float, r_exact)
    return pd.DataFrame(out, columns=list(ret))


def ci_auc(y_true, y_score, *, method="delong", level=0.95, direction="<", pos_label=None,
           n_buckets=None, client=None, **bootstrap):
    """Confidence interval of the AUC of dask inputs (pROC's ``ci.auc``).

    ``method="delong"``: the Wald interval of `delong` (distributed, exact),
    clipped to [0, 1]: equal to `rocstats.ci_auc` of the gathered data.

    ``method="bootstrap"``: the data are gathered (the bootstrap engine resamples the
    sorted data in memory) and `rocstats.ci_auc` runs with its replicates on the
    cluster (``n_jobs=client``; the current client if ``client`` is None, and in this
    process when there is none): the same
    interval as ``n_jobs=1`` for the same ``random_state``.  ``bootstrap`` holds the
    bootstrap options of `rocstats.ci_auc` (``n_boot``, ``stratified``,
    ``interval``, ``random_state``).

    Examples
    --------
    >>> import dask.array as da, rocstats.dask
    >>> ci = rocstats.dask.ci_auc(da.from_array([1, 1, 0, 0], chunks=2),
    ...                           da.from_array([0.9, 0.7, 0.8, 0.1], chunks=2))
    >>> ci.estimate, round(ci.lower, 4), ci.upper
    (0.75, 0.057, 1.0)
    """
    if method not in ("delong", "bootstrap"):
        raise ValueError("method must be 'delong' or 'bootstrap', got %r" % (method,))
    level = _check_level(level)
    if method == "delong":
        if bootstrap:
            raise ValueError("bootstrap options %s are not used by method='delong'"
                             % sorted(bootstrap))
        res = delong(y_true, y_score, pos_label=pos_label, direction=direction,
                     n_buckets=n_buckets)
        ci = res.conf_int(level, method="wald")
        return ConfidenceInterval(ci.lower, ci.upper, level, "delong", estimate=res.auc)
    from .. import ci_auc as memory_ci_auc

    bad = set(bootstrap) - {"n_boot", "stratified", "interval", "random_state"}
    if bad:
        raise ValueError("unknown bootstrap options %s" % sorted(bad))
    y, s = gather(y_true, y_score)
    if client is None:
        from distributed import get_client
        try:
            client = get_client()
        except ValueError:                 # no client: the replicates run here
            client = None
    return memory_ci_auc(y, s, method="bootstrap", level=level, direction=direction,
                         pos_label=pos_label, n_jobs=client, **bootstrap)


def gather(y_true, y_score):
    """The two dask arguments as in-memory arrays (checked as the other functions do)."""
    if _inputs.is_dask(y_score):
        sb = _inputs.as_blocks(y_score, "y_score", (1,))
        yb = _inputs.as_blocks(y_true, "y_true", (1,), like=sb)
    else:
        yb = _inputs.as_blocks(y_true, "y_true", (1,))
        sb = _inputs.as_blocks(y_score, "y_score", (1,), like=yb)
    _inputs.check_score_dtype(sb, "y_score")
    _inputs.align(yb, sb)
    ys, ss = _compute(yb.delayed, sb.delayed)
    import pandas as pd
    if yb.categories is not None:
        y = pd.concat(list(ys))
    elif ys and isinstance(ys[0], pd.Series):
        y = pd.concat(list(ys)).to_numpy()
    else:
        y = np.concatenate([np.asarray(v) for v in ys])
    s = np.concatenate([np.asarray(v) for v in ss])
    if y.shape[0] != s.shape[0]:
        raise ValueError("y_true has %d rows but y_score has %d" % (y.shape[0], s.shape[0]))
    return y, s
