"""Confidence intervals of ROC statistics, and the one bootstrap engine behind them.

``ci_auc`` (DeLong or bootstrap, full or partial AUC), ``ci_se``, ``ci_sp``,
``ci_thresholds``, ``ci_coords`` (pROC's ``ci.*`` functions), ``ci_band`` (a
whole-curve band: pointwise or simultaneous) and ``ci_pr_auc`` / ``ci_pr_band``
(precision-recall).  The engine (`rocstats.bootstrap._engine`) sorts the
data once and draws multinomial counts over the sorted order; each replicate is one O(n)
sweep in C (GIL released, ``n_jobs`` threads) from a counter-based random stream.
"""
from ._average import AveragedROC, roc_average, roc_average_cv
from ._ci import ci_auc, ci_band, ci_coords, ci_se, ci_sp, ci_thresholds
from ._pr import ci_pr_auc, ci_pr_band
from ._results import BootstrapInterval, CoordsCI

__all__ = ["ci_auc", "ci_se", "ci_sp", "ci_band", "ci_thresholds", "ci_coords",
           "BootstrapInterval", "CoordsCI", "ci_pr_auc", "ci_pr_band", "roc_average",
           "roc_average_cv", "AveragedROC"]
