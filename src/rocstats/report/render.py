"""Render a Quarto document (``.qmd``) to HTML and/or PDF: ``rocstats-render FILE.qmd --to html|pdf|all``.

With ``engine="auto"`` Quarto renders it when its CLI is on PATH (through the ``quarto`` package's
``render()`` if installed, else the CLI).  Otherwise the fallback: jupytext reads the chunks
(`read_qmd`), nbclient runs them (`execute`), nbconvert's ``MarkdownExporter`` writes
pandoc markdown (`to_markdown`, ``templates/qmd.md.j2``), pandoc writes self-contained HTML
(`to_html`) or Typst that the ``typst`` package compiles (`to_pdf`).  The fallback
knows the front matter in ``DOC_OPTIONS`` (also under ``format: html:`` / ``format: pdf:``), the
chunk options in ``CHUNK_OPTIONS`` (``fig-``/``tbl-`` labels are numbered) and inline
```{python} expr```, and warns about anything else.  Its PDF has no code at all (outputs only).
"""

from __future__ import annotations

import argparse
import copy
import datetime as _dt
import itertools
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
PASSED_META = ("title", "subtitle", "author", "date", "abstract", "lang", "toc-title")  # to pandoc's templates
DOC_OPTIONS = {*PASSED_META, "toc", "toc-depth", "number-sections", "code-fold", "code-summary", "execute", "format"}
FIG_WIDTH, FIG_HEIGHT, FIG_DPI, PDF_MAX_FIG_WIDTH = 7.0, 5.0, 96, 6.5  # inches; Quarto's HTML figure size; the
# PDF text block is 21 cm - 2 x 2.2 cm = 6.54 in wide, so a figure up to 6.5 in prints at 100 % (fonts at their size)
IMAGES = ("image/png", "image/jpeg", "image/svg+xml")
PRIORITY = {  # the representation of an output that each target shows
    "html": ["text/markdown", "text/html", "image/svg+xml", "image/png", "image/jpeg", "text/latex", "text/plain"],
    "pdf": ["text/markdown", "image/png", "image/jpeg", "image/svg+xml", "text/html", "text/latex", "text/plain"],
}
TEMPLATES = Path(__file__).with_name("templates")

_INLINE = re.compile(r"`\{python\}[ \t]+([^`]+?)[ \t]*`")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})(.*)$")
_HEADER = re.compile(r"^```\{([A-Za-z=][^}\s,]*)[^}]*\}\s*$")  # a chunk, as jupytext's Rmd reader sees one
_MASK = re.compile(r"QMDVERBATIM(\d+)QMD")
_TABLE = re.compile(r"\s*(\|.*\|[ \t]*\n|\+[-=+:]+\+[ \t]*\n)")  # a pipe or grid table
_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


class RenderError(RuntimeError):
    """A failure that makes ``rocstats-render`` exit non-zero."""


def _warn(message: str) -> None:
    print(f"rocstats-render: warning: {message}", file=sys.stderr)


def _scan(text: str) -> tuple[list[tuple[int, str]], str, list[str]]:
    """``(line, engine)`` of each ```` ```{engine} ```` chunk in order (jupytext's code cells), and
    ``text`` with each verbatim fenced block replaced by a placeholder line, and those blocks.

    jupytext's Rmd reader would take an example chunk inside a verbatim block for a chunk, and
    inline code is not looked for in verbatim blocks.
    """
    headers: list = []
    masked: list = []
    blocks: list = []
    fence, verbatim = None, False
    for number, line in enumerate(text.split("\n"), 1):
        m, in_block = _FENCE.match(line), fence is not None and verbatim
        if fence is None and m:
            header = _HEADER.match(line)
            if header:
                fence, verbatim = m.group(1), False
                headers.append((number, header.group(1)))
            else:  # a verbatim block, or a line jupytext would take for one (```x``` is inline code)
                masked.append(f"QMDVERBATIM{len(blocks)}QMD")
                blocks.append(line)
                if not (m.group(1)[0] == "`" and "`" in m.group(2)):
                    fence, verbatim = m.group(1), True
                continue
        elif fence and set(line.strip()) == {fence[0]} and len(line.strip()) >= len(fence):
            fence = None
        if in_block:
            blocks[-1] += "\n" + line
        else:
            masked.append(line)
    return headers, "\n".join(masked), blocks


def _chunk_options(source: str, line: int) -> dict:
    """The chunk's leading ``#| key: value`` lines, parsed as YAML."""
    import yaml

    lines = [re.sub(r"^#\|\s?", "", t) for t in itertools.takewhile(lambda t: t.startswith("#|"), source.split("\n"))]
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
    """``(front matter, notebook)`` of a ``.qmd``; chunk options in ``cell.metadata["qmd"]``.

    Each paragraph with inline ```{python} expr``` gets a code cell before it that displays the
    values, substituted by `execute`.
    """
    from .._optional import import_optional

    jupytext = import_optional("jupytext", "rendering a .qmd report")
    nbformat = import_optional("nbformat", "rendering a .qmd report")
    yaml = import_optional("yaml", "rendering a .qmd report")

    headers, text, blocks = _scan(Path(path).read_text(encoding="utf-8"))
    nb = jupytext.reads(text, fmt="Rmd")
    meta: dict = {}
    if nb.cells and nb.cells[0].cell_type == "raw" and nb.cells[0].source.startswith("---"):
        try:
            meta = yaml.safe_load("\n".join(nb.cells.pop(0).source.split("\n")[1:-1])) or {}
        except yaml.YAMLError as exc:
            raise RenderError(f"invalid YAML front matter: {exc}") from exc
    formats: dict = meta["format"] if isinstance(meta.get("format"), dict) else {}
    for key in sorted(set(meta).union(*(v for v in formats.values() if isinstance(v, dict))) - DOC_OPTIONS):
        _warn(f"front matter option '{key}' is not supported by the fallback renderer; ignored")
    if len(headers) != sum(c.cell_type == "code" for c in nb.cells):
        raise RenderError(f"jupytext found {sum(c.cell_type == 'code' for c in nb.cells)} chunks, not {len(headers)}")
    header_iter, cells = iter(headers), []
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            parts = [_MASK.sub(lambda m: blocks[int(m.group(1))], p) for p in _INLINE.split(cell.source)]
            cell.source = _MASK.sub(lambda m: blocks[int(m.group(1))], cell.source)
            if len(parts) > 1:  # text, expression, text, ...: a cell displays the values first
                values = ", ".join(f"str(({e}))" for e in parts[1::2])
                src = f"__import__('IPython').display.display({{'application/json': [{values}]}}, raw=True)"
                cells.append(nbformat.v4.new_code_cell(src, metadata={"qmd": {"inline": parts[0][:60]}}))
                cell.metadata["qmd"] = {"text": parts[0::2]}
        if cell.cell_type != "code":
            cells.append(cell)
            continue
        line, engine = next(header_iter)
        if engine.startswith("="):  # a raw block such as ```{=html}: pandoc's business
            cells.append(nbformat.v4.new_markdown_cell(f"```{{{engine}}}\n{cell.source}\n```"))
            continue
        if engine != "python":
            raise RenderError(f"line {line}: cannot run a '{{{engine}}}' chunk (the fallback runs Python only)")
        if set(cell.metadata) - {"lines_to_next_cell", "lines_to_end_of_cell_marker"}:  # jupytext's own keys
            _warn(f"line {line}: options in the chunk header are not supported (use '#|' lines); ignored")
        opts = _chunk_options(cell.source, line)
        cell.metadata = {"qmd": {"options": opts, "line": line}}
        if {**(meta.get("execute") or {}), **opts}.get("eval", True) is False:
            cell.metadata["tags"] = ["skip-execution"]
        cells.append(cell)
    nb.cells = cells
    return meta, nb


def execute(nb, cwd: str | os.PathLike, timeout: int = DEFAULT_TIMEOUT, name: str = "document"):
    """Run ``nb`` in place in ``cwd``, then substitute the inline values into the text."""
    import importlib.util

    import nbformat
    from jupyter_client.kernelspec import KernelSpecManager
    from jupyter_client.manager import AsyncKernelManager
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    if importlib.util.find_spec("ipykernel") is None:
        raise RenderError(f"ipykernel is not installed for {sys.executable}")
    setup = "%config InlineBackend.figure_formats = ['retina']"  # crisp 2x PNG figures
    nb.cells.insert(0, nbformat.v4.new_code_cell(setup))
    with tempfile.TemporaryDirectory(prefix="qmd-kernel-") as tmp:
        # A private kernelspec (no "python3" kernelspec of another Python can be picked up),
        # Unix sockets rather than loopback TCP, figure size and backend through the environment.
        spec = Path(tmp, "kernels", "rocstats-python")
        spec.mkdir(parents=True)
        argv = [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"]
        (spec / "kernel.json").write_text(json.dumps({"argv": argv, "display_name": "Python", "language": "python"}))
        Path(tmp, "matplotlibrc").write_text(f"figure.figsize: {FIG_WIDTH}, {FIG_HEIGHT}\nfigure.dpi: {FIG_DPI}\n")
        env = dict(os.environ, MPLBACKEND="module://matplotlib_inline.backend_inline",
                   MATPLOTLIBRC=str(Path(tmp, "matplotlibrc")), PYDEVD_DISABLE_FILE_VALIDATION="1")
        ipc = {"transport": "ipc", "ip": str(Path(tmp, "ipc"))} if os.name == "posix" else {}
        km = AsyncKernelManager(kernel_name="rocstats-python",
                                kernel_spec_manager=KernelSpecManager(kernel_dirs=[str(spec.parent)]), **ipc)
        client = NotebookClient(nb, km=km, timeout=timeout, skip_cells_with_tag="skip-execution",
                                resources={"metadata": {"path": str(Path(cwd).resolve())}})
        try:
            client.execute(cleanup_kc=True, env=env)
        except CellExecutionError as exc:
            failed: dict = next((c.metadata.get("qmd", {}) for c in nb.cells
                           if any(o.output_type == "error" for o in c.get("outputs", []))), {})
            label = failed.get("options", {}).get("label")
            where = (f"an inline `{{python}}` expression in the text starting {failed['inline']!r}"
                     if "inline" in failed else
                     f"the chunk at line {failed.get('line')}" + (f" (label: {label})" if label else ""))
            raise RenderError(f"{name}: error in {where}:\n{_ANSI.sub('', str(exc))}") from exc
        except Exception as exc:  # the kernel died, a timeout, ...
            raise RenderError(f"{name}: execution failed: {type(exc).__name__}: {exc}") from exc
    cells, values = [], []
    for cell in nb.cells[1:]:
        if "inline" in cell.metadata.get("qmd", {}):
            values = next(o.data["application/json"] for o in cell.outputs if "application/json" in o.get("data", {}))
            continue
        if "text" in cell.metadata.get("qmd", {}):
            cell.source = "".join(t + v for t, v in zip(cell.metadata.pop("qmd")["text"], values + [""]))
        cells.append(cell)
    nb.cells = cells
    return nb


def _format_options(meta: dict, target: str) -> dict:
    """Top-level front matter merged with ``format: <target>:``."""
    opts = {k: v for k, v in meta.items() if k != "format"}
    formats: dict = meta["format"] if isinstance(meta.get("format"), dict) else {}
    for name in ("html",) if target == "html" else ("pdf", "typst"):
        opts.update(formats.get(name) or {})
    return opts


def _prepare(nb, meta: dict, target: str) -> None:
    """Chunk options -> TagRemovePreprocessor tags and the template's metadata, for ``target``."""
    fmt = _format_options(meta, target)
    counters = {"fig": 0, "tbl": 0}
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        o = {**(fmt.get("execute") or {}), **cell.metadata.get("qmd", {}).get("options", {})}
        cell.source = re.sub(r"\A(#\|.*(\n|\Z))+", "", cell.source).strip("\n")
        tags = cell.metadata.setdefault("tags", [])
        if target == "pdf" or o.get("echo", True) is False or not cell.source:
            tags.append("remove_input")  # no code at all in the PDF
        if o.get("output", True) is False:
            tags.append("remove_output")
        shows_output = cell.outputs and "remove_output" not in tags
        if o.get("include", True) is False or ("remove_input" in tags and not shows_output):
            tags.append("remove_cell")
        fold = o.get("code-fold", fmt.get("code-fold", False))
        if fold and target == "html":
            summary = o.get("code-summary", fmt.get("code-summary", "Code"))
            cell.metadata["qmd_fold"] = f"<details{' open' if fold == 'show' else ''}><summary>{summary}</summary>"
        label = str(o.get("label") or "")
        kind, number = label.split("-", 1)[0] if "-" in label else "", None
        if kind in counters:
            counters[kind] += 1
            number = ("Figure" if kind == "fig" else "Table") + f"\u00a0{counters[kind]}"
        if label and kind != "fig":
            cell.metadata["qmd_id"] = label
        caps = o.get("fig-cap") or []
        caps, n_fig = (caps if isinstance(caps, list) else [caps]), 0
        for out in cell.outputs:
            mime = next((m for m in PRIORITY[target] if m in out.get("data", {})), None)
            if mime not in IMAGES:
                continue
            cap, attrs = str(caps[n_fig]) if n_fig < len(caps) else "", []
            if kind == "fig" and n_fig == 0:
                cap, attrs = (f"{number}: {cap}" if cap else str(number)), [f"#{label}"]
            width = (out.metadata.get(mime) or {}).get("width")  # retina PNGs: the CSS width
            if width and target == "html":
                attrs.append(f"width={int(width)}")
            elif width:
                attrs.append(f"width={min(float(width) / FIG_DPI, PDF_MAX_FIG_WIDTH):.2f}in")
            out.metadata["qmd"] = {"cap": cap, "attr": "{" + " ".join(attrs) + "}" if attrs else ""}
            n_fig += 1
        if o.get("tbl-cap") or kind == "tbl":
            cap = ": ".join(str(x) for x in (number, o.get("tbl-cap")) if x)
            table = next((o for o in cell.outputs if _TABLE.match(o.get("data", {}).get("text/markdown", ""))), None)
            if table:  # pandoc's table caption for the first markdown table: it stays with its table
                table.data["text/markdown"] = f"{table.data['text/markdown'].rstrip()}\n\n: {cap}"
            else:
                cell.metadata["qmd_tblcap"] = cap


def _fence(text: str, attrs: str) -> str:
    """``text`` as a fenced block with attributes (``.python``, ``=html``, ...)."""
    text = _ANSI.sub("", text).rstrip("\n")
    fence = "`" * max([3] + [len(r) + 1 for r in re.findall("`+", text)])
    return f"{fence} {{{attrs}}}\n{text}\n{fence}"


def _html2md(html: str) -> str:
    """HTML output (a DataFrame, say) as pandoc markdown, for the PDF."""
    import pypandoc

    html = re.sub(r"(?is)<style.*?</style>", "", html)
    return pypandoc.convert_text(html, "markdown", format="html", extra_args=["--wrap=none"]).strip()


def to_markdown(nb, meta: dict, target: str, assets_dir: str | os.PathLike) -> str:
    """Pandoc markdown (no front matter) of an executed notebook; figures are written to ``assets_dir``."""
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
    exporter = MarkdownExporter(config=config, extra_template_paths=[str(TEMPLATES)], template_file="qmd.md.j2")
    exporter.register_filter("fence", _fence)
    exporter.register_filter("html2md", _html2md)
    assets = Path(assets_dir).resolve()
    assets.mkdir(parents=True, exist_ok=True)
    body, resources = exporter.from_notebook_node(nb, resources={"output_files_dir": str(assets), "qmd_target": target})
    for filename, data in resources.get("outputs", {}).items():
        Path(filename).write_bytes(data)
    return body.strip() + "\n"


def _pandoc(markdown: str, meta: dict, target: str, out: Path, build: Path, extra: list[str]) -> None:
    """Write ``markdown`` with a YAML metadata block and run pandoc on it."""
    import yaml

    try:
        import pypandoc

        pandoc = pypandoc.get_pandoc_path()
    except (ImportError, OSError) as exc:
        raise RenderError(f"pandoc not found (pip install pypandoc-binary): {exc}") from exc
    fmt = _format_options(meta, target)
    doc = {k: fmt[k] for k in PASSED_META if fmt.get(k) not in (None, "")}
    if doc.get("date") in ("today", "now", "last-modified"):
        doc["date"] = _dt.date.today().isoformat()
    source = build / f"document-{target}.md"
    header = yaml.safe_dump(json.loads(json.dumps(doc, default=str)), allow_unicode=True, sort_keys=False)
    source.write_text(f"---\n{header}---\n\n{markdown}", encoding="utf-8")
    # markdown-citations: a stray "@word" stays text (as a citation it would break the Typst compile)
    args = [pandoc, str(source), "-f", "markdown-citations", "--standalone", "-o", str(out), "--wrap=preserve"]
    if fmt.get("toc", True):
        args += ["--toc", f"--toc-depth={int(fmt.get('toc-depth', 3))}"]
        args += ["--metadata", "toc-title=Contents"] if target == "html" and "toc-title" not in doc else []
    if fmt.get("number-sections"):
        args += ["--number-sections"] + (["-V", "section-numbering=1.1"] if target == "pdf" else [])
    proc = subprocess.run(args + extra, capture_output=True, text=True, cwd=str(build))
    if proc.stderr.strip():
        print(proc.stderr.rstrip(), file=sys.stderr)
    if proc.returncode != 0:
        raise RenderError(f"pandoc failed (exit {proc.returncode}): {' '.join(args + extra)}")


def to_html(markdown: str, meta: dict, out: Path, build: Path, source_dir: Path) -> Path:
    """Self-contained HTML (figures, CSS and MathML embedded) at ``out``."""
    title = _format_options(meta, "html").get("title") or out.stem
    _pandoc(markdown, meta, "html", build / out.name, build,
            ["-t", "html5", "--embed-resources", "--mathml", "-H", str(TEMPLATES / "style.html"),
             "--metadata", f"pagetitle={title}", "--resource-path", os.pathsep.join(map(str, (build, source_dir)))])
    return Path(shutil.move(str(build / out.name), str(out)))


def to_pdf(markdown: str, meta: dict, out: Path, build: Path, source_dir: Path) -> Path:
    """PDF at ``out`` through pandoc's Typst writer and the ``typst`` package."""
    try:
        import typst
    except ImportError as exc:
        raise RenderError("PDF output needs the 'typst' package (pip install typst)") from exc
    typ = build / (out.stem + ".typ")
    _pandoc(markdown, meta, "pdf", typ, build,
            ["-t", "typst", "-H", str(TEMPLATES / "header.typ"), "--lua-filter", str(TEMPLATES / "typst-filter.lua"),
             "-M", f"qmd-dir={source_dir.as_posix()}", "-V", "page-numbering=1", "-V", "papersize=a4",
             "-V", "fontsize=10pt", "-M", "margin.x=2.2cm", "-M", "margin.y=2.5cm"])
    try:
        typst.compile(str(typ), output=str(build / out.name), root="/")  # figures have absolute paths
    except Exception as exc:  # the typst package raises its own error types
        raise RenderError(f"typst could not compile {typ.name}: {exc}") from exc
    return Path(shutil.move(str(build / out.name), str(out)))


def _render_quarto(qmd: Path, to: str, out_dir: Path | None) -> list[Path]:
    """Quarto: the ``quarto`` package's ``render()`` if installed, else ``quarto render``."""
    try:
        import quarto
    except ImportError:
        quarto = None
    outputs = []
    for target in TARGETS[to]:
        fmt = "html" if target == "html" else "typst"  # Quarto's typst format writes the PDF
        out, start = (out_dir or qmd.parent) / f"{qmd.stem}.{target}", time.time()
        if quarto is not None:  # render() sets no output directory and ignores quarto's exit status
            print(f"rocstats-render: quarto.render({str(qmd)!r}, output_format={fmt!r})", flush=True)
            quarto.render(str(qmd), output_format=fmt, output_file=out.name)
            written = qmd.parent / out.name
            if not written.is_file() or written.stat().st_mtime < start - 1:
                raise RenderError(f"quarto render --to {fmt} did not write {written}")
            if written != out:
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
           build_dir: str | os.PathLike | None = None) -> list[Path]:
    """Render the ``.qmd`` at ``path`` to ``to`` (``html``, ``pdf`` or ``all``); return the files.

    ``engine``: ``auto`` (Quarto if its CLI is on PATH, else the fallback), ``quarto`` (an error
    without Quarto) or ``fallback``.  Outputs go next to the ``.qmd`` unless ``output_dir`` is
    given.  With ``to="all"`` a PDF failure of the fallback is a warning and the HTML is kept.
    ``build_dir`` (default: a temporary one) keeps the notebook, markdown, figures and Typst file.
    """
    if to not in TARGETS or engine not in ("auto", "quarto", "fallback"):
        raise RenderError(f"unknown format {to!r} (html, pdf, all) or engine {engine!r} (auto, quarto, fallback)")
    qmd = Path(path).resolve()
    if not qmd.is_file():
        raise RenderError(f"no such file: {qmd}")
    out_dir = Path(output_dir).resolve() if output_dir else None
    if out_dir:
        out_dir.mkdir(parents=True, exist_ok=True)
    if engine == "quarto" and not shutil.which("quarto"):
        raise RenderError("engine 'quarto' requested but the quarto CLI is not on PATH")
    if engine != "fallback" and shutil.which("quarto"):
        print("rocstats-render: engine: quarto", flush=True)
        return _render_quarto(qmd, to, out_dir)

    print("rocstats-render: engine: fallback (nbclient + pandoc" + (" + typst)" if to != "html" else ")"), flush=True)
    out_dir = out_dir or qmd.parent
    meta, nb = read_qmd(qmd)
    outputs: list[Path] = []
    with tempfile.TemporaryDirectory(prefix="qmd-render-") as tmp:
        build = Path(build_dir or tmp).resolve()
        build.mkdir(parents=True, exist_ok=True)
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
        if build_dir:
            Path(build, f"{qmd.stem}.ipynb").write_text(json.dumps(nb, indent=1), encoding="utf-8")
    return outputs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="rocstats-render", description="Render a Quarto .qmd to HTML and/or PDF: with Quarto when its "
        "CLI is on PATH, otherwise with jupytext + nbclient + nbconvert + pandoc (+ typst for the PDF).")
    parser.add_argument("qmd", help="the .qmd file to render")
    parser.add_argument("--to", choices=list(TARGETS), default="html", help="output format (default: html)")
    parser.add_argument("--engine", choices=["auto", "quarto", "fallback"], default="auto",
                        help="auto: Quarto if its CLI is on PATH, else the fallback (default: auto)")
    parser.add_argument("--output-dir", help="directory for the outputs (default: next to the .qmd)")
    parser.add_argument("--timeout", type=int, default=DEFAULT_TIMEOUT,
                        help=f"fallback: per-cell timeout in seconds (default: {DEFAULT_TIMEOUT})")
    parser.add_argument("--build-dir", help="fallback: keep the notebook, markdown and figures there")
    args = parser.parse_args(argv)
    try:
        render(args.qmd, args.to, engine=args.engine, output_dir=args.output_dir, timeout=args.timeout,
               build_dir=args.build_dir)
    except (RenderError, ImportError) as exc:
        hint = " (a missing dependency: pip install 'rocstats[reports]')" if isinstance(exc, ImportError) else ""
        print(f"rocstats-render: error: {exc}{hint}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
