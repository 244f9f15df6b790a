"""rocstats: ROC analysis done properly, validated against R.

Public API (options are keyword-only)::

    roc_curve, auc, delong, delong_test, delong_test_unpaired, delong_joint_test,
    multiclass_auc, best_threshold, backend
"""
from ._kernels import backend, backend_info
from ._results import (AUCResult, ConfidenceInterval, MulticlassAUCResult, ROCCurve,
                       TestResult, ThresholdResult)
from ._validation import UndefinedAUCWarning
from .roc import (auc, best_threshold, delong, delong_joint_test, delong_test,
                  delong_test_unpaired, multiclass_auc, roc_curve)

__version__ = "0.1.0.dev0"

__all__ = [
    "roc_curve", "auc", "delong", "delong_test", "delong_test_unpaired", "delong_joint_test",
    "multiclass_auc", "best_threshold", "backend", "backend_info",
    "AUCResult", "TestResult", "ROCCurve", "MulticlassAUCResult", "ThresholdResult",
    "ConfidenceInterval", "UndefinedAUCWarning",
]
