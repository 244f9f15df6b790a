"""Scored-AUC kernels: sorted sweep == pairwise C loop == independent definition.

The definitions below are written from the formulas of Wu, Flach & Ferri (2007) in exact
rational arithmetic (``fractions.Fraction`` of the float64 inputs), independently of the
code under test; test_sauc.py imports them.  Kernel sums are floating point (long double
prefix sums in the sweep, per-pair double differences in the pairwise loop), so they are
compared to 1e-12 relative to the natural scale of each quantity, not bitwise; 2U and the
margin counts are integers and compared exactly.
"""
from fractions import Fraction

import numpy as np
import pytest

import rocstats
from rocstats import _kernels
from rocstats._kernels import sauc as K
from rocstats._kernels import _strategy

from definitions import close, margin_definition, sauc_definition

IMPLS = _kernels.implementations("sauc")


# --------------------------------------------------------------------------- definitions
def _data(kind, seed):
    rng = np.random.default_rng(seed)
    m, n = rng.integers(1, 40, size=2)
    if kind == "continuous":
        return rng.random(m), rng.random(n)
    if kind == "ties":                       # few distinct values, many exact ties
        return rng.integers(0, 5, m) / 4.0, rng.integers(0, 5, n) / 4.0
    if kind == "thirds":                     # values that are not dyadic
        return rng.integers(0, 4, m) / 3.0, rng.integers(0, 4, n) / 3.0
    if kind == "constant":
        return np.full(m, 0.5), np.full(n, 0.5)
    if kind == "separated":
        return 0.6 + 0.4 * rng.random(m), 0.5 * rng.random(n)
    if kind == "reversed":
        return 0.5 * rng.random(m), 0.6 + 0.4 * rng.random(n)
    if kind == "single":
        return rng.random(1), rng.random(n)
    raise AssertionError(kind)


KINDS = ["continuous", "ties", "thirds", "constant", "separated", "reversed", "single"]
CASES = [(k, s) for k in KINDS for s in range(3)]


def _check_against_definition(got, d, m, n, sorted_pos=None, sorted_neg=None):
    twice_u, out, v, w = got
    assert twice_u == d["twice_u"]
    assert close(out[0] / (m * n), d["sauc"])
    assert close(out[1] / (m * n), d["r_pos"])
    assert close(out[2] / (m * n), d["r_neg"])
    assert close(out[3], d["sauc"]) and close(out[5], d["sauc"])
    # sums of squared deviations: scale by the squared magnitude of the components
    assert close(out[4], d["ss_v"], scale=m * 1e-2)
    assert close(out[6], d["ss_w"], scale=n * 1e-2)
    if v is not None:
        assert all(close(a, b) for a, b in zip(v, d["V"]))
        assert all(close(a, b) for a, b in zip(w, d["W"]))


@pytest.mark.parametrize("impl", sorted(IMPLS))
@pytest.mark.parametrize("kind,seed", CASES)
def test_sweep_and_pairwise_match_definition(impl, kind, seed):
    pos, neg = _data(kind, seed)
    pos, neg = np.sort(pos), np.sort(neg)
    d = sauc_definition(pos, neg)
    I = IMPLS[impl]
    _check_against_definition(I.sauc_sweep(pos, neg), d, pos.size, neg.size)
    _check_against_definition(I.sauc_pairwise(pos, neg), d, pos.size, neg.size)
    no_comp = I.sauc_sweep(pos, neg, components=False)
    assert no_comp[2] is None and no_comp[3] is None
    np.testing.assert_array_equal(no_comp[1], I.sauc_sweep(pos, neg)[1])


@pytest.mark.parametrize("impl", sorted(IMPLS))
def test_pairwise_any_order_components_in_input_order(impl):
    pos, neg = _data("ties", 11)
    rng = np.random.default_rng(5)
    pos, neg = rng.permutation(pos), rng.permutation(neg)
    d = sauc_definition(pos, neg)
    _check_against_definition(IMPLS[impl].sauc_pairwise(pos, neg), d, pos.size, neg.size)


@pytest.mark.needs_c
@pytest.mark.parametrize("levels", [0, 3, 50])
def test_c_and_numpy_agree_on_larger_inputs(levels):
    rng = np.random.default_rng(levels)
    m, n = 1500, 2100
    if levels:
        pos, neg = rng.integers(0, levels + 1, m) / levels, rng.integers(0, levels + 1, n) / levels
    else:
        pos, neg = rng.beta(3, 2, m), rng.beta(2, 3, n)
    pos, neg = np.sort(pos), np.sort(neg)
    c, p = IMPLS["cffi"], IMPLS["numpy"]
    results = [c.sauc_sweep(pos, neg), p.sauc_sweep(pos, neg), c.sauc_pairwise(pos, neg),
               p.sauc_pairwise(pos, neg)]
    ref = results[2]                       # the C definition
    for r in results:
        assert r[0] == ref[0]
        for q in range(7):
            scale = 1.0 if q not in (4, 6) else max(m, n) * 1e-2
            assert close(r[1][q], ref[1][q], scale=scale), (q, r[1][q], ref[1][q])
        np.testing.assert_allclose(r[2], ref[2], rtol=1e-12, atol=1e-15)
        np.testing.assert_allclose(r[3], ref[3], rtol=1e-12, atol=1e-15)


@pytest.mark.parametrize("impl", sorted(IMPLS))
@pytest.mark.parametrize("kind,seed", [c for c in CASES if c[1] < 2])
def test_margin_counts_match_definition(impl, kind, seed):
    pos, neg = _data(kind, seed)
    pos, neg = np.sort(pos), np.sort(neg)
    # margins on the breakpoints themselves (the strict inequality matters there),
    # just beside them, and at the ends of [0, 1]
    diffs = (pos[:, None] - neg[None, :]).ravel()
    diffs = diffs[(diffs >= 0) & (diffs <= 1)]
    taus = np.concatenate([[0.0, 1.0, 0.25, 0.5], diffs[:15], np.nextafter(diffs[:5], 2),
                           np.nextafter(diffs[:5], -2).clip(0, 1)])
    got = IMPLS[impl].margin_counts(pos, neg, taus)
    assert got.dtype == np.int64
    assert [int(g) for g in got] == [margin_definition(pos, neg, t) for t in taus]


@pytest.mark.parametrize("impl", sorted(IMPLS))
def test_margin_counts_rounding_boundary(impl):
    # the predicate is fl(y - x) > tau, as defined; the algebraically equal x < y - tau
    # differs in float64 on these pairs, so a kernel that shifted the scores would fail
    pairs = [(0.9, 0.03, 0.87), (0.72, 0.71, 0.01), (0.88, 0.85, 0.03), (0.96, 0.01, 0.95)]
    for y, x, t in pairs:
        assert (y - x > t) != (x < y - t)
        got = IMPLS[impl].margin_counts(np.array([y]), np.array([x]), np.array([t]))
        assert int(got[0]) == int(y - x > t)


@pytest.mark.parametrize("impl", sorted(IMPLS))
def test_margin_counts_empty_class_and_no_margins(impl):
    I = IMPLS[impl]
    assert list(I.margin_counts(np.empty(0), np.array([0.1]), np.array([0.0, 0.5]))) == [0, 0]
    assert I.margin_counts(np.array([0.3]), np.array([0.1]), np.empty(0)).size == 0


@pytest.mark.parametrize("impl", sorted(IMPLS))
def test_sweep_refuses_an_empty_class(impl):
    with pytest.raises(ValueError, match="at least one score of each class"):
        IMPLS[impl].sauc_sweep(np.empty(0), np.array([0.1]))
    with pytest.raises(ValueError, match="at least one score of each class"):
        IMPLS[impl].sauc_pairwise(np.array([0.1]), np.empty(0))


def test_selector_follows_backend():
    assert K is IMPLS[rocstats.backend()]


@pytest.mark.parametrize("impl", sorted(IMPLS))
@pytest.mark.parametrize("spread", [1e-3, 1e-7])
def test_sum_of_squares_when_components_nearly_constant(impl, spread):
    # components clustered near 0.65 with a tiny spread: the (shifted) sums of squares
    # must not cancel away the variance
    rng = np.random.default_rng(2)
    pos = np.sort(0.9 + spread * rng.random(30))
    neg = np.sort(0.5 * rng.random(40))
    d = sauc_definition(pos, neg)
    _, out, _, _ = IMPLS[impl].sauc_sweep(pos, neg, components=False)
    assert out[4] == pytest.approx(float(d["ss_v"]), rel=1e-10)
    assert out[6] == pytest.approx(float(d["ss_w"]), rel=1e-10)


def test_c_kernels_present_when_required():
    # `make test` / .ci/run set ROCSTATS_REQUIRE_EXTENSION=1: a build without the sAUC
    # kernels must fail there instead of silently testing only the NumPy twin
    import os

    if os.environ.get("ROCSTATS_REQUIRE_EXTENSION") != "1":
        pytest.skip("ROCSTATS_REQUIRE_EXTENSION is not set")
    assert "cffi" in IMPLS and K is IMPLS["cffi"]


# --------------------------------------------------------------------------- issue 14 paths
@pytest.mark.parametrize("levels", [None, 101, 7, -7])
@pytest.mark.parametrize("threads", ["1", ""])
@pytest.mark.needs_c
def test_threaded_paths_bit_identical_to_the_numpy_path(levels, threads, monkeypatch):
    """The C side's margin counts (two threads, or over the distinct values) and paired
    components (sauc_test: argsorts, or a lookup by value after hashing or sorting) give
    the very numbers (==, not close) of the NumPy path: split_argsort + sauc_sweep +
    scatter by the orders, margin counts of the twin; sizes above RADIX_MIN_SIZE.
    ``levels < 0``: tied scores with some -0.0 (the hashing path steps aside)."""
    from rocstats._kernels.c import roc as croc
    from rocstats._kernels.c import sauc as csauc
    from rocstats._kernels.numpy import roc as nroc
    from rocstats._kernels.numpy import sauc as nsauc
    monkeypatch.setenv("ROCSTATS_NUM_THREADS", threads)
    rng = np.random.default_rng(14 + (levels or 0))
    size = 2 * _strategy.RADIX_MIN_SIZE + 17
    is_pos = rng.random(size) < 0.4
    a, b = rng.random(size), rng.random(size)
    if levels:
        lv = abs(levels)
        a, b = np.round(a * (lv - 1)) / (lv - 1), np.round(b * (lv - 1)) / 3
        b = np.minimum(b, 1.0)
        if levels < 0:
            a[a == 0.0] = np.where(rng.random(int(np.sum(a == 0.0))) < 0.5, -0.0, 0.0)
    ha, hb, d, e = csauc.paired_components(is_pos, a, b)
    want = []
    for score in (a, b):
        pos, op, neg, on = nroc.split_argsort(is_pos, score)
        _, out, v_s, w_s = nsauc.sauc_sweep(pos, neg, components=True)
        _, cout, cv, cw = csauc.sauc_sweep(pos, neg, components=True)
        want_v, want_w = np.empty_like(cv), np.empty_like(cw)
        want_v[op], want_w[on] = cv, cw
        want.append((cout[0], want_v, want_w))
        np.testing.assert_allclose(cv, v_s, rtol=1e-12, atol=1e-15)   # and the twin
        taus = np.concatenate(([0.0, 1.0], rng.random(9)))
        assert np.array_equal(csauc.margin_counts(pos, neg, taus),
                              nsauc.margin_counts(pos, neg, taus))
        assert np.array_equal(csauc.margin_counts(pos, neg, taus[:1]),
                              nsauc.margin_counts(pos, neg, taus[:1]))
    assert ha == want[0][0] and hb == want[1][0]
    _assert_same_bits(d, want[0][1] - want[1][1])
    _assert_same_bits(e, want[0][2] - want[1][2])


@pytest.mark.parametrize("kind", ["continuous", "ties", "separated", "one positive"])
@pytest.mark.parametrize("threads", ["1", ""])
@pytest.mark.needs_c
def test_sweep_directions_on_two_threads_bit_identical(kind, threads, monkeypatch):
    """Above RADIX_MIN_SIZE the C sweep runs its forward (V, 2U, sum_h, R+, R-) and
    backward (W) directions on two threads (rs_sauc_sweep_part): the very numbers of
    the one-call, one-thread rs_sauc_sweep, with and without the components, and close
    to the NumPy twin."""
    from rocstats._kernels.c import lib, out, ptr
    from rocstats._kernels.c import roc as croc
    from rocstats._kernels.c import sauc as csauc
    from rocstats._kernels.numpy import sauc as nsauc
    monkeypatch.setenv("ROCSTATS_NUM_THREADS", threads)
    rng = np.random.default_rng(1414)
    m, n = _strategy.RADIX_MIN_SIZE + 3, _strategy.RADIX_MIN_SIZE // 2 + 11
    if kind == "continuous":
        pos, neg = rng.random(m), rng.random(n)
    elif kind == "ties":
        pos, neg = rng.integers(0, 9, m) / 8.0, rng.integers(0, 9, n) / 8.0
    elif kind == "separated":
        pos, neg = 0.6 + 0.4 * rng.random(m), 0.5 * rng.random(n)
    else:
        pos, neg = rng.random(1), rng.random(n + m)
    pos, neg = np.sort(pos), np.sort(neg)
    for components in (True, False):
        twice_u, res, v, w = csauc.sauc_sweep(pos, neg, components=components)
        ref, rv, rw = out(7), out(pos.size) if components else None, \
            out(neg.size) if components else None
        assert twice_u == lib.rs_sauc_sweep(ptr(pos), pos.size, ptr(neg), neg.size, ptr(rv),
                                            ptr(rw), ptr(ref))
        _assert_same_bits(res, ref)
        if components:
            _assert_same_bits(v, rv)
            _assert_same_bits(w, rw)
            full = res, v, w
    res, v, w = full
    t_np, res_np, v_np, w_np = nsauc.sauc_sweep(pos, neg, components=True)
    assert t_np == twice_u
    np.testing.assert_allclose(res[[0, 1, 2, 3, 5]], res_np[[0, 1, 2, 3, 5]], rtol=1e-12)
    np.testing.assert_allclose(v, v_np, rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(w, w_np, rtol=1e-12, atol=1e-15)
    for part in (0, 3, -1):
        assert lib.rs_sauc_sweep_part(ptr(pos), pos.size, ptr(neg), neg.size, ptr(None),
                                      ptr(None), ptr(out(7)), part) == -1


@pytest.mark.needs_c
def test_two_thread_work_nested_in_the_second_thread_runs_on_it():
    """The second thread's pool has one worker: work it runs that asks for two threads
    again (sauc_test's fallback to the split argsort calls the two-direction sweep from
    inside it) must run there, not be submitted to the busy pool (a deadlock)."""
    from rocstats._kernels.c import roc as croc
    if not _strategy.threads_allowed():
        pytest.skip("one usable CPU or ROCSTATS_NUM_THREADS=1: no second thread")
    inner = _strategy.second_thread().submit(_strategy.threads_allowed).result(timeout=60)
    assert inner is False
    seen = _strategy.second_thread().submit(
        _strategy.both, lambda x: x * 2, np.arange(4), np.arange(4),
        size=2 * _strategy.RADIX_MIN_SIZE).result(timeout=60)
    assert [list(r) for r in seen] == [[0, 2, 4, 6]] * 2


@pytest.mark.parametrize("sort", ["radix", "numpy"])
@pytest.mark.needs_c
def test_sauc_test_with_either_sort_finishes_and_matches_one_thread(sort):
    """End to end in a child process (a deadlock would hang the test run): sauc_test on
    continuous scores above RADIX_MIN_SIZE with the sort forced -- with the radix sort
    each score's components come from the split argsort and the two-direction sweep,
    called from the second thread -- gives the very numbers of ROCSTATS_NUM_THREADS=1."""
    import os
    import subprocess
    import sys
    code = ("import numpy as np, rocstats\n"
            "rng = np.random.default_rng(7); n = 70001\n"
            "y = rng.random(n) < 0.4; a = rng.random(n); b = np.sqrt(rng.random(n))\n"
            "t = rocstats.sauc_test(y, a, b); s = rocstats.sauc(y, a)\n"
            "print(repr((t.statistic, t.se, t.estimate, t.aucs, s.sauc, s.variance)))\n")
    out = []
    for threads in ("", "1"):
        env = dict(os.environ, ROCSTATS_SORT=sort, ROCSTATS_NUM_THREADS=threads)
        res = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                             text=True, timeout=300)
        assert res.returncode == 0, res.stderr
        out.append(res.stdout)
    assert out[0] == out[1] and out[0].startswith("(")


def _assert_same_bits(got, want):
    """The very doubles, -0.0 told from +0.0."""
    assert got.shape == want.shape
    assert np.array_equal(np.ascontiguousarray(got).view(np.int64),
                          np.ascontiguousarray(want).view(np.int64))


def _reference_differences(is_pos, a, b):
    """sauc_test's components by the reference path: the NumPy split_argsort, the C sweep
    over the sorted classes, scattered by the orders, then subtracted."""
    from rocstats._kernels.c import sauc as csauc
    from rocstats._kernels.numpy import roc as nroc
    res = []
    for score in (a, b):
        pos, op, neg, on = nroc.split_argsort(is_pos, score)
        _, out, cv, cw = csauc.sauc_sweep(pos, neg, components=True)
        v, w = np.empty_like(cv), np.empty_like(cw)
        v[op], w[on] = cv, cw
        res.append((out[0], v, w))
    return res[0][0], res[1][0], res[0][1] - res[1][1], res[0][2] - res[1][2]


def _merged_cases(rng, size):
    """Score pairs that take the one-sort path (many distinct values) with its hard
    cases: runs of equal values longer than a sweep block (512) and across blocks, ties
    between the classes, +0.0 and -0.0 mixed, values equal in their high 44 bits (the
    packed keys repaired by insertion), 0 and 1 themselves."""
    base = rng.random(size)
    yield "continuous", base, rng.random(size)
    runs = np.round(rng.random(size) * 6000) / 6000          # 6001 levels: > 4096
    runs[rng.random(size) < 0.3] = 0.25                      # one run of ~30% of cases
    yield "long runs", runs, base
    z = base.copy()
    z[rng.random(size) < 0.1] = -0.0
    z[rng.random(size) < 0.1] = 0.0
    z[rng.random(size) < 0.05] = 1.0
    yield "signed zeros", z, runs
    close = base.copy()                  # neighbours one ulp apart: one packed key
    pick = rng.random(size) < 0.05
    close[pick] = np.nextafter(base[rng.integers(0, size, int(pick.sum()))], 2.0)
    yield "near-equal", close, z


@pytest.mark.parametrize("threads", ["1", ""])
@pytest.mark.needs_c
def test_one_sort_path_bit_identical(threads, monkeypatch):
    """``_paired_components`` on its one-sort path (rs_sauc_pack_split, the float64 sort
    of the keys, rs_sauc_merged_components) gives the very sums and differences of the
    reference path, bit for bit (-0.0 included), on data built to hit its edge cases."""
    from rocstats._kernels.c import roc as croc
    from rocstats._kernels.c import sauc as csauc
    monkeypatch.setenv("ROCSTATS_NUM_THREADS", threads)
    swept = []
    real = csauc._merged_sweep

    def spy(*args):
        swept.append(real(*args))
        return swept[-1]

    monkeypatch.setattr(csauc, "_merged_sweep", spy)
    monkeypatch.setattr(_strategy, "_sort_choice", "numpy")    # the path needs NumPy's sort
    rng = np.random.default_rng(1414)
    size = 2 * _strategy.RADIX_MIN_SIZE + 1001
    for frac in (0.5, 0.03):
        is_pos = rng.random(size) < frac
        for name, a, b in _merged_cases(rng, size):
            del swept[:]
            got = csauc.paired_components(is_pos, a, b)
            assert len(swept) == 2 and None not in swept, name    # the path under test
            want = _reference_differences(is_pos, a, b)
            assert got[0] == want[0] and got[1] == want[1], name
            _assert_same_bits(got[2], want[2])
            _assert_same_bits(got[3], want[3])


@pytest.mark.needs_c
def test_one_sort_kernel_edge_cases():
    """rs_sauc_merged_components directly: the components in case order equal the
    reference's (one positive, one negative, all equal), a negative score makes
    rs_sauc_pack_split refuse (-3), too many near-equal values make the insertion sort
    give up (1, outputs untouched), and bad arguments are refused."""
    from rocstats._kernels.c import lib, ptr
    from rocstats._kernels.c import sauc as csauc

    def run(mask, score):
        size, m = score.size, int(np.count_nonzero(mask))
        x = np.full(size, 7.0)
        keys = csauc._merged_sorted_keys((mask, score, m, np.empty(size, np.uint64), x))
        if keys is None:
            return None, x
        return csauc._merged_sweep(keys, x, np.empty(size), m), x

    for mask, score in (([True, False], [0.3, 0.3]), ([False, True], [0.2, 0.9]),
                        ([True, False, False, True, False], [0.0, 0.0, -0.0, 1.0, 0.5]),
                        ([True] + [False] * 9, np.linspace(0, 1, 10))):
        mask, score = np.array(mask), np.array(score, dtype=float)
        h, x = run(mask, score)
        m = int(mask.sum())
        ha, _, d, e = _reference_differences(mask, score, np.zeros_like(score))
        assert h == ha
        # the reference subtracted b's components (all 0.0: b ties everywhere)
        _assert_same_bits(x[:m] - 0.0, d)
        _assert_same_bits(x[m:] - 0.0, e)
    mask = np.array([True, False, True])
    assert run(mask, np.array([0.2, -0.1, 0.3]))[0] is None          # negative score
    assert run(mask, np.array([0.2, np.nan, 0.3]))[0] is None        # NaN
    assert run(mask, np.array([0.2, np.inf, 0.3]))[0] is None        # +inf
    rng = np.random.default_rng(3)
    size = 4000
    near = 0.5 + rng.permutation(size) * np.spacing(0.5)   # one key, reversed-ish order
    mask = rng.random(size) < 0.5
    h, x = run(mask, near)
    m = int(mask.sum())          # refused: x still holds the split scores, no components
    assert h is None
    assert np.array_equal(x[:m], near[mask]) and np.array_equal(x[m:], near[~mask])
    keys, srt, out1 = np.zeros(4, np.uint64), np.empty(4), np.empty(1)
    xs = np.empty(4)
    assert lib.rs_sauc_merged_components(ptr(keys), 4, 0, 2, ptr(xs), ptr(srt), ptr(xs),
                                         ptr(xs), ptr(out1)) == -1          # m < 1
    assert lib.rs_sauc_merged_components(ptr(keys), 4, 2, 1, ptr(xs), ptr(srt), ptr(xs),
                                         ptr(xs), ptr(out1)) == -1          # 2^bits < len
    keys[:] = 9                                                     # slot 9 >= len
    assert lib.rs_sauc_merged_components(ptr(keys), 4, 2, 4, ptr(xs), ptr(srt), ptr(xs),
                                         ptr(xs), ptr(out1)) == -2
    mask8 = np.array([1, 1, 1, 0], dtype=np.uint8)
    sc = np.array([0.1, 0.2, 0.3, 0.4])
    assert lib.rs_sauc_pack_split(ptr(sc), ptr(mask8), 4, 2, 2, ptr(xs), ptr(keys)) == -2
    assert lib.rs_sauc_pack_split(ptr(sc), ptr(mask8), 4, 3, 1, ptr(xs), ptr(keys)) == -1


@pytest.mark.parametrize("levels", [11, 101, 4096])
@pytest.mark.needs_c
def test_codes_path_bit_identical(levels):
    """Tied scores: the codes path (rs_sauc_hist_codes on both scores, rs_sauc_codes_diff)
    gives the reference path's sums and differences bit for bit; with a -0.0 among the
    scores or one continuous score it steps aside to the other paths, still identical."""
    from rocstats._kernels.c import roc as croc
    from rocstats._kernels.c import sauc as csauc
    rng = np.random.default_rng(levels)
    size = 2 * _strategy.RADIX_MIN_SIZE + 5
    is_pos = rng.random(size) < 0.35
    a = np.round(rng.random(size) * (levels - 1)) / (levels - 1)
    b = np.round(rng.random(size) * (levels - 1)) / (levels - 1)
    z = a.copy()
    z[z == 0.0] = -0.0
    ordered = np.arange(size) >= size // 2 + 3     # no positive in the first half
    for mask, sa, sb in ((is_pos, a, b), (is_pos, b, a), (is_pos, z, b),
                         (is_pos, a, rng.random(size)), (ordered, a, b), (~ordered, b, a)):
        got = csauc.paired_components(mask, sa, sb)
        want = _reference_differences(mask, sa, sb)
        assert got[0] == want[0] and got[1] == want[1]
        _assert_same_bits(got[2], want[2])
        _assert_same_bits(got[3], want[3])
    codes = np.zeros(4, np.uint16)
    codes[1] = 5000
    t = np.zeros(4096)
    from rocstats._kernels.c import lib, ptr
    d = np.empty(4)
    mask8 = np.array([1, 0, 1, 0], dtype=np.uint8)
    assert lib.rs_sauc_codes_diff(ptr(codes), ptr(codes), ptr(mask8), 4, 4096, ptr(t), ptr(t),
                                  ptr(t), ptr(t), ptr(d[:2]), 2, ptr(d[2:])) == -1
    codes[1] = 0
    assert lib.rs_sauc_codes_diff(ptr(codes), ptr(codes), ptr(mask8), 4, 4096, ptr(t), ptr(t),
                                  ptr(t), ptr(t), ptr(d[:2]), 3, ptr(d[2:])) == -2


def test_minmax_twins():
    """``minmax`` (one C pass, SSE2 where available) equals NumPy's min and max, NaN
    reported, for lengths around the vector width; the zero reported may differ."""
    rng = np.random.default_rng(8)
    for size in (1, 2, 3, 7, 8, 9, 17, 1000, 100_001):
        x = rng.random(size) - 0.3
        for f in IMPLS.values():
            assert f.minmax(x) == (float(x.min()), float(x.max()))
        for where in {0, size // 2, size - 1}:
            for bad in (np.nan, np.inf, -np.inf):
                y = x.copy()
                y[where] = bad
                for f in IMPLS.values():
                    lo, hi = f.minmax(y)
                    if bad != bad:
                        assert lo != lo and hi != hi
                    else:
                        assert (lo, hi) == (float(y.min()), float(y.max()))
