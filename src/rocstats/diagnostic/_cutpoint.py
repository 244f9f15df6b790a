"""Optimal cut-points and the optimism of a data-chosen cut-point, as cutpointr's
``cutpointr(..., method = maximize_metric)`` with its out-of-bag bootstrap.

The candidate cut-offs are the points of the empirical ROC curve (every distinct score,
and "nothing positive"); the metric is compared EXACTLY on the integer counts (the rule of
`rocstats.coords` ``x="best"``: `rocstats.curves._coords.best_indices`), so the
set of optimal cut-offs is the same set ``coords(..., "best")`` lists, for every metric
they share.

Ties: one rule for every function that must return ONE cut-off from several equally good
ones (`rocstats.best_threshold`, `cutpoint`, ``roc_study``): the first in pROC's
row order, i.e. the most sensitive (lowest threshold for ``direction="<"``); the others are
listed (``ties``).  ``ties="median"`` is cutpointr's ``break_ties = median`` instead (the
median of the tied cut-off values, which need not be an optimal cut-off itself: the
printout says so when it is not).
"""
from __future__ import annotations

from typing import Any, Dict, Optional, Sequence, Union  # noqa: F401

from .._typing import ArrayLike, Direction, Jobs, Label, Range, Seed  # noqa: F401
from dataclasses import dataclass
from fractions import Fraction
from typing import Optional

import numpy as np

from .. import _kernels
from .._results import Summary, _check_level, _Result
from .._sample import binary_sample, per_marker
from ..curves._coords import best_indices, check_best_weights

__all__ = ["cutpoint", "CutpointResult", "METRICS"]

#: metric -> (what is optimised, cutpointr's name)
METRICS = {
    "youden": "maximise se + r sp - 1 (Youden's J for r = 1; r from best_weights)",
    "sum_sens_spec": "maximise se + sp",
    "accuracy": "maximise (tp + tn) / n",
    "closest.topleft": "minimise (1 - se)^2 + r (1 - sp)^2 (pROC's; r from best_weights)",
    "roc01": "minimise sqrt((1 - se)^2 + (1 - sp)^2) (cutpointr's)",
    "sens_constrain": "maximise se subject to sp >= min_constrain",
    "spec_constrain": "maximise sp subject to se >= min_constrain",
}
_ALIASES = {"closest_topleft": "closest.topleft", "topleft": "closest.topleft"}
TIES = ("first", "median")
#: cutpointr's column names of the bootstrap table, in its order (with AUC first)
_BOOT_COLUMNS = ("optimal_cutpoint", "AUC_b", "AUC_oob", "{m}_b", "{m}_oob", "acc_b",
                 "acc_oob", "sensitivity_b", "sensitivity_oob", "specificity_b",
                 "specificity_oob", "cohens_kappa_b", "cohens_kappa_oob", "TP_b", "FP_b", "TN_b", "FN_b", "TP_oob", "FP_oob",
                 "TN_oob", "FN_oob")


def _check_metric(metric):
    name = _ALIASES.get(metric, metric) if isinstance(metric, str) else metric
    if name not in METRICS:
        raise ValueError("metric must be one of %s, got %r" % (tuple(METRICS), metric))
    return name


def _fraction01(value, name):
    try:
        v = float(value)
    except (TypeError, ValueError):
        raise ValueError("%s must be a number in [0, 1], got %r" % (name, value)) from None
    if isinstance(value, (bool, np.bool_)) or not 0.0 <= v <= 1.0:
        raise ValueError("%s must be a number in [0, 1], got %r" % (name, value))
    return Fraction(repr(v))


def optimal_set(tp, fp, P, N, metric, r_exact, constraint):
    """Indices (ascending = pROC's row order) of the curve points attaining the optimum
    of ``metric``, compared exactly on the integer counts ``tp`` / ``fp``."""
    tp = np.asarray(tp, dtype=np.int64)
    fp = np.asarray(fp, dtype=np.int64)
    if metric in ("youden", "closest.topleft"):
        return best_indices(tp, fp, P, N, metric, r_exact)[0]
    if metric == "sum_sens_spec":
        return best_indices(tp, fp, P, N, "youden", Fraction(1))[0]
    if metric == "roc01":
        return best_indices(tp, fp, P, N, "closest.topleft", Fraction(1))[0]
    if metric == "accuracy":
        crit = tp - fp                               # tp + tn = tp + N - fp
        return np.flatnonzero(crit == crit.max())
    a, b = constraint.numerator, constraint.denominator
    if metric == "sens_constrain":                   # sp >= c  <=>  (N - fp) b >= a N
        ok = (N - fp) * b >= a * N
        best_tp = tp[ok].max()
        cand = np.flatnonzero(ok & (tp == best_tp))
        return cand[fp[cand] == fp[cand].min()]      # the most specific of them
    ok = tp * b >= a * P                             # spec_constrain: se >= c
    best_fp = fp[ok].min()
    cand = np.flatnonzero(ok & (fp == best_fp))
    return cand[tp[cand] == tp[cand].max()]


def _kappa(tp, fp, P, N):
    """Cohen's kappa of the 2 x 2 table (cutpointr's ``cohens_kappa``): agreement beyond
    the chance agreement of the margins."""
    n = float(P + N)
    with np.errstate(invalid="ignore", divide="ignore"):
        expected = np.float64((P * (tp + fp)) / n + (N * (n - tp - fp)) / n) / n
        observed = np.float64(tp + N - fp) / n
        return float((observed - expected) / (1.0 - expected))


def _metric_value(metric, tp, fp, P, N, r_float):
    tp = np.asarray(tp, dtype=np.float64)
    fp = np.asarray(fp, dtype=np.float64)
    with np.errstate(invalid="ignore", divide="ignore"):
        se, sp = tp / P, (N - fp) / N
        if metric == "youden":
            return se + r_float * sp - 1.0
        if metric == "sum_sens_spec":
            return se + sp
        if metric == "accuracy":
            return (tp + N - fp) / (P + N)
        if metric == "closest.topleft":
            return (1.0 - se) ** 2 + r_float * (1.0 - sp) ** 2
        if metric == "roc01":
            return np.sqrt((1.0 - se) ** 2 + (1.0 - sp) ** 2)
        if metric == "sens_constrain":
            return se
        return sp


class _Curve:
    """Curve points of block counts (working space, blocks ascending) in pROC's row order
    (index 0: everything positive; the last: nothing positive).  ``value_w[k]``: the lowest
    test-positive working score of point k (+inf for "nothing positive"); ``cut_w``: the
    reported cut-off (that value, or cutpointr's midpoint to the next lower value, kept
    at the lowest value); ``cut``: ``cut_w`` in the caller's scale."""

    def __init__(self, values, cp, cn, direction, use_midpoints):
        keep = (cp + cn) > 0
        v = values[keep][::-1]                           # distinct values, descending
        self.tp = np.r_[0, np.cumsum(cp[keep][::-1])][::-1]
        self.fp = np.r_[0, np.cumsum(cn[keep][::-1])][::-1]
        self.P, self.N = int(self.tp[0]), int(self.fp[0])
        self.value_w = np.r_[np.inf, v][::-1]
        cut_w = self.value_w.copy()
        if use_midpoints and cut_w.size > 2:
            cut_w[1:-1] = (cut_w[1:-1] + cut_w[:-2]) / 2
        self.cut_w = cut_w
        self.cut = cut_w if direction == "<" else -cut_w


def _choose(curve, idx, ties, direction):
    """The chosen point index and its cut-off (working space) under the tie rule."""
    if idx.size == 1 or ties == "first":
        k = int(idx[0])
        return k, curve.cut_w[k]
    values = curve.cut[idx]                               # caller's scale, as cutpointr
    med = float(np.median(values))
    w = med if direction == "<" else -med
    return None, w


def _counts_at(cut_w, curve):
    """``(tp, fp, k)`` of "working score >= cut_w" on ``curve``'s data: the point whose
    lowest test-positive value is the smallest value >= cut_w (cutpointr's
    ``get_opt_ind``)."""
    k = int(np.flatnonzero(curve.value_w >= cut_w)[0])
    return int(curve.tp[k]), int(curve.fp[k]), k


@dataclass(frozen=True, eq=False)
class CutpointResult(_Result):
    """An optimal cut-point (`rocstats.cutpoint`).

    Attributes
    ----------
    threshold : float
        The cut-off: ``score >= threshold`` is test positive (``<=`` with
        ``direction=">"``); an observed score (cutpointr's convention), or the midpoint to
        the next score with ``use_midpoints=True``; +-inf for "nothing positive".
    metric, value : str, float
        The metric and its value at the cut-off.
    sensitivity, specificity, accuracy, ppv, npv : float
    tp, fp, fn, tn : int
        The 2 x 2 table at the cut-off.
    ties : tuple of float
        Every cut-off attaining the optimum (pROC's row order); ``threshold`` is
        ``ties[0]`` under ``ties="first"``.
    auc, prevalence, direction, pos_label, ties_rule, use_midpoints, notes
    boot : pandas.DataFrame or None
        One row per kept bootstrap replicate, cutpointr's ``boot`` columns:
        ``optimal_cutpoint`` (in-bag), ``AUC_b`` / ``AUC_oob``, ``<metric>_b`` /
        ``<metric>_oob``, ``acc_*``, ``sensitivity_*``, ``specificity_*`` and the counts
        ``TP_b``, ..., ``FN_oob`` (``_b``: in the bootstrap sample at its own cut-off;
        ``_oob``: the cases not drawn, at that same cut-off).
    n_boot, n_removed, stratified, level, seed
        Replicates asked for; replicates removed (a class absent from the resample, so
        no cut-off can be chosen; cutpointr removes them too); the options.

    `optimism` is the bootstrap optimism of each measure, `conf_int` the
    percentile interval of a bootstrap column (default: the cut-off itself).
    """

    threshold: float
    metric: str
    value: float
    sensitivity: float
    specificity: float
    accuracy: float
    ppv: float
    npv: float
    tp: int
    fp: int
    fn: int
    tn: int
    ties: tuple
    auc: float
    prevalence: float
    direction: str
    pos_label: object
    ties_rule: str
    use_midpoints: bool
    notes: tuple = ()
    boot: Optional[object] = None
    n_boot: int = 0
    n_removed: int = 0
    stratified: bool = False
    level: float = 0.95
    seed: Optional[int] = None

    def optimism(self):
        """How optimistic the data-chosen cut-off's accuracy is, per measure (a DataFrame
        indexed by the metric, sensitivity, specificity, accuracy).

        Columns: ``apparent`` (on the data at `threshold`); ``in_bag`` and
        ``out_of_bag``, the means over the replicates of the measure in the resample at its
        own cut-off and on the subjects it did not draw at that cut-off (NaN dropped);
        ``optimism`` = apparent - out_of_bag; ``estimate_632`` = 0.368 apparent + 0.632
        out_of_bag, Efron's (1983) .632 estimate of the accuracy the cut-off will have on
        new subjects (the out-of-bag mean alone is pessimistic: each replicate learns from
        about 63 % of the distinct subjects); ``out_of_bag_se``, the Monte Carlo SE of the
        out-of-bag mean; ``n``, the replicates with a defined out-of-bag value.  For a
        metric that is minimised (closest.topleft, roc01) the optimism is negative.
        """
        import pandas as pd

        if self.boot is None:
            raise ValueError("optimism needs a bootstrap: call cutpoint(..., n_boot=2000)")
        rows = {}
        for name, col in ((self.metric, self.metric), ("sensitivity", "sensitivity"),
                          ("specificity", "specificity"), ("accuracy", "acc")):
            b = self.boot[col + "_b"].to_numpy(dtype=float)
            o = self.boot[col + "_oob"].to_numpy(dtype=float)
            o = o[~np.isnan(o)]
            apparent = {"accuracy": self.accuracy, "sensitivity": self.sensitivity,
                        "specificity": self.specificity}.get(name, self.value)
            oob = float(o.mean()) if o.size else np.nan
            rows[name] = {"apparent": apparent, "in_bag": float(np.nanmean(b)),
                          "out_of_bag": oob, "optimism": apparent - oob,
                          "estimate_632": 0.368 * apparent + 0.632 * oob,
                          "out_of_bag_se": float(o.std(ddof=1) / np.sqrt(o.size))
                          if o.size > 1 else np.nan, "n": int(o.size)}
        return pd.DataFrame(rows).T[["apparent", "in_bag", "out_of_bag", "optimism",
                                     "estimate_632", "out_of_bag_se", "n"]]

    def conf_int(self, column="optimal_cutpoint", level=None):
        """Percentile interval (type-7 quantiles, NaN removed) of a bootstrap column:
        default the in-bag cut-off (the cut-off's own variability), or e.g.
        ``"sensitivity_oob"``.  Returns ``(lower, upper)``."""
        if self.boot is None:
            raise ValueError("conf_int needs a bootstrap: call cutpoint(..., n_boot=2000)")
        level = self.level if level is None else _check_level(level)
        v = self.boot[column].to_numpy(dtype=float)
        v = v[~np.isnan(v)]
        if v.size == 0:
            return (np.nan, np.nan)
        lo, hi = np.quantile(v, [(1 - level) / 2, (1 + level) / 2])
        return float(lo), float(hi)

    def summary(self):
        side = ">=" if self.direction == "<" else "<="
        rows = [("cut-off", "score %s %.6g is test positive" % (side, self.threshold)),
                ("metric", "%s = %.6g (%s)" % (self.metric, self.value, METRICS[self.metric])),
                ("sensitivity", self.sensitivity), ("specificity", self.specificity),
                ("accuracy", self.accuracy), ("PPV", self.ppv), ("NPV", self.npv),
                ("2 x 2 (tp, fp, fn, tn)", "%d, %d, %d, %d" % (self.tp, self.fp, self.fn,
                                                               self.tn)),
                ("AUC", self.auc), ("prevalence", self.prevalence),
                ("positive label", self.pos_label),
                ("tied optimal cut-offs", ", ".join("%.6g" % t for t in self.ties)),
                ("tie rule", self.ties_rule)]
        table = None
        notes = list(self.notes)
        if self.boot is not None:
            lo, hi = self.conf_int()
            rows += [("bootstrap", "%d replicates (%d removed: a class absent), %s, seed %s"
                      % (self.n_boot, self.n_removed,
                         "stratified" if self.stratified else "not stratified", self.seed)),
                     ("cut-off %g%% CI" % (100 * self.level), "[%.6g, %.6g]" % (lo, hi))]
            opt = self.optimism()
            table = (["measure", "apparent", "in-bag", "out-of-bag", "optimism", ".632"],
                     [[k] + ["%.4f" % opt.loc[k, c] for c in ("apparent", "in_bag",
                                                              "out_of_bag", "optimism",
                                                              "estimate_632")]
                      for k in opt.index])
            notes.append("optimism = apparent - mean out-of-bag value at the replicate's "
                         "own cut-off; .632 = 0.368 apparent + 0.632 out-of-bag (Efron 1983)")
        return Summary("Optimal cut-point (cutpointr's maximize / minimize_metric)", rows,
                       notes, table=table)


@per_marker
def cutpoint(y_true: ArrayLike, y_score: Optional[ArrayLike] = None, *,
             metric: str = "youden", direction: Direction = "<", pos_label: Label = None,
             best_weights: Sequence[float] = (1.0, 0.5), min_constrain: float = 0.5,
             ties: str = "first", use_midpoints: bool = False, n_boot: int = 0,
             stratified: bool = False, level: float = 0.95, random_state: Seed = None
        ) -> Union[CutpointResult, Dict[str, CutpointResult]]:
    r"""The optimal cut-point of a marker by a metric, and with ``n_boot > 0`` the
    bootstrap distribution of the cut-point and its optimism, as cutpointr's
    ``cutpointr(data, x, class, method = maximize_metric, metric = ..., boot_runs = ...)``.

    Candidates are every point of the empirical ROC curve.  ``metric`` (compared exactly
    on the integer counts, the rule of ``coords(x = "best")``):

    * ``"youden"``: se + r sp - 1 (Youden's J for the default ``best_weights``; pROC's
      cost-weighted criterion with ``r = (1 - prevalence) / (cost prevalence)``);
    * ``"sum_sens_spec"``, ``"accuracy"``; ``"closest.topleft"`` (pROC, minimised) and
      ``"roc01"`` (cutpointr's distance to (0, 1), minimised);
    * ``"sens_constrain"`` / ``"spec_constrain"``: the largest se with sp >=
      ``min_constrain`` (or the reverse); among cut-offs with that se, the most specific
      (cutpointr treats them as tied and takes their median: a dominated cut-off).

    The cut-off follows cutpointr: an observed score, ``score >= threshold`` test positive
    (``<=`` with ``direction=">"``), or with ``use_midpoints=True`` the midpoint to the
    next score (cutpointr's ``use_midpoints``; pROC's thresholds, but at the lowest score,
    where cutpointr keeps the score and pROC gives -inf).

    The bootstrap (cutpointr's): ``n_boot`` resamples of the subjects (``stratified``:
    within each class; default not, as cutpointr's ``boot_stratify = FALSE``); in each,
    the cut-off chosen on the resample by the same rule, its metrics there (``_b``) and
    on the subjects not drawn (``_oob``, out of bag) at that cut-off.  A resample without
    one class cannot choose a cut-off and is removed (counted), as cutpointr's
    ``.errorhandling = "remove"``.

    Parameters
    ----------
    y_true, y_score, pos_label, direction
        As in `rocstats.auc`.
    metric : str
        One of `METRICS`.
    best_weights : (cost, prevalence)
        For "youden" and "closest.topleft" (pROC's ``best.weights``).
    min_constrain : float
        The constraint of "sens_constrain" / "spec_constrain" (cutpointr's name).
    ties : {"first", "median"}
        Several optimal cut-offs: the first in pROC's row order, the most sensitive (the
        rule of `rocstats.best_threshold`), or cutpointr's ``break_ties = median``.
        Used for the data and for each replicate.
    use_midpoints : bool
    n_boot : int
        Bootstrap replicates (0: none).
    stratified, level, random_state
        Resampling within classes; the level of `CutpointResult.conf_int`; the
        seed (an int, a ``numpy.random.Generator`` or None).

    Returns
    -------
    CutpointResult

    Examples
    --------
    Cases at 3, 5, 6, 8 and controls at 1, 2, 4, 7: Youden's J is 1/2 both at s >= 3
    (Se 1, Sp 1/2) and at s >= 5 (Se 3/4, Sp 3/4).  rocstats takes the more sensitive;
    cutpointr's ``break_ties = median`` takes 4, which is not optimal (J = 1/4; R:
    ``cutpointr(d, s, y, pos_class = 1, direction = ">=")`` gives 4 and youden 0.25):

    >>> import rocstats
    >>> y, s = [0, 0, 1, 0, 1, 1, 0, 1], [1, 2, 3, 4, 5, 6, 7, 8]
    >>> c = rocstats.cutpoint(y, s)
    >>> c.threshold, c.ties, c.value, c.sensitivity, c.specificity
    (3.0, (3.0, 5.0), 0.5, 1.0, 0.5)
    >>> m = rocstats.cutpoint(y, s, ties="median")
    >>> m.threshold, m.value
    (4.0, 0.25)

    On pROC's aSAH data (s100b, cases "Poor") cutpointr and rocstats both give the cut-off
    0.22 with Se 0.6341, Sp 0.8056 (pROC reports the same point as the midpoint 0.205).
    With ``n_boot=2000`` the result carries cutpointr's bootstrap table (``c.boot``) and
    ``c.optimism()``.
    """
    metric = _check_metric(metric)
    if ties not in TIES:
        raise ValueError("ties must be 'first' (pROC's first optimal row) or 'median' "
                         "(cutpointr's break_ties = median), got %r" % (ties,))
    if not isinstance(use_midpoints, (bool, np.bool_)):
        raise ValueError("use_midpoints must be True or False, got %r" % (use_midpoints,))
    if not isinstance(stratified, (bool, np.bool_)):
        raise ValueError("stratified must be True or False, got %r" % (stratified,))
    r_float, r_exact = check_best_weights(best_weights)
    constraint = _fraction01(min_constrain, "min_constrain")
    level = _check_level(level)
    from ..bootstrap._engine import check_n_boot, resolve_seed

    n_boot = 0 if (isinstance(n_boot, (int, np.integer)) and not isinstance(n_boot, bool)
                   and n_boot == 0) else check_n_boot(n_boot)
    labels = binary_sample(y_true, y_score, pos_label=pos_label, direction=direction)
    direction = labels.direction
    is_pos, score, P, N = labels.is_pos, labels.score, labels.m, labels.n
    if labels.undefined("The optimal cut-point"):
        nan = float("nan")
        return CutpointResult(nan, metric, nan, nan, nan, nan, nan, nan, 0, 0, 0, 0, (), nan,
                              nan, direction, labels.pos_label, ties, bool(use_midpoints))
    values, block = np.unique(score, return_inverse=True)
    block = block.reshape(-1)
    cp0 = np.bincount(block[is_pos], minlength=values.size).astype(np.int64)
    cn0 = np.bincount(block[~is_pos], minlength=values.size).astype(np.int64)
    ctx = (metric, r_exact, r_float, constraint, ties, direction, bool(use_midpoints))
    point = _point(values, cp0, cn0, ctx)
    notes = []
    if point["median_not_optimal"]:
        notes.append("ties='median' (cutpointr's break_ties): the median of the tied "
                     "cut-offs is not itself an optimal cut-off; its metric is lower")
    if metric in ("sens_constrain", "spec_constrain") and ties == "first":
        notes.append("among cut-offs with the constrained optimum, the most %s one is "
                     "taken (cutpointr: all tied, median)" %
                     ("specific" if metric == "sens_constrain" else "sensitive"))
    auc = float(_kernels.bootstrap.auc_counts(cp0[None], cn0[None])[0])
    boot, removed, seed = None, 0, None
    if n_boot:
        seed = resolve_seed(random_state)
        boot, removed = _bootstrap(values, block, is_pos, ctx, n_boot, bool(stratified), seed)
    tp, fp = point["tp"], point["fp"]
    with np.errstate(invalid="ignore", divide="ignore"):
        ppv = tp / float(tp + fp) if tp + fp else float("nan")
        npv = (N - fp) / float(N - fp + P - tp) if (N - fp + P - tp) else float("nan")
    return CutpointResult(
        threshold=point["threshold"], metric=metric, value=point["value"],
        sensitivity=tp / P, specificity=(N - fp) / N, accuracy=(tp + N - fp) / (P + N),
        ppv=ppv, npv=npv, tp=tp, fp=fp, fn=P - tp, tn=N - fp, ties=point["ties"], auc=auc,
        prevalence=P / (P + N), direction=direction, pos_label=labels.pos_label,
        ties_rule=("first optimal row in pROC's order (the most sensitive)" if ties == "first"
                   else "median of the tied cut-offs (cutpointr's break_ties = median)"),
        use_midpoints=bool(use_midpoints), notes=tuple(notes), boot=boot, n_boot=n_boot,
        n_removed=removed, stratified=bool(stratified), level=level, seed=seed)


def _point(values, cp, cn, ctx):
    """The chosen cut-off of the data with block counts ``cp`` / ``cn``."""
    metric, r_exact, r_float, constraint, ties, direction, mid = ctx
    curve = _Curve(values, cp, cn, direction, mid)
    idx = optimal_set(curve.tp, curve.fp, curve.P, curve.N, metric, r_exact, constraint)
    k, cut_w = _choose(curve, idx, ties, direction)
    if k is None:
        tp, fp, k_at = _counts_at(cut_w, curve)
        median_not_optimal = k_at not in set(idx.tolist())
    else:
        tp, fp = int(curve.tp[k]), int(curve.fp[k])
        median_not_optimal = False
    value = float(_metric_value(metric, tp, fp, curve.P, curve.N, r_float))
    threshold = float(cut_w if direction == "<" else -cut_w)
    return {"threshold": threshold, "cut_w": cut_w, "tp": tp, "fp": fp, "value": value,
            "ties": tuple(float(t) for t in curve.cut[idx]),
            "median_not_optimal": median_not_optimal}


def _bootstrap(values, block, is_pos, ctx, n_boot, stratified, seed):
    """cutpointr's bootstrap: the table of kept replicates and the number removed."""
    import pandas as pd

    metric, r_exact, r_float, constraint, ties, direction, mid = ctx
    rng = np.random.default_rng(seed)
    n = block.size
    K = values.size
    pos_idx, neg_idx = np.flatnonzero(is_pos), np.flatnonzero(~is_pos)
    rows = []
    removed = 0
    step = max(1, (1 << 22) // max(1, n))
    for start in range(0, n_boot, step):
        B = min(step, n_boot - start)
        if stratified:
            draw = np.concatenate([pos_idx[rng.integers(0, pos_idx.size, size=(B, pos_idx.size))],
                                   neg_idx[rng.integers(0, neg_idx.size, size=(B, neg_idx.size))]],
                                  axis=1)
        else:
            draw = rng.integers(0, n, size=(B, n))
        counts = np.bincount((np.arange(B)[:, None] * n + draw).ravel(),
                             minlength=B * n).reshape(B, n)
        for i in range(B):
            c = counts[i]
            cp = np.bincount(block[is_pos], weights=c[is_pos], minlength=K).astype(np.int64)
            cn = np.bincount(block[~is_pos], weights=c[~is_pos], minlength=K).astype(np.int64)
            if cp.sum() == 0 or cn.sum() == 0:
                removed += 1
                continue
            oob = c == 0
            op = np.bincount(block[is_pos & oob], minlength=K).astype(np.int64)
            on = np.bincount(block[~is_pos & oob], minlength=K).astype(np.int64)
            pt = _point(values, cp, cn, ctx)
            P, N = int(cp.sum()), int(cn.sum())
            Po, No = int(op.sum()), int(on.sum())
            # out of bag at the in-bag cut-off: working score >= cut_w is positive
            first = int(np.searchsorted(values, pt["cut_w"], side="left"))
            tpo, fpo = int(op[first:].sum()), int(on[first:].sum())
            auc_b, auc_o = _kernels.bootstrap.auc_counts(np.vstack([cp, op]),
                                                         np.vstack([cn, on]))
            with np.errstate(invalid="ignore", divide="ignore"):
                rows.append((pt["threshold"], auc_b, auc_o, pt["value"],
                             float(_metric_value(metric, tpo, fpo, Po, No, r_float)),
                             (pt["tp"] + N - pt["fp"]) / (P + N),
                             (tpo + No - fpo) / (Po + No) if Po + No else np.nan,
                             pt["tp"] / P, tpo / Po if Po else np.nan,
                             (N - pt["fp"]) / N, (No - fpo) / No if No else np.nan,
                             _kappa(pt["tp"], pt["fp"], P, N), _kappa(tpo, fpo, Po, No),
                             pt["tp"], pt["fp"], N - pt["fp"], P - pt["tp"],
                             tpo, fpo, No - fpo, Po - tpo))
    cols = [c.format(m=metric) for c in _BOOT_COLUMNS]
    frame = pd.DataFrame(rows, columns=cols)
    for c in cols[13:]:
        frame[c] = frame[c].astype(np.int64)
    return frame, removed
