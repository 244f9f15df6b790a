"""rocstats: ROC analysis done properly, validated against R.

Public API (options are keyword-only)::

    the object      roc (pROC's roc(): ROC, sorted once, with auc / ci / coords / test /
                    plot ... as methods; several markers or a formula "y ~ a + b": ROCSet)
    ROC / AUC       roc_curve, auc, delong, delong_joint_test, delong_pairwise,
                    best_threshold, smooth_roc
    ROC tests       roc_test (paired: DeLong, bootstrap, Venkatraman, sensitivity /
                    specificity, as pROC's roc.test), roc_test_unpaired (with a CI of the
                    AUC difference), auc_test (one AUC against a value)
                    (auc / delong / the tests take partial=, focus=, correct=; the tests
                    take margin= (non-inferiority / superiority) and equivalence=(low,
                    high) (TOST); conf_int(level, alternative=) is one-sided on request)
    multiclass      multiclass_auc (Hand & Till M with its variance), multiclass_auc_test
    power           power_roc_test (one curve vs AUC 0.5: power, sample size, sig. level
                    or AUC), power_roc_test_paired (two paired curves from pilot data)
                    (Obuchowski & McClish 1997; Obuchowski, Lieber & Wians 2004)
    scored AUC      margin_auc, sroc_curve, sauc, sauc_test        (Wu, Flach & Ferri 2007)
    ROC = diagonal  roc_gof_test, roc_gof_rule                     (Rossa's chi-square test)
    trees           CARTClassifier, CARTRegressor (also in rocstats.tree, with
                    AUCTreeClassifier and ROCTreeClassifier); rocstats.ensemble.AUCForestClassifier
    coordinates     coords (pROC's coords: every point, best, local maximas, interpolated)
    intervals       ci_auc (DeLong or bootstrap), ci_se, ci_sp, ci_thresholds, ci_coords,
                    ci_band (pointwise, or simultaneous: covers the whole curve): one
                    bootstrap engine (rocstats.bootstrap)
    averaged ROC    roc_average (vertical, threshold or pooled averaging of fold /
                    resample curves, with a band and the mean AUC's CI), roc_average_cv
    precision-recall pr_curve (every threshold), pr_auc (interpolated, average precision,
                    trapezoid, ROCR's aucpr; logit CI), ci_pr_auc (+ bootstrap), ci_pr_band
    diagnostic      diagnostic_accuracy (accuracy at a fixed cut-off: the 2 x 2 table, Se, Sp,
                    PPV, NPV, LR+, LR-, DOR, Youden, NNDx, prevalences, each with epiR's
                    intervals), diagnostic_accuracy_table (from the counts), cutpoint
                    (optimal cut-off by a metric, its bootstrap CI and out-of-bag optimism,
                    as cutpointr)                                   (rocstats.diagnostic)
    kernels         backend, backend_info
    beyond memory   rocstats.dask: exact auc / delong / roc_curve / coords / ci_auc on dask
                    collections (distributed sample sort; extra [dask]); bootstrap
                    replicates on a cluster with n_jobs=client
    censored        rocstats.survival: time_roc (AUC(t) with IPCW, influence-function SEs,
                    bands over time, competing risks), time_roc_test, concordance_index
                    (Harrell, Uno); checked against riskRegression and survival
    plots           rocstats.plot.plot_roc (ROC curves, tie blocks as diagonal segments,
                    CI band, AUC with its DeLong CI), plot_sroc, plot_tree; also
                    ROCCurve.plot() and SROCCurve.plot()  (matplotlib, imported on use)

The statistics are imported with the package; the trees, the ensembles, the plots and
the R bridge (which need pandas, scikit-learn, matplotlib or rpy2) are imported on first
use (PEP 562), so ``import rocstats`` to compute an AUC stays light.
"""
import importlib

from ._kernels import backend, backend_info
from ._roc import ROC, ROCSet, roc
from ._results import (AUCResult, ConfidenceInterval, MulticlassAUCResult, ROCCurve,
                       TestResult, ThresholdResult)
from ._validation import ReversedDirectionWarning, UndefinedAUCWarning
from .bootstrap import (BootstrapInterval, CoordsCI, ci_auc, ci_band, ci_coords, ci_pr_auc,
                        ci_pr_band, ci_se, ci_sp, ci_thresholds)
from .diagnostic import (CutpointResult, DiagnosticAccuracy, cutpoint, diagnostic_accuracy,
                         diagnostic_accuracy_table)
from .gof import (GOFApproximationWarning, GOFTestResult, ROCRuleResult, roc_gof_rule,
                  roc_gof_test)
from .compare import (JointTestResult, PairedPowerResult, PowerResult, auc_test,
                      delong_joint_test, delong_pairwise, power_roc_test,
                      power_roc_test_paired, roc_test, roc_test_unpaired)
from .compare import _delong_test as _dt
from ._deprecated import deprecated_function as _deprecated_function

#: one public spelling per test (issue 22): pROC's roc.test; the old names warn
delong_test = _deprecated_function(_dt.delong_test, "delong_test",
                                   "rocstats.roc_test(y_true, y_score_a, y_score_b, "
                                   "method='delong')")
delong_test_unpaired = _deprecated_function(
    _dt.delong_test_unpaired, "delong_test_unpaired",
    "rocstats.roc_test_unpaired(y_true_a, y_score_a, y_true_b, y_score_b, method='delong')")
from .curves import (SmoothROCCurve, auc, best_threshold, coords, delong, multiclass_auc,
                  multiclass_auc_test, roc_curve, smooth_roc)
from .bootstrap import AveragedROC, roc_average, roc_average_cv
from .curves import PRAUCResult, PRCurve, pr_auc, pr_curve
from .scored import SAUCResult, SROCCurve, margin_auc, sauc, sauc_test, sroc_curve

__version__ = "0.1.0.dev0"

__all__ = [
    "roc", "ROC", "ROCSet",
    "roc_curve", "auc", "delong", "delong_test", "delong_test_unpaired", "delong_joint_test",
    "multiclass_auc", "best_threshold", "coords", "smooth_roc", "SmoothROCCurve", "backend",
    "backend_info",
    "delong_pairwise", "multiclass_auc_test", "JointTestResult",
    "roc_test", "roc_test_unpaired", "auc_test",
    "AUCResult", "TestResult", "ROCCurve", "MulticlassAUCResult", "ThresholdResult",
    "ConfidenceInterval", "UndefinedAUCWarning", "ReversedDirectionWarning",
    "diagnostic_accuracy", "diagnostic_accuracy_table", "DiagnosticAccuracy", "cutpoint",
    "CutpointResult",
    "ci_auc", "ci_se", "ci_sp", "ci_band", "ci_thresholds", "ci_coords", "BootstrapInterval",
    "CoordsCI",
    "power_roc_test", "power_roc_test_paired", "PowerResult", "PairedPowerResult",
    "roc_gof_test", "roc_gof_rule", "GOFTestResult", "ROCRuleResult", "GOFApproximationWarning",
    "margin_auc", "sroc_curve", "sauc", "sauc_test", "SAUCResult", "SROCCurve",
    "CARTClassifier", "CARTRegressor",
    "roc_average", "roc_average_cv", "AveragedROC",
    "pr_curve", "pr_auc", "PRCurve", "PRAUCResult", "ci_pr_auc", "ci_pr_band",
]

#: attribute -> module that defines it, imported on first access
_LAZY = {"CARTClassifier": ".tree", "CARTRegressor": ".tree"}
#: subpackages reachable as attributes without an explicit import
_SUBMODULES = ("tree", "ensemble", "plot", "r", "report", "dask", "survival", "datasets")


def __getattr__(name):
    if name in _LAZY:
        value = getattr(importlib.import_module(_LAZY[name], __name__), name)
        globals()[name] = value
        return value
    if name in _SUBMODULES:
        module = importlib.import_module("." + name, __name__)
        globals()[name] = module
        return module
    raise AttributeError("module 'rocstats' has no attribute %r" % (name,))


def __dir__():
    return sorted(set(globals()) | set(__all__) | set(_SUBMODULES))
