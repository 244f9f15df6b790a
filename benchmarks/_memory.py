"""Child process of ``bench_auc.py --memory-n``: peak memory of one rocstats call beyond
its inputs.

Usage: ``python benchmarks/_memory.py N VARIANT FUNC`` (VARIANT continuous | tied, FUNC
delong | auc).  Builds int64 labels (half positives) and float64 scores, calls FUNC once
on 1e5 rows (imports, the sort calibration), then resets the kernel's high-water mark
(``/proc/self/clear_refs`` = 5) and calls FUNC on all N rows.  Prints one line:
``seconds rss_peak_beyond_inputs tracemalloc_peak scores_bytes`` (bytes).  The RSS
figure covers every allocation (C malloc included); tracemalloc sees NumPy's.
"""
import gc
import sys
import time
import tracemalloc

import numpy as np

import rocstats


def _status(key):
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith(key):
                return int(line.split()[1]) * 1024
    raise KeyError(key)


def main():
    n, variant, func = int(float(sys.argv[1])), sys.argv[2], sys.argv[3]
    fn = getattr(rocstats, func)
    rng = np.random.default_rng(14)
    y = (rng.random(n) < 0.5).astype(np.int64)
    x = rng.standard_normal(n)
    x += y
    if variant == "tied":
        np.floor(x * 20.0, out=x)
        x /= 20.0
    fn(y[:100_000], x[:100_000])
    gc.collect()
    base = _status("VmRSS")
    with open("/proc/self/clear_refs", "w") as fh:
        fh.write("5")
    tracemalloc.start()
    t0 = time.perf_counter()
    fn(y, x)
    sec = time.perf_counter() - t0
    peak_tm = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    print(sec, _status("VmHWM") - base, peak_tm, x.nbytes)


if __name__ == "__main__":
    main()
