"""rocstats' power calculations against pROC's power.roc.test run live through rpy2
(rocstats.r.proc_power_*): pROC now must reproduce the stored numbers bit for bit, and
rocstats must match pROC on the stored cases and on fresh random designs and pilot data
(rocstats_validation.proc_power.fresh_cases; seed $ROCSTATS_FRESH_SEED or the suite's).
Skipped at collection when R, rpy2 or pROC is missing."""
import pytest

from rocstats import r as rbridge  # noqa: E402

from rocstats_validation import proc_power as pp  # noqa: E402
from rocstats_validation.proc_parity import describe  # noqa: E402

pytestmark = pytest.mark.usefixtures("proc")      # the R gate: tests/conftest.py

DOC = pp.load_power_results()
FRESH = pp.fresh_cases()
STORED = [(form, i) for form in pp.FORMS for i in range(len(DOC[form]))]
FRESH_CASES = [(form, i) for form in pp.FORMS for i in range(len(FRESH[form]))]


def _assert_pass(records):
    assert records
    bad = [describe(r) for r in records if not r["passed"]]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("form,i", STORED,
                         ids=["%s-%s" % (f, DOC[f][i]["name"]) for f, i in STORED])
def test_live_on_stored_cases(form, i):
    case = DOC[form][i]
    now = pp.proc_now(form, case, DOC)
    assert now["warnings"] == []
    for q, v in case["result"].items():
        assert now[q] == v, "%s: pROC now %r, stored %r" % (q, now[q], v)
    _assert_pass(pp.case_comparisons(form, case, now, "live", DOC))


@pytest.mark.parametrize("form,i", FRESH_CASES,
                         ids=["%s-%s" % (f, FRESH[f][i]["name"]) for f, i in FRESH_CASES])
def test_live_on_fresh_cases(form, i):
    case = FRESH[form][i]
    _assert_pass(pp.case_comparisons(form, case, pp.proc_now(form, case, DOC), "live", DOC))


def test_fresh_cases_cover_every_form():
    assert len(FRESH["numeric"]) == 12 and len(FRESH["list"]) >= 4
    assert FRESH["roc"] and FRESH["paired"]
    assert {c["args"]["method"] for c in FRESH["paired"]} == {"obuchowski", "delong"}


def test_procs_impossible_answer_is_refused():
    """Where pROC returns a significance level above 1 (no answer), rocstats raises."""
    out = rbridge.proc_power_numeric(auc=0.52, ncases=20, ncontrols=20, sig_level=None,
                                     power=0.9)
    assert out["sig_level"] > 1
    import rocstats

    with pytest.raises(ValueError, match="sig_level"):
        rocstats.power_roc_test(auc=0.52, ncases=20, ncontrols=20, sig_level=None, power=0.9)
