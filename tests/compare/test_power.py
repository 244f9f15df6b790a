"""rocstats.power_roc_test and power_roc_test_paired: bad input, monotonicity, round
trips, the published table of Obuchowski et al. (2004), independent formulas, the label
contract, and the documented deviations from pROC (issue #122; impossible targets).

Expected values come from the paper (Table 4), from formulas written here independently
(eqs. 2-3 of Obuchowski et al. 2004; DeLong's components from tests/definitions.py), or
from the solved-for quantity being fed back in (round trips).  pROC's own numbers are in
tests/parity/test_power_parity.py (stored) and tests/live/test_power_live.py.
"""
import dataclasses
import math

import numpy as np
import pytest
from scipy import stats

import rocstats
from rocstats.compare._power import (PROC_UNIROOT_TOL, binormal_covariance, binormal_power,
                                 binormal_variance)
from definitions import placements_def

# ----------------------------------------------------------------- independent formulas
def eq3_variance(theta, kappa):
    """Obuchowski, Lieber & Wians (2004) eq. 3, transcribed here."""
    a = stats.norm.ppf(theta) * 1.414
    return 0.0099 * math.exp(-a * a / 2) * ((5 * a * a + 8) + (a * a + 8) / kappa)


def eq2_power(theta, ncases, kappa, alpha, two_sided=True):
    """Eq. 2 solved for the power."""
    z_a = stats.norm.isf(alpha / 2 if two_sided else alpha)
    v0 = 0.0792 * (1 + 1 / kappa)
    z_b = (math.sqrt(ncases) * abs(theta - 0.5) - z_a * math.sqrt(v0)) / math.sqrt(
        eq3_variance(theta, kappa))
    return stats.norm.cdf(z_b)


PILOT = dict(
    y=[1] * 10 + [0] * 12,
    a=[1.5, 2.2, 3.1, 0.9, 1.4, 1.5, -0.4, 0.6, 2.4, 1.4,
       0.7, -0.5, -0.6, -0.3, 0.8, 0.8, -0.5, -0.1, 0.2, 0.1, 0.4, 1.0],
    b=[1.7, 1.8, 0.3, -1.1, 1.6, 1.1, -0.4, 1.9, 2.1, 1.2,
       0.0, -0.3, -0.8, -0.8, -1.0, -0.1, -1.4, -0.3, -0.4, 1.6, -0.3, 0.4])


def _pilot(m=60, n=90, seed=5, decimals=1):
    rng = np.random.default_rng(seed)
    y = rng.permutation(np.r_[np.ones(m, int), np.zeros(n, int)])
    z1 = rng.standard_normal(y.size)
    z2 = 0.5 * z1 + math.sqrt(0.75) * rng.standard_normal(y.size)
    return y, np.round(z1 + 1.2 * y, decimals), np.round(1.3 * z2 + 0.5 * y, decimals)


# ----------------------------------------------------------------- the published table
# Obuchowski, Lieber & Wians (2004), Table 4 (one-sided alpha 0.05, power 0.9): cases and
# controls for kappa = ncontrols / ncases (rows) and AUC (columns), at least 10 per group
# (the smaller group is raised to 10 and the other follows kappa).  Two cells as
# corrected in pROC's tests (the printed 339 controls and 201 cases are one less than the
# formula's ceiling: rounding in the paper).
KAPPAS = (0.25, 0.5, 1, 2, 4)
THETAS = (0.6, 0.7, 0.8, 0.9, 0.95)
TABLE4_CONTROLS = ((84, 20, 10, 10, 10), (101, 25, 10, 10, 10), (135, 33, 14, 10, 10),
                   (203, 50, 21, 20, 20), (340, 84, 40, 40, 40))
TABLE4_CASES = ((334, 80, 40, 40, 40), (202, 49, 20, 20, 20), (135, 33, 14, 10, 10),
                (102, 25, 11, 10, 10), (85, 21, 10, 10, 10))


@pytest.mark.parametrize("i", range(5))
@pytest.mark.parametrize("j", range(5))
def test_obuchowski_2004_table4(i, j):
    kappa, theta = KAPPAS[i], THETAS[j]
    r = rocstats.power_roc_test(auc=theta, kappa=kappa, power=0.9, alternative="one-sided")
    controls, cases = math.ceil(r.ncontrols), math.ceil(r.ncases)
    if cases < 10:
        controls = max(controls, math.ceil(10 * kappa))
    if controls < 10:
        cases = max(cases, math.ceil(10 / kappa))
    assert max(10, controls) == TABLE4_CONTROLS[i][j]
    assert max(10, cases) == TABLE4_CASES[i][j]


@pytest.mark.parametrize("theta,ncases,kappa,alpha,two", [
    (0.73, 41, 72 / 41, 0.05, True), (0.6, 200, 1.0, 0.01, True), (0.9, 12, 3.0, 0.05, False),
    (0.3, 50, 1.0, 0.05, True), (0.81, 80, 0.5, 0.1, False)])
def test_power_equals_the_independent_eq2(theta, ncases, kappa, alpha, two):
    r = rocstats.power_roc_test(auc=theta, ncases=ncases, ncontrols=kappa * ncases,
                                sig_level=alpha,
                                alternative="two-sided" if two else "one-sided")
    assert r.power == pytest.approx(eq2_power(theta, ncases, kappa, alpha, two), rel=1e-12)
    assert r.va == pytest.approx(eq3_variance(theta, kappa), rel=1e-12)
    assert r.v0 == pytest.approx(0.0792 * (1 + 1 / kappa), rel=1e-15)


# ----------------------------------------------------------------- round trips
@pytest.mark.parametrize("alt", ["two-sided", "one-sided"])
@pytest.mark.parametrize("theta,kappa,power,alpha", [
    (0.7, 1.0, 0.9, 0.05), (0.62, 2.5, 0.8, 0.01), (0.93, 0.4, 0.95, 0.1)])
def test_round_trips_one_curve(alt, theta, kappa, power, alpha):
    n = rocstats.power_roc_test(auc=theta, kappa=kappa, power=power, sig_level=alpha,
                                alternative=alt)
    assert n.solved == "ncases" and n.ncontrols == pytest.approx(kappa * n.ncases)
    back = rocstats.power_roc_test(auc=theta, ncases=n.ncases, ncontrols=n.ncontrols,
                                   sig_level=alpha, alternative=alt)
    assert back.power == pytest.approx(power, abs=1e-12)
    sig = rocstats.power_roc_test(auc=theta, ncases=n.ncases, ncontrols=n.ncontrols,
                                  sig_level=None, power=power, alternative=alt)
    assert sig.sig_level == pytest.approx(alpha, rel=1e-10)
    auc = rocstats.power_roc_test(ncases=n.ncases, ncontrols=n.ncontrols, power=power,
                                  sig_level=alpha, alternative=alt)
    assert auc.auc == pytest.approx(theta, abs=1e-12)            # the exact root
    coarse = rocstats.power_roc_test(ncases=n.ncases, ncontrols=n.ncontrols, power=power,
                                     sig_level=alpha, alternative=alt, tol=PROC_UNIROOT_TOL)
    assert abs(coarse.auc - theta) <= PROC_UNIROOT_TOL             # pROC's uniroot tolerance


@pytest.mark.parametrize("method", ["obuchowski", "delong"])
@pytest.mark.parametrize("null_variance", ["alternative", "first"])
@pytest.mark.parametrize("alt", ["two-sided", "one-sided"])
def test_round_trips_paired(method, null_variance, alt):
    y, a, b = _pilot()
    kw = dict(method=method, null_variance=null_variance, alternative=alt)
    n = rocstats.power_roc_test_paired(y, a, b, power=0.85, sig_level=0.05, kappa=2.0, **kw)
    assert n.solved == "ncases" and n.ncontrols == pytest.approx(2.0 * n.ncases)
    back = rocstats.power_roc_test_paired(y, a, b, ncases=n.ncases, ncontrols=n.ncontrols,
                                          sig_level=0.05, **kw)
    assert back.power == pytest.approx(0.85, abs=1e-12)
    assert back.var_a == pytest.approx(n.var_a, rel=1e-13)           # both at kappa = 2
    sig = rocstats.power_roc_test_paired(y, a, b, ncases=n.ncases, ncontrols=n.ncontrols,
                                         sig_level=None, power=0.85, **kw)
    assert sig.sig_level == pytest.approx(0.05, rel=1e-10)


# ----------------------------------------------------------------- monotonicity
def test_monotone_one_curve():
    ns = [10, 20, 40, 80, 160]
    pw = [rocstats.power_roc_test(auc=0.7, ncases=k, ncontrols=k).power for k in ns]
    assert all(p < q for p, q in zip(pw, pw[1:]))
    aucs = [0.55, 0.6, 0.7, 0.8, 0.9]
    pw = [rocstats.power_roc_test(auc=t, ncases=30, ncontrols=30).power for t in aucs]
    assert all(p < q for p, q in zip(pw, pw[1:]))
    pw = [rocstats.power_roc_test(auc=0.7, ncases=30, ncontrols=30, sig_level=s).power
          for s in (0.001, 0.01, 0.05, 0.1)]
    assert all(p < q for p, q in zip(pw, pw[1:]))
    n = [rocstats.power_roc_test(auc=0.7, kappa=1, power=p).ncases for p in (0.6, 0.8, 0.9)]
    assert all(p < q for p, q in zip(n, n[1:]))
    t = [rocstats.power_roc_test(ncases=k, ncontrols=k, power=0.8).auc for k in ns]
    assert all(p > q for p, q in zip(t, t[1:]))
    one = rocstats.power_roc_test(auc=0.7, ncases=30, ncontrols=30, alternative="one-sided")
    two = rocstats.power_roc_test(auc=0.7, ncases=30, ncontrols=30)
    assert one.power > two.power


def test_monotone_paired():
    y, a, b = _pilot()
    pw = [rocstats.power_roc_test_paired(y, a, b, ncases=k, ncontrols=1.5 * k).power
          for k in (20, 50, 100, 200, 400)]
    assert all(p < q for p, q in zip(pw, pw[1:]))
    n = [rocstats.power_roc_test_paired(y, a, b, power=p).ncases for p in (0.6, 0.8, 0.9)]
    assert all(p < q for p, q in zip(n, n[1:]))


def test_auc_below_half_is_symmetric_two_sided():
    lo = rocstats.power_roc_test(auc=0.3, ncases=50, ncontrols=50)
    hi = rocstats.power_roc_test(auc=0.7, ncases=50, ncontrols=50)
    assert lo.power == pytest.approx(hi.power, rel=1e-12)


# ----------------------------------------------------------------- pilot data, labels
def test_pilot_one_curve_uses_empirical_auc_and_counts():
    y, a, _ = _pilot()
    r = rocstats.power_roc_test(y_true=y, y_score=a)
    assert r.auc == rocstats.auc(y, a) and r.n_pilot == (60, 90)
    assert (r.ncases, r.ncontrols, r.solved) == (60, 90, "power")
    ref = rocstats.power_roc_test(auc=r.auc, ncases=60, ncontrols=90)
    assert r.power == ref.power
    n = rocstats.power_roc_test(y_true=y, y_score=a, power=0.9)
    assert n.kappa == pytest.approx(1.5) and n.solved == "ncases"      # the pilot's ratio
    n1 = rocstats.power_roc_test(y_true=y, y_score=a, power=0.9, kappa=1)
    assert n1.ncontrols == pytest.approx(n1.ncases)


def test_label_contract_and_direction():
    y, a, b = _pilot()
    text = np.where(y == 1, "sick", "well")
    r0 = rocstats.power_roc_test(y_true=y, y_score=a)
    r1 = rocstats.power_roc_test(y_true=text, y_score=a, pos_label="sick")
    r2 = rocstats.power_roc_test(y_true=y, y_score=-a, direction=">")
    assert r0.power == r1.power == r2.power and r1.pos_label == "sick"
    with pytest.raises(ValueError, match="pos_label"):
        rocstats.power_roc_test(y_true=text, y_score=a)
    pd = pytest.importorskip("pandas")
    cat = pd.Categorical(np.where(y == 1, "case", "control"), categories=["control", "case"])
    for method in ("obuchowski", "delong"):
        p0 = rocstats.power_roc_test_paired(y, a, b, method=method)
        p1 = rocstats.power_roc_test_paired(cat, a, b, method=method)
        p2 = rocstats.power_roc_test_paired(y, -a, -b, method=method, direction=">")
        assert p1.pos_label == "case"
        for p in (p1, p2):
            assert p.power == pytest.approx(p0.power, rel=1e-12)
            assert p.var_a == pytest.approx(p0.var_a, rel=1e-12)


# ----------------------------------------------------------------- paired internals
def test_delong_components_at_other_kappa():
    """method="delong": per-case V = S10 + S01 / kappa from the placements (independent
    O(m n) definition), at the study's kappa (pROC keeps the pilot's)."""
    y, a, b = _pilot(m=25, n=35)
    pos, neg = np.c_[a, b][y == 1], np.c_[a, b][y == 0]
    V10 = np.column_stack([placements_def(pos[:, k], neg[:, k])[0] for k in range(2)])
    V01 = np.column_stack([placements_def(pos[:, k], neg[:, k])[1] for k in range(2)])
    S10, S01 = np.cov(V10, rowvar=False), np.cov(V01, rowvar=False)
    for kappa in (35 / 25, 0.5, 3.0):
        r = rocstats.power_roc_test_paired(y, a, b, method="delong", power=0.8, kappa=kappa)
        S = S10 + S01 / kappa
        assert (r.var_a, r.var_b, r.cov_ab) == pytest.approx((S[0, 0], S[1, 1], S[0, 1]),
                                                               rel=1e-10)
        assert r.va == pytest.approx(S[0, 0] + S[1, 1] - 2 * S[0, 1], rel=1e-10)


def test_obuchowski_variance_at_other_kappa_uses_eq4():
    y, a, b = _pilot()
    r = rocstats.power_roc_test_paired(y, a, b, power=0.8, kappa=1.0, method="obuchowski")
    assert r.var_a == binormal_variance(*r.binormal_a, 1.0)
    assert r.cov_ab == binormal_covariance(*r.binormal_a, *r.binormal_b, r.r_controls,
                                           r.r_cases, 1.0)
    assert r.r_cases == pytest.approx(np.corrcoef(a[y == 1], b[y == 1])[0, 1], rel=1e-12)


def test_binormal_fit_is_procs_orientation():
    """pROC regresses qnorm(Sp) on qnorm(Se).  For cases N(mu, s) and controls N(0, 1) the
    ROC curve is qnorm(Sp) = mu - s qnorm(Se): intercept mu and slope -s, i.e.
    (a / b, -1 / b) of the conventional binormal (a, b) = (mu / s, 1 / s) of Obuchowski &
    McClish.  rocstats reproduces pROC's fit (parity); this pins what it estimates."""
    rng = np.random.default_rng(11)
    mu, s, n = 1.5, 1.6, 20000
    y = np.r_[np.ones(n, int), np.zeros(n, int)]
    x = np.r_[rng.normal(mu, s, n), rng.normal(0.0, 1.0, n)]
    r = rocstats.power_roc_test_paired(y, x, x + rng.normal(0, 0.5, 2 * n), power=0.8,
                                       method="obuchowski")
    A, B = r.binormal_a
    assert A == pytest.approx(mu, abs=0.05) and B == pytest.approx(-s, abs=0.05)


def test_binormal_power_reproduces_issue_122_and_the_symmetric_fix():
    d = float(stats.norm.cdf(1 / math.sqrt(2)) - stats.norm.cdf(2 / math.sqrt(2)))
    first = [binormal_power(a1, 1, a2, 1, 0.5, 0.5, d, power=0.8, null_variance="first")
             for a1, a2 in ((1, 2), (2, 1))]
    alt = [binormal_power(a1, 1, a2, 1, 0.5, 0.5, d, power=0.8) for a1, a2 in ((1, 2), (2, 1))]
    assert first[0]["ncases"] > 2 * first[1]["ncases"]              # 57.0 vs 23.1
    assert alt[0]["ncases"] == pytest.approx(alt[1]["ncases"], rel=1e-14)
    va = alt[0]["va"]
    z = stats.norm.isf(0.025) + stats.norm.ppf(0.8)
    assert alt[0]["ncases"] == pytest.approx(z * z * va / d / d, rel=1e-12)


def test_paired_default_is_symmetric_and_procs_is_not():
    """The documented deviation (pROC issue #122): exchanging the two scores leaves
    rocstats' default answer unchanged; pROC's null variance (null_variance="first")
    changes it."""
    y, a, b = PILOT["y"], PILOT["a"], PILOT["b"]
    for method in ("obuchowski", "delong"):
        ab = rocstats.power_roc_test_paired(y, a, b, power=0.8, method=method)
        ba = rocstats.power_roc_test_paired(y, b, a, power=0.8, method=method)
        assert ab.ncases == pytest.approx(ba.ncases, rel=1e-13)
        assert ab.v0 == ab.va
        pa = rocstats.power_roc_test_paired(y, a, b, power=0.8, method=method,
                                            null_variance="first")
        pb = rocstats.power_roc_test_paired(y, b, a, power=0.8, method=method,
                                            null_variance="first")
        assert abs(pa.ncases - pb.ncases) > 1.0
        assert pa.v0 == pytest.approx(2 * pa.var_a - 2 * pa.cov_ab, rel=1e-15)


# ----------------------------------------------------------------- the result objects
def test_results_are_frozen_printable_and_complete():
    r = rocstats.power_roc_test(auc=0.73, ncases=41, ncontrols=72)
    assert isinstance(r, rocstats.PowerResult) and r.solved == "power"
    for f in ("auc", "ncases", "ncontrols", "kappa", "sig_level", "power"):
        assert isinstance(getattr(r, f), float) and math.isfinite(getattr(r, f))
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.power = 0.5
    assert r != rocstats.power_roc_test(auc=0.73, ncases=41, ncontrols=72)   # eq=False
    text = str(r)
    assert "power (solved)" in text and "0.989745" in text
    assert "<table>" in r._repr_html_()
    p = rocstats.power_roc_test_paired(PILOT["y"], PILOT["a"], PILOT["b"], power=0.8)
    assert isinstance(p, rocstats.PairedPowerResult) and p.solved == "ncases"
    assert "ncases (solved)" in str(p) and "V0 = VA" in str(p)
    assert p.n_pilot == (10, 12)


# ----------------------------------------------------------------- bad input
@pytest.mark.parametrize("kwargs,match", [
    (dict(auc=0.7, ncases=30, ncontrols=30, power=0.8), "nothing to solve"),
    (dict(auc=0.7, ncases=30, ncontrols=30, power=0.8, sig_level=0.05), "nothing to solve"),
    (dict(auc=0.7, power=None, kappa=1), r"sample size.*and power are missing"),
    (dict(ncases=30, ncontrols=30, power=None), "auc and power are missing"),
    (dict(auc=0.7, ncases=30, sig_level=None), "sig_level and power are missing"),
    (dict(power=0.8), "auc and sample size"),
])
def test_zero_or_two_missing_fields(kwargs, match):
    with pytest.raises(ValueError, match=match):
        rocstats.power_roc_test(**kwargs)


@pytest.mark.parametrize("kwargs,name", [
    (dict(auc=1.2, ncases=30, ncontrols=30), "auc"),
    (dict(auc=0.0, ncases=30, ncontrols=30), "auc"),
    (dict(auc="0.7", ncases=30, ncontrols=30), "auc"),
    (dict(auc=0.7, ncases=-3, ncontrols=30), "ncases"),
    (dict(auc=0.7, ncases=30, ncontrols=0), "ncontrols"),
    (dict(auc=0.7, ncases=30, ncontrols=float("nan")), "ncontrols"),
    (dict(auc=0.7, ncases=30, kappa=-1), "kappa"),
    (dict(auc=0.7, ncases=30, ncontrols=60, kappa=3), "kappa"),
    (dict(auc=0.7, ncases=30, ncontrols=30, sig_level=1.5), "sig_level"),
    (dict(auc=0.7, ncases=30, ncontrols=30, sig_level=0), "sig_level"),
    (dict(auc=0.7, kappa=1, power=1.0), "power"),
    (dict(auc=0.7, ncases=30, ncontrols=30, alternative="greater"), "alternative"),
    (dict(auc=0.7, kappa=1, power=True), "power"),
])
def test_out_of_range_names_the_argument(kwargs, name):
    with pytest.raises(ValueError, match=name):
        rocstats.power_roc_test(**kwargs)


@pytest.mark.parametrize("kwargs,name", [
    (dict(auc=0.7, kappa=1, power=0.04, sig_level=0.05), "power"),     # power <= sig_level
    (dict(auc=0.7, kappa=1, power=0.05, sig_level=0.05), "power"),
    (dict(auc=0.5, ncases=30, ncontrols=30, alternative="one-sided"), "auc"),
    (dict(auc=0.4, kappa=1, power=0.8, alternative="one-sided"), "auc"),
    (dict(auc=0.5, kappa=1, power=0.8), "auc"),                        # n for no effect
    (dict(ncases=2, ncontrols=2, power=0.99, sig_level=0.001), "ncases"),  # AUC 1 too little
    (dict(ncases=10, ncontrols=10, power=0.04, sig_level=0.05), "power"),
    # pROC returns sig.level = 1.17 here; a level >= power is no answer
    (dict(auc=0.52, ncases=20, ncontrols=20, sig_level=None, power=0.9), "sig_level"),
])
def test_impossible_targets(kwargs, name):
    with pytest.raises(ValueError, match=name):
        rocstats.power_roc_test(**kwargs)


def test_pilot_data_misuse():
    y, a, b = _pilot()
    with pytest.raises(ValueError, match="auc must be None"):
        rocstats.power_roc_test(y_true=y, y_score=a, auc=0.7)
    with pytest.raises(ValueError, match="y_score"):
        rocstats.power_roc_test(y_true=y)
    with pytest.raises(ValueError, match="y_true"):
        rocstats.power_roc_test(y_score=a)
    with pytest.raises(ValueError, match="no positives"):
        rocstats.power_roc_test(y_true=np.zeros(5), y_score=np.arange(5.0))
    with pytest.raises(ValueError, match="direction"):
        rocstats.power_roc_test(y_true=y, y_score=a, direction="auto")


@pytest.mark.parametrize("kwargs,name", [
    (dict(power=0.8, ncases=50), "nothing to solve"),
    (dict(sig_level=None), "sig_level and power are missing"),
    (dict(power=0.04), "power"),
    (dict(method="bootstrap"), "method"),
    (dict(null_variance="second"), "null_variance"),
    (dict(alternative="two.sided"), "alternative"),
    (dict(kappa=3.0), "kappa"),                         # kappa without a size to solve
    (dict(ncases=-1), "ncases"),
])
def test_paired_bad_input(kwargs, name):
    y, a, b = _pilot()
    with pytest.raises(ValueError, match=name):
        rocstats.power_roc_test_paired(y, a, b, **kwargs)


def test_paired_degenerate_pilots():
    y, a, b = _pilot()
    perm = a.copy()                                     # same AUC, other pairing
    rng = np.random.default_rng(2)
    for cls in (0, 1):
        perm[y == cls] = rng.permutation(a[y == cls])
    with pytest.raises(ValueError, match="delta = 0"):
        rocstats.power_roc_test_paired(y, a, perm, power=0.8, method="delong")
    with pytest.raises(ValueError, match="variance"):       # identical scores: VA = 0
        rocstats.power_roc_test_paired(y, a, a.copy(), method="delong")
    with pytest.raises(ValueError, match="y_score_b"):
        rocstats.power_roc_test_paired(y, a, b[:-1])
    with pytest.raises(ValueError, match="at least 2 cases"):
        rocstats.power_roc_test_paired([1, 0, 0], [0.3, 0.1, 0.2], [0.2, 0.3, 0.1])
    grades = (a > 0.5).astype(float)                    # one interior ROC point
    with pytest.raises(ValueError, match="binormal fit"):
        rocstats.power_roc_test_paired(y, grades, b, method="obuchowski")
    rocstats.power_roc_test_paired(y, grades, b, method="delong")   # fine without the fit


# ----------------------------------------------------------------- issue #122 by simulation
def test_issue_122_monte_carlo_small():
    """A small run of validation/rocstats_validation/power_mc.py (800 replicates per size,
    MC SE ~0.015; the full suite runs 4000): DeLong's paired test reaches the target 0.8
    at rocstats' sample size, and at pROC's two sizes (curves in either order) its power
    is what V0 = VA predicts, far from pROC's claimed 0.8."""
    from rocstats_validation import power_mc, run

    assert run.SUITES["power_mc"][0] == "rocstats_validation.power_mc:run"
    out = power_mc.run(seed=3, reps=800)
    recs = out["comparisons"]
    assert all(r["passed"] for r in recs), [r for r in recs if not r["passed"]]
    rows = out["metadata"]["issue122"]
    assert len(rows) == 9
    for row in rows:
        if row["design_rule"].startswith("pROC"):
            assert abs(row["empirical_power"] - 0.8) > 4 * row["mc_se"]
    one = out["metadata"]["one_curve"]
    assert all(abs(r["empirical_power_rank_sum"] - r["formula_power"]) < 0.06 for r in one)


@pytest.mark.parametrize("scale_a, scale_b", [(1e200, 1.0), (1e-200, 1e250), (2.0 ** -1000, 3.0)])
def test_paired_power_does_not_depend_on_the_scores_scale(scale_a, scale_b):
    """Pearson's r and the AUCs are scale-free, so is the power: huge or tiny scores once
    overflowed (or underflowed) numpy.corrcoef's sums of squares and gave r = 0 silently
    (issue 23's mutation triage)."""
    import warnings

    rng = np.random.default_rng(3)
    y = np.r_[np.ones(20, int), np.zeros(20, int)]
    a = rng.normal(size=40) + y
    b = 0.6 * a + rng.normal(size=40) + 0.5 * y
    ref = rocstats.power_roc_test_paired(y, a, b, method="obuchowski")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        got = rocstats.power_roc_test_paired(y, a * scale_a, b * scale_b, method="obuchowski")
    # the definition: Pearson's r within each class, computed on the unscaled scores
    r_cases = np.corrcoef(a[y == 1], b[y == 1])[0, 1]
    r_controls = np.corrcoef(a[y == 0], b[y == 0])[0, 1]
    assert got.r_cases == pytest.approx(r_cases, rel=1e-12)
    assert got.r_controls == pytest.approx(r_controls, rel=1e-12)
    assert got.power == pytest.approx(ref.power, rel=1e-12)


@pytest.mark.parametrize("method", ["obuchowski", "delong"])
def test_paired_power_with_a_constant_column_refuses_without_numpy_warnings(method):
    """A score constant within a class makes its correlation 0/0: the user gets the
    ValueError naming the scores, not a NumPy RuntimeWarning on the way."""
    import warnings

    y = [0, 0, 0, 0, 1, 1, 1, 1]
    a = [1, 2, 3, 4, 5, 6, 7, 8]
    b = [1, 1, 1, 1, 2, 3, 4, 5]                     # constant among the controls
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        with pytest.raises(ValueError, match="^y_score_a/y_score_b"):
            rocstats.power_roc_test_paired(y, a, b, method=method)
