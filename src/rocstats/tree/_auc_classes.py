"""AUCTreeClassifier: one classification tree grown with the AUC split rule, with
randomForestSRC 3.6.1's meanings and rules (``rfsrc(..., splitrule = "auc", ntree = 1,
bootstrap = "none")``)."""
import math
import warnings

import numpy as np

from ._data import exact_float, select_columns

from ._auc import auc_split_candidates
from ._auc_builder import grow_auc_tree

from ._base import BaseEstimator, ClassifierMixin, CostComplexityMixin
from .._labels import class_labels

__all__ = ["AUCTreeClassifier"]


def _plain(v):
    return v.item() if isinstance(v, np.generic) else v


class AUCTreeClassifier(CostComplexityMixin, ClassifierMixin, BaseEstimator):
    """A single classification tree split by the AUC rule (seed 000), as randomForestSRC.

    Each split maximises theta, the AUC of the split read as a classifier: with
    ``alpha_k`` the fraction of class ``k`` sent right, theta = max((1 - alpha_1 +
    alpha_2)/2, (1 - alpha_2 + alpha_1)/2) for two classes and the average of the
    pairwise maxima over the K (K - 1)/2 class pairs otherwise (vignette "AUC splitting
    for multiclass problems").  randomForestSRC scores twice that (1 + |alpha_1 -
    alpha_2|); rocstats reports theta (``tree_.split[i].improve``,
    :meth:`split_candidates`).

    Parameters
    ----------
    node_size : float, default 1
        randomForestSRC ``nodesize``.  A node is split only if it holds at least
        ``2 * node_size`` rows; daughters have no minimum size.
    node_depth : int or None, default None
        ``nodedepth``: nodes at this depth (root depth 0) are leaves.  None or a
        negative value: unlimited.
    max_features : None, int, float or "sqrt", default None
        ``mtry``: variables drawn at each node.  None = all p (the parity setting);
        int in [1, p]; float in (0, 1] = ceil(fraction * p); "sqrt" = ceil(sqrt(p))
        (randomForestSRC's classification default).
    n_split : int, default 0
        ``nsplit``: 0 = every cut point; k > 0 = k cut points per variable drawn at
        random among its distinct values (all of them when there are at most k + 1).
    random_state : None, int or numpy Generator
        Seeds the variable draws, their visiting order and the random cut points (one
        64-bit draw from it seeds the grower's splitmix64 stream; rocstats does not
        reproduce randomForestSRC's random numbers, so trees that depend on them are
        draws of the same procedure, not randomForestSRC's trees) and the random
        cross-validation folds.
    variable_order : {"random", "forward", "reverse"}, default "random"
        Visiting order of a node's drawn variables, which decides exact ties between
        variables (the first found is kept).  "random" is randomForestSRC's behaviour;
        "forward" / "reverse" (column order) make the tree reproducible without a seed.
    xval : int or array of fold ids, default 0
        Cross-validation of the cost-complexity pruning sequence (``cptable_`` columns
        ``xerror`` / ``xstd``): an int K >= 2 assigns the rows to K folds at random
        (seeded by ``random_state``), an array gives each row's fold id 1..K (as rpart's
        ``xval`` vector); 0 (default, randomForestSRC's behaviour: no pruning) grows the
        one tree only, and ``cptable_`` then has NaN ``xerror`` / ``xstd``.  Each fold
        tree is grown with the same controls on the other folds' rows.

    Attributes
    ----------
    tree_ : rocstats.tree._tree.Tree
        Flat tree; ``value`` = class counts (weighted), ``risk`` = misclassification
        count, splits of kind LE (``x <= threshold`` goes left).
    classes_ : ndarray
        The classes under the label contract (:mod:`rocstats._labels`): a pandas
        Categorical / category Series target gives its categories in their order, unused
        ones included (as R keeps factor levels); other labels are sorted.  A class
        without rows takes no part in the split statistic and has probability 0.
    n_features_in_, feature_names_in_ (DataFrame input)
    cptable_ : pandas.DataFrame
        Cost-complexity pruning sequence of ``tree_`` (rpart's cptable: ``CP``,
        ``nsplit``, ``rel error``, ``xerror``, ``xstd``) from the CART pruner
        (:mod:`rocstats.tree._prune`; Breiman et al. 1984, ch. 3): node risk = weighted
        misclassification count, errors relative to the root's; ``xerror`` / ``xstd``
        by cross-validation when ``xval`` is not 0.  randomForestSRC has no pruning.
    one_se_ : OneSEResult or None
        The 1-SE choice (smallest tree with ``xerror`` within one standard error of the
        minimum; Breiman et al. 1984, section 3.4.3); None without cross-validation.
        :meth:`prune` (default ``cp``) and :meth:`cost_complexity_prune` apply it.

    Notes
    -----
    randomForestSRC's rules, each learnt from its C source (read, not copied) and checked
    on the 48 recorded single-tree cases (``validation/results/rfsrc``; see
    ``validation/rocstats_validation/rfsrc_parity.py``: every node of the 240 recorded trees replays):

    * **nodesize**: a node with fewer than ``2 * nodesize`` rows is not split: in the
      nodesize 5 and 20 trees (counted over the five trees of each case), 854 impure
      leaves have between nodesize and 2 nodesize - 1 rows (e.g. biopsy_ns20: a 34-row
      leaf) while 107 nodes of exactly 2 nodesize rows are split; daughters may be
      smaller than nodesize (1826 splits, e.g. 384 -> 382 + 2 rows with nodesize 20).
    * **nodedepth**: the root has depth 0; nodedepth = 3 trees have at most 8 leaves.
    * **pure nodes** are not split (randomForestSRC requires a non-zero response
      variance); a node whose variables are all constant is a leaf.  The replay checks
      every recorded leaf against these rules.
    * **admissible splits**: both sides non-empty; no other constraint.
    * **cut points**: observed values, ``x <= cut`` goes left; the candidates are every
      distinct value of the node but the largest (the ``contPT`` of every recorded
      split is the left daughter's largest value).
    * **ties**: variables are visited in random order, cut points in ascending order; a
      later candidate wins only if its 2 theta is larger by more than 1e-9, so the first
      of tied splits is kept (smallest cut within a variable).  The seed-invariant pima
      trees contain one exact tie between ``glu`` and ``ped`` that randomForestSRC broke
      the same way under seeds -1..-5.
    * **absent classes**: in a node lacking some class (multiclass), alpha of that class
      is 0/0, every statistic is NaN and randomForestSRC splits at the smallest value of
      the first variable it visits.  In the recorded iris and fgl trees (up to 95 levels
      deep) all 2302 splits of such nodes are at the smallest value of the split
      variable (this peeling is why the iris nodesize-1 tree has 54 leaves); rocstats
      reproduces it (those splits have theta NaN).  A class with a single observation
      is a normal class, but every node without that row lacks the class and is split
      by this rule (``fit`` warns).
    * **leaf predictions**: class frequencies of the leaf's training rows
      (``predict_proba``); ``predict`` returns the most frequent class (first in
      ``classes_`` order among ties).

    **Pruning** (beyond randomForestSRC): the grown tree's node complexities and
    ``cptable_`` come from the CART pruner with misclassification risk, exactly as for
    :class:`~rocstats.tree.ROCTreeClassifier`; ``prune(cp=...)`` returns a new fitted
    estimator with every split of scaled complexity at most ``cp`` removed (rpart's
    ``prune.rpart``).  An AUC split need not lower the misclassification count (it
    separates class proportions), so such splits have complexity 0 and go first.

    Examples
    --------
    >>> import numpy as np
    >>> X = np.array([[1.0], [2.0], [3.0], [4.0], [5.0], [6.0]])
    >>> y = np.array(["a", "a", "b", "a", "b", "b"])
    >>> est = AUCTreeClassifier(node_depth=1).fit(X, y)
    >>> est.tree_.split[0].threshold, est.tree_.split[0].improve
    (2.0, 0.8333333333333334)
    >>> est.predict_proba(X)[:, 1].tolist()
    [0.0, 0.0, 0.75, 0.75, 0.75, 0.75]
    """

    def __init__(self, *, node_size=1, node_depth=None, max_features=None, n_split=0,
                 random_state=None, variable_order="random", xval=0):
        self.node_size = node_size
        self.node_depth = node_depth
        self.max_features = max_features
        self.n_split = n_split
        self.random_state = random_state
        self.variable_order = variable_order
        self.xval = xval

    # ------------------------------------------------------------ input handling
    def _features(self, X, *, fitting):
        try:
            import pandas as pd
        except ImportError:  # pragma: no cover - pandas is a dependency
            pd = None
        names = None
        if pd is not None and isinstance(X, pd.DataFrame):
            fitted = getattr(self, "feature_names_in_", None)
            if not fitting and fitted is not None:
                # the fitted columns by name; others (the response, ids) are ignored,
                # as R's predict(fit, newdata)
                X = select_columns(X, list(fitted))
            names = np.asarray([str(c) for c in X.columns], dtype=object)
            cols = []
            for c in X.columns:
                s = X[c]
                if isinstance(s.dtype, pd.CategoricalDtype):
                    raise ValueError(
                        "X column %r is categorical; AUCTreeClassifier has no categorical "
                        "split handling: encode it numerically (e.g. integer codes for an "
                        "ordered factor) first" % (c,))
                if pd.api.types.is_bool_dtype(s.dtype) or (
                        pd.api.types.is_numeric_dtype(s.dtype)
                        and not pd.api.types.is_complex_dtype(s.dtype)):
                    cols.append(exact_float(s, "X column %r" % (c,)))
                elif s.dtype.kind in "cmM":
                    exact_float(s.to_numpy(), "X column %r" % (c,))   # says what is wrong
                else:
                    raise ValueError(
                        "X column %r has non-numeric dtype %s; AUCTreeClassifier has no "
                        "categorical split handling: encode it numerically first"
                        % (c, s.dtype))
            arr = (np.column_stack(cols) if cols else np.empty((len(X), 0)))
        else:
            arr = np.asarray(X)
            if arr.ndim != 2:
                raise ValueError("X must be 2-dimensional, got shape %s" % (arr.shape,))
            if arr.dtype.kind not in "biufcmM":
                raise ValueError("X must be numeric, got dtype %s; AUCTreeClassifier has no "
                                 "categorical split handling" % arr.dtype)
            arr = exact_float(arr, "X")
        if arr.shape[1] == 0 or arr.shape[0] == 0:
            raise ValueError("X is empty (shape %s)" % (arr.shape,))
        if np.isnan(arr).any():
            raise ValueError("X contains missing values (NaN); AUCTreeClassifier (the "
                             "randomForestSRC rule) has no missing-value handling: impute "
                             "them, or use CARTClassifier(criterion='auc'), the AUC split "
                             "under CART's controls with surrogate splits")
        if np.isinf(arr).any():
            raise ValueError("X contains infinite values")
        if fitting:
            self.n_features_in_ = arr.shape[1]
            if names is not None:
                self.feature_names_in_ = names
            elif hasattr(self, "feature_names_in_"):
                del self.feature_names_in_
        else:
            if arr.shape[1] != self.n_features_in_:
                raise ValueError("X has %d features, the tree was fitted with %d"
                                 % (arr.shape[1], self.n_features_in_))
            fitted = getattr(self, "feature_names_in_", None)
            if fitted is not None and names is not None and list(names) != list(fitted):
                raise ValueError("X columns %s differ from the fitted ones %s"
                                 % (list(names), list(fitted)))
        return np.ascontiguousarray(arr)

    def _target(self, y, n):
        """``(classes, codes, present)`` under the label contract (rocstats._labels):
        ``classes`` in category order (unused categories kept) or sorted; ``codes``
        index the classes in use, ``present`` (their positions in ``classes``)."""
        lab = class_labels(y, name="y")
        classes, codes = lab.classes, lab.codes
        if codes.size != n:
            raise ValueError("y has %d labels, X has %d rows" % (codes.size, n))
        counts = np.bincount(codes, minlength=classes.size)
        present = np.flatnonzero(counts > 0)
        if present.size < 2:
            raise ValueError("y has a single class (%r); an AUC split needs at least two"
                             % (classes[present[0]],))
        if present.size < classes.size:
            warnings.warn(
                "y: class(es) %s have no observations; they are kept in classes_ with "
                "probability 0 but take no part in the AUC split statistic "
                "(randomForestSRC, which keeps every factor level, would find every "
                "statistic NaN and split at the smallest values)"
                % [_plain(c) for c in classes[counts == 0]], UserWarning, stacklevel=3)
        single = classes[counts == 1]
        if single.size and present.size > 2:
            warnings.warn(
                "y: class(es) %s have a single observation; every node without it lacks "
                "that class, so its AUC statistic is NaN (0/0) and, as in randomForestSRC, "
                "the node is split at the smallest value of the first variable visited"
                % list(single), UserWarning, stacklevel=3)
        inner = np.searchsorted(present, codes).astype(np.int64)
        return classes, inner, present

    def _mtry(self, p):
        m = self.max_features
        if m is None:
            return p
        if isinstance(m, str):
            if m == "sqrt":
                return int(math.ceil(math.sqrt(p)))
            raise ValueError("max_features must be None, an int, a float in (0, 1] or "
                             "'sqrt', got %r" % (m,))
        if isinstance(m, (bool, np.bool_)):
            raise ValueError("max_features must be None, an int, a float or 'sqrt', got %r"
                             % (m,))
        if isinstance(m, (int, np.integer)):
            if not 1 <= m <= p:
                raise ValueError("max_features must be in [1, %d] (the number of features), "
                                 "got %d" % (p, m))
            return int(m)
        if isinstance(m, (float, np.floating)):
            if not 0.0 < m <= 1.0:
                raise ValueError("max_features as a fraction must be in (0, 1], got %r" % m)
            return max(1, int(math.ceil(m * p)))
        raise ValueError("max_features must be None, an int, a float or 'sqrt', got %r"
                         % (m,))

    def _check_params(self):
        ns = self.node_size
        if isinstance(ns, (bool, np.bool_)) or not isinstance(
                ns, (int, float, np.integer, np.floating)) or not ns >= 1:
            raise ValueError("node_size must be a number >= 1, got %r" % (ns,))
        nd = self.node_depth
        if nd is not None and (isinstance(nd, (bool, np.bool_))
                               or not isinstance(nd, (int, np.integer))):
            raise ValueError("node_depth must be None or an integer, got %r" % (nd,))
        k = self.n_split
        if isinstance(k, (bool, np.bool_)) or not isinstance(k, (int, np.integer)) or k < 0:
            raise ValueError("n_split must be a non-negative integer, got %r" % (k,))
        if self.variable_order not in ("random", "forward", "reverse"):
            raise ValueError("variable_order must be 'random', 'forward' or 'reverse', "
                             "got %r" % (self.variable_order,))

    # ------------------------------------------------------------ fit / predict
    def fit(self, X, y, sample_weight=None):
        """Grow the tree on ``X`` (numeric array or DataFrame) and labels ``y``.

        ``sample_weight``: non-negative case weights (integer weights = repeated rows).
        """
        from ._prune import one_se_rule
        from ._roc_tree import cost_complexity_table

        self._check_params()
        xval = self.xval
        cv = not (isinstance(xval, (int, np.integer)) and not isinstance(xval, bool)
                  and xval == 0)
        if cv and sample_weight is not None:
            raise ValueError("xval: cross-validation with sample_weight is not supported; "
                             "use xval=0 (the complexity table without xerror)")
        Xa = self._features(X, fitting=True)
        classes, codes, present = self._target(y, Xa.shape[0])
        K = present.size                    # the classes in use grow the tree
        mtry = self._mtry(Xa.shape[1])
        nd = self.node_depth
        rng = (self.random_state if isinstance(self.random_state, np.random.Generator)
               else np.random.default_rng(self.random_state))
        self.classes_ = classes
        self.n_classes_ = classes.size
        self._present = present
        self._X_fit_shape = Xa.shape
        n = Xa.shape[0]

        def grow(rows, weight=None):
            return grow_auc_tree(Xa[rows], codes[rows], n_classes=K,
                                 node_size=self.node_size,
                                 node_depth=None if nd is None or nd < 0 else int(nd),
                                 max_features=mtry, n_split=int(self.n_split), rng=rng,
                                 sample_weight=weight, variable_order=self.variable_order)

        full = grow(np.arange(n), sample_weight)
        self.tree_, self.cptable_ = cost_complexity_table(
            lambda rows: full if rows.size == n else grow(rows), Xa, codes,
            n_classes=K, xval=xval if cv else 0, random_state=rng)
        self.one_se_ = one_se_rule(self.cptable_) if cv else None
        return self

    # ------------------------------------------------------------ pruning
    def prune(self, cp=None):
        """A new fitted estimator whose tree is pruned at complexity ``cp`` (rpart's
        ``prune.rpart``: every split with scaled complexity <= ``cp`` is removed, see
        ``cptable_``); default the cross-validated 1-SE choice ``one_se_.cp``.

        Examples
        --------
        >>> import numpy as np
        >>> X = np.array([[1.0], [2.0], [3.0], [4.0], [5.0], [6.0]])
        >>> est = AUCTreeClassifier().fit(X, [0, 0, 1, 0, 1, 1])

        The root (risk 3) splits at x <= 2 into a pure leaf and (1, 0, 1, 1), risk 1,
        which two more splits make pure: the root's complexity is (3 - 1) / 1 = 2, the
        right subtree's (1 - 0) / 2 = 1/2, scaled by the root risk 3:

        >>> est.cptable_[["CP", "nsplit", "rel error"]].round(4).to_numpy().tolist()
        [[0.6667, 0.0, 1.0], [0.1667, 1.0, 0.3333], [0.0, 3.0, 0.0]]
        >>> est.prune(0.5).tree_.n_leaves, est.prune(0.7).tree_.n_leaves
        (2, 1)
        """
        return self._pruned_copy(cp)

    def _check_fitted(self):
        if not hasattr(self, "tree_"):
            raise ValueError("this AUCTreeClassifier is not fitted yet; call fit first")

    def apply(self, X):
        """Index (into ``tree_`` arrays) of the leaf each row of ``X`` falls in."""
        self._check_fitted()
        return self.tree_.apply(self._features(X, fitting=False))

    def predict_proba(self, X):
        """Class frequencies of each row's leaf, columns in ``classes_`` order (0 for a
        class without training rows)."""
        leaf = self.apply(X)
        v = np.asarray(self.tree_.value)[leaf]
        out = np.zeros((v.shape[0], self.classes_.size))
        out[:, self._fit_columns()] = v / v.sum(axis=1, keepdims=True)
        return out

    def _fit_columns(self):
        present = getattr(self, "_present", None)
        return np.arange(self.classes_.size) if present is None else present

    def predict(self, X):
        """Most frequent class of each row's leaf (first in ``classes_`` among ties)."""
        self._check_fitted()
        return self.classes_[np.argmax(self.predict_proba(X), axis=1)]

    def split_candidates(self, X, y, *, node=0, sample_weight=None):
        """Every candidate split of the training rows reaching ``node`` (index into
        ``tree_`` arrays) with its theta; see
        :func:`rocstats.tree._auc.auc_split_candidates`.  Pass the training data."""
        self._check_fitted()
        Xa = self._features(X, fitting=False)
        fitted = self._fit_columns()
        lookup = {c: i for i, c in enumerate(self.classes_[fitted].tolist())}
        try:
            codes = np.asarray([lookup[v] for v in np.asarray(y).tolist()], dtype=np.int64)
        except KeyError as exc:
            raise ValueError("y has a label %r the tree was not fitted with (or one "
                             "without training rows)" % (exc.args[0],)) from None
        if codes.size != Xa.shape[0]:
            raise ValueError("y has %d labels, X has %d rows" % (codes.size, Xa.shape[0]))
        node = int(node)
        if not 0 <= node < self.tree_.node_count:
            raise ValueError("node must be in [0, %d), got %d" % (self.tree_.node_count, node))
        # rows reaching the node: walk from the root
        path = []
        i = node
        while self.tree_.parent[i] >= 0:
            path.append(i)
            i = self.tree_.parent[i]
        rows = np.arange(Xa.shape[0])
        for child in reversed(path):
            par = self.tree_.parent[child]
            d = self.tree_.split[par].direction(Xa[rows, self.tree_.split[par].feature])
            rows = rows[d < 0] if self.tree_.left[par] == child else rows[d > 0]
        return auc_split_candidates(Xa, codes.ravel(), rows, n_classes=fitted.size,
                                    sample_weight=sample_weight)
