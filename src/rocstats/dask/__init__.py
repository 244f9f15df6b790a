"""Exact ROC statistics of data that do not fit in one machine's memory, on Dask.

``pip install 'rocstats[dask]'`` (dask[array,dataframe] and distributed).

Functions (dask arrays, dask Series / DataFrames; the same options, label contract,
results and errors as the in-memory functions of the same name):

    auc, delong (one score, or k columns with the covariance), roc_curve, coords,
    ci_auc (method="delong" distributed; method="bootstrap": replicates on the cluster)

Every computation goes through the current Dask scheduler: a ``distributed.Client``
if one is active (the usual case), else Dask's local threads.

Exact, not binned
-----------------
Spark's ``BinaryClassificationMetrics`` bins the scores; here the AUC is the exact
Mann-Whitney U of the gathered data, by a **distributed sample sort**
(`rocstats.dask._sort`): a first pass checks every block and samples its scores;
splitters are quantiles of the sample, made distinct, and a score's bucket depends on
its value alone, so tied scores never straddle two buckets; a bucket exchange sends each
block's rows to their buckets; each bucket sorts and sweeps its two classes with the
in-memory kernels; the driver adds the buckets up with prefix counts (a positive of
bucket b is above every negative of the buckets below b).  The result is the same 64-bit
and Python integers as the in-memory sweep: ``auc`` equals `rocstats.auc` exactly
and ``delong``'s variance of one score equals `rocstats.delong`'s bit for bit.  For
k columns the placements are sent back to their blocks and the k x k sums of products
are formed exactly (the in-memory covariance is a float ``np.cov``: they agree to about
1e-15 relative).

Errors come before the sort: unknown chunk sizes (``compute_chunk_sizes()``), different
chunking of ``y_true`` and ``y_score``, a non-numeric score dtype or a categorical with
unknown categories are refused before any task runs; NaN or infinite scores, missing
labels, three classes or strings without ``pos_label`` by the first (scan) pass, with
the in-memory messages (``ValueError`` naming the argument).

Scaling model, and when to switch
---------------------------------
With n rows on p workers (each with memory M), the distributed sort costs about

    T(n, p) ~ 2 reads of the data + shuffle(n) + sort(n / p) + O(n / p) sweep + latency

* the reads: the scan and the exchange each read (or regenerate) the blocks: 2 n / p;
* the shuffle: every row crosses the network (or is pickled between processes) once,
  about 9 bytes a row (score + label; with k columns 9 k, and 8 k more when the
  placements travel back for the covariance), n / (p B_w) for a per-worker bandwidth
  B_w (~1 GB/s between local processes, less on a network);
* the per-bucket sort and sweep: O((n / p) log(n / p)), the in-memory kernels' speed;
* the scheduler's latency: O(blocks x buckets) small tasks, ~1 ms each (blocks of
  ~1e6-1e7 rows keep it negligible);
* k columns add a second exchange (the placements go back to their blocks).

In memory, `rocstats.delong` of 1e8 rows takes a few seconds and 2-3 GB.  On one
machine the distributed version is slower (the shuffle and the pickling cost more than
the sort they split; the repository's Dask benchmark measures 1 vs 2 workers), so **stay in
memory while the scores and labels fit in about a third of one machine's RAM**; switch
to ``rocstats.dask`` when they do not (the data spill to disk and the answer is still
exact), or when they already live on a cluster as dask collections (moving them to one
machine would cost the same shuffle without the parallel sort).  The bootstrap on a
cluster pays off when the replicates, not the data, are the cost: ``n_boot`` x n above
about 1e9.

Bootstrap
---------
`rocstats.ci_auc` and every bootstrap interval of `rocstats.bootstrap` accept
``n_jobs=client`` (a ``distributed.Client``): the replicate ranges run as tasks on the
cluster, drawn from the same counter-based stream, so the interval equals ``n_jobs=1``
for the same ``random_state``.  `ci_auc` here gathers dask inputs for it.

Not offered on dask inputs: the partial AUC (``partial=``), ``sample_weight``, and the
AUC forest (deferred until the tree engine's rewrite lands).
"""
from ._api import auc, ci_auc, coords, delong, gather, roc_curve

__all__ = ["auc", "delong", "roc_curve", "coords", "ci_auc", "gather"]
