"""delong_joint_test's labelled contrasts and the pairwise follow-ups (delong_pairwise).

Expected values: each pairwise row is rocstats.delong_test on that pair of columns
(validated against pROC's roc.test); the DeLong covariance from definitions.py; Holm and
Benjamini-Hochberg written out below from their definitions, independently of statsmodels.
"""
import sys

import numpy as np
import pytest
from scipy import stats

import rocstats
from definitions import delong_cov_def
from rocstats import UndefinedAUCWarning

pd = pytest.importorskip("pandas")


def holm_def(p):
    """Holm (1979): p_(i) * (m - i + 1), made monotone from the smallest up, capped at 1."""
    p = np.asarray(p, float)
    m = p.size
    order = np.argsort(p, kind="stable")
    adj = np.empty(m)
    running = 0.0
    for rank, idx in enumerate(order):              # rank 0 is the smallest p
        running = max(running, min(1.0, (m - rank) * p[idx]))
        adj[idx] = running
    return adj


def bh_def(p):
    """Benjamini & Hochberg (1995): p_(i) * m / i, made monotone from the largest down."""
    p = np.asarray(p, float)
    m = p.size
    order = np.argsort(p, kind="stable")
    adj = np.empty(m)
    running = 1.0
    for rank in range(m - 1, -1, -1):
        idx = order[rank]
        running = min(running, p[idx] * m / (rank + 1))
        adj[idx] = running
    return adj


def _scores(seed, n=150, k=4, ties=False):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.4).astype(int)
    base = rng.normal(size=n)
    S = np.column_stack([0.6 * base + rng.normal(size=n) + (0.2 + 0.35 * c) * y
                         for c in range(k)])
    if ties:
        S = np.round(S)
    return y, S


def test_holm_and_bh_definitions_on_a_textbook_case():
    # Benjamini & Hochberg's (1995) style check on hand-computed numbers
    p = [0.01, 0.04, 0.03, 0.005]
    np.testing.assert_allclose(holm_def(p), [0.03, 0.06, 0.06, 0.02])
    np.testing.assert_allclose(bh_def(p), [0.02, 0.04, 0.04, 0.02])


@pytest.mark.parametrize("ties", [False, True])
def test_pairwise_rows_are_delong_tests_with_adjusted_p(ties):
    y, S = _scores(1, ties=ties)
    names = ["s100b", "ndka", "wfns", "gos"]
    df = pd.DataFrame(S, columns=names)
    tab = rocstats.delong_pairwise(y, df)
    assert list(tab.columns) == ["comparison", "estimate", "se", "z", "p", "p_holm", "p_bh",
                                 "ci_lower", "ci_upper"]
    pairs = [(a, b) for a in range(4) for b in range(a + 1, 4)]
    assert tab["comparison"].tolist() == ["%s - %s" % (names[a], names[b]) for a, b in pairs]
    z975 = stats.norm.ppf(0.975)
    for r, (a, b) in zip(tab.itertuples(), pairs):
        t = rocstats.roc_test(y, S[:, a], S[:, b])
        assert r.estimate == pytest.approx(t.estimate, rel=1e-13)
        assert r.se == pytest.approx(t.se, rel=1e-11)
        assert r.z == pytest.approx(t.statistic, rel=1e-10)
        assert r.p == pytest.approx(t.pvalue, rel=1e-9)
        assert r.ci_lower == pytest.approx(t.estimate - z975 * t.se, rel=1e-11)
        assert r.ci_upper == pytest.approx(t.estimate + z975 * t.se, rel=1e-11)
    np.testing.assert_allclose(tab["p_holm"], holm_def(tab["p"]), rtol=1e-14)
    np.testing.assert_allclose(tab["p_bh"], bh_def(tab["p"]), rtol=1e-14)
    # the joint test's follow-up gives the same table
    joint = rocstats.delong_joint_test(y, df)
    pd.testing.assert_frame_equal(joint.pairwise(), tab)


def test_labelled_contrasts():
    y, S = _scores(2, k=3)
    df = pd.DataFrame(S, columns=["s100b", "ndka", "wfns"])
    t = rocstats.delong_joint_test(y, df)
    assert t.contrast_names == ("s100b - ndka", "ndka - wfns")
    assert t.names == ("s100b", "ndka", "wfns")
    np.testing.assert_array_equal(t.contrast, [[1, -1, 0], [0, 1, -1]])
    # unnamed scores
    assert rocstats.delong_joint_test(y, S).contrast_names == ("score 0 - score 1",
                                                               "score 1 - score 2")
    # a user contrast: e_a - e_b rows get "a - b", any other row "L[r]"
    u = rocstats.delong_joint_test(y, df, contrast=[[1, 0, -1], [1, 1, -2], [0, -1, 1]])
    assert u.contrast_names == ("s100b - wfns", "L[1]", "wfns - ndka")
    assert rocstats.delong_joint_test(y, df, contrast=[0.5, 0.5, -1]).contrast_names == ("L[0]",)
    named = rocstats.delong_joint_test(y, df, contrast=[[1, 1, -2]],
                                       contrast_names=["markers vs wfns"])
    assert named.contrast_names == ("markers vs wfns",)
    assert rocstats.delong_joint_test(y, df, contrast=[1, 1, -2],
                                      contrast_names="m").contrast_names == ("m",)
    with pytest.raises(ValueError, match="contrast_names has 1 labels but the contrast has 2"):
        rocstats.delong_joint_test(y, df, contrast_names=["only one"])
    assert isinstance(t, rocstats.TestResult) and isinstance(t, rocstats.JointTestResult)


def test_contrast_table_and_summary():
    y, S = _scores(3, k=3, ties=True)
    df = pd.DataFrame(S, columns=["a", "b", "c"])
    L = np.array([[1.0, 0.0, -1.0], [1.0, 1.0, -2.0]])
    t = rocstats.delong_joint_test(y, df, contrast=L)
    theta, cov = delong_cov_def(S[y == 1], S[y == 0])
    est = L @ theta
    se = np.sqrt(np.diag(L @ cov @ L.T))
    z = est / se
    p = 2 * stats.norm.sf(np.abs(z))
    tab = t.table(level=0.9)
    assert tab["comparison"].tolist() == ["a - c", "L[1]"]
    np.testing.assert_allclose(tab["estimate"], est, rtol=1e-13)
    np.testing.assert_allclose(tab["se"], se, rtol=1e-10)
    np.testing.assert_allclose(tab["z"], z, rtol=1e-10)
    np.testing.assert_allclose(tab["p"], p, rtol=1e-8)
    np.testing.assert_allclose(tab["p_holm"], holm_def(tab["p"]), rtol=1e-14)
    np.testing.assert_allclose(tab["p_bh"], bh_def(tab["p"]), rtol=1e-14)
    np.testing.assert_allclose(tab["ci_lower"], est - stats.norm.ppf(0.95) * se, rtol=1e-10)
    np.testing.assert_allclose(t.covariance, cov, rtol=1e-11)
    lines = str(t.summary()).splitlines()
    head = lines.index(next(line for line in lines if line.startswith("contrast")))
    assert lines[head].split() == ["contrast", "estimate", "SE", "z", "p", "(unadjusted)"]
    assert lines[head + 1].split() == ["a", "-", "c", "%.6g" % est[0], "%.6g" % se[0],
                                       "%.6g" % z[0], "%.6g" % p[0]]
    assert lines[head + 2].split()[0] == "L[1]"
    assert "AUC a" in str(t.summary()) and "a - c" in t._repr_html_()


def test_adjust_options_and_missing_statsmodels(monkeypatch):
    y, S = _scores(4, k=3)
    plain = rocstats.delong_pairwise(y, S, adjust=())
    assert list(plain.columns) == ["comparison", "estimate", "se", "z", "p", "ci_lower",
                                   "ci_upper"]
    bonf = rocstats.delong_pairwise(y, S, adjust="bonferroni")
    np.testing.assert_allclose(bonf["p_bonferroni"], np.minimum(1, 3 * bonf["p"]), rtol=1e-14)
    with pytest.raises(ValueError, match="adjust"):
        rocstats.delong_pairwise(y, S, adjust=("no-such-method",))
    with pytest.raises(ValueError, match="level"):
        rocstats.delong_pairwise(y, S, level=95)
    # the default (Holm, BH) is computed by rocstats: no statsmodels needed; a method
    # rocstats does not compute asks for statsmodels by name
    default = rocstats.delong_pairwise(y, S)
    monkeypatch.setitem(sys.modules, "statsmodels.stats.multitest", None)
    assert rocstats.delong_pairwise(y, S).equals(default)
    with pytest.raises(ValueError, match=r"^adjust: 'hommel' .*statsmodels"):
        rocstats.delong_pairwise(y, S, adjust="hommel")
    assert rocstats.delong_pairwise(y, S, adjust=()).equals(plain)


def test_identical_scores_and_one_class():
    y, S = _scores(5, k=2)
    S3 = np.column_stack([S, S[:, 0]])                 # score 2 is score 0 again
    tab = rocstats.delong_pairwise(y, S3)
    row = tab.iloc[1]
    assert row["comparison"] == "score 0 - score 2"
    assert (row["estimate"], row["se"], row["z"], row["p"]) == (0.0, 0.0, 0.0, 1.0)
    with pytest.warns(UndefinedAUCWarning):
        nan = rocstats.delong_pairwise([1, 1, 1], [[1, 2, 3], [2, 3, 4], [3, 4, 5]])
    assert len(nan) == 3 and nan[["estimate", "p", "p_holm", "p_bh"]].isna().all().all()
    with pytest.warns(UndefinedAUCWarning):
        t = rocstats.delong_joint_test([1, 1, 1], [[1, 2, 3], [2, 3, 4], [3, 4, 5]])
    assert t.contrast_names == ("score 0 - score 1", "score 1 - score 2")
    assert "score 0 - score 1" in str(t)


def test_pairwise_on_asah_against_procs_roc_test():
    """pROC 1.18's stored roc.test(method = "delong", paired = TRUE) for the three aSAH
    markers, and Holm / BH over pROC's own p-values."""
    proc = pytest.importorskip("rocstats_validation.proc_parity")
    case = proc.load_results().PAIRED_CASES["asah"]
    y, scores = proc.case_arrays(case)
    df = pd.DataFrame({k: scores[k] for k in ("s100b", "ndka", "wfns")})
    tab = rocstats.delong_pairwise(y, df, pos_label=case["case"])
    ref = {(p["a"], p["b"]): p for p in case["paired"]}
    assert tab["comparison"].tolist() == ["s100b - ndka", "s100b - wfns", "ndka - wfns"]
    p_ref = []
    for row in tab.itertuples():
        a, b = row.comparison.split(" - ")
        r = ref[(a, b)]
        t = r["tests"]["two-sided"]
        assert row.estimate == pytest.approx(r["auc_a"] - r["auc_b"], rel=1e-10)
        assert row.z == pytest.approx(t["statistic"], rel=1e-10)
        assert row.p == pytest.approx(t["p_value"], rel=1e-10)
        assert row.ci_lower == pytest.approx(t["conf_lower"], rel=1e-10)
        assert row.ci_upper == pytest.approx(t["conf_upper"], rel=1e-10)
        p_ref.append(t["p_value"])
    np.testing.assert_allclose(tab["p_holm"], holm_def(p_ref), rtol=1e-10)
    np.testing.assert_allclose(tab["p_bh"], bh_def(p_ref), rtol=1e-10)
    joint = rocstats.delong_joint_test(y, df, pos_label=case["case"])
    assert joint.contrast_names == ("s100b - ndka", "ndka - wfns")
    assert "s100b - ndka" in str(joint)


def test_default_adjustments_need_no_statsmodels(monkeypatch):
    """delong_pairwise's default Holm / BH adjustment is computed by rocstats (R's
    p.adjust, tests/parity/test_edge_cases_parity.py): it works with statsmodels
    unimportable, and agrees with statsmodels' multipletests where that is installed."""
    import sys

    y = [1, 1, 1, 0, 0, 0, 1, 0]
    s = [[.9, .8, .3], [.8, .4, .2], [.7, .9, .6], [.6, .3, .7], [.2, .5, .1],
         [.1, .2, .4], [.5, .6, .55], [.3, .1, .9]]
    with_sm = None
    try:
        from statsmodels.stats.multitest import multipletests
        with_sm = multipletests
    except ImportError:
        pass
    monkeypatch.setitem(sys.modules, "statsmodels", None)
    monkeypatch.setitem(sys.modules, "statsmodels.stats", None)
    monkeypatch.setitem(sys.modules, "statsmodels.stats.multitest", None)
    tab = rocstats.delong_pairwise(y, s)
    assert {"p_holm", "p_bh"} <= set(tab.columns)
    with pytest.raises(ValueError, match="^adjust: 'hommel'.*statsmodels"):
        rocstats.delong_pairwise(y, s, adjust=("hommel",))
    if with_sm is not None:
        for meth, col in (("holm", "p_holm"), ("fdr_bh", "p_bh")):
            np.testing.assert_allclose(tab[col], with_sm(tab["p"], method=meth)[1], rtol=1e-12)
