"""Random forest of AUC-split trees with randomForestSRC's defaults (``rfsrc(splitrule="auc")``).

The forest is made of the tree engine (`rocstats.tree`): each tree is an
`rocstats.tree._criterion.AUCCriterion` tree grown with randomForestSRC's policy
and stopping (`rocstats.tree._splitter.RfsrcSplitter`,
`rocstats.tree._builder.RfsrcRules`) on a random subsample of the rows; the forest's class probabilities are the average over trees of the leaf class
frequencies; out-of-bag (OOB) probabilities average only the trees for which the row was
not in the subsample.  The OOB performance measures are those randomForestSRC reports:
`oob_auc` (``get.auc``), `oob_brier_normalized` (``get.brier.error``) and
`oob_misclassification` (the last row, column ``all``, of ``err.rate``); beside
them the plain Brier score `oob_brier` (the mean squared error of the
probabilities, 1/4 of the normalised one for two classes).

Defaults (randomForestSRC 3.x, ``rfsrc()`` for a factor outcome) and where they come from
(R sources of kogalur/randomForestSRC: ``R/rfsrc.R`` and its ``get.grow.*`` helpers; the
package's reference page, randomforestsrc.org/reference/rfsrc.html, whose 3.x usage
reads ``nsplit = 10``; and the call of the randomForestSRC outputs recorded for
the validation):

=======================  ==========================================  =========================
rocstats                 randomForestSRC                             source
=======================  ==========================================  =========================
``n_trees=500``          ``ntree = 500``                             ``rfsrc()`` signature (R/rfsrc.R)
``max_features="sqrt"``  ``mtry = ceiling(sqrt(p))``                 ``get.grow.mtry`` (classification)
``node_size=1``          ``nodesize = 1``                            ``get.grow.nodesize`` (``class``)
``n_split=10``           ``nsplit = 10``                             ``rfsrc()`` usage (3.x docs)
``bootstrap=True``       ``bootstrap = "by.root"``                   ``rfsrc()`` signature
``replace=False``        ``samptype = "swor"``                       ``rfsrc()`` signature
``sample_fraction``      ``sampsize = function(x) x * .632``,        ``rfsrc()`` signature; the
``=0.632``               rounded: ``round(0.632 n)`` rows            size is ``round(sampsize(n))``
``importance=False``     ``importance = FALSE``                      ``rfsrc()`` signature
=======================  ==========================================  =========================

So by default each tree sees ``round(0.632 n)`` distinct rows drawn **without**
replacement (not Breiman's bootstrap of n rows with replacement; ``replace=True,
sample_fraction=1.0`` gives that).

The random numbers are not R's: each tree gets a child of one
`numpy.random.SeedSequence`; NumPy draws its rows, and one 64-bit number drawn from
the same Generator seeds the splitter's splitmix64 stream (variables and cut points; see
`rocstats.tree._splitter.RfsrcSplitter`).  rocstats does not reproduce randomForestSRC's random
stream: a forest here and an ``rfsrc`` forest with the same settings are two draws of
the same random procedure, so their OOB measures agree statistically, not exactly (the
``rfsrc_forest`` validation suite compares them within the recorded ranges).

Input checks, labels and ``max_features`` go through the helpers every tree estimator
uses (`rocstats.tree._base`).

Speed: each tree is one call of the engine's whole-tree C driver (``rs_tree_grow_rfsrc``,
the same node kernel as the single trees) on the shared data, with the sample
multiplicities as weights (no copy of X per tree); the call releases the GIL, so the
trees grow in joblib threads by default.  Out-of-bag rows are routed by the trees' router
(`rocstats.tree._tree.Tree.apply`, a C kernel for these numeric splits) and summed
over the trees in one ``bincount`` per class.
"""
import copy
import hashlib
import numbers
import warnings
from dataclasses import dataclass

import numpy as np

from ..tree._base import (BaseEstimator, ClassifierMixin, check_fitted, check_X,
                          encode_classes, int_param, resolve_max_features, store_params)
from ..tree._builder import RfsrcRules, TreeBuilder
from ..tree._criterion import AUCCriterion
from ..tree._splitter import RfsrcSplitter, seed_from

__all__ = ["AUCForestClassifier", "PermutationImportance", "oob_auc", "oob_brier",
           "oob_brier_normalized", "oob_misclassification"]


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
    from ..curves import auc as _auc

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


def oob_brier(y, proba, *, normalized=False):
    r"""Brier score: the mean squared error of the class probabilities.

    B = c_K sum_k (1/n) sum_i (1[y_i = k] - p_ik)^2, c_K = 1/K (default) or K/(K - 1)
    (``normalized=True``; formula in the Notes).  With c_K = 1/K it is the mean of the squared errors over all n x K entries of
    the probability matrix; for two classes that is the usual binary Brier score
    mean((y - p)^2) (scikit-learn's ``brier_score_loss`` of the positive class's
    probability), and it is randomForestSRC's ``get.brier.error(..., normalized =
    FALSE)``.  (scikit-learn's multiclass ``brier_score_loss`` sums over the classes:
    K times this value.)  ``normalized=True`` gives randomForestSRC's default,
    `oob_brier_normalized`.  Rows with NaN probabilities are left out (R's
    ``mean(..., na.rm = TRUE)``); NaN when no row is left.

    Notes
    -----
    .. math:: B = c_K \sum_{k=1}^{K} \frac{1}{n}\sum_{i=1}^{n} (1[y_i = k] - p_{ik})^2,
              \qquad c_K = \frac{1}{K} \text{ (default) or } \frac{K}{K-1}
              \text{ (normalized)}.

    Examples
    --------
    The squared errors of these two rows are (.1)^2 and (.4)^2, so the Brier score is
    ((.1)^2 + (.4)^2) / 2 = 0.085:

    >>> round(oob_brier([0, 1], [[.9, .1], [.4, .6]]), 12)
    0.085
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


def oob_brier_normalized(y, proba):
    r"""randomForestSRC's normalised Brier score (``get.brier.error``, its default, and
    the "(OOB) Normalized Brier score" of ``print.rfsrc``): K / (K - 1) times the sum over
    the K classes of the mean squared errors, i.e. K^2 / (K - 1) times `oob_brier`
    (formula in the Notes).

    It equals 1 for the "coin toss" p_ik = 1/K whatever the class frequencies (the sum
    is then (K - 1)/K); for two classes it is 4 times the usual Brier score, so 0.69 on
    this scale is a binary Brier score of 0.17 -- not worse than a coin flip (1).

    Notes
    -----
    .. math:: B_{norm} = \frac{K}{K-1} \sum_{k=1}^{K} \frac{1}{n}\sum_{i=1}^{n}
              (1[y_i = k] - p_{ik})^2 = K^2 / (K - 1) \times \text{oob\_brier}.

    Examples
    --------
    >>> round(oob_brier_normalized([0, 1], [[.9, .1], [.4, .6]]), 12)
    0.34
    """
    return oob_brier(y, proba, normalized=True)


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


def _pretty(x, digits=8):
    """randomForestSRC's ``digits.pretty(x, digits)``: rounded to ``digits`` decimals,
    written without trailing zeros."""
    x = round(float(x), digits)
    if not np.isfinite(x):
        return "NaN"
    t = repr(x)
    return t[:-2] if t.endswith(".0") else t


def _digest(X):
    """A fingerprint of a float matrix (to recognise the training data)."""
    a = np.ascontiguousarray(X, dtype=np.float64)
    return hashlib.sha1(a.tobytes()).hexdigest() + str(a.shape)


def _key(v):
    v = v.item() if isinstance(v, np.generic) else v
    return (type(v) is bool, v)


def _seed_sequence(rs):
    if isinstance(rs, np.random.SeedSequence):
        return rs
    if isinstance(rs, np.random.Generator):
        return np.random.SeedSequence(int(rs.integers(0, 2 ** 63)))
    return np.random.SeedSequence(rs)


# --------------------------------------------------------------------------- one tree
def _sample_rows(rng, n, *, bootstrap, replace, size):
    if not bootstrap:
        return np.arange(n)
    if replace:
        return np.sort(rng.integers(0, n, size=size))
    return np.sort(rng.choice(n, size=size, replace=False))


def _fit_one(data, builder, sample_kw, seed):
    """Grow one tree; return (tree, in-bag counts, oob rows, their leaf frequencies,
    the tree's permutation stream seed).

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
    return tree, counts, oob, prob, perm_seed


def _permuted_one(X, tree, proba, oob, seed, n_repeats):
    """The leaf frequencies of one tree's OOB rows with each variable permuted among
    them: array (n_repeats, p, len(oob), K).  The permutations are drawn from ``seed``
    in the order repeat, variable (one ``permutation`` call each); the permuted copies
    of a repeat are routed together (one call of the router)."""
    prng = np.random.default_rng(seed)
    m, p = oob.size, X.shape[1]
    K = proba.shape[1]
    out = np.empty((n_repeats, p, m, K))
    Xo = X[oob]
    used = np.zeros(p, dtype=bool)
    used[tree.feature[tree.feature >= 0]] = True
    base = proba[tree.apply(Xo, missing=False)]
    uj = np.flatnonzero(used)
    for r in range(n_repeats):
        perms = [prng.permutation(m) for _ in range(p)]
        out[r] = base                        # variables the tree never reads
        if not uj.size:
            continue
        big = np.tile(Xo, (uj.size, 1))
        for k, j in enumerate(uj):
            big[k * m:(k + 1) * m, j] = Xo[perms[j], j]
        leaf = tree.apply(big, missing=False)
        out[r, uj] = proba[leaf].reshape(uj.size, m, K)
    return out


METRICS = ("auc", "brier", "misclassification")


def _metric_value(metric, codes, P):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if metric == "auc":
            return oob_auc(codes, P)
    if metric == "brier":
        return oob_brier(codes, P)
    return oob_misclassification(codes, P)


def _drop(metric, base, value):
    """Importance = the loss of performance: AUC falls, Brier and error rise."""
    return base - value if metric == "auc" else value - base


@dataclass(frozen=True)
class PermutationImportance:
    """Permutation importance of each variable, with its Monte Carlo standard error.

    Attributes
    ----------
    feature_names : tuple of str
    metric : str
        ``"auc"`` (importance = baseline AUC - AUC with the variable permuted),
        ``"brier"`` or ``"misclassification"`` (permuted - baseline).
    oob : bool
        True: out-of-bag importance (each tree's OOB rows permuted, the OOB ensemble
        scored: Breiman-Cutler, randomForestSRC's ``importance = "permute"``); False:
        the whole forest scored on the given data with one column permuted
        (scikit-learn's ``permutation_importance``).
    baseline : float
        The metric without permutation.
    importances : ndarray (p, n_repeats)
        One importance per variable and repeat.
    importances_mean, importances_std : ndarray (p,)
        Mean and standard deviation over the repeats (scikit-learn's names).
    importances_se : ndarray (p,)
        Monte Carlo standard error of the mean: std / sqrt(n_repeats) (NaN for one
        repeat).  It measures the permutation noise for this forest and these data,
        not the sampling variability of the data.
    """

    feature_names: tuple
    metric: str
    oob: bool
    baseline: float
    importances: np.ndarray

    @property
    def n_repeats(self):
        return int(self.importances.shape[1])

    @property
    def importances_mean(self):
        return self.importances.mean(axis=1)

    @property
    def importances_std(self):
        return (self.importances.std(axis=1, ddof=1) if self.n_repeats > 1
                else np.full(self.importances.shape[0], np.nan))

    @property
    def importances_se(self):
        return self.importances_std / np.sqrt(self.n_repeats)

    def to_frame(self):
        """A DataFrame indexed by variable, sorted by decreasing importance: columns
        ``importance``, ``se``, ``std``."""
        import pandas as pd

        df = pd.DataFrame({"importance": self.importances_mean, "se": self.importances_se,
                           "std": self.importances_std},
                          index=pd.Index(list(self.feature_names), name="variable"))
        return df.sort_values("importance", ascending=False, kind="stable")

    def _title(self):
        what = {"auc": "AUC (baseline - permuted)", "brier": "Brier score (permuted - "
                "baseline)", "misclassification": "misclassification (permuted - "
                "baseline)"}[self.metric]
        return ("%s permutation importance, %s; %d repeats; baseline %s = %.4f"
                % ("Out-of-bag" if self.oob else "Held-out", what, self.n_repeats,
                   self.metric, self.baseline))

    def summary(self):
        """The table as text (a `rocstats._results.Summary`)."""
        from .._results import Summary

        return Summary("Permutation importance", text=str(self))

    def __str__(self):
        df = self.to_frame()
        w = max(8, max(len(str(v)) for v in df.index))
        lines = [self._title(), "%-*s %10s %10s" % (w, "variable", "importance", "MC s.e.")]
        for name, row in df.iterrows():
            lines.append("%-*s %10.4f %10.4f" % (w, name, row["importance"], row["se"]))
        return "\n".join(lines)

    def _repr_html_(self):
        return "<p>%s</p>%s" % (self._title(), self.to_frame().to_html(float_format="%.4f"))


# --------------------------------------------------------------------------- progress
def _progress_bar(total, desc, mode):
    """A tqdm bar, or None.  ``mode`` True / "text": the text bar (stderr), everywhere
    -- in a notebook it prints as text and a saved notebook keeps its final line;
    "notebook": the widget bar when ipywidgets is installed (else the text bar,
    silently: no ``TqdmWarning``)."""
    if not mode:
        return None
    from tqdm.std import tqdm as text_bar

    if mode == "notebook":
        try:
            import ipywidgets  # noqa: F401
            from tqdm.notebook import tqdm as widget_bar

            return widget_bar(total=total, desc=desc, unit="tree")
        except Exception:
            pass
    return text_bar(total=total, desc=desc, unit="tree", mininterval=0.5)


# --------------------------------------------------------------------------- estimator
class AUCForestClassifier(ClassifierMixin, BaseEstimator):
    r"""Random forest of AUC-split classification trees (randomForestSRC's
    ``rfsrc(y ~ ., data, splitrule = "auc")``).

    Each of ``n_trees`` trees is grown on ``round(sample_fraction * n)`` rows drawn without
    replacement (``replace=False``, randomForestSRC's ``samptype = "swor"``) or with
    replacement; at every node ``max_features`` variables are drawn, and for each at most
    ``n_split`` random cut points (all observed values when 0) are scored by the AUC split
    statistic (seed 000: two classes, 1 + abs(alpha_1 - alpha_2) with alpha_k the fraction of
    class k sent right; several classes, its average over class pairs).  As in
    randomForestSRC, a node is split while it holds two classes and at least
    ``2 * node_size`` rows (see `rocstats.tree._builder.RfsrcRules`).

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
    importance : bool, "permute", "auc", "brier" or "misclassification", default False
        Compute out-of-bag permutation importance during fit (``importance_``,
        ``feature_importances_``).  True / "permute" use the forest's own measure, the
        AUC (as randomForestSRC's ``vimp`` uses the forest's performance measure); a
        metric name chooses it.  See `permutation_importance`.
    n_repeats : int, default 10
        Permutations per variable for the importance; its Monte Carlo standard error is
        the standard deviation over the repeats / sqrt(n_repeats).
    n_jobs : int or None, default None
        Trees grown in parallel with joblib (None = 1 unless inside a
        ``joblib.parallel_config`` context; -1 = all cores).  joblib's threading backend
        is preferred (the C grower releases the GIL, and nothing is pickled); any backend
        set with ``joblib.parallel_config`` (loky, dask, ray) is used instead.  The
        forest is the same for every ``n_jobs`` and backend.
    random_state : int, numpy Generator, SeedSequence or None
        One `numpy.random.SeedSequence` is made from it and spawns one child per
        tree, so the forest does not depend on ``n_jobs`` or the backend.
    progress : bool, "text" or "notebook", default False
        Show a tqdm progress bar over the trees.  True / "text": tqdm's text bar on
        stderr (also in notebooks, where a saved notebook keeps its last line);
        "notebook": the widget bar if ipywidgets is installed, else the text bar (no
        warning).  The bar is closed when the fit ends, also on error.

    Attributes
    ----------
    classes_ : ndarray
        The classes under the label contract (`rocstats._labels`): a pandas
        Categorical / category Series target gives its categories in their order, unused
        ones included (as R keeps factor levels; they take no part in growing and get
        probability 0); other labels are sorted.
    estimators_ : list of `rocstats.tree._tree.Tree`
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
    oob_auc_, oob_brier_, oob_brier_normalized_, oob_misclassification_ : float
        `oob_auc`, `oob_brier` (the plain Brier score, the mean squared error
        of the probabilities: 0.17 on Pima.tr), `oob_brier_normalized`
        (randomForestSRC's normalised Brier, K^2 / (K - 1) times the plain one: 4 times
        for two classes, 0.69 on Pima.tr) and `oob_misclassification` of the OOB
        probabilities (randomForestSRC's ``get.auc``, ``get.brier.error`` and OOB
        ``err.rate``).
    importance_ : PermutationImportance
        With ``importance``: out-of-bag permutation importance (Breiman-Cutler,
        randomForestSRC's ``importance = "permute"``) of every variable with its Monte
        Carlo standard error; ``importance_.to_frame()`` is the table.
    feature_importances_ : ndarray (p,)
        ``importance_.importances_mean`` (scikit-learn's name).  randomForestSRC's
        ``importance = TRUE`` means its faster "anti" VIMP, which is not implemented
        here.

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
                 n_repeats=10, n_jobs=None, random_state=None, progress=False):
        store_params(self, locals())

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
        if not (self.importance is False or self.importance is True or
                self.importance in ("permute",) + METRICS):
            raise ValueError("importance must be False, True, 'permute', 'auc', 'brier' or "
                             "'misclassification', got %r" % (self.importance,))
        int_param("n_repeats", self.n_repeats, 1)
        if self.progress not in (False, True, "text", "notebook"):
            raise ValueError("progress must be False, True, 'text' or 'notebook', got %r"
                             % (self.progress,))
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

        tasks = (delayed(_fit_one)(data, builder, sample_kw, s) for s in seeds)
        # threads: the grower releases the GIL, and nothing is pickled; a backend chosen
        # with joblib.parallel_config (loky, dask, ray) still takes precedence
        results = Parallel(n_jobs=self.n_jobs, return_as="generator",
                           prefer="threads")(tasks)
        bar = _progress_bar(n_trees, "AUC forest", self.progress)
        trees, oob_rows, oob_prob, perm_seeds = [], [], [], []
        inbag = np.zeros((n_trees, n), dtype=np.int32)
        try:
            for t, (tree, cnt, oob, prob, perm_seed) in enumerate(results):
                trees.append(tree)
                inbag[t] = cnt
                oob_rows.append(oob)
                oob_prob.append(prob)
                perm_seeds.append(perm_seed)
                if bar is not None:
                    bar.update(1)
        finally:
            if bar is not None:
                bar.close()
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
        self._perm_seeds = perm_seeds
        self._train_digest = _digest(X)
        self._class_counts = np.bincount(codes, minlength=K)
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
            self._oob_codes = codes
            self._oob_proba = oob
            self.oob_decision_function_ = self._all_columns(oob)
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                self.oob_auc_ = oob_auc(codes, oob)
            self.oob_brier_ = oob_brier(codes, oob)
            self.oob_brier_normalized_ = oob_brier_normalized(codes, oob)
            self.oob_misclassification_ = oob_misclassification(codes, oob)
            if vimp:
                metric = "auc" if self.importance in (True, "permute") else self.importance
                self.importance_ = self._oob_importance(X, metric, int(self.n_repeats),
                                                        perm_seeds)
                self.feature_importances_ = self.importance_.importances_mean
        else:
            nan = float("nan")
            self.oob_decision_function_ = np.full((n, classes.size), nan)
            self.oob_auc_ = self.oob_brier_ = self.oob_brier_normalized_ = nan
            self.oob_misclassification_ = nan
            if self.importance:
                warnings.warn("importance needs out-of-bag rows: with bootstrap=False it is "
                              "not computed", UserWarning, stacklevel=2)
        return self

    # ------------------------------------------------------------------ importance
    def _feature_names(self):
        return tuple(str(v) for v in self._info.names)

    def _oob_importance(self, X, metric, n_repeats, seeds):
        """Out-of-bag permutation importance (see `permutation_importance`)."""
        from joblib import Parallel, delayed

        n, p = X.shape
        K = self._present.size
        codes = self._oob_codes
        cnt = self.oob_n_trees_
        ok = cnt > 0
        base = _metric_value(metric, codes[ok], self._oob_proba[ok])
        perm_sum = np.zeros((n_repeats, p, n, K))
        probas = [self._criterion.probabilities(t.value) for t in self.estimators_]
        oobs = [np.flatnonzero(b == 0) for b in self.inbag_]
        tasks = (delayed(_permuted_one)(X, t, pr, o, s, n_repeats)
                 for t, pr, o, s in zip(self.estimators_, probas, oobs, seeds) if o.size)
        out = Parallel(n_jobs=self.n_jobs, return_as="generator", prefer="threads")(tasks)
        for o, perm in zip((o for o in oobs if o.size), out):
            perm_sum[:, :, o, :] += perm
        imp = np.empty((p, n_repeats))
        for r in range(n_repeats):
            for j in range(p):
                P = perm_sum[r, j, ok] / cnt[ok, None]
                imp[j, r] = _drop(metric, base, _metric_value(metric, codes[ok], P))
        return PermutationImportance(self._feature_names(), metric, True, float(base), imp)

    def permutation_importance(self, X, y, *, metric=None, n_repeats=None, oob=True,
                               random_state=None):
        """Permutation importance of every variable, with its Monte Carlo standard error.

        Parameters
        ----------
        X, y : the data
            ``oob=True``: the training data of the fit (checked).  ``oob=False``: any
            data with labels, e.g. a held-out set.
        metric : {"auc", "brier", "misclassification"}, optional
            Default "auc", the measure the forest is grown for (the AUC split), as
            randomForestSRC's ``vimp`` scores with the forest's performance measure.
            Importance is the loss of performance: baseline AUC minus the AUC with the
            variable permuted; permuted minus baseline Brier score (`oob_brier`) or
            misclassification rate.
        n_repeats : int, optional
            Permutations per variable (default the estimator's ``n_repeats``).
        oob : bool, default True
            True: Breiman-Cutler out-of-bag importance (randomForestSRC's ``importance =
            "permute"``): in every tree the variable is permuted among that tree's
            out-of-bag rows, and the out-of-bag ensemble of the permuted rows is scored
            against the out-of-bag ensemble.  False: scikit-learn's
            ``sklearn.inspection.permutation_importance``: the variable is permuted over
            all rows of ``X`` and the whole forest is scored.  The two estimate
            different things -- on held-out data every tree predicts every row, out of
            bag each row is predicted by the ~37 % of trees that did not see it -- so
            their values agree only roughly; the held-out form estimates the same as
            scikit-learn's with ``scoring="roc_auc"`` (two classes) and agrees with it
            within Monte Carlo error.
        random_state : None, int or numpy Generator
            The permutations.  ``oob=True`` and None: the forest's own per-tree streams
            (the permutations of ``importance=True`` at fit, for the same n_repeats).

        Returns
        -------
        PermutationImportance
            ``importances`` (p x n_repeats), ``importances_mean``, ``importances_std``,
            ``importances_se`` (= std / sqrt(n_repeats)), ``baseline``,
            ``to_frame()``.
        """
        check_fitted(self, "estimators_")
        metric = "auc" if metric is None else metric
        if metric not in METRICS:
            raise ValueError("metric must be one of %s, got %r" % (METRICS, metric))
        n_repeats = int_param("n_repeats", self.n_repeats if n_repeats is None else n_repeats,
                              1)
        Xm = self._check_predict_X(X)
        classes, y_codes = self._label_codes(y, Xm.shape[0])
        if oob:
            if not self.bootstrap:
                raise ValueError("oob=True needs out-of-bag rows; this forest was grown "
                                 "with bootstrap=False: pass held-out data with oob=False")
            if Xm.shape[0] != self.inbag_.shape[1] or _digest(Xm) != self._train_digest \
                    or not np.array_equal(y_codes, self._oob_codes):
                raise ValueError("oob=True needs the training data of the fit (X and y as "
                                 "passed to fit); for other data use oob=False")
            if random_state is None:
                seeds = self._perm_seeds
            else:
                seeds = _seed_sequence(random_state).spawn(len(self.estimators_))
            return self._oob_importance(Xm, metric, n_repeats, seeds)
        rng = np.random.default_rng(random_state)
        P = self._proba_present(Xm)
        base = _metric_value(metric, y_codes, P)
        m, p = Xm.shape
        imp = np.empty((p, n_repeats))
        for r in range(n_repeats):
            # the p permuted copies of X (permutations drawn in variable order) are
            # predicted together: one routing call per tree
            big = np.tile(Xm, (p, 1))
            for j in range(p):
                big[j * m:(j + 1) * m, j] = Xm[rng.permutation(m), j]
            Pp = self._proba_present(big).reshape(p, m, -1)
            for j in range(p):
                imp[j, r] = _drop(metric, base, _metric_value(metric, y_codes, Pp[j]))
        return PermutationImportance(self._feature_names(), metric, False, float(base), imp)

    def _label_codes(self, y, n):
        """Codes 0..K-1 (classes in use) of labels ``y``; a ValueError for labels the
        forest does not know."""
        y = np.asarray(y)
        if y.ndim != 1 or y.shape[0] != n:
            raise ValueError("y must have one label per row of X (%d), got shape %s"
                             % (n, y.shape))
        known = self.classes_[self._present]
        lookup = {_key(c): i for i, c in enumerate(known.tolist())}
        try:
            codes = np.array([lookup[_key(v)] for v in y.tolist()], dtype=np.int64)
        except KeyError as exc:
            raise ValueError("y has the label %r, which is not a class the forest was "
                             "grown with (%s)" % (exc.args[0], known.tolist())) from None
        return self.classes_, codes

    # ------------------------------------------------------------------ printing
    def __str__(self):
        if not hasattr(self, "estimators_"):
            return repr(self)
        return self.rfsrc_text()

    def rfsrc_text(self):
        """The forest as randomForestSRC's ``print.rfsrc`` lays out a classification
        forest (3.x): one ``label: value`` line each, labels right-aligned to 36
        characters, then the OOB confusion matrix, the misclassification rate and the
        uniform random classifier's baselines.  Numbers as ``print.rfsrc`` writes them:
        measures rounded to 8 decimals (``digits.pretty(x, 8)``), the imbalance ratio to
        4, other numbers with R's 7 significant digits.  "(OOB) Brier score" is the plain
        Brier score (``oob_brier_``), "(OOB) Normalized Brier score" randomForestSRC's
        normalised one (``oob_brier_normalized_``); "(OOB) Requested performance error"
        is the overall then per-class OOB misclassification (``err.rate`` at the last
        tree).  randomForestSRC's Log-loss, PR-AUC and G-mean lines are not computed by
        rocstats and are left out."""
        check_fitted(self, "estimators_")
        n = self.inbag_.shape[1]
        counts = self._class_counts
        labels = [str(c) for c in self.classes_[self._present]]
        leaves = np.mean([t.n_leaves for t in self.estimators_])
        resample = ("none" if not self.bootstrap else ("swr" if self.replace else "swor"))
        rows = [("Sample size", "%d" % n),
                ("Frequency of class labels", ", ".join("%s=%d" % (lab, c)
                                                        for lab, c in zip(labels, counts))),
                ("Number of trees", "%d" % len(self.estimators_)),
                ("Forest terminal node size", "%d" % int(self.node_size)),
                ("Average no. of terminal nodes", "%.7g" % leaves),
                ("No. of variables tried at each split", "%d" % self.max_features_),
                ("Total no. of variables", "%d" % self.n_features_in_),
                ("Resampling used to grow trees", resample),
                ("Resample size used to grow trees", "%d" % self.sample_size_),
                ("Analysis", "RF-C"), ("Family", "class"),
                ("Splitting rule", "auc *random*" if self.n_split else "auc")]
        if self.n_split:
            rows.append(("Number of random split points", "%d" % self.n_split))
        lines = ["%s: %s" % (a.rjust(36), b) for a, b in rows]
        if not self.bootstrap:
            return "\n".join(lines)
        rows = []
        if counts.size == 2 and counts.min() > 0:
            rows.append(("Imbalanced ratio", _pretty(counts.max() / counts.min(), 4)))
        rows += [("(OOB) Brier score", _pretty(self.oob_brier_)),
                 ("(OOB) Normalized Brier score", _pretty(self.oob_brier_normalized_)),
                 ("(OOB) AUC", _pretty(self.oob_auc_))]
        ok = self.oob_n_trees_ > 0
        yk = self._oob_codes[ok]
        pred = self._oob_proba[ok].argmax(axis=1)
        K = self._present.size
        per = [np.mean(pred[yk == k] != k) if np.any(yk == k) else float("nan")
               for k in range(K)]
        rows.append(("(OOB) Requested performance error",
                     ", ".join(_pretty(v) for v in [self.oob_misclassification_] + per)))
        lines += ["%s: %s" % (a.rjust(36), b) for a, b in rows]
        matrix = np.zeros((K, K), dtype=np.int64)
        np.add.at(matrix, (yk, pred), 1)
        W = max(10, 2 + max(len(s) for s in labels))
        widths = [max(len(lab), max(len(str(v)) for v in matrix[:, j]))
                  for j, lab in enumerate(labels)]
        lines += ["", "Confusion matrix:", "", " " * W + "predicted",
                  "observed".rjust(W) + "".join(" " + lab.rjust(w)
                                                for lab, w in zip(labels, widths))
                  + " class.error"]
        for k, lab in enumerate(labels):
            tot = matrix[k].sum()
            ce = (tot - matrix[k, k]) / tot if tot else float("nan")
            lines.append(lab.rjust(W) + "".join(" " + str(v).rjust(w)
                                                for v, w in zip(matrix[k], widths))
                         + " " + ("%.4f" % ce).rjust(11))
        lines += ["", "      (OOB) Misclassification rate: %.7g" % self.oob_misclassification_,
                  "", "Random-classifier baselines (uniform):",
                  "   Brier: %s   Normalized Brier: 1   Log-loss: %s"
                  % (_pretty((K - 1.0) / K ** 2), _pretty(np.log(K)))]
        return "\n".join(lines)

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
        return self._all_columns(self._proba_present(self._check_predict_X(X)))

    def _proba_present(self, X):
        """Probabilities of the classes in use for an encoded matrix."""
        out = np.zeros((X.shape[0], self._present.size))
        for t in self.estimators_:
            out += self._criterion.probabilities(t.value)[t.apply(X, missing=False)]
        return out / len(self.estimators_)

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
