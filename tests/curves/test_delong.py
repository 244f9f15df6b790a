"""DeLong variance / covariance and tests against independent definitions."""
import numpy as np
import pytest
from scipy import stats

import rocstats
from definitions import delong_cov_def


def _paired(seed, n=200, k=3, ties=False):
    rng = np.random.default_rng(seed)
    y = (rng.random(n) < 0.45).astype(int)
    base = rng.normal(size=n) + 0.8 * y
    S = np.column_stack([base + rng.normal(scale=0.5 + c, size=n) for c in range(k)])
    if ties:
        S = np.round(S)
    return y, S


@pytest.mark.parametrize("ties", [False, True])
def test_variance_and_covariance_match_definition(ties):
    y, S = _paired(11, ties=ties)
    theta, cov = delong_cov_def(S[y == 1], S[y == 0])
    r = rocstats.delong(y, S)
    np.testing.assert_allclose(r.auc, theta, rtol=1e-13)
    np.testing.assert_allclose(r.covariance, cov, rtol=1e-11)
    for c in range(S.shape[1]):
        r1 = rocstats.delong(y, S[:, c])
        assert r1.auc == pytest.approx(theta[c], rel=1e-13)
        assert r1.variance == pytest.approx(cov[c, c], rel=1e-11)
        assert r1.se == pytest.approx(np.sqrt(cov[c, c]), rel=1e-11)
    assert (r.n_pos, r.n_neg) == (int(y.sum()), int((1 - y).sum()))


def test_conf_int_wald_and_logit():
    y, S = _paired(12, k=1)
    r = rocstats.delong(y, S[:, 0])
    z = stats.norm.ppf(0.975)
    lo, hi = r.conf_int(0.95)
    assert lo == pytest.approx(r.auc - z * r.se, rel=1e-14)
    assert hi == pytest.approx(r.auc + z * r.se, rel=1e-14)
    lg = r.conf_int(0.95, method="logit")
    L = np.log(r.auc / (1 - r.auc))
    h = z * r.se / (r.auc * (1 - r.auc))
    assert lg.lower == pytest.approx(1 / (1 + np.exp(-(L - h))), rel=1e-14)
    assert lg.upper == pytest.approx(1 / (1 + np.exp(-(L + h))), rel=1e-14)
    assert 0 < lg.lower < r.auc < lg.upper < 1
    with pytest.raises(ValueError, match="level"):
        r.conf_int(1.5)
    with pytest.raises(ValueError, match="method"):
        r.conf_int(0.95, method="exact")


def test_wald_clipped_at_one():
    # nearly separated, small sample: auc + z se > 1 must clip to 1 (as pROC)
    y = [1, 1, 1, 0, 0, 0]
    s = [0.9, 0.8, 0.35, 0.4, 0.2, 0.1]
    r = rocstats.delong(y, s)
    assert r.auc + 1.96 * r.se > 1
    assert r.conf_int().upper == 1.0


def test_paired_test_by_definition():
    y, S = _paired(13, k=2)
    theta, cov = delong_cov_def(S[y == 1], S[y == 0])
    d = theta[0] - theta[1]
    se = np.sqrt(cov[0, 0] + cov[1, 1] - 2 * cov[0, 1])
    t = rocstats.roc_test(y, S[:, 0], S[:, 1])
    assert t.estimate == pytest.approx(d, rel=1e-12)
    assert t.statistic == pytest.approx(d / se, rel=1e-10)
    assert t.pvalue == pytest.approx(2 * stats.norm.sf(abs(d / se)), rel=1e-10)
    g = rocstats.roc_test(y, S[:, 0], S[:, 1], alternative="greater")
    l_ = rocstats.roc_test(y, S[:, 0], S[:, 1], alternative="less")
    assert g.pvalue + l_.pvalue == pytest.approx(1.0, rel=1e-12)
    lo, hi = t.conf_int(0.9)
    assert (lo + hi) / 2 == pytest.approx(d, rel=1e-12)
    assert (hi - lo) / 2 == pytest.approx(stats.norm.ppf(0.95) * se, rel=1e-12)


def test_paired_identical_scores_gives_zero():
    y, S = _paired(14, k=1)
    t = rocstats.roc_test(y, S[:, 0], S[:, 0])
    assert t.statistic == 0.0 and t.pvalue == 1.0


def test_joint_test_k2_is_paired_z_squared():
    y, S = _paired(15, k=2)
    t2 = rocstats.delong_joint_test(y, S)
    t = rocstats.roc_test(y, S[:, 0], S[:, 1])
    assert t2.df == 1
    assert t2.statistic == pytest.approx(t.statistic ** 2, rel=1e-10)
    assert t2.pvalue == pytest.approx(t.pvalue, rel=1e-9)


def test_joint_test_k3_by_definition():
    y, S = _paired(16, k=3)
    theta, cov = delong_cov_def(S[y == 1], S[y == 0])
    L = np.array([[1, -1, 0], [0, 1, -1]])
    est = L @ theta
    chi2 = est @ np.linalg.inv(L @ cov @ L.T) @ est
    t = rocstats.delong_joint_test(y, S)
    assert t.df == 2
    assert t.statistic == pytest.approx(chi2, rel=1e-10)
    assert t.pvalue == pytest.approx(stats.chi2.sf(chi2, 2), rel=1e-9)
    # a redundant contrast (3 rows, rank 2) gives the same test
    t3 = rocstats.delong_joint_test(y, S, contrast=[[1, -1, 0], [0, 1, -1], [1, 0, -1]])
    assert t3.df == 2
    assert t3.statistic == pytest.approx(chi2, rel=1e-8)
    with pytest.raises(ValueError, match="contrast"):
        rocstats.delong_joint_test(y, S, contrast=[[1, -1]])
    with pytest.raises(ValueError, match="y_scores"):
        rocstats.delong_joint_test(y, S[:, :1])


def test_joint_test_size_under_h0():
    # three exchangeable scores: the joint test rejects about 5 % of the time
    rng = np.random.default_rng(17)
    rej = 0
    reps = 400
    for _ in range(reps):
        y = (rng.random(150) < 0.5).astype(int)
        base = rng.normal(size=150) + 0.7 * y
        S = base[:, None] + rng.normal(size=(150, 3))
        rej += rocstats.delong_joint_test(y, S).pvalue < 0.05
    # binomial(400, 0.05): sd 1.1 %, so [2 %, 9 %] is a > 4 sd band
    assert 0.02 <= rej / reps <= 0.09


def test_unpaired_by_definition():
    rng = np.random.default_rng(18)
    ya = (rng.random(120) < 0.3).astype(int)
    sa = rng.normal(size=120) + ya
    yb = (rng.random(90) < 0.6).astype(int)
    sb = np.round(rng.normal(size=90) + 0.5 * yb, 1)
    ta, va = delong_cov_def(sa[ya == 1], sa[ya == 0])
    tb, vb = delong_cov_def(sb[yb == 1], sb[yb == 0])
    va, vb = va[0, 0], vb[0, 0]
    d = ta[0] - tb[0]
    D = d / np.sqrt(va + vb)
    df = (va + vb) ** 2 / (va ** 2 / 119 + vb ** 2 / 89)
    t = rocstats.roc_test_unpaired(ya, sa, yb, sb)
    assert t.statistic == pytest.approx(D, rel=1e-10)
    assert t.df == pytest.approx(df, rel=1e-10)
    assert t.pvalue == pytest.approx(2 * stats.t.sf(abs(D), df), rel=1e-9)
    lo, hi = t.conf_int()
    assert hi - lo == pytest.approx(2 * stats.t.ppf(0.975, df) * np.sqrt(va + vb), rel=1e-10)


def test_summaries_render():
    y, S = _paired(19, k=2)
    r = rocstats.delong(y, S[:, 0])
    text = str(r.summary())
    assert "AUC" in text and "%.6g" % r.auc in text
    assert "<table>" in r._repr_html_()
    t = rocstats.roc_test(y, S[:, 0], S[:, 1])
    assert "p-value" in str(t.summary()) and "<table>" in t._repr_html_()
    assert "AUC" in str(rocstats.roc_curve(y, S[:, 0]).summary())


# ------------------------------------------------ issue 10: results print and compare sanely
def test_results_print_their_summary_and_compare_by_identity():
    pd = pytest.importorskip("pandas")
    y = [0, 0, 1, 1, 0, 1, 1, 0]
    a = [0.1, 0.4, 0.35, 0.8, 0.2, 0.7, 0.9, 0.5]
    b = [0.2, 0.3, 0.5, 0.6, 0.1, 0.4, 0.8, 0.7]
    c = rocstats.roc_curve(y, a)
    assert (c == c) and not (c == rocstats.roc_curve(y, a))   # eq=False: no array compare
    r = rocstats.delong(y, a)
    assert str(r) == str(r.summary()) and "DeLong" in str(r)
    assert "np.float64" not in repr(r) and "np.float64" not in repr(r.conf_int())
    assert type(r.auc) is float and type(r.conf_int().lower) is float
    # a vector result keeps its column names: a labelled table, not [[lowers], [uppers]]
    R = rocstats.delong(y, pd.DataFrame({"marker A": a, "marker B": b}))
    assert R.names == ("marker A", "marker B")
    text = str(R.conf_int())
    lines = [ln for ln in text.splitlines() if ln.startswith("marker")]
    assert len(lines) == 2 and lines[0].split()[2] == "0.875"     # AUC 14/16
    assert "marker B" in str(R.summary())


def test_test_result_conf_int_method():
    y = [0, 0, 1, 1, 0, 1, 1, 0]
    a = [0.1, 0.4, 0.35, 0.8, 0.2, 0.7, 0.9, 0.5]
    b = [0.2, 0.3, 0.5, 0.6, 0.1, 0.4, 0.8, 0.7]
    t = rocstats.roc_test(y, a, b)
    z = stats.norm.ppf(0.975)
    assert t.conf_int().lower == pytest.approx(t.estimate - z * t.se, rel=1e-14)
    assert t.conf_int(method="wald").upper == t.conf_int().upper
    with pytest.raises(ValueError, match="needs the test's degrees of freedom"):
        t.conf_int(method="t")
    u = rocstats.roc_test_unpaired(y, a, [0, 1, 1, 0, 1, 0], [0.2, 0.9, 0.4, 0.5, 0.6, 0.1])
    q = stats.t.ppf(0.975, u.df)
    assert u.conf_int().upper == pytest.approx(u.estimate + q * u.se, rel=1e-14)
    assert u.conf_int(method="wald").upper == pytest.approx(u.estimate + z * u.se, rel=1e-14)
    with pytest.raises(ValueError, match="method must be"):
        t.conf_int(method="bca")
