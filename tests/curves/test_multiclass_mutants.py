"""Mutation-survivor tests for rocstats.curves._multiclass (issue 23).

Expected values come from the O(n^2) loops of tests/definitions.py
(`multiclass_placements_def`: Hand & Till's A(i|j) and every row's placements) and from
the documented behaviour of `multiclass_auc` / `multiclass_auc_test`.
"""
import math
import warnings

import numpy as np
import pytest

import rocstats
from rocstats._validation import UndefinedAUCWarning
from rocstats.curves._multiclass import _Sweep
from definitions import multiclass_placements_def

METHOD = "Paired z test of two Hand & Till multiclass AUCs"


def _m_def(y, P, classes):
    """Hand & Till's M: the mean of the C(C-1) pairwise A(i|j), column i for classes[i]."""
    _, A, _ = multiclass_placements_def(y, P, classes)
    return float(A.mean())


def _paired_def(y, A, B, classes):
    """(M_a, M_b, d, se) of the paired test from the placements: per class the sample
    variance of the difference of the rows' summed placements, / n_c, summed, / K^2."""
    y = np.asarray(y)
    _, Aa, phi_a = multiclass_placements_def(y, A, classes)
    _, Ab, phi_b = multiclass_placements_def(y, B, classes)
    K = Aa.size
    zdiff = phi_a.sum(axis=1) - phi_b.sum(axis=1)
    var = sum(np.var(zdiff[y == c], ddof=1) / np.sum(y == c) for c in classes) / K ** 2
    return float(Aa.mean()), float(Ab.mean()), float(Aa.mean() - Ab.mean()), math.sqrt(var)


def _three_class_data(seed, n=24):
    rng = np.random.default_rng(seed)
    y = np.tile([0, 1, 2], n // 3)
    A = rng.random((n, 3)) + 0.6 * np.eye(3)[y]
    B = rng.random((n, 3)) + 0.3 * np.eye(3)[y]
    return y, A, B


def test_paired_test_reads_both_models_in_the_order_of_labels():
    """labels=[2, 0, 1]: column c of a plain array belongs to labels[c] (for both
    models), and a DataFrame's columns are matched to these classes by name."""
    pd = pytest.importorskip("pandas")
    y, A, B = _three_class_data(31)
    order = [2, 0, 1]
    m_a, m_b, d, se = _paired_def(y, A, B, order)
    # the ordering matters for these data (else the test could not see it)
    assert abs(m_a - _m_def(y, A, [0, 1, 2])) > 1e-3
    assert abs(m_b - _m_def(y, B, [0, 1, 2])) > 1e-3
    t = rocstats.multiclass_auc_test(y, A, B, labels=order)
    assert t.aucs == pytest.approx((m_a, m_b), rel=1e-13)
    assert t.estimate == pytest.approx(d, rel=1e-12)
    assert t.se == pytest.approx(se, rel=1e-11)
    # model b as a DataFrame whose columns name the classes, in yet another order
    dfb = pd.DataFrame(B, columns=order)[[1, 2, 0]]
    t2 = rocstats.multiclass_auc_test(y, A, dfb, labels=order)
    assert t2.aucs == pytest.approx((m_a, m_b), rel=1e-13)
    assert t2.se == pytest.approx(se, rel=1e-11)
    # model a as a named DataFrame too, model b positional in the order of labels
    dfa = pd.DataFrame(A, columns=order)[[0, 1, 2]]
    t3 = rocstats.multiclass_auc_test(y, dfa, B, labels=order)
    assert t3.aucs == pytest.approx((m_a, m_b), rel=1e-13)
    assert t3.statistic == pytest.approx(d / se, rel=1e-11)


def test_paired_test_labels_leave_out_an_unused_category():
    """An unused category of a categorical y_true is fine once labels leave it out."""
    pd = pytest.importorskip("pandas")
    y, A, B = _three_class_data(32, n=18)
    cat = pd.Categorical(y, categories=[0, 1, 2, 3])
    with pytest.raises(ValueError, match="no rows"):
        rocstats.multiclass_auc_test(cat, A, B)
    t = rocstats.multiclass_auc_test(cat, A, B, labels=[0, 1, 2])
    m_a, m_b, d, se = _paired_def(y, A, B, [0, 1, 2])
    assert t.aucs == pytest.approx((m_a, m_b), rel=1e-13)
    assert t.se == pytest.approx(se, rel=1e-11)


@pytest.mark.parametrize("alternative", ["greater", "less"])
def test_paired_test_result_labels(alternative):
    """The result carries the test's name and the alternative it was asked for."""
    y, A, B = _three_class_data(33)
    t = rocstats.multiclass_auc_test(y, A, B, alternative=alternative)
    assert t.method == METHOD
    assert t.alternative == alternative
    m_a, m_b, d, se = _paired_def(y, A, B, [0, 1, 2])
    assert t.se == pytest.approx(se, rel=1e-11)


@pytest.mark.parametrize("alternative", ["two-sided", "less"])
def test_paired_test_with_a_class_of_one_row(alternative):
    """Too few rows: NaN statistic, p-value and SE (documented), the estimate and both
    M still reported, the method and alternative labelled as usual."""
    y = np.array([0, 0, 0, 1, 2, 2, 2])
    rng = np.random.default_rng(34)
    A, B = rng.random((7, 3)), rng.random((7, 3))
    with pytest.warns(UndefinedAUCWarning, match="at least 2 rows"):
        t = rocstats.multiclass_auc_test(y, A, B, alternative=alternative)
    m_a, m_b = _m_def(y, A, [0, 1, 2]), _m_def(y, B, [0, 1, 2])
    assert math.isnan(t.statistic) and math.isnan(t.pvalue) and math.isnan(t.se)
    assert t.aucs == pytest.approx((m_a, m_b), rel=1e-13)
    assert t.estimate == pytest.approx(m_a - m_b, rel=1e-12)
    assert t.method == METHOD
    assert t.alternative == alternative


def test_a_class_of_one_row_without_covariance_gives_none():
    """covariance=False (the default) returns no pairwise covariance, also when the
    variances are NaN because a class has a single row."""
    y = np.array([0, 0, 0, 1, 2, 2, 2])
    P = np.random.default_rng(35).random((7, 3))
    with pytest.warns(UndefinedAUCWarning, match="at least 2 rows"):
        r = rocstats.multiclass_auc(y, P)
    assert r.pairwise_covariance is None
    assert math.isnan(r.variance)
    assert r.auc == pytest.approx(_m_def(y, P, [0, 1, 2]), rel=1e-13)


def test_zero_se_with_a_difference_is_infinite_without_a_numpy_warning():
    """se = 0 and d != 0: z = +inf, p = 0, and no RuntimeWarning from the division.

    Model a is perfect (every placement 1, Z = 2 for every row); model b is perfect in
    column 0 and ties everything in column 1 (placements 1/2), so Z_b = 3/2 for every
    row: Z_a - Z_b is constant within each class (se = 0) while M_a - M_b = 1/4."""
    y = np.array([0, 0, 0, 1, 1, 1])
    A = np.column_stack([1 - y + 0.1 * np.arange(6), y + 0.1 * np.arange(6)])
    B = np.column_stack([1 - y + 0.1 * np.arange(6), np.zeros(6)])
    m_a, m_b, d, se = _paired_def(y, A, B, [0, 1])
    assert (m_a, m_b, d, se) == (1.0, 0.75, 0.25, 0.0)
    for alternative, p in (("two-sided", 0.0), ("greater", 0.0), ("less", 1.0)):
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            t = rocstats.multiclass_auc_test(y, A, B, alternative=alternative)
        assert t.statistic == np.inf and t.pvalue == p and t.se == 0.0
        assert t.estimate == 0.25
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        t = rocstats.multiclass_auc_test(y, B, A)
    assert t.statistic == -np.inf and t.pvalue == 0.0


def test_column_names_that_are_unhashable_match_by_their_text():
    """Names that cannot be looked up as they are (lists) are matched by their text."""
    pd = pytest.importorskip("pandas")
    y = np.array(["[0]", "[1]", "[2]"] * 4)
    rng = np.random.default_rng(36)
    P = rng.random((12, 3))                   # column c belongs to class "[c]"
    codes = np.array([int(s[1]) for s in y])
    P = P + 0.5 * np.eye(3)[codes]
    cols = pd.Index([[2], [0], [1]], tupleize_cols=False, dtype=object)
    df = pd.DataFrame(P[:, [2, 0, 1]], columns=cols)
    r = rocstats.multiclass_auc(y, df)
    assert r.labels == ("[0]", "[1]", "[2]")
    assert r.auc == pytest.approx(_m_def(y, P, ["[0]", "[1]", "[2]"]), rel=1e-13)


def test_sweep_keeps_class_codes_beyond_int16():
    """The class codes that group the rows survive the narrowing of their dtype: with
    more than 32768 classes a code of 32768 must not wrap around (int16)."""
    codes = np.array([0, 32768, 1, 32768], dtype=np.int64)
    sweep = _Sweep(codes, 32769)
    assert np.array_equal(sweep.codes, codes)
    assert np.array_equal(np.argsort(sweep.codes, kind="stable"), [0, 2, 1, 3])
    small = _Sweep(np.array([2, 0, 1, 0]), 3)
    assert np.array_equal(small.codes, [2, 0, 1, 0])
