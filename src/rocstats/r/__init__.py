"""Optional bridges to R (through rpy2): start R, check a package, call it, convert.

Nothing here is imported by ``import rocstats``, and importing ``rocstats.r`` does not
import rpy2 either: rpy2 and R are loaded on the first call that needs them.  Install
the optional dependency with ``pip install "rocstats[r]"`` (rpy2 < 3.6) and have R with
the package in question on the machine.

Each bridge is thin: it runs one R call on NumPy / pandas inputs and returns plain
Python structures (dicts, lists, floats; for rpart, pandas tables).  It knows nothing of
the repository's validation harness (imported as ``rocstats_validation``), which imports these bridges to compare rocstats with R, lays
their results out as its stored references and is never shipped with rocstats.

pROC (``rocstats.r._proc``, re-exported here)
    `r_available` tells whether the bridge can run and why not; `r_versions`;
    `proc_auc` (AUC, DeLong variance and CI, optimal thresholds of one score),
    `proc_paired` / `proc_roc_test` (DeLong covariance and paired
    ``roc.test``; every alternative at once / one), `proc_unpaired` /
    `proc_roc_test_unpaired` (unpaired ``roc.test``), `proc_partial` (partial
    AUCs, both focuses, with and without McClish's correction), `proc_smooth`
    (``smooth()``, binormal or density, and its AUCs), `proc_coords` (``coords`` at
    every kind of ``x``) and `proc_ci_bootstrap` (``ci.auc``, ``ci.se``, ``ci.sp``,
    ``ci.thresholds``, ``ci.coords`` by bootstrap).  The R code they run is
    ``proc_helpers.R`` next to this file.
    Power and sample size (``rocstats.r._proc_power``, re-exported here):
    `proc_power_numeric`, `proc_power_roc`, `proc_power_paired`,
    `proc_power_list` run ``power.roc.test`` in its four forms.

Cross-check (``rocstats.r.compare``, re-exported here)
    `compare_with_proc`: every deterministic quantity of a ROC study (AUC, DeLong
    variance and CI, partial AUCs, best threshold, sensitivity at fixed specificities,
    paired DeLong tests) computed by rocstats and by pROC, side by side with a pass flag.

rpart (``rocstats.r.rpart``; `to_rpart` and `from_rpart` re-exported here)
    `to_rpart` (a fitted rocstats tree as a real R ``rpart`` object: R's
    ``predict``, ``print``, ``printcp``, ``summary``, ``prune``, ``plot`` + ``text`` and
    ``partykit::as.party`` take it), `from_rpart` (an R rpart fit as a fitted
    rocstats estimator), both through ``rpart_object.R``;
    ``rocstats.r.rpart.rpart_available``, ``rocstats.r.rpart.rpart_versions``,
    ``rocstats.r.rpart.rpart_fit`` (rpart's frame, cptable, splits, where and
    variable importance in the shapes of ``rocstats.tree.CARTClassifier``'s fitted
    attributes), ``rocstats.r.rpart.rpart_json`` and
    ``rocstats.r.rpart.result_from_json`` (the same results as JSON text and back),
    from ``rpart_helpers.R``.

randomForestSRC (``rocstats.r.rfsrc``)
    ``rocstats.r.rfsrc.rfsrc_available`` (False here: it needs R >= 4.3) and
    ``rocstats.r.rfsrc.rfsrc_tree`` (one AUC tree: native array, membership,
    predicted) where it is installed.

R's collation (``rocstats.r.collation``, re-exported here)
    `r_factor` / `r_levels`: strings as a pandas Categorical with the levels
    R's ``factor()`` gives (sorted by R's collation in its locale); rocstats itself sorts
    plain strings by code point.

``rocstats.r._session`` holds what the three share (starting R safely, checking a
package, sourcing a helper file).  The ``.R`` helper files are also sourced by the
repository's generators of stored results (R scripts), so that stored and
live numbers come from identical R code.

All conversions happen inside an rpy2 converter context (``localconverter``); the
global ``numpy2ri.activate()`` is never used.
"""
from ._proc import (ALTERNATIVES, PROC_MIN_VERSION, proc_auc, proc_ci_bootstrap, proc_coords,
                    proc_paired, proc_partial, proc_roc_test, proc_roc_test_unpaired,
                    proc_smooth, proc_unpaired, r_available, r_versions)
from .compare import compare_with_proc
from .rpart import from_rpart, to_rpart
from ._proc_power import (proc_power_list, proc_power_numeric, proc_power_paired,
                          proc_power_roc)
from .collation import r_factor, r_levels

__all__ = ["compare_with_proc", "to_rpart", "from_rpart", "r_available", "r_versions", "proc_auc", "proc_paired", "proc_unpaired",
           "proc_roc_test", "proc_roc_test_unpaired", "proc_partial", "proc_smooth",
           "proc_coords", "proc_ci_bootstrap",
           "PROC_MIN_VERSION", "ALTERNATIVES",
           "proc_power_numeric", "proc_power_roc", "proc_power_paired", "proc_power_list",
           "r_factor", "r_levels"]
