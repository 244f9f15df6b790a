"""
CART as rpart: kyphosis
=======================

``rpart(Kyphosis ~ Age + Number + Start, data = kyphosis)`` -- the first example of
rpart's manual -- fitted by ``CARTClassifier`` with rpart's defaults (gini, cp = 0.01,
minsplit 20, 10-fold cross-validation).  The tree, the complexity table and the
printout are rpart 4.1.19's, character for character (the ``rpart_parity`` and
``rpart_interop`` validation suites); with R present the fitted tree also crosses to R as
a real ``rpart`` object.
"""

# %%
import matplotlib.pyplot as plt

from rocstats.datasets import load_kyphosis
from rocstats.plot import plot_tree
from rocstats.tree import CARTClassifier

kyphosis = load_kyphosis()
fit = CARTClassifier.from_formula("Kyphosis ~ Age + Number + Start", kyphosis,
                                  random_state=0)
print(fit)                    # R: print(fit)

# %%
# The complexity table, as ``printcp(fit)`` (the cross-validated columns depend on the
# random folds; the rest is deterministic).
table = fit.print_cp()

# %%
# Each leaf as a rule, in R syntax and as a pandas query.
print(fit.to_rules()[["node", "rule", "n", "prob_present"]].to_string(index=False))

# %%
fig, ax = plt.subplots(figsize=(7, 4.5), layout="constrained")
plot_tree(fit, ax=ax, extra=104)
plt.show()

# %%
# The same tree in R: ``to_rpart`` writes a real rpart object, and R's own ``print``
# reads it.
from rocstats.r import r_available, to_rpart   # noqa: E402

if r_available()[0]:
    import rpy2.robjects as ro

    ro.globalenv["fit"] = to_rpart(fit)
    print("\n".join(ro.r("capture.output(print(fit))")))
