"""Inverse-probability-of-censoring weights: the censoring distribution ``G(s) =
P(C > s)`` estimated by Kaplan-Meier (marginal) or by a Cox model given covariates.

Conventions (those of ``prodlim::prodlim(..., reverse = TRUE)``, which
``riskRegression::Score`` uses, and of ``survival::concordance``'s ``timewt = "n/G2"``):

* at a time where events and censorings are tied, the events come first: the
  censoring risk set at ``u`` is ``Y(u) - d(u)`` (subjects still under observation at
  ``u`` minus those with an event at ``u``), so
  ``G(u) = prod_{v <= u} (1 - c(v) / (Y(v) - d(v)))``;
* ``G(t)`` is right-continuous (censorings at ``t`` included); a subject's own weight
  uses ``G(T_i-)``, the value just before its time (``prodlim::predictSurvIndividual(fit,
  lag = 1)``).

The influence function of ``G`` is that of the Nelson-Aalen estimator of the censoring
hazard (Blanche, Dartigues & Jacqmin-Gadda 2013, appendix; riskRegression's
``getInfluenceFunctionKM``): for subject k,
``IF_Lambda(s; k) = n [ 1{T_k <= s, censored} / Y(T_k) - sum_{u <= min(s, T_k)} c(u) / Y(u)^2 ]``
with the full risk set ``Y(u) = #{T >= u}``, and ``IF(1 / G(s)) = IF_Lambda(s) / G(s)``.
"""
import numpy as np

__all__ = ["KMCensoring", "CoxCensoring"]


class KMCensoring:
    """Reverse Kaplan-Meier estimate of the censoring survival ``G`` on the unique
    observed times.

    Attributes
    ----------
    utime : ndarray
        Sorted unique observed times ``u_1 < ... < u_m``.
    index : ndarray of int64
        Each subject's position in ``utime``.
    G : ndarray
        ``G(u_k)`` (right-continuous).
    G_minus : ndarray
        Each subject's ``G(T_i-)``.
    Y : ndarray
        ``#{T >= u_k}``.
    A : ndarray
        ``sum_{v <= u_k} c(v) / Y(v)^2`` (the Nelson-Aalen influence term, without n).
    censored : ndarray of bool
    """

    model = "Kaplan-Meier (marginal; events before censorings at tied times)"

    def __init__(self, data):
        n = data.n
        utime, index, counts = np.unique(data.time, return_inverse=True, return_counts=True)
        self.utime = utime
        self.index = index.astype(np.int64).ravel()
        self.censored = data.event == 0
        c = np.bincount(self.index, weights=self.censored.astype(np.float64),
                        minlength=utime.size)
        d = counts - c
        Y = (n - np.cumsum(counts) + counts).astype(np.float64)
        with np.errstate(divide="ignore", invalid="ignore"):
            factor = np.where(c > 0, 1.0 - c / (Y - d), 1.0)
        self.G = np.cumprod(factor)
        self.Y = Y
        self.A = np.cumsum(c / (Y * Y))
        self.A_prev = np.concatenate(([0.0], self.A[:-1]))
        # each subject's IF_Lambda(s; k) / n for s >= T_k (t-independent)
        self.jump = np.where(self.censored, 1.0 / Y[self.index], 0.0) - self.A[self.index]
        g_prev = np.concatenate(([1.0], self.G[:-1]))
        self.G_minus = g_prev[self.index]
        self.n = n

    def at(self, t):
        """``(G(t), A(t), k)`` with ``k`` the index of the last unique time <= t (-1:
        before the first observed time)."""
        k = int(np.searchsorted(self.utime, t, side="right")) - 1
        if k < 0:
            return 1.0, 0.0, k
        return float(self.G[k]), float(self.A[k]), k

    def weights_at(self, t):
        """Per-subject ``(G(T_i-), G(t))`` for evaluation time ``t``."""
        return self.G_minus, self.at(t)[0]

    def inverse_weights_at(self, t):
        """``(1 / G(T_i-), G(t))`` (the first computed once)."""
        if not hasattr(self, "_inv_minus"):
            self._inv_minus = 1.0 / self.G_minus
        return self._inv_minus, self.at(t)[0]


class CoxCensoring:
    """Cox proportional-hazards model for the censoring time given covariates ``Z``:
    ``G(s | z) = exp(-Lambda_0(s) exp(beta'(z - zbar)))``, with ``beta`` maximising
    Efron's partial likelihood for "censored" as the event (tied event times of the
    outcome stay in the risk set) and ``Lambda_0`` Efron's baseline hazard estimate, as
    ``rms::cph(Surv(time, status == 0) ~ Z, method = "efron")`` and ``rms::survest``
    compute it in ``riskRegression::Score(..., cens.model = "cox")``.  A subject's own
    weight uses ``G(T_i - delta / 2 | Z_i)`` with ``delta`` the smallest positive gap
    between observed times (riskRegression's convention for "just before T_i").
    """

    model = ("Cox model for the censoring time given the covariates (Efron ties; "
             "G(T_i - gap/2 | Z_i) for a subject's own weight)")

    def __init__(self, data, covariates, *, eps=1e-6, max_iter=10):
        Z = np.asarray(covariates, dtype=np.float64)
        if Z.ndim == 1:
            Z = Z[:, None]
        self.n = data.n
        self.Z = Z - Z.mean(axis=0)
        self.time = data.time
        self.status = (data.event == 0).astype(np.float64)
        self.beta = _cox_fit(self.time, self.status, self.Z, eps=eps, max_iter=max_iter)
        self.lp = self.Z @ self.beta
        self.utime, self.cumhaz = _efron_baseline(self.time, self.status, self.lp)
        uniq = np.unique(self.time)
        gaps = np.diff(uniq)
        gap = gaps[gaps > 0].min() if gaps.size else 1.0
        self.G_minus = self._surv(self.time - gap / 2.0)

    def _cumhaz_at(self, s):
        k = np.searchsorted(self.utime, s, side="right") - 1
        return np.where(k >= 0, self.cumhaz[np.maximum(k, 0)], 0.0)

    def _surv(self, s):
        return np.exp(-self._cumhaz_at(s) * np.exp(self.lp))

    def weights_at(self, t):
        return self.G_minus, self._surv(np.full(self.n, float(t)))

    def inverse_weights_at(self, t):
        """``(1 / G(T_i- | Z_i), G(t | Z_i))``."""
        return 1.0 / self.G_minus, self._surv(np.full(self.n, float(t)))


def _cox_fit(time, status, Z, *, eps, max_iter):
    """Newton-Raphson for Efron's partial likelihood, stopped as ``survival``'s
    ``coxph.fit`` (C ``coxfit6``) stops: at the first iterate whose log-likelihood
    changed by a relative ``eps`` or less from the previous accepted one (that iterate
    is returned), halving the step when the log-likelihood decreases.  ``rms::cph``, which
    riskRegression calls with ``eps = 1e-6``, uses this fitter."""
    n, p = Z.shape
    beta = np.zeros(p)
    ll, score, info = _efron_loglik(time, status, Z, beta)
    new = beta + _solve(info, score)
    halving = False
    for _ in range(max_iter):
        ll_new, score_new, info_new = _efron_loglik(time, status, Z, new)
        if abs(1.0 - ll / ll_new) <= eps and not halving:
            return new
        if ll_new < ll:
            halving = True
            new = (new + beta) / 2.0
        else:
            halving = False
            ll, beta = ll_new, new
            new = beta + _solve(info_new, score_new)
    return new if not halving else beta


def _solve(info, score):
    try:
        return np.linalg.solve(info, score)
    except np.linalg.LinAlgError:
        raise ValueError("covariates: the Cox model for the censoring times is singular "
                         "(collinear or constant covariates)") from None


def _efron_loglik(time, status, Z, beta):
    """Efron log partial likelihood, score and information (events = ``status == 1``)."""
    n, p = Z.shape
    eta = Z @ beta
    r = np.exp(eta)
    order = np.argsort(-time, kind="stable")
    ts, ss, Zs, rs, es = time[order], status[order], Z[order], r[order], eta[order]
    # risk-set sums accumulate from the latest time backwards; ties share the risk set
    S0 = np.cumsum(rs)
    S1 = np.cumsum(rs[:, None] * Zs, axis=0)
    S2 = np.cumsum(rs[:, None, None] * Zs[:, :, None] * Zs[:, None, :], axis=0)
    utime, first = np.unique(-ts, return_index=True)
    last = np.r_[first[1:], ts.size] - 1
    ll = 0.0
    score = np.zeros(p)
    info = np.zeros((p, p))
    for a, b in zip(first, last):
        ev = ss[a:b + 1] > 0
        d = int(ev.sum())
        if d == 0:
            continue
        s0, s1, s2 = S0[b], S1[b], S2[b]
        rd = rs[a:b + 1][ev]
        zd = Zs[a:b + 1][ev]
        d0 = rd.sum()
        d1 = (rd[:, None] * zd).sum(axis=0)
        d2 = (rd[:, None, None] * zd[:, :, None] * zd[:, None, :]).sum(axis=0)
        ll += es[a:b + 1][ev].sum()
        score += zd.sum(axis=0)
        for k in range(d):
            f = k / d
            a0 = s0 - f * d0
            a1 = s1 - f * d1
            a2 = s2 - f * d2
            ll -= np.log(a0)
            mean = a1 / a0
            score -= mean
            info += a2 / a0 - np.outer(mean, mean)
    return ll, score, info


def _efron_baseline(time, status, lp):
    """Efron's baseline cumulative hazard at the unique times (centred covariates)."""
    r = np.exp(lp)
    order = np.argsort(-time, kind="stable")
    ts, ss, rs = time[order], status[order], r[order]
    S0 = np.cumsum(rs)
    utime_desc, first = np.unique(-ts, return_index=True)
    last = np.r_[first[1:], ts.size] - 1
    haz = np.zeros(first.size)
    for g, (a, b) in enumerate(zip(first, last)):
        ev = ss[a:b + 1] > 0
        d = int(ev.sum())
        if d == 0:
            continue
        d0 = rs[a:b + 1][ev].sum()
        haz[g] = sum(1.0 / (S0[b] - (k / d) * d0) for k in range(d))
    return (-utime_desc)[::-1], np.cumsum(haz[::-1])
