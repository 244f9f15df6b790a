"""
The ESL spam tree
=================

Hastie, Tibshirani & Friedman (2009), section 9.2.5: a classification tree for the spam
data (4601 e-mails, 57 features), grown large, then pruned by 10-fold cross-validation.
ESL's Figure 9.4 shows the cross-validated error against the tree size and picks a tree of
about 17 leaves.  The data (UCI Spambase, CC BY 4.0) ship with rocstats.
"""

# %%
import matplotlib.pyplot as plt
import numpy as np

from rocstats.datasets import load_spambase
from rocstats.tree import CARTClassifier

spam = load_spambase()
X, y = spam.drop(columns="type"), spam["type"]
rng = np.random.default_rng(0)
test = rng.random(len(y)) < 1 / 3               # ESL: 1536 test e-mails of 4601
big = CARTClassifier(cp=0.001, xval=10, random_state=1).fit(X[~test], y[~test])
cp = big.cptable_
print(cp.head(12).round(4).to_string())

# %%
# The cross-validated error (relative to the root) against the number of leaves, with the
# 1-SE rule's choice.
xerr, xstd = cp["xerror"].to_numpy(), cp["xstd"].to_numpy()
best = int(np.argmin(xerr))
one_se = int(np.flatnonzero(xerr <= xerr[best] + xstd[best])[0])
leaves = cp["nsplit"].to_numpy() + 1
fig, ax = plt.subplots(figsize=(6, 4), layout="constrained")
ax.errorbar(leaves, xerr, yerr=xstd, fmt="o-", ms=3, lw=1, capsize=2)
ax.axhline(xerr[best] + xstd[best], color="0.5", ls="--", lw=0.8)
ax.axvline(leaves[one_se], color="C1", lw=0.8)
ax.set(xscale="log", xlabel="leaves", ylabel="cross-validated relative error",
       title="spam: 1-SE rule picks %d leaves" % leaves[one_se])
plt.show()

# %%
# Prune to that size and measure the test error.
pruned = big.prune(cp["CP"].iloc[one_se])
err = np.mean(pruned.predict(X[test]) != y[test].to_numpy())
print("leaves %d, test misclassification %.3f" % (pruned.tree_.n_leaves, err))
