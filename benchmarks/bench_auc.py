#!/usr/bin/env python
"""Timing benchmark: rocstats.auc / rocstats.delong vs np.sort, scikit-learn and pROC.

One run prints markdown tables (and optionally writes them to ``--output``):

* for each n in ``--sizes`` (default 1e6 and 1e7; half positives) and each score variant
  ("continuous": normal scores, positives shifted; "tied": the same binned into 100
  distinct values): ``np.sort`` of the scores (the floor), ``rocstats.auc``,
  ``rocstats.delong`` (AUC + variance), ``sklearn.metrics.roc_auc_score`` and pROC's
  ``roc(...)`` + ``var(r, method="delong")`` timed inside R;
* k = 10 correlated score columns (default n = 1e6): ``rocstats.delong(y, S)`` (AUC vector
  + k x k covariance) vs ``np.sort`` of every column vs pROC (k ``roc`` + k ``var`` +
  k(k-1)/2 ``cov``).

Timings are the best of r repeats of ``time.perf_counter`` (pROC: ``proc.time`` inside
R around the calls only; the data go to R as binary files read with ``readBin``, outside
the timed region).  All tools get the same data, and the AUCs (and the DeLong variances /
covariances against pROC) are cross-checked so that the comparison is honest.

Run ``python benchmarks/bench_auc.py --help`` for the options; see benchmarks/README.md.
"""
import argparse
import datetime
import gc
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np

import rocstats
from _common import (Report, best_of, cpu_model, fmt_n, fmt_s, fmt_x, loadavg, numpy_simd,
                     paired_ratio, sort_choice)

try:
    import sklearn
    from sklearn.metrics import roc_auc_score
except ImportError:  # pragma: no cover - sklearn is optional for the benchmark
    sklearn = None
    roc_auc_score = None

# issue 14: rocstats.delong / np.sort <= 1.5x where NumPy's sort has a SIMD path, <= 1x
# where it has none (then the C radix sort is the one to beat it); k columns <= 1.5x
SIMD_SORT, SIMD_TEXT = numpy_simd()
TARGET_SORT = 1.5 if SIMD_SORT else 1.0
TARGET_MULTI = 1.5
TARGET_PROC = 20.0   # pROC / rocstats.delong    >= 20x

# --------------------------------------------------------------------------- R side

R_SCRIPT = r"""
args <- commandArgs(trailingOnly = TRUE)
mode <- args[1]; yfile <- args[2]; xfile <- args[3]
n <- as.integer(args[4]); k <- as.integer(args[5])
reps <- as.integer(args[6]); budget <- as.numeric(args[7])
suppressMessages(library(pROC))
y <- readBin(yfile, "integer", n = n, size = 4)
x <- readBin(xfile, "double", n = as.numeric(n) * k)
if (length(y) != n || length(x) != n * k) stop("short read of the data files")
cols <- if (k > 1) lapply(seq_len(k), function(c) x[((c - 1) * n + 1):(c * n)]) else list(x)
rm(x)
el <- function() proc.time()[["elapsed"]]
f17 <- function(v) paste(sprintf("%.17g", v), collapse = " ")
best <- Inf; best_roc <- Inf; best_var <- Inf; done <- 0; spent <- 0
while (done < reps && (done == 0 || spent < budget)) {
  rocs <- NULL; vars <- NULL; covm <- NULL
  invisible(gc())                                   # outside the timed region
  t0 <- el()
  rocs <- lapply(cols, function(s)
    roc(y, s, levels = c(0, 1), direction = "<", quiet = TRUE))
  t1 <- el()
  vars <- vapply(rocs, function(r) var(r, method = "delong"), 0)
  if (k > 1) {
    covm <- diag(vars)
    for (i in 1:(k - 1)) for (j in (i + 1):k)
      covm[i, j] <- covm[j, i] <- cov(rocs[[i]], rocs[[j]], method = "delong")
  }
  t2 <- el()
  done <- done + 1; spent <- spent + (t2 - t0)
  best <- min(best, t2 - t0); best_roc <- min(best_roc, t1 - t0)
  best_var <- min(best_var, t2 - t1)
}
cat("AUC", f17(vapply(rocs, function(r) as.numeric(auc(r)), 0)), "\n")
cat("VAR", f17(vars), "\n")
if (k > 1) cat("COV", f17(as.vector(covm)), "\n")
cat("TIME", f17(best), "\n")
cat("TROC", f17(best_roc), "\n")
cat("TVAR", f17(best_var), "\n")
cat("REPS", done, "\n")
"""


class RRunner:
    """Time pROC through ``Rscript`` (a separate process: no embedding issues)."""

    def __init__(self, enabled, timeout):
        self.timeout = timeout
        self.available = False
        self.reason = ""
        self.r_version = self.proc_version = "n/a"
        self.tmp = None
        if not enabled:
            self.reason = "disabled with --no-r"
            return
        self.rscript = shutil.which("Rscript")
        if self.rscript is None:
            self.reason = "Rscript not found on PATH"
            return
        try:
            out = subprocess.run(
                [self.rscript, "--vanilla", "-e",
                 'cat(paste(R.version$major, R.version$minor, sep="."), "\\n");'
                 'cat(as.character(packageVersion("pROC")), "\\n")'],
                capture_output=True, text=True, timeout=120)
        except (OSError, subprocess.TimeoutExpired) as exc:
            self.reason = "Rscript failed to start: %s" % exc
            return
        lines = out.stdout.split()
        if out.returncode != 0 or len(lines) < 2:
            self.r_version = lines[0] if lines else "n/a"
            self.reason = "pROC not installed or R failed: %s" % (
                out.stderr.strip().splitlines() or ["?"])[-1]
            return
        self.r_version, self.proc_version = lines[0], lines[1]
        self.tmp = tempfile.mkdtemp(prefix="rocstats_bench_")
        self.script = os.path.join(self.tmp, "bench.R")
        with open(self.script, "w") as fh:
            fh.write(R_SCRIPT)
        self.available = True

    def run(self, y, X, reps, budget):
        """Time pROC on labels ``y`` and scores ``X`` (1-D, or 2-D with k columns).

        Returns a dict (time, time_roc, time_var, reps, auc, var[, cov]) or raises
        RuntimeError with the reason.
        """
        n = y.shape[0]
        k = 1 if X.ndim == 1 else X.shape[1]
        yfile = os.path.join(self.tmp, "y.bin")
        xfile = os.path.join(self.tmp, "x.bin")
        np.ascontiguousarray(y, dtype="<i4").tofile(yfile)
        # column-major, so R reads column after column
        np.asfortranarray(X, dtype="<f8").reshape(-1, order="F").tofile(xfile)
        cmd = [self.rscript, "--vanilla", self.script, "multi" if k > 1 else "single",
               yfile, xfile, str(n), str(k), str(reps), repr(float(budget))]
        try:
            out = subprocess.run(cmd, capture_output=True, text=True, timeout=self.timeout)
        except subprocess.TimeoutExpired:
            raise RuntimeError("R run exceeded --r-timeout=%gs" % self.timeout) from None
        finally:
            for f in (yfile, xfile):
                try:
                    os.remove(f)
                except OSError:
                    pass
        if out.returncode != 0:
            tail = (out.stderr.strip().splitlines() or ["?"])[-1]
            raise RuntimeError("Rscript exited with %d: %s" % (out.returncode, tail))
        res = {}
        for line in out.stdout.splitlines():
            parts = line.split()
            if parts:
                res[parts[0]] = [float(v) for v in parts[1:]]
        try:
            d = {"time": res["TIME"][0], "time_roc": res["TROC"][0],
                 "time_var": res["TVAR"][0], "reps": int(res["REPS"][0]),
                 "auc": np.array(res["AUC"]), "var": np.array(res["VAR"])}
        except (KeyError, IndexError):
            raise RuntimeError("could not parse R output: %r" % out.stdout[-300:]) from None
        if "COV" in res:
            d["cov"] = np.array(res["COV"]).reshape(k, k, order="F")
        return d

    def close(self):
        if self.tmp:
            shutil.rmtree(self.tmp, ignore_errors=True)


# --------------------------------------------------------------------------- helpers

def make_labels(rng, n):
    y = np.zeros(n, dtype=np.int64)
    y[: n // 2] = 1
    rng.shuffle(y)
    return y


def make_scores(rng, y):
    """Continuous scores: standard normal, positives shifted by 1 (AUC ~ 0.76)."""
    return rng.standard_normal(y.shape[0]) + 1.0 * y


def tie(x):
    """The same scores binned to 100 distinct values (99 cut points over the bulk)."""
    return np.searchsorted(np.linspace(-2.5, 3.5, 99), x).astype(np.float64) / 100.0


def make_matrix(rng, y, k):
    """k correlated scores: a shared factor (rho ~ 0.5) plus column-specific shifts."""
    n = y.shape[0]
    common = rng.standard_normal(n)
    shift = np.linspace(0.5, 1.5, k)
    S = np.sqrt(0.5) * common[:, None] + np.sqrt(0.5) * rng.standard_normal((n, k))
    S += shift[None, :] * y[:, None]
    return S


# --------------------------------------------------------------------------- benchmarks

def bench_1d(rep, rr, y, x, n, variant, reps, r_reps, budget, targets):
    rep("### n = %s, %s scores%s" % (fmt_n(n), variant,
                                     " (100 distinct values)" if variant == "tied" else ""))
    rep()
    t = {}
    t["sort"], _ = best_of(lambda: np.sort(x), reps)
    t["auc"], a_auc = best_of(lambda: rocstats.auc(y, x), reps)
    t["delong"], dl = best_of(lambda: rocstats.delong(y, x), reps)
    paired, _, _, _ = paired_ratio(lambda: np.sort(x), lambda: rocstats.delong(y, x), reps)
    aucs = {"rocstats.delong": dl.auc}
    if roc_auc_score is not None:
        t["sklearn"], a_skl = best_of(lambda: roc_auc_score(y, x), reps)
        aucs["sklearn"] = a_skl
    proc, proc_note = None, None
    if rr.available:
        try:
            proc = rr.run(y, x, r_reps, budget)
            aucs["pROC"] = proc["auc"][0]
        except RuntimeError as exc:
            proc_note = "pROC: not available (%s)" % exc
    else:
        proc_note = "pROC: not available (%s)" % rr.reason

    def speed(key):
        cells = []
        for other in ("proc", "sklearn"):
            if other == "proc":
                cells.append(fmt_x(proc["time"] / t[key]) if proc else "-")
            else:
                cells.append(fmt_x(t["sklearn"] / t[key]) if "sklearn" in t else "-")
        return cells

    rows = [["np.sort(scores) (floor)", fmt_s(t["sort"]), "1.00x", "-", "-",
             "best of %d" % reps],
            ["rocstats.auc"] + [fmt_s(t["auc"]), fmt_x(t["auc"] / t["sort"])] + speed("auc")
            + ["best of %d" % reps],
            ["**rocstats.delong** (AUC + var)", "**%s**" % fmt_s(t["delong"]),
             "**%s**" % fmt_x(t["delong"] / t["sort"])] + speed("delong")
            + ["best of %d" % reps]]
    if "sklearn" in t:
        rows.append(["sklearn roc_auc_score", fmt_s(t["sklearn"]),
                     fmt_x(t["sklearn"] / t["sort"]), "-", "-", "best of %d" % reps])
    if proc:
        rows.append(["pROC roc() + var(delong) (in R)", fmt_s(proc["time"]),
                     fmt_x(proc["time"] / t["sort"]), "-", "-",
                     "best of %d%s" % (proc["reps"], " (time budget)"
                                       if proc["reps"] < r_reps else "")])
    rep.table(["method", "seconds", "ratio to np.sort", "speedup vs pROC",
               "speedup vs sklearn", "repeats"], rows)
    rep()
    diffs = ", ".join("%s %.2e" % (k, abs(v - a_auc)) for k, v in aucs.items())
    rep("rocstats.delong / np.sort, median of %d back-to-back pairs: **%s** (the target's "
        "measure; the table's ratio is best / best)" % (reps, fmt_x(paired)))
    rep("AUC = %.10f (rocstats.auc); max |AUC diff| vs rocstats.auc: %s" % (a_auc, diffs))
    if proc:
        rel = abs(dl.variance - proc["var"][0]) / abs(proc["var"][0])
        rep("DeLong variance %.6e; rel. diff vs pROC var(): %.2e.  pROC split: roc() %ss, "
            "var() %ss (best)" % (dl.variance, rel, fmt_s(proc["time_roc"]),
                                  fmt_s(proc["time_var"])))
    if proc_note:
        rep(proc_note)
    rep()
    targets.append(("n=%s %s" % (fmt_n(n), variant), paired,
                    proc["time"] / t["delong"] if proc else None, TARGET_SORT))


def bench_2d(rep, rr, y, S, n, k, reps, r_reps, budget, r_n, targets):
    npairs = k * (k - 1) // 2
    rep("### n = %s, k = %d correlated score columns (2-D `rocstats.delong(y, S)`)"
        % (fmt_n(n), k))
    rep()
    t = {}
    t["sort"], _ = best_of(lambda: np.sort(S, axis=0), reps)
    t["delong"], dl = best_of(lambda: rocstats.delong(y, S), reps)
    paired, _, _, _ = paired_ratio(lambda: np.sort(S, axis=0), lambda: rocstats.delong(y, S),
                                   reps)
    aucs = {"rocstats.delong": dl.auc}
    a_ref = np.array([rocstats.auc(y, S[:, c]) for c in range(k)])
    if roc_auc_score is not None:
        t["sklearn"], a_skl = best_of(
            lambda: np.array([roc_auc_score(y, S[:, c]) for c in range(k)]), reps)
        aucs["sklearn"] = a_skl
    proc, proc_note, scale = None, None, 1.0
    if rr.available:
        r_n = min(r_n or n, n)
        try:
            proc = rr.run(y[:r_n], S[:r_n], r_reps, budget)
            if r_n == n:
                aucs["pROC"] = proc["auc"]
            else:
                scale = (n * np.log(n)) / (r_n * np.log(r_n))
                sub = rocstats.delong(y[:r_n], S[:r_n])
                aucs["pROC (vs rocstats on the subset)"] = proc["auc"] - sub.auc + a_ref
        except RuntimeError as exc:
            proc_note = "pROC: not available (%s)" % exc
    else:
        proc_note = "pROC: not available (%s)" % rr.reason
    p_time = proc["time"] * scale if proc else None

    def sp(key):
        return [fmt_x(p_time / t[key]) if proc else "-",
                fmt_x(t["sklearn"] / t[key]) if "sklearn" in t else "-"]

    rows = [["np.sort of all %d columns (floor)" % k, fmt_s(t["sort"]), "1.00x", "-", "-",
             "best of %d" % reps],
            ["**rocstats.delong(y, S)** (%d AUCs + %dx%d cov)" % (k, k, k),
             "**%s**" % fmt_s(t["delong"]), "**%s**" % fmt_x(t["delong"] / t["sort"])]
            + sp("delong") + ["best of %d" % reps]]
    if "sklearn" in t:
        rows.append(["sklearn roc_auc_score x %d (AUCs only, no variance)" % k,
                     fmt_s(t["sklearn"]), fmt_x(t["sklearn"] / t["sort"]), "-", "-",
                     "best of %d" % reps])
    if proc:
        label = "pROC %d roc + %d var + %d cov (in R)" % (k, k, npairs)
        reps_note = "best of %d%s" % (proc["reps"], " (time budget)"
                                      if proc["reps"] < r_reps else "")
        if r_n == n:
            rows.append([label, fmt_s(proc["time"]), fmt_x(proc["time"] / t["sort"]),
                         "-", "-", reps_note])
        else:
            rows.append([label + " **measured at n = %s**" % fmt_n(r_n), fmt_s(proc["time"]),
                         "-", "-", "-", reps_note])
            rows.append([label + " **ESTIMATE at n = %s** (scaled by n log n)" % fmt_n(n),
                         fmt_s(p_time), fmt_x(p_time / t["sort"]), "-", "-", "extrapolated"])
    rep.table(["method", "seconds", "ratio to np.sort", "speedup vs pROC",
               "speedup vs sklearn", "repeats"], rows)
    rep()
    diffs = ", ".join("%s %.2e" % (kk, np.max(np.abs(v - a_ref))) for kk, v in aucs.items())
    rep("rocstats.delong(y, S) / np.sort(S, axis=0), median of %d back-to-back pairs: **%s**"
        % (reps, fmt_x(paired)))
    rep("max |AUC diff| over the %d columns vs rocstats.auc: %s" % (k, diffs))
    if proc:
        if r_n == n:
            cov_ref = dl.covariance
        else:
            cov_ref = rocstats.delong(y[:r_n], S[:r_n]).covariance
        rel = np.max(np.abs(cov_ref - proc["cov"])) / np.max(np.abs(proc["cov"]))
        rep("max |cov diff| / max |cov| vs pROC (%dx%d, n = %s): %.2e.  pROC split: "
            "%d roc() %ss, var()+cov() %ss (best)" % (k, k, fmt_n(r_n), rel, k,
                                                       fmt_s(proc["time_roc"]),
                                                       fmt_s(proc["time_var"])))
    if proc_note:
        rep(proc_note)
    rep()
    name = "n=%s k=%d 2-D" % (fmt_n(n), k)
    if proc and r_n != n:
        name += " (pROC time extrapolated from n = %s)" % fmt_n(r_n)
    targets.append((name, paired, p_time / t["delong"] if proc else None, TARGET_MULTI))


# --------------------------------------------------------------------------- profile

def _stage_table(rep, reps, stages):
    """Time ``(name, fn)`` stages (``fn=None``: a section label) and print a table."""
    rows = []
    for name, fn in stages:
        if fn is None:
            rows.append([name, ""])
            continue
        s, _ = best_of(fn, reps)
        rows.append([name, "%.1f" % (1e3 * s)])
    rep.table(["stage", "ms (best of %d)" % reps], rows)
    rep()


def profile_1d(rep, n, seed, reps):
    """Stage-by-stage timing mirroring rocstats.auc / rocstats.delong (1-D).

    The stages copy the current implementation (src/rocstats/curves/_auc.py, _delong.py,
    _sample.py) and use private modules; update them if the implementation changes.
    """
    from rocstats import _kernels
    from rocstats import _labels as L_, _sample as S_
    from rocstats import _validation as V
    rng = np.random.default_rng(seed)
    y = make_labels(rng, n)
    x = make_scores(rng, y)
    mask = S_.binary_sample(y, x).is_pos
    pos, neg = x[mask], x[~mask]
    ps, ns = np.sort(pos), np.sort(neg)
    _, v10, v01 = _kernels.roc.placements_sorted(ps, ns)
    rep("### Profile of the 1-D path at n = %s (continuous scores, int64 labels; stages "
        "mirror the current implementation)" % fmt_n(n))
    rep()
    _stage_table(rep, reps, [
        ("np.sort(x) (floor)", lambda: np.sort(x)),
        ("rocstats.auc (total)", lambda: rocstats.auc(y, x)),
        ("rocstats.delong (total)", lambda: rocstats.delong(y, x)),
        ("binary_sample (total)", lambda: S_.binary_sample(y, x)),
        (". as_float_array: np.isfinite(x).all() (+ no-op copies)",
         lambda: V.as_float_array(x, "s")),
        (". labels: binary_rule(y).labels() (total)",
         lambda: L_.binary_rule(y, None).labels()),
        (". . np.unique(y_true)", lambda: np.unique(y)),
        (". . y_true.astype(float64) == 1", lambda: y.astype(np.float64) == 1.0),
        ("is_pos.sum()", lambda: int(mask.sum())),
        ("boolean masking x[is_pos], x[~is_pos]", lambda: (x[mask], x[~mask])),
        ("np.sort(pos) + np.sort(neg)", lambda: (np.sort(pos), np.sort(neg))),
        ("kernel auc2u_sorted (C)", lambda: _kernels.roc.auc2u_sorted(ps, ns)),
        ("kernel placements_sorted (C)", lambda: _kernels.roc.placements_sorted(ps, ns)),
        ("np.var(v10) + np.var(v01)", lambda: (np.var(v10, ddof=1), np.var(v01, ddof=1))),
        ("*alternatives (not used by rocstats):*", None),
        ("alt: y_true.min(), y_true.max() (instead of np.unique; integer labels)",
         lambda: (y.min(), y.max())),
        ("alt: y_true == 1 (no float64 cast)", lambda: y == 1),
        ("alt: np.argsort(x) (one sort of everything, labels ride along)",
         lambda: np.argsort(x)),
    ])


def profile_2d(rep, n, k, seed, reps):
    """Stage-by-stage timing of the 2-D rocstats.delong path (per column + covariance)."""
    from rocstats import _kernels
    from rocstats import _labels as L_, _sample as S_
    from rocstats import _validation as V
    rng = np.random.default_rng(seed)
    y = make_labels(rng, n)
    S = make_matrix(rng, y, k)
    mask = S_.binary_sample(y, S, ndim=(2,)).is_pos
    P = S[mask]
    col = np.ascontiguousarray(P[:, 0])
    order = np.argsort(col, kind="stable")
    scol = col[order]
    nsort = np.sort(np.ascontiguousarray(S[~mask][:, 0]))
    out = np.empty_like(col)
    V10 = np.random.default_rng(1).random((col.size, k))

    def scatter():
        out[order] = scol

    rep("### Profile of the 2-D path at n = %s, k = %d (per-column stages run k times, for "
        "each class)" % (fmt_n(n), k))
    rep()
    _stage_table(rep, reps, [
        ("rocstats.delong(y, S) (total)", lambda: rocstats.delong(y, S)),
        ("np.sort(S, axis=0) (floor, all k columns)", lambda: np.sort(S, axis=0)),
        ("binary_sample(y, S) (isfinite on n x k, labels)",
         lambda: S_.binary_sample(y, S, ndim=(1, 2))),
        ("row masking S[is_pos], S[~is_pos] (all columns)", lambda: (S[mask], S[~mask])),
        ("*per column and class (x k x 2):*", None),
        ("np.ascontiguousarray(pos[:, c])", lambda: np.ascontiguousarray(P[:, 0])),
        ("np.argsort(pos_c, kind='stable') (used)", lambda: np.argsort(col, kind="stable")),
        ("np.sort(pos_c) (for comparison)", lambda: np.sort(col)),
        ("alt: np.argsort(pos_c) default quicksort (SIMD)", lambda: np.argsort(col)),
        ("gather pos_c[order]", lambda: col[order]),
        ("scatter v10[order] = s10", scatter),
        ("*per column (x k):*", None),
        ("kernel placements_sorted (C)", lambda: _kernels.roc.placements_sorted(scol, nsort)),
        ("*once:*", None),
        ("np.cov of the (m, k) placements, twice (V10 and V01)",
         lambda: (np.cov(V10, rowvar=False), np.cov(V10, rowvar=False))),
    ])


def bench_memory(rep, n, variants):
    """Peak memory of rocstats.delong beyond its inputs, in a child process per variant
    (benchmarks/_memory.py: RSS high-water mark reset before the call, and tracemalloc)."""
    rep("### Memory of rocstats.delong at n = %s (beyond the inputs: int64 labels + float64 "
        "scores)" % fmt_n(n))
    rep()
    rows = []
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_memory.py")
    for variant in variants:
        res = subprocess.run([sys.executable, script, str(n), variant, "delong"],
                             capture_output=True, text=True)
        if res.returncode != 0:
            rows.append([variant, "failed: %s" % (res.stderr.strip().splitlines() or ["?"])[-1],
                         "-", "-", "-"])
            continue
        sec, rss, tm, nbytes = (float(v) for v in res.stdout.split())
        rows.append([variant, "%.0f MB" % (nbytes / 1e6),
                     "%.1f MB = **%.3fx**" % (rss / 1e6, rss / nbytes),
                     "%.1f MB = %.4fx" % (tm / 1e6, tm / nbytes), fmt_s(sec)])
    rep.table(["scores", "scores' size", "peak RSS beyond inputs (VmHWM)",
               "tracemalloc peak (NumPy)", "seconds"], rows)
    rep()
    rep("Target (issue 14): peak beyond the inputs <= 1x the scores' size.")
    rep()


# --------------------------------------------------------------------------- main

def parse_sizes(text):
    return [int(float(s)) for s in text.replace(" ", "").split(",") if s]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                 formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    ap.add_argument("--quick", action="store_true",
                    help="smoke test: n = 1e5 only (also for the k-column case), 2 repeats")
    ap.add_argument("--sizes", default="1e6,1e7", help="comma-separated sample sizes")
    ap.add_argument("--variants", default="continuous,tied", help="score variants to run")
    ap.add_argument("--repeats", type=int, default=None,
                    help="repeats for the Python timings (default: 5 for n <= 1e6, else 3)")
    ap.add_argument("--r-repeats", type=int, default=None,
                    help="repeats for pROC (default: as --repeats for n <= 1e6, 1 above)")
    ap.add_argument("--r-budget", type=float, default=180.0,
                    help="stop repeating a pROC timing once this many seconds were spent")
    ap.add_argument("--r-timeout", type=float, default=3600.0,
                    help="kill an Rscript run after this many seconds")
    ap.add_argument("--no-r", action="store_true", help="skip pROC")
    ap.add_argument("--no-sklearn", action="store_true",
                    help="skip scikit-learn (slow at n = 1e8)")
    ap.add_argument("--multi-n", type=float, default=1e6,
                    help="n for the k-column benchmark (0 to skip it)")
    ap.add_argument("--multi-k", type=int, default=10, help="number of score columns")
    ap.add_argument("--r-multi-n", type=float, default=None,
                    help="time pROC's k-column case at this smaller n and extrapolate "
                         "(n log n), clearly labelled; default: the full --multi-n")
    ap.add_argument("--profile", action="store_true",
                    help="also print a stage-by-stage profile of rocstats.auc/delong at the "
                         "largest size (and of the 2-D path at --multi-n)")
    ap.add_argument("--memory-n", type=float, default=0,
                    help="also measure the peak memory of rocstats.delong beyond its inputs "
                         "at this n (a child process per variant; e.g. 1e8), 0 to skip")
    ap.add_argument("--seed", type=int, default=20240601)
    ap.add_argument("--output", default=None,
                    help="also write the markdown report to this file (e.g. "
                         "benchmarks/results/latest.md)")
    args = ap.parse_args(argv)
    if args.no_sklearn:
        global roc_auc_score
        roc_auc_score = None

    sizes = [100_000] if args.quick else parse_sizes(args.sizes)
    multi_n = (100_000 if args.quick else int(args.multi_n)) if args.multi_n else 0
    variants = [v for v in args.variants.split(",") if v]
    for v in variants:
        if v not in ("continuous", "tied"):
            ap.error("unknown variant %r" % v)

    def reps_for(n):
        if args.repeats:
            return args.repeats
        return 2 if args.quick else (5 if n <= 1_000_000 else 3)

    def r_reps_for(n):
        if args.r_repeats:
            return args.r_repeats
        return reps_for(n) if n <= 1_000_000 else 1

    rep = Report()
    rr = RRunner(not args.no_r, args.r_timeout)
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:
        cpus = os.cpu_count()
    rep("# rocstats AUC / DeLong benchmark")
    rep()
    rep("- date: %s" % datetime.datetime.now().strftime("%Y-%m-%d %H:%M"))
    rep("- machine: %s, %s logical cores (%d usable), %s, load average at start %s"
        % (cpu_model(), os.cpu_count(), cpus, platform.platform(), loadavg()))
    rep("- numpy SIMD: %s" % SIMD_TEXT)
    rep("- rocstats sort for large inputs: %s" % sort_choice())
    rep("- python %s, numpy %s, scikit-learn %s" % (
        platform.python_version(), np.__version__,
        sklearn.__version__ if sklearn else "not installed"))
    rep("- R %s, pROC %s%s" % (rr.r_version, rr.proc_version,
                                "" if rr.available else "  (pROC: not available: %s)"
                                % rr.reason))
    rep("- rocstats %s, backend %s (%s)" % ((rocstats.__version__,) + rocstats.backend_info()))
    rep("- timing: best of r repeats (time.perf_counter; pROC: proc.time inside R around "
        "roc()/var()/cov() only, data read with readBin beforehand); same data for all "
        "tools; seed %d" % args.seed)
    rep("- note: shared machine; other jobs may run concurrently, so single timings can be "
        "noisy (best-of-r reduces but does not remove that)")
    rep()
    targets = []
    t_start = time.perf_counter()
    try:
        for n in sizes:
            rng = np.random.default_rng(args.seed + n)
            y = make_labels(rng, n)
            base = make_scores(rng, y)
            for variant in variants:
                x = base if variant == "continuous" else tie(base)
                bench_1d(rep, rr, y, x, n, variant, reps_for(n), r_reps_for(n),
                         args.r_budget, targets)
                del x
            del y, base
            gc.collect()
        if multi_n:
            rng = np.random.default_rng(args.seed + 7 * multi_n)
            y = make_labels(rng, multi_n)
            S = make_matrix(rng, y, args.multi_k)
            r_n = int(args.r_multi_n) if args.r_multi_n else None
            bench_2d(rep, rr, y, S, multi_n, args.multi_k, reps_for(multi_n),
                     r_reps_for(multi_n), args.r_budget, r_n, targets)
            del y, S
            gc.collect()
        if args.memory_n:
            bench_memory(rep, int(args.memory_n), variants)
        if args.profile:
            preps = 2 if args.quick else 3
            profile_1d(rep, max(sizes), args.seed, preps)
            if multi_n:
                profile_2d(rep, multi_n, args.multi_k, args.seed, preps)
    finally:
        rr.close()

    rep("## Targets")
    rep()
    rep("rocstats.delong / np.sort as the median of back-to-back pairs; target <= %gx for "
        "one score (np.sort %s here), <= %gx for the k columns; pROC / rocstats.delong >= %gx"
        % (TARGET_SORT, "has a SIMD path" if SIMD_SORT else "has no SIMD path",
           TARGET_MULTI, TARGET_PROC))
    rep()
    ok_all = True
    proc_vals = [t[2] for t in targets if t[2] is not None]
    for name, rs, rp, goal in targets:
        ok_all &= rs <= goal
        rep("- %s: rocstats.delong / np.sort = %s (target <= %gx: %s); pROC / rocstats.delong "
            "= %s (%s)" % (name, fmt_x(rs), goal, "PASS" if rs <= goal else "MISS",
                           fmt_x(rp) if rp is not None else "n/a",
                           ("PASS" if rp >= TARGET_PROC else "MISS") if rp is not None
                           else "n/a"))
    rep()
    line = "**targets: rocstats.delong / np.sort %s; " % ("PASS" if ok_all else "MISS")
    if proc_vals:
        worst_p = min(proc_vals)
        line += ("pROC / rocstats.delong worst %s (target >= %gx) %s**"
                 % (fmt_x(worst_p), TARGET_PROC, "PASS" if worst_p >= TARGET_PROC else "MISS"))
    else:
        line += "pROC / rocstats.delong n/a (pROC not available)**"
    rep(line)
    rep()
    rep("_total wall time %.0f s; load average at end %s_" % (time.perf_counter() - t_start,
                                                              loadavg()))
    if args.output:
        rep.write(args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
