"""Build the C extension with AddressSanitizer + UBSan into a copy of ``src/`` and print
how to run tests against it (issue 14: the kernel tests once under the sanitizers).

Usage (from the repository root)::

    python scripts/sanitized_extension.py build/asan
    cd build/asan && PYTHONPATH=$PWD/src \\
        LD_PRELOAD="$(gcc -print-file-name=libasan.so):$(gcc -print-file-name=libubsan.so)" \\
        ASAN_OPTIONS=detect_leaks=0 ROCSTATS_REQUIRE_EXTENSION=1 \\
        ../../.venv/bin/python -m pytest tests/kernels tests/curves/test_auc.py \\
        tests/curves/test_delong.py tests/scored -q -p no:cacheprovider \\
        --deselect tests/kernels/test_sanitize.py

The copy must lie inside the checkout (tests/conftest.py accepts a copy of the tests
there).  Leak detection is off: CPython itself keeps allocations until exit.  The
stand-alone C drivers (tests/kernels/test_sanitize.py) are the other half of the check.
"""
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

BUILD = r'''
import sys
sys.path.insert(0, "rocstats/_kernels")
import _build
b = _build.ffibuilder
src = b._assigned_source
kw = dict(src[3])
kw["extra_compile_args"] = ["-O1", "-g", "-std=c99", "-fsanitize=address,undefined",
                            "-fno-omit-frame-pointer", "-fno-sanitize-recover=all"]
kw["extra_link_args"] = ["-fsanitize=address,undefined"]
b._assigned_source = (src[0], src[1], src[2], kw)
b.compile(verbose=False)
'''


def main(dest):
    dest = Path(dest).resolve()
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    for name in ("src", "tests"):
        shutil.copytree(ROOT / name, dest / name,
                        ignore=shutil.ignore_patterns("*.so", "__pycache__"))
    for name in ("conftest.py", "pyproject.toml"):
        shutil.copy(ROOT / name, dest / name)
    subprocess.run([sys.executable, "-c", BUILD], cwd=dest / "src", check=True)
    built = sorted((dest / "src" / "rocstats" / "_kernels").glob("_ckernels*.so"))
    print("sanitized extension:", *built, sep="\n  ")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "build", "asan")))
