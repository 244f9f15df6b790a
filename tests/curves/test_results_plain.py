"""Results store NumPy scalars and 0-d arrays as Python numbers (`rocstats._results._Result`'s
documented contract: "so results print as 0.75, not np.float64(0.75)"), tuples element by
element; arrays stay arrays (issue 23: the conversion was never checked)."""
import numpy as np

import rocstats


def test_numpy_scalars_become_python_numbers():
    t = rocstats.TestResult(np.float64(2.0), np.array(0.05), np.float32(0.125), "m",
                            se=np.float64(0.0625), aucs=(np.float64(0.75), np.int64(1)))
    assert type(t.statistic) is float and t.statistic == 2.0
    assert type(t.pvalue) is float and t.pvalue == 0.05
    assert type(t.estimate) is float and t.estimate == 0.125
    assert type(t.se) is float and t.se == 0.0625
    assert [type(a) for a in t.aucs] == [float, int] and t.aucs == (0.75, 1)
    assert "np." not in repr(t.statistic) + repr(t.aucs)


def test_arrays_and_plain_values_are_kept():
    est = np.array([0.1, 0.2])
    t = rocstats.TestResult(1.5, 0.2, est, "m")
    assert t.estimate is est and t.statistic == 1.5 and t.method == "m"
