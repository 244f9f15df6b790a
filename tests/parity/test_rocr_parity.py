"""rocstats against ROCR 1.0-11 results stored in validation/results/rocr.json (generated
by validation/r/rocr_cases.R; DO NOT EDIT): the vertical average of ROC curves across
folds and its standard-error bars (rocstats.roc_average).  No R needed.  Tolerances:
rocstats_validation.roc_average.TOLERANCES (rtol 1e-12)."""
import pytest

from rocstats_validation import roc_average as ra

STORED = ra.load_results()


def test_stored_file_metadata():
    assert STORED["rocr_version"] == "1.0.11"
    assert STORED["generator"] == "validation/r/rocr_cases.R"
    assert "DO_NOT_EDIT" in STORED and "prediction(" in STORED["r_calls"][0]
    assert {"rocr_xval", "ties_folds"} <= set(STORED["average_cases"])
    xval = STORED["average_cases"]["rocr_xval"]
    assert len(xval["data"]["scores"]) == 10 and len(xval["rocr"]["spread_at"]) == 11


@pytest.mark.parametrize("case", sorted(STORED["average_cases"]))
def test_vertical_average_parity(case):
    c = STORED["average_cases"][case]
    records = ra.compare_vertical(ra.folds_of(c), c["rocr"], source="stored", case=case)
    failed = [ra.describe(r) for r in records if not r["passed"]]
    assert not failed, "\n".join(failed[:20])
    assert {r["quantity"] for r in records} == {"vertical_mean", "spread_mean",
                                                 "spread_stderror"}

