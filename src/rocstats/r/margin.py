"""Reference values for margins and equivalence tests from pROC 1.18 (through rpy2):
pROC's DeLong variances / covariance with R's pnorm / pt applied to them, since pROC's
``roc.test`` takes no margin.  The R code is ``margin_helpers.R`` next to this file, also
sourced by the generator of the ``margins`` suite's stored results.  `proc_margin_tests` returns its list
as a dict (theta, se, df, the boundaries, p_greater, p_less, p_tost, lower95, upper95).
"""
from pathlib import Path

import numpy as np

from ._proc import _to_python, r_available
from ._session import helpers_loader

__all__ = ["proc_margin_tests", "margin_available", "HELPERS_R"]

HELPERS_R = Path(__file__).with_name("margin_helpers.R")


def margin_available():
    """``(ok, why)``: pROC usable through rpy2 (see `rocstats.r.r_available`)."""
    ok, why = r_available()
    if ok and not HELPERS_R.is_file():
        return False, "the R helper file %s is missing" % HELPERS_R
    return ok, why


_helpers = helpers_loader(HELPERS_R, margin_available, "rocstats.r.margin: pROC")


def proc_margin_tests(y, a, b=None, yb=None, *, design="paired", margin=0.05, low=-0.1,
                      high=0.1, null=0.5):
    """Run ``rocstats_margin_tests`` (labels 0 / 1, higher score = positive)."""
    from rpy2 import robjects
    from rpy2.robjects import default_converter, numpy2ri
    from rpy2.robjects.conversion import localconverter

    def vec(x):
        return np.ascontiguousarray(np.asarray(x, dtype=np.float64))

    with localconverter(default_converter + numpy2ri.converter):
        out = _helpers()["rocstats_margin_tests"](
            vec(y), vec(a), robjects.NULL if b is None else vec(b),
            robjects.NULL if yb is None else vec(yb), design=design, margin=float(margin),
            low=float(low), high=float(high), null=float(null))
        return _to_python(out)
