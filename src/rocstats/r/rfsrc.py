"""Run randomForestSRC live through rpy2: one AUC tree, its native array and membership.

Nothing here imports rpy2 at module import; `rfsrc_available` says whether the
bridge can run (rpy2, R, the R package randomForestSRC) and why not.  randomForestSRC
needs R >= 4.3; it is not installed on the rocstats build machines, where the
repository's stored outputs (recorded with randomForestSRC 3.6.1) are used instead and
the live checks skip with the reason.

The single-tree call is the one of the repository's recorded cases::

    rfsrc(y ~ ., data, splitrule = "auc", ntree = 1, bootstrap = "none", mtry = p,
          nsplit = 0, nodesize = NS, nodedepth = ND, seed = -s, membership = TRUE)

Data cross the bridge inside ``localconverter(default_converter + numpy2ri.converter)``:
the float64 features arrive in R bit for bit, the target as a factor with the given
levels.  `rfsrc_tree` returns plain Python lists and dicts; laying several trees
out as a stored case and comparing them with rocstats is the validation harness's job
(``rocstats_validation.rfsrc_parity``), which imports this module, never the reverse.
"""
import functools

import numpy as np

from ._session import r_package_status
from ._session import version_tuple as _version_tuple

__all__ = ["rfsrc_available", "rfsrc_tree", "RFSRC_MIN_VERSION"]

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
