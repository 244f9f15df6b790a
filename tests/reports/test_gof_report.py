"""The Rossa Monte Carlo suite (rocstats_validation.rossa_mc) and its report (reports/rossa.qmd)."""
import json
import math
import re
import subprocess
import sys
from pathlib import Path

import pytest

from rocstats_validation import rossa_mc, run
from rocstats_validation.paths import OUTPUT_DIR

ROOT = Path(__file__).resolve().parents[2]

SMALL = dict(size_cases=(rossa_mc._case(12, 10), rossa_mc._case(8, 8, cells=3, data="discrete"),
                         rossa_mc._case(8, 8, data="discrete", ties="upper")),
             discrete_cases=(rossa_mc._case(5, 6),), power_cases=((12, 10, 3),),
             shifts=(0.0, 1.0), reps_size=60, reps_power=20, b_perm=19)


def test_suite_registered_and_record_format():
    assert run.SUITES["rossa_mc"][0] == "rocstats_validation.rossa_mc:run"
    out = rossa_mc.run(seed=3, **SMALL)
    comps, meta = out["comparisons"], out["metadata"]
    # per case: 1 size check (+1 against the exact size for a tiny case) and 1 null-mean
    # check where the null law is the exact one (random tie-breaking)
    assert len(comps) == (3 + 2) + (2 + 1)
    keys = {"suite", "source", "case", "item", "quantity", "value", "reference", "abs_diff",
            "rel_diff", "scaled_diff", "rtol", "atol", "scale", "passed", "note"}
    for c in comps:
        assert keys <= set(c) and c["suite"] == "rossa_mc" and c["source"] == "simulation"
        assert c["quantity"] in ("size", "null_mean")
        assert isinstance(c["passed"], bool)
    sizes = [c for c in comps if c["quantity"] == "size"]
    assert {c["criterion"].split(":")[0] for c in sizes} == {"one-sided", "two-sided"}
    se = math.sqrt(0.05 * 0.95 / SMALL["reps_size"])
    for c in sizes:
        if c["item"].endswith("vs its exact size"):
            p = c["reference"]
            assert 0 < p < 0.05
            assert c["atol"] == pytest.approx(3 * math.sqrt(p * (1 - p) / SMALL["reps_size"]))
            assert c["passed"] == (abs(c["value"] - p) <= c["atol"])
            continue
        assert c["reference"] == 0.05
        assert c["atol"] == pytest.approx(3 * se)
        if c["criterion"].startswith("one-sided"):
            assert c["passed"] == (c["value"] <= 0.05 + c["atol"])
        else:
            assert c["passed"] == (abs(c["value"] - 0.05) <= c["atol"])
    means = [c for c in comps if c["quantity"] == "null_mean"]
    c12 = (12 + 10 + 1) / (10 + 2)          # m = 12 positives, n = 10 negatives
    c8 = (8 + 8 + 1) / (8 + 2)
    c56 = (5 + 6 + 1) / (6 + 2)
    assert sorted(m["reference"] for m in means) == pytest.approx(
        sorted([10 * c12, 2 * c8, 6 * c56]))
    table = {r["case"]: r for r in meta["size_table"]}
    assert table["m=12,n=10,n+1 cells"]["k"] == 11 and table["m=8,n=8,k=3,discrete"]["k"] == 3
    assert table["m=8,n=8,n+1 cells,discrete,ties=upper"]["exact_fraction"] == 0.0
    assert table["m=12,n=10,n+1 cells"]["exact_fraction"] == 1.0
    assert table["m=5,n=6,n+1 cells"]["tiny"]
    assert [r["shift"] for r in meta["power_table"]] == [0.0, 1.0]
    for r in meta["power_table"]:
        assert all(0.0 <= r[v] <= 1.0 for v in rossa_mc.POWER_VERSIONS)
    for r in meta["size_table"]:
        assert all(0.0 <= r[v] <= 1.0 for v in rossa_mc.VERSIONS)
    # seeded: the same seed gives the same numbers
    again = rossa_mc.run(seed=3, **SMALL)
    assert [c["value"] for c in again["comparisons"]] == [c["value"] for c in comps]
    json.dumps(run._jsonable(out), allow_nan=False)


def test_exact_size_by_enumeration():
    """The exact size of the exact test that the suite reports equals the one counted
    over every ordering with the independent enumeration of tests/definitions.py."""
    from fractions import Fraction

    from definitions import compositions, rossa_exact_pvalue_def

    m, n = 4, 5
    pv = [rossa_exact_pvalue_def(list(c), n) for c in compositions(m, n + 1)]
    size = Fraction(sum(1 for p in pv if p <= Fraction(1, 20)), len(pv))
    assert rossa_mc.exact_size(m, n, None) == pytest.approx(float(size), rel=1e-12)


@pytest.mark.slow
@pytest.mark.needs_reports
def test_report_renders(tmp_path):
    proc = subprocess.run(
        [sys.executable, "-m", "rocstats.report.render", str(ROOT / "reports" / "rossa.qmd"),
         "--to", "html", "--engine", "fallback", "--output-dir", str(tmp_path)],
        cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    html = (tmp_path / "rossa.html").read_text()
    for heading in ("A worked example", "Size under H0", "Tiny samples",
                    "Power against a location shift", "Section 4"):
        assert heading in html
    assert html.count("data:image/png;base64") >= 2          # power curves + ROC of the rule
    assert "3/10 = 0.3000" in html                            # exact p-value of the example
    assert "auto: exact" in html                              # the default resolved to exact
    assert "Traceback" not in html
    doc = json.loads((OUTPUT_DIR / "rossa_mc.json").read_text())
    n = len(doc["comparisons"])
    assert re.search(r"%d\s+of\s+%d pass/fail checks pass" % (n, n), html)
