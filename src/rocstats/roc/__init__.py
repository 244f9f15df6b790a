"""ROC curves, AUC (and partial AUC), DeLong inference, roc_test (every pROC roc.test method), multiclass AUC, coordinates,
optimal thresholds, smoothed curves, power and sample size."""
from ._auc import auc
from ._average import AveragedROC, roc_average, roc_average_cv
from ._coords import coords
from ._compare import (JointTestResult, delong_joint_test, delong_pairwise, delong_test,
                       delong_test_unpaired)
from ._curve import roc_curve
from ._delong import delong
from ._pr import PRAUCResult, PRCurve, pr_auc, pr_curve
from ._multiclass import multiclass_auc, multiclass_auc_test
from ._power import (PairedPowerResult, PowerResult, power_roc_test,
                     power_roc_test_paired)
from ._roctest import auc_test, roc_test, roc_test_unpaired
from ._smooth import SmoothROCCurve, smooth_roc
from ._thresholds import best_threshold

__all__ = ["auc", "roc_curve", "delong", "delong_test", "delong_test_unpaired",
           "delong_joint_test", "delong_pairwise", "JointTestResult", "multiclass_auc",
           "multiclass_auc_test", "best_threshold", "coords", "smooth_roc",
           "SmoothROCCurve", "power_roc_test", "power_roc_test_paired", "PowerResult",
           "PairedPowerResult", "roc_test", "roc_test_unpaired", "auc_test",
           "roc_average", "roc_average_cv", "AveragedROC", "pr_curve", "pr_auc", "PRCurve",
           "PRAUCResult"]
