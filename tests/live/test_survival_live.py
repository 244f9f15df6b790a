"""rocstats.survival against riskRegression and survival run live through rpy2
(rocstats.r.survival): R now reproduces the stored numbers bit for bit, and rocstats
matches R on fresh random data drawn in Python (rocstats_validation.survival_parity
.fresh_cases; seed $ROCSTATS_FRESH_SEED or 20260201).  Skipped when R, riskRegression or
survival is missing."""
import pytest

from rocstats_validation import survival_parity as sp

pytestmark = pytest.mark.r

OK, WHY = sp.live_status()
if not OK:
    pytest.skip("riskRegression / survival unavailable: %s" % WHY, allow_module_level=True)

STORED = sp.load_results()
FRESH = sp.fresh_cases()


def _assert_pass(records):
    assert records
    failed = [sp.describe(r) for r in records if not r["passed"]]
    assert not failed, "\n".join(failed[:30])


@pytest.mark.parametrize("case", ["pbc_death", "veteran", "lung", "pbc_competing",
                                  "sim_small_ties", "sim_cox_censoring"])
def test_live_r_reproduces_stored(case):
    _assert_pass(sp.live_vs_stored(case, STORED["cases"][case]))


@pytest.mark.parametrize("name", sorted(FRESH))
def test_live_fresh_parity(name):
    _assert_pass(sp.fresh_records(name, FRESH[name]))
