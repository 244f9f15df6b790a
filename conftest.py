"""Repository-root pytest configuration.

Puts the repository root on ``sys.path`` so tests can ``import validation`` (the stored
R results in validation/results and the comparison helpers in validation/) whatever the
import mode.

It also guards the doctests (pyproject.toml collects ``src/rocstats`` with
``--doctest-modules``): a module that needs an optional dependency which is absent is
not imported; its doctests are replaced by one item that is *skipped with the reason*
(never dropped silently).  The optional parts are

* ``rocstats/r/*``: rpy2 and an R installation (``rocstats[r]``);
* ``rocstats/plot.py``: matplotlib (``rocstats[reports]``);
* ``rocstats/_kernels/*_cffi.py`` and ``_ckernels``: the compiled C extension (absent
  when the package was installed without a C compiler).
"""
import importlib.util
import shutil
import sys
from pathlib import Path

import pytest

_ROOT = str(Path(__file__).resolve().parent)
if _ROOT not in sys.path:
    sys.path.insert(0, _ROOT)

_PACKAGE = Path(_ROOT, "src", "rocstats")


def _have(module):
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def _missing_r():
    if not _have("rpy2"):
        return "rpy2 is not installed (pip install 'rocstats[r]')"
    if shutil.which("R") is None:
        return "R is not on PATH"
    return None


def _missing_matplotlib():
    return None if _have("matplotlib") else "matplotlib is not installed (rocstats[reports])"


def _missing_extension():
    return None if _have("rocstats._kernels._ckernels") else \
        "the C extension rocstats._kernels._ckernels was not built"


def _requirement(path):
    """The check for the optional dependency a package module needs, or None."""
    try:
        rel = Path(path).resolve().relative_to(_PACKAGE.resolve()).as_posix()
    except ValueError:                    # not a module of the package
        return None
    if rel.startswith("r/"):
        return _missing_r
    if rel == "plot.py":
        return _missing_matplotlib
    if rel.startswith("_kernels/") and rel.endswith("_cffi.py"):
        return _missing_extension
    return None


class _SkippedDoctests(pytest.Item):
    """Stands for the doctests of a module that cannot be imported here."""

    def __init__(self, *, reason, **kwargs):
        super().__init__(**kwargs)
        self.reason = reason

    def runtest(self):
        pytest.skip("doctests of %s not run: %s" % (self.path.name, self.reason))

    def reportinfo(self):
        return self.path, None, "doctests of %s" % self.path.name


@pytest.hookimpl(wrapper=True)
def pytest_collect_file(file_path, parent):
    collected = yield
    check = _requirement(file_path) if file_path.suffix == ".py" else None
    reason = check() if check is not None else None
    if reason is None or not collected:
        return collected
    from _pytest.doctest import DoctestModule

    kept = [c for c in collected if not isinstance(c, DoctestModule)]
    if len(kept) == len(collected):
        return collected
    return kept + [_SkippedDoctests.from_parent(parent, name=file_path.name + "::doctests",
                                                path=file_path, reason=reason)]


#: Docstring examples known to be stale in modules this branch may not edit, with why.
#: Each is an xfail (reported by -ra as XFAIL, or XPASS once fixed: then drop the entry).
_STALE_DOCTESTS = {
    "rocstats.tree._roc_tree.ROCTreeClassifier":
        "stale example in rocstats/tree/_roc_tree.py: since best_threshold reports pROC's "
        "midpoint thresholds the split is at 0.4 (midpoint of 0.3 and 0.5), as "
        "tests/test_roc_tree.py::test_docstring_example_and_labels asserts; the docstring "
        "still says 0.5 (tree/ is edited elsewhere)",
}


def pytest_collection_modifyitems(config, items):
    for item in items:
        reason = _STALE_DOCTESTS.get(item.name)
        if reason is not None and type(item).__name__ == "DoctestItem":
            item.add_marker(pytest.mark.xfail(reason=reason, strict=False))
