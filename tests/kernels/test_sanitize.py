"""Build each C module with AddressSanitizer + UBSan (-Wall -Wextra) and run its driver.

At least one driver per module in tests/kernels/c/, compiled together with the module's source:

- sanitize_kernels.c   rocstats_kernels.c   radix split-sort/argsort, sorted sweeps,
                                            pairwise loops, ROC counts, wrong-count guard
- sanitize_sauc.c      rocstats_sauc.c      random and tied inputs in exact-size heap
                                            blocks, sweep vs pairwise, margin counts,
                                            the issue-14 entry points (sweep scattered
                                            / once per run, lookup by value, margin
                                            counts from distinct values, sauc_test's
                                            one sort per score and codes path vs the
                                            sweep's components), refused bad
                                            arguments
- sanitize_tree.c      rocstats_tree.c      CART sweeps and factor search, node-level
                                            search vs per-feature kernels, radix order vs
                                            rpart's quicksort replay, bad arguments
- sanitize_surrogate.c rocstats_surrogate.c random, tied, missing and bad inputs vs a
                                            brute-force count; node-level surrogates
- sanitize_rfsrc.c     rocstats_tree.c      randomForestSRC's policy: AUC split sweep
                                            and best cut, the whole-tree driver, the
                                            router, the PRNG, every error code
- sanitize_bootstrap.c rocstats_bootstrap.c bootstrap counts (class sums, sub-ranges),
                                            fused vs count-based kernels, AUC vs the
                                            O(m n) definition, curve vs a brute-force
                                            reading of pROC's rule, tails vs direct
                                            counts, the random stream, bad arguments
- sanitize_venkatraman.c rocstats_venkatraman.c paired E vs a direct count over the
                                            thresholds; unpaired statistic from keys vs
                                            from qsort-ranked counts (bit for bit) and
                                            vs a written-out definition; bad arguments

Each driver prints "0 failures" when all its checks pass; any sanitizer report makes the
run exit non-zero.
"""
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CSRC = ROOT / "src" / "rocstats" / "_kernels" / "csrc"

DRIVERS = {  # driver in tests/c -> the module it exercises
    "sanitize_kernels": "rocstats_kernels",
    "sanitize_sauc": "rocstats_sauc",
    "sanitize_tree": "rocstats_tree",
    "sanitize_surrogate": "rocstats_surrogate",
    "sanitize_rfsrc": "rocstats_tree",
    "sanitize_bootstrap": "rocstats_bootstrap",
    "sanitize_venkatraman": "rocstats_venkatraman",
}


def test_every_c_module_has_a_driver():
    assert set(DRIVERS.values()) == {p.stem for p in CSRC.glob("*.c")}


@pytest.mark.skipif(shutil.which("gcc") is None, reason="gcc not available")
@pytest.mark.parametrize("driver", sorted(DRIVERS))
def test_clean_under_asan_ubsan(tmp_path, driver):
    exe = tmp_path / driver
    build = subprocess.run(
        ["gcc", "-std=c99", "-O1", "-g", "-Wall", "-Wextra", "-fsanitize=address,undefined",
         "-fno-sanitize-recover=all", "-fno-omit-frame-pointer", "-I", str(CSRC),
         str(ROOT / "tests" / "kernels" / "c" / (driver + ".c")), str(CSRC / (DRIVERS[driver] + ".c")),
         "-lm", "-o", str(exe)], capture_output=True, text=True)
    if build.returncode != 0 and "sanitize" in build.stderr:
        pytest.skip("compiler lacks sanitizer runtimes: " + build.stderr[-300:])
    assert build.returncode == 0, build.stderr
    run = subprocess.run([str(exe)], capture_output=True, text=True,
                         env={"ASAN_OPTIONS": "detect_leaks=1",
                              "UBSAN_OPTIONS": "print_stacktrace=1"})
    assert run.returncode == 0, run.stdout + run.stderr
    assert "0 failures" in run.stdout
