"""Scored AUC (``rocstats.scored._sauc``): the cases the mutation run of issue 23 showed
untested -- ``sauc_test(direction=">")``, the score checks of the fast min / max path on
arrays that are not 1-D float64, and a float64 array paired with a list.

Expected values come from the definitions of Wu, Flach & Ferri (2007, seed 004) written
out below as O(m n) pairwise sums in exact fractions (the paired test in the form of the
paper's Theorem 6, as documented in `rocstats.sauc_test`), or from the documented errors
of the score reader (`rocstats._validation.as_float_array`).
"""
from fractions import Fraction

import numpy as np
import pytest
from scipy import stats

import rocstats
from definitions import close, sauc_definition


def _components(pos, neg):
    """Exact h(y, x) = (y - x) 1(y > x): the sAUC and V_i, W_j (Theorem 1 / section 3)."""
    P = [Fraction(float(v)) for v in pos]
    N = [Fraction(float(v)) for v in neg]
    m, n = len(P), len(N)
    h = [[(y - x) if y > x else Fraction(0) for x in N] for y in P]
    V = [sum(r) / n for r in h]
    W = [sum(h[i][j] for i in range(m)) / m for j in range(n)]
    return sum(map(sum, h)) / (m * n), V, W


def _svar(x):
    mean = sum(x) / len(x)
    return sum((v - mean) ** 2 for v in x) / (len(x) - 1)


def _paired_test_def(y, a, b):
    """(estimate, se, z) of the paired test: z = (sAUC_a - sAUC_b) / sqrt((n-1)/n S_D/m +
    (m-1)/m S_E/n), D = V_a - V_b, E = W_a - W_b (the Notes of `sauc_test`)."""
    y = np.asarray(y)
    sa, va, wa = _components(a[y == 1], a[y == 0])
    sb, vb, wb = _components(b[y == 1], b[y == 0])
    m, n = len(va), len(wa)
    sd = _svar([p - q for p, q in zip(va, vb)])
    se_ = _svar([p - q for p, q in zip(wa, wb)])
    var = Fraction(n - 1, n) * sd / m + Fraction(m - 1, m) * se_ / n
    se = float(var) ** 0.5
    return float(sa - sb), se, float(sa - sb) / se, (float(sa), float(sb))


def _case(seed, m=9, n=11):
    rng = np.random.default_rng(seed)
    y = rng.permutation(np.r_[np.ones(m, int), np.zeros(n, int)])
    a = np.round(rng.beta(3, 2, m + n), 3)
    a[y == 0] = np.round(rng.beta(2, 3, n), 3)
    b = np.round(np.clip(a + rng.normal(0, 0.15, m + n), 0, 1), 3)
    return y, a, b


# ------------------------------------------------------------------ sauc_test(direction=">")
@pytest.mark.parametrize("seed", [3, 4])
def test_sauc_test_lower_is_positive_reflects_both_scores(seed):
    # direction=">": both scores are reflected to 1 - s (documented), so the test is the
    # definition applied to 1 - a and 1 - b (the positives score higher here, so the
    # reflected sAUCs are small and differ from the unreflected ones)
    y, a, b = _case(seed)
    ra, rb = 1.0 - a, 1.0 - b
    est, se, z, (sauc_a, sauc_b) = _paired_test_def(y, ra, rb)
    t = rocstats.sauc_test(y, a, b, direction=">")
    assert close(t.aucs[0], sauc_a) and close(t.aucs[1], sauc_b)
    assert close(t.estimate, est, scale=1e-3)
    assert close(t.se, se, rtol=1e-9) and close(t.statistic, z, rtol=1e-9)
    assert close(t.pvalue, 2 * stats.norm.sf(abs(z)), rtol=1e-9)
    # the same sAUCs as the one-model function with the same direction
    assert close(t.aucs[0], float(sauc_definition(ra[y == 1], ra[y == 0])["sauc"]))
    assert close(rocstats.sauc(y, b, direction=">").sauc, sauc_b)


def test_sauc_test_lower_is_positive_identical_scores():
    # one model against itself: the same numbers on both sides, so the difference is
    # exactly 0 and z = 0 (0/0, documented), p = 1
    y, a, _ = _case(6)
    t = rocstats.sauc_test(y, a, a.copy(), direction=">")
    assert t.estimate == 0.0 and t.statistic == 0.0 and t.pvalue == 1.0
    exp = sauc_definition(1.0 - a[y == 1], 1.0 - a[y == 0])["sauc"]
    assert t.aucs[0] == t.aucs[1] and close(t.aucs[0], exp)


def test_sauc_test_lower_is_positive_keeps_the_resolution_of_1_minus_s():
    # reflected to 1 - s: the positive 0 becomes 1 and the negatives 1e-16 become
    # 1 - 2**-53, so every ordered pair differs by 2**-53 exactly and the sAUC is
    # 2 * 2**-53 / 4 (the other pair, 0 against 0, is a tie).  A reflection on another
    # level (2 - s, say) would round those pairs to ties and give 0.
    y = np.array([1, 1, 0, 0])
    a = np.array([0.0, 1.0, 1e-16, 1e-16])
    exp = sauc_definition(1.0 - a[y == 1], 1.0 - a[y == 0])["sauc"]
    assert exp == Fraction(2, 2 ** 53 * 4)
    t = rocstats.sauc_test(y, a, a.copy(), direction=">")
    assert t.aucs[0] == t.aucs[1] == float(exp)
    assert t.estimate == 0.0 and t.statistic == 0.0 and t.pvalue == 1.0
    assert rocstats.sauc(y, a, direction=">").sauc == float(exp)


# ------------------------------------------------------------------ the score readers
Y = np.array([0, 1, 0, 1, 1, 0, 0, 1])
S = np.array([0.1, 0.9, 0.3, 0.7, 0.4, 0.4, 0.2, 0.8])

CALLS = {
    "sauc": lambda s, **k: rocstats.sauc(Y, s, **k),
    "margin_auc": lambda s, **k: rocstats.margin_auc(Y, s, 0.1, **k),
    "sroc_curve": lambda s, **k: rocstats.sroc_curve(Y, s, **k),
    "sauc_test_a": lambda s, **k: rocstats.sauc_test(Y, s, S.copy(), **k),
    "sauc_test_b": lambda s, **k: rocstats.sauc_test(Y, S.copy(), s, **k),
}


def _bad_scores():
    """(array, rescale, message): ndarrays that are not finite 1-D float64 and that the
    score reader must refuse with its own message (`as_float_array`)."""
    out = [(S.astype(np.complex128), None, "is complex"),
           (S.astype(np.complex128), "minmax", "is complex"),
           (S.astype(str), None, "holds strings"),
           (np.array([0, 2 ** 53 + 1, 0, 5, 3, 1, 2, 9], dtype=np.int64), "minmax",
            r"integers beyond 2\*\*53"),
           (S.reshape(8, 1).copy(), None, "must be 1-dimensional"),
           (np.c_[S, S], None, "must be 1-dimensional")]
    if np.finfo(np.longdouble).nmant > np.finfo(np.float64).nmant:
        wide = S.astype(np.longdouble)
        wide[3] = np.longdouble(1) / 3      # not a float64
        out.append((wide, None, "float64 cannot hold exactly"))
    return out


@pytest.mark.parametrize("call", sorted(CALLS))
@pytest.mark.parametrize("bad,rescale,msg", _bad_scores())
def test_score_reader_refuses_what_float64_cannot_hold(call, bad, rescale, msg):
    name = "y_score_a" if call == "sauc_test_a" else "y_score_b" if call == "sauc_test_b" \
        else "y_score"
    with pytest.raises(ValueError, match="%s.*%s" % (name, msg)):
        CALLS[call](bad, rescale=rescale)


@pytest.mark.parametrize("direction", ["<", ">"])
def test_sauc_test_array_with_list(direction):
    # one score a float64 array, the other a list (or tuple): read as the same numbers
    y, a, b = _case(5)
    if direction == ">":
        ra, rb = 1.0 - a, 1.0 - b
    else:
        ra, rb = a, b
    est, se, z, aucs = _paired_test_def(y, ra, rb)
    for sa, sb in ((a, list(b)), (list(a), b), (tuple(a), b), (a, tuple(b))):
        t = rocstats.sauc_test(y, sa, sb, direction=direction)
        assert close(t.aucs[0], aucs[0]) and close(t.aucs[1], aucs[1])
        assert close(t.estimate, est, scale=1e-3)
        assert close(t.se, se, rtol=1e-9) and close(t.statistic, z, rtol=1e-9)
