"""Monte Carlo suite for Rossa's goodness-of-fit test of ROC(v) = v (rocstats.roc_gof_test).

Orientation (seed 003, sections 1-3): the positives are pi_0 (sample C, size m), the
negatives pi_1 (sample Z, size n); the cells are the n + 1 values of n G_n(C_j), the
number of negatives at or below a positive, and the paper's chi-square (21) has n df.

There is no R implementation to compare with, so the references are the nominal level,
the exact null mean derived in :mod:`rocstats.gof._rossa`, and exact sizes computed from
the exact null law of the score S (:func:`exact_size`: of the exact test;
:func:`default_size`: of the default p-value as run here, exact or permutation):

* **size** under H0 at alpha = 0.05 over a grid of (m positives, n negatives, cells,
  data): small and moderate samples, m >> n and m << n, the paper's n + 1 cells and
  grouped cells, continuous data and discrete data (5 levels, heavy ties) with both the
  default random tie-breaking and the deterministic ``ties="upper"``.  Three versions of
  the p-value, from two calls of the public ``rocstats.roc_gof_test`` per replicate (the
  scaled p-value is ``chdtrc(df, T / c)`` of the chi2 call's statistic, which is what
  ``method="scaled"`` returns):

  ==============  ======================================================================
  ``default``     ``method="auto"`` (the default): exact when its null law applies and
                  the dynamic programme is cheap, else the permutation p-value (the
                  suite passes ``n_boot=199``: (B + 1) 0.05 is an integer, so the
                  Monte Carlo permutation test has size 0.05 for a continuous
                  statistic; "cheap" compares with the permutation's cost, so B = 199
                  sends a few more samples to the permutation than B = 9999 would)
  ``paper_chi2``  ``method="chi2"``: the paper's reference, chi-square with k - 1 df
                  (n df for the n + 1 cells)
  ``scaled``      ``method="scaled"``: T / c vs chi-square k - 1 df
  ==============  ======================================================================

  Pass/fail records: the ``default`` size within 3 binomial Monte Carlo SEs of 0.05
  (two-sided; SE = sqrt(0.05 0.95 / R) = 0.0049 for R = 2000 replicates) in every grid
  case; the simulated mean of T within 4 Monte Carlo SEs of its exact null mean
  (k - 1)(m + n + 1)/(n + 2) (continuous data or random tie-breaking).  The paper's
  chi-square and the scaled version are reported as observations (known to be
  anti-conservative / approximate), not checked.

  Two tiny cases (``DISCRETE_CASES``: m = n = 10 and m = 5, n = 15) show the limit of
  any non-randomised test: the statistic takes few values, the exact test's size is the
  largest attainable level <= 0.05 (0.026 and 0.032 there, computed exactly), and the
  records check the simulated size two-sided against that exact size and one-sided
  (<= 0.05 + 3 SE) against the nominal level.  The exact sizes of the default
  (``default_size``) of every grid case are in the metadata: 0.047-0.050 (the
  permutation p-value of a discrete statistic is slightly conservative too).

* **power** against normal location shifts of the positives (0.25, 0.5, 1) for the
  default p-value with the n + 1 cells and with k grouped cells, and for the paper's
  chi-square (metadata only; the power of an oversized test is not comparable).

Seeded (``seed``, ``$ROCSTATS_FRESH_SEED`` or 20261121; every case and shift has its
own stream); about 30-40 s on one core.  With a fresh seed each pass/fail record has
about a 0.3 % chance of a false failure (somewhat more for a size whose exact value is
not 0.05: e.g. 0.0467 for m = 20, n = 80, about 1 %).
"""
import math
import os
import time
import warnings

import numpy as np
from scipy import special

import rocstats
from rocstats import GOFApproximationWarning
from rocstats.gof import _rossa

from .proc_parity import Tolerance, compare

SUITE = "rossa_mc"
ALPHA = 0.05
DEFAULT_SEED = 20261121
R_SIZE = 2000
R_POWER = 400
B_PERM = 199
LEVELS = 5           # discrete data: integers 0..LEVELS-1, the same law in both classes


def _case(m, n, cells=None, data="continuous", ties="random", note=""):
    name = "m=%d,n=%d,%s%s%s" % (m, n, "n+1 cells" if cells is None else "k=%d" % cells,
                                  "" if data == "continuous" else ",discrete",
                                  "" if ties == "random" else ",ties=" + ties)
    return {"name": name, "m": m, "n": n, "cells": cells, "data": data, "ties": ties,
            "note": note}


#: the size grid (m positives = pi_0, n negatives = pi_1)
SIZE_CASES = (
    _case(20, 20, note="small"),
    _case(50, 50, note="moderate"),
    _case(100, 100, note="moderate, n+1 cells (auto -> permutation)"),
    _case(60, 12, note="m >> n"),
    _case(15, 5, note="small, m >> n"),
    _case(20, 80, note="m << n"),
    _case(40, 40, cells=8, note="grouped"),
    _case(120, 40, cells=8, note="grouped, m >> n (auto -> permutation)"),
    _case(30, 30, data="discrete", note="ties, random tie-breaking"),
    _case(30, 30, cells=6, data="discrete", note="ties, grouped"),
    _case(30, 30, data="discrete", ties="upper", note="ties, paper's EDF (auto -> permutation)"),
)
#: tiny samples: the exact test's size is well below 0.05 (discreteness), shown and
#: checked against its exact value
DISCRETE_CASES = (
    _case(10, 10, note="tiny: exact size 0.026"),
    _case(5, 15, note="tiny: exact size 0.032"),
)
#: power curves (continuous data), each with its grouped version (k cells)
POWER_CASES = ((20, 20, 4), (50, 50, 10), (60, 12, 6), (20, 80, 4))
SHIFTS = (0.0, 0.25, 0.5, 1.0)

VERSIONS = ("default", "paper_chi2", "scaled")
LABELS = {
    "default": "default (auto: exact / permutation)",
    "paper_chi2": "paper: chi2(k-1)",
    "scaled": "T/c vs chi2(k-1)",
}
POWER_VERSIONS = ("default", "grouped_default", "paper_chi2")
POWER_LABELS = {
    "default": "default, n+1 cells",
    "grouped_default": "default, k cells",
    "paper_chi2": "paper: n+1 cells, chi2(n)",
}


def _seed(seed):
    if seed is None:
        seed = int(os.environ.get("ROCSTATS_FRESH_SEED", DEFAULT_SEED))
    return int(seed)


def _draw(rng, m, n, shift, data):
    if data == "continuous":
        return np.r_[rng.normal(shift, 1.0, m), rng.normal(0.0, 1.0, n)]
    return np.r_[rng.integers(0, LEVELS, m), rng.integers(0, LEVELS, n)].astype(float)


def exact_size(m, n, cells, alpha=ALPHA, max_work=5e8):
    """Exact size of the exact test: ``P0(p <= alpha)`` = the largest attainable level
    ``P0(S >= s)`` that is <= alpha (search over the integer score S with the dynamic
    programme of rocstats, itself checked against enumeration in tests/test_gof.py).
    None when too expensive."""
    sizes = np.diff(_rossa.cell_edges(n, cells))
    w, _ = _rossa.score_weights(sizes)
    hi = 16
    while True:                                   # gallop: each table is kept (cached)
        if _rossa._exact_work(m, w, hi) > max_work:
            return None
        if _rossa._exact_sf(m, sizes, w, hi) <= alpha:
            break
        hi = int(hi * 1.5)
    lo = 0                                        # sf(lo) > alpha >= sf(hi): look-ups
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if _rossa._exact_sf(m, sizes, w, mid) <= alpha:
            hi = mid
        else:
            lo = mid
    return _rossa._exact_sf(m, sizes, w, hi)


def default_size(m, n, cells, b_perm=B_PERM, alpha=ALPHA, tail=1e-4, max_work=5e8):
    """Exact size of the default p-value as this suite runs it (``method="auto"``,
    ``n_boot=b_perm``) under H0 with continuous data or random tie-breaking.

    The p-value depends on the data only through the score S, and so does auto's choice
    (its work bound): ``size = sum_s P0(S = s) * r(s)`` with ``r(s) = 1{P0(S >= s) <=
    alpha}`` where auto is exact and ``r(s) = P(Binomial(B, P0(S >= s)) <= alpha (B+1) - 1)``
    where it uses the Monte Carlo permutation p-value (B permuted scores are iid from the
    null law of S).  The law of S comes from rocstats' dynamic programme up to the score
    where ``P0(S >= s) <= tail``; that tail is counted as rejected, so the result is exact
    to within ``tail``.  None when too expensive.
    """
    from scipy import stats

    sizes = np.diff(_rossa.cell_edges(n, cells))
    w, _ = _rossa.score_weights(sizes)
    cap = 16
    while True:
        if _rossa._exact_work(m, w, cap) > max_work:
            return None
        if _rossa._exact_sf(m, sizes, w, cap) <= tail:
            break
        cap = int(cap * 1.5)
    sf = np.array([_rossa._exact_sf(m, sizes, w, s) for s in range(cap + 1)])
    pmf = sf[:-1] - sf[1:]
    budget = max(_rossa.EXACT_WORK_LIMIT, _rossa.PERMUTATION_ENTRY_WORK * b_perm * (m + n))
    kmax = int(round(alpha * (b_perm + 1))) - 1
    size = float(sf[-1])
    for s in np.flatnonzero(pmf > 0):
        exact = (_rossa._exact_work(m, w, s) <= budget
                 and (m + 1.0) * (s + 1.0) <= _rossa.EXACT_MAX_ENTRIES)
        size += pmf[s] * (float(sf[s] <= alpha) if exact
                          else stats.binom.cdf(kmax, b_perm, sf[s]))
    return size


def simulate_size(case, rng, reps=R_SIZE, b_perm=B_PERM):
    """Rejection rates at ALPHA of every version under H0, the statistics' mean and SD,
    and how often the default used the exact p-value."""
    m, n, cells, ties = case["m"], case["n"], case["cells"], case["ties"]
    y = np.r_[np.ones(m, dtype=int), np.zeros(n, dtype=int)]
    p = {v: np.empty(reps) for v in VERSIONS}
    t = np.empty(reps)
    exact = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", GOFApproximationWarning)
        for i in range(reps):
            x = _draw(rng, m, n, 0.0, case["data"])
            s = int(rng.integers(2 ** 62))            # the same tie-breaking for all three
            d = rocstats.roc_gof_test(y, x, cells=cells, ties=ties, n_boot=b_perm,
                                      random_state=s)
            c = rocstats.roc_gof_test(y, x, cells=cells, ties=ties, method="chi2",
                                      random_state=s)
            p["default"][i], p["paper_chi2"][i] = d.pvalue, c.pvalue
            # method="scaled" is chdtrc(df, T / c) of the same statistic (tests/test_gof.py
            # checks that); computed here from the chi2 call to save a third call
            p["scaled"][i] = special.chdtrc(c.df, c.scaled_statistic)
            t[i] = d.statistic
            exact += d.pvalue_method == "exact"
    k = n + 1 if cells is None else cells
    c = _rossa.inflation_factor(n, m)
    return {
        **{key: case[key] for key in ("name", "m", "n", "cells", "data", "ties", "note")},
        "k": k, "inflation": c, "reps": reps,
        "rate": {v: float(np.mean(p[v] <= ALPHA)) for v in VERSIONS},
        "exact_fraction": exact / reps,
        "mean_T": float(t.mean()), "sd_T": float(t.std(ddof=1)),
        "null_mean_T": (k - 1) * c,
        # exact sizes (they do not apply to ties="upper" on tied data): of the exact
        # test, and of the default p-value as run here (exact or permutation with B)
        "exact_size": exact_size(m, n, cells) if ties == "random" else None,
        "default_size": default_size(m, n, cells, b_perm) if ties == "random" else None,
    }


def simulate_power(m, n, k, shift, rng, reps=R_POWER, b_perm=B_PERM):
    y = np.r_[np.ones(m, dtype=int), np.zeros(n, dtype=int)]
    p = {v: np.empty(reps) for v in POWER_VERSIONS}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", GOFApproximationWarning)
        for i in range(reps):
            x = _draw(rng, m, n, shift, "continuous")
            p["default"][i] = rocstats.roc_gof_test(y, x, n_boot=b_perm,
                                                    random_state=rng).pvalue
            p["grouped_default"][i] = rocstats.roc_gof_test(y, x, cells=k, n_boot=b_perm,
                                                            random_state=rng).pvalue
            p["paper_chi2"][i] = rocstats.roc_gof_test(y, x, method="chi2").pvalue
    return {"m": m, "n": n, "k": k, "shift": shift, "reps": reps,
            **{v: float(np.mean(p[v] <= ALPHA)) for v in POWER_VERSIONS}}


def _binomial_tolerance(reps, what):
    se = math.sqrt(ALPHA * (1 - ALPHA) / reps)
    return Tolerance(0.0, 3 * se, "3 binomial SEs (SE %.4f, %d replicates) of %s"
                     % (se, reps, what)), se


def run(*, live=None, seed=None, size_cases=SIZE_CASES, discrete_cases=DISCRETE_CASES,
        power_cases=POWER_CASES, shifts=SHIFTS, reps_size=R_SIZE, reps_power=R_POWER,
        b_perm=B_PERM):
    """The suite: ``{"metadata": {...}, "comparisons": [record, ...]}``.

    ``live`` is accepted for the runner's interface and ignored (no R reference).
    """
    seed = _seed(seed)
    t0 = time.perf_counter()
    cases = list(size_cases) + list(discrete_cases)
    streams = np.random.SeedSequence(seed).spawn(len(cases) + len(power_cases) * len(shifts))
    size_results = [simulate_size(c, np.random.default_rng(s), reps=reps_size, b_perm=b_perm)
                    for c, s in zip(cases, streams)]
    power_results = []
    for i, (m, n, k) in enumerate(power_cases):
        for j, shift in enumerate(shifts):
            rng = np.random.default_rng(streams[len(cases) + i * len(shifts) + j])
            power_results.append(simulate_power(m, n, k, shift, rng, reps=reps_power,
                                                b_perm=b_perm))
    comps = []
    tiny = {c["name"] for c in discrete_cases}
    for res in size_results:
        case, rate = res["name"], res["rate"]["default"]
        tol, se = _binomial_tolerance(res["reps"], "the nominal level 0.05")
        rec = compare(rate, ALPHA, "size", tol=tol, suite=SUITE, source="simulation",
                      case=case, item=LABELS["default"])
        rec["criterion"] = "two-sided: |size - 0.05| <= 3 SE"
        if case in tiny:
            # discreteness: valid (never liberal), and the size it can attain
            rec["passed"] = bool(rate <= ALPHA + tol.atol)
            rec["criterion"] = "one-sided: size <= 0.05 + 3 SE"
            rec["note"] = ("tiny sample: no non-randomised test attains 0.05; exact size "
                           "of the default %.4f" % res["default_size"])
            comps.append(rec)
            p0 = res["default_size"]
            tol_e = Tolerance(0.0, 3 * math.sqrt(p0 * (1 - p0) / res["reps"]),
                              "3 binomial SEs at the exact size of the default")
            rec = compare(rate, p0, "size", tol=tol_e, suite=SUITE, source="simulation",
                          case=case, item=LABELS["default"] + " vs its exact size")
            rec["criterion"] = "two-sided: |size - exact size| <= 3 SE"
        comps.append(rec)
        if res["ties"] == "random":
            se_t = res["sd_T"] / math.sqrt(res["reps"])
            tol = Tolerance(0.0, 4 * se_t, "4 Monte Carlo SEs of the mean of %d statistics "
                            "(SE %.3g); reference (k-1)(m+n+1)/(n+2), the exact "
                            "Dirichlet-multinomial null mean" % (res["reps"], se_t))
            comps.append(compare(res["mean_T"], res["null_mean_T"], "null_mean", tol=tol,
                                 suite=SUITE, source="simulation", case=case,
                                 item="mean of T, %d cells" % res["k"]))
    size_table = [{"case": r["name"], "m": r["m"], "n": r["n"], "k": r["k"],
                   "cells": r["cells"], "data": r["data"], "ties": r["ties"],
                   "note": r["note"], "inflation": r["inflation"], "reps": r["reps"],
                   "mc_se": math.sqrt(ALPHA * (1 - ALPHA) / r["reps"]),
                   "exact_fraction": r["exact_fraction"], "exact_size": r["exact_size"],
                   "default_size": r["default_size"],
                   "tiny": r["name"] in tiny, "mean_T": r["mean_T"],
                   "null_mean_T": r["null_mean_T"],
                   **{v: r["rate"][v] for v in VERSIONS}}
                  for r in size_results]
    metadata = {
        "seed": seed, "alpha": ALPHA, "reps_size": reps_size, "reps_power": reps_power,
        "b_perm": b_perm, "levels": LEVELS,
        "mc_se": math.sqrt(ALPHA * (1 - ALPHA) / reps_size),
        "versions": dict(LABELS), "power_versions": dict(POWER_LABELS),
        "checked_versions": ["default"],
        "observation_note": ("paper_chi2 and scaled are reported as observations: the "
                             "paper's chi-square is anti-conservative (dependent placement "
                             "values), the scaled one an approximation"),
        "exact_work_limit": _rossa.EXACT_WORK_LIMIT,
        "size_table": size_table, "power_table": power_results,
        "power_cases": [list(c) for c in power_cases], "shifts": list(shifts),
        "elapsed_seconds": time.perf_counter() - t0,
        "data": ("H0: both classes N(0, 1) (continuous) or uniform on 0..%d (discrete); "
                 "power: positives N(shift, 1), negatives N(0, 1)" % (LEVELS - 1)),
    }
    return {"metadata": metadata, "comparisons": comps}
