"""Trees crossing between R and rocstats: ``print(fit)``, ``to_rpart`` / ``from_rpart``,
predictions with missing values, ``prune``.

Stored references: ``validation/results/rpart_interop/<case>.json``, written by
``Rscript validation/r/rpart_interop_cases.R`` (DO NOT EDIT them) for every stored rpart
case (``validation/results/rpart``; same data, ``xval = 0``): R's ``print(fit)``, the
pieces of the rpart object (``src/rocstats/r/rpart_object.R``), R's ``predict`` on the
first rows with predictor values deleted at random, and ``prune`` at two ``cp``.

Sources of comparisons:

``stored``
    rocstats fitted on the stored data against the stored R outputs (``print``,
    predictions, the rpart pieces), and :func:`rocstats.tree._rpart.from_rpart_components`
    on the stored pieces against the same outputs (``print``, predictions, ``prune``).
``live``
    (R present) for the stored cases and for :func:`random_datasets`: R's ``predict``,
    ``print`` and piece extraction applied to ``to_rpart(fit)``, and ``from_rpart`` of
    R's own fit, against rocstats.

Tolerances (:data:`TOLERANCES`): text, node numbers, classes and split layout exact;
probabilities and fitted values rtol 1e-12 (both sides read the same frame; rocstats
recomputes probabilities from counts and priors); the numbers of the pieces rtol 1e-10
as the rpart parity suite.
"""
import json
import math

import numpy as np

from .paths import DATA_DIR, RESULTS_DIR as _RESULTS

SUITE = "rpart_interop"
RESULTS_DIR = _RESULTS / "rpart_interop"

#: quantity -> (rtol, why); rtol None = exact.
TOLERANCES = {
    "print": (None, "the text of print.rpart, line by line"),
    "prune nodes": (None, "node numbers kept by prune(fit, cp)"),
    "prune print": (None, "print.rpart of the pruned tree"),
    "class": (None, "predicted class labels"),
    "prob": (1e-12, "class probabilities of the frame rows the rows reach: R reads yval2, "
                    "rocstats recomputes counts * prior / root counts (a few ulps)"),
    "vector": (1e-12, "fitted means of the frame rows the rows reach (relative to the "
                      "largest |mean|)"),
    "frame text": (None, "frame node numbers, var, n, ncompete, nsurrogate, yval (class)"),
    "frame numbers": (1e-10, "frame wt, dev, complexity, yval, counts, probs, nodeprob: the "
                             "same arithmetic (rpart parity's tolerance)"),
    "splits text": (None, "splits var, type, ncat, csplit"),
    "splits numbers": (1e-10, "splits count, improve, index, adj (relative to the largest "
                              "|value| of the column)"),
    "where": (None, "node number of each training row"),
    "variables": (None, "predictor names, R classes and levels; response name"),
    "parms": (1e-12, "prior and loss"),
}


# --------------------------------------------------------------------- records
def _one(*args, **kwargs):
    return _record(*args, **kwargs)


def _record(quantity, values, references, *, scale=None, **labels):
    rtol, _why = TOLERANCES[quantity]
    vals, refs = list(values), list(references)
    rec = {"suite": SUITE, "quantity": quantity, "rtol": 0.0 if rtol is None else rtol,
           "atol": 0.0, "exact": rtol is None}
    rec.update(labels)
    n = len(refs)
    if len(vals) != n:
        rec.update(n=n, n_failed=n, value=len(vals), reference=n, abs_diff=float("nan"),
                   rel_diff=float("inf"), scaled_diff=float("inf"), scale=0.0, at=None,
                   passed=False, note="%d values vs %d in R" % (len(vals), n))
        return rec
    if rtol is None:
        bad = [i for i in range(n) if not _same(vals[i], refs[i])]
        first = bad[0] if bad else None
        rec.update(n=n, n_failed=len(bad), value=None if first is None else _show(vals[first]),
                   reference=None if first is None else _show(refs[first]),
                   abs_diff=0.0 if not bad else float("nan"),
                   rel_diff=0.0 if not bad else float("inf"),
                   scaled_diff=0.0 if not bad else float("inf"), scale=0.0, at=first,
                   passed=not bad,
                   note="" if not bad else "%d of %d differ; first at %d" % (len(bad), n,
                                                                             first))
        return rec
    v = np.array([np.nan if x is None else float(x) for x in vals])
    r = np.array([np.nan if x is None else float(x) for x in refs])
    s = float(np.nanmax(np.abs(r))) if scale is None and n and not np.isnan(r).all() else \
        (0.0 if scale is None else float(scale))
    both = np.isnan(v) & np.isnan(r)
    with np.errstate(invalid="ignore"):
        d = np.where(both, 0.0, np.abs(v - r))
    d = np.where(np.isnan(d), np.inf, d)
    limit = rtol * max(s, 1e-300)
    failed = np.flatnonzero(d > limit)
    worst = int(np.argmax(d)) if n else None
    rec.update(n=n, n_failed=int(failed.size),
               value=None if worst is None else float(v[worst]),
               reference=None if worst is None else float(r[worst]),
               abs_diff=0.0 if worst is None else float(d[worst]),
               rel_diff=0.0 if worst is None or s == 0 else float(d[worst] / s),
               scaled_diff=0.0 if worst is None or s == 0 else float(d[worst] / s),
               scale=s, at=worst, passed=not failed.size,
               note="" if not failed.size else "%d of %d outside rtol %g of %g"
               % (failed.size, n, rtol, s))
    return rec


def _show(v):
    v = v.item() if isinstance(v, np.generic) else v
    return v if isinstance(v, (int, float, str, type(None))) else repr(v)


def _same(a, b):
    a = a.item() if isinstance(a, np.generic) else a
    b = b.item() if isinstance(b, np.generic) else b
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return True
    return a == b


def outcome(records):
    """``(failed, known_failures, fixed_known_issues)``; this suite has no known issues."""
    return [r for r in records if not r["passed"]], [], []


def describe(record):
    where = "/".join(str(record[k]) for k in ("source", "case", "item") if record.get(k))
    return "%s %s: %d values, %d outside (at %s: %r vs R %r)%s" % (
        where, record["quantity"], record["n"], record["n_failed"], record["at"],
        record["value"], record["reference"],
        " [%s]" % record["note"] if record["note"] else "")


# --------------------------------------------------------------------- stored cases
def case_names():
    return list(json.loads((RESULTS_DIR / "index.json").read_text())["cases"])


def load(name):
    return json.loads((RESULTS_DIR / ("%s.json" % name)).read_text())


def newdata(ref, data):
    """The stored case's new data: the first rows of ``data`` with the recorded
    predictor values set to missing."""
    import pandas as pd

    nd = data.iloc[:int(ref["newdata"]["rows"])].copy().reset_index(drop=True)
    rows = np.asarray(ref["newdata"]["na_row"], dtype=np.int64) - 1
    cols = list(ref["newdata"]["na_column"])
    for c in set(cols):
        idx = rows[[k for k, cc in enumerate(cols) if cc == c]]
        s = nd[c]
        if isinstance(s.dtype, pd.CategoricalDtype):
            s = s.copy()
            s.iloc[idx] = np.nan
        else:
            s = s.astype(np.float64)
            s.iloc[idx] = np.nan
        nd[c] = s
    return nd


def fit_case(name):
    """rocstats fitted on a stored rpart case's data (``xval = 0``), the data and its
    rpart case description."""
    from . import rpart_parity as rp

    case = rp.load_case(name)
    data, _ = rp.load_dataset(case["dataset"])
    X, y, w, _ = rp.case_inputs(case, data)
    est = rp.fit_rocstats(case["method"], X, y, sample_weight=w,
                          **rp.estimator_params(case, 0))
    est.formula_ = case["formula"]
    return est, data, case


def prediction_records(est, nd, ref_pred, method, **labels):
    """Compare the predictions of ``est`` on ``nd`` with R's (``ref_pred``: ``prob``
    (list of columns, or None), ``class``; or ``vector``)."""
    out = []
    if method == "class":
        labs = [str(v) for v in est.predict(nd)]
        out.append(_record("class", labs, list(ref_pred["class"]), **labels))
        if ref_pred.get("prob") is not None:
            P = est.predict_proba(nd)
            K = len(ref_pred["prob"])
            out.append(_record("prob", P[:, :K].ravel(order="F").tolist(),
                               [v for col in ref_pred["prob"] for v in col], scale=1.0,
                               **labels))
    else:
        out.append(_record("vector", est.predict(nd).tolist(), list(ref_pred["vector"]),
                           **labels))
    return out


def component_records(ours, ref, **labels):
    """Compare two sets of rpart pieces (rocstats' :func:`rpart_components` against R's
    extraction)."""
    prefix = labels.pop("item", "")

    def _record(quantity, a, b, *, item, scale=None):
        return _one(quantity, a, b, scale=scale, item=(prefix + ": " + item).lstrip(": "),
                    **labels)

    out = []
    fo, fr = ours["frame"], ref["frame"]
    for key in ("node", "var", "n", "ncompete", "nsurrogate"):
        out.append(_record("frame text", fo[key], fr[key], item="frame " + key))
    keys = ["wt", "dev", "complexity"] + (["nodeprob"] if "nodeprob" in fr else [])
    if ref["method"] == "class":
        out.append(_record("frame text", fo["yval"], fr["yval"], item="frame yval"))
        for j, (a, b) in enumerate(zip(fo["counts"], fr["counts"])):
            out.append(_record("frame numbers", a, b, item="frame count %d" % (j + 1)))
        for j, (a, b) in enumerate(zip(fo["probs"], fr["probs"])):
            out.append(_record("frame numbers", a, b, scale=1.0,
                               item="frame prob %d" % (j + 1)))
    else:
        keys.append("yval")
    for key in keys:
        out.append(_record("frame numbers", fo[key], fr[key],
                           scale=1.0 if key == "complexity" else None,
                           item="frame " + key))
    so, sr = ours["splits"], ref["splits"]
    for key in ("node", "var", "type", "ncat"):
        out.append(_record("splits text", so[key], sr[key], item="splits " + key))
    out.append(_record("splits text", [None if c is None else tuple(c) for c in so["csplit"]],
                       [None if c is None else tuple(int(v) for v in c) for c in sr["csplit"]],
                       item="splits csplit"))
    # categorical rows: rpart's index is a row number of csplit (compared as csplit)
    numeric = [int(c) < 2 for c in sr["ncat"]]
    so = dict(so, index=[v if ok else None for v, ok in zip(so["index"], numeric)])
    sr = dict(sr, index=[v if ok else None for v, ok in zip(sr["index"], numeric)])
    for key in ("count", "improve", "index", "adj"):
        out.append(_record("splits numbers", so[key], sr[key],
                           scale=1.0 if key == "adj" else None, item="splits " + key))
    out.append(_record("where", ours["where"], ref["where"], item="where"))
    vo = [(v["name"], v["cls"], tuple(v["levels"] or ())) for v in ours["variables"]]
    vr = [(v["name"], v["cls"], tuple(v.get("levels") or ())) for v in ref["variables"]]
    out.append(_record("variables", vo + [ours["response"]["name"]],
                       vr + [ref["response"]["name"]], item="variables"))
    if ref["method"] == "class":
        po, pr = ours["parms"], ref["parms"]
        out.append(_record("parms", po["prior"], pr["prior"], scale=1.0, item="prior"))
        out.append(_record("parms", [v for r in po["loss"] for v in r],
                           [v for r in pr["loss"] for v in r], item="loss"))
    return out


def stored_comparisons(names=None):
    """rocstats vs the stored R outputs (no R needed)."""
    from rocstats.tree._rpart import from_rpart_components, rpart_components

    out = []
    for name in names or case_names():
        ref = load(name)
        est, data, case = fit_case(name)
        lab = dict(source="stored", case=name)
        nd = newdata(ref, data)
        out.append(_record("print", est.to_text().splitlines(), list(ref["print"]),
                           item="rocstats fit", **lab))
        out += prediction_records(est, nd, ref["prediction"], case["method"],
                                  item="rocstats fit", **lab)
        out += component_records(rpart_components(est), ref["components"],
                                 item="pieces", **lab)
        back = from_rpart_components(ref["components"])
        out.append(_record("print", back.to_text().splitlines(), list(ref["print"]),
                           item="from_rpart", **lab))
        out += prediction_records(back, nd, ref["prediction"], case["method"],
                                  item="from_rpart", **lab)
        for pr in ref.get("prune") or []:
            for who, model in (("from_rpart", back), ("rocstats fit", est)):
                pruned = model.prune(float(pr["cp"]))
                out.append(_record("prune nodes", [int(v) for v in pruned.frame_.index],
                                   list(pr["nodes"]), item="%s prune(cp=%r)" % (who, pr["cp"]),
                                   **lab))
                out.append(_record("prune print", pruned.to_text().splitlines(),
                                   list(pr["print"]), item="%s prune(cp=%r)" % (who, pr["cp"]),
                                   **lab))
    return out


# --------------------------------------------------------------------- random data
def random_datasets(seed=20240611, count=20):
    """``count`` random data sets for the live checks, drawn here in Python: a mix of
    binary, multiclass and regression responses; 1-4 numeric predictors (some rounded, so
    with ties); 0-2 factors with 2-6 levels (sometimes an unused level); 0-25 % missing
    predictor values; sometimes case weights; controls varied (minsplit, cp,
    maxsurrogate, usesurrogate).  Each is a dict: ``data`` (DataFrame; response ``y``),
    ``newdata`` (fresh rows with missing values), ``method``, ``params`` (rocstats),
    ``weights`` (or None), ``description``."""
    import pandas as pd

    rng = np.random.default_rng(seed)
    out = {}
    for k in range(count):
        n = int(rng.integers(40, 400))
        kind = ("class2", "classK", "anova")[k % 3]
        p_num = int(rng.integers(1, 5))
        p_fac = int(rng.integers(0, 3))
        miss = float(rng.choice([0.0, 0.05, 0.1, 0.25]))

        rounded = rng.random(p_num) < 0.5
        n_levels = rng.integers(2, 7, size=p_fac)

        def draw(m):
            cols = {}
            for j in range(p_num):
                x = rng.normal(size=m) * (1 + j)
                if rounded[j]:
                    x = np.round(x, 1)
                cols["x%d" % (j + 1)] = x
            for j in range(p_fac):
                q = int(n_levels[j])
                levels = ["L%d%s" % (i, "abcdef"[j]) for i in range(q)]
                codes = rng.integers(0, q - 1 if q > 2 and j == 0 else q, size=m)
                cols["f%d" % (j + 1)] = pd.Categorical(np.array(levels)[codes],
                                                       categories=levels)
            return pd.DataFrame(cols)

        X = draw(n)
        signal = np.zeros(n)
        for j, c in enumerate(X.columns):
            col = X[c]
            v = (col.cat.codes.to_numpy() % 2 * 1.5 if isinstance(col.dtype, pd.CategoricalDtype)
                 else col.to_numpy() / (1 + j))
            signal += rng.normal() * v
        noise = rng.normal(size=n)
        if kind == "anova":
            y = np.round(signal + noise, 3)
            method = "anova"
        elif kind == "class2":
            y = pd.Categorical(np.where(signal + noise > 0, "yes", "no"),
                               categories=["no", "yes"])
            method = "class"
        else:
            cuts = np.quantile(signal + noise, [0.3, 0.7])
            y = pd.Categorical(np.array(["a", "b", "c"])[np.searchsorted(cuts, signal + noise)],
                               categories=["a", "b", "c"])
            method = "class"

        def holes(df):
            df = df.copy()
            for c in df.columns:
                hit = rng.random(len(df)) < miss
                if isinstance(df[c].dtype, pd.CategoricalDtype):
                    s = df[c].copy()
                    s[hit] = np.nan
                    df[c] = s
                else:
                    df[c] = np.where(hit, np.nan, df[c])
            return df

        Xh = holes(X)
        allmiss = Xh.isna().all(axis=1).to_numpy()
        if allmiss.any():                   # rpart drops them; keep the data comparable
            Xh = Xh[~allmiss].reset_index(drop=True)
            y = y[~allmiss]
        data = Xh.copy()
        data.insert(0, "y", y)
        params = dict(min_split=int(rng.choice([5, 10, 20])), cp=float(rng.choice([0.0, 0.005, 0.02])),
                      max_surrogate=int(rng.choice([0, 2, 5])),
                      use_surrogate=int(rng.choice([0, 1, 2])), xval=0)
        weights = (np.round(rng.uniform(0.5, 2.0, size=len(data)), 2)
                   if rng.random() < 0.3 else None)
        nd = holes(draw(150))
        out["random_%02d" % (k + 1)] = dict(
            data=data, newdata=nd, method=method, params=params, weights=weights,
            description="%s, n=%d, %d numeric + %d factor predictors, %.0f%% missing%s"
            % (kind, len(data), p_num, p_fac, 100 * miss,
               ", weights" if weights is not None else ""))
    return out


def fit_random(spec):
    """rocstats fitted on one of :func:`random_datasets`."""
    from . import rpart_parity as rp

    data = spec["data"]
    X = data.drop(columns="y")
    est = rp.fit_rocstats(spec["method"], X, data["y"], sample_weight=spec["weights"],
                          **spec["params"])
    est.formula_ = "y ~ " + " + ".join(X.columns)
    return est


# --------------------------------------------------------------------- runner
def run(*, live=None, seed=None):
    """The suite: stored comparisons always; live ones when R is available (``live``
    None), required (True) or skipped (False)."""
    records = stored_comparisons()
    meta = {"results_dir": str(RESULTS_DIR), "n_cases": len(case_names()),
            "tolerances": {k: {"rtol": v[0], "why": v[1]} for k, v in TOLERANCES.items()}}
    live_info = {"requested": live, "ran": False, "reason": "--no-live"}
    if live is not False:
        try:
            from rocstats.r.rpart import rpart_available

            ok, why = rpart_available()
        except Exception as exc:  # pragma: no cover
            ok, why = False, str(exc)
        if not ok and live:
            raise RuntimeError("live comparisons need rpart through rpy2: %s" % why)
        live_info.update(available=ok, reason=why)
        if ok:
            records += live_comparisons(seed=seed)
            live_info["ran"] = True
            live_info["random_seed"] = 20240611 if seed is None else seed
    meta["live"] = live_info
    return {"metadata": meta, "comparisons": records}


def live_comparisons(seed=None):
    """``to_rpart`` -> R's predict / print / extraction, and R's fit -> ``from_rpart``,
    on the random data sets (R present)."""
    out = []
    for name, spec in random_datasets(**({} if seed is None else {"seed": seed})).items():
        out += live_random_records(name, spec)
    return out


def live_random_records(name, spec):
    from rocstats.r import rpart as rb

    lab = dict(source="live", case=name)
    est = fit_random(spec)
    obj = rb.to_rpart(est)
    nd = spec["newdata"]
    out = [_record("print", rb.rpart_print(obj).splitlines(), est.to_text().splitlines(),
                   item="R print(to_rpart(fit))", **lab)]
    out += prediction_records(est, nd, r_predict(obj, nd, spec["method"]), spec["method"],
                              item="R predict(to_rpart(fit))", **lab)
    from rocstats.tree._rpart import rpart_components

    out += component_records(rpart_components(est), rb.rpart_components_from_r(obj),
                             item="R pieces of to_rpart(fit)", **lab)
    back = rb.from_rpart(obj)
    out += prediction_records(back, nd, _python_predictions(est, nd, spec["method"]),
                              spec["method"], item="from_rpart(to_rpart(fit))", **lab)
    rfit = r_fit(spec)
    theirs = rb.from_rpart(rfit)
    out.append(_record("print", theirs.to_text().splitlines(),
                       rb.rpart_print(rfit).splitlines(), item="from_rpart(R fit)", **lab))
    out += prediction_records(theirs, nd, r_predict(rfit, nd, spec["method"]),
                              spec["method"], item="from_rpart(R fit)", **lab)
    return out


def _python_predictions(est, nd, method):
    if method == "class":
        P = est.predict_proba(nd)
        return {"class": [str(v) for v in est.predict(nd)],
                "prob": [P[:, j].tolist() for j in range(P.shape[1])]}
    return {"vector": est.predict(nd).tolist()}


def r_predict(obj, nd, method):
    """R's ``predict(obj, nd)``: ``{"prob", "class"}`` or ``{"vector"}``."""
    import rpy2.robjects as ro
    from rpy2.robjects import default_converter, numpy2ri, pandas2ri
    from rpy2.robjects.conversion import localconverter

    from rocstats.r.rpart import _check_data

    with localconverter(default_converter + numpy2ri.converter + pandas2ri.converter):
        rnd = ro.conversion.get_conversion().py2rpy(_check_data(nd))
    with localconverter(default_converter):
        pred = ro.r["predict"]
        if method == "class":
            cls = [str(v) for v in ro.r["as.character"](pred(obj, rnd, type="class"))]
            # R's predict(type = "prob") fails on a fit whose last levels are unused
            P = ro.r("function(o, d) tryCatch(as.matrix(predict(o, d, type = 'prob')), "
                     "error = function(e) NULL)")(obj, rnd)
            if P is ro.NULL:
                return {"prob": None, "class": cls}
            P = np.asarray(P, dtype=float)
            return {"prob": [P[:, j].tolist() for j in range(P.shape[1])], "class": cls}
        return {"vector": list(np.asarray(pred(obj, rnd, type="vector"), dtype=float))}


def r_fit(spec):
    """rpart fitted in R on one of :func:`random_datasets` (the R object)."""
    import rpy2.robjects as ro
    from rpy2.robjects import default_converter, numpy2ri, pandas2ri
    from rpy2.robjects.conversion import localconverter

    from rocstats.r.rpart import _check_data, _helpers

    p = spec["params"]
    control = ro.ListVector({"minsplit": p["min_split"], "cp": p["cp"],
                             "maxsurrogate": p["max_surrogate"],
                             "usesurrogate": p["use_surrogate"], "xval": 0})
    with localconverter(default_converter + numpy2ri.converter + pandas2ri.converter):
        rd = ro.conversion.get_conversion().py2rpy(_check_data(spec["data"]))
    with localconverter(default_converter):
        w = ro.NULL if spec["weights"] is None else ro.FloatVector(spec["weights"])
        return _helpers()["rocstats_rpart_fit"](
            "y ~ " + " + ".join(c for c in spec["data"].columns if c != "y"), rd,
            spec["method"], control, ro.NULL, w)
