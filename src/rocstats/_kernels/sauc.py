"""Kernel selection for the scored AUC: the C kernels (``_sauc_cffi``) when the active
backend is cffi (:func:`rocstats._kernels.backend`) and they are built, else the NumPy
twin (``_sauc_numpy``).  ``ROCSTATS_PURE_PYTHON=1`` forces NumPy for both layers.

Functions (identical contracts in both modules):

``sauc_sweep(pos, neg, components=True)``
    ``(2U, out, v, w)`` from ascending arrays in one O(m + n) sweep;
``sauc_pairwise(pos, neg)``
    the same by the O(m n) definition (any order; v and w always returned);
``margin_counts(pos, neg, tau)``
    ``#{(i, j): pos_i - neg_j > tau_t}`` for each margin, from ascending arrays.

``out`` holds :data:`OUT_FIELDS`.
"""
import warnings

from . import _sauc_numpy, backend

OUT_FIELDS = _sauc_numpy.OUT_FIELDS


def _load():
    if backend() != "cffi":
        return _sauc_numpy, "numpy"
    try:
        from . import _sauc_cffi
    except ImportError as exc:
        warnings.warn("rocstats: the sAUC C kernels are not available (%s); using the "
                      "NumPy twin" % exc, RuntimeWarning, stacklevel=3)
        return _sauc_numpy, "numpy"
    return _sauc_cffi, "cffi"


_impl, BACKEND = _load()

sauc_sweep = _impl.sauc_sweep
sauc_pairwise = _impl.sauc_pairwise
margin_counts = _impl.margin_counts


def implementations():
    """Every importable implementation, for cross-checking in tests."""
    impls = {"numpy": _sauc_numpy}
    try:
        from . import _sauc_cffi
        impls["cffi"] = _sauc_cffi
    except ImportError:
        pass
    return impls
