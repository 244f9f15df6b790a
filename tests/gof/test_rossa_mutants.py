"""`rocstats.roc_gof_test` (Rossa's test): the summary rows, the documented table limit
(m + 1)(S + 1) <= EXACT_MAX_ENTRIES of the exact p-value, and the
`GOFApproximationWarning` conditions and text (mutation run of issue 23).  Expected
values come from the definitions (definitions.rossa_statistic_def, c = (m+n+1)/(n+2),
null mean df * c, expected count m / (n+1)) and the docstring example (p = 3/10)."""
import math
import warnings

import numpy as np
import pytest

import rocstats
from rocstats import GOFApproximationWarning
from rocstats.gof import _rossa

from definitions import rossa_statistic_def

# the docstring example: positives 3, 4, 5 (m = 3), negatives 1, 2 (n = 2)
Y = [1, 1, 1, 0, 0]
X = [3, 4, 5, 1, 2]
M, N = 3, 2
C = (M + N + 1) / (N + 2)


def _quiet(*args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", GOFApproximationWarning)
        return rocstats.roc_gof_test(*args, **kwargs)


def _rows(r):
    s = r.summary()
    return dict(s.rows), s


def test_summary_rows_of_the_docstring_example():
    rows, s = _rows(rocstats.roc_gof_test(Y, X))
    stat = rossa_statistic_def([3, 4, 5], [1, 2])[0]
    assert float(rows["statistic (21)"]) == pytest.approx(stat)
    assert int(rows["df"]) == N
    assert float(rows["p-value"]) == pytest.approx(3 / 10)       # 3 of C(5, 3) orderings
    assert rows["p-value method"] == "auto: exact (uniform compositions, dynamic programme)"
    assert int(rows["cells"]) == N + 1
    assert float(rows["min expected count"]) == pytest.approx(M / (N + 1))
    assert float(rows["null mean of statistic"]) == pytest.approx(N * C)
    assert float(rows["inflation c"]) == pytest.approx(C)
    assert float(rows["statistic / c"]) == pytest.approx(stat / C)
    assert int(rows["positives (m, pi_0, sample C)"]) == M
    assert int(rows["negatives (n, pi_1, EDF G_n)"]) == N
    assert rows["ties"] == "random"
    assert s.notes == ["H0: ROC(v) = v (both classes from one distribution)."]


@pytest.mark.parametrize("method, how", [
    ("chi2", "chi-square, 2 df (paper)"),
    ("scaled", "statistic / c vs chi-square, 2 df"),
    ("exact", "exact (uniform compositions, dynamic programme)"),
    ("permutation", "Monte Carlo permutation, 99 replicates")])
def test_summary_names_the_requested_method_without_auto(method, how):
    r = _quiet(Y, X, method=method, n_boot=99, random_state=0)
    rows, _ = _rows(r)
    assert rows["p-value method"] == how          # df = n = 2; B = 99
    assert int(rows["df"]) == N


def test_summary_auto_permutation_is_labelled():
    # ties="upper" on tied data: auto resolves to the permutation p-value
    r = rocstats.roc_gof_test([1, 1, 0, 0], [1, 2, 1, 2], ties="upper", n_boot=49,
                              random_state=1)
    rows, _ = _rows(r)
    assert rows["p-value method"] == "auto: Monte Carlo permutation, 49 replicates"
    assert rows["ties"] == "upper"


def test_summary_of_the_undefined_result():
    with pytest.warns(rocstats.UndefinedAUCWarning):
        r = rocstats.roc_gof_test([1, 1, 1], [1.0, 2.0, 3.0])
    rows, _ = _rows(r)
    assert rows["min expected count"] == "nan"
    assert rows["statistic (21)"] == "nan" and rows["p-value"] == "nan"
    assert int(rows["positives (m, pi_0, sample C)"]) == 3
    assert int(rows["negatives (n, pi_1, EDF G_n)"]) == 0


# --- the table limit (m + 1)(S + 1) <= EXACT_MAX_ENTRIES (docstring of method=)
# docstring example: O = (0, 0, 3), S = sum O_j^2 = 9, (m + 1)(S + 1) = 40
ENTRIES = (M + 1) * (9 + 1)


def test_exact_table_at_the_limit_is_allowed(monkeypatch):
    monkeypatch.setattr(_rossa, "EXACT_MAX_ENTRIES", ENTRIES)
    r = rocstats.roc_gof_test(Y, X, method="exact")
    assert r.score == 9 and r.pvalue == pytest.approx(0.3)
    assert rocstats.roc_gof_test(Y, X).pvalue_method == "exact"


def test_exact_table_over_the_limit_is_refused(monkeypatch):
    monkeypatch.setattr(_rossa, "EXACT_MAX_ENTRIES", ENTRIES - 1)
    with pytest.raises(ValueError, match="table of 40 entries"):
        rocstats.roc_gof_test(Y, X, method="exact")
    r = rocstats.roc_gof_test(Y, X, n_boot=99, random_state=0)
    assert r.pvalue_method == "permutation" and r.n_resamples == 99


# --- GOFApproximationWarning
def _no_warning(*args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("error", GOFApproximationWarning)
        return rocstats.roc_gof_test(*args, **kwargs)


def test_expected_count_of_exactly_five_does_not_warn():
    # m = 10, n = 1: two cells, expected 10 / 2 = 5 (not < 5); scaled has no inflation
    r = _no_warning([1] * 10 + [0], list(range(11)), method="scaled")
    assert r.expected.min() == 5.0


def test_inflation_of_exactly_1_1_does_not_warn():
    # m = 11, n = 98: c = 110 / 100 = 1.1 (not > 1.1); cells=2: sizes 49, 50, min
    # expected 11 * 49 / 99 > 5
    y = [1] * 11 + [0] * 98
    r = _no_warning(y, list(range(109)), method="chi2", cells=2)
    assert r.inflation == 110 / 100


def test_deterministic_tie_rule_without_ties_does_not_warn():
    r = _no_warning([1] * 10 + [0], list(range(11)), method="scaled", ties="upper")
    assert r.ties == "upper"


def test_random_tie_rule_with_ties_does_not_warn():
    x = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 5]           # the negative ties with a positive
    r = _no_warning([1] * 10 + [0], x, method="scaled", random_state=0)
    assert r.ties == "random"


def test_warning_text_of_the_docstring_example():
    # expected m / (n+1) = 1 in 3 cells; null mean 2 * 1.5 = 3, df 2, c = 1.5
    with pytest.warns(GOFApproximationWarning) as rec:
        rocstats.roc_gof_test(Y, X, method="chi2")
    msg = str(rec[0].message)
    assert "expected cell counts are as low as 1 (< 5) with m = 3 positives in 3 cells;" in msg
    assert ("the placement values share one negative sample, so under H0 the statistic "
            "has mean 3, not df = 2 (inflation c = (m+n+1)/(n+2) = 1.5) and this "
            "p-value is too small. Use") in msg


def test_warning_text_of_a_deterministic_tie_rule():
    with pytest.warns(GOFApproximationWarning) as rec:
        rocstats.roc_gof_test([1] * 10 + [0], [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 5],
                              method="scaled", ties="upper")
    msg = str(rec[0].message)
    assert ("positives tied with negatives under ties='upper' make the cell "
            "probabilities differ from 1/(n+1).") in msg
    assert "expected cell counts" not in msg
