"""plot_tree: legend, rpart.plot's extra codes, colours, regression trees.  The text of
every box is checked against the fitted tree; the picture itself was looked at beside R's
plot(fit); text(fit, use.n = TRUE) (kyphosis: same splits, same leaf counts)."""
import numpy as np
import pytest

mpl = pytest.importorskip("matplotlib")
mpl.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from rocstats.plot import plot_tree  # noqa: E402
from rocstats.tree import CARTClassifier, CARTRegressor  # noqa: E402


@pytest.fixture(scope="module")
def kyphosis():
    from rocstats_validation import rpart_interop as ri

    est, data, _ = ri.fit_case("kyphosis_default")
    return est


def _boxes(ax):
    return [t.get_text() for t in ax.texts if t.get_text() not in ("yes", "no", "")]


def test_default_boxes_and_legend(kyphosis):
    ax = plot_tree(kyphosis)
    boxes = _boxes(ax)
    assert len(boxes) == kyphosis.tree_.node_count
    assert boxes[0] == "Start >= 8.5\nn=81  [64/17]"
    leaves = [b for b in boxes if b.split("\n")[0] in ("absent", "present")]
    assert sorted(leaves) == sorted(["absent\nn=29  [29/0]", "absent\nn=12  [12/0]",
                                     "absent\nn=14  [12/2]", "present\nn=7  [3/4]",
                                     "present\nn=19  [8/11]"])   # R's text(use.n = TRUE)
    leg = ax.get_legend()
    assert [t.get_text() for t in leg.get_texts()] == ["absent", "present"]
    assert "counts [absent/present]" in leg.get_title().get_text()
    plt.close("all")


def test_extra_104_probabilities_and_percent(kyphosis):
    ax = plot_tree(kyphosis, extra=104)
    boxes = _boxes(ax)
    frame = kyphosis.frame_
    for b, (_, row) in zip(boxes, frame.iterrows()):
        _, probs, pct = b.split("\n")
        got = [float(v) for v in probs.split()]
        np.testing.assert_allclose(got, [row["prob_absent"], row["prob_present"]], atol=0.005)
        assert pct == "%.0f%%" % (100 * row["n"] / 81)
    assert "probabilities" in ax.get_legend().get_title().get_text()
    plt.close("all")


@pytest.mark.parametrize("extra,lines", [(0, 1), (1, 2), (4, 2), (100, 2), (101, 3), (104, 3)])
def test_extra_codes(kyphosis, extra, lines):
    ax = plot_tree(kyphosis, extra=extra, legend=False)
    assert ax.get_legend() is None
    assert all(len(b.split("\n")) == lines for b in _boxes(ax))
    plt.close("all")


def test_leaf_colour_is_predicted_class(kyphosis):
    ax = plot_tree(kyphosis, colors=["#ff0000", "#0000ff"])
    for t in ax.texts:
        first = t.get_text().split("\n")[0]
        if first in ("absent", "present"):
            ec = t.get_bbox_patch().get_edgecolor()
            assert (ec[0] > 0.9) == (first == "absent")
    plt.close("all")


def test_regression_tree():
    from rocstats_validation import rpart_interop as ri

    est, _, _ = ri.fit_case("mtcars_anova")
    ax = plot_tree(est, extra=101)
    boxes = _boxes(ax)
    assert boxes[0] == "cyl >= 5\nn=32\n100%"
    assert "hp >= 192.5\nn=21\n66%" in boxes           # 4 digits, as R's text()
    assert ax.get_legend() is None
    plt.close("all")


def test_bad_arguments(kyphosis):
    with pytest.raises(ValueError, match="extra"):
        plot_tree(kyphosis, extra=3)
    with pytest.raises(ValueError, match="class_names"):
        plot_tree(kyphosis, class_names=["a"])
