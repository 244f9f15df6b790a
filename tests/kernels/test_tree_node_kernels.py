"""Node-level CART kernels used by the builder (one call per node instead of one per
feature), and the radix fast path of rpart's sort order.

* ``node_splits`` (csrc ``rs_tree_node_splits``) equals the per-feature kernels
  ``numeric_splits`` / ``categorical_split`` exactly, in C and in the NumPy twin;
* ``node_surrogates`` (``rs_surrogate_node``), read in place from the builder's
  feature-major data and sorted lists, equals :func:`find_surrogates` run on a copy of the
  node's rows (the earlier, independently written path), and C equals NumPy;
* ``rpart_order``'s radix path gives exactly the order of the replayed rpart quicksort
  when values are distinct, and falls back to it on ties (including -0.0 / +0.0).
"""
import numpy as np
import pytest

from rocstats import _kernels
from rocstats.tree._surrogate import find_surrogates, node_surrogates

_tree_numpy = _kernels.implementations("tree")["numpy"]
_tree_cffi = _kernels.implementations("tree").get("cffi")
_surrogate_numpy = _kernels.implementations("surrogate")["numpy"]
_surrogate_cffi = _kernels.implementations("surrogate").get("cffi")

needs_c = pytest.mark.needs_c  # the one C gate (tests/conftest.py)
TREE_IMPLS = [_tree_numpy] + ([_tree_cffi] if _tree_cffi is not None else [])
SURR_IMPLS = [_surrogate_numpy] + ([_surrogate_cffi] if _surrogate_cffi is not None else [])


def _node_data(seed, n=120, ties=True):
    """Random feature-major data with numeric and categorical columns, missing values,
    zero weights; sorted lists as the builder keeps them; a node = a random subset of the
    rows, placed at positions [n1, n2) of every list."""
    rng = np.random.default_rng(seed)
    n_levels = np.array([0, 4, 0, 0, 6, 0, 3], dtype=np.int64)
    p = n_levels.size
    xt = np.empty((p, n))
    for f in range(p):
        if n_levels[f]:
            xt[f] = rng.integers(0, n_levels[f], n)
        else:
            xt[f] = np.round(rng.normal(size=n), 1 if ties else 12)
        xt[f, rng.random(n) < 0.1] = np.nan
    w = np.where(rng.random(n) < 0.1, 0.0, rng.integers(1, 4, n) * 0.5)
    y = rng.integers(0, 3, n).astype(float)
    in_node = np.flatnonzero(rng.random(n) < 0.7)
    others = np.setdiff1d(np.arange(n), in_node)
    n1 = int(rng.integers(0, others.size + 1))
    n2 = n1 + in_node.size
    sorts = np.empty((p, n), dtype=np.int64)
    for f in range(p):
        seg = in_node.copy()
        if not n_levels[f]:
            key = np.where(np.isnan(xt[f, seg]), 0.0, xt[f, seg])
            seg = seg[_tree_numpy.rpart_order(key)]
        sorts[f] = np.concatenate([others[:n1], seg, others[n1:]])
    return xt, sorts, n1, n2, n_levels, y, w, in_node


@pytest.mark.parametrize("impl", TREE_IMPLS, ids=lambda m: m.__name__.rsplit("_", 1)[-1])
@pytest.mark.parametrize("kind", [1, 2, 3])
@pytest.mark.parametrize("seed", range(4))
def test_node_splits_equal_per_feature_kernels(impl, kind, seed):
    xt, sorts, n1, n2, n_levels, y, w, _ = _node_data(seed)
    if kind == 3:
        y = y * 1.7 + np.arange(y.size) % 5
    nclass, aprior = 3, np.array([0.9, 1.2, 0.7])
    imp, spl, dirn, cnt, csplit = impl.node_splits(kind, xt, sorts, n1, n2, n_levels, y, w,
                                                   nclass, aprior, 3, 2.5)
    assert csplit.shape == (xt.shape[0], n_levels.max())
    for f in range(xt.shape[0]):
        if n_levels[f] == 0:
            i1, s1, d1, c1 = impl.numeric_splits(kind, xt, sorts, n1, n2, [f], y, w, nclass,
                                                 aprior, 3, 2.5)
            assert (imp[f], dirn[f], cnt[f]) == (i1[0], d1[0], c1[0])
            assert np.array_equal(spl[f], s1[0], equal_nan=True)
            assert not csplit[f].any()
        else:
            q = int(n_levels[f])
            i1, cs1, c1 = impl.categorical_split(kind, xt[f], sorts[f, n1:n2], y, w, nclass,
                                                 aprior, q, 3, 2.5)
            assert (imp[f], cnt[f], dirn[f]) == (i1, c1, 0) and np.isnan(spl[f])
            assert np.array_equal(csplit[f, :q], cs1) and not csplit[f, q:].any()


@needs_c
@pytest.mark.parametrize("kind", [1, 2, 3])
def test_node_splits_c_equals_numpy(kind):
    xt, sorts, n1, n2, n_levels, y, w, _ = _node_data(11)
    args = (kind, xt, sorts, n1, n2, n_levels, y, w, 3, np.array([1.0, 0.8, 1.3]), 2, 3.0)
    for a, b in zip(_tree_cffi.node_splits(*args), _tree_numpy.node_splits(*args)):
        assert np.array_equal(a, b, equal_nan=True)


@needs_c
def test_node_splits_refuse_bad_arguments():
    xt, sorts, n1, n2, n_levels, y, w, _ = _node_data(3)
    ok = (1, xt, sorts, n1, n2, n_levels, y, w, 3, np.ones(3), 2, 1.0)
    with pytest.raises(ValueError):
        _tree_cffi.node_splits(*ok[:3], n1, xt.shape[1] + 1, *ok[5:])
    with pytest.raises(ValueError):
        _tree_cffi.node_splits(*ok[:5], n_levels[:-1], *ok[6:])
    bad = sorts.copy()
    bad[1, n1] = xt.shape[1] + 3          # a categorical list with a row id out of range
    if n2 > n1:
        with pytest.raises(ValueError):
            _tree_cffi.node_splits(*ok[:2], bad, *ok[3:])


def _goes(xt, w, in_node, primary, rng):
    n = xt.shape[1]
    goes = np.zeros(n, dtype=np.int8)
    x = xt[primary]
    cut = np.nanmedian(x[in_node])
    goes[in_node] = np.where(x[in_node] < cut, -1, 1)
    goes[in_node[np.isnan(x[in_node])]] = 0
    goes[np.setdiff1d(np.arange(n), in_node)] = rng.integers(-1, 2, n - in_node.size)
    return goes


@pytest.mark.parametrize("impl", SURR_IMPLS, ids=lambda m: m.__name__.rsplit("_", 1)[-1])
@pytest.mark.parametrize("style", [0, 1])
@pytest.mark.parametrize("seed", range(6))
def test_node_surrogates_equal_find_surrogates(impl, style, seed, monkeypatch):
    """The in-place node call ranks exactly the surrogates that find_surrogates (copy
    of the node, local sorted indices) finds, with the same agreements."""
    from rocstats.tree import _surrogate
    monkeypatch.setattr(_kernels, "surrogate", impl)
    rng = np.random.default_rng(100 + seed)
    xt, sorts, n1, n2, n_levels, y, w, in_node = _node_data(seed, ties=seed % 2 == 0)
    primary = int(rng.choice([0, 2, 3, 5]))
    goes = _goes(xt, w, in_node, primary, rng)
    got, tl, tr = node_surrogates(xt, sorts, n1, n2, n_levels, goes, w, primary,
                                  max_surrogate=4, surrogate_style=style)
    # the same node as a copy: rows in_node, column j's order as local positions
    rows = sorts[0, n1:n2]
    pos = np.empty(xt.shape[1], dtype=np.int64)
    pos[rows] = np.arange(rows.size)
    Xnode = xt[:, rows].T
    sorted_index = [pos[sorts[j, n1:n2]] for j in range(xt.shape[0])]
    want, left = find_surrogates(Xnode, w[rows], goes[rows], primary,
                                 categorical=n_levels > 0, n_levels=n_levels,
                                 max_surrogate=4, surrogate_style=style, use_surrogate=0,
                                 sorted_index=sorted_index)
    assert got == want
    assert left == (tl > tr)
    gp = goes[sorts[primary, n1:n2]]
    wp = w[sorts[primary, n1:n2]]
    assert tl == pytest.approx(wp[gp < 0].sum(), rel=1e-12)
    assert tr == pytest.approx(wp[gp > 0].sum(), rel=1e-12)


@needs_c
@pytest.mark.parametrize("seed", range(5))
def test_node_surrogates_c_equals_numpy(seed):
    rng = np.random.default_rng(seed)
    xt, sorts, n1, n2, n_levels, y, w, in_node = _node_data(20 + seed)
    primary = int(rng.integers(0, xt.shape[0]))
    goes = _goes(xt, w, in_node, 0, rng)
    a = _surrogate_cffi.node_surrogates(xt, sorts, n1, n2, n_levels, goes, w, primary)
    b = _surrogate_numpy.node_surrogates(xt, sorts, n1, n2, n_levels, goes, w, primary)
    assert a[:2] == b[:2]
    assert np.array_equal(a[2], b[2]) and np.array_equal(a[3], b[3])


@pytest.mark.parametrize("impl", SURR_IMPLS, ids=lambda m: m.__name__.rsplit("_", 1)[-1])
def test_node_surrogates_refuse_bad_input(impl):
    rng = np.random.default_rng(0)
    xt, sorts, n1, n2, n_levels, y, w, in_node = _node_data(5)
    goes = _goes(xt, w, in_node, 0, rng)
    with pytest.raises(ValueError):
        impl.node_surrogates(xt, sorts, n1, xt.shape[1] + 1, n_levels, goes, w, 0)
    with pytest.raises(ValueError):
        impl.node_surrogates(xt, sorts, n1, n2, n_levels, goes, w, xt.shape[0])
    bad = sorts.copy()
    bad[2, n1] = -1
    with pytest.raises(ValueError):
        impl.node_surrogates(xt, bad, n1, n2, n_levels, goes, w, 0)
    bad = sorts.copy()           # a numeric list out of order
    seg = bad[3, n1:n2]
    keep = seg[~np.isnan(xt[3, seg])]
    bad[3, n1:n2] = np.concatenate([keep[::-1], seg[np.isnan(xt[3, seg])]])
    with pytest.raises(ValueError, match="increasing"):
        impl.node_surrogates(xt, bad, n1, n2, n_levels, goes, w, 0)
    xc = xt.copy()
    xc[1, sorts[1, n1:n2][np.flatnonzero(goes[sorts[1, n1:n2]] != 0)[0]]] = 7.0   # level 7 of 4
    with pytest.raises(ValueError):
        impl.node_surrogates(xc, sorts, n1, n2, n_levels, goes, w, 0)


def _replayed_rpart_order(x):
    xs = np.array(x, dtype=np.float64)
    xs[np.isnan(xs)] = 0.0
    idx = np.arange(xs.size, dtype=np.int64)
    _tree_cffi.lib.rs_tree_rpart_sort(_tree_cffi.ptr(xs), _tree_cffi.ptr(idx), xs.size)
    return idx


@needs_c
@pytest.mark.parametrize("case", ["normal", "wide", "ties", "zeros", "nan", "inf", "tiny"])
def test_rpart_order_radix_path_equals_rpart_quicksort(case):
    rng = np.random.default_rng(7)
    x = {"normal": rng.normal(size=5000),
         "wide": (rng.random(3000) - 0.5) * 1e300,
         "ties": rng.integers(0, 40, 2000).astype(float),
         "zeros": np.concatenate([rng.normal(size=300), [-0.0, 0.0]]),
         "nan": np.concatenate([rng.normal(size=300), [np.nan, np.nan, 0.5]]),
         "inf": np.concatenate([rng.normal(size=300), [np.inf, -np.inf, 5e-324, -5e-324]]),
         "tiny": np.array([3.0, -1.0])}[case]
    got = _tree_cffi.rpart_order(x)
    assert np.array_equal(got, _replayed_rpart_order(x))
    assert got.dtype == np.int64


def _fit_pair(df, y, **kw):
    from rocstats.tree import CARTClassifier
    from rocstats.tree._builder import TreeBuilder
    a = CARTClassifier(**kw).fit(df, y)
    try:
        TreeBuilder.defer_surrogates = False
        b = CARTClassifier(**kw).fit(df, y)
    finally:
        TreeBuilder.defer_surrogates = True
    return a, b


@pytest.mark.parametrize("missing", [False, True])
@pytest.mark.parametrize("style", [0, 1])
def test_deferred_surrogates_equal_immediate_ones(missing, style):
    """The builder searches the surrogates of a node without missing primary values after
    its subtree (from the restored lists); the result must equal searching at once."""
    import pandas as pd
    rng = np.random.default_rng(42)
    n = 600
    X = rng.normal(size=(n, 6))
    X[:, 1] = np.round(X[:, 0] + 0.5 * rng.normal(size=n), 1)      # ties, a good surrogate
    cat = rng.integers(0, 5, n)
    y = ((X[:, 0] + (cat % 2) + 0.5 * rng.normal(size=n)) > 0.5).astype(int)
    df = pd.DataFrame(X, columns=list("abcdef"))
    df["g"] = pd.Categorical(cat)
    if missing:
        for c in "abg":
            df.loc[rng.random(n) < 0.1, c] = np.nan
    w = rng.integers(1, 4, n).astype(float)
    for kw in (dict(cp=0.002, surrogate_style=style, xval=0),
               dict(cp=0.0, min_split=10, surrogate_style=style, xval=5, random_state=1,
                    use_surrogate=1)):
        a, b = _fit_pair(df, y, **kw)
        pd.testing.assert_frame_equal(a.splits_, b.splits_)
        pd.testing.assert_frame_equal(a.frame_, b.frame_)
        pd.testing.assert_frame_equal(a.cptable_, b.cptable_)
        assert np.array_equal(a.where_, b.where_)
        assert (a.splits_["type"] == "surrogate").sum() > 3
