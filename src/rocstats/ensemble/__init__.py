"""Ensembles of rocstats trees: :class:`AUCForestClassifier`, a random forest of AUC-split
trees with randomForestSRC's defaults and out-of-bag performance (AUC, Brier score,
misclassification) and permutation variable importance."""
from ._forest import AUCForestClassifier, oob_auc, oob_brier, oob_misclassification

__all__ = ["AUCForestClassifier", "oob_auc", "oob_brier", "oob_misclassification"]
