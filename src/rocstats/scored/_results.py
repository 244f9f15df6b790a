"""Result objects of the scored AUC: `SAUCResult` and `SROCCurve`."""
from dataclasses import dataclass
from typing import Optional

import numpy as np

from .._results import AUCEstimate, Summary, _fmt, _Result

__all__ = ["SAUCResult", "SROCCurve"]


@dataclass(frozen=True, eq=False)
class SAUCResult(AUCEstimate, _Result):
    r"""Scored AUC with its decomposition and U-statistic variance.

    Notation of Wu, Flach & Ferri (2007): y_1..y_m the positive and x_1..x_n the negative
    scores, all in [0, 1].

    Attributes
    ----------
    sauc : float
        :math:`\frac{1}{mn}\sum_{i,j} (y_i - x_j)\,1(y_i > x_j)` (Theorem 1, eq. (5)).
    auc : float
        The ordinary AUC, ties counting 1/2.
    r_pos, r_neg : float
        :math:`R^+ = \frac{1}{mn}\sum_{i,j} y_i 1(y_i > x_j)` and
        :math:`R^- = \frac{1}{mn}\sum_{i,j} x_j 1(y_i > x_j)`; ``sauc = r_pos - r_neg``.
    mean_pos, mean_neg : float
        M^+ and M^-, the mean positive and negative scores.
    variance : float
        Theorem 6 of the paper, ``(n-1)/n S_V/m + (m-1)/m S_W/n`` (or ``S_V/m + S_W/n``
        with ``variance_method == "delong"``; see `rocstats.sauc`); NaN with
        fewer than 2 cases of a class.
    n_pos, n_neg : int
        m and n.
    rescale : str
        How the scores were mapped into [0, 1] (``"none"`` if they already were).
    """

    sauc: float
    auc: float
    r_pos: float
    r_neg: float
    mean_pos: float
    mean_neg: float
    variance: float
    n_pos: int
    n_neg: int
    direction: str = "<"
    pos_label: object = None
    rescale: str = "none"
    variance_method: str = "paper"

    @property
    def mean_difference(self):
        """:math:`M^+ - M^-`, a lower bound of the sAUC (Theorem 4)."""
        return self.mean_pos - self.mean_neg

    _estimate = "sauc"
    _what = "sAUC"

    def summary(self, level=0.95):
        """Text / HTML table of the estimates."""
        ci = self.conf_int(level)
        rows = [("sAUC", self.sauc), ("SE (U-statistic)", self.se),
                ("%g%% CI (Wald)" % (100 * level), "[%s, %s]" % (_fmt(ci.lower), _fmt(ci.upper))),
                ("AUC (ties 1/2)", self.auc), ("R+", self.r_pos), ("R-", self.r_neg),
                ("M+ - M-", self.mean_difference), ("M+", self.mean_pos), ("M-", self.mean_neg),
                ("positives (m)", self.n_pos), ("negatives (n)", self.n_neg),
                ("direction", "controls %s cases" % self.direction),
                ("rescale", self.rescale)]
        form = ("Theorem 6: (n-1)/n S_V/m + (m-1)/m S_W/n" if self.variance_method == "paper"
                else "DeLong form: S_V/m + S_W/n")
        notes = ["sAUC = R+ - R- (Wu, Flach & Ferri 2007, Theorem 2); variance by %s, from "
                 "the structural components of h(y, x) = (y - x) 1(y > x)." % form]
        return Summary("Scored AUC (Wu, Flach & Ferri 2007)", rows, notes)

    def _repr_html_(self):
        return self.summary()._repr_html_()


@dataclass(frozen=True, eq=False)
class SROCCurve(_Result):
    r"""The sROC curve theta(tau) = (1 / (m n)) sum_ij 1(y_i - x_j > tau),
    :math:`\tau \in [0, 1]`.

    Attributes
    ----------
    breakpoints : ndarray or None
        The exact step function: 0 followed by the distinct positive differences
        :math:`y_i - x_j` (ascending).  None when m n exceeded ``max_breakpoints``.
    values : ndarray or None
        ``values[k] = theta(tau)`` for ``breakpoints[k] <= tau < breakpoints[k+1]``; the
        last step extends to tau = 1 (it is 0 there: no difference exceeds the largest).
    grid, grid_theta : ndarray
        theta evaluated exactly at the grid points (for plotting; always present).
    sauc, auc : float
        The area under the curve (the sAUC, from the sweep) and the AUC.
    """

    breakpoints: Optional[np.ndarray]
    values: Optional[np.ndarray]
    grid: np.ndarray
    grid_theta: np.ndarray
    sauc: float
    auc: float
    n_pos: int
    n_neg: int
    direction: str = "<"
    rescale: str = "none"

    @property
    def exact(self):
        """True when the exact step function (all breakpoints) is held."""
        return self.breakpoints is not None

    def area(self):
        """Area under the curve on [0, 1]: exact integral of the step function, or (when
        not `exact`) the trapezoidal rule on the grid (an approximation)."""
        if self.exact:
            widths = np.diff(np.append(self.breakpoints, 1.0))
            return float(np.dot(self.values, widths))
        return float(np.trapezoid(self.grid_theta, self.grid)) if hasattr(np, "trapezoid") \
            else float(np.trapz(self.grid_theta, self.grid))

    def step_xy(self):
        """``(tau, theta)`` for ``plt.step(tau, theta, where="post")``: the exact steps
        closed at tau = 1, or the grid when not exact."""
        if not self.exact:
            return self.grid, self.grid_theta
        return np.append(self.breakpoints, 1.0), np.append(self.values, self.values[-1])

    def summary(self):
        rows = [("sAUC (area)", self.sauc), ("AUC", self.auc),
                ("theta(0)", self.values[0] if self.exact else self.grid_theta[0]),
                ("exact step function", self.exact),
                ("breakpoints", self.breakpoints.size if self.exact else "not materialised"),
                ("grid points", self.grid.size), ("positives (m)", self.n_pos),
                ("negatives (n)", self.n_neg), ("rescale", self.rescale)]
        return Summary("sROC curve (Wu, Flach & Ferri 2007)", rows)

    def _repr_html_(self):
        return self.summary()._repr_html_()

    def plot(self, ax=None, **kwargs):
        """Draw the curve with `rocstats.plot.plot_sroc` (the exact step function,
        whose area is the sAUC); returns the Axes.  Needs matplotlib."""
        from ..plot import plot_sroc

        return plot_sroc(self, ax=ax, **kwargs)
