r"""Smoothed ROC curves: pROC's ``smooth()`` (binormal and kernel density).

``method="binormal"`` (pROC's ``smooth.roc.binormal``): every point of the empirical curve with sensitivity and specificity
strictly inside (0, 1) is mapped to normal deviates, ``qnorm(Sp)`` is regressed on
``qnorm(Se)`` by least squares (``qnorm(Sp) = a + b qnorm(Se)``), and the curve is
evaluated at ``Se = seq(0, 1, by = 1/(n-1))``.  Its AUC is the binormal area
``pnorm(a / sqrt(1 + b^2))`` (pROC's formula, which takes b < 0, the usual case).

``method="density"`` (pROC's ``smooth.roc.density``): Gaussian (or other) kernel density
estimates of the controls and of the cases on one grid of n points from
``min - cut bw`` to ``max + cut bw`` of the pooled scores, with one bandwidth from the
pooled scores (R's ``bw.nrd0`` by default, the rule of thumb
``0.9 min(sd, IQR / 1.34) N^(-1/5)``); the curve's point i is the share of the
controls' density mass below grid point i (specificity) and of the cases' at or above
it (sensitivity).  The densities are R's ``density()``: the data are linearly binned
on a grid of ``max(n, 512)`` points (rounded up to a power of 2) stretched by
``4 bw`` at each end, convolved with the kernel by FFT over twice that length, clipped
at 0 and linearly interpolated to the output grid.  rocstats repeats those steps
(binning weights, grid formulas, kernel, FFT, interpolation) so the numbers agree with
R's to rounding; the FFT library differs (NumPy's pocketfft, R's Singleton
mixed-radix), so values agree to about 1e-15 of the largest density, not bit for bit.

Both curves get pROC's end points (Sp, Se) = (0, 1) and (1, 0) and are returned in
pROC's order (specificity increasing); the AUC of the density curve and every partial
AUC are the trapezoids of `rocstats.curves._partial.partial_auc_from_points`.
"""
from __future__ import annotations

from typing import Any, Dict, Optional, Sequence, Union  # noqa: F401

from .._typing import ArrayLike, Direction, Jobs, Label, Range, Seed  # noqa: F401
import warnings
from dataclasses import dataclass
from typing import Optional, Tuple

import numpy as np

from .. import _dist
from .._deviations import note
from .._results import Summary
from .._sample import binary_sample, per_marker
from .._validation import UndefinedAUCWarning
from . import _partial

__all__ = ["smooth_roc", "SmoothROCCurve", "bw_nrd0", "bw_nrd", "r_density"]

METHODS = ("binormal", "density")
#: largest number of smoothed points: the density grid and its FFT hold a few arrays of
#: 2 * next_pow2(n) doubles (16 GiB at n = 10^9)
MAX_N = 10 ** 7
#: a class whose density over the n grid points holds less than this share of its
#: probability mass (sum of the densities times the grid step) has no curve: the values
#: are the FFT's round-off (~1e-17) beyond a compact kernel's support
_MIN_GRID_MASS = 1e-9
KERNELS = ("gaussian", "epanechnikov", "rectangular", "triangular", "biweight", "cosine",
           "optcosine")
_SQRT_2PI_INV = 0.398942280401432677939946059934   # M_1_SQRT_2PI


# ------------------------------------------------------------------ R's conventions
def _r_seq(start, stop, length):
    """R's ``seq.int(from, to, length.out = length)`` (R 4.2): ``from + i * by`` with
    ``by = (to - from) / (length - 1)`` and the last value exactly ``to``."""
    if length == 1:
        return np.array([float(start)])
    by = (stop - start) / (length - 1)
    out = start + np.arange(length) * by
    out[-1] = stop
    return out


def _r_quantile7(x_sorted, p):
    """R's ``quantile(x, p, type = 7)`` of sorted data."""
    n = x_sorted.size
    index = 1 + (n - 1) * p
    lo = int(np.floor(index))
    hi = int(np.ceil(index))
    q = x_sorted[lo - 1]
    if index > lo and x_sorted[hi - 1] != q:
        h = index - lo
        q = (1 - h) * q + h * x_sorted[hi - 1]
    return q


def _r_sd(x):
    """R's ``sd``: two-pass mean with a correction, long-double accumulation."""
    xl = x.astype(np.longdouble)
    n = x.size
    mean = xl.sum() / n
    mean = mean + (xl - mean).sum() / n
    mean = np.float64(mean)
    return float(np.sqrt(np.float64(((x - mean).astype(np.longdouble) ** 2).sum() / (n - 1))))


def _iqr(x):
    xs = np.sort(x)
    return _r_quantile7(xs, 0.75) - _r_quantile7(xs, 0.25)


def bw_nrd0(x):
    """R's ``bw.nrd0``: ``0.9 min(sd, IQR / 1.34) N^(-1/5)``; if that minimum is 0, the sd,
    else ``|x[0]|``, else 1 stands in for it (R's fall-backs, in that order)."""
    x = np.asarray(x, dtype=float)
    if x.size < 2:
        raise ValueError("bw: need at least 2 data points to select a bandwidth")
    hi = _r_sd(x)
    lo = min(hi, _iqr(x) / 1.34)
    if not lo:
        lo = hi or abs(x[0]) or 1.0
    return 0.9 * lo * x.size ** (-0.2)


def bw_nrd(x):
    """R's ``bw.nrd``: Scott's variation, ``1.06 min(sd, IQR / 1.34) N^(-1/5)``."""
    x = np.asarray(x, dtype=float)
    if x.size < 2:
        raise ValueError("bw: need at least 2 data points to select a bandwidth")
    h = _iqr(x) / 1.34
    return 1.06 * min(_r_sd(x), h) * x.size ** (-1 / 5)


def _bin_dist(x, w, lo, hi, n):
    """R's linear binning (``C_BinDist``): mass of each point split between its two
    neighbouring grid points of ``lo + k (hi - lo) / (n - 1)``; 2n cells (the upper half
    stays 0, the FFT's zero padding).  Accumulated in R's order."""
    delta = (hi - lo) / (n - 1)
    pos = (x - lo) / delta
    ix = np.floor(pos)
    fx = pos - ix
    ix = ix.astype(np.int64)
    idx = np.stack([ix, ix + 1], axis=1)
    wt = np.stack([w * (1 - fx), w * fx], axis=1)
    inner = (ix >= 0) & (ix <= n - 2)
    below = ix == -1              # only the upper neighbour (index 0) is on the grid
    above = ix == n - 1           # only the lower neighbour (index n - 1)
    keep = np.zeros(idx.shape, dtype=bool)
    keep[inner] = True
    keep[below, 1] = True
    keep[above, 0] = True
    return np.bincount(idx[keep], weights=wt[keep], minlength=2 * n)[:2 * n]


def _r_dnorm(x, sd):
    """R's ``dnorm(x, 0, sd)`` (nmath's dnorm4, with its split of x beyond 5 sd)."""
    z = np.abs(x / sd)
    out = _SQRT_2PI_INV * np.exp(-0.5 * z * z) / sd
    far = z >= 5
    if far.any():
        zf = z[far]
        x1 = np.ldexp(np.rint(np.ldexp(zf, 16)), -16)
        x2 = zf - x1
        val = _SQRT_2PI_INV / sd * (np.exp(-0.5 * x1 * x1) * np.exp((-0.5 * x2 - x1) * x2))
        limit = np.sqrt(-2 * np.log(2) * (-1021 + 1 - 53))
        out[far] = np.where(zf > limit, 0.0, val)
    return out


def _kernel(k, kernel, bw):
    if kernel == "gaussian":
        return _r_dnorm(k, bw)
    ak = np.abs(k)
    if kernel == "rectangular":
        a = bw * np.sqrt(3)
        return np.where(ak < a, 0.5 / a, 0.0)
    if kernel == "triangular":
        a = bw * np.sqrt(6)
        return np.where(ak < a, (1 - ak / a) / a, 0.0)
    if kernel == "epanechnikov":
        a = bw * np.sqrt(5)
        return np.where(ak < a, 3 / 4 * (1 - (ak / a) ** 2) / a, 0.0)
    if kernel == "biweight":
        a = bw * np.sqrt(7)
        return np.where(ak < a, 15 / 16 * (1 - (ak / a) ** 2) ** 2 / a, 0.0)
    if kernel == "cosine":
        a = bw / np.sqrt(1 / 3 - 2 / np.pi ** 2)
        return np.where(ak < a, (1 + np.cos(np.pi * k / a)) / (2 * a), 0.0)
    a = bw / np.sqrt(1 - 8 / np.pi ** 2)                      # optcosine
    return np.where(ak < a, np.pi / 4 * np.cos(np.pi * k / (2 * a)) / a, 0.0)


def _r_approx(x, y, xout):
    """R's ``approx(x, y, xout)`` (linear, x increasing and distinct, xout inside)."""
    j = np.clip(np.searchsorted(x, xout, side="right"), 1, x.size - 1)
    i = j - 1
    with np.errstate(invalid="ignore", divide="ignore"):
        val = y[i] + (y[j] - y[i]) * ((xout - x[i]) / (x[j] - x[i]))
    val = np.where(xout == x[j], y[j], np.where(xout == x[i], y[i], val))
    return np.where((xout < x[0]) | (xout > x[-1]), np.nan, val)


def r_density(x, *, bw, n=512, start, stop, kernel="gaussian"):
    """R's ``density(x, bw = bw, n = n, from = start, to = stop, kernel = kernel)$y``.

    Binned FFT approximation as R computes it: linear binning of ``x`` (weights
    ``1 / N``) on ``max(n, 512)`` points (the next power of 2 above 512) from
    ``start - 4 bw`` to ``stop + 4 bw``, circular convolution with the kernel over twice
    that length by FFT, negative values set to 0, linear interpolation to the n output
    points ``seq(start, stop, length.out = n)``.
    """
    x = np.asarray(x, dtype=float)
    n_user = int(n)
    n = max(n_user, 512)
    if n > 512:
        n = int(2 ** np.ceil(np.log2(n)))
    lo = start - 4 * bw
    up = stop + 4 * bw
    y = _bin_dist(x, np.full(x.size, 1.0 / x.size), lo, up, n)
    kords = _r_seq(0.0, 2 * (up - lo), 2 * n)
    kords[n + 1:] = -kords[n - 1:0:-1]
    kords = _kernel(kords, kernel, bw)
    conv = np.fft.ifft(np.fft.fft(y) * np.conj(np.fft.fft(kords)))
    dens = np.maximum(0.0, conv.real[:n])
    xords = _r_seq(lo, up, n)
    return _r_approx(xords, dens, _r_seq(start, stop, n_user))


# ------------------------------------------------------------------------ the result
@dataclass(frozen=True, eq=False)
class SmoothROCCurve:
    """A smoothed ROC curve (pROC's ``smooth()``), points in pROC's order.

    Attributes
    ----------
    specificities, sensitivities : ndarray of shape (n + 2,)
        The curve, specificity increasing, with pROC's end points (0, 1) and (1, 0).
    auc : float
        Its area: the binormal ``pnorm(a / sqrt(1 + b^2))``, or the trapezoids (density).
    method : {"binormal", "density"}
    n : int
        Number of smoothed points (pROC's ``n``).
    bw : float or None
        The kernel bandwidth (``method="density"``), after ``adjust``.
    coefficients : (float, float) or None
        Binormal fit ``(a, b)`` of ``qnorm(Sp) = a + b qnorm(Se)`` (``method="binormal"``).
    kernel : str or None
    n_pos, n_neg : int
    direction : str
    pos_label : object
    """

    specificities: np.ndarray
    sensitivities: np.ndarray
    auc: float
    method: str
    n: int
    bw: Optional[float] = None
    coefficients: Optional[Tuple[float, float]] = None
    kernel: Optional[str] = None
    n_pos: int = 0
    n_neg: int = 0
    direction: str = "<"
    pos_label: object = None

    @property
    def fpr(self):
        """False-positive rates ``1 - specificities`` (decreasing along the curve)."""
        return 1.0 - self.specificities

    @property
    def tpr(self):
        """True-positive rates, the sensitivities."""
        return self.sensitivities

    def auc_partial(self, partial, *, focus="specificity", correct=False):
        """Partial AUC of the smoothed curve (pROC's ``auc(smooth_roc, partial.auc = ...,
        partial.auc.focus = ..., partial.auc.correct = ...)``): trapezoids over the
        smoothed points, the range's ends interpolated; McClish's correction gives NaN
        (warning) below the diagonal, as pROC."""
        lo, hi = _partial.check_partial(partial)
        _partial.check_focus(focus)
        correct = _partial.check_correct(correct)
        if not np.isfinite(self.auc):
            return float("nan")
        value = float(_partial.partial_auc_from_points(
            self.sensitivities, self.specificities, partial=(lo, hi), focus=focus))
        return _partial.mcclish(value, lo, hi) if correct else value

    def summary(self):
        rows = [("AUC", self.auc), ("method", self.method), ("points", self.n)]
        notes = []
        if self.method == "binormal" and self.coefficients is not None:
            rows += [("binormal a (intercept)", self.coefficients[0]),
                     ("binormal b (slope)", self.coefficients[1])]
            if self.coefficients[1] == 0.0:
                notes.append(note("binormal_zero_slope"))
        if self.method == "density":
            rows += [("kernel", self.kernel), ("bandwidth", self.bw)]
        rows += [("positives", self.n_pos), ("negatives", self.n_neg),
                 ("direction", "controls %s cases" % self.direction)]
        return Summary("Smoothed ROC curve (%s)" % self.method, rows, notes)

    def __str__(self):
        return self.summary().as_text()

    def _repr_html_(self):
        return self.summary()._repr_html_()


# ----------------------------------------------------------------------- smoothing
def _binormal(is_pos, score, n):
    se, sp = _partial.proc_points(is_pos, score)
    with np.errstate(divide="ignore"):
        qsp = _dist.norm_ppf(sp)
        qse = _dist.norm_ppf(se)
    ok = np.isfinite(qsp) & np.isfinite(qse)
    if np.count_nonzero(ok) <= 1:
        raise ValueError("y_score: the ROC curve cannot be smoothed by the binormal "
                         "method: it has %d point(s) with sensitivity and specificity "
                         "inside (0, 1), at least 2 are needed (pROC: 'not enough points')"
                         % np.count_nonzero(ok))
    xs, ys = qse[ok], qsp[ok]
    # one sensitivity at every inner point: no slope (R's lm gives NA, pROC stops).  Tested
    # on the values themselves: their deviations from the mean need not be exactly 0
    # (the mean of equal doubles can be 1 ulp off), and would give a round-off slope
    if np.ptp(xs) == 0:
        raise ValueError("y_score: the ROC curve cannot be smoothed by the binormal method: "
                         "all its inner points have the same sensitivity")
    xc = xs - xs.mean()
    sxx = xc @ xc
    if np.ptp(ys) == 0:            # one specificity: slope 0 exactly (not round-off of either sign)
        b, a = 0.0, float(ys[0])
    else:
        b = float((xc @ (ys - ys.mean())) / sxx)
        a = float(ys.mean() - b * xs.mean())
    by = 1.0 / (n - 1)
    k = int(1.0 / by + 1e-10)
    grid = np.minimum(np.arange(k + 1) * by, 1.0)          # R's seq(0, 1, by)
    with np.errstate(divide="ignore"):
        zse = _dist.norm_ppf(grid)
    inner = np.isfinite(zse)
    zsp = np.empty_like(zse)
    zsp[inner] = a + b * zse[inner]
    # the grid's ends, Se = 0 and 1 (zse = -inf, +inf): a + b zse is +/-inf for b != 0;
    # for b = 0 (every inner point at one specificity) 0 * inf is undefined, and the
    # curve is the limit b -> 0- of the proper binormal curves (b < 0): Sp = 1 at Se = 0
    # and Sp = 0 at Se = 1 -- what pROC's least-squares round-off (b ~ -1e-16) gives
    zsp[~inner] = -zse[~inner] if b <= 0 else zse[~inner]
    sens, spec = _dist.norm_cdf(zse), _dist.norm_cdf(zsp)
    auc = float(_dist.norm_cdf(a / np.sqrt(1 + b * b)))
    return sens, spec, auc, (a, b)


def _density(is_pos, raw, direction, n, bw, adjust, kernel, cut):
    controls, cases = raw[~is_pos], raw[is_pos]
    pooled = np.r_[controls, cases]
    if isinstance(bw, str):
        rule = {"nrd0": bw_nrd0, "nrd": bw_nrd}.get(bw.lower())
        if rule is None:
            raise ValueError("bw must be 'nrd0', 'nrd' or a positive number, got %r" % (bw,))
        h = rule(pooled)
    else:
        h = float(bw)
    h = h * adjust
    if not (np.isfinite(h) and h > 0):
        raise ValueError("bw must give a positive finite bandwidth, got %r (adjust %r)"
                         % (h, adjust))
    start = pooled.min() - cut * h
    stop = pooled.max() + cut * h
    dc = r_density(controls, bw=h, n=n, start=start, stop=stop, kernel=kernel)
    dx = r_density(cases, bw=h, n=n, start=start, stop=stop, kernel=kernel)
    step = (stop - start) / (n - 1)
    for name, d in (("controls", dc), ("cases", dx)):
        if not np.sum(d) * step >= _MIN_GRID_MASS:
            warnings.warn(
                "smoothed ROC curve is undefined: the %d grid points hold none of the %s' "
                "density (kernel=%r, bandwidth %.4g, grid step %.4g: the kernel's support "
                "falls between the points); returning NaN -- use a larger n (pROC's "
                "curve here is built on the FFT's round-off)" % (n, name, kernel, h, step),
                UndefinedAUCWarning, stacklevel=3)
            return None, None, h
    # thresholds between grid points: point i (0-based) puts grid points < i (direction
    # "<") on the control side; sums accumulated in long double as R's sum()
    c_cum = np.r_[0.0, np.cumsum(dc.astype(np.longdouble))]
    x_cum = np.r_[0.0, np.cumsum(dx.astype(np.longdouble))]
    c_tot, x_tot = np.float64(c_cum[-1]), np.float64(x_cum[-1])
    i = np.arange(n)
    if direction == "<":
        tn = c_cum[i]                        # controls at grid points 0 .. i-1
        tp = x_cum[-1] - x_cum[i]            # cases at grid points i .. n-1
    else:
        tn = c_cum[-1] - c_cum[i + 1]        # controls above grid point i
        tp = x_cum[i + 1]                    # cases at or below it
    spec = tn.astype(np.float64) / c_tot
    sens = tp.astype(np.float64) / x_tot
    return sens, spec, h


@per_marker
def smooth_roc(y_true: ArrayLike, y_score: Optional[ArrayLike] = None, *,
               pos_label: Label = None, direction: Direction = "<",
               method: str = "binormal", n: int = 512, bw: Union[str, float] = "nrd0",
               adjust: float = 1.0, kernel: str = "gaussian", cut: float = 3.0
        ) -> Union[SmoothROCCurve, Dict[str, SmoothROCCurve]]:
    """Smoothed ROC curve, as pROC's ``smooth(roc, method = ..., n = ..., bw = ...)``.

    Parameters
    ----------
    y_true, y_score, pos_label, direction
        As in `rocstats.auc`.
    method : {"binormal", "density"}
        ``"binormal"``: least-squares line through the empirical curve's points on the
        normal-deviate scale, ``qnorm(Sp) = a + b qnorm(Se)`` (pROC's
        ``smooth.roc.binormal``).  ``"density"``: kernel density estimates of the two
        classes' scores (pROC's ``smooth.roc.density`` with R's ``density()``).
    n : int
        Number of smoothed points (pROC's ``n``, default 512), at least 2.
    bw : {"nrd0", "nrd"} or float
        ``method="density"``: the bandwidth, or R's rule to choose it from the pooled
        scores (``bw.nrd0``, Silverman's rule of thumb; ``bw.nrd``, Scott's).
    adjust : float
        ``method="density"``: the bandwidth is ``bw * adjust`` (pROC's ``adjust``).
    kernel : str
        ``method="density"``: R's kernels, ``"gaussian"`` (default), ``"epanechnikov"``,
        ``"rectangular"``, ``"triangular"``, ``"biweight"``, ``"cosine"``,
        ``"optcosine"``; ``bw`` is the kernel's standard deviation.
    cut : float
        ``method="density"``: the grid runs from ``min - cut * bw`` to
        ``max + cut * bw`` of the pooled scores (pROC's default 3).

    Returns
    -------
    SmoothROCCurve
        ``specificities`` and ``sensitivities`` (n + 2 points, pROC's order and end
        points), ``auc``, ``auc_partial(partial, focus=, correct=)``, ``method``,
        ``coefficients`` (binormal) or ``bw`` (density), ``summary()``.  With one class
        absent: an `UndefinedAUCWarning`, empty curves and a NaN AUC.

    Notes
    -----
    pROC's binormal AUC formula ``pnorm(a / sqrt(1 + b^2))`` is the binormal area for the
    usual negative slope b; the density curve's AUC is the trapezoid rule over its
    points.  A slope of exactly 0 (every inner point at one specificity) gives the limit
    b -> 0- of the proper curves: specificity ``pnorm(a)`` inside, 1 at Se = 0 and 0 at
    Se = 1, AUC ``pnorm(a)``.  pROC's least squares leaves a round-off slope whose sign
    decides its answer: about -1e-16 gives this curve; exactly 0 stops with "missing
    value where TRUE/FALSE needed"; about +1e-16 gives the ends swapped (Sp = 0 at
    Se = 0); the AUC is ``pnorm(a)`` whenever it answers.  With a compact kernel and few points the grid can
    miss a class's density entirely (R's values there are FFT round-off, ~1e-17, on
    which pROC builds a curve): the curve is then undefined, with an
    `UndefinedAUCWarning` and a NaN AUC (use a larger ``n``).  The curve's density values agree with R's to about 1e-15 of the largest
    density (R and NumPy use different FFT codes), so sensitivities and specificities
    agree to about 1e-15 absolute; see `rocstats.curves._smooth`.

    Examples
    --------
    Controls 1, 2, 3, 4 and cases 2, 3, 4, 5: the empirical curve has two inner points,
    (Se, Sp) = (1/2, 3/4) and (3/4, 1/2), i.e. (0, qnorm(3/4)) and (qnorm(3/4), 0) on the
    normal-deviate scale: the line has a = qnorm(3/4) = 0.674490 and b = -1, and the
    binormal AUC is pnorm(a / sqrt(2)) = 0.683296:

    >>> import rocstats
    >>> r = rocstats.smooth_roc([0, 0, 0, 0, 1, 1, 1, 1], [1, 2, 3, 4, 2, 3, 4, 5])
    >>> [round(c, 6) for c in r.coefficients]
    [0.67449, -1.0]
    >>> round(r.auc, 6), r.specificities.size
    (0.683296, 514)
    """
    if method not in METHODS:
        raise ValueError("method must be 'binormal' or 'density', got %r" % (method,))
    if isinstance(n, (bool, np.bool_)) or not isinstance(n, (int, np.integer)) or n < 2:
        raise ValueError("n must be an integer >= 2, got %r" % (n,))
    if n > MAX_N:
        raise ValueError("n must be at most %d (the smoothed curve and the density grid "
                         "are held in memory), got %r" % (MAX_N, n))
    n = int(n)
    if kernel not in KERNELS:
        raise ValueError("kernel must be one of %s, got %r" % (KERNELS, kernel))
    for name, val in (("adjust", adjust), ("cut", cut)):
        if isinstance(val, (bool, np.bool_)) or not isinstance(val, (int, float, np.number)) \
                or not np.isfinite(val) or (val <= 0 if name == "adjust" else val < 0):
            raise ValueError("%s must be a %s finite number, got %r"
                             % (name, "positive" if name == "adjust" else "non-negative", val))
    if not isinstance(bw, str) and (isinstance(bw, (bool, np.bool_)) or not isinstance(
            bw, (int, float, np.number)) or not np.isfinite(bw) or bw <= 0):
        raise ValueError("bw must be 'nrd0', 'nrd' or a positive number, got %r" % (bw,))
    sample = binary_sample(y_true, y_score, pos_label=pos_label, direction=direction)
    direction = sample.direction
    is_pos, score = sample.is_pos, sample.score
    m, n_neg = sample.m, sample.n
    common = dict(method=method, n=n, n_pos=m, n_neg=n_neg, direction=direction,
                  pos_label=sample.pos_label)
    if sample.undefined("smoothed ROC curve"):
        empty = np.empty(0)
        return SmoothROCCurve(empty, empty.copy(), float("nan"), **common)
    if method == "binormal":
        sens, spec, auc, coef = _binormal(is_pos, score, n)
        extra = dict(coefficients=coef)
    else:
        raw = -score if direction == ">" else score
        sens, spec, h = _density(is_pos, raw, direction, n, bw, float(adjust), kernel,
                                 float(cut))
        extra = dict(bw=h, kernel=kernel)
        if sens is None:                      # no density on the grid: warned
            empty = np.empty(0)
            return SmoothROCCurve(empty, empty.copy(), float("nan"), **extra, **common)
    if np.any(spec[1:] < spec[:-1]):          # pROC's sort.roc
        sens, spec = sens[::-1], spec[::-1]
    spec = np.r_[0.0, spec, 1.0]
    sens = np.r_[1.0, sens, 0.0]
    if method == "density":
        auc = float(_partial._area(spec, sens, 0.0, 1.0))
    return SmoothROCCurve(spec, sens, auc, **extra, **common)
