"""rpart run live through rpy2 (rocstats.r.rpart), against the stored results and rocstats.

Skipped at collection time when rpy2, R or the R package rpart is missing.  Runs rpart on
(1) the stored cases' data, checking that rpart now gives bit-for-bit the stored numbers
(same R code in src/rocstats/r/rpart_helpers.R, same data), and (2) fresh random data sets
drawn in Python (rocstats_validation.rpart_parity.fresh_cases; seed from
$ROCSTATS_FRESH_SEED, default 20240501) and passed to R as they are, checking rpart's
results against the rows (rocstats_validation.rpart_parity.consistency_problems).
rocstats against the live rpart results also runs.  Tolerances:
rocstats_validation.rpart_parity.TOLERANCES.
"""
import functools

import numpy as np
import pandas as pd
import pytest

from rocstats.r import rpart as rb  # noqa: E402

from rocstats_validation import rfsrc_parity, rpart_parity as rp  # noqa: E402
from rocstats_validation.paths import VALIDATION_DIR  # noqa: E402

pytestmark = pytest.mark.usefixtures("rpart")      # the R gate: tests/conftest.py

CASES = rp.case_names()
FRESH = rp.fresh_cases()

from rocstats.tree import CARTClassifier, CARTRegressor  # noqa: E402,F401


def _assert_all_pass(records):
    assert records, "no comparisons made"
    failed, _known, fixed = rp.outcome(records)
    assert not failed, "%d of %d comparisons fail:\n%s" % (
        len(failed), len(records), "\n".join(rp.describe(r) for r in failed[:30]))
    assert not fixed, "known issues now pass; remove them from KNOWN_ISSUES: %s" % fixed


@functools.lru_cache(maxsize=None)
def _live(name):
    case = rp.load_case(name)
    return rp.live_rpart_case(case, rp.load_dataset(case["dataset"])[0])


@functools.lru_cache(maxsize=None)
def _live_fresh(name):
    spec = FRESH[name]
    return rb.rpart_fit(spec["formula"], spec["data"], method=spec["method"],
                        control=spec["control"], parms=spec["parms"], weights=spec["weights"])


def test_versions():
    v = rb.rpart_versions()
    assert v["rpart_version"] and v["r_version"].startswith("R version")


@pytest.mark.parametrize("name", CASES)
def test_live_rpart_reproduces_stored_results(name):
    """Same R code, same data: every stored quantity identical, bit for bit."""
    if rb.rpart_versions()["rpart_version"] != rp.load_case(name)["rpart_version"]:
        pytest.skip("live rpart %s differs from the stored results' version"
                    % rb.rpart_versions()["rpart_version"])
    ref = rp.reference_result(rp.load_case(name)).as_dict()
    _assert_all_pass(rp.diff_results(_live(name).as_dict(), ref, tol=rp.IDENTICAL,
                                      source="live_vs_stored", case=name))


@pytest.mark.parametrize("name", list(FRESH))
def test_live_rpart_on_fresh_data_is_consistent(name):
    """rpart on data drawn in Python, checked against its own rows (through the bridge:
    factors with Python's level order, NaN as missing, weights, a fold vector)."""
    spec = FRESH[name]
    res = _live_fresh(name)
    response, predictors = rp.parse_formula(spec["formula"], list(spec["data"].columns))
    X, y = spec["data"][predictors], spec["data"][response]
    if spec["method"] == "class":
        assert list(res.classes) == list(y.cat.categories)
    assert res.splits["ncat"].max() > 1, "no categorical split in the fresh case"
    assert res.cptable["xerror"].notna().all()
    problems = rp.consistency_problems(res, X, y, spec["weights"], control=spec["control"],
                                       parms=spec["parms"], xval_given=True)
    assert not problems, "\n".join(problems)


def test_factor_levels_follow_the_categorical_order():
    """R receives the pandas categories as the factor levels, in order: reversing the
    order of the categories reverses the csplit codes of every categorical split."""
    spec = FRESH["fresh_class"]
    data = spec["data"].copy()
    data["g"] = data["g"].cat.reorder_categories(list(reversed(data["g"].cat.categories)))
    res = rb.rpart_fit(spec["formula"], data, method="class", control=spec["control"])
    base = _live_fresh("fresh_class")
    cat_a = base.splits[base.splits["ncat"] > 1]["csplit"].tolist()
    cat_b = res.splits[res.splits["ncat"] > 1]["csplit"].tolist()
    assert cat_a and len(cat_a) == len(cat_b)
    assert [tuple(reversed(c)) for c in cat_a] == cat_b


def test_bridge_refuses_ambiguous_input():
    df = pd.DataFrame({"y": pd.Categorical(["a", "b"] * 10), "x": np.arange(20.0),
                       "s": ["u", "v"] * 10})
    with pytest.raises(ValueError, match="data\\['s'\\]"):
        rb.rpart_fit("y ~ .", df, method="class")
    with pytest.raises(ValueError, match="control"):
        rb.rpart_fit("y ~ x", df[["y", "x"]], method="class", control={"min_split": 5})
    with pytest.raises(ValueError, match="method"):
        rb.rpart_fit("y ~ x", df[["y", "x"]], method="gini")
    with pytest.raises(ValueError, match="weights"):
        rb.rpart_fit("y ~ x", df[["y", "x"]], method="class", weights=[1.0, 2.0])
    with pytest.raises(ValueError, match="loss"):
        rb.rpart_fit("y ~ x", df[["y", "x"]], method="class", parms={"loss": [1, 2, 3]})


# ----------------------------------------------------------------- rocstats vs live
@pytest.mark.parametrize("name", CASES)
def test_rocstats_matches_live_rpart_on_stored_data(name):
    case = rp.load_case(name)
    ours, error = rp.rocstats_case(case, rp.load_dataset(case["dataset"])[0])
    assert error is None, error
    _assert_all_pass(rp.diff_results(ours, _live(name).as_dict(), source="live", case=name))


@pytest.mark.parametrize("name", list(FRESH))
def test_rocstats_matches_live_rpart_on_fresh_data(name):
    spec = FRESH[name]
    response, predictors = rp.parse_formula(spec["formula"], list(spec["data"].columns))
    est = rp.fit_rocstats(spec["method"], spec["data"][predictors], spec["data"][response],
                          sample_weight=spec["weights"], **rp._fresh_params(spec))
    _assert_all_pass(rp.diff_results(rp.rocstats_result(est), _live_fresh(name).as_dict(),
                                     source="live", case=name))


# ------------------------------------------------------- the harness, without the engine
class _RpartStandIn:
    """A stand-in for rocstats' estimators that fits rpart itself, with the rocstats
    parameters mapped BACK to rpart's names: running the stored comparisons with it checks
    the harness (data loading, parameter mapping, layout, comparisons) end to end."""

    _TO_RPART = {v: k for k, v in rp.CONTROL_TO_PARAM.items()}

    def __init__(self, method, **params):
        self.method = method
        self.params = params

    def fit(self, X, y, sample_weight=None):
        control, parms = {}, {}
        for key, value in self.params.items():
            if key == "criterion":
                parms["split"] = value
            elif key in ("prior", "loss"):
                parms[key] = value
            else:
                control[self._TO_RPART[key]] = value
        data = X.copy()
        data.insert(0, "._response", y.to_numpy() if self.method == "anova" else y.array)
        formula = "`._response` ~ %s" % " + ".join("`%s`" % c for c in X.columns)
        res = rb.rpart_fit(formula, data, method=self.method, control=control, parms=parms,
                           weights=sample_weight)
        self.frame_, self.cptable_, self.splits_ = res.frame, res.cptable, res.splits
        self.where_, self.variable_importance_ = res.where, res.variable_importance
        return self


def test_harness_with_an_rpart_stand_in(monkeypatch):
    monkeypatch.setattr(rp, "fit_rocstats", lambda method, X, y, sample_weight=None, **p:
                        _RpartStandIn(method, **p).fit(X, y, sample_weight))
    records = rp.stored_comparisons()
    assert {r["case"] for r in records} == set(CASES)
    _assert_all_pass(records)
    # and the harness notices a wrong parameter mapping
    real = rp.estimator_params
    monkeypatch.setattr(rp, "estimator_params",
                        lambda case, xval: dict(real(case, xval), cp=0.05))
    failed, _, _ = rp.outcome(rp.stored_comparisons(["kyphosis_minsplit5_cp0"]))
    assert failed


def test_generator_reproduces_the_stored_files(tmp_path):
    """Rscript validation/r/rpart_cases.R, run on a copy of the repository layout, writes
    the stored data and results again byte for byte (apart from the "generated" date):
    nobody edited them by hand, and the generator is deterministic."""
    import json
    import shutil
    import subprocess

    rscript = shutil.which("Rscript")
    if rscript is None:
        pytest.skip("Rscript is not on PATH")
    (tmp_path / "validation" / "r").mkdir(parents=True)
    (tmp_path / "src" / "rocstats" / "r").mkdir(parents=True)
    for name in ("rpart_cases.R", "_repo.R"):
        shutil.copy(VALIDATION_DIR / "r" / name, tmp_path / "validation" / "r")
    shutil.copy(rb.HELPERS_R, tmp_path / "src" / "rocstats" / "r")
    run = subprocess.run([rscript, "validation/r/rpart_cases.R"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    # validation/results/data also holds the randomForestSRC references' own data sets
    # and a README, which this generator does not write, and the data sets of other
    # generators (their sidecars name them: asah_data.R, sauc_data.R)
    others = {name for name, _ in rfsrc_parity.DATA_FILES.values()} | {"README.md"}
    for side in rp.DATA_DIR.glob("*.json"):
        meta = json.loads(side.read_text())
        if not meta.get("generator", "").endswith("rpart_cases.R"):
            others |= {side.name, meta.get("file", side.stem + ".csv")}
    for stored_dir, sub in ((rp.RESULTS_DIR, "rpart"), (rp.DATA_DIR, "data")):
        new_dir = tmp_path / "validation" / "results" / sub
        written = sorted(p.name for p in new_dir.iterdir())
        stored = sorted(p.name for p in stored_dir.iterdir()
                        if sub == "rpart" or p.name not in others - set(written))
        assert written == stored
        for name in stored:
            old, new = (stored_dir / name).read_bytes(), (new_dir / name).read_bytes()
            if name.endswith(".json"):
                a, b = json.loads(old), json.loads(new)
                a.pop("generated", None)
                b.pop("generated", None)
                assert a == b, "%s/%s differs from a fresh run" % (sub, name)
                if json.loads(old).get("generated") == json.loads(new).get("generated"):
                    assert old == new, "%s/%s differs from a fresh run" % (sub, name)
            else:
                assert old == new, "%s/%s differs from a fresh run" % (sub, name)
