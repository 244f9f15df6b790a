"""scikit-learn's estimator base classes when scikit-learn is installed (it is optional),
else minimal stand-ins with the same conventions: ``get_params`` / ``set_params`` from the
``__init__`` signature, ``score`` (accuracy, R^2)."""
import inspect

import numpy as np

__all__ = ["BaseEstimator", "ClassifierMixin", "RegressorMixin", "CostComplexityMixin"]

try:
    from sklearn.base import BaseEstimator, ClassifierMixin, RegressorMixin
except ImportError:  # pragma: no cover - scikit-learn is optional
    class BaseEstimator:
        """Minimal get_params / set_params (scikit-learn conventions)."""

        @classmethod
        def _get_param_names(cls):
            sig = inspect.signature(cls.__init__)
            return sorted(p.name for p in sig.parameters.values()
                          if p.name != "self" and p.kind not in (p.VAR_POSITIONAL,
                                                                 p.VAR_KEYWORD))

        def get_params(self, deep=True):
            return {k: getattr(self, k) for k in self._get_param_names()}

        def set_params(self, **params):
            valid = self._get_param_names()
            for k, v in params.items():
                if k not in valid:
                    raise ValueError("invalid parameter %r for %s; valid: %s"
                                     % (k, type(self).__name__, valid))
                setattr(self, k, v)
            return self

        def __repr__(self):
            return "%s(%s)" % (type(self).__name__,
                               ", ".join("%s=%r" % kv for kv in self.get_params().items()))

    class ClassifierMixin:
        _estimator_type = "classifier"

        def score(self, X, y, sample_weight=None):
            return float(np.average(self.predict(X) == np.asarray(y), weights=sample_weight))

    class RegressorMixin:
        _estimator_type = "regressor"

        def score(self, X, y, sample_weight=None):
            y = np.asarray(y, dtype=float)
            r = y - self.predict(X)
            return 1.0 - np.average(r ** 2, weights=sample_weight) / np.average(
                (y - np.average(y, weights=sample_weight)) ** 2, weights=sample_weight)


class CostComplexityMixin:
    """Pruning for estimators whose fit leaves ``tree_``, ``cptable_`` and ``one_se_``
    (the AUC and ROC trees): ``_pruned_copy(cp)`` behind their ``prune``, and
    ``cost_complexity_prune(rule=)``.  They provide ``_check_fitted()`` and may extend
    ``_after_prune(new)`` for fitted state that follows the tree."""

    def _pruned_copy(self, cp):
        """A shallow copy with the tree and the complexity table pruned at ``cp``
        (rpart's ``prune.rpart``); ``cp=None`` takes the cross-validated 1-SE choice."""
        import copy

        from ._prune import prune, prune_cptable

        self._check_fitted()
        if cp is None:
            if self.one_se_ is None:
                raise ValueError("no cross-validation (xval=0): pass cp explicitly")
            cp = self.one_se_.cp
        new = copy.copy(self)
        new.tree_ = prune(self.tree_, cp)
        new.cptable_ = prune_cptable(self.cptable_, cp)
        self._after_prune(new)
        return new

    def _after_prune(self, new):
        pass

    def cost_complexity_prune(self, *, rule="1se"):
        """The tree chosen by cross-validation (needs ``xval``): ``rule="1se"`` (default)
        the smallest tree within one standard error of the minimum ``xerror``;
        ``"min"`` the tree with the smallest ``xerror`` (first on ties)."""
        if rule not in ("1se", "min"):
            raise ValueError("rule must be '1se' or 'min', got %r" % (rule,))
        self._check_fitted()
        if self.one_se_ is None:
            raise ValueError("no cross-validation (xval=0): refit with xval > 0")
        if rule == "1se":
            return self.prune(self.one_se_.cp)
        return self.prune(float(self.cptable_["CP"].iloc[self.one_se_.min_row]))
