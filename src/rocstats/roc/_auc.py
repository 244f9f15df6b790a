"""Empirical AUC as the Mann-Whitney U statistic."""
from .. import _kernels
from .._validation import check_binary, warn_one_class


def auc_from_twice_u(twice_u, m, n):
    """AUC = 2U / (2 m n), correctly rounded from exact integers (no overflow)."""
    return int(twice_u) / (2 * int(m) * int(n))


def auc(y_true, y_score, *, pos_label=None, direction="<"):
    r"""Area under the empirical ROC curve (Mann-Whitney U / (m n), ties count 1/2).

    .. math:: \hat A = \frac{1}{mn}\sum_{i=1}^{m}\sum_{j=1}^{n}
              \Big[\mathbb 1(X_i > Y_j) + \tfrac12 \mathbb 1(X_i = Y_j)\Big]

    with :math:`X_i` the m positive and :math:`Y_j` the n negative scores
    (Bamber 1975; Hanley & McNeil 1982).  Computed by one sort of each class and a
    merge sweep counting in 64-bit integers, so it is exact for any m n that fits in
    memory (no 32-bit overflow, pROC issue #19).

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        Two-class labels.  With ``pos_label=None`` they must be {0, 1}, {-1, 1} or
        booleans and 1 / True is the positive class.
    y_score : array-like of shape (n_samples,)
        Finite scores; NaN or inf raise ``ValueError``.
    pos_label : label, optional
        The positive class.
    direction : {"<", ">"}
        ``"<"``: negatives (controls) score lower than positives (cases), as pROC's
        ``direction="<"``.  ``">"``: lower scores are more positive.  Never guessed.

    Returns
    -------
    float
        The AUC, or NaN with an :class:`UndefinedAUCWarning` if a class is absent.

    Examples
    --------
    Positives 0.4, 0.8 and negatives 0.1, 0.4, 0.35: of the 6 pairs, 5 are ordered
    correctly and one, (0.4, 0.4), is tied and counts 1/2, so U = 5.5 and AUC = 5.5 / 6:

    >>> import rocstats
    >>> rocstats.auc([1, 1, 0, 0, 0], [0.4, 0.8, 0.1, 0.4, 0.35])
    0.9166666666666666
    """
    labels, score = check_binary(y_true, y_score, pos_label=pos_label, direction=direction)
    is_pos = labels.is_pos
    m = int(is_pos.sum())
    n = is_pos.size - m
    if warn_one_class(m, n):
        return float("nan")
    pos, neg = _kernels.roc.split_sort(is_pos, score)
    return auc_from_twice_u(_kernels.roc.auc2u_sorted(pos, neg), m, n)
