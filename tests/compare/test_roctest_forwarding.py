"""roc_test passes every argument on: the margin test is the plain test with H0 moved by the
margin (the same estimate and se as the plain call with the same arguments), the DeLong
method keeps focus, and the undefined (one-class) and Venkatraman results carry pROC's title,
the caller's alternative and label, and DeLong's estimate, se and AUCs (issue 23)."""
import numpy as np
import pytest

import rocstats

Y = [0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1]
A = [0.1, 0.3, 0.2, 0.6, 0.4, 0.75, 0.8, 0.7, 0.35, 0.9, 0.5, 0.65]
B = [0.2, 0.1, 0.5, 0.3, 0.45, 0.55, 0.6, 0.9, 0.4, 0.7, 0.8, 0.25]
W = [1, 3, 1, 2, 1, 1, 2, 1, 4, 1, 1, 2]

CASES = {
    "pos_label": ({"method": "delong", "pos_label": 0}, {"method": "delong"}),
    "sample_weight": ({"method": "delong", "sample_weight": W}, {"method": "delong"}),
    "weight_type": ({"method": "delong", "sample_weight": W, "weight_type": "sampling"},
                    {"method": "delong", "sample_weight": W}),
    "stratified": ({"method": "bootstrap", "n_boot": 300, "random_state": 4,
                    "stratified": False},
                   {"method": "bootstrap", "n_boot": 300, "random_state": 4}),
    "direction": ({"method": "delong", "direction": ">"}, {"method": "delong"}),
    "focus": ({"method": "delong", "partial": (0.7, 1.0), "focus": "sensitivity"},
              {"method": "delong", "partial": (0.7, 1.0)}),
    "correct": ({"method": "delong", "partial": (0.7, 1.0), "correct": True},
                {"method": "delong", "partial": (0.7, 1.0)}),
}


@pytest.mark.filterwarnings("ignore::rocstats.ReversedDirectionWarning")
@pytest.mark.parametrize("name", sorted(CASES))
def test_margin_test_keeps_every_argument_of_the_plain_test(name):
    kw, default = CASES[name]
    plain = rocstats.roc_test(Y, A, B, **kw)
    # the argument matters: without it the plain test differs
    other = rocstats.roc_test(Y, A, B, **default)
    assert (plain.estimate, plain.se) != (other.estimate, other.se)
    m = rocstats.roc_test(Y, A, B, margin=0.1, alternative="greater", **kw)
    assert m.estimate == plain.estimate and m.se == plain.se
    assert m.statistic == pytest.approx((plain.estimate + 0.1) / plain.se, rel=1e-12)


def test_margin_test_checks_n_jobs_as_the_plain_test_does():
    for margin in (None, 0.1):
        with pytest.raises(ValueError, match="n_jobs must be None or a non-zero integer"):
            rocstats.roc_test(Y, A, B, method="bootstrap", n_boot=50, n_jobs=0,
                              margin=margin, alternative="greater")


@pytest.mark.parametrize("method", ["venkatraman", "sensitivity", "specificity"])
def test_methods_without_partial_areas_refuse_partial_by_name(method):
    kw = {} if method == "venkatraman" else {method: 0.8}
    with pytest.raises(ValueError) as err:
        rocstats.roc_test(Y, A, B, method=method, partial=(0.8, 1.0), **kw)
    assert str(err.value) == ("partial is not supported with method=%r (only 'delong' and "
                              "'bootstrap' compare partial AUCs)" % (method,))


def test_delong_method_passes_focus_to_the_partial_area():
    kw = {"partial": (0.7, 1.0), "focus": "sensitivity"}
    t = rocstats.roc_test(Y, A, B, method="delong", **kw)
    d = rocstats.roc_test(Y, A, B, method="delong", **kw)
    assert (t.estimate, t.se) == (d.estimate, d.se)
    spec = rocstats.roc_test(Y, A, B, method="delong", partial=(0.7, 1.0))
    assert t.estimate != spec.estimate


TITLES = {  # pROC's htest method strings for roc.test(paired = TRUE)
    "bootstrap": "Bootstrap test for two correlated ROC curves",
    "venkatraman": "Venkatraman's test for two paired ROC curves",
    "specificity": "Specificity test for two correlated ROC curves",
    "sensitivity": "Sensitivity test for two correlated ROC curves",
}


@pytest.mark.parametrize("method", sorted(TITLES))
def test_one_class_result_is_nan_with_the_method_title(method):
    # every case positive: the test is undefined; NaN fields, the caller's alternative
    # and label, and a warning that names the test
    kw = {method: 0.8} if method in ("specificity", "sensitivity") else {}
    alt = "two-sided" if method == "venkatraman" else "less"
    with pytest.warns(rocstats.UndefinedAUCWarning) as rec:
        t = rocstats.roc_test(["yes"] * 6, A[:6], B[:6], method=method, alternative=alt,
                              pos_label="yes", n_boot=20, random_state=1, **kw)
    assert str(rec[0].message) == ("%s is undefined: y_true has no negatives (positives: "
                                   "6, negatives: 0); returning NaN" % TITLES[method])
    assert t.method == TITLES[method] and t.alternative == alt and t.pos_label == "yes"
    for field in (t.statistic, t.pvalue, t.estimate, t.se):
        assert isinstance(field, float) and np.isnan(field)


def test_venkatraman_result_fields():
    # E with its permutation p; the estimate, se and AUCs are DeLong's (pROC reports
    # the two AUCs), the positive label as the caller named it
    y = ["c" if v == 0 else "p" for v in Y]
    t = rocstats.roc_test(y, A, B, method="venkatraman", pos_label="p", n_boot=50,
                          random_state=1)
    d = rocstats.roc_test(Y, A, B, method="delong")
    assert t.method == TITLES["venkatraman"] and t.alternative == "two-sided"
    assert (t.estimate, t.se, t.aucs) == (d.estimate, d.se, d.aucs)
    assert t.pos_label == "p" and t.distribution == "permutation"
