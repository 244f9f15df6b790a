"""R's order of strings: ``factor(x)`` levels sorted by R's collation, through rpy2.

rocstats sorts plain strings (class labels of a classifier, the levels of a string
column of a tree's data) by code point, the same on every machine: ``"B" < "Z" < "a"``.
R's ``factor()`` sorts them with ``sort()``, which follows the locale's collation (ICU's
when R has it): ``"a" < "B" < "Z"`` in most locales, code points only under
``LC_ALL=C``.  The level order decides the class order, which class a binary statistic
takes as positive (the second level) and, in a tree, which of two equally good
categorical splits is listed first -- so string data can give a different rpart tree
(31 of 200 random string data sets did; none under ``LC_ALL=C``).

`r_factor` gives R's order: it returns the strings as a pandas Categorical whose
categories are R's ``levels(factor(x))`` in the running R's locale; under the label
contract a Categorical's category order is used as it is.
"""
import numpy as np

from ._session import r_package_status, undo_r_library_path

__all__ = ["r_factor", "r_levels"]


def _require():
    ok, why = r_package_status("base")
    if not ok:
        raise RuntimeError("rocstats.r.r_factor needs R through rpy2 (to sort as R's "
                           "factor() does, in R's locale); it cannot run here: %s. Without "
                           "R, give a pandas Categorical with the levels in the order you "
                           "want (rocstats otherwise sorts strings by code point)" % (why,))


def r_levels(values):
    """``levels(factor(values))`` as R computes them: the distinct non-missing strings
    sorted by R's collation (``sort(unique(x))``) in the running R's locale.

    Parameters
    ----------
    values : sequence of str (None / NaN are missing and ignored)

    Returns
    -------
    list of str
    """
    _require()
    from rpy2 import robjects

    undo_r_library_path()
    strings = []
    for v in values:
        if v is None or (isinstance(v, float) and np.isnan(v)):
            continue
        if not isinstance(v, str):
            raise ValueError("values must be strings (or None / NaN for missing), got %r "
                             "of type %s" % (v, type(v).__name__))
        strings.append(v)
    distinct = sorted(set(strings))            # any order: R sorts
    if not distinct:
        return []
    out = robjects.r("function(x) sort(x)")(robjects.StrVector(distinct))
    return [str(s) for s in out]


def r_factor(values):
    """The strings ``values`` as a pandas Categorical with R's level order: what
    ``factor(values)`` gives in R (levels sorted by R's collation in its locale), so that
    a classifier's ``classes_``, a binary statistic's positive class and a tree's
    categorical splits follow R's order rather than rocstats' code-point order.

    Parameters
    ----------
    values : sequence or pandas Series of str (None / NaN are missing values)

    Returns
    -------
    pandas.Categorical (a Series keeps its index and name)

    Raises
    ------
    RuntimeError
        R cannot be run through rpy2 here (the message says why).

    Examples
    --------
    >>> from rocstats.r import r_factor
    >>> list(r_factor(["b", "B", "a", "A"]).categories)   # doctest: +SKIP
    ['a', 'A', 'b', 'B']
    """
    import pandas as pd

    levels = r_levels(list(values))
    if isinstance(values, pd.Series):
        return pd.Series(pd.Categorical(values.where(values.notna(), None), categories=levels),
                         index=values.index, name=values.name)
    return pd.Categorical(list(values), categories=levels)
