"""The bootstrap engine shared by every bootstrap confidence interval.

Sort once, then resample counts: the data are reduced to their K distinct scores
("blocks", working space ascending) and the block of every positive and negative
(`Data`); a replicate is a vector of multinomial counts over the observations
summed per block, drawn by the ``bootstrap`` kernel family (C, GIL released; NumPy twin)
from a counter-based random stream, so that replicate r is the same whatever
``n_jobs`` (replicate ranges run in threads).  Each statistic is a sweep over the
blocks: O(n) per replicate, no re-sorting.

Intervals: percentile (pROC's: R's type-7 quantiles at ``(1 - level) / 2``, 0.5 and
``(1 + level) / 2``) or BCa (Efron 1987, JASA 82:171) with the bias correction from the
mid-rank of the estimate among the replicates and the acceleration from the jackknife
(for a stratified bootstrap, the multi-sample form of Davison & Hinkley 1997, section
3.2: ``a = sum_s n_s^-3 sum_i l_si^3 / (6 (sum_s n_s^-2 sum_i l_si^2)^(3/2))``, with
``l_si = (n_s - 1)(mean_s - theta_(si))`` the jackknife influence values of stratum s).
The jackknife needs at most 2K statistics (deleting any observation of a block and class
gives the same value).
"""
import warnings

import numpy as np

from .. import _dist, _kernels, _options
from .._validation import UndefinedAUCWarning

__all__ = ["Data", "Options", "check_options", "parallel", "percentile", "bca_levels",
           "acceleration", "quantiles"]

INTERVALS = ("percentile", "bca")
#: count-matrix entries evaluated at once (memory bound of the count-based paths)
CHUNK = 1 << 22


# --------------------------------------------------------------------------- options
# the shared options (one definition, rocstats._options): kept as names of the engine
MAX_N_BOOT = _options.MAX_N_BOOT
check_n_boot = _options.check_n_boot
resolve_seed = _options.resolve_seed
is_client = _options.is_client
resolve_jobs = _options.resolve_jobs


def check_interval(interval):
    if interval not in INTERVALS:
        raise ValueError("interval must be 'percentile' (pROC's) or 'bca', got %r"
                         % (interval,))
    return interval


class Options:
    """The validated bootstrap options of one call."""

    __slots__ = ("level", "n_boot", "stratified", "interval", "seed", "jobs")

    def __init__(self, level, n_boot, stratified, interval, seed, jobs):
        self.level, self.n_boot, self.stratified = level, n_boot, stratified
        self.interval, self.seed, self.jobs = interval, seed, jobs

    def __getstate__(self):
        # sent to a Dask worker inside a replicate function: the client stays behind
        jobs = self.jobs if isinstance(self.jobs, int) else 1
        return (self.level, self.n_boot, self.stratified, self.interval, self.seed, jobs)

    def __setstate__(self, state):
        (self.level, self.n_boot, self.stratified, self.interval, self.seed,
         self.jobs) = state


def check_options(level, n_boot, stratified, interval, random_state, n_jobs):
    level = _options.check_level(level)
    n_boot = check_n_boot(n_boot)
    stratified = _options.check_stratified(stratified)
    return Options(level, n_boot, stratified, check_interval(interval),
                   resolve_seed(random_state), resolve_jobs(n_jobs))


# --------------------------------------------------------------------------- the data
class Data:
    """The data sorted once: the K distinct working scores ascending (``values``), the
    block of each positive / negative (``pos_block`` / ``neg_block``), the class sizes
    ``m`` / ``n`` and the data's own block counts ``cp0`` / ``cn0``.

    The blocks are non-decreasing, or with ``case_order=True`` listed in the cases'
    order (each class in input order), so that two scores of the same cases resampled
    with one seed see the same cases: one resample of cases, two curves (pROC's paired
    bootstrap).  ``is_pos`` / ``score`` are kept for the statistic of the data (both
    1-D: checked by `rocstats._validation`)."""

    def __init__(self, is_pos, score, *, case_order=False):
        values, inverse = np.unique(score, return_inverse=True)
        inverse = inverse.astype(np.int64)
        self.values = values
        self.K = int(values.size)
        self.is_pos, self.score = is_pos, score
        if case_order:
            pos_block = np.ascontiguousarray(inverse[is_pos])
            neg_block = np.ascontiguousarray(inverse[~is_pos])
        else:
            pos_block = np.sort(inverse[is_pos])
            neg_block = np.sort(inverse[~is_pos])
        self._set_blocks(pos_block, neg_block)

    @classmethod
    def from_blocks(cls, values, pos_block, neg_block, is_pos, score):
        """The data from blocks computed elsewhere (the ROC object derives them from its
        sorted classes: the same arrays as the constructor's)."""
        self = cls.__new__(cls)
        self.values = values
        self.K = int(values.size)
        self.is_pos, self.score = is_pos, score
        self._set_blocks(pos_block, neg_block)
        return self

    def _set_blocks(self, pos_block, neg_block):
        self.pos_block, self.neg_block = pos_block, neg_block
        self.m, self.n = int(self.pos_block.size), int(self.neg_block.size)
        if (self.m + self.n) ** 2 >= 2 ** 62:
            raise ValueError("y_score has too many rows for 64-bit pair counts")
        self.cp0 = np.bincount(self.pos_block, minlength=self.K).astype(np.int64)
        self.cn0 = np.bincount(self.neg_block, minlength=self.K).astype(np.int64)

    def sampling(self, opts):
        """The leading arguments of the kernels' fused functions."""
        return (self.pos_block, self.neg_block, self.K, opts.stratified, opts.seed)

    def cuts(self, thresholds_w):
        """Block index of each working threshold: blocks >= it are "score >= t"."""
        return np.searchsorted(self.values, np.asarray(thresholds_w, dtype=np.float64),
                               side="left").astype(np.int64)

    def counts(self, opts, r0, r1):
        return _kernels.bootstrap.counts(*self.sampling(opts), r0, r1)

    def count_chunks(self, opts, r0, r1):
        """Yield ``(a, b, cp, cn)``: the counts of replicates a .. b-1, in chunks."""
        step = max(1, CHUNK // max(1, self.K))
        for a in range(r0, r1, step):
            b = min(r1, a + step)
            yield (a, b) + tuple(self.counts(opts, a, b))

    def deletions(self):
        """The jackknife's distinct deletions: ``(cp, cn, group, weight)`` with one row per
        (block, class) present: the data's counts minus one observation there; group 0 =
        a positive deleted, 1 = a negative; weight = observations sharing the row."""
        pb = np.flatnonzero(self.cp0)
        nb = np.flatnonzero(self.cn0)
        D = pb.size + nb.size
        cp = np.repeat(self.cp0[None, :], D, axis=0)
        cn = np.repeat(self.cn0[None, :], D, axis=0)
        cp[np.arange(pb.size), pb] -= 1
        cn[pb.size + np.arange(nb.size), nb] -= 1
        group = np.r_[np.zeros(pb.size, dtype=np.int64), np.ones(nb.size, dtype=np.int64)]
        weight = np.r_[self.cp0[pb], self.cn0[nb]].astype(np.float64)
        return cp, cn, group, weight


def data_of(sample):
    """The `Data` of a `rocstats._sample.BinarySample`, built once (the ROC
    object builds it from its sorted classes)."""
    return sample.cached("boot", lambda: Data(sample.is_pos, sample.score))


# --------------------------------------------------------------------------- running
def parallel(fn, n_boot, jobs):
    """Run ``fn(r0, r1)`` over ``[0, n_boot)`` split into ``jobs`` contiguous ranges, in
    threads (the C kernels release the GIL), or as tasks on a Dask cluster when ``jobs``
    is a ``distributed.Client`` (one range per worker thread); results concatenated
    along axis 0 (tuples element by element).  Replicate r is drawn from the counter-based
    stream at counter r, so results do not depend on ``jobs``."""
    if is_client(jobs):
        return _on_cluster(fn, n_boot, jobs)
    ranges = _ranges(n_boot, max(1, min(jobs, n_boot)))
    if len(ranges) == 1:
        parts = [fn(*ranges[0])]
    else:
        from concurrent.futures import ThreadPoolExecutor

        with ThreadPoolExecutor(max_workers=len(ranges)) as pool:
            parts = list(pool.map(lambda ab: fn(*ab), ranges))
    return _concat(parts)


def _ranges(n_boot, jobs):
    """``jobs`` contiguous, non-empty replicate ranges ``(r0, r1)`` covering
    ``[0, n_boot)``, of sizes differing by at most one."""
    edges = np.linspace(0, n_boot, jobs + 1).round().astype(int)
    return [(int(a), int(b)) for a, b in zip(edges[:-1], edges[1:]) if b > a]


def _concat(parts):
    """The parts' results stacked along axis 0 (tuples element by element)."""
    if isinstance(parts[0], tuple):
        return tuple(np.concatenate([p[i] for p in parts], axis=0) for i in range(len(parts[0])))
    return np.concatenate(parts, axis=0)


def _on_cluster(fn, n_boot, client):
    """``fn`` over replicate ranges as Dask futures: one range per worker thread."""
    threads = sum(client.nthreads().values()) or 1
    ranges = _ranges(n_boot, max(1, min(threads, n_boot)))
    futures = client.map(lambda ab: fn(*ab), ranges, pure=False)
    return _concat(client.gather(futures))


def on_counts_chunked(fn, cp, cn):
    """``fn(cp, cn)`` over row chunks of count matrices (bounded memory)."""
    K = cp.shape[1]
    step = max(1, CHUNK // max(1, K))
    parts = [fn(cp[a:a + step], cn[a:a + step]) for a in range(0, cp.shape[0], step)]
    return np.concatenate(parts, axis=0)


# --------------------------------------------------------------------------- intervals
def quantiles(values, probs):
    """R's type-7 quantiles of the finite-or-not 1-D ``values`` (NaN removed by the
    caller) at ``probs``; NaN when ``values`` is empty."""
    if values.size == 0:
        return np.full(len(probs), np.nan)
    return np.quantile(values, probs, method="linear")


def percentile_probs(level):
    """pROC's probabilities ``((1 - level) / 2, 0.5, 1 - (1 - level) / 2)``."""
    return np.array([0 + (1 - level) / 2, 0.5, 1 - (1 - level) / 2])


def acceleration(theta_del, group, weight, sizes):
    """BCa acceleration from jackknife values ``theta_del`` (D x T) of deletions in
    ``group`` (index into ``sizes``, the stratum sizes) with multiplicities ``weight``:
    Davison & Hinkley's multi-sample form (one stratum: Efron's
    ``sum l^3 / (6 (sum l^2)^1.5)``).  0 where every influence value is 0."""
    num = np.zeros(theta_del.shape[1])
    den = np.zeros(theta_del.shape[1])
    with np.errstate(invalid="ignore", divide="ignore"):
        for g, size in enumerate(sizes):
            rows = group == g
            if not rows.any():
                continue
            w = weight[rows][:, None]
            th = theta_del[rows]
            mean = np.sum(w * th, axis=0) / size
            infl = (size - 1) * (mean - th)
            num += np.sum(w * infl ** 3, axis=0) / float(size) ** 3
            den += np.sum(w * infl ** 2, axis=0) / float(size) ** 2
        a = num / (6.0 * den ** 1.5)
    return np.where(den == 0, 0.0, a)


def bca_levels(values, estimate, accel, level):
    """The BCa probabilities of the lower and upper bounds: ``Phi(z0 + (z0 + z) /
    (1 - a (z0 + z)))`` for ``z = Phi^-1((1 -/+ level) / 2)``, with
    ``z0 = Phi^-1(p)``, ``p`` the mid-rank proportion of replicates below the estimate
    (``#{< est} + #{= est} / 2``, so that a discrete statistic sitting on an atom is not
    biased).  NaN when ``p`` is 0 or 1 or the acceleration is undefined."""
    if values.size == 0 or not np.isfinite(estimate) or not np.isfinite(accel):
        return np.array([np.nan, np.nan])
    p = (np.count_nonzero(values < estimate) + 0.5 * np.count_nonzero(values == estimate)) \
        / values.size
    if not 0.0 < p < 1.0:
        return np.array([np.nan, np.nan])
    z0 = _dist.norm_ppf(p)
    z = _dist.norm_ppf(np.array([(1 - level) / 2, 1 - (1 - level) / 2]))
    return _dist.norm_cdf(z0 + (z0 + z) / (1.0 - accel * (z0 + z)))


def intervals(reps, estimate, level, interval, accel=None):
    """``(lower, median, upper, n_valid)`` of each column of ``reps`` (B x T): NaN values
    dropped column by column; percentile or BCa bounds, the median always plain."""
    T = reps.shape[1]
    lower, median, upper = np.empty(T), np.empty(T), np.empty(T)
    n_valid = np.empty(T, dtype=np.int64)
    probs = percentile_probs(level)
    bad_bca = 0
    for t in range(T):
        v = reps[:, t]
        v = v[~np.isnan(v)]
        n_valid[t] = v.size
        q = quantiles(v, probs)
        lower[t], median[t], upper[t] = q
        if interval == "bca":
            lv = bca_levels(v, estimate[t], accel[t], level)
            if np.isnan(lv).any():
                bad_bca += v.size > 0
                lower[t] = upper[t] = np.nan
            else:
                lower[t], upper[t] = quantiles(v, lv)
    if bad_bca:
        warnings.warn("BCa interval undefined for %d of %d values (every replicate on one "
                      "side of the estimate, or an undefined acceleration); NaN returned"
                      % (bad_bca, T), UndefinedAUCWarning, stacklevel=3)
    return lower, median, upper, n_valid


def drop_rows(reps, what):
    """Remove replicates (rows) with any NaN, with a warning, as pROC's ``ci.auc`` /
    ``ci.se`` / ``ci.sp`` / ``ci.thresholds``."""
    bad = np.isnan(reps).any(axis=1)
    if bad.any():
        warnings.warn("%d of %d bootstrap replicates gave an undefined %s (a class absent "
                      "from a non-stratified resample) and were ignored"
                      % (int(bad.sum()), reps.shape[0], what), UndefinedAUCWarning,
                      stacklevel=3)
        reps = reps[~bad]
    return reps


def jackknife_acceleration(data, on_counts, stratified):
    """BCa acceleration of a statistic given by ``on_counts(cp, cn) -> (R, T)``."""
    cp, cn, group, weight = data.deletions()
    theta = on_counts_chunked(on_counts, cp, cn)
    if stratified:
        return acceleration(theta, group, weight, (data.m, data.n))
    return acceleration(theta, np.zeros_like(group), weight, (data.m + data.n,))
