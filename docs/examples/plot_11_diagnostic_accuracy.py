"""
Accuracy at a cut-off, and the optimism of a chosen one
=======================================================

What a diagnostic-accuracy paper reports (STARD 2015 items 12a, 23, 24): the 2 x 2 table at
a **pre-specified** cut-off and every measure with its interval, as epiR's ``epi.tests``;
and, when the cut-off was chosen from the same data, how optimistic it is, as cutpointr's
out-of-bag bootstrap.  Every number printed is checked against epiR 2.0.57 and cutpointr
1.1.2 (the ``epir_parity`` and ``cutpointr_parity`` validation suites).
"""

# %%
import matplotlib.pyplot as plt

import rocstats
from rocstats.datasets import load_asah

asah = load_asah()
acc = rocstats.diagnostic_accuracy(asah["outcome"], asah["s100b"], 0.205)
print(acc.summary())

# %%
# The same from a published table (tp, fp, fn, tn), with Wilson intervals:
print(rocstats.diagnostic_accuracy_table(26, 14, 15, 58, method="wilson").to_frame()
      .loc[["se", "sp", "pv.pos", "pv.neg"]].round(3).to_string())

# %%
# A cut-off chosen by Youden's index, and its optimism: the chosen cut-off's Youden index
# is optimistic on the data that chose it; out of bag (each bootstrap replicate's cut-off
# judged on the rows it did not see) it is smaller.
cut = rocstats.cutpoint(asah["outcome"], asah["s100b"], metric="youden", n_boot=1000,
                        random_state=1)
print(cut.summary())
print(cut.optimism()[["apparent", "out_of_bag", "optimism"]].round(4).to_string())

# %%
# The replicates' cut-offs: a cut-off chosen from 113 patients is far from fixed.
fig, ax = plt.subplots(figsize=(6, 3.5), layout="constrained")
ax.hist(cut.boot["optimal_cutpoint"], bins=40, color="C0")
ax.axvline(cut.threshold, color="C1", lw=1.5, label="chosen on all data")
ax.set(xlabel="S100B cut-off chosen in a bootstrap replicate", ylabel="replicates")
ax.legend()
plt.show()
