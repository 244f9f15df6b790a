"""One estimator base for every tree in rocstats (`BaseTree`) and the input
helpers the forest shares with it.

Everything an estimator does besides choosing its engine parts happens here, once:
the checks of X (`check_X`, refusing what float64 would change; sparse matrices,
empty shapes and 1-D arrays refused in scikit-learn's words), the label contract for
classifiers (`encode_classes`, `rocstats._labels`), case weights
(`check_sample_weight`), cross-validation folds (`fold_ids`: rpart's
balanced random assignment or a vector of fold ids), ``max_features``
(`resolve_max_features`), scikit-learn's ``NotFittedError``, the fit (a tree from
the engine, its complexity table with cross-validation and the 1-SE choice), pruning
(`BaseTree.prune`, `BaseTree.cost_complexity_prune`) and rpart's outputs
(``cptable_``, ``where_``, ``frame_``, ``splits_``, ``variable_importance_``,
`BaseTree.summary`, `BaseTree.print_cp`).  An estimator is ``__init__`` plus
factories: its criterion, its builder (splitter and stopping rules) and its parameter
checks.

``apply(X)`` returns the index of each row's leaf in ``tree_``'s arrays (scikit-learn's
meaning); ``node_number(X)`` returns rpart's node numbers (root 1, children 2k, 2k + 1).

Which rpart field each fitted attribute matches: ``frame_`` = ``fit$frame`` (index = the
node numbers, its row names; ``yval2`` split into ``count_*``, ``prob_*``,
``nodeprob``), ``splits_`` = ``fit$splits`` with ``fit$csplit`` rows, ``cptable_`` =
``fit$cptable``, ``variable_importance_`` = ``fit$variable.importance``,
``where_frame_`` = ``fit$where`` (1-based frame rows), ``where_`` = the node numbers of
those rows (``as.integer(rownames(fit$frame))[fit$where]``), ``classes_`` =
``attr(fit, "ylevels")``; ``str(fit)`` / ``to_text()`` = ``print(fit)``,
``print_cp()`` = ``printcp(fit)``, ``summary()`` = ``summary(fit)`` (layout),
``prune(cp)`` = ``prune(fit, cp)``, ``to_rules()`` = ``rpart.plot::rpart.rules(fit)``
(shape); ``rocstats.r.to_rpart`` / ``from_rpart`` convert the whole fit.

scikit-learn is optional: without it the base classes are minimal stand-ins with the
same conventions (``get_params`` / ``set_params`` from the ``__init__`` signature,
``score``: accuracy, R^2) and ``NotFittedError`` is a ValueError / AttributeError.
"""
import copy
import inspect
import math
import numbers
import warnings

import numpy as np

from .._labels import class_labels
from ._data import encode_fit, encode_predict, exact_float, CATEGORICAL, ORDERED

__all__ = ["BaseEstimator", "ClassifierMixin", "RegressorMixin", "NotFittedError",
           "BaseTree", "BaseTreeClassifier", "BaseTreeRegressor", "check_X", "encode_classes", "check_sample_weight", "fold_ids",
           "resolve_max_features", "int_param", "check_fitted", "store_params"]

try:
    from sklearn.base import BaseEstimator, ClassifierMixin, RegressorMixin
    from sklearn.exceptions import NotFittedError
except ImportError:  # pragma: no cover - scikit-learn is optional
    class NotFittedError(ValueError, AttributeError):  # type: ignore[no-redef]
        """Raised when an estimator is used before ``fit`` (scikit-learn's class when it
        is installed)."""

    class BaseEstimator:  # type: ignore[no-redef]
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
            sig = inspect.signature(type(self).__init__)
            changed = ["%s=%r" % (k, v) for k, v in self.get_params().items()
                       if not (v is sig.parameters[k].default or
                               (isinstance(v, (int, float, str)) and
                                v == sig.parameters[k].default))]
            return "%s(%s)" % (type(self).__name__, ", ".join(changed))

    class ClassifierMixin:  # type: ignore[no-redef]
        _estimator_type = "classifier"

        def score(self, X, y, sample_weight=None):
            return float(np.average(self.predict(X) == np.asarray(y), weights=sample_weight))

    class RegressorMixin:  # type: ignore[no-redef]
        _estimator_type = "regressor"

        def score(self, X, y, sample_weight=None):
            y = np.asarray(y, dtype=float)
            r = y - self.predict(X)
            return 1.0 - np.average(r ** 2, weights=sample_weight) / np.average(
                (y - np.average(y, weights=sample_weight)) ** 2, weights=sample_weight)


def store_params(estimator, arguments):
    """scikit-learn's convention for ``__init__``: every argument stored unchanged under
    its own name (``arguments`` is the ``locals()`` of ``__init__``; ``self`` and the
    ``__class__`` cell are skipped), checked by its estimator checks."""
    for name, value in arguments.items():
        if name not in ("self", "__class__"):
            setattr(estimator, name, value)


def _plain(v):
    return v.item() if isinstance(v, np.generic) else v


# --------------------------------------------------------------------------- checks
def int_param(name, value, lo, hi=None, *, allow_none=False):
    """``value`` as an int in ``[lo, hi]`` (booleans refused); None passes with
    ``allow_none``."""
    if value is None and allow_none:
        return None
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Integral):
        raise ValueError("%s must be an integer%s, got %r"
                         % (name, " or None" if allow_none else "", value))
    if value < lo or (hi is not None and value > hi):
        rng = ">= %d" % lo if hi is None else "in %d..%d" % (lo, hi)
        raise ValueError("%s must be %s%s, got %r"
                         % (name, rng, " or None" if allow_none else "", value))
    return int(value)


def check_fitted(est, attribute="tree_"):
    """scikit-learn's ``NotFittedError`` unless ``est`` has ``attribute``."""
    if not hasattr(est, attribute):
        raise NotFittedError("This %s instance is not fitted yet (call fit first, with "
                             "appropriate arguments, before using this estimator)."
                             % type(est).__name__)


def check_X(X, who, *, numeric_only=False, allow_missing=True, info=None):
    """The one check of a feature matrix: ``(matrix, FeatureInfo)`` at fit (``info``
    None), the encoded matrix at predict time (``info`` from the fit).

    ``numeric_only`` refuses categorical and text columns with a message naming the
    column; ``allow_missing=False`` refuses NaN (the randomForestSRC rule has no
    missing-value handling).  Sparse matrices, 1-D arrays, empty shapes, complex
    numbers, dates, integers beyond 2**53 and infinite values are refused by
    `rocstats.tree._data`.
    """
    if info is None:
        if numeric_only:
            _refuse_non_numeric(X, who)
        M, info = encode_fit(X)
        out = (M, info)
    else:
        M = encode_predict(X, info, who)
        out = M
    if not allow_missing and np.isnan(M).any():
        raise ValueError("X contains missing values (NaN); %s has no missing-value "
                         "handling (randomForestSRC's default na.action = 'na.omit' drops "
                         "such rows): impute them or drop the rows first, or use "
                         "CARTClassifier(criterion='auc'), the AUC split under CART's "
                         "controls with surrogate splits" % who)
    return out


def _refuse_non_numeric(X, who):
    try:
        import pandas as pd
    except ImportError:  # pragma: no cover
        pd = None
    if pd is not None and isinstance(X, pd.DataFrame):
        for c in X.columns:
            if isinstance(X[c].dtype, pd.CategoricalDtype):
                raise ValueError("X column %r is categorical; %s has no categorical split "
                                 "handling: encode it numerically (e.g. integer codes for "
                                 "an ordered factor) first" % (c, who))
        bad = [str(c) for c in X.columns
               if not (pd.api.types.is_numeric_dtype(X[c]) or
                       pd.api.types.is_bool_dtype(X[c]) or X[c].dtype.kind in "mMcO")]
        bad += [str(c) for c in X.columns if X[c].dtype.kind == "O"
                and any(isinstance(v, str) for v in X[c].dropna().tolist())]
        if bad:
            raise ValueError("X column %r has non-numeric dtype %s (non-numeric columns %s); "
                             "%s has no categorical split handling: encode them as numbers "
                             "first" % (bad[0], X[bad[0]].dtype, bad, who))
        return
    if hasattr(X, "toarray"):
        return                             # refused as sparse by encode_fit
    arr = np.asarray(X)
    if arr.dtype.kind in "USV" or (arr.dtype.kind == "O" and any(
            isinstance(v, str) for v in arr.ravel().tolist())):
        raise ValueError("X must be numeric, got dtype %s; %s has no categorical split "
                         "handling: encode categories as numbers first" % (arr.dtype, who))


def encode_classes(y, n, who, *, binary=False):
    """Class labels under the label contract (`rocstats._labels`):
    ``(classes, codes)``; ``y`` of shape (n, 1) is raveled with scikit-learn's
    warning."""
    if y is None:
        raise ValueError("%s requires y to be passed, but the target y is None" % who)
    y = _ravel_column(y)
    _refuse_continuous(y, who)
    lab = class_labels(y, name="y")
    classes, codes = lab.classes, lab.codes
    if codes.size != n:
        raise ValueError("y has %d labels, X has %d rows (one label per row)"
                         % (codes.size, n))
    counts = np.bincount(codes, minlength=classes.size)
    present = np.flatnonzero(counts > 0)
    if present.size < 2:
        raise ValueError("y has a single class in use (one class: %r); a classifier needs "
                         "at least two%s" % (_plain(classes[present[0]]),
                                             " (%s needs a binary outcome with both classes present)" % who
                                             if binary else ""))
    if binary and (classes.size != 2 or present.size != 2):
        raise ValueError("Only binary classification is supported: %s needs a binary "
                         "outcome with both classes present; y has classes %s with counts "
                         "%s" % (who, classes.tolist()[:5], counts.tolist()[:5]))
    return classes, codes


def _refuse_continuous(y, who):
    """A float y with a finite non-integer value is a regression target (scikit-learn's
    "continuous" type): refused by classifiers, which take class labels."""
    dtype = getattr(y, "dtype", None)
    if dtype is None or getattr(dtype, "kind", None) != "f":
        return
    v = np.asarray(y, dtype=np.float64)
    v = v[np.isfinite(v)]
    if v.size and np.any(v != np.floor(v)):
        raise ValueError("Unknown label type: continuous. y holds non-integer numbers "
                         "(e.g. %r); %s is a classifier and needs class labels -- use a "
                         "regressor for a continuous response"
                         % (float(v[v != np.floor(v)][0]), who))


def _ravel_column(y):
    if not hasattr(y, "shape") and hasattr(y, "__array__"):
        y = np.asarray(y)                    # array-likes that are not arrays
    shape = np.shape(y) if not hasattr(y, "shape") else y.shape
    if len(shape) == 2 and shape[1] == 1:
        try:
            from sklearn.exceptions import DataConversionWarning as warning
        except ImportError:  # pragma: no cover
            warning = UserWarning
        warnings.warn("A column-vector y was passed when a 1d array was expected. Please "
                      "change the shape of y to (n_samples,), for example using ravel().",
                      warning, stacklevel=4)
        return np.asarray(y).ravel()
    return y


def check_sample_weight(sample_weight, n):
    """Case weights: finite, non-negative, not all zero (ones when None)."""
    if sample_weight is None:
        return np.ones(n)
    w = exact_float(np.asarray(sample_weight) if not hasattr(sample_weight, "dtype")
                    else sample_weight, "sample_weight")
    if w.shape != (n,):
        raise ValueError("sample_weight must have one entry per row (%d), got shape %s"
                         % (n, w.shape))
    if not np.all(np.isfinite(w)) or (w < 0).any():
        raise ValueError("sample_weight must be finite and >= 0")
    if not (w > 0).any():
        raise ValueError("sample_weight has no positive entry: every weight is zero")
    return np.ascontiguousarray(w)


def fold_ids(xval, n, rng):
    """rpart's ``xval``: None (no cross-validation) for 0 or 1; for an int K, a balanced
    random assignment of the n rows to folds 1..K (a permutation, drawn from ``rng``, of
    1, 2, ..., K, 1, 2, ...); for a vector, its fold ids (the integers 1..K, each
    used)."""
    if np.ndim(xval) == 0:
        k = int_param("xval", xval, 0)
        if k <= 1:
            return None
        return rng.permutation(np.resize(np.arange(1, k + 1), n)).astype(np.int64)
    folds = np.asarray(xval)
    if folds.ndim != 1 or folds.size != n:
        raise ValueError("xval as a fold vector must have one entry per row (%d), got "
                         "shape %s" % (n, folds.shape))
    if folds.dtype.kind not in "iuf" or not np.all(np.isfinite(folds)) or \
            np.any(folds != np.round(folds)):
        raise ValueError("xval fold ids must be integers")
    folds = folds.astype(np.int64)
    k = np.unique(folds)
    if k[0] != 1 or not np.array_equal(k, np.arange(1, k.size + 1)):
        raise ValueError("xval fold ids must be the integers 1..K, each used; got %s"
                         % k[:10])
    return folds if k.size > 1 else None


def resolve_max_features(value, p, *, allowed=("sqrt", "log2")):
    """randomForestSRC's ``mtry`` from ``max_features``: None = p; an int in [1, p]; a
    float in (0, 1] = ceil(fraction * p); "sqrt" = ceil(sqrt(p)); "log2" =
    ceil(log2(p)) (at least 1)."""
    names = " or ".join(repr(a) for a in allowed)
    what = "None, an int, a float in (0, 1] or %s" % names
    if value is None:
        return p
    if isinstance(value, str):
        if value == "sqrt" and value in allowed:
            return max(1, int(math.ceil(math.sqrt(p))))
        if value == "log2" and value in allowed:
            return max(1, int(math.ceil(math.log2(p)))) if p > 1 else 1
        raise ValueError("max_features must be %s, got %r" % (what, value))
    if isinstance(value, (bool, np.bool_)):
        raise ValueError("max_features must be %s, got %r" % (what, value))
    if isinstance(value, numbers.Integral):
        if not 1 <= value <= p:
            raise ValueError("max_features=%d is out of range: it must be between 1 and the "
                             "number of features (%d)" % (value, p))
        return int(value)
    if isinstance(value, numbers.Real):
        if not 0.0 < value <= 1.0:
            raise ValueError("max_features=%r is out of range: a float must be in (0, 1]"
                             % (value,))
        return max(1, int(math.ceil(value * p)))
    raise ValueError("max_features must be %s, got %r" % (what, value))


def _seqsum(a):
    a = np.asarray(a, dtype=np.float64)
    return float(np.cumsum(a)[-1]) if a.size else 0.0


# --------------------------------------------------------------------------- the base
class BaseTree(BaseEstimator):
    """The estimator base of every tree (see the module docstring).

    Subclasses set the class attributes below and implement the factories
    `_check_params` (returns the controls), `_make_criterion` and
    `_make_builder`; `_prepare_build` runs before every build (a new random
    stream for a randomised splitter).
    """

    #: refuse categorical / text columns
    _numeric_only = True
    #: accept NaN in X (surrogate splits route them)
    _allow_missing = True
    #: two classes, both present
    _binary = False
    #: rpart runs no cross-validation for a tree without a split (rpart.c) and reports
    #: xerror = xstd = 0 (its zero-initialised sums)
    _xval_needs_split = False
    #: rpart's numclass (classes up to the last one in use) instead of the classes in use
    _rpart_classes = False

    # ------------------------------------------------------------------ factories
    def _check_params(self, n, p):
        raise NotImplementedError

    def _make_criterion(self, yenc, w):
        raise NotImplementedError

    def _make_builder(self, criterion):
        raise NotImplementedError

    def _prepare_build(self, builder):
        pass

    def _check_data(self, M, criterion):
        """Subclass hook: refuse data the criterion cannot handle."""

    def _fold_rng(self):
        return np.random.default_rng(self.random_state)

    def _fit_use_surrogate(self):
        return int(getattr(self, "use_surrogate", 2))

    # ------------------------------------------------------------------ fitting
    def _is_classifier(self):
        return isinstance(self, ClassifierMixin)

    def _encode_y(self, y, n):
        """Classifiers: the label contract; sets ``classes_``, ``n_classes_`` and the
        classes the tree's value columns stand for (``_fit_classes``).  Regressors: the
        response as exact float64."""
        who = type(self).__name__
        if not self._is_classifier():
            if y is None:
                raise ValueError("%s requires y to be passed, but the target y is None" % who)
            y = _ravel_column(y)
            arr = np.asarray(y)
            if arr.ndim != 1:
                raise ValueError("y must be 1-D, got shape %s" % (arr.shape,))
            arr = exact_float(y, "y")
            if arr.shape[0] != n:
                raise ValueError("y has %d entries, X has %d rows" % (arr.shape[0], n))
            if np.isnan(arr).any():
                raise ValueError("y contains missing values (NaN)")
            if np.isinf(arr).any():
                raise ValueError("y contains infinite values")
            return arr
        classes, codes = encode_classes(y, n, who, binary=self._binary)
        counts = np.bincount(codes, minlength=classes.size)
        present = np.flatnonzero(counts > 0)
        self.classes_ = classes
        self.n_classes_ = classes.size
        if self._rpart_classes:
            # rpart's numclass: the classes up to the last one in use; leading unused
            # levels are classes with no rows (count 0, prior 0), trailing ones take no
            # part in the fit
            self._fit_classes = np.arange(int(present[-1]) + 1)
            return codes.astype(np.float64)
        self._fit_classes = present
        self._warn_classes(classes, counts, present)
        return np.searchsorted(present, codes).astype(np.float64)

    def _warn_classes(self, classes, counts, present):
        if present.size < classes.size:
            warnings.warn(
                "y: class(es) %s have no observations; they are kept in classes_ with "
                "probability 0 but take no part in growing the tree(s) (randomForestSRC, "
                "which keeps every factor level, would find every AUC statistic NaN)"
                % [_plain(c) for c in classes[counts == 0]], UserWarning, stacklevel=4)

    def fit(self, X, y, sample_weight=None):
        """Grow the tree, compute its complexity table and, when ``xval`` asks for it,
        cross-validate it (rpart's ``xerror`` / ``xstd`` and the 1-SE choice).

        Parameters
        ----------
        X : DataFrame or array, shape (n_rows, n_features)
        y : array-like, shape (n_rows,)
        sample_weight : array-like, optional
            Case weights (rpart's ``weights``; randomForestSRC: row multiplicities).

        Returns
        -------
        self
        """
        for name in [k for k in vars(self) if k.endswith("_") and not k.startswith("__")]:
            delattr(self, name)              # a refit forgets the previous fit
        who = type(self).__name__
        M, info = check_X(X, who, numeric_only=self._numeric_only,
                          allow_missing=self._allow_missing)
        n, p = M.shape
        if self._allow_missing:
            allmiss = np.isnan(M).all(axis=1)
            if allmiss.any():
                raise ValueError("X rows %s have every predictor missing (rpart's na.rpart "
                                 "drops such rows); remove them first"
                                 % np.flatnonzero(allmiss)[:10].tolist())
        yenc = self._encode_y(y, n)
        w = check_sample_weight(sample_weight, n)
        self._ctl = self._check_params(n, p)
        self._info = info
        self.n_features_in_ = p
        crit = self._make_criterion(yenc, w)
        self._check_data(M, crit)
        if info.from_frame:
            self.feature_names_in_ = np.array(info.names, dtype=object)
        self._criterion = crit
        builder = self._make_builder(crit)
        self._prepare_build(builder)
        folds = fold_ids(self.xval, n, self._fold_rng())
        res = builder.build(M, yenc, w, keep_sorts=folds is not None)
        tree = res.tree
        if np.isnan(tree.complexity).all():       # grown without rpart's bookkeeping
            from ._prune import node_complexity

            tree.complexity = node_complexity(tree, alpha=0.0)
        self.tree_ = tree
        self.where_ = res.where
        self._root_risk = res.root_risk
        self._total_wt = _seqsum(w)
        self._fitted_from(res)
        self.cptable_ = self._cp_table(builder, res, M, yenc, w, folds)
        self.one_se_ = self._one_se(folds)
        self._importance = None
        return self

    def _fitted_from(self, res):
        """Subclass hook: what else to keep from the build (e.g. Rossa's statistics)."""

    def _cp_table(self, builder, res, M, yenc, w, folds):
        import pandas as pd

        from . import _prune

        table = pd.DataFrame(_prune.cp_table(self.tree_, root_risk=res.root_risk,
                                             alpha=res.alpha)).reset_index(drop=True)
        if folds is None:
            table["xerror"] = np.nan
            table["xstd"] = np.nan
        elif self._xval_needs_split and self.tree_.node_count == 1:
            # rpart (rpart.c) runs no cross-validation for a tree without a split and
            # reports its zero-initialised sums scaled by 1 / root risk: 0, or NaN
            # (0 * Inf) when the root risk is 0
            zero = 0.0 if res.root_risk > 0 else np.nan
            table["xerror"] = zero
            table["xstd"] = zero
        else:
            state = {"alpha": res.alpha, "old_wt": self._total_wt}

            def fit_fold(train_idx):
                """Grow a tree on ``train_idx`` as rpart's xval.c does: same criterion
                (priors from the full data), alpha scaled by the share of weight; call
                in fold order 1..K."""
                train_idx = np.asarray(train_idx, dtype=np.int64)
                temp = _seqsum(w[train_idx])
                state["alpha"] *= temp / state["old_wt"]
                state["old_wt"] = temp
                self._prepare_build(builder)
                tree = builder.build(M, yenc, w, rows=train_idx, alpha=state["alpha"]).tree
                if np.isnan(tree.complexity).all():
                    tree.complexity = _prune.node_complexity(tree, alpha=0.0)
                return tree

            xerror, xstd = _prune.cross_validate(
                fit_fold, M, yenc, w, folds, table, criterion=self._criterion,
                use_surrogate=self._fit_use_surrogate(), root_risk=res.root_risk)
            table["xerror"] = np.asarray(xerror, dtype=float)
            table["xstd"] = np.asarray(xstd, dtype=float)
        return table

    def _one_se(self, folds):
        from ._prune import one_se_rule

        if folds is None or self.cptable_["xerror"].isna().all():
            return None
        return one_se_rule(self.cptable_)

    # ------------------------------------------------------------------ pruning
    def prune(self, cp=None):
        """A new fitted estimator whose tree is pruned at complexity ``cp`` (rpart's
        ``prune.rpart``: every split whose ``frame_["complexity"]`` is <= ``cp`` is
        removed; the tree is returned untouched when no split goes); default the
        cross-validated 1-SE choice ``one_se_.cp``."""
        from ._prune import prune as prune_tree, prune_cptable

        check_fitted(self)
        if cp is None:
            if self.one_se_ is None:
                raise ValueError("no cross-validation (xval=0): pass cp explicitly")
            cp = self.one_se_.cp
        if isinstance(cp, (bool, np.bool_)) or not isinstance(cp, numbers.Real) or \
                not np.isfinite(cp) or cp < 0:
            raise ValueError("cp must be a finite number >= 0, got %r" % (cp,))
        new = copy.copy(self)
        new.tree_ = prune_tree(self.tree_, cp, root_risk=self._root_risk)
        ids = set(int(k) for k in new.tree_.node_id)
        where = self.where_.copy()
        for k in np.unique(where):
            m = int(k)
            while m not in ids and m > 1:
                m //= 2
            where[self.where_ == k] = m
        new.where_ = where
        if new.tree_.node_count < self.tree_.node_count:
            new.cptable_ = prune_cptable(self.cptable_, cp).reset_index(drop=True)
        new._importance = None
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
        check_fitted(self)
        if self.one_se_ is None:
            raise ValueError("no cross-validation (xval=0): refit with xval > 0")
        if rule == "1se":
            return self.prune(self.one_se_.cp)
        return self.prune(float(self.cptable_["CP"].iloc[self.one_se_.min_row]))

    # ------------------------------------------------------------------ prediction
    def _use_surrogate(self):
        return int(getattr(self, "use_surrogate", 2))

    def _leaf_index(self, X):
        check_fitted(self)
        M = check_X(X, type(self).__name__, allow_missing=self._allow_missing,
                    info=self._info)
        return self.tree_.apply(M, use_surrogate=self._use_surrogate(),
                                missing=None if self._allow_missing else False)

    def apply(self, X):
        """Index (into ``tree_``'s arrays) of the leaf where each row of ``X`` ends
        (scikit-learn's meaning; an internal node for a row that cannot be routed
        further, with ``use_surrogate`` 0 or 1, as rpart's predictions)."""
        return self._leaf_index(X)

    def node_number(self, X):
        """rpart's node number (root 1, children 2k and 2k + 1) of the node where each
        row of ``X`` ends: ``where_`` for new data."""
        return np.asarray(self.tree_.node_id, dtype=np.int64)[self._leaf_index(X)]

    def predict(self, X):
        """Classifiers: the class of each row's node (the node's Bayes class for
        rpart's criteria, its majority class otherwise; the first in ``classes_``
        order on ties).  Regressors: the mean response of each row's node."""
        idx = self._leaf_index(X)
        if not self._is_classifier():
            return np.asarray(self.tree_.value, dtype=float)[idx, 0]
        return self.classes_[self._fit_classes[self._node_classes()[idx]]]

    def _node_classes(self):
        return self._criterion.node_classes(self.tree_.value)

    # ------------------------------------------------------------------ rpart's outputs
    @property
    def variable_importance_(self):
        """rpart's ``variable.importance`` (decreasing; zero importances omitted): the
        sum of each variable's primary-split ``improve`` and of its surrogates'
        ``improve * adj`` (``improve * dev`` for regression)."""
        check_fitted(self)
        if self._importance is None:
            from ._importance import variable_importance

            self._importance = variable_importance(self.tree_, list(self._info.names))
        return self._importance

    @property
    def where_frame_(self):
        """rpart's ``where``: the 1-based row of ``frame_`` (preorder) where each
        training row ended.  ``where_`` holds the node numbers of the same nodes
        (``frame_.index[where_frame_ - 1]``)."""
        check_fitted(self)
        ids = np.asarray(self.tree_.node_id, dtype=np.int64)
        order = np.argsort(ids, kind="stable")
        pos = np.searchsorted(ids[order], np.asarray(self.where_, dtype=np.int64))
        return (order[pos] + 1).astype(np.int64)

    def to_rules(self):
        """One row per leaf with the conditions that lead to it, in R's syntax (as
        ``rpart.plot::rpart.rules`` reads) and in pandas' ``DataFrame.query`` syntax,
        with the leaf's rows, class counts / mean and probabilities; see
        `rocstats.tree._export.rules_table`."""
        check_fitted(self)
        from ._export import rules_table

        return rules_table(self)

    def to_text(self, *, digits=7):
        """rpart's ``print.rpart`` node listing of the fitted tree (see
        `rocstats.tree._export.print_rpart`); ``str(fit)`` and ``print(fit)`` give
        it with ``digits = 7`` (R's default), while ``repr(fit)`` stays scikit-learn's
        parameter display."""
        check_fitted(self)
        from ._export import print_rpart

        return print_rpart(self, digits=digits)

    def __str__(self):
        if not hasattr(self, "tree_"):
            return repr(self)
        return self.to_text().rstrip("\n")

    def print_cp(self, *, digits=None):
        """Print the complexity table as rpart's ``printcp`` prints it, and return it
        (a `rocstats._results.Summary` whose ``str()`` is that text)."""
        check_fitted(self)
        from .._results import Summary
        from ._export import print_cp

        out = Summary("Complexity table", text=print_cp(self, digits=digits))
        print(out)
        return out

    def summary(self, *, digits=None):
        """rpart's ``summary.rpart``: the complexity table, the variable importance and
        one block per node, as a `rocstats._results.Summary` (``str()`` gives the
        rpart-style text)."""
        check_fitted(self)
        from .._results import Summary
        from ._export import summary

        return Summary("%s summary" % type(self).__name__, text=summary(self, digits=digits))

    @property
    def frame_(self):
        """rpart's ``frame``: one row per node (preorder, index = node number): ``var``,
        ``n``, ``wt``, ``dev``, ``yval``, ``complexity`` (scaled by the root risk),
        ``ncompete``, ``nsurrogate`` and, for classifiers, the class counts and
        probabilities, ``nodeprob`` and ``yval_label``."""
        import pandas as pd

        check_fitted(self)
        t = self.tree_
        names = self._info.names
        frame = pd.DataFrame({
            "var": [names[s.feature] if s is not None else "<leaf>" for s in t.split],
            "n": np.asarray(t.n, dtype=np.int64),
            "wt": np.asarray(t.weight, dtype=float),
            "dev": np.asarray(t.risk, dtype=float),
        }, index=pd.Index(np.asarray(t.node_id, dtype=np.int64), name="node"))
        if self._is_classifier():
            frame["yval"] = (self._node_classes() + 1).astype(float)
        else:
            frame["yval"] = np.asarray(t.value, dtype=float)[:, 0]
        with np.errstate(invalid="ignore", divide="ignore"):
            # rpart scales by the reciprocal of the root risk (complexity * (1 / risk),
            # the same numbers as the CP column and prune(); bit for bit R's frame);
            # 0 * Inf = NaN for a root of zero risk, as rpart's frame
            frame["complexity"] = np.asarray(t.complexity, dtype=float) * \
                (np.float64(1.0) / np.float64(self._root_risk))
        frame["ncompete"] = np.array([len(c) for c in t.competitors], dtype=np.int64)
        frame["nsurrogate"] = np.array([len(s) for s in t.surrogates], dtype=np.int64)
        if self._is_classifier():
            crit = self._criterion
            counts = np.asarray(t.value, dtype=float)
            prob = crit.probabilities(counts)
            nodeprob = np.array([crit.node_summary(v)[2] for v in counts]) / self._total_wt
            fitted = self.classes_[self._fit_classes]   # rpart: numclass columns
            for j, c in enumerate(fitted):
                frame["count_%s" % c] = counts[:, j]
            for j, c in enumerate(fitted):
                frame["prob_%s" % c] = prob[:, j]
            frame["nodeprob"] = nodeprob
            frame["yval_label"] = self.classes_[self._fit_classes[self._node_classes()]]
        return frame

    def _csplit(self, split):
        info = self._info
        kind = info.kinds[split.feature]
        if kind == CATEGORICAL:
            q = len(info.levels[split.feature])
            code = [2] * q
            for l in split.left_levels:
                code[l] = 1
            for l in split.right_levels:
                code[l] = 3
            return q, np.nan, tuple(code)
        ncat = {-1: -1, 1: 1, 2: 2}[split.kind]
        if kind == ORDERED:
            q = len(info.levels[split.feature])
            cut = int(np.floor(split.threshold))
            code = tuple((ncat + 2) if l + 1 <= cut else (-ncat + 2) for l in range(q))
            return q, np.nan, code
        return ncat, split.threshold, None

    @property
    def splits_(self):
        """rpart's ``splits`` matrix as a DataFrame (primary, competitors, surrogates of
        each internal node in frame order; ``ncat`` -1: ``x < index`` goes left, +1:
        ``x >= index`` goes left, 2: ``x <= index`` goes left)."""
        import pandas as pd

        check_fitted(self)
        t = self.tree_
        names = self._info.names
        out = []
        for i in range(t.node_count):
            if t.split[i] is None:
                continue
            groups = [("primary", [t.split[i]]), ("competitor", t.competitors[i]),
                      ("surrogate", t.surrogates[i])]
            for typ, lst in groups:
                for s in lst:
                    ncat, index, csplit = self._csplit(s)
                    out.append(dict(node=int(t.node_id[i]), var=names[s.feature], type=typ,
                                    count=float(s.count), ncat=int(ncat),
                                    improve=float(s.improve), index=float(index),
                                    adj=float(s.adj) if typ == "surrogate" else 0.0,
                                    csplit=csplit))
        cols = ["node", "var", "type", "count", "ncat", "improve", "index", "adj", "csplit"]
        return pd.DataFrame(out, columns=cols)

    # ------------------------------------------------------------------ scikit-learn
    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.allow_nan = self._allow_missing
        tags.input_tags.categorical = not self._numeric_only
        return tags


class BaseTreeClassifier(ClassifierMixin, BaseTree):
    """`BaseTree` for classifiers: adds `predict_proba`."""

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()          # ClassifierMixin's, then BaseTree's
        if self._binary:
            tags.classifier_tags.multi_class = False
        return tags

    def predict_proba(self, X):
        """Class probabilities of each row's node, one column per class of
        ``classes_`` (0 for a class the tree was not grown with): rpart's
        ``type = "prob"`` for rpart's criteria, the class frequencies of the node's
        training rows otherwise."""
        idx = self._leaf_index(X)
        p = self._criterion.probabilities(self.tree_.value)[idx]
        out = np.zeros((p.shape[0], self.classes_.size))
        out[:, self._fit_classes] = p
        return out


class BaseTreeRegressor(RegressorMixin, BaseTree):
    """`BaseTree` for regressors."""
