"""Frozen result objects shared by every statistic.

Each result carries its follow-ups (``conf_int``, ``summary``) in the style of
statsmodels' ``RankCompareResult``; ``summary()`` returns a `Summary` whose
``str()`` is a plain-text table and whose ``_repr_html_`` renders in a notebook.
"""
from dataclasses import dataclass, field, fields
from html import escape
from typing import Any, Optional, Tuple

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


def _plain(value):
    """Python numbers for NumPy scalars and 0-d arrays (so results print as 0.75, not
    np.float64(0.75)); tuples element-wise; anything else unchanged."""
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, np.ndarray) and value.ndim == 0:
        return value.item()
    if isinstance(value, tuple):
        return tuple(_plain(v) for v in value)
    return value


class _Result:
    """What every result shares: NumPy scalars are stored as Python numbers, ``print``
    shows the summary, notebooks render its HTML.  Results are frozen dataclasses with
    ``eq=False`` (they hold arrays: identity, not element-wise, equality)."""

    def __post_init__(self):
        for f in fields(self):
            value = getattr(self, f.name)
            plain = _plain(value)
            if plain is not value:
                object.__setattr__(self, f.name, plain)

    def __str__(self):
        return str(self.summary())

    def _repr_html_(self):
        return self.summary()._repr_html_()


class Summary:
    """A titled two-column table, optionally followed by a labelled table (one row per
    score of a vector result): ``str()`` gives text, ``_repr_html_`` gives HTML.

    ``text=...`` makes a summary whose text is given (an rpart-style printout); its HTML
    is that text preformatted.
    """

    def __init__(self, title, rows=(), notes=(), *, table=None, text=None):
        self.title = title
        self.rows = [(str(k), _fmt(v)) for k, v in rows]
        self.notes = list(notes)
        self.table = None
        if table is not None:
            header, body = table
            self.table = ([str(h) for h in header],
                          [[_fmt(v) if not isinstance(v, str) else v for v in r] for r in body])
        self.text = text

    def as_text(self):
        if self.text is not None:
            return self.text
        width = max([len(k) for k, _ in self.rows] + [8])
        rule = "=" * max(len(self.title), width + 24)
        lines = [self.title, rule]
        lines += ["%-*s  %s" % (width, k, v) for k, v in self.rows]
        if self.table is not None:
            header, body = self.table
            widths = [max(len(c) for c in col) for col in zip(header, *body)]
            if self.rows:
                lines.append("-" * len(rule))
            lines.append("  ".join("%-*s" % (w, h) if i == 0 else "%*s" % (w, h)
                                   for i, (w, h) in enumerate(zip(widths, header))))
            for r in body:
                lines.append("  ".join("%-*s" % (w, c) if i == 0 else "%*s" % (w, c)
                                       for i, (w, c) in enumerate(zip(widths, r))))
        lines.append(rule)
        lines += self.notes
        return "\n".join(lines)

    __str__ = as_text

    def __repr__(self):
        return self.as_text()

    def _repr_html_(self):
        if self.text is not None:
            return "<pre>%s</pre>" % escape(self.text)
        body = "".join("<tr><th style='text-align:left'>%s</th><td>%s</td></tr>"
                       % (escape(k), escape(v)) for k, v in self.rows)
        extra = ""
        if self.table is not None:
            header, rows = self.table
            extra = "<table><tr>%s</tr>%s</table>" % (
                "".join("<th>%s</th>" % escape(h) for h in header),
                "".join("<tr>%s</tr>" % "".join("<td>%s</td>" % escape(c) for c in r)
                        for r in rows))
        notes = "".join("<p><small>%s</small></p>" % escape(n) for n in self.notes)
        return ("<table><caption style='text-align:left'><b>%s</b></caption>%s</table>%s%s"
                % (escape(self.title), body, extra, notes))


def _names(names, k):
    """Labels of the k scores of a vector result."""
    if names is not None:
        return [str(n) for n in names]
    return ["score %d" % i for i in range(k)]


@dataclass(frozen=True, eq=False)
class ConfidenceInterval(_Result):
    """A confidence interval ``[lower, upper]`` (arrays for vector estimates).

    Unpacks as ``lo, hi = ci``.  ``estimate`` is the point estimate when the producer
    gives it; ``names`` labels the entries of a vector interval.  ``alternative``:
    "two-sided", or "greater" / "less" for a one-sided interval (then ``upper`` /
    ``lower`` is the end of the parameter's range, or infinite).
    """

    lower: object
    upper: object
    level: float
    method: str
    estimate: object = None
    names: Optional[tuple] = None
    alternative: str = "two-sided"

    def __iter__(self):  # allows ``lo, hi = result.conf_int()``
        return iter((self.lower, self.upper))

    def __getitem__(self, i):
        return (self.lower, self.upper)[i]

    def summary(self):
        title = "%g%% confidence interval (%s)" % (100 * self.level, self.method)
        if self.alternative != "two-sided":
            title = "%g%% one-sided (%s) confidence interval (%s)" % (
                100 * self.level, self.alternative, self.method)
        lo, hi = np.asarray(self.lower, float), np.asarray(self.upper, float)
        if lo.ndim == 0:
            rows = [("interval", "[%s, %s]" % (_fmt(float(lo)), _fmt(float(hi))))]
            if self.estimate is not None:
                rows.insert(0, ("estimate", self.estimate))
            return Summary(title, rows)
        est = (np.full(lo.shape, np.nan) if self.estimate is None
               else np.asarray(self.estimate, float))
        body = [[n, e, a, b] for n, e, a, b in zip(_names(self.names, lo.size), est, lo, hi)]
        return Summary(title, table=(["", "estimate", "lower", "upper"], body))


def _check_level(level):
    from ._options import check_level

    return check_level(level)


def unit_interval(estimate, se, level, method, names=None, alternative=None):
    """Wald or logit confidence interval of an estimate that lies in [0, 1] (an AUC, an
    sAUC); scalar or array ``estimate`` / ``se``.

    ``"wald"``: ``estimate -/+ z se`` clipped to [0, 1] (pROC's ``ci.auc``).  ``"logit"``:
    the Wald interval of ``logit(estimate)`` with the delta-method SE
    ``se / (estimate (1 - estimate))``, back-transformed: inside (0, 1) without clipping;
    NaN at 0 and 1, where it is undefined.  ``alternative="greater"`` / ``"less"`` (None: two-sided): the
    one-sided interval ``[lower, 1]`` / ``[0, upper]`` with z the ``level`` quantile
    (`rocstats._margin`).
    """
    from ._margin import one_sided, one_sided_quantile

    level = _check_level(level)
    alternative = "two-sided" if alternative is None else alternative
    z = one_sided_quantile(level, alternative, _dist.norm_ppf)
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
    lo, hi = one_sided(lo, hi, alternative, 0.0, 1.0)
    return ConfidenceInterval(lo, hi, level, method, estimate=estimate, names=names,
                              alternative=alternative)


class AUCEstimate:
    """The follow-ups every AUC-type estimate shares (AUC, partial AUC, sAUC, Hand &
    Till's M): `se`, `conf_int`, `test`.  A result using it has a
    ``variance`` field and names its estimate's field in ``_estimate`` (``"auc"``,
    ``"sauc"``); ``_width()`` is the length of the interval the estimate lies in
    (1, or ``high - low`` for an uncorrected partial AUC)."""

    _estimate = "auc"
    _what = "AUC"

    @property
    def estimate(self):
        return getattr(self, self._estimate)

    @property
    def se(self):
        """Standard error ``sqrt(variance)``."""
        v = self.variance
        if v is None:
            return float("nan")
        se = np.sqrt(v)
        return float(se) if np.ndim(se) == 0 else se

    def _width(self):
        return 1.0

    def _names(self):
        est = self.estimate
        return None if np.ndim(est) == 0 else tuple(_names(getattr(self, "names", None),
                                                           np.size(est)))

    def conf_int(self, level=0.95, *, method="wald", alternative=None):
        """Confidence interval of the estimate.

        Parameters
        ----------
        level : float
            Confidence level in (0, 1).
        method : {"wald", "logit"}
            ``"wald"``: ``estimate -/+ z * se`` clipped to the estimate's range, as
            pROC's ``ci.auc(method="delong")``.  ``"logit"``: the Wald interval on
            ``logit`` of the estimate with the delta-method SE, back-transformed; it
            stays inside the range without clipping and is better near its ends (NaN
            at the ends themselves).  An uncorrected partial AUC over ``(low, high)``
            lies in ``[0, high - low]``: both methods work on ``estimate / (high -
            low)`` and scale back.
        alternative : {None, "two-sided", "greater", "less"}
            None / "two-sided": the two-sided interval; "greater": ``[lower, max]``,
            "less": ``[min, upper]``, one-sided at ``level``.
        """
        width = self._width()
        names = self._names()
        if width == 1.0:
            return unit_interval(self.estimate, self.se, level, method, names, alternative)
        ci = unit_interval(np.asarray(self.estimate) / width, self.se / width, level, method,
                           names, alternative)
        return ConfidenceInterval(ci.lower * width, ci.upper * width, ci.level, ci.method,
                                  estimate=self.estimate, names=names,
                                  alternative=ci.alternative)

    def test(self, null=0.5, *, alternative="two-sided"):
        """Wald z test of H0: estimate = ``null`` with this estimate's SE: ``z =
        (estimate - null) / se``, p-value from the standard normal (``alternative``:
        H1 estimate != / > / < null).  A zero SE gives z = +-inf when the estimate
        differs from ``null`` (p = 0), and z = 0 when it equals it.  Scalar estimates
        only (`rocstats.delong_joint_test` compares several)."""
        from ._options import check_alternative
        from ._validation import check_number

        check_alternative(alternative)
        null = check_number(null, "null")
        est = self.estimate
        if np.ndim(est) != 0:
            raise ValueError("test() needs a scalar estimate; for k scores use "
                             "rocstats.delong_joint_test or rocstats.delong_pairwise")
        se = self.se
        z = _dist.wald_z(est - null, se)
        p = _dist.pvalue(z, alternative) if not np.isnan(z) else float("nan")
        return TestResult(z, p, est, "Wald test of one %s against %g (SE %s)"
                          % (self._what, null, _fmt(se)), alternative, se=se,
                          pos_label=getattr(self, "pos_label", None))


@dataclass(frozen=True, eq=False)
class AUCResult(AUCEstimate, _Result):
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
    direction, pos_label
        As given / as read by the label contract.
    names : tuple or None
        Labels of the k scores (a DataFrame's column names) of a vector result.
    partial : (low, high) or None
        The range of a partial AUC (then ``auc`` is the partial AUC and ``variance`` its
        DeLong-type variance), with ``focus`` and ``correct`` (McClish) as given.
    weight_type : {"frequency", "sampling"} or None
        With ``sample_weight``: how the weights were read (then ``n_pos`` / ``n_neg``
        are the summed frequency weights, or the numbers of rows with positive weight).
    """

    auc: Any                     # a float, or an array of k AUCs
    variance: Any                # a float, or an array of k variances
    n_pos: int
    n_neg: int
    covariance: Optional[np.ndarray] = None
    direction: str = "<"
    pos_label: object = None
    names: Optional[tuple] = None
    partial: Optional[Tuple[float, float]] = None
    focus: str = "specificity"
    correct: bool = False
    weight_type: Optional[str] = None

    @property
    def _what(self):
        return "AUC" if self.partial is None else "partial AUC"

    def _width(self):
        if self.partial is not None and not self.correct:
            return self.partial[1] - self.partial[0]
        return 1.0

    def summary(self, level=0.95):
        ci = self.conf_int(level)
        what = "AUC"
        title = "Empirical AUC with DeLong variance"
        if self.partial is not None:
            what = "partial AUC%s (%s %g to %g)" % (" (McClish)" if self.correct else "",
                                                   self.focus, *self.partial)
            title = "Empirical partial AUC with DeLong-type variance"
        common = [("positives (m)", self.n_pos), ("negatives (n)", self.n_neg),
                  ("positive label", self.pos_label),
                  ("direction", "controls %s cases" % self.direction)]
        if self.weight_type is not None:
            title = "Weighted empirical AUC with DeLong-type variance (%s weights)" % (
                self.weight_type)
        if np.ndim(self.auc) == 0:
            rows = [(what, self.auc), ("DeLong variance", self.variance), ("SE", self.se),
                    ("%g%% CI (Wald)" % (100 * level),
                     "[%s, %s]" % (_fmt(ci.lower), _fmt(ci.upper)))]
            return Summary(title, rows + common)
        k = np.size(self.auc)
        body = [[n, a, s_, lo, hi] for n, a, s_, lo, hi in zip(
            _names(self.names, k), self.auc, self.se, ci.lower, ci.upper)]
        header = ["", what, "SE", "%g%% CI lower" % (100 * level),
                  "%g%% CI upper" % (100 * level)]
        return Summary(title, common, table=(header, body))


@dataclass(frozen=True, eq=False)
class TestResult(_Result):
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
    distribution : {"normal", "t", "chi2", "permutation"}
        ``"permutation"``: the p-value is a permutation p-value (Venkatraman's test);
        ``conf_int`` then uses the normal quantile with ``se``.
    n_boot : int or None
        Bootstrap replicates or permutations behind the statistic / p-value.
    replicates : ndarray or None
        The bootstrap differences (or the permuted statistics) behind it.
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
    names: Optional[tuple] = None
    n_boot: Optional[int] = None
    replicates: Optional[np.ndarray] = None
    notes: tuple = ()
    hypothesis: Optional[str] = None
    bounds: Optional[tuple] = None
    pvalues: Optional[tuple] = None

    def conf_int(self, level=0.95, *, method=None, alternative="two-sided"):
        """Confidence interval of a scalar estimate: ``estimate -/+ q * se``.

        Parameters
        ----------
        level : float
            Confidence level in (0, 1).
        alternative : {"two-sided", "greater", "less"}
            ``"greater"``: ``[estimate - q se, inf)`` with q the ``level`` quantile, the
            bound of a one-sided test of H1: estimate > b (it excludes b exactly when
            that test rejects at ``1 - level``); ``"less"``: ``(-inf, estimate + q se]``.
            For an equivalence test (``alternative="equivalence"``), ``conf_int(1 - 2
            alpha)`` is the interval of the two one-sided tests at level alpha.
        method : {None, "wald", "t"}
            The quantile ``q``: ``None`` (default) takes the test's own reference
            distribution — the normal for the paired tests (pROC 1.18's ``conf.int``),
            Student's t with ``df`` for the unpaired test; ``"wald"`` forces the normal
            quantile, ``"t"`` the t quantile (needs ``df``).  Not defined for the joint
            chi-square test.
        """
        level = _check_level(level)
        if self.se is None or self.distribution == "chi2":
            raise ValueError("conf_int is defined only for a scalar estimate "
                             "(paired or unpaired two-curve test)")
        from ._margin import one_sided, one_sided_quantile

        if method is None:
            method = "t" if self.distribution == "t" else "wald"
        if method == "t":
            if self.df is None:
                raise ValueError("method='t' needs the test's degrees of freedom (df)")
            q = one_sided_quantile(level, alternative, lambda p: _dist.t_ppf(p, self.df))
        elif method == "wald":
            q = one_sided_quantile(level, alternative, _dist.norm_ppf)
        else:
            raise ValueError("method must be None, 'wald' or 't', got %r" % (method,))
        lo, hi = one_sided(self.estimate - q * self.se, self.estimate + q * self.se,
                           alternative, -np.inf, np.inf)
        return ConfidenceInterval(lo, hi, level, method, estimate=self.estimate,
                                  alternative=alternative)

    def summary(self):
        rows = [("statistic", self.statistic)]
        if self.df is not None:
            rows.append(("df", self.df))
        rows += [("p-value", self.pvalue), ("alternative", self.alternative)]
        if self.hypothesis is not None:
            rows.append(("hypothesis", self.hypothesis))
        if self.pvalues is not None:
            rows.append(("one-sided p-values (low, high)", "%s, %s" % (
                _fmt(self.pvalues[0]), _fmt(self.pvalues[1]))))
        if self.n_boot is not None:
            rows.append(("replicates", self.n_boot))
        table = None
        if np.ndim(self.estimate) == 0:
            rows.append(("estimate", self.estimate))
        else:
            est = np.asarray(self.estimate, float)
            table = (["contrast", "estimate"],
                     [["row %d" % i, e] for i, e in enumerate(est)])
        if self.aucs is not None:
            if self.names is not None or len(self.aucs) > 2:
                for n, a in zip(_names(self.names, len(self.aucs)), self.aucs):
                    rows.append(("AUC %s" % n, a))
            else:
                rows.append(("AUCs", np.asarray(self.aucs)))
        if self.se is not None and self.distribution not in ("chi2", "permutation"):
            # (a permutation test of whole curves, Venkatraman's, has no interval)
            ci = self.conf_int()
            rows.append(("95% CI of estimate", "[%s, %s]" % (_fmt(ci.lower), _fmt(ci.upper))))
            if self.alternative == "equivalence":
                ci = self.conf_int(0.90)
                rows.append(("90% CI (TOST at alpha 0.05)", "[%s, %s]" % (
                    _fmt(ci.lower), _fmt(ci.upper))))
            elif self.alternative in ("greater", "less"):
                ci = self.conf_int(0.95, alternative=self.alternative)
                rows.append(("95% one-sided CI", "[%s, %s]" % (_fmt(ci.lower),
                                                                _fmt(ci.upper))))
        if self.pos_label is not None:
            rows.append(("positive label", self.pos_label))
        return Summary(self.method, rows, notes=list(self.notes), table=table)


@dataclass(frozen=True, eq=False)
class ROCCurve(_Result):
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

    def auc_partial(self, partial, *, focus="specificity", correct=False):
        """Partial AUC of this curve, as `rocstats.auc` with ``partial``, ``focus``
        and ``correct`` (pROC's ``partial.auc`` on the curve's points; weighted curves
        too).  A curve with an undefined AUC (one class) gives NaN."""
        from ._areas import (check_correct, check_focus, check_partial, mcclish,
                             partial_auc_from_points)

        lo, hi = check_partial(partial)
        check_focus(focus)
        check_correct(correct)
        if not np.isfinite(self.auc):
            return float("nan")
        value = float(partial_auc_from_points(self.tpr[::-1], 1.0 - self.fpr[::-1],
                                              partial=(lo, hi), focus=focus))
        return mcclish(value, lo, hi) if correct else value

    def summary(self):
        rows = [("AUC", self.auc), ("points", self.fpr.size),
                ("positives", self.n_pos), ("negatives", self.n_neg),
                ("direction", "controls %s cases" % self.direction)]
        return Summary("Empirical ROC curve", rows)

    def plot(self, ax=None, **kwargs):
        """Draw the curve with `rocstats.plot.plot_roc` (tie blocks as diagonal
        segments; ``ci=True``, ``print_auc=True``, ``axes=...`` as there); returns the
        Axes.  Needs matplotlib."""
        from .plot import plot_roc

        return plot_roc(self, ax=ax, **kwargs)


@dataclass(frozen=True, eq=False)
class MulticlassAUCResult(AUCEstimate, _Result):
    """Hand & Till (2001) multiclass AUC with its variance.

    ``pairwise[i, j]`` is A(i|j): the AUC of probability column i separating class i
    (positive) from class j, on the rows of those two classes; the diagonal is NaN.
    ``auc`` is the mean of the off-diagonal entries (= M of Hand & Till).

    Attributes
    ----------
    variance : float
        The k-sample DeLong-type variance of M (see `rocstats.multiclass_auc`);
        NaN when a class has fewer than 2 rows.
    pairwise_variance : ndarray of shape (C, C) or None
        The variance of each A(i|j) (DeLong's, on the rows of classes i and j); NaN
        diagonal.
    pairwise_covariance : ndarray of shape (C, C, C, C) or None
        ``[i, j, k, l]`` = Cov(A(i|j), A(k|l)) when asked for (``covariance=True``); NaN
        where i == j or k == l.
    """

    auc: float
    pairwise: np.ndarray
    labels: tuple
    class_counts: tuple = field(default=())
    variance: Optional[float] = None
    pairwise_variance: Optional[np.ndarray] = None
    pairwise_covariance: Optional[np.ndarray] = None

    _what = "Hand & Till M"

    @property
    def pairwise_se(self):
        """Standard errors of the A(i|j) (C x C, NaN diagonal)."""
        return None if self.pairwise_variance is None else np.sqrt(self.pairwise_variance)

    def summary(self, level=0.95):
        ci = self.conf_int(level)
        variance = float("nan") if self.variance is None else self.variance
        rows = [("Hand & Till M", self.auc), ("variance", variance), ("SE", self.se),
                ("%g%% CI (Wald)" % (100 * level),
                 "[%s, %s]" % (_fmt(ci.lower), _fmt(ci.upper))),
                ("classes", len(self.labels)),
                ("class counts", ", ".join("%s: %d" % (a, n)
                                           for a, n in zip(self.labels, self.class_counts)))]
        pse = self.pairwise_se
        body = [["A(%s|%s)" % (a, b), self.pairwise[i, j],
                 float("nan") if pse is None else pse[i, j]]
                for i, a in enumerate(self.labels) for j, b in enumerate(self.labels) if i != j]
        return Summary("Multiclass AUC (Hand & Till)", rows, table=(["pair", "AUC", "SE"], body))


@dataclass(frozen=True, eq=False)
class ThresholdResult(_Result):
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
        from ._deviations import note

        rows = [("method", self.method), ("threshold", self.threshold),
                ("sensitivity", self.sensitivity), ("specificity", self.specificity),
                ("criterion", self.criterion), ("tied optima", len(self.all_thresholds))]
        notes = [note("exact_best")] if len(self.all_thresholds) > 1 else []
        return Summary("Optimal ROC threshold", rows, notes)
