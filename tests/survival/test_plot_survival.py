"""The survival figures draw what they say (artists checked; the PNGs were looked at)."""
import numpy as np
import pytest

pytest.importorskip("matplotlib")

import matplotlib  # noqa: E402

matplotlib.use("Agg")

from rocstats.survival import plot_auc_time, plot_time_roc, time_roc, time_roc_test  # noqa


def _data():
    rng = np.random.default_rng(2)
    x = rng.normal(size=150)
    ev = rng.exponential(5 * np.exp(-0.8 * x))
    ce = rng.exponential(9, size=150)
    return np.minimum(ev, ce), (ev <= ce).astype(int), x


def test_roc_curves_and_auc_plot(tmp_path):
    import matplotlib.pyplot as plt

    time, event, x = _data()
    r = time_roc(time, event, x, [1.0, 3.0, 5.0], name="x")
    ax = plot_time_roc(r)
    lines = [ln for ln in ax.get_lines() if ln.get_gid() == "rocstats-time-roc"]
    assert len(lines) == 3
    fpr, tpr = lines[1].get_data()
    assert np.trapezoid(tpr, fpr) == pytest.approx(r.auc[1], rel=1e-12)
    assert "AUC 0." in ax.get_legend().get_texts()[0].get_text()
    ax.figure.savefig(tmp_path / "roc.png", dpi=60)
    plt.close(ax.figure)
    y = x + np.random.default_rng(0).normal(size=x.size)
    t = time_roc_test(time, event, x, y, [1.0, 2.0, 3.0, 5.0])
    ax = t.plot()
    bands = [c for c in ax.collections if c.get_gid() == "rocstats-auc-band"]
    assert len(bands) == 2
    ax.figure.savefig(tmp_path / "auc.png", dpi=60)
    plt.close(ax.figure)
    ax = r.plot(kind="roc", times=[3.0])
    assert len([ln for ln in ax.get_lines() if ln.get_gid() == "rocstats-time-roc"]) == 1
    plt.close(ax.figure)
    with pytest.raises(ValueError, match="kind"):
        r.plot(kind="pr")
