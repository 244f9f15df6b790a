"""Diagnostic accuracy at a fixed cut-off (epiR's ``epi.tests`` measures and intervals) and
optimal cut-points with their bootstrap optimism (cutpointr's ``cutpointr``)."""
from ._accuracy import (DiagnosticAccuracy, Estimate, diagnostic_accuracy,
                        diagnostic_accuracy_table)
from ._cutpoint import METRICS, CutpointResult, cutpoint

__all__ = ["diagnostic_accuracy", "diagnostic_accuracy_table", "DiagnosticAccuracy", "Estimate",
           "cutpoint", "CutpointResult", "METRICS"]
