"""The study report never crashes (issue 21, section 3): 100 generated data sets
(tests/reports/study_datasets.py) rendered to HTML with a small n_boot; each renders, or
stops before rendering with the one clear ValueError its data call for.  Plus the crash
reproducer of the issue (aSAH without rows 2, 7 and 30: tied Youden optima in bootstrap
replicates) through the console script."""
import os
import re
from concurrent.futures import ProcessPoolExecutor

import pandas as pd
import pytest

from rocstats.report import study
from rocstats_validation.paths import DATA_DIR
from study_datasets import datasets

pytest.importorskip("nbclient")
pytest.importorskip("pypandoc")
pytest.importorskip("matplotlib")

N_BOOT = 20


def _one(args):
    """Render one data set; ``(name, outcome)`` with outcome "rendered", "stopped: <msg>" or
    "crashed: <type>: <msg>"."""
    name, frame, kw, out_dir = args
    out = os.path.join(out_dir, name + ".html")
    try:
        study.roc_study(frame, output=out, n_boot=N_BOOT, random_state=1, compare_with_r=False, **kw)
    except ValueError as exc:
        return name, "stopped: %s" % exc
    except Exception as exc:  # noqa: BLE001 - a crash is what this test looks for
        return name, "crashed: %s: %s" % (type(exc).__name__, str(exc)[:2000])
    with open(out, encoding="utf-8") as fh:
        html = fh.read()
    if "Traceback" in html or "Error" in html.split("Appendix")[0]:
        return name, "crashed: the rendered document shows an error"
    if "Accuracy at the cut-off" not in html or "data:image/png;base64" not in html:
        return name, "crashed: a section or the figure is missing"
    return name, "rendered"


@pytest.mark.slow
def test_one_hundred_data_sets_render_or_stop_clearly(tmp_path):
    items = datasets()
    expect = {name: e for name, _, _, e in items}
    jobs = [(name, frame, kw, str(tmp_path)) for name, frame, kw, _ in items]
    with ProcessPoolExecutor(max_workers=2) as pool:
        results = dict(pool.map(_one, jobs))
    crashed = {n: r for n, r in results.items() if r.startswith("crashed")}
    assert not crashed, "\n".join("%s: %s" % kv for kv in crashed.items())
    wrong = {n: r for n, r in results.items()
             if (expect[n] == "render") != (r == "rendered")
             or (expect[n] != "render" and expect[n] not in r)}
    assert not wrong, wrong
    assert sum(r == "rendered" for r in results.values()) == 95


def test_invalid_data_stop_before_rendering(tmp_path):
    """The five data sets that cannot be analysed raise their ValueError in the checks, before
    any kernel starts (no output file)."""
    for name, frame, kw, expect in datasets():
        if expect == "render":
            continue
        with pytest.raises(ValueError, match=expect.replace("(", r"\(").replace(")", r"\)")):
            study.roc_study(frame, output=tmp_path / (name + ".html"), n_boot=N_BOOT, **kw)
        assert not (tmp_path / (name + ".html")).exists()


@pytest.mark.slow
def test_issue_reproducer_renders_through_the_console_script(tmp_path, capsys):
    """aSAH without rows 2, 7 and 30 (1-based), with ties among bootstrap optima and a
    marker with AUC < 0.5 under the given direction: renders, the tied replicates counted
    and the reversed marker noted."""
    a = pd.read_csv(DATA_DIR / "asah.csv").drop(index=[1, 6, 29])
    csv = tmp_path / "a110.csv"
    a.to_csv(csv, index=False)
    out = tmp_path / "a110.html"
    code = study.main([str(csv), "--outcome", "outcome", "--markers", "s100b,ndka", "--positive",
                       "Poor", "--no-r", "--n-boot", "300", "--seed", "3", "--direction", "ndka=>",
                       "-o", str(out)])
    assert code == 0, capsys.readouterr().err
    html = out.read_text(encoding="utf-8")
    assert "Bootstrap replicates in which several cut-offs were exactly equally good" in html
    assert "ranks the classes the wrong way round" in html
    assert re.search(r"(--|\u2013)direction ndka=", html)       # pandoc typesets -- as an en dash
