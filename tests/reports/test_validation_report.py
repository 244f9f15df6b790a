"""The main job end to end: validation suite -> JSON -> reports/validation.qmd -> HTML.

Rendered through the fallback (nbclient + pandoc), as CI has no Quarto; checks the HTML
exists, is self-contained and holds the pROC parity table with every comparison passing.
"""
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

import gates

gates.require("reports")                  # the one report-tools gate (tests/gates.py)


def test_validation_runs_and_report_renders(tmp_path):
    # The two parity suites against stored R results (the live parts and the other suites
    # are exercised by their own tests; `make report` runs everything).  Results go to a
    # temporary directory that the report is pointed at, so the repository's
    # validation/output is left alone.
    out = tmp_path / "output"
    run = subprocess.run([sys.executable, "-m", "rocstats_validation.run", "--no-live",
                          "--suite", "proc_parity", "--suite", "rpart_parity",
                          "--output-dir", str(out)],
                         cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert run.returncode == 0, run.stdout + run.stderr
    doc = json.loads((out / "proc_parity.json").read_text())
    assert doc["summary"]["n"] > 0
    assert doc["summary"]["failed"] == 0
    assert doc["summary"]["passed"] == doc["summary"]["n"]
    stored = [c for c in doc["comparisons"] if c["source"] == "stored"]
    assert {c["case"] for c in stored} >= {"asah", "tiny", "imbalanced", "integer_ties",
                                           "independent"}
    rp = json.loads((out / "rpart_parity.json").read_text())
    assert rp["summary"]["failed"] == 0 and rp["summary"]["n"] > 0
    assert {c["source"] for c in rp["comparisons"]} >= {"stored"}

    env = dict(os.environ, ROCSTATS_VALIDATION_OUTPUT=str(out))
    render = subprocess.run(
        [sys.executable, "-m", "rocstats.report.render",
         str(ROOT / "reports" / "validation.qmd"), "--to", "html", "--engine", "fallback",
         "--output-dir", str(tmp_path)],
        cwd=ROOT, capture_output=True, text=True, timeout=900, env=env)
    assert render.returncode == 0, render.stdout + render.stderr
    html = (tmp_path / "validation.html").read_text()
    for heading_text in ('id="sec-proc-parity"', 'id="sec-rpart-parity"'):  # Appendix A sections
        heading = html.find(heading_text)
        assert heading >= 0, heading_text
        assert "<table" in html[heading:], "no table after the %s heading" % heading_text
    assert "data:image/png;base64" in html            # the ROC plot is embedded
    n = doc["summary"]["n"] + rp["summary"]["n"]
    assert re.search(r"%d\s+of\s+%d" % (n, n), html), "summary line 'N of N' missing"
