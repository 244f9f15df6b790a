"""Confidence intervals of the area under the precision-recall curve and a pointwise band
of the curve (`ci_pr_auc`, `ci_pr_band`), on the one bootstrap engine.

A replicate's area is computed from its counts per distinct score (the data sorted once):
cumulative TP / FP from the highest score, the steps of `rocstats.curves._pr`, the same
area formula as `rocstats.pr_auc` -- O(K) per replicate, no re-sorting.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, Optional, Sequence, Union  # noqa: F401

from .._typing import ArrayLike, Direction, Jobs, Label, Range, Seed  # noqa: F401

if TYPE_CHECKING:
    import pandas as pd  # noqa: F401

    from .._results import ConfidenceInterval  # noqa: F401
import numpy as np

from .._validation import warn_one_class
from ..curves._pr import (_check_area_method, pr_area, pr_auc, pr_auc_interval,
                       precision_at_recall, segments_from_counts)
from . import _engine
from ._results import BootstrapInterval

__all__ = ["ci_pr_auc", "ci_pr_band"]

METHODS = ("logit", "binomial", "bootstrap")


def _steps(cp, cn):
    """Steps of each row's PR curve from block counts (ascending blocks)."""
    R = cp.shape[0]
    zero = np.zeros((R, 1))
    tp = np.hstack([zero, np.cumsum(cp[:, ::-1], axis=1, dtype=np.float64)])
    fp = np.hstack([zero, np.cumsum(cn[:, ::-1], axis=1, dtype=np.float64)])
    return segments_from_counts(tp, fp), tp[:, -1]


def area_on_counts(area):
    """``on_counts(cp, cn) -> (R, 1)``: the area of each replicate (NaN without a
    positive)."""
    def on_counts(cp, cn, replicates=None):
        (a, d, fpa, e), P = _steps(cp, cn)
        out = np.full(cp.shape[0], np.nan)
        ok = P > 0
        if ok.any():
            out[ok] = pr_area(a[ok], d[ok], fpa[ok], e[ok], P[ok], area)
        return out[:, None]
    return on_counts


def ci_pr_auc(y_true: ArrayLike, y_score: ArrayLike, *, area: Any = "interpolated",
              method: str = "logit", level: float = 0.95, n_boot: int = 2000,
              stratified: bool = True, interval: str = "percentile",
              random_state: Seed = None, n_jobs: Jobs = None, direction: Direction = "<",
              pos_label: Label = None) -> ConfidenceInterval:
    """Confidence interval of the area under the precision-recall curve.

    ``method="logit"`` / ``"binomial"``: Boyd, Eng & Page's (2013) closed forms
    (`rocstats.PRAUCResult.conf_int`).  ``method="bootstrap"``: ``n_boot``
    replicates of the area from the one bootstrap engine (stratified by default, as
    pROC's), percentile or BCa interval, as `rocstats.ci_auc`.

    Parameters
    ----------
    y_true, y_score, pos_label, direction
        As in `rocstats.auc`.
    area : {"interpolated", "average_precision", "trapezoid", "rocr"}
        The area (`rocstats.pr_auc`).
    method : {"logit", "binomial", "bootstrap"}
    level, n_boot, stratified, interval, random_state, n_jobs
        As in `rocstats.ci_auc`.

    Returns
    -------
    ConfidenceInterval or BootstrapInterval

    Examples
    --------
    From the top: two positives (precision 1 up to recall 2/3), a negative, a positive:
    the interpolated area is (2 + 1 - log(4/3)) / 3 = 0.9041, inside its bootstrap
    interval:

    >>> import rocstats
    >>> y, s = [0, 0, 1, 1, 0, 1], [0.1, 0.4, 0.35, 0.8, 0.2, 0.9]
    >>> ci = rocstats.ci_pr_auc(y, s, method="bootstrap", n_boot=200, random_state=1)
    >>> round(ci.estimate, 4), ci.lower <= ci.estimate <= ci.upper
    (0.9041, True)
    """
    if method not in METHODS:
        raise ValueError("method must be one of %s, got %r" % (METHODS, method))
    _check_area_method(area)
    res = pr_auc(y_true, y_score, method=area, pos_label=pos_label, direction=direction)
    if method != "bootstrap":
        return pr_auc_interval(res.auc, res.n_pos, level, method)
    from ._ci import _bootstrap, _prepare

    opts = _engine.check_options(level, n_boot, stratified, interval, random_state, n_jobs)
    what = "area under the PR curve (%s)" % area
    labels, score, is_pos, P, N = _prepare(y_true, y_score, pos_label, direction)
    nan = float("nan")
    if warn_one_class(P, N, "The %s" % what):
        return BootstrapInterval(nan, nan, opts.level, "bootstrap", nan, n_boot=opts.n_boot,
                                 stratified=opts.stratified, interval=opts.interval,
                                 seed=opts.seed, replicates=np.empty(0), statistic=what)
    data = _engine.Data(is_pos, score)
    on_counts = area_on_counts(area)

    def fused(r0, r1):
        return np.concatenate([on_counts(cp, cn) for _, _, cp, cn in
                               data.count_chunks(opts, r0, r1)], axis=0)

    reps, est, accel = _bootstrap(data, opts, fused, on_counts)
    reps = _engine.drop_rows(reps, what)
    lo, med, hi, nv = _engine.intervals(reps, est, opts.level, opts.interval, accel)
    return BootstrapInterval(float(lo[0]), float(hi[0]), opts.level, "bootstrap",
                             float(est[0]), median=float(med[0]), n_boot=opts.n_boot,
                             n_valid=int(nv[0]), stratified=opts.stratified,
                             interval=opts.interval, seed=opts.seed,
                             replicates=reps[:, 0].copy(), statistic=what)


def ci_pr_band(y_true: ArrayLike, y_score: ArrayLike, *, recalls: Any = None,
               level: float = 0.95, n_boot: int = 2000, stratified: bool = True,
               random_state: Seed = None, n_jobs: Jobs = None, direction: Direction = "<",
               pos_label: Label = None) -> pd.DataFrame:
    """Pointwise bootstrap band of the precision-recall curve: at each recall, the
    precision of Davis & Goadrich's interpolated curve (`rocstats.curves._pr`) in every
    replicate, and R's type-7 quantiles at ``(1 -/+ level) / 2`` (percentile interval).

    Parameters
    ----------
    y_true, y_score, pos_label, direction
        As in `rocstats.auc`.
    recalls : array-like, optional
        Default 0, 0.01, ..., 1.
    level, n_boot, stratified, random_state, n_jobs
        As in `rocstats.ci_auc`.

    Returns
    -------
    pandas.DataFrame
        Columns ``recall``, ``lower``, ``median``, ``upper``, ``estimate``; ``attrs``
        holds ``level``, ``n_boot``, ``stratified``, ``seed``.

    Examples
    --------
    >>> import rocstats
    >>> band = rocstats.ci_pr_band([0, 0, 1, 1, 0, 1], [0.1, 0.4, 0.35, 0.8, 0.2, 0.9],
    ...                            recalls=[0.5, 1.0], n_boot=100, random_state=0)
    >>> band.columns.tolist(), band["estimate"].round(4).tolist()
    (['recall', 'lower', 'median', 'upper', 'estimate'], [1.0, 0.75])
    """
    import pandas as pd

    from .._validation import as_float_array
    from ._ci import _prepare

    r = np.atleast_1d(as_float_array(np.linspace(0, 1, 101) if recalls is None else recalls,
                                     "recalls", ndim=(0, 1)))
    if r.size == 0 or (r < 0).any() or (r > 1).any():
        raise ValueError("recalls must be values in [0, 1]")
    opts = _engine.check_options(level, n_boot, stratified, "percentile", random_state,
                                 n_jobs)
    labels, score, is_pos, P, N = _prepare(y_true, y_score, pos_label, direction)

    def frame(lo, med, hi, est):
        df = pd.DataFrame({"recall": r, "lower": lo, "median": med, "upper": hi,
                           "estimate": est})
        df.attrs.update(level=opts.level, n_boot=opts.n_boot, stratified=opts.stratified,
                        seed=opts.seed, kind="pointwise")
        return df

    if warn_one_class(P, N, "The precision-recall curve (ci_pr_band)"):
        nan = np.full(r.size, np.nan)
        return frame(nan, nan, nan, nan)
    data = _engine.Data(is_pos, score)

    def on_counts(cp, cn, replicates=None):
        (a, d, fpa, e), Pr = _steps(cp, cn)
        out = np.full((cp.shape[0], r.size), np.nan)
        for i in range(cp.shape[0]):
            if Pr[i] > 0:
                out[i] = precision_at_recall(a[i], d[i], fpa[i], e[i], Pr[i], r)
        return out

    def fused(r0, r1):
        return np.concatenate([on_counts(cp, cn) for _, _, cp, cn in
                               data.count_chunks(opts, r0, r1)], axis=0)

    reps = _engine.parallel(fused, opts.n_boot, opts.jobs)
    est = on_counts(data.cp0[None], data.cn0[None])[0]
    reps = _engine.drop_rows(reps, "precision")
    lo, med, hi, _ = _engine.intervals(reps, est, opts.level, "percentile")
    return frame(lo, med, hi, est)

