"""rocstats.coords and the bootstrap intervals against pROC run live through rpy2.

Skipped at collection time without rpy2 / R / pROC >= 1.18 (marker ``r``).  coords: the
stored cases (pROC now must equal the stored numbers bit for bit, and rocstats must match
them) and fresh random cases drawn in Python and passed to R as they are
(rocstats_validation.proc_coords.fresh_coords_cases).  Bootstrap (slow): pROC's intervals
with boot.n = 2000 on a fresh case against rocstats' 2000 replicates, within 4 Monte Carlo
standard errors (rocstats_validation.proc_coords.mc_record).
"""
import numpy as np
import pytest

from rocstats import r as rbridge  # noqa: E402

from rocstats_validation import proc_coords as pc  # noqa: E402
from rocstats_validation.proc_parity import describe  # noqa: E402

pytestmark = pytest.mark.usefixtures("proc")      # the R gate: tests/conftest.py


def test_coords_live_and_live_equals_stored():
    recs = pc.live_coords_comparisons()
    assert {r["source"] for r in recs} == {"live", "live_vs_stored"}
    bad = [describe(r) for r in recs if not r["passed"]]
    assert not bad, "%d of %d fail:\n%s" % (len(bad), len(recs), "\n".join(bad[:30]))
    assert any(r["case"].startswith("fresh_") for r in recs)


@pytest.mark.slow
def test_bootstrap_live_within_4_mc_se():
    rng = np.random.default_rng(20261121)
    y = rng.permutation(np.repeat([1, 0], [40, 70]))
    s = np.round(rng.normal(-0.9 * y), 1)
    ref = rbridge.proc_ci_bootstrap(y, s, direction=">", seed=7, boot_n=2000,
                                    x_specificity=(0.5, 0.8, 0.9),
                                    x_threshold=(-0.5, 0.0), partial=(1, 0.85),
                                    focus="specificity", correct=False)
    ours = pc.rocstats_bootstrap_case(y, s, case=1, direction=">", ref=ref, seed=11)
    ours.pop("thresholds_x")
    recs = []
    for key, (reps, q, items) in ours.items():
        theirs = pc._ref_quantiles(ref, key)
        for j, item in enumerate(items):
            for qname, p in pc._probs(0.95):
                recs.append(pc.mc_record(reps[:, j], q[qname][j], theirs[qname][j], p,
                                         b_ref=2000, source="live_mc", case="fresh",
                                         item=item, quantity=qname))
    bad = [describe(r) for r in recs if not r["passed"]]
    assert not bad, "\n".join(bad)
    assert len(recs) > 100
