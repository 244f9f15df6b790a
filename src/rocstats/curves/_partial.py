r"""Partial AUC (pROC's ``partial.auc``) and its DeLong-type (U-statistic) variance.

The estimator
-------------
The partial AUC over a specificity range ``[a, b]`` (``focus="specificity"``) is the area
under the empirical ROC polygon between the vertical lines ``specificity = a`` and
``specificity = b``; over a sensitivity range (``focus="sensitivity"``) it is the area
``integral of specificity d(sensitivity)`` between the horizontal lines
``sensitivity = a`` and ``sensitivity = b``.  The polygon is pROC's: one point per
distinct threshold, a tie between a case and a control is a diagonal segment, and the
range's end points cut the segments they fall in by linear interpolation (pROC 1.18's
``auc.roc``, whose code this reproduces in meaning).  McClish's (1989, Med Decis Making
9:190) standardisation, in the form pROC implements (``partial.auc.correct``), maps it
linearly onto [0.5, 1] for a curve above the diagonal:
``(1 + (pAUC - min) / (max - min)) / 2`` with ``max = b - a`` and ``min`` the area of the
diagonal over the range, ``(b - a) (2 - a - b) / 2``.

The variance (derived here; pROC has none and falls back to the bootstrap)
--------------------------------------------------------------------------

Write m cases ``X_i`` and n controls ``Y_j`` (higher score = case), FPR = 1 - specificity,
and let the specificity range be the FPR range ``[t1, t2] = [1 - b, 1 - a]``.

*Population.*  With F the controls' CDF, S_X the cases' survival function and
``c_k = F^{-1}(1 - t_k)``, ``pAUC = int_{t1}^{t2} ROC(u) du = P(X > Y, c2 < Y <= c1)``.  Its
influence function (von Mises derivative) is, for a case at x and a control at y::

    IF_1(x) = P(Y < x, c2 < Y <= c1) - pAUC,
    IF_0(y) = S_X(y) 1(c2 < y <= c1) - pAUC + ROC(t1) [1(y > c1) - t1]
                                            - ROC(t2) [1(y > c2) - t2],

the last two terms coming from the estimated quantiles ``c_k`` (differentiate
``int_{t1}^{t2} S_X(F^{-1}(1-u)) du`` in F: the quantile's influence is
``(1 - u - 1(y <= c_u)) / f(c_u)``, and ``ROC'(u) = g(c_u) / f(c_u)``; an integration by
parts gives the form above).  For ``[t1, t2] = [0, 1]`` it is DeLong's: ``S_X(y) - AUC``.
Then ``Var(pAUC-hat) ~ Var IF_1(X) / m + Var IF_0(Y) / n``.

*Sample: the estimator's own derivative.*  rocstats does not plug estimates into that
formula; it takes the exact derivative of the estimator itself at the two empirical
distributions (the infinitesimal jackknife), which is defined for ties and for the
interpolated end segments and reduces to the formula above for continuous data.  For a
case ``x`` let ``alpha = #{Y > x} / n`` and ``beta = #{Y >= x} / n``: on the polygon,
case ``x`` contributes the ramp ``r_x(u) = clip((u - alpha) / (beta - alpha), 0, 1)`` (a
step at ``alpha`` when no control ties it), and the polygon is the mean of the cases'
ramps, so

    pAUC-hat = (1/m) sum_i phi_i,   phi_i = int_{t1}^{t2} r_{X_i}(u) du.

*Case components* ``V10_i = phi_i`` (the pAUC is linear in the case distribution; for the
full range ``phi_i`` is DeLong's placement value).  *Control components*: perturbing the
control distribution towards a point mass at y moves every ``alpha_i`` by
``1(y > X_i) - alpha_i`` and every ``beta_i`` by ``1(y >= X_i) - beta_i``, so

    V01(y) = pAUC-hat + (1/m) sum_i [ a_i (1(X_i < y) - alpha_i) + b_i (1(X_i <= y) - beta_i) ]

with ``a_i = d phi_i / d alpha_i`` and ``b_i = d phi_i / d beta_i``.  Writing the ramp as the
mean of steps at ``q_s = alpha + s (beta - alpha)``, s uniform on [0, 1], and
``s_k = clip((t_k - alpha) / (beta - alpha), 0, 1)``:

    a = -[(s2 - s1) - (s2^2 - s1^2) / 2],   b = -(s2^2 - s1^2) / 2,
    phi = (t2 - t1) s1 + (t2 - alpha)(s2 - s1) - (beta - alpha)(s2^2 - s1^2) / 2;

for a case tied with no control, ``phi = t2 - clip(alpha, t1, t2)`` and
``a + b = -1(t1 < alpha < t2)``.  For continuous data this is exactly ``IF_0`` with
every population quantity replaced by its empirical value (``ROC(t_k)`` read off the
empirical curve; a control "lies above c_k" when its whole 1/n cell of false-positive
rate lies left of ``t_k``, so the control whose cell contains ``t1`` counts as inside the
range and the one whose cell contains ``t2`` as outside), and for the full range it is
DeLong's placement value of the control (both checked in the tests).  The variance is DeLong's
form, ``S10 / m + S01 / n`` with the sample variances (denominators m-1, n-1) of the
components; for k scores of the same subjects, the k x k sample covariances.

*Ties and grid points (the discrete case).*  Case-control ties: the ramp is the estimator's
diagonal segment, and the derivative above moves both its ends, which is what the
estimator does (no 1/2 convention is needed beyond the estimator's own).  Control-control
ties: tied controls get the same component, because it depends on y only through
comparisons with the cases.  The only non-differentiable point is a range end that falls
exactly on a vertical jump of the polygon (``t_k = alpha_i`` for a case tied with no
control, e.g. ``t = 0.2`` with n = 100 controls): there the one-sided derivatives differ
and rocstats takes their mean (the case counts 1/2 in ``ROC(t_k)``), the analogue of
DeLong's 1/2 for ties.  A range end within 1e-9 / n of a grid point ``k / n`` is taken to
be on it (so ``1 - 0.8`` is 20/100).

*Focus on sensitivity* is the same computation with the roles swapped: the polygon of
cases ``-Y`` and controls ``-X`` is the mirror image (sensitivity <-> specificity), so
its specificity-focused components are the original problem's control and case
components.  *McClish's correction* is linear with slope ``1 / (2 (max - min))``, so the
components and the (co)variance scale by that slope and its square.

Validation: the ``pauc_mc`` suite (Monte Carlo, 4000 replicates
per setting, continuous and tied data, both focuses, McClish, a paired difference: mean
variance / Monte Carlo variance 0.97-1.04 with Monte Carlo SE 0.023; 95 % Wald coverage
0.940-0.947, logit 0.946-0.949; 1-2 % above a stratified bootstrap's variance; a plug-in
without the end-point terms would be 1.9 times too large); the unit tests
(numerical derivatives of a weighted estimator, the plug-in influence function for
continuous data, DeLong for the full range, direct integration of the curve).
"""
import numpy as np

__all__ = ["FOCUSES", "check_partial", "check_focus", "check_correct", "mcclish_bounds",
           "mcclish", "mcclish_slope", "partial_auc_from_points", "proc_points",
           "partial_components"]

#: a range end within GRID_SNAP / n of a grid point k / n is taken to be on it
GRID_SNAP = 1e-9


# the arguments, McClish's map and the area of a polygon live below the results
# (rocstats._areas, which ROCCurve.auc_partial uses too); their names are kept here
from .._areas import (FOCUSES, _area, _proc_sort, check_correct, check_focus,  # noqa: F401,E402
                      check_partial, mcclish, mcclish_bounds, mcclish_slope,
                      partial_auc_from_points)


def points_of(sample):
    """`proc_points` of a 1-D sample from its empirical curve (built once;
    the same floats: ``tp / cases`` and ``(controls - fp) / controls``)."""
    from ._coords import curve_of

    curve = curve_of(sample)
    return curve.tp / float(curve.P), (curve.N - curve.fp) / float(curve.N)


def proc_points(is_pos, score):
    """pROC's curve: ``(sensitivities, specificities)`` in pROC's order (specificity
    increasing), one point per distinct score plus the two ends, computed as pROC does
    (``tp / cases`` and ``(controls - fp) / controls``).  ``score``: higher = case."""
    from ._curve import roc_counts

    _, tp, fp = roc_counts(is_pos, score)
    m, n = tp[-1], fp[-1]
    se = np.r_[0.0, tp] / m
    sp = (n - np.r_[0.0, fp]) / n
    return se[::-1].copy(), sp[::-1].copy()


# ---------------------------------------------------------------- the components
def _snap(t, n):
    """``t * n``, snapped to the nearest integer when within GRID_SNAP of it."""
    tn = t * n
    k = np.rint(tn)
    return float(k) if abs(tn - k) <= GRID_SNAP else tn


def _spec_components(pos, neg, t1, t2):
    """Specificity-focused components over the FPR range [t1, t2].

    ``pos`` (m cases), ``neg`` (n controls), higher = case.  Returns ``(V10, V01)`` in the
    input order of each array; ``V10.mean()`` is the partial AUC.
    """
    m, n = pos.size, neg.size
    neg_s = np.sort(neg)
    k_gt = n - np.searchsorted(neg_s, pos, side="right")   # controls above the case
    k_ge = n - np.searchsorted(neg_s, pos, side="left")    # ... above or tied
    T1, T2 = _snap(t1, n), _snap(t2, n)                     # the range in count units
    t1, t2 = T1 / n, T2 / n
    alpha = k_gt / n
    tied = k_ge > k_gt
    d = np.where(tied, k_ge - k_gt, 1).astype(float)
    s1 = np.clip((T1 - k_gt) / d, 0.0, 1.0)
    s2 = np.clip((T2 - k_gt) / d, 0.0, 1.0)
    delta = (k_ge - k_gt) / n
    phi_tied = (t2 - t1) * s1 + (t2 - alpha) * (s2 - s1) - delta * (s2 * s2 - s1 * s1) / 2.0
    a_tied = -((s2 - s1) - (s2 * s2 - s1 * s1) / 2.0)
    b_tied = -(s2 * s2 - s1 * s1) / 2.0
    phi_step = t2 - np.clip(alpha, t1, t2)
    inside = (k_gt > T1) & (k_gt < T2)
    on_end = (k_gt == T1) | (k_gt == T2)
    a_step = -(inside + 0.5 * on_end)
    phi = np.where(tied, phi_tied, phi_step)
    a = np.where(tied, a_tied, a_step)
    b = np.where(tied, b_tied, 0.0)
    theta = phi.mean()
    const = (a @ alpha + b @ (k_ge / n)) / m
    # V01(y) = theta + (1/m) [sum_{X < y} a + sum_{X <= y} b] - const
    order = np.argsort(pos, kind="stable")
    pos_s = pos[order]
    ca = np.r_[0.0, np.cumsum(a[order])]
    cb = np.r_[0.0, np.cumsum(b[order])]
    v01 = theta + (ca[np.searchsorted(pos_s, neg, side="left")]
                   + cb[np.searchsorted(pos_s, neg, side="right")]) / m - const
    return phi, v01


def partial_components(is_pos, score, lo, hi, focus):
    """Structural components of the (uncorrected) partial AUC of one score.

    Returns ``(V10, V01)``: one value per case and per control, in the input order of
    each class, with ``V10.mean()`` the partial AUC and
    ``var(V10) / m + var(V01) / n`` its DeLong-type variance (see the module docstring).
    ``score``: higher = case (``direction`` already applied).
    """
    pos, neg = score[is_pos], score[~is_pos]
    if focus == "specificity":
        return _spec_components(pos, neg, 1.0 - hi, 1.0 - lo)
    v10_swapped, v01_swapped = _spec_components(-neg, -pos, 1.0 - hi, 1.0 - lo)
    return v01_swapped, v10_swapped
