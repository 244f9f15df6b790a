#!/usr/bin/env python
"""Timing benchmark: rocstats.sauc (sAUC + R+/R- + variance) vs rocstats.delong and np.sort.

One run prints markdown tables (and optionally writes them to ``--output``): for each n in
``--sizes`` (default 1e6 and 1e7; half positives) and each score variant ("continuous":
probit scores Phi(Z), Z ~ N(0, 1), positives shifted by 1; "tied": the same rounded to
0.01, 101 distinct values), the time of

* ``np.sort`` of the scores (the floor of any sort-based method),
* ``rocstats.delong`` (AUC + DeLong variance; the reference: target sauc <= 2x delong),
* ``rocstats.sauc`` (sAUC, AUC, R+, R-, M+, M-, variance),
* ``rocstats.margin_auc`` at 11 margins (target <= 1.5x delong, issue 14) and
  ``rocstats.sauc_test`` (paired, two scores; target <= 2x delong of one score),

and the floor of ``sauc_test``'s design (:func:`permute_floor`: per score a sort, one
gather and one scatter of n doubles by a permutation, two threads, no arithmetic),
on the same data, best of r repeats (``time.perf_counter``, ``gc.collect()`` before each
call).  The AUC from ``rocstats.sauc`` is cross-checked against ``rocstats.delong``.

Usage::

    python benchmarks/bench_sauc.py --quick           # n = 1e5 smoke test
    python benchmarks/bench_sauc.py --output benchmarks/results/sauc_latest.md
"""
import argparse
import datetime
import gc
import os
import platform
import sys
import time

import numpy as np
from scipy import special

import rocstats
from _common import (Report, best_of, cpu_model, fmt_n, loadavg, numpy_simd, paired_ratio,
                     sort_choice)

TARGET_DELONG = 2.0   # rocstats.sauc / rocstats.delong <= 2x
TARGET_TEST = 2.0     # rocstats.sauc_test (two scores) / rocstats.delong (one) <= 2x
TARGET_MARGIN = 1.5   # rocstats.margin_auc (11 margins) / rocstats.delong <= 1.5x


def bench(rep, y, x, x2, n, variant, reps, targets):
    rep("### n = %s, %s scores" % (fmt_n(n), variant))
    rep()
    t = {}
    taus = np.linspace(0, 1, 11)
    for warm in (lambda: rocstats.delong(y, x), lambda: rocstats.sauc(y, x),   # one call
                 lambda: rocstats.margin_auc(y, x, taus),                     # each first
                 lambda: rocstats.sauc_test(y, x, x2)):
        warm()
    t["sort"], _ = best_of(lambda: np.sort(x), reps)
    t["delong"], dl = best_of(lambda: rocstats.delong(y, x), reps)
    t["sauc"], sa = best_of(lambda: rocstats.sauc(y, x), reps)
    t["margin"], _ = best_of(lambda: rocstats.margin_auc(y, x, taus), reps)
    t["test"], te = best_of(lambda: rocstats.sauc_test(y, x, x2), max(1, reps - 1))
    rows = [
        ["np.sort(scores) (floor)", t["sort"]],
        ["rocstats.delong (AUC + var)", t["delong"]],
        ["**rocstats.sauc** (sAUC + R+/R- + var)", t["sauc"]],
        ["rocstats.margin_auc (11 margins)", t["margin"]],
        ["rocstats.sauc_test (two scores, paired)", t["test"]],
    ]
    rep.table(["method", "seconds", "ratio to np.sort", "ratio to rocstats.delong"],
              [[name, "%.4f" % s, "%.2fx" % (s / t["sort"]), "%.2fx" % (s / t["delong"])]
               for name, s in rows])
    rep()
    rep("sAUC = %.10f, se = %.3e, AUC = %.10f (|AUC - delong AUC| = %.1e); sauc_test z = %.3f"
        % (sa.sauc, sa.se, sa.auc, abs(sa.auc - dl.auc), te.statistic))
    rep()
    name = "n=%s %s" % (fmt_n(n), variant)
    ratios = {}
    for key, fn, goal in (("sauc", lambda: rocstats.sauc(y, x), TARGET_DELONG),
                          ("margin_auc (11 margins)",
                           lambda: rocstats.margin_auc(y, x, taus), TARGET_MARGIN),
                          ("sauc_test", lambda: rocstats.sauc_test(y, x, x2), TARGET_TEST)):
        ratios[key] = paired_ratio(lambda: rocstats.delong(y, x), fn, reps)[0]
        targets.append(("%s: %s" % (name, key), ratios[key], goal))
    rep("Ratios to rocstats.delong, median of %d back-to-back pairs (the targets' measure): %s"
        % (reps, ", ".join("%s %.2fx" % kv for kv in ratios.items())))
    rep()
    if variant != "continuous":     # tied scores take the hashing path: no sort at all
        return
    floor = permute_floor(x, x2, y, reps)
    rep("Floor of the paired test's design (`permute_floor` in bench_sauc.py, no sAUC arithmetic): "
        "%.4f s, %.2fx rocstats.delong (median of %d back-to-back pairs); "
        "rocstats.sauc_test is %.2fx this floor."
        % (floor[1], floor[0], reps, t["test"] / floor[1]))
    rep()


def permute_floor(x, x2, y, reps):
    """``(ratio to delong, seconds)`` of the data movement any ``sauc_test`` built like
    rocstats' must do, with nothing else: per score, the scores sorted (in place, in a
    buffer allocated beforehand), one gather and one scatter of n doubles by a random
    permutation (the sorted values' cases: recovering each sorted value's case and
    writing the components back in case order), the two scores on two threads as in
    ``sauc_test``.  NumPy's sort, ``take`` and fancy assignment release the GIL.  This
    is a lower bound of that design (no page faults, no label split, no sums), not of
    every possible method."""
    from concurrent.futures import ThreadPoolExecutor
    n = x.size
    rng = np.random.default_rng(7)
    work = [(x, rng.permutation(n), np.empty(n), np.empty(n), np.empty(n)),
            (x2, rng.permutation(n), np.empty(n), np.empty(n), np.empty(n))]

    def one(args):
        score, perm, buf, got, out = args
        np.copyto(buf, score)
        buf.sort()
        np.take(buf, perm, out=got, mode="clip")   # "raise" buffers the output
        out[perm] = got
        return out

    with ThreadPoolExecutor(max_workers=1) as pool:
        def both():
            fut = pool.submit(one, work[0])
            one(work[1])
            fut.result()
        for w in work:      # first touch of the buffers outside the timings
            one(w)
        sec, _ = best_of(both, reps)
        ratio = paired_ratio(lambda: rocstats.delong(y, x), both, reps)[0]
    return ratio, sec


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="n = 1e5 only, 2 repeats")
    ap.add_argument("--sizes", default="1e6,1e7")
    ap.add_argument("--variants", default="continuous,tied")
    ap.add_argument("--repeats", type=int, default=None,
                    help="default 5 for n <= 1e6, else 3")
    ap.add_argument("--seed", type=int, default=20240601)
    ap.add_argument("--output", default=None)
    args = ap.parse_args(argv)
    sizes = [100_000] if args.quick else [int(float(s)) for s in args.sizes.split(",") if s]
    variants = [v for v in args.variants.split(",") if v]

    rep = Report()
    rep("# rocstats scored-AUC benchmark")
    rep()
    rep("- date: %s" % datetime.datetime.now().strftime("%Y-%m-%d %H:%M"))
    rep("- machine: %s, %s logical cores, %s, load average at start %s"
        % (cpu_model(), os.cpu_count(), platform.platform(), loadavg()))
    rep("- python %s, numpy %s; rocstats %s, backend %s (%s)"
        % ((platform.python_version(), np.__version__, rocstats.__version__)
           + rocstats.backend_info()))
    rep("- numpy SIMD: %s" % numpy_simd()[1])
    rep("- rocstats sort for large inputs: %s" % sort_choice())
    rep("- timing: best of r repeats (time.perf_counter, gc.collect() before each call); "
        "same data for every method; seed %d; half positives" % args.seed)
    rep("- note: shared machine (other jobs may run concurrently); compare the load averages")
    rep()
    targets = []
    t0 = time.perf_counter()
    for n in sizes:
        reps = args.repeats or (2 if args.quick else (5 if n <= 1_000_000 else 3))
        rng = np.random.default_rng(args.seed + n)
        y = np.zeros(n, dtype=np.int64)
        y[: n // 2] = 1
        rng.shuffle(y)
        z = rng.standard_normal(n) + y
        base = special.ndtr(z)
        base2 = special.ndtr(0.7 * z + 0.7 * rng.standard_normal(n))
        del z
        for variant in variants:
            if variant == "continuous":
                x, x2 = base, base2
            elif variant == "tied":
                x, x2 = np.round(base, 2), np.round(base2, 2)
            else:
                ap.error("unknown variant %r" % variant)
            bench(rep, y, x, x2, n, variant, reps, targets)
            del x, x2
        del y, base, base2
        gc.collect()
    rep("## Targets (ratio to rocstats.delong of one score, median of back-to-back pairs)")
    rep()
    for name, r, goal in targets:
        rep("- %s = %.2fx (target <= %gx: %s)" % (name, r, goal, "PASS" if r <= goal else "MISS"))
    rep()
    rep("**targets: %s**" % ("PASS" if all(r <= g for _, r, g in targets) else "MISS"))
    rep()
    rep("_total wall time %.0f s; load average at end %s_" % (time.perf_counter() - t0, loadavg()))
    if args.output:
        rep.write(args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
