"""Monte Carlo suite for the time-dependent AUC's standard errors, pointwise intervals
and simultaneous band: ``python -m rocstats_validation.run --suite survival_mc``.

:func:`rocstats.survival.time_roc`'s SE is riskRegression's (proved by the
``survival_parity`` suite), but riskRegression has no band and no competing-risks
definition 1, and parity does not show that an SE is right.  So, ``N_REP`` = 2000 seeded
data sets per setting (n = 300; marker X ~ N(0, 1), event hazard 0.1 exp(0.8 X)),
evaluation times 2, 5 and 10:

``light`` / ``heavy``  exponential censoring at rate 0.02 / 0.08 (about 20 % / 50 %
                       of the subjects censored);
``cr_all`` / ``cr_survivors``  competing risks (cause 1 hazard 0.08 exp(0.8 X), cause 2
                       0.05, censoring 0.04), controls "all" (timeROC's definition 2) and
                       "survivors" (definition 1).

Quantities per setting: ``coverage`` of the 95 % Wald interval at each t (nominal 0.95),
``band_coverage`` of the 95 % simultaneous band over the three times (all three covered
at once; nominal 0.95), ``se_ratio`` = mean SE / Monte Carlo SD of the estimate at each t
(nominal 1).  The truth AUC(t) is the binary AUC (:func:`rocstats.auc`, another code
path) of "event of cause 1 by t" vs the controls in one uncensored sample of
``N_TRUTH`` = 2,000,000 subjects (its Monte Carlo error, ~3e-4, is negligible here).

Tolerances: coverage within 3 binomial MC SE (0.0049 at 2000) + ``ALLOWANCE`` 0.01 (the
first-order Wald interval at n = 300); SE ratio within 3 MC SE (``ratio / sqrt(2 (N -
1))``) + 0.03.  Power against plausible mistakes: an SE 20 % too small gives coverage
0.897, 20 % too large 0.981 (both outside [0.925, 0.975]); a "band" that is just the
pointwise interval covers all three times 0.865-0.873 of the time here (recorded as
``pointwise_all_three``).

Seeded (``seed`` argument or 20260301); about 15 s on one core.
"""
import math

import numpy as np

import rocstats
from rocstats.survival import time_roc

from .proc_parity import Tolerance
from .proc_parity import compare as _compare

SUITE = "survival_mc"
DEFAULT_SEED = 20260301
N_REP = 2000
N = 300
N_TRUTH = 2_000_000
N_SIM = 2000
ALLOWANCE = 0.01
LEVEL = 0.95
TIMES = (2.0, 5.0, 10.0)
#: name -> (censoring rate, competing risks, controls)
SETTINGS = {
    "light": (0.02, False, "all"),
    "heavy": (0.08, False, "all"),
    "cr_all": (0.04, True, "all"),
    "cr_survivors": (0.04, True, "survivors"),
}

ACCEPTANCE = dict(
    quantity="time_roc: coverage of the 95 % pointwise interval and of the simultaneous "
             "band, SE / Monte Carlo SD (two censoring rates; competing risks, both "
             "definitions)",
    reference="nominal 0.95 / 1 (truth from a 2e6-subject uncensored sample)",
    tolerance="3 binomial MC SE + 0.01 (coverage); 3 MC SE + 0.03 (SE ratio)",
    why="coverage of a random interval is a simulation estimate; riskRegression has no band",
    summary="AUC(t) CI / band coverage, SE ratio vs 0.95 / 1: 3 MC SE + 0.01 / 0.03")


def _draw(rng, n, cens_rate, competing):
    x = rng.normal(size=n)
    t1 = rng.exponential(1.0 / ((0.08 if competing else 0.1) * np.exp(0.8 * x)))
    if competing:
        t2 = rng.exponential(1.0 / 0.05, size=n)
        t = np.minimum(t1, t2)
        cause = np.where(t1 <= t2, 1, 2)
    else:
        t, cause = t1, np.ones(n, dtype=np.int64)
    if cens_rate is None:
        return x, t, cause
    c = rng.exponential(1.0 / cens_rate, size=n)
    return x, np.minimum(t, c), np.where(t <= c, cause, 0)


def true_auc(setting, seed):
    """AUC(t) of the population by the binary AUC of one large uncensored sample."""
    _, competing, controls = SETTINGS[setting]
    rng = np.random.default_rng([seed, 99, int(competing)])
    x, t, cause = _draw(rng, N_TRUTH, None, competing)
    out = []
    for tt in TIMES:
        case = (t <= tt) & (cause == 1)
        ctrl = t > tt if controls == "survivors" else ~case
        keep = case | ctrl
        out.append(rocstats.auc(case[keep], x[keep]))
    return np.array(out)


def simulate(setting, seed=DEFAULT_SEED, n_rep=N_REP):
    rate, competing, controls = SETTINGS[setting]
    rng = np.random.default_rng([seed, list(SETTINGS).index(setting)])
    auc = np.empty((n_rep, len(TIMES)))
    se = np.empty_like(auc)
    lo = np.empty_like(auc)
    hi = np.empty_like(auc)
    blo = np.empty_like(auc)
    bhi = np.empty_like(auc)
    censored = 0.0
    for r in range(n_rep):
        x, t, ev = _draw(rng, N, rate, competing)
        censored += np.mean(ev == 0) / n_rep
        res = time_roc(t, ev, x, TIMES, controls=controls, curves=False)
        ci = res.conf_int(LEVEL)
        band = res.conf_band(LEVEL, n_sim=N_SIM, random_state=int(rng.integers(1 << 62)))
        auc[r], se[r], lo[r], hi[r] = res.auc, res.se, ci.lower, ci.upper
        blo[r], bhi[r] = band.lower, band.upper
    return dict(auc=auc, se=se, lo=lo, hi=hi, blo=blo, bhi=bhi, censored=censored)


def run(*, live=None, seed=None):
    seed = DEFAULT_SEED if seed is None else int(seed)
    recs = []
    meta = {"n_rep": N_REP, "n": N, "n_truth": N_TRUTH, "n_sim": N_SIM, "seed": seed,
            "times": list(TIMES), "allowance": ALLOWANCE, "settings": {}}
    se_cov = math.sqrt(LEVEL * (1 - LEVEL) / N_REP)
    tol_cov = Tolerance(0.0, 3 * se_cov + ALLOWANCE,
                        "3 binomial MC SE (%.4f) + allowance %.2f" % (se_cov, ALLOWANCE))
    for setting in SETTINGS:
        truth = true_auc(setting, seed)
        s = simulate(setting, seed)
        meta["settings"][setting] = {"true_auc": truth.tolist(),
                                     "censored_fraction": s["censored"],
                                     "mean_auc": s["auc"].mean(axis=0).tolist()}
        covered = (s["lo"] <= truth) & (truth <= s["hi"])
        for k, t in enumerate(TIMES):
            rec = _compare(covered[:, k].mean(), LEVEL, "coverage", tol=tol_cov,
                           source="monte_carlo", case=setting, item="t=%g" % t, mc_se=se_cov)
            rec["suite"] = SUITE
            recs.append(rec)
            sd = s["auc"][:, k].std(ddof=1)
            ratio = s["se"][:, k].mean() / sd
            mc = ratio / math.sqrt(2 * (N_REP - 1))
            tol = Tolerance(0.0, 3 * mc + 0.03, "3 MC SE (%.4f) + 0.03" % mc)
            rec = _compare(ratio, 1.0, "se_ratio", tol=tol, source="monte_carlo",
                           case=setting, item="t=%g" % t, mc_se=mc)
            rec["suite"] = SUITE
            recs.append(rec)
        band_cov = ((s["blo"] <= truth) & (truth <= s["bhi"])).all(axis=1).mean()
        rec = _compare(band_cov, LEVEL, "band_coverage", tol=tol_cov, source="monte_carlo",
                       case=setting, item="t in %s" % (list(TIMES),), mc_se=se_cov,
                       pointwise_all_three=float(covered.all(axis=1).mean()))
        rec["suite"] = SUITE
        recs.append(rec)
    return {"metadata": meta, "comparisons": recs}


def outcome(records):
    return [r for r in records if not r["passed"]], [], []


def table(result):
    lines = ["setting       item          quantity       value   nominal  MC SE"]
    for r in result["comparisons"]:
        lines.append("%-13s %-13s %-14s %.4f  %.2f     %.4f"
                     % (r["case"], r["item"], r["quantity"], r["value"], r["reference"],
                        r["mc_se"]))
    return "\n".join(lines)


if __name__ == "__main__":  # pragma: no cover
    print(table(run()))
