"""The LocalCluster of 2 worker processes the Dask tests share within a module (started
and closed here)."""
import pytest


@pytest.fixture(scope="module")
def client():
    import distributed            # the test modules are gated by gates.require("dask")

    # R started earlier in this session (rpy2, directly or through rocstats.r) leaves
    # its library directories in LD_LIBRARY_PATH, and the workers would load the wrong
    # libpython (tests/live/test_r_child_processes.py)
    from rocstats.r._session import undo_r_library_path

    undo_r_library_path()
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       dashboard_address=None, memory_limit="1GB")
    cl = distributed.Client(cluster)
    try:
        yield cl
    finally:
        cl.close()
        cluster.close()
