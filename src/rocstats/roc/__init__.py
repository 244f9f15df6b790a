"""ROC curves, AUC, DeLong inference, multiclass AUC and optimal thresholds."""
from ._auc import auc
from ._compare import (JointTestResult, delong_joint_test, delong_pairwise, delong_test,
                       delong_test_unpaired)
from ._curve import roc_curve
from ._delong import delong
from ._multiclass import multiclass_auc, multiclass_auc_test
from ._thresholds import best_threshold

__all__ = ["auc", "roc_curve", "delong", "delong_test", "delong_test_unpaired",
           "delong_joint_test", "delong_pairwise", "JointTestResult", "multiclass_auc",
           "multiclass_auc_test", "best_threshold"]
