"""pROC's ``power.roc.test`` run live through rpy2, in its four forms.

Each function calls one R function of ``proc_helpers.R`` (sourced once by
`rocstats.r._proc`); the generator of the ``proc_power`` suite's
stored results sources the same file:

* `proc_power_numeric`: ``power.roc.test(auc = , ncases = , ncontrols = , kappa = ,
  sig.level = , power = , alternative = )`` (one curve with a given AUC);
* `proc_power_roc`: ``power.roc.test(roc(y, score), ...)`` (one curve, pilot data);
* `proc_power_paired`: ``power.roc.test(roc(y, a), roc(y, b), ..., method = )``
  (two paired curves, pilot data), with the variances, binormal fits and correlations
  pROC computes on the way;
* `proc_power_list`: ``power.roc.test(list(A1 =, B1 =, A2 =, B2 =, rn =, ra =,
  delta =), ...)`` (two curves from binormal parameters).

A quantity given as ``None`` is the one pROC solves for (it crosses the bridge as NaN
and becomes NULL in R).  ``alternative`` is ``"two-sided"`` or ``"one-sided"``.
"""
import math

from ._proc import _call, _labels, _r_scalar, _scores

__all__ = ["proc_power_numeric", "proc_power_roc", "proc_power_paired", "proc_power_list"]

_POWER_ALTERNATIVES = ("two-sided", "one-sided")


def _na(x):
    """None -> NaN (R: NA, handed to pROC as NULL); numbers -> float."""
    return math.nan if x is None else float(x)


def _alt(alternative):
    if alternative not in _POWER_ALTERNATIVES:
        raise ValueError("alternative must be one of %s, got %r"
                         % (_POWER_ALTERNATIVES, alternative))
    return alternative


def proc_power_numeric(*, auc=None, ncases=None, ncontrols=None, kappa=1.0, sig_level=0.05,
                       power=None, alternative="two-sided"):
    """pROC's one-curve calculation for a given AUC.  Returns a dict: ``auc``,
    ``ncases``, ``ncontrols``, ``sig_level``, ``power``, ``warnings``."""
    return _call("rocstats_proc_power_numeric", _na(auc), _na(ncases), _na(ncontrols),
                 _na(kappa), _na(sig_level), _na(power), _alt(alternative))


def proc_power_roc(y, score, *, control=0, case=1, sig_level=0.05, power=None, kappa=None,
                   alternative="two-sided"):
    """pROC's one-curve calculation from pilot data (its AUC and class counts).  Returns
    a dict as `proc_power_numeric`."""
    y = _labels(y, "y")
    return _call("rocstats_proc_power_roc", y, _scores(score, "score", y.size),
                 _r_scalar(control), _r_scalar(case), _na(sig_level), _na(power), _na(kappa),
                 _alt(alternative))


def proc_power_paired(y, score_a, score_b, *, control=0, case=1, sig_level=0.05, power=None,
                      kappa=None, alternative="two-sided", method="obuchowski"):
    """pROC's two-curve calculation from pilot data.  Returns a dict: ``auc_a``,
    ``auc_b``, ``ncases``, ``ncontrols``, ``sig_level``, ``power``, the per-case
    ``var_a``, ``var_b``, ``cov_ab`` (``pROC:::covvar``), the binormal fits ``A_a``,
    ``B_a``, ``A_b``, ``B_b``, ``r_cases``, ``r_controls`` and ``warnings``."""
    y = _labels(y, "y")
    if method not in ("obuchowski", "delong"):
        raise ValueError("method must be 'obuchowski' or 'delong', got %r" % (method,))
    return _call("rocstats_proc_power_paired", y, _scores(score_a, "score_a", y.size),
                 _scores(score_b, "score_b", y.size), _r_scalar(control), _r_scalar(case),
                 _na(sig_level), _na(power), _na(kappa), _alt(alternative), method)


def proc_power_list(a1, b1, a2, b2, r_controls, r_cases, delta, *, ncases=None,
                    ncontrols=None, kappa=1.0, sig_level=0.05, power=None,
                    alternative="two-sided"):
    """pROC's two-curve calculation from binormal parameters (full AUC).  Returns a dict:
    ``ncases``, ``ncontrols``, ``sig_level``, ``power``, ``warnings``."""
    return _call("rocstats_proc_power_list", float(a1), float(b1), float(a2), float(b2),
                 float(r_controls), float(r_cases), float(delta), _na(ncases),
                 _na(ncontrols), _na(kappa), _na(sig_level), _na(power), _alt(alternative))
