"""rocstats' AUC trees against the randomForestSRC 3.6.1 trees stored in
validation/results/rfsrc (every recorded single-tree case; no R needed).

- exact parity on every seed-invariant case: same partition of the training rows as
  ``membership`` (up to relabelling), same split variables and cut points in preorder as
  ``native_array``, ``predict_proba`` == ``predicted`` to 1e-12;
- replay parity on every case: every node of each of the five recorded trees passes
  (internal node: its split is one rocstats can choose, theta equal to the node maximum
  within 1e-12; leaf: rocstats' stopping rules refuse to split it).
See validation/rocstats_validation/rfsrc_parity.py for the rules and the tie note (pima).
"""
import os

import pytest

from rocstats_validation import rfsrc_parity as rp

CASES = {os.path.basename(p)[:-5]: p for p in rp.case_files()}
_REPLAYS = {}


def _replays(cid):
    if cid not in _REPLAYS:
        _REPLAYS[cid] = rp.replay_case(rp.load_case(CASES[cid]))
    return _REPLAYS[cid]


def test_every_recorded_case_is_here():
    names = sorted(os.listdir(os.path.join(str(rp.REF_DIR), "cases")))
    singles = [n for n in names if "_ns" in n]
    assert len(singles) == 48 and len(CASES) == 48
    invariant = [c for c, p in CASES.items() if rp.load_case(p)["seed_invariant"]]
    assert len(invariant) == 23


@pytest.mark.parametrize("cid", sorted(CASES))
def test_replay_every_node(cid):
    case = rp.load_case(CASES[cid])
    reps = _replays(cid)
    assert len(reps) == 5
    for s, r in enumerate(reps, start=1):
        assert r["nodes"] == len(case["native_arrays_by_seed"][s - 1]["parmID"])
        assert not r["failures"], "seed -%d: %d of %d nodes fail: %s" % (
            s, r["nodes"] - r["passed"], r["nodes"], r["failures"][:5])
        assert r["passed"] == r["nodes"]


@pytest.mark.parametrize("cid", sorted(c for c, p in CASES.items()
                                       if rp.load_case(p)["seed_invariant"]))
def test_exact_parity_seed_invariant(cid):
    case = rp.load_case(CASES[cid])
    ex = rp.exact_for_case(case, _replays(cid))
    assert ex["split_diff"] == 0, ex
    assert ex["partition_diff"] == 0, ex
    assert ex["pred_diff"] <= 1e-12, ex
    assert ex["n_leaves"] == case["leaf_count"]


@pytest.mark.parametrize("cid", sorted(c for c, p in CASES.items()
                                       if rp.load_case(p)["seed_invariant"]
                                       and not c.startswith("pima")))
def test_exact_parity_is_order_free_without_ties(cid):
    """Without ties between variables the tree is a function of the data alone: any
    random variable order reproduces randomForestSRC."""
    case = rp.load_case(CASES[cid])
    assert not _replays(cid)[0]["ties"]
    for seed in (1, 2):
        ex = rp.exact_case(case, seed=seed)
        assert ex["split_diff"] == 0 and ex["partition_diff"] == 0


def test_pima_tie_is_real_and_broken_like_rfsrc():
    """The seed-invariant pima trees contain one exact tie (glu <= 165 vs ped <= 0.341 at
    the node glu > 154): rocstats reproduces randomForestSRC with the tie broken its way
    (reverse column order) and differs at that node with the other order."""
    case = rp.load_case(CASES["pima_ns1_nd3"])
    ties = _replays("pima_ns1_nd3")[0]["ties"]
    assert [(t["variables"], t["chosen"]) for t in ties] == [([2, 6], 6)]
    fwd = rp.exact_case(case, variable_order="forward")
    rev = rp.exact_case(case, variable_order="reverse")
    assert rev["split_diff"] == 0 and rev["partition_diff"] == 0
    assert fwd["split_diff"] > 0  # the other variable of the tie: a different tree


def test_validation_suite_records():
    for cid in CASES:
        _replays(cid)
    records, summary = rp.stored_comparisons(replays_cache=_REPLAYS)
    failed = [r for r in records if not r["passed"]]
    assert not failed, failed[:3]
    assert set(summary) == set(CASES)
    assert all(v["exact"] for v in summary.values() if v["seed_invariant"])
    assert all(v["replay_nodes_passed"] == v["replay_nodes_total"] for v in summary.values())
    keys = {"suite", "source", "case", "item", "alternative", "quantity", "value",
            "reference", "abs_diff", "rel_diff", "scaled_diff", "rtol", "atol", "scale",
            "passed", "note"}
    assert all(keys <= set(r) and r["suite"] == "rfsrc_parity" for r in records)


def test_rfsrc_bridge_reports_why():
    from rocstats.r.rfsrc import rfsrc_available

    ok, reason = rfsrc_available()
    assert isinstance(ok, bool) and isinstance(reason, str) and reason
    if not ok:
        assert "randomForestSRC" in reason or "rpy2" in reason or "R " in reason


def test_live_bridge_plumbing_with_stored_trees(monkeypatch):
    """The live path (rocstats_validation.rfsrc_parity.live_comparisons, calling
    rocstats.r.rfsrc.rfsrc_tree) on a stand-in for R that returns the stored trees: checks
    the case layout it builds and the comparisons it runs (randomForestSRC itself is
    absent here)."""
    from rocstats.r import rfsrc as bridge

    case = rp.load_case(CASES["kyphosis_ns5_nd3"])
    X, y, classes = rp.case_data(case)

    def fake_tree(X_, y_, levels, *, node_size, node_depth, seed):
        assert (X_ == X).all() and list(levels) == classes
        t = case["native_arrays_by_seed"][-seed - 1]
        return {"parmID": t["parmID"], "contPT": t["contPT"], "nodeSZ": t["nodeSZ"],
                "nodeID": case["native_array"]["nodeID"], "membership": case["membership"],
                "predicted": case["predicted"], "leaf_count": case["leaf_count"],
                "versions": case["versions"]}

    monkeypatch.setattr(bridge, "rfsrc_tree", fake_tree)
    monkeypatch.setattr(rp, "fresh_data", lambda: {"kyphosis": (X, y, classes)})
    live = rp.rfsrc_case(X, y, classes, case_id="k", node_size=5, node_depth=3)
    assert live["seed_invariant"] == case["seed_invariant"]
    records = rp.live_comparisons(compare=rp.compare, tol=rp.EXACT, settings=((5, 3),))
    assert len(records) == 6 and all(r["passed"] for r in records)


def test_recorded_data_are_the_stored_copies():
    """Every data set of the recorded cases is read from the one stored copy in
    validation/results/data, which holds exactly the data they were recorded on
    (checksums in rp.DATA_FILES; iris, kyphosis and spam are shared with the rpart suite)."""
    import json

    datasets = set()
    for path in sorted(rp.REF_DIR.joinpath("cases").glob("*.json")):
        case = json.loads(path.read_text())
        assert case["data_file"] == "data/%s.csv" % case["dataset"]
        datasets.add(case["dataset"])
    assert datasets == set(rp.DATA_FILES)
    for name in datasets:
        assert rp.data_path(name).parent == rp.DATA_DIR
    assert not rp.REF_DIR.joinpath("data").exists()
