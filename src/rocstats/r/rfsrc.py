"""Run randomForestSRC live through rpy2, for the AUC-tree parity checks.

Nothing here imports rpy2 at module import; :func:`rfsrc_available` says whether the
bridge can run (rpy2, R, the R package randomForestSRC) and why not.  randomForestSRC
needs R >= 4.3; it is not installed on the rocstats build machines, where the stored
outputs in ``validation/results/rfsrc`` (recorded with randomForestSRC 3.6.1) are used
instead and the live tests skip with the reason.

The single-tree call is the one of the stored cases (``generate_rfsrc_refs.R``)::

    rfsrc(y ~ ., data, splitrule = "auc", ntree = 1, bootstrap = "none", mtry = p,
          nsplit = 0, nodesize = NS, nodedepth = ND, seed = -s, membership = TRUE)

Data cross the bridge inside ``localconverter(default_converter + numpy2ri.converter)``:
the float64 features arrive in R bit for bit, the target as a factor with the given
levels.  :func:`rfsrc_case` returns a dict laid out like a stored case file, so the same
replay and exact comparisons (:mod:`validation.rfsrc_parity`) run on it.
"""
import functools

import numpy as np

from ._session import r_package_status
from ._session import version_tuple as _version_tuple

__all__ = ["rfsrc_available", "rfsrc_tree", "rfsrc_case", "live_comparisons",
           "RFSRC_MIN_VERSION"]

#: The version the stored outputs were recorded with (the AUC split rule exists since 2.x).
RFSRC_MIN_VERSION = (3, 0, 0)

_R_TREE = """
function(X, y, levels, nodesize, nodedepth, seed) {
  d <- as.data.frame(X)
  names(d) <- paste0("x", seq_len(ncol(d)))
  d$y <- factor(levels[y + 1L], levels = levels)
  o <- randomForestSRC::rfsrc(y ~ ., d, splitrule = "auc", ntree = 1, bootstrap = "none",
                              mtry = ncol(X), nsplit = 0, nodesize = nodesize,
                              nodedepth = nodedepth, seed = seed, membership = TRUE)
  na <- o$forest$nativeArray
  list(parmID = as.numeric(na[, "parmID"]), contPT = as.numeric(na[, "contPT"]),
       nodeSZ = as.numeric(na[, "nodeSZ"]), nodeID = as.numeric(na[, "nodeID"]),
       membership = as.numeric(o$membership[, 1]), predicted = unname(o$predicted),
       leaf_count = as.numeric(o$leaf.count),
       version = as.character(utils::packageVersion("randomForestSRC")),
       R = R.version.string)
}
"""


@functools.lru_cache(maxsize=None)
def rfsrc_available():
    """``(True, description)`` when randomForestSRC can be run through rpy2, else
    ``(False, reason)``.  Never raises."""
    ok, pkg = r_package_status(
        "randomForestSRC", missing_hint=" (it needs R >= 4.3; the stored randomForestSRC "
                                        "3.6.1 outputs are used instead)")
    if not ok:
        return False, pkg
    version = pkg.version
    if _version_tuple(version) < RFSRC_MIN_VERSION:
        return False, "randomForestSRC %s is too old (AUC splitting needs >= %s)" % (
            version, ".".join(map(str, RFSRC_MIN_VERSION)))
    return True, "%s, randomForestSRC %s, rpy2 %s" % (pkg.r_version, version, pkg.rpy2_version)


def rfsrc_tree(X, y, levels, *, node_size=1, node_depth=None, seed=-1):
    """One randomForestSRC AUC tree on ``(X, y)`` (y = codes into ``levels``).

    Returns a dict with ``parmID``, ``contPT``, ``nodeSZ``, ``nodeID`` (preorder native
    array), ``membership``, ``predicted`` (rows x classes), ``leaf_count`` and versions.
    """
    ok, reason = rfsrc_available()
    if not ok:
        raise RuntimeError("randomForestSRC is not available: %s" % reason)
    from rpy2 import robjects
    from rpy2.robjects import default_converter, numpy2ri
    from rpy2.robjects.conversion import localconverter

    X = np.ascontiguousarray(X, dtype=np.float64)
    y = np.ascontiguousarray(y, dtype=np.int64)
    fun = robjects.r(_R_TREE)
    with localconverter(default_converter + numpy2ri.converter):
        out = fun(X, y.astype(np.int32), np.asarray([str(v) for v in levels]),
                  float(node_size), -1.0 if node_depth is None else float(node_depth),
                  float(seed))
        res = {str(k): out[k] for k in out.names}
    tree = {}
    for key in ("parmID", "nodeSZ", "nodeID", "membership"):
        tree[key] = [int(v) for v in np.asarray(res[key]).ravel()]
    tree["contPT"] = [None if np.isnan(v) else float(v) for v in np.asarray(res["contPT"])]
    tree["predicted"] = np.asarray(res["predicted"], dtype=np.float64).reshape(
        X.shape[0], len(levels)).tolist()
    tree["leaf_count"] = int(np.asarray(res["leaf_count"]).ravel()[0])
    tree["versions"] = {"R": str(np.asarray(res["R"]).ravel()[0]),
                        "randomForestSRC": str(np.asarray(res["version"]).ravel()[0])}
    return tree


def rfsrc_case(X, y, levels, *, case_id, node_size=1, node_depth=None, features=None):
    """A case dict laid out like the stored ``cases/*.json`` (five seeds -1..-5)."""
    fits = [rfsrc_tree(X, y, levels, node_size=node_size, node_depth=node_depth, seed=-s)
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


def live_comparisons(*, compare, tol, settings=((1, None), (5, 3))):
    """rocstats vs randomForestSRC run now on fresh data: replay records for every case,
    exact records where the five seeds agree (the stored suite's rules)."""
    from validation import rfsrc_parity as rp

    records = []
    for name, (X, y, levels) in fresh_data().items():
        for ns, nd in settings:
            cid = "%s_ns%d_nd%d" % (name, ns, -1 if nd is None else nd)
            case = rfsrc_case(X, y, levels, case_id=cid, node_size=ns, node_depth=nd)
            labels = dict(source="live", case=cid, value_from="rocstats",
                          reference_from="randomForestSRC (live)", alternative="")
            replays = rp.replay_case(case, data=(X, y, list(levels)))
            for s, r in enumerate(replays, start=1):
                records.append(compare(r["nodes"] - r["passed"], 0, "replay_nodes_failed",
                                       tol=tol, item="seed -%d" % s, **labels))
            if case["seed_invariant"]:
                ex = rp.exact_for_case(case, replays, data=(X, y, list(levels)))
                records.append(compare(ex["split_diff"] + ex["partition_diff"], 0,
                                       "exact_differences", tol=tol, item="tree", **labels))
    return records
