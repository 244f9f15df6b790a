"""The bootstrap options read as documented (issue 23: mutants of `rocstats._options` the
mutation run could not see, because the cluster tests cannot run inside its forked test
processes).  Expected values are the docstrings' rules: ``n_jobs`` None -> 1 thread,
k > 0 -> k, -1 -> every usable CPU, -2 -> all but one (never below 1), a Dask client kept
as it is (recognised by its type name and its ``map`` / ``gather``, without importing
distributed); ``random_state=None`` draws a fresh 64-bit seed."""
import os

import numpy as np
import pytest

import rocstats
from rocstats._options import is_client, resolve_jobs


class Client:                      # the duck type: the name and the two methods
    def map(self, *a, **k):
        raise AssertionError("not called here")

    def gather(self, *a, **k):
        raise AssertionError("not called here")


class NoGather:
    map = Client.map


class NoMap:
    gather = Client.gather


NoGather.__name__ = NoMap.__name__ = "Client"


class Other:                       # both methods, another name
    map, gather = Client.map, Client.gather


def test_is_client_needs_the_name_and_both_methods():
    assert is_client(Client()) is True
    assert [is_client(o) for o in (NoGather(), NoMap(), Other(), None, 2, "Client")] == \
        [False] * 6


def test_resolve_jobs_follows_the_documented_rule():
    cpus = len(os.sched_getaffinity(0))
    c = Client()
    assert resolve_jobs(c) is c
    assert [resolve_jobs(v) for v in (None, 1, 2, 5, np.int64(3))] == [1, 1, 2, 5, 3]
    assert resolve_jobs(-1) == cpus and resolve_jobs(-2) == max(1, cpus - 1)
    assert resolve_jobs(-cpus - 5) == 1
    for bad in (0, True, 1.0, "2", Other()):
        with pytest.raises(ValueError, match="^n_jobs"):
            resolve_jobs(bad)


def test_fresh_seeds_use_all_64_bits():
    # 16 seeds drawn from fresh entropy: all below 2**32 has probability 2**-512 for a
    # 64-bit draw (and is certain for a 32-bit one); two equal ones 16^2 / 2**65
    y, s = [0, 1, 0, 1, 0, 1], [0.1, 0.5, 0.55, 0.6, 0.2, 0.9]
    seeds = [rocstats.ci_auc(y, s, method="bootstrap", n_boot=2).seed for _ in range(16)]
    assert all(isinstance(v, int) and 0 <= v < 2 ** 64 for v in seeds)
    assert max(seeds) >= 2 ** 32 and len(set(seeds)) == 16
