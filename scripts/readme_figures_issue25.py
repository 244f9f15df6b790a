"""Draw the README figures of issue 25 (docs/img/asah_pr.png, docs/img/roc_average_band.png)
from the README's own example: ``python scripts/readme_figures_issue25.py`` from the
repository root (needs matplotlib)."""
import json

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

import rocstats  # noqa: E402
from rocstats.plot import plot_pr, plot_roc  # noqa: E402

asah = pd.read_csv("validation/results/data/asah.csv")
y = (asah["outcome"] == "Poor").astype(int)

fig, ax = plt.subplots(figsize=(5, 5), layout="constrained")
plot_pr(y, asah["s100b"], ci=True, print_auc=True, ci_options={"random_state": 1}, ax=ax,
        labels=["s100b"], title="aSAH: s100b for a poor outcome (41 of 113)")
fig.savefig("docs/img/asah_pr.png", dpi=110, bbox_inches="tight", pad_inches=0.08)

xval = json.load(open("validation/results/rocr.json"))["average_cases"]["rocr_xval"]
folds = [(np.array(lab), np.array(s)) for s, lab in zip(xval["data"]["scores"],
                                                        xval["data"]["labels"])]
avg = rocstats.roc_average(folds, band="simultaneous", random_state=1)
fig, axs = plt.subplots(1, 2, figsize=(10, 5), layout="constrained")
plot_roc(avg, print_auc=True, ax=axs[0], title="ROCR.xval: 10 folds, vertical average")
plot_roc(y_true=y, y_score=asah["s100b"], ci="simultaneous", ci_options={"random_state": 1},
         print_auc=True, labels=["s100b"], ax=axs[1], title="aSAH s100b: simultaneous band")
fig.savefig("docs/img/roc_average_band.png", dpi=110, bbox_inches="tight", pad_inches=0.08)
print("wrote docs/img/asah_pr.png and docs/img/roc_average_band.png")
