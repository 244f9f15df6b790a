"""`rocstats._validation.warn_user` promises that "filters and the once-per-location
registry work as for ``warnings.warn``" at the user's line, and the small helpers around
it keep their documented contracts (issue 23: mutants of these survived because every
test ran with ``simplefilter("always")`` and no test read the bounds text).

What ``warnings.warn`` does, and so what is expected here (CPython's ``warnings.warn``):
the module name is the caller's ``__name__`` (``"<string>"`` when its globals have
none) and the registry is the caller's ``__warningregistry__``."""
import re
import warnings

import numpy as np
import pytest

import rocstats
from rocstats import ReversedDirectionWarning
from rocstats._validation import check_number, warn_reversed

Y, S = [1, 1, 0, 0], [0.1, 0.8, 0.6, 0.9]          # AUC 1/4 (1 of 4 pairs ordered)


def _reversed_auc():
    return rocstats.auc(Y, S)                       # one line: the location of the warning


def test_default_action_shows_a_warning_once_per_user_line():
    g = globals()
    g.pop("__warningregistry__", None)
    with warnings.catch_warnings(record=True) as rec:
        warnings.simplefilter("default")
        _reversed_auc()
        _reversed_auc()
    got = [r for r in rec if r.category is ReversedDirectionWarning]
    assert len(got) == 1
    assert got[0].filename == __file__
    # the entry sits in this module's registry, keyed by (text, category, line)
    keys = [k for k in g.get("__warningregistry__", {}) if isinstance(k, tuple)]
    assert [(k[1], k[2]) for k in keys] == [(ReversedDirectionWarning, got[0].lineno)]


def test_module_filter_matches_the_callers_module_name():
    with warnings.catch_warnings(record=True) as rec:
        warnings.simplefilter("always")
        warnings.filterwarnings("ignore", category=ReversedDirectionWarning,
                                module=re.escape(__name__) + r"\Z")
        _reversed_auc()
    assert not [r for r in rec if r.category is ReversedDirectionWarning]


def test_code_without_a_module_name_is_module_string():
    # exec'd code whose globals have no __name__, compiled under another file name:
    # warnings.warn calls its module "<string>"
    code = compile("rocstats.auc(Y, S)\n", "<user-script>", "exec")
    with warnings.catch_warnings(record=True) as rec:
        warnings.simplefilter("always")
        warnings.filterwarnings("ignore", category=ReversedDirectionWarning,
                                module=r"<string>\Z")
        exec(code, {"rocstats": rocstats, "Y": Y, "S": S})
    assert not [r for r in rec if r.category is ReversedDirectionWarning]
    with warnings.catch_warnings(record=True) as rec:           # and it does warn
        warnings.simplefilter("always")
        exec(code, {"rocstats": rocstats, "Y": Y, "S": S})
    got = [r for r in rec if r.category is ReversedDirectionWarning]
    assert len(got) == 1 and got[0].filename == "<user-script>" and got[0].lineno == 1


@pytest.mark.parametrize("kw, bounds", [
    (dict(low=0), ">= 0"),
    (dict(low=0, low_open=True), "> 0"),
    (dict(high=1), "<= 1"),
    (dict(high=1, high_open=True), "< 1"),
    (dict(low=0, high=1), ">= 0 and <= 1"),
    (dict(low=-1, high=2, low_open=True, high_open=True), "> -1 and < 2"),
])
def test_check_number_states_its_bounds(kw, bounds):
    # the docstring: a ValueError naming the option and saying what is expected
    bad = 5 if "high" in kw else -5
    with pytest.raises(ValueError) as err:
        check_number(bad, "x", **kw)
    assert str(err.value) == "x must be a finite number %s, got %r" % (bounds, bad)


def test_check_number_boundaries_follow_open_and_closed():
    assert check_number(0, "x", low=0) == 0.0 and check_number(1, "x", high=1) == 1.0
    for kw in (dict(low=0, low_open=True), dict(high=0, high_open=True)):
        with pytest.raises(ValueError, match="x must be"):
            check_number(0, "x", **kw)


def test_warn_reversed_returns_whether_it_warned():
    with warnings.catch_warnings(record=True) as rec:
        warnings.simplefilter("always")
        assert warn_reversed(0.75, "<", 1) is False
        assert warn_reversed(np.array([0.6, 0.5]), "<", 1, ("a", "b")) is False
        assert not rec
        assert warn_reversed(0.25, "<", 1) is True
        assert warn_reversed(np.array([0.6, 0.4]), ">", 0, ("a", "b")) is True
    assert [r.category for r in rec] == [ReversedDirectionWarning] * 2


def test_reversed_warning_lists_several_low_markers_separated_by_commas():
    worse = [0.1, 0.2, 0.9, 0.8]                    # AUC 0 (no pair ordered)
    with warnings.catch_warnings(record=True) as rec:
        warnings.simplefilter("always")
        rocstats.delong(Y, np.c_[S, worse])
    msg = [str(r.message) for r in rec if r.category is ReversedDirectionWarning]
    assert len(msg) == 1
    assert msg[0].startswith("column 0: AUC = 0.25, column 1: AUC = 0 < 0.5")


def test_reversed_warning_prints_a_tiny_auc_in_lower_case_exponent():
    # 101 cases below 101 controls but for one pair: AUC = 1 / 10201 (pairwise definition)
    cases = list(range(100)) + [100.5]
    controls = list(range(100, 201))
    y = [1] * 101 + [0] * 101
    with warnings.catch_warnings(record=True) as rec:
        warnings.simplefilter("always")
        rocstats.auc(y, cases + controls)
    msg = [str(r.message) for r in rec if r.category is ReversedDirectionWarning]
    assert len(msg) == 1 and msg[0].startswith("AUC = %.4g < 0.5" % (1 / 10201))
    assert msg[0].startswith("AUC = 9.803e-05 ")


def test_one_class_warning_names_the_auc_and_the_missing_class():
    with warnings.catch_warnings(record=True) as rec:
        warnings.simplefilter("always")
        assert np.isnan(rocstats.auc([1, 1, 1], [0.1, 0.2, 0.3]))
    msg = [str(r.message) for r in rec if r.category is rocstats.UndefinedAUCWarning]
    assert msg == ["AUC is undefined: y_true has no negatives (positives: 3, negatives: 0); "
                   "returning NaN"]


def test_one_class_warning_of_the_dask_auc_says_auc():
    da = pytest.importorskip("dask.array", reason="the Dask extra is not installed")
    import dask

    import rocstats.dask

    y = da.from_array([1, 1, 1, 1], chunks=2)
    s = da.from_array([0.1, 0.2, 0.3, 0.4], chunks=2)
    # the synchronous scheduler: no worker threads (the mutation run forks this process)
    with warnings.catch_warnings(record=True) as rec, dask.config.set(scheduler="synchronous"):
        warnings.simplefilter("always")
        assert np.isnan(rocstats.dask.auc(y, s))
    msg = [str(r.message) for r in rec if r.category is rocstats.UndefinedAUCWarning]
    assert msg == ["AUC is undefined: y_true has no negatives (positives: 4, negatives: 0); "
                   "returning NaN"]


@pytest.mark.parametrize("how", ["-c", "stdin"])
def test_warning_from_python_c_and_stdin_is_printed_not_a_crash(how):
    # __main__ of `python -c`, of a script read from stdin and of the REPL has a loader
    # that cannot give its source: warnings.warn copes, and so must warn_user (it raised
    # ImportError there when it passed the caller's globals to warn_explicit)
    import subprocess
    import sys

    code = "import rocstats\nprint(rocstats.auc([1, 1, 1], [0.1, 0.2, 0.3]))\n"
    args = [sys.executable, "-W", "always"] + (["-c", code] if how == "-c" else ["-"])
    out = subprocess.run(args, input=None if how == "-c" else code, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "nan"
    where = "<string>:2:" if how == "-c" else "<stdin>:2:"
    assert out.stderr.startswith(where + " UndefinedAUCWarning: AUC is undefined"), out.stderr
