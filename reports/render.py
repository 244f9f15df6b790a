#!/usr/bin/env python3
"""Render a Quarto document (``.qmd``) to HTML and/or PDF.

Usage::

    python reports/render.py FILE.qmd [--to html|pdf|all]
                             [--engine auto|quarto|fallback] [--output-dir DIR]

With ``--engine auto`` (the default) the ``quarto`` CLI is used when it is on
PATH.  Otherwise -- or with ``--engine fallback`` -- the same ``.qmd`` is
rendered by a small self-contained pipeline:

1. :func:`parse_qmd` splits the file into YAML front matter, markdown text and
   executable ```` ```{python} ```` chunks (with ``#| key: value`` options);
2. :func:`to_notebook` turns that into a Jupyter notebook (nbformat);
3. :func:`execute` runs it with nbclient on an ipykernel started from *this*
   interpreter, in the ``.qmd``'s directory;
4. :func:`notebook_to_markdown` writes the executed notebook back out as pandoc
   markdown (code, text, HTML tables, figures) honouring the chunk options;
5. :func:`render_html` (pandoc, self-contained, MathML) and :func:`render_pdf`
   (pandoc -> Typst -> the ``typst`` Python package) produce the outputs.

Supported Quarto features in the fallback: front matter ``title``,
``subtitle``, ``author``, ``date`` (``today``), ``abstract``, ``toc``,
``toc-depth``, ``toc-title``, ``number-sections``, ``execute:`` defaults and
per-format options under ``format: html:`` / ``format: pdf:`` (or ``typst:``);
chunk options ``echo`` (incl. ``fenced``), ``eval``, ``output`` (incl.
``asis``), ``include``, ``warning``, ``error``, ``label``, ``fig-cap``,
``tbl-cap``, ``code-fold``, ``code-summary``; inline ```{python} expr``
expressions; ``@fig-``/``@tbl-``/``@sec-`` cross references and the
``{{< pagebreak >}}`` shortcode.  Only Python chunks can be executed.

Dependencies of the fallback: PyYAML, nbformat, nbclient, ipykernel,
pypandoc(-binary) and typst (PDF only).  They are imported lazily so that
``--help`` and the Quarto path work without them.
"""

from __future__ import annotations

import argparse
import base64
import datetime as _dt
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = [
    "Chunk",
    "QmdDocument",
    "RenderError",
    "parse_qmd",
    "to_notebook",
    "execute",
    "notebook_to_markdown",
    "render_html",
    "render_pdf",
    "render",
    "main",
]

#: Per-cell execution timeout in seconds.
DEFAULT_TIMEOUT = 1800

#: Document-level execution defaults (Quarto's, for the options we support).
EXECUTE_DEFAULTS: dict[str, Any] = {
    "echo": True,
    "eval": True,
    "output": True,
    "include": True,
    "warning": True,
    "error": False,
}

#: Default matplotlib figure size (inches) and dpi, as Quarto's HTML default.
FIG_WIDTH, FIG_HEIGHT, FIG_DPI = 7.0, 5.0, 96

#: Widest figure (inches) placed on a PDF page.
PDF_MAX_FIG_WIDTH = 6.0

_ANSI_RE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
_FENCE_RE = re.compile(r"^( {0,3})(`{3,}|~{3,})[ \t]*(.*?)[ \t]*$")
# An executable chunk header: {python}, {python echo=false}, {python my-label}.
# Raw blocks ({=html}) and attribute blocks ({.python}) do not match.
_EXEC_INFO_RE = re.compile(r"^\{([A-Za-z][\w+-]*)(?:[\s,](.*))?\}$")
_OPTION_LINE_RE = re.compile(r"^#\|\s?(.*)$")
_INLINE_EXPR_RE = re.compile(r"`\{python\}[ \t]+([^`]+?)[ \t]*`")
_XREF_RE = re.compile(r"(?<![\w@])@((?:fig|tbl|sec)-[\w-]*\w)")
_PROSE_FIG_RE = re.compile(r"!\[(?P<cap>[^\]\n]*)\]\((?P<src>[^)\n]*)\)\{(?P<pre>[^}\n]*)#(?P<id>fig-[\w-]*\w)")
_PROSE_ID_RE = re.compile(r"\{[^}\n]*#((?:fig|tbl)-[\w-]*\w)")
_HEADING_ID_RE = re.compile(r"^#{1,6}[ \t]+(.+?)[ \t]*\{[^}\n]*#(sec-[\w-]*\w)[^}\n]*\}[ \t]*$", re.M)
_SHORTCODE_RE = re.compile(r"\{\{<\s*(\S+)([^>]*?)\s*>\}\}")


class RenderError(RuntimeError):
    """Any failure that should make ``render.py`` exit non-zero."""


_warned: set[str] = set()


def _warn(message: str) -> None:
    """Print a warning once (the document is converted once per format)."""
    if message not in _warned:
        _warned.add(message)
        print(f"render.py: warning: {message}", file=sys.stderr)


# --------------------------------------------------------------------------- #
# 1. Parsing                                                                   #
# --------------------------------------------------------------------------- #


@dataclass
class Chunk:
    """A piece of the document body.

    ``kind`` is ``"markdown"`` or ``"code"``.  For markdown, ``protected`` lists
    ``(start, end)`` offsets of verbatim (non-executable) fenced blocks, which
    inline expressions and cross references must not touch.  For code,
    ``options`` holds the parsed ``#|`` options and ``line`` the 1-based line
    of the opening fence.
    """

    kind: str
    source: str
    options: dict = field(default_factory=dict)
    lang: str = "python"
    line: int = 0
    protected: list = field(default_factory=list)


@dataclass
class QmdDocument:
    meta: dict
    chunks: list


def _split_front_matter(text: str) -> tuple[dict, str, int]:
    """Return (front matter, body, number of lines consumed by the front matter)."""
    import yaml

    lines = text.split("\n")
    start = 0
    while start < len(lines) and not lines[start].strip():
        start += 1
    if start >= len(lines) or lines[start].rstrip() != "---":
        return {}, text, 0
    for end in range(start + 1, len(lines)):
        if lines[end].rstrip() in ("---", "..."):
            try:
                meta = yaml.safe_load("\n".join(lines[start + 1 : end])) or {}
            except yaml.YAMLError as exc:
                raise RenderError(f"invalid YAML front matter: {exc}") from exc
            if not isinstance(meta, dict):
                raise RenderError("YAML front matter must be a mapping")
            return meta, "\n".join(lines[end + 1 :]), end + 1
    raise RenderError("unterminated YAML front matter (missing closing '---')")


def _parse_header_options(rest: str) -> dict:
    """knitr-style options in the chunk header: ``{python label, echo=false}``."""
    import yaml

    opts: dict = {}
    for i, tok in enumerate(t.strip() for t in re.split(r",(?=(?:[^\"']|\"[^\"]*\"|'[^']*')*$)", rest or "")):
        if not tok:
            continue
        if "=" not in tok:
            if i == 0:
                opts["label"] = tok.strip("\"'")
            continue
        key, value = (s.strip() for s in tok.split("=", 1))
        key = key.replace(".", "-")
        if value in ("TRUE", "T"):
            opts[key] = True
        elif value in ("FALSE", "F"):
            opts[key] = False
        else:
            try:
                opts[key] = yaml.safe_load(value)
            except yaml.YAMLError:
                opts[key] = value.strip("\"'")
    return opts


def _parse_chunk_options(body: list[str], line: int) -> dict:
    """Parse the leading ``#| key: value`` lines of a chunk as YAML."""
    import yaml

    opt_lines = []
    for text in body:
        m = _OPTION_LINE_RE.match(text)
        if not m:
            break
        opt_lines.append(m.group(1))
    if not opt_lines:
        return {}
    try:
        opts = yaml.safe_load("\n".join(opt_lines)) or {}
    except yaml.YAMLError as exc:
        raise RenderError(f"line {line}: invalid '#|' chunk options: {exc}") from exc
    if not isinstance(opts, dict):
        raise RenderError(f"line {line}: '#|' chunk options must be 'key: value' pairs")
    return opts


def parse_qmd(text: str) -> QmdDocument:
    """Parse the text of a ``.qmd`` file into front matter and chunks."""
    text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    meta, body, offset = _split_front_matter(text)
    lines = body.split("\n")

    chunks: list[Chunk] = []
    md: list[str] = []  # current markdown text, as lines
    protected: list[tuple[int, int]] = []
    md_len = 0  # length of "\n".join(md) + "\n" so far
    md_line = 0  # file line number of the first markdown line

    def flush_markdown() -> None:
        nonlocal md, protected, md_len
        source = "\n".join(md)
        if source.strip():
            chunks.append(Chunk("markdown", source, line=md_line, protected=protected))
        md, protected, md_len = [], [], 0

    def add_md(index: int) -> None:
        nonlocal md_len, md_line
        if not any(text.strip() for text in md):  # first non-blank line
            md_line = offset + index + 1
        md.append(lines[index])
        md_len += len(lines[index]) + 1

    i = 0
    while i < len(lines):
        m = _FENCE_RE.match(lines[i])
        if m and m.group(2)[0] == "`" and "`" in m.group(3):
            m = None  # e.g. ```inline code``` on its own line: not a fence
        if not m:
            add_md(i)
            i += 1
            continue
        fence, info = m.group(2), m.group(3)
        closing = re.compile(r"^ {0,3}" + re.escape(fence[0]) + "{" + str(len(fence)) + r",}[ \t]*$")
        j = i + 1
        while j < len(lines) and not closing.match(lines[j]):
            j += 1
        block = lines[i + 1 : j]  # unterminated fences run to the end (CommonMark)
        exec_m = _EXEC_INFO_RE.match(info)
        if exec_m:
            flush_markdown()
            line_no = offset + i + 1
            opts = _parse_header_options(exec_m.group(2) or "")
            opts.update(_parse_chunk_options(block, line_no))
            chunks.append(Chunk("code", "\n".join(block), opts, exec_m.group(1).lower(), line_no))
        else:
            # Verbatim fenced code (incl. ```{{python}} examples): keep as markdown.
            start = md_len
            for k in range(i, min(j + 1, len(lines))):
                add_md(k)
            protected.append((start, md_len))
        i = j + 1
    flush_markdown()
    return QmdDocument(meta, chunks)


# --------------------------------------------------------------------------- #
# 2. Notebook                                                                  #
# --------------------------------------------------------------------------- #


def _json_safe(value: Any) -> Any:
    """YAML may produce dates etc.; notebooks hold JSON only."""
    return json.loads(json.dumps(value, default=str))


def _outside(protected: Iterable[tuple[int, int]], text: str) -> list[tuple[int, int, bool]]:
    """Split ``text`` into ``(start, end, is_prose)`` spans."""
    spans, pos = [], 0
    for start, end in sorted(protected):
        if start > pos:
            spans.append((pos, start, True))
        spans.append((start, end, False))
        pos = max(pos, end)
    if pos < len(text):
        spans.append((pos, len(text), True))
    return spans


def _sub_prose(text: str, protected, pattern: re.Pattern, repl) -> str:
    """``pattern.sub(repl, text)`` applied to prose only (not verbatim blocks)."""
    return "".join(pattern.sub(repl, text[a:b]) if prose else text[a:b] for a, b, prose in _outside(protected, text))


def _find_prose(text: str, protected, pattern: re.Pattern) -> list[re.Match]:
    found: list[re.Match] = []
    for a, b, prose in _outside(protected, text):
        if prose:
            found.extend(pattern.finditer(text[a:b]))
    return found


def _execute_options(meta: dict) -> dict:
    opts = dict(EXECUTE_DEFAULTS)
    opts.update((meta.get("execute") or {}) if isinstance(meta.get("execute"), dict) else {})
    return opts


def _effective_options(doc_opts: dict, chunk_opts: dict) -> dict:
    opts = dict(doc_opts)
    opts.update(chunk_opts)
    return opts


_SETUP_SOURCE = """\
# Inserted by reports/render.py: crisp (2x) PNG figures from the inline backend.
%config InlineBackend.figure_formats = ['retina']
"""


def to_notebook(doc: QmdDocument):
    """Build an (unexecuted) ``nbformat`` notebook from a parsed document.

    Each cell carries ``metadata["qmd"]`` with its role (``setup``,
    ``chunk``, ``inline`` or ``markdown``) and options, which
    :func:`notebook_to_markdown` uses after execution.
    """
    import nbformat

    doc_opts = _execute_options(doc.meta)
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    nb.metadata["qmd"] = {"meta": _json_safe(doc.meta)}
    nb.cells.append(nbformat.v4.new_code_cell(_SETUP_SOURCE, metadata={"qmd": {"role": "setup"}}))

    for chunk in doc.chunks:
        if chunk.kind == "markdown":
            exprs = [m.group(1) for m in _find_prose(chunk.source, chunk.protected, _INLINE_EXPR_RE)]
            if exprs:
                # Evaluate the inline expressions at this point of the document;
                # their string values are substituted into the next markdown cell.
                values = ", ".join(f"str(({e}))" for e in exprs)
                src = (
                    "from IPython.display import display as _qmd_display\n"
                    f"_qmd_display({{'application/json': {{'inline': [{values}]}}}}, raw=True)\n"
                    "del _qmd_display\n"
                )
                nb.cells.append(
                    nbformat.v4.new_code_cell(src, metadata={"qmd": {"role": "inline", "line": chunk.line}})
                )
            nb.cells.append(
                nbformat.v4.new_markdown_cell(
                    chunk.source,
                    metadata={"qmd": {"role": "markdown", "protected": [list(p) for p in chunk.protected]}},
                )
            )
            continue

        if chunk.lang not in ("python", "python3", "ipython", "ipython3"):
            raise RenderError(
                f"line {chunk.line}: cannot execute a '{{{chunk.lang}}}' chunk "
                "(the fallback renderer runs Python chunks only)"
            )
        opts = _effective_options(doc_opts, chunk.options)
        tags = []
        if not opts.get("eval", True):
            tags.append("skip-execution")
        if opts.get("error", False):
            tags.append("raises-exception")
        nb.cells.append(
            nbformat.v4.new_code_cell(
                chunk.source,
                metadata={
                    "tags": tags,
                    "qmd": {"role": "chunk", "options": _json_safe(chunk.options), "line": chunk.line},
                },
            )
        )
    return nb


# --------------------------------------------------------------------------- #
# 3. Execution                                                                 #
# --------------------------------------------------------------------------- #


def _kernel_manager(workdir: Path):
    """A KernelManager whose ``python3`` kernel is ipykernel on ``sys.executable``.

    A private kernelspec is written so that neither a missing nor a stale
    system/user kernelspec (pointing at another Python) can be picked up.
    """
    import importlib.util

    from jupyter_client.kernelspec import KernelSpecManager
    from jupyter_client.manager import AsyncKernelManager

    if importlib.util.find_spec("ipykernel") is None:
        raise RenderError(f"ipykernel is not installed for {sys.executable}")
    kernel_dir = workdir / "kernels" / "python3"
    kernel_dir.mkdir(parents=True, exist_ok=True)
    spec = {
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "Python 3 (render.py)",
        "language": "python",
        "metadata": {"debugger": False},
    }
    (kernel_dir / "kernel.json").write_text(json.dumps(spec, indent=1))
    ksm = KernelSpecManager(kernel_dirs=[str(kernel_dir.parent)], ensure_native_kernel=False)
    if os.name == "posix":
        # Unix sockets instead of unencrypted loopback TCP; an absolute path,
        # because the kernel runs in the document's directory.
        return AsyncKernelManager(
            kernel_name="python3", kernel_spec_manager=ksm, transport="ipc", ip=str(workdir / "ipc")
        )
    return AsyncKernelManager(kernel_name="python3", kernel_spec_manager=ksm)


def _kernel_env(workdir: Path) -> dict:
    """Environment for the kernel: inline matplotlib figures of a fixed size."""
    rc = workdir / "matplotlibrc"
    rc.write_text(f"figure.figsize: {FIG_WIDTH}, {FIG_HEIGHT}\nfigure.dpi: {FIG_DPI}\n")
    env = dict(os.environ)
    env["MPLBACKEND"] = "module://matplotlib_inline.backend_inline"
    env["MATPLOTLIBRC"] = str(rc)
    env["PYDEVD_DISABLE_FILE_VALIDATION"] = "1"  # silence debugpy's frozen-module note
    env.setdefault("PYTHONIOENCODING", "utf-8")
    return env


def _describe_cell(cell) -> str:
    q = cell.metadata.get("qmd", {})
    if q.get("role") == "inline":
        return f"an inline `{{python}}` expression in the text starting at line {q.get('line')}"
    label = q.get("options", {}).get("label")
    where = f"the chunk at line {q['line']}" if q.get("line") else f"the {q.get('role', '')} cell"
    return where + (f" (label: {label})" if label else "")


def execute(nb, cwd: str | os.PathLike, timeout: int = DEFAULT_TIMEOUT):
    """Execute ``nb`` in place in directory ``cwd``; return it.

    Raises :class:`RenderError` (with the cell's traceback) if a cell raises
    and the chunk does not have ``error: true``.
    """
    import nbclient
    from nbclient.exceptions import CellExecutionError

    # A short private directory: kernelspec, matplotlibrc and the IPC sockets
    # (whose paths must stay under the ~100-character limit of Unix sockets).
    with tempfile.TemporaryDirectory(prefix="qmd-kernel-") as tmp:
        work = Path(tmp)
        client = nbclient.NotebookClient(
            nb,
            km=_kernel_manager(work),
            timeout=timeout,
            allow_errors=False,
            skip_cells_with_tag="skip-execution",
            resources={"metadata": {"path": str(Path(cwd).resolve())}},
        )
        try:
            # cleanup_kc: shut the kernel down even though we made its manager.
            client.execute(cleanup_kc=True, env=_kernel_env(work))
        except CellExecutionError as exc:
            failed = next(
                (
                    c
                    for c in nb.cells
                    if c.cell_type == "code"
                    and "raises-exception" not in c.metadata.get("tags", [])
                    and any(o.get("output_type") == "error" for o in c.get("outputs", []))
                ),
                None,
            )
            where = _describe_cell(failed) if failed is not None else "a chunk"
            raise RenderError(f"error in {where}:\n{_ANSI_RE.sub('', str(exc))}") from exc
        except Exception as exc:  # kernel died, timeout, ...
            raise RenderError(f"notebook execution failed: {type(exc).__name__}: {exc}") from exc
    return nb


# --------------------------------------------------------------------------- #
# 4. Notebook -> pandoc markdown                                               #
# --------------------------------------------------------------------------- #


def _fence(text: str, char: str = "`") -> str:
    """A code fence longer than any run of ``char`` inside ``text``."""
    runs = [len(r) for r in re.findall(re.escape(char) + "+", text)]
    return char * max(3, max(runs, default=0) + 1)


def _code_block(text: str, classes: str = "") -> str:
    text = text.rstrip("\n")
    f = _fence(text)
    attr = f" {{{classes}}}" if classes else ""
    return f"{f}{attr}\n{text}\n{f}"


def _raw_block(text: str, fmt: str) -> str:
    text = text.rstrip("\n")
    f = _fence(text)
    return f"{f}{{={fmt}}}\n{text}\n{f}"


def _png_size(data: bytes) -> tuple[int, int] | None:
    if data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR":
        return struct.unpack(">II", data[16:24])
    return None


def _join_text(value) -> str:
    return "".join(value) if isinstance(value, list) else str(value)


def _format_options(meta: dict, target: str) -> dict:
    """Top-level front matter merged with ``format: <target>:`` options."""
    opts = {k: v for k, v in meta.items() if k != "format"}
    fmt = meta.get("format")
    names = ("html",) if target == "html" else ("pdf", "typst")
    if isinstance(fmt, dict):
        for name in names:
            if isinstance(fmt.get(name), dict):
                opts.update(fmt[name])
    return opts


def _crossref_numbers(nb) -> tuple[dict, dict]:
    """Number ``fig-``/``tbl-`` labels in document order; map ``sec-`` ids to titles."""
    numbers: dict[str, str] = {}
    sections: dict[str, str] = {}
    counts = {"fig": 0, "tbl": 0}
    names = {"fig": "Figure", "tbl": "Table"}

    def add(label: str) -> None:
        kind = label.split("-", 1)[0]
        if kind in counts and label not in numbers:
            counts[kind] += 1
            numbers[label] = f"{names[kind]}\u00a0{counts[kind]}"

    for cell in nb.cells:
        q = cell.metadata.get("qmd", {})
        if cell.cell_type == "markdown":
            protected = q.get("protected", [])
            for m in _find_prose(cell.source, protected, _PROSE_ID_RE):
                add(m.group(1))
            for m in _HEADING_ID_RE.finditer(cell.source):
                sections[m.group(2)] = m.group(1)
        elif q.get("role") == "chunk":
            label = str(q.get("options", {}).get("label", ""))
            if label:
                add(label)
    return numbers, sections


class _MarkdownWriter:
    """Turns an executed notebook into a pandoc markdown body."""

    def __init__(self, nb, target: str, assets: Path):
        self.nb = nb
        self.target = target
        self.assets = assets
        self.meta = nb.metadata.get("qmd", {}).get("meta", {})
        self.fmt = _format_options(self.meta, target)
        self.doc_opts = _execute_options(self.meta)
        self.numbers, self.sections = _crossref_numbers(nb)
        self.n_images = 0

    # -- prose --------------------------------------------------------------
    def markdown(self, cell, inline_values: list[str]) -> str:
        protected = cell.metadata.get("qmd", {}).get("protected", [])
        text = cell.source
        values = iter(inline_values)
        text = _sub_prose(text, protected, _INLINE_EXPR_RE, lambda m: next(values, m.group(0)))

        def xref(m: re.Match) -> str:
            label = m.group(1)
            if label in self.numbers:
                return f"[{self.numbers[label]}](#{label})"
            if label in self.sections:
                return f"[{self.sections[label]}](#{label})"
            _warn(f"unresolved cross reference @{label}")
            return f"?@{label}"

        def prose_fig(m: re.Match) -> str:
            num = self.numbers.get(m.group("id"))
            cap = f"{num}: {m.group('cap')}" if num and m.group("cap") else m.group("cap")
            return f"![{cap}]({m.group('src')}){{{m.group('pre')}#{m.group('id')}"

        text = _sub_prose(text, protected, _PROSE_FIG_RE, prose_fig)
        text = _sub_prose(text, protected, _XREF_RE, xref)
        text = _sub_prose(text, protected, _SHORTCODE_RE, self.shortcode)
        return text

    def shortcode(self, m: re.Match) -> str:
        name, args = m.group(1), m.group(2).split()
        if name == "pagebreak":
            return (
                "\n\n"
                + _raw_block('<div style="page-break-after: always;"></div>', "html")
                + "\n\n"
                + _raw_block("#pagebreak()", "typst")
                + "\n\n"
            )
        if name == "meta" and args:
            value = self.meta
            for key in args[0].split("."):
                value = value.get(key, "") if isinstance(value, dict) else ""
            return str(value)
        _warn(f"unsupported shortcode {m.group(0)}")
        return ""

    # -- code chunks ----------------------------------------------------------
    def chunk(self, cell) -> str:
        q = cell.metadata.get("qmd", {})
        chunk_opts = q.get("options", {})
        opts = _effective_options(self.doc_opts, chunk_opts)
        if not opts.get("include", True):
            return ""
        label = str(opts.get("label", "") or "")
        parts: list[str] = []

        echo = opts.get("echo", True)
        if echo:
            parts.append(self.source_block(cell.source, echo, opts))
        if opts.get("output", True) is not False and cell.get("outputs"):
            parts.extend(self.outputs(cell.outputs, opts, label))

        body = "\n\n".join(p for p in parts if p)
        if not body:
            return ""
        div_id = f" #{label}" if label and not label.startswith(("fig-", "tbl-")) else ""
        colons = ":" * 4
        return f"{colons} {{.cell{div_id}}}\n{body}\n{colons}"

    def source_block(self, source: str, echo, opts: dict) -> str:
        lines = source.split("\n")
        if echo != "fenced":
            while lines and _OPTION_LINE_RE.match(lines[0]):
                lines.pop(0)
        code = "\n".join(lines).strip("\n")
        if not code:
            return ""
        if echo == "fenced":
            inner = f"```{{python}}\n{code}\n```"
            block = _code_block(inner, ".markdown .cell-code")
        else:
            block = _code_block(code, ".python .cell-code")
        fold = opts.get("code-fold", self.fmt.get("code-fold", False))
        if fold and self.target == "html":
            summary = opts.get("code-summary", self.fmt.get("code-summary", "Code"))
            opened = " open" if fold == "show" else ""
            block = "\n\n".join(
                [
                    _raw_block(f"<details{opened}><summary>{summary}</summary>", "html"),
                    block,
                    _raw_block("</details>", "html"),
                ]
            )
        return block

    def outputs(self, outputs, opts: dict, label: str) -> list[str]:
        parts: list[str] = []
        asis = opts.get("output") == "asis"
        caps = opts.get("fig-cap")
        caps = caps if isinstance(caps, list) else ([caps] if caps else [])
        n_fig = 0
        pending_stream: tuple[str, list[str]] | None = None

        def flush() -> None:
            nonlocal pending_stream
            if pending_stream:
                name, texts = pending_stream
                text = _ANSI_RE.sub("", "".join(texts))
                if asis and name == "stdout":
                    parts.append(text)
                elif text.strip():
                    parts.append(_code_block(text, ".cell-output" + ("-stderr" if name == "stderr" else "")))
            pending_stream = None

        for out in outputs:
            kind = out.get("output_type")
            if kind == "stream":
                name = out.get("name", "stdout")
                if name == "stderr" and not opts.get("warning", True):
                    continue
                if pending_stream and pending_stream[0] != name:
                    flush()
                pending_stream = pending_stream or (name, [])
                pending_stream[1].append(_join_text(out.get("text", "")))
                continue
            flush()
            if kind == "error":
                tb = _ANSI_RE.sub("", "\n".join(out.get("traceback", [])))
                parts.append(_code_block(tb or f"{out.get('ename')}: {out.get('evalue')}", ".cell-output-error"))
            elif kind in ("display_data", "execute_result"):
                rendered = self.rich_output(out, asis, label, caps, n_fig)
                if rendered is not None:
                    text, is_fig = rendered
                    n_fig += is_fig
                    parts.append(text)
        flush()

        tbl_cap = opts.get("tbl-cap")
        if parts and (tbl_cap or label.startswith("tbl-")):
            num = self.numbers.get(label)
            cap = ": ".join(str(x) for x in (num, tbl_cap) if x)
            if cap and re.match(r"\s*(\|.*\|[ \t]*\n|\+[-=+:]+\+[ \t]*\n)", parts[0]):
                # A markdown (pipe/grid) table, e.g. from display(Markdown(...)):
                # give it a real caption, which stays with the table (HTML
                # <caption>, Typst figure caption).
                parts[0] = f"{parts[0].rstrip()}\n\n: {cap}"
                cap = ""
            inner = "\n\n".join(parts)
            if cap:
                inner = f"::: {{.table-caption}}\n{cap}\n:::\n\n{inner}"
            parts = [f"::: {{#{label}}}\n{inner}\n:::" if label.startswith("tbl-") else inner]
        return parts

    def rich_output(self, out, asis: bool, label: str, caps: list, n_fig: int):
        """Markdown for one display_data/execute_result; ``(text, is_figure)``."""
        data = out.get("data", {})
        if "inline" in (data.get("application/json") or {}):
            return None  # inline-expression values, consumed by the next markdown cell
        order = (
            ["text/markdown", "text/html", "image/svg+xml", "image/png", "image/jpeg", "text/latex", "text/plain"]
            if self.target == "html"
            else ["text/markdown", "image/png", "image/jpeg", "image/svg+xml", "text/html", "text/latex", "text/plain"]
        )
        mime = next((m for m in order if m in data), None)
        if mime is None:
            return None
        value = data[mime]
        if mime in ("text/markdown", "text/latex"):
            return _join_text(value), False
        if mime == "text/html":
            html = _join_text(value)
            if self.target == "html":
                return _raw_block(html, "html"), False
            return _html_to_markdown(html), False
        if mime == "text/plain":
            text = _ANSI_RE.sub("", _join_text(value))
            return (text if asis else _code_block(text, ".cell-output")), False
        # Images.
        self.n_images += 1
        ext = {"image/png": "png", "image/jpeg": "jpg", "image/svg+xml": "svg"}[mime]
        path = self.assets / f"figure-{self.n_images}.{ext}"
        if mime == "image/svg+xml":
            path.write_text(_join_text(value), encoding="utf-8")
        else:
            path.write_bytes(base64.b64decode(_join_text(value)))
        cap = str(caps[n_fig]) if n_fig < len(caps) else ""
        attrs = []
        if label.startswith("fig-") and n_fig == 0:
            attrs.append(f"#{label}")
            num = self.numbers.get(label)
            cap = f"{num}: {cap}" if cap else (num or "")
        width = (out.get("metadata", {}).get(mime) or {}).get("width")
        if width is None and mime == "image/png":
            size = _png_size(path.read_bytes())
            width = size[0] if size else None
        if width:
            if self.target == "html":
                attrs.append(f"width={int(width)}")
            else:
                attrs.append(f"width={min(float(width) / FIG_DPI, PDF_MAX_FIG_WIDTH):.2f}in")
        attr = "{" + " ".join(attrs) + "}" if attrs else ""
        # Inside a div a lone image with a caption becomes a figure (implicit_figures).
        return f"![{cap}]({path.as_posix()}){attr}", True


def _html_to_markdown(html: str) -> str:
    """HTML output (e.g. a DataFrame) as pandoc markdown, for non-HTML targets."""
    import pypandoc

    html = re.sub(r"<style.*?</style>", "", html, flags=re.S | re.I)
    return pypandoc.convert_text(html, "markdown", format="html", extra_args=["--wrap=none"]).strip()


def notebook_to_markdown(nb, assets_dir: str | os.PathLike, target: str = "html") -> str:
    """Pandoc markdown body (no front matter) for an executed notebook.

    Figures are written to ``assets_dir`` and referenced by absolute path.
    ``target`` (``"html"`` or ``"pdf"``) selects the preferred output types:
    HTML outputs pass through raw for HTML and are converted for PDF.
    """
    if target not in ("html", "pdf"):
        raise ValueError(f"unknown target {target!r}")
    assets = Path(assets_dir).resolve()
    assets.mkdir(parents=True, exist_ok=True)
    writer = _MarkdownWriter(nb, target, assets)
    blocks: list[str] = []
    inline_values: list[str] = []
    for cell in nb.cells:
        role = cell.metadata.get("qmd", {}).get("role")
        if role == "setup":
            continue
        if role == "inline":
            for out in cell.get("outputs", []):
                payload = out.get("data", {}).get("application/json")
                if isinstance(payload, dict) and "inline" in payload:
                    inline_values = [str(v) for v in payload["inline"]]
            continue
        if cell.cell_type == "markdown":
            blocks.append(writer.markdown(cell, inline_values))
            inline_values = []
        elif cell.cell_type == "code":
            blocks.append(writer.chunk(cell))
    return "\n\n".join(b.strip("\n") for b in blocks if b.strip()) + "\n"


# --------------------------------------------------------------------------- #
# 5. Pandoc / Typst                                                            #
# --------------------------------------------------------------------------- #

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
// Captions already carry "Figure N:" (numbered consistently with the HTML).
#set figure(numbering: none)
#show figure.where(kind: table): set block(breakable: true)  // long tables span pages
#show figure.caption: set text(size: 0.9em)
#show raw.where(block: true): set text(size: 0.8em)
#show raw.where(block: true): block.with(fill: luma(246), inset: 6pt, radius: 2pt, width: 100%)
#show table: set text(size: 0.8em)
#show table: set par(justify: false)
#set table(stroke: (x, y) => if y == 0 { (bottom: 0.6pt) } else { none })
"""


def _pandoc() -> str:
    import pypandoc

    try:
        return pypandoc.get_pandoc_path()
    except OSError as exc:
        raise RenderError(f"pandoc not found (install pypandoc-binary): {exc}") from exc


def _pandoc_version(pandoc: str) -> tuple[int, ...]:
    out = subprocess.run([pandoc, "--version"], capture_output=True, text=True, check=True).stdout
    m = re.search(r"(\d+(?:\.\d+)+)", out)
    return tuple(int(x) for x in m.group(1).split(".")) if m else (0,)


# Front-matter keys passed on to pandoc's HTML/Typst templates as they are.
_PASSED_META = ("title", "subtitle", "abstract", "lang", "toc-title", "keywords")
_PASSED_META += ("papersize", "fontsize", "margin", "mainfont")


def _document_meta(meta: dict, target: str) -> dict:
    """Front-matter fields handed to pandoc's templates."""
    fmt = _format_options(meta, target)
    out: dict = {}
    for key in _PASSED_META:
        if fmt.get(key) not in (None, ""):
            out[key] = fmt[key]
    authors = fmt.get("author") or fmt.get("authors")
    if authors:
        authors = authors if isinstance(authors, list) else [authors]
        out["author"] = [a.get("name", "") if isinstance(a, dict) else str(a) for a in authors]
        if isinstance(out["author"][0], dict):  # name: {given:, family:}
            out["author"] = [" ".join(str(v) for v in a.values()) for a in out["author"]]
    date = fmt.get("date")
    if date in ("today", "now", "last-modified"):
        date = _dt.date.today().isoformat()
    if date:
        out["date"] = str(date)
    return _json_safe(out)


def _pandoc_run(
    markdown: str,
    meta: dict,
    target: str,
    out_file: Path,
    build: Path,
    resource_dirs: list[Path],
    extra_args: list[str] = (),
) -> None:
    """Write ``markdown`` (with a YAML metadata block) and run pandoc on it."""
    import yaml

    fmt = _format_options(meta, target)
    doc_meta = _document_meta(meta, target)
    md_file = build / f"document-{target}.md"
    md_file.write_text(
        "---\n" + yaml.safe_dump(doc_meta, allow_unicode=True, sort_keys=False) + "---\n\n" + markdown,
        encoding="utf-8",
    )

    pandoc = _pandoc()
    # No citeproc/bibliography support: keep a stray "@word" literal text
    # (as a citation it would break the Typst compile).
    args = [pandoc, str(md_file), "-f", "markdown-citations", "--standalone", "-o", str(out_file), "--wrap=preserve"]
    args += ["--resource-path", os.pathsep.join(str(d) for d in resource_dirs)]
    if fmt.get("toc", True):
        args += ["--toc", f"--toc-depth={int(fmt.get('toc-depth', 3))}"]
        if target == "html" and "toc-title" not in doc_meta:
            args += ["--metadata", "toc-title=Contents"]
    if fmt.get("number-sections"):
        args.append("--number-sections")
    if target == "html":
        css = build / "style.html"
        css.write_text(_HTML_CSS)
        embed = "--embed-resources" if _pandoc_version(pandoc) >= (2, 19) else "--self-contained"
        args += ["-t", "html5", embed, "--mathml", "-H", str(css)]
        args += ["--metadata", f"pagetitle={doc_meta.get('title') or out_file.stem}"]
    else:
        header = build / "header.typ"
        header.write_text(_TYPST_HEADER)
        args += ["-t", "typst", "-H", str(header), "-V", "page-numbering=1"]
        if "papersize" not in doc_meta:
            args += ["-V", "papersize=a4"]
        if "fontsize" not in doc_meta:
            args += ["-V", "fontsize=10pt"]
        if "margin" not in doc_meta:
            args += ["-M", "margin.x=2.2cm", "-M", "margin.y=2.5cm"]
        if fmt.get("number-sections"):
            args += ["-V", "section-numbering=1.1"]
    args += list(extra_args)
    proc = subprocess.run(args, capture_output=True, text=True, cwd=str(build))
    if proc.stderr.strip():
        print(proc.stderr.rstrip(), file=sys.stderr)
    if proc.returncode != 0:
        raise RenderError(f"pandoc failed (exit {proc.returncode}): {' '.join(args)}")


def render_html(
    markdown: str,
    meta: dict,
    out_file: str | os.PathLike,
    build_dir: str | os.PathLike,
    resource_dirs: Iterable[str | os.PathLike] = (),
) -> Path:
    """Self-contained HTML (images, CSS and MathML embedded) via pandoc.

    ``resource_dirs`` are searched for relative image paths in the prose
    (pass the ``.qmd``'s directory).
    """
    out = Path(out_file).resolve()
    build = Path(build_dir).resolve()
    build.mkdir(parents=True, exist_ok=True)
    tmp = build / out.name
    _pandoc_run(markdown, meta, "html", tmp, build, [build, *map(Path, resource_dirs)])
    out.parent.mkdir(parents=True, exist_ok=True)
    shutil.move(str(tmp), str(out))
    return out


# Lua filter for the Typst conversion.  (1) Typst resolves relative paths
# against the .typ file, which lives in the build directory: make relative
# image paths absolute (relative to the .qmd).  (2) A Typst link to a label
# that does not exist is a compile error, and the Typst writer only emits
# labels for headings, figures, tables and divs: unwrap other internal links.
# (3) See Table below.
_TYPST_FILTER = """\
local base = BASE_DIR

local function absolute(el)
  if not el.src:match('^/') and not el.src:match('^%a[%w+.-]*:') then
    el.src = base .. '/' .. el.src
  end
  return el
end

function Pandoc(doc)
  local labels = {}
  local function collect(el)
    if el.identifier and el.identifier ~= '' then labels[el.identifier] = true end
  end
  doc:walk { Header = collect, Div = collect, Figure = collect, Table = collect }
  return doc:walk {
    Image = absolute,
    -- (3) Let Typst size table columns to their content ("auto") instead of
    -- pipe-table widths derived from the dashes, which squeeze long numbers.
    Table = function(tbl)
      for i, spec in ipairs(tbl.colspecs) do
        tbl.colspecs[i] = { spec[1], pandoc.ColWidthDefault }
      end
      return tbl
    end,
    Link = function(el)
      local id = el.target:match('^#(.+)$')
      if id and not labels[id] then return el.content end
    end,
  }
end
"""


def render_pdf(
    markdown: str,
    meta: dict,
    out_file: str | os.PathLike,
    build_dir: str | os.PathLike,
    source_dir: str | os.PathLike | None = None,
) -> Path:
    """PDF via pandoc's Typst writer and the ``typst`` Python package.

    ``source_dir`` (the ``.qmd``'s directory) anchors relative image paths.
    """
    try:
        import typst
    except ImportError as exc:
        raise RenderError("PDF output needs the 'typst' package (pip install typst)") from exc
    out = Path(out_file).resolve()
    build = Path(build_dir).resolve()
    build.mkdir(parents=True, exist_ok=True)
    src_dir = Path(source_dir).resolve() if source_dir else build
    lua = build / "typst-filter.lua"
    lua.write_text(_TYPST_FILTER.replace("BASE_DIR", json.dumps(src_dir.as_posix())))
    typ = build / (out.stem + ".typ")
    _pandoc_run(markdown, meta, "pdf", typ, build, [src_dir, build], ["--lua-filter", str(lua)])
    tmp_pdf = build / out.name
    try:
        # root "/" lets the document use absolute paths (figures, prose images).
        typst.compile(str(typ), output=str(tmp_pdf), root="/")
    except Exception as exc:  # the typst package raises its own error types
        raise RenderError(f"typst compilation of {typ.name} failed: {exc}") from exc
    out.parent.mkdir(parents=True, exist_ok=True)
    shutil.move(str(tmp_pdf), str(out))
    return out


# --------------------------------------------------------------------------- #
# Driver                                                                       #
# --------------------------------------------------------------------------- #

_TARGETS = {"html": ["html"], "pdf": ["pdf"], "all": ["html", "pdf"]}


def _render_quarto(quarto: str, qmd: Path, to: str, output_dir: Path | None) -> list[Path]:
    outputs = []
    for target in _TARGETS[to]:
        cmd = [quarto, "render", str(qmd), "--to", "html" if target == "html" else "typst"]
        if output_dir is not None:
            cmd += ["--output-dir", str(output_dir)]
        print("render.py: running", " ".join(cmd), flush=True)
        if subprocess.run(cmd).returncode != 0:
            raise RenderError(f"quarto render failed for --to {target}")
        outputs.append((output_dir or qmd.parent) / f"{qmd.stem}.{target}")
    return outputs


def render(
    qmd: str | os.PathLike,
    to: str = "html",
    engine: str = "auto",
    output_dir: str | os.PathLike | None = None,
    timeout: int = DEFAULT_TIMEOUT,
    keep_intermediate: bool = False,
) -> list[Path]:
    """Render ``qmd``; return the output files.

    ``to`` is ``html``, ``pdf`` or ``all``; ``engine`` is ``auto`` (Quarto if
    on PATH, else the fallback), ``quarto`` or ``fallback``.  Outputs go next
    to the ``.qmd`` unless ``output_dir`` is given.  With ``to="all"`` a PDF
    failure is reported as a warning and the HTML is kept.
    """
    if to not in _TARGETS:
        raise RenderError(f"unknown output format {to!r} (html, pdf or all)")
    qmd = Path(qmd).resolve()
    if not qmd.is_file():
        raise RenderError(f"no such file: {qmd}")
    out_dir = Path(output_dir).resolve() if output_dir else None

    quarto = shutil.which("quarto")
    if engine == "quarto" and not quarto:
        raise RenderError("--engine quarto requested but 'quarto' is not on PATH")
    if engine in ("auto", "quarto") and quarto:
        print("render.py: engine: quarto", flush=True)
        return _render_quarto(quarto, qmd, to, out_dir)
    if engine not in ("auto", "fallback"):
        raise RenderError(f"unknown engine {engine!r}")

    print("render.py: engine: fallback (nbclient + pandoc" + (" + typst" if to != "html" else "") + ")", flush=True)
    out_dir = out_dir or qmd.parent
    doc = parse_qmd(qmd.read_text(encoding="utf-8"))
    nb = to_notebook(doc)
    outputs: list[Path] = []
    with tempfile.TemporaryDirectory(prefix="qmd-render-") as tmp:
        build = Path(tmp)
        execute(nb, cwd=qmd.parent, timeout=timeout)
        for target in _TARGETS[to]:
            md = notebook_to_markdown(nb, build / f"figures-{target}", target)
            out_file = out_dir / f"{qmd.stem}.{target}"
            try:
                if target == "html":
                    outputs.append(render_html(md, doc.meta, out_file, build, [qmd.parent]))
                else:
                    outputs.append(render_pdf(md, doc.meta, out_file, build, qmd.parent))
            except RenderError as exc:
                if to == "all" and target == "pdf":
                    print(f"render.py: warning: PDF not produced: {exc}", file=sys.stderr)
                    continue
                raise
            print(f"render.py: wrote {out_file}", flush=True)
        if keep_intermediate:
            import nbformat

            keep = out_dir / "_build" / qmd.stem
            shutil.rmtree(keep, ignore_errors=True)
            shutil.copytree(build, keep)
            nbformat.write(nb, str(keep / f"{qmd.stem}.ipynb"))
            print(f"render.py: intermediate files in {keep}", flush=True)
    return outputs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="render.py",
        description="Render a Quarto .qmd with Quarto if available, else with nbclient + pandoc (+ typst).",
    )
    parser.add_argument("qmd", help="the .qmd file to render")
    parser.add_argument("--to", choices=sorted(_TARGETS), default="html", help="output format (default: html)")
    parser.add_argument(
        "--engine", choices=["auto", "quarto", "fallback"], default="auto", help="renderer (default: auto)"
    )
    parser.add_argument("--output-dir", help="directory for the outputs (default: next to the .qmd)")
    parser.add_argument(
        "--timeout", type=int, default=DEFAULT_TIMEOUT, help=f"per-cell timeout in seconds (default: {DEFAULT_TIMEOUT})"
    )
    parser.add_argument(
        "--keep-intermediate",
        action="store_true",
        help="keep the executed notebook, markdown and figures in OUTPUT_DIR/_build/NAME/",
    )
    args = parser.parse_args(argv)
    try:
        render(args.qmd, args.to, args.engine, args.output_dir, args.timeout, args.keep_intermediate)
    except RenderError as exc:
        print(f"render.py: error: {exc}", file=sys.stderr)
        return 1
    except ImportError as exc:
        print(f"render.py: error: missing dependency: {exc} (pip install -e '.[reports]')", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
