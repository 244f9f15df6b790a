"""roc_test's own texts and counts (issue 23, the last compare._roctest survivors):
the fixed-point methods' argument errors, the number of Venkatraman permutations when it
is not a multiple of the block of 256, and pROC's default boot.n = 2000."""
import numpy as np
import pytest

import rocstats

Y = [0, 0, 0, 0, 0, 1, 1, 1, 1, 1]
A = [0.1, 0.3, 0.2, 0.6, 0.4, 0.8, 0.7, 0.35, 0.9, 0.5]
B = [0.2, 0.1, 0.5, 0.3, 0.45, 0.6, 0.9, 0.4, 0.7, 0.8]


@pytest.mark.parametrize("method, other, text", [
    ("specificity", "sensitivity",
     "sensitivity is not used with method='specificity' (which compares sensitivities at "
     "a given specificity=); for specificities at a fixed sensitivity use "
     "method='sensitivity'"),
    ("sensitivity", "specificity",
     "specificity is not used with method='sensitivity' (which compares specificities at "
     "a given sensitivity=); for sensitivities at a fixed specificity use "
     "method='specificity'"),
])
def test_fixed_point_methods_refuse_the_other_target(method, other, text):
    with pytest.raises(ValueError) as err:
        rocstats.roc_test(Y, A, B, method=method, **{method: 0.8, other: 0.8})
    assert str(err.value) == text


@pytest.mark.parametrize("name", ["specificity", "sensitivity"])
def test_a_target_without_its_method_is_refused_by_name(name):
    with pytest.raises(ValueError) as err:
        rocstats.roc_test(Y, A, B, method="delong", **{name: 0.8})
    assert str(err.value) == "%s is only used with method=%r, not method='delong'" % (name,
                                                                                       name)


@pytest.mark.parametrize("n_boot", [256 + 7, 2 * 256 + 1])
def test_venkatraman_draws_exactly_n_boot_permutations(n_boot):
    t = rocstats.roc_test(Y, A, B, method="venkatraman", n_boot=n_boot, random_state=3)
    assert t.n_boot == n_boot and np.asarray(t.replicates).size == n_boot
    u = rocstats.roc_test_unpaired(Y, A, Y, B, method="venkatraman", n_boot=n_boot,
                                   random_state=3)
    assert np.asarray(u.replicates).size == n_boot


def test_bootstrap_test_defaults_to_2000_replicates():
    t = rocstats.roc_test(Y, A, B, method="bootstrap", random_state=1)
    assert t.n_boot == 2000 and np.asarray(t.replicates).size == 2000


@pytest.mark.parametrize("method", ["specificity", "sensitivity"])
def test_margin_on_a_fixed_point_test_shifts_the_same_test(method):
    # a margin test is the plain test with H0 moved by the margin: the same estimate and
    # se (same seed), statistic (estimate + margin) / se for alternative="greater"
    kw = {method: 0.8, "n_boot": 200, "random_state": 2}
    t = rocstats.roc_test(Y, A, B, method=method, **kw)
    m = rocstats.roc_test(Y, A, B, method=method, margin=0.1, alternative="greater", **kw)
    assert m.estimate == t.estimate and m.se == t.se
    assert m.statistic == pytest.approx((t.estimate + 0.1) / t.se, rel=1e-12)


def test_bootstrap_partial_test_uses_the_corrected_areas_when_asked():
    # correct=True: the estimate is the difference of McClish-corrected partial AUCs,
    # each as rocstats.delong(..., correct=True) computes it
    t = rocstats.roc_test(Y, A, B, method="bootstrap", partial=(0.8, 1.0), correct=True,
                          n_boot=50, random_state=2)
    da = rocstats.delong(Y, A, partial=(0.8, 1.0), correct=True).auc
    db = rocstats.delong(Y, B, partial=(0.8, 1.0), correct=True).auc
    assert t.estimate == pytest.approx(da - db, rel=1e-12)
    assert t.aucs == pytest.approx((da, db), rel=1e-12)
