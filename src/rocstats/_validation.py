"""Input checks shared by every statistic: one helper, one error style.

Every failure is a ``ValueError`` whose message starts with the argument's name.
Accepted inputs: lists, tuples, NumPy arrays of any layout (non-contiguous, float32,
integer, boolean) and pandas Series; everything is normalised to float64 C-contiguous.
"""
import os
import sys
import warnings

import numpy as np

from . import _labels

_MAX_EXACT_INT = 2 ** 53
_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__)) + os.sep
_TRAMPOLINE = os.sep + os.path.join("mutmut", "mutation", "trampoline.py")


def warn_user(message, category):
    """``warnings.warn(message, category)`` reported at the user's line: the caller of the
    outermost rocstats frame on the stack, however many layers of rocstats (decorators,
    dispatchers) -- or of other code between them, such as a wrapper -- lie in between.
    (A fixed ``stacklevel`` goes stale when a layer is added; pandas' ``find_stack_level``
    takes the first frame outside the package, which a foreign wrapper between two
    rocstats frames would stop.)  Filters and the once-per-location registry work as for
    ``warnings.warn``.

    Examples
    --------
    >>> import warnings, rocstats
    >>> with warnings.catch_warnings(record=True) as rec:
    ...     warnings.simplefilter("always")
    ...     _ = rocstats.auc([1, 1, 1], [0.1, 0.2, 0.3])
    >>> rec[0].category.__name__, rec[0].filename.startswith(_PACKAGE_DIR)
    ('UndefinedAUCWarning', False)
    """
    frame, outermost = sys._getframe(1), None
    while frame is not None:
        if frame.f_code.co_filename.startswith(_PACKAGE_DIR):
            outermost = frame
        frame = frame.f_back
    user = outermost.f_back if outermost is not None else None
    while user is not None and _TRAMPOLINE in user.f_code.co_filename:
        user = user.f_back         # mutation testing wraps every function in a trampoline
    if user is None:               # rocstats run as the main program: no caller outside
        warnings.warn(message, category, stacklevel=2)
        return
    g = user.f_globals
    # no module_globals: warnings.warn passes none either; with them CPython asks the
    # module's __loader__ for the source line, and __main__'s (python -c, stdin, the
    # REPL) raises ImportError
    warnings.warn_explicit(message, category, user.f_code.co_filename, user.f_lineno,
                           module=g.get("__name__", "<string>"),
                           registry=g.setdefault("__warningregistry__", {}))


class UndefinedAUCWarning(UserWarning):
    """The statistic is undefined for this input (e.g. only one class); the result is NaN."""


class ReversedDirectionWarning(UserWarning):
    """A binary AUC below 0.5 under the given ``direction``: the marker ranks the classes
    the wrong way round for that direction (or the wrong label is positive).  rocstats
    neither flips it (pROC's ``direction = "auto"`` does, silently) nor stays silent
    (scikit-learn does); the number returned is unchanged.  In a simulation where such
    AUCs are expected (a marker under H0), silence it with
    ``warnings.simplefilter("ignore", rocstats.ReversedDirectionWarning)``."""


def warn_reversed(auc, direction, pos_label, names=None):
    """Warn once (one `ReversedDirectionWarning` per call) when an AUC, or any of
    a vector of AUCs (``names`` label them), is below 0.5.  Returns True if it warned."""
    a = np.atleast_1d(np.asarray(auc, dtype=np.float64))
    low = np.flatnonzero(a < 0.5)
    if low.size == 0:
        return False
    if a.size == 1 and names is None:
        which = "AUC = %.4g" % a[0]
        flipped = "1 - AUC = %.4g" % (1 - a[0])
    else:
        label = (lambda i: str(names[i])) if names is not None else (lambda i: "column %d" % i)
        which = ", ".join("%s: AUC = %.4g" % (label(i), a[i]) for i in low)
        flipped = "1 - AUC"
    side = "larger" if direction == "<" else "smaller"
    other = ">" if direction == "<" else "<"
    # pragma: no mutate start (the message text, as for warnings.warn / raise lines)
    warn_user("%s < 0.5 with direction=%r (%s scores indicate the positive class %r): "
              "the marker ranks the classes the wrong way round for this direction. "
              "direction=%r (or the other class as pos_label) gives %s; rocstats does not "
              "flip it for you (pROC's direction='auto' would)"
              % (which, direction, side, pos_label, other, flipped), ReversedDirectionWarning)
    # pragma: no mutate end
    return True


def _to_array(x, name):
    if x is None:
        raise ValueError("%s is None" % name)
    try:
        arr = np.asarray(x)
    except Exception as exc:  # ragged lists, exotic objects
        raise ValueError("%s cannot be converted to an array: %s" % (name, exc)) from None
    return arr


def check_finite(arr, name):
    """Raise the ``ValueError`` of `as_float_array` if ``arr`` has NaN or infinite
    values."""
    if arr.size and not np.isfinite(arr).all():
        bad = "NaN" if np.isnan(arr).any() else "infinite values"
        raise ValueError("%s contains %s; remove or impute them first" % (name, bad))


def as_float_array(x, name, *, ndim=(1,), finite=True):
    """Return ``x`` as a finite float64 C-contiguous array with ``ndim`` in ``ndim``
    (``finite=False``: not checked for NaN / infinity here; the caller must, e.g. with
    `check_finite`)."""
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
        wide = arr.dtype.itemsize > 8
        arr64 = arr.astype(np.float64, copy=False)
        if wide and not np.array_equal(arr64.astype(arr.dtype), arr, equal_nan=True):
            raise ValueError("%s has %s values that float64 cannot hold exactly; round "
                             "them to float64 first" % (name, arr.dtype))
        arr = arr64
    elif arr.dtype.kind == "c":
        raise ValueError("%s is complex; scores must be real numbers" % name)
    elif arr.dtype.kind in "mM":
        raise ValueError("%s holds dates/times (dtype %s); convert them to numbers "
                         "explicitly (e.g. days since a reference date)" % (name, arr.dtype))
    elif arr.dtype.kind in "USV" or (arr.dtype.kind == "O" and any(
            isinstance(v, (str, bytes)) for v in arr.ravel().tolist())):
        raise ValueError("%s holds strings, not numbers; convert them explicitly "
                         "(e.g. pandas.to_numeric) first" % name)
    else:
        try:
            arr = arr.astype(np.float64)
        except (TypeError, ValueError):
            raise ValueError("%s must be numeric, got dtype %s (missing values such as "
                             "None or pd.NA are not allowed)" % (name, arr.dtype)) from None
    if finite:
        check_finite(arr, name)
    return np.ascontiguousarray(arr)


def as_label_array(y, name="y_true"):
    """Return 1-D labels without missing values (the label contract's reader)."""
    return _labels._as_array(y, name)


def check_direction(direction):
    if direction not in ("<", ">"):
        raise ValueError("direction must be '<' (higher score = positive) or '>' (lower "
                         "score = positive), got %r; rocstats never guesses it from the data"
                         % (direction,))
    return direction


def warn_one_class(n_pos, n_neg, what="AUC"):
    """Warn and return True when a class is missing (the statistic is then NaN)."""
    if n_pos == 0 or n_neg == 0:
        # pragma: no mutate start (the message text, as for warnings.warn / raise lines)
        warn_user("%s is undefined: y_true has %s (positives: %d, negatives: %d); "
                  "returning NaN" % (what, "no positives" if n_pos == 0 else "no negatives",
                                     n_pos, n_neg), UndefinedAUCWarning)
        # pragma: no mutate end
        return True
    return False


def is_real_number(value):
    """The one rule for a numeric option (a level, a null value, a specificity, a tol, a
    weight): a real number -- Python int / float, a NumPy integer or floating scalar or a
    0-d array of one -- and never a bool or a string (``"0.5"`` is refused everywhere,
    not converted in some places)."""
    if isinstance(value, (bool, np.bool_, str, bytes)):
        return False
    if isinstance(value, (int, float, np.integer, np.floating)):
        return True
    return (isinstance(value, np.ndarray) and value.ndim == 0
            and value.dtype.kind in "iuf")


def check_number(value, name, *, low=None, high=None, low_open=False, high_open=False,
                 what=None):
    """``float(value)`` if ``value`` is a real number (`is_real_number`), finite and
    inside the given bounds (closed unless ``*_open``); otherwise a ``ValueError`` that
    names ``name`` and says what is expected (``what`` overrides the description)."""
    ok = is_real_number(value)
    v = float(value) if ok else float("nan")
    ok = ok and np.isfinite(v)
    if ok and low is not None:
        ok = v > low if low_open else v >= low
    if ok and high is not None:
        ok = v < high if high_open else v <= high
    if not ok:
        if what is None:
            parts = []
            if low is not None:
                parts.append("%s %s" % (">" if low_open else ">=", low))
            if high is not None:
                parts.append("%s %s" % ("<" if high_open else "<=", high))
            what = "a finite number" + (" " + " and ".join(parts) if parts else "")
        raise ValueError("%s must be %s, got %r" % (name, what, value))
    return v
