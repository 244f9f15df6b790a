"""Rossa's rule (`rocstats.roc_gof_rule`) and its tree-node helpers
(`rocstats.gof._rule.rule_statistics`, `closest_point`): the cases the first tests left
open (mutation run of issue 23).  Expected statistics come from the pairwise definition
(definitions.rossa_statistic_def); the rest from the docstrings."""
import math
import warnings

import numpy as np
import pytest

import rocstats
from rocstats import UndefinedAUCWarning
from rocstats.gof._rule import closest_point, rule_statistics

from definitions import rossa_statistic_def

# 6 positives, 7 negatives, many ties (so the tie rule and the cells matter)
Y = np.array([1, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 1, 0])
A = np.array([3, 1, 3, 2, 1, 2, 4, 0, 2, 3, 1, 4, 2], dtype=float)
B = np.array([0, 1, 1, 0, 2, 2, 0, 1, 3, 1, 0, 2, 1], dtype=float)
XX = np.c_[B, A]


def _stat(x, y, rule="upper", cells=None):
    return rossa_statistic_def(list(x[y == 1]), list(x[y == 0]), rule, cells)[0]


def _rule(*args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return rocstats.roc_gof_rule(*args, **kwargs)


def test_one_class_gives_the_documented_undefined_result():
    with pytest.warns(UndefinedAUCWarning, match="Rossa's rule is undefined"):
        r = rocstats.roc_gof_rule(np.ones(5, int), np.arange(10.0).reshape(5, 2),
                                  variable_names=["a", "b"], cells=3, ties="lower")
    assert r.variable is None and r.variable_index == -1
    assert r.statistics.shape == (2,) and np.isnan(r.statistics).all()
    assert r.direction == "<"
    for v in (r.threshold, r.sensitivity, r.specificity, r.distance):
        assert isinstance(v, float) and math.isnan(v)
    assert r.variable_names == ("a", "b") and r.cells == 3 and r.ties == "lower"


def test_pos_label_swaps_the_classes():
    r = _rule(Y, XX, pos_label=0, ties="upper")
    ref = [_stat(XX[:, j], 1 - Y) for j in range(2)]
    np.testing.assert_allclose(r.statistics, ref, rtol=1e-12)
    assert r.sensitivity == _rule(1 - Y, XX, ties="upper").sensitivity


@pytest.mark.parametrize("rule", ["lower", "upper"])
def test_tie_rule_is_passed_on_and_reported(rule):
    r = _rule(Y, XX, ties=rule)
    ref = [_stat(XX[:, j], Y, rule) for j in range(2)]
    np.testing.assert_allclose(r.statistics, ref, rtol=1e-12)
    assert r.ties == rule
    assert _stat(A, Y, "lower") != _stat(A, Y, "upper")        # the data tell them apart


def test_random_ties_are_reproducible_from_random_state():
    runs = [tuple(_rule(Y, XX, ties="random", random_state=s).statistics) for s in range(8)]
    assert len(set(runs)) > 1                                    # the draw matters here
    again = [tuple(_rule(Y, XX, ties="random", random_state=s).statistics) for s in range(8)]
    assert runs == again
    assert _rule(Y, XX, ties="random").ties == "random"


def test_cells_group_the_statistic_and_are_reported():
    n = int(np.sum(Y == 0))                                      # 7 negatives
    for k in (3, n - 1, n):
        r = _rule(Y, XX, cells=k, ties="upper")
        ref = [_stat(XX[:, j], Y, "upper", k) for j in range(2)]
        np.testing.assert_allclose(r.statistics, ref, rtol=1e-12)
        assert r.cells == k
    for k in (None, n + 1):                                      # the paper's n + 1 cells
        r = _rule(Y, XX, cells=k, ties="upper")
        np.testing.assert_allclose(r.statistics, [_stat(XX[:, j], Y) for j in range(2)],
                                   rtol=1e-12)
        assert r.cells is None


def test_a_constant_variable_gets_its_statistic_not_minus_infinity():
    X = np.c_[np.full(Y.size, 2.0), A]
    r = _rule(Y, X, ties="upper")
    ref = [_stat(X[:, j], Y) for j in range(2)]
    np.testing.assert_allclose(r.statistics, ref, rtol=1e-12)
    assert np.isfinite(r.statistics).all()


def test_best_direction_keeps_less_than_on_equal_distances():
    # both orientations reach (1 - Se)^2 + (1 - Sp)^2 = 4/9; "<" is kept (documented)
    y = np.array([1, 1, 0, 0, 1, 0])
    x = np.array([2.0, 0.0, 1.0, 1.0, 1.0, 1.0])
    lt, gt = closest_point(y == 1, x, "<"), closest_point(y == 1, x, ">")
    assert lt[0] == pytest.approx(4 / 9) and gt[0] == pytest.approx(4 / 9)
    best = closest_point(y == 1, x, "best")
    assert best[2] == "<" and best[1] == lt[1] == 1.5
    r = _rule(y, x[:, None], direction="best", ties="upper")
    assert r.direction == "<" and r.threshold == 1.5


def test_predict_includes_the_threshold_itself():
    r = _rule(Y, XX, ties="upper")
    assert r.direction == "<"
    row = np.zeros((1, 2))
    row[0, r.variable_index] = r.threshold
    assert r.predict(row).tolist() == [True]                     # x >= threshold
    row[0, r.variable_index] = np.nextafter(r.threshold, -np.inf)
    assert r.predict(row).tolist() == [False]
    rr = _rule(Y, -XX, ties="upper", direction=">")
    row = np.zeros((1, 2))
    row[0, rr.variable_index] = rr.threshold
    assert rr.predict(row).tolist() == [True]                    # x <= threshold
    with pytest.raises(ValueError, match="^X must be 2-dimensional"):
        r.predict(A)


@pytest.mark.parametrize("direction, op", [("<", ">="), (">", "<=")])
def test_summary_rows(direction, op):
    X = XX if direction == "<" else -XX
    r = _rule(Y, X, ties="upper", variable_names=["b", "a"], direction=direction)
    s = r.summary()
    assert s.title == "Rossa's rule: largest chi-square statistic, threshold closest to (0, 1)"
    rows = dict(s.rows)
    assert list(rows)[:6] == ["variable", "threshold", "rule", "sensitivity", "specificity",
                              "distance to (0, 1)"]
    assert rows["variable"] == "a"
    assert float(rows["threshold"]) == pytest.approx(r.threshold, rel=1e-5)
    words = rows["rule"].split()
    assert words[:5] == ["positive", "(pi_0)", "if", "a", op]
    assert float(words[5]) == pytest.approx(r.threshold, rel=1e-5)
    assert float(rows["sensitivity"]) == pytest.approx(r.sensitivity, rel=1e-5)
    assert float(rows["specificity"]) == pytest.approx(r.specificity, rel=1e-5)
    assert float(rows["distance to (0, 1)"]) == pytest.approx(r.distance, rel=1e-5)
    for name, v in zip(["b", "a"], r.statistics):
        assert float(rows["statistic[%s]" % name]) == pytest.approx(v, rel=1e-5)


# ------------------------------------------------------------------- the tree's helper
def _col(y, x):
    return _stat(np.asarray(x), np.asarray(y))


def test_rule_statistics_defaults_upper_ties_and_skips_what_cannot_split():
    is_pos = Y == 1
    nan = np.nan
    X = np.c_[np.where(is_pos, nan, A),          # no positive present: cannot split
              np.full(Y.size, 2.0),              # one distinct value: cannot split
              A,                                 # a proper column, after the two above
              np.where(~is_pos, nan, A)]         # no negative present
    got = rule_statistics(X, is_pos)
    assert got[0] == -np.inf and got[1] == -np.inf and got[3] == -np.inf
    assert got[2] == pytest.approx(_stat(A, Y, "upper"), rel=1e-12)
    # splits_only=False: the constant column has a statistic
    got = rule_statistics(X, is_pos, splits_only=False)
    assert got[1] == pytest.approx(_stat(np.full(Y.size, 2.0), Y), rel=1e-12)
    assert got[0] == -np.inf and got[3] == -np.inf


def test_rule_statistics_one_present_row_of_a_class_is_enough():
    is_pos = Y == 1
    first_pos = np.flatnonzero(is_pos)[0]
    first_neg = np.flatnonzero(~is_pos)[0]
    one_pos = np.where(is_pos & (np.arange(Y.size) != first_pos), np.nan, A)
    one_neg = np.where(~is_pos & (np.arange(Y.size) != first_neg), np.nan, A)
    got = rule_statistics(np.c_[one_pos, one_neg], is_pos)
    ok0, ok1 = ~np.isnan(one_pos), ~np.isnan(one_neg)
    assert got[0] == pytest.approx(_col(Y[ok0], A[ok0]), rel=1e-12)
    assert got[1] == pytest.approx(_col(Y[ok1], A[ok1]), rel=1e-12)


def test_rule_statistics_cells_against_the_present_negatives():
    is_pos = Y == 1
    # column 1 loses 3 negatives to NaN: 4 present, so at most 5 cells
    drop = np.flatnonzero(~is_pos)[:3]
    c1 = A.copy()
    c1[drop] = np.nan
    ok = ~np.isnan(c1)
    X = np.c_[A, c1]
    for k in (3, 4):
        got = rule_statistics(X, is_pos, cells=k)
        assert got[0] == pytest.approx(_stat(A, Y, "upper", k), rel=1e-12)
        assert got[1] == pytest.approx(_stat(c1[ok], Y[ok], "upper", k), rel=1e-12)
    for k in (6, 7):     # more than 4 + 1 cells for column 1: its n + 1 cells are used
        got = rule_statistics(X, is_pos, cells=k)
        assert got[0] == pytest.approx(_stat(A, Y, "upper", k), rel=1e-12)
        assert got[1] == pytest.approx(_stat(c1[ok], Y[ok]), rel=1e-12)
    got = rule_statistics(X, is_pos, ties="lower")
    assert got[0] == pytest.approx(_stat(A, Y, "lower"), rel=1e-12)


def test_rule_statistics_random_ties_follow_the_generator():
    is_pos = Y == 1
    X = np.c_[A, B]
    draws = [tuple(rule_statistics(X, is_pos, ties="random", rng=np.random.default_rng(s)))
             for s in range(8)]
    assert len(set(draws)) > 1
    assert draws == [tuple(rule_statistics(X, is_pos, ties="random",
                                           rng=np.random.default_rng(s))) for s in range(8)]
