"""scikit-learn's estimator checks (``parametrize_with_checks``) for every tree
estimator and the forest, and the estimators inside ``cross_val_score``,
``GridSearchCV`` and ``Pipeline``.

Expected failures are listed below, each with the rpart semantics that win over
scikit-learn's convention; every other check must pass.
"""
import numpy as np
import pytest

sklearn = pytest.importorskip("sklearn")

from sklearn.model_selection import GridSearchCV, KFold, cross_val_score  # noqa: E402
from sklearn.pipeline import make_pipeline  # noqa: E402
from sklearn.preprocessing import StandardScaler  # noqa: E402
from sklearn.utils.estimator_checks import parametrize_with_checks  # noqa: E402

from rocstats.ensemble import AUCForestClassifier  # noqa: E402
from rocstats.tree import (AUCTreeClassifier, CARTClassifier, CARTRegressor,  # noqa: E402
                           ROCTreeClassifier)

ESTIMATORS = [CARTClassifier(), CARTRegressor(), AUCTreeClassifier(),
              ROCTreeClassifier(), AUCForestClassifier(n_trees=10)]

# rpart's case weights are not row replication: min_split and min_bucket count rows (not
# weight), so a row of weight 2 and two rows of weight 1 can stop a node differently, and
# the cross-validation folds that pick the pruned tree are drawn over rows.  rpart
# (rpart.control, "minsplit: the minimum number of observations") defines it so, and the
# parity suites hold the estimators to rpart's trees.
_RPART_WEIGHTS = {
    "check_sample_weight_equivalence_on_dense_data":
        "rpart semantics: min_split / min_bucket count rows, not case weights",
}
EXPECTED_FAILED = {
    "CARTClassifier": _RPART_WEIGHTS,
    "CARTRegressor": _RPART_WEIGHTS,
}


def _expected_failed(estimator):
    return EXPECTED_FAILED.get(type(estimator).__name__, {})


@parametrize_with_checks(ESTIMATORS, expected_failed_checks=_expected_failed)
def test_sklearn_estimator_checks(estimator, check):
    check(estimator)


def _binary(n=120, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, 4))
    y = (X[:, 0] + 0.5 * X[:, 1] + rng.normal(scale=0.7, size=n) > 0).astype(int)
    return X, y


@pytest.mark.parametrize("est", [CARTClassifier(), AUCTreeClassifier(random_state=0),
                                 ROCTreeClassifier(random_state=0),
                                 AUCForestClassifier(n_trees=10, random_state=0)],
                         ids=lambda e: type(e).__name__)
def test_cross_val_score_and_pipeline(est):
    """cross_val_score equals the mean over folds fitted by hand (accuracy), and the
    estimator works as the last step of a Pipeline."""
    X, y = _binary()
    cv = KFold(4, shuffle=True, random_state=1)
    scores = cross_val_score(est, X, y, cv=cv)
    by_hand = []
    for tr, te in cv.split(X):
        fitted = sklearn.base.clone(est).fit(X[tr], y[tr])
        by_hand.append(np.mean(fitted.predict(X[te]) == y[te]))
    np.testing.assert_allclose(scores, by_hand)
    assert scores.mean() > 0.6                        # the signal is learnable
    pipe = make_pipeline(StandardScaler(), sklearn.base.clone(est)).fit(X, y)
    assert pipe.predict(X).shape == (len(y),)
    assert pipe.score(X, y) > 0.6


def test_grid_search_over_tree_parameters():
    """GridSearchCV chooses among parameter values and refits the best."""
    X, y = _binary(n=150, seed=2)
    gs = GridSearchCV(CARTClassifier(xval=0), {"max_depth": [1, 3], "cp": [0.0, 0.05]},
                      cv=KFold(3, shuffle=True, random_state=0)).fit(X, y)
    assert set(gs.best_params_) == {"max_depth", "cp"}
    best = gs.best_estimator_
    assert (best.max_depth, best.cp) == (gs.best_params_["max_depth"], gs.best_params_["cp"])
    assert hasattr(best, "tree_")
    assert gs.cv_results_["mean_test_score"].shape == (4,)
    yr = X[:, 0] * 2 + np.random.default_rng(3).normal(size=150)
    gr = GridSearchCV(CARTRegressor(xval=0), {"min_bucket": [2, 10]}, cv=3).fit(X, yr)
    assert gr.best_params_["min_bucket"] in (2, 10)
    ga = GridSearchCV(AUCForestClassifier(n_trees=5, random_state=0),
                      {"node_size": [1, 5]}, cv=3).fit(X, y)
    assert ga.best_estimator_.node_size in (1, 5)
