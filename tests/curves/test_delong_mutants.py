"""`rocstats.delong` (`rocstats.curves._delong`): what the one-class NaN results carry,
the direction recorded by partial and weighted results, the reversed-direction
warning's text, and the argument names in its errors (issue 23, surviving mutants).

Expected values: the documented behaviour (``delong``'s Returns section: with one class
absent NaN and an `UndefinedAUCWarning`, ``names`` a DataFrame's column names,
``partial`` / ``focus`` / ``correct`` and ``weight_type`` recorded; the float64 policy's
"<name> contains NaN" error), and ``definitions.pauc_def`` / ``weighted_auc_def``
(direct O(m n) definitions) for the numbers.
"""
import warnings

import numpy as np
import pandas as pd
import pytest

import rocstats
from definitions import pauc_def, weighted_auc_def
from rocstats import ReversedDirectionWarning
from rocstats._validation import UndefinedAUCWarning

ONE = [1, 1, 1, 1]                      # one class only: the AUC is undefined
S1 = [0.1, 0.4, 0.3, 0.8]


def _undefined(fn):
    with warnings.catch_warnings(record=True) as rec:
        warnings.simplefilter("always")
        res = fn()
    assert any(r.category is UndefinedAUCWarning for r in rec)
    return res


# ----------------------------------------------------------------- one class: NaN results
def test_one_class_partial_records_the_range_focus_and_correction():
    r = _undefined(lambda: rocstats.delong(ONE, S1, partial=(0.6, 1), focus="sensitivity",
                                           correct=True))
    assert np.isnan(r.auc) and np.isnan(r.variance)
    assert (r.n_pos, r.n_neg) == (4, 0)
    assert tuple(r.partial) == (0.6, 1.0)
    assert r.focus == "sensitivity" and r.correct is True
    assert r.weight_type is None


def test_one_class_dataframe_keeps_the_column_names_and_separate_arrays():
    df = pd.DataFrame({"ca125": S1, "he4": [2.0, 1.0, 4.0, 3.0]})
    r = _undefined(lambda: rocstats.delong(ONE, df))
    assert r.names == ("ca125", "he4")
    assert r.auc.shape == r.variance.shape == (2,)
    assert np.isnan(r.auc).all() and np.isnan(r.variance).all()
    assert r.covariance.shape == (2, 2) and np.isnan(r.covariance).all()
    # the fields are separate arrays (as for a defined result): writing into one
    # (e.g. filling NaN for a report) leaves the other as it was
    assert not np.shares_memory(r.auc, r.variance)
    r.variance[0] = 0.0
    assert np.isnan(r.auc[0])


@pytest.mark.parametrize("weight_type", ["frequency", "sampling"])
def test_one_class_weighted_is_nan_with_its_weight_type(weight_type):
    r = _undefined(lambda: rocstats.delong(ONE, S1, sample_weight=[1, 2, 1, 1],
                                           weight_type=weight_type, direction=">"))
    assert np.isnan(r.auc) and np.isnan(r.variance)
    assert r.n_neg == 0
    assert r.weight_type == weight_type
    assert r.direction == ">" and r.pos_label == 1
    assert r.partial is None


# ----------------------------------------------------------------- direction recorded
Y = np.array([1, 1, 1, 0, 0, 0])
S = np.array([0.2, 0.5, 0.9, 0.4, 0.8, 0.7])


def test_partial_result_records_direction_greater():
    r = rocstats.delong(Y, S, partial=(0.6, 1), direction=">")
    assert r.direction == ">"
    # controls > cases: the working score is -S
    expected = pauc_def(-S[Y == 1], -S[Y == 0], 0.6, 1.0)
    assert r.auc == pytest.approx(float(expected), rel=1e-12, abs=1e-15)


def test_weighted_result_records_direction_greater():
    w = np.array([1, 2, 1, 3, 1, 1])
    with pytest.warns(ReversedDirectionWarning):     # weighted AUC 0.45 < 0.5 here
        r = rocstats.delong(Y, S, sample_weight=w, direction=">")
    assert r.direction == ">" and r.weight_type == "frequency"
    expected = weighted_auc_def(-S[Y == 1], -S[Y == 0], w[Y == 1], w[Y == 0])
    assert r.auc == float(expected)


# ----------------------------------------------------------------- the reversed warning
def test_reversed_warning_names_direction_and_positive_class():
    # pairs (0.1, .6) (0.1, .9) (.8, .6) (.8, .9): one of four in order, AUC = 0.25
    y, s = ["case", "case", "ctrl", "ctrl"], [0.1, 0.8, 0.6, 0.9]
    with warnings.catch_warnings(record=True) as rec:
        warnings.simplefilter("always")
        r = rocstats.delong(y, s, pos_label="case")
    msgs = [str(x.message) for x in rec if x.category is ReversedDirectionWarning]
    assert len(msgs) == 1
    assert r.auc == 0.25
    assert msgs[0].startswith("AUC = 0.25 < 0.5 with direction='<' (larger scores indicate "
                              "the positive class 'case')")


# ----------------------------------------------------------------- argument names in errors
def test_two_dimensional_score_with_nan_is_refused_naming_y_score():
    S2 = np.column_stack([S, S[::-1]])
    S2[2, 1] = np.nan
    with pytest.raises(ValueError, match=r"^y_score contains NaN"):
        rocstats.delong(Y, S2)
    S2[2, 1] = np.inf
    with pytest.raises(ValueError, match=r"^y_score contains infinite values"):
        rocstats.delong(Y, S2)


def test_weighted_score_with_nan_is_refused():
    s = S.copy()
    s[4] = np.nan
    with pytest.raises(ValueError, match=r"^y_score contains NaN"):
        rocstats.delong(Y, s, sample_weight=[1, 2, 1, 3, 1, 1])
    with pytest.raises(ValueError, match=r"^y_score contains NaN"):
        rocstats.delong(Y, s, sample_weight=[1, 2, 1, 3, 1, 1], weight_type="sampling")


def test_unpaired_test_names_the_second_score_in_its_errors():
    with pytest.raises(ValueError, match=r"^y_true has 4 rows but y_score_b has 5$"):
        rocstats.roc_test_unpaired([1, 1, 0, 0], [0.9, 0.7, 0.8, 0.1],
                                   [1, 1, 0, 0], [0.9, 0.8, 0.5, 0.6, 0.1], method="delong")
    with pytest.raises(ValueError, match=r"^y_score_b contains NaN"):
        rocstats.roc_test_unpaired([1, 1, 0, 0], [0.9, 0.7, 0.8, 0.1],
                                   [1, 1, 0, 0], [0.9, np.nan, 0.5, 0.6], method="delong")


@pytest.mark.parametrize("method", ["delong", "bootstrap", "venkatraman"])
@pytest.mark.parametrize("which", ["a", "b"])
def test_unpaired_tests_refuse_two_dimensional_scores_by_name(method, which):
    # two independent ROC curves: one marker per sample (a 2-D y_score_b crashed the
    # DeLong test with a TypeError, or, holding NaN, was refused as "y_score")
    S2 = np.array([[0.9, 0.8, 0.5, 0.6], [0.1, 0.8, 0.5, np.nan]]).T
    one = [0.9, 0.7, 0.8, 0.1]
    for S in (S2, np.nan_to_num(S2)):
        args = ([1, 1, 0, 0], S, [1, 1, 0, 0], one) if which == "a" else \
            ([1, 1, 0, 0], one, [1, 1, 0, 0], S)
        with pytest.raises(ValueError, match=r"^y_score_%s must be 1-dimensional" % which):
            rocstats.roc_test_unpaired(*args, method=method, n_boot=10, random_state=1)


@pytest.mark.parametrize("weights, weight_type, n_pos", [
    ([1, 2, 1], "frequency", 4),          # the summed frequency weights
    ([1, 2, 0], "sampling", 2),           # the rows with positive sampling weight
])
def test_one_class_weighted_counts_are_the_documented_ones(weights, weight_type, n_pos):
    # delong's docstring: with frequency weights n_pos / n_neg are the summed weights,
    # with sampling weights the numbers of rows with positive weight -- also when a class
    # is absent (the rows were counted there: 3)
    with pytest.warns(rocstats.UndefinedAUCWarning):
        r = rocstats.delong([1, 1, 1], [0.1, 0.2, 0.3], sample_weight=weights,
                            weight_type=weight_type)
    assert np.isnan(r.auc) and (r.n_pos, r.n_neg) == (n_pos, 0)
    with pytest.warns(rocstats.UndefinedAUCWarning):
        r = rocstats.delong([0, 0, 0], [0.1, 0.2, 0.3], sample_weight=weights,
                            weight_type=weight_type)
    assert (r.n_pos, r.n_neg) == (0, n_pos)
