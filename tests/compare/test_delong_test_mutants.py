"""The paired and unpaired DeLong tests (rocstats.compare._delong_test: delong_test,
sample_delong_test, delong_test_unpaired, _named_delong) on paths the other tests leave
open: the deprecated aliases' own margin / equivalence branch and their defaults, flipped
labels (pos_label=0 with direction='>'), partial AUCs with focus / McClish correction, the
weighted paired test, the method titles and the reversed-direction warnings.

Expected values: pROC 1.18's results stored in validation/results/margin.json (loaded as
tests/parity/test_margin_parity.py does), the partial areas and McClish correction and the
weighted DeLong covariance of tests/definitions.py, and D = d / sqrt(V_a + V_b) with
Welch-Satterthwaite df written below from the DeLong variances of definitions.delong_cov_def.
"""
import math
import warnings

import numpy as np
import pytest

import rocstats
from definitions import auc_def, delong_cov_def, mcclish_def, pauc_def, weighted_delong_def
from rocstats import ReversedDirectionWarning
from rocstats_validation import margins as mg

STORED = mg.load_results()["cases"]
REL = 1e-9


def _case(name):
    c = STORED[name]
    d = c["data"]
    y = np.asarray(d["y"], int)
    a = np.asarray(d["a"], float)
    b = np.asarray(d["b"], float)
    yb = np.asarray(d["yb"], int) if "yb" in d else y
    return c, y, a, yb, b


def _alias(fun, *args, **kw):
    with pytest.deprecated_call():
        return fun(*args, **kw)


def _classes(y, s):
    y, s = np.asarray(y), np.asarray(s, float)
    return s[y == 1], s[y == 0]


def _pauc(y, s, lo, hi, focus, correct):
    pos, neg = _classes(y, s)
    p = pauc_def(pos, neg, lo, hi, focus)
    return mcclish_def(p, lo, hi) if correct else p


# ------------------------------------------------------------------ margins via the aliases
def test_paired_alias_margin_and_equivalence_with_flipped_labels():
    # pos_label=0 with direction='>' is the same ROC curve as pos_label=1, direction='<'
    c, y, a, _, b = _case("asah_wfns_vs_s100b")
    ref = c["proc"]
    kw = dict(pos_label=0, direction=">")
    t = _alias(rocstats.delong_test, y, a, b, margin=c["margin"], alternative="greater", **kw)
    assert t.estimate == pytest.approx(ref["theta"], rel=REL)
    assert t.se == pytest.approx(ref["se"], rel=REL)
    assert t.pvalue == pytest.approx(ref["p_greater"], rel=REL)
    assert t.alternative == "greater" and t.bounds[0] == pytest.approx(ref["b_greater"])
    e = _alias(rocstats.delong_test, y, a, b, equivalence=(c["low"], c["high"]), **kw)
    assert e.alternative == "equivalence"
    assert e.pvalue == pytest.approx(ref["p_tost"], rel=REL)


def test_unpaired_alias_margin_with_flipped_labels():
    c, ya, a, yb, b = _case("asah_s100b_men_vs_women")
    ref = c["proc"]
    t = _alias(rocstats.delong_test_unpaired, ya, a, yb, b, pos_label=0, direction=">",
               margin=c["margin"], alternative="less")
    assert t.estimate == pytest.approx(ref["theta"], rel=REL)
    assert t.se == pytest.approx(ref["se"], rel=REL)
    assert t.df == pytest.approx(ref["df"], rel=REL)
    assert t.pvalue == pytest.approx(ref["p_less"], rel=REL)
    assert t.alternative == "less" and t.bounds[0] == pytest.approx(ref["b_less"])


def test_unpaired_flipped_labels_statistic_and_df():
    # the plain (no margin) unpaired test: pos_label reaches each sample's DeLong
    c, ya, a, yb, b = _case("asah_s100b_men_vs_women")
    ref = c["proc"]
    t = rocstats.roc_test_unpaired(ya, a, yb, b, pos_label=0, direction=">")
    (A_a,), Va = delong_cov_def(*_classes(ya, a))
    (A_b,), Vb = delong_cov_def(*_classes(yb, b))
    va, vb = float(Va[0, 0]), float(Vb[0, 0])
    D = (A_a - A_b) / math.sqrt(va + vb)
    df = (va + vb) ** 2 / (va ** 2 / (ya.size - 1) + vb ** 2 / (yb.size - 1))
    assert t.statistic == pytest.approx(D, rel=REL)
    assert t.df == pytest.approx(df, rel=REL) and t.df == pytest.approx(ref["df"], rel=REL)
    assert t.estimate == pytest.approx(ref["theta"], rel=REL)
    assert t.aucs == pytest.approx((A_a, A_b), rel=REL)
    assert t.pos_label == 0


# ------------------------------------------------------------------ partial AUCs
PARTIAL = (0.8, 1.0)


def test_paired_alias_margin_keeps_partial_focus_and_correction():
    _, y, a, _, b = _case("asah_s100b_vs_ndka")
    t = _alias(rocstats.delong_test, y, a, b, partial=PARTIAL, focus="sensitivity",
               correct=True, margin=0.05, alternative="greater")
    exp = [_pauc(y, s, *PARTIAL, "sensitivity", True) for s in (a, b)]
    assert t.aucs == pytest.approx(exp, rel=REL)
    assert t.estimate == pytest.approx(exp[0] - exp[1], rel=REL)


def test_unpaired_alias_margin_keeps_partial_focus_and_correction():
    _, ya, a, yb, b = _case("asah_s100b_men_vs_women")
    t = _alias(rocstats.delong_test_unpaired, ya, a, yb, b, partial=PARTIAL,
               focus="sensitivity", correct=True, margin=0.05, alternative="greater")
    exp = [_pauc(ya, a, *PARTIAL, "sensitivity", True), _pauc(yb, b, *PARTIAL, "sensitivity", True)]
    assert t.aucs == pytest.approx(exp, rel=REL)


def test_paired_partial_corrected_and_its_title():
    _, y, a, _, b = _case("asah_s100b_vs_ndka")
    t = rocstats.roc_test(y, a, b, partial=PARTIAL, correct=True)
    exp = [_pauc(y, s, *PARTIAL, "specificity", True) for s in (a, b)]
    assert t.aucs == pytest.approx(exp, rel=REL)
    assert t.method == "DeLong-type test for two correlated partial AUCs"


def test_unpaired_partial_corrected_and_its_title():
    _, ya, a, yb, b = _case("asah_s100b_men_vs_women")
    t = rocstats.roc_test_unpaired(ya, a, yb, b, partial=PARTIAL, correct=True)
    exp = [_pauc(ya, a, *PARTIAL, "specificity", True), _pauc(yb, b, *PARTIAL, "specificity", True)]
    assert t.aucs == pytest.approx(exp, rel=REL)
    assert t.method == "DeLong-type test for two independent partial AUCs"
    full = rocstats.roc_test_unpaired(ya, a, yb, b)
    assert full.method == "DeLong's test for two independent ROC curves"


def test_alias_defaults_are_uncorrected():
    # correct=False by default (as pROC's partial.auc.correct)
    _, y, a, _, b = _case("asah_s100b_vs_ndka")
    t = _alias(rocstats.delong_test, y, a, b, partial=PARTIAL)
    assert t.aucs == pytest.approx([_pauc(y, s, *PARTIAL, "specificity", False) for s in (a, b)],
                                   rel=REL)
    _, ya, a, yb, b = _case("asah_s100b_men_vs_women")
    u = _alias(rocstats.delong_test_unpaired, ya, a, yb, b, partial=PARTIAL)
    assert u.aucs == pytest.approx([_pauc(ya, a, *PARTIAL, "specificity", False),
                                    _pauc(yb, b, *PARTIAL, "specificity", False)], rel=REL)


# ------------------------------------------------------------------ weights
Y_W = np.array([0, 1, 0, 1, 1, 0, 0, 1, 0, 1, 0, 1])
A_W = np.array([0.1, 0.8, 0.35, 0.6, 0.3, 0.2, 0.5, 0.9, 0.3, 0.55, 0.45, 0.7])
B_W = np.array([0.2, 0.6, 0.1, 0.4, 0.7, 0.5, 0.3, 0.8, 0.25, 0.35, 0.6, 0.9])
W = np.array([1, 2, 3, 1, 2, 1, 2, 1, 1, 3, 2, 1])


def test_alias_weights_default_to_frequency():
    t = _alias(rocstats.delong_test, Y_W, A_W, B_W, sample_weight=W)
    pos, neg = Y_W == 1, Y_W == 0
    theta, cov = weighted_delong_def(np.c_[A_W, B_W][pos], np.c_[A_W, B_W][neg], W[pos], W[neg],
                                     "frequency")
    se = math.sqrt(float(cov[0][0] + cov[1][1] - 2 * cov[0][1]))
    assert t.aucs == pytest.approx([float(x) for x in theta], rel=REL)
    assert t.se == pytest.approx(se, rel=REL)
    assert t.statistic == pytest.approx(float(theta[0] - theta[1]) / se, rel=REL)
    assert t.method == "DeLong's test for two correlated ROC curves (frequency weights)"


def test_weighted_title_names_the_weight_type():
    t = rocstats.roc_test(Y_W, A_W, B_W, sample_weight=W, weight_type="sampling")
    assert t.method == "DeLong's test for two correlated ROC curves (sampling weights)"


# ------------------------------------------------------------------ reversed-direction warnings
Y_R = np.array([0, 1, 0, 1, 1, 0])
REV_A = np.array([0.9, 0.2, 0.8, 0.1, 0.85, 0.3])     # AUC 2/9
REV_B = np.array([0.7, 0.6, 0.4, 0.1, 0.5, 0.2])      # AUC 4/9


def _reversed_messages(fun, *args):
    with warnings.catch_warnings(record=True) as rec:
        warnings.simplefilter("always")
        fun(*args)
    return [str(w.message) for w in rec if issubclass(w.category, ReversedDirectionWarning)]


def test_paired_reversed_warning_names_both_scores_direction_and_class():
    pos, neg = Y_R == 1, Y_R == 0
    Aa, Ab = auc_def(REV_A[pos], REV_A[neg]), auc_def(REV_B[pos], REV_B[neg])
    assert Aa < Ab < 0.5
    (msg,) = _reversed_messages(rocstats.roc_test, Y_R, REV_A, REV_B)
    assert msg.startswith("a: AUC = %.4g, b: AUC = %.4g < 0.5 " % (Aa, Ab))
    assert "direction='<' (larger scores indicate the positive class 1)" in msg
    assert "direction='>'" in msg


def test_unpaired_reversed_warning_states_direction_and_class():
    pos, neg = Y_R == 1, Y_R == 0
    Aa = auc_def(REV_A[pos], REV_A[neg])
    msgs = _reversed_messages(rocstats.roc_test_unpaired, Y_R, REV_A, Y_R, 1 - REV_A)
    assert len(msgs) == 1
    assert msgs[0].startswith("AUC = %.4g < 0.5 with direction='<' (larger scores indicate "
                              "the positive class 1)" % Aa)
    assert "direction='>'" in msgs[0]
