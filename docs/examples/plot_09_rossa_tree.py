"""
Rossa's test and ROC tree
=========================

Rossa (seed paper 003) tests H0: ROC(v) = v -- the marker does not separate the classes
at all -- with a chi-square statistic of the cases placed in the controls' empirical
distribution.  rocstats computes its p-value exactly (a dynamic programme over the cells)
or by permutation; the paper's chi-square reference is kept as ``method="chi2"`` but
rejects far too often (the ``rossa_mc`` validation suite).  Her section 4 turns the test
into a splitting rule and a tree.
"""

# %%
import matplotlib.pyplot as plt

import rocstats
from rocstats.datasets import load_kyphosis
from rocstats.plot import plot_tree
from rocstats.tree import ROCTreeClassifier

kyph = load_kyphosis()
for var in ("Age", "Number", "Start"):
    g = rocstats.roc_gof_test(kyph["Kyphosis"], kyph[var], cells=4, random_state=1)
    print("%-7s statistic %6.3f  p = %.4f" % (var, g.statistic, g.pvalue))

# %%
# The rule of section 4: the variable whose test statistic is largest, cut at the point of
# its ROC curve closest to (0, 1).  Kyphosis is more often present when the operation
# starts higher up the spine (a smaller Start), so the side is ``direction=">"``.
rule = rocstats.roc_gof_rule(kyph["Kyphosis"], kyph[["Age", "Number", "Start"]],
                             cells=4, direction=">", random_state=1)
print(rule.summary())

# %%
# Grown recursively, the rule is a tree; here pruned by cross-validated cost-complexity.
tree = ROCTreeClassifier(min_split=20, min_bucket=7, random_state=1)
tree.fit(kyph[["Age", "Number", "Start"]], kyph["Kyphosis"])
print(tree.to_text())
fig, ax = plt.subplots(figsize=(7, 4), layout="constrained")
plot_tree(tree, ax=ax, extra=104)
plt.show()
