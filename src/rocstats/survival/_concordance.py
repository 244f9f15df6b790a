"""Concordance indices for a censored outcome: Harrell's C and Uno's IPCW C."""
import warnings

import numpy as np

from ._censoring import KMCensoring
from ._data import UndefinedTimeAUCWarning, check_marker, check_survival
from ._results import ConcordanceResult

__all__ = ["concordance_index"]


def _prior_less(xr, w):
    """For each position k of the sequence: ``sum(w[j] for j < k if xr[j] < xr[k])``.

    A bottom-up merge sort, each level vectorised: at block size 2s the two halves of
    every block are already sorted by rank (the previous level), so the left halves'
    ``block * M + rank`` keys are in order, every right-half element adds the left
    weights below its own key (``searchsorted`` on their cumulative sums), and the
    halves are merged by a stable sort of keys made of two sorted runs per block
    (NumPy's timsort: linear).  O(n log n), no Python loop over the data."""
    n = xr.size
    out = np.zeros(n)
    if n < 2:
        return out
    M = int(xr.max()) + 1
    perm = np.arange(n)           # positions, sorted by rank within blocks of size s
    s = 1
    while s < n:
        block = perm // (2 * s)
        key = block * M + xr[perm]
        right = (perm % (2 * s)) >= s
        left = ~right
        lk = key[left]                                   # sorted (see above)
        cw = np.concatenate(([0.0], np.cumsum(w[perm[left]])))
        rq = key[right]
        hi = np.searchsorted(lk, rq, side="left")
        lo = np.searchsorted(lk, block[right] * M, side="left")
        out[perm[right]] += cw[hi] - cw[lo]
        perm = perm[np.argsort(key, kind="stable")]
        s *= 2
    return out


def _earlier(key, xr, w):
    """For each element: sums of ``w`` over the elements with a smaller ``key``, split by
    their rank: ``(less, greater, equal)`` than the element's own."""
    n = key.size
    # key ascending, rank descending: an earlier element with the same key never has a
    # smaller rank, so "earlier position and smaller rank" = "smaller key and smaller rank"
    o = np.lexsort((-xr, key))
    less = np.empty(n)
    less[o] = _prior_less(xr[o], w[o])
    o = np.lexsort((xr, key))
    greater = np.empty(n)
    greater[o] = _prior_less(-xr[o] + xr.max(), w[o])
    ukey, kinv = np.unique(key, return_inverse=True)
    tot = np.bincount(kinv, weights=w, minlength=ukey.size)
    before = (np.cumsum(tot) - tot)[kinv]
    return less, greater, before - less - greater


def concordance_index(time, event, marker, *, method="harrell", tau=None, direction="<"):
    r"""Concordance of a risk marker with a censored outcome: Harrell's C or Uno's C,
    with the infinitesimal-jackknife standard error of ``survival::concordance``.

    A pair (i, j) is comparable when subject i has an event and j is observed longer
    (``T_j > T_i``, or ``T_j = T_i`` with j censored: censored at a tied time outlives
    the event); it is concordant when ``M_i > M_j`` (the earlier event has the higher
    risk).  Pairs of events at the same time are not used.

    C = the weighted share of concordant comparable pairs (ties 1/2), with weight 1
    (Harrell et al. 1982) or the inverse squared censoring survival G(T_i-)^-2 (Uno et
    al. 2011, eq. 6), events up to ``tau`` only when given; the conventions of
    ``survival::concordance`` (survival 3.5-3; formula and details in the Notes).

    Parameters
    ----------
    time, event, marker : array-like of shape (n,)
        Observed times, event indicator (0 / 1; a single event type) and the marker.
    method : {"harrell", "uno"}
    tau : float, optional
        Truncation time (default: none).
    direction : {"<", ">"}, default "<"
        ``"<"``: higher marker = higher risk (earlier event); ``">"``: the reverse
        (``survival::concordance``'s default orientation, ``reverse = FALSE``).

    Returns
    -------
    ConcordanceResult
        ``estimate``, ``se`` (``sqrt`` of ``survival::concordance``'s ``var``: the
        infinitesimal jackknife, with Uno's weights treated as fixed), the weighted
        pair counts; ``conf_int()``, ``summary()``.

    Notes
    -----
    .. math:: C = \frac{\sum_{i,j} \omega_i\,[\mathbb 1(M_i > M_j) + \tfrac12\mathbb
              1(M_i = M_j)]\,\mathbb 1(\text{comparable})}{\sum_{i,j}\omega_i\,\mathbb
              1(\text{comparable})}

    with ``omega_i = 1`` (Harrell et al. 1982) or ``omega_i = G(T_i-)^{-2}``, ``G`` the
    Kaplan-Meier of the censoring times (Uno et al. 2011, eq. 6), and only events at or
    before ``tau`` when it is given (Uno's truncation).  Same conventions as
    ``survival::concordance(Surv(time, status) ~ marker, reverse = TRUE, timewt = "n"``
    or ``"n/G2", ymax = tau)`` (survival 3.5-3): ties in the marker count 1/2, ``G``
    with events before censorings at tied times, evaluated just before ``T_i``.

    Examples
    --------
    Four subjects; the comparable pairs are (1, 2), (1, 3), (1, 4), (3, 4) (subject 2 is
    censored), three of them concordant:

    >>> from rocstats.survival import concordance_index
    >>> c = concordance_index([1, 2, 3, 4], [1, 0, 1, 0], [0.9, 0.5, 0.7, 0.8])
    >>> c.estimate
    0.75
    """
    if method not in ("harrell", "uno"):
        raise ValueError("method must be 'harrell' or 'uno', got %r" % (method,))
    data = check_survival(time, event)
    if len(data.causes) > 1:
        raise ValueError("event has several causes %s; concordance_index needs one event "
                         "type (0 = censored, 1 = event)" % (list(data.causes),))
    if tau is not None:
        if isinstance(tau, bool) or not np.isscalar(tau) or not np.isfinite(tau) or tau < 0:
            raise ValueError("tau must be a finite number >= 0 or None, got %r" % (tau,))
        tau = float(tau)
    x = check_marker(marker, data.n, direction=direction)
    ev = data.event > 0
    if method == "uno":
        tw = np.where(ev, 1.0 / KMCensoring(data).G_minus ** 2, 0.0)
    else:
        tw = ev.astype(np.float64)
    if tau is not None:
        tw = np.where(data.time <= tau, tw, 0.0)
    _, xr = np.unique(x, return_inverse=True)
    xr = xr.astype(np.int64).ravel()
    _, trank = np.unique(data.time, return_inverse=True)
    key = 2 * trank.astype(np.int64).ravel() + (~ev)   # events before censorings at a time
    # as the earlier member (an event): the later subjects, counted with weight 1
    l_less, l_greater, l_eq = _earlier(-key, xr, np.ones(data.n))
    # as the later member: the earlier events, weighted
    e_less, e_greater, e_eq = _earlier(key, xr, tw)
    conc_k = tw * l_less + e_greater
    disc_k = tw * l_greater + e_less
    tie_k = tw * l_eq + e_eq
    C = float(np.sum(tw * l_less))
    D = float(np.sum(tw * l_greater))
    Tx = float(np.sum(tw * l_eq))
    # events tied in time (not comparable), and those also tied on the marker
    tied_t, tied_tx = _tied_events(trank, xr, ev, tw)
    N = C + D + Tx
    if N <= 0:
        warnings.warn("the concordance index is undefined: no comparable pairs (events: "
                      "%d); returning NaN" % int(ev.sum()), UndefinedTimeAUCWarning,
                      stacklevel=2)
        return ConcordanceResult(np.nan, np.nan, method, tau, C, D, Tx, tied_t, tied_tx,
                                 data.n, direction)
    somer = (C - D) / N
    dfbeta = ((conc_k - disc_k) - somer * (conc_k + disc_k + tie_k)) / N
    se = float(np.sqrt(np.sum(dfbeta ** 2) / 4.0))
    return ConcordanceResult((somer + 1.0) / 2.0, se, method, tau, C, D, Tx, tied_t,
                             tied_tx, data.n, direction)


def _tied_events(trank, xr, ev, tw):
    """Weighted pairs of events at the same time (``survival``'s tied.y, each pair once
    with the time's weight) and those also tied on the marker (tied.xy)."""
    if not ev.any():
        return 0.0, 0.0
    t, x, w = trank[ev], xr[ev], tw[ev]
    ut, ti = np.unique(t, return_inverse=True)
    cnt = np.bincount(ti)
    wt = np.bincount(ti, weights=w) / np.maximum(cnt, 1)   # one weight per time
    pairs_t = float(np.sum(wt * cnt * (cnt - 1) / 2.0))
    key = ti.astype(np.int64) * (int(x.max()) + 1) + x
    uk, ki, kc = np.unique(key, return_inverse=True, return_counts=True)
    kt = uk // (int(x.max()) + 1)
    pairs_tx = float(np.sum(wt[kt] * kc * (kc - 1) / 2.0))
    return pairs_t - pairs_tx, pairs_tx
