"""The survival_mc validation suite (rocstats_validation.survival_mc): registered, and
its full run passes (slow: 8000 data sets, ~15 s)."""
import pytest

from rocstats_validation import run as vrun
from rocstats_validation import survival_mc as mc


def test_registered_with_acceptance():
    assert "survival_mc" in vrun.SUITES and "survival_parity" in vrun.SUITES
    assert vrun.acceptance("survival_mc")["tolerance"].startswith("3 binomial MC SE")
    assert "1e-8" in vrun.acceptance("survival_parity")["tolerance"]


def test_truth_is_the_binary_auc_of_a_large_sample():
    t = mc.true_auc("light", 1)
    assert t.shape == (3,) and all(0.7 < v < 0.8 for v in t)


def test_small_run_has_every_quantity():
    s = mc.simulate("cr_survivors", seed=3, n_rep=20)
    assert s["auc"].shape == (20, 3) and (s["se"] > 0).all()
    assert (s["blo"] <= s["lo"] + 1e-15).all() and (s["bhi"] >= s["hi"] - 1e-15).all()


@pytest.mark.slow
def test_full_suite_passes():
    res = mc.run()
    failed = [r for r in res["comparisons"] if not r["passed"]]
    assert len(res["comparisons"]) == 28 and not failed, failed
