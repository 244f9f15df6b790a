"""Tests for rocstats._areas aimed at mutation survivors (issue 23).

Expected values come from definitions written here: the trapezoid area of the polygon
cut at the range ends, McClish's (1989) formula, pROC's sort.roc convention.
"""
import numpy as np
import pytest

from rocstats._areas import check_partial, mcclish, partial_auc_from_points


def _trapezoid_area(x, y, lo, hi):
    """Area under the polygon through (x, y), x increasing, between lo and hi: the
    polygon is cut at lo and hi by linear interpolation, then summed by trapezoids."""
    x = [float(v) for v in x]
    y = [float(v) for v in y]
    pts = [(lo, float(np.interp(lo, x, y)))]
    pts += [(xi, yi) for xi, yi in zip(x, y) if lo < xi < hi]
    pts.append((hi, float(np.interp(hi, x, y))))
    return sum((x1 - x0) * (y0 + y1) / 2.0
               for (x0, y0), (x1, y1) in zip(pts[:-1], pts[1:]))


def _mcclish(pauc, lo, hi):
    # McClish 1989: min = area of the diagonal over the range, max = its width
    pmin = (hi - lo) * ((1 - lo) + (1 - hi)) / 2.0
    pmax = hi - lo
    return (1 + (pauc - pmin) / (pmax - pmin)) / 2.0


# ------------------------------------------------------------------ check_partial
@pytest.mark.parametrize("bad", [(1.5, 0.5), (0.5, 1.5), (-0.5, 0.5), (0.5, -0.5)])
def test_check_partial_rejects_any_end_outside_unit_interval(bad):
    # kills x_check_partial__mutmut_17 / _30 (lo > 1 with hi in range, pROC's reversed
    # order): both ends must lie in [0, 1] whatever the order
    with pytest.raises(ValueError, match="must lie in"):
        check_partial(bad)


@pytest.mark.parametrize("given,expected", [((0.5, 0.0), (0.0, 0.5)),
                                            ((1.0, 0.0), (0.0, 1.0))])
def test_check_partial_reversed_order_may_end_at_zero(given, expected):
    # pROC's c(high, low) order with low = 0 is the range [0, high] (x_check_partial__mutmut_31)
    assert check_partial(given) == expected


# ------------------------------------------------------------------ mcclish
def test_mcclish_mixed_stack_keeps_valid_values():
    # allow_invalid=False: NaN only where pauc < min, McClish's value elsewhere
    # (x_mcclish__mutmut_28)
    lo, hi = 0.8, 1.0
    paucs = np.array([0.0, 0.1, 0.15])   # min over (0.8, 1) is 0.02
    out = mcclish(paucs, lo, hi, allow_invalid=False, warn=False)
    assert out.dtype == np.float64
    assert np.isnan(out[0])
    assert out[1] == pytest.approx(_mcclish(0.1, lo, hi), rel=1e-12)
    assert out[2] == pytest.approx(_mcclish(0.15, lo, hi), rel=1e-12)


def test_mcclish_float32_input_computed_in_double():
    # a float32 pAUC (e.g. a stored bootstrap stack) gets the double-precision correction;
    # the range (0.8, 0.9) is not made of float32 numbers (x_mcclish__mutmut_10 / _12)
    lo, hi = 0.8, 0.9
    p32 = np.array([0.0301, 0.0712], dtype=np.float32)
    out = mcclish(p32, lo, hi)
    for got, p in zip(out, p32):
        assert got == pytest.approx(_mcclish(float(p), lo, hi), rel=1e-12)


# ------------------------------------------------------------------ partial_auc_from_points
SE = [1.0, 0.9, 0.7, 0.4, 0.0]
SP = [0.0, 0.3, 0.55, 0.85, 1.0]


def test_partial_auc_one_curve_is_a_python_float():
    # documented return: float for one curve (x_partial_auc_from_points__mutmut_81)
    v = partial_auc_from_points(SE, SP, partial=(0.8, 1.0))
    assert type(v) is float
    assert v == pytest.approx(_trapezoid_area(SP, SE, 0.8, 1.0), rel=1e-12)


def test_partial_auc_float32_points_computed_in_double():
    # float32 points give the area of the same points in double precision: the cut at
    # 0.8 / 0.9 is not moved to the nearest float32 (partial_auc_from_points mutmut_12,
    # _14, _17, _19)
    se32 = np.array(SE, dtype=np.float32)
    sp32 = np.array(SP, dtype=np.float32)
    for focus, x, y in (("specificity", sp32, se32),
                        ("sensitivity", se32[::-1], sp32[::-1])):
        v = partial_auc_from_points(se32, sp32, partial=(0.8, 0.9), focus=focus)
        assert v == pytest.approx(_trapezoid_area(x, y, 0.8, 0.9), rel=1e-12)


@pytest.mark.parametrize("shape", [(0,), (1,), (3, 1), (2, 0)])
def test_partial_auc_too_few_points_is_a_shape_error(shape):
    # p >= 2 points per curve (x_partial_auc_from_points__mutmut_20)
    a = np.full(shape, 0.5)
    with pytest.raises(ValueError, match="p >= 2"):
        partial_auc_from_points(a, a, partial=(0.2, 0.6))


def test_proc_sort_reverses_on_any_decrease_1d_and_2d():
    # pROC's sort.roc reverses a curve whose specificities are unsorted ANYWHERE
    # (is.unsorted), not only when one falls below the first.  Here sp = 0, .5, .3, 1 is
    # reversed, so with focus="sensitivity" the integrand is read from the (se, sp) points
    # in the given order (se increasing).  (_proc_sort mutmut_6 and _19)
    se = [0.0, 0.5, 0.8, 1.0]
    sp = [0.0, 0.5, 0.3, 1.0]
    expected = _trapezoid_area(se, sp, 0.1, 0.9)
    v = partial_auc_from_points(se, sp, partial=(0.1, 0.9), focus="sensitivity")
    assert v == pytest.approx(expected, rel=1e-12)
    # a stack: the same curve next to an ordinary one
    se2 = np.array([se, [1.0, 0.8, 0.5, 0.0]])
    sp2 = np.array([sp, [0.0, 0.3, 0.6, 1.0]])
    v2 = partial_auc_from_points(se2, sp2, partial=(0.1, 0.9), focus="sensitivity")
    assert v2[0] == pytest.approx(expected, rel=1e-12)
    assert v2[1] == pytest.approx(
        _trapezoid_area([0.0, 0.5, 0.8, 1.0], [1.0, 0.6, 0.3, 0.0], 0.1, 0.9), rel=1e-12)


def test_partial_auc_correct_stack_nan_only_below_diagonal():
    # correct=True, allow_invalid=False on a stack: NaN for the curve under the diagonal,
    # McClish's value for the other (x_mcclish__mutmut_28 through the estimator)
    lo, hi = 0.8, 1.0
    se = np.array([SE, [1.0, 0.5, 0.2, 0.05, 0.0]])
    sp = np.array([SP, SP])
    out = partial_auc_from_points(se, sp, partial=(lo, hi), correct=True,
                                  allow_invalid=False)
    a0 = _trapezoid_area(SP, SE, lo, hi)
    a1 = _trapezoid_area(SP, [1.0, 0.5, 0.2, 0.05, 0.0], lo, hi)
    assert a1 < (hi - lo) * ((1 - lo) + (1 - hi)) / 2.0 < a0   # the premise
    assert out[0] == pytest.approx(_mcclish(a0, lo, hi), rel=1e-12)
    assert np.isnan(out[1])
