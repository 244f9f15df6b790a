"""Independent definitions for the survival tests, written from the formulas with plain
Python loops (O(n^2)); never the code under test."""
import math


def reverse_km_def(time, event, s, *, strict=False):
    """G(s) (or G(s-) with strict=True): the Kaplan-Meier of the censoring times, events
    before censorings at a tied time (the censoring risk set at u excludes the events
    at u), by a loop over the distinct times."""
    g = 1.0
    for u in sorted(set(time)):
        if u > s or (strict and u == s):
            break
        at_risk = sum(1 for t in time if t >= u)
        events = sum(1 for t, e in zip(time, event) if t == u and e != 0)
        cens = sum(1 for t, e in zip(time, event) if t == u and e == 0)
        if cens:
            g *= 1.0 - cens / (at_risk - events)
    return g


def time_auc_def(time, event, marker, t, *, cause=1, controls="all"):
    """AUC(t) as the IPCW-weighted double sum over case-control pairs, ties 1/2."""
    cases, ctrls = [], []
    for T, e, m in zip(time, event, marker):
        if T <= t and e == cause:
            cases.append((m, 1.0 / reverse_km_def(time, event, T, strict=True)))
        elif T > t:
            ctrls.append((m, 1.0 / reverse_km_def(time, event, t)))
        elif T <= t and e not in (0, cause) and controls == "all":
            ctrls.append((m, 1.0 / reverse_km_def(time, event, T, strict=True)))
    if not cases or not ctrls:
        return math.nan
    num = sum(wi * wj * ((mi > mj) + 0.5 * (mi == mj)) for mi, wi in cases for mj, wj in ctrls)
    return num / (sum(w for _, w in cases) * sum(w for _, w in ctrls))


def concordance_def(time, event, marker, *, tau=None, uno=False):
    """Harrell's / Uno's C by the loop over all ordered pairs."""
    num = den = 0.0
    for i, (ti, ei, mi) in enumerate(zip(time, event, marker)):
        if not ei or (tau is not None and ti > tau):
            continue
        w = 1.0 / reverse_km_def(time, event, ti, strict=True) ** 2 if uno else 1.0
        for j, (tj, ej, mj) in enumerate(zip(time, event, marker)):
            if i == j:
                continue
            if tj > ti or (tj == ti and not ej):
                den += w
                num += w * ((mi > mj) + 0.5 * (mi == mj))
    return num / den
