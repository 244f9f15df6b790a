"""The bootstrap kernel family: C and NumPy twin give identical results (same random
stream, same counts, same floating-point operations), and both follow the documented
stream (tests/definitions.boot_draw_def / resample_def)."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from rocstats import _kernels

from definitions import auc_def, boot_draw_def, curve_at_def, resample_def

IMPLS = _kernels.implementations("bootstrap")
SIDES = sorted(IMPLS)
needs_c = pytest.mark.needs_c  # the one C gate (tests/conftest.py)


def _blocks(rng, K, m, n):
    return np.sort(rng.integers(0, K, m)), np.sort(rng.integers(0, K, n))


@pytest.mark.parametrize("side", SIDES)
def test_draws_follow_the_documented_stream(side):
    k = IMPLS[side]
    for seed in (0, 1, 2 ** 64 - 1, 123456789):
        for r in (0, 1, 77):
            for j in (0, 5, 1000):
                assert int(k.draw(seed, r, j)) == boot_draw_def(seed, r, j)
    for u, size in ((2 ** 64 - 1, 2 ** 64 - 1), (2 ** 63, 10), (12345, 7), (2 ** 40, 3)):
        assert int(k.bounded(np.uint64(u), np.uint64(size))) == (u * size) >> 64


@pytest.mark.parametrize("side", SIDES)
@pytest.mark.parametrize("stratified", [True, False])
def test_counts_are_the_documented_resample(side, stratified):
    rng = np.random.default_rng(1)
    pos = rng.integers(0, 6, 9).astype(float)
    neg = rng.integers(2, 9, 13).astype(float)
    values = np.unique(np.r_[pos, neg])
    pb = np.searchsorted(values, np.sort(pos))
    nb = np.searchsorted(values, np.sort(neg))
    seed = 987654321
    cp, cn = IMPLS[side].counts(pb, nb, values.size, stratified, seed, 3, 11)
    for i, r in enumerate(range(3, 11)):
        P, N = resample_def(list(pos), list(neg), seed, r, stratified)
        assert cp[i].tolist() == [P.count(v) for v in values]
        assert cn[i].tolist() == [N.count(v) for v in values]


@needs_c
@settings(max_examples=80, deadline=None)
@given(st.integers(1, 25), st.integers(0, 30), st.integers(0, 30), st.booleans(),
       st.integers(0, 2 ** 64 - 1), st.integers(0, 50), st.integers(0, 12))
def test_c_equals_numpy(K, m, n, stratified, seed, r0, R):
    rng = np.random.default_rng(seed % 1000)
    pb, nb = _blocks(rng, K, m, n)
    c, p = IMPLS["cffi"], IMPLS["numpy"]
    r1 = r0 + R
    a, b = c.counts(pb, nb, K, stratified, seed, r0, r1), p.counts(pb, nb, K, stratified, seed, r0, r1)
    assert np.array_equal(a[0], b[0]) and np.array_equal(a[1], b[1])
    assert np.array_equal(c.auc(pb, nb, K, stratified, seed, r0, r1),
                          p.auc(pb, nb, K, stratified, seed, r0, r1), equal_nan=True)
    t = np.sort(np.r_[rng.random(4), np.arange(11) * 0.1, 0.0, 1.0,
                      np.arange(m + 1) / max(m, 1), np.arange(n + 1) / max(n, 1)])
    for given_ in (0, 1):
        x = c.curve(pb, nb, K, stratified, seed, r0, r1, given_, t)
        y = p.curve(pb, nb, K, stratified, seed, r0, r1, given_, t)
        assert np.array_equal(x, y, equal_nan=True)
        assert np.array_equal(c.curve_counts(a[0], a[1], given_, t), x, equal_nan=True) \
            if R else True
    cuts = rng.integers(0, K + 1, 5)
    for u, v in zip(c.tails(pb, nb, K, stratified, seed, r0, r1, cuts),
                    p.tails(pb, nb, K, stratified, seed, r0, r1, cuts)):
        assert np.array_equal(u, v)


@pytest.mark.parametrize("side", SIDES)
def test_curve_is_pROCs_rule_on_the_resample(side):
    """Each replicate's sensitivity at given specificities (and the reverse) is pROC's
    coords(input=) on the resampled data, bit for bit (definitions.curve_at_def)."""
    rng = np.random.default_rng(5)
    pos = list(rng.integers(0, 7, 12).astype(float))
    neg = list(rng.integers(0, 7, 15).astype(float))
    values = np.unique(pos + neg)
    pb = np.searchsorted(values, np.sort(pos))
    nb = np.searchsorted(values, np.sort(neg))
    t = np.sort(np.r_[np.arange(11) * 0.1, np.arange(16) / 15, np.arange(13) / 12])
    for given_, name in ((0, "specificity"), (1, "sensitivity")):
        out = IMPLS[side].curve(pb, nb, values.size, True, 42, 0, 6, given_, t)
        for r in range(6):
            P, N = resample_def(pos, neg, 42, r)
            assert out[r].tolist() == [curve_at_def(P, N, name, float(v)) for v in t]


@pytest.mark.parametrize("side", SIDES)
def test_bad_arguments(side):
    k = IMPLS[side]
    pb, nb = np.array([0, 1]), np.array([0, 2])
    with pytest.raises(ValueError):
        k.counts(pb, nb, 2, True, 1, 0, 3)            # block 2 outside [0, 2)
    with pytest.raises(ValueError):
        k.auc(pb, nb, 3, True, 1, 5, 4)               # r0 > r1
    with pytest.raises(ValueError):
        k.curve(pb, nb, 3, True, 1, 0, 2, 0, [0.5, 0.2])   # not ascending
    with pytest.raises(ValueError):
        k.curve(pb, nb, 3, True, 1, 0, 2, 0, [1.5])
    with pytest.raises(ValueError):
        k.curve(pb, nb, 3, True, 1, 0, 2, 2, [0.5])        # given
    with pytest.raises(ValueError):
        k.tails(pb, nb, 3, True, 1, 0, 2, [4])             # cut > K
    with pytest.raises(ValueError):
        k.auc_counts(np.zeros((2, 3), np.int64), np.zeros((2, 4), np.int64))


@pytest.mark.parametrize("stratified", [True, False])
def test_numpy_counts_beyond_one_chunk_of_rows(stratified):
    """More rows than the NumPy twin's chunk (2^21 uniforms per pass): one replicate per
    pass; the counts still sum to the class sizes (stratified) or to N, and equal the C
    kernel's where it is built (issue 23: these rows never ran before)."""
    m, n, K = 2 ** 20 + 3, 2 ** 20 + 5, 7
    pb = (np.arange(m) % K).astype(np.int64)
    nb = (np.arange(n) % K).astype(np.int64)
    pb.sort()
    nb.sort()
    cp, cn = IMPLS["numpy"].counts(pb, nb, K, stratified, 2 ** 63 + 9, 3, 5)   # r0 > 0
    assert cp.dtype == cn.dtype == np.int64 and cp.shape == (2, K)
    if stratified:
        assert (cp.sum(axis=1) == m).all() and (cn.sum(axis=1) == n).all()
    else:
        assert ((cp.sum(axis=1) + cn.sum(axis=1)) == m + n).all()
    if "cffi" in IMPLS:
        cc, cnc = IMPLS["cffi"].counts(pb, nb, K, stratified, 2 ** 63 + 9, 3, 5)
        assert np.array_equal(cp, cc) and np.array_equal(cn, cnc)


def test_numpy_fused_functions_beyond_one_chunk_of_blocks():
    """More distinct scores (blocks) than the NumPy twin's chunk (2^21): one replicate per
    pass in the fused auc / tails; the same as counts followed by the per-count functions
    (and as the C kernel where built)."""
    K = 2 ** 21 + 5
    rng = np.random.default_rng(12)
    pb = np.sort(rng.choice(K, 40, replace=False)).astype(np.int64)
    nb = np.sort(rng.choice(K, 50, replace=False)).astype(np.int64)
    k = IMPLS["numpy"]
    cp, cn = k.counts(pb, nb, K, True, 5, 2, 5)          # replicates 2..4: r0 > 0, 3 passes
    fused = k.auc(pb, nb, K, True, 5, 2, 5)
    assert np.array_equal(fused, k.auc_counts(cp, cn))
    cuts = np.array([0, K // 3, K - 1], dtype=np.int64)
    assert all(np.array_equal(a, b) for a, b in zip(k.tails(pb, nb, K, True, 5, 2, 5, cuts),
                                                    k.tails_counts(cp, cn, cuts)))
    targets = np.array([0.1, 0.5, 0.9])
    assert np.array_equal(k.curve(pb, nb, K, True, 5, 2, 5, 0, targets),
                          k.curve_counts(cp, cn, 0, targets), equal_nan=True)
    tails = k.tails(pb, nb, K, True, 5, 2, 5, cuts)
    assert all(t.dtype == np.int64 for t in tails)
    if "cffi" in IMPLS:
        c = IMPLS["cffi"]
        assert np.array_equal(fused, c.auc(pb, nb, K, True, 5, 2, 5))
        assert all(np.array_equal(a, b) for a, b in zip(tails, c.tails(pb, nb, K, True, 5, 2, 5,
                                                                           cuts)))
        assert np.array_equal(k.curve(pb, nb, K, True, 5, 2, 5, 0, targets),
                              c.curve(pb, nb, K, True, 5, 2, 5, 0, targets), equal_nan=True)


@pytest.mark.parametrize("side", SIDES)
def test_kernels_are_quiet_and_check_their_blocks(side):
    """The 64-bit stream wraps by design: no overflow warning (warnings are errors here);
    counts are int64; blocks outside 0 .. n_blocks - 1 are refused."""
    import warnings

    k = IMPLS[side]
    pb = np.array([0, 1, 1, 3], dtype=np.int64)
    nb = np.array([0, 2, 3], dtype=np.int64)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        k.draw(2 ** 64 - 1, 2 ** 40, 7)
        k.bounded(np.uint64(2 ** 64 - 1), np.uint64(2 ** 64 - 1))
        cp, cn = k.counts(pb, nb, 4, False, 2 ** 64 - 1, 0, 9)
        k.auc(pb, nb, 4, False, 2 ** 64 - 1, 0, 9)
    assert cp.dtype == cn.dtype == np.int64
    # refused by the block check itself, which names the argument (an index past the end
    # or below 0 must not reach the counting, where it would fail later or miscount)
    for bad_p, bad_n, name in ((np.array([0, 4]), nb, "pos_block"),   # == n_blocks
                               (np.array([0, 5]), nb, "pos_block"),
                               (np.array([-1, 0]), nb, "pos_block"),
                               (pb, np.array([0, 4]), "neg_block"),
                               (pb, np.array([-1, 0]), "neg_block")):
        with pytest.raises(ValueError, match=r"^%s holds block indices outside \[0, 4\)"
                           % name):
            k.counts(bad_p, bad_n, 4, True, 1, 0, 2)
    cuts = np.array([0, 2, 4], dtype=np.int64)
    assert all(t.dtype == np.int64 for t in k.tails_counts(cp, cn, cuts))


@pytest.mark.parametrize("side", SIDES)
@pytest.mark.parametrize("stratified", [True, False])
def test_counts_and_auc_over_several_chunks_from_a_later_replicate(side, stratified,
                                                                   monkeypatch):
    """A range r0 .. r1 with r0 > 0 that takes several passes of the NumPy twin (its chunk
    made small here): every replicate r is the documented resample at counter r, whatever
    pass it falls in."""
    if side == "numpy":
        from rocstats._kernels.numpy import bootstrap as nbk
        monkeypatch.setattr(nbk, "_CHUNK", 20)      # 2 replicates of 10 rows per pass
    rng = np.random.default_rng(3)
    pos = rng.integers(0, 5, 4).astype(float)
    neg = rng.integers(1, 7, 6).astype(float)
    values = np.unique(np.r_[pos, neg])
    pb = np.searchsorted(values, np.sort(pos))
    nb = np.searchsorted(values, np.sort(neg))
    k, seed, r0, r1 = IMPLS[side], 77, 5, 12
    cp, cn = k.counts(pb, nb, values.size, stratified, seed, r0, r1)
    auc = k.auc(pb, nb, values.size, stratified, seed, r0, r1)
    for i, r in enumerate(range(r0, r1)):
        P, N = resample_def(list(pos), list(neg), seed, r, stratified)
        assert cp[i].tolist() == [P.count(v) for v in values]
        assert cn[i].tolist() == [N.count(v) for v in values]
        expected = auc_def(P, N) if P and N else np.nan
        np.testing.assert_allclose(auc[i], expected, rtol=1e-15)


@pytest.mark.parametrize("side", SIDES)
def test_per_count_functions_quiet_on_degenerate_rows(side):
    """A replicate without positives (or negatives) gives a NaN AUC and NaN curve values
    quietly (0/0 by design); flat curve segments and targets on the points interpolate
    without warnings; mismatched count arrays are refused."""
    import warnings

    k = IMPLS[side]
    cp = np.array([[0, 0, 0], [1, 0, 2], [0, 3, 0]], dtype=np.int64)
    cn = np.array([[1, 2, 0], [0, 0, 0], [2, 0, 1]], dtype=np.int64)
    targets = np.array([0.0, 1 / 3, 0.5, 2 / 3, 1.0])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        a = k.auc_counts(cp, cn)
        for given in (0, 1):
            v = k.curve_counts(cp, cn, given, targets)
    # row 3: 3 positives in block 1 above 2 negatives (block 0), below 1 (block 2): 6 / 9
    assert np.isnan(a[0]) and np.isnan(a[1]) and a[2] == pytest.approx(2 / 3)
    assert np.isnan(v[:2]).all() and np.isfinite(v[2]).all()
    with pytest.raises(ValueError):
        k.auc_counts(cp, cn[:, :2])
    with pytest.raises(ValueError):
        k.auc_counts(cp[0], cn[0])
