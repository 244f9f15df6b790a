"""The label contract: how every statistic and every estimator reads class labels.

One module decides which label is positive (binary statistics) and in which order the
classes come (classifiers, multiclass AUC), so that ``auc``, ``delong``, ``roc_curve``,
the sAUC family, Rossa's test and the trees can never disagree.

The contract
------------
* **Numeric and boolean labels**: the classes are sorted; for a binary statistic the
  *greater* value is the positive class (True, 1, 2 in {1, 2}, ...).
* **A pandas Categorical, or a Series of category dtype** (R factors arrive this way
  through rpy2): the category order is the class order and unused categories are kept,
  as R keeps factor levels.  For a binary statistic the **second** level is the positive
  class: R's and pROC's convention ``levels = c(controls, cases)``.
* **Strings and other objects** (text read from a CSV, ``"0"``/``"1"`` included): a
  binary statistic needs ``pos_label`` (a ``ValueError`` lists the labels found, as
  scikit-learn does); classifiers sort them -- strings by code point (``"B" < "a"``), the
  same everywhere, where R's ``factor()`` follows the locale's collation (``"a" < "B"``
  in most locales): pass a Categorical (`rocstats.r.r_factor` gives R's order) to
  get R's class order.
* ``pos_label`` must be one of the labels; a third class is an error (use
  `rocstats.multiclass_auc`); a single class is *not* an error here: the statistic
  warns and returns NaN (`rocstats.UndefinedAUCWarning`).
* Missing labels (NaN, None, ``pd.NA``, a categorical's missing code) are an error.

Every result object records the label that was taken as positive (``pos_label``).
"""
import dataclasses
import sys
from dataclasses import dataclass

import numpy as np

__all__ = ["BinaryLabels", "BinaryRule", "ClassLabels", "binary_labels", "binary_rule",
           "class_labels"]

_SHOW = 10      # labels listed in an error message


@dataclass(frozen=True, eq=False)
class BinaryLabels:
    """Labels of a two-class problem, read by `binary_labels`.

    Attributes
    ----------
    is_pos : ndarray of bool
        True for the positive class (C-contiguous).
    pos_label : object
        The label taken as positive.
    neg_label : object or None
        The other label (None when it does not occur and cannot be known).
    kind : {"numeric", "boolean", "categorical", "object"}
        How the labels were read.
    """

    is_pos: np.ndarray
    pos_label: object
    neg_label: object
    kind: str

    @property
    def n_pos(self):
        return int(np.count_nonzero(self.is_pos))

    @property
    def n_neg(self):
        return int(self.is_pos.size - np.count_nonzero(self.is_pos))


@dataclass(frozen=True, eq=False)
class BinaryRule:
    """The decision of `binary_rule`: which rows are positive, before any mask is
    built (so that a kernel can split the scores by ``values == pos_value`` directly).

    Attributes
    ----------
    values : ndarray
        The labels as read (the codes of a categorical).
    pos_value : object or None
        The positives are the rows with ``values == pos_value``; None: there are none.
    pos_label, neg_label, kind
        As `BinaryLabels`.
    n_pos : int or None
        The number of positives when the label scan counted them (None: not known yet).
    """

    values: np.ndarray
    pos_value: object
    pos_label: object
    neg_label: object
    kind: str
    n_pos: object = None

    def labels(self):
        """The `BinaryLabels` (with the boolean mask) of this rule."""
        if self.pos_value is None:
            is_pos = np.zeros(self.values.size, dtype=bool)
        elif self.values.dtype.kind == "b" and self.pos_value is True:
            is_pos = self.values
        else:
            is_pos = np.asarray(self.values == self.pos_value)
        return BinaryLabels(np.ascontiguousarray(is_pos, dtype=bool), self.pos_label,
                            self.neg_label, self.kind)


@dataclass(frozen=True, eq=False)
class ClassLabels:
    """Labels of a classification problem, read by `class_labels`.

    Attributes
    ----------
    codes : ndarray of int64
        ``classes[codes[i]]`` is the label of row i.
    classes : ndarray
        The classes in class order (sorted, or the category order of a categorical,
        unused categories included).
    kind : {"numeric", "boolean", "categorical", "object"}
    """

    codes: np.ndarray
    classes: np.ndarray
    kind: str

    @property
    def counts(self):
        """Rows per class, in ``classes`` order (0 for an unused category)."""
        return np.bincount(self.codes, minlength=self.classes.size)


# --------------------------------------------------------------------------- reading
def _categorical(y):
    """``(codes, categories)`` if ``y`` is a pandas Categorical / category Series."""
    pd = sys.modules.get("pandas")       # a pandas object implies pandas is imported
    if pd is None or not isinstance(getattr(y, "dtype", None), pd.CategoricalDtype):
        return None
    cat = y.array if isinstance(y, (pd.Series, pd.Index)) else y
    return np.asarray(cat.codes, dtype=np.int64), np.asarray(cat.categories)


def _as_array(y, name):
    if y is None:
        raise ValueError("%s is None" % name)
    pd = sys.modules.get("pandas")
    if pd is not None and isinstance(y, (pd.Series, pd.Index,
                                         pd.api.extensions.ExtensionArray)):
        if np.asarray(pd.isna(y)).any():
            raise ValueError("%s contains missing values (NaN / None / NA)" % name)
        dtype = y.dtype
        if isinstance(dtype, np.dtype):
            y = np.asarray(y)
        elif pd.api.types.is_bool_dtype(dtype):
            y = np.asarray(y, dtype=bool)
        elif pd.api.types.is_integer_dtype(dtype):
            y = np.asarray(y, dtype=np.int64)
        elif pd.api.types.is_float_dtype(dtype):
            y = np.asarray(y, dtype=np.float64)
        else:                                   # string and other extension dtypes
            y = np.asarray(y, dtype=object)
    try:
        arr = np.asarray(y)
    except Exception as exc:       # ragged lists and the like
        raise ValueError("%s cannot be converted to an array: %s" % (name, exc)) from None
    if arr.ndim != 1:
        raise ValueError("%s must be 1-dimensional, got shape %s" % (name, arr.shape))
    if arr.size == 0:
        raise ValueError("%s is empty" % name)
    kind = arr.dtype.kind
    if kind == "f" and np.isnan(arr).any():
        raise ValueError("%s contains NaN" % name)
    if kind in "mM":
        raise ValueError("%s holds dates/times (dtype %s), not class labels"
                         % (name, arr.dtype))
    if kind == "c":
        raise ValueError("%s is complex; class labels must be real numbers, booleans, "
                         "strings or a categorical" % name)
    if kind in "SV":
        arr = arr.astype(object) if kind == "V" else arr.astype(str)
    if kind == "O":
        arr = _object_labels(arr, name)
    return arr


def _is_missing(v):
    if v is None:
        return True
    try:
        return bool(v != v)          # NaN, pd.NA raises TypeError in bool()
    except TypeError:
        return True


def _object_labels(arr, name):
    """An object array: numbers become a numeric array, booleans a boolean one;
    anything else stays object (strings)."""
    vals = arr.tolist()
    if any(_is_missing(v) for v in vals):
        raise ValueError("%s contains missing values (None / NaN / NA)" % name)
    if all(isinstance(v, (bool, np.bool_)) for v in vals):
        return arr.astype(bool)
    if all(isinstance(v, (int, float, np.integer, np.floating))
           and not isinstance(v, (bool, np.bool_)) for v in vals):
        if all(isinstance(v, (int, np.integer)) for v in vals):
            return np.asarray(vals)           # int64 (or object for huge Python ints)
        return np.asarray(vals, dtype=np.float64)
    kinds = {type(v).__name__ for v in vals}
    if len(kinds) > 1 and not all(isinstance(v, str) for v in vals):
        raise ValueError("%s mixes label types %s; give numbers, booleans, strings or a "
                         "pandas Categorical" % (name, sorted(kinds)))
    return arr


def _distinct(arr, name):
    """Sorted distinct values; O(n) without a sort when there are at most two numbers."""
    return _distinct_counts(arr, name)[0]


def _distinct_counts(arr, name):
    """``(sorted distinct values, their counts or None)``: one pass (a C kernel for the
    common label dtypes) when there are at most two numbers, with their counts; else
    ``np.unique`` and no counts."""
    if arr.dtype.kind in "biuf":
        from . import _kernels

        found = _kernels.roc.two_values(arr)
        if found is not None:
            return found
    try:
        return np.unique(arr), None
    except TypeError:
        raise ValueError("%s mixes label types that cannot be ordered: %s"
                         % (name, sorted({type(v).__name__ for v in arr.tolist()}))) from None


def _kind(arr):
    return {"b": "boolean", "i": "numeric", "u": "numeric", "f": "numeric"}.get(
        arr.dtype.kind, "object")


def _listing(values):
    values = list(values)
    shown = ", ".join(repr(v.item() if isinstance(v, np.generic) else v)
                      for v in values[:_SHOW])
    return "[%s%s]" % (shown, ", ..." if len(values) > _SHOW else "")


def _same_label(a, b):
    """``a == b`` for labels, False (not an error) between incomparable types."""
    try:
        return bool(a == b)
    except (TypeError, ValueError):
        return False


# --------------------------------------------------------------------------- binary
def binary_labels(y_true, pos_label=None, *, name="y_true"):
    """Read two-class labels under the label contract; see the module docstring.

    The same as ``binary_rule(y_true, pos_label, name=name).labels()``.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        Numbers, booleans, strings, or a pandas Categorical / category Series.
    pos_label : label, optional
        The positive class.  Required for strings and objects; optional otherwise
        (default: the greater number, True, or the second category).
    name : str
        The argument's name in error messages.

    Returns
    -------
    BinaryLabels

    Raises
    ------
    ValueError
        Missing labels; more than two classes; strings without ``pos_label``;
        ``pos_label`` not among the labels (or, for a categorical, its levels).

    Examples
    --------
    >>> import numpy as np, pandas as pd
    >>> binary_labels([1, 2, 2, 1]).pos_label                  # the greater number
    2
    >>> y = pd.Categorical(["yes", "no", "yes"], categories=["yes", "no"])
    >>> binary_labels(y).pos_label                             # the second level, as R
    'no'
    >>> binary_labels(np.array(["0", "1", "1"]), pos_label="1").is_pos.tolist()
    [False, True, True]
    """
    return binary_rule(y_true, pos_label, name=name).labels()


def binary_rule(y_true, pos_label=None, *, name="y_true"):
    """`binary_labels` without the mask: a `BinaryRule` (the positives are
    ``rule.values == rule.pos_value``).  Same arguments, checks and errors.

    >>> r = binary_rule([1, 2, 2, 1])
    >>> int(r.pos_value), r.pos_label, r.labels().is_pos.tolist()
    (2, 2, [False, True, True, False])
    """
    cat = _categorical(y_true)
    if cat is not None:
        return _binary_categorical(cat, pos_label, name)
    arr = _as_array(y_true, name)
    classes, counts = _distinct_counts(arr, name)
    rule = _binary_rule_of(arr, classes, pos_label, name)
    if counts is not None and rule.pos_value is not None:
        at = [i for i, c in enumerate(classes.tolist()) if _same_label(c, rule.pos_value)]
        if len(at) == 1:
            rule = dataclasses.replace(rule, n_pos=int(counts[at[0]]))
    return rule


def _binary_rule_of(arr, classes, pos_label, name):
    """The `BinaryRule` of `binary_rule` from the labels and their distinct
    values."""
    kind = _kind(arr)
    if classes.size > 2:
        raise ValueError("%s has %d distinct labels %s; a ROC curve needs two (use "
                         "multiclass_auc for more)" % (name, classes.size, _listing(classes)))
    if pos_label is None:
        if kind == "object":
            hint = ""
            if all(isinstance(c, str) for c in classes.tolist()):
                hint = " (labels read as text, e.g. from a CSV: pos_label=%r)" % _plain(classes[-1])
            raise ValueError("%s holds strings/objects %s: pass pos_label to say which is "
                             "the positive class%s" % (name, _listing(classes), hint))
        if classes.size == 2:
            pos, neg = classes[1], classes[0]
        else:
            # one class: it is the positive one only if it is 1 / True (the {0, 1}
            # convention); the statistic is NaN either way
            only = classes[0]
            pos, neg = (only, None) if only == 1 else (None, only)
        if arr.dtype.kind == "b" and pos is not None:
            pos = True                  # the mask is the array itself
        pos_label = _plain(pos if pos is not None else (True if kind == "boolean" else 1))
        return BinaryRule(arr, pos, pos_label, _plain(neg), kind)
    hits = [c for c in classes.tolist() if _same_label(c, pos_label)]
    if not hits:
        if classes.size == 2:
            hint = ""
            if kind == "object" and str(pos_label) in [str(c) for c in classes.tolist()]:
                hint = " (the labels are strings: pos_label=%r?)" % str(pos_label)
            raise ValueError("pos_label=%r is not one of the labels of %s %s%s"
                             % (pos_label, name, _listing(classes), hint))
        # one class, and it is the negative
        return BinaryRule(arr, None, pos_label, _plain(classes[0]), kind)
    others = [c for c in classes.tolist() if not _same_label(c, pos_label)]
    return BinaryRule(arr, hits[0], _plain(hits[0]), _plain(others[0]) if others else None,
                      kind)


def _plain(v):
    return v.item() if isinstance(v, np.generic) else v


def _binary_categorical(cat, pos_label, name):
    codes, levels = cat
    if (codes < 0).any():
        raise ValueError("%s contains missing values (NaN in the categorical)" % name)
    used = np.bincount(codes, minlength=levels.size) > 0
    if pos_label is None:
        if levels.size != 2:
            raise ValueError(
                "%s is a categorical with %d levels %s (used: %s); a binary statistic takes "
                "the second of exactly two levels as positive (R: levels = c(controls, "
                "cases)): pass pos_label, or drop unused levels with "
                ".cat.remove_unused_categories()"
                % (name, levels.size, _listing(levels), _listing(levels[used])))
        p = 1
    else:
        match = [i for i, c in enumerate(levels.tolist()) if _same_label(c, pos_label)]
        if not match:
            raise ValueError("pos_label=%r is not one of the levels of %s %s"
                             % (pos_label, name, _listing(levels)))
        p = match[0]
    other = [i for i in np.flatnonzero(used).tolist() if i != p]
    if len(other) > 1:
        raise ValueError("%s has %d classes in use %s; a ROC curve needs two (use "
                         "multiclass_auc for more)"
                         % (name, int(used.sum()), _listing(levels[used])))
    if other:
        neg = levels[other[0]]
    elif pos_label is None:
        neg = levels[0]
    else:
        unused = [i for i in range(levels.size) if i != p]
        neg = levels[unused[0]] if len(unused) == 1 else None
    return BinaryRule(codes, p, _plain(levels[p]), _plain(neg), "categorical")


# --------------------------------------------------------------------------- classes
def class_labels(y, *, name="y"):
    """Read class labels for a classifier or a multiclass statistic.

    Numbers, booleans and strings: the sorted distinct values.  A pandas Categorical /
    category Series: its categories in their order, unused ones included (as R keeps
    factor levels).

    Returns
    -------
    ClassLabels

    Examples
    --------
    >>> import pandas as pd
    >>> c = class_labels(pd.Series(["b", "a", "b"], dtype=pd.CategoricalDtype(["b", "a", "z"])))
    >>> c.classes.tolist(), c.codes.tolist(), c.counts.tolist()
    (['b', 'a', 'z'], [0, 1, 0], [2, 1, 0])
    >>> class_labels(["b", "a", "b"]).classes.tolist()
    ['a', 'b']
    """
    cat = _categorical(y)
    if cat is not None:
        codes, levels = cat
        if (codes < 0).any():
            raise ValueError("%s contains missing values (NaN in the categorical)" % name)
        return ClassLabels(np.ascontiguousarray(codes), levels, "categorical")
    arr = _as_array(y, name)
    try:
        classes, codes = np.unique(arr, return_inverse=True)
    except TypeError:
        raise ValueError("%s mixes label types that cannot be ordered: %s"
                         % (name, sorted({type(v).__name__ for v in arr.tolist()}))) from None
    return ClassLabels(np.ascontiguousarray(codes.reshape(-1), dtype=np.int64), classes,
                       _kind(arr))
