"""AUCForestClassifier: sampling, OOB bookkeeping, measures (get.auc / get.brier.error /
misclassification) against independent definitions, seeding independent of n_jobs,
permutation importance, bad input.

The forest grows its trees with the tree engine (the whole-tree C driver of
randomForestSRC's policy); by default in threads, and the results must not depend on
``n_jobs`` nor on the joblib backend (threads or loky processes).
"""
import numpy as np
import pytest

from rocstats.ensemble import (AUCForestClassifier, oob_auc, oob_brier,
                               oob_brier_normalized, oob_misclassification)
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
    # plain: the mean of the squared errors over all n x K entries
    sq = [(float(y[i] == k) - P[i, k]) ** 2 for i in range(40) for k in range(3)]
    assert oob_brier(y, P) == pytest.approx(sum(sq) / len(sq), abs=1e-12)
    assert oob_brier(y, P) == pytest.approx(sum(bs) / 3, abs=1e-12)
    # randomForestSRC's normalised form (get.brier.error's default)
    assert oob_brier_normalized(y, P) == pytest.approx(1.5 * sum(bs), abs=1e-12)
    assert oob_brier(y, P, normalized=True) == oob_brier_normalized(y, P)
    # uniform guess scores exactly 1 normalised, whatever the class frequencies
    assert oob_brier_normalized(y, np.full((40, 3), 1 / 3)) == pytest.approx(1.0, abs=1e-12)
    # two classes: the usual binary Brier score, and 4 x it normalised
    yb = rng.integers(0, 2, size=30)
    q = rng.uniform(size=30)
    Pb = np.column_stack([1 - q, q])
    assert oob_brier(yb, Pb) == pytest.approx(np.mean((yb - q) ** 2), abs=1e-12)
    assert oob_brier_normalized(yb, Pb) == pytest.approx(4 * np.mean((yb - q) ** 2),
                                                         abs=1e-12)
    sklearn_metrics = pytest.importorskip("sklearn.metrics")
    assert oob_brier(yb, Pb) == pytest.approx(sklearn_metrics.brier_score_loss(yb, q),
                                              abs=1e-12)


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
    assert f.importance_.metric == "auc" and f.importance_.oob
    assert imp[2] > 0.2
    assert np.abs(np.delete(imp, 2)).max() < 0.05
    assert f.oob_auc_ > 0.95
    np.testing.assert_array_equal(imp, f.importance_.importances_mean)


def _recompute_oob_importance(f, X, y, metric, n_repeats):
    """The definition, with the forest's per-tree permutation streams: in every tree,
    x_j permuted among its OOB rows (draws in the order repeat, variable); the OOB
    ensemble of the permuted rows scored; importance = loss of the metric."""
    seeds = np.random.SeedSequence(f.random_state).spawn(len(f.estimators_))
    p = X.shape[1]
    n = X.shape[0]
    num = np.zeros((n_repeats, p, n, 2))
    cnt = np.zeros(n)
    for t, inb, s in zip(f.estimators_, f.inbag_, seeds):
        oob = np.flatnonzero(inb == 0)
        prng = np.random.default_rng(s.spawn(2)[1])
        cnt[oob] += 1
        for r in range(n_repeats):
            for j in range(p):
                Xp = X[oob].copy()
                Xp[:, j] = X[oob][prng.permutation(oob.size), j]
                leaf = t.apply(Xp)
                num[r, j, oob] += t.value[leaf] / t.value[leaf].sum(axis=1, keepdims=True)
    ok = cnt > 0
    score = {"misclassification": lambda P: np.mean(P.argmax(1) != y[ok]),
             "brier": lambda P: np.mean((P[:, 1] - y[ok]) ** 2),
             "auc": lambda P: _pair_auc(P[y[ok] == 1, 1], P[y[ok] == 0, 1])}[metric]
    base = score(f.oob_decision_function_[ok])
    out = np.empty((p, n_repeats))
    for r in range(n_repeats):
        for j in range(p):
            v = score(num[r, j, ok] / cnt[ok, None])
            out[j, r] = base - v if metric == "auc" else v - base
    return out


@pytest.mark.parametrize("metric", ["misclassification", "auc", "brier"])
def test_permutation_importance_definition(metric):
    """Each repeat's importance recomputed from the definition with the same
    permutations; the Monte Carlo SE is the sd over repeats / sqrt(repeats)."""
    X, y = _data(n=60)
    f = AUCForestClassifier(n_trees=6, importance=metric, n_repeats=3,
                            random_state=4).fit(X, y)
    expected = _recompute_oob_importance(f, X, y, metric, 3)
    np.testing.assert_allclose(f.importance_.importances, expected, atol=1e-12)
    np.testing.assert_allclose(f.importance_.importances_se,
                               expected.std(axis=1, ddof=1) / np.sqrt(3), atol=1e-12)
    # the same permutations after the fit, for any of the three metrics
    again = f.permutation_importance(X, y, metric=metric, n_repeats=3)
    np.testing.assert_array_equal(again.importances, f.importance_.importances)


def test_permutation_importance_result_object():
    X, y = _data(n=80)
    f = AUCForestClassifier(n_trees=10, random_state=2).fit(X, y)
    res = f.permutation_importance(X, y, n_repeats=4)
    assert res.importances.shape == (4, 4) and res.n_repeats == 4
    frame = res.to_frame()
    assert list(frame.columns) == ["importance", "se", "std"]
    assert frame["importance"].is_monotonic_decreasing
    text = str(res)
    assert text.startswith("Out-of-bag permutation importance, AUC") and "MC s.e." in text
    assert "<table" in res._repr_html_()
    assert str(res.summary()).strip()
    one = f.permutation_importance(X, y, n_repeats=1)
    assert np.isnan(one.importances_se).all()
    other = f.permutation_importance(X, y, n_repeats=4, random_state=7)
    assert not np.array_equal(other.importances, res.importances)


def test_permutation_importance_bad_input():
    X, y = _data(n=80)
    f = AUCForestClassifier(n_trees=5, random_state=2).fit(X, y)
    with pytest.raises(ValueError, match="training data"):
        f.permutation_importance(X[:70], y[:70])
    X2 = X.copy()
    X2[0, 0] += 1
    with pytest.raises(ValueError, match="training data"):
        f.permutation_importance(X2, y)
    with pytest.raises(ValueError, match="metric"):
        f.permutation_importance(X, y, metric="logloss")
    with pytest.raises(ValueError, match="n_repeats"):
        f.permutation_importance(X, y, n_repeats=0)
    with pytest.raises(ValueError, match="label"):
        f.permutation_importance(X, np.where(y == 1, 5, 0), oob=False)
    g = AUCForestClassifier(n_trees=3, bootstrap=False, random_state=0).fit(X, y)
    with pytest.raises(ValueError, match="bootstrap=False"):
        g.permutation_importance(X, y)


def test_held_out_importance_agrees_with_sklearn_within_mc_error():
    """On held-out data rocstats' permutation_importance(oob=False) estimates what
    scikit-learn's permutation_importance(scoring="roc_auc") estimates: the expected
    drop of the test AUC when one column is permuted.  Both are Monte Carlo means over
    30 permutations; they must agree within 4 combined standard errors (+1e-3 for a
    variable whose permutations never change a prediction).  Power: a mistake of
    scoring with probabilities of the wrong class (AUC 1 - a) or with the misclassification
    rate changes the important variable's value by far more than 4 SE (checked below)."""
    inspection = pytest.importorskip("sklearn.inspection")
    from rocstats_validation.paths import DATA_DIR
    import pandas as pd

    d = pd.read_csv(DATA_DIR / "pima_tr_te.csv")
    X, y = d.iloc[:200, :7], d.iloc[:200, 7]
    Xt, yt = d.iloc[200:, :7], d.iloc[200:, 7]
    f = AUCForestClassifier(n_trees=100, random_state=1, n_jobs=2).fit(X, y)
    ours = f.permutation_importance(Xt, yt, oob=False, n_repeats=30, random_state=0)
    sk = inspection.permutation_importance(f, Xt, yt, scoring="roc_auc", n_repeats=30,
                                           random_state=1)
    se = np.sqrt(ours.importances_se ** 2 + (sk.importances_std / np.sqrt(30)) ** 2)
    diff = np.abs(ours.importances_mean - sk.importances_mean)
    assert (diff <= 4 * se + 1e-3).all(), (diff, se)
    glu = list(X.columns).index("glu")
    assert ours.importances_mean[glu] > 0.08            # far above the rest
    assert ours.importances_mean[glu] > 3 * np.delete(ours.importances_mean, glu).max()
    assert ours.importances_mean[glu] > 20 * se[glu]
    # power against the plausible mistakes named above
    assert abs(-ours.importances_mean[glu] - sk.importances_mean[glu]) > 4 * se[glu]
    wrong = f.permutation_importance(Xt, yt, oob=False, metric="misclassification",
                                     n_repeats=30, random_state=0)
    assert abs(wrong.importances_mean[glu] - sk.importances_mean[glu]) > 4 * se[glu]


def test_oob_importance_top_variables_stable_on_pima():
    """Pima.tr, 10 forest seeds: the AUC importance puts glu first and age second every
    time, and {glu, age, bmi, ped} are the top four every time."""
    from rocstats_validation.paths import DATA_DIR
    import pandas as pd

    d = pd.read_csv(DATA_DIR / "pima_tr_te.csv").iloc[:200]
    X, y = d.iloc[:, :7], d.iloc[:, 7]
    for seed in range(1, 11):
        f = AUCForestClassifier(random_state=seed, importance=True, n_repeats=5,
                                n_jobs=2).fit(X, y)
        order = f.importance_.to_frame().index.tolist()
        assert order[:2] == ["glu", "age"], (seed, order)
        assert set(order[:4]) == {"glu", "age", "bmi", "ped"}, (seed, order)


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
    (dict(n_repeats=0), "n_repeats"),
    (dict(progress="widget"), "progress"),
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


def test_print_forest_is_an_rfsrc_summary_block():
    X, y = _data(n=100)
    f = AUCForestClassifier(n_trees=30, random_state=3)
    assert str(f) == repr(f) == "AUCForestClassifier(n_trees=30, random_state=3)"
    f.fit(X, y)
    assert repr(f) == "AUCForestClassifier(n_trees=30, random_state=3)"
    lines = str(f).splitlines()
    # randomForestSRC 3.x's layout: "<label right-aligned to 36>: <value>"
    assert lines[0] == "%s: 100" % "Sample size".rjust(36)
    block = dict(line.split(": ", 1) for line in lines[:lines.index("Confusion matrix:")]
                 if ": " in line)
    block = {k.strip(): v for k, v in block.items()}
    assert block["Sample size"] == "100"
    assert block["Frequency of class labels"] == ", ".join(
        "%d=%d" % (k, c) for k, c in enumerate(np.bincount(y)))
    assert block["Number of trees"] == "30"
    assert block["No. of variables tried at each split"] == str(f.max_features_)
    assert block["Forest terminal node size"] == "1"
    assert block["Resampling used to grow trees"] == "swor"
    assert block["Resample size used to grow trees"] == str(f.sample_size_)
    assert block["Splitting rule"] == "auc *random*"
    assert float(block["(OOB) Brier score"]) == pytest.approx(f.oob_brier_, abs=1e-8)
    assert float(block["(OOB) Normalized Brier score"]) == pytest.approx(
        f.oob_brier_normalized_, abs=1e-8)
    assert f.oob_brier_normalized_ == pytest.approx(4 * f.oob_brier_, rel=1e-12)
    assert float(block["(OOB) AUC"]) == pytest.approx(f.oob_auc_, abs=1e-8)
    err = [float(v) for v in block["(OOB) Requested performance error"].split(",")]
    assert err[0] == pytest.approx(f.oob_misclassification_, abs=1e-8)
    # the per-class errors and the confusion matrix, from the OOB probabilities
    ok = ~np.isnan(f.oob_decision_function_).any(axis=1)
    pred = f.oob_decision_function_[ok].argmax(axis=1)
    for k in (0, 1):
        assert err[1 + k] == pytest.approx(np.mean(pred[y[ok] == k] != k), abs=1e-8)
    i = lines.index("Confusion matrix:")
    assert lines[i + 3].split() == ["observed", "0", "1", "class.error"]
    row0 = lines[i + 4].split()
    assert [int(v) for v in row0[1:3]] == [int(np.sum((y[ok] == 0) & (pred == c)))
                                          for c in (0, 1)]
    assert lines[-1] == "   Brier: 0.25   Normalized Brier: 1   Log-loss: 0.69314718"
