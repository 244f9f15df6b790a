"""The main job end to end: validation suite -> JSON -> reports/validation.qmd -> HTML.

Rendered through the fallback (nbclient + pandoc), as CI has no Quarto; checks the HTML
exists, is self-contained and holds the pROC parity table with every comparison passing.
"""
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytest.importorskip("nbclient")
pytest.importorskip("pypandoc")


def test_validation_runs_and_report_renders(tmp_path):
    run = subprocess.run([sys.executable, "-m", "validation.run"], cwd=ROOT,
                         capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stdout + run.stderr
    doc = json.loads((ROOT / "validation" / "output" / "proc_parity.json").read_text())
    assert doc["summary"]["n"] > 0
    assert doc["summary"]["failed"] == 0
    assert doc["summary"]["passed"] == doc["summary"]["n"]
    stored = [c for c in doc["comparisons"] if c["source"] == "stored"]
    assert {c["case"] for c in stored} >= {"asah", "tiny", "imbalanced", "integer_ties",
                                           "independent"}

    render = subprocess.run(
        [sys.executable, str(ROOT / "reports" / "render.py"),
         str(ROOT / "reports" / "validation.qmd"), "--to", "html", "--engine", "fallback",
         "--output-dir", str(tmp_path)],
        cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert render.returncode == 0, render.stdout + render.stderr
    html = (tmp_path / "validation.html").read_text()
    heading = html.find("pROC parity")
    assert heading >= 0
    assert "<table" in html[heading:], "no table after the pROC parity heading"
    assert "data:image/png;base64" in html            # the ROC plot is embedded
    n = doc["summary"]["n"]
    assert re.search(r"%d\s+of\s+%d" % (n, n), html), "summary line 'N of N' missing"
