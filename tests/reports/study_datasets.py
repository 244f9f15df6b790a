"""100 generated data sets for the study report's robustness test (issue 21, section 3).

Each item: ``(name, frame, kwargs, expect)`` with ``kwargs`` for
:func:`rocstats.report.roc_study` (outcome, markers, positive and options) and ``expect``
either ``"render"`` or the substring of the ``ValueError`` the data must stop with.  Kinds:
random subsets of pROC's aSAH (20 to 110 rows, 1-3 markers, some pre-specified cut-offs and
per-marker directions), binormal markers (n 20-500), tied integer grades (n 20-500), a marker
with AUC < 0.5, a constant marker, markers with NaN, one case only, a dichotomised (bool)
test, and data that cannot be analysed (a marker with no values, infinite values, one class
left after excluding missing values, one class only).
"""
import numpy as np
import pandas as pd

from rocstats_validation.paths import DATA_DIR


def datasets(seed=20261128):
    rng = np.random.default_rng(seed)
    asah = pd.read_csv(DATA_DIR / "asah.csv")
    asah["wfns"] = asah["wfns"].astype(float)
    out = []

    def add(name, frame, markers, expect="render", positive=1, outcome="y", **opts):
        kw = dict(outcome=outcome, markers=markers, positive=positive, **opts)
        out.append((name, frame, kw, expect))

    methods = ["exact", "wilson", "agresti", "jeffreys"]
    for i in range(30):                                  # aSAH subsets
        n = int(rng.integers(20, 111))
        sub = asah.iloc[np.sort(rng.choice(len(asah), n, replace=False))].reset_index(drop=True)
        if (sub.outcome == "Poor").sum() == 0 or (sub.outcome == "Good").sum() == 0:
            sub.loc[0, "outcome"], sub.loc[1, "outcome"] = "Poor", "Good"
        k = int(rng.integers(1, 4))
        markers = list(rng.choice(["s100b", "ndka", "wfns"], k, replace=False))
        opts = {}
        if i % 3 == 0:
            opts["thresholds"] = {markers[0]: float(np.round(sub[markers[0]].median(), 2))}
        if i % 4 == 1:
            opts["direction"] = {markers[-1]: ">"}
        if i % 5 == 2:
            opts["ci_method"] = methods[i % 4]
        if i % 7 == 3:
            opts["design"] = "retrospective"
        add("asah_%02d_n%d" % (i, n), sub, markers, outcome="outcome", positive="Poor", **opts)
    for i in range(25):                                  # binormal
        n = int(rng.integers(20, 501))
        y = (rng.random(n) < rng.uniform(0.15, 0.6)).astype(int)
        y[:2] = (0, 1)
        f = pd.DataFrame({"y": y, "a": rng.normal(size=n) + rng.uniform(0, 2) * y,
                          "b": rng.normal(size=n) + rng.uniform(0, 1) * y})
        add("binormal_%02d_n%d" % (i, n), f, ["a", "b"] if i % 2 else ["a"],
            best_policy="omit" if i % 6 == 0 else "random")
    for i in range(20):                                  # tied grades
        n = int(rng.integers(20, 501))
        y = (rng.random(n) < 0.4).astype(int)
        y[:2] = (0, 1)
        f = pd.DataFrame({"y": np.where(y == 1, "case", "ctrl"),
                          "g": np.clip(np.round(rng.normal(2 + y, 1.2)), 0, 5),
                          "h": rng.integers(0, 3, n).astype(float)})
        add("tied_%02d_n%d" % (i, n), f, ["g", "h"] if i % 2 else ["g"], positive="case",
            prevalence=0.1 if i % 4 == 0 else None)
    for i in range(5):                                   # AUC < 0.5
        n = int(rng.integers(30, 200))
        y = (rng.random(n) < 0.4).astype(int)
        y[:2] = (0, 1)
        f = pd.DataFrame({"y": y, "rev": rng.normal(size=n) - 1.0 * y, "ok": rng.normal(size=n) + y})
        add("reversed_%d" % i, f, ["rev", "ok"] if i % 2 else ["rev"])
    for i in range(5):                                   # a constant marker
        n = int(rng.integers(20, 200))
        y = (rng.random(n) < 0.5).astype(int)
        y[:2] = (0, 1)
        f = pd.DataFrame({"y": y, "c": np.full(n, 3.0), "x": rng.normal(size=n) + y})
        add("constant_%d" % i, f, ["c", "x"] if i % 2 else ["c"])
    for i in range(5):                                   # NaN in a marker
        n = int(rng.integers(30, 300))
        y = (rng.random(n) < 0.4).astype(int)
        y[:4] = (0, 1, 0, 1)
        x = rng.normal(size=n) + y
        x[rng.random(n) < 0.2] = np.nan
        x[:4] = (0.1, 0.9, 0.2, 0.8)
        f = pd.DataFrame({"y": y, "x": x, "z": rng.normal(size=n)})
        add("nan_%d" % i, f, ["x", "z"])
    for i in range(4):                                   # one case only
        n = int(rng.integers(20, 80))
        y = np.zeros(n, dtype=int)
        y[int(rng.integers(0, n))] = 1
        f = pd.DataFrame({"y": y, "x": rng.normal(size=n), "w": rng.normal(size=n)})
        add("one_case_%d" % i, f, ["x", "w"] if i else ["x"])
    n = 60                                               # a dichotomised test
    y = (rng.random(n) < 0.4).astype(int)
    y[:2] = (0, 1)
    add("bool_test", pd.DataFrame({"y": y, "t": (rng.random(n) < 0.3 + 0.4 * y)}), ["t"])
    # data that cannot be analysed: one clear ValueError before rendering
    y = (rng.random(40) < 0.5).astype(int)
    y[:2] = (0, 1)
    add("invalid_all_nan", pd.DataFrame({"y": y, "x": np.full(40, np.nan)}), ["x"],
        expect="has no values")
    x = rng.normal(size=40)
    x[5] = np.inf
    add("invalid_inf", pd.DataFrame({"y": y, "x": x}), ["x"], expect="infinite values")
    x = rng.normal(size=40)
    x[y == 1] = np.nan
    add("invalid_one_class_left", pd.DataFrame({"y": y, "x": x}), ["x"],
        expect="a ROC analysis needs both classes")
    add("invalid_one_class", pd.DataFrame({"y": np.zeros(40, dtype=int), "x": x}), ["x"],
        expect="is not a value of 'y'")
    add("invalid_text_marker", pd.DataFrame({"y": y, "x": ["a"] * 40}), ["x"],
        expect="not numeric")
    assert len(out) == 100, len(out)
    return out
