"""Split criteria of the tree engine: one protocol, asked by the builder and the pruner.

A criterion says how a node is valued (its ``value`` and its ``risk``, rpart's ``dev``),
what a node predicts, how a held-out row is charged in cross-validation, and which C kind
of the node kernel scores its splits -- rpart's ``func_table`` (init / eval / predict):
the pruner asks the criterion (`Criterion.predictions`, `Criterion.row_error`)
instead of switching on a method name.

=====================  ======  ===============================================================
criterion              c_kind  node value / risk / prediction
=====================  ======  ===============================================================
`GiniCriterion`        1, 2    class counts / Bayes risk with priors and losses / Bayes class
`AnovaCriterion`       3       mean / sum of squares / mean
`AUCCriterion`         4       class counts / misclassification count / majority class
`CountCriterion`       --      as AUCCriterion, for splitters that bring their own rule
                               (Rossa's chi-square, `rocstats.tree._splitter.RossaSplitter`)
=====================  ======  ===============================================================

The C kinds (``csrc/rocstats_tree.c``): one sorted sweep per numeric feature, running
sums only.  Gini, information and anova follow rpart 4.1 (gini.c and anova.c; Breiman et
al. 1984, ch. 4) and Hastie, Tibshirani & Friedman, *The Elements of Statistical
Learning* (ESL, 2nd ed.), section 9.2 -- equation numbers below are ESL's:

- Impurity of a node m with class proportions :math:`\\hat p_{mk}`, eq. (9.17): Gini
  :math:`\\sum_k \\hat p_{mk}(1-\\hat p_{mk})`, cross-entropy
  :math:`-\\sum_k \\hat p_{mk}\\log\\hat p_{mk}` (natural log; rpart's ``"information"``).
  As ESL prescribes after (9.17), a split is scored by the node-size-weighted
  impurities, :math:`N_m Q_m - N_{m_L} Q_{m_L} - N_{m_R} Q_{m_R}` (rpart's ``improve``;
  sizes are sums of case weights).
- Priors :math:`\\pi_j` and a loss matrix :math:`L` (ESL 9.2.4, "The Loss Matrix":
  :math:`L_{kk'}` is the loss of classifying a class-k observation as k') enter the
  growing as Breiman's *altered priors* :math:`\\tilde\\pi_j \\propto \\pi_j \\sum_k
  L_{jk}` (rpart's gini.c): a row of class j weighs :math:`a_j w_i` with :math:`a_j =
  \\tilde\\pi_j / f_j`, :math:`f_j` the weighted class frequency at the root.  The
  impurity of a node A is :math:`W_A \\sum_j i(p_j)` with :math:`W_A = \\sum_{i\\in A}
  a_{y_i} w_i`, :math:`p_j = a_j n_{jA} / W_A`.  With two classes and default priors
  this is ESL's recommendation to weight the observations of class k by
  :math:`L_{k,1-k}` (section 9.2.4; also the spam example, 9.2.5).  rpart does *not* use
  ESL's other suggestion, the loss-weighted Gini :math:`\\sum_{k\\ne k'} L_{kk'}\\hat
  p_{mk}\\hat p_{mk'}`, and neither do we.
- The node risk is the Bayes risk :math:`\\min_k \\sum_j n_{jA} L_{jk} \\pi_j / f_j`
  and the predicted class its argmin, the empirical Bayes rule of ESL 9.2.4,
  :math:`k(m) = \\arg\\min_k \\sum_\\ell L_{\\ell k}\\hat p_{m\\ell}` with the
  prior-weighted proportions :math:`\\hat p_{m\\ell} \\propto n_{\\ell A}\\pi_\\ell /
  f_\\ell` (first class on ties).  With unit loss and priors equal to the class
  frequencies it is :math:`N_m` times the misclassification error of (9.17),
  :math:`1 - \\hat p_{mk(m)}` -- the measure ESL recommends for pruning.
- Anova: node value :math:`\\hat c_m` = weighted mean, eq. (9.11); risk = weighted sum
  of squares :math:`N_m Q_m`, eq. (9.15); the split minimises :math:`N_{m_L} Q_{m_L} +
  N_{m_R} Q_{m_R}`, eq. (9.13)-(9.14), and rpart reports the improvement as the fraction
  of :math:`N_m Q_m` it removes.
- AUC (seed 000, randomForestSRC's ``splitrule = "auc"``): the statistic of a cut is the
  AUC theta of the split read as a classifier (see `rocstats.tree._auc`); under
  rpart's policy the kernel reports ``improve = theta - 1/2`` averaged over the pairs of
  classes present in the node, under randomForestSRC's ``delta = 2 theta`` with its NaN
  rule.  The statistic is computed in one place in C (``auc_delta``) and once in the
  NumPy twin.

The ESL formulas are checked against independent computations in the unit tests
(ESL 9.2's definitions written out separately).
"""
import numpy as np

__all__ = ["Criterion", "GiniCriterion", "AnovaCriterion", "AUCCriterion", "CountCriterion",
           "r_sum", "default_prior"]


def _seqsum(a):
    a = np.asarray(a, dtype=np.float64)
    return float(np.cumsum(a)[-1]) if a.size else 0.0


def r_sum(a):
    """R's ``sum()`` of doubles: a left-to-right sum in ``long double`` (80-bit extended
    on x86-64, as R's ``rsum`` accumulates in ``LDOUBLE``), rounded to double once at
    the end.  rpart computes its class counts and default priors in R
    (``tapply(wt, y, sum)``, ``counts / sum(counts)``), the rest in C doubles; with
    non-integer case weights the two differ in the last bits, and those bits decide
    exact ties between splits (see `GiniCriterion`)."""
    a = np.asarray(a, dtype=np.float64)
    return float(np.cumsum(a, dtype=np.longdouble)[-1]) if a.size else 0.0


def default_prior(y, w, n_classes):
    """rpart's default prior, bit for bit: ``counts / sum(counts)`` with
    ``counts = tapply(wt, y, sum)`` computed by R (`r_sum`); also returns
    ``counts`` (rpart's ``init$counts``)."""
    y = np.asarray(y, dtype=np.int64)
    w = np.asarray(w, dtype=np.float64)
    counts = np.array([r_sum(w[y == j]) for j in range(int(n_classes))])
    total = r_sum(counts)
    return counts / total, counts


class Criterion:
    """The protocol every criterion implements.

    Attributes
    ----------
    c_kind : int or None
        The node kernel's kind (1 Gini, 2 information, 3 anova, 4 AUC); None for a
        criterion that only values nodes (the splitter brings its own rule).
    n_outputs : int
        Length of the per-node value stored in the tree (class counts or the mean).
    nclass : int
        Number of classes (0 for regression).
    aprior : ndarray or None
        Per-class weight multipliers of the Gini kernels (rpart's altered priors).
    """

    c_kind: "int | None" = None
    n_outputs = 1
    nclass = 0
    aprior = None

    def node_value(self, y, w):
        """``(value, risk)`` of a node holding responses ``y`` with weights ``w`` (summed
        in the given order)."""
        raise NotImplementedError

    def predictions(self, values):
        """The prediction of each node (rows of ``values``): a class index or a mean."""
        raise NotImplementedError

    def row_error(self, y, pred):
        """The cross-validation charge of held-out rows ``y`` predicted ``pred``
        (broadcasting), before case weights -- rpart's ``eval`` of a held-out row."""
        raise NotImplementedError


class _ClassCriterion(Criterion):
    """Shared by the classification criteria: values are weighted class counts."""

    def class_counts(self, y, w):
        return np.bincount(np.asarray(y, dtype=np.int64),
                           weights=np.asarray(w, dtype=np.float64),
                           minlength=self.nclass)[:self.nclass].astype(np.float64)

    def node_value(self, y, w):
        counts = self.class_counts(y, w)
        _, risk, _ = self.node_summary(counts)
        return counts, risk

    def node_classes(self, values):
        """The predicted class of each node (rpart's ``yval`` - 1)."""
        return np.array([self.node_summary(v)[0] for v in np.asarray(values)],
                        dtype=np.int64)


class GiniCriterion(_ClassCriterion):
    """Gini or information (entropy) impurity with rpart's priors and loss matrix.

    Parameters
    ----------
    y : ndarray of int
        Class codes 0..K-1 of the training rows (used for the root frequencies).
    w : ndarray of float
        Case weights.
    n_classes : int
    prior : ndarray or None
        Class priors (default: the weighted class frequencies).
    loss : ndarray (K, K) or None
        ``loss[i, j]`` = loss of predicting j when the truth is i (default 1 - I).
    information : bool
        Entropy instead of Gini.

    Notes
    -----
    Precision, as rpart 4.1.19: the class frequencies :math:`f_j` are C double sums in
    row order (``giniinit``), while the default prior and ``counts`` (rpart's
    ``init$counts``) come from R's ``sum()``, which accumulates in long double
    (`r_sum`).  With integer weights both are exact; with non-integer weights
    :math:`\\pi_j / f_j` then differs from 1 by an ulp or so, exactly as in rpart, and
    those last bits decide between splits whose improvements (or risk gains) are equal
    in exact arithmetic -- two variables giving the same partition, or with ``cp = 0`` a
    split that does not lower the risk.  Reproducing them is what makes such ties go
    rpart's way (issue 9 item 10; stored case ``birthwt_weighted``).  Remaining sources
    of a different tie-break: a platform whose ``long double`` differs from the one R was
    built with (NumPy's ``np.longdouble`` is the C compiler's, as R's ``LDOUBLE``), and
    the NumPy fallback kernels on more than ``RPART_ORDER_MAX`` rows
    (``_kernels/numpy/tree.py``).
    """

    def __init__(self, y, w, n_classes, *, prior=None, loss=None, information=False):
        K = int(n_classes)
        self.nclass = K
        self.n_outputs = K
        self.c_kind = 2 if information else 1
        y = np.asarray(y, dtype=np.int64)
        w = np.asarray(w, dtype=np.float64)
        # rpart's C code (giniinit) sums the weights in row order in doubles; its R code
        # (rpart.class) makes init$counts and the default prior with R's sum()
        counts = np.array([_seqsum(w[y == j]) for j in range(K)])
        total = _seqsum(w)
        freq = counts / total
        default, self.counts = default_prior(y, w, K)   # rpart's init$counts
        if prior is None:
            prior = default
        prior = np.asarray(prior, dtype=np.float64)
        if loss is None:
            loss = 1.0 - np.eye(K)
        loss = np.asarray(loss, dtype=np.float64)
        self.prior_input = prior
        self.loss = loss
        # altered priors (gini.c, giniinit): aprior_i = pi_i sum_j L[i, j] / (T f_i)
        aprior = np.zeros(K)
        temp = 0.0
        for i in range(K):
            for j in range(K):
                temp += loss[i, j] * prior[i]
                aprior[i] += loss[i, j] * prior[i]
        scaled_prior = prior.copy()
        for i in range(K):
            if freq[i] > 0:
                scaled_prior[i] = prior[i] / freq[i]
                aprior[i] = aprior[i] / (temp * freq[i])
        self.prior = scaled_prior                 # pi_i / f_i
        self.aprior = aprior

    @classmethod
    def from_counts(cls, root_counts, *, prior, loss, information=False):
        """The criterion of a fit known only by its root's weighted class counts and
        its ``prior`` and ``loss`` (an rpart object's ``frame`` and ``parms``, read by
        `rocstats.tree._rpart.from_rpart_components`): the same node classes,
        risks and probabilities as the fit that made them."""
        counts = np.asarray(root_counts, dtype=np.float64)
        K = counts.size
        y = np.arange(K, dtype=np.int64)
        return cls(y, counts, K, prior=prior, loss=loss, information=information)

    def node_summary(self, counts):
        """``(class_index, risk, nodeprob_times_n)`` of a node with weighted class
        counts ``counts`` (rpart's ginidev)."""
        K = self.nclass
        best, dev = 0, 0.0
        for i in range(K):
            temp = 0.0
            for j in range(K):
                temp += counts[j] * self.loss[j, i] * self.prior[j]
            if i == 0 or temp < dev:
                best, dev = i, temp
        prob = float(np.dot(counts, self.prior))
        return best, dev, prob

    def predictions(self, values):
        # the Bayes class argmin_i sum_j n_j prior_j L[j, i] (first on ties), as the
        # cross-validation walk of rpart 4.1.19 evaluates it
        return np.argmin((np.asarray(values, dtype=np.float64) * self.prior) @ self.loss,
                         axis=1)

    def row_error(self, y, pred):
        """``prior_adj[y] * loss[pred, y]``.  Note the order: rpart 4.1.19's ``ginipred``
        indexes its loss matrix so that the cross-validated error of a row of true class
        ``y`` predicted as ``pred`` is the loss of predicting ``y`` for truth ``pred``
        (transposed relative to the loss used for growing).  This differs from the
        definition (ESL section 9.2.4: :math:`L_{kk'}` is the loss of classifying a
        class-k observation as k', so the held-out cost would be ``loss[y, pred]``, the
        cost that ``rel error`` uses).  With a symmetric loss this does not matter; with
        an asymmetric one it is what rpart reports (checked against R: stored cases
        ``pima_loss``, ``birthwt_information_loss``), and we reproduce it so that
        ``xerror`` stays comparable with rpart's."""
        return self.prior[y] * self.loss[pred, y]

    def probabilities(self, values):
        """Class probabilities of nodes (rpart's ``yval2`` / ``type = "prob"``): the
        counts weighted by ``prior / max(1, root count)``, normalised."""
        counts = np.asarray(values, dtype=float)
        temp = counts * (self.prior_input / np.maximum(1.0, self.counts))
        with np.errstate(invalid="ignore", divide="ignore"):
            return temp / temp.sum(axis=1, keepdims=True)


class CountCriterion(_ClassCriterion):
    """Class counts as node value, the weighted misclassification count as risk (unit
    losses, no priors), the majority class (first among ties) as prediction and the
    class frequencies as probabilities -- randomForestSRC's leaves, and Rossa's tree."""

    def __init__(self, n_classes):
        k = int(n_classes)
        if k < 2:
            raise ValueError("n_classes must be at least 2, got %d" % k)
        self.nclass = k
        self.n_outputs = k

    def node_summary(self, counts):
        """``(class_index, risk, weight)``: majority class (first among ties), weighted
        misclassification count, node weight."""
        counts = np.asarray(counts, dtype=np.float64)
        best = int(np.argmax(counts))
        total = float(np.cumsum(counts)[-1])
        return best, total - float(counts[best]), total

    def predictions(self, values):
        return np.argmax(np.asarray(values, dtype=np.float64), axis=1)

    def row_error(self, y, pred):
        return (np.asarray(pred) != y).astype(np.float64)

    def probabilities(self, values):
        v = np.asarray(values, dtype=np.float64)
        tot = v.sum(axis=1, keepdims=True)
        with np.errstate(invalid="ignore", divide="ignore"):
            return v / tot


class AUCCriterion(CountCriterion):
    """The AUC split rule (seed 000) as a criterion: node kernel kind 4; nodes valued as
    `CountCriterion` (class counts, misclassification risk, frequencies).

    Under rpart's policy (`rocstats.tree.CARTClassifier` with
    ``criterion="auc"``) a cut scores ``improve = theta - 1/2`` (0 = no separation, 1/2 =
    perfect), theta averaged over the pairs of classes **present in the node**; under
    randomForestSRC's (`rocstats.tree.AUCTreeClassifier`, the forest) it scores
    ``delta = 2 theta`` over all K (K - 1)/2 pairs, NaN as soon as a class is absent.

    Examples
    --------
    Class 1 is absent from these four rows, so only the pair (0, 2) counts; the cut
    between the second and third row separates it perfectly (improve 1/2):

    >>> import numpy as np
    >>> from rocstats import _kernels
    >>> imp, thr, d, n = _kernels.tree.numeric_splits(
    ...     4, np.array([[1.0, 2.0, 3.0, 4.0]]), np.arange(4).reshape(1, 4), 0, 4, [0],
    ...     np.array([0.0, 0.0, 2.0, 2.0]), np.ones(4), 3, None, 1, 0.0)
    >>> imp.tolist(), thr.tolist()
    ([0.5], [2.5])
    """

    c_kind = 4

    def __init__(self, n_classes, *, root_counts=None):
        super().__init__(n_classes)
        self.root_counts = None
        if root_counts is not None:
            counts = np.asarray(root_counts, dtype=np.float64)
            self.root_counts = counts
            self.prior_input = counts / counts.sum()

    def probabilities(self, values):
        """Class frequencies of the nodes.  Under rpart's policy (``root_counts``, the
        class weights of the root) they are computed as rpart's ``type = "prob"`` with
        the observed class frequencies as priors -- ``counts * (prior / max(1, root
        counts))`` normalised --, equal to the plain frequencies up to rounding, and the
        rounding CART's AUC trees have always had."""
        if self.root_counts is None:
            return super().probabilities(values)
        counts = np.asarray(values, dtype=float)
        temp = counts * (self.prior_input / np.maximum(1.0, self.root_counts))
        with np.errstate(invalid="ignore", divide="ignore"):
            return temp / temp.sum(axis=1, keepdims=True)


class AnovaCriterion(Criterion):
    """Squared-error criterion: value = weighted mean, risk = weighted sum of squares
    (rpart's anova.c)."""

    c_kind = 3
    n_outputs = 1

    def node_value(self, y, w):
        y = np.asarray(y, dtype=np.float64)
        w = np.asarray(w, dtype=np.float64)
        mean = _seqsum(y * w) / _seqsum(w)
        ss = _seqsum((y - mean) ** 2 * w)
        return np.array([mean]), ss

    def predictions(self, values):
        return np.asarray(values, dtype=np.float64)[:, 0]

    def row_error(self, y, pred):
        return (y - pred) ** 2
