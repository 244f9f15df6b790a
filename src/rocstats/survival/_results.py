"""Frozen results of the survival statistics: AUC(t) over a grid of times, the paired
comparison of two markers, a concordance index."""
from dataclasses import dataclass
from typing import Optional

import numpy as np

from .. import _dist
from .._results import ConfidenceInterval, Summary, _check_level, _fmt, _Result, unit_interval

__all__ = ["TimeROCResult", "TimeROCTestResult", "ConcordanceResult", "SimultaneousBand"]


def _times_names(times):
    return tuple("t=%g" % t for t in np.asarray(times, float))


@dataclass(frozen=True, eq=False)
class SimultaneousBand(_Result):
    """A simultaneous confidence band for AUC(t) over the evaluation times.

    ``lower`` / ``upper`` = ``auc -/+ critical_value * se`` (clipped to [0, 1]), with
    ``critical_value`` the ``level`` quantile of ``max_t |Z_t| / sd(Z_t)`` for ``Z``
    normal with the covariance of the influence functions (Blanche, Dartigues &
    Jacqmin-Gadda 2013, section 3.3), estimated from ``n_sim`` draws (``mc_se``: the
    Monte Carlo standard error of that quantile, from the binomial spread of the order
    statistic).
    """

    times: np.ndarray
    lower: np.ndarray
    upper: np.ndarray
    estimate: np.ndarray
    level: float
    critical_value: float
    n_sim: int
    mc_se: float

    def __iter__(self):
        return iter((self.lower, self.upper))

    def summary(self):
        body = [["t=%g" % t, a, lo, hi] for t, a, lo, hi in
                zip(self.times, self.estimate, self.lower, self.upper)]
        return Summary("%g%% simultaneous band for AUC(t)" % (100 * self.level),
                       [("critical value", self.critical_value),
                        ("(pointwise z)", _dist.norm_ppf(0.5 + self.level / 2)),
                        ("Monte Carlo draws", self.n_sim),
                        ("Monte Carlo SE of the critical value", self.mc_se)],
                       table=(["", "AUC", "lower", "upper"], body))


@dataclass(frozen=True, eq=False)
class TimeROCResult(_Result):
    """Cumulative/dynamic time-dependent ROC analysis of one marker
    (`rocstats.survival.time_roc`).

    Attributes
    ----------
    times : ndarray
        Evaluation times.
    auc, se : ndarray
        AUC(t) and its standard error from the influence function (NaN where undefined;
        ``se`` None when not asked).
    n_cases, n_controls : ndarray of int
        Observed cases (event of the cause by t) and controls at each t.
    n : int
        Subjects.
    cause : int
        Event code of the cases.
    controls : {"all", "survivors"}
        Who is a control with competing risks (``"all"``: every non-case observed at t,
        timeROC's definition 2, riskRegression's ``Score``; ``"survivors"``: event-free
        at t, timeROC's definition 1).  Without competing events both are the same.
    competing : bool
        Whether ``event`` held more than one cause.
    weighting : {"km", "cox"}
    censoring_model : str
        The censoring model in words.
    se_method : str
        How ``se`` was computed.
    direction : str
        ``"<"``: higher marker = higher risk; ``">"``: lower marker = higher risk.
    curves : tuple or None
        Per time ``(thresholds, fpr, tpr)``: the weighted empirical ROC(t) over the
        distinct marker values, decreasing (a point at ``+inf`` first).
    iid : ndarray of shape (n, len(times)) or None
        The influence functions (``se = iid.std(0, ddof=1) / sqrt(n)``).
    name : str or None
        The marker's name.
    """

    times: np.ndarray
    auc: np.ndarray
    se: Optional[np.ndarray]
    n_cases: np.ndarray
    n_controls: np.ndarray
    n: int
    cause: int
    controls: str
    competing: bool
    weighting: str
    censoring_model: str
    se_method: str
    direction: str = "<"
    curves: Optional[tuple] = None
    iid: Optional[np.ndarray] = None
    name: Optional[str] = None

    def conf_int(self, level=0.95, *, method="wald", alternative="two-sided"):
        """Pointwise confidence intervals of AUC(t).

        ``"wald"``: ``auc -/+ z se`` clipped to [0, 1] (riskRegression's ``lower`` /
        ``upper``); ``"logit"``: the Wald interval of ``logit(auc)``, back-transformed.
        ``alternative="greater"`` / ``"less"``: one-sided ``[lower, 1]`` / ``[0, upper]``.
        """
        if self.se is None:
            raise ValueError("this result has no standard errors (time_roc(..., se=False))")
        return unit_interval(self.auc, self.se, level, method, _times_names(self.times),
                             alternative)

    def conf_band(self, level=0.95, *, n_sim=10000, random_state=None):
        """Simultaneous confidence band over ``times`` (see `SimultaneousBand`).

        Times where AUC(t) is undefined (NaN) are left out (NaN in the band).  With one
        time the band is the pointwise Wald interval (critical value = the normal
        quantile)."""
        level = _check_level(level)
        if self.iid is None:
            raise ValueError("this result has no influence functions (time_roc(..., "
                             "se=False))")
        if not isinstance(n_sim, (int, np.integer)) or n_sim < 100:
            raise ValueError("n_sim must be an integer >= 100, got %r" % (n_sim,))
        crit, mc_se = band_critical_value(self.iid, level, n_sim, random_state)
        est = np.asarray(self.auc, float)
        se = np.asarray(self.se, float)
        return SimultaneousBand(np.asarray(self.times), np.clip(est - crit * se, 0, 1),
                                np.clip(est + crit * se, 0, 1), est, level, crit,
                                int(n_sim), mc_se)

    def roc(self, t):
        """``(thresholds, fpr, tpr)`` of ROC(t) at one of the evaluation times."""
        if self.curves is None:
            raise ValueError("this result has no curves (time_roc(..., curves=False))")
        k = np.flatnonzero(np.isclose(self.times, t, rtol=0, atol=0))
        if k.size == 0:
            raise ValueError("t=%r is not one of the evaluation times %s"
                             % (t, np.asarray(self.times).tolist()))
        return self.curves[int(k[0])]

    def plot(self, kind="auc", **kwargs):
        """``kind="auc"``: AUC(t) over t with pointwise CIs and the simultaneous band
        (`rocstats.survival.plot_auc_time`); ``"roc"``: ROC(t) curves
        (`rocstats.survival.plot_time_roc`)."""
        from . import _plot

        if kind == "auc":
            return _plot.plot_auc_time(self, **kwargs)
        if kind == "roc":
            return _plot.plot_time_roc(self, **kwargs)
        raise ValueError("kind must be 'auc' or 'roc', got %r" % (kind,))

    def summary(self, level=0.95):
        title = "Time-dependent ROC (cumulative/dynamic, IPCW)%s" % (
            ": " + self.name if self.name else "")
        rows = [("subjects", self.n), ("cause of interest", self.cause),
                ("direction", "higher marker = higher risk" if self.direction == "<"
                 else "lower marker = higher risk"),
                ("censoring weights", self.censoring_model)]
        if self.competing:
            rows.append(("controls", "all non-cases observed at t (timeROC definition 2)"
                         if self.controls == "all"
                         else "event-free at t (timeROC definition 1)"))
        rows.append(("standard errors", self.se_method))
        header = ["t", "cases", "controls", "AUC(t)"]
        cols = [list(map(_fmt, np.asarray(self.times, float))), list(self.n_cases),
                list(self.n_controls), list(self.auc)]
        if self.se is not None:
            ci = self.conf_int(level)
            header += ["SE", "%g%% lower" % (100 * level), "%g%% upper" % (100 * level)]
            cols += [list(self.se), list(ci.lower), list(ci.upper)]
        body = [list(r) for r in zip(*cols)]
        return Summary(title, rows, table=(header, body))


def band_critical_value(iid, level, n_sim, random_state):
    """The ``level`` quantile of ``max_t |Z_t| / sd_t`` for ``Z ~ N(0, cov(iid))`` over
    the columns with a finite, positive SE; ``(critical, mc_se)``."""
    iid = np.asarray(iid, float)
    ok = np.isfinite(iid).all(axis=0)
    cols = iid[:, ok]
    sd = cols.std(axis=0, ddof=1) if cols.shape[0] > 1 else np.zeros(cols.shape[1])
    cols = cols[:, sd > 0]
    sd = sd[sd > 0]
    z = _dist.norm_ppf(0.5 + level / 2.0)
    if cols.shape[1] <= 1:
        return float(z), 0.0
    corr = np.corrcoef(cols, rowvar=False)
    vals, vecs = np.linalg.eigh(corr)
    root = vecs * np.sqrt(np.clip(vals, 0, None))
    rng = np.random.default_rng(random_state)
    draws = np.abs(rng.standard_normal((int(n_sim), corr.shape[0])) @ root.T).max(axis=1)
    draws.sort()
    crit = float(np.quantile(draws, level))
    # MC SE of the quantile: the order statistics +-1 binomial SD around it
    k = np.sqrt(n_sim * level * (1 - level))
    lo = draws[max(int(np.floor(n_sim * level - k)), 0)]
    hi = draws[min(int(np.ceil(n_sim * level + k)), n_sim - 1)]
    return crit, float((hi - lo) / 2.0)


@dataclass(frozen=True, eq=False)
class TimeROCTestResult(_Result):
    """Paired comparison of two markers' AUC(t) at each time
    (`rocstats.survival.time_roc_test`).

    Attributes
    ----------
    times : ndarray
    difference : ndarray
        ``AUC_a(t) - AUC_b(t)`` (riskRegression's ``delta.AUC`` is ``b - a`` with ``a``
        the reference: the opposite sign).
    se : ndarray
        ``sd(IF_a - IF_b) / sqrt(n)``.
    statistic, pvalue : ndarray
        ``z = difference / se`` and its two-sided normal p-value.
    result_a, result_b : TimeROCResult
        The two markers' analyses.
    """

    times: np.ndarray
    difference: np.ndarray
    se: np.ndarray
    statistic: np.ndarray
    pvalue: np.ndarray
    result_a: TimeROCResult
    result_b: TimeROCResult
    names: tuple = ("a", "b")

    @property
    def auc_a(self):
        return self.result_a.auc

    @property
    def auc_b(self):
        return self.result_b.auc

    def conf_int(self, level=0.95):
        """Pointwise Wald intervals of the difference (not clipped)."""
        level = _check_level(level)
        z = _dist.norm_ppf(0.5 + level / 2.0)
        d = np.asarray(self.difference, float)
        s = np.asarray(self.se, float)
        return ConfidenceInterval(d - z * s, d + z * s, level, "wald", estimate=d,
                                  names=_times_names(self.times))

    def plot(self, **kwargs):
        """Both markers' AUC(t) with their pointwise intervals
        (`rocstats.survival.plot_auc_time`)."""
        from . import _plot

        return _plot.plot_auc_time([self.result_a, self.result_b], **kwargs)

    def summary(self, level=0.95):
        a, b = self.names
        ci = self.conf_int(level)
        body = [["%g" % t, x, y, d, s, lo, hi, z, p] for t, x, y, d, s, lo, hi, z, p in zip(
            self.times, self.auc_a, self.auc_b, self.difference, self.se, ci.lower,
            ci.upper, self.statistic, self.pvalue)]
        header = ["t", "AUC %s" % a, "AUC %s" % b, "difference", "SE",
                  "%g%% lower" % (100 * level), "%g%% upper" % (100 * level), "z", "p-value"]
        rows = [("difference", "AUC_%s(t) - AUC_%s(t) (riskRegression's delta.AUC has the "
                 "opposite sign)" % (a, b)),
                ("test", "paired, two-sided z test per t (influence functions)"),
                ("censoring weights", self.result_a.censoring_model),
                ("standard errors", self.result_a.se_method)]
        return Summary("Paired comparison of AUC(t)", rows, table=(header, body))


@dataclass(frozen=True, eq=False)
class ConcordanceResult(_Result):
    """A concordance index of a risk marker with a censored outcome
    (`rocstats.survival.concordance_index`).

    Attributes
    ----------
    estimate : float
        ``(concordant + tied_marker / 2) / (concordant + discordant + tied_marker)``,
        pairs weighted by ``1`` (Harrell) or ``G(T_i-)^-2`` (Uno).
    se : float
        Infinitesimal-jackknife standard error, as ``survival::concordance``'s
        ``sqrt(var)`` (the weights ``G`` treated as fixed).
    method : {"harrell", "uno"}
    tau : float or None
        Truncation: only pairs whose earlier time is an event at or before ``tau``.
    concordant, discordant, tied_marker, tied_time, tied_both : float
        Weighted pair counts (tied_time, tied_both: not in the estimate).
    n : int
    direction : str
    """

    estimate: float
    se: float
    method: str
    tau: Optional[float]
    concordant: float
    discordant: float
    tied_marker: float
    tied_time: float
    tied_both: float
    n: int
    direction: str = "<"

    def conf_int(self, level=0.95, *, method="wald"):
        """Wald (clipped to [0, 1]) or logit interval."""
        return unit_interval(self.estimate, self.se, level, method)

    def summary(self, level=0.95):
        ci = self.conf_int(level)
        title = ("Harrell's concordance index" if self.method == "harrell"
                 else "Uno's concordance index (IPCW, G(T-)^-2 weights)")
        rows = [("C", self.estimate), ("SE (infinitesimal jackknife)", self.se),
                ("%g%% CI (Wald)" % (100 * level), "[%s, %s]" % (_fmt(ci.lower),
                                                                 _fmt(ci.upper))),
                ("subjects", self.n),
                ("truncation tau", "none" if self.tau is None else self.tau),
                ("concordant", self.concordant), ("discordant", self.discordant),
                ("tied on marker", self.tied_marker),
                ("tied on time (not used)", self.tied_time),
                ("direction", "higher marker = higher risk" if self.direction == "<"
                 else "lower marker = higher risk")]
        return Summary(title, rows)
