"""`placements_by_case(out=...)` names the output array it refuses (issue 23: surviving
mutants of `rocstats._kernels.numpy.roc._out_pair`; the C twin writes through these
arrays' pointers, so a wrong one must be refused by name, before any write)."""
import numpy as np
import pytest

from rocstats._kernels.numpy import roc as nroc


@pytest.mark.parametrize("which", [0, 1])
def test_placements_out_arrays_are_checked_by_name(which):
    pos, neg = np.array([0.2, 0.7, 0.9]), np.array([0.1, 0.5])
    op, on = np.argsort(pos), np.argsort(neg)
    good = [np.empty(3), np.empty(2)]
    bad = list(good)
    bad[which] = np.empty(4)                 # wrong size
    with pytest.raises(ValueError, match=r"^out\[%d\] must be a writeable C-contiguous "
                       r"float64 array of %d values" % (which, (3, 2)[which])):
        nroc.placements_by_case(pos, op, neg, on, out=tuple(bad))
    _, v10, v01 = nroc.placements_by_case(pos, op, neg, on, out=tuple(good))
    assert v10 is good[0] and v01 is good[1]
