#!/usr/bin/env python
"""Timing benchmark of the bootstrap engine and of coords (issue 11).

One run prints markdown tables (and optionally writes them to ``--output``):

* bootstrap throughput of ``rocstats.ci_auc(method="bootstrap")`` and ``rocstats.ci_se``
  (11 specificities, R's ``seq(0, 1, 0.1)``), stratified, percentile, at
  (n, n_boot) = (500, 100000), (1e4, 2000) and (500, 2000), with ``n_jobs=-1`` (every
  usable core) and ``n_jobs=1``; observation-replicates per second (n x n_boot / s)
  against the target 1e8 (twice fbroc's stated rate: 1e5 replicates of n = 500 in about
  one second, i.e. 5e7 / s; fbroc is not installed here, its figure is quoted) and the
  speedup against pROC's ``ci.auc(r, method = "bootstrap", boot.n)`` / ``ci.se(r,
  boot.n)`` timed through Rscript in the same run (target >= 50x on every row);
* ``rocstats.coords(x="all")`` at n = 1e6 against ``rocstats.roc_curve`` on the same data
  (target <= 2x), with ``ret`` = the default three columns and ``"all"``.

Timings are the best of r repeats (``time.perf_counter``; pROC: ``proc.time`` inside R
around the call only, data read with ``readBin`` beforehand, ``progress = "none"``).  The
machine is shared: read the ratios, not the absolute times.  The header prints the CPU
model, NumPy's SIMD features (baseline and the ones found at run time) and the load.

Usage::

    .venv/bin/python benchmarks/bench_bootstrap.py --output benchmarks/results/bootstrap_latest.md
    .venv/bin/python benchmarks/bench_bootstrap.py --quick      # small sizes, no pROC at 1e5
"""
import argparse
import datetime
import os
import platform
import shutil
import subprocess
import sys
import tempfile

import numpy as np

import rocstats
from _common import Report, best_of, cpu_model, fmt_n, fmt_s, fmt_x, loadavg

TARGET_RATE = 1e8          # observation-replicates per second (2 x fbroc's stated rate)
FBROC_RATE = 500 * 1e5 / 1.0
TARGET_PROC = 50.0
TARGET_COORDS = 2.0

R_SCRIPT = r"""
args <- commandArgs(trailingOnly = TRUE)
yfile <- args[1]; xfile <- args[2]; n <- as.integer(args[3]); boot_n <- as.integer(args[4])
what <- args[5]; reps <- as.integer(args[6])
suppressMessages(library(pROC))
y <- readBin(yfile, "integer", n = n, size = 4)
x <- readBin(xfile, "double", n = n)
r <- roc(y, x, levels = c(0, 1), direction = "<", quiet = TRUE)
el <- function() proc.time()[["elapsed"]]
best <- Inf
for (i in seq_len(reps)) {
  invisible(gc())
  set.seed(i)
  t0 <- el()
  ci <- if (what == "auc") ci.auc(r, method = "bootstrap", boot.n = boot_n, progress = "none")
        else ci.se(r, specificities = seq(0, 1, 0.1), boot.n = boot_n, progress = "none")
  best <- min(best, el() - t0)
}
cat("TIME", sprintf("%.17g", best), "\n")
cat("CI", sprintf("%.17g", as.numeric(ci)), "\n")
"""


def simd_features():
    """NumPy's SIMD baseline, dispatch targets and the features found on this CPU."""
    try:
        from numpy._core._multiarray_umath import (__cpu_baseline__, __cpu_dispatch__,
                                                   __cpu_features__)
    except ImportError:  # pragma: no cover - older NumPy
        try:
            from numpy.core._multiarray_umath import (__cpu_baseline__, __cpu_dispatch__,
                                                      __cpu_features__)
        except ImportError:
            return "n/a", "n/a", "n/a"
    found = [k for k, v in __cpu_features__.items() if v]
    return " ".join(__cpu_baseline__), " ".join(__cpu_dispatch__), " ".join(found)


class RRunner:
    def __init__(self, enabled, timeout):
        self.available, self.reason, self.timeout = False, "", timeout
        self.r_version = self.proc_version = "n/a"
        if not enabled:
            self.reason = "disabled with --no-r"
            return
        self.rscript = shutil.which("Rscript")
        if self.rscript is None:
            self.reason = "Rscript not found"
            return
        out = subprocess.run([self.rscript, "--vanilla", "-e",
                              'cat(paste(R.version$major, R.version$minor, sep="."), '
                              'as.character(packageVersion("pROC")), "\\n")'],
                             capture_output=True, text=True, timeout=120)
        parts = out.stdout.split()
        if out.returncode != 0 or len(parts) < 2:
            self.reason = "pROC not available"
            return
        self.r_version, self.proc_version = parts[:2]
        self.tmp = tempfile.mkdtemp(prefix="rocstats_bench_boot_")
        self.script = os.path.join(self.tmp, "bench.R")
        with open(self.script, "w") as fh:
            fh.write(R_SCRIPT)
        self.available = True

    def run(self, y, x, boot_n, what, reps):
        yfile, xfile = os.path.join(self.tmp, "y.bin"), os.path.join(self.tmp, "x.bin")
        np.ascontiguousarray(y, dtype="<i4").tofile(yfile)
        np.ascontiguousarray(x, dtype="<f8").tofile(xfile)
        out = subprocess.run([self.rscript, "--vanilla", self.script, yfile, xfile,
                              str(y.size), str(boot_n), what, str(reps)],
                             capture_output=True, text=True, timeout=self.timeout)
        if out.returncode != 0:
            raise RuntimeError((out.stderr.strip().splitlines() or ["?"])[-1])
        res = {ln.split()[0]: [float(v) for v in ln.split()[1:]]
               for ln in out.stdout.splitlines() if ln.strip()}
        return res["TIME"][0], np.array(res["CI"])

    def close(self):
        if self.available:
            shutil.rmtree(self.tmp, ignore_errors=True)


def data(rng, n):
    y = np.zeros(n, dtype=np.int64)
    y[: n // 2] = 1
    rng.shuffle(y)
    return y, rng.standard_normal(n) + 1.0 * y


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="small sizes, pROC only on small rows")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--r-repeats", type=int, default=1)
    ap.add_argument("--no-r", action="store_true")
    ap.add_argument("--r-timeout", type=float, default=1800)
    ap.add_argument("--seed", type=int, default=20261124)
    ap.add_argument("--output", default=None)
    args = ap.parse_args(argv)

    rep = Report()
    rng = np.random.default_rng(args.seed)
    R = RRunner(not args.no_r, args.r_timeout)
    base, dispatch, found = simd_features()
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover
        cores = os.cpu_count()
    rep("# rocstats bootstrap and coords benchmark")
    rep()
    rep("- date: %s" % datetime.datetime.now().strftime("%Y-%m-%d %H:%M"))
    rep("- machine: %s, %d usable cores, %s, load average at start %s"
        % (cpu_model(), cores, platform.platform(), loadavg()))
    rep("- NumPy %s SIMD: baseline %s; dispatch %s; found on this CPU: %s"
        % (np.__version__, base, dispatch, found))
    rep("- python %s; rocstats %s, backend %s" % (platform.python_version(),
                                                  rocstats.__version__,
                                                  rocstats.backend_info()))
    rep("- R %s, pROC %s%s" % (R.r_version, R.proc_version,
                               "" if R.available else " (not timed: %s)" % R.reason))
    rep("- fbroc (C++, not installed here) states about 1 s for 1e5 replicates of n = 500: "
        "%.0e observation-replicates / s; target here %.0e / s and >= %gx pROC"
        % (FBROC_RATE, TARGET_RATE, TARGET_PROC))
    rep("- timing: best of %d (rocstats), %d (pROC, inside R around the ci call only); "
        "shared machine: ratios, not absolute times" % (args.repeats, args.r_repeats))
    rep()

    rows_spec = [(500, 100000), (10000, 2000), (500, 2000)]
    if args.quick:
        rows_spec = [(500, 20000), (2000, 2000), (500, 2000)]
    table, verdicts = [], []
    for n, B in rows_spec:
        y, x = data(rng, n)
        for what, fn in (("ci_auc", lambda j: rocstats.ci_auc(y, x, method="bootstrap",
                                                              n_boot=B, random_state=1,
                                                              n_jobs=j)),
                         ("ci_se", lambda j: rocstats.ci_se(y, x, n_boot=B, random_state=1,
                                                            n_jobs=j))):
            fn(-1)                                       # warm-up (imports, pandas)
            t_all, res = best_of(lambda: fn(-1), args.repeats)
            t_one, _ = best_of(lambda: fn(1), args.repeats)
            rate = n * B / t_all
            proc_t, proc_txt, speed = None, "-", "-"
            if R.available and not (args.quick and B > 5000):
                try:
                    proc_t, ci = R.run(y, x, B, "auc" if what == "ci_auc" else "se",
                                       args.r_repeats)
                    proc_txt = fmt_s(proc_t)
                    speed = fmt_x(proc_t / t_all)
                except Exception as exc:  # timing failures are reported, not fatal
                    proc_txt = "failed: %s" % exc
            table.append(["%s n=%s, n_boot=%s" % (what, fmt_n(n), fmt_n(B)), fmt_s(t_all),
                          fmt_s(t_one), "%.2e" % rate, "%.2fx" % (rate / FBROC_RATE),
                          proc_txt, speed])
            ok_rate = rate >= TARGET_RATE
            ok_proc = proc_t is None or proc_t / t_all >= TARGET_PROC
            verdicts.append((what, n, B, ok_rate, ok_proc, rate,
                             None if proc_t is None else proc_t / t_all))
    rep("## Bootstrap throughput (stratified, percentile, 2 cores = n_jobs=-1)")
    rep()
    rep.table(["call", "rocstats s (n_jobs=-1)", "rocstats s (n_jobs=1)",
               "obs-replicates / s", "x fbroc's stated rate", "pROC s", "speedup vs pROC"],
              table)
    rep()

    # ------------------------------------------------------------------ coords
    n = 100000 if args.quick else 1000000
    y, x = data(rng, n)
    t_curve, _ = best_of(lambda: rocstats.roc_curve(y, x), args.repeats)
    t_c3, df3 = best_of(lambda: rocstats.coords(y, x), args.repeats)
    t_all_, dfa = best_of(lambda: rocstats.coords(y, x, ret="all"), args.repeats)
    t_sort, _ = best_of(lambda: np.sort(x), args.repeats)
    rep("## coords(x=\"all\") at n = %s (one row per distinct score: %d rows)"
        % (fmt_n(n), len(df3)))
    rep()
    rep.table(["call", "seconds", "ratio to roc_curve"],
              [["np.sort(scores) (floor)", fmt_s(t_sort), fmt_x(t_sort / t_curve)],
               ["rocstats.roc_curve", fmt_s(t_curve), "1.00x"],
               ["rocstats.coords(x=\"all\") (threshold, specificity, sensitivity)",
                fmt_s(t_c3), fmt_x(t_c3 / t_curve)],
               ["rocstats.coords(x=\"all\", ret=\"all\") (24 columns)", fmt_s(t_all_),
                fmt_x(t_all_ / t_curve)]])
    rep()
    rep("## Targets")
    rep()
    for what, n_, B, ok_rate, ok_proc, rate, sp in verdicts:
        rep("- %s n=%s n_boot=%s: %.2e obs-replicates/s (>= 1e8: %s); vs pROC %s (>= %gx: %s)"
            % (what, fmt_n(n_), fmt_n(B), rate, "PASS" if ok_rate else "MISS",
               "n/a" if sp is None else "%.0fx" % sp, TARGET_PROC,
               "PASS" if ok_proc and sp is not None else ("n/a" if sp is None else "MISS")))
    rep("- coords(x=\"all\") / roc_curve at n = %s: %.2fx (<= %gx: %s)"
        % (fmt_n(n), t_c3 / t_curve, TARGET_COORDS,
           "PASS" if t_c3 / t_curve <= TARGET_COORDS else "MISS"))
    R.close()
    if args.output:
        rep.write(args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
