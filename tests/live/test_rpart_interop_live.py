"""Trees crossing between R and rocstats, live through rpy2 (marker ``r``).

* ``to_rpart(fit)`` is a real rpart object: R's ``predict(type = "prob" / "class" /
  "vector")`` on new rows with missing values (surrogates) equals rocstats'
  ``predict_proba`` / ``predict``; R's ``print`` equals ``str(fit)``; R's ``printcp``,
  ``summary``, ``prune``, ``plot`` + ``text`` and ``partykit::as.party`` take it; the
  pieces R extracts from it equal the ones rocstats wrote.
* ``from_rpart(R's fit)`` predicts, prints and prunes as R; ``from_rpart(to_rpart(fit))``
  predicts as ``fit``.
Cases: the 20 random data sets of rocstats_validation.rpart_interop.random_datasets
(binary / three classes / regression, numeric and factor predictors, up to 25 %
missing, weights), every stored rpart case (kyphosis, the ESL spam tree, ...), and the
AUC and ROC trees.  Skipped at collection without R / rpy2 / rpart.
"""
import functools
import json

import numpy as np
import pandas as pd
import pytest

pytest.importorskip("rpy2", reason="rpy2 is not installed (pip install 'rocstats[r]')")

from rocstats.r import rpart as rb  # noqa: E402

_OK, _REASON = rb.rpart_available()
if not _OK:
    pytest.skip("rpart is not available through rpy2: %s" % _REASON, allow_module_level=True)

from rocstats_validation import rpart_interop as ri  # noqa: E402

pytestmark = pytest.mark.usefixtures("rpart")      # the R gate (tests/conftest.py)

RANDOM = ri.random_datasets()
CASES = ri.case_names()


def _assert_pass(records):
    assert records
    failed = [r for r in records if not r["passed"]]
    assert not failed, "\n".join(ri.describe(r) for r in failed[:20])


def _r(code, **objects):
    import rpy2.robjects as ro
    from rpy2.robjects import default_converter
    from rpy2.robjects.conversion import localconverter

    with localconverter(default_converter):
        env = ro.r("new.env()")
        for k, v in objects.items():
            env[k] = v
        return ro.r["eval"](ro.r["parse"](text=code), env)


def test_twenty_random_data_sets_cover_what_the_issue_lists():
    kinds = {s["description"].split(",")[0] for s in RANDOM.values()}
    assert len(RANDOM) == 20 and kinds == {"class2", "classK", "anova"}
    assert any(s["data"].isna().any().any() for s in RANDOM.values())
    assert any(isinstance(s["data"][c].dtype, pd.CategoricalDtype)
               for s in RANDOM.values() for c in s["data"].columns if c != "y")
    assert any(s["weights"] is not None for s in RANDOM.values())


@pytest.mark.parametrize("name", list(RANDOM))
def test_random_data_both_directions(name):
    """R's predict / print / pieces of to_rpart(fit) equal rocstats; from_rpart of R's
    fit predicts and prints as R; from_rpart(to_rpart(fit)) predicts as fit."""
    _assert_pass(ri.live_random_records(name, RANDOM[name]))


@functools.lru_cache(maxsize=None)
def _stored(name):
    est, data, case = ri.fit_case(name)
    return est, data, case, ri.load(name)


@pytest.mark.parametrize("name", CASES)
def test_stored_case_r_predict_on_to_rpart(name):
    """R's predict on the exported rocstats fit equals the stored predictions of R's own
    fit (new rows with missing values) and rocstats' predictions; R's print equals the
    stored text."""
    est, data, case, ref = _stored(name)
    obj = rb.to_rpart(est)
    nd = ri.newdata(ref, data)
    assert rb.rpart_print(obj).splitlines() == ref["print"]
    for digits in (3, 4, 10):                      # print(fit, digits = d)
        assert rb.rpart_print(obj, digits=digits) == est.to_text(digits=digits), digits
    pred = ri.r_predict(obj, nd, case["method"])
    if case["method"] == "class":
        assert (pred["prob"] is None) == (ref["prediction"]["prob"] is None)
    records = ri.prediction_records(est, nd, pred, case["method"], source="live", case=name,
                                    item="R predict(to_rpart(fit)) vs rocstats")
    records += ri.prediction_records(est, nd, ref["prediction"], case["method"],
                                     source="live", case=name, item="vs stored R")
    _assert_pass(records)


@pytest.mark.parametrize("name", CASES)
def test_live_r_pieces_equal_stored(name):
    """R now extracts the same pieces from its fit as when the references were stored
    (same R code, same data): the stored references and the bridge agree."""
    import rpy2.robjects as ro

    from rocstats_validation import rpart_parity as rp

    est, data, case, ref = _stored(name)
    if rb.rpart_versions()["rpart_version"] != ref["rpart_version"]:
        pytest.skip("live rpart differs from the stored results' version")
    X, y, w, _ = rp.case_inputs(case, data)
    control = dict(case["control"], xval=0)
    res = rb._helpers()["rocstats_rpart_fit"]
    from rpy2.robjects import default_converter, numpy2ri, pandas2ri
    from rpy2.robjects.conversion import localconverter

    with localconverter(default_converter + numpy2ri.converter + pandas2ri.converter):
        conv = ro.conversion.get_conversion()
        rd = conv.py2rpy(rb._check_data(data))
        rc = ro.ListVector({k: float(v) for k, v in control.items()})
        parms = rb._parms_args(case.get("parms"))
        rp_ = ro.NULL if parms is None else ro.ListVector({k: conv.py2rpy(v)
                                                           for k, v in parms.items()})
        rw = ro.NULL if w is None else conv.py2rpy(np.asarray(w, dtype=float))
    with localconverter(default_converter):
        fit = res(case["formula"], rd, case["method"], rc, rp_, rw)
    assert rb.rpart_components_from_r(fit) == ref["components"]


def test_r_tools_accept_the_exported_object(tmp_path):
    """printcp, summary, prune, plot + text and partykit::as.party run on to_rpart(fit);
    as.party's predictions on the training rows equal rocstats'."""
    est, data, case, ref = _stored("car_mileage_anova")
    obj = rb.to_rpart(est, data=data)
    png = tmp_path / "tree.png"
    out = _r("""
        suppressPackageStartupMessages(library(rpart))
        cp <- capture.output(printcp(obj))
        sm <- capture.output(summary(obj))
        pr <- prune(obj, cp = 0.05)
        grDevices::png(png, width = 600, height = 450)
        plot(obj); text(obj, use.n = TRUE)
        grDevices::dev.off()
        ok <- requireNamespace("partykit", quietly = TRUE)
        pp <- if (ok) as.numeric(predict(partykit::as.party(obj),
                                         newdata = obj$model)) else numeric(0)
        list(cp = cp, sm = sm, nodes = as.integer(rownames(pr$frame)), pp = pp,
             mf = nrow(model.frame(obj)), ok = ok)
    """, obj=obj, png=str(png))
    cp_text = [str(s) for s in out.rx2("cp")]
    assert "Regression tree:" in cp_text
    assert any(s.startswith("Variables actually used") for s in cp_text)
    assert any(s.startswith("Node number 1: 60 observations") for s in out.rx2("sm"))
    assert list(out.rx2("nodes")) == [int(v) for v in est.prune(0.05).frame_.index]
    assert png.stat().st_size > 2000
    assert int(out.rx2("mf")[0]) == len(data)
    if not bool(out.rx2("ok")[0]):
        pytest.skip("the R package partykit is not installed (scripts/setup.sh lists it)")
    pp = np.asarray(out.rx2("pp"), dtype=float)
    complete = ~data[est.feature_names_in_].isna().any(axis=1).to_numpy()
    assert complete.sum() > 40
    np.testing.assert_allclose(pp[complete], est.predict(data)[complete], rtol=1e-12)


def test_r_prune_equals_from_rpart_prune():
    """prune at every CP of R's table (ties included) keeps the same nodes."""
    spec = RANDOM["random_02"]
    rfit = ri.r_fit(spec)
    est = rb.from_rpart(rfit)
    for cp in est.cptable_["CP"]:
        nodes = _r("as.integer(rownames(rpart::prune(fit, cp = cp)$frame))", fit=rfit,
                   cp=__import__("rpy2.robjects", fromlist=["FloatVector"]).FloatVector([cp]))
        assert list(nodes) == [int(v) for v in est.prune(float(cp)).frame_.index], cp


def _auc_roc_data(seed=5, missing=False):
    rng = np.random.default_rng(seed)
    X = pd.DataFrame(rng.normal(size=(150, 3)).round(1), columns=["a", "b", "c"])
    y = np.where(X.a - 0.5 * X.c + rng.normal(size=150) > 0, "pos", "neg")
    nd = pd.DataFrame(rng.normal(size=(80, 3)).round(1), columns=["a", "b", "c"])
    if missing:
        X = X.mask(rng.random(X.shape) < 0.15)
        keep = ~X.isna().all(axis=1).to_numpy()
        X, y = X[keep].reset_index(drop=True), y[keep]
        nd = nd.mask(rng.random(nd.shape) < 0.2)
    return X, y, nd


def _ops(lines):
    """Write randomForestSRC's x <= c / x > c as rpart writes the exported splits."""
    return [s.replace("<=", "< ").replace("> ", ">=") for s in lines]


@pytest.mark.parametrize("which", ["auc_tree", "cart_auc", "roc_tree"])
def test_auc_and_roc_trees_cross_to_r(which):
    from rocstats.tree import AUCTreeClassifier, CARTClassifier, ROCTreeClassifier

    X, y, nd = _auc_roc_data(missing=which == "roc_tree")
    est = {"auc_tree": AUCTreeClassifier(node_depth=4, random_state=1),
           "cart_auc": CARTClassifier(criterion="auc", xval=0),
           "roc_tree": ROCTreeClassifier(xval=0, max_depth=3)}[which].fit(X, y)
    obj = rb.to_rpart(est)
    pred = ri.r_predict(obj, nd, "class")
    _assert_pass(ri.prediction_records(est, nd, pred, "class", source="live", case=which))
    r_lines = rb.rpart_print(obj).splitlines()
    ours = est.to_text().splitlines()
    # rpart has no "<=": x <= c is exported as x < nextafter(c), printed with 7 digits
    # as c; everything else is the same text
    assert r_lines == _ops(ours) if which != "cart_auc" else r_lines == ours
    back = rb.from_rpart(obj)
    assert type(back) is type(est)
    np.testing.assert_array_equal(back.predict_proba(nd), est.predict_proba(nd))
    np.testing.assert_array_equal(back.predict(nd), est.predict(nd))
    meta = json.loads(str(_r('attr(obj, "rocstats")', obj=obj)[0]))
    assert meta["estimator"] == type(est).__name__
    assert str(_r("obj$parms$split", obj=obj)[0]) == {"auc_tree": "auc", "cart_auc": "auc",
                                                     "roc_tree": "rossa"}[which]


def test_python_labels_come_back():
    """Integer class labels cross as R levels "0" / "1" and come back as integers."""
    from rocstats.tree import CARTClassifier

    X, y, nd = _auc_roc_data()
    yi = (y == "pos").astype(int)
    est = CARTClassifier(xval=0).fit(X.to_numpy(), yi)
    back = rb.from_rpart(rb.to_rpart(est))
    assert back.classes_.tolist() == [0, 1]
    np.testing.assert_array_equal(back.predict(nd.to_numpy()), est.predict(nd.to_numpy()))


def test_from_rpart_refuses_other_objects():
    with pytest.raises(Exception, match="rpart"):
        rb.from_rpart(_r("lm(dist ~ speed, cars)"))
    pois = _r("rpart::rpart(Surv ~ age, data = data.frame(Surv = rpois(50, 3), "
              "age = 1:50), method = 'poisson')")
    with pytest.raises(ValueError, match="poisson"):
        rb.from_rpart(pois)


@pytest.mark.parametrize("name", ["kyphosis_default", "car_mileage_anova", "cu_reliability_multiclass"])
def test_rules_in_r_syntax_select_the_leaf_rows(name):
    """Each rule of to_rules(), evaluated by R in the training data (complete rows),
    selects exactly the rows the tree routes to its leaf."""
    import rpy2.robjects as ro
    from rpy2.robjects import default_converter, numpy2ri, pandas2ri
    from rpy2.robjects.conversion import localconverter

    est, data, case, ref = _stored(name)
    X = data[list(est.feature_names_in_)]
    complete = ~X.isna().any(axis=1).to_numpy()
    d = data[complete].reset_index(drop=True)
    node = est.node_number(X[complete])
    with localconverter(default_converter + numpy2ri.converter + pandas2ri.converter):
        rd = ro.conversion.get_conversion().py2rpy(rb._check_data(d))
    for _, r in est.to_rules().iterrows():
        picked = np.asarray(_r("which(with(d, %s))" % r["rule"], d=rd), dtype=int) - 1
        np.testing.assert_array_equal(picked, np.flatnonzero(node == r["node"]),
                                      err_msg=r["rule"])


def test_r_fit_with_dropped_rows_crosses_both_ways():
    """airquality: rpart drops the 37 rows with missing Ozone (na.action); print names
    them, and the fit goes back to R unchanged (print, predictions)."""
    import rpy2.robjects as ro

    fit = ro.r("rpart::rpart(Ozone ~ ., airquality)")
    back = rb.from_rpart(fit)
    assert str(back).splitlines() == rb.rpart_print(fit).splitlines()
    assert str(back).startswith("n=116 (37 observations deleted due to missingness)")
    again = rb.to_rpart(back)
    assert rb.rpart_print(again) == rb.rpart_print(fit)
    p1 = np.asarray(_r("predict(f, airquality)", f=fit))
    p2 = np.asarray(_r("predict(f, airquality)", f=again))
    np.testing.assert_array_equal(p1, p2)
