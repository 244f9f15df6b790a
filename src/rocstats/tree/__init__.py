"""Trees: the CART engine (criterion / splitter / builder / pruner) and the estimators
built on it.  The flat tree every builder produces is :class:`rocstats.tree._tree.Tree`."""
from ._classes import CARTClassifier, CARTRegressor

__all__ = ["CARTClassifier", "CARTRegressor"]
from ._auc_classes import AUCTreeClassifier  # noqa: E402,F401  (AUC-tree helper)
from ._roc_tree import ROCTreeClassifier  # noqa: E402,F401  (ROC-tree helper)
