"""The reader of every binary statistic, `rocstats._sample` (issue 23, surviving mutants of
`binary_sample`, `_looks_swapped`, `_two_dimensional`, `BinarySample.column`).

Documented behaviour pinned here:

* swapped arguments -- ``f(y_score, y_true)`` -- are named in the error when the "labels"
  are 1-D numbers with more than two distinct values and the "scores" a non-empty 1-D
  container of at most two distinct numbers, booleans or strings (`_looks_swapped`'s
  docstring); the error names the scores' argument.  Anything else keeps the label
  contract's own error ("y_true has 4 distinct labels ...; a ROC curve needs two").
* a missing or scalar ``y_score`` is refused with a ``ValueError`` naming ``y_score``
  (`rocstats._validation.as_float_array`), also through the per-marker wrapper.
* scores passed beside a ROC are refused, naming the function's own score argument
  (``y_scores`` for `rocstats.delong_joint_test`).
* ``rs[name]`` of a `rocstats.ROCSet` is the ROC of that marker, with the set's
  ``direction``: a case is ``score >= threshold`` (``score <= threshold`` with
  ``direction=">"``), `rocstats.coords`' docstring.
"""
import numpy as np
import pytest

import rocstats
from definitions import auc_def

LABELS4 = [1.0, 2.0, 3.0, 4.0]        # four distinct numbers: not a binary outcome
DISTINCT = "4 distinct labels"
SWAPPED = "look swapped"


def _error(y_true, y_score, fn=rocstats.auc):
    with pytest.raises(ValueError) as exc:
        fn(y_true, y_score)
    return str(exc.value)


# ------------------------------------------------------------------ swapped arguments
@pytest.mark.parametrize("labels", [["no", "yes", "yes", "no"],
                                    np.array(["no", "yes", "yes", "no"], dtype=object),
                                    [0, 1, 1, 0], [False, True, True, False]])
def test_swapped_arguments_are_named_with_the_score_argument(labels):
    msg = _error([0.2, 0.9, 0.7, 0.1], labels)
    assert SWAPPED in msg
    # the message names the scores' argument (binary_sample passes its score_name)
    assert "y_score at most 2" in msg and "f(y_true, y_score)" in msg


@pytest.mark.parametrize("y_score", [
    [],                                               # no scores: nothing looks like labels
    [[0, 1], [1]],                                    # ragged: no verdict
    np.array(["2020-01-01", "2020-01-02"] * 2, dtype="datetime64[D]"),   # dates
    np.array([1j, 2j, 1j, 2j]),                       # complex
    np.array(["a", 1, "a", 1], dtype=object),          # unorderable mix: no verdict
], ids=["empty", "ragged", "dates", "complex", "mixed-object"])
def test_not_label_like_scores_keep_the_label_error(y_score):
    msg = _error(LABELS4, y_score)
    assert DISTINCT in msg and SWAPPED not in msg


@pytest.mark.parametrize("fn", [rocstats.roc, rocstats.delong])
def test_two_dimensional_scores_keep_the_label_error(fn):
    # k markers read whole (not marker by marker): a 2-D container is not swapped labels
    msg = _error(LABELS4, np.array([[0, 1], [1, 0], [0, 1], [1, 0]]), fn)
    assert DISTINCT in msg and SWAPPED not in msg


# ------------------------------------------------------------------ missing scores
@pytest.mark.parametrize("fn", [rocstats.auc, rocstats.ci_auc, rocstats.coords,
                                rocstats.roc_curve])
@pytest.mark.parametrize("y_score, says", [(None, "y_score is None"),
                                           ("abcd", "y_score must be 1")])
def test_missing_or_scalar_scores_are_refused_by_name(fn, y_score, says):
    with pytest.raises(ValueError, match=says):
        fn([0, 1, 0, 1], y_score)


# ------------------------------------------------------------------ a ROC in place of data
def test_scores_beside_a_rocset_are_refused_under_the_functions_argument_name():
    rs = rocstats.roc([0, 0, 1, 1], np.c_[[0.1, 0.4, 0.35, 0.8], [0.9, 0.2, 0.3, 0.1]])
    with pytest.raises(ValueError, match="^y_scores must not be given with a rocstats.ROC"):
        rocstats.delong_joint_test(rs, np.c_[[1, 2, 3, 4], [4, 3, 2, 1]])


# ------------------------------------------------------------------ ROCSet columns
Y = np.array([0, 0, 0, 1, 1, 1])
S = np.c_[[0.9, 0.7, 0.5, 0.6, 0.2, 0.1], [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]]


@pytest.mark.filterwarnings("ignore::rocstats.ReversedDirectionWarning")
@pytest.mark.parametrize("direction", ["<", ">"])
def test_rocset_marker_keeps_the_sets_direction(direction):
    rs = rocstats.roc(Y, S, direction=direction)
    for j, name in enumerate(rs):
        r = rs[name]
        assert r.direction == direction
        pos, neg = S[Y == 1, j], S[Y == 0, j]
        if direction == ">":
            pos, neg = -pos, -neg
        assert r.auc() == pytest.approx(auc_def(pos, neg), abs=1e-15)
        # a case is score >= t ("<") or score <= t (">"): the coords' definition
        xs = np.array([0.55, 0.35, 2.5, 4.5])
        co = r.coords(xs, input="threshold", ret=["threshold", "sensitivity",
                                                  "specificity"])
        called = (S[:, j][:, None] >= xs) if direction == "<" else (S[:, j][:, None] <= xs)
        sens = called[Y == 1].mean(axis=0)
        spec = 1 - called[Y == 0].mean(axis=0)
        np.testing.assert_allclose(co["threshold"], xs, rtol=0, atol=0)
        np.testing.assert_allclose(co["sensitivity"], sens, rtol=0, atol=1e-15)
        np.testing.assert_allclose(co["specificity"], spec, rtol=0, atol=1e-15)
