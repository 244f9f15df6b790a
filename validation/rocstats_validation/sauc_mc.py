"""Monte Carlo suite for the scored AUC: ``python -m rocstats_validation.run --suite sauc_mc``.

Two checks, with no R reference (nothing else implements sAUC inference):

``variance``
    For three known score distributions, the mean over replicates of the variance that
    :func:`rocstats.sauc` reports against the empirical variance of the sAUC over the
    same replicates, for both estimators: the paper's Theorem 6 (seed 004; the default,
    ``(n-1)/n S_V/m + (m-1)/m S_W/n``) and the DeLong form ``S_V/m + S_W/n``.  Each
    record compares a ratio with 1.
``size``
    The empirical size of :func:`rocstats.sauc_test` at alpha = 0.05 under H0 (two
    exchangeable, correlated models, so both have the same sAUC), against 0.05.

Tolerances are Monte Carlo error bounds, computed from the replicates themselves:

* variance ratio ``r = mean(v_hat) / s^2``: the relative standard error of the empirical
  variance ``s^2`` of R replicates is ``sqrt((kurt - (R - 3)/(R - 1)) / R)`` (kurt the
  non-excess kurtosis of the sAUC, estimated from the replicates; ``sqrt(2/R)`` for a
  normal), that of ``mean(v_hat)`` is ``sd(v_hat) / (mean(v_hat) sqrt(R))``; by the
  delta method ``se(r) = r sqrt(rel_se(s^2)^2 + rel_se(v_hat)^2)`` (the two are nearly
  uncorrelated; neglecting a positive correlation only widens the bound).  Pass when
  ``|r - 1| <= 3 se(r)``.  The estimators' own finite-sample biases are not budgeted:
  the DeLong form exceeds the exact variance of the U-statistic by
  ``rho / (m n)``, ``rho = zeta_11 - zeta_10 - zeta_01 >= 0``, and Theorem 6 misses it by
  about ``(rho - zeta_10 - zeta_01) / (m n)``; both are of relative order 1 / min(m, n),
  a few percent or less at the sizes used here.
* size: the binomial standard error ``sqrt(0.05 * 0.95 / R)``; pass when
  ``|size - 0.05| <= 3 se`` (a false alarm about 0.3% of the time for an exact test).

Everything is seeded (``seed`` argument, ``$ROCSTATS_FRESH_SEED``, or 20260301) and
takes a few seconds: the data of all replicates are drawn at once and each replicate is
one call of the public function under test.
"""
import math
import os
import warnings

import numpy as np
from scipy import special, stats

import rocstats
from .proc_parity import Tolerance, compare

SUITE = "sauc_mc"
ALPHA = 0.05
DEFAULT_SEED = 20260301
N_VAR = 4000     # replicates per variance check
N_SIZE = 4000    # replicates per size check


def _binormal(rng, r, m, n):
    """Phi(Z), Z ~ N(1, 1) for positives and N(0, 1) for negatives (probit scores)."""
    return special.ndtr(rng.normal(1.0, 1.0, (r, m))), special.ndtr(rng.normal(0.0, 1.0, (r, n)))


def _beta(rng, r, m, n):
    """Beta(3, 2) positives, Beta(2, 3) negatives."""
    return rng.beta(3.0, 2.0, (r, m)), rng.beta(2.0, 3.0, (r, n))


def _beta_ties(rng, r, m, n):
    """The same Beta scores rounded to one decimal: 11 levels, many ties."""
    p, q = _beta(rng, r, m, n)
    return np.round(p, 1), np.round(q, 1)


#: name -> (generator, m, n, description)
DISTRIBUTIONS = {
    "binormal_probit": (_binormal, 60, 80, "Phi(N(1,1)) positives vs Phi(N(0,1)) negatives"),
    "beta": (_beta, 50, 50, "Beta(3,2) positives vs Beta(2,3) negatives"),
    "beta_ties": (_beta_ties, 40, 70, "Beta(3,2) vs Beta(2,3) rounded to 0.1 (ties)"),
}


def _exchangeable(rng, r, m, n, rho, rounded):
    """Two models sharing a latent factor (correlation rho), same marginal law: H0 holds.

    Latent Z_k = mu + sqrt(rho) C + sqrt(1 - rho) E_k (k = a, b), mu = 1 for positives
    and 0 for negatives; scores Phi(Z_k), optionally rounded to 0.1.
    """
    def draw(size, mu):
        c = rng.standard_normal(size)
        za = mu + math.sqrt(rho) * c + math.sqrt(1 - rho) * rng.standard_normal(size)
        zb = mu + math.sqrt(rho) * c + math.sqrt(1 - rho) * rng.standard_normal(size)
        return special.ndtr(za), special.ndtr(zb)

    pa, pb = draw((r, m), 1.0)
    na, nb = draw((r, n), 0.0)
    if rounded:
        pa, pb, na, nb = (np.round(v, 1) for v in (pa, pb, na, nb))
    return np.hstack([pa, na]), np.hstack([pb, nb])


#: name -> (m, n, rho, rounded, description)
NULL_SCENARIOS = {
    "exchangeable_rho0.5": (60, 80, 0.5, False,
                            "two probit models, latent correlation 0.5, m=60, n=80"),
    "exchangeable_rho0.8_ties": (40, 40, 0.8, True,
                                 "latent correlation 0.8, scores rounded to 0.1, m=n=40"),
}


def _seed(seed):
    if seed is None:
        seed = int(os.environ.get("ROCSTATS_FRESH_SEED", DEFAULT_SEED))
    return int(seed)


def variance_check(name, rng, replicates=N_VAR):
    gen, m, n, desc = DISTRIBUTIONS[name]
    P, N = gen(rng, replicates, m, n)
    y = np.r_[np.ones(m, dtype=np.int8), np.zeros(n, dtype=np.int8)]
    est = np.empty(replicates)
    var = {"paper": np.empty(replicates), "delong": np.empty(replicates)}
    for k in range(replicates):
        s = np.concatenate([P[k], N[k]])
        res = rocstats.sauc(y, s)
        est[k], var["paper"][k] = res.sauc, res.variance
        var["delong"][k] = rocstats.sauc(y, s, variance="delong").variance
    R = replicates
    emp = float(np.var(est, ddof=1))
    kurt = float(stats.kurtosis(est, fisher=False, bias=False))
    rel_emp = math.sqrt(max(kurt - (R - 3) / (R - 1), 0.0) / R)
    info = {"distribution": desc, "m": m, "n": n, "replicates": R,
            "mean_sauc": float(est.mean()), "empirical_variance": emp, "kurtosis": kurt}
    recs = []
    for form, quantity, label in (("paper", "variance_ratio", "Theorem 6"),
                                  ("delong", "variance_ratio_delong", "DeLong form")):
        v = var[form]
        mean_var = float(v.mean())
        ratio = mean_var / emp
        rel_mean = float(v.std(ddof=1)) / (mean_var * math.sqrt(R))
        se_ratio = ratio * math.hypot(rel_emp, rel_mean)
        suffix = "" if form == "paper" else "_delong"
        info.update({"mean_estimated_variance" + suffix: mean_var, "ratio" + suffix: ratio,
                     "se_ratio" + suffix: se_ratio, "tolerance" + suffix: 3 * se_ratio})
        tol = Tolerance(0.0, 3 * se_ratio,
                        "3 Monte Carlo standard errors of the ratio mean(v_hat)/s^2 over %d "
                        "replicates (delta method; kurtosis-based se of s^2)" % R)
        recs.append(compare(ratio, 1.0, quantity, tol=tol, suite=SUITE, source="monte_carlo",
                            case=name, item="mean(variance) / var(sAUC), %s" % label))
    return recs, info


def size_check(name, rng, replicates=N_SIZE):
    m, n, rho, rounded, desc = NULL_SCENARIOS[name]
    A, B = _exchangeable(rng, replicates, m, n, rho, rounded)
    y = np.r_[np.ones(m, dtype=np.int8), np.zeros(n, dtype=np.int8)]
    pvals = np.empty(replicates)
    with warnings.catch_warnings():
        warnings.simplefilter("error")      # any warning here would be a bug
        for k in range(replicates):
            pvals[k] = rocstats.sauc_test(y, A[k], B[k]).pvalue
    rejections = int(np.count_nonzero(pvals < ALPHA))
    size = rejections / replicates
    se = math.sqrt(ALPHA * (1 - ALPHA) / replicates)
    info = {"scenario": desc, "m": m, "n": n, "rho": rho, "rounded": rounded,
            "replicates": replicates, "alpha": ALPHA, "rejections": rejections,
            "size": size, "binomial_se": se, "tolerance": 3 * se,
            "size_at_0.01": float(np.mean(pvals < 0.01)),
            "size_at_0.10": float(np.mean(pvals < 0.10))}
    tol = Tolerance(0.0, 3 * se, "3 binomial standard errors of a rejection rate of %g "
                    "over %d replicates" % (ALPHA, replicates))
    rec = compare(size, ALPHA, "size", tol=tol, suite=SUITE, source="monte_carlo", case=name,
                  item="sauc_test size at alpha %g" % ALPHA)
    return rec, info


def run(*, live=None, seed=None):
    """Run both checks; ``live`` is accepted for the runner's interface and unused."""
    seed = _seed(seed)
    children = np.random.SeedSequence(seed).spawn(len(DISTRIBUTIONS) + len(NULL_SCENARIOS))
    comps, variance, size = [], {}, {}
    for child, name in zip(children, DISTRIBUTIONS):
        recs, info = variance_check(name, np.random.default_rng(child))
        comps.extend(recs)
        variance[name] = info
    for child, name in zip(children[len(DISTRIBUTIONS):], NULL_SCENARIOS):
        rec, info = size_check(name, np.random.default_rng(child))
        comps.append(rec)
        size[name] = info
    meta = {"seed": seed, "variance": variance, "size": size,
            "variance_formula": "Theorem 6 (default): (n-1)/n S_V/m + (m-1)/m S_W/n; DeLong "
                                "form: S_V/m + S_W/n; S the sample variances (ddof 1) of "
                                "the structural components of h(y, x) = (y - x) 1(y > x)"}
    return {"metadata": meta, "comparisons": comps}
