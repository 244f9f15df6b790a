"""The reports as documents (issue 15): the validation report's page 1, its genericity over
the suites' JSON files, and no code in the PDFs.

The validation report is rendered (fallback engine, HTML and PDF) on hand-written suite
files that follow the schema of ``rocstats_validation.run`` -- a registered suite without
an ``acceptance`` entry (it must be taken from ``run.ACCEPTANCE``), an unknown suite with
its own acceptance criterion and one with none, and a failure -- so the expected page-1
content is known without running any suite.  The PDF's text comes from ``pdftotext``.
"""
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

import gates

gates.require("reports")                  # the one report-tools gate (tests/gates.py)
needs_pdftotext = pytest.mark.needs_pdftotext

CODE_MARKERS = ("import ", "def ", "md_table(", "pd.DataFrame", "plt.", "ro.r(", "from rpy2", "localconverter")


def _comparison(suite, case, quantity, value, reference, *, atol=0.0, rtol=1e-10, passed=True, **extra):
    d = abs(value - reference)
    rec = {"suite": suite, "source": "stored", "case": case, "item": "x", "quantity": quantity,
           "value": value, "reference": reference, "abs_diff": d,
           "rel_diff": d / abs(reference) if reference else (0.0 if d == 0 else "Infinity"),
           "scaled_diff": d / abs(reference) if reference else (0.0 if d == 0 else "Infinity"),
           "rtol": rtol, "atol": atol, "scale": 0.0, "passed": passed, "note": ""}
    rec.update(extra)
    return rec


def _suite(name, comps, *, acceptance=None, commit="0123456789abcdef0123456789abcdef01234567",
           stored=None):
    failed = [c for c in comps if not c["passed"]]
    doc = {"suite": name, "description": "the %s suite" % name,
           "metadata": {"rocstats_version": "9.9.9", "backend": "cffi", "python": "3.11", "numpy": "2",
                        "scipy": "1", "platform": "Linux-test", "machine": "x86_64",
                        "cpu_model": "Test CPU", "cpu_count": 2, "memory": "1 GiB",
                        "git_commit": commit, "timestamp": "2026-01-02T03:04:05+00:00"},
           "summary": {"n": len(comps), "passed": len(comps) - len(failed), "failed": len(failed),
                       "known_failures": 0, "known_issues": [], "fixed_known_issues": [],
                       "by_source": {}, "worst_rel_diff": {}},
           "comparisons": comps}
    if acceptance is not None:
        doc["acceptance"] = acceptance
    if stored:
        doc["metadata"]["stored"] = stored
    return doc


@pytest.fixture(scope="module")
def validation_rendered(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("validation")
    out = tmp / "output"
    out.mkdir()
    docs = [
        _suite("proc_parity", [_comparison("proc_parity", "asah", "auc", 0.7313, 0.7313 * (1 + 3e-12)),
                               _comparison("proc_parity", "asah", "ci_lower", 0.63, 0.63)],
               stored={"r_version": "R version 4.2.2 Patched", "proc_version": "1.18.0"}),
        _suite("brand_new_mc", [_comparison("brand_new_mc", "grid1", "size", 0.052, 0.05, atol=0.006, rtol=0.0,
                                            source="monte_carlo", mc_se=0.002),
                                _comparison("brand_new_mc", "grid2", "size", 0.080, 0.05, atol=0.006, rtol=0.0,
                                            passed=False, source="monte_carlo", mc_se=0.002)],
               acceptance={"quantity": "size of the new test", "reference": "alpha = 0.05",
                           "tolerance": "within 3 Monte Carlo SE", "why": "a simulation truth"},
               commit="fedcba9876543210fedcba9876543210fedcba98-dirty"),
        _suite("unstated_suite", [_comparison("unstated_suite", "c", "q", 1.0, 1.0)]),
        # long case and quantity names (proc_power's printed over the n / pass columns)
        _suite("long_names", [_comparison("long_names", "asah_s100b_ndka_ncases_one_sided_delong_%d" % i,
                                          "sig_level_with_a_long_quantity_name_%d" % i, 0.5, 0.5)
                              for i in range(40)]),
    ]
    for d in docs:
        (out / ("%s.json" % d["suite"])).write_text(json.dumps(d))
    env = dict(os.environ, ROCSTATS_VALIDATION_OUTPUT=str(out))
    proc = subprocess.run([sys.executable, "-m", "rocstats.report.render", str(ROOT / "reports" / "validation.qmd"),
                           "--to", "all", "--engine", "fallback", "--output-dir", str(tmp)],
                          cwd=ROOT, capture_output=True, text=True, timeout=900, env=env)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return tmp


def _pdf_text(pdf, *pages, layout=False):
    args = ["pdftotext"] + (["-layout"] if layout else [])
    if pages:
        args += ["-f", str(pages[0]), "-l", str(pages[-1])]
    # without the zero-width spaces that let long names break after an underscore
    return subprocess.run(args + [str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout.replace("\u200b", "")


@needs_pdftotext
def test_validation_page_one_identifies_and_judges(validation_rendered):
    page1 = _pdf_text(validation_rendered / "validation.pdf", 1)
    flat = re.sub(r"\s+", " ", page1)
    assert re.search(r"Document RSV-[0-9a-f]{8}-[0-9a-f]{8}", flat)
    assert "44 of 45 comparisons pass" in flat and "1 unexpected failure" in flat
    assert "FAIL: 1 comparison(s) outside their tolerance" in flat
    # commit with its clean/dirty flag, versions, machine, date
    assert "2 commits (1 dirty" in flat
    layout = re.sub(r"\s+", " ", _pdf_text(validation_rendered / "validation.pdf", 1, layout=True))
    assert re.search(r"report rendered \S+ \S+ UTC at [0-9a-f]{10} (\S+ ){0,12}?\((clean|dirty)\)",
                     layout), layout
    assert "4.2.2 Patched" in flat and "1.18.0" in flat and "Test CPU" in flat
    assert "2026-01-02" in flat
    # one row per suite: its acceptance criterion, counts, worst relative difference,
    # verdict -- all on page 1
    # (names may break after an underscore: compare without the breaks)
    joined = flat.replace("_ ", "_")
    for suite in ("proc_parity", "brand_new_mc", "unstated_suite"):
        assert suite in joined
    # the rows as laid out (pdftotext's default reading order may run a short table
    # column by column); the criterion wraps, so its first line sits in the row
    rows = re.sub(r"[ \t]+", " ", _pdf_text(validation_rendered / "validation.pdf", 1,
                                              layout=True))
    # each difference in its own column and unit: the relative difference of the exact
    # comparisons, the Monte Carlo deviation in MC SE (|0.080 - 0.05| / 0.002 = 15 SE), and
    # the fraction of the tolerance
    # (suite names may break after an underscore)
    rows = rows.replace("_ ", "_")
    assert re.search(r"proc_(parity )?AUC, variance, CI, .* 2 ?/ ?2 0 3\.00e-12 – 0\.0\d PASS", rows), rows
    assert re.search(r"brand_(new_mc )?size of the new test .* 1 ?/ ?2 \(1 (failed\) )?0 – 15\.00 5\.00 FAIL",
                     rows), rows
    # the criteria: run.ACCEPTANCE's one-line summary, a suite's own entry (summary
    # composed from its four parts), and "not stated"
    assert "rtol 1e-10; only summation order differs" in flat
    assert "vs alpha = 0.05" in flat and "not stated" in flat
    assert "Scope" in flat


def overlapping_words(pdf):
    """``[(page, word, word), ...]``: pairs of words whose boxes (pdftotext -bbox)
    overlap by more than 0.5 pt in both directions -- text printed over text."""
    import html as _html

    import numpy as np

    xml = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True,
                         text=True, check=True).stdout
    found = []
    for page_no, page in enumerate(xml.split("<page ")[1:], 1):
        words = re.findall(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" '
                           r'yMax="([\d.]+)">(.*?)</word>', page)
        if len(words) < 2:
            continue
        box = np.array([[float(v) for v in w[:4]] for w in words])
        x0, y0, x1, y1 = box.T
        ox = np.minimum(x1[:, None], x1[None, :]) - np.maximum(x0[:, None], x0[None, :])
        oy = np.minimum(y1[:, None], y1[None, :]) - np.maximum(y0[:, None], y0[None, :])
        hit = np.triu((ox > 0.5) & (oy > 0.5), 1)
        for i, j in zip(*np.nonzero(hit)):
            found.append((page_no, _html.unescape(words[i][4]), _html.unescape(words[j][4])))
    return found


def test_overlap_checker_sees_text_printed_over_text(tmp_path):
    # a control for the checker: a PDF with two strings drawn at one place
    import typst

    src = tmp_path / "o.typ"
    src.write_text('#set page(width: 10cm, height: 4cm)\n#place(dx: 1cm, dy: 1cm)[OVERLAP]\n'
                   '#place(dx: 1.2cm, dy: 1cm)[HERE]\nclean text\n')
    typst.compile(str(src), output=str(tmp_path / "o.pdf"))
    if shutil.which("pdftotext") is None:
        pytest.skip(gates.missing("pdftotext"))
    hits = overlapping_words(tmp_path / "o.pdf")
    assert hits and {hits[0][1], hits[0][2]} == {"OVERLAP", "HERE"}


@needs_pdftotext
def test_validation_pdf_has_no_text_over_text(validation_rendered):
    """Every page of validation.pdf as rendered here (long case names included) is checked
    for words whose boxes overlap."""
    pdf = validation_rendered / "validation.pdf"
    text = re.sub(r"\s+", " ", _pdf_text(pdf))
    assert "long_names, per case" in text
    assert overlapping_words(pdf) == []


@needs_pdftotext
def test_validation_pdf_has_an_approval_block(validation_rendered):
    text = re.sub(r"\s+", " ", _pdf_text(validation_rendered / "validation.pdf", 1, 2))
    for role in ("Prepared", "Reviewed", "Approved"):
        assert role in text, role
    for column in ("Name", "Signature", "Date"):
        assert column in text, column


@needs_pdftotext
def test_validation_acceptance_criteria_are_generic(validation_rendered):
    text = re.sub(r"\s+", " ", _pdf_text(validation_rendered / "validation.pdf", 1, 2))
    assert "size of the new test" in text and "a simulation truth" in text   # the suite's own entry
    assert "rtol 1e-10" in text                                              # proc_parity from run.ACCEPTANCE
    assert "not stated" in text                                              # a suite without one
    full = re.sub(r"\s+", " ", _pdf_text(validation_rendered / "validation.pdf"))
    assert "at commit 0123456789 (clean)" in full and "at commit fedcba9876 (dirty)" in full


@needs_pdftotext
def test_validation_pdf_has_no_code_and_html_folds_it(validation_rendered):
    text = _pdf_text(validation_rendered / "validation.pdf")
    for marker in CODE_MARKERS:
        assert marker not in text, marker
    html = (validation_rendered / "validation.html").read_text()
    assert "<details><summary>Code</summary>" in html
    assert "Appendix A" in html and "brand_new_mc, per case" in html


def test_acceptance_is_written_by_the_runner(tmp_path):
    from rocstats_validation import run

    for name in run.SUITES:   # every registered suite states its criterion
        crit = run.acceptance(name)
        assert crit is not None, name
        assert set(crit) == set(run.ACCEPTANCE_KEYS) and all(crit.values()), name
    doc = run.run_suite("sauc_mc", output_dir=tmp_path) if os.environ.get("ROCSTATS_RUN_SLOW") else None
    if doc is not None:
        assert json.loads((tmp_path / "sauc_mc.json").read_text())["acceptance"] == run.acceptance("sauc_mc")


@pytest.mark.parametrize("name", ["esl_spam", "auc_trees", "rossa", "sauc", "time_roc"])
@needs_pdftotext
def test_rendered_report_pdfs_have_no_code(name):
    """The PDFs that ``make report FORMAT=all`` left in reports/ (skipped when absent)."""
    pdf = ROOT / "reports" / ("%s.pdf" % name)
    if not pdf.is_file():
        pytest.skip("reports/%s.pdf not rendered" % name)
    text = _pdf_text(pdf)
    for marker in CODE_MARKERS:
        assert marker not in text, (name, marker)


@needs_pdftotext
def test_esl_report_has_figure_9_6_and_a_verdict():
    """reports/esl_spam.pdf as ``make report FORMAT=all`` renders it (skipped when absent):
    the three-curve Figure 9.6, the AUC table with both intervals, the paired tests and a
    pass/fail verdict against ESL whose count matches its table."""
    pdf = ROOT / "reports" / "esl_spam.pdf"
    if not pdf.is_file():
        pytest.skip("reports/esl_spam.pdf not rendered")
    text = re.sub(r"\s+", " ", _pdf_text(pdf))
    assert "ESL Figure 9.6 on this report" in text
    for model in ("tree (CV, equal losses)", "weighted tree (L01 = 5)", "GAM (additive logistic)"):
        assert model in text, model
    assert "95 % CI DeLong" in text and "95 % CI bootstrap" in text
    assert "GAM − tree" in text and "weighted tree − tree" in text
    m = re.search(r"(\d+) of (\d+) checks against ESL pass", text)
    assert m, "no verdict"
    results = re.findall(r"\b(pass|FAIL)\b", text.split(m.group(0), 1)[1].split("What matches ESL", 1)[0])
    assert len(results) == int(m.group(2)) and results.count("pass") == int(m.group(1))
