"""The sAUC paper's model-selection experiments (Wu, Flach & Ferri 2007, seed 004, Section 4).

Tables 4 and 5 of the paper: on each data set, in each repetition,

* split: Table 4 (small sets) 50 % training, the rest 20 % validation / 80 % test;
  Table 5 (larger sets) 50 % training, 25 % validation, 25 % test;
* per learner, 10 models, each trained on the training set after removing three attributes
  drawn at random (the same 10 attribute subsets for the three learners of a repetition);
* pick one model by its validation sAUC (largest), one by its validation AUC (largest) and one by
  its validation Brier score (smallest); ties broken at random among the tied models;
* record the test AUC of each choice.

The means over repetitions, their Monte Carlo standard errors (sd / sqrt(reps)), the paired
differences sAUC-choice minus AUC-choice / BS-choice with their SEs, and the fraction of
repetitions in which the choices coincide are written to
``validation/results/sauc_experiments.json``, which ``reports/sauc_experiments.qmd`` reads (the
report never runs the experiment).

Learners, as close to the paper's Weka ones as scikit-learn allows:

* ``tree``: ``DecisionTreeClassifier`` grown to purity (no pruning, ``min_samples_leaf=1``), leaf
  probability Laplace-corrected from the training counts, (k + 1) / (n + 2) -- J48 unpruned with
  Laplace correction; but binary splits on one-hot columns where J48 splits nominal attributes
  multiway, and no fractional cases for missing values;
* ``nb``: naive Bayes, ``CategoricalNB(alpha=1)`` (Laplace) on the nominal attributes and
  ``GaussianNB`` on the numeric ones, their joint log-likelihoods added (Weka's NaiveBayes uses
  counts + 1 and a normal density too);
* ``lr``: ``LogisticRegression(C=1e4)`` (Newton-Cholesky, at most 100 iterations) on one-hot nominal and
  standardised numeric columns: nearly unpenalised, as Weka's Logistic (ridge 1e-8) is; a
  strictly unpenalised fit diverges on separable data (Mushroom, House-vote).

Missing values: the training mean (numeric) or mode (nominal) of the repetition, for every learner
(Weka's Logistic does this; its J48 and NaiveBayes handle them otherwise).  sAUC, AUC: rocstats
(``rocstats.sauc``, ``rocstats.auc``); Brier score: mean squared difference of the probability and
the 0/1 label.

Run (from the repository root)::

    python -m rocstats_validation.sauc_experiments --reps 2000 --large-reps 100
    python -m rocstats_validation.sauc_experiments --datasets sauc_german --reps 50   # a quick look

Each data set's entry is written as soon as it is done (the file is merged, not replaced).
"""
from __future__ import annotations

import argparse
import json
import platform
import sys
import time
import warnings

import numpy as np

from .paths import DATA_DIR, RESULTS_DIR

OUTPUT = RESULTS_DIR / "sauc_experiments.json"
N_MODELS, N_DROP = 10, 3
LEARNERS = ("tree", "nb", "lr")
CRITERIA = ("sauc", "auc", "brier")

# data set -> (table of the paper, paper's number in its Table 3)
DATASETS = {
    "sauc_house_vote": 4, "sauc_german": 4, "sauc_breast_w": 4, "sauc_heart_statlog": 4,
    "spam": 5, "sauc_caravan": 5, "sauc_mushroom": 5,
}
SPAM_META = {"outcome": "type", "positive": "spam", "paper": {"number": 8, "name": "Spam", "table": 5}}

# The paper's Tables 4 and 5 (test AUC x 100), by the paper's data set number:
# {learner: (sAUC-choice, AUC-choice, BS-choice)}.
PAPER = {
    7: {"tree": (68.95, 68.75, 68.85), "nb": (77.69, 77.24, 77.25), "lr": (77.60, 77.29, 77.20)},
    9: {"tree": (98.11, 97.81, 97.98), "nb": (96.90, 96.74, 96.81), "lr": (98.36, 98.24, 98.28)},
    11: {"tree": (97.68, 97.64, 97.67), "nb": (98.01, 97.94, 98.00), "lr": (99.24, 99.18, 99.22)},
    13: {"tree": (83.42, 83.56, 83.45), "nb": (88.69, 88.68, 88.49), "lr": (89.24, 89.12, 89.13)},
    8: {"tree": (96.69, 96.78, 96.67), "nb": (95.88, 96.50, 96.45), "lr": (96.95, 96.93, 96.91)},
    15: {"tree": (69.55, 69.67, 69.90), "nb": (70.47, 70.59, 70.75), "lr": (94.83, 96.55, 94.90)},
    17: {"tree": (100.0, 100.0, 100.0), "nb": (99.80, 99.88, 99.79), "lr": (100.0, 100.0, 100.0)},
}
# Wins of sAUC over AUC / BS in the paper, over its 11 small and 6 large sets.
PAPER_WINS = {4: {"tree": (9, 9), "nb": (10, 10), "lr": (10, 9)}, 5: {"tree": (2, 3), "nb": (1, 3), "lr": (2, 3)}}


def load(name):
    """``(attributes, y, meta)``: ``attributes`` a list of ``(name, kind, values)`` with ``kind``
    ``"num"`` (float array, NaN missing) or ``"nom"`` (int codes, -1 missing, and the levels)."""
    import pandas as pd

    meta = json.loads((DATA_DIR / f"{name}.json").read_text())
    if name == "spam":
        meta.update(SPAM_META)
    df = pd.read_csv(DATA_DIR / f"{name}.csv", keep_default_na=True)
    types = {c["name"]: c for c in meta["columns"]}
    y = (df[meta["outcome"]].astype(str) == meta["positive"]).to_numpy().astype(np.int8)
    attributes = []
    for col in df.columns:
        if col == meta["outcome"]:
            continue
        if types[col]["type"] == "factor":
            levels = types[col]["levels"]
            levels = [levels] if isinstance(levels, str) else list(levels)
            codes = pd.Categorical(df[col], categories=levels).codes.astype(np.int64)
            attributes.append((col, "nom", (codes, levels)))
        else:
            attributes.append((col, "num", df[col].to_numpy(dtype=float)))
    return attributes, y, meta


def _impute(attributes, train):
    """Numeric: float columns with NaN -> training mean; nominal: codes with -1 -> training mode."""
    out = []
    for name, kind, values in attributes:
        if kind == "num":
            x = values.copy()
            miss = np.isnan(x)
            if miss.any():
                x[miss] = np.nanmean(x[train]) if np.isfinite(x[train]).any() else 0.0
            out.append((kind, x))
        else:
            codes, levels = values
            c = codes.copy()
            miss = c < 0
            if miss.any():
                tr = c[train][c[train] >= 0]
                c[miss] = np.bincount(tr, minlength=len(levels)).argmax() if tr.size else 0
            out.append((kind, (c, len(levels))))
    return out


def _design(cols, keep, train, scale):
    """One-hot nominal, numeric (standardised on the training rows when ``scale``) columns."""
    blocks = []
    for j in keep:
        kind, v = cols[j]
        if kind == "num":
            x = v
            if scale:
                sd = x[train].std()
                x = (x - x[train].mean()) / (sd if sd > 0 else 1.0)
            blocks.append(x[:, None])
        else:
            codes, k = v
            if k > 1:
                blocks.append(np.eye(k)[codes][:, 1:] if scale else np.eye(k)[codes])
    return np.hstack(blocks) if blocks else np.zeros((len(train), 1))


def fit_predict(learner, cols, keep, y, train, seed):
    """Probability of the positive class for every row (fitted on ``train``)."""
    from sklearn.linear_model import LogisticRegression
    from sklearn.naive_bayes import CategoricalNB, GaussianNB
    from sklearn.tree import DecisionTreeClassifier

    ytr = y[train]
    if learner == "tree":
        X = _design(cols, keep, train, scale=False)
        tree = DecisionTreeClassifier(random_state=seed).fit(X[train], ytr)
        leaf_tr = tree.apply(X[train])
        size = np.bincount(leaf_tr, minlength=tree.tree_.node_count)
        pos = np.bincount(leaf_tr, weights=ytr, minlength=tree.tree_.node_count)
        return ((pos + 1.0) / (size + 2.0))[tree.apply(X)]
    if learner == "lr":
        X = _design(cols, keep, train, scale=True)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # ConvergenceWarning on separable data
            model = LogisticRegression(C=1e4, solver="newton-cholesky", max_iter=100).fit(X[train], ytr)
        return model.predict_proba(X)[:, 1]
    # naive Bayes: nominal part + numeric part, class prior counted once
    nom = [j for j in keep if cols[j][0] == "nom"]
    num = [j for j in keep if cols[j][0] == "num"]
    prior = np.log(np.bincount(ytr, minlength=2) / len(ytr))
    jll = np.zeros((len(y), 2))
    if nom:
        C = np.column_stack([cols[j][1][0] for j in nom])
        cnb = CategoricalNB(alpha=1.0, min_categories=[cols[j][1][1] for j in nom]).fit(C[train], ytr)
        jll += cnb.predict_joint_log_proba(C) - prior
    if num:
        X = np.column_stack([cols[j][1] for j in num])
        gnb = GaussianNB().fit(X[train], ytr)
        jll += gnb.predict_joint_log_proba(X) - prior
    jll += prior
    jll -= jll.max(axis=1, keepdims=True)
    p = np.exp(jll)
    return p[:, 1] / p.sum(axis=1)


def _pick(values, best, rng):
    """Index of the best value (``max`` or ``min``), ties broken at random."""
    v = np.asarray(values)
    target = v.max() if best == "max" else v.min()
    tied = np.flatnonzero(np.isclose(v, target, rtol=0, atol=1e-12))
    return int(rng.choice(tied))


def run_dataset(name, reps, seed=20070917, progress=True):
    import rocstats

    attributes, y, meta = load(name)
    table = DATASETS[name]
    n, n_attr = len(y), len(attributes)
    test_auc = {L: {c: np.empty(reps) for c in CRITERIA} for L in LEARNERS}
    agree = {L: {"sauc_auc": 0, "sauc_brier": 0} for L in LEARNERS}
    skipped = 0
    start = time.time()
    r = done = 0
    while done < reps:
        rng = np.random.default_rng([seed, list(DATASETS).index(name), r])
        r += 1
        perm = rng.permutation(n)
        n_tr = n // 2
        n_val = int(round(0.2 * (n - n_tr))) if table == 4 else int(round(0.25 * n))
        tr, va, te = perm[:n_tr], perm[n_tr:n_tr + n_val], perm[n_tr + n_val:]
        if min(np.bincount(y[tr], minlength=2).min(), np.bincount(y[va], minlength=2).min(),
               np.bincount(y[te], minlength=2).min()) == 0:
            skipped += 1  # a split without both classes somewhere: drawn again
            continue
        train = np.zeros(n, bool)
        train[tr] = True
        cols = _impute(attributes, train)
        subsets = [np.sort(rng.choice(n_attr, n_attr - N_DROP, replace=False)) for _ in range(N_MODELS)]
        for L in LEARNERS:
            val_stats, test_aucs = {c: [] for c in CRITERIA}, []
            for k, keep in enumerate(subsets):
                p = fit_predict(L, cols, keep, y, train, seed=int(rng.integers(2**31)))
                s = rocstats.sauc(y[va], p[va], pos_label=1)
                val_stats["sauc"].append(s.sauc)
                val_stats["auc"].append(s.auc)
                val_stats["brier"].append(float(np.mean((p[va] - y[va]) ** 2)))
                test_aucs.append(float(rocstats.auc(y[te], p[te], pos_label=1)))
            pick = {"sauc": _pick(val_stats["sauc"], "max", rng), "auc": _pick(val_stats["auc"], "max", rng),
                    "brier": _pick(val_stats["brier"], "min", rng)}
            for c in CRITERIA:
                test_auc[L][c][done] = test_aucs[pick[c]]
            agree[L]["sauc_auc"] += pick["sauc"] == pick["auc"]
            agree[L]["sauc_brier"] += pick["sauc"] == pick["brier"]
        done += 1
        if progress and (done % max(1, reps // 10) == 0 or done == reps):
            print(f"  {name}: {done}/{reps} repetitions, {time.time() - start:.0f} s", flush=True)

    def ms(x):
        return {"mean": float(np.mean(x)), "mc_se": float(np.std(x, ddof=1) / np.sqrt(len(x)))}

    learners = {}
    for L in LEARNERS:
        a = test_auc[L]
        learners[L] = {
            "test_auc": {c: ms(a[c]) for c in CRITERIA},
            "diff_sauc_minus_auc": ms(a["sauc"] - a["auc"]),
            "diff_sauc_minus_brier": ms(a["sauc"] - a["brier"]),
            "same_choice": {k: v / reps for k, v in agree[L].items()},
        }
    paper = meta.get("paper") or {}
    return {
        "name": paper.get("name", name), "paper_number": paper.get("number"), "table": table,
        "source": meta.get("source"), "n": int(n), "n_attributes": n_attr, "positive": meta["positive"],
        "positive_share": float(y.mean()), "split": {"train": int(n // 2),
                                                   "validation": int(n_val), "test": int(len(te))},
        "reps": reps, "redrawn_splits": skipped, "seed": seed, "seconds": round(time.time() - start, 1),
        "learners": learners,
    }


def provenance(argv=None):
    """What produced the numbers: the command line, the git commit of the checkout (with
    a dirty flag: uncommitted changes to tracked files) and the start time (UTC)."""
    import subprocess

    from .paths import REPO_ROOT

    def git(*a):
        try:
            return subprocess.run(["git", *a], cwd=REPO_ROOT, capture_output=True, text=True,
                                  timeout=10, check=True).stdout.strip()
        except Exception:
            return None

    args = sys.argv[1:] if argv is None else list(argv)
    return {"command": " ".join(["python -m rocstats_validation.sauc_experiments", *args]),
            "git_commit": git("rev-parse", "HEAD"),
            "git_dirty": bool(git("status", "--porcelain", "--untracked-files=no")),
            "started_utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m rocstats_validation.sauc_experiments",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("--reps", type=int, default=2000, help="repetitions on the Table 4 sets (default 2000)")
    parser.add_argument("--large-reps", type=int, default=100, help="repetitions on the Table 5 sets (default 100)")
    parser.add_argument("--datasets", default=",".join(DATASETS), help="comma-separated (default: all)")
    parser.add_argument("--output", default=str(OUTPUT))
    args = parser.parse_args(argv)
    import sklearn

    import rocstats

    from pathlib import Path
    out = Path(args.output)
    results = json.loads(out.read_text()) if out.is_file() else {}
    run = provenance(argv)
    results["_about"] = {
        "generator": "python -m rocstats_validation.sauc_experiments", "paper": "Wu, Flach & Ferri (2007), Section 4",
        "protocol": {"models_per_learner": N_MODELS, "attributes_removed": N_DROP,
                     "table4_split": "50% train; rest 20% validation / 80% test",
                     "table5_split": "50% train, 25% validation, 25% test", "ties": "broken at random"},
        "learners": {"tree": "DecisionTreeClassifier unpruned, Laplace leaf probabilities (k+1)/(n+2)",
                     "nb": "CategoricalNB(alpha=1) on nominal + GaussianNB on numeric attributes",
                     "lr": "LogisticRegression(C=1e4, newton-cholesky, max_iter=100), one-hot + standardised"},
        "versions": {"rocstats": rocstats.__version__, "scikit-learn": sklearn.__version__,
                     "numpy": np.__version__, "python": platform.python_version()},
        "machine": platform.processor() or platform.machine(),
        "provenance": run,
    }
    results.setdefault("datasets", {})
    results["paper"] = {"tables": {str(k): v for k, v in PAPER.items()},
                        "wins": {str(k): v for k, v in PAPER_WINS.items()}}
    for name in args.datasets.split(","):
        if name not in DATASETS:
            parser.error(f"--datasets: unknown data set {name!r} (known: {', '.join(DATASETS)})")
        reps = args.reps if DATASETS[name] == 4 else args.large_reps
        print(f"{name}: {reps} repetitions", flush=True)
        results["datasets"][name] = run_dataset(name, reps)
        results["datasets"][name]["provenance"] = dict(
            run, finished_utc=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()))
        out.write_text(json.dumps(results, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
