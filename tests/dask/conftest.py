"""The LocalCluster of 2 worker processes the Dask tests share within a module (started
and closed here)."""
import pytest


@pytest.fixture(scope="module")
def client():
    distributed = pytest.importorskip("distributed")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None, memory_limit="1GB")
    cl = distributed.Client(cluster)
    try:
        yield cl
    finally:
        cl.close()
        cluster.close()
