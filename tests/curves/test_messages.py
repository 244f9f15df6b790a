"""What the user reads: the reversed-direction warning and the numeric-option errors say
which AUC, which way, and the allowed range (issue 23: the text pieces built outside the
``warnings.warn`` / ``raise`` lines were mutated and no test read them).

Expected texts follow from the data: AUC = 1/4 by the pairwise definition (of the 4 pairs
one is ordered), so 1 - AUC = 3/4."""
import warnings

import numpy as np
import pytest

import rocstats
from rocstats import ReversedDirectionWarning

Y, S = [1, 1, 0, 0], [0.1, 0.8, 0.6, 0.9]          # pairs: (0.1, .6) (0.1, .9) (.8, .6) (.8, .9)


def _message(fn):
    with warnings.catch_warnings(record=True) as rec:
        warnings.simplefilter("always")
        fn()
    msgs = [str(r.message) for r in rec if r.category is ReversedDirectionWarning]
    assert len(msgs) == 1, msgs
    return msgs[0]


def test_reversed_warning_names_the_auc_the_side_and_the_fix():
    msg = _message(lambda: rocstats.auc(Y, S))
    assert msg.startswith("AUC = 0.25 < 0.5 with direction='<' (larger scores indicate "
                          "the positive class 1)")
    assert "direction='>' (or the other class as pos_label) gives 1 - AUC = 0.75" in msg


def test_reversed_warning_for_direction_greater():
    msg = _message(lambda: rocstats.auc(Y, -np.asarray(S), direction=">"))
    assert msg.startswith("AUC = 0.25 < 0.5 with direction='>' (smaller scores indicate")
    assert "direction='<' (or the other class as pos_label) gives 1 - AUC" in msg


def test_reversed_warning_for_several_markers_lists_only_the_low_ones():
    good = [0.2, 0.9, 0.1, 0.3]                     # AUC 1
    msg = _message(lambda: rocstats.delong(Y, np.c_[good, S]))
    assert msg.startswith("column 1: AUC = 0.25 < 0.5")
    assert "column 0" not in msg and msg.count("AUC =") == 1
    assert "gives 1 - AUC;" in msg


@pytest.mark.parametrize("level, text", [(0, "level must be a number strictly between 0 and 1"),
                                         (1.5, "level must be a number strictly between 0 and 1")])
def test_level_error_states_the_range(level, text):
    with pytest.raises(ValueError) as err:
        rocstats.ci_auc(Y, S, level=level)
    assert str(err.value).startswith(text)


@pytest.mark.parametrize("null", [float("inf"), "0.5", True])
def test_unbounded_number_error_says_finite_number(null):
    res = rocstats.delong([1, 1, 0, 0, 1], [0.9, 0.8, 0.6, 0.1, 0.5])
    with pytest.raises(ValueError) as err:
        res.test(null)
    assert str(err.value) == "null must be a finite number, got %r" % (null,)
