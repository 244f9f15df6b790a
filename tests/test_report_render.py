"""Tests of the report renderer's fallback path (reports/render.py).

The fallback executes a .qmd with nbclient/ipykernel and converts it with
pandoc (HTML) and typst (PDF).  The end-to-end tests render
``tests/data/mini_report.qmd`` once (HTML and PDF); the remaining tests
exercise parsing and the chunk options without starting a kernel.
"""

from __future__ import annotations

import base64
import importlib.util
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
RENDER_PY = REPO / "reports" / "render.py"
MINI_QMD = Path(__file__).resolve().parent / "data" / "mini_report.qmd"

# Skip only without the `reports` extra; PyYAML is part of it, so a missing
# `yaml` module is a failure, not a skip.
nbformat = pytest.importorskip("nbformat", reason="needs the 'reports' extra")


def _load_render():
    spec = importlib.util.spec_from_file_location("rocstats_report_render", RENDER_PY)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses need the module registered
    spec.loader.exec_module(module)
    return module


render = _load_render()


def _need_execution_stack():
    for name in ("nbclient", "ipykernel", "pypandoc", "matplotlib", "pandas"):
        pytest.importorskip(name)


# --------------------------------------------------------------------------- #
# End to end: the mini report                                                  #
# --------------------------------------------------------------------------- #


@pytest.fixture(scope="module")
def rendered(tmp_path_factory):
    """Render the mini report to HTML and PDF once, in a scratch directory."""
    _need_execution_stack()
    pytest.importorskip("typst")
    work = tmp_path_factory.mktemp("mini_report")
    qmd = work / "mini_report.qmd"
    shutil.copy(MINI_QMD, qmd)
    outputs = render.render(qmd, to="all", engine="fallback", timeout=300)
    return {p.suffix: p for p in outputs}


def test_html_is_written_next_to_the_qmd(rendered):
    html = rendered[".html"]
    assert html.name == "mini_report.html"
    assert html.is_file() and html.stat().st_size > 0


def test_html_contains_title_results_table_and_figure(rendered):
    html = rendered[".html"].read_text(encoding="utf-8")
    assert "<title>Mini Report for Render Tests</title>" in html
    assert "the answer is 42" in html  # printed by an executed chunk
    assert "computed inline, is 84" in html  # inline `{python}` expression
    assert html.count("<table") >= 2  # the markdown table and the DataFrame
    assert "0.9375" in html and "dataframe" in html
    assert "data:image/png;base64" in html  # embedded matplotlib figure
    assert "<math" in html  # inline TeX math as MathML
    assert 'href="#fig-line"' in html and "Figure\u00a01" in html  # cross reference


def test_html_respects_chunk_options(rendered):
    html = rendered[".html"].read_text(encoding="utf-8")
    assert "HIDDEN_FRAME_MARKER" not in html  # echo: false
    assert "SECRET_INCLUDE_FALSE" not in html and "include-false-output" not in html
    assert "#| " not in html  # option lines are not shown
    assert "eval false chunks are not run" in html  # eval: false: shown ...
    assert "RuntimeError: eval false" not in html  # ... but not run
    # A verbatim fenced block stays verbatim (not executed, not substituted).
    assert "not executed" in html and "{python} 1/0" in html


def test_html_is_self_contained(rendered):
    html = rendered[".html"].read_text(encoding="utf-8")
    external = r"""<(?:img|script|link)\b[^>]*\b(?:src|href)=["']?(?!data:|#)[^"'\s>]"""
    assert not re.search(external, html)
    # The embedded image is a real PNG.
    b64 = re.search(r"data:image/png;base64,([A-Za-z0-9+/=]+)", html).group(1)
    assert base64.b64decode(b64)[:8] == b"\x89PNG\r\n\x1a\n"


def test_pdf_is_produced(rendered):
    pdf = rendered[".pdf"]
    assert pdf.name == "mini_report.pdf"
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF")
    assert len(data) > 5000  # text, a table and a figure


# --------------------------------------------------------------------------- #
# The command line                                                             #
# --------------------------------------------------------------------------- #


def _run_cli(*args, cwd=None):
    return subprocess.run(
        [sys.executable, str(RENDER_PY), *map(str, args)],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=300,
    )


def test_cli_failing_chunk_exits_nonzero(tmp_path):
    _need_execution_stack()
    qmd = tmp_path / "broken.qmd"
    qmd.write_text(
        "---\ntitle: Broken\n---\n\nText.\n\n```{python}\nx = 1\n```\n\n"
        "```{python}\n#| label: boom\nraise ValueError('chunk failed on purpose')\n```\n",
        encoding="utf-8",
    )
    proc = _run_cli(qmd, "--engine", "fallback")
    assert proc.returncode != 0
    assert "engine: fallback" in proc.stdout
    assert "chunk failed on purpose" in proc.stderr
    assert "boom" in proc.stderr  # the failing chunk is named
    assert not (tmp_path / "broken.html").exists()


def test_cli_output_dir_and_working_directory(tmp_path):
    _need_execution_stack()
    src = tmp_path / "src"
    src.mkdir()
    (src / "value.txt").write_text("1234567\n")
    qmd = src / "cwd.qmd"
    qmd.write_text(
        "---\ntitle: Cwd\nexecute:\n  echo: false\n---\n\n```{python}\nprint(open('value.txt').read().strip())\n```\n",
        encoding="utf-8",
    )
    out = tmp_path / "out"
    proc = _run_cli(qmd, "--engine", "fallback", "--to", "html", "--output-dir", out)
    assert proc.returncode == 0, proc.stderr
    html = (out / "cwd.html").read_text(encoding="utf-8")
    assert "1234567" in html  # relative path resolved against the .qmd's dir
    assert "open(" not in html  # document-level execute: echo: false
    assert not (src / "cwd.html").exists()


def test_engine_quarto_without_quarto_fails(tmp_path, monkeypatch):
    monkeypatch.setattr(render.shutil, "which", lambda name: None)
    qmd = tmp_path / "x.qmd"
    qmd.write_text("# x\n")
    with pytest.raises(render.RenderError, match="quarto"):
        render.render(qmd, engine="quarto")


# --------------------------------------------------------------------------- #
# Parsing and chunk options (no kernel)                                        #
# --------------------------------------------------------------------------- #

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

~~~
plain fence
~~~

```{python}
#| label: fig-a
#| fig-cap: "A caption"
#| echo: true
x = 1
```

```{python first, eval=FALSE}
y = 2
```

```{=html}
<b>raw</b>
```
"""


def test_parse_qmd_front_matter_and_chunks():
    doc = render.parse_qmd(DOC)
    assert doc.meta["title"] == "Parse me"
    assert doc.meta["execute"] == {"echo": False}
    code = [c for c in doc.chunks if c.kind == "code"]
    assert [c.source.splitlines()[-1] for c in code] == ["x = 1", "y = 2"]
    assert code[0].options == {"label": "fig-a", "fig-cap": "A caption", "echo": True}
    assert code[1].options == {"label": "first", "eval": False}
    markdown = "\n".join(c.source for c in doc.chunks if c.kind == "markdown")
    # Fenced examples, plain fences and raw blocks stay markdown, verbatim.
    assert "this_is_an_example()" in markdown
    assert "plain fence" in markdown and "<b>raw</b>" in markdown


def test_inline_expressions_skip_verbatim_blocks():
    doc = render.parse_qmd("A `{python} 2 * 3`.\n\n```\n`{python} 1/0`\n```\n")
    nb = render.to_notebook(doc)
    inline = [c for c in nb.cells if c.metadata["qmd"].get("role") == "inline"]
    assert len(inline) == 1
    assert "2 * 3" in inline[0].source and "1/0" not in inline[0].source


def _fake_execute(nb, outputs_by_line):
    """Attach outputs to code cells (keyed by the chunk's last source line)."""
    for cell in nb.cells:
        if cell.cell_type == "code" and cell.metadata["qmd"]["role"] == "chunk":
            cell.outputs = outputs_by_line.get(cell.source.splitlines()[-1], [])
    return nb


def test_document_echo_false_and_chunk_override(tmp_path):
    nb = _fake_execute(
        render.to_notebook(render.parse_qmd(DOC)),
        {"x = 1": [nbformat.v4.new_output("stream", name="stdout", text="printed-x\n")]},
    )
    md = render.notebook_to_markdown(nb, tmp_path, "html")
    assert "x = 1" in md and "#| label" not in md  # echo: true overrides the document
    assert "printed-x" in md
    assert "y = 2" not in md  # document-level echo: false (and eval: false)
    assert "this_is_an_example()" in md


def test_output_include_and_figure_options(tmp_path):
    png = base64.b64encode(
        b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\rIHDR" + (300).to_bytes(4, "big") * 2 + b"\x00" * 20
    ).decode()
    src = (
        "```{python}\n#| output: false\nprint('no-output')\n```\n\n"
        "```{python}\n#| include: false\nhidden_include()\n```\n\n"
        "```{python}\n#| label: fig-roc\n#| fig-cap: ROC curve\n#| echo: false\nplot()\n```\n\n"
        "```{python}\n#| output: asis\nasis()\n```\n\n"
        "See @fig-roc.\n"
    )
    nb = _fake_execute(
        render.to_notebook(render.parse_qmd(src)),
        {
            "print('no-output')": [nbformat.v4.new_output("stream", name="stdout", text="no-output\n")],
            "hidden_include()": [nbformat.v4.new_output("stream", name="stdout", text="hidden\n")],
            "plot()": [nbformat.v4.new_output("display_data", data={"image/png": png, "text/plain": "<Figure>"})],
            "asis()": [nbformat.v4.new_output("stream", name="stdout", text="**asis-bold**\n")],
        },
    )
    md = render.notebook_to_markdown(nb, tmp_path, "html")
    assert md.count("no-output") == 1  # output: false: the source only
    assert "hidden_include" not in md and "hidden\n" not in md
    assert "plot()" not in md
    assert re.search(r"!\[Figure\u00a01: ROC curve\]\([^)]+\.png\)\{#fig-roc width=300\}", md)
    assert "[Figure\u00a01](#fig-roc)" in md
    assert "\n**asis-bold**\n" in md
    assert len(list(tmp_path.glob("figure-*.png"))) == 1
