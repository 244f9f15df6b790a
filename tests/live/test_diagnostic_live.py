"""rocstats.diagnostic_accuracy / cutpoint against epiR and cutpointr run live through rpy2
on fresh random data (rocstats_validation.diagnostic_parity's live comparisons).

Skipped without rpy2 / R / the R packages, with the reason (the ``epir`` / ``cutpointr``
fixtures of tests/conftest.py).
"""
import numpy as np

from rocstats_validation import diagnostic_parity as dp
from rocstats_validation.proc_parity import describe


def test_epir_live_fresh_tables(epir):
    recs = dp.epir_live_records(seed=20261130, n_tables=20)
    bad = [describe(r) for r in recs if not r["passed"]]
    assert not bad, "%d of %d fail:\n%s" % (len(bad), len(recs), "\n".join(bad[:30]))


def test_epir_live_equals_stored_on_asah(epir):
    case = next(c for c in dp.load_results()["epir"] if c["name"] == "asah_ndka_le_9.5")
    y = dp.asah()["outcome"].to_numpy() == "Poor"
    counts, detail = epir.epi_tests_at(y, dp.asah_score("ndka"), 9.5, direction=">",
                                     method="wilson", level=0.9)
    assert list(counts) == case["counts"]
    run = next(r for r in case["results"] if r["method"] == "wilson" and r["level"] == 0.9)
    for i, stat in enumerate(run["statistic"]):
        np.testing.assert_array_equal(detail[stat], (run["est"][i], run["lower"][i],
                                                     run["upper"][i]))


def test_cutpointr_live_fresh_data(cutpointr):
    recs = dp.cutpointr_live_records(seed=20261130, n_sets=3)
    bad = [describe(r) for r in recs if not r["passed"]]
    assert not bad, "%d of %d fail:\n%s" % (len(bad), len(recs), "\n".join(bad[:30]))
