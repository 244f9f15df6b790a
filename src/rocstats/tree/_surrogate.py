"""Surrogate splits of one node, ranked and filtered as rpart 4.1.19 does.

A surrogate of a node's primary split is a split on another feature that mimics the
primary's left/right assignment; rows whose primary feature is missing are routed by
the first surrogate whose feature is present (Breiman, Friedman, Olshen & Stone 1984,
*Classification and Regression Trees*, section 5.3; ESL section 9.2.4, "Missing
Predictor Values"; Therneau & Atkinson, "An introduction to recursive partitioning
using the RPART routines", section 5).

What rpart does, and therefore what `find_surrogates` does (learned from reading
rpart's ``surrogate.c`` / ``choose_surg.c`` / ``insert_split.c`` / ``nodesplit.c`` and
checked against R; the code here is our own):

* The target is the primary's direction of each row of the node with the primary
  feature present (``go`` = -1 left / +1 right); rows with ``go == 0`` do not count.
  ``tleft`` / ``tright`` are the case-weight totals sent left / right.
* Numeric candidate: every cut point between two consecutive distinct values of the
  candidate among the node's rows with the candidate present (rows with ``go == 0`` and
  zero-weight rows also define distinct values); the cut is the midpoint.  A cut is
  admissible only when at least two rows with ``go != 0`` and positive weight lie on
  each side.  Both orientations are scored by the weighted agreement; the best
  agreement wins and must be strictly larger than the "everyone goes with the
  majority" agreement ``max(left, right)`` over the rows with the candidate present
  (first cut in increasing order wins ties).  ``x < cut`` going right is rpart's
  ``ncat = +1`` (`rocstats.tree._tree.GE` here), going left ``ncat = -1``
  (`rocstats.tree._tree.LT`).
* Categorical candidate: each level goes to the side where the primary sends more of
  its weight; a tie goes to the overall majority side of those rows.  Levels with no
  positive-weight row that has ``go != 0`` are not assigned (rpart ``csplit`` 0; such a
  level is treated as missing when routing).  rpart 4.1.19 accepts a categorical
  surrogate only when *more than one* row disagrees with the primary and more than one
  agrees (it counts ``lcount`` / ``rcount`` that way); a perfect categorical surrogate
  is therefore dropped.  This is reproduced on purpose (R shows it; a unit
  test checks it).
* Agreement: ``surrogate_style = 0`` (rpart's default) divides the agreeing weight by
  ``tleft + tright`` (all rows with the primary present, so missing values of the
  candidate count as disagreements); ``surrogate_style = 1`` divides by the weight of
  the rows with the candidate present.  Adjusted agreement
  ``adj = (agree - majority) / (1 - majority)`` with ``majority`` the larger side's
  share of the same denominator.  Candidates with ``adj <= 1e-10`` are discarded.
* Ranking: by agreement, decreasing; ties keep the feature order (rpart inserts a new
  split after all splits with equal agreement); at most ``max_surrogate`` are kept.
* ``count``: the number of rows with the primary feature missing that this surrogate
  actually routes when the node is split (rows go to the first surrogate whose value is
  present and, for categorical surrogates, whose level is assigned), as rpart's
  ``nodesplit`` counts them; 0 when ``use_surrogate == 0``.
* Majority direction (``use_surrogate = 2``): left when ``tleft > tright``, right when
  ``tleft < tright``.  rpart has *no* default direction on an exact tie
  (``lastsurrogate = 0``): at fit time such rows stay in the parent, and its
  cross-validation walk (``branch.c``) then sends them right.  ``majority_left`` is
  therefore ``False`` on a tie; callers that need the fit-time behaviour check
  ``tleft == tright`` themselves (see `primary_weights`).
"""
import numpy as np

from .. import _kernels
from ._tree import CATEGORICAL, GE, LT, Split

#: rpart discards surrogates whose adjusted agreement is at most this (surrogate.c).
ADJ_EPS = 1e-10


def primary_weights(go, w, x=None, order=None):
    """Weight sent left and right by the primary split (rows with ``go == 0`` excluded),
    accumulated in increasing order of the primary feature (``order``, or the sort of
    ``x``) when given -- rpart's order; it only matters for rounding."""
    go = np.asarray(go)
    w = np.asarray(w, dtype=np.float64)
    if order is None and x is not None:
        order = np.argsort(np.asarray(x, dtype=np.float64), kind="stable")
    if order is not None:
        order = np.asarray(order)
        if order.shape != go.shape:
            raise ValueError("order must list every row once")
        go, w = go[order], w[order]
    return _seqsum(np.where(go < 0, w, 0.0)), _seqsum(np.where(go > 0, w, 0.0))


def _check(Xnode, w, go, primary_feature, categorical, n_levels, max_surrogate,
           surrogate_style, use_surrogate, sorted_index):
    X = np.asarray(Xnode, dtype=np.float64)
    if X.ndim != 2:
        raise ValueError("Xnode must be 2-dimensional, got shape %s" % (X.shape,))
    n, p = X.shape
    w = np.asarray(w, dtype=np.float64).reshape(-1)
    if w.shape[0] != n:
        raise ValueError("w has %d entries, Xnode has %d rows" % (w.shape[0], n))
    if not np.isfinite(w).all() or (w < 0).any():
        raise ValueError("w must be finite and non-negative")
    go = np.asarray(go).reshape(-1)
    if go.shape[0] != n:
        raise ValueError("go has %d entries, Xnode has %d rows" % (go.shape[0], n))
    if not np.isin(go, (-1, 0, 1)).all():
        raise ValueError("go must hold -1 (left), +1 (right) or 0 (primary missing)")
    go = go.astype(np.int8)
    if not 0 <= int(primary_feature) < p:
        raise ValueError("primary_feature=%r is not a column of Xnode (p=%d)"
                         % (primary_feature, p))
    categorical = np.asarray(categorical, dtype=bool).reshape(-1)
    if categorical.shape[0] != p:
        raise ValueError("categorical has %d entries, Xnode has %d columns"
                         % (categorical.shape[0], p))
    n_levels = np.asarray(n_levels).reshape(-1)
    if n_levels.shape[0] != p:
        raise ValueError("n_levels has %d entries, Xnode has %d columns"
                         % (n_levels.shape[0], p))
    if int(max_surrogate) < 0:
        raise ValueError("max_surrogate must be >= 0, got %r" % (max_surrogate,))
    if surrogate_style not in (0, 1):
        raise ValueError("surrogate_style must be 0 or 1, got %r" % (surrogate_style,))
    if use_surrogate not in (0, 1, 2):
        raise ValueError("use_surrogate must be 0, 1 or 2, got %r" % (use_surrogate,))
    for j in np.flatnonzero(categorical):
        col = X[:, j]
        known = col[~np.isnan(col)]
        q = int(n_levels[j])
        if known.size and (known.min() < 0 or known.max() >= q
                           or (known != np.floor(known)).any()):
            raise ValueError("categorical column %d must hold level codes 0..%d (n_levels) "
                             "or NaN" % (j, q - 1))
    if sorted_index is not None:
        if len(sorted_index) != p:
            raise ValueError("sorted_index must have one entry per column of Xnode")
        for j in range(p):
            if sorted_index[j] is None and not categorical[j]:
                raise ValueError("sorted_index[%d] is None for a numeric column" % j)
    return X, w, go, categorical, n_levels


def _seqsum(a):
    """Left-to-right floating sum (rpart accumulates weights one row at a time; the
    rounding decides ties between surrogates with fractional weights)."""
    return float(np.add.accumulate(a)[-1]) if len(a) else 0.0


def _numeric_batch(X, cols, w, go, sorted_index):
    """Best numeric surrogate of each column in ``cols``: the kernel's (k, 6) table."""
    n = X.shape[0]
    xcols = np.ascontiguousarray(X[:, cols].T)
    if sorted_index is None:
        orders = np.argsort(xcols, axis=1, kind="stable")              # NaN last
    else:
        orders = np.empty((len(cols), n), dtype=np.int64)
        for c, j in enumerate(cols):
            o = np.asarray(sorted_index[j])
            if o.shape != (n,):
                raise ValueError("sorted_index[%d] must list the %d rows of Xnode" % (j, n))
            orders[c] = o
    # the kernel skips missing values, checks that each list is a set of rows in
    # increasing order of value, and raises ValueError otherwise
    return _kernels.surrogate.numeric_surrogates(xcols, go, w, orders,
                                      np.full(len(cols), n, dtype=np.int64))


def _categorical_batch(X, cols, n_levels, w, go, sorted_index):
    """Level assignment and agreement of each categorical column in ``cols``."""
    n = X.shape[0]
    xcols = np.ascontiguousarray(X[:, cols].T)
    q = int(max(int(n_levels[j]) for j in cols))
    orders = np.empty((len(cols), n), dtype=np.int64)
    for c, j in enumerate(cols):
        o = None if sorted_index is None else sorted_index[j]
        if o is None:
            orders[c] = np.arange(n)       # rows as given (rpart: row order)
        else:
            o = np.asarray(o)
            if o.shape != (n,):
                raise ValueError("sorted_index[%d] must list the %d rows of Xnode" % (j, n))
            orders[c] = o
    return _kernels.surrogate.categorical_surrogates(xcols, go, w, orders, q)


def _finish(agree, total, majority, tleft, tright, surrogate_style, **split):
    if surrogate_style == 0:
        total = tleft + tright
        majority = max(tleft, tright)
    if not total > 0:
        return None
    agreement = agree / total
    maj = majority / total
    if not maj < 1:
        return None   # the primary sends everything one way: adj undefined
    adj = (agreement - maj) / (1.0 - maj)
    if not adj > ADJ_EPS:
        return None
    return agreement, adj, split


def _score_candidate(row, levels, tleft, tright, surrogate_style):
    """`_finish` for one candidate column from its kernel row, or None when the
    column has no admissible split.  Categorical columns pass ``levels``, the direction
    of each level (-1 left, +1 right, 0 absent), with row ``(ok, agree, llwt, rrwt)``;
    numeric columns pass None, with row ``(ok, kind, cut, agree, tot_l, tot_r)``."""
    if levels is not None:
        ok, agree, llwt, rrwt = row[:4]
        if not ok:
            return None
        return _finish(float(agree), llwt + rrwt, rrwt if not llwt > rrwt else llwt,
                       tleft, tright, surrogate_style, kind=CATEGORICAL,
                       left_levels=tuple(i for i, v in enumerate(levels) if v < 0),
                       right_levels=tuple(i for i, v in enumerate(levels) if v > 0))
    ok, kind, cut, agree, tot_l, tot_r = row
    if not ok:
        return None
    return _finish(float(agree), tot_l + tot_r, max(tot_l, tot_r), tleft, tright,
                   surrogate_style, kind=GE if kind > 0 else LT, threshold=float(cut))


def _best_first(scored):
    """The ``(feature, result)`` pairs with a result, by agreement decreasing; the sort is
    stable, so equal agreements keep the feature order (rpart's ranking)."""
    found = [(j, res) for j, res in scored if res is not None]
    found.sort(key=lambda item: -item[1][0])
    return found


def find_surrogates(Xnode, w, go, primary_feature, *, categorical, n_levels, max_surrogate,
                    surrogate_style=0, use_surrogate=2, sorted_index=None):
    """Surrogate splits of a node's primary split, ranked and filtered as rpart does.

    Parameters
    ----------
    Xnode : ndarray, shape (n_node, p), float64
        The node's rows; NaN = missing; categorical columns hold level codes 0..q-1.
    w : ndarray, shape (n_node,)
        Case weights of the rows.
    go : ndarray of int8, shape (n_node,)
        The primary split's direction of each row: -1 left, +1 right, 0 when the
        primary feature is missing (or its level is unknown to the split).
    primary_feature : int
        Column of the primary split (never its own surrogate).
    categorical : array of bool, shape (p,)
        Which columns are categorical.
    n_levels : array of int, shape (p,)
        Number of levels of each categorical column (ignored for numeric ones).
    max_surrogate : int
        rpart's ``maxsurrogate``: at most this many surrogates are returned.
    surrogate_style : {0, 1}
        rpart's ``surrogatestyle``: 0 = agreement over every row with the primary
        present (a missing surrogate value counts as a miss), 1 = over the rows with
        the surrogate present.
    use_surrogate : {0, 1, 2}
        Only used for ``count``: with 0 rpart never routes rows by surrogates, so every
        count is 0.
    sorted_index : list of ndarray, optional
        ``sorted_index[j]``: the row indices 0..n_node-1 of ``Xnode``, each once, in
        increasing order of column ``j`` (rows with a missing value anywhere; they are
        skipped).  Saves the per-column sort when the caller keeps sorted orders; the
        order of tied values fixes the rounding of the running sums, as in rpart.
        Checked: a list that is not such a permutation raises ValueError.  For a
        categorical column the list only fixes the order in which weights are summed
        (rpart keeps those lists in row order); None = the rows as given.

    Returns
    -------
    surrogates : list of Split
        Best first.  ``improve`` = agreement, ``adj`` = adjusted agreement,
        ``count`` = rows routed by this surrogate at this node (see module docstring).
    majority_left : bool
        True when the primary sends more weight left (``use_surrogate = 2`` sends rows
        with every surrogate missing this way); False when it sends more weight right
        or on an exact tie (rpart then has no default direction).

    Notes
    -----
    Breiman et al. (1984), section 5.3.1 (surrogate splits, predictive measure of
    association = ``adj``); rpart's definitions as listed in the module docstring.

    Examples
    --------
    Column 1 reproduces the primary (column 0 < 2.5) except for one row, so it is the
    only surrogate; agreement 5/6, adjusted (5/6 - 1/2) / (1 - 1/2) = 2/3:

    >>> import numpy as np
    >>> X = np.array([[1, 10], [2, 20], [3, 30], [4, 40], [5, 5], [6, 60.]])
    >>> go = np.where(X[:, 0] < 2.5, -1, 1).astype(np.int8)
    >>> go[[2]] = -1   # a third row the primary sends left
    >>> s, left = find_surrogates(X, np.ones(6), go, 0, categorical=[False, False],
    ...                           n_levels=[0, 0], max_surrogate=5)
    >>> [(t.kind, t.threshold, round(t.improve, 4), round(t.adj, 4)) for t in s]
    [(-1, 35.0, 0.8333, 0.6667)]
    >>> left
    False
    """
    X, w, go, categorical, n_levels = _check(
        Xnode, w, go, primary_feature, categorical, n_levels, max_surrogate,
        surrogate_style, use_surrogate, sorted_index)
    pf = int(primary_feature)
    if categorical[pf]:                                   # list order, not sorted
        tleft, tright = primary_weights(
            go, w, order=None if sorted_index is None else sorted_index[pf])
    else:
        tleft, tright = primary_weights(
            go, w, X[:, pf], order=None if sorted_index is None else sorted_index[pf])
    majority_left = bool(tleft > tright)
    max_surrogate = int(max_surrogate)
    if max_surrogate == 0:
        # rpart skips the surrogate search, and with it the default direction
        return [], False
    numeric = [j for j in range(X.shape[1]) if j != primary_feature and not categorical[j]]
    table = (_numeric_batch(X, numeric, w, go, sorted_index) if numeric
             else np.zeros((0, 6)))
    by_col = dict(zip(numeric, table))
    cats = [j for j in range(X.shape[1]) if j != primary_feature and categorical[j]]
    if cats:
        dirs, ctab = _categorical_batch(X, cats, n_levels, w, go, sorted_index)
        by_cat = {j: (dirs[c, :int(n_levels[j])], ctab[c]) for c, j in enumerate(cats)}
    scored = []
    for j in range(X.shape[1]):
        if j != primary_feature:
            row, levels = (by_cat[j][1], by_cat[j][0]) if categorical[j] else (by_col[j], None)
            scored.append((j, _score_candidate(row, levels, tleft, tright, surrogate_style)))
    found = _best_first(scored)[:max_surrogate]
    splits = []
    todo = go == 0 if use_surrogate > 0 else np.zeros(go.shape, dtype=bool)
    for j, (agreement, adj, spec) in found:
        s = Split(feature=j, improve=float(agreement), adj=float(adj), count=0.0, **spec)
        d = s.direction(X[:, j])
        used = todo & (d != 0)
        todo &= ~used
        splits.append(Split(feature=j, improve=float(agreement), adj=float(adj),
                            count=float(np.count_nonzero(used)), **spec))
    return splits, majority_left


def node_surrogates(xt, sorts, n1, n2, n_levels, goes, w, primary_feature, *,
                    max_surrogate, surrogate_style=0):
    """The ranked surrogates of one node of the CART builder, from one kernel call.

    Same rules, arithmetic and ranking as `find_surrogates` (see the module
    docstring), but read in place from the builder's arrays instead of a copy of the
    node: ``xt`` (p, n) feature-major data, ``sorts`` (p, n) the per-feature row-id lists
    of which the node owns positions ``[n1, n2)`` (numeric lists sorted as rpart sorts,
    categorical lists in row order), ``goes[r]`` the primary direction (-1 / +1 / 0) of
    row id ``r`` and ``w`` the case weights.  Inputs are the builder's own and are only
    checked for shapes and index ranges (by the kernel).

    Returns
    -------
    surrogates : list of Split
        Best first, at most ``max_surrogate``, each with ``count = 0`` (the builder
        counts the rows each one routes).
    tleft, tright : float
        Weight the primary sends left / right (summed in the primary's list order, as
        rpart's surrogate.c); rpart's default direction for rows with every surrogate
        missing is the heavier side (none on a tie).
    """
    tleft, tright, out, dirs = _kernels.surrogate.node_surrogates(xt, sorts, n1, n2, n_levels, goes, w,
                                                       int(primary_feature))
    rows = out.tolist()                        # Python floats: the same doubles
    found = _best_first(
        (j, _score_candidate(rows[j], dirs[j, :q].tolist() if q > 0 else None,
                             tleft, tright, surrogate_style))
        for j, q in enumerate(np.asarray(n_levels).tolist()) if j != primary_feature)
    splits = [Split(feature=j, improve=float(agreement), adj=float(adj), count=0.0, **spec)
              for j, (agreement, adj, spec) in found[:int(max_surrogate)]]
    return splits, tleft, tright
