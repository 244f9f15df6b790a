"""Trees: one engine (criterion / splitter / builder / pruner) and the estimators built
on it.

- `CARTClassifier`, `CARTRegressor`: CART as in ESL 9.2 and rpart 4.1.19
  (gini / information / anova / AUC, priors, loss matrix, case weights, categorical
  predictors, surrogates, cost-complexity pruning with cross-validation), with R-shaped
  outputs.
- `AUCTreeClassifier`: single trees with randomForestSRC's AUC splitting rule.
- `ROCTreeClassifier`: Rossa's ROC classification tree (chi-square GoF splits).

Every estimator derives from `rocstats.tree._base.BaseTree`; the flat tree every
builder produces is `rocstats.tree._tree.Tree`.
"""
from ._classes import AUCTreeClassifier, CARTClassifier, CARTRegressor, ROCTreeClassifier

__all__ = ["CARTClassifier", "CARTRegressor", "AUCTreeClassifier", "ROCTreeClassifier"]
