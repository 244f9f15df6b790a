"""CART estimators with rpart 4.1's meaning: :class:`CARTClassifier`, :class:`CARTRegressor`.

Source: Breiman, Friedman, Olshen & Stone (1984); Hastie, Tibshirani & Friedman, *The
Elements of Statistical Learning* (ESL, 2nd ed.), section 9.2; reference implementation
R's rpart 4.1.19 (Therneau & Atkinson), whose outputs (``frame``, ``splits``, ``where``,
``cptable``, ``variable.importance``) the fitted attributes reproduce.

Where ESL's formulas are (details in :mod:`rocstats.tree._criterion` and
:mod:`rocstats.tree._prune`): the piecewise-constant model eq. (9.9)-(9.10); node value
eq. (9.11) (regression: weighted mean) and the empirical Bayes class of section 9.2.4
(classification); split search eq. (9.12)-(9.14) (regression) and the impurities of
eq. (9.17) weighted by node size (classification); node risk :math:`N_m Q_m`, eq. (9.15)
and (9.17); loss matrix and priors, section 9.2.4; cost-complexity pruning eq. (9.16)
with cross-validation, section 9.2.2; categorical predictors (ordering the levels by the
class-1 proportion or the mean, exhaustive search otherwise) and surrogate splits for
missing values, section 9.2.4.
"""
import copy

import numpy as np
import pandas as pd

from ._builder import CARTBuilder
from ._criterion import AnovaCriterion, GiniCriterion
from ._data import (CATEGORICAL, ORDERED, encode_fit, encode_predict, exact_float,
                    parse_formula)
from ._splitter import MAX_EXACT_LEVELS
from ._tree import GE, LT

from ._base import BaseEstimator, ClassifierMixin, RegressorMixin
from .._labels import class_labels

__all__ = ["CARTClassifier", "CARTRegressor"]


def _seqsum(a):
    a = np.asarray(a, dtype=np.float64)
    return float(np.cumsum(a)[-1]) if a.size else 0.0


def _plain(v):
    return v.item() if isinstance(v, np.generic) else v


def _same(a, b):
    try:
        return bool(a == b)
    except (TypeError, ValueError):
        return False


def _int_param(name, value, lo, hi=None):
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise ValueError("%s must be an integer, got %r" % (name, value))
    if value < lo or (hi is not None and value > hi):
        rng = ">= %d" % lo if hi is None else "in %d..%d" % (lo, hi)
        raise ValueError("%s must be %s, got %r" % (name, rng, value))
    return int(value)


class _BaseCART(BaseEstimator):
    _method = None   # "class" or "anova"

    # ------------------------------------------------------------------ checks
    def _controls(self, n):
        # rpart.control: minsplit = 20 and minbucket = round(minsplit / 3) by default;
        # when only minbucket is given, minsplit = 3 * minbucket
        if self.min_bucket is not None:
            min_bucket = _int_param("min_bucket", self.min_bucket, 0)
        if self.min_split is None:
            min_split = 20 if self.min_bucket is None else 3 * min_bucket
        else:
            min_split = _int_param("min_split", self.min_split, 1)
        if self.min_bucket is None:
            min_bucket = int(round(min_split / 3))
        if min_bucket > min_split:
            raise ValueError("min_bucket (%d) must not exceed min_split (%d)"
                             % (min_bucket, min_split))
        cp = self.cp
        if not isinstance(cp, (int, float, np.floating, np.integer)) or isinstance(cp, bool) \
                or not np.isfinite(cp) or cp < 0:
            raise ValueError("cp must be a finite number >= 0, got %r" % (cp,))
        ctl = dict(min_split=min_split, min_bucket=min_bucket, cp=float(cp),
                   max_depth=_int_param("max_depth", self.max_depth, 1, 30),
                   max_compete=_int_param("max_compete", self.max_compete, 0),
                   max_surrogate=_int_param("max_surrogate", self.max_surrogate, 0),
                   use_surrogate=_int_param("use_surrogate", self.use_surrogate, 0, 2),
                   surrogate_style=_int_param("surrogate_style", self.surrogate_style, 0, 1))
        return ctl

    def _folds(self, n):
        xval = self.xval
        if np.ndim(xval) == 0:
            k = _int_param("xval", xval, 0)
            if k <= 1:
                return None
            rng = np.random.default_rng(self.random_state)
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

    @staticmethod
    def _weights(sample_weight, n):
        if sample_weight is None:
            return np.ones(n)
        w = exact_float(sample_weight, "sample_weight")
        if w.shape != (n,):
            raise ValueError("sample_weight must have one entry per row (%d), got shape %s"
                             % (n, w.shape))
        if not np.all(np.isfinite(w)) or (w < 0).any():
            raise ValueError("sample_weight must be finite and >= 0")
        if not (w > 0).any():
            raise ValueError("sample_weight has no positive entry")
        return w

    # ------------------------------------------------------------------ fitting
    def fit(self, X, y, sample_weight=None):
        """Grow the tree (rpart's partitioning), then compute the complexity table and,
        when ``xval`` asks for it, cross-validate it.

        Parameters
        ----------
        X : DataFrame or array, shape (n_rows, n_features)
        y : array-like, shape (n_rows,)
        sample_weight : array-like, optional
            Case weights (rpart's ``weights``).

        Returns
        -------
        self
        """
        self.__dict__.pop("formula_", None)    # set again by from_formula
        M, info = encode_fit(X)
        n = M.shape[0]
        if n == 0:
            raise ValueError("X has no rows")
        allmiss = np.isnan(M).all(axis=1)
        if allmiss.any():
            raise ValueError("X rows %s have every predictor missing (rpart's na.rpart "
                             "drops such rows); remove them first"
                             % np.flatnonzero(allmiss)[:10].tolist())
        yenc = self._encode_y(y, n)
        w = self._weights(sample_weight, n)
        ctl = self._controls(n)
        folds = self._folds(n)
        crit = self._make_criterion(yenc, w)
        self._check_levels(M, info, crit)

        self.feature_names_in_ = np.array(info.names, dtype=object)
        self.n_features_in_ = len(info.names)
        self._info = info
        self._criterion = crit
        self._ctl = ctl
        builder = CARTBuilder(crit, n_levels=info.n_levels, **ctl)
        res = builder.build(M, yenc, w, keep_sorts=folds is not None)
        self.tree_ = res.tree
        self.where_ = res.where
        self._root_risk = res.root_risk
        self._total_wt = _seqsum(w)
        self._cp_tables(M, yenc, w, folds, builder, res)
        self._importance = None
        return self

    @classmethod
    def from_formula(cls, formula, data, *, sample_weight=None, **params):
        """Fit from an R-style formula, e.g. ``"Kyphosis ~ Age + Number + Start"`` or
        ``"y ~ ."`` (every other column); returns the fitted estimator."""
        if not isinstance(data, pd.DataFrame):
            raise ValueError("data must be a pandas DataFrame")
        response, predictors = parse_formula(formula, data.columns)
        cols = {str(c): c for c in data.columns}
        est = cls(**params)
        est.fit(data[[cols[c] for c in predictors]], data[cols[response]],
                sample_weight=sample_weight)
        est.formula_ = formula
        return est

    def _check_levels(self, M, info, crit):
        if crit.nclass <= 2:
            return
        for j, kind in enumerate(info.kinds):
            if kind == CATEGORICAL:
                q = np.unique(M[~np.isnan(M[:, j]), j]).size
                if q > MAX_EXACT_LEVELS:
                    raise ValueError(
                        "X column %r has %d levels; with more than two classes the exact "
                        "search over level subsets is limited to %d levels"
                        % (info.names[j], q, MAX_EXACT_LEVELS))

    def _cp_tables(self, M, yenc, w, folds, builder, res):
        self._cptable = None
        self._cp_error = None
        try:
            from . import _prune
        except ImportError:
            self._cp_error = ("the complexity table needs rocstats.tree._prune, which is "
                              "not available yet")
            return
        table = _prune.cp_table(self.tree_, root_risk=self._root_risk, alpha=res.alpha)
        table = pd.DataFrame(table).reset_index(drop=True)
        if folds is not None and self.tree_.node_count > 1:
            state = {"alpha": res.alpha, "old_wt": self._total_wt, "iscale": res.iscale}

            def fit_fold(train_idx):
                """Grow a tree on ``train_idx`` as rpart's xval.c does: same criterion
                (priors from the full data), alpha scaled by the share of weight; call
                in fold order 1..K."""
                train_idx = np.asarray(train_idx, dtype=np.int64)
                temp = _seqsum(w[train_idx])
                state["alpha"] *= temp / state["old_wt"]
                state["old_wt"] = temp
                r = builder.build(M, yenc, w, rows=train_idx, alpha=state["alpha"],
                                  iscale=state["iscale"])
                state["iscale"] = r.iscale
                return r.tree

            extra = dict(method=self._method, use_surrogate=self._ctl["use_surrogate"],
                         root_risk_value=self._root_risk)
            if self._method == "class":
                crit = self._criterion
                extra.update(loss=crit.loss, prior=crit.prior_input, n_classes=crit.nclass)
            xerror, xstd = _prune.cross_validate(fit_fold, M, yenc, w, folds, table, **extra)
            table["xerror"] = np.asarray(xerror, dtype=float)
            table["xstd"] = np.asarray(xstd, dtype=float)
        elif folds is not None:
            # rpart (rpart.c) runs no cross-validation for a tree without a split and
            # reports its zero-initialised sums scaled by 1 / root risk: 0, or NaN
            # (0 * Inf) when the root risk is 0
            zero = 0.0 if self._root_risk > 0 else np.nan
            table["xerror"] = zero
            table["xstd"] = zero
        else:
            table["xerror"] = np.nan
            table["xstd"] = np.nan
        self._cptable = table

    # ------------------------------------------------------------------ outputs
    def _check_fitted(self):
        if not hasattr(self, "tree_"):
            raise ValueError("this %s is not fitted yet; call fit first" % type(self).__name__)

    @property
    def cptable_(self):
        """rpart's cptable: ``CP``, ``nsplit``, ``rel error``, ``xerror``, ``xstd``.

        ``CP`` and ``rel error`` are divided by the root risk (the ``C_alpha`` of ESL
        eq. (9.16) in units of the root's risk, see :mod:`rocstats.tree._prune`).  Two
        rpart conventions are kept on purpose (issue 9 item 9):

        * a tree without any split is not cross-validated by rpart, which reports
          ``xerror = xstd = 0`` (its zero-initialised sums); so does this table when
          ``xval`` asks for folds.  These zeros are not estimates.
        * a root of zero risk (a constant response, all case weight on one class, a
          prior of 1 on one class) is a one-node tree whose relative quantities are
          0 / 0: ``CP``, ``rel error``, ``xerror`` and ``xstd`` are NaN, as in rpart,
          and so is ``frame_["complexity"]``.

        Without cross-validation (``xval=0`` or 1) ``xerror`` and ``xstd`` are NaN
        (rpart leaves the columns out).
        """
        self._check_fitted()
        if self._cptable is None:
            raise NotImplementedError(self._cp_error)
        return self._cptable

    @property
    def variable_importance_(self):
        """rpart's ``variable.importance`` (decreasing; zero importances omitted)."""
        self._check_fitted()
        if self._importance is None:
            try:
                from ._importance import variable_importance
            except ImportError:
                raise NotImplementedError("variable importance needs "
                                          "rocstats.tree._importance, not available yet") from None
            self._importance = variable_importance(self.tree_, list(self._info.names))
        return self._importance

    def print_cp(self, *, digits=None):
        """Print the complexity table as rpart's ``printcp`` prints it, and return it
        (a :class:`rocstats._results.Summary` whose ``str()`` is that text)."""
        self._check_fitted()
        from .._results import Summary
        from ._export import print_cp

        out = Summary("Complexity table", text=print_cp(self, digits=digits))
        print(out)
        return out

    def summary(self, *, digits=None):
        """rpart's ``summary.rpart``: the complexity table, the variable importance and one
        block per node, as a :class:`rocstats._results.Summary` (the same kind of object
        every result's ``summary()`` returns; ``str()`` gives the rpart-style text)."""
        self._check_fitted()
        from .._results import Summary
        from ._export import summary

        return Summary("CART summary", text=summary(self, digits=digits))

    def _node_frame(self):
        t = self.tree_
        names = self._info.names
        var = [names[s.feature] if s is not None else "<leaf>" for s in t.split]
        frame = pd.DataFrame({
            "var": var,
            "n": np.asarray(t.n, dtype=np.int64),
            "wt": np.asarray(t.weight, dtype=float),
            "dev": np.asarray(t.risk, dtype=float),
        }, index=pd.Index(np.asarray(t.node_id, dtype=np.int64), name="node"))
        return frame

    @property
    def frame_(self):
        """rpart's ``frame``: one row per node (preorder, index = node number)."""
        self._check_fitted()
        t = self.tree_
        frame = self._node_frame()
        self._add_yval(frame)
        with np.errstate(invalid="ignore", divide="ignore"):
            # 0 / 0 = NaN for a root of zero risk, as rpart's frame
            frame["complexity"] = np.asarray(t.complexity, dtype=float) / self._root_risk
        frame["ncompete"] = np.array([len(c) for c in t.competitors], dtype=np.int64)
        frame["nsurrogate"] = np.array([len(s) for s in t.surrogates], dtype=np.int64)
        self._add_yval2(frame)
        return frame

    def _add_yval2(self, frame):
        pass

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
        ncat = -1 if split.kind == LT else (1 if split.kind == GE else 2)
        if kind == ORDERED:
            q = len(info.levels[split.feature])
            cut = int(np.floor(split.threshold))
            code = tuple((ncat + 2) if l + 1 <= cut else (-ncat + 2) for l in range(q))
            return q, np.nan, code
        return ncat, split.threshold, None

    @property
    def splits_(self):
        """rpart's ``splits`` matrix as a DataFrame (primary, competitors, surrogates of
        each internal node in frame order)."""
        self._check_fitted()
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

    # ------------------------------------------------------------------ prediction
    def _leaf_index(self, X):
        self._check_fitted()
        M = encode_predict(X, self._info)
        return self.tree_.apply(M, use_surrogate=self._ctl["use_surrogate"])

    def apply(self, X):
        """rpart node number where each row of ``X`` ends (an internal node when a row
        cannot be routed further, as rpart's predictions)."""
        return np.asarray(self.tree_.node_id, dtype=np.int64)[self._leaf_index(X)]

    def prune(self, cp):
        """A new fitted estimator pruned at complexity ``cp`` (rpart's ``prune``): every
        split whose ``frame_.complexity`` is <= cp is removed."""
        self._check_fitted()
        if not np.isfinite(cp):
            raise ValueError("cp must be a finite number, got %r" % (cp,))
        new = copy.copy(self)
        from ._prune import prune as _prune_tree
        new.tree_ = _prune_tree(self.tree_, cp, root_risk=self._root_risk)
        ids = set(int(k) for k in new.tree_.node_id)
        where = self.where_.copy()
        for k in np.unique(where):
            m = int(k)
            while m not in ids:
                m //= 2
            where[self.where_ == k] = m
        new.where_ = where
        if self._cptable is not None and new.tree_.node_count < self.tree_.node_count:
            # (rpart's prune.rpart returns the tree untouched when no split goes)
            from ._prune import prune_cptable
            new._cptable = prune_cptable(self._cptable, cp).reset_index(drop=True)
        new._importance = None
        return new


class CARTClassifier(ClassifierMixin, _BaseCART):
    """Classification tree with rpart's Gini / information splitting, priors and loss.

    Parameters
    ----------
    criterion : {"gini", "information", "auc"}
        ``"auc"``: the AUC split statistic of randomForestSRC (seed 000; see
        :class:`rocstats.tree._auc.AUCCriterion`: ``improve`` = theta - 1/2, averaged over
        the pairs of classes present in the node) grown under rpart's controls, with
        surrogates for missing values, cost-complexity pruning and cross-validation; node
        risk is the misclassification count (``prior`` and ``loss`` must be None).
    min_split : int, optional
        Nodes with fewer rows are not split (rpart ``minsplit``).  Default 20, or
        ``3 * min_bucket`` when only ``min_bucket`` is given (as ``rpart.control``).
    min_bucket : int, optional
        Fewest rows in a child (``minbucket``); default ``round(min_split / 3)``.
    cp : float, default 0.01
        Complexity parameter: splits that do not lower the relative risk by ``cp`` are
        not kept.
    max_depth : int, default 30
        Root depth 0; at most 30 (rpart's limit).
    max_compete, max_surrogate : int
        Competitor and surrogate splits kept per node (``maxcompete``, ``maxsurrogate``).
    use_surrogate : {0, 1, 2}
        How rows with a missing split variable go down (rpart ``usesurrogate``).
    surrogate_style : {0, 1}
        rpart ``surrogatestyle``.
    xval : int or array-like
        Number of cross-validation folds (drawn with ``random_state``; they differ from
        R's unless you pass R's fold vector), or a vector of fold ids 1..K per row.
    prior : array-like or dict, optional
        Class priors in ``classes_`` order (or a dict label -> prior); must sum to 1; a
        class without rows must get 0.  rpart's layout (the classes up to the last one
        with rows, see Notes) is accepted too.
    loss : array-like (K, K), optional
        ``loss[i, j]``: loss of predicting class j when the truth is class i (ESL's
        :math:`L_{kk'}`; rpart's ``parms$loss``, rows = true class), rows and columns in
        ``classes_`` order (or rpart's layout); zero diagonal.
    random_state : int, optional
        Seed for the cross-validation folds.

    Notes
    -----
    **Class order** (issue 9 item 4; the label contract of :mod:`rocstats._labels`): a
    pandas Categorical or category-dtype Series (an R factor through rpy2) gives its
    categories in their order, unused ones included, as R keeps factor levels; other
    labels are sorted.  ``classes_`` is that order, ``prior`` and ``loss`` are read in
    it, ``frame_["yval"]`` is the 1-based position in it (rpart's ``yval``) and
    ``predict_proba`` has one column per class of ``classes_`` (scikit-learn's layout).

    **Unused levels**: rpart fits ``numclass`` classes, the levels up to the last one
    with rows.  An unused level before it is a class with count 0 and prior 0 (it can
    still be predicted if the loss matrix makes it the Bayes class); an unused level
    after it takes no part in the fit.  ``frame_`` follows rpart: ``count_<level>`` and
    ``prob_<level>`` columns for those ``numclass`` classes only; ``predict_proba`` gives
    the later unused classes probability 0 (R's ``predict(type = "prob")`` fails on such
    a fit).  A ``prior`` giving a class without rows a positive probability is refused.

    Examples
    --------
    Six rows, one numeric feature, classes 0 1 0 0 1 1.  rpart's Gini improvement of a
    cut is :math:`n\\,G(\\text{node}) - n_L G(L) - n_R G(R)` with
    :math:`G = \\sum_j p_j (1 - p_j)`.  The root has :math:`6 \\cdot 2 \\cdot \\tfrac12 \\cdot
    \\tfrac12 = 3`; the cut at 4.5 leaves {0, 1, 0, 0} (:math:`4 \\cdot 2 \\cdot \\tfrac14
    \\cdot \\tfrac34 = 1.5`) and {1, 1} (0), improvement 1.5, the best of the five cuts:

    >>> import numpy as np
    >>> from rocstats.tree import CARTClassifier
    >>> X = np.array([[1.], [2.], [3.], [4.], [5.], [6.]])
    >>> y = np.array([0, 1, 0, 0, 1, 1])
    >>> m = CARTClassifier(min_split=2, min_bucket=1, cp=0, max_surrogate=0,
    ...                    xval=0).fit(X, y)
    >>> s = m.splits_.iloc[0]
    >>> (s["var"], float(s["index"]), float(s["improve"]))
    ('x0', 4.5, 1.5)
    """

    _method = "class"

    def __init__(self, *, criterion="gini", min_split=None, min_bucket=None, cp=0.01,
                 max_depth=30, max_compete=4, max_surrogate=5, use_surrogate=2,
                 surrogate_style=0, xval=10, prior=None, loss=None, random_state=None):
        self.criterion = criterion
        self.min_split = min_split
        self.min_bucket = min_bucket
        self.cp = cp
        self.max_depth = max_depth
        self.max_compete = max_compete
        self.max_surrogate = max_surrogate
        self.use_surrogate = use_surrogate
        self.surrogate_style = surrogate_style
        self.xval = xval
        self.prior = prior
        self.loss = loss
        self.random_state = random_state

    def _encode_y(self, y, n):
        # the label contract (rocstats._labels): a categorical's category order (unused
        # categories kept, as R keeps factor levels), else the sorted labels
        lab = class_labels(y, name="y")
        codes = lab.codes
        if codes.shape[0] != n:
            raise ValueError("y has %d entries, X has %d rows" % (codes.shape[0], n))
        present = np.unique(codes)
        if present.size < 2:
            raise ValueError("y has a single class in use (%r); a classification tree "
                             "needs at least two" % (_plain(lab.classes[present[0]]),))
        self.classes_ = lab.classes
        # rpart's numclass: the largest class code in use; leading unused levels are
        # classes with no rows (count 0, prior 0), trailing ones take no part in the fit
        self._n_fit_classes = int(present[-1]) + 1
        return codes.astype(np.float64)

    def _class_vector(self, value, name):
        """A per-class parameter (prior) in ``classes_`` order, from a sequence or a
        dict label -> value."""
        classes = list(self.classes_)
        if isinstance(value, dict):
            unknown = [k for k in value if not any(_same(k, c) for c in classes)]
            if unknown or len(value) != len(classes):
                raise ValueError("%s dict must give one value per class %s (got keys %s)"
                                 % (name, [_plain(c) for c in classes], list(value)))
            value = [next(v for k, v in value.items() if _same(k, c)) for c in classes]
        return exact_float(value, name)

    def _make_criterion(self, yenc, w):
        if self.criterion not in ("gini", "information", "auc"):
            raise ValueError("criterion must be 'gini', 'information' or 'auc', got %r"
                             % (self.criterion,))
        K_all = len(self.classes_)
        K = self._n_fit_classes
        if self.criterion == "auc":
            return self._auc_criterion(yenc, w, K)
        rows = np.bincount(yenc.astype(np.int64), minlength=K_all)
        prior = self.prior
        if prior is not None:
            prior = self._class_vector(prior, "prior")
            if prior.shape == (K,) and K < K_all:
                # rpart's layout: the classes up to the last one in use
                prior = np.concatenate([prior, np.zeros(K_all - K)])
            if prior.shape != (K_all,):
                raise ValueError("prior must have %d entries (one per class of classes_ %s), "
                                 "got shape %s" % (K_all, [_plain(c) for c in self.classes_],
                                                   prior.shape))
            if not np.all(np.isfinite(prior)) or (prior < 0).any():
                raise ValueError("prior must be finite and >= 0")
            if abs(prior.sum() - 1.0) > 1e-9:
                raise ValueError("prior must sum to 1, sums to %r" % prior.sum())
            empty = [_plain(c) for c, r, p in zip(self.classes_, rows, prior) if r == 0 and p > 0]
            if empty:
                raise ValueError("prior gives class(es) %s, which have no rows in y, a positive "
                                 "probability; set it to 0 (the tree cannot learn them)" % empty)
            prior = prior[:K]
        loss = self.loss
        if loss is not None:
            loss = exact_float(loss, "loss")
            if loss.shape == (K, K) and K < K_all:
                # rpart's layout: the classes up to the last one in use
                full = np.ones((K_all, K_all)) - np.eye(K_all)
                full[:K, :K] = loss
                loss = full
            if loss.shape != (K_all, K_all):
                raise ValueError("loss must be a %d x %d matrix (rows = true class, columns = "
                                 "predicted class, both in classes_ order %s), got shape %s"
                                 % (K_all, K_all, [_plain(c) for c in self.classes_],
                                    loss.shape))
            if not np.all(np.isfinite(loss)) or (loss < 0).any():
                raise ValueError("loss must be finite and >= 0")
            if np.any(np.diag(loss) != 0):
                raise ValueError("loss must have a zero diagonal")
            loss = loss[:K, :K]
            if np.any(loss.sum(axis=1) == 0):
                raise ValueError("loss has a row of zeros")
        return GiniCriterion(yenc.astype(np.int64), w, K, prior=prior, loss=loss,
                             information=self.criterion == "information")

    def _auc_criterion(self, yenc, w, K):
        """The AUC split rule (:class:`rocstats.tree._auc.AUCCriterion`) under CART's
        controls: unit losses and the observed class frequencies as priors, so node risk
        is the weighted misclassification count that pruning and cross-validation use."""
        if self.prior is not None or self.loss is not None:
            raise ValueError("prior and loss are not used with criterion='auc' (the AUC "
                             "statistic ignores them); leave them None")
        from ._auc import AUCCriterion

        crit = AUCCriterion(K)
        counts = np.bincount(yenc.astype(np.int64), weights=np.asarray(w, dtype=np.float64),
                             minlength=K).astype(np.float64)
        crit.counts = counts
        crit.prior_input = counts / counts.sum()
        crit.loss = 1.0 - np.eye(K)
        return crit

    def _class_of_nodes(self):
        crit = self._criterion
        return np.array([crit.node_summary(v)[0] for v in self.tree_.value], dtype=np.int64)

    def _proba_of_nodes(self):
        crit = self._criterion
        counts = np.asarray(self.tree_.value, dtype=float)
        temp = counts * (crit.prior_input / np.maximum(1.0, crit.counts))
        with np.errstate(invalid="ignore", divide="ignore"):
            return temp / temp.sum(axis=1, keepdims=True)

    def _add_yval(self, frame):
        cls = self._class_of_nodes()
        frame["yval"] = (cls + 1).astype(float)

    def _add_yval2(self, frame):
        counts = np.asarray(self.tree_.value, dtype=float)
        prob = self._proba_of_nodes()
        crit = self._criterion
        nodeprob = np.array([crit.node_summary(v)[2] for v in counts]) / self._total_wt
        fitted = self.classes_[:counts.shape[1]]   # rpart's numclass columns (see Notes)
        for j, c in enumerate(fitted):
            frame["count_%s" % c] = counts[:, j]
        for j, c in enumerate(fitted):
            frame["prob_%s" % c] = prob[:, j]
        frame["nodeprob"] = nodeprob
        frame["yval_label"] = self.classes_[self._class_of_nodes()]

    def predict(self, X):
        """Predicted class of each row: the empirical Bayes class of its node (ESL
        section 9.2.4), :math:`k(m) = \\arg\\min_k \\sum_\\ell L_{\\ell k}
        \\hat p_{m\\ell}` with the prior-weighted class proportions of the node
        (rpart's ``yval``; the first class on ties)."""
        idx = self._leaf_index(X)
        return self.classes_[self._class_of_nodes()[idx]]

    def predict_proba(self, X):
        """Class probabilities of each row's node (rpart's ``type = "prob"``), one column
        per class of ``classes_`` (a class after the last one with rows: 0)."""
        idx = self._leaf_index(X)
        p = self._proba_of_nodes()[idx]
        K_all = len(self.classes_)
        if p.shape[1] < K_all:
            p = np.hstack([p, np.zeros((p.shape[0], K_all - p.shape[1]))])
        return p


class CARTRegressor(RegressorMixin, _BaseCART):
    """Regression tree with rpart's anova (squared-error) splitting.

    Parameters are those of :class:`CARTClassifier` without ``criterion``, ``prior`` and
    ``loss``.

    Examples
    --------
    Responses 1, 1, 1, 5, 5, 5 at x = 1..6: the split at 3.5 explains all of the sum of
    squares (24), so rpart's improvement (a fraction of the node's deviance) is 1:

    >>> import numpy as np
    >>> from rocstats.tree import CARTRegressor
    >>> X = np.arange(1., 7.).reshape(-1, 1)
    >>> m = CARTRegressor(min_split=2, min_bucket=1, max_surrogate=0, xval=0)
    >>> m = m.fit(X, np.array([1., 1., 1., 5., 5., 5.]))
    >>> (float(m.splits_["index"][0]), float(m.splits_["improve"][0]),
    ...  float(m.frame_["dev"].iloc[0]))
    (3.5, 1.0, 24.0)
    """

    _method = "anova"

    def __init__(self, *, min_split=None, min_bucket=None, cp=0.01, max_depth=30,
                 max_compete=4, max_surrogate=5, use_surrogate=2, surrogate_style=0,
                 xval=10, random_state=None):
        self.min_split = min_split
        self.min_bucket = min_bucket
        self.cp = cp
        self.max_depth = max_depth
        self.max_compete = max_compete
        self.max_surrogate = max_surrogate
        self.use_surrogate = use_surrogate
        self.surrogate_style = surrogate_style
        self.xval = xval
        self.random_state = random_state

    def _encode_y(self, y, n):
        if np.ndim(y) != 1:
            raise ValueError("y must be 1-D, got shape %s" % (np.shape(y),))
        arr = exact_float(y, "y")
        if arr.shape[0] != n:
            raise ValueError("y has %d entries, X has %d rows" % (arr.shape[0], n))
        if np.isnan(arr).any():
            raise ValueError("y contains missing values (NaN)")
        if np.isinf(arr).any():
            raise ValueError("y contains infinite values")
        return arr

    def _make_criterion(self, yenc, w):
        return AnovaCriterion()

    def _add_yval(self, frame):
        frame["yval"] = np.asarray(self.tree_.value, dtype=float)[:, 0]

    def predict(self, X):
        """Mean response of each row's node."""
        idx = self._leaf_index(X)
        return np.asarray(self.tree_.value, dtype=float)[idx, 0]
