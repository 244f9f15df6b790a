"""Turning user data into the engine's float matrix, and formulas into column lists.

* numeric columns (int, float, nullable numbers) stay numeric, missing = NaN;
* bool columns become 0/1;
* unordered pandas Categorical columns become level codes 0..q-1 (levels = the
  categories, in their order, like R factor levels, unused categories included);
* object / string columns of strings become categorical with levels = the unique
  values sorted by code point (``"B" < "a"``; R's ``factor()`` uses the locale's
  collation instead, so give a Categorical -- e.g. `rocstats.r.r_factor` -- for
  R's level order);
* ordered pandas Categorical columns are numeric codes 1..q (rpart treats ordered
  factors as ordered numbers).

Nothing is changed silently: values float64 cannot hold exactly (integers beyond
2**53 in magnitude, ``long double`` values with more precision, complex numbers) and
dates/times (convert them explicitly, e.g. to days since a reference date) are a
ValueError naming the column, as are mixed object columns and infinite values
(`exact_float`).
"""
import re
from dataclasses import dataclass, field

import numpy as np

try:  # pandas is a dependency of rocstats, but keep the failure explicit
    import pandas as pd
except ImportError:  # pragma: no cover
    pd = None

__all__ = ["FeatureInfo", "encode_fit", "encode_predict", "parse_formula", "exact_float",
           "select_columns"]

NUMERIC, CATEGORICAL, ORDERED = "numeric", "categorical", "ordered"

#: Integers up to this magnitude are exact in float64 (the statistics use the same bound,
#: rocstats._validation).
MAX_EXACT_INT = 2 ** 53


def _int_range_ok(values):
    """True when every integer in ``values`` (NumPy ints or Python ints) has magnitude
    at most 2**53."""
    if values.size == 0:
        return True
    lo, hi = int(values.min()), int(values.max())
    return -MAX_EXACT_INT <= lo and hi <= MAX_EXACT_INT


def exact_float(values, name):
    """``values`` as float64, refusing what float64 would change.

    Accepted: booleans (0/1), integers of magnitude at most 2**53, floats of at most 64
    bits, and wider floats (``long double``) whose values are float64 values; NaN stays
    NaN.  Refused with a ValueError naming ``name``: larger integers (float64 would merge
    neighbours: a perfectly separating feature could split nothing), ``long double``
    values that need more precision, complex numbers (float64 would drop the imaginary
    part), dates and times (their integer encoding depends on the unit: convert them
    explicitly), and anything else that is not a number.  Pandas columns (nullable
    ``Int64`` / ``Float64`` / ``boolean`` included, ``pd.NA`` = NaN) are accepted.

    Examples
    --------
    >>> exact_float(np.array([1, 2 ** 53]), "x").tolist()
    [1.0, 9007199254740992.0]
    >>> exact_float(np.array([2 ** 53 + 1]), "x")
    Traceback (most recent call last):
    ...
    ValueError: x has integers beyond 2**53 in magnitude, which float64 cannot hold exactly (neighbouring values would merge); pass ranks or floats instead
    >>> exact_float(np.array([1 + 2j]), "x")
    Traceback (most recent call last):
    ...
    ValueError: Complex data not supported: x is complex; give real numbers (float64 would drop the imaginary part)
    """
    if pd is not None and isinstance(values, (pd.Series, pd.Index)) and \
            not isinstance(values.dtype, np.dtype):
        dtype = values.dtype
        if isinstance(dtype, pd.CategoricalDtype):
            raise ValueError("%s is categorical, not numeric" % name)
        if pd.api.types.is_bool_dtype(dtype) or pd.api.types.is_integer_dtype(dtype) \
                or pd.api.types.is_float_dtype(dtype):
            present = values.dropna()
            if pd.api.types.is_integer_dtype(dtype) and \
                    not _int_range_ok(present.to_numpy(dtype=object)):
                _too_big(name)
            return values.to_numpy(dtype=np.float64, na_value=np.nan)
        values = values.to_numpy()
    arr = np.asarray(values)
    kind = arr.dtype.kind
    if kind == "b":
        return arr.astype(np.float64)
    if kind in "iu":
        if not _int_range_ok(arr):
            _too_big(name)
        return arr.astype(np.float64)
    if kind == "f":
        out = arr.astype(np.float64, copy=False)      # float64 input: no copy
        if arr.dtype.itemsize > 8 and not np.array_equal(out.astype(arr.dtype), arr,
                                                         equal_nan=True):
            raise ValueError("%s has %s values that float64 cannot hold exactly; round "
                             "them to float64 first" % (name, arr.dtype))
        return out
    if kind == "c":
        raise ValueError("Complex data not supported: %s is complex; give real numbers "
                         "(float64 would drop the imaginary part)" % name)
    if kind in "mM":
        raise ValueError("%s holds dates/times (dtype %s); convert them to numbers "
                         "explicitly (e.g. days since a reference date)" % (name, arr.dtype))
    if kind == "O":
        vals = [v for v in arr.ravel().tolist() if not _missing(v)]
        if vals and all(_is_number(v) for v in vals):
            ints = [v for v in vals if isinstance(v, (int, np.integer))]
            if ints and not _int_range_ok(np.asarray(ints, dtype=object)):
                _too_big(name)
            return np.array([np.nan if _missing(v) else float(v)
                             for v in arr.ravel().tolist()]).reshape(arr.shape)
        odd = [v for v in vals if not _is_number(v) and not isinstance(v, str)]
        if odd:
            float(odd[0])            # Python's TypeError names what is not a number
    raise ValueError("%s must be numeric, got dtype %s" % (name, arr.dtype))


def _is_number(v):
    return (isinstance(v, (int, float, np.integer, np.floating))
            and not isinstance(v, (bool, np.bool_)))


def _missing(v):
    if v is None:
        return True
    try:
        return bool(v != v)
    except TypeError:          # pd.NA
        return True


def _too_big(name):
    raise ValueError("%s has integers beyond 2**53 in magnitude, which float64 cannot hold "
                     "exactly (neighbouring values would merge); pass ranks or floats "
                     "instead" % name)


@dataclass
class FeatureInfo:
    """How each fitted column was encoded."""

    names: list
    kinds: list
    levels: list = field(default_factory=list)   # list of level labels (or None)
    from_frame: bool = False                     # fitted on a DataFrame (names matter)

    @property
    def n_levels(self):
        """Levels per column for the engine: q for categorical, 0 otherwise."""
        return np.array([len(l) if k == CATEGORICAL else 0
                         for k, l in zip(self.kinds, self.levels)], dtype=np.int64)


def check_dense_2d(X, min_rows=1):
    """``X`` as an array of two dimensions, refusing sparse matrices (every tree needs
    the columns themselves) and other shapes, in scikit-learn's words."""
    if hasattr(X, "toarray") or type(X).__module__.startswith("scipy.sparse"):
        raise TypeError("Sparse data was passed for X, but dense data is required: sparse "
                        "input is not supported; use X.toarray()")
    arr = np.asarray(X)
    if arr.ndim != 2:
        raise ValueError("X must be 2-D (n_rows, n_features), got shape %s. Reshape your "
                         "data, e.g. with X.reshape(-1, 1) for a single feature"
                         % (arr.shape,))
    if arr.shape[1] == 0:
        raise ValueError("X has 0 feature(s) (shape=%s) while a minimum of 1 is required."
                         % (arr.shape,))
    if arr.shape[0] < min_rows:
        raise ValueError("X has 0 sample(s) (shape=%s) while a minimum of 1 is required."
                         % (arr.shape,))
    return arr


def _to_frame(X, min_rows=1):
    if pd is not None and isinstance(X, pd.DataFrame):
        return X, True
    arr = check_dense_2d(X, min_rows)
    names = ["x%d" % j for j in range(arr.shape[1])]
    if arr.dtype.kind in "biufcmM":
        # one dtype for every column: check exactness once, naming the first bad column
        M = _exact_matrix(arr, names)
        return pd.DataFrame(M, columns=names), False
    return pd.DataFrame(arr, columns=names), False


def _exact_matrix(arr, names):
    try:
        return exact_float(arr, "X")
    except ValueError:
        for j, nm in enumerate(names):          # say which column
            exact_float(arr[:, j], "X column %r" % nm)
        raise


def _numeric_column(name, s):
    v = exact_float(s, "X column %r" % name)
    if np.isinf(v).any():
        raise ValueError("X column %r contains infinite values" % name)
    return v


def _is_string_like(s):
    vals = s.dropna().to_numpy()
    return all(isinstance(v, str) for v in vals)


def _numeric_array(X, min_rows=1):
    """Fast path: a plain numeric 2-D array needs no per-column encoding."""
    if pd is not None and isinstance(X, pd.DataFrame):
        return None
    arr = check_dense_2d(X, min_rows)
    if arr.dtype.kind == "O":
        try:                      # an object array of numbers is numeric
            exact_float(arr, "X")
        except ValueError:
            return None
    elif arr.dtype.kind not in "biufc":
        return None
    M = np.ascontiguousarray(_exact_matrix(arr, ["x%d" % j for j in range(arr.shape[1])]))
    if np.isinf(M).any():
        bad = int(np.flatnonzero(np.isinf(M).any(axis=0))[0])
        raise ValueError("X column %r contains infinite values" % ("x%d" % bad))
    return M


def encode_fit(X):
    """``(matrix, FeatureInfo)`` for the training data ``X`` (DataFrame or 2-D array)."""
    M = _numeric_array(X)
    if M is not None:
        p = M.shape[1]
        return M, FeatureInfo(["x%d" % j for j in range(p)], [NUMERIC] * p, [None] * p)
    df, _ = _to_frame(X)
    if df.shape[1] == 0 or df.shape[0] == 0:
        check_dense_2d(np.empty(df.shape))       # says which dimension is empty
    names = [str(c) for c in df.columns]
    if len(set(names)) != len(names):
        raise ValueError("X has duplicated column names")
    kinds, levels, cols = [], [], []
    for name, col in zip(names, df.columns):
        s = df[col]
        if isinstance(s.dtype, pd.CategoricalDtype):
            cats = list(s.cat.categories)
            codes = s.cat.codes.to_numpy().astype(np.float64)
            codes[codes < 0] = np.nan
            if s.cat.ordered:
                kinds.append(ORDERED)
                cols.append(codes + 1.0)
            else:
                kinds.append(CATEGORICAL)
                cols.append(codes)
            levels.append(cats)
        elif s.dtype == bool or pd.api.types.is_numeric_dtype(s.dtype):
            kinds.append(NUMERIC)
            levels.append(None)
            cols.append(_numeric_column(name, s))
        elif s.dtype == object and s.notna().any() and all(
                _is_number(v) for v in s.dropna().tolist()):
            kinds.append(NUMERIC)              # an object column of numbers
            levels.append(None)
            cols.append(_numeric_column(name, s))
        elif s.dtype == object or pd.api.types.is_string_dtype(s.dtype):
            if not _is_string_like(s):
                odd = [v for v in s.dropna().tolist()
                       if not _is_number(v) and not isinstance(v, str)]
                if odd:
                    float(odd[0])      # Python's TypeError names what is not a number
                raise ValueError("X column %r has values that are not all strings (types "
                                 "%s); give numbers (a numeric dtype), strings or a pandas "
                                 "Categorical" % (name, sorted({type(v).__name__ for v in
                                                               s.dropna().tolist()})))
            cats = sorted(s.dropna().unique())
            lookup = {v: i for i, v in enumerate(cats)}
            v = np.array([np.nan if pd.isna(x) else lookup[x] for x in s], dtype=np.float64)
            kinds.append(CATEGORICAL)
            levels.append(cats)
            cols.append(v)
        elif s.dtype.kind in "mM" or isinstance(s.dtype, pd.DatetimeTZDtype):
            raise ValueError("X column %r holds dates/times (dtype %s); convert them to "
                             "numbers explicitly (e.g. days since a reference date)"
                             % (name, s.dtype))
        else:
            raise ValueError("X column %r has unsupported dtype %s" % (name, s.dtype))
    M = np.column_stack(cols) if cols else np.empty((df.shape[0], 0))
    return np.ascontiguousarray(M, dtype=np.float64), FeatureInfo(names, kinds, levels,
                                                                 from_frame=True)


def select_columns(X, names):
    """The columns ``names`` of the DataFrame ``X``, in that order, matched by name
    (``str`` of the column label); other columns -- the response, ids -- are ignored,
    as R's ``predict(fit, newdata)`` ignores them.  A ValueError lists the fitted
    columns that are missing, or a name that matches more than one column."""
    labels = {}
    for c in X.columns:
        labels.setdefault(str(c), []).append(c)
    missing = [c for c in names if c not in labels]
    if missing:
        raise ValueError("X is missing fitted column(s) %s (it has %s)"
                         % (missing, [str(c) for c in X.columns][:20]))
    dup = [c for c in names if len(labels[c]) > 1]
    if dup:
        raise ValueError("X has more than one column named %s" % dup)
    out = X[[labels[c][0] for c in names]]
    out.columns = list(names)
    return out


def _n_features_error(got, who, want):
    return ValueError("X has %d features, but %s is expecting %d features as input."
                      % (got, who, want))


def encode_predict(X, info, who="the model"):
    """Encode new data with the fitted columns' encoding (same names, same levels).

    A model fitted on a DataFrame takes the fitted columns of a DataFrame ``X`` by name
    and ignores the others (`select_columns`), as R's ``predict(fit, newdata)``;
    otherwise the columns are taken by position and their number must match.
    """
    M = _numeric_array(X, 0)
    if M is not None and all(k == NUMERIC for k in info.kinds):
        if M.shape[1] != len(info.names):
            raise _n_features_error(M.shape[1], who, len(info.names))
        return M
    by_name = pd is not None and isinstance(X, pd.DataFrame) and \
        getattr(info, "from_frame", False)
    if by_name:
        X = select_columns(X, info.names)
    df, _ = _to_frame(X, 0)
    if not by_name:
        if df.shape[1] != len(info.names):
            raise _n_features_error(df.shape[1], who, len(info.names))
        df = df.copy()
    df.columns = info.names
    cols = []
    for name, kind, lev in zip(info.names, info.kinds, info.levels):
        s = df[name]
        if kind == NUMERIC:
            cols.append(_numeric_column(name, s))
            continue
        if isinstance(s.dtype, pd.CategoricalDtype):
            s = s.astype(object).where(s.notna(), None)
        lookup = {v: i for i, v in enumerate(lev)}
        out = np.empty(len(s))
        for i, v in enumerate(s.tolist()):
            if v is None or (isinstance(v, float) and np.isnan(v)):
                out[i] = np.nan
            elif v in lookup:
                out[i] = lookup[v]
            else:
                raise ValueError("X column %r has level %r, unknown to the fitted model"
                                 % (name, v))
        cols.append(out + 1.0 if kind == ORDERED else out)
    M = np.column_stack(cols) if cols else np.empty((df.shape[0], 0))
    return np.ascontiguousarray(M, dtype=np.float64)


_NAME = re.compile(r"^`[^`]+`$|^[A-Za-z_.][A-Za-z0-9_.]*$")


def parse_formula(formula, columns):
    """``(response, predictors)`` from ``"y ~ a + b"`` or ``"y ~ ."``.

    Only sums of column names are allowed (trees need no interaction terms); ``-name``
    removes a column from ``.``.
    """
    if not isinstance(formula, str) or formula.count("~") != 1:
        raise ValueError("formula must be a string 'response ~ terms', got %r" % (formula,))
    lhs, rhs = (part.strip() for part in formula.split("~"))
    columns = [str(c) for c in columns]
    strip = lambda t: t[1:-1] if t.startswith("`") else t  # noqa: E731
    if not _NAME.match(lhs) or strip(lhs) not in columns:
        raise ValueError("formula: response %r is not a column of data" % lhs)
    response = strip(lhs)
    if any(op in rhs for op in (":", "*", "^", "|", "(")):
        raise ValueError("formula: trees cannot handle interaction or function terms: %r"
                         % rhs)
    terms = re.split(r"(?=[+-])", rhs.replace(" ", ""))
    chosen, removed = [], []
    for t in terms:
        if not t:
            continue
        sign, name = (t[0], t[1:]) if t[0] in "+-" else ("+", t)
        if name == ".":
            if sign == "-":
                raise ValueError("formula: '- .' is not allowed")
            chosen.extend(c for c in columns if c != response and c not in chosen)
            continue
        if not _NAME.match(name) or strip(name) not in columns:
            raise ValueError("formula: %r is not a column of data" % name)
        name = strip(name)
        if sign == "-":
            removed.append(name)
        elif name not in chosen:
            chosen.append(name)
    chosen = [c for c in chosen if c not in removed and c != response]
    if not chosen:
        raise ValueError("formula %r selects no predictor" % formula)
    return response, chosen
