"""The cell and tie helpers of Rossa's statistic as their docstrings state them (issue 23:
surviving mutants of `rocstats.gof._statistic`).  Expected values from the definitions:
``edges[j] = floor(j (n + 1) / k)`` with ``k = n + 1`` one-value cells by default (paper,
eq. 19); integer weights ``L / s_j`` with L the lcm of the sizes; with ``ties="random"`` a
positive tied with a negative is placed before or after it at random, and the generator
is used only then (eq. 20 and the ``_cell_index`` docstring)."""
import numpy as np
import pytest

from rocstats.gof._statistic import _cell_index, cell_edges, score_weights


def test_cell_edges_default_is_one_value_per_cell():
    assert cell_edges(4).tolist() == [0, 1, 2, 3, 4, 5]
    assert cell_edges(4, 2).tolist() == [0, 2, 5]          # floor(j * 5 / 2)
    assert cell_edges(6, 3).tolist() == [0, 2, 4, 7]       # floor(j * 7 / 3)


def test_score_weights_are_integers_over_the_lcm():
    w, L = score_weights([2, 3, 4])
    assert L == 12 and w.tolist() == [6, 4, 3] and w.dtype == np.int64


def test_random_ties_need_no_generator_without_a_positive_negative_tie():
    # positives tied among themselves only: the generator is not needed (nor used)
    idx = _cell_index(np.array([1.0, 1.0, 3.0]), np.array([0.5, 2.0]), ties="random",
                      rng=None)
    assert idx.tolist() == [1, 1, 2]


def test_random_ties_are_broken_at_random_away_from_the_minimum():
    # the positive 2.0 ties the negative 2.0 (not the smallest value): its count of
    # negatives before it is 1 or 2, each with probability 1/2; over 24 seeds both occur
    # unless the tie rule is deterministic (chance 2 * 2**-24 for a fair rule)
    seen = {int(_cell_index(np.array([1.0, 2.0]), np.array([0.5, 2.0]), ties="random",
                            rng=np.random.default_rng(seed))[1]) for seed in range(24)}
    assert seen == {1, 2}
