"""The NumPy bootstrap kernel's curve and tail passes over several chunks from a later
replicate, and its curve at specificity 0 on a flat start (issue 23, surviving mutants of
`rocstats._kernels.numpy.bootstrap`).  The reference is the same kernel's per-count
function applied to the counts of the whole range in one pass: replicate r is the
resample at counter r whatever pass computes it (the engine's documented stream)."""
import warnings

import numpy as np
import pytest

from rocstats._kernels.numpy import bootstrap as nbk


def _blocks():
    rng = np.random.default_rng(5)
    pos = rng.integers(0, 5, 6).astype(float)
    neg = rng.integers(1, 7, 8).astype(float)
    values = np.unique(np.r_[pos, neg])
    return np.searchsorted(values, np.sort(pos)), np.searchsorted(values, np.sort(neg)), \
        values.size


@pytest.mark.parametrize("given", [0, 1])
def test_curve_over_several_passes_from_a_later_replicate(given, monkeypatch):
    pb, nb, K = _blocks()
    seed, r0, r1 = 41, 7, 19
    targets = np.array([0.0, 0.25, 0.5, 0.9, 1.0])
    whole = nbk.curve_counts(*nbk.counts(pb, nb, K, True, seed, r0, r1), given, targets)
    monkeypatch.setattr(nbk, "_CHUNK", 2 * K)      # two replicates per pass
    np.testing.assert_array_equal(nbk.curve(pb, nb, K, True, seed, r0, r1, given, targets),
                                  whole)


def test_tails_over_several_passes_from_a_later_replicate(monkeypatch):
    pb, nb, K = _blocks()
    seed, r0, r1 = 41, 7, 19
    cuts = np.array([0, 1, K], dtype=np.int64)
    whole = nbk.tails_counts(*nbk.counts(pb, nb, K, False, seed, r0, r1), cuts)
    monkeypatch.setattr(nbk, "_CHUNK", 2 * K)
    got = nbk.tails(pb, nb, K, False, seed, r0, r1, cuts)
    for g, w in zip(got, whole):
        assert g.dtype == np.int64 and w.dtype == np.int64
        np.testing.assert_array_equal(g, w)


def test_curve_at_specificity_zero_on_a_flat_start_is_quiet():
    # the lowest block holds only positives: the first two points share specificity 0, so
    # the interpolation at target 0 divides 0 by 0 -- masked by the exact match, quietly
    cp = np.array([[2, 1, 1]])
    cn = np.array([[0, 2, 1]])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        out = nbk.curve_counts(cp, cn, 0, np.array([0.0, 1.0]))
    assert out[0, 0] == 1.0                 # every case above the lowest cut: Se = 1
