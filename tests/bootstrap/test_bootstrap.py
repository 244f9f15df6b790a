"""The bootstrap confidence intervals (rocstats.ci_auc / ci_se / ci_sp / ci_band /
ci_thresholds / ci_coords).

Expected values: each replicate's statistic recomputed from the resampled data, which
tests/definitions.resample_def draws from the documented random stream, by the O(m n)
definition of the AUC, pROC's rule over the listed points (curve_at_def), direct
counts, exhaustive exact best points, the public partial AUC of the resample; R's
type-7 quantile by its formula; the BCa acceleration from a leave-one-out loop.  pROC
itself: tests/parity/test_proc_coords_parity.py (stored, within Monte Carlo error) and
the harness; coverage: rocstats_validation.bootstrap_mc."""
import math
import warnings
from fractions import Fraction

import numpy as np
import pytest

import rocstats
from rocstats import _dist
from rocstats.curves._partial import mcclish

from definitions import (auc_def, best_points_def, curve_at_def, proc_threshold_def,
                         resample_def, roc_points_def, type7_quantile_def)

rng0 = np.random.default_rng(11)
Y = rng0.permutation(np.repeat([1, 0], [14, 19]))
S = np.round(rng0.normal(0.9 * Y), 1)                      # ties
POS, NEG = list(S[Y == 1]), list(S[Y == 0])


def _quiet(fn, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return fn(*args, **kwargs)


# --------------------------------------------------------------------------- replicates
@pytest.mark.parametrize("stratified", [True, False])
def test_auc_replicates_are_the_auc_of_the_resample(stratified):
    ci = _quiet(rocstats.ci_auc, Y, S, method="bootstrap", n_boot=40, random_state=7,
                stratified=stratified)
    expected = []
    for r in range(40):
        P, N = resample_def(POS, NEG, 7, r, stratified)
        expected.append(auc_def(P, N) if P and N else math.nan)
    expected = np.array(expected)
    kept = expected[~np.isnan(expected)]
    np.testing.assert_allclose(ci.replicates, kept, rtol=1e-14, atol=0)
    assert ci.estimate == rocstats.auc(Y, S)
    probs = ((1 - 0.95) / 2, 1 - (1 - 0.95) / 2)
    assert ci.lower == pytest.approx(type7_quantile_def(list(ci.replicates), probs[0]), abs=1e-15)
    assert ci.upper == pytest.approx(type7_quantile_def(list(ci.replicates), probs[1]), abs=1e-15)
    assert ci.median == pytest.approx(type7_quantile_def(list(ci.replicates), 0.5), abs=1e-15)


@pytest.mark.parametrize("direction", ["<", ">"])
def test_se_and_sp_replicates_are_pROCs_rule_on_the_resample(direction):
    sign = 1 if direction == "<" else -1
    pos, neg = [sign * v for v in POS], [sign * v for v in NEG]
    grid = np.r_[np.arange(11) * 0.1, 3 / 19, 5 / 14]
    for given_, other, ret in (("specificity", "sensitivity", "sensitivity"),
                               ("sensitivity", "specificity", "specificity")):
        ci = rocstats.ci_coords(Y, S, grid, input=given_, ret=ret, n_boot=25, random_state=3,
                                direction=direction)
        for r in range(25):
            P, N = resample_def(pos, neg, 3, r)
            assert ci.replicates[r, :, 0].tolist() == [curve_at_def(P, N, given_, float(v))
                                                       for v in grid]
        fn = rocstats.ci_se if given_ == "specificity" else rocstats.ci_sp
        df = fn(Y, S, grid, n_boot=25, random_state=3, direction=direction)
        assert df.columns.tolist() == [given_, "lower", "median", "upper"]
        for col, attr in (("lower", "lower"), ("median", "median"), ("upper", "upper")):
            assert df[col].tolist() == getattr(ci, attr)[:, 0].tolist()
        assert df.attrs["n_boot"] == 25 and df.attrs["seed"] == 3


def test_thresholds_replicates_are_direct_counts():
    thr = np.array([-np.inf, -0.05, 0.35, 1.0, np.inf])
    ci = rocstats.ci_thresholds(Y, S, thr, n_boot=20, random_state=9)
    for r in range(20):
        P, N = resample_def(POS, NEG, 9, r)
        sp = [sum(1 for v in N if v < t) / len(N) for t in thr]
        se = [sum(1 for v in P if v >= t) / len(P) for t in thr]
        assert ci.replicates[r, :, 0].tolist() == sp
        assert ci.replicates[r, :, 1].tolist() == se
    assert ci["specificity"].columns.tolist() == ["threshold", "lower", "median", "upper",
                                                  "estimate"]


def test_thresholds_local_maximas_are_coords():
    ci = rocstats.ci_thresholds(Y, S, n_boot=10, random_state=1)
    assert ci.x.tolist() == rocstats.coords(Y, S, "local maximas")["threshold"].tolist()
    best = rocstats.ci_thresholds(Y, S, "best", best_method="closest.topleft", n_boot=10,
                                  random_state=1)
    assert best.x.tolist() == rocstats.coords(Y, S, "best", best_method="closest.topleft")[
        "threshold"].tolist()


@pytest.mark.parametrize("policy", ["omit", "random"])
def test_best_replicates_are_the_exact_optimum_of_the_resample(policy):
    ret = ("threshold", "sensitivity", "specificity", "youden")
    ci = rocstats.ci_coords(Y, S, "best", ret=ret, best_policy=policy, n_boot=30,
                            random_state=4, best_weights=(2.0, 0.25))
    r_exact = Fraction(3, 4) / Fraction(1, 2)
    for r in range(30):
        P, N = resample_def(POS, NEG, 4, r)
        hits = best_points_def(P, N, "youden", r_exact)
        pts = roc_points_def(P, N)
        cuts = [c for c, _, _ in pts]
        got = ci.replicates[r, 0]
        if len(hits) > 1 and policy == "omit":
            assert np.isnan(got).all()
            continue
        thr = [proc_threshold_def(cuts, k) for k in hits]
        assert got[0] in thr
        k = hits[thr.index(got[0])]
        assert got[1] == pts[k][1] / len(P)
        assert got[2] == (len(N) - pts[k][2]) / len(N)


def test_best_policy_stop_raises_on_ties():
    """m = n = 10 and integer scores: Youden ties are frequent in the replicates."""
    y = np.repeat([1, 0], 10)
    s = np.r_[np.arange(10) % 4 + 1, np.arange(10) % 4]
    with pytest.raises(ValueError, match="best_policy='stop'"):
        rocstats.ci_coords(y, s, "best", n_boot=200, random_state=1)


def test_coords_at_thresholds_use_the_replicate_class_sizes():
    ci = _quiet(rocstats.ci_coords, Y, S, [0.3], ret=("ppv", "npv", "accuracy"), n_boot=20,
                random_state=2, stratified=False)
    for r in range(20):
        P, N = resample_def(POS, NEG, 2, r, stratified=False)
        tp, fp = sum(v >= 0.3 for v in P), sum(v >= 0.3 for v in N)
        tn, fn = len(N) - fp, len(P) - tp
        exp = [tp / (tp + fp) if tp + fp else math.nan, tn / (tn + fn) if tn + fn else math.nan,
               (tp + tn) / (len(P) + len(N))]
        np.testing.assert_allclose(ci.replicates[r, 0], exp, rtol=1e-14)


def test_partial_replicates_are_the_partial_auc_of_the_resample():
    part = dict(partial=(0.8, 1.0), focus="specificity", correct=True)
    ci = _quiet(rocstats.ci_auc, Y, S, method="bootstrap", n_boot=15, random_state=5, **part)
    assert ci.estimate == pytest.approx(rocstats.auc(Y, S, **part), abs=1e-15)
    for r in range(15):
        P, N = resample_def(POS, NEG, 5, r)
        y = np.r_[np.ones(len(P)), np.zeros(len(N))]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            exp = rocstats.auc(y, np.r_[P, N], partial=(0.8, 1.0), focus="specificity")
        assert ci.replicates[r] == pytest.approx(mcclish(exp, 0.8, 1.0, allow_invalid=True),
                                                 abs=1e-13)


# --------------------------------------------------------------------------- engine facts
def test_results_do_not_depend_on_n_jobs_and_seed_reproduces():
    a = rocstats.ci_auc(Y, S, method="bootstrap", n_boot=501, random_state=99)
    b = rocstats.ci_auc(Y, S, method="bootstrap", n_boot=501, random_state=99, n_jobs=3)
    c = rocstats.ci_auc(Y, S, method="bootstrap", n_boot=501, random_state=100)
    assert np.array_equal(a.replicates, b.replicates)
    assert not np.array_equal(a.replicates, c.replicates)
    d = rocstats.ci_auc(Y, S, method="bootstrap", n_boot=501, random_state=None)
    e = rocstats.ci_auc(Y, S, method="bootstrap", n_boot=501, random_state=d.seed)
    assert np.array_equal(d.replicates, e.replicates)
    g = rocstats.ci_auc(Y, S, method="bootstrap", n_boot=10,
                        random_state=np.random.default_rng(1))
    assert 0 <= g.seed < 2 ** 64
    band1 = rocstats.ci_band(Y, S, n_boot=300, random_state=5, n_jobs=1)
    band2 = rocstats.ci_band(Y, S, n_boot=300, random_state=5, n_jobs=-1)
    assert band1.equals(band2) and band1.shape == (101, 4)
    assert band1["specificity"].tolist() == np.linspace(0, 1, 101).tolist()


def test_row_permutation_does_not_change_the_replicates():
    """Counts are drawn over the sorted order, so the input order does not matter."""
    perm = np.random.default_rng(0).permutation(Y.size)
    a = rocstats.ci_se(Y, S, n_boot=50, random_state=1)
    b = rocstats.ci_se(Y[perm], S[perm], n_boot=50, random_state=1)
    assert a.equals(b)


def test_delong_method_is_AUCResult_conf_int():
    ci = rocstats.ci_auc(Y, S, level=0.9)
    ref = rocstats.delong(Y, S).conf_int(0.9)
    assert (ci.lower, ci.upper, ci.level, ci.method, ci.estimate) == (
        ref.lower, ref.upper, 0.9, "delong", rocstats.auc(Y, S))
    p = rocstats.ci_auc(Y, S, partial=(0.9, 1.0), focus="sensitivity")
    refp = rocstats.delong(Y, S, partial=(0.9, 1.0), focus="sensitivity").conf_int()
    assert (p.lower, p.upper) == (refp.lower, refp.upper)


def test_bca_acceleration_and_levels_by_definition():
    """BCa: z0 from the mid-rank of the estimate, a from the stratified jackknife
    (Davison & Hinkley's two-sample form) by a leave-one-out loop over the data."""
    ci = rocstats.ci_auc(Y, S, method="bootstrap", n_boot=400, random_state=8, interval="bca")
    theta = auc_def(POS, NEG)
    num = den = 0.0
    for group, other, first in ((POS, NEG, True), (NEG, POS, False)):
        n_g = len(group)
        loo = [auc_def(group[:i] + group[i + 1:], other) if first
               else auc_def(other, group[:i] + group[i + 1:]) for i in range(n_g)]
        mean = sum(loo) / n_g
        infl = [(n_g - 1) * (mean - v) for v in loo]
        num += sum(v ** 3 for v in infl) / n_g ** 3
        den += sum(v ** 2 for v in infl) / n_g ** 2
    a = num / (6 * den ** 1.5)
    reps = ci.replicates
    p0 = (np.sum(reps < theta) + 0.5 * np.sum(reps == theta)) / reps.size
    z0 = _dist.norm_ppf(p0)
    lv = [_dist.norm_cdf(z0 + (z0 + z) / (1 - a * (z0 + z)))
          for z in (_dist.norm_ppf(0.025), _dist.norm_ppf(0.975))]
    assert ci.lower == pytest.approx(type7_quantile_def(list(reps), lv[0]), abs=1e-12)
    assert ci.upper == pytest.approx(type7_quantile_def(list(reps), lv[1]), abs=1e-12)
    se = rocstats.ci_se(Y, S, [0.5, 0.8], n_boot=300, random_state=8, interval="bca")
    assert (se["lower"] <= se["upper"]).all()


def test_nonstratified_drops_replicates_without_a_class():
    y = np.r_[1, np.zeros(5, int)]
    s = np.arange(6.0)
    with pytest.warns(rocstats.UndefinedAUCWarning, match="were ignored"):
        ci = rocstats.ci_auc(y, s, method="bootstrap", stratified=False, n_boot=200,
                             random_state=1)
    assert 0 < ci.n_valid < 200 and ci.replicates.size == ci.n_valid


def test_perfect_curve_warns_like_pROC():
    with pytest.warns(UserWarning, match="AUC == 1"):
        ci = rocstats.ci_auc([0, 0, 1, 1], [1, 2, 3, 4], method="bootstrap", n_boot=20,
                             random_state=0)
    assert (ci.lower, ci.upper) == (1.0, 1.0)


def test_summary_and_str():
    ci = rocstats.ci_auc(Y, S, method="bootstrap", n_boot=50, random_state=1)
    assert str(ci).startswith("Bootstrap confidence interval of the AUC")
    assert "95% CI (bootstrap percentile)" in str(ci)
    cc = rocstats.ci_coords(Y, S, [0.5], input="specificity", ret=("sensitivity", "ppv"),
                            n_boot=30, random_state=1)
    assert "sensitivity at specificity 0.5" in str(cc)
    long = cc.to_frame()
    assert long.shape == (2, 7) and long["coordinate"].tolist() == ["sensitivity", "ppv"]
    with pytest.raises(KeyError):
        cc["npv"]


# --------------------------------------------------------------------------- bad input
@pytest.mark.parametrize("call,match", [
    (lambda: rocstats.ci_auc(Y, S, method="bootstrap", n_boot=0), "^n_boot"),
    (lambda: rocstats.ci_auc(Y, S, method="bootstrap", n_boot=2.5), "^n_boot"),
    (lambda: rocstats.ci_auc(Y, S, method="bootstrap", level=1.0), "^level"),
    (lambda: rocstats.ci_auc(Y, S, level=0), "^level"),
    (lambda: rocstats.ci_auc(Y, S, method="jackknife"), "^method"),
    (lambda: rocstats.ci_auc(Y, S, method="bootstrap", partial=(-0.1, 0.8)), "^partial"),
    (lambda: rocstats.ci_auc(Y, S, partial=(0.8, 1.2)), "^partial"),
    (lambda: rocstats.ci_auc(Y, S, method="bootstrap", interval="basic"), "^interval"),
    (lambda: rocstats.ci_auc(Y, S, method="bootstrap", random_state=-1), "^random_state"),
    (lambda: rocstats.ci_auc(Y, S, method="bootstrap", random_state="x"), "^random_state"),
    (lambda: rocstats.ci_auc(Y, S, method="bootstrap", n_jobs=0), "^n_jobs"),
    (lambda: rocstats.ci_auc(Y, S, method="bootstrap", stratified="yes"), "^stratified"),
    (lambda: rocstats.ci_se(Y, S, [0.5, 1.5]), "^specificities"),
    (lambda: rocstats.ci_se(Y, S, [np.nan]), "^specificities"),
    (lambda: rocstats.ci_sp(Y, S, [-0.1]), "^sensitivities"),
    (lambda: rocstats.ci_band(Y, S, specificities=[2.0]), "^specificities"),
    (lambda: rocstats.ci_thresholds(Y, S, "nope"), "^thresholds must be"),
    (lambda: rocstats.ci_thresholds(Y, S, [np.nan]), "^thresholds"),
    (lambda: rocstats.ci_coords(Y, S, "all"), "^x='all'"),
    (lambda: rocstats.ci_coords(Y, S, [0.5], input="fpr"), "^input"),
    (lambda: rocstats.ci_coords(Y, S, [0.5], input="specificity", ret="threshold"), "^ret"),
    (lambda: rocstats.ci_coords(Y, S, [1.5], input="specificity"), "^x must lie"),
    (lambda: rocstats.ci_coords(Y, S, "best", best_policy="first"), "^best_policy"),
    (lambda: rocstats.ci_coords(Y, S, "best", best_weights=(1, 0)), "^best_weights"),
])
def test_bad_input_names_the_argument(call, match):
    with pytest.raises(ValueError, match=match):
        call()


def test_one_class_warns_and_gives_nan():
    with pytest.warns(rocstats.UndefinedAUCWarning):
        ci = rocstats.ci_auc(np.ones(5), np.arange(5.0), method="bootstrap", n_boot=10)
    assert math.isnan(ci.lower) and math.isnan(ci.estimate)
    with pytest.warns(rocstats.UndefinedAUCWarning):
        df = rocstats.ci_se(np.zeros(5), np.arange(5.0), [0.5])
    assert df[["lower", "median", "upper"]].isna().all().all()
    with pytest.warns(rocstats.UndefinedAUCWarning):
        cc = rocstats.ci_coords(np.zeros(5), np.arange(5.0), "best")
    assert np.isnan(cc.lower).all()
