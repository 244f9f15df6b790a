"""Backend selection: C by default, NumPy when forced or when the extension is missing."""
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import rocstats
from rocstats import _kernels


def _run(code, **env):
    e = dict(os.environ)
    e.pop("ROCSTATS_PURE_PYTHON", None)
    e.update(env)
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], env=e,
                          capture_output=True, text=True, check=True)


def test_pure_python_env_forces_numpy():
    out = _run("import rocstats; print(rocstats.backend())", ROCSTATS_PURE_PYTHON="1")
    assert out.stdout.strip() == "numpy"
    assert "C extension" not in out.stderr      # forced: no warning


def test_missing_extension_warns_once_and_works():
    code = """
        import sys, warnings
        class Block:                      # make the compiled module unimportable
            def find_spec(self, name, path=None, target=None):
                if name == "rocstats._kernels._ckernels":
                    raise ImportError("blocked for the test")
        sys.meta_path.insert(0, Block())
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            import rocstats
            import rocstats._kernels
        msgs = [str(x.message) for x in w if issubclass(x.category, RuntimeWarning)]
        print(len(msgs), rocstats.backend(), rocstats.auc([0, 1, 1], [0.2, 0.1, 0.5]))
        print(msgs[0])
    """
    out = _run(code).stdout.splitlines()
    n, backend, value = out[0].split()
    assert (n, backend) == ("1", "numpy")
    assert float(value) == 0.5
    assert "C extension is not available" in out[1]


def test_backend_reports_active_impl():
    name, reason = rocstats.backend_info()
    assert name == rocstats.backend() in ("cffi", "numpy")
    assert reason


@pytest.mark.skipif("cffi" not in _kernels.implementations(), reason="C extension not built")
def test_same_answers_from_both_backends_public_api():
    code = """
        import numpy as np, rocstats
        rng = np.random.default_rng(5)
        y = rng.integers(0, 2, 500)
        S = np.round(rng.normal(size=(500, 3)) + y[:, None], 1)
        r = rocstats.delong(y, S)
        print(rocstats.backend(), repr(r.auc.tolist()), repr(r.covariance.ravel().tolist()))
    """
    c = _run(code).stdout.split(" ", 1)
    p = _run(code, ROCSTATS_PURE_PYTHON="1").stdout.split(" ", 1)
    assert c[0] == "cffi" and p[0] == "numpy"
    assert c[1] == p[1]
