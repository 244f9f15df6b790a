"""concordance_index against the pairwise definition (tests/survival/_defs.py)."""
import numpy as np
import pytest

from _defs import concordance_def
from rocstats.survival import UndefinedTimeAUCWarning, concordance_index


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("method, tau", [("harrell", None), ("uno", None), ("uno", 5.0),
                                         ("harrell", 4.0)])
def test_matches_pairwise_definition(seed, method, tau):
    rng = np.random.default_rng(seed)
    n = 70
    x = np.round(rng.normal(size=n), 1)
    ev = np.round(rng.exponential(5 * np.exp(-0.6 * x))) + 1
    ce = np.round(rng.exponential(8, size=n)) + 1
    time, event = np.minimum(ev, ce), (ev <= ce).astype(int)
    c = concordance_index(time, event, x, method=method, tau=tau)
    exp = concordance_def(time.tolist(), event.tolist(), x.tolist(), tau=tau,
                          uno=(method == "uno"))
    assert c.estimate == pytest.approx(exp, rel=1e-12)
    rev = concordance_index(time, event, -x, method=method, tau=tau, direction=">")
    assert rev.estimate == pytest.approx(c.estimate, rel=1e-13)
    assert rev.se == pytest.approx(c.se, rel=1e-12)


def test_perfect_and_counts():
    time = [1, 2, 3, 4, 5]
    event = [1, 1, 1, 1, 0]
    c = concordance_index(time, event, [5, 4, 3, 2, 1])
    assert c.estimate == 1.0 and c.concordant == 10 and c.discordant == 0
    c = concordance_index(time, event, [1, 2, 3, 4, 5])
    assert c.estimate == 0.0
    c = concordance_index(time, event, [1, 1, 1, 1, 1])
    assert c.estimate == 0.5 and c.tied_marker == 10
    # two events at the same time are not comparable
    c = concordance_index([1, 1, 2], [1, 1, 0], [3, 2, 1])
    assert c.concordant == 2 and c.tied_time == 1
    assert "Harrell" in str(c)


def test_bad_input():
    with pytest.raises(ValueError, match="method"):
        concordance_index([1, 2], [1, 0], [1, 2], method="gonen")
    with pytest.raises(ValueError, match="several causes"):
        concordance_index([1, 2, 3], [1, 2, 0], [1, 2, 3])
    with pytest.raises(ValueError, match="tau"):
        concordance_index([1, 2], [1, 0], [1, 2], tau=-1)
    with pytest.warns(UndefinedTimeAUCWarning):
        c = concordance_index([1, 2], [0, 0], [1, 2])
    assert np.isnan(c.estimate)
