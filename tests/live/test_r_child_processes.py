"""Starting R through rocstats.r leaves LD_LIBRARY_PATH as it was, so that a Python
started afterwards from this process (a Dask worker, a subprocess) loads its own
libpython.  rpy2 prepends R's library directories when it starts the embedded R; with a
Python whose libpython is a shared library, the child then loaded the system's libpython
from those directories and failed on `import ssl` (undefined symbol) -- which is how
the Dask tests failed after the R tests had run in the same session."""
import os
import subprocess
import sys

import pytest

from rocstats import r as rbridge           # noqa: E402
from rocstats.r import _session             # noqa: E402

pytestmark = pytest.mark.usefixtures("proc")      # the R gate: tests/conftest.py


def test_r_directories_are_not_left_in_the_loader_path():
    from rpy2.rinterface_lib import openrlib

    added = openrlib.LD_LIBRARY_PATH
    assert added, "rpy2 reports no R library path: nothing to check"
    assert not os.environ.get("LD_LIBRARY_PATH", "").startswith(added + ":")


def test_undo_removes_exactly_rpy2s_prefix(monkeypatch):
    from rpy2.rinterface_lib import openrlib

    monkeypatch.setenv("LD_LIBRARY_PATH", openrlib.LD_LIBRARY_PATH + ":/opt/mine")
    assert _session.undo_r_library_path() is True
    assert os.environ["LD_LIBRARY_PATH"] == "/opt/mine"
    assert _session.undo_r_library_path() is False          # idempotent
    monkeypatch.setenv("LD_LIBRARY_PATH", openrlib.LD_LIBRARY_PATH + ":")
    assert _session.undo_r_library_path() is True
    assert "LD_LIBRARY_PATH" not in os.environ


def test_a_child_python_imports_ssl_after_r_started():
    run = subprocess.run([sys.executable, "-c", "import ssl, sys; print(sys.version)"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
