"""The ROC object (issue 22): rocstats.roc(...) validates and sorts once; every method
gives the very numbers of the function of the same name on the raw data (the functions
run the same code on the object's cached pieces); ROCSet and pROC's formula."""
import warnings

import numpy as np
import pandas as pd
import pytest

import rocstats
from rocstats_validation.paths import DATA_DIR


def _data(kind, seed=3, n=300):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.4).astype(int)
    a = rng.normal(size=n) + 0.8 * y
    b = 0.5 * a + rng.normal(size=n) + 0.2 * y
    if kind == "tied":
        a, b = np.round(a * 2) / 2, np.round(b)
    return y, a, b


CASES = [(k, d) for k in ("continuous", "tied") for d in ("<", ">")]


def _same(x, y):
    """Bit-identical numbers (NaN equal NaN), arrays and frames included."""
    if isinstance(x, pd.DataFrame):
        return list(x.columns) == list(y.columns) and all(
            _same(x[c].to_numpy(), y[c].to_numpy()) for c in x.columns)
    x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    return x.shape == y.shape and np.array_equal(x.view(np.int64) if x.size else x,
                                                 y.view(np.int64) if y.size else y)


@pytest.mark.parametrize("kind,direction", CASES)
def test_methods_equal_the_functions_bit_for_bit(kind, direction):
    y, a, b = _data(kind)
    if direction == ">":
        a, b = -a, -b
    r = rocstats.roc(y, a, direction=direction)
    kw = dict(direction=direction)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert _same(r.auc(), rocstats.auc(y, a, **kw))
        for part, focus, corr in (((0.8, 1), "specificity", False),
                                  ((0.7, 0.95), "sensitivity", True)):
            assert _same(r.auc(part, focus=focus, correct=corr),
                         rocstats.auc(y, a, partial=part, focus=focus, correct=corr, **kw))
        d, f = r.delong(), rocstats.delong(y, a, **kw)
        assert _same([d.auc, d.variance], [f.auc, f.variance])
        assert _same(r.var(), f.variance)
        for x in ("all", "best", "local maximas", np.quantile(a, [0.2, 0.7])):
            assert _same(r.coords(x, ret="all"), rocstats.coords(y, a, x, ret="all", **kw))
        assert _same(r.coords([0.3, 0.9], input="specificity"),
                     rocstats.coords(y, a, [0.3, 0.9], input="specificity", **kw))
        bt, bf = r.best_threshold(), rocstats.best_threshold(y, a, **kw)
        assert _same([bt.threshold, bt.sensitivity, bt.specificity],
                     [bf.threshold, bf.sensitivity, bf.specificity])
        boot = dict(n_boot=200, random_state=11)
        for interval in ("percentile", "bca"):
            ro = r.ci(method="bootstrap", interval=interval, **boot)
            fo = rocstats.ci_auc(y, a, method="bootstrap", interval=interval, **boot, **kw)
            assert _same(ro.replicates, fo.replicates) and _same([ro.lower, ro.upper],
                                                                 [fo.lower, fo.upper])
        assert _same(r.ci().lower, rocstats.ci_auc(y, a, **kw).lower)
        assert _same(r.ci_se([0.5, 0.9], **boot), rocstats.ci_se(y, a, [0.5, 0.9], **boot, **kw))
        assert _same(r.ci_thresholds(**boot).replicates,
                     rocstats.ci_thresholds(y, a, **boot, **kw).replicates)
        assert _same(r.ci_coords("best", best_policy="random", **boot).replicates,
                     rocstats.ci_coords(y, a, "best", best_policy="random", **boot,
                                        **kw).replicates)
        assert _same(r.curve().tpr, rocstats.roc_curve(y, a, **kw).tpr)


@pytest.mark.parametrize("kind,direction", CASES)
def test_paired_delong_test_reuses_the_sorts_and_equals_delong_test(kind, direction):
    y, a, b = _data(kind, seed=5)
    if direction == ">":
        a, b = -a, -b
    ra, rb = rocstats.roc(y, a, direction=direction), rocstats.roc(y, b, direction=direction)
    for alt in ("two-sided", "greater", "less"):
        t = ra.test(rb, alternative=alt)
        f = rocstats.roc_test(y, a, b, direction=direction, alternative=alt)
        assert _same([t.statistic, t.pvalue, t.estimate, t.se], [f.statistic, f.pvalue,
                                                                  f.estimate, f.se])
        assert t.aucs == f.aucs
    # other methods: roc_test on the two curves' data, same seed -> same numbers
    t = ra.test(rb, method="bootstrap", n_boot=300, random_state=2)
    f = rocstats.roc_test(y, a, b, method="bootstrap", n_boot=300, random_state=2,
                          direction=direction)
    assert _same([t.statistic, t.pvalue], [f.statistic, f.pvalue])
    # different cases: unpaired (pROC pairs only curves of the same response)
    rc = rocstats.roc(y[:200], b[:200], direction=direction)
    u = ra.test(rc)
    g = rocstats.roc_test_unpaired(y, a, y[:200], b[:200], direction=direction)
    assert _same([u.statistic, u.pvalue], [g.statistic, g.pvalue])
    with pytest.raises(ValueError, match="paired=True"):
        ra.test(rc, paired=True)


def test_functions_take_a_roc_in_place_of_the_data_as_proc():
    """pROC's auc(r), coords(r, "best"), ci(r), ci.se(r, ...)."""
    y, a, _ = _data("tied")
    r = rocstats.roc(y, a)
    assert rocstats.auc(r) == r.auc() == rocstats.auc(y, a)
    assert _same(rocstats.coords(r, "best"), rocstats.coords(y, a, "best"))
    assert _same(rocstats.ci_se(r, [0.9], n_boot=50, random_state=1),
                 rocstats.ci_se(y, a, [0.9], n_boot=50, random_state=1))
    with pytest.raises(ValueError, match="x is given twice"):
        rocstats.coords(r, "best", x="local maximas")


def test_scores_beside_a_roc_are_refused_not_ignored():
    """A ROC holds its own scores: scores passed beside it (one marker or several) were
    silently ignored before issue 23's mutation run found it; now a ValueError names
    y_score."""
    y, a, b = _data("tied")
    r = rocstats.roc(y, a)
    for call in (lambda: rocstats.auc(r, b), lambda: rocstats.delong(r, b),
                 lambda: rocstats.ci_auc(r, np.c_[a, b], method="bootstrap", n_boot=20),
                 lambda: rocstats.ci_auc(r, b)):
        with pytest.raises(ValueError, match="^y_score must not be given with a rocstats.ROC"):
            call()


def test_asah_session_in_procs_length():
    """The README's session; numbers from pROC 1.18.0 (stored in
    validation/results/proc_coords.json and the proc_parity cases): AUC 0.7314, DeLong CI
    0.6301-0.8326, best threshold 0.205 (Sp 0.8056, Se 0.6341)."""
    asah = pd.read_csv(DATA_DIR / "asah.csv")
    r = rocstats.roc("outcome ~ s100b", data=asah, pos_label="Poor")
    assert isinstance(r, rocstats.ROC) and r.name == "s100b"
    assert round(r.auc(), 4) == 0.7314
    lo, hi = r.ci()
    assert (round(lo, 4), round(hi, 4)) == (0.6301, 0.8326)
    best = r.coords("best")
    assert best.round(4).values.tolist() == [[0.205, 0.8056, 0.6341]]
    assert (r.n_pos, r.n_neg, r.pos_label) == (41, 72, "Poor")
    text = str(r.summary())
    assert "0.731369" in text and "never guessed" in text


def test_rocset_from_a_formula_and_from_a_dataframe():
    asah = pd.read_csv(DATA_DIR / "asah.csv")
    rs = rocstats.roc("outcome ~ s100b + ndka", data=asah, pos_label="Poor")
    assert isinstance(rs, rocstats.ROCSet) and list(rs) == ["s100b", "ndka"]
    rd = rocstats.roc(asah["outcome"], asah[["s100b", "ndka"]], pos_label="Poor")
    assert list(rd) == ["s100b", "ndka"]
    y = (asah["outcome"] == "Poor").to_numpy()
    assert rs.auc() == {"s100b": rocstats.auc(y, asah["s100b"]),
                        "ndka": rocstats.auc(y, asah["ndka"])}
    joint = rs.test()
    paired = rocstats.roc_test(y, asah["s100b"], asah["ndka"])
    assert joint.statistic == pytest.approx(paired.statistic ** 2, rel=1e-12)
    table = rs.pairwise()
    assert table["comparison"].tolist() == ["s100b - ndka"]
    assert table["p"].iloc[0] == pytest.approx(paired.pvalue, rel=1e-12)
    assert rs["s100b"].test(rs["ndka"]).pvalue == paired.pvalue
    assert "ndka" in str(rs.summary())
    # a Categorical outcome follows the label contract (the second level is the cases)
    cat = asah.assign(outcome=pd.Categorical(asah["outcome"], ["Good", "Poor"]))
    rc = rocstats.roc("outcome ~ s100b", data=cat)
    assert rc.pos_label == "Poor" and rc.auc() == rs["s100b"].auc()


def test_formula_and_argument_errors():
    asah = pd.read_csv(DATA_DIR / "asah.csv")
    with pytest.raises(ValueError, match="not found in data"):
        rocstats.roc("outcome ~ s100c", data=asah, pos_label="Poor")
    with pytest.raises(ValueError, match="data is required"):
        rocstats.roc("outcome ~ s100b")
    with pytest.raises(ValueError, match="formula must read"):
        rocstats.roc("outcome s100b", data=asah)
    with pytest.raises(ValueError, match="y_score is required"):
        rocstats.roc([0, 1, 1])
    with pytest.raises(ValueError, match="look swapped"):
        rocstats.roc(asah["s100b"], (asah["outcome"] == "Poor").astype(int))


def test_weighted_roc_curve_and_repr():
    y, a, _ = _data("tied")
    w = np.arange(y.size) % 3 + 1.0
    r = rocstats.roc(y, a, sample_weight=w)
    assert _same(r.curve().tpr, rocstats.roc_curve(y, a, sample_weight=w).tpr)
    assert "ROC" in repr(r) and "cases" in repr(r)


def test_every_function_takes_every_score_container_names_kept():
    """Issue 22: 1-D, 2-D array and DataFrame; a DataFrame's column names in every
    result (ci_auc's DeLong vector keeps them too)."""
    asah = pd.read_csv(DATA_DIR / "asah.csv")
    y = (asah["outcome"] == "Poor").to_numpy()
    df = asah[["s100b", "ndka"]]
    numbers = {rocstats.auc: lambda r: r, rocstats.roc_curve: lambda r: r.tpr,
               rocstats.best_threshold: lambda r: r.threshold, rocstats.coords: lambda r: r}
    for fn, num in numbers.items():
        res = fn(y, df)
        assert list(res) == ["s100b", "ndka"], fn.__name__
        assert _same(num(res["ndka"]), num(fn(y, asah["ndka"])))
    boot = rocstats.ci_auc(y, df, method="bootstrap", n_boot=50, random_state=1)
    assert list(boot) == ["s100b", "ndka"]
    assert boot["s100b"].lower == rocstats.ci_auc(y, asah["s100b"], method="bootstrap",
                                                   n_boot=50, random_state=1).lower
    assert rocstats.ci_auc(y, df).names == ("s100b", "ndka")
    assert rocstats.delong(y, df).names == ("s100b", "ndka")
    arr = rocstats.coords(y, df.to_numpy(), "best")
    assert list(arr) == ["score 0", "score 1"]


@pytest.mark.parametrize("threads", ["1", ""])
def test_paired_delong_test_on_two_threads_equals_roc_test(threads, monkeypatch):
    """Above the two-thread size (2^15 values) the two curves' case-order placements are
    written on two threads into rows of one matrix; the numbers equal roc_test's on the
    raw data, with one thread or two."""
    monkeypatch.setenv("ROCSTATS_NUM_THREADS", threads)
    rng = np.random.default_rng(7)
    n = 60_000
    y = (rng.random(n) < 0.4).astype(int)
    a = rng.normal(size=n) + y
    b = np.round(0.5 * a + rng.normal(size=n), 1)           # ties in b
    t = rocstats.roc(y, a).test(rocstats.roc(y, b))
    f = rocstats.roc_test(y, a, b)
    assert [t.statistic, t.pvalue, t.se] == [f.statistic, f.pvalue, f.se]
    assert t.aucs == f.aucs


def test_placements_by_case_writes_into_given_rows():
    from rocstats import _kernels

    rng = np.random.default_rng(3)
    pos, neg = np.sort(rng.normal(size=50)), np.sort(np.round(rng.normal(size=70), 1))
    op, on = rng.permutation(50), rng.permutation(70)
    for side in _kernels.implementations("roc").values():
        t, v10, v01 = side.placements_by_case(pos, op, neg, on)
        M10, M01 = np.full((2, 50), -1.0), np.full((2, 70), -1.0)
        t2, w10, w01 = side.placements_by_case(pos, op, neg, on, out=(M10[1], M01[1]))
        assert t2 == t and np.array_equal(M10[1], v10) and np.array_equal(M01[1], v01)
        assert (M10[0] == -1).all() and np.shares_memory(w10, M10)
        with pytest.raises(ValueError, match=r"out\[0\]"):
            side.placements_by_case(pos, op, neg, on, out=(M10[:, 0], M01[1]))
        with pytest.raises(ValueError, match=r"out\[1\]"):
            side.placements_by_case(pos, op, neg, on, out=(M10[1], np.zeros(70, np.float32)))
