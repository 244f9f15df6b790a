"""Both kernel implementations against each other and against the O(m n) definition."""
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rocstats import _kernels
from definitions import placements_def, psi

IMPLS = _kernels.implementations()


def test_extension_is_built_when_required():
    # `make test` / .ci/run set ROCSTATS_REQUIRE_EXTENSION=1: a missing build must fail CI
    import os
    if os.environ.get("ROCSTATS_REQUIRE_EXTENSION") == "1":
        assert "cffi" in IMPLS, "the C extension did not build"
        assert _kernels.backend() == "cffi", _kernels.backend_info()


@pytest.fixture(params=sorted(IMPLS))
def impl(request):
    return IMPLS[request.param]


def _twice_u_def(pos, neg):
    return int(round(2 * psi(pos[:, None], neg[None, :]).sum()))


def _cases():
    rng = np.random.default_rng(20261121)
    yield np.array([0.5]), np.array([0.5])
    yield np.array([1.0, 2.0]), np.array([3.0])
    yield rng.normal(size=50), rng.normal(size=70)
    yield rng.integers(0, 4, 200).astype(float), rng.integers(0, 4, 150).astype(float)
    yield np.zeros(10), np.zeros(7)              # all tied
    yield np.full(3, -0.0), np.full(2, 0.0)      # signed zeros are equal
    yield rng.normal(size=1), rng.normal(size=300)


@pytest.mark.parametrize("case", list(_cases()), ids=lambda c: "m%d_n%d" % (c[0].size, c[1].size))
def test_below_ties_sorted_match_direct_counts(impl, case):
    pos, neg = case
    ps, ns = np.sort(pos), np.sort(neg)
    below, ties = impl.below_ties_sorted(ps, ns)
    assert below.dtype == np.int64 and ties.dtype == np.int64
    np.testing.assert_array_equal(below, (ns[None, :] < ps[:, None]).sum(axis=1))
    np.testing.assert_array_equal(ties, (ns[None, :] == ps[:, None]).sum(axis=1))


@pytest.mark.parametrize("case", list(_cases()), ids=lambda c: "m%d_n%d" % (c[0].size, c[1].size))
def test_sorted_and_pairwise_match_definition(impl, case):
    pos, neg = case
    ps, ns = np.sort(pos), np.sort(neg)
    expected = _twice_u_def(pos, neg)
    assert impl.auc2u_sorted(ps, ns) == expected
    assert impl.auc2u_pairwise(pos, neg) == expected
    v10_def, v01_def = placements_def(ps, ns)
    t, v10, v01 = impl.placements_sorted(ps, ns)
    assert t == expected
    np.testing.assert_allclose(v10, v10_def, rtol=0, atol=1e-15)
    np.testing.assert_allclose(v01, v01_def, rtol=0, atol=1e-15)
    v10_def, v01_def = placements_def(pos, neg)
    t, v10, v01 = impl.placements_pairwise(pos, neg)
    assert t == expected
    np.testing.assert_allclose(v10, v10_def, rtol=0, atol=1e-15)
    np.testing.assert_allclose(v01, v01_def, rtol=0, atol=1e-15)


finite = st.floats(-5, 5, allow_nan=False, allow_infinity=False, width=16)
tied = st.integers(0, 3).map(float)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(finite, tied), min_size=1, max_size=40),
       st.lists(st.one_of(finite, tied), min_size=1, max_size=40))
def test_property_all_paths_agree(pos, neg):
    pos, neg = np.array(pos), np.array(neg)
    expected = _twice_u_def(pos, neg)
    for impl in IMPLS.values():
        assert impl.auc2u_sorted(np.sort(pos), np.sort(neg)) == expected
        assert impl.auc2u_pairwise(pos, neg) == expected
        assert impl.placements_sorted(np.sort(pos), np.sort(neg))[0] == expected


def test_roc_counts_match(impl):
    rng = np.random.default_rng(1)
    s = -np.sort(-rng.integers(0, 20, 500).astype(float))
    lab = rng.random(500) < 0.4
    w = rng.random(500)
    thr, tp, fp = impl.roc_counts_desc(s, np.where(lab, w, 0), np.where(lab, 0, w))
    assert np.all(np.diff(thr) < 0)
    for k, t in enumerate(thr):  # definition: weight with score >= t
        assert tp[k] == pytest.approx(w[lab & (s >= t)].sum(), rel=1e-12)
        assert fp[k] == pytest.approx(w[~lab & (s >= t)].sum(), rel=1e-12)
    e = np.empty(0)
    assert all(a.size == 0 for a in impl.roc_counts_desc(e, e, e))


def test_kernels_accept_noncontiguous_views():
    # the cffi wrapper must copy strided views, never read past them
    for impl in IMPLS.values():
        base = np.arange(20, dtype=float)
        pos, neg = base[::2], base[1::2]
        assert impl.auc2u_sorted(pos, neg) == _twice_u_def(pos, neg)


@pytest.mark.needs_c
def test_large_counts_are_64_bit():
    # 2U near 2 * 50_000**2 = 5e9 > 2**32 in the pairwise C loop (the definition)
    m = n = 50_000
    pos = np.arange(m, dtype=float)
    neg = np.arange(n, dtype=float)
    # pos i beats i negatives and ties one: 2U = sum_i (2 i + 1) = m**2
    assert IMPLS["cffi"].auc2u_pairwise(pos, neg) == m * m


def _radix_cases():
    rng = np.random.default_rng(99)
    yield rng.normal(size=1000)
    yield rng.integers(-3, 3, 5000).astype(float)                 # heavy ties, negatives
    yield np.r_[-0.0, 0.0, -0.0, 1e-310, -1e-310, 5e-324, -5e-324, 1e308, -1e308, 0.5]
    yield rng.normal(size=70_000) * 10.0 ** rng.integers(-300, 300, 70_000)  # all digits
    yield np.full(40_000, 3.25)                                    # every pass skipped
    yield np.array([])
    yield np.array([7.0])


@pytest.mark.needs_c
@pytest.mark.parametrize("k", range(7))
def test_radix_split_sort_equals_numpy(k):
    score = list(_radix_cases())[k]
    rng = np.random.default_rng(k)
    for is_pos in (rng.random(score.size) < 0.3, np.ones(score.size, bool),
                   np.zeros(score.size, bool)):
        got = IMPLS["cffi"]._split_sort_radix(is_pos, score)
        want = IMPLS["numpy"].split_sort(is_pos, score)
        for g, w in zip(got, want):
            # equal as numbers (the radix sort writes -0.0 as +0.0) and in order
            np.testing.assert_array_equal(g, w)
            assert np.all(g[1:] >= g[:-1])
        assert IMPLS["cffi"].split_sort(is_pos, score)[0].size == is_pos.sum()


@pytest.mark.parametrize("case", list(_cases()), ids=lambda c: "m%d_n%d" % (c[0].size, c[1].size))
def test_delong_sums_exact(impl, case):
    pos, neg = np.sort(case[0]), np.sort(case[1])
    m, n = pos.size, neg.size
    K = 2 * (pos[:, None] > neg[None, :]) + (pos[:, None] == neg[None, :])
    c10, c01 = K.sum(axis=1), K.sum(axis=0)
    expected = (int(K.sum()), sum(int(c) ** 2 for c in c10), sum(int(c) ** 2 for c in c01))
    assert impl.delong_sums_sorted(pos, neg) == expected


def test_delong_sums_beyond_64_bits(impl):
    # every positive above every negative: c10 = 2n, c01 = 2m, so
    # sum c10^2 = m (2n)^2 = 8e19 and sum c01^2 = n (2m)^2 = 2e20, both > 2^64 = 1.8e19
    m, n = 5_000_000, 2_000_000
    t, q10, q01 = impl.delong_sums_sorted(np.ones(m), np.zeros(n))
    assert (t, q10, q01) == (2 * m * n, m * (2 * n) ** 2, n * (2 * m) ** 2)
    assert q10 > 2 ** 64 and q01 > 2 ** 64


@pytest.mark.needs_c
@pytest.mark.parametrize("k", range(7))
def test_radix_split_argsort_is_a_sorting_permutation(k):
    score = list(_radix_cases())[k]
    rng = np.random.default_rng(100 + k)
    for is_pos in (rng.random(score.size) < 0.6, np.ones(score.size, bool),
                   np.zeros(score.size, bool)):
        ps, op, ns, on = IMPLS["cffi"]._split_argsort_radix(is_pos, score)
        want_p, want_n = IMPLS["numpy"].split_sort(is_pos, score)
        np.testing.assert_array_equal(ps, want_p)
        np.testing.assert_array_equal(ns, want_n)
        # the orders are permutations that map the class's input order onto the sort
        np.testing.assert_array_equal(np.sort(op), np.arange(op.size))
        np.testing.assert_array_equal(np.sort(on), np.arange(on.size))
        np.testing.assert_array_equal(score[is_pos][op], ps)
        np.testing.assert_array_equal(score[~is_pos][on], ns)


@pytest.mark.needs_c
def test_radix_refuses_mismatched_mask():
    with pytest.raises(ValueError, match="is_pos has shape"):
        IMPLS["cffi"]._split_sort_radix(np.ones(3, bool), np.arange(5.0))




def test_numpy_pairwise_definitions_beyond_one_chunk():
    """More negatives than the NumPy twin's comparison block (2^22 elements): one positive
    row per block; twice U and the placements by counting (issue 23)."""
    numpy_impl = _kernels.implementations()["numpy"]
    n = 2 ** 22 + 3
    neg = np.arange(n, dtype=float) % 1000
    pos = np.array([499.5, 0.0, 999.0])
    # twice U: per positive, 2 #(neg < p) + #(neg == p)
    want = sum(2 * int((neg < p).sum()) + int((neg == p).sum()) for p in pos)
    assert numpy_impl.auc2u_pairwise(pos, neg) == want
