"""Hand & Till multiclass AUC against its definition and scikit-learn's OvO."""
import numpy as np
import pytest

import rocstats
from definitions import auc_def

sklearn_metrics = pytest.importorskip("sklearn.metrics")


def _data(seed, n=300, C=4, ties=False):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, C, n)
    logits = rng.normal(size=(n, C)) + 1.5 * np.eye(C)[y]
    P = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    if ties:
        P = np.round(P, 1)
        P = P / P.sum(axis=1, keepdims=True)
    return y, P


@pytest.mark.parametrize("ties", [False, True])
def test_matches_definition_and_sklearn(ties):
    y, P = _data(21, ties=ties)
    r = rocstats.multiclass_auc(y, P)
    C = P.shape[1]
    for i in range(C):
        for j in range(C):
            if i != j:
                assert r.pairwise[i, j] == pytest.approx(
                    auc_def(P[y == i, i], P[y == j, i]), rel=1e-14)
    assert np.isnan(np.diag(r.pairwise)).all()
    expected = np.mean([auc_def(P[y == i, i], P[y == j, i])
                        for i in range(C) for j in range(C) if i != j])
    assert r.auc == pytest.approx(expected, rel=1e-14)
    assert r.auc == pytest.approx(
        sklearn_metrics.roc_auc_score(y, P, multi_class="ovo"), rel=1e-12)


def test_string_labels_and_explicit_order():
    y, P = _data(22, C=3)
    names = np.array(["c", "a", "b"])[y]       # class 0 -> "c", 1 -> "a", 2 -> "b"
    r = rocstats.multiclass_auc(names, P, labels=["c", "a", "b"])
    assert r.auc == pytest.approx(rocstats.multiclass_auc(y, P).auc, rel=1e-15)
    assert r.labels == ("c", "a", "b")


def test_two_classes_reduce_to_binary_auc():
    rng = np.random.default_rng(23)
    y = rng.integers(0, 2, 100)
    p1 = rng.random(100)
    P = np.column_stack([1 - p1, p1])
    assert rocstats.multiclass_auc(y, P).auc == pytest.approx(rocstats.auc(y, p1), rel=1e-14)


def test_bad_inputs():
    y, P = _data(24, C=3)
    with pytest.raises(ValueError, match="y_prob has 2 columns"):
        rocstats.multiclass_auc(y, P[:, :2])
    with pytest.raises(ValueError, match="do not occur in y_true"):
        rocstats.multiclass_auc(y, np.column_stack([P, P[:, :1]]), labels=[0, 1, 2, 3])
    with pytest.raises(ValueError, match="not in labels"):
        rocstats.multiclass_auc(y, P[:, :2], labels=[0, 1])
    with pytest.raises(ValueError, match="at least 2 classes"):
        rocstats.multiclass_auc(np.zeros(5), np.ones((5, 1)))
    with pytest.raises(ValueError, match="y_true has 300 rows but y_prob has 299"):
        rocstats.multiclass_auc(y, P[:-1])
    bad = P.copy()
    bad[3, 1] = np.nan
    with pytest.raises(ValueError, match="y_prob contains NaN"):
        rocstats.multiclass_auc(y, bad)


# --------------------------------------------------- issue 9, item 6: columns by name
def _pairwise_def(y, P, classes):
    """A(i|j) by the O(m n) definition, column i = class classes[i]."""
    C = len(classes)
    out = np.full((C, C), np.nan)
    for i in range(C):
        for j in range(C):
            if i != j:
                out[i, j] = auc_def(P[y == classes[i], i], P[y == classes[j], i])
    return out


def test_dataframe_columns_matched_by_name():
    pd = pytest.importorskip("pandas")
    y, P = _data(31, C=3)
    names = np.array(["setosa", "versicolor", "virginica"])
    ys = names[y]
    df = pd.DataFrame(P, columns=names)
    shuffled = df[["virginica", "setosa", "versicolor"]]
    expected = _pairwise_def(ys, P, list(names))
    for frame in (df, shuffled):
        r = rocstats.multiclass_auc(ys, frame)
        assert r.labels == tuple(names)
        np.testing.assert_allclose(r.pairwise, expected, rtol=1e-14)
    # the positional reading of the shuffled frame would be wrong: a real difference
    wrong = rocstats.multiclass_auc(ys, shuffled.to_numpy())
    assert abs(wrong.auc - rocstats.multiclass_auc(ys, df).auc) > 0.2


def test_dataframe_names_as_text_and_categorical_order():
    pd = pytest.importorskip("pandas")
    y, P = _data(32, C=3)
    df = pd.DataFrame(P, columns=["0", "1", "2"])[["2", "0", "1"]]     # read_csv header
    expected = _pairwise_def(y, P, [0, 1, 2])
    np.testing.assert_allclose(rocstats.multiclass_auc(y, df).pairwise, expected, rtol=1e-14)
    # an R factor: the level order is the class order
    cat = pd.Categorical.from_codes(y, ["c", "a", "b"])
    r = rocstats.multiclass_auc(cat, pd.DataFrame(P, columns=["c", "a", "b"])[["a", "b", "c"]])
    assert r.labels == ("c", "a", "b")
    np.testing.assert_allclose(r.pairwise, expected, rtol=1e-14)


def test_dataframe_names_that_disagree_raise():
    pd = pytest.importorskip("pandas")
    y, P = _data(33, C=3)
    with pytest.raises(ValueError, match="column names .* do not match the classes"):
        rocstats.multiclass_auc(y, pd.DataFrame(P, columns=["a", "b", "c"]))
    with pytest.raises(ValueError, match="do not match"):
        rocstats.multiclass_auc(y, pd.DataFrame(P[:, :2], columns=["0", "1"]))
    with pytest.raises(ValueError, match="do not match"):          # duplicated name
        rocstats.multiclass_auc(y, pd.DataFrame(P, columns=["0", "1", "1"]))
    # the default RangeIndex columns are positional
    r = rocstats.multiclass_auc(y, pd.DataFrame(P))
    assert r.auc == rocstats.multiclass_auc(y, P).auc


def test_unused_category_and_duplicate_labels_raise():
    pd = pytest.importorskip("pandas")
    y, P = _data(34, C=3)
    cat = pd.Categorical.from_codes(y, ["a", "b", "c", "unused"])
    with pytest.raises(ValueError, match=r"categories \['unused'\] with no rows"):
        rocstats.multiclass_auc(cat, P)
    r = rocstats.multiclass_auc(cat, P, labels=["a", "b", "c"])
    assert r.auc == rocstats.multiclass_auc(y, P).auc
    with pytest.raises(ValueError, match="distinct"):
        rocstats.multiclass_auc(y, P, labels=[0, 1, 1])
