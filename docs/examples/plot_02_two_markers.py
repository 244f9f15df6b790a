"""
Two markers compared
====================

Is the WFNS grade a better marker than S100B on the same patients?  The paired tests of
pROC's ``roc.test``: DeLong's (the default), the bootstrap and Venkatraman's test of the
whole curves; then non-inferiority with a margin, which pROC does not offer.
"""

# %%
import matplotlib.pyplot as plt

import rocstats
from rocstats.datasets import load_asah

asah = load_asah()
rs = rocstats.roc("outcome ~ wfns + s100b + ndka", data=asah)
print(rs.summary())

# %%
# DeLong's paired test of WFNS against S100B (pROC: ``roc.test(r_wfns, r_s100b)``).
t = rs["wfns"].test(rs["s100b"])
print(t.summary())

# %%
# The bootstrap test and Venkatraman's test of the whole curves (pROC's
# ``method = "bootstrap"`` / ``"venkatraman"``) -- random procedures, seeded.
y = asah["outcome"]
for method in ("bootstrap", "venkatraman"):
    res = rocstats.roc_test(y, asah["wfns"], asah["s100b"], method=method, n_boot=2000,
                            random_state=1)
    print("%-12s statistic %.3f  p = %.4f" % (method, res.statistic, res.pvalue))

# %%
# The joint test that all three AUCs are equal (DeLong et al. 1988's chi-square) and the
# pairwise table with Holm-adjusted p-values.
print(rs.test().summary())
print(rs.pairwise()[["comparison", "estimate", "se", "p", "p_holm"]].round(4).to_string(index=False))

# %%
# Non-inferiority: is WFNS at most 0.05 worse than S100B?  H0: AUC_wfns - AUC_s100b <=
# -0.05, a one-sided test whose lower confidence bound must exceed -0.05.
ni = rocstats.roc_test(y, asah["wfns"], asah["s100b"], margin=0.05, alternative="greater")
print("z = %.3f, p = %.5f, one-sided 95%% lower bound %.4f"
      % (ni.statistic, ni.pvalue, ni.conf_int(0.95, alternative="greater").lower))

# %%
fig, ax = plt.subplots(figsize=(5, 5), layout="constrained")
rs.plot(ax=ax, print_auc=True)
ax.set_title("Three markers of a poor outcome (aSAH)")
plt.show()
