"""Build the CART C kernels (csrc/rocstats_tree.c) with AddressSanitizer + UBSan and run
the driver tests/c/sanitize_tree.c over them."""
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CSRC = ROOT / "src" / "rocstats" / "_kernels" / "csrc"


@pytest.mark.skipif(shutil.which("gcc") is None, reason="gcc not available")
def test_tree_kernels_clean_under_asan_ubsan(tmp_path):
    exe = tmp_path / "sanitize_tree"
    build = subprocess.run(
        ["gcc", "-std=c99", "-O1", "-g", "-fsanitize=address,undefined",
         "-fno-sanitize-recover=all", "-fno-omit-frame-pointer", "-I", str(CSRC),
         str(ROOT / "tests" / "c" / "sanitize_tree.c"), str(CSRC / "rocstats_tree.c"),
         "-lm", "-o", str(exe)], capture_output=True, text=True)
    if build.returncode != 0 and "sanitize" in build.stderr:
        pytest.skip("compiler lacks sanitizer runtimes: " + build.stderr[-300:])
    assert build.returncode == 0, build.stderr
    run = subprocess.run([str(exe)], capture_output=True, text=True,
                         env={"ASAN_OPTIONS": "detect_leaks=1",
                              "UBSAN_OPTIONS": "print_stacktrace=1"})
    assert run.returncode == 0, run.stdout + run.stderr
    assert "0 failures" in run.stdout
