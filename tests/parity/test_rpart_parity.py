"""rocstats.tree against rpart 4.1.19 results stored in validation/results/rpart/.

No R needed.  The stored files and the data sets (validation/results/data/) are generated
by ``Rscript validation/r/rpart_cases.R`` (DO NOT EDIT them); each case file holds the
rpart call.  Two groups of tests:

* the stored data and results are internally consistent and agree with the data rows,
  recomputed here independently (``rocstats_validation.rpart_parity.consistency_problems``): these
  run now;
* rocstats' CART estimators fitted with each case's parameters reproduce every stored
  quantity (frame, cptable, splits, where, variable importance) within
  ``rocstats_validation.rpart_parity.TOLERANCES`` (rtol 1e-10 on numbers; names, node numbers,
  ncat, csplit and where exactly).
"""
import functools
import json
import re

import numpy as np
import pandas as pd
import pytest

from rocstats.r.rpart import RPART_VERSION, result_from_json
from rocstats_validation import rfsrc_parity, rpart_parity as rp

INDEX = rp.load_index()
CASES = list(INDEX["cases"])
DATASETS = list(INDEX["datasets"])

from rocstats.tree import CARTClassifier, CARTRegressor  # noqa: F401


@functools.lru_cache(maxsize=None)
def _case(name):
    return rp.load_case(name)


@functools.lru_cache(maxsize=None)
def _data(dataset):
    return rp.load_dataset(dataset)


def _inputs(name):
    case = _case(name)
    return rp.case_inputs(case, _data(case["dataset"])[0])


# ----------------------------------------------------------- the stored files themselves
def test_index_lists_every_stored_file():
    stored = sorted(p.stem for p in rp.RESULTS_DIR.glob("*.json") if p.stem != "index")
    assert stored == sorted(CASES)
    # the rpart generator's sidecars; data sets other generators write (pROC's aSAH by
    # validation/r/asah_data.R) name their generator too
    generators = {p.stem: json.loads(p.read_text()).get("generator", "")
                  for p in rp.DATA_DIR.glob("*.json")}
    sides = sorted(k for k, g in generators.items() if g.endswith("rpart_cases.R"))
    assert sorted(DATASETS) == sides
    others = {k for k, g in generators.items() if not g.endswith("rpart_cases.R")}
    assert all(generators[k] for k in others), "a stored data set without its generator"
    # one stored copy of each data set: the sidecars' CSVs (birthwt_levels shares
    # birthwt's rows), the randomForestSRC references' own data sets and the others'
    files = {rp.load_sidecar(name)["file"] for name in sides} | {k + ".csv" for k in others}
    rfsrc_files = {name for name, _ in rfsrc_parity.DATA_FILES.values()}
    assert {p.name for p in rp.DATA_DIR.glob("*.csv")} == files | rfsrc_files
    assert INDEX["rpart_version"] == RPART_VERSION
    assert "DO NOT EDIT" in INDEX["_header"]


def test_required_cases_are_present():
    """The cases issue 4 asks for, by what they exercise."""
    by_dataset = {}
    for name in CASES:
        by_dataset.setdefault(_case(name)["dataset"], []).append(_case(name))
    assert {"kyphosis", "iris", "spam", "pima", "boston", "mtcars", "airquality"} <= set(by_dataset)
    kyph = by_dataset["kyphosis"]
    assert any(c["control"] == {} and c.get("weights_vector") is None for c in kyph)
    assert any(c["control"].get("minsplit") == 5 and c["control"].get("cp") == 0 for c in kyph)
    assert any(c.get("weights_vector") for c in kyph)
    assert {(c.get("parms") or {}).get("split", "gini") for c in by_dataset["iris"]} == {
        "gini", "information"}
    assert any(c["control"].get("cp") == 0.001 for c in by_dataset["spam"])
    assert any("loss" in (c.get("parms") or {}) for c in by_dataset["pima"])
    assert any("prior" in (c.get("parms") or {}) for c in by_dataset["pima"])
    assert all(c["method"] == "anova" for c in by_dataset["boston"] + by_dataset["mtcars"])
    air = by_dataset["airquality"]
    assert {c["control"].get("usesurrogate", 2) for c in air} == {0, 1, 2}
    assert any(c["control"].get("surrogatestyle") == 1 for c in air)
    # a factor predictor with >= 4 levels, and a multiclass case with a factor predictor
    factor4 = multiclass_factor = False
    for name in CASES:
        case = _case(name)
        X, y, _, _ = _inputs(name)
        cats = [c for c in X.columns if isinstance(X[c].dtype, pd.CategoricalDtype)]
        if any(len(X[c].cat.categories) >= 4 for c in cats):
            factor4 = True
            if case["method"] == "class" and len(y.cat.categories) > 2:
                multiclass_factor = True
    assert factor4 and multiclass_factor
    assert sum(c.get("xval_vector") is not None for c in map(_case, CASES)) >= 5


def test_issue9_birthwt_cases_are_present():
    """Issue 9 items 4 and 10: MASS::birthwt with the class order (normal, low) and the
    race levels (white, black, other), neither alphabetical, under gini and under
    information with loss = matrix(c(0, 1, 3, 0), 2); and with non-integer case weights
    (many exactly tied splits), each with a stored fold vector."""
    X, y, _, _ = _inputs("birthwt_gini")
    assert list(y.cat.categories) == ["normal", "low"]
    assert list(X["race"].cat.categories) == ["white", "black", "other"]
    assert [c for c in X.columns if isinstance(X[c].dtype, pd.CategoricalDtype)] == ["race"]
    cases = {n: _case(n) for n in CASES if _case(n)["dataset"] == "birthwt"}
    kinds = {((c.get("parms") or {}).get("split", "gini"),
              json.dumps((c.get("parms") or {}).get("loss")), c.get("weights_vector"))
             for c in cases.values()}
    loss = json.dumps([[0, 3], [1, 0]])          # rows = true class (normal, low)
    assert {("gini", "null", None), ("information", loss, None), ("gini", "null", "w_frac"),
            ("information", loss, "w_frac")} <= kinds
    assert all(c.get("xval_vector") for c in cases.values())
    w = np.asarray(_data("birthwt")[1]["vectors"]["w_frac"]["values"])
    assert (w != np.round(w)).any()


@pytest.mark.parametrize("name", CASES)
def test_case_header(name):
    case = _case(name)
    assert case["case"] == name
    assert case["_header"].startswith("DO NOT EDIT")
    for key in ("generator", "r_version", "rpart_version", "generated", "r_call", "formula",
                "method", "dataset"):
        assert case[key], key
    assert case["rpart_version"] == RPART_VERSION
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", case["generated"])
    assert case["r_call"].startswith("rpart(%s, data = %s" % (case["formula"], case["dataset"]))
    assert case["method"] in ("class", "anova")
    # every control name maps to a rocstats parameter (notes/cart_api.md)
    assert set(case["control"]) <= set(rp.CONTROL_TO_PARAM)
    assert set(case.get("parms") or {}) <= {"split", "prior", "loss"}


@pytest.mark.parametrize("dataset", DATASETS)
def test_dataset_matches_its_sidecar(dataset):
    df, side = _data(dataset)
    assert side["_header"].startswith("DO NOT EDIT")
    assert side["source"] and side["notes"] and side["generated"]
    assert len(df) == side["n_rows"]
    for col in side["columns"]:
        s = df[col["name"]]
        if col["type"] == "factor":
            assert list(s.cat.categories) == col["levels"]
        else:
            assert s.dtype.kind in "if"
    # the CSV itself: header of quoted names, NA for missing values
    with open(rp.DATA_DIR / side["file"]) as fh:
        header = fh.readline().strip()
    assert header == ",".join('"%s"' % c["name"] for c in side["columns"])
    for name, vec in side.get("vectors", {}).items():
        values = np.asarray(vec["values"])
        assert values.size == side["n_rows"], name
        assert vec["how"]
        if name.startswith("folds"):
            k = int(name[len("folds"):])
            assert set(values.tolist()) == set(range(1, k + 1))
            counts = np.bincount(values)[1:]
            assert counts.max() - counts.min() <= 1   # balanced folds
        else:
            assert (values > 0).all()


def test_missing_values_and_removed_rows_are_as_documented():
    air, side = _data("airquality")
    assert len(air) == 116 and not air["Ozone"].isna().any()
    assert air["Solar.R"].isna().sum() == 5
    assert "removed" in side["notes"]
    holes, _ = _data("airquality_holes")
    assert holes["Wind"].isna().sum() == 20 and holes["Temp"].isna().sum() == 20
    cu, side = _data("cu_summary")
    assert len(cu) == 85 and not cu["Reliability"].isna().any()
    assert cu["Mileage"].isna().any() and "removed" in side["notes"]


@pytest.mark.parametrize("name", CASES)
def test_stored_results_are_consistent_with_the_data(name):
    """Layout of splits / frame / where, node statistics recomputed from the rows, the
    routing of every primary split, cptable and importance (see consistency_problems)."""
    case = _case(name)
    X, y, w, xval = _inputs(name)
    res = result_from_json(case["result"])
    assert res.raw["n_obs"] == len(y)
    if case["method"] == "class":
        assert list(res.classes) == list(y.cat.categories)
    problems = rp.consistency_problems(res, X, y, w, control=case["control"],
                                       parms=case.get("parms"),
                                       xval_given=case.get("xval_vector") is not None)
    assert not problems, "\n".join(problems)


def test_consistency_check_catches_broken_results():
    """The self-check is not vacuous: corrupt a stored result in several ways."""
    name = "cu_reliability_multiclass"
    case = _case(name)
    X, y, w, _ = _inputs(name)

    def problems(mutate):
        raw = json.loads(json.dumps(case["result"]))
        mutate(raw)
        return rp.consistency_problems(result_from_json(raw), X, y, w,
                                       control=case["control"], xval_given=True)

    assert problems(lambda r: None) == []
    def move_first_row(r):
        leaves = [k for k, v in zip(r["frame"]["node"], r["frame"]["var"]) if v == "<leaf>"]
        r["where"][0] = next(k for k in leaves if k != r["where"][0])

    assert problems(move_first_row)
    assert problems(lambda r: r["splits"]["csplit"][0].reverse())
    assert problems(lambda r: r["splits"]["type"].__setitem__(0, "competitor"))
    assert problems(lambda r: r["frame"]["counts"][0].__setitem__(0, 17))
    assert problems(lambda r: r["cptable"]["xerror"].__setitem__(0, None))
    anova = _case("boston_anova")
    Xb, yb, _, _ = _inputs("boston_anova")

    def shift_cut(r):
        r["splits"]["index"][0] += 0.5

    raw = json.loads(json.dumps(anova["result"]))
    shift_cut(raw)
    assert rp.consistency_problems(result_from_json(raw), Xb, yb, None, xval_given=True)


def test_result_shapes_follow_the_api_contract():
    """The bridge's pandas objects carry the columns of notes/cart_api.md."""
    res = rp.reference_result(_case("car_type_multiclass"))
    labels = res.classes
    assert res.frame.index.name == "node"
    assert list(res.frame.columns) == (
        ["var", "n", "wt", "dev", "yval", "complexity", "ncompete", "nsurrogate"]
        + ["count_%s" % c for c in labels] + ["prob_%s" % c for c in labels]
        + ["nodeprob", "yval_label"])
    assert list(res.cptable.columns) == ["CP", "nsplit", "rel error", "xerror", "xstd"]
    assert res.cptable["xerror"].isna().all()          # xval = 0
    assert list(res.splits.columns) == ["node", "var", "type", "count", "ncat", "improve",
                                        "index", "adj", "csplit"]
    cat = res.splits[res.splits["ncat"] > 1]
    assert len(cat) and cat["index"].isna().all()
    assert all(isinstance(c, tuple) and len(c) == n for c, n in zip(cat["csplit"], cat["ncat"]))
    assert res.splits.loc[res.splits["ncat"].abs() == 1, "csplit"].isna().all()
    assert res.where.dtype == np.int64
    assert res.variable_importance.index[0] in res.splits["var"].tolist()
    reg = rp.reference_result(_case("boston_anova"))
    assert list(reg.frame.columns) == ["var", "n", "wt", "dev", "yval", "complexity",
                                       "ncompete", "nsurrogate"]


def test_compare_records():
    """compare() passes equal values, fails beyond the tolerance, handles NaN and exact."""
    ok = rp.compare([1.0, 2.0, float("nan")], [1.0, 2.0 * (1 + 1e-12), float("nan")], "wt")
    assert ok["passed"] and ok["n"] == 3
    bad = rp.compare([1.0, 2.0], [1.0, 2.0 * (1 + 1e-9)], "wt", labels_at=["a", "b"])
    assert not bad["passed"] and bad["at"] == "b" and bad["n_failed"] == 1
    assert not rp.compare([1.0], [float("nan")], "wt")["passed"]
    assert not rp.compare([1.0], [1.0, 2.0], "wt")["passed"]
    assert rp.compare(["a", "<leaf>"], ["a", "<leaf>"], "var")["passed"]
    assert not rp.compare([(1, 3)], [(3, 1)], "csplit")["passed"]
    assert rp.compare([None, (1, 2, 3)], [None, (1, 2, 3)], "csplit")["passed"]
    # scale: an improvement near 0 is judged relative to its node's largest
    assert rp.compare([1e-17], [0.0], "improve", scale=5.0)["passed"]
    assert not rp.compare([1e-17], [0.0], "wt")["passed"]
    assert not rp.compare([1.0], [1.0 + 2 ** -52], "wt", tol=rp.IDENTICAL)["passed"]


def test_estimator_params_map_rpart_names():
    case = _case("iris_information")
    params = rp.estimator_params(case, 0)
    assert params == {"min_split": 10, "cp": 0.0, "max_depth": 3, "max_compete": 2,
                      "max_surrogate": 3, "xval": 0, "criterion": "information"}
    params = rp.estimator_params(_case("pima_prior_loss_information"), 0)
    assert params["prior"] == [0.6, 0.4]
    np.testing.assert_array_equal(params["loss"], [[0, 2], [1, 0]])
    # rpart's loss[i, j]: i = true class, j = predicted (rbind(c(0, 2), c(1, 0)))
    assert "rbind(c(0, 2), c(1, 0))" in _case("pima_prior_loss_information")["r_call"]
    _, _, _, xval = _inputs("kyphosis_default")
    assert isinstance(xval, np.ndarray) and xval.size == 81
    params = rp.estimator_params(_case("airquality_surrogatestyle1"), 0)
    assert params["surrogate_style"] == 1 and params["min_split"] == 10


# ----------------------------------------------------------------- rocstats vs rpart
@functools.lru_cache(maxsize=None)
def _fitted(name):
    return rp.rocstats_case(_case(name), _data(_case(name)["dataset"])[0])


def _parity(name, item):
    ours, error = _fitted(name)
    assert error is None, "rocstats failed to fit %s: %s" % (name, error)
    ref = rp.reference_result(_case(name)).as_dict()
    records = [r for r in rp.diff_results(ours, ref, source="stored", case=name)
               if r["item"] == item]
    assert records
    failed, _known, fixed = rp.outcome(records)
    assert not failed, "\n".join(rp.describe(r) for r in failed)
    assert not fixed, "known issues now pass; remove them from KNOWN_ISSUES: %s" % fixed


@pytest.mark.parametrize("name", CASES)
def test_frame_matches_rpart(name):
    _parity(name, "frame")


@pytest.mark.parametrize("name", CASES)
def test_cptable_matches_rpart(name):
    _parity(name, "cptable")


@pytest.mark.parametrize("name", CASES)
def test_splits_match_rpart(name):
    _parity(name, "splits")


@pytest.mark.parametrize("name", CASES)
def test_where_matches_rpart(name):
    _parity(name, "where")


@pytest.mark.parametrize("name", CASES)
def test_variable_importance_matches_rpart(name):
    _parity(name, "variable_importance")


@pytest.mark.parametrize("name", [n for n in CASES
                                  if rp.load_case(n)["control"].get("usesurrogate", 2) == 2])
def test_node_number_on_training_rows_gives_where(name):
    """With usesurrogate = 2 every training row ends in a leaf, and routing the training
    rows again (node_number) must land them where rpart's `where` says."""
    case = _case(name)
    X, y, w, xval = _inputs(name)
    est = rp.fit_rocstats(case["method"], X, y, sample_weight=w,
                          **rp.estimator_params(case, xval))
    ref = rp.reference_result(case)
    np.testing.assert_array_equal(np.asarray(est.node_number(X)), ref.where)
