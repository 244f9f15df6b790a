"""The AUC forest on a Dask cluster (issue 14): joblib's Dask backend runs the trees as
tasks on a LocalCluster of 2 worker processes (started and closed here), and the forest
is the same as with n_jobs=1 for the same random_state -- every tree's seed is spawned
from it before any task runs, so where a tree grows does not matter."""
import numpy as np
import pytest

import gates

gates.require("dask")                               # the one Dask gate (tests/gates.py)

import distributed                                  # noqa: E402,F401
import joblib                                       # noqa: E402,F401

from rocstats.ensemble import AUCForestClassifier   # noqa: E402




def _data(seed=5, n=300, p=6, k=3):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, p))
    X[:, 2] = np.round(X[:, 2])                        # ties
    y = (X[:, 0] + 0.5 * X[:, 1] + rng.normal(size=n) > 0).astype(int)
    if k == 3:
        y = y + (X[:, 3] > 1)
    return X, y


@pytest.mark.parametrize("k", [2, 3])
def test_forest_on_dask_equals_n_jobs_1(client, k):
    X, y = _data(k=k)
    kw = dict(n_trees=24, random_state=11, importance=True)
    ref = AUCForestClassifier(n_jobs=1, **kw).fit(X, y)
    with distributed.get_task_stream(client) as ts, joblib.parallel_config(backend="dask"):
        fit = AUCForestClassifier(n_jobs=-1, **kw).fit(X, y)
    # the trees really ran as tasks on the cluster's workers
    workers = {task["worker"] for task in ts.data}
    assert len(ts.data) >= 1 and workers <= set(client.scheduler_info()["workers"])
    np.testing.assert_array_equal(fit.oob_decision_function_, ref.oob_decision_function_)
    np.testing.assert_array_equal(fit.oob_n_trees_, ref.oob_n_trees_)
    np.testing.assert_array_equal(fit.feature_importances_, ref.feature_importances_)
    np.testing.assert_array_equal(fit.predict_proba(X), ref.predict_proba(X))
    assert (fit.oob_auc_, fit.oob_brier_) == (ref.oob_auc_, ref.oob_brier_)
