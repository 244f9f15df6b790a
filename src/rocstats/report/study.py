"""Study reports: a rendered ROC analysis of a user's own markers, with a pROC cross-check.

:func:`roc_study` writes the data and the options next to a copy of ``study.qmd`` (this
directory) and renders it with the package renderer (:func:`rocstats.report.render.render`);
:func:`main` is the console script ``rocstats-report``.  :func:`study_numbers` returns the
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
import os
import pickle
import shutil
import sys
import tempfile
from pathlib import Path

__all__ = ["roc_study", "study_numbers", "main", "STARD_ITEMS", "TEMPLATE"]

TEMPLATE = Path(__file__).with_name("study.qmd")

#: STARD 2015 items the report addresses: number -> (item, where in the report).
STARD_ITEMS = {
    "1": ("Identification as a study of diagnostic accuracy, with its measures", "title, summary"),
    "12a": ("Index test(s) in sufficient detail; positivity cut-off (here: chosen from the data)",
            "Data, Best threshold"),
    "12b": ("Reference standard (the outcome) and the label mapping", "Data"),
    "14": ("Methods for estimating or comparing measures of diagnostic accuracy", "Methods"),
    "15": ("How indeterminate results were handled (ties of a marker)", "Methods"),
    "16": ("How missing data on the index tests and reference standard were handled", "Data, Methods"),
    "19": ("Flow of participants: analysed and excluded", "Data"),
    "20": ("Characteristics: counts per class, marker distributions by class", "Data"),
    "23": ("Cross tabulation of each index test by the reference standard", "Best threshold"),
    "24": ("Estimates of diagnostic accuracy and their precision (95 % CIs)", "AUC, Best threshold, "
           "Sensitivity at fixed specificity"),
    "26": ("Study limitations (sample size, optimism of a data-chosen threshold)", "Limitations"),
}

DEFAULTS = {"direction": "<", "level": 0.95, "partial": (0.9, 1.0), "specificities": (0.8, 0.9, 0.95),
            "n_boot": 2000, "random_state": 2015, "best_method": "youden"}


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


def _prepare(data, outcome, markers, positive, options):
    """Checked inputs: ``(frame, name, outcome, markers, positive, options)``."""
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
        if not pd.api.types.is_numeric_dtype(frame[m]) or pd.api.types.is_bool_dtype(frame[m]):
            raise ValueError(f"markers: column {m!r} is not numeric (dtype {frame[m].dtype})")
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
    if opts["direction"] not in ("<", ">"):
        raise ValueError(f"direction must be '<' or '>', got {opts['direction']!r}")
    if not 0 < float(opts["level"]) < 1:
        raise ValueError(f"level must be in (0, 1), got {opts['level']!r}")
    opts["partial"] = tuple(float(x) for x in opts["partial"])
    opts["specificities"] = tuple(float(x) for x in opts["specificities"])
    return frame, name, outcome, markers, positive, opts


def study_numbers(data, outcome, markers, positive, **options):
    """The numbers :func:`roc_study` prints, from the public API (same options, same seeds).

    Returns a dict: ``n``, ``n_pos``, ``n_neg``, ``excluded``, and per marker (``markers``:
    name -> dict) ``auc``, ``delong_ci``, ``boot_ci``, ``pauc``, ``pauc_corrected``,
    ``pauc_ci``, ``best`` (threshold, sensitivity, specificity, ppv, npv), ``best_ci``
    (quantity -> (lower, upper)), ``se_at_sp`` (specificity -> (estimate, lower, upper));
    ``pairwise`` (the :func:`rocstats.delong_pairwise` table) and ``joint`` (the
    :func:`rocstats.delong_joint_test` result, or None for one marker).
    """
    import rocstats

    frame, _, outcome, markers, positive, o = _prepare(data, outcome, markers, positive, options)
    d = frame[[outcome, *markers]].dropna()
    y = d[outcome]
    kw = dict(pos_label=positive, direction=o["direction"])
    boot = dict(n_boot=o["n_boot"], random_state=o["random_state"], level=o["level"])
    out = {"n": len(d), "n_pos": int((y == positive).sum()), "n_neg": int((y != positive).sum()),
           "excluded": len(frame) - len(d), "markers": {}}
    for m in markers:
        s = d[m].to_numpy(dtype=float)
        dl = rocstats.delong(y, s, **kw)
        ci = dl.conf_int(o["level"])
        b = rocstats.ci_auc(y, s, method="bootstrap", **boot, **kw)
        p_raw = rocstats.auc(y, s, partial=o["partial"], **kw)
        pc = rocstats.delong(y, s, partial=o["partial"], correct=True, **kw)
        pci = pc.conf_int(o["level"])
        best = rocstats.coords(y, s, "best", ret=("threshold", "sensitivity", "specificity", "ppv", "npv"),
                               best_method=o["best_method"], **kw).iloc[0]
        bci = rocstats.ci_coords(y, s, "best", ret=("sensitivity", "specificity", "ppv", "npv"),
                                 best_method=o["best_method"], **boot, **kw)
        se_est = rocstats.coords(y, s, list(o["specificities"]), input="specificity",
                                 ret=("sensitivity",), **kw)["sensitivity"].to_numpy()
        se_ci = rocstats.ci_se(y, s, list(o["specificities"]), **boot, **kw)
        out["markers"][m] = {
            "auc": float(dl.auc), "se": float(dl.se), "delong_ci": (float(ci.lower), float(ci.upper)),
            "boot_ci": (float(b.lower), float(b.upper)),
            "pauc": float(p_raw), "pauc_corrected": float(pc.auc), "pauc_ci": (float(pci.lower), float(pci.upper)),
            "best": {k: float(best[k]) for k in ("threshold", "sensitivity", "specificity", "ppv", "npv")},
            "best_ci": _coords_ci(bci),
            "se_at_sp": {sp: (float(e), float(lo), float(hi)) for sp, e, lo, hi in
                         zip(o["specificities"], se_est, se_ci["lower"], se_ci["upper"])},
        }
    out["pairwise"] = rocstats.delong_pairwise(y, d[markers], level=o["level"], **kw) if len(markers) > 1 else None
    out["joint"] = rocstats.delong_joint_test(y, d[markers], **kw) if len(markers) > 1 else None
    return out


def _coords_ci(ci):
    """``{quantity: (lower, upper)}`` of a :class:`rocstats.CoordsCI` at its one point."""
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
              direction="<", level=0.95, partial=(0.9, 1.0), specificities=(0.8, 0.9, 0.95), n_boot=2000,
              random_state=2015, best_method="youden", build_dir=None):
    """Render a ROC study report of ``markers`` against ``outcome`` (HTML or PDF).

    The report (``study.qmd`` next to this module, rendered by
    :func:`rocstats.report.render.render`) has: the data summary (counts per class, missing
    values, the label mapping used, marker distributions by class), ROC curves with 95 %
    bootstrap confidence bands (:func:`rocstats.plot.plot_roc`, :func:`rocstats.ci_band`), the
    AUCs with DeLong and bootstrap CIs, pairwise DeLong tests with Holm and Benjamini-Hochberg
    adjusted p-values and the joint chi-square test (:func:`rocstats.delong_pairwise`,
    :func:`rocstats.delong_joint_test`), the partial AUC over a specificity range (raw and
    McClish-corrected with its DeLong CI), the best threshold with Se / Sp / PPV / NPV and
    bootstrap CIs (:func:`rocstats.coords`, :func:`rocstats.ci_coords`) and its 2 x 2 table,
    the sensitivity at fixed specificities (:func:`rocstats.ci_se`), a methods paragraph with
    references, and an appendix comparing every deterministic number with pROC
    (:func:`rocstats.r.compare_with_proc`) when R and pROC are present, or saying plainly
    that they are not.  STARD 2015 items addressed: see :data:`STARD_ITEMS` (1, 12a, 12b,
    14, 15, 16, 19, 20, 23, 24, 26); the others concern data collection and are the
    author's to report.

    Parameters
    ----------
    data : DataFrame or path
        One row per subject (a CSV file is read with ``pandas.read_csv``).
    outcome : str
        The reference-standard column (two classes).
    markers : list of str or str
        Numeric marker columns (a comma-separated string is split).
    positive : label
        The outcome value of the cases (diseased); the other value is the controls.
    output : str or path
        ``*.html`` or ``*.pdf``; the format follows the suffix.
    title : str, optional
        Default: "ROC study: <markers> for <outcome> = <positive>".
    compare_with_r : bool
        Run the pROC cross-check when R, rpy2 and pROC are available.
    direction : {"<", ">"}
        ``"<"``: larger marker values indicate the positive class (for every marker).
    level, partial, specificities, n_boot, random_state, best_method
        Confidence level; specificity range of the partial AUC; specificities at which the
        sensitivity is estimated; bootstrap replicates and seed; ``"youden"`` or
        ``"closest.topleft"`` for the best threshold.
    build_dir : path, optional
        Keep the intermediate files (data, options, notebook, figures) there.

    Returns
    -------
    pathlib.Path
        The written report.

    Raises
    ------
    ValueError
        Unknown columns, a non-numeric marker, an outcome without exactly two classes,
        ``positive`` not among them, an output suffix other than .html / .pdf.

    Examples
    --------
    >>> import pandas as pd, rocstats.report                        # doctest: +SKIP
    >>> d = pd.read_csv("validation/results/data/asah.csv")          # doctest: +SKIP
    >>> rocstats.report.roc_study(d, outcome="outcome", markers=["s100b", "ndka"],
    ...                           positive="Poor", output="asah.html")  # doctest: +SKIP
    PosixPath('asah.html')

    The same from a shell: ``rocstats-report asah.csv --outcome outcome --markers s100b,ndka
    --positive Poor -o asah.html``.
    """
    from .render import render

    out = Path(output)
    to = out.suffix.lower().lstrip(".")
    if to not in ("html", "pdf"):
        raise ValueError(f"output must end in .html or .pdf, got {str(output)!r}")
    options = dict(direction=direction, level=level, partial=partial, specificities=specificities,
                   n_boot=n_boot, random_state=random_state, best_method=best_method)
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


def main(argv=None):
    """``rocstats-report data.csv --outcome y --markers a,b --positive Poor [--to html|pdf] [-o FILE]``."""
    parser = argparse.ArgumentParser(
        prog="rocstats-report",
        description="A rendered ROC study report (data summary, ROC curves with bands, AUCs with DeLong and "
                    "bootstrap CIs, tests, partial AUC, best threshold, Se at fixed Sp, methods, pROC cross-check).")
    parser.add_argument("data", help="CSV file, one row per subject")
    parser.add_argument("--outcome", required=True, help="reference-standard column (two classes)")
    parser.add_argument("--markers", required=True, help="comma-separated numeric marker columns")
    parser.add_argument("--positive", required=True, help="outcome value of the cases")
    parser.add_argument("--to", choices=["html", "pdf"], help="format (default: from -o, else html)")
    parser.add_argument("-o", "--output", help="output file (default: study.<to>)")
    parser.add_argument("--title")
    parser.add_argument("--direction", choices=["<", ">"], default="<",
                        help="'<' (default): larger values indicate the positive class")
    parser.add_argument("--n-boot", type=int, default=DEFAULTS["n_boot"])
    parser.add_argument("--seed", type=int, default=DEFAULTS["random_state"])
    parser.add_argument("--no-r", action="store_true", help="do not run the pROC cross-check")
    args = parser.parse_args(argv)
    to = args.to or (Path(args.output).suffix.lstrip(".").lower() if args.output else "html")
    output = args.output or f"study.{to}"
    if Path(output).suffix.lower() != f".{to}":
        parser.error(f"-o {output} does not end in .{to}")
    try:
        path = roc_study(args.data, args.outcome, args.markers, args.positive, output=output, title=args.title,
                         compare_with_r=not args.no_r, direction=args.direction, n_boot=args.n_boot,
                         random_state=args.seed)
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
