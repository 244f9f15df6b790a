"""Bridge to ROCR 1.0-11 (precision / recall points, ``"aucpr"``, the vertical average of
ROC curves across folds), through rpy2.

The R code is ``rocr_helpers.R`` next to this file; the repository's generator of stored
results of the ``rocr_parity`` suite sources the same file.  Nothing here imports
rocstats' statistics: the validation harness puts the two side by side.

`rocr_available` tells whether ROCR can be run and why not; `rocr_pr`
returns ``performance(prediction(scores, labels), "prec", "rec")``'s points and
``"aucpr"``; `rocr_vertical` returns ROCR's vertical average of the folds' ROC
curves and its standard-error bars (``plot(..., avg = "vertical", spread.estimate =
"stderror")``).
"""
import functools
from pathlib import Path

import numpy as np

from ._proc import _to_python
from ._session import float_vector, helpers_loader, r_package_status

__all__ = ["rocr_available", "rocr_pr", "rocr_vertical", "HELPERS_R"]

HELPERS_R = Path(__file__).with_name("rocr_helpers.R")


@functools.lru_cache(maxsize=None)
def rocr_available():
    """``(True, description)`` when ROCR (and gplots, which its averaged plots call) runs
    through rpy2, else ``(False, reason)``.  Never raises."""
    ok, rocr = r_package_status("ROCR", missing_hint=" (Debian: r-cran-rocr)")
    if not ok:
        return False, rocr
    ok, gp = r_package_status("gplots", missing_hint=" (Debian: r-cran-gplots)")
    if not ok:
        return False, gp
    if not HELPERS_R.is_file():
        return False, "the R helper file %s is missing from this installation" % HELPERS_R
    return True, "%s, ROCR %s, gplots %s, rpy2 %s" % (rocr.r_version, rocr.version,
                                                      gp.version, rocr.rpy2_version)


_helpers = helpers_loader(HELPERS_R, rocr_available, "rocstats.r.rocr: ROCR")


def _labels01(y, name, n):
    arr = np.asarray(y).reshape(-1)
    if arr.size != n or not np.isin(arr, (0, 1)).all():
        raise ValueError("%s must hold %d labels 0 / 1 (1 = positive)" % (name, n))
    return arr.astype(np.int64)


def rocr_pr(scores, labels):
    """ROCR's precision-recall points and ``"aucpr"`` of one score (higher = positive;
    ``labels`` 0 / 1 with 1 positive): a dict with ``cutoffs`` (``Inf`` first),
    ``recall``, ``precision`` (NaN at 0/0), ``tp``, ``fp`` and ``aucpr``."""
    from rpy2.robjects import default_converter, numpy2ri
    from rpy2.robjects.conversion import localconverter

    s = float_vector(scores, "scores")
    y = _labels01(labels, "labels", s.size)
    with localconverter(default_converter + numpy2ri.converter):
        return _to_python(_helpers()["rocstats_rocr_pr"](s, y))


def rocr_vertical(scores, labels):
    """ROCR's vertical average of the folds' ROC curves: ``scores`` / ``labels`` are
    sequences with one array per fold.  Returns ``x`` (ROCR's grid), ``y`` (the averaged
    sensitivity), ``spread_at`` / ``spread_mean`` / ``spread_stderror`` (its error bars:
    SD over the folds / sqrt(k)) and each fold's curve (``fold_x``, ``fold_y``)."""
    from rpy2 import robjects
    from rpy2.robjects import default_converter, numpy2ri
    from rpy2.robjects.conversion import localconverter

    if len(scores) != len(labels) or len(scores) < 2:
        raise ValueError("scores and labels must give the same number (>= 2) of folds")
    with localconverter(default_converter + numpy2ri.converter):
        s = robjects.ListVector([("f%d" % i, float_vector(v, "scores[%d]" % i))
                                 for i, v in enumerate(scores)])
        y = robjects.ListVector([("f%d" % i, _labels01(v, "labels[%d]" % i, len(scores[i])))
                                 for i, v in enumerate(labels)])
        return _to_python(_helpers()["rocstats_rocr_vertical"](s, y))
