"""Test-suite configuration.  The test helpers in this directory are importable through
``pythonpath`` in pyproject.toml; the validation harness is the installed
``rocstats_validation`` (``pip install -e ./validation``), checked here to be this
checkout's."""
from pathlib import Path


def pytest_configure(config):
    """Fail early, with the fix, when the validation harness is missing or is another
    checkout's (an editable install elsewhere would test this rocstats against that
    checkout's stored results).  A copy of the tests inside this checkout (a mutation
    tester's work directory) is fine."""
    import importlib.util

    import pytest

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


def pytest_collection_modifyitems(config, items):
    """Tests marked ``slow`` run only with ``ROCSTATS_RUN_SLOW=1`` or when selected with
    ``-m slow`` (or any -m expression naming them); otherwise they are reported as
    skipped, with this reason."""
    import os

    import pytest

    if os.environ.get("ROCSTATS_RUN_SLOW", "").strip() not in ("", "0"):
        return
    if "slow" in (config.getoption("markexpr") or ""):
        return
    skip = pytest.mark.skip(reason="slow test: set ROCSTATS_RUN_SLOW=1 or use -m slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
