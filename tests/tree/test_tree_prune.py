"""Cost-complexity pruning, the complexity table, cross-validation and the 1-SE rule
(rocstats.tree._prune).

Expected values come from
* brute force: every pruned subtree of small random trees enumerated
  (tests/tree_helpers.weakest_link_sequence: the exact weakest-link sequence);
* rpart 4.1.19's stored results (validation/results/rpart): node complexities
  (``frame$complexity``) and complexity tables recomputed from the stored node risks and
  tree shapes; ``prune`` at every CP of a stored table keeps that row's number of splits;
* R live (rpy2): rpart's ``xerror`` / ``xstd`` -- in tests/live/test_tree_rpart_live.py
  (the fold trees rpart grows inside xval.c are regrown by rpart on the training rows);
* hand computations written in the tests.
"""
from fractions import Fraction

import numpy as np
import pandas as pd
import pytest

import tree_helpers as h
from rocstats.tree._criterion import AnovaCriterion, GiniCriterion
from rocstats.tree._prune import (OneSEResult, cp_table, cross_validate, fixed_complexity,
                                  fold_weight_ratios, node_complexity, one_se_rule, prune,
                                  prune_cptable)
from rocstats.tree._tree import LT, Split, Tree


def _random_tree(rng, max_depth):
    children, risk = {}, {}

    def grow(node, depth):
        if depth < max_depth and (node == 1 or rng.random() < 0.7):
            children[node] = (2 * node, 2 * node + 1)
            r = grow(2 * node, depth + 1) + grow(2 * node + 1, depth + 1)
            risk[node] = r + int(rng.integers(1, 20))        # every split gains
        else:
            risk[node] = int(rng.integers(0, 15))
        return risk[node]

    grow(1, 0)
    return children, risk


def _build(children, risk, complexity=None):
    t = Tree(n_features=1, n_outputs=1)
    idx = {}

    def add(node, parent, is_left):
        c = np.nan if complexity is None else complexity.get(node, 0.0)
        i = t.add_node(parent=parent, is_left=is_left, n=1, weight=1.0, value=[0.0],
                       risk=float(risk[node]), complexity=float(c))
        idx[node] = i
        if node in children:
            t.set_split(i, Split(0, LT, 0.5))
            add(2 * node, i, True)
            add(2 * node + 1, i, False)

    add(1, -1, True)
    return t.finalize(), idx


@pytest.mark.parametrize("seed", range(60))
def test_cp_table_reproduces_the_exact_weakest_link_sequence(seed):
    rng = np.random.default_rng(seed)
    children, risk = _random_tree(rng, 2 + seed % 3)
    fr = {k: Fraction(v) for k, v in risk.items()}
    comp = h.weakest_link_complexity(children, fr)
    tree, _ = _build(children, risk, {k: float(v) for k, v in comp.items()})
    tab = cp_table(tree, alpha=0.0)
    seq = h.weakest_link_sequence(children, fr)
    assert list(tab["nsplit"]) == [s[1] for s in seq]
    np.testing.assert_allclose(tab["CP"], [float(s[0]) / risk[1] for s in seq],
                               rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(tab["rel error"], [float(s[2]) / risk[1] for s in seq],
                               rtol=1e-12)
    # prune at each CP gives that row's tree
    for cp, ns in zip(tab["CP"], tab["nsplit"]):
        assert int((prune(tree, cp).left >= 0).sum()) == ns


@pytest.mark.parametrize("seed", range(40))
def test_node_complexity_is_weakest_link_on_two_level_trees(seed):
    # rpart's bottom-up rule (partition.c) looks one level down, so it is exact for
    # trees of depth <= 2; deeper trees are checked against rpart itself below
    rng = np.random.default_rng(1000 + seed)
    children, risk = _random_tree(rng, 2)
    tree, idx = _build(children, risk)
    tree.complexity = node_complexity(tree, alpha=0.0)
    fixed = fixed_complexity(tree)
    exact = h.weakest_link_complexity(children, {k: Fraction(v) for k, v in risk.items()})
    for node, c in exact.items():
        assert fixed[idx[node]] == pytest.approx(float(c), rel=1e-12)


def test_cp_table_small_example_by_hand():
    # root 10 -> (6 -> 2, 1), (3 -> 1, 1): right split gains 1, left 3; after the right
    # one goes, root+left gain (10 - 6) / 2 = 2 per split
    tree, _ = _build({1: (2, 3), 2: (4, 5), 3: (6, 7)},
                     {1: 10, 2: 6, 3: 3, 4: 2, 5: 1, 6: 1, 7: 1})
    tree.complexity = node_complexity(tree, alpha=0.1)
    np.testing.assert_allclose(fixed_complexity(tree), [2, 2, 0.1, 0.1, 1, 0.1, 0.1])
    tab = cp_table(tree)
    np.testing.assert_allclose(tab["CP"], [0.2, 0.1, 0.01])
    assert list(tab["nsplit"]) == [0, 2, 3]
    np.testing.assert_allclose(tab["rel error"], [1.0, 0.6, 0.5])
    assert list(tab.index) == [1, 2, 3]
    pruned = prune(tree, 0.1)
    assert list(pruned.node_id) == [1, 2, 4, 5, 3]
    assert prune(tree, 0.05) is tree
    assert prune(tree, 0.2).node_count == 1


def test_prune_cptable_like_prune_rpart():
    tab = pd.DataFrame({"CP": [0.5, 0.1, 0.03, 0.01], "nsplit": [0, 1, 3, 5],
                        "rel error": [1, .5, .4, .35], "xerror": [1, .6, .5, .55],
                        "xstd": [.1, .08, .07, .07]}, index=[1, 2, 3, 4])
    out = prune_cptable(tab, 0.05)
    # pmax(CP, 0.05) = .5 .1 .05 .05 -> rows 1-3 kept, last CP replaced by cp
    assert list(out.index) == [1, 2, 3]
    assert list(out["CP"]) == [0.5, 0.1, 0.05]
    assert list(out["nsplit"]) == [0, 1, 3]


def test_bad_input():
    tree, _ = _build({1: (2, 3)}, {1: 5, 2: 1, 3: 1})
    with pytest.raises(ValueError, match="complexity"):
        cp_table(tree)
    tree.complexity = node_complexity(tree, alpha=0.0)
    with pytest.raises(ValueError, match="cp"):
        prune(tree, -1)
    with pytest.raises(ValueError, match="root_risk"):
        cp_table(tree, root_risk=0.0)
    with pytest.raises(ValueError, match="xerror"):
        one_se_rule(cp_table(tree).assign(xerror=np.nan, xstd=np.nan))


# ------------------------------------------------------------------ stored rpart
STORED = h.stored_cases()


@pytest.mark.parametrize("name", STORED)
def test_complexity_and_cptable_of_stored_rpart_trees(name):
    from rocstats.r.rpart import result_from_json

    case, data, _ = h.load_case(name)
    res = result_from_json(case["result"])
    names, *_ = h.design(case, data)
    tree = h.tree_from_result(res, names)
    rr = float(res.frame["dev"].iloc[0])
    frame_c = res.frame["complexity"].to_numpy()
    # only the leaves' values (the growing threshold) are taken from R
    tree.complexity = np.where(tree.left < 0, frame_c * rr, np.nan)
    tree.complexity = node_complexity(tree, alpha=(case["control"] or {}).get("cp", 0.01) * rr)
    np.testing.assert_allclose(fixed_complexity(tree) / rr, frame_c, rtol=1e-10, atol=0)
    tab = cp_table(tree)
    ref = res.cptable
    assert list(tab["nsplit"]) == list(ref["nsplit"])
    np.testing.assert_allclose(tab["CP"], ref["CP"], rtol=1e-10, atol=0)
    np.testing.assert_allclose(tab["rel error"], ref["rel error"], rtol=1e-10, atol=0)
    for cp, ns in zip(ref["CP"], ref["nsplit"]):
        assert int((prune(tree, cp).left >= 0).sum()) == ns


@pytest.mark.parametrize("name", STORED)
def test_one_se_rule_on_stored_tables(name):
    from rocstats.r.rpart import result_from_json

    case, _, _ = h.load_case(name)
    tab = result_from_json(case["result"]).cptable
    if tab["xerror"].isna().all():
        pytest.skip("no cross-validation in this case")
    r = one_se_rule(tab)
    xe, xs = tab["xerror"].to_numpy(), tab["xstd"].to_numpy()
    i = int(np.argmin(xe))                      # first minimum
    limit = xe[i] + xs[i]
    first = next(k for k in range(len(tab)) if xe[k] <= limit)   # rows by size
    assert (r.row, r.min_row, r.nsplit, r.cp) == (first, i, tab["nsplit"].iloc[first],
                                                   tab["CP"].iloc[first])
    assert r.threshold == limit and r.n_leaves == r.nsplit + 1


# ------------------------------------------------------------------ cross-validation
def _stump(feature, cut, left_value, right_value, complexity, n_outputs=1):
    t = Tree(n_features=1, n_outputs=n_outputs)
    r = t.add_node(parent=-1, is_left=True, n=2, weight=2.0,
                   value=np.add(left_value, right_value), risk=1.0, complexity=complexity)
    t.set_split(r, Split(feature, LT, cut))
    t.add_node(parent=r, is_left=True, n=1, weight=1.0, value=left_value, risk=0.0,
               complexity=0.0)
    t.add_node(parent=r, is_left=False, n=1, weight=1.0, value=right_value, risk=0.0,
               complexity=0.0)
    return t.finalize()


def test_cross_validate_anova_by_hand():
    # 6 rows, 3 folds; every fold tree is a stump at x < 2.5 with leaf means 1 and 5 and
    # root mean 3, root complexity 4 (risk units)
    x = np.array([[1.0], [2.0], [3.0], [1.5], [2.6], [4.0]])
    y = np.array([1.2, 0.8, 5.5, 1.0, 4.0, 6.0])
    w = np.array([1.0, 2.0, 1.0, 1.0, 1.0, 1.0])
    folds = np.array([1, 2, 3, 1, 2, 3])
    tab = pd.DataFrame({"CP": [0.5, 0.05], "nsplit": [0, 1]})
    rr = AnovaCriterion().node_value(y, w)[1]
    seen = []

    def fit_fold(train):
        seen.append(tuple(train))
        t = _stump(0, 2.5, [1.0], [5.0], complexity=4.0)
        t.value[0, 0] = 3.0
        return t

    xe, xs = cross_validate(fit_fold, x, y, w, folds, tab, criterion=AnovaCriterion())
    assert seen == [(1, 2, 4, 5), (0, 2, 3, 5), (0, 1, 3, 4)]
    # thresholds: 10 * 0.5 * rr, sqrt(0.5 * 0.05) * rr, times the weight share of the
    # training rows; rr > 5 here so the first one keeps the root (prediction 3) and
    # the second (about 0.158 * rr * ~0.7) descends when it is below 4
    thr = np.array([10 * 0.5, np.sqrt(0.5 * 0.05)]) * rr
    ratio = fold_weight_ratios(w, folds)
    err = np.zeros((6, 2))
    for g, fold_rows in enumerate([[0, 3], [1, 4], [2, 5]]):
        for r in fold_rows:
            for k in range(2):
                pred = 3.0 if thr[k] * ratio[g] >= 4.0 else (1.0 if x[r, 0] < 2.5 else 5.0)
                err[r, k] = (y[r] - pred) ** 2
    exp_xe = (w[:, None] * err).sum(0) / rr
    exp_var = (w[:, None] * err ** 2).sum(0) - (w[:, None] * err).sum(0) ** 2 / w.sum()
    np.testing.assert_allclose(xe, exp_xe, rtol=1e-12)
    np.testing.assert_allclose(xs, np.sqrt(exp_var) / rr, rtol=1e-12)
    assert ratio == pytest.approx([5 / 7, 4 / 7 * 1, 5 / 7])


def test_cross_validate_class_loss_is_transposed_like_rpart():
    # two classes, loss[true, pred]: predicting 0 for a true 1 costs 4, the reverse 1.
    # rpart's xval error of a row (true y, predicted p) is loss[p, y] (see the docstring)
    x = np.array([[0.0], [1.0], [0.0], [1.0]])
    y = np.array([0, 1, 1, 0])
    w = np.ones(4)
    folds = np.array([1, 1, 2, 2])
    L = np.array([[0.0, 1.0], [4.0, 0.0]])
    tab = pd.DataFrame({"CP": [0.9, 0.01], "nsplit": [0, 1]})

    def fit_fold(train):
        # leaf for x < 0.5 holds one class-0 row, the other one class-1 row; the root
        # (complexity 5) counts both
        return _stump(0, 0.5, [1.0, 0.0], [0.0, 1.0], complexity=5.0, n_outputs=2)

    crit = GiniCriterion(y, w, 2, loss=L)
    xe, xs = cross_validate(fit_fold, x, y, w, folds, tab, criterion=crit)
    assert crit.prior == pytest.approx([1.0, 1.0])     # prior / class frequency
    rr = crit.node_value(y, w)[1]                      # min(2 * 4, 2 * 1) = 2
    assert rr == 2.0
    # first table row: threshold 10 * 0.9 * 2 * 0.5 = 9 >= 5 keeps the root, which
    # predicts class 1 (expected loss 2 * 1 < 2 * 4): errors loss[1, 0] = 4 for the two
    # class-0 rows.  Second row: threshold about 0.09 < 5 reaches the leaves: x=0 ->
    # class 0, x=1 -> class 1; rows (y=0,p=0) 0, (y=1,p=1) 0, (y=1,p=0): rpart charges
    # loss[p=0, y=1] = 1 (not loss[1, 0] = 4), (y=0,p=1): loss[p=1, y=0] = 4
    np.testing.assert_allclose(xe, [8 / 2, 5 / 2])
    np.testing.assert_allclose(xs, [np.sqrt(32 - 64 / 4) / 2, np.sqrt(17 - 25 / 4) / 2])


def test_cross_validate_stale_rows_and_fold_ids():
    # use_surrogate=0: a row whose split feature is missing stops at the root; for the
    # table rows that need to go further rpart reuses the previous held-out row's error
    x = np.array([[1.0], [np.nan], [3.0], [4.0]])
    y = np.array([1.0, 2.0, 5.0, 7.0])
    w = np.ones(4)
    folds = np.array([1, 1, 2, 2])
    tab = pd.DataFrame({"CP": [0.9, 0.001], "nsplit": [0, 1]})

    def fit_fold(train):
        t = _stump(0, 2.0, [1.0], [6.0], complexity=1.0)
        t.value[0, 0] = 4.0
        return t

    xe, _ = cross_validate(fit_fold, x, y, w, folds, tab, criterion=AnovaCriterion(),
                           use_surrogate=0)
    rr = AnovaCriterion().node_value(y, w)[1]
    assert rr == pytest.approx(22.75)
    # thresholds 10 * 0.9 * rr / 2 >= 1 (stay) and sqrt(0.9 * 0.001) * rr / 2 < 1 (descend)
    # column 1 (descend): row 0 -> (1-1)^2 = 0; row 1 stuck -> previous row's 0;
    # row 2 -> (5-6)^2 = 1; row 3 -> (7-6)^2 = 1
    # column 0 (stay at root, pred 4): 9, 4, 1, 9
    np.testing.assert_allclose(xe, [(9 + 4 + 1 + 9) / rr, 2 / rr])
    with pytest.warns(RuntimeWarning, match="never"):
        cross_validate(fit_fold, x, y, w, np.array([1, 1, 3, 3]), tab,
                       criterion=AnovaCriterion())


def test_one_se_rule_by_hand():
    tab = pd.DataFrame({"CP": [0.4, 0.1, 0.05, 0.02, 0.01], "nsplit": [0, 1, 2, 4, 7],
                        "xerror": [1.02, 0.61, 0.52, 0.47, 0.49],
                        "xstd": [0.05, 0.04, 0.04, 0.04, 0.04]})
    r = one_se_rule(tab)
    assert isinstance(r, OneSEResult)
    # min 0.47 at row 3, limit 0.51; the first row at or below it is row 3 itself
    assert (r.row, r.min_row, r.nsplit, r.cp) == (3, 3, 4, 0.02)
    assert r.threshold == pytest.approx(0.51)
    tab.loc[2, "xerror"] = 0.505
    assert one_se_rule(tab).nsplit == 2
