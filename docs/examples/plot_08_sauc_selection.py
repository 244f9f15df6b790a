"""
Scored AUC for model selection
==============================

Wu, Flach & Ferri (2007) proposed the scored AUC (sAUC): the AUC weighted by how far
apart the scores of each positive-negative pair are, so that two models ranking the
examples equally well are told apart by how well their scores separate the classes.
Here three models of the spam data are compared on a validation set by AUC and by sAUC,
with the paired test of two sAUCs that the paper's variance (its Theorem 6) gives.
"""

# %%
import matplotlib.pyplot as plt
import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.naive_bayes import GaussianNB
from sklearn.preprocessing import StandardScaler
from sklearn.pipeline import make_pipeline
from sklearn.tree import DecisionTreeClassifier

import rocstats
from rocstats.datasets import load_spambase
from rocstats.plot import plot_sroc

spam = load_spambase()
X, y = spam.drop(columns="type").to_numpy(), (spam["type"] == "spam").to_numpy().astype(int)
rng = np.random.default_rng(2007)
idx = rng.permutation(len(y))
fit_rows, val_rows = idx[:3000], idx[3000:]
models = {
    "logistic": make_pipeline(StandardScaler(), LogisticRegression(max_iter=2000)),
    "naive Bayes": GaussianNB(),
    "tree (depth 4)": DecisionTreeClassifier(max_depth=4, random_state=0),
}
scores = {}
for name, model in models.items():
    model.fit(X[fit_rows], y[fit_rows])
    scores[name] = model.predict_proba(X[val_rows])[:, 1]

# %%
# AUC and sAUC on the validation rows (scores are probabilities, already in [0, 1]).
yv = y[val_rows]
for name, s in scores.items():
    r = rocstats.sauc(yv, s)
    ci = r.conf_int(0.95)
    print("%-15s AUC %.4f   sAUC %.4f [%.4f, %.4f]" % (name, r.auc, r.sauc, ci.lower, ci.upper))

# %%
# The two best models by AUC also differ by sAUC; whether the difference is more than
# noise is the paired test of the two sAUCs (structural components; the paper's variance):
print(rocstats.sauc_test(yv, scores["logistic"], scores["naive Bayes"]).summary())

# %%
# The scored ROC curves theta(tau): the AUC of the pairs whose scores differ by more than
# tau.  Its area is the sAUC.
fig, ax = plt.subplots(figsize=(6, 4.5), layout="constrained")
plot_sroc(*[rocstats.sroc_curve(yv, s) for s in scores.values()], labels=list(scores),
          ax=ax)
plt.show()
