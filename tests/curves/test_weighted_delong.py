"""Weighted DeLong (pROC issue #96): ``delong`` / ``delong_test`` / ``delong_joint_test``
with ``sample_weight``.

Expected values: DeLong on ``np.repeat``-expanded data (frequency weights) and the O(m n)
exact-fraction definition ``definitions.weighted_delong_def`` (both weight types).
Tolerances, stated per test:

* frequency weights, one score: AUC, variance, SE, CI *equal* (same float) to the
  expanded data's, and equal to the exact definition rounded once;
* frequency weights, k scores: covariance *equal* to the exact definition rounded once;
  against the expanded data (whose k-column covariance is floating-point ``np.cov``) within
  16 eps * sqrt(var_a var_b) (np.cov's own rounding, worst seen ~9 ulp); the paired test's
  estimate *equal*, its variance of the difference within 64 eps * max(var_a, var_b) of
  the expanded test (z and p accordingly);
* sampling weights: floating-point weighted sums, rtol 1e-12 against the exact definition
  (covariance entries relative to the largest variance).
"""
import math
import warnings

import numpy as np
import pytest

import rocstats
from definitions import weighted_auc_def, weighted_delong_def
from rocstats._validation import UndefinedAUCWarning

EPS = np.finfo(float).eps


def _data(rng, k=1, ties=True, max_w=4):
    N = int(rng.integers(6, 50))
    y = rng.integers(0, 2, N)
    y[:2] = (1, 0)
    S = rng.normal(size=(N, k)) + y[:, None] * rng.uniform(0, 1.5)
    if ties:
        S = np.round(S, 1)
    w = rng.integers(0, max_w + 1, N)
    w[:4] = np.maximum(w[:4], 1)
    y[2:4] = (1, 0)
    return y, (S[:, 0] if k == 1 else S), w


def _split(y, S, w):
    S2 = S.reshape(len(y), -1)
    return S2[y == 1], S2[y == 0], w[y == 1], w[y == 0]


def test_frequency_one_score_is_exactly_the_expanded_data():
    rng = np.random.default_rng(12)
    for _ in range(150):
        y, s, w = _data(rng)
        f = rocstats.delong(y, s, sample_weight=w)
        e = rocstats.delong(np.repeat(y, w), np.repeat(s, w))
        assert (f.auc, f.variance, f.n_pos, f.n_neg) == (e.auc, e.variance, e.n_pos, e.n_neg)
        assert f.se == e.se
        assert f.conf_int().lower == e.conf_int().lower
        assert f.conf_int().upper == e.conf_int().upper
        assert f.weight_type == "frequency"
        theta, cov = weighted_delong_def(*_split(y, s, w), "frequency")
        assert f.auc == float(theta[0]) and f.variance == float(cov[0][0])


def test_frequency_direction_and_pos_label_follow_the_expanded_data():
    rng = np.random.default_rng(5)
    y, s, w = _data(rng)
    lab = np.where(y == 1, "sick", "well")
    f = rocstats.delong(lab, s, sample_weight=w, pos_label="well", direction=">")
    e = rocstats.delong(np.repeat(lab, w), np.repeat(s, w), pos_label="well", direction=">")
    assert (f.auc, f.variance, f.pos_label) == (e.auc, e.variance, "well")


def test_frequency_k_scores_covariance():
    rng = np.random.default_rng(7)
    for _ in range(60):
        y, S, w = _data(rng, k=3)
        f = rocstats.delong(y, S, sample_weight=w)
        e = rocstats.delong(np.repeat(y, w), np.repeat(S, w, axis=0))
        np.testing.assert_array_equal(f.auc, e.auc)
        theta, cov = weighted_delong_def(*_split(y, S, w), "frequency")
        np.testing.assert_array_equal(f.covariance, np.array(cov, dtype=float))
        np.testing.assert_array_equal(f.auc, np.array(theta, dtype=float))
        d = np.sqrt(np.diag(e.covariance))
        assert np.all(np.abs(f.covariance - e.covariance) <= 16 * EPS * np.outer(d, d))


def test_frequency_delong_test_equals_expanded_test():
    rng = np.random.default_rng(9)
    for _ in range(80):
        y, S, w = _data(rng, k=2)
        for alt in ("two-sided", "less"):
            t = rocstats.roc_test(y, S[:, 0], S[:, 1], sample_weight=w, alternative=alt)
            te = rocstats.roc_test(np.repeat(y, w), np.repeat(S[:, 0], w),
                                      np.repeat(S[:, 1], w), alternative=alt)
            assert t.estimate == te.estimate and t.aucs == te.aucs
            # the exact definition, rounded once, through the documented formula
            theta, cov = weighted_delong_def(*_split(y, S, w), "frequency")
            C = np.array(cov, dtype=float)
            L = np.array([1.0, -1.0])
            sig = float(np.sqrt(L @ C @ L))
            assert t.se == sig
            if sig > 0:
                assert t.statistic == float(np.float64(t.estimate) / sig)
            # against the expanded test: its covariance is np.cov (a few ulp)
            scale = max(C[0, 0], C[1, 1])
            assert abs(t.se ** 2 - te.se ** 2) <= 64 * EPS * scale
            if te.se > 0:
                rel = 64 * EPS * scale / te.se ** 2
                assert abs(t.statistic - te.statistic) <= rel * max(1.0, abs(te.statistic))
                assert t.pvalue == pytest.approx(te.pvalue, rel=1e-12, abs=1e-300)


def test_frequency_joint_test_equals_expanded():
    rng = np.random.default_rng(3)
    y, S, w = _data(rng, k=3, max_w=3)
    j = rocstats.delong_joint_test(y, S, sample_weight=w)
    je = rocstats.delong_joint_test(np.repeat(y, w), np.repeat(S, w, axis=0))
    assert j.statistic == pytest.approx(je.statistic, rel=1e-12)
    assert j.pvalue == pytest.approx(je.pvalue, rel=1e-11)
    assert j.df == je.df
    # k = 2: the square of the weighted paired z
    t = rocstats.roc_test(y, S[:, 0], S[:, 1], sample_weight=w)
    j2 = rocstats.delong_joint_test(y, S[:, :2], sample_weight=w)
    assert j2.statistic == pytest.approx(t.statistic ** 2, rel=1e-12)


def test_frequency_huge_weights_stay_exact():
    # sums of w * c^2 far beyond int64: Python-int path, still the exact value
    y = np.array([1, 1, 1, 0, 0, 0])
    s = np.array([0.9, 0.4, 0.4, 0.5, 0.4, 0.1])
    w = np.array([3, 10 ** 9, 7, 2 * 10 ** 9, 5, 10 ** 9 + 1], dtype=float)
    f = rocstats.delong(y, s, sample_weight=w)
    theta, cov = weighted_delong_def(*_split(y, s, w), "frequency")
    assert f.auc == float(theta[0]) and f.variance == float(cov[0][0])
    assert f.n_pos == 10 ** 9 + 10 and f.n_neg == 3 * 10 ** 9 + 6
    # the AUC is the weighted area of roc_curve
    assert f.auc == pytest.approx(
        rocstats.roc_curve(y, s, sample_weight=w).auc, rel=1e-14)


def test_sampling_weights_against_the_definition():
    rng = np.random.default_rng(21)
    for _ in range(60):
        y, S, w = _data(rng, k=2)
        ws = w * rng.uniform(0.2, 5.0, w.size)
        f = rocstats.delong(y, S, sample_weight=ws, weight_type="sampling")
        theta, cov = weighted_delong_def(*_split(y, S, ws), "sampling")
        np.testing.assert_allclose(f.auc, np.array(theta, dtype=float), rtol=1e-12)
        C = np.array(cov, dtype=float)
        assert np.all(np.abs(f.covariance - C) <= 1e-12 * np.max(np.diag(C)))
        assert f.covariance[1, 1] >= 0.0
        assert f.n_pos == np.count_nonzero((y == 1) & (ws > 0))
        assert f.n_neg == np.count_nonzero((y == 0) & (ws > 0))
        # the AUC is the weighted Mann-Whitney statistic / the weighted curve's area
        p, q, wp, wq = _split(y, S[:, 0], ws)
        assert f.auc[0] == pytest.approx(float(weighted_auc_def(p[:, 0], q[:, 0], wp, wq)),
                                         rel=1e-12)
        assert f.auc[0] == pytest.approx(
            rocstats.roc_curve(y, S[:, 0], sample_weight=ws).auc, rel=1e-12)


def test_sampling_equal_weights_is_delong_and_scale_free():
    rng = np.random.default_rng(4)
    y, S, _ = _data(rng, k=2)
    u = rocstats.delong(y, S)
    for c in (1.0, 0.37, 2.0 ** 40):
        f = rocstats.delong(y, S, sample_weight=np.full(y.size, c), weight_type="sampling")
        np.testing.assert_allclose(f.auc, u.auc, rtol=1e-14)
        np.testing.assert_allclose(f.covariance, u.covariance, rtol=1e-12, atol=1e-17)
    ws = rng.uniform(0.1, 3.0, y.size)
    a = rocstats.delong(y, S, sample_weight=ws, weight_type="sampling")
    b = rocstats.delong(y, S, sample_weight=ws * 1e150, weight_type="sampling")
    np.testing.assert_allclose(a.covariance, b.covariance, rtol=1e-13)


def test_sampling_differs_from_frequency_for_integer_weights():
    # the same integer weights read as survey weights: one unit each, not repeats
    y, s, w = [1, 1, 0, 0], [0.9, 0.7, 0.8, 0.1], [2, 1, 1, 1]
    f = rocstats.delong(y, s, sample_weight=w)
    p = rocstats.delong(y, s, sample_weight=w, weight_type="sampling")
    assert f.auc == p.auc == 5 / 6
    assert f.variance == 1 / 18
    assert p.variance == pytest.approx(7 / 72, rel=1e-14)
    assert (p.n_pos, f.n_pos) == (2, 3)


def test_sampling_delong_test_uses_the_sampling_covariance():
    rng = np.random.default_rng(8)
    y, S, w = _data(rng, k=2)
    ws = w * rng.uniform(0.5, 2.0, w.size)
    t = rocstats.roc_test(y, S[:, 0], S[:, 1], sample_weight=ws, weight_type="sampling")
    _, cov = weighted_delong_def(*_split(y, S, ws), "sampling")
    C = np.array(cov, dtype=float)
    assert t.se == pytest.approx(math.sqrt(C[0, 0] + C[1, 1] - 2 * C[0, 1]), rel=1e-10)
    assert "sampling weights" in t.method


def test_zero_weights_drop_rows():
    rng = np.random.default_rng(2)
    y, s, w = _data(rng)
    w = w.copy()
    w[5] = 0
    keep = w > 0
    for kind in ("frequency", "sampling"):
        a = rocstats.delong(y, s, sample_weight=w, weight_type=kind)
        b = rocstats.delong(y[keep], s[keep], sample_weight=w[keep], weight_type=kind)
        assert (a.auc, a.variance) == (b.auc, b.variance)


def test_one_unit_of_weight_gives_nan_variance_with_warning():
    y, s = [1, 1, 0, 0], [0.9, 0.7, 0.8, 0.1]
    with pytest.warns(UndefinedAUCWarning, match="at least 2"):
        f = rocstats.delong(y, s, sample_weight=[1, 0, 1, 1])
    assert f.auc == 1.0 and math.isnan(f.variance)
    with pytest.warns(UndefinedAUCWarning, match="at least 2"):
        p = rocstats.delong(y, s, sample_weight=[5.5, 0, 1, 1], weight_type="sampling")
    assert math.isnan(p.variance)
    # but a frequency weight of 2 on one row is two positives
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert not math.isnan(rocstats.delong(y, s, sample_weight=[2, 0, 1, 1]).variance)


@pytest.mark.parametrize("w, match", [
    ([1, -1, 1, 1], "non-negative"),
    ([1, np.nan, 1, 1], "sample_weight"),
    ([1, np.inf, 1, 1], "sample_weight"),
    ([0, 0, 0, 0], "zero everywhere"),
    ([0, 0, 1, 1], "zero for every positive"),
    ([1, 1, 0, 0], "zero for every negative"),
    ([1, 1, 1], "3 rows but y_score has 4"),
    ([[1, 1, 1, 1]], "sample_weight"),
    ([1, 0.5, 1, 1], "whole numbers.*weight_type='sampling'"),
])
def test_bad_weights_raise_value_error_naming_sample_weight(w, match):
    y, s = [1, 1, 0, 0], [0.9, 0.7, 0.8, 0.1]
    for fn in (lambda: rocstats.delong(y, s, sample_weight=w),
               lambda: rocstats.roc_test(y, s, s[::-1], sample_weight=w),
               lambda: rocstats.delong_joint_test(y, np.c_[s, s[::-1]], sample_weight=w)):
        with pytest.raises(ValueError, match="sample_weight") as info:
            fn()
        assert info.match(match)


def test_bad_weight_type_and_partial():
    y, s = [1, 1, 0, 0], [0.9, 0.7, 0.8, 0.1]
    with pytest.raises(ValueError, match="weight_type"):
        rocstats.delong(y, s, sample_weight=[1, 1, 1, 1], weight_type="survey")
    with pytest.raises(ValueError, match="sample_weight.*partial"):
        rocstats.delong(y, s, sample_weight=[1, 1, 1, 1], partial=(0.8, 1))
    # sampling weights may be fractional, and the negatives-only check still applies
    with pytest.raises(ValueError, match="sample_weight.*negative"):
        rocstats.delong(y, s, sample_weight=[0.5, 1.0, 0, 0], weight_type="sampling")


def test_wrong_length_is_caught_even_when_a_class_is_absent():
    with pytest.raises(ValueError, match="sample_weight has 2 rows"):
        rocstats.roc_test([1, 1, 1], [1, 2, 3], [3, 2, 1], sample_weight=[1, 1])


# --- the Monte Carlo suite (validation/rocstats_validation/weighted_mc.py) ----------------

def test_mc_population_has_equal_auc_twins_and_designs_weight_correctly():
    from rocstats_validation import weighted_mc as wm
    rng = np.random.default_rng(1)
    D, u, S = wm.population(rng, size=4000)
    # twins with swapped scores: the two population AUCs are exactly equal
    assert rocstats.auc(D, S[:, 0]) == rocstats.auc(D, S[:, 1])
    pi = wm.poisson_probabilities(D, u, 30)
    assert pi.sum() == pytest.approx(30, rel=1e-12) and pi.max() < 1
    # cases over-sampled, high-u cases and low-u controls more likely
    case, ctrl = D == 1, D == 0
    assert np.corrcoef(u[case], pi[case])[0, 1] > 0 > np.corrcoef(u[ctrl], pi[ctrl])[0, 1]
    idx, w = wm.draw(rng, dict(kind="poisson"), D, u, pi=pi)
    assert np.array_equal(w, 1 / pi[idx])
    strata = wm._strata(D, u)
    design = wm.DESIGNS["stratified"]
    idx, w = wm.draw(rng, design, D, u, strata=strata)
    # each stratum's weights add up to its population size (SRSWOR: w = N_h / n_h)
    sizes = {}
    for h, members in enumerate(strata):
        sizes[h] = members.size
        sel = np.isin(idx, members)
        assert sel.sum() == design["per_stratum"][h]
        assert w[sel].sum() == pytest.approx(members.size, rel=1e-12)
    # no ignored-fpc effect when every probability is tiny
    assert wm.fpc_factor((D, u, S), np.full(D.size, 1e-9), rocstats.auc(D, S[:, 0])) == \
        pytest.approx(1.0, abs=1e-8)


@pytest.mark.slow
def test_weighted_monte_carlo_suite_passes():
    from rocstats_validation import weighted_mc as wm
    from rocstats_validation.proc_parity import describe
    doc = wm.run(seed=wm.DEFAULT_SEED)
    failed = [describe(r) for r in doc["comparisons"] if not r["passed"]]
    assert not failed, failed
    designs = doc["metadata"]["designs"]
    assert all(d["replicates"] >= 2000 for d in designs.values())
    # power: ignoring the weights misses the population AUC
    assert all(d["unweighted_coverage"] < 0.5 for d in designs.values())


def test_centring_factor_is_the_expected_share_after_weighted_centring():
    """The derivation of kappa in rocstats.curves._weighted, checked by simulation: for iid V
    with variance 1 and fixed unequal weights, E sum p^2 (V - sum p V)^2 = kappa sum p^2
    (within 4 Monte Carlo SE), and kappa = (m-1)/m for equal weights."""
    from rocstats.curves._weighted import centring_factor
    assert centring_factor(np.full(7, 3.0)) == pytest.approx(6 / 7, rel=1e-15)
    rng = np.random.default_rng(11)
    w = np.array([50.0, 1, 1, 2, 3, 1, 8, 1])
    p = w / w.sum()
    V = rng.normal(size=(200_000, w.size))
    stat = ((V - (V @ p)[:, None]) ** 2 @ (p * p)) / np.sum(p * p)
    se = stat.std(ddof=1) / math.sqrt(stat.size)
    assert abs(stat.mean() - centring_factor(w)) < 4 * se
    # and it is far from the equal-weight factor (m-1)/m: the correction matters here
    assert abs(stat.mean() - (w.size - 1) / w.size) > 20 * se
