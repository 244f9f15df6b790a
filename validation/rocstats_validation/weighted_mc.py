"""Monte Carlo suite for the weighted DeLong variance with sampling weights (pROC issue #96):
``python -m rocstats_validation.run --suite weighted_mc``.

:func:`rocstats.delong` / :func:`rocstats.roc_test` (method="delong") with ``sample_weight=w,
weight_type="sampling"`` use the linearisation (with-replacement) variance of the ratio of
weighted U-statistics derived in :mod:`rocstats.curves._weighted`; nobody else offers it, so
it is checked here by simulation against the design-based truth.

Population.  A fixed finite population of ``N_POP`` = 100,000 units, built once per run
from the seed: class D ~ Bernoulli(0.15), a design covariate u ~ N(0, 1), and two scores
``s = 1.2 D + 0.6 u + e`` with (e_a, e_b) bivariate normal, correlation 0.5 (binormal
given D and u).  Every unit has a twin with the same D and u and the two scores swapped,
so the population AUCs of the two scores are *exactly equal* (H0 of the paired test holds
exactly in the population).  The estimand is the finite-population AUC (Mann-Whitney over
all population cases and controls), computed once with :func:`rocstats.auc`.

Designs (``DESIGNS``), each ``N_REP`` = 2000 samples, weights = 1 / inclusion
probability:

``poisson_pps``
    Poisson sampling, inclusion probability proportional to ``3 exp(0.4 u)`` for cases and
    ``exp(-0.4 u)`` for controls (cases over-sampled; high-scoring cases and low-scoring
    controls over-sampled, so the unweighted AUC is biased upwards), expected sample size
    500.  The with-replacement estimator ignores the finite-population correction
    ``1 - pi``, so its expected variance ratio is slightly below 1: ``fpc_factor`` in the
    metadata is the ratio predicted from that alone (0.994-0.998 here).
``poisson_pps_small``
    The same, expected sample size 150 (about 50 cases).
``poisson_pps_extreme``
    Tilt 0.8 and cases x 4: inclusion probabilities spread over a factor ~1000 (Kish
    effective sizes about half the sample; weight range 48 in the two designs above).
    This design is what showed that DeLong's plain ``m/(m-1)`` is not enough with unequal
    weights (variance ratio 0.927, MC SE 0.031, coverage 0.923, seed 20261124); with the
    leverage-corrected factor ``kappa`` of :mod:`rocstats.curves._weighted` the ratio is
    0.99 (the coverage stays 0.93: the weighted estimate is skewed at these effective
    sizes, which no variance can remove).
``stratified``
    Stratified simple random sampling without replacement: 8 strata (class x quartile of
    u), 20 to 60 units per stratum, more of the high-u cases and the low-u controls
    (sampling fractions from 0.1 % to 1.6 %).  The estimator does not know the strata
    beyond the class; ignoring strata that explain the scores makes the
    with-replacement variance conservative (ratio > 1), which is reported.

Records (pass rules fixed before the run, from the reasons given):

``variance_ratio``
    mean reported variance of the AUC of score a / Monte Carlo variance of the estimate;
    MC SE by the delta method (:func:`rocstats_validation.pauc_mc._ratio_se`).  Poisson
    designs: pass when ``|r - 1| <= 3 se + VARIANCE_ALLOWANCE`` (0.03: the ignored fpc,
    ~1-2 %, and the O(1/n) remainder of the linearisation).  Stratified: pass when
    ``r >= 1 - 3 se`` (conservative allowed, not anti-conservative).
``coverage``
    share of 95 % Wald intervals (``AUCResult.conf_int()``) containing the population AUC;
    binomial MC SE ``sqrt(0.95 * 0.05 / R)``; pass when ``|c - 0.95| <= 3 se +
    COVERAGE_ALLOWANCE`` (0.01, the Wald interval's skewness near AUC 0.8; stratified: only
    the lower side counts).
``size``
    rejection rate of the two-sided ``delong_test`` at 5 % under the exactly true H0;
    binomial MC SE ``sqrt(0.05 * 0.95 / R)``; same rule as coverage (stratified: only
    the upper side counts).
``diff_variance_ratio``
    the same ratio for the paired difference AUC_a - AUC_b (the weighted covariance).

The metadata also report the *unweighted* DeLong interval's coverage of the population
AUC in each design (what ignoring the weights costs: the unweighted AUC estimates a
different quantity).  Seeded (``seed`` argument, ``$ROCSTATS_FRESH_SEED`` or 20261124);
about a minute on one core.
"""
import math
import os
import warnings

import numpy as np

import rocstats

from .pauc_mc import _ratio_se
from .proc_parity import Tolerance, compare

SUITE = "weighted_mc"
DEFAULT_SEED = 20261124
N_POP = 100_000
N_REP = 2000
LEVEL = 0.95
VARIANCE_ALLOWANCE = 0.03
COVERAGE_ALLOWANCE = 0.01
DESIGNS = {
    "poisson_pps": dict(kind="poisson", n=500, tilt=0.4, case_factor=3.0),
    "poisson_pps_small": dict(kind="poisson", n=150, tilt=0.4, case_factor=3.0),
    "poisson_pps_extreme": dict(kind="poisson", n=500, tilt=0.8, case_factor=4.0),
    # controls by quartile of u (low to high), then cases
    "stratified": dict(kind="stratified", per_stratum=(60, 40, 30, 20, 20, 30, 40, 60)),
}


def _seed(seed):
    if seed is None:
        seed = int(os.environ.get("ROCSTATS_FRESH_SEED", DEFAULT_SEED))
    return int(seed)


def population(rng, size=N_POP):
    """The finite population: ``(D, u, scores (N, 2))`` with twins of swapped scores."""
    half = size // 2
    d = rng.random(half) < 0.15
    u = rng.normal(size=half)
    e = rng.multivariate_normal([0.0, 0.0], [[1.0, 0.5], [0.5, 1.0]], size=half)
    base = 1.2 * d + 0.6 * u
    s = base[:, None] + e
    D = np.r_[d, d]
    U = np.r_[u, u]
    S = np.r_[s, s[:, ::-1]]
    return D.astype(np.int8), U, S


def poisson_probabilities(D, u, n, tilt=0.4, case_factor=3.0):
    size = np.exp(tilt * u * np.where(D == 1, 1.0, -1.0)) * np.where(D == 1, case_factor, 1.0)
    return np.minimum(1.0, n * size / size.sum())


def draw(rng, design, D, u, strata=None, pi=None):
    """Indices of one sample and their weights (1 / inclusion probability)."""
    if design["kind"] == "poisson":
        idx = np.flatnonzero(rng.random(D.size) < pi)
        return idx, 1.0 / pi[idx]
    idx, w = [], []
    for members, k in zip(strata, design["per_stratum"]):
        idx.append(rng.choice(members, size=k, replace=False))
        w.append(np.full(k, members.size / k))
    return np.concatenate(idx), np.concatenate(w)


def _strata(D, u):
    q = np.quantile(u, [0.25, 0.5, 0.75])
    band = np.searchsorted(q, u)
    return [np.flatnonzero((D == c) & (band == b)) for c in (0, 1) for b in range(4)]


def run_design(name, rng, pop, truth, replicates=N_REP):
    design = DESIGNS[name]
    D, u, S = pop
    pi = strata = None
    if design["kind"] == "poisson":
        pi = poisson_probabilities(D, u, design["n"], design["tilt"], design["case_factor"])
    else:
        strata = _strata(D, u)
    est = np.empty((replicates, 2))
    var = np.empty((replicates, 2))
    dvar, diff = np.empty(replicates), np.empty(replicates)
    covered = np.empty(replicates, bool)
    covered_unw = np.empty(replicates, bool)
    reject = np.empty(replicates, bool)
    sizes, mean_pi = np.empty((replicates, 2)), np.empty(replicates)
    kish = np.empty((replicates, 2))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", rocstats.UndefinedAUCWarning)
        for r in range(replicates):
            idx, w = draw(rng, design, D, u, strata, pi)
            y, s = D[idx], S[idx]
            res = rocstats.delong(y, s, sample_weight=w, weight_type="sampling")
            est[r], var[r] = res.auc, res.variance
            L = np.array([1.0, -1.0])
            diff[r] = L @ res.auc
            dvar[r] = L @ res.covariance @ L
            lo, hi = rocstats.delong(y, s[:, 0], sample_weight=w,
                                     weight_type="sampling").conf_int(LEVEL)
            covered[r] = lo <= truth <= hi
            lo, hi = rocstats.delong(y, s[:, 0]).conf_int(LEVEL)
            covered_unw[r] = lo <= truth <= hi
            t = rocstats.roc_test(y, s[:, 0], s[:, 1], sample_weight=w,
                                     weight_type="sampling")
            reject[r] = t.pvalue < 1 - LEVEL
            sizes[r] = res.n_pos, res.n_neg
            for c, sel in enumerate((y == 1, y == 0)):
                kish[r, c] = w[sel].sum() ** 2 / np.sum(w[sel] ** 2)
            mean_pi[r] = np.mean(1.0 / w)
    ratio, ratio_se, emp, mean_var, kurt = _ratio_se(est[:, 0], var[:, 0])
    dratio, dratio_se, demp, _, _ = _ratio_se(diff, dvar)
    cov, size = float(covered.mean()), float(reject.mean())
    info = dict(design=dict(design), replicates=replicates,
                m_mean=float(sizes[:, 0].mean()), n_mean=float(sizes[:, 1].mean()),
                kish_m_mean=float(kish[:, 0].mean()), kish_n_mean=float(kish[:, 1].mean()),
                population_auc=truth, mean_estimate=float(est[:, 0].mean()),
                bias_over_sd=float((est[:, 0].mean() - truth) / math.sqrt(emp)),
                monte_carlo_variance=emp, mean_reported_variance=mean_var,
                variance_ratio=ratio, variance_ratio_se=ratio_se,
                diff_variance_ratio=dratio, diff_variance_ratio_se=dratio_se,
                coverage=cov, coverage_se=math.sqrt(LEVEL * (1 - LEVEL) / replicates),
                size=size, size_se=math.sqrt(LEVEL * (1 - LEVEL) / replicates),
                unweighted_coverage=float(covered_unw.mean()),
                mean_inclusion_probability=float(mean_pi.mean()))
    if design["kind"] == "poisson":
        info["fpc_factor"] = fpc_factor(pop, pi, truth)
        info["weight_range"] = float(pi.max() / pi.min())
    return _records(name, info), info


def fpc_factor(pop, pi, truth):
    """Expected variance ratio from ignoring the finite-population correction alone:
    ``sum (1 - pi) z^2 / pi / sum z^2 / pi`` over the population, with z the linearised
    variable of the AUC of score a at the population (its population placements)."""
    D, _, S = pop
    s = S[:, 0]
    pos, neg = s[D == 1], s[D == 0]
    ns, ps = np.sort(neg), np.sort(pos)
    v10 = (np.searchsorted(ns, pos, "left") + np.searchsorted(ns, pos, "right")) / (2 * ns.size)
    v01 = ((ps.size - np.searchsorted(ps, neg, "right"))
           + (ps.size - np.searchsorted(ps, neg, "left"))) / (2 * ps.size)
    z = np.empty(s.size)
    z[D == 1] = (v10 - truth) / pos.size
    z[D == 0] = (v01 - truth) / neg.size
    return float(np.sum((1 - pi) * z * z / pi) / np.sum(z * z / pi))


def _records(name, info):
    """Pass / fail records.  Stratified design: one-sided checks (conservative allowed),
    done by clipping the value to the allowed side before comparing; the observed value
    is kept in the record (``observed``) and in the metadata."""
    one_sided = info["design"]["kind"] == "stratified"
    common = dict(suite=SUITE, source="monte_carlo", case=name)
    allow = 0.0 if one_sided else VARIANCE_ALLOWANCE
    recs = []
    for q in ("variance_ratio", "diff_variance_ratio"):
        r, se = info[q], info[q + "_se"]
        recs.append(compare(min(r, 1.0) if one_sided else r, 1.0, q, observed=r, **common,
                            tol=Tolerance(0.0, 3 * se + allow,
                                          "3 MC SE%s" % (" below (one-sided: ignoring "
                                                         "strata may only be conservative)"
                                                         if one_sided else
                                                         " + %.2f (ignored fpc, O(1/n) "
                                                         "remainder)" % allow))))
    c, cse = info["coverage"], info["coverage_se"]
    recs.append(compare(min(c, LEVEL) if one_sided else c, LEVEL, "coverage", observed=c,
                        **common, tol=Tolerance(0.0, 3 * cse + COVERAGE_ALLOWANCE,
                                                "3 binomial MC SE + %.2f (Wald skewness)%s"
                                                % (COVERAGE_ALLOWANCE, ", lower side only"
                                                   if one_sided else ""))))
    s, sse = info["size"], info["size_se"]
    recs.append(compare(max(s, 1 - LEVEL) if one_sided else s, 1 - LEVEL, "size", observed=s,
                        **common, tol=Tolerance(0.0, 3 * sse + COVERAGE_ALLOWANCE,
                                                "3 binomial MC SE + %.2f%s"
                                                % (COVERAGE_ALLOWANCE, ", upper side only"
                                                   if one_sided else ""))))
    return recs


def run(*, live=None, seed=None, replicates=N_REP, designs=None):
    """Every design; ``live`` is accepted for the runner's interface and unused."""
    seed = _seed(seed)
    names = list(DESIGNS) if designs is None else list(designs)
    pop_seq, *children = np.random.SeedSequence(seed).spawn(len(DESIGNS) + 1)
    pop = population(np.random.default_rng(pop_seq))
    D, _, S = pop
    truth = rocstats.auc(D, S[:, 0])
    truth_b = rocstats.auc(D, S[:, 1])
    comps, info = [], {}
    for child, name in zip(children, DESIGNS):
        if name not in names:
            continue
        recs, inf = run_design(name, np.random.default_rng(child), pop, truth, replicates)
        comps += recs
        info[name] = inf
    meta = {"seed": seed, "replicates": replicates, "population_size": int(D.size),
            "population_cases": int(D.sum()), "population_auc_a": truth,
            "population_auc_b": truth_b, "designs": info,
            "variance": "rocstats.delong(..., sample_weight=1/pi, weight_type='sampling'): "
                        "linearisation (with-replacement) variance, rocstats.curves._weighted"}
    return {"metadata": meta, "comparisons": comps}


def table(doc):
    """The suite's results as a Markdown table."""
    rows = ["| design | mean m / n (Kish) | variance ratio (MC SE) | difference variance "
            "ratio (MC SE) | 95% coverage (MC SE) | size at 5% (MC SE) | bias / SD | "
            "fpc factor | unweighted coverage |",
            "|---|---|---|---|---|---|---|---|---|"]
    for name, s in doc["metadata"]["designs"].items():
        rows.append("| %s | %.0f / %.0f (%.0f / %.0f) | %.3f (%.3f) | %.3f (%.3f) | "
                    "%.3f (%.3f) | %.3f (%.3f) | %.3f | %s | %.3f |"
                    % (name, s["m_mean"], s["n_mean"], s["kish_m_mean"], s["kish_n_mean"],
                       s["variance_ratio"],
                       s["variance_ratio_se"], s["diff_variance_ratio"],
                       s["diff_variance_ratio_se"], s["coverage"], s["coverage_se"],
                       s["size"], s["size_se"], s["bias_over_sd"],
                       "%.3f" % s["fpc_factor"] if "fpc_factor" in s else "-",
                       s["unweighted_coverage"]))
    return "\n".join(rows)
