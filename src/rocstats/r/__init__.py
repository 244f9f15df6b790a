"""Optional bridge to R (through rpy2) for cross-checking rocstats against R packages.

Nothing here is imported by ``import rocstats``, and importing ``rocstats.r`` does not
import rpy2 either: rpy2 and R are loaded on the first call that needs them.  Install
the optional dependency with ``pip install "rocstats[r]"`` (rpy2 < 3.6) and have R with
pROC >= 1.18 on the machine.

pROC (``rocstats.r._proc``)
    :func:`r_available` tells whether the bridge can run and why not;
    :func:`proc_auc`, :func:`proc_roc_test`, :func:`proc_roc_test_unpaired` run pROC on
    NumPy arrays; :func:`proc_case` and :func:`proc_unpaired_case` return the same nested
    results as the stored ones in ``validation/results/proc_results.py``.  The R code
    they run is ``proc_helpers.R`` next to this file, also sourced by
    ``validation/r/proc_cases.R``.

rpart (``rocstats.r.rpart``)
    :func:`rocstats.r.rpart.rpart_available`, :func:`rocstats.r.rpart.rpart_fit` (rpart's
    frame, cptable, splits, where and variable importance in the shapes of
    ``rocstats.tree.CARTClassifier``'s fitted attributes), from ``rpart_helpers.R``, also
    sourced by ``validation/r/rpart_cases.R``.

randomForestSRC (``rocstats.r.rfsrc``)
    :func:`rocstats.r.rfsrc.rfsrc_available` (False here: it needs R >= 4.3) and
    :func:`rocstats.r.rfsrc.rfsrc_tree` for the live comparison where it is installed.

``rocstats.r._session`` holds what the three share (starting R safely, checking a
package, sourcing a helper file).

All conversions happen inside an rpy2 converter context (``localconverter``); the
global ``numpy2ri.activate()`` is never used.
"""
from ._proc import (PROC_MIN_VERSION, proc_auc, proc_case, proc_roc_test,
                    proc_roc_test_unpaired, proc_unpaired_case, r_available, r_versions)

__all__ = ["r_available", "r_versions", "proc_auc", "proc_roc_test", "proc_roc_test_unpaired",
           "proc_case", "proc_unpaired_case", "PROC_MIN_VERSION"]
