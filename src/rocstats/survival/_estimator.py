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
(`rocstats.survival._censoring`).  ``se = sd(IF) / sqrt(n)`` (``sd`` with
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

    __slots__ = ("t", "case", "control", "minus", "survivor", "w", "n_case", "n_control",
                 "Gt", "At", "kt")

    def __init__(self, t, data, cens, cause, controls):
        time, event = data.time, data.event
        self.t = t
        before = time <= t
        self.case = before & (event == cause)
        surv = ~before
        self.survivor = surv
        if controls == "all":
            other = before & (event > 0) & (event != cause)
            self.control = surv | other
        else:
            other = np.zeros_like(surv)
            self.control = surv
        self.minus = self.case | other       # weighted by 1 / G(T_i-)
        inv_minus, g_t = cens.inverse_weights_at(t)
        with np.errstate(divide="ignore"):
            inv_t = 1.0 / g_t
        if np.all(np.isfinite(inv_t)):
            self.w = self.minus * inv_minus + surv * inv_t
        else:    # G(t) = 0 for someone: keep 0 (not 0 * inf) for the others
            self.w = np.where(self.minus, inv_minus, np.where(surv, inv_t, 0.0))
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
    `rocstats.survival._censoring.KMCensoring` whose estimation enters the
    influence function (None: weights treated as known, riskRegression's
    ``conservative = TRUE``).
    """
    g = order.group
    wc = tp.w * tp.case
    wk = tp.w * tp.control
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
    auc = float(np.sum(Wc * below_k) / denom)   # (np.dot: BLAS threads, 100x slower here)
    roc = None
    if curve:
        # decreasing thresholds: cumulative sums from the top
        tpr = np.concatenate(([0.0], np.cumsum(Wc[::-1]) / mu_c))
        fpr = np.concatenate(([0.0], np.cumsum(Wk[::-1]) / mu_k))
        thr = np.concatenate(([np.inf], order.values[::-1]))
        roc = (thr, fpr, tpr)
    if not influence:
        return auc, None, roc
    # The influence function is linear in the per-subject pair sums: for subject k,
    # w_k (sum of its pairs' kernel) - AUC w_k (sum of its pairs' weights), divided by
    # n mu (the U-statistic part, G known), plus the same combination pushed through the
    # influence of the censoring weights.  Cases and controls are disjoint, so one
    # gather from a (groups x 2) table gives every subject's value.
    tab = np.empty((order.n_groups, 2))
    tab[:, 0] = below_k - auc * mu_k          # as a case
    tab[:, 1] = above_c - auc * mu_c          # as a control
    c = tp.w * tab.ravel()[2 * g + tp.control]
    mu = denom / (float(n) * n)
    iid = c / (n * mu)
    if cens is not None and hasattr(cens, "A"):
        iid += _censoring_term(c, tp, cens, n) / (float(n) * n * mu)
    return auc, iid, roc


def _censoring_term(a, tp, cens, n):
    """``sum_i a_i IF_Lambda(s_i; k)`` for every subject k, with ``s_i = T_i-`` for the
    subjects weighted by ``G(T_i-)`` and ``s_i = t`` for those weighted by ``G(t)``
    (O(n) by cumulative sums over the sorted unique times)."""
    idx = cens.index
    m = cens.utime.size
    a_minus = a * tp.minus
    a_surv = float(a.sum() - a_minus.sum())
    S = np.bincount(idx, weights=a_minus, minlength=m)
    after = S.sum() - np.cumsum(S)                 # sum over u > u_k
    upto = np.cumsum(S * cens.A_prev)              # sum over u <= u_k of a A(u-)
    # T_k <= t: the survivors' s = t is not before T_k, R gains a_surv; T_k > t: L gains
    # A(t) a_surv
    surv = tp.survivor
    R = after[idx] + a_surv * ~surv
    L = upto[idx] + (tp.At * a_surv) * surv
    return n * (cens.jump * R - L)
