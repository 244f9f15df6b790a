"""Confidence intervals of a binomial proportion x / n, as ``epiR::epi.tests`` computes them.

Four methods (epiR 2.0.57's ``zexact`` / ``zclopperpearson``, ``zwilson``, ``zagresti``,
``zjeffreys``), vectorised over arrays of counts:

* ``"exact"`` (alias ``"clopper-pearson"``): Clopper & Pearson (1934),
  ``[B^-1(alpha/2; x, n - x + 1), B^-1(1 - alpha/2; x + 1, n - x)]`` with the bound at 0
  (x = 0) or 1 (x = n);
* ``"wilson"``: Wilson's (1927) score interval,
  ``(p + z^2/2n -/+ z sqrt(p(1-p)/n + z^2/4n^2)) / (1 + z^2/n)``;
* ``"agresti"``: Agresti & Coull (1998), the Wald interval of
  ``p~ = (x + z^2/2) / (n + z^2)`` with ``n~ = n + z^2``, truncated to [0, 1];
* ``"jeffreys"``: the equal-tailed interval of the Beta(x + 1/2, n - x + 1/2) posterior
  (Brown, Cai & DasGupta 2001), unmodified at x = 0 and x = n (as epiR).

Deliberate differences from epiR (each tested):
the estimate is always the proportion x / n (epiR's ``"agresti"`` reports the adjusted
p~ as the estimate); the Agresti-Coull interval is truncated to [0, 1] (Agresti & Coull's
own recommendation; epiR's can leave it); a proportion over an empty denominator (n = 0)
is NaN with a NaN interval (epiR gives [0, 1] by "exact" and the prior's quantiles by
"jeffreys").
"""
import numpy as np
from scipy import special

from .. import _dist

__all__ = ["METHODS", "check_method", "proportion_interval", "z_value"]

#: accepted spellings -> the method computed
METHODS = {"exact": "exact", "clopper-pearson": "exact", "clopper_pearson": "exact",
           "wilson": "wilson", "agresti": "agresti", "agresti-coull": "agresti",
           "jeffreys": "jeffreys"}


def check_method(method):
    try:
        return METHODS[method]
    except (KeyError, TypeError):
        raise ValueError("method must be one of 'exact' (Clopper-Pearson), 'wilson', "
                         "'agresti' or 'jeffreys' (epiR's epi.tests), got %r"
                         % (method,)) from None


def z_value(level):
    """The two-sided normal quantile of ``level``: ``qnorm(1 - (1 - level) / 2)``."""
    return float(_dist.norm_ppf(1.0 - (1.0 - level) / 2.0))


def proportion_interval(x, n, level, method):
    """``(estimate, lower, upper)`` of the proportions ``x / n`` (arrays broadcast).

    ``x`` and ``n`` are counts (integers or integer-valued floats, 0 <= x <= n);
    ``method`` one of `METHODS`.  n = 0 gives NaN everywhere.

    Examples
    --------
    7 of 20, exact (Clopper-Pearson) 95 % interval (R: ``binom.test(7, 20)$conf.int``
    gives 0.1539092 0.5921885):

    >>> est, lo, hi = proportion_interval(7, 20, 0.95, "exact")
    >>> round(float(est), 4), round(float(lo), 7), round(float(hi), 7)
    (0.35, 0.1539092, 0.5921885)
    """
    method = check_method(method)
    x = np.asarray(x, dtype=np.float64)
    n = np.asarray(n, dtype=np.float64)
    x, n = np.broadcast_arrays(x, n)
    alpha = 1.0 - level
    z = z_value(level)
    empty = n == 0
    with np.errstate(invalid="ignore", divide="ignore"):
        p = x / n
        if method == "exact":
            lo = np.where(x == 0, 0.0, special.betaincinv(np.maximum(x, 1e-300), n - x + 1,
                                                          alpha / 2))
            hi = np.where(x == n, 1.0, special.betaincinv(x + 1, np.maximum(n - x, 1e-300),
                                                          1 - alpha / 2))
        elif method == "wilson":
            centre = (p + z * z / (2 * n)) / (1 + z * z / n)
            half = z * np.sqrt((p * (1 - p) + z * z / (4 * n)) / n) / (1 + z * z / n)
            lo, hi = centre - half, centre + half
        elif method == "agresti":
            nt = n + z * z
            pt = (x + z * z / 2) / nt
            half = z * np.sqrt(pt * (1 - pt) / nt)
            lo, hi = np.clip(pt - half, 0.0, 1.0), np.clip(pt + half, 0.0, 1.0)
        else:  # jeffreys
            lo = special.betaincinv(x + 0.5, n - x + 0.5, alpha / 2)
            hi = special.betaincinv(x + 0.5, n - x + 0.5, 1 - alpha / 2)
    p = np.where(empty, np.nan, p)
    lo = np.where(empty, np.nan, lo)
    hi = np.where(empty, np.nan, hi)
    return p, lo, hi
