"""Rossa's chi-square goodness-of-fit test of ROC(v) = v (rocstats.gof).

Expected values come from an independent O(m n) definition written here (pairwise
counting of X_i < C_j / X_i <= C_j, np.bincount, the Pearson sum), from SciPy's chi2,
and from exact enumeration of every ordering of tiny pooled samples.
"""
import doctest
import itertools
import math
import warnings
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

import rocstats
from rocstats import GOFApproximationWarning, UndefinedAUCWarning
from rocstats.gof import _rossa


# --------------------------------------------------------------------------- definitions
def ref_cell_index(x_pos, x_neg, rule):
    """n G_n(C_j) by pairwise counting: #{X_i < C_j} (+ #{X_i == C_j} for "upper")."""
    out = []
    for c in x_neg:
        below = sum(1 for x in x_pos if x < c)
        tied = sum(1 for x in x_pos if x == c)
        out.append(below + (tied if rule == "upper" else 0))
    return np.array(out, dtype=np.int64)


def ref_cells(n, k):
    """Cell of every value v = 0..n for k cells 'as even as possible', by a loop:
    cell j starts at floor(j (n+1) / k)."""
    starts = [j * (n + 1) // k for j in range(k)]
    return np.array([max(j for j in range(k) if starts[j] <= v) for v in range(n + 1)])


def ref_statistic(x_pos, x_neg, rule, cells=None):
    n, m = len(x_pos), len(x_neg)
    idx = ref_cell_index(x_pos, x_neg, rule)
    if cells is None:
        observed = np.bincount(idx, minlength=n + 1)
        expected = np.full(n + 1, m / (n + 1))
    else:
        cell_of = ref_cells(n, cells)
        observed = np.bincount(cell_of[idx], minlength=cells)
        sizes = np.bincount(cell_of, minlength=cells)
        expected = m * sizes / (n + 1)
    return sum((o - e) ** 2 / e for o, e in zip(observed, expected)), observed


def split(y, x):
    y, x = np.asarray(y), np.asarray(x, dtype=float)
    return x[y == 1], x[y == 0]


def quiet(fn, *a, **k):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", GOFApproximationWarning)
        return fn(*a, **k)


def random_data(rng, n, m, ties):
    if ties:
        x = rng.integers(0, 6, n + m).astype(float)
    else:
        x = rng.normal(size=n + m)
    y = np.r_[np.ones(n, int), np.zeros(m, int)]
    perm = rng.permutation(n + m)
    return y[perm], x[perm]


# --------------------------------------------------------------------------- statistic
@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("ties", [False, True])
@pytest.mark.parametrize("rule", ["upper", "lower"])
def test_statistic_matches_pairwise_definition(seed, ties, rule):
    rng = np.random.default_rng(seed)
    n, m = int(rng.integers(1, 30)), int(rng.integers(1, 40))
    y, x = random_data(rng, n, m, ties)
    xp, xn = split(y, x)
    r = quiet(rocstats.roc_gof_test, y, x, ties=rule)
    t_ref, o_ref = ref_statistic(xp, xn, rule)
    assert r.statistic == pytest.approx(t_ref, rel=1e-12, abs=1e-12)
    np.testing.assert_array_equal(r.observed, o_ref)
    np.testing.assert_array_equal(r.cell_index, ref_cell_index(xp, xn, rule))
    np.testing.assert_allclose(r.placement_values, ref_cell_index(xp, xn, rule) / n)
    assert r.df == n and r.n_pos == n and r.n_neg == m
    np.testing.assert_allclose(r.expected, m / (n + 1))
    # the fast internal entry point gives the same number
    assert _rossa._gof_statistic(xp, xn, ties=rule) == pytest.approx(t_ref, rel=1e-12,
                                                                       abs=1e-12)
    # grouped cells
    k = int(rng.integers(2, n + 2))
    rg = quiet(rocstats.roc_gof_test, y, x, ties=rule, cells=k)
    tg_ref, og_ref = ref_statistic(xp, xn, rule, cells=k)
    assert rg.statistic == pytest.approx(tg_ref, rel=1e-12, abs=1e-12)
    np.testing.assert_array_equal(rg.observed, og_ref)
    assert rg.df == k - 1
    assert _rossa._gof_statistic(xp, xn, ties=rule, cells=k) == pytest.approx(
        tg_ref, rel=1e-12, abs=1e-12)


_small = st.lists(st.integers(-3, 3), min_size=1, max_size=12)


@settings(max_examples=150, deadline=None)
@given(_small, _small, st.sampled_from(["upper", "lower"]), st.integers(0, 20))
def test_statistic_property_heavy_ties(pos, neg, rule, kseed):
    """Heavily tied integer scores: fast entry == public function == pairwise definition,
    for the n + 1 cells and a grouping; the counts always add up to m."""
    xp, xn = np.array(pos, float), np.array(neg, float)
    n, m = xp.size, xn.size
    k = 2 + kseed % n if n >= 1 else None
    for cells in (None, k):
        t_ref, o_ref = ref_statistic(xp, xn, rule, cells)
        t = _rossa._gof_statistic(xp, xn, cells=cells, ties=rule)
        assert t == pytest.approx(t_ref, rel=1e-12, abs=1e-12)
        y = np.r_[np.ones(n, int), np.zeros(m, int)]
        r = quiet(rocstats.roc_gof_test, y, np.r_[xp, xn], cells=cells, ties=rule)
        np.testing.assert_array_equal(r.observed, o_ref)
        assert r.observed.sum() == m
        # random tie-breaking stays between the two deterministic rules
        rr = quiet(rocstats.roc_gof_test, y, np.r_[xp, xn], cells=cells, random_state=kseed)
        lo = ref_cell_index(xp, xn, "lower")
        hi = ref_cell_index(xp, xn, "upper")
        assert np.all((lo <= rr.cell_index) & (rr.cell_index <= hi))


@pytest.mark.parametrize("seed", range(4))
def test_random_ties_lie_between_lower_and_upper(seed):
    rng = np.random.default_rng(seed)
    y, x = random_data(rng, 12, 15, ties=True)
    xp, xn = split(y, x)
    lo, hi = ref_cell_index(xp, xn, "lower"), ref_cell_index(xp, xn, "upper")
    r = quiet(rocstats.roc_gof_test, y, x, random_state=seed)
    assert np.all(lo <= r.cell_index) and np.all(r.cell_index <= hi)
    assert np.any(lo < hi)                      # the data really have ties
    # reproducible with the same seed; the internal entry agrees with the same stream
    r2 = quiet(rocstats.roc_gof_test, y, x, random_state=seed)
    np.testing.assert_array_equal(r.cell_index, r2.cell_index)
    t = _rossa._gof_statistic(xp, xn, ties="random", rng=np.random.default_rng(seed))
    assert t == pytest.approx(r.statistic, rel=1e-12)


def test_same_seed_same_tie_breaking_for_every_method():
    rng = np.random.default_rng(12)
    y, x = random_data(rng, 10, 14, ties=True)
    a = quiet(rocstats.roc_gof_test, y, x, random_state=5)
    b = rocstats.roc_gof_test(y, x, method="permutation", n_resamples=9, random_state=5)
    np.testing.assert_array_equal(a.cell_index, b.cell_index)
    assert a.statistic == b.statistic


def test_no_ties_all_rules_agree_and_no_randomness():
    rng = np.random.default_rng(7)
    y, x = random_data(rng, 20, 25, ties=False)
    rs = [quiet(rocstats.roc_gof_test, y, x, ties=t, random_state=s)
          for t in ("upper", "lower") for s in (0,)]
    rs += [quiet(rocstats.roc_gof_test, y, x, random_state=s) for s in (1, 2)]
    for r in rs[1:]:
        np.testing.assert_array_equal(r.cell_index, rs[0].cell_index)
        assert r.statistic == rs[0].statistic


def test_random_ties_give_uniform_interleaving():
    """3 positives and 2 negatives all tied: a uniformly random order makes the count
    vector uniform over the C(5, 2) = 10 compositions of 2 into 4 cells (independent
    tie-breaking per negative would give the multinomial instead)."""
    y = [1, 1, 1, 0, 0]
    x = [0.0] * 5
    reps = 3000
    freq = Counter(tuple(quiet(rocstats.roc_gof_test, y, x, random_state=s).observed)
                   for s in range(reps))
    compositions = [c for c in itertools.product(range(3), repeat=4) if sum(c) == 2]
    assert len(compositions) == 10 and set(freq) == set(compositions)
    chi2 = sum((freq[c] - reps / 10) ** 2 / (reps / 10) for c in compositions)
    assert stats.chi2.sf(chi2, 9) > 1e-4, freq


def test_upper_rule_on_constant_variable_is_extreme_random_is_not():
    y = [1] * 5 + [0] * 10
    x = [3.0] * 15
    up = quiet(rocstats.roc_gof_test, y, x, ties="upper")
    assert up.observed.tolist() == [0, 0, 0, 0, 0, 10]
    low = quiet(rocstats.roc_gof_test, y, x, ties="lower")
    assert low.observed.tolist() == [10, 0, 0, 0, 0, 0]
    assert up.statistic == pytest.approx(low.statistic, rel=1e-12)
    assert up.statistic == pytest.approx(10 * 10 / (10 / 6) - 10, rel=1e-12)
    rnd = quiet(rocstats.roc_gof_test, y, x, random_state=0)
    assert rnd.statistic < up.statistic


def test_direction_invariance_of_ungrouped_statistic():
    rng = np.random.default_rng(3)
    y, x = random_data(rng, 17, 23, ties=False)
    a = quiet(rocstats.roc_gof_test, y, x)
    b = quiet(rocstats.roc_gof_test, y, -x)
    assert a.statistic == pytest.approx(b.statistic, rel=1e-12)
    np.testing.assert_array_equal(a.observed, b.observed[::-1])


# --------------------------------------------------------------------------- p-values
@pytest.mark.parametrize("cells", [None, 3])
def test_pvalues_against_scipy(cells):
    rng = np.random.default_rng(11)
    y, x = random_data(rng, 30, 60, ties=False)
    y_sh = x + 0.8 * y
    for xx in (x, y_sh):
        r = quiet(rocstats.roc_gof_test, y, xx, cells=cells)
        assert r.distribution == "chi2" and r.pvalue_method == "chi2"
        assert r.pvalue == pytest.approx(stats.chi2.sf(r.statistic, r.df), rel=1e-12)
        s = quiet(rocstats.roc_gof_test, y, xx, cells=cells, method="scaled")
        c = (60 + 30 + 1) / (30 + 2)
        assert s.inflation == pytest.approx(c)
        assert s.scaled_statistic == pytest.approx(r.statistic / c)
        assert s.pvalue == pytest.approx(stats.chi2.sf(r.statistic / c, r.df), rel=1e-12)
        assert s.statistic == r.statistic


def test_worked_example_by_hand():
    """The docstring example: O = (5, 2, 1, 0), expected 2, T = 7 on 3 df."""
    y = [1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0]
    x = [0.35, 0.55, 0.75, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.25, 0.15]
    with pytest.warns(GOFApproximationWarning, match="permutation"):
        r = rocstats.roc_gof_test(y, x)
    assert r.observed.tolist() == [5, 2, 1, 0]
    assert r.statistic == 7.0 and r.df == 3
    assert r.pvalue == pytest.approx(stats.chi2.sf(7.0, 3))
    assert r.null_mean == pytest.approx(3 * 12 / 5)
    text = str(r.summary())
    assert "statistic (21)" in text and "negatives (m, pi_0)" in text


def _enumerate_pvalue(y, x, ties, cells=None):
    """Exact permutation p-value: every distinct assignment of the labels to the
    observed pooled values (all equally likely under H0)."""
    y, x = np.asarray(y), np.asarray(x, float)
    n = int(y.sum())
    t_obs = ref_statistic(x[y == 1], x[y == 0], ties, cells)[0]
    hits = total = 0
    for pos in itertools.combinations(range(len(x)), n):
        lab = np.zeros(len(x), bool)
        lab[list(pos)] = True
        t = ref_statistic(x[lab], x[~lab], ties, cells)[0]
        hits += t >= t_obs - 1e-9
        total += 1
    return hits / total


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
    exact = _enumerate_pvalue(y, x, ties, cells)
    if case == "example":
        assert exact == pytest.approx(82 / 165)
    B = 20000
    r = rocstats.roc_gof_test(y, x, ties=ties, cells=cells, method="permutation",
                              n_resamples=B, random_state=1)
    se = math.sqrt(exact * (1 - exact) / B)
    assert abs(r.pvalue - exact) < 4 * se + 1 / B, (r.pvalue, exact)
    assert r.distribution == "permutation" and r.n_resamples == B


def test_permutation_reproducible_and_bounded():
    rng = np.random.default_rng(5)
    y, x = random_data(rng, 15, 20, ties=True)
    a = rocstats.roc_gof_test(y, x, method="permutation", n_resamples=499, random_state=42)
    b = rocstats.roc_gof_test(y, x, method="permutation", n_resamples=499,
                              random_state=np.random.default_rng(42))
    assert a.pvalue == b.pvalue and a.statistic == b.statistic
    c = rocstats.roc_gof_test(y, x, method="permutation", n_resamples=499, random_state=43)
    assert 1 / 500 <= c.pvalue <= 1
    assert (c.pvalue * 500) == pytest.approx(round(c.pvalue * 500))   # (1 + hits)/(B + 1)
    # the block loop: more replicates than one block holds gives the same kind of answer
    old = _rossa._BLOCK
    try:
        _rossa._BLOCK = 64
        d = rocstats.roc_gof_test(y, x, method="permutation", n_resamples=499,
                                  random_state=42)
    finally:
        _rossa._BLOCK = old
    assert 0 < d.pvalue <= 1


def test_permutation_size_under_h0():
    """Validity: under H0 the fraction of p <= 0.05 must not exceed 0.05 beyond 3
    binomial SEs (with B = 99, (B + 1) 0.05 is an integer, so the test is exact for a
    continuous statistic and conservative for a discrete one)."""
    rng = np.random.default_rng(2024)
    reps, hits = 300, 0
    for _ in range(reps):
        y, x = random_data(rng, 8, 10, ties=False)
        r = rocstats.roc_gof_test(y, x, method="permutation", n_resamples=99,
                                  random_state=rng)
        hits += r.pvalue <= 0.05
    size = hits / reps
    assert size <= 0.05 + 3 * math.sqrt(0.05 * 0.95 / reps), size


def test_paper_chi2_is_anticonservative_and_null_mean_exact():
    """The dependence of the placement values: mean of T under H0 is n (m+n+1)/(n+2)."""
    rng = np.random.default_rng(99)
    n, m, reps = 10, 10, 1500
    t = np.array([_rossa._gof_statistic(rng.normal(size=n), rng.normal(size=m))
                  for _ in range(reps)])
    mean0 = n * (m + n + 1) / (n + 2)
    assert abs(t.mean() - mean0) < 4 * t.std() / math.sqrt(reps)
    assert abs(t.mean() - n) > 10 * t.std() / math.sqrt(reps)      # not the chi2_n mean
    size = np.mean(stats.chi2.sf(t, n) <= 0.05)
    assert size > 0.2                                               # far above 0.05


# --------------------------------------------------------------------------- exact null
def _all_orderings(n, m):
    """Every label arrangement of n positives and m negatives over n + m distinct values."""
    for pos in itertools.combinations(range(n + m), n):
        y = np.zeros(n + m, int)
        y[list(pos)] = 1
        yield y, np.arange(n + m, dtype=float)


@pytest.mark.parametrize("n,m,cells", [(3, 2, None), (4, 3, None), (4, 3, 2), (5, 3, 4),
                                       (6, 2, 3)])
def test_exact_null_by_enumeration(n, m, cells):
    """Cell index of each negative uniform on 0..n (p_i = 1/(n+1)); grouped cell
    frequencies equal cell_probs; count vector uniform over compositions; E0[T] equals
    null_mean = (k - 1)(m + n + 1)/(n + 2)."""
    idx_counts = Counter()
    grouped = Counter()
    vectors = Counter()
    total_t = 0.0
    N = 0
    for y, x in _all_orderings(n, m):
        r = rocstats.roc_gof_test(y, x, cells=cells, method="permutation", n_resamples=1,
                                  random_state=0)
        idx_counts.update(r.cell_index.tolist())
        cell_of = np.searchsorted(r.cell_edges, r.cell_index, side="right") - 1
        grouped.update(cell_of.tolist())
        vectors[tuple(rocstats.roc_gof_test(y, x, method="permutation", n_resamples=1,
                                            random_state=0).observed)] += 1
        total_t += r.statistic
        N += 1
    assert N == math.comb(n + m, n)
    freq = np.array([idx_counts[i] for i in range(n + 1)]) / (N * m)
    np.testing.assert_allclose(freq, 1.0 / (n + 1), rtol=0, atol=1e-12)
    k = n + 1 if cells is None else cells
    probs = np.array([grouped[j] for j in range(k)]) / (N * m)
    np.testing.assert_allclose(probs, r.cell_probs, rtol=0, atol=1e-12)
    assert r.cell_probs.sum() == pytest.approx(1.0, abs=1e-15)
    sizes = np.diff(r.cell_edges)
    assert sizes.max() - sizes.min() <= 1 and sizes.sum() == n + 1
    # ref_cells is an independent loop over the same definition
    np.testing.assert_array_equal(np.bincount(ref_cells(n, k), minlength=k), sizes)
    # Bose-Einstein: each of the C(m + n, n) compositions once
    assert len(vectors) == N and set(vectors.values()) == {1}
    assert total_t / N == pytest.approx(r.null_mean, rel=1e-12)


def test_cell_probabilities_uneven_grouping():
    # n = 9: 10 values in 3 cells -> sizes 3, 3, 4; probabilities 0.3, 0.3, 0.4
    np.testing.assert_array_equal(_rossa.cell_edges(9, 3), [0, 3, 6, 10])
    np.testing.assert_allclose(_rossa.cell_probs(9, 3), [0.3, 0.3, 0.4])
    for n in range(1, 40):
        for k in range(2, n + 2):
            p = _rossa.cell_probs(n, k)
            assert p.size == k and abs(p.sum() - 1) < 1e-12 and p.min() > 0
            np.testing.assert_array_equal(np.diff(_rossa.cell_edges(n, k)),
                                          np.bincount(ref_cells(n, k), minlength=k))


# --------------------------------------------------------------------------- bad input
Y = np.array([0, 1, 0, 1, 1, 0, 0, 1, 0, 0])
X = np.array([0.1, 0.9, 0.3, 0.7, 0.4, 0.45, 0.2, 0.8, 0.5, 0.6])


@pytest.mark.parametrize("bad,msg", [(np.nan, "NaN"), (np.inf, "infinite")])
def test_nonfinite(bad, msg):
    x = X.copy()
    x[3] = bad
    with pytest.raises(ValueError, match="x contains %s" % msg):
        rocstats.roc_gof_test(Y, x)


def test_length_mismatch_and_shape():
    with pytest.raises(ValueError, match="y_true has 10 rows but x has 9"):
        rocstats.roc_gof_test(Y, X[:9])
    with pytest.raises(ValueError, match="x must be 1-dimensional"):
        rocstats.roc_gof_test(Y, np.c_[X, X])
    with pytest.raises(ValueError, match="y_true is empty"):
        rocstats.roc_gof_test([], [])
    with pytest.raises(ValueError, match="y_true has 3 distinct labels"):
        rocstats.roc_gof_test([0, 1, 2], [1.0, 2.0, 3.0])
    with pytest.raises(ValueError, match="pass pos_label"):
        rocstats.roc_gof_test(["a", "b", "a"], [1.0, 2.0, 3.0])


def test_pos_label_maps_pi1():
    lab = np.where(Y == 1, "case", "control")
    a = quiet(rocstats.roc_gof_test, lab, X, pos_label="case")
    b = quiet(rocstats.roc_gof_test, Y, X)
    assert a.statistic == b.statistic and a.n_pos == 4 and a.pos_label == "case"
    c = quiet(rocstats.roc_gof_test, lab, X, pos_label="control")     # roles swapped
    assert c.n_pos == 6 and c.df == 6


def test_one_class_warns_nan():
    with pytest.warns(UndefinedAUCWarning, match="no negatives"):
        r = rocstats.roc_gof_test(np.ones(5, int), X[:5])
    assert math.isnan(r.statistic) and math.isnan(r.pvalue)
    with pytest.warns(UndefinedAUCWarning, match="no positives"):
        r = rocstats.roc_gof_test(np.zeros(5, int), X[:5])
    assert math.isnan(r.pvalue)


@pytest.mark.parametrize("cells,msg", [(6, "cells=6 is more than the n\\+1 = 5"),
                                       (1, "cells must be >= 2"), (2.5, "cells must be None"),
                                       (True, "cells must be None"), ("3", "cells must be")])
def test_bad_cells(cells, msg):
    with pytest.raises(ValueError, match=msg):
        rocstats.roc_gof_test(Y, X, cells=cells)


def test_bad_options():
    with pytest.raises(ValueError, match="method must be one of"):
        rocstats.roc_gof_test(Y, X, method="exact")
    with pytest.raises(ValueError, match="ties must be one of"):
        rocstats.roc_gof_test(Y, X, ties="mid")
    for b in (0, -3, 2.5, True):
        with pytest.raises(ValueError, match="n_resamples must be a positive integer"):
            rocstats.roc_gof_test(Y, X, method="permutation", n_resamples=b)


def test_small_sample_warning_says_what_to_do():
    with pytest.warns(GOFApproximationWarning, match=r"expected cell counts.*< 5.*"
                      r"method='permutation'.*cells=k"):
        rocstats.roc_gof_test(Y, X)
    with pytest.warns(GOFApproximationWarning, match="expected cell counts"):
        rocstats.roc_gof_test(Y, X, method="scaled", cells=2)
    # large m, grouped, scaled: no warning
    rng = np.random.default_rng(0)
    y, x = random_data(rng, 40, 60, ties=False)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        rocstats.roc_gof_test(y, x, cells=4, method="scaled")
        rocstats.roc_gof_test(Y, X, method="permutation", n_resamples=9, random_state=0)
    # chi2 with enough negatives per cell still warns about the inflation
    with pytest.warns(GOFApproximationWarning, match="mean .* not df"):
        rocstats.roc_gof_test(y, x, cells=4)


def test_tie_warning_for_deterministic_rules():
    rng = np.random.default_rng(1)
    y, x = random_data(rng, 40, 60, ties=True)
    with pytest.warns(GOFApproximationWarning, match="tied"):
        rocstats.roc_gof_test(y, x, cells=3, method="scaled", ties="upper")


# --------------------------------------------------------------------------- the rule
def test_rule_picks_largest_statistic_and_closest_topleft():
    rng = np.random.default_rng(8)
    n = 60
    y = rng.integers(0, 2, n)
    X = np.c_[rng.normal(size=n), rng.normal(size=n) + 1.5 * y, rng.normal(size=n) + 0.5 * y]
    r = rocstats.roc_gof_rule(y, X, ties="upper")
    ref = [ref_statistic(X[y == 1, j], X[y == 0, j], "upper")[0] for j in range(3)]
    np.testing.assert_allclose(r.statistics, ref, rtol=1e-12)
    assert r.variable_index == int(np.argmax(ref)) == 1 and r.variable == 1
    bt = rocstats.best_threshold(y, X[:, 1], method="closest_topleft")
    assert r.threshold == bt.threshold and r.direction == "<"
    assert r.sensitivity == bt.sensitivity and r.specificity == bt.specificity
    assert r.distance == pytest.approx(math.hypot(1 - bt.sensitivity, 1 - bt.specificity))
    np.testing.assert_array_equal(r.predict(X), X[:, 1] >= bt.threshold)
    assert "statistic[1]" in str(r.summary())


def test_rule_direction_best_and_names():
    pd = pytest.importorskip("pandas")
    rng = np.random.default_rng(9)
    n = 50
    y = rng.integers(0, 2, n)
    df = pd.DataFrame({"noise": rng.normal(size=n), "low_is_pos": rng.normal(size=n) - 2 * y})
    r = rocstats.roc_gof_rule(y, df, direction="best", ties="upper")
    assert r.variable == "low_is_pos" and r.direction == ">"
    bt = rocstats.best_threshold(y, df["low_is_pos"], method="closest_topleft", direction=">")
    assert r.threshold == bt.threshold
    lt = rocstats.best_threshold(y, df["low_is_pos"], method="closest_topleft")
    assert bt.criterion < lt.criterion
    np.testing.assert_array_equal(r.predict(df.to_numpy()), df["low_is_pos"] <= bt.threshold)
    fixed = rocstats.roc_gof_rule(y, df, direction="<", ties="upper")
    assert fixed.direction == "<" and fixed.threshold == lt.threshold
    # the statistic does not depend on the orientation
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
    with pytest.raises(ValueError, match="cells=9 is more than"):
        rocstats.roc_gof_rule(Y, np.c_[X, X], cells=9)
    with pytest.warns(UndefinedAUCWarning):
        r = rocstats.roc_gof_rule(np.ones(10, int), np.c_[X, X])
    assert np.isnan(r.statistics).all() and math.isnan(r.threshold)


# --------------------------------------------------------------------------- docstrings
def test_docstring_examples():
    failed, attempted = doctest.testmod(_rossa, optionflags=doctest.ELLIPSIS)
    assert attempted >= 10 and failed == 0
