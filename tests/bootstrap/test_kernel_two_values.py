"""`two_values` as its docstring states it: ``(values, counts)`` of a 1-D bool / integer /
float array with one or two distinct values (values ascending in the array's dtype,
int64 counts), else None -- more than two values, a NaN, an empty array or another dtype
(issue 23: surviving mutants of `rocstats._kernels.numpy.roc.two_values`)."""
import numpy as np
import pytest

from rocstats._kernels.numpy.roc import two_values


@pytest.mark.parametrize("arr, values, counts", [
    (np.array([3]), [3], [1]),
    (np.array([2.5, 2.5, 2.5]), [2.5], [3]),
    (np.array([1, 0, 1, 1], dtype=np.uint8), [0, 1], [1, 3]),
    (np.array([True, False, False]), [False, True], [2, 1]),
    (np.array([-1.0, 4.0, -1.0]), [-1.0, 4.0], [2, 1]),
])
def test_one_or_two_values_are_counted(arr, values, counts):
    v, c = two_values(arr)
    assert v.dtype == arr.dtype and v.tolist() == values
    assert c.dtype == np.int64 and c.tolist() == counts


@pytest.mark.parametrize("arr", [
    np.array([], dtype=float), np.array([1, 2, 3]), np.array([0.0, np.nan]),
    np.array(["a", "b"]), np.array([0, 1], dtype=object),
    np.array([1 + 0j, 2 + 0j]),
])
def test_anything_else_is_none(arr):
    assert two_values(arr) is None
