"""Simultaneous confidence band of one empirical ROC curve (``ci_band(kind="simultaneous")``).

The band is the bootstrap sup-norm ("fixed-width") band of Campbell (1994, Stat Med
13:499-508, section 4): with :math:`\\hat R(s)` the sensitivity of the empirical curve
at specificity s (pROC's rule of `rocstats.ci_se`: the most sensitive point with
exactly that specificity, else linear interpolation) and :math:`\\hat R^*_b` the same on
bootstrap replicate b (the one engine, stratified by default),

.. math:: c = q_{\\text{level}}\\Big(\\max_{s \\in S} |\\hat R^*_b(s) - \\hat R(s)|\\Big),
          \\qquad \\text{band}(s) = [\\hat R(s) - c,\\ \\hat R(s) + c],

the maximum over the grid S of specificities and ``q`` R's type-7 quantile over the
replicates.  The band is then clipped to [0, 1] and made monotone (lower bound: running
maximum towards lower specificity; upper bound: running minimum towards higher
specificity).  Any non-increasing curve of sensitivity against specificity (every ROC
curve) that lies inside the unmodified band at the grid points also lies inside the
monotone one, so the coverage of a ROC curve is unchanged and the band narrower.  The
claim is coverage at the grid points; as the true curve is monotone, it also lies between
them inside the step envelope (on ``[s_k, s_{k+1}]`` the sensitivity is at least
``lower(s_{k+1})`` and at most ``upper(s_k)``).

Why this band and not another: a studentised (sup-t) bootstrap band and the
simultaneous percentile band of Mandel & Betensky (2008) were tried in the same
simulation and covered the binormal curve far less often than nominal (0.4-0.9 at
95 %): the bootstrap SD of the sensitivity at a fixed specificity is a quantile's, noisy
and discrete, and dividing by it breaks the sup.  The constant-width band covers at or
above the nominal level (``rocstats_validation.band_mc``): 0.976-0.986 at n = 50-1000
per class.  It is conservative because the bootstrap overstates the spread of the
sup-norm error (the critical value is 13-28 % above the 95 % quantile of the simulated
error).  Near specificity 0 and 1 the empirical curve is decided by a handful of extreme controls and no bootstrap band
covers the true curve there, hence the default grid stops at 0.05 and 0.95 (Jensen,
Mueller & Schaefer 2000 call such bands "regional").
"""
import numpy as np

from .. import _kernels
from .._validation import warn_one_class
from . import _engine

__all__ = ["simultaneous_band", "sup_norm_band", "DEFAULT_SIMULTANEOUS_GRID"]

#: specificities of the default simultaneous band: 0.05, 0.06, ..., 0.95
DEFAULT_SIMULTANEOUS_GRID = np.round(np.linspace(0.05, 0.95, 91), 12)


def sup_norm_band(replicates, estimate, level):
    """``(lower, upper, c)`` of the constant-width sup-norm band on one grid.

    ``replicates`` (B x T): the bootstrap curves on the grid (rows with NaN dropped by
    the caller); ``estimate`` (T): the data's curve on the same grid.  ``c`` is the
    type-7 ``level`` quantile of the replicates' largest absolute deviation from
    ``estimate``; the bounds are ``estimate -/+ c`` clipped to [0, 1]."""
    reps = np.asarray(replicates, dtype=np.float64)
    est = np.asarray(estimate, dtype=np.float64)
    if reps.shape[0] == 0:
        nan = np.full(est.shape, np.nan)
        return nan, nan.copy(), float("nan")
    sup = np.max(np.abs(reps - est[None, :]), axis=1)
    c = float(_engine.quantiles(sup, [level])[0])
    lower = np.clip(est - c, 0.0, 1.0)
    upper = np.clip(est + c, 0.0, 1.0)
    return lower, upper, c


def monotone_envelope(spec, lower, upper):
    """The band made monotone in specificity: sensitivity is non-increasing in
    specificity, so ``lower(s) = max_{s' >= s} lower(s')`` and ``upper(s) = min_{s' <= s}
    upper(s')``.  ``spec`` may be in any order; the result is in the same order."""
    order = np.argsort(spec, kind="stable")           # increasing specificity
    lo, hi = lower[order], upper[order]
    lo_m = np.maximum.accumulate(lo[::-1])[::-1]      # max over s' >= s
    hi_m = np.minimum.accumulate(hi)                   # min over s' <= s
    out_lo, out_hi = np.empty_like(lo_m), np.empty_like(hi_m)
    out_lo[order], out_hi[order] = lo_m, hi_m
    return out_lo, out_hi


def simultaneous_band(y_true, y_score, specificities, *, level, n_boot, stratified,
                      random_state, n_jobs, direction, pos_label):
    """The work of ``ci_band(kind="simultaneous")``: a pandas DataFrame with columns
    ``specificity``, ``lower``, ``estimate``, ``upper`` (grid in the order given) and
    ``attrs`` (``kind``, ``level``, ``critical_value``, ``n_boot``, ``n_valid``,
    ``stratified``, ``seed``, ``method``)."""
    import pandas as pd

    from ._ci import _bootstrap, _prepare, _unit_values, _warn_perfect

    values = _unit_values(DEFAULT_SIMULTANEOUS_GRID if specificities is None
                          else specificities, "specificities")
    opts = _engine.check_options(level, n_boot, stratified, "percentile", random_state,
                                 n_jobs)
    labels, score, is_pos, P, N = _prepare(y_true, y_score, pos_label, direction)

    def frame(lo, est, hi, c, n_valid):
        df = pd.DataFrame({"specificity": values, "lower": lo, "estimate": est,
                           "upper": hi})
        df.attrs.update(kind="simultaneous", level=opts.level, critical_value=c,
                        n_boot=opts.n_boot, n_valid=n_valid, stratified=opts.stratified,
                        seed=opts.seed,
                        method="bootstrap sup-norm (constant width), Campbell 1994")
        return df

    if warn_one_class(P, N, "The ROC curve (ci_band)"):
        nan = np.full(values.size, np.nan)
        return frame(nan, nan.copy(), nan.copy(), float("nan"), 0)
    data = _engine.Data(is_pos, score)
    _warn_perfect(data, "ci_band()")
    order = np.argsort(values, kind="stable")
    targets = np.ascontiguousarray(values[order])
    inverse = np.empty_like(order)
    inverse[order] = np.arange(order.size)

    def on_counts(cp, cn, replicates=None):
        return _kernels.bootstrap.curve_counts(cp, cn, 0, targets)[:, inverse]

    def fused(r0, r1):
        return _kernels.bootstrap.curve(*data.sampling(opts), r0, r1, 0,
                                        targets)[:, inverse]

    reps, est, _ = _bootstrap(data, opts, fused, on_counts)
    reps = _engine.drop_rows(reps, "sensitivity")
    lo, hi, c = sup_norm_band(reps, est, opts.level)
    lo, hi = monotone_envelope(values, lo, hi)
    return frame(lo, est, hi, c, int(reps.shape[0]))
