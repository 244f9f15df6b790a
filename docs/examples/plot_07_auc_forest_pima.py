"""
An AUC forest on Pima
=====================

randomForestSRC's AUC splitting rule (Ishwaran et al., the package's "AUC splitting"
vignette) in a forest of 500 trees, fitted to MASS's Pima.tr (200 women, diabetes yes /
no) with randomForestSRC's defaults: each tree sees round(0.632 n) rows drawn without
replacement, sqrt(p) candidate variables and 10 random cut points per split.  The
out-of-bag AUC and Brier score are compared with randomForestSRC 3.6.1's recorded ranges in
the ``rfsrc_forest`` validation suite (the random streams differ, so the agreement is
statistical, not exact).
"""

# %%
import matplotlib.pyplot as plt

import rocstats
from rocstats.datasets import load_pima
from rocstats.ensemble import AUCForestClassifier

train, test = load_pima("train"), load_pima("test")
X, y = train.drop(columns="type"), train["type"]
forest = AUCForestClassifier(random_state=1, importance=True).fit(X, y)
print(forest)              # randomForestSRC's summary block

# %%
# Out-of-bag permutation importance (the drop in OOB AUC when a variable is permuted),
# with its Monte Carlo standard error over the permutations.
imp = forest.importance_.to_frame()
print(imp.round(4).to_string())

# %%
# The held-out test set (Pima.te, 332 women): the AUC of the forest's probabilities with
# its DeLong interval.
p = forest.predict_proba(test.drop(columns="type"))[:, 1]
r = rocstats.roc(test["type"], p)
print(r.ci())

fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(9, 4), layout="constrained")
r.plot(ax=ax1, print_auc=True)
ax1.set_title("Pima.te: AUC forest")
col = imp.columns[0]
order = imp[col].sort_values()
ax2.barh(order.index, order.to_numpy(), color="C0")
ax2.set(xlabel="OOB AUC importance", title="permutation importance")
plt.show()
