"""The suite's gates (tests/gates.py, tests/conftest.py, the repository's conftest.py):
a run without R must end in skips with reasons, never in pytest's INTERNALERROR."""
import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import gates

ROOT = Path(__file__).resolve().parents[1]
# tests/conftest.py by its path (the name "conftest" is also the repository root's)
_spec = importlib.util.spec_from_file_location("_tests_conftest",
                                               Path(__file__).with_name("conftest.py"))
tests_conftest = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(tests_conftest)


def _path_without_r(tmp_path):
    """A PATH of links to every program on this PATH but R and Rscript."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for d in os.environ.get("PATH", "").split(os.pathsep):
        if not os.path.isdir(d):
            continue
        for name in os.listdir(d):
            src = os.path.join(d, name)
            if name in ("R", "Rscript") or (bin_dir / name).exists():
                continue
            if os.access(src, os.X_OK) and not os.path.isdir(src):
                (bin_dir / name).symlink_to(src)
    return str(bin_dir)


def test_a_run_without_r_skips_the_r_doctests_with_the_reason(tmp_path):
    # the issue-23 reproducer: `pytest tests/test_labels.py src/rocstats/r` without R
    # ended in INTERNALERROR (the R gate matched the directory src/rocstats/r by keyword
    # and the doctests' stand-in item reported line None)
    env = dict(os.environ, PATH=_path_without_r(tmp_path))
    env.pop("R_HOME", None)
    assert shutil.which("R", path=env["PATH"]) is None
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rs",
                          "tests/test_labels.py", "src/rocstats/r"],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    out = run.stdout + run.stderr
    assert run.returncode == 0, out[-3000:]
    assert "INTERNALERROR" not in out
    assert "doctests of _proc.py not run" in out
    assert "passed" in out


class _Item:
    def __init__(self, nodeid, fixtures=(), markers=()):
        self.nodeid, self.fixturenames = nodeid, list(fixtures)
        self.markers = [getattr(pytest.mark, m).mark for m in markers]
        self.added = []

    def get_closest_marker(self, name):
        return next((m for m in self.markers + self.added if m.name == name), None)

    def add_marker(self, mark):
        self.added.append(getattr(mark, "mark", mark))


class _Config:
    def getoption(self, name):
        return ""


def test_r_fixture_marks_the_test_and_a_bare_r_marker_is_refused():
    uses = _Item("t::uses_proc", fixtures=["proc"])
    plain = _Item("t::plain")
    tests_conftest.pytest_collection_modifyitems(_Config(), [uses, plain])
    assert uses.get_closest_marker("r") is not None
    assert plain.get_closest_marker("r") is None
    bare = _Item("t::bare", markers=["r"])
    with pytest.raises(pytest.UsageError, match="t::bare"):
        tests_conftest.pytest_collection_modifyitems(_Config(), [bare])


def test_marker_gates_skip_with_the_gates_reason(monkeypatch):
    monkeypatch.setitem(gates._CACHE, "c", "simulated: no C extension")
    item = _Item("t::c", markers=["needs_c"])
    tests_conftest.pytest_collection_modifyitems(_Config(), [item])
    skip = item.get_closest_marker("skip")
    assert skip is not None and skip.kwargs["reason"] == "simulated: no C extension"
    monkeypatch.setitem(gates._CACHE, "c", None)
    item = _Item("t::c2", markers=["needs_c"])
    tests_conftest.pytest_collection_modifyitems(_Config(), [item])
    assert item.get_closest_marker("skip") is None


def test_every_gate_answers():
    for need in gates.NEEDS:
        why = gates.missing(need)
        assert why is None or (isinstance(why, str) and why)
