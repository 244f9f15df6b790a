"""Comparing ROC curves, and power: DeLong's tests (paired, unpaired, joint, pairwise),
pROC's ``roc.test`` (DeLong, bootstrap, Venkatraman, sensitivity / specificity at a fixed
point), one AUC against a value, and pROC's ``power.roc.test``.

Above `rocstats.curves` (the curves and areas) and `rocstats.bootstrap` (the
resampling engine), which never import it.
"""
from ._delong_test import (JointTestResult, delong_joint_test, delong_pairwise, delong_test,
                           delong_test_unpaired)
from ._power import PairedPowerResult, PowerResult, power_roc_test, power_roc_test_paired
from ._roctest import auc_test, roc_test, roc_test_unpaired

__all__ = ["delong_test", "delong_test_unpaired", "delong_joint_test", "delong_pairwise",
           "JointTestResult", "roc_test", "roc_test_unpaired", "auc_test", "power_roc_test",
           "power_roc_test_paired", "PowerResult", "PairedPowerResult"]
