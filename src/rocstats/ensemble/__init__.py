"""Ensembles of rocstats trees: `AUCForestClassifier`, a random forest of AUC-split
trees with randomForestSRC's defaults and out-of-bag performance (AUC, Brier score,
misclassification) and permutation variable importance."""
from ._forest import (AUCForestClassifier, PermutationImportance, oob_auc, oob_brier,
                      oob_brier_normalized, oob_misclassification)

__all__ = ["AUCForestClassifier", "PermutationImportance", "oob_auc", "oob_brier",
           "oob_brier_normalized", "oob_misclassification"]
