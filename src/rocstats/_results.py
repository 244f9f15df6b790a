"""Frozen result objects shared by every statistic.

Each result carries its follow-ups (``conf_int``, ``summary``) in the style of
statsmodels' ``RankCompareResult``; ``summary()`` returns a :class:`Summary` whose
``str()`` is a plain-text table and whose ``_repr_html_`` renders in a notebook.
"""
from dataclasses import dataclass, field
from html import escape
from typing import Optional, Tuple

import numpy as np
from . import _dist

__all__ = ["ConfidenceInterval", "AUCResult", "TestResult", "ROCCurve",
           "MulticlassAUCResult", "ThresholdResult", "Summary"]


def _fmt(value):
    if isinstance(value, (float, np.floating)):
        return "nan" if np.isnan(value) else "%.6g" % value
    if isinstance(value, np.ndarray):
        return np.array2string(value, precision=6, separator=", ")
    return str(value)


class Summary:
    """A titled two-column table: ``str()`` gives text, ``_repr_html_`` gives HTML."""

    def __init__(self, title, rows, notes=()):
        self.title = title
        self.rows = [(str(k), _fmt(v)) for k, v in rows]
        self.notes = list(notes)

    def as_text(self):
        width = max([len(k) for k, _ in self.rows] + [8])
        rule = "=" * max(len(self.title), width + 24)
        lines = [self.title, rule]
        lines += ["%-*s  %s" % (width, k, v) for k, v in self.rows]
        lines.append(rule)
        lines += self.notes
        return "\n".join(lines)

    __str__ = as_text

    def __repr__(self):
        return self.as_text()

    def _repr_html_(self):
        body = "".join("<tr><th style='text-align:left'>%s</th><td>%s</td></tr>"
                       % (escape(k), escape(v)) for k, v in self.rows)
        notes = "".join("<p><small>%s</small></p>" % escape(n) for n in self.notes)
        return ("<table><caption style='text-align:left'><b>%s</b></caption>%s</table>%s"
                % (escape(self.title), body, notes))


@dataclass(frozen=True)
class ConfidenceInterval:
    """A confidence interval ``[lower, upper]`` (arrays for vector estimates)."""

    lower: object
    upper: object
    level: float
    method: str

    def __iter__(self):  # allows ``lo, hi = result.conf_int()``
        return iter((self.lower, self.upper))

    def __getitem__(self, i):
        return (self.lower, self.upper)[i]


def _check_level(level):
    if not (isinstance(level, (int, float, np.floating)) and 0.0 < float(level) < 1.0):
        raise ValueError("level must be a number strictly between 0 and 1, got %r" % (level,))
    return float(level)


def unit_interval(estimate, se, level, method):
    """Wald or logit confidence interval of an estimate that lies in [0, 1] (an AUC, an
    sAUC); scalar or array ``estimate`` / ``se``.

    ``"wald"``: ``estimate -/+ z se`` clipped to [0, 1] (pROC's ``ci.auc``).  ``"logit"``:
    the Wald interval of ``logit(estimate)`` with the delta-method SE
    ``se / (estimate (1 - estimate))``, back-transformed: inside (0, 1) without clipping;
    NaN at 0 and 1, where it is undefined.
    """
    level = _check_level(level)
    z = _dist.norm_ppf(0.5 + level / 2.0)
    est = np.asarray(estimate, dtype=float)
    se = np.asarray(se, dtype=float)
    if method == "wald":
        lo = np.clip(est - z * se, 0.0, 1.0)
        hi = np.clip(est + z * se, 0.0, 1.0)
    elif method == "logit":
        with np.errstate(divide="ignore", invalid="ignore"):
            inner = (est > 0) & (est < 1)
            lg = np.where(inner, np.log(est / (1 - est)), np.nan)
            half = np.where(inner, z * se / (est * (1 - est)), np.nan)
            lo = 1.0 / (1.0 + np.exp(-(lg - half)))
            hi = 1.0 / (1.0 + np.exp(-(lg + half)))
    else:
        raise ValueError("method must be 'wald' or 'logit', got %r" % (method,))
    if lo.ndim == 0:
        lo, hi = float(lo), float(hi)
    return ConfidenceInterval(lo, hi, level, method)


@dataclass(frozen=True)
class AUCResult:
    """AUC with its DeLong variance (vector and covariance matrix for k scores).

    Attributes
    ----------
    auc : float or ndarray of shape (k,)
    variance : float or ndarray of shape (k,)
        DeLong variance ``S10 / m + S01 / n`` (DeLong, DeLong & Clarke-Pearson 1988).
    covariance : ndarray of shape (k, k) or None
        The DeLong covariance matrix when ``y_score`` was 2-D, else None.
    n_pos, n_neg : int
        Numbers of positives (cases, m) and negatives (controls, n).
    """

    auc: object
    variance: object
    n_pos: int
    n_neg: int
    covariance: Optional[np.ndarray] = None
    direction: str = "<"
    pos_label: object = None

    @property
    def se(self):
        """Standard error ``sqrt(variance)``."""
        return np.sqrt(self.variance)

    def conf_int(self, level=0.95, *, method="wald"):
        """Confidence interval for the AUC.

        Parameters
        ----------
        level : float
            Confidence level in (0, 1).
        method : {"wald", "logit"}
            ``"wald"``: ``auc -/+ z * se`` clipped to [0, 1], as pROC's
            ``ci.auc(method="delong")``.  ``"logit"``: the Wald interval on
            ``logit(auc)`` with the delta-method SE ``se / (auc (1 - auc))``,
            back-transformed; it stays inside (0, 1) without clipping and is better
            near 0 and 1.  At AUC 0 or 1 the logit interval is undefined (NaN).
        """
        return unit_interval(self.auc, self.se, level, method)

    def summary(self, level=0.95):
        ci = self.conf_int(level)
        rows = [("AUC", self.auc), ("DeLong variance", self.variance), ("SE", self.se),
                ("%g%% CI (Wald)" % (100 * level), "[%s, %s]" % (_fmt(ci.lower), _fmt(ci.upper))),
                ("positives (m)", self.n_pos), ("negatives (n)", self.n_neg),
                ("direction", "controls %s cases" % self.direction)]
        return Summary("Empirical AUC with DeLong variance", rows)

    def _repr_html_(self):
        return self.summary()._repr_html_()


@dataclass(frozen=True)
class TestResult:
    """Result of a hypothesis test on AUCs.

    Attributes
    ----------
    statistic : float
        z (paired DeLong), D (unpaired, t-distributed with ``df``) or chi-square (joint).
    pvalue : float
    estimate : float or ndarray
        The estimated contrast (AUC difference, or ``L @ auc`` for the joint test).
    se : float or None
        Standard error of a scalar estimate.
    df : float or None
        Degrees of freedom (unpaired t, or chi-square rank).
    distribution : {"normal", "t", "chi2"}
    """

    statistic: float
    pvalue: float
    estimate: object
    method: str
    alternative: str = "two-sided"
    se: Optional[float] = None
    df: Optional[float] = None
    distribution: str = "normal"
    aucs: Optional[Tuple[float, ...]] = None
    pos_label: object = None

    def conf_int(self, level=0.95):
        """Confidence interval of a scalar estimate: ``estimate -/+ q * se``.

        ``q`` is the normal quantile (paired test; pROC 1.18's ``conf.int``) or the
        t quantile with ``df`` (unpaired test).  Not defined for the joint test.
        """
        level = _check_level(level)
        if self.se is None or self.distribution == "chi2":
            raise ValueError("conf_int is defined only for a scalar estimate "
                             "(paired or unpaired two-curve test)")
        if self.distribution == "t":
            q = _dist.t_ppf(0.5 + level / 2.0, self.df)
        else:
            q = _dist.norm_ppf(0.5 + level / 2.0)
        return ConfidenceInterval(self.estimate - q * self.se, self.estimate + q * self.se,
                                  level, "wald" if self.distribution == "normal" else "t")

    def summary(self):
        rows = [("statistic", self.statistic)]
        if self.df is not None:
            rows.append(("df", self.df))
        rows += [("p-value", self.pvalue), ("alternative", self.alternative),
                 ("estimate", self.estimate)]
        if self.aucs is not None:
            rows.append(("AUCs", np.asarray(self.aucs)))
        if self.se is not None and self.distribution != "chi2":
            ci = self.conf_int()
            rows.append(("95% CI of estimate", "[%s, %s]" % (_fmt(ci.lower), _fmt(ci.upper))))
        return Summary(self.method, rows)

    def _repr_html_(self):
        return self.summary()._repr_html_()


@dataclass(frozen=True)
class ROCCurve:
    """Empirical ROC curve: one point per distinct threshold, starting at (0, 0).

    ``thresholds[k]`` classifies ``score >= thresholds[k]`` as positive (direction "<");
    ``thresholds[0]`` is ``+inf`` (nothing positive).  For direction ">" the rule is
    ``score <= thresholds[k]`` and ``thresholds[0]`` is ``-inf``.
    """

    fpr: np.ndarray
    tpr: np.ndarray
    thresholds: np.ndarray
    auc: float
    n_pos: float
    n_neg: float
    direction: str = "<"
    pos_label: object = None

    @property
    def sensitivity(self):
        return self.tpr

    @property
    def specificity(self):
        return 1.0 - self.fpr

    def summary(self):
        rows = [("AUC", self.auc), ("points", self.fpr.size),
                ("positives", self.n_pos), ("negatives", self.n_neg),
                ("direction", "controls %s cases" % self.direction)]
        return Summary("Empirical ROC curve", rows)

    def _repr_html_(self):
        return self.summary()._repr_html_()

    def plot(self, ax=None, **kwargs):
        """Draw the curve with :func:`rocstats.plot.plot_roc` (tie blocks as diagonal
        segments; ``ci=True``, ``print_auc=True``, ``axes=...`` as there); returns the
        Axes.  Needs matplotlib."""
        from .plot import plot_roc

        return plot_roc(self, ax=ax, **kwargs)


@dataclass(frozen=True)
class MulticlassAUCResult:
    """Hand & Till (2001) multiclass AUC.

    ``pairwise[i, j]`` is A(i|j): the AUC of probability column i separating class i
    (positive) from class j, on the rows of those two classes; the diagonal is NaN.
    ``auc`` is the mean of the off-diagonal entries (= M of Hand & Till).
    """

    auc: float
    pairwise: np.ndarray
    labels: tuple
    class_counts: tuple = field(default=())

    def summary(self):
        rows = [("Hand & Till M", self.auc), ("classes", len(self.labels))]
        for i, a in enumerate(self.labels):
            for j, b in enumerate(self.labels):
                if i < j:
                    rows.append(("A(%s,%s) (mean of both orders)" % (a, b),
                                 0.5 * (self.pairwise[i, j] + self.pairwise[j, i])))
        return Summary("Multiclass AUC (Hand & Till)", rows)

    def _repr_html_(self):
        return self.summary()._repr_html_()


@dataclass(frozen=True)
class ThresholdResult:
    """An optimal ROC threshold and the operating point it gives.

    Thresholds are pROC's (midpoints between consecutive distinct scores, +-inf at the
    ends); ``score >= threshold`` is positive (``<=`` for ``direction=">"``).
    ``all_thresholds`` lists every threshold that attains the same optimum (ties), in
    pROC's row order (most sensitive first); ``threshold`` is the first of them.
    """

    threshold: float
    sensitivity: float
    specificity: float
    method: str
    criterion: float
    all_thresholds: tuple = ()
    direction: str = "<"
    pos_label: object = None

    def summary(self):
        rows = [("method", self.method), ("threshold", self.threshold),
                ("sensitivity", self.sensitivity), ("specificity", self.specificity),
                ("criterion", self.criterion), ("tied optima", len(self.all_thresholds))]
        return Summary("Optimal ROC threshold", rows)

    def _repr_html_(self):
        return self.summary()._repr_html_()
