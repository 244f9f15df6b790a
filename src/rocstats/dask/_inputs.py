"""Dask inputs of `rocstats.dask`: blocks, their checks, and the label contract.

Labels and scores are reduced to two aligned lists of delayed blocks (a dask array's
chunks along the rows, a dask Series' / DataFrame's partitions).  Everything that can be
checked without reading the data is checked here, before any task runs: unknown chunk
sizes, different chunking of the two arguments, a score dtype that is not numeric, a
categorical with unknown categories.  What needs the data (NaN, infinite scores, missing
labels, more than two classes, strings without ``pos_label``) is checked by the first,
cheap pass (`scan_block`), with the in-memory functions' own checks and messages.
"""
import math

import numpy as np

from .. import _labels
from .._validation import as_float_array


def _dd():
    from .._optional import import_optional

    return import_optional("dask.dataframe", "rocstats.dask")


def is_dask(x):
    from .._optional import import_optional

    return import_optional("dask", "rocstats.dask").is_dask_collection(x)


def _frame_kind(x):
    """"series", "frame" or None for a dask DataFrame collection."""
    dd = _dd()
    if isinstance(x, dd.Series):
        return "series"
    if isinstance(x, dd.DataFrame):
        return "frame"
    return None


class Blocks:
    """Aligned blocks of one argument: ``delayed`` (one object per block), ``lengths``
    (a tuple of ints, or None when unknown until computed, as for dask DataFrames),
    ``ndim`` (1 or 2), ``names`` (a DataFrame's column names), ``categories`` (for a
    categorical Series) and ``dtype``."""

    def __init__(self, delayed, lengths, ndim, names=None, categories=None, dtype=None,
                 ncols=None):
        self.delayed, self.lengths, self.ndim = list(delayed), lengths, ndim
        self.names, self.categories, self.dtype, self.ncols = names, categories, dtype, ncols


def _array_blocks(x, name, ndims):
    if x.ndim not in ndims:
        raise ValueError("%s must be %s-dimensional, got shape %s"
                         % (name, " or ".join(map(str, ndims)), x.shape))
    rows = x.chunks[0]
    if any(isinstance(c, float) and math.isnan(c) for c in rows):
        raise ValueError("%s has unknown chunk sizes (NaN in .chunks); call "
                         "%s.compute_chunk_sizes() first" % (name, name))
    if x.ndim == 2:
        if x.shape[1] == 0:
            raise ValueError("%s has no columns" % name)
        if x.numblocks[1] > 1:                   # each block holds whole rows
            x = x.rechunk({1: -1})
        delayed = x.to_delayed()[:, 0]
    else:
        delayed = x.to_delayed()
    return Blocks(list(delayed), tuple(int(c) for c in rows), x.ndim, dtype=x.dtype,
                  ncols=None if x.ndim == 1 else int(x.shape[1]))


def as_blocks(x, name, ndims, *, like=None):
    """The `Blocks` of ``x`` (a dask array, Series or DataFrame).  A NumPy / pandas
    ``x`` is accepted when ``like`` (the other argument's Blocks) has known lengths: it is
    cut into the same blocks."""
    if x is None:
        raise ValueError("%s is None" % name)
    if not is_dask(x):
        if like is None or like.lengths is None:
            raise ValueError("%s is not a dask collection (dask.array or dask DataFrame); "
                             "for in-memory data use rocstats' own functions (rocstats.auc, "
                             "rocstats.delong, ...)" % name)
        import dask.array as da
        arr = np.asarray(x)
        return _array_blocks(da.from_array(arr, chunks=(like.lengths,) + arr.shape[1:]),
                             name, ndims)
    kind = _frame_kind(x)
    if kind is None:
        import dask.array as da
        if not isinstance(x, da.Array):
            raise ValueError("%s must be a dask array, Series or DataFrame, got %s"
                             % (name, type(x).__name__))
        return _array_blocks(x, name, ndims)
    import pandas as pd
    if kind == "frame":
        if 2 not in ndims:
            raise ValueError("%s must be 1-dimensional (a dask array or Series), got a "
                             "DataFrame" % name)
        cols = tuple(str(c) for c in x.columns)
        if not cols:
            raise ValueError("%s has no columns" % name)
        return Blocks(x.to_delayed(), None, 2, names=cols, dtype=None, ncols=len(cols))
    cats = None
    if isinstance(x.dtype, pd.CategoricalDtype):
        if not x.cat.known:
            raise ValueError("%s is a categorical with unknown categories; call "
                             "%s.cat.as_known() first (the category order decides the "
                             "positive class)" % (name, name))
        cats = x.cat.categories
    return Blocks(x.to_delayed(), None, 1, categories=cats, dtype=x.dtype)


def check_score_dtype(blocks, name):
    """Reject a non-numeric dask array dtype before reading anything."""
    if blocks.dtype is not None and isinstance(blocks.dtype, np.dtype) \
            and blocks.dtype.kind != "O":
        shape = (0,) if blocks.ndim == 1 else (0, 1)
        as_float_array(np.zeros(shape, dtype=blocks.dtype), name, ndim=(blocks.ndim,))


def align(y, s, y_name="y_true", s_name="y_score"):
    """Check that the two arguments are cut into the same blocks."""
    if len(y.delayed) != len(s.delayed):
        raise ValueError("%s and %s have different chunking: %d and %d blocks; rechunk one "
                         "to the other's chunks (e.g. %s.rechunk(%s.chunks[0]))"
                         % (y_name, s_name, len(y.delayed), len(s.delayed), s_name, y_name))
    if y.lengths is not None and s.lengths is not None and y.lengths != s.lengths:
        if sum(y.lengths) != sum(s.lengths):
            raise ValueError("y_true has %d rows but %s has %d"
                             % (sum(y.lengths), s_name, sum(s.lengths)))
        raise ValueError("%s and %s have different chunking along the rows (%s... and "
                         "%s...); rechunk one to the other's chunks"
                         % (y_name, s_name, y.lengths[:4], s.lengths[:4]))


# --------------------------------------------------------------------------- in a task
def block_labels(y, categories):
    """The labels of one block as an array (categorical: int64 codes) under the label
    contract's reader (same errors as in memory)."""
    if categories is not None:
        import pandas as pd
        codes = np.asarray(pd.Series(y).cat.codes if not isinstance(y, pd.Categorical)
                           else y.codes, dtype=np.int64)
        if (codes < 0).any():
            raise ValueError("y_true contains missing values (NaN in the categorical)")
        return codes
    return _labels._as_array(y, "y_true")


def block_scores(s, ndim, name):
    """The finite float64 scores of one block (same errors as in memory)."""
    if hasattr(s, "to_numpy"):
        s = s.to_numpy()
    return as_float_array(s, name, ndim=(ndim,))


def distinct_labels(arr):
    """The block's distinct labels (at most 12 kept: enough for every message)."""
    return np.asarray(_labels._distinct(arr, "y_true"))[:12]


def read_labels(distinct, categories, pos_label):
    """`rocstats._labels.BinaryLabels` of the distinct labels of all blocks: the
    label contract (and its errors) applied to them.  Returns ``(labels, code)`` where
    ``code`` is what a block's labels are compared with (a category code, a label, or
    None when no row is positive); returns ``(labels, code, has_neg)``."""
    if categories is not None:
        import pandas as pd
        codes = np.unique(np.concatenate(distinct)).astype(np.int64)
        cat = pd.Categorical.from_codes(codes, categories=categories)
        lab = _labels.binary_labels(cat, pos_label, name="y_true")
        code = [i for i, c in enumerate(categories.tolist()) if c == lab.pos_label]
        code = code[0] if code and code[0] in codes.tolist() else None
        has_neg = any(c != code for c in codes.tolist())
        return lab, code, has_neg
    parts = [d for d in distinct if d.size]
    allv = np.concatenate(parts) if parts else np.empty(0)
    if allv.dtype.kind == "O":
        try:
            allv = np.unique(allv)
        except TypeError:
            raise ValueError("y_true mixes label types that cannot be ordered: %s"
                             % sorted({type(v).__name__ for v in allv.tolist()})) from None
    else:
        allv = np.unique(allv)
    lab = _labels.binary_labels(allv, pos_label, name="y_true")
    present = [v for v in allv.tolist() if _labels._same_label(v, lab.pos_label)]
    has_neg = len(present) < allv.size
    return lab, (lab.pos_label if present else None), has_neg


def is_positive(arr, code):
    if code is None:
        return np.zeros(arr.shape[0], dtype=bool)
    if arr.dtype.kind == "b":
        return arr.copy() if code else ~arr
    return np.ascontiguousarray(arr == code, dtype=bool)
