"""CARTClassifier(criterion="auc"): the AUC split statistic (randomForestSRC's rule,
seed 000) under rpart's controls, with surrogates, pruning and cross-validation.

Expected values come from a brute-force AUC split statistic written here: for every
feature and every cut between adjacent distinct values, alpha_k = fraction of class k sent
right, theta = average over the pairs of classes present of max((1 - a + b)/2,
(1 - b + a)/2); rocstats reports improve = theta - 1/2.
"""
import itertools

import numpy as np
import pandas as pd
import pytest

from rocstats.tree import CARTClassifier
from rocstats_validation import rpart_parity as rp


def brute_best(X, y):
    """(best improve, set of (feature, cut midpoint) achieving it) over all cuts."""
    classes = np.unique(y)
    best, where = -np.inf, set()
    for j in range(X.shape[1]):
        x = X[:, j]
        ok = ~np.isnan(x)
        xs, ys = x[ok], y[ok]
        present = [c for c in classes if np.any(ys == c)]
        vals = np.unique(xs)
        for lo, hi in zip(vals[:-1], vals[1:]):
            right = xs > lo
            alpha = {c: np.mean(right[ys == c]) for c in present}
            pairs = list(itertools.combinations(present, 2))
            theta = np.mean([max((1 - alpha[a] + alpha[b]) / 2, (1 - alpha[b] + alpha[a]) / 2)
                             for a, b in pairs])
            imp = theta - 0.5
            if imp > best + 1e-12:
                best, where = imp, {(j, (lo + hi) / 2)}
            elif abs(imp - best) <= 1e-12:
                where.add((j, (lo + hi) / 2))
    return best, where


@pytest.fixture(scope="module")
def kyphosis():
    df, _ = rp.load_dataset("kyphosis")
    return df


def test_root_split_is_the_best_auc_split(kyphosis):
    X = kyphosis[["Age", "Number", "Start"]]
    y = kyphosis["Kyphosis"].astype(str).to_numpy()
    m = CARTClassifier(criterion="auc", xval=0, cp=0.0).fit(X, y)
    best, where = brute_best(X.to_numpy(dtype=float), y)
    prim = m.splits_[(m.splits_["node"] == 1) & (m.splits_["type"] == "primary")].iloc[0]
    assert prim["improve"] == pytest.approx(best, rel=1e-12)
    j = list(X.columns).index(prim["var"])
    assert (j, prim["index"]) in where
    # competitors are the next-best AUC splits on other variables, not better than the primary
    comp = m.splits_[(m.splits_["node"] == 1) & (m.splits_["type"] == "competitor")]
    assert (comp["improve"] <= prim["improve"] + 1e-15).all()


def test_three_classes_and_child_nodes(kyphosis):
    df, _ = rp.load_dataset("iris")
    X = df.drop(columns=["Species"])
    y = df["Species"].astype(str).to_numpy()
    m = CARTClassifier(criterion="auc", xval=0).fit(X, y)
    Xa = X.to_numpy(dtype=float)
    where = m.node_number(X)
    # every internal node's primary split is the best AUC split of the node's rows
    for node in m.frame_.index[m.frame_["var"] != "<leaf>"]:
        rows = np.isin(m.where_, [d for d in m.frame_.index if _descends(d, node)])
        best, cuts = brute_best(Xa[rows], y[rows])
        prim = m.splits_[(m.splits_["node"] == node) & (m.splits_["type"] == "primary")].iloc[0]
        assert prim["improve"] == pytest.approx(best, rel=1e-12), node
        assert (list(X.columns).index(prim["var"]), prim["index"]) in cuts
    assert set(np.unique(where)) <= set(m.frame_.index[m.frame_["var"] == "<leaf>"])


def _descends(d, node):
    while d > node:
        d //= 2
    return d == node


def test_missing_values_go_by_surrogates_and_pruning_works():
    df, _ = rp.load_dataset("airquality_holes")
    df = df.dropna(subset=["Ozone"])
    y = np.where(df["Ozone"] > 60, "high", "low")
    X = df.drop(columns=["Ozone"])
    folds = np.arange(len(df)) % 5 + 1
    m = CARTClassifier(criterion="auc", xval=folds, cp=0.01).fit(X, y)
    prim = m.splits_[(m.splits_["node"] == 1) & (m.splits_["type"] == "primary")].iloc[0]
    sur = m.splits_[(m.splits_["node"] == 1) & (m.splits_["type"] == "surrogate")]
    assert len(sur) >= 1
    # a row whose primary variable is missing goes the way its first surrogate says
    s = sur.iloc[0]
    row = X.iloc[[0]].copy()
    row[prim["var"]] = np.nan
    below, above = s["index"] - 1, s["index"] + 1
    # ncat -1: "< cut" goes left; +1: ">= cut" goes left (rpart's convention)
    left_val, right_val = (below, above) if s["ncat"] == -1 else (above, below)
    row[s["var"]] = left_val
    assert _descends(int(m.node_number(row)[0]), 2)
    row[s["var"]] = right_val
    assert _descends(int(m.node_number(row)[0]), 3)
    # cross-validated complexity table and pruning to the root
    assert {"xerror", "xstd"} <= set(m.cptable_.columns)
    assert np.isfinite(m.cptable_["xerror"]).all()
    root = m.prune(cp=1.0)
    assert list(root.frame_["var"]) == ["<leaf>"]


def test_auc_criterion_refuses_prior_and_loss(kyphosis):
    X = kyphosis[["Age", "Number", "Start"]]
    y = kyphosis["Kyphosis"]
    with pytest.raises(ValueError, match="prior and loss"):
        CARTClassifier(criterion="auc", prior=[0.5, 0.5], xval=0).fit(X, y)
    with pytest.raises(ValueError, match="prior and loss"):
        CARTClassifier(criterion="auc", loss=[[0, 1], [2, 0]], xval=0).fit(X, y)
    with pytest.raises(ValueError, match="criterion"):
        CARTClassifier(criterion="entropy", xval=0).fit(X, y)
