"""Partial AUC (pROC's partial.auc) and its DeLong-type variance against independent
definitions (tests/definitions.py): direct integration of the empirical polygon, the
structural components by O(m n) formulas and by numerical derivatives of the estimator,
DeLong's placements for the full range, McClish's formula."""
import doctest
import warnings

import numpy as np
import pytest

import rocstats
from definitions import (mcclish_def, pauc_components_def,
                         pauc_components_fd_def, pauc_def, placements_def)
from rocstats import _areas
from rocstats.curves import _auc, _delong, _partial, _smooth
from rocstats.curves._partial import partial_auc_from_points, partial_components, proc_points

RANGES = [(0.8, 1.0), (0.6, 0.9), (0.13, 0.77), (0.0, 0.37), (0.0, 1.0)]
FOCUSES = ["specificity", "sensitivity"]


def _data(seed, m=23, n=31, ties=False, shift=1.0):
    rng = np.random.default_rng(seed)
    pos, neg = rng.normal(shift, 1, m), rng.normal(0, 1, n)
    if ties:
        pos, neg = np.round(pos * 2) / 2, np.round(neg * 2) / 2
    y = np.r_[np.ones(m, int), np.zeros(n, int)]
    return y, np.r_[pos, neg], pos, neg


# ------------------------------------------------------------------- the estimator
@pytest.mark.parametrize("ties", [False, True])
@pytest.mark.parametrize("focus", FOCUSES)
@pytest.mark.parametrize("rng_", RANGES)
def test_partial_auc_matches_direct_integration(ties, focus, rng_):
    y, s, pos, neg = _data(1, ties=ties)
    expected = pauc_def(pos, neg, *rng_, focus)
    assert rocstats.auc(y, s, partial=rng_, focus=focus) == pytest.approx(expected, abs=1e-15)
    # direction ">" on the negated scores is the same curve
    assert rocstats.auc(y, -s, partial=rng_, focus=focus, direction=">") == \
        pytest.approx(expected, abs=1e-15)
    corrected = rocstats.auc(y, s, partial=rng_, focus=focus, correct=True)
    assert corrected == pytest.approx(mcclish_def(expected, *rng_), abs=1e-14)


def test_full_range_is_the_auc():
    for ties in (False, True):
        y, s, _, _ = _data(2, ties=ties)
        for focus in FOCUSES:
            assert rocstats.auc(y, s, partial=(0, 1), focus=focus) == \
                pytest.approx(rocstats.auc(y, s), abs=1e-15)


def test_range_ends_on_grid_points_and_inside_tie_blocks():
    # n = 10 controls: specificity 0.8 and 0.3 are grid points; ties make diagonal steps
    y = np.array([1] * 6 + [0] * 10)
    s = np.array([3, 3, 2, 5, 1, 4, 1, 1, 2, 2, 3, 0, 0, 1, 2, 3], float)
    pos, neg = s[y == 1], s[y == 0]
    for rng_ in [(0.8, 1.0), (0.3, 0.8), (0.35, 0.85), (0.2, 0.25)]:
        for focus in FOCUSES:
            assert rocstats.auc(y, s, partial=rng_, focus=focus) == \
                pytest.approx(pauc_def(pos, neg, *rng_, focus), abs=1e-15)


def test_docstring_example_by_hand():
    # the diagonal step of the tie at 0.4 over specificity 2/3..1: 1/3 * (1/2 + 1) / 2
    y, s = [1, 1, 0, 0, 0], [0.4, 0.8, 0.1, 0.4, 0.35]
    assert rocstats.auc(y, s, partial=(2 / 3, 1)) == pytest.approx(0.25, abs=1e-15)
    assert rocstats.auc(y, s, partial=(2 / 3, 1), correct=True) == pytest.approx(0.85, abs=1e-14)


def test_points_function_matches_and_vectorises():
    y, s, pos, neg = _data(3, ties=True)
    is_pos = y == 1
    se, sp = proc_points(is_pos, s)
    assert np.all(np.diff(sp) >= 0) and sp[0] == 0 and sp[-1] == 1
    assert se[0] == 1 and se[-1] == 0
    for focus in FOCUSES:
        for rng_ in RANGES:
            one = partial_auc_from_points(se, sp, partial=rng_, focus=focus)
            assert one == pytest.approx(pauc_def(pos, neg, *rng_, focus), abs=1e-15)
            # reversed order (pROC's sort.roc) and a padded stack of curves
            assert partial_auc_from_points(se[::-1], sp[::-1], partial=rng_, focus=focus) \
                == one
            pad = np.r_[se[:3], se[2], se[2], se[3:]], np.r_[sp[:3], sp[2], sp[2], sp[3:]]
            stack_se = np.vstack([pad[0], pad[0][::-1]])
            stack_sp = np.vstack([pad[1], pad[1][::-1]])
            both = partial_auc_from_points(stack_se, stack_sp, partial=rng_, focus=focus,
                                           correct=True)
            assert both.shape == (2,)
            np.testing.assert_allclose(both, mcclish_def(one, *rng_), rtol=0, atol=1e-14)


def test_points_function_allow_invalid():
    se, sp = np.array([1, 0.5, 0.0]), np.array([0, 0.1, 1.0])   # below the diagonal
    raw = partial_auc_from_points(se, sp, partial=(0.5, 1))
    assert raw < 0.375                 # the diagonal's area over specificity 0.5..1
    assert partial_auc_from_points(se, sp, partial=(0.5, 1), correct=True) == \
        pytest.approx(mcclish_def(raw, 0.5, 1))
    assert np.isnan(partial_auc_from_points(se, sp, partial=(0.5, 1), correct=True,
                                            allow_invalid=False))


def test_points_function_bad_input():
    se, sp = [1, 0.5, 0], [0, 0.5, 1]
    with pytest.raises(ValueError, match="same shape"):
        partial_auc_from_points(se, sp[:2], partial=(0.5, 1))
    with pytest.raises(ValueError, match="cover"):
        partial_auc_from_points([0.9, 0.5, 0.1], [0.1, 0.5, 0.9], partial=(0.0, 1))
    with pytest.raises(ValueError, match="monotone"):
        partial_auc_from_points([1, 0.2, 0.6, 0], [0, 0.3, 0.5, 1], partial=(0.5, 1),
                                focus="sensitivity")
    with pytest.raises(ValueError, match="finite"):
        partial_auc_from_points([1, np.nan, 0], sp, partial=(0.5, 1))


# ------------------------------------------------------------------ the components
@pytest.mark.parametrize("ties", [False, True])
@pytest.mark.parametrize("rng_", [(0.8, 1.0), (0.6, 0.9), (0.0, 0.37)])
def test_components_match_pairwise_definition(ties, rng_):
    y, s, pos, neg = _data(4, ties=ties)
    v10, v01 = partial_components(y == 1, s, *rng_, "specificity")
    d10, d01 = pauc_components_def(pos, neg, *rng_)
    np.testing.assert_allclose(v10, d10, rtol=0, atol=1e-14)
    np.testing.assert_allclose(v01, d01, rtol=0, atol=1e-8)    # d01: finite differences


@pytest.mark.parametrize("rng_", [(0.4, 0.9), (0.4, 0.8), (0.2, 0.8)])
def test_components_of_untied_cases_on_a_range_end(rng_):
    # cases with exactly 3 and 1 of the 5 controls above them: false-positive rates 0.6 and
    # 0.2, the ends of the ranges (1 - hi, 1 - lo); at an end the step's two one-sided
    # derivatives are averaged (the definition's kink rule), not counted once inside and
    # once more as an end
    pos, neg = [0.5, 2.5, 4.5], [1.0, 2.0, 3.0, 4.0, 5.0]
    y = np.r_[np.ones(3), np.zeros(5)]
    v10, v01 = partial_components(y == 1, np.r_[pos, neg], *rng_, "specificity")
    d10, d01 = pauc_components_def(pos, neg, *rng_)
    np.testing.assert_allclose(v10, d10, rtol=0, atol=1e-14)
    np.testing.assert_allclose(v01, d01, rtol=0, atol=1e-8)


@pytest.mark.parametrize("ties", [False, True])
@pytest.mark.parametrize("focus", FOCUSES)
@pytest.mark.parametrize("rng_", [(0.8, 1.0), (0.55, 0.93), (0.0, 0.37)])
def test_components_are_derivatives_of_the_estimator(ties, focus, rng_):
    y, s, pos, neg = _data(5, m=13, n=17, ties=ties)
    v10, v01 = partial_components(y == 1, s, *rng_, focus)
    f10, f01 = pauc_components_fd_def(pos, neg, *rng_, focus)
    np.testing.assert_allclose(v10, f10, rtol=0, atol=1e-7)
    np.testing.assert_allclose(v01, f01, rtol=0, atol=1e-7)
    assert v10.mean() == pytest.approx(pauc_def(pos, neg, *rng_, focus), abs=1e-14)


@pytest.mark.parametrize("ties", [False, True])
def test_full_range_components_are_delong_placements(ties):
    y, s, pos, neg = _data(6, ties=ties)
    p10, p01 = placements_def(pos, neg)
    for focus in FOCUSES:
        v10, v01 = partial_components(y == 1, s, 0.0, 1.0, focus)
        np.testing.assert_allclose(v10, p10, rtol=0, atol=1e-15)
        np.testing.assert_allclose(v01, p01, rtol=0, atol=1e-15)
        full = rocstats.delong(y, s)
        part = rocstats.delong(y, s, partial=(0, 1), focus=focus)
        assert part.auc == pytest.approx(full.auc, abs=1e-15)
        assert part.variance == pytest.approx(full.variance, rel=1e-12)


@pytest.mark.parametrize("ties", [False, True])
@pytest.mark.parametrize("focus", FOCUSES)
def test_delong_partial_variance_and_covariance(ties, focus):
    rng = np.random.default_rng(7)
    m, n = 40, 55
    y = np.r_[np.ones(m, int), np.zeros(n, int)]
    base = rng.normal(size=m + n) + y
    S = np.column_stack([base + rng.normal(scale=0.7, size=m + n),
                         base + rng.normal(scale=1.3, size=m + n)])
    if ties:
        S = np.round(S)
    rng_ = (0.7, 0.95)
    comps = [pauc_components_fd_def(S[y == 1, c], S[y == 0, c], *rng_, focus)
             for c in range(2)]
    V10 = np.column_stack([c[0] for c in comps])
    V01 = np.column_stack([c[1] for c in comps])
    cov = np.cov(V10, rowvar=False) / m + np.cov(V01, rowvar=False) / n
    r = rocstats.delong(y, S, partial=rng_, focus=focus)
    np.testing.assert_allclose(r.covariance, cov, rtol=1e-6)
    np.testing.assert_allclose(r.auc, [pauc_def(S[y == 1, c], S[y == 0, c], *rng_, focus)
                                       for c in range(2)], rtol=0, atol=1e-15)
    for c in range(2):
        one = rocstats.delong(y, S[:, c], partial=rng_, focus=focus)
        assert one.variance == pytest.approx(r.covariance[c, c], rel=1e-12)
        assert one.auc == pytest.approx(r.auc[c], abs=1e-15)
    assert (r.partial, r.focus, r.correct) == (rng_, focus, False)
    # McClish: values by the formula, (co)variance times the slope squared
    rc = rocstats.delong(y, S, partial=rng_, focus=focus, correct=True)
    lo, hi = rng_
    mn = (hi - lo) * ((1 - lo) + (1 - hi)) / 2
    slope = 1 / (2 * ((hi - lo) - mn))
    np.testing.assert_allclose(rc.auc, mcclish_def(r.auc, lo, hi), rtol=1e-14)
    np.testing.assert_allclose(rc.covariance, r.covariance * slope ** 2, rtol=1e-13)
    assert rc.correct is True


def test_paired_test_of_partial_aucs():
    rng = np.random.default_rng(8)
    y = (rng.random(120) < 0.4).astype(int)
    a = rng.normal(size=120) + y
    b = a + rng.normal(size=120)
    r = rocstats.delong(y, np.column_stack([a, b]), partial=(0.8, 1))
    t = rocstats.roc_test(y, a, b, partial=(0.8, 1))
    d = r.auc[0] - r.auc[1]
    se = np.sqrt(r.covariance[0, 0] + r.covariance[1, 1] - 2 * r.covariance[0, 1])
    assert t.estimate == pytest.approx(d, abs=1e-15)
    assert t.se == pytest.approx(se, rel=1e-12)
    assert t.statistic == pytest.approx(d / se, rel=1e-12)
    assert "partial" in t.method
    u = rocstats.roc_test_unpaired(y, a, y, b, partial=(0.8, 1), focus="sensitivity")
    va = rocstats.delong(y, a, partial=(0.8, 1), focus="sensitivity")
    vb = rocstats.delong(y, b, partial=(0.8, 1), focus="sensitivity")
    assert u.estimate == pytest.approx(va.auc - vb.auc, abs=1e-15)
    assert u.se == pytest.approx(np.sqrt(va.variance + vb.variance), rel=1e-12)


def test_docstring_variance_by_hand():
    r = rocstats.delong([1, 1, 0, 0], [0.9, 0.7, 0.8, 0.1], partial=(0.6, 1))
    assert r.auc == pytest.approx(0.2, abs=1e-15)
    # case components 0.4 and 0 (S10 = 0.08), control components both 0.2 (S01 = 0)
    assert r.variance == pytest.approx(0.08 / 2, abs=1e-15)


def test_conf_int_of_a_partial_auc():
    y, s, _, _ = _data(9)
    r = rocstats.delong(y, s, partial=(0.8, 1))
    lo, hi = r.conf_int()
    z = 1.959963984540054
    assert lo == pytest.approx(max(r.auc - z * r.se, 0), rel=1e-12)
    assert hi == pytest.approx(min(r.auc + z * r.se, 0.2), rel=1e-12)
    lg = r.conf_int(method="logit")
    w = 0.2
    L = np.log(r.auc / w / (1 - r.auc / w))
    h = z * r.se / w / (r.auc / w * (1 - r.auc / w))
    assert lg.lower == pytest.approx(w / (1 + np.exp(-(L - h))), rel=1e-12)
    assert 0 < lg.lower < r.auc < lg.upper < 0.2
    assert "partial AUC" in str(r.summary())


def test_roc_curve_auc_partial_weighted():
    y, s, pos, neg = _data(10, ties=True)
    rng = np.random.default_rng(10)
    w = rng.uniform(0.5, 2.0, y.size)
    curve = rocstats.roc_curve(y, s, sample_weight=w)
    for focus in FOCUSES:
        expected = pauc_def(pos, neg, 0.6, 0.9, focus, w_pos=w[y == 1], w_neg=w[y == 0])
        assert curve.auc_partial((0.6, 0.9), focus=focus) == pytest.approx(expected, abs=1e-14)
    plain = rocstats.roc_curve(y, s)
    assert plain.auc_partial((0.6, 0.9), correct=True) == \
        pytest.approx(rocstats.auc(y, s, partial=(0.6, 0.9), correct=True), abs=1e-15)


def test_string_labels_and_pos_label():
    y, s, _, _ = _data(11)
    lab = np.where(y == 1, "sick", "healthy")
    assert rocstats.auc(lab, s, pos_label="sick", partial=(0.8, 1)) == \
        rocstats.auc(y, s, partial=(0.8, 1))
    assert rocstats.delong(lab, s, pos_label="sick", partial=(0.8, 1)).pos_label == "sick"


# ------------------------------------------------------------------ undefined cases
def test_mcclish_below_the_diagonal_is_nan_with_a_warning():
    y, s, _, _ = _data(12, shift=-1.5)      # a score worse than chance
    with pytest.warns(rocstats.UndefinedAUCWarning, match="McClish"):
        assert np.isnan(rocstats.auc(y, s, partial=(0.8, 1), correct=True))
    with pytest.warns(rocstats.UndefinedAUCWarning, match="McClish"):
        r = rocstats.delong(y, s, partial=(0.8, 1), correct=True)
    assert np.isnan(r.auc) and np.isfinite(r.variance)


def test_one_class_warns_and_gives_nan():
    for fun in (rocstats.auc, rocstats.delong):
        with pytest.warns(rocstats.UndefinedAUCWarning, match="no negatives"):
            out = fun([1, 1, 1], [0.1, 0.2, 0.3], partial=(0.8, 1))
        value = out if fun is rocstats.auc else out.auc
        assert np.isnan(value)
    with pytest.warns(rocstats.UndefinedAUCWarning):
        r = rocstats.delong([0, 0, 0], np.ones((3, 2)), partial=(0.8, 1))
    assert r.covariance.shape == (2, 2) and np.isnan(r.covariance).all()


def test_one_case_gives_nan_variance():
    with pytest.warns(rocstats.UndefinedAUCWarning, match="at least 2"):
        r = rocstats.delong([1, 0, 0, 0], [0.9, 0.1, 0.5, 0.2], partial=(0.5, 1))
    assert r.auc == pytest.approx(0.5) and np.isnan(r.variance)


@pytest.mark.parametrize("partial, match", [
    ((-0.1, 0.5), "lie in"), ((0.5, 1.2), "lie in"),
    ((0.5, 0.5), "positive width"), ((0.1, 0.2, 0.3), "pair"), ("0.8", "pair"),
    ((np.nan, 1), "lie in"), (0.8, "pair"), (True, "pair")])
def test_bad_partial(partial, match):
    y, s = [1, 0, 1, 0], [0.3, 0.1, 0.8, 0.5]
    for call in (lambda: rocstats.auc(y, s, partial=partial),
                 lambda: rocstats.delong(y, s, partial=partial),
                 lambda: partial_auc_from_points([1, 0], [0, 1], partial=partial),
                 lambda: rocstats.roc_curve(y, s).auc_partial(partial)):
        with pytest.raises(ValueError, match="^partial.*" + match):
            call()


def test_bad_focus_and_correct():
    y, s = [1, 0, 1, 0], [0.3, 0.1, 0.8, 0.5]
    with pytest.raises(ValueError, match="^focus"):
        rocstats.auc(y, s, partial=(0.8, 1), focus="spec")
    with pytest.raises(ValueError, match="^focus"):
        rocstats.delong(y, s, focus="Specificity")
    with pytest.raises(ValueError, match="^correct"):
        rocstats.auc(y, s, partial=(0.8, 1), correct="yes")
    with pytest.raises(ValueError, match="^correct"):
        rocstats.roc_test(y, s, s, partial=(0.8, 1), correct=1)


def test_doctests():
    for mod in (_areas, _auc, _delong, _smooth):
        res = doctest.testmod(mod, optionflags=doctest.NORMALIZE_WHITESPACE)
        assert res.attempted > 0 and res.failed == 0, mod.__name__


def test_no_warning_in_ordinary_use():
    y, s, _, _ = _data(13, ties=True)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for focus in FOCUSES:
            rocstats.delong(y, np.column_stack([s, -s + 3 * y]), partial=(0.6, 0.9),
                            focus=focus, correct=True)


def test_points_helper_identical_to_delong_structure():
    # the 2-D helper returns pROC's values and components in case order
    y, s, pos, neg = _data(14, ties=True)
    aucs, V10, V01 = _delong.partial_structural_components(y == 1, s[:, None], 0.6, 0.9,
                                                           "specificity")
    assert aucs[0] == pytest.approx(pauc_def(pos, neg, 0.6, 0.9), abs=1e-15)
    assert V10.shape == (pos.size, 1) and V01.shape == (neg.size, 1)


@pytest.mark.parametrize("rng_", [(0.8, 1.0), (0.613, 0.917), (0.0, 0.37), (0.25, 0.55)])
def test_continuous_components_are_the_plugin_influence_function(rng_):
    # the module docstring's claim: without ties the derivative of the estimator is the
    # population influence function with empirical plug-ins (range ends off the grid)
    y, s, pos, neg = _data(15, m=29, n=37)
    from definitions import pauc_plugin_influence_def
    v10, v01 = partial_components(y == 1, s, *rng_, "specificity")
    p10, p01 = pauc_plugin_influence_def(pos, neg, *rng_)
    np.testing.assert_allclose(v10, p10, rtol=0, atol=1e-14)
    np.testing.assert_allclose(v01, p01, rtol=0, atol=1e-14)


def test_partial_range_in_either_order_as_proc():
    """pROC's documentation writes partial.auc = c(1, 0.8); both orders are one range."""
    y, s = [1, 0, 1, 0, 1, 0], [0.3, 0.1, 0.8, 0.5, 0.6, 0.2]
    assert rocstats.auc(y, s, partial=(1, 0.8)) == rocstats.auc(y, s, partial=(0.8, 1))
    a, b = rocstats.delong(y, s, partial=(0.9, 0.5)), rocstats.delong(y, s, partial=(0.5, 0.9))
    assert (a.auc, a.variance, a.partial) == (b.auc, b.variance, b.partial) == \
        (b.auc, b.variance, (0.5, 0.9))


# ---------------------------------------------------------------- issue 23 (mutation run)
@pytest.mark.parametrize("bad", ["0.8", b"0.8", True, 0.8, (0.8,), (0.1, 0.5, 0.9),
                                 ("a", "b"), (0.8, 0.8), (-0.1, 0.5), (0.5, 1.1),
                                 (0.2, float("nan"))])
def test_partial_must_be_two_distinct_bounds_inside_the_unit_interval(bad):
    with pytest.raises(ValueError, match="^partial"):
        rocstats.auc([0, 0, 1, 1], [1, 2, 3, 4], partial=bad)


def test_partial_area_from_points_definition_and_refusals():
    """The area under a polygon over a range, by hand: the straight line from (Se 1, Sp 0)
    to (Se 0, Sp 1) has area (hi - lo)(2 - lo - hi)/2 over specificity [lo, hi]; a curve
    that does not span the range is refused; one curve gives a float."""
    from rocstats._areas import partial_auc_from_points

    v = partial_auc_from_points([1.0, 0.0], [0.0, 1.0], partial=(0.2, 0.6))
    assert isinstance(v, float) and v == pytest.approx(0.4 * 1.2 / 2, rel=1e-15)
    stack = partial_auc_from_points([[1.0, 0.0], [1.0, 1.0]], [[0.0, 1.0], [0.0, 1.0]],
                                    partial=(0.2, 0.6))
    assert stack.shape == (2,) and stack[1] == pytest.approx(0.4)
    with pytest.raises(ValueError):
        partial_auc_from_points([1.0], [0.0], partial=(0.2, 0.6))              # one point
    with pytest.raises(ValueError):                                             # not to Sp 0
        partial_auc_from_points([0.9, 0.0], [0.3, 1.0], partial=(0.2, 0.6))
    with pytest.raises(ValueError):                                             # not to Sp 1
        partial_auc_from_points([1.0, 0.2], [0.0, 0.5], partial=(0.2, 0.6))
    # McClish below the diagonal: NaN without a warning here (allow_invalid=False), the
    # corrected value with allow_invalid (pROC's bootstrap)
    import warnings

    low = ([1.0, 1.0, 0.0, 0.0], [0.0, 0.0, 0.0, 1.0])           # area 0 over (0.2, 0.6)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        nan = partial_auc_from_points(*low, partial=(0.2, 0.6), correct=True,
                                      allow_invalid=False)
    assert np.isnan(nan)
    val = partial_auc_from_points(*low, partial=(0.2, 0.6), correct=True)
    lo_area = (0.8 + 0.4) * 0.4 / 2
    assert val == pytest.approx((1 + (0 - lo_area) / (0.4 - lo_area)) / 2)
