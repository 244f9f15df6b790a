"""The Venkatraman kernel family: C and NumPy twin give identical statistics (same keys
in, same bits out: the C side repeats pROC's floating-point operations, the merge and
NumPy's pairwise summation), both equal the written-out definitions of
tests/definitions.py, and bad arguments are refused."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from rocstats import _kernels
from rocstats.compare import _roctest

from definitions import rank_first_def, venkatraman_paired_def, venkatraman_unpaired_def

IMPLS = _kernels.implementations("venkatraman")
SIDES = sorted(IMPLS)
needs_c = pytest.mark.needs_c  # the one C gate (tests/conftest.py)


def _unpaired_keys(rng, na, ma, nb, mb, R, dtype=np.int64):
    """Keys as _roctest._unpaired_permutations draws them: each sample's ranks 1..N,
    one coin per rank value deciding a/b order, pooled controls (cases) shuffled."""
    ya = rng.permutation(np.r_[np.zeros(na, bool), np.ones(ma, bool)])
    yb = rng.permutation(np.r_[np.zeros(nb, bool), np.ones(mb, bool)])
    ra, rb = rng.permutation(na + ma) + 1, rng.permutation(nb + mb) + 1
    V = max(ra.size, rb.size) + 1
    src_c, src_k = np.r_[ra[~ya], rb[~yb]], np.r_[ra[ya], rb[yb]]
    fb_c, fb_k = np.r_[np.zeros(na, int), np.ones(nb, int)], np.r_[np.zeros(ma, int), np.ones(mb, int)]
    t = rng.integers(0, 2, size=(R, V))
    kc = rng.permuted(2 * src_c + np.abs(fb_c - t[:, src_c]), axis=1).astype(dtype)
    kk = rng.permuted(2 * src_k + np.abs(fb_k - t[:, src_k]), axis=1).astype(dtype)
    return kc, kk


def _ranks_of_row(keys):
    """1-based ranks of the keys of one sample (rank_first_def: keys are distinct)."""
    return rank_first_def(list(keys))


@needs_c
@settings(max_examples=60, deadline=None)
@given(st.integers(1, 40), st.integers(1, 40), st.integers(1, 40), st.integers(1, 40),
       st.integers(1, 70), st.integers(0, 10 ** 6), st.booleans())
def test_unpaired_c_equals_numpy_bitwise(na, ma, nb, mb, R, seed, small):
    rng = np.random.default_rng(seed)
    kc, kk = _unpaired_keys(rng, na, ma, nb, mb, R, np.int16 if small else np.int64)
    mp = (ma + mb) / (na + ma + nb + mb)
    c = IMPLS["cffi"].unpaired_keys(kc, kk, na, nb, ma, mb, mp)
    p = IMPLS["numpy"].unpaired_keys(kc, kk, na, nb, ma, mb, mp)
    assert c.tobytes() == p.tobytes()          # bit for bit, NaN-free


@needs_c
@pytest.mark.parametrize("sizes", [(250, 250, 250, 250), (300, 200, 300, 200),
                                   (260, 240, 255, 245), (3, 1, 2, 2), (700, 20, 15, 800)])
def test_unpaired_c_equals_numpy_bitwise_large(sizes):
    """Equal class sizes make the two p lattices coincide (exact ties in the merge);
    > 128 terms exercise the recursive halves of the pairwise sum; 64 rows the merge
    offsets 2 r."""
    na, ma, nb, mb = sizes
    rng = np.random.default_rng(sum(sizes))
    kc, kk = _unpaired_keys(rng, na, ma, nb, mb, 64)
    for mp in ((ma + mb) / sum(sizes), 0.5, 1 / 3):
        c = IMPLS["cffi"].unpaired_keys(kc, kk, na, nb, ma, mb, mp)
        p = IMPLS["numpy"].unpaired_keys(kc, kk, na, nb, ma, mb, mp)
        assert c.tobytes() == p.tobytes()


@pytest.mark.parametrize("side", SIDES)
def test_unpaired_equals_the_definition(side):
    rng = np.random.default_rng(3)
    na, ma, nb, mb = 9, 7, 6, 11
    kc, kk = _unpaired_keys(rng, na, ma, nb, mb, 5)
    mp = (ma + mb) / (na + ma + nb + mb)
    got = IMPLS[side].unpaired_keys(kc, kk, na, nb, ma, mb, mp)
    for r in range(5):
        va, vb = np.r_[kc[r, :na], kk[r, :ma]], np.r_[kc[r, na:], kk[r, ma:]]
        ya, yb = [0] * na + [1] * ma, [0] * nb + [1] * mb
        want = venkatraman_unpaired_def(ya, _ranks_of_row(va), yb, _ranks_of_row(vb), mp)
        assert got[r] == pytest.approx(want, rel=1e-12, abs=1e-15)


@needs_c
@settings(max_examples=40, deadline=None)
@given(st.integers(1, 30), st.integers(1, 30), st.integers(1, 30), st.integers(1, 30),
       st.integers(1, 20), st.integers(0, 10 ** 6))
def test_unpaired_integrals_c_equals_numpy(ma, na, mb, nb, R, seed):
    rng = np.random.default_rng(seed)
    ca = np.cumsum([rng.permutation(np.r_[np.zeros(na, int), np.ones(ma, int)]) for _ in range(R)], axis=1)
    cb = np.cumsum([rng.permutation(np.r_[np.zeros(nb, int), np.ones(mb, int)]) for _ in range(R)], axis=1)
    mp = float(rng.random())
    c = IMPLS["cffi"].unpaired_integrals(ca, cb, ma, na, mb, nb, mp)
    p = IMPLS["numpy"].unpaired_integrals(ca, cb, ma, na, mb, nb, mp)
    assert c.tobytes() == p.tobytes()


@pytest.mark.parametrize("side", SIDES)
@pytest.mark.parametrize("N", [1, 2, 9, 40])
def test_paired_equals_the_definition(side, N):
    rng = np.random.default_rng(N)
    y = rng.integers(0, 2, N)
    r3 = np.array([rng.permutation(3 * N) + 2 for _ in range(6)])[:, :N]
    s3 = np.array([rng.permutation(3 * N) + 2 for _ in range(6)])[:, :N]
    got = IMPLS[side].paired_keys(r3, s3, y)
    for r in range(6):
        want = venkatraman_paired_def(list(y), rank_first_def(r3[r]), rank_first_def(s3[r]))
        assert got[r] == want and got.dtype == np.float64


@needs_c
@settings(max_examples=40, deadline=None)
@given(st.integers(1, 300), st.integers(1, 30), st.integers(0, 10 ** 6))
def test_paired_c_equals_numpy(N, R, seed):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, N)
    kt = np.int16 if 3 * N + 2 < 2 ** 15 else np.int64
    r3 = np.array([rng.permutation(3 * N + 2)[:N] for _ in range(R)]).astype(kt)
    s3 = np.array([rng.permutation(3 * N + 2)[:N] for _ in range(R)]).astype(kt)
    c, p = IMPLS["cffi"].paired_keys(r3, s3, y), IMPLS["numpy"].paired_keys(r3, s3, y)
    assert c.tobytes() == p.tobytes()


@needs_c
@pytest.mark.parametrize("n_jobs", [1, 2])
def test_permutation_distributions_are_the_same_on_both_sides(monkeypatch, n_jobs):
    """The whole permutation loops of roc_test: same draws, same statistics, whichever
    side computes them (n = 300 > PERM_BLOCK permutations: several blocks)."""
    rng = np.random.default_rng(11)
    pa, pb = rng.random(180) < 0.4, rng.random(150) < 0.55
    ra, rb = rng.permutation(180) + 1, rng.permutation(150) + 1
    res = {}
    for side in SIDES:
        monkeypatch.setattr(_kernels, "venkatraman", IMPLS[side])
        res[side] = (_roctest._unpaired_permutations(pa, ra, pb, rb, 0.45, 5, 300, n_jobs),
                     _roctest._paired_permutations(pa, ra, rng.permutation(180) * 0 + ra[::-1], 5, 300, n_jobs))
    for k in (0, 1):
        assert res["cffi"][k].tobytes() == res["numpy"][k].tobytes()


@pytest.mark.parametrize("side", SIDES)
def test_bad_arguments_are_refused(side):
    k = IMPLS[side]
    kc = np.array([[2, 5, 7, 8]])
    kk = np.array([[3, 4, 10, 11]])
    with pytest.raises(ValueError):
        k.unpaired_keys(kc, kk, 2, 2, 2, 0, 0.5)        # an empty class
    if side == "cffi":
        with pytest.raises(ValueError):
            k.unpaired_keys(np.array([[2, 2, 7, 8]]), kk, 2, 2, 2, 2, 0.5)   # repeated key
        with pytest.raises(ValueError):
            k.unpaired_keys(np.array([[-1, 5, 7, 8]]), kk, 2, 2, 2, 2, 0.5)  # negative key
        with pytest.raises(ValueError):
            k.unpaired_keys(kc[:, :3], kk, 2, 2, 2, 2, 0.5)                  # wrong width
        with pytest.raises(ValueError):
            k.paired_keys(np.array([[1, 1]]), np.array([[1, 2]]), [0, 1])    # repeated key
        with pytest.raises(ValueError):
            k.unpaired_integrals(np.array([[1, 3, 3]]), np.array([[0, 1]]), 2, 1, 1, 1, 0.5)
