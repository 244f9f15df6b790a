"""Hand & Till (2001) multiclass AUC."""
import numpy as np

from .. import _kernels
from .._results import MulticlassAUCResult
from .._validation import _unique, as_float_array, as_label_array
from ._auc import auc_from_twice_u


def multiclass_auc(y_true, y_prob, *, labels=None):
    r"""Hand & Till's multiclass AUC M, with every pairwise AUC.

    For classes i != j, A(i|j) is the AUC of column i of ``y_prob`` separating class i
    (positive) from class j, computed on the rows of classes i and j only (ties 1/2).
    Then

    .. math:: M = \frac{1}{C(C-1)} \sum_{i \ne j} A(i|j)
                = \frac{2}{C(C-1)} \sum_{i<j} \frac{A(i|j) + A(j|i)}{2}

    (Hand & Till 2001, Machine Learning 45:171, eq. 7; the MROC of seed 001).  Equal to
    ``sklearn.metrics.roc_auc_score(y, p, multi_class="ovo")`` and randomForestSRC's
    ``get.auc``.  The columns need not sum to one.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        Class labels (C >= 2 distinct values).
    y_prob : array-like of shape (n_samples, C)
        Scores (e.g. class probabilities); column c belongs to ``labels[c]``.
    labels : sequence, optional
        The class of each column.  Default: the sorted distinct values of ``y_true``.
        Every label must occur in ``y_true`` (A(i|j) is undefined otherwise).

    Returns
    -------
    MulticlassAUCResult
        ``auc`` (M), ``pairwise`` (C x C matrix of A(i|j), NaN diagonal), ``labels``,
        ``class_counts``.

    Examples
    --------
    Three classes; columns 1 and 2 each misorder one of the four (class 1, class 2)
    pairs, so A(1|2) = A(2|1) = 3/4, the other four A(i|j) are 1 and M = 11/12.

    >>> import rocstats
    >>> y = [0, 0, 1, 1, 2, 2]
    >>> p = [[.8, .1, .1], [.7, .2, .1], [.1, .6, .3], [.1, .3, .6],
    ...      [.1, .4, .5], [.2, .1, .7]]
    >>> round(rocstats.multiclass_auc(y, p).auc, 12) == round(11 / 12, 12)
    True
    """
    y = as_label_array(y_true)
    P = as_float_array(y_prob, "y_prob", ndim=(2,))
    if P.shape[0] != y.shape[0]:
        raise ValueError("y_true has %d rows but y_prob has %d" % (y.shape[0], P.shape[0]))
    present = _unique(y)
    if labels is None:
        labels = present
    else:
        labels = np.asarray(labels)
        if labels.ndim != 1 or len(set(labels.tolist())) != labels.size:
            raise ValueError("labels must be a 1-D sequence of distinct class labels")
        missing = [c for c in labels.tolist() if not np.any(y == c)]
        if missing:
            raise ValueError("labels %s do not occur in y_true; A(i|j) is undefined for them"
                             % missing)
        extra = [c for c in present.tolist() if c not in set(labels.tolist())]
        if extra:
            raise ValueError("y_true has labels %s that are not in labels" % extra)
    C = labels.size
    if C < 2:
        raise ValueError("y_true must have at least 2 classes, got %d" % C)
    if P.shape[1] != C:
        raise ValueError("y_prob has %d columns but there are %d classes %s"
                         % (P.shape[1], C, labels.tolist()))
    members = [np.flatnonzero(y == c) for c in labels.tolist()]
    pairwise = np.full((C, C), np.nan)
    for i in range(C):
        col = P[:, i]
        sorted_by_class = [np.sort(col[idx]) for idx in members]
        for j in range(C):
            if i != j:
                pos, neg = sorted_by_class[i], sorted_by_class[j]
                pairwise[i, j] = auc_from_twice_u(_kernels.auc2u_sorted(pos, neg),
                                                  pos.size, neg.size)
    off = ~np.eye(C, dtype=bool)
    return MulticlassAUCResult(float(pairwise[off].mean()), pairwise, tuple(labels.tolist()),
                               tuple(int(idx.size) for idx in members))
