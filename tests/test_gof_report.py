"""The Rossa Monte Carlo suite (validation/rossa_mc.py) and its report (reports/rossa.qmd)."""
import json
import math
import re
import subprocess
import sys
from pathlib import Path

import pytest

from validation import rossa_mc, run

ROOT = Path(__file__).resolve().parents[1]

SMALL = dict(cases=((10, 12),), shifts=(0.0, 1.0), reps_chi2=60, reps_perm=20, b_perm=19)


def test_suite_registered_and_record_format():
    assert run.SUITES["rossa_mc"][0] == "validation.rossa_mc:run"
    out = rossa_mc.run(seed=3, **SMALL)
    comps, meta = out["comparisons"], out["metadata"]
    # per case: 3 size checks + 2 null-mean checks, shift 0 only
    assert len(comps) == 5
    keys = {"suite", "source", "case", "item", "quantity", "value", "reference", "abs_diff",
            "rel_diff", "scaled_diff", "rtol", "atol", "scale", "passed", "note"}
    for c in comps:
        assert keys <= set(c) and c["suite"] == "rossa_mc" and c["source"] == "simulation"
        assert c["quantity"] in ("size", "null_mean")
        assert isinstance(c["passed"], bool)
    sizes = [c for c in comps if c["quantity"] == "size"]
    assert {c["criterion"].split(":")[0] for c in sizes} == {"one-sided", "two-sided"}
    for c in sizes:
        assert c["reference"] == 0.05
        reps = SMALL["reps_perm"] if "permutation" in c["item"] else SMALL["reps_chi2"]
        assert c["atol"] == pytest.approx(3 * math.sqrt(0.05 * 0.95 / reps))
        if c["criterion"].startswith("one-sided"):
            assert c["passed"] == (c["value"] <= 0.05 + c["atol"])
        else:
            assert c["passed"] == (abs(c["value"] - 0.05) <= c["atol"])
    means = [c for c in comps if c["quantity"] == "null_mean"]
    c = (10 + 12 + 1) / (12 + 2)
    assert sorted(m["reference"] for m in means) == pytest.approx(sorted([12 * c, 1 * c]))
    assert [r["shift"] for r in meta["power_table"]] == [0.0, 1.0]
    assert set(meta["versions"]) == set(rossa_mc.VERSIONS)
    for r in meta["power_table"]:
        assert all(0.0 <= r[v] <= 1.0 for v in rossa_mc.VERSIONS)
    # seeded: the same seed gives the same numbers
    again = rossa_mc.run(seed=3, **SMALL)
    assert [c["value"] for c in again["comparisons"]] == [c["value"] for c in comps]
    json.dumps(run._jsonable(out), allow_nan=False)


@pytest.mark.slow
def test_report_renders(tmp_path):
    pytest.importorskip("nbclient")
    pytest.importorskip("pypandoc")
    pytest.importorskip("matplotlib")
    proc = subprocess.run(
        [sys.executable, "-m", "rocstats.report.render", str(ROOT / "reports" / "rossa.qmd"),
         "--to", "html", "--engine", "fallback", "--output-dir", str(tmp_path)],
        cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    html = (tmp_path / "rossa.html").read_text()
    for heading in ("A worked example", "Size under H0", "Power against a location shift",
                    "Section 4"):
        assert heading in html
    assert html.count("data:image/png;base64") >= 2          # power curves + ROC of the rule
    assert "82/165" in html                                   # exact p-value of the example
    assert "Traceback" not in html
    doc = json.loads((ROOT / "validation" / "output" / "rossa_mc.json").read_text())
    n = len(doc["comparisons"])
    assert re.search(r"%d\s+of\s+%d pass/fail checks pass" % (n, n), html)
