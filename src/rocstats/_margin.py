r"""Margins, equivalence (TOST) and one-sided intervals: the arithmetic shared by
``roc_test``, ``roc_test_unpaired``, ``delong_test``, ``delong_test_unpaired``,
``auc_test`` and the ``conf_int`` methods of the results.

Every test here is a Wald-type test of an estimate :math:`\hat\theta` with standard error
:math:`s` (DeLong's, or the SD of bootstrap replicates) and a reference distribution F
(standard normal, or Student's t with the unpaired DeLong test's df):

* non-inferiority / superiority by a margin (Chow, Shao & Wang 2008, *Sample Size
  Calculations in Clinical Research*, sections 3.2 and 4.2; for ROC curves Liu, Ma, Wu &
  Tai 2006, Stat Med 25:1219): with a boundary b, ``alternative="greater"`` tests H0:
  theta <= b against H1: theta > b by ``T = (theta - b) / s``, ``p = 1 - F(T)``;
  ``"less"`` tests H0: theta >= b, ``p = F(T)``;
* equivalence (Schuirmann's 1987 two one-sided tests, J Pharmacokinet Biopharm 15:657):
  H0: theta <= low or theta >= high against low < theta < high, ``p = max(1 - F((theta -
  low) / s), F((theta - high) / s))``; rejecting at alpha is the same as the
  ``1 - 2 alpha`` two-sided interval lying inside (low, high).
* one-sided intervals: ``[theta - q s, upper end)`` (``alternative="greater"``) or
  ``(lower end, theta + q s]`` (``"less"``), q the ``level`` quantile of F -- the bound
  that matches the one-sided test (it excludes b exactly when that test rejects at
  ``1 - level``).
"""
import dataclasses

import numpy as np

from . import _dist

__all__ = ["MarginSpec", "check_margin", "apply_margin", "one_sided_quantile",
           "ALTERNATIVES"]

ALTERNATIVES = ("two-sided", "greater", "less")


def _number(value, name):
    from ._validation import check_number

    return check_number(value, name)


@dataclasses.dataclass(frozen=True)
class MarginSpec:
    """What a margin / equivalence request asks: ``kind`` ("margin" or "equivalence"),
    the boundary or bounds on the estimate's scale, the alternative and a text."""

    kind: str
    bounds: tuple
    alternative: str
    text: str


def check_margin(margin, equivalence, alternative, *, center=0.0, what="AUC_a - AUC_b",
                 method=None):
    """Validate ``margin`` / ``equivalence`` and return a `MarginSpec` (None when
    neither is given).

    ``margin`` (a number, either sign) with ``alternative="greater"``: H0: theta <=
    ``center - margin`` (non-inferiority for a positive margin, superiority by
    ``-margin`` for a negative one); with ``"less"``: H0: theta >= ``center + margin``.
    ``equivalence=(low, high)``: bounds on theta itself, ``low < high``, with the default
    ``alternative="two-sided"`` (the two one-sided tests).  ``what`` names theta in the
    hypothesis text."""
    if margin is None and equivalence is None:
        return None
    if method == "venkatraman":
        raise ValueError("margin and equivalence need an estimate with a standard error; "
                         "Venkatraman's test has none (use method='delong' or 'bootstrap')")
    if margin is not None and equivalence is not None:
        raise ValueError("give either margin (a one-sided test) or equivalence=(low, high) "
                         "(two one-sided tests), not both")
    if margin is not None:
        m = _number(margin, "margin")
        if alternative == "two-sided":
            raise ValueError("margin needs alternative='greater' (H0: %s <= %g - margin) or "
                             "'less' (H0: %s >= %g + margin); for a two-sided margin use "
                             "equivalence=(low, high)" % (what, center, what, center))
        if alternative == "greater":
            b = center - m
            kind = ("non-inferiority, margin %g" % m if m > 0 else
                    "superiority by %g" % -m if m < 0 else "one-sided, no margin")
            text = "H0: %s <= %g (%s)" % (what, b, kind)
        else:
            b = center + m
            kind = ("non-inferiority of the other, margin %g" % m if m > 0 else
                    "inferiority by %g" % -m if m < 0 else "one-sided, no margin")
            text = "H0: %s >= %g (%s)" % (what, b, kind)
        return MarginSpec("margin", (b,), alternative, text)
    try:
        low, high = equivalence
    except (TypeError, ValueError):
        raise ValueError("equivalence must be a pair (low, high), got %r"
                         % (equivalence,)) from None
    low, high = _number(low, "equivalence low"), _number(high, "equivalence high")
    if not low < high:
        raise ValueError("equivalence must have low < high, got (%r, %r)" % (low, high))
    if alternative != "two-sided":
        raise ValueError("equivalence=(low, high) is two one-sided tests: leave alternative "
                         "at 'two-sided' (got %r)" % (alternative,))
    text = "H0: %s <= %g or >= %g (equivalence, two one-sided tests)" % (what, low, high)
    return MarginSpec("equivalence", (low, high), "equivalence", text)


def _distribution(result):
    if result.distribution == "t" and result.df is not None:
        df = result.df
        return (lambda x: float(_dist.t_sf(x, df))), (lambda x: float(_dist.t_cdf(x, df)))
    return (lambda x: float(_dist.norm_sf(x))), (lambda x: float(_dist.norm_cdf(x)))


def _stat(est, b, se):
    d = float(est) - float(b)
    if d == 0.0 and se == 0.0:
        return 0.0
    with np.errstate(divide="ignore", invalid="ignore"):
        return float(np.float64(d) / np.float64(se))


def apply_margin(result, spec):
    """The TestResult of ``spec`` from the two-sided ``result`` of the same data (its
    ``estimate``, ``se``, ``distribution`` and ``df``): statistic, p-value, alternative,
    ``hypothesis``, ``bounds`` and, for equivalence, the two one-sided ``pvalues``."""
    est, se = result.estimate, result.se
    if se is None or np.ndim(est) != 0:
        raise ValueError("margin / equivalence need a scalar estimate with a standard error")
    if result.distribution == "permutation":
        raise ValueError("margin / equivalence are not defined for a permutation test")
    sf, cdf = _distribution(result)
    nan = float("nan")
    if spec.kind == "margin":
        b = spec.bounds[0]
        t = _stat(est, b, se)
        p = nan if np.isnan(t) else (sf(t) if spec.alternative == "greater" else cdf(t))
        return dataclasses.replace(result, statistic=t, pvalue=p,
                                   alternative=spec.alternative, hypothesis=spec.text,
                                   bounds=spec.bounds)
    low, high = spec.bounds
    t_low, t_high = _stat(est, low, se), _stat(est, high, se)
    p_low = nan if np.isnan(t_low) else sf(t_low)       # H1: theta > low
    p_high = nan if np.isnan(t_high) else cdf(t_high)   # H1: theta < high
    if np.isnan(p_low) or np.isnan(p_high):
        t, p = nan, nan
    elif p_low >= p_high:
        t, p = t_low, p_low
    else:
        t, p = t_high, p_high
    return dataclasses.replace(result, statistic=t, pvalue=p, alternative="equivalence",
                               hypothesis=spec.text, bounds=spec.bounds,
                               pvalues=(p_low, p_high))


def check_alternative(alternative):
    if alternative not in ALTERNATIVES:
        raise ValueError("alternative must be one of %s, got %r" % (ALTERNATIVES, alternative))
    return alternative


def one_sided_quantile(level, alternative, ppf):
    """The quantile of a ``level`` interval: ``ppf((1 + level) / 2)`` two-sided,
    ``ppf(level)`` one-sided."""
    check_alternative(alternative)
    return ppf(0.5 + level / 2.0) if alternative == "two-sided" else ppf(level)


def one_sided(lower, upper, alternative, low_end, high_end):
    """Keep the bound of a one-sided interval: ``greater`` -> (lower, high_end),
    ``less`` -> (low_end, upper); arrays or scalars."""
    if alternative == "greater":
        return lower, np.full(np.shape(lower), high_end) if np.ndim(lower) else high_end
    if alternative == "less":
        return np.full(np.shape(upper), low_end) if np.ndim(upper) else low_end, upper
    return lower, upper
