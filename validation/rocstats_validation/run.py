"""Validation suite runner: ``python -m rocstats_validation.run``.

Each registered suite compares rocstats with an R reference and returns comparison
records; the runner adds metadata (rocstats version and backend, machine, R versions,
timestamp), writes one JSON file per suite to ``validation/output/<suite>.json`` and
exits with status 1 if any comparison failed (2 if a suite could not run).  Failures of
a suite's known issues (rocstats bugs already reported, e.g.
:data:`rocstats_validation.proc_parity.KNOWN_ISSUES`) are reported but do not fail the
run; a known issue that passes again does, until its entry is removed.

Adding a suite (sAUC, rpart, randomForestSRC, ...): write a module with a function
``run(*, live=None, seed=None) -> {"metadata": {...}, "comparisons": [record, ...]}``
whose records come from a ``compare()`` like
:func:`rocstats_validation.proc_parity.compare` (keys: suite, source, case, item,
alternative, quantity, value, reference, abs_diff, rel_diff, scaled_diff, rtol, atol,
scale, passed, note, optional known_issue), optionally an ``outcome(records)`` like
:func:`rocstats_validation.proc_parity.outcome`, and add it to :data:`SUITES`.

Usage::

    python -m rocstats_validation.run            # every suite; live R parts when R is available
    python -m rocstats_validation.run --suite proc_parity --no-live
    python -m rocstats_validation.run --live     # fail (status 2) if R is unavailable
    python -m rocstats_validation.run --list
"""
import argparse
import datetime
import importlib
import json
import math
import os
import platform
import subprocess
import sys
from pathlib import Path

from .paths import OUTPUT_DIR, REPO_ROOT

#: name -> (module:function, description).  Suites are imported only when run.
SUITES = {
    "proc_parity": ("rocstats_validation.proc_parity:run",
                    "AUC, DeLong variance / covariance / CI and DeLong tests vs pROC 1.18"),
    "proc_power": ("rocstats_validation.proc_power:run",
                   "power.roc.test (power, sample size, sig. level, AUC; one curve, pilot "
                   "data, two paired curves, binormal parameters) vs pROC 1.18"),
    "power_mc": ("rocstats_validation.power_mc:run",
                 "power and sample size: Monte Carlo power of DeLong's paired test at "
                 "rocstats' and pROC's sample sizes (pROC issue #122), one-curve formula"),
    "sauc_mc": ("rocstats_validation.sauc_mc:run",
                "scored AUC: variance vs Monte Carlo variance, size of sauc_test under H0"),
    "multiclass_mc": ("rocstats_validation.multiclass_mc:run",
                      "Hand & Till M: variance ratio and CI coverage (3 and 5 classes, ties), "
                      "size of multiclass_auc_test under H0, agreement with the bootstrap"),
    "rossa_mc": ("rocstats_validation.rossa_mc:run",
                 "Rossa's chi-square GoF test of ROC(v) = v: Monte Carlo size and power"),
    "rfsrc_parity": ("rocstats_validation.rfsrc_parity:run",
                     "single AUC trees (exact partition / splits / predicted, replay of "
                     "every node) vs randomForestSRC 3.6.1"),
    "rfsrc_forest": ("rocstats_validation.rfsrc_forest:run",
                     "AUC forest OOB AUC / Brier / misclassification vs randomForestSRC 3.6.1"),
    "proc_coords": ("rocstats_validation.proc_coords:run",
                    "coords (every x, best with weights, interpolation) vs pROC 1.18; "
                    "bootstrap ci.auc / ci.se / ci.sp / ci.thresholds / ci.coords vs pROC "
                    "within 4 Monte Carlo SE"),
    "bootstrap_mc": ("rocstats_validation.bootstrap_mc:run",
                     "coverage of ci_auc(method='bootstrap') and ci_se by simulation"),
    "proc_partial": ("rocstats_validation.proc_partial:run",
                     "partial AUC (both focuses, McClish) and smooth() (binormal, density) vs "
                     "pROC 1.18"),
    "pauc_mc": ("rocstats_validation.pauc_mc:run",
                "partial AUC DeLong-type variance: Monte Carlo variance ratio, 95% Wald "
                "coverage, paired difference, against a plain bootstrap"),
    "proc_roctest": ("rocstats_validation.proc_roctest:run",
                     "roc_test / roc_test_unpaired vs pROC 1.18's roc.test: DeLong, the "
                     "fixed-point values and Venkatraman's E exactly; bootstrap D and the "
                     "permutation p-values within 4 Monte Carlo SE (boot.n 10000 each)"),
    "roctest_mc": ("rocstats_validation.roctest_mc:run",
                   "roc_test_unpaired: coverage of the 95% interval of the AUC difference "
                   "and size at 5% (DeLong and bootstrap) by simulation, with MC SE"),
    "weighted_mc": ("rocstats_validation.weighted_mc:run",
                    "weighted DeLong with sampling weights (pROC #96): variance ratio, 95% "
                    "coverage and size of delong_test under Poisson-PPS and stratified "
                    "samples of a finite binormal population"),
    "rpart_parity": ("rocstats_validation.rpart_parity:run",
                     "CART trees (frame, cptable, splits, where, variable importance) vs "
                     "rpart 4.1.19"),
    "epir_parity": ("rocstats_validation.diagnostic_parity:run_epir",
                    "diagnostic_accuracy (2 x 2 table, Se, Sp, PPV, NPV, LR, DOR, Youden, "
                    "NNDx, prevalences, 4 interval methods) vs epiR 2.0.57's epi.tests"),
    "cutpointr_parity": ("rocstats_validation.diagnostic_parity:run_cutpointr",
                         "cutpoint (optimal cut-offs, ties, metrics) and its out-of-bag "
                         "bootstrap vs cutpointr 1.1.2"),
    "rpart_interop": ("rocstats_validation.rpart_interop:run",
                      "trees crossing to R and back: print(fit) vs print.rpart, "
                      "to_rpart / from_rpart pieces, R's predict with missing values, "
                      "prune, on 31 stored cases and 20 random data sets (live)"),
    "survival_parity": ("rocstats_validation.survival_parity:run",
                        "time-dependent AUC(t), SE and paired contrasts vs riskRegression "
                        "2022.11.28 Score (KM / Cox censoring, competing risks); Harrell's "
                        "and Uno's C vs survival 3.5-3 concordance"),
    "survival_mc": ("rocstats_validation.survival_mc:run",
                    "time-dependent AUC: coverage of the 95% pointwise interval and of the "
                    "simultaneous band, SE / Monte Carlo SD, two censoring rates and "
                    "competing risks (definitions 1 and 2), 2000 replicates each"),
    "band_mc": ("rocstats_validation.band_mc:run",
                "simultaneous confidence band of one ROC curve (ci_band(kind='simultaneous'), "
                "bootstrap sup-norm): coverage of the true binormal curve at n = 50, 200, "
                "1000 per class, 1000 data sets each; the pointwise band under-covers"),
    "roc_average": ("rocstats_validation.roc_average:run",
                    "averaged ROC curves (roc_average): ROCR 1.0-11's vertical average and "
                    "error bars (stored, live); coverage of the pointwise and simultaneous "
                    "bands and of the mean AUC's interval by simulation (k = 10 folds)"),
    "pr_curve": ("rocstats_validation.pr_curve:run",
                 "precision-recall curves and areas: ROCR 1.0-11's prec / rec points and "
                 "aucpr (stored, live), scikit-learn's precision_recall_curve / "
                 "average_precision_score (weights, ties); logit and bootstrap CI coverage"),
    "margins": ("rocstats_validation.margins:run",
                "margins (non-inferiority, superiority), equivalence (TOST) and one-sided "
                "intervals: pROC 1.18 variances + R's pnorm / pt (stored, live), "
                "statsmodels' test_prob_superior / tost_prob_superior; size and coverage "
                "by simulation (4000 data sets x 3 designs, DeLong and bootstrap)"),
}


#: The acceptance criterion of each suite, in one place: ``quantity`` (what is compared),
#: ``reference`` (against what), ``tolerance`` (when a comparison passes) and ``why``, and
#: ``summary``, all four in one line for the report's first page.
#: :func:`run_suite` writes it to the suite's JSON as ``"acceptance"``, where the validation
#: report reads it.  A suite module may define its own ``ACCEPTANCE`` dict with the same
#: keys (it takes precedence); a suite with neither gets "not stated" in the report.
ACCEPTANCE = {
    "proc_parity": dict(
        quantity="AUC, DeLong variance, covariance and CI, roc.test (paired and unpaired, "
                 "three alternatives)",
        reference="pROC 1.18 (stored results; live through rpy2 when R is present)",
        tolerance="rtol 1e-10 (relative to the quantity's natural scale where it can cancel to 0)",
        why="same formula on the same doubles: only summation order differs (~1e-14)",
        summary="AUC, variance, CI, roc.test vs pROC 1.18: rtol 1e-10; only summation order differs"),
    "proc_power": dict(
        quantity="power.roc.test: power, sample size, significance level, AUC (4 forms)",
        reference="pROC 1.18 (stored; live when R is present)",
        tolerance="rtol 1e-9 (closed forms); AUC roots within uniroot's tolerance "
                  "(double.eps^0.25)",
        why="same closed-form Obuchowski expressions; R's uniroot stops at its own tolerance",
        summary="power.roc.test (4 forms) vs pROC 1.18: rtol 1e-9, roots to uniroot's tolerance"),
    "power_mc": dict(
        quantity="Monte Carlo power of DeLong's paired test at the computed sample sizes",
        reference="nominal power (Monte Carlo truth)",
        tolerance="3 binomial Monte Carlo SE + 0.01 (formula approximations)",
        why="random procedure: agreement within its simulation error",
        summary="paired DeLong test's power vs simulation: 3 MC SE + 0.01"),
    "sauc_mc": dict(
        quantity="sAUC variance ratio (reported / empirical); size of sauc_test",
        reference="1 (variance ratio); alpha = 0.05 (size)",
        tolerance="within 3 Monte Carlo SE",
        why="no other implementation exists; the truth is the simulation's",
        summary="sAUC variance ratio, test size vs 1, 0.05: 3 MC SE; no other implementation"),
    "multiclass_mc": dict(
        quantity="Hand & Till M: variance ratio, CI coverage, test size, bootstrap agreement",
        reference="Monte Carlo truth and the stratified bootstrap",
        tolerance="within 3 Monte Carlo SE",
        why="no peer computes a variance of M",
        summary="M: variance ratio, coverage, size vs simulation: 3 MC SE; no peer"),
    "rossa_mc": dict(
        quantity="Rossa's GoF test of ROC(v) = v: size and power",
        reference="alpha = 0.05 and exact sizes from the exact null law",
        tolerance="within 3 Monte Carlo SE (one-sided where the test is conservative)",
        why="no R implementation; exact null law where computable",
        summary="Rossa's test: size, power vs exact null law: 3 MC SE; no R implementation"),
    "rfsrc_parity": dict(
        quantity="AUC-split trees: partition, splits, cut points, predictions",
        reference="randomForestSRC 3.6.1 (recorded cases)",
        tolerance="exact partition and splits; predictions 1e-12",
        why="deterministic single trees with seed-invariant settings",
        summary="AUC-split trees vs randomForestSRC 3.6.1 records: exact, 1e-12; deterministic"),
    "rfsrc_forest": dict(
        quantity="AUC forest out-of-bag AUC, Brier score, misclassification",
        reference="randomForestSRC 3.6.1 range over 5 seeds",
        tolerance="inside the range widened by 0.01 (AUC), 0.02 (normalised Brier), "
                  "max(0.01, 2/n) (error)",
        why="random forests cannot share random numbers: statistical parity",
        summary="OOB AUC, Brier, error vs the range of 5 rfsrc seeds + 0.01-0.02"),
    "proc_coords": dict(
        quantity="coords (all, best, numeric x); bootstrap CIs of AUC, Se, Sp, thresholds",
        reference="pROC 1.18 (stored; live when R is present)",
        tolerance="rtol 1e-10 (thresholds bit-identical); bootstrap within 4 Monte Carlo SE",
        why="deterministic parts are the same arithmetic; bootstraps differ by resampling",
        summary="coords, bootstrap CIs vs pROC 1.18: rtol 1e-10, bootstrap 4 MC SE"),
    "bootstrap_mc": dict(
        quantity="coverage of bootstrap CIs of the AUC and of Se at fixed Sp",
        reference="nominal 95 % coverage (known population values)",
        tolerance="within 3 binomial Monte Carlo SE (about 0.015)",
        why="coverage of a random interval is a simulation estimate",
        summary="bootstrap CI coverage (AUC, Se) vs 95 %: 3 binomial MC SE; simulated truth"),
    "proc_partial": dict(
        quantity="partial AUC (both focuses, McClish), smooth() binormal and density",
        reference="pROC 1.18 (stored; live when R is present)",
        tolerance="rtol 1e-10 (curves: worst point, atol 1e-14)",
        why="same formulas; pnorm/qnorm and least squares differ by ulps only",
        summary="partial AUC, smooth() vs pROC 1.18: rtol 1e-10; pnorm / qnorm differ by ulps"),
    "pauc_mc": dict(
        quantity="partial AUC DeLong-type variance: ratio, Wald coverage, paired difference",
        reference="Monte Carlo truth and a plain bootstrap",
        tolerance="within 3 Monte Carlo SE",
        why="no peer offers this variance (pROC bootstraps)",
        summary="partial AUC variance vs simulation, bootstrap: 3 MC SE; no peer variance"),
    "proc_roctest": dict(
        quantity="roc.test: DeLong z / D / p / CI, fixed-point Se / Sp tests, Venkatraman's E; "
                 "bootstrap D and permutation p-values",
        reference="pROC 1.18 roc.test (stored; live when R is present)",
        tolerance="rtol 1e-10 (E exact); Monte Carlo quantities within 4 Monte Carlo SE",
        why="deterministic parts are the same formulas; resampling differs by chance only",
        summary="roc.test, every method, vs pROC 1.18: rtol 1e-10, resampling 4 MC SE"),
    "roctest_mc": dict(
        quantity="unpaired AUC difference: 95 % interval coverage and test size (DeLong, bootstrap)",
        reference="nominal 0.95 / 0.05 (known binormal truth)",
        tolerance="within 3 Monte Carlo SE + 0.01",
        why="no peer reports this interval; finite samples allow ~1 % first-order error",
        summary="unpaired difference: coverage, size vs 0.95, 0.05: 3 MC SE + 0.01; no peer"),
    "weighted_mc": dict(
        quantity="weighted DeLong (sampling weights): variance ratio, 95 % coverage, test size",
        reference="design-based truth of a finite binormal population",
        tolerance="within 3 Monte Carlo SE + 0.03 (variance ratio) or + 0.01 (coverage)",
        why="nobody else offers this variance: simulation against the design truth",
        summary="sampling-weight DeLong vs design truth: 3 MC SE + 0.01 / 0.03; no peer"),
    "rpart_parity": dict(
        quantity="CART: frame, cptable, splits, where, variable importance",
        reference="rpart 4.1.19 (stored; live when R is present)",
        tolerance="names, node numbers and counts exact; numbers rtol 1e-10",
        why="same algorithm on the same doubles, same fold vector",
        summary="CART frame, cptable, splits vs rpart 4.1.19: exact / rtol 1e-10; same algorithm"),
    "epir_parity": dict(
        quantity="epi.tests: every statistic's estimate and bounds (18 statistics, 5 method "
                 "spellings, 2 levels; aSAH at 5 thresholds and 26 tables with zero cells)",
        reference="epiR 2.0.57 (stored; live on fresh tables when R is present)",
        tolerance="rtol 1e-10, atol 1e-14; a documented difference compares with the value "
                  "its rule prescribes (computed from the counts and epiR's own numbers)",
        why="the same closed forms on the same counts; qbeta and betaincinv agree to ~1e-15",
        summary="epi.tests, 18 measures x 4 methods vs epiR 2.0.57: rtol 1e-10; listed "
                "differences by rule"),
    "cutpointr_parity": dict(
        quantity="cutpointr: tied optimal cut-offs, cut-off, metric, Se, Sp, accuracy, AUC; "
                 "bootstrap columns' mean and SD; cases per replicate",
        reference="cutpointr 1.1.2 (stored; live when R is present); the resampling design",
        tolerance="cut-offs bit-identical, metrics rtol 1e-12; bootstrap within 4 Monte "
                  "Carlo SE",
        why="the same integer counts; the bootstraps draw different random numbers",
        summary="cutpointr 1.1.2 cut-offs exact, metrics 1e-12, bootstrap 4 MC SE"),
    "rpart_interop": dict(
        quantity="print(fit) text; predictions (R's predict on to_rpart(fit), from_rpart of "
                 "R's fit) on rows with missing values; rpart pieces; prune",
        reference="rpart 4.1.19: print.rpart, predict.rpart, prune.rpart (stored; live "
                  "when R is present)",
        tolerance="text, classes, node numbers exact; probabilities / means rtol 1e-12; "
                  "pieces rtol 1e-10",
        why="both sides read the same frame and splits; only probabilities are recomputed",
        summary="print / predict / prune across R and rocstats: exact text, rtol 1e-12"),
    "band_mc": dict(
        quantity="simultaneous ROC band (ci_band, kind simultaneous): coverage of the "
                 "whole binormal ROC curve (specificity grid 0.05-0.95) at n = 50, 200, "
                 "1000 per class; the pointwise band's whole-curve coverage",
        reference="nominal 0.95 (the true binormal curve)",
        tolerance="simultaneous >= 0.95 - 2 MC SE (one-sided: over-coverage allowed, its "
                  "reason recorded); the pointwise band must fall below that bar",
        why="coverage of a random band is a simulation estimate; no peer computes this band",
        summary="simultaneous ROC band covers the true curve >= 0.95 - 2 MC SE; the "
                "pointwise band does not"),
    "roc_average": dict(
        quantity="vertical average of fold ROC curves and its error bars; coverage of the "
                 "t band (pointwise, simultaneous) of the true curve and of the mean fold "
                 "AUC's t interval",
        reference="ROCR 1.0-11 plot(avg = 'vertical', spread.estimate = 'stderror') "
                  "(stored; live when R is present); nominal 0.95 (binormal truth)",
        tolerance="rtol 1e-12 vs ROCR; coverage within 2 MC SE (simultaneous band at 100 "
                  "controls per fold: documented under-coverage, accepted above 0.85)",
        why="the same interpolation and means as ROCR; coverage is a simulation estimate",
        summary="vertical average vs ROCR 1.0-11: 1e-12; band / AUC CI coverage 2 MC SE"),
    "pr_curve": dict(
        quantity="precision / recall at every cutoff, ROCR's aucpr, scikit-learn's curve, "
                 "average precision and trapezoid (with weights); coverage of the logit "
                 "and bootstrap intervals of the interpolated area and of AP",
        reference="ROCR 1.0-11 (stored; live when R is present); scikit-learn; nominal "
                  "0.95 (population area of a binormal design)",
        tolerance="rtol 1e-10 vs ROCR, 1e-15 / 1e-14 vs scikit-learn; coverage within 2 MC "
                  "SE, or within 0.03 by a documented rule naming the measured reason",
        why="the same counts and formulas; coverage of a random interval is a simulation "
            "estimate",
        summary="PR points, aucpr vs ROCR 1.0-11: 1e-10; sklearn 1e-15; CI coverage 2 MC SE"),
    "margins": dict(
        quantity="p-values of tests against a margin (both directions) and of TOST, one-sided "
                 "95 % bounds (paired, unpaired, single AUC); size at the margin, one-sided "
                 "coverage and TOST size by simulation",
        reference="pROC 1.18 DeLong variances with R's pnorm / pt / qnorm / qt (stored; live "
                  "when R is present); statsmodels rank_compare_2indep; nominal 0.05 / 0.95",
        tolerance="rtol 1e-10; simulation within 2 MC SE + 0.005 (TOST one-sided)",
        why="the same variance and tails; sizes of first-order Wald tests are simulation "
            "estimates",
        summary="margin / TOST p-values vs pROC + R, statsmodels: 1e-10; size 2 MC SE + 0.005"),
}

#: keys of an acceptance criterion
ACCEPTANCE_KEYS = ("quantity", "reference", "tolerance", "why", "summary")


def acceptance(name):
    """The acceptance criterion of suite ``name``: its module's ``ACCEPTANCE`` if it has
    one, else :data:`ACCEPTANCE`; ``None`` when neither states it."""
    target = SUITES.get(name, ("",))[0]
    module = target.partition(":")[0]
    crit = None
    if module:
        try:
            crit = getattr(importlib.import_module(module), "ACCEPTANCE", None)
        except ImportError:
            crit = None
    crit = crit if isinstance(crit, dict) else ACCEPTANCE.get(name)
    return {k: str(crit.get(k, "")) for k in ACCEPTANCE_KEYS} if crit else None


def _load(target):
    module, _, func = target.partition(":")
    return getattr(importlib.import_module(module), func)


def _git_commit():
    try:
        out = subprocess.run(["git", "rev-parse", "HEAD"], cwd=REPO_ROOT, capture_output=True,
                             text=True, timeout=10, check=True)
        dirty = subprocess.run(["git", "status", "--porcelain"], cwd=REPO_ROOT,
                               capture_output=True, text=True, timeout=10).stdout.strip()
        return out.stdout.strip() + ("-dirty" if dirty else "")
    except Exception:
        return None


def _cpu_and_memory():
    """CPU model and total memory from /proc (Linux); None elsewhere."""
    model = memory = None
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.lower().startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    try:
        with open("/proc/meminfo") as fh:
            for line in fh:
                if line.startswith("MemTotal:"):
                    memory = "%.1f GiB" % (int(line.split()[1]) / 2 ** 20)
                    break
    except OSError:
        pass
    return model or platform.processor() or None, memory


def environment_metadata():
    """rocstats, Python and machine facts shared by every suite."""
    import numpy
    import scipy

    import rocstats

    try:
        cpu_count = len(os.sched_getaffinity(0))
    except AttributeError:
        cpu_count = os.cpu_count()
    cpu_model, memory = _cpu_and_memory()
    return {
        "rocstats_version": rocstats.__version__,
        "backend": rocstats.backend(),
        "backend_info": str(rocstats.backend_info()),
        "python": sys.version.split()[0],
        "numpy": numpy.__version__,
        "scipy": scipy.__version__,
        "platform": platform.platform(),
        "machine": platform.machine(),
        "cpu_model": cpu_model,
        "cpu_count": cpu_count,
        "memory": memory,
        "hostname": platform.node(),
        "git_commit": _git_commit(),
        "timestamp": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
    }


def _jsonable(obj):
    """Strict JSON: non-finite floats become the strings "NaN", "Infinity", "-Infinity"
    (the protobuf JSON convention; ``float()`` reads them back)."""
    if isinstance(obj, float):
        if math.isfinite(obj):
            return obj
        return "NaN" if math.isnan(obj) else ("Infinity" if obj > 0 else "-Infinity")
    if isinstance(obj, dict):
        return {str(k): _jsonable(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_jsonable(v) for v in obj]
    if hasattr(obj, "item") and not isinstance(obj, (str, bytes)):
        return _jsonable(obj.item())
    return obj


def run_suite(name, *, live=None, seed=None, output_dir=OUTPUT_DIR):
    """Run one suite, write ``<output_dir>/<name>.json``; return the written document."""
    target, description = SUITES[name]
    import warnings

    import rocstats

    with warnings.catch_warnings():
        # simulated markers under H0 have an AUC below 0.5 about half the time: the
        # warning is for users' data, not for the Monte Carlo suites' replicates
        warnings.simplefilter("ignore", rocstats.ReversedDirectionWarning)
        result = _load(target)(live=live, seed=seed)
    comps = result["comparisons"]
    outcome = getattr(importlib.import_module(target.partition(":")[0]), "outcome", None)
    if outcome is not None:
        failed, known, fixed = outcome(comps)
    else:
        failed, known, fixed = [c for c in comps if not c["passed"]], [], []
    by_source = {}
    for c in comps:
        s = by_source.setdefault(c.get("source", ""), {"n": 0, "passed": 0})
        s["n"] += 1
        s["passed"] += bool(c["passed"])
    worst = {}
    for c in comps:
        key = "%s:%s" % (c.get("source", ""), c["quantity"])
        w = worst.setdefault(key, {"rel_diff": 0.0, "scaled_diff": 0.0})
        for field in ("rel_diff", "scaled_diff"):
            if c[field] is not None and not math.isnan(c[field]) and c[field] > w[field]:
                w[field] = c[field]
                w[field + "_at"] = "/".join(str(c.get(k)) for k in ("case", "item", "alternative")
                                            if c.get(k))
    doc = {
        "suite": name,
        "description": description,
        "acceptance": acceptance(name),
        "metadata": dict(environment_metadata(), **result["metadata"]),
        "summary": {"n": len(comps), "passed": len(comps) - len(failed) - len(known),
                    "failed": len(failed), "known_failures": len(known),
                    "known_issues": sorted({c["known_issue"] for c in known}),
                    "fixed_known_issues": ["%s / %s" % k for k in fixed],
                    "by_source": by_source, "worst_rel_diff": worst},
        "comparisons": comps,
    }
    output_dir = Path(output_dir)
    output_dir.mkdir(parents=True, exist_ok=True)
    path = output_dir / ("%s.json" % name)
    with open(path, "w") as fh:
        json.dump(_jsonable(doc), fh, indent=1, allow_nan=False)
        fh.write("\n")
    doc["path"] = str(path)
    return doc


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m rocstats_validation.run",
                                     description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--suite", action="append", choices=sorted(SUITES),
                        help="suite to run (repeatable; default: all)")
    live = parser.add_mutually_exclusive_group()
    live.add_argument("--live", dest="live", action="store_true", default=None,
                      help="require the live R comparisons")
    live.add_argument("--no-live", dest="live", action="store_false",
                      help="skip the live R comparisons")
    parser.add_argument("--seed", type=int, default=None,
                        help="seed of the fresh random data sets (default: "
                             "$ROCSTATS_FRESH_SEED or the suite's own)")
    parser.add_argument("--output-dir", default=str(OUTPUT_DIR))
    parser.add_argument("--list", action="store_true", help="list the suites and exit")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every failure")
    args = parser.parse_args(argv)
    if args.list:
        for name, (_, desc) in SUITES.items():
            print("%-16s %s" % (name, desc))
        return 0
    status = 0
    for name in args.suite or list(SUITES):
        try:
            doc = run_suite(name, live=args.live, seed=args.seed, output_dir=args.output_dir)
        except Exception as exc:  # a suite that cannot run is an error, not a pass
            print("%s: ERROR %s: %s" % (name, type(exc).__name__, exc), file=sys.stderr)
            status = max(status, 2)
            continue
        s = doc["summary"]
        live_info = doc["metadata"].get("live", {})
        print("%s: %d of %d comparisons pass -> %s" % (name, s["passed"], s["n"], doc["path"]))
        for source, counts in s["by_source"].items():
            print("    %-15s %d of %d" % (source, counts["passed"], counts["n"]))
        if live_info and not live_info.get("ran"):
            print("    live comparisons skipped: %s" % live_info.get("reason", "--no-live"))
        if s["known_failures"]:
            print("    %d known failures (rocstats bugs listed in KNOWN_ISSUES):"
                  % s["known_failures"])
            for reason in s["known_issues"]:
                print("      - " + reason)
        for key in s["fixed_known_issues"]:
            status = max(status, 1)
            print("    FIXED known issue %s now passes: remove it from KNOWN_ISSUES" % key)
        failures = [c for c in doc["comparisons"]
                    if not c["passed"] and not c.get("known_issue")]
        if failures:
            from .proc_parity import describe

            status = max(status, 1)
            for c in failures if args.verbose else failures[:20]:
                print("    FAIL " + describe(c))
            if len(failures) > 20 and not args.verbose:
                print("    ... %d more (use -v)" % (len(failures) - 20))
    return status


if __name__ == "__main__":
    sys.exit(main())
