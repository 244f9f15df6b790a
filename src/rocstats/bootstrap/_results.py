"""Result objects of the bootstrap confidence intervals."""
from dataclasses import dataclass
from typing import Optional

import numpy as np

from .._results import ConfidenceInterval, Summary, _fmt, _Result

__all__ = ["BootstrapInterval", "CoordsCI"]


def _interval_text(interval):
    return {"percentile": "percentile", "bca": "BCa"}.get(interval, interval)


@dataclass(frozen=True, eq=False)
class BootstrapInterval(ConfidenceInterval):
    """A bootstrap confidence interval of a scalar (`rocstats.ci_auc`).

    Attributes
    ----------
    lower, upper, level, method, estimate
        As `rocstats.ConfidenceInterval`; ``method`` is ``"bootstrap"`` and
        ``estimate`` the statistic of the data.
    median : float
        The median of the bootstrap replicates (pROC's middle value).
    n_boot : int
        Replicates drawn; ``n_valid`` of them were defined (a non-stratified replicate
        without a class is not).
    stratified : bool
        pROC's ``boot.stratified``.
    interval : {"percentile", "bca"}
    seed : int
        The 64-bit seed of the counter-based random stream: passing it as
        ``random_state`` reproduces the replicates exactly (whatever ``n_jobs``).
    replicates : ndarray
        The defined bootstrap replicates, in replicate order.
    statistic : str
        What was bootstrapped ("AUC", "partial AUC ...").
    """

    median: float = float("nan")
    n_boot: int = 0
    n_valid: int = 0
    stratified: bool = True
    interval: str = "percentile"
    seed: Optional[int] = None
    replicates: Optional[np.ndarray] = None
    statistic: str = "AUC"

    def summary(self):
        rows = [(self.statistic, self.estimate),
                ("%g%% CI (bootstrap %s)" % (100 * self.level, _interval_text(self.interval)),
                 "[%s, %s]" % (_fmt(self.lower), _fmt(self.upper))),
                ("bootstrap median", self.median),
                ("replicates", "%d (%d defined)" % (self.n_boot, self.n_valid)),
                ("stratified", self.stratified), ("seed", self.seed)]
        return Summary("Bootstrap confidence interval of the %s" % self.statistic, rows)


@dataclass(frozen=True, eq=False)
class CoordsCI(_Result):
    """Bootstrap confidence intervals of ROC coordinates at several points
    (`rocstats.ci_coords`, `rocstats.ci_thresholds`), as pROC's
    ``ci.coords`` / ``ci.thresholds``.

    Attributes
    ----------
    x : ndarray
        The points: values of the ``input`` coordinate, or ``["best"]``.
    input : str
        "threshold", "specificity" or "sensitivity".
    ret : tuple of str
        The coordinates whose intervals were computed.
    lower, median, upper : ndarray of shape (len(x), len(ret))
        The ``(1 - level) / 2``, 0.5 and ``(1 + level) / 2`` quantiles of the bootstrap
        replicates (type 7, as R's ``quantile``; ``lower`` / ``upper`` from the BCa
        levels with ``interval="bca"``).
    estimate : ndarray of shape (len(x), len(ret))
        The coordinates of the data at ``x`` (for ``x="best"``: the first optimal point).
    n_valid : ndarray of shape (len(x), len(ret))
        Defined replicates behind each interval (undefined values such as 0/0 are
        dropped cell by cell, as pROC's ``ci.coords``; ``ci.thresholds`` drops a
        replicate with any undefined value everywhere).
    level, n_boot, stratified, interval, seed
        As `BootstrapInterval`.
    replicates : ndarray of shape (n_boot, len(x), len(ret))
        The bootstrap values, in replicate order (NaN where undefined; for
        `rocstats.ci_thresholds` only the replicates kept).
    best_policy, n_tied
        For ``x="best"``: the tie policy and the number of replicates with several
        (exactly) tied optimal points, to which it was applied (None otherwise).

    ``ci[name]`` (or `frame`) is the table of one coordinate, as pROC's
    ``ci.coords(...)$name``; `to_frame` gives every coordinate in long form.
    """

    x: np.ndarray
    input: str
    ret: tuple
    lower: np.ndarray
    median: np.ndarray
    upper: np.ndarray
    estimate: np.ndarray
    n_valid: np.ndarray
    level: float
    n_boot: int
    stratified: bool = True
    interval: str = "percentile"
    seed: Optional[int] = None
    method: str = "bootstrap"
    replicates: Optional[np.ndarray] = None
    best_policy: Optional[str] = None
    n_tied: Optional[int] = None

    def frame(self, name):
        """pandas DataFrame of coordinate ``name``: one row per point, columns
        ``<input>`` (the point), ``lower``, ``median``, ``upper``, ``estimate``."""
        import pandas as pd

        try:
            j = self.ret.index(name)
        except ValueError:
            raise KeyError("%r is not among the coordinates %s" % (name, self.ret)) from None
        return pd.DataFrame({self.input if not self._best else "x": self.x,
                             "lower": self.lower[:, j], "median": self.median[:, j],
                             "upper": self.upper[:, j], "estimate": self.estimate[:, j]})

    __getitem__ = frame

    @property
    def _best(self):
        return self.x.dtype == object

    def to_frame(self):
        """Long pandas DataFrame: columns ``x``, ``coordinate``, ``lower``, ``median``,
        ``upper``, ``estimate``, ``n_valid``."""
        import pandas as pd

        nx, nr = self.lower.shape
        return pd.DataFrame({"x": np.repeat(self.x, nr), "coordinate": list(self.ret) * nx,
                             "lower": self.lower.ravel(), "median": self.median.ravel(),
                             "upper": self.upper.ravel(), "estimate": self.estimate.ravel(),
                             "n_valid": self.n_valid.ravel()})

    def summary(self):
        rows = []
        for i, xv in enumerate(self.x):
            for j, name in enumerate(self.ret):
                label = "%s at %s %s" % (name, "" if self._best else self.input,
                                          _fmt(xv) if not self._best else xv)
                rows.append((label.replace("  ", " "), "%s [%s, %s]" % (
                    _fmt(self.estimate[i, j]), _fmt(self.lower[i, j]), _fmt(self.upper[i, j]))))
        rows += [("replicates", self.n_boot), ("stratified", self.stratified),
                 ("seed", self.seed)]
        if self.n_tied is not None:
            rows.append(("replicates with tied optima", "%d (best_policy=%r)"
                         % (self.n_tied, self.best_policy)))
        return Summary("Bootstrap %g%% CIs (%s) of ROC coordinates: estimate [lower, upper]"
                       % (100 * self.level, _interval_text(self.interval)), rows)
