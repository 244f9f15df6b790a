"""The C kernels: the ONLY package that imports the compiled cffi module.

``ffi`` and ``lib`` come from ``rocstats._kernels._ckernels`` (built from ``csrc/*.c`` by
``_build.py``); importing this package raises ``ImportError`` when the extension was not
built, which `rocstats._kernels` turns into one warning and the NumPy twins.  Each
submodule (``roc``, ``sauc``, ``surrogate``, ``tree``, ``bootstrap``,
``venkatraman``) has the functions,
signatures and results of its twin in `rocstats._kernels.numpy`; arrays are
normalised and every length and index the C code relies on is checked in Python before
C sees a pointer.
"""
import numpy as np

from .._ckernels import ffi, lib  # noqa: F401  (ImportError if the extension is missing)

__all__ = ["ffi", "lib", "ptr", "f64", "i64", "i8", "out"]

_CTYPES = {np.dtype(np.float64): "double *", np.dtype(np.int64): "int64_t *",
           np.dtype(np.int32): "int32_t *",
           np.dtype(np.uint64): "uint64_t *", np.dtype(np.int8): "int8_t *",
           np.dtype(np.uint16): "uint16_t *",
           np.dtype(np.uint8): "uint8_t *", np.dtype(np.bool_): "uint8_t *"}


def ptr(a):
    """A typed C pointer to the data of the C-contiguous NumPy array ``a`` (writable when
    ``a`` is), or ``ffi.NULL`` for ``None``.  The array must outlive the call."""
    if a is None:
        return ffi.NULL
    if not a.flags.c_contiguous:
        raise ValueError("rocstats: kernel arrays must be C-contiguous")
    try:
        ctype = _CTYPES[a.dtype]
    except KeyError:
        raise TypeError("rocstats: no C type for dtype %s" % a.dtype) from None
    return ffi.cast(ctype, ffi.from_buffer(a, require_writable=bool(a.flags.writeable)))


def f64(a):
    """``a`` as a C-contiguous float64 array (no copy when it already is one)."""
    return np.ascontiguousarray(a, dtype=np.float64)


def i64(a):
    """``a`` as a C-contiguous int64 array."""
    return np.ascontiguousarray(a, dtype=np.int64)


def i8(a):
    """``a`` as a C-contiguous int8 array."""
    return np.ascontiguousarray(a, dtype=np.int8)


def out(size, dtype=np.float64):
    """A new output array for a kernel to fill."""
    return np.empty(size, dtype=dtype)
