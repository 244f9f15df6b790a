"""
The aSAH study in ten lines
===========================

pROC's own example (Turck et al. 2010): 113 patients after an aneurysmal subarachnoid
haemorrhage, 41 with a poor outcome.  Is the S100B protein a useful marker of a poor
outcome?  In R::

    library(pROC)
    r <- roc(outcome ~ s100b, aSAH)
    ci(r); coords(r, "best"); ci.coords(r, "best"); plot(r)

The same study with rocstats.  The data are read from R (pROC ships them under the GPL,
which a BSD package cannot redistribute); without R, ``load_asah_like()`` gives a
simulated study with the same columns.
"""

# %%
import matplotlib.pyplot as plt

import rocstats
from rocstats.datasets import load_asah

asah = load_asah()
r = rocstats.roc("outcome ~ s100b", data=asah)    # Poor is the second level: the cases
print(r.ci())                                       # DeLong: AUC 0.731 [0.630, 0.833]

# %%
# The best cut-off by Youden's index, as pROC's ``coords(r, "best")``: S100B >= 0.205
# classifies 63 % of the poor outcomes and 81 % of the good ones correctly.
best = r.coords("best", ret=("threshold", "sensitivity", "specificity"))
print(best)

# %%
# Its precision, from 2000 stratified bootstrap replicates (pROC's ``ci.coords``): a
# cut-off chosen from the data is itself uncertain, and so are its sensitivity and
# specificity.
print(r.ci_coords("best", ret=("threshold", "specificity", "sensitivity"),
                  n_boot=2000, random_state=1))

# %%
# The curve with a bootstrap band of the sensitivity and the AUC with its DeLong interval
# (pROC: ``plot(r, print.auc = TRUE)`` plus ``plot(ci.se(r))``).
fig, ax = plt.subplots(figsize=(5, 5), layout="constrained")
r.plot(ax=ax, ci=True, print_auc=True, ci_options={"random_state": 1, "n_boot": 500})
ax.set_title("S100B and a poor outcome after aSAH")
plt.show()

# %%
# Everything printed above is checked against pROC 1.18 (the README's aSAH block and the
# ``proc_parity`` / ``proc_coords`` validation suites): the AUC and its DeLong interval to
# 1e-10, the best threshold exactly, the bootstrap quantities within Monte Carlo error.
print(r.summary())
