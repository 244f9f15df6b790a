"""matplotlib's own keywords on the plot functions: ``label=`` is read as ``labels=``
(it used to raise matplotlib's "got multiple values for keyword argument 'label'"), and
the keywords rocstats sets for each curve are refused by name."""
import pytest

import gates

gates.require("reports")                  # the one report-tools gate (tests/gates.py)
import matplotlib  # noqa: E402
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import rocstats  # noqa: E402
from rocstats.plot import plot_pr, plot_roc, plot_sroc  # noqa: E402

Y = [0, 0, 1, 1, 0, 1]
S = [0.1, 0.4, 0.35, 0.8, 0.2, 0.7]
FOLD = (Y, S)


def _legend(ax):
    return [t.get_text() for t in ax.get_legend().get_texts()]


@pytest.fixture(autouse=True)
def _close():
    yield
    plt.close("all")


@pytest.mark.parametrize("plot", [plot_roc, plot_pr, plot_sroc])
def test_label_is_the_one_curves_label(plot):
    ax = plot(Y, S, label="model A", linewidth=3)
    assert "model A" in _legend(ax)
    ours = [ln for ln in ax.get_lines() if ln.get_label() == "model A"]
    assert len(ours) == 1 and ours[0].get_linewidth() == 3


def test_label_on_an_averaged_curve_names_the_mean_curve():
    avg = rocstats.roc_average([FOLD, FOLD])
    ax = avg.plot(label="my model", print_auc=False)
    assert "my model" in _legend(ax)


@pytest.mark.parametrize("plot", [plot_roc, plot_pr, plot_sroc])
def test_label_and_labels_together_are_refused(plot):
    with pytest.raises(ValueError, match="label and labels are both given"):
        plot(Y, S, label="a", labels=["b"])


def test_one_label_for_two_curves_is_refused_by_count():
    with pytest.raises(ValueError, match="labels has 1 entry for 2 curves"):
        plot_roc(FOLD, FOLD, label="a")


@pytest.mark.parametrize("plot", [plot_roc, plot_pr, plot_sroc])
@pytest.mark.parametrize("name, text", [
    ("color", "color is set by rocstats for each curve: pass colors="),
    ("c", "c is set by rocstats for each curve: pass colors="),
    ("zorder", "zorder is set by rocstats for each curve and cannot be passed"),
    ("gid", "gid is set by rocstats for each curve and cannot be passed"),
])
def test_keywords_set_per_curve_are_refused_by_name(plot, name, text):
    with pytest.raises(ValueError) as err:
        plot(Y, S, **{name: 1 if name == "zorder" else "x"})
    assert str(err.value).startswith(text)


@pytest.mark.parametrize("kw, legend", [({}, ["AUC"]), ({"label": "m"}, ["m"]),
                                        ({"labels": ["n"]}, ["n"])])
def test_roc_object_plot_takes_label_or_labels(kw, legend):
    # ROC.plot names its curve "AUC" (or the ROC's name) unless the caller names it
    r = rocstats.roc(Y, S)
    assert _legend(r.plot(**kw)) == legend
