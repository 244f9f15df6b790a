"""The forest's progress bar: the text bar by default, no warning without ipywidgets,
always closed, and in an executed (saved) notebook a finished text line instead of a
frozen widget."""
import warnings

import numpy as np
import pytest

from rocstats.ensemble import AUCForestClassifier


def _data(n=40):
    rng = np.random.default_rng(0)
    X = rng.normal(size=(n, 3))
    return X, (X[:, 0] > 0).astype(int)


@pytest.mark.parametrize("mode", [True, "text", "notebook"])
def test_bar_is_closed_and_silent(mode, capsys):
    tqdm = pytest.importorskip("tqdm")
    X, y = _data()
    with warnings.catch_warnings():
        warnings.simplefilter("error", tqdm.TqdmWarning)   # IProgress not found, ...
        AUCForestClassifier(n_trees=5, random_state=0, progress=mode,
                            bootstrap=False).fit(X, y)
    assert len(tqdm.tqdm._instances) == 0
    err = capsys.readouterr().err
    try:
        import ipywidgets  # noqa: F401
        widgets = True
    except ImportError:
        widgets = False
    if mode != "notebook" or not widgets:
        assert "AUC forest" in err and "5/5" in err
    assert "IProgress" not in err and "TqdmWarning" not in err


def test_bar_closed_when_the_fit_fails(monkeypatch):
    tqdm = pytest.importorskip("tqdm")
    from rocstats.ensemble import _forest

    def boom(*a, **k):
        raise RuntimeError("grower failed")

    monkeypatch.setattr(_forest, "_fit_one", boom)
    X, y = _data()
    with pytest.raises(RuntimeError, match="grower failed"):
        AUCForestClassifier(n_trees=3, random_state=0, progress=True).fit(X, y)
    assert len(tqdm.tqdm._instances) == 0


def test_executed_notebook_keeps_a_finished_text_bar(tmp_path):
    """Run a notebook cell with progress=True through nbclient (as the report renderer
    does) and read the saved outputs: the bar's last state is 20/20 in a text stream, no
    widget output is left behind, and nothing warns."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    nb = nbformat.v4.new_notebook()
    nb.cells.append(nbformat.v4.new_code_cell(
        "import numpy as np\n"
        "from rocstats.ensemble import AUCForestClassifier\n"
        "rng = np.random.default_rng(0); X = rng.normal(size=(60, 3)); y = X[:, 0] > 0\n"
        "f = AUCForestClassifier(n_trees=20, random_state=0, progress=True).fit(X, y)"))
    client = nbclient.NotebookClient(nb, timeout=300, kernel_name="python3")
    try:
        client.execute()
    except Exception as exc:   # no usable kernel here: say so
        if "kernel" in str(exc).lower() and "No such kernel" in str(exc):
            pytest.skip("no python3 Jupyter kernel: %s" % exc)
        raise
    path = tmp_path / "run.ipynb"
    nbformat.write(nb, str(path))
    saved = nbformat.read(str(path), as_version=4)
    outs = saved.cells[0].outputs
    text = "".join(o.get("text", "") for o in outs if o.output_type == "stream")
    assert "20/20" in text.split("\r")[-1] or "20/20" in text.splitlines()[-1]
    assert not any("application/vnd.jupyter.widget-view+json" in o.get("data", {})
                   for o in outs)
    last = text.replace("\r", "\n").strip().splitlines()[-1]
    assert "100%" in last and "Warning" not in text
