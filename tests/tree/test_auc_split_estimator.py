"""AUCTreeClassifier: scikit-learn style API, labels, predictions and bad input."""
import doctest
import warnings

import numpy as np
import pandas as pd
import pytest

from rocstats.tree import AUCTreeClassifier
from rocstats.tree import _classes


def _iris_like(rng, n=90):
    X = rng.normal(size=(n, 3))
    y = np.array(["setosa", "versicolor", "virginica"])[np.arange(n) % 3]
    X[:, 0] += (np.arange(n) % 3) * 1.5
    return np.round(X, 2), y


def test_fit_predict_shapes_and_frequencies():
    rng = np.random.default_rng(0)
    X, y = _iris_like(rng)
    est = AUCTreeClassifier(node_size=3, random_state=1).fit(X, y)
    assert est.classes_.tolist() == ["setosa", "versicolor", "virginica"]
    assert est.n_features_in_ == 3
    proba = est.predict_proba(X)
    assert proba.shape == (90, 3)
    np.testing.assert_allclose(proba.sum(axis=1), 1.0)
    leaves = est.apply(X)
    assert est.tree_.is_leaf[leaves].all()
    # leaf frequencies by direct counting (independent of the tree's stored values)
    for leaf in np.unique(leaves):
        counts = pd.Series(y[leaves == leaf]).value_counts()
        want = np.array([counts.get(c, 0) for c in est.classes_]) / (leaves == leaf).sum()
        np.testing.assert_allclose(proba[leaves == leaf], np.tile(want, ((leaves == leaf).sum(), 1)))
    pred = est.predict(X)
    assert set(pred) <= set(est.classes_)
    np.testing.assert_array_equal(pred, est.classes_[proba.argmax(axis=1)])


def test_params_protocol_and_clone():
    est = AUCTreeClassifier(node_size=5, node_depth=3, max_features="sqrt", n_split=10,
                            random_state=7)
    p = est.get_params()
    assert p == {"node_size": 5, "node_depth": 3, "max_features": "sqrt", "n_split": 10,
                 "random_state": 7, "variable_order": "random", "xval": 0}
    assert est.set_params(node_size=2) is est and est.node_size == 2
    with pytest.raises(ValueError, match="(?i)invalid parameter"):
        est.set_params(nodesize=2)
    sklearn = pytest.importorskip("sklearn")
    from sklearn.base import clone
    from sklearn.model_selection import cross_val_score

    c = clone(est)
    assert c.get_params() == est.get_params()
    rng = np.random.default_rng(1)
    X, y = _iris_like(rng)
    scores = cross_val_score(AUCTreeClassifier(node_size=5, random_state=0), X, y, cv=3,
                             scoring="accuracy")
    assert scores.shape == (3,) and np.isfinite(scores).all()
    assert sklearn  # imported for clone / cross_val_score


def test_same_seed_same_tree_and_deterministic_orders():
    rng = np.random.default_rng(2)
    X, y = _iris_like(rng)
    a = AUCTreeClassifier(max_features=2, n_split=3, random_state=5).fit(X, y)
    b = AUCTreeClassifier(max_features=2, n_split=3, random_state=5).fit(X, y)
    assert [s and (s.feature, s.threshold) for s in a.tree_.split] == \
        [s and (s.feature, s.threshold) for s in b.tree_.split]
    f1 = AUCTreeClassifier(variable_order="forward", random_state=1).fit(X, y)
    f2 = AUCTreeClassifier(variable_order="forward", random_state=2).fit(X, y)
    assert [s and (s.feature, s.threshold) for s in f1.tree_.split] == \
        [s and (s.feature, s.threshold) for s in f2.tree_.split]


def test_max_features_forms():
    rng = np.random.default_rng(3)
    X, y = _iris_like(rng)
    est = AUCTreeClassifier()
    assert est._mtry(9) == 9
    assert AUCTreeClassifier(max_features="sqrt")._mtry(57) == 8   # ceil(sqrt(57))
    assert AUCTreeClassifier(max_features=0.5)._mtry(5) == 3
    assert AUCTreeClassifier(max_features=2)._mtry(5) == 2
    AUCTreeClassifier(max_features=1, random_state=0).fit(X, y)


def test_categorical_target_and_dataframe():
    rng = np.random.default_rng(4)
    X, y = _iris_like(rng)
    df = pd.DataFrame(X, columns=["a", "b", "c"])
    cat = pd.Categorical(y, categories=["virginica", "setosa", "versicolor"])
    est = AUCTreeClassifier(node_size=5, random_state=0).fit(df, pd.Series(cat))
    assert est.classes_.tolist() == ["virginica", "setosa", "versicolor"]
    assert est.feature_names_in_.tolist() == ["a", "b", "c"]
    # columns are matched by name, others ignored (as R's predict(fit, newdata))
    np.testing.assert_array_equal(est.predict(df[["b", "a", "c"]].assign(y=cat)),
                                  est.predict(df))
    with pytest.raises(ValueError, match="missing fitted column"):
        est.predict(df[["b", "a"]])
    with pytest.raises(ValueError, match="features"):
        est.predict(X[:, :2])


def test_split_candidates_method():
    rng = np.random.default_rng(5)
    X, y = _iris_like(rng)
    est = AUCTreeClassifier(node_depth=2, random_state=0).fit(X, y)
    root = est.split_candidates(X, y, node=0)
    s = est.tree_.split[0]
    assert root.n_candidates > 0
    assert ((root.feature == s.feature) & (root.threshold == s.threshold) & root.best()).any()
    left = est.tree_.left[0]
    cl = est.split_candidates(X, y, node=left)
    assert (cl.n_left + cl.n_right == est.tree_.n[left]).all()
    with pytest.raises(ValueError, match="node"):
        est.split_candidates(X, y, node=10 ** 6)


def test_doctest_examples():
    res = doctest.testmod(_classes, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert res.failed == 0 and res.attempted > 0


# ------------------------------------------------------------------ bad input
def test_single_class_target():
    with pytest.raises(ValueError, match="y has a single class"):
        AUCTreeClassifier().fit(np.ones((5, 2)), ["a"] * 5)


def test_unused_category_is_kept_with_probability_zero():
    """The label contract: an unused category stays in classes_ (as an R factor level);
    it takes no part in the split statistic (randomForestSRC would find every
    statistic NaN), so the tree is the one grown without it."""
    X = np.arange(8.0).reshape(4, 2)
    cat = pd.Categorical(["a", "b", "a", "b"], categories=["c", "b", "a"])
    with pytest.warns(UserWarning, match=r"class\(es\) \['c'\] have no observations"):
        est = AUCTreeClassifier(random_state=0).fit(X, cat)
    assert est.classes_.tolist() == ["c", "b", "a"]
    ref = AUCTreeClassifier(random_state=0).fit(X, cat.remove_unused_categories())
    assert ref.classes_.tolist() == ["b", "a"]
    p = est.predict_proba(X)
    np.testing.assert_array_equal(p[:, 0], 0.0)
    np.testing.assert_array_equal(p[:, 1:], ref.predict_proba(X))
    assert est.predict(X).tolist() == ["a", "b", "a", "b"]


def test_class_with_one_observation_warns_and_follows_rfsrc():
    X = np.arange(12, dtype=float)[:, None]
    y = np.array(["a"] * 6 + ["b"] * 5 + ["c"])
    with pytest.warns(UserWarning, match="single observation"):
        est = AUCTreeClassifier(random_state=0).fit(X, y)
    # nodes lacking class "c" are split at their smallest value (theta NaN)
    nan_splits = [s for s in est.tree_.split if s is not None and np.isnan(s.improve)]
    assert nan_splits
    # two classes: a one-observation class is ordinary (no warning)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        AUCTreeClassifier().fit(X[:7], y[:7])


def test_non_numeric_features_need_declared_handling():
    df = pd.DataFrame({"a": [1.0, 2, 3, 4], "b": ["x", "y", "x", "y"]})
    with pytest.raises(ValueError, match="X column 'b' has non-numeric dtype"):
        AUCTreeClassifier().fit(df, [0, 1, 0, 1])
    df["b"] = pd.Categorical(df["b"])
    with pytest.raises(ValueError, match="X column 'b' is categorical"):
        AUCTreeClassifier().fit(df, [0, 1, 0, 1])
    with pytest.raises(ValueError, match="X must be numeric"):
        AUCTreeClassifier().fit(np.array([["a", "b"], ["c", "d"]]), [0, 1])


@pytest.mark.parametrize("value", [0, 6, -1, 1.5, "log2", True])
def test_max_features_out_of_range(value):
    with pytest.raises(ValueError, match="max_features"):
        AUCTreeClassifier(max_features=value).fit(np.arange(20.0).reshape(4, 5), [0, 1, 0, 1])


@pytest.mark.parametrize("value", [0, 0.5, -3, "1", None])
def test_node_size_below_one(value):
    with pytest.raises(ValueError, match="node_size"):
        AUCTreeClassifier(node_size=value).fit(np.arange(8.0).reshape(4, 2), [0, 1, 0, 1])


def test_other_bad_input():
    X = np.arange(8.0).reshape(4, 2)
    with pytest.raises(ValueError, match="missing values"):
        AUCTreeClassifier().fit(np.where(X > 6, np.nan, X), [0, 1, 0, 1])
    with pytest.raises(ValueError, match="n_split"):
        AUCTreeClassifier(n_split=-2).fit(X, [0, 1, 0, 1])
    with pytest.raises(ValueError, match="node_depth"):
        AUCTreeClassifier(node_depth=2.5).fit(X, [0, 1, 0, 1])
    with pytest.raises(ValueError, match="y has 3 labels"):
        AUCTreeClassifier().fit(X, [0, 1, 0])
    with pytest.raises(ValueError, match="not fitted"):
        AUCTreeClassifier().predict(X)
    with pytest.raises(ValueError, match="y contains NaN"):
        AUCTreeClassifier().fit(X, [0.0, 1.0, np.nan, 1.0])


# ------------------------------------------------------------------ pruning
def _optimal_subtree(children, risk, alpha):
    """Brute force (Breiman et al. 1984, section 3.3): among every pruned subtree (sets
    of internal node numbers closed under taking parents) the minimisers of
    R(T) + alpha |splits|; their intersection is the smallest minimiser T(alpha)."""
    import itertools
    from fractions import Fraction

    internal = sorted(children)
    best, minimisers = None, []
    for r in range(len(internal) + 1):
        for keep in itertools.combinations(internal, r):
            ks = frozenset(keep)
            if (ks and 1 not in ks) or any(n != 1 and n // 2 not in ks for n in ks):
                continue
            leaves, stack = [], [1]
            while stack:
                node = stack.pop()
                if node in ks:
                    stack.extend(children[node])
                else:
                    leaves.append(node)
            cost = sum(Fraction(risk[v]) for v in leaves) + alpha * len(ks)
            if best is None or cost < best:
                best, minimisers = cost, [ks]
            elif cost == best:
                minimisers.append(ks)
    smallest = frozenset.intersection(*minimisers)
    assert smallest in minimisers
    return smallest


@pytest.mark.parametrize("seed", range(12))
def test_pruned_tree_is_the_brute_force_weakest_link_subtree(seed):
    from fractions import Fraction

    rng = np.random.default_rng(100 + seed)
    n, k = 60, 2 + seed % 2
    X = rng.integers(0, 6, size=(n, 3)).astype(float)
    y = (X[:, 0] + rng.integers(0, 4, size=n)) % k
    est = AUCTreeClassifier(node_depth=2 + seed % 2, node_size=2,
                            variable_order="forward").fit(X, y)
    t = est.tree_
    ids = t.node_id
    children = {int(ids[i]): (int(ids[t.left[i]]), int(ids[t.right[i]]))
                for i in range(t.node_count) if t.left[i] >= 0}
    risk = {int(ids[i]): int(round(t.risk[i])) for i in range(t.node_count)}
    root = Fraction(risk[1])
    cps = est.cptable_["CP"].to_numpy()
    # strictly between consecutive table CPs (no ties there) and above the largest
    probes = list((cps[:-1] + cps[1:]) / 2) + [cps[0] * 1.5 + 0.01]
    for cp in probes:
        pt = est.prune(cp).tree_
        kept = frozenset(int(v) for v in pt.node_id[pt.left >= 0])
        assert kept == _optimal_subtree(children, risk, Fraction(cp) * root), cp
        # the table row of this cp (the largest CP <= cp; rows are in decreasing CP):
        # its number of splits and relative error are the subtree's
        row = est.cptable_[est.cptable_["CP"] <= cp].iloc[0]
        assert row["nsplit"] == len(kept)
        leaves = pt.left < 0
        assert row["rel error"] == pytest.approx(pt.risk[leaves].sum() / float(root))


def test_cross_validated_pruning_and_one_se():
    """xerror recomputed by hand from fold trees grown on the other folds (forward
    variable order, every variable and cut: the fold trees are functions of the data)."""
    rng = np.random.default_rng(9)
    n = 120
    X = np.round(rng.normal(size=(n, 3)), 1)
    y = (X[:, 0] + rng.normal(size=n) > 0).astype(int)
    folds = np.arange(n) % 4 + 1
    est = AUCTreeClassifier(variable_order="forward", xval=folds).fit(X, y)
    tab = est.cptable_
    assert list(tab.columns) == ["CP", "nsplit", "rel error", "xerror", "xstd"]
    root = n - np.bincount(y).max()
    err = 0
    for f in range(1, 5):
        tr = folds != f
        tk = AUCTreeClassifier(variable_order="forward").fit(X[tr], y[tr])
        err += (tk.predict(X[~tr]) != y[~tr]).sum()
    assert tab["xerror"].iloc[-1] == pytest.approx(err / root)
    best = est.cost_complexity_prune()
    assert best.tree_.n_leaves == est.one_se_.n_leaves
    assert best.tree_.n_leaves == est.prune().tree_.n_leaves
    assert tab["xerror"].iloc[est.one_se_.row] <= est.one_se_.threshold
    small = tab["nsplit"] < est.one_se_.nsplit
    assert (tab["xerror"][small] > est.one_se_.threshold).all()
    mn = est.cost_complexity_prune(rule="min")
    assert mn.tree_.n_leaves - 1 == tab["nsplit"].iloc[est.one_se_.min_row]
    # the original estimator is untouched; predictions of a pruned tree are leaf majorities
    assert est.tree_.n_leaves >= best.tree_.n_leaves
    leaf = best.tree_.apply(X)
    np.testing.assert_array_equal(best.predict(X), best.tree_.value[leaf].argmax(1))
    # random folds seeded by random_state: reproducible
    a = AUCTreeClassifier(xval=5, random_state=3).fit(X, y).cptable_
    b = AUCTreeClassifier(xval=5, random_state=3).fit(X, y).cptable_
    assert a.equals(b)


def test_pruning_bad_input():
    X = np.arange(20.0).reshape(10, 2)
    y = np.array([0, 1] * 5)
    est = AUCTreeClassifier().fit(X, y)
    assert est.one_se_ is None and est.cptable_["xerror"].isna().all()
    with pytest.raises(ValueError, match="xval=0"):
        est.prune()
    with pytest.raises(ValueError, match="xval=0"):
        est.cost_complexity_prune()
    with pytest.raises(ValueError, match="rule"):
        est.cost_complexity_prune(rule="max")
    with pytest.raises(ValueError, match="cp must be"):
        est.prune(-1.0)
    with pytest.raises(ValueError, match="xval"):
        AUCTreeClassifier(xval=-1).fit(X, y)
    # rpart's xval: 0 or 1 fold means no cross-validation
    assert AUCTreeClassifier(xval=1).fit(X, y).one_se_ is None
    # case weights in cross-validation: the weighted rows' errors are weighted, as rpart
    Xw = np.arange(40.0).reshape(20, 2)
    yw = np.array([0, 1] * 10)
    a = AUCTreeClassifier(xval=np.arange(20) % 3 + 1).fit(Xw, yw, sample_weight=np.ones(20))
    b = AUCTreeClassifier(xval=np.arange(20) % 3 + 1).fit(Xw, yw)
    pd.testing.assert_frame_equal(a.cptable_, b.cptable_)
