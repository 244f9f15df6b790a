"""The bootstrap engine's Dask path (``_engine._on_cluster``) on an in-process cluster
(threads, no worker processes), so that the mutation run sees the code it runs (issue 23:
tests/dask starts worker processes, which mutmut's coverage cannot see, and the path was
reported "no tests").  The expected values are the same computation without a cluster:
replicate r is drawn at counter r of the stream, so the split of the replicates over the
worker threads must not change a single number."""
import os

import numpy as np
import pytest

import gates

gates.require("dask")

import distributed                                  # noqa: E402

import rocstats                                     # noqa: E402
from rocstats.bootstrap import _engine as E         # noqa: E402


@pytest.fixture(scope="module", params=[1, 3], ids=["1-thread", "3-threads"])
def client(request):
    if os.environ.get("MUTANT_UNDER_TEST"):
        # mutmut forks each mutant's test process from a server that has threads: the
        # in-process cluster's worker threads then block on a lock held at the fork and
        # gather() waits forever.  Such mutants are checked in a plain pytest process
        # instead (tests/mutation/EQUIVALENT.md, "Killed outside mutmut").
        pytest.skip("in-process Dask cluster inside a forked mutmut child (hangs)")
    cluster = distributed.LocalCluster(n_workers=1, threads_per_worker=request.param,
                                       processes=False, dashboard_address=None)
    cl = distributed.Client(cluster)
    try:
        yield cl
    finally:
        cl.close()
        cluster.close()


def _ranges_fn(r0, r1):
    """Each replicate's own index, and a second array to check tuples are concatenated
    element by element."""
    idx = np.arange(r0, r1)
    return idx, np.c_[idx, -idx]


@pytest.mark.parametrize("n_boot", [1, 2, 7, 50])
def test_on_cluster_covers_every_replicate_once_in_order(client, n_boot):
    idx, both = E.parallel(_ranges_fn, n_boot, client)
    assert idx.tolist() == list(range(n_boot))
    assert both.shape == (n_boot, 2) and both[:, 1].tolist() == [-i for i in range(n_boot)]
    # as many tasks as worker threads (never more than replicates), each a non-empty range
    threads = sum(client.nthreads().values())
    seen = E.parallel(lambda a, b: np.array([[a, b]]), n_boot, client)  # one row a task
    assert len(seen) == min(threads, n_boot) and (seen[:, 1] > seen[:, 0]).all()
    assert seen[0, 0] == 0 and seen[-1, 1] == n_boot and (seen[1:, 0] == seen[:-1, 1]).all()


def test_cluster_replicates_equal_the_local_ones(client):
    rng = np.random.default_rng(20261128)
    y = rng.integers(0, 2, 80)
    s = np.round(rng.normal(size=80) + y, 1)
    local = rocstats.ci_auc(y, s, method="bootstrap", n_boot=120, random_state=9)
    remote = rocstats.ci_auc(y, s, method="bootstrap", n_boot=120, random_state=9,
                             n_jobs=client)
    assert np.array_equal(local.replicates, remote.replicates)
    assert (local.lower, local.upper) == (remote.lower, remote.upper)
    sp_l = rocstats.ci_sp(y, s, [0.5, 0.9], n_boot=60, random_state=4)
    sp_r = rocstats.ci_sp(y, s, [0.5, 0.9], n_boot=60, random_state=4, n_jobs=client)
    np.testing.assert_array_equal(np.asarray(sp_l), np.asarray(sp_r))
