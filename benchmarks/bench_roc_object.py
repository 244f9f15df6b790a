"""The ROC object (issue 22): what one sort buys.

``r = rocstats.roc(y, s)`` validates and sorts once; its methods reuse that sort.  The
table gives, at each n, paired back-to-back ratios (median over the rounds, the two
timed one after the other so that the shared machine's load hits both):

* ``r.ci()``, ``r.coords("best")``, ``r.auc(partial=...)`` / the same function on raw
  data (target <= 0.2x);
* ``r1.test(r2)`` (paired DeLong, both sorts reused) / one ``rocstats.delong(y, s)`` on
  raw data (target <= 1x);
* ``rocstats.delong(y, s)`` / ``np.sort(s)`` for continuous and tied scores (the floor:
  one sort of the data; target <= 1.5x);
* the construction ``rocstats.roc(y, s)`` / ``rocstats.delong(y, s)`` (what the sort
  costs once).

The CPU model, NumPy's SIMD sort path, the sort rocstats chose and the load average are
printed with the table: ratios measured here hold for this machine at this load.

Usage::

    python benchmarks/bench_roc_object.py [--sizes 1e5 1e6] [--rounds 7]
        [--output benchmarks/results/roc_object_latest.md]
"""
import argparse
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import rocstats  # noqa: E402
from _common import Report, cpu_model, fmt_n, fmt_x, loadavg, numpy_simd, paired_ratio  # noqa: E402


def _sort_choice():
    from rocstats._kernels import _strategy

    return _strategy.sort_method() if rocstats.backend() == "cffi" else "numpy twins"


def data(n, seed=22):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.4).astype(np.int64)
    a = rng.normal(size=n) + y
    b = 0.5 * a + rng.normal(size=n) + 0.3 * y
    tied = np.round(a * 10) / 10           # about 100 distinct values
    return y, a, b, tied


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", nargs="+", type=float, default=[1e5, 1e6])
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--n-boot", type=int, default=200)
    ap.add_argument("--output")
    args = ap.parse_args(argv)
    rep = Report()
    _, simd = numpy_simd()
    rep("## The ROC object: sorted once (issue 22)")
    rep()
    rep("- CPU: %s; %d usable CPUs; load average before: %s" % (
        cpu_model(), len(os.sched_getaffinity(0)), loadavg()))
    rep("- NumPy %s: %s" % (np.__version__, simd))
    rep("- rocstats backend %s, sort of large inputs: %s" % (rocstats.backend(), _sort_choice()))
    rep("- ratios: median of %d back-to-back rounds; bootstrap CIs with %d replicates"
        % (args.rounds, args.n_boot))
    rep()
    rows = []
    for n in (int(v) for v in args.sizes):
        y, a, b, tied = data(n)
        r1, r2 = rocstats.roc(y, a), rocstats.roc(y, b)
        rt = rocstats.roc(y, tied)
        boot = dict(method="bootstrap", n_boot=args.n_boot, random_state=1)
        cases = [
            ("r.ci() / ci_auc(y, s)  [DeLong]", lambda: rocstats.ci_auc(y, a), lambda: r1.ci(),
             0.2),
            ("r.ci(bootstrap) / ci_auc(y, s, bootstrap)",
             lambda: rocstats.ci_auc(y, a, **boot), lambda: r1.ci(**boot), None),
            ("r.coords('best') / coords(y, s, 'best')", lambda: rocstats.coords(y, a, "best"),
             lambda: r1.coords("best"), 0.2),
            ("r.auc(partial=(0.8, 1)) / auc(y, s, partial=...)",
             lambda: rocstats.auc(y, a, partial=(0.8, 1)), lambda: r1.auc((0.8, 1)), 0.2),
            ("r1.test(r2) / delong(y, s)  [paired DeLong]", lambda: rocstats.delong(y, a),
             lambda: r1.test(r2), 1.0),
            ("roc_test(y, a, b) / delong(y, s)  [raw data]", lambda: rocstats.delong(y, a),
             lambda: rocstats.roc_test(y, a, b), None),
            ("rocstats.roc(y, s) / delong(y, s)  [the one sort]",
             lambda: rocstats.delong(y, a), lambda: rocstats.roc(y, a), None),
            ("delong(y, s) / np.sort(s)  continuous", lambda: np.sort(a),
             lambda: rocstats.delong(y, a), 1.5),
            ("delong(y, s) / np.sort(s)  tied (100 values)", lambda: np.sort(tied),
             lambda: rocstats.delong(y, tied), 1.5),
            ("rt.coords('best') / coords(y, s, 'best')  tied",
             lambda: rocstats.coords(y, tied, "best"), lambda: rt.coords("best"), 0.2),
        ]
        for label, base, fn, target in cases:
            ratio, tb, tf, _ = paired_ratio(base, fn, args.rounds)
            ok = "" if target is None else ("yes" if ratio <= target else "NO")
            rows.append([fmt_n(n), label, "%.4f" % tb, "%.4f" % tf, fmt_x(ratio),
                         "" if target is None else "<= %gx" % target, ok])
    rep.table(["n", "comparison (new / reference)", "reference s", "new s", "ratio",
               "target", "met"], rows)
    rep()
    rep("- load average after: %s (2 cores shared with other jobs: ratios, not seconds, "
        "are the result)" % loadavg())
    if args.output:
        rep.write(args.output)


if __name__ == "__main__":
    main()
