"""Bridges to riskRegression's ``Score`` (time-dependent AUC) and survival's
``concordance``, through rpy2.

The R code is ``survival_helpers.R`` next to this file; the repository's generator of
stored results of the ``survival_parity`` suite sources the same file.  Nothing here
imports `rocstats.survival`: the validation harness puts the two side by side.

`survival_available` tells whether riskRegression and survival can be run and
why not; `riskregression_auc` returns ``Score(..., metrics = "auc", se.fit = TRUE,
contrasts = TRUE, null.model = FALSE)``'s AUC(t), SEs and contrasts;
`survival_concordance` returns ``concordance(..., reverse = TRUE)``.
"""
import functools
from pathlib import Path

import numpy as np

from ._proc import _to_python
from ._session import float_vector, helpers_loader, r_package_status

__all__ = ["survival_available", "riskregression_auc", "survival_concordance",
           "HELPERS_R"]

HELPERS_R = Path(__file__).with_name("survival_helpers.R")


@functools.lru_cache(maxsize=None)
def survival_available():
    """``(True, description)`` when riskRegression, prodlim and survival run through
    rpy2, else ``(False, reason)``.  Never raises."""
    ok, rr = r_package_status("riskRegression")
    if not ok:
        return False, rr
    ok, sv = r_package_status("survival")
    if not ok:
        return False, sv
    ok, pl = r_package_status("prodlim")
    if not ok:
        return False, pl
    if not HELPERS_R.is_file():
        return False, "the R helper file %s is missing from this installation" % HELPERS_R
    return True, "%s, riskRegression %s, survival %s, prodlim %s, rpy2 %s" % (
        rr.r_version, rr.version, sv.version, pl.version, rr.rpy2_version)


_helpers = helpers_loader(HELPERS_R, survival_available, "rocstats.r.survival: R packages")


def riskregression_auc(time, status, markers, times, *, cause=1, covariates=None,
                       conservative=False):
    """``riskRegression::Score`` on ``Hist(time, status) ~ 1`` (``~ covariates`` with a
    Cox censoring model when ``covariates`` is given).

    ``markers``: a dict name -> risk (higher = higher risk).  Returns a dict with
    ``model``, ``times``, ``auc``, ``se`` (one entry per model and time, models in the
    order given) and, with two or more markers, ``contrasts`` (``model``,
    ``reference``, ``times``, ``delta`` = AUC(model) - AUC(reference), ``se``, ``p``).
    """
    from rpy2 import robjects
    from rpy2.robjects import default_converter, numpy2ri
    from rpy2.robjects.conversion import localconverter

    t = float_vector(time, "time")
    s = float_vector(status, "status", t.size)
    fun = _helpers()["rocstats_score_auc"]
    with localconverter(default_converter + numpy2ri.converter):
        mk = robjects.ListVector({str(k): float_vector(v, str(k), t.size)
                                  for k, v in markers.items()})
        cov = robjects.NULL
        if covariates is not None:
            z = np.asarray(covariates, dtype=np.float64)
            z = z[:, None] if z.ndim == 1 else z
            cov = robjects.DataFrame({"z%d" % (j + 1): robjects.FloatVector(z[:, j])
                                      for j in range(z.shape[1])})
        out = fun(t, s, mk, float_vector(times, "times"), cause=int(cause), covariates=cov,
                  conservative=bool(conservative))
        res = _to_python(out)
    for key in ("model", "times", "auc", "se"):
        if not isinstance(res[key], list):
            res[key] = [res[key]]
    if "contrasts" in res:
        for key, val in res["contrasts"].items():
            if not isinstance(val, list):
                res["contrasts"][key] = [val]
    return res


def survival_concordance(time, status, marker, *, timewt="n", ymax=None):
    """``survival::concordance(Surv(time, status) ~ marker, reverse = TRUE, timewt,
    ymax)``: ``concordance``, ``se`` (``sqrt(var)``) and the pair ``count``."""
    from rpy2 import robjects
    from rpy2.robjects import default_converter, numpy2ri
    from rpy2.robjects.conversion import localconverter

    t = float_vector(time, "time")
    fun = _helpers()["rocstats_concordance"]
    with localconverter(default_converter + numpy2ri.converter):
        out = fun(t, float_vector(status, "status", t.size),
                  float_vector(marker, "marker", t.size), timewt=str(timewt), ymax=robjects.NULL if ymax is None else float(ymax))
        res = _to_python(out)
    res["count"] = dict(zip(res.pop("count_names"), res["count"]))
    return res
