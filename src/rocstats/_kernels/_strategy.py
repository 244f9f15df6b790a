"""How the kernels run, decided in one place: the environment variables, the choice of
sort, and the second thread.

The kernel families (`rocstats._kernels.c`, `rocstats._kernels.numpy`) compute;
this module decides *how*, so that the two sides of a family export the same names and no
statistic has to probe a family for a fast path.

Environment variables (read here and nowhere else)
    ``ROCSTATS_PURE_PYTHON``   a true value forces the NumPy twins (`pure_python`)
    ``ROCSTATS_SORT``          ``numpy`` or ``radix`` forces the sort of large inputs
                               (`sort_method`); otherwise it is measured once
    ``ROCSTATS_NUM_THREADS``   ``1`` keeps every kernel on the calling thread
                               (`threads_allowed`)

The sort (issue 14).  NumPy's sort is a SIMD sort on some CPUs (x86-simd-sort with
AVX-512 or AVX2, Highway's VQSort on ARM) and a plain introsort on others, so which of
NumPy's sort and the C radix sort is faster depends on the CPU: `sort_method`
decides once per process by timing both on the same 2^17 scores.  Every choice gives the
same sorted values, so no result depends on it.

The second thread.  Two independent halves of a job (the two classes' sorts, a sweep's
two directions, two scores) run on the calling thread and one worker thread when the
process may use two CPUs (`both`); NumPy's sort and the cffi calls release the GIL.
"""
import os
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import numpy as np

__all__ = ["RADIX_MIN_SIZE", "truthy", "pure_python", "sort_method", "threads_allowed",
           "both", "second_thread"]

#: below this size the NumPy twins' comparison sorts on masked copies are used: the
#: 4 x 65536-bucket radix passes and the thread hand-off do not pay
RADIX_MIN_SIZE = 1 << 15
_CALIBRATION_SIZE = 1 << 17
_THREAD_PREFIX = "rocstats-sort"

_sort_choice = None
_pool = None
_pool_pid = None


def truthy(value):
    """True for an environment value that means yes (not "", "0", "false", "no", "off")."""
    return value is not None and value.strip().lower() not in ("", "0", "false", "no", "off")


def pure_python():
    """True when ``ROCSTATS_PURE_PYTHON`` asks for the NumPy twins."""
    return truthy(os.environ.get("ROCSTATS_PURE_PYTHON"))


def _calibrate(numpy_sort, radix_sort):
    """``"numpy"`` or ``"radix"``: whichever split-sorts 2^17 normal scores faster here
    (best of 5 interleaved timings of each).  ``numpy_sort`` / ``radix_sort`` take
    ``(mask, scores)``."""
    rng = np.random.default_rng(14)
    x = rng.standard_normal(_CALIBRATION_SIZE)
    mask = rng.random(x.size) < 0.5
    best = {"numpy": float("inf"), "radix": float("inf")}
    for _ in range(5):
        t0 = time.perf_counter()
        numpy_sort(mask, x)
        t1 = time.perf_counter()
        radix_sort(mask, x)
        t2 = time.perf_counter()
        best["numpy"] = min(best["numpy"], t1 - t0)
        best["radix"] = min(best["radix"], t2 - t1)
    return "numpy" if best["numpy"] <= best["radix"] else "radix"


def sort_method(numpy_sort=None, radix_sort=None):
    """The sort used for large inputs, ``"numpy"`` or ``"radix"``: ``ROCSTATS_SORT`` if
    set to one of them, else measured once per process with the two split-sorts given
    (the C family passes its own; without them, and before any measurement, "numpy")."""
    global _sort_choice
    if _sort_choice is None:
        env = os.environ.get("ROCSTATS_SORT", "").strip().lower()
        if env in ("numpy", "radix"):
            _sort_choice = env
        elif numpy_sort is None or radix_sort is None:
            return "numpy"
        else:
            _sort_choice = _calibrate(numpy_sort, radix_sort)
    return _sort_choice


def threads_allowed():
    """True when two halves of a job may run concurrently: two usable CPUs,
    ``ROCSTATS_NUM_THREADS`` not 1, and not called from the second thread itself (its pool
    has one worker: a job submitted from it would wait for itself, so nested two-thread
    work runs on the calling thread)."""
    if os.environ.get("ROCSTATS_NUM_THREADS", "").strip() == "1":
        return False
    if threading.current_thread().name.startswith(_THREAD_PREFIX):
        return False
    try:
        return len(os.sched_getaffinity(0)) >= 2
    except AttributeError:  # pragma: no cover - not Linux
        return (os.cpu_count() or 1) >= 2


def second_thread():
    """The one-worker pool that runs the other half of a two-thread job (remade after a
    fork)."""
    global _pool, _pool_pid
    if _pool is None or _pool_pid != os.getpid():
        _pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix=_THREAD_PREFIX)
        _pool_pid = os.getpid()
    return _pool


def both(f, a, b, size=None):
    """``(f(a), f(b))``, on two threads when allowed and the work is large: ``size``
    (default ``a.size + b.size``) at least `RADIX_MIN_SIZE`."""
    if (a.size + b.size if size is None else size) < RADIX_MIN_SIZE or not threads_allowed():
        return f(a), f(b)
    fut = second_thread().submit(f, a)
    rb = f(b)
    return fut.result(), rb
