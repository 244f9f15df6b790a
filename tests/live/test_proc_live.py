"""rocstats against pROC run live through rpy2 (rocstats.r).

Skipped at collection time when rpy2, R or pROC >= 1.18 is missing.  Runs pROC on
(1) the stored data, checking that pROC now gives bit-for-bit the stored numbers and that
rocstats matches them, and (2) fresh random data sets drawn in Python
(rocstats_validation.proc_parity.fresh_cases; seed from $ROCSTATS_FRESH_SEED, default
20240301) and passed to R as they are.  Tolerances: rocstats_validation.proc_parity.TOLERANCES.
"""
import numpy as np
import pytest

from rocstats import r as rbridge  # noqa: E402

import rocstats  # noqa: E402
from rocstats_validation import proc_parity as pp  # noqa: E402

R = pp.load_results()

pytestmark = pytest.mark.usefixtures("proc")      # the R gate: tests/conftest.py

FRESH_PAIRED, FRESH_UNPAIRED = pp.fresh_cases()


def _assert_all_pass(records):
    """Every comparison passes, except those of known rocstats bugs (which must fail)."""
    assert records, "no comparisons made"
    failed, _known, fixed = pp.outcome(records)
    failures = [pp.describe(r) for r in failed]
    assert not failures, "%d of %d comparisons fail:\n%s" % (
        len(failures), len(records), "\n".join(failures[:30]))
    assert not fixed, "known issues now pass; remove them from KNOWN_ISSUES: %s" % fixed


def _all_pairs(names):
    names = list(names)
    return [(a, b) for i, a in enumerate(names) for b in names[i + 1:]]


# ------------------------------------------------------------------ stored data, live R
@pytest.fixture(scope="module")
def live_stored():
    """pROC run now on every stored case (computed once per module)."""
    paired, unpaired = {}, {}
    for name, c in R.PAIRED_CASES.items():
        y, scores = pp.case_arrays(c)
        pairs = [(p["a"], p["b"]) for p in c["paired"]]
        paired[name] = pp.proc_case(y, scores, control=c["control"], case=c["case"],
                                    pairs=pairs)
    for name, c in R.UNPAIRED_CASES.items():
        (ya, sa), (yb, sb) = pp.sample_arrays(c["a"]), pp.sample_arrays(c["b"])
        unpaired[name] = pp.proc_unpaired_case(ya, sa, yb, sb, control=c["control"],
                                               case=c["case"])
    return paired, unpaired


@pytest.mark.parametrize("case", list(R.PAIRED_CASES))
def test_live_proc_reproduces_stored_results(case, live_stored):
    """Same R code, same doubles: the live numbers equal the stored ones bit for bit."""
    _assert_all_pass(pp.diff_case(live_stored[0][case], R.PAIRED_CASES[case], tol=pp.IDENTICAL,
                                  source="live_vs_stored", case=case))


@pytest.mark.parametrize("case", list(R.UNPAIRED_CASES))
def test_live_proc_reproduces_stored_unpaired_results(case, live_stored):
    _assert_all_pass(pp.diff_unpaired_case(live_stored[1][case], R.UNPAIRED_CASES[case],
                                           tol=pp.IDENTICAL, source="live_vs_stored",
                                           case=case))


@pytest.mark.parametrize("case", list(R.PAIRED_CASES))
def test_rocstats_matches_live_proc_on_stored_data(case, live_stored):
    c = R.PAIRED_CASES[case]
    y, scores = pp.case_arrays(c)
    ours = pp.rocstats_case(y, scores, case=c["case"], pairs=[(p["a"], p["b"]) for p in c["paired"]])
    _assert_all_pass(pp.diff_case(ours, live_stored[0][case], source="live", case=case))


@pytest.mark.parametrize("case", list(R.UNPAIRED_CASES))
def test_rocstats_matches_live_proc_on_stored_unpaired_data(case, live_stored):
    c = R.UNPAIRED_CASES[case]
    ours = pp.rocstats_unpaired_case(pp.sample_arrays(c["a"]), pp.sample_arrays(c["b"]),
                                     case=c["case"])
    _assert_all_pass(pp.diff_unpaired_case(ours, live_stored[1][case], source="live",
                                           case=case))


# ------------------------------------------------------------------ fresh data
@pytest.mark.parametrize("case", list(FRESH_PAIRED))
def test_rocstats_matches_live_proc_on_fresh_data(case):
    c = FRESH_PAIRED[case]
    pairs = _all_pairs(c["scores"])
    live = pp.proc_case(c["y"], c["scores"], control=c["control"], case=c["case"],
                        pairs=pairs)
    ours = pp.rocstats_case(c["y"], c["scores"], case=c["case"], pairs=pairs)
    assert len(live["paired"]) == len(pairs)
    _assert_all_pass(pp.diff_case(ours, live, source="live", case=case))


@pytest.mark.parametrize("case", list(FRESH_UNPAIRED))
def test_rocstats_matches_live_proc_on_fresh_unpaired_data(case):
    c = FRESH_UNPAIRED[case]
    live = pp.proc_unpaired_case(c["a"]["y"], c["a"]["score"], c["b"]["y"],
                                 c["b"]["score"], control=c["control"], case=c["case"])
    ours = pp.rocstats_unpaired_case((c["a"]["y"], c["a"]["score"]),
                                     (c["b"]["y"], c["b"]["score"]), case=c["case"])
    _assert_all_pass(pp.diff_unpaired_case(ours, live, source="live", case=case))


# ------------------------------------------------------------------ the bridge itself
def test_versions():
    v = rbridge.r_versions()
    assert v["r_version"].startswith("R version")
    assert tuple(int(x) for x in v["proc_version"].split(".")[:2]) >= (1, 18)
    assert v["rpy2_version"]


@pytest.mark.parametrize("alternative", pp.ALTERNATIVES)
def test_flat_bridge_functions(alternative):
    rng = np.random.default_rng(7)
    y = rng.permutation(np.repeat([1, 0], [30, 45]))
    a = np.round(rng.normal(y * 0.8), 1)
    b = np.round(a + rng.normal(scale=0.8, size=y.size), 1)
    single = rbridge.proc_auc(y, a)
    res = rocstats.delong(y, a)
    assert single["n_case"] == 30 and single["n_control"] == 45
    assert pp.compare(res.auc, single["auc"], "auc")["passed"]
    assert pp.compare(res.variance, single["var"], "var")["passed"]

    t_r = rbridge.proc_roc_test(y, a, b, alternative=alternative)
    t = rocstats.roc_test(y, a, b, alternative=alternative)
    for q, v in (("statistic", t.statistic), ("p_value", t.pvalue)):
        assert pp.compare(v, t_r[q], q, scale=1.0 if q == "statistic" else 0.0)["passed"]

    y2 = rng.permutation(np.repeat([1, 0], [20, 22]))
    c = rng.normal(y2 * 0.4)
    u_r = rbridge.proc_roc_test_unpaired(y, a, y2, c, alternative=alternative)
    u = rocstats.roc_test_unpaired(y, a, y2, c, alternative=alternative)
    for q, v in (("statistic", u.statistic), ("df", u.df), ("p_value", u.pvalue)):
        assert pp.compare(v, u_r[q], q, scale=1.0 if q == "statistic" else 0.0)["passed"]


@pytest.mark.parametrize("labels,control,case", [
    (np.array([False, True]), False, True),
    (np.array(["ctrl", "case"]), "ctrl", "case"),
    (np.array([0.0, 1.0]), 0.0, 1.0),
    (np.array([-1, 1]), -1, 1),
])
def test_label_types_cross_the_bridge(labels, control, case):
    rng = np.random.default_rng(11)
    idx = rng.permutation(np.repeat([1, 0], [12, 15]))
    y = labels[idx]
    s = rng.normal(idx * 0.5)
    out = rbridge.proc_auc(y, s, control=control, case=case)
    assert (out["n_case"], out["n_control"]) == (12, 15)
    assert pp.compare(rocstats.auc(y, s, pos_label=case), out["auc"], "auc")["passed"]


def test_proc_warnings_are_returned():
    out = rbridge.proc_auc([0, 0, 1, 1], [0.1, 0.2, 0.3, 0.4])
    assert out["auc"] == 1.0 and out["var"] == 0.0
    assert any("AUC == 1" in w for w in out["warnings"])


def test_bad_alternative_is_rejected_before_r():
    with pytest.raises(ValueError, match="alternative"):
        rbridge.proc_roc_test([0, 1, 0, 1], [1, 2, 3, 4], [1, 2, 4, 3], alternative="two.sided")
