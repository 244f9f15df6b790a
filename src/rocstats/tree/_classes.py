"""The tree estimators: thin classes over the engine (`rocstats.tree._base`).

Each estimator is its ``__init__``, its parameter checks and two factories -- the
criterion (`rocstats.tree._criterion`) and the builder (a splitter of
`rocstats.tree._splitter` with stopping rules of `rocstats.tree._builder`):

====================  ==============  ====================  ===========================
estimator             criterion       splitter              stopping
====================  ==============  ====================  ===========================
CARTClassifier        Gini / info /   rpart's policy        rpart (min_split, cp, ...)
                      AUC (kind 4)
CARTRegressor         anova           rpart's policy        rpart
AUCTreeClassifier     AUC (kind 4)    randomForestSRC's     randomForestSRC (node_size)
ROCTreeClassifier     class counts    Rossa's chi-square    rpart without cp
====================  ==============  ====================  ===========================

CART (ESL 9.2, rpart 4.1.19).  Source: Breiman, Friedman, Olshen & Stone (1984);
Hastie, Tibshirani & Friedman, *The Elements of Statistical Learning* (ESL, 2nd ed.),
section 9.2; reference implementation R's rpart 4.1.19 (Therneau & Atkinson), whose
outputs (``frame``, ``splits``, ``where``, ``cptable``, ``variable.importance``) the
fitted attributes reproduce.  Where ESL's formulas are (details in
`rocstats.tree._criterion` and `rocstats.tree._prune`): the piecewise-constant
model eq. (9.9)-(9.10); node value eq. (9.11) (regression: weighted mean) and the
empirical Bayes class of section 9.2.4 (classification); split search eq. (9.12)-(9.14)
(regression) and the impurities of eq. (9.17) weighted by node size (classification);
node risk :math:`N_m Q_m`, eq. (9.15) and (9.17); loss matrix and priors, section 9.2.4;
cost-complexity pruning eq. (9.16) with cross-validation, section 9.2.2; categorical
predictors (ordering the levels by the class-1 proportion or the mean, exhaustive search
otherwise) and surrogate splits for missing values, section 9.2.4.

AUC trees: randomForestSRC 3.6.1's meanings and rules (``rfsrc(..., splitrule = "auc",
ntree = 1, bootstrap = "none")``; seed 000).

ROC trees: Rossa's classification tree (seed 003, section 4).  Choices the paper leaves
open (made here, documented in `ROCTreeClassifier`): the tie rule of the
placement values (deterministic "upper", the EDF (10) read literally, by default), the
orientation of the threshold (the paper assumes every variable is oriented so that
large values point to :math:`\\pi_0`, which is ``direction="<"``; the default
``direction="best"`` also allows ``x <= t`` for a variable whose low values point to
:math:`\\pi_0`), and what happens when the best variable cannot split (constant in the
node, or its threshold leaves a side smaller than ``min_bucket``): the next variable in
decreasing order of the statistic is used.
"""
import numbers
import warnings

import numpy as np

from ._base import (BaseTree, BaseTreeClassifier, BaseTreeRegressor, check_fitted,
                    check_X, int_param, resolve_max_features, store_params, _plain)
from ._builder import RfsrcRules, RpartRules, TreeBuilder, rpart_builder
from ._criterion import AnovaCriterion, AUCCriterion, CountCriterion, GiniCriterion
from ._data import CATEGORICAL, exact_float, parse_formula
from ._splitter import MAX_EXACT_LEVELS, RfsrcSplitter, RossaSplitter, seed_from

__all__ = ["CARTClassifier", "CARTRegressor", "AUCTreeClassifier", "ROCTreeClassifier"]


def _same(a, b):
    try:
        return bool(a == b)
    except (TypeError, ValueError):
        return False


# --------------------------------------------------------------------------- CART
class _BaseCART(BaseTree):
    """rpart's controls and builder, shared by the two CART estimators."""

    _numeric_only = False
    _xval_needs_split = True
    _rpart_classes = True

    def _check_params(self, n, p):
        # rpart.control: minsplit = 20 and minbucket = round(minsplit / 3) by default;
        # when only minbucket is given, minsplit = 3 * minbucket
        if self.min_bucket is not None:
            min_bucket = int_param("min_bucket", self.min_bucket, 0)
        if self.min_split is None:
            min_split = 20 if self.min_bucket is None else 3 * min_bucket
        else:
            min_split = int_param("min_split", self.min_split, 1)
        if self.min_bucket is None:
            min_bucket = int(round(min_split / 3))
        if min_bucket > min_split:
            raise ValueError("min_bucket (%d) must not exceed min_split (%d)"
                             % (min_bucket, min_split))
        cp = self.cp
        if not isinstance(cp, numbers.Real) or isinstance(cp, (bool, np.bool_)) \
                or not np.isfinite(cp) or cp < 0:
            raise ValueError("cp must be a finite number >= 0, got %r" % (cp,))
        return dict(min_split=min_split, min_bucket=min_bucket, cp=float(cp),
                    max_depth=int_param("max_depth", self.max_depth, 1, 30),
                    max_compete=int_param("max_compete", self.max_compete, 0),
                    max_surrogate=int_param("max_surrogate", self.max_surrogate, 0),
                    use_surrogate=int_param("use_surrogate", self.use_surrogate, 0, 2),
                    surrogate_style=int_param("surrogate_style", self.surrogate_style, 0, 1))

    def _make_builder(self, criterion):
        ctl = dict(self._ctl)
        return rpart_builder(criterion, n_levels=self._info.n_levels, **ctl)

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
        return super().fit(X, y, sample_weight)

    @classmethod
    def from_formula(cls, formula, data, *, sample_weight=None, **params):
        """Fit from an R-style formula, e.g. ``"Kyphosis ~ Age + Number + Start"`` or
        ``"y ~ ."`` (every other column); returns the fitted estimator."""
        import pandas as pd

        if not isinstance(data, pd.DataFrame):
            raise ValueError("data must be a pandas DataFrame")
        response, predictors = parse_formula(formula, data.columns)
        cols = {str(c): c for c in data.columns}
        est = cls(**params)
        est.fit(data[[cols[c] for c in predictors]], data[cols[response]],
                sample_weight=sample_weight)
        est.formula_ = formula
        return est


class CARTClassifier(_BaseCART, BaseTreeClassifier):
    r"""Classification tree with rpart's Gini / information splitting, priors and loss.

    Parameters
    ----------
    criterion : {"gini", "information", "auc"}
        ``"auc"``: the AUC split statistic of randomForestSRC (seed 000; see
        `rocstats.tree._auc.AUCCriterion`: ``improve`` = theta - 1/2, averaged over
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
    **Class order** (issue 9 item 4; the label contract of `rocstats._labels`): a
    pandas Categorical or category-dtype Series (an R factor through rpy2) gives its
    categories in their order, unused ones included, as R keeps factor levels; other
    labels are sorted.  ``classes_`` is that order, ``prior`` and ``loss`` are read in
    it, ``frame_["yval"]`` is the 1-based position in it (rpart's ``yval``) and
    ``predict_proba`` has one column per class of ``classes_`` (scikit-learn's layout).

    **Plain strings are sorted by code point** (``"B" < "a"``), in the target and in a
    string column of ``X`` alike, the same on every machine; R's ``factor()`` sorts them
    by the locale's collation (``"a" < "B"`` in most locales; code points only under
    ``LC_ALL=C``), and a different level order can give rpart a different tree (equally
    good categorical splits, the class order of ``prior`` / ``loss``).  To fit R's tree,
    pass the string columns as pandas Categoricals in R's order:
    `rocstats.r.r_factor` computes it with R through rpy2.

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
    cut is :math:`n\,G(\text{node}) - n_L G(L) - n_R G(R)` with
    :math:`G = \sum_j p_j (1 - p_j)`.  The root has :math:`6 \cdot 2 \cdot \tfrac12 \cdot
    \tfrac12 = 3`; the cut at 4.5 leaves {0, 1, 0, 0} (:math:`4 \cdot 2 \cdot \tfrac14
    \cdot \tfrac34 = 1.5`) and {1, 1} (0), improvement 1.5, the best of the five cuts:

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

    def __init__(self, *, criterion="gini", min_split=None, min_bucket=None, cp=0.01,
                 max_depth=30, max_compete=4, max_surrogate=5, use_surrogate=2,
                 surrogate_style=0, xval=10, prior=None, loss=None, random_state=None):
        store_params(self, locals())

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
        K = self._fit_classes.size
        if self.criterion == "auc":
            # the AUC split rule under CART's controls: node risk is the weighted
            # misclassification count that pruning and cross-validation use
            if self.prior is not None or self.loss is not None:
                raise ValueError("prior and loss are not used with criterion='auc' (the AUC "
                                 "statistic ignores them); leave them None")
            return AUCCriterion(K, root_counts=np.bincount(
                yenc.astype(np.int64), weights=np.asarray(w, dtype=np.float64),
                minlength=K).astype(np.float64))
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

    def _check_data(self, M, criterion):
        if criterion.nclass <= 2 or criterion.c_kind == 4:
            return
        for j, kind in enumerate(self._info.kinds):
            if kind == CATEGORICAL:
                q = np.unique(M[~np.isnan(M[:, j]), j]).size
                if q > MAX_EXACT_LEVELS:
                    raise ValueError(
                        "X column %r has %d levels; with more than two classes the exact "
                        "search over level subsets is limited to %d levels"
                        % (self._info.names[j], q, MAX_EXACT_LEVELS))


class CARTRegressor(_BaseCART, BaseTreeRegressor):
    """Regression tree with rpart's anova (squared-error) splitting.

    Parameters are those of `CARTClassifier` without ``criterion``, ``prior`` and
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

    def __init__(self, *, min_split=None, min_bucket=None, cp=0.01, max_depth=30,
                 max_compete=4, max_surrogate=5, use_surrogate=2, surrogate_style=0,
                 xval=10, random_state=None):
        store_params(self, locals())

    def _make_criterion(self, yenc, w):
        return AnovaCriterion()


# --------------------------------------------------------------------------- AUC tree
class AUCTreeClassifier(BaseTreeClassifier):
    """A single classification tree split by the AUC rule (seed 000), as randomForestSRC.

    Each split maximises theta, the AUC of the split read as a classifier: with
    ``alpha_k`` the fraction of class ``k`` sent right, theta = max((1 - alpha_1 +
    alpha_2)/2, (1 - alpha_2 + alpha_1)/2) for two classes and the average of the
    pairwise maxima over the K (K - 1)/2 class pairs otherwise (vignette "AUC splitting
    for multiclass problems").  randomForestSRC scores twice that (1 + abs(alpha_1 -
    alpha_2)); rocstats reports theta (``tree_.split[i].improve``,
    `split_candidates`).

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
        The classes under the label contract (`rocstats._labels`): a pandas
        Categorical / category Series target gives its categories in their order, unused
        ones included (as R keeps factor levels); other labels are sorted.  A class
        without rows takes no part in the split statistic and has probability 0.
    n_features_in_, feature_names_in_ (DataFrame input)
    cptable_ : pandas.DataFrame
        Cost-complexity pruning sequence of ``tree_`` (rpart's cptable: ``CP``,
        ``nsplit``, ``rel error``, ``xerror``, ``xstd``) from the CART pruner
        (`rocstats.tree._prune`; Breiman et al. 1984, ch. 3): node risk = weighted
        misclassification count, errors relative to the root's; ``xerror`` / ``xstd``
        by cross-validation when ``xval`` is not 0.  randomForestSRC has no pruning.
    one_se_ : OneSEResult or None
        The 1-SE choice (smallest tree with ``xerror`` within one standard error of the
        minimum; Breiman et al. 1984, section 3.4.3); None without cross-validation.
        `prune` (default ``cp``) and `cost_complexity_prune` apply it.

    Notes
    -----
    randomForestSRC's rules, each learnt from its C source (read, not copied) and checked
    on the 48 recorded single-tree cases (the ``rfsrc_parity`` validation suite: every
    node of the 240 recorded trees replays):

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
    `rocstats.tree.ROCTreeClassifier`; ``prune(cp=...)`` returns a new fitted
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

    _allow_missing = False

    def __init__(self, *, node_size=1, node_depth=None, max_features=None, n_split=0,
                 random_state=None, variable_order="random", xval=0):
        store_params(self, locals())

    def _mtry(self, p):
        return resolve_max_features(self.max_features, p, allowed=("sqrt",))

    def _check_params(self, n, p):
        ns = self.node_size
        if isinstance(ns, (bool, np.bool_)) or not isinstance(ns, numbers.Real) \
                or not ns >= 1:
            raise ValueError("node_size must be a number >= 1, got %r" % (ns,))
        nd = self.node_depth
        if nd is not None and (isinstance(nd, (bool, np.bool_))
                               or not isinstance(nd, numbers.Integral)):
            raise ValueError("node_depth must be None or an integer, got %r" % (nd,))
        n_split = int_param("n_split", self.n_split, 0)
        if self.variable_order not in ("random", "forward", "reverse"):
            raise ValueError("variable_order must be 'random', 'forward' or 'reverse', "
                             "got %r" % (self.variable_order,))
        rs = self.random_state
        self._rng = rs if isinstance(rs, np.random.Generator) else np.random.default_rng(rs)
        return dict(node_size=float(ns), node_depth=None if nd is None or nd < 0 else int(nd),
                    mtry=self._mtry(p), n_split=n_split)

    def _warn_classes(self, classes, counts, present):
        super()._warn_classes(classes, counts, present)
        single = classes[counts == 1]
        if single.size and present.size > 2:
            warnings.warn(
                "y: class(es) %s have a single observation; every node without it lacks "
                "that class, so its AUC statistic is NaN (0/0) and, as in randomForestSRC, "
                "the node is split at the smallest value of the first variable visited"
                % [_plain(c) for c in single], UserWarning, stacklevel=5)

    def _make_criterion(self, yenc, w):
        return AUCCriterion(self._fit_classes.size)

    def _make_builder(self, criterion):
        ctl = self._ctl
        splitter = RfsrcSplitter(criterion.nclass, mtry=ctl["mtry"], n_split=ctl["n_split"],
                                 variable_order=self.variable_order)
        return TreeBuilder(criterion, splitter,
                           RfsrcRules(node_size=ctl["node_size"], node_depth=ctl["node_depth"]),
                           n_levels=np.zeros(self.n_features_in_, dtype=np.int64))

    def _prepare_build(self, builder):
        # one 64-bit draw from the estimator's generator seeds each tree's draws
        builder.splitter.seed = seed_from(self._rng)

    def _fold_rng(self):
        return self._rng

    def split_candidates(self, X, y, *, node=0, sample_weight=None):
        """Every candidate split of the training rows reaching ``node`` (index into
        ``tree_`` arrays) with its theta; see
        `rocstats.tree._auc.auc_split_candidates`.  Pass the training data."""
        from ._auc import auc_split_candidates

        check_fitted(self)
        Xa = check_X(X, type(self).__name__, allow_missing=False, info=self._info)
        fitted = self._fit_classes
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
        depth = int(self.tree_.depth[node])
        paths = self.tree_.paths(Xa)
        rows = np.flatnonzero(paths[:, depth] == node) if depth < paths.shape[1] else \
            np.zeros(0, dtype=np.int64)
        return auc_split_candidates(Xa, codes, rows, n_classes=fitted.size,
                                    sample_weight=sample_weight)


# --------------------------------------------------------------------------- ROC tree
class ROCTreeClassifier(BaseTreeClassifier):
    r"""Rossa's ROC classification tree for a binary outcome.

    Parameters
    ----------
    min_split : int, default 2
        A node with fewer rows is not split.
    min_bucket : int, default 1
        Each child must receive at least this many rows (of those with the split
        variable present); when the best variable's threshold violates it, the next
        variable (by decreasing statistic) is tried.
    max_depth : int or None, default None
        Nodes at this depth (root 0) are not split; None = unlimited.
    cells : None or int
        Cells of the statistic: None = the paper's n + 1 cells (n = negatives in the
        node); k = k grouped cells (used only where k <= n + 1).
    ties : {"upper", "lower", "random"}, default "upper"
        Tie rule of the placement values nG_n(C_j) of the positives in the
        negatives' EDF (see `rocstats.roc_gof_test`); "upper" reads the EDF (10)
        literally and is deterministic; "random" draws from ``random_state``.
    direction : {"best", "<", ">"}, default "best"
        Orientation of each node's threshold: "<" (the paper's step 5) sends
        x > x_0 -- ``x >= t`` with ``t`` the threshold of
        `rocstats.best_threshold` -- to the positive side (:math:`\pi_0`), ">"
        sends ``x <= t`` there, "best" takes the orientation whose closest point is
        nearer to (0, 1) (ties: "<").  The ungrouped statistic does not depend on it.
    max_surrogate : int, default 5
        Surrogate splits kept per node (rpart's rules,
        `rocstats.tree._surrogate.find_surrogates`); used for rows whose split
        variable is missing, at fit and predict time.
    use_surrogate : {0, 1, 2}, default 2
        rpart's meaning for routing rows with a missing split variable in
        `predict_proba` / `apply`.
    xval : int or array of fold ids, default 10
        Cross-validation folds for the complexity table (``cptable_``): an int K draws a
        random balanced assignment from ``random_state``; an array gives each row's fold
        id 1..K (as rpart's ``xval`` vector); 0 = none.
    random_state : None, int or numpy Generator
        Seeds the folds and ``ties="random"``.

    Attributes
    ----------
    classes_ : ndarray of 2 labels; ``classes_[1]`` is the positive class, the paper's
        :math:`\pi_0` (its Y = 0 in (6)); ``classes_[0]`` is :math:`\pi_1`.
    tree_ : `rocstats.tree._tree.Tree`
        ``value`` = class counts, ``risk`` = misclassification count, ``split[i].improve``
        = the chosen variable's statistic, ``competitors[i]`` = the other splittable
        variables' statistics (as splits with NaN threshold), best first.
    statistics_ : dict
        rpart node number -> array of the p statistics of that internal node (-inf =
        the variable cannot split it).  Nodes deeper than 62 have no rpart number and
        are left out.
    cptable_ : pandas.DataFrame
        rpart-style complexity table of the grown tree (``CP``, ``nsplit``, ``rel
        error``, ``xerror``, ``xstd``), from the CART pruner (`rocstats.tree._prune`)
        with the misclassification count as node risk; ``xerror`` / ``xstd`` are NaN
        when ``xval=0``.
    one_se_ : OneSEResult or None
        The 1-SE choice (Breiman et al. 1984, 3.4.3): the smallest tree whose
        cross-validated error is within one standard error of the minimum; use
        `cost_complexity_prune` or ``prune(cp=one_se_.cp)``.

    Examples
    --------
    Variable 0 separates the classes but for one pair, variable 1 is noise (statistics
    6 and 1, see `rocstats.roc_gof_rule`); the root splits on variable 0 at the
    point closest to (0, 1) (Se 1, Sp 3/4): x > x_0 = 0.3 goes right, to the
    positive side:

    >>> import numpy as np
    >>> from rocstats.tree import ROCTreeClassifier
    >>> X = np.array([[0.1, -1], [0.2, 1], [0.3, 4], [0.6, 6.5],
    ...               [0.5, 3], [0.55, 6], [0.8, 7], [0.9, 0]])
    >>> y = np.array([0, 0, 0, 0, 1, 1, 1, 1])
    >>> t = ROCTreeClassifier(max_depth=1).fit(X, y)
    >>> s = t.tree_.split[0]
    >>> s.feature, s.improve
    (0, 6.0)
    >>> s.direction(X[:, 0]).tolist()          # -1 left, +1 right
    [-1, -1, -1, 1, 1, 1, 1, 1]
    """

    _binary = True

    def __init__(self, *, min_split=2, min_bucket=1, max_depth=None, cells=None,
                 ties="upper", direction="best", max_surrogate=5, use_surrogate=2,
                 xval=10, random_state=None):
        store_params(self, locals())

    def fit(self, X, y):
        """Grow the tree on numeric ``X`` (NaN = missing, routed by surrogates) and a
        two-class ``y``; then its complexity table (cross-validated with ``xval``)."""
        return super().fit(X, y)

    def _check_params(self, n, p):
        ctl = dict(min_split=int_param("min_split", self.min_split, 2),
                   min_bucket=int_param("min_bucket", self.min_bucket, 1),
                   max_depth=int_param("max_depth", self.max_depth, 0, allow_none=True),
                   cells=int_param("cells", self.cells, 2, allow_none=True),
                   max_surrogate=int_param("max_surrogate", self.max_surrogate, 0))
        if self.use_surrogate not in (0, 1, 2) or isinstance(self.use_surrogate, bool):
            raise ValueError("use_surrogate must be 0, 1 or 2, got %r" % (self.use_surrogate,))
        RossaSplitter(ties=self.ties, direction=self.direction)   # checks both
        return ctl

    def _make_criterion(self, yenc, w):
        return CountCriterion(2)

    def _make_builder(self, criterion):
        ctl = self._ctl
        splitter = RossaSplitter(min_bucket=ctl["min_bucket"], cells=ctl["cells"],
                                 ties=self.ties, direction=self.direction)
        # rpart's stopping without cp: pure nodes (risk 0), min_split, max_depth; rows
        # with the split variable missing follow the surrogates, then the majority
        return TreeBuilder(criterion, splitter,
                           RpartRules(min_split=ctl["min_split"], cp=None,
                                      max_depth=ctl["max_depth"]),
                           n_levels=np.zeros(self.n_features_in_, dtype=np.int64),
                           max_surrogate=ctl["max_surrogate"], use_surrogate=2,
                           missing="majority")

    def _prepare_build(self, builder):
        # each tree draws its ties="random" placements from a fresh generator
        builder.splitter.rng = np.random.default_rng(self.random_state)

    def _fitted_from(self, res):
        t = res.tree
        self.statistics_ = {int(t.node_id[i]): st for i, st in enumerate(res.info)
                            if st is not None and t.node_id[i] > 0}

    def _after_prune(self, new):
        kept = set(int(v) for v in new.tree_.node_id[new.tree_.left >= 0])
        new.statistics_ = {k: v for k, v in self.statistics_.items() if k in kept}
