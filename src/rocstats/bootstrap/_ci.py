"""Confidence intervals of ROC statistics: DeLong or bootstrap for the AUC, bootstrap for
sensitivities, specificities, thresholds and any coordinate (pROC's ``ci.auc``,
``ci.se``, ``ci.sp``, ``ci.thresholds``, ``ci.coords``) and a whole-curve band.

Every bootstrap interval comes from the one engine (`rocstats.bootstrap._engine`):
the data sorted once, multinomial counts drawn over the sorted order, one O(n) sweep per
replicate in C (GIL released, ``n_jobs`` threads), a counter-based random stream so that
``random_state`` fixes the replicates whatever ``n_jobs``.  A replicate's statistic is
computed with pROC's own floating-point operations on pROC's curve of the resampled data,
so each replicate gives the value pROC would give on the same resample.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Dict, Optional, Sequence, TypeVar, Union  # noqa: F401

from .._typing import ArrayLike, Direction, Jobs, Label, Range, Seed  # noqa: F401

if TYPE_CHECKING:
    import pandas as pd
import dataclasses
import warnings

import numpy as np

from .. import _areas, _kernels
from .._results import ConfidenceInterval, _check_level
from .._sample import _two_dimensional, binary_sample, per_marker, roc_arguments
from .._validation import UndefinedAUCWarning, as_float_array, warn_reversed
from ..curves._coords import (best_indices, check_best_method, check_best_weights, check_ret,
                              check_x, coord_rows, coordinate_values, curve_from_counts,
                              curve_of)
from . import _engine
from ._results import BootstrapInterval, CoordsCI

__all__ = ["ci_auc", "ci_se", "ci_sp", "ci_band", "ci_thresholds", "ci_coords"]

METHODS = ("delong", "bootstrap")
BEST_POLICIES = ("stop", "omit", "random")
_CI_INPUTS = ("threshold", "specificity", "sensitivity")


def _default_grid():
    """R's ``seq(0, 1, 0.1)``: ``(0:10) * 0.1`` (0.30000000000000004 included, as pROC's
    default ``specificities`` / ``sensitivities``; an exact-match test depends on it)."""
    return np.arange(11) * 0.1


def _unit_values(values, name):
    arr = np.atleast_1d(as_float_array(values, name, ndim=(0, 1)))
    if arr.size == 0:
        raise ValueError("%s is empty" % name)
    if np.any((arr < 0) | (arr > 1)):
        raise ValueError("%s must lie in [0, 1], got %s" % (name, arr[(arr < 0) | (arr > 1)]))
    return arr


def _prepare(y_true, y_score, pos_label, direction):
    sample = binary_sample(y_true, y_score, pos_label=pos_label, direction=direction)
    return sample, sample.score, sample.is_pos, sample.m, sample.n


def _warn_perfect(data, what):
    """pROC warns that the interval of a perfect curve is degenerate."""
    if _kernels.bootstrap.auc_counts(data.cp0[None], data.cn0[None])[0] == 1.0:
        warnings.warn("%s of a ROC curve with AUC == 1 is always a null interval and can be "
                      "misleading" % what, UserWarning, stacklevel=3)


def _bootstrap(data, opts, fused, on_counts):
    """Replicates (from ``fused(r0, r1)`` in threads), the data's own statistic and, for
    BCa, the jackknife acceleration."""
    reps = _engine.parallel(fused, opts.n_boot, opts.jobs)
    estimate = on_counts(data.cp0[None], data.cn0[None])[0]
    accel = None
    if opts.interval == "bca":
        accel = _engine.jackknife_acceleration(data, on_counts, opts.stratified)
    return reps, estimate, accel


def _from_counts(data, opts, on_counts):
    """A fused function for statistics evaluated on count matrices (drawn in chunks)."""
    def fused(r0, r1):
        return np.concatenate([on_counts(cp, cn, np.arange(a, b))
                               for a, b, cp, cn in data.count_chunks(opts, r0, r1)], axis=0)
    return fused


# =========================================================================== statistics
def statistic_functions(data, kind):
    """``(on_counts(cp, cn) -> (R,), reps(stratified, seed, r0, r1) -> (R,))`` of one
    statistic of ``data`` (`rocstats.bootstrap._engine.Data`): ``kind`` is
    ``("auc",)``, ``("partial", (lo, hi), focus, correct)`` or ``("curve", given,
    value)`` (the sensitivity at a specificity, given = 0, or the reverse).  ``reps``
    draws the replicates r0 .. r1 - 1 with the fused kernels where there are some (AUC,
    curve), else counts in chunks; the front ends of `rocstats.compare` use it."""
    kb = _kernels.bootstrap
    if kind[0] == "auc":
        def on_counts(cp, cn):
            return kb.auc_counts(cp, cn)

        def reps(strat, seed, r0, r1):
            return kb.auc(data.pos_block, data.neg_block, data.K, strat, seed, r0, r1)
    elif kind[0] == "curve":
        given, target = kind[1], np.array([kind[2]])

        def on_counts(cp, cn):
            return kb.curve_counts(cp, cn, given, target)[:, 0]

        def reps(strat, seed, r0, r1):
            return kb.curve(data.pos_block, data.neg_block, data.K, strat, seed, r0, r1,
                            given, target)[:, 0]
    else:
        part = _partial_on_counts(kind[1], kind[2], kind[3])

        def on_counts(cp, cn):
            return part(cp, cn)[:, 0]

        def reps(strat, seed, r0, r1):
            step = max(1, _engine.CHUNK // data.K)
            out = [on_counts(*kb.counts(data.pos_block, data.neg_block, data.K, strat, seed,
                                        a, min(r1, a + step)))
                   for a in range(r0, r1, step)]
            return np.concatenate(out) if out else np.empty(0)
    return on_counts, reps


# =========================================================================== ci_auc
def _points_from_counts(cp, cn):
    """se, sp of every row's curve in pROC's order, one point per block (empty blocks
    repeat a point, which adds no area), with R's floating-point operations."""
    m = cp.sum(axis=1)[:, None].astype(np.float64)
    n = cn.sum(axis=1)
    tp = cp.sum(axis=1)[:, None] - np.cumsum(np.hstack([np.zeros((cp.shape[0], 1), np.int64),
                                                        cp]), axis=1)
    fp = n[:, None] - np.cumsum(np.hstack([np.zeros((cn.shape[0], 1), np.int64), cn]), axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        return tp / m, (n[:, None] - fp) / n[:, None].astype(np.float64)


def _partial_on_counts(partial, focus, correct):
    pm = _areas

    def on_counts(cp, cn, replicates=None):
        se, sp = _points_from_counts(cp, cn)
        bad = (cp.sum(axis=1) == 0) | (cn.sum(axis=1) == 0)
        se[bad], sp[bad] = 1.0, 0.0                      # placeholders, set to NaN below
        se[bad, -1], sp[bad, -1] = 0.0, 1.0
        val = np.asarray(pm.partial_auc_from_points(se, sp, partial=partial, focus=focus),
                         dtype=float).reshape(-1)
        if correct:
            val = np.asarray(pm.mcclish(val, *partial, allow_invalid=True), dtype=float)
            val = val.reshape(-1)
        val[bad] = np.nan
        return val[:, None]
    return on_counts


def ci_auc(y_true: ArrayLike, y_score: Optional[ArrayLike] = None, *,
           method: str = "delong", level: float = 0.95, partial: Optional[Range] = None,
           focus: str = "specificity", correct: bool = False, n_boot: int = 2000,
           stratified: bool = True, interval: str = "percentile", random_state: Seed = None,
           n_jobs: Jobs = None, direction: Direction = "<", pos_label: Label = None
        ) -> ConfidenceInterval:
    r"""Confidence interval of the AUC (or of a partial AUC), as pROC's ``ci.auc``.

    ``method="delong"``: the Wald interval ``AUC -/+ z SE`` with DeLong's SE, clipped to
    [0, 1] (pROC's ``ci.auc(method = "delong")``; `rocstats.AUCResult.conf_int`).

    ``method="bootstrap"``: ``n_boot`` bootstrap replicates of the AUC, stratified by
    default (cases and controls resampled separately, pROC's ``boot.stratified = TRUE``),
    and their type-7 quantiles at ``(1 - level) / 2`` and ``(1 + level) / 2`` (pROC's
    percentile interval), or the BCa interval (Efron 1987) with ``interval="bca"``.
    Each replicate is the Mann-Whitney AUC of the resampled data (ties count 1/2),
    computed from multinomial counts over the data sorted once: O(n) per replicate in C.

    Parameters
    ----------
    y_true, y_score, pos_label, direction
        As in `rocstats.auc`.
    method : {"delong", "bootstrap"}
    level : float
        Confidence level in (0, 1) (pROC's ``conf.level``).
    partial : (low, high), optional
        A partial AUC over this specificity (or sensitivity) range, 0 <= low < high <= 1,
        with ``focus`` and ``correct`` (McClish) as in `rocstats.auc`.
    n_boot : int
        Bootstrap replicates (pROC's ``boot.n``; default 2000 as pROC).
    stratified : bool
        Resample cases and controls separately (default, pROC's default) or the
        observations together (a replicate without a class is dropped, with a warning).
    interval : {"percentile", "bca"}
    random_state : None, int or numpy random generator
        Seed of the counter-based stream; the same seed gives the same replicates for
        any ``n_jobs``.
    n_jobs : int or dask.distributed.Client, optional
        Threads (None: 1; -1: every CPU), or a ``distributed.Client``: the replicates
        then run as tasks on its cluster (same results; see `rocstats.dask`).

    Returns
    -------
    ConfidenceInterval
        ``lower``, ``upper``, ``level``, ``method`` and ``estimate`` (the AUC of the
        data); for the bootstrap a `rocstats.bootstrap.BootstrapInterval` that
        also carries ``median``, ``n_boot``, ``n_valid``, ``seed`` and ``replicates``.
        With one class absent: NaN and an `rocstats.UndefinedAUCWarning`.

    Examples
    --------
    Positives (0.9, 0.7), negatives (0.8, 0.1): AUC 3/4, DeLong variance 1/8, so the 95%
    Wald interval ``0.75 -/+ 1.96 sqrt(1/8)`` is clipped to [0.057, 1]:

    >>> import rocstats
    >>> ci = rocstats.ci_auc([1, 1, 0, 0], [0.9, 0.7, 0.8, 0.1])
    >>> ci.estimate, round(ci.lower, 4), ci.upper
    (0.75, 0.057, 1.0)

    A perfectly separated sample gives AUC 1 in every stratified replicate:

    >>> import warnings
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore")
    ...     b = rocstats.ci_auc([0, 0, 1, 1], [1, 2, 3, 4], method="bootstrap",
    ...                         n_boot=100, random_state=1)
    >>> b.lower, b.upper, b.n_valid
    (1.0, 1.0, 100)
    """
    if method not in METHODS:
        raise ValueError("method must be 'delong' or 'bootstrap', got %r" % (method,))
    level = _check_level(level)
    part = None
    if partial is not None:
        part = _areas.check_partial(partial)
        focus = _areas.check_focus(focus)
        correct = _areas.check_correct(correct)
    if method == "delong":
        from ..curves._delong import delong

        kw = dict(partial=part, focus=focus, correct=correct) if part is not None else {}
        res = delong(y_true, y_score, pos_label=pos_label, direction=direction, **kw)
        ci = res.conf_int(level, method="wald")
        return ConfidenceInterval(ci.lower, ci.upper, level, "delong", estimate=res.auc,
                                  names=ci.names)
    if _two_dimensional(y_score) and getattr(y_true, "_roc_sample", None) is None:
        return per_marker(ci_auc)(y_true, y_score, method=method, level=level,
                                  partial=partial, focus=focus, correct=correct,
                                  n_boot=n_boot, stratified=stratified, interval=interval,
                                  random_state=random_state, n_jobs=n_jobs,
                                  direction=direction, pos_label=pos_label)
    opts = _engine.check_options(level, n_boot, stratified, interval, random_state, n_jobs)
    what = "AUC" if part is None else "partial AUC%s (%s %g to %g)" % (
        " (McClish)" if correct else "", focus, part[0], part[1])
    labels, score, is_pos, P, N = _prepare(y_true, y_score, pos_label, direction)
    direction = labels.direction
    nan = float("nan")
    if labels.undefined("The %s" % what):
        return BootstrapInterval(nan, nan, level, "bootstrap", nan, n_boot=opts.n_boot,
                                 stratified=opts.stratified, interval=opts.interval,
                                 seed=opts.seed, replicates=np.empty(0), statistic=what)
    data = _engine.data_of(labels)
    _warn_perfect(data, "ci_auc()")
    if part is None:
        def on_counts(cp, cn, replicates=None):
            return _kernels.bootstrap.auc_counts(cp, cn)[:, None]

        def fused(r0, r1):
            return _kernels.bootstrap.auc(*data.sampling(opts), r0, r1)[:, None]
    else:
        on_counts = _partial_on_counts(part, focus, correct)
        fused = _from_counts(data, opts, on_counts)
    reps, est, accel = _bootstrap(data, opts, fused, on_counts)
    if part is None:
        warn_reversed(est[0], direction, labels.pos_label)
    reps = _engine.drop_rows(reps, what)
    lo, med, hi, nv = _engine.intervals(reps, est, level, opts.interval, accel)
    return BootstrapInterval(float(lo[0]), float(hi[0]), level, "bootstrap", float(est[0]),
                             median=float(med[0]), n_boot=opts.n_boot, n_valid=int(nv[0]),
                             stratified=opts.stratified, interval=opts.interval,
                             seed=opts.seed, replicates=reps[:, 0].copy(), statistic=what)


# =========================================================================== ci_se / ci_sp
def _curve_ci(y_true, y_score, values, given, *, level, n_boot, stratified, interval,
              random_state, n_jobs, direction, pos_label, what):
    import pandas as pd

    col = ("specificity", "sensitivity")[given]
    name = ("specificities", "sensitivities")[given]
    y_score, values = roc_arguments(y_true, y_score, values, None, name)
    values = _unit_values(_default_grid() if values is None else values, name)
    opts = _engine.check_options(level, n_boot, stratified, interval, random_state, n_jobs)
    labels, score, is_pos, P, N = _prepare(y_true, y_score, pos_label, direction)

    def frame(lo, med, hi):
        df = pd.DataFrame({col: values, "lower": lo, "median": med, "upper": hi})
        df.attrs.update(level=opts.level, n_boot=opts.n_boot, stratified=opts.stratified,
                        interval=opts.interval, seed=opts.seed)
        return df

    if labels.undefined("The ROC curve (%s)" % what):
        nan = np.full(values.size, np.nan)
        return frame(nan, nan, nan)
    data = _engine.data_of(labels)
    _warn_perfect(data, what + "()")
    order = np.argsort(values, kind="stable")
    targets = np.ascontiguousarray(values[order])
    inverse = np.empty_like(order)
    inverse[order] = np.arange(order.size)

    def on_counts(cp, cn, replicates=None):
        return _kernels.bootstrap.curve_counts(cp, cn, given, targets)[:, inverse]

    def fused(r0, r1):
        return _kernels.bootstrap.curve(*data.sampling(opts), r0, r1, given,
                                        targets)[:, inverse]

    reps, est, accel = _bootstrap(data, opts, fused, on_counts)
    reps = _engine.drop_rows(reps, ("sensitivity", "specificity")[given])
    lo, med, hi, _ = _engine.intervals(reps, est, opts.level, opts.interval, accel)
    out = frame(lo, med, hi)
    out.attrs["n_valid"] = int(reps.shape[0])
    out.attrs["estimate"] = est.tolist()
    return out


_BOOT_DOC = """
    level : float
        Confidence level in (0, 1) (pROC's ``conf.level``).
    n_boot : int
        Bootstrap replicates (pROC's ``boot.n``, default 2000).
    stratified : bool
        Resample cases and controls separately (pROC's ``boot.stratified``, default).
    interval : {"percentile", "bca"}
        pROC's percentile interval (default) or BCa (Efron 1987, JASA 82:171; jackknife
        acceleration, stratified as Davison & Hinkley 1997, section 3.2).  For a
        sensitivity at a fixed specificity (or the reverse) the jackknife behind BCa is
        unreliable, the statistic being quantile-like: at 20 cases BCa covered less than
        the percentile interval (rocstats_validation.bootstrap_mc).
    random_state : None, int or numpy random generator
        Seed of the counter-based stream (results do not depend on ``n_jobs``).
    n_jobs : int or dask.distributed.Client, optional
        Threads (None: 1; -1: every CPU), or a ``distributed.Client``: the replicates
        then run as tasks on its cluster (same results; see `rocstats.dask`).
    direction, pos_label
        As in `rocstats.auc`."""


_F = TypeVar("_F", bound=Callable[..., Any])


def _with_options(fn: _F) -> _F:
    """Put the shared description of the bootstrap options in ``fn``'s docstring."""
    if fn.__doc__:                                  # None under python -OO
        fn.__doc__ = fn.__doc__.replace("    BOOTSTRAP_OPTIONS\n",
                                        _BOOT_DOC.lstrip("\n") + "\n")
    return fn


@per_marker
@_with_options
def ci_se(y_true: ArrayLike, y_score: Optional[ArrayLike] = None,
          specificities: Optional[ArrayLike] = None, *, level: float = 0.95,
          n_boot: int = 2000, stratified: bool = True, interval: str = "percentile",
          random_state: Seed = None, n_jobs: Jobs = None, direction: Direction = "<",
          pos_label: Label = None) -> pd.DataFrame:
    """Bootstrap confidence intervals of the sensitivity at given specificities, as
    pROC's ``ci.se``.

    In each replicate the sensitivity at specificity s is read off the replicate's
    empirical curve as pROC's ``coords(..., input = "specificity")`` does: the most
    sensitive point with exactly that specificity, else the linear interpolation between
    the two neighbouring points.  The bounds are the type-7 quantiles of the replicates
    (pROC: 2.5 %, 50 %, 97.5 % for ``level=0.95``).

    Parameters
    ----------
    y_true, y_score
        As in `rocstats.auc`.
    specificities : array-like of values in [0, 1], optional
        Default: R's ``seq(0, 1, 0.1)``.
    BOOTSTRAP_OPTIONS

    Returns
    -------
    pandas.DataFrame
        Columns ``specificity``, ``lower``, ``median``, ``upper``, one row per
        specificity in the order given; ``attrs`` holds ``level``, ``n_boot``,
        ``n_valid``, ``stratified``, ``interval``, ``seed`` and ``estimate`` (the
        data's sensitivities).

    Examples
    --------
    Every stratified replicate of a perfectly separated sample has sensitivity 1 at
    every specificity below 1:

    >>> import warnings, rocstats
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore")
    ...     df = rocstats.ci_se([0, 0, 1, 1], [1, 2, 3, 4], [0.5, 0.9], n_boot=50,
    ...                         random_state=0)
    >>> df
       specificity  lower  median  upper
    0          0.5    1.0     1.0    1.0
    1          0.9    1.0     1.0    1.0
    """
    return _curve_ci(y_true, y_score, specificities, 0, level=level, n_boot=n_boot,
                     stratified=stratified, interval=interval, random_state=random_state,
                     n_jobs=n_jobs, direction=direction, pos_label=pos_label, what="ci_se")


@per_marker
@_with_options
def ci_sp(y_true: ArrayLike, y_score: Optional[ArrayLike] = None,
          sensitivities: Optional[ArrayLike] = None, *, level: float = 0.95,
          n_boot: int = 2000, stratified: bool = True, interval: str = "percentile",
          random_state: Seed = None, n_jobs: Jobs = None, direction: Direction = "<",
          pos_label: Label = None) -> pd.DataFrame:
    """Bootstrap confidence intervals of the specificity at given sensitivities, as
    pROC's ``ci.sp``.

    In each replicate the specificity at sensitivity v is read off the replicate's curve
    as pROC's ``coords(..., input = "sensitivity")``: the most specific point with
    exactly that sensitivity, else the linear interpolation between the two neighbouring
    points.

    Parameters
    ----------
    y_true, y_score
        As in `rocstats.auc`.
    sensitivities : array-like of values in [0, 1], optional
        The sensitivities at which each replicate's specificity is read (pROC's
        ``sensitivities``); R's ``seq(0, 1, 0.1)`` when not given.
    BOOTSTRAP_OPTIONS

    Returns
    -------
    pandas.DataFrame
        Columns ``sensitivity``, ``lower``, ``median``, ``upper`` (``attrs`` as
        `ci_se`).

    Examples
    --------
    >>> import warnings, rocstats
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore")
    ...     df = rocstats.ci_sp([0, 0, 1, 1], [1, 2, 3, 4], [0.5], n_boot=50, random_state=0)
    >>> df.loc[0, ["lower", "upper"]].tolist()
    [1.0, 1.0]
    """
    return _curve_ci(y_true, y_score, sensitivities, 1, level=level, n_boot=n_boot,
                     stratified=stratified, interval=interval, random_state=random_state,
                     n_jobs=n_jobs, direction=direction, pos_label=pos_label, what="ci_sp")


@per_marker
@_with_options
def ci_band(y_true: ArrayLike, y_score: Optional[ArrayLike] = None, *,
            kind: str = "pointwise", specificities: Optional[ArrayLike] = None,
            level: float = 0.95, n_boot: int = 2000, stratified: bool = True,
            interval: str = "percentile", random_state: Seed = None, n_jobs: Jobs = None,
            direction: Direction = "<", pos_label: Label = None
        ) -> Union[pd.DataFrame, Dict[str, pd.DataFrame]]:
    """A confidence band of the whole ROC curve: pointwise (pROC's ``ci.se`` shape) or
    simultaneous.

    ``kind="pointwise"``: `ci_se` over a grid of specificities (default
    ``numpy.linspace(0, 1, 101)``), the band pROC draws with ``plot(ci.se(roc,
    specificities = seq(0, 1, l = 101)), type = "shape")``.  Each specificity's interval
    has the nominal level; the band as a whole covers the curve far less often (0.34-0.56
    for a 95 % band over specificities 0.05-0.95 in rocstats_validation.band_mc).

    ``kind="simultaneous"``: a band that covers the whole true ROC curve over the grid
    with probability ``level``: the bootstrap sup-norm (constant-width) band of Campbell
    (1994, Stat Med 13:499): the empirical sensitivity ``-/+ c``, ``c`` the ``level``
    quantile of the replicates' largest absolute deviation from it over the grid; then
    clipped to [0, 1] and made monotone (`rocstats.bootstrap._band`).  Default grid:
    specificities 0.05, 0.06, ..., 0.95 (at the very ends the curve rests on a few
    extreme controls and no bootstrap band covers it: a "regional" band in the sense of
    Jensen, Mueller & Schaefer 2000).  Simulated coverage of the binormal curve
    (rocstats_validation.band_mc, 95 %): 0.976-0.986 at n = 50-1000 per class,
    conservative (the bootstrap overstates the sup-norm's spread by 13-28 %).
    ``interval`` must be ``"percentile"`` (there is no BCa sup-norm band).

    Parameters
    ----------
    y_true, y_score
        As in `rocstats.auc`.
    kind : {"pointwise", "simultaneous"}
    specificities : array-like of values in [0, 1], optional
    BOOTSTRAP_OPTIONS

    Returns
    -------
    pandas.DataFrame
        Pointwise: as `ci_se`: ``specificity``, ``lower``, ``median``, ``upper``.
        Simultaneous: ``specificity``, ``lower``, ``estimate`` (the data's curve),
        ``upper``; ``attrs`` holds ``kind``, ``level``, ``critical_value`` (c),
        ``n_boot``, ``n_valid``, ``stratified``, ``seed`` and ``method``.

    Examples
    --------
    >>> import warnings, rocstats
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore")
    ...     band = rocstats.ci_band([0, 0, 1, 1], [1, 2, 3, 4], n_boot=20, random_state=0)
    >>> band.shape, band.columns.tolist()
    ((101, 4), ['specificity', 'lower', 'median', 'upper'])

    A simultaneous band of a perfectly separated sample: every replicate has
    sensitivity 1, so c = 0 and the band is the curve itself:

    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore")
    ...     sim = rocstats.ci_band([0, 0, 1, 1], [1, 2, 3, 4], kind="simultaneous",
    ...                            n_boot=20, random_state=0)
    >>> sim.attrs["critical_value"], float(sim["lower"].min()), sim.shape
    (0.0, 1.0, (91, 4))
    """
    if kind not in ("pointwise", "simultaneous"):
        raise ValueError("kind must be 'pointwise' (pROC's ci.se band) or 'simultaneous', "
                         "got %r" % (kind,))
    if kind == "simultaneous":
        if interval != "percentile":
            raise ValueError("interval must be 'percentile' for kind='simultaneous' (the "
                             "sup-norm band has no BCa form), got %r" % (interval,))
        from ._band import simultaneous_band

        return simultaneous_band(y_true, y_score, specificities, level=level,
                                 n_boot=n_boot, stratified=stratified,
                                 random_state=random_state, n_jobs=n_jobs,
                                 direction=direction, pos_label=pos_label)
    values = np.linspace(0.0, 1.0, 101) if specificities is None else specificities
    return _curve_ci(y_true, y_score, values, 0, level=level, n_boot=n_boot,
                     stratified=stratified, interval=interval, random_state=random_state,
                     n_jobs=n_jobs, direction=direction, pos_label=pos_label, what="ci_band")


# =========================================================================== coordinates
def _summarise_coords(reps, est, accel, opts, x, input, ret, drop_all):
    J = len(ret)
    if drop_all:
        reps = _engine.drop_rows(reps, "sensitivity or specificity")
    else:
        empty = np.isnan(reps).all(axis=1)
        if empty.any():
            warnings.warn("%d of %d bootstrap replicates gave undefined values only and "
                          "were ignored" % (int(empty.sum()), reps.shape[0]),
                          UndefinedAUCWarning, stacklevel=3)
    lo, med, hi, nv = _engine.intervals(reps, est, opts.level, opts.interval, accel)
    shape = (len(x), J)
    return CoordsCI(x=x, input=input, ret=tuple(ret), lower=lo.reshape(shape),
                    median=med.reshape(shape), upper=hi.reshape(shape),
                    estimate=np.asarray(est, dtype=float).reshape(shape),
                    n_valid=nv.reshape(shape), level=opts.level, n_boot=opts.n_boot,
                    stratified=opts.stratified, interval=opts.interval, seed=opts.seed,
                    replicates=reps.reshape((reps.shape[0],) + shape))


def _nan_coords(x, input, ret, opts):
    shape = (len(x), len(ret))
    nan = np.full(shape, np.nan)
    return CoordsCI(x=x, input=input, ret=tuple(ret), lower=nan, median=nan.copy(),
                    upper=nan.copy(), estimate=nan.copy(),
                    n_valid=np.zeros(shape, dtype=np.int64), level=opts.level,
                    n_boot=opts.n_boot, stratified=opts.stratified, interval=opts.interval,
                    seed=opts.seed)


@per_marker
@_with_options
def ci_thresholds(y_true: ArrayLike, y_score: Optional[ArrayLike] = None,
                  thresholds: Any = "local maximas", *, best_method: str = "youden",
                  best_weights: Sequence[float] = (1.0, 0.5), level: float = 0.95,
                  n_boot: int = 2000, stratified: bool = True, interval: str = "percentile",
                  random_state: Seed = None, n_jobs: Jobs = None,
                  direction: Direction = "<", pos_label: Label = None
        ) -> Union[CoordsCI, Dict[str, CoordsCI]]:
    """Bootstrap confidence intervals of the specificity and sensitivity at fixed
    thresholds, as pROC's ``ci.thresholds``.

    The thresholds are fixed on the data (``"local maximas"``, ``"best"`` or ``"all"``
    points of `rocstats.coords`, or the numbers given); in each replicate the
    operating point of each threshold is counted on the resampled data (``score >=
    threshold`` positive, ``<=`` with ``direction=">"``; pROC's ``roc.utils.perfs``).

    Parameters
    ----------
    y_true, y_score
        As in `rocstats.auc`.
    thresholds : "local maximas", "best", "all" or array-like of numbers
    best_method, best_weights
        For ``thresholds="best"``, as in `rocstats.coords`.
    BOOTSTRAP_OPTIONS

    Returns
    -------
    CoordsCI
        ``x`` = the thresholds, ``ret = ("specificity", "sensitivity")``;
        ``ci["specificity"]`` / ``ci["sensitivity"]`` are pROC's two tables.  A
        replicate with an undefined value (non-stratified, a class absent) is dropped.

    Examples
    --------
    At the threshold 2.5 of a perfectly separated sample every stratified replicate has
    specificity and sensitivity 1:

    >>> import warnings, rocstats
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore")
    ...     ci = rocstats.ci_thresholds([0, 0, 1, 1], [1, 2, 3, 4], [2.5], n_boot=50,
    ...                                 random_state=0)
    >>> ci.lower.tolist(), ci.upper.tolist()
    ([[1.0, 1.0]], [[1.0, 1.0]])
    """
    y_score, thresholds = roc_arguments(y_true, y_score, thresholds, "local maximas",
                                        "thresholds")
    best_method = check_best_method(best_method)
    r_float, r_exact = check_best_weights(best_weights)
    if isinstance(thresholds, str):
        xs = check_x(thresholds, "thresholds")
    else:
        try:
            xs = np.atleast_1d(np.asarray(thresholds, dtype=np.float64))
        except (TypeError, ValueError):
            raise ValueError("thresholds must be 'local maximas', 'best', 'all' or numbers, "
                             "got %r" % (thresholds,)) from None
        if xs.ndim != 1 or xs.size == 0 or np.isnan(xs).any():
            raise ValueError("thresholds must be a non-empty 1-D sequence of numbers "
                             "without NaN (+-inf allowed), got %r" % (thresholds,))
    opts = _engine.check_options(level, n_boot, stratified, interval, random_state, n_jobs)
    labels, score, is_pos, P, N = _prepare(y_true, y_score, pos_label, direction)
    direction = labels.direction
    ret = ("specificity", "sensitivity")
    if labels.undefined("The ROC curve (ci_thresholds)"):
        x = xs if not isinstance(xs, str) else np.array([np.nan])
        return _nan_coords(np.asarray(x, dtype=float), "threshold", ret, opts)
    if isinstance(xs, str):
        curve = curve_of(labels)
        xs = coord_rows(curve, is_pos, score, xs, "threshold", ("threshold",), best_method,
                        r_float, r_exact)["threshold"]
    xs = np.asarray(xs, dtype=np.float64)
    data = _engine.data_of(labels)
    _warn_perfect(data, "ci_thresholds()")
    cuts = data.cuts(xs if direction == "<" else -xs)
    T = xs.size

    def on_counts(cp, cn, replicates=None):
        tp, fp, m, n = _kernels.bootstrap.tails_counts(cp, cn, cuts)
        with np.errstate(invalid="ignore", divide="ignore"):
            sp = (n[:, None] - fp) / n[:, None].astype(np.float64)
            se = tp / m[:, None].astype(np.float64)
        out = np.empty((cp.shape[0], 2 * T))
        out[:, 0::2], out[:, 1::2] = sp, se
        return out

    def fused(r0, r1):
        tp, fp, m, n = _kernels.bootstrap.tails(*data.sampling(opts), r0, r1, cuts)
        with np.errstate(invalid="ignore", divide="ignore"):
            sp = (n[:, None] - fp) / n[:, None].astype(np.float64)
            se = tp / m[:, None].astype(np.float64)
        out = np.empty((r1 - r0, 2 * T))
        out[:, 0::2], out[:, 1::2] = sp, se
        return out

    reps, est, accel = _bootstrap(data, opts, fused, on_counts)
    return _summarise_coords(reps, est, accel, opts, xs, "threshold", ret, drop_all=True)


def _best_on_counts(data, ret, method, r_float, r_exact, direction, policy, seed, first_draw):
    """Coordinates of the optimal point of each row's curve (pROC's ``coords(x="best")``
    on the replicate, exact comparison), with ``best_policy`` for ties.  One extra last
    column: 1 where the replicate had several tied optima (0 otherwise)."""
    values = data.values
    J = len(ret)

    def on_counts(cp, cn, replicates=None):
        out = np.full((cp.shape[0], J + 1), np.nan)
        out[:, J] = 0.0
        for i in range(cp.shape[0]):
            keep = (cp[i] + cn[i]) > 0
            m, n = int(cp[i].sum()), int(cn[i].sum())
            if m == 0 or n == 0:
                continue
            pk, nk = cp[i][keep][::-1], cn[i][keep][::-1]
            curve = curve_from_counts(values[keep][::-1], np.cumsum(pk), np.cumsum(nk),
                                      direction)
            idx, _ = best_indices(curve.tp, curve.fp, m, n, method, r_exact)
            k = idx[0]
            if idx.size > 1 and replicates is not None:
                out[i, J] = 1.0
                r = int(replicates[i])
                if policy == "stop":
                    raise ValueError(
                        "best_policy='stop': bootstrap replicate %d has %d tied best points "
                        "(pROC stops here too); use best_policy='omit' or 'random'"
                        % (r, idx.size))
                if policy == "omit":
                    continue
                u = _kernels.bootstrap.draw(seed, r, first_draw)
                k = idx[int(_kernels.bootstrap.bounded(u, idx.size))]
            tp, fp = int(curve.tp[k]), int(curve.fp[k])
            vals = coordinate_values(ret, tp / float(m), (n - fp) / float(n), m, n, r_float,
                                     thresholds=curve.thresholds[k], tp=tp, tn=n - fp)
            out[i, :J] = [float(vals[name]) for name in ret]
        return out
    return on_counts


@per_marker
@_with_options
def ci_coords(y_true: ArrayLike, y_score: Optional[ArrayLike] = None, x: Any = None, *,
              input: str = "threshold", ret: Any = None, best_method: str = "youden",
              best_weights: Sequence[float] = (1.0, 0.5), best_policy: str = "stop",
              level: float = 0.95, n_boot: int = 2000, stratified: bool = True,
              interval: str = "percentile", random_state: Seed = None, n_jobs: Jobs = None,
              direction: Direction = "<", pos_label: Label = None) -> CoordsCI:
    """Bootstrap confidence intervals of any ROC coordinates, as pROC's ``ci.coords``.

    In each replicate, `rocstats.coords` of the resampled data at ``x``: the
    optimal point (``x="best"``, compared exactly; the threshold is the replicate's own),
    the operating point of fixed thresholds (``input="threshold"``), or the curve at
    given specificities / sensitivities (exact match or interpolation, as pROC); then the
    coordinates ``ret`` with pROC's formulas and the replicate's class sizes.  Undefined
    values (0/0, e.g. ppv where nothing is positive) are dropped cell by cell, as pROC
    (``na.rm = TRUE``).

    Parameters
    ----------
    y_true, y_score
        As in `rocstats.auc`.
    x : "best" or array-like of numbers
        pROC's ``x`` ("all" and "local maximas" are not available, as in pROC).
    input : {"threshold", "specificity", "sensitivity"}
    ret : str or sequence of str, optional
        Coordinates as in `rocstats.coords`; default ``("threshold",
        "specificity", "sensitivity")``, without "threshold" when ``input`` is not
        "threshold" (as pROC).  "threshold" needs ``x="best"`` or ``input="threshold"``.
    best_method, best_weights
        As in `rocstats.coords`.
    best_policy : {"stop", "omit", "random"}
        A replicate with several (exactly) tied optimal points: raise (pROC's default),
        give NaN, or take one at random (from the replicate's own random stream: the
        draw after its resampling draws).  The result's ``n_tied`` counts the replicates
        it was applied to.  (The estimate on the data takes the first optimal point in
        pROC's row order, the rule of `rocstats.best_threshold` and
        `rocstats.cutpoint`.)
    BOOTSTRAP_OPTIONS

    Returns
    -------
    CoordsCI

    Examples
    --------
    >>> import warnings, rocstats
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore")
    ...     ci = rocstats.ci_coords([0, 0, 1, 1], [1, 2, 3, 4], [0.5], input="specificity",
    ...                             ret="sensitivity", n_boot=50, random_state=0)
    >>> ci["sensitivity"]
       specificity  lower  median  upper  estimate
    0          0.5    1.0     1.0    1.0       1.0
    """
    y_score, x = roc_arguments(y_true, y_score, x, None)
    if x is None:
        raise ValueError("x is required: 'best' or numbers (pROC's ci.coords)")
    input = input if input not in ("t",) else "threshold"
    if input not in _CI_INPUTS:
        raise ValueError("input must be one of %s (pROC's ci.coords), got %r"
                         % (_CI_INPUTS, input))
    if ret is None:
        ret = ("threshold", "specificity", "sensitivity") if input == "threshold" else \
            ("specificity", "sensitivity")
    ret = check_ret(ret)
    if best_policy not in BEST_POLICIES:
        raise ValueError("best_policy must be one of %s, got %r" % (BEST_POLICIES, best_policy))
    best_method = check_best_method(best_method)
    r_float, r_exact = check_best_weights(best_weights)
    x = check_x(x)
    if isinstance(x, str) and x != "best":
        raise ValueError("x=%r is not available for confidence intervals (as pROC): use "
                         "'best' or numbers" % (x,))
    if "threshold" in ret and not (isinstance(x, str) or input == "threshold"):
        raise ValueError("ret: 'threshold' is only available with x='best' or "
                         "input='threshold' (as pROC)")
    if not isinstance(x, str) and input != "threshold":
        x = _unit_values(x, "x")
    opts = _engine.check_options(level, n_boot, stratified, interval, random_state, n_jobs)
    labels, score, is_pos, P, N = _prepare(y_true, y_score, pos_label, direction)
    direction = labels.direction
    xs = np.array(["best"], dtype=object) if isinstance(x, str) else x
    if labels.undefined("The ROC curve (ci_coords)"):
        return _nan_coords(xs, input, ret, opts)
    data = _engine.data_of(labels)
    _warn_perfect(data, "ci_coords()")
    J = len(ret)
    if isinstance(x, str):
        on_counts = _best_on_counts(data, ret, best_method, r_float, r_exact, direction,
                                    best_policy, opts.seed, data.m + data.n)
    elif input == "threshold":
        cuts = data.cuts(x if direction == "<" else -x)

        def on_counts(cp, cn, replicates=None):
            tp, fp, m, n = _kernels.bootstrap.tails_counts(cp, cn, cuts)
            mm, nn = m[:, None].astype(float), n[:, None].astype(float)
            with np.errstate(invalid="ignore", divide="ignore"):
                vals = coordinate_values(ret, tp / mm, (nn - fp) / nn, mm, nn, r_float,
                                         thresholds=np.broadcast_to(x, tp.shape), tp=tp,
                                         tn=nn - fp)
            return np.stack([vals[name] for name in ret], axis=2).reshape(cp.shape[0], -1)
    else:
        given = 0 if input == "specificity" else 1
        order = np.argsort(x, kind="stable")
        targets = np.ascontiguousarray(x[order])
        inverse = np.empty_like(order)
        inverse[order] = np.arange(order.size)

        def on_counts(cp, cn, replicates=None):
            other = _kernels.bootstrap.curve_counts(cp, cn, given, targets)[:, inverse]
            mm = cp.sum(axis=1)[:, None].astype(float)
            nn = cn.sum(axis=1)[:, None].astype(float)
            fixed = np.broadcast_to(x, other.shape)
            se, sp = (other, fixed) if given == 0 else (fixed, other)
            with np.errstate(invalid="ignore", divide="ignore"):
                vals = coordinate_values(ret, se, sp, mm, nn, r_float)
            out = np.stack([vals[name] for name in ret], axis=2)
            out[np.isnan(other)] = np.nan
            return out.reshape(cp.shape[0], -1)
    fused = _from_counts(data, opts, on_counts)
    reps, est, accel = _bootstrap(data, opts, fused, on_counts)
    if not isinstance(x, str):
        return _summarise_coords(reps, est, accel, opts, xs, input, ret, drop_all=False)
    n_tied = int(reps[:, J].sum())          # the tie flag column of _best_on_counts
    res = _summarise_coords(reps[:, :J], est[:J], None if accel is None else accel[:J], opts,
                            xs, input, ret, drop_all=False)
    return dataclasses.replace(res, best_policy=best_policy, n_tied=n_tied)
