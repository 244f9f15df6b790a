"""Tests of the report renderer, rocstats.report.render (``rocstats-render``).

The fallback reads a .qmd with jupytext, executes it with nbclient/ipykernel, writes pandoc
markdown with nbconvert and converts it with pandoc (HTML) and typst (PDF).  The end-to-end
tests render ``tests/reports/data/mini_report.qmd`` once (HTML and PDF); a fake ``quarto`` executable
on PATH checks the dispatch to Quarto; the rest needs no kernel.
"""

from __future__ import annotations

import base64
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
MINI_QMD = Path(__file__).resolve().parent / "data" / "mini_report.qmd"
REPORTS = sorted(p.stem for p in (REPO / "reports").glob("*.qmd"))

# Skip only without the `reports` extra; PyYAML is part of it, so a missing `yaml` module is
# a failure, not a skip.
import gates

gates.require("reports")                  # the one report-tools gate (tests/gates.py)
import nbformat  # noqa: E402
from rocstats.report import render  # noqa: E402


def _need_execution_stack():
    pass                      # the module is gated on the whole `reports` extra


def _cli(*args, cwd=None, env=None):
    return subprocess.run([sys.executable, "-m", "rocstats.report.render", *map(str, args)],
                          capture_output=True, text=True, cwd=cwd, env=env, timeout=300)


# --------------------------------------------------------------------------- parsing (no kernel)


@pytest.mark.parametrize("name", sorted(REPORTS))
def test_reports_parse_to_notebooks(name):
    qmd = REPO / "reports" / f"{name}.qmd"
    meta, nb = render.read_qmd(qmd)
    # a table of contents in the HTML (the PDF of the validation report has none: page 1 is
    # its sign-off summary), code folded in the HTML
    assert meta["title"] and render._format_options(meta, "html").get("toc") is True
    assert meta["format"]["html"]["code-fold"] is True
    inline = [c for c in nb.cells if "inline" in c.metadata.get("qmd", {})]
    chunks = [c for c in nb.cells if c.cell_type == "code" and c not in inline]
    markdown = [c for c in nb.cells if c.cell_type == "markdown"]
    # the expected counts are read off the text: every fenced chunk is a code cell, and
    # inline `{python} expr` in the prose gives inline cells (one per paragraph)
    text = qmd.read_text()
    assert len(chunks) == text.count("```{python}") > 0
    prose = re.sub(r"```.*?```", "", text, flags=re.S)
    assert 0 < len(inline) <= prose.count("`{python} ") or "`{python} " not in prose
    assert markdown
    text_lines = qmd.read_text().splitlines()
    for cell in chunks:  # each chunk knows its line; options were parsed from its '#|' lines
        q = cell.metadata["qmd"]
        assert text_lines[q["line"] - 1].startswith("```{python}")
        assert set(q["options"]) <= render.CHUNK_OPTIONS
        assert cell.source.count("#|") == len(q["options"])


DOC = """\
---
title: "Parse me"
execute:
  echo: false
---

Intro with `{python} 1 + 1` inline.

````markdown
```{python}
this_is_an_example()
```
````

```{python}
#| label: fig-a
#| fig-cap: "A caption"
#| echo: true
x = 1
```

```{python}
#| eval: false
y = 2
```

```{=html}
<b>raw</b>
```
"""


def test_read_qmd_front_matter_chunks_and_raw_blocks(tmp_path):
    (tmp_path / "doc.qmd").write_text(DOC)
    meta, nb = render.read_qmd(tmp_path / "doc.qmd")
    assert meta == {"title": "Parse me", "execute": {"echo": False}}
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert "1 + 1" in code[0].source and "inline" in code[0].metadata["qmd"]
    assert [c.metadata["qmd"]["line"] for c in code[1:]] == [15, 22]
    assert code[1].metadata["qmd"]["options"] == {"label": "fig-a", "fig-cap": "A caption", "echo": True}
    assert code[2].metadata["tags"] == ["skip-execution"]
    markdown = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    assert "this_is_an_example()" in markdown  # a fenced example stays verbatim
    assert "```{=html}\n<b>raw</b>\n```" in markdown  # a raw block goes to pandoc


def test_only_chunk_headers_make_code_cells(tmp_path):
    text = ("Text with ```inline``` code.\n\n```{.python}\nattribute_block()\n```\n\n~~~\n```{python}\nexample()\n```\n~~~\n\n"
            "  ```{python}\n  indented()\n  ```\n\n```{python}\nchunk()\n```\n\n```\nunterminated `{python} 1/0`\n")
    (tmp_path / "v.qmd").write_text(text)
    meta, nb = render.read_qmd(tmp_path / "v.qmd")
    # no code cell but the chunk: no inline cell for the `{python} 1/0` in the verbatim block either
    assert [(c.cell_type, c.source) for c in nb.cells if c.cell_type == "code"] == [("code", "chunk()")]
    assert "\n\n".join(c.source for c in nb.cells if c.cell_type == "markdown").rstrip("\n") == text.replace(
        "\n\n```{python}\nchunk()\n```", "").rstrip("\n")


def test_unsupported_options_warn(tmp_path, capsys):
    qmd = tmp_path / "warn.qmd"
    qmd.write_text("---\ntitle: W\ntheme: cosmo\n---\n\n```{python}\n#| fig-width: 5\n#| output: asis\nx = 1\n```\n\n"
                   "```{python echo=FALSE}\ny = 2\n```\n\n```{python}\nz = 3\n```\nText right after a chunk.\n")
    render.read_qmd(qmd)
    err = capsys.readouterr().err
    assert "front matter option 'theme' is not supported" in err
    assert "line 6: chunk option 'fig-width' is not supported" in err
    assert "line 6: 'output: asis' is not supported" in err
    assert "line 12: options in the chunk header are not supported" in err
    assert err.count("warning") == 4  # nothing about the last chunk (jupytext's own metadata)


def test_other_engines_are_refused(tmp_path):
    qmd = tmp_path / "r.qmd"
    qmd.write_text("Text.\n\n```{r}\nx <- 1\n```\n")
    with pytest.raises(render.RenderError, match=r"line 3: cannot run a '\{r\}' chunk"):
        render.read_qmd(qmd)


def _fake_executed(source: str, tmp_path, outputs_by_last_line):
    """read_qmd, then attach outputs to the chunks (keyed by their last source line)."""
    qmd = tmp_path / "fake.qmd"
    qmd.write_text(source)
    meta, nb = render.read_qmd(qmd)
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = outputs_by_last_line.get(cell.source.splitlines()[-1], [])
    return meta, nb


PNG = base64.b64encode(b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\rIHDR" + (300).to_bytes(4, "big") * 2 + b"\0" * 20)


def test_markdown_options_fold_captions_and_no_code_in_pdf(tmp_path):
    src = ("---\nformat:\n  html:\n    code-fold: true\n---\n\n"
           "```{python}\nprint('shown')\n```\n\n"
           "```{python}\n#| echo: false\nhidden_source()\n```\n\n"
           "```{python}\n#| output: false\nno_output()\n```\n\n"
           "```{python}\n#| include: false\nnot_included()\n```\n\n"
           "```{python}\n#| echo: false\n#| tbl-cap: The table\ntable()\n```\n\n"
           "```{python}\n#| label: fig-roc\n#| fig-cap: ROC curve\nplot()\n```\n")
    stdout = nbformat.v4.new_output("stream", name="stdout", text="printed\n")
    meta, nb = _fake_executed(src, tmp_path, {
        "print('shown')": [stdout],
        "hidden_source()": [stdout],
        "no_output()": [nbformat.v4.new_output("stream", name="stdout", text="NO-OUTPUT\n")],
        "not_included()": [nbformat.v4.new_output("stream", name="stdout", text="NOT-INCLUDED\n")],
        "table()": [nbformat.v4.new_output("display_data", data={"text/markdown": text, "text/plain": "<Markdown>"})
                    for text in ("**1 of 1 passes**", "| a | b |\n|---|---|\n| 1 | 2 |")],
        "plot()": [nbformat.v4.new_output("display_data", data={"image/png": PNG.decode(), "text/plain": "<Figure>"},
                                          metadata={"image/png": {"width": 288, "height": 216}})],
    })
    html = render.to_markdown(nb, meta, "html", tmp_path / "html")
    assert html.count("<details><summary>Code</summary>") == 3  # print, no_output, plot
    assert "print('shown')" in html and "printed" in html and "#|" not in html
    assert "hidden_source" not in html  # echo: false
    assert "no_output()" in html and "NO-OUTPUT" not in html  # output: false
    assert "not_included" not in html and "NOT-INCLUDED" not in html  # include: false
    assert "**1 of 1 passes**" in html and "| 1 | 2 |\n\n: The table" in html  # the caption belongs to the table
    assert re.search(r"!\[Figure\u00a01: ROC curve\]\([^)]+\.png\)\{#fig-roc width=288\}", html)
    assert len(list((tmp_path / "html").glob("*.png"))) == 1
    pdf = render.to_markdown(nb, meta, "pdf", tmp_path / "pdf")
    for code in ("print('shown')", "no_output()", "plot()", "<details>"):
        assert code not in pdf  # no code at all in the PDF
    assert "printed" in pdf and ": The table" in pdf
    assert re.search(r"\{#fig-roc width=3\.00in\}", pdf)


# --------------------------------------------------------------------------- end to end: the mini report


@pytest.fixture(scope="module")
def rendered(tmp_path_factory):
    """Render the mini report to HTML and PDF once, keeping the intermediate files."""
    _need_execution_stack()
    work = tmp_path_factory.mktemp("mini_report")
    qmd = work / "mini_report.qmd"
    shutil.copy(MINI_QMD, qmd)
    outputs = render.render(qmd, to="all", engine="fallback", timeout=300, build_dir=work / "build")
    return {p.suffix: p for p in outputs} | {".typ": work / "build" / "mini_report.typ"}


def test_html_has_title_outputs_table_figure_and_folded_code(rendered):
    html = rendered[".html"].read_text(encoding="utf-8")
    assert rendered[".html"].name == "mini_report.html"
    assert "<title>Mini Report for Render Tests</title>" in html and "Every feature the reports use" in html
    assert 'id="TOC"' in html
    assert "the answer is 42" in html  # printed by an executed chunk
    assert "computed inline, is 84" in html  # inline `{python}` expression
    assert re.search(r"<table[^>]*>\s*<caption>Two classifiers and their AUC</caption>", html)
    assert "0.9375" in html and 'class="dataframe"' in html and "auc_pct" in html
    assert re.search(r'<figure id="fig-line">\s*<img [^>]*src="data:image/png;base64,', html)
    assert "Figure\u00a01: A straight line</figcaption>" in html
    folded = re.search(r"<details><summary>Code</summary>(.*?)</details>", html, re.S).group(1)
    assert "answer" in folded and "cell-code" in folded  # code-fold: true
    assert "<math" in html  # TeX math as MathML


def test_html_respects_chunk_options(rendered):
    html = rendered[".html"].read_text(encoding="utf-8")
    assert "HIDDEN_SOURCE_MARKER" not in html and "to_markdown" not in html  # echo: false
    assert "SECRET_INCLUDE_FALSE" not in html and "include-false-output" not in html
    assert "#|" not in html  # option lines are not shown
    assert "eval false chunks are not run" in html  # eval: false: shown ...
    assert "RuntimeError: eval false" not in html  # ... but not run
    assert "not executed" in html and "{python} 1/0" in html  # a verbatim block stays verbatim


def test_html_is_self_contained(rendered):
    html = rendered[".html"].read_text(encoding="utf-8")
    assert not re.search(r"""<(?:img|script|link)\b[^>]*\b(?:src|href)=["']?(?!data:|#)[^"'\s>]""", html)
    b64 = re.search(r"data:image/png;base64,([A-Za-z0-9+/=]+)", html).group(1)
    assert base64.b64decode(b64)[:8] == b"\x89PNG\r\n\x1a\n"


def test_pdf_has_outputs_and_no_code(rendered):
    data = rendered[".pdf"].read_bytes()
    assert rendered[".pdf"].name == "mini_report.pdf" and data.startswith(b"%PDF") and len(data) > 5000
    typ = rendered[".typ"].read_text(encoding="utf-8")  # the Typst source of that PDF
    for output in ("the answer is 42", "is 84", "caption: [Two classifiers and their AUC]", "auc\\_pct",
                   "#figure(image(", "Figure~1: A straight line"):
        assert output in typ.replace("\u00a0", "~"), output
    for code in ("answer = 6 * 7", "plt.subplots", "eval false chunks", "df.assign", "HIDDEN_SOURCE"):
        assert code not in typ, code
    # The only code block left is the verbatim one written in the text (prose, not a chunk).
    assert typ.count("```python") == 1 and 'print("not executed")' in typ


# --------------------------------------------------------------------------- errors and the command line


def test_failing_chunk_exits_nonzero_with_line_and_traceback(tmp_path):
    _need_execution_stack()
    qmd = tmp_path / "broken.qmd"
    qmd.write_text("---\ntitle: Broken\n---\n\nText.\n\n```{python}\nx = 1\n```\n\n"
                   "```{python}\n#| label: boom\nraise ValueError('chunk failed on purpose')\n```\n")
    proc = _cli(qmd, "--engine", "fallback")
    assert proc.returncode == 1
    assert "engine: fallback" in proc.stdout
    assert "error in the chunk at line 11 (label: boom)" in proc.stderr
    assert "raise ValueError('chunk failed on purpose')" in proc.stderr  # the source ...
    assert "ValueError: chunk failed on purpose" in proc.stderr  # ... and the traceback
    assert not (tmp_path / "broken.html").exists()


def test_failing_inline_expression_is_reported(tmp_path):
    _need_execution_stack()
    qmd = tmp_path / "inline.qmd"
    qmd.write_text("A value: `{python} undefined_name`.\n")
    with pytest.raises(render.RenderError, match=r"(?s)inline `\{python\}` expression.*NameError"):
        render.render(qmd, engine="fallback", timeout=120)


def test_cli_output_dir_and_working_directory(tmp_path):
    _need_execution_stack()
    src = tmp_path / "src"
    src.mkdir()
    (src / "value.txt").write_text("1234567\n")
    qmd = src / "cwd.qmd"
    qmd.write_text("---\ntitle: Cwd\nexecute:\n  echo: false\n---\n\n"
                   "```{python}\nprint(open('value.txt').read().strip())\n```\n")
    out = tmp_path / "out"
    proc = _cli(qmd, "--engine", "fallback", "--to", "html", "--output-dir", out)
    assert proc.returncode == 0, proc.stderr
    html = (out / "cwd.html").read_text(encoding="utf-8")
    assert "1234567" in html  # relative path resolved against the .qmd's directory
    assert "open(" not in html  # document-level execute: echo: false
    assert not (src / "cwd.html").exists()


def test_missing_pandoc_or_typst_is_named(tmp_path, monkeypatch):
    import pypandoc  # noqa: F401
    monkeypatch.setitem(sys.modules, "typst", None)  # import typst -> ImportError
    with pytest.raises(render.RenderError, match="'typst' package"):
        render.to_pdf("Text.\n", {}, tmp_path / "x.pdf", tmp_path, tmp_path)

    def no_pandoc():
        raise OSError("No pandoc was found")

    monkeypatch.setattr(pypandoc, "get_pandoc_path", no_pandoc)
    with pytest.raises(render.RenderError, match="pandoc not found"):
        render.to_html("Text.\n", {}, tmp_path / "x.html", tmp_path, tmp_path)


def test_console_script_and_module_help():
    script = Path(sys.executable).with_name("rocstats-render")
    if not script.exists():
        pytest.skip("rocstats-render is not installed next to this interpreter")
    proc = subprocess.run([str(script), "--help"], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0 and "usage: rocstats-render" in proc.stdout and "--engine" in proc.stdout
    proc = _cli("--help")
    assert proc.returncode == 0 and "--to {html,pdf,all}" in proc.stdout


# --------------------------------------------------------------------------- dispatch to Quarto

FAKE_QUARTO = """\
#!{python}
# A stand-in for the quarto CLI: records its arguments, writes the output file Quarto would.
import json, os, pathlib, sys
args = sys.argv[1:]
with open(os.environ["FAKE_QUARTO_LOG"], "a") as fh:
    fh.write(json.dumps(args) + "\\n")
if os.environ.get("FAKE_QUARTO_FAIL"):
    sys.exit(3)
qmd, fmt = pathlib.Path(args[1]), args[args.index("--to") + 1]
name = qmd.stem + (".html" if fmt == "html" else ".pdf")
if "--output" in args:
    name = args[args.index("--output") + 1]
folder = pathlib.Path(args[args.index("--output-dir") + 1]) if "--output-dir" in args else qmd.parent
folder.mkdir(parents=True, exist_ok=True)
(folder / name).write_text("rendered by fake quarto --to " + fmt)
"""

# A chunk that would fail if the fallback ran it.
NOT_FOR_THE_FALLBACK = "---\ntitle: Q\n---\n\n```{python}\nraise SystemExit('the fallback ran')\n```\n"


@pytest.fixture
def fake_quarto(tmp_path, monkeypatch):
    """A fake `quarto` first on PATH; returns a function that reads its recorded calls."""
    bindir = tmp_path / "bin"
    bindir.mkdir()
    exe = bindir / "quarto"
    exe.write_text(FAKE_QUARTO.replace("{python}", sys.executable))
    exe.chmod(0o755)
    log = tmp_path / "quarto-calls.jsonl"
    monkeypatch.setenv("PATH", f"{bindir}{os.pathsep}{os.environ.get('PATH', '')}")
    monkeypatch.setenv("FAKE_QUARTO_LOG", str(log))
    monkeypatch.delenv("QUARTO_PATH", raising=False)
    return lambda: [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []


def test_auto_engine_dispatches_to_the_quarto_cli(tmp_path, fake_quarto, monkeypatch):
    monkeypatch.setitem(sys.modules, "quarto", None)  # no quarto package: the CLI is called
    qmd = tmp_path / "q.qmd"
    qmd.write_text(NOT_FOR_THE_FALLBACK)
    out = tmp_path / "out"
    assert render.render(qmd, to="all", output_dir=out) == [out / "q.html", out / "q.pdf"]
    assert fake_quarto() == [["render", str(qmd), "--to", "html", "--output-dir", str(out)],
                             ["render", str(qmd), "--to", "typst", "--output-dir", str(out)]]
    assert (out / "q.pdf").read_text() == "rendered by fake quarto --to typst"
    # A Quarto failure is an error, never a silent fallback.
    monkeypatch.setenv("FAKE_QUARTO_FAIL", "1")
    with pytest.raises(render.RenderError, match="quarto render --to html failed"):
        render.render(qmd, engine="quarto")


def test_quarto_package_render_is_used_when_installed(tmp_path, fake_quarto):
    pytest.importorskip("quarto", reason="the quarto package is not installed (it is not in the extras)")
    qmd = tmp_path / "q.qmd"
    qmd.write_text(NOT_FOR_THE_FALLBACK)
    out = tmp_path / "out"
    assert render.render(qmd, to="html", engine="quarto", output_dir=out) == [out / "q.html"]
    (call,) = fake_quarto()
    assert call[:4] == ["render", str(qmd), "--to", "html"] and call[call.index("--output") + 1] == "q.html"
    assert (out / "q.html").read_text() == "rendered by fake quarto --to html"


def test_quarto_package_without_output_is_an_error(tmp_path, fake_quarto, monkeypatch):
    """quarto.render() ignores Quarto's exit status: a missing output file is the failure."""
    calls = []
    stand_in = type(sys)("quarto")
    stand_in.render = lambda *args, **kwargs: calls.append((args, kwargs))
    monkeypatch.setitem(sys.modules, "quarto", stand_in)
    qmd = tmp_path / "q.qmd"
    qmd.write_text(NOT_FOR_THE_FALLBACK)
    with pytest.raises(render.RenderError, match="did not write"):
        render.render(qmd, to="pdf")
    assert calls == [((str(qmd),), {"output_format": "typst", "output_file": "q.pdf"})]


def test_fallback_engine_ignores_quarto_on_path(tmp_path, fake_quarto):
    _need_execution_stack()
    qmd = tmp_path / "f.qmd"
    qmd.write_text("---\ntitle: F\n---\n\n```{python}\nprint('ran in the fallback')\n```\n")
    (html,) = render.render(qmd, engine="fallback", timeout=120)
    assert "ran in the fallback" in html.read_text(encoding="utf-8")
    assert fake_quarto() == []


def test_engine_quarto_without_quarto_fails(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))  # no quarto there
    qmd = tmp_path / "x.qmd"
    qmd.write_text("# x\n")
    with pytest.raises(render.RenderError, match="quarto CLI is not on PATH"):
        render.render(qmd, engine="quarto")
