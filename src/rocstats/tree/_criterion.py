"""Split criteria for the CART engine.

A criterion says how a node is valued (its prediction and its risk, rpart's ``dev``) and
how a candidate split is scored.  Two families:

* **Additive** criteria (:class:`GiniCriterion` for ``"gini"`` and ``"information"``,
  :class:`AnovaCriterion`) have a C kernel (``c_kind`` 1, 2, 3): one sorted sweep per
  numeric feature, running sums only.  Their definitions follow rpart 4.1 (gini.c and
  anova.c; Breiman et al. 1984, ch. 4) and Hastie, Tibshirani & Friedman, *The Elements
  of Statistical Learning* (ESL, 2nd ed.), section 9.2 -- equation numbers below are
  ESL's:

  - Impurity of a node m with class proportions :math:`\\hat p_{mk}`, eq. (9.17): Gini
    :math:`\\sum_k \\hat p_{mk}(1-\\hat p_{mk})`, cross-entropy
    :math:`-\\sum_k \\hat p_{mk}\\log\\hat p_{mk}` (natural log; rpart's
    ``"information"``).  As ESL prescribes after (9.17), a split is scored by the
    node-size-weighted impurities, :math:`N_m Q_m - N_{m_L} Q_{m_L} - N_{m_R} Q_{m_R}`
    (rpart's ``improve``; sizes are sums of case weights).
  - Priors :math:`\\pi_j` and a loss matrix :math:`L` (ESL 9.2.4, "The Loss Matrix":
    :math:`L_{kk'}` is the loss of classifying a class-k observation as k') enter the
    growing as Breiman's *altered priors* :math:`\\tilde\\pi_j \\propto \\pi_j
    \\sum_k L_{jk}` (rpart's gini.c): a row of class j weighs :math:`a_j w_i` with
    :math:`a_j = \\tilde\\pi_j / f_j`, :math:`f_j` the weighted class frequency at the
    root.  The impurity of a node A is :math:`W_A \\sum_j i(p_j)` with
    :math:`W_A = \\sum_{i\\in A} a_{y_i} w_i`, :math:`p_j = a_j n_{jA} / W_A`.  With two
    classes and default priors this is ESL's recommendation to weight the observations
    of class k by :math:`L_{k,1-k}` (section 9.2.4; also the spam example, 9.2.5).
    rpart does *not* use ESL's other suggestion, the loss-weighted Gini
    :math:`\\sum_{k\\ne k'} L_{kk'}\\hat p_{mk}\\hat p_{mk'}`, and neither do we.
  - The node risk is the Bayes risk :math:`\\min_k \\sum_j n_{jA} L_{jk} \\pi_j / f_j`
    and the predicted class its argmin, the empirical Bayes rule of ESL 9.2.4,
    :math:`k(m) = \\arg\\min_k \\sum_\\ell L_{\\ell k}\\hat p_{m\\ell}` with the
    prior-weighted proportions :math:`\\hat p_{m\\ell} \\propto n_{\\ell A}\\pi_\\ell /
    f_\\ell` (first class on ties).  With unit loss and priors equal to the class
    frequencies it is :math:`N_m` times the misclassification error of (9.17),
    :math:`1 - \\hat p_{mk(m)}` -- the measure ESL recommends for pruning.
  - Anova: node value :math:`\\hat c_m` = weighted mean, eq. (9.11); risk = weighted
    sum of squares :math:`N_m Q_m`, eq. (9.15); the split minimises
    :math:`N_{m_L} Q_{m_L} + N_{m_R} Q_{m_R}`, eq. (9.13)-(9.14), and rpart reports the
    improvement as the fraction of :math:`N_m Q_m` it removes.

* **Non-additive** criteria (an AUC split, Rossa's chi-square) subclass
  :class:`NonAdditiveCriterion` and score each admissible cut from the node's rows
  sorted by the feature; the engine then takes a generic Python path.

The ESL formulas are checked against independent computations in
``tests/test_cart_issue9.py`` (section "seed check").
"""
import numpy as np

__all__ = ["Criterion", "GiniCriterion", "AnovaCriterion", "NonAdditiveCriterion"]

LEFT, RIGHT = -1, 1


def _seqsum(a):
    a = np.asarray(a, dtype=np.float64)
    return float(np.cumsum(a)[-1]) if a.size else 0.0


def r_sum(a):
    """R's ``sum()`` of doubles: a left-to-right sum in ``long double`` (80-bit extended
    on x86-64, as R's ``rsum`` accumulates in ``LDOUBLE``), rounded to double once at
    the end.  rpart computes its class counts and default priors in R
    (``tapply(wt, y, sum)``, ``counts / sum(counts)``), the rest in C doubles; with
    non-integer case weights the two differ in the last bits, and those bits decide
    exact ties between splits (see :class:`GiniCriterion`)."""
    a = np.asarray(a, dtype=np.float64)
    return float(np.cumsum(a, dtype=np.longdouble)[-1]) if a.size else 0.0


def default_prior(y, w, n_classes):
    """rpart's default prior, bit for bit: ``counts / sum(counts)`` with
    ``counts = tapply(wt, y, sum)`` computed by R (:func:`r_sum`); also returns
    ``counts`` (rpart's ``init$counts``)."""
    y = np.asarray(y, dtype=np.int64)
    w = np.asarray(w, dtype=np.float64)
    counts = np.array([r_sum(w[y == j]) for j in range(int(n_classes))])
    total = r_sum(counts)
    return counts / total, counts


class Criterion:
    """Interface every split criterion implements.

    Attributes
    ----------
    c_kind : int or None
        1 (Gini), 2 (information), 3 (anova) selects the C split kernels; ``None``
        makes the splitter call :meth:`best_numeric` / :meth:`best_categorical`.
    n_outputs : int
        Length of the per-node value stored in the tree (class counts or the mean).
    aprior : ndarray or None
        Per-class weight multipliers used by the C kernels (classification only).
    nclass : int
        Number of classes (0 for regression).
    """

    c_kind = None
    n_outputs = 1
    aprior = None
    nclass = 0

    def node_value(self, y, w):
        """``(value, risk)`` of a node holding responses ``y`` with weights ``w``."""
        raise NotImplementedError

    def best_numeric(self, x, y, w, *, min_bucket, node_risk):
        """Best cut of rows already sorted by ``x`` (no missing values, weights > 0).

        Returns ``(improve, threshold, direction)`` with direction -1 (``x <
        threshold`` goes left) or +1 (``x >= threshold`` goes left), or ``None`` when no
        cut leaves ``min_bucket`` rows on each side.
        """
        raise NotImplementedError

    def best_categorical(self, codes, y, w, *, n_levels, min_bucket, node_risk):
        """Best partition of level codes ``codes`` (0..n_levels-1): ``(improve, csplit)``
        with csplit[l] in {-1 left, +1 right, 0 absent}, or ``None``."""
        raise NotImplementedError


class GiniCriterion(Criterion):
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
    (:func:`r_sum`).  With integer weights both are exact; with non-integer weights
    :math:`\\pi_j / f_j` then differs from 1 by an ulp or so, exactly as in rpart, and
    those last bits decide between splits whose improvements (or risk gains) are equal
    in exact arithmetic -- two variables giving the same partition, or with ``cp = 0`` a
    split that does not lower the risk.  Reproducing them is what makes such ties go
    rpart's way (issue 9 item 10; ``tests/test_tree_rpart_random.py``, stored case
    ``birthwt_weighted``).  Remaining sources of a different tie-break: a platform
    whose ``long double`` differs from the one R was built with (NumPy's
    ``np.longdouble`` is the C compiler's, as R's ``LDOUBLE``), and the NumPy fallback
    kernels on more than ``RPART_ORDER_MAX`` rows (``_kernels/numpy/tree.py``).
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

    def class_counts(self, y, w):
        y = np.asarray(y, dtype=np.int64)
        return np.bincount(y, weights=np.asarray(w, dtype=np.float64),
                           minlength=self.nclass)[:self.nclass]

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

    def node_value(self, y, w):
        counts = self.class_counts(y, w)
        _, risk, _ = self.node_summary(counts)
        return counts, risk


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


class NonAdditiveCriterion(Criterion):
    """Base class for statistics that are not sums over rows (AUC, chi-square).

    Subclasses implement :meth:`node_value` and :meth:`score_cuts`; the engine calls
    :meth:`best_numeric` for every numeric feature with the node's rows sorted by the
    feature (a generic Python path, no C kernel).  Categorical features are handled by
    ordering the levels present by :meth:`level_key` (default: the weighted mean of
    ``y``) and sweeping the ordered levels like a numeric feature.
    """

    def score_cuts(self, y, w, n_left):
        """Score cuts of rows sorted by the feature.

        Parameters
        ----------
        y, w : ndarray
            Responses and weights in sorted order.
        n_left : ndarray of int
            Candidate left-side sizes (each leaves at least ``min_bucket`` rows on each
            side and falls between distinct feature values).

        Returns
        -------
        improve : ndarray of float
            Gain of each cut (larger is better; <= 0 means no gain).
        direction : ndarray of int
            -1 to send the lower part left, +1 to send it right.
        """
        raise NotImplementedError

    def level_key(self, y, w):
        return _seqsum(np.asarray(y) * w) / _seqsum(w)

    def best_numeric(self, x, y, w, *, min_bucket, node_risk):
        k = x.size
        n_left = np.arange(1, k)
        ok = (n_left >= min_bucket) & (k - n_left >= min_bucket) & (x[1:] != x[:-1])
        n_left = n_left[ok]
        if n_left.size == 0:
            return None
        improve, direction = self.score_cuts(y, w, n_left)
        improve = np.asarray(improve, dtype=np.float64)
        best = int(np.argmax(np.where(np.isnan(improve), -np.inf, improve)))
        if not improve[best] > 0:
            return None
        cut = n_left[best]
        return float(improve[best]), (x[cut - 1] + x[cut]) / 2, int(np.asarray(direction)[best])

    def best_categorical(self, codes, y, w, *, n_levels, min_bucket, node_risk):
        present = np.unique(codes).astype(np.int64)
        keys = np.array([self.level_key(y[codes == l], w[codes == l]) for l in present])
        order = present[np.argsort(keys, kind="stable")]
        rank = np.empty(n_levels)
        rank[order] = np.arange(order.size)
        r = rank[codes.astype(np.int64)]
        srt = np.argsort(r, kind="stable")
        res = self.best_numeric(r[srt], y[srt], w[srt], min_bucket=min_bucket,
                                node_risk=node_risk)
        if res is None:
            return None
        improve, thr, direction = res
        csplit = np.zeros(n_levels, dtype=np.int64)
        low = order[np.arange(order.size) < thr]
        high = order[np.arange(order.size) >= thr]
        csplit[low] = direction
        csplit[high] = -direction
        return improve, csplit
