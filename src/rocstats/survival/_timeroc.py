"""Public functions of the time-dependent ROC: `time_roc` and
`time_roc_test`."""
import warnings

import numpy as np

from .. import _dist
from ._censoring import CoxCensoring, KMCensoring
from ._data import (UndefinedTimeAUCWarning, check_cause, check_marker, check_survival,
                    check_times)
from ._estimator import MarkerOrder, TimePoint, auc_at
from ._results import TimeROCResult, TimeROCTestResult

__all__ = ["time_roc", "time_roc_test"]

_CONTROLS = {"all": "all", 2: "all", "survivors": "survivors", 1: "survivors"}


def _check_options(definition, controls, weighting, covariates, conservative, se, data):
    if definition != "cumulative":
        raise ValueError("definition must be 'cumulative' (cases: event by t, controls: "
                         "no event by t -- the cumulative/dynamic ROC); the incident/dynamic "
                         "definition is not implemented, got %r" % (definition,))
    if isinstance(controls, bool) or controls not in _CONTROLS:
        raise ValueError("controls must be 'all' (timeROC's definition 2: every non-case "
                         "observed at t; riskRegression's Score) or 'survivors' (definition "
                         "1: event-free at t), or 2 / 1; got %r" % (controls,))
    if weighting not in ("km", "cox"):
        raise ValueError("weighting must be 'km' (Kaplan-Meier of the censoring times) or "
                         "'cox' (Cox model of the censoring times given covariates), got %r"
                         % (weighting,))
    if weighting == "cox":
        if covariates is None:
            raise ValueError("covariates are required with weighting='cox' (the censoring "
                             "model's covariates, an (n, p) array)")
        cov = np.asarray(covariates, dtype=np.float64)
        if cov.ndim not in (1, 2) or cov.shape[0] != data.n:
            raise ValueError("covariates must have one row per subject (%d), got shape %s"
                             % (data.n, cov.shape))
        if not np.isfinite(cov).all():
            raise ValueError("covariates contain NaN or infinite values")
        if se and not conservative:
            raise ValueError("conservative: with weighting='cox' only the conservative "
                             "standard error is implemented (the Cox censoring model treated "
                             "as known, riskRegression's conservative=TRUE); pass "
                             "conservative=True, or se=False")
    elif covariates is not None:
        raise ValueError("covariates are only used with weighting='cox'")
    return _CONTROLS[controls]


def _design(time, event, times, cause, definition, controls, weighting, covariates,
            conservative, se):
    data = check_survival(time, event)
    cause = check_cause(cause, data)
    controls = _check_options(definition, controls, weighting, covariates, conservative,
                              se, data)
    tt, beyond = check_times(times, data)
    if weighting == "km":
        cens = KMCensoring(data)
        model = KMCensoring.model
    else:
        cens = CoxCensoring(data, covariates)
        model = CoxCensoring.model
    if not se:
        se_method = "not computed"
    elif conservative:
        se_method = ("influence function with the censoring weights treated as known "
                     "(conservative; riskRegression's conservative=TRUE)")
    else:
        se_method = ("influence function including the Kaplan-Meier estimation of the "
                     "censoring distribution (Blanche, Dartigues & Jacqmin-Gadda 2013; "
                     "riskRegression's Score)")
    points = [TimePoint(t, data, cens, cause, controls) for t in tt]
    return dict(data=data, cause=cause, controls=controls, times=tt, beyond=beyond,
                cens=cens, model=model, se_method=se_method, points=points,
                competing=len(set(data.causes) - {cause}) > 0,
                km_term=(weighting == "km" and not conservative))


def _analyse(design, marker, direction, *, se, curves, name, warn=True):
    data = design["data"]
    m = check_marker(marker, data.n, direction=direction,
                     name="marker" if name is None else name)
    order = MarkerOrder(m)
    T = design["times"].size
    auc = np.full(T, np.nan)
    iid = np.full((T, data.n), np.nan) if se else None   # rows written, .T returned
    roc = []
    cens = design["cens"] if design["km_term"] else None
    undefined = []
    for k, tp in enumerate(design["points"]):
        if design["beyond"][k]:
            roc.append(None)
            continue
        a, f, r = auc_at(tp, order, data.n, cens, influence=se, curve=curves)
        auc[k] = a
        if se:
            iid[k] = f
        roc.append(r)
        if np.isnan(a):
            undefined.append((tp.t, tp.n_case, tp.n_control))
    if undefined and warn:
        warnings.warn("AUC(t) is undefined (no cases or no controls observed) at %s; "
                      "returning NaN there" % ", ".join("t=%g (%d cases, %d controls)" % u
                                                        for u in undefined[:5]),
                      UndefinedTimeAUCWarning, stacklevel=3)
    sev = None
    if se:
        iid = iid.T
        with np.errstate(invalid="ignore"):
            sev = iid.std(axis=0, ddof=1) / np.sqrt(data.n) if data.n > 1 \
                else np.full(T, np.nan)
    pts = design["points"]
    return TimeROCResult(
        times=design["times"], auc=auc, se=sev,
        n_cases=np.array([p.n_case for p in pts], dtype=np.int64),
        n_controls=np.array([p.n_control for p in pts], dtype=np.int64),
        n=data.n, cause=design["cause"], controls=design["controls"],
        competing=design["competing"],
        weighting="km" if isinstance(design["cens"], KMCensoring) else "cox",
        censoring_model=design["model"], se_method=design["se_method"],
        direction=direction, curves=tuple(roc) if curves else None, iid=iid, name=name)


def time_roc(time, event, marker, times, *, cause=1, direction="<", definition="cumulative",
             controls="all", weighting="km", covariates=None, se=True, conservative=False,
             curves=True, name=None):
    r"""Cumulative/dynamic time-dependent ROC curves and AUC(t) for a censored outcome,
    with inverse-probability-of-censoring weights and influence-function standard
    errors.

    At each time t the cases are the subjects with an event of ``cause`` by t and the
    controls those event-free at t (Heagerty, Lumley & Pepe 2000, cumulative/dynamic);
    subjects censored before t are represented by inverse-probability-of-censoring
    weights (Uno et al. 2007; Blanche, Dartigues & Jacqmin-Gadda 2013, eq. 4), as in
    riskRegression's ``Score`` (formulas and details in the Notes).

    Parameters
    ----------
    time : array-like of shape (n,)
        Observed times (>= 0).
    event : array-like of shape (n,)
        0 = censored, 1, 2, ... = cause of the event (booleans: 0 / 1).
    marker : array-like of shape (n,)
        The marker (risk score).
    times : float or array-like
        Evaluation times, strictly increasing.  A time after the last observed time
        gives NaN with a warning (riskRegression drops it).
    cause : int, default 1
        Event code of the cases.
    direction : {"<", ">"}, default "<"
        ``"<"``: a higher marker means a higher risk (riskRegression's predicted risk);
        ``">"``: a lower marker means a higher risk.  Never guessed.
    definition : {"cumulative"}
        The cumulative/dynamic definition (the only one implemented).
    controls : {"all", "survivors"} or {2, 1}, default "all"
        Competing risks only: ``"all"`` = every non-case observed at t (subjects with
        another cause before t count as controls, weight ``1 / G(T_j-)``): timeROC's
        definition 2 and riskRegression's ``Score``; ``"survivors"`` = only the
        event-free at t: timeROC's definition 1.
    weighting : {"km", "cox"}, default "km"
        Censoring model: Kaplan-Meier (independent censoring) or a Cox model of the
        censoring time given ``covariates`` (see
        `rocstats.survival._censoring.CoxCensoring`).
    covariates : array-like of shape (n, p), optional
        The Cox censoring model's covariates (``weighting="cox"`` only).
    se : bool, default True
        Compute the influence functions and standard errors.
    conservative : bool, default False
        Treat the censoring weights as known in the standard error (riskRegression's
        ``conservative = TRUE``).  Required with ``weighting="cox"``.
    curves : bool, default True
        Keep the ROC(t) curves (``result.curves``, ``result.roc(t)``).
    name : str, optional
        The marker's name for printouts and plots.

    Returns
    -------
    TimeROCResult
        ``times``, ``auc``, ``se``, ``n_cases``, ``n_controls``, the curves and the
        influence functions; ``conf_int()`` (pointwise), ``conf_band()`` (simultaneous
        over ``times``), ``plot()``, ``summary()``.

    Notes
    -----
    At each evaluation time t the **cases** are the subjects with an event of ``cause``
    by t and the **controls** those without an event by t (Heagerty, Lumley & Pepe
    2000, "cumulative/dynamic").  Subjects censored before t are represented by
    weights (Uno et al. 2007; Blanche, Dartigues & Jacqmin-Gadda 2013, eq. 4):

    .. math:: \widehat{AUC}(t) = \frac{\sum_i\sum_j \mathbb 1(M_i > M_j)\, W_i W_j
              \;(+\tfrac12 \text{ for } M_i = M_j)}{\sum_i W_i \sum_j W_j},\quad
              W_i = \frac{\mathbb 1(T_i \le t, \delta_i = \text{cause})}{\hat G(T_i-)},\;
              W_j = \frac{\mathbb 1(T_j > t)}{\hat G(t)}
              \;\Big[+ \frac{\mathbb 1(T_j \le t, \delta_j \notin\{0, \text{cause}\})}
              {\hat G(T_j-)}\Big]

    (the bracket: competing risks with ``controls="all"``).  This is the trapezoidal
    area under the weighted empirical ROC(t), exactly the estimate of
    ``riskRegression::Score(..., metrics = "auc")`` (AUC.survival /
    AUC.competing.risks) and of timeROC's ``AUC`` / ``AUC_2``.

    Conventions, all riskRegression's (2022.11.28), checked against it to 1e-8:

    * a case is ``T_i <= t`` (an event at exactly t is a case), a control ``T_j > t``;
    * ``G`` is the reverse Kaplan-Meier with events before censorings at tied times
      (``prodlim(..., reverse = TRUE)``); ``G(t)`` includes censorings at t, a case's
      own weight uses ``G(T_i-)``;
    * tied markers count 1/2 (trapezoids between distinct marker values);
    * ``se = sd(IF) / sqrt(n)`` with ``sd`` on ``n - 1``; the influence function of the
      Kaplan-Meier weights is that of the Nelson-Aalen censoring hazard (Blanche et
      al. 2013).

    Deliberate difference: with competing risks and ``cause`` other than the first
    event code, riskRegression 2022.11.28 computes the standard error with the first
    cause's cases (its influence function hard-codes ``status == 1``); rocstats uses the
    requested cause (its SE equals riskRegression's on the data with the two codes
    swapped).

    Examples
    --------
    Eight subjects, one time (the AUC is the weighted share of concordant case-control
    pairs: 1 here, every case has a higher marker than every control):

    >>> from rocstats.survival import time_roc
    >>> r = time_roc([1, 2, 3, 4, 5, 6, 7, 8], [1, 1, 0, 1, 0, 1, 0, 0],
    ...              [9, 8, 1, 7, 2, 3, 1, 2], times=4)
    >>> float(r.auc[0]), int(r.n_cases[0]), int(r.n_controls[0])
    (1.0, 3, 4)
    """
    design = _design(time, event, times, cause, definition, controls, weighting,
                     covariates, conservative, se)
    return _analyse(design, marker, direction, se=se, curves=curves, name=name)


def time_roc_test(time, event, marker_a, marker_b, times, *, cause=1, direction="<",
                  controls="all", weighting="km", covariates=None, conservative=False,
                  names=("a", "b"), curves=False):
    """Paired comparison of two markers' AUC(t) measured on the same subjects, at each
    evaluation time.

    ``difference = AUC_a(t) - AUC_b(t)``, ``se = sd(IF_a - IF_b) / sqrt(n)`` from the
    two influence functions (Blanche, Dartigues & Jacqmin-Gadda 2013, section 3.4),
    ``z = difference / se`` and the two-sided normal p-value: the contrasts of
    ``riskRegression::Score(list(a, b), ..., contrasts = TRUE)``, whose ``delta.AUC``
    is ``b - a`` (the opposite sign).  Options as `time_roc`; ``direction`` is one
    direction for both markers or a pair.

    Returns
    -------
    TimeROCTestResult
        ``times``, ``difference``, ``se``, ``statistic``, ``pvalue``, both
        `TimeROCResult` (``result_a``, ``result_b``); ``conf_int()``,
        ``summary()``, ``plot()``.

    Examples
    --------
    Ten subjects, one censored at 3 (so case 4's weight is ``1 / G(4-) = 8/7``, the
    controls' weights ``1 / G(4)`` cancel).  At t = 4 marker ``a`` ranks the three cases
    above all six controls (AUC 1); ``b`` gives case 1 the marker 1 (above one control,
    tied with one: 1.5 / 6) and cases 2 and 4 5/6 each, so
    ``AUC_b(4) = (1.5/6 + 5/6 + 8/7 * 5/6) / (1 + 1 + 8/7) = 0.6477``:

    >>> from rocstats.survival import time_roc_test
    >>> time = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    >>> event = [1, 1, 0, 1, 0, 1, 0, 0, 1, 0]
    >>> a = [9, 8, 1, 7, 2, 3, 1, 2, 6, 0]
    >>> b = [1, 8, 1, 7, 2, 9, 1, 2, 6, 0]
    >>> r = time_roc_test(time, event, a, b, times=4)
    >>> round(float(r.auc_b[0]), 4), round(float(r.difference[0]), 4)
    (0.6477, 0.3523)
    """
    if isinstance(direction, str):
        dirs = (direction, direction)
    else:
        dirs = tuple(direction)
        if len(dirs) != 2:
            raise ValueError("direction must be '<', '>' or a pair of them, got %r"
                             % (direction,))
    if len(names) != 2:
        raise ValueError("names must be a pair of marker names, got %r" % (names,))
    design = _design(time, event, times, cause, "cumulative", controls, weighting,
                     covariates, conservative, True)
    ra = _analyse(design, marker_a, dirs[0], se=True, curves=curves, name=str(names[0]))
    rb = _analyse(design, marker_b, dirs[1], se=True, curves=curves, name=str(names[1]),
                  warn=False)
    n = design["data"].n
    diff = ra.auc - rb.auc
    with np.errstate(invalid="ignore", divide="ignore"):
        se = (ra.iid - rb.iid).std(axis=0, ddof=1) / np.sqrt(n)
        z = diff / se
    p = 2.0 * _dist.norm_sf(np.abs(z))
    return TimeROCTestResult(design["times"], diff, se, z, p, ra, rb,
                             (str(names[0]), str(names[1])))
