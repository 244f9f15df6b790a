"""rocstats.survival.time_roc / time_roc_test against independent definitions (O(n^2)
loops with a loop-built reverse Kaplan-Meier, tests/survival/_defs.py), their result
objects, and properties that must hold whatever the data."""
import math
import warnings

import numpy as np
import pytest

from _defs import time_auc_def
from rocstats import auc as binary_auc
from rocstats.survival import (SimultaneousBand, TimeROCResult, UndefinedTimeAUCWarning,
                               time_roc, time_roc_test)


def _data(seed, n=60, causes=1, digits=0):
    rng = np.random.default_rng(seed)
    x = np.round(rng.normal(size=n), 1)
    ev = np.round(rng.exponential(6 * np.exp(-0.7 * x)), digits) + 1
    ce = np.round(rng.exponential(10, size=n), digits) + 1
    status = (ev <= ce).astype(int)
    if causes == 2:
        status = np.where(status == 1, rng.integers(1, 3, size=n), 0)
    return np.minimum(ev, ce), status, x


@pytest.mark.parametrize("seed", range(6))
def test_auc_matches_the_pairwise_definition(seed):
    time, event, x = _data(seed)
    times = np.array([2.0, 4.0, 7.0])
    r = time_roc(time, event, x, times)
    for k, t in enumerate(times):
        assert r.auc[k] == pytest.approx(time_auc_def(time, event, x, t), rel=1e-12)
    # direction '>' on the negated marker: the same numbers
    r2 = time_roc(time, event, -x, times, direction=">")
    np.testing.assert_allclose(r2.auc, r.auc, rtol=1e-14)
    np.testing.assert_allclose(r2.se, r.se, rtol=1e-12)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("controls", ["all", "survivors"])
def test_competing_risks_both_definitions(seed, controls):
    time, event, x = _data(100 + seed, n=70, causes=2)
    times = [2.0, 5.0]
    for cause in (1, 2):
        r = time_roc(time, event, x, times, cause=cause, controls=controls)
        assert r.competing and r.controls == controls
        for k, t in enumerate(times):
            exp = time_auc_def(time, event, x, t, cause=cause, controls=controls)
            assert r.auc[k] == pytest.approx(exp, rel=1e-12)
    # timeROC's spellings 1 and 2
    a = time_roc(time, event, x, times, controls=1)
    b = time_roc(time, event, x, times, controls="survivors")
    np.testing.assert_array_equal(a.auc, b.auc)


def test_single_cause_definitions_agree():
    time, event, x = _data(7)
    a = time_roc(time, event, x, [3.0, 6.0], controls="all")
    b = time_roc(time, event, x, [3.0, 6.0], controls="survivors")
    np.testing.assert_array_equal(a.auc, b.auc)
    np.testing.assert_array_equal(a.se, b.se)
    assert not a.competing


def test_uncensored_equals_binary_auc():
    """Without censoring every weight is 1: AUC(t) is the binary AUC of 'event by t'."""
    rng = np.random.default_rng(3)
    time = np.round(rng.exponential(5, 200), 1) + 0.1
    x = np.round(rng.normal(size=200) - 0.1 * time, 1)
    event = np.ones(200, int)
    r = time_roc(time, event, x, [2.0, 5.0])
    for k, t in enumerate([2.0, 5.0]):
        assert r.auc[k] == pytest.approx(binary_auc(time <= t, x), rel=1e-13)


def test_curve_area_and_end_points():
    time, event, x = _data(11)
    r = time_roc(time, event, x, [3.0, 6.0])
    for k, t in enumerate(r.times):
        thr, fpr, tpr = r.roc(t)
        assert thr[0] == np.inf and fpr[0] == 0 and tpr[0] == 0
        assert fpr[-1] == pytest.approx(1) and tpr[-1] == pytest.approx(1)
        assert np.all(np.diff(fpr) >= 0) and np.all(np.diff(tpr) >= 0)
        assert np.trapezoid(tpr, fpr) == pytest.approx(r.auc[k], rel=1e-12)
    with pytest.raises(ValueError, match="not one of the evaluation times"):
        r.roc(4.5)


def test_se_and_test_identities():
    time, event, x = _data(21, n=120)
    rng = np.random.default_rng(5)
    y = x + rng.normal(size=x.size)
    times = [2.0, 4.0, 8.0]
    ra = time_roc(time, event, x, times)
    n = time.size
    np.testing.assert_allclose(ra.se, ra.iid.std(axis=0, ddof=1) / np.sqrt(n), rtol=1e-14)
    # conservative drops the censoring term: a different (here larger) SE, same AUC
    rc = time_roc(time, event, x, times, conservative=True)
    np.testing.assert_array_equal(rc.auc, ra.auc)
    assert not np.allclose(rc.se, ra.se)
    t = time_roc_test(time, event, x, y, times, names=("x", "y"))
    rb = time_roc(time, event, y, times)
    np.testing.assert_allclose(t.difference, ra.auc - rb.auc, rtol=1e-14)
    np.testing.assert_allclose(t.se, (ra.iid - rb.iid).std(axis=0, ddof=1) / np.sqrt(n),
                               rtol=1e-13)
    np.testing.assert_allclose(t.pvalue, [math.erfc(abs(z) / math.sqrt(2)) for z in
                                          t.difference / t.se], rtol=1e-12)
    # a marker against itself: difference 0, se 0
    same = time_roc_test(time, event, x, x, times)
    assert np.all(same.difference == 0) and np.all(same.se == 0)
    ci = t.conf_int(0.9)
    np.testing.assert_allclose(ci.upper - ci.lower, 2 * 1.6448536269514722 * t.se, rtol=1e-12)
    assert "AUC_x(t) - AUC_y(t)" in str(t)


def test_conf_int_and_band():
    time, event, x = _data(31, n=150)
    r = time_roc(time, event, x, [2.0, 3.0, 5.0, 8.0])
    ci = r.conf_int()
    np.testing.assert_allclose(ci.lower, np.clip(r.auc - 1.959963984540054 * r.se, 0, 1),
                               rtol=1e-12)
    band = r.conf_band(random_state=1)
    assert isinstance(band, SimultaneousBand)
    # the band is wider than the pointwise intervals, narrower than Bonferroni's
    assert 1.959963984540054 < band.critical_value
    assert band.critical_value < 2.4977054744
    assert np.all(band.lower <= ci.lower + 1e-15) and np.all(band.upper >= ci.upper - 1e-15)
    assert band.mc_se < 0.05
    # reproducible with a seed
    assert r.conf_band(random_state=1).critical_value == band.critical_value
    # one time: the band is the pointwise interval
    one = time_roc(time, event, x, 3.0)
    assert one.conf_band().critical_value == pytest.approx(1.959963984540054)
    with pytest.raises(ValueError, match="n_sim"):
        r.conf_band(n_sim=10)


def test_band_critical_value_independent_columns():
    """Independent columns: the critical value of max |Z_k| over k is the normal quantile
    at level^(1/k) (Sidak), known in closed form."""
    from rocstats.survival._results import band_critical_value
    from scipy.stats import norm

    rng = np.random.default_rng(0)
    iid = rng.normal(size=(20000, 4))
    crit, mc_se = band_critical_value(iid, 0.95, 40000, 3)
    exact = norm.ppf(0.5 + 0.95 ** 0.25 / 2)
    assert abs(crit - exact) < 4 * mc_se + 0.02   # the sample correlations are ~0.007


def test_summary_and_repr():
    time, event, x = _data(41)
    r = time_roc(time, event, x, [3.0, 6.0], name="x")
    s = str(r)
    assert "Time-dependent ROC" in s and "x" in s and "Kaplan-Meier" in s
    assert r._repr_html_().startswith("<table>")
    assert isinstance(r, TimeROCResult)
    r1 = time_roc(time, event, x, [3.0, 6.0], se=False)
    assert r1.se is None and r1.iid is None
    np.testing.assert_array_equal(r1.auc, r.auc)
    with pytest.raises(ValueError, match="no standard errors"):
        r1.conf_int()


def test_undefined_times_warn_and_give_nan():
    time, event, x = _data(51)
    with pytest.warns(UndefinedTimeAUCWarning, match="after the last observed time"):
        r = time_roc(time, event, x, [3.0, time.max() + 1])
    assert np.isnan(r.auc[1]) and np.isfinite(r.auc[0]) and np.isnan(r.se[1])
    with pytest.warns(UndefinedTimeAUCWarning, match="no cases or no controls"):
        r = time_roc(time, event, x, [0.5, 3.0])   # before the first time: no cases
    assert np.isnan(r.auc[0]) and np.isfinite(r.auc[1])
    with pytest.warns(UndefinedTimeAUCWarning):
        r = time_roc(time, np.zeros_like(event), x, [3.0])   # all censored
    assert np.isnan(r.auc[0])


def test_cox_weighting_constant_covariate_effect():
    """A covariate the censoring does not depend on: the Cox weights are close to the
    Kaplan-Meier ones, and AUC(t) too."""
    rng = np.random.default_rng(9)
    n = 400
    x = rng.normal(size=n)
    ev = rng.exponential(5 * np.exp(-0.5 * x))
    ce = rng.exponential(8, size=n)
    time, event = np.minimum(ev, ce), (ev <= ce).astype(int)
    z = rng.normal(size=n)
    km = time_roc(time, event, x, [2.0, 4.0])
    cox = time_roc(time, event, x, [2.0, 4.0], weighting="cox", covariates=z,
                   conservative=True)
    np.testing.assert_allclose(cox.auc, km.auc, atol=0.01)
    assert "Cox" in cox.censoring_model and "conservative" in cox.se_method
