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


# ------------------------------------------------------------------ precision-recall
from rocstats_validation import pr_curve as prc          # noqa: E402


def test_pr_cases_present():
    assert {"rocr_simple", "asah_s100b", "continuous", "ties_blocks", "ties_positive_runs",
            "first_negative"} <= set(STORED["pr_cases"])


@pytest.mark.parametrize("case", sorted(STORED["pr_cases"]))
def test_pr_points_and_aucpr_parity(case):
    c = STORED["pr_cases"][case]
    y, s = prc.case_arrays(c)
    records = prc.compare_rocr(y, s, c["rocr"], source="stored", case=case)
    records += prc.compare_sklearn(y, s, None, case=case)
    failed = [prc.describe(r) for r in records if not r["passed"]]
    assert not failed, "\n".join(failed[:20])
    assert {"precision", "recall", "aucpr", "sk_average_precision"} <= \
        {r["quantity"] for r in records}


def test_rocr_aucpr_differs_from_the_plain_trapezoid_where_it_inserts_points():
    """ROCR's aucpr is not the trapezoid of its own points when >= 3 positives tie: the
    stored value is reproduced by method='rocr' only."""
    import rocstats

    c = STORED["pr_cases"]["ties_positive_runs"]
    y, s = prc.case_arrays(c)
    assert rocstats.pr_auc(y, s, method="rocr").auc == c["rocr"]["aucpr"]
    assert abs(rocstats.pr_auc(y, s, method="trapezoid").auc - c["rocr"]["aucpr"]) > 1e-3
