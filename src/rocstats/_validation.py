"""Input checks shared by every statistic: one helper, one error style.

Every failure is a ``ValueError`` whose message starts with the argument's name.
Accepted inputs: lists, tuples, NumPy arrays of any layout (non-contiguous, float32,
integer, boolean) and pandas Series; everything is normalised to float64 C-contiguous.
"""
import warnings

import numpy as np

_MAX_EXACT_INT = 2 ** 53


class UndefinedAUCWarning(UserWarning):
    """The statistic is undefined for this input (e.g. only one class); the result is NaN."""


def _to_array(x, name):
    if x is None:
        raise ValueError("%s is None" % name)
    try:
        arr = np.asarray(x)
    except Exception as exc:  # ragged lists, exotic objects
        raise ValueError("%s cannot be converted to an array: %s" % (name, exc)) from None
    return arr


def as_float_array(x, name, *, ndim=(1,)):
    """Return ``x`` as a finite float64 C-contiguous array with ``ndim`` in ``ndim``."""
    arr = _to_array(x, name)
    if arr.ndim not in ndim:
        raise ValueError("%s must be %s-dimensional, got shape %s"
                         % (name, " or ".join(map(str, ndim)), arr.shape))
    if arr.dtype.kind == "b":
        arr = arr.astype(np.float64)
    elif arr.dtype.kind in "iu":
        if arr.size and max(abs(int(arr.min())), abs(int(arr.max()))) > _MAX_EXACT_INT:
            raise ValueError("%s has integers beyond 2**53 that float64 cannot hold exactly; "
                             "pass ranks or floats instead" % name)
        arr = arr.astype(np.float64)
    elif arr.dtype.kind == "f":
        arr = arr.astype(np.float64, copy=False)
    elif arr.dtype.kind == "c":
        raise ValueError("%s is complex; scores must be real numbers" % name)
    else:
        try:
            arr = arr.astype(np.float64)
        except (TypeError, ValueError):
            raise ValueError("%s must be numeric, got dtype %s" % (name, arr.dtype)) from None
    if arr.size and not np.isfinite(arr).all():
        bad = "NaN" if np.isnan(arr).any() else "infinite values"
        raise ValueError("%s contains %s; remove or impute them first" % (name, bad))
    return np.ascontiguousarray(arr)


def as_label_array(y, name="y_true"):
    """Return 1-D labels without missing values."""
    arr = _to_array(y, name)
    if arr.ndim != 1:
        raise ValueError("%s must be 1-dimensional, got shape %s" % (name, arr.shape))
    if arr.size == 0:
        raise ValueError("%s is empty" % name)
    if arr.dtype.kind == "f" and np.isnan(arr).any():
        raise ValueError("%s contains NaN" % name)
    if arr.dtype.kind == "O":
        if any(v is None or (isinstance(v, float) and v != v) for v in arr):
            raise ValueError("%s contains missing values (None or NaN)" % name)
    return arr


def check_direction(direction):
    if direction not in ("<", ">"):
        raise ValueError("direction must be '<' (higher score = positive) or '>' (lower "
                         "score = positive), got %r; rocstats never guesses it from the data"
                         % (direction,))
    return direction


def _unique(y):
    try:
        return np.unique(y)
    except TypeError:  # mixed types in an object array
        raise ValueError("y_true mixes label types that cannot be compared: %r"
                         % (sorted(set(map(repr, y)))[:5],)) from None


def _at_most_two_classes(y):
    """Distinct labels of ``y`` in O(n) when there are at most two (no sort of y);
    falls back to a full ``np.unique`` only when there are more, for the error message."""
    if y.dtype.kind in "biuf":            # numbers: min / max and two counts, all SIMD
        lo, hi = y.min(), y.max()
        if lo == hi:
            return np.asarray([lo])
        if np.count_nonzero(y == lo) + np.count_nonzero(y == hi) == y.size:
            return np.asarray([lo, hi])
        return _unique(y)
    first = y[0]
    differs = y != first
    if not differs.any():
        return np.asarray([first])
    second = y[np.argmax(differs)]
    if np.array_equal(y[differs] == second, np.ones(int(differs.sum()), bool)):
        return _unique(np.asarray([first, second], dtype=y.dtype))
    return _unique(y)


def positive_mask(y_true, pos_label):
    """Boolean mask of positives; ``(mask, pos_label)``.

    Two distinct labels at most.  With ``pos_label=None`` the labels must be a subset of
    {0, 1} or {-1, 1} (booleans included) and 1 is positive.
    """
    classes = _at_most_two_classes(y_true)
    if classes.size > 2:
        raise ValueError("y_true has %d distinct labels %s; a ROC curve needs two "
                         "(use multiclass_auc for more)" % (classes.size, list(classes[:10])))
    if pos_label is None:
        try:
            numeric = {float(c) for c in classes}
        except (TypeError, ValueError):
            numeric = None
        if numeric is None or not (numeric <= {0.0, 1.0} or numeric <= {-1.0, 1.0}):
            raise ValueError("y_true labels are %s; pass pos_label to say which is the "
                             "positive class" % list(classes))
        pos_label = 1
        mask = y_true if y_true.dtype.kind == "b" else np.asarray(y_true == 1)
    else:
        present = bool(np.any(y_true == pos_label))
        if not present and classes.size == 2:
            raise ValueError("pos_label=%r is not one of the labels of y_true %s"
                             % (pos_label, list(classes)))
        mask = np.asarray(y_true == pos_label)
    return np.ascontiguousarray(mask, dtype=bool), pos_label


def check_binary(y_true, y_score, *, pos_label=None, direction="<", score_name="y_score",
                 ndim=(1,)):
    """Validate a binary problem; return ``(is_pos, score)``.

    ``score`` is float64 C-contiguous, negated when ``direction == ">"`` so that the
    kernels can always treat higher scores as more positive.
    """
    check_direction(direction)
    y = as_label_array(y_true)
    score = as_float_array(y_score, score_name, ndim=ndim)
    if score.shape[0] != y.shape[0]:
        raise ValueError("y_true has %d rows but %s has %d" % (y.shape[0], score_name,
                                                                 score.shape[0]))
    if score.ndim == 2 and score.shape[1] == 0:
        raise ValueError("%s has no columns" % score_name)
    is_pos, _ = positive_mask(y, pos_label)
    if direction == ">":
        score = -score
    return is_pos, score


def warn_one_class(n_pos, n_neg, what="AUC"):
    """Warn and return True when a class is missing (the statistic is then NaN)."""
    if n_pos == 0 or n_neg == 0:
        warnings.warn("%s is undefined: y_true has %s (positives: %d, negatives: %d); "
                      "returning NaN" % (what, "no positives" if n_pos == 0 else "no negatives",
                                         n_pos, n_neg), UndefinedAUCWarning, stacklevel=3)
        return True
    return False
