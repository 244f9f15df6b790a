"""Benchmark: rocstats.cutpoint (with its out-of-bag bootstrap) against cutpointr 1.1.2, and
rocstats.diagnostic_accuracy against epiR 2.0.57's epi.tests (table counted in R), through
rpy2, at n = 113 (pROC's aSAH size), 1e3 and 1e4 (no target in the issue; ratios printed).

R is timed inside R (``system.time`` around the call only); where cutpointr would take
minutes (its bootstrap recomputes a whole ROC curve and tibble per replicate), it runs
``--r-cap`` replicates and its time is scaled linearly (each replicate costs the same).
Ratios are measured in one run on a shared machine.

    python benchmarks/bench_diagnostic.py [--no-r] [--output FILE]
"""
import argparse
import datetime
import platform

import numpy as np

import rocstats
from _common import Report, best_of, cpu_model, fmt_n, fmt_s, fmt_x, loadavg, numpy_simd

R_CODE = r"""
suppressPackageStartupMessages({library(cutpointr); library(epiR)})
bench_cutpointr <- function(y, x, boot_runs) {
  d <- data.frame(x = x, class = y)
  set.seed(1)
  system.time(suppressMessages(cutpointr(d, x, class, pos_class = 1, direction = ">=",
                                         metric = youden, boot_runs = boot_runs,
                                         silent = TRUE)))[["elapsed"]]
}
bench_epi <- function(y, x, t) {
  system.time({pos <- x >= t
               tab <- as.table(matrix(c(sum(pos & y == 1), sum(pos & y == 0),
                                        sum(!pos & y == 1), sum(!pos & y == 0)), 2, byrow = TRUE))
               for (i in 1:20) epi.tests(tab, method = "exact")})[["elapsed"]] / 20
}
"""


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--no-r", action="store_true")
    ap.add_argument("--r-cap", type=int, default=200, help="cutpointr replicates actually run")
    ap.add_argument("--boot", type=int, default=2000)
    ap.add_argument("--output")
    args = ap.parse_args(argv)
    rep = Report()
    rep("# rocstats.diagnostic vs cutpointr / epiR (%s)" % datetime.date.today())
    rep("")
    rep("CPU: %s; Python %s; NumPy %s; load average at start %s" % (
        cpu_model(), platform.python_version(), np.__version__, loadavg()))
    rep("NumPy SIMD: %s" % numpy_simd()[1])
    r = None
    if not args.no_r:
        try:
            from rpy2 import robjects
            from rpy2.robjects import default_converter, numpy2ri
            from rpy2.robjects.conversion import localconverter

            robjects.r(R_CODE)
            r = (robjects, localconverter, default_converter + numpy2ri.converter)
        except Exception as exc:  # noqa: BLE001
            rep("R not available: %s" % exc)
    rows = []
    for n in (113, 1000, 10000):
        rng = np.random.default_rng(n)
        y = (rng.random(n) < 0.36).astype(np.int64)
        x = np.round(rng.normal(size=n) + y, 2)
        t_cut, _ = best_of(lambda: rocstats.cutpoint(y, x, n_boot=args.boot, random_state=1), 3)
        t_acc, _ = best_of(lambda: rocstats.diagnostic_accuracy(y, x, 0.5), 5)
        r_cut = r_acc = np.nan
        scaled = ""
        if r is not None:
            robjects, lc, conv = r
            runs = min(args.boot, args.r_cap)
            with lc(conv):
                r_cut = float(robjects.r["bench_cutpointr"](y, x, runs)[0]) * args.boot / runs
                r_acc = float(robjects.r["bench_epi"](y, x, 0.5)[0])
            scaled = " (scaled from %d)" % runs if runs < args.boot else ""
        rows.append([fmt_n(n), "cutpoint, %d replicates" % args.boot, fmt_s(t_cut),
                     (fmt_s(r_cut) + scaled) if np.isfinite(r_cut) else "n/a",
                     fmt_x(r_cut / t_cut) if np.isfinite(r_cut) else "n/a"])
        rows.append([fmt_n(n), "diagnostic_accuracy (one threshold, exact CIs)", fmt_s(t_acc),
                     fmt_s(r_acc) if np.isfinite(r_acc) else "n/a",
                     fmt_x(r_acc / t_acc) if np.isfinite(r_acc) else "n/a"])
    rep("")
    rep.table(["n", "call", "rocstats s", "R s (cutpointr / epiR)", "R / rocstats"], rows)
    if args.output:
        rep.write(args.output)


if __name__ == "__main__":
    main()
