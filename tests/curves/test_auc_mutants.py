"""Warnings point at the caller's line, and a non-finite score is refused even when a
class is absent (issue 23, surviving mutants of `rocstats.curves._auc`: the hard-coded
``stacklevel`` values pointed into rocstats -- ``_sample.py``, ``_delong.py``,
``_roctest.py`` -- once decorators had added frames; now the caller of the outermost rocstats
frame is reported, `rocstats._validation.warn_user`).

The documented contract: NaN or inf scores raise ``ValueError`` naming ``y_score``
(`rocstats.auc`'s docstring), checked before the one-class case returns NaN; a warning's
``stacklevel`` makes Python report the user's own line, the one that called rocstats.
"""
import warnings

import numpy as np
import pytest

import rocstats
from rocstats import ReversedDirectionWarning
from rocstats._validation import UndefinedAUCWarning


def _warned_here(fn, category):
    with warnings.catch_warnings(record=True) as rec:
        warnings.simplefilter("always")
        value = fn()
    assert [r.category for r in rec] == [category], [str(r.message) for r in rec]
    assert rec[0].filename == __file__, rec[0].filename
    return value


@pytest.mark.parametrize("partial", [None, (0.8, 1.0)])
def test_one_class_warning_points_at_the_caller(partial):
    value = _warned_here(lambda: rocstats.auc([1, 1, 1], [0.2, 0.5, 0.9], partial=partial),
                         UndefinedAUCWarning)
    assert np.isnan(value)


def test_reversed_warning_points_at_the_caller():
    # positives 0.1, 0.2 below negatives 0.8, 0.9: AUC 0 by the pairwise definition
    value = _warned_here(lambda: rocstats.auc([1, 1, 0, 0], [0.1, 0.2, 0.8, 0.9]),
                         ReversedDirectionWarning)
    assert value == 0.0


@pytest.mark.parametrize("y", [[0, 0, 0], [1, 1, 1], [False, False, False]])
@pytest.mark.parametrize("bad", [np.nan, np.inf])
def test_non_finite_score_refused_even_with_one_class(y, bad):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(ValueError, match="y_score"):
            rocstats.auc(y, [0.1, bad, 0.3])


Y_ONE, S4 = [1, 1, 1, 1], np.array([0.1, 0.2, 0.3, 0.4])
Y_REV, S_REV = [1, 1, 0, 0], np.array([0.1, 0.2, 0.8, 0.9])
CALLS = {
    "auc": lambda y, s: rocstats.auc(y, s),
    "auc partial": lambda y, s: rocstats.auc(y, s, partial=(0.8, 1)),
    "auc 2 markers": lambda y, s: rocstats.auc(y, np.c_[s, s]),
    "delong": lambda y, s: rocstats.delong(y, s),
    "delong 2 markers": lambda y, s: rocstats.delong(y, np.c_[s, s]),
    "roc_curve": lambda y, s: rocstats.roc_curve(y, s),
    "roc": lambda y, s: rocstats.roc(y, s).auc(),
    "ci_auc": lambda y, s: rocstats.ci_auc(y, s),
    "ci_auc bootstrap": lambda y, s: rocstats.ci_auc(y, s, method="bootstrap", n_boot=20,
                                                     random_state=1),
    "coords": lambda y, s: rocstats.coords(y, s),
    "roc_test": lambda y, s: rocstats.roc_test(y, s, s[::-1]),
    "auc_test": lambda y, s: rocstats.auc_test(y, s),
    "roc_test_unpaired": lambda y, s: rocstats.roc_test_unpaired(y, s, y, s),
}


@pytest.mark.parametrize("call", sorted(CALLS))
@pytest.mark.parametrize("case", ["one class", "reversed"])
def test_every_warning_points_at_the_caller(call, case):
    y, s = (Y_ONE, S4) if case == "one class" else (Y_REV, S_REV)
    with warnings.catch_warnings(record=True) as rec:
        warnings.simplefilter("always")
        CALLS[call](y, s)
    # a curve (no area) and a partial area have no direction check (a partial area below
    # its diagonal share is not "reversed" in pROC's sense either)
    silent = case == "reversed" and call in ("roc_curve", "coords", "auc partial")
    expected = UndefinedAUCWarning if case == "one class" else ReversedDirectionWarning
    assert (expected in [r.category for r in rec]) != silent, [str(r.message) for r in rec]
    assert [r.filename for r in rec] == [__file__] * len(rec)


def test_roc_constructor_refuses_raw_data():
    with pytest.raises(TypeError, match=r"rocstats\.roc\(y_true, y_score\)"):
        rocstats.ROC([1, 0], [0.1, 0.2])


def test_a_foreign_frame_between_rocstats_frames_is_not_the_caller(monkeypatch):
    # a wrapper from outside the package (here: this file) between two rocstats frames,
    # as a decorator or a mutation-testing trampoline puts one: the warning still names
    # the line that called rocstats, not the wrapper
    import inspect

    import rocstats.curves._auc as auc_module
    inner = auc_module.sample_auc
    monkeypatch.setattr(auc_module, "sample_auc", lambda *a, **k: inner(*a, **k))
    with warnings.catch_warnings(record=True) as rec:
        warnings.simplefilter("always")
        line = inspect.currentframe().f_lineno + 1
        rocstats.auc([1, 1, 1], [0.2, 0.5, 0.9])
    assert [(r.category, r.filename, r.lineno) for r in rec] == [
        (UndefinedAUCWarning, __file__, line)]
