"""Helpers for the pruning / surrogate / importance tests (no rocstats code under test here).

* Stored rpart 4.1.19 results (``validation/results/rpart/*.json``, written by
  ``validation/r/rpart_cases.R``) and their data sets (``validation/results/data``), read
  with pandas only.
* Independent brute-force definitions used as expected values:
  :func:`brute_numeric_surrogate` (every cut point and both orientations counted
  directly), :func:`weakest_link_sequence` (cost-complexity pruning by enumerating every
  pruned subtree of a small tree).
"""
import itertools
import json
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
RPART_DIR = ROOT / "validation" / "results" / "rpart"
DATA_DIR = ROOT / "validation" / "results" / "data"


def stored_cases():
    index = RPART_DIR / "index.json"
    if not index.exists():
        return []
    names = json.loads(index.read_text())["cases"]
    return [n for n in names if (RPART_DIR / (n + ".json")).exists()]


def load_case(name):
    """(case dict, DataFrame of the data set with factors as Categorical)."""
    import pandas as pd

    case = json.loads((RPART_DIR / (name + ".json")).read_text())
    meta = json.loads((DATA_DIR / (case["dataset"] + ".json")).read_text())
    data = pd.read_csv(DATA_DIR / meta["file"], na_values=["NA"], keep_default_na=False)
    for col in meta["columns"]:
        if col["type"] == "factor":
            data[col["name"]] = pd.Categorical(data[col["name"]], categories=col["levels"])
    return case, data, meta


def design(case, data):
    """Feature names, float matrix (factor codes 0..q-1, NaN missing), categorical mask,
    level counts and the response column, following the case's formula."""
    lhs, rhs = [s.strip() for s in case["formula"].split("~")]
    if rhs == ".":
        names = [c for c in data.columns if c != lhs]
    else:
        names = [s.strip() for s in rhs.split("+")]
    cols, cat, nlev = [], [], []
    for nm in names:
        s = data[nm]
        if hasattr(s, "cat"):
            codes = s.cat.codes.to_numpy().astype(np.float64)
            codes[codes < 0] = np.nan
            cols.append(codes)
            cat.append(True)
            nlev.append(len(s.cat.categories))
        else:
            cols.append(s.to_numpy(dtype=np.float64))
            cat.append(False)
            nlev.append(0)
    X = np.column_stack(cols)
    return names, X, np.array(cat), np.array(nlev), data[lhs]


def node_members(where, node):
    """Rows whose final node (rpart number) is ``node`` or one of its descendants."""
    where = np.asarray(where, dtype=np.int64)
    out = np.zeros(where.shape, dtype=bool)
    w = where.copy()
    while True:
        out |= w == node
        w = w // 2
        if not (w >= node).any():
            break
    return out


def primary_go(row, x):
    """Direction (-1 / +1 / 0) of rows under a stored primary split row."""
    go = np.zeros(x.shape[0], dtype=np.int8)
    known = ~np.isnan(x)
    if row["ncat"] > 1:
        cs = row["csplit"]
        for level, code in enumerate(cs):
            sel = known & (x == level)
            go[sel] = {1: -1, 3: 1, 2: 0}[code]
        return go
    below = x[known] < row["index"]
    sign = int(row["ncat"])       # -1: x < cut goes left
    go[known] = np.where(below, sign, -sign)
    return go


# ---------------------------------------------------------------- brute force
def brute_numeric_surrogate(x, go, w, *, style=0):
    """Best numeric surrogate by trying every midpoint between distinct values and both
    orientations, counting agreement directly; rpart's admissibility rule (two
    positive-weight rows with the primary present on each side) and its tie rules
    (strictly better than the majority; first cut in increasing order; ``x >= cut``-left
    orientation first).  Returns (agreement, adj, kind, cut) or None."""
    known = ~np.isnan(x)
    vals = np.unique(x[known])
    active = known & (go != 0)
    tl = w[go < 0].sum()
    tr = w[go > 0].sum()
    ml = w[active & (go < 0)].sum()
    mr = w[active & (go > 0)].sum()
    best, best_kind, best_cut = max(ml, mr), None, None
    for a, b in zip(vals[:-1], vals[1:]):
        cut = (a + b) / 2
        below = known & (x < cut)
        above = known & (x >= cut)
        nb = np.count_nonzero(below & (go != 0) & (w > 0))
        na = np.count_nonzero(above & (go != 0) & (w > 0))
        if nb < 2 or na < 2:
            continue
        # kind +1 (GE): x >= cut goes left, x < cut goes right
        agree_ge = w[above & (go < 0)].sum() + w[below & (go > 0)].sum()
        agree_lt = w[below & (go < 0)].sum() + w[above & (go > 0)].sum()
        if agree_ge > best:
            best, best_kind, best_cut = agree_ge, 1, cut
        elif agree_lt > best:
            best, best_kind, best_cut = agree_lt, -1, cut
    if best_kind is None:
        return None
    if style == 0:
        total, maj = tl + tr, max(tl, tr)
    else:
        total, maj = ml + mr, max(ml, mr)
    agreement = best / total
    adj = (agreement - maj / total) / (1 - maj / total)
    if adj <= 1e-10:
        return None
    return agreement, adj, best_kind, best_cut


def weakest_link_sequence(children, risk):
    """Cost-complexity pruning by brute force (Breiman et al. 1984, ch. 3; ESL 9.2.2).

    ``children``: dict node -> (left, right) for internal nodes (node 1 = root);
    ``risk``: dict node -> R(t).  Enumerates every pruned subtree T of the tree (a set of
    internal nodes kept, closed under taking parents), and keeps for each number of
    splits the smallest total leaf risk.
    Returns [(alpha_k, n_splits_k, R(T_k), internal nodes of T_k)], root first, where alpha_k is the smallest
    alpha at which T_k is optimal (0 for the full tree): the breakpoints of the lower
    convex hull of (n_splits, min R) over all pruned subtrees.  Pass Fractions for exact
    arithmetic."""
    internal = sorted(children)

    def parent(n):
        return n // 2

    subtrees = []
    for r in range(len(internal) + 1):
        for keep in itertools.combinations(internal, r):
            ks = frozenset(keep)
            if ks and 1 not in ks:
                continue
            if any(n != 1 and parent(n) not in ks for n in ks):
                continue
            leaves = _leaves(children, ks)
            subtrees.append((len(ks), sum(risk[leaf] for leaf in leaves), ks))
    # walk the lower convex hull of (n_splits, R) from the full tree down to the root;
    # collinear hull points collapse at the same alpha, so the farthest one is taken
    best_at = {}
    for ns, r, ks in subtrees:
        if ns not in best_at or r < best_at[ns][0]:
            best_at[ns] = (r, ks)
    top = max(best_at)
    cur = (top, best_at[top][0])
    out = [(0, cur[0], cur[1], best_at[top][1])]
    while cur[0] > 0:
        alpha, ns, r = min(((r - cur[1]) / (cur[0] - ns), ns, r)
                           for ns, (r, _) in best_at.items() if ns < cur[0])
        cur = (ns, r)
        out.append((alpha, ns, r, best_at[ns][1]))
    return out[::-1]


def weakest_link_complexity(children, risk):
    """Each internal node's complexity under exact weakest-link pruning: the smallest
    alpha of the sequence at which the node is no longer split (from
    :func:`weakest_link_sequence`); the sequence's subtrees are nested, so this is
    well defined."""
    seq = weakest_link_sequence(children, risk)
    comp = {}
    for t in children:
        # seq is root first (largest alpha); T_k grows along the list
        for k, (_, _, _, ks) in enumerate(seq):
            if t in ks:
                comp[t] = seq[k - 1][0]
                break
    return comp


def _leaves(children, keep):
    out, stack = [], [1]
    while stack:
        n = stack.pop()
        if n in keep:
            stack.extend(children[n])
        else:
            out.append(n)
    return out


# ---------------------------------------------------------------- stored rpart -> Tree
def split_from_row(row, feature_index):
    """A rocstats Split from one row of a stored rpart splits table."""
    from rocstats.tree._tree import CATEGORICAL, GE, LT, Split

    j = feature_index[row["var"]]
    common = dict(improve=float(row["improve"]), count=float(row["count"]),
                  adj=float(row["adj"]) if row["type"] == "surrogate" else 0.0)
    if row["ncat"] > 1:
        cs = row["csplit"]
        return Split(j, CATEGORICAL,
                     left_levels=tuple(i for i, c in enumerate(cs) if c == 1),
                     right_levels=tuple(i for i, c in enumerate(cs) if c == 3), **common)
    return Split(j, LT if row["ncat"] < 0 else GE, float(row["index"]), **common)


def tree_from_result(res, feature_names, *, method=None):
    """Build a finalized rocstats Tree from a stored / live rpart result
    (``rocstats.r.rpart.RpartResult``): structure, n, wt, dev -> risk, complexity
    (scaled back to risk units with the root dev), value (class counts or the mean),
    primary / competitor / surrogate splits, majority direction from the children's n."""
    from rocstats.tree._tree import Tree

    fr = res.frame
    method = method or res.method
    # rpart's numclass classes: the levels up to the last one in use (later unused
    # levels have no count column)
    classes = [c for c in (res.classes or ()) if "count_%s" % c in fr.columns]
    fidx = {nm: i for i, nm in enumerate(feature_names)}
    k = 1 if method == "anova" else len(classes)
    tree = Tree(n_features=len(feature_names), n_outputs=k)
    root_dev = float(fr["dev"].iloc[0])
    idx_of = {}
    sp = res.splits
    for node, row in fr.iterrows():
        node = int(node)
        parent = idx_of.get(node // 2, -1) if node > 1 else -1
        if method == "anova":
            value = [row["yval"]]
        else:
            value = [row["count_%s" % c] for c in classes]
        i = tree.add_node(parent=parent, is_left=(node % 2 == 0), n=int(row["n"]),
                          weight=float(row["wt"]), value=value, risk=float(row["dev"]),
                          complexity=float(row["complexity"]) * root_dev)
        idx_of[node] = i
        if row["var"] != "<leaf>":
            rows = sp[sp["node"] == node]
            prim = [split_from_row(r, fidx) for _, r in rows[rows["type"] == "primary"].iterrows()]
            comp = [split_from_row(r, fidx) for _, r in rows[rows["type"] == "competitor"].iterrows()]
            surr = [split_from_row(r, fidx) for _, r in rows[rows["type"] == "surrogate"].iterrows()]
            nl = int(fr.loc[2 * node, "n"]) if 2 * node in fr.index else 0
            nr = int(fr.loc[2 * node + 1, "n"]) if 2 * node + 1 in fr.index else 0
            tree.set_split(i, prim[0], competitors=comp, surrogates=surr,
                           majority_left=nl > nr)
    return tree.finalize()


# ---------------------------------------------------------------- xval with R fold trees
def last_surrogate_dirs(tree, X, w, where):
    """rpart's ``lastsurrogate`` of every internal node of ``tree`` (grown by R on rows
    ``X`` / ``w`` with final nodes ``where``): the side the primary split sent more
    weight to, 0 on a tie.  rpart does not return it, so it is recomputed from data."""
    last = np.zeros(tree.node_count, dtype=np.int8)
    for i in range(tree.node_count):
        if tree.left[i] < 0:
            continue
        rows = node_members(where, int(tree.node_id[i]))
        d = tree.split[i].direction(X[rows, tree.split[i].feature])
        wl = w[rows][d < 0].sum()
        wr = w[rows][d > 0].sum()
        last[i] = 1 if wl < wr else (-1 if wl > wr else 0)
    return last


def r_fold_trees(case, data, meta, *, control=None, folds=None):
    """Grow, with rpart through rpy2, the trees rpart's xval.c grows internally, one per
    fold, and return what ``cross_validate`` needs.

    xval.c regrows each fold with the full fit's threshold ``alpha = cp * R(root)``
    scaled by the fold's weight share, and (classification) with the full data's class
    weights ``prior / freq``.  A standalone rpart fit on the training rows does the same
    when given ``cp = alpha_fold / R_fold(root)`` and, for non-default priors, priors
    proportional to ``prior * freq_fold / freq``.  Returns
    ``(fit_fold, X, y, w, folds, kwargs, names)``."""
    from rocstats.r.rpart import rpart_fit
    from rocstats.tree._criterion import AnovaCriterion, GiniCriterion
    from rocstats.tree._prune import fold_weight_ratios

    names, X, cat, nlev, yser = design(case, data)
    ctrl = dict(case["control"] or {})
    if control:
        ctrl.update(control)
    ctrl.pop("xval", None)
    n = X.shape[0]
    if case["weights_vector"] is None:
        w, weights = np.ones(n), None
    else:
        w = np.asarray(meta["vectors"][case["weights_vector"]]["values"], dtype=float)
        weights = w
    if folds is None:
        folds = np.asarray(meta["vectors"][case["xval_vector"]]["values"], dtype=np.int64)
    parms = dict(case["parms"] or {})
    method = case["method"]
    full = rpart_fit(case["formula"], data, method=method, control=dict(ctrl, xval=0),
                     parms=parms or None, weights=weights)
    rr_full = float(full.frame["dev"].iloc[0])
    if method == "class":
        y = yser.cat.codes.to_numpy().astype(np.int64)
        k = int(y.max()) + 1                  # rpart's numclass
        crit = GiniCriterion(y, w, k, prior=parms.get("prior"), loss=parms.get("loss"))
        adj, L = crit.prior, crit.loss
    else:
        y = yser.to_numpy(dtype=float)
        k = None
        crit = AnovaCriterion()
    ratios = fold_weight_ratios(w, folds)
    cp = ctrl.get("cp", 0.01)
    trees = []
    for g in range(1, len(np.unique(folds)) + 1):
        tr = np.flatnonzero(folds != g)
        fparms = dict(parms)
        if method == "class":
            counts = np.bincount(y[tr], weights=w[tr], minlength=k)
            rr_f = float(np.min((counts * adj) @ L))
            if "prior" in parms:
                pf = adj * counts / counts.sum()
                pr = [float(v) for v in pf / pf.sum()]
                pr[-1] = 1.0 - sum(pr[:-1])
                fparms["prior"] = pr
        else:
            yt, wt = y[tr], w[tr]
            rr_f = float(np.sum(wt * (yt - np.sum(wt * yt) / np.sum(wt)) ** 2))
        fctrl = dict(ctrl, xval=0, cp=cp * rr_full * ratios[g - 1] / rr_f)
        res = rpart_fit(case["formula"], data.iloc[tr].reset_index(drop=True), method=method,
                        control=fctrl, parms=fparms or None,
                        weights=None if weights is None else w[tr])
        t = tree_from_result(res, names)
        t.complexity = np.asarray(res.frame["complexity"], dtype=float) * rr_f
        t.last_surrogate = last_surrogate_dirs(t, X[tr], w[tr], res.where)
        trees.append((tr, t))
    calls = iter(trees)

    def fit_fold(train_idx):
        tr, t = next(calls)
        assert np.array_equal(train_idx, tr)
        return t

    kwargs = dict(criterion=crit, use_surrogate=ctrl.get("usesurrogate", 2))
    return fit_fold, X, y, w, folds, kwargs, full
