"""Monte Carlo suite for the partial AUC's DeLong-type variance:
``python -m rocstats_validation.run --suite pauc_mc``.

:func:`rocstats.delong` with ``partial=`` reports a variance that no other software
offers (pROC refuses and bootstraps); its derivation is in :mod:`rocstats.curves._partial`.
It is checked here, with no R reference, in four settings (``SETTINGS`` and ``PAIRED``)
of known score distributions, plus two small-sample ones, each over ``N_REP`` = 4000
seeded replicates (each replicate one call of the public function):

``variance_ratio``
    mean over replicates of the reported variance / empirical variance of the estimate.
    Monte Carlo standard error by the delta method as in
    :mod:`rocstats_validation.sauc_mc`: ``se(r) = r sqrt(rel_se(s^2)^2 + rel_se(v)^2)``,
    ``rel_se(s^2) = sqrt((kurt - (R-3)/(R-1)) / R)``.  Pass when ``|r - 1| <= 3 se(r)``:
    no allowance, this is the check of the derivation.  (Power: a plug-in that ignores
    the estimation of the range's end points would give a ratio of about 1.9 in
    ``binormal_specificity``; ``naive_variance_ratio`` in the metadata.)
``coverage``
    share of the 95% Wald intervals ``estimate -/+ z se`` (``AUCResult.conf_int()``) that
    contain the true partial AUC, computed from the generating distributions (binormal:
    numerical integration of the ROC curve; discrete: the population polygon, exactly).
    Binomial standard error ``sqrt(0.95 * 0.05 / R)``; pass when within 3 of them plus
    ``COVERAGE_ALLOWANCE`` = 0.01: a Wald interval around an area over a corner of the
    curve inherits the estimator's skewness and small bias (0.02-0.09 SD at these
    sizes), which no variance can remove.  The logit interval
    (``conf_int(method="logit")``) is reported too; it comes closer to 95%.
``bootstrap_ratio``
    on the first ``N_BOOT_SETS`` data sets of the setting, the mean DeLong-type variance
    over the mean variance of ``N_BOOT`` stratified bootstrap replicates (cases and
    controls resampled separately, as pROC's ``var(..., method = "bootstrap")``; plain
    NumPy here, :func:`bootstrap_curves`, not rocstats' bootstrap engine).  Its standard
    error: the standard deviation of the per-set differences ``v_delong - v_boot`` over
    sqrt(sets), relative to the mean bootstrap variance (the bootstrap's own resampling
    noise is part of that spread).  Pass when ``|ratio - 1| <= 3 se`` plus
    ``BOOTSTRAP_ALLOWANCE`` = 0.05: both are first-order estimates of the same variance
    and differ by O(1/n) terms, which 3 se of 200 data sets resolve (the same ratio for
    DeLong's variance of the full AUC, reported alongside, is 1.00-1.02); a first-order
    error would be far larger (see the power note above).

The settings: continuous binormal data with the range on specificity; unequal variances,
imbalance and the range on sensitivity with McClish's correction; ordinal ratings (five
categories, heavy ties) whose range ends fall exactly on the empirical grid (n = 200,
false-positive rates 0.1 and 0.4: the convention for non-differentiable points is used);
and the difference of two correlated partial AUCs (the DeLong-type covariance, as the
paired test uses it).  Sizes leave 20 or more subjects of the class that defines the
range inside it.

Two ``small_*`` settings (m = n = 50, 10 controls in the range) show what happens below
that: they are checked on the variance ratio only; their Wald / logit coverage, the
estimator's bias and the bootstrap ratio are reported (``metadata``) without a pass /
fail record.  What they show (seed 20260611, 4000 replicates): the variance is right on
average (ratios 1.03 and 1.04, MC SE 0.024), but the Wald interval covers 0.93 (the
empirical partial AUC over a corner is biased by 0.13 SD at that size; the logit
interval covers 0.95), and the DeLong-type variance is 4-6 % above the bootstrap
(an O(1/n) term; 1-2 % at n = 150-200, DeLong's full-AUC variance 1-2 % at n = 50).

Seeded (``seed`` argument, ``$ROCSTATS_FRESH_SEED``, or 20260611); under a minute on
one core (the bootstrap curves of all replicates of a data set are one vectorised call of
``partial_auc_from_points``).  :func:`table` prints the results.
"""
import math
import os
import warnings

import numpy as np
from scipy import integrate, special, stats

import rocstats
from rocstats.curves._partial import mcclish, partial_auc_from_points

from .proc_parity import Tolerance, compare

SUITE = "pauc_mc"
DEFAULT_SEED = 20260611
N_REP = 4000         # Monte Carlo replicates per setting
N_BOOT_SETS = 200    # data sets per setting with a bootstrap variance
N_BOOT = 1000        # bootstrap replicates per data set
#: allowances for what a first-order variance cannot capture (see the module docstring)
COVERAGE_ALLOWANCE = 0.01
BOOTSTRAP_ALLOWANCE = 0.05
LEVEL = 0.95


# ----------------------------------------------------------------------- the truths
def binormal_pauc(mu, sigma, lo, hi, focus):
    """True partial AUC for controls N(0, 1) and cases N(mu, sigma^2) (higher = case).

    Specificity focus: ``int_{1-hi}^{1-lo} ROC(u) du``, ``ROC(u) = 1 - Phi((z_{1-u} - mu) /
    sigma)``; sensitivity focus: ``int_lo^hi Sp(s) ds``, ``Sp(s) = Phi(mu + sigma
    z_{1-s})`` (the control CDF at the cases' (1-s) quantile).
    """
    if focus == "specificity":
        def f(u):
            return special.ndtr((mu - special.ndtri(1 - u)) / sigma)
        a, b = 1 - hi, 1 - lo
    else:
        def f(s):
            return special.ndtr(mu + sigma * special.ndtri(1 - s))
        a, b = lo, hi
    value, _ = integrate.quad(f, a, b, epsabs=1e-13, epsrel=1e-12, limit=200)
    return value


def polygon_pauc(p_case, p_control, lo, hi, focus):
    """True partial AUC of discrete scores (categories in increasing order of score, with
    probabilities ``p_case`` / ``p_control``): the population ROC polygon (ties between
    the classes are its diagonal segments), integrated exactly (it is piecewise linear)."""
    tpr = np.r_[0.0, np.cumsum(np.asarray(p_case, float)[::-1])]
    fpr = np.r_[0.0, np.cumsum(np.asarray(p_control, float)[::-1])]
    if focus == "specificity":
        x, y, a, b = fpr, tpr, 1 - hi, 1 - lo
    else:
        x, y, a, b = tpr, 1 - fpr, lo, hi
    grid = np.unique(np.r_[a, b, x[(x > a) & (x < b)]])
    vals = np.interp(grid, x, y)
    return float(np.sum(np.diff(grid) * (vals[1:] + vals[:-1]) / 2))


# ------------------------------------------------------------------------ settings
_CUTS = np.array([-0.5, 0.3, 1.0, 1.7])      # ordinal: 5 categories of a latent normal


def _categories(mu):
    c = special.ndtr(_CUTS - mu)
    return np.diff(np.r_[0.0, c, 1.0])


def _draw_binormal(mu, sigma):
    def draw(rng, m, n):
        return rng.normal(mu, sigma, m), rng.normal(0.0, 1.0, n)
    return draw


def _draw_ordinal(mu):
    def draw(rng, m, n):
        return (np.digitize(rng.normal(mu, 1.0, m), _CUTS).astype(float),
                np.digitize(rng.normal(0.0, 1.0, n), _CUTS).astype(float))
    return draw


#: name -> description, m, n, partial, focus, correct, draw, truth, small.  ``small``
#: settings report their coverage and bootstrap ratio without pass / fail records (see
#: the module docstring): only their variance ratio is a check.
SETTINGS = {
    "binormal_specificity": dict(
        description="cases N(1, 1), controls N(0, 1), m = n = 150; specificity 0.8-1",
        m=150, n=150, partial=(0.8, 1.0), focus="specificity", correct=False,
        draw=_draw_binormal(1.0, 1.0), naive=True,
        truth=lambda: binormal_pauc(1.0, 1.0, 0.8, 1.0, "specificity")),
    "unequal_sensitivity_mcclish": dict(
        description="cases N(1.5, 1.5^2), controls N(0, 1), m = 150, n = 80; sensitivity "
                    "0.8-1, McClish-corrected",
        m=150, n=80, partial=(0.8, 1.0), focus="sensitivity", correct=True,
        draw=_draw_binormal(1.5, 1.5),
        truth=lambda: mcclish(binormal_pauc(1.5, 1.5, 0.8, 1.0, "sensitivity"), 0.8, 1.0)),
    "ordinal_ties": dict(
        description="5-category ratings of N(1, 1) cases / N(0, 1) controls (cuts -0.5, 0.3, "
                    "1, 1.7), m = n = 200; specificity 0.6-0.9 (ends on the grid k/200)",
        m=200, n=200, partial=(0.6, 0.9), focus="specificity", correct=False,
        draw=_draw_ordinal(1.0),
        truth=lambda: polygon_pauc(_categories(1.0), _categories(0.0), 0.6, 0.9,
                                   "specificity")),
    "small_binormal": dict(
        description="small sample: cases N(1, 1), controls N(0, 1), m = n = 50 (10 controls "
                    "in the range); specificity 0.8-1",
        m=50, n=50, partial=(0.8, 1.0), focus="specificity", correct=False,
        draw=_draw_binormal(1.0, 1.0), small=True, naive=True,
        truth=lambda: binormal_pauc(1.0, 1.0, 0.8, 1.0, "specificity")),
    "small_ordinal": dict(
        description="small sample: the ordinal ratings with m = n = 50; specificity 0.6-0.9 "
                    "(ends on the grid k/50)",
        m=50, n=50, partial=(0.6, 0.9), focus="specificity", correct=False,
        draw=_draw_ordinal(1.0), small=True,
        truth=lambda: polygon_pauc(_categories(1.0), _categories(0.0), 0.6, 0.9,
                                   "specificity")),
}
#: the paired setting: two correlated scores, the difference of their partial AUCs
PAIRED = dict(
    description="two scores, within-class correlation 0.5: cases N(1, 1) and N(0.7, 1), "
                "controls N(0, 1), m = n = 100; difference of partial AUCs, specificity 0.8-1",
    m=100, n=100, rho=0.5, mu=(1.0, 0.7), partial=(0.8, 1.0), focus="specificity")


def _seed(seed):
    if seed is None:
        seed = int(os.environ.get("ROCSTATS_FRESH_SEED", DEFAULT_SEED))
    return int(seed)


def _ratio_se(est, var):
    R = est.size
    emp = float(np.var(est, ddof=1))
    kurt = float(stats.kurtosis(est, fisher=False, bias=False))
    rel_emp = math.sqrt(max(kurt - (R - 3) / (R - 1), 0.0) / R)
    mean_var = float(var.mean())
    ratio = mean_var / emp
    rel_mean = float(var.std(ddof=1)) / (mean_var * math.sqrt(R))
    return ratio, ratio * math.hypot(rel_emp, rel_mean), emp, mean_var, kurt


def bootstrap_curves(rng, pos, neg, B=N_BOOT):
    """Stratified bootstrap of the empirical ROC curve, plain NumPy: cases and controls
    resampled separately (as pROC's bootstrap), every replicate's curve on the grid of
    the data's distinct values (a value absent from a replicate gives a repeated point,
    which adds no area).  Returns ``(sensitivities, specificities)`` of shape
    (B, K + 1) in pROC's order (specificity increasing), K distinct values."""
    values = np.unique(np.r_[pos, neg])
    K = values.size
    rows = (K * np.arange(B))[:, None]

    def counts(x):
        idx = np.searchsorted(values, x)[rng.integers(0, x.size, (B, x.size))]
        c = np.bincount((idx + rows).ravel(), minlength=B * K).reshape(B, K)
        return np.concatenate([np.zeros((B, 1)), np.cumsum(c, axis=1)], axis=1)

    below_pos, below_neg = counts(pos), counts(neg)      # subjects below grid point j
    return 1.0 - below_pos / pos.size, below_neg / neg.size


def naive_variance(pos, neg, lo, hi):
    """The variance a plug-in without the end-point terms would give (continuous data,
    range on specificity): DeLong's form with each control's component its placement
    value times the share of its 1/n cell inside the range, the cases' as rocstats'.
    Reported as a power check: the end points' estimation term matters."""
    from rocstats.curves._partial import partial_components

    m, n = pos.size, neg.size
    v10, _ = partial_components(np.r_[np.ones(m, bool), np.zeros(n, bool)],
                                np.r_[pos, neg], lo, hi, "specificity")
    neg_desc = np.sort(neg)[::-1]
    u0 = np.arange(n) / n
    inside = np.clip(np.minimum(u0 + 1.0 / n, 1 - lo) - np.maximum(u0, 1 - hi), 0, None) * n
    tpr = (m - np.searchsorted(np.sort(pos), neg_desc, side="right")) / m
    return float(v10.var(ddof=1) / m + (tpr * inside).var(ddof=1) / n)


def _boot_indices(rng, m, n, B=N_BOOT):
    """Resampled subject indices (cases 0..m-1, controls m..m+n-1), shape (B, m + n)."""
    return np.concatenate([rng.integers(0, m, (B, m)), m + rng.integers(0, n, (B, n))],
                          axis=1)


def _curves_from_indices(score, m, idx):
    """Bootstrap curves of one score for given resampled subjects (pROC's order)."""
    values = np.unique(score)
    K, B = values.size, idx.shape[0]
    rows = (K * np.arange(B))[:, None]
    code = np.searchsorted(values, score)

    def below(cols):
        c = np.bincount((code[cols] + rows).ravel(), minlength=B * K).reshape(B, K)
        return np.concatenate([np.zeros((B, 1)), np.cumsum(c, axis=1)], axis=1)

    return 1.0 - below(idx[:, :m]) / m, below(idx[:, m:]) / (idx.shape[1] - m)


def bootstrap_variances(rng, pos, neg, partial, focus, correct, B=N_BOOT):
    """``(var of the partial AUC, var of the full AUC)`` over B stratified bootstrap
    replicates (:func:`bootstrap_curves`; areas by the trapezoids of
    ``partial_auc_from_points``, one vectorised call for all replicates)."""
    se, sp = bootstrap_curves(rng, pos, neg, B)
    vals = partial_auc_from_points(se, sp, partial=partial, focus=focus, correct=correct,
                                   allow_invalid=True)
    full = partial_auc_from_points(se, sp, partial=(0.0, 1.0))
    return float(np.var(vals, ddof=1)), float(np.var(full, ddof=1))


def _records(name, est, var, intervals, truth, boot_pairs, info, small=False):
    """Records (and ``info``) of one setting; ``intervals``: method -> (lower, upper)."""
    R = est.size
    ratio, se_ratio, emp, mean_var, kurt = _ratio_se(est, var)
    cov_se = math.sqrt(LEVEL * (1 - LEVEL) / R)
    info.update({"replicates": R, "truth": truth, "mean_estimate": float(est.mean()),
                 "bias": float(est.mean() - truth),
                 "bias_over_sd": float((est.mean() - truth) / math.sqrt(emp)),
                 "empirical_variance": emp, "mean_estimated_variance": mean_var,
                 "kurtosis": kurt, "variance_ratio": ratio, "variance_ratio_se": se_ratio,
                 "coverage_se": cov_se})
    for method, (lower, upper) in intervals.items():
        suffix = "" if method == "wald" else "_" + method
        info["coverage" + suffix] = float(np.mean((lower <= truth) & (truth <= upper)))
        info["miss_low" + suffix] = float(np.mean(upper < truth))
        info["miss_high" + suffix] = float(np.mean(lower > truth))
    recs = [compare(ratio, 1.0, "variance_ratio", suite=SUITE, source="monte_carlo",
                    case=name,
                    item="mean(DeLong-type variance) / var(estimate) over %d replicates" % R,
                    tol=Tolerance(0.0, 3 * se_ratio, "3 Monte Carlo standard errors of the "
                                  "ratio (delta method; kurtosis-based se of the variance)"))]
    if not small:
        recs.append(compare(info["coverage"], LEVEL, "coverage", suite=SUITE,
                            source="monte_carlo", case=name,
                            item="95%% Wald interval covers the true value, %d replicates" % R,
                            tol=Tolerance(0.0, 3 * cov_se + COVERAGE_ALLOWANCE,
                                          "3 binomial standard errors of a 95%% coverage "
                                          "over %d replicates + %g for the estimator's "
                                          "finite-sample skewness and bias"
                                          % (R, COVERAGE_ALLOWANCE))))
    if boot_pairs:
        dv, bv, dfull, bfull = np.array(boot_pairs).T
        b_ratio = float(dv.mean() / bv.mean())
        b_se = float(np.std(dv - bv, ddof=1) / math.sqrt(dv.size) / bv.mean())
        info.update({"bootstrap_sets": int(dv.size), "bootstrap_replicates": N_BOOT,
                     "bootstrap_ratio": b_ratio, "bootstrap_ratio_se": b_se,
                     "bootstrap_vs_monte_carlo": float(bv.mean() / emp),
                     "full_auc_bootstrap_ratio": float(dfull.mean() / bfull.mean()),
                     "full_auc_bootstrap_ratio_se": float(
                         np.std(dfull - bfull, ddof=1) / math.sqrt(dv.size) / bfull.mean())})
        if not small:
            recs.append(compare(b_ratio, 1.0, "bootstrap_ratio", suite=SUITE,
                                source="monte_carlo", case=name,
                                item="mean(DeLong-type variance) / mean(bootstrap variance), "
                                     "%d data sets x %d resamples" % (dv.size, N_BOOT),
                                tol=Tolerance(0.0, 3 * b_se + BOOTSTRAP_ALLOWANCE,
                                              "3 standard errors of the mean paired "
                                              "difference, relative, + %g for the O(1/n) "
                                              "difference of two first-order estimators"
                                              % BOOTSTRAP_ALLOWANCE)))
    return recs


def single_setting(name, rng, replicates=N_REP, boot_sets=N_BOOT_SETS):
    cfg = SETTINGS[name]
    m, n = cfg["m"], cfg["n"]
    opts = dict(partial=cfg["partial"], focus=cfg["focus"], correct=cfg["correct"])
    y = np.r_[np.ones(m, np.int8), np.zeros(n, np.int8)]
    truth = cfg["truth"]()
    est, var = np.empty(replicates), np.empty(replicates)
    lower, upper = np.empty((2, replicates)), np.empty((2, replicates))
    boot_rng = np.random.default_rng(rng.integers(2 ** 63))
    boot_pairs = []
    naive = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", rocstats.UndefinedAUCWarning)  # McClish below diag.
        for k in range(replicates):
            pos, neg = cfg["draw"](rng, m, n)
            r = rocstats.delong(y, np.r_[pos, neg], **opts)
            est[k], var[k] = r.auc, r.variance
            lower[0, k], upper[0, k] = r.conf_int(LEVEL)
            lower[1, k], upper[1, k] = r.conf_int(LEVEL, method="logit")
            if cfg.get("naive"):
                naive.append(naive_variance(pos, neg, *cfg["partial"]))
            if k < boot_sets:
                v_boot, v_boot_full = bootstrap_variances(boot_rng, pos, neg, **opts)
                v_full = rocstats.delong(y, np.r_[pos, neg]).variance
                boot_pairs.append((r.variance, v_boot, v_full, v_boot_full))
    keep = np.isfinite(est)
    info = {"description": cfg["description"], "m": m, "n": n, "partial": cfg["partial"],
            "focus": cfg["focus"], "correct": cfg["correct"],
            "small": bool(cfg.get("small", False)),
            "undefined_replicates": int((~keep).sum())}
    if naive:
        info["naive_variance_ratio"] = float(np.mean(naive) / np.var(est, ddof=1))
    intervals = {"wald": (lower[0, keep], upper[0, keep]),
                 "logit": (lower[1, keep], upper[1, keep])}
    return _records(name, est[keep], var[keep], intervals, truth, boot_pairs, info,
                    small=cfg.get("small", False)), info


def paired_setting(rng, replicates=N_REP, boot_sets=N_BOOT_SETS):
    cfg = PAIRED
    m, n, rho = cfg["m"], cfg["n"], cfg["rho"]
    lo, hi = cfg["partial"]
    y = np.r_[np.ones(m, np.int8), np.zeros(n, np.int8)]
    truth = (binormal_pauc(cfg["mu"][0], 1.0, lo, hi, cfg["focus"])
             - binormal_pauc(cfg["mu"][1], 1.0, lo, hi, cfg["focus"]))
    L = np.array([1.0, -1.0])
    z = special.ndtri(0.5 + LEVEL / 2)
    est, var = np.empty(replicates), np.empty(replicates)
    boot_rng = np.random.default_rng(rng.integers(2 ** 63))
    boot_pairs = []
    shift = np.r_[np.ones(m), np.zeros(n)]
    for k in range(replicates):
        common = rng.normal(size=m + n)
        a = math.sqrt(rho) * common + math.sqrt(1 - rho) * rng.normal(size=m + n)
        b = math.sqrt(rho) * common + math.sqrt(1 - rho) * rng.normal(size=m + n)
        S = np.column_stack([a + cfg["mu"][0] * shift, b + cfg["mu"][1] * shift])
        r = rocstats.delong(y, S, partial=cfg["partial"], focus=cfg["focus"])
        est[k] = float(L @ r.auc)
        var[k] = float(L @ r.covariance @ L)
        if k < boot_sets:
            va = _boot_indices(boot_rng, m, n)
            diffs = np.empty(N_BOOT)
            fulls = np.empty((N_BOOT, 2))
            for c in range(2):
                se_b, sp_b = _curves_from_indices(S[:, c], m, va)
                p = partial_auc_from_points(se_b, sp_b, partial=cfg["partial"],
                                            focus=cfg["focus"])
                f = partial_auc_from_points(se_b, sp_b, partial=(0.0, 1.0))
                diffs = p if c == 0 else diffs - p
                fulls[:, c] = f
            full = rocstats.delong(y, S)
            boot_pairs.append((var[k], float(np.var(diffs, ddof=1)),
                               float(L @ full.covariance @ L),
                               float(np.var(fulls[:, 0] - fulls[:, 1], ddof=1))))
    se = np.sqrt(var)
    info = {"description": cfg["description"], "m": m, "n": n, "partial": cfg["partial"],
            "focus": cfg["focus"], "correct": False, "rho": rho}
    return _records("paired_difference", est, var, {"wald": (est - z * se, est + z * se)},
                    truth, boot_pairs, info), info


def run(*, live=None, seed=None):
    """Every setting; ``live`` is accepted for the runner's interface and unused."""
    seed = _seed(seed)
    children = np.random.SeedSequence(seed).spawn(len(SETTINGS) + 1)
    comps, settings = [], {}
    for child, name in zip(children, SETTINGS):
        recs, info = single_setting(name, np.random.default_rng(child))
        comps += recs
        settings[name] = info
    recs, info = paired_setting(np.random.default_rng(children[-1]))
    comps += recs
    settings["paired_difference"] = info
    meta = {"seed": seed, "replicates": N_REP, "bootstrap_sets": N_BOOT_SETS,
            "bootstrap_replicates": N_BOOT, "settings": settings,
            "variance": "rocstats.delong(..., partial=...): S10 / m + S01 / n over the "
                        "derivative-of-the-estimator components (rocstats.curves._partial)"}
    return {"metadata": meta, "comparisons": comps}


def table(doc):
    """The suite's results as a Markdown table (for reports and the README)."""
    rows = ["| setting | m | n | variance ratio (MC SE) | Wald coverage (MC SE) | "
            "logit coverage | bias / SD | DeLong / bootstrap (SE) | bootstrap / MC variance | "
            "full AUC: DeLong / bootstrap (SE) |",
            "|---|---|---|---|---|---|---|---|---|---|"]
    for name, s in doc["metadata"]["settings"].items():
        rows.append("| %s | %d | %d | %.3f (%.3f) | %.3f (%.3f) | %s | %.3f | %.3f (%.3f) | %.3f "
                    "| %.3f (%.3f) |"
                    % (name, s["m"], s["n"], s["variance_ratio"], s["variance_ratio_se"],
            s["coverage"], s["coverage_se"],
            "%.3f" % s["coverage_logit"] if "coverage_logit" in s else "-",
            s["bias_over_sd"], s.get("bootstrap_ratio", float("nan")),
            s.get("bootstrap_ratio_se", float("nan")),
            s.get("bootstrap_vs_monte_carlo", float("nan")),
            s.get("full_auc_bootstrap_ratio", float("nan")),
            s.get("full_auc_bootstrap_ratio_se", float("nan"))))
    return "\n".join(rows)
