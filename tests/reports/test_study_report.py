"""rocstats.report.roc_study / rocstats-report on pROC's aSAH: the document renders with and
without R, and the numbers in its tables are the public API's (recomputed here call by call,
not through rocstats.report.study)."""
import re
from html.parser import HTMLParser

import numpy as np
import pandas as pd
import pytest

import rocstats
import rocstats.r
from rocstats.report import study
from rocstats_validation.paths import DATA_DIR

import gates

gates.require("reports")                  # the one report-tools gate (tests/gates.py)

CSV = DATA_DIR / "asah.csv"
ASAH = pd.read_csv(CSV)
MARKERS = ["s100b", "ndka", "wfns"]
N_BOOT, SEED = 400, 7          # fewer replicates than the default, to keep the test short


class _Tables(HTMLParser):
    """Every <table> as (caption, [[cell text, ...], ...])."""

    def __init__(self):
        super().__init__()
        self.tables, self._cell, self._row, self._cap = [], None, None, None

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self.tables.append(["", []])
        elif tag == "caption":
            self._cap = ""
        elif tag == "tr":
            self._row = []
        elif tag in ("td", "th"):
            self._cell = ""

    def handle_endtag(self, tag):
        if tag == "caption":
            self.tables[-1][0], self._cap = self._cap, None
        elif tag in ("td", "th"):
            self._row.append(self._cell.strip())
            self._cell = None
        elif tag == "tr":
            self.tables[-1][1].append(self._row)

    def handle_data(self, data):
        if self._cell is not None:
            self._cell += data
        elif self._cap is not None:
            self._cap += data


def tables(html):
    parser = _Tables()
    parser.feed(html)
    out = {}
    for cap, rows in parser.tables:
        key = re.sub(r"^Table\s+\d+:\s*", "", " ".join(cap.split()))[:30]
        out[key] = pd.DataFrame(rows[1:], columns=rows[0])
    return out


def table(tabs, start):
    hits = [v for k, v in tabs.items() if k.startswith(start)]
    assert len(hits) == 1, (start, list(tabs))
    return hits[0]


def f3(x):
    return f"{x:.3f}"


def ci3(lo, hi):
    return f"{lo:.3f} to {hi:.3f}"


def pval(p):
    return "< 0.0001" if p < 1e-4 else f"{p:.4f}"


def check_numbers(html):
    """The report's tables against direct calls of the public API."""
    tabs = tables(html)
    y, kw = ASAH.outcome, dict(pos_label="Poor")
    boot = dict(n_boot=N_BOOT, random_state=SEED)
    aucs = table(tabs, "AUC of each marker").set_index("marker")
    best = table(tabs, "Threshold maximising Youden").set_index("marker")
    se_sp = table(tabs, "Sensitivity of each marker at").set_index(["marker", "specificity"])
    part = table(tabs, "Partial AUC over the high-spec").set_index("marker")
    for m in MARKERS:
        s = ASAH[m]
        d = rocstats.delong(y, s, **kw)
        ci = d.conf_int(0.95)
        b = rocstats.ci_auc(y, s, method="bootstrap", **boot, **kw)
        row = aucs.loc[m]
        assert row["AUC"] == f3(d.auc) and row["SE (DeLong)"] == f3(d.se)
        assert row["95% CI DeLong"] == ci3(ci.lower, ci.upper)
        assert row["95% CI bootstrap"] == ci3(b.lower, b.upper)
        c = rocstats.coords(y, s, "best", ret=("threshold", "sensitivity", "specificity", "ppv", "npv"), **kw)
        cc = rocstats.ci_coords(y, s, "best", ret=("sensitivity", "specificity", "ppv", "npv"),
                                best_policy="random", **boot, **kw)
        assert best.loc[m, "threshold"] == f"{c['threshold'].iloc[0]:.4g}"
        for j, (col, q) in enumerate([("sensitivity", "sensitivity"), ("specificity", "specificity"),
                                      ("PPV", "ppv"), ("NPV", "npv")]):
            assert best.loc[m, col] == f"{f3(c[q].iloc[0])} ({ci3(cc.lower[0, j], cc.upper[0, j])})", (m, col)
        sps = [0.8, 0.9, 0.95]
        est = rocstats.coords(y, s, sps, input="specificity", ret=("sensitivity",), **kw)["sensitivity"]
        band = rocstats.ci_se(y, s, sps, **boot, **kw)
        for sp, e, lo, hi in zip(sps, est, band["lower"], band["upper"]):
            r = se_sp.loc[(m, f"{sp:g}")]
            assert r["sensitivity"] == f3(e) and r["95% CI"] == ci3(lo, hi)
        pc = rocstats.delong(y, s, partial=(0.9, 1.0), correct=True, **kw)
        assert part.loc[m, "partial AUC"] == f"{rocstats.auc(y, s, partial=(0.9, 1.0), **kw):.4f}"
        assert part.loc[m, "McClish-standardised"] == f3(pc.auc)
        pci = pc.conf_int(0.95)
        assert part.loc[m, "95% CI"] == ci3(pci.lower, pci.upper)
    # accuracy at the cut-off (s100b pre-specified at 0.205 in render(); the others Youden's)
    acc = table(tabs, "Accuracy of each marker at its").set_index("measure")
    cross = table(tabs, "Cross tabulation of each mark")
    opt = table(tabs, "Optimism of the data-chosen").set_index(["marker", "measure"])
    for m in MARKERS:
        s = ASAH[m]
        cut = 0.205 if m == "s100b" else rocstats.coords(y, s, "best", ret="threshold", **kw)["threshold"].iloc[0]
        a = rocstats.diagnostic_accuracy(y, s, cut, **kw)
        for key, label in (("se", "sensitivity"), ("lr.pos", "LR+"), ("pv.neg", "NPV")):
            e = a[key]
            fmt = (lambda v: f"{v:.4g}") if key == "lr.pos" else f3
            assert acc.loc[label, m] == f"{fmt(e.estimate)} ({fmt(e.lower)} to {fmt(e.upper)})", (m, key)
        i = cross.index[cross["marker"] == m][0]
        assert [cross.iloc[i, 2], cross.iloc[i, 3], cross.iloc[i + 1, 2], cross.iloc[i + 1, 3]] == \
            [str(a.tp), str(a.fp), str(a.fn), str(a.tn)]
        c = rocstats.cutpoint(y, s, use_midpoints=True, n_boot=N_BOOT, random_state=SEED, **kw)
        o = c.optimism()
        assert opt.loc[(m, "Youden\u2019s J"), "optimism"] == f3(o.loc["youden", "optimism"])
        assert opt.loc[(m, "sensitivity"), "out of bag"] == f3(o.loc["sensitivity", "out_of_bag"])
    pw = rocstats.delong_pairwise(y, ASAH[MARKERS], **kw)
    shown = table(tabs, "Pairwise paired DeLong tests").set_index("comparison")
    for _, r in pw.iterrows():
        got = shown.loc[r["comparison"]]
        assert got["AUC difference"] == f3(r["estimate"]) and got["z"] == f"{r['z']:.3f}"
        assert (got["p"], got["p (Holm)"], got["p (BH)"]) == (pval(r["p"]), pval(r["p_holm"]), pval(r["p_bh"]))
    joint = rocstats.delong_joint_test(y, ASAH[MARKERS], **kw)
    p_text = pval(joint.pvalue)
    p_text = p_text if p_text.startswith("<") else "= " + p_text
    assert f"chi-square = {joint.statistic:.3f} on {joint.df:.0f} degrees of freedom, p {p_text}" in html
    flow = table(tabs, "Label mapping used").set_index("outcome value")
    assert flow.loc["Poor", "role"] == "case (positive)" and flow.loc["Poor", "subjects analysed"] == "41"
    assert flow.loc["Good", "role"] == "control (negative)" and flow.loc["Good", "subjects analysed"] == "72"
    assert "data:image/png;base64" in html and "Figure" in html
    for item in study.STARD_ITEMS:
        assert table(tabs, "STARD 2015 items").set_index("STARD item").loc[item, "section"]
    return tabs


def render(tmp_path, **kw):
    out = study.roc_study(ASAH, outcome="outcome", markers=MARKERS, positive="Poor", output=tmp_path / "asah.html",
                          n_boot=N_BOOT, random_state=SEED, thresholds={"s100b": 0.205}, **kw)
    return out.read_text(encoding="utf-8")


def test_renders_without_r(tmp_path, monkeypatch):
    monkeypatch.setattr(rocstats.r, "r_available", lambda: (False, "simulated: R is not installed"))
    html = render(tmp_path)
    check_numbers(html)
    assert "Not run." in html and "simulated: R is not installed" in html
    assert "quantities agree" not in html


@pytest.mark.usefixtures("proc")
def test_renders_with_r_and_proc_agrees(tmp_path):
    html = render(tmp_path)
    tabs = check_numbers(html)
    assert re.search(r"PASS: 48 of 48 quantities agree", html)
    cross = table(tabs, "Every deterministic number")
    assert len(cross) == 48 and set(cross["pass"]) == {"yes"}
    # its pROC column is the live pROC value, the API's number to 10 significant digits
    auc = cross.set_index(["score", "quantity"]).loc[("s100b", "AUC"), "pROC"]
    assert float(auc) == pytest.approx(rocstats.auc(ASAH.outcome, ASAH.s100b, pos_label="Poor"), rel=1e-9)


def test_bad_input(tmp_path):
    kw = dict(outcome="outcome", markers=["s100b"], positive="Poor", output=tmp_path / "x.html")
    with pytest.raises(ValueError, match="outcome"):
        study.roc_study(ASAH, **{**kw, "outcome": "nope"})
    with pytest.raises(ValueError, match="markers"):
        study.roc_study(ASAH, **{**kw, "markers": ["s100b", "nope"]})
    with pytest.raises(ValueError, match="markers.*not numeric"):
        study.roc_study(ASAH, **{**kw, "markers": ["gender"]})
    with pytest.raises(ValueError, match="positive"):
        study.roc_study(ASAH, **{**kw, "positive": "Dead"})
    with pytest.raises(ValueError, match="output"):
        study.roc_study(ASAH, **{**kw, "output": tmp_path / "x.docx"})
    with pytest.raises(ValueError, match="two classes"):
        study.roc_study(ASAH, **{**kw, "outcome": "gos6", "positive": 5})
    with pytest.raises(ValueError, match="data"):
        study.roc_study(tmp_path / "missing.csv", **kw)


def test_console_script_bad_input_exits_2(capsys):
    assert study.main([str(CSV), "--outcome", "outcome", "--markers", "s100b,nope", "--positive", "Poor"]) == 2
    assert "markers" in capsys.readouterr().err


@pytest.mark.slow
def test_console_script_pdf(tmp_path):
    out = tmp_path / "asah.pdf"
    code = study.main([str(CSV), "--outcome", "outcome", "--markers", "s100b,ndka", "--positive", "Poor",
                       "--to", "pdf", "-o", str(out), "--n-boot", "200", "--no-r"])
    assert code == 0
    data = out.read_bytes()
    assert data.startswith(b"%PDF") and len(data) > 20_000
