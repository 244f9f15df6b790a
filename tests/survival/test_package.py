"""rocstats.survival is reachable lazily from rocstats, exports its names, and nothing
else in the package imports it (it is self-contained)."""
import re
import subprocess
import sys
from pathlib import Path

import rocstats.survival as surv

SRC = Path(__file__).resolve().parents[2] / "src" / "rocstats"


def test_lazy_and_exports():
    code = ("import sys, rocstats; assert 'rocstats.survival' not in sys.modules; "
            "f = rocstats.survival.time_roc; assert 'rocstats.survival' in sys.modules; "
            "assert 'survival' in dir(rocstats)")
    subprocess.run([sys.executable, "-c", code], check=True)
    for name in surv.__all__:
        assert getattr(surv, name) is not None


def test_no_other_subpackage_imports_survival():
    offenders = []
    for path in SRC.rglob("*.py"):
        if "survival" in path.relative_to(SRC).parts[:1]:
            continue
        text = path.read_text()
        if re.search(r"(from|import)\s+(rocstats\.|\.+)survival", text):
            offenders.append(str(path))
    assert not offenders, offenders
