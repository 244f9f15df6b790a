"""Random forest of AUC-split trees with randomForestSRC's defaults (``rfsrc(splitrule="auc")``).

The forest is made of the tree engine (:mod:`rocstats.tree`): each tree is an
:class:`~rocstats.tree._criterion.AUCCriterion` tree grown with randomForestSRC's policy
and stopping (:class:`~rocstats.tree._splitter.RfsrcSplitter`,
:class:`~rocstats.tree._builder.RfsrcRules`) on a random subsample of the rows; the forest's class probabilities are the average over trees of the leaf class
frequencies; out-of-bag (OOB) probabilities average only the trees for which the row was
not in the subsample.  The OOB performance measures are those randomForestSRC reports:
:func:`oob_auc` (``get.auc``), :func:`oob_brier` (``get.brier.error``) and
:func:`oob_misclassification` (the last row, column ``all``, of ``err.rate``).

Defaults (randomForestSRC 3.x, ``rfsrc()`` for a factor outcome) and where they come from
(R sources of kogalur/randomForestSRC: ``R/rfsrc.R`` and its ``get.grow.*`` helpers; the
package's reference page, randomforestsrc.org/reference/rfsrc.html, whose 3.x usage
reads ``nsplit = 10``; and the recorded reference call in
``validation/results/rfsrc``):

======================  ==========================================  =========================
rocstats                randomForestSRC                             source
======================  ==========================================  =========================
``n_trees=500``         ``ntree = 500``                             ``rfsrc()`` signature (R/rfsrc.R)
``max_features="sqrt"`` ``mtry = ceiling(sqrt(p))``                 ``get.grow.mtry`` (classification)
``node_size=1``         ``nodesize = 1``                            ``get.grow.nodesize`` (``class``)
``n_split=10``          ``nsplit = 10``                             ``rfsrc()`` usage (3.x docs)
``bootstrap=True``      ``bootstrap = "by.root"``                   ``rfsrc()`` signature
``replace=False``       ``samptype = "swor"``                       ``rfsrc()`` signature
``sample_fraction``     ``sampsize = function(x) x * .632``,        ``rfsrc()`` signature; the
``=0.632``              rounded: ``round(0.632 n)`` rows            size is ``round(sampsize(n))``
``importance=False``    ``importance = FALSE``                      ``rfsrc()`` signature
======================  ==========================================  =========================

So by default each tree sees ``round(0.632 n)`` distinct rows drawn **without**
replacement (not Breiman's bootstrap of n rows with replacement; ``replace=True,
sample_fraction=1.0`` gives that).

The random numbers are not R's: each tree gets a child of one
:class:`numpy.random.SeedSequence`; NumPy draws its rows, and one 64-bit number drawn from
the same Generator seeds the splitter's splitmix64 stream (variables and cut points; see
:class:`~rocstats.tree._splitter.RfsrcSplitter`).  rocstats does not reproduce randomForestSRC's random
stream: a forest here and an ``rfsrc`` forest with the same settings are two draws of
the same random procedure, so their OOB measures agree statistically, not exactly (see
``validation/rocstats_validation/rfsrc_forest.py``).

Input checks, labels and ``max_features`` go through the helpers every tree estimator
uses (:mod:`rocstats.tree._base`).

Speed: each tree is one call of the engine's whole-tree C driver (``rs_tree_grow_rfsrc``,
the same node kernel as the single trees) on the shared data, with the sample
multiplicities as weights (no copy of X per tree); the call releases the GIL, so the
trees grow in joblib threads by default.  Out-of-bag rows are routed by the trees' router
(:meth:`rocstats.tree._tree.Tree.apply`, a C kernel for these numeric splits) and summed
over the trees in one ``bincount`` per class.
"""
import copy
import numbers
import warnings

import numpy as np

from ..tree._base import (BaseEstimator, ClassifierMixin, check_fitted, check_X,
                          encode_classes, int_param, resolve_max_features)
from ..tree._builder import RfsrcRules, TreeBuilder
from ..tree._criterion import AUCCriterion
from ..tree._splitter import RfsrcSplitter, seed_from

__all__ = ["AUCForestClassifier", "oob_auc", "oob_brier", "oob_misclassification"]


# --------------------------------------------------------------------------- measures
def _defined_rows(y, proba, name):
    y = np.asarray(y)
    P = np.asarray(proba, dtype=np.float64)
    if P.ndim != 2:
        raise ValueError("%s must be 2-D (rows x classes), got shape %s" % (name, P.shape))
    if y.ndim != 1 or y.shape[0] != P.shape[0]:
        raise ValueError("y has %s entries but %s has %d rows"
                         % (y.shape, name, P.shape[0]))
    ok = ~np.isnan(P).any(axis=1)
    return y[ok], P[ok]


def _codes(y, n_classes):
    y = np.asarray(y)
    if y.dtype.kind not in "iu":
        raise ValueError("y must hold integer class codes 0..K-1 (column order of proba)")
    if y.size and (y.min() < 0 or y.max() >= n_classes):
        raise ValueError("y has codes outside 0..%d" % (n_classes - 1))
    return y.astype(np.int64)


def oob_auc(y, proba):
    r"""Multiclass AUC of Hand & Till as randomForestSRC's ``get.auc``.

    For every pair of classes i < j, on the rows of those two classes,
    A(i|j) is the AUC of probability column i for class i against class j (ties 1/2)
    and the pair's value is (A(i|j) + A(j|i)) / 2; the result is the mean over pairs
    (Hand & Till 2001, eq. 7).  With two classes it is the ordinary AUC.

    As ``get.auc`` does, rows whose probabilities are NaN (never out of bag) are left
    out, and a pair in which one class has fewer than 2 rows is left out of the mean (R
    returns NA for it and averages with ``na.rm = TRUE``); a warning says which pairs.
    NaN when no pair is left.

    Parameters
    ----------
    y : array-like of int, shape (n,)
        Class codes 0..K-1 (the column of ``proba`` of each row's class).
    proba : array-like, shape (n, K)
        Class probabilities (NaN rows = no prediction).

    Examples
    --------
    >>> oob_auc([0, 0, 1, 1], [[.9, .1], [.4, .6], [.6, .4], [.2, .8]])
    0.75
    """
    y, P = _defined_rows(y, proba, "proba")
    K = P.shape[1]
    y = _codes(y, K)
    counts = np.bincount(y, minlength=K)
    from ..roc import auc as _auc

    values, skipped = [], []
    for i in range(K):
        for j in range(i + 1, K):
            if counts[i] < 2 or counts[j] < 2:
                skipped.append((i, j))
                continue
            rows = (y == i) | (y == j)
            yi = (y[rows] == i).astype(np.int64)
            a_ij = float(_auc(yi, P[rows, i]))
            a_ji = float(_auc(1 - yi, P[rows, j]))
            values.append(0.5 * (a_ij + a_ji))
    if skipped:
        warnings.warn("oob_auc: class pairs %s left out of the mean: a class has fewer than "
                      "2 rows with a prediction (randomForestSRC's get.auc gives NA for them "
                      "and drops them)" % skipped, UserWarning, stacklevel=2)
    return float(np.mean(values)) if values else float("nan")


def oob_brier(y, proba, *, normalized=True):
    r"""Brier score as randomForestSRC's ``get.brier.error``.

    .. math:: B = c_K \sum_{k=1}^{K} \frac{1}{n}\sum_{i=1}^{n} (1[y_i = k] - p_{ik})^2,
              \qquad c_K = \frac{K}{K-1} \text{ (normalized) or } \frac{1}{K}.

    The normalised form (the default of ``get.brier.error``) equals 1 for the "coin toss"
    p_ik = 1/K whatever the class frequencies, since then the sum is (K - 1)/K; for two
    classes it is 4 times the usual binary Brier score mean((y - p)^2).  Rows with NaN
    probabilities are left out (R's ``mean(..., na.rm = TRUE)``).

    Examples
    --------
    Two classes: the usual Brier score of these rows is ((.1)^2 + (.4)^2) / 2 = 0.085,
    and the normalised value is 4 x 0.085:

    >>> round(oob_brier([0, 1], [[.9, .1], [.4, .6]]), 12)
    0.34
    """
    y, P = _defined_rows(y, proba, "proba")
    K = P.shape[1]
    if K < 2:
        raise ValueError("proba must have at least 2 columns (classes)")
    y = _codes(y, K)
    if y.size == 0:
        return float("nan")
    onehot = np.zeros_like(P)
    onehot[np.arange(y.size), y] = 1.0
    per_class = ((onehot - P) ** 2).mean(axis=0)
    const = K / (K - 1.0) if normalized else 1.0 / K
    return float(const * per_class.sum())


def oob_misclassification(y, proba):
    """Misclassification rate of the Bayes rule (largest probability; ties go to the
    first class in column order) over the rows with a prediction: randomForestSRC's
    OOB ``err.rate`` (column ``all``, last tree).

    randomForestSRC breaks ties at random; rocstats breaks them deterministically, so
    on exactly tied rows the two can differ.

    Examples
    --------
    >>> oob_misclassification([0, 1, 1], [[.9, .1], [.6, .4], [.2, .8]])
    0.3333333333333333
    """
    y, P = _defined_rows(y, proba, "proba")
    y = _codes(y, P.shape[1])
    if y.size == 0:
        return float("nan")
    return float(np.mean(P.argmax(axis=1) != y))


# --------------------------------------------------------------------------- one tree
def _sample_rows(rng, n, *, bootstrap, replace, size):
    if not bootstrap:
        return np.arange(n)
    if replace:
        return np.sort(rng.integers(0, n, size=size))
    return np.sort(rng.choice(n, size=size, replace=False))


def _fit_one(data, builder, sample_kw, seed, vimp):
    """Grow one tree; return (tree, in-bag counts, oob rows, their leaf frequencies,
    permuted-OOB frequencies (p, n_oob, K) or None).

    ``data`` = (X, presorted) shared by every tree (threads share them without copies):
    the tree is grown on all rows with the sample multiplicities as weights, so no
    per-tree copy of X is made.  With the C extension the builder grows it in one call
    that releases the GIL."""
    X, presorted, codes = data
    grow_seed, perm_seed = seed.spawn(2)
    rng = np.random.default_rng(grow_seed)
    n = X.shape[0]
    rows = _sample_rows(rng, n, **sample_kw)
    counts = np.bincount(rows, minlength=n)
    builder = copy.copy(builder)
    builder.splitter = copy.copy(builder.splitter)
    builder.splitter.seed = seed_from(rng)
    tree = builder.build(X, codes, counts.astype(np.float64), presorted=presorted,
                         where=False).tree
    proba = builder.criterion.probabilities(tree.value)
    oob = np.flatnonzero(counts == 0)
    prob = (proba[tree.apply(X, rows=oob, missing=False)] if oob.size
            else np.empty((0, proba.shape[1])))
    perm_prob = None
    if vimp and oob.size:
        prng = np.random.default_rng(perm_seed)
        p = X.shape[1]
        Xo = X[oob]
        perm_prob = np.empty((p, oob.size, proba.shape[1]))
        for j in range(p):
            Xp = Xo.copy()
            Xp[:, j] = Xo[prng.permutation(oob.size), j]
            perm_prob[j] = proba[tree.apply(Xp, missing=False)]
    return tree, counts, oob, prob, perm_prob


# --------------------------------------------------------------------------- estimator
class AUCForestClassifier(ClassifierMixin, BaseEstimator):
    r"""Random forest of AUC-split classification trees (randomForestSRC's
    ``rfsrc(y ~ ., data, splitrule = "auc")``).

    Each of ``n_trees`` trees is grown on ``round(sample_fraction * n)`` rows drawn without
    replacement (``replace=False``, randomForestSRC's ``samptype = "swor"``) or with
    replacement; at every node ``max_features`` variables are drawn, and for each at most
    ``n_split`` random cut points (all observed values when 0) are scored by the AUC split
    statistic (seed 000: two classes, 1 + |alpha_1 - alpha_2| with alpha_k the fraction of
    class k sent right; several classes, its average over class pairs).  As in
    randomForestSRC, a node is split while it holds two classes and at least
    ``2 * node_size`` rows (see :class:`rocstats.tree._builder.RfsrcRules`).

    Parameters
    ----------
    n_trees : int, default 500
        Number of trees (``ntree``).
    max_features : {"sqrt", "log2"}, int, float or None, default "sqrt"
        Variables tried at each node (``mtry``): "sqrt" = ceil(sqrt(p)) (randomForestSRC's
        classification default), "log2" = ceil(log2(p)), an int in 1..p, a float in (0, 1]
        = ceil(fraction * p), None = p.
    node_size : int, default 1
        randomForestSRC's ``nodesize`` (classification default 1).
    n_split : int, default 10
        ``nsplit``: number of random cut points per variable; 0 = every observed value.
    bootstrap : bool, default True
        Grow each tree on a random subsample (``bootstrap = "by.root"``).  False: every tree
        sees all rows (``bootstrap = "none"``) and there is no out-of-bag estimate.
    replace : bool, default False
        Draw with replacement (``samptype = "swr"``) or without (``"swor"``, the default).
    sample_fraction : float, default 0.632
        Rows per tree as a fraction of n (``sampsize``): ``round(sample_fraction * n)``,
        at least 1; at most 1 when ``replace`` is False.
    importance : bool or "permute", default False
        Compute permutation variable importance (``feature_importances_``) during fit.
    n_jobs : int or None, default None
        Trees grown in parallel with joblib (None = 1 unless inside a
        ``joblib.parallel_config`` context; -1 = all cores).  joblib's threading backend
        is preferred (the C grower releases the GIL, and nothing is pickled); any backend
        set with ``joblib.parallel_config`` (loky, dask, ray) is used instead.  The
        forest is the same for every ``n_jobs`` and backend.
    random_state : int, numpy Generator, SeedSequence or None
        One :class:`numpy.random.SeedSequence` is made from it and spawns one child per
        tree, so the forest does not depend on ``n_jobs`` or the backend.
    progress : bool, default False
        Show a tqdm progress bar over the trees.

    Attributes
    ----------
    classes_ : ndarray
        The classes under the label contract (:mod:`rocstats._labels`): a pandas
        Categorical / category Series target gives its categories in their order, unused
        ones included (as R keeps factor levels; they take no part in growing and get
        probability 0); other labels are sorted.
    estimators_ : list of :class:`rocstats.tree._tree.Tree`
        The fitted trees (leaf ``value`` = in-sample class counts), as the engine's C
        driver returns them: flat arrays whose per-node ``Split`` records are made the
        first time a tree's ``split`` is read.
    oob_decision_function_ : ndarray (n, K)
        Out-of-bag class probabilities: for each row, the average of the leaf class
        frequencies of the trees that did not see it (NaN if every tree saw it); columns
        in ``classes_`` order.
    oob_n_trees_ : ndarray (n,)
        Number of trees for which each row is out of bag.
    inbag_ : ndarray of int32 (n_trees, n)
        How many times each row is in each tree's sample (randomForestSRC's ``inbag``);
        0 = out of bag.
    oob_auc_, oob_brier_, oob_misclassification_ : float
        :func:`oob_auc`, :func:`oob_brier` and :func:`oob_misclassification` of the OOB
        probabilities (randomForestSRC's ``get.auc``, ``get.brier.error`` and OOB
        ``err.rate``).
    feature_importances_ : ndarray (p,)
        With ``importance``: permutation importance (randomForestSRC's
        ``importance = "permute"``, Breiman-Cutler): for variable j, the OOB
        misclassification rate of the forest when, in every tree, x_j is permuted among
        that tree's OOB rows, minus the OOB misclassification rate of the forest
        (randomForestSRC's default ``perf.type`` for classification is misclassification).
        randomForestSRC's ``importance = TRUE`` means its faster "anti" VIMP, which is
        not implemented here.

    Examples
    --------
    >>> import numpy as np
    >>> from rocstats.ensemble import AUCForestClassifier
    >>> rng = np.random.default_rng(0)
    >>> X = rng.normal(size=(100, 3)); y = (X[:, 0] + 0.3 * rng.normal(size=100) > 0)
    >>> f = AUCForestClassifier(n_trees=50, random_state=1).fit(X, y)
    >>> f.max_features_, f.sample_size_, f.inbag_.sum(axis=1)[:3]   # ceil(sqrt 3), round(63.2)
    (2, 63, array([63, 63, 63]))
    >>> bool(f.oob_auc_ > 0.9), f.predict_proba(X[:2]).shape
    (True, (2, 2))
    """

    def __init__(self, *, n_trees=500, max_features="sqrt", node_size=1, n_split=10,
                 bootstrap=True, replace=False, sample_fraction=0.632, importance=False,
                 n_jobs=None, random_state=None, progress=False):
        self.n_trees = n_trees
        self.max_features = max_features
        self.node_size = node_size
        self.n_split = n_split
        self.bootstrap = bootstrap
        self.replace = replace
        self.sample_fraction = sample_fraction
        self.importance = importance
        self.n_jobs = n_jobs
        self.random_state = random_state
        self.progress = progress

    # ------------------------------------------------------------------ checks
    def _mtry(self, p):
        return resolve_max_features(self.max_features, p)

    def _check_params(self, n, p):
        n_trees = int_param("n_trees", self.n_trees, 1)
        node_size = int_param("node_size", self.node_size, 1)
        n_split = int_param("n_split", self.n_split, 0)
        mtry = self._mtry(p)
        sf = self.sample_fraction
        if isinstance(sf, (bool, np.bool_)) or not isinstance(sf, numbers.Real) or not sf > 0:
            raise ValueError("sample_fraction must be a number > 0, got %r" % (sf,))
        if not self.replace and sf > 1:
            raise ValueError("sample_fraction=%r > 1 needs replace=True (sampling without "
                             "replacement cannot draw more than n rows)" % (sf,))
        size = max(1, int(np.round(sf * n)))   # R's round(): half to even, like np.round
        if self.importance not in (False, True, "permute"):
            raise ValueError("importance must be False, True or 'permute', got %r"
                             % (self.importance,))
        return n_trees, node_size, n_split, mtry, size

    def _seed_sequence(self):
        rs = self.random_state
        if isinstance(rs, np.random.SeedSequence):
            return rs
        if isinstance(rs, np.random.Generator):
            return np.random.SeedSequence(int(rs.integers(0, 2 ** 63)))
        if isinstance(rs, np.random.RandomState):
            return np.random.SeedSequence(int(rs.randint(0, 2 ** 31 - 1)))
        if rs is None or isinstance(rs, numbers.Integral):
            if rs is not None and rs < 0:
                raise ValueError("random_state must be >= 0, got %r" % (rs,))
            return np.random.SeedSequence(rs)
        raise ValueError("random_state must be None, an int, a numpy Generator or a "
                         "SeedSequence, got %r" % (rs,))

    # ------------------------------------------------------------------ fit
    def fit(self, X, y):
        """Grow the forest on ``X`` (numeric, no NaN) and class labels ``y``; compute the
        out-of-bag probabilities and measures (and the importance if asked)."""
        from joblib import Parallel, delayed

        for name in [k for k in vars(self) if k.endswith("_") and not k.startswith("__")]:
            delattr(self, name)              # a refit forgets the previous fit
        who = type(self).__name__
        X, info = check_X(X, who, numeric_only=True, allow_missing=False)
        n, p = X.shape
        classes, codes = encode_classes(y, n, who)
        counts = np.bincount(codes, minlength=classes.size)
        present = np.flatnonzero(counts > 0)
        if present.size < classes.size:
            warnings.warn("y: class(es) %s have no observations; they are kept in classes_ "
                          "with probability 0 but take no part in growing the trees"
                          % classes[counts == 0].tolist(), UserWarning, stacklevel=2)
        codes = np.searchsorted(present, codes).astype(np.int64)
        n_trees, node_size, n_split, mtry, size = self._check_params(n, p)
        K = present.size                    # the classes in use grow the trees
        criterion = AUCCriterion(K)
        builder = TreeBuilder(criterion, RfsrcSplitter(K, mtry=mtry, n_split=n_split),
                              RfsrcRules(node_size=node_size),
                              n_levels=np.zeros(p, dtype=np.int64))
        sample_kw = dict(bootstrap=bool(self.bootstrap), replace=bool(self.replace),
                         size=size)
        seeds = self._seed_sequence().spawn(n_trees)
        vimp = bool(self.importance) and bool(self.bootstrap)
        # shared by every tree: the feature-major matrix and its per-feature stable order
        data = (X, builder.presort(X), codes)

        tasks = (delayed(_fit_one)(data, builder, sample_kw, s, vimp) for s in seeds)
        # threads: the grower releases the GIL, and nothing is pickled; a backend chosen
        # with joblib.parallel_config (loky, dask, ray) still takes precedence
        results = Parallel(n_jobs=self.n_jobs, return_as="generator",
                           prefer="threads")(tasks)
        if self.progress:
            from tqdm.auto import tqdm

            results = tqdm(results, total=n_trees, desc="AUC forest", unit="tree")

        trees, oob_rows, oob_prob = [], [], []
        perm_sum = np.zeros((p, n, K)) if vimp else None
        inbag = np.zeros((n_trees, n), dtype=np.int32)
        for t, (tree, cnt, oob, prob, perm_prob) in enumerate(results):
            trees.append(tree)
            inbag[t] = cnt
            oob_rows.append(oob)
            oob_prob.append(prob)
            if vimp and oob.size:
                perm_sum[:, oob, :] += perm_prob
        # OOB sums over the trees in one pass per class
        oob_cnt = (inbag == 0).sum(axis=0).astype(np.int64) if self.bootstrap else \
            np.zeros(n, dtype=np.int64)
        oob_sum = np.zeros((n, K))
        if oob_rows:
            allr = np.concatenate(oob_rows)
            allp = np.concatenate(oob_prob)
            for c in range(K):
                oob_sum[:, c] = np.bincount(allr, weights=allp[:, c], minlength=n)

        self.classes_ = classes
        self.n_classes_ = classes.size
        self._present = present
        self._info = info
        self._criterion = criterion
        self.n_features_in_ = p
        if info.from_frame:
            self.feature_names_in_ = np.array(info.names, dtype=object)
        self.estimators_ = trees
        self.max_features_ = mtry
        self.sample_size_ = size if self.bootstrap else n
        self.oob_n_trees_ = oob_cnt
        self.inbag_ = inbag
        if self.bootstrap:
            with np.errstate(invalid="ignore", divide="ignore"):
                oob = oob_sum / oob_cnt[:, None]
            oob[oob_cnt == 0] = np.nan
            never = int(np.count_nonzero(oob_cnt == 0))
            if never:
                warnings.warn("%d rows were in the sample of every tree and have no "
                              "out-of-bag prediction (NaN); use more trees" % never,
                              UserWarning, stacklevel=2)
            self.oob_decision_function_ = self._all_columns(oob)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                self.oob_auc_ = oob_auc(codes, oob)
            self.oob_brier_ = oob_brier(codes, oob)
            self.oob_misclassification_ = oob_misclassification(codes, oob)
            if vimp:
                base = self.oob_misclassification_
                imp = np.empty(p)
                with np.errstate(invalid="ignore", divide="ignore"):
                    for j in range(p):
                        pj = perm_sum[j] / oob_cnt[:, None]
                        pj[oob_cnt == 0] = np.nan
                        imp[j] = oob_misclassification(codes, pj) - base
                self.feature_importances_ = imp
        else:
            nan = float("nan")
            self.oob_decision_function_ = np.full((n, classes.size), nan)
            self.oob_auc_ = self.oob_brier_ = self.oob_misclassification_ = nan
            if self.importance:
                warnings.warn("importance needs out-of-bag rows: with bootstrap=False it is "
                              "not computed", UserWarning, stacklevel=2)
        return self

    # ------------------------------------------------------------------ predict
    def _check_predict_X(self, X):
        check_fitted(self, "estimators_")
        return check_X(X, type(self).__name__, allow_missing=False, info=self._info)

    def apply(self, X):
        """Leaf (node index into each tree's arrays) of every row in every tree:
        int64 array (n_rows, n_trees)."""
        X = self._check_predict_X(X)
        return np.column_stack([t.apply(X, missing=False) for t in self.estimators_])

    def predict_proba(self, X):
        """Class probabilities: the average over the trees of the class frequencies of
        the leaf each row reaches (randomForestSRC's ensemble for classification);
        columns in ``classes_`` order."""
        X = self._check_predict_X(X)
        out = np.zeros((X.shape[0], self._present.size))
        for t in self.estimators_:
            out += self._criterion.probabilities(t.value)[t.apply(X, missing=False)]
        return self._all_columns(out / len(self.estimators_))

    def _all_columns(self, proba):
        """Probabilities over the classes in use -> columns in ``classes_`` order (0 for
        a class without training rows; NaN rows stay NaN)."""
        cols = self._present
        if cols.size == self.classes_.size:
            return proba
        out = np.zeros((proba.shape[0], self.classes_.size))
        out[:, cols] = proba
        out[np.isnan(proba).any(axis=1)] = np.nan
        return out

    def predict(self, X):
        """Class with the largest probability (ties: the first in ``classes_``)."""
        proba = self.predict_proba(X)
        return self.classes_[proba.argmax(axis=1)]

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.allow_nan = False
        return tags
