"""ROCTreeClassifier (Rossa, section 4) against independent definitions: at every internal
node the split variable maximises the chi-square statistic (21) recomputed here by brute
force (the positives, pi_0, placed in the EDF of the negatives, pi_1: n + 1 cells for n
negatives), and the partition is one of those closest to (0, 1) (brute force over every
observed value and both orientations)."""
import numpy as np
import pytest

from rocstats.tree import ROCTreeClassifier
from rocstats.tree._base import NotFittedError
from rocstats.tree._tree import LE, LT


def _rossa_stat(pos, neg):
    """Formula (21): cells i = 0..n (n negatives), O_i = #{positives C_j with
    #{negatives Z <= C_j} = i} (the EDF (10) of the negatives at C_j, (20))."""
    m, n = len(pos), len(neg)
    idx = [sum(1 for z in neg if z <= c) for c in pos]
    O = np.bincount(idx, minlength=n + 1)
    e = m / (n + 1)
    return float(((O - e) ** 2 / e).sum())


def _closest(pos, neg):
    best = np.inf
    for t in np.unique(np.r_[pos, neg]):
        for se, sp in ((np.mean(pos >= t), np.mean(neg < t)),
                       (np.mean(pos <= t), np.mean(neg > t))):
            best = min(best, (1 - se) ** 2 + (1 - sp) ** 2)
    return best


def _node_rows(tree, X):
    """Training rows of every node (by routing X through the tree)."""
    rows = {0: np.arange(X.shape[0])}
    for i in range(tree.node_count):
        if tree.left[i] >= 0:
            d = tree.split[i].direction(X[rows[i], tree.split[i].feature])
            rows[tree.left[i]] = rows[i][d < 0]
            rows[tree.right[i]] = rows[i][d > 0]
    return rows


def _data(n=80, seed=0):
    rng = np.random.default_rng(seed)
    X = np.round(rng.normal(size=(n, 3)), 1)
    y = (X[:, 0] + 0.7 * X[:, 1] + 0.8 * rng.normal(size=n) > 0).astype(int)
    return X, y


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_every_node_follows_rossas_rule(seed):
    X, y = _data(seed=seed)
    t = ROCTreeClassifier(xval=0).fit(X, y)
    tree = t.tree_
    rows = _node_rows(tree, X)
    assert tree.node_count > 3
    for i in range(tree.node_count):
        r = rows[i]
        np.testing.assert_array_equal(tree.value[i], np.bincount(y[r], minlength=2))
        assert tree.risk[i] == r.size - np.bincount(y[r], minlength=2).max()
        if tree.left[i] < 0:
            # a leaf is pure, or no variable can split it
            yr = y[r]
            if len(set(yr)) == 2:
                assert all(np.unique(X[r, j]).size == 1 for j in range(3)) or \
                    r.size < 2
            continue
        pos, neg = X[r][y[r] == 1], X[r][y[r] == 0]
        stats = [(_rossa_stat(pos[:, j], neg[:, j]) if np.unique(X[r, j]).size > 1
                  else -np.inf) for j in range(3)]
        s = tree.split[i]
        assert s.improve == pytest.approx(max(stats), abs=1e-9)
        assert stats[s.feature] == pytest.approx(max(stats), abs=1e-9)
        assert s.feature == int(np.argmax(stats))
        # the threshold is one of the closest points to (0, 1) of this variable
        assert s.kind in (LT, LE)
        go = s.direction(X[r, s.feature])
        # "<" (kind LT): the right child is the positive side; ">" (LE): the left one
        positive_side = go > 0 if s.kind == LT else go < 0
        xr = X[r, s.feature]
        if s.kind == LT:     # the paper's form: x > x0, x0 the largest value sent left
            np.testing.assert_array_equal(positive_side, xr > xr[~positive_side].max())
        else:
            np.testing.assert_array_equal(positive_side, xr < xr[~positive_side].min())
        se = positive_side[y[r] == 1].mean()
        sp = 1 - positive_side[y[r] == 0].mean()
        assert (1 - se) ** 2 + (1 - sp) ** 2 == pytest.approx(
            _closest(pos[:, s.feature], neg[:, s.feature]), abs=1e-12)


def test_leaves_pure_by_default_and_predictions():
    X, y = _data(seed=3)
    t = ROCTreeClassifier().fit(X, y)
    leaf = t.apply(X)
    tree = t.tree_
    assert (tree.left[leaf] < 0).all()
    v = tree.value[leaf]
    np.testing.assert_allclose(t.predict_proba(X), v / v.sum(1, keepdims=True))
    np.testing.assert_array_equal(t.predict(X), t.classes_[v.argmax(1)])
    # with distinct rows the unrestricted tree fits the training data
    if len({tuple(r) for r in X}) == X.shape[0]:
        assert (t.predict(X) == y).all()


def test_stopping_controls():
    X, y = _data(n=120, seed=4)
    t = ROCTreeClassifier(max_depth=2, xval=0).fit(X, y)
    assert t.tree_.depth.max() <= 2
    t = ROCTreeClassifier(min_split=30, xval=0).fit(X, y)
    internal = t.tree_.left >= 0
    assert (t.tree_.n[internal] >= 30).all()
    t = ROCTreeClassifier(min_bucket=10, xval=0).fit(X, y)
    assert (t.tree_.n >= 10).all()


def test_docstring_example_and_labels():
    X = np.array([[0.1, -1], [0.2, 1], [0.3, 4], [0.6, 6.5],
                  [0.5, 3], [0.55, 6], [0.8, 7], [0.9, 0]])
    y = np.array(["neg"] * 4 + ["pos"] * 4)
    t = ROCTreeClassifier(max_depth=1).fit(X, y)
    s = t.tree_.split[0]
    # positives ("pos" = classes_[1] = pi_0) placed among the 4 negatives, 5 cells with
    # 4/5 expected: variable 0: O = (0, 0, 0, 2, 2), T = 6; variable 1: O = (0, 1, 1, 1, 1),
    # T = 1 (the old orientation gave 8.5 and 1)
    assert (s.feature, s.improve) == (0, 6.0)
    np.testing.assert_allclose(t.statistics_[1], [6.0, 1.0])  # root = node 1
    assert list(t.classes_) == ["neg", "pos"]
    # x > x0 = 0.3 goes right (Se 1, Sp 3/4), whatever number represents the threshold
    np.testing.assert_array_equal(s.direction(X[:, 0]), [-1, -1, -1, 1, 1, 1, 1, 1])
    np.testing.assert_array_equal(t.tree_.value[1:], [[3, 0], [1, 4]])


def test_missing_values_use_surrogates():
    rng = np.random.default_rng(5)
    n = 150
    z = rng.normal(size=n)
    X = np.column_stack([z + 0.05 * rng.normal(size=n), z + 0.1 * rng.normal(size=n),
                         rng.normal(size=n)])
    y = (z + 0.5 * rng.normal(size=n) > 0).astype(int)
    Xm = X.copy()
    miss = rng.choice(n, size=40, replace=False)
    Xm[miss[:20], 0] = np.nan
    Xm[miss[20:], 1] = np.nan
    t = ROCTreeClassifier(max_depth=2).fit(Xm, y)
    tree = t.tree_
    primary = tree.split[0].feature
    assert primary in (0, 1)
    assert tree.split[0].count == n - 20
    assert tree.surrogates[0] and tree.surrogates[0][0].feature == 1 - primary
    # the node counts of the fit equal the routing of the training rows by Tree.apply
    node = t.apply(Xm)
    for i in np.flatnonzero(tree.left < 0):
        assert tree.n[i] == np.count_nonzero(node == i)
    assert np.isfinite(t.predict_proba(Xm)).all()


@pytest.mark.parametrize("kw, match", [
    (dict(min_split=1), "min_split"), (dict(min_bucket=0), "min_bucket"),
    (dict(max_depth=-1), "max_depth"), (dict(ties="mid"), "ties"),
    (dict(direction="up"), "direction"), (dict(cells=1), "cells"),
    (dict(use_surrogate=3), "use_surrogate"),
])
def test_bad_parameters(kw, match):
    X, y = _data(n=30)
    with pytest.raises(ValueError, match=match):
        ROCTreeClassifier(**kw).fit(X, y)


def test_bad_data():
    X, y = _data(n=30)
    with pytest.raises(ValueError, match="binary"):
        ROCTreeClassifier().fit(X, np.arange(30) % 3)
    with pytest.raises(ValueError, match="binary"):
        ROCTreeClassifier().fit(X, np.zeros(30))
    with pytest.raises(ValueError, match="numeric"):
        ROCTreeClassifier().fit(np.array([["a", "b"]] * 30), y)
    with pytest.raises(ValueError, match="one label per row"):
        ROCTreeClassifier().fit(X, y[:-1])
    with pytest.raises(NotFittedError, match="not fitted"):
        ROCTreeClassifier().predict(X)
    t = ROCTreeClassifier().fit(X, y)
    with pytest.raises(ValueError, match="features"):
        t.predict(X[:, :2])


def test_cost_complexity_pruning_and_cross_validation():
    """The complexity table comes from the CART pruner with misclassification risk:
    rel error of each row = misclassification count of that pruned tree / root's; the
    1-SE tree is the pruned tree at its CP; xerror recomputed here from the same folds."""
    X, y = _data(n=150, seed=6)
    folds = (np.arange(150) % 5) + 1
    t = ROCTreeClassifier(xval=folds).fit(X, y)
    tab = t.cptable_
    assert list(tab.columns) == ["CP", "nsplit", "rel error", "xerror", "xstd"]
    root = 150 - np.bincount(y).max()
    for cp, nsplit, rel in zip(tab["CP"], tab["nsplit"], tab["rel error"]):
        pt = t.prune(cp).tree_
        leaves = pt.left < 0
        assert leaves.sum() - 1 == nsplit
        assert pt.risk[leaves].sum() / root == pytest.approx(rel)
        # pruned predictions are leaf majorities of the training rows
        assert (t.prune(cp).predict(X) != y).sum() == pytest.approx(rel * root)
    # cross-validated error by hand for the full tree (last row, CP smallest)
    err = 0
    for k in range(1, 6):
        tr = folds != k
        tk = ROCTreeClassifier(xval=0).fit(X[tr], y[tr])
        err += (tk.predict(X[~tr]) != y[~tr]).sum()
    assert tab["xerror"].iloc[-1] == pytest.approx(err / root)
    best = t.cost_complexity_prune()
    assert best.tree_.n_leaves == t.one_se_.n_leaves
    assert tab["xerror"].iloc[t.one_se_.row] <= t.one_se_.threshold
    assert (tab["xerror"].iloc[:t.one_se_.row] > t.one_se_.threshold).all() or \
        t.one_se_.row == 0
    with pytest.raises(ValueError, match="xval=0"):
        ROCTreeClassifier(xval=0).fit(X, y).cost_complexity_prune()


def test_cost_complexity_table_for_an_auc_tree():
    """The same pruning path serves AUC trees (risk = misclassification count)."""
    from rocstats.tree import AUCTreeClassifier
    from rocstats.tree._prune import prune

    X, y = _data(n=120, seed=7)
    folds = (np.arange(120) % 4) + 1
    est = AUCTreeClassifier(variable_order="forward", xval=folds).fit(X, y)
    tree, tab = est.tree_, est.cptable_
    root = 120 - np.bincount(y).max()
    for cp, nsplit, rel in zip(tab["CP"], tab["nsplit"], tab["rel error"]):
        pt = prune(tree, cp)
        assert pt.n_leaves - 1 == nsplit
        assert pt.risk[pt.left < 0].sum() / root == pytest.approx(rel)
    err = 0
    for k in range(1, 5):
        tk = AUCTreeClassifier(variable_order="forward").fit(X[folds != k], y[folds != k])
        leaf = tk.tree_.apply(X[folds == k])
        err += (tk.tree_.value[leaf].argmax(1) != y[folds == k]).sum()
    assert tab["xerror"].iloc[-1] == pytest.approx(err / root)


@pytest.mark.needs_reports
def test_plot_tree_draws_every_node():
    import matplotlib as mpl

    mpl.use("Agg")
    import matplotlib.pyplot as plt

    from rocstats.plot import plot_tree

    X, y = _data(n=60, seed=8)
    t = ROCTreeClassifier(xval=0).fit(X, y)
    ax = plot_tree(t, feature_names=["a", "b", "c"], class_names=["no", "yes"])
    boxes = [txt.get_text() for txt in ax.texts if "\n" in txt.get_text()]
    assert len(boxes) == t.tree_.node_count
    s = t.tree_.split[0]
    op = "<" if s.kind == LT else "<="
    assert boxes[0].startswith("%s %s %.4g" % ("abc"[s.feature], op, s.threshold))
    assert boxes[0].endswith("n=60  [%g/%g]" % tuple(np.bincount(y)))
    leaf_texts = [b for b in boxes if b.split("\n")[0] in ("no", "yes")]
    assert len(leaf_texts) == t.tree_.n_leaves
    plt.close("all")
    # truncated drawing: nodes down to depth 1 only, subtrees folded ("...")
    ax = plot_tree(t.tree_, max_depth=1)
    boxes = [txt.get_text() for txt in ax.texts if "\n" in txt.get_text()]
    assert len(boxes) == 3 and any("..." in b for b in boxes)
    with pytest.raises(ValueError, match="feature_names"):
        plot_tree(t, feature_names=["a"])
    with pytest.raises(ValueError, match="max_depth"):
        plot_tree(t, max_depth=-1)
    plt.close("all")


def test_class_order_follows_the_factor_levels():
    """Issue 9 item 4: an R factor's level order is the class order (classes_[1] is the
    positive class pi_0); the same data with the levels reversed swap the roles."""
    pd = pytest.importorskip("pandas")
    X = np.array([[0.1, -1], [0.2, 1], [0.3, 4], [0.6, 6.5],
                  [0.5, 3], [0.55, 6], [0.8, 7], [0.9, 0]])
    lab = np.array(["no"] * 4 + ["yes"] * 4)
    for y in (pd.Series(lab, dtype=pd.CategoricalDtype(["yes", "no"])),
              pd.Categorical(lab, categories=["yes", "no"])):
        t = ROCTreeClassifier(max_depth=1).fit(X, y)
        assert list(t.classes_) == ["yes", "no"]                 # not sorted
        ref = ROCTreeClassifier(max_depth=1).fit(X, np.where(lab == "no", 1, 0))
        assert t.tree_.split[0].feature == ref.tree_.split[0].feature
        np.testing.assert_allclose(t.statistics_[1], ref.statistics_[1])
        np.testing.assert_array_equal(t.predict(X) == "no", ref.predict(X) == 1)
    with pytest.raises(ValueError, match="both classes"):
        ROCTreeClassifier().fit(X, pd.Categorical(["no"] * 8, categories=["yes", "no"]))
