"""Kernel layer: choose the C (cffi) implementation or the NumPy fallback.

The C extension is used when it was built and ``ROCSTATS_PURE_PYTHON`` is not set to a
true value.  If the extension is missing the NumPy path is used and a ``RuntimeWarning``
says so once, at import.  ``backend()`` reports the active implementation.

Kernel functions (identical contracts in ``_numpy`` and ``_cffi``):

``split_sort(is_pos, score)``
    ascending scores of each class (C: an O(n) radix sort for large n; NumPy: np.sort);
``split_argsort(is_pos, score)``
    the same plus the sorting permutations within each class (order among ties free);
``auc2u_sorted(pos, neg)``
    twice the Mann-Whitney U from two ascending arrays (int, exact);
``placements_sorted(pos, neg)``
    ``(2U, v10, v01)``, DeLong placement values in the sorted order of each input;
``delong_sums_sorted(pos, neg)``
    ``(2U, sum c10**2, sum c01**2)``, exact integers for the DeLong variance, where
    ``c10 = 2 n v10`` and ``c01 = 2 m v01``;
``auc2u_pairwise(pos, neg)``, ``placements_pairwise(pos, neg)``
    the O(m n) definitions, any order;
``roc_counts_desc(score, wpos, wneg)``
    distinct scores of a descending array with cumulative positive / negative weights.
"""
import os
import warnings

from . import _numpy

def _truthy(value):
    return value is not None and value.strip().lower() not in ("", "0", "false", "no", "off")


def _load():
    if _truthy(os.environ.get("ROCSTATS_PURE_PYTHON")):
        return _numpy, "numpy", "ROCSTATS_PURE_PYTHON is set"
    try:
        from . import _cffi
    except ImportError as exc:  # extension not built
        warnings.warn(
            "rocstats: the C extension is not available (%s); using the slower NumPy "
            "kernels. Reinstall with a C compiler to build it." % exc,
            RuntimeWarning,
            stacklevel=3,
        )
        return _numpy, "numpy", "C extension not importable: %s" % exc
    return _cffi, "cffi", "C extension loaded"


_impl, _BACKEND, _REASON = _load()

split_sort = _impl.split_sort
split_argsort = _impl.split_argsort
auc2u_sorted = _impl.auc2u_sorted
placements_sorted = _impl.placements_sorted
delong_sums_sorted = _impl.delong_sums_sorted
auc2u_pairwise = _impl.auc2u_pairwise
placements_pairwise = _impl.placements_pairwise
roc_counts_desc = _impl.roc_counts_desc


def backend():
    """Name of the active kernel implementation: ``"cffi"`` or ``"numpy"``."""
    return _BACKEND


def backend_info():
    """``(name, reason)``: the active implementation and why it was chosen."""
    return _BACKEND, _REASON


def implementations():
    """Dict of every importable implementation module, for cross-checking in tests."""
    impls = {"numpy": _numpy}
    try:
        from . import _cffi
        impls["cffi"] = _cffi
    except ImportError:
        pass
    return impls


def select_family(name, what):
    """``(module, backend name)`` for a kernel family with modules ``_<name>_cffi`` and
    ``_<name>_numpy`` (the sAUC, AUC-split and surrogate kernels): the C wrappers when the
    active backend is cffi and they import, else the NumPy twin, with one RuntimeWarning
    naming ``what`` if the C side should be there but is not."""
    import importlib

    numpy_mod = importlib.import_module("%s._%s_numpy" % (__name__, name))
    if _BACKEND != "cffi":
        return numpy_mod, "numpy"
    try:
        return importlib.import_module("%s._%s_cffi" % (__name__, name)), "cffi"
    except ImportError as exc:
        warnings.warn("rocstats: %s are not available (%s); using the NumPy twin"
                      % (what, exc), RuntimeWarning, stacklevel=3)
        return numpy_mod, "numpy"


def family_implementations(name):
    """Every importable implementation of a kernel family, for cross-checking in tests."""
    import importlib

    impls = {"numpy": importlib.import_module("%s._%s_numpy" % (__name__, name))}
    try:
        impls["cffi"] = importlib.import_module("%s._%s_cffi" % (__name__, name))
    except ImportError:
        pass
    return impls
