"""ReversedDirectionWarning: a binary AUC below 0.5 under the given direction is returned
unchanged, with one warning that names the AUC, the direction, the positive label and the
way to get 1 - AUC (pROC flips silently; scikit-learn says nothing)."""
import warnings

import numpy as np
import pandas as pd
import pytest

import rocstats


def _caught(fn, *args, **kwargs):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        out = fn(*args, **kwargs)
    return out, [x for x in w if issubclass(x.category, rocstats.ReversedDirectionWarning)]


def test_auc_below_half_warns_once_and_is_not_flipped():
    y, s = ["Good", "Poor", "Poor", "Good"], [0.9, 0.2, 0.4, 0.8]
    a, w = _caught(rocstats.auc, y, s, pos_label="Poor")
    assert a == 0.0                                      # every pair reversed: U = 0
    assert len(w) == 1
    msg = str(w[0].message)
    assert "AUC = 0 < 0.5" in msg and "direction='<'" in msg and "'Poor'" in msg
    assert "direction='>'" in msg and "1 - AUC = 1" in msg
    b, w = _caught(rocstats.auc, y, s, pos_label="Poor", direction=">")
    assert b == 1.0 and not w


def test_no_warning_at_or_above_one_half_nor_for_partial_areas():
    _, w = _caught(rocstats.auc, [0, 1, 0, 1], [1, 1, 2, 2])        # exactly 0.5
    assert not w
    _, w = _caught(rocstats.auc, [0, 1, 0, 1], [2, 1, 3, 0], partial=(0.8, 1))
    assert not w


def test_delong_columns_named_in_one_warning():
    rng = np.random.default_rng(1)
    y = rng.integers(0, 2, 60)
    S = pd.DataFrame({"good": y + rng.normal(size=60), "bad": -y + rng.normal(size=60),
                      "worse": -2 * y + rng.normal(size=60)})
    r, w = _caught(rocstats.delong, y, S)
    assert len(w) == 1
    msg = str(w[0].message)
    assert "bad: AUC" in msg and "worse: AUC" in msg and "good" not in msg
    assert r.auc[1] < 0.5 and r.auc[0] > 0.5              # unchanged numbers
    # the paired test of such a marker warns through delong, too
    _, w = _caught(rocstats.roc_test, y, S["good"], S["bad"])
    assert len(w) == 1


def test_ci_auc_warns_by_either_method():
    y, s = [0, 1, 0, 1, 0, 1], [0.9, 0.1, 0.8, 0.3, 0.2, 0.7]
    for method in ("delong", "bootstrap"):
        ci, w = _caught(rocstats.ci_auc, y, s, method=method, n_boot=50, random_state=1)
        assert len(w) == 1 and ci.estimate < 0.5, method
