"""Scored AUC (Wu, Flach & Ferri 2007): margin AUC, sROC curve, sAUC with variance and a
paired test."""
from ._results import SAUCResult, SROCCurve
from ._sauc import margin_auc, sauc, sauc_test, sroc_curve

__all__ = ["margin_auc", "sroc_curve", "sauc", "sauc_test", "SAUCResult", "SROCCurve"]
