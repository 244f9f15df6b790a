"""Run pROC live through rpy2 on NumPy arrays.

Every function sources ``proc_helpers.R`` (next to this file) once into a private R
environment and calls one R function defined there (one call each: `proc_auc` ->
``rocstats_proc_single``, `proc_paired` / `proc_roc_test` ->
``rocstats_proc_paired``, `proc_unpaired` / `proc_roc_test_unpaired` ->
``rocstats_proc_unpaired``); the repository's generator of stored results sources the
same file to produce its stored results, so live and stored numbers come from identical
R code:

    roc(response, predictor, levels = c(control, case), direction = "<", quiet = TRUE)
    auc(r); var(r, method = "delong"); ci.auc(r, conf.level, method = "delong")
    cov(r1, r2, method = "delong")
    roc.test(r1, r2, method = "delong", paired = TRUE / FALSE, alternative = ...)

Data cross the bridge inside ``localconverter(default_converter + numpy2ri.converter)``:
float64 arrays arrive in R bit for bit.  Results come back as plain Python dicts of
floats (NaN where pROC returns NA / NaN), with pROC's warnings as a list of strings.
"""
import functools
from pathlib import Path

import numpy as np

from ._session import r_package_status, source_helpers
from ._session import version_tuple as _version_tuple

__all__ = ["r_available", "r_versions", "proc_auc", "proc_paired", "proc_unpaired",
           "proc_roc_test", "proc_roc_test_unpaired", "proc_partial", "proc_smooth",
           "proc_coords", "proc_ci_bootstrap", "PROC_MIN_VERSION", "HELPERS_R",
           "ALTERNATIVES", "PARTIAL_RANGES"]

#: pROC 1.18 is the first version whose paired ``roc.test`` reports ``conf.int``.
PROC_MIN_VERSION = (1, 18, 0)
#: The R code run by this module (and by the generator of the stored results).
HELPERS_R = Path(__file__).with_name("proc_helpers.R")
ALTERNATIVES = ("two-sided", "greater", "less")


@functools.lru_cache(maxsize=None)
def r_available():
    """Whether pROC can be run through rpy2: ``(True, description)`` or ``(False, reason)``.

    Checks, in order: rpy2 importable, the embedded R starts, pROC installed and at least
    1.18.0, and the R helper file present.  Never raises.
    """
    ok, pkg = r_package_status("pROC")
    if not ok:
        return False, pkg
    if _version_tuple(pkg.version) < PROC_MIN_VERSION:
        return False, ("pROC %s is too old: %s or newer is needed"
                       % (pkg.version, ".".join(map(str, PROC_MIN_VERSION))))
    if not HELPERS_R.is_file():
        return False, "the R helper file %s is missing from this installation" % HELPERS_R
    return True, "%s, pROC %s, rpy2 %s" % (pkg.r_version, pkg.version, pkg.rpy2_version)


def _require():
    ok, reason = r_available()
    if not ok:
        raise RuntimeError("rocstats.r: pROC is not available: %s" % reason)


@functools.lru_cache(maxsize=None)
def _helpers():
    """The R environment holding the functions of proc_helpers.R (sourced once)."""
    _require()
    return source_helpers(HELPERS_R)


def _call(name, *args, **kwargs):
    """Call helper ``name`` with NumPy/Python arguments; return plain Python objects."""
    from rpy2.robjects import default_converter, numpy2ri
    from rpy2.robjects.conversion import localconverter

    fun = _helpers()[name]
    with localconverter(default_converter + numpy2ri.converter):
        out = fun(*args, **kwargs)
        return _to_python(out)


def _to_python(obj, key=None):
    """R list -> dict / list, length-1 vectors -> scalars, NA -> nan (strings: None)."""
    if hasattr(obj, "items"):  # rpy2 OrdDict (an R list converted by numpy2ri)
        items = list(obj.items())
        if items and all(k is None for k, _ in items):
            return [_to_python(v) for _, v in items]
        return {str(k): _to_python(v, str(k)) for k, v in items}
    if isinstance(obj, (list, tuple)):
        return [_to_python(v) for v in obj]
    arr = np.asarray(obj)
    if arr.dtype.kind in "US":
        values = [str(v) for v in arr.ravel()]
        return values if key == "warnings" or len(values) != 1 else values[0]
    if key == "warnings":  # character(0) can arrive as an empty non-string array
        return [str(v) for v in arr.ravel()]
    if arr.dtype.kind == "b":
        values = [bool(v) for v in arr.ravel()]
    elif arr.dtype.kind in "iu":
        values = [int(v) for v in arr.ravel()]
    else:
        values = [float(v) for v in arr.astype(np.float64).ravel()]
    return values[0] if len(values) == 1 else values


def _r_scalar(value):
    """A label (control or case) as a plain Python scalar for R."""
    if isinstance(value, np.generic):
        value = value.item()
    if not isinstance(value, (bool, int, float, str)):
        raise ValueError("control and case labels must be numbers, booleans or strings, "
                         "got %r" % (value,))
    return value


def _labels(y, name):
    arr = np.asarray(y)
    if arr.ndim != 1:
        raise ValueError("%s must be 1-dimensional, got shape %s" % (name, arr.shape))
    if arr.dtype.kind == "O":
        arr = arr.astype(str)
    elif arr.dtype.kind == "S":
        arr = arr.astype(str)
    elif arr.dtype.kind == "u":
        arr = arr.astype(np.int64)
    return np.ascontiguousarray(arr)


def _scores(x, name, size):
    arr = np.ascontiguousarray(np.asarray(x, dtype=np.float64))
    if arr.ndim != 1 or arr.size != size:
        raise ValueError("%s must be 1-dimensional with %d values, got shape %s"
                         % (name, size, arr.shape))
    return arr


def _alternatives(alternatives):
    alts = (alternatives,) if isinstance(alternatives, str) else tuple(alternatives)
    for alt in alts:
        if alt not in ALTERNATIVES:
            raise ValueError("alternative must be one of %s, got %r" % (ALTERNATIVES, alt))
    return np.array(alts)


def r_versions():
    """Versions seen by the bridge: ``r_version``, ``proc_version``, ``platform``, ``rpy2_version``."""
    _require()
    import rpy2

    out = _call("rocstats_proc_versions")
    out["rpy2_version"] = rpy2.__version__
    return out


def proc_auc(y, score, *, control=0, case=1, conf_level=0.95):
    """pROC's AUC, DeLong variance and DeLong CI of one score.

    Returns a dict: ``auc``, ``var``, ``ci_lower``, ``ci_upper``, ``conf_level``,
    ``n_case``, ``n_control``, the optimal thresholds of ``coords(r, "best")``
    (``best_youden_*`` and ``best_topleft_*``: ``threshold``, ``se``, ``sp``, ``ties``)
    and ``warnings``.
    """
    y = _labels(y, "y")
    return _call("rocstats_proc_single", y, _scores(score, "score", y.size),
                 _r_scalar(control), _r_scalar(case), float(conf_level))


def proc_paired(y, score_a, score_b, *, control=0, case=1, alternatives=ALTERNATIVES,
                conf_level=0.95):
    """pROC's DeLong covariance and paired DeLong tests of two scores of the same
    subjects, for several alternatives in one call.

    Returns a dict: ``auc_a``, ``auc_b``, ``cov``, ``tests`` (alternative -> dict of
    ``statistic`` (Z), ``p_value``, ``conf_lower``, ``conf_upper``, ``conf_level``) and
    ``warnings``.
    """
    y = _labels(y, "y")
    return _call("rocstats_proc_paired", y, _scores(score_a, "score_a", y.size),
                 _scores(score_b, "score_b", y.size), _r_scalar(control), _r_scalar(case),
                 _alternatives(alternatives), float(conf_level))


def proc_roc_test(y, score_a, score_b, *, control=0, case=1, alternative="two-sided",
                  conf_level=0.95):
    """pROC's paired DeLong test and DeLong covariance of two scores of the same subjects.

    Returns a dict: ``statistic`` (Z), ``p_value``, ``conf_lower``, ``conf_upper``,
    ``conf_level``, ``cov``, ``auc_a``, ``auc_b``, ``warnings``.
    """
    out = proc_paired(y, score_a, score_b, control=control, case=case,
                      alternatives=alternative, conf_level=conf_level)
    test = out.pop("tests")[alternative]
    return dict(test, **out)


def proc_unpaired(y_a, score_a, y_b, score_b, *, control=0, case=1,
                  alternatives=ALTERNATIVES):
    """pROC's unpaired DeLong tests of two independent samples, for several alternatives
    in one call.

    Returns a dict: ``auc_a``, ``auc_b``, ``tests`` (alternative -> dict of ``statistic``
    (D), ``df``, ``p_value``) and ``warnings``.
    """
    y_a = _labels(y_a, "y_a")
    y_b = _labels(y_b, "y_b")
    return _call("rocstats_proc_unpaired", y_a, _scores(score_a, "score_a", y_a.size),
                 y_b, _scores(score_b, "score_b", y_b.size), _r_scalar(control),
                 _r_scalar(case), _alternatives(alternatives))


def proc_roc_test_unpaired(y_a, score_a, y_b, score_b, *, control=0, case=1,
                           alternative="two-sided"):
    """pROC's unpaired DeLong test of two independent samples.

    Returns a dict: ``statistic`` (D), ``df``, ``p_value``, ``auc_a``, ``auc_b``, ``warnings``.
    """
    out = proc_unpaired(y_a, score_a, y_b, score_b, control=control, case=case,
                        alternatives=alternative)
    test = out.pop("tests")[alternative]
    return dict(test, **out)


# ------------------------------------------------------- partial AUC and smoothing (issue 11)
#: the partial-AUC ranges of the stored references, rocstats' (low, high)
PARTIAL_RANGES = ((0.8, 1.0), (0.6, 0.9), (0.25, 0.55))


def _ranges(ranges):
    lo = np.array([float(r[0]) for r in ranges])
    hi = np.array([float(r[1]) for r in ranges])
    return lo, hi


def _direction(direction):
    if direction not in ("<", ">"):
        raise ValueError("direction must be '<' or '>', got %r" % (direction,))
    return direction


def proc_partial(y, score, *, control=0, case=1, direction="<", ranges=PARTIAL_RANGES):
    """pROC's AUC and partial AUCs of one score (``rocstats_proc_partial``).

    For every ``(low, high)`` in ``ranges``, both focuses and both corrections:
    ``auc(r, partial.auc = c(high, low), partial.auc.focus, partial.auc.correct)``.
    Returns a dict: ``auc``, ``n_case``, ``n_control``, ``partial`` (records with ``lo``,
    ``hi``, ``focus``, ``correct``, ``value``, ``warnings``) and ``warnings``.
    """
    y = _labels(y, "y")
    lo, hi = _ranges(ranges)
    return _call("rocstats_proc_partial", y, _scores(score, "score", y.size),
                 _r_scalar(control), _r_scalar(case), _direction(direction), lo, hi)


def proc_smooth(y, score, *, control=0, case=1, direction="<", method="binormal", n=512,
                ranges=PARTIAL_RANGES):
    """pROC's ``smooth(r, method = method, n = n)`` of one score (``rocstats_proc_smooth``).

    Returns a dict: ``auc``, ``specificities``, ``sensitivities``, ``partial`` (as in
    `proc_partial`, on the smoothed curve), ``coefficients`` (binormal ``(a, b)``)
    or ``bw`` (density: ``bw.nrd0`` of the pooled scores) and ``warnings``.
    """
    if method not in ("binormal", "density"):
        raise ValueError("method must be 'binormal' or 'density', got %r" % (method,))
    y = _labels(y, "y")
    lo, hi = _ranges(ranges)
    return _call("rocstats_proc_smooth", y, _scores(score, "score", y.size),
                 _r_scalar(control), _r_scalar(case), _direction(direction), method,
                 int(n), lo, hi)


# ------------------------------------------------------- coords and bootstrap (issue 11)
def _xs(x, name):
    arr = np.atleast_1d(np.asarray(x, dtype=np.float64))
    if arr.ndim != 1:
        raise ValueError("%s must be 1-dimensional" % name)
    return np.ascontiguousarray(arr)


def proc_coords(y, score, *, control=0, case=1, direction="<", x_specificity=(0.5,),
                x_sensitivity=(0.5,), x_threshold=(0.0,), x_fpr=(0.5,), x_tp=(0.0,),
                weights=((1.0, 0.5), (2.0, 0.25), (0.5, 0.7))):
    """pROC's ``coords`` of one score (R function ``rocstats_proc_coords``).

    Returns a dict: ``n_case``, ``n_control``; ``all`` (``coords(r, "all", ret =
    "all")``: column name -> list of values), ``local_maximas`` (threshold, specificity,
    sensitivity), ``best`` (a list of ``{"best_method", "best_weights", "columns"}`` for
    both methods and each pair of ``weights``), ``inputs`` (input name -> ``{"x",
    "columns"}`` for specificity, sensitivity, threshold, fpr and tp at the given x) and
    ``warnings``.  NA / NaN arrive as NaN.
    """
    y = _labels(y, "y")
    w = np.asarray(weights, dtype=np.float64).reshape(-1)
    return _call("rocstats_proc_coords", y, _scores(score, "score", y.size), _r_scalar(control),
                 _r_scalar(case), _direction(direction), _xs(x_specificity, "x_specificity"),
                 _xs(x_sensitivity, "x_sensitivity"), _xs(x_threshold, "x_threshold"),
                 _xs(x_fpr, "x_fpr"), _xs(x_tp, "x_tp"), w)


def proc_ci_bootstrap(y, score, *, control=0, case=1, direction="<", seed=1, boot_n=2000,
                      stratified=True, specificities=None, sensitivities=None,
                      x_specificity=(0.5, 0.8, 0.9), x_threshold=(0.0,), partial=None,
                      focus="specificity", correct=False, conf_level=0.95):
    """pROC's bootstrap intervals of one score (R function ``rocstats_proc_ci_bootstrap``):
    ``ci.auc(method = "bootstrap")``, ``ci.se``, ``ci.sp``, ``ci.thresholds("local
    maximas")``, ``ci.coords`` at "best" (best.policy "random"), at ``x_specificity`` and
    at ``x_threshold``, and with ``partial`` (pROC's order, e.g. ``(1, 0.8)``) the
    partial AUC's ``ci.auc``; each preceded by ``set.seed(seed + k)``.

    Returns the nested dict of the R function (quantiles ``lower``, ``median``,
    ``upper``) with ``warnings``.
    """
    y = _labels(y, "y")
    grid = np.arange(11) * 0.1
    sps = grid if specificities is None else _xs(specificities, "specificities")
    ses = grid if sensitivities is None else _xs(sensitivities, "sensitivities")
    kw = {}
    if partial is not None:
        kw = dict(partial=_xs(partial, "partial"), focus=str(focus), correct=bool(correct))
    return _call("rocstats_proc_ci_bootstrap", y, _scores(score, "score", y.size),
                 _r_scalar(control), _r_scalar(case), _direction(direction), int(seed),
                 int(boot_n), bool(stratified), sps, ses, _xs(x_specificity, "x_specificity"),
                 _xs(x_threshold, "x_threshold"), conf_level=float(conf_level), **kw)
