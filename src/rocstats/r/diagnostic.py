"""Run epiR's ``epi.tests`` and cutpointr's ``cutpointr`` live through rpy2.

The R code is ``diagnostic_helpers.R`` next to this file, which the repository's
the generator of the stored results sources too (stored and live numbers come from the same
R code).  Nothing here imports rpy2 at module import; `epir_available` and
`cutpointr_available` say whether each can run and why not.
"""
import functools
from pathlib import Path

import numpy as np

from ._session import r_package_status, source_helpers

__all__ = ["epir_available", "cutpointr_available", "epi_tests", "epi_tests_at",
           "cutpointr_fit", "HELPERS_R"]

HELPERS_R = Path(__file__).with_name("diagnostic_helpers.R")


@functools.lru_cache(maxsize=None)
def _available(package):
    ok, pkg = r_package_status(package)
    if not ok:
        return False, pkg
    return True, "%s, %s %s, rpy2 %s" % (pkg.r_version, package, pkg.version, pkg.rpy2_version)


def epir_available():
    """``(True, description)`` when epiR can be run through rpy2, else ``(False, reason)``."""
    return _available("epiR")


def cutpointr_available():
    """``(True, description)`` when cutpointr can be run through rpy2, else ``(False, reason)``."""
    return _available("cutpointr")


@functools.lru_cache(maxsize=None)
def _helpers():
    return source_helpers(HELPERS_R)


def _call(available, name, *args):
    ok, reason = available()
    if not ok:
        raise RuntimeError("rocstats.r.diagnostic: %s" % reason)
    from rpy2.robjects import default_converter, numpy2ri
    from rpy2.robjects.conversion import localconverter

    from ._proc import _to_python

    with localconverter(default_converter + numpy2ri.converter):
        return _to_python(_helpers()[name](*args))


def epi_tests(tp, fp, fn, tn, *, method="exact", level=0.95):
    """``epiR::epi.tests(c(tp, fp, fn, tn), method, conf.level = level)$detail`` as a dict
    ``{statistic: (est, lower, upper)}`` (NaN / inf as R gives them)."""
    out = _call(epir_available, "rocstats_epi_tests",
                np.array([tp, fp, fn, tn], dtype=np.float64), method, float(level))
    return {s: (e, lo, hi) for s, e, lo, hi in zip(out["statistic"], out["est"],
                                                    out["lower"], out["upper"])}


def epi_tests_at(is_case, score, threshold, *, direction="<", method="exact", level=0.95):
    """The 2 x 2 table counted in R at ``threshold`` (``score >= threshold`` test positive,
    ``<=`` for direction ">") and `epi_tests` of it: ``(counts, detail)``."""
    case = np.asarray(is_case, dtype=bool)
    s = np.ascontiguousarray(score, dtype=np.float64)
    counts = _call(epir_available, "rocstats_table_at", case, s, float(threshold), direction)
    return counts, epi_tests(*counts, method=method, level=level)


def cutpointr_fit(y, score, pos_class, *, direction=">=", metric="youden",
                  use_midpoints=False, break_ties="median", min_constrain=0.5,
                  boot_runs=0, boot_stratify=False, seed=1):
    """``cutpointr::cutpointr`` on one marker (see ``diagnostic_helpers.R``): a dict with
    ``optimal_cutpoint`` (a list with ``break_ties="all"``), ``value`` (the metric),
    ``sensitivity``, ``specificity``, ``acc``, ``AUC`` and with ``boot_runs`` the bootstrap
    table's numeric columns (``boot``)."""
    y = np.asarray(y)
    if y.dtype.kind in "OUS":
        y = y.astype(str)
    return _call(cutpointr_available, "rocstats_cutpointr", y,
                 np.ascontiguousarray(score, dtype=np.float64), pos_class, direction, metric,
                 bool(use_midpoints), break_ties, float(min_constrain), int(boot_runs),
                 bool(boot_stratify), int(seed))
