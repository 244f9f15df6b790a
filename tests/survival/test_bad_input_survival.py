"""Bad input to rocstats.survival: a ValueError naming the argument."""
import numpy as np
import pytest

from rocstats.survival import time_roc, time_roc_test

T = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
E = [1, 0, 1, 1, 0, 1]
M = [0.3, 0.1, 0.5, 0.9, 0.2, 0.4]


@pytest.mark.parametrize("kwargs, match", [
    (dict(time=[-1, 2, 3, 4, 5, 6]), "time has negative"),
    (dict(time=[np.nan, 2, 3, 4, 5, 6]), "time contains NaN"),
    (dict(event=[1, 0, 1, -1, 0, 1]), "event must hold"),
    (dict(event=[1, 0, 1.5, 1, 0, 1]), "event must hold"),
    (dict(event=[1, 0, 1]), "event has 3"),
    (dict(marker=[1, 2, 3]), "marker has 3"),
    (dict(marker=[1, 2, 3, np.inf, 5, 6]), "marker contains infinite"),
    (dict(marker=["a"] * 6), "marker holds strings"),
    (dict(times=[-1.0]), "times has negative"),
    (dict(times=[3.0, 2.0]), "strictly increasing"),
    (dict(times=[2.0, 2.0]), "strictly increasing"),
    (dict(times=[]), "times is empty"),
    (dict(cause=0), "cause must be"),
    (dict(cause=1.0), "cause must be"),
    (dict(direction="auto"), "direction"),
    (dict(definition="incident"), "definition"),
    (dict(controls=3), "controls"),
    (dict(weighting="aalen"), "weighting"),
    (dict(weighting="cox"), "covariates are required"),
    (dict(weighting="cox", covariates=np.ones((6, 1)), conservative=False), "conservative"),
    (dict(weighting="cox", covariates=np.ones((5, 1)), conservative=True), "one row per"),
    (dict(covariates=np.ones((6, 1))), "only used with weighting='cox'"),
])
def test_value_errors(kwargs, match):
    args = dict(time=T, event=E, marker=M, times=[3.0])
    args.update(kwargs)
    with pytest.raises(ValueError, match=match):
        time_roc(args.pop("time"), args.pop("event"), args.pop("marker"), args.pop("times"),
                 **args)


def test_singular_cox_model():
    z = np.ones((6, 1))   # a constant covariate: no information
    with pytest.raises(ValueError, match="covariates"):
        time_roc(T, E, M, [3.0], weighting="cox", covariates=z, conservative=True)


def test_test_arguments():
    with pytest.raises(ValueError, match="direction"):
        time_roc_test(T, E, M, M, [3.0], direction=("<",))
    with pytest.raises(ValueError, match="names"):
        time_roc_test(T, E, M, M, [3.0], names=("a",))
    with pytest.raises(ValueError, match="marker_b|b has"):
        time_roc_test(T, E, M, M[:3], [3.0])


def test_boolean_event_and_scalar_time():
    r = time_roc(T, np.array(E, bool), M, 3.0)
    s = time_roc(T, E, M, [3.0])
    np.testing.assert_array_equal(r.auc, s.auc)
