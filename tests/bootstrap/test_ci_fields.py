"""Every field of `rocstats.ci_auc`'s bootstrap result, on the paths the interval tests
do not reach: several markers at once, a sample without one class, a perfect curve and a
reversed one (issue 23: survivors of the mutation run over rocstats.bootstrap._ci).
The expected values are the one-marker calls (several markers are those calls, marker by
marker), the documented field values, and the texts of the warnings the user reads."""
import warnings

import numpy as np
import pytest

import rocstats
from rocstats import UndefinedAUCWarning

FIELDS = ("lower", "upper", "level", "method", "estimate", "median", "n_boot", "n_valid",
          "stratified", "interval", "seed", "statistic")


def _same(a, b):
    for f in FIELDS:
        va, vb = getattr(a, f), getattr(b, f)
        if isinstance(va, float):
            assert va == vb or (np.isnan(va) and np.isnan(vb)), f
        else:
            assert va == vb, f
    np.testing.assert_array_equal(a.replicates, b.replicates)


OPTIONS = [
    dict(),
    dict(level=0.9, partial=(0.8, 1.0), focus="sensitivity", correct=True, n_boot=120,
         stratified=False, interval="bca", random_state=11, direction=">", pos_label="d"),
]


@pytest.mark.parametrize("kw", OPTIONS, ids=["defaults", "every-option"])
def test_several_markers_are_the_one_marker_calls(kw):
    rng = np.random.default_rng(8)
    y = np.array(["d", "h"])[rng.integers(0, 2, 40)]
    S = np.c_[np.round(rng.normal(size=40), 1), rng.integers(0, 5, 40)]
    kw = dict(kw, n_boot=kw.get("n_boot", 80), random_state=kw.get("random_state", 3),
              pos_label=kw.get("pos_label", "h"))
    many = rocstats.ci_auc(y, S, method="bootstrap", **kw)
    assert list(many) == ["score 0", "score 1"]
    for j, name in enumerate(many):
        one = rocstats.ci_auc(y, S[:, j], method="bootstrap", **kw)
        _same(many[name], one)
        assert one.method == "bootstrap" and one.n_boot == kw["n_boot"]
        assert one.level == kw.get("level", 0.95) and one.interval == kw.get("interval",
                                                                              "percentile")
        assert one.stratified == kw.get("stratified", True)
        assert one.seed == rocstats.ci_auc(y, S[:, j], method="bootstrap",
                                           **kw).seed == kw["random_state"]


@pytest.mark.parametrize("partial, correct, what", [
    (None, False, "AUC"),
    ((0.8, 1.0), False, "partial AUC (specificity 0.8 to 1)"),
    ((0.8, 0.95), True, "partial AUC (McClish) (specificity 0.8 to 0.95)"),
])
def test_one_class_gives_nan_with_every_field_and_names_the_statistic(partial, correct,
                                                                       what):
    with pytest.warns(UndefinedAUCWarning) as rec:
        r = rocstats.ci_auc([1, 1, 1, 1], [0.1, 0.4, 0.2, 0.3], method="bootstrap",
                            partial=partial, correct=correct, n_boot=50, stratified=False,
                            interval="bca", random_state=7, level=0.8)
    assert any(str(w.message).startswith("The %s " % what) for w in rec), \
        [str(w.message) for w in rec]
    assert np.isnan(r.lower) and np.isnan(r.upper) and np.isnan(r.estimate)
    assert r.method == "bootstrap" and r.statistic == what and r.level == 0.8
    assert r.n_boot == 50 and r.stratified is False and r.interval == "bca"
    assert r.seed == 7 and r.replicates.shape == (0,)


def test_statistic_names_the_partial_range_and_correction():
    rng = np.random.default_rng(2)
    y = rng.integers(0, 2, 30)
    s = rng.normal(size=30) + y
    r = rocstats.ci_auc(y, s, method="bootstrap", partial=(0.9, 0.7), focus="sensitivity",
                        correct=True, n_boot=40, random_state=1)
    assert r.statistic == "partial AUC (McClish) (sensitivity 0.7 to 0.9)"
    assert r.method == "bootstrap"
    assert "Bootstrap confidence interval of the partial AUC (McClish)" in str(r.summary())


def test_perfect_curve_warns_with_the_function_name():
    with pytest.warns(UserWarning, match=r"^ci_auc\(\) of a ROC curve with AUC == 1"):
        rocstats.ci_auc([0, 0, 1, 1], [1, 2, 3, 4], method="bootstrap", n_boot=20,
                        random_state=1)


def test_reversed_curve_warning_names_the_direction_and_auc():
    y = [0, 0, 0, 1, 1, 1]
    s = [6, 5, 3, 4, 2, 1]                         # AUC 1/9 with controls < cases
    with pytest.warns(rocstats.ReversedDirectionWarning) as rec:
        rocstats.ci_auc(y, s, method="bootstrap", n_boot=20, random_state=1)
    msgs = [str(w.message) for w in rec if issubclass(w.category,
                                                      rocstats.ReversedDirectionWarning)]
    assert len(msgs) == 1 and "AUC = 0.1111" in msgs[0] and "larger" in msgs[0]
    with warnings.catch_warnings():
        warnings.simplefilter("error", rocstats.ReversedDirectionWarning)
        rocstats.ci_auc(y, s, method="bootstrap", n_boot=20, random_state=1, direction=">")


def test_default_replicates_are_procs_2000():
    r = rocstats.ci_auc([0, 1, 0, 1, 1, 0], [1, 4, 2, 3, 2, 5], method="bootstrap",
                        random_state=2)
    assert r.n_boot == 2000 and r.replicates.shape == (2000,)


@pytest.mark.parametrize("partial, correct", [(None, False), ((0.9, 0.6), True)])
def test_delong_method_passes_every_option_to_delong(partial, correct):
    rng = np.random.default_rng(4)
    y = np.array(["d", "h"])[rng.integers(0, 2, 50)]
    s = np.round(rng.normal(size=50) - (y == "d"), 1)
    kw = dict(pos_label="d", direction=">")
    if partial is not None:
        kw.update(partial=partial, focus="sensitivity", correct=correct)
    ci = rocstats.ci_auc(y, s, level=0.9, **kw)
    res = rocstats.delong(y, s, **kw)
    ref = res.conf_int(0.9, method="wald")
    assert (ci.lower, ci.upper, ci.estimate) == (ref.lower, ref.upper, res.auc)
    assert ci.method == "delong" and ci.names == ref.names and ci.level == 0.9
    # the Wald interval by hand (clipped to [0, 1])
    from scipy import stats
    z = stats.norm.ppf(0.95)
    assert ci.lower == pytest.approx(max(0.0, res.auc - z * res.se), abs=1e-15)
    assert ci.upper == pytest.approx(min(1.0, res.auc + z * res.se), abs=1e-15)
    # the other direction is a different curve: the options reach delong
    other = rocstats.ci_auc(y, s, level=0.9, **dict(kw, direction="<"))
    assert not other.estimate == pytest.approx(res.auc, abs=0.05)    # NaN counts as different


def test_dropped_replicates_are_counted_in_a_warning_naming_the_statistic():
    y = [0, 0, 0, 0, 0, 1, 1]
    s = [1, 2, 3, 4, 5, 6, 7]
    with pytest.warns(UndefinedAUCWarning,
                      match=r"^\d+ of 300 bootstrap replicates gave an undefined AUC \("):
        r = rocstats.ci_auc(y, s, method="bootstrap", n_boot=300, stratified=False,
                            random_state=1)
    # a non-stratified replicate has no case with probability (5/7)^7 = 0.095
    assert 0 < 300 - r.n_valid == 300 - r.replicates.size < 60


def test_reversed_warning_names_the_positive_label():
    y = np.array(["pos", "neg", "neg", "pos"])
    with pytest.warns(rocstats.ReversedDirectionWarning, match="positive class 'pos'"):
        rocstats.ci_auc(y, [1, 3, 4, 2], method="bootstrap", n_boot=20, random_state=1,
                        pos_label="pos")


# --------------------------------------------------------------------------- ci_se / ci_sp
CURVE = [(rocstats.ci_se, "specificity", "specificities", "sensitivity"),
         (rocstats.ci_sp, "sensitivity", "sensitivities", "specificity")]


def _two_class(seed=6, n=60):
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    return y, np.round(rng.normal(size=n) + y, 1)


@pytest.mark.parametrize("fn, col, name, stat", CURVE)
def test_curve_interval_frame_records_its_options(fn, col, name, stat):
    y, s = _two_class()
    kw = dict(level=0.8, n_boot=60, stratified=False, random_state=5)
    bca = fn(y, s, [0.9, 0.5, 0.7], interval="bca", **kw)
    assert bca[col].tolist() == [0.9, 0.5, 0.7]                   # the caller's order
    assert {k: bca.attrs[k] for k in ("level", "n_boot", "stratified", "interval", "seed")} \
        == dict(level=0.8, n_boot=60, stratified=False, interval="bca", seed=5)
    # 60 replicates of 60 subjects: none lacks a class (probability 60 * 2^-60 apart)
    assert isinstance(bca.attrs["n_valid"], int) and bca.attrs["n_valid"] == 60
    assert len(bca.attrs["estimate"]) == 3
    pct = fn(y, s, [0.9, 0.5, 0.7], interval="percentile", **kw)
    assert pct.attrs["interval"] == "percentile"
    np.testing.assert_array_equal(pct["median"], bca["median"])   # the same replicates
    assert not np.array_equal(pct[["lower", "upper"]].to_numpy(),
                              bca[["lower", "upper"]].to_numpy(), equal_nan=True)
    one = fn(y, s, 0.7, interval="bca", **kw)                     # a scalar: one row
    assert one[col].tolist() == [0.7]
    np.testing.assert_allclose(one[["lower", "median", "upper"]].to_numpy()[0],    # BCa's
                               bca[["lower", "median", "upper"]].to_numpy()[2],    # sums:
                               rtol=1e-14)                                         # 1 ulp


@pytest.mark.parametrize("fn, col, name, stat", CURVE)
def test_curve_interval_edge_paths_name_the_function(fn, col, name, stat):
    fname = fn.__name__
    with pytest.warns(UndefinedAUCWarning, match=r"^The ROC curve \(%s\) " % fname):
        df = fn([1, 1, 1], [0.1, 0.2, 0.3], [0.5, 0.9], n_boot=20, random_state=2, level=0.9)
    assert df[["lower", "median", "upper"]].isna().all().all() and df.attrs["level"] == 0.9
    assert (df[["lower", "median", "upper"]].dtypes == np.float64).all()
    with pytest.warns(UserWarning, match=r"^%s\(\) of a ROC curve with AUC == 1" % fname):
        fn([0, 0, 1, 1], [1, 2, 3, 4], [0.5], n_boot=20, random_state=1)
    with pytest.warns(UndefinedAUCWarning,
                      match=r"^\d+ of 200 bootstrap replicates gave an undefined %s " % stat):
        fn([0, 0, 0, 0, 0, 1, 1], [1, 2, 3, 4, 5, 6, 7], [0.5], n_boot=200,
           stratified=False, random_state=1)
    r = rocstats.roc(*_two_class())
    with pytest.raises(ValueError, match="^%s is given twice" % name):
        fn(r, [0.9], **{name: [0.9]})


# --------------------------------------------------------------------------- partial AUC
@pytest.mark.parametrize("few", ["cases", "controls"])
@pytest.mark.parametrize("focus", ["specificity", "sensitivity"])
@pytest.mark.parametrize("correct", [False, True])
def test_partial_auc_replicates_are_the_definition_on_each_resample(focus, correct, few):
    """Replicate r is the partial AUC (McClish-corrected when asked, below-diagonal values
    kept: pROC's allow.invalid.partial.auc.correct inside its bootstrap) of resample r of
    the documented stream; a non-stratified resample without a class is dropped, and the
    warning counts exactly those."""
    from definitions import mcclish_def, pauc_def, resample_def

    pos = [0.3, 0.9, 0.9, 0.4]                         # a weak marker: many resamples
    neg = [0.1, 0.4, 0.5, 0.6, 0.2, 0.9, 0.35]         # fall below the diagonal
    if few == "controls":                              # resamples with 0 or 1 control
        pos, neg = [0.1, 0.4, 0.5, 0.6, 0.2, 0.9, 0.35], [0.3, 0.45, 0.05]
    y = [1] * len(pos) + [0] * len(neg)
    lo, hi = 0.7, 0.95
    n_boot, seed = 150, 2024
    with warnings.catch_warnings(record=True) as rec:
        warnings.simplefilter("always")
        r = rocstats.ci_auc(y, pos + neg, method="bootstrap", partial=(lo, hi), focus=focus,
                            correct=correct, n_boot=n_boot, stratified=False,
                            random_state=seed)
    expected, absent, one = [], 0, 0
    for k in range(n_boot):
        P, N = resample_def(pos, neg, seed, k, stratified=False)
        if not P or not N:
            absent += 1
            continue
        one += min(len(P), len(N)) == 1
        p = pauc_def(P, N, lo, hi, focus)
        expected.append(mcclish_def(p, lo, hi) if correct else p)
    assert absent > 0 and one > 0 and r.n_valid == n_boot - absent
    np.testing.assert_allclose(r.replicates, expected, rtol=0, atol=1e-12)
    if correct:   # the corrected values below 0.5 are kept, not dropped
        assert (np.asarray(expected) < 0.5).any()
    dropped = [str(w.message) for w in rec if issubclass(w.category, UndefinedAUCWarning)]
    assert dropped and dropped[0].startswith("%d of %d bootstrap replicates" % (absent, n_boot))


def test_statistics_on_counts_do_not_depend_on_the_chunking(monkeypatch):
    """Statistics evaluated on count matrices are drawn in chunks of replicates (bounded
    memory); replicate r keeps its counter r in every chunk -- the "random" tie policy
    of x="best" draws from it -- so small chunks give the same numbers."""
    from rocstats.bootstrap import _engine

    y = np.r_[np.zeros(6, int), np.ones(6, int)]
    s = np.array([3, 2, 2, 1, 1, 0, 1, 1, 1, 4, 3, 4])  # few values: tied optima are common
    kw = dict(n_boot=90, random_state=4)

    def run():
        return (rocstats.ci_coords(y, s, "best", ret=("threshold", "sensitivity"),
                                   best_policy="random", **kw),
                rocstats.ci_auc(y, s, method="bootstrap", partial=(0.8, 1.0), **kw))

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        big = run()
        monkeypatch.setattr(_engine, "CHUNK", 2 * (np.unique(s).size + 1))   # 2 rows a chunk
        small = run()
    assert big[0].n_tied > 0
    np.testing.assert_array_equal(small[0].replicates, big[0].replicates)
    np.testing.assert_array_equal(small[1].replicates, big[1].replicates)
