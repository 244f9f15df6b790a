"""Issue 9, item 5: best_threshold compares criteria exactly and reports pROC's
thresholds.  Expected values: an exhaustive search with exact fractions
(tests/definitions.best_cut_def) and pROC (stored in validation/results/proc_results.py,
case "best_threshold_exact", checked by tests/test_proc_parity.py for every case)."""
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import rocstats
from rocstats.curves._thresholds import proc_thresholds

from definitions import best_cut_def


def _midpoint_below(c, values):
    """pROC's threshold of the cut "score >= c": midpoint of c and the next lower score."""
    lower = [v for v in values if v < c]
    if c == np.inf:
        return np.inf
    return (c + max(lower)) / 2 if lower else -np.inf


def _check_against_definition(y, s, method, direction="<"):
    y = np.asarray(y)
    s = np.asarray(s, float)
    work = s if direction == "<" else -s
    best, rows = best_cut_def(list(work[y == 1]), list(work[y == 0]), method)
    r = rocstats.best_threshold(y, s, method=method, direction=direction)
    rows = rows[::-1]                            # pROC's order: most sensitive first
    expected = [_midpoint_below(c, list(work)) for c, _, _ in rows]
    if direction == ">":
        expected = [-t for t in expected]
    assert r.all_thresholds == tuple(expected)
    assert r.threshold == expected[0]
    assert Fraction(r.sensitivity).limit_denominator(10 ** 9) == rows[0][1]
    assert Fraction(r.specificity).limit_denominator(10 ** 9) == rows[0][2]
    assert r.criterion == float(best)
    return r


def test_issue_example_closest_topleft_is_the_unique_optimum():
    """613 positives, 1841 negatives, scores 1, 2, 3: the cut at 2 (Se 605/613) is the
    unique optimum, 7.9e-13 closer to (0, 1) than the cut at 3 (Se 180/613).  pROC:
    coords(r, "best", best.method = "closest.topleft") -> threshold 1.5."""
    y = np.repeat([1, 0], [613, 1841])
    s = np.r_[np.repeat([1, 2, 3], [8, 425, 180]), np.repeat([1, 2, 3], [527, 1124, 190])]
    r = _check_against_definition(y, s, "closest_topleft")
    assert (r.threshold, r.all_thresholds) == (1.5, (1.5,))
    assert r.sensitivity == 605 / 613
    d2 = Fraction(8, 613) ** 2 + Fraction(190 + 1124, 1841) ** 2
    d3 = Fraction(613 - 180, 613) ** 2 + Fraction(190, 1841) ** 2
    assert d3 - d2 == Fraction(1, (613 * 1841) ** 2)
    assert r.criterion == float(d2)


def test_youden_exact_beyond_mn_1e12():
    """m n = 1.5e12: two cuts whose J differ by 1 / (m n) = 6.7e-13 are distinct."""
    m, n = 1_000_003, 1_500_007
    # (tp1 - tp2) n - (fp1 - fp2) m = 1 by the extended Euclidean algorithm
    def egcd(a, b):
        if b == 0:
            return a, 1, 0
        g, x, yy = egcd(b, a % b)
        return g, yy, x - (a // b) * yy
    g, u, v = egcd(n, m)                         # u n + v m = 1
    assert g == 1
    dtp, dfp = u % m, None
    dfp = (dtp * n - 1) // m                     # dtp n - dfp m = 1
    assert dtp * n - dfp * m == 1 and 0 < dtp < m and 0 < dfp < n
    # scores 2 (cut A: tp_a, fp_a) and 1 (cut B adds dtp positives, dfp negatives)
    tp_a, fp_a = 10, 0
    pos = np.r_[np.full(tp_a, 3.0), np.full(dtp, 2.0), np.zeros(m - tp_a - dtp)]
    neg = np.r_[np.full(dfp, 2.0), np.zeros(n - dfp)]
    y = np.r_[np.ones(m, int), np.zeros(n, int)]
    s = np.r_[pos, neg]
    r = rocstats.best_threshold(y, s)
    ja = Fraction(tp_a, m)
    jb = Fraction(tp_a + dtp, m) - Fraction(dfp, n)
    assert jb - ja == Fraction(1, m * n)
    assert (r.threshold, r.all_thresholds) == (1.0, (1.0,))   # midpoint of 0 and 2
    assert r.criterion == float(jb)


@pytest.mark.parametrize("method", ["youden", "closest_topleft"])
@pytest.mark.parametrize("direction", ["<", ">"])
@settings(max_examples=120, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.integers(0, 6)), min_size=2, max_size=40))
def test_property_matches_exhaustive_exact_search(method, direction, rows):
    y = np.array([r[0] for r in rows], dtype=int)
    s = np.array([r[1] for r in rows], dtype=float) / 4.0
    if y.all() or not y.any():
        return
    _check_against_definition(y, s, method, direction)


def test_default_method_is_youden():
    y = [0, 0, 1, 0, 1, 1, 0, 1]
    s = [0.1, 0.2, 0.3, 0.35, 0.5, 0.6, 0.7, 0.9]
    d, e = rocstats.best_threshold(y, s), rocstats.best_threshold(y, s, method="youden")
    assert (d.method, d.threshold, d.all_thresholds) == (e.method, e.threshold, e.all_thresholds)
    # youden and closest-to-(0, 1) differ here, so the default is really Youden
    _, yj = best_cut_def([0.3, 0.5, 0.6, 0.9], [0.1, 0.2, 0.35, 0.7], "youden")
    _, tl = best_cut_def([0.3, 0.5, 0.6, 0.9], [0.1, 0.2, 0.35, 0.7], "closest_topleft")
    assert [c for c, _, _ in yj] != [c for c, _, _ in tl]
    assert rocstats.best_threshold(y, s).all_thresholds == \
        _check_against_definition(y, s, "youden").all_thresholds


def test_records_direction_and_pos_label():
    r = rocstats.best_threshold(["a", "b", "a", "b"], [1, 2, 3, 4], pos_label="b",
                                direction=">")
    assert (r.direction, r.pos_label) == (">", "b")


def test_proc_threshold_rules():
    """pROC's roc.utils.thresholds: midpoints, -inf/+inf at the ends, a / 2 + b / 2 where
    (a + b) / 2 overflows, and a midpoint that rounds onto the lower of two adjacent
    doubles moved to the upper one."""
    one = 1.0
    nxt = np.nextafter(1.0, 2.0)                   # adjacent doubles: (a+b)/2 rounds to 1.0
    t = proc_thresholds(np.array([1e308, 3.0, nxt, one]))
    assert t[0] == np.inf and t[-1] == -np.inf
    assert t[1] == 1e308 / 2 + 3.0 / 2              # (1e308 + 3) / 2 is finite, > 1e100
    assert t[2] == (3.0 + nxt) / 2
    assert t[3] == nxt                              # (nxt + 1) / 2 == 1.0 -> moved up
    assert (nxt + one) / 2 == one


def test_one_class_is_nan():
    with pytest.warns(rocstats.UndefinedAUCWarning):
        r = rocstats.best_threshold([1, 1, 1], [0.1, 0.2, 0.3])
    assert np.isnan(r.threshold) and r.all_thresholds == ()
