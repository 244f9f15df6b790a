"""Bootstrap interval of the PR area and pointwise band of the PR curve (ci_pr_auc,
ci_pr_band) against definitions (issue 23: surviving mutants of rocstats.bootstrap._pr).

Replicates are recomputed here: the resample redrawn from the documented stream
(definitions.resample_def), its points (TP, FP) at each distinct score from the highest,
the area by its definition (average precision sum, trapezoid with precision 1 at the
first point) or, for ROCR's aucpr, rocstats.pr_auc (checked against stored ROCR results
in tests/parity); the band's precision at a recall by Davis & Goadrich's interpolation
written here; bounds as R's type-7 quantiles (definitions.type7_quantile_def); BCa as
Efron's formula with a stratified delete-one jackknife.  Warnings are errors here: a
resample that misses the highest scores must not make numpy warn.
"""
import math

import numpy as np
import pytest
from scipy import stats

import rocstats

from definitions import pr_interpolated_area_def, resample_def, type7_quantile_def

pytestmark = pytest.mark.filterwarnings("error")

# six positives and six negatives, distinct scores, a positive highest and lowest: about
# a third of the stratified resamples miss the highest score (an empty first block)
POS = [0.95, 0.8, 0.62, 0.5, 0.33, 0.1]
NEG = [0.9, 0.7, 0.55, 0.4, 0.3, 0.2]
Y = np.r_[np.ones(6, int), np.zeros(6, int)]
S = np.r_[POS, NEG]


def points(pos, neg):
    pos, neg = np.asarray(pos, float), np.asarray(neg, float)
    return [(0.0, 0.0)] + [(float((pos >= v).sum()), float((neg >= v).sum()))
                           for v in sorted(set(pos.tolist() + neg.tolist()), reverse=True)]


def ap_def(pos, neg):
    pts = points(pos, neg)
    P = pts[-1][0]
    return sum((tb - ta) / P * tb / (tb + fb) for (ta, _), (tb, fb) in zip(pts, pts[1:]))


def trapezoid_def(pos, neg):
    pts = points(pos, neg)
    P = pts[-1][0]
    prec = [1.0] + [t / (t + f) for t, f in pts[1:]]
    rec = [t / P for t, _ in pts]
    return sum((rec[i + 1] - rec[i]) * (prec[i + 1] + prec[i]) / 2 for i in range(len(rec) - 1))


def interpolated_def(pos, neg):
    return pr_interpolated_area_def(points(pos, neg))


def precision_at_def(pos, neg, recall):
    """Davis & Goadrich's interpolated precision at a recall: in the step A -> B that
    gains positives with TP_A < recall P <= TP_B; at recall 0 the limit from the right in
    the first such step."""
    pts = points(pos, neg)
    P = pts[-1][0]
    t = recall * P
    for (ta, fa), (tb, fb) in zip(pts, pts[1:]):
        d = tb - ta
        if d == 0:
            continue
        skew = (fb - fa) / d
        if t == 0:
            return ta / (ta + fa) if ta + fa > 0 else 1 / (1 + skew)
        if ta < t <= tb:
            x = t - ta
            return (ta + x) / (ta + fa + x + skew * x)
    raise AssertionError("recall out of range")


AREA_DEFS = {"average_precision": ap_def, "trapezoid": trapezoid_def,
             "interpolated": interpolated_def}


def _probs(level):
    return [(1 - level) / 2, 0.5, (1 + level) / 2]


@pytest.mark.parametrize("area", ["average_precision", "trapezoid"])
def test_bootstrap_interval_by_definition(area):
    n_boot, seed = 40, 3
    ci = rocstats.ci_pr_auc(Y, S, area=area, method="bootstrap", n_boot=n_boot,
                            random_state=seed, n_jobs=1, level=0.9)
    resamples = [resample_def(POS, NEG, seed, r) for r in range(n_boot)]
    assert any(max(P + N) < 0.95 for P, N in resamples)      # an empty first block
    expected = [AREA_DEFS[area](P, N) for P, N in resamples]
    np.testing.assert_allclose(ci.replicates, expected, rtol=0, atol=1e-14)
    lo, med, hi = (type7_quantile_def(expected, p) for p in _probs(0.9))
    assert (ci.lower, ci.median, ci.upper) == (pytest.approx(lo, abs=1e-14),
                                               pytest.approx(med, abs=1e-14),
                                               pytest.approx(hi, abs=1e-14))
    assert ci.estimate == pytest.approx(AREA_DEFS[area](POS, NEG), abs=1e-14)
    assert (ci.level, ci.method, ci.n_boot, ci.n_valid, ci.stratified, ci.interval,
            ci.seed, ci.statistic) == (0.9, "bootstrap", n_boot, n_boot, True, "percentile",
                                       seed, "area under the PR curve (%s)" % area)


def test_bca_interval_by_definition():
    """BCa (Efron 1987): z0 from the mid-rank share of replicates below the estimate, the
    acceleration from a delete-one jackknife of the area per class (Davison & Hinkley's
    multi-sample form for the stratified bootstrap)."""
    n_boot, seed = 60, 11
    ci = rocstats.ci_pr_auc(Y, S, area="average_precision", method="bootstrap",
                            interval="bca", n_boot=n_boot, random_state=seed, n_jobs=1)
    reps = np.array([ap_def(*resample_def(POS, NEG, seed, r)) for r in range(n_boot)])
    np.testing.assert_allclose(ci.replicates, reps, rtol=0, atol=1e-14)
    est = ap_def(POS, NEG)
    p = (np.sum(reps < est) + 0.5 * np.sum(reps == est)) / reps.size
    z0 = stats.norm.ppf(p)
    num = den = 0.0
    for th in ([ap_def(POS[:i] + POS[i + 1:], NEG) for i in range(6)],
               [ap_def(POS, NEG[:i] + NEG[i + 1:]) for i in range(6)]):
        th = np.asarray(th)
        infl = (th.size - 1) * (th.mean() - th)
        num += np.sum(infl ** 3) / th.size ** 3
        den += np.sum(infl ** 2) / th.size ** 2
    a = num / (6 * den ** 1.5)
    z = stats.norm.ppf([0.025, 0.975])
    levels = stats.norm.cdf(z0 + (z0 + z) / (1 - a * (z0 + z)))
    lo, hi = (type7_quantile_def(list(reps), q) for q in levels)
    assert (ci.lower, ci.upper) == (pytest.approx(lo, abs=1e-12), pytest.approx(hi, abs=1e-12))
    assert ci.interval == "bca"


def test_unstratified_rocr_drops_replicates_without_a_positive():
    # two positives among ten cases: some resamples draw none (dropped, with a warning)
    # or one (an ordinary curve)
    pos, neg = [0.8, 0.45], [0.9, 0.6, 0.5, 0.4, 0.3, 0.2, 0.15, 0.1]
    y, s = np.r_[1, 1, np.zeros(8, int)], np.r_[pos, neg]
    n_boot, seed = 30, 2
    resamples = [resample_def(pos, neg, seed, r, stratified=False) for r in range(n_boot)]
    none = sum(len(P) == 0 for P, _ in resamples)
    assert none > 0 and any(len(P) == 1 for P, _ in resamples)
    with pytest.warns(rocstats.UndefinedAUCWarning,
                      match="^%d of %d bootstrap replicates gave an undefined area under the "
                            r"PR curve \(rocr\)" % (none, n_boot)):
        ci = rocstats.ci_pr_auc(y, s, area="rocr", method="bootstrap", n_boot=n_boot,
                                random_state=seed, stratified=False, n_jobs=1)
    expected = []
    for P, N in resamples:
        if P:
            yy = np.r_[np.ones(len(P), int), np.zeros(len(N), int)]
            expected.append(rocstats.pr_auc(yy, np.r_[P, N], method="rocr").auc)
    np.testing.assert_allclose(ci.replicates, expected, rtol=0, atol=1e-14)
    assert (ci.n_valid, ci.n_boot, ci.stratified) == (n_boot - none, n_boot, False)


def test_closed_form_intervals_through_ci_pr_auc_use_the_area_asked_for():
    lab = np.where(Y == 1, "case", "ctrl")
    th, n = ap_def(POS, NEG), 6
    z = stats.norm.ppf(0.975)
    ci = rocstats.ci_pr_auc(lab, -S, area="average_precision", pos_label="case",
                            direction=">")
    eta, tau = math.log(th / (1 - th)), 1 / math.sqrt(n * th * (1 - th))
    assert (ci.lower, ci.upper) == (pytest.approx(1 / (1 + math.exp(-(eta - z * tau))), abs=1e-14),
                                    pytest.approx(1 / (1 + math.exp(-(eta + z * tau))), abs=1e-14))
    assert ci.estimate == pytest.approx(th, abs=1e-14) and ci.method == "logit"
    b = rocstats.ci_pr_auc(lab, -S, area="average_precision", pos_label="case",
                           direction=">", method="binomial", level=0.9)
    half = stats.norm.ppf(0.95) * math.sqrt(th * (1 - th) / n)
    assert (b.lower, b.upper) == (pytest.approx(th - half, abs=1e-14),
                                  pytest.approx(th + half, abs=1e-14))


def test_bootstrap_with_labels_direction_and_defaults():
    lab = np.where(Y == 1, "case", "ctrl")
    ci = rocstats.ci_pr_auc(lab, -S, method="bootstrap", pos_label="case", direction=">",
                            random_state=4, area="trapezoid")
    assert ci.n_boot == 2000 and ci.replicates.size == 2000     # the default n_boot
    assert ci.estimate == pytest.approx(trapezoid_def(POS, NEG), abs=1e-14)
    first = [trapezoid_def(*resample_def(POS, NEG, 4, r)) for r in range(5)]
    np.testing.assert_allclose(ci.replicates[:5], first, rtol=0, atol=1e-14)
    with pytest.raises(ValueError, match="^n_jobs"):
        rocstats.ci_pr_auc(Y, S, method="bootstrap", n_boot=10, n_jobs="two")


def test_bootstrap_without_negatives_is_nan_with_its_options():
    ref = rocstats.ci_pr_auc(Y, S, method="bootstrap", n_boot=10, random_state=5)
    with pytest.warns(rocstats.UndefinedAUCWarning,
                      match=r"^The area under the PR curve \(trapezoid\) is undefined: y_true "
                            r"has no negatives \(positives: 3, negatives: 0\)"):
        ci = rocstats.ci_pr_auc([1, 1, 1], [.2, .5, .7], area="trapezoid", method="bootstrap",
                                n_boot=10, random_state=5, level=0.9, stratified=False,
                                interval="bca")
    assert math.isnan(ci.lower) and math.isnan(ci.upper) and math.isnan(ci.estimate)
    assert (ci.level, ci.method, ci.n_boot, ci.stratified, ci.interval, ci.seed,
            ci.statistic) == (0.9, "bootstrap", 10, False, "bca", ref.seed,
                              "area under the PR curve (trapezoid)")
    assert isinstance(ci.replicates, np.ndarray) and ci.replicates.size == 0


def test_replicates_do_not_depend_on_the_chunks(monkeypatch):
    # the replicates are drawn in chunks of CHUNK // K rows: with a small CHUNK, several
    # chunks of unequal sizes give the same replicates (by definition) as one
    from rocstats.bootstrap import _engine
    monkeypatch.setattr(_engine, "CHUNK", 40)         # 12 distinct scores: 3 rows a chunk
    n_boot, seed = 10, 8
    ci = rocstats.ci_pr_auc(Y, S, area="average_precision", method="bootstrap",
                            n_boot=n_boot, random_state=seed, n_jobs=1)
    expected = [ap_def(*resample_def(POS, NEG, seed, r)) for r in range(n_boot)]
    np.testing.assert_allclose(ci.replicates, expected, rtol=0, atol=1e-14)
    band = rocstats.ci_pr_band(Y, S, recalls=[0.5, 1.0], n_boot=n_boot, random_state=seed,
                               n_jobs=1)
    reps = [[precision_at_def(*resample_def(POS, NEG, seed, r), q) for q in (0.5, 1.0)]
            for r in range(n_boot)]
    np.testing.assert_allclose(band["median"],
                               [type7_quantile_def(list(c), 0.5) for c in zip(*reps)],
                               rtol=0, atol=1e-14)


# ------------------------------------------------------------------ band
# a positive and a negative tied at the top (precision 1 / (1 + skew) at recall 0)
BPOS = [0.9, 0.7, 0.5, 0.2]
BNEG = [0.9, 0.6, 0.5, 0.3]
BY = np.r_[np.ones(4, int), np.zeros(4, int)]
BS = np.r_[BPOS, BNEG]
RECALLS = [0.0, 0.1, 1 / 3, 0.5, 0.75, 1.0]


def test_band_by_definition():
    n_boot, seed = 40, 2
    band = rocstats.ci_pr_band(BY, BS, recalls=RECALLS, n_boot=n_boot, random_state=seed,
                               n_jobs=1, level=0.9)
    assert band.columns.tolist() == ["recall", "lower", "median", "upper", "estimate"]
    reps = [[precision_at_def(P, N, r) for r in RECALLS]
            for P, N in (resample_def(BPOS, BNEG, seed, b) for b in range(n_boot))]
    cols = list(zip(*reps))
    for name, p in zip(("lower", "median", "upper"), _probs(0.9)):
        np.testing.assert_allclose(band[name], [type7_quantile_def(list(c), p) for c in cols],
                                   rtol=0, atol=1e-14)
    np.testing.assert_allclose(band["estimate"], [precision_at_def(BPOS, BNEG, r)
                                                  for r in RECALLS], rtol=0, atol=1e-15)
    np.testing.assert_array_equal(band["recall"], RECALLS)
    assert band.attrs == dict(level=0.9, n_boot=n_boot, stratified=True, seed=seed,
                              kind="pointwise")


def test_band_defaults_scalar_recall_and_labels():
    lab = np.where(BY == 1, "case", "ctrl")
    band = rocstats.ci_pr_band(lab, -BS, n_boot=20, random_state=3, pos_label="case",
                               direction=">")
    np.testing.assert_array_equal(band["recall"], np.linspace(0, 1, 101))
    np.testing.assert_allclose(band["estimate"][[0, 50, 100]],
                               [precision_at_def(BPOS, BNEG, r) for r in (0, 0.5, 1)],
                               rtol=0, atol=1e-15)
    one = rocstats.ci_pr_band(BY, BS, recalls=0.5, random_state=3)
    assert one["recall"].tolist() == [0.5]
    assert (one.attrs["n_boot"], one.attrs["stratified"], one.attrs["seed"]) == (2000, True, 3)
    assert one["estimate"][0] == pytest.approx(precision_at_def(BPOS, BNEG, 0.5), abs=1e-15)


def test_band_refuses_bad_recalls_and_options_by_name():
    for bad in ([], [-0.1], [1.5], [0.2, 1.01]):
        with pytest.raises(ValueError, match=r"^recalls must be values in \[0, 1\]"):
            rocstats.ci_pr_band(BY, BS, recalls=bad, n_boot=5)
    with pytest.raises(ValueError, match="^recalls"):
        rocstats.ci_pr_band(BY, BS, recalls=[[0.5]], n_boot=5)
    with pytest.raises(ValueError, match="^n_jobs"):
        rocstats.ci_pr_band(BY, BS, recalls=[0.5], n_boot=5, n_jobs="two")


def test_unstratified_band_drops_resamples_without_a_positive():
    pos, neg = [0.8, 0.45], [0.9, 0.6, 0.5, 0.4, 0.3, 0.2, 0.15, 0.1]
    y, s = np.r_[1, 1, np.zeros(8, int)], np.r_[pos, neg]
    n_boot, seed = 30, 2
    resamples = [resample_def(pos, neg, seed, r, stratified=False) for r in range(n_boot)]
    none = sum(len(P) == 0 for P, _ in resamples)
    assert none > 0 and any(len(P) == 1 for P, _ in resamples)
    with pytest.warns(rocstats.UndefinedAUCWarning,
                      match="^%d of %d bootstrap replicates gave an undefined precision "
                      % (none, n_boot)):
        band = rocstats.ci_pr_band(y, s, recalls=[0.25, 1.0], n_boot=n_boot,
                                   random_state=seed, stratified=False, n_jobs=1)
    reps = [[precision_at_def(P, N, r) for r in (0.25, 1.0)] for P, N in resamples if P]
    cols = list(zip(*reps))
    np.testing.assert_allclose(band["median"], [type7_quantile_def(list(c), 0.5) for c in cols],
                               rtol=0, atol=1e-14)
    assert band.attrs["stratified"] is False


def test_band_without_positives_is_nan_with_its_options():
    with pytest.warns(rocstats.UndefinedAUCWarning,
                      match=r"^The precision-recall curve \(ci_pr_band\) is undefined: "
                            r"y_true has no positives \(positives: 0, negatives: 3\)"):
        band = rocstats.ci_pr_band([0, 0, 0], [.1, .5, .7], recalls=[0, 0.5], n_boot=10,
                                   random_state=6, level=0.8)
    assert band.shape == (2, 5)
    assert band["recall"].tolist() == [0, 0.5]
    for col in ("lower", "median", "upper", "estimate"):
        assert band[col].dtype == np.float64 and np.isnan(band[col].to_numpy()).all()
    assert band.attrs == dict(level=0.8, n_boot=10, stratified=True, seed=6, kind="pointwise")
