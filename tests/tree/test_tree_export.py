"""Text output (rocstats.tree._export): R's number formatting and printcp's layout.

Hand-made examples of R's formatting rules; the comparisons with R itself (``format(x,
digits = d)`` and ``capture.output(printcp(fit))``) are in
tests/live/test_tree_rpart_live.py.
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
