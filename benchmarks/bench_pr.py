"""Benchmark: the area under the precision-recall curve with its logit interval
(``rocstats.pr_auc(...)`` then ``.conf_int()``, Boyd et al. 2013) against
``rocstats.delong`` (AUC + DeLong variance) on the same data, at n = 1e4 .. 1e6
(target at 1e6: within 1.5x of delong); also scikit-learn's average_precision_score and
every area method for scale.

The CPU is shared: each ratio is the median over rounds of back-to-back timings of the
two calls (``_common.paired_ratio``), so a load change hits both; the best single times
are printed beside it.

    python benchmarks/bench_pr.py [--sizes 1e4,1e5,1e6] [--rounds 9] [--output FILE]
"""
import argparse
import datetime
import os
import platform
import warnings

import numpy as np

import rocstats
from _common import (Report, best_of, cpu_model, fmt_n, fmt_s, fmt_x, loadavg, numpy_simd,
                     paired_ratio)

TARGET = 1.5


def data(n, seed=0):
    rng = np.random.default_rng(seed)
    y = (rng.uniform(size=n) < 0.3).astype(np.int64)
    return y, rng.normal(1.0 * y)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="1e4,1e5,1e6")
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--output", default=None)
    args = ap.parse_args(argv)
    sizes = [int(float(v)) for v in args.sizes.split(",")]
    out = Report()
    out("# pr_auc + logit CI vs delong")
    out()
    out("- date: %s" % datetime.datetime.now().isoformat(timespec="seconds"))
    out("- CPU: %s (%s cores usable); load average %s" % (
        cpu_model(), len(os.sched_getaffinity(0)), loadavg()))
    out("- NumPy %s: %s" % (np.__version__, numpy_simd()[1]))
    out("- rocstats %s, kernels: %s; Python %s" % (rocstats.__version__, rocstats.backend(),
                                                  platform.python_version()))
    out("- shared machine: ratios are medians of %d back-to-back pairs" % args.rounds)
    out()
    rows = []
    for n in sizes:
        y, s = data(n)
        rocstats.delong(y, s)
        rocstats.pr_auc(y, s).conf_int()

        def base():
            return rocstats.delong(y, s)

        def pr():
            r = rocstats.pr_auc(y, s)
            return r, r.conf_int()

        ratio, tb, tf, res = paired_ratio(base, pr, args.rounds)
        verdict = ("%s (target <= %.1fx)" % ("met" if ratio <= TARGET else "NOT met", TARGET)
                   if n == max(sizes) else "")
        rows.append([fmt_n(n), fmt_s(tb), fmt_s(tf), fmt_x(ratio), verdict])
    out.table(["n", "delong s (best)", "pr_auc + logit CI s (best)", "ratio (median of pairs)",
               "target"], rows)
    out()
    n = max(sizes)
    y, s = data(n)
    rows = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        tb, _ = best_of(lambda: rocstats.delong(y, s), 3)
        for m in ("interpolated", "average_precision", "trapezoid"):
            t, _ = best_of(lambda: rocstats.pr_auc(y, s, method=m), 3)
            rows.append(["pr_auc(method=%r)" % m, fmt_s(t), fmt_x(t / tb)])
        t, _ = best_of(lambda: rocstats.pr_curve(y, s), 3)
        rows.append(["pr_curve (every threshold)", fmt_s(t), fmt_x(t / tb)])
        try:
            from sklearn.metrics import average_precision_score

            t, _ = best_of(lambda: average_precision_score(y, s), 3)
            rows.append(["sklearn average_precision_score", fmt_s(t), fmt_x(t / tb)])
        except ImportError:  # pragma: no cover
            pass
    out("At n = %s (best of 3, single timings: noisier than the pairs above):" % fmt_n(n))
    out()
    out.table(["call", "seconds", "x delong"], rows)
    if args.output:
        out.write(args.output)


if __name__ == "__main__":
    main()
