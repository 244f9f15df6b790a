"""rocstats.r.compare_with_proc: live pROC beside rocstats on aSAH.

The pROC column is checked against pROC's *stored* results for aSAH
(validation/results/proc_results.py, written by validation/r/proc_cases.R), so the bridge
cannot agree with rocstats by passing rocstats' own numbers through; a corrupted pROC value
must turn its row to ``pass = False``.
"""
import numpy as np
import pandas as pd
import pytest

import rocstats.r
from rocstats.r import _proc
from rocstats_validation.paths import DATA_DIR
from rocstats_validation.proc_parity import load_results

ASAH = pd.read_csv(DATA_DIR / "asah.csv")
STORED = load_results().PAIRED_CASES["asah"]


def test_unavailable_r_raises_with_the_reason(monkeypatch):
    monkeypatch.setattr(_proc, "r_available", lambda: (False, "simulated: no R here"))
    with pytest.raises(RuntimeError, match="simulated: no R here"):
        rocstats.r.compare_with_proc(ASAH.outcome, ASAH.s100b, pos_label="Poor")


def test_bad_direction():
    with pytest.raises(ValueError, match="direction"):
        rocstats.r.compare_with_proc(ASAH.outcome, ASAH.s100b, pos_label="Poor", direction="auto")


@pytest.mark.usefixtures("proc")
def test_asah_every_quantity_passes_and_proc_column_is_procs():
    table = rocstats.r.compare_with_proc(ASAH.outcome, ASAH[["s100b", "ndka", "wfns"]], pos_label="Poor")
    assert list(table.columns) == ["score", "quantity", "rocstats", "pROC", "relative difference",
                                   "tolerance", "pass"]
    assert table["pass"].all(), table[~table["pass"]]
    # 3 scores x (4 DeLong + 2 partial + 3 best + 3 Se at Sp) + 3 pairs x 4
    assert len(table) == 3 * 12 + 3 * 4
    by = table.set_index(["score", "quantity"])["pROC"]
    for name, ref in STORED["single"].items():
        assert by[(name, "AUC")] == pytest.approx(ref["auc"], rel=1e-12)
        assert by[(name, "DeLong variance")] == pytest.approx(ref["var"], rel=1e-12)
        assert by[(name, "DeLong 95% CI lower")] == pytest.approx(ref["ci_lower"], rel=1e-12)
        assert by[(name, "Youden-best threshold")] == pytest.approx(ref["best_youden_threshold"], rel=1e-12)
    for pair in STORED["paired"]:
        test = pair["tests"]["two-sided"]
        key = f"{pair['a']} vs {pair['b']}"
        assert by[(key, "paired DeLong z")] == pytest.approx(test["statistic"], rel=1e-12)
        assert by[(key, "paired DeLong p-value")] == pytest.approx(test["p_value"], rel=1e-12)
    assert table.attrs["versions"]["proc_version"].startswith("1.")


@pytest.mark.usefixtures("proc")
def test_a_wrong_proc_value_fails_its_row(monkeypatch):
    real = _proc.proc_auc

    def off(*args, **kwargs):
        out = real(*args, **kwargs)
        out["auc"] += 1e-7
        return out

    monkeypatch.setattr(_proc, "proc_auc", off)
    table = rocstats.r.compare_with_proc(ASAH.outcome, ASAH.s100b, pos_label="Poor", specificities=())
    failed = table.loc[~table["pass"], "quantity"].tolist()
    assert failed == ["AUC"]
    row = table.set_index("quantity").loc["AUC"]
    assert row["relative difference"] == pytest.approx(1e-7 / row["pROC"], rel=1e-3)


@pytest.mark.usefixtures("proc")
def test_direction_greater_matches_proc_on_negated_scores():
    t = rocstats.r.compare_with_proc(ASAH.outcome, ASAH.ndka, pos_label="Poor", direction=">")
    assert t["pass"].all(), t[~t["pass"]]
    auc = t.set_index("quantity").loc["AUC", "pROC"]
    assert auc == pytest.approx(1 - STORED["single"]["ndka"]["auc"], rel=1e-12)
