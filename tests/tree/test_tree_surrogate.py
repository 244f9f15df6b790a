"""Surrogate splits (rocstats.tree._surrogate.find_surrogates).

Expected values come from (1) a brute-force count over every cut point and both
orientations (tests/tree_helpers.brute_numeric_surrogate), (2) a direct per-level count
for categorical surrogates written here, (3) rpart 4.1.19's stored results
(validation/results/rpart/*.json): every internal node of every stored case is re-derived
from the data (the node's rows from ``where``, the primary's directions from the stored
primary split) and its surrogate list must come out identical, and (4) one live R fit
showing rpart's rule that drops a perfect categorical surrogate.
"""
import numpy as np
import pytest

import tree_helpers as h
from rocstats import _kernels
from rocstats.tree._surrogate import find_surrogates, primary_weights
from rocstats.tree._tree import CATEGORICAL, GE, LT

_surrogate_numpy = _kernels.implementations("surrogate")["numpy"]
_surrogate_cffi = _kernels.implementations("surrogate").get("cffi")

BACKENDS = ["numpy"] + (["cffi"] if _surrogate_cffi is not None else [])


@pytest.fixture(params=BACKENDS)
def backend(request, monkeypatch):
    """Run a test with the C kernel and again with its NumPy twin."""
    impl = _surrogate_numpy if request.param == "numpy" else _surrogate_cffi
    monkeypatch.setattr(_kernels, "surrogate", impl)
    return request.param


def _call(X, w, go, primary=0, *, cat=None, nlev=None, **kw):
    p = X.shape[1]
    cat = np.zeros(p, dtype=bool) if cat is None else np.asarray(cat)
    nlev = np.zeros(p, dtype=int) if nlev is None else np.asarray(nlev)
    kw.setdefault("max_surrogate", 5)
    return find_surrogates(X, w, go, primary, categorical=cat, n_levels=nlev, **kw)


@pytest.mark.parametrize("seed", range(40))
@pytest.mark.parametrize("style", [0, 1])
def test_numeric_matches_brute_force(seed, style, backend):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(6, 40))
    x0 = rng.normal(size=n)
    go = np.where(x0 < np.median(x0), -1, 1).astype(np.int8)
    go[rng.random(n) < 0.15] = 0                      # primary missing
    x1 = np.round(x0 + rng.normal(scale=rng.choice([0.3, 1.0, 3.0]), size=n), 1)  # ties
    x1[rng.random(n) < 0.2] = np.nan
    w = rng.choice([1.0, 0.5, 2.0, 0.0, 1.25], size=n) if seed % 3 else np.ones(n)
    X = np.column_stack([np.where(go == 0, np.nan, x0), x1])
    got, _ = _call(X, w, go, surrogate_style=style)
    exp = h.brute_numeric_surrogate(x1, go, w, style=style)
    if exp is None:
        assert got == []
        return
    assert len(got) == 1
    s = got[0]
    agreement, adj, kind, cut = exp
    assert s.feature == 1
    assert s.kind == kind
    assert s.threshold == cut
    assert s.improve == pytest.approx(agreement, rel=1e-12)
    assert s.adj == pytest.approx(adj, rel=1e-12)


def test_categorical_levels_follow_the_majority_and_agreement_by_hand():
    # primary: left for rows 0-5, right for 6-11; surrogate levels 0..3
    go = np.array([-1] * 6 + [1] * 6, dtype=np.int8)
    lev = np.array([0, 0, 0, 1, 1, 2, 2, 2, 3, 3, 1, 0], dtype=float)
    X = np.column_stack([np.r_[np.zeros(6), np.ones(6)], lev])
    got, _ = _call(X, np.ones(12), go, cat=[False, True], nlev=[0, 4])
    s = got[0]
    # by hand: level 0 -> 3 left / 1 right -> left; level 1 -> 2 left / 1 right -> left;
    # level 2 -> 1 / 2 -> right; level 3 -> 0 / 2 -> right; agreement (3+2+2+2)/12
    assert s.kind == CATEGORICAL
    assert s.left_levels == (0, 1) and s.right_levels == (2, 3)
    assert s.improve == pytest.approx(9 / 12)
    assert s.adj == pytest.approx((9 / 12 - 0.5) / 0.5)


def test_categorical_unseen_level_unassigned_and_tie_goes_to_majority():
    go = np.array([-1, -1, -1, -1, 1, 1, 1, -1, 1, 0], dtype=np.int8)
    lev = np.array([0, 0, 0, 1, 1, 2, 2, 3, 3, 4], dtype=float)   # level 4: primary missing
    X = np.column_stack([np.where(go == 0, np.nan, 1.0), lev])
    got, left = _call(X, np.ones(10), go, cat=[False, True], nlev=[0, 6])
    s = got[0]
    # level 1 and 3 tie 1:1 -> the overall majority (left, 5 vs 4); 4 and 5 unassigned
    assert s.left_levels == (0, 1, 3) and s.right_levels == (2,)
    assert left is True


def test_perfect_categorical_surrogate_is_dropped_as_rpart_does():
    # rpart 4.1.19 keeps a categorical surrogate only if > 1 row disagrees (see the
    # module docstring); R shows it (test_perfect_categorical_surrogate_live_r)
    go = np.array([-1] * 5 + [1] * 5, dtype=np.int8)
    X = np.column_stack([np.arange(10.0), (go > 0).astype(float)])
    got, _ = _call(X, np.ones(10), go, cat=[False, True], nlev=[0, 2])
    assert got == []
    # a numeric copy of the same column is kept (agreement 1)
    got, _ = _call(X, np.ones(10), go)
    assert [(s.feature, s.kind, s.threshold, s.improve, s.adj) for s in got] == \
        [(1, LT, 0.5, 1.0, 1.0)]      # x < 0.5 goes left, as the primary


def test_ranking_ties_keep_feature_order_and_max_surrogate():
    rng = np.random.default_rng(3)
    x0 = rng.normal(size=30)
    go = np.where(x0 < 0, -1, 1).astype(np.int8)
    noisy = x0 + rng.normal(scale=0.8, size=30)
    X = np.column_stack([x0, noisy, noisy * 2, x0 + 100.0, -x0])
    got, _ = _call(X, np.ones(30), go, max_surrogate=10)
    feats = [s.feature for s in got]
    # x0 + 100 and -x0 agree perfectly (1.0), in feature order; the two noisy copies
    # tie with each other
    assert feats[:2] == [3, 4] and feats[2:] == [1, 2]
    assert got[1].kind == GE and got[0].kind == LT
    agreements = [s.improve for s in got]
    assert agreements == sorted(agreements, reverse=True)
    got2, _ = _call(X, np.ones(30), go, max_surrogate=3)
    assert [s.feature for s in got2] == feats[:3]
    got0, left0 = _call(X, np.ones(30), go, max_surrogate=0)
    assert got0 == [] and left0 is False


def test_majority_direction_and_counts():
    go = np.array([-1, -1, -1, 1, 1, 0, 0, 0], dtype=np.int8)
    X = np.array([[0, 1, 5], [0, 2, 6], [0, 3, 7], [1, 10, 8], [1, 11, 9],
                  [np.nan, 1.5, np.nan], [np.nan, np.nan, 7.5], [np.nan, np.nan, np.nan]])
    got, left = _call(X, np.ones(8), go)
    assert left is True                                   # 3 left vs 2 right
    by_feat = {s.feature: s for s in got}
    assert by_feat[1].count == 1 and by_feat[2].count == 1   # row 5 by f1, row 6 by f2
    got_u0, _ = _call(X, np.ones(8), go, use_surrogate=0)
    assert all(s.count == 0 for s in got_u0)
    # weights decide the majority: make the two right rows heavy
    _, left = _call(X, np.array([1, 1, 1, 2, 2, 1, 1, 1.0]), go)
    assert left is False
    # exact tie: no default direction in rpart -> False
    _, left = _call(X, np.array([1, 1, 1, 1.5, 1.5, 1, 1, 1.0]), go)
    assert left is False
    assert primary_weights(go, np.array([1, 1, 1, 1.5, 1.5, 1, 1, 1.0])) == (3.0, 3.0)


@pytest.mark.needs_c
@pytest.mark.parametrize("seed", range(25))
def test_c_kernel_equals_numpy_twin(seed):
    rng = np.random.default_rng(500 + seed)
    n, k = int(rng.integers(1, 300)), int(rng.integers(1, 6))
    levels = int(rng.integers(0, 8))
    x = rng.normal(size=(k, n)) if levels == 0 else rng.integers(0, levels, (k, n)) * 1.0
    x[rng.random((k, n)) < 0.1] = np.nan
    go = rng.integers(-1, 2, n).astype(np.int8)
    w = rng.choice([0.0, 0.3, 1.0, 2.7], n) if seed % 2 else np.ones(n)
    orders = np.argsort(x, axis=1, kind="stable")
    # NaN rows may sit anywhere in a list: move them to the front of half the lists
    for c in range(0, k, 2):
        o = orders[c]
        nan = np.isnan(x[c, o])
        orders[c] = np.concatenate((o[nan], o[~nan]))
    nn = np.full(k, n)
    a = _surrogate_numpy.numeric_surrogates(x, go, w, orders, nn)
    b = _surrogate_cffi.numeric_surrogates(x, go, w, orders, nn)
    np.testing.assert_array_equal(a, b)


@pytest.mark.needs_c
@pytest.mark.parametrize("seed", range(25))
def test_categorical_c_kernel_equals_numpy_twin(seed):
    rng = np.random.default_rng(900 + seed)
    n, k, q = int(rng.integers(1, 200)), int(rng.integers(1, 5)), int(rng.integers(1, 8))
    x = rng.integers(0, q, (k, n)).astype(float)
    x[rng.random((k, n)) < 0.1] = np.nan
    go = rng.integers(-1, 2, n).astype(np.int8)
    w = rng.choice([0.0, 0.3, 1.0, 2.7], n) if seed % 2 else np.ones(n)
    orders = np.array([rng.permutation(n) for _ in range(k)])
    da, oa = _surrogate_numpy.categorical_surrogates(x, go, w, orders, q)
    db, ob = _surrogate_cffi.categorical_surrogates(x, go, w, orders, q)
    np.testing.assert_array_equal(da, db)
    np.testing.assert_array_equal(oa, ob)


@pytest.mark.parametrize("impl", BACKENDS)
def test_kernel_refuses_bad_orders(impl):
    mod = _surrogate_numpy if impl == "numpy" else _surrogate_cffi
    x = np.array([[3.0, 1.0, 2.0, 5.0]])
    go = np.array([-1, -1, 1, 1], dtype=np.int8)
    w = np.ones(4)
    good = np.array([[1, 2, 0, 3]])
    assert mod.numeric_surrogates(x, go, w, good, [4]).shape == (1, 6)
    with pytest.raises(ValueError, match="increasing"):
        mod.numeric_surrogates(x, go, w, np.array([[0, 1, 2, 3]]), [4])
    with pytest.raises(ValueError, match="repeated|range"):
        mod.numeric_surrogates(x, go, w, np.array([[1, 1, 0, 3]]), [4])
    with pytest.raises(ValueError, match="range"):
        mod.numeric_surrogates(x, go, w, np.array([[1, 2, 0, 4]]), [4])
    with pytest.raises(ValueError):
        mod.numeric_surrogates(x, go, w, good, [5])
    codes = np.array([[0.0, 1.0, 1.0, 0.0]])
    assert mod.categorical_surrogates(codes, go, w, good, 2)[0].shape == (1, 2)
    with pytest.raises(ValueError, match="repeated|range"):
        mod.categorical_surrogates(codes, go, w, np.array([[1, 1, 0, 3]]), 2)
    with pytest.raises(ValueError, match="level code"):
        mod.categorical_surrogates(codes + 1, go, w, good, 2)


def test_sorted_index_gives_the_same_result():
    rng = np.random.default_rng(7)
    X = np.round(rng.normal(size=(50, 4)), 1)
    X[rng.random((50, 4)) < 0.1] = np.nan
    go = np.where(np.isnan(X[:, 0]), 0, np.where(X[:, 0] < 0, -1, 1)).astype(np.int8)
    w = rng.uniform(0.5, 2, size=50)
    a, la = _call(X, w, go)
    order = [np.argsort(X[:, j], kind="stable") for j in range(4)]
    b, lb = _call(X, w, go, sorted_index=order)
    assert a == b and la == lb
    bad = [o.copy() for o in order]
    bad[2] = bad[2][::-1]
    with pytest.raises(ValueError, match="increasing"):
        _call(X, w, go, sorted_index=bad)
    with pytest.raises(ValueError, match="sorted_index"):
        _call(X, w, go, sorted_index=order[:3])


@pytest.mark.parametrize("kw,msg", [
    (dict(go=np.array([2, 0, 1, -1, 1, 1], dtype=np.int8)), "go"),
    (dict(w=-np.ones(6)), "w"),
    (dict(w=np.ones(5)), "w"),
    (dict(primary=5), "primary_feature"),
    (dict(surrogate_style=2), "surrogate_style"),
    (dict(max_surrogate=-1), "max_surrogate"),
    (dict(cat=[False, True], nlev=[0, 2]), "categorical column 1"),
])
def test_bad_input(kw, msg):
    X = np.column_stack([np.arange(6.0), np.arange(6.0) * 2])
    kw = dict(kw)                          # the parameter dict is shared between runs
    go = kw.pop("go", np.array([-1, -1, -1, 1, 1, 1], dtype=np.int8))
    w = kw.pop("w", np.ones(6))
    primary = kw.pop("primary", 0)
    with pytest.raises(ValueError, match=msg):
        _call(X, w, go, primary, **kw)


# ------------------------------------------------------------------ stored rpart
def _stored_nodes():
    out = []
    for name in h.stored_cases():
        out.append(name)
    return out


@pytest.mark.parametrize("name", _stored_nodes())
def test_every_stored_rpart_node(name, backend):
    pytest.importorskip("pandas")
    from rocstats.r.rpart import result_from_json   # pure Python, no rpy2 needed

    case, data, meta = h.load_case(name)
    res = result_from_json(case["result"])
    names, X, cat, nlev, _ = h.design(case, data)
    ctrl = case["control"] or {}
    if case["weights_vector"] is None:
        w = np.ones(X.shape[0])
    else:
        w = np.asarray(meta["vectors"][case["weights_vector"]]["values"], dtype=float)
    sp = res.splits
    internal = res.frame.index[res.frame["var"] != "<leaf>"]
    assert len(internal) > 0
    for node in internal:
        rows = h.node_members(res.where, node)
        srows = sp[sp["node"] == node]
        prim = srows[srows["type"] == "primary"].iloc[0]
        j = names.index(prim["var"])
        go = h.primary_go(prim, X[rows, j])
        got, _ = find_surrogates(
            X[rows], w[rows], go, j, categorical=cat, n_levels=nlev,
            max_surrogate=ctrl.get("maxsurrogate", 5),
            surrogate_style=ctrl.get("surrogatestyle", 0),
            use_surrogate=ctrl.get("usesurrogate", 2))
        exp = srows[srows["type"] == "surrogate"]
        where = "%s node %d" % (name, node)
        assert [names[s.feature] for s in got] == list(exp["var"]), where
        for s, (_, e) in zip(got, exp.iterrows()):
            assert s.improve == pytest.approx(e["improve"], rel=1e-10, abs=0), where
            assert s.adj == pytest.approx(e["adj"], rel=1e-10, abs=0), where
            assert s.count == e["count"], where
            if s.kind == CATEGORICAL:
                cs = tuple(1 if i in s.left_levels else 3 if i in s.right_levels else 2
                           for i in range(nlev[s.feature]))
                assert cs == e["csplit"], where
            else:
                assert (s.kind, s.threshold) == (e["ncat"], e["index"]), where


def test_stored_cases_present():
    if not (h.RPART_DIR / "index.json").exists():
        pytest.skip("no stored rpart results yet")
    assert len(h.stored_cases()) >= 10
