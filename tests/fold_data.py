"""Random cross-validation folds for the tests of `rocstats.roc_average`: k folds of
n ~ U{lo, ..., hi - 1} rows, labels Bernoulli(1/2) with both classes forced into the
first two rows, scores N(shift * y, 1) (rounded to ``digits`` decimals, which makes
ties; None keeps them continuous), times ``sign``."""
import numpy as np


def random_folds(seed, k, *, rows=(15, 40), shift=1.0, digits=1, sign=1.0):
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(k):
        n = int(rng.integers(*rows))
        y = rng.integers(0, 2, n)
        y[:2] = (0, 1)
        s = rng.normal(shift * y)
        out.append((y, sign * (np.round(s, digits) if digits is not None else s)))
    return out
