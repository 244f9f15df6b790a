"""The Monte Carlo suite of the partial AUC's variance (rocstats_validation.pauc_mc): its
true values against closed forms and exact counts, its bootstrap against a plain loop,
and (slow) the whole suite passing."""
import numpy as np
import pytest
from scipy import special

import rocstats
from definitions import pauc_def
from rocstats_validation import pauc_mc
from rocstats_validation.proc_parity import describe


def test_binormal_truth_closed_forms():
    # full range: the binormal AUC Phi(mu / sqrt(1 + sigma^2)), for both focuses
    for focus in ("specificity", "sensitivity"):
        assert pauc_mc.binormal_pauc(1.2, 1.5, 0.0, 1.0, focus) == pytest.approx(
            special.ndtr(1.2 / np.sqrt(1 + 1.5 ** 2)), abs=1e-10)
    # useless score (mu = 0, sigma = 1): ROC = diagonal, area of the trapezoid
    assert pauc_mc.binormal_pauc(0.0, 1.0, 0.8, 1.0, "specificity") == pytest.approx(
        0.2 * (0.2 + 0.0) / 2, abs=1e-10)


def test_polygon_truth_is_the_empirical_pauc_of_exact_proportions():
    p_case, p_ctrl = np.array([1, 2, 3, 4]) / 10, np.array([4, 3, 2, 1]) / 10
    pos = np.repeat([0.0, 1.0, 2.0, 3.0], [10, 20, 30, 40])
    neg = np.repeat([0.0, 1.0, 2.0, 3.0], [40, 30, 20, 10])
    for focus in ("specificity", "sensitivity"):
        for rng_ in [(0.6, 0.9), (0.8, 1.0), (0.05, 0.55)]:
            assert pauc_mc.polygon_pauc(p_case, p_ctrl, *rng_, focus) == pytest.approx(
                pauc_def(pos, neg, *rng_, focus), abs=1e-14)


def test_vectorised_bootstrap_equals_a_loop():
    rng = np.random.default_rng(1)
    m, n = 12, 15
    s = np.r_[np.round(rng.normal(1, 1, m)), np.round(rng.normal(0, 1, n))]
    y = np.r_[np.ones(m), np.zeros(n)]
    idx = pauc_mc._boot_indices(rng, m, n, B=30)
    se, sp = pauc_mc._curves_from_indices(s, m, idx)
    vec = rocstats.curves._partial.partial_auc_from_points(se, sp, partial=(0.6, 0.9),
                                                        focus="sensitivity")
    loop = [rocstats.auc(y, s[i], partial=(0.6, 0.9), focus="sensitivity") for i in idx]
    np.testing.assert_allclose(vec, loop, rtol=0, atol=1e-15)
    se2, sp2 = pauc_mc.bootstrap_curves(np.random.default_rng(2), s[:m], s[m:], B=5)
    assert se2.shape == sp2.shape == (5, np.unique(s).size + 1)


@pytest.mark.slow
def test_monte_carlo_suite_passes():
    doc = pauc_mc.run(seed=pauc_mc.DEFAULT_SEED)
    failed = [describe(r) for r in doc["comparisons"] if not r["passed"]]
    assert not failed, failed
    settings = doc["metadata"]["settings"]
    assert all(s["replicates"] >= 2000 for s in settings.values())
    assert settings["binormal_specificity"]["naive_variance_ratio"] > 1.5   # power
