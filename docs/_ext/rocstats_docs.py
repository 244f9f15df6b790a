"""Directives of the rocstats documentation that render tables from the code, so that a
page and the package cannot disagree:

``.. rocstats-deviations::``
    every deliberate difference from pROC (``rocstats._deviations.DEVIATIONS``);
``.. rocstats-datasets::``
    the example data sets with source and licence (``rocstats.datasets.DATASETS``);
``.. rocstats-validation-suites::``
    every validation suite with its acceptance criterion
    (``rocstats_validation.run.SUITES`` / ``acceptance``);
``.. rocstats-validation-summary::``
    the stored summary of the latest full validation run (``docs/validation_summary.json``,
    written by ``python docs/_ext/validation_summary.py`` after ``make report``).
"""
import json
from pathlib import Path

from docutils import nodes
from docutils.parsers.rst import Directive

HERE = Path(__file__).resolve().parent


def _table(header, rows, widths):
    table = nodes.table(classes=["rocstats-table"])
    group = nodes.tgroup(cols=len(header))
    table += group
    for w in widths:
        group += nodes.colspec(colwidth=w)

    def row(cells, inline_code=()):
        r = nodes.row()
        for i, text in enumerate(cells):
            entry = nodes.entry()
            para = nodes.paragraph()
            if i in inline_code:
                para += nodes.literal(text=str(text))
            else:
                para += nodes.Text(str(text))
            entry += para
            r += entry
        return r

    head = nodes.thead()
    head += row(header)
    group += head
    body = nodes.tbody()
    for cells, code in rows:
        body += row(cells, code)
    group += body
    return table


class Deviations(Directive):
    def run(self):
        from rocstats._deviations import DEVIATIONS

        rows = [((key, what, why, proc), (0, 3)) for key, (what, why, proc) in DEVIATIONS.items()]
        return [_table(["key", "what differs", "why", "how to get pROC's result"], rows,
                       [12, 30, 40, 30])]


class Datasets(Directive):
    def run(self):
        from rocstats.datasets import DATASETS

        rows = [(("rocstats.datasets.%s()" % info.loader, info.description, info.source,
                  info.licence, "shipped" if info.shipped else "read from R"), (0,))
                for info in DATASETS.values()]
        return [_table(["loader", "what", "source", "licence", "where"], rows,
                       [18, 30, 30, 20, 10])]


class ValidationSuites(Directive):
    def run(self):
        from rocstats_validation import run

        rows = []
        for name, (_, description) in run.SUITES.items():
            crit = run.acceptance(name) or {}
            rows.append(((name, description, crit.get("reference", "not stated"),
                          crit.get("tolerance", "not stated")), (0,)))
        return [_table(["suite", "what it compares", "against", "tolerance"], rows,
                       [12, 45, 25, 25])]


class ValidationSummary(Directive):
    def run(self):
        path = HERE.parent / "validation_summary.json"
        doc = json.loads(path.read_text())
        intro = nodes.paragraph(text=(
            "Run of %s at commit %s on %s (rocstats %s, backend %s): %d suites, %d "
            "comparisons, %d passed, %d failed, %d known failures."
            % (doc["date"], doc["commit"], doc["machine"], doc["rocstats"], doc["backend"],
               len(doc["suites"]), sum(s["n"] for s in doc["suites"]),
               sum(s["passed"] for s in doc["suites"]), sum(s["failed"] for s in doc["suites"]),
               sum(s["known_failures"] for s in doc["suites"]))))
        rows = [((s["suite"], s["n"], s["passed"], s["failed"], s["known_failures"],
                  s["sources"]), (0,)) for s in doc["suites"]]
        return [intro, _table(["suite", "comparisons", "passed", "failed", "known failures",
                               "comparisons by reference"], rows,
                              [14, 8, 8, 8, 8, 40])]


def _import(name):
    """The object of a dotted name (pkgutil.resolve_name), or None."""
    import pkgutil

    try:
        return pkgutil.resolve_name(name)
    except (ImportError, AttributeError, ValueError):
        return None


def resolve_alias(app, env, node, contnode):
    """A reference to a public object under another of its public names
    (``rocstats.curves.auc`` for ``rocstats.auc``, ``rocstats.bootstrap.BootstrapInterval``)
    resolves to the page of the name it is documented under."""
    if node.get("refdomain") != "py":
        return None
    target = node.get("reftarget", "")
    module = node.get("py:module") or ""
    candidates = [target] if target.startswith("rocstats") else \
        ([module + "." + target] if module else []) + ["rocstats." + target]
    domain = env.get_domain("py")
    if module.startswith("rocstats") and "._" in module and not target.startswith("rocstats"):
        # a private module's own helper, named inside its docstring (the theory page
        # shows these docstrings; the helpers have no pages): plain text, no link
        if _import(module + "." + target) is not None:
            return contnode
    for full in candidates:
        obj = _import(full)
        if obj is None or isinstance(obj, (str, int, float, tuple, dict)):
            continue
        last = full.rsplit(".", 1)[-1]
        for name in domain.objects:
            if name != full and name.rsplit(".", 1)[-1] == last and _import(name) is obj:
                return domain.resolve_xref(env, node.get("refdoc"), app.builder,
                                           node.get("reftype") or "obj", name, node, contnode)
    return None


def setup(app):
    app.connect("missing-reference", resolve_alias)
    app.add_directive("rocstats-deviations", Deviations)
    app.add_directive("rocstats-datasets", Datasets)
    app.add_directive("rocstats-validation-suites", ValidationSuites)
    app.add_directive("rocstats-validation-summary", ValidationSummary)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
