"""scikit-survival's cumulative_dynamic_auc (point estimates only) where its estimand is
riskRegression's, and the one convention where it is not: a case's weight 1/G(T_i)
(censorings tied with the case's event time included) instead of 1/G(T_i-)."""
import numpy as np
import pytest

pytest.importorskip("sksurv")

from sksurv.metrics import cumulative_dynamic_auc  # noqa: E402
from sksurv.util import Surv  # noqa: E402

from _defs import reverse_km_def  # noqa: E402
from rocstats.survival import time_roc  # noqa: E402
from rocstats_validation import survival_parity as sp  # noqa: E402


def test_stored_cases_without_event_censoring_ties():
    stored = sp.load_results()
    names = [n for n, c in stored["cases"].items() if sp.sksurv_comparable(c)]
    assert {"sim_large", "sim_uncensored"} <= set(names)
    for name in names:
        recs = sp.sksurv_records(name, stored["cases"][name])
        assert recs and all(r["passed"] for r in recs), [sp.describe(r) for r in recs
                                                         if not r["passed"]]


def _auc_G_at_T(time, event, marker, t):
    """The IPCW AUC with sksurv's case weights 1/G(T_i) (loop definition)."""
    cases = [(m, 1 / reverse_km_def(time, event, T)) for T, e, m in zip(time, event, marker)
             if T <= t and e]
    ctrls = [m for T, m in zip(time, marker) if T > t]
    num = sum(w * sum((m > c) + 0.5 * (m == c) for c in ctrls) for m, w in cases)
    return num / (sum(w for _, w in cases) * len(ctrls))


def test_tied_event_and_censoring_times_differ_by_the_case_weight():
    rng = np.random.default_rng(4)
    n = 120
    x = np.round(rng.normal(size=n), 1)
    ev = np.ceil(rng.exponential(6 * np.exp(-0.6 * x)))
    ce = np.ceil(rng.exponential(8, size=n))
    time, event = np.minimum(ev, ce), (ev <= ce)
    assert set(time[event]) & set(time[~event])       # ties between events and censorings
    times = np.array([3.0, 6.0])
    sk, _ = cumulative_dynamic_auc(Surv.from_arrays(event, time),
                                   Surv.from_arrays(event, time), x, times)
    ours = time_roc(time, event.astype(int), x, times, se=False).auc
    assert np.max(np.abs(sk - ours)) > 1e-6           # not the same estimand here
    for k, t in enumerate(times):
        assert sk[k] == pytest.approx(_auc_G_at_T(time.tolist(), event.tolist(),
                                                  x.tolist(), t), rel=1e-12)
