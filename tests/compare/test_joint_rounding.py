"""The joint DeLong test does not invert round-off (issue 23's triage of
`delong_joint_test`): with identical score columns, theta_a = theta_b and every entry of
S is the same variance s, so for a contrast row l with weights summing to 0,
l theta = 0 and l S l' = (sum l)^2 s = 0 exactly; in floating point both are residue of
order 1e-17 / 1e-19.  The statistic is then 0 with p = 1 and df 0 (as for the default
contrast), and each row's z is 0 -- not chi-square 21.8 (p = 3e-6) and z = inf."""
import warnings

import numpy as np
import pytest

import rocstats

Y = [1, 1, 0, 1, 0, 0, 1, 0]
X = np.array([0.9, 0.4, 0.5, 0.8, 0.1, 0.3, 0.7, 0.6])


@pytest.mark.parametrize("contrast", [
    [[0.1, 0.2, -0.3]],                             # 0.1 + 0.2 - 0.3 != 0 in binary
    [[1 / 3, 1 / 3, -2 / 3]],
    [[0.1, 0.2, -0.3], [0.7, -0.3, -0.4]],
])
def test_identical_columns_under_cancelling_weights_give_no_evidence(contrast):
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        t = rocstats.delong_joint_test(Y, np.column_stack([X, X, X]), contrast=contrast)
        tab = t.table()
    assert (t.statistic, t.pvalue, t.df) == (0.0, 1.0, 0.0)
    assert np.all(t.estimate == 0.0)
    assert np.all(tab["z"] == 0.0) and np.all(tab["p"] == 1.0) and np.all(tab["se"] == 0.0)


def test_a_genuine_difference_keeps_its_rank_and_statistic():
    # two different markers and their average: the contrast (1, 1, -2) of
    # (A_x, A_z, A_(x+z)/2) is not 0, and its Wald statistic is (l theta)^2 / (l S l')
    z = np.array([0.2, 0.9, 0.3, 0.7, 0.4, 0.1, 0.8, 0.5])
    S3 = np.column_stack([X, z, (X + z) / 2])
    L = np.array([[1.0, 1.0, -2.0]])
    t = rocstats.delong_joint_test(Y, S3, contrast=L)
    d = rocstats.delong(Y, S3)
    est = float(L[0] @ d.auc)
    var = float(L[0] @ d.covariance @ L[0])
    assert t.df == 1.0 and est != 0.0
    assert t.statistic == pytest.approx(est * est / var, rel=1e-10)
