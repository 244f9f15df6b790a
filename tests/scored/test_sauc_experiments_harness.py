"""The sAUC paper's experiment runner (rocstats_validation.sauc_experiments): the pieces
checked against independent definitions, and one short run on Heart-statlog."""
import numpy as np
import pytest

pytest.importorskip("sklearn")

from rocstats_validation import sauc_experiments as E  # noqa: E402


def test_every_exported_data_set_loads_with_its_paper_shape():
    paper_n = {7: 1000, 8: 4601, 9: 435, 11: 699, 13: 270, 15: 5822, 17: 8124}
    paper_attrs = {7: 20, 8: 57, 9: 16, 11: 9, 13: 13, 15: 85, 17: 22}
    for name in E.DATASETS:
        attrs, y, meta = E.load(name)
        number = meta["paper"]["number"]
        assert len(y) == paper_n[number], name
        assert len(attrs) == paper_attrs[number], name
        assert set(np.unique(y)) == {0, 1}


def test_tree_leaf_probability_is_laplace_of_training_counts():
    from sklearn.tree import DecisionTreeClassifier

    attrs, y, _ = E.load("sauc_heart_statlog")
    rng = np.random.default_rng(3)
    train = np.zeros(len(y), bool)
    train[rng.permutation(len(y))[: len(y) // 2]] = True
    cols = E._impute(attrs, train)
    keep = np.arange(len(attrs))
    p = E.fit_predict("tree", cols, keep, y, train, seed=5)
    X = E._design(cols, keep, train, scale=False)
    tree = DecisionTreeClassifier(random_state=5).fit(X[train], y[train])
    leaf_train, leaf_all = tree.apply(X[train]), tree.apply(X)
    for i in np.flatnonzero(~train)[:40]:           # by definition, leaf by leaf
        in_leaf = leaf_train == leaf_all[i]
        k, n = y[train][in_leaf].sum(), in_leaf.sum()
        assert p[i] == pytest.approx((k + 1) / (n + 2))
    assert np.all((p > 0) & (p < 1))                # never 0 or 1: the correction's point


def test_naive_bayes_matches_gaussian_nb_on_numeric_data():
    from sklearn.naive_bayes import GaussianNB

    attrs, y, _ = E.load("sauc_breast_w")
    train = np.arange(len(y)) % 2 == 0
    cols = E._impute(attrs, train)
    keep = np.arange(len(attrs))
    p = E.fit_predict("nb", cols, keep, y, train, seed=0)
    X = np.column_stack([cols[j][1] for j in keep])
    ref = GaussianNB().fit(X[train], y[train]).predict_proba(X)[:, 1]
    np.testing.assert_allclose(p, ref, rtol=1e-9, atol=1e-12)


def test_ties_are_broken_among_the_tied_only():
    rng = np.random.default_rng(0)
    picks = {E._pick([0.5, 0.9, 0.9, 0.1], "max", rng) for _ in range(200)}
    assert picks == {1, 2}
    assert E._pick([0.3, 0.2, 0.2], "min", rng) in (1, 2)


def test_short_run_has_the_protocol_and_consistent_summaries():
    out = E.run_dataset("sauc_heart_statlog", reps=3, progress=False)
    assert out["split"] == {"train": 135, "validation": 27, "test": 108}   # 50 %, then 20 / 80 %
    for L in E.LEARNERS:
        r = out["learners"][L]
        t = r["test_auc"]
        assert r["diff_sauc_minus_auc"]["mean"] == pytest.approx(t["sauc"]["mean"] - t["auc"]["mean"])
        assert 0.5 < t["sauc"]["mean"] <= 1


def test_a_run_records_its_provenance():
    import subprocess

    from rocstats_validation.paths import REPO_ROOT

    p = E.provenance(["--datasets", "sauc_german", "--reps", "5"])
    assert p["command"] == ("python -m rocstats_validation.sauc_experiments --datasets "
                            "sauc_german --reps 5")
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=REPO_ROOT, capture_output=True,
                          text=True).stdout.strip()
    assert p["git_commit"] == (head or None)
    assert isinstance(p["git_dirty"], bool) and p["started_utc"].endswith("Z")
