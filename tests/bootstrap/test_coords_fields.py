"""`rocstats.ci_coords` / `ci_thresholds` beyond the interval tests: the replicates of
x="best" are the exhaustive optimum of each resample of the documented stream, a
sample without one class gives a NaN result with every field, and the options are
recorded (issue 23: survivors of the mutation run over rocstats.bootstrap._ci)."""
import warnings

import numpy as np
import pytest

import rocstats
from rocstats import UndefinedAUCWarning

from definitions import best_points_def, proc_threshold_def, resample_def


SMALL = {"few cases": ([2.0, 3.0, 1.0], [1.0, 0.0, 2.0, 2.0, 3.0, 1.0, 2.0]),
         "few controls": ([1.0, 0.0, 2.0, 2.0, 3.0, 3.0, 2.0], [2.0, 1.0, 0.0])}
RET = ("threshold", "sensitivity", "specificity", "tp", "tn", "fp", "fn", "ppv", "npv")


def _without_a_class(pos, neg, seed, n_boot):
    """Replicates of the documented non-stratified stream that miss cases or controls."""
    return sum(1 for k in range(n_boot)
               if not all(resample_def(pos, neg, seed, k, stratified=False)))


@pytest.mark.parametrize("policy", ["omit", "random"])
@pytest.mark.parametrize("which", sorted(SMALL))
@pytest.mark.parametrize("direction", ["<", ">"])
def test_best_replicates_are_the_exhaustive_optimum_of_each_resample(direction, which,
                                                                     policy):
    """Replicate r of x="best" is the optimum of resample r found by exhaustive exact
    search (tests/definitions.best_points_def), its coordinates counted directly; tied
    optima give NaN ("omit") or the point picked by the replicate's draw m + n, the one
    after its resampling draws ("random"); resamples without a class give NaN."""
    from definitions import boot_draw_def, coords_metrics_def

    pos, neg = SMALL[which]
    if direction == ">":                              # cases low: the same curve mirrored
        pos, neg = [-v for v in pos], [-v for v in neg]
    y = [1] * len(pos) + [0] * len(neg)
    n_boot, seed = 150, 99
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedAUCWarning)
        r = rocstats.ci_coords(y, pos + neg, "best", ret=RET, best_policy=policy,
                               n_boot=n_boot, stratified=False, random_state=seed,
                               direction=direction)
    sign = 1.0 if direction == "<" else -1.0          # the working scores: higher = case
    wpos, wneg = [sign * v for v in pos], [sign * v for v in neg]
    tied = absent = one_control = 0
    for k in range(n_boot):
        P, N = resample_def(wpos, wneg, seed, k, stratified=False)
        got = r.replicates[k, 0]
        if not P or not N:
            absent += 1
            assert np.isnan(got).all(), k
            continue
        one_control += len(N) == 1
        idx = best_points_def(P, N, "youden")
        if len(idx) > 1:
            tied += 1
            if policy == "omit":
                assert np.isnan(got).all(), k
                continue
            j = idx[(boot_draw_def(seed, k, len(pos) + len(neg)) * len(idx)) >> 64]
        else:
            j = idx[0]
        cuts = sorted(set(P) | set(N)) + [float("inf")]
        tp = sum(1 for v in P if v >= cuts[j])
        fp = sum(1 for v in N if v >= cuts[j])
        d = coords_metrics_def(tp, fp, len(P), len(N))
        expected = [sign * proc_threshold_def(cuts, j)] + [
            np.nan if d[name] is None else float(d[name]) for name in RET[1:]]
        np.testing.assert_allclose(got, expected, rtol=1e-15, err_msg=str(k))
    assert absent > 0 and tied > 0 and r.n_tied == tied
    if which == "few controls":
        assert one_control > 0
    if policy == "omit":
        assert (r.n_valid[:, :3] == n_boot - absent - tied).all()
    else:
        assert (r.n_valid[:, :3] == n_boot - absent).all()


def test_coords_warn_with_the_count_of_replicates_without_a_class():
    pos, neg = [3.0, 4.0], [1.0, 2.0, 2.5, 3.5, 0.5]
    y = [1, 1, 0, 0, 0, 0, 0]
    n_boot, seed = 200, 8
    absent = _without_a_class(pos, neg, seed, n_boot)
    with pytest.warns(UndefinedAUCWarning,
                      match=r"^%d of %d bootstrap replicates gave undefined values only "
                            % (absent, n_boot)):
        rocstats.ci_coords(y, pos + neg, [0.5, 0.8], input="specificity",
                           ret=("sensitivity",), n_boot=n_boot, stratified=False,
                           random_state=seed)


def test_continuous_best_has_no_tied_replicates():
    rng = np.random.default_rng(5)
    y = rng.integers(0, 2, 50)
    s = rng.normal(size=50) + y
    r = rocstats.ci_coords(y, s, "best", ret="threshold", best_policy="stop", n_boot=60,
                           random_state=1)
    assert r.n_tied == 0 and (r.n_valid == 60).all()


@pytest.mark.parametrize("fn, x, kw", [
    (rocstats.ci_coords, [0.5, 0.9], dict(input="specificity", ret=("sensitivity", "ppv"))),
    (rocstats.ci_coords, "best", dict(ret=("threshold",))),
    (rocstats.ci_thresholds, [0.5, 1.5], dict()),
])
def test_one_class_gives_nan_coords_with_every_field(fn, x, kw):
    with pytest.warns(UndefinedAUCWarning):
        r = fn([1, 1, 1, 1], [0.2, 0.9, 1.4, 0.5], x, level=0.8, n_boot=40,
               stratified=False, interval="bca", random_state=3, **kw)
    T = 1 if isinstance(x, str) else len(x)
    J = len(r.ret)
    for a in (r.lower, r.median, r.upper, r.estimate):
        assert a.shape == (T, J) and a.dtype == np.float64 and np.isnan(a).all()
    assert r.n_valid.shape == (T, J) and r.n_valid.dtype == np.int64 and (r.n_valid == 0).all()
    assert (r.level, r.n_boot, r.stratified, r.interval, r.seed) == (0.8, 40, False, "bca", 3)
    assert list(r.x) == ([x] if isinstance(x, str) else list(x))
    assert r.input == kw.get("input", "threshold")
    if "ret" in kw:
        assert r.ret == tuple(kw["ret"])


@pytest.mark.parametrize("fn", [rocstats.ci_coords, rocstats.ci_thresholds])
def test_coords_interval_records_its_options_and_bca_differs(fn):
    rng = np.random.default_rng(7)
    y = rng.integers(0, 2, 60)
    s = np.round(rng.normal(size=60) + y, 1)
    kw = dict(level=0.8, n_boot=80, stratified=False, random_state=6)
    x = [0.15, 0.65] if fn is rocstats.ci_thresholds else [0.2, 0.7]
    extra = {} if fn is rocstats.ci_thresholds else dict(input="specificity",
                                                         ret=("sensitivity", "ppv"))
    bca = fn(y, s, x, interval="bca", **kw, **extra)
    pct = fn(y, s, x, interval="percentile", **kw, **extra)
    assert (bca.level, bca.n_boot, bca.stratified, bca.interval, bca.seed) == \
        (0.8, 80, False, "bca", 6)
    assert pct.interval == "percentile"
    np.testing.assert_array_equal(pct.median, bca.median)
    assert not np.array_equal(pct.lower, bca.lower, equal_nan=True)
    assert bca.estimate.dtype == np.float64
    assert bca.replicates.shape[1:] == bca.lower.shape


def test_thresholds_drop_replicates_without_a_class_and_say_so():
    pos, neg = [3.0, 4.0], [1.0, 2.0, 2.5, 3.5, 0.5]
    y = [1, 1, 0, 0, 0, 0, 0]
    n_boot, seed = 200, 8
    absent = _without_a_class(pos, neg, seed, n_boot)
    with pytest.warns(UndefinedAUCWarning,
                      match=r"^%d of %d bootstrap replicates gave an undefined sensitivity or "
                            r"specificity " % (absent, n_boot)):
        r = rocstats.ci_thresholds(y, pos + neg, [2.2, 3.2], n_boot=n_boot, stratified=False,
                                   random_state=seed)
    assert absent > 0 and r.replicates.shape[0] == n_boot - absent


def test_bootstrap_docstrings_carry_the_options_block():
    for fn in (rocstats.ci_coords, rocstats.ci_thresholds, rocstats.ci_se, rocstats.ci_sp):
        doc = fn.__doc__
        assert "BOOTSTRAP_OPTIONS" not in doc
        assert "    n_boot : int\n        Bootstrap replicates (pROC's ``boot.n``" in doc
        assert "\n\n    level : float" not in doc            # no blank line inserted
        body = doc.split("\n")[1:]
        assert all(not line.strip() or line.startswith("    ") for line in body), fn
