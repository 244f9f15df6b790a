"""Fresh random cases against live pROC / R / rpart / statsmodels for every function
issue 23 changed: coords(x="best") with random best_weights (decimals and fractions),
binormal and density smoothing (every kernel, small n included), power.roc.test (numeric,
pilot, paired Obuchowski), the p-value adjustments (R's p.adjust and statsmodels),
delong_pairwise (pROC's paired roc.test per pair), and rpart on string data through
rocstats.r.r_factor.

Seed: $ROCSTATS_FRESH_SEED (default 20261128); cases per family: $ROCSTATS_FRESH_N
(default 25).  Each test prints how many numbers it compared.  Tolerances: 1e-10
relative for closed forms, 1e-12 absolute for curve points; tie sets and NaN / refusals
compared exactly.
"""
import math
import os
import warnings
from fractions import Fraction

import numpy as np
import pytest

import rocstats

pytestmark = pytest.mark.usefixtures("proc")      # the R gate: tests/conftest.py

SEED = int(os.environ.get("ROCSTATS_FRESH_SEED", "20261128"))
N = int(os.environ.get("ROCSTATS_FRESH_N", "25"))

R_CODE = r"""
list(
coords_best = function(y, x, w) {
  r <- pROC::roc(y, x, levels = c(0, 1), direction = "<", quiet = TRUE)
  as.numeric(pROC::coords(r, "best", best.weights = w, ret = "threshold", transpose = FALSE)$threshold)
},
smooth = function(y, x, method, n, kernel) {
  r <- pROC::roc(y, x, levels = c(0, 1), direction = "<", quiet = TRUE)
  bw <- bw.nrd0(c(r$controls, r$cases)); from <- min(x) - 3 * bw; to <- max(x) + 3 * bw
  mass <- function(v) sum(density(v, n = n, from = from, to = to, bw = bw, kernel = kernel)$y) *
    (to - from) / (n - 1)
  m <- if (method == "density") c(mass(r$controls), mass(r$cases)) else c(1, 1)
  s <- tryCatch(pROC::smooth(r, method = method, n = n, kernel = kernel), error = function(e) NULL)
  if (is.null(s)) return(list(ok = FALSE, mass = m))
  list(ok = TRUE, se = s$sensitivities, sp = s$specificities, auc = as.numeric(s$auc), mass = m)
},
power_numeric = function(auc, ncases, ncontrols, sig, power, kappa) {
  a <- list(auc = auc, ncases = ncases, ncontrols = ncontrols, sig.level = sig, power = power)
  for (k in names(a)) if (is.na(a[[k]])) a[k] <- list(NULL)   # NULL: the one solved for
  if (!is.na(kappa)) a$kappa <- kappa
  p <- tryCatch(do.call(pROC:::power.roc.test.numeric, a), error = function(e) NULL)
  if (is.null(p)) return(NULL)
  c(p$ncases, p$ncontrols, p$auc, p$sig.level, p$power)
},
power_paired = function(y, a, b, power) {
  ra <- pROC::roc(y, a, levels = c(0, 1), direction = "<", quiet = TRUE)
  rb <- pROC::roc(y, b, levels = c(0, 1), direction = "<", quiet = TRUE)
  p <- tryCatch(pROC::power.roc.test(ra, rb, method = "obuchowski", power = power),
                error = function(e) NULL)
  if (is.null(p)) NA_real_ else p$ncases
},
padjust = function(p) sapply(c("holm", "BH", "bonferroni", "hochberg", "BY"),
                             function(m) p.adjust(p, m)),
pairwise = function(y, S) {
  k <- ncol(S); out <- c()
  for (i in 1:(k - 1)) for (j in (i + 1):k) {
    ri <- pROC::roc(y, S[, i], levels = c(0, 1), direction = "<", quiet = TRUE)
    rj <- pROC::roc(y, S[, j], levels = c(0, 1), direction = "<", quiet = TRUE)
    t <- pROC::roc.test(ri, rj, method = "delong", paired = TRUE)
    out <- c(out, unname(t$statistic), t$p.value)
  }
  out
}
)
"""


@pytest.fixture(scope="module")
def R():
    from rpy2 import robjects as ro

    fns = ro.r(R_CODE)
    return {name: fns.rx2(name) for name in fns.names}


def _call(fn, *args):
    from rpy2 import robjects as ro
    from rpy2.robjects import default_converter, numpy2ri
    from rpy2.robjects.conversion import localconverter

    with localconverter(default_converter + numpy2ri.converter):
        out = fn(*[np.asarray(a, dtype=float) if isinstance(a, (list, np.ndarray)) else a
                   for a in args])
    return out


def _get(obj, name):
    """An element of an R list as converted (an rpy2 ListVector or an OrdDict)."""
    return obj.rx2(name) if hasattr(obj, "rx2") else obj[name]


def _rng(k):
    return np.random.default_rng([SEED, k])


def _fv(x):
    return np.asarray(x, dtype=float)


def test_coords_best_with_random_weights_against_proc(R):
    rng = _rng(1)
    compared = extra = 0
    for _ in range(4 * N):
        n0, n1 = int(rng.integers(3, 25)), int(rng.integers(3, 25))
        y = np.r_[np.zeros(n0, int), np.ones(n1, int)]
        x = rng.integers(0, int(rng.integers(3, 12)), n0 + n1).astype(float)
        kind = rng.integers(3)
        if kind == 0:                               # a decimal, as typed
            w = (float(rng.choice([0.25, 0.5, 1.0, 2.0, 3.0, 0.75, 1.5])),
                 float(rng.choice([0.1, 0.2, 0.25, 0.3, 0.4, 0.5, 0.6, 0.75])))
        elif kind == 1:                             # computed fractions
            w = (int(rng.integers(1, 5)) / int(rng.integers(1, 8)),
                 int(rng.integers(1, 6)) / 7 if rng.random() < 0.5 else 1 / 3)
        else:
            w = (1 / int(rng.integers(1, 10)), 0.5)
        if not 0 < w[1] < 1:
            continue
        ours = sorted(rocstats.coords(y, x, "best", best_weights=w)["threshold"])
        theirs = sorted(np.atleast_1d(_fv(_call(R["coords_best"], y, x, np.array(w)))))
        # definition: every cut maximising se + r sp, r from the fractions meant
        from rocstats.curves._coords import _decimal_fraction
        c, p = _decimal_fraction(w[0]), _decimal_fraction(w[1])
        r = (1 - p) / (c * p)
        v = np.unique(x)
        cuts = np.r_[-np.inf, (v[:-1] + v[1:]) / 2, np.inf]
        crit = {float(t): Fraction(int(((x >= t) & (y == 1)).sum()), n1)
                + r * Fraction(int(((x < t) & (y == 0)).sum()), n0) for t in cuts}
        best = max(crit.values())
        assert ours == sorted(t for t, q in crit.items() if q == best), (w, ours)
        assert set(theirs) <= set(ours), (w, theirs, ours)
        compared += len(theirs)
        extra += len(ours) - len(theirs)
    print("coords best: %d pROC rows found among ours; %d exact ties pROC did not list"
          % (compared, extra))


@pytest.mark.parametrize("method", ["binormal", "density"])
def test_smoothing_against_proc(R, method):
    rng = _rng(2 if method == "binormal" else 3)
    compared = nan_cases = refused = slope0 = 0
    for _ in range(4 * N):
        n0, n1 = int(rng.integers(3, 15)), int(rng.integers(3, 15))
        y = np.r_[np.zeros(n0, int), np.ones(n1, int)]
        if rng.random() < 0.5:
            x = rng.integers(0, 8, n0 + n1).astype(float)            # small integers: ties
        else:
            x = np.round(np.r_[rng.normal(0, 1, n0), rng.normal(0.8, 1.3, n1)], 2)
        n = int(rng.choice([2, 3, 4, 5, 8, 20, 64, 512]))
        kernel = str(rng.choice(["gaussian", "epanechnikov", "rectangular", "triangular",
                                 "biweight", "cosine", "optcosine"]))
        ref = _call(R["smooth"], y, x, method, n, kernel)
        ok = bool(np.asarray(_get(ref, "ok"))[0])
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                ours = rocstats.smooth_roc(y, x, method=method, n=n, kernel=kernel)
            except ValueError:
                ours = None
        mass = _fv(_get(ref, "mass"))
        if method == "binormal" and ours is not None and ours.coefficients[1] == 0.0:
            # slope exactly 0: the limit b -> 0- by definition (pROC's lm leaves a
            # round-off slope whose sign decides its ends: -1e-16 gives this curve,
            # exactly 0 an error, +1e-16 the ends swapped); the AUC is pnorm(a) either way
            from scipy.stats import norm

            a = ours.coefficients[0]
            se, sp = ours.sensitivities, ours.specificities
            inner = (se > 0) & (se < 1)
            assert np.allclose(sp[inner], norm.cdf(a), rtol=0, atol=1e-15)
            assert set(sp[se == 1.0]) <= {0.0} and set(sp[se == 0.0]) <= {1.0}
            assert ours.auc == pytest.approx(norm.cdf(a), rel=1e-14)
            if ok:
                assert float(_fv(_get(ref, "auc"))[0]) == pytest.approx(ours.auc, rel=1e-10)
            slope0 += 1
            continue
        if not ok:
            # pROC stops: so do we (binormal: not smoothable), or (density, no kernel
            # mass of a class on the grid) the curve is NaN with a warning
            if method == "density" and min(mass) < 1e-9 and ours is not None:
                assert math.isnan(ours.auc)
                assert any(issubclass(w.category, rocstats.UndefinedAUCWarning) for w in caught)
            else:
                assert ours is None, (method, n, kernel)
            refused += 1
            continue
        if method == "density" and min(mass) < 1e-9:
            # no kernel mass on the grid: pROC's curve is FFT round-off; ours is NaN
            assert ours is not None and math.isnan(ours.auc)
            assert any(issubclass(w.category, rocstats.UndefinedAUCWarning) for w in caught)
            nan_cases += 1
            continue
        assert ours is not None, (method, n, kernel, x)
        np.testing.assert_allclose(ours.sensitivities, _fv(_get(ref, "se")), atol=1e-12)
        np.testing.assert_allclose(ours.specificities, _fv(_get(ref, "sp")), atol=1e-12)
        assert ours.auc == pytest.approx(float(_fv(_get(ref, "auc"))[0]), rel=1e-10, abs=1e-13)
        compared += 2 * ours.sensitivities.size + 1
    print("smooth %s: %d numbers equal to pROC's; %d no-mass cases NaN (pROC: round-off); "
          "%d refused by both; %d slope-0 fits checked by definition"
          % (method, compared, nan_cases, refused, slope0))


def test_power_numeric_against_proc(R):
    rng = _rng(4)
    compared = refused_both = 0
    for _ in range(4 * N):
        auc = float(rng.uniform(0.55, 0.95))
        kappa = float(rng.choice([0.5, 1.0, 1.7, 3.0]))
        sig = float(rng.choice([0.01, 0.05, 0.1]))
        solve = rng.integers(4)
        ncases = float(rng.integers(10, 120))
        args = dict(auc=auc, ncases=ncases, ncontrols=kappa * ncases, sig_level=sig,
                    power=float(rng.uniform(0.6, 0.95)))
        key = ["auc", "ncases", "sig_level", "power"][solve]
        if key == "ncases":
            args["ncases"] = args["ncontrols"] = None
            args["kappa"] = kappa
        else:
            args[key] = None
        ref = _call(R["power_numeric"], *(np.nan if args.get(k) is None else args.get(k)
                                          for k in ("auc", "ncases", "ncontrols",
                                                    "sig_level", "power")),
                    args.get("kappa", np.nan))
        try:
            ours = rocstats.power_roc_test(**args, tol=rocstats.compare._power.PROC_UNIROOT_TOL)
        except ValueError:
            ours = None
        from rpy2.rinterface import NULL
        if ref is NULL or ref is None:
            assert ours is None, args
            refused_both += 1
            continue
        ref = _fv(ref)
        if ours is None:
            # pROC answers where we refuse: only outside the formula's domain
            assert not (0 < ref[3] < ref[4] < 1), (args, ref)
            continue
        got = [ours.ncases, ours.ncontrols, ours.auc, ours.sig_level, ours.power]
        if key == "sig_level":
            # pROC's sig.level is 1 - pnorm(zalpha): cancellation leaves it about 1e-16
            # absolute error, i.e. a large relative one when the level is tiny (2e-12);
            # rocstats takes the upper tail directly
            assert abs(got[3] - ref[3]) <= 1e-15 + 1e-9 * ref[3], (args, got, ref)
            got[3] = ref[3]
        np.testing.assert_allclose(got, ref, rtol=1e-6 if key == "auc" else 1e-9, err_msg=str(args))
        compared += 5
    print("power.roc.test numeric: %d numbers; %d refused by both" % (compared, refused_both))


def test_paired_obuchowski_power_against_proc(R):
    rng = _rng(5)
    compared = refused = slope_zero = 0
    for _ in range(N):
        n0, n1 = int(rng.integers(4, 30)), int(rng.integers(4, 30))
        y = np.r_[np.zeros(n0, int), np.ones(n1, int)]
        a = rng.integers(0, 6, n0 + n1) + 0.7 * y
        b = np.round(a + rng.normal(0, 1, n0 + n1), 1)
        ref = float(_fv(_call(R["power_paired"], y, a, b, 0.8))[0])
        try:
            res = rocstats.power_roc_test_paired(y, a, b, method="obuchowski", power=0.8,
                                                 null_variance="first")       # pROC's V0
            ours, slope0 = res.ncases, 0.0 in (res.binormal_a[1], res.binormal_b[1])
        except ValueError:
            ours, slope0 = float("nan"), False
        if slope0 and math.isnan(ref):
            # a pilot's binormal slope is exactly 0: pROC stops ('missing value where
            # TRUE/FALSE needed'); rocstats takes the limit b -> 0- (the documented
            # deviation binormal_zero_slope, equal to pROC's -1e-16 round-off case in
            # tests/parity/test_edge_cases_parity.py)
            assert math.isfinite(ours) and ours > 0
            assert "b -> 0-" in str(res.summary())          # the deviation is named
            slope_zero += 1
            continue
        pos, neg = y == 1, y == 0
        twice_u = [int(np.sum(np.sign(s[pos][:, None] - s[neg][None, :]) + 1))
                   for s in (a, b)]                           # 2U by pairwise counting
        if twice_u[0] == twice_u[1]:
            # equal pilot AUCs (delta = 0 exactly): rocstats refuses; pROC, whose AUCs
            # come from sums of trapezoids, returns Inf or a round-off delta's sample
            # size (seen: 1e31 cases)
            assert math.isnan(ours)
            assert math.isnan(ref) or ref > 1e12, ref
            refused += 1
        elif math.isnan(ref) or math.isinf(ref):
            # pROC stops (no binormal fit); rocstats refuses with a ValueError (documented)
            assert math.isnan(ours)
            refused += 1
        else:
            assert ours == pytest.approx(ref, rel=1e-8)
            compared += 1
    print("paired Obuchowski power: %d sample sizes equal; %d refused by both; %d slope-0 "
          "pilots where pROC stops" % (compared, refused, slope_zero))


def test_p_adjust_against_r_and_statsmodels(R):
    from statsmodels.stats.multitest import multipletests

    from rocstats.compare._delong_test import p_adjust

    rng = _rng(6)
    compared = 0
    for _ in range(4 * N):
        k = int(rng.integers(1, 30))
        p = rng.uniform(0, 1, k) ** rng.uniform(0.3, 4)
        if rng.random() < 0.3:
            p = np.round(p, 2)                                   # ties
        ref = np.asarray(_call(R["padjust"], p)).reshape(k, 5)
        for col, (rname, smname) in enumerate([("holm", "holm"), ("BH", "fdr_bh"),
                                               ("bonferroni", "bonferroni"),
                                               ("hochberg", "simes-hochberg"),
                                               ("BY", "fdr_by")]):
            ours = p_adjust(p, rname)
            np.testing.assert_allclose(ours, ref[:, col], rtol=1e-12, atol=1e-15)
            np.testing.assert_allclose(ours, multipletests(p, method=smname)[1], rtol=1e-12,
                                       atol=1e-15)
            compared += 2 * k
    print("p.adjust: %d adjusted p-values equal to R's and statsmodels'" % compared)


def test_delong_pairwise_against_proc(R):
    rng = _rng(7)
    compared = 0
    for _ in range(N):
        n0, n1, k = int(rng.integers(5, 40)), int(rng.integers(5, 40)), int(rng.integers(2, 5))
        y = np.r_[np.zeros(n0, int), np.ones(n1, int)]
        z = rng.normal(size=(n0 + n1, 1))
        S = np.round(0.6 * z + rng.normal(size=(n0 + n1, k)) + y[:, None] * rng.uniform(0, 1.5, k), 1)
        tab = rocstats.delong_pairwise(y, S)
        ref = _fv(_call(R["pairwise"], y, S)).reshape(-1, 2)
        np.testing.assert_allclose(tab["z"], ref[:, 0], rtol=1e-9, atol=1e-12)
        np.testing.assert_allclose(tab["p"], ref[:, 1], rtol=1e-9, atol=1e-14)
        adj = np.asarray(_call(R["padjust"], ref[:, 1])).reshape(len(tab), 5)
        np.testing.assert_allclose(tab["p_holm"], adj[:, 0], rtol=1e-9, atol=1e-14)
        np.testing.assert_allclose(tab["p_bh"], adj[:, 1], rtol=1e-9, atol=1e-14)
        compared += 4 * len(tab)
    print("delong_pairwise: %d z / p / Holm / BH values equal to pROC + p.adjust" % compared)


def test_more_string_data_sets(rpart):
    """rpart on plain strings (R's factor(): its collation) vs rocstats on r_factor input,
    on fresh seeds."""
    import importlib.util
    from pathlib import Path

    spec = importlib.util.spec_from_file_location(
        "_edge_live", Path(__file__).with_name("test_edge_cases_live.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    from rocstats.r import r_factor
    from rocstats.tree import CARTClassifier

    base = 1000 + SEED % 100000
    for seed in range(base, base + N):
        d = mod._string_data(seed)
        levels, frame, var = mod._rpart_on_strings(d)
        conv = d.copy()
        for col in ("y", "f", "g"):
            conv[col] = r_factor(d[col])
        est = CARTClassifier(xval=0, cp=0.0, min_split=10).fit(conv[["f", "g", "x"]], conv["y"])
        cls, ours, ours_var = mod._ours(est)
        assert cls == levels and ours_var == var, seed
        np.testing.assert_allclose(ours, frame, rtol=1e-10, err_msg=str(seed))
    print("rpart on string data: %d fresh data sets, identical trees" % N)
