"""Precision-recall curves and areas (rocstats.pr_curve, pr_auc, ci_pr_auc, ci_pr_band,
plot_pr).

Expected values: scikit-learn's precision_recall_curve, average_precision_score and
auc(recall, precision) (an independent implementation; ties and sample weights
included); the interpolated area by numerical integration (scipy.integrate.quad) of Davis
& Goadrich's interpolant built here from brute-force counts; the logit / binomial
intervals by their formulas; bootstrap replicates as the area of the resample redrawn
from the documented stream (definitions.resample_def).  ROCR: tests/parity/
test_rocr_parity.py (stored) and tests/live/test_rocr_live.py.  Coverage:
rocstats_validation.pr_curve."""
import math
import warnings

import numpy as np
import pytest
from scipy import integrate, stats

import rocstats
from rocstats.curves._pr import precision_at_recall, segments_from_counts

from definitions import resample_def

sk = pytest.importorskip("sklearn.metrics")


def _data(seed, n=120, ties=True, prev=0.35):
    rng = np.random.default_rng(seed)
    y = (rng.uniform(size=n) < prev).astype(int)
    y[:2] = (0, 1)
    s = rng.normal(1.0 * y)
    return y, (np.round(s, 1) if ties else s)


@pytest.mark.parametrize("ties", [True, False])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_curve_is_sklearns_precision_recall_curve(seed, ties):
    y, s = _data(seed, ties=ties)
    c = rocstats.pr_curve(y, s)
    p, r, t = sk.precision_recall_curve(y, s)
    np.testing.assert_array_equal(c.precision[1:][::-1], p[:-1])
    np.testing.assert_array_equal(c.recall[1:][::-1], r[:-1])
    np.testing.assert_array_equal(c.thresholds[1:][::-1], t)
    assert (c.precision[0], c.recall[0], c.thresholds[0]) == (p[-1], r[-1], np.inf)
    # the area methods against scikit-learn's
    ap = rocstats.pr_auc(y, s, method="average_precision").auc
    assert ap == pytest.approx(sk.average_precision_score(y, s), abs=4e-16)
    tr = rocstats.pr_auc(y, s, method="trapezoid").auc
    assert tr == pytest.approx(sk.auc(r, p), abs=4e-16)


@pytest.mark.parametrize("seed", [3, 4])
def test_weighted_curve_and_average_precision_are_sklearns(seed):
    y, s = _data(seed)
    w = np.random.default_rng(seed).uniform(0, 3, y.size)
    w[5:9] = 0.0                                   # rows of weight 0 are dropped, as sklearn
    c = rocstats.pr_curve(y, s, sample_weight=w)
    p, r, t = sk.precision_recall_curve(y, s, sample_weight=w)
    np.testing.assert_allclose(c.precision[1:][::-1], p[:-1], rtol=1e-15, atol=0)
    np.testing.assert_allclose(c.recall[1:][::-1], r[:-1], rtol=1e-15, atol=0)
    np.testing.assert_array_equal(c.thresholds[1:][::-1], t)
    ap = rocstats.pr_auc(y, s, method="average_precision", sample_weight=w).auc
    assert ap == pytest.approx(sk.average_precision_score(y, s, sample_weight=w), abs=1e-15)
    # weights scaled by a power of two give the same doubles (the rescaling is exact);
    # by any factor, the same curve to rounding, even near overflow
    c2 = rocstats.pr_curve(y, s, sample_weight=w * 2.0 ** 900)
    np.testing.assert_array_equal(c2.precision, c.precision)
    c3 = rocstats.pr_curve(y, s, sample_weight=w * 1e300)
    np.testing.assert_allclose(c3.precision, c.precision, rtol=1e-15)


def _interpolated_by_quad(y, s):
    """Davis & Goadrich's curve from brute-force counts, integrated numerically."""
    y, s = np.asarray(y), np.asarray(s)
    P = int((y == 1).sum())
    pts = [(0, 0)] + [(int(((s >= v) & (y == 1)).sum()), int(((s >= v) & (y == 0)).sum()))
                      for v in sorted(set(s.tolist()), reverse=True)]
    total = 0.0
    for (ta, fa), (tb, fb) in zip(pts[:-1], pts[1:]):
        d = tb - ta
        if d == 0:
            continue
        skew = (fb - fa) / d
        f = (lambda x, ta=ta, fa=fa, skew=skew: (ta + x) / (ta + fa + x + skew * x)
             if ta + fa + x + skew * x > 0 else 1.0 / (1 + skew))
        total += integrate.quad(f, 0, d, epsabs=1e-14, epsrel=1e-13)[0]
    return total / P


@pytest.mark.parametrize("seed", [5, 6, 7])
def test_interpolated_area_is_the_integral_of_davis_goadrich_interpolation(seed):
    y, s = _data(seed, n=60)
    s = np.round(s * 2) / 2                        # blocks of tied positives and negatives
    assert rocstats.pr_auc(y, s).auc == pytest.approx(_interpolated_by_quad(y, s), abs=1e-11)
    # the weighted path (all weights 1) and the fast sorted path agree for every method
    for m in ("interpolated", "average_precision", "trapezoid"):
        fast = rocstats.pr_auc(y, s, method=m).auc
        slow = rocstats.pr_auc(y, s, method=m, sample_weight=np.ones(y.size)).auc
        assert fast == pytest.approx(slow, abs=1e-15)
        assert fast == pytest.approx(rocstats.pr_curve(y, s).area(m), abs=1e-15)


def test_direction_and_labels():
    y, s = _data(8)
    a = rocstats.pr_auc(y, s).auc
    assert rocstats.pr_auc(y, -s, direction=">").auc == pytest.approx(a, abs=1e-15)
    lab = np.where(y == 1, "case", "ctrl")
    assert rocstats.pr_auc(lab, s, pos_label="case").auc == a
    c = rocstats.pr_curve(y, -s, direction=">")
    np.testing.assert_array_equal(c.thresholds, -rocstats.pr_curve(y, s).thresholds)
    assert c.thresholds[0] == -np.inf


def test_pr_points_agree_with_coords():
    y, s = _data(9)
    c = rocstats.pr_curve(y, s)
    co = rocstats.coords(y, s, x="all", ret=("precision", "recall", "tp", "fp"))
    # coords lists the points from "everything positive" up: reversed, without the (0, 0)
    np.testing.assert_allclose(co["recall"].to_numpy()[::-1][1:], c.recall[1:], atol=1e-15)
    np.testing.assert_allclose(co["precision"].to_numpy()[::-1][1:], c.precision[1:],
                               atol=1e-15)


def test_intervals_by_their_formulas():
    y, s = _data(10, n=200)
    r = rocstats.pr_auc(y, s)
    n = int((y == 1).sum())
    z = stats.norm.ppf(0.975)
    eta, tau = math.log(r.auc / (1 - r.auc)), 1 / math.sqrt(n * r.auc * (1 - r.auc))
    lo, hi = r.conf_int()
    assert lo == pytest.approx(1 / (1 + math.exp(-(eta - z * tau))), abs=1e-15)
    assert hi == pytest.approx(1 / (1 + math.exp(-(eta + z * tau))), abs=1e-15)
    b = r.conf_int(0.9, method="binomial")
    half = stats.norm.ppf(0.95) * math.sqrt(r.auc * (1 - r.auc) / n)
    assert (b.lower, b.upper) == pytest.approx((r.auc - half, r.auc + half), abs=1e-15)
    ci = rocstats.ci_pr_auc(y, s)
    assert (ci.lower, ci.upper) == (lo, hi)


@pytest.mark.parametrize("area", ["interpolated", "average_precision", "rocr"])
def test_bootstrap_replicates_are_the_area_of_the_resample(area):
    y, s = _data(11, n=50)
    pos, neg = list(s[y == 1]), list(s[y == 0])
    ci = rocstats.ci_pr_auc(y, s, area=area, method="bootstrap", n_boot=30, random_state=4)
    expected = []
    for r in range(30):
        P, N = resample_def(pos, neg, 4, r)
        yy = np.r_[np.ones(len(P), int), np.zeros(len(N), int)]
        expected.append(rocstats.pr_auc(yy, np.r_[P, N], method=area).auc)
    np.testing.assert_allclose(ci.replicates, expected, rtol=0, atol=1e-14)
    # the same terms summed in another order (zero steps of empty blocks): ulps apart
    assert ci.estimate == pytest.approx(rocstats.pr_auc(y, s, method=area).auc, abs=1e-15)


def test_band_estimate_and_replicates():
    y, s = _data(12, n=60)
    rec = [0.0, 0.1, 0.37, 0.5, 1.0]
    band = rocstats.ci_pr_band(y, s, recalls=rec, n_boot=40, random_state=2)
    c = rocstats.pr_curve(y, s)
    np.testing.assert_allclose(band["estimate"],
                               precision_at_recall(*segments_from_counts(c.tp, c.fp),
                                                   c.n_pos, rec), atol=0)
    # at recall 1 the interpolated precision is the last point's (all positives reached)
    first_full = np.flatnonzero(c.recall == 1.0)[0]
    assert band["estimate"].iloc[-1] == pytest.approx(c.precision[first_full], abs=1e-15)
    assert (band["lower"] <= band["upper"]).all()


def test_undefined_and_bad_input():
    with pytest.warns(rocstats.UndefinedAUCWarning, match="no positives"):
        r = rocstats.pr_auc([0, 0, 0], [0.1, 0.2, 0.3])
    assert math.isnan(r.auc)
    assert rocstats.pr_auc([1, 1], [0.2, 0.3]).auc == 1.0           # no negatives
    with pytest.raises(ValueError, match="^method must be one of"):
        rocstats.pr_auc([0, 1], [0.1, 0.2], method="auc")
    with pytest.raises(ValueError, match="unweighted data only"):
        rocstats.pr_auc([0, 1], [0.1, 0.2], method="rocr", sample_weight=[1, 1])
    with pytest.raises(ValueError, match="not defined with sample_weight"):
        rocstats.pr_auc([0, 1, 1], [0.1, 0.2, 0.3], sample_weight=[1, 2, 1]).conf_int()
    with pytest.raises(ValueError, match="^sample_weight must be non-negative"):
        rocstats.pr_curve([0, 1], [0.1, 0.2], sample_weight=[1, -1])
    with pytest.raises(ValueError, match="^method must be one of"):
        rocstats.ci_pr_auc([0, 1], [0.1, 0.2], method="exact")
    with pytest.raises(ValueError, match="^recalls must be"):
        rocstats.ci_pr_band([0, 1], [0.1, 0.2], recalls=[2.0])
    with pytest.raises(ValueError, match="^y_score contains NaN"):
        rocstats.pr_auc([0, 1], [0.1, float("nan")])


@pytest.mark.needs_reports
def test_plot_pr_draws_the_interpolated_curve_band_and_baseline():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from rocstats.plot import plot_pr
    from rocstats.plot._pr import GID_BASELINE, GID_PR, GID_PR_BAND

    y, s = _data(13, n=80)
    ax = plot_pr(y, s, ci=True, print_auc=True, ci_options=dict(n_boot=50, random_state=0))
    line = [ln for ln in ax.get_lines() if ln.get_gid() == GID_PR][0]
    x, v = line.get_xdata(), line.get_ydata()
    drawn = float(np.sum(np.diff(x) * (v[1:] + v[:-1]) / 2))
    assert drawn == pytest.approx(rocstats.pr_auc(y, s).auc, abs=2e-3)
    base = [ln for ln in ax.get_lines() if ln.get_gid() == GID_BASELINE][0]
    assert base.get_ydata()[0] == pytest.approx(np.mean(y))
    assert [c for c in ax.collections if c.get_gid() == GID_PR_BAND]
    r = rocstats.pr_auc(y, s)
    lo, hi = r.conf_int()
    assert ax.get_legend().get_texts()[0].get_text() == \
        "AUC-PR: %.3f (95%% CI: %.3f-%.3f)" % (r.auc, lo, hi)
    plt.close("all")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        c = rocstats.pr_curve(y, s)
    ax = c.plot(ci=True, ci_options=dict(n_boot=20, random_state=0))
    assert [c for c in ax.collections if c.get_gid() == GID_PR_BAND]
    plt.close("all")
