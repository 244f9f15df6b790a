"""Issue 9, CART part: items 4 (class order), 8 (inputs that cannot be represented),
9 (a root with zero risk), 10 (rpart's R-side sums), 11 (predict ignores extra columns).

Expected values come from R (printed by the R call quoted next to them, rpart 4.1.19 /
R 4.2.2), from the stored rpart results (``tests/test_rpart_parity.py`` runs those), or
from independent definitions -- never from the code under test.
"""
import numpy as np
import pandas as pd
import pytest

from rocstats.tree import CARTClassifier, CARTRegressor
from rocstats.tree._criterion import GiniCriterion, r_sum


# ------------------------------------------------------------------------- item 10
@pytest.mark.skipif(np.finfo(np.longdouble).nmant < 63,
                    reason="long double is not x87 extended precision here")
def test_r_sum_accumulates_like_R():
    # R 4.2.2 (x86-64): sum(rep(0.1, 10)) == 1 is TRUE; sum(c(1, 2^-60, -1)) = 2^-60
    assert r_sum(np.full(10, 0.1)) == 1.0
    assert float(np.cumsum(np.full(10, 0.1))[-1]) != 1.0      # a double sum is not
    assert r_sum([1.0, 2.0 ** -60, -1.0]) == 2.0 ** -60
    assert r_sum([]) == 0.0


@pytest.mark.skipif(np.finfo(np.longdouble).nmant < 63,
                    reason="long double is not x87 extended precision here")
def test_default_prior_is_rparts():
    # rpart.class: counts <- tapply(wt, y, sum); prior <- counts / sum(counts).  R 4.2.2:
    #   w <- c(rep(0.1, 10), 0.7); y <- c(rep(1, 10), 2)
    #   counts <- tapply(w, y, sum); sprintf("%.17g", counts / sum(counts))
    #   "0.58823529411764708" "0.41176470588235292"
    # (double sums give 0.41176470588235298 for the second)
    y = np.r_[np.zeros(10, dtype=int), 1]
    w = np.r_[np.full(10, 0.1), 0.7]
    crit = GiniCriterion(y, w, 2)
    assert list(crit.prior_input) == [0.58823529411764708, 0.41176470588235292]
    assert crit.counts[0] == 1.0                      # R: sum(rep(0.1, 10)) == 1


# ------------------------------------------------------------------------- item 9
def _xz():
    return pd.DataFrame({"x": np.arange(1.0, 31.0), "z": np.tile([1.0, 2.0, 3.0], 10)})


FOLDS = np.tile(np.arange(1, 6), 6)                        # R: rep(1:5, 6)
AB = pd.Series(pd.Categorical(np.tile(["a", "b"], 15)))    # R: factor(rep(c("a", "b"), 15))


def _zero_risk_fits():
    """The three fits of issue 9 item 9, each with R's call and R's numbers:
    ``(estimator, X, frame expected, class columns expected)``."""
    X = _xz()
    return {
        # rpart(y ~ x + z, d, method = "anova", control = rpart.control(xval = rep(1:5, 6)))
        # with y = rep(5, 30): frame 1 row: n 30, wt 30, dev 0, yval 5, complexity NaN;
        # cptable: CP NaN, nsplit 0, rel error NaN, xerror NaN, xstd NaN
        "constant_target": (CARTRegressor(xval=FOLDS).fit(X, np.full(30, 5.0)),
                            dict(n=30, wt=30.0, dev=0.0, yval=5.0), None),
        # rpart(c ~ x + z, d, method = "class", parms = list(prior = c(1, 0)),
        #       control = rpart.control(xval = rep(1:5, 6)))
        # yval2: 1 15 15 1 0 nodeprob 1
        "prior_1_0": (CARTClassifier(prior=[1, 0], xval=FOLDS).fit(X, AB),
                      dict(n=30, wt=30.0, dev=0.0, yval=1.0),
                      dict(count_a=15.0, count_b=15.0, prob_a=1.0, prob_b=0.0, nodeprob=1.0)),
        # rpart(c ~ x + z, d, weights = rep(c(1, 0), 15), method = "class",
        #       control = rpart.control(xval = rep(1:5, 6)))
        # yval2: 1 15 0 1 0 nodeprob 1; wt 15
        "weight_on_one_class": (
            CARTClassifier(xval=FOLDS).fit(X, AB, sample_weight=np.tile([1.0, 0.0], 15)),
            dict(n=30, wt=15.0, dev=0.0, yval=1.0),
            dict(count_a=15.0, count_b=0.0, prob_a=1.0, prob_b=0.0, nodeprob=1.0)),
    }


@pytest.mark.parametrize("name", ["constant_target", "prior_1_0", "weight_on_one_class"])
def test_zero_root_risk_gives_rparts_one_node_tree(name):
    est, X, cls = _zero_risk_fits()[name]
    f = est.frame_
    assert list(f.index) == [1] and list(f["var"]) == ["<leaf>"]
    for col, value in X.items():
        assert f[col].iloc[0] == value, col
    assert np.isnan(f["complexity"].iloc[0])                  # 0 / 0 in rpart too
    for col, value in (cls or {}).items():
        assert f[col].iloc[0] == value, col
    cpt = est.cptable_
    assert len(cpt) == 1 and cpt["nsplit"].iloc[0] == 0
    assert cpt[["CP", "rel error", "xerror", "xstd"]].isna().all().all()
    assert len(est.splits_) == 0 and len(est.variable_importance_) == 0
    assert (est.where_ == 1).all()
    assert est.prune(0.5).frame_.shape[0] == 1


def test_zero_root_risk_predictions():
    fits = _zero_risk_fits()
    X = _xz()
    np.testing.assert_array_equal(fits["constant_target"][0].predict(X), np.full(30, 5.0))
    for name in ("prior_1_0", "weight_on_one_class"):
        est = fits[name][0]
        # R: predict(fit, d, type = "prob") is (a = 1, b = 0) on every row
        np.testing.assert_array_equal(est.predict_proba(X), np.tile([1.0, 0.0], (30, 1)))
        assert (est.predict(X) == "a").all()


def test_one_node_tree_with_cross_validation_reports_rparts_zeros():
    """rpart runs no cross-validation for a tree without a split and reports
    xerror = xstd = 0 (its zero-initialised sums, rpart.c)."""
    X = _xz()
    # d$y <- sin(1:30); rpart(y ~ x + z, d, method = "anova",
    #                         control = rpart.control(xval = rep(1:5, 6), minsplit = 40))
    m = CARTRegressor(min_split=40, xval=FOLDS).fit(X, np.sin(np.arange(1, 31)))
    np.testing.assert_allclose(m.frame_["dev"].iloc[0], 15.534418133969211, rtol=1e-12)
    np.testing.assert_allclose(m.frame_["complexity"].iloc[0], 0.0099999999999999985,
                               rtol=1e-12)
    cpt = m.cptable_
    np.testing.assert_allclose(cpt[["CP", "rel error"]].to_numpy()[0],
                               [0.0099999999999999985, 0.99999999999999989], rtol=1e-12)
    assert list(cpt["xerror"]) == [0.0] and list(cpt["xstd"]) == [0.0]
    # rpart(c ~ x + z, d, method = "class", control = rpart.control(xval = rep(1:5, 6),
    #                                                                cp = 0.9))
    m = CARTClassifier(cp=0.9, xval=FOLDS).fit(X, AB)
    cpt = m.cptable_
    np.testing.assert_allclose(cpt[["CP", "rel error"]].to_numpy()[0],
                               [0.066666666666666666, 1.0], rtol=1e-12)
    assert list(cpt["xerror"]) == [0.0] and list(cpt["xstd"]) == [0.0]
    # without cross-validation the columns are NaN (rpart leaves them out)
    assert CARTClassifier(cp=0.9, xval=0).fit(X, AB).cptable_["xerror"].isna().all()


# ------------------------------------------------------------------------- item 8
from rocstats.ensemble import AUCForestClassifier  # noqa: E402
from rocstats.tree import AUCTreeClassifier  # noqa: E402

Y01 = np.repeat([0, 1], 20)
BIG = 2 ** 60 + Y01.astype(np.int64)        # separates y perfectly; float64 merges it


def _estimators():
    return [CARTClassifier(xval=0, min_split=2), AUCTreeClassifier(),
            AUCForestClassifier(n_trees=3, bootstrap=False, random_state=0)]


BAD_X = {
    "int64 beyond 2**53": (BIG.reshape(-1, 1), "2\\*\\*53"),
    "uint64 beyond 2**53": (BIG.astype(np.uint64).reshape(-1, 1), "2\\*\\*53"),
    "DataFrame int64": (pd.DataFrame({"a": BIG}), "column 'a' has integers beyond 2\\*\\*53"),
    "DataFrame Int64": (pd.DataFrame({"a": pd.array(BIG, dtype="Int64")}),
                        "column 'a' has integers beyond 2\\*\\*53"),
    "complex array": ((np.arange(40) + 1j * Y01).reshape(-1, 1), "complex"),
    "complex column": (pd.DataFrame({"a": np.arange(40) + 1j * Y01}), "column 'a' is complex"),
    "datetime array": (np.arange(40).astype("datetime64[D]").reshape(-1, 1), "dates/times"),
    "datetime column": (pd.DataFrame({"a": pd.date_range("2020-01-01", periods=40)}),
                        "column 'a' holds dates/times"),
    "timedelta column": (pd.DataFrame({"a": pd.to_timedelta(np.arange(40), "D")}),
                         "column 'a' holds dates/times"),
}


@pytest.mark.parametrize("case", sorted(BAD_X))
@pytest.mark.parametrize("which", [0, 1, 2])
def test_trees_refuse_X_that_float64_would_change(case, which):
    X, msg = BAD_X[case]
    est = _estimators()[which]
    with pytest.raises(ValueError, match=msg):
        est.fit(X, Y01)


@pytest.mark.skipif(np.finfo(np.longdouble).nmant <= np.finfo(np.float64).nmant,
                    reason="long double is float64 here")
def test_trees_refuse_inexact_long_double():
    x = (np.arange(40, dtype=np.longdouble) + np.longdouble(1) / 3).reshape(-1, 1)
    for est in _estimators():
        with pytest.raises(ValueError, match="longdouble|float128"):
            est.fit(x, Y01)
    ok = np.arange(40, dtype=np.longdouble).reshape(-1, 1)       # exact: accepted
    assert CARTClassifier(xval=0).fit(ok, Y01).score(ok.astype(float), Y01) == 1.0


def test_integers_up_to_2_53_are_exact_and_separate():
    # 2**53 - 20 .. 2**53 + 19 would merge above 2**53; 2**53 - 40 .. 2**53 - 1 are
    # exact, and x >= 2**53 - 20 separates the classes: training accuracy 1
    x = (2 ** 53 - 40 + np.arange(40, dtype=np.int64)).reshape(-1, 1)
    for est in _estimators():
        est.fit(x, Y01)
        assert (est.predict(x) == Y01).all(), type(est).__name__
    with pytest.raises(ValueError, match="2\\*\\*53"):
        CARTClassifier(xval=0).fit(x + 20, Y01)


def test_predict_refuses_what_fit_would():
    X = np.arange(40.0).reshape(-1, 1)
    for est in _estimators():
        est.fit(X, Y01)
        with pytest.raises(ValueError, match="2\\*\\*53"):
            est.predict(BIG.reshape(-1, 1))
        with pytest.raises(ValueError, match="complex"):
            est.predict(X + 1j)


@pytest.mark.parametrize("y,msg", [
    (np.arange(40) + 1j, "y is complex"),
    (BIG, "y has integers beyond 2\\*\\*53"),
    (np.arange(40).astype("datetime64[D]"), "y holds dates/times"),
    (pd.Series(pd.date_range("2020-01-01", periods=40)), "y holds dates/times"),
])
def test_regression_target_is_refused_not_cast(y, msg):
    with pytest.raises(ValueError, match=msg):
        CARTRegressor(xval=0).fit(np.arange(40.0).reshape(-1, 1), y)


@pytest.mark.parametrize("w,msg", [
    (np.ones(40) + 1j, "sample_weight is complex"),
    (np.full(40, 2 ** 60), "sample_weight has integers beyond 2\\*\\*53"),
    (np.arange(40).astype("datetime64[D]"), "sample_weight holds dates/times"),
])
def test_sample_weight_is_refused_not_cast(w, msg):
    X = np.arange(40.0).reshape(-1, 1)
    for est in (CARTClassifier(xval=0), CARTRegressor(xval=0), AUCTreeClassifier()):
        with pytest.raises(ValueError, match=msg):
            est.fit(X, Y01, sample_weight=w)


def test_prior_and_loss_are_refused_not_cast():
    X = np.arange(40.0).reshape(-1, 1)
    with pytest.raises(ValueError, match="prior is complex"):
        CARTClassifier(xval=0, prior=np.array([0.5, 0.5]) + 0j).fit(X, Y01)
    with pytest.raises(ValueError, match="loss is complex"):
        CARTClassifier(xval=0, loss=(1 - np.eye(2)) + 0j).fit(X, Y01)


def test_nullable_and_small_integer_columns_are_read_exactly():
    X = pd.DataFrame({"a": pd.array(np.r_[np.arange(39), None], dtype="Int64"),
                      "b": np.arange(40, dtype=np.int8)})
    m = CARTClassifier(xval=0, min_split=2).fit(X, Y01)
    # independent check: the first split separates at 19.5 (rows 0..19 vs 20..39)
    assert float(m.splits_["index"].iloc[0]) == 19.5


# ------------------------------------------------------------------------- item 11
from rocstats_validation import rpart_parity as rp  # noqa: E402

STORED = [n for n in rp.case_names()
          if rp.load_case(n)["control"].get("usesurrogate", 2) == 2]


@pytest.mark.parametrize("name", STORED)
def test_predict_on_the_whole_data_frame_ignores_the_response(name):
    """A model fitted on the predictor columns routes the FULL data frame (response
    and unused columns included, columns in another order) as rpart's
    ``predict(fit, newdata = data)``: every training row lands where rpart's stored
    ``where`` says."""
    case = rp.load_case(name)
    data, _ = rp.load_dataset(case["dataset"])
    X, y, w, xval = rp.case_inputs(case, data)
    est = rp.fit_rocstats(case["method"], X, y, sample_weight=w,
                          **rp.estimator_params(case, 0))
    full = data[list(reversed(data.columns))]          # response first, order shuffled
    assert set(full.columns) - set(X.columns)           # something to ignore
    np.testing.assert_array_equal(est.node_number(full), rp.reference_result(case).where)


def test_predict_with_response_column_all_tree_estimators():
    rng = np.random.default_rng(11)
    df = pd.DataFrame({"a": rng.normal(size=60), "b": rng.normal(size=60)})
    df["y"] = pd.Categorical(np.where(df["a"] + 0.3 * rng.normal(size=60) > 0, "p", "n"),
                             categories=["n", "p"])
    df["id"] = [f"r{i}" for i in range(60)]       # a string column the models never saw
    X = df[["a", "b"]]
    for est in (CARTClassifier(xval=0), AUCTreeClassifier(random_state=0),
                AUCForestClassifier(n_trees=5, bootstrap=False, random_state=0)):
        est.fit(X, df["y"])
        np.testing.assert_array_equal(est.predict_proba(df), est.predict_proba(X))
        np.testing.assert_array_equal(est.predict(df[["id", "y", "b", "a"]]), est.predict(X))
        with pytest.raises(ValueError, match="missing fitted column"):
            est.predict(df[["a", "y"]])
    reg = CARTRegressor(xval=0).fit(X, df["a"] * 2)
    np.testing.assert_array_equal(reg.predict(df.assign(z=1)), reg.predict(X))


def test_duplicated_column_name_is_an_error():
    X = pd.DataFrame({"a": np.arange(20.0)})
    m = CARTRegressor(xval=0, min_split=2).fit(X, np.arange(20.0))
    bad = pd.concat([X, X], axis=1)
    with pytest.raises(ValueError, match="more than one column named \\['a'\\]"):
        m.predict(bad)


# ------------------------------------------------- seed check: ESL section 9.2 (seed 002)
# Each expected value is computed here from the book's formulas, never read from the
# estimator: (9.11), (9.13), (9.15) regression; (9.17) impurities; section 9.2.4 loss
# matrix (empirical Bayes class, class weights L_{k,1-k}); (9.16) cost complexity.

def _one_split(est):
    return est.fit(np.arange(1.0, 9.0).reshape(-1, 1), _ESL_Y[type(est) is CARTRegressor])


_ESL_Y = {False: np.array([0, 0, 1, 0, 1, 1, 1, 0]),
          True: np.array([1.0, 2.0, 1.5, 4.0, 6.0, 5.0, 7.5, 6.5])}


def _cut_criterion(y, q):
    """N_m Q_m summed over the two sides of every cut of x = 1..8, ESL (9.13)-(9.17)."""
    out = {}
    for k in range(1, y.size):
        parts = (y[:k], y[k:])
        out[k + 0.5] = sum(p.size * q(p) for p in parts)
    return out


def _gini(p):                    # (9.17): sum_k p_mk (1 - p_mk)
    f = np.bincount(p, minlength=2) / p.size
    return float(np.sum(f * (1 - f)))


def _entropy(p):                 # (9.17): -sum_k p_mk log p_mk
    f = np.bincount(p, minlength=2) / p.size
    f = f[f > 0]
    return float(-np.sum(f * np.log(f)))


def _sq(p):                      # (9.15): Q_m = mean squared deviation about c_m (9.11)
    return float(np.mean((p - p.mean()) ** 2))


@pytest.mark.parametrize("criterion,q", [("gini", _gini), ("information", _entropy)])
def test_esl_9_17_impurity_improvement(criterion, q):
    y = _ESL_Y[False]
    est = _one_split(CARTClassifier(criterion=criterion, min_split=2, min_bucket=1, cp=0,
                                    max_surrogate=0, xval=0))
    crit = _cut_criterion(y, q)
    best = min(crit, key=crit.get)
    s = est.splits_.iloc[0]
    assert float(s["index"]) == best
    np.testing.assert_allclose(float(s["improve"]), y.size * q(y) - crit[best], rtol=1e-12)


def test_esl_9_13_regression_split_and_9_15_node_risk():
    y = _ESL_Y[True]
    est = _one_split(CARTRegressor(min_split=2, min_bucket=1, cp=0, max_surrogate=0,
                                   xval=0, max_depth=1))
    crit = _cut_criterion(y, _sq)
    best = min(crit, key=crit.get)
    s = est.splits_.iloc[0]
    assert float(s["index"]) == best
    f = est.frame_
    np.testing.assert_allclose(f["dev"].iloc[0], y.size * _sq(y), rtol=1e-12)   # N_m Q_m
    # rpart's improve is the fraction of the node's N_m Q_m removed by the split
    np.testing.assert_allclose(float(s["improve"]), 1 - crit[best] / (y.size * _sq(y)),
                               rtol=1e-12)
    np.testing.assert_allclose(f["yval"].to_numpy(), [y.mean(), y[:int(best)].mean(),
                                                      y[int(best):].mean()], rtol=1e-12)


def test_esl_9_17_misclassification_is_the_node_risk():
    """Unit loss, priors = class frequencies: node risk = N_m (1 - p_{m k(m)})."""
    rng = np.random.default_rng(3)
    X = rng.normal(size=(120, 2))
    y = np.where(X[:, 0] + rng.normal(size=120) > 0, "b", np.where(X[:, 1] > 0.5, "c", "a"))
    est = CARTClassifier(xval=0, cp=0.02).fit(X, y)
    f = est.frame_
    counts = f[["count_a", "count_b", "count_c"]].to_numpy()
    np.testing.assert_allclose(f["dev"], counts.sum(1) - counts.max(1), rtol=1e-12)


def test_esl_9_2_4_empirical_bayes_class():
    """k(m) = argmin_k sum_l L_lk p_ml (L_lk: loss of classifying class l as k)."""
    rng = np.random.default_rng(5)
    X = rng.normal(size=(150, 2))
    y = np.array(["a", "b", "c"])[np.digitize(X[:, 0] + rng.normal(size=150), [-0.5, 0.5])]
    L = np.array([[0.0, 1.0, 4.0], [2.0, 0.0, 1.0], [1.0, 3.0, 0.0]])
    est = CARTClassifier(xval=0, cp=0.01, loss=L).fit(X, y)
    f = est.frame_
    n = f[["count_a", "count_b", "count_c"]].to_numpy()
    p = n / n.sum(axis=1, keepdims=True)          # default priors: node proportions
    expected = np.array(["a", "b", "c"])[np.argmin(p @ L, axis=1)]
    assert list(f["yval_label"]) == list(expected)
    np.testing.assert_allclose(f["dev"], np.min(n @ L, axis=1), rtol=1e-12)


def test_esl_9_2_4_two_class_loss_is_class_weights():
    """ESL 9.2.4 (and the spam example, 9.2.5): with two classes, a loss matrix acts on
    growing like weighting each class-k observation by L_{k,1-k}.  rpart's altered
    priors do exactly that: same splits, same node risks, same pruning sequence; the
    improvements differ by the constant sum_k f_k L_{k,1-k}."""
    d, _ = rp.load_dataset("birthwt")
    X, y = d.drop(columns="low"), d["low"]
    L = np.array([[0.0, 3.0], [1.0, 0.0]])
    a = CARTClassifier(loss=L, xval=0, cp=0.005).fit(X, y)
    w = np.where(y == "normal", 3.0, 1.0)
    b = CARTClassifier(xval=0, cp=0.005).fit(X, y, sample_weight=w)
    fa, fb = a.frame_, b.frame_
    assert list(fa.index) == list(fb.index) and list(fa["var"]) == list(fb["var"])
    np.testing.assert_allclose(fa["dev"], fb["dev"], rtol=1e-12)
    sa, sb = a.splits_, b.splits_
    pa, pb = sa[sa["type"] == "primary"], sb[sb["type"] == "primary"]
    assert list(pa["var"]) == list(pb["var"])
    np.testing.assert_array_equal(pa["index"], pb["index"])
    freq = np.array([(y == "normal").mean(), (y == "low").mean()])
    c = float(freq @ np.array([3.0, 1.0]))
    # primary and competitor improvements, matched by (node, variable): competitors
    # with improvements equal in exact arithmetic may be listed in another order
    ia = {(r.node, r.var): r.improve for r in sa[sa["type"] != "surrogate"].itertuples()}
    ib = {(r.node, r.var): r.improve for r in sb[sb["type"] != "surrogate"].itertuples()}
    assert ia.keys() == ib.keys()
    np.testing.assert_allclose([ia[k] * c for k in ia], [ib[k] for k in ia], rtol=1e-10)
    np.testing.assert_allclose(a.cptable_[["CP", "rel error"]], b.cptable_[["CP", "rel error"]],
                               rtol=1e-12)


def _prunings(tree, node=0):
    """Every pruned subtree rooted at ``node``: list of (set of leaves)."""
    if tree.left[node] < 0:
        return [frozenset([node])]
    out = [frozenset([node])]
    for left in _prunings(tree, tree.left[node]):
        for right in _prunings(tree, tree.right[node]):
            out.append(left | right)
    return out


def test_esl_9_16_weakest_link_gives_the_smallest_minimiser_of_C_alpha():
    """For alpha between consecutive cptable values, prune(cp) must be the smallest
    subtree minimising C_alpha(T) = sum_m N_m Q_m(T) + alpha |T| (ESL (9.16)); checked
    against every pruned subtree of the grown tree (brute force)."""
    rng = np.random.default_rng(8)
    X = rng.normal(size=(200, 3))
    y = X[:, 0] + np.sin(2 * X[:, 1]) + 0.5 * rng.normal(size=200)
    est = CARTRegressor(xval=0, cp=0.004, max_depth=4).fit(X, y)
    tree = est.tree_
    risk = np.asarray(tree.risk)
    subtrees = _prunings(tree)
    assert 20 < len(subtrees) < 200000
    cost = np.array([[sum(risk[m] for m in s), len(s)] for s in subtrees])
    cps = est.cptable_["CP"].to_numpy()
    root = risk[0]
    for lo, hi in zip(cps[1:], cps[:-1]):
        cp = float(np.sqrt(lo * hi))
        alpha = cp * root                         # rpart's cp is alpha / R(root)
        c = cost[:, 0] + alpha * cost[:, 1]
        best = np.flatnonzero(c <= c.min() * (1 + 1e-12))
        smallest = int(cost[best, 1].min())
        pruned = est.prune(cp).tree_
        assert pruned.n_leaves == smallest
        np.testing.assert_allclose(sum(np.asarray(pruned.risk)[pruned.is_leaf]) + alpha *
                                   pruned.n_leaves, c.min(), rtol=1e-12)


def test_cart_doctests():
    """The docstring examples of the CART modules (formula sources and checkable
    examples) run."""
    import doctest

    from rocstats.ensemble import _forest
    from rocstats.tree import (_classes, _criterion, _data, _export, _importance, _prune,
                               _splitter, _surrogate)

    for mod in (_classes, _criterion, _data, _export, _importance, _prune, _splitter,
                _surrogate, _forest):
        res = doctest.testmod(mod, optionflags=doctest.NORMALIZE_WHITESPACE)
        assert res.failed == 0, mod.__name__


# ------------------------------------------------------------------------- item 4
BIRTHWT_CASES = ["birthwt_gini", "birthwt_information_loss", "birthwt_prior",
                 "birthwt_unused_levels", "birthwt_unused_levels_loss"]


@pytest.mark.parametrize("name", BIRTHWT_CASES)
@pytest.mark.parametrize("form", ["bare Categorical", "category Series"])
def test_class_order_is_the_level_order(name, form):
    """MASS::birthwt with low = factor(levels = c("normal", "low")) (and a variant with
    unused levels before and after): frame, splits, cptable, where and importance equal
    rpart's stored results whether y is a bare pandas Categorical or a category Series;
    prior and loss are read in the level order."""
    case = rp.load_case(name)
    data, _ = rp.load_dataset(case["dataset"])
    X, y, w, xval = rp.case_inputs(case, data)
    y = y.array if form == "bare Categorical" else y
    assert isinstance(y, pd.Categorical) == (form == "bare Categorical")
    est = rp.fit_rocstats(case["method"], X, y, sample_weight=w,
                          **rp.estimator_params(case, xval))
    assert list(est.classes_) == list(data["low"].cat.categories)
    records = rp.diff_results(rp.rocstats_result(est), rp.reference_result(case).as_dict(),
                              source="stored", case=name)
    failed, _, _ = rp.outcome(records)
    assert not failed, "\n".join(rp.describe(r) for r in failed[:10])


def test_unused_levels_predict_proba_and_frame():
    """classes_ keeps all four levels (scikit-learn layout: one predict_proba column per
    class); frame_ has rpart's numclass = 3 class columns (unknown: count 0, prior 0;
    verylow, after the last level in use, none -- R's yval2 has none either, and R's
    predict(type = "prob") fails on such a fit)."""
    case = rp.load_case("birthwt_unused_levels")
    data, _ = rp.load_dataset("birthwt_levels")
    X, y, _, xval = rp.case_inputs(case, data)
    est = rp.fit_rocstats("class", X, y, **rp.estimator_params(case, 0))
    ref = rp.reference_result(case)
    assert list(est.classes_) == ["unknown", "normal", "low", "verylow"]
    assert [c for c in est.frame_.columns if c.startswith("count_")] == [
        "count_unknown", "count_normal", "count_low"]
    p = est.predict_proba(data)
    assert p.shape == (len(data), 4)
    np.testing.assert_array_equal(p[:, [0, 3]], 0.0)
    expected = ref.frame.loc[ref.where, ["prob_normal", "prob_low"]].to_numpy()
    np.testing.assert_allclose(p[:, 1:3], expected, rtol=1e-12)
    assert set(est.predict(data)) <= {"normal", "low"}
    # the prior in classes_ order (four entries) or in rpart's layout (three)
    a = CARTClassifier(prior=[0, 0.4, 0.6, 0], xval=0).fit(X, y)
    b = CARTClassifier(prior=[0, 0.4, 0.6], xval=0).fit(X, y)
    c = CARTClassifier(prior={"normal": 0.4, "low": 0.6, "unknown": 0, "verylow": 0},
                       xval=0).fit(X, y)
    for other in (b, c):
        pd.testing.assert_frame_equal(a.frame_, other.frame_)
    with pytest.raises(ValueError, match="no rows in y"):
        CARTClassifier(prior=[0.1, 0.3, 0.6, 0], xval=0).fit(X, y)


def test_prior_for_levels_yes_no_is_not_swapped():
    """The issue's example: a prior written for levels (yes, no) applies to yes, no."""
    case = rp.load_case("birthwt_prior")                # prior c(0.4, 0.6), levels normal, low
    data, _ = rp.load_dataset("birthwt")
    X, y, _, _ = rp.case_inputs(case, data)
    yes_no = pd.Categorical(np.where(y == "low", "yes", "no"), categories=["no", "yes"])
    ours = CARTClassifier(prior=[0.4, 0.6], cp=0.005, xval=0).fit(X, yes_no)
    ref = rp.reference_result(case)
    assert list(ours.frame_["var"]) == list(ref.frame["var"])
    np.testing.assert_allclose(ours.frame_["prob_yes"], ref.frame["prob_low"], rtol=1e-10)
    assert list(ours.classes_) == ["no", "yes"]


@pytest.mark.parametrize("make", [
    lambda: AUCTreeClassifier(random_state=0),
    lambda: AUCForestClassifier(n_trees=20, random_state=0, bootstrap=False)])
def test_auc_trees_keep_the_category_order(make):
    d, _ = rp.load_dataset("birthwt")
    X = d[["age", "lwt", "smoke", "ptl", "ht", "ui", "ftv"]]
    y = d["low"]                                         # levels normal, low
    labels = y.astype(str).to_numpy()                    # the same labels as plain text
    ref = make().fit(X, labels)                          # sorted: low, normal
    assert list(ref.classes_) == ["low", "normal"]
    for yy in (y, y.array):                              # Series and bare Categorical
        est = make().fit(X, yy)
        assert list(est.classes_) == ["normal", "low"]
        # the two-class AUC split is symmetric in the classes: the same trees, with the
        # probability columns in the category order
        np.testing.assert_array_equal(est.predict_proba(X), ref.predict_proba(X)[:, ::-1])
        np.testing.assert_array_equal(est.predict(X), ref.predict(X))
