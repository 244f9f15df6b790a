"""The p-values of Rossa's statistic: the exact null law (a dynamic programme over the
cells, on integer scores) and the permutation p-value, and the work estimates with which
``method="auto"`` chooses between them.  Notation and derivations:
`rocstats.gof._rossa`.
"""
import collections
import math

import numpy as np
from scipy import special

__all__ = ["EXACT_WORK_LIMIT", "PERMUTATION_ENTRY_WORK", "EXACT_MAX_ENTRIES",
           "permutation_pvalue"]

#: permutation replicates are evaluated in blocks of about this many matrix entries
_BLOCK = 1 << 21
#: ``method="auto"`` uses the exact dynamic programme when its work estimate
#: (``GOFTestResult.exact_work``, elementary array operations of about 1-3 ns) is at
#: most this (about 0.05 s on one core) or at most the permutation's estimate
EXACT_WORK_LIMIT = 2e7
#: work units charged per entry of the permutation p-value (``n_resamples * (m + n)``
#: entries; one entry costs about as much as 15 units of the exact programme)
PERMUTATION_ENTRY_WORK = 15.0
#: ``method="exact"`` refuses tables of more than this many float64 entries (80 MB)
EXACT_MAX_ENTRIES = 10_000_000
#: work units charged per cell for the Python overhead of one DP step
_CELL_OVERHEAD = 2e4


def _permutation_scores(is_neg_sorted, ref, cellmap, weights, n_resamples, rng):
    """Integer score ``S* = sum_j w_j O_j*^2`` of ``n_resamples`` uniform random
    relabellings of the pooled order (int64)."""
    N = is_neg_sorted.size
    k = weights.size
    out = np.empty(n_resamples, dtype=np.int64)
    block = max(1, min(n_resamples, _BLOCK // max(N, 1)))
    done = 0
    while done < n_resamples:
        b = min(block, n_resamples - done)
        labels = rng.permuted(np.broadcast_to(is_neg_sorted, (b, N)), axis=1)
        cum = np.zeros((b, N + 1), dtype=np.int64)
        np.cumsum(labels, axis=1, out=cum[:, 1:])
        idx = cum[:, ref]                                # (b, N): index if positive
        cell = cellmap[idx] + (np.arange(b, dtype=np.int64) * k)[:, None]
        counts = np.bincount(cell[~labels], minlength=b * k).reshape(b, k)
        out[done:done + b] = (counts * counts) @ weights
        done += b
    return out


def _exact_work(m, weights, cap):
    """Work estimate of `_exact_sf` (elementary array operations): per cell, the
    table and its tail sums, the transition matrix and one shifted add of
    ``(m - a + 1) (cap - w a^2)`` entries for every count ``a`` with ``w a^2 < cap``."""
    a = np.arange(m + 1, dtype=np.float64)
    total = 0.0
    for w, count in zip(*np.unique(np.asarray(weights), return_counts=True)):
        d = w * a * a
        live = d < cap
        per_cell = (_CELL_OVERHEAD + 3.0 * (m + 1) * (cap + 1) + 10.0 * (m + 1) ** 2
                    + float(np.sum((m - a[live] + 1) * (cap - d[live]))))
        total += count * per_cell
    return total


def _exact_sf(m, sizes, weights, cap):
    r"""``P(S >= cap)`` for ``S = sum_j w_j O_j^2`` when the count vector ``O`` of ``m``
    positives over cells of sizes ``s_j`` is Dirichlet-multinomial with parameters
    ``s_j`` (uniform over compositions of m into ``sum s_j`` parts): the exact null law.

    The programme run for ``cap`` gives the whole survival function up to ``cap``; it is
    kept (`_SF_CACHE`, the 64 most recent (m, cells)), so a later call with a
    smaller ``cap`` is a look-up (repeated tests on samples of one size, e.g. a
    simulation, run the programme only when S exceeds every earlier S).
    """
    cap = int(cap)
    if cap <= 0:
        return 1.0
    key = (int(m), tuple(int(s) for s in sizes), tuple(int(w) for w in weights))
    sf = _SF_CACHE.get(key)
    if sf is None or cap >= sf.size:
        sf = _exact_sf_table(key[0], key[1], key[2], cap)
        _SF_CACHE[key] = sf
        while len(_SF_CACHE) > _SF_CACHE_SIZE:
            _SF_CACHE.popitem(last=False)
    _SF_CACHE.move_to_end(key)
    return float(sf[cap])


#: (m, cell sizes, weights) -> survival function P(S >= s), s = 0..cap, of the largest
#: cap computed so far
_SF_CACHE: "collections.OrderedDict[tuple, object]" = collections.OrderedDict()
_SF_CACHE_SIZE = 64


def _exact_sf_table(m, sizes, weights, cap):
    """``sf[s] = P(S >= s)`` for ``s = 0..cap`` by a dynamic programme over the cells.

    ``V[u, S]`` = probability that the cells so far hold ``u`` positives with partial
    score ``S`` (index ``cap`` = ``S >= cap``, absorbing because S never decreases).
    The count of cell j given the ``r`` positives left for the ``R`` values left is
    Dirichlet-multinomial: ``C(a+s-1, s-1) C(r-a+R-s-1, R-s-1) / C(r+R-1, R-1)``.
    Probabilities are float64; the comparisons of S are on integers, hence exact.
    """
    k = len(sizes)
    R = sum(sizes)                             # values (parts) not yet processed
    lf = special.gammaln(np.arange(m + R + 1, dtype=np.float64) + 1.0)   # log i!

    def log_choose(x, y):
        return lf[x] - lf[y] - lf[x - y]

    u = np.arange(m + 1)
    r = (m - u)[:, None]                                 # positives left, (m+1, 1)
    a = u[None, :]
    ok = a <= r
    rr, aa = np.where(ok, r, 0), np.where(ok, a, 0)
    V = np.zeros((m + 1, cap + 1))
    V[0, 0] = 1.0
    for j in range(k):
        s, w = sizes[j], weights[j]
        tail = np.cumsum(V[:, ::-1], axis=1)[:, ::-1]       # tail[u, t] = P(u, S >= t)
        if j == k - 1:                         # the last cell takes every positive left
            last = np.zeros(cap + 1)
            for uj in range(m + 1):
                d = w * (m - uj) ** 2
                if d < cap:
                    last[d:cap] += V[uj, :cap - d]
                    last[cap] += tail[uj, cap - d]
                else:
                    last[cap] += tail[uj, 0]
            sf = np.cumsum(last[::-1])[::-1]
            return np.clip(sf, 0.0, 1.0)
        rest = R - s
        # Q[u, a] = P(O_j = a | m - u positives left for the R values left)
        lq = (log_choose(aa + s - 1, s - 1) + log_choose(rr - aa + rest - 1, rest - 1)
              - log_choose(rr + R - 1, R - 1))
        Q = np.where(ok, np.exp(lq), 0.0)
        new = np.zeros_like(V)
        a_live = min(math.isqrt((cap - 1) // w), m)          # the counts with w a^2 < cap
        for aj in range(a_live + 1):
            rows = m - aj + 1
            d = w * aj * aj
            q = Q[:rows, aj]
            new[aj:, d:cap] += V[:rows, :cap - d] * q[:, None]
            new[aj:, cap] += tail[:rows, cap - d] * q
        if a_live < m:                         # every a with w a^2 >= cap: straight to cap
            uu, a2 = np.nonzero(ok[:, a_live + 1:])
            a2 = a2 + a_live + 1
            new[:, cap] += np.bincount(uu + a2, weights=tail[uu, 0] * Q[uu, a2],
                                       minlength=m + 1)
        V = new
        R = rest
    raise AssertionError("k >= 2 cells")       # pragma: no cover


# --------------------------------------------------------------------------- results


def permutation_pvalue(is_neg_sorted, ref, cellmap, weights, n_resamples, rng, s_obs):
    """``(1 + #{S* >= S}) / (B + 1)`` over ``B = n_resamples`` relabellings (integer
    scores: an exact comparison)."""
    sstar = _permutation_scores(is_neg_sorted, ref, cellmap, weights, n_resamples, rng)
    hits = int(np.count_nonzero(sstar >= s_obs))
    return (1.0 + hits) / (n_resamples + 1.0)
