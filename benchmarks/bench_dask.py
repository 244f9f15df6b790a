#!/usr/bin/env python
"""Benchmark of rocstats.dask (issue 14): 1 vs 2 workers, and an out-of-core run.

One run prints markdown tables (and optionally writes them to ``--output``):

* **scaling**: ``rocstats.delong`` in memory (NumPy arrays) against
  ``rocstats.dask.delong`` of the same data held as a dask array, on a
  ``LocalCluster`` of 1 and then 2 worker processes (one thread each); ratios to the
  in-memory time and 1-worker / 2-worker speedup.  The AUC and variance must be equal
  (exactly) in every row.
* **out of core**: ``--ooc-n`` rows (default 3e8) generated lazily block by block (each
  block from its own seeded generator: labels Bernoulli(0.4), integer-valued scores on
  [0, 2**20) so that ties occur), on 2 workers limited to ``--memory-limit`` (1 GB) each:
  the data (``--ooc-n`` x 9 bytes) do not fit, the workers spill to disk.  The result is
  checked against the **in-memory answer computed in pieces**: block by block in the
  driver, the per-value counts of positives and negatives (``np.bincount``) are summed,
  and 2U, sum c10^2, sum c01^2 follow from the counts in exact integers, with no sort
  (the definition of the U statistic by value counts); AUC and DeLong variance must be
  equal exactly.

The machine is shared (2 cores, several agents): read the ratios, not the absolute
times.  The header prints the CPU model, NumPy's SIMD features and the load.

Usage::

    .venv/bin/python benchmarks/bench_dask.py --output benchmarks/results/dask_latest.md
    .venv/bin/python benchmarks/bench_dask.py --quick       # small sizes
"""
import argparse
import datetime
import platform
import sys
import tempfile
import time

import numpy as np

import rocstats
from _common import Report, cpu_model, fmt_n, fmt_s, fmt_x, loadavg

K_VALUES = 1 << 20


def simd_features():
    try:
        from numpy._core._multiarray_umath import __cpu_baseline__, __cpu_features__
    except ImportError:  # NumPy < 2
        from numpy.core._multiarray_umath import __cpu_baseline__, __cpu_features__
    return " ".join(__cpu_baseline__), " ".join(k for k, v in __cpu_features__.items() if v)


def gen_block(block_id, rows, what):
    """Block ``block_id`` of the out-of-core data (deterministic): labels or scores."""
    rng = np.random.default_rng([block_id, 14])
    y = rng.random(rows) < 0.4
    if what == "y":
        return y
    z = rng.standard_normal(rows) + 0.7 * y
    if what == "c":                                     # continuous scores
        return z
    return np.clip(np.floor(z * 2 ** 17 + 2 ** 19), 0, K_VALUES - 1)


def lazy_data(n, block, continuous=False):
    import dask.array as da

    sizes = [block] * (n // block) + ([n % block] if n % block else [])
    chunks = (tuple(sizes),)

    def make(what, dtype):
        def fn(block_info=None):
            info = block_info[None]
            return gen_block(info["chunk-location"][0], info["chunk-shape"][0], what)
        return da.map_blocks(fn, dtype=dtype, chunks=chunks, meta=np.empty(0, dtype))
    return make("y", bool), make("c" if continuous else "s", float), sizes


def in_pieces(sizes):
    """Exact (m, n, 2U, Q10, Q01) from per-value counts summed block by block."""
    cp = np.zeros(K_VALUES, dtype=np.int64)
    cn = np.zeros(K_VALUES, dtype=np.int64)
    for i, rows in enumerate(sizes):
        y = gen_block(i, rows, "y")
        s = gen_block(i, rows, "s").astype(np.int64)
        cp += np.bincount(s[y], minlength=K_VALUES)
        cn += np.bincount(s[~y], minlength=K_VALUES)
    m, n = int(cp.sum()), int(cn.sum())
    below_n = np.r_[0, np.cumsum(cn)[:-1]]                # negatives strictly below
    above_p = m - np.cumsum(cp)                          # positives strictly above
    c10 = 2 * below_n + cn                               # per positive at value v
    c01 = 2 * above_p + cp                               # per negative at value v
    u2 = sum(int(a) * int(b) for a, b in zip(cp[cp > 0], c10[cp > 0]))
    q10 = sum(int(a) * int(b) ** 2 for a, b in zip(cp[cp > 0], c10[cp > 0]))
    q01 = sum(int(a) * int(b) ** 2 for a, b in zip(cn[cn > 0], c01[cn > 0]))
    return m, n, u2, q10, q01


def cluster(workers, memory_limit, tmp):
    from distributed import Client, LocalCluster

    cl = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                      dashboard_address=None, memory_limit=memory_limit,
                      local_directory=tmp, silence_logs=40)
    return cl, Client(cl)


def timed(fn):
    t0 = time.perf_counter()
    out = fn()
    return time.perf_counter() - t0, out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    ap.add_argument("--n", type=float, default=2e7, help="rows of the scaling table")
    ap.add_argument("--block", type=float, default=2e6, help="rows per block (scaling)")
    ap.add_argument("--ooc-n", type=float, default=3e8, help="rows of the out-of-core run")
    ap.add_argument("--ooc-block", type=float, default=5e6)
    ap.add_argument("--ooc-buckets", type=int, default=None,
                    help="n_buckets of the out-of-core run (default: one per block)")
    ap.add_argument("--memory-limit", default="1GB", help="per worker, out-of-core run")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--output")
    a = ap.parse_args(argv)
    if a.quick:
        a.n, a.block, a.ooc_n, a.ooc_block = 2e6, 2e5, 2e7, 2e6
    import dask
    import distributed

    import rocstats.dask as rd

    rep = Report()
    base, found = simd_features()
    rep("# rocstats.dask benchmark (%s)" % datetime.datetime.now(datetime.timezone.utc)
        .strftime("%Y-%m-%d %H:%M UTC"))
    rep()
    rep("- CPU: %s; load average %s; Python %s, NumPy %s, dask %s, distributed %s"
        % (cpu_model(), loadavg(), platform.python_version(), np.__version__,
           dask.__version__, distributed.__version__))
    rep("- NumPy SIMD baseline: %s; found: %s" % (base, found))
    rep("- rocstats backend: %s" % rocstats.backend())
    rep()

    # ------------------------------------------------------------------ scaling
    n, block = int(a.n), int(a.block)
    Yg, Sg, sizes = lazy_data(n, block, continuous=True)
    y = np.concatenate([gen_block(i, r, "y") for i, r in enumerate(sizes)])
    s = np.concatenate([gen_block(i, r, "c") for i, r in enumerate(sizes)])
    t_mem, ref = timed(lambda: rocstats.delong(y, s))
    rows = []
    times = {}
    with tempfile.TemporaryDirectory() as tmp:
        for workers in (1, 2):
            cl, client = cluster(workers, None, tmp)
            try:
                Y, S = Yg.persist(), Sg.persist()
                distributed.wait([Y, S])
                rd.auc(Y[:1000], S[:1000])                       # warm the workers
                t, got = timed(lambda: rd.delong(Y, S))
                assert got.auc == ref.auc and got.variance == ref.variance, "not exact"
                times[workers] = t
                rows.append(["rocstats.dask.delong, %d worker%s" % (workers, "s" * (workers > 1)),
                             fmt_n(n), fmt_s(t), fmt_x(t / t_mem), "yes"])
            finally:
                client.close()
                cl.close()
    rep("## 1 vs 2 workers (continuous scores generated and persisted on the workers, %s "
        "blocks of %s rows)" % (len(sizes), fmt_n(block)))
    rep()
    rep.table(["run", "n", "seconds", "x in-memory delong", "exact"],
              [["rocstats.delong (in memory)", fmt_n(n), fmt_s(t_mem), "1.00x", "-"]] + rows)
    rep()
    rep("2 workers vs 1: %.2fx faster" % (times[1] / times[2]))
    rep()

    # ------------------------------------------------------------------ out of core
    N, ob = int(a.ooc_n), int(a.ooc_block)
    Yl, Sl, sizes = lazy_data(N, ob)
    rep("## Out of core: %s rows (%.2f GB of scores and labels) on 2 workers of %s each "
        "(%d blocks of %s rows)" % (fmt_n(N), N * 9 / 1e9, a.memory_limit, len(sizes),
                                    fmt_n(ob)))
    rep()
    with tempfile.TemporaryDirectory() as tmp:
        cl, client = cluster(2, a.memory_limit, tmp)
        try:
            t_ooc, got = timed(lambda: rd.delong(Yl, Sl, n_buckets=a.ooc_buckets))
        finally:
            client.close()
            cl.close()
    t_chk, (m, nn, u2, q10, q01) = timed(lambda: in_pieces(sizes))
    from rocstats.curves._delong import exact_delong_variance

    auc_ref = u2 / (2 * m * nn)
    var_ref = exact_delong_variance(u2, q10, q01, m, nn)
    same = got.auc == auc_ref and got.variance == var_ref and (got.n_pos, got.n_neg) == (m, nn)
    rep.table(["computation", "seconds", "AUC", "DeLong variance", "equal"],
              [["rocstats.dask.delong (2 workers, spilling)", fmt_s(t_ooc), repr(got.auc),
                repr(got.variance), "yes" if same else "NO"],
               ["in memory, in pieces (value counts, no sort)", fmt_s(t_chk), repr(auc_ref),
                repr(var_ref), "-"]])
    rep()
    rep("Exact check: 2U = %d of m n = %d x %d pairs; AUC %s." % (u2, m, nn,
        "equal" if got.auc == auc_ref else "DIFFERENT"))
    if a.output:
        rep.write(a.output)
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
