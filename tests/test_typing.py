"""The type hints of the public functions are usable (issue 27): the package is marked
typed (py.typed), and mypy, run on code that uses rocstats as a user would, accepts the
documented calls and rejects a wrong ``direction`` and a wrong use of a result type."""
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import rocstats

pytest.importorskip("mypy")


def _mypy(tmp_path, code):
    path = tmp_path / "use_rocstats.py"
    path.write_text(textwrap.dedent(code))
    env = {k: v for k, v in os.environ.items() if k != "MYPYPATH"}
    out = subprocess.run([sys.executable, "-m", "mypy", "--ignore-missing-imports",
                          "--cache-dir", str(tmp_path / "cache"), "--no-error-summary",
                          str(path)], cwd=tmp_path, capture_output=True, text=True, env=env,
                         timeout=600)
    return out.returncode, out.stdout + out.stderr


def test_the_package_is_marked_typed():
    assert (Path(rocstats.__file__).parent / "py.typed").exists()


def test_mypy_accepts_the_documented_calls_and_rejects_wrong_ones(tmp_path):
    code, out = _mypy(tmp_path, """
        import rocstats
        y = [0, 0, 1, 1]
        s = [0.1, 0.4, 0.35, 0.8]
        a = rocstats.auc(y, s, direction=">")
        r: rocstats.AUCResult = rocstats.delong(y, s, partial=(1.0, 0.8))
        t = rocstats.roc_test(y, s, [0.2, 0.3, 0.5, 0.6], method="bootstrap", n_boot=100)
        ci = rocstats.ci_auc(y, s, level=0.9)
        """)
    assert code == 0, out
    code, out = _mypy(tmp_path, """
        import rocstats
        y = [0, 0, 1, 1]
        s = [0.1, 0.4, 0.35, 0.8]
        a = rocstats.auc(y, s, direction="auto")
        v: float = rocstats.delong(y, s)
        """)
    assert code == 1
    assert 'Argument "direction" to "auc" has incompatible type "Literal[\'auto\']"' in out
    assert 'expression has type "AUCResult", variable has type "float"' in out
