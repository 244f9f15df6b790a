r"""Power and sample size of ROC studies (Obuchowski & McClish 1997; Obuchowski, Lieber
& Wians 2004), as pROC's ``power.roc.test``.

Every calculation has the same shape.  An estimator :math:`\hat\theta` of an AUC
(one curve) or of a difference of two AUCs (two paired curves) is approximately normal;
with ``n`` cases its variance is :math:`V_0/n` under the null hypothesis and
:math:`V_A/n` under the alternative, where the true effect is :math:`\Delta`
(:math:`\theta - 0.5`, or :math:`\theta_a - \theta_b`).  A one-sided test at level
:math:`\alpha` then has power :math:`1 - \beta` when

.. math:: n = \frac{\big(z_{\alpha}\sqrt{V_0} + z_{\beta}\sqrt{V_A}\big)^2}{\Delta^2}
   \qquad \text{(Obuchowski \& McClish 1997, eq. 2; Obuchowski et al. 2004, eq. 2)},

and two-sided tests use :math:`z_{\alpha/2}` (the far tail is ignored, as pROC does).
Solving this one equation for ``n``, :math:`z_\beta` or :math:`z_\alpha` gives the
sample size, the power or the significance level in closed form; the AUC of the one
curve form is found by a bracketing root search (Brent 1973).

One curve, H0: AUC = 0.5 (`power_roc_test`; Obuchowski et al. 2004, eqs. 2-3)
    :math:`V_A = V(\theta)` with :math:`V(\theta) = 0.0099\,e^{-A^2/2}\,
    [(5A^2 + 8) + (A^2 + 8)/\kappa]`, :math:`A = 1.414\,\Phi^{-1}(\theta)` (a binormal
    model with equal variances; 1.414 stands for :math:`\sqrt 2`), and
    :math:`V_0 = V(0.5) = 0.0792\,(1 + 1/\kappa)`, :math:`\kappa` = controls / cases.

Two paired curves, H0: AUC_a = AUC_b (`power_roc_test_paired`; Obuchowski & McClish 1997)
    Per-case variances :math:`V_a, V_b` and covariance :math:`C_{ab}` of the two AUCs,
    either from binormal parameters fitted to pilot data (Obuchowski & McClish 1997,
    Table 1 and eqs. 4-5, ``method="obuchowski"``) or from DeLong's estimator
    (``method="delong"``); :math:`V_A = V_a + V_b - 2C_{ab}`.  pROC takes
    :math:`V_0 = 2V_a - 2C_{ab}` (curve a as the null's reference), which makes the
    sample size depend on which curve is called "a" (pROC issue #122); rocstats takes
    :math:`V_0 = V_A` by default (``null_variance="alternative"``), the variance the
    DeLong test actually estimates, and keeps pROC's choice as
    ``null_variance="first"``.  See `power_roc_test_paired`.

References
----------
Obuchowski NA, McClish DK (1997). Sample size determination for diagnostic accuracy
studies involving binormal ROC curve indices. Statistics in Medicine 16:1529-1542.

Obuchowski NA, Lieber ML, Wians FH Jr (2004). ROC curves in clinical chemistry: uses,
misuses, and possible solutions. Clinical Chemistry 50:1118-1125.

Brent RP (1973). Algorithms for Minimization without Derivatives, ch. 4. Prentice-Hall.
"""
from __future__ import annotations

from typing import Any, Dict, Optional, Sequence, Union, cast  # noqa: F401

from .._typing import ArrayLike, Direction, Jobs, Label, Range, Seed  # noqa: F401
import math
from dataclasses import dataclass
from typing import Optional, Tuple

import numpy as np
from scipy import special

from .._deviations import note
from .._results import Summary, _Result, _fmt
from .._sample import binary_sample, paired_sample

__all__ = ["power_roc_test", "power_roc_test_paired", "PowerResult", "PairedPowerResult",
           "binormal_power", "binormal_variance", "binormal_covariance", "PROC_UNIROOT_TOL"]

#: The tolerance of R's ``uniroot`` by default, ``.Machine$double.eps^0.25``, with which
#: pROC solves for the AUC.  Pass ``tol=PROC_UNIROOT_TOL`` to reproduce pROC's AUC.
PROC_UNIROOT_TOL = float(np.finfo(float).eps) ** 0.25
#: The bracket pROC searches for the AUC: ``c(0.5, 1 - 1e-16)``.
_AUC_BRACKET = (0.5, 1.0 - 1e-16)
_EPS = float(np.finfo(float).eps)
_ALTERNATIVES = ("two-sided", "one-sided")
_METHODS = ("obuchowski", "delong")
_NULL_VARIANCES = ("alternative", "first")


# =========================================================================== formulas
def _zq(p):
    """Upper-tail normal quantile z_p = Phi^{-1}(1 - p), from the lower tail (exact for
    small p)."""
    return -float(special.ndtri(p))


def _sf(z):
    """P(Z > z)."""
    return float(special.ndtr(-z))


def _var_theta(theta, kappa):
    """Obuchowski et al. (2004) eq. 3: the variance of an AUC ``theta`` times the number
    of cases, under a binormal model with equal variances; ``A = 1.414 Phi^{-1}(theta)``
    (1.414 as printed, for sqrt(2))."""
    a = float(special.ndtri(theta)) * 1.414
    a2 = a * a
    return (0.0099 * math.exp(-a2 / 2)) * ((5 * a2 + 8) + (a2 + 8) / kappa)


def _var_null_one(kappa):
    """``V(0.5) = 0.0792 (1 + 1/kappa)``: eq. 3 at A = 0 (Obuchowski et al. 2004, eq. 2)."""
    return 0.0792 * (1 + 1 / kappa)


def _n_cases(za, zb, v0, va, delta):
    """Eq. 2 solved for n: ``(z_a sqrt(V0) + z_b sqrt(VA))^2 / Delta^2``."""
    return (za * math.sqrt(v0) + zb * math.sqrt(va)) ** 2 / (delta * delta)


def _z_beta(n, za, v0, va, delta):
    """Eq. 2 solved for z_beta: ``(sqrt(n Delta^2) - z_a sqrt(V0)) / sqrt(VA)``."""
    return (math.sqrt(n * (delta * delta)) - za * math.sqrt(v0)) / math.sqrt(va)


def _z_alpha(n, zb, v0, va, delta):
    """Eq. 2 solved for z_alpha: ``(sqrt(n Delta^2) - z_b sqrt(VA)) / sqrt(V0)``."""
    return (math.sqrt(n * (delta * delta)) - zb * math.sqrt(va)) / math.sqrt(v0)


# ------------------------------------------------------------------ binormal (1997)
def _f_full(a, b):
    """Obuchowski & McClish (1997) Table 1, full AUC: ``f = exp(-A^2 / (2 (1 + B^2)))
    / sqrt(2 pi (1 + B^2))``, the derivative of ``Phi(A / sqrt(1 + B^2))`` in A."""
    e2 = 1 + b * b
    return math.exp(-a * a / (2 * e2)) * (2 * math.pi * e2) ** -0.5


def _g_full(a, b):
    """Table 1, full AUC: ``g = -A B exp(-A^2 / (2 (1 + B^2))) / sqrt(2 pi (1 + B^2)^3)``,
    the derivative of the AUC in B."""
    e2 = 1 + b * b
    return -math.exp(-a * a / (2 * e2)) * a * b * (2 * math.pi * e2 ** 3) ** -0.5


def binormal_variance(a, b, kappa):
    r"""Per-case variance of a binormal AUC (Obuchowski & McClish 1997, eq. 4).

    .. math:: n\,V(\hat\theta) = f^2\,\Big(1 + \frac{B^2}{\kappa} + \frac{A^2}{2}\Big)
              + g^2\,\frac{B^2 (1 + \kappa)}{2\kappa}

    with ``f``, ``g`` of Table 1 (full AUC), ``kappa`` = controls / cases and the
    binormal parameters ``A = (mu_cases - mu_controls) / sd_cases``,
    ``B = sd_controls / sd_cases``.  This is the delta-method variance of
    :math:`\Phi(\hat A / \sqrt{1 + \hat B^2})` *without* the term
    :math:`2 f g\,\mathrm{Cov}(\hat A, \hat B) = f g A B` (which eq. 5 has, see
    `binormal_covariance`), as pROC implements it; it therefore overstates the
    variance when A B > 0 (by 22 % at A = B = kappa = 1).  Kept for parity with pROC.

    Examples
    --------
    At A = 0 (AUC 0.5), B = 1, kappa = 1: ``f^2 = 1 / (4 pi)``, ``g = 0``, so the
    variance is ``2 / (4 pi) = 0.159155`` per case:

    >>> round(binormal_variance(0.0, 1.0, 1.0), 6)
    0.159155
    """
    f, g = _f_full(a, b), _g_full(a, b)
    return f ** 2 * (1 + b ** 2 / kappa + a ** 2 / 2) + g ** 2 * b ** 2 * (1 + kappa) / (2 * kappa)


def binormal_covariance(a1, b1, a2, b2, r_controls, r_cases, kappa):
    r"""Per-case covariance of two binormal AUCs on the same subjects (Obuchowski &
    McClish 1997, eq. 5).

    .. math:: n\,C = f_1 f_2 \Big(r_a + \frac{r_n B_1 B_2}{\kappa}
              + \frac{r_a^2 A_1 A_2}{2}\Big)
              + g_1 g_2 \frac{B_1 B_2 (r_n^2 + \kappa r_a^2)}{2\kappa}
              + f_1 g_2 \frac{r_a^2 A_1 B_2}{2} + f_2 g_1 \frac{r_a^2 A_2 B_1}{2}

    ``r_cases`` (:math:`r_a`) and ``r_controls`` (:math:`r_n`) are the correlations of
    the two tests' results among cases and among controls.

    The last two terms carry :math:`\mathrm{Cov}(\hat A, \hat B) = A B / (2 n)` of the
    delta method; eq. 4 as pROC implements it (`binormal_variance`) has no such
    term, so for two identical tests (same A, B, both correlations 1) this covariance is
    the variance *plus* :math:`f g A B` (negative): at A = B = kappa = 1, 0.10860
    against eq. 4's 0.13273.  rocstats keeps both formulas as pROC has them (parity).

    Examples
    --------
    >>> v = binormal_variance(1.0, 1.0, 1.0)
    >>> c = binormal_covariance(1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0)
    >>> round(v, 5), round(c, 5), round(c - v - _f_full(1, 1) * _g_full(1, 1), 15)
    (0.13273, 0.1086, 0.0)
    """
    f1, f2 = _f_full(a1, b1), _f_full(a2, b2)
    g1, g2 = _g_full(a1, b1), _g_full(a2, b2)
    ra, rn = r_cases, r_controls
    return (f1 * f2 * (ra + rn * b1 * b2 / kappa + ra ** 2 * a1 * a2 / 2)
            + g1 * g2 * (b1 * b2 * (rn ** 2 + kappa * ra ** 2) / (2 * kappa))
            + f1 * g2 * (ra ** 2 * a1 * b2 / 2) + f2 * g1 * (ra ** 2 * a2 * b1 / 2))


def _binormal_fit(is_pos, score):
    """pROC's binormal fit (``smooth(roc, method = "binormal")``): the least-squares line
    ``qnorm(specificity) = A + B qnorm(sensitivity)`` through the empirical ROC curve's
    operating points (one per distinct threshold) where both are strictly inside (0, 1).
    Returns ``(A, B)`` as pROC hands them to eqs. 4-5; see `power_roc_test_paired`
    for what they estimate."""
    pos = np.sort(score[is_pos])
    neg = np.sort(score[~is_pos])
    m, n = pos.size, neg.size
    thr = np.unique(score)
    # operating point "score >= t" for every distinct score t (the +inf threshold gives
    # se = 0 and is dropped anyway)
    se = (m - np.searchsorted(pos, thr, side="left")) / m
    sp = np.searchsorted(neg, thr, side="left") / n
    keep = (se > 0) & (se < 1) & (sp > 0) & (sp < 1)
    x = special.ndtri(se[keep])
    y = special.ndtri(sp[keep])
    if x.size < 2 or np.ptp(x) == 0:
        raise ValueError("y_score_a/y_score_b: the pilot ROC curve has %d operating point(s) "
                         "strictly inside the unit square; the binormal fit of "
                         "method='obuchowski' needs at least two distinct ones (use "
                         "method='delong')" % x.size)
    xc = x - x.mean()
    slope = float(np.dot(xc, y - y.mean()) / np.dot(xc, xc))
    return float(y.mean() - slope * x.mean()), slope


# ------------------------------------------------------------------ root search
def _brent_zero(f, a, b, fa, fb, tol, maxiter=1000):
    """Brent's (1973, ch. 4) zero of ``f`` in [a, b] where fa, fb differ in sign.

    Each step keeps a bracket [b, c] with b the best point so far, tries inverse
    quadratic (or secant) interpolation through a, b, c and falls back to bisection when
    the interpolated step would leave three quarters of the bracket or shrink too slowly;
    it stops when half the bracket is within ``2 eps |b| + tol / 2``.  This is the
    procedure behind R's ``uniroot`` (same arithmetic, same stopping rule), so with
    ``tol = PROC_UNIROOT_TOL`` it retraces pROC's iterations.  Returns ``(root, iterations)``,
    or raises RuntimeError after ``maxiter`` steps.
    """
    c, fc = a, fa
    if fa == 0.0:
        return a, 0
    if fb == 0.0:
        return b, 0
    for it in range(1, maxiter + 2):
        prev = b - a
        if abs(fc) < abs(fb):            # make b the best approximation
            a, b, c = b, c, b
            fa, fb, fc = fb, fc, fb
        tol_b = 2 * _EPS * abs(b) + tol / 2
        step = (c - b) / 2
        if abs(step) <= tol_b or fb == 0.0:
            return b, it
        if abs(prev) >= tol_b and abs(fa) > abs(fb):
            cb = c - b
            if a == c:                   # two points: secant
                t1 = fb / fa
                p = cb * t1
                q = 1.0 - t1
            else:                        # three points: inverse quadratic
                q = fa / fc
                t1 = fb / fc
                t2 = fb / fa
                p = t2 * (cb * q * (q - t1) - (b - a) * (t1 - 1.0))
                q = (q - 1.0) * (t1 - 1.0) * (t2 - 1.0)
            if p > 0:
                q = -q
            else:
                p = -p
            if p < (0.75 * cb * q - abs(tol_b * q) / 2) and p < abs(prev * q / 2):
                step = p / q
        if abs(step) < tol_b:
            step = tol_b if step > 0 else -tol_b
        a, fa = b, fb
        b += step
        fb = f(b)
        if (fb > 0 and fc > 0) or (fb < 0 and fc < 0):
            c, fc = a, fa
    raise RuntimeError("Brent's root search did not converge in %d steps" % maxiter)


# =========================================================================== checks
def _is_number(x):
    from .._validation import is_real_number

    return is_real_number(x)


def _check_positive(value, name, *, allow_none=True):
    if value is None:
        if allow_none:
            return None
        raise ValueError("%s is required" % name)
    if not _is_number(value) or not math.isfinite(float(value)) or float(value) <= 0:
        raise ValueError("%s must be a finite number > 0, got %r" % (name, value))
    return float(value)


def _check_probability(value, name):
    if value is None:
        return None
    if not _is_number(value) or not 0.0 < float(value) < 1.0:
        raise ValueError("%s must be a number strictly between 0 and 1 (or None to solve "
                         "for it), got %r" % (name, value))
    return float(value)


def _check_alternative(alternative):
    if alternative not in _ALTERNATIVES:
        raise ValueError("alternative must be 'two-sided' or 'one-sided' (pROC's "
                         "'two.sided' / 'one.sided'), got %r" % (alternative,))
    return alternative


def _resolve_n(ncases, ncontrols, kappa):
    """pROC's rule: ncontrols = kappa ncases or ncases = ncontrols / kappa when one of
    them is missing.  Returns ``(ncases, ncontrols, kappa)``, Nones where unknown."""
    ncases = _check_positive(ncases, "ncases")
    ncontrols = _check_positive(ncontrols, "ncontrols")
    kappa = _check_positive(kappa, "kappa")
    if ncases is not None and ncontrols is not None:
        ratio = ncontrols / ncases
        if kappa is not None and not math.isclose(kappa, ratio, rel_tol=1e-12):
            raise ValueError("kappa=%r contradicts ncontrols / ncases = %r / %r = %r; give "
                             "two of the three" % (kappa, ncontrols, ncases, ratio))
        return ncases, ncontrols, ratio
    if ncases is not None and kappa is not None:
        return ncases, kappa * ncases, kappa
    if ncontrols is not None and kappa is not None:
        return ncontrols / kappa, ncontrols, kappa
    return ncases, ncontrols, kappa


def _missing_error(missing):
    if not missing:
        return ValueError("nothing to solve: sig_level, power, auc and the sample size "
                          "(ncases / ncontrols) are all given; set exactly one of them to "
                          "None")
    return ValueError("exactly one quantity can be solved for, but %s %s missing; give "
                      "all but one of sig_level, power, auc and the sample size (ncases "
                      "with ncontrols or kappa)"
                      % (" and ".join(missing), "is" if len(missing) == 1 else "are"))


# =========================================================================== results
@dataclass(frozen=True, eq=False)
class PowerResult(_Result):
    """Power calculation for one ROC curve against AUC = 0.5 (Obuchowski et al. 2004).

    All five design quantities are filled: the one that was solved for is named by
    ``solved`` (``"power"``, ``"ncases"`` (with ``ncontrols``), ``"sig_level"`` or
    ``"auc"``).  ``ncases`` and ``ncontrols`` are not rounded: a study needs
    ``ceil(ncases)`` cases and ``ceil(ncontrols)`` controls.

    Attributes
    ----------
    auc, ncases, ncontrols, kappa, sig_level, power : float
        ``kappa = ncontrols / ncases``; ``sig_level`` is the test's size (two-sided
        tests put ``sig_level / 2`` in each tail).
    alternative : {"two-sided", "one-sided"}
    solved : str
    v0, va : float
        Per-case variances of the AUC under H0 (AUC = 0.5) and under the alternative.
    n_pilot : tuple or None
        ``(cases, controls)`` of the pilot data when the AUC came from ``y_true`` /
        ``y_score``.
    pos_label, direction
        Of the pilot data (None without).
    """

    auc: float
    ncases: float
    ncontrols: float
    kappa: float
    sig_level: float
    power: float
    alternative: str
    solved: str
    v0: float
    va: float
    n_pilot: Optional[Tuple[int, int]] = None
    pos_label: object = None
    direction: Optional[str] = None
    proc_tolerance: bool = False

    def summary(self):
        def mark(name):
            return name + (" (solved)" if self.solved == name else "")

        rows = [(mark("auc"), self.auc),
                (mark("ncases"), "%s (%d rounded up)" % (_fmt(self.ncases),
                                                         math.ceil(self.ncases - 1e-9))),
                ("ncontrols", "%s (%d rounded up)" % (_fmt(self.ncontrols),
                                                      math.ceil(self.ncontrols - 1e-9))),
                ("kappa (controls / cases)", self.kappa),
                (mark("sig_level"), self.sig_level), (mark("power"), self.power),
                ("alternative", self.alternative),
                ("V0, VA (per case)", "%s, %s" % (_fmt(self.v0), _fmt(self.va)))]
        if self.n_pilot is not None:
            rows.append(("pilot cases, controls", "%d, %d" % self.n_pilot))
            rows.append(("positive label", self.pos_label))
        notes = ["H0: AUC = 0.5; Obuchowski, Lieber & Wians (2004), eqs. 2-3 "
                 "(pROC's power.roc.test)."]
        if self.solved == "auc" and not self.proc_tolerance:
            notes.append(note("auc_root_tolerance"))
        return Summary("One ROC curve power calculation", rows, notes)


@dataclass(frozen=True, eq=False)
class PairedPowerResult(_Result):
    """Power calculation for two paired ROC curves (H0: equal AUCs), Obuchowski &
    McClish (1997), from pilot data.

    Attributes
    ----------
    auc_a, auc_b, delta : float
        The pilot AUCs and ``delta = auc_a - auc_b`` (the effect to detect).
    ncases, ncontrols, kappa, sig_level, power : float
        The design; ``solved`` names the quantity that was solved for (``"power"``,
        ``"ncases"`` or ``"sig_level"``).
    alternative : {"two-sided", "one-sided"}
    method : {"obuchowski", "delong"}
        Where the per-case variances come from.
    null_variance : {"alternative", "first"}
        ``v0 = va`` (rocstats' default) or pROC's ``v0 = 2 var_a - 2 cov_ab``.
    var_a, var_b, cov_ab : float
        Per-case variances and covariance of the two AUCs at ``kappa``.
    v0, va : float
        Per-case variance of the difference under H0 and under the alternative.
    binormal_a, binormal_b : tuple or None
        ``(A, B)`` of pROC's binormal fit of each curve (``method="obuchowski"``).
    r_cases, r_controls : float
        Pearson correlations of the two scores among cases and among controls.
    n_pilot : tuple
        ``(cases, controls)`` of the pilot data.
    pos_label, direction
    """

    auc_a: float
    auc_b: float
    delta: float
    ncases: float
    ncontrols: float
    kappa: float
    sig_level: float
    power: float
    alternative: str
    solved: str
    method: str
    null_variance: str
    var_a: float
    var_b: float
    cov_ab: float
    v0: float
    va: float
    binormal_a: Optional[Tuple[float, float]]
    binormal_b: Optional[Tuple[float, float]]
    r_cases: float
    r_controls: float
    n_pilot: Tuple[int, int]
    pos_label: object = None
    direction: str = "<"

    def summary(self):
        def mark(name):
            return name + (" (solved)" if self.solved == name else "")

        rows = [("AUC a, AUC b", "%s, %s" % (_fmt(self.auc_a), _fmt(self.auc_b))),
                ("delta", self.delta),
                (mark("ncases"), "%s (%d rounded up)" % (_fmt(self.ncases),
                                                         math.ceil(self.ncases - 1e-9))),
                ("ncontrols", "%s (%d rounded up)" % (_fmt(self.ncontrols),
                                                      math.ceil(self.ncontrols - 1e-9))),
                ("kappa (controls / cases)", self.kappa),
                (mark("sig_level"), self.sig_level), (mark("power"), self.power),
                ("alternative", self.alternative),
                ("variances", "%s (%s)" % (self.method, "V0 = VA" if self.null_variance
                                           == "alternative" else "pROC: V0 = 2 Va - 2 Cab")),
                ("Va, Vb, Cab (per case)", "%s, %s, %s" % (_fmt(self.var_a), _fmt(self.var_b),
                                                           _fmt(self.cov_ab))),
                ("V0, VA (per case)", "%s, %s" % (_fmt(self.v0), _fmt(self.va))),
                ("r cases, r controls", "%s, %s" % (_fmt(self.r_cases),
                                                    _fmt(self.r_controls)))]
        if self.binormal_a is not None:
            rows.append(("binormal (A, B) a / b", "(%s, %s) / (%s, %s)" % tuple(
                _fmt(v) for v in self.binormal_a + self.binormal_b)))
        rows += [("pilot cases, controls", "%d, %d" % self.n_pilot),
                 ("positive label", self.pos_label)]
        notes = ["H0: AUC_a = AUC_b; Obuchowski & McClish (1997), eqs. 2, 4, 5."]
        if self.null_variance == "alternative":
            notes.append(note("null_variance"))
        else:
            notes.append("V0 as pROC's power.roc.test with two curves (null_variance="
                         "'first').")
        if self.binormal_a is not None and 0.0 in (self.binormal_a[1], self.binormal_b[1]):
            notes.append(note("binormal_zero_slope"))
        return Summary("Two paired ROC curves power calculation", rows, notes)


# =========================================================================== one curve
def power_roc_test(*, auc: Optional[float] = None, ncases: Optional[float] = None,
                   ncontrols: Optional[float] = None, kappa: Optional[float] = None,
                   sig_level: Optional[float] = 0.05, power: Optional[float] = None,
                   alternative: str = "two-sided", y_true: Optional[ArrayLike] = None,
                   y_score: Optional[ArrayLike] = None, pos_label: Label = None,
                   direction: Direction = "<", tol: Optional[float] = None) -> PowerResult:
    r"""Power, sample size, significance level or AUC of a test of one ROC curve
    against AUC = 0.5 (Obuchowski, Lieber & Wians 2004; pROC's ``power.roc.test``).

    Give all but one of ``auc``, the sample size (``ncases`` and ``ncontrols``, or one
    of them with ``kappa``), ``sig_level`` and ``power``; the missing one is solved
    from eq. 2 of the paper with the binormal variance of its eq. 3 (formulas in the
    Notes).

    Parameters
    ----------
    auc : float in (0, 1), optional
        The AUC to detect.  AUCs below 0.5 are treated as ``1 - auc`` (eq. 2 depends on
        :math:`(\theta - 0.5)^2` and V is symmetric), except that a one-sided
        test needs ``auc > 0.5``.
    ncases, ncontrols : float > 0, optional
        Numbers of cases (positives) and controls (negatives).  One of them with
        ``kappa`` gives the other.
    kappa : float > 0, optional
        ``ncontrols / ncases``.  When solving for the sample size it defaults to 1
        (pROC's default), or to the pilot data's ratio with ``y_true`` / ``y_score``.
    sig_level : float in (0, 1) or None
        Size of the test (default 0.05); None to solve for it.
    power : float in (0, 1) or None
        Power of the test; None (default) to solve for it.
    alternative : {"two-sided", "one-sided"}
        pROC's ``"two.sided"`` / ``"one.sided"``; one-sided means H1: AUC > 0.5.
    y_true, y_score : array-like, optional
        Pilot data (pROC's ``power.roc.test(roc)``): the AUC is their empirical AUC and,
        unless the sample size is solved for or given, ``ncases`` / ``ncontrols`` are
        their class counts.  ``auc`` must then be None.
    pos_label, direction
        As in `rocstats.auc`, for the pilot data.
    tol : float, optional
        Tolerance of the AUC root search.  None (default): to machine precision, so the
        power at the solved AUC is the target to ~1e-15.  pROC uses R's ``uniroot``
        default, ``.Machine$double.eps^0.25`` (``PROC_UNIROOT_TOL``, 1.2e-4), so its AUC
        differs from the exact root by up to ~1e-4; ``tol=PROC_UNIROOT_TOL`` retraces
        its iterations and returns its number.

    Returns
    -------
    PowerResult
        ``auc``, ``ncases``, ``ncontrols``, ``kappa``, ``sig_level``, ``power``,
        ``alternative``, ``solved``, ``v0``, ``va``.

    Raises
    ------
    ValueError
        None or more than one quantity to solve for (naming them); a value out of range;
        an impossible target: ``power <= sig_level``, ``auc <= 0.5`` with a one-sided
        test or ``auc = 0.5`` when solving for the sample size, a sample too small for
        any AUC to reach the power, a power no sample size reaches, a significance level
        that would have to be ``>= power``.

    Notes
    -----
    .. math:: n_{cases} = \frac{\big(z_{\alpha}\sqrt{0.0792\,(1 + 1/\kappa)}
              + z_{\beta}\sqrt{V(\theta)}\big)^2}{(\theta - 0.5)^2}
              \quad\text{(eq. 2)},\qquad
              V(\theta) = 0.0099\,e^{-A^2/2}\Big[(5A^2 + 8) + \frac{A^2 + 8}{\kappa}\Big]
              \quad\text{(eq. 3)}

    with :math:`A = 1.414\,\Phi^{-1}(\theta)`, :math:`\kappa` = ncontrols / ncases,
    :math:`z_\alpha` the upper :math:`\alpha` quantile (:math:`\alpha/2` for a
    two-sided test) and :math:`z_\beta = \Phi^{-1}(\text{power})`.  ``ncases``,
    ``power`` and ``sig_level`` are closed-form inversions of eq. 2; the AUC is the root
    of eq. 2 in (0.5, 1 - 1e-16), found by Brent's method.  :math:`V(0.5)` is the null
    variance, so the formula describes a test that uses it (a rank-sum test of
    AUC = 0.5).

    Examples
    --------
    pROC's example: 41 cases, 72 controls, AUC 0.73 (``power.roc.test(ncases = 41,
    ncontrols = 72, auc = 0.73)`` gives power 0.9897453):

    >>> import rocstats
    >>> r = rocstats.power_roc_test(auc=0.73, ncases=41, ncontrols=72)
    >>> round(r.power, 7)
    0.9897453

    Obuchowski et al. (2004), Table 4: AUC 0.7, kappa 1, one-sided 5 % test, power 0.9
    needs 33 cases and 33 controls:

    >>> r = rocstats.power_roc_test(auc=0.7, kappa=1, power=0.9, alternative="one-sided")
    >>> round(r.ncases, 5), math.ceil(r.ncases)
    (32.65397, 33)
    """
    _check_alternative(alternative)
    sig_level = _check_probability(sig_level, "sig_level")
    power = _check_probability(power, "power")
    if tol is not None:
        from .._validation import check_number

        tol = check_number(tol, "tol", low=0.0, what="None or a finite number >= 0 (the "
                           "root search's absolute tolerance on the AUC)")
    n_pilot = label = None
    if y_true is not None or y_score is not None:
        if y_true is None or y_score is None:
            raise ValueError("%s is None: pilot data need both y_true and y_score"
                             % ("y_true" if y_true is None else "y_score"))
        if auc is not None:
            raise ValueError("auc must be None with pilot data: the AUC is the empirical "
                             "AUC of y_true / y_score")
        labels = binary_sample(y_true, y_score, pos_label=pos_label, direction=direction)
        score = labels.score
        m, n = labels.m, labels.n
        if m == 0 or n == 0:
            raise ValueError("y_true has %s: the pilot data need cases and controls"
                             % ("no positives" if m == 0 else "no negatives"))
        from ..curves._auc import auc as _auc

        auc = cast(float, _auc(labels.is_pos, score))    # one marker: a float
        if not 0.0 < auc < 1.0:
            raise ValueError("y_score: the pilot data's empirical AUC is %r (the classes "
                             "are perfectly %s); the power formula needs an AUC strictly "
                             "between 0 and 1" % (auc, "separated" if auc == 1.0 else
                                                  "reversed"))
        n_pilot, label = (m, n), labels.pos_label
        if ncases is None and ncontrols is None:
            if sig_level is not None and power is not None:
                kappa = n / m if kappa is None else kappa     # solve n at the pilot ratio
            else:
                ncases, ncontrols = m, n
    if auc is not None:
        if not _is_number(auc) or not 0.0 < float(auc) < 1.0:
            raise ValueError("auc must be a number strictly between 0 and 1 (or None to "
                             "solve for it), got %r" % (auc,))
        auc = float(auc)
        if alternative == "one-sided" and auc <= 0.5:
            raise ValueError("auc=%r: a one-sided test (H1: AUC > 0.5) needs auc > 0.5"
                             % auc)
    n_missing = ncases is None and ncontrols is None
    if n_missing and kappa is None:
        kappa = 1.0                                          # pROC's default
    elif not n_missing and (ncases is None or ncontrols is None) and kappa is None:
        kappa = 1.0
    ncases, ncontrols, kappa = _resolve_n(ncases, ncontrols, kappa)
    missing = [name for name, v in (("auc", auc), ("sample size (ncases / ncontrols)",
                                                   None if n_missing else ncases),
                                    ("sig_level", sig_level), ("power", power)) if v is None]
    if len(missing) != 1:
        raise _missing_error(missing)
    if sig_level is not None and power is not None and power <= sig_level:
        raise ValueError("power=%r <= sig_level=%r: a test's power at an alternative "
                         "cannot be a target below its size" % (power, sig_level))
    tail = 2.0 if alternative == "two-sided" else 1.0
    v0 = _var_null_one(kappa)

    if auc is None:                                          # --------- solve the AUC
        za, zb = _zq(sig_level / tail), float(special.ndtri(power))
        auc = _solve_auc(ncases, ncontrols, za, zb, tol)
        solved = "auc"
        va = _var_theta(auc, kappa)
    elif n_missing:                                          # --------- solve n
        delta = auc - 0.5
        if delta == 0.0:
            raise ValueError("auc=0.5: no sample size detects an AUC equal to the null "
                             "value 0.5")
        va = _var_theta(auc, kappa)
        za, zb = _zq(sig_level / tail), float(special.ndtri(power))
        if za * math.sqrt(v0) + zb * math.sqrt(va) <= 0:
            raise ValueError("power=%r: reached with any sample size (the formula's "
                             "power at n -> 0 already exceeds it); no sample size solves "
                             "it" % power)
        ncases = _n_cases(za, zb, v0, va, delta)
        ncontrols = kappa * ncases
        solved = "ncases"
    elif power is None:                                      # --------- solve power
        va = _var_theta(auc, kappa)
        za = _zq(sig_level / tail)
        power = float(special.ndtr(_z_beta(ncases, za, v0, va, auc - 0.5)))
        solved = "power"
    else:                                                    # --------- solve alpha
        va = _var_theta(auc, kappa)
        zb = float(special.ndtri(power))
        za = _z_alpha(ncases, zb, v0, va, auc - 0.5)
        sig_level = _sf(za) * tail
        if not sig_level < power:
            raise ValueError("sig_level: reaching power=%r with auc=%r, ncases=%r and "
                             "ncontrols=%r would need a significance level of %r, not "
                             "below the power" % (power, auc, ncases, ncontrols, sig_level))
        solved = "sig_level"
    return PowerResult(auc, ncases, ncontrols, kappa, sig_level, power, alternative, solved,
                       v0, va, n_pilot, label, direction if n_pilot is not None else None,
                       proc_tolerance=tol is not None and tol == PROC_UNIROOT_TOL)


def _solve_auc(ncases, ncontrols, za, zb, tol):
    """The AUC at which eq. 2 gives ``ncases`` cases: the root of pROC's objective
    ``n(theta) - ncases`` over (0.5, 1 - 1e-16)."""
    kappa = ncontrols / ncases
    sv0 = math.sqrt(0.0792 * (1 + 1 / kappa))

    def objective(x):
        d = x - 0.5
        num = (za * sv0 + zb * math.sqrt(_var_theta(x, kappa))) ** 2
        if d == 0.0:
            return math.inf if num > 0 else math.nan
        return num / (d * d) - ncases

    lo, hi = _AUC_BRACKET
    f_lo, f_hi = objective(lo), objective(hi)
    if not f_lo > 0:
        raise ValueError("power: with za + zb <= 0 (power <= sig_level) no AUC solves the "
                         "equation")
    if not f_hi < 0:
        raise ValueError("ncases=%r (ncontrols=%r) is too small: even an AUC of 1 would "
                         "not reach the power" % (ncases, ncontrols))
    root, _ = _brent_zero(objective, lo, hi, f_lo, f_hi,
                          0.0 if tol is None else float(tol))
    if za * sv0 + zb * math.sqrt(_var_theta(root, kappa)) <= 0:
        raise ValueError("power: the target is reached at any AUC for this sample size "
                         "(no AUC solves the equation on its increasing branch)")
    return root


# =========================================================================== paired
def _two_curve_target(sig_level, power, n_given, *, pilot):
    """The quantity a two-curve power call solves for: ``"ncases"`` (sig_level and power
    given, no sample size), ``"power"`` or ``"sig_level"`` (the other one missing; the
    sample size is then given, or -- with pilot data -- the pilot's own)."""
    if sig_level is not None and power is not None:
        if n_given:
            raise _missing_error([])
        if power <= sig_level:
            raise ValueError("power=%r <= sig_level=%r: a test's power at an alternative "
                             "cannot be a target below its size" % (power, sig_level))
        return "ncases"
    if sig_level is None and power is None:
        raise _missing_error(["sig_level", "power"])
    target = "power" if power is None else "sig_level"
    if not n_given and not pilot:
        raise _missing_error(["sample size (ncases / ncontrols)", target])
    return target


def _pearson(u, v):
    """Pearson's r of two score columns (R's ``cor``), NaN when one is constant.  Each
    column is first scaled by a power of two (exact) so that huge scores cannot overflow
    the sums of squares: r does not depend on the scale, and without it scores near
    1e200 gave r = 0 silently (issue 23)."""
    def scaled(w):
        top = float(np.max(np.abs(w))) if w.size else 0.0
        return np.ldexp(w, -np.frexp(top)[1]) if np.isfinite(top) and top > 0 else w
    with np.errstate(invalid="ignore", divide="ignore"):
        return float(np.corrcoef(scaled(u), scaled(v))[0, 1])


def power_roc_test_paired(y_true: ArrayLike, y_score_a: ArrayLike, y_score_b: ArrayLike, *,
                          ncases: Optional[float] = None, ncontrols: Optional[float] = None,
                          kappa: Optional[float] = None, sig_level: Optional[float] = 0.05,
                          power: Optional[float] = None, alternative: str = "two-sided",
                          method: str = "delong", null_variance: Any = "alternative",
                          pos_label: Label = None, direction: Direction = "<"
        ) -> PairedPowerResult:
    r"""Power, sample size or significance level for comparing two paired ROC curves
    (H0: AUC_a = AUC_b), from pilot data (Obuchowski & McClish 1997; pROC's
    ``power.roc.test(roc1, roc2)``).

    The pilot data give the effect (the difference of the two empirical AUCs) and the
    variances and covariance of the two AUCs, by Obuchowski & McClish's binormal
    formulas (``method="obuchowski"``) or DeLong's estimator (``method="delong"``); the
    design then solves the paper's eq. 2 (formulas in the Notes).

    Solve modes (as pROC): ``power=None`` -> the power at (ncases, ncontrols);
    ``sig_level=None`` -> the significance level reaching ``power``; both given and no
    sample size -> ``ncases`` (and ``ncontrols = kappa ncases``).  The sample size
    defaults to the pilot's.

    Parameters
    ----------
    y_true : array-like of shape (n_samples,)
        Pilot labels (label contract as `rocstats.auc`).
    y_score_a, y_score_b : array-like of shape (n_samples,)
        The two scores of the same subjects.
    ncases, ncontrols : float > 0, optional
        The study's size (default: the pilot's) when solving for power or sig_level.
    kappa : float > 0, optional
        ncontrols / ncases; defaults to the pilot's ratio.  The variances are taken at
        this ratio (pROC keeps the pilot's ratio in the variances and uses kappa only
        for ``ncontrols``; both agree when kappa is the pilot's ratio).
    sig_level, power : float in (0, 1) or None
        As in `power_roc_test`.
    alternative : {"two-sided", "one-sided"}
        One-sided: H1 in the direction of the pilot's difference.
    method : {"obuchowski", "delong"}
    null_variance : {"alternative", "first"}
    pos_label, direction
        As in `rocstats.auc` (one direction for both scores).

    Returns
    -------
    PairedPowerResult

    Raises
    ------
    ValueError
        Not exactly one quantity to solve for; pilot AUCs equal (delta = 0) when solving
        for the sample size; ``power <= sig_level``; a pilot curve with too few
        operating points for the binormal fit (``method="obuchowski"``); degenerate
        variances (``va = 0``).

    Notes
    -----
    The pilot data give the effect :math:`\Delta = \hat\theta_a - \hat\theta_b` (the
    empirical AUCs) and the per-case variances :math:`V_a, V_b` and covariance
    :math:`C_{ab}` of the two AUCs at :math:`\kappa` = ncontrols / ncases.  The design
    then satisfies (eq. 2)

    .. math:: n_{cases} = \frac{\big(z_{\alpha}\sqrt{V_0} + z_{\beta}\sqrt{V_A}\big)^2}
              {\Delta^2}, \qquad V_A = V_a + V_b - 2C_{ab}.

    ``method="obuchowski"`` (pROC's ``method="obuchowski"``)
        Each curve's binormal parameters (A, B) come from pROC's fit (the least-squares
        line of ``qnorm(Sp)`` on ``qnorm(Se)`` over the empirical ROC points); the
        correlations :math:`r_a, r_n` are Pearson's among cases and among controls;
        :math:`V_a, V_b` are eq. 4 and :math:`C_{ab}` eq. 5 (Table 1 for f, g), at
        :math:`\kappa`.  Two things are kept as pROC has them, for parity: the fit's
        intercept and slope are, for binormal data, :math:`a/b` and :math:`-1/b` of the
        conventional :math:`(a, b)` (cases and controls exchanged; the same as
        :math:`(a, b)` up to the sign of B when b = 1), and eq. 4 lacks the
        :math:`\mathrm{Cov}(\hat A, \hat B)` term (`binormal_variance`).  In the
        Monte Carlo designs of ``rocstats_validation.power_mc`` the binormal
        :math:`V_A` exceeds the variance of the empirical AUC difference by 20-70 %:
        the resulting sample sizes are conservative.
    ``method="delong"`` (default, as pROC's)
        DeLong's per-case components: :math:`V = S_{10} + S_{01}/\kappa` (and the same
        for the covariance), :math:`S` the sample covariances of the placement values:
        the variance DeLong's test itself estimates, free of the binormal model.

    ``null_variance`` (pROC issue #122)
        ``"alternative"`` (default): :math:`V_0 = V_A`.  The DeLong test compares
        :math:`\hat\Delta` with its *estimated* standard error, which under the
        alternative estimates :math:`V_A`; so its power is
        :math:`\Phi(\sqrt{n}|\Delta|/\sqrt{V_A} - z_\alpha)` and eq. 2 holds with
        :math:`V_0 = V_A`.  This is symmetric in the two curves.
        ``"first"``: pROC's :math:`V_0 = 2V_a - 2C_{ab}` (curve a as the null's
        reference), with which exchanging the two curves changes the answer (issue #122).
        The Monte Carlo suite ``rocstats_validation.power_mc`` runs the DeLong test at
        both designs: the default reaches the target power, pROC's choice misses it when
        :math:`V_a \ne V_b`.

    Examples
    --------
    A pilot study of 10 cases and 12 controls; the sample size for 80 % power to detect
    its AUC difference (0.8833 vs 0.8083) with Obuchowski's binormal variances.  pROC's
    choice of V0 gives pROC's number (``power.roc.test(roc(y, a), roc(y, b), power =
    0.8, method = "obuchowski")``: ncases = 243.1875469), and another one when the curves
    are exchanged (issue #122); the default V0 is symmetric:

    >>> import rocstats
    >>> y = [1] * 10 + [0] * 12
    >>> a = [1.5, 2.2, 3.1, 0.9, 1.4, 1.5, -0.4, 0.6, 2.4, 1.4,
    ...      0.7, -0.5, -0.6, -0.3, 0.8, 0.8, -0.5, -0.1, 0.2, 0.1, 0.4, 1.0]
    >>> b = [1.7, 1.8, 0.3, -1.1, 1.6, 1.1, -0.4, 1.9, 2.1, 1.2,
    ...      0.0, -0.3, -0.8, -0.8, -1.0, -0.1, -1.4, -0.3, -0.4, 1.6, -0.3, 0.4]
    >>> kw = dict(power=0.8, method="obuchowski")
    >>> first = rocstats.power_roc_test_paired(y, a, b, null_variance="first", **kw)
    >>> swapped = rocstats.power_roc_test_paired(y, b, a, null_variance="first", **kw)
    >>> round(first.ncases, 4), round(swapped.ncases, 4)
    (243.1875, 289.5579)
    >>> r = rocstats.power_roc_test_paired(y, a, b, **kw)
    >>> round(r.ncases, 4), round(rocstats.power_roc_test_paired(y, b, a, **kw).ncases, 4)
    (266.59, 266.59)
    """
    _check_alternative(alternative)
    if method not in _METHODS:
        raise ValueError("method must be 'obuchowski' or 'delong', got %r" % (method,))
    if null_variance not in _NULL_VARIANCES:
        raise ValueError("null_variance must be 'alternative' or 'first', got %r"
                         % (null_variance,))
    sig_level = _check_probability(sig_level, "sig_level")
    power = _check_probability(power, "power")
    labels = paired_sample(y_true, y_score_a, y_score_b, pos_label=pos_label,
                           direction=direction)
    is_pos, score = labels.is_pos, labels.score
    m, n = labels.m, labels.n
    if m < 2 or n < 2:
        raise ValueError("y_true: the pilot data need at least 2 cases and 2 controls "
                         "(got %d and %d)" % (m, n))
    n_given = not (ncases is None and ncontrols is None)
    target = _two_curve_target(sig_level, power, n_given, pilot=True)
    kappa_pilot = n / m
    if target == "ncases":
        kappa = kappa_pilot if kappa is None else _check_positive(kappa, "kappa")
    elif not n_given:                                # the pilot's size
        if kappa is not None and not math.isclose(kappa, kappa_pilot, rel_tol=1e-12):
            raise ValueError("kappa=%r differs from the pilot's ncontrols / ncases = %d / %d; "
                             "give ncases (or ncontrols) with it to set the study's size"
                             % (kappa, n, m))
        ncases, ncontrols, kappa = float(m), float(n), kappa_pilot
    else:
        if kappa is None and (ncases is None or ncontrols is None):
            kappa = kappa_pilot
        ncases, ncontrols, kappa = _resolve_n(ncases, ncontrols, kappa)

    # ---------------------------------------------------------------- the pilot data
    from ..curves._delong import delong, structural_components

    res = delong(is_pos, score)
    auc_a, auc_b = float(res.auc[0]), float(res.auc[1])
    delta = auc_a - auc_b
    pa, pb = score[is_pos], score[~is_pos]
    r_cases = _pearson(pa[:, 0], pa[:, 1])
    r_controls = _pearson(pb[:, 0], pb[:, 1])
    if method == "obuchowski":
        fit_a = _binormal_fit(is_pos, score[:, 0])
        fit_b = _binormal_fit(is_pos, score[:, 1])
        if not (math.isfinite(r_cases) and math.isfinite(r_controls)):
            raise ValueError("y_score_a/y_score_b: a score is constant within a class, so "
                             "the correlations of method='obuchowski' are undefined (use "
                             "method='delong')")
        (a_a, b_a), (a_b, b_b) = fit_a, fit_b          # (A, B) of each curve
        var_a = binormal_variance(a_a, b_a, kappa)
        var_b = binormal_variance(a_b, b_b, kappa)
        cov_ab = binormal_covariance(a_a, b_a, a_b, b_b, r_controls, r_cases, kappa)
    else:
        fit_a = fit_b = None
        _, V10, V01 = structural_components(is_pos, score)
        s10 = np.cov(V10, rowvar=False, ddof=1)
        s01 = np.cov(V01, rowvar=False, ddof=1)
        per_case = s10 + s01 / kappa
        var_a, var_b, cov_ab = (float(per_case[0, 0]), float(per_case[1, 1]),
                                float(per_case[0, 1]))
    va = var_a + var_b - 2 * cov_ab
    v0 = va if null_variance == "alternative" else 2 * var_a - 2 * cov_ab
    if not (va > 0 and v0 > 0):
        raise ValueError("y_score_a/y_score_b: the variance of the AUC difference is %r "
                         "under the alternative and %r under H0; a power calculation needs "
                         "both > 0" % (va, v0))

    ncases, ncontrols, sig_level, power = _solve_two_curves(
        target, v0, va, delta, ncases, ncontrols, kappa, sig_level, power, alternative,
        "y_score_a/y_score_b: the pilot AUCs are equal (delta = 0)")
    solved = target
    return PairedPowerResult(auc_a, auc_b, delta, ncases, ncontrols, kappa, sig_level, power,
                             alternative, solved, method, null_variance, var_a, var_b, cov_ab,
                             v0, va, fit_a, fit_b, r_cases, r_controls, (m, n),
                             labels.pos_label, direction)


def _solve_two_curves(target, v0, va, delta, ncases, ncontrols, kappa, sig_level, power,
                      alternative, zero_delta):
    """Eq. 2 of Obuchowski & McClish (1997) solved for ``target`` ("power", "sig_level" or
    "ncases"); returns ``(ncases, ncontrols, sig_level, power)``."""
    tail = 2.0 if alternative == "two-sided" else 1.0
    if target == "power":
        za = _zq(sig_level / tail)
        power = float(special.ndtr(_z_beta(ncases, za, v0, va, delta)))
    elif target == "sig_level":
        zb = float(special.ndtri(power))
        sig_level = _sf(_z_alpha(ncases, zb, v0, va, delta)) * tail
        if not sig_level < power:
            raise ValueError("sig_level: reaching power=%r with ncases=%r would need a "
                             "significance level of %r, not below the power"
                             % (power, ncases, sig_level))
    else:
        if delta == 0.0:
            raise ValueError(zero_delta + "; no sample size detects no difference")
        za, zb = _zq(sig_level / tail), float(special.ndtri(power))
        if za * math.sqrt(v0) + zb * math.sqrt(va) <= 0:
            raise ValueError("power=%r: the formula's power exceeds it at any sample size; "
                             "no sample size solves it" % power)
        ncases = _n_cases(za, zb, v0, va, delta)
        ncontrols = kappa * ncases
    return ncases, ncontrols, sig_level, power


def binormal_power(a1, b1, a2, b2, r_controls, r_cases, delta, *, ncases=None,
                   ncontrols=None, kappa=None, sig_level=0.05, power=None,
                   alternative="two-sided", null_variance="alternative"):
    """Two paired curves from binormal parameters (pROC's ``power.roc.test(parslist)``,
    full AUC): eqs. 4-5 at ``kappa`` for the variances, eq. 2 for the design.

    ``(A, B)`` of each curve, the correlations among controls (``rn``) and cases
    (``ra``) and ``delta`` (the AUC difference to detect, as pROC's ``parslist$delta``).
    Solve modes and ``null_variance`` as `power_roc_test_paired`; ``kappa``
    defaults to 1 (pROC).  Returns a dict: ``ncases``, ``ncontrols``, ``kappa``,
    ``sig_level``, ``power``, ``var_a``, ``var_b``, ``cov_ab``, ``v0``, ``va``, ``solved``.

    Examples
    --------
    pROC issue #122: ``A1 = 1, A2 = 2`` against ``A1 = 2, A2 = 1`` (B = 1, rn = ra = 0.5):
    pROC's V0 gives 57.03 and 23.14 cases; V0 = VA gives 40.91 both ways.

    >>> from scipy.special import ndtr
    >>> d = float(ndtr(1 / 2 ** 0.5) - ndtr(2 / 2 ** 0.5))
    >>> [round(binormal_power(a1, 1, a2, 1, 0.5, 0.5, d, power=0.8,
    ...                       null_variance=nv)["ncases"], 2)
    ...  for nv in ("first", "alternative") for a1, a2 in ((1, 2), (2, 1))]
    [57.03, 23.14, 40.91, 40.91]
    """
    _check_alternative(alternative)
    if null_variance not in _NULL_VARIANCES:
        raise ValueError("null_variance must be 'alternative' or 'first', got %r"
                         % (null_variance,))
    sig_level = _check_probability(sig_level, "sig_level")
    power = _check_probability(power, "power")
    n_given = not (ncases is None and ncontrols is None)
    target = _two_curve_target(sig_level, power, n_given, pilot=False)
    if target == "ncases":
        kappa = 1.0 if kappa is None else _check_positive(kappa, "kappa")
    else:
        if kappa is None and (ncases is None or ncontrols is None):
            kappa = 1.0
        ncases, ncontrols, kappa = _resolve_n(ncases, ncontrols, kappa)
    var_a = binormal_variance(a1, b1, kappa)
    var_b = binormal_variance(a2, b2, kappa)
    cov_ab = binormal_covariance(a1, b1, a2, b2, r_controls, r_cases, kappa)
    va = var_a + var_b - 2 * cov_ab
    v0 = va if null_variance == "alternative" else 2 * var_a - 2 * cov_ab
    if not (va > 0 and v0 > 0):
        raise ValueError("the variance of the AUC difference is %r under the alternative "
                         "and %r under H0; both must be > 0" % (va, v0))
    ncases, ncontrols, sig_level, power = _solve_two_curves(
        target, v0, va, float(delta), ncases, ncontrols, kappa, sig_level, power,
        alternative, "delta = 0")
    return {"ncases": ncases, "ncontrols": ncontrols, "kappa": kappa,
            "sig_level": sig_level, "power": power, "var_a": var_a, "var_b": var_b,
            "cov_ab": cov_ab, "v0": v0, "va": va, "solved": target}
