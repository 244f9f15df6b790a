"""``ci_band(kind="simultaneous")``: the attributes, warnings and degenerate cases the
first tests left open (mutation run of issue 23).  Expected values: the replicates
redrawn from the documented stream (definitions.resample_def) and pROC's rule over the
listed points (definitions.curve_at_def); attributes and messages from the docstrings."""
import math
import warnings

import numpy as np
import pytest

import rocstats
from rocstats import UndefinedAUCWarning

from definitions import curve_at_def, resample_def

rng0 = np.random.default_rng(3)
Y = rng0.permutation(np.repeat([1, 0], [12, 15]))
S = np.round(rng0.normal(1.0 * Y), 1)
POS, NEG = list(S[Y == 1]), list(S[Y == 0])
GRID = [0.1, 0.3, 0.5, 0.6, 0.8, 0.9]
METHOD = "bootstrap sup-norm (constant width), Campbell 1994"


def _band(*args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return rocstats.ci_band(*args, kind="simultaneous", **kwargs)


def test_attrs_report_the_options_used():
    b = _band(Y, S, specificities=GRID, n_boot=7, level=0.8, stratified=False,
              random_state=11)
    a = b.attrs
    assert a["kind"] == "simultaneous" and a["level"] == 0.8 and a["n_boot"] == 7
    assert a["stratified"] is False and a["seed"] == 11 and a["method"] == METHOD
    b = _band(Y, S, specificities=GRID, n_boot=5, random_state=2)
    assert b.attrs["stratified"] is True and b.attrs["level"] == 0.95


def test_one_valid_replicate_gives_its_own_sup_deviation():
    b = _band(Y, S, specificities=GRID, n_boot=1, random_state=19)
    est = [curve_at_def(POS, NEG, "specificity", v) for v in GRID]
    P, N = resample_def(POS, NEG, 19, 0)
    c = max(abs(curve_at_def(P, N, "specificity", v) - e) for v, e in zip(GRID, est))
    assert b.attrs["n_valid"] == 1
    assert b.attrs["critical_value"] == pytest.approx(c, abs=1e-14) and c > 0


def test_no_valid_replicate_gives_nan_bounds_with_the_warning():
    with warnings.catch_warnings(), \
            pytest.warns(UndefinedAUCWarning, match="1 of 1 bootstrap replicates gave an "
                                                    "undefined sensitivity"):
        warnings.filterwarnings("ignore", "ci_band.. of a ROC curve with AUC == 1")
        b = rocstats.ci_band([0, 1], [0.2, 0.9], kind="simultaneous",
                             specificities=[0.2, 0.6], n_boot=1, stratified=False,
                             random_state=3)
    assert b.attrs["n_valid"] == 0 and math.isnan(b.attrs["critical_value"])
    for col in ("lower", "upper"):
        assert b[col].dtype == np.float64 and b[col].isna().all()
    assert b["estimate"].tolist() == [1.0, 1.0]


@pytest.mark.parametrize("y, which", [([1, 1, 1], "no negatives"), ([0, 0, 0], "no positives")])
def test_one_class_is_undefined_with_the_warning(y, which):
    with pytest.warns(UndefinedAUCWarning,
                      match=r"The ROC curve \(ci_band\) is undefined: y_true has %s" % which):
        b = rocstats.ci_band(y, [0.1, 0.5, 0.7], kind="simultaneous", specificities=GRID,
                             n_boot=5, random_state=1)
    assert b["specificity"].tolist() == GRID
    for col in ("lower", "estimate", "upper"):
        assert b[col].dtype == np.float64 and b[col].isna().all()
    assert b.attrs["n_valid"] == 0 and math.isnan(b.attrs["critical_value"])


def test_perfect_curve_warns_by_the_function_name():
    with pytest.warns(UserWarning, match=r"^ci_band\(\) of a ROC curve with AUC == 1 is "
                                         "always a null interval"):
        rocstats.ci_band([0, 0, 1, 1], [1, 2, 3, 4], kind="simultaneous",
                         specificities=GRID, n_boot=5, random_state=1)


def test_pos_label_and_n_jobs_are_used():
    lab = np.where(Y == 1, "case", "ctrl")
    a = _band(lab, S, specificities=GRID, n_boot=20, random_state=4, pos_label="case")
    b = _band(Y, S, specificities=GRID, n_boot=20, random_state=4)
    np.testing.assert_array_equal(a[["lower", "estimate", "upper"]].to_numpy(),
                                  b[["lower", "estimate", "upper"]].to_numpy())
    c = _band(1 - Y, S, specificities=GRID, n_boot=20, random_state=4, pos_label=0)
    np.testing.assert_array_equal(c["estimate"].to_numpy(), b["estimate"].to_numpy())
    with pytest.raises(ValueError, match="n_jobs must be None or a non-zero integer"):
        rocstats.ci_band(Y, S, kind="simultaneous", specificities=GRID, n_boot=5, n_jobs=0)
