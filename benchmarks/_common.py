"""Helpers shared by the benchmark scripts (run as ``python benchmarks/<script>.py``, so
this directory is on sys.path): timing, machine facts, number formats, and a report that
prints markdown and keeps the lines for ``--output``."""
import gc
import os
import platform
import time

import numpy as np


def best_of(fn, reps):
    """(best seconds, last result) over ``reps`` calls of ``fn``, gc.collect() before each."""
    best, out = float("inf"), None
    for _ in range(reps):
        out = None
        gc.collect()
        t0 = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - t0)
    return best, out


def fmt_s(t):
    return "%.4f" % t if t < 10 else "%.2f" % t


def fmt_x(r):
    return "%.2fx" % r if r < 100 else "%.0fx" % r


def fmt_n(n):
    e = int(round(np.log10(n)))
    return "1e%d" % e if 10 ** e == n else "{:,}".format(n)


def cpu_model():
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def loadavg():
    try:
        return "%.2f %.2f %.2f" % os.getloadavg()
    except OSError:
        return "n/a"


class Report:
    """Call with a line to print it and keep it; ``table(header, rows)`` for markdown."""

    def __init__(self):
        self.lines = []

    def __call__(self, text=""):
        print(text, flush=True)
        self.lines.append(text)

    def table(self, header, rows):
        self("| " + " | ".join(header) + " |")
        self("|" + "|".join("---" if i == 0 else "---:" for i in range(len(header))) + "|")
        for row in rows:
            self("| " + " | ".join(row) + " |")

    def write(self, path):
        """Write every line kept so far to ``path`` (directories created)."""
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        with open(path, "w") as fh:
            fh.write("\n".join(self.lines) + "\n")
        print("\nwritten to %s" % path)


def paired_ratio(base, fn, reps):
    """Median over ``reps`` rounds of time(fn) / time(base), the two timed back to back
    in each round (so a load change on the shared machine hits both), with the best
    time of each: ``(median ratio, best base s, best fn s, last fn result)``."""
    ratios, tb, tf, out = [], [], [], None
    for _ in range(reps):
        gc.collect()
        t0 = time.perf_counter()
        base()
        t1 = time.perf_counter()
        out = None
        gc.collect()
        t2 = time.perf_counter()
        out = fn()
        t3 = time.perf_counter()
        tb.append(t1 - t0)
        tf.append(t3 - t2)
        ratios.append((t3 - t2) / (t1 - t0))
    return float(np.median(ratios)), min(tb), min(tf), out


def numpy_simd():
    """NumPy's CPU features and whether its float64 sort has a SIMD path here.

    NumPy >= 2.0 sorts 64-bit numbers with x86-simd-sort on x86 CPUs with AVX-512
    (Skylake-X and later) or AVX2, and with Highway's VQSort on ARM (ASIMD / SVE); on
    other CPUs np.sort is a scalar introsort.  Returns ``(simd_sort: bool, text)``."""
    try:
        from numpy._core._multiarray_umath import __cpu_baseline__, __cpu_dispatch__, \
            __cpu_features__
    except ImportError:  # pragma: no cover - NumPy 1.x
        from numpy.core._multiarray_umath import __cpu_baseline__, __cpu_dispatch__, \
            __cpu_features__
    on = [k for k, v in __cpu_features__.items() if v]
    # NPY_DISABLE_CPU_FEATURES turns dispatch targets off at import (the features still
    # read True above); a sort dispatched to a disabled target falls back to the scalar
    # introsort, which is how a CPU without SIMD sort is reproduced on one that has it
    off = {f.strip().upper() for f in
           os.environ.get("NPY_DISABLE_CPU_FEATURES", "").replace(",", " ").split() if f}
    major = int(np.__version__.split(".")[0])
    if "AVX512_SKX" in on and major >= 1 and not off & {"AVX512_SKX", "AVX512F", "X86_V4"}:
        path = "x86-simd-sort AVX-512"
    elif "AVX2" in on and major >= 2 and not off & {"AVX2", "X86_V3"}:
        path = "x86-simd-sort AVX2"
    elif ("ASIMD" in on or "SVE" in on) and major >= 2:
        path = "Highway VQSort"
    else:
        path = None
    text = ("baseline %s; dispatch targets %s; CPU has %s; np.sort(float64) SIMD path: %s"
            % (",".join(__cpu_baseline__), ",".join(__cpu_dispatch__),
               ",".join(k for k in on if k.startswith(("AVX", "SSE4", "ASIMD", "SVE", "FMA"))),
               path or "none (scalar introsort)"))
    if off:
        text += "; NPY_DISABLE_CPU_FEATURES=%s" % ",".join(sorted(off))
    return path is not None, text


def sort_choice():
    """The sort rocstats' C kernels picked for large inputs in this process."""
    try:
        from rocstats._kernels.c import roc
    except ImportError:
        return "n/a (no C extension)"
    if not hasattr(roc, "_sort_method"):
        return "radix (fixed: this rocstats has no per-CPU choice)"
    return "%s (ROCSTATS_SORT or a one-time calibration)" % roc._sort_method()
