"""The AUC split rule: statistic, candidate table, the node kernel's AUC kind (C vs NumPy),
randomForestSRC's policy in the engine's builder and its whole-tree C driver.

Expected values come from an independent brute-force definition written here: for each
cut, the class counts on each side are counted directly and theta is computed exactly
with fractions (alpha_k = right_k / n_k; pairwise max((1 - a + b) / 2, (1 - b + a) / 2),
averaged over class pairs), never from the code under test.
"""
import doctest
import itertools
from fractions import Fraction

import numpy as np
import pytest

from rocstats import _kernels
from rocstats._kernels.numpy import tree as _tree_numpy
from rocstats.tree import _auc, _builder, _criterion, _splitter
from rocstats.tree._auc import auc_split_candidates, best_split_per_feature, split_theta
from rocstats.tree._builder import RfsrcRules, TreeBuilder
from rocstats.tree._criterion import AUCCriterion
from rocstats.tree._splitter import RfsrcSplitter
from rocstats.tree._tree import LE

IMPLS = _kernels.implementations("tree")


def grow_auc_tree(X, y, *, n_classes, node_size=1, node_depth=None, max_features=None,
                  n_split=0, seed=0, sample_weight=None, variable_order="random",
                  driver=True):
    """One AUC tree from the engine: randomForestSRC's policy and stopping."""
    X = np.asarray(X, dtype=np.float64)
    splitter = RfsrcSplitter(n_classes, mtry=max_features or X.shape[1], n_split=n_split,
                             variable_order=variable_order, seed=seed)
    builder = TreeBuilder(AUCCriterion(n_classes), splitter,
                          RfsrcRules(node_size=node_size, node_depth=node_depth),
                          n_levels=np.zeros(X.shape[1], dtype=np.int64))
    w = np.ones(len(y)) if sample_weight is None else np.asarray(sample_weight, float)
    return builder.build(X, np.asarray(y, dtype=np.float64), w, driver=driver).tree


def tree_arrays(t):
    """Every array of a tree and its primary splits, for exact comparisons."""
    out = {k: np.asarray(getattr(t, k)) for k in (
        "left", "right", "parent", "node_id", "depth", "n", "weight", "value", "risk",
        "majority_left", "default_dir", "last_surrogate", "feature", "threshold",
        "split_kind")}
    out["improve"] = np.array([np.nan if s is None else s.improve for s in t.split])
    out["count"] = np.array([np.nan if s is None else s.count for s in t.split])
    return out


# ------------------------------------------------------------------ brute force
def theta_def(left_counts, right_counts):
    """Exact theta of one split (Fraction), None when a class is absent from the node."""
    alphas = []
    for lc, rc in zip(left_counts, right_counts):
        tot = Fraction(lc) + Fraction(rc)
        if tot == 0:
            return None
        alphas.append(Fraction(rc) / tot)
    pair = [max((1 - a + b) / 2, (1 - b + a) / 2)
            for a, b in itertools.combinations(alphas, 2)]
    return sum(pair) / len(pair)


def candidates_def(X, y, k, w=None):
    """[(feature, cut, theta or None, n_left)] by direct counting at every cut."""
    w = np.ones(len(y), dtype=np.int64) if w is None else w
    out = []
    for f in range(X.shape[1]):
        vals = sorted(set(X[:, f].tolist()))
        for c in vals[:-1]:
            left = X[:, f] <= c
            lc = [int(w[left & (y == j)].sum()) for j in range(k)]
            rc = [int(w[~left & (y == j)].sum()) for j in range(k)]
            out.append((f, c, theta_def(lc, rc), int(left.sum())))
    return out


def rfsrc_pick_def(deltas, eps=1e-9):
    """randomForestSRC's sequential rule written out: keep the first, replace when a later
    value is larger by more than eps; NaN neither replaces nor is replaced."""
    best = None
    for j, d in enumerate(deltas):
        if d is None:
            continue
        if best is None:
            best = j
        elif not np.isnan(d) and not np.isnan(deltas[best]) and d - deltas[best] > eps:
            best = j
    return -1 if best is None else best


def random_data(rng, n, p, k, levels=None):
    if levels:
        X = rng.integers(0, levels, size=(n, p)).astype(float)
    else:
        X = np.round(rng.normal(size=(n, p)), 2)
    y = rng.integers(0, k, size=n)
    return X, y


# ------------------------------------------------------------------ statistic
def test_split_theta_binary_and_definition():
    # class 1: 3 of 4 right (alpha 0.75); class 2: 1 of 4 right (0.25): theta = 0.75
    assert split_theta([1, 3], [3, 1]) == 0.75
    assert split_theta([3, 1], [1, 3]) == 0.75   # max over both orientations
    assert split_theta([2, 2], [2, 2]) == 0.5    # no separation
    assert split_theta([4, 0], [0, 4]) == 1.0    # perfect
    assert np.isnan(split_theta([0, 0], [3, 4]))  # empty side: not a candidate
    assert np.isnan(split_theta([2, 0, 1], [1, 0, 3]))  # class 2 absent: 0/0
    rng = np.random.default_rng(1)
    for _ in range(50):
        k = int(rng.integers(2, 6))
        lc = rng.integers(0, 6, size=k)
        rc = rng.integers(0, 6, size=k)
        lc[0] += 1
        rc[-1] += 1
        lc[(lc + rc) == 0] = 1
        assert split_theta(lc, rc) == pytest.approx(float(theta_def(lc, rc)), abs=1e-14)


def test_multiclass_average_and_rfsrc_scale():
    # K = 3: alphas 1, 0, 1/2 -> pair maxima 1, 3/4, 3/4 -> theta = 5/6 (rfsrc: 5/3)
    left, right = [0, 2, 1], [2, 0, 1]
    assert split_theta(left, right) == pytest.approx(5 / 6, abs=1e-15)
    x = np.array([0.0, 0.0, 1.0, 1.0, 2.0, 2.0]) * 0 + np.array([2, 2, 0, 0, 1, 3.0])
    y = np.array([0, 0, 1, 1, 2, 2])
    cut, delta, _, _ = _kernels.tree.auc_sweep(np.sort(x), y[np.argsort(x, kind="stable")],
                                               np.ones(6), 3)
    # the kernel reports randomForestSRC's delta = 2 theta
    c = auc_split_candidates(x[:, None], y, n_classes=3)
    np.testing.assert_array_equal(c.statistic * 2, delta)
    assert c.threshold.tolist() == cut.tolist()


@pytest.mark.parametrize("k", [2, 3, 5])
@pytest.mark.parametrize("levels", [None, 3, 6])
def test_candidates_match_brute_force(k, levels):
    rng = np.random.default_rng(10 * k + (levels or 0))
    for trial in range(8):
        n = int(rng.integers(2, 40))
        X, y = random_data(rng, n, 3, k, levels)
        if trial % 2:  # sub-node with an arbitrary row subset
            rows = np.sort(rng.choice(n, size=max(2, n // 2), replace=False))
        else:
            rows = np.arange(n)
        got = auc_split_candidates(X, y, rows, n_classes=k)
        want = candidates_def(X[rows], y[rows], k)
        assert got.n_candidates == len(want)
        for j, (f, c, th, nl) in enumerate(want):
            assert got.feature[j] == f and got.threshold[j] == c
            assert got.n_left[j] == nl and got.n_right[j] == rows.size - nl
            if th is None:
                assert np.isnan(got.statistic[j])
            else:
                assert got.statistic[j] == pytest.approx(float(th), abs=1e-13)


def test_weights_equal_repeated_rows():
    rng = np.random.default_rng(5)
    X, y = random_data(rng, 30, 2, 3, levels=5)
    w = rng.integers(0, 4, size=30)
    got = auc_split_candidates(X, y, n_classes=3, sample_weight=w)
    rep = np.repeat(np.arange(30), w)
    want = auc_split_candidates(X[rep], y[rep], n_classes=3)
    np.testing.assert_array_equal(got.threshold, want.threshold)
    np.testing.assert_allclose(got.statistic, want.statistic, rtol=0, atol=1e-14)
    keep = w > 0  # weighted brute force, zero-weight rows out
    want_def = candidates_def(X[keep], y[keep], 3, w=w[keep])
    for j, (f, c, th, _nl) in enumerate(want_def):
        assert got.threshold[j] == c
        if th is not None:
            assert got.statistic[j] == pytest.approx(float(th), abs=1e-13)


def test_absent_class_gives_nan_and_first_cuts_are_best():
    X = np.array([[1.0, 5.0], [2.0, 4.0], [3.0, 3.0], [4.0, 3.0]])
    y = np.array([0, 0, 2, 2])           # class 1 absent from the node
    c = auc_split_candidates(X, y, n_classes=3)
    assert c.absent_class and np.isnan(c.statistic).all()
    best = c.best()
    assert [(int(f), float(t)) for f, t in zip(c.feature[best], c.threshold[best])] == \
        [(0, 1.0), (1, 3.0)]
    cut, theta = best_split_per_feature(X, y, n_classes=3)
    assert cut.tolist() == [1.0, 3.0] and np.isnan(theta).all()


def test_best_mask_and_frame():
    X = np.array([[1.0], [2.0], [3.0], [4.0]])
    c = auc_split_candidates(X, np.array([0, 0, 1, 1]), n_classes=2)
    assert c.best().tolist() == [False, True, False]
    assert c.max_statistic == 1.0
    assert list(c.to_frame().columns) == ["feature", "threshold", "statistic", "n_left",
                                          "n_right"]


def test_doctests():
    for mod in (_auc, _builder, _criterion, _splitter):
        res = doctest.testmod(mod, optionflags=doctest.NORMALIZE_WHITESPACE)
        assert res.failed == 0


# ------------------------------------------------------------------ kernels
@pytest.mark.parametrize("name", sorted(IMPLS))
def test_sweep_and_best_against_definitions(name):
    impl = IMPLS[name]
    rng = np.random.default_rng(7)
    for trial in range(60):
        k = int(rng.integers(2, 6))
        n = int(rng.integers(1, 50))
        x = np.sort(rng.integers(0, 1 + trial % 9, size=n).astype(float)
                    if trial % 3 else np.round(rng.normal(size=n), 1))
        y = rng.integers(0, k, size=n)
        w = rng.integers(1, 4, size=n).astype(float)
        cut, delta, wl, nl = impl.auc_sweep(x, y, w, k)
        distinct = sorted(set(x.tolist()))
        assert cut.tolist() == distinct[:-1]
        want = []
        for j, c in enumerate(distinct[:-1]):
            left = x <= c
            lc = [w[left & (y == q)].sum() for q in range(k)]
            rc = [w[~left & (y == q)].sum() for q in range(k)]
            th = theta_def([int(v) for v in lc], [int(v) for v in rc])
            assert nl[j] == left.sum() and wl[j] == w[left].sum()
            if th is None:
                assert np.isnan(delta[j])
                want.append(np.nan)
            else:
                assert delta[j] == pytest.approx(2 * float(th), abs=1e-13)
                want.append(delta[j])
        idx, bcut, bdelta = impl.rfsrc_best(x[None, :], y[None, :], w[None, :], k)
        assert idx[0] == rfsrc_pick_def(want)
        if idx[0] >= 0:
            assert bcut[0] == cut[idx[0]]


@pytest.mark.parametrize("name", sorted(IMPLS))
def test_given_cuts(name):
    impl = IMPLS[name]
    x = np.array([1.0, 2.0, 2.0, 3.0, 5.0])
    y = np.array([0, 1, 0, 1, 1])
    w = np.ones(5)
    cut, delta, wl, nl = impl.auc_sweep(x, y, w, 2, cuts=[0.5, 2.0, 4.0, 5.0])
    assert nl.tolist() == [0, 3, 4, 5]
    assert np.isnan(delta[0]) and np.isnan(delta[3])  # one side empty: not admissible
    # cut 2: class 0 all left (alpha 0), class 1: 2 of 3 right -> delta 1 + 2/3
    assert delta[1] == pytest.approx(1 + 2 / 3, abs=1e-15)
    idx, bc, bd = impl.rfsrc_best(x[None, :], y[None, :], w[None, :], 2,
                                  cuts=np.array([[0.5, 2.0, 4.0, 5.0]]),
                                  ncuts=np.array([4]))
    assert idx[0] == 1 and bc[0] == 2.0


def test_eps_rule_near_ties():
    # deltas within 1e-9 of the kept one do not replace it (randomForestSRC EPSILON)
    d = np.array([1.5, 1.5 + 4e-10, 1.5 + 8e-10, 1.5 + 1.2e-9, 1.2])
    adm = np.ones(5, dtype=bool)
    assert _tree_numpy._rfsrc_pick(d, adm, 1e-9) == rfsrc_pick_def(list(d)) == 3
    d2 = np.array([1.2, 1.5, 1.5, 1.5 - 5e-10])
    assert _tree_numpy._rfsrc_pick(d2, np.ones(4, bool), 1e-9) == 1


@pytest.mark.needs_c
def test_c_and_numpy_bit_identical():
    c, p = IMPLS["cffi"], IMPLS["numpy"]
    rng = np.random.default_rng(3)
    for trial in range(80):
        k = int(rng.integers(2, 7))
        m = int(rng.integers(1, 60))
        ncol = int(rng.integers(1, 5))
        xs = np.sort(rng.integers(0, 1 + trial % 11, size=(ncol, m)).astype(float), axis=1)
        ys = rng.integers(0, k, size=(ncol, m))
        ws = rng.random((ncol, m)) + (trial % 2)  # non-integer weights too
        for col in range(ncol):
            a = c.auc_sweep(xs[col], ys[col], ws[col], k)
            b = p.auc_sweep(xs[col], ys[col], ws[col], k)
            for u, v in zip(a, b):
                np.testing.assert_array_equal(u, v)
        np.testing.assert_array_equal(np.asarray(c.rfsrc_best(xs, ys, ws, k)),
                                      np.asarray(p.rfsrc_best(xs, ys, ws, k)))
        ncuts = rng.integers(-1, 4, size=ncol)
        cuts = np.sort(rng.integers(-1, 12, size=(ncol, 3)).astype(float), axis=1)
        np.testing.assert_array_equal(
            np.asarray(c.rfsrc_best(xs, ys, ws, k, cuts=cuts, ncuts=ncuts)),
            np.asarray(p.rfsrc_best(xs, ys, ws, k, cuts=cuts, ncuts=ncuts)))


@pytest.mark.parametrize("name", sorted(IMPLS))
def test_kernel_input_checks(name):
    impl = IMPLS[name]
    with pytest.raises(ValueError, match="class codes"):
        impl.auc_sweep([1.0, 2.0], [0, 3], [1.0, 1.0], 2)
    with pytest.raises(ValueError, match="same shape"):
        impl.auc_sweep([1.0, 2.0], [0], [1.0, 1.0], 2)
    with pytest.raises(ValueError, match="ncuts"):
        impl.rfsrc_best(np.zeros((1, 3)), np.zeros((1, 3), int), np.ones((1, 3)), 2,
                        cuts=np.zeros((1, 2)), ncuts=np.array([3]))
    # degenerate sizes
    cut, delta, _, _ = impl.auc_sweep([1.0], [0], [1.0], 2)
    assert cut.size == 0 and delta.size == 0
    idx, _, _ = impl.rfsrc_best(np.ones((2, 3)), np.zeros((2, 3), int), np.ones((2, 3)), 2)
    assert idx.tolist() == [-1, -1]


# ------------------------------------------------------------------ grower
def _walk_rows(tree, X):
    """Rows of every node by routing the training data (independent of the builder)."""
    rows = {0: np.arange(X.shape[0])}
    for i in range(tree.node_count):
        if tree.left[i] >= 0:
            s = tree.split[i]
            assert s.kind == LE
            r = rows[i]
            rows[tree.left[i]] = r[X[r, s.feature] <= s.threshold]
            rows[tree.right[i]] = r[X[r, s.feature] > s.threshold]
    return rows


@pytest.mark.parametrize("node_size,node_depth", [(1, None), (3, None), (5, 2), (1, 1)])
def test_grower_rules_hold(node_size, node_depth):
    rng = np.random.default_rng(11)
    X, y = random_data(rng, 120, 4, 3, levels=7)
    tree = grow_auc_tree(X, y, n_classes=3, node_size=node_size, node_depth=node_depth)
    rows = _walk_rows(tree, X)
    for i in range(tree.node_count):
        r = rows[i]
        counts = np.bincount(y[r], minlength=3)
        assert tree.n[i] == r.size
        np.testing.assert_array_equal(tree.value[i], counts)
        assert tree.risk[i] == r.size - counts.max()
        assert np.isnan(tree.complexity[i])
        may = (r.size >= 2 * node_size and (node_depth is None or tree.depth[i] < node_depth)
               and np.count_nonzero(counts) >= 2
               and (X[r].max(axis=0) > X[r].min(axis=0)).any())
        if tree.left[i] < 0:
            assert not may, "node %d could be split" % i
            continue
        assert may
        s = tree.split[i]
        # the cut is an observed value of the node, both sides non-empty
        assert s.threshold in set(X[r, s.feature].tolist())
        assert 0 < rows[tree.left[i]].size < r.size
        cand = auc_split_candidates(X, y, r, n_classes=3)
        best = cand.best()
        assert ((cand.feature == s.feature) & (cand.threshold == s.threshold) & best).any()
        if not cand.absent_class:
            assert s.improve == pytest.approx(cand.max_statistic, abs=1e-12)


def test_grower_weights_equal_repeated_rows():
    rng = np.random.default_rng(2)
    X, y = random_data(rng, 60, 3, 2)
    w = rng.integers(0, 3, size=60)
    a = grow_auc_tree(X, y, n_classes=2, node_size=2, sample_weight=w,
                      variable_order="forward")
    rep = np.repeat(np.arange(60), w)
    b = grow_auc_tree(X[rep], y[rep], n_classes=2, node_size=2, variable_order="forward")
    assert a.node_count == b.node_count
    np.testing.assert_array_equal(a.value, b.value)
    assert [s and (s.feature, s.threshold) for s in a.split] == \
        [s and (s.feature, s.threshold) for s in b.split]
    np.testing.assert_array_equal(a.weight, b.n)


def test_grower_nsplit_and_mtry():
    rng = np.random.default_rng(4)
    X, y = random_data(rng, 200, 5, 2)
    t0 = grow_auc_tree(X, y, n_classes=2, node_depth=3, variable_order="forward")
    # nsplit larger than the number of cut points: every cut is used -> same tree
    t1 = grow_auc_tree(X, y, n_classes=2, node_depth=3, n_split=10 ** 6, seed=1,
                       variable_order="forward")
    assert [s and (s.feature, s.threshold) for s in t0.split] == \
        [s and (s.feature, s.threshold) for s in t1.split]
    t2 = grow_auc_tree(X, y, n_classes=2, n_split=3, max_features=2, seed=1)
    rows = _walk_rows(t2, X)
    for i in range(t2.node_count):
        if t2.left[i] >= 0:
            s = t2.split[i]
            assert s.threshold in set(X[rows[i], s.feature].tolist())
    a = grow_auc_tree(X, y, n_classes=2, n_split=3, max_features=2, seed=9)
    b = grow_auc_tree(X, y, n_classes=2, n_split=3, max_features=2, seed=9)
    assert [s and (s.feature, s.threshold) for s in a.split] == \
        [s and (s.feature, s.threshold) for s in b.split]


def test_splitter_bad_input():
    with pytest.raises(ValueError, match="variable_order"):
        RfsrcSplitter(2, mtry=1, variable_order="sorted")
    with pytest.raises(ValueError, match="node-kernel kind"):
        _splitter.RpartSplitter(_criterion.CountCriterion(2), min_bucket=1)


def test_deep_multiclass_tree_numbers():
    # a 3-class node lacking a class is peeled one smallest value at a time (randomForestSRC)
    x = np.arange(200, dtype=float)
    y = np.where(x < 100, 0, 1)
    y[0] = 2
    X = x[:, None]
    tree = grow_auc_tree(X, y, n_classes=3)
    assert tree.depth.max() > 62
    assert (tree.node_id[tree.depth > 62] == -1).all()
    assert (tree.node_id[tree.depth <= 62] > 0).all()


def test_cart_engine_criterion_matches_definition():
    """The AUC kind under rpart's policy (CARTClassifier(criterion="auc")): the best cut's
    improve = theta - 1/2 over the classes present, the first best, cuts leaving min_bucket
    rows on each side; the node value and risk of the AUC criterion."""
    rng = np.random.default_rng(21)
    for name, impl in sorted(IMPLS.items()):
        for trial in range(30):
            k = int(rng.integers(2, 5))
            n = int(rng.integers(2, 30))
            x = np.sort(rng.integers(0, 8, size=n).astype(float))
            y = rng.integers(0, k, size=n)
            w = rng.integers(1, 3, size=n).astype(float)
            edge = int(rng.integers(1, 4))
            crit = AUCCriterion(k)
            counts, risk = crit.node_value(y, w)
            assert risk == w.sum() - max(w[y == j].sum() for j in range(k))
            present = [j for j in range(k) if (y == j).any()]
            best, where = -np.inf, None
            for nl in range(edge, n - edge + 1):
                if nl == n or x[nl - 1] == x[nl] or len(present) < 2:
                    continue
                lc = [int(w[:nl][y[:nl] == j].sum()) for j in present]
                rc = [int(w[nl:][y[nl:] == j].sum()) for j in present]
                imp = float(theta_def(lc, rc)) - 0.5
                if imp > best + 1e-12:
                    best, where = imp, (x[nl - 1] + x[nl]) / 2
            got, thr, d, cnt = impl.numeric_splits(4, x[None, :], np.arange(n)[None, :], 0, n,
                                                   [0], y.astype(float), w, k, None, edge, 0.0)
            if where is None or not best > 1e-12:
                assert got[0] == 0 and d[0] == 0, (name, trial)
            else:
                assert got[0] == pytest.approx(best, abs=1e-13), (name, trial)
                assert thr[0] == where and d[0] == -1 and cnt[0] == n


# ------------------------------------------------------------------ the whole-tree driver
def _flat_inputs(X):
    return (np.ascontiguousarray(X.T),
            np.ascontiguousarray(np.argsort(X, axis=0, kind="stable").T))


@pytest.mark.parametrize("name", sorted(IMPLS))
def test_splitmix64_published_stream(name):
    # splitmix64 from state 0: first outputs of Vigna's reference implementation
    raw, below = IMPLS[name].splitmix64_fill(0, 3, 10)
    assert [int(v) for v in raw] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4,
                                     0x06C45D188009454F]
    # bounded draws: rejection below 2^64 mod r, then the remainder (written out here)
    r = 10
    thr = (2 ** 64 - r) % r
    assert all(int(b) == int(v) % r for b, v in zip(below, raw) if int(v) >= thr)
    assert (below < 10).all()


@pytest.mark.needs_c
def test_splitmix64_c_equals_numpy():
    c, p = IMPLS["cffi"], IMPLS["numpy"]
    for seed, r in [(1, 1), (12345, 7), (2 ** 64 - 1, 2 ** 63 + 1), (99, 3)]:
        a, b = c.splitmix64_fill(seed, 50, r), p.splitmix64_fill(seed, 50, r)
        np.testing.assert_array_equal(a[0], b[0])
        np.testing.assert_array_equal(a[1], b[1])


@pytest.mark.needs_c
def test_driver_and_builder_identical_trees():
    """The whole-tree C driver (the forests' fast path) and the engine's builder growing
    node by node with randomForestSRC's splitter and rules: the same tree, array for
    array (same node kernel, same partition, same splitmix64 stream), over random data,
    weights (zero, integer, fractional) and every control."""
    rng = np.random.default_rng(17)
    for trial in range(80):
        n, nf, k = int(rng.integers(2, 120)), int(rng.integers(1, 6)), int(rng.integers(2, 5))
        X = (rng.integers(0, 1 + trial % 7, size=(n, nf)).astype(float) if trial % 2
             else np.round(rng.normal(size=(n, nf)), 1))
        y = rng.integers(0, k, size=n)
        w = rng.random(n) if trial % 3 == 0 else rng.integers(0, 3, size=n).astype(float)
        w[0] = max(w[0], 1.0)
        kw = dict(n_classes=k, node_size=float(rng.integers(1, 5)) / 2,
                  node_depth=[None, 0, 1, 2, 4][int(rng.integers(0, 5))],
                  max_features=int(rng.integers(1, nf + 1)), n_split=int(rng.integers(0, 4)),
                  variable_order=["random", "forward", "reverse"][int(rng.integers(0, 3))],
                  seed=int(rng.integers(0, 2 ** 63)), sample_weight=w)
        a = tree_arrays(grow_auc_tree(X, y, driver=True, **kw))
        b = tree_arrays(grow_auc_tree(X, y, driver=False, **kw))
        for f in a:
            np.testing.assert_array_equal(a[f], b[f], err_msg="%s (trial %d)" % (f, trial))


@pytest.mark.parametrize("name", sorted(IMPLS))
def test_router_against_a_walk(name):
    """The router (kernel ``apply``): the leaf of each row, checked against a direct walk
    over numeric split kinds; rows selected, X transposed."""
    impl = IMPLS[name]
    rng = np.random.default_rng(5)
    X, y = random_data(rng, 90, 3, 3, levels=6)
    t = grow_auc_tree(X, y, n_classes=3, node_size=2, n_split=2, max_features=2, seed=3)
    kind = np.where(t.left >= 0, rng.choice([-1, 1, 2], size=t.node_count), 0).astype(np.int8)
    want = np.zeros(90, dtype=np.int64)
    for r in range(90):
        i = 0
        while t.left[i] >= 0:
            v, c = X[r, t.feature[i]], t.threshold[i]
            go = v <= c if kind[i] == 2 else (v < c if kind[i] < 0 else v >= c)
            i = t.left[i] if go else t.right[i]
        want[r] = i
    args = (t.left, t.right, t.feature, t.threshold, kind)
    np.testing.assert_array_equal(impl.apply(X, *args), want)
    rows = np.array([5, 1, 77])
    np.testing.assert_array_equal(impl.apply(X, *args, rows), want[rows])
    np.testing.assert_array_equal(impl.apply(np.ascontiguousarray(X.T), *args,
                                             transposed=True), want)
    with pytest.raises(ValueError, match="rows must be indices"):
        impl.apply(X, *args, [90])
    with pytest.raises(ValueError, match="feature outside"):
        impl.apply(X[:, :1], *args)
    with pytest.raises(ValueError, match="preorder"):
        impl.apply(X, np.where(t.left >= 0, 0, -1), *args[1:])
    with pytest.raises(ValueError, match="numeric splits"):
        impl.apply(X, *args[:4], np.where(t.left >= 0, 0, 0).astype(np.int8))


def test_driver_flat_arrays_are_consistent():
    """Structure of the tree, checked by routing the rows independently: node row counts,
    class weights and the split thresholds (observed values of the node)."""
    rng = np.random.default_rng(5)
    X, y = random_data(rng, 90, 3, 3, levels=6)
    w = rng.integers(0, 3, size=90).astype(float)
    t = grow_auc_tree(X, y, n_classes=3, max_features=2, n_split=2, seed=3, sample_weight=w)
    rows = {0: np.flatnonzero(w > 0)}
    for i in range(t.node_count):
        r = rows[i]
        assert t.n[i] == r.size
        np.testing.assert_array_equal(t.value[i], np.bincount(y[r], weights=w[r],
                                                              minlength=3))
        if t.left[i] >= 0:
            f, c = t.feature[i], t.threshold[i]
            assert c in set(X[r, f].tolist()) and c < X[r, f].max()
            rows[t.left[i]] = r[X[r, f] <= c]
            rows[t.right[i]] = r[X[r, f] > c]
            assert t.parent[t.left[i]] == i == t.parent[t.right[i]]
    assert t.node_id[0] == 1 and (t.node_id[t.left[t.left >= 0]]
                                  == 2 * t.node_id[t.left >= 0]).all()
    # the leaves partition the positive-weight rows and the router finds them
    leaf = t.apply(X, rows=rows[0])
    for i in np.flatnonzero(t.left < 0):
        np.testing.assert_array_equal(np.sort(rows[0][leaf == i]), np.sort(rows[i]))


@pytest.mark.needs_c
def test_driver_input_checks():
    impl = IMPLS["cffi"]
    X = np.arange(12.0).reshape(6, 2)
    y = np.array([0, 1, 0, 1, 0, 1])
    xt, order = _flat_inputs(X)
    kw = dict(min_split=2.0, max_depth=-1, mtry=2, nsplit=0, var_order=0, seed=1)
    with pytest.raises(ValueError, match="order must have shape"):
        impl.grow_rfsrc(xt, order[:, :5], y, np.ones(6), 2, **kw)
    bad = order.copy()
    bad[0, 0] = 6
    with pytest.raises(ValueError, match="refused"):
        impl.grow_rfsrc(xt, bad, y, np.ones(6), 2, **kw)
    with pytest.raises(ValueError, match="class codes"):
        impl.grow_rfsrc(xt, order, y + 1, np.ones(6), 2, **kw)
    with pytest.raises(ValueError, match="w must be"):
        impl.grow_rfsrc(xt, order, y, np.zeros(6), 2, **kw)
    with pytest.raises(ValueError, match="mtry"):
        impl.grow_rfsrc(xt, order, y, np.ones(6), 2, **dict(kw, mtry=3))
    with pytest.raises(ValueError, match="refused"):
        impl.grow_rfsrc(xt, order, y, np.ones(6), 2, kind=1, **kw)
    t = impl.grow_rfsrc(xt, order, y, np.ones(6), 2, **kw)
    assert t["left"].size <= 11  # 2 m - 1
    assert IMPLS["numpy"].grow_rfsrc is None


def test_estimator_tree_is_seeded_by_the_generator():
    """One 64-bit draw from the estimator's Generator seeds the splitter: the tree is the
    engine's tree grown with the Generator's first uint64 draw."""
    from rocstats.tree import AUCTreeClassifier

    rng = np.random.default_rng(6)
    X, y = random_data(rng, 150, 5, 2)
    est = AUCTreeClassifier(max_features=2, n_split=3, random_state=9).fit(X, y)
    seed = int(np.random.default_rng(9).integers(0, 2 ** 64, dtype=np.uint64))
    t = grow_auc_tree(X, y, n_classes=2, max_features=2, n_split=3, seed=seed)
    a, b = tree_arrays(est.tree_), tree_arrays(t)
    for f in a:
        np.testing.assert_array_equal(a[f], b[f], err_msg=f)
