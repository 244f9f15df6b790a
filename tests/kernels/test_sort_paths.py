"""Issue 14: the fast paths of the C ``roc`` family against the NumPy twin.

- ``split_sort`` / ``split_argsort`` above ``RADIX_MIN_SIZE`` with each sort the process
  may pick (NumPy's sort on C-split classes, or the C radix sort) and with one or two
  threads: the same sorted values as the twin, and orders that are sorting permutations;
- the packed-key argsort, including values that share their high key bits (the
  insertion repair) and a case that exhausts the repair budget (the ``np.argsort``
  fallback);
- the interleaved tie-block sweeps (``rs_auc2u_sorted_fast``,
  ``rs_delong_sums_sorted_fast``) against the plain merge kernels and the twin on
  random sizes and tie patterns, the empty classes included.
"""
import numpy as np
import pytest

from rocstats import _kernels
from rocstats._kernels import _strategy

IMPLS = _kernels.implementations("roc")
pytestmark = pytest.mark.needs_c
C = IMPLS.get("cffi")
TWIN = IMPLS["numpy"]


def _big_cases():
    rng = np.random.default_rng(1414)
    n = 3 * (1 << 15) + 17            # above RADIX_MIN_SIZE: the fast paths run
    yield "normal", rng.normal(size=n)
    yield "ties", rng.integers(-3, 3, n).astype(float)
    yield "signed_zeros", np.where(rng.random(n) < 0.5, -0.0, 0.0) + rng.integers(0, 2, n)
    yield "all_exponents", rng.normal(size=n) * 10.0 ** rng.integers(-300, 300, n)
    yield "constant", np.full(n, 3.25)
    # distinct values 2^-52 apart share their high key bits: the repair sorts them
    yield "near_equal", 1.0 + rng.permutation(n) * 2.0 ** -52


@pytest.fixture(params=["numpy", "radix"])
def sort_choice(request, monkeypatch):
    monkeypatch.setattr(_strategy, "_sort_choice", request.param)
    return request.param


@pytest.fixture(params=["1", "2"])
def threads(request, monkeypatch):
    monkeypatch.setenv("ROCSTATS_NUM_THREADS", request.param)
    return request.param


@pytest.mark.parametrize("case", list(_big_cases()), ids=lambda c: c[0])
def test_split_sort_and_argsort_equal_the_twin(case, sort_choice, threads):
    _, score = case
    assert score.size >= _strategy.RADIX_MIN_SIZE
    rng = np.random.default_rng(7)
    for is_pos in (rng.random(score.size) < 0.3, np.ones(score.size, bool),
                   np.zeros(score.size, bool)):
        want = TWIN.split_sort(is_pos, score)
        for got in (C.split_sort(is_pos, score), C.split_argsort(is_pos, score)[::2]):
            for g, w in zip(got, want):
                np.testing.assert_array_equal(g, w)     # as numbers (+0.0 == -0.0)
        ps, op, ns, on = C.split_argsort(is_pos, score)
        for order, srt, cls in ((op, ps, score[is_pos]), (on, ns, score[~is_pos])):
            np.testing.assert_array_equal(np.sort(order), np.arange(cls.size))
            np.testing.assert_array_equal(cls[order], srt)


def test_split_is_the_masked_copy():
    rng = np.random.default_rng(3)
    for n in (0, 1, 2, 5, 1000):
        x = rng.normal(size=n)
        for mask in (rng.random(n) < 0.5, np.ones(n, bool), np.zeros(n, bool)):
            pos, neg = C._split(mask, x)
            np.testing.assert_array_equal(pos, x[mask])
            np.testing.assert_array_equal(neg, x[~mask])
    with pytest.raises(ValueError, match="is_pos has shape"):
        C._split(np.ones(3, bool), np.arange(5.0))


def test_packed_argsort_repair_and_fallback():
    rng = np.random.default_rng(11)
    # few values close together: repaired by insertion in C
    x = rng.normal(size=50_000)
    x[:100] = 1.0 + rng.permutation(100) * 2.0 ** -52
    srt, idx = C._argsort_packed(x)
    np.testing.assert_array_equal(srt, np.sort(x))
    np.testing.assert_array_equal(x[idx], srt)
    # 50 000 distinct values in one run of equal high bits, reversed: past the budget,
    # so np.argsort takes over; the answer is the same
    y = 1.0 + np.arange(50_000)[::-1] * 2.0 ** -52
    srt, idx = C._argsort_packed(y)
    np.testing.assert_array_equal(srt, np.sort(y))
    np.testing.assert_array_equal(y[idx], srt)
    from rocstats._kernels.c import lib, ptr
    keys = np.empty(y.size, np.uint64)
    assert lib.rs_pack_keys(ptr(y), y.size, 15, ptr(keys)) == -1   # 2^15 < len: refused
    assert lib.rs_pack_keys(ptr(y), y.size, 41, ptr(keys)) == -1   # too many bits
    assert lib.rs_pack_keys(ptr(y), y.size, 16, ptr(keys)) == 0
    keys[0] = (int(keys[0]) & ~0xFFFF) | 0xFFFF                    # an index >= len
    srt, idx = np.empty(y.size), np.empty(y.size, np.int64)
    assert lib.rs_unpack_keys(ptr(keys), y.size, 16, ptr(y), ptr(srt), ptr(idx)) == -1


def test_calibration_picks_a_sort(monkeypatch):
    assert _strategy._calibrate(C._numpy_split_sort,
                                lambda mask, x: C._radix(mask, x, False)) in ("numpy", "radix")
    monkeypatch.setattr(_strategy, "_sort_choice", None)
    monkeypatch.setenv("ROCSTATS_SORT", "radix")
    assert C._sort_method() == "radix"
    monkeypatch.setattr(_strategy, "_sort_choice", None)
    monkeypatch.setenv("ROCSTATS_SORT", "numpy")
    assert C._sort_method() == "numpy"


def _sorted_pair(rng, m, n, levels):
    if levels:
        return (np.sort(rng.integers(0, levels, m).astype(float)),
                np.sort(rng.integers(0, levels, n).astype(float)))
    return np.sort(rng.normal(size=m)), np.sort(rng.normal(size=n))


def _plain(pos, neg):
    from rocstats._kernels.c import lib, ptr
    sq = np.zeros(4, np.uint64)
    t = int(lib.rs_delong_sums_sorted(ptr(pos), pos.size, ptr(neg), neg.size, ptr(sq)))
    return (t, (int(sq[0]) << 64) | int(sq[1]), (int(sq[2]) << 64) | int(sq[3]),
            int(lib.rs_auc2u_sorted(ptr(pos), pos.size, ptr(neg), neg.size)))


@pytest.mark.parametrize("levels", [0, 1, 2, 3, 7, 50])
def test_fast_sweeps_equal_plain_kernels_and_twin(levels):
    rng = np.random.default_rng(20 + levels)
    sizes = [(0, 0), (0, 5), (5, 0), (1, 1), (1, 9), (9, 1), (2, 3)] + [
        tuple(int(v) for v in rng.integers(0, 400, 2)) for _ in range(60)] + [(3000, 7000)]
    for m, n in sizes:
        pos, neg = _sorted_pair(rng, m, n, levels)
        if levels == 0 and m and n:          # the classes apart: tails of segments
            (pos if rng.random() < 0.5 else neg)[:] += 100.0
            pos, neg = np.sort(pos), np.sort(neg)
        t, q10, q01, t2 = _plain(pos, neg)
        assert t == t2 == C.auc2u_sorted(pos, neg) == TWIN.auc2u_sorted(pos, neg)
        assert C.delong_sums_sorted(pos, neg) == (t, q10, q01)
        if m and n:
            assert TWIN.delong_sums_sorted(pos, neg) == (t, q10, q01)


@pytest.mark.parametrize("levels", [0, 1, 2, 5, 50])
def test_placements_by_case_equal_twin_scattered(levels):
    rng = np.random.default_rng(40 + levels)
    for n in [2, 3, 10, 101, 2000, 3 * (1 << 15)]:
        x = rng.integers(0, levels, n).astype(float) if levels else rng.normal(size=n)
        mask = rng.random(n) < 0.4
        mask[:2] = [True, False]
        ps, op, ns, on = TWIN.split_argsort(mask, x)
        t, s10, s01 = TWIN.placements_sorted(ps, ns)
        v10, v01 = np.empty_like(s10), np.empty_like(s01)
        v10[op] = s10
        v01[on] = s01
        t3, x10, x01 = TWIN.placements_by_case(ps, op, ns, on)
        assert t3 == t and np.array_equal(x10, v10) and np.array_equal(x01, v01)
        t2, w10, w01 = C.placements_by_case(ps, op, ns, on)
        assert t2 == t
        np.testing.assert_array_equal(w10, v10)     # bit for bit
        np.testing.assert_array_equal(w01, v01)
    with pytest.raises(ValueError, match="permutations"):
        C.placements_by_case(ps, op + 1, ns, on)


def test_split_by_label_value_equals_the_masked_split(monkeypatch):
    rng = np.random.default_rng(77)
    n = 3 * (1 << 15) + 5
    x = rng.normal(size=n)
    codes = rng.integers(0, 2, n)
    monkeypatch.setattr(_strategy, "_sort_choice", "numpy")
    for values, pos in ((codes.astype(np.int64), 1), (codes.astype(np.int32) + 3, 4),
                        (codes.astype(np.int8) - 1, 0), (codes.astype(np.uint8), 1),
                        (codes.astype(bool), True), (codes * 2.5, 2.5)):
        want = TWIN.split_sort(values == pos, x)
        for got in (C.split_sort_eq(values, pos, x), TWIN.split_sort_eq(values, pos, x)):
            for g, w in zip(got, want):
                np.testing.assert_array_equal(g, w)
    # the mask paths: no kernel for the dtype, a value the dtype cannot hold, a small
    # input (the twin's sort), the radix sort chosen -- the same arrays
    cases = [(codes.astype(object), 1, x), (codes, 0.5, x), (codes[:100], 1, x[:100])]
    for values, pos, xx in cases:
        want = TWIN.split_sort(values == pos, xx)
        for g, w in zip(C.split_sort_eq(values, pos, xx), want):
            np.testing.assert_array_equal(g, w)
    monkeypatch.setattr(_strategy, "_sort_choice", "radix")
    for g, w in zip(C.split_sort_eq(codes, 1, x), TWIN.split_sort(codes == 1, x)):
        np.testing.assert_array_equal(g, w)
    bad = x.copy()
    bad[7] = np.nan
    assert C.split_sort_eq(codes, 1, bad) is C.NOT_FINITE is TWIN.NOT_FINITE
    assert TWIN.split_sort_eq(codes, 1, bad) is TWIN.NOT_FINITE


def test_public_auc_delong_same_for_every_label_encoding():
    import pandas as pd
    import rocstats
    rng = np.random.default_rng(78)
    n = 3 * (1 << 15) + 5
    codes = rng.integers(0, 2, n)
    x = np.round(rng.normal(size=n) + codes, 2)
    pos, neg = TWIN.split_sort(codes == 1, x)
    m, nn = pos.size, neg.size
    want_auc = TWIN.auc2u_sorted(pos, neg) / (2 * m * nn)
    encodings = [dict(y_true=codes), dict(y_true=codes.astype(np.int32) + 1),
                 dict(y_true=codes.astype(bool)), dict(y_true=codes * 1.5),
                 dict(y_true=np.where(codes == 1, "case", "ctrl"), pos_label="case"),
                 dict(y_true=pd.Categorical.from_codes(codes, ["ctrl", "case"]))]
    results = [rocstats.delong(y_score=x, **e) for e in encodings]
    for e, r in zip(encodings, results):
        assert rocstats.auc(y_score=x, **e) == want_auc
        assert r.auc == want_auc and (r.n_pos, r.n_neg) == (m, nn)
        assert r.variance == results[0].variance


# --------------------------------------------------------------- label scan, k columns
def _label_arrays():
    rng = np.random.default_rng(88)
    n = 5000
    base = rng.integers(0, 2, n)
    for dtype in (np.int64, np.int32, np.int8, np.uint8, np.float64, np.bool_, np.int16):
        yield np.dtype(dtype).name + "-two", base.astype(dtype)
        yield np.dtype(dtype).name + "-one", np.ones(n, dtype=dtype)
    yield "int64-three", np.where(rng.random(n) < 0.01, 7, base).astype(np.int64)
    yield "int64-three-at-end", np.append(base, 9).astype(np.int64)
    yield "int64-negative", (base * 5 - 3).astype(np.int64)
    yield "float-nan", np.where(rng.random(n) < 0.01, np.nan, base.astype(float))
    yield "float-all-nan", np.full(10, np.nan)
    yield "float-first-nan", np.append(np.nan, base.astype(float))
    yield "float-halves", base * 0.5 - 1.0
    yield "empty", np.empty(0, dtype=np.int64)
    yield "one-row", np.asarray([4], dtype=np.int32)
    yield "strided", base.astype(np.int64)[::2]


@pytest.mark.parametrize("case", list(_label_arrays()), ids=lambda c: c[0])
def test_two_values_equals_the_twin_and_the_definition(case):
    _, arr = case
    got, want = C.two_values(arr), TWIN.two_values(arr)
    distinct = np.unique(arr[~np.isnan(arr)] if arr.dtype.kind == "f" else arr)
    has_nan = arr.dtype.kind == "f" and np.isnan(arr).any()
    if arr.size == 0 or distinct.size > 2 or has_nan:
        assert got is None and want is None
        return
    for g in (got, want):     # the definition: np.unique's values and counts
        assert g is not None
        np.testing.assert_array_equal(g[0], distinct)
        assert g[0].dtype == arr.dtype
        np.testing.assert_array_equal(g[1], [np.count_nonzero(arr == v) for v in distinct])


@pytest.mark.parametrize("k", [1, 2, 5])
def test_placements_columns_equal_the_twin_and_the_pairwise_definition(k, sort_choice, threads):
    from rocstats._kernels.numpy.roc import placements_pairwise
    rng = np.random.default_rng(k)
    n = _strategy.RADIX_MIN_SIZE + 1001        # the one-pass column split and the threads run
    is_pos = rng.random(n) < 0.35
    S = rng.normal(size=(n, k))
    S[:, 0] = np.round(S[:, 0] * 3)    # ties in the first column
    got, want = C.placements_columns(is_pos, S), TWIN.placements_columns(is_pos, S)
    assert list(got[0]) == list(want[0])
    for g, w in zip(got[1:], want[1:]):
        assert g.shape == w.shape and g.flags.c_contiguous
        np.testing.assert_array_equal(g, w)
    # one column against the O(m n) definition (placements in case order)
    sub = np.flatnonzero(rng.random(n) < 0.02)
    t, v10, v01 = placements_pairwise(S[sub][is_pos[sub], -1], S[sub][~is_pos[sub], -1])
    g = C.placements_columns(is_pos[sub], np.ascontiguousarray(S[sub]))
    assert g[0][-1] == t
    np.testing.assert_array_equal(g[1][-1], v10)
    np.testing.assert_array_equal(g[2][-1], v01)


def test_placements_columns_refuses_a_mask_of_another_length():
    with pytest.raises(ValueError, match="is_pos has shape"):
        C.placements_columns(np.ones(5, bool), np.zeros((6, 2)))


@pytest.mark.parametrize("bad", [np.nan, np.inf, -np.inf])
@pytest.mark.parametrize("where", [0, 1234, -1])
@pytest.mark.parametrize("dtype", [np.int64, np.int32, np.int8, np.uint8, np.float64, np.bool_])
def test_nonfinite_scores_are_refused_on_the_fast_split(bad, where, dtype, sort_choice):
    """auc and delong leave the scores' finiteness to the split by label value on large
    inputs: the same ValueError as the small-input path, wherever the bad value is, for
    every label dtype the split handles and with either sort."""
    import rocstats
    rng = np.random.default_rng(3)
    n = _strategy.RADIX_MIN_SIZE + 5
    y = (rng.random(n) < 0.4).astype(dtype)
    s = rng.normal(size=n)
    s[where] = bad
    word = "NaN" if np.isnan(bad) else "infinite values"
    for f in (rocstats.auc, rocstats.delong):
        with pytest.raises(ValueError, match="y_score contains %s" % word):
            f(y, s)
    # the same data made finite: the fast split's AUC equals the rank-sum definition's
    # (Mann-Whitney U from mid-ranks)
    from scipy.stats import rankdata
    s[where] = 0.0
    is_pos = y == y.max()
    m, n0 = int(is_pos.sum()), int((~is_pos).sum())
    want = (rankdata(s)[is_pos].sum() - m * (m + 1) / 2) / (m * n0)
    assert rocstats.delong(y, s).auc == rocstats.auc(y, s) == pytest.approx(want, abs=1e-15)
