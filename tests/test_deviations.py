"""Every deliberate difference from pROC (issue 22), listed in rocstats._deviations and
checked here: each one is named, with its reason and the call that reproduces pROC, in the
printout of the result it affects -- and nowhere else (a result pROC would give the same
way carries no such note)."""
import warnings

import numpy as np
import pytest

import rocstats
from rocstats._deviations import DEVIATIONS, note


def _data(n=60, seed=4):
    rng = np.random.default_rng(seed)
    y = np.r_[np.ones(n // 2, int), np.zeros(n - n // 2, int)]
    a = rng.normal(size=n) + y
    b = 0.5 * a + rng.normal(size=n)
    return y, a, b


def _text(result):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return str(result.summary())


def _direction():
    y, a, _ = _data()
    return rocstats.roc(y, a), None


def _null_variance():
    y, a, b = _data()
    return (rocstats.power_roc_test_paired(y, a, b, power=0.9),
            rocstats.power_roc_test_paired(y, a, b, power=0.9, null_variance="first"))


def _auc_root_tolerance():
    from rocstats.compare._power import PROC_UNIROOT_TOL

    return (rocstats.power_roc_test(ncases=30, ncontrols=30, power=0.8),
            rocstats.power_roc_test(ncases=30, ncontrols=30, power=0.8, tol=PROC_UNIROOT_TOL))


def _venkatraman_unpaired_share():
    y, a, b = _data()
    kw = dict(method="venkatraman", n_boot=50, random_state=1)
    return (rocstats.roc_test_unpaired(y, a, y[:40], b[:40], **kw),
            rocstats.roc_test_unpaired(y, a, y, b, **kw))


def _venkatraman_ranks():
    y, a, b = _data()
    kw = dict(method="venkatraman", n_boot=50, random_state=1)
    return (rocstats.roc_test(y, -a, -b, direction=">", **kw),
            rocstats.roc_test(y, a, b, **kw))


def _exact_best():
    y = [0, 0, 1, 0, 1, 1]                      # two thresholds with J = 2/3
    s = [0.1, 0.2, 0.3, 0.4, 0.6, 0.9]
    return (rocstats.best_threshold(y, s),
            rocstats.best_threshold([0, 0, 1, 1], [0.1, 0.2, 0.3, 0.4]))


def _binormal_zero_slope():
    # issue 23's reproducer: every inner point at specificity 2/3 (slope exactly 0)
    return (rocstats.smooth_roc([0, 0, 0, 1, 1, 1], [0, 0, 10, 5, 6, 7], n=5),
            rocstats.smooth_roc(*_data()[:2]))


#: deviation -> a call whose printout must name it, and one (or None) whose must not
CASES = {"direction": _direction, "null_variance": _null_variance,
         "auc_root_tolerance": _auc_root_tolerance,
         "venkatraman_unpaired_share": _venkatraman_unpaired_share,
         "venkatraman_ranks": _venkatraman_ranks, "exact_best": _exact_best,
         "binormal_zero_slope": _binormal_zero_slope}


def test_every_deviation_has_a_check():
    assert set(CASES) == set(DEVIATIONS)


@pytest.mark.parametrize("key", sorted(DEVIATIONS))
def test_deviation_is_named_in_the_printout_it_affects(key):
    what, why, proc = DEVIATIONS[key]
    assert what and why and proc
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        affected, unaffected = CASES[key]()
    text = _text(affected)
    assert note(key) in text.replace("\n", " ") or note(key) in text
    assert "Differs from pROC" in text and proc in text
    if unaffected is not None:
        assert note(key) not in _text(unaffected)


def test_procs_default_method_for_paired_power_is_delong():
    """pROC's power.roc.test(roc1, roc2) defaults to method = "delong"; so does
    rocstats, and its V0 choice (the deviation above) is the only difference: with
    null_variance="first" the numbers are pROC's (validation suite proc_power)."""
    y, a, b = _data()
    assert (rocstats.power_roc_test_paired(y, a, b, power=0.9).method ==
            rocstats.power_roc_test_paired(y, a, b, power=0.9, method="delong").method ==
            "delong")


def test_venkatraman_printout_shows_no_delong_interval():
    y, a, b = _data()
    t = rocstats.roc_test(y, a, b, method="venkatraman", n_boot=50, random_state=1)
    assert "CI" not in _text(t)
    assert "CI" in _text(rocstats.roc_test(y, a, b))
