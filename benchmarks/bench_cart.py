#!/usr/bin/env python
"""Timing benchmark: rocstats' CART (CARTClassifier) vs rpart 4.1.19 vs scikit-learn.

Cases (synthetic, seeded; the same data for every tool):

* ``numeric``: n = 1e5 rows x 20 standard normal features; the class is drawn from a
  logistic model with a linear part, a step and an interaction;
* ``categorical``: n = 1e4 rows x 20 features of which 5 are categorical (6 levels each,
  two of them enter the model);

each fitted with gini splitting, ``cp = 0.01``, ``xval = 0`` and rpart's other
defaults (``min_split = 20``, ``min_bucket = 7``, ``max_compete = 4``,
``max_depth = 30``), once with ``max_surrogate = 0`` and once with rpart's default of 5
surrogates (computed at every split even without missing values, as rpart does).

Tools and what is timed (best of ``--repeats`` runs):

* rocstats: ``CARTClassifier(...).fit(X, y)`` with ``time.perf_counter`` (includes the
  input checks, the presort, growing, surrogates, the complexity table);
* rpart: ``rpart(y ~ ., data, control = rpart.control(...))`` timed inside R with
  ``proc.time()`` around the call only; the data are read beforehand from binary files;
* scikit-learn ``DecisionTreeClassifier``, two settings (sklearn has no cp, no
  competitor or surrogate splits and no categorical splits -- it gets the level codes
  as numbers): "same size" = ``max_leaf_nodes`` set to the number of leaves rocstats
  grew (best-first growth to the same number of leaves, the closest match to a
  cp-limited tree) and "rpart's stopping" = ``min_samples_split=20,
  min_samples_leaf=7, max_depth=30`` without any complexity stop (a much larger tree).

Honesty checks printed with the tables: rocstats and rpart must grow the same tree
(same number of leaves and the same complexity table); the tree sizes of every tool are
shown.  Targets (issue 4): rocstats / rpart <= 1 and rocstats / sklearn (same size)
<= 2.

Usage::

    .venv/bin/python benchmarks/bench_cart.py [--quick] [--repeats 3]
                                              [--output benchmarks/results/cart_latest.md]
"""
import argparse
import datetime
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np
import pandas as pd

import rocstats
from rocstats.tree import CARTClassifier

try:
    import sklearn
    from sklearn.tree import DecisionTreeClassifier
except ImportError:  # pragma: no cover
    sklearn = None

TARGET_RPART = 1.0
TARGET_SKLEARN = 2.0
SEED = 20240610

R_SCRIPT = r"""
args <- commandArgs(trailingOnly = TRUE)
xfile <- args[1]; yfile <- args[2]; n <- as.integer(args[3]); p <- as.integer(args[4])
ncat <- as.integer(args[5]); nlev <- as.integer(args[6]); maxsur <- as.integer(args[7])
reps <- as.integer(args[8])
suppressMessages(library(rpart))
x <- readBin(xfile, "double", n = as.numeric(n) * p)
y <- readBin(yfile, "integer", n = n, size = 4)
d <- as.data.frame(matrix(x, n, p))
names(d) <- paste0("x", seq_len(p))
if (ncat > 0) for (j in seq_len(ncat)) d[[j]] <- factor(d[[j]], levels = 0:(nlev - 1))
d$y <- factor(y, levels = 0:1)
ctl <- rpart.control(cp = 0.01, xval = 0, maxsurrogate = maxsur)
best <- Inf
for (r in seq_len(reps)) {
  gc()
  t0 <- proc.time()[["elapsed"]]
  fit <- rpart(y ~ ., data = d, method = "class", control = ctl)
  best <- min(best, proc.time()[["elapsed"]] - t0)
}
cat(sprintf("%.6f\n", best))
cat(sprintf("%d\n", sum(fit$frame$var == "<leaf>")))
cat(paste(sprintf("%.17g", fit$cptable[, "rel error"]), collapse = " "), "\n")
cat(as.character(packageVersion("rpart")), "\n")
"""


def make_data(n, p, n_cat, n_levels, seed):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, p))
    eta = 1.5 * X[:, n_cat] - X[:, n_cat + 1] + np.where(X[:, n_cat + 2] > 0.5, 1.0, -0.5) \
        + 0.8 * X[:, n_cat + 3] * X[:, n_cat + 4]
    if n_cat:
        codes = rng.integers(0, n_levels, size=(n, n_cat)).astype(float)
        X[:, :n_cat] = codes
        eta = eta + np.array([-1.0, 0.5, 1.0, -0.5, 0.0, 0.8])[codes[:, 0].astype(int) % 6] \
            + np.where(codes[:, 1] >= n_levels // 2, 0.7, -0.7)
    y = (rng.random(n) < 1 / (1 + np.exp(-eta))).astype(np.int32)
    names = ["x%d" % (j + 1) for j in range(p)]
    df = pd.DataFrame(X, columns=names)
    for j in range(n_cat):
        df[names[j]] = pd.Categorical(X[:, j].astype(int), categories=range(n_levels))
    return X, y, df


def best_of(fun, repeats):
    best, out = np.inf, None
    for _ in range(repeats):
        t0 = time.perf_counter()
        out = fun()
        best = min(best, time.perf_counter() - t0)
    return best, out


def run_rpart(X, y, n_cat, n_levels, max_sur, repeats):
    rscript = shutil.which("Rscript")
    if rscript is None:
        return None, "Rscript not found"
    with tempfile.TemporaryDirectory() as tmp:
        xf, yf, sf = (os.path.join(tmp, f) for f in ("x.bin", "y.bin", "bench.R"))
        np.asfortranarray(X).T.ravel().astype("<f8").tofile(xf)     # column-major
        y.astype("<i4").tofile(yf)
        with open(sf, "w") as fh:
            fh.write(R_SCRIPT)
        cmd = [rscript, sf, xf, yf, str(X.shape[0]), str(X.shape[1]), str(n_cat),
               str(n_levels), str(max_sur), str(repeats)]
        proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        return None, proc.stderr.strip().splitlines()[-1] if proc.stderr else "R failed"
    lines = proc.stdout.strip().splitlines()
    return {"seconds": float(lines[0]), "leaves": int(lines[1]),
            "rel_error": np.array([float(v) for v in lines[2].split()]),
            "version": lines[3].strip()}, None


def run_case(name, n, p, n_cat, n_levels, repeats):
    X, y, df = make_data(n, p, n_cat, n_levels, SEED)
    rows, notes = [], []
    for max_sur in (0, 5):
        t_ours, model = best_of(
            lambda: CARTClassifier(criterion="gini", cp=0.01, xval=0,
                                   max_surrogate=max_sur).fit(df, y), repeats)
        leaves = model.tree_.n_leaves
        r, err = run_rpart(X, y, n_cat, n_levels, max_sur, repeats)
        if r is None:
            notes.append("rpart not run: %s" % err)
        else:
            same = (r["leaves"] == leaves and
                    len(r["rel_error"]) == len(model.cptable_) and
                    np.allclose(r["rel_error"], model.cptable_["rel error"], rtol=1e-10))
            notes.append("max_surrogate=%d: rocstats and rpart %s (%d vs %d leaves)"
                         % (max_sur, "grow the same tree" if same else "DIFFER",
                            leaves, r["leaves"]))
        row = {"case": name, "max_surrogate": max_sur, "rocstats": t_ours,
               "rocstats_leaves": leaves, "rpart": None if r is None else r["seconds"],
               "rpart_leaves": None if r is None else r["leaves"]}
        if sklearn is not None and max_sur == 0:
            Xs = X
            t_same, m1 = best_of(lambda: DecisionTreeClassifier(
                criterion="gini", max_leaf_nodes=max(leaves, 2), min_samples_split=20,
                min_samples_leaf=7, max_depth=30, random_state=0).fit(Xs, y), repeats)
            t_full, m2 = best_of(lambda: DecisionTreeClassifier(
                criterion="gini", min_samples_split=20, min_samples_leaf=7, max_depth=30,
                random_state=0).fit(Xs, y), repeats)
            row.update(sk_same=t_same, sk_same_leaves=m1.get_n_leaves(),
                       sk_full=t_full, sk_full_leaves=m2.get_n_leaves())
        rows.append(row)
    # sklearn has no surrogates: its times are the same for both rows
    for row in rows:
        for k in ("sk_same", "sk_same_leaves", "sk_full", "sk_full_leaves"):
            row.setdefault(k, rows[0].get(k))
    return rows, notes, (None if r is None else r["version"])


def fmt(x, spec="%.3f"):
    return "-" if x is None else spec % x


def table(rows):
    out = ["| case | max_surrogate | rocstats s (leaves) | rpart s (leaves) | "
           "sklearn same size s (leaves) | sklearn rpart stopping s (leaves) | "
           "rocstats / rpart | rocstats / sklearn same size |",
           "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        ratio_r = None if r["rpart"] is None else r["rocstats"] / r["rpart"]
        ratio_s = None if r.get("sk_same") is None else r["rocstats"] / r["sk_same"]
        out.append("| %s | %d | %s (%d) | %s (%s) | %s (%s) | %s (%s) | %s | %s |" % (
            r["case"], r["max_surrogate"], fmt(r["rocstats"]), r["rocstats_leaves"],
            fmt(r["rpart"]), fmt(r["rpart_leaves"], "%d"),
            fmt(r.get("sk_same")), fmt(r.get("sk_same_leaves"), "%d"),
            fmt(r.get("sk_full")), fmt(r.get("sk_full_leaves"), "%d"),
            fmt(ratio_r, "%.2f"), fmt(ratio_s, "%.2f")))
    return "\n".join(out)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="n / 10 in both cases, 1 repeat")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--output", help="also write the markdown to this file")
    args = ap.parse_args(argv)
    repeats = 1 if args.quick else args.repeats
    scale = 10 if args.quick else 1
    cases = [("numeric, n=%d, p=20" % (100000 // scale), 100000 // scale, 20, 0, 0),
             ("5 categorical (6 levels) + 15 numeric, n=%d" % (10000 // scale),
              10000 // scale, 20, 5, 6)]
    load0 = os.getloadavg() if hasattr(os, "getloadavg") else None
    rows, notes, version = [], [], None
    for name, n, p, n_cat, n_lev in cases:
        r, nt, v = run_case(name, n, p, n_cat, n_lev, repeats)
        rows += r
        notes += ["%s: %s" % (name, x) for x in nt]
        version = version or v
    load = os.getloadavg() if hasattr(os, "getloadavg") else ("?",)
    head = [
        "# CART benchmark: rocstats vs rpart vs scikit-learn",
        "",
        "- date: %s" % datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "- machine: %s, %d CPUs, load average (1, 5, 15 min) at the start %s, at the end %s"
        % (platform.platform(), os.cpu_count() or 0,
           "?" if load0 is None else " ".join("%.1f" % v for v in load0),
           " ".join("%.1f" % v for v in load)),
        "- rocstats %s (kernels: %s), rpart %s (Rscript, proc.time around rpart()), "
        "scikit-learn %s, Python %s" % (rocstats.__version__, rocstats.backend(),
                                        version or "not run",
                                        getattr(sklearn, "__version__", "not installed"),
                                        platform.python_version()),
        "- best of %d run(s); gini, cp = 0.01, xval = 0, min_split 20, min_bucket 7, "
        "max_compete 4, max_depth 30; seed %d" % (repeats, SEED),
        "- shared machine: other jobs may run concurrently, so timings are noisy",
        "",
        table(rows),
        "",
    ]
    head += ["- %s" % x for x in notes]
    worst_r = max((r["rocstats"] / r["rpart"] for r in rows if r["rpart"]), default=None)
    worst_s = max((r["rocstats"] / r["sk_same"] for r in rows if r.get("sk_same")),
                  default=None)
    head += ["", "Targets: rocstats / rpart <= %.0f: worst %s -> %s; rocstats / sklearn "
             "(same size) <= %.0f: worst %s -> %s" % (
                 TARGET_RPART, fmt(worst_r, "%.2f"),
                 "-" if worst_r is None else ("PASS" if worst_r <= TARGET_RPART else "MISS"),
                 TARGET_SKLEARN, fmt(worst_s, "%.2f"),
                 "-" if worst_s is None else ("PASS" if worst_s <= TARGET_SKLEARN else "MISS"))]
    text = "\n".join(head) + "\n"
    print(text)
    if args.output:
        with open(args.output, "w") as fh:
            fh.write(text)


if __name__ == "__main__":
    sys.exit(main())
