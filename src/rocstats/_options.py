"""The options every statistic shares, checked in one place: the float64 policy of data
arrays, case weights (one validator), the confidence level, the alternative, the number
of bootstrap replicates, the seed and the threads.

Every failure is a ``ValueError`` whose message starts with the option's name.  The data
themselves (labels, scores) are read by `rocstats._sample`, which uses the float64
policy here.
"""
import os

import numpy as np

from . import _validation
from ._validation import check_number

__all__ = ["ALTERNATIVES", "WEIGHT_TYPES", "MAX_N_BOOT", "as_float_array", "check_finite",
           "check_level", "check_alternative", "check_n_boot", "check_stratified",
           "resolve_seed", "resolve_jobs", "is_client", "check_weight_type",
           "check_sample_weight"]

#: H1 of the AUC tests: the difference (or the AUC minus the null) != 0, > 0, < 0
ALTERNATIVES = ("two-sided", "greater", "less")
#: how case weights are read (see `rocstats.curves._weighted`)
WEIGHT_TYPES = ("frequency", "sampling")
#: the largest number of bootstrap replicates: each replicate's statistics are kept (a
#: float64 per statistic and replicate: 0.8 GB per statistic at the limit)
MAX_N_BOOT = 10 ** 8

# the float64 policy: finite float64 C-contiguous arrays, integers beyond 2**53, strings,
# dates and complex numbers refused by name (defined beside the label reader, which
# shares its checks)
as_float_array = _validation.as_float_array
check_finite = _validation.check_finite


def check_level(level):
    """The confidence level: a real number strictly between 0 and 1."""
    return check_number(level, "level", low=0.0, high=1.0, low_open=True, high_open=True,
                        what="a number strictly between 0 and 1")


def check_alternative(alternative, allowed=ALTERNATIVES):
    """One of ``allowed`` (default: "two-sided", "greater", "less")."""
    if not isinstance(alternative, str) or alternative not in allowed:
        raise ValueError("alternative must be one of %s, got %r" % (allowed, alternative))
    return alternative


def check_n_boot(n_boot, name="n_boot"):
    """A number of replicates (or permutations): an integer in [1, MAX_N_BOOT] (an
    integral float such as 2e3 is accepted)."""
    if isinstance(n_boot, (bool, np.bool_)) or not isinstance(n_boot, (int, np.integer)):
        if isinstance(n_boot, (float, np.floating)) and float(n_boot).is_integer():
            n_boot = int(n_boot)
        else:
            raise ValueError("%s must be a positive integer, got %r" % (name, n_boot))
    if n_boot < 1:
        raise ValueError("%s must be at least 1, got %r" % (name, n_boot))
    if n_boot > MAX_N_BOOT:
        raise ValueError("%s must be at most %d (every replicate's statistics are kept "
                         "in memory), got %r" % (name, MAX_N_BOOT, n_boot))
    return int(n_boot)


def check_stratified(stratified):
    if not isinstance(stratified, (bool, np.bool_)):
        raise ValueError("stratified must be True or False, got %r" % (stratified,))
    return bool(stratified)


def resolve_seed(random_state):
    """A 64-bit seed from ``random_state``: None (fresh entropy), an int in
    [0, 2**64), a ``numpy.random.Generator`` or ``RandomState`` (one draw from it)."""
    if random_state is None:
        return int(np.random.SeedSequence().generate_state(1, dtype=np.uint64)[0])
    if isinstance(random_state, (bool, np.bool_)):
        raise ValueError("random_state must be None, an int or a numpy random generator, "
                         "got %r" % (random_state,))
    if isinstance(random_state, (int, np.integer)):
        value = int(random_state)
        if not 0 <= value < 2 ** 64:
            raise ValueError("random_state must be an int in [0, 2**64), got %r" % (value,))
        return value
    if isinstance(random_state, np.random.Generator):
        return int(random_state.integers(0, 2 ** 64, dtype=np.uint64))
    if isinstance(random_state, np.random.RandomState):
        return int(random_state.randint(0, 2 ** 63, dtype=np.int64))
    raise ValueError("random_state must be None, an int or a numpy random generator, got %r"
                     % (random_state,))


def is_client(obj):
    """True for a ``dask.distributed.Client`` (duck-typed: no import of distributed)."""
    return type(obj).__name__ == "Client" and hasattr(obj, "map") and hasattr(obj, "gather")


def resolve_jobs(n_jobs):
    """Threads: None -> 1; k > 0 -> k; -1 -> every usable CPU, -2 -> all but one, ...;
    a ``dask.distributed.Client`` is kept: the replicates then run on its cluster."""
    if n_jobs is None:
        return 1
    if is_client(n_jobs):
        return n_jobs
    if isinstance(n_jobs, (bool, np.bool_)) or not isinstance(n_jobs, (int, np.integer)) \
            or n_jobs == 0:
        raise ValueError("n_jobs must be None or a non-zero integer (-1: every CPU), got %r"
                         % (n_jobs,))
    if n_jobs > 0:
        return int(n_jobs)
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        cpus = os.cpu_count() or 1
    return max(1, cpus + 1 + int(n_jobs))


def check_weight_type(weight_type):
    if weight_type not in WEIGHT_TYPES:
        raise ValueError("weight_type must be one of %s, got %r" % (WEIGHT_TYPES, weight_type))
    return weight_type


def check_sample_weight(sample_weight, n_rows, weight_type=None, *, what="y_score"):
    """The one validator of case weights: finite (the float64 policy), non-negative, one
    per row, not all zero, and whole numbers for ``weight_type="frequency"``
    (``weight_type=None``: any non-negative numbers; a curve reads them as proportions).
    Returns them as float64."""
    if weight_type is not None:
        check_weight_type(weight_type)
    w = as_float_array(sample_weight, "sample_weight")
    if w.shape[0] != n_rows:
        raise ValueError("sample_weight has %d rows but %s has %d"
                         % (w.shape[0], what, n_rows))
    bad = np.count_nonzero(w < 0)
    if bad:
        raise ValueError("sample_weight must be non-negative (got %d negative entries)" % bad)
    if weight_type is None:
        return w
    if not (w > 0).any():
        raise ValueError("sample_weight is zero everywhere: no observation carries weight")
    if weight_type == "frequency":
        frac = np.flatnonzero(w != np.floor(w))
        if frac.size:
            raise ValueError(
                "sample_weight must hold whole numbers for weight_type='frequency' (entry %d "
                "is %r); for survey / inverse-probability weights pass "
                "weight_type='sampling'" % (frac[0], float(w[frac[0]])))
    return w
