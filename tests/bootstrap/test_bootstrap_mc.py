"""The coverage suite (rocstats_validation.bootstrap_mc), in small: its true values and
one scenario's coverage at a few hundred data sets (the whole suite runs in the harness:
``python -m rocstats_validation.run --suite bootstrap_mc``)."""
import math

import numpy as np
import pytest
from scipy import special

from rocstats_validation import bootstrap_mc as bm


def test_true_values():
    auc, se = bm._binormal_truth(1.0)
    assert auc == pytest.approx(special.ndtr(1 / math.sqrt(2)))
    assert se[0.8] == pytest.approx(1 - special.ndtr(special.ndtri(0.8) - 1.0))
    # the grid truth tends to the binormal one as the grid gets fine
    auc_g, se_g = bm._grid_truth(1.0, 1e-3)
    assert auc_g == pytest.approx(auc, abs=1e-6)
    assert se_g[0.5] == pytest.approx(se[0.5], abs=1e-3)
    # ties count 1/2: with a coarse grid the AUC is still P(X > Y) + P(X = Y) / 2
    rng = np.random.default_rng(0)
    x = np.round(rng.normal(1, 1, 400000) / 0.5) * 0.5
    y = np.round(rng.normal(0, 1, 400000) / 0.5) * 0.5
    emp = np.mean(x > y) + 0.5 * np.mean(x == y)
    assert bm._grid_truth(1.0, 0.5)[0] == pytest.approx(emp, abs=3e-3)


@pytest.mark.slow
def test_small_coverage_run():
    recs = bm.coverage_scenario("binormal_60_80", bm._scenarios()["binormal_60_80"],
                                np.random.default_rng(1), replicates=300, n_boot=300)
    assert len(recs) == 8
    for r in recs:
        # 300 data sets: MC SE ~ 0.0126; a wide band around 0.95
        assert 0.90 <= r["value"] <= 0.99, r["note"]
