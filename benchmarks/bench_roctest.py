"""Benchmark: rocstats.roc_test (Venkatraman, bootstrap, sensitivity at a fixed
specificity; paired) and roc_test_unpaired (bootstrap, Venkatraman) against pROC's
roc.test through rpy2, same replicate counts, at n = 500 and n = 1e4 (target >= 50x).

pROC is timed inside R (``system.time`` around ``roc.test`` only).  Where pROC would
take more than a few minutes (n = 1e4: Venkatraman's statistic costs O(n^2) per
permutation in pROC), it runs ``--proc-cap`` replicates instead and its time is scaled
linearly to the full count (its cost per replicate is constant: each replicate is an
independent resample / permutation with the same work); the table says which rows are
scaled.  Results are ratios measured in one run on a shared machine.

    python benchmarks/bench_roctest.py [--quick] [--no-r] [--output FILE]
"""
import argparse
import datetime
import os
import platform
import sys

import numpy as np

import rocstats
from _common import Report, best_of, cpu_model, fmt_n, fmt_s, fmt_x, loadavg

TARGET = 50.0


def simd_features():
    try:
        from numpy._core._multiarray_umath import __cpu_baseline__, __cpu_features__
    except ImportError:  # pragma: no cover
        from numpy.core._multiarray_umath import __cpu_baseline__, __cpu_features__
    return " ".join(__cpu_baseline__), " ".join(k for k, v in __cpu_features__.items() if v)


R_CODE = r"""
suppressPackageStartupMessages(library(pROC))
bench_roctest <- function(y, a, b, yb, bb, method, boot_n, paired, spec) {
  set.seed(1)
  if (paired) {
    r1 <- roc(y, a, levels = c(0, 1), direction = "<", quiet = TRUE)
    r2 <- roc(y, b, levels = c(0, 1), direction = "<", quiet = TRUE)
  } else {
    r1 <- roc(y, a, levels = c(0, 1), direction = "<", quiet = TRUE)
    r2 <- roc(yb, bb, levels = c(0, 1), direction = "<", quiet = TRUE)
  }
  args <- list(r1, r2, method = method, boot.n = boot_n, paired = paired,
               progress = "none")
  if (method == "specificity") args$specificity <- spec
  tm <- system.time(t <- do.call(roc.test, args))[["elapsed"]]
  c(tm, unname(t$statistic), t$p.value)
}
"""


class RRunner:
    def __init__(self, enabled):
        self.ok, self.why, self.version = False, "disabled (--no-r)", "n/a"
        if not enabled:
            return
        try:
            import rpy2.robjects as ro

            ro.r(R_CODE)
            self.ro = ro
            self.fn = ro.globalenv["bench_roctest"]
            self.version = "R %s, pROC %s" % (ro.r("paste(R.version$major, R.version$minor, "
                                                  "sep='.')")[0],
                                              ro.r("as.character(packageVersion('pROC'))")[0])
            self.ok, self.why = True, ""
        except Exception as exc:  # pragma: no cover - R missing
            self.why = "R / pROC unavailable: %s" % exc

    def run(self, y, a, b, yb, bb, method, boot_n, paired, spec=0.8):
        ro = self.ro
        out = self.fn(ro.IntVector(y.tolist()), ro.FloatVector(a), ro.FloatVector(b),
                      ro.IntVector(yb.tolist()), ro.FloatVector(bb), method, int(boot_n),
                      paired, float(spec))
        return float(out[0]), float(out[1]), float(out[2])


def data(rng, n):
    y = np.zeros(n, dtype=np.int64)
    y[: n // 2] = 1
    rng.shuffle(y)
    z = rng.standard_normal(n)
    a = z + 1.0 * y
    b = 0.6 * z + 0.8 * rng.standard_normal(n) + 0.8 * y
    return y, np.round(a, 3), np.round(b, 3)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="n = 500 only")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--n-boot", type=int, default=2000)
    ap.add_argument("--proc-cap", type=int, default=None,
                    help="max pROC replicates at n = 1e4 (default: 200 bootstrap, "
                         "10 Venkatraman permutations)")
    ap.add_argument("--no-r", action="store_true")
    ap.add_argument("--seed", type=int, default=20261124)
    ap.add_argument("--output", default=None)
    args = ap.parse_args(argv)

    rep = Report()
    rng = np.random.default_rng(args.seed)
    R = RRunner(not args.no_r)
    base, found = simd_features()
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover
        cores = os.cpu_count()
    rep("# rocstats roc_test benchmark (vs pROC roc.test)")
    rep()
    rep("- date: %s" % datetime.datetime.now().strftime("%Y-%m-%d %H:%M"))
    rep("- machine: %s, %d usable cores, %s, load average at start %s"
        % (cpu_model(), cores, platform.platform(), loadavg()))
    rep("- NumPy %s SIMD: baseline %s; found on this CPU: %s" % (np.__version__, base, found))
    rep("- python %s; rocstats %s, backend %s; %s"
        % (platform.python_version(), rocstats.__version__, rocstats.backend_info(),
           R.version if R.ok else "pROC not timed: " + R.why))
    rep("- rocstats: best of %d, n_jobs=1 (one thread, like pROC); pROC: one run, "
        "system.time around roc.test; n_boot = boot.n = %d" % (args.repeats, args.n_boot))
    rep()
    sizes = [500] if args.quick else [500, 10000]
    rows, verdicts = [], []
    B = args.n_boot
    for n in sizes:
        y, a, b = data(rng, n)
        yb, _, bb = data(rng, n)
        calls = [
            ("venkatraman paired", "venkatraman", True,
             lambda: rocstats.roc_test(y, a, b, method="venkatraman", n_boot=B,
                                       random_state=1)),
            ("bootstrap paired", "bootstrap", True,
             lambda: rocstats.roc_test(y, a, b, method="bootstrap", n_boot=B,
                                       random_state=1)),
            ("sensitivity at specificity 0.8, paired", "specificity", True,
             lambda: rocstats.roc_test(y, a, b, method="specificity", specificity=0.8,
                                       n_boot=B, random_state=1)),
            ("bootstrap unpaired", "bootstrap", False,
             lambda: rocstats.roc_test_unpaired(y, a, yb, bb, method="bootstrap",
                                                n_boot=B, random_state=1)),
            ("venkatraman unpaired", "venkatraman", False,
             lambda: rocstats.roc_test_unpaired(y, a, yb, bb, method="venkatraman",
                                                n_boot=B, random_state=1)),
        ]
        for label, method, paired, fn in calls:
            fn()
            t_ours, res = best_of(fn, args.repeats)
            proc_txt, ratio_txt, note, ratio = "-", "-", "", None
            if R.ok:
                cap = B
                if n > 1000:
                    cap = args.proc_cap or (10 if method == "venkatraman" else 200)
                    cap = min(cap, B)
                t_r, stat_r, p_r = R.run(y, a, b, yb, bb, method, cap, paired)
                t_full = t_r * B / cap
                ratio = t_full / t_ours
                proc_txt = fmt_s(t_full)
                if cap < B:
                    note = "scaled from %d replicates (%s s)" % (cap, fmt_s(t_r))
                ratio_txt = fmt_x(ratio)
            rows.append(["%s, n=%s" % (label, fmt_n(n)), fmt_s(t_ours), proc_txt, ratio_txt,
                         "%.4g / %.4g" % (res.statistic, res.pvalue), note])
            verdicts.append((label, n, ratio))
    rep("## roc.test: rocstats vs pROC (n_boot = boot.n = %d)" % B)
    rep()
    rep.table(["test", "rocstats s", "pROC s", "speedup", "rocstats statistic / p",
               "pROC timing note"], rows)
    rep()
    rep("## Target (>= %gx pROC)" % TARGET)
    rep()
    for label, n, ratio in verdicts:
        rep("- %s n=%s: %s" % (label, fmt_n(n), "n/a" if ratio is None else "%s (%s)" % (
            fmt_x(ratio), "PASS" if ratio >= TARGET else "MISS")))
    if args.output:
        rep.write(args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
