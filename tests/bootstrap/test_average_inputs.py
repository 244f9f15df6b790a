"""roc_average / roc_average_cv: the input forms and every field of the result.

Input forms: ROCCurve results and (y_true, y_score) pairs, cross_validate results with X
as an ndarray, a list of rows, a DataFrame (columns selected by name) or a sparse
matrix, y as an array or a category Series; estimators with only predict_proba, only
decision_function (its sign for either pos_label), or a hand-written one; direction "<"
and ">".  Expected values: each fold's curve by counting (definitions.roc_polygon_def,
definitions.auc_def), the t band / interval with scipy's t quantile, the documented
rules (thresholds evenly spaced in rank among the pooled distinct scores; the pooled
band is rocstats.ci_band of the pooled data; roc_average_cv is cross_validate then
roc_average), and the argument errors' messages naming the argument.
"""
import math
import sys

import numpy as np
import pandas as pd
import pytest
from scipy import stats

import rocstats

from definitions import auc_def, roc_polygon_def


# --------------------------------------------------------------------------- helpers
def _folds(seed, k=3, n=(12, 16, 14)):
    """k folds of continuous scores (no ties: every score is distinct over all folds)."""
    rng = np.random.default_rng(seed)
    out = []
    for i in range(k):
        y = rng.integers(0, 2, n[i])
        y[:2] = (0, 1)
        out.append((y, np.round(rng.normal(1.2 * y), 6) + 1e-7 * i))
    return out


def _vertical_def(y, s, grid):
    """ROCR's vertical rule on the brute-force polygon: points sharing a false-positive
    rate replaced by their mean sensitivity, then linear interpolation."""
    verts = roc_polygon_def(s[y == 1], s[y == 0])
    by_x = {}
    for x, t in verts:
        by_x.setdefault(x, []).append(t)
    xs = sorted(by_x)
    return np.interp(grid, xs, [sum(by_x[x]) / len(by_x[x]) for x in xs])


def _trapezoid_def(x, y):
    return sum((x[i + 1] - x[i]) * (y[i + 1] + y[i]) / 2 for i in range(len(x) - 1))


def _t_band(vals, level):
    k = vals.shape[0]
    mean = vals.mean(axis=0)
    half = stats.t.ppf(0.5 + level / 2, k - 1) * vals.std(axis=0, ddof=1) / math.sqrt(k)
    return mean, np.clip(mean - half, 0, 1), np.clip(mean + half, 0, 1)


ESTIMAND = "E[ROC of a fold model on its test fold] (the procedure's expected curve and AUC)"


@pytest.fixture
def sk():
    pytest.importorskip("sklearn")
    from sklearn import linear_model, model_selection

    return linear_model, model_selection


def _xy(seed=0, n=40):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, 2))
    y = (X[:, 0] + 0.8 * rng.normal(size=n) > 0).astype(int)
    return X, y


def _cv(model_selection, est, X, y, cv=3, **kw):
    return model_selection.cross_validate(est, X, y, cv=cv, return_estimator=True,
                                          return_indices=True, **kw)


# --------------------------------------------------------------------------- threshold
@pytest.mark.parametrize("direction", ["<", ">"])
def test_threshold_average_every_field(direction):
    """Thresholds evenly spaced in rank among the pooled distinct scores (the first the
    point (0, 0): +inf, or -inf for direction '>'); each fold's point by counting; the
    t band of both coordinates; the fold AUCs, their t interval and the area under the
    mean curve."""
    sign = 1 if direction == "<" else -1
    folds = [(y, sign * s) for y, s in _folds(11)]
    level, grid = 0.9, 11
    a = rocstats.roc_average(folds, method="threshold", grid=grid, level=level,
                             direction=direction)
    pooled = sorted({float(v) for _, s in folds for v in s}, reverse=(direction == "<"))
    m = len(pooled)
    ranks = sorted({int(round(i * (m - 1) / (grid - 2))) for i in range(grid - 1)})
    thr = np.array([sign * math.inf] + [pooled[r] for r in ranks])
    np.testing.assert_array_equal(a.thresholds, thr)
    assert a.method == "threshold" and a.direction == direction
    fx, ty = [], []
    for y, s in folds:
        hit = s >= thr[:, None] if direction == "<" else s <= thr[:, None]
        fx.append((hit & (y == 0)).sum(axis=1) / (y == 0).sum())
        ty.append((hit & (y == 1)).sum(axis=1) / (y == 1).sum())
    fx, ty = np.array(fx), np.array(ty)
    np.testing.assert_allclose(a.fold_fpr, fx, atol=1e-15)
    np.testing.assert_allclose(a.fold_tpr, ty, atol=1e-15)
    assert a.fpr[0] == 0 and a.tpr[0] == 0
    fm, flo, fhi = _t_band(fx, level)
    tm, tlo, thi = _t_band(ty, level)
    np.testing.assert_allclose(a.fpr, fm, atol=1e-15)
    np.testing.assert_allclose(a.tpr, tm, atol=1e-15)
    np.testing.assert_allclose(a.fpr_lower, flo, atol=1e-14)
    np.testing.assert_allclose(a.fpr_upper, fhi, atol=1e-14)
    np.testing.assert_allclose(a.lower, tlo, atol=1e-14)
    np.testing.assert_allclose(a.upper, thi, atol=1e-14)
    assert a.band == "pointwise" and a.level == level
    assert a.critical_value == pytest.approx(stats.t.ppf(0.95, 2), abs=1e-12)
    aucs = [auc_def(s[y == 1] * sign, s[y == 0] * sign) for y, s in folds]
    assert a.fold_aucs == pytest.approx(aucs, abs=1e-15)
    assert a.auc == pytest.approx(np.mean(aucs), abs=1e-15)
    half = stats.t.ppf(0.95, 2) * np.std(aucs, ddof=1) / math.sqrt(3)
    assert (a.auc_ci.lower, a.auc_ci.upper, a.auc_ci.level) == pytest.approx(
        (max(0, np.mean(aucs) - half), min(1, np.mean(aucs) + half), level), abs=1e-14)
    assert a.auc_of_mean_curve == pytest.approx(_trapezoid_def(fm, tm), abs=1e-14)
    assert a.n_folds == 3
    for c, (y, s) in zip(a.fold_curves, folds):
        assert c.auc == pytest.approx(auc_def(s[y == 1] * sign, s[y == 0] * sign), abs=1e-15)
    assert a.estimand.startswith(ESTIMAND)
    assert "folds taken as independent" in a.estimand
    assert a.estimand.endswith("; scores on one scale across folds")


def test_threshold_average_without_a_band_and_seeded_simultaneous_band():
    folds = _folds(12, k=4, n=(12, 14, 13, 15))
    a = rocstats.roc_average(folds, method="threshold", grid=6, band=None)
    assert a.lower is None and a.upper is None
    assert a.fpr_lower is None and a.fpr_upper is None
    assert math.isnan(a.critical_value) and a.band is None
    s1 = rocstats.roc_average(folds, method="threshold", grid=6, band="simultaneous",
                              random_state=5)
    s2 = rocstats.roc_average(folds, method="threshold", grid=6, band="simultaneous",
                              random_state=5)
    assert s1.critical_value == s2.critical_value
    np.testing.assert_array_equal(s1.lower, s2.lower)
    np.testing.assert_array_equal(s1.fpr_upper, s2.fpr_upper)
    # the simultaneous band is the mean -/+ c s / sqrt(k), c above the t quantile
    np.testing.assert_allclose(s1.tpr, a.tpr, atol=0)
    assert s1.critical_value > stats.t.ppf(0.975, 3)


# --------------------------------------------------------------------------- vertical
def test_vertical_average_direction_area_and_estimand():
    folds = _folds(13)
    grid = np.array([0.0, 0.1, 0.25, 0.5, 0.8, 1.0])
    a = rocstats.roc_average([(y, -s) for y, s in folds], grid=grid, direction=">")
    per = np.vstack([_vertical_def(y, s, grid) for y, s in folds])
    np.testing.assert_allclose(a.tpr, per.mean(axis=0), atol=1e-15)
    assert a.direction == ">" and all(c.direction == ">" for c in a.fold_curves)
    assert a.auc_of_mean_curve == pytest.approx(_trapezoid_def(grid, per.mean(axis=0)),
                                                abs=1e-14)
    assert a.estimand == ESTIMAND + ", folds taken as independent"


def test_one_fold_is_its_own_average_with_undefined_band_and_interval():
    y, s = _folds(14)[0]
    grid = np.linspace(0, 1, 5)
    a = rocstats.roc_average([(y, s)], grid=grid)
    np.testing.assert_allclose(a.tpr, _vertical_def(y, s, grid), atol=1e-15)
    assert np.isnan(a.lower).all() and np.isnan(a.upper).all()
    assert a.auc == pytest.approx(auc_def(s[y == 1], s[y == 0]), abs=1e-15)
    assert math.isnan(a.auc_ci.lower) and math.isnan(a.auc_ci.upper)
    b = rocstats.roc_average([rocstats.roc_curve(y, -s, direction=">")], grid=grid)
    assert b.direction == ">"
    np.testing.assert_allclose(b.tpr, a.tpr, atol=1e-15)


# --------------------------------------------------------------------------- pooled
def test_pooled_from_curves_with_a_grid_and_the_default_replicates():
    """ROCCurve folds carry their data (unweighted counts), so the pooled average of
    curves is that of the pairs; the band's false-positive rates are the grid; the
    default n_boot is 2000 (the signature's)."""
    folds = _folds(15)
    y = np.concatenate([f[0] for f in folds])
    s = np.concatenate([f[1] for f in folds])
    curves = [rocstats.roc_curve(yy, ss) for yy, ss in folds]
    grid = [0.0, 0.2, 0.5, 0.9]
    a = rocstats.roc_average(curves, method="pooled", grid=grid, n_boot=50, random_state=2)
    b = rocstats.roc_average(folds, method="pooled", grid=grid, n_boot=50, random_state=2)
    np.testing.assert_allclose(a.band_fpr, grid, atol=1e-15)
    np.testing.assert_array_equal(a.lower, b.lower)
    assert a.auc == pytest.approx(auc_def(s[y == 1], s[y == 0]), abs=1e-15)
    band = rocstats.ci_band(y, s, specificities=1 - np.array(grid)[::-1], n_boot=50,
                            random_state=2)
    np.testing.assert_array_equal(a.upper, band["upper"].to_numpy()[::-1])


# --------------------------------------------------------------------------- errors
def test_argument_errors_name_the_argument():
    folds = _folds(16)
    y, s = folds[0]
    for bad in ("ab", b"ab", (f for f in folds), 3):
        with pytest.raises(ValueError, match="^folds must be a non-empty sequence"):
            rocstats.roc_average(bad)
    with pytest.raises(ValueError, match="^fold 1 is a tuple"):
        rocstats.roc_average([folds[0], (y, s, s)])
    with pytest.raises(ValueError, match="^fold 1 is a ndarray"):
        rocstats.roc_average([folds[0], np.vstack([y, s])])
    with pytest.raises(ValueError, match=r"^the folds' curves have different directions"):
        rocstats.roc_average([rocstats.roc_curve(y, s), rocstats.roc_curve(y, s, direction=">")])


def test_cross_validate_results_errors(sk):
    linear_model, model_selection = sk
    X, y = _xy(1)
    res = _cv(model_selection, linear_model.LogisticRegression(), X, y)
    for kw in ({"X": X}, {"y": y}):
        with pytest.raises(ValueError, match="^X and y are needed with cross_validate"):
            rocstats.roc_average(res, **kw)
    tests = res["indices"]["test"]
    for ind in ({}, {"test": tests[:2]}, {"train": res["indices"]["train"]}):
        bad = {"estimator": res["estimator"], "indices": ind}
        with pytest.raises(ValueError, match=r"^cv_results\['indices'\]\['test'\] must give"):
            rocstats.roc_average(bad, X=X, y=y)
    unfitted = {"estimator": [linear_model.LogisticRegression()] * 3, "indices": {"test": tests}}
    with pytest.raises(ValueError, match="^estimator must be a fitted binary classifier"):
        rocstats.roc_average(unfitted, X=X, y=y)

    class Neither:
        classes_ = np.array([0, 1])

    with pytest.raises(ValueError, match="^estimator has neither predict_proba nor decision"):
        rocstats.roc_average({"estimator": [Neither()] * 3, "indices": {"test": tests}},
                             X=X, y=y)


# --------------------------------------------------------------------------- estimators
def _manual(res, X, y, score):
    """Each fold's AUC from ``score(estimator, rows)`` by definition."""
    out = []
    for est, idx in zip(res["estimator"], res["indices"]["test"]):
        s, yt = np.asarray(score(est, X[idx]), float), y[idx]
        out.append(auc_def(s[yt == 1], s[yt == 0]))
    return out


def test_predict_proba_only_estimator(sk):
    _, model_selection = sk
    from sklearn.naive_bayes import GaussianNB

    X, y = _xy(2)
    res = _cv(model_selection, GaussianNB(), X, y)
    a = rocstats.roc_average(res, X=X, y=y, method="threshold", grid=5)
    want = _manual(res, X, y, lambda e, x: e.predict_proba(x)[:, 1])
    assert a.fold_aucs == pytest.approx(want, abs=1e-15)
    assert ((a.thresholds[1:] >= 0) & (a.thresholds[1:] <= 1)).all()


def test_predict_proba_preferred_to_decision_function(sk):
    """LogisticRegression has both: the scores are the probabilities (threshold grid of
    pooled probabilities), not the decision values."""
    linear_model, model_selection = sk
    X, y = _xy(3)
    res = _cv(model_selection, linear_model.LogisticRegression(), X, y)
    a = rocstats.roc_average(res, X=X, y=y, method="threshold", grid=5)
    probs = np.concatenate([e.predict_proba(X[i])[:, 1]
                            for e, i in zip(res["estimator"], res["indices"]["test"])])
    pooled = sorted(set(probs.tolist()), reverse=True)
    m = len(pooled)
    assert (m - 1) % 3 == 0                 # ranks 0, (m-1)/3, 2(m-1)/3, m-1 exactly
    ranks = [i * (m - 1) // 3 for i in range(4)]
    np.testing.assert_array_equal(a.thresholds, [np.inf] + [pooled[r] for r in ranks])


@pytest.mark.parametrize("pos", [1, 0])
def test_decision_function_only_estimator_and_its_sign(sk, pos):
    """RidgeClassifier has no predict_proba: its decision_function scores classes_[1],
    so pos_label=classes_[0] takes its negative."""
    linear_model, model_selection = sk
    X, y = _xy(4)
    res = _cv(model_selection, linear_model.RidgeClassifier(), X, y)
    a = rocstats.roc_average(res, X=X, y=y, pos_label=pos)
    sign = 1 if pos == 1 else -1
    yp = (y == pos).astype(int)
    want = _manual(res, X, yp, lambda e, x: sign * e.decision_function(x))
    assert a.fold_aucs == pytest.approx(want, abs=1e-15)
    assert min(want) > 0.5                  # the right sign ranks the positives higher
    for c, est, idx in zip(a.fold_curves, res["estimator"], res["indices"]["test"]):
        np.testing.assert_array_equal(
            c.thresholds[1:], np.unique(sign * est.decision_function(X[idx]))[::-1])


class _Votes:
    """A hand-written fitted classifier: decision_function = unsigned vote counts for
    classes_[1] (as a column when ``column``)."""

    classes_ = np.array([0, 1])

    def __init__(self, column=False):
        self.column = column

    def decision_function(self, X):
        v = np.asarray(X)[:, 0].astype(np.uint8)
        return v[:, None] if self.column else v


def test_hand_written_decision_function_column_and_unsigned_votes():
    votes = np.array([0, 1, 2, 3, 0, 2, 3, 1, 0, 3, 2, 1])
    y = np.array([0, 0, 1, 1, 0, 1, 1, 0, 0, 1, 0, 1])
    X = np.column_stack([votes, np.zeros(12)])
    test = [np.arange(0, 6), np.arange(6, 12)]
    for est in (_Votes(column=True), _Votes()):
        res = {"estimator": [est, est], "indices": {"test": test}}
        a = rocstats.roc_average(res, X=X, y=y)
        assert a.fold_aucs == pytest.approx(
            [auc_def(votes[i][y[i] == 1], votes[i][y[i] == 0]) for i in test], abs=1e-15)
    # pos_label = classes_[0]: the scores are minus the votes
    a = rocstats.roc_average({"estimator": [_Votes()] * 2, "indices": {"test": test}},
                             X=X, y=y, pos_label=0)
    for c, i in zip(a.fold_curves, test):
        np.testing.assert_array_equal(c.thresholds[1:], np.unique(-votes[i].astype(float))[::-1])
    assert a.fold_aucs == pytest.approx(
        [auc_def(-votes[i][y[i] == 0], -votes[i][y[i] == 1]) for i in test], abs=1e-15)


# --------------------------------------------------------------------------- X and y forms
def test_dataframe_list_and_sparse_X(sk):
    linear_model, model_selection = sk
    import scipy.sparse as sp
    from sklearn.compose import ColumnTransformer
    from sklearn.pipeline import make_pipeline

    X, y = _xy(5)
    # a DataFrame whose columns the pipeline selects by name: the folds' rows must stay
    # a DataFrame (an ndarray has no column names)
    df = pd.DataFrame({"a": X[:, 0], "b": X[:, 1]})
    pipe = make_pipeline(ColumnTransformer([("keep", "passthrough", ["a", "b"])]),
                         linear_model.LogisticRegression())
    res = _cv(model_selection, pipe, df, y)
    a = rocstats.roc_average(res, X=df, y=y)
    want = _manual(res, df.to_numpy(), y,
                   lambda e, x: e.predict_proba(pd.DataFrame(x, columns=["a", "b"]))[:, 1])
    assert a.fold_aucs == pytest.approx(want, abs=1e-15)
    # a list of rows and a sparse matrix give the ndarray's folds
    res = _cv(model_selection, linear_model.LogisticRegression(), X, y)
    ref = _manual(res, X, y, lambda e, x: e.predict_proba(x)[:, 1])
    for form in (X.tolist(), sp.csr_matrix(X)):
        b = rocstats.roc_average(res, X=form, y=y)
        assert b.fold_aucs == pytest.approx(ref, abs=1e-12)


def test_category_series_y_keeps_its_levels_in_every_fold():
    """A category Series is read by its codes (label contract), whatever its levels'
    types: the second level is positive in each fold as in the whole."""
    y = pd.Series(pd.Categorical([1, "case", "case", 1, "case", 1, 1, "case"],
                                 categories=[1, "case"]))
    X = np.array([[0.1], [0.9], [0.7], [0.3], [0.4], [0.5], [0.2], [0.8]])

    class Proba:
        classes_ = np.array([1, "case"], dtype=object)

        def predict_proba(self, X):
            p = np.asarray(X, float)[:, 0]
            return np.column_stack([1 - p, p])

    test = [np.arange(0, 4), np.arange(4, 8)]
    a = rocstats.roc_average({"estimator": [Proba()] * 2, "indices": {"test": test}},
                             X=X, y=y)
    case = (y == "case").to_numpy()
    assert a.fold_aucs == pytest.approx(
        [auc_def(X[i, 0][case[i]], X[i, 0][~case[i]]) for i in test], abs=1e-15)
    assert all(c.pos_label == "case" for c in a.fold_curves)


# --------------------------------------------------------------------------- roc_average_cv
def test_roc_average_cv_forwards_every_argument(sk):
    """roc_average_cv = cross_validate(...) then roc_average with the same arguments.
    Every argument differs from its default (n_boot=30: on 40 rows the simultaneous
    band's width is discrete, and from about 40 replicates on it equals the default
    2000's)."""
    linear_model, model_selection = sk
    X, y = _xy(6)
    kw = dict(method="pooled", grid=[0.1, 0.4, 0.7], band="simultaneous", level=0.9,
              n_boot=30, random_state=4)
    a = rocstats.roc_average_cv(linear_model.LogisticRegression(), X, y, cv=3, **kw)
    res = _cv(model_selection, linear_model.LogisticRegression(), X, y)
    b = rocstats.roc_average(res, X=X, y=y, **kw)
    assert (a.method, a.band, a.level) == ("pooled", "simultaneous", 0.9)
    np.testing.assert_allclose(a.band_fpr, [0.1, 0.4, 0.7], atol=1e-15)
    np.testing.assert_array_equal(a.lower, b.lower)
    np.testing.assert_array_equal(a.upper, b.upper)
    assert a.critical_value == b.critical_value
    assert (a.auc_ci.lower, a.auc_ci.upper) == (b.auc_ci.lower, b.auc_ci.upper)
    # the default n_boot (2000) is the same in both: one band of the pooled data
    c = rocstats.roc_average_cv(linear_model.LogisticRegression(), X, y, cv=3,
                                method="pooled", random_state=8)
    d = rocstats.roc_average(res, X=X, y=y, method="pooled", random_state=8)
    np.testing.assert_array_equal(c.lower, d.lower)
    np.testing.assert_array_equal(c.upper, d.upper)


def test_roc_average_cv_default_folds_groups_and_n_jobs(sk):
    linear_model, model_selection = sk
    X, y = _xy(7)
    a = rocstats.roc_average_cv(linear_model.LogisticRegression(), X, y, band=None)
    assert a.n_folds == 5                   # cv=5: StratifiedKFold(5), unshuffled
    want = []
    for tr, te in model_selection.StratifiedKFold(5).split(X, y):
        p = linear_model.LogisticRegression().fit(X[tr], y[tr]).predict_proba(X[te])[:, 1]
        want.append(auc_def(p[y[te] == 1], p[y[te] == 0]))
    assert a.fold_aucs == pytest.approx(want, abs=1e-12)
    groups = np.repeat(np.arange(8), 5)
    g = rocstats.roc_average_cv(linear_model.LogisticRegression(), X, y,
                                cv=model_selection.GroupKFold(4), groups=groups, band=None)
    assert g.n_folds == 4
    assert sorted(c.n_pos + c.n_neg for c in g.fold_curves) == [10, 10, 10, 10]
    with pytest.raises(ValueError, match="n_jobs"):
        rocstats.roc_average_cv(linear_model.LogisticRegression(), X, y, cv=3, n_jobs=0)


def test_roc_average_cv_without_scikit_learn(monkeypatch):
    monkeypatch.setitem(sys.modules, "sklearn.model_selection", None)
    with pytest.raises(ImportError, match="^roc_average_cv needs scikit-learn"):
        rocstats.roc_average_cv(object(), np.zeros((4, 1)), [0, 1, 0, 1])


@pytest.mark.parametrize("cv, missing", [
    ({"fit_time": [0.1], "test_score": [0.5]}, "'estimator' and 'indices'"),
    ({"estimator": [None], "test_score": [0.5]}, "'indices'"),
    ({"indices": {"test": [[0]]}}, "'estimator'"),
])
def test_cross_validate_results_without_their_options_name_the_options(cv, missing):
    # cross_validate without return_estimator / return_indices: say which key is missing
    # and which options make it (this dict used to be read as a sequence of folds)
    text = ("folds is a dict without %s: pass the results of scikit-learn's "
            "cross_validate(..., return_estimator=True, return_indices=True), or a sequence "
            "of ROCCurve results or (y_true, y_score) pairs" % missing)
    for kw in ({}, {"X": [[0.0]], "y": [1]}):
        with pytest.raises(ValueError) as err:
            rocstats.roc_average(cv, **kw)
        assert str(err.value) == text
