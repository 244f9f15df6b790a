"""`rocstats.roc_gof_test`'s p-values (rocstats.gof._pvalue, mutation run of issue 23):
the documented work estimate ``exact_work`` of ``method="auto"``, the exact p-value
against an enumeration of the compositions over more keys than the table cache holds,
p = 1 when the observed score is the smallest possible, and the permutation p-value
when every relabelling has the observed score.  Expected values come from the
definitions: the formula for W in the `roc_gof_test` docstring (Python integers), the
uniform law over the compositions of m into n + 1 parts (tests/definitions.py), and
p = (1 + #{S* >= S}) / (B + 1) with S* = S for every relabelling."""
from fractions import Fraction

import numpy as np
import pytest

import rocstats

from definitions import compositions, rossa_cells_def


def _data(counts, n):
    """Labels and scores with ``counts[v]`` positives having exactly v of the n negatives
    below them (negatives at 10, 20, ..., 10 n; no ties)."""
    neg = [10.0 * (i + 1) for i in range(n)]
    pos = [10.0 * v + 5.0 for v, c in enumerate(counts) for _ in range(int(c))]
    return [1] * len(pos) + [0] * n, pos + neg


def _cells_def(n, cells):
    """Cell sizes s_j, integer weights w_j = L / s_j (L = lcm of the sizes; w_j = 1 for
    the n + 1 cells) and the cell of every value 0..n."""
    if cells is None:
        return [1] * (n + 1), [1] * (n + 1), list(range(n + 1))
    cell_of = [int(c) for c in rossa_cells_def(n, cells)]
    sizes = [cell_of.count(j) for j in range(cells)]
    L = int(np.lcm.reduce(sizes))
    return sizes, [L // s for s in sizes], cell_of


def _work_def(m, weights, S):
    """W of the docstring: summed over the k cells j,
    2e4 + 3 (m+1)(S+1) + 10 (m+1)^2 + sum_{a <= m, w_j a^2 < S} (m - a + 1)(S - w_j a^2)."""
    total = 0
    for w in weights:
        total += (20000 + 3 * (m + 1) * (S + 1) + 10 * (m + 1) ** 2
                  + sum((m - a + 1) * (S - w * a * a)
                        for a in range(m + 1) if w * a * a < S))
    return total


@pytest.mark.parametrize("counts, cells", [
    ([0, 0, 0, 0, 6], None),       # all in one cell: a = m - 1 is counted (S = 36 > 25)
    ([1, 0, 2, 0, 0, 3, 1], None),
    ([3, 1, 0, 0, 0], 3),          # sizes (1, 2, 2), weights (2, 1, 1): a = m is counted
    ([0, 0, 1, 2, 2], 3),          # for w = 1, and two distinct weights are summed
    ([2, 0, 1, 0, 0, 0, 4, 1], 3),
    ([0, 70000], None),            # m = 70,000 (one negative): W is about 2e19 > 2**63
])
def test_exact_work_is_the_documented_estimate(counts, cells):
    n = len(counts) - 1
    m = sum(counts)
    sizes, weights, cell_of = _cells_def(n, cells)
    O = [0] * len(sizes)
    for v, c in enumerate(counts):
        O[cell_of[v]] += c
    S = sum(w * o * o for w, o in zip(weights, O))
    y, x = _data(counts, n)
    r = rocstats.roc_gof_test(y, x, cells=cells, n_boot=1, random_state=0)
    assert r.score == S
    assert r.exact_work == pytest.approx(_work_def(m, weights, S), rel=1e-12)


def test_exact_pvalue_over_more_keys_than_the_table_cache_holds():
    # 72 different (m, cells) keys: more than the 64 kept tables, so the oldest are
    # evicted while new ones are added; every p-value against the enumeration of the
    # C(m + 2, 2) equally likely compositions of m into the n + 1 = 3 cells
    # (with equal cells T >= T_obs  <=>  sum O^2 >= sum O_obs^2)
    n = 2
    for m in range(1, 73):
        counts = [m // 2, 0, m - m // 2] if m % 3 else [m, 0, 0]
        s_obs = sum(c * c for c in counts)
        comps = list(compositions(m, n + 1))
        expected = Fraction(sum(sum(c * c for c in o) >= s_obs for o in comps), len(comps))
        y, x = _data(counts, n)
        r = rocstats.roc_gof_test(y, x, method="exact")
        assert r.pvalue_method == "exact"
        assert r.pvalue == pytest.approx(float(expected), rel=1e-9), m


@pytest.mark.parametrize("n", [4, 8, 11, 17])
def test_exact_pvalue_of_the_smallest_score_is_one_and_a_probability(n):
    # one positive: every relabelling gives S = 1, so P(S >= S_obs) = 1 -- and never
    # above 1 (the dynamic programme's float sum can exceed 1 by a few ulps)
    counts = [0] * (n + 1)
    counts[n // 2] = 1
    y, x = _data(counts, n)
    r = rocstats.roc_gof_test(y, x, method="exact")
    assert r.score == 1
    assert 0.0 <= r.pvalue <= 1.0
    assert r.pvalue == pytest.approx(1.0, abs=1e-12)


@pytest.mark.parametrize("n, n_boot", [
    (4, 97),           # one block
    (19999, 150),      # N = 20,000: blocks of 2**21 // N = 104 replicates, then 46
])
def test_permutation_pvalue_when_every_relabelling_has_the_observed_score(n, n_boot):
    # one positive: S* = S = 1 for every relabelling, so every replicate is a hit and
    # p = (1 + B) / (B + 1) = 1 exactly.  Freed buffers of B int64 filled with -1 first,
    # so that a replicate slot the code forgets to fill is (very likely) not a hit.
    counts = [0] * (n + 1)
    counts[n // 3] = 1
    y, x = _data(counts, n)
    junk = [np.full(n_boot, -1, dtype=np.int64) for _ in range(8)]
    del junk
    r = rocstats.roc_gof_test(y, x, method="permutation", n_boot=n_boot, random_state=3)
    assert r.pvalue_method == "permutation" and r.n_resamples == n_boot
    assert r.score == 1
    assert r.pvalue == 1.0
