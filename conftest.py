"""Repository-root pytest configuration: it guards the doctests (pyproject.toml collects ``src/rocstats`` with
``--doctest-modules``): a module that needs an optional dependency which is absent is
not imported; its doctests are replaced by one item that is *skipped with the reason*
(never dropped silently).  The optional parts are

* ``rocstats/r/*``: rpy2 and an R installation (``rocstats[r]``);
* ``rocstats/plot/*``: matplotlib (``rocstats[reports]``);
* ``rocstats/dask/*``: dask and distributed (``rocstats[dask]``);
* ``rocstats/_kernels/c/*``: the compiled C extension (absent when the package was
  installed without a C compiler).
"""
import importlib.util
import shutil
from pathlib import Path

import pytest

_PACKAGE = Path(__file__).resolve().parent / "src" / "rocstats"


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


def _missing_dask():
    from gates import missing          # tests/gates.py: the suite's one check per need

    return missing("dask")


def _missing_extension():
    from gates import missing

    return missing("c")


def _package_dirs():
    """This checkout's ``src/rocstats`` and the imported ``rocstats`` (an installed copy
    when the suite runs against ``pip install .``: ``pytest tests --pyargs rocstats``)."""
    dirs = [_PACKAGE.resolve()]
    spec = importlib.util.find_spec("rocstats")
    if spec is not None and spec.origin:
        dirs.append(Path(spec.origin).resolve().parent)
    return dirs


def _requirement(path):
    """The check for the optional dependency a package module needs, or None."""
    for base in _package_dirs():
        try:
            rel = Path(path).resolve().relative_to(base).as_posix()
            break
        except ValueError:                # not a module of the package
            continue
    else:
        return None
    if rel.startswith("r/"):
        return _missing_r
    if rel.startswith("plot/"):
        return _missing_matplotlib
    if rel.startswith("dask/"):
        return _missing_dask
    if rel.startswith("_kernels/c/"):
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
        # a line number is required (pytest asserts it for skips located at the item)
        return self.path, 0, "doctests of %s" % self.path.name


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
