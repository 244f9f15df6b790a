"""Every measure ``epiR::epi.tests`` 2.0.57 reports, from the 2 x 2 table, with its interval.

The table (epiR's layout)::

                 outcome +   outcome -
        test +      tp          fp        (a, b)
        test -      fn          tn        (c, d)

Proportions (apparent prevalence ``ap``, true prevalence ``tp``, ``se``, ``sp``,
``diag.ac``, ``pv.pos``, ``pv.neg``, ``p.rout``, ``p.rin`` and the four false proportions)
get the binomial interval of `rocstats.diagnostic._binom`.  The others, as epiR
computes them:

* ``diag.or``: ``(tp tn) / (fp fn)`` with Woolf's (1955) interval
  ``exp(log DOR -/+ z sqrt(1/tp + 1/fp + 1/fn + 1/tn))``;
* ``lr.pos = se / (1 - sp)``, ``lr.neg = (1 - se) / sp`` with the log-scale intervals of
  Simel, Samsa & Matchar (1991): ``var(log LR+) = (1 - se) / (n1 se) + sp / (n0 (1 - sp))``,
  ``var(log LR-) = se / (n1 (1 - se)) + (1 - sp) / (n0 sp)`` (n1, n0 = diseased, healthy);
* ``youden = se + sp - 1`` with epiR's interval ``[se_lo + sp_lo - 1, se_hi + sp_hi - 1]``
  from the two proportions' bounds (conservative: each bound combines two one-sided
  ``level`` bounds);
* ``nndx = 1 / youden`` (Linn & Grunau 2006), its interval the reciprocals of Youden's.

With ``prevalence=`` (a target population's prevalence pi) two more rows,
``pv.pos.target`` and ``pv.neg.target``: Bayes' theorem,
``PPV = se pi / (se pi + (1 - sp)(1 - pi))`` and
``NPV = sp (1 - pi) / (sp (1 - pi) + (1 - se) pi)``, with the logit interval of
Mercaldo, Lau & Zhou (2007, Stat Med 26:2170): on the logit scale
``logit PPV = logit pi + log(se / (1 - sp))`` with variance
``(1 - se) / (n1 se) + sp / (n0 (1 - sp))`` (NPV likewise with ``log(sp / (1 - se))``),
evaluated with 1/2 added to each count, ``se~ = (tp + 1/2) / (n1 + 1)``,
``sp~ = (tn + 1/2) / (n0 + 1)``, so that it stays finite when se or sp is 0 or 1.  Why
1/2: by simulation (4000-20000 case-control samples in five designs, se 0.6-0.95, sp
0.7-0.98, n 30-300, pi 0.02-0.3) this interval covers 0.948-0.953 at 95 %, the
uncorrected one 0.947-0.960 but is undefined in up to 2 % of samples, and the
Agresti-Coull-style z^2/2 correction undercovers (0.83-0.95).  The point estimate uses
the plain se and sp.

Deliberate differences from epiR, each named in the result's printout when it applies
(`EPIR_DIFFERENCES`) and tested:

1. estimates are the plain proportions whatever ``method`` (epiR's ``"agresti"`` reports
   the adjusted proportion, and its LR, Youden and NNDx estimates follow it);
2. a log-scale interval (DOR, LR) whose standard error is infinite because a cell it
   divides by is 0 is reported as its limit [0, inf] (epiR: NaN for the bound where
   -inf + inf occurs);
3. NNDx when Youden's interval contains 0: the set of reciprocals is two half-lines,
   not an interval, so the bounds are NaN (epiR's min / max of the reciprocals can
   exclude the estimate itself);
4. the Agresti-Coull interval is truncated to [0, 1], and a proportion over an empty
   denominator (e.g. PPV with no test positive) is NaN with a NaN interval (see
   `rocstats.diagnostic._binom`).
"""
import numpy as np

from ._binom import proportion_interval, z_value

__all__ = ["STATISTICS", "TARGET_STATISTICS", "DESCRIPTIONS", "EPIR_DIFFERENCES",
           "measures"]

#: epiR's ``statistic`` names, in epi.tests' order
STATISTICS = ("ap", "tp", "se", "sp", "diag.ac", "diag.or", "nndx", "youden", "pv.pos",
              "pv.neg", "lr.pos", "lr.neg", "p.rout", "p.rin", "p.tpdn", "p.tndp", "p.dntp",
              "p.dptn")
#: the rows added by ``prevalence=``
TARGET_STATISTICS = ("pv.pos.target", "pv.neg.target")

DESCRIPTIONS = {
    "ap": "apparent prevalence (test positive / all)",
    "tp": "true prevalence (outcome positive / all)",
    "se": "sensitivity",
    "sp": "specificity",
    "diag.ac": "diagnostic accuracy (correctly classified / all)",
    "diag.or": "diagnostic odds ratio",
    "nndx": "number needed to diagnose (1 / Youden)",
    "youden": "Youden's index (se + sp - 1)",
    "pv.pos": "positive predictive value (sample prevalence)",
    "pv.neg": "negative predictive value (sample prevalence)",
    "lr.pos": "positive likelihood ratio",
    "lr.neg": "negative likelihood ratio",
    "p.rout": "proportion ruled out (test negative / all)",
    "p.rin": "proportion ruled in (test positive / all)",
    "p.tpdn": "false positives among the outcome-negative (1 - sp)",
    "p.tndp": "false negatives among the outcome-positive (1 - se)",
    "p.dntp": "outcome-negative among the test-positive (1 - PPV)",
    "p.dptn": "outcome-positive among the test-negative (1 - NPV)",
    "pv.pos.target": "positive predictive value at the target prevalence",
    "pv.neg.target": "negative predictive value at the target prevalence",
}

#: the differences from epiR 2.0.57, by key (see the module docstring)
EPIR_DIFFERENCES = {
    "agresti_estimate": "estimates are the plain proportions (epiR's 'agresti' reports the "
                        "Agresti-Coull adjusted proportion as the estimate and derives LR, "
                        "Youden and NNDx from it)",
    "infinite_se": "a log-scale interval (DOR, LR) with a zero cell in its variance is its "
                   "limit [0, inf] (epiR gives NaN for one bound)",
    "nndx_straddles": "Youden's interval contains 0, so NNDx's confidence set is two "
                      "half-lines: bounds NaN (epiR's min/max of the reciprocals)",
    "agresti_clipped": "the Agresti-Coull interval is truncated to [0, 1] (epiR leaves it)",
    "empty_denominator": "a proportion over an empty denominator is NaN with a NaN interval "
                         "(epiR: [0, 1] by 'exact', prior quantiles by 'jeffreys')",
}


def _log_ratio_interval(est, var, z):
    """``exp(log est -/+ z sqrt(var))`` with an infinite variance taken to its limit
    [0, inf] and 0 variance to [est, est]; NaN estimate -> NaN interval.  Returns
    ``(lower, upper, infinite)``."""
    with np.errstate(invalid="ignore", divide="ignore", over="ignore"):
        se = np.sqrt(var)
        log_est = np.log(est)
        lo = np.exp(log_est - z * se)
        hi = np.exp(log_est + z * se)
    infinite = np.isinf(var) & ~np.isnan(est)
    lo = np.where(infinite, 0.0, lo)
    hi = np.where(infinite, np.inf, hi)
    return lo, hi, infinite


def measures(tp, fp, fn, tn, level, method, prevalence=None):
    """``({statistic: (estimate, lower, upper)}, {difference key: bool array})`` for
    arrays of 2 x 2 tables (the counts broadcast together).  See the module docstring."""
    a, b, c, d = (np.asarray(v, dtype=np.float64) for v in (tp, fp, fn, tn))
    a, b, c, d = np.broadcast_arrays(a, b, c, d)
    n1, n0 = a + c, b + d                      # outcome +, outcome -
    t1, t0 = a + b, c + d                      # test +, test -
    total = a + b + c + d
    z = z_value(level)
    out = {}

    def prop(name, x, n):
        out[name] = proportion_interval(x, n, level, method)

    prop("ap", t1, total)
    prop("tp", n1, total)
    prop("se", a, n1)
    prop("sp", d, n0)
    prop("diag.ac", a + d, total)
    prop("pv.pos", a, t1)
    prop("pv.neg", d, t0)
    prop("p.rout", t0, total)
    prop("p.rin", t1, total)
    prop("p.tpdn", b, n0)
    prop("p.tndp", c, n1)
    prop("p.dntp", b, t1)
    prop("p.dptn", c, t0)
    se, se_lo, se_hi = out["se"]
    sp, sp_lo, sp_hi = out["sp"]
    flags = {}
    with np.errstate(invalid="ignore", divide="ignore"):
        # diagnostic odds ratio, Woolf
        dor = (a * d) / (b * c)
        lo, hi, inf_dor = _log_ratio_interval(dor, 1 / a + 1 / b + 1 / c + 1 / d, z)
        out["diag.or"] = (dor, lo, hi)
        # likelihood ratios, Simel et al. (epiR's formulas)
        lrp = se / (1 - sp)
        lo, hi, inf_p = _log_ratio_interval(lrp, (1 - se) / (n1 * se) + sp / (n0 * (1 - sp)), z)
        out["lr.pos"] = (lrp, lo, hi)
        lrn = (1 - se) / sp
        lo, hi, inf_n = _log_ratio_interval(lrn, se / (n1 * (1 - se)) + (1 - sp) / (n0 * sp), z)
        out["lr.neg"] = (lrn, lo, hi)
        # Youden and NNDx, from the bounds of se and sp (epiR)
        j = se + sp - 1
        j1, j2 = se_lo + sp_lo - 1, se_hi + sp_hi - 1
        out["youden"] = (j, np.fmin(j1, j2), np.fmax(j1, j2))
        jlo, jhi = out["youden"][1], out["youden"][2]
        straddles = (jlo <= 0) & (jhi >= 0)
        r1, r2 = 1 / jlo, 1 / jhi
        nlo = np.where(straddles, np.nan, np.fmin(r1, r2))
        nhi = np.where(straddles, np.nan, np.fmax(r1, r2))
        out["nndx"] = (1 / j, nlo, nhi)
    flags["infinite_se"] = inf_dor | inf_p | inf_n
    flags["nndx_straddles"] = straddles & ~np.isnan(j)
    flags["empty_denominator"] = (n1 == 0) | (n0 == 0) | (t1 == 0) | (t0 == 0)
    if method in ("agresti",):
        flags["agresti_estimate"] = np.ones(a.shape, dtype=bool)
        clipped = np.zeros(a.shape, dtype=bool)
        for x, n in ((t1, total), (n1, total), (a, n1), (d, n0), (a + d, total), (a, t1),
                     (d, t0), (b, n0), (c, n1), (b, t1), (c, t0)):
            nt = n + z * z
            pt = (x + z * z / 2) / nt
            half = z * np.sqrt(pt * (1 - pt) / nt)
            clipped |= (n > 0) & ((pt - half < 0) | (pt + half > 1))
        flags["agresti_clipped"] = clipped
    if prevalence is not None:
        pi = float(prevalence)
        with np.errstate(invalid="ignore", divide="ignore"):
            ppv = se * pi / (se * pi + (1 - sp) * (1 - pi))
            npv = sp * (1 - pi) / (sp * (1 - pi) + (1 - se) * pi)
            m1, m0 = n1 + 1.0, n0 + 1.0                # 1/2 added to each count
            se_t = (a + 0.5) / m1
            sp_t = (d + 0.5) / m0
            logit_pi = np.log(pi / (1 - pi))
            lp = logit_pi + np.log(se_t / (1 - sp_t))
            vp = (1 - se_t) / (m1 * se_t) + sp_t / (m0 * (1 - sp_t))
            ln = -logit_pi + np.log(sp_t / (1 - se_t))
            vn = se_t / (m1 * (1 - se_t)) + (1 - sp_t) / (m0 * sp_t)
            expit = lambda v: 1 / (1 + np.exp(-v))  # noqa: E731
            bad = (n1 == 0) | (n0 == 0)
            out["pv.pos.target"] = tuple(np.where(bad, np.nan, v) for v in (
                ppv, expit(lp - z * np.sqrt(vp)), expit(lp + z * np.sqrt(vp))))
            out["pv.neg.target"] = tuple(np.where(bad, np.nan, v) for v in (
                npv, expit(ln - z * np.sqrt(vn)), expit(ln + z * np.sqrt(vn))))
    return out, flags
