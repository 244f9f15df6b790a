"""rocstats against ROCR 1.0-11 run live through rpy2 (rocstats.r.rocr): R now reproduces
the stored numbers bit for bit, and rocstats matches ROCR on fresh random data drawn in
Python (seed $ROCSTATS_FRESH_SEED or the suite's).  Skipped when R or ROCR is missing."""
import os

import pytest

from rocstats_validation import roc_average as ra

pytestmark = pytest.mark.usefixtures("rocr")       # the R gate (tests/conftest.py)

SEED = int(os.environ.get("ROCSTATS_FRESH_SEED", ra.DEFAULT_SEED))


def _assert_pass(records):
    assert records
    failed = [ra.describe(r) for r in records if not r["passed"]]
    assert not failed, "\n".join(failed[:30])


def test_vertical_average_live_vs_stored():
    _assert_pass(ra.live_vs_stored(ra.load_results()))


def test_vertical_average_fresh():
    _assert_pass(ra.live_fresh(SEED, n_sets=4))


# ------------------------------------------------------------------ precision-recall
from rocstats_validation import pr_curve as prc          # noqa: E402


def test_pr_live_vs_stored():
    _assert_pass(prc.live_vs_stored(prc.load_results()))


def test_pr_fresh():
    _assert_pass(prc.live_fresh(SEED, n_sets=8))
