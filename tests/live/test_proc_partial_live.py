"""rocstats' partial AUC and smooth() against pROC run live through rpy2 (rocstats.r):
pROC now must reproduce the stored numbers bit for bit, and rocstats must match pROC on
fresh random data drawn in Python (rocstats_validation.proc_partial.fresh_cases; seed
$ROCSTATS_FRESH_SEED or 20250601).  Skipped at collection when R / pROC is missing."""
import pytest

from rocstats_validation import proc_partial as pp

pytestmark = pytest.mark.usefixtures("proc")      # the R gate: tests/conftest.py

STORED = pp.load_results()
RANGES = list(zip(STORED["ranges"]["lo"], STORED["ranges"]["hi"]))
SCORES = [(c, s) for c, case in STORED["cases"].items() for s in case["results"]]
FRESH = pp.fresh_cases()


def _assert_pass(records):
    assert records
    failed = [pp.describe(r) for r in records if not r["passed"]]
    assert not failed, "\n".join(failed[:30])


@pytest.mark.parametrize("case, score", SCORES, ids=["%s-%s" % cs for cs in SCORES])
def test_live_proc_reproduces_stored(case, score):
    c = STORED["cases"][case]
    y, scores = pp.case_data(c)
    ref = c["results"][score]
    now = pp.proc_live(y, scores[score], control=c["control"], case=c["case"],
                       direction=c["direction"], smoothings=pp._smoothings(ref), ranges=RANGES)
    _assert_pass(pp._identical_records(now, ref, case=case, score=score))


@pytest.mark.parametrize("name", sorted(FRESH))
def test_live_fresh_parity(name):
    c = FRESH[name]
    opts = dict(control=c["control"], case=c["case"], direction=c["direction"],
                smoothings=[("binormal", 512), ("density", 512), ("density", 100)],
                ranges=RANGES)
    for s, score in c["scores"].items():
        ref = pp.proc_live(c["y"], score, **opts)
        ours = pp.rocstats_results(c["y"], score, **opts)
        _assert_pass(pp.compare_results(ours, ref, source="live", case=name, score=s))
