"""Rossa's chi-square goodness-of-fit test of H0: ROC(v) = v and her section-4 rule."""
from ._rossa import (GOFApproximationWarning, GOFTestResult, ROCRuleResult, roc_gof_rule,
                     roc_gof_test)

__all__ = ["roc_gof_test", "roc_gof_rule", "GOFTestResult", "ROCRuleResult",
           "GOFApproximationWarning"]
