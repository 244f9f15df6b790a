"""Smoothing (`rocstats.smooth_roc`, `rocstats.curves._smooth`): the R building blocks
checked against definitions written here from R's sources (density.default, BinDist,
dnorm, bw.nrd0), and the result's summary / messages (mutation run of issue 23).

R's ``density(x, bw, n, from, to)``: ``lo = from - 4 bw``, ``up = to + 4 bw``, N = the
next power of 2 >= max(n, 512) grid points ``lo + k (up - lo) / (N - 1)``; the data
linearly binned on it (BinDist: a point between grid points k and k+1 gives them
``w (1 - f)`` and ``w f``; one just below the first / at or above the last grid point
gives only its on-grid neighbour its share; anything further out is dropped); the
kernel evaluated at the lags ``j * 2 (up - lo) / (2N - 1)`` (``seq(0, 2 (up - lo),
length.out = 2N)``), so the smoothed value at grid point i is
``max(0, sum_k y_k K((k - i) * 2 (up - lo) / (2N - 1)))``; then linear interpolation
to ``seq(from, to, length.out = n)``.  The code does the sum by FFT, so the comparison
allows 1e-12 of the largest value."""
import math
import re
import warnings

import numpy as np
import pytest

import rocstats
from rocstats import UndefinedAUCWarning
from rocstats.curves import _smooth

from edge_cases import _rectangular_density_by_definition


# ------------------------------------------------------------------ definitions
def _bin_def(x, lo, up, N):
    """R's BinDist (src/library/stats/src/massdist.c), weights 1 / len(x)."""
    y = np.zeros(2 * N)
    delta = (up - lo) / (N - 1)
    w = 1.0 / len(x)
    for xi in x:
        pos = (xi - lo) / delta
        ix = math.floor(pos)
        fx = pos - ix
        if 0 <= ix <= N - 2:
            y[ix] += w * (1 - fx)
            y[ix + 1] += w * fx
        elif ix == -1:
            y[0] += w * fx
        elif ix == N - 1:
            y[ix] += w * (1 - fx)
    return y


def _gauss(u, bw):
    return np.exp(-0.5 * (u / bw) ** 2) / (bw * math.sqrt(2 * math.pi))


def _rect(u, bw):
    a = bw * math.sqrt(3)
    return np.where(np.abs(u) < a, 0.5 / a, 0.0)


def _density_def(x, bw, n, start, stop, kern=_gauss):
    N = max(n, 512)
    if N > 512:
        N = 2 ** math.ceil(math.log2(N))
    lo, up = start - 4 * bw, stop + 4 * bw
    y = _bin_def(x, lo, up, N)[:N]
    lag = 2 * (up - lo) / (2 * N - 1)
    k = np.arange(N)
    dens = np.array([max(0.0, float(np.dot(y, kern((k - i) * lag, bw)))) for i in range(N)])
    grid = lo + np.arange(N) * (up - lo) / (N - 1)
    out = start + np.arange(n) * ((stop - start) / (n - 1)) if n > 1 else np.array([start])
    return np.interp(out, grid, dens)


def _close(got, ref):
    assert got.shape == ref.shape
    np.testing.assert_allclose(got, ref, rtol=0, atol=1e-12 * max(ref.max(), 1e-300))


# ------------------------------------------------------------------ R's density
def test_r_density_matches_the_direct_sum():
    rng = np.random.default_rng(5)
    x = rng.normal(size=25)
    with warnings.catch_warnings():
        warnings.simplefilter("error")                  # no stray RuntimeWarning either
        for bw, n in ((0.4, 512), (0.25, 700), (0.4, 2)):
            got = _smooth.r_density(x, bw=bw, n=n, start=x.min() - 1, stop=x.max() + 1)
            _close(got, _density_def(x, bw, n, x.min() - 1, x.max() + 1))
        got = _smooth.r_density(x, bw=0.3, n=40, start=-1.0, stop=1.5, kernel="rectangular")
        _close(got, _density_def(x, 0.3, 40, -1.0, 1.5, _rect))


def test_r_density_with_a_small_bandwidth_interpolates_in_the_end_intervals():
    # 4 bw is less than one grid step: the first and last output points lie in the
    # first and last interval of the binning grid
    x = np.array([0.0, 0.1, 0.35, 0.5, 0.9, 1.0])
    bw = 2e-4
    got = _smooth.r_density(x, bw=bw, n=512, start=0.0, stop=1.0)
    _close(got, _density_def(x, bw, 512, 0.0, 1.0))
    assert got[0] > 0 and got[-1] > 0


def test_r_density_bins_points_at_and_beyond_the_grid_ends():
    start, stop, bw, N = 0.0, 10.0, 0.5, 512
    lo, up = start - 4 * bw, stop + 4 * bw
    d = (up - lo) / (N - 1)
    # grid indices -2 (dropped), -1 (only its upper neighbour), 0, N - 2, N - 1 (only its
    # lower neighbour), N (dropped), plus inner points
    x = np.array([lo - 1.5 * d, lo - 0.5 * d, lo + 0.3 * d, 3.0, 7.2,
                  up - 0.6 * d, up + 0.4 * d, up + 1.5 * d])
    pos = np.floor((x - lo) / d).astype(int)
    assert pos.tolist() == [-2, -1, 0, pos[3], pos[4], N - 2, N - 1, N]
    got = _smooth.r_density(x, bw=bw, n=400, start=start, stop=stop)     # N = 512
    _close(got, _density_def(x, bw, 400, start, stop))


def test_r_density_of_one_and_two_output_points():
    x = np.array([0.2, 0.5, 0.55, 1.3])
    one = _smooth.r_density(x, bw=0.3, n=1, start=0.1, stop=1.0)
    two = _smooth.r_density(x, bw=0.3, n=2, start=0.1, stop=1.0)
    assert one.shape == (1,) and two.shape == (2,)
    _close(one, _density_def(x, 0.3, 1, 0.1, 1.0))      # seq(from, to, length.out = 1)
    _close(two, _density_def(x, 0.3, 2, 0.1, 1.0))
    assert one[0] == two[0]                              # same 512-point grid


def test_r_dnorm_matches_the_normal_density_to_the_last_digits():
    # 5 + 2^-17 is the worst case of R's split x = x1 + x2 (x2 = 2^-17)
    z = np.array([0.5, 3.0, 5.0 + 2.0 ** -17, 6.5 + 2.0 ** -18, 12.0, 30.0, 37.0])
    for sd in (1.0, 2.0):
        got = _smooth._r_dnorm(np.r_[z, -z] * sd, sd)
        ref = np.array([math.exp(-0.5 * v * v) / math.sqrt(2 * math.pi) / sd for v in z])
        np.testing.assert_allclose(got, np.r_[ref, ref], rtol=1e-13, atol=0)
    assert _smooth._r_dnorm(np.array([38.6, 40.0, 1e10]), 1.0).tolist() == [0.0, 0.0, 0.0]


# ------------------------------------------------------------------ bandwidth rules
def _sd_r(x):
    """R's sd (cov.c): the mean (accurate, stored as a double), then the sum of squared
    deviations from that double; exact rational arithmetic here."""
    from fractions import Fraction
    xs = [Fraction(float(v)) for v in x]
    mean = Fraction(float(sum(xs) / len(xs)))
    return math.sqrt(float(sum((v - mean) ** 2 for v in xs) / (len(xs) - 1)))


def test_bandwidths_with_a_large_offset_use_an_accurate_sd():
    # two clusters: sd (about 0.5) is below IQR / 1.34 (about 0.75), so sd decides
    x = 1e15 + np.repeat([0.0, 1.0], [500, 501])
    sd = _sd_r(x)
    assert sd < 1 / 1.34
    assert _smooth.bw_nrd0(x) == pytest.approx(0.9 * sd * x.size ** -0.2, rel=1e-12)
    assert _smooth.bw_nrd(x) == pytest.approx(1.06 * sd * x.size ** -0.2, rel=1e-12)
    y = np.r_[np.zeros(500, int), np.ones(501, int)]
    rng = np.random.default_rng(0)
    y = rng.permutation(y)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        r = rocstats.smooth_roc(y, x, method="density", n=64)
    assert r.bw == pytest.approx(0.9 * sd * x.size ** -0.2, rel=1e-12)


def test_bw_nrd0_falls_back_to_one_when_sd_and_first_value_are_zero():
    # sd underflows to 0 and x[0] = 0: R's bw.nrd0 takes lo = 1
    assert _smooth.bw_nrd0(np.array([0.0, 5e-324])) == 0.9 * 2 ** -0.2
    assert _smooth.bw_nrd0(np.array([3.0, 3.0, 3.0])) == pytest.approx(0.9 * 3 * 3 ** -0.2)


# ------------------------------------------------------------------ smooth_roc
def test_density_smoothing_raises_no_runtime_warning():
    rng = np.random.default_rng(2)
    y = rng.integers(0, 2, 40)
    x = rng.normal(size=40) + y
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        r = rocstats.smooth_roc(y, x, method="density", n=128)
        b = rocstats.smooth_roc(y, x, method="binormal", n=128)
    assert np.isfinite(r.auc) and np.isfinite(b.auc)


def test_bandwidth_that_overflows_or_underflows_is_refused():
    y, x = [0, 0, 1, 1, 0, 1], [0.1, 0.4, 0.35, 0.8, 0.2, 0.7]
    with pytest.raises(ValueError, match="bw must give a positive finite bandwidth"):
        rocstats.smooth_roc(y, x, method="density", bw=1e300, adjust=1e10)
    with pytest.raises(ValueError, match="bw must give a positive finite bandwidth"):
        rocstats.smooth_roc(y, x, method="density", bw=1e-300, adjust=1e-300)


def test_density_smoothing_of_large_scores_keeps_its_mass():
    # the mass test is density x grid step (about 1 here), not density / step
    y = np.array([0, 0, 1, 1, 0, 1, 0, 1])
    x = np.array([0.1, 0.4, 0.35, 0.8, 0.2, 0.7, 0.3, 0.9])
    small = rocstats.smooth_roc(y, x, method="density", n=64)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        big = rocstats.smooth_roc(y, x * 1e8, method="density", n=64)
    assert np.isfinite(big.auc)
    assert big.auc == pytest.approx(small.auc, rel=1e-9)


@pytest.mark.parametrize("case", ["proc_edge_case", "cases_missed"])
def test_empty_grid_warning_names_the_class_and_the_grid_step(case):
    if case == "proc_edge_case":     # tests/parity's smooth_density_rectangular
        y, x = np.array([0, 1, 0, 0, 1]), np.array([4.0, 4, 5, 5, 1])
    else:                            # a control at the midpoint, the cases at the ends
        y = np.r_[np.ones(20, int), 0, 0, 0]
        x = np.r_[np.zeros(10), np.full(10, 10.0), 5.0, 0.0, 10.0]
    bw = _smooth.bw_nrd0(x)
    start, stop = x.min() - 3 * bw, x.max() + 3 * bw
    seen = set()
    for n in (2, 3, 4, 5):
        grid = np.linspace(start, stop, n)
        empty_c = _rectangular_density_by_definition(x[y == 0], grid, bw).sum() == 0
        empty_x = _rectangular_density_by_definition(x[y == 1], grid, bw).sum() == 0
        if not (empty_c or empty_x):
            continue
        with pytest.warns(UndefinedAUCWarning) as rec:
            rocstats.smooth_roc(y, x, method="density", n=n, kernel="rectangular")
        msg = str(rec[0].message)
        who = "controls'" if empty_c else "cases'"          # controls are checked first
        seen.add(who)
        assert "hold none of the %s density" % who in msg
        step = float(re.search(r"grid step ([0-9.e+-]+):", msg).group(1))
        assert step == pytest.approx((stop - start) / (n - 1), rel=1e-3)
        assert "the %d grid points" % n in msg
    assert seen == ({"controls'"} if case == "proc_edge_case" else {"controls'", "cases'"})


def test_summary_rows_of_both_methods():
    y, x = [0, 0, 0, 0, 1, 1, 1, 1], [1, 2, 3, 4, 2, 3, 4, 5]
    b = rocstats.smooth_roc(y, x)
    s = b.summary()
    assert s.title == "Smoothed ROC curve (binormal)"
    rows = dict(s.rows)
    assert float(rows["AUC"]) == pytest.approx(0.683296, abs=1e-6)    # the docstring's
    assert rows["method"] == "binormal" and rows["points"] == "512"
    assert float(rows["binormal a (intercept)"]) == pytest.approx(0.67449, abs=1e-5)
    assert float(rows["binormal b (slope)"]) == pytest.approx(-1.0, abs=1e-12)
    assert rows["direction"] == "controls < cases"
    assert rows["positives"] == "4" and rows["negatives"] == "4"
    d = rocstats.smooth_roc(y, x, method="density", kernel="epanechnikov", n=100)
    rows = dict(d.summary().rows)
    assert d.summary().title == "Smoothed ROC curve (density)"
    assert rows["kernel"] == "epanechnikov"
    assert float(rows["bandwidth"]) == pytest.approx(_smooth.bw_nrd0(x), rel=1e-5)
    assert "binormal a (intercept)" not in rows
    with pytest.warns(UndefinedAUCWarning):
        u = rocstats.smooth_roc([1, 1, 1], [1, 2, 3])
    rows = dict(u.summary().rows)          # one class: no coefficients, no binormal rows
    assert rows["AUC"] == "nan" and "binormal a (intercept)" not in rows
