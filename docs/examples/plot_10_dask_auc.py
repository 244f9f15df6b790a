"""
The exact AUC on Dask
=====================

``rocstats.dask`` computes the exact Mann-Whitney AUC and DeLong's variance of data that
do not fit in memory, by a distributed sample sort: the same integers as the in-memory
``rocstats.delong``, so the same numbers, not an approximation from binned scores.  Here
two million scores in 8 chunks on the local threaded scheduler (a
``dask.distributed.Client`` works the same way).
"""

# %%
import time

import dask.array as da
import matplotlib.pyplot as plt
import numpy as np

import rocstats
import rocstats.dask

rng = np.random.default_rng(1)
n = 2_000_000
y = rng.random(n) < 0.3
s = np.round(rng.normal(np.where(y, 1.0, 0.0), 1.0), 3)      # ties: 3 decimals
dy, ds = da.from_array(y, chunks=n // 8), da.from_array(s, chunks=n // 8)

t0 = time.perf_counter()
dist = rocstats.dask.delong(dy, ds)
t1 = time.perf_counter()
mem = rocstats.delong(y, s)
t2 = time.perf_counter()
print("dask:      AUC %.12f  variance %.6e  (%.2f s)" % (dist.auc, dist.variance, t1 - t0))
print("in memory: AUC %.12f  variance %.6e  (%.2f s)" % (mem.auc, mem.variance, t2 - t1))
print("identical:", dist.auc == mem.auc, dist.variance == mem.variance)

# %%
# The curve itself (every distinct threshold: the scores have three decimals, so a few
# thousand points) from the distributed counts.
curve = rocstats.dask.roc_curve(dy, ds)
fig, ax = plt.subplots(figsize=(4.5, 4.5), layout="constrained")
ax.plot(curve.fpr, curve.tpr, lw=1.5)
ax.plot([0, 1], [0, 1], color="0.7", lw=0.8, ls="--")
ax.set(xlabel="false-positive rate", ylabel="true-positive rate",
       title="2e6 scores on Dask: AUC %.4f" % curve.auc)
plt.show()
