"""Write the data files shipped in ``rocstats.datasets`` (src/rocstats/datasets/data/).

    python scripts/make_datasets.py            # rewrite the files
    python scripts/make_datasets.py --check    # exit 1 if a shipped file differs

* ``asah_like.csv``: a simulated diagnostic study shaped like pROC's aSAH (which is GPL and
  is therefore not shipped: ``rocstats.datasets.load_asah()`` reads it from R).  The model
  is stated in ``rocstats.datasets.load_asah_like``'s docstring and written out below.
* ``pbc_like.csv``: a simulated censored cohort shaped like survival's pbc (LGPL; read from
  R by ``load_pbc()``); model in ``load_pbc_like``'s docstring.
* ``spambase.csv.gz``: the UCI Spambase data (Hopkins, Reeber, Forman & Suermondt 1999;
  CC BY 4.0), copied from the repository's ``validation/results/data/spam.csv`` (exported
  from kernlab's ``spam``, which is the same table with short column names).

The simulated files are rounded to the stated decimals, so a NumPy release that changes
``Generator``'s streams shows up as a --check failure (tests/datasets/test_datasets.py).
"""
import argparse
import gzip
import io
import sys
from pathlib import Path

import numpy as np
import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "src" / "rocstats" / "datasets" / "data"
#: aSAH's AUCs of s100b, ndka and wfns (pROC 1.18: 0.7314, 0.6120, 0.8237)
ASAH_AUCS = {"s100b": 0.7314, "ndka": 0.6120, "wfns": 0.8237}
#: the first seed (1, 2, ...) whose sample AUCs are all within 0.02 of ASAH_AUCS
#: (choose_asah_seed() finds it; --check confirms it)
SEED_ASAH = 40
SEED_PBC = 19910101          # Fleming & Harrington 1991


def asah_like(seed=SEED_ASAH):
    """113 patients, 72 'Good' and 41 'Poor' outcomes (aSAH's counts)."""
    rng = np.random.default_rng(seed)
    outcome = np.array(["Good"] * 72 + ["Poor"] * 41)
    poor = outcome == "Poor"
    n = outcome.size
    gos6 = np.where(poor, rng.choice([1, 3], n, p=[0.68, 0.32]),
                    rng.choice([4, 5], n, p=[0.08, 0.92]))
    gender = np.where(rng.random(n) < np.where(poor, 0.49, 0.31), "Male", "Female")
    age = np.clip(np.rint(rng.normal(np.where(poor, 55.0, 49.0), 13.5)), 18, 85).astype(int)
    p_good = [0.51, 0.28, 0.04, 0.11, 0.06]
    p_poor = [0.05, 0.29, 0.02, 0.20, 0.44]
    wfns = np.where(poor, rng.choice(np.arange(1, 6), n, p=p_poor),
                    rng.choice(np.arange(1, 6), n, p=p_good))
    s100b = np.exp(rng.normal(np.where(poor, -1.32, -2.08), np.where(poor, 0.95, 0.70)))
    ndka = np.exp(rng.normal(np.where(poor, 2.76, 2.49), np.where(poor, 0.83, 0.59)))
    d = pd.DataFrame({"gos6": gos6, "outcome": outcome, "gender": gender, "age": age,
                      "wfns": wfns, "s100b": np.maximum(np.round(s100b, 2), 0.01),
                      "ndka": np.maximum(np.round(ndka, 2), 1.0)})
    return d.sample(frac=1.0, random_state=np.random.RandomState(seed % 2**32)).reset_index(drop=True)


def pairwise_auc(y, x):
    """The O(m n) definition: P(X_case > X_control) + P(=) / 2."""
    pos, neg = x[y][:, None], x[~y][None, :]
    return ((pos > neg).sum() + 0.5 * (pos == neg).sum()) / (pos.size * neg.size)


def choose_asah_seed(limit=10000):
    for seed in range(1, limit):
        d = asah_like(seed)
        y = (d["outcome"] == "Poor").to_numpy()
        if all(abs(pairwise_auc(y, d[c].to_numpy()) - a) <= 0.02 for c, a in ASAH_AUCS.items()):
            return seed
    raise RuntimeError("no seed below %d" % limit)


def pbc_like(seed=SEED_PBC):
    """418 patients followed for up to about 13 years; death, transplant or censoring."""
    rng = np.random.default_rng(seed)
    n = 418
    age = np.round(rng.normal(50.7, 10.4, n), 1)
    log_bili = rng.normal(0.57, 1.0, n)
    albumin = np.round(rng.normal(3.5, 0.42, n), 2)
    lin = 0.9 * (log_bili - 0.57) - 1.0 * (albumin - 3.5) + 0.03 * (age - 50.7)
    shape, scale = 1.2, 5200.0           # Weibull death times (days) at lin = 0
    death = scale * (-np.log(rng.random(n)) * np.exp(-lin)) ** (1 / shape)
    transplant = rng.exponential(60000.0, n)
    censor = rng.uniform(1000.0, 4800.0, n)
    time = np.minimum(np.minimum(death, transplant), censor)
    status = np.where(time == death, 2, np.where(time == transplant, 1, 0))
    return pd.DataFrame({"id": np.arange(1, n + 1), "time": np.maximum(np.ceil(time), 1).astype(int),
                         "status": status, "bili": np.maximum(np.round(np.exp(log_bili), 1), 0.3),
                         "albumin": albumin, "age": age})


def files():
    """{file name: bytes} of every shipped file."""
    out = {}
    for name, frame in (("asah_like.csv", asah_like()), ("pbc_like.csv", pbc_like())):
        buf = io.StringIO()
        frame.to_csv(buf, index=False, lineterminator="\n")
        out[name] = buf.getvalue().encode()
    spam = (ROOT / "validation" / "results" / "data" / "spam.csv").read_bytes()
    out["spambase.csv.gz"] = gzip.compress(spam, compresslevel=9, mtime=0)
    return out


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--check", action="store_true", help="compare instead of writing")
    args = p.parse_args(argv)
    bad = []
    if args.check and choose_asah_seed() != SEED_ASAH:
        bad.append("SEED_ASAH (not the first seed meeting the rule)")
    for name, data in files().items():
        path = OUT / name
        if args.check:
            if not path.exists() or path.read_bytes() != data:
                bad.append(name)
        else:
            path.write_bytes(data)
            print("wrote", path.relative_to(ROOT))
    if bad:
        print("differs from the generator:", ", ".join(bad), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
