"""Issue 23: errors name the argument the caller passed and come from the layer that
checks it; one rule for numeric options (a real number, never a string); limits instead
of MemoryError.  No R needed (the messages are ours); the numbers behind the refusals are
in tests/parity/test_edge_cases_parity.py."""
import numpy as np
import pytest

import rocstats

Y = [0, 0, 1, 1, 0, 1, 0, 1]
S = [0.1, 0.4, 0.35, 0.8, 0.2, 0.7, 0.5, 0.3]
T = [0.2, 0.3, 0.5, 0.6, 0.1, 0.4, 0.8, 0.7]


def test_power_with_pilot_data_names_y_score_not_auc():
    with pytest.raises(ValueError, match="^y_score: the pilot data's empirical AUC is 1.0") as e:
        rocstats.power_roc_test(y_true=[0, 0, 1, 1], y_score=[1, 2, 3, 4])
    assert "auc must" not in str(e.value)
    with pytest.raises(ValueError, match="^y_score: .* is 0.0"):
        rocstats.power_roc_test(y_true=[0, 0, 1, 1], y_score=[4, 3, 2, 1])


@pytest.mark.parametrize("tol", [-1, "x", float("nan"), float("inf"), True, [1e-4]])
def test_power_tol_is_checked_up_front(tol):
    with pytest.raises(ValueError, match="^tol must be None or a finite number >= 0"):
        rocstats.power_roc_test(ncases=30, ncontrols=30, power=0.8, tol=tol)


def test_power_tol_zero_and_procs_tolerance_work():
    exact = rocstats.power_roc_test(ncases=30, ncontrols=30, power=0.8, tol=0)
    proc = rocstats.power_roc_test(ncases=30, ncontrols=30, power=0.8,
                                   tol=rocstats.compare._power.PROC_UNIROOT_TOL)
    assert exact.auc == pytest.approx(proc.auc, abs=2e-4)


@pytest.mark.parametrize("call, name", [
    (lambda v: rocstats.auc_test(Y, S, null=v), "null"),
    (lambda v: rocstats.roc_test(Y, S, T, method="specificity", specificity=v), "specificity"),
    (lambda v: rocstats.roc_test(Y, S, T, method="sensitivity", sensitivity=v), "sensitivity"),
    (lambda v: rocstats.delong(Y, S).conf_int(v), "level"),
    (lambda v: rocstats.coords(Y, S, "best", best_weights=(v, 0.5)), "best_weights"),
    (lambda v: rocstats.coords(Y, S, "best", best_weights=(1.0, v)), "best_weights"),
    (lambda v: rocstats.power_roc_test(auc=0.8, ncases=30, sig_level=v), "sig_level"),
])
@pytest.mark.parametrize("value", ["0.5", b"0.5", True, None, [0.5]])
def test_numeric_options_refuse_strings_everywhere(call, name, value):
    if value is None and name in ("sig_level",):
        pytest.skip("None is the quantity solved for")
    with pytest.raises(ValueError, match="^%s" % name):
        call(value)


def test_numeric_options_accept_numpy_numbers():
    a = rocstats.auc_test(Y, S, null=np.float32(0.5))
    b = rocstats.auc_test(Y, S, null=np.array(0.5))
    assert a.pvalue == b.pvalue == rocstats.auc_test(Y, S, null=0.5).pvalue
    assert rocstats.delong(Y, S).conf_int(np.float64(0.9)).lower == \
        rocstats.delong(Y, S).conf_int(0.9).lower


def test_ci_thresholds_names_thresholds():
    with pytest.raises(ValueError, match="^thresholds must be one of"):
        rocstats.ci_thresholds(Y, S, "foo", n_boot=10, random_state=1)
    with pytest.raises(ValueError, match="^thresholds"):
        rocstats.ci_thresholds(Y, S, [[0.1, 0.2]], n_boot=10, random_state=1)


def test_n_boot_and_smoothing_points_have_limits_not_memory_errors():
    from rocstats.bootstrap._engine import MAX_N_BOOT
    from rocstats.curves._smooth import MAX_N

    with pytest.raises(ValueError, match="^n_boot must be at most %d" % MAX_N_BOOT):
        rocstats.ci_auc(Y, S, method="bootstrap", n_boot=10 ** 12, random_state=1)
    with pytest.raises(ValueError, match="^n_boot must be at most"):
        rocstats.roc_test(Y, S, T, method="bootstrap", n_boot=1e12, random_state=1)
    with pytest.raises(ValueError, match="^n must be at most %d" % MAX_N):
        rocstats.smooth_roc(Y, S, n=10 ** 9)
    with pytest.raises(ValueError, match="^n must be at most"):
        rocstats.smooth_roc(Y, S, method="density", n=10 ** 9)


def test_plain_strings_are_sorted_by_code_point_and_a_categorical_keeps_its_order():
    # the documented difference from R's factor(), whose order follows the locale
    # (rocstats.r.r_factor gives R's order; tests/live/test_edge_cases_live.py)
    import pandas as pd
    from rocstats.tree import CARTClassifier

    X = np.arange(8.0).reshape(-1, 1)
    y = np.array(["a", "B", "a", "B", "a", "B", "a", "B"])
    assert list(CARTClassifier(xval=0).fit(X, y).classes_) == ["B", "a"]     # "B" < "a"
    cat = pd.Categorical(y, categories=["a", "B"])                         # R's order
    assert list(CARTClassifier(xval=0).fit(X, cat).classes_) == ["a", "B"]


def test_n_boot_limit_is_inclusive(monkeypatch):
    from rocstats import _options

    monkeypatch.setattr(_options, "MAX_N_BOOT", 30)
    assert rocstats.ci_auc(Y, S, method="bootstrap", n_boot=30, random_state=1).n_boot == 30
    with pytest.raises(ValueError, match="^n_boot must be at most 30"):
        rocstats.ci_auc(Y, S, method="bootstrap", n_boot=31, random_state=1)
