"""Text output (rocstats.tree._export): R's number formatting and printcp's layout.

Expected values: R itself through rpy2 (``format(x, digits = d)`` and
``capture.output(printcp(fit))``); skipped when R / rpy2 / rpart are missing.  The
offline tests check hand-made examples of R's formatting rules.
"""
import numpy as np
import pytest

import tree_helpers as h
from rocstats.tree._export import format_r_column


def test_format_rules_by_hand():
    # enough decimals for every entry to show 5 significant digits, zeros dropped
    assert format_r_column([0.17647059, 0.01960784, 0.01], 5) == \
        ["0.176471", "0.019608", "0.010000"]
    assert format_r_column([1.0, 0.82352941, 0.76470588], 5) == \
        ["1.00000", "0.82353", "0.76471"]
    assert format_r_column([0, 1, 4], 5) == ["0", "1", "4"]
    assert format_r_column([1126.047], 5) == ["1126"]
    assert format_r_column([1.5e-8, 2e-9], 5) == ["1.5e-08", "2.0e-09"]
    assert format_r_column([float("nan"), 0.5], 5) == ["NaN", "0.5"]


def _r():
    try:
        from rocstats.r import rpart as rr
    except Exception as exc:  # pragma: no cover
        pytest.skip("rocstats.r.rpart not importable: %s" % exc)
    ok, why = rr.rpart_available()
    if not ok:
        pytest.skip("rpart through rpy2 not available: %s" % why)
    import rpy2.robjects as ro
    return ro


@pytest.mark.r
def test_format_matches_r_live():
    ro = _r()
    rng = np.random.default_rng(11)
    cases = [rng.uniform(0, 1, 5), rng.uniform(0, 1, 3) * 10.0 ** rng.integers(-6, 6, 3),
             np.array([0.0, 1.0, 2.5]), np.array([123456.789, 0.001]),
             np.array([1e-12, 3.3e-10]), np.array([-0.5, 0.25, 7.0])]
    for v in cases:
        for d in (3, 5, 7):
            r_out = list(ro.r["format"](ro.FloatVector(v), digits=d))
            assert [s.strip() for s in r_out] == format_r_column(v, d), (v, d)


@pytest.mark.r
def test_print_cp_matches_r_printcp():
    ro = _r()
    try:
        from rocstats.tree import CARTClassifier
    except ImportError:
        pytest.skip("the CART estimators are not available")
    # xval = 0: this checks the layout and the number formatting; the cross-validated
    # columns are checked against rpart by tests/test_tree_prune.py
    case, data, meta = h.load_case("kyphosis_minsplit5_cp0")
    model = CARTClassifier.from_formula("Kyphosis ~ Age + Number + Start", data, xval=0,
                                        min_split=5, cp=0)
    ours = str(model.print_cp()).splitlines()
    r_lines = list(ro.r(
        "suppressMessages(library(rpart)); capture.output(printcp(rpart("
        "Kyphosis ~ Age + Number + Start, data = kyphosis, "
        "control = rpart.control(xval = 0, minsplit = 5, cp = 0))))"))
    # everything after the call line is identical
    start_r = r_lines.index("Variables actually used in tree construction:")
    start_o = ours.index("Variables actually used in tree construction:")
    assert [s.rstrip() for s in ours[start_o:]] == [s.rstrip() for s in r_lines[start_r:]]
