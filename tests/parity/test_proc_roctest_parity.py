"""rocstats' roc_test / roc_test_unpaired against pROC 1.18's roc.test, stored in
validation/results/proc_roctest.json (``Rscript validation/r/proc_roctest_cases.R``; DO
NOT EDIT).  No R needed.  Deterministic parts to 1e-10 (Venkatraman's paired E and the
fixed-point values exactly); bootstrap D and the permutation p-values with 10000
replicates on both sides within 4 Monte Carlo SE (delta-method SE of D, binomial SE of
a permutation p-value: rocstats_validation.proc_roctest)."""
import pytest

from rocstats_validation import proc_roctest as pr
from rocstats_validation.proc_parity import describe

DOC = pr.load_results()


def _assert_pass(records):
    assert records
    bad = [describe(r) for r in records if not r["passed"]]
    assert not bad, "\n".join(bad)


def test_stored_file_header():
    assert list(DOC)[:2] == ["DO_NOT_EDIT", "r_calls"]
    assert DOC["proc_version"] == "1.18.0"
    assert DOC["boot_n"] == 10000
    assert len(DOC["paired"]) >= 3 and len(DOC["unpaired"]) >= 2


@pytest.mark.parametrize("i", range(len(DOC["paired"])),
                         ids=[c["name"] for c in DOC["paired"]])
def test_paired_deterministic(i):
    case = DOC["paired"][i]
    recs = pr.paired_deterministic(case, case["result"], "stored")
    _assert_pass(recs)
    assert {r["item"] for r in recs} == {"delong", "venkatraman", "specificity",
                                         "sensitivity", "bootstrap_partial"}
    # pROC's internal statistic alone agrees with roc.test's
    assert case["venkatraman_stat"] == case["result"]["venkatraman"]["statistic"]


@pytest.mark.parametrize("i", range(len(DOC["unpaired"])),
                         ids=[c["name"] for c in DOC["unpaired"]])
def test_unpaired_deterministic(i):
    case = DOC["unpaired"][i]
    _assert_pass(pr.unpaired_deterministic(case, case["result"], "stored"))


@pytest.mark.parametrize("i", range(len(DOC["paired"])),
                         ids=[c["name"] for c in DOC["paired"]])
def test_paired_monte_carlo(i):
    case = DOC["paired"][i]
    recs = pr.paired_mc(case, case["result"], "stored_mc", B_ref=DOC["boot_n"])
    _assert_pass(recs)
    assert all(r["mc_se"] > 0 or r["value"] == r["reference"] for r in recs)


@pytest.mark.parametrize("i", range(len(DOC["unpaired"])),
                         ids=[c["name"] for c in DOC["unpaired"]])
def test_unpaired_monte_carlo(i):
    case = DOC["unpaired"][i]
    _assert_pass(pr.unpaired_mc(case, case["result"], "stored_mc", B_ref=DOC["boot_n"]))


def test_mc_tolerance_can_fail():
    # a D 10 % off at B = 10000 is far outside 4 Monte Carlo SE
    import numpy as np

    reps = np.random.default_rng(0).normal(size=10000)
    se = pr.boot_d_se(2.0, reps)
    assert 0.01 < se < 0.05
    assert 0.2 > 4 * se
    assert pr.perm_p_se(0.0, 0.0, 10000, 10000) > 0
