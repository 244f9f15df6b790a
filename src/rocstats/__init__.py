"""rocstats: ROC analysis done properly, validated against R.

Public API (options are keyword-only)::

    ROC / AUC       roc_curve, auc, delong, delong_test, delong_test_unpaired,
                    delong_joint_test, multiclass_auc, best_threshold
    scored AUC      margin_auc, sroc_curve, sauc, sauc_test        (Wu, Flach & Ferri 2007)
    ROC = diagonal  roc_gof_test, roc_gof_rule                     (Rossa's chi-square test)
    trees           CARTClassifier, CARTRegressor (also in rocstats.tree, with
                    AUCTreeClassifier and ROCTreeClassifier); rocstats.ensemble.AUCForestClassifier
    kernels         backend, backend_info
"""
from ._kernels import backend, backend_info
from ._results import (AUCResult, ConfidenceInterval, MulticlassAUCResult, ROCCurve,
                       TestResult, ThresholdResult)
from ._validation import UndefinedAUCWarning
from .gof import (GOFApproximationWarning, GOFTestResult, ROCRuleResult, roc_gof_rule,
                  roc_gof_test)
from .roc import (auc, best_threshold, delong, delong_joint_test, delong_test,
                  delong_test_unpaired, multiclass_auc, roc_curve)
from .scored import SAUCResult, SROCCurve, margin_auc, sauc, sauc_test, sroc_curve
from .tree import CARTClassifier, CARTRegressor

__version__ = "0.1.0.dev0"

__all__ = [
    "roc_curve", "auc", "delong", "delong_test", "delong_test_unpaired", "delong_joint_test",
    "multiclass_auc", "best_threshold", "backend", "backend_info",
    "AUCResult", "TestResult", "ROCCurve", "MulticlassAUCResult", "ThresholdResult",
    "ConfidenceInterval", "UndefinedAUCWarning",
    "roc_gof_test", "roc_gof_rule", "GOFTestResult", "ROCRuleResult", "GOFApproximationWarning",
    "margin_auc", "sroc_curve", "sauc", "sauc_test", "SAUCResult", "SROCCurve",
    "CARTClassifier", "CARTRegressor",
]
