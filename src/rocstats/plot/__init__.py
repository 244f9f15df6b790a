"""matplotlib figures.  Needs matplotlib (``pip install 'rocstats[plot]'``), which is
imported only when a figure is drawn: ``import rocstats`` and ``import rocstats.plot``
stay light.

- ``plot_roc``: empirical ROC curves (tie blocks as diagonal segments, so the drawn area
  is the AUC), several curves with a legend, a bootstrap confidence band of the
  sensitivity, the AUC with its DeLong interval, pROC's specificity axis; also
  ``ROCCurve.plot()``.
- ``plot_pr``: precision-recall curves (Davis & Goadrich's interpolation, so the drawn
  area is pr_auc), a bootstrap band of the precision, the prevalence baseline; also
  ``PRCurve.plot()``.
- ``plot_sroc``: the scored ROC curve theta(tau) of Wu, Flach & Ferri (2007), a step
  function whose area is the sAUC; also ``SROCCurve.plot()``.
- ``plot_tree``: any rocstats tree.
"""
from ._pr import plot_pr
from ._roc import OKABE_ITO, plot_roc, plot_sroc
from ._tree import plot_tree

__all__ = ["plot_roc", "plot_sroc", "plot_pr", "plot_tree", "OKABE_ITO"]
