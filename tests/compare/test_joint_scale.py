"""The joint DeLong test's Wald statistic (L theta)' (L S L')^+ (L theta) does not change
when the contrast is multiplied by a constant c != 0 (both factors scale by c and c^2),
so the rounding allowances of issue 23's fix (relative to |L| |theta| and |L| |S| |L|')
must scale with L: tiny or huge weights give the same statistic, rank and row z."""
import numpy as np
import pytest

import rocstats

Y = [1, 1, 0, 1, 0, 0, 1, 0, 1, 0]
X = np.array([0.9, 0.4, 0.5, 0.8, 0.1, 0.3, 0.7, 0.6, 0.65, 0.2])
Z = np.array([0.2, 0.9, 0.3, 0.7, 0.4, 0.1, 0.8, 0.5, 0.6, 0.35])
S3 = np.column_stack([X, Z, 0.5 * X + Z])
L = np.array([[1.0, -1.0, 0.0], [1.0, 1.0, -2.0]])


@pytest.mark.parametrize("c", [1e-12, 1e-6, 1e6, 1e12])
def test_contrast_scale_does_not_change_the_test(c):
    ref = rocstats.delong_joint_test(Y, S3, contrast=L)
    t = rocstats.delong_joint_test(Y, S3, contrast=c * L)
    assert ref.df == 2.0 and t.df == ref.df
    assert t.statistic == pytest.approx(ref.statistic, rel=1e-9)
    np.testing.assert_allclose(t.table()["z"], ref.table()["z"], rtol=1e-9)
