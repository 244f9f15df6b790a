"""Hand & Till (2001) multiclass AUC."""
import sys

import numpy as np

from .. import _kernels
from .._results import MulticlassAUCResult
from .._labels import class_labels
from .._validation import as_float_array
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
        Class labels (C >= 2 distinct values), read by the label contract: numbers,
        booleans and strings sorted; a pandas Categorical (an R factor) in its level
        order.
    y_prob : array-like or DataFrame of shape (n_samples, C)
        Scores (e.g. class probabilities).  A DataFrame with named columns has its
        columns **matched to the classes by name** (exactly, or by their text: columns
        "0", "1" match classes 0, 1), in any order, as pROC's ``multiclass.roc`` does;
        names that do not match the classes one to one raise ``ValueError``.  A plain
        array (or a DataFrame with the default 0..C-1 columns) is positional: column c
        belongs to ``labels[c]``.
    labels : sequence, optional
        The classes, in the order of the result (and of the columns of a positional
        ``y_prob``).  Default: the classes of ``y_true`` in class order.  Every label
        must occur in ``y_true`` (A(i|j) is undefined otherwise); an unused category of
        a categorical ``y_true`` is an error unless ``labels`` leaves it out.

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

    With named columns the order of the columns does not matter:

    >>> import pandas as pd
    >>> df = pd.DataFrame(p, columns=["0", "1", "2"])[["2", "0", "1"]]
    >>> round(rocstats.multiclass_auc(y, df).auc, 12) == round(11 / 12, 12)
    True
    """
    cl = class_labels(y_true, name="y_true")
    names = _column_names(y_prob)
    P = as_float_array(y_prob, "y_prob", ndim=(2,))
    if P.shape[0] != cl.codes.shape[0]:
        raise ValueError("y_true has %d rows but y_prob has %d" % (cl.codes.shape[0],
                                                                 P.shape[0]))
    counts = cl.counts
    if labels is None:
        unused = cl.classes[counts == 0].tolist()
        if unused:
            raise ValueError("y_true has categories %s with no rows; A(i|j) is undefined for "
                             "them: drop them (.cat.remove_unused_categories()) or pass "
                             "labels=" % unused)
        labels = cl.classes
        codes = cl.codes
    else:
        labels = np.asarray(labels)
        if labels.ndim != 1 or len(set(labels.tolist())) != labels.size:
            raise ValueError("labels must be a 1-D sequence of distinct class labels, got %r"
                             % (labels.tolist(),))
        present = cl.classes[counts > 0].tolist()
        missing = [c for c in labels.tolist() if c not in present]
        if missing:
            raise ValueError("labels %s do not occur in y_true; A(i|j) is undefined for them"
                             % missing)
        extra = [c for c in present if c not in labels.tolist()]
        if extra:
            raise ValueError("y_true has labels %s that are not in labels" % extra)
        where = {c: i for i, c in enumerate(labels.tolist())}
        remap = np.full(cl.classes.size, -1, dtype=np.int64)
        for i, c in enumerate(cl.classes.tolist()):
            if c in where:
                remap[i] = where[c]
        codes = remap[cl.codes]
    C = labels.size
    if C < 2:
        raise ValueError("y_true must have at least 2 classes, got %d" % C)
    if names is not None:
        P = P[:, _match_columns(names, labels.tolist())]
    elif P.shape[1] != C:
        raise ValueError("y_prob has %d columns but there are %d classes %s"
                         % (P.shape[1], C, labels.tolist()))
    members = [np.flatnonzero(codes == i) for i in range(C)]
    pairwise = np.full((C, C), np.nan)
    for i in range(C):
        col = P[:, i]
        sorted_by_class = [np.sort(col[idx]) for idx in members]
        for j in range(C):
            if i != j:
                pos, neg = sorted_by_class[i], sorted_by_class[j]
                pairwise[i, j] = auc_from_twice_u(_kernels.roc.auc2u_sorted(pos, neg),
                                                  pos.size, neg.size)
    off = ~np.eye(C, dtype=bool)
    return MulticlassAUCResult(float(pairwise[off].mean()), pairwise, tuple(labels.tolist()),
                               tuple(int(idx.size) for idx in members))


def _column_names(y_prob):
    """The column names of a DataFrame ``y_prob``; None for arrays and for a DataFrame
    whose columns are the default 0..C-1 RangeIndex (positional, i.e. unnamed)."""
    pd = sys.modules.get("pandas")
    if pd is None or not isinstance(y_prob, pd.DataFrame):
        return None
    cols = y_prob.columns
    if isinstance(cols, pd.RangeIndex) and cols.start == 0 and cols.step == 1:
        return None
    return list(cols)


def _match_columns(names, classes):
    """Column index of each class, matching names exactly, else by their text."""
    def lookup(key):
        table = {}
        for j, c in enumerate(names):
            table.setdefault(key(c), []).append(j)
        return table

    for key in (lambda v: v, str):
        try:
            table = lookup(key)
        except TypeError:            # unhashable names
            continue
        if all(len(table.get(key(c), [])) == 1 for c in classes) and len(names) == len(classes):
            return [table[key(c)][0] for c in classes]
    raise ValueError("y_prob's column names %s do not match the classes %s one to one; "
                     "name the columns by class (pROC matches them by name), or pass a "
                     "plain array whose column c belongs to labels[c]"
                     % ([str(c) for c in names], [str(c) for c in classes]))
