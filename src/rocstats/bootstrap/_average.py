r"""Averaged ROC curves across resamples or cross-validation folds, with a band and the
mean AUC with its confidence interval (`roc_average`, `roc_average_cv`).
(In ``bootstrap/`` rather than ``curves/`` because the pooled average's band is
`rocstats.ci_band`: ``bootstrap`` sits above ``curves``, never the reverse.)

Three averages, each with its own estimand (Fawcett 2006, Pattern Recognition Letters
27:861, section 8):

``"vertical"``  the mean of the folds' sensitivities at fixed false-positive rates
    (Fawcett's Algorithm 4).  A fold's sensitivity at rate t is read off its empirical
    curve as ROCR 1.0-11's vertical average does (``approxfun(fpr, tpr, ties = mean,
    rule = 2)``): the points sharing one false-positive rate are replaced by their mean
    sensitivity (on a vertical step, the middle of the step) and the curve is linear
    between them.  On a step this is nearly unbiased for the true curve, where
    Fawcett's "upper point" rule overstates it by about half a step (``R'(t) / (2 n)``),
    which matters once the SE of a mean of k folds is small.
``"threshold"``  the mean of the folds' (false-positive rate, sensitivity) points at
    fixed thresholds (Fawcett's Algorithm 5): meaningful only when the scores of the
    folds are on one scale (probabilities of one kind of model).  ``grid`` gives the
    number of thresholds, evenly spaced in rank among the pooled distinct scores, or the
    thresholds themselves; the first is +inf (the point (0, 0)).
``"pooled"``  the ROC curve of all folds' predictions pooled (one test set of every
    row): its band is the bootstrap band of `rocstats.ci_band` on the pooled
    data, its AUC the pooled AUC with DeLong's CI.

Bands of the vertical and threshold averages (the folds as k independent replicates of
a curve; an estimate of the mean curve E[ROC_fold]): pointwise ``mean -/+ t_{k-1} s /
sqrt(k)``; simultaneous: ``mean -/+ c s / sqrt(k)``, with c the ``level`` quantile of
``max_t |T*(t)|`` over draws of k Gaussian curves with the folds' sample covariance
(``T*(t)`` the one-sample t statistic of the draw at t, its SD estimated at each t as
the band's is: a parametric bootstrap of the sup-t statistic).  For one t it is the
t quantile; a Gaussian-multiplier critical value with one chi-square denominator for
every t covered 0.84-0.88 instead (k = 10) because the SDs of different t are estimated
separately.  Grid points where the folds agree (s = 0) get a band of width 0.  Bands are
clipped to [0, 1].  The estimand is the mean of the folds' *empirical* curves: a fold's
empirical curve overstates the true curve at small false-positive rates and understates
it at large ones by about ``R'(t) (1/2 - t) / n`` (n controls per fold; the plotting
positions of the controls are j / (n + 1), not j / n), so for the true curve the band
under-covers when the folds are small and k large (rocstats_validation.roc_average
measures both).

The mean AUC (vertical and threshold) is the mean of the folds' AUCs with the interval
``mean -/+ t_{k-1} sd / sqrt(k)``: the expected AUC of the procedure's fold models on
their test folds.  For k-fold cross-validation the folds share training rows, so their
curves are not independent and no unbiased estimator of the variance of the mean exists
(Bengio & Grandvalet 2004, JMLR 5:1089): the interval and band then ignore that
correlation (they are exact for independent test sets or held-out resamples).  The
pooled AUC is a different estimand: the AUC of one score made of the k models'
predictions, which also penalises models whose scores are not on one scale.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, Optional, Sequence, Union  # noqa: F401

from .._typing import ArrayLike, Direction, Jobs, Label, Range, Seed  # noqa: F401

if TYPE_CHECKING:
    import pandas as pd  # noqa: F401
from dataclasses import dataclass
from typing import Optional

import numpy as np

from .. import _dist
from .._results import ConfidenceInterval, ROCCurve, Summary, _check_level, _fmt, _Result
from .._validation import as_float_array, check_direction
from ..curves._curve import roc_curve

__all__ = ["AveragedROC", "roc_average", "roc_average_cv", "vertical_tpr"]

METHODS = ("vertical", "threshold", "pooled")
BANDS = ("pointwise", "simultaneous", None)
N_DRAW = 10000


# --------------------------------------------------------------------------- result
@dataclass(frozen=True, eq=False)
class AveragedROC(_Result):
    """An averaged ROC curve (`rocstats.roc_average`).

    Attributes
    ----------
    method : {"vertical", "threshold", "pooled"}
    fpr, tpr : ndarray
        The averaged curve (vertical: ``fpr`` is the grid; threshold: both are means at
        ``thresholds``; pooled: the pooled curve's every point).
    lower, upper : ndarray or None
        The band of the sensitivity (vertical: at ``fpr``; threshold: at
        ``thresholds``; pooled: at ``band_fpr``).
    fpr_lower, fpr_upper : ndarray or None
        Threshold averaging: the band of the false-positive rate at ``thresholds``.
    thresholds : ndarray or None
        Threshold averaging: the thresholds (``score >= t`` positive; ``<=`` for
        ``direction=">"``).
    band_fpr : ndarray or None
        Pooled: the false-positive rates of the band (1 - the specificities of
        `rocstats.ci_band`).
    band, level, critical_value
        The band's kind, level and critical value (t quantile, multiplier quantile, or
        the bootstrap sup-norm width for a pooled simultaneous band).
    auc : float
        Vertical / threshold: the mean of the folds' AUCs; pooled: the pooled AUC.
    auc_ci : ConfidenceInterval
        Its interval: t interval over the folds, or DeLong's for the pooled AUC.
    auc_of_mean_curve : float
        The trapezoidal area under ``(fpr, tpr)``.
    fold_aucs : tuple of float
    fold_curves : tuple of ROCCurve
    fold_tpr, fold_fpr : ndarray of shape (k, T) or None
        Each fold's values behind the average (``fold_fpr`` for threshold averaging).
    estimand : str
        What ``auc`` and the band estimate, in words.
    """

    method: str
    fpr: np.ndarray
    tpr: np.ndarray
    lower: Optional[np.ndarray]
    upper: Optional[np.ndarray]
    band: Optional[str]
    level: float
    critical_value: float
    auc: float
    auc_ci: ConfidenceInterval
    auc_of_mean_curve: float
    fold_aucs: tuple
    fold_curves: tuple
    estimand: str
    fold_tpr: Optional[np.ndarray] = None
    fold_fpr: Optional[np.ndarray] = None
    fpr_lower: Optional[np.ndarray] = None
    fpr_upper: Optional[np.ndarray] = None
    thresholds: Optional[np.ndarray] = None
    band_fpr: Optional[np.ndarray] = None
    direction: str = "<"

    @property
    def n_folds(self):
        return len(self.fold_curves)

    def conf_int(self, level=None):
        """The interval of `auc` (at the result's level when ``level`` is None;
        another level recomputes the t interval, or DeLong's for pooled)."""
        if level is None or float(level) == self.auc_ci.level:
            return self.auc_ci
        if self.method == "pooled":
            return unit_ci_from(self.auc_ci, level)
        return _fold_auc_ci(np.asarray(self.fold_aucs), level)

    def summary(self):
        ci = self.auc_ci
        rows = [("method", self.method), ("folds", self.n_folds),
                ("AUC" if self.method == "pooled" else "mean AUC of the folds", self.auc),
                ("%g%% CI (%s)" % (100 * ci.level, ci.method),
                 "[%s, %s]" % (_fmt(ci.lower), _fmt(ci.upper))),
                ("area under the averaged curve", self.auc_of_mean_curve),
                ("band", "none" if self.band is None else "%g%% %s (critical value %s)"
                 % (100 * self.level, self.band, _fmt(self.critical_value))),
                ("estimand", self.estimand)]
        if self.method != "pooled":
            rows.append(("fold AUCs", ", ".join("%.4g" % a for a in self.fold_aucs)))
        return Summary("Averaged ROC curve (%s)" % self.method, rows)

    def plot(self, ax=None, **kwargs):
        """Draw it with `rocstats.plot.plot_roc` (mean curve, band, fold curves
        faint); returns the Axes.  Needs matplotlib."""
        from ..plot import plot_roc

        return plot_roc(self, ax=ax, **kwargs)


def unit_ci_from(ci, level):
    """DeLong-type Wald interval of ``ci.estimate`` at another level (the SE recovered
    from the half-width is not available after clipping, so recompute from the
    stored SE)."""
    se = getattr(ci, "se", None)
    if se is None:
        raise ValueError("this pooled result keeps its interval at level %g only"
                         % ci.level)
    from .._results import unit_interval

    return unit_interval(ci.estimate, se, level, "wald")


# --------------------------------------------------------------------------- pieces
def vertical_tpr(fpr, tpr, grid):
    """A curve's sensitivity at the false-positive rates ``grid`` by ROCR's rule
    (``approxfun(fpr, tpr, ties = mean, rule = 2)``): points with one false-positive
    rate are replaced by their mean sensitivity, then linear interpolation, constant
    beyond the ends."""
    fpr = np.asarray(fpr, dtype=np.float64)
    tpr = np.asarray(tpr, dtype=np.float64)
    order = np.argsort(fpr, kind="stable")
    x, y = fpr[order], tpr[order]
    ux, start, counts = np.unique(x, return_index=True, return_counts=True)
    means = np.add.reduceat(y, start) / counts
    return np.interp(np.asarray(grid, dtype=np.float64), ux, means)


def _points_at(curve, thresholds):
    """(fpr, tpr) of the rule ``score >= t`` (``<=`` for direction ">") of a curve at
    each threshold."""
    thr = np.asarray(curve.thresholds, dtype=np.float64)
    t = np.asarray(thresholds, dtype=np.float64)
    if curve.direction == "<":            # thr descending from +inf
        k = np.searchsorted(-thr, -t, side="right") - 1     # last k with thr[k] >= t
    else:                                  # thr ascending from -inf
        k = np.searchsorted(thr, t, side="right") - 1       # last k with thr[k] <= t
    # k is in [0, size - 1]: thr[0] is -/+inf (no NaN grid), so searchsorted >= 1
    return np.asarray(curve.fpr)[k], np.asarray(curve.tpr)[k]


def _t_quantile(level, k):
    return _dist.t_ppf(0.5 + level / 2.0, k - 1)


def _fold_auc_ci(aucs, level):
    level = _check_level(level)
    k = aucs.size
    mean = float(aucs.mean())
    if k < 2:
        return ConfidenceInterval(float("nan"), float("nan"), level, "t over folds",
                                  estimate=mean)
    half = _t_quantile(level, k) * aucs.std(ddof=1) / np.sqrt(k)
    return ConfidenceInterval(max(0.0, mean - half), min(1.0, mean + half), level,
                              "t over folds", estimate=mean)


def _agree(values):
    """Grid points where every fold has the same value: s = 0 there, although the
    computed SD can be a few ulps (three folds at 0.1 have the mean 0.10000000000000002
    and SD 1.7e-17); such a point gets a band of width 0 and adds nothing to max |T|."""
    return (values == values[:1]).all(axis=0)


def simultaneous_critical_value(values, level, random_state, n_draw=N_DRAW):
    """The simultaneous band's critical value for k curves ``values`` (k x T): the
    ``level`` quantile of ``max_t |T*(t)|`` over ``n_draw`` parametric draws of k Gaussian
    curves with the folds' sample covariance, ``T*(t) = sqrt(k) mean*(t) / s*(t)`` the
    t statistic of the draw at each t (module docstring)."""
    k = values.shape[0]
    ok = ~_agree(values)
    if not ok.any():
        return 0.0
    resid = (values[:, ok] - values[:, ok].mean(axis=0)) / np.sqrt(k - 1)
    rng = np.random.default_rng(random_state)
    out = np.empty(n_draw)
    step = max(1, (1 << 21) // (k * resid.shape[1]))
    for a in range(0, n_draw, step):
        b = min(n_draw, a + step)
        g = rng.standard_normal((b - a, k, k)) @ resid          # (draws, k curves, T)
        s = g.std(axis=1, ddof=1)
        with np.errstate(invalid="ignore", divide="ignore"):
            t = np.sqrt(k) * np.abs(g.mean(axis=1)) / s
        out[a:b] = np.nanmax(np.where(s > 0, t, 0.0), axis=1)
    return float(np.quantile(out, level))


def _band(values, band, level, random_state):
    """``(mean, lower, upper, critical value)`` of k curves' values (k x T)."""
    k = values.shape[0]
    mean = values.mean(axis=0)
    if band is None or k < 2:
        nan = np.full(mean.shape, np.nan)
        return mean, (None if band is None else nan), (None if band is None else nan.copy()), \
            float("nan")
    se = np.where(_agree(values), 0.0, values.std(axis=0, ddof=1) / np.sqrt(k))
    if band == "pointwise":
        c = _t_quantile(level, k)
    else:
        c = simultaneous_critical_value(values, level, random_state)
    return mean, np.clip(mean - c * se, 0.0, 1.0), np.clip(mean + c * se, 0.0, 1.0), float(c)


# --------------------------------------------------------------------------- inputs
def _is_curve(obj):
    return isinstance(obj, ROCCurve)


def _is_cv_results(obj):
    return isinstance(obj, dict) and "estimator" in obj and "indices" in obj


def _rows(X, idx):
    if hasattr(X, "iloc"):
        return X.iloc[idx]
    return np.asarray(X)[idx] if not hasattr(X, "tocsr") else X[idx]


def positive_scores(estimator, X, pos_label):
    """Scores of the positive class from a fitted classifier: ``predict_proba``'s column
    of ``pos_label``, else ``decision_function`` (negated when ``pos_label`` is
    ``classes_[0]``)."""
    classes = list(getattr(estimator, "classes_", []))
    if len(classes) != 2:
        raise ValueError("estimator must be a fitted binary classifier (classes_ of length "
                         "2), got classes_=%r" % (classes,))
    match = [i for i, c in enumerate(classes) if c == pos_label]
    if not match:
        raise ValueError("pos_label %r is not among the estimator's classes %r"
                         % (pos_label, classes))
    j = match[0]
    if hasattr(estimator, "predict_proba"):
        return np.asarray(estimator.predict_proba(X))[:, j]
    if hasattr(estimator, "decision_function"):
        d = np.asarray(estimator.decision_function(X), dtype=np.float64).reshape(-1)
        return d if j == 1 else -d
    raise ValueError("estimator has neither predict_proba nor decision_function")


def _folds_from_cv(cv_results, X, y, pos_label):
    """(y_true, y_score) of each test fold of ``cross_validate(...,
    return_estimator=True, return_indices=True)``."""
    if X is None or y is None:
        raise ValueError("X and y are needed with cross_validate results (the test "
                         "folds' rows are read from them)")
    from .._labels import binary_labels

    y_arr = np.asarray(y)
    pos = binary_labels(y, pos_label).pos_label
    ests, tests = cv_results["estimator"], cv_results["indices"].get("test")
    if tests is None or len(tests) != len(ests):
        raise ValueError("cv_results['indices']['test'] must give one index array per "
                         "estimator (cross_validate(..., return_indices=True))")
    out = []
    for est, idx in zip(ests, tests):
        idx = np.asarray(idx)
        yt = y.iloc[idx] if hasattr(y, "iloc") else y_arr[idx]
        out.append((yt, positive_scores(est, _rows(X, idx), pos)))
    return out, pos


def _fold_inputs(folds, X, y, direction, pos_label):
    """``(curves, data)``: one ROCCurve per fold and, when known, its (y_true, y_score)."""
    if _is_cv_results(folds):
        pairs, pos_label = _folds_from_cv(folds, X, y, pos_label)
        folds = pairs
    elif isinstance(folds, dict):
        missing = [k for k in ("estimator", "indices") if k not in folds]
        raise ValueError("folds is a dict without %s: pass the results of scikit-learn's "
                         "cross_validate(..., return_estimator=True, return_indices=True), "
                         "or a sequence of ROCCurve results or (y_true, y_score) pairs"
                         % " and ".join(repr(k) for k in missing))
    elif X is not None or y is not None:
        raise ValueError("X and y are only used with cross_validate results")
    if isinstance(folds, (str, bytes)) or not hasattr(folds, "__len__") or len(folds) == 0:
        raise ValueError("folds must be a non-empty sequence of ROCCurve results or "
                         "(y_true, y_score) pairs, or cross_validate results")
    curves, data = [], []
    for i, f in enumerate(folds):
        if _is_curve(f):
            curves.append(f)
            data.append(_data_of_curve(f))
        elif isinstance(f, (tuple, list)) and len(f) == 2:
            yt, s = f
            c = roc_curve(yt, s, pos_label=pos_label, direction=direction)
            curves.append(c)
            data.append((c.direction, np.asarray(_labels_pos(yt, pos_label)),
                         as_float_array(s, "y_score of fold %d" % i)))
        else:
            raise ValueError("fold %d is a %s: pass ROCCurve results or (y_true, y_score) "
                             "pairs" % (i, type(f).__name__))
    dirs = {c.direction for c in curves}
    if len(dirs) > 1:
        raise ValueError("the folds' curves have different directions %s" % sorted(dirs))
    return curves, data


def _labels_pos(y_true, pos_label):
    from .._labels import binary_labels

    return binary_labels(y_true, pos_label).is_pos


def _data_of_curve(curve):
    """``(direction, is_pos, score)`` with the ranks of an unweighted ROCCurve (its
    per-threshold counts), or None when the counts are not whole numbers."""
    P, N = float(curve.n_pos), float(curve.n_neg)
    if not (np.isfinite(P) and np.isfinite(N) and P >= 1 and N >= 1 and P == round(P)
            and N == round(N)) or not np.isfinite(curve.auc):
        return None
    tp, fp = np.asarray(curve.tpr) * P, np.asarray(curve.fpr) * N
    tpi, fpi = np.rint(tp), np.rint(fp)
    if np.abs(tp - tpi).max() > 1e-6 or np.abs(fp - fpi).max() > 1e-6:
        return None
    dtp, dfp = np.diff(tpi).astype(np.int64), np.diff(fpi).astype(np.int64)
    scores = np.asarray(curve.thresholds, dtype=np.float64)[1:]
    is_pos = np.r_[np.ones(int(P), bool), np.zeros(int(N), bool)]
    return curve.direction, is_pos, np.r_[np.repeat(scores, dtp), np.repeat(scores, dfp)]


def _check_grid(grid, method):
    if method == "vertical":
        if grid is None:
            return np.linspace(0.0, 1.0, 101)
        g = as_float_array(grid, "grid")
        if g.size < 2 or (g < 0).any() or (g > 1).any() or (np.diff(g) <= 0).any():
            raise ValueError("grid must be at least 2 increasing false-positive rates in "
                             "[0, 1] for method='vertical'")
        return g
    if method == "threshold":
        if grid is None:
            return 101
        if isinstance(grid, (bool, np.bool_)):
            raise ValueError("grid must be a number of thresholds or the thresholds "
                             "themselves, got %r" % (grid,))
        if isinstance(grid, (int, np.integer)):
            if grid < 2:
                raise ValueError("grid must be at least 2 thresholds, got %r" % (grid,))
            return int(grid)
        g = as_float_array(grid, "grid", ndim=(0, 1, 2), finite=False).reshape(-1)
        if g.size < 1 or np.isnan(g).any():
            raise ValueError("grid must be a number of thresholds or the thresholds "
                             "themselves (no NaN)")
        return g
    if grid is None:
        return None                 # ci_band's own default grid for the kind of band
    g = as_float_array(grid, "grid")
    if g.size < 2 or (g < 0).any() or (g > 1).any():
        raise ValueError("grid must be false-positive rates in [0, 1] for method='pooled'")
    return np.sort(g)


def _trapezoid(x, y):
    x, y = np.asarray(x, float), np.asarray(y, float)
    return float(np.sum(np.diff(x) * (y[1:] + y[:-1])) / 2.0)


# --------------------------------------------------------------------------- the API
def roc_average(folds: Any, *, X: Optional[ArrayLike] = None, y: Optional[ArrayLike] = None,
                method: str = "vertical", grid: Any = None, band: Any = "pointwise",
                level: float = 0.95, direction: Direction = "<", pos_label: Label = None,
                n_boot: int = 2000, random_state: Seed = None) -> AveragedROC:
    r"""Average ROC curves across resamples or cross-validation folds, with a band and the
    mean AUC with a confidence interval whose estimand is stated.

    Parameters
    ----------
    folds : sequence of ROCCurve or (y_true, y_score) pairs, or cross_validate results
        One curve per fold or resample (each fold's test predictions), or the dict
        returned by scikit-learn's ``cross_validate(estimator, X, y, cv=...,
        return_estimator=True, return_indices=True)`` together with ``X`` and ``y``:
        each fold's estimator scores its test rows (``predict_proba``'s column of the
        positive class, else ``decision_function``).
    X, y : array-like, optional
        The data of ``cross_validate`` results.
    method : {"vertical", "threshold", "pooled"}
        See the module docstring (`rocstats.bootstrap._average`): vertical averaging at
        fixed false-positive rates (ROCR's rule per fold), threshold averaging
        (Fawcett's Algorithm 5) or the curve of the pooled predictions.
    grid : array-like or int, optional
        Vertical: the false-positive rates (default 0, 0.01, ..., 1).  Threshold: the
        number of thresholds (an integer, default 101) or the thresholds themselves
        (numbers: ``5.0`` is the one threshold 5; strings and booleans are refused).
        Pooled: the false-positive rates of the band (default 0, 0.01, ..., 1; a
        simultaneous band defaults to 0.05-0.95, see `rocstats.ci_band`).
    band : {"pointwise", "simultaneous", None}
        Vertical / threshold: the t band over the folds, or the simultaneous band with
        the multiplier critical value; pooled: `rocstats.ci_band` of that kind on
        the pooled data (``n_boot`` replicates).
    level : float
    direction, pos_label
        As in `rocstats.auc`, for folds given as data.
    n_boot : int
        Bootstrap replicates of a pooled band.
    random_state : None, int or numpy Generator
        Seeds the multiplier draws (simultaneous band) or the pooled bootstrap.

    Returns
    -------
    AveragedROC

    Examples
    --------
    Two folds with the same curve: the vertical average is that curve, the folds agree
    everywhere, so the band has width 0 and the mean AUC is the AUC:

    >>> import rocstats
    >>> f = ([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
    >>> avg = rocstats.roc_average([f, f], grid=[0, 0.5, 1])
    >>> avg.tpr.tolist(), avg.auc, (avg.upper - avg.lower).tolist()
    ([0.25, 0.75, 1.0], 0.75, [0.0, 0.0, 0.0])

    At false-positive rate 0 the two points (0, 0) and (0, 0.5) share one rate, so ROCR's
    rule takes their mean, 0.25.
    """
    if method not in METHODS:
        raise ValueError("method must be one of %s, got %r" % (METHODS, method))
    if band not in BANDS:
        raise ValueError("band must be 'pointwise', 'simultaneous' or None, got %r" % (band,))
    level = _check_level(level)
    check_direction(direction)
    grid = _check_grid(grid, method)
    curves, data = _fold_inputs(folds, X, y, direction, pos_label)
    direction = curves[0].direction
    aucs = np.array([c.auc for c in curves], dtype=np.float64)
    if method == "pooled":
        return _pooled(curves, data, aucs, grid, band, level, n_boot, random_state)
    if np.isnan(aucs).any():
        raise ValueError("fold %d has an undefined curve (one class only); drop it first"
                         % int(np.flatnonzero(np.isnan(aucs))[0]))
    estimand = ("E[ROC of a fold model on its test fold] (the procedure's expected curve "
                "and AUC), folds taken as independent")
    auc_ci = _fold_auc_ci(aucs, level)
    if method == "vertical":
        vals = np.vstack([vertical_tpr(c.fpr, c.tpr, grid) for c in curves])
        mean, lo, hi, c = _band(vals, band, level, random_state)
        return AveragedROC("vertical", grid.copy(), mean, lo, hi, band, level, c,
                           float(aucs.mean()), auc_ci, _trapezoid(grid, mean),
                           tuple(float(a) for a in aucs), tuple(curves), estimand,
                           fold_tpr=vals, direction=direction)
    # threshold averaging
    if isinstance(grid, int):
        pooled = np.unique(np.concatenate([np.asarray(c.thresholds[1:], float)
                                           for c in curves]))
        if direction == "<":
            pooled = pooled[::-1]
        idx = np.unique(np.round(np.linspace(0, pooled.size - 1, grid - 1)).astype(int))
        thr = np.r_[np.inf if direction == "<" else -np.inf, pooled[idx]]
    else:
        thr = grid
    pts = [_points_at(c, thr) for c in curves]
    fx = np.vstack([p[0] for p in pts])
    ty = np.vstack([p[1] for p in pts])
    both = np.hstack([fx, ty])
    mean, lo, hi, c = _band(both, band, level, random_state)
    T = thr.size
    f_lo, f_hi = (None, None) if lo is None else (lo[:T], hi[:T])
    t_lo, t_hi = (None, None) if lo is None else (lo[T:], hi[T:])
    return AveragedROC("threshold", mean[:T], mean[T:], t_lo, t_hi, band, level, c,
                       float(aucs.mean()), auc_ci, _trapezoid(mean[:T], mean[T:]),
                       tuple(float(a) for a in aucs), tuple(curves),
                       estimand + "; scores on one scale across folds",
                       fold_tpr=ty, fold_fpr=fx, fpr_lower=f_lo, fpr_upper=f_hi,
                       thresholds=thr, direction=direction)


def _pooled(curves, data, aucs, grid, band, level, n_boot, random_state):
    if any(d is None for d in data):
        raise ValueError("method='pooled' needs every fold's data: a curve with "
                         "non-integer weights has none; pass (y_true, y_score) pairs")
    direction = curves[0].direction
    is_pos = np.concatenate([d[1] for d in data])
    score = np.concatenate([d[2] for d in data])
    pooled = roc_curve(is_pos, score, direction=direction)
    from .._results import unit_interval
    from ..curves._delong import delong

    res = delong(is_pos, score, direction=direction)
    ci = unit_interval(res.auc, res.se, level, "wald")
    ci = _PooledCI(ci.lower, ci.upper, ci.level, "DeLong (pooled predictions)",
                   estimate=res.auc, se=float(res.se))
    lo = hi = bfpr = None
    c = float("nan")
    if band is not None:
        from ._ci import ci_band

        sp = None if grid is None else 1.0 - grid[::-1]
        b = ci_band(is_pos, score, kind=band, specificities=sp, level=level, n_boot=n_boot,
                    random_state=random_state, direction=direction)
        bfpr = 1.0 - b["specificity"].to_numpy()
        order = np.argsort(bfpr, kind="stable")
        bfpr = bfpr[order]
        lo, hi = b["lower"].to_numpy()[order], b["upper"].to_numpy()[order]
        c = float(b.attrs.get("critical_value", np.nan))
    return AveragedROC("pooled", pooled.fpr, pooled.tpr, lo, hi, band, level, c,
                       float(pooled.auc), ci, float(pooled.auc),
                       tuple(float(a) for a in aucs), tuple(curves),
                       "ROC / AUC of the pooled out-of-fold predictions (one score made of "
                       "the k models)", band_fpr=bfpr, direction=direction)


@dataclass(frozen=True, eq=False)
class _PooledCI(ConfidenceInterval):
    """A DeLong interval that keeps its SE (for another level)."""

    se: float = float("nan")


def roc_average_cv(estimator: Any, X: ArrayLike, y: ArrayLike, *, cv: Any = 5,
                   groups: Any = None, method: str = "vertical", grid: Any = None,
                   band: Any = "pointwise", level: float = 0.95, pos_label: Label = None,
                   n_boot: int = 2000, random_state: Seed = None, n_jobs: Jobs = None
        ) -> AveragedROC:
    """Cross-validate ``estimator`` and average the folds' test ROC curves: scikit-learn's
    ``cross_validate(estimator, X, y, cv=cv, groups=groups, return_estimator=True,
    return_indices=True)`` then `roc_average`.  Needs scikit-learn.

    ``cv`` as in scikit-learn (an int gives ``StratifiedKFold`` for a classifier,
    unshuffled); ``random_state`` seeds only the band's draws (seed the splitter
    yourself: ``cv=StratifiedKFold(10, shuffle=True, random_state=0)``).
    """
    from .._optional import import_optional

    cross_validate = import_optional("sklearn.model_selection", "roc_average_cv").cross_validate

    res = cross_validate(estimator, X, y, cv=cv, groups=groups, return_estimator=True,
                         return_indices=True, n_jobs=n_jobs)
    return roc_average(res, X=X, y=y, method=method, grid=grid, band=band, level=level,
                       pos_label=pos_label, n_boot=n_boot, random_state=random_state)
