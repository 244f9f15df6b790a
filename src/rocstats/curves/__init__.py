"""ROC curves, AUC (and partial AUC), DeLong's variance and covariance, multiclass AUC,
coordinates, optimal thresholds, smoothed curves.  (The tests comparing curves and the
power calculations are in `rocstats.compare`.)"""
from ._auc import auc
from ._coords import coords
from ._curve import roc_curve
from ._delong import delong
from ._multiclass import multiclass_auc, multiclass_auc_test
from ._pr import PRAUCResult, PRCurve, pr_auc, pr_curve
from ._smooth import SmoothROCCurve, smooth_roc
from ._thresholds import best_threshold

__all__ = ["auc", "roc_curve", "delong", "multiclass_auc", "multiclass_auc_test",
           "best_threshold", "coords", "smooth_roc", "SmoothROCCurve", "pr_curve", "pr_auc", "PRCurve", "PRAUCResult"]
