"""The README's time-dependent ROC example runs, and the numbers in its comments are
riskRegression's / survival's stored ones (validation/results/survival_auc.json), which
rocstats reproduces; load_pbc() reads the same data as the stored case."""
import re
from pathlib import Path

import numpy as np
import pytest

from rocstats_validation import survival_parity as sp

ROOT = Path(__file__).resolve().parents[2]


def test_readme_example(monkeypatch):
    pytest.importorskip("matplotlib")
    from rocstats.datasets import load_pbc

    try:                    # the example reads survival's pbc from R (rocstats.datasets)
        load_pbc()
    except ImportError as exc:
        pytest.skip("the README example reads R data (load_pbc): %s" % exc)
    import matplotlib

    matplotlib.use("Agg")
    text = (ROOT / "README.md").read_text()
    code = re.search(r"## Censored outcomes.*?```python\n(.*?)```", text, re.S).group(1)
    monkeypatch.chdir(ROOT)
    ns = {}
    exec(compile(code, "README survival example", "exec"), ns)
    case = sp.load_results()["cases"]["pbc_death"]
    s = case["score"]
    ref_auc = [a for m, a in zip(s["model"], s["auc"]) if m == "log_bili"]
    ref_se = [e for m, e in zip(s["model"], s["se"]) if m == "log_bili"]
    np.testing.assert_allclose(ns["r"].auc, ref_auc, rtol=1e-8)
    np.testing.assert_allclose(ns["r"].se, ref_se, rtol=1e-8)
    # the comments show the stored numbers, rounded
    assert "AUC(t) %s" % ", ".join("%.4f" % a for a in ref_auc) in code
    assert "SE %s" % ", ".join("%.4f" % a for a in ref_se) in code
    c = s["contrasts"]
    delta = [-d for m, r, d in zip(c["model"], c["reference"], c["delta"])
             if (m, r) == ("albumin", "log_bili")]
    p = [q for m, r, q in zip(c["model"], c["reference"], c["p"])
         if (m, r) == ("albumin", "log_bili")]
    np.testing.assert_allclose(ns["t"].difference, delta, rtol=1e-8)
    assert ", ".join("%.4f" % d for d in delta) in code
    assert ", ".join("%.4f" % q for q in p) in code
    harrell = [r for r in case["concordance"] if r["marker"] == "log_bili"
               and r["timewt"] == "n" and r.get("ymax") is None][0]
    assert ns["c"].estimate == pytest.approx(harrell["concordance"], rel=1e-8)
    assert "Harrell's C %.4f (SE %.4f)" % (harrell["concordance"], harrell["se"]) in code
    uno = [r for r in case["concordance"] if r["marker"] == "log_bili"
           and r["timewt"] == "n/G2" and r.get("ymax") == 3000][0]
    assert "3000: %.4f (SE %.4f)" % (uno["concordance"], uno["se"]) in code


def test_pbc_csv_is_the_stored_case():
    import pandas as pd

    pbc = pd.read_csv(ROOT / "validation" / "results" / "data" / "pbc.csv")
    time, status, markers, _, _ = sp.case_inputs(sp.load_results()["cases"]["pbc_death"])
    np.testing.assert_array_equal(pbc["time"].to_numpy(float), time)
    np.testing.assert_array_equal((pbc["status"] == 2).to_numpy(int), status)
    np.testing.assert_array_equal(np.log(pbc["bili"].to_numpy(float)), markers["log_bili"])
    np.testing.assert_array_equal(pbc["albumin"].to_numpy(float), markers["albumin"])
