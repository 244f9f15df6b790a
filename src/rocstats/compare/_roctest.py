r"""Tests comparing ROC curves, as pROC's ``roc.test``, and one AUC against a value.

* `roc_test` (paired: two scores of the same cases): DeLong, bootstrap, Venkatraman
  and the bootstrap tests of a sensitivity at a fixed specificity (or the reverse).
* `roc_test_unpaired` (two independent samples): DeLong, bootstrap, Venkatraman,
  each with a confidence interval of the AUC difference (pROC reports none, its #73).
* `auc_test`: one AUC (or partial AUC) against a given value (pROC's #39).

The bootstrap statistics run on the bootstrap engine (`rocstats.bootstrap`): the
scores are reduced once to their distinct values, and a replicate is a vector of
multinomial counts drawn from the counter-based stream.  For a *paired* bootstrap the
two scores get their own blocks but the positives (and negatives) are listed in the
same case order for both, so the same draws pick the same cases for both curves: one
resample of cases, two curves (pROC's ``stratified.bootstrap.test`` with
``paired = TRUE``).

Venkatraman's statistics (Venkatraman & Begg 1996, Biometrika 83:835 for paired data;
Venkatraman 2000, Biometrics 56:1134 for unpaired data) are computed on ranks (ties
broken by case order, pROC's ``ties.method = "first"``) and their permutation
distributions follow pROC's schemes (see `venkatraman_paired_stat`,
`venkatraman_unpaired_stat`).  The permutations use NumPy's PCG64 generator seeded
from ``random_state`` per block of `PERM_BLOCK` permutations, so results do not
depend on ``n_jobs``.
"""
from __future__ import annotations

from typing import Any, Dict, Optional, Sequence, Union  # noqa: F401

from .._typing import ArrayLike, Direction, Jobs, Label, Range, Seed  # noqa: F401
import warnings

import numpy as np

from .. import _dist, _kernels, _options
from ..bootstrap import _engine
from ..bootstrap._ci import statistic_functions
from .._margin import apply_margin, check_margin
from .._results import TestResult
from .._deprecated import renamed
from .._deviations import note
from .._sample import binary_sample, paired_sample
from .._validation import UndefinedAUCWarning
from ..curves._auc import auc as _auc, check_partial_options
from ._delong_test import _check_alternative, _pvalue, delong_test, delong_test_unpaired
from ..curves._delong import delong

__all__ = ["roc_test", "roc_test_unpaired", "auc_test", "venkatraman_paired_stat",
           "venkatraman_unpaired_stat"]

PAIRED_METHODS = ("delong", "bootstrap", "venkatraman", "sensitivity", "specificity")
UNPAIRED_METHODS = ("delong", "bootstrap", "venkatraman")
AUC_TEST_METHODS = ("delong", "bootstrap")
#: permutations drawn from one generator (the unit of the random stream and of threads)
PERM_BLOCK = 256
#: offset of the second sample's bootstrap seed in the unpaired bootstrap (golden ratio)
_SEED_B = 0x9E3779B97F4A7C15


# =========================================================================== checks
def _check_method(method, allowed):
    if not isinstance(method, str) or method not in allowed:
        raise ValueError("method must be one of %s, got %r" % (allowed, method))
    return method


def _check_unit(value, name):
    from .._validation import check_number

    return check_number(value, name, low=0.0, high=1.0, what="a number in [0, 1]")


def _check_fixed_point(method, specificity, sensitivity):
    """The target of method="specificity" / "sensitivity" (pROC's roc.test): ``(given,
    value)`` with given = 0 (specificity fixed, sensitivities compared) or 1."""
    given = {"specificity": specificity, "sensitivity": sensitivity}
    if method in given:
        other = "sensitivity" if method == "specificity" else "specificity"
        plural = {"sensitivity": "sensitivities", "specificity": "specificities"}
        if given[other] is not None:
            raise ValueError("%s is not used with method=%r (which compares %s at a given "
                             "%s=); for %s at a fixed %s use method=%r"
                             % (other, method, plural[other], method, plural[method], other,
                                other))
        if given[method] is None:
            raise ValueError("%s is required with method=%r (pROC's test of the %s at "
                             "that %s)" % (method, method, plural[other], method))
        return int(method == "sensitivity"), _check_unit(given[method], method)
    for name, value in (("specificity", specificity), ("sensitivity", sensitivity)):
        if value is not None:
            raise ValueError("%s is only used with method=%r, not method=%r"
                             % (name, name, method))
    return None


def _boot_options(n_boot, stratified, random_state, n_jobs):
    return (_options.check_n_boot(n_boot), _options.check_stratified(stratified),
            _options.resolve_seed(random_state), _options.resolve_jobs(n_jobs))


# =========================================================================== bootstrap
def _curve(is_pos, score):
    """One score for the bootstrap engine, positives and negatives kept in CASE ORDER
    (`rocstats.bootstrap._engine.Data` with ``case_order=True``)."""
    return _engine.Data(is_pos, score, case_order=True)


def _estimate(data, kind):
    """The statistic ``kind`` of the data themselves."""
    if kind[0] == "auc":
        return float(_auc(data.is_pos, data.score))
    if kind[0] == "partial":
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UndefinedAUCWarning)
            return float(_auc(data.is_pos, data.score, partial=kind[1], focus=kind[2],
                              correct=kind[3]))
    on_counts = statistic_functions(data, kind)[0]
    return float(on_counts(data.cp0[None], data.cn0[None])[0])


def _statistic_kind(partial, focus, correct, fixed):
    if fixed is not None:
        return ("curve",) + tuple(fixed)
    rng = check_partial_options(partial, focus, correct)
    if rng is None:
        return ("auc",)
    return ("partial", rng, focus, bool(correct))


def _boot_replicates(curves, seeds, kind, n_boot, stratified, jobs):
    """Replicates (n_boot x len(curves)): curve c resampled with ``seeds[c]`` (one seed
    for both curves = paired; different seeds = independent samples)."""
    fns = [statistic_functions(c, kind)[1] for c in curves]

    def run(r0, r1):
        return np.column_stack([f(stratified, s, r0, r1) for f, s in zip(fns, seeds)])

    return _engine.parallel(run, n_boot, jobs)


def _boot_d(est_a, est_b, reps, what):
    """pROC's D = (a - b) / sd(a* - b*): NaN replicates dropped (warning), 0 for two
    identical curves.  Returns ``(D, sd, diffs)``."""
    diffs = reps[:, 0] - reps[:, 1]
    bad = np.isnan(diffs)
    if bad.any():
        warnings.warn("%d of %d bootstrap replicates gave an undefined %s (a class absent "
                      "from a non-stratified resample) and were ignored"
                      % (int(bad.sum()), diffs.size, what), UndefinedAUCWarning, stacklevel=3)
        diffs = diffs[~bad]
    sd = float(np.std(diffs, ddof=1)) if diffs.size > 1 else float("nan")
    d = est_a - est_b
    with np.errstate(divide="ignore", invalid="ignore"):
        stat = float(np.float64(d) / sd)
    if np.isnan(stat) and diffs.size and np.all(diffs == 0) and est_a == est_b:
        stat = 0.0
    return stat, sd, diffs


def _what(kind):
    if kind[0] == "auc":
        return "AUC"
    if kind[0] == "partial":
        return "partial AUC"
    return ("sensitivity at specificity %g" if kind[1] == 0 else
            "specificity at sensitivity %g") % kind[2]


# =========================================================================== Venkatraman
def _ranks_first(score):
    """R's ``rank(score, ties.method = "first")`` (1-based)."""
    order = np.argsort(score, kind="stable")
    r = np.empty(score.size, dtype=np.int64)
    r[order] = np.arange(1, score.size + 1)
    return r


def venkatraman_paired_stat(is_pos, rank_a, rank_b):
    r"""Venkatraman & Begg's (1996) E of two rankings of the same cases.

    .. math:: E = \sum_{x=1}^{N} \big| [FN_b(x) + FP_b(x)] - [FN_a(x) + FP_a(x)] \big|
              = 2 \sum_{x=1}^{N} |C_b(x) - C_a(x)|,

    :math:`FN(x)` the cases ranked at most x, :math:`FP(x)` the controls ranked above x,
    :math:`C(x)` the cases among the x lowest ranks (``FN + FP = n - x + 2 C``).
    ``rank_a`` / ``rank_b`` are permutations of 1..N (pROC's
    ``venkatraman.paired.stat`` on ``rank(., ties.method = "first")``).
    """
    ca = np.cumsum(is_pos[np.argsort(rank_a, kind="stable")], dtype=np.int64)
    cb = np.cumsum(is_pos[np.argsort(rank_b, kind="stable")], dtype=np.int64)
    return float(2 * np.abs(cb - ca).sum())


def _paired_permutations(is_pos, ra, rb, seed, n_perm, jobs):
    """E of ``n_perm`` permutations of pROC's ``venkatraman.paired.permutation``.

    pROC keeps each case's two ranks and exchanges them between the tests when
    ``q = 1 - round(U)`` is 0 (probability 1/2); a rank that stays is jittered by
    U(-1/2, 1/2) and the permuted values are re-ranked.  The ranks are distinct integers,
    so the jitter only decides on which side of the other test's equal (unjittered)
    rank a kept rank falls: a fair coin per case and test.  Each permutation is
    therefore three random bits per case (exchange, two coins), drawn as one value in
    0..7, and the permuted values are the integer keys ``3 S_i`` (exchanged) or
    ``3 R_i -/+ 1`` (kept; coin), all distinct, ranked by a stable (for 16-bit keys: radix) argsort."""
    N = is_pos.size
    pos = is_pos.astype(np.int32)
    # keys in [2, 3N + 1]: 16-bit when they fit, so that the stable argsort is a radix sort
    kt = np.int16 if 3 * N + 2 < 2 ** 15 else np.int64
    ra3, rb3 = (3 * ra).astype(kt), (3 * rb).astype(kt)
    step = max(1, min(PERM_BLOCK, (1 << 21) // N))

    def rows(rng, R):
        bits = rng.integers(0, 8, size=(R, N), dtype=np.int8)
        keep = (bits & 1).astype(bool)
        c1 = (((bits >> 1) & 1) * 2 - 1).astype(kt)
        c2 = (((bits >> 2) & 1) * 2 - 1).astype(kt)
        r3 = np.where(keep, ra3 + c1, rb3)
        s3 = np.where(keep, rb3 + c2, ra3)
        return _kernels.venkatraman.paired_keys(r3, s3, pos)

    return _run_blocks(rows, step, seed, n_perm, jobs)


def _run_blocks(rows, step, seed, n_perm, jobs):
    """The permuted statistics, in blocks of PERM_BLOCK permutations: block ``bi`` draws
    from ``default_rng([seed, bi])``, ``rows(rng, R)`` giving R statistics at a time
    (R <= ``step``), so that permutation k is the same whatever ``jobs``."""
    def block(bi):
        rng = np.random.default_rng([seed, bi])
        size = min(PERM_BLOCK, n_perm - bi * PERM_BLOCK)
        out = np.empty(size)
        for a in range(0, size, step):
            b = min(size, a + step)
            out[a:b] = rows(rng, b - a)
        return out

    nb = -(-n_perm // PERM_BLOCK)
    if jobs <= 1 or nb == 1:
        parts = [block(i) for i in range(nb)]
    else:
        from concurrent.futures import ThreadPoolExecutor

        with ThreadPoolExecutor(max_workers=min(jobs, nb)) as pool:
            parts = list(pool.map(block, range(nb)))
    return np.concatenate(parts)


def venkatraman_unpaired_stat(is_pos_a, rank_a, is_pos_b, rank_b, mp=None):
    r"""Venkatraman's (2000) statistic for two independent samples.

    In each sample, with :math:`F(x)`, :math:`G(x)` the shares of cases and of controls
    ranked at most x and the pooled case proportion :math:`\pi` (``mp``), the mixture
    c.d.f. :math:`p(x) = \pi F + (1 - \pi) G` and the error rate
    :math:`e(x) = \pi F + (1 - \pi)(1 - G)`; the statistic is
    :math:`\int |e_a(p) - e_b(p)|\,dp`, each :math:`e(p)` interpolated linearly, the
    integral by trapezoids over the pooled p values where both are defined (pROC's
    ``venkatraman.unpaired.stat``).  ``mp`` defaults to the pooled share of cases,
    ``(m_a + m_b) / (N_a + N_b)``, Venkatraman's choice; pROC 1.18 divides by
    ``2 N_a`` instead, which differs when the samples have different sizes.
    """
    ma, mb = int(is_pos_a.sum()), int(is_pos_b.sum())
    na, nb = is_pos_a.size - ma, is_pos_b.size - mb
    if mp is None:
        mp = (ma + mb) / (is_pos_a.size + is_pos_b.size)
    ca = np.cumsum(is_pos_a[np.argsort(rank_a, kind="stable")], dtype=np.int64)
    cb = np.cumsum(is_pos_b[np.argsort(rank_b, kind="stable")], dtype=np.int64)
    return float(_kernels.venkatraman.unpaired_integrals(ca[None], cb[None], ma, na, mb, nb,
                                                         mp)[0])


def _unpaired_permutations(pa, ra, pb, rb, mp, seed, n_perm, jobs):
    """Permuted statistics of pROC's ``venkatraman.unpaired.permutation``: ranks
    jittered by U(-1/2, 1/2), the controls of both samples pooled and shuffled (likewise
    the cases), the first ones going back to sample a, re-ranked within each sample.

    Only the order of the values within each sample matters.  Ranks within a sample are
    distinct integers, so the jitter only orders a rank v from sample a against the same
    rank v from sample b when both land in one sample: a fair coin, independent across
    v.  Here: one random bit t_v per rank value, keys ``2 v + t_v`` (from a) and
    ``2 v + 1 - t_v`` (from b), all distinct (16-bit when they fit: radix argsort)."""
    ma, mb = int(pa.sum()), int(pb.sum())
    na, nb = pa.size - ma, pb.size - mb
    V = max(pa.size, pb.size) + 1
    kt = np.int16 if 2 * V + 2 < 2 ** 15 else np.int64
    ra_i, rb_i = ra.astype(np.int64), rb.astype(np.int64)
    src_c = np.concatenate([ra_i[~pa], rb_i[~pb]])      # pooled controls' ranks
    src_k = np.concatenate([ra_i[pa], rb_i[pb]])        # pooled cases' ranks
    from_b_c = np.r_[np.zeros(na, np.int64), np.ones(nb, np.int64)]
    from_b_k = np.r_[np.zeros(ma, np.int64), np.ones(mb, np.int64)]
    kv = _kernels.venkatraman
    step = 64

    def rows(rng, R):
        t = rng.integers(0, 2, size=(R, V), dtype=np.int64)
        kc = 2 * src_c + np.abs(from_b_c - t[:, src_c])
        kk = 2 * src_k + np.abs(from_b_k - t[:, src_k])
        kc = rng.permuted(kc.astype(kt), axis=1)
        kk = rng.permuted(kk.astype(kt), axis=1)
        # the statistic of each row (the row's index within the call matters: see the
        # kernel's merge offsets), C or NumPy twin
        return kv.unpaired_keys(kc, kk, na, nb, ma, mb, mp)

    return _run_blocks(rows, step, seed, n_perm, jobs)


def _perm_pvalue(stat, perms):
    """pROC's permutation p-value: the share of permuted statistics >= the observed.
    The comparison allows a relative 1e-12 so that a permuted statistic equal to the
    observed one up to rounding counts as equal (E of the paired test is an integer)."""
    return float(np.count_nonzero(perms >= stat - 1e-12 * max(1.0, abs(stat))) / perms.size)


# =========================================================================== roc_test
def roc_test(y_true: ArrayLike, y_score_a: ArrayLike, y_score_b: ArrayLike, *,
             method: str = "delong", alternative: str = "two-sided", n_boot: int = 2000,
             stratified: bool = True, specificity: Optional[float] = None,
             sensitivity: Optional[float] = None, partial: Optional[Range] = None,
             focus: str = "specificity", correct: bool = False, random_state: Seed = None,
             n_jobs: Jobs = None, direction: Direction = "<", pos_label: Label = None,
             sample_weight: Optional[ArrayLike] = None, weight_type: str = "frequency",
             margin: Optional[float] = None, equivalence: Optional[Range] = None
        ) -> TestResult:
    r"""Compare two ROC curves of the same cases, as pROC's ``roc.test(paired = TRUE)``.

    ``method="delong"``: DeLong's z (see below); with ``partial`` the
    partial AUCs with the DeLong-type covariance of `rocstats.delong` (pROC has no
    DeLong test for partial AUCs).

    ``method="bootstrap"``: :math:`D = (\hat A_a - \hat A_b) / s`, :math:`s` the standard
    deviation (denominator B - 1) of the differences of the two AUCs (or partial AUCs)
    over ``n_boot`` paired bootstrap resamples of the cases (stratified: cases and
    controls resampled separately, pROC's ``boot.stratified``); p-value from the normal
    (pROC's ``bootstrap.test``).  Replicates with an undefined value (a class missing
    from a non-stratified resample) are dropped with a warning, as pROC.

    ``method="specificity"`` / ``"sensitivity"``: the same D for the difference of the
    sensitivities at ``specificity=`` (resp. the specificities at ``sensitivity=``), read
    from each curve as pROC's ``coords`` (exact point, else linear interpolation); these
    are pROC's ``method = "specificity"`` / ``"sensitivity"`` (its ``specificity`` /
    ``sensitivity`` arguments name the fixed coordinate).

    ``method="venkatraman"``: Venkatraman & Begg's (1996, Biometrika 83:835) E, the sum
    over rank thresholds of the absolute difference of the two tests' error counts
    (`venkatraman_paired_stat`), with the permutation p-value
    ``#{E* >= E} / n_boot`` over ``n_boot`` permutations that exchange each case's two
    ranks with probability 1/2 (pROC's scheme).  Two-sided only; no partial AUC.  The
    ranks are taken of the scores after ``direction`` (higher = more positive), ties in
    case order (pROC's ``ties.method = "first"``); pROC ranks the raw predictor whatever
    the direction, so its E differs for ``direction=">"``.

    Parameters
    ----------
    y_true, pos_label, direction
        As in `rocstats.auc` (one direction for both scores).
    y_score_a, y_score_b : array-like of shape (n_samples,)
        The two scores, row i of each belonging to the same case.
    method : {"delong", "bootstrap", "venkatraman", "sensitivity", "specificity"}
    alternative : {"two-sided", "greater", "less"}
        H1: curve a above b (``"greater"``) etc.; Venkatraman's test is two-sided only.
    n_boot : int
        Bootstrap replicates or permutations (pROC's ``boot.n``, default 2000).
    stratified : bool
        Resample cases and controls separately (default, pROC's default).
    specificity, sensitivity : float
        The fixed coordinate of ``method="specificity"`` / ``"sensitivity"``.
    partial, focus, correct
        Partial AUCs (as in `rocstats.auc`) for ``"delong"`` and ``"bootstrap"``.
    random_state : None, int or numpy random generator
        Seed: of the engine's counter-based stream (bootstrap) or of the PCG64
        generators of the permutations; results do not depend on ``n_jobs``.
    n_jobs : int, optional
        Threads (None: 1; -1: every CPU).
    sample_weight, weight_type
        Case weights for ``method="delong"`` (weighted AUCs and their covariance, as
        `rocstats.delong`: frequency weights give exactly the test on
        ``np.repeat``-expanded data, sampling weights the linearisation covariance).

    ``method="delong"``: z = (A_a - A_b) / sqrt(L S L') with L = (1, -1) and S the 2 x 2
    DeLong covariance (DeLong, DeLong & Clarke-Pearson 1988) -- pROC's ``roc.test(...,
    method="delong", paired=TRUE)``, z = 0 for identical curves, ``conf_int(level)`` the
    Wald interval of the difference (pROC 1.18); with ``partial`` the DeLong-type
    covariance of `rocstats.delong` (pROC bootstraps there).
    (``rocstats.delong_test`` is the deprecated old name of this call.)

    margin : float, optional
        A one-sided test against a margin (needs ``alternative="greater"`` or
        ``"less"``): ``"greater"`` tests H0: AUC_a - AUC_b <= -margin (non-inferiority for margin > 0,
        superiority by abs(margin) for margin < 0), ``"less"`` H0: AUC_a - AUC_b >= margin; the statistic
        ``(estimate - boundary) / se`` with the test's own SE and reference distribution
        (`rocstats._margin`).
    equivalence : (low, high), optional
        Two one-sided tests (Schuirmann 1987) of H0: AUC_a - AUC_b <= low or >= high; the
        p-value is the larger one-sided p (``pvalues`` holds both) and ``conf_int(1 - 2
        alpha)`` is the interval that lies inside (low, high) exactly when it rejects.

    Returns
    -------
    TestResult
        ``statistic`` (z, D or E), ``pvalue``, ``estimate`` (difference a - b of the
        compared values), ``aucs`` (the two compared values), ``se`` (DeLong; the
        bootstrap standard deviation s for the bootstrap methods, so ``conf_int()`` is
        the Wald interval ``estimate -/+ z s``; for Venkatraman's test, which has no
        estimate of its own, the DeLong SE of the AUC difference), ``n_boot`` and
        ``replicates`` (bootstrap differences or permuted E).

    Examples
    --------
    Venkatraman's E counts the thresholds at which the two rankings make different
    numbers of errors.  Cases ranked (4, 3) by score a and (4, 2) by b, controls
    (2, 1) and (3, 1): C_a = (0, 0, 1, 2), C_b = (0, 1, 1, 2), so E = 2 * 1 = 2:

    >>> import rocstats
    >>> y = [1, 1, 0, 0]
    >>> t = rocstats.roc_test(y, [4, 3, 2, 1], [4, 2, 3, 1], method="venkatraman",
    ...                       n_boot=500, random_state=1)
    >>> t.statistic
    2.0

    The bootstrap test of the AUCs (D = difference / bootstrap SD):

    >>> b = rocstats.roc_test(y, [4, 3, 2, 1], [4, 2, 3, 1], method="bootstrap",
    ...                       n_boot=200, random_state=1)
    >>> b.estimate, b.aucs
    (0.25, (1.0, 0.75))
    """
    spec = check_margin(margin, equivalence, alternative, method=method)
    if spec is not None:
        return apply_margin(roc_test(
            y_true, y_score_a, y_score_b, method=method, n_boot=n_boot, stratified=stratified,
            specificity=specificity, sensitivity=sensitivity, partial=partial, focus=focus,
            correct=correct, random_state=random_state, n_jobs=n_jobs, direction=direction,
            pos_label=pos_label, sample_weight=sample_weight, weight_type=weight_type), spec)
    method = _check_method(method, PAIRED_METHODS)
    _check_alternative(alternative)
    fixed = _check_fixed_point(method, specificity, sensitivity)
    if method in ("venkatraman", "sensitivity", "specificity") and partial is not None:
        raise ValueError("partial is not supported with method=%r (only 'delong' and "
                         "'bootstrap' compare partial AUCs)" % (method,))
    if method == "venkatraman" and alternative != "two-sided":
        raise ValueError("alternative must be 'two-sided' for Venkatraman's test "
                         "(got %r)" % (alternative,))
    if method == "delong":
        return delong_test(y_true, y_score_a, y_score_b, pos_label=pos_label,
                           direction=direction, alternative=alternative, partial=partial,
                           focus=focus, correct=correct, sample_weight=sample_weight,
                           weight_type=weight_type)
    if sample_weight is not None:
        raise ValueError("sample_weight is only used with method='delong' (got method=%r)"
                         % (method,))
    kind = _statistic_kind(partial, focus, correct, fixed)
    n_boot, strat, seed, jobs = _boot_options(n_boot, stratified, random_state, n_jobs)
    labels = paired_sample(y_true, y_score_a, y_score_b, pos_label=pos_label,
                           direction=direction)
    is_pos, score = labels.is_pos, labels.score
    names = {"bootstrap": "Bootstrap test for two correlated ROC curves",
             "venkatraman": "Venkatraman's test for two paired ROC curves",
             "specificity": "Specificity test for two correlated ROC curves",
             "sensitivity": "Sensitivity test for two correlated ROC curves"}
    title = names[method]
    nan = float("nan")
    if labels.undefined(title):
        return TestResult(nan, nan, nan, title, alternative, nan, pos_label=labels.pos_label)
    sa = np.ascontiguousarray(score[:, 0])
    sb = np.ascontiguousarray(score[:, 1])
    if method == "venkatraman":
        ra, rb = _ranks_first(sa), _ranks_first(sb)
        E = venkatraman_paired_stat(is_pos, ra, rb)
        perms = _paired_permutations(is_pos, ra, rb, seed, n_boot, jobs)
        dl = delong_test(is_pos, sa, sb)
        notes = (note("venkatraman_ranks"),) if labels.direction == ">" else ()
        return TestResult(E, _perm_pvalue(E, perms), dl.estimate, title, alternative,
                          se=dl.se, distribution="permutation", aucs=dl.aucs,
                          pos_label=labels.pos_label, n_boot=n_boot, replicates=perms,
                          notes=notes)
    curves = (_curve(is_pos, sa), _curve(is_pos, sb))
    return _boot_test(curves, (seed, seed), kind, n_boot, strat, jobs, title, alternative,
                      labels.pos_label)


def _boot_test(curves, seeds, kind, n_boot, strat, jobs, title, alternative, pos_label):
    """pROC's bootstrap test D = (e_a - e_b) / sd(replicate differences) of two curves
    (paired: one seed for both; unpaired: one seed each)."""
    reps = _boot_replicates(curves, seeds, kind, n_boot, strat, jobs)
    ea, eb = _estimate(curves[0], kind), _estimate(curves[1], kind)
    stat, sd, diffs = _boot_d(ea, eb, reps, _what(kind))
    return TestResult(stat, _pvalue(stat, alternative), ea - eb, title, alternative, se=sd,
                      aucs=(ea, eb), pos_label=pos_label, n_boot=n_boot, replicates=diffs)


# =========================================================================== unpaired
@renamed(y_a="y_true_a", score_a="y_score_a", y_b="y_true_b", score_b="y_score_b")
def roc_test_unpaired(y_true_a: ArrayLike, y_score_a: ArrayLike, y_true_b: ArrayLike,
                      y_score_b: ArrayLike, *, method: str = "delong",
                      alternative: str = "two-sided", n_boot: int = 2000,
                      stratified: bool = True, partial: Optional[Range] = None,
                      focus: str = "specificity", correct: bool = False,
                      random_state: Seed = None, n_jobs: Jobs = None,
                      direction: Direction = "<", pos_label: Label = None,
                      margin: Optional[float] = None, equivalence: Optional[Range] = None
        ) -> TestResult:
    r"""Compare the ROC curves of two independent samples, with a confidence interval of
    the AUC difference (pROC's ``roc.test(paired = FALSE)`` gives none, its issue #73).

    ``method="delong"``: `rocstats.delong_test_unpaired` (Welch-type t with
    Welch-Satterthwaite degrees of freedom; ``conf_int()`` is the t interval).

    ``method="bootstrap"``: each sample resampled independently (stratified by default),
    D = (A_a - A_b) / s, s the standard deviation of the replicate differences (pROC's
    ``bootstrap.test`` with ``paired = FALSE``; details in the Notes).

    ``method="venkatraman"``: Venkatraman's (2000) unpaired statistic
    (`venkatraman_unpaired_stat`) and its permutation p-value over ``n_boot``
    permutations that shuffle the (jittered) ranks of the controls across the samples,
    and those of the cases (pROC's scheme); the interval is the Wald interval with the
    DeLong SE of the difference (the test has no estimate of its own).  pROC's pooled
    case share divides by twice the first sample's size; this uses both sizes
    (identical when they are equal).

    Parameters
    ----------
    y_true_a, y_score_a : array-like
        Labels and scores of the first sample.
    y_true_b, y_score_b : array-like
        Labels and scores of the second, independent, sample.
    method : {"delong", "bootstrap", "venkatraman"}
    alternative, n_boot, stratified, partial, focus, correct, random_state, n_jobs, direction, pos_label, margin, equivalence
        As in `roc_test` (no partial AUC with Venkatraman's test).

    Returns
    -------
    TestResult
        ``statistic``, ``pvalue``, ``estimate`` (AUC_a - AUC_b), ``aucs``, ``se`` and
        ``conf_int(level)``; ``df`` for DeLong; ``n_boot`` / ``replicates`` otherwise.

    Notes
    -----
    ``method="bootstrap"``: :math:`D = (\hat A_a - \hat A_b) / s`, :math:`s` the standard deviation of the
    replicate differences :math:`A_a^* - A_b^*` (pROC's ``bootstrap.test`` with
    ``paired = FALSE``), normal p-value; ``conf_int()`` is ``d -/+ z s``.  Sample b is
    drawn from the engine's stream with the seed offset by 0x9E3779B97F4A7C15, so the two
    samples' draws are independent.

    Examples
    --------
    >>> import rocstats
    >>> t = rocstats.roc_test_unpaired([1, 1, 0, 0], [4, 3, 2, 1], [1, 1, 0, 0],
    ...                                [4, 2, 3, 1], method="bootstrap", n_boot=500,
    ...                                random_state=0)
    >>> t.estimate, t.aucs
    (0.25, (1.0, 0.75))
    """
    spec = check_margin(margin, equivalence, alternative, method=method)
    if spec is not None:
        return apply_margin(roc_test_unpaired(
            y_true_a, y_score_a, y_true_b, y_score_b, method=method, n_boot=n_boot, stratified=stratified,
            partial=partial, focus=focus, correct=correct, random_state=random_state,
            n_jobs=n_jobs, direction=direction, pos_label=pos_label), spec)
    method = _check_method(method, UNPAIRED_METHODS)
    _check_alternative(alternative)
    if method == "venkatraman":
        if partial is not None:
            raise ValueError("partial is not supported with method='venkatraman'")
        if alternative != "two-sided":
            raise ValueError("alternative must be 'two-sided' for Venkatraman's test "
                             "(got %r)" % (alternative,))
    if method == "delong":
        return delong_test_unpaired(y_true_a, y_score_a, y_true_b, y_score_b, pos_label=pos_label,
                                    direction=direction, alternative=alternative,
                                    partial=partial, focus=focus, correct=correct)
    kind = _statistic_kind(partial, focus, correct, None)
    n_boot, strat, seed, jobs = _boot_options(n_boot, stratified, random_state, n_jobs)
    la = binary_sample(y_true_a, y_score_a, pos_label=pos_label, direction=direction,
                       score_name="y_score_a")
    lb = binary_sample(y_true_b, y_score_b, pos_label=pos_label, direction=direction,
                       score_name="y_score_b")
    sa, sb = la.score, lb.score
    pa, pb = la.is_pos, lb.is_pos
    title = ("Bootstrap test for two ROC curves" if method == "bootstrap" else
             "Venkatraman's test for two unpaired ROC curves")
    nan = float("nan")
    ma, mb = int(pa.sum()), int(pb.sum())
    if la.undefined(title + " (sample a)") or lb.undefined(title + " (sample b)"):
        return TestResult(nan, nan, nan, title, alternative, nan, pos_label=la.pos_label)
    if method == "venkatraman":
        ra, rb = _ranks_first(sa), _ranks_first(sb)
        mp = (ma + mb) / (pa.size + pb.size)
        E = venkatraman_unpaired_stat(pa, ra, pb, rb, mp)
        perms = _unpaired_permutations(pa, ra, pb, rb, mp, seed, n_boot, jobs)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", UndefinedAUCWarning)
            da, db = delong(pa, sa), delong(pb, sb)
        se = float(np.sqrt(da.variance + db.variance))
        notes = ((note("venkatraman_unpaired_share"),) if pa.size != pb.size else ()) + \
            ((note("venkatraman_ranks"),) if la.direction == ">" else ())
        return TestResult(E, _perm_pvalue(E, perms), da.auc - db.auc, title, alternative,
                          se=se, distribution="permutation", aucs=(da.auc, db.auc),
                          pos_label=la.pos_label, n_boot=n_boot, replicates=perms,
                          notes=notes)
    seed_b = (seed + _SEED_B) % (1 << 64)
    return _boot_test((_curve(pa, sa), _curve(pb, sb)), (seed, seed_b), kind, n_boot, strat,
                      jobs, title, alternative, la.pos_label)


# =========================================================================== auc_test
def auc_test(y_true: ArrayLike, y_score: Optional[ArrayLike] = None, *, null: float = 0.5,
             alternative: str = "two-sided", method: str = "delong", n_boot: int = 2000,
             stratified: bool = True, partial: Optional[Range] = None,
             focus: str = "specificity", correct: bool = False, random_state: Seed = None,
             n_jobs: Jobs = None, direction: Direction = "<", pos_label: Label = None,
             margin: Optional[float] = None, equivalence: Optional[Range] = None
        ) -> TestResult:
    r"""Test one AUC (or partial AUC) against a given value (pROC's issue #39).

    z = (A - null) / SE, the SE from DeLong's variance or the bootstrap; the normal
    p-value (details in the Notes).

    Parameters
    ----------
    y_true, y_score, pos_label, direction, partial, focus, correct
        As in `rocstats.auc`.
    null : float
        The AUC under H0 (default 0.5, a useless test), in [0, 1].
    alternative : {"two-sided", "greater", "less"}
        H1: AUC != / > / < ``null``.
    method : {"delong", "bootstrap"}
    n_boot, stratified, random_state, n_jobs
        The bootstrap's options, as in `rocstats.ci_auc`.

    margin : float, optional
        A one-sided test against a margin (needs ``alternative="greater"`` or
        ``"less"``): ``"greater"`` tests H0: AUC <= null - margin (non-inferiority for margin > 0,
        superiority by abs(margin) for margin < 0), ``"less"`` H0: AUC >= null + margin; the statistic
        ``(estimate - boundary) / se`` with the test's own SE and reference distribution
        (`rocstats._margin`).
    equivalence : (low, high), optional
        Two one-sided tests (Schuirmann 1987) of H0: AUC <= low or >= high; the
        p-value is the larger one-sided p (``pvalues`` holds both) and ``conf_int(1 - 2
        alpha)`` is the interval that lies inside (low, high) exactly when it rejects.

    Returns
    -------
    TestResult
        ``statistic`` (z), ``pvalue``, ``estimate`` (the AUC), ``se``,
        ``conf_int(level)``; ``n_boot`` and ``replicates`` (the bootstrap AUCs) for the
        bootstrap.

    Notes
    -----
    .. math:: z = \frac{\hat A - A_0}{\widehat{\mathrm{SE}}(\hat A)},

    the SE from DeLong's variance (``method="delong"``, `rocstats.delong`) or the
    standard deviation of ``n_boot`` bootstrap AUCs (``"bootstrap"``, the engine of
    `rocstats.ci_auc`); p-value from the standard normal.  ``conf_int()`` is the
    Wald interval ``A -/+ z SE`` (not clipped to [0, 1]; `rocstats.ci_auc` clips).
    A zero SE (a perfectly separated sample) gives z = +-inf when the AUC differs from
    ``null`` (p = 0), as the paired DeLong test.

    Examples
    --------
    Positives (0.9, 0.7), negatives (0.8, 0.1): AUC 3/4, DeLong variance 1/8, so
    z = 0.25 / sqrt(1/8) = 0.7071:

    >>> import rocstats
    >>> t = rocstats.auc_test([1, 1, 0, 0], [0.9, 0.7, 0.8, 0.1])
    >>> t.estimate, round(t.statistic, 4), round(t.pvalue, 4)
    (0.75, 0.7071, 0.4795)
    """
    spec = check_margin(margin, equivalence, alternative, center=_check_unit(null, "null"),
                        what="AUC")
    if spec is not None:
        return apply_margin(auc_test(
            y_true, y_score, null=null, method=method, n_boot=n_boot, stratified=stratified,
            partial=partial, focus=focus, correct=correct, random_state=random_state,
            n_jobs=n_jobs, direction=direction, pos_label=pos_label), spec)
    method = _check_method(method, AUC_TEST_METHODS)
    _check_alternative(alternative)
    null = _check_unit(null, "null")
    rng = check_partial_options(partial, focus, correct)
    extra: Dict[str, Any] = dict(n_boot=None, replicates=None)
    if method == "delong":
        res = delong(y_true, y_score, pos_label=pos_label, direction=direction,
                     partial=rng, focus=focus, correct=correct)
        est: Any = res.auc
        se, pos = res.se, res.pos_label
        title = "DeLong test of one %s" % ("AUC" if rng is None else "partial AUC")
    else:
        from ..bootstrap import ci_auc

        n_boot, strat, seed, jobs = _boot_options(n_boot, stratified, random_state, n_jobs)
        ci: Any = ci_auc(y_true, y_score, method="bootstrap", partial=rng, focus=focus,
                    correct=correct, n_boot=n_boot, stratified=strat, random_state=seed,
                    n_jobs=jobs, direction=direction, pos_label=pos_label)
        reps = np.asarray(ci.replicates, dtype=float)
        est = ci.estimate
        se = float(np.std(reps, ddof=1)) if reps.size > 1 else float("nan")
        pos = binary_sample(y_true, y_score, pos_label=pos_label,
                            direction=direction).pos_label
        title = "Bootstrap test of one %s" % ("AUC" if rng is None else "partial AUC")
        extra = dict(n_boot=n_boot, replicates=reps)
    z = _dist.wald_z(est - null, se)
    p = _pvalue(z, alternative) if not np.isnan(z) else float("nan")
    return TestResult(z, p, est, title + " against %g" % null, alternative, se=se,
                      pos_label=pos, **extra)
