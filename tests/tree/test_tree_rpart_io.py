"""print(fit) / to_rules / where_frame_ / the rpart pieces, without R.

Expected values: R's own text and numbers are checked in tests/parity
(test_rpart_interop_parity.py, stored) and tests/live (test_rpart_interop_live.py);
here the checks are definitions that need no R: a rule table's pandas query selects
exactly the training rows the tree routes to the leaf (the router is the independent
side), ``where_frame_`` indexes ``frame_`` at ``where_``, and ``from_rpart_components``
of ``rpart_components`` predicts as the fit.
"""
import numpy as np
import pandas as pd
import pytest

from rocstats.tree import AUCTreeClassifier, CARTClassifier, CARTRegressor, ROCTreeClassifier
from rocstats.tree._rpart import from_rpart_components, rpart_components


def _data(seed=0, n=300, missing=0.0):
    rng = np.random.default_rng(seed)
    lev = ["lo", "mid", "hi", "top"]
    X = pd.DataFrame({
        "x": np.round(rng.normal(size=n), 2),
        "Petal.Length": rng.normal(size=n),
        "g": pd.Categorical(rng.choice(list("abcde"), n), categories=list("edcba")),
        "o": pd.Categorical(rng.choice(lev, n), categories=lev, ordered=True)})
    signal = X["x"] - X["Petal.Length"] + (X["g"].cat.codes % 2) + X["o"].cat.codes * 0.5
    y = np.where(signal + rng.normal(size=n) > 0.8, "yes", "no")
    yr = signal.to_numpy() + rng.normal(size=n)
    if missing:
        for c in X.columns:
            hit = rng.random(n) < missing
            X[c] = X[c].mask(hit)
    return X, y, yr


def _estimators():
    X, y, yr = _data()
    Xn = X[["x", "Petal.Length"]]
    return [("cart", CARTClassifier(xval=0, cp=0.005).fit(X, y), X),
            ("regression", CARTRegressor(xval=0).fit(X, yr), X),
            ("auc_tree", AUCTreeClassifier(node_depth=4, random_state=0).fit(Xn, y), Xn),
            ("roc_tree", ROCTreeClassifier(xval=0, max_depth=3).fit(Xn, y), Xn),
            ("cart_auc", CARTClassifier(criterion="auc", xval=0).fit(X, y), X)]


@pytest.mark.parametrize("name,est,X", _estimators(), ids=lambda v: v if isinstance(v, str) else "")
def test_rules_select_the_rows_of_their_leaf(name, est, X):
    rules = est.to_rules()
    leaves = np.flatnonzero(est.tree_.left < 0)
    assert len(rules) == leaves.size
    assert rules["n"].sum() == len(X)
    node_of_row = est.node_number(X)
    for _, r in rules.iterrows():
        picked = X.reset_index(drop=True).query(r["pandas_query"]).index.to_numpy()
        routed = np.flatnonzero(node_of_row == r["node"])
        np.testing.assert_array_equal(picked, routed, err_msg=r["pandas_query"])
        assert r["n"] == routed.size       # no missing values: every row follows the rule


def test_rules_columns():
    _, est, _ = _estimators()[0]
    rules = est.to_rules()
    assert list(rules.columns[:5]) == ["node", "rule", "pandas_query", "n", "weight"]
    assert {"class", "count_no", "count_yes", "prob_no", "prob_yes"} <= set(rules.columns)
    assert any("`Petal.Length`" in q for q in rules["pandas_query"])
    assert any("Petal.Length" in q and "`" not in q for q in rules["rule"])
    assert np.allclose(rules[["prob_no", "prob_yes"]].sum(axis=1), 1.0)
    _, reg, _ = _estimators()[1]
    assert {"yval", "dev"} <= set(reg.to_rules().columns)


def test_where_frame_is_rparts_where():
    for _, est, _ in _estimators():
        wf = est.where_frame_
        assert wf.min() >= 1 and wf.max() <= len(est.frame_)
        np.testing.assert_array_equal(est.frame_.index.to_numpy()[wf - 1], est.where_)


def test_str_and_repr():
    est = CARTClassifier(xval=0, cp=0.05)
    assert str(est) == repr(est) == "CARTClassifier(cp=0.05, xval=0)"
    X, y, _ = _data()
    est.fit(X, y)
    assert repr(est) == "CARTClassifier(cp=0.05, xval=0)"
    lines = str(est).splitlines()
    assert lines[0] == "n= 300 "
    assert lines[2] == "node), split, n, loss, yval, (yprob)"
    assert lines[3] == "      * denotes terminal node"
    assert lines[5].startswith(" 1) root 300 ") or lines[5].startswith("1) root 300 ")
    assert sum(s.endswith(" *") for s in lines) == est.tree_.n_leaves
    assert est.to_text(digits=3) != est.to_text()


@pytest.mark.parametrize("name,est,X", _estimators(), ids=lambda v: v if isinstance(v, str) else "")
def test_pieces_round_trip(name, est, X):
    back = from_rpart_components(rpart_components(est))
    assert type(back) is type(est)
    if hasattr(est, "classes_"):
        np.testing.assert_array_equal(back.predict_proba(X), est.predict_proba(X))
    np.testing.assert_array_equal(back.predict(X), est.predict(X))
    np.testing.assert_array_equal(back.where_, est.where_)
    if name not in ("auc_tree", "roc_tree"):       # their x <= c splits come back as x < c'
        assert str(back) == str(est)


def test_pieces_round_trip_with_missing_values_and_prune():
    X, y, yr = _data(seed=4, missing=0.15)
    X = X[~X.isna().all(axis=1)]
    y = y[X.index]
    est = CARTClassifier(xval=10, random_state=0, cp=0.002).fit(X, y)
    back = from_rpart_components(rpart_components(est))
    Xn, _, _ = _data(seed=5, n=200, missing=0.3)
    np.testing.assert_array_equal(back.predict_proba(Xn), est.predict_proba(Xn))
    for cp in est.cptable_["CP"]:
        assert back.prune(cp).frame_.index.tolist() == est.prune(cp).frame_.index.tolist()
    pd.testing.assert_frame_equal(back.cptable_, est.cptable_)


def test_integer_labels_and_arrays_come_back():
    X, y, _ = _data()
    Xa = X[["x", "Petal.Length"]].to_numpy()
    est = CARTClassifier(xval=0).fit(Xa, (y == "yes").astype(int))
    comp = rpart_components(est)
    assert comp["classes"] == ["0", "1"]
    assert [v["name"] for v in comp["variables"]] == ["x0", "x1"]
    back = from_rpart_components(comp)
    assert back.classes_.tolist() == [0, 1]
    np.testing.assert_array_equal(back.predict(Xa), est.predict(Xa))


def test_le_splits_are_exported_as_next_double():
    X, y, _ = _data()
    Xn = X[["x"]]
    est = AUCTreeClassifier(node_depth=1, random_state=0).fit(Xn, y)
    comp = rpart_components(est)
    t = est.tree_.split[0].threshold
    assert comp["splits"]["ncat"][0] == -1
    assert comp["splits"]["index"][0] == np.nextafter(t, np.inf)
    xs = np.array([t, np.nextafter(t, -np.inf), np.nextafter(t, np.inf)])
    assert ((xs < comp["splits"]["index"][0]) == (xs <= t)).all()


def test_from_rpart_components_refuses_bad_pieces():
    X, y, _ = _data()
    comp = rpart_components(CARTClassifier(xval=0).fit(X, y))
    with pytest.raises(ValueError, match="method"):
        from_rpart_components(dict(comp, method="poisson"))
    bad = dict(comp, variables=[dict(v, cls="Date") for v in comp["variables"]])
    with pytest.raises(ValueError, match="Date"):
        from_rpart_components(bad)
    fr = dict(comp["frame"], yval=[3 - v for v in comp["frame"]["yval"]])
    with pytest.raises(ValueError, match="yval"):
        from_rpart_components(dict(comp, frame=fr))
