"""Independent definitions used as expected values (never the code under test).

Everything here is written from the formulas, in plain NumPy/Python, O(m n).
"""
import numpy as np


def psi(x, y):
    """Mann-Whitney kernel: 1 if x > y, 1/2 if x == y, 0 otherwise (broadcasts)."""
    return (x > y) + 0.5 * (x == y)


def auc_def(pos, neg):
    pos, neg = np.asarray(pos, float), np.asarray(neg, float)
    return float(psi(pos[:, None], neg[None, :]).mean())


def placements_def(pos, neg):
    K = psi(np.asarray(pos, float)[:, None], np.asarray(neg, float)[None, :])
    return K.mean(axis=1), K.mean(axis=0)


def delong_cov_def(pos, neg):
    """DeLong 1988 covariance, k columns of pos (m x k) and neg (n x k)."""
    pos, neg = np.atleast_2d(pos.T).T, np.atleast_2d(neg.T).T
    m, n, k = pos.shape[0], neg.shape[0], pos.shape[1]
    V10 = np.empty((m, k))
    V01 = np.empty((n, k))
    theta = np.empty(k)
    for c in range(k):
        V10[:, c], V01[:, c] = placements_def(pos[:, c], neg[:, c])
        theta[c] = V10[:, c].mean()
    S10 = (V10 - theta).T @ (V10 - theta) / (m - 1)
    S01 = (V01 - theta).T @ (V01 - theta) / (n - 1)
    return theta, S10 / m + S01 / n


def weighted_auc_def(pos, neg, w_pos, w_neg):
    """Weighted Mann-Whitney AUC: sum_ij w_i w_j psi(x_i, y_j) / (sum w_i sum w_j), as
    exact fractions (weights as given, e.g. Fractions)."""
    from fractions import Fraction
    num = Fraction(0)
    for x, wx in zip(pos, w_pos):
        for y, wy in zip(neg, w_neg):
            k = Fraction(1) if x > y else Fraction(1, 2) if x == y else Fraction(0)
            num += Fraction(wx) * Fraction(wy) * k
    return num / (sum(map(Fraction, w_pos)) * sum(map(Fraction, w_neg)))


def best_cut_def(pos, neg, method):
    """Every optimal cut "score >= c is positive" by exhaustive search with exact
    fractions.  Returns ``(optimum, [(c, se, sp), ...])`` with ``c`` running over the
    distinct scores and +inf (nothing positive), in decreasing order of c; the criterion
    is Youden's J (maximised) or the squared distance to (0, 1) (minimised)."""
    from fractions import Fraction
    m, n = len(pos), len(neg)
    cuts = [float("inf")] + sorted(set(pos) | set(neg), reverse=True)
    rows = []
    for c in cuts:
        se = Fraction(sum(1 for x in pos if x >= c), m)
        sp = Fraction(sum(1 for y in neg if y < c), n)
        crit = se + sp - 1 if method == "youden" else (1 - se) ** 2 + (1 - sp) ** 2
        rows.append((crit, c, se, sp))
    best = max(r[0] for r in rows) if method == "youden" else min(r[0] for r in rows)
    return best, [(c, se, sp) for crit, c, se, sp in rows if crit == best]
