"""CART builder and estimators (rocstats.tree.CARTClassifier / CARTRegressor).

Expected values come from hand computation (documented in each test), from brute force
written here, or from R (rpart 4.1.19; the R calls are written above the numbers).  The
full rpart parity suite is tests/test_rpart_parity.py.
"""
import numpy as np
import pandas as pd
import pytest

from rocstats.tree import CARTClassifier, CARTRegressor
from rocstats.tree._builder import rpart_builder
from rocstats.tree._criterion import AnovaCriterion, GiniCriterion
from rocstats.tree._splitter import MAX_EXACT_LEVELS
from rocstats.tree._tree import GE, LT, Split, Tree

from rocstats import _kernels



def _gini_sum(counts):
    counts = np.asarray(counts, float)
    n = counts.sum()
    return 0.0 if n == 0 else n * float(np.sum(counts / n * (1 - counts / n)))


# ------------------------------------------------------------------ hand-checkable
def test_six_rows_gini_by_hand():
    # classes by x = 1..6: 0 1 0 0 1 1.  rpart's improvement n G(node) - nL G(L) - nR G(R)
    # with G = sum_j p_j (1 - p_j): root 6 * 0.5 = 3; cuts (left | right):
    #   1.5: 0 + 5*0.48 = 2.4 -> 0.6      2.5: 2*0.5 + 4*0.5 = 3 -> 0
    #   3.5: 3*(4/9) * 2 = 8/3 -> 1/3     4.5: 4*0.375 + 0 = 1.5 -> 1.5
    #   5.5: 5*0.48 + 0 = 2.4 -> 0.6      best: 4.5 with 1.5
    X = np.arange(1.0, 7.0).reshape(-1, 1)
    y = np.array([0, 1, 0, 0, 1, 1])
    m = CARTClassifier(min_split=2, min_bucket=1, cp=0, max_surrogate=0, xval=0).fit(X, y)
    s = m.splits_.iloc[0]
    assert s["index"] == 4.5 and s["improve"] == pytest.approx(1.5, rel=1e-14)
    assert _gini_sum([3, 3]) - _gini_sum([3, 1]) - _gini_sum([0, 2]) == pytest.approx(1.5)
    # left child {0 1 0 0}: the class-0 side goes left, so ncat = -1 (x < 4.5 goes left)
    assert s["ncat"] == -1
    f = m.frame_
    assert list(f.index[:3]) == [1, 2, 3] or 2 in f.index
    assert f.loc[1, "dev"] == 3.0          # 3 rows of the minority class misclassified
    assert f.loc[3, "n"] == 2 and f.loc[3, "dev"] == 0.0


def test_min_bucket_restricts_cuts():
    # same data, min_bucket = 3: only the cut at 3.5 leaves 3 rows on each side
    X = np.arange(1.0, 7.0).reshape(-1, 1)
    y = np.array([0, 1, 0, 0, 1, 1])
    m = CARTClassifier(min_split=6, min_bucket=3, cp=0, max_surrogate=0, xval=0).fit(X, y)
    assert m.splits_["index"].iloc[0] == 3.5
    assert m.splits_["improve"].iloc[0] == pytest.approx(1.0 / 3.0, rel=1e-14)


def test_anova_by_hand():
    # y = 1 1 1 5 5 5 at x = 1..6: SS = 6 * 4 = 24, the cut at 3.5 removes it all;
    # rpart reports the improvement as a fraction of the node's SS: 1
    X = np.arange(1.0, 7.0).reshape(-1, 1)
    y = np.array([1.0, 1, 1, 5, 5, 5])
    m = CARTRegressor(min_split=2, min_bucket=1, cp=0, max_surrogate=0, xval=0).fit(X, y)
    f = m.frame_
    assert f.loc[1, "dev"] == 24.0 and f.loc[1, "yval"] == 3.0
    assert f.loc[2, "yval"] == 1.0 and f.loc[3, "yval"] == 5.0
    assert m.splits_["improve"].iloc[0] == 1.0 and m.splits_["index"].iloc[0] == 3.5
    # the lower mean goes left: x < 3.5 left
    assert m.splits_["ncat"].iloc[0] == -1
    np.testing.assert_array_equal(m.where_, [2, 2, 2, 3, 3, 3])
    np.testing.assert_array_equal(m.predict(X), [1, 1, 1, 5, 5, 5])


def test_higher_mean_left_when_low_values_have_high_response():
    X = np.arange(1.0, 7.0).reshape(-1, 1)
    y = np.array([5.0, 5, 5, 1, 1, 1])
    m = CARTRegressor(min_split=2, min_bucket=1, cp=0, max_surrogate=0, xval=0).fit(X, y)
    # rpart puts the smaller mean on the left: x >= 3.5 goes left (ncat = +1)
    assert m.splits_["ncat"].iloc[0] == 1
    assert m.frame_.loc[2, "yval"] == 1.0


# ------------------------------------------------------------------ rpart numbers (R)
# R 4.2.2, rpart 4.1.19:
#   f <- rpart(Kyphosis ~ Age + Number + Start, data = kyphosis,
#              control = rpart.control(xval = 0))
#   f$frame$complexity; f$frame$dev; f$splits[, "improve"]; f$splits[, "index"];
#   f$splits[, "adj"]; f$splits[, "count"]; as.integer(rownames(f$frame))[f$where]
KYPH_NODES = [1, 2, 4, 5, 10, 11, 22, 23, 3]
KYPH_COMPLEXITY = [0.176470588235294101, 0.019607843137254902, 0.01, 0.019607843137254902,
                   0.01, 0.019607843137254902, 0.01, 0.01, 0.01]
KYPH_DEV = [17, 6, 0, 6, 0, 6, 2, 3, 8]
KYPH_IMPROVE = [6.762329958707997690, 2.866794933461598305, 2.250211516878181328,
                0.802469135802469147, 1.020527859237539303, 0.684863523573202571,
                0.297533206831120722, 0.645161290322580627, 0.596774193548387122,
                1.246753246753245392, 0.288770053475932542, 0.175324675324674217,
                0.757575757575757569, 0.696969696969697017, 1.714285714285713524,
                0.793650793650793496, 0.071428571428571175]
KYPH_VARS = ["Start", "Number", "Age", "Number", "Start", "Age", "Number", "Number", "Age",
             "Age", "Start", "Number", "Start", "Number", "Age", "Start", "Number"]
KYPH_INDEX = [8.5, 5.5, 39.5, 6.5, 14.5, 55.0, 4.5, 3.5, 16.0, 55.0, 12.5, 3.5, 9.5, 5.5,
              111.0, 12.5, 3.5]
KYPH_ADJ = [0, 0, 0, 0.15789473684210545, 0, 0, 0, 0.24137931034482760,
            0.13793103448275873, 0, 0, 0, 0.33333333333333331, 0.16666666666666682, 0, 0, 0]
KYPH_COUNT = [81, 81, 81, 0, 62, 62, 62, 0, 0, 33, 33, 33, 0, 0, 21, 21, 21]
KYPH_WHERE = [3, 22, 3, 3, 4, 4, 4, 4, 4, 23, 23, 4, 3, 10, 4, 4, 4, 22, 4, 10, 4, 3, 23, 3,
              3, 10, 3, 23, 4, 4, 4, 22, 22, 4, 22, 4, 10, 3, 10, 23, 3, 10, 3, 3, 4, 22, 4,
              22, 3, 22, 23, 4, 3, 4, 4, 4, 10, 3, 10, 23, 3, 3, 3, 4, 4, 10, 4, 22, 10, 4,
              22, 22, 4, 22, 4, 4, 22, 10, 22, 3, 10]


@pytest.fixture(scope="module")
def kyphosis():
    from pathlib import Path
    path = Path(__file__).resolve().parents[2] / "validation" / "results" / "data"
    for name in ("kyphosis.csv", "kyphosis.csv.gz"):
        if (path / name).exists():
            return pd.read_csv(path / name)
    pytest.skip("kyphosis data not stored in validation/results/data")


def test_kyphosis_matches_rpart(kyphosis):
    d = kyphosis
    m = CARTClassifier.from_formula("Kyphosis ~ Age + Number + Start", d, xval=0)
    f = m.frame_
    assert list(f.index) == KYPH_NODES
    np.testing.assert_allclose(f["complexity"], KYPH_COMPLEXITY, rtol=1e-12)
    np.testing.assert_allclose(f["dev"], KYPH_DEV, rtol=1e-12)
    s = m.splits_
    assert list(s["var"]) == KYPH_VARS
    np.testing.assert_allclose(s["improve"], KYPH_IMPROVE, rtol=1e-12)
    np.testing.assert_allclose(s["index"], KYPH_INDEX, rtol=1e-12)
    np.testing.assert_allclose(s["adj"], KYPH_ADJ, rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(s["count"], KYPH_COUNT)
    np.testing.assert_array_equal(m.where_, KYPH_WHERE)


# R 4.2.2, rpart 4.1.19:
#   g <- rpart(Species ~ ., data = iris, parms = list(split = "information"),
#              control = rpart.control(xval = 0, cp = 0, minsplit = 4))
#   rownames(g$frame); g$frame$complexity; improvements of the primary splits
def test_iris_information_matches_rpart():
    from sklearn.datasets import load_iris
    iris = load_iris(as_frame=True)
    X = iris.data.copy()
    X.columns = ["Sepal.Length", "Sepal.Width", "Petal.Length", "Petal.Width"]
    y = pd.Categorical.from_codes(iris.target, ["setosa", "versicolor", "virginica"])
    m = CARTClassifier(criterion="information", xval=0, cp=0, min_split=4).fit(X, pd.Series(y))
    f = m.frame_
    assert list(f.index) == [1, 2, 3, 6, 12, 24, 25, 13, 26, 27, 7]
    np.testing.assert_allclose(f["complexity"],
                               [0.50, 0.00, 0.44, 0.02, 0.01, 0.00, 0.00, 0.01, 0.00, 0.00, 0.00],
                               rtol=1e-12, atol=1e-15)
    prim = m.splits_[m.splits_["type"] == "primary"]["improve"]
    np.testing.assert_allclose(prim, [95.4771252442219662, 47.8382715122809401,
                                      7.9789580919047101, 4.8607112432060067,
                                      1.9095425048844379], rtol=1e-12)


# ------------------------------------------------------------------ engine properties
def _mixed_data(seed=0, n=400):
    rng = np.random.default_rng(seed)
    X = pd.DataFrame({
        "a": rng.normal(size=n),
        "b": rng.integers(0, 6, n).astype(float),
        "c": pd.Categorical(rng.choice(list("pqrst"), n)),
        "d": rng.normal(size=n).round(1),
    })
    X.loc[rng.random(n) < 0.1, "a"] = np.nan
    X.loc[rng.random(n) < 0.1, "c"] = np.nan
    logit = np.nan_to_num(X["a"].to_numpy()) - 0.4 * X["b"] + (X["c"] == "q") * 1.5
    y = (rng.random(n) < 1 / (1 + np.exp(-logit))).astype(int)
    w = rng.integers(1, 4, n).astype(float)
    return X, y, w


@pytest.mark.needs_c
@pytest.mark.parametrize("method", ["class", "anova"])
def test_c_path_equals_numpy_path(method, monkeypatch):
    from rocstats.tree._data import encode_fit
    X, y, w = _mixed_data(1)
    M, info = encode_fit(X)
    if method == "class":
        crit = GiniCriterion(y, w, 2, prior=[0.4, 0.6])
        yy = y.astype(float)
    else:
        crit = AnovaCriterion()
        yy = y + np.nan_to_num(M[:, 0])
    trees = []
    for backend in ("cffi", "numpy"):
        for family in ("tree", "surrogate"):      # the whole node path on one side
            monkeypatch.setattr(_kernels, family, _kernels.implementations(family)[backend])
        b = rpart_builder(crit, n_levels=info.n_levels, min_split=10, min_bucket=3, cp=0.0,
                          max_surrogate=3)
        trees.append(b.build(M, yy, w))
    a, b = trees
    assert a.tree.node_count == b.tree.node_count > 5
    np.testing.assert_array_equal(a.tree.node_id, b.tree.node_id)
    np.testing.assert_array_equal(a.where, b.where)
    np.testing.assert_allclose(a.tree.complexity, b.tree.complexity, rtol=1e-12)
    np.testing.assert_allclose(a.tree.risk, b.tree.risk, rtol=1e-12)
    for sa, sb in zip(a.tree.split, b.tree.split):
        assert (sa is None) == (sb is None)
        if sa is not None:
            assert sa.feature == sb.feature and sa.kind == sb.kind
            assert sa.left_levels == sb.left_levels
            assert sa.improve == pytest.approx(sb.improve, rel=1e-12)


def test_controls_are_respected():
    X, y, w = _mixed_data(2)
    m = CARTClassifier(min_split=30, min_bucket=10, cp=0, max_depth=4, xval=0,
                       max_surrogate=0).fit(X, y)
    f = m.frame_
    internal = f["var"] != "<leaf>"
    assert (f.loc[internal, "n"] >= 30).all()
    depth = np.floor(np.log2(f.index.to_numpy())).astype(int)
    assert depth.max() <= 4
    # with max_surrogate = 0 rows with a missing split variable stay home, so a child
    # can hold fewer rows than n_parent - n_sibling; rows with the variable present obey
    # min_bucket:
    for node in f.index[internal]:
        s = m.splits_[(m.splits_["node"] == node) & (m.splits_["type"] == "primary")].iloc[0]
        assert s["count"] >= 2 * 10


def test_complexity_is_nested_and_cp_prunes():
    X, y, w = _mixed_data(3)
    big = CARTClassifier(cp=0, min_split=5, xval=0, max_surrogate=0).fit(X, y, sample_weight=w)
    f = big.frame_
    # rpart caps a node's complexity by its parent's (make_cp_list)
    for node in f.index[1:]:
        assert f.loc[node, "complexity"] <= f.loc[node // 2, "complexity"] + 1e-15
    small = CARTClassifier(cp=0.02, min_split=5, xval=0, max_surrogate=0).fit(X, y,
                                                                            sample_weight=w)
    assert set(small.frame_.index) <= set(f.index)
    # growing with cp = 0.02 gives the big tree pruned at 0.02
    pruned = big.prune(0.02)
    assert list(pruned.frame_.index) == list(small.frame_.index)
    np.testing.assert_array_equal(pruned.where_, small.where_)


def test_where_equals_node_number_without_missing_values():
    """node_number(X) gives rpart's node numbers (where_ on the training rows); apply(X)
    the leaves' indices in tree_'s arrays (scikit-learn's meaning)."""
    rng = np.random.default_rng(4)
    X = rng.normal(size=(300, 4))
    y = (X[:, 0] + rng.normal(size=300) > 0).astype(int)
    m = CARTClassifier(cp=0.001, xval=0).fit(X, y)
    np.testing.assert_array_equal(m.node_number(X), m.where_)
    leaf = m.apply(X)
    assert m.tree_.is_leaf[leaf].all()
    np.testing.assert_array_equal(m.tree_.node_id[leaf], m.where_)
    p = m.predict_proba(X)
    np.testing.assert_allclose(p.sum(axis=1), 1.0)
    # default priors and 0-1 loss: the predicted class is the node's weighted majority
    np.testing.assert_array_equal(m.predict(X), m.classes_[np.argmax(p, axis=1)])


def test_categorical_columns_and_formula():
    X, y, _ = _mixed_data(5)
    d = X.copy()
    d["y"] = np.where(y == 1, "yes", "no")
    a = CARTClassifier.from_formula("y ~ .", d, xval=0, cp=0.005)
    b = CARTClassifier.from_formula("y ~ a + b + c + d", d, xval=0, cp=0.005)
    c = CARTClassifier(xval=0, cp=0.005).fit(X, d["y"])
    pd.testing.assert_frame_equal(a.frame_, c.frame_)
    pd.testing.assert_frame_equal(b.frame_, c.frame_)
    assert list(a.classes_) == ["no", "yes"]
    cat = a.splits_[a.splits_["var"] == "c"]
    assert len(cat) and all(len(t) == 5 and set(t) <= {1, 2, 3} for t in cat["csplit"])
    assert cat["index"].isna().all() and (cat["ncat"] == 5).all()
    # string columns are categorical too, levels sorted
    d2 = X.copy()
    d2["c"] = d2["c"].astype(object)
    e = CARTClassifier(xval=0, cp=0.005).fit(d2, d["y"])
    pd.testing.assert_frame_equal(e.frame_, c.frame_)
    with pytest.raises(ValueError, match="formula"):
        CARTClassifier.from_formula("y ~ a:b", d)
    with pytest.raises(ValueError, match="zz"):
        CARTClassifier.from_formula("y ~ zz", d)


def test_sklearn_conventions():
    sklearn = pytest.importorskip("sklearn")
    from sklearn.base import clone
    from sklearn.model_selection import cross_val_score
    rng = np.random.default_rng(6)
    X = rng.normal(size=(200, 3))
    y = (X[:, 0] > 0).astype(int)
    m = CARTClassifier(cp=0.02, xval=0)
    assert m.get_params()["cp"] == 0.02
    m2 = clone(m).set_params(max_depth=2)
    assert m2.max_depth == 2 and m.max_depth == 30
    scores = cross_val_score(CARTClassifier(xval=0), X, y, cv=3)
    assert scores.shape == (3,) and scores.mean() > 0.8
    assert sklearn is not None


def test_xval_folds_vector_and_random_state():
    X, y, w = _mixed_data(7)
    folds = np.resize(np.arange(1, 6), len(y))
    a = CARTClassifier(xval=folds).fit(X, y)
    b = CARTClassifier(xval=folds).fit(X, y)
    pd.testing.assert_frame_equal(a.cptable_, b.cptable_)
    assert a.cptable_["xerror"].notna().all()
    c = CARTClassifier(xval=5, random_state=1).fit(X, y)
    d = CARTClassifier(xval=5, random_state=1).fit(X, y)
    pd.testing.assert_frame_equal(c.cptable_, d.cptable_)
    assert CARTClassifier(xval=0).fit(X, y).cptable_["xerror"].isna().all()


def test_tree_default_dir_routes_rows_with_nothing_known():
    t = Tree(n_features=2, n_outputs=1)
    t.add_node(parent=-1, is_left=True, n=4, weight=4, value=[0], risk=1)
    t.set_split(0, Split(feature=0, kind=LT, threshold=0.5), default_dir=0)
    t.add_node(parent=0, is_left=True, n=2, weight=2, value=[0], risk=0)
    t.add_node(parent=0, is_left=False, n=2, weight=2, value=[1], risk=0)
    t.finalize()
    X = np.array([[0.0, 0], [1.0, 0], [np.nan, 0]])
    np.testing.assert_array_equal(t.apply(X, use_surrogate=2), [1, 2, 0])
    t2 = t.subtree(np.ones(3, bool))
    assert t2.default_dir[0] == 0
    s = Split(feature=1, kind=GE, threshold=0.0)
    assert list(s.direction(np.array([1.0, -1.0, np.nan]))) == [-1, 1, 0]


# ------------------------------------------------------------------ bad input
@pytest.mark.parametrize("kwargs,y,match", [
    ({}, np.zeros(20), "single class"),
    ({}, np.r_[np.zeros(10), np.ones(9), np.nan], "y contains (NaN|missing)"),
    ({"loss": np.ones((3, 3))}, np.r_[np.zeros(10), np.ones(10)], "loss"),
    ({"loss": [[1, 1], [1, 0]]}, np.r_[np.zeros(10), np.ones(10)], "diagonal"),
    ({"prior": [0.5, 0.6]}, np.r_[np.zeros(10), np.ones(10)], "prior"),
    ({"prior": [1.0]}, np.r_[np.zeros(10), np.ones(10)], "prior"),
    ({"min_split": 5, "min_bucket": 6}, np.r_[np.zeros(10), np.ones(10)], "min_bucket"),
    ({"max_depth": 31}, np.r_[np.zeros(10), np.ones(10)], "max_depth"),
    ({"cp": -1}, np.r_[np.zeros(10), np.ones(10)], "cp"),
    ({"use_surrogate": 3}, np.r_[np.zeros(10), np.ones(10)], "use_surrogate"),
    ({"criterion": "entropy"}, np.r_[np.zeros(10), np.ones(10)], "criterion"),
    ({"xval": np.ones(5)}, np.r_[np.zeros(10), np.ones(10)], "xval"),
    ({"xval": np.r_[np.ones(10), 3 * np.ones(10)]}, np.r_[np.zeros(10), np.ones(10)], "xval"),
])
def test_bad_input_classifier(kwargs, y, match):
    X = np.arange(20.0).reshape(-1, 1)
    with pytest.raises(ValueError, match=match):
        CARTClassifier(**kwargs).fit(X, y)


def test_bad_input_data():
    X = pd.DataFrame({"a": np.arange(20.0), "b": ["x", 1] * 10})
    y = np.r_[np.zeros(10), np.ones(10)]
    with pytest.raises(ValueError, match="'b'"):
        CARTClassifier(xval=0).fit(X, y)
    with pytest.raises(ValueError, match="y"):
        CARTRegressor(xval=0).fit(X[["a"]], np.r_[np.zeros(19), np.nan])
    with pytest.raises(ValueError, match="sample_weight"):
        CARTRegressor(xval=0).fit(X[["a"]], y, sample_weight=-np.ones(20))
    with pytest.raises(ValueError, match="every predictor missing"):
        CARTRegressor(xval=0).fit(pd.DataFrame({"a": np.r_[np.nan, np.arange(19.0)]}), y)
    m = CARTClassifier(xval=0, min_split=2).fit(X[["a"]].assign(c=list("pq") * 10), y)
    with pytest.raises(ValueError, match="missing"):
        m.predict(X[["a"]])
    # other columns are ignored, the fitted ones taken by name (as R's predict)
    new = X[["a"]].assign(c="p")
    np.testing.assert_array_equal(m.predict(new.assign(z=1.0)[["z", "c", "a"]]),
                                  m.predict(new))
    with pytest.raises(ValueError, match="unknown"):
        m.predict(X[["a"]].assign(c="r"))


def test_level_limit_for_many_classes():
    rng = np.random.default_rng(9)
    n = 200
    X = pd.DataFrame({"c": pd.Categorical(rng.integers(0, MAX_EXACT_LEVELS + 1, n))})
    y = rng.integers(0, 3, n)
    with pytest.raises(ValueError, match="'c'"):
        CARTClassifier(xval=0).fit(X, y)
    # two classes: the ordered search has no such limit
    CARTClassifier(xval=0).fit(X, (y > 0).astype(int))


def test_tree_last_surrogate_is_kept_by_subtree():
    t = Tree(n_features=1, n_outputs=1)
    t.add_node(parent=-1, is_left=True, n=4, weight=4, value=[0], risk=1)
    t.set_split(0, Split(feature=0, kind=LT, threshold=0.5), last_surrogate=-1)
    t.add_node(parent=0, is_left=True, n=2, weight=2, value=[0], risk=0)
    t.add_node(parent=0, is_left=False, n=2, weight=2, value=[1], risk=0)
    t.finalize()
    assert list(t.last_surrogate) == [-1, 0, 0]
    assert t.subtree(np.ones(3, bool)).last_surrogate[0] == -1
    t2 = Tree(n_features=1, n_outputs=1)
    t2.add_node(parent=-1, is_left=True, n=1, weight=1, value=[0], risk=0)
    with pytest.raises(ValueError, match="last_surrogate"):
        t2.set_split(0, Split(feature=0, kind=LT, threshold=0.5), last_surrogate=2)


def test_builder_records_rpart_lastsurrogate():
    # weights: the primary x < 2.5 sends 2 + 2 = 4 left and 1 + 1 + 1 + 1 = 4 right -> tie
    # (lastsurrogate 0); with max_surrogate = 0 rpart never computes it -> 0 as well
    X = np.array([[1.0, 1], [2, 2], [3, 3], [4, 4], [5, 5], [6, 6]])
    y = np.array([0.0, 0, 1, 1, 1, 1])
    w = np.array([2.0, 2, 1, 1, 1, 1])
    crit = GiniCriterion(y.astype(int), w, 2)
    for ms in (0, 2):
        r = rpart_builder(crit, n_levels=[0, 0], min_split=2, min_bucket=1, cp=0,
                          max_surrogate=ms).build(X, y, w)
        assert r.tree.last_surrogate[0] == 0
    w2 = np.array([3.0, 2, 1, 1, 1, 1])      # 5 left vs 4 right
    crit2 = GiniCriterion(y.astype(int), w2, 2)
    r = rpart_builder(crit2, n_levels=[0, 0], min_split=2, min_bucket=1, cp=0,
                      max_surrogate=2).build(X, y, w2)
    assert r.tree.last_surrogate[0] == -1


def test_last_cp_is_cp_even_when_every_leaf_collapsed():
    """rpart's complexity table goes no lower than cp (make_cp_list floors at alpha).
    In this data set (found by random comparison with R: R's table is CP 0.25411871,
    0.001) every leaf of the grown tree is a node whose split was undone, so alpha
    cannot be read off the leaves; the engine passes it to the pruner."""
    rng = np.random.default_rng(21 + 5000)
    n = int(rng.integers(60, 250))
    K = int(rng.choice([2, 3]))
    d = pd.DataFrame({"a": rng.normal(size=n).round(1), "o": rng.integers(1, 6, n),
                      "e": rng.exponential(size=n).round(1)})
    d.loc[rng.random(n) < 0.15, "a"] = np.nan
    lin = np.nan_to_num(d["a"].to_numpy()) + 0.4 * d["o"]
    cuts = np.quantile(lin, np.linspace(0, 1, K + 1)[1:-1])
    y = np.digitize(lin + rng.normal(size=n), cuts)
    prior = rng.dirichlet(np.ones(K)).round(3)
    prior[-1] = round(1 - prior[:-1].sum(), 3)
    rng.permutation(np.resize(np.arange(1, 5), n))     # (fold ids of the original draw)
    ms = int(rng.integers(5, 20))
    crit = str(rng.choice(["gini", "information"]))
    d["o"] = pd.Categorical(d["o"], categories=[1, 2, 3, 4, 5], ordered=True)
    m = CARTClassifier(criterion=crit, prior=prior, min_split=ms, cp=0.001, xval=0).fit(d, y)
    cpt = m.cptable_
    assert len(cpt) == 2
    assert cpt["CP"].iloc[0] == pytest.approx(0.25411871, abs=5e-9)
    assert cpt["CP"].iloc[-1] == 0.001


def test_prune_that_removes_nothing_keeps_everything(kyphosis):
    # R: f <- rpart(Kyphosis ~ Age + Number + Start, data = kyphosis,
    #               control = rpart.control(xval = 0, minsplit = 5, cp = 0))
    #    prune(f, cp = 0.05) is f itself (every split has complexity >= 0.0588), while
    #    prune(f, cp = 0.06) keeps 5 splits and sets the last CP to 0.06
    m = CARTClassifier(xval=0, min_split=5, cp=0).fit(kyphosis[["Age", "Number", "Start"]],
                                                     kyphosis["Kyphosis"])
    same = m.prune(0.05)
    pd.testing.assert_frame_equal(same.cptable_, m.cptable_)
    pd.testing.assert_frame_equal(same.frame_, m.frame_)
    assert m.cptable_["CP"].iloc[-1] == 0.0
    p = m.prune(0.06)
    assert list(p.cptable_["nsplit"]) == [0, 1, 2, 5]
    assert p.cptable_["CP"].iloc[-1] == 0.06
    assert (p.frame_["var"] != "<leaf>").sum() == 5
