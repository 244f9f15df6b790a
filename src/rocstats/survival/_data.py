"""Checks of censored-outcome inputs: one helper, one error style (the argument's name
first), as `rocstats._validation` does for binary labels.

* ``time``: finite, non-negative numbers (float64).
* ``event``: 0 = censored, 1, 2, ... = the cause of the event (several causes:
  competing risks); booleans are read as 0 / 1.  Negative or non-integer codes are an
  error.
* ``marker``: finite numbers, one per subject; ``direction="<"`` (default): higher
  marker = higher risk of the event (riskRegression's ``risk``), ``">"``: lower marker =
  higher risk (survival times, Karnofsky scores).  Never guessed from the data.
* ``times``: finite, non-negative, strictly increasing evaluation times.
"""
import warnings

import numpy as np

from .._validation import as_float_array, check_direction

__all__ = ["SurvivalData", "check_survival", "check_marker", "check_times",
           "UndefinedTimeAUCWarning"]


class UndefinedTimeAUCWarning(UserWarning):
    """AUC(t) (or a concordance index) is undefined at some t: no cases or no controls
    observed there, or t after the last observed time; those values are NaN."""


class SurvivalData:
    """Validated censored outcome: ``time`` (float64), ``event`` (int64 codes, 0 =
    censored), ``causes`` (the event codes present, sorted), ``n``."""

    __slots__ = ("time", "event", "causes", "n")

    def __init__(self, time, event):
        self.time = time
        self.event = event
        self.causes = tuple(int(c) for c in np.unique(event[event > 0]))
        self.n = time.size


def check_survival(time, event):
    """Validate ``time`` and ``event``; return a `SurvivalData`."""
    t = as_float_array(time, "time")
    if t.size == 0:
        raise ValueError("time is empty")
    if (t < 0).any():
        raise ValueError("time has negative values (%d of %d, the smallest %g); survival "
                         "times must be >= 0" % (np.count_nonzero(t < 0), t.size, t.min()))
    e = np.asarray(event)
    if e.ndim != 1:
        raise ValueError("event must be 1-dimensional, got shape %s" % (e.shape,))
    if e.dtype.kind == "b":
        codes = e.astype(np.int64)
    else:
        ef = as_float_array(e, "event")
        if (ef < 0).any() or (ef != np.round(ef)).any():
            bad = ef[(ef < 0) | (ef != np.round(ef))]
            raise ValueError("event must hold 0 (censored) or a positive integer cause code "
                             "(1, 2, ...); got %s" % np.unique(bad)[:5].tolist())
        codes = ef.astype(np.int64)
    if codes.size != t.size:
        raise ValueError("time has %d rows but event has %d" % (t.size, codes.size))
    return SurvivalData(t, np.ascontiguousarray(codes))


def check_marker(marker, n, *, direction="<", name="marker"):
    """Validate a marker of ``n`` subjects; returned negated for ``direction=">"`` so
    that a higher value always means a higher risk."""
    check_direction(direction)
    m = as_float_array(marker, name)
    if m.size != n:
        raise ValueError("time has %d rows but %s has %d" % (n, name, m.size))
    return -m if direction == ">" else m


def check_times(times, data):
    """Validate the evaluation times: 1-D (a scalar is one time), finite, >= 0, strictly
    increasing.  Returns ``(times, beyond)`` with ``beyond`` marking the times after the
    last observed time (their AUC is NaN, with a warning)."""
    tt = as_float_array(np.atleast_1d(times), "times")
    if tt.size == 0:
        raise ValueError("times is empty; give at least one evaluation time")
    if (tt < 0).any():
        raise ValueError("times has negative values: %s" % tt[tt < 0][:5].tolist())
    if tt.size > 1 and (np.diff(tt) <= 0).any():
        raise ValueError("times must be strictly increasing (no duplicates); got %s"
                         % tt.tolist()[:10])
    beyond = tt > data.time.max()
    if beyond.any():
        warnings.warn("times %s are after the last observed time %g: AUC(t) is not "
                      "estimable there (riskRegression's Score drops them); returning NaN"
                      % (tt[beyond].tolist()[:5], data.time.max()),
                      UndefinedTimeAUCWarning, stacklevel=3)
    return tt, beyond


def check_cause(cause, data):
    """The cause of interest: a positive integer code (need not be present: then there
    are no cases and AUC(t) is NaN with a warning)."""
    if isinstance(cause, (bool, np.bool_)) or not isinstance(cause, (int, np.integer)) \
            or cause < 1:
        raise ValueError("cause must be a positive integer event code, got %r (event "
                         "codes present: %s)" % (cause, list(data.causes)))
    return int(cause)
