"""The README's quick example runs and shows the numbers it claims."""
import re
from pathlib import Path

import numpy as np
import pytest

README = Path(__file__).resolve().parents[1] / "README.md"


def needs_r_data(*loaders):
    """The README's examples read R's data sets through rocstats.datasets (the wheel does
    not ship GPL data): skip, with the reason, where R, rpy2 or the R package is missing."""
    from rocstats import datasets

    for name in loaders:
        try:
            getattr(datasets, name)()
        except ImportError as exc:
            pytest.skip("the README example reads R data (%s): %s" % (name, exc))


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
    needs_r_data("load_kyphosis")
    monkeypatch.chdir(README.parent)
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
    needs_r_data("load_asah")
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
    # pROC's roc.test(roc(outcome, s100b), roc(outcome, ndka)) (stored paired case)
    pair = [p for p in proc_parity.load_results().PAIRED_CASES["asah"]["paired"]
            if (p["a"], p["b"]) == ("s100b", "ndka")][0]["tests"]["two-sided"]
    assert ns["t"].statistic == pytest.approx(pair["statistic"], rel=1e-10)
    assert ns["t"].pvalue == pytest.approx(pair["p_value"], rel=1e-10)
    se90 = ns["se90"].iloc[0]
    i = boot["se"]["specificities"].index(0.9)
    for q in ("lower", "median", "upper"):
        assert abs(se90[q] - boot["se"][q][i]) <= 2 / 41 + 1e-12
    import matplotlib.pyplot as plt

    plt.close(ns["ax"].figure)


def test_diagnostic_accuracy_and_cutpoint_example(monkeypatch):
    """The README's epiR / cutpointr block against the stored epiR 2.0.57 and cutpointr 1.1.2
    results (validation/results/diagnostic.json)."""
    needs_r_data("load_asah")
    from rocstats_validation import diagnostic_parity as dp

    text = README.read_text()
    code = re.search(r"## Accuracy at a pre-specified cut-off.*?```python\n(.*?)```", text, re.S).group(1)
    monkeypatch.chdir(README.parent)
    ns = {}
    exec(compile(code, "README diagnostic example", "exec"), ns)
    acc, cut = ns["acc"], ns["cut"]
    ref = dp.load_results()
    case = next(c for c in ref["epir"] if c["name"] == "asah_s100b_ge_0.205")
    run = next(r for r in case["results"] if r["method"] == "exact" and r["level"] == 0.95)
    assert [acc.tp, acc.fp, acc.fn, acc.tn] == case["counts"] == [26, 14, 15, 58]
    for stat in ("se", "sp", "lr.pos", "lr.neg"):
        i = run["statistic"].index(stat)
        assert tuple(acc[stat]) == pytest.approx((run["est"][i], run["lower"][i], run["upper"][i]),
                                                 rel=1e-10)
    call = next(c for c in next(c for c in ref["cutpointr"] if c["name"] == "asah_s100b")["calls"]
                if c["metric"] == "youden" and c["direction"] == ">=" and not c["use_midpoints"]
                and c["break_ties"] == "median")
    assert cut.threshold == call["optimal_cutpoint"][0] == 0.22
    assert cut.value == pytest.approx(call["value"][0], rel=1e-12)
    boot = ref["cutpointr_boot"][0]["summary"]
    assert round(boot["optimal_cutpoint"]["mean"], 3) == 0.243
    assert boot["optimal_cutpoint"]["q"][0] == 0.12 and boot["optimal_cutpoint"]["q"][2] == 0.52
    assert round(boot["youden_oob"]["mean"], 3) == 0.368
    opt = ns["opt"]
    assert round(opt.loc["youden", "apparent"], 3) == 0.440
    assert abs(opt.loc["youden", "out_of_bag"] - 0.37) < 0.01        # ours, another stream
def test_trees_cross_to_r_example(monkeypatch):
    """The README's "Trees that cross to R and back" blocks: print(fit) is R's stored
    print.rpart text, the rules and the forest numbers are the ones quoted; the R part
    runs when rpart is available through rpy2 (else only the Python part)."""
    needs_r_data("load_kyphosis", "load_pima")
    from rocstats_validation import rpart_interop as ri

    text = README.read_text()
    sec = text.split("## Trees that cross to R and back", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```python\n(.*?)```", sec, re.S)
    printed = re.findall(r"```\n(n= 81 .*?)```", sec, re.S)[0]
    tree_code, forest_code = blocks
    offline, with_r = tree_code.split("# with R", 1)
    monkeypatch.chdir(README.parent)
    ns = {}
    exec(compile(offline.replace("print(", "str("), "README trees", "exec"), ns)
    fit = ns["fit"]
    assert str(fit).splitlines() == ri.load("kyphosis_default")["print"]
    assert printed.rstrip("\n").splitlines() == str(fit).splitlines()
    rules = ns["rules"]
    assert rules["node"].tolist() == [4, 10, 22, 23, 3]
    assert rules["rule"].iloc[1] == "Start >= 8.5 & Start < 14.5 & Age < 55"
    assert rules["n"].tolist() == [29, 12, 14, 7, 19]
    np.testing.assert_allclose(rules["prob_present"], [0, 0, 2 / 14, 4 / 7, 11 / 19])
    try:
        from rocstats.r.rpart import rpart_available

        ok = rpart_available()[0]
    except Exception:
        ok = False
    if ok:
        exec(compile("# with R" + with_r, "README trees (R)", "exec"), ns)
        p = np.asarray(ns["p"])
        np.testing.assert_allclose(p, [[1, 0], [8 / 19, 11 / 19]], rtol=1e-12)
        assert str(ns["back"]).splitlines() == ri.load("kyphosis_default")["print"]
    exec(compile(forest_code.replace("print(", "str("), "README forest", "exec"), ns)
    forest = ns["forest"]
    assert round(forest.oob_brier_, 3) == 0.173
    assert round(forest.oob_brier_normalized_, 3) == 0.694
    assert round(forest.oob_auc_, 3) == 0.795
    table = ns["table"]
    assert table.index[:3].tolist() == ["glu", "age", "bmi"]
    assert (round(table.loc["glu", "importance"], 3), round(table.loc["glu", "se"], 3)) == \
        (0.047, 0.002)


@pytest.mark.needs_reports
def test_margins_averaging_pr_example_against_r(monkeypatch):
    """The README's issue-25 block: the non-inferiority test, its one-sided bound and the
    TOST p-value against pROC 1.18's variances with R's pnorm (validation/results/
    margin.json), ROCR 1.0-11's aucpr and vertical average (validation/results/rocr.json),
    all to 1e-10; the logit interval and the mean fold AUC by their formulas."""
    needs_r_data("load_asah", "load_rocr_xval")
    import json
    import math

    monkeypatch.setenv("MPLBACKEND", "Agg")
    text = README.read_text()
    code = re.search(r"## Margins, averaged curves.*?```python\n(.*?)```", text, re.S).group(1)
    monkeypatch.chdir(README.parent)
    ns = {}
    exec(compile(code, "README issue-25 example", "exec"), ns)
    margin = json.load(open("validation/results/margin.json"))["cases"]["asah_wfns_vs_s100b"]
    ref = margin["proc"]
    assert ns["ni"].pvalue == pytest.approx(ref["p_greater"], rel=1e-10)
    assert ns["lower"] == pytest.approx(ref["lower95"], rel=1e-10)
    assert ns["eq"].pvalue == pytest.approx(ref["p_tost"], rel=1e-10)
    assert (round(ns["ni"].statistic, 3), round(ns["ni"].pvalue, 5)) == (3.405, 0.00033)
    rocr = json.load(open("validation/results/rocr.json"))
    assert ns["aucpr"] == pytest.approx(rocr["pr_cases"]["asah_s100b"]["rocr"]["aucpr"],
                                        rel=1e-10)
    assert round(ns["pr"].auc, 4) == 0.6869
    th, n = ns["pr"].auc, 41
    eta, tau = math.log(th / (1 - th)), 1 / math.sqrt(n * th * (1 - th))
    assert ns["pr_ci"].lower == pytest.approx(1 / (1 + math.exp(-(eta - 1.959963984540054 * tau))))
    xval = rocr["average_cases"]["rocr_xval"]["rocr"]
    avg = ns["avg"]
    at = [np.argmin(np.abs(avg.fpr - x)) for x in (0.0, 0.1, 0.2)]
    assert np.allclose(avg.fpr[at], [0.0, 0.1, 0.2])
    np.testing.assert_allclose(avg.tpr[at], xval["spread_mean"][:3], rtol=1e-10)
    assert (round(avg.auc, 3), round(avg.auc_ci.lower, 3), round(avg.auc_ci.upper, 3)) == \
        (0.897, 0.861, 0.932)
    assert ns["band"].attrs["kind"] == "simultaneous"
