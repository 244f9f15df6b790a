"""roc_test / roc_test_unpaired against pROC's roc.test run live through rpy2 (the R code
of validation/r/proc_roctest_helpers.R, which produced the stored file): pROC now must
give the stored deterministic numbers bit for bit, and rocstats must match pROC now on
the stored cases and on a fresh random case; the Monte Carlo comparison with boot.n =
10000 on both sides (4 MC SE) on the fresh case is slow (ROCSTATS_RUN_SLOW=1).
Skipped at collection when R, rpy2 or pROC is missing."""
import pytest

from rocstats import r as rbridge  # noqa: E402

from rocstats_validation import proc_roctest as pr  # noqa: E402
from rocstats_validation.proc_parity import describe  # noqa: E402

pytestmark = pytest.mark.usefixtures("proc")      # the R gate: tests/conftest.py


def _assert_pass(records):
    assert records
    bad = [describe(r) for r in records if not r["passed"]]
    assert not bad, "\n".join(bad)


def test_live_deterministic():
    _assert_pass(pr.live_comparisons(mc=False))


@pytest.mark.slow
def test_live_monte_carlo_fresh_case():
    fresh = pr.fresh_paired_case()
    now = pr.proc_now(fresh, pr.BOOT_N)
    _assert_pass(pr.paired_mc(fresh, now, "live_mc"))
