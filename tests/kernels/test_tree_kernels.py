"""CART kernels (csrc/rocstats_tree.c and its NumPy twin _kernels/numpy/tree.py).

* the C and NumPy paths agree on random inputs with ties, missing values, zero weights;
* the best numeric cut and the best categorical partition equal brute-force searches
  written here from the definitions (rpart's gini.c / anova.c, ESL section 9.2.3):
  Gini node impurity W * sum_j p_j (1 - p_j) with altered weights, entropy
  -W sum_j p_j log p_j, anova between-groups SS / node SS;
* rpart's sort order is a sorting permutation; the partition is stable.
"""
import itertools

import numpy as np
import pytest

from rocstats import _kernels

_both = _kernels.implementations("tree")
_tree_numpy, _tree_cffi = _both["numpy"], _both.get("cffi")

IMPLS = [_tree_numpy] + ([_tree_cffi] if _tree_cffi is not None else [])
needs_c = pytest.mark.needs_c  # the one C gate (tests/conftest.py)


# ------------------------------------------------------------------ independent definitions
def _impurity(kind, counts, aprior):
    """W * sum_j i(p_j) of a node with weighted class counts ``counts``."""
    a = aprior * counts
    W = a.sum()
    if W <= 0:
        return 0.0
    p = a / W
    if kind == 2:
        return float(W * sum(-q * np.log(q) for q in p if q > 0))
    return float(W * np.sum(p * (1 - p)))


def _score(kind, y, w, left, aprior, nclass):
    """Improvement of sending the rows with ``left`` True to the left."""
    if kind == 3:
        def ss(mask):
            if not mask.any():
                return 0.0
            m = np.sum(w[mask] * y[mask]) / np.sum(w[mask])
            return float(np.sum(w[mask] * (y[mask] - m) ** 2))
        allr = np.ones(y.size, bool)
        return (ss(allr) - ss(left) - ss(~left)) / ss(allr)

    def counts(mask):
        return np.array([w[mask & (y == j)].sum() for j in range(nclass)])
    allr = np.ones(y.size, bool)
    return (_impurity(kind, counts(allr), aprior) - _impurity(kind, counts(left), aprior)
            - _impurity(kind, counts(~left), aprior))


def brute_numeric(kind, x, y, w, edge, aprior, nclass):
    keep = ~np.isnan(x) & (w > 0)
    x, y, w = x[keep], y[keep], w[keep]
    best = 0.0
    for c in np.unique(x)[:-1]:
        left = x <= c
        if left.sum() < edge or (~left).sum() < edge:
            continue
        best = max(best, _score(kind, y, w, left, aprior, nclass))
    return best


def brute_categorical(kind, x, y, w, edge, aprior, nclass):
    keep = ~np.isnan(x) & (w > 0)
    x, y, w = x[keep], y[keep], w[keep]
    levels = np.unique(x)
    best = 0.0
    for r in range(1, levels.size):
        for sub in itertools.combinations(levels, r):
            left = np.isin(x, sub)
            if left.sum() < edge or (~left).sum() < edge:
                continue
            best = max(best, _score(kind, y, w, left, aprior, nclass))
    return best


def _data(rng, n, kind, nclass=2, ties=True, missing=0.1, zero_w=0.1, nlev=0):
    if nlev:
        x = rng.integers(0, nlev, n).astype(float)
    elif ties:
        x = rng.integers(0, 8, n).astype(float)
    else:
        x = rng.normal(size=n)
    x[rng.random(n) < missing] = np.nan
    y = (rng.normal(size=n) + 0.3 * np.nan_to_num(x) if kind == 3
         else rng.integers(0, nclass, n).astype(float))
    # dyadic weights: running sums are exact, so a class total emptied by the sweep is 0,
    # not -1e-16 (rpart's running subtraction gives NaN entropy for such a cut and skips
    # it; the brute force below would not)
    w = rng.integers(1, 9, n) / 4.0
    w[rng.random(n) < zero_w] = 0.0
    return x, y, w


def _aprior(rng, nclass):
    return rng.uniform(0.5, 2.0, nclass)


# ------------------------------------------------------------------ numeric sweeps
@pytest.mark.parametrize("kind,nclass", [(1, 2), (1, 3), (2, 2), (2, 4), (3, 0)])
@pytest.mark.parametrize("impl", IMPLS, ids=lambda m: m.__name__.rsplit("_", 1)[-1])
def test_numeric_sweep_equals_brute_force(kind, nclass, impl):
    rng = np.random.default_rng(11 + kind + nclass)
    for trial in range(25):
        n = int(rng.integers(5, 60))
        x, y, w = _data(rng, n, kind, max(nclass, 2), ties=trial % 2 == 0)
        aprior = _aprior(rng, max(nclass, 1))
        edge = int(rng.integers(1, 5))
        node_risk = 1.0
        if kind == 3:
            keep = ~np.isnan(x) & (w > 0)
            yy, ww = y[keep], w[keep]
            if ww.sum() > 0:
                m = np.sum(ww * yy) / ww.sum()
                node_risk = float(np.sum(ww * (yy - m) ** 2)) or 1.0
        xt = x.reshape(1, -1).copy()
        sorts = np.argsort(np.nan_to_num(x), kind="stable").reshape(1, -1).astype(np.int64)
        imp, thr, dirn, cnt = impl.numeric_splits(kind, xt, sorts, 0, n, [0], y, w,
                                                  nclass, aprior, edge, node_risk)
        expect = brute_numeric(kind, x, y, w, edge, aprior, nclass)
        assert cnt[0] == np.count_nonzero(~np.isnan(x) & (w > 0))
        assert imp[0] == pytest.approx(expect, rel=1e-9, abs=1e-12)
        if imp[0] > 0:
            keep = ~np.isnan(x) & (w > 0)
            vals = np.unique(x[keep])
            mids = (vals[:-1] + vals[1:]) / 2
            assert np.min(np.abs(mids - thr[0])) < 1e-12   # a midpoint of adjacent values
            assert dirn[0] in (-1, 1)
        else:
            assert dirn[0] == 0


@needs_c
@pytest.mark.parametrize("kind,nclass", [(1, 2), (1, 3), (2, 3), (3, 0)])
def test_numeric_c_equals_numpy(kind, nclass):
    rng = np.random.default_rng(5 + kind)
    n, p = 300, 6
    X = np.column_stack([_data(rng, n, kind, max(nclass, 2), ties=j % 2 == 0)[0]
                         for j in range(p)])
    _, y, w = _data(rng, n, kind, max(nclass, 2))
    xt = np.ascontiguousarray(X.T)
    sorts = np.vstack([_tree_numpy.rpart_order(xt[j]) for j in range(p)])
    aprior = _aprior(rng, max(nclass, 1))
    for n1, n2 in [(0, n), (10, 200), (100, 110)]:
        for edge in (1, 3, 7):
            a = _tree_numpy.numeric_splits(kind, xt, sorts, n1, n2, np.arange(p), y, w,
                                           nclass, aprior, edge, 7.5)
            b = _tree_cffi.numeric_splits(kind, xt, sorts, n1, n2, np.arange(p), y, w,
                                          nclass, aprior, edge, 7.5)
            np.testing.assert_array_equal(a[2], b[2])
            np.testing.assert_array_equal(a[3], b[3])
            np.testing.assert_allclose(a[0], b[0], rtol=1e-13, atol=0)
            np.testing.assert_array_equal(a[1], b[1])


# ------------------------------------------------------------------ categorical
@pytest.mark.parametrize("kind,nclass", [(1, 2), (2, 2), (1, 3), (2, 3), (3, 0)])
@pytest.mark.parametrize("impl", IMPLS, ids=lambda m: m.__name__.rsplit("_", 1)[-1])
def test_categorical_equals_all_partitions(kind, nclass, impl):
    """Two classes / anova: the ordered sweep finds the best of all 2^(q-1)-1
    partitions (ESL 9.2.4); more classes: the Gray-code search visits them all."""
    rng = np.random.default_rng(21 + kind + nclass)
    for trial in range(30):
        q = int(rng.integers(2, 7))
        n = int(rng.integers(6, 50))
        x, y, w = _data(rng, n, kind, max(nclass, 2), nlev=q)
        aprior = _aprior(rng, max(nclass, 1))
        # the ordered sweep (two classes, anova) is optimal when every partition is
        # admissible (rpart sweeps the order and skips prefixes with < edge rows, so with
        # edge > 1 it may miss a non-contiguous admissible partition, as rpart does);
        # the Gray-code search visits every subset, so any edge
        edge = 1 if (kind == 3 or nclass == 2) else int(rng.integers(1, 4))
        node_risk = 1.0
        if kind == 3:
            keep = ~np.isnan(x) & (w > 0)
            yy, ww = y[keep], w[keep]
            if ww.sum() > 0:
                m = np.sum(ww * yy) / ww.sum()
                node_risk = float(np.sum(ww * (yy - m) ** 2)) or 1.0
        imp, csplit, cnt = impl.categorical_split(kind, x, np.arange(n), y, w, nclass,
                                                  aprior, q, edge, node_risk)
        expect = brute_categorical(kind, x, y, w, edge, aprior, nclass)
        assert imp == pytest.approx(expect, rel=1e-9, abs=1e-12)
        if imp > 0:
            keep = ~np.isnan(x) & (w > 0)
            left = np.isin(x[keep], np.flatnonzero(csplit == -1))
            right = np.isin(x[keep], np.flatnonzero(csplit == 1))
            assert np.all(left | right)                    # every level present is placed
            assert _score(kind, y[keep], w[keep], left, aprior, nclass) == \
                pytest.approx(imp, rel=1e-9, abs=1e-12)
            absent = np.setdiff1d(np.arange(q), np.unique(x[keep]))
            assert np.all(csplit[absent] == 0)


@needs_c
@pytest.mark.parametrize("kind,nclass", [(1, 2), (1, 4), (2, 3), (3, 0)])
def test_categorical_c_equals_numpy(kind, nclass):
    rng = np.random.default_rng(3 + kind)
    for _ in range(20):
        q = int(rng.integers(2, 9))
        n = int(rng.integers(5, 120))
        x, y, w = _data(rng, n, kind, max(nclass, 2), nlev=q)
        aprior = _aprior(rng, max(nclass, 1))
        rows = rng.permutation(n)[: int(rng.integers(1, n + 1))]
        a = _tree_numpy.categorical_split(kind, x, rows, y, w, nclass, aprior, q, 2, 3.0)
        b = _tree_cffi.categorical_split(kind, x, rows, y, w, nclass, aprior, q, 2, 3.0)
        assert a[0] == pytest.approx(b[0], rel=1e-13, abs=0)
        np.testing.assert_array_equal(a[1], b[1])
        assert a[2] == b[2]


# ------------------------------------------------------------------ sort and partition
@pytest.mark.parametrize("impl", IMPLS, ids=lambda m: m.__name__.rsplit("_", 1)[-1])
def test_rpart_order_sorts(impl):
    rng = np.random.default_rng(7)
    for n in (0, 1, 2, 11, 12, 50, 500):
        x = rng.integers(0, 5, n).astype(float)
        x[rng.random(n) < 0.1] = np.nan
        o = impl.rpart_order(x)
        assert sorted(o.tolist()) == list(range(n))
        v = np.nan_to_num(x)[o]
        assert np.all(v[1:] >= v[:-1])


@needs_c
def test_rpart_order_c_equals_numpy():
    rng = np.random.default_rng(8)
    for n in (5, 13, 100, 2000):
        for levels in (2, 5, 0):
            x = (rng.integers(0, levels, n).astype(float) if levels else rng.normal(size=n))
            x[rng.random(n) < 0.05] = np.nan
            np.testing.assert_array_equal(_tree_numpy.rpart_order(x), _tree_cffi.rpart_order(x))


@pytest.mark.parametrize("impl", IMPLS, ids=lambda m: m.__name__.rsplit("_", 1)[-1])
def test_partition_is_stable(impl):
    rng = np.random.default_rng(9)
    n, p = 40, 3
    n1, n2 = 5, 35
    base = rng.permutation(n)
    # every feature's segment [n1, n2) holds the same rows (a node), in its own order
    sorts = np.vstack([np.concatenate((base[:n1], rng.permutation(base[n1:n2]), base[n2:]))
                       for _ in range(p)]).astype(np.int64)
    before = sorts.copy()
    goes = rng.integers(-1, 2, n).astype(np.int8)
    nl, nr = impl.partition(sorts, n1, n2, goes)
    seg_goes = goes[before[0, n1:n2]]
    assert nl == np.count_nonzero(seg_goes < 0) and nr == np.count_nonzero(seg_goes > 0)
    for f in range(p):
        s = before[f, n1:n2]
        g = goes[s]
        np.testing.assert_array_equal(sorts[f, n1:n2],
                                      np.concatenate((s[g < 0], s[g > 0], s[g == 0])))
        np.testing.assert_array_equal(sorts[f, :n1], before[f, :n1])
        np.testing.assert_array_equal(sorts[f, n2:], before[f, n2:])


@needs_c
def test_c_rejects_bad_arguments():
    n = 10
    xt = np.zeros((1, n))
    sorts = np.arange(n, dtype=np.int64).reshape(1, -1)
    y = np.zeros(n)
    y[0] = 5                                  # class code out of range
    with pytest.raises(ValueError):
        _tree_cffi.numeric_splits(1, np.arange(n, dtype=float).reshape(1, -1), sorts, 0, n,
                                  [0], y, np.ones(n), 2, np.ones(2), 1, 1.0)
    with pytest.raises(ValueError):
        _tree_cffi.numeric_splits(1, xt, sorts, 0, n, [3], np.zeros(n), np.ones(n), 2,
                                  np.ones(2), 1, 1.0)
    with pytest.raises(ValueError):
        _tree_cffi.categorical_split(1, np.full(n, 4.0), np.arange(n), np.zeros(n),
                                     np.ones(n), 2, np.ones(2), 3, 1, 1.0)
    bad = sorts.copy()
    bad[0, 3] = 99
    with pytest.raises(ValueError):
        _tree_cffi.partition(bad, 0, n, np.zeros(n, dtype=np.int8))


# ------------------------------------------------------------------ AUC kind (4)
@needs_c
@pytest.mark.parametrize("nclass", [2, 3, 4])
def test_auc_kind_c_equals_numpy_bit_for_bit(nclass):
    """Kind 4 (CART's AUC criterion): the NumPy twin computes the C kernel's sums and
    auc_delta operation for operation, so improvements are equal to the last bit, also
    with weights whose running sums round (non-dyadic) and with absent classes."""
    rng = np.random.default_rng(40 + nclass)
    for trial in range(25):
        n = int(rng.integers(5, 150))
        q = int(rng.integers(2, 8))
        x = rng.integers(0, q, n).astype(float)
        x[rng.random(n) < 0.1] = np.nan
        y = rng.integers(0, nclass - (trial % 3 == 0), n).astype(float)
        w = np.round(rng.uniform(0.05, 3.0, n), 3)
        w[rng.random(n) < 0.1] = 0.0
        rows = rng.permutation(n)[: int(rng.integers(1, n + 1))]
        for edge in (1, 3):
            a = _tree_numpy.categorical_split(4, x, rows, y, w, nclass, None, q, edge, 1.0)
            b = _tree_cffi.categorical_split(4, x, rows, y, w, nclass, None, q, edge, 1.0)
            assert a[0] == b[0]
            np.testing.assert_array_equal(a[1], b[1])
            assert a[2] == b[2]
        xn = np.round(rng.normal(size=n), 1)
        xt = xn[None, :]
        sorts = _tree_numpy.rpart_order(xn)[None, :]
        for edge in (1, 4):
            a = _tree_numpy.numeric_splits(4, xt, sorts, 0, n, [0], y, w, nclass, None,
                                           edge, 1.0)
            b = _tree_cffi.numeric_splits(4, xt, sorts, 0, n, [0], y, w, nclass, None,
                                          edge, 1.0)
            for u, v in zip(a, b):
                np.testing.assert_array_equal(u, v)
