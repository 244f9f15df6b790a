"""ROC curves, AUC (and partial AUC), DeLong inference, multiclass AUC, optimal thresholds
and smoothed curves."""
from ._auc import auc
from ._compare import delong_joint_test, delong_test, delong_test_unpaired
from ._curve import roc_curve
from ._delong import delong
from ._multiclass import multiclass_auc
from ._smooth import SmoothROCCurve, smooth_roc
from ._thresholds import best_threshold

__all__ = ["auc", "roc_curve", "delong", "delong_test", "delong_test_unpaired",
           "delong_joint_test", "multiclass_auc", "best_threshold", "smooth_roc",
           "SmoothROCCurve"]
