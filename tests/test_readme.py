"""The README's quick example runs and shows the numbers it claims."""
import re
from pathlib import Path

import numpy as np
import pytest

README = Path(__file__).resolve().parents[1] / "README.md"


def test_quick_example_numbers():
    text = README.read_text()
    code = re.search(r"## Quick example\s+```python\n(.*?)```", text, re.S).group(1)
    ns = {}
    exec(compile(code, "README quick example", "exec"), ns)
    assert ns["rocstats"].auc(ns["y"], ns["a"]) == 14 / 16
    r, t = ns["r"], ns["t"]
    assert r.variance == pytest.approx(1 / 48, rel=1e-15)
    assert r.conf_int(0.95).upper == 1.0
    assert round(r.conf_int(0.95).lower, 3) == 0.592
    assert (round(t.statistic, 3), round(t.pvalue, 3)) == (0.316, 0.752)
    th = ns["rocstats"].best_threshold(ns["y"], ns["a"])
    # pROC: coords(roc(y, a, levels = c(0, 1), direction = "<"), "best") -> 0.6, 1, 0.75
    assert (th.threshold, th.sensitivity, th.specificity) == (0.6, 0.75, 1.0)


def test_readme_names_the_two_commands_and_ci_uses_one():
    text = README.read_text()
    assert "make report" in text and "make test" in text
    ci = (README.parent / ".ci" / "run").read_text()
    assert re.search(r"^make test$", ci, re.M)


def test_more_examples_numbers(monkeypatch):
    """The second README block: sAUC of the paper's model M2 (49/90, 8/9, 67/90, 1/5) and
    the kyphosis complexity table as stored from rpart 4.1.19."""
    from fractions import Fraction

    from rocstats_validation import rpart_parity as rp

    text = README.read_text()
    code = re.search(r"## More examples\s+```python\n(.*?)```", text, re.S).group(1)
    monkeypatch.chdir(README.parent)            # the example reads a file of the repository
    ns = {}
    exec(compile(code.replace("print(", "str("), "README more examples", "exec"), ns)
    r = ns["r"]
    assert Fraction(r.sauc).limit_denominator(1000) == Fraction(49, 90)
    assert Fraction(r.auc).limit_denominator(1000) == Fraction(8, 9)
    assert (round(r.r_pos, 4), round(r.r_neg, 4)) == (0.7444, 0.2)
    stored = rp.load_case("kyphosis_default")["result"]["cptable"]
    np.testing.assert_allclose(ns["fit"].cptable_["CP"], stored["CP"], rtol=1e-10)
    assert list(ns["fit"].cptable_["nsplit"]) == [0, 1, 4] == list(stored["nsplit"])
    assert 0 < ns["g"].pvalue < 0.05


@pytest.mark.needs_reports
def test_asah_study_example_against_proc(monkeypatch):
    """The README's aSAH study block against pROC 1.18's stored numbers: the DeLong CI
    (validation/results/proc_results.py), coords "best" and the McClish-corrected partial
    AUC (validation/results/proc_coords.json) exactly to 1e-10; the bootstrap quantities
    are random, so here only within 2 steps of the sensitivity grid (2/41) of pROC's
    10000-replicate values -- the Monte Carlo comparison proper is the proc_coords suite."""
    monkeypatch.setenv("MPLBACKEND", "Agg")
    from rocstats_validation import proc_coords, proc_parity

    text = README.read_text()
    code = re.search(r"## A diagnostic-accuracy study.*?```python\n(.*?)```", text, re.S).group(1)
    monkeypatch.chdir(README.parent)
    ns = {}
    exec(compile(code, "README aSAH example", "exec"), ns)
    ref = proc_parity.load_results().PAIRED_CASES["asah"]["single"]["s100b"]
    ci = ns["ci"]
    assert ci.estimate == pytest.approx(ref["auc"], rel=1e-10)
    assert (ci.lower, ci.upper) == (pytest.approx(ref["ci_lower"], rel=1e-10),
                                    pytest.approx(ref["ci_upper"], rel=1e-10))
    best = ns["best"].iloc[0]
    assert best["threshold"] == ref["best_youden_threshold"]
    assert best["sensitivity"] == pytest.approx(ref["best_youden_se"], rel=1e-10)
    assert best["specificity"] == pytest.approx(ref["best_youden_sp"], rel=1e-10)
    boot = proc_coords.load_coords_results()["bootstrap"]["asah_s100b"]
    assert ns["pauc"] == pytest.approx(boot["partial_auc"]["estimate"], rel=1e-10)
    se90 = ns["se90"].iloc[0]
    i = boot["se"]["specificities"].index(0.9)
    for q in ("lower", "median", "upper"):
        assert abs(se90[q] - boot["se"][q][i]) <= 2 / 41 + 1e-12
    import matplotlib.pyplot as plt

    plt.close(ns["ax"].figure)
