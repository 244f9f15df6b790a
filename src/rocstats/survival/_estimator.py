"""The IPCW estimator of the cumulative/dynamic AUC(t) and its influence function.

For an evaluation time ``t`` (Uno et al. 2007; Blanche, Dartigues & Jacqmin-Gadda
2013, eq. 3 and 4):

* cases: ``T_i <= t`` with the cause of interest, weight ``1 / G(T_i-)``;
* controls: ``T_j > t``, weight ``1 / G(t)``; with competing risks and controls
  ``"all"`` (timeROC's definition 2, riskRegression's ``Score``) also ``T_j <= t`` with
  another cause, weight ``1 / G(T_j-)``;
* ``AUC(t) = sum_i sum_j w_i w_j [1(M_i > M_j) + 1/2 1(M_i = M_j)] / (sum_i w_i
  sum_j w_j)``: the trapezoidal area under the weighted empirical ROC curve, ties in
  the marker counting 1/2 (riskRegression's ``AUC.survival`` /
  ``AUC.competing.risks``: cumulative sums in decreasing risk, one point per distinct
  risk, trapezoids).

The influence function of ``AUC(t) = nu / mu`` is ``(IF_nu - AUC IF_mu) / mu`` with
``mu = sum w_i sum w_j / n^2``; its parts: the U-statistic part with ``G`` known
(``ic0``) and, with Kaplan-Meier weights, the part from estimating ``G``
(:mod:`rocstats.survival._censoring`).  ``se = sd(IF) / sqrt(n)`` (``sd`` with
``n - 1``), as riskRegression's ``Score(..., se.fit = TRUE)``.

Everything is O(n) per time after one sort of the marker and one of the times.
"""
import numpy as np

__all__ = ["MarkerOrder", "auc_at"]


class MarkerOrder:
    """The marker sorted once: ``group`` = each subject's rank among the distinct values
    (0 = lowest), ``values`` = the distinct values ascending."""

    __slots__ = ("group", "values", "n_groups")

    def __init__(self, marker):
        self.values, inv = np.unique(marker, return_inverse=True)
        self.group = inv.astype(np.int64).ravel()
        self.n_groups = self.values.size


class TimePoint:
    """Who is a case / control at ``t`` and their IPCW weights (shared by every
    marker)."""

    __slots__ = ("t", "case", "control", "minus", "w", "n_case", "n_control", "Gt", "At",
                 "kt")

    def __init__(self, t, data, cens, cause, controls):
        time, event = data.time, data.event
        self.t = t
        before = time <= t
        self.case = before & (event == cause)
        surv = ~before
        if controls == "all":
            other = before & (event > 0) & (event != cause)
            self.control = surv | other
        else:
            other = np.zeros_like(surv)
            self.control = surv
        self.minus = self.case | other       # weighted by 1 / G(T_i-)
        g_minus, g_t = cens.weights_at(t)
        with np.errstate(divide="ignore"):
            self.w = np.where(self.minus, 1.0 / g_minus, np.where(surv, 1.0 / g_t, 0.0))
        self.n_case = int(np.count_nonzero(self.case))
        self.n_control = int(np.count_nonzero(self.control))
        if hasattr(cens, "at"):
            self.Gt, self.At, self.kt = cens.at(t)
        else:
            self.Gt = self.At = None
            self.kt = None


def auc_at(tp, order, n, cens=None, *, influence=True, curve=False):
    """AUC at one time point for one marker.

    Returns ``(auc, iid, roc)``: ``iid`` the influence function (length n; None when
    not asked), ``roc`` = ``(thresholds, fpr, tpr)`` over the distinct marker values
    in decreasing order (None when not asked).  ``cens`` = the
    :class:`~rocstats.survival._censoring.KMCensoring` whose estimation enters the
    influence function (None: weights treated as known, riskRegression's
    ``conservative = TRUE``).
    """
    g = order.group
    wc = np.where(tp.case, tp.w, 0.0)
    wk = np.where(tp.control, tp.w, 0.0)
    Wc = np.bincount(g, weights=wc, minlength=order.n_groups)
    Wk = np.bincount(g, weights=wk, minlength=order.n_groups)
    mu_c = Wc.sum()
    mu_k = Wk.sum()
    cum_k = np.cumsum(Wk)
    below_k = cum_k - Wk + 0.5 * Wk           # controls below + half the tied ones
    cum_c = np.cumsum(Wc)
    above_c = (mu_c - cum_c) + 0.5 * Wc       # cases above + half the tied ones
    denom = mu_c * mu_k
    if tp.n_case == 0 or tp.n_control == 0 or not np.isfinite(denom) or denom <= 0:
        return np.nan, (np.full(n, np.nan) if influence else None), None
    auc = float(np.dot(Wc, below_k) / denom)
    roc = None
    if curve:
        # decreasing thresholds: cumulative sums from the top
        tpr = np.concatenate(([0.0], np.cumsum(Wc[::-1]) / mu_c))
        fpr = np.concatenate(([0.0], np.cumsum(Wk[::-1]) / mu_k))
        thr = np.concatenate(([np.inf], order.values[::-1]))
        roc = (thr, fpr, tpr)
    if not influence:
        return auc, None, roc
    # U-statistic part (G known): each subject's pairs, weighted
    part = np.where(tp.case, below_k[g], np.where(tp.control, above_c[g], 0.0))
    other = np.where(tp.case, mu_k, np.where(tp.control, mu_c, 0.0))
    mu = denom / (float(n) * n)
    a = tp.w * part            # sum_j of the pair kernel, times w_i
    b = tp.w * other           # the same for the denominator
    iid = (a - auc * b) / (n * mu)
    if cens is not None and hasattr(cens, "A"):
        iid = iid + (_censoring_term(a, tp, cens, n) - auc * _censoring_term(b, tp, cens, n)) \
            / (float(n) * n * mu)
    return auc, iid, roc


def _censoring_term(a, tp, cens, n):
    """``sum_i a_i IF_Lambda(s_i; k)`` for every subject k, with ``s_i = T_i-`` for the
    subjects weighted by ``G(T_i-)`` and ``s_i = t`` for those weighted by ``G(t)``
    (O(n) by cumulative sums over the sorted unique times)."""
    idx = cens.index
    m = cens.utime.size
    a_minus = np.where(tp.minus, a, 0.0)
    a_surv = float(np.sum(np.where(tp.minus, 0.0, a)))
    S = np.bincount(idx, weights=a_minus, minlength=m)
    A_prev = np.concatenate(([0.0], cens.A[:-1]))
    after = S.sum() - np.cumsum(S)               # sum over u > u_k
    upto = np.cumsum(S * A_prev)                 # sum over u <= u_k of a A(u-)
    in_t = cens.utime <= tp.t
    R = after[idx] + np.where(in_t[idx], a_surv, 0.0)
    L = upto[idx] + np.where(in_t[idx], 0.0, tp.At * a_surv)
    jump = np.where(cens.censored, 1.0 / cens.Y[idx], 0.0) - cens.A[idx]
    return n * (jump * R - L)
