"""rocstats.survival against riskRegression and survival run live through rpy2
(rocstats.r.survival): R now reproduces the stored numbers bit for bit, and rocstats
matches R on fresh random data drawn in Python (rocstats_validation.survival_parity
.fresh_cases; seed $ROCSTATS_FRESH_SEED or 20260201).  Skipped when R, riskRegression or
survival is missing."""
import pytest

from rocstats_validation import survival_parity as sp

pytestmark = pytest.mark.usefixtures("riskregression")    # the R gate (tests/conftest.py)

OK, WHY = sp.live_status()
if not OK:
    pytest.skip("riskRegression / survival unavailable: %s" % WHY, allow_module_level=True)

STORED = sp.load_results()
FRESH = sp.fresh_cases()


def _assert_pass(records):
    assert records
    failed = [sp.describe(r) for r in records if not r["passed"]]
    assert not failed, "\n".join(failed[:30])


@pytest.mark.parametrize("case", ["pbc_death", "veteran", "lung", "pbc_competing",
                                  "sim_small_ties", "sim_cox_censoring"])
def test_live_r_reproduces_stored(case):
    _assert_pass(sp.live_vs_stored(case, STORED["cases"][case]))


@pytest.mark.parametrize("name", sorted(FRESH))
def test_live_fresh_parity(name):
    _assert_pass(sp.fresh_records(name, FRESH[name]))


def test_generator_reproduces_the_stored_files(tmp_path):
    """Rscript validation/r/survival_cases.R, run on a copy of the repository layout,
    writes the stored results and pbc.csv again byte for byte (apart from the
    "generated" date): nobody edited them by hand, and the generator is deterministic."""
    import json
    import shutil
    import subprocess

    from rocstats.r.survival import HELPERS_R
    from rocstats_validation.paths import DATA_DIR, RESULTS_DIR, VALIDATION_DIR

    rscript = shutil.which("Rscript")
    if rscript is None:
        pytest.skip("Rscript is not on PATH")
    (tmp_path / "validation" / "r").mkdir(parents=True)
    (tmp_path / "validation" / "results" / "data").mkdir(parents=True)
    (tmp_path / "src" / "rocstats" / "r").mkdir(parents=True)
    for name in ("survival_cases.R", "_repo.R"):
        shutil.copy(VALIDATION_DIR / "r" / name, tmp_path / "validation" / "r")
    shutil.copy(HELPERS_R, tmp_path / "src" / "rocstats" / "r")
    run = subprocess.run([rscript, "validation/r/survival_cases.R"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
    new = json.loads((tmp_path / "validation" / "results" / "survival_auc.json").read_text())
    old = json.loads((RESULTS_DIR / "survival_auc.json").read_text())
    new.pop("generated"), old.pop("generated")
    assert new == old
    for name in ("pbc.csv", "pbc.json"):
        assert (tmp_path / "validation" / "results" / "data" / name).read_bytes() == \
            (DATA_DIR / name).read_bytes()
