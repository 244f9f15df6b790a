"""Monte Carlo suite for the multiclass AUC's inference: ``python -m rocstats_validation.run
--suite multiclass_mc``.

No peer computes a variance of Hand & Till's M, nor a test of two models' M (the
k-sample DeLong-type estimator of :func:`rocstats.multiclass_auc`), so the checks are
against the truth of known distributions and against the bootstrap:

``variance``
    For 3- and 5-class designs, with and without ties, the mean over replicates of the
    variance :func:`rocstats.multiclass_auc` reports against the empirical variance of M
    over the same replicates (and likewise for the contrast A(0|1) - A(1|0) from the
    reported pairwise covariance, a combination in which the covariance of two pairwise
    AUCs sharing rows enters with a negative sign); the coverage of the 95% Wald and
    logit intervals of M for the true M.
``size``
    The empirical size of :func:`rocstats.multiclass_auc_test` at alpha = 0.05 under H0
    (two exchangeable, correlated models: the same M).
``bootstrap``
    On fixed data sets, the variance of M under a stratified-by-class bootstrap
    (resampling rows within each class, as the class counts are held fixed; M of each
    replicate computed here in NumPy, independently of rocstats) against the variance
    rocstats reports.

The designs.  Latent scores :math:`L_r = \\mu_{y_r} + \\varepsilon_r`, :math:`\\varepsilon_r
\\sim N(0, \\Sigma)` with equicorrelated columns (correlation ``rho``); the score matrix is
``L`` itself, ``L`` rounded to a grid (ties), or the softmax of ``L`` rounded to 0.1 (a
probability matrix with ties).  For the first two the true A(i|j) is exact:
:math:`\\Phi((\\mu_{ii} - \\mu_{ji}) / \\sqrt 2)`, or, rounded to the grid h,
:math:`\\sum_k p_i(k) \\{F_j(k - 1) + p_j(k)/2\\}` over the grid points; for the softmax
design it is estimated once from 300,000 rows per class by sorting and counting (its
Monte Carlo error, about 2e-4 on M, is under 2% of the SE of M there and moves the
coverage by less than 0.001).  The class counts (100-250 rows per class) are fixed.

Tolerances are Monte Carlo error bounds, computed from the replicates themselves, as in
:mod:`rocstats_validation.sauc_mc`:

* variance ratio ``r = mean(v_hat) / s^2``: ``se(r) = r sqrt(rel_se(s^2)^2 +
  rel_se(mean v_hat)^2)``, ``rel_se(s^2) = sqrt((kurt - (R - 3)/(R - 1)) / R)``; pass when
  ``|r - 1| <= 3 se(r)``.  The estimator's own bias is of relative order 1/n (as for
  DeLong's), below the Monte Carlo error at these sizes.
* coverage and size: binomial standard errors ``sqrt(p (1 - p) / R)`` at the nominal p;
  pass within 3 of them.
* bootstrap: the ratio ``v_boot / v_hat`` per data set, averaged over data sets, with its
  standard error from the spread of the per-data-set ratios (which holds both the
  bootstrap's resampling error and the data-to-data variation of the ratio).  The ideal
  (B -> infinity) bootstrap variance of M is not the same estimator: it has the plug-in
  denominators n_c instead of n_c - 1 and a second-order (degenerate) term, both of
  relative order 1/n (about 1-2% here).  That deviation is computed exactly for every
  data set (:func:`ideal_bootstrap_variance`) and added to the tolerance: pass when
  ``|mean ratio - 1| <= 3 se + |1 - mean(ideal / v_hat)|``.  A second record checks the
  harness itself, without rocstats: the bootstrap against its exact expectation,
  ``|mean(v_boot / ideal) - 1| <= 3 se``.

Everything is seeded (``seed`` argument, ``$ROCSTATS_FRESH_SEED``, or 20260412) and runs
in well under two minutes.
"""
import math
import os
import warnings

import numpy as np
from scipy import special, stats

import rocstats
from .proc_parity import Tolerance, compare

SUITE = "multiclass_mc"
ALPHA = 0.05
LEVEL = 0.95
DEFAULT_SEED = 20260412
N_VAR = 5000        # replicates per variance / coverage check
N_SIZE = 5000       # replicates per size check
N_BOOT_SETS = 60    # data sets of the bootstrap check
N_BOOT = 1000       # bootstrap replicates per data set
TRUTH_ROWS = 300_000


def _mu(C, deltas):
    """Class means of the latent scores: mu[c, i] = delta_i on the diagonal, small fixed
    offsets elsewhere (so that the A(i|j) differ between pairs)."""
    mu = np.array([[0.3 * (((c + 2 * i) % 3) - 1) for i in range(C)] for c in range(C)])
    mu[np.arange(C), np.arange(C)] = deltas
    return mu


#: name -> design: classes' counts, latent means, correlation, scores ("latent",
#: ("grid", h) or ("softmax", h)), description
DESIGNS = {
    "c3_continuous": dict(counts=(100, 150, 200), mu=_mu(3, (1.0, 1.3, 0.8)), rho=-0.4,
                          scores="latent",
                          desc="3 classes (100, 150, 200), Gaussian latent scores, rho -0.4"),
    "c3_softmax_ties": dict(counts=(200, 200, 250), mu=_mu(3, (1.2, 1.0, 1.5)), rho=0.2,
                            scores=("softmax", 0.1),
                            desc="3 classes (200, 200, 250), softmax probabilities rounded "
                                 "to 0.1 (ties), rho 0.2"),
    "c5_continuous": dict(counts=(80, 100, 120, 100, 80), mu=_mu(5, (1.0, 1.2, 0.9, 1.4, 1.1)),
                          rho=0.3, scores="latent",
                          desc="5 classes (80, 100, 120, 100, 80), Gaussian latent scores, "
                               "rho 0.3"),
    "c5_grid_ties": dict(counts=(100, 80, 100, 120, 100), mu=_mu(5, (1.1, 0.9, 1.3, 1.0, 1.2)),
                         rho=-0.2, scores=("grid", 0.5),
                         desc="5 classes (100, 80, 100, 120, 100), latent scores rounded to "
                              "0.5 (ties), rho -0.2"),
}

#: name -> (design, latent correlation of the two models)
NULL_SCENARIOS = {
    "c3_softmax_ties_exchangeable": ("c3_softmax_ties", 0.6),
    "c5_grid_ties_exchangeable": ("c5_grid_ties", 0.8),
}

BOOT_DESIGNS = ("c3_softmax_ties", "c5_grid_ties")


def _seed(seed):
    if seed is None:
        seed = int(os.environ.get("ROCSTATS_FRESH_SEED", DEFAULT_SEED))
    return int(seed)


def _noise(rng, size, C, rho):
    """N(0, Sigma), Sigma = (1 - rho) I + rho J (rho >= -1/(C-1))."""
    chol = np.linalg.cholesky((1 - rho) * np.eye(C) + rho * np.ones((C, C)))
    return rng.standard_normal(size + (C,)) @ chol.T


def _scores(L, kind):
    if kind == "latent":
        return L
    what, h = kind
    if what == "grid":
        return h * np.round(L / h)
    E = np.exp(L - L.max(axis=-1, keepdims=True))
    return np.round(E / E.sum(axis=-1, keepdims=True) / h) * h


def _labels(counts):
    return np.repeat(np.arange(len(counts)), counts)


def draw(design, rng, replicates):
    """``(y, P)``: ``P`` of shape (replicates, n, C), rows in class order (class counts
    fixed, as the variance conditions on them)."""
    d = DESIGNS[design]
    y = _labels(d["counts"])
    C = len(d["counts"])
    L = d["mu"][y] + _noise(rng, (replicates, y.size), C, d["rho"])
    return y, _scores(L, d["scores"])


def draw_pair(design, rng, replicates, rho_models):
    """Two exchangeable models on the same rows: latent noise sqrt(rho) U + sqrt(1 - rho) E_k
    with U shared, so both have the law of the design (H0: same M)."""
    d = DESIGNS[design]
    y = _labels(d["counts"])
    C = len(d["counts"])
    shared = _noise(rng, (replicates, y.size), C, d["rho"])
    out = []
    for _ in range(2):
        own = _noise(rng, (replicates, y.size), C, d["rho"])
        L = d["mu"][y] + math.sqrt(rho_models) * shared + math.sqrt(1 - rho_models) * own
        out.append(_scores(L, d["scores"]))
    return y, out[0], out[1]


# --------------------------------------------------------------------------- the truth
def _grid_auc(a, b, h):
    """P(X > Y) + P(X = Y)/2 for X, Y = h round(N(a, 1) / h), h round(N(b, 1) / h)."""
    k = np.arange(math.floor((min(a, b) - 12) / h), math.ceil((max(a, b) + 12) / h) + 1)
    def pmf(m):
        return special.ndtr((k + 0.5) * h - m) - special.ndtr((k - 0.5) * h - m)
    px, py = pmf(a), pmf(b)
    below = np.cumsum(py) - py                  # P(Y < k h)
    return float(np.sum(px * (below + 0.5 * py)))


def _sorted_auc(pos, neg):
    """AUC by sorting and counting (plain NumPy, ties 1/2)."""
    neg = np.sort(neg)
    lo = np.searchsorted(neg, pos, side="left")
    hi = np.searchsorted(neg, pos, side="right")
    return float((lo.sum() + hi.sum()) / (2.0 * pos.size * neg.size))


def true_pairwise(design, rng=None):
    """The C x C matrix of the true A(i|j) (NaN diagonal) and a note on how it was got."""
    d = DESIGNS[design]
    mu, C = d["mu"], len(d["counts"])
    A = np.full((C, C), np.nan)
    if d["scores"] == "latent":
        for i in range(C):
            for j in range(C):
                if i != j:
                    A[i, j] = special.ndtr((mu[i, i] - mu[j, i]) / math.sqrt(2.0))
        return A, "exact: Phi((mu_ii - mu_ji) / sqrt 2)"
    what, h = d["scores"]
    if what == "grid":
        for i in range(C):
            for j in range(C):
                if i != j:
                    A[i, j] = _grid_auc(mu[i, i], mu[j, i], h)
        return A, "exact: sum over the grid of the rounded normals (h = %g)" % h
    rng = np.random.default_rng(12345) if rng is None else rng
    P = [_scores(mu[c] + _noise(rng, (TRUTH_ROWS,), C, d["rho"]), d["scores"])
         for c in range(C)]
    for i in range(C):
        for j in range(C):
            if i != j:
                A[i, j] = _sorted_auc(P[i][:, i], P[j][:, i])
    return A, "Monte Carlo: %d rows per class, sort-and-count AUC" % TRUTH_ROWS


# --------------------------------------------------------------------------- bootstrap
def bootstrap_m(y, P, rng, B):
    """M of ``B`` stratified bootstrap replicates (rows resampled within each class),
    by weighted sort-and-count in NumPy: for the rows s of class j, the multinomial
    weight of the class-i rows above them in column i (ties 1/2)."""
    C = P.shape[1]
    members = [np.flatnonzero(y == c) for c in range(C)]
    W = [rng.multinomial(idx.size, np.full(idx.size, 1.0 / idx.size), size=B).astype(float)
         for idx in members]
    total = np.zeros(B)
    for i in range(C):
        xi = P[members[i], i]
        order = np.argsort(xi)
        xs = xi[order]
        cum = np.concatenate([np.zeros((B, 1)), np.cumsum(W[i][:, order], axis=1)], axis=1)
        n_i = members[i].size
        for j in range(C):
            if j == i:
                continue
            xj = P[members[j], i]
            lt = cum[:, np.searchsorted(xs, xj, side="left")]      # weight of class i below
            le = cum[:, np.searchsorted(xs, xj, side="right")]     # ... at or below
            above = n_i - 0.5 * (lt + le)                          # above + half the ties
            total += np.einsum("bs,bs->b", W[j], above) / (n_i * members[j].size)
    return total / (C * (C - 1))


def ideal_bootstrap_variance(y, P):
    """The exact variance of M over all stratified bootstrap resamples (B -> infinity).

    With multinomial counts D = N - 1 (within class c: mean 0, covariance I - J / n_c;
    independent between classes) M* = M + sum_r D_r g_r + sum over class pairs c < c'
    of D_c' H_cc' D_c', g_r = Z(r) / (K n_c) and H_cc'[r, s] = {psi_c(r, s) + psi_c'(s,
    r)} / (K n_c n_c') (psi_c: the comparison in column c, row of class c first).  The
    linear and quadratic parts are uncorrelated (odd moments of D vanish), so
    Var* = sum_c sum_r (g_r - mean_c g)^2 + sum_{c<c'} ||centred H_cc'||_F^2 (rows
    centred within c, columns within c').  O(n^2); plain NumPy loops over classes.
    """
    C = P.shape[1]
    K = C * (C - 1)
    members = [np.flatnonzero(y == c) for c in range(C)]
    n = [idx.size for idx in members]

    def psi(a, b):
        return (a > b) + 0.5 * (a == b)

    Z = np.zeros(y.size)
    quad = 0.0
    for c in range(C):
        for d in range(c + 1, C):
            rc, rd = members[c], members[d]
            Kc = psi(P[rc, c][:, None], P[rd, c][None, :])        # A(c|d) comparisons
            Kd = psi(P[rd, d][None, :], P[rc, d][:, None])        # A(d|c), as (r, s)
            # a class-c row: beats class d in A(c|d), is beaten by it in A(d|c); and
            # a class-d row: beaten by class c in A(c|d), beats class c in A(d|c)
            Z[rc] += Kc.mean(axis=1) + Kd.mean(axis=1)
            Z[rd] += Kc.mean(axis=0) + Kd.mean(axis=0)
            H = (Kc + Kd) / (K * n[c] * n[d])
            H = H - H.mean(axis=0, keepdims=True) - H.mean(axis=1, keepdims=True) + H.mean()
            quad += float(np.sum(H * H))
    lin = 0.0
    for c in range(C):
        g = Z[members[c]] / (K * n[c])
        lin += float(np.sum((g - g.mean()) ** 2))
    return lin + quad


# --------------------------------------------------------------------------- checks
def _ratio_record(est_var, emp_values, quantity, case, item, R):
    emp = float(np.var(emp_values, ddof=1))
    kurt = float(stats.kurtosis(emp_values, fisher=False, bias=False))
    rel_emp = math.sqrt(max(kurt - (R - 3) / (R - 1), 0.0) / R)
    mean_var = float(np.mean(est_var))
    ratio = mean_var / emp
    rel_mean = float(np.std(est_var, ddof=1)) / (mean_var * math.sqrt(R))
    se = ratio * math.hypot(rel_emp, rel_mean)
    tol = Tolerance(0.0, 3 * se, "3 Monte Carlo standard errors of the ratio mean(v_hat)/s^2 "
                    "over %d replicates (delta method; kurtosis-based se of s^2)" % R)
    rec = compare(ratio, 1.0, quantity, tol=tol, suite=SUITE, source="monte_carlo",
                  case=case, item=item)
    rec["mc_se"] = se
    return rec, {"empirical_variance": emp, "mean_estimated_variance": mean_var,
                 "ratio": ratio, "se_ratio": se, "kurtosis": kurt}


def _rate_record(hits, nominal, quantity, case, item, R):
    rate = float(np.mean(hits))
    se = math.sqrt(nominal * (1 - nominal) / R)
    tol = Tolerance(0.0, 3 * se, "3 binomial standard errors of a rate of %g over %d "
                    "replicates" % (nominal, R))
    rec = compare(rate, nominal, quantity, tol=tol, suite=SUITE, source="monte_carlo",
                  case=case, item=item)
    rec["mc_se"] = se
    return rec, {"rate": rate, "binomial_se": se}


def variance_check(name, rng, replicates=N_VAR):
    d = DESIGNS[name]
    A_true, how = true_pairwise(name)
    C = len(d["counts"])
    off = ~np.eye(C, dtype=bool)
    m_true = float(A_true[off].mean())
    y, P = draw(name, rng, replicates)
    M = np.empty(replicates)
    V = np.empty(replicates)
    D = np.empty(replicates)           # A(0|1) - A(1|0)
    VD = np.empty(replicates)
    cover = {"wald": np.empty(replicates, bool), "logit": np.empty(replicates, bool)}
    miss_low = {"wald": 0, "logit": 0}
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for k in range(replicates):
            r = rocstats.multiclass_auc(y, P[k], covariance=True)
            M[k], V[k] = r.auc, r.variance
            D[k] = r.pairwise[0, 1] - r.pairwise[1, 0]
            cv = r.pairwise_covariance
            VD[k] = cv[0, 1, 0, 1] + cv[1, 0, 1, 0] - 2 * cv[0, 1, 1, 0]
            for method in cover:
                lo, hi = r.conf_int(LEVEL, method=method)
                cover[method][k] = lo <= m_true <= hi
                miss_low[method] += hi < m_true         # the interval lies below the truth
    recs = []
    info = {"design": d["desc"], "class_counts": list(d["counts"]), "replicates": replicates,
            "true_M": m_true, "truth": how, "mean_M": float(M.mean()),
            "true_pairwise": A_true.tolist()}
    rec, extra = _ratio_record(V, M, "variance_ratio", name, "mean(variance) / var(M)",
                               replicates)
    recs.append(rec)
    info["variance"] = extra
    rec, extra = _ratio_record(VD, D, "contrast_variance_ratio", name,
                               "mean(var) / var(A(0|1) - A(1|0)) from pairwise_covariance",
                               replicates)
    recs.append(rec)
    info["contrast_variance"] = extra
    for method in ("wald", "logit"):
        rec, extra = _rate_record(cover[method], LEVEL, "coverage_" + method, name,
                                  "%g%% %s CI of M covers the true M" % (100 * LEVEL, method),
                                  replicates)
        recs.append(rec)
        extra["miss_below"] = miss_low[method] / replicates
        extra["miss_above"] = 1.0 - extra["rate"] - extra["miss_below"]
        info["coverage_" + method] = extra
    return recs, info


def size_check(name, rng, replicates=N_SIZE):
    design, rho_models = NULL_SCENARIOS[name]
    y, A, B = draw_pair(design, rng, replicates, rho_models)
    pvals = np.empty(replicates)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for k in range(replicates):
            pvals[k] = rocstats.multiclass_auc_test(y, A[k], B[k]).pvalue
    rec, extra = _rate_record(pvals < ALPHA, ALPHA, "size", name,
                              "multiclass_auc_test size at alpha %g" % ALPHA, replicates)
    info = {"design": DESIGNS[design]["desc"], "model_correlation": rho_models,
            "replicates": replicates, "alpha": ALPHA, "size": extra["rate"],
            "binomial_se": extra["binomial_se"],
            "size_at_0.01": float(np.mean(pvals < 0.01)),
            "size_at_0.10": float(np.mean(pvals < 0.10))}
    return rec, info


def bootstrap_check(name, rng, sets=N_BOOT_SETS, B=N_BOOT):
    y, P = draw(name, rng, sets)
    ratio, exact, expected = np.empty(sets), np.empty(sets), np.empty(sets)
    for k in range(sets):
        v_hat = rocstats.multiclass_auc(y, P[k]).variance
        v_boot = float(np.var(bootstrap_m(y, P[k], rng, B), ddof=1))
        v_ideal = ideal_bootstrap_variance(y, P[k])
        ratio[k] = v_boot / v_hat
        exact[k] = v_boot / v_ideal
        expected[k] = v_ideal / v_hat
    mean_ratio, mean_expected = float(ratio.mean()), float(expected.mean())
    se = float(ratio.std(ddof=1) / math.sqrt(sets))
    se_exact = float(exact.std(ddof=1) / math.sqrt(sets))
    allowance = abs(1.0 - mean_expected)
    tol = Tolerance(0.0, 3 * se + allowance,
                    "3 Monte Carlo standard errors of the mean ratio over %d data sets x %d "
                    "bootstrap replicates (spread of the per-set ratios), plus the "
                    "bootstrap's own O(1/n) deviation |1 - mean(ideal / variance)| = %.4f, "
                    "computed exactly" % (sets, B, allowance))
    rec = compare(mean_ratio, 1.0, "bootstrap_ratio", tol=tol, suite=SUITE,
                  source="bootstrap", case=name,
                  item="mean(var_bootstrap / variance): rocstats' variance vs a stratified "
                       "bootstrap")
    rec["mc_se"] = se
    tol2 = Tolerance(0.0, 3 * se_exact, "3 Monte Carlo standard errors of the mean ratio "
                     "(the harness checking itself: bootstrap vs its exact expectation)")
    rec2 = compare(float(exact.mean()), 1.0, "bootstrap_vs_exact", tol=tol2, suite=SUITE,
                   source="bootstrap", case=name,
                   item="mean(var_bootstrap / ideal bootstrap variance), no rocstats")
    rec2["mc_se"] = se_exact
    info = {"design": DESIGNS[name]["desc"], "data_sets": sets, "bootstrap_replicates": B,
            "mean_ratio": mean_ratio, "se": se, "mean_expected_ratio": mean_expected,
            "expected_ratio_range": [float(expected.min()), float(expected.max())],
            "mean_ratio_to_exact": float(exact.mean()), "se_ratio_to_exact": se_exact}
    return [rec, rec2], info


def run(*, live=None, seed=None):
    """Run every check; ``live`` is accepted for the runner's interface and unused."""
    seed = _seed(seed)
    n = len(DESIGNS) + len(NULL_SCENARIOS) + len(BOOT_DESIGNS)
    children = iter(np.random.SeedSequence(seed).spawn(n))
    comps, variance, size, boot = [], {}, {}, {}
    for name in DESIGNS:
        recs, info = variance_check(name, np.random.default_rng(next(children)))
        comps.extend(recs)
        variance[name] = info
    for name in NULL_SCENARIOS:
        rec, info = size_check(name, np.random.default_rng(next(children)))
        comps.append(rec)
        size[name] = info
    for name in BOOT_DESIGNS:
        recs, info = bootstrap_check(name, np.random.default_rng(next(children)))
        comps.extend(recs)
        boot[name] = info
    meta = {"seed": seed, "variance": variance, "size": size, "bootstrap": boot,
            "variance_formula": "var(M) = sum_c s_c^2(Z) / n_c / K^2, Z(r) a row's "
                                "placements summed over the 2(C-1) pairwise AUCs it "
                                "enters, s_c^2 the sample variance (ddof 1) over class c, "
                                "K = C(C-1)"}
    return {"metadata": meta, "comparisons": comps}
