"""reports/sauc_experiments.qmd renders from the stored results and shows the paper's numbers
beside ours, the availability of the 17 data sets, the wins and the sign test."""
import json
import subprocess
import sys
from pathlib import Path

import pytest
from scipy.stats import binomtest

from rocstats_validation.paths import RESULTS_DIR

ROOT = Path(__file__).resolve().parents[2]

import gates

gates.require("reports")                  # the one report-tools gate (tests/gates.py)


def test_sauc_experiments_report_renders(tmp_path):
    res = json.loads((RESULTS_DIR / "sauc_experiments.json").read_text())
    ds = res["datasets"]
    assert {v["table"] for v in ds.values()} == {4, 5}
    render = subprocess.run(
        [sys.executable, "-m", "rocstats.report.render", str(ROOT / "reports" / "sauc_experiments.qmd"),
         "--to", "html", "--engine", "fallback", "--output-dir", str(tmp_path)],
        cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert render.returncode == 0, render.stdout + render.stderr
    html = (tmp_path / "sauc_experiments.html").read_text()
    # the paper's Table 4 / 5 values beside ours (German tree, Spam naive Bayes)
    assert "68.95 / 68.75 / 68.85" in html and "95.88 / 96.50 / 96.45" in html
    assert html.count("not available offline") == 17 - len(ds)
    # ours: German, tree, sAUC choice, as stored (x 100, 2 decimals)
    t = ds["sauc_german"]["learners"]["tree"]["test_auc"]["sauc"]
    assert f"{t['mean'] * 100:.2f} ± {t['mc_se'] * 100:.2f}".replace("-", "\u2212") in html
    # the sign test p of the Table 4 wins, recomputed from the stored means
    small = [v for v in ds.values() if v["table"] == 4]
    diffs = [v["learners"]["lr"]["diff_sauc_minus_auc"]["mean"] for v in small]
    w, l = sum(d > 0 for d in diffs), sum(d < 0 for d in diffs)
    cell = '<td style="text-align: left;">{}</td>'.format
    row = "\n".join(cell(x) for x in ("Logistic regression", "AUC", len(small), w, l,
                                      f"{binomtest(w, w + l, 0.5).pvalue:.3f}"))
    assert row in html
    assert "data:image/png;base64" in html
    # provenance: the command, the commit and the date that produced the stored numbers,
    # and how to regenerate them
    prov = res["_about"]["provenance"]
    assert prov["command"].startswith("python -m rocstats_validation.sauc_experiments")
    for text in ("produced by", prov["git_commit"][:10], "regenerate", prov["date"]):
        assert text in html, text
