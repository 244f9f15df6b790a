"""Monte Carlo suite for the unpaired confidence interval of an AUC difference:
``python -m rocstats_validation.run --suite roctest_mc``.

pROC's ``roc.test(paired = FALSE)`` reports no interval (its issue #73);
:func:`rocstats.roc_test_unpaired` does: for ``method="delong"`` the t interval
``d -/+ t_nu s`` (DeLong variances, pROC's Welch-type df), for ``"bootstrap"`` the Wald
interval ``d -/+ z s`` with s the SD of the independent bootstrap differences.  No
peer to compare with, so they are checked by simulation, ``N_REP`` = 2000 seeded data
sets per setting (each one call of the public function):

``coverage`` (setting ``different``: AUCs 0.80 and 0.70)
    share of 95% intervals containing the true difference (binormal: AUC =
    Phi(mu / sqrt(1 + sigma^2)), cases N(mu, sigma^2), controls N(0, 1)).
``size`` (setting ``equal``: both AUCs 0.75, different binormal shapes)
    share of two-sided tests with p < 0.05 under H0.

Monte Carlo SE of a proportion: ``sqrt(q (1 - q) / N_REP)`` at the nominal q (0.95 or
0.05), 0.0049 here.  Pass when within 3 MC SE plus ``ALLOWANCE`` = 0.01 (the sizes are
finite: 40-60 cases per sample, the first-order intervals can be off by about 1 %).

Seeded (``seed`` argument or 20261124); a few minutes on one core (the bootstrap runs
``N_BOOT`` = 500 replicates per data set on the C engine).
"""
import math

import numpy as np
from scipy import stats

import rocstats

from .proc_parity import Tolerance, compare as _compare

SUITE = "roctest_mc"
DEFAULT_SEED = 20261124
N_REP = 2000
N_BOOT = 500
ALLOWANCE = 0.01
LEVEL = 0.95
ALPHA = 0.05
#: (name, (cases, controls, mu, sigma) of sample a, of sample b)
SETTINGS = {
    "different": ((40, 60, 1.0 * stats.norm.ppf(0.80) * math.sqrt(2), 1.0),
                  (50, 70, stats.norm.ppf(0.70) * math.sqrt(1 + 1.5 ** 2), 1.5)),
    "equal": ((40, 60, stats.norm.ppf(0.75) * math.sqrt(2), 1.0),
              (50, 70, stats.norm.ppf(0.75) * math.sqrt(5), 2.0)),
}
METHODS = ("delong", "bootstrap")


def true_auc(mu, sigma):
    return float(stats.norm.cdf(mu / math.sqrt(1 + sigma ** 2)))


def _sample(rng, cases, controls, mu, sigma):
    y = np.r_[np.ones(cases, int), np.zeros(controls, int)]
    s = np.r_[rng.normal(mu, sigma, cases), rng.normal(0, 1, controls)]
    return y, s


def simulate(setting, seed=DEFAULT_SEED, n_rep=N_REP, n_boot=N_BOOT):
    """Per method: arrays of (covered, rejected) over ``n_rep`` data sets."""
    pa, pb = SETTINGS[setting]
    truth = true_auc(pa[2], pa[3]) - true_auc(pb[2], pb[3])
    rng = np.random.default_rng([seed, list(SETTINGS).index(setting)])
    out = {m: np.zeros((n_rep, 2), bool) for m in METHODS}
    for r in range(n_rep):
        ya, a = _sample(rng, *pa)
        yb, b = _sample(rng, *pb)
        for m in METHODS:
            kw = dict(n_boot=n_boot, random_state=int(rng.integers(1 << 62))) \
                if m == "bootstrap" else {}
            t = rocstats.roc_test_unpaired(ya, a, yb, b, method=m, **kw)
            ci = t.conf_int(LEVEL)
            out[m][r] = (ci.lower <= truth <= ci.upper, t.pvalue < ALPHA)
    return truth, out


def run(*, live=None, seed=None):
    seed = DEFAULT_SEED if seed is None else int(seed)
    recs, meta = [], {"n_rep": N_REP, "n_boot": N_BOOT, "seed": seed,
                      "allowance": ALLOWANCE, "settings": {}}
    for setting in SETTINGS:
        truth, out = simulate(setting, seed)
        meta["settings"][setting] = {"true_difference": truth}
        for m in METHODS:
            cov, rej = out[m].mean(axis=0)
            if setting == "different":
                q, value, what = LEVEL, cov, "coverage"
            else:
                q, value, what = ALPHA, rej, "size"
            se = math.sqrt(q * (1 - q) / N_REP)
            tol = Tolerance(0.0, 3 * se + ALLOWANCE,
                            "3 binomial MC SE (%.4f) + allowance %.2f" % (se, ALLOWANCE))
            rec = _compare(value, q, what, tol=tol, source="monte_carlo", case=setting,
                           item=m, mc_se=se, coverage=float(cov), rejection=float(rej))
            rec["suite"] = SUITE
            recs.append(rec)
    return {"metadata": meta, "comparisons": recs}


def outcome(records):
    return [r for r in records if not r["passed"]], [], []


def table(result):
    lines = ["setting    method     quantity  value   nominal  MC SE"]
    for r in result["comparisons"]:
        lines.append("%-10s %-10s %-9s %.4f  %.2f     %.4f"
                     % (r["case"], r["item"], r["quantity"], r["value"], r["reference"],
                        r["mc_se"]))
    return "\n".join(lines)


if __name__ == "__main__":  # pragma: no cover
    print(table(run()))
