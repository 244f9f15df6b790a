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


@pytest.mark.needs_c
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


def test_one_switch_and_both_sides_of_every_family():
    """Issue 10: one switch picks a side for every kernel family; implementations()
    exposes both sides."""
    for family in _kernels.FAMILIES:
        impls = _kernels.implementations(family)
        active = getattr(_kernels, family)
        assert active is impls["numpy" if rocstats.backend() == "numpy" else "cffi"]
    with pytest.raises(ValueError, match="family must be one of"):
        _kernels.implementations("sort")


#: what the C side's modules import from rocstats._kernels.c itself (not kernels)
_C_HELPERS = {"ffi", "lib", "ptr", "f64", "i64", "i8", "out"}


def _public(module):
    """The public names of a kernel module: every attribute without a leading underscore
    that is not a module (numpy, ...) nor one of the C side's pointer helpers."""
    import inspect

    return {n for n, v in vars(module).items() if not n.startswith("_")
            and not inspect.ismodule(v) and n not in _C_HELPERS and not _mutmut_name(n)}


def _mutmut_name(name):
    """The trampoline names mutmut (``make mutation``) adds to a mutated module: its
    ``MutantDict`` class, the ``x_<function>__mutmut_<k>`` variants, their ``mutants_*``
    tables and the ``*__mutmut_orig`` originals.  Never present outside a mutation run."""
    import re

    return name == "MutantDict" or re.search(r"__mutmut(_\w+)?$", name) is not None


@pytest.mark.needs_c
@pytest.mark.parametrize("family", _kernels.FAMILIES)
def test_c_and_numpy_sides_export_exactly_the_same_names(family):
    """Issue 22: the C and NumPy sides of every family export exactly the same names,
    listed in the same ``__all__``, so that a statistic calls ``_kernels.<family>.<name>``
    and never probes a side for a fast path (no getattr).  How a side runs (sort choice,
    threads, environment variables) lives in _kernels/_strategy.py, not in a family."""
    impls = _kernels.implementations(family)
    c, twin = impls["cffi"], impls["numpy"]
    assert list(c.__all__) == list(twin.__all__)
    assert _public(c) == set(c.__all__), (family, _public(c) ^ set(c.__all__))
    assert _public(twin) == set(twin.__all__), (family, _public(twin) ^ set(twin.__all__))


def test_no_statistic_probes_a_kernel_family():
    """Issue 22: no module outside _kernels looks a kernel up with getattr, and only
    _kernels/_strategy.py reads the ROCSTATS_* environment variables of the kernels."""
    import pathlib
    import re

    src = pathlib.Path(rocstats.__file__).parent
    probes, env = [], []
    for p in src.rglob("*.py"):
        rel = p.relative_to(src).as_posix()
        text = p.read_text()
        if not rel.startswith("_kernels/") and re.search(r"getattr\(\s*(_kernels|kb\b)", text):
            probes.append(rel)
        if re.search(r"ROCSTATS_(PURE_PYTHON|SORT|NUM_THREADS)", text) and \
                re.search(r"os\.environ", text) and rel != "_kernels/_strategy.py":
            env.append(rel)
    assert probes == [] and env == []


def test_only_the_c_package_touches_ffi():
    """No module outside rocstats/_kernels/c/__init__.py imports the compiled module
    (_build.py names it, as the builder's target)."""
    import pathlib
    import re

    src = pathlib.Path(rocstats.__file__).parent
    users = [p.relative_to(src).as_posix() for p in src.rglob("*.py")
             if re.search(r"(from|import)\s+\S*_ckernels|from \. import .*\bffi\b",
                          p.read_text())]
    assert users == ["_kernels/c/__init__.py"], users


def test_cdef_is_generated_from_the_headers():
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "rocstats_build", pathlib_path("_kernels/_build.py"))
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    text = ("/* comment with rs_fake(int x); */\n#ifndef H\n#define H\n#include <stdint.h>\n"
            "int rs_a(const double *x, int64_t n);  // trailing\n#endif\n")
    assert build.cdef_from_header(text) == "int rs_a(const double *x, int64_t n);"
    assert build.MODULES == sorted(p.stem for p in pathlib_path("_kernels/csrc").glob("*.c"))


def pathlib_path(rel):
    import pathlib

    return pathlib.Path(rocstats.__file__).parent / rel
