"""
Power and sample size
=====================

pROC's ``power.roc.test`` in its forms: the power of a study that tests one AUC against
0.5, the number of cases needed for a given power, and the sample size to compare two
paired markers from pilot data (Obuchowski & McClish 1997; Obuchowski, Lieber & Wians
2004).  Every number here is pROC's formula; ``power_roc_test_paired`` takes the variance
under H0 equal to the one under the alternative, where pROC takes a variance that depends
on which curve is named first (a deliberate difference, in its printout).
"""

# %%
import matplotlib.pyplot as plt
import numpy as np

import rocstats
from rocstats.datasets import load_asah

# %%
# How many cases (with as many controls) detect an AUC of 0.75 against 0.5 with 90 %
# power at the 5 % level?  pROC: ``power.roc.test(auc = 0.75, power = 0.9, kappa = 1)``.
p = rocstats.power_roc_test(auc=0.75, power=0.9, kappa=1.0)
print(p.summary())

# %%
# The power curve: power against the number of cases for three AUCs.
n = np.arange(5, 81)
fig, ax = plt.subplots(figsize=(6, 4), layout="constrained")
for a in (0.65, 0.75, 0.85):
    power = [rocstats.power_roc_test(auc=a, ncases=int(k), ncontrols=int(k)).power for k in n]
    ax.plot(n, power, label="AUC %.2f" % a)
ax.axhline(0.9, color="0.6", lw=0.8, ls="--")
ax.set(xlabel="cases (= controls)", ylabel="power (two-sided, 5 %)", ylim=(0, 1))
ax.legend(loc="lower right")
plt.show()

# %%
# Two paired markers from pilot data: how many patients would show WFNS better than
# S100B with 80 % power, with aSAH's ratio of controls to cases?
asah = load_asah()
pp = rocstats.power_roc_test_paired(asah["outcome"], asah["wfns"], asah["s100b"], power=0.8)
print(pp.summary())
