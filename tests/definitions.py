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


# --------------------------------------------------------------------------- coords (issue 11)
def roc_points_def(pos, neg):
    """Every point of the empirical ROC curve by direct counting, in pROC's row order
    (all positive first): a list of ``(cut, tp, fp)`` with "score >= cut" positive, cut
    running over the distinct scores ascending and then +inf (nothing positive)."""
    cuts = sorted(set(pos) | set(neg)) + [float("inf")]
    return [(c, sum(1 for x in pos if x >= c), sum(1 for y in neg if y >= c)) for c in cuts]


def proc_threshold_def(cuts, k):
    """pROC's threshold of point k: the midpoint of its cut and the next lower distinct
    score (-inf below the lowest, +inf for nothing positive); plain (a + b) / 2."""
    if k == len(cuts) - 1:
        return float("inf")
    if k == 0:
        return float("-inf")
    return (cuts[k] + cuts[k - 1]) / 2


def coords_metrics_def(tp, fp, m, n, r=Fraction(1)):
    """pROC's coordinates of one point from exact counts, as Fractions (None for 0/0)."""
    tn, fn = n - fp, m - tp
    f = Fraction
    div = lambda a, b: None if b == 0 else f(a, b)
    se, sp = f(tp, m), f(tn, n)
    acc = f(tp + tn, m + n)
    npv, ppv = div(tn, tn + fn), div(tp, tp + fp)
    return {"specificity": sp, "sensitivity": se, "accuracy": acc, "tn": f(tn), "tp": f(tp),
            "fn": f(fn), "fp": f(fp), "npv": npv, "ppv": ppv, "fdr": div(fp, tp + fp),
            "fpr": 1 - sp, "tpr": se, "tnr": sp, "fnr": f(fn, m), "1-specificity": 1 - sp,
            "1-sensitivity": 1 - se, "1-accuracy": 1 - acc,
            "1-npv": None if npv is None else 1 - npv, "1-ppv": None if ppv is None else 1 - ppv,
            "precision": ppv, "recall": se, "youden": se + r * sp,
            "closest.topleft": (1 - se) ** 2 + r * (1 - sp) ** 2}


def best_points_def(pos, neg, method, r=Fraction(1)):
    """Indices (pROC order) of every optimal point by exhaustive exact search: maximise
    se + r sp (youden) or minimise (1 - se)^2 + r (1 - sp)^2 (closest.topleft)."""
    m, n = len(pos), len(neg)
    pts = roc_points_def(pos, neg)
    crit = []
    for _, tp, fp in pts:
        se, sp = Fraction(tp, m), Fraction(n - fp, n)
        crit.append(se + r * sp if method == "youden" else -((1 - se) ** 2 + r * (1 - sp) ** 2))
    best = max(crit)
    return [k for k, c in enumerate(crit) if c == best]


def local_maxima_def(pts):
    """pROC's "local maximas" of distinct points (pROC order) written as a plain loop:
    the first point if the next one is less sensitive; a middle point reached by a gain
    in specificity and left by a loss in sensitivity (or with sensitivity 0); the last
    point if reached by a gain in specificity."""
    L = len(pts)
    if L == 1:
        return [True]
    se = [tp for _, tp, _ in pts]
    spc = [-fp for _, _, fp in pts]              # specificity up <=> fp down
    out = [se[0] > se[1]]
    for i in range(1, L - 1):
        up = spc[i] > spc[i - 1]
        out.append((up and se[i] > se[i + 1]) or (up and se[i] == 0)
                   or (se[i] > se[i - 1] and pts[i][2] == 0))
    out.append(spc[L - 1] > spc[L - 2])
    return out


def curve_at_def(pos, neg, given, value):
    """pROC's ``coords(x = value, input = "specificity" | "sensitivity")`` by brute force
    over the listed points, with R's floating-point formulas: the first (specificity) or
    last (sensitivity) point with exactly that value, else linear interpolation between
    the points around it.  Returns the other coordinate."""
    m, n = len(pos), len(neg)
    pts = roc_points_def(pos, neg)
    se = [tp / float(m) for _, tp, _ in pts]
    sp = [(n - fp) / float(n) for _, _, fp in pts]
    inp, out = (sp, se) if given == "specificity" else (se, sp)
    hits = [k for k, v in enumerate(inp) if v == value]
    if hits:
        return out[hits[0] if given == "specificity" else hits[-1]]
    nxt = next(k for k, v in enumerate(inp) if (v > value if given == "specificity" else v < value))
    prop = (value - inp[nxt]) / (inp[nxt - 1] - inp[nxt])
    return out[nxt] + prop * (out[nxt - 1] - out[nxt])


# --------------------------------------------------------------------------- bootstrap stream
_MASK64 = (1 << 64) - 1


def splitmix_mix_def(z):
    """splitmix64's finaliser on a Python int (Steele, Lea & Flood 2014)."""
    z &= _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def boot_draw_def(seed, r, k):
    """Draw k of replicate r of the documented counter-based stream."""
    key = splitmix_mix_def(seed + (r + 1) * 0xD1B54A32D192ED03)
    return splitmix_mix_def(key + (k + 1) * 0x9E3779B97F4A7C15)


def resample_def(pos, neg, seed, r, stratified=True):
    """The resampled positives and negatives of replicate r, from the documented stream:
    positives and negatives sorted ascending; stratified: draws 0..m-1 pick positives
    (index floor(u m / 2^64)), draws m..m+n-1 negatives; otherwise draws 0..m+n-1 pick
    among the positives then the negatives."""
    pos, neg = sorted(pos), sorted(neg)
    m, n = len(pos), len(neg)
    if stratified:
        P = [pos[(boot_draw_def(seed, r, k) * m) >> 64] for k in range(m)]
        N = [neg[(boot_draw_def(seed, r, m + k) * n) >> 64] for k in range(n)]
        return P, N
    allv = pos + neg
    idx = [(boot_draw_def(seed, r, k) * (m + n)) >> 64 for k in range(m + n)]
    return [allv[i] for i in idx if i < m], [allv[i] for i in idx if i >= m]


def type7_quantile_def(values, p):
    """R's default quantile (type 7) of a list, by its formula."""
    v = sorted(values)
    h = (len(v) - 1) * p
    lo = int(h // 1)
    hi = min(lo + 1, len(v) - 1)
    return v[lo] + (h - lo) * (v[hi] - v[lo])
# ------------------------------------------------------------- partial AUC (issue 11)
def roc_polygon_def(pos, neg, w_pos=None, w_neg=None):
    """Vertices (fpr, tpr) of the empirical ROC polygon by brute force: (0, 0), then one
    vertex per distinct score in decreasing order with the (weighted) shares of
    negatives / positives scoring at or above it.  A tie between classes is a diagonal."""
    pos, neg = [float(v) for v in pos], [float(v) for v in neg]
    w_pos = [1.0] * len(pos) if w_pos is None else [float(w) for w in w_pos]
    w_neg = [1.0] * len(neg) if w_neg is None else [float(w) for w in w_neg]
    P, N = sum(w_pos), sum(w_neg)
    verts = [(0.0, 0.0)]
    for c in sorted(set(pos) | set(neg), reverse=True):
        verts.append((sum(w for v, w in zip(neg, w_neg) if v >= c) / N,
                      sum(w for v, w in zip(pos, w_pos) if v >= c) / P))
    return verts


def _integrate_polyline(pts, a, b):
    """Exact integral of the polygonal line through pts (x non-decreasing) over [a, b]."""
    total = 0.0
    for (x0, y0), (x1, y1) in zip(pts[:-1], pts[1:]):
        lo, hi = max(x0, a), min(x1, b)
        if hi <= lo:
            continue
        ylo = y0 + (y1 - y0) * (lo - x0) / (x1 - x0)
        yhi = y0 + (y1 - y0) * (hi - x0) / (x1 - x0)
        total += (hi - lo) * (ylo + yhi) / 2.0
    return total


def pauc_def(pos, neg, lo, hi, focus="specificity", w_pos=None, w_neg=None):
    """Partial AUC by direct integration of the empirical polygon.

    Specificity focus: the area under the curve between specificity lo and hi, i.e. the
    integral of tpr d(fpr) over fpr in [1 - hi, 1 - lo].  Sensitivity focus: the integral
    of specificity d(sensitivity) over sensitivity in [lo, hi] (pROC's partial.auc.focus),
    integrated along the same polygon read with sensitivity as the abscissa."""
    verts = roc_polygon_def(pos, neg, w_pos, w_neg)
    if focus == "specificity":
        return _integrate_polyline(verts, 1.0 - hi, 1.0 - lo)
    return _integrate_polyline([(t, 1.0 - f) for f, t in verts], lo, hi)


def mcclish_def(p, lo, hi):
    """McClish (1989): (1 + (p - min) / (max - min)) / 2 with max = hi - lo the perfect
    curve's area and min the diagonal's, the trapezoid (hi - lo)((1-lo) + (1-hi)) / 2."""
    mn = (hi - lo) * ((1 - lo) + (1 - hi)) / 2
    return (1 + (p - mn) / ((hi - lo) - mn)) / 2


def _ramp_integral(alpha, beta, t1, t2):
    """int_{t1}^{t2} clip((u - alpha) / (beta - alpha), 0, 1) du (a step at alpha when
    beta == alpha), from the ramp's antiderivative R(u) = 0 (u <= alpha),
    (u - alpha)^2 / (2 (beta - alpha)) (alpha <= u <= beta), u - (alpha + beta) / 2 beyond."""
    def R(u):
        if u <= alpha:
            return 0.0
        if u >= beta:
            return u - (alpha + beta) / 2.0
        return (u - alpha) ** 2 / (2.0 * (beta - alpha))
    return R(t2) - R(t1)


def pauc_components_def(pos, neg, lo, hi):
    """Structural components of the specificity-focused partial AUC, O(m n).

    Case i: phi_i = int_{t1}^{t2} r_i(u) du, r_i the case's ramp from alpha_i = #{Y > X_i}/n
    to beta_i = #{Y >= X_i}/n ([t1, t2] = [1 - hi, 1 - lo]).  Control j: pAUC + the
    derivative of the estimator towards a point mass at Y_j,
    (1/m) sum_i [dphi/dalpha_i (1(Y_j > X_i) - alpha_i) + dphi/dbeta_i (1(Y_j >= X_i) - beta_i)],
    the partial derivatives by central differences of _ramp_integral in alpha and beta
    (for a step, alpha and beta move together; at a range end the two one-sided
    derivatives are averaged).  Returns (V10, V01)."""
    pos, neg = [float(v) for v in pos], [float(v) for v in neg]
    m, n = len(pos), len(neg)
    t1, t2 = 1.0 - hi, 1.0 - lo
    alpha = [sum(1 for y in neg if y > x) / n for x in pos]
    beta = [sum(1 for y in neg if y >= x) / n for x in pos]
    phi = [_ramp_integral(a, b, t1, t2) for a, b in zip(alpha, beta)]
    h = 1e-7
    da, db = [], []
    for a, b in zip(alpha, beta):
        if b > a:
            w = min(h, (b - a) / 4)
            da.append((_ramp_integral(a + w, b, t1, t2) - _ramp_integral(a - w, b, t1, t2))
                      / (2 * w))
            db.append((_ramp_integral(a, b + w, t1, t2) - _ramp_integral(a, b - w, t1, t2))
                      / (2 * w))
        else:   # step: d/dalpha of (t2 - clip(alpha, t1, t2)), kinks averaged
            da.append((_ramp_integral(a + h, a + h, t1, t2)
                       - _ramp_integral(a - h, a - h, t1, t2)) / (2 * h))
            db.append(0.0)
    theta = sum(phi) / m
    v01 = [theta + sum(da[i] * ((y > pos[i]) - alpha[i]) + db[i] * ((y >= pos[i]) - beta[i])
                       for i in range(m)) / m for y in neg]
    return np.array(phi), np.array(v01)


def pauc_components_fd_def(pos, neg, lo, hi, focus="specificity", eps=1e-6):
    """The same components as numerical derivatives of the estimator itself: weight one
    subject by 1 +- eps in :func:`pauc_def` (central differences).  A case's component is
    pAUC + m d pAUC / d w_i, a control's pAUC + n d pAUC / d w_j."""
    m, n = len(pos), len(neg)
    theta = pauc_def(pos, neg, lo, hi, focus)

    def deriv(k, which):
        size = m if which == "pos" else n
        out = []
        for sign in (1.0, -1.0):
            w = [1.0] * size
            w[k] += sign * eps
            kw = {"w_pos": w} if which == "pos" else {"w_neg": w}
            out.append(pauc_def(pos, neg, lo, hi, focus, **kw))
        return (out[0] - out[1]) / (2 * eps)

    v10 = np.array([theta + m * deriv(i, "pos") for i in range(m)])
    v01 = np.array([theta + n * deriv(j, "neg") for j in range(n)])
    return v10, v01


def pauc_plugin_influence_def(pos, neg, lo, hi):
    """Continuous data (no ties), specificity focus: the plug-in influence values of the
    population formula, cases P(Y < x, c2 < Y <= c1) - pAUC and controls
    S_X(y) 1(c2 < y <= c1) - pAUC + ROC(t1) [1(y > c1) - t1] - ROC(t2) [1(y > c2) - t2],
    with every population quantity replaced by its empirical value: control j "lies
    above c_k" when its whole 1/n cell of false-positive rate lies left of t_k, and
    ROC(t_k) is the share of cases placed (alpha = #{Y > x}/n) before t_k.  Returns the
    components (pAUC + influence value) of the cases and of the controls."""
    pos, neg = np.asarray(pos, float), np.asarray(neg, float)
    m, n = pos.size, neg.size
    t1, t2 = 1.0 - hi, 1.0 - lo
    alpha = np.array([(neg > x).sum() / n for x in pos])
    ramp = np.clip(t2 - np.clip(alpha, t1, t2), 0, None)       # P(Y < x, c2 < Y <= c1)
    theta = ramp.mean()
    roc = [np.mean(alpha < t) for t in (t1, t2)]
    right_end = np.array([((neg > y).sum() + 1) / n for y in neg])  # cell (k/n, (k+1)/n]
    inside = (right_end > t1) & (right_end <= t2)
    surv = np.array([(pos > y).mean() for y in neg])
    ctrl = (surv * inside - theta + roc[0] * ((right_end <= t1) - t1)
            - roc[1] * ((right_end <= t2) - t2))
    return ramp, theta + ctrl
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


def weighted_delong_def(pos, neg, w_pos, w_neg, weight_type="frequency"):
    """Weighted AUCs and their DeLong-type covariance, O(m n) in exact fractions, from the
    formulas of :mod:`rocstats.curves._weighted` written out directly.

    ``pos`` (m x k) / ``neg`` (n x k) scores, ``w_pos`` / ``w_neg`` weights (rows of weight
    0 dropped).  Weighted placements ``V10_i = sum_j v_j psi_ij / W0``,
    ``V01_j = sum_i w_i psi_ij / W1``, ``A = sum_i w_i V10_i / W1``.
    ``"frequency"``: DeLong on the expanded data, ``S10 / W1 + S01 / W0`` with
    ``S10 = sum_i w_i (V10_i - A)(V10_i - A)' / (W1 - 1)``.  ``"sampling"``:
    ``sum_i w_i^2 (V10_i - A)(..)' / (W1^2 k1) + sum_j v_j^2 (..)(..)' / (W0^2 k0)`` with
    ``k = 1 - 2 sum p^3 / sum p^2 + sum p^2``, ``p = w / sum w`` within each class
    ((m-1)/m for equal weights).  Returns ``(theta, cov)`` as lists of Fractions.
    """
    pos = np.asarray(pos, float).reshape(len(w_pos), -1)
    neg = np.asarray(neg, float).reshape(len(w_neg), -1)
    keep_p = [i for i, w in enumerate(w_pos) if w > 0]
    keep_n = [j for j, w in enumerate(w_neg) if w > 0]
    wp = [Fraction(w_pos[i]) for i in keep_p]
    wn = [Fraction(w_neg[j]) for j in keep_n]
    pos, neg = pos[keep_p], neg[keep_n]
    m, n, k = len(wp), len(wn), pos.shape[1]
    W1, W0 = sum(wp), sum(wn)

    def kappa(ws):
        # 1 - 2 sum p^3 / sum p^2 + sum p^2, p = w / sum w (m-1)/m for equal weights
        tot = sum(ws)
        p = [w / tot for w in ws]
        s2, s3 = sum(x * x for x in p), sum(x * x * x for x in p)
        return 1 - 2 * s3 / s2 + s2

    def kern(x, y):
        return Fraction(1) if x > y else Fraction(1, 2) if x == y else Fraction(0)

    V10 = [[sum(wn[j] * kern(pos[i, c], neg[j, c]) for j in range(n)) / W0 for c in range(k)]
           for i in range(m)]
    V01 = [[sum(wp[i] * kern(pos[i, c], neg[j, c]) for i in range(m)) / W1 for c in range(k)]
           for j in range(n)]
    theta = [sum(wp[i] * V10[i][c] for i in range(m)) / W1 for c in range(k)]
    cov = [[None] * k for _ in range(k)]
    for a in range(k):
        for b in range(k):
            s10 = [(V10[i][a] - theta[a]) * (V10[i][b] - theta[b]) for i in range(m)]
            s01 = [(V01[j][a] - theta[a]) * (V01[j][b] - theta[b]) for j in range(n)]
            if weight_type == "frequency":
                cov[a][b] = (sum(w * s for w, s in zip(wp, s10)) / (W1 - 1) / W1
                             + sum(w * s for w, s in zip(wn, s01)) / (W0 - 1) / W0)
            else:
                cov[a][b] = (sum(w * w * s for w, s in zip(wp, s10)) / (W1 * W1) / kappa(wp)
                             + sum(w * w * s for w, s in zip(wn, s01)) / (W0 * W0) / kappa(wn))
    return theta, cov


# --------------------------------------------------------------------------- roc.test (issue 12)
def rank_first_def(x):
    """R's ``rank(x, ties.method = "first")``: 1-based, ties in order of appearance."""
    x = list(x)
    order = sorted(range(len(x)), key=lambda i: (x[i], i))
    r = [0] * len(x)
    for k, i in enumerate(order):
        r[i] = k + 1
    return r


def venkatraman_paired_def(y, rank_a, rank_b):
    """pROC's ``venkatraman.paired.stat`` by enumeration of the thresholds x = 1..N:
    sum_x |(FN_b(x) + FP_b(x)) - (FN_a(x) + FP_a(x))|, FN(x) = #cases ranked <= x,
    FP(x) = #controls ranked > x."""
    N = len(y)
    total = 0
    for x in range(1, N + 1):
        err = []
        for r in (rank_a, rank_b):
            fn = sum(1 for i in range(N) if y[i] == 1 and r[i] <= x)
            fp = sum(1 for i in range(N) if y[i] == 0 and r[i] > x)
            err.append(fn + fp)
        total += abs(err[1] - err[0])
    return total


def venkatraman_paired_exact_pvalue_def(y, a, b):
    """The exact permutation p-value of pROC's paired scheme on tiny data.

    pROC exchanges each case's two ranks when q_i = 0 (probability 1/2) and jitters a
    rank that stays by U(-1/2, 1/2); the only effect of the jitter is on which side of the
    other test's (integer) equal rank it falls, a fair coin per case and per test.  So
    the permutation distribution is uniform over (q, c, c') in {0, 1}^(3N): enumerated
    here (N <= 7)."""
    from itertools import product

    N = len(y)
    R, S = rank_first_def(a), rank_first_def(b)
    E = venkatraman_paired_def(y, R, S)
    hits = total = 0
    for bits in product((0, 1), repeat=3 * N):
        q, c1, c2 = bits[:N], bits[N:2 * N], bits[2 * N:]
        r3 = [R[i] + (0.25 if c1[i] else -0.25) if q[i] else S[i] for i in range(N)]
        s3 = [S[i] + (0.25 if c2[i] else -0.25) if q[i] else R[i] for i in range(N)]
        e = venkatraman_paired_def(y, rank_first_def(r3), rank_first_def(s3))
        hits += e >= E
        total += 1
    return E, hits / total


def venkatraman_unpaired_def(y_a, rank_a, y_b, rank_b, mp):
    """pROC's ``venkatraman.unpaired.stat`` written out: mixture c.d.f. p(x) and error
    rate e(x) at each rank of each sample, e_a and e_b interpolated linearly at the
    pooled sorted p values (undefined outside a sample's range), trapezoids of
    |e_a - e_b| where both ends are defined."""
    def curve(y, r):
        m = sum(y)
        n = len(y) - m
        ps, es = [], []
        for x in range(1, len(y) + 1):
            fx = sum(1 for i in range(len(y)) if y[i] == 1 and r[i] <= x) / m
            gx = sum(1 for i in range(len(y)) if y[i] == 0 and r[i] <= x) / n
            ps.append(mp * fx + (1 - mp) * gx)
            es.append(mp * fx + (1 - mp) * (1 - gx))
        return ps, es

    def interp(ps, es, v):
        if v < ps[0] or v > ps[-1]:
            return None
        for k in range(len(ps)):
            if ps[k] == v:
                return es[k]
            if ps[k] > v:
                return es[k - 1] + (es[k] - es[k - 1]) * (v - ps[k - 1]) / (ps[k] - ps[k - 1])
        return None

    pa, ea = curve(y_a, rank_a)
    pb, eb = curve(y_b, rank_b)
    xs = sorted(pa + pb)
    ys = []
    for v in xs:
        u, w = interp(pa, ea, v), interp(pb, eb, v)
        ys.append(None if u is None or w is None else abs(u - w))
    total = 0.0
    for k in range(1, len(xs)):
        if ys[k] is not None and ys[k - 1] is not None:
            total += (ys[k] + ys[k - 1]) * (xs[k] - xs[k - 1]) / 2
    return total


def paired_resample_indices_def(y, seed, r, stratified=True):
    """The cases of paired bootstrap replicate r from the documented stream: positives
    and negatives each in DATA order; stratified: draws 0..m-1 pick positives, m..m+n-1
    negatives; otherwise draws 0..m+n-1 pick among the positives then the negatives.
    Returns indices into the data."""
    pos = [i for i in range(len(y)) if y[i] == 1]
    neg = [i for i in range(len(y)) if y[i] == 0]
    m, n = len(pos), len(neg)
    if stratified:
        return ([pos[(boot_draw_def(seed, r, k) * m) >> 64] for k in range(m)]
                + [neg[(boot_draw_def(seed, r, m + k) * n) >> 64] for k in range(n)])
    allv = pos + neg
    return [allv[(boot_draw_def(seed, r, k) * (m + n)) >> 64] for k in range(m + n)]


def boot_d_def(y, a, b, index_sets, stat=None):
    """pROC's bootstrap D = (theta_a - theta_b) / sd(theta*_a - theta*_b) with the
    replicates given as explicit index sets (one list of case indices per replicate),
    theta the AUC (O(m n) definition) unless ``stat(pos, neg)`` is given; sd with
    denominator B - 1."""
    stat = stat or auc_def
    y, a, b = list(y), list(a), list(b)

    def theta(idx, s):
        return stat([s[i] for i in idx if y[i] == 1], [s[i] for i in idx if y[i] == 0])

    full = list(range(len(y)))
    d = theta(full, a) - theta(full, b)
    diffs = [theta(idx, a) - theta(idx, b) for idx in index_sets]
    mean = sum(diffs) / len(diffs)
    sd = (sum((x - mean) ** 2 for x in diffs) / (len(diffs) - 1)) ** 0.5
    return d / sd, sd, diffs


def pr_interpolated_area_def(pts):
    """The interpolated (Davis & Goadrich) area under the PR curve through the points
    ``pts`` = [(tp, fp), ...] in threshold order: between two points, precision along
    (tp + x) / (tp + fp + x + skew x), skew = dFP / dTP, integrated numerically
    (scipy.integrate.quad) over x in [0, dTP]; divided by the total TP."""
    from scipy import integrate

    P = pts[-1][0]
    total = 0.0
    for (ta, fa), (tb, fb) in zip(pts, pts[1:]):
        d = tb - ta
        if d == 0:
            continue
        skew = (fb - fa) / d
        total += integrate.quad(lambda x: (ta + x) / (ta + fa + x + skew * x), 0, d,
                                epsabs=1e-14, epsrel=1e-13)[0]
    return total / P
