"""Study reports: a rendered ROC analysis of a user's own markers, with a pROC cross-check.

`roc_study` writes the data and the options next to a copy of ``study.qmd`` (this
directory) and renders it with the package renderer (``rocstats.report.render.render``);
`main` is the console script ``rocstats-report``.  `study_numbers` returns the
numbers the report prints, from the public API, so that a reader (or a test) can check the
document against the API.

STARD 2015 items the report covers where they apply to a retrospective analysis of markers
(Bossuyt et al., BMJ 2015;351:h5527): 1 (identification as a study of diagnostic accuracy, with
the measures, in the title/abstract line), 12a/12b (index tests and reference standard: the
markers, the outcome and the label mapping, the positivity threshold rule), 14 (methods for
estimating and comparing diagnostic accuracy), 15 (handling of indeterminate results: none;
ties), 16 (handling of missing data), 19 (flow: counts analysed and excluded), 20 (baseline
characteristics: counts per class; distribution of each marker by class), 23 (cross tabulation
of index test by reference standard at the chosen threshold), 24 (estimates of diagnostic
accuracy and their precision: AUC, Se, Sp, PPV, NPV with 95 % CIs), 26 (study limitations, as
far as the data can tell: sample size, prevalence, optimism of a data-chosen threshold).  Items
about recruitment, setting, blinding, adverse events, registration and funding (3-11, 13, 17,
18, 21, 22, 25, 27-30) are about how the data were collected and are the author's to add.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import pickle
import shutil
import sys
import tempfile
from pathlib import Path

import numpy as np

__all__ = ["roc_study", "study_numbers", "main", "STARD_ITEMS", "TEMPLATE"]

TEMPLATE = Path(__file__).with_name("study.qmd")

#: STARD 2015 items the report addresses: number -> (item, where in the report).
STARD_ITEMS = {
    "1": ("Identification as a study of diagnostic accuracy, with its measures", "title, summary"),
    "12a": ("Index test(s) in sufficient detail; the positivity cut-off: pre-specified or chosen "
            "from the data (stated per marker, with the side that is test positive)",
            "Data, Accuracy at the cut-off"),
    "12b": ("Reference standard (the outcome) and the label mapping", "Data"),
    "14": ("Methods for estimating or comparing measures of diagnostic accuracy", "Methods"),
    "15": ("How indeterminate results were handled (ties of a marker)", "Methods"),
    "16": ("How missing data on the index tests and reference standard were handled", "Data, Methods"),
    "19": ("Flow of participants: rows read, excluded for a missing outcome or marker, analysed",
           "Data (flow)"),
    "20": ("Characteristics: counts per class, marker distributions by class", "Data"),
    "23": ("Cross tabulation of each index test by the reference standard (2 x 2 table at the "
           "cut-off)", "Accuracy at the cut-off"),
    "24": ("Estimates of diagnostic accuracy and their precision: AUC, sensitivity, specificity, "
           "predictive values, likelihood ratios, prevalence, each with its CI",
           "AUC, Accuracy at the cut-off, Sensitivity at fixed specificity"),
    "26": ("Study limitations, with the optimism of a data-chosen cut-off quantified",
           "Data-chosen cut-off, Limitations"),
}

DEFAULTS = {"direction": "<", "level": 0.95, "partial": (0.9, 1.0), "specificities": (0.8, 0.9, 0.95),
            "n_boot": 2000, "random_state": 2015, "best_method": "youden", "thresholds": None,
            "design": None, "ci_method": "exact", "best_policy": "random", "prevalence": None}
DESIGNS = ("prospective", "retrospective")
BEST_POLICIES = ("random", "omit")


def _load(data):
    import pandas as pd

    if isinstance(data, (str, os.PathLike)):
        path = Path(data)
        if not path.is_file():
            raise ValueError(f"data: no such file: {path}")
        return pd.read_csv(path), path.name
    if isinstance(data, pd.DataFrame):
        return data.copy(), "a pandas DataFrame"
    raise ValueError(f"data must be a DataFrame or a path to a CSV file, got {type(data).__name__}")


def _per_marker(value, markers, name, check):
    """A per-marker option: one value for every marker, or a dict marker -> value (the
    markers not in it get ``default``); returns a dict marker -> value (or None)."""
    if isinstance(value, dict):
        unknown = [k for k in value if k not in markers]
        if unknown:
            raise ValueError(f"{name}: {', '.join(map(repr, unknown))} is not among the markers "
                             f"({', '.join(markers)})")
        return {m: (check(value[m]) if m in value else None) for m in markers}
    return {m: check(value) for m in markers}


def _check_direction(d):
    if d not in ("<", ">"):
        raise ValueError(f"direction must be '<' (larger values indicate a case) or '>', got {d!r}")
    return d


def _check_threshold(t):
    if t is None:
        return None
    try:
        v = float(t)
    except (TypeError, ValueError):
        raise ValueError(f"thresholds: a cut-off must be a number, got {t!r}") from None
    if not math.isfinite(v):
        raise ValueError(f"thresholds: a cut-off must be finite, got {t!r}")
    return v


def _prepare(data, outcome, markers, positive, options):
    """Checked inputs: ``(frame, name, outcome, markers, positive, options)``.  Every problem
    that would stop the analysis is raised here, as one ``ValueError``, before anything
    renders."""
    import pandas as pd

    frame, name = _load(data)
    if outcome not in frame.columns:
        raise ValueError(f"outcome: column {outcome!r} is not in the data (columns: {', '.join(map(str, frame.columns))})")
    if isinstance(markers, str):
        markers = [m.strip() for m in markers.split(",") if m.strip()]
    markers = list(markers)
    if not markers:
        raise ValueError("markers: give at least one marker column")
    missing = [m for m in markers if m not in frame.columns]
    if missing:
        raise ValueError(f"markers: column(s) {', '.join(map(repr, missing))} not in the data")
    if outcome in markers or len(set(markers)) != len(markers):
        raise ValueError("markers: must be distinct and must not include the outcome")
    for m in markers:
        col = frame[m]
        if pd.api.types.is_bool_dtype(col):          # a dichotomised test: 1 = positive
            frame[m] = col.astype(float)
            continue
        if not pd.api.types.is_numeric_dtype(col):
            raise ValueError(f"markers: column {m!r} is not numeric (dtype {col.dtype})")
        values = col.to_numpy(dtype=float)
        if np.isinf(values).any():
            rows = np.flatnonzero(np.isinf(values))[:5] + 1
            raise ValueError(f"markers: column {m!r} has infinite values (rows {', '.join(map(str, rows))}, "
                             "1-based); replace or remove them")
        if np.isnan(values).all():
            raise ValueError(f"markers: column {m!r} has no values (all missing)")
    values = frame[outcome].dropna().unique()
    as_str = {str(v): v for v in values}
    if positive not in set(values):
        if str(positive) in as_str:  # "1" from the command line for a numeric outcome
            positive = as_str[str(positive)]
        else:
            raise ValueError(f"positive: {positive!r} is not a value of {outcome!r} "
                             f"(values: {', '.join(map(repr, sorted(map(str, values))))})")
    if len(values) != 2:
        raise ValueError(f"outcome: {outcome!r} must have exactly two classes, found {len(values)}")
    opts = dict(DEFAULTS)
    unknown = set(options) - set(DEFAULTS)
    if unknown:
        raise ValueError(f"unknown option(s): {', '.join(sorted(unknown))}")
    opts.update({k: v for k, v in options.items() if v is not None})
    opts["direction"] = _per_marker(opts["direction"], markers, "direction", _check_direction)
    opts["direction"] = {m: d or DEFAULTS["direction"] for m, d in opts["direction"].items()}
    opts["thresholds"] = _per_marker(opts["thresholds"] or {}, markers, "thresholds", _check_threshold)
    if not isinstance(opts["level"], (int, float)) or not 0 < float(opts["level"]) < 1:
        raise ValueError(f"level must be a number in (0, 1), got {opts['level']!r}")
    if opts["design"] is not None and opts["design"] not in DESIGNS:
        raise ValueError(f"design must be one of {DESIGNS} or None, got {opts['design']!r}")
    if opts["best_policy"] not in BEST_POLICIES:
        raise ValueError(f"best_policy must be one of {BEST_POLICIES} (pROC's policies that do not "
                         f"stop the analysis), got {opts['best_policy']!r}")
    from rocstats.diagnostic._binom import check_method

    opts["ci_method"] = check_method(opts["ci_method"])
    if opts["prevalence"] is not None and not 0 < float(opts["prevalence"]) < 1:
        raise ValueError(f"prevalence must lie strictly between 0 and 1, got {opts['prevalence']!r}")
    if isinstance(opts["n_boot"], bool) or int(opts["n_boot"]) != opts["n_boot"] or opts["n_boot"] < 1:
        raise ValueError(f"n_boot must be a positive integer, got {opts['n_boot']!r}")
    opts["partial"] = tuple(float(x) for x in opts["partial"])
    opts["specificities"] = tuple(float(x) for x in opts["specificities"])
    complete = frame[[outcome, *markers]].dropna()
    n_pos = int((complete[outcome] == positive).sum())
    n_neg = len(complete) - n_pos
    if n_pos == 0 or n_neg == 0:
        raise ValueError(f"outcome: after excluding the {len(frame) - len(complete)} rows with a missing outcome or "
                         f"marker, {n_pos} case(s) and {n_neg} control(s) remain; a ROC analysis needs both classes")
    return frame, name, outcome, markers, positive, opts


def flow(frame, outcome, markers):
    """The flow of rows (STARD item 19): rows read, missing outcome, missing each marker (among
    rows with an outcome), excluded (any of these), analysed."""
    has_outcome = frame[outcome].notna()
    rows = {"read": len(frame), "missing outcome": int((~has_outcome).sum())}
    for m in markers:
        rows[f"missing {m} (outcome known)"] = int((has_outcome & frame[m].isna()).sum())
    analysed = int(frame[[outcome, *markers]].notna().all(axis=1).sum())
    rows["excluded"] = len(frame) - analysed
    rows["analysed"] = analysed
    return rows


def study_numbers(data, outcome, markers, positive, **options):
    """The numbers `roc_study` prints, from the public API (same options, same seeds).

    Returns a dict: ``n``, ``n_pos``, ``n_neg``, ``excluded``, ``flow`` (`flow`),
    ``prevalence`` ((estimate, lower, upper), the binomial interval of ``ci_method``), and per
    marker (``markers``: name -> dict) ``direction``, ``auc``, ``se``, ``delong_ci``,
    ``boot_ci``, ``reversed`` (AUC < 0.5: the note the report prints, else None), ``pauc``,
    ``pauc_corrected``, ``pauc_ci``, ``best`` (threshold, sensitivity, specificity, ppv,
    npv: pROC's ``coords(r, "best")``, the first optimal point), ``best_ci`` (quantity ->
    (lower, upper), `rocstats.ci_coords` with ``best_policy``), ``best_n_tied``
    (replicates with tied optima), ``cutoff`` (the pre-specified threshold or, without one,
    ``best["threshold"]``), ``cutoff_source``, ``accuracy`` (the
    `rocstats.DiagnosticAccuracy` at ``cutoff``), ``optimism`` (the DataFrame of
    `rocstats.CutpointResult.optimism` for the data-chosen Youden cut-off) and
    ``se_at_sp`` (specificity -> (estimate, lower, upper)); ``pairwise`` (the
    `rocstats.delong_pairwise` table) and ``joint`` (the
    `rocstats.delong_joint_test` result), None for one marker or with fewer than two
    cases or controls (``joint_note`` says why).
    """
    import rocstats

    frame, _, outcome, markers, positive, o = _prepare(data, outcome, markers, positive, options)
    d = frame[[outcome, *markers]].dropna()
    y = d[outcome]
    boot = dict(n_boot=int(o["n_boot"]), random_state=o["random_state"], level=o["level"])
    n_pos = int((y == positive).sum())
    n = len(d)
    from rocstats.diagnostic._binom import proportion_interval

    prev = tuple(float(v) for v in proportion_interval(n_pos, n, o["level"], o["ci_method"]))
    out = {"n": n, "n_pos": n_pos, "n_neg": n - n_pos, "excluded": len(frame) - n,
           "flow": flow(frame, outcome, markers), "prevalence": prev, "markers": {}}
    for m in markers:
        s = d[m].to_numpy(dtype=float)
        direction = o["direction"][m]
        kw = dict(pos_label=positive, direction=direction)
        dl = rocstats.delong(y, s, **kw)
        ci = dl.conf_int(o["level"])
        b = rocstats.ci_auc(y, s, method="bootstrap", **boot, **kw)
        p_raw = rocstats.auc(y, s, partial=o["partial"], **kw)
        pc = rocstats.delong(y, s, partial=o["partial"], correct=True, **kw)
        pci = pc.conf_int(o["level"])
        best = rocstats.coords(y, s, "best", ret=("threshold", "sensitivity", "specificity", "ppv", "npv"),
                               best_method=o["best_method"], **kw).iloc[0]
        bci = rocstats.ci_coords(y, s, "best", ret=("sensitivity", "specificity", "ppv", "npv"),
                                 best_method=o["best_method"], best_policy=o["best_policy"], **boot, **kw)
        se_est = rocstats.coords(y, s, list(o["specificities"]), input="specificity",
                                 ret=("sensitivity",), **kw)["sensitivity"].to_numpy()
        se_ci = rocstats.ci_se(y, s, list(o["specificities"]), **boot, **kw)
        pre = o["thresholds"][m]
        cutoff = pre if pre is not None else float(best["threshold"])
        acc = rocstats.diagnostic_accuracy(y, s, cutoff, method=o["ci_method"], level=o["level"],
                                           prevalence=o["prevalence"], **kw)
        cut = rocstats.cutpoint(y, s, metric="youden", use_midpoints=True, n_boot=int(o["n_boot"]),
                                random_state=o["random_state"], **kw)
        reversed_note = None
        if dl.auc < 0.5:
            other = ">" if direction == "<" else "<"
            reversed_note = (f"AUC {dl.auc:.3f} < 0.5 with direction '{direction}': {m} ranks the classes the "
                             f"wrong way round for this direction (larger values go with the "
                             f"{'controls' if direction == '<' else 'cases'}). Reported as it is; "
                             f"direction '{other}' for {m} (--direction {m}='{other}') gives AUC {1 - dl.auc:.3f}.")
        out["markers"][m] = {
            "direction": direction, "auc": float(dl.auc), "se": float(dl.se),
            "delong_ci": (float(ci.lower), float(ci.upper)), "boot_ci": (float(b.lower), float(b.upper)),
            "reversed": reversed_note,
            "pauc": float(p_raw), "pauc_corrected": float(pc.auc), "pauc_ci": (float(pci.lower), float(pci.upper)),
            "best": {k: float(best[k]) for k in ("threshold", "sensitivity", "specificity", "ppv", "npv")},
            "best_ci": _coords_ci(bci), "best_n_tied": int(bci.n_tied),
            "cutoff": cutoff, "cutoff_source": "pre-specified" if pre is not None else "data-chosen (Youden)",
            "accuracy": acc, "cutpoint": cut, "optimism": cut.optimism(),
            "se_at_sp": {sp: (float(e), float(lo), float(hi)) for sp, e, lo, hi in
                         zip(o["specificities"], se_est, se_ci["lower"], se_ci["upper"])},
        }
    out["pairwise"] = out["joint"] = out["joint_note"] = None
    if len(markers) > 1:
        dirs = set(o["direction"].values())
        if len(dirs) == 1:
            kw = dict(pos_label=positive, direction=dirs.pop())
            scores = d[markers]
        else:                      # per-marker directions: compare the markers oriented "<"
            kw = dict(pos_label=positive, direction="<")
            scores = d[markers].copy()
            for m in markers:
                if o["direction"][m] == ">":
                    scores[m] = -scores[m]
        if min(n_pos, n - n_pos) >= 2:
            out["pairwise"] = rocstats.delong_pairwise(y, scores, level=o["level"], **kw)
            out["joint"] = rocstats.delong_joint_test(y, scores, **kw)
        else:      # DeLong's (co)variances need two of each class
            out["joint_note"] = (f"DeLong's tests need at least two cases and two controls "
                                 f"({n_pos} cases, {n - n_pos} controls)")
    return out


def _coords_ci(ci):
    """``{quantity: (lower, upper)}`` of a `rocstats.CoordsCI` at its one point."""
    return {q: (float(ci.lower[0, j]), float(ci.upper[0, j])) for j, q in enumerate(ci.ret)}


def _r_status(compare_with_r):
    """``(use R, sentence)``: whether the appendix runs pROC, and why not."""
    if not compare_with_r:
        return False, "The cross-check with pROC was switched off (compare_with_r=False)."
    from rocstats.r import r_available

    ok, why = r_available()
    if ok:
        return True, f"pROC ran live through rpy2 ({why})."
    return False, f"R with pROC is not available here ({why}); the cross-check was not run."


def roc_study(data, outcome, markers, positive, *, output="study.html", title=None, compare_with_r=True,
              direction="<", thresholds=None, design=None, level=0.95, ci_method="exact", prevalence=None,
              partial=(0.9, 1.0), specificities=(0.8, 0.9, 0.95), n_boot=2000, random_state=2015,
              best_method="youden", best_policy="random", build_dir=None):
    """Render a ROC study report of ``markers`` against ``outcome`` (HTML or PDF).

    The report (``study.qmd`` next to this module, rendered by
    ``rocstats.report.render.render``) has: the data summary (the flow of rows: read,
    excluded for a missing outcome or marker, analysed; counts per class, the label mapping,
    marker distributions by class, the prevalence with its CI), ROC curves with bootstrap
    confidence bands (`rocstats.plot.plot_roc`, `rocstats.ci_band`), the AUCs with
    DeLong and bootstrap CIs (a marker with AUC < 0.5 gets a visible note and the direction
    that reverses it), pairwise DeLong tests with Holm and Benjamini-Hochberg adjusted
    p-values and the joint chi-square test (`rocstats.delong_pairwise`,
    `rocstats.delong_joint_test`), the partial AUC over a specificity range, the
    accuracy at each marker's cut-off (pre-specified in ``thresholds``, else the data-chosen
    Youden cut-off): its 2 x 2 table and every measure of
    `rocstats.diagnostic_accuracy` with its CI (Se, Sp, PPV, NPV, LR+, LR-, DOR,
    Youden, accuracy); the data-chosen cut-off with bootstrap CIs in which it is chosen again
    in every replicate (`rocstats.ci_coords`, ties by ``best_policy``, the number of
    replicates with tied optima printed) and its optimism (`rocstats.cutpoint`'s
    out-of-bag bootstrap); the sensitivity at fixed specificities (`rocstats.ci_se`),
    methods with references, and an appendix comparing every deterministic number with pROC
    (`rocstats.r.compare_with_proc`) when R and pROC are present, or saying plainly
    that they are not.  STARD 2015 items addressed: `STARD_ITEMS`; the others concern
    data collection and are the author's to report.

    Data that pass the checks never stop the report: undefined quantities print as NA with
    the reason in the warnings table.  Data that cannot be analysed (see Raises) stop with
    one ``ValueError`` before anything is rendered.

    Parameters
    ----------
    data : DataFrame or path
        One row per subject (a CSV file is read with ``pandas.read_csv``).
    outcome : str
        The reference-standard column (two classes).
    markers : list of str or str
        Numeric (or boolean: a dichotomised test) marker columns (a comma-separated string
        is split).
    positive : label
        The outcome value of the cases (diseased); the other value is the controls.
    output : str or path
        ``*.html`` or ``*.pdf``; the format follows the suffix.
    title : str, optional
        Default: "ROC study: <markers> for <outcome> = <positive>".
    compare_with_r : bool
        Run the pROC cross-check when R, rpy2 and pROC are available.
    direction : {"<", ">"} or dict
        ``"<"``: larger marker values indicate the positive class; one value for every marker
        or a dict marker -> direction (markers not in it: ``"<"``).
    thresholds : dict, optional
        Pre-specified positivity cut-offs, marker -> value (STARD 12a); the others use the
        data-chosen (Youden) cut-off, which the report says is optimistic.
    design : {"prospective", "retrospective"}, optional
        Stated in the summary (nothing is assumed when None).
    level : float
        Confidence level of every interval.
    ci_method : {"exact", "wilson", "agresti", "jeffreys"}
        Binomial interval of the accuracy measures (as epiR's ``epi.tests``).
    prevalence : float, optional
        A target population's prevalence: PPV / NPV there are added.
    partial, specificities, n_boot, random_state, best_method
        Specificity range of the partial AUC; specificities at which the sensitivity is
        estimated; bootstrap replicates and seed; ``"youden"`` or ``"closest.topleft"`` for
        the data-chosen cut-off.
    best_policy : {"random", "omit"}
        Bootstrap replicates with several tied optimal cut-offs: take one at random or drop
        the replicate (pROC's ``best.policy``; their number is printed).
    build_dir : path, optional
        Keep the intermediate files (data, options, notebook, figures) there.

    Returns
    -------
    pathlib.Path
        The written report.

    Raises
    ------
    ValueError
        Unknown columns, a non-numeric marker, a marker with infinite values or none at all,
        an outcome without exactly two classes (or with one class left after excluding
        missing values), ``positive`` not among them, a bad option, an output suffix other
        than .html / .pdf.

    Examples
    --------
    >>> import rocstats.report                                       # doctest: +SKIP
    >>> d = rocstats.datasets.load_asah()                            # doctest: +SKIP
    >>> rocstats.report.roc_study(d, outcome="outcome", markers=["s100b", "ndka"],
    ...                           positive="Poor", thresholds={"s100b": 0.205},
    ...                           direction={"ndka": "<"}, design="retrospective",
    ...                           output="asah.html")  # doctest: +SKIP
    PosixPath('asah.html')

    The same from a shell: ``rocstats-report asah.csv --outcome outcome --markers s100b,ndka
    --positive Poor --threshold s100b=0.205 --design retrospective -o asah.html``.
    """
    from .render import render

    out = Path(output)
    to = out.suffix.lower().lstrip(".")
    if to not in ("html", "pdf"):
        raise ValueError(f"output must end in .html or .pdf, got {str(output)!r}")
    options = dict(direction=direction, thresholds=thresholds, design=design, level=level,
                   ci_method=ci_method, prevalence=prevalence, partial=partial,
                   specificities=specificities, n_boot=n_boot, random_state=random_state,
                   best_method=best_method, best_policy=best_policy)
    frame, name, outcome, markers, positive, opts = _prepare(data, outcome, markers, positive, options)
    use_r, r_note = _r_status(compare_with_r)
    params = {"outcome": outcome, "markers": markers, "positive": positive, "source": name,
              "title": title or f"ROC study: {', '.join(markers)} for {outcome} = {positive}",
              "compare_with_r": use_r, "r_note": r_note, **opts}
    with tempfile.TemporaryDirectory(prefix="rocstats-study-") as tmp:
        work = Path(build_dir or tmp).resolve()
        work.mkdir(parents=True, exist_ok=True)
        qmd = work / "study.qmd"
        text = TEMPLATE.read_text(encoding="utf-8")
        qmd.write_text(text.replace("__TITLE__", json.dumps(params["title"])), encoding="utf-8")
        with open(work / "study_data.pkl", "wb") as fh:
            pickle.dump(frame, fh)
        (work / "study_params.json").write_text(json.dumps(params, default=str, indent=1), encoding="utf-8")
        if not isinstance(positive, str):  # keep the label's type (JSON would turn 1 into 1, True into true)
            with open(work / "study_positive.pkl", "wb") as fh:
                pickle.dump(positive, fh)
        written = render(qmd, to=to, output_dir=work / "out", build_dir=(work / "build") if build_dir else None)
        out.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(written[0], out)
    return out


def _pairs(values, name):
    """``["s100b=0.205", ...]`` -> ``{"s100b": "0.205"}`` (argparse's repeated option)."""
    out = {}
    for v in values or ():
        key, sep, val = v.partition("=")
        if not sep or not key.strip() or not val.strip():
            raise ValueError(f"{name}: expected MARKER=VALUE, got {v!r}")
        out[key.strip()] = val.strip().strip("'\"")
    return out


def main(argv=None):
    """``rocstats-report data.csv --outcome y --markers a,b --positive Poor [--to html|pdf] [-o FILE]``."""
    parser = argparse.ArgumentParser(
        prog="rocstats-report",
        description="A rendered ROC study report (data summary and flow, ROC curves with bands, AUCs with DeLong "
                    "and bootstrap CIs, tests, partial AUC, accuracy at the cut-off with its 2 x 2 table and CIs, "
                    "the data-chosen cut-off with its optimism, Se at fixed Sp, methods, pROC cross-check).")
    parser.add_argument("data", help="CSV file, one row per subject")
    parser.add_argument("--outcome", required=True, help="reference-standard column (two classes)")
    parser.add_argument("--markers", required=True, help="comma-separated numeric marker columns")
    parser.add_argument("--positive", required=True, help="outcome value of the cases")
    parser.add_argument("--to", choices=["html", "pdf"], help="format (default: from -o, else html)")
    parser.add_argument("-o", "--output", help="output file (default: study.<to>)")
    parser.add_argument("--title")
    parser.add_argument("--direction", action="append", metavar="[MARKER=]DIR",
                        help="'<' (default): larger values indicate the positive class; '>' the reverse; "
                             "for every marker, or per marker as ndka='>' (repeatable)")
    parser.add_argument("--threshold", action="append", metavar="MARKER=VALUE",
                        help="a pre-specified positivity cut-off, e.g. s100b=0.205 (repeatable)")
    parser.add_argument("--design", choices=list(DESIGNS), help="study design, stated in the summary")
    parser.add_argument("--level", type=float, default=DEFAULTS["level"], help="confidence level (default 0.95)")
    parser.add_argument("--ci-method", default=DEFAULTS["ci_method"],
                        choices=["exact", "wilson", "agresti", "jeffreys"],
                        help="binomial intervals of the accuracy measures (default exact: Clopper-Pearson)")
    parser.add_argument("--prevalence", type=float, help="a target population's prevalence for PPV / NPV")
    parser.add_argument("--best-policy", choices=list(BEST_POLICIES), default=DEFAULTS["best_policy"],
                        help="bootstrap replicates with tied optimal cut-offs (default random)")
    parser.add_argument("--n-boot", type=int, default=DEFAULTS["n_boot"])
    parser.add_argument("--seed", type=int, default=DEFAULTS["random_state"])
    parser.add_argument("--no-r", action="store_true", help="do not run the pROC cross-check")
    args = parser.parse_args(argv)
    to = args.to or (Path(args.output).suffix.lstrip(".").lower() if args.output else "html")
    output = args.output or f"study.{to}"
    if Path(output).suffix.lower() != f".{to}":
        parser.error(f"-o {output} does not end in .{to}")
    try:
        plain = [d.strip().strip("'\"") for d in args.direction or () if "=" not in d]
        direction = {k: v for k, v in _pairs([d for d in args.direction or () if "=" in d],
                                             "--direction").items()}
        if len(plain) > 1:
            raise ValueError("--direction: give one direction for every marker, or MARKER=DIR pairs")
        if plain and direction:
            direction = {**{m.strip(): plain[0] for m in args.markers.split(",")}, **direction}
        elif plain:
            direction = plain[0]
        thresholds = _pairs(args.threshold, "--threshold")
        path = roc_study(args.data, args.outcome, args.markers, args.positive, output=output, title=args.title,
                         compare_with_r=not args.no_r, direction=direction or "<",
                         thresholds=thresholds or None, design=args.design, level=args.level,
                         ci_method=args.ci_method, prevalence=args.prevalence, best_policy=args.best_policy,
                         n_boot=args.n_boot, random_state=args.seed)
    except (ValueError, ImportError) as exc:
        print(f"rocstats-report: error: {exc}", file=sys.stderr)
        return 2
    except RuntimeError as exc:  # RenderError
        print(f"rocstats-report: error: {exc}", file=sys.stderr)
        return 1
    print(f"rocstats-report: wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
