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
