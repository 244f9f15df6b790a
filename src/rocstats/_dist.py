"""Normal, Student t and chi-square tails and quantiles from ``scipy.special``.

The same special functions ``scipy.stats`` evaluates (``norm.sf(x) = ndtr(-x)``,
``t.sf(x, df) = stdtr(df, -x)``, ``t.ppf(q, df) = stdtrit(df, q)``, ``chi2.sf(x, k) =
chdtrc(k, x)``), so the numbers are bit-identical, without importing ``scipy.stats``
(about a second of ``import rocstats`` on a cold start).
"""
import numpy as np
from scipy import special

__all__ = ["norm_sf", "norm_cdf", "norm_ppf", "t_sf", "t_cdf", "t_ppf", "chi2_sf"]


def norm_sf(x):
    """P(Z > x), Z standard normal."""
    return special.ndtr(-x)


def norm_cdf(x):
    """P(Z <= x)."""
    return special.ndtr(x)


def norm_ppf(q):
    """The q quantile of the standard normal."""
    return special.ndtri(q)


def t_sf(x, df):
    """P(T > x), T Student t with ``df`` degrees of freedom."""
    return special.stdtr(df, -x)


def t_cdf(x, df):
    """P(T <= x)."""
    return special.stdtr(df, x)


def t_ppf(q, df):
    """The q quantile of Student's t with ``df`` degrees of freedom."""
    return special.stdtrit(df, q)


def chi2_sf(x, k):
    """P(X > x), X chi-square with k degrees of freedom."""
    return special.chdtrc(k, x)


def pvalue(stat, alternative, df=None):
    """P-value of ``stat`` for H1: difference != / > / < 0 (``alternative``
    "two-sided", "greater", "less"), from the standard normal (``df=None``) or Student's
    t with ``df`` degrees of freedom."""
    if df is None:
        sf, cdf = norm_sf, norm_cdf
    else:
        sf, cdf = (lambda x: t_sf(x, df)), (lambda x: t_cdf(x, df))
    if alternative == "two-sided":
        return float(2.0 * sf(abs(stat)))
    if alternative == "greater":
        return float(sf(stat))
    return float(cdf(stat))


def wald_z(d, se):
    """``d / se`` as a float: 0 for 0 / 0 (identical curves, an estimate on its null with
    no spread, as pROC), +-inf for d / 0 (p = 0), NaN through a NaN."""
    if d == 0.0 and se == 0.0:
        return 0.0
    with np.errstate(divide="ignore", invalid="ignore"):
        return float(np.float64(d) / se)
