"""Every bad input named in issue 2: a ValueError naming the argument, or warning + NaN."""
import numpy as np
import pytest

import rocstats
from rocstats import UndefinedAUCWarning

pd = pytest.importorskip("pandas")

Y = np.array([0, 1, 0, 1, 1, 0, 0, 1])
S = np.array([0.1, 0.9, 0.3, 0.7, 0.4, 0.4, 0.2, 0.8])

BINARY = {
    "auc": lambda y, s, **k: rocstats.auc(y, s, **k),
    "roc_curve": lambda y, s, **k: rocstats.roc_curve(y, s, **k).auc,
    "delong": lambda y, s, **k: rocstats.delong(y, s, **k).auc,
    "delong_test": lambda y, s, **k: rocstats.roc_test(
        y, s, np.resize(S[::-1], len(s)), **k).estimate,
    "best_threshold": lambda y, s, **k: rocstats.best_threshold(y, s, **k).sensitivity,
    "coords": lambda y, s, **k: rocstats.coords(y, s, "best", **k)["sensitivity"].iloc[0],
    "ci_auc": lambda y, s, **k: rocstats.ci_auc(y, s, method="bootstrap", n_boot=50,
                                                random_state=0, **k).lower,
    "ci_se": lambda y, s, **k: rocstats.ci_se(y, s, [0.5], n_boot=50, random_state=0,
                                              **k)["median"].iloc[0],
    "ci_sp": lambda y, s, **k: rocstats.ci_sp(y, s, [0.5], n_boot=50, random_state=0,
                                              **k)["upper"].iloc[0],
    "ci_thresholds": lambda y, s, **k: rocstats.ci_thresholds(y, s, [0.5], n_boot=50,
                                                              random_state=0, **k).median[0, 1],
    "ci_coords": lambda y, s, **k: rocstats.ci_coords(y, s, [0.5], input="specificity",
                                                      ret="sensitivity", n_boot=50,
                                                      random_state=0, **k).median[0, 0],
    "auc_partial": lambda y, s, **k: rocstats.auc(y, s, partial=(0.6, 0.9), **k),
    "delong_partial": lambda y, s, **k: rocstats.delong(
        y, s, partial=(0.6, 0.9), focus="sensitivity", correct=True, **k).variance,
    "smooth_roc": lambda y, s, **k: rocstats.smooth_roc(y, s, method="density", **k).auc,
    "roc_test_bootstrap": lambda y, s, **k: rocstats.roc_test(
        y, s, np.resize(S[::-1], len(s)), method="bootstrap", n_boot=30, random_state=0,
        **k).statistic,
    "roc_test_venkatraman": lambda y, s, **k: rocstats.roc_test(
        y, s, np.resize(S[::-1], len(s)), method="venkatraman", n_boot=30, random_state=0,
        **k).statistic,
    "auc_test": lambda y, s, **k: rocstats.auc_test(y, s, **k).statistic,
}


@pytest.fixture(params=sorted(BINARY))
def fn(request):
    return BINARY[request.param]


@pytest.mark.parametrize("bad,msg", [(np.nan, "NaN"), (np.inf, "infinite"), (-np.inf, "infinite")])
def test_nonfinite_scores(fn, bad, msg):
    s = S.copy()
    s[2] = bad
    with pytest.raises(ValueError, match="y_score.*%s" % msg):
        fn(Y, s)


def test_one_class_warns_and_returns_nan(fn):
    with pytest.warns(UndefinedAUCWarning, match="no negatives"):
        assert np.isnan(fn(np.ones(8, int), S))
    with pytest.warns(UndefinedAUCWarning, match="no positives"):
        assert np.isnan(fn(np.zeros(8, int), S))


def test_one_class_delong_fields_are_nan():
    with pytest.warns(UndefinedAUCWarning):
        r = rocstats.delong(np.ones(8, int), S)
    assert np.isnan(r.auc) and np.isnan(r.variance) and np.isnan(r.se)
    with pytest.warns(UndefinedAUCWarning):
        r2 = rocstats.delong(np.ones(8, int), np.column_stack([S, S]))
    assert np.isnan(r2.covariance).all()


def test_empty_input(fn):
    with pytest.raises(ValueError, match="y_true is empty"):
        fn(np.array([], int), np.array([]))


def test_length_mismatch(fn):
    with pytest.raises(ValueError, match="y_true has 8 rows but y_score.* has 7"):
        fn(Y, S[:7])


def test_more_than_two_labels(fn):
    y = Y.copy()
    y[0] = 2
    with pytest.raises(ValueError, match="y_true has 3 distinct labels"):
        fn(y, S)


def test_labels_need_pos_label(fn):
    y = np.where(Y == 1, "sick", "well")
    with pytest.raises(ValueError, match="pos_label"):
        fn(y, S)
    with pytest.raises(ValueError, match="pos_label='ill' is not one of the labels"):
        fn(y, S, pos_label="ill")
    assert fn(y, S, pos_label="sick") == fn(Y, S)


def test_nan_labels(fn):
    with pytest.raises(ValueError, match="y_true contains NaN"):
        fn(np.where(Y == 1, 1.0, np.nan), S)
    with pytest.raises(ValueError, match="y_true contains missing"):
        fn(np.array([1, 0, None, 1, 1, 0, 0, 1], dtype=object), S)


def test_bad_direction(fn):
    with pytest.raises(ValueError, match="direction"):
        fn(Y, S, direction="auto")


def test_two_dimensional_score_is_read_marker_by_marker():
    """Issue 22: every statistic takes the same score containers; a one-marker statistic
    given k markers answers per marker (names: a DataFrame's columns, else "score j")."""
    two = rocstats.auc(Y, np.column_stack([S, S]))
    assert two == {"score 0": rocstats.auc(Y, S), "score 1": rocstats.auc(Y, S)}
    with pytest.raises(ValueError, match="y_score must be 1-dimensional"):
        rocstats.auc(Y, S[:, None, None])
    with pytest.raises(ValueError, match="y_score must be 1 or 2-dimensional"):
        rocstats.delong(Y, S[:, None, None])


def test_non_numeric_scores():
    with pytest.raises(ValueError, match="y_score holds strings"):
        rocstats.auc(Y, np.array(list("abcdefgh")))
    with pytest.raises(ValueError, match="y_score holds strings"):
        rocstats.auc(Y, np.array(["0.1", "0.5"] * 4))     # numbers as text: not parsed
    with pytest.raises(ValueError, match="y_score contains NaN"):     # None read as NaN
        rocstats.auc(Y, np.array([0.1, None] * 4, dtype=object))
    with pytest.raises(ValueError, match="y_score holds dates"):
        rocstats.auc(Y, np.arange(8).astype("datetime64[D]"))
    with pytest.raises(ValueError, match="y_score is complex"):
        rocstats.auc(Y, S + 1j)
    with pytest.raises(ValueError, match="y_score cannot be converted"):
        rocstats.auc(Y, [[0.1], [0.2, 0.3]] + [0.0] * 6)


def test_huge_integers_are_refused_not_rounded():
    s = np.array([2 ** 60, 2 ** 60 + 1, 0, 1, 2, 3, 4, 5], dtype=np.int64)
    with pytest.raises(ValueError, match="y_score has integers beyond 2\\*\\*53"):
        rocstats.auc(Y, s)


@pytest.mark.parametrize("convert", [
    lambda a: a[::-1].copy()[::-1],                     # non-contiguous view
    lambda a: np.asfortranarray(a),
    lambda a: a.astype(np.float32),
    lambda a: list(a),
    lambda a: tuple(a),
    lambda a: pd.Series(a, index=np.arange(100, 108)),  # index must not matter
], ids=["strided", "fortran", "float32", "list", "tuple", "series"])
def test_containers_give_same_answer(fn, convert):
    s = np.round(S, 2).astype(np.float32).astype(np.float64)   # float32-exact values
    strided = np.empty(16)
    strided[::2] = s
    view = strided[::2]
    assert not view.flags.c_contiguous
    assert fn(Y, view) == fn(Y, s)
    assert fn(Y, convert(s)) == fn(Y, s)
    assert fn(pd.Series(Y), convert(s)) == fn(Y, s)


def test_integer_and_boolean_scores():
    yi = np.array([0, 1, 0, 1, 1, 0, 0, 1])
    si = np.array([1, 5, 2, 4, 3, 3, 1, 5], dtype=np.int32)
    assert rocstats.auc(yi, si) == rocstats.auc(yi, si.astype(float))
    sb = si > 2
    assert rocstats.auc(yi, sb) == rocstats.auc(yi, sb.astype(float))
    assert rocstats.auc(yi.astype(bool), si) == rocstats.auc(yi, si)


def test_2d_scores_non_contiguous():
    S2 = np.column_stack([S, S[::-1], S ** 2])
    F = np.asfortranarray(S2)
    r1, r2 = rocstats.delong(Y, S2), rocstats.delong(Y, F)
    np.testing.assert_array_equal(r1.auc, r2.auc)
    np.testing.assert_array_equal(r1.covariance, r2.covariance)
    df = pd.DataFrame(S2, columns=list("abc"))
    np.testing.assert_array_equal(rocstats.delong(Y, df).auc, r1.auc)


def test_sample_weight_checks():
    with pytest.raises(ValueError, match="sample_weight must be non-negative"):
        rocstats.roc_curve(Y, S, sample_weight=-np.ones(8))
    with pytest.raises(ValueError, match="sample_weight has 7 rows"):
        rocstats.roc_curve(Y, S, sample_weight=np.ones(7))
    with pytest.raises(ValueError, match="sample_weight contains NaN"):
        rocstats.roc_curve(Y, S, sample_weight=np.r_[np.nan, np.ones(7)])


def test_test_functions_specific_errors():
    with pytest.raises(ValueError, match="alternative"):
        rocstats.roc_test(Y, S, S, alternative="bigger")
    with pytest.raises(ValueError, match="y_score_a has 8 rows but y_score_b has 7"):
        rocstats.roc_test(Y, S, S[:7])
    with pytest.raises(ValueError, match="y_score_b contains NaN"):
        rocstats.roc_test(Y, S, np.r_[np.nan, S[1:]])
    with pytest.raises(ValueError, match="alternative"):
        rocstats.roc_test_unpaired(Y, S, Y, S, alternative="two.sided")


@pytest.mark.parametrize("size", [8, 1 << 16])
def test_sauc_test_score_errors_in_argument_order(size):
    """sauc_test checks both scores (on two threads for large float64 arrays): a bad
    y_score_a is reported before a bad y_score_b, whichever pass ends first."""
    rng = np.random.default_rng(3)
    y = np.arange(size) % 2
    a, b = rng.random(size), rng.random(size)
    bad_a, bad_b = a.copy(), b.copy()
    bad_a[size // 2] = np.nan
    bad_b[-1] = np.inf
    with pytest.raises(ValueError, match="y_score_a contains NaN"):
        rocstats.sauc_test(y, bad_a, bad_b)
    with pytest.raises(ValueError, match="y_score_b contains"):
        rocstats.sauc_test(y, a, bad_b)
    with pytest.raises(ValueError, match="y_score_a contains NaN"):
        rocstats.sauc_test(y, bad_a, b)
    big = b * 2.0       # finite but outside [0, 1]: the range check after both passes
    with pytest.raises(ValueError, match="y_score_b must lie in"):
        rocstats.sauc_test(y, a, big)
    with pytest.raises(ValueError, match="y_score_a contains NaN"):
        rocstats.sauc_test(y, bad_a, big)
