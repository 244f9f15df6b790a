"""Time-dependent ROC analysis and concordance for censored outcomes.

- ``time_roc``: cumulative/dynamic ROC(t) and AUC(t) with IPCW (Kaplan-Meier or a Cox
  model for the censoring), competing risks (timeROC's definitions 1 and 2 of the
  controls), influence-function standard errors, pointwise intervals and a simultaneous
  band over times (Uno et al. 2007; Blanche, Dartigues & Jacqmin-Gadda 2013).
- ``time_roc_test``: paired comparison of two markers' AUC(t) at each time.
- ``concordance_index``: Harrell's C and Uno's C (truncated at tau) with
  ``survival::concordance``'s standard error.
- ``plot_time_roc``, ``plot_auc_time``: figures (matplotlib, imported on use).

Checked against ``riskRegression::Score`` and ``survival::concordance`` (the
``survival_parity`` validation suite).  Self-contained: it uses rocstats' validation
helpers and result conventions; no other subpackage imports it.
"""
from ._concordance import concordance_index
from ._data import UndefinedTimeAUCWarning
from ._results import ConcordanceResult, SimultaneousBand, TimeROCResult, TimeROCTestResult
from ._timeroc import time_roc, time_roc_test

__all__ = ["time_roc", "time_roc_test", "concordance_index", "plot_time_roc",
           "plot_auc_time", "TimeROCResult", "TimeROCTestResult", "SimultaneousBand",
           "ConcordanceResult", "UndefinedTimeAUCWarning"]


def __getattr__(name):
    if name in ("plot_time_roc", "plot_auc_time"):
        from . import _plot

        return getattr(_plot, name)
    raise AttributeError("module 'rocstats.survival' has no attribute %r" % (name,))
