"""Render a Quarto document (``.qmd``) to HTML and/or PDF.

Usage: ``rocstats-render FILE.qmd [--to html|pdf|all] [--engine auto|quarto|fallback]
[--output-dir DIR]`` (or ``python -m rocstats.report.render ...``).

With ``engine="auto"`` Quarto renders the file whenever its CLI is on PATH (through the
``quarto`` Python package's ``render()`` when that is installed, else ``quarto render``),
and this module's fallback renders it otherwise:

1. :func:`read_qmd`: jupytext reads the ```` ```{python} ```` chunks (``fmt="Rmd"``); their
   ``#| key: value`` lines become ``cell.metadata["qmd"]``, the YAML front matter the
   document's metadata; inline ```{python} expr``` values get a code cell each paragraph;
2. :func:`execute`: nbclient runs the notebook on an ipykernel of *this* interpreter, in
   the ``.qmd``'s directory, and substitutes the inline values into the text;
3. :func:`to_markdown`: nbconvert's ``MarkdownExporter`` (``TagRemovePreprocessor``,
   ``ExtractOutputPreprocessor`` and the small template below) writes pandoc markdown;
4. :func:`to_html`: pandoc (``pypandoc-binary``), self-contained HTML with MathML;
   :func:`to_pdf`: pandoc -> Typst -> the ``typst`` package.

The fallback supports what rocstats' reports use.  Front matter: ``title``, ``subtitle``,
``author``, ``date`` (``today``), ``abstract``, ``toc``, ``toc-depth``, ``toc-title``,
``number-sections``, ``code-fold``, ``code-summary``, ``execute`` (chunk defaults), also
under ``format: html:`` / ``format: pdf:`` (or ``typst:``).  Chunk options: ``echo``,
``eval``, ``output``, ``include``, ``label`` (``fig-``/``tbl-`` labels are numbered),
``fig-cap``, ``tbl-cap``, ``code-fold``, ``code-summary``.  Anything else is ignored with a
warning.  The PDF shows no code at all (outputs only); the HTML folds code with
``code-fold``.
"""

from __future__ import annotations

import argparse
import copy
import datetime as _dt
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

__all__ = ["RenderError", "read_qmd", "execute", "to_markdown", "to_html", "to_pdf", "render", "main"]

DEFAULT_TIMEOUT = 1800  # seconds per cell
TARGETS = {"html": ("html",), "pdf": ("pdf",), "all": ("html", "pdf")}
CHUNK_OPTIONS = {"echo", "eval", "output", "include", "label", "fig-cap", "tbl-cap", "code-fold", "code-summary"}
DOC_OPTIONS = {"title", "subtitle", "author", "date", "abstract", "lang", "toc", "toc-depth", "toc-title",
               "number-sections", "code-fold", "code-summary", "execute", "format", "jupyter"}
PASSED_META = ("title", "subtitle", "author", "date", "abstract", "lang", "toc-title")
FIG_WIDTH, FIG_HEIGHT, FIG_DPI = 7.0, 5.0, 96  # matplotlib defaults (Quarto's for HTML)
PDF_MAX_FIG_WIDTH = 6.0  # inches
IMAGES = {"image/png": ".png", "image/jpeg": ".jpg", "image/svg+xml": ".svg"}
PRIORITY = {  # which representation of an output each target shows
    "html": ["text/markdown", "text/html", "image/svg+xml", "image/png", "image/jpeg", "text/latex", "text/plain"],
    "pdf": ["text/markdown", "image/png", "image/jpeg", "image/svg+xml", "text/html", "text/latex", "text/plain"],
}

_INLINE = re.compile(r"`\{python\}[ \t]+([^`]+?)[ \t]*`")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})[ \t]*(?:\{([^}\s,]*))?")
_VERBATIM = re.compile(r"(?ms)^ {0,3}(`{3,}|~{3,}).*?^ {0,3}\1")  # fenced blocks inside prose
_TABLE = re.compile(r"\s*(\|.*\|[ \t]*\n|\+[-=+:]+\+[ \t]*\n)")  # a pipe or grid table
_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


class RenderError(RuntimeError):
    """A failure that makes ``rocstats-render`` exit non-zero."""


def _warn(message: str) -> None:
    print(f"rocstats-render: warning: {message}", file=sys.stderr)


# --------------------------------------------------------------------------- 1. reading


def _chunk_headers(text: str) -> list[tuple[int, str]]:
    """(line number, engine) of every ```` ```{engine} ```` chunk, in order (as jupytext's code cells)."""
    found, fence = [], None
    for number, line in enumerate(text.splitlines(), 1):
        m = _FENCE.match(line)
        if fence is None and m:
            fence = m.group(1)
            if m.group(2) is not None:
                found.append((number, m.group(2)))
        elif fence and set(line.strip()) == {fence[0]} and len(line.strip()) >= len(fence):
            fence = None
    return found


def _options(cell, line: int, yaml) -> dict:
    """The chunk's leading ``#| key: value`` lines, parsed as YAML."""
    lines = []
    for text in cell.source.split("\n"):
        if not text.startswith("#|"):
            break
        lines.append(re.sub(r"^#\|\s?", "", text))
    try:
        opts = yaml.safe_load("\n".join(lines)) or {}
    except yaml.YAMLError as exc:
        raise RenderError(f"line {line}: invalid '#|' chunk options: {exc}") from exc
    if not isinstance(opts, dict):
        raise RenderError(f"line {line}: '#|' chunk options must be 'key: value' lines")
    for key in sorted(set(opts) - CHUNK_OPTIONS):
        _warn(f"line {line}: chunk option '{key}' is not supported by the fallback renderer; ignored")
    for key in ("echo", "eval", "output", "include"):
        if not isinstance(opts.get(key, True), bool):
            _warn(f"line {line}: '{key}: {opts[key]}' is not supported by the fallback renderer; taken as true")
    return opts


def read_qmd(path: str | os.PathLike):
    """Parse a ``.qmd`` into ``(front matter, notebook)`` (not executed)."""
    import jupytext
    import nbformat
    import yaml

    text = Path(path).read_text(encoding="utf-8")
    nb = jupytext.reads(text, fmt="Rmd")
    meta: dict = {}
    if nb.cells and nb.cells[0].cell_type == "raw" and nb.cells[0].source.startswith("---"):
        try:
            meta = yaml.safe_load("\n".join(nb.cells.pop(0).source.split("\n")[1:-1])) or {}
        except yaml.YAMLError as exc:
            raise RenderError(f"invalid YAML front matter: {exc}") from exc
    formats = meta.get("format") if isinstance(meta.get("format"), dict) else {}
    for key in sorted(set(meta).union(*(v for v in formats.values() if isinstance(v, dict)))):
        if key not in DOC_OPTIONS:
            _warn(f"front matter option '{key}' is not supported by the fallback renderer; ignored")
    defaults = meta.get("execute") or {}
    headers = iter(_chunk_headers(text))
    cells = []
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            exprs = _INLINE.findall(_VERBATIM.sub("", cell.source))
            if exprs:  # evaluated just before the paragraph, substituted after execution
                values = ", ".join(f"str(({e}))" for e in exprs)
                src = f"__import__('IPython').display.display({{'application/json': [{values}]}}, raw=True)"
                cells.append(nbformat.v4.new_code_cell(src, metadata={"qmd": {"inline": cell.source[:60]}}))
        if cell.cell_type != "code":
            cells.append(cell)
            continue
        line, engine = next(headers, (0, "python"))
        if engine.startswith("="):  # a raw block such as ```{=html}: pandoc's business
            cells.append(nbformat.v4.new_markdown_cell(f"```{{{engine}}}\n{cell.source}\n```"))
            continue
        if engine != "python":
            raise RenderError(f"line {line}: cannot run a '{{{engine}}}' chunk (the fallback runs Python only)")
        if set(cell.metadata) - {"tags"} or cell.metadata.get("tags"):
            _warn(f"line {line}: options in the chunk header ({{python ...}}) are not supported; use '#|' lines")
        opts = _options(cell, line, yaml)
        cell.metadata = {"qmd": {"options": opts, "line": line}}
        if {**defaults, **opts}.get("eval", True) is False:
            cell.metadata["tags"] = ["skip-execution"]
        cells.append(cell)
    nb.cells = cells
    return meta, nb


# --------------------------------------------------------------------------- 2. execution


def _describe(cell) -> str:
    q = cell.metadata.get("qmd", {})
    if "inline" in q:
        return f"an inline `{{python}}` expression of the text starting {q['inline']!r}"
    label = q.get("options", {}).get("label")
    return f"the chunk at line {q.get('line')}" + (f" (label: {label})" if label else "")


def execute(nb, cwd: str | os.PathLike, timeout: int = DEFAULT_TIMEOUT, name: str = "document"):
    """Run ``nb`` in place in ``cwd`` and substitute the inline values; raise :class:`RenderError` on errors."""
    import importlib.util

    import nbformat
    from jupyter_client.kernelspec import KernelSpecManager
    from jupyter_client.manager import AsyncKernelManager
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    if importlib.util.find_spec("ipykernel") is None:
        raise RenderError(f"ipykernel is not installed for {sys.executable}")
    setup = "%config InlineBackend.figure_formats = ['retina']"  # crisp 2x PNG figures
    nb.cells.insert(0, nbformat.v4.new_code_cell(setup, metadata={"qmd": {"setup": True}}))
    with tempfile.TemporaryDirectory(prefix="qmd-kernel-") as tmp:
        # A private kernelspec, so that no python3 kernelspec of another Python is picked up.
        spec = Path(tmp, "kernels", "rocstats-python")
        spec.mkdir(parents=True)
        argv = [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"]
        (spec / "kernel.json").write_text(json.dumps({"argv": argv, "display_name": "Python", "language": "python"}))
        rc = Path(tmp, "matplotlibrc")
        rc.write_text(f"figure.figsize: {FIG_WIDTH}, {FIG_HEIGHT}\nfigure.dpi: {FIG_DPI}\n")
        env = dict(os.environ, MPLBACKEND="module://matplotlib_inline.backend_inline", MATPLOTLIBRC=str(rc),
                   PYDEVD_DISABLE_FILE_VALIDATION="1")
        # Unix sockets rather than unencrypted loopback TCP (an absolute path: the kernel runs in cwd).
        ipc = {"transport": "ipc", "ip": str(Path(tmp, "ipc"))} if os.name == "posix" else {}
        km = AsyncKernelManager(kernel_name="rocstats-python",
                                kernel_spec_manager=KernelSpecManager(kernel_dirs=[str(spec.parent)]), **ipc)
        client = NotebookClient(nb, km=km, timeout=timeout, skip_cells_with_tag="skip-execution",
                                resources={"metadata": {"path": str(Path(cwd).resolve())}})
        try:
            client.execute(cleanup_kc=True, env=env)
        except CellExecutionError as exc:
            failed = next((c for c in nb.cells if any(o.output_type == "error" for o in c.get("outputs", []))), None)
            where = _describe(failed) if failed is not None else "a chunk"
            raise RenderError(f"{name}: error in {where}:\n{_ANSI.sub('', str(exc))}") from exc
        except Exception as exc:  # the kernel died, a timeout, ...
            raise RenderError(f"{name}: execution failed: {type(exc).__name__}: {exc}") from exc
    cells, values = [], []
    for cell in nb.cells[1:]:
        if "inline" in cell.metadata.get("qmd", {}):
            values = next(o.data["application/json"] for o in cell.outputs if "application/json" in o.get("data", {}))
            continue
        if values and cell.cell_type == "markdown":
            it = iter(values)
            parts = re.split(r"(?ms)(^ {0,3}(?:`{3,}|~{3,}).*?^ {0,3}(?:`{3,}|~{3,}))", cell.source)
            cell.source = "".join(p if i % 2 else _INLINE.sub(lambda m: next(it), p) for i, p in enumerate(parts))
            values = []
        cells.append(cell)
    nb.cells = cells
    return nb


# --------------------------------------------------------------------------- 3. notebook -> markdown

_TEMPLATE = r"""{%- extends 'base/display_priority.j2' -%}
{%- block markdowncell -%}
{{ cell.source }}

{% endblock markdowncell -%}
{%- block codecell -%}
:::: {.cell{{ ' #' ~ cell.metadata.qmd_id if cell.metadata.qmd_id }}}
{{ super() }}::::

{% endblock codecell -%}
{%- block input -%}
{%- if cell.metadata.qmd_fold -%}
{{ cell.metadata.qmd_fold | raw('html') }}

{{ cell.source | fence('.python .cell-code') }}

{{ '</details>' | raw('html') }}

{% else -%}
{{ cell.source | fence('.python .cell-code') }}

{% endif -%}
{%- endblock input -%}
{%- block output_group -%}
{%- if cell.metadata.qmd_tblcap -%}
::: {.table-caption}
{{ cell.metadata.qmd_tblcap }}
:::

{% endif -%}
{{ super() }}
{%- endblock output_group -%}
{%- block stream -%}
{{ output.text | fence('.cell-output' ~ ('-stderr' if output.name == 'stderr' else '')) }}

{% endblock stream -%}
{%- block data_text -%}
{{ output.data['text/plain'] | fence('.cell-output') }}

{% endblock data_text -%}
{%- block data_markdown -%}
{{ output.data['text/markdown'] }}

{% endblock data_markdown -%}
{%- block data_latex -%}
{{ output.data['text/latex'] }}

{% endblock data_latex -%}
{%- block data_html -%}
{{ output.data['text/html'] | raw('html') if resources.qmd_target == 'html' else output.data['text/html'] | html2md }}

{% endblock data_html -%}
{%- macro image(output, mime) -%}
![{{ output.metadata.qmd.cap }}]({{ output.metadata.filenames[mime] }}){{ output.metadata.qmd.attr }}

{% endmacro -%}
{%- block data_png -%}{{ image(output, 'image/png') }}{%- endblock data_png -%}
{%- block data_jpg -%}{{ image(output, 'image/jpeg') }}{%- endblock data_jpg -%}
{%- block data_svg -%}{{ image(output, 'image/svg+xml') }}{%- endblock data_svg -%}
"""


def _fence(text: str, attrs: str) -> str:
    """A fenced code block longer than any backtick run in ``text``."""
    text = _ANSI.sub("", text).rstrip("\n")
    fence = "`" * max([3] + [len(r) + 1 for r in re.findall("`+", text)])
    return f"{fence} {{{attrs}}}\n{text}\n{fence}"


def _html2md(html: str) -> str:
    """HTML output (e.g. a DataFrame) as pandoc markdown, for the PDF."""
    import pypandoc

    html = re.sub(r"(?is)<style.*?</style>", "", html)
    return pypandoc.convert_text(html, "markdown", format="html", extra_args=["--wrap=none"]).strip()


def _format_options(meta: dict, target: str) -> dict:
    """Top-level front matter merged with ``format: <target>:``."""
    opts = {k: v for k, v in meta.items() if k != "format"}
    fmt = meta.get("format") if isinstance(meta.get("format"), dict) else {}
    for name in ("html",) if target == "html" else ("pdf", "typst"):
        opts.update(fmt.get(name) or {})
    return opts


def _image_width(out, mime: str) -> float | None:
    width = (out.metadata.get(mime) or {}).get("width")
    if width is None and mime == "image/png":
        import base64

        head = base64.b64decode(out.data[mime][:44])
        width = int.from_bytes(head[16:20], "big") if head[12:16] == b"IHDR" else None
    return width


def _prepare(nb, meta: dict, target: str) -> None:
    """Translate the chunk options into tags and template metadata for ``target``."""
    fmt = _format_options(meta, target)
    defaults = fmt.get("execute") or {}
    counters = {"fig": 0, "tbl": 0}
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        o = {**defaults, **cell.metadata.get("qmd", {}).get("options", {})}
        cell.source = re.sub(r"\A(#\|.*(\n|\Z))+", "", cell.source).strip("\n")
        tags = cell.metadata.setdefault("tags", [])
        if target == "pdf" or o.get("echo", True) is False or not cell.source:
            tags.append("remove_input")  # no code at all in the PDF
        if o.get("output", True) is False:
            tags.append("remove_output")
        if o.get("include", True) is False or ("remove_input" in tags and (not cell.outputs or "remove_output" in tags)):
            tags.append("remove_cell")
        fold = o.get("code-fold", fmt.get("code-fold", False))
        if fold and target == "html":
            summary = o.get("code-summary", fmt.get("code-summary", "Code"))
            cell.metadata["qmd_fold"] = f"<details{' open' if fold == 'show' else ''}><summary>{summary}</summary>"
        label = str(o.get("label") or "")
        kind = label.split("-", 1)[0] if "-" in label else ""
        number = None
        if kind in counters:
            counters[kind] += 1
            number = ("Figure" if kind == "fig" else "Table") + f"\u00a0{counters[kind]}"
        if label and kind != "fig":
            cell.metadata["qmd_id"] = label
        caps = o.get("fig-cap") or []
        caps = caps if isinstance(caps, list) else [caps]
        n_fig = 0
        for out in cell.outputs:
            mime = next((m for m in PRIORITY[target] if m in out.get("data", {})), None)
            if mime not in IMAGES:
                continue
            cap, attrs = str(caps[n_fig]) if n_fig < len(caps) else "", []
            if kind == "fig" and n_fig == 0:
                attrs.append(f"#{label}")
                cap = f"{number}: {cap}" if cap else number
            width = _image_width(out, mime)
            if width and target == "html":
                attrs.append(f"width={int(width)}")
            elif width:
                attrs.append(f"width={min(float(width) / FIG_DPI, PDF_MAX_FIG_WIDTH):.2f}in")
            out.metadata["qmd"] = {"cap": cap, "attr": "{" + " ".join(attrs) + "}" if attrs else ""}
            n_fig += 1
        if o.get("tbl-cap") or kind == "tbl":
            cap = ": ".join(str(x) for x in (number, o.get("tbl-cap")) if x)
            first = cell.outputs[0] if cell.outputs else {}
            md = first.get("data", {}).get("text/markdown")
            if md and _TABLE.match(md):  # a pandoc table caption, which stays with its table
                first.data["text/markdown"] = f"{md.rstrip()}\n\n: {cap}"
            else:
                cell.metadata["qmd_tblcap"] = cap


def to_markdown(nb, meta: dict, target: str, assets_dir: str | os.PathLike) -> str:
    """Pandoc markdown (without front matter) of an executed notebook; figures go to ``assets_dir``."""
    import jinja2
    from nbconvert import MarkdownExporter
    from traitlets.config import Config

    nb = copy.deepcopy(nb)
    _prepare(nb, meta, target)
    config = Config({
        "NbConvertBase": {"display_data_priority": PRIORITY[target]},
        "TagRemovePreprocessor": {"enabled": True, "remove_cell_tags": {"remove_cell"},
                                  "remove_input_tags": {"remove_input"}, "remove_all_outputs_tags": {"remove_output"}},
        "CoalesceStreamsPreprocessor": {"enabled": True},
        "ExtractOutputPreprocessor": {"enabled": True, "extract_output_types": set(IMAGES)},
    })
    exporter = MarkdownExporter(config=config, extra_loaders=[jinja2.DictLoader({"qmd.md.j2": _TEMPLATE})],
                                template_file="qmd.md.j2")
    exporter.register_filter("fence", _fence)
    exporter.register_filter("raw", lambda text, fmt: _fence(text, "=" + fmt).replace("` {=", "`{="))
    exporter.register_filter("html2md", _html2md)
    assets = Path(assets_dir).resolve()
    assets.mkdir(parents=True, exist_ok=True)
    body, resources = exporter.from_notebook_node(nb, resources={"output_files_dir": str(assets), "qmd_target": target})
    for filename, data in resources.get("outputs", {}).items():
        Path(filename).write_bytes(data)
    return body.strip() + "\n"


# --------------------------------------------------------------------------- 4. pandoc and typst

_HTML_CSS = """\
<style>
  body { max-width: 64em; }
  table { border-collapse: collapse; margin: 1em 0; font-size: 0.9em; }
  th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; }
  thead th { background: #f3f3f3; }
  table.dataframe { border: none; }
  pre { background: #f7f7f7; padding: 0.6em; overflow-x: auto; }
  pre.cell-output, div.cell-output pre, .cell-output { background: #fff; border-left: 3px solid #ddd; }
  .cell-output-stderr { background: #fff8e6; }
  .cell-output-error { background: #fdecec; }
  .cell { margin: 1em 0; }
  figure { margin: 1em 0; text-align: center; }
  figcaption { font-size: 0.9em; color: #444; }
  .table-caption, caption { font-size: 0.9em; color: #444; text-align: center; }
  details > summary { cursor: pointer; color: #555; }
  nav#TOC { border: 1px solid #e3e3e3; border-radius: 4px; padding: 0.4em 1em; margin: 1em 0 2em; }
  nav#TOC > h2 { font-size: 1.1em; margin: 0.3em 0; }
  nav#TOC ul { padding-left: 1.2em; margin: 0.2em 0; }
  nav#TOC a { color: #1a5fb4; text-decoration: none; }
</style>
"""

_TYPST_HEADER = """\
// Captions already carry "Figure N:" (numbered as in the HTML).
#set figure(numbering: none)
#show figure.where(kind: table): set block(breakable: true)  // long tables span pages
#show figure.caption: set text(size: 0.9em)
#show raw.where(block: true): set text(size: 0.8em)
#show raw.where(block: true): block.with(fill: luma(246), inset: 6pt, radius: 2pt, width: 100%)
#show table: set text(size: 0.8em)
#show table: set par(justify: false)
#set table(stroke: (x, y) => if y == 0 { (bottom: 0.6pt) } else { none })
"""

# Typst resolves image paths against the .typ file (in the build directory): make relative
# ones absolute (relative to the .qmd).  Let Typst size table columns to their content
# instead of the pipe-table widths derived from the dashes, which squeeze long numbers.
_TYPST_FILTER = """\
function Image(el)
  if not el.src:match('^/') and not el.src:match('^%a[%w+.-]*:') then el.src = BASE_DIR .. '/' .. el.src end
  return el
end
function Table(tbl)
  for i, spec in ipairs(tbl.colspecs) do tbl.colspecs[i] = { spec[1], pandoc.ColWidthDefault } end
  return tbl
end
"""


def _pandoc() -> str:
    try:
        import pypandoc

        return pypandoc.get_pandoc_path()
    except (ImportError, OSError) as exc:
        raise RenderError(f"pandoc not found (pip install pypandoc-binary): {exc}") from exc


def _pandoc_run(markdown: str, meta: dict, target: str, out: Path, build: Path, extra: list[str]) -> None:
    """Write ``markdown`` with a YAML metadata block and run pandoc on it."""
    import yaml

    fmt = _format_options(meta, target)
    doc = {k: fmt[k] for k in PASSED_META if fmt.get(k) not in (None, "")}
    if doc.get("date") in ("today", "now", "last-modified"):
        doc["date"] = _dt.date.today().isoformat()
    if "author" in doc:
        authors = doc["author"] if isinstance(doc["author"], list) else [doc["author"]]
        doc["author"] = [a.get("name", "") if isinstance(a, dict) else str(a) for a in authors]
    doc = json.loads(json.dumps(doc, default=str))  # YAML dates etc. as strings
    source = build / f"document-{target}.md"
    source.write_text("---\n" + yaml.safe_dump(doc, allow_unicode=True, sort_keys=False) + "---\n\n" + markdown,
                      encoding="utf-8")
    # markdown-citations: a stray "@word" stays text (as a citation it breaks the Typst compile)
    args = [_pandoc(), str(source), "-f", "markdown-citations", "--standalone", "-o", str(out), "--wrap=preserve"]
    if fmt.get("toc", True):
        args += ["--toc", f"--toc-depth={int(fmt.get('toc-depth', 3))}"]
        if target == "html" and "toc-title" not in doc:
            args += ["--metadata", "toc-title=Contents"]
    if fmt.get("number-sections"):
        args += ["--number-sections"] + (["-V", "section-numbering=1.1"] if target == "pdf" else [])
    proc = subprocess.run(args + extra, capture_output=True, text=True, cwd=str(build))
    if proc.stderr.strip():
        print(proc.stderr.rstrip(), file=sys.stderr)
    if proc.returncode != 0:
        raise RenderError(f"pandoc failed (exit {proc.returncode}): {' '.join(args + extra)}")


def to_html(markdown: str, meta: dict, out: Path, build: Path, source_dir: Path) -> Path:
    """Self-contained HTML (figures, CSS and MathML embedded)."""
    (build / "style.html").write_text(_HTML_CSS)
    title = _format_options(meta, "html").get("title") or out.stem
    extra = ["-t", "html5", "--embed-resources", "--mathml", "-H", str(build / "style.html"),
             "--metadata", f"pagetitle={title}", "--resource-path", os.pathsep.join(map(str, (build, source_dir)))]
    _pandoc_run(markdown, meta, "html", build / out.name, build, extra)
    return Path(shutil.move(str(build / out.name), str(out)))


def to_pdf(markdown: str, meta: dict, out: Path, build: Path, source_dir: Path) -> Path:
    """PDF through pandoc's Typst writer and the ``typst`` package."""
    try:
        import typst
    except ImportError as exc:
        raise RenderError("PDF output needs the 'typst' package (pip install typst)") from exc
    (build / "header.typ").write_text(_TYPST_HEADER)
    (build / "filter.lua").write_text(f"local BASE_DIR = {json.dumps(source_dir.as_posix())}\n" + _TYPST_FILTER)
    typ = build / (out.stem + ".typ")
    extra = ["-t", "typst", "-H", str(build / "header.typ"), "--lua-filter", str(build / "filter.lua"),
             "-V", "page-numbering=1", "-V", "papersize=a4", "-V", "fontsize=10pt",
             "-M", "margin.x=2.2cm", "-M", "margin.y=2.5cm"]
    _pandoc_run(markdown, meta, "pdf", typ, build, extra)
    try:
        typst.compile(str(typ), output=str(build / out.name), root="/")  # "/": figures are absolute paths
    except Exception as exc:  # the typst package raises its own error types
        raise RenderError(f"typst could not compile {typ.name}: {exc}") from exc
    return Path(shutil.move(str(build / out.name), str(out)))


# --------------------------------------------------------------------------- driver


def _render_quarto(qmd: Path, to: str, out_dir: Path | None) -> list[Path]:
    """Render with Quarto: the ``quarto`` package's ``render()`` if installed, else the CLI."""
    try:
        import quarto
    except ImportError:
        quarto = None
    outputs = []
    for target in TARGETS[to]:
        fmt = "html" if target == "html" else "typst"  # Quarto's Typst format writes the PDF
        out = (out_dir or qmd.parent) / f"{qmd.stem}.{target}"
        start = time.time()
        if quarto is not None:  # render() can neither set an output directory nor report failure
            print(f"rocstats-render: quarto.render({str(qmd)!r}, output_format={fmt!r})", flush=True)
            quarto.render(str(qmd), output_format=fmt, output_file=out.name)
            written = qmd.parent / out.name
            if not written.is_file() or written.stat().st_mtime < start - 1:
                raise RenderError(f"quarto render --to {fmt} did not write {written}")
            if written != out:
                out.parent.mkdir(parents=True, exist_ok=True)
                shutil.move(str(written), str(out))
        else:
            cmd = [shutil.which("quarto") or "quarto", "render", str(qmd), "--to", fmt]
            cmd += ["--output-dir", str(out_dir)] if out_dir else []
            print("rocstats-render: running", " ".join(cmd), flush=True)
            if subprocess.run(cmd).returncode != 0:
                raise RenderError(f"quarto render --to {fmt} failed")
        outputs.append(out)
    return outputs


def render(path: str | os.PathLike, to: str = "html", *, engine: str = "auto",
           output_dir: str | os.PathLike | None = None, timeout: int = DEFAULT_TIMEOUT,
           keep_intermediate: bool = False) -> list[Path]:
    """Render the ``.qmd`` at ``path``; return the files written.

    ``to``: ``"html"``, ``"pdf"`` or ``"all"``.  ``engine``: ``"auto"`` (Quarto if its CLI is
    on PATH, else the fallback), ``"quarto"`` (an error without Quarto) or ``"fallback"``.
    Outputs go next to the ``.qmd`` unless ``output_dir`` is given.  With ``to="all"`` a PDF
    failure of the fallback is a warning and the HTML is kept.  ``keep_intermediate`` keeps
    the executed notebook, the markdown and the figures in ``OUTPUT_DIR/_build/NAME/``.
    """
    if to not in TARGETS:
        raise RenderError(f"unknown output format {to!r} (html, pdf or all)")
    if engine not in ("auto", "quarto", "fallback"):
        raise RenderError(f"unknown engine {engine!r} (auto, quarto or fallback)")
    qmd = Path(path).resolve()
    if not qmd.is_file():
        raise RenderError(f"no such file: {qmd}")
    out_dir = Path(output_dir).resolve() if output_dir else None
    on_path = shutil.which("quarto") is not None
    if engine == "quarto" and not on_path:
        raise RenderError("engine 'quarto' requested but the quarto CLI is not on PATH")
    if engine != "fallback" and on_path:
        print("rocstats-render: engine: quarto", flush=True)
        return _render_quarto(qmd, to, out_dir)

    print("rocstats-render: engine: fallback (nbclient + pandoc" + (" + typst)" if to != "html" else ")"), flush=True)
    out_dir = out_dir or qmd.parent
    out_dir.mkdir(parents=True, exist_ok=True)
    meta, nb = read_qmd(qmd)
    outputs: list[Path] = []
    with tempfile.TemporaryDirectory(prefix="qmd-render-") as tmp:
        build = Path(tmp)
        execute(nb, qmd.parent, timeout, qmd.name)
        for target in TARGETS[to]:
            markdown = to_markdown(nb, meta, target, build / f"figures-{target}")
            out = out_dir / f"{qmd.stem}.{target}"
            try:
                outputs.append((to_html if target == "html" else to_pdf)(markdown, meta, out, build, qmd.parent))
            except RenderError as exc:
                if to != "all" or target != "pdf":
                    raise
                _warn(f"PDF not produced: {exc}")
                continue
            print(f"rocstats-render: wrote {out}", flush=True)
        if keep_intermediate:
            import nbformat

            keep = out_dir / "_build" / qmd.stem
            shutil.rmtree(keep, ignore_errors=True)
            shutil.copytree(build, keep)
            nbformat.write(nb, str(keep / f"{qmd.stem}.ipynb"))
            print(f"rocstats-render: intermediate files in {keep}", flush=True)
    return outputs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="rocstats-render",
        description="Render a Quarto .qmd to HTML and/or PDF: with Quarto when its CLI is on PATH, "
        "otherwise with jupytext + nbclient + nbconvert + pandoc (+ typst for the PDF).")
    parser.add_argument("qmd", help="the .qmd file to render")
    parser.add_argument("--to", choices=list(TARGETS), default="html", help="output format (default: html)")
    parser.add_argument("--engine", choices=["auto", "quarto", "fallback"], default="auto",
                        help="auto: Quarto if on PATH, else the fallback (default: auto)")
    parser.add_argument("--output-dir", help="directory for the outputs (default: next to the .qmd)")
    parser.add_argument("--timeout", type=int, default=DEFAULT_TIMEOUT,
                        help=f"per-cell timeout of the fallback in seconds (default: {DEFAULT_TIMEOUT})")
    parser.add_argument("--keep-intermediate", action="store_true",
                        help="keep the executed notebook, markdown and figures in OUTPUT_DIR/_build/NAME/")
    args = parser.parse_args(argv)
    try:
        render(args.qmd, args.to, engine=args.engine, output_dir=args.output_dir, timeout=args.timeout,
               keep_intermediate=args.keep_intermediate)
    except RenderError as exc:
        print(f"rocstats-render: error: {exc}", file=sys.stderr)
        return 1
    except ImportError as exc:
        print(f"rocstats-render: error: missing dependency: {exc} (pip install 'rocstats[reports]')", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
