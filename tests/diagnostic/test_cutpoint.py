"""rocstats.cutpoint against definitions: a brute-force search over every cut-off in exact
fractions, the bootstrap replicates re-derived from their definition, and agreement with
coords / best_threshold (one tie rule).  cutpointr parity: tests/parity."""
import math
from fractions import Fraction

import numpy as np
import pytest

import rocstats

METRICS = ("youden", "sum_sens_spec", "accuracy", "closest.topleft", "roc01",
           "sens_constrain", "spec_constrain")


def brute_force(y, s, metric, direction="<", min_constrain=Fraction(7, 10)):
    """Every optimal cut-off (test positive: s >= c, or s <= c for ">") by enumeration
    in exact fractions; candidates: the observed values and "nothing positive"."""
    y = np.asarray(y, dtype=bool)
    s = np.asarray(s, dtype=float)
    P, N = int(y.sum()), int((~y).sum())
    cands = sorted(set(s.tolist())) + [math.inf if direction == "<" else -math.inf]
    rows = []
    for c in cands:
        pos = s >= c if direction == "<" else s <= c
        se = Fraction(int((pos & y).sum()), P)
        sp = Fraction(int((~pos & ~y).sum()), N)
        if metric in ("youden", "sum_sens_spec"):
            key = se + sp
        elif metric == "accuracy":
            key = Fraction(int((pos & y).sum() + (~pos & ~y).sum()), P + N)
        elif metric in ("closest.topleft", "roc01"):
            key = -((1 - se) ** 2 + (1 - sp) ** 2)
        elif metric == "sens_constrain":
            key = (se, sp) if sp >= min_constrain else (Fraction(-1), Fraction(-1))
        else:
            key = (sp, se) if se >= min_constrain else (Fraction(-1), Fraction(-1))
        rows.append((c, key, se, sp))
    best = max(r[1] for r in rows)
    return [r for r in rows if r[1] == best]


def _data(seed, n, ties):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    y[:2] = (0, 1)
    s = rng.normal(size=n) + 0.8 * y
    if ties:
        s = np.round(s * 2) / 2
    return y, s


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("metric", METRICS)
@pytest.mark.parametrize("direction", ["<", ">"])
def test_optimal_set_equals_brute_force(seed, metric, direction):
    y, s = _data(seed, 15 + 7 * seed, ties=seed % 2 == 0)
    ref = brute_force(y, s, metric, direction)
    c = rocstats.cutpoint(y, s, metric=metric, direction=direction, min_constrain=0.7)
    assert sorted(c.ties) == sorted(r[0] for r in ref)
    # "first": the most sensitive optimal cut-off (lowest for "<", highest for ">")
    first = min(ref, key=lambda r: r[0]) if direction == "<" else max(ref, key=lambda r: r[0])
    assert c.threshold == first[0]
    assert c.sensitivity == float(first[2]) and c.specificity == float(first[3])
    assert c.tp + c.fn == int(np.sum(y == 1)) and c.tp == round(float(first[2]) * (c.tp + c.fn))


@pytest.mark.parametrize("seed", range(8))
def test_one_tie_rule_with_coords_and_best_threshold(seed):
    y, s = _data(100 + seed, 40, ties=True)
    c = rocstats.cutpoint(y, s)
    best = rocstats.coords(y, s, "best", ret=("sensitivity", "specificity"))
    bt = rocstats.best_threshold(y, s)
    # the same operating points, in the same order (pROC's rows), the first chosen
    pts = [(rocstats.diagnostic_accuracy(y, s, t).sensitivity,
            rocstats.diagnostic_accuracy(y, s, t).specificity) for t in c.ties]
    assert pts == list(zip(best["sensitivity"], best["specificity"]))
    assert (c.sensitivity, c.specificity) == (bt.sensitivity, bt.specificity)
    assert len(c.ties) == len(bt.all_thresholds)


def test_midpoints_are_proc_thresholds_except_at_the_lowest_score():
    y, s = _data(7, 60, ties=True)
    c = rocstats.cutpoint(y, s, use_midpoints=True, metric="accuracy")
    all_rows = rocstats.coords(y, s, "all", ret=("threshold",))["threshold"].to_numpy()
    for t in c.ties:
        assert t in all_rows or t == s.min()
    # a tie list that contains the lowest score keeps it (cutpointr) where pROC has -inf
    # (accuracy 3/4 with everything positive and with s >= 3)
    low = rocstats.cutpoint([1, 1, 0, 1], [4, 3, 2, 1], metric="accuracy", use_midpoints=True)
    assert low.ties == (1.0, 2.5) and low.threshold == 1.0 and low.sensitivity == 1.0


def test_weighted_youden_and_closest_topleft_follow_coords_best_weights():
    y, s = _data(21, 80, ties=True)
    for metric, method in (("youden", "youden"), ("closest.topleft", "closest.topleft")):
        for w in ((2.0, 0.25), (0.5, 0.7)):
            c = rocstats.cutpoint(y, s, metric=metric, best_weights=w)
            ref = rocstats.coords(y, s, "best", best_method=method, best_weights=w,
                                  ret=("sensitivity", "specificity"))
            assert (c.sensitivity, c.specificity) == tuple(ref.iloc[0])
            assert len(c.ties) == len(ref)


def test_median_tie_rule_is_cutpointrs_and_says_when_it_is_not_optimal():
    y, s = [0, 0, 1, 0, 1, 1, 0, 1], [1, 2, 3, 4, 5, 6, 7, 8]
    first = rocstats.cutpoint(y, s)
    assert first.ties == (3.0, 5.0) and first.threshold == 3.0 and first.value == 0.5
    med = rocstats.cutpoint(y, s, ties="median")   # cutpointr: 4, youden 0.25 (R, 1.1.2)
    assert med.threshold == 4.0 and med.value == 0.25
    assert any("not itself an optimal" in n for n in med.notes)
    assert "not itself an optimal" in str(med)


def _draws(seed, n, B, stratified, y):
    rng = np.random.default_rng(seed)
    if stratified:
        pos, neg = np.flatnonzero(y == 1), np.flatnonzero(y == 0)
        return np.concatenate([pos[rng.integers(0, pos.size, size=(B, pos.size))],
                               neg[rng.integers(0, neg.size, size=(B, neg.size))]], axis=1)
    return rng.integers(0, n, size=(B, n))


@pytest.mark.parametrize("stratified", [False, True])
def test_bootstrap_rows_equal_their_definition(stratified):
    """Each replicate re-derived: the resample's optimal cut-off (brute force), its metrics
    in the resample, and on the cases not drawn at that cut-off."""
    y, s = _data(5, 30, ties=True)
    B = 60
    c = rocstats.cutpoint(y, s, n_boot=B, random_state=99, stratified=stratified)
    draws = _draws(99, y.size, B, stratified, y)
    rows = []
    for d in draws:
        yb, sb = y[d], s[d]
        if yb.min() == yb.max():
            continue
        ref = brute_force(yb, sb, "youden")
        cut = min(r[0] for r in ref)
        oob = np.setdiff1d(np.arange(y.size), d)
        yo, so = y[oob], s[oob]
        tpo = int(np.sum((so >= cut) & (yo == 1)))
        fpo = int(np.sum((so >= cut) & (yo == 0)))
        rows.append((cut, tpo, fpo, int(np.sum(yo == 1)) - tpo, int(np.sum(yo == 0)) - fpo))
    assert c.n_removed == B - len(rows)
    assert len(c.boot) == len(rows)
    np.testing.assert_array_equal(c.boot["optimal_cutpoint"], [r[0] for r in rows])
    np.testing.assert_array_equal(c.boot[["TP_oob", "FP_oob", "FN_oob", "TN_oob"]].to_numpy(),
                                  [r[1:] for r in rows])
    with np.errstate(invalid="ignore", divide="ignore"):
        se_oob = np.array([r[1] / (r[1] + r[3]) if r[1] + r[3] else np.nan for r in rows])
    np.testing.assert_array_equal(c.boot["sensitivity_oob"], se_oob)
    # in-bag counts are the resample's, at its own cut-off
    assert np.all(c.boot["TP_b"] + c.boot["FN_b"] + c.boot["FP_b"] + c.boot["TN_b"] == y.size)


def test_optimism_definition_on_a_useless_marker():
    """On a marker unrelated to the outcome the true Youden index of any cut-off is 0: the
    apparent value is optimistic (optimism > 0), the out-of-bag mean is not above 0 beyond
    Monte Carlo error, and the .632 estimate lands near the truth (|.632| < 0.03; it is
    -0.009 here)."""
    rng = np.random.default_rng(8)
    y = rng.integers(0, 2, 120)
    s = rng.normal(size=120)
    c = rocstats.cutpoint(y, s, n_boot=400, random_state=1)
    opt = c.optimism()
    o = c.boot["youden_oob"].dropna()
    assert opt.loc["youden", "out_of_bag"] == pytest.approx(o.mean(), rel=1e-12)
    assert opt.loc["youden", "optimism"] == pytest.approx(c.value - o.mean(), rel=1e-12)
    assert opt.loc["youden", "estimate_632"] == pytest.approx(0.368 * c.value + 0.632 * o.mean())
    assert opt.loc["youden", "optimism"] > 0.05
    assert opt.loc["youden", "out_of_bag"] < 3 * opt.loc["youden", "out_of_bag_se"]
    assert abs(opt.loc["youden", "estimate_632"]) < 0.03
    lo, hi = c.conf_int()
    assert lo <= np.median(c.boot["optimal_cutpoint"]) <= hi


def test_bootstrap_is_reproducible_and_needs_a_bootstrap_for_optimism():
    y, s = _data(3, 50, ties=False)
    a = rocstats.cutpoint(y, s, n_boot=30, random_state=4)
    b = rocstats.cutpoint(y, s, n_boot=30, random_state=4)
    assert a.boot.equals(b.boot)
    with pytest.raises(ValueError, match="n_boot"):
        rocstats.cutpoint(y, s).optimism()


def test_one_class_warns_and_returns_nan():
    with pytest.warns(rocstats.UndefinedAUCWarning):
        c = rocstats.cutpoint([1, 1, 1], [1, 2, 3])
    assert math.isnan(c.threshold) and math.isnan(c.sensitivity)


@pytest.mark.parametrize("kwargs,match", [({"metric": "f1"}, "metric"), ({"ties": "mean"}, "ties"),
                                          ({"min_constrain": 1.5}, "min_constrain"),
                                          ({"n_boot": -1}, "n_boot"), ({"use_midpoints": 1},
                                                                       "use_midpoints"),
                                          ({"best_weights": (0, 0.5)}, "best_weights"),
                                          ({"direction": "auto"}, "direction")])
def test_bad_arguments_name_themselves(kwargs, match):
    with pytest.raises(ValueError, match=match):
        rocstats.cutpoint([0, 1, 0, 1], [1, 2, 3, 4], **kwargs)
