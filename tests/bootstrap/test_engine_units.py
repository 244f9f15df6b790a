"""The bootstrap engine's interval helpers, one definition at a time (issue 23: survivors
of the mutation run over rocstats.bootstrap._engine).  Expected values come from the
definitions written out here (R's type-7 quantile, the BCa formula of Efron 1987 with
Davison & Hinkley's multi-sample acceleration, 5.4), not from the engine."""
import warnings

import numpy as np
import pytest
from scipy import stats

from rocstats import UndefinedAUCWarning
from rocstats.bootstrap import _engine as E


def test_quantiles_of_nothing_are_nan():
    q = E.quantiles(np.array([]), [0.025, 0.5, 0.975])
    assert q.shape == (3,) and q.dtype == np.float64 and np.isnan(q).all()


def test_bca_levels_definition_and_undefined_cases():
    # one replicate equal to the estimate: p = 1/2, z0 = 0, a = 0 -> the percentile levels
    np.testing.assert_allclose(E.bca_levels(np.array([0.5]), 0.5, 0.0, 0.95), [0.025, 0.975],
                               rtol=1e-12)
    # the formula: Phi(z0 + (z0 + z) / (1 - a (z0 + z)))
    v = np.array([0.1, 0.2, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7])
    est, a, level = 0.3, 0.05, 0.9
    p = (np.sum(v < est) + 0.5 * np.sum(v == est)) / v.size
    z0, z = stats.norm.ppf(p), stats.norm.ppf([(1 - level) / 2, 1 - (1 - level) / 2])
    np.testing.assert_allclose(E.bca_levels(v, est, a, level),
                               stats.norm.cdf(z0 + (z0 + z) / (1 - a * (z0 + z))), rtol=1e-12)
    for args in [(np.array([]), 0.5, 0.1),                 # no replicate
                 (v, np.nan, 0.1), (v, 0.3, np.nan),       # undefined estimate / acceleration
                 (v, 0.05, 0.1), (v, 0.05, 0.0),           # p = 0: every replicate above
                 (v, 0.95, 0.1), (v, 0.95, 0.0)]:          # p = 1: every replicate below
        with warnings.catch_warnings():
            warnings.simplefilter("error")                  # undefined, not 0 * inf
            lv = E.bca_levels(*args, 0.95)
        assert lv.shape == (2,) and lv.dtype == np.float64 and np.isnan(lv).all(), args


def _efron_acceleration(theta_del):
    """One stratum: a = sum l^3 / (6 (sum l^2)^1.5), l = (n - 1)(mean - theta_(i))."""
    n = theta_del.size
    infl = (n - 1) * (theta_del.mean() - theta_del)
    return np.sum(infl ** 3) / (6 * np.sum(infl ** 2) ** 1.5)


def test_acceleration_column_by_column_and_by_stratum():
    rng = np.random.default_rng(5)
    th = rng.normal(size=(7, 3)) ** 2                       # 7 deletions, 3 statistics
    got = E.acceleration(th, np.zeros(7, int), np.ones(7), (7,))
    np.testing.assert_allclose(got, [_efron_acceleration(th[:, j]) for j in range(3)],
                               rtol=1e-12)
    # the first stratum has no deletion row: the second alone counts (no early stop)
    got = E.acceleration(th, np.ones(7, int), np.ones(7), (3, 7))
    np.testing.assert_allclose(got, [_efron_acceleration(th[:, j]) for j in range(3)],
                               rtol=1e-12)


def test_acceleration_is_zero_without_influence_and_quiet():
    th = np.column_stack([np.full(5, 0.7), np.arange(5.0)])
    with warnings.catch_warnings():
        warnings.simplefilter("error")                      # no 0/0 RuntimeWarning
        got = E.acceleration(th, np.zeros(5, int), np.ones(5), (5,))
    assert got.dtype == np.float64
    assert got[0] == 0.0
    assert got[1] == pytest.approx(_efron_acceleration(th[:, 1]), abs=1e-15)


def test_bca_warning_counts_the_undefined_columns_with_replicates():
    reps = np.column_stack([np.linspace(0.6, 0.9, 20),     # all above the estimate: p = 0
                            np.linspace(0.1, 0.4, 20),     # all below: p = 1
                            np.full(20, np.nan),            # no replicate: not counted
                            np.r_[0.9, np.full(19, np.nan)],  # one replicate, above
                            np.linspace(0.3, 0.7, 20)])    # fine
    est = np.full(5, 0.5)
    with pytest.warns(UndefinedAUCWarning, match=r"undefined for 3 of 5 values"):
        lo, med, hi, n = E.intervals(reps, est, 0.95, "bca", np.zeros(5))
    assert n.tolist() == [20, 20, 0, 1, 20]
    assert np.isnan(lo[:4]).all() and np.isnan(hi[:4]).all()
    assert np.isfinite([lo[4], hi[4]]).all()


def test_on_counts_chunked_covers_every_row_in_order(monkeypatch):
    monkeypatch.setattr(E, "CHUNK", 4)                      # 2 rows per chunk for K = 2
    cp = np.arange(20).reshape(10, 2)
    cn = 100 + np.arange(20).reshape(10, 2)
    got = E.on_counts_chunked(lambda a, b: np.c_[a.sum(axis=1), b.sum(axis=1)], cp, cn)
    np.testing.assert_array_equal(got, np.c_[cp.sum(axis=1), cn.sum(axis=1)])


@pytest.mark.parametrize("n_boot, jobs", [(10, 1), (10, 3), (7, 7), (5, 9), (1000, 2)])
def test_parallel_ranges_cover_every_replicate_once_in_order(n_boot, jobs):
    """Threads get contiguous ranges whose concatenation is range(n_boot), sizes within
    one of each other; tuples of results are stacked element by element."""
    def fn(r0, r1):
        rows = np.arange(r0, r1)
        return np.c_[rows, 2 * rows], -rows

    a, b = E.parallel(fn, n_boot, jobs)
    np.testing.assert_array_equal(a, np.c_[np.arange(n_boot), 2 * np.arange(n_boot)])
    np.testing.assert_array_equal(b, -np.arange(n_boot))
    single = E.parallel(lambda r0, r1: np.arange(r0, r1)[:, None] * [1, 3], n_boot, jobs)
    np.testing.assert_array_equal(single, np.arange(n_boot)[:, None] * [1, 3])
    ranges = E._ranges(n_boot, min(jobs, n_boot))
    sizes = [r1 - r0 for r0, r1 in ranges]
    assert len(ranges) == min(jobs, n_boot) and max(sizes) - min(sizes) <= 1
    assert [r for r0, r1 in ranges for r in range(r0, r1)] == list(range(n_boot))


def test_data_counts_and_cuts_are_64_bit_integers():
    # the C kernels take int64 counts and block indices (64-bit counts: DESIGN.md); a
    # float array would be accepted by the NumPy twin and silently change the contract
    y = np.array([True, False, True, True, False, False, True])
    s = np.array([0.3, 0.1, 0.3, 0.9, 0.5, 0.1, 0.7])
    d = E.Data(y, s)
    assert d.values.tolist() == [0.1, 0.3, 0.5, 0.7, 0.9]
    assert d.cp0.tolist() == [0, 2, 0, 1, 1] and d.cn0.tolist() == [2, 0, 1, 0, 0]
    for a in (d.cp0, d.cn0, d.pos_block, d.neg_block):
        assert a.dtype == np.int64
    cuts = d.cuts([0.05, 0.3, 0.31, 1.0])
    assert cuts.dtype == np.int64 and cuts.tolist() == [0, 1, 2, 5]
    cp, cn, group, weight = d.deletions()
    assert group.dtype == np.int64 and group.tolist() == [0, 0, 0, 1, 1]
    assert weight.tolist() == [2, 1, 1, 2, 1]


class _Read(Exception):
    pass


class _Sized:
    """A stand-in block array of a given length: the row limit is checked before any
    array is read (a real array of 2**31 rows does not fit in a test); reading it raises
    `_Read`."""

    def __init__(self, size):
        self.size = size

    def __array__(self, *args, **kwargs):
        raise _Read


@pytest.mark.parametrize("m, n, refused", [
    (2 ** 30, 2 ** 30, True),              # (m + n)^2 = 2^62: the first size refused
    (2 ** 31, 0, True), (0, 2 ** 31, True),
    (2 ** 31 - 1, 0, False),               # (2^31 - 1)^2 < 2^62
    (2 ** 21, 2 ** 21 - 1, False),
])
def test_row_limit_of_64_bit_pair_counts(m, n, refused):
    d = E.Data.__new__(E.Data)
    d.K = 1
    if refused:
        with pytest.raises(ValueError, match="too many rows"):
            d._set_blocks(_Sized(m), _Sized(n))
    else:                                   # passes the check, then reads the stand-in
        with pytest.raises(_Read):
            d._set_blocks(_Sized(m), _Sized(n))
