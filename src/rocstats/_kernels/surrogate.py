"""Kernel selection for the surrogate-split search: the C kernel (``_surrogate_cffi``)
when the active backend is cffi (:func:`rocstats._kernels.backend`) and it is built, else
the NumPy twin (``_surrogate_numpy``).  ``ROCSTATS_PURE_PYTHON=1`` forces NumPy.

``numeric_surrogates(xcols, go, w, orders, n_order)``
    best numeric surrogate of each candidate column (see ``_surrogate_numpy``);
``categorical_surrogates(xcols, go, w, orders, q)``
    the level assignment and agreement of each categorical candidate column;
``node_surrogates(xt, sorts, n1, n2, n_levels, goes, w, primary)``
    every candidate of one node of the CART builder in one call, read in place from the
    builder's arrays.
"""
from . import select_family

_impl, BACKEND = select_family("surrogate", "the surrogate C kernel")

numeric_surrogates = _impl.numeric_surrogates
categorical_surrogates = _impl.categorical_surrogates
node_surrogates = _impl.node_surrogates
