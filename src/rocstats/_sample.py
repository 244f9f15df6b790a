"""One validated binary problem: `BinarySample`, under every binary statistic.

Every binary statistic starts the same way -- read the labels under the label contract
(`rocstats._labels`), read the scores under the float64 policy
(`rocstats._options`), check that they have the same rows, apply ``direction``,
count the classes, and stop with a warning and NaN when a class is absent.  That
prologue is written here once (as scipy's ``stats/_mannwhitneyu.py`` validates in one
helper before choosing a method and computing).

The scores are held in *working space*: float64, C-contiguous, negated for
``direction=">"``, so that every kernel treats higher scores as more positive.  A score
container may be 1-D (one marker) or 2-D (k markers of the same cases: an array or a
pandas DataFrame, whose column names are kept as ``names``).

Swapped arguments -- ``f(y_score, y_true)`` -- are recognised and named in the error:
labels with many distinct values beside "scores" with at most two.
"""
import functools
from typing import Any, Callable, TypeVar, cast

import numpy as np

from . import _labels
from ._options import as_float_array, check_sample_weight, check_weight_type
from ._validation import check_direction, check_finite, warn_one_class

__all__ = ["BinarySample", "binary_sample", "paired_sample", "score_names", "roc_arguments",
           "per_marker"]


def score_names(y_score):
    """The names of a score container's columns: a DataFrame's column names, else None."""
    cols = getattr(y_score, "columns", None)
    return None if cols is None else tuple(str(c) for c in cols)


class BinarySample:
    """Labels and scores of one binary problem, validated once.

    Attributes
    ----------
    rule : rocstats._labels.BinaryRule
        Which label is positive (no mask built until `is_pos` is asked for).
    score : ndarray of float64, shape (n,) or (n, k)
        Working-space scores (``direction=">"`` negated): higher = more positive.
    direction : {"<", ">"}
    names : tuple of str or None
        The k columns' names (a DataFrame's), None for 1-D scores or a plain array.
    score_name : str
        The scores' argument name in messages.
    weights : ndarray or None
        Validated ``sample_weight`` (float64), with ``weight_type``.
    """

    def __init__(self, rule, score, direction, *, names=None, score_name="y_score",
                 weights=None, weight_type=None):
        self.rule = rule
        self.score = score
        self.direction = direction
        self.names = names
        self.score_name = score_name
        self.weights = weights
        self.weight_type = weight_type
        self._is_pos = None
        self._m = rule.n_pos if rule.pos_value is not None else 0
        #: pieces computed once and shared by the statistics of this sample (the ROC
        #: object fills them from its one sort): "sorted", "orders", "curve", "boot"
        self.cache = {}

    def cached(self, key, make):
        """``self.cache[key]``, made by ``make()`` on first use."""
        try:
            return self.cache[key]
        except KeyError:
            value = self.cache[key] = make()
            return value

    # ------------------------------------------------------------------ the labels
    @property
    def pos_label(self):
        return self.rule.pos_label

    @property
    def neg_label(self):
        return self.rule.neg_label

    @property
    def is_pos(self):
        """Boolean mask of the positives (built on first use)."""
        if self._is_pos is None:
            self._is_pos = self.rule.labels().is_pos
        return self._is_pos

    @property
    def m(self):
        """Number of positives (cases)."""
        if self._m is None:
            self._m = int(np.count_nonzero(self.is_pos))
        return self._m

    @property
    def n(self):
        """Number of negatives (controls)."""
        return self.size - self.m

    @property
    def size(self):
        return self.score.shape[0]

    @property
    def k(self):
        """Number of score columns (None for a 1-D score)."""
        return None if self.score.ndim == 1 else self.score.shape[1]

    # ------------------------------------------------------------------ guards
    def undefined(self, what="AUC"):
        """Warn (`rocstats.UndefinedAUCWarning`) and return True when a class is
        absent: the statistic is then NaN (the one-class guard of every statistic)."""
        return warn_one_class(self.m, self.n, what)

    def nan(self):
        """NaN of the statistic's shape: a float (1-D scores) or k NaNs."""
        return float("nan") if self.k is None else np.full(self.k, np.nan)

    def nan_cov(self):
        """NaN covariance: None (1-D scores) or a k x k matrix of NaN."""
        return None if self.k is None else np.full((self.k, self.k), np.nan)

    # ------------------------------------------------------------------ pieces
    def column(self, j):
        """The sample of score column ``j`` (1-D; the same labels, the mask shared)."""
        s = BinarySample(self.rule, np.ascontiguousarray(self.score[:, j]), self.direction,
                         score_name=self.score_name, weights=self.weights,
                         weight_type=self.weight_type)
        s._is_pos, s._m = self._is_pos, self._m
        return s


def _looks_swapped(y_true, y_score):
    """True when ``y_true`` looks like scores and ``y_score`` like labels: the "labels"
    have more than two distinct numbers and the "scores" at most two."""
    try:
        t = np.asarray(y_true)
        s = np.asarray(y_score)
    except Exception:  # noqa: BLE001 - no verdict on exotic input
        return False
    if t.ndim != 1 or s.ndim != 1 or t.dtype.kind not in "iuf" or s.size == 0:
        return False
    if s.dtype.kind not in "biuf" and not (s.dtype.kind in "OU" and s.size):
        return False
    try:
        return np.unique(s).size <= 2
    except TypeError:
        return False


def _read_rule(y_true, y_score, pos_label, score_name):
    try:
        return _labels.binary_rule(y_true, pos_label)
    except ValueError as exc:
        if "distinct labels" in str(exc) and _looks_swapped(y_true, y_score):
            raise ValueError(
                "y_true has %d distinct values and %s at most 2: the arguments look "
                "swapped.  The labels come first: f(y_true, %s), e.g. "
                "rocstats.auc(df['outcome'], df['marker'])"
                % (np.unique(np.asarray(y_true)).size, score_name, score_name)) from None
        raise


def _given_sample(y_true, y_score, ndim, score_name="y_score"):
    """The validated sample of a `rocstats.ROC` (or a sample) passed in place of
    the data, as pROC's functions take a ``roc`` object: ``coords(r, "best")``.  Scores
    passed beside it are refused, not ignored: the ROC holds its own."""
    sample = getattr(y_true, "_roc_sample", None)
    if sample is None and isinstance(y_true, BinarySample):
        sample = y_true
    if sample is None:
        return None
    if y_score is not None:
        raise ValueError("%s must not be given with a rocstats.ROC in place of y_true: the "
                         "ROC holds its own scores (pass the data instead, or the ROC alone)"
                         % score_name)
    if sample.score.ndim not in ndim:
        raise ValueError("this statistic needs %s-dimensional scores; the ROC holds %d-D "
                         "scores" % (" or ".join(map(str, ndim)), sample.score.ndim))
    return sample


def _two_dimensional(y_score):
    if y_score is None or isinstance(y_score, (str, bytes)):
        return False
    if hasattr(y_score, "columns"):
        return True
    try:
        return np.ndim(y_score) == 2
    except (TypeError, ValueError):           # ragged: the reader names the problem
        return False


_F = TypeVar("_F", bound=Callable[..., Any])


def per_marker(fn: _F) -> _F:
    """Let a one-marker statistic take every score container: with k markers (a 2-D
    array or a DataFrame) it returns ``{name: result}`` -- a DataFrame's column names, or
    "score 0", "score 1", ... -- computed marker by marker on the same labels."""
    @functools.wraps(fn)
    def wrapper(y_true, y_score=None, *args, **kwargs):
        if not _two_dimensional(y_score) or getattr(y_true, "_roc_sample", None) is not None:
            return fn(y_true, y_score, *args, **kwargs)
        names = score_names(y_score)
        if names is not None:
            columns = [y_score[c] for c in y_score.columns]
        else:
            arr = np.asarray(y_score)
            columns = [arr[:, j] for j in range(arr.shape[1])]
            names = tuple("score %d" % j for j in range(arr.shape[1]))
        if not columns:
            raise ValueError("y_score has no columns")
        return {name: fn(y_true, col, *args, **kwargs) for name, col in zip(names, columns)}
    return cast(_F, wrapper)   # the same signature; k markers give {name: result}


def roc_arguments(y_true, y_score, x, default, name="x"):
    """``(y_score, x)`` of a function called pROC's way, ``f(r, x)`` with a
    `rocstats.ROC` ``r``: its second positional argument is then ``x``."""
    if y_score is None or getattr(y_true, "_roc_sample", None) is None:
        return y_score, x
    if x is not default:
        raise ValueError("%s is given twice: with a ROC first, f(r, %s) or f(r, %s=...)"
                         % (name, name, name))
    return None, y_score


def binary_sample(y_true, y_score, *, pos_label=None, direction="<", score_name="y_score",
                  ndim=(1,), finite=True, sample_weight=None, weight_type=None):
    """Validate a binary problem once: a `BinarySample`.

    Parameters
    ----------
    y_true : array-like of shape (n,)
        Two-class labels under the label contract (`rocstats._labels`).
    y_score : array-like of shape (n,) or (n, k)
        Scores: a 1-D array-like, or (``ndim=(1, 2)`` / ``(2,)``) a 2-D array or a
        DataFrame of k markers (column names kept).
    pos_label, direction
        As everywhere; ``direction`` is checked first, and never guessed.
    finite : bool
        False: the scores' finiteness is left to the caller (a kernel that checks it
        while splitting, `rocstats.curves._auc.split_sort_rule`).
    sample_weight, weight_type
        Case weights, validated by `rocstats._options.check_sample_weight`.

    The checks run in a fixed order -- direction, labels, scores, rows, columns,
    weights -- so that the first problem is the one reported.
    """
    given = _given_sample(y_true, y_score, ndim, score_name)
    if given is not None:
        return given
    check_direction(direction)
    names = score_names(y_score)
    rule = _read_rule(y_true, y_score, pos_label, score_name)
    score = as_float_array(y_score, score_name, ndim=ndim, finite=finite)
    try:
        if score.shape[0] != rule.values.shape[0]:
            raise ValueError("y_true has %d rows but %s has %d" % (
                rule.values.shape[0], score_name, score.shape[0]))
        if score.ndim == 2 and score.shape[1] == 0:
            raise ValueError("%s has no columns" % score_name)
        w = None
        if sample_weight is not None:
            if weight_type is not None:
                check_weight_type(weight_type)
            w = check_sample_weight(sample_weight, score.shape[0], weight_type)
    except ValueError:
        if not finite:       # deferred to the kernel, but the scores' check comes first
            check_finite(score, score_name)
        raise
    if direction == ">":
        score = -score
    return BinarySample(rule, score, direction, names=names if score.ndim == 2 else None,
                        score_name=score_name, weights=w, weight_type=weight_type)


def paired_sample(y_true, y_score_a, y_score_b, *, pos_label=None, direction="<"):
    """`binary_sample` of two paired scores of the same cases: a sample with a
    2-column score (column 0 = ``y_score_a``, column 1 = ``y_score_b``)."""
    a = as_float_array(y_score_a, "y_score_a")
    b = as_float_array(y_score_b, "y_score_b")
    if a.shape != b.shape:
        raise ValueError("y_score_a has %d rows but y_score_b has %d" % (a.size, b.size))
    return binary_sample(y_true, np.column_stack([a, b]), pos_label=pos_label,
                         direction=direction, score_name="y_score_a/y_score_b", ndim=(2,))

