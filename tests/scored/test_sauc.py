"""Public scored-AUC API: the paper's Examples 1-2, Theorems 3-4 as properties, the sROC
area, the variance and the paired test against independent formulas, and bad input.

Expected values come from Wu, Flach & Ferri (2007), Examples 1-2, worked by hand in exact
fractions below, or from the exact definitions in test_sauc_kernels.py.
"""
import warnings
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

import rocstats
from rocstats import UndefinedAUCWarning
from rocstats._kernels import sauc as K
from rocstats.scored import _sauc
from definitions import close, sauc_definition

# Example 1 / 2 of the paper: M1 and M2 rank six cases (+ positive, - negative)
M1 = ([1, 1, 1, 0, 0, 0], ["1.0", "0.7", "0.6", "0.5", "0.4", "0.0"])
M2 = ([1, 1, 0, 1, 0, 0], ["1.0", "0.9", "0.6", "0.5", "0.2", "0.0"])


def _hand(model):
    """The paper's quantities from the decimal scores, in exact fractions."""
    y, s = model
    P = [Fraction(v) for v, l in zip(s, y) if l == 1]
    N = [Fraction(v) for v, l in zip(s, y) if l == 0]
    mn = len(P) * len(N)
    return {"auc": Fraction(sum(p > q for p in P for q in N), mn),
            "r_pos": sum(p for p in P for q in N if p > q) / mn,
            "r_neg": sum(q for p in P for q in N if p > q) / mn,
            "sauc": sum(p - q for p in P for q in N if p > q) / mn}


def test_paper_examples_exact_fractions():
    # the paper's printed figures: AUC 1 and 8/9, R+ .7667/.7444, R- .3/.2, sAUC .4667/.5444
    expected = {"M1": {"auc": Fraction(1), "r_pos": Fraction(23, 30), "r_neg": Fraction(3, 10),
                       "sauc": Fraction(7, 15)},
                "M2": {"auc": Fraction(8, 9), "r_pos": Fraction(67, 90), "r_neg": Fraction(1, 5),
                       "sauc": Fraction(49, 90)}}
    printed = {"M1": (0.7667, 0.3, 0.4667), "M2": (0.7444, 0.2, 0.5444)}
    for name, model in (("M1", M1), ("M2", M2)):
        assert _hand(model) == expected[name]          # the hand computation is the paper's
        r = rocstats.sauc(model[0], [float(v) for v in model[1]])
        for key, frac in expected[name].items():
            got = getattr(r, key)
            assert abs(got - float(frac)) <= 1e-15, (name, key)
            assert Fraction(got).limit_denominator(1000) == frac, (name, key)
        assert (round(r.r_pos, 4), round(r.r_neg, 4), round(r.sauc, 4)) == printed[name]
        assert r.n_pos == r.n_neg == 3


def test_paper_shift_by_a_quarter():
    # lowering every positive score by 0.25 drops M1's AUC to 6/9; M2's stays 8/9
    for model, before, after in ((M1, 1.0, 6 / 9), (M2, 8 / 9, 8 / 9)):
        y = np.array(model[0])
        s = np.array([float(v) for v in model[1]])
        assert rocstats.auc(y, s) == pytest.approx(before, abs=1e-15)
        assert rocstats.auc(y, s - 0.25 * y) == pytest.approx(after, abs=1e-15)
        assert rocstats.margin_auc(y, s, 0.25) == pytest.approx(after, abs=1e-15)


def test_sroc_curves_of_figure_1():
    # Figure 1: theta(tau) of M1 and M2; M1 is above M2 near tau = 0 (AUC 1 vs 8/9) yet
    # its area (sAUC) is smaller
    c1 = rocstats.sroc_curve(M1[0], [float(v) for v in M1[1]])
    c2 = rocstats.sroc_curve(M2[0], [float(v) for v in M2[1]])
    assert c1.values[0] == 1.0 and c2.values[0] == pytest.approx(8 / 9)
    assert c1.area() == pytest.approx(7 / 15, abs=1e-15)
    assert c2.area() == pytest.approx(49 / 90, abs=1e-15)
    # M1's differences: 0.1 0.2 0.2 0.3 0.5 0.6 0.6 0.7 1.0 -> theta(0.55) = 4/9
    assert rocstats.margin_auc(M1[0], [float(v) for v in M1[1]], 0.55) == pytest.approx(4 / 9)


# --------------------------------------------------------------------------- properties
LEVELS = st.sampled_from([0.0, 0.25, 0.5, 0.75, 1.0, 0.1, 0.3, 2 / 3])
UNIT = st.floats(0.0, 1.0, allow_nan=False)
SCORES = st.one_of(st.lists(LEVELS, min_size=1, max_size=25),     # heavy ties
                   st.lists(UNIT, min_size=1, max_size=25))


@settings(max_examples=150, deadline=None)
@given(pos=SCORES, neg=SCORES)
def test_theorems_3_and_4(pos, neg):
    y = np.r_[np.ones(len(pos)), np.zeros(len(neg))]
    r = rocstats.sauc(y, np.r_[pos, neg]) if len(pos) > 1 and len(neg) > 1 else None
    if r is None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UndefinedAUCWarning)
            r = rocstats.sauc(y, np.r_[pos, neg])
    eps = 1e-12    # floating sums: bounds hold to rounding
    assert r.r_pos <= r.mean_pos + eps and r.r_neg <= r.mean_neg + eps        # Theorem 3
    assert r.mean_difference - eps <= r.sauc <= r.auc + eps                  # Theorem 4
    assert abs(r.sauc - (r.r_pos - r.r_neg)) <= eps                            # Theorem 1
    d = sauc_definition(pos, neg)
    assert close(r.sauc, d["sauc"]) and close(r.auc, d["auc"])
    assert close(r.r_pos, d["r_pos"]) and close(r.r_neg, d["r_neg"])


@settings(max_examples=60, deadline=None)
@given(pos=st.lists(st.floats(0.5, 1.0), min_size=1, max_size=20),
       neg=st.lists(st.floats(0.0, 0.5, exclude_max=True), min_size=1, max_size=20))
def test_separated_scores(pos, neg):
    y = np.r_[np.ones(len(pos)), np.zeros(len(neg))]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedAUCWarning)
        r = rocstats.sauc(y, np.r_[pos, neg])
    assert r.auc == 1.0
    assert abs(r.mean_difference - r.sauc) <= 1e-12
    assert abs(r.r_pos - r.mean_pos) <= 1e-12 and abs(r.r_neg - r.mean_neg) <= 1e-12


def test_perfect_scores():
    y = np.r_[np.ones(4), np.zeros(5)]
    r = rocstats.sauc(y, y)
    assert r.sauc == r.auc == r.mean_difference == 1.0
    assert r.variance == 0.0


@settings(max_examples=80, deadline=None)
@given(pos=SCORES, neg=SCORES)
def test_area_under_sroc_equals_sauc(pos, neg):
    y = np.r_[np.ones(len(pos)), np.zeros(len(neg))]
    s = np.r_[pos, neg]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UndefinedAUCWarning)
        c = rocstats.sroc_curve(y, s, grid=11)
        r = rocstats.sauc(y, s)
    assert c.exact
    assert abs(c.area() - r.sauc) <= 1e-12 and c.sauc == r.sauc
    # the steps are theta itself: margin_auc at each breakpoint gives the step's value
    np.testing.assert_array_equal(rocstats.margin_auc(y, s, c.breakpoints), c.values)
    np.testing.assert_array_equal(rocstats.margin_auc(y, s, c.grid), c.grid_theta)


def test_sroc_without_breakpoints_for_large_mn():
    rng = np.random.default_rng(3)
    y = rng.integers(0, 2, 400)
    s = np.clip(rng.normal(0.4 + 0.2 * y, 0.15), 0, 1)
    big = rocstats.sroc_curve(y, s, grid=1001, max_breakpoints=1000)
    exact = rocstats.sroc_curve(y, s, grid=1001)
    assert not big.exact and big.breakpoints is None and exact.exact
    np.testing.assert_array_equal(big.grid_theta, exact.grid_theta)
    assert big.sauc == exact.sauc
    assert abs(big.area() - big.sauc) < 2e-3          # trapezoid on 1001 points
    tau, theta = big.step_xy()
    assert tau is big.grid and theta is big.grid_theta
    tau, theta = exact.step_xy()
    assert tau[-1] == 1.0 and theta.size == tau.size
    assert "not materialised" in str(big.summary())


# --------------------------------------------------------------------------- variance
def _random_case(seed, m=23, n=31, ties=False):
    rng = np.random.default_rng(seed)
    if ties:
        pos, neg = rng.integers(0, 6, m) / 5, rng.integers(0, 6, n) / 5
    else:
        pos, neg = rng.beta(3, 2, m), rng.beta(2, 3, n)
    y = np.r_[np.ones(m, int), np.zeros(n, int)]
    perm = rng.permutation(m + n)
    return y[perm], np.r_[pos, neg][perm], pos, neg


@pytest.mark.parametrize("ties", [False, True])
@pytest.mark.parametrize("seed", [0, 1])
def test_variance_against_exact_formula(seed, ties):
    y, s, pos, neg = _random_case(seed, ties=ties)
    d = sauc_definition(pos, neg)
    r = rocstats.sauc(y, s)
    assert r.variance_method == "paper"
    assert close(r.variance, d["variance"], rtol=1e-10)
    assert r.se == pytest.approx(float(d["variance"]) ** 0.5, rel=1e-10)
    rd = rocstats.sauc(y, s, variance="delong")
    assert close(rd.variance, d["variance_delong"], rtol=1e-10)
    assert rd.variance > r.variance                  # factors (n-1)/n, (m-1)/m < 1
    with pytest.raises(ValueError, match="variance must be one of"):
        rocstats.sauc(y, s, variance="theorem6")


def test_variance_needs_two_of_each_class():
    with pytest.warns(UndefinedAUCWarning, match="at least 2 positives"):
        r = rocstats.sauc([1, 0, 0], [0.9, 0.2, 0.4])
    assert np.isnan(r.variance) and r.sauc == pytest.approx(0.6)


def test_conf_int_and_summary():
    y, s, _, _ = _random_case(4)
    r = rocstats.sauc(y, s)
    lo, hi = r.conf_int(0.9)
    z = stats.norm.ppf(0.95)
    assert lo == pytest.approx(r.sauc - z * r.se) and hi == pytest.approx(r.sauc + z * r.se)
    lg = r.conf_int(method="logit")
    assert 0 < lg.lower < r.sauc < lg.upper < 1
    with pytest.raises(ValueError, match="method"):
        r.conf_int(method="exact")
    with pytest.raises(ValueError, match="level"):
        r.conf_int(1.5)
    text, html = str(r.summary()), r._repr_html_()
    for key in ("sAUC", "R+", "R-", "M+ - M-", "AUC"):
        assert key in text and key in html
    assert "<table" in html
    perfect = rocstats.sauc([1, 1, 0, 0], [1, 1, 0, 0])
    assert np.isnan(perfect.conf_int(method="logit").lower)


# --------------------------------------------------------------------------- paired test
def _test_definition(y, a, b, variance="paper"):
    """z of the paired test from the exact components and the 2 x 2 covariance form,
    weighted as Theorem 6 ((n-1)/n and (m-1)/m) or as DeLong (1, 1)."""
    pa, na = a[y == 1], a[y == 0]
    pb, nb = b[y == 1], b[y == 0]
    da, db = sauc_definition(pa, na), sauc_definition(pb, nb)
    m, n = pa.size, na.size
    Va, Vb = np.array(da["V"], float), np.array(db["V"], float)
    Wa, Wb = np.array(da["W"], float), np.array(db["W"], float)
    S10 = np.cov(np.vstack([Va, Vb]), ddof=1)
    S01 = np.cov(np.vstack([Wa, Wb]), ddof=1)
    L = np.array([1.0, -1.0])
    f10, f01 = ((n - 1) / n, (m - 1) / m) if variance == "paper" else (1.0, 1.0)
    var = L @ (f10 * S10 / m + f01 * S01 / n) @ L
    est = float(da["sauc"] - db["sauc"])
    return est, np.sqrt(var), est / np.sqrt(var)


@pytest.mark.parametrize("ties", [False, True])
def test_sauc_test_against_covariance_formula(ties):
    y, a, _, _ = _random_case(7, ties=ties)
    rng = np.random.default_rng(8)
    b = np.clip(a + rng.normal(0, 0.1, a.size), 0, 1)
    if ties:
        b = np.round(b * 5) / 5
    est, se, z = _test_definition(y, a, b)
    t = rocstats.sauc_test(y, a, b)
    assert t.estimate == pytest.approx(est, rel=1e-12)
    assert t.se == pytest.approx(se, rel=1e-9)
    assert t.statistic == pytest.approx(z, rel=1e-9)
    assert t.pvalue == pytest.approx(2 * stats.norm.sf(abs(z)), rel=1e-9)
    _, se_d, z_d = _test_definition(y, a, b, variance="delong")
    td = rocstats.sauc_test(y, a, b, variance="delong")
    assert td.se == pytest.approx(se_d, rel=1e-9) and td.statistic == pytest.approx(z_d, rel=1e-9)
    assert t.aucs == (rocstats.sauc(y, a).sauc, rocstats.sauc(y, b).sauc)
    g = rocstats.sauc_test(y, a, b, alternative="greater")
    l = rocstats.sauc_test(y, a, b, alternative="less")
    assert g.pvalue + l.pvalue == pytest.approx(1.0)
    swapped = rocstats.sauc_test(y, b, a)
    assert swapped.statistic == pytest.approx(-t.statistic, rel=1e-12)
    ci = t.conf_int(0.95)
    assert ci.lower < t.estimate < ci.upper
    assert "scored AUC" in str(t.summary())


def test_sauc_test_identical_and_degenerate():
    y, a, _, _ = _random_case(9)
    t = rocstats.sauc_test(y, a, a)
    assert t.statistic == 0.0 and t.pvalue == 1.0 and t.estimate == 0.0
    # perfect vs perfect shifted: components differ by a constant -> se 0, d != 0
    y2 = np.array([1, 1, 0, 0])
    t2 = rocstats.sauc_test(y2, [1.0, 1.0, 0.0, 0.0], [0.9, 0.9, 0.0, 0.0])
    assert t2.statistic == np.inf and t2.pvalue == 0.0


# --------------------------------------------------------------------------- options
def test_direction_reflects_scores():
    y, s, _, _ = _random_case(12)
    r = rocstats.sauc(y, s, direction=">")
    ref = rocstats.sauc(y, 1.0 - s)
    assert r.sauc == ref.sauc and r.auc == ref.auc and r.direction == ">"
    assert rocstats.auc(y, s, direction=">") == r.auc
    assert rocstats.margin_auc(y, s, 0.1, direction=">") == rocstats.margin_auc(y, 1 - s, 0.1)


def test_pos_label():
    y, s, _, _ = _random_case(13)
    labels = np.where(y == 1, "sick", "well")
    assert rocstats.sauc(labels, s, pos_label="sick").sauc == rocstats.sauc(y, s).sauc
    with pytest.raises(ValueError, match="pos_label"):
        rocstats.sauc(labels, s)


def test_rescale_options():
    y, s, _, _ = _random_case(14)
    raw = 3.0 + 4.0 * s                                   # in [3, 7]
    lo, hi = raw.min(), raw.max()
    r = rocstats.sauc(y, raw, rescale="minmax")
    ref = rocstats.sauc(y, (raw - lo) / (hi - lo))
    assert r.sauc == ref.sauc and r.rescale.startswith("minmax")
    r2 = rocstats.sauc(y, raw, rescale=(3.0, 7.0))
    assert r2.sauc == pytest.approx(rocstats.sauc(y, s).sauc, rel=1e-12)
    logits = np.log(s / (1 - s))
    r3 = rocstats.sauc(y, logits, rescale="logistic")
    assert r3.sauc == pytest.approx(rocstats.sauc(y, s).sauc, rel=1e-12)
    assert r3.auc == rocstats.auc(y, s)
    const = rocstats.sauc(y, np.full(y.size, 5.0), rescale="minmax")
    assert const.sauc == 0.0 and const.auc == 0.5
    assert rocstats.sauc_test(y, raw, raw[::-1].copy(), rescale="minmax").estimate == pytest.approx(
        rocstats.sauc(y, raw, rescale="minmax").sauc
        - rocstats.sauc(y, raw[::-1].copy(), rescale="minmax").sauc)


def test_numpy_kernels_give_the_same_public_results(monkeypatch):
    y, s, _, _ = _random_case(15, m=300, n=250, ties=True)
    b = np.clip(s + 0.05, 0, 1)
    before = (rocstats.sauc(y, s), rocstats.sauc_test(y, s, b),
              rocstats.sroc_curve(y, s, grid=51))
    from rocstats import _kernels

    monkeypatch.setattr(_kernels, "sauc", _kernels.implementations("sauc")["numpy"])
    after = (rocstats.sauc(y, s), rocstats.sauc_test(y, s, b),
             rocstats.sroc_curve(y, s, grid=51))
    for f in ("sauc", "auc", "r_pos", "r_neg", "variance"):
        assert getattr(after[0], f) == pytest.approx(getattr(before[0], f), rel=1e-12)
    assert after[1].statistic == pytest.approx(before[1].statistic, rel=1e-10)
    np.testing.assert_array_equal(after[2].grid_theta, before[2].grid_theta)
    np.testing.assert_array_equal(after[2].values, before[2].values)


# --------------------------------------------------------------------------- bad input
Y = np.array([0, 1, 0, 1, 1, 0, 0, 1])
S = np.array([0.1, 0.9, 0.3, 0.7, 0.4, 0.4, 0.2, 0.8])

FUNCS = {
    "sauc": lambda y, s, **k: rocstats.sauc(y, s, **k).sauc,
    "margin_auc": lambda y, s, **k: rocstats.margin_auc(y, s, 0.1, **k),
    "sroc_curve": lambda y, s, **k: rocstats.sroc_curve(y, s, **k).sauc,
    "sauc_test": lambda y, s, **k: rocstats.sauc_test(
        y, s, np.resize(S[::-1], len(s)), **k).estimate,
}


@pytest.fixture(params=sorted(FUNCS))
def fn(request):
    return FUNCS[request.param]


@pytest.mark.parametrize("bad,msg", [(np.nan, "NaN"), (np.inf, "infinite")])
def test_nonfinite_scores(fn, bad, msg):
    s = S.copy()
    s[2] = bad
    with pytest.raises(ValueError, match="y_score.*%s" % msg):
        fn(Y, s)


def test_scores_outside_unit_interval(fn):
    s = S.copy()
    s[3] = 1.25
    s[0] = -0.5
    msg = r"y_score.* must lie in \[0, 1\].*\[-0.5, 1.25\].*rescale"
    with pytest.raises(ValueError, match=msg):
        fn(Y, s)


def test_one_class_warns_and_returns_nan(fn):
    with pytest.warns(UndefinedAUCWarning, match="no negatives"):
        assert np.isnan(fn(np.ones(8, int), S))
    with pytest.warns(UndefinedAUCWarning, match="no positives"):
        assert np.isnan(fn(np.zeros(8, int), S))


def test_length_mismatch_and_labels(fn):
    with pytest.raises(ValueError, match="y_true has 8 rows but y_score.* has 7"):
        fn(Y, S[:7])
    y = Y.copy()
    y[0] = 2
    with pytest.raises(ValueError, match="y_true has 3 distinct labels"):
        fn(y, S)
    with pytest.raises(ValueError, match="y_true is empty"):
        fn(np.array([], int), np.array([]))
    with pytest.raises(ValueError, match="direction"):
        fn(Y, S, direction="auto")


def test_bad_rescale(fn):
    with pytest.raises(ValueError, match="rescale must be"):
        fn(Y, S, rescale="zscore")
    with pytest.raises(ValueError, match="rescale=\\(lo, hi\\) needs finite lo < hi"):
        fn(Y, S, rescale=(1.0, 0.0))
    with pytest.raises(ValueError, match="rescale must be"):
        fn(Y, S, rescale=(0.0,))
    with pytest.raises(ValueError, match="outside rescale=.*nothing is clipped"):
        fn(Y, S, rescale=(0.2, 1.0))


@pytest.mark.parametrize("tau,msg", [(-0.1, r"tau must lie in \[0, 1\]"), (1.5, "tau must lie"),
                                     (np.nan, "tau contains NaN"), ([[0.1]], "tau must be"),
                                     ("x", "tau holds strings")])
def test_bad_tau(tau, msg):
    with pytest.raises(ValueError, match=msg):
        rocstats.margin_auc(Y, S, tau)


def test_bad_grid_and_options():
    with pytest.raises(ValueError, match="grid must be at least 2"):
        rocstats.sroc_curve(Y, S, grid=1)
    with pytest.raises(ValueError, match="tau must lie"):
        rocstats.sroc_curve(Y, S, grid=[0.0, 2.0])
    with pytest.raises(ValueError, match="max_breakpoints"):
        rocstats.sroc_curve(Y, S, max_breakpoints=-1)
    with pytest.raises(ValueError, match="alternative"):
        rocstats.sauc_test(Y, S, S, alternative="bigger")
    with pytest.raises(ValueError, match="y_score_a has 8 rows but y_score_b has 7"):
        rocstats.sauc_test(Y, S, S[:7])
    with pytest.raises(ValueError, match="y_score_b.* must lie in"):
        rocstats.sauc_test(Y, S, S + 1)


def test_margin_auc_shapes():
    assert isinstance(rocstats.margin_auc(Y, S, 0.0), float)
    out = rocstats.margin_auc(Y, S, np.array([0.0, 0.5, 1.0]))
    assert out.shape == (3,) and out[-1] == 0.0
    with pytest.warns(UndefinedAUCWarning):
        assert rocstats.margin_auc(np.ones(8), S, [0.1, 0.2]).shape == (2,)


# --------------------------------------------------------------------------- issue 14 helpers
@pytest.mark.parametrize("size", [2, 3, 7, 8, 9, 127, 128, 129, 1000, 100_003])
def test_in_place_variance_is_numpys(size):
    """``_var_ddof1`` (in place, no temporary) returns the very double of
    ``np.var(x, ddof=1)``: the steps of NumPy's ``_var`` on the same array."""
    rng = np.random.default_rng(size)
    for x in (rng.random(size) - 0.5, np.full(size, 0.3), rng.random(size) * 1e-9 + 7.0):
        want = float(np.var(x, ddof=1))
        assert _sauc._var_ddof1(x.copy()) == want


@pytest.mark.parametrize("bad", [np.nan, np.inf, -np.inf, 2.0, -0.5])
@pytest.mark.parametrize("which", ["a", "b"])
def test_fast_score_checks_give_the_same_errors(bad, which):
    """A float64 ndarray is checked by one min and one max pass; the errors are those of
    the general path (a list goes through ``as_float_array``), word for word."""
    a, b = S.copy(), S[::-1].copy()
    (a if which == "a" else b)[4] = bad
    msgs = []
    for conv in (np.asarray, list):
        with pytest.raises(ValueError) as err:
            rocstats.sauc_test(Y, conv(a), conv(b))
        msgs.append(str(err.value))
    assert msgs[0] == msgs[1] and ("y_score_" + which) in msgs[0]
    for conv in (np.asarray, list):
        with pytest.raises(ValueError) as err:
            rocstats.sauc(Y, conv(a if which == "a" else b))
        msgs.append(str(err.value))
    assert msgs[2] == msgs[3]
