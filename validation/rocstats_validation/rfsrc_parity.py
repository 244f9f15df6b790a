"""The randomForestSRC parity suite: rocstats' AUC trees against randomForestSRC 3.6.1.

Reference: the single-tree cases recorded with randomForestSRC 3.6.1 (R 4.2.2) in
``validation/results/rfsrc/cases/*_ns*_nd*.json`` (verbatim copies of
``/work/shared/reference/randomforestsrc``; see the README there; their data are the
one stored copy in ``validation/results/data``, :data:`DATA_FILES`), each
``rfsrc(y ~ ., data, splitrule = "auc", ntree = 1, bootstrap = "none", mtry = p,
nsplit = 0, nodesize = NS, nodedepth = ND, seed = -s, membership = TRUE)``.

Two checks per case:

``exact`` (cases with ``seed_invariant: true``)
    rocstats' :class:`~rocstats.tree.AUCTreeClassifier` with the same settings must give
    the same partition of the training rows as ``membership`` (up to relabelling of the
    leaves), the same split variables and cut points in preorder as ``native_array`` and
    ``predict_proba`` equal to ``predicted`` (1e-12).  randomForestSRC visits the
    variables in a random order and keeps the first of tied splits, and its seeds -1..-5
    (Numerical Recipes' ``ran1`` seeded with small consecutive integers) do not always
    shuffle that order: a case can be seed-invariant and still contain an exact tie
    between two variables (pima: ``glu <= 165`` and ``ped <= 0.341`` split one node
    identically).  Where the replay finds such a tie in the reference tree, the exact
    comparison uses the deterministic variable order (column order forward or reverse)
    that breaks the tie(s) the way randomForestSRC did, and says so in the record's note;
    without ties it uses a random order (any order gives the same tree).  rocstats' random
    draws come from its own generator (splitmix64 in the C grower), not from
    randomForestSRC's ``ran1`` stream, so the exact comparison never relies on matching
    random numbers.

``replay`` (every case, each of the five trees in ``native_arrays_by_seed``)
    walk randomForestSRC's tree on the training rows.  An internal node passes when
    rocstats' stopping rules allow it to be split and its split (variable, cut) is one
    rocstats could choose: the cut rocstats keeps for that variable (first best cut, the
    randomForestSRC rule) with theta equal to the node's maximum within 1e-12, or, in a
    node where a class is absent (every theta NaN), the variable's smallest cut.  A leaf
    passes when rocstats' stopping rules refuse to split it.

``live`` (where randomForestSRC is installed: R >= 4.3)
    randomForestSRC run now through :mod:`rocstats.r.rfsrc` on fresh data drawn here
    (:func:`fresh_data`), laid out as a stored case (:func:`rfsrc_case`) and checked by the
    same replay and exact rules (:func:`live_comparisons`).

Records follow :func:`rocstats_validation.proc_parity.compare` (suite ``rfsrc_parity``);
the metadata carries the per-case summary (exact / replay nodes passed).
"""
import functools
import glob
import hashlib
import json
import os

import numpy as np

from .paths import DATA_DIR, RESULTS_DIR
from .proc_parity import Tolerance, suite_compare

SUITE = "rfsrc_parity"
REF_DIR = RESULTS_DIR / "rfsrc"
#: The recorded cases' data sets (the cases' ``dataset`` -> file in ``DATA_DIR``, SHA-256
#: of that file).  The generator wrote them as ``data/<dataset>.csv`` beside the cases
#: (the cases' ``data_file``); the repository keeps one copy of each data set, so iris,
#: kyphosis and spam are the rpart suite's files (iris and spam byte for byte the
#: recorded ones; kyphosis the same values with the target column first instead of
#: last, read by column name) and randomForestSRC's pima (rbind(Pima.tr, Pima.te), 532
#: rows) is ``pima_tr_te.csv``, since ``pima.csv`` is rpart's Pima.tr (its first 200 rows).
#: The checksums guard the shared files: regenerating the rpart data must not change
#: the data the randomForestSRC references were recorded on.
DATA_FILES = {
    "biopsy": ("biopsy.csv",
               "f87e432900b374d3958f12f9c1bd50ee7065e1ace8a70950cfbf2cb75e667f6d"),
    "fgl": ("fgl.csv", "dc1ef64608ea5104664da353602a9c3f1780dfad5818f4cd284f7469b612e80b"),
    "iris": ("iris.csv", "d440daded18634c1da2f05e6b1a30385f2aca6cd38455b31d263e1657260112a"),
    "iris2": ("iris2.csv",
              "b24fd36e1646db72e87e325d6d0828de0c5e551932845dfd671304f2cf1ac8ed"),
    "kyphosis": ("kyphosis.csv",
                 "f0270448cef75629caf878afb7e83e52b16794bd2e58d6adf877e5bc24f3bf44"),
    "pima": ("pima_tr_te.csv",
             "b3fe351e52c3ee8cb5927c1a04ff13b53d71e944acb9a0065d1c2b661234a4d5"),
    "spam": ("spam.csv", "eda6f048183b06c6f7dc530d09549e1cf7932a23f879a1f33e6589140260532b"),
    "synth_bin": ("synth_bin.csv",
                  "ee3bceb98b25bc02ac241d6709497d894837d356a0d4c678ee548af57fdef2fc"),
}
#: theta within this of the node maximum counts as a best split (the statistic is a mean
#: of O(K^2) ratios of integer counts; rocstats and randomForestSRC compute it with the
#: same operations, so real ties agree to the last bit and distinct values differ by
#: more than 1 / (n_k1 n_k2 K^2) > 1e-9 on these data).
REPLAY_TOL = 1e-12
PRED_TOL = Tolerance(0.0, 1e-12, "class frequencies of a leaf: the same integer counts "
                     "divided by the same node size; 1e-12 absorbs the division order")
EXACT = Tolerance(0.0, 0.0, "a count of disagreements: must be exactly 0")


compare = suite_compare(SUITE)          # every call gives its tol


def outcome(records):
    failed = [r for r in records if not r["passed"]]
    return failed, [], []


# --------------------------------------------------------------------------- cases
def case_files(ref_dir=REF_DIR):
    """Paths of every recorded single-tree case, sorted."""
    return sorted(glob.glob(os.path.join(str(ref_dir), "cases", "*_ns*_nd*.json")))


def load_case(path):
    with open(path) as fh:
        return json.load(fh)


def case_params(case):
    """``(node_size, node_depth)`` of a case (node_depth None = unlimited)."""
    call = case["call"]
    ns = int(call.split("nodesize=")[1].split(",")[0])
    nd = int(call.split("nodedepth=")[1].split(",")[0])
    return ns, (None if nd < 0 else nd)


@functools.lru_cache(maxsize=None)
def data_path(dataset, data_dir=DATA_DIR):
    """The stored CSV of a recorded data set (:data:`DATA_FILES`), checked against its
    SHA-256 (once per process)."""
    name, sha = DATA_FILES[dataset]
    path = data_dir / name
    with open(path, "rb") as fh:
        digest = hashlib.sha256(fh.read()).hexdigest()
    if digest != sha:
        raise ValueError("%s is not the data the randomForestSRC references were recorded on "
                         "(SHA-256 %s, expected %s)" % (path, digest, sha))
    return path


def case_data(case):
    """``(X, y_codes, classes)`` of a case: features in the recorded order, the target
    coded by the recorded class order (R factor levels)."""
    import pandas as pd

    if case["data_file"] != "data/%s.csv" % case["dataset"]:
        raise ValueError("case %s: unexpected data_file %r" % (case["id"], case["data_file"]))
    d = pd.read_csv(data_path(case["dataset"]))
    X = d[case["features"]].to_numpy(dtype=np.float64)
    classes = list(case["classes"])
    y = pd.Categorical(d[case["target"]].astype(str), categories=classes).codes
    if (y < 0).any():
        raise ValueError("case %s: target values outside the recorded classes" % case["id"])
    return X, y.astype(np.int64), classes


# --------------------------------------------------------------------------- replay
def stopping_says_split(node_weight, depth, class_weight, X_rows, *, node_size, node_depth):
    """rocstats' stopping rules: may this node be split?  (size >= 2 node_size, depth below
    node_depth, two classes present, some variable with two distinct values)."""
    if node_weight < 2.0 * node_size:
        return False
    if node_depth is not None and depth >= node_depth:
        return False
    if np.count_nonzero(class_weight > 0) < 2:
        return False
    return bool((X_rows.max(axis=0) > X_rows.min(axis=0)).any())


def replay_tree(X, y, n_classes, parm, cut, size, *, node_size, node_depth, memo=None):
    """Walk one randomForestSRC tree (preorder ``parm`` / ``cut`` / ``size`` arrays).

    Returns a dict: ``nodes``, ``passed``, ``failures`` (list of dicts), ``ties``
    (internal nodes whose best set spans several variables: node index, the variables,
    and the one randomForestSRC chose).  ``memo``: a dict caching each node's per-feature
    best splits by its row set (the five trees of a case share most nodes).
    """
    memo = {} if memo is None else memo
    from rocstats.tree._auc import best_split_per_feature

    out = {"nodes": 0, "passed": 0, "failures": [], "ties": []}
    stack = [(np.arange(y.size), 0)]
    i = 0
    while stack:
        rows, depth = stack.pop()
        if i >= len(parm):
            out["failures"].append({"node": i, "why": "reference tree shorter than walk"})
            break
        out["nodes"] += 1
        cw = np.bincount(y[rows], minlength=n_classes).astype(float)
        ok = True
        why = ""
        if rows.size != size[i]:
            ok, why = False, "node holds %d rows, reference nodeSZ %d" % (rows.size, size[i])
        may_split = stopping_says_split(float(rows.size), depth, cw, X[rows],
                                        node_size=node_size, node_depth=node_depth)
        if parm[i] == 0:
            if ok and may_split:
                ok, why = False, "leaf, but rocstats' rules would split it"
        else:
            f = int(parm[i]) - 1
            c = float(cut[i])
            if ok and not may_split:
                ok, why = False, "split, but rocstats' rules stop here"
            if ok:
                key = rows.tobytes()
                if key not in memo:
                    memo[key] = best_split_per_feature(X, y, rows, n_classes=n_classes)
                kept_cut, theta = memo[key]
                absent = bool((cw <= 0).any())
                if np.isnan(kept_cut[f]) or kept_cut[f] != c:
                    ok = False
                    why = ("cut %r of variable %d is not the cut rocstats keeps for it (%r)"
                           % (c, f + 1, kept_cut[f]))
                    if absent:
                        why += "; node with an absent class: the smallest cut is kept"
                elif not absent:
                    top = np.nanmax(theta)
                    if not theta[f] >= top - REPLAY_TOL:
                        ok = False
                        why = ("theta %.17g of variable %d is below the node maximum %.17g"
                               % (theta[f], f + 1, top))
                    tied = np.flatnonzero(theta >= top - REPLAY_TOL)
                    if tied.size > 1:
                        out["ties"].append({"node": i, "variables": (tied + 1).tolist(),
                                            "chosen": f + 1})
            left = rows[X[rows, f] <= c]
            right = rows[X[rows, f] > c]
            stack.append((right, depth + 1))
            stack.append((left, depth + 1))
        if ok:
            out["passed"] += 1
        else:
            out["failures"].append({"node": i, "why": why})
        i += 1
    if i != len(parm):
        out["failures"].append({"node": i, "why": "walk ended at node %d of %d" % (i, len(parm))})
    return out


def replay_case(case, *, data=None):
    """Replay every tree of ``native_arrays_by_seed``; a list of per-seed results.
    ``data``: ``(X, y_codes, classes)`` instead of the case's data file (live cases)."""
    X, y, classes = case_data(case) if data is None else data
    ns, nd = case_params(case)
    memo = {}
    return [replay_tree(X, y, len(classes), t["parmID"], t["contPT"], t["nodeSZ"],
                        node_size=ns, node_depth=nd, memo=memo)
            for t in case["native_arrays_by_seed"]]


# --------------------------------------------------------------------------- exact
def preorder_splits(tree):
    """``[(parmID, contPT, nodeSZ)]`` of a rocstats tree in preorder (parmID 1-based,
    0 and None for leaves), the layout of randomForestSRC's ``native_array``."""
    out = []
    for i in range(tree.node_count):
        s = tree.split[i]
        out.append((0, None, int(tree.n[i])) if s is None
                   else (s.feature + 1, float(s.threshold), int(tree.n[i])))
    return out


def same_partition(a, b):
    """Number of rows whose leaf disagrees after the best relabelling (0 = identical
    partitions): rows minus the size of the largest one-to-one matching of labels."""
    a = np.asarray(a)
    b = np.asarray(b)
    pairs = {}
    for u, v in zip(a.tolist(), b.tolist()):
        pairs[(u, v)] = pairs.get((u, v), 0) + 1
    # partitions are equal iff the pairing is a bijection
    if len(pairs) == len(set(a.tolist())) == len(set(b.tolist())):
        return 0
    used_a, used_b, agree = set(), set(), 0
    for (u, v), cnt in sorted(pairs.items(), key=lambda kv: -kv[1]):
        if u not in used_a and v not in used_b:
            used_a.add(u)
            used_b.add(v)
            agree += cnt
    return int(a.size - agree)


def exact_case(case, *, variable_order="random", seed=0, data=None):
    """Fit rocstats on a case; a dict of the three exact comparisons."""
    from rocstats.tree import AUCTreeClassifier

    X, y, classes = case_data(case) if data is None else data
    ns, nd = case_params(case)
    est = AUCTreeClassifier(node_size=ns, node_depth=nd, max_features=None, n_split=0,
                            random_state=seed, variable_order=variable_order)
    est.fit(X, np.asarray(classes, dtype=object)[y])
    mine = preorder_splits(est.tree_)
    na = case["native_array"]
    ref = [(int(p), None if p == 0 else float(c), int(s))
           for p, c, s in zip(na["parmID"], na["contPT"], na["nodeSZ"])]
    split_diff = sum(1 for a, b in zip(mine, ref) if a != b) + abs(len(mine) - len(ref))
    leaves = est.apply(X)
    part_diff = same_partition(leaves, case["membership"])
    proba = est.predict_proba(X)
    order = [list(est.classes_).index(c) for c in classes]
    pred = np.asarray(case["predicted"], dtype=float)
    pred_diff = float(np.max(np.abs(proba[:, order] - pred)))
    return {"split_diff": split_diff, "partition_diff": part_diff, "pred_diff": pred_diff,
            "n_nodes": len(mine), "n_nodes_ref": len(ref), "n_leaves": est.tree_.n_leaves,
            "leaf_count_ref": case["leaf_count"], "variable_order": variable_order}


def exact_for_case(case, replays, *, data=None):
    """The exact comparison as run by the suite: random variable order when the reference
    tree has no tie between variables, else the deterministic order reproducing
    randomForestSRC's tie-breaks (see the module docstring)."""
    ties = replays[0]["ties"]
    if not ties:
        res = exact_case(case, data=data)
        res["note"] = "no tie between variables in the reference tree: random order"
        return res
    tried = []
    for order in ("forward", "reverse"):
        res = exact_case(case, variable_order=order, data=data)
        tried.append(res)
        if res["split_diff"] == 0 and res["partition_diff"] == 0:
            res["note"] = ("reference tree has exact ties between variables %s; "
                           "randomForestSRC kept %s, reproduced with variable_order=%r"
                           % ([t["variables"] for t in ties], [t["chosen"] for t in ties],
                              order))
            return res
    res = tried[0]
    res["note"] = ("reference tree has exact ties between variables %s; neither column "
                   "order reproduces randomForestSRC's choices %s"
                   % ([t["variables"] for t in ties], [t["chosen"] for t in ties]))
    return res


# --------------------------------------------------------------------------- live
def rfsrc_case(X, y, levels, *, case_id, node_size=1, node_depth=None, features=None):
    """randomForestSRC run now (:func:`rocstats.r.rfsrc.rfsrc_tree`, seeds -1..-5), laid
    out like a stored ``cases/*.json`` file."""
    from rocstats.r import rfsrc as bridge

    fits = [bridge.rfsrc_tree(X, y, levels, node_size=node_size, node_depth=node_depth,
                              seed=-s)
            for s in range(1, 6)]
    first = fits[0]
    key = ("parmID", "contPT", "nodeSZ")
    inv = all([f[k] for k in key] == [first[k] for k in key] for f in fits[1:])
    return {
        "id": case_id, "features": list(features or ["x%d" % (j + 1) for j in range(X.shape[1])]),
        "classes": [str(v) for v in levels],
        "call": 'rfsrc(y ~ ., data, splitrule="auc", ntree=1, bootstrap="none", mtry=%d, '
                'nsplit=0, nodesize=%d, nodedepth=%d, seed=-1, membership=TRUE)'
                % (X.shape[1], node_size, -1 if node_depth is None else node_depth),
        "seed_invariant": inv, "leaf_count": first["leaf_count"],
        "native_array": {k: first[k] for k in ("nodeID", "nodeSZ", "parmID", "contPT")},
        "native_arrays_by_seed": [{k: f[k] for k in key} for f in fits],
        "membership": first["membership"], "predicted": first["predicted"],
        "versions": first["versions"],
    }


def fresh_data(seed=20240301):
    """Fresh data drawn in Python and handed to R as they are: a binary and a 4-class
    set with rounded (tied) features."""
    rng = np.random.default_rng(seed)
    out = {}
    X = np.round(rng.normal(size=(300, 5)), 2)
    eta = X[:, 0] - 0.7 * X[:, 1] + rng.normal(scale=0.8, size=300)
    out["fresh_binary"] = (X, (eta > 0).astype(np.int64), ["neg", "pos"])
    X = np.round(rng.normal(size=(240, 4)), 1)
    eta = X[:, 0] + X[:, 2] * (X[:, 3] > 0) + rng.normal(scale=0.5, size=240)
    y = np.digitize(eta, np.quantile(eta, [0.25, 0.5, 0.75]))
    out["fresh_4class"] = (X, y.astype(np.int64), ["a", "b", "c", "d"])
    return out


def live_comparisons(*, compare=compare, tol=EXACT, settings=((1, None), (5, 3))):
    """rocstats vs randomForestSRC run now on fresh data: replay records for every case,
    exact records where the five seeds agree (the stored suite's rules)."""
    records = []
    for name, (X, y, levels) in fresh_data().items():
        for ns, nd in settings:
            cid = "%s_ns%d_nd%d" % (name, ns, -1 if nd is None else nd)
            case = rfsrc_case(X, y, levels, case_id=cid, node_size=ns, node_depth=nd)
            labels = dict(source="live", case=cid, value_from="rocstats",
                          reference_from="randomForestSRC (live)", alternative="")
            replays = replay_case(case, data=(X, y, list(levels)))
            for s, r in enumerate(replays, start=1):
                records.append(compare(r["nodes"] - r["passed"], 0, "replay_nodes_failed",
                                       tol=tol, item="seed -%d" % s, **labels))
            if case["seed_invariant"]:
                ex = exact_for_case(case, replays, data=(X, y, list(levels)))
                records.append(compare(ex["split_diff"] + ex["partition_diff"], 0,
                                       "exact_differences", tol=tol, item="tree", **labels))
    return records


# --------------------------------------------------------------------------- suite
def stored_comparisons(ref_dir=REF_DIR, *, replays_cache=None):
    """``(records, summary)`` over every recorded single-tree case.  ``replays_cache``:
    optional dict case id -> :func:`replay_case` result, filled and reused."""
    records, summary = [], {}
    cache = {} if replays_cache is None else replays_cache
    for path in case_files(ref_dir):
        case = load_case(path)
        cid = case["id"]
        labels = dict(source="stored", case=cid, value_from="rocstats",
                      reference_from="randomForestSRC 3.6.1 (stored)")
        if cid not in cache:
            cache[cid] = replay_case(case)
        replays = cache[cid]
        for s, r in enumerate(replays, start=1):
            records.append(compare(r["nodes"] - r["passed"], 0, "replay_nodes_failed",
                                   tol=EXACT, item="seed -%d" % s, alternative="",
                                   **labels))
            if r["failures"]:
                records[-1]["note"] = "; ".join("node %d: %s" % (f["node"], f["why"])
                                                for f in r["failures"][:5])
        entry = {"seed_invariant": bool(case["seed_invariant"]),
                 "replay_nodes_passed": sum(r["passed"] for r in replays),
                 "replay_nodes_total": sum(r["nodes"] for r in replays),
                 "replay_per_seed": ["%d/%d" % (r["passed"], r["nodes"]) for r in replays],
                 "ties_between_variables": sum(len(r["ties"]) for r in replays),
                 "exact": None}
        if case["seed_invariant"]:
            ex = exact_for_case(case, replays)
            note = ex["note"]
            for q, v in (("split_sequence_differences", ex["split_diff"]),
                         ("partition_differences", ex["partition_diff"])):
                records.append(compare(v, 0, q, tol=EXACT, item="tree", alternative="",
                                       **labels))
                records[-1]["note"] = note
            records.append(compare(ex["pred_diff"], 0.0, "predicted_max_abs_diff",
                                   tol=PRED_TOL, item="tree", alternative="", **labels))
            entry["exact"] = bool(ex["split_diff"] == 0 and ex["partition_diff"] == 0
                                  and ex["pred_diff"] <= PRED_TOL.atol)
            entry["exact_note"] = note
        summary[cid] = entry
    return records, summary


def run(*, live=None, seed=None):
    """The suite entry point for :mod:`rocstats_validation.run`."""
    records, summary = stored_comparisons()
    live_info = {"ran": False}
    try:
        from rocstats.r.rfsrc import rfsrc_available

        ok, reason = rfsrc_available()
    except Exception as exc:  # pragma: no cover - bridge import problems
        ok, reason = False, "rocstats.r.rfsrc failed to import: %s" % exc
    if live is False:
        live_info["reason"] = "--no-live"
    elif not ok:
        if live:
            raise RuntimeError("live randomForestSRC comparisons requested: %s" % reason)
        live_info["reason"] = reason
    else:
        live_info = {"ran": True, "reason": reason}
        records += live_comparisons(compare=compare, tol=EXACT)
    meta = {"reference": "randomForestSRC 3.6.1, R 4.2.2 (validation/results/rfsrc)",
            "cases": summary, "live": live_info}
    return {"metadata": meta, "comparisons": records}
