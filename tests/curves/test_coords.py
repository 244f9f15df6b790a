"""rocstats.coords against brute-force definitions on the data (tests/definitions.py):
every point counted directly, exact best points by exhaustive search with Fractions,
pROC's interpolation rule over the listed points.  pROC itself: tests/parity
(stored) and tests/live (R)."""
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings, strategies as st

import rocstats
from rocstats.curves._coords import RET_ALL, check_best_weights

from definitions import (best_points_def, coords_metrics_def, curve_at_def, local_maxima_def,
                         proc_threshold_def, roc_points_def)


def _data(seed, n=60, levels=8, prevalence=0.4):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < prevalence).astype(int)
    if y.sum() in (0, n):
        y[0], y[1] = 1, 0
    s = rng.integers(0, levels, n) + 0.5 * y if levels else rng.normal(size=n) + y
    return y, s.astype(float)


def _work(y, s, direction):
    w = s if direction == "<" else -s
    return [float(v) for v in w[y == 1]], [float(v) for v in w[y == 0]]


def _close(a, b):
    if b is None:
        return np.isnan(a)
    return abs(float(a) - float(b)) <= 1e-12 * max(1.0, abs(float(b)))


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("direction", ["<", ">"])
def test_all_points_and_every_coordinate(seed, direction):
    y, s = _data(seed, levels=(0, 5, 12)[seed % 3])
    pos, neg = _work(y, s, direction)
    pts = roc_points_def(pos, neg)
    cuts = [c for c, _, _ in pts]
    df = rocstats.coords(y, s, ret="all", direction=direction)
    assert list(df.columns) == list(RET_ALL)
    assert len(df) == len(pts)
    m, n = len(pos), len(neg)
    for k, (_, tp, fp) in enumerate(pts):
        thr = proc_threshold_def(cuts, k)
        assert df["threshold"].iloc[k] == (thr if direction == "<" else -thr)
        exp = coords_metrics_def(tp, fp, m, n)
        for name, value in exp.items():
            assert _close(df[name].iloc[k], value), (k, name)


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("method", ["youden", "closest.topleft"])
@pytest.mark.parametrize("weights", [(1.0, 0.5), (2.0, 0.25), (0.5, 0.7), (1.0, 0.1)])
def test_best_is_every_exact_optimum(seed, method, weights):
    y, s = _data(100 + seed, n=40, levels=(4, 9, 0, 3)[seed % 4])
    direction = "<" if seed % 2 else ">"
    pos, neg = _work(y, s, direction)
    cost, prev = (Fraction(str(w)) for w in weights)
    r = (1 - prev) / (cost * prev)
    expected = best_points_def(pos, neg, method, r)
    pts = roc_points_def(pos, neg)
    cuts = [c for c, _, _ in pts]
    df = rocstats.coords(y, s, "best", best_method=method, best_weights=weights,
                         direction=direction, ret=("threshold", "tp", "fp", "youden",
                                                   "closest.topleft"))
    thr = [proc_threshold_def(cuts, k) * (1 if direction == "<" else -1) for k in expected]
    assert df["threshold"].tolist() == thr
    assert df["tp"].tolist() == [pts[k][1] for k in expected]
    rf = float(r)
    for k, row in zip(expected, df.itertuples(index=False)):
        se = pts[k][1] / len(pos)
        sp = (len(neg) - pts[k][2]) / len(neg)
        assert abs(row.youden - (se + rf * sp)) < 1e-12 * (1 + rf)


def test_best_tie_split_by_floats_is_listed_whole():
    """613 vs 1841 (the issue 9 example): closest.topleft has a unique optimum 7.9e-13
    better than the runner-up; Youden cuts are compared in integers too."""
    y = np.repeat([1, 0], [613, 1841])
    s = np.r_[np.repeat([1, 2, 3], [8, 425, 180]), np.repeat([1, 2, 3], [527, 1124, 190])]
    df = rocstats.coords(y, s, "best", best_method="closest.topleft")
    assert df["threshold"].tolist() == [1.5]
    assert rocstats.best_threshold(y, s, method="closest_topleft").all_thresholds == (1.5,)


def test_weights_exact_from_decimals():
    """r = (1 - 0.2) / (1 * 0.2) = 4 exactly: the decimal values, not the doubles."""
    assert check_best_weights((1, 0.2))[1] == 4
    assert check_best_weights((3, 0.1))[1] == 3
    # a tie that exists only with r = 4 exactly: se + 4 sp equal at two points
    # points (tp/5, tn/5): (5, 0) -> 1 + 0 = 1... build counts where 1 step of se (1/4)
    # equals 4 steps... take m = 4, n = 16: se step 1/4 = 4 * (1/16) sp step
    y = np.r_[np.ones(4), np.zeros(16)]
    s = np.r_[[10, 10, 10, 0], [11] * 1 + [5] * 15]
    df = rocstats.coords(y, s, "best", best_weights=(1, 0.2), ret=("threshold", "youden"))
    pos, neg = _work(y, s, "<")
    assert len(df) == len(best_points_def(pos, neg, "youden", Fraction(4)))


@pytest.mark.parametrize("seed", range(6))
def test_local_maxima(seed):
    y, s = _data(200 + seed, levels=(3, 7, 0)[seed % 3])
    direction = "<" if seed % 2 else ">"
    pos, neg = _work(y, s, direction)
    pts = roc_points_def(pos, neg)
    mask = local_maxima_def(pts)
    cuts = [c for c, _, _ in pts]
    df = rocstats.coords(y, s, "local maximas", direction=direction)
    sign = 1 if direction == "<" else -1
    assert df["threshold"].tolist() == [sign * proc_threshold_def(cuts, k)
                                        for k, keep in enumerate(mask) if keep]


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("given", ["specificity", "sensitivity"])
def test_interpolation_rule(seed, given):
    y, s = _data(300 + seed, n=30, levels=(4, 10, 0, 2, 6)[seed])
    direction = "<" if seed % 2 else ">"
    pos, neg = _work(y, s, direction)
    m, n = len(pos), len(neg)
    grid = np.r_[np.arange(11) * 0.1, np.arange(n + 1) / n, np.arange(m + 1) / m,
                 np.random.default_rng(seed).random(5)]
    df = rocstats.coords(y, s, grid, input=given, direction=direction)
    other = "sensitivity" if given == "specificity" else "specificity"
    for v, got in zip(grid, df[other]):
        assert got == curve_at_def(pos, neg, given, float(v)), v
    # the input column is pROC's interpolated value (within an ulp of x), not x itself
    np.testing.assert_allclose(df[given].to_numpy(), grid, rtol=0, atol=1e-15)


def test_interpolated_rows_have_nan_threshold_and_pROC_counts():
    y = np.array([0, 0, 1, 0, 1, 1])
    s = np.array([0.1, 0.2, 0.3, 0.4, 0.6, 0.9])
    df = rocstats.coords(y, s, [0.5, 2 / 3], input="specificity", ret=("threshold", "tn", "tp"))
    assert np.isnan(df["threshold"].iloc[0])
    assert df["threshold"].iloc[1] == 0.25          # exact match: the point's threshold
    assert df["tn"].iloc[0] == 0.5 * 3 and df["tp"].iloc[0] == 3.0


@pytest.mark.parametrize("direction", ["<", ">"])
def test_numeric_thresholds(direction):
    y, s = _data(7, levels=6)
    t = np.r_[-np.inf, np.inf, np.unique(s), np.unique(s) + 0.25]
    df = rocstats.coords(y, s, t, ret=("threshold", "tp", "fp"), direction=direction)
    assert df["threshold"].tolist() == t.tolist()
    pos = s[y == 1]
    neg = s[y == 0]
    if direction == "<":
        assert df["tp"].tolist() == [float(np.sum(pos >= v)) for v in t]
        assert df["fp"].tolist() == [float(np.sum(neg >= v)) for v in t]
    else:
        assert df["tp"].tolist() == [float(np.sum(pos <= v)) for v in t]
        assert df["fp"].tolist() == [float(np.sum(neg <= v)) for v in t]


def test_other_monotone_inputs_and_aliases():
    y, s = _data(8, levels=9)
    # between points, fpr = 1 - specificity interpolates the same segment
    a = rocstats.coords(y, s, [0.31, 0.77], input="fpr", ret=("specificity", "sensitivity"))
    b = rocstats.coords(y, s, [0.69, 0.23], input="specificity", ret=("specificity",
                                                                      "sensitivity"))
    np.testing.assert_allclose(a.to_numpy(), b.to_numpy(), rtol=1e-12)
    # an exact match of fpr (decreasing along the rows) takes the LAST row of the value,
    # of specificity the FIRST (pROC's coord.is.decreasing): different ends of a
    # vertical segment
    pts = rocstats.coords(y, s, ret=("fpr", "sensitivity"))
    v = pts["fpr"].value_counts()
    v = v[v > 1].index[0]
    a = rocstats.coords(y, s, [v], input="fpr", ret=("sensitivity",))
    assert a["sensitivity"].iloc[0] == pts.loc[pts["fpr"] == v, "sensitivity"].min()
    df = rocstats.coords(y, s, "all", ret=("t", "topleft", "npe", "ppe"))
    assert list(df.columns) == ["threshold", "closest.topleft", "1-npv", "1-ppv"]


def test_best_threshold_is_the_same_search():
    for seed in range(10):
        y, s = _data(400 + seed, levels=(0, 4)[seed % 2])
        for method, bm in (("youden", "youden"), ("closest_topleft", "closest.topleft")):
            bt = rocstats.best_threshold(y, s, method=method)
            df = rocstats.coords(y, s, "best", best_method=bm)
            assert bt.all_thresholds == tuple(df["threshold"])
            assert bt.sensitivity == df["sensitivity"].iloc[0]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.integers(0, 6)), min_size=2, max_size=25),
       st.sampled_from(["<", ">"]))
def test_hypothesis_points_and_best(rows, direction):
    y = np.array([int(a) for a, _ in rows])
    if y.min() == y.max():
        y[0] = 1 - y[0]
    s = np.array([float(b) for _, b in rows])
    pos, neg = _work(y, s, direction)
    df = rocstats.coords(y, s, ret=("tp", "fp"), direction=direction)
    pts = roc_points_def(pos, neg)
    assert df["tp"].tolist() == [tp for _, tp, _ in pts]
    assert df["fp"].tolist() == [fp for _, _, fp in pts]
    best = rocstats.coords(y, s, "best", ret=("tp",), direction=direction)
    assert best["tp"].tolist() == [pts[k][1] for k in best_points_def(pos, neg, "youden")]


def test_one_class_warns_and_returns_nan():
    with pytest.warns(rocstats.UndefinedAUCWarning):
        df = rocstats.coords([1, 1, 1], [0.1, 0.2, 0.3], "best")
    assert len(df) == 1 and df.isna().all().all()
    with pytest.warns(rocstats.UndefinedAUCWarning):
        df = rocstats.coords([0, 0], [0.1, 0.2], [0.5, 1.0])
    assert df["threshold"].tolist() == [0.5, 1.0] and df["sensitivity"].isna().all()


@pytest.mark.parametrize("kwargs,match", [
    (dict(x="nope"), "^x must be"),
    (dict(x=[0.5, np.nan]), "^x contains NaN"),
    (dict(x=[1.5], input="specificity"), "^x: input specificity"),
    (dict(x=[0.5], input="npv"), "^input: coordinate 'npv' is not monotone"),
    (dict(x=[0.5], input="bogus"), "^input: unknown"),
    (dict(ret=("threshold", "bogus")), "^ret: unknown"),
    (dict(ret=("all", "tp")), "^ret='all'"),
    (dict(x="best", best_method="best"), "^best_method"),
    (dict(x="best", best_weights=(1, 1.5)), "^best_weights"),
    (dict(x="best", best_weights=(0, 0.5)), "^best_weights"),
    (dict(x="best", best_weights=(1,)), "^best_weights"),
    (dict(direction="auto"), "^direction"),
])
def test_bad_input(kwargs, match):
    y, s = _data(9)
    kwargs = dict(kwargs)                  # the parameter dict is shared between runs
    x = kwargs.pop("x", "all")
    with pytest.raises(ValueError, match=match):
        rocstats.coords(y, s, x, **kwargs)


def test_returns_dataframe_and_pandas_only_on_call():
    import subprocess
    import sys
    code = ("import sys, rocstats; assert 'pandas' not in sys.modules; "
            "df = rocstats.coords([0, 1], [0.1, 0.9]); import pandas; "
            "assert isinstance(df, pandas.DataFrame); print(len(df))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "3"
    assert isinstance(rocstats.coords([0, 1], [0.1, 0.9]), pd.DataFrame)


# ---------------------------------------------------------------- issue 23 (mutation run)
def test_counts_at_curve_points_are_exact_integers():
    """tp / tn / fn / fp at the curve's points are the counts themselves (pROC stores
    them), not se * P rounded: 49 positives and negatives (1/49 * 49 != 1 in floating
    point), every count from 0 to 49 on the curve."""
    rng = np.random.default_rng(3)
    y = np.r_[np.ones(49, int), np.zeros(49, int)]
    s = np.round(np.r_[rng.normal(1, 1, 49), rng.normal(0, 1, 49)], 2)
    got = rocstats.coords(y, s, "all", ret=["threshold", "tp", "tn", "fn", "fp"])
    assert {1, 2, 4, 8, 16, 27, 32} <= set(got["tp"]) and {1, 2, 4, 8, 16, 27, 32} <= set(got["tn"])
    for _, row in got.iterrows():
        t = row["threshold"]
        tp = int(((s >= t) & (y == 1)).sum())
        tn = int(((s < t) & (y == 0)).sum())
        assert (row["tp"], row["fn"], row["tn"], row["fp"]) == (tp, 49 - tp, tn, 49 - tn)
    assert all(got[c].dtype == np.float64 for c in got.columns)         # pROC's doubles


def test_every_coordinate_without_numpy_warnings():
    # 0/0 (ppv where nothing is called positive, npv where everything is) is NaN, quietly
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        tab = rocstats.coords([0, 0, 1, 1, 0, 1], [.1, .2, .3, .4, .6, .9], "all", ret="all")
    assert np.isnan(tab["ppv"].iloc[-1]) and np.isnan(tab["npv"].iloc[0])


def test_repeated_ret_names_give_repeated_columns_as_proc():
    # pROC: coords(r, "best", ret = c("sensitivity", "specificity", "sensitivity")) has 3
    # columns (the third named sensitivity.1)
    tab = rocstats.coords([0, 0, 1, 1, 0, 1], [.1, .2, .3, .4, .6, .9], "best",
                          ret=["sensitivity", "specificity", "sensitivity"])
    assert tab.shape == (1, 3) and list(tab.iloc[0]) == [1.0, pytest.approx(2 / 3), 1.0]


def test_procs_abbreviations_of_input_and_ret():
    y, s = [0, 0, 1, 1, 0, 1], [.1, .2, .3, .4, .6, .9]
    a = rocstats.coords(y, s, [0.35], input="t", ret=["t", "topleft", "npe", "ppe"])
    b = rocstats.coords(y, s, [0.35], input="threshold",
                        ret=["threshold", "closest.topleft", "1-npv", "1-ppv"])
    assert a.to_numpy().tolist() == b.to_numpy().tolist()


def _simplest_in_interval_by_search(lo, hi, max_den):
    from fractions import Fraction

    for q in range(1, max_den + 1):
        p = -(-lo.numerator * q // lo.denominator)          # ceil(lo * q)
        for cand in (Fraction(p, q), Fraction(p + 1, q)):
            if lo < cand < hi:
                return cand
    return None


@pytest.mark.parametrize("x", [1 / 3, 2 / 3, 1 / 7, 5 / 9, 3 / 11, 22 / 7, 1 / 97, 1e-20 / 3,
                               0.1 + 0.2, 7.0 / 3e5])
def test_computed_weights_are_the_simplest_fraction_rounding_to_them(x):
    """Definition: the least-denominator fraction strictly inside the double's rounding
    interval (found here by a plain search over denominators)."""
    from fractions import Fraction

    from rocstats.curves._coords import _decimal_fraction

    f = _decimal_fraction(x)
    assert float(f) == x
    ex = Fraction(x)
    lo = (ex + Fraction(float(np.nextafter(x, -np.inf)))) / 2
    hi = (ex + Fraction(float(np.nextafter(x, np.inf)))) / 2
    assert lo < f < hi
    if f.denominator <= 10 ** 6:
        assert _simplest_in_interval_by_search(lo, hi, f.denominator) == f


@pytest.mark.parametrize("x, want", [(0.1, "1/10"), (0.15, "3/20"), (100.0, "100"),
                                     (1e22, "10000000000000000000000"), (1e-20, "1/100000000000000000000"),
                                     (2.5e-7, "1/4000000"), (123456789012345.0, "123456789012345"),
                                     (0.99999999, "99999999/100000000"), (1.5e300, None),
                                     # 15 significant digits (the limit; the simplest
                                     # fraction in the rounding interval is another one):
                                     (0.123456789012345, None), (1.23456789012345e-05, None),
                                     (0.000123456789012345, None), (1.23456789012345e+20, None)])
def test_decimal_weights_are_read_as_written(x, want):
    from fractions import Fraction

    from rocstats.curves._coords import _decimal_fraction

    assert _decimal_fraction(x) == Fraction(repr(x))
    if want is not None:
        assert str(_decimal_fraction(x)) == want


# ------------------------------------------------- issue 23: survivors of the mutation run
def test_local_maxima_of_a_two_point_curve_are_both_ends():
    """All scores equal: the curve is its two ends, (Sp 0, Se 1) and (Sp 1, Se 0); both
    are corners of the staircase (pROC's roc.utils.max.thresholds.idx keeps both)."""
    out = rocstats.coords([0, 1, 0, 1], [2, 2, 2, 2], "local maximas", ret=["specificity",
                                                                          "sensitivity"])
    assert out["specificity"].tolist() == [0.0, 1.0]
    assert out["sensitivity"].tolist() == [1.0, 0.0]


@pytest.mark.parametrize("bad", [[[0.5]], [["a"]], ["a", "b"], []])
def test_numeric_x_must_be_a_flat_sequence_of_numbers(bad):
    with pytest.raises(ValueError, match="^x must be"):
        rocstats.coords([0, 1, 0, 1], [1, 2, 3, 4], bad)
    with pytest.raises(ValueError, match="^thresholds must be"):
        rocstats.ci_thresholds([0, 1, 0, 1], [1, 2, 3, 4], bad, n_boot=5, random_state=1)


@pytest.mark.parametrize("prevalence", [1.0, 0.0, 1.5])
def test_best_weights_prevalence_strictly_inside_the_unit_interval(prevalence):
    """r = (1 - prevalence) / (cost prevalence) is 0 at prevalence 1 (every point ties
    on sensitivity alone) and undefined at 0: both refused."""
    with pytest.raises(ValueError, match="^best_weights"):
        rocstats.coords([0, 1, 0, 1], [1, 2, 3, 4], "best", best_weights=(1.0, prevalence))


def test_counts_at_thresholds_are_exact_integers():
    """tn at a threshold is the count N - fp, not Sp * N: with N = 22 controls and
    fp = 7, (15 / 22) * 22 is 15.000000000000002 in floating point."""
    y = np.r_[np.zeros(22, int), np.ones(5, int)]
    s = np.r_[np.arange(22.0), [3.5, 10.5, 17.5, 20.5, 30.0]]
    t = 14.5                                         # controls 15..21 above: fp = 7
    out = rocstats.coords(y, s, [t], ret=["tn", "fp", "tp", "fn"])
    neg, pos = s[y == 0], s[y == 1]
    assert out["fp"].tolist() == [float(np.sum(neg >= t))] == [7.0]
    assert out["tn"].tolist() == [float(np.sum(neg < t))] == [15.0]
    assert out["tp"].tolist() == [float(np.sum(pos >= t))]
    assert out["fn"].tolist() == [float(np.sum(pos < t))]


def _simplest_brute(lo, hi):
    """The least-denominator (then least-numerator) fraction strictly inside (lo, hi), by
    trying denominators 1, 2, ... in turn."""
    from math import floor

    q = 1
    while True:
        p = floor(lo * q) + 1                       # least numerator with p / q > lo
        if hi is None or Fraction(p, q) < hi:
            return Fraction(p, q)
        q += 1


@pytest.mark.parametrize("lo, hi", [
    (Fraction(1), Fraction(3, 2)), (Fraction(0), Fraction(1, 3)), (Fraction(2), None),
    (Fraction(1, 2), Fraction(1)), (Fraction(5, 2), Fraction(3)), (Fraction(3, 2), Fraction(2)),
    (Fraction(1, 3), Fraction(1, 2)), (Fraction(7, 2), Fraction(11, 3)),
    (Fraction(0), Fraction(1)), (Fraction(1, 7), Fraction(1, 6)), (Fraction(4), Fraction(5))])
def test_simplest_fraction_between_by_brute_force(lo, hi):
    """The Stern-Brocot descent of best_weights' reading of computed doubles, against a
    search over denominators, incl. integer lower bounds and bounds at k + 1/2 (where
    the reciprocal of the fractional part is an integer upper bound)."""
    from rocstats.curves._coords import _simplest_between

    got = _simplest_between(lo, hi)
    assert got == _simplest_brute(lo, hi)
    assert lo < got and (hi is None or got < hi)


def test_simplest_fraction_between_random_bounds_by_brute_force():
    from rocstats.curves._coords import _simplest_between

    rng = np.random.default_rng(23)
    for _ in range(300):
        a, b = sorted(Fraction(int(rng.integers(0, 60)), int(rng.integers(1, 12)))
                      for _ in range(2))
        if a == b:
            continue
        assert _simplest_between(a, b) == _simplest_brute(a, b), (a, b)
