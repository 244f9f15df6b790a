"""
The study report
================

A diagnostic-accuracy study as a document (HTML or PDF), from one call: the flow of
participants, the ROC curves with bands, AUCs with DeLong and bootstrap CIs, the pairwise
and joint tests, the partial AUC, the 2 x 2 table and every accuracy measure at each
marker's cut-off, the data-chosen cut-off with its CIs and optimism, the STARD 2015 items
it covers and an appendix in which pROC recomputes every deterministic number (when R is
present).  From a shell the same report is::

    rocstats-report asah.csv --outcome outcome --markers s100b,ndka,wfns \\
        --positive Poor --threshold s100b=0.205 --design retrospective -o asah.pdf

Here the PDF is written to a temporary directory and its first two pages are shown.
"""

# %%
import shutil
import subprocess
import tempfile
from pathlib import Path

import matplotlib.image as mpimg
import matplotlib.pyplot as plt

import rocstats.report
from rocstats.datasets import load_asah

asah = load_asah()
out = Path(tempfile.mkdtemp()) / "asah.pdf"
path = rocstats.report.roc_study(
    asah, outcome="outcome", markers=["s100b", "ndka", "wfns"], positive="Poor",
    thresholds={"s100b": 0.205}, design="retrospective", n_boot=500, output=out)
print(path.name, "%.0f kB" % (path.stat().st_size / 1024))

# %%
# The pages as pictures (poppler's ``pdftoppm``).
pages = []
if shutil.which("pdftoppm"):
    subprocess.run(["pdftoppm", "-r", "60", "-f", "1", "-l", "2", "-png", str(path),
                    str(path.with_suffix(""))], check=True)
    pages = sorted(path.parent.glob(path.stem + "-*.png"))
fig, axes = plt.subplots(1, max(len(pages), 1), figsize=(10, 7), layout="constrained")
for ax, page in zip(list(getattr(axes, "flat", [axes])), pages):
    ax.imshow(mpimg.imread(page))
    ax.set_axis_off()
plt.show()
shutil.rmtree(path.parent)
