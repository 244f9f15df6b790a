"""Every deliberate difference from pROC, in one table.

rocstats takes pROC's defaults unless pROC is known to be wrong; where it differs on
purpose, the result it affects says so in its printout (``summary()``) with the call that
reproduces pROC, and the test suite checks each entry of `DEVIATIONS` against the
printout it names.  The documentation's "Coming from pROC" page lists them too.
"""

__all__ = ["DEVIATIONS", "note"]

#: key -> (what differs, why, the call that reproduces pROC)
DEVIATIONS = {
    "direction": (
        "direction is '<' unless given; never guessed from the data",
        "pROC's default direction='auto' takes the side with the larger AUC, which biases "
        "the AUC upwards and hides a reversed marker (pROC issue #36); an AUC < 0.5 warns",
        "direction='>' when controls score higher (what pROC's 'auto' would pick)"),
    "null_variance": (
        "power_roc_test_paired takes V0 = VA (null_variance='alternative')",
        "pROC's V0 = 2 Va - 2 Cab makes the sample size depend on which curve is called "
        "'a'; VA is the variance the DeLong test estimates (pROC issue #122; the power_mc "
        "suite checks the power by simulation)",
        "power_roc_test_paired(..., method='delong', null_variance='first')"),
    "auc_root_tolerance": (
        "power_roc_test solves for the AUC to machine precision",
        "R's uniroot stops at .Machine$double.eps^0.25, so pROC's AUC is off the root by "
        "up to ~1e-4",
        "power_roc_test(..., tol=rocstats.compare._power.PROC_UNIROOT_TOL)"),
    "venkatraman_unpaired_share": (
        "Venkatraman's unpaired statistic pools the case share over both samples",
        "pROC 1.18 divides the cases of both samples by twice the first sample's size "
        "(Venkatraman 2000 uses both sizes; identical when the sizes are equal)",
        "samples of equal sizes"),
    "venkatraman_ranks": (
        "Venkatraman's tests rank the scores after direction (higher = more positive)",
        "pROC ranks the raw predictor whatever the direction, so its E differs for "
        "direction='>'",
        "negate the scores and use direction='<'"),
    "exact_best": (
        "optimal thresholds (x='best', best_threshold, ci_coords) are compared exactly",
        "pROC compares float criteria, so points that tie exactly (e.g. equal Youden J) "
        "can be split by rounding there",
        "none (pROC's choice among exact ties is its first row, which rocstats keeps)"),
    "binormal_zero_slope": (
        "a binormal fit whose inner points share one specificity (slope exactly 0) gives "
        "the limit b -> 0- of proper binormal curves (Sp = 1 at Se = 0, Sp = 0 at Se = 1, "
        "AUC = pnorm(a)), in smooth_roc and in power_roc_test_paired(method='obuchowski')",
        "pROC's lm leaves a slope of exactly 0 or a round-off +-1e-16 depending on the "
        "data: with 0 its smooth and power.roc.test stop ('missing value where TRUE/FALSE "
        "needed'), with -1e-16 they give this limit, with +1e-16 a curve with its ends "
        "swapped",
        "none: pROC stops or depends on round-off (the -1e-16 case equals this result)"),
}


def note(key):
    """The printout line of deviation ``key``: "Differs from pROC: ... (reason).  pROC's
    result: ..."."""
    what, why, proc = DEVIATIONS[key]
    return "Differs from pROC: %s (%s). pROC's result: %s." % (what, why, proc)
