"""pROC roc.test suite: ``python -m rocstats_validation.run --suite proc_roctest``.

rocstats' :func:`rocstats.roc_test` / :func:`rocstats.roc_test_unpaired` against pROC
1.18's ``roc.test`` (stored in ``validation/results/proc_roctest.json`` by
``Rscript validation/r/proc_roctest_cases.R``; live through rpy2, sourcing the same
``validation/r/proc_roctest_helpers.R``).  Cases: pROC's aSAH (s100b vs ndka, wfns vs
s100b) and a correlated binormal sample with ties (paired); two independent simulated
samples and the two halves of aSAH (unpaired).

Deterministic quantities (sources ``stored`` / ``live``; rtol 1e-10, the z / D scale 1):
DeLong's z, p-value and interval (paired), D, df, p (unpaired), the AUCs and partial
AUCs, the sensitivities / specificities compared at the fixed point (pROC's ``coords``)
and Venkatraman's E (paired: an integer, exact; unpaired: a trapezoid sum, 1e-10).  For
the unpaired case with unequal sizes, pROC's pooled case share ``(m_a + m_b) / (2 N_a)``
is passed to rocstats' statistic (its own default uses ``N_a + N_b``).

Monte Carlo quantities (source ``stored_mc`` / ``live_mc``): rocstats with n_boot = 10000
against pROC with boot.n = 10000, two independent runs; a record passes within
``MC_SIGMAS`` = 4 Monte Carlo standard errors of the difference:

* bootstrap D = d / s (paired and unpaired, full and partial AUC, the sensitivity and
  specificity tests): d is deterministic, s the SD of B replicate differences.  By the
  delta method ``Var(s^2) ~ (mu4 - s^4) / B`` (mu4 the fourth central moment of the
  replicates), so ``SE(s) / s ~ sqrt((mu4 / s^4 - 1) / (4 B))`` and
  ``SE(D) = |D| SE(s) / s``; for two independent runs of B = 10000 each the SE of the
  difference is sqrt(2) times that, moments estimated from rocstats' replicates.  The
  p-value is compared with the SE ``2 phi(D) SE(D)`` (two-sided normal p-value).
* Venkatraman's permutation p-value: a binomial proportion; SE of the difference
  ``sqrt(p (1 - p) (1 / B1 + 1 / B2))``, p the pooled proportion of both runs (at least
  1 / (B1 + B2) so that two runs at p = 0 and 1 / B are not a failure).
"""
import json
import math
import warnings

import numpy as np

import rocstats
from rocstats.compare import _roctest

from . import proc_parity
from .paths import RESULTS_DIR, VALIDATION_DIR

SUITE = "proc_roctest"
RESULTS_FILE = RESULTS_DIR / "proc_roctest.json"
HELPERS = VALIDATION_DIR / "r" / "proc_roctest_helpers.R"
BOOT_N = 10000
MC_SIGMAS = 4.0
SEED = 20261124
Tol = proc_parity.Tolerance
DET = Tol(1e-10, 0.0, "the same formula on the same data: a few ulps")
EXACT = Tol(0.0, 0.0, "an integer (Venkatraman's paired E) or pROC's coords of the same "
            "counts: identical")
VALUES = Tol(1e-12, 0.0, "sensitivity / specificity from the same counts with pROC's "
             "floating-point formulas (stored to 15 significant digits)")


def compare(value, reference, quantity, *, tol, scale=0.0, **labels):
    rec = proc_parity.compare(value, reference, quantity, tol=tol, scale=scale, **labels)
    rec["suite"] = SUITE
    return rec


def mc_tol(se, why):
    return Tol(0.0, MC_SIGMAS * se, why)


def load_results(path=RESULTS_FILE):
    with open(path) as fh:
        return json.load(fh)


def _f(x):
    return float("nan") if x in ("NA", "NaN", None) else float(x)


# --------------------------------------------------------------------------- MC errors
def boot_d_se(D, replicates, B_ref=BOOT_N):
    """SE of the difference of two runs' D (ours with ``replicates``, the reference with
    ``B_ref``), by the delta method (module docstring)."""
    r = np.asarray(replicates, float)
    B = r.size
    c = r - r.mean()
    s2 = np.mean(c ** 2)
    kurt = np.mean(c ** 4) / s2 ** 2 if s2 > 0 else 1.0
    rel_var_one = (kurt - 1.0) / 4.0        # B Var(s) / s^2
    return abs(D) * math.sqrt(rel_var_one * (1.0 / B + 1.0 / B_ref))


def perm_p_se(p1, p2, B1, B2):
    p = max((p1 * B1 + p2 * B2) / (B1 + B2), 1.0 / (B1 + B2))
    return math.sqrt(p * (1 - p) * (1.0 / B1 + 1.0 / B2))


def _phi(x):
    return math.exp(-0.5 * x * x) / math.sqrt(2 * math.pi)


# --------------------------------------------------------------------------- rocstats
def _paired_args(case):
    return (np.asarray(case["y"]), np.asarray(case["a"], float), np.asarray(case["b"], float))


def _quiet(fun, *args, **kw):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return fun(*args, **kw)


def paired_deterministic(case, ref, source):
    y, a, b = _paired_args(case)
    lab = dict(source=source, case=case["name"])
    recs = []
    dl = rocstats.roc_test(y, a, b)
    ci = dl.conf_int(0.95)
    r = ref["delong"]
    scale_ci = max(abs(ci.lower), abs(ci.upper))
    recs += [compare(dl.statistic, _f(r["statistic"]), "statistic", tol=DET, scale=1.0,
                     item="delong", **lab),
             compare(dl.pvalue, _f(r["p_value"]), "p_value", tol=DET, item="delong", **lab),
             compare(ci.lower, _f(r["conf_lower"]), "conf_lower", tol=DET, scale=scale_ci,
                     item="delong", **lab),
             compare(ci.upper, _f(r["conf_upper"]), "conf_upper", tol=DET, scale=scale_ci,
                     item="delong", **lab),
             compare(dl.aucs[0], _f(r["auc_a"]), "auc_a", tol=DET, item="delong", **lab),
             compare(dl.aucs[1], _f(r["auc_b"]), "auc_b", tol=DET, item="delong", **lab)]
    E = rocstats.roc_test(y, a, b, method="venkatraman", n_boot=1, random_state=0).statistic
    recs.append(compare(E, _f(ref["venkatraman"]["statistic"]), "E", tol=EXACT,
                        item="venkatraman", **lab))
    for method, key in (("specificity", "specificity"), ("sensitivity", "sensitivity")):
        r = ref[method]
        t = rocstats.roc_test(y, a, b, method=method, n_boot=1, random_state=0,
                              **{key: _f(r["x"])})
        recs += [compare(t.aucs[0], _f(r["value_a"]), "value_a", tol=VALUES, item=method,
                         **lab),
                 compare(t.aucs[1], _f(r["value_b"]), "value_b", tol=VALUES, item=method,
                         **lab)]
    r = ref["bootstrap_partial"]
    part = tuple(map(float, r["partial"]))
    t = rocstats.roc_test(y, a, b, method="bootstrap", partial=part, n_boot=2, random_state=0)
    recs += [compare(t.aucs[0], _f(r["auc_a"]), "auc_a", tol=DET, item="bootstrap_partial",
                     **lab),
             compare(t.aucs[1], _f(r["auc_b"]), "auc_b", tol=DET, item="bootstrap_partial",
                     **lab)]
    return recs


def _mc_d_records(t, r, lab, item):
    D_ref, p_ref = _f(r["statistic"]), _f(r["p_value"])
    se = boot_d_se(t.statistic, t.replicates)
    why = "bootstrap D: 4 Monte Carlo SE of the difference of two runs (delta method)"
    se_p = 2 * _phi(t.statistic) * se
    return [compare(t.statistic, D_ref, "D", tol=mc_tol(se, why), item=item,
                    mc_se=se, **lab),
            compare(t.pvalue, p_ref, "p_value", tol=mc_tol(se_p, why + ", times 2 phi(D)"),
                    item=item, mc_se=se_p, **lab)]


def _mc_p_record(t, r, lab, item, B_ref):
    p_ref = _f(r["p_value"])
    se = perm_p_se(t.pvalue, p_ref, t.n_boot, B_ref)
    return [compare(t.pvalue, p_ref, "p_value",
                    tol=mc_tol(se, "permutation p-value: 4 binomial SE of the difference"),
                    item=item, mc_se=se, **lab)]


def paired_mc(case, ref, source, n_boot=BOOT_N, B_ref=BOOT_N, seed=SEED):
    y, a, b = _paired_args(case)
    lab = dict(source=source, case=case["name"])
    recs = []
    t = rocstats.roc_test(y, a, b, method="bootstrap", n_boot=n_boot, random_state=seed)
    recs += _mc_d_records(t, ref["bootstrap"], lab, "bootstrap")
    t = rocstats.roc_test(y, a, b, method="venkatraman", n_boot=n_boot, random_state=seed)
    recs += _mc_p_record(t, ref["venkatraman"], lab, "venkatraman", B_ref)
    for method in ("specificity", "sensitivity"):
        r = ref[method]
        t = rocstats.roc_test(y, a, b, method=method, n_boot=n_boot, random_state=seed,
                              **{method: _f(r["x"])})
        recs += _mc_d_records(t, r, lab, method)
    r = ref["bootstrap_partial"]
    t = rocstats.roc_test(y, a, b, method="bootstrap", partial=tuple(map(float, r["partial"])),
                          n_boot=n_boot, random_state=seed)
    recs += _mc_d_records(t, r, lab, "bootstrap_partial")
    return recs


def _unpaired_args(case):
    return (np.asarray(case["ya"]), np.asarray(case["a"], float),
            np.asarray(case["yb"]), np.asarray(case["b"], float))


def proc_mp(ya, yb):
    """pROC 1.18's pooled case share: (m_a + m_b) / (2 N_a)."""
    return (ya.sum() + yb.sum()) / (2.0 * ya.size)


def unpaired_deterministic(case, ref, source):
    ya, a, yb, b = _unpaired_args(case)
    lab = dict(source=source, case=case["name"])
    dl = rocstats.roc_test_unpaired(ya, a, yb, b)
    r = ref["delong"]
    recs = [compare(dl.statistic, _f(r["statistic"]), "statistic", tol=DET, scale=1.0,
                    item="delong", **lab),
            compare(dl.df, _f(r["df"]), "df", tol=DET, item="delong", **lab),
            compare(dl.pvalue, _f(r["p_value"]), "p_value", tol=DET, item="delong", **lab),
            compare(dl.aucs[0], _f(r["auc_a"]), "auc_a", tol=DET, item="delong", **lab),
            compare(dl.aucs[1], _f(r["auc_b"]), "auc_b", tol=DET, item="delong", **lab)]
    E = _roctest.venkatraman_unpaired_stat(ya == 1, _roctest._ranks_first(a), yb == 1,
                                           _roctest._ranks_first(b), proc_mp(ya, yb))
    recs.append(compare(E, _f(ref["venkatraman"]["statistic"]), "E", tol=DET,
                        item="venkatraman", **lab))
    return recs


def unpaired_mc(case, ref, source, n_boot=BOOT_N, B_ref=BOOT_N, seed=SEED):
    ya, a, yb, b = _unpaired_args(case)
    lab = dict(source=source, case=case["name"])
    t = rocstats.roc_test_unpaired(ya, a, yb, b, method="bootstrap", n_boot=n_boot,
                                   random_state=seed)
    recs = _mc_d_records(t, ref["bootstrap"], lab, "bootstrap")
    # the permutation p-value with pROC's pooled case share (equal to rocstats' own when
    # the samples have equal sizes)
    pa, pb = ya == 1, yb == 1
    ra, rb = _roctest._ranks_first(a), _roctest._ranks_first(b)
    mp = proc_mp(ya, yb)
    E = _roctest.venkatraman_unpaired_stat(pa, ra, pb, rb, mp)
    perms = _roctest._unpaired_permutations(pa, ra, pb, rb, mp, seed, n_boot, 1)
    p = _roctest._perm_pvalue(E, perms)
    if ya.size == yb.size:
        own = rocstats.roc_test_unpaired(ya, a, yb, b, method="venkatraman", n_boot=n_boot,
                                         random_state=seed)
        assert own.pvalue == p and own.statistic == E
    se = perm_p_se(p, _f(ref["venkatraman"]["p_value"]), n_boot, B_ref)
    recs.append(compare(p, _f(ref["venkatraman"]["p_value"]), "p_value",
                        tol=mc_tol(se, "permutation p-value: 4 binomial SE of the difference"),
                        item="venkatraman", mc_se=se, **lab))
    return recs


def stored_comparisons(doc=None, mc=True):
    doc = doc or load_results()
    recs = []
    for case in doc["paired"]:
        recs += paired_deterministic(case, case["result"], "stored")
        if mc:
            recs += paired_mc(case, case["result"], "stored_mc", B_ref=doc["boot_n"])
    for case in doc["unpaired"]:
        recs += unpaired_deterministic(case, case["result"], "stored")
        if mc:
            recs += unpaired_mc(case, case["result"], "stored_mc", B_ref=doc["boot_n"])
    return recs


# --------------------------------------------------------------------------- live R
_R = {}


def _r():
    if "r" not in _R:
        import rpy2.robjects as ro

        ro.r["source"](str(HELPERS))
        ro.r("suppressPackageStartupMessages(library(jsonlite))")
        _R["r"] = ro
    return _R["r"]


def proc_now(case, boot_n, paired=True):
    """pROC's results for a stored case, run now through rpy2 (the helpers the stored
    file came from), as the stored ``result`` dict."""
    ro = _r()
    fv, iv = ro.FloatVector, ro.IntVector
    if paired:
        out = ro.globalenv["roctest_paired"](
            iv([int(v) for v in case["y"]]), fv(case["a"]), fv(case["b"]), 0, 1,
            int(case["seed"]), int(boot_n), float(case["specificity"]),
            float(case["sensitivity"]), float(case["partial"][0]), float(case["partial"][1]))
    else:
        out = ro.globalenv["roctest_unpaired"](
            iv([int(v) for v in case["ya"]]), fv(case["a"]), iv([int(v) for v in case["yb"]]),
            fv(case["b"]), 0, 1, int(case["seed"]), int(boot_n))
    text = ro.r["toJSON"](out, digits=ro.NA_Logical, auto_unbox=True, na="string")[0]
    return json.loads(text)


def fresh_paired_case(seed=SEED):
    rng = np.random.default_rng(seed)
    y = rng.permutation(np.r_[np.ones(35, int), np.zeros(45, int)])
    z1 = rng.normal(size=80)
    z2 = 0.4 * z1 + math.sqrt(1 - 0.16) * rng.normal(size=80)
    return {"name": "fresh_%d" % seed, "y": y.tolist(),
            "a": np.round(z1 + 0.9 * y, 1).tolist(), "b": np.round(z2 + 0.5 * y, 1).tolist(),
            "specificity": 0.75, "sensitivity": 0.7, "partial": [0.8, 1.0], "seed": 7}


def live_comparisons(doc=None, mc=False, seed=None):
    """Deterministic parts live (pROC now = stored; rocstats = pROC now on the stored
    cases and a fresh one); with ``mc`` the Monte Carlo parts on the fresh case too."""
    doc = doc or load_results()
    recs = []
    for case in doc["paired"]:
        now = proc_now(case, 20)
        for item in ("delong",):
            for q, v in case["result"][item].items():
                recs.append(compare(_f(now[item][q]), _f(v), q, tol=proc_parity.IDENTICAL,
                                    source="live_vs_stored", case=case["name"], item=item))
        recs.append(compare(_f(now["venkatraman"]["statistic"]),
                            _f(case["result"]["venkatraman"]["statistic"]), "E",
                            tol=proc_parity.IDENTICAL, source="live_vs_stored",
                            case=case["name"], item="venkatraman"))
        recs += paired_deterministic(case, now, "live")
    fresh = fresh_paired_case(seed or SEED)
    now = proc_now(fresh, BOOT_N if mc else 20)
    recs += paired_deterministic(fresh, now, "live")
    if mc:
        recs += paired_mc(fresh, now, "live_mc")
    for case in doc["unpaired"]:
        recs += unpaired_deterministic(case, proc_now(case, 20, paired=False), "live")
    return recs


def run(*, live=None, seed=None):
    from rocstats.r import r_available

    doc = load_results()
    recs = stored_comparisons(doc)
    ok, why = r_available() if live is not False else (False, "--no-live")
    if live and not ok:
        raise RuntimeError("live comparisons requested but R is unavailable: %s" % why)
    if ok:
        recs += live_comparisons(doc, mc=True, seed=seed)
    return {"metadata": {"stored_file": str(RESULTS_FILE), "generator": doc["generator"],
                         "proc_version": doc["proc_version"], "r_version": doc["r_version"],
                         "boot_n": doc["boot_n"], "rocstats_n_boot": BOOT_N,
                         "mc_sigmas": MC_SIGMAS,
                         "live": {"ran": bool(ok), "reason": why}},
            "comparisons": recs}


def outcome(records):
    failed = [r for r in records if not r["passed"]]
    return failed, [], []
