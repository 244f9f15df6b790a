"""Rossa's statistic (21) of seed 003 alone: the cells of the negatives' EDF, the
positives' cell indices (20), Pearson's statistic.  The p-values are in
`rocstats.gof._pvalue`, the section-4 rule in `rocstats.gof._rule`, the test
that puts them together in `rocstats.gof._rossa` (notation and derivations there).
"""
import math
import numbers

import numpy as np

__all__ = ["TIES", "cell_edges", "cell_probs", "inflation_factor", "score_weights"]

TIES = ("random", "upper", "lower")


# --------------------------------------------------------------------------- cells
def cell_edges(n, cells=None):
    """Integer edges of ``k`` cells over the ``n + 1`` values ``0..n`` of ``n G_n(C)``
    (``n`` = number of negatives).

    Cell ``j`` holds the values ``edges[j] .. edges[j+1] - 1`` with
    ``edges[j] = floor(j (n + 1) / k)``; sizes differ by at most one (as even as
    possible).  ``cells=None`` gives the paper's ``n + 1`` one-value cells.
    """
    k = n + 1 if cells is None else int(cells)
    return (np.arange(k + 1, dtype=np.int64) * (n + 1)) // k


def cell_probs(n, cells=None):
    """Exact null cell probabilities ``size_j / (n + 1)`` (19) (they sum to 1 exactly)."""
    return np.diff(cell_edges(n, cells)) / (n + 1.0)


def inflation_factor(n, m):
    """``c = (m + n + 1) / (n + 2)`` with ``n`` negatives (the EDF sample) and ``m``
    positives (the placed sample): the exact null covariance of the (grouped) counts is
    the multinomial one times c, so ``E_0[T] = (k - 1) c`` (see the module docstring)."""
    return (m + n + 1.0) / (n + 2.0)


def score_weights(sizes):
    """Integer weights ``w_j = L / s_j`` (``L`` = lcm of the cell sizes) and ``L``:
    ``S = sum_j w_j O_j^2`` is an integer and ``T = (n + 1) S / (m L) - m``."""
    sizes = np.asarray(sizes, dtype=np.int64)
    L = 1
    for s in np.unique(sizes):
        L = L * int(s) // math.gcd(L, int(s))
    return (L // sizes).astype(np.int64), L


def _check_cells(cells, n):
    if cells is None:
        return n + 1
    if isinstance(cells, (bool, np.bool_)) or not isinstance(cells, numbers.Integral):
        raise ValueError("cells must be None (the paper's n+1 cells) or an integer >= 2, "
                         "got %r" % (cells,))
    k = int(cells)
    if k < 2:
        raise ValueError("cells must be >= 2 (one cell has no degrees of freedom), got %d" % k)
    if k > n + 1:
        raise ValueError("cells=%d is more than the n+1 = %d possible values of n*G_n(C) "
                         "with n = %d negatives; use cells <= %d or cells=None"
                         % (k, n + 1, n, n + 1))
    return k


def _check_ties(ties):
    if ties not in TIES:
        raise ValueError("ties must be one of %s, got %r" % (TIES, ties))
    return ties


def _has_ties(values):
    v = np.sort(values)
    return bool(np.any(v[1:] == v[:-1]))


# --------------------------------------------------------------------------- kernels
def _cell_index(x_pos, x_neg, *, ties, rng=None):
    """``n G_n(C_j)`` (20) for every positive ``C_j`` (int64, input order of ``x_pos``):
    the number of negatives ``<=`` it ("upper", (10)), ``<`` it ("lower"), or before it
    in a uniformly random order of the pooled sample ("random").

    ``x_pos``, ``x_neg``: validated finite float64 arrays.  ``rng`` (a
    ``numpy.random.Generator``) is used only by ``ties="random"`` and only when a
    positive equals some negative.
    """
    zs = np.sort(x_neg)
    lo = np.searchsorted(zs, x_pos, side="left")
    if ties == "lower":
        return lo.astype(np.int64)
    hi = np.searchsorted(zs, x_pos, side="right")
    if ties == "upper" or np.array_equal(lo, hi):
        return hi.astype(np.int64)
    _, _, idx = _pooled_order(x_pos, x_neg, ties="random", rng=rng)
    return idx


def _pooled_order(x_pos, x_neg, *, ties, rng=None):
    """The pooled sample in a linear order and, per sorted position, where to read
    "negatives before it" from the cumulative count.

    Returns ``(is_neg_sorted, ref, cell_index)``: ``is_neg_sorted[p]`` says whether
    sorted position ``p`` holds a negative; for any labelling ``L`` of the sorted
    positions with ``Cum = r_[0, cumsum(L)]`` (L = 1 for a negative), the cell index of a
    positive at position ``p`` is ``Cum[ref[p]]`` (``ref[p] = p`` for "random", one past
    the end of p's tie group for "upper", the start of p's tie group for "lower");
    ``cell_index`` is that index for the observed labels, in the input order of
    ``x_pos``.  ``ties="random"`` draws ``m + n`` uniforms from ``rng`` when the pooled
    sample has tied values (and nothing otherwise).
    """
    m, n = x_pos.size, x_neg.size
    vals = np.concatenate([x_pos, x_neg])
    if ties == "random":
        order = np.argsort(vals, kind="stable")
        v = vals[order]
        if np.any(v[1:] == v[:-1]):
            if rng is None:
                raise ValueError("ties='random' needs a random generator")
            order = np.lexsort((rng.random(m + n), vals))
        ref = np.arange(m + n, dtype=np.int64)
    else:
        order = np.argsort(vals, kind="stable")
        v = vals[order]
        new = np.r_[True, v[1:] != v[:-1]]
        start = np.flatnonzero(new)
        stop = np.r_[start[1:], m + n]
        group = np.cumsum(new) - 1
        ref = (stop if ties == "upper" else start)[group].astype(np.int64)
    is_neg_sorted = order >= m
    cum = np.r_[0, np.cumsum(is_neg_sorted)]
    pos_sorted = ~is_neg_sorted
    idx = np.empty(m, dtype=np.int64)
    idx[order[pos_sorted]] = cum[ref[pos_sorted]]
    return is_neg_sorted, ref, idx


def _pearson(observed, expected):
    d = observed - expected
    return float(np.sum(d * d / expected))


def _gof_statistic(x_pos, x_neg, *, cells=None, ties="upper", rng=None):
    r"""Rossa's statistic (21) from already validated arrays: the fast internal entry.

    Parameters
    ----------
    x_pos : ndarray of float64
        The :math:`\pi_0` sample :math:`C` (positives, size m >= 1), finite; placed in
        the negatives' EDF.
    x_neg : ndarray of float64
        The :math:`\pi_1` sample :math:`Z` (negatives, size n >= 1), finite; its EDF
        :math:`G_n` (10) defines the n + 1 cells.
    cells : None or int
        None: the paper's n + 1 cells; k: k grouped cells (2 <= k <= n + 1, not
        checked here).
    ties : {"upper", "lower", "random"}
        As in `roc_gof_test`.  The default here is the deterministic "upper"
        (the EDF (10) read literally) so that a tree builder gets reproducible splits
        without a generator; pass ``ties="random", rng=...`` for the exact null law.
    rng : numpy.random.Generator, optional
        Needed only for ``ties="random"`` (and consumed only when there are ties).

    Returns
    -------
    float
        The Pearson statistic; O((m + n) log n), no input checks, no warnings.
        The statistic is invariant to reversing the score direction for the ungrouped
        cells (the counts are reversed and the cell probabilities are equal).
    """
    m, n = x_pos.size, x_neg.size
    idx = _cell_index(x_pos, x_neg, ties=ties, rng=rng)
    if cells is None:
        observed = np.bincount(idx, minlength=n + 1)
        expected = m / (n + 1.0)
        return _pearson(observed, expected)
    edges = cell_edges(n, cells)
    observed = np.bincount(np.searchsorted(edges, idx, side="right") - 1, minlength=int(cells))
    return _pearson(observed, m * np.diff(edges) / (n + 1.0))
