import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))


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
