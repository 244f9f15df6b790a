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
