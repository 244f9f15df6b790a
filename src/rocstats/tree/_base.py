"""scikit-learn's estimator base classes when scikit-learn is installed (it is optional),
else minimal stand-ins with the same conventions: ``get_params`` / ``set_params`` from the
``__init__`` signature, ``score`` (accuracy, R^2)."""
import inspect

import numpy as np

__all__ = ["BaseEstimator", "ClassifierMixin", "RegressorMixin"]

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
