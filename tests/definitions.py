"""Independent definitions used as expected values (never the code under test).

Everything here is written from the formulas, in plain NumPy/Python, O(m n).
"""
from fractions import Fraction

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
# --------------------------------------------------------------------------- Rossa (seed 003)
# Orientation (sections 1-3): pi_0 = positives, sample C of size m; pi_1 = negatives,
# sample Z of size n; G_n = EDF of the negatives (10); cell of C_j = n G_n(C_j) (20).
def rossa_cell_index_def(pos, neg, rule="upper"):
    """n G_n(C_j) for every positive by pairwise counting: #{Z_i < C_j}, plus
    #{Z_i == C_j} for rule "upper" (the EDF (10) is right-continuous)."""
    out = []
    for c in pos:
        below = sum(1 for z in neg if z < c)
        tied = sum(1 for z in neg if z == c)
        out.append(below + (tied if rule == "upper" else 0))
    return np.array(out, dtype=np.int64)


def rossa_cells_def(n, k):
    """Cell of every value v = 0..n for k cells 'as even as possible', by a loop:
    cell j starts at floor(j (n+1) / k)."""
    starts = [j * (n + 1) // k for j in range(k)]
    return np.array([max(j for j in range(k) if starts[j] <= v) for v in range(n + 1)])


def rossa_counts_def(idx, n, cells=None):
    """Cell counts O_j of the indices ``idx`` (values 0..n) and the cell sizes."""
    if cells is None:
        return np.bincount(idx, minlength=n + 1), np.ones(n + 1, dtype=np.int64)
    cell_of = rossa_cells_def(n, cells)
    return (np.bincount(cell_of[np.asarray(idx, dtype=np.int64)], minlength=cells),
            np.bincount(cell_of, minlength=cells))


def rossa_statistic_fraction(counts, sizes, n):
    """Pearson's (21) as an exact Fraction: sum (O_j - m p_j)^2 / (m p_j), p_j = s_j/(n+1)."""
    from fractions import Fraction

    m = int(sum(counts))
    total = Fraction(0)
    for o, s in zip(counts, sizes):
        e = Fraction(m * int(s), n + 1)
        total += (int(o) - e) ** 2 / e
    return total


def rossa_statistic_def(pos, neg, rule="upper", cells=None):
    """(statistic as float, counts) from the pairwise definition."""
    n = len(neg)
    counts, sizes = rossa_counts_def(rossa_cell_index_def(pos, neg, rule), n, cells)
    return float(rossa_statistic_fraction(counts, sizes, n)), counts


def compositions(total, parts):
    """Every composition of ``total`` into ``parts`` non-negative parts (stars and bars)."""
    import itertools

    for bars in itertools.combinations(range(total + parts - 1), parts - 1):
        b = (-1,) + bars + (total + parts - 1,)
        yield tuple(b[i + 1] - b[i] - 1 for i in range(parts))


def rossa_exact_pvalue_def(values_obs, n, cells=None):
    """Exact null p-value P0(T >= T_obs) as a Fraction, by listing every composition of m
    into n + 1 parts (each one ordering of the labels, all equally likely under H0) and
    computing (21) in exact rational arithmetic.  ``values_obs``: the observed counts
    of the n + 1 values 0..n of n G_n(C) (ungrouped, length n + 1)."""
    from fractions import Fraction

    if len(values_obs) != n + 1:
        raise ValueError("values_obs must have n + 1 entries")
    m = int(sum(values_obs))
    if cells is None:
        sizes = [1] * (n + 1)
        cell_of = list(range(n + 1))
    else:
        cell_of = list(rossa_cells_def(n, cells))
        sizes = list(np.bincount(cell_of, minlength=cells))

    def grouped(comp):
        out = [0] * len(sizes)
        for v, c in enumerate(comp):
            out[cell_of[v]] += int(c)
        return out

    t_obs = rossa_statistic_fraction(grouped(values_obs), sizes, n)
    hits = total = 0
    for comp in compositions(m, n + 1):
        hits += rossa_statistic_fraction(grouped(comp), sizes, n) >= t_obs
        total += 1
    return Fraction(hits, total)


def rossa_permutation_pvalue_def(y, x, rule="upper", cells=None):
    """Exact permutation p-value as a Fraction: every assignment of the m positive labels
    to the observed pooled values (ties included), the statistic by pairwise counting
    in exact rational arithmetic."""
    import itertools
    from fractions import Fraction

    y, x = np.asarray(y), np.asarray(x, dtype=float)
    m, N = int(y.sum()), y.size
    n = N - m

    def stat(lab):
        counts, sizes = rossa_counts_def(rossa_cell_index_def(x[lab], x[~lab], rule), n, cells)
        return rossa_statistic_fraction(counts, sizes, n)

    t_obs = stat(y == 1)
    hits = total = 0
    for pos in itertools.combinations(range(N), m):
        lab = np.zeros(N, dtype=bool)
        lab[list(pos)] = True
        hits += stat(lab) >= t_obs
        total += 1
    return Fraction(hits, total)


# ------------------------------------------------------------- scored AUC (seed 004)
def sauc_definition(pos, neg):
    """Exact sAUC, AUC, R+, R-, components V, W, the variance of the paper's Theorem 6
    transcribed as printed (seed 004; its y_i - x_i read as y_i - x_j),

        var = (n-1)/(mn(m-1)) sum_i (V_i - s)^2 + (m-1)/(mn(n-1)) sum_j (W_j - s)^2,

    and the DeLong form S_V/m + S_W/n ("variance_delong")."""
    P = [Fraction(float(y)) for y in pos]
    N = [Fraction(float(x)) for x in neg]
    m, n = len(P), len(N)
    h = [[(y - x) if y > x else Fraction(0) for x in N] for y in P]
    total = sum(sum(r) for r in h)
    V = [sum(r) / n for r in h]
    W = [sum(h[i][j] for i in range(m)) / m for j in range(n)]
    s = total / (m * n)
    two_u = sum(2 * (y > x) + (y == x) for y in P for x in N)
    res = {
        "sauc": s, "twice_u": two_u, "auc": Fraction(two_u, 2 * m * n),
        "r_pos": sum(y for y in P for x in N if y > x) / (m * n),
        "r_neg": sum(x for y in P for x in N if y > x) / (m * n),
        "V": V, "W": W,
        "ss_v": sum((v - s) ** 2 for v in V), "ss_w": sum((w - s) ** 2 for w in W),
    }
    res["variance_delong"] = (res["ss_v"] / ((m - 1) * m) + res["ss_w"] / ((n - 1) * n)
                              if m > 1 and n > 1 else None)
    res["variance"] = (Fraction(n - 1, m * n * (m - 1)) * res["ss_v"]
                       + Fraction(m - 1, m * n * (n - 1)) * res["ss_w"]
                       if m > 1 and n > 1 else None)
    return res


def margin_definition(pos, neg, tau):
    """#{(i, j): y_i - x_j > tau}, the difference evaluated in float64 as written."""
    return sum(1 for y in pos for x in neg if float(y) - float(x) > float(tau))


def close(value, expected, scale=1.0, rtol=1e-12):
    expected = float(expected)
    return abs(float(value) - expected) <= rtol * max(abs(expected), scale)


# --------------------------------------------------------------------------- data


# --------------------------------------------------------------------------- multiclass
def multiclass_placements_def(y, P, classes):
    """Hand & Till's pairwise AUCs and every row's placement in each of them, by loops.

    For each ordered pair p = (i, j) of class positions, i != j, A(i|j) is the mean of
    psi(P[r, i], P[s, i]) over rows r of class ``classes[i]`` and s of ``classes[j]``;
    a row of class i is placed by the share of class-j rows it beats in column i, a row
    of class j by the share of class-i rows that beat it in column i (ties 1/2), and
    every other row by 0 (it does not enter A(i|j)).  Returns ``(pairs, A, phi)``:
    the list of pairs, their AUCs (K,) and the placements (n, K).
    """
    y = list(y)
    P = np.asarray(P, float)
    C = len(classes)
    pairs = [(i, j) for i in range(C) for j in range(C) if i != j]
    A = np.empty(len(pairs))
    phi = np.zeros((len(y), len(pairs)))
    for p, (i, j) in enumerate(pairs):
        rows_i = [r for r in range(len(y)) if y[r] == classes[i]]
        rows_j = [s for s in range(len(y)) if y[s] == classes[j]]
        total = 0.0
        for r in rows_i:
            wins = sum(float(psi(P[r, i], P[s, i])) for s in rows_j)
            phi[r, p] = wins / len(rows_j)
            total += wins
        for s in rows_j:
            phi[s, p] = sum(float(psi(P[r, i], P[s, i])) for r in rows_i) / len(rows_i)
        A[p] = total / (len(rows_i) * len(rows_j))
    return pairs, A, phi


def multiclass_cov_def(y, P, classes):
    """The k-sample (DeLong-type) covariance of the pairwise AUCs and the variance of M.

    ``cov[p, q] = sum_c S_c[p, q] / n_c``, ``S_c`` the sample covariance (denominator
    n_c - 1) over the rows of class c of their placements in pairs p and q; M is the
    mean of the K = C (C - 1) pairwise AUCs, so ``var(M) = 1' cov 1 / K**2``.  Returns
    ``(M, pairs, A, cov, var_M)``.
    """
    y = np.asarray(y)
    pairs, A, phi = multiclass_placements_def(y, P, classes)
    K = len(pairs)
    cov = np.zeros((K, K))
    for c in classes:
        rows = phi[y == c]
        n_c = rows.shape[0]
        dev = rows - rows.mean(axis=0)
        cov += dev.T @ dev / ((n_c - 1) * n_c)
    return float(A.mean()), pairs, A, cov, float(cov.sum() / K ** 2)


def multiclass_variance_fraction(y, P, classes):
    """var(M) of :func:`multiclass_cov_def` in exact rational arithmetic (small data):
    each row's placements summed over the pairs it enters, then per class the sample
    variance (n_c - 1) of these sums over n_c, summed and divided by K**2."""
    y = list(y)
    P = [[Fraction(v) for v in row] for row in P]
    C = len(classes)
    K = C * (C - 1)
    z = [Fraction(0)] * len(y)

    def k(a, b):
        return Fraction(1) if a > b else Fraction(1, 2) if a == b else Fraction(0)

    for i in range(C):
        for j in range(C):
            if i == j:
                continue
            rows_i = [r for r in range(len(y)) if y[r] == classes[i]]
            rows_j = [s for s in range(len(y)) if y[s] == classes[j]]
            for r in rows_i:
                z[r] += sum(k(P[r][i], P[s][i]) for s in rows_j) / len(rows_j)
            for s in rows_j:
                z[s] += sum(k(P[r][i], P[s][i]) for r in rows_i) / len(rows_i)
    total = Fraction(0)
    for c in classes:
        zc = [z[r] for r in range(len(y)) if y[r] == c]
        n_c = len(zc)
        mean = sum(zc) / n_c
        total += sum((v - mean) ** 2 for v in zc) / ((n_c - 1) * n_c)
    return total / K ** 2
