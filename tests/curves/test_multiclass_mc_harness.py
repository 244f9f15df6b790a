"""The multiclass Monte Carlo suite's own pieces (rocstats_validation.multiclass_mc): its
truth, its NumPy bootstrap and the exact bootstrap variance, each against a brute-force
computation; and (slow) the whole suite passing."""
import itertools
import math

import numpy as np
import pytest
from scipy import special

import rocstats
from definitions import auc_def, multiclass_cov_def

mc = pytest.importorskip("rocstats_validation.multiclass_mc")


class _UnitWeights:
    """An rng whose multinomial draws are all ones: the bootstrap replicate is the data."""

    def multinomial(self, n, pvals, size):
        return np.ones((size, n), dtype=np.int64)


@pytest.mark.parametrize("design", sorted(mc.DESIGNS))
def test_bootstrap_m_of_the_data_itself_is_m(design):
    y, P = mc.draw(design, np.random.default_rng(1), 1)
    M = multiclass_cov_def(y, P[0], list(range(P.shape[2])))[0] if P.shape[2] == 3 else None
    got = mc.bootstrap_m(y, P[0], _UnitWeights(), 2)
    assert got[0] == got[1]
    assert got[0] == pytest.approx(rocstats.multiclass_auc(y, P[0]).auc, rel=1e-13)
    if M is not None:
        assert got[0] == pytest.approx(M, rel=1e-13)


def test_ideal_bootstrap_variance_by_enumeration():
    # every stratified resample of a tiny data set: 2**2 * 3**3 * 2**2 = 432 of them
    y = np.array([0, 0, 1, 1, 1, 2, 2])
    P = np.round(np.random.default_rng(5).random((7, 3)), 1)
    members = [np.flatnonzero(y == c) for c in range(3)]
    Ms = []
    for picks in itertools.product(*[itertools.product(m, repeat=m.size) for m in members]):
        rows = np.concatenate([np.array(p) for p in picks])
        Ms.append(multiclass_cov_def(y[rows], P[rows], [0, 1, 2])[0])
    assert mc.ideal_bootstrap_variance(y, P) == pytest.approx(np.var(Ms), rel=1e-12)


def test_grid_truth_by_a_double_sum():
    h, a, b = 0.5, 1.1, 0.3
    k = np.arange(-60, 61)
    px = special.ndtr((k + 0.5) * h - a) - special.ndtr((k - 0.5) * h - a)
    py = special.ndtr((k + 0.5) * h - b) - special.ndtr((k - 0.5) * h - b)
    K = (k[:, None] > k[None, :]) + 0.5 * (k[:, None] == k[None, :])
    assert mc._grid_auc(a, b, h) == pytest.approx(float(px @ K @ py), rel=1e-12)


@pytest.mark.parametrize("design", ["c3_continuous", "c5_grid_ties"])
def test_exact_truth_against_a_large_sample(design):
    A, _ = mc.true_pairwise(design)
    y, P = mc.draw(design, np.random.default_rng(2), 40)     # 40 x 450 or 500 rows
    C = A.shape[0]
    Y = np.tile(y, 40)
    Q = P.reshape(-1, C)
    for i in range(C):
        for j in range(C):
            if i != j:
                est = auc_def(Q[Y == i, i], Q[Y == j, i])
                se = math.sqrt(A[i, j] * (1 - A[i, j]) / min((Y == i).sum(), (Y == j).sum()))
                assert abs(est - A[i, j]) < 4 * se


@pytest.mark.slow
def test_the_suite_passes(tmp_path):
    from rocstats_validation import run

    doc = run.run_suite("multiclass_mc", output_dir=tmp_path)
    s = doc["summary"]
    assert s["n"] == 22 and s["failed"] == 0, [c for c in doc["comparisons"] if not c["passed"]]
    quantities = {c["quantity"] for c in doc["comparisons"]}
    assert {"variance_ratio", "coverage_wald", "size", "bootstrap_ratio"} <= quantities
    assert all(c["mc_se"] > 0 for c in doc["comparisons"])
