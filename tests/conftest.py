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
    """The one gate for slow tests and the one for tests that need R.

    * ``slow``: run only with ``ROCSTATS_RUN_SLOW=1`` or when selected with ``-m slow``
      (or any -m expression naming them); otherwise skipped, with this reason.
    * ``r``: skipped at collection, with the reason, when R, rpy2 or pROC / rpart cannot
      be used (rocstats.r.r_available); only tests that call R carry this marker.
    """
    import os

    import pytest

    run_slow = (os.environ.get("ROCSTATS_RUN_SLOW", "").strip() not in ("", "0")
                or "slow" in (config.getoption("markexpr") or ""))
    if not run_slow:
        skip = pytest.mark.skip(reason="slow test: set ROCSTATS_RUN_SLOW=1 or use -m slow")
        for item in items:
            if "slow" in item.keywords:
                item.add_marker(skip)
    needs_r = [item for item in items if "r" in item.keywords]
    if needs_r:
        try:
            from rocstats.r import r_available

            ok, why = r_available()
        except Exception as exc:  # pragma: no cover - a broken bridge is a reason too
            ok, why = False, "rocstats.r not importable: %s" % exc
        if not ok:
            skip_r = pytest.mark.skip(reason="needs R through rpy2: %s" % why)
            for item in needs_r:
                item.add_marker(skip_r)
