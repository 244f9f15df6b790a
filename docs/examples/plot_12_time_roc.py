"""
Time-dependent ROC for a censored outcome
=========================================

Does serum bilirubin predict death in primary biliary cirrhosis, and how well at 1000,
2000, 3000 and 4000 days?  The cumulative/dynamic AUC(t) with inverse-probability-of-
censoring weights and influence-function standard errors, as riskRegression's ``Score``
(matched to 1e-8 on pbc in the ``survival_parity`` suite), a simultaneous band over the
times, the paired comparison with albumin and Harrell's concordance.
"""

# %%
import matplotlib.pyplot as plt
import numpy as np

from rocstats.datasets import load_pbc
from rocstats.survival import concordance_index, time_roc, time_roc_test

pbc = load_pbc()
death = (pbc["status"] == 2).astype(int)             # a transplant is censored
times = [1000, 2000, 3000, 4000]
r = time_roc(pbc["time"], death, np.log(pbc["bili"]), times)
print(r.summary())

# %%
t = time_roc_test(pbc["time"], death, np.log(pbc["bili"]), pbc["albumin"], times,
                  direction=("<", ">"))               # low albumin = high risk
print(t.summary())
print(concordance_index(pbc["time"], death, np.log(pbc["bili"])).summary())

# %%
fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(9, 4), layout="constrained")
r.plot(kind="roc", ax=ax1)
t.plot(ax=ax2)
plt.show()
