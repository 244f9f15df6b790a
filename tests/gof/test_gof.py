"""Rossa's chi-square goodness-of-fit test of ROC(v) = v (rocstats.gof).

Orientation (seed 003, sections 1-3): pi_0 = the positives (sample C, size m), pi_1 =
the negatives (sample Z, size n); the cells are n G_n(C_j) = #{negatives <= C_j}, i =
0..n, and the chi-square (21) has n = number of negatives degrees of freedom.

Expected values come from independent definitions in tests/definitions.py (pairwise
counting, exact rational arithmetic, enumeration of every ordering / composition), from
SciPy's chi2, and from hand calculation.
"""
import doctest
import itertools
import math
import warnings
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

import rocstats
from rocstats import GOFApproximationWarning, UndefinedAUCWarning
from rocstats.gof import _pvalue, _rossa
from definitions import (compositions, rossa_cell_index_def, rossa_cells_def, rossa_counts_def,
                          rossa_exact_pvalue_def, rossa_permutation_pvalue_def,
                          rossa_statistic_def, rossa_statistic_fraction)


def split(y, x):
    y, x = np.asarray(y), np.asarray(x, dtype=float)
    return x[y == 1], x[y == 0]


def quiet(fn, *a, **k):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", GOFApproximationWarning)
        return fn(*a, **k)


def random_data(rng, m, n, ties):
    """m positives, n negatives in random order."""
    if ties:
        x = rng.integers(0, 6, m + n).astype(float)
    else:
        x = rng.normal(size=m + n)
    y = np.r_[np.ones(m, int), np.zeros(n, int)]
    perm = rng.permutation(m + n)
    return y[perm], x[perm]


# --------------------------------------------------------------------------- item 1: orientation
def test_issue_example_orientation():
    """Issue 9 item 1: y = [1,1,1,0,0], x = [3,4,5,1,2].  G_n is the negatives' EDF
    (n = 2): each positive has both negatives below it, O = (0, 0, 3) against 1 expected,
    T = 6 on 2 df, chi-square p = exp(-3).  (The old orientation gave 3 df.)"""
    y, x = [1, 1, 1, 0, 0], [3, 4, 5, 1, 2]
    r = quiet(rocstats.roc_gof_test, y, x, method="chi2")
    assert r.df == 2 and r.n_pos == 3 and r.n_neg == 2
    assert r.observed.tolist() == [0, 0, 3]
    np.testing.assert_array_equal(r.expected, [1.0, 1.0, 1.0])
    assert r.statistic == 6.0
    assert r.pvalue == pytest.approx(math.exp(-3), rel=1e-12)
    assert r.pvalue == pytest.approx(0.0498, abs=5e-5)
    assert r.placement_values.tolist() == [1.0, 1.0, 1.0]       # G_n(C_j), positives
    assert r.cell_index.tolist() == [2, 2, 2]
    assert r.null_mean == pytest.approx(2 * (3 + 2 + 1) / (2 + 2))
    # the default is exact: 3 of the C(5, 3) = 10 orderings put all positives in one cell
    d = rocstats.roc_gof_test(y, x)
    assert d.pvalue_method == "exact" and d.requested_method == "auto"
    assert d.pvalue == pytest.approx(0.3, rel=1e-12)
    assert rossa_exact_pvalue_def([0, 0, 3], 2) == Fraction(3, 10)
    assert rossa_permutation_pvalue_def(y, x) == Fraction(3, 10)
    # swapping the labels swaps the roles: 2 positives in the EDF of 3 negatives
    s = quiet(rocstats.roc_gof_test, [0, 0, 0, 1, 1], x, method="chi2")
    assert s.df == 3 and s.n_pos == 2 and s.n_neg == 3
    assert s.observed.tolist() == [2, 0, 0, 0]


def test_placements_are_positives_in_negative_edf():
    """Positives 0.35, 0.55, 0.75 among eight negatives: 5, 7 and 8 negatives lie below
    them, so (n = 8, 9 cells, 1/3 expected each) O has ones in cells 5, 7, 8 and
    T = 6 (1/3) + 3 (4/3) = 6 on 8 df."""
    y = [1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0]
    x = [0.35, 0.55, 0.75, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.25, 0.15]
    r = quiet(rocstats.roc_gof_test, y, x, method="chi2")
    assert r.cell_index.tolist() == [5, 7, 8]
    np.testing.assert_allclose(r.placement_values, [5 / 8, 7 / 8, 1.0])
    assert r.observed.tolist() == [0, 0, 0, 0, 0, 1, 0, 1, 1]
    assert r.statistic == pytest.approx(6.0, rel=1e-12) and r.df == 8
    assert r.pvalue == pytest.approx(stats.chi2.sf(6.0, 8), rel=1e-12)
    text = str(r.summary())
    assert "statistic (21)" in text and "positives (m, pi_0, sample C)" in text
    assert "negatives (n, pi_1, EDF G_n)" in text


# --------------------------------------------------------------------------- statistic
@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("ties", [False, True])
@pytest.mark.parametrize("rule", ["upper", "lower"])
def test_statistic_matches_pairwise_definition(seed, ties, rule):
    rng = np.random.default_rng(seed)
    m, n = int(rng.integers(1, 40)), int(rng.integers(1, 30))
    y, x = random_data(rng, m, n, ties)
    xp, xn = split(y, x)
    r = quiet(rocstats.roc_gof_test, y, x, ties=rule, method="chi2")
    t_ref, o_ref = rossa_statistic_def(xp, xn, rule)
    assert r.statistic == pytest.approx(t_ref, rel=1e-12, abs=1e-12)
    np.testing.assert_array_equal(r.observed, o_ref)
    np.testing.assert_array_equal(r.cell_index, rossa_cell_index_def(xp, xn, rule))
    np.testing.assert_allclose(r.placement_values, rossa_cell_index_def(xp, xn, rule) / n)
    assert r.df == n and r.n_pos == m and r.n_neg == n
    np.testing.assert_allclose(r.expected, m / (n + 1))
    # the fast internal entry point gives the same number
    assert _rossa._gof_statistic(xp, xn, ties=rule) == pytest.approx(t_ref, rel=1e-12,
                                                                       abs=1e-12)
    # grouped cells
    k = int(rng.integers(2, n + 2))
    rg = quiet(rocstats.roc_gof_test, y, x, ties=rule, cells=k, method="chi2")
    tg_ref, og_ref = rossa_statistic_def(xp, xn, rule, cells=k)
    assert rg.statistic == pytest.approx(tg_ref, rel=1e-12, abs=1e-12)
    np.testing.assert_array_equal(rg.observed, og_ref)
    assert rg.df == k - 1
    assert _rossa._gof_statistic(xp, xn, ties=rule, cells=k) == pytest.approx(
        tg_ref, rel=1e-12, abs=1e-12)
    # the integer score S = sum w_j O_j^2 is an increasing function of T
    sizes = np.diff(rg.cell_edges)
    w, L = _rossa.score_weights(sizes)
    assert rg.score == int(np.sum(w * og_ref.astype(np.int64) ** 2))
    assert np.all(w * sizes == L)
    assert (n + 1) * rg.score / (m * L) - m == pytest.approx(tg_ref, rel=1e-10, abs=1e-9)


_small = st.lists(st.integers(-3, 3), min_size=1, max_size=12)


@settings(max_examples=150, deadline=None)
@given(_small, _small, st.sampled_from(["upper", "lower"]), st.integers(0, 20))
def test_statistic_property_heavy_ties(pos, neg, rule, kseed):
    """Heavily tied integer scores: fast entry == public function == pairwise definition,
    for the n + 1 cells and a grouping; the counts always add up to m."""
    xp, xn = np.array(pos, float), np.array(neg, float)
    m, n = xp.size, xn.size
    k = 2 + kseed % n if n >= 1 else None
    for cells in (None, k):
        t_ref, o_ref = rossa_statistic_def(xp, xn, rule, cells)
        t = _rossa._gof_statistic(xp, xn, cells=cells, ties=rule)
        assert t == pytest.approx(t_ref, rel=1e-12, abs=1e-12)
        y = np.r_[np.ones(m, int), np.zeros(n, int)]
        r = quiet(rocstats.roc_gof_test, y, np.r_[xp, xn], cells=cells, ties=rule,
                  method="chi2")
        np.testing.assert_array_equal(r.observed, o_ref)
        assert r.observed.sum() == m
        # random tie-breaking stays between the two deterministic rules
        rr = quiet(rocstats.roc_gof_test, y, np.r_[xp, xn], cells=cells, random_state=kseed,
                   method="chi2")
        lo = rossa_cell_index_def(xp, xn, "lower")
        hi = rossa_cell_index_def(xp, xn, "upper")
        assert np.all((lo <= rr.cell_index) & (rr.cell_index <= hi))


@pytest.mark.parametrize("seed", range(4))
def test_random_ties_lie_between_lower_and_upper(seed):
    rng = np.random.default_rng(seed)
    y, x = random_data(rng, 15, 12, ties=True)
    xp, xn = split(y, x)
    lo, hi = rossa_cell_index_def(xp, xn, "lower"), rossa_cell_index_def(xp, xn, "upper")
    r = quiet(rocstats.roc_gof_test, y, x, random_state=seed, method="chi2")
    assert np.all(lo <= r.cell_index) and np.all(r.cell_index <= hi)
    assert np.any(lo < hi)                      # the data really have ties
    # reproducible with the same seed; the internal entry agrees with the same stream
    r2 = quiet(rocstats.roc_gof_test, y, x, random_state=seed, method="chi2")
    np.testing.assert_array_equal(r.cell_index, r2.cell_index)
    t = _rossa._gof_statistic(xp, xn, ties="random", rng=np.random.default_rng(seed))
    assert t == pytest.approx(r.statistic, rel=1e-12)


def test_same_seed_same_tie_breaking_for_every_method():
    rng = np.random.default_rng(12)
    y, x = random_data(rng, 14, 10, ties=True)
    results = [quiet(rocstats.roc_gof_test, y, x, method=meth, n_boot=9, random_state=5)
               for meth in ("chi2", "scaled", "permutation", "exact", "auto")]
    for r in results[1:]:
        np.testing.assert_array_equal(r.cell_index, results[0].cell_index)
        assert r.statistic == results[0].statistic


def test_no_ties_all_rules_agree_and_no_randomness():
    rng = np.random.default_rng(7)
    y, x = random_data(rng, 25, 20, ties=False)
    rs = [quiet(rocstats.roc_gof_test, y, x, ties=t, method="chi2")
          for t in ("upper", "lower")]
    rs += [quiet(rocstats.roc_gof_test, y, x, random_state=s, method="chi2") for s in (1, 2)]
    for r in rs[1:]:
        np.testing.assert_array_equal(r.cell_index, rs[0].cell_index)
        assert r.statistic == rs[0].statistic


def test_random_ties_give_uniform_interleaving():
    """3 positives and 2 negatives all tied: a uniformly random order makes the count
    vector uniform over the C(5, 3) = 10 compositions of m = 3 into n + 1 = 3 cells
    (independent tie-breaking per positive would give the multinomial instead)."""
    y = [1, 1, 1, 0, 0]
    x = [0.0] * 5
    reps = 3000
    freq = Counter(tuple(quiet(rocstats.roc_gof_test, y, x, random_state=s,
                               method="chi2").observed)
                   for s in range(reps))
    comps = list(compositions(3, 3))
    assert len(comps) == 10 and set(freq) == set(comps)
    chi2 = sum((freq[c] - reps / 10) ** 2 / (reps / 10) for c in comps)
    assert stats.chi2.sf(chi2, 9) > 1e-4, freq


def test_upper_rule_on_constant_variable_is_extreme_random_is_not():
    y = [1] * 5 + [0] * 10
    x = [3.0] * 15
    up = quiet(rocstats.roc_gof_test, y, x, ties="upper", method="chi2")
    assert up.observed.tolist() == [0] * 10 + [5]              # n = 10 negatives: 11 cells
    low = quiet(rocstats.roc_gof_test, y, x, ties="lower", method="chi2")
    assert low.observed.tolist() == [5] + [0] * 10
    assert up.statistic == pytest.approx(low.statistic, rel=1e-12)
    assert up.statistic == pytest.approx(5 * 5 / (5 / 11) - 5, rel=1e-12)
    rnd = quiet(rocstats.roc_gof_test, y, x, random_state=0, method="chi2")
    assert rnd.statistic < up.statistic


def test_direction_invariance_of_ungrouped_statistic():
    rng = np.random.default_rng(3)
    y, x = random_data(rng, 23, 17, ties=False)
    a = quiet(rocstats.roc_gof_test, y, x, method="chi2")
    b = quiet(rocstats.roc_gof_test, y, -x, method="chi2")
    assert a.statistic == pytest.approx(b.statistic, rel=1e-12)
    np.testing.assert_array_equal(a.observed, b.observed[::-1])


# --------------------------------------------------------------------------- chi2 / scaled
@pytest.mark.parametrize("cells", [None, 3])
def test_pvalues_against_scipy(cells):
    rng = np.random.default_rng(11)
    y, x = random_data(rng, 30, 60, ties=False)      # m = 30 positives, n = 60 negatives
    shifted = x + 0.8 * y
    for xx in (x, shifted):
        r = quiet(rocstats.roc_gof_test, y, xx, cells=cells, method="chi2")
        assert r.distribution == "chi2" and r.pvalue_method == "chi2"
        assert r.pvalue == pytest.approx(stats.chi2.sf(r.statistic, r.df), rel=1e-12)
        assert r.df == (60 if cells is None else cells - 1)
        s = quiet(rocstats.roc_gof_test, y, xx, cells=cells, method="scaled")
        c = (30 + 60 + 1) / (60 + 2)
        assert s.inflation == pytest.approx(c)
        assert s.scaled_statistic == pytest.approx(r.statistic / c)
        assert s.pvalue == pytest.approx(stats.chi2.sf(r.statistic / c, r.df), rel=1e-12)
        assert s.statistic == r.statistic


def test_paper_chi2_is_anticonservative_and_null_mean_exact():
    """The dependence of the placement values: mean of T under H0 is n (m+n+1)/(n+2)
    with n negatives (the EDF) and m positives."""
    rng = np.random.default_rng(99)
    m, n, reps = 14, 8, 1500
    t = np.array([_rossa._gof_statistic(rng.normal(size=m), rng.normal(size=n))
                  for _ in range(reps)])
    mean0 = n * (m + n + 1) / (n + 2)
    assert abs(t.mean() - mean0) < 4 * t.std() / math.sqrt(reps)
    assert abs(t.mean() - n) > 10 * t.std() / math.sqrt(reps)      # not the chi2_n mean
    size = np.mean(stats.chi2.sf(t, n) <= 0.05)
    assert size > 0.2                                               # far above 0.05


# --------------------------------------------------------------------------- exact null facts
def _all_orderings(m, n):
    """Every label arrangement of m positives and n negatives over m + n distinct values."""
    for pos in itertools.combinations(range(m + n), m):
        y = np.zeros(m + n, int)
        y[list(pos)] = 1
        yield y, np.arange(m + n, dtype=float)


@pytest.mark.parametrize("m,n,cells", [(2, 3, None), (3, 4, None), (3, 4, 2), (3, 5, 4),
                                       (2, 6, 3), (5, 2, None)])
def test_exact_null_by_enumeration(m, n, cells):
    """Over every ordering: the cell index of each positive is uniform on 0..n
    (p_i = 1/(n+1), (19)); grouped cell frequencies equal cell_probs; the count vector is
    uniform over the compositions of m into n + 1 parts; E0[T] equals
    null_mean = (k - 1)(m + n + 1)/(n + 2)."""
    idx_counts = Counter()
    grouped = Counter()
    vectors = Counter()
    total_t = Fraction(0)
    N = 0
    k = n + 1 if cells is None else cells
    cell_of = rossa_cells_def(n, k)
    sizes_def = np.bincount(cell_of, minlength=k)
    for y, x in _all_orderings(m, n):
        xp, xn = split(y, x)
        idx = rossa_cell_index_def(xp, xn)
        idx_counts.update(idx.tolist())
        grouped.update(cell_of[idx].tolist())
        vectors[tuple(np.bincount(idx, minlength=n + 1))] += 1
        counts, sizes = rossa_counts_def(idx, n, cells)
        total_t += rossa_statistic_fraction(counts, sizes, n)
        N += 1
    assert N == math.comb(m + n, m)
    freq = np.array([idx_counts[i] for i in range(n + 1)]) / (N * m)
    np.testing.assert_allclose(freq, 1.0 / (n + 1), rtol=0, atol=1e-12)
    r = quiet(rocstats.roc_gof_test, y, x, cells=cells, method="chi2")
    probs = np.array([grouped[j] for j in range(k)]) / (N * m)
    np.testing.assert_allclose(probs, r.cell_probs, rtol=0, atol=1e-12)
    assert r.cell_probs.sum() == pytest.approx(1.0, abs=1e-15)
    sizes = np.diff(r.cell_edges)
    assert sizes.max() - sizes.min() <= 1 and sizes.sum() == n + 1
    np.testing.assert_array_equal(sizes_def, sizes)
    # Bose-Einstein: each of the C(m + n, m) compositions of m into n + 1 parts once
    assert set(vectors) == set(compositions(m, n + 1)) and set(vectors.values()) == {1}
    # the exact null mean, in rational arithmetic, is (k - 1)(m + n + 1)/(n + 2)
    assert total_t / N == Fraction((k - 1) * (m + n + 1), n + 2)
    assert r.null_mean == pytest.approx(float(Fraction((k - 1) * (m + n + 1), n + 2)),
                                        rel=1e-14)
    assert r.inflation == pytest.approx((m + n + 1) / (n + 2), rel=1e-14)


def test_cell_probabilities_uneven_grouping():
    # n = 9 negatives: 10 values in 3 cells -> sizes 3, 3, 4; probabilities 0.3, 0.3, 0.4
    np.testing.assert_array_equal(_rossa.cell_edges(9, 3), [0, 3, 6, 10])
    np.testing.assert_allclose(_rossa.cell_probs(9, 3), [0.3, 0.3, 0.4])
    for n in range(1, 40):
        for k in range(2, n + 2):
            p = _rossa.cell_probs(n, k)
            assert p.size == k and abs(p.sum() - 1) < 1e-12 and p.min() > 0
            np.testing.assert_array_equal(np.diff(_rossa.cell_edges(n, k)),
                                          np.bincount(rossa_cells_def(n, k), minlength=k))


# --------------------------------------------------------------------------- item 2: exact p
@pytest.mark.parametrize("m,n,cells", [(3, 2, None), (4, 4, None), (6, 3, None), (2, 7, None),
                                       (5, 5, 3), (6, 6, 4), (4, 8, 5), (7, 3, 2)])
def test_exact_pvalue_matches_enumeration(m, n, cells):
    """method="exact" against the brute-force enumeration of every composition (exact
    rational arithmetic), for several observed count vectors including the extremes."""
    rng = np.random.default_rng(m * 100 + n)
    cases = [np.r_[np.arange(m) + 0.5 + n, np.arange(n)],          # all positives on top
             np.r_[np.arange(m) - m, np.arange(n)]]                  # all at the bottom
    cases += [rng.normal(size=m + n) for _ in range(4)]
    y = np.r_[np.ones(m, int), np.zeros(n, int)]
    for x in cases:
        r = rocstats.roc_gof_test(y, x, cells=cells, method="exact")
        p_def = rossa_exact_pvalue_def(np.bincount(r.cell_index, minlength=n + 1), n,
                                       cells)
        assert r.pvalue == pytest.approx(float(p_def), rel=1e-11, abs=1e-15), (x, p_def)
        assert r.distribution == "exact" and r.pvalue_method == "exact"
        # the ordering enumeration (pairwise counting) gives the same number
        if math.comb(m + n, m) <= 200:
            assert rossa_permutation_pvalue_def(y, x, "upper", cells) == p_def


def test_exact_kernel_against_compositions_unequal_cells():
    """_exact_sf directly: P(sum w_j O_j^2 >= cap) for every cap, unequal cell sizes."""
    for m, sizes in ((4, [1, 2, 2]), (6, [2, 3, 2, 3]), (5, [1, 1, 1, 1]), (3, [4, 5])):
        w, L = _rossa.score_weights(sizes)
        scores = Counter()
        edges = np.r_[0, np.cumsum(sizes)]
        for comp in compositions(m, int(sum(sizes))):
            o = [sum(comp[edges[j]:edges[j + 1]]) for j in range(len(sizes))]
            scores[sum(int(wj) * oj * oj for wj, oj in zip(w, o))] += 1
        total = sum(scores.values())
        caps = list(range(0, max(scores) + 3))
        # ascending caps: one programme each; descending: the first one's table is kept
        # and the others are look-ups (the cached survival function must be right too)
        for order in (caps, caps[::-1]):
            _pvalue._SF_CACHE.clear()
            for cap in order:
                ref = sum(v for s, v in scores.items() if s >= cap) / total
                assert _rossa._exact_sf(m, sizes, w, cap) == pytest.approx(
                    ref, rel=1e-12, abs=1e-15)
        key = (m, tuple(sizes), tuple(int(v) for v in w))
        assert _pvalue._SF_CACHE[key].size == max(scores) + 3


def test_exact_with_random_ties_matches_enumeration():
    """Discrete data, ties="random": the exact p-value is that of the realised
    tie-breaking under the uniform law over compositions."""
    rng = np.random.default_rng(4)
    y, x = random_data(rng, 5, 6, ties=True)
    for seed in range(3):
        r = rocstats.roc_gof_test(y, x, method="exact", random_state=seed)
        counts = np.bincount(r.cell_index, minlength=7)
        assert r.pvalue == pytest.approx(float(rossa_exact_pvalue_def(counts, 6)), rel=1e-11)


def test_exact_test_holds_its_size_exactly():
    """Issue 9 item 2, exactly: for m = 5 positives and n = 6 negatives, run the default
    (auto -> exact) on every one of the C(11, 5) orderings (each has probability
    1 / 462 under H0) and sum the probability of p <= alpha: it is the largest
    attainable level <= alpha, never above it.  The paper's chi-square is far above."""
    m, n = 5, 6
    pv, pv_chi2 = [], []
    for y, x in _all_orderings(m, n):
        r = rocstats.roc_gof_test(y, x)
        assert r.pvalue_method == "exact"
        pv.append(r.pvalue)
        pv_chi2.append(quiet(rocstats.roc_gof_test, y, x, method="chi2").pvalue)
    pv = np.array(pv)
    N = math.comb(m + n, m)
    assert pv.size == N
    # exact p-values: P0(p <= p_i) = p_i for every attained p_i (up to rounding)
    for p in np.unique(pv):
        assert np.count_nonzero(pv <= p + 1e-12) / N == pytest.approx(p, rel=1e-9)
    for alpha in (0.01, 0.05, 0.1):
        size = np.count_nonzero(pv <= alpha) / N
        attained = [p for p in np.unique(pv) if p <= alpha]
        assert size <= alpha and size == pytest.approx(max(attained, default=0.0), rel=1e-9)
    assert np.count_nonzero(np.array(pv_chi2) <= 0.05) / N > 3 * 0.05     # 91/462


def test_exact_and_permutation_agree():
    rng = np.random.default_rng(21)
    for m, n, cells, shift in ((12, 9, None, 0.0), (15, 20, 4, 0.6), (8, 30, None, 0.9)):
        y = np.r_[np.ones(m, int), np.zeros(n, int)]
        x = np.r_[rng.normal(shift, 1, m), rng.normal(0, 1, n)]
        e = rocstats.roc_gof_test(y, x, cells=cells, method="exact")
        B = 20000
        p = rocstats.roc_gof_test(y, x, cells=cells, method="permutation", n_boot=B,
                                  random_state=3)
        se = math.sqrt(e.pvalue * (1 - e.pvalue) / B)
        assert abs(p.pvalue - e.pvalue) < 4 * se + 2 / B, (m, n, cells, e.pvalue, p.pvalue)
        assert p.score == e.score and p.statistic == e.statistic


def test_auto_picks_what_the_docstring_says(monkeypatch):
    rng = np.random.default_rng(8)
    # small, untied: exact
    y, x = random_data(rng, 10, 12, ties=False)
    r = rocstats.roc_gof_test(y, x)
    assert r.requested_method == "auto" and r.pvalue_method == "exact"
    assert r.distribution == "exact" and r.n_resamples is None
    assert 0 < r.exact_work <= _rossa.EXACT_WORK_LIMIT
    assert r.pvalue == rocstats.roc_gof_test(y, x, method="exact").pvalue
    assert "auto: exact" in str(quiet(rocstats.roc_gof_test, [1, 1, 0], [2, 3, 1]).summary())
    # ties="upper" / "lower" on tied data: the null is not uniform -> permutation
    yt, xt = random_data(rng, 10, 12, ties=True)
    for rule in ("upper", "lower"):
        r = rocstats.roc_gof_test(yt, xt, ties=rule, n_boot=199, random_state=1)
        assert r.pvalue_method == "permutation" and r.n_resamples == 199
        assert r.exact_work <= _rossa.EXACT_WORK_LIMIT        # cheap, but not valid
        with pytest.raises(ValueError, match="method='exact' needs the uniform null"):
            rocstats.roc_gof_test(yt, xt, ties=rule, method="exact")
    # ... but "upper" on untied data, and "random" on tied data, are exact
    assert rocstats.roc_gof_test(y, x, ties="upper").pvalue_method == "exact"
    assert rocstats.roc_gof_test(yt, xt, random_state=1).pvalue_method == "exact"
    # a tie within one class only still makes the permutation null non-uniform
    x2 = x.copy()
    pos = np.flatnonzero(y == 1)
    x2[pos[1]] = x2[pos[0]]
    assert rocstats.roc_gof_test(y, x2, ties="upper", n_boot=19,
                                 random_state=0).pvalue_method == "permutation"
    # expensive: many positives per cell -> permutation, with exact_work above the
    # limit and above the permutation's work 15 * B * (m + n)
    yb, xb = random_data(rng, 300, 30, ties=False)
    r = rocstats.roc_gof_test(yb, xb, n_boot=199, random_state=2)
    assert r.pvalue_method == "permutation" and r.exact_work > _rossa.EXACT_WORK_LIMIT
    assert r.exact_work > 15 * 199 * 330 and r.n_resamples == 199
    # two positives among 3000 negatives: 3001 cells put the work above 2e7, but the
    # permutation p-value with B = 9999 would cost more, so auto stays exact; with
    # B = 99 the permutation is the cheaper one
    yc, xc = random_data(rng, 2, 3000, ties=False)
    r = rocstats.roc_gof_test(yc, xc)
    assert r.exact_work > _rossa.EXACT_WORK_LIMIT
    assert r.exact_work <= 15 * 9999 * 3002 and r.pvalue_method == "exact"
    r = rocstats.roc_gof_test(yc, xc, n_boot=99, random_state=0)
    assert r.exact_work > 15 * 99 * 3002 and r.pvalue_method == "permutation"
    # the switch is exactly the work bound max(EXACT_WORK_LIMIT, 15 B (m + n))
    w = rocstats.roc_gof_test(y, x).exact_work
    assert w > 15 * 1 * 22
    monkeypatch.setattr(_rossa, "EXACT_WORK_LIMIT", w)
    assert rocstats.roc_gof_test(y, x, n_boot=1).pvalue_method == "exact"
    monkeypatch.setattr(_rossa, "EXACT_WORK_LIMIT", w * (1 - 1e-9))
    assert rocstats.roc_gof_test(y, x, n_boot=1,
                                 random_state=0).pvalue_method == "permutation"
    assert rocstats.roc_gof_test(y, x, n_boot=9999).pvalue_method == "exact"
    monkeypatch.setattr(_rossa, "PERMUTATION_ENTRY_WORK", w / (9999 * 22) * (1 - 1e-9))
    assert rocstats.roc_gof_test(y, x, n_boot=9999,
                                 random_state=0).pvalue_method == "permutation"
    monkeypatch.setattr(_rossa, "PERMUTATION_ENTRY_WORK", 15.0)
    # ... and the table size: auto falls back to permutation, exact refuses
    monkeypatch.setattr(_rossa, "EXACT_WORK_LIMIT", 2e7)
    monkeypatch.setattr(_rossa, "EXACT_MAX_ENTRIES", 10)
    assert rocstats.roc_gof_test(y, x, n_boot=9,
                                 random_state=0).pvalue_method == "permutation"
    with pytest.raises(ValueError, match="method='exact' would need a table"):
        rocstats.roc_gof_test(y, x, method="exact")


def test_default_size_under_h0_small_simulation():
    """The default p-value under H0 (continuous data, both tie regimes of auto) is not
    liberal: fraction of p <= 0.05 within 3 binomial SEs below 0.05 + 3 SE.  The full
    size grid is validation/rocstats_validation/rossa_mc.py."""
    rng = np.random.default_rng(2024)
    reps, hits, hits_chi2 = 300, 0, 0
    for _ in range(reps):
        y, x = random_data(rng, 12, 10, ties=False)
        r = rocstats.roc_gof_test(y, x)
        hits += r.pvalue <= 0.05
        hits_chi2 += quiet(rocstats.roc_gof_test, y, x, method="chi2").pvalue <= 0.05
    se = math.sqrt(0.05 * 0.95 / reps)
    assert abs(hits / reps - 0.05) <= 3 * se, hits / reps
    assert hits_chi2 / reps > 0.05 + 6 * se          # the paper's reference is liberal


# --------------------------------------------------------------------------- permutation
@pytest.mark.parametrize("case", ["example", "ties_upper", "ties_lower_grouped"])
def test_permutation_pvalue_matches_enumeration(case):
    if case == "example":
        y = [1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0]
        x = [0.35, 0.55, 0.75, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.25, 0.15]
        ties, cells = "upper", None
    else:
        y = [1, 0, 1, 0, 0, 1, 1, 0, 0, 0, 1, 0]
        x = [1, 1, 2, 2, 2, 3, 3, 0, 1, 0, 3, 2]
        ties, cells = ("upper", None) if case == "ties_upper" else ("lower", 3)
    exact = float(rossa_permutation_pvalue_def(y, x, ties, cells))
    B = 20000
    r = rocstats.roc_gof_test(y, x, ties=ties, cells=cells, method="permutation",
                              n_boot=B, random_state=1)
    se = math.sqrt(exact * (1 - exact) / B)
    assert abs(r.pvalue - exact) < 4 * se + 1 / B, (r.pvalue, exact)
    assert r.distribution == "permutation" and r.n_resamples == B
    if case == "example":     # no ties: the permutation null is the exact one
        e = rocstats.roc_gof_test(y, x, method="exact")
        assert e.pvalue == pytest.approx(exact, rel=1e-11)


def test_permutation_reproducible_and_bounded():
    rng = np.random.default_rng(5)
    y, x = random_data(rng, 20, 15, ties=True)
    a = rocstats.roc_gof_test(y, x, method="permutation", n_boot=499, random_state=42)
    b = rocstats.roc_gof_test(y, x, method="permutation", n_boot=499,
                              random_state=np.random.default_rng(42))
    assert a.pvalue == b.pvalue and a.statistic == b.statistic
    c = rocstats.roc_gof_test(y, x, method="permutation", n_boot=499, random_state=43)
    assert 1 / 500 <= c.pvalue <= 1
    assert (c.pvalue * 500) == pytest.approx(round(c.pvalue * 500))   # (1 + hits)/(B + 1)
    # the block loop: more replicates than one block holds gives the same replicates
    old = _pvalue._BLOCK
    try:
        _pvalue._BLOCK = 64
        d = rocstats.roc_gof_test(y, x, method="permutation", n_boot=499,
                                  random_state=42)
    finally:
        _pvalue._BLOCK = old
    assert 0 < d.pvalue <= 1


def test_permutation_size_under_h0():
    """Validity: under H0 the fraction of p <= 0.05 must not exceed 0.05 beyond 3
    binomial SEs (with B = 99, (B + 1) 0.05 is an integer, so the test is exact for a
    continuous statistic and conservative for a discrete one)."""
    rng = np.random.default_rng(2024)
    reps, hits = 300, 0
    for _ in range(reps):
        y, x = random_data(rng, 10, 8, ties=False)
        r = rocstats.roc_gof_test(y, x, method="permutation", n_boot=99,
                                  random_state=rng)
        hits += r.pvalue <= 0.05
    size = hits / reps
    assert size <= 0.05 + 3 * math.sqrt(0.05 * 0.95 / reps), size


# --------------------------------------------------------------------------- bad input
Y = np.array([0, 1, 0, 1, 1, 0, 0, 1, 0, 0])
X = np.array([0.1, 0.9, 0.3, 0.7, 0.4, 0.45, 0.2, 0.8, 0.5, 0.6])


@pytest.mark.parametrize("bad,msg", [(np.nan, "NaN"), (np.inf, "infinite")])
def test_nonfinite(bad, msg):
    x = X.copy()
    x[3] = bad
    with pytest.raises(ValueError, match="y_score contains %s" % msg):
        rocstats.roc_gof_test(Y, x)


def test_length_mismatch_and_shape():
    with pytest.raises(ValueError, match="y_true has 10 rows but y_score has 9"):
        rocstats.roc_gof_test(Y, X[:9])
    with pytest.raises(ValueError, match="y_score must be 1-dimensional"):
        rocstats.roc_gof_test(Y, np.c_[X, X])
    with pytest.raises(ValueError, match="y_true is empty"):
        rocstats.roc_gof_test([], [])
    with pytest.raises(ValueError, match="y_true has 3 distinct labels"):
        rocstats.roc_gof_test([0, 1, 2], [1.0, 2.0, 3.0])
    with pytest.raises(ValueError, match="pass pos_label"):
        rocstats.roc_gof_test(["a", "b", "a"], [1.0, 2.0, 3.0])


def test_pos_label_maps_pi0():
    lab = np.where(Y == 1, "case", "control")
    a = rocstats.roc_gof_test(lab, X, pos_label="case")
    b = rocstats.roc_gof_test(Y, X)
    assert a.statistic == b.statistic and a.pvalue == b.pvalue
    assert a.n_pos == 4 and a.n_neg == 6 and a.df == 6 and a.pos_label == "case"
    c = rocstats.roc_gof_test(lab, X, pos_label="control")     # roles swapped
    assert c.n_pos == 6 and c.n_neg == 4 and c.df == 4


def test_one_class_warns_nan():
    with pytest.warns(UndefinedAUCWarning, match="no negatives"):
        r = rocstats.roc_gof_test(np.ones(5, int), X[:5])
    assert math.isnan(r.statistic) and math.isnan(r.pvalue)
    with pytest.warns(UndefinedAUCWarning, match="no positives"):
        r = rocstats.roc_gof_test(np.zeros(5, int), X[:5])
    assert math.isnan(r.pvalue)


@pytest.mark.parametrize("cells,msg", [(8, "cells=8 is more than the n\\+1 = 7 .* n = 6 neg"),
                                       (1, "cells must be >= 2"), (2.5, "cells must be None"),
                                       (True, "cells must be None"), ("3", "cells must be")])
def test_bad_cells(cells, msg):
    with pytest.raises(ValueError, match=msg):
        rocstats.roc_gof_test(Y, X, cells=cells)
    rocstats.roc_gof_test(Y, X, cells=7)        # n + 1 = 7 with 6 negatives is allowed


def test_bad_options():
    with pytest.raises(ValueError, match="method must be one of"):
        rocstats.roc_gof_test(Y, X, method="mid-p")
    with pytest.raises(ValueError, match="ties must be one of"):
        rocstats.roc_gof_test(Y, X, ties="mid")
    for meth in ("permutation", "auto"):
        for b in (0, -3, 2.5, True):
            with pytest.raises(ValueError, match="n_boot must be a positive integer"):
                rocstats.roc_gof_test(Y, X, method=meth, n_boot=b)


def test_small_sample_warning_says_what_to_do():
    with pytest.warns(GOFApproximationWarning, match=r"expected cell counts.*< 5.*"
                      r"method='auto'.*cells=k"):
        rocstats.roc_gof_test(Y, X, method="chi2")
    with pytest.warns(GOFApproximationWarning, match="expected cell counts"):
        rocstats.roc_gof_test(Y, X, method="scaled", cells=2)
    # large m, grouped, scaled: no warning; the exact / permutation / auto never warn
    rng = np.random.default_rng(0)
    y, x = random_data(rng, 60, 40, ties=False)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        rocstats.roc_gof_test(y, x, cells=4, method="scaled")
        rocstats.roc_gof_test(Y, X, method="permutation", n_boot=9, random_state=0)
        rocstats.roc_gof_test(Y, X)
        rocstats.roc_gof_test(Y, X, method="exact")
    # chi2 with enough positives per cell still warns about the inflation
    with pytest.warns(GOFApproximationWarning, match="mean .* not df"):
        rocstats.roc_gof_test(y, x, cells=4, method="chi2")


def test_tie_warning_for_deterministic_rules():
    rng = np.random.default_rng(1)
    y, x = random_data(rng, 60, 40, ties=True)
    with pytest.warns(GOFApproximationWarning, match="tied"):
        rocstats.roc_gof_test(y, x, cells=3, method="scaled", ties="upper")


# --------------------------------------------------------------------------- the rule
def _closest_partition_def(y, x):
    """Brute force over every cut x0 (each observed value and -inf): the set {x > x0} as
    positive, the squared distance of (1 - Sp, Se) to (0, 1); every minimiser."""
    y, x = np.asarray(y), np.asarray(x, float)
    best, parts = np.inf, []
    for x0 in np.r_[-np.inf, np.unique(x)]:
        pred = x > x0
        se, sp = pred[y == 1].mean(), 1 - pred[y == 0].mean()
        d = Fraction(1 - float(se)).limit_denominator(10 ** 6) ** 2 + \
            Fraction(1 - float(sp)).limit_denominator(10 ** 6) ** 2
        if d < best:
            best, parts = d, [pred]
        elif d == best:
            parts.append(pred)
    return best, parts


def test_rule_picks_largest_statistic_and_closest_topleft():
    rng = np.random.default_rng(8)
    n = 60
    y = rng.integers(0, 2, n)
    X = np.c_[rng.normal(size=n), rng.normal(size=n) + 1.5 * y, rng.normal(size=n) + 0.5 * y]
    r = rocstats.roc_gof_rule(y, X, ties="upper")
    ref = [rossa_statistic_def(X[y == 1, j], X[y == 0, j], "upper")[0] for j in range(3)]
    np.testing.assert_allclose(r.statistics, ref, rtol=1e-12)
    assert r.variable_index == int(np.argmax(ref)) == 1 and r.variable == 1
    assert r.direction == "<"
    # the partition: x > x0 for an observed x0, at a point closest to (0, 1)
    best, parts = _closest_partition_def(y, X[:, 1])
    pred = r.predict(X)
    assert any(np.array_equal(pred, p) for p in parts)
    assert r.sensitivity == pytest.approx(pred[y == 1].mean(), abs=1e-12)
    assert r.specificity == pytest.approx(1 - pred[y == 0].mean(), abs=1e-12)
    assert r.distance == pytest.approx(math.sqrt(float(best)), rel=1e-6)
    assert r.distance == pytest.approx(math.hypot(1 - r.sensitivity, 1 - r.specificity))
    bt = rocstats.best_threshold(y, X[:, 1], method="closest_topleft")
    assert (r.sensitivity, r.specificity) == (bt.sensitivity, bt.specificity)
    assert "statistic[1]" in str(r.summary())


def test_rule_uses_the_paper_orientation():
    """Issue 9 item 1 for the rule: the two orientations choose different variables.
    Three positives, six negatives (n + 1 = 7 cells, 3/7 expected in each).

    a: positives 2, 3, 4 each have 2 negatives (0, 1) at or below them: O = (0,0,3,0,0,0,0),
       T = 6 (3/7) + (3 - 3/7)^2 / (3/7) = 18.
    b: positives 0, 6, 7 have 0, 5, 5 negatives at or below them: O = (1,0,0,0,0,2,0),
       T = (1 + 4) 7/3 - 3 = 26/3.
    The old orientation (negatives placed among the 3 positives, 4 cells) gave
    a: O = (2,0,0,4), T = 22/3; b: O = (0,5,0,1), T = 34/3, and chose b."""
    y = np.r_[np.ones(3, int), np.zeros(6, int)]
    a = np.array([2.0, 4, 3, 1, 7, 6, 8, 5, 0])
    b = np.array([0.0, 7, 6, 5, 1, 2, 4, 3, 8])
    X = np.c_[b, a]
    r = rocstats.roc_gof_rule(y, X, ties="upper", variable_names=["b", "a"])
    assert r.statistics[1] == pytest.approx(18.0, rel=1e-12)
    assert r.statistics[0] == pytest.approx(26 / 3, rel=1e-12)
    assert r.variable == "a"
    ref = [rossa_statistic_def(X[y == 1, j], X[y == 0, j], "upper")[0] for j in range(2)]
    np.testing.assert_allclose(r.statistics, ref, rtol=1e-12)
    # the old orientation, by the same definition with the roles swapped
    old = [rossa_statistic_def(X[y == 0, j], X[y == 1, j], "upper")[0] for j in range(2)]
    np.testing.assert_allclose(old, [34 / 3, 22 / 3], rtol=1e-12)


def test_rule_direction_best_and_names():
    pd = pytest.importorskip("pandas")
    rng = np.random.default_rng(9)
    n = 50
    y = rng.integers(0, 2, n)
    df = pd.DataFrame({"noise": rng.normal(size=n), "low_is_pos": rng.normal(size=n) - 2 * y})
    r = rocstats.roc_gof_rule(y, df, direction="best", ties="upper")
    assert r.variable == "low_is_pos" and r.direction == ">"
    bt = rocstats.best_threshold(y, df["low_is_pos"], method="closest_topleft", direction=">")
    assert (r.sensitivity, r.specificity) == (bt.sensitivity, bt.specificity)
    lt = rocstats.best_threshold(y, df["low_is_pos"], method="closest_topleft")
    assert bt.criterion < lt.criterion
    # the reversed rule is the paper's on -x: its partition is {-x > x0} for an optimal x0
    _, parts = _closest_partition_def(y, -df["low_is_pos"].to_numpy())
    assert any(np.array_equal(r.predict(df.to_numpy()), p) for p in parts)
    fixed = rocstats.roc_gof_rule(y, df, direction="<", ties="upper")
    assert fixed.direction == "<"
    assert (fixed.sensitivity, fixed.specificity) == (lt.sensitivity, lt.specificity)
    # the ungrouped statistic does not depend on the orientation
    np.testing.assert_allclose(fixed.statistics, r.statistics)


def test_rule_bad_input():
    with pytest.raises(ValueError, match="X must be 2-dimensional"):
        rocstats.roc_gof_rule(Y, X)
    with pytest.raises(ValueError, match="y_true has 10 rows but X has 9"):
        rocstats.roc_gof_rule(Y, np.c_[X, X][:9])
    with pytest.raises(ValueError, match="variable_names has 1 names but X has 2"):
        rocstats.roc_gof_rule(Y, np.c_[X, X], variable_names=["a"])
    with pytest.raises(ValueError, match="direction must be one of"):
        rocstats.roc_gof_rule(Y, np.c_[X, X], direction="auto")
    with pytest.raises(ValueError, match="X contains NaN"):
        rocstats.roc_gof_rule(Y, np.c_[X, np.r_[np.nan, X[1:]]])
    with pytest.raises(ValueError, match="cells=8 is more than .* 6 negatives"):
        rocstats.roc_gof_rule(Y, np.c_[X, X], cells=8)
    with pytest.warns(UndefinedAUCWarning):
        r = rocstats.roc_gof_rule(np.ones(10, int), np.c_[X, X])
    assert np.isnan(r.statistics).all() and math.isnan(r.threshold)


# --------------------------------------------------------------------------- docstrings
def test_docstring_examples():
    failed, attempted = doctest.testmod(_rossa, optionflags=doctest.ELLIPSIS)
    assert attempted >= 10 and failed == 0
