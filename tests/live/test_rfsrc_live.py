"""rocstats' AUC trees against randomForestSRC run live through rpy2 (rocstats.r.rfsrc;
the cases are laid out and compared by rocstats_validation.rfsrc_parity).

Skipped at collection time when rpy2, R or randomForestSRC is missing (randomForestSRC
needs R >= 4.3 and is not installed on the rocstats machines; the stored 3.6.1 outputs
are compared in tests/test_rfsrc_parity.py instead).
"""
import pytest

from rocstats.r import rfsrc as bridge  # noqa: E402

from rocstats_validation import rfsrc_parity as rp  # noqa: E402

pytestmark = pytest.mark.usefixtures("rfsrc")      # the R gate: tests/conftest.py


@pytest.mark.parametrize("cid", ["iris2_ns5_nd-1", "kyphosis_ns1_nd3", "pima_ns20_nd3",
                                 "iris_ns20_nd3"])
def test_live_rfsrc_reproduces_stored_case(cid):
    case = rp.load_case(str(rp.REF_DIR / "cases" / (cid + ".json")))
    X, y, classes = rp.case_data(case)
    ns, nd = rp.case_params(case)
    live = rp.rfsrc_case(X, y, classes, case_id=cid, node_size=ns, node_depth=nd)
    if live["versions"]["randomForestSRC"] == case["versions"]["randomForestSRC"]:
        assert live["native_arrays_by_seed"] == case["native_arrays_by_seed"]
    reps = rp.replay_case(live, data=(X, y, classes))
    assert all(not r["failures"] for r in reps), [r["failures"][:3] for r in reps]


def test_live_fresh_data():
    records = rp.live_comparisons(compare=rp.compare, tol=rp.EXACT)
    assert records
    failed = [r for r in records if not r["passed"]]
    assert not failed, failed[:5]
