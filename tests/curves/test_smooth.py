"""Smoothed ROC curves (pROC's smooth()) against independent computations: the binormal
line through exactly collinear points, bandwidth rules from their formulas, an exact
(unbinned) Gaussian kernel density, and the structure of the curves.  pROC's own numbers
are compared in tests/parity and tests/live."""
import dataclasses

import numpy as np
import pytest
from scipy import stats

import rocstats
from rocstats.curves._smooth import bw_nrd, bw_nrd0, r_density


def _data(seed, m=40, n=60, ties=False):
    rng = np.random.default_rng(seed)
    y = np.r_[np.ones(m, int), np.zeros(n, int)]
    s = np.r_[rng.normal(1.0, 1.3, m), rng.normal(0, 1, n)]
    return y, (np.round(s, 1) if ties else s)


# ------------------------------------------------------------------------ binormal
def test_binormal_collinear_points():
    # inner points (Se, Sp) = (1/2, 3/4), (3/4, 1/2): the line qnorm(Sp) = a + b qnorm(Se)
    # through them has b = -1, a = qnorm(3/4)
    r = rocstats.smooth_roc([0, 0, 0, 0, 1, 1, 1, 1], [1, 2, 3, 4, 2, 3, 4, 5])
    a, b = r.coefficients
    assert a == pytest.approx(stats.norm.ppf(0.75), rel=1e-14)
    assert b == pytest.approx(-1.0, rel=1e-14)
    assert r.auc == pytest.approx(stats.norm.cdf(a / np.sqrt(2)), rel=1e-14)


def test_binormal_curve_formula_and_fit():
    y, s = _data(1)
    r = rocstats.smooth_roc(y, s, n=101)
    # the least-squares line through the empirical curve's inner points
    curve = rocstats.roc_curve(y, s)
    se, sp = curve.tpr, 1 - curve.fpr
    ok = (se > 0) & (se < 1) & (sp > 0) & (sp < 1)
    b, a = np.polyfit(stats.norm.ppf(se[ok]), stats.norm.ppf(sp[ok]), 1)
    assert r.coefficients == pytest.approx((a, b), rel=1e-10)
    grid = np.linspace(0, 1, 101)
    exp_se = grid[::-1]
    exp_sp = stats.norm.cdf(a + b * stats.norm.ppf(exp_se))
    np.testing.assert_allclose(r.sensitivities, np.r_[1, exp_se, 0], atol=1e-14)
    np.testing.assert_allclose(r.specificities, np.r_[0, exp_sp, 1], atol=1e-14)
    assert r.specificities.size == 103
    assert r.auc == pytest.approx(stats.norm.cdf(a / np.sqrt(1 + b * b)), rel=1e-13)
    # the binormal area is close to the trapezoids of the smooth curve
    trap = np.sum(np.diff(r.specificities) * (r.sensitivities[1:] + r.sensitivities[:-1]) / 2)
    assert r.auc == pytest.approx(trap, abs=2e-3)


def test_direction_and_labels():
    y, s = _data(2, ties=True)
    for method in ("binormal", "density"):
        a = rocstats.smooth_roc(y, s, method=method)
        b = rocstats.smooth_roc(y, -s, method=method, direction=">")
        c = rocstats.smooth_roc(np.where(y == 1, "case", "ctrl"), s, method=method,
                                pos_label="case")
        assert b.auc == pytest.approx(a.auc, rel=1e-12)
        np.testing.assert_allclose(b.sensitivities, a.sensitivities, atol=1e-12)
        np.testing.assert_allclose(b.specificities, a.specificities, atol=1e-12)
        np.testing.assert_array_equal(c.sensitivities, a.sensitivities)
        assert (c.pos_label, b.direction) == ("case", ">")


# ------------------------------------------------------------------------- density
def test_bandwidth_rules_from_their_formulas():
    rng = np.random.default_rng(3)
    x = rng.gamma(2.0, size=137)
    sd = np.std(x, ddof=1)
    iqr = np.subtract(*np.percentile(x, [75, 25]))
    assert bw_nrd0(x) == pytest.approx(0.9 * min(sd, iqr / 1.34) * x.size ** -0.2, rel=1e-14)
    assert bw_nrd(x) == pytest.approx(1.06 * min(sd, iqr / 1.34) * x.size ** -0.2, rel=1e-14)
    # R's fall-backs: IQR 0 -> sd; all equal -> |x[0]|; all 0 -> 1
    x = np.r_[np.zeros(10), 1.0, 5.0]
    assert bw_nrd0(x) == pytest.approx(0.9 * np.std(x, ddof=1) * 12 ** -0.2, rel=1e-14)
    assert bw_nrd0(np.full(5, -3.0)) == pytest.approx(0.9 * 3 * 5 ** -0.2, rel=1e-14)
    assert bw_nrd0(np.zeros(4)) == pytest.approx(0.9 * 4 ** -0.2, rel=1e-14)
    with pytest.raises(ValueError, match="^bw"):
        bw_nrd0([1.0])


@pytest.mark.parametrize("n", [512, 100, 1000])
def test_binned_density_close_to_exact_kernel_density(n):
    rng = np.random.default_rng(4)
    x = rng.normal(size=80)
    h = bw_nrd0(x)
    start, stop = x.min() - 3 * h, x.max() + 3 * h
    d = r_density(x, bw=h, n=n, start=start, stop=stop)
    grid = np.linspace(start, stop, n)
    exact = stats.norm.pdf((grid[:, None] - x[None, :]) / h).mean(axis=1) / h
    # linear binning on >= 512 points: error of order (grid step / h)^2 of the peak
    assert np.max(np.abs(d - exact)) < 2e-3 * exact.max()
    assert np.sum(d) * (grid[1] - grid[0]) == pytest.approx(1.0, abs=2e-3)


@pytest.mark.parametrize("kernel", ["epanechnikov", "rectangular", "triangular", "biweight",
                                    "cosine", "optcosine"])
def test_other_kernels_integrate_to_one(kernel):
    rng = np.random.default_rng(5)
    x = rng.normal(size=60)
    h = bw_nrd0(x)
    start, stop = x.min() - 3 * h, x.max() + 3 * h
    d = r_density(x, bw=h, start=start, stop=stop, kernel=kernel)
    assert np.all(d >= 0)
    assert np.sum(d) * (stop - start) / 511 == pytest.approx(1.0, abs=5e-3)


def test_density_curve_structure():
    y, s = _data(6, ties=True)
    r = rocstats.smooth_roc(y, s, method="density", n=256)
    assert r.specificities.size == 258
    assert np.all(np.diff(r.specificities) >= 0) and np.all(np.diff(r.sensitivities) <= 0)
    assert (r.specificities[0], r.sensitivities[0]) == (0.0, 1.0)
    assert (r.specificities[-1], r.sensitivities[-1]) == (1.0, 0.0)
    trap = np.sum(np.diff(r.specificities) * (r.sensitivities[1:] + r.sensitivities[:-1]) / 2)
    assert r.auc == pytest.approx(trap, rel=1e-14)
    assert r.bw == pytest.approx(bw_nrd0(s), rel=1e-14)
    assert abs(r.auc - rocstats.auc(y, s)) < 0.05
    wide = rocstats.smooth_roc(y, s, method="density", bw=0.9, adjust=2)
    assert wide.bw == pytest.approx(1.8)
    assert rocstats.smooth_roc(y, s, method="density", bw="nrd").bw == \
        pytest.approx(bw_nrd(s), rel=1e-14)


def test_partial_auc_of_a_smooth_curve():
    y, s = _data(7)
    for method in ("binormal", "density"):
        r = rocstats.smooth_roc(y, s, method=method)
        full = r.auc_partial((0, 1))
        if method == "density":
            assert full == pytest.approx(r.auc, rel=1e-14)
        a, b = r.auc_partial((0.8, 1)), r.auc_partial((0.0, 0.8))
        assert a + b == pytest.approx(full, rel=1e-13)
        for focus in ("specificity", "sensitivity"):
            raw = r.auc_partial((0.6, 0.9), focus=focus)
            lo_area = (0.3 * (0.4 + 0.1)) / 2
            assert r.auc_partial((0.6, 0.9), focus=focus, correct=True) == \
                pytest.approx((1 + (raw - lo_area) / (0.3 - lo_area)) / 2, rel=1e-13)


# ------------------------------------------------------------------- the result, bad input
def test_result_object():
    y, s = _data(8)
    r = rocstats.smooth_roc(y, s)
    assert isinstance(r, rocstats.SmoothROCCurve)
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.auc = 0.5
    assert r != rocstats.smooth_roc(y, s)          # eq=False: identity
    text = str(r)
    assert "binormal" in text and "AUC" in text and text == r.summary().as_text()
    assert "<table>" in r._repr_html_()
    np.testing.assert_array_equal(r.fpr, 1 - r.specificities)
    d = rocstats.smooth_roc(y, s, method="density")
    assert "bandwidth" in str(d)


def test_one_class_and_unsmoothable():
    with pytest.warns(rocstats.UndefinedAUCWarning, match="smoothed ROC curve"):
        r = rocstats.smooth_roc([1, 1, 1], [0.1, 0.5, 0.9])
    assert np.isnan(r.auc) and r.specificities.size == 0
    assert np.isnan(r.auc_partial((0.8, 1)))
    with pytest.raises(ValueError, match="^y_score.*binormal"):
        rocstats.smooth_roc([0, 0, 1, 1], [1, 2, 3, 4])       # a perfect step: no inner point


@pytest.mark.parametrize("kwargs, match", [
    (dict(method="logcondens"), "^method"), (dict(n=1), "^n "), (dict(n=10.5), "^n "),
    (dict(n=True), "^n "), (dict(method="density", bw="ucv"), "^bw"),
    (dict(method="density", bw=0), "^bw"), (dict(method="density", bw=np.inf), "^bw"),
    (dict(kernel="gauss"), "^kernel"), (dict(adjust=0), "^adjust"), (dict(cut=-1), "^cut"),
    (dict(direction="auto"), "^direction")])
def test_bad_input(kwargs, match):
    y, s = _data(9)
    with pytest.raises(ValueError, match=match):
        rocstats.smooth_roc(y, s, **kwargs)


# ---------------------------------------------------------------- issue 23 (mutation run)
def test_binormal_refuses_where_no_line_exists_as_proc():
    """pROC 1.18 stops with "ROC curve not smoothable (not enough points)" on both
    (R: smooth(roc(y, x, levels = c(0, 1), direction = "<"))): one inner point, and inner
    points that all share one sensitivity (lm's slope is NA)."""
    with pytest.raises(ValueError, match="1 point.*at least 2"):
        rocstats.smooth_roc([0, 0, 0, 0, 1, 1, 1], [1, 2, 2, 3, 2, 3, 4])
    with pytest.raises(ValueError, match="same sensitivity"):
        rocstats.smooth_roc([1, 1, 0, 0, 0, 0, 0, 1, 1], [0.5, 0.6, 1, 2, 3, 4, 5, 6, 7])


def test_smoothing_emits_no_numpy_warning():
    # qnorm(0) / qnorm(1) at the grid's ends are -inf / +inf by design, not a warning
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        r = rocstats.smooth_roc([0, 0, 0, 0, 1, 1, 1, 1], [1, 2, 3, 4, 2, 3, 4, 5], n=7)
        rocstats.smooth_roc([0, 0, 0, 1, 1, 1], [0, 0, 10, 5, 6, 7], n=5)
    assert np.isfinite(r.sensitivities).all() and np.isfinite(r.specificities).all()


def test_bandwidth_rules_on_tiny_samples_as_r():
    # R 4.2.2: sprintf("%.17g", c(bw.nrd0(c(1, 2)), bw.nrd(c(1, 2)), bw.nrd0(c(5, 5, 5)),
    #                           bw.nrd0(c(0, 0, 0)), bw.nrd0(c(1, 1, 1, 4))))
    assert bw_nrd0([1.0, 2.0]) == 0.29234906976362374
    assert bw_nrd([1.0, 2.0]) == 0.34432223772160131
    assert bw_nrd0([5.0, 5.0, 5.0]) == 3.6123370279210381          # sd 0: |x[1]| stands in
    assert bw_nrd0([0.0, 0.0, 0.0]) == 0.72246740558420763         # ... and then 1
    assert bw_nrd0([1.0, 1.0, 1.0, 4.0]) == 0.38175697104273082    # IQR 0: the sd
    for rule in (bw_nrd0, bw_nrd):
        with pytest.raises(ValueError, match="at least 2"):
            rule([1.0])


def test_slope_is_exactly_zero_when_least_squares_would_leave_round_off():
    # every inner point at specificity 2/3; the centred least squares on these points
    # gives +2.5e-33 (the ends would then swap: Sp = 0 at Se = 0): the slope is taken as 0
    import numpy as _np
    from scipy.stats import norm

    y = [0, 0, 0] + [1] * 10
    x = [7, 0, 1, 6, 2, 4, 5, 6, 2, 3, 5, 2, 1]
    r = rocstats.smooth_roc(y, x, n=6)
    assert r.coefficients[1] == 0.0
    assert r.coefficients[0] == pytest.approx(norm.ppf(2 / 3), rel=1e-15)
    se, sp = r.sensitivities, r.specificities
    assert _np.allclose(sp[(se > 0) & (se < 1)], 2 / 3, rtol=0, atol=1e-15)
    assert sp[se == 0.0].tolist() == [1.0, 1.0] and sp[se == 1.0].tolist() == [0.0, 0.0]
    assert r.auc == pytest.approx(2 / 3, rel=1e-14)


def test_result_fields_and_summary_say_what_was_computed():
    y, x = [0, 0, 0, 0, 1, 1, 1, 1], [1, 2, 3, 4, 2, 3, 4, 5]
    b = rocstats.smooth_roc(y, x, n=9)
    assert (b.n, b.n_pos, b.n_neg, b.method, b.kernel, b.bw) == (9, 4, 4, "binormal", None, None)
    text = str(b)
    for line in ("Smoothed ROC curve (binormal)", "AUC", "0.683296", "method", "binormal",
                 "points", "9", "binormal a (intercept)", "0.67449", "binormal b (slope)",
                 "-1", "positives", "negatives", "direction", "controls < cases"):
        assert line in text, line
    assert "kernel" not in text and "bandwidth" not in text
    assert b._repr_html_().count("<tr") >= 8
    d = rocstats.smooth_roc(y, x, method="density", n=16, kernel="epanechnikov", bw=0.5)
    assert (d.n, d.n_pos, d.n_neg, d.kernel, d.bw, d.coefficients) == (16, 4, 4, "epanechnikov",
                                                                       0.5, None)
    text = str(d)
    for line in ("Smoothed ROC curve (density)", "kernel", "epanechnikov", "bandwidth", "0.5"):
        assert line in text, line
    assert "binormal a" not in text
    rows = dict(d.summary().rows)
    assert rows["positives"] == "4" and rows["negatives"] == "4" and rows["points"] == "16"
    # one class: empty curves, NaN, the sizes still recorded
    with pytest.warns(rocstats.UndefinedAUCWarning):
        e = rocstats.smooth_roc([1, 1, 1], [1, 2, 3])
    assert e.sensitivities.size == e.specificities.size == 0 and np.isnan(e.auc)
    assert (e.n_pos, e.n_neg, e.n) == (3, 0, 512)
    assert np.isnan(e.auc_partial((0.8, 1.0)))


@pytest.mark.parametrize("kw, name", [
    (dict(adjust=0), "adjust"), (dict(adjust=-1), "adjust"), (dict(adjust=True), "adjust"),
    (dict(adjust=float("inf")), "adjust"), (dict(cut=-0.5), "cut"), (dict(cut="3"), "cut"),
    (dict(cut=float("nan")), "cut"), (dict(bw=0), "bw"), (dict(bw=-1.0), "bw"),
    (dict(bw=float("inf")), "bw"), (dict(bw=True), "bw"), (dict(bw="silverman"), "bw"),
    (dict(n=1), "n"), (dict(n=2.0), "n"), (dict(kernel="box"), "kernel"),
    (dict(method="loess"), "method")])
def test_density_options_are_checked(kw, name):
    with pytest.raises(ValueError, match="^%s" % name):
        rocstats.smooth_roc([0, 0, 1, 1], [1, 2, 3, 4], **dict(dict(method="density"), **kw))


def test_density_options_at_their_limits_are_accepted(monkeypatch):
    y, x = [0, 0, 0, 0, 1, 1, 1, 1], [1, 2, 3, 4, 2, 3, 4, 5]
    assert np.isfinite(rocstats.smooth_roc(y, x, method="density", cut=0).auc)
    assert rocstats.smooth_roc(y, x, method="density", bw="NRD").bw == pytest.approx(bw_nrd(x))
    from rocstats.curves import _smooth

    monkeypatch.setattr(_smooth, "MAX_N", 40)
    assert rocstats.smooth_roc(y, x, n=40).specificities.size == 42       # n = MAX_N: allowed
    with pytest.raises(ValueError, match="^n must be at most 40"):
        rocstats.smooth_roc(y, x, n=41)


def test_r_density_default_grid_is_rs_512_points():
    # R: length(density(x, bw = 0.5, from = -1, to = 1)$y) is 512
    d = r_density([0.1, 0.2, 0.7], bw=0.5, start=-1.0, stop=1.0)
    assert d.shape == (512,)
    assert d.tolist() == r_density([0.1, 0.2, 0.7], bw=0.5, n=512, start=-1.0, stop=1.0).tolist()


def test_binormal_refuses_one_inner_sensitivity_even_when_its_mean_is_off_by_an_ulp():
    """Found on a fresh seed against pROC (issue 23): the five inner points of this curve
    all have sensitivity 2/3, so the regression of qnorm(Sp) on qnorm(Se) has no slope
    (R's lm gives NA and pROC stops: 'not smoothable').  The mean of the five equal
    qnorm(2/3) values is 1 ulp off them, which gave a round-off slope of 1.6 before."""
    y = [0] * 10 + [1] * 3
    x = [-0.95, 0.51, 0.42, -0.12, 2.14, -0.77, -0.1, 1.31, 0.37, -1.4, -0.04, 2.66, 2.55]
    for n in (2, 3, 512):
        with pytest.raises(ValueError, match="same sensitivity"):
            rocstats.smooth_roc(y, x, n=n)
