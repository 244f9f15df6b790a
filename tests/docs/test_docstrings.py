"""help() reads as plain text (issue 27): the docstrings of the package use no Sphinx
cross-reference roles (`name` in single back-quotes is the default role, as NumPy's) and
cite no file that does not ship with the package (the tests, the validation harness, the
docs, the reports, the benchmarks): a documentation page, a suite's name or a paper
instead."""
import ast
import pathlib
import re

SRC = pathlib.Path(__file__).resolve().parents[2] / "src" / "rocstats"
ROLE = re.compile(r":(func|class|mod|meth|attr|data|obj|exc|ref|doc|term):`")
REPO_PATH = re.compile(r"\b(validation|tests|docs|reports|benchmarks|scripts)/[A-Za-z_*]")


def _docstrings():
    for path in sorted(SRC.rglob("*.py")):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
                doc = ast.get_docstring(node, clean=False)
                if doc:
                    yield "%s:%s" % (path.relative_to(SRC), getattr(node, "name", "<module>")), doc


def test_there_are_docstrings_to_check():
    assert sum(1 for _ in _docstrings()) > 500


def test_no_cross_reference_roles():
    bad = [where for where, doc in _docstrings() if ROLE.search(doc)]
    assert bad == []


def test_no_reference_to_files_outside_the_package():
    bad = [(where, REPO_PATH.search(doc).group(0)) for where, doc in _docstrings()
           if REPO_PATH.search(doc)]
    assert bad == []


def test_help_of_the_main_functions_is_plain():
    """The first screen of help() for the functions a new user calls first has no
    reST roles and no LaTeX commands."""
    import rocstats

    for fn in (rocstats.roc, rocstats.auc, rocstats.delong, rocstats.roc_test, rocstats.ci_auc,
               rocstats.coords, rocstats.diagnostic_accuracy, rocstats.cutpoint):
        head = "\n".join(fn.__doc__.splitlines()[:25])
        assert not ROLE.search(head), fn.__name__
        assert ".. math::" not in head and "\\frac" not in head, fn.__name__


def _public_objects():
    import importlib

    mods = ["rocstats"] + ["rocstats." + p.name for p in sorted(SRC.iterdir())
                           if p.is_dir() and not p.name.startswith("_")
                           and (p / "__init__.py").exists()]
    seen = set()
    for mod in mods:
        module = importlib.import_module(mod)
        for name in getattr(module, "__all__", []):
            obj = getattr(module, name)
            if id(obj) not in seen and getattr(obj, "__doc__", None):
                seen.add(id(obj))
                yield "%s.%s" % (mod, name), obj


def test_formulas_of_every_public_docstring_are_in_its_notes():
    """As NumPy's and SciPy's docstrings: display math (``.. math::``) only in the Notes
    section, at most three inline ``:math:`` roles before it, and a plain first line --
    help() shows the text, the site renders the Notes' formulas."""
    import inspect

    objs = list(_public_objects())
    assert len(objs) > 120
    bad = []
    for where, obj in objs:
        doc = inspect.getdoc(obj) or ""
        before = doc.split("\nNotes\n-----\n", 1)[0]
        if (".. math::" in before or len(re.findall(r":math:`", before)) > 3
                or ":math:`" in doc.splitlines()[0] or ROLE.search(doc.splitlines()[0])):
            bad.append(where)
    assert bad == []
