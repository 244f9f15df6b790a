"""Test-suite configuration.  The test helpers in this directory are importable through
``pythonpath`` in pyproject.toml; the validation harness is the installed
``rocstats_validation`` (``pip install -e ./validation``), checked here to be this
checkout's.

The gates (one per optional need; see ``tests/gates.py``):

* R: the session fixtures ``proc`` (pROC through rpy2; returns ``rocstats.r``),
  ``rpart`` (rpart through rpy2; returns ``rocstats.r.rpart``), ``rfsrc``
  (randomForestSRC through rpy2; returns ``rocstats.r.rfsrc``), ``epir`` / ``cutpointr``
  (epiR / cutpointr through rpy2; return ``rocstats.r.diagnostic``), ``riskregression``
  (riskRegression and survival; returns ``rocstats.r.survival``), ``rocr`` (ROCR;
  returns ``rocstats.r.rocr``) and ``rscript`` (the
  ``Rscript`` executable with rpart; returns its path) skip, with the reason, when R
  cannot be used.  A test that uses one is marked ``r`` here (``-m "not r"`` deselects
  it); a test marked ``r`` that uses none is a collection error.  Tests that call R live
  in ``tests/live``.
* ``needs_c``, ``needs_reports``, ``needs_pdftotext`` markers: skipped with the gate's
  reason when the C extension / the report tools / poppler are missing.  Modules that
  import an optional package at their top call ``gates.require(need)`` instead.
* ``slow``: run only with ``ROCSTATS_RUN_SLOW=1`` or ``-m slow``.
"""
import os
import shutil
import subprocess
from pathlib import Path

import pytest

import gates

R_FIXTURES = ("proc", "rpart", "rfsrc", "rscript", "epir", "cutpointr", "riskregression",
              "rocr")
MARKER_NEEDS = {"needs_c": "c", "needs_reports": "reports", "needs_pdftotext": "pdftotext"}


def pytest_configure(config):
    """Fail early, with the fix, when the validation harness is missing or is another
    checkout's (an editable install elsewhere would test this rocstats against that
    checkout's stored results).  A copy of the tests inside this checkout (a mutation
    tester's work directory) is fine."""
    import importlib.util

    here = Path(__file__).resolve().parents[1]
    if importlib.util.find_spec("rocstats_validation") is None:
        raise pytest.UsageError(
            "the validation harness rocstats_validation is not installed: run "
            "`pip install -e ./validation` (make setup does)")
    from rocstats_validation.paths import REPO_ROOT

    if REPO_ROOT != here and REPO_ROOT not in here.parents:
        raise pytest.UsageError(
            "rocstats_validation is installed from %s, not from this checkout (%s): run "
            "`pip install -e ./validation` here" % (REPO_ROOT, here))


# ------------------------------------------------------------------------------- R
def _bridge_or_skip(module, check):
    import importlib

    try:
        mod = importlib.import_module(module)
        ok, why = getattr(mod, check)()
    except Exception as exc:  # pragma: no cover - a broken bridge is a reason too
        ok, why = False, "%s not importable: %s" % (module, exc)
    if not ok:
        pytest.skip("needs R through rpy2: %s" % why)
    return mod


@pytest.fixture(scope="session")
def proc():
    """``rocstats.r`` (the pROC bridge), or skip with the reason pROC cannot be run."""
    return _bridge_or_skip("rocstats.r", "r_available")


@pytest.fixture(scope="session")
def rpart():
    """``rocstats.r.rpart``, or skip with the reason rpart cannot be run."""
    return _bridge_or_skip("rocstats.r.rpart", "rpart_available")


@pytest.fixture(scope="session")
def rfsrc():
    """``rocstats.r.rfsrc``, or skip with the reason randomForestSRC cannot be run."""
    return _bridge_or_skip("rocstats.r.rfsrc", "rfsrc_available")


@pytest.fixture(scope="session")
def epir():
    """``rocstats.r.diagnostic`` when epiR runs through rpy2, or skip with the reason."""
    return _bridge_or_skip("rocstats.r.diagnostic", "epir_available")


@pytest.fixture(scope="session")
def cutpointr():
    """``rocstats.r.diagnostic`` when cutpointr runs through rpy2, or skip with the reason."""
    return _bridge_or_skip("rocstats.r.diagnostic", "cutpointr_available")


@pytest.fixture(scope="session")
def riskregression():
    """``rocstats.r.survival`` when riskRegression and survival run through rpy2, or skip."""
    return _bridge_or_skip("rocstats.r.survival", "survival_available")


@pytest.fixture(scope="session")
def rocr():
    """``rocstats.r.rocr`` when ROCR (and gplots) run through rpy2, or skip with the reason."""
    return _bridge_or_skip("rocstats.r.rocr", "rocr_available")


@pytest.fixture(scope="session")
def rscript():
    """The path of ``Rscript`` (with rpart loadable), or skip with the reason."""
    path = shutil.which("Rscript")
    if path is None:
        pytest.skip("needs R: Rscript is not on PATH")
    probe = subprocess.run([path, "-e", "cat(as.character(packageVersion('rpart')))"],
                           capture_output=True, text=True)
    if probe.returncode != 0:
        pytest.skip("needs R: the R package rpart cannot be loaded by %s: %s"
                    % (path, probe.stderr.strip()[-200:]))
    return path


# ------------------------------------------------------------------------- the gates
def pytest_collection_modifyitems(config, items):
    """Apply the gates (see the module docstring); markers are looked up with
    ``get_closest_marker`` (a keyword match would also hit directory names such as
    ``src/rocstats/r``)."""
    run_slow = (os.environ.get("ROCSTATS_RUN_SLOW", "").strip() not in ("", "0")
                or "slow" in (config.getoption("markexpr") or ""))
    skip_slow = pytest.mark.skip(reason="slow test: set ROCSTATS_RUN_SLOW=1 or use -m slow")
    unguarded = []
    for item in items:
        if not run_slow and item.get_closest_marker("slow") is not None:
            item.add_marker(skip_slow)
        uses_r = any(f in getattr(item, "fixturenames", ()) for f in R_FIXTURES)
        if uses_r and item.get_closest_marker("r") is None:
            item.add_marker(pytest.mark.r)
        elif not uses_r and item.get_closest_marker("r") is not None:
            unguarded.append(item.nodeid)
        for marker, need in MARKER_NEEDS.items():
            if item.get_closest_marker(marker) is not None:
                why = gates.missing(need)
                if why is not None:
                    item.add_marker(pytest.mark.skip(reason=why))
    if unguarded:
        raise pytest.UsageError(
            "tests marked 'r' must use one of the R fixtures %s (the one R gate; "
            "tests/conftest.py): %s" % (", ".join(R_FIXTURES), ", ".join(unguarded[:10])))
