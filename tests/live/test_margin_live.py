"""Margins and TOST against pROC 1.18 + R's distribution functions run live through rpy2
(rocstats.r.margin): R now reproduces the stored numbers bit for bit, and rocstats
matches R on fresh random data.  Skipped when R or pROC is missing."""
import os

import pytest

from rocstats_validation import margins as mg

pytestmark = pytest.mark.usefixtures("proc")       # the R gate (tests/conftest.py)

SEED = int(os.environ.get("ROCSTATS_FRESH_SEED", mg.DEFAULT_SEED))


def _assert_pass(records):
    assert records
    failed = [mg.describe(r) for r in records if not r["passed"]]
    assert not failed, "\n".join(failed[:30])


def test_margin_live_vs_stored():
    _assert_pass(mg.live_vs_stored(mg.load_results()))


def test_margin_fresh():
    _assert_pass(mg.live_fresh(SEED, n_sets=4))
