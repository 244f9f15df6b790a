"""The layers of the package: no two subpackages import each other (issue 22).

Every ``import`` of ``src/rocstats`` -- at module level or inside a function (a lazy
import is an import all the same) -- is read with :mod:`ast` and mapped to the pair
(importing unit, imported unit), a *unit* being a subpackage (``rocstats/curves/``) or a
top-level module (``rocstats/_results.py``).  Then:

* the graph of units has no cycle (no import ring, at any length), except through the
  edges to :mod:`rocstats.plot` taken inside a ``plot`` method (results may draw
  themselves);
* the bottom layer (the kernels, the shared private modules) imports no subpackage.

The same check from a shell::

    python tests/test_import_graph.py        # prints the graph and any ring
"""
import ast
import pathlib
import sys

SRC = pathlib.Path(__file__).resolve().parents[1] / "src" / "rocstats"
#: units that must not import any subpackage above the kernels
BOTTOM = ("_kernels", "_labels", "_validation", "_options", "_sample", "_dist", "_areas",
          "_results")


def _unit(path):
    parts = path.relative_to(SRC).parts
    return parts[0] if len(parts) > 1 else parts[0][:-3]


def _package(path):
    parts = ("rocstats",) + path.relative_to(SRC).with_suffix("").parts
    return parts[:-1] if parts[-1] != "__init__" else parts[:-1]


class _Visitor(ast.NodeVisitor):
    """Collect ``(imported module, in a plot method?)`` of every import."""

    def __init__(self, package):
        self.package = package
        self.found = []
        self.functions = []

    def visit_FunctionDef(self, node):
        self.functions.append(node.name)
        self.generic_visit(node)
        self.functions.pop()

    visit_AsyncFunctionDef = visit_FunctionDef

    def _add(self, name):
        self.found.append((name, bool(self.functions) and self.functions[0] == "plot"
                           or "plot" in self.functions))

    def visit_Import(self, node):
        for alias in node.names:
            self._add(alias.name)

    def visit_ImportFrom(self, node):
        if node.level:
            base = list(self.package[:len(self.package) - (node.level - 1)])
            mod = ".".join(base + ([node.module] if node.module else []))
        else:
            mod = node.module or ""
        if node.module is None or node.level and not node.module:
            for alias in node.names:              # from . import x: x may be a module
                self._add(mod + "." + alias.name)
        else:
            self._add(mod)
            for alias in node.names:
                self._add(mod + "." + alias.name)


def edges():
    """``{(from_unit, to_unit): [(file, in_plot_method), ...]}`` over src/rocstats."""
    units = {p.name if p.is_dir() else p.stem for p in SRC.iterdir()
             if (p.is_dir() and (p / "__init__.py").exists()) or p.suffix == ".py"}
    out = {}
    for path in SRC.rglob("*.py"):
        me = _unit(path)
        v = _Visitor(_package(path))
        v.visit(ast.parse(path.read_text(), str(path)))
        for name, in_plot in v.found:
            parts = name.split(".")
            if parts[0] != "rocstats" or len(parts) < 2 or parts[1] not in units:
                continue
            other = parts[1]
            if other != me and other != "__init__" and me != "__init__":
                out.setdefault((me, other), []).append(
                    (path.relative_to(SRC).as_posix(), in_plot))
    return out


def graph(allow_plot_methods=True):
    g = {}
    for (a, b), where in edges().items():
        if allow_plot_methods and b == "plot" and all(p for _, p in where):
            continue
        g.setdefault(a, set()).add(b)
    return g


def cycles(g):
    """Every elementary cycle's node list found by a depth-first search (one per start)."""
    found, seen = [], set()

    def dfs(node, stack, on):
        for nxt in sorted(g.get(node, ())):
            if nxt in on:
                cyc = stack[stack.index(nxt):] + [nxt]
                key = frozenset(cyc)
                if key not in seen:
                    seen.add(key)
                    found.append(cyc)
            elif len(stack) < 12:
                dfs(nxt, stack + [nxt], on | {nxt})

    for start in sorted(g):
        dfs(start, [start], {start})
    return found


def test_no_import_ring_between_subpackages():
    """No cycle among the units, lazy imports included; only ``plot`` methods may reach
    up to rocstats.plot."""
    g = graph()
    assert cycles(g) == [], cycles(g)


def test_plot_is_reached_only_from_plot_methods():
    bad = [(a, files) for (a, b), files in edges().items()
           if b == "plot" and a not in ("report", "__init__") and not all(p for _, p in files)]
    assert bad == []


def test_the_bottom_layer_imports_no_subpackage():
    subpackages = {p.name for p in SRC.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    bad = {(a, b) for (a, b), files in edges().items()
           if a in BOTTOM and b in subpackages and b != "_kernels"
           and not (b == "plot" and all(p for _, p in files))}
    assert bad == set()


def test_the_checker_sees_a_ring():
    """The check can fail: a ring drawn by hand is found."""
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == [["a", "b", "c", "a"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


if __name__ == "__main__":
    g = graph()
    for a in sorted(g):
        print("%-12s -> %s" % (a, ", ".join(sorted(g[a]))))
    rings = cycles(g)
    print("rings:", rings or "none")
    sys.exit(1 if rings else 0)
