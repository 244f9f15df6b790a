"""Accuracy of a marker at a fixed (pre-specified) positivity threshold, as epiR's
``epi.tests``: the 2 x 2 table and every measure with its confidence interval."""
from __future__ import annotations

from typing import Any, Dict, Optional, Sequence, Union  # noqa: F401

from .._typing import ArrayLike, Direction, Jobs, Label, Range, Seed  # noqa: F401
from collections import namedtuple
from dataclasses import dataclass
from typing import Optional

import numpy as np

from .._results import Summary, _check_level, _Result
from .._sample import binary_sample, roc_arguments, per_marker
from .._validation import as_float_array
from ._binom import check_method
from ._measures import (DESCRIPTIONS, EPIR_DIFFERENCES, STATISTICS, TARGET_STATISTICS,
                        measures)

__all__ = ["diagnostic_accuracy", "diagnostic_accuracy_table", "DiagnosticAccuracy",
           "Estimate"]

#: one measure: its estimate and the bounds of its interval
Estimate = namedtuple("Estimate", ["estimate", "lower", "upper"])

_METHOD_NAMES = {"exact": "exact (Clopper-Pearson)", "wilson": "Wilson score",
                 "agresti": "Agresti-Coull", "jeffreys": "Jeffreys"}


@dataclass(frozen=True, eq=False)
class DiagnosticAccuracy(_Result):
    """Accuracy at fixed thresholds (`rocstats.diagnostic_accuracy`).

    Attributes
    ----------
    threshold : float or ndarray
        The threshold(s); with one threshold every array attribute below is a scalar.
    tp, fp, fn, tn : int or ndarray of int
        The 2 x 2 table: test-positive cases, test-positive controls, test-negative cases,
        test-negative controls (note: ``result["tp"]`` is epiR's *true prevalence*).
    statistics : tuple of str
        epiR's ``statistic`` names of the rows (`STATISTICS`, then
        ``pv.pos.target`` / ``pv.neg.target`` with ``prevalence``).
    estimate, lower, upper : ndarray of shape (n_thresholds, n_statistics)
    level, method, prevalence, direction, pos_label, rule
        The options; ``rule`` states which side of the threshold is test positive.
    notes : tuple of str
        The differences from epiR that affect these numbers (empty when none does).

    ``result["se"]`` is an `Estimate` ``(estimate, lower, upper)``;
    `to_frame` is epiR's ``detail`` table (index ``statistic``, columns estimate,
    lower, upper; a (threshold, statistic) index for several thresholds); `table`
    the 2 x 2 table with margins.
    """

    threshold: object
    tp: object
    fp: object
    fn: object
    tn: object
    statistics: tuple
    estimate: np.ndarray
    lower: np.ndarray
    upper: np.ndarray
    level: float
    method: str
    prevalence: Optional[float]
    direction: str
    pos_label: object
    rule: str
    notes: tuple = ()

    @property
    def n_thresholds(self):
        return int(np.size(self.threshold))

    def __getitem__(self, name):
        try:
            j = self.statistics.index(name)
        except ValueError:
            raise KeyError("%r is not a statistic of this result; choose from %s"
                           % (name, self.statistics)) from None
        cols = (self.estimate[:, j], self.lower[:, j], self.upper[:, j])
        if self.n_thresholds == 1:
            return Estimate(*(float(v[0]) for v in cols))
        return Estimate(*cols)

    @property
    def sensitivity(self):
        """Estimate of the sensitivity (``self["se"].estimate``)."""
        return self["se"].estimate

    @property
    def specificity(self):
        return self["sp"].estimate

    @property
    def ppv(self):
        return self["pv.pos"].estimate

    @property
    def npv(self):
        return self["pv.neg"].estimate

    @property
    def lr_pos(self):
        return self["lr.pos"].estimate

    @property
    def lr_neg(self):
        return self["lr.neg"].estimate

    def to_frame(self):
        """epiR's ``detail``: one row per statistic (index ``statistic``; a
        ``(threshold, statistic)`` MultiIndex for several thresholds), columns
        ``estimate``, ``lower``, ``upper``."""
        import pandas as pd

        T, S = self.estimate.shape
        frame = pd.DataFrame({"estimate": self.estimate.ravel(), "lower": self.lower.ravel(),
                              "upper": self.upper.ravel()})
        if T == 1:
            frame.index = pd.Index(self.statistics, name="statistic")
        else:
            frame.index = pd.MultiIndex.from_product(
                [np.atleast_1d(self.threshold), self.statistics], names=["threshold", "statistic"])
        return frame

    def table(self, i=0):
        """The 2 x 2 table of threshold ``i`` with margins (epiR's layout: rows test +,
        test -, total; columns outcome +, outcome -, total)."""
        import pandas as pd

        a, b, c, d = (int(np.atleast_1d(v)[i]) for v in (self.tp, self.fp, self.fn, self.tn))
        return pd.DataFrame([[a, b, a + b], [c, d, c + d], [a + c, b + d, a + b + c + d]],
                            index=["test +", "test -", "total"],
                            columns=["outcome +", "outcome -", "total"])

    def summary(self):
        pct = "%g%%" % (100 * self.level)
        thr = np.atleast_1d(self.threshold)
        rows = [("rule", self.rule), ("positive label", self.pos_label),
                ("interval", "%s %s (proportions)" % (pct, _METHOD_NAMES[self.method]))]
        if self.prevalence is not None:
            rows.append(("target prevalence", self.prevalence))
        body = []
        if thr.size == 1:
            rows.append(("threshold", float(thr[0])))
            rows.append(("2 x 2 (tp, fp, fn, tn)", "%d, %d, %d, %d" % tuple(
                int(np.atleast_1d(v)[0]) for v in (self.tp, self.fp, self.fn, self.tn))))
            for j, name in enumerate(self.statistics):
                body.append([name, DESCRIPTIONS[name], _num(self.estimate[0, j]),
                             "[%s, %s]" % (_num(self.lower[0, j]), _num(self.upper[0, j]))])
            header = ["statistic", "measure", "estimate", pct + " CI"]
        else:
            header = ["statistic"] + ["t = %.6g" % t for t in thr]
            body.append(["tp/fp/fn/tn"] + ["%d/%d/%d/%d" % tuple(int(np.atleast_1d(v)[i])
                                                             for v in (self.tp, self.fp,
                                                                       self.fn, self.tn))
                                           for i in range(thr.size)])
            for j, name in enumerate(self.statistics):
                body.append([name] + ["%s [%s, %s]" % (_num(self.estimate[i, j]),
                                                       _num(self.lower[i, j]),
                                                       _num(self.upper[i, j]))
                                      for i in range(thr.size)])
        notes = ["Differences from epiR 2.0.57 that apply here: " + "; ".join(self.notes)
                 ] if self.notes else []
        notes.append("Proportions: binomial intervals; diag.or: Woolf; lr: Simel et al. "
                     "(1991); youden / nndx: from the bounds of se and sp (epiR)"
                     + ("; pv.*.target: adjusted logit interval (Mercaldo et al. 2007)"
                        if self.prevalence is not None else ""))
        return Summary("Diagnostic accuracy at a fixed threshold (epiR's epi.tests measures)",
                       rows, notes, table=(header, body))


def _num(v):
    v = float(v)
    if np.isnan(v):
        return "NaN"
    if np.isinf(v):
        return "inf" if v > 0 else "-inf"
    return "%.4g" % v


def _check_prevalence(prevalence):
    if prevalence is None:
        return None
    if isinstance(prevalence, (bool, np.bool_)) or not isinstance(
            prevalence, (int, float, np.integer, np.floating)):
        raise ValueError("prevalence must be a number strictly between 0 and 1 (the target "
                         "population's prevalence) or None, got %r" % (prevalence,))
    if not 0.0 < float(prevalence) < 1.0:
        raise ValueError("prevalence must lie strictly between 0 and 1, got %r" % (prevalence,))
    return float(prevalence)


def _result(tp, fp, fn, tn, threshold, *, level, method, prevalence, direction, pos_label,
            rule):
    out, flags = measures(tp, fp, fn, tn, level, method, prevalence)
    names = STATISTICS + (TARGET_STATISTICS if prevalence is not None else ())
    est = np.column_stack([np.atleast_1d(out[k][0]) for k in names])
    lo = np.column_stack([np.atleast_1d(out[k][1]) for k in names])
    hi = np.column_stack([np.atleast_1d(out[k][2]) for k in names])
    notes = tuple(EPIR_DIFFERENCES[k] for k in EPIR_DIFFERENCES
                  if k in flags and np.any(flags[k]))
    single = np.ndim(threshold) == 0

    def counts(v):
        v = np.atleast_1d(np.asarray(v, dtype=np.int64))
        return int(v[0]) if single else v
    return DiagnosticAccuracy(threshold=float(threshold) if single else np.asarray(threshold),
                              tp=counts(tp), fp=counts(fp), fn=counts(fn), tn=counts(tn),
                              statistics=names, estimate=est, lower=lo, upper=hi, level=level,
                              method=method, prevalence=prevalence, direction=direction,
                              pos_label=pos_label, rule=rule, notes=notes)


def _is_dichotomous(raw, score):
    arr = np.asarray(raw)
    if arr.dtype.kind == "b":
        return True
    return bool(score.size) and bool(np.all((score == 0) | (score == 1)))


@per_marker
def diagnostic_accuracy(y_true: ArrayLike, y_score: Optional[ArrayLike] = None,
                        threshold: Any = None, *, direction: Direction = "<",
                        pos_label: Label = None, level: float = 0.95, method: str = "exact",
                        prevalence: Optional[float] = None
        ) -> Union[DiagnosticAccuracy, Dict[str, DiagnosticAccuracy]]:
    r"""Accuracy of a test at a fixed positivity threshold: the 2 x 2 table and every
    measure ``epiR::epi.tests`` reports, each with its confidence interval.

    A subject is **test positive** when ``y_score >= threshold`` (``direction="<"``:
    larger values indicate the positive class) or ``y_score <= threshold``
    (``direction=">"``): the rule of `rocstats.coords` at a numeric threshold and of
    pROC's ``coords(..., input = "threshold")``, so a threshold printed by ``coords(...,
    "best")`` (a midpoint between two scores) gives that point's table.  The measures are
    epiR 2.0.57's (``statistic`` names): apparent and true prevalence (``ap``, ``tp``),
    ``se``, ``sp``, accuracy (``diag.ac``), the diagnostic odds ratio (``diag.or``,
    Woolf's interval), number needed to diagnose (``nndx``), ``youden``, ``pv.pos``,
    ``pv.neg``, the likelihood ratios ``lr.pos`` / ``lr.neg`` (log-scale intervals of
    Simel, Samsa & Matchar 1991), the proportions ruled out / in (``p.rout``, ``p.rin``)
    and the four false proportions (``p.tpdn`` = 1 - sp, ``p.tndp`` = 1 - se, ``p.dntp``
    = 1 - PPV, ``p.dptn`` = 1 - NPV).  Formulas and the deliberate differences from
    epiR: `rocstats.diagnostic._measures` (listed in the printout when they apply).

    Parameters
    ----------
    y_true, pos_label
        The reference standard, under the label contract (as `rocstats.auc`).
    y_score : array-like
        The marker, or an already dichotomised test (bool or 0/1; then ``threshold`` may
        be omitted: 1 / True is test positive, or 0 / False with ``direction=">"``).
    threshold : float or sequence of float
        The pre-specified cut-off(s); one result row per threshold.
    direction : {"<", ">"}
    level : float
        Confidence level (epiR's ``conf.level``).
    method : {"exact", "wilson", "agresti", "jeffreys"}
        Binomial interval of the proportions (epiR's ``method``; "clopper-pearson" is
        "exact").
    prevalence : float, optional
        A target population's prevalence: adds ``pv.pos.target`` / ``pv.neg.target``,
        the predictive values there by Bayes' theorem, with the adjusted logit interval of
        Mercaldo, Lau & Zhou (2007).

    Returns
    -------
    DiagnosticAccuracy
        ``r.tp, r.fp, r.fn, r.tn`` (the table), ``r["se"]`` -> ``(estimate, lower,
        upper)``, ``r.to_frame()`` (epiR's ``detail``), ``r.table()``, ``print(r)``.

    Raises
    ------
    ValueError
        Bad labels or scores (as `rocstats.auc`), a NaN threshold, a missing
        threshold for a marker that is not dichotomised, an unknown ``method``, a
        ``prevalence`` outside (0, 1).

    Examples
    --------
    pROC's aSAH data at s100b >= 0.205 (the Youden-optimal cut-off of
    ``coords(roc(outcome ~ s100b, aSAH), "best")``): 26 of 41 poor outcomes and 58 of 72
    good ones are classified correctly.  ``epiR::epi.tests(c(26, 14, 15, 58))`` gives
    se 0.634 (0.469, 0.779), sp 0.806 (0.695, 0.889), LR+ 3.26 (1.93, 5.51):

    >>> import rocstats
    >>> r = rocstats.diagnostic_accuracy_table(26, 14, 15, 58)
    >>> [round(v, 3) for v in r["se"]], [round(v, 3) for v in r["sp"]]
    ([0.634, 0.469, 0.779], [0.806, 0.695, 0.889])
    >>> [round(v, 2) for v in r["lr.pos"]]
    [3.26, 1.93, 5.51]

    From the data (a toy marker): positives 0.3, 0.6, 0.9, negatives 0.1, 0.2, 0.4;
    at 0.35 two of three positives and one negative are test positive:

    >>> r = rocstats.diagnostic_accuracy([0, 0, 1, 0, 1, 1], [0.1, 0.2, 0.3, 0.4, 0.6, 0.9], 0.35)
    >>> (r.tp, r.fp, r.fn, r.tn), round(r.sensitivity, 4)
    ((2, 1, 1, 2), 0.6667)
    """
    y_score, threshold = roc_arguments(y_true, y_score, threshold, None, "threshold")
    level = _check_level(level)
    method = check_method(method)
    prevalence = _check_prevalence(prevalence)
    labels = binary_sample(y_true, y_score, pos_label=pos_label, direction=direction)
    direction = labels.direction
    is_pos, score = labels.is_pos, labels.score
    if threshold is None:
        raw = np.asarray(y_score) if not hasattr(y_score, "to_numpy") else y_score.to_numpy()
        work = score if direction == "<" else -score
        if not _is_dichotomous(raw, work):
            raise ValueError("threshold is required unless y_score is an already "
                             "dichotomised test (bool or 0/1 values)")
        threshold = 1.0 if direction == "<" else 0.0
    thr = as_float_array(threshold, "threshold", ndim=(0, 1), finite=False)
    if thr.size == 0:
        raise ValueError("threshold is empty")
    if np.isnan(thr).any():
        raise ValueError("threshold contains NaN")
    single = np.ndim(threshold) == 0      # (as_float_array makes a 0-d input 1-d)
    t = np.atleast_1d(thr)
    w = t if direction == "<" else -t
    pos = np.sort(score[is_pos])
    neg = np.sort(score[~is_pos])
    tp = pos.size - np.searchsorted(pos, w, side="left")
    fp = neg.size - np.searchsorted(neg, w, side="left")
    fn, tn = pos.size - tp, neg.size - fp
    labels.undefined("Sensitivity or specificity")
    rule = ("score >= threshold is test positive" if direction == "<"
            else "score <= threshold is test positive")
    return _result(tp, fp, fn, tn, float(t[0]) if single else t, level=level, method=method,
                   prevalence=prevalence, direction=direction, pos_label=labels.pos_label,
                   rule=rule)


def _count(v, name):
    arr = np.asarray(v)
    if arr.dtype.kind == "b" or arr.dtype.kind not in "iuf":
        raise ValueError("%s must be a non-negative integer count, got %r" % (name, v))
    if arr.ndim > 1:
        raise ValueError("%s must be a count or a 1-D array of counts" % name)
    if not np.all(np.isfinite(arr)) or np.any(arr < 0) or np.any(arr != np.floor(arr)):
        raise ValueError("%s must be a non-negative integer count, got %r" % (name, v))
    return arr.astype(np.int64)


def diagnostic_accuracy_table(tp: int, fp: int, fn: int, tn: int, *, level: float = 0.95,
                              method: str = "exact", prevalence: Optional[float] = None
        ) -> DiagnosticAccuracy:
    """`diagnostic_accuracy` from the 2 x 2 table itself (epiR's
    ``epi.tests(c(tp, fp, fn, tn))``): counts, or 1-D arrays of counts (one row each).

    Examples
    --------
    No false positive (sp = 1): LR+ is infinite and its log-scale interval, whose
    variance divides by fp, is its limit [0, inf] (epiR: NaN for the lower bound):

    >>> import rocstats
    >>> r = rocstats.diagnostic_accuracy_table(5, 0, 10, 20, method="wilson")
    >>> r["lr.pos"]
    Estimate(estimate=inf, lower=0.0, upper=inf)
    """
    level = _check_level(level)
    method = check_method(method)
    prevalence = _check_prevalence(prevalence)
    a, b, c, d = (_count(v, n) for v, n in ((tp, "tp"), (fp, "fp"), (fn, "fn"), (tn, "tn")))
    a, b, c, d = np.broadcast_arrays(a, b, c, d)
    single = a.ndim == 0
    threshold = np.nan if single else np.full(a.shape, np.nan)
    return _result(a, b, c, d, threshold, level=level, method=method, prevalence=prevalence,
                   direction="<", pos_label=None, rule="given 2 x 2 table")
