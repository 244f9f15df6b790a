"""A second implementation's verdict: rocstats against pROC, live, on the user's own data.

`compare_with_proc` computes the deterministic quantities of a ROC study with rocstats
and with pROC (through the bridges of `rocstats.r._proc`, R called through rpy2) and lays
them side by side with their relative difference, the tolerance and a pass flag.  It is what
the appendix of `rocstats.report.roc_study` shows, and it can sit in a user's own test
suite (see the example in `compare_with_proc`).
"""
from __future__ import annotations

import itertools
import warnings

import numpy as np

__all__ = ["compare_with_proc", "RTOL", "ATOL"]

#: Relative tolerance: both implementations compute the same closed forms in double precision,
#: so they agree to rounding (the repository's stored-results suites use 1e-10 too).
RTOL = 1e-10
#: Absolute floor for quantities that are 0 or cancel to ~0 (a z of two equal AUCs, say).
ATOL = 1e-12


def _columns(y_score):
    """``{name: 1-D float array}`` from a 1-D array, a 2-D array, a DataFrame or a dict."""
    if isinstance(y_score, dict):
        return {str(k): np.asarray(v, dtype=float) for k, v in y_score.items()}
    if hasattr(y_score, "columns"):
        return {str(c): np.asarray(y_score[c], dtype=float) for c in y_score.columns}
    arr = np.asarray(y_score, dtype=float)
    if arr.ndim == 1:
        return {str(getattr(y_score, "name", None) or "score"): arr}
    if arr.ndim == 2:
        return {f"score {j + 1}": arr[:, j] for j in range(arr.shape[1])}
    raise ValueError("y_score must be 1-D, 2-D, a DataFrame or a dict of arrays, got shape %s"
                     % (arr.shape,))


def compare_with_proc(y_true, y_score, *, pos_label=None, direction="<", level=0.95,
                      partial=(0.9, 1.0), specificities=(0.8, 0.9, 0.95), rtol=RTOL, atol=ATOL):
    r"""Compare rocstats with pROC, live through rpy2, on one or several scores.

    For every score: the AUC, its DeLong variance and DeLong confidence interval
    (``ci.auc(method = "delong")``), the partial AUC over ``partial`` (a specificity range)
    with and without McClish's correction, the Youden-optimal threshold with its sensitivity
    and specificity (``coords(r, "best")``; left out when pROC reports several tied optima),
    and the sensitivity at each of ``specificities`` (``coords(r, x, input =
    "specificity")``).  For every pair of scores: the paired DeLong test's z, p-value and the
    confidence interval of the difference (``roc.test(method = "delong", paired = TRUE)``).
    Bootstrap quantities are random and are not compared here (the repository's
    ``proc_coords`` suite compares them within Monte Carlo error).

    Parameters
    ----------
    y_true : array-like
        Two-class labels, read under rocstats' label contract (``pos_label`` as in
        `rocstats.auc`); pROC receives 0 (control) / 1 (case).
    y_score : array-like, DataFrame or dict
        One score (1-D), several (2-D, one per column), a DataFrame (names from its columns)
        or ``{name: scores}``.
    pos_label : label, optional
        The positive class (cases).
    direction : {"<", ">"}
        ``"<"``: cases score higher.  With ``">"`` pROC receives the negated scores (its
        DeLong helpers fix ``direction = "<"``) and thresholds are negated back.
    level : float
        Confidence level of the DeLong intervals.
    partial : (float, float) or None
        Specificity range of the partial AUC; None leaves it out.
    specificities : sequence of float
        Where the sensitivity is compared.
    rtol, atol : float
        A row passes when ``|rocstats - pROC| <= rtol * |pROC| + atol``.

    Returns
    -------
    pandas.DataFrame
        Columns ``score``, ``quantity``, ``rocstats``, ``pROC``, ``relative difference``
        (``|rocstats - pROC| / |pROC|``; the absolute difference when pROC's value is 0),
        ``tolerance`` (the allowed absolute difference), ``pass``.  ``attrs["versions"]``
        holds R, pROC and rpy2 versions.

    Raises
    ------
    RuntimeError
        When R, rpy2 or pROC >= 1.18 are not available (the message says which;
        `rocstats.r.r_available` tells beforehand).
    ValueError
        Bad labels or scores (as `rocstats.auc`), ``direction`` not ``"<"``/``">"``.

    Examples
    --------
    In a user's own test suite (pytest), skipped where R is absent::

        import pytest
        import rocstats.r

        @pytest.mark.skipif(not rocstats.r.r_available()[0], reason="R/pROC not available")
        def test_my_marker_agrees_with_proc():
            table = rocstats.r.compare_with_proc(data.outcome, data[["s100b", "ndka"]],
                                                 pos_label="Poor")
            assert table["pass"].all(), table[~table["pass"]]

    On aSAH, as pROC's ``auc(roc(outcome, s100b))`` = 0.7314:

    >>> import pandas as pd, rocstats.r                       # doctest: +SKIP
    >>> from rocstats_validation.paths import DATA_DIR          # doctest: +SKIP
    >>> d = pd.read_csv(DATA_DIR / "asah.csv")                  # doctest: +SKIP
    >>> t = rocstats.r.compare_with_proc(d.outcome, d.s100b, pos_label="Poor")  # doctest: +SKIP
    >>> round(t.set_index("quantity").loc["AUC", "pROC"], 4), bool(t["pass"].all())  # doctest: +SKIP
    (0.7314, True)
    """
    import pandas as pd

    import rocstats
    from rocstats._labels import binary_labels

    from . import _proc

    if direction not in ("<", ">"):
        raise ValueError("direction must be '<' or '>', got %r" % (direction,))
    ok, why = _proc.r_available()
    if not ok:
        raise RuntimeError("compare_with_proc needs R, rpy2 and pROC >= 1.18: " + why)
    labels = binary_labels(y_true, pos_label, name="y_true")
    y01 = labels.is_pos.astype(np.int64)
    scores = _columns(y_score)
    for name, s in scores.items():
        if s.shape != y01.shape:
            raise ValueError("y_score column %r has %d values, y_true %d" % (name, s.size, y01.size))
    sign = 1.0 if direction == "<" else -1.0
    kw = dict(pos_label=True, direction="<")  # rocstats on the same 0/1 view and signed scores
    yb = labels.is_pos
    rows = []

    def add(score, quantity, ours, theirs):
        ours, theirs = float(ours), float(theirs)
        diff = abs(ours - theirs)
        rel = diff / abs(theirs) if theirs != 0 else diff
        tol = rtol * abs(theirs) + atol
        ok = bool(diff <= tol) if np.isfinite(ours) and np.isfinite(theirs) else bool(
            np.isnan(ours) and np.isnan(theirs))
        rows.append({"score": score, "quantity": quantity, "rocstats": ours, "pROC": theirs,
                     "relative difference": rel, "tolerance": tol, "pass": ok})

    for name, raw in scores.items():
        s = sign * raw
        ref = _proc.proc_auc(y01, s, control=0, case=1, conf_level=level)
        d = rocstats.delong(yb, s, **kw)
        ci = d.conf_int(level)
        add(name, "AUC", d.auc, ref["auc"])
        add(name, "DeLong variance", d.variance, ref["var"])
        add(name, f"DeLong {level:.0%} CI lower", ci.lower, ref["ci_lower"])
        add(name, f"DeLong {level:.0%} CI upper", ci.upper, ref["ci_upper"])
        if partial is not None:
            lo, hi = float(partial[0]), float(partial[1])
            pref = _proc.proc_partial(y01, s, control=0, case=1, direction="<", ranges=((lo, hi),))
            for rec in pref["partial"]:
                if rec["focus"] != "specificity":
                    continue
                correct = bool(np.ravel(rec["correct"])[0])
                with warnings.catch_warnings():  # McClish undefined below the diagonal: NaN on both sides
                    warnings.simplefilter("ignore", rocstats.UndefinedAUCWarning)
                    ours = rocstats.auc(yb, s, partial=(lo, hi), focus="specificity", correct=correct, **kw)
                what = "McClish-corrected" if correct else "partial"
                add(name, f"{what} AUC, specificity {lo:g}-{hi:g}", ours, rec["value"])
        if int(ref.get("best_youden_ties", 1)) == 1:
            best = rocstats.coords(yb, s, "best", ret=("threshold", "sensitivity", "specificity"), **kw)
            add(name, "Youden-best threshold", sign * best["threshold"].iloc[0], sign * ref["best_youden_threshold"])
            add(name, "sensitivity at the best threshold", best["sensitivity"].iloc[0], ref["best_youden_se"])
            add(name, "specificity at the best threshold", best["specificity"].iloc[0], ref["best_youden_sp"])
        if len(specificities):
            cref = _proc.proc_coords(y01, s, control=0, case=1, direction="<",
                                     x_specificity=tuple(float(x) for x in specificities))
            theirs = cref["inputs"]["specificity"]["columns"]["sensitivity"]
            ours = rocstats.coords(yb, s, [float(x) for x in specificities], input="specificity",
                                   ret=("sensitivity",), **kw)["sensitivity"].to_numpy()
            for x, a, b in zip(specificities, ours, theirs):
                add(name, f"sensitivity at specificity {float(x):g}", a, b)
    for a, b in itertools.combinations(scores, 2):
        ref = _proc.proc_roc_test(y01, sign * scores[a], sign * scores[b], control=0, case=1,
                                  conf_level=level)
        t = rocstats.roc_test(yb, sign * scores[a], sign * scores[b], **kw)
        pair = f"{a} vs {b}"
        add(pair, "paired DeLong z", t.statistic, ref["statistic"])
        add(pair, "paired DeLong p-value", t.pvalue, ref["p_value"])
        lo_hi = t.conf_int(level)
        add(pair, f"{level:.0%} CI of the AUC difference, lower", lo_hi.lower, ref["conf_lower"])
        add(pair, f"{level:.0%} CI of the AUC difference, upper", lo_hi.upper, ref["conf_upper"])
    table = pd.DataFrame(rows, columns=["score", "quantity", "rocstats", "pROC", "relative difference",
                                        "tolerance", "pass"])
    table.attrs["versions"] = _proc.r_versions()
    table.attrs["rule"] = f"pass: |rocstats - pROC| <= {rtol:g} * |pROC| + {atol:g}"
    return table
