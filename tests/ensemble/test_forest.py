"""AUCForestClassifier: sampling, OOB bookkeeping, measures (get.auc / get.brier.error /
misclassification) against independent definitions, seeding independent of n_jobs,
permutation importance, bad input.

The forest grows its trees with the tree engine (the whole-tree C driver of
randomForestSRC's policy); by default in threads, and the results must not depend on
``n_jobs`` nor on the joblib backend (threads or loky processes).
"""
import numpy as np
import pytest

from rocstats.ensemble import AUCForestClassifier, oob_auc, oob_brier, oob_misclassification
from rocstats.ensemble import _forest
from rocstats.tree._base import NotFittedError

# small forests in these tests leave some rows in every tree's sample
pytestmark = pytest.mark.filterwarnings("ignore:.*no out-of-bag prediction:UserWarning")

def _parallel_backend():
    import joblib

    return joblib.parallel_config(backend="loky")


def _data(n=120, p=4, k=2, seed=0):
    rng = np.random.default_rng(seed)
    X = np.round(rng.normal(size=(n, p)), 2)
    eta = X[:, 0] + 0.5 * X[:, 1] + 0.5 * rng.normal(size=n)
    y = np.digitize(eta, np.quantile(eta, np.linspace(0, 1, k + 1)[1:-1]))
    return X, y


# ------------------------------------------------------------------ measures (definitions)
def _pair_auc(pos, neg):
    """O(m n) AUC with ties 1/2 (independent definition)."""
    s = 0.0
    for a in pos:
        for b in neg:
            s += 1.0 if a > b else (0.5 if a == b else 0.0)
    return s / (len(pos) * len(neg))


def _hand_till(y, P):
    K = P.shape[1]
    vals = []
    for i in range(K):
        for j in range(i + 1, K):
            a_ij = _pair_auc(P[y == i, i], P[y == j, i])
            a_ji = _pair_auc(P[y == j, j], P[y == i, j])
            vals.append((a_ij + a_ji) / 2)
    return np.mean(vals)


def test_oob_auc_matches_pairwise_definition_and_sklearn():
    rng = np.random.default_rng(3)
    y = rng.integers(0, 3, size=60)
    P = rng.dirichlet([1, 1, 1], size=60)
    P[:10] = np.round(P[:10], 1)  # ties
    assert oob_auc(y, P) == pytest.approx(_hand_till(y, P), abs=1e-12)
    sk = pytest.importorskip("sklearn.metrics")
    Pn = P / P.sum(axis=1, keepdims=True)
    assert oob_auc(y, Pn) == pytest.approx(sk.roc_auc_score(y, Pn, multi_class="ovo"),
                                           abs=1e-12)


def test_oob_auc_two_classes_is_ordinary_auc():
    y = np.array([0, 0, 0, 1, 1])
    P = np.array([[.9, .1], [.3, .7], [.5, .5], [.5, .5], [.2, .8]])
    # column 1 for class 1 against class 0: pairs (.5,.1)(.5,.7)(.5,.5)(.8,.1)(.8,.7)(.8,.5)
    expected = (1 + 0 + .5 + 1 + 1 + 1) / 6
    assert oob_auc(y, P) == pytest.approx(expected, abs=1e-12)


def test_oob_auc_drops_nan_rows_and_one_row_pairs_like_get_auc():
    y = np.array([0, 0, 1, 1, 2, 0])
    P = np.array([[.8, .1, .1], [.6, .3, .1], [.2, .7, .1], [.3, .3, .4], [.1, .1, .8],
                  [np.nan] * 3])
    with pytest.warns(UserWarning, match="fewer than 2 rows"):
        got = oob_auc(y, P)
    # class 2 has one row: pairs (0,2) and (1,2) are NA in get.auc and dropped; pair (0,1)
    expected = (_pair_auc(P[[0, 1], 0], P[[2, 3], 0]) + _pair_auc(P[[2, 3], 1], P[[0, 1], 1])) / 2
    assert got == pytest.approx(expected, abs=1e-12)


def test_oob_brier_definition():
    rng = np.random.default_rng(4)
    y = rng.integers(0, 3, size=40)
    P = rng.dirichlet([1, 1, 1], size=40)
    bs = [np.mean(((y == k).astype(float) - P[:, k]) ** 2) for k in range(3)]
    assert oob_brier(y, P) == pytest.approx(1.5 * sum(bs), abs=1e-12)
    assert oob_brier(y, P, normalized=False) == pytest.approx(sum(bs) / 3, abs=1e-12)
    # uniform guess scores exactly 1 normalised, whatever the class frequencies
    assert oob_brier(y, np.full((40, 3), 1 / 3)) == pytest.approx(1.0, abs=1e-12)
    # two classes: 4 x the binary Brier score
    yb = rng.integers(0, 2, size=30)
    q = rng.uniform(size=30)
    Pb = np.column_stack([1 - q, q])
    assert oob_brier(yb, Pb) == pytest.approx(4 * np.mean((yb - q) ** 2), abs=1e-12)


def test_oob_misclassification():
    y = np.array([0, 1, 2, 1])
    P = np.array([[.5, .5, 0], [.2, .3, .5], [0, 0, 1], [np.nan] * 3])
    # row 0 tie -> class 0 (correct), row 1 -> 2 (wrong), row 2 -> 2 (right), row 3 skipped
    assert oob_misclassification(y, P) == pytest.approx(1 / 3)


# ------------------------------------------------------------------ forest bookkeeping
def test_sampling_default_is_swor_0632():
    X, y = _data(n=101)
    f = AUCForestClassifier(n_trees=8, random_state=1).fit(X, y)
    assert f.sample_size_ == 64  # round(0.632 * 101) = round(63.832)
    assert f.inbag_.shape == (8, 101)
    assert set(np.unique(f.inbag_)) <= {0, 1}
    assert (f.inbag_.sum(axis=1) == 64).all()
    np.testing.assert_array_equal(f.oob_n_trees_, (f.inbag_ == 0).sum(axis=0))
    assert f.max_features_ == 2  # ceil(sqrt(4))
    for t in f.estimators_:
        assert t.n[0] == 64


def test_sampling_with_replacement():
    X, y = _data(n=80)
    f = AUCForestClassifier(n_trees=6, replace=True, sample_fraction=1.0,
                            random_state=2).fit(X, y)
    assert (f.inbag_.sum(axis=1) == 80).all()
    assert f.inbag_.max() > 1
    for t, counts in zip(f.estimators_, f.inbag_):
        assert t.weight[0] == 80
        assert t.n[0] == np.count_nonzero(counts)
        # leaf class counts are in-sample counts with multiplicity
        np.testing.assert_allclose(t.value[0], np.bincount(np.repeat(y, counts), minlength=2))


def test_oob_and_predict_proba_from_trees():
    """OOB probabilities = average over the trees that did not see the row of the leaf
    class frequencies; routing through Tree.apply (independent of the forest's fast path)."""
    X, y = _data(n=90, k=3)
    f = AUCForestClassifier(n_trees=15, random_state=5).fit(X, y)
    K = 3
    num = np.zeros((90, K))
    cnt = np.zeros(90)
    full = np.zeros((90, K))
    for t, inb in zip(f.estimators_, f.inbag_):
        leaf = t.apply(X)
        freq = t.value[leaf] / t.value[leaf].sum(axis=1, keepdims=True)
        full += freq
        oob = inb == 0
        num[oob] += freq[oob]
        cnt[oob] += 1
    with np.errstate(invalid="ignore"):
        expected = num / cnt[:, None]
    np.testing.assert_allclose(f.oob_decision_function_, expected, rtol=0, atol=1e-12)
    np.testing.assert_allclose(f.predict_proba(X), full / 15, rtol=0, atol=1e-12)
    leaves = f.apply(X)
    assert leaves.shape == (90, 15)
    for t, col in zip(f.estimators_, leaves.T):
        np.testing.assert_array_equal(col, t.apply(X))
    ok = cnt > 0
    yc = y[ok]
    assert f.oob_auc_ == pytest.approx(_hand_till(yc, expected[ok]), abs=1e-12)
    assert f.oob_misclassification_ == pytest.approx(np.mean(expected[ok].argmax(1) != yc))
    np.testing.assert_array_equal(f.predict(X), f.classes_[f.predict_proba(X).argmax(1)])


def test_labels_are_kept():
    X, y = _data(n=60)
    labels = np.array(["absent", "present"])[y]
    f = AUCForestClassifier(n_trees=5, random_state=0).fit(X, labels)
    assert list(f.classes_) == ["absent", "present"]
    assert set(f.predict(X)) <= {"absent", "present"}


def test_same_seed_same_forest_and_n_jobs_does_not_matter():
    X, y = _data(n=70, k=3)
    a = AUCForestClassifier(n_trees=12, random_state=11).fit(X, y)
    b = AUCForestClassifier(n_trees=12, random_state=11).fit(X, y)
    with _parallel_backend():
        c = AUCForestClassifier(n_trees=12, random_state=11, n_jobs=2).fit(X, y)
    e = AUCForestClassifier(n_trees=12, random_state=11, n_jobs=2).fit(X, y)  # threads
    d = AUCForestClassifier(n_trees=12, random_state=12).fit(X, y)
    for other in (b, c, e):
        np.testing.assert_array_equal(a.inbag_, other.inbag_)
        np.testing.assert_array_equal(a.oob_decision_function_, other.oob_decision_function_)
        np.testing.assert_array_equal(a.apply(X), other.apply(X))
    assert not np.array_equal(a.inbag_, d.inbag_)


def test_random_state_generator_and_seedsequence():
    X, y = _data(n=50)
    a = AUCForestClassifier(n_trees=4, random_state=np.random.SeedSequence(7)).fit(X, y)
    b = AUCForestClassifier(n_trees=4, random_state=7).fit(X, y)
    np.testing.assert_array_equal(a.inbag_, b.inbag_)
    AUCForestClassifier(n_trees=3, random_state=np.random.default_rng(1)).fit(X, y)


def test_progress_bar(capsys):
    X, y = _data(n=40)
    AUCForestClassifier(n_trees=3, random_state=0, progress=True).fit(X, y)
    assert "AUC forest" in capsys.readouterr().err
    AUCForestClassifier(n_trees=3, random_state=0).fit(X, y)
    assert capsys.readouterr().err == ""


def test_permutation_importance_finds_the_signal():
    rng = np.random.default_rng(8)
    n = 150
    X = rng.normal(size=(n, 4))
    y = (X[:, 2] > 0).astype(int)
    f = AUCForestClassifier(n_trees=25, max_features=None, importance=True,
                            random_state=3).fit(X, y)
    imp = f.feature_importances_
    assert imp.shape == (4,)
    assert imp[2] > 0.2
    assert np.abs(np.delete(imp, 2)).max() < 0.05
    assert f.oob_auc_ > 0.95


def test_permutation_importance_definition():
    """VIMP_j = misclassification of the forest with x_j permuted in each tree's OOB rows
    minus the OOB misclassification; recomputed here with the same permutations."""
    X, y = _data(n=60)
    f = AUCForestClassifier(n_trees=6, importance=True, random_state=4).fit(X, y)
    seeds = np.random.SeedSequence(4).spawn(6)
    p = X.shape[1]
    num = np.zeros((p, 60, 2))
    cnt = np.zeros(60)
    for t, inb, s in zip(f.estimators_, f.inbag_, seeds):
        oob = np.flatnonzero(inb == 0)
        prng = np.random.default_rng(s.spawn(2)[1])
        cnt[oob] += 1
        for j in range(p):
            Xp = X[oob].copy()
            Xp[:, j] = X[oob][prng.permutation(oob.size), j]
            leaf = t.apply(Xp)
            num[j, oob] += t.value[leaf] / t.value[leaf].sum(axis=1, keepdims=True)
    ok = cnt > 0
    for j in range(p):
        err = np.mean((num[j, ok] / cnt[ok, None]).argmax(1) != y[ok])
        assert f.feature_importances_[j] == pytest.approx(err - f.oob_misclassification_)


def test_no_bootstrap_means_no_oob():
    X, y = _data(n=40)
    f = AUCForestClassifier(n_trees=3, bootstrap=False, random_state=0).fit(X, y)
    assert np.isnan(f.oob_decision_function_).all()
    assert np.isnan(f.oob_auc_)
    assert (f.inbag_ == 1).all()


def test_get_set_params_and_repr():
    f = AUCForestClassifier(n_trees=7)
    params = f.get_params()
    assert params["n_trees"] == 7 and params["n_split"] == 10 and params["node_size"] == 1
    assert params["max_features"] == "sqrt" and params["replace"] is False
    assert params["sample_fraction"] == 0.632
    f.set_params(n_split=0)
    assert f.n_split == 0
    with pytest.raises(ValueError, match="(?i)invalid parameter"):
        f.set_params(ntree=3)
    assert "n_trees=7" in repr(f)


def test_pandas_input_and_column_check():
    pd = pytest.importorskip("pandas")
    X, y = _data(n=50)
    df = pd.DataFrame(X, columns=["a", "b", "c", "d"])
    f = AUCForestClassifier(n_trees=4, random_state=0).fit(df, pd.Categorical(y))
    np.testing.assert_allclose(f.predict_proba(df[["d", "c", "b", "a"]]), f.predict_proba(X))
    with pytest.raises(ValueError, match="missing"):
        f.predict_proba(df[["a", "b", "c"]])


# ------------------------------------------------------------------ bad input
@pytest.mark.parametrize("kw, match", [
    (dict(max_features=0), "max_features"),
    (dict(max_features=5), "max_features=5 is out of range"),
    (dict(max_features=1.5), "max_features"),
    (dict(max_features="all"), "max_features"),
    (dict(node_size=0), "node_size"),
    (dict(n_trees=0), "n_trees"),
    (dict(n_split=-1), "n_split"),
    (dict(sample_fraction=1.2), "replace=True"),
    (dict(sample_fraction=0), "sample_fraction"),
    (dict(importance="anti"), "importance"),
    (dict(random_state=-3), "random_state"),
])
def test_bad_parameters(kw, match):
    X, y = _data(n=30)
    params = dict(n_trees=2)
    params.update(kw)
    with pytest.raises(ValueError, match=match):
        AUCForestClassifier(**params).fit(X, y)


def test_bad_data():
    X, y = _data(n=30)
    with pytest.raises(ValueError, match="single class"):
        AUCForestClassifier(n_trees=2).fit(X, np.zeros(30))
    with pytest.raises(ValueError, match="NaN"):
        Xn = X.copy()
        Xn[0, 0] = np.nan
        AUCForestClassifier(n_trees=2).fit(Xn, y)
    with pytest.raises(ValueError, match="non-numeric|numeric"):
        AUCForestClassifier(n_trees=2).fit(np.array([["a", "b"]] * 30), y)
    pd = pytest.importorskip("pandas")
    df = pd.DataFrame({"x": X[:, 0], "g": ["u", "v"] * 15})
    with pytest.raises(ValueError, match="non-numeric columns \\['g'\\]"):
        AUCForestClassifier(n_trees=2).fit(df, y)
    with pytest.raises(ValueError, match="rows"):
        AUCForestClassifier(n_trees=2).fit(X, y[:-1])
    with pytest.raises(ValueError, match="NaN"):
        AUCForestClassifier(n_trees=2).fit(X, np.where(y == 1, np.nan, 0.0))
    f = AUCForestClassifier(n_trees=2, random_state=0)
    with pytest.raises(NotFittedError, match="not fitted"):
        f.predict(X)
    f.fit(X, y)
    with pytest.raises(ValueError, match="features"):
        f.predict(X[:, :3])


def test_class_with_one_observation():
    """A class with a single row: the forest fits; the OOB AUC leaves out its pairs with a
    warning, as randomForestSRC's get.auc does (NA, then mean(na.rm = TRUE))."""
    X, y = _data(n=60, k=2)
    y = y.copy()
    y[0] = 2
    f = AUCForestClassifier(n_trees=10, random_state=0).fit(X, y)
    assert f.classes_.tolist() == [0, 1, 2]
    with pytest.warns(UserWarning, match="fewer than 2 rows"):
        value = oob_auc(y, f.oob_decision_function_)
    assert value == pytest.approx(f.oob_auc_)
    assert np.isfinite(f.oob_auc_)


def test_routing_by_the_kernel_and_by_splits_agree():
    """The trees route with the kernel router (numeric splits, no missing value); the
    same rows walked through the trees' Split records land in the same leaves."""
    X, y = _data(n=80, k=3)
    f = AUCForestClassifier(n_trees=4, random_state=2).fit(X, y)
    Xn = np.round(np.random.default_rng(3).normal(size=(50, 4)), 2)
    for t in f.estimators_:
        leaf = t.apply(Xn)
        walk = np.zeros(50, dtype=np.int64)
        for r in range(50):
            i = 0
            while t.left[i] >= 0:
                d = t.split[i].direction(Xn[r:r + 1, t.split[i].feature])[0]
                i = t.left[i] if d < 0 else t.right[i]
            walk[r] = i
        np.testing.assert_array_equal(leaf, walk)
        np.testing.assert_array_equal(t.apply(Xn, rows=[3, 1]), leaf[[3, 1]])
        freq = t.value[leaf] / t.value[leaf].sum(axis=1, keepdims=True)
        np.testing.assert_allclose(freq.sum(axis=1), 1.0)
