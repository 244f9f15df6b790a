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
from . import _sauc_numpy, family_implementations, select_family

OUT_FIELDS = _sauc_numpy.OUT_FIELDS

_impl, BACKEND = select_family("sauc", "the sAUC C kernels")

sauc_sweep = _impl.sauc_sweep
sauc_pairwise = _impl.sauc_pairwise
margin_counts = _impl.margin_counts


def implementations():
    """Every importable implementation, for cross-checking in tests."""
    return family_implementations("sauc")
