"""reports/sauc.qmd renders through the fallback renderer (nbclient + pandoc) and shows the
paper's examples, the sROC figure and the Monte Carlo tables with every check passing."""
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from rocstats_validation.paths import OUTPUT_DIR

ROOT = Path(__file__).resolve().parents[2]

import gates

gates.require("reports")                  # the one report-tools gate (tests/gates.py)


def test_sauc_report_renders(tmp_path):
    run = subprocess.run([sys.executable, "-m", "rocstats_validation.run", "--suite", "sauc_mc"],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    doc = json.loads((OUTPUT_DIR / "sauc_mc.json").read_text())
    assert doc["summary"]["n"] == 8 and doc["summary"]["failed"] == 0   # 3 x 2 variances + 2 sizes
    render = subprocess.run(
        [sys.executable, "-m", "rocstats.report.render", str(ROOT / "reports" / "sauc.qmd"),
         "--to", "html", "--engine", "fallback", "--output-dir", str(tmp_path)],
        cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert render.returncode == 0, render.stdout + render.stderr
    html = (tmp_path / "sauc.html").read_text()
    assert html.count("<table") >= 3
    assert "data:image/png;base64" in html                 # the sROC figure
    for text in ("49/90", "7/15", "0.5444", "0.4667", "Size of the paired test"):
        assert text in html, text
    shown = re.sub(r"<details>.*?</details>", "", html, flags=re.S)   # without the folded code
    assert "FAIL" not in shown and "8 of 8 comparisons pass" in shown
    assert "Theorem 6" in html and "DeLong form" in html
