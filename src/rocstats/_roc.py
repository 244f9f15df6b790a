"""The ROC object: pROC's ``roc()``, sorted once and asked everything without re-sorting.

``rocstats.roc(y_true, y_score)`` validates the data once (`rocstats._sample`),
sorts each class once (the split argsort of the kernels), and derives from that one sort
the integer counts every statistic needs: the distinct scores with each class's counts
(the empirical curve of `rocstats.coords` and `rocstats.best_threshold`),
the blocks of the bootstrap engine (`rocstats.bootstrap`), the sorted classes of the
AUC and DeLong sweeps, and the case orders of the paired DeLong test.  Its methods are
pROC's functions on a ``roc``: ``r.auc()``, ``r.ci()``, ``r.coords("best")``,
``r.test(r2)``, ``r.plot()`` ...; each runs the code of the function of the same name on
the cached pieces (the functions take a ROC in place of the data too, as pROC's:
``rocstats.coords(r, "best")``), so the object and the functions cannot disagree.

Several markers (a 2-D array, a DataFrame, or pROC's formula ``"outcome ~ s100b +
ndka"``) give a `ROCSet`: a mapping name -> `ROC` sharing the labels, with
the joint DeLong test, the pairwise table and an overlaid plot.
"""
from __future__ import annotations

from typing import Any, Dict, Optional, Sequence, Union  # noqa: F401

from ._typing import ArrayLike, Direction, Jobs, Label, Range, Seed  # noqa: F401
import dataclasses
import re
import sys
from collections.abc import Mapping

import numpy as np

from . import _kernels
from ._deviations import note
from ._options import check_sample_weight
from ._results import AUCResult, Summary, _fmt
from ._sample import BinarySample, binary_sample
from ._validation import warn_reversed

__all__ = ["roc", "ROC", "ROCSet"]


# --------------------------------------------------------------------------- helpers
def _raw(sample):
    """The scores in the caller's scale (working space negated back for ">")."""
    return sample.score if sample.direction == "<" else -sample.score


def _fill_caches(sample):
    """Sort each class once and derive every cached piece from that sort: the sorted
    classes and their case orders, the distinct scores with per-class counts (the
    bootstrap engine's blocks and the empirical curve)."""
    from .bootstrap import _engine
    from .curves._coords import curve_from_counts

    pos, op, neg, on = _kernels.roc.split_argsort(sample.is_pos, sample.score)
    sample.cache["orders"] = (pos, op, neg, on)
    sample.cache["sorted"] = (pos, neg)
    if pos.size == 0 or neg.size == 0:
        return
    merged = np.sort(np.concatenate([pos, neg]), kind="stable")   # a merge of two runs
    new = np.empty(merged.size, dtype=bool)
    new[0] = True
    np.not_equal(merged[1:], merged[:-1], out=new[1:])
    values = merged[new]
    pos_block = np.searchsorted(values, pos).astype(np.int64)
    neg_block = np.searchsorted(values, neg).astype(np.int64)
    data = _engine.Data.from_blocks(values, pos_block, neg_block, sample.is_pos,
                                    sample.score)
    sample.cache["boot"] = data
    tp = np.cumsum(data.cp0[::-1])
    fp = np.cumsum(data.cn0[::-1])
    sample.cache["curve"] = curve_from_counts(values[::-1], tp, fp, sample.direction)


def _same_cases(a, b):
    """True when two samples have the same rows and the same labels (pROC's roc.test
    pairs two curves built on the same response)."""
    return a.size == b.size and np.array_equal(a.is_pos, b.is_pos)


# --------------------------------------------------------------------------- ROC
class ROC:
    """An empirical ROC curve, as pROC's ``roc`` object: validated and sorted once.

    Build it with `rocstats.roc`.  Every method is the function of the same name
    (or pROC's) on these data, computed from the cached sort:

    ====================================  ==============================================
    ``auc(partial=, focus=, correct=)``   `rocstats.auc` (pROC ``auc``)
    ``delong()``, ``var()``               `rocstats.delong` (pROC ``var``)
    ``ci(method="delong", ...)``          `rocstats.ci_auc` (pROC ``ci``, ``ci.auc``)
    ``coords(x="all", input=, ret=)``     `rocstats.coords` (pROC ``coords``)
    ``ci_coords``, ``ci_se``, ``ci_sp``,   pROC's ``ci.coords``, ``ci.se``, ``ci.sp``,
    ``ci_thresholds``                     ``ci.thresholds``
    ``smooth(method=)``                   `rocstats.smooth_roc` (pROC ``smooth``)
    ``test(other, method=, paired=)``     `rocstats.roc_test` (pROC ``roc.test``)
    ``power(other=None, ...)``            pROC's ``power.roc.test``
    ``cutpoint(...)``                     `rocstats.cutpoint`
    ``diagnostic_accuracy(threshold)``    `rocstats.diagnostic_accuracy`
    ``curve()``                           `rocstats.roc_curve`
    ``plot(ax=, ci=, print_auc=)``        `rocstats.plot.plot_roc` (pROC ``plot``)
    ====================================  ==============================================

    Attributes
    ----------
    name : str or None
        The marker's name (a Series' or DataFrame column's name, a formula term).
    pos_label, direction, n_pos, n_neg
        As read from the data (``n_pos`` = cases, ``n_neg`` = controls).
    """

    def __init__(self, sample, name=None, *, sort=True, sample_weight=None):
        if not isinstance(sample, BinarySample):
            raise TypeError("ROC(sample) takes a validated sample; build a ROC with "
                            "rocstats.roc(y_true, y_score), not ROC(y_true, y_score) "
                            "(got %s)" % type(sample).__name__)
        if sample.score.ndim != 1:
            raise ValueError("ROC holds one marker; several give a ROCSet")
        self._roc_sample = sample
        self.name = name
        self.sample_weight = sample_weight
        if sort:
            _fill_caches(sample)

    # ------------------------------------------------------------------ basics
    @property
    def sample(self):
        return self._roc_sample

    @property
    def pos_label(self):
        return self.sample.pos_label

    @property
    def direction(self):
        return self.sample.direction

    @property
    def n_pos(self):
        return self.sample.m

    @property
    def n_neg(self):
        return self.sample.n

    def __repr__(self):
        return "<ROC%s: %d cases (%r), %d controls, direction %r>" % (
            "" if self.name is None else " %s" % self.name, self.n_pos, self.pos_label,
            self.n_neg, self.direction)

    # ------------------------------------------------------------------ areas
    def auc(self, partial=None, *, focus="specificity", correct=False):
        """The AUC (or partial AUC): `rocstats.auc` on these data."""
        from .curves import auc

        return auc(self, None, partial=partial, focus=focus, correct=correct)

    def delong(self, partial=None, *, focus="specificity", correct=False):
        """The AUC with DeLong's variance: `rocstats.delong` (an
        `rocstats.AUCResult`, with ``conf_int``, ``test``, ``summary``)."""
        from .curves import delong

        return delong(self, None, partial=partial, focus=focus, correct=correct)

    def var(self, partial=None, *, focus="specificity", correct=False):
        """DeLong's variance of the AUC (pROC's ``var(roc)``)."""
        return self.delong(partial, focus=focus, correct=correct).variance

    def ci(self, *, method="delong", level=0.95, **options):
        """Confidence interval of the AUC, pROC's ``ci(roc)`` / ``ci.auc``:
        `rocstats.ci_auc` (``method="delong"`` or ``"bootstrap"``; the bootstrap
        reuses the sorted blocks)."""
        from .bootstrap import ci_auc

        return ci_auc(self, None, method=method, level=level, **options)

    # ------------------------------------------------------------------ coordinates
    def coords(self, x="all", *, input="threshold", ret=("threshold", "specificity",
                                                          "sensitivity"), **options):
        """pROC's ``coords(roc, x, input, ret)``: `rocstats.coords` on the cached
        curve."""
        from .curves import coords

        return coords(self, None, x, input=input, ret=ret, **options)

    def best_threshold(self, method="youden"):
        """`rocstats.best_threshold` (a `rocstats.ThresholdResult`)."""
        from .curves import best_threshold

        return best_threshold(self, None, method=method)

    def curve(self):
        """`rocstats.roc_curve` (a `rocstats.ROCCurve`; weighted when the
        ROC was built with ``sample_weight``)."""
        from .curves import roc_curve

        if self.sample_weight is None:
            return roc_curve(self, None)
        res = roc_curve(_raw_labels(self.sample), _raw(self.sample), direction=self.direction,
                        sample_weight=self.sample_weight)
        return dataclasses.replace(res, pos_label=self.pos_label)

    def ci_coords(self, x, **options):
        """pROC's ``ci.coords``: `rocstats.ci_coords`."""
        from .bootstrap import ci_coords

        return ci_coords(self, None, x, **options)

    def ci_se(self, specificities=None, **options):
        """pROC's ``ci.se``: `rocstats.ci_se`."""
        from .bootstrap import ci_se

        return ci_se(self, None, specificities, **options)

    def ci_sp(self, sensitivities=None, **options):
        """pROC's ``ci.sp``: `rocstats.ci_sp`."""
        from .bootstrap import ci_sp

        return ci_sp(self, None, sensitivities, **options)

    def ci_thresholds(self, thresholds="local maximas", **options):
        """pROC's ``ci.thresholds``: `rocstats.ci_thresholds`."""
        from .bootstrap import ci_thresholds

        return ci_thresholds(self, None, thresholds, **options)

    def smooth(self, method="binormal", **options):
        """pROC's ``smooth(roc, method)``: `rocstats.smooth_roc`."""
        from .curves import smooth_roc

        return smooth_roc(self, None, method=method, **options)

    # ------------------------------------------------------------------ accuracy
    def cutpoint(self, **options):
        """The optimal cut-point and its bootstrap: `rocstats.cutpoint`."""
        from .diagnostic import cutpoint

        return cutpoint(self, None, **options)

    def diagnostic_accuracy(self, threshold, **options):
        """Accuracy at a fixed cut-off (epiR's measures): `rocstats.diagnostic_accuracy`."""
        from .diagnostic import diagnostic_accuracy

        if threshold is None:
            raise ValueError("threshold is required: the cut-off of the test")
        return diagnostic_accuracy(self, None, threshold, **options)

    # ------------------------------------------------------------------ comparisons
    def test(self, other, *, method="delong", paired=None, **options):
        """Compare with another curve, pROC's ``roc.test(roc1, roc2)``.

        ``paired=None`` pairs the curves when they have the same cases (the same labels
        row by row), as pROC does.  The paired DeLong test reuses both curves' sorts
        (their case orders); every other method is `rocstats.roc_test` /
        `rocstats.roc_test_unpaired` on the two curves' data."""
        from .compare import roc_test, roc_test_unpaired
        from .compare._delong_test import _paired_z

        if not isinstance(other, ROC):
            raise ValueError("other must be a ROC (rocstats.roc(...)), got %s"
                             % type(other).__name__)
        a, b = self.sample, other.sample
        same = _same_cases(a, b)
        if paired is None:
            paired = same
        if paired and not same:
            raise ValueError("paired=True needs two curves of the same cases (the same "
                             "labels row by row)")
        if a.direction != b.direction:
            raise ValueError("the two curves have directions %r and %r; compare curves "
                             "of one direction" % (a.direction, b.direction))
        if not paired:
            res = roc_test_unpaired(_raw_labels(a), _raw(a), _raw_labels(b), _raw(b),
                                    method=method, direction=a.direction, **options)
            return dataclasses.replace(res, pos_label=a.pos_label)
        plain = method == "delong" and set(options) <= {"alternative"}
        if not plain or a.undefined("DeLong's test"):
            res = roc_test(_raw_labels(a), _raw(a), _raw(b), method=method,
                           direction=a.direction, **options)
            return dataclasses.replace(res, pos_label=a.pos_label)
        alternative = options.get("alternative", "two-sided")
        from ._options import check_alternative

        check_alternative(alternative)
        return _paired_z(_paired_delong(a, b), "DeLong's test for two correlated ROC curves",
                         alternative, a.pos_label)

    def power(self, other=None, **options):
        """pROC's ``power.roc.test``: with ``other`` (the same cases) the paired two-curve
        form (`rocstats.power_roc_test_paired`, pROC's default ``method="delong"``),
        else the one-curve form on these pilot data (`rocstats.power_roc_test`)."""
        from .compare import power_roc_test, power_roc_test_paired

        s = self.sample
        if other is None:
            return power_roc_test(y_true=_raw_labels(s), y_score=_raw(s),
                                  direction=s.direction, **options)
        if not _same_cases(s, other.sample):
            raise ValueError("power for two curves needs paired curves (the same cases)")
        return power_roc_test_paired(_raw_labels(s), _raw(s), _raw(other.sample),
                                     direction=s.direction, **options)

    # ------------------------------------------------------------------ display
    def plot(self, ax=None, *, ci=False, print_auc=False, **options):
        """Draw the curve (pROC's ``plot.roc``): `rocstats.plot.plot_roc`, with a
        bootstrap band (``ci=True``) and the AUC with its DeLong CI (``print_auc``)."""
        from .plot import plot_roc

        s = self.sample
        if "label" not in options:          # plot_roc reads label= as labels=
            options.setdefault("labels", [self.name or "AUC"])
        return plot_roc(y_true=_raw_labels(s), y_score=_raw(s), direction=s.direction,
                        ax=ax, ci=ci, print_auc=print_auc, **options)

    def summary(self, level=0.95):
        """AUC with its DeLong CI, the classes and the Youden-optimal point."""
        d = self.delong()
        ci = d.conf_int(level)
        rows = [("AUC", d.auc), ("%g%% CI (DeLong)" % (100 * level),
                                "[%s, %s]" % (_fmt(ci.lower), _fmt(ci.upper))),
                ("cases (positive %r)" % (self.pos_label,), self.n_pos),
                ("controls", self.n_neg),
                ("direction", "controls %s cases" % self.direction)]
        if self.n_pos and self.n_neg:
            b = self.best_threshold()
            rows += [("best threshold (Youden)", b.threshold),
                     ("  specificity, sensitivity", "%s, %s" % (_fmt(b.specificity),
                                                                _fmt(b.sensitivity)))]
        title = "ROC curve" + ("" if self.name is None else " of %s" % self.name)
        return Summary(title, rows, notes=[note("direction")])

    def __str__(self):
        return str(self.summary())

    def _repr_html_(self):
        return self.summary()._repr_html_()


def _raw_labels(sample):
    """Labels that the functions read as this sample's classes (True = positive)."""
    return sample.is_pos


def _paired_delong(a, b):
    """The 2-vector AUCResult of two curves of the same cases from their cached sorts:
    the placements in case order (one O(n) merge each), DeLong's covariance.  The same
    arithmetic as `rocstats.delong` on the two columns."""
    from .curves._auc import auc_from_twice_u
    from .curves._delong import _warn_small, delong_covariance

    from ._kernels import _strategy

    m, n = a.m, a.n

    V10, V01 = np.empty((2, m)), np.empty((2, n))

    def case_placements(c):
        c = int(c)                  # a plain index: V10[c] must be a view, not a copy
        s = (a, b)[c]
        if "orders" not in s.cache:
            _fill_caches(s)
        pos, op, neg, on = s.cache["orders"]
        return _kernels.roc.placements_by_case(pos, op, neg, on, out=(V10[c], V01[c]))[0]

    # the two curves' merges are independent: on two threads when allowed (the C kernel
    # releases the GIL), each writing its own rows of V10 and V01
    twice_u = _strategy.both(case_placements, np.array(0), np.array(1), size=2 * (m + n))
    aucs = np.array([auc_from_twice_u(t, m, n) for t in twice_u])
    if _warn_small(m, n):
        cov = np.full((2, 2), np.nan)
    else:
        cov = delong_covariance(V10.T, V01.T, overwrite=True)
    warn_reversed(aucs, a.direction, a.pos_label, ("a", "b"))
    return AUCResult(aucs, np.diag(cov).copy(), m, n, cov, a.direction, a.pos_label)


# --------------------------------------------------------------------------- ROCSet
class ROCSet(Mapping):
    """Several markers of the same cases: a mapping name -> `ROC` (pROC's list
    of ``roc`` objects from ``roc(outcome ~ a + b, data)``), with their joint DeLong
    inference.

    ``rs["s100b"]`` is one curve; ``rs.auc()`` the AUCs by name; ``rs.delong()`` the
    AUCs with DeLong's covariance; ``rs.test()`` DeLong's joint chi-square test of
    equal AUCs (its ``pairwise()`` the table of every pairwise difference with Holm and
    Benjamini-Hochberg adjusted p-values); ``rs.plot()`` the curves overlaid."""

    def __init__(self, sample, names):
        self._sample = sample
        self._names = tuple(names)
        self._rocs = {}

    def __getitem__(self, name):
        if name not in self._names:
            raise KeyError(name)
        if name not in self._rocs:
            j = self._names.index(name)
            self._rocs[name] = ROC(self._sample.column(j), name)
        return self._rocs[name]

    def __iter__(self):
        return iter(self._names)

    def __len__(self):
        return len(self._names)

    def __repr__(self):
        return "<ROCSet of %d markers: %s>" % (len(self), ", ".join(self._names))

    @property
    def _roc_sample(self):
        return self._sample

    def auc(self, partial=None, **options):
        """``{name: AUC}`` (`ROC.auc` of each)."""
        return {k: self[k].auc(partial, **options) for k in self}

    def delong(self, partial=None, **options):
        """The AUCs with DeLong's k x k covariance (`rocstats.delong` on the
        markers; ``names`` holds theirs)."""
        from .curves import delong

        return delong(self._sample, None, partial=partial, **options)

    def test(self, **options):
        """DeLong's joint chi-square test that the AUCs are equal
        (`rocstats.delong_joint_test`); ``.pairwise()`` gives every pairwise
        comparison with adjusted p-values, ``.table()`` each contrast row's test."""
        from .compare import delong_joint_test

        return delong_joint_test(self._sample, None, **options)

    def pairwise(self, **options):
        """Every pairwise DeLong comparison (`rocstats.delong_pairwise`)."""
        return self.test().pairwise(**options)

    def plot(self, ax=None, *, ci=False, print_auc=False, **options):
        """The curves overlaid (`rocstats.plot.plot_roc`)."""
        from .plot import plot_roc

        s = self._sample
        score = s.score if s.direction == "<" else -s.score
        return plot_roc(y_true=s.is_pos, y_score={k: score[:, j] for j, k in
                                                  enumerate(self._names)},
                        direction=s.direction, ax=ax, ci=ci, print_auc=print_auc,
                        **options)

    def summary(self, level=0.95):
        d = self.delong()
        ci = d.conf_int(level)
        body = [[k, a, se, lo, hi] for k, a, se, lo, hi in
                zip(self._names, d.auc, d.se, ci.lower, ci.upper)]
        rows = [("cases (positive %r)" % (self._sample.pos_label,), self._sample.m),
                ("controls", self._sample.n),
                ("direction", "controls %s cases" % self._sample.direction)]
        return Summary("ROC curves of %d markers" % len(self), rows,
                       table=(["marker", "AUC", "SE", "%g%% CI lower" % (100 * level),
                               "%g%% CI upper" % (100 * level)], body))

    def __str__(self):
        return str(self.summary())

    def _repr_html_(self):
        return self.summary()._repr_html_()


# --------------------------------------------------------------------------- roc()
_FORMULA = re.compile(r"^\s*([^~]+?)\s*~\s*(.+?)\s*$")


def _formula(formula, data):
    """``(y_true, y_score)`` of pROC's formula ``"outcome ~ a + b"`` on ``data``."""
    m = _FORMULA.match(formula)
    if m is None:
        raise ValueError("y_true: a formula must read 'outcome ~ marker' or 'outcome ~ a + "
                         "b', got %r" % (formula,))
    if data is None:
        raise ValueError("data is required with a formula (a DataFrame or a mapping of "
                         "columns)")
    outcome = m.group(1).strip()
    terms = [t.strip() for t in m.group(2).split("+")]
    if any(not t for t in terms) or "." in terms:
        raise ValueError("formula: the markers must be named one by one ('a + b'), got %r"
                         % (formula,))
    missing = [c for c in [outcome] + terms if c not in data]
    if missing:
        raise ValueError("formula: %s not found in data" % ", ".join(map(repr, missing)))
    if len(terms) == 1:
        return data[outcome], data[terms[0]], terms[0], None
    pd = sys.modules.get("pandas")
    if pd is not None and isinstance(data, pd.DataFrame):
        return data[outcome], data[terms], None, None
    cols = np.column_stack([np.asarray(data[t], dtype=float) for t in terms])
    return data[outcome], cols, None, tuple(terms)


def roc(y_true: ArrayLike, y_score: Optional[ArrayLike] = None, *, data: Any = None,
        pos_label: Label = None, direction: Direction = "<",
        sample_weight: Optional[ArrayLike] = None) -> Union[ROC, ROCSet]:
    """Build an ROC curve from data, as pROC's ``roc()``: validated and sorted once.

    Parameters
    ----------
    y_true : array-like of shape (n,), or a formula string
        The labels (the label contract of `rocstats._labels`: a pandas Categorical
        / R factor's second level is the cases), or pROC's formula ``"outcome ~
        marker"`` / ``"outcome ~ a + b"`` with ``data``.
    y_score : array-like of shape (n,) or (n, k), or a DataFrame
        One marker (a `ROC`), or k markers of the same cases (a `ROCSet`;
        a DataFrame's column names name them).
    data : DataFrame or mapping, optional
        The columns of a formula.
    pos_label : label, optional
        The cases' label (required for string labels).
    direction : {"<", ">"}
        ``"<"``: controls score lower than cases (default).  Never guessed from the data
        (pROC's default ``direction = "auto"`` picks the side with the larger AUC, which
        biases the AUC upwards: pROC issue #36).
    sample_weight : array-like, optional
        Case weights for the curve and its area (`rocstats.roc_curve`); the other
        statistics take them through their functions.

    Returns
    -------
    ROC or ROCSet

    Examples
    --------
    pROC's ``roc(outcome ~ s100b, aSAH)`` gives AUC 0.7314 with the DeLong CI
    0.6301-0.8326; on pROC's aSAH data:

    >>> import pandas as pd, rocstats
    >>> from rocstats_validation.paths import DATA_DIR
    >>> asah = pd.read_csv(DATA_DIR / "asah.csv")
    >>> r = rocstats.roc("outcome ~ s100b", data=asah, pos_label="Poor")
    >>> round(r.auc(), 4), [round(v, 4) for v in r.ci()]
    (0.7314, [0.6301, 0.8326])
    >>> r.coords("best").round(4).values.tolist()
    [[0.205, 0.8056, 0.6341]]
    >>> rs = rocstats.roc("outcome ~ s100b + ndka", data=asah, pos_label="Poor")
    >>> {k: round(v, 4) for k, v in rs.auc().items()}
    {'s100b': 0.7314, 'ndka': 0.612}
    >>> round(rs["s100b"].test(rs["ndka"]).pvalue, 4)       # pROC's roc.test: 0.1643
    0.1643
    """
    name = many = None
    if isinstance(y_true, str):
        y_true, y_score, name, many = _formula(y_true, data)
    elif data is not None:
        raise ValueError("data is only used with a formula y_true='outcome ~ marker'")
    if y_score is None:
        raise ValueError("y_score is required (or a formula 'outcome ~ marker' with data)")
    if name is None:
        name = getattr(y_score, "name", None)
        name = None if name is None else str(name)
    sample = binary_sample(y_true, y_score, pos_label=pos_label, direction=direction,
                           ndim=(1, 2))
    w = None
    if sample_weight is not None:
        w = check_sample_weight(sample_weight, sample.size)
    if sample.score.ndim == 2:
        if w is not None:
            raise ValueError("sample_weight: give the weights to each statistic of several "
                             "markers (rocstats.delong(..., sample_weight=...))")
        if sample.names is None:
            sample.names = many or tuple("score %d" % j for j in range(sample.k))
        return ROCSet(sample, sample.names)
    return ROC(sample, name, sample_weight=w)
