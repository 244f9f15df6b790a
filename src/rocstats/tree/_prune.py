"""Cost-complexity pruning: node complexities, the complexity table, pruning, K-fold
cross-validation and the one-standard-error rule, as rpart 4.1.19 computes them.

Source of the method: Breiman, Friedman, Olshen & Stone (1984), *Classification and
Regression Trees*, chapter 3 (minimal cost-complexity pruning, weakest-link cutting,
cross-validation and the 1-SE rule); Hastie, Tibshirani & Friedman, *The Elements of
Statistical Learning* (ESL, 2nd ed.), section 9.2.2: the cost-complexity criterion
eq. (9.16), :math:`C_\\alpha(T) = \\sum_{m=1}^{|T|} N_m Q_m(T) + \\alpha |T|`, whose
:math:`N_m Q_m` is a leaf's risk -- rpart's ``dev``: the sum of squares of eq. (9.15)
for regression, the misclassification cost (eq. (9.17) with priors and losses, see
`rocstats.tree._criterion`) for classification, as ESL 9.2.3 recommends for
pruning; weakest-link pruning (collapse the internal node with the smallest increase of
:math:`\\sum_m N_m Q_m` per leaf removed), whose nested sequence contains the smallest
minimiser :math:`T_\\alpha` of (9.16) for every :math:`\\alpha`; and K-fold
cross-validation to choose :math:`\\alpha` (the 1-SE rule: ESL section 9.2.5, Figure
9.4).  rpart's ``cp`` is :math:`\\alpha / R(\\text{root})`.  Reference implementation: rpart
(``partition.c``, ``make_cp_list.c``, ``make_cp_table.c``, ``xval.c``, ``rundown.c``,
``gini.c``, ``anova.c``; ``prune.rpart``), read to learn what it does; the code below is
our own.

Units.  ``Tree.risk`` is rpart's node deviance ``dev`` and ``Tree.complexity`` is
rpart's node complexity *in the same units* (what rpart's C code holds before the R
side divides by the root risk); tables and ``prune`` speak the scaled cp of
``rpart.control(cp=)`` / ``cptable`` / ``frame$complexity``, i.e. complexity divided by
the root node's risk.  A leaf's complexity is the growing threshold
``alpha = cp * root risk`` (or, for a node whose split was undone because it did not pay
for itself, that smaller value), as in rpart's frame.
"""
import math
import warnings
from dataclasses import dataclass

import numpy as np

from ._builder import collapse_children

__all__ = ["node_complexity", "fixed_complexity", "cp_table", "prune", "prune_cptable",
           "cross_validate", "fold_weight_ratios", "xval_directions", "one_se_rule",
           "OneSEResult"]


def _children(tree):
    if not tree.finalized:
        raise ValueError("tree must be finalized (Tree.finalize()) before pruning")
    return np.asarray(tree.left), np.asarray(tree.right)


def _postorder(tree):
    """Node indices, children before parents (preorder reversed works for a preorder tree)."""
    return range(tree.node_count - 1, -1, -1)


def node_complexity(tree, *, alpha):
    """rpart's per-node complexity of a grown tree (``partition.c``), in risk units.

    For an internal node ``t`` with subtrees ``L`` and ``R`` rpart computes, bottom-up,
    ``(R(t) - R_L - R_R) / (s_L + s_R + 1)`` where ``R_L`` / ``s_L`` are the risk and the
    number of splits of the left subtree *after* collapsing a child whose own complexity
    is below the running value (the child that "collapses first", then possibly the
    other); the parent then sees this partially collapsed subtree.  Leaves get
    ``alpha`` (the growing threshold, ``cp * root risk``) unless ``tree.complexity``
    already holds a finite value for them (rpart keeps the smaller value of a node whose
    split was undone).

    Parameters
    ----------
    tree : Tree
        Finalized; ``risk`` holds the node risks.
    alpha : float
        ``cp * root risk`` used when the tree was grown.

    Returns
    -------
    ndarray of float64
        Complexity of each node (not yet capped by the parents'; see
        `fixed_complexity`).
    """
    left, right = _children(tree)
    risk = np.asarray(tree.risk, dtype=np.float64)
    given = np.asarray(tree.complexity, dtype=np.float64)
    comp = np.empty(tree.node_count)
    sumrisk = np.empty(tree.node_count)
    nsplit = np.zeros(tree.node_count, dtype=np.int64)
    for t in _postorder(tree):
        if left[t] < 0:
            comp[t] = given[t] if np.isfinite(given[t]) else alpha
            sumrisk[t] = risk[t]
            continue
        lt, rt = left[t], right[t]
        ls, lr, rs, rr = collapse_children(risk[t], nsplit[lt], sumrisk[lt], comp[lt],
                                           risk[lt], nsplit[rt], sumrisk[rt], comp[rt],
                                           risk[rt])
        comp[t] = (risk[t] - (lr + rr)) / (ls + rs + 1)
        sumrisk[t] = lr + rr
        nsplit[t] = ls + rs + 1
    return comp


def fixed_complexity(tree, *, alpha=None):
    """Each node's complexity capped by its ancestors' (rpart's ``fix_cp`` /
    ``make_cp_list``): a node disappears when any ancestor is pruned.  This is the
    ``complexity`` column of rpart's ``frame`` (before scaling)."""
    left, right = _children(tree)
    comp = np.array(tree.complexity, dtype=np.float64)
    if np.isnan(comp).any():
        raise ValueError("tree.complexity has NaN entries; compute them first "
                         "(node_complexity(tree, alpha=...))")
    parent = np.asarray(tree.parent)
    for t in range(1, tree.node_count):               # preorder: parents first
        cap = comp[parent[t]]
        if alpha is not None:
            cap = max(cap, alpha)
        if comp[t] > cap:
            comp[t] = cap
    return comp


def _infer_alpha(tree, comp):
    leaves = np.asarray(tree.left) < 0
    return float(np.max(comp[leaves]))


def cp_table(tree, *, root_risk=None, alpha=None):
    """rpart's complexity table of a grown tree (``make_cp_list`` + ``make_cp_table``).

    One row per distinct complexity value ``c`` (largest first): the subtree obtained
    by collapsing every node whose complexity is at most ``c`` -- the nested sequence of
    weakest-link pruning (Breiman et al. 1984, section 3.3; ESL section 9.2.2): for
    :math:`\\alpha = c \\cdot R(\\text{root})` up to the next larger value it is the
    smallest subtree minimising :math:`C_\\alpha(T)` of ESL eq. (9.16) -- with its
    number of splits (:math:`|T| - 1`) and its risk :math:`\\sum_m N_m Q_m(T)`.

    Parameters
    ----------
    tree : Tree
        Finalized, with ``complexity`` set for every node (risk units).
    root_risk : float, optional
        Divisor giving the scaled values (default ``tree.risk[0]``, which is what rpart
        uses).
    alpha : float, optional
        ``cp * root risk`` of the growing run; the table stops there.  Default: the
        largest leaf complexity, which is ``alpha`` for every tree rpart grows.

    Returns
    -------
    pandas.DataFrame
        Columns ``CP`` (complexity / root risk), ``nsplit``, ``rel error``
        (risk / root risk), index 1..m like R's row names.

    Examples
    --------
    A root (risk 10) split into nodes of risk 6 and 3; the first of them split into
    leaves of risk 2 and 1, the second into leaves of risk 1 and 1.  Weakest link: the
    right split gains 1 per split (cp 1/10), then the two remaining splits gain
    (10 - 6)/2 = 2 per split (cp 2/10):

    >>> from rocstats.tree._tree import Tree, Split, LT
    >>> t = Tree(n_features=1, n_outputs=1)
    >>> def node(parent, is_left, risk):
    ...     return t.add_node(parent=parent, is_left=is_left, n=1, weight=1.0,
    ...                       value=[0.0], risk=risk)
    >>> r = node(-1, True, 10); t.set_split(r, Split(0, LT, 0.5))
    >>> a = node(r, True, 6); t.set_split(a, Split(0, LT, 0.2))
    >>> _ = node(a, True, 2); _ = node(a, False, 1)
    >>> b = node(r, False, 3); t.set_split(b, Split(0, LT, 0.7))
    >>> _ = node(b, True, 1); _ = node(b, False, 1)
    >>> t.complexity = node_complexity(t.finalize(), alpha=0.1)
    >>> cp_table(t)
         CP  nsplit  rel error
    1  0.20       0        1.0
    2  0.10       2        0.6
    3  0.01       3        0.5
    """
    import pandas as pd

    left, right = _children(tree)
    risk = np.asarray(tree.risk, dtype=np.float64)
    comp = np.array(tree.complexity, dtype=np.float64)
    if np.isnan(comp).any():
        raise ValueError("tree.complexity has NaN entries; compute them first "
                         "(node_complexity(tree, alpha=...))")
    if root_risk is None:
        root_risk = float(risk[0])
    if not (np.isfinite(root_risk) and (root_risk > 0 or (root_risk == 0 and left[0] < 0))):
        raise ValueError("root_risk must be a positive number (0 only for a tree without "
                         "splits), got %r" % (root_risk,))
    if alpha is None:
        alpha = _infer_alpha(tree, comp)
    root_cp = comp[0]
    cps = [root_cp]                 # kept sorted decreasing; exact ties merged
    table_risk = [risk[0]]
    table_nsplit = [0]

    if left[0] >= 0:
        # make_cp_list: cap each node by its parent's value, floor the listed value at
        # alpha, list values smaller than the parent's (post-order, as rpart inserts)
        me_cp = np.empty(tree.node_count)
        fixed = comp.copy()

        def cp_list(t, parent):
            if fixed[t] > parent:
                fixed[t] = parent
            v = max(fixed[t], alpha)
            me_cp[t] = v
            if left[t] >= 0:
                cp_list(left[t], v)
                cp_list(right[t], v)
            if v < parent:
                _insert(cps, table_risk, table_nsplit, v)

        cp_list(0, root_cp)
        # make_cp_table: every node adds its risk (and its split count) to the rows whose
        # cp is below its parent's complexity, walking up from the row it returns
        def cp_fill(t, parent, nsplit):
            if left[t] >= 0:
                cp_fill(left[t], fixed[t], 0)
                k = cp_fill(right[t], fixed[t], nsplit + 1)
            else:
                k = len(cps) - 1
            while cps[k] < parent:
                table_risk[k] += risk[t]
                table_nsplit[k] += nsplit
                k -= 1
            return k

        cp_fill(0, root_cp, 0)
    # a root of zero risk (constant response, all weight on one class) is never split;
    # rpart scales by 1/0 and reports CP = rel error = 0 * Inf = NaN, and so do we
    scale = 1.0 / root_risk if root_risk > 0 else np.inf
    with np.errstate(invalid="ignore"):
        return pd.DataFrame({"CP": np.asarray(cps) * scale,
                             "nsplit": np.asarray(table_nsplit, dtype=np.int64),
                             "rel error": np.asarray(table_risk) * scale},
                            index=pd.RangeIndex(1, len(cps) + 1))


def _insert(cps, risks, nsplits, v):
    for i, c in enumerate(cps):
        if v == c:
            return
        if v > c:
            cps.insert(i, v)
            risks.insert(i, 0.0)
            nsplits.insert(i, 0)
            return
    cps.append(v)
    risks.append(0.0)
    nsplits.append(0)


def prune(tree, cp, *, root_risk=None):
    """The subtree rpart's ``prune.rpart(tree, cp)`` keeps: every internal node whose
    (ancestor-capped, scaled) complexity is at most ``cp`` becomes a leaf.

    Parameters
    ----------
    tree : Tree
        Finalized, with complexities (risk units).
    cp : float
        Scaled complexity threshold (as in the ``CP`` column of `cp_table`).
    root_risk : float, optional
        Default ``tree.risk[0]``.

    Returns
    -------
    Tree
        A new tree (node numbers kept); ``tree`` itself when nothing is pruned.
    """
    cp = float(cp)
    if not math.isfinite(cp) or cp < 0:
        raise ValueError("cp must be a finite number >= 0, got %r" % (cp,))
    internal = np.asarray(tree.left) >= 0
    if not internal.any():
        return tree                        # a single leaf (also: a root of zero risk)
    if root_risk is None:
        root_risk = float(tree.risk[0])
    scaled = fixed_complexity(tree) * (1.0 / root_risk)
    toss = internal & (scaled <= cp)
    if not toss.any():
        return tree
    return tree.subtree(~toss)


def prune_cptable(cptable, cp):
    """The complexity table of ``prune(tree, cp)`` as ``prune.rpart`` makes it: rows of
    ``cptable`` up to the pruned tree, the last row's ``CP`` replaced by ``cp``."""
    cps = np.maximum(cptable["CP"].to_numpy(dtype=np.float64), float(cp))
    _, first = np.unique(cps, return_index=True)
    keep = np.sort(first)
    out = cptable.iloc[keep].copy()
    out.iloc[-1, out.columns.get_loc("CP")] = float(cp)
    return out


# ------------------------------------------------------------------ cross-validation
def fold_weight_ratios(w, folds):
    """The factor rpart applies, fold by fold, to the growing threshold ``alpha`` and
    to the cp grid: ``W_train(fold) / W`` (case weights), accumulated as rpart does
    (each fold multiplies the previous fold's value by ``W_train(k) / W_train(k-1)``).

    ``fit_fold`` closures given to `cross_validate` grow with
    ``alpha * ratio[k]`` where ``alpha = cp * root risk`` of the full fit.

    Returns
    -------
    list of float, one per fold id 1..K (K = number of distinct fold ids)
    """
    w = np.asarray(w, dtype=np.float64)
    folds = np.asarray(folds)
    n_xval = len(np.unique(folds))
    total = float(np.sum(w))
    old = total
    factor = 1.0
    out = []
    for g in range(1, n_xval + 1):
        temp = float(np.sum(w[folds != g]))
        factor *= temp / old
        old = temp
        out.append(factor)
    return out


def xval_directions(tree):
    """Per-node direction for rows no split can route, in rpart's cross-validation walk
    (``branch.c``): its ``lastsurrogate`` (the side the primary sent more weight to),
    and the right child when that is 0 (a tie, or no surrogate search)."""
    return np.where(np.asarray(tree.last_surrogate) == -1, -1, 1).astype(np.int8)


def cross_validate(fit_fold, X, y, w, folds, cptable, *, criterion, use_surrogate=2,
                   root_risk=None):
    """K-fold cross-validated risk of every row of a complexity table (rpart ``xval.c``).

    For fold ``k = 1..K`` (``K`` = number of distinct fold ids) the tree is regrown on the
    other rows (``fit_fold``); each held-out row is run down that tree and, for every
    row of ``cptable``, stopped at the first node whose complexity is at most that row's
    threshold.  Thresholds are the geometric means of adjacent ``CP`` values
    (``10 * CP_1`` for the first row), in risk units and multiplied by the training
    weight share of the fold, as rpart does.  Each held-out row adds ``w * e`` to
    ``xerror`` and ``w * e**2`` to the variance sum, ``e`` the criterion's charge of the
    row at the node where it stops (`rocstats.tree._criterion.Criterion.row_error`
    of the node's `rocstats.tree._criterion.Criterion.predictions`; rpart's
    ``eval`` of its method table): the squared error for anova, ``prior_adj[y] *
    loss[pred, y]`` for rpart's classification (see
    `rocstats.tree._criterion.GiniCriterion.row_error` for the transposed loss),
    a misclassification for the count criteria.

    ``xerror = sum / root risk``; ``xstd = sqrt(sum w e^2 - (sum w e)^2 / W) / root risk``
    (``W`` the total case weight).

    A row that cannot descend (primary and usable surrogates missing with
    ``use_surrogate < 2``) before its node is reached: rpart (``rundown.c``) leaves the
    error of the remaining table rows unchanged from the previous held-out row it
    evaluated (a buffer that is zero at the start); reproduced here.

    Parameters
    ----------
    fit_fold : callable
        ``fit_fold(train_idx) -> Tree``: grows the tree on rows ``train_idx`` (int
        array) with the same controls, the growing threshold ``alpha * ratio`` (see
        `fold_weight_ratios`), and -- for rpart's classification -- the class
        weights of the *full* data (rpart does not recompute priors in the folds).  The
        tree's ``complexity`` must be set (risk units); node ``value`` is what the
        criterion predicts from.
    X : ndarray (n, p), float64
        As given to `Tree.apply` (NaN missing, categorical level codes).
    y : ndarray (n,)
        Class indices 0..K-1 or responses.
    w : ndarray (n,)
        Case weights.
    folds : array of int (n,)
        Fold id of each row, 1..K as rpart's ``xval`` vector.  Rows with an id above the
        number of distinct ids are never held out (as in rpart; a warning says so).
    cptable : DataFrame
        From `cp_table` (column ``CP``).
    criterion : rocstats.tree._criterion.Criterion
        The full fit's criterion.
    use_surrogate : {0, 1, 2}
    root_risk : float, optional
        Full-data root risk (default: the criterion's risk of all rows).

    Returns
    -------
    xerror, xstd : ndarray of float64, one entry per row of ``cptable``
    """
    X = np.asarray(X, dtype=np.float64)
    n = X.shape[0]
    w = np.asarray(w, dtype=np.float64).reshape(-1)
    folds = np.asarray(folds).reshape(-1)
    if w.shape[0] != n or folds.shape[0] != n or np.asarray(y).shape[0] != n:
        raise ValueError("X, y, w and folds must have the same number of rows")
    if folds.dtype.kind == "f":
        if np.isnan(folds).any() or (folds != np.round(folds)).any():
            raise ValueError("folds must hold integer fold ids")
        folds = folds.astype(np.int64)
    elif folds.dtype.kind not in "iu":
        raise ValueError("folds must hold integer fold ids, got dtype %s" % folds.dtype)
    n_xval = len(np.unique(folds))
    if ((folds < 1) | (folds > n_xval)).any():
        warnings.warn("folds: ids outside 1..%d (the number of distinct ids); rpart never "
                      "holds those rows out, and neither does this" % n_xval,
                      RuntimeWarning, stacklevel=2)
    y = np.asarray(y, dtype=np.int64 if criterion.nclass else np.float64)
    rr = criterion.node_value(y, w)[1] if root_risk is None else float(root_risk)
    CP = cptable["CP"].to_numpy(dtype=np.float64)
    m = CP.size
    cp_abs = CP * rr
    cp = np.empty(m)
    cp[0] = 10.0 * cp_abs[0]
    if m > 1:
        cp[1:] = np.sqrt(cp_abs[:-1] * cp_abs[1:])
    total = float(np.sum(w))
    old = total
    xrisk = np.zeros(m)
    xsq = np.zeros(m)
    buffer = np.zeros(m)                         # rundown's xtemp, kept across rows
    for g in range(1, n_xval + 1):
        held = np.flatnonzero(folds == g)
        train = np.flatnonzero(folds != g)
        temp = float(np.sum(w[train]))
        cp *= temp / old
        old = temp
        tree = fit_fold(train)
        if held.size == 0:
            continue
        comp = fixed_complexity(tree)
        pred = criterion.predictions(tree.value)
        paths = tree.paths(X[held], use_surrogate=use_surrogate,
                           default=xval_directions(tree))
        valid = paths >= 0
        cpath = np.where(valid, comp[np.where(valid, paths, 0)], np.inf)
        # first depth whose node complexity is <= threshold; none -> stale buffer value
        stop = cpath[:, :, None] <= cp[None, None, :]        # (rows, depth, m)
        has = stop.any(axis=1)
        first = np.argmax(stop, axis=1)
        node = np.take_along_axis(paths, first, axis=1)        # (rows, m)
        p = pred[np.where(has, node, 0)]
        err = criterion.row_error(y[held][:, None], p)
        for r in range(held.size):                 # fill stale entries in rpart's order
            row = err[r]
            if not has[r].all():
                row = np.where(has[r], row, buffer)
                err[r] = row
            buffer = row
        wh = w[held][:, None]
        xrisk += np.sum(wh * err, axis=0)
        xsq += np.sum(wh * err * err, axis=0)
    xstd = np.sqrt(np.maximum(xsq - xrisk * xrisk / total, 0.0))
    scale = 1.0 / rr
    return xrisk * scale, xstd * scale


# ------------------------------------------------------------------ 1-SE rule
@dataclass(frozen=True)
class OneSEResult:
    """The tree chosen by the one-standard-error rule.

    Attributes
    ----------
    cp : float
        ``CP`` of the chosen row: ``prune(tree, cp)`` gives that tree.
    nsplit : int
        Its number of splits (``nsplit + 1`` leaves).
    n_leaves : int
    row : int
        Position (0-based) of the chosen row in the table.
    min_row : int
        Position of the row with the smallest ``xerror`` (first on ties).
    threshold : float
        ``xerror[min_row] + xstd[min_row]``.
    """

    cp: float
    nsplit: int
    n_leaves: int
    row: int
    min_row: int
    threshold: float


def one_se_rule(cptable):
    """The smallest tree whose cross-validated error is within one standard error of
    the minimum (Breiman et al. 1984, section 3.4.3; ESL section 9.2.5, the spam example,
    Figure 9.4; section 9.2.2 itself takes the alpha minimising the cross-validated
    error, the row ``min_row`` below).

    Parameters
    ----------
    cptable : DataFrame
        Columns ``CP``, ``nsplit``, ``xerror``, ``xstd`` (rows as rpart's cptable).

    Returns
    -------
    OneSEResult

    Examples
    --------
    >>> import pandas as pd
    >>> tab = pd.DataFrame({"CP": [0.5, 0.1, 0.02, 0.01], "nsplit": [0, 1, 3, 6],
    ...                     "xerror": [1.0, 0.62, 0.50, 0.55],
    ...                     "xstd": [0.05, 0.05, 0.05, 0.05]})
    >>> r = one_se_rule(tab)
    >>> (r.cp, r.nsplit, r.threshold)
    (0.02, 3, 0.55)
    """
    xerr = cptable["xerror"].to_numpy(dtype=np.float64)
    xstd = cptable["xstd"].to_numpy(dtype=np.float64)
    if xerr.size == 0 or np.isnan(xerr).all():
        raise ValueError("cptable has no cross-validation results (xerror is NaN); "
                         "fit with xval > 0")
    nsplit = cptable["nsplit"].to_numpy()
    order = np.argsort(nsplit, kind="stable")
    e = xerr[order]
    imin = int(order[np.nanargmin(e)])
    threshold = float(xerr[imin] + xstd[imin])
    ok = order[xerr[order] <= threshold]
    row = int(ok[0])
    return OneSEResult(cp=float(cptable["CP"].iloc[row]), nsplit=int(nsplit[row]),
                       n_leaves=int(nsplit[row]) + 1, row=row, min_row=imin,
                       threshold=threshold)
