"""Splitters of the tree engine: the best split of a node, by policy.

Every splitter reads the builder's `SortedColumns` (numeric features pre-sorted once
at the root; each node owns one segment ``[n1, n2)`` of every feature's sorted row list,
partitioned stably when the node splits, so a node's search is a single sweep per
feature) and answers `find` with the node's primary split (and its competitors).

`RpartSplitter` -- rpart's policy (rpart 4.1.19 ``bsplit.c``)
    every feature of a node in one call of the node kernel (``rs_tree_node_splits``, any
    criterion kind: Gini, information, anova, AUC); midpoint cuts leaving ``min_bucket``
    rows on each side; categorical features by level ordering or exhaustive search; the
    ``max_compete + 1`` best splits kept (ties: the earlier feature first), a split
    counting only if its improvement exceeds 1e-10 times the largest seen in the fit.

`RfsrcSplitter` -- randomForestSRC's policy (``splitrule = "auc"``)
    ``mtry`` features drawn at each node and visited in random (or column) order, cuts at
    observed values (``x <= cut`` goes left), ``nsplit`` random cut points per feature,
    the first best kept with randomForestSRC's tolerance, a feature found constant never
    drawn again below; the AUC statistic with its NaN rule.  The whole tree also exists
    as one C call (`RfsrcSplitter.grow`, the forests' fast path), which runs the
    same node kernel and gives the same tree as this splitter in the builder.

`RossaSplitter` -- Rossa's rule (seed 003, section 4)
    the feature with the largest chi-square goodness-of-fit statistic (21) of its ROC
    curve, cut at the point of that curve closest to (0, 1); the next feature when that
    cut leaves a side smaller than ``min_bucket``.

Categorical features (ESL section 9.2.4, "Categorical Predictors"): with a two-class
response the levels present are ordered by their (prior-weighted) share of the first
class and only the q - 1 cuts of that order are scored, and with a numeric response
they are ordered by their mean -- the orderings ESL cites as giving the optimal split
among all :math:`2^{q-1} - 1` (Breiman et al. 1984; Fisher 1958); with more than two
classes every partition is scored (rpart's Gray-code search), and the estimators refuse
columns with more than `MAX_EXACT_LEVELS` levels in that case; the AUC criterion
orders the levels by their mean class code.  Levels are in the column's category order
(R's level order), which fixes rpart's ``csplit`` layout and the order of tied levels.
"""
import numpy as np

from .. import _kernels
from .._kernels.numpy.tree import SplitMix64
from ..gof._rule import DIRECTIONS as _DIRECTIONS, closest_point, rule_statistics
from ._tree import CATEGORICAL, GE, LE, LT, Split

__all__ = ["MAX_EXACT_LEVELS", "SortedColumns", "RpartSplitter", "RfsrcSplitter",
           "RossaSplitter", "seed_from"]

#: Largest number of levels (present in the data) of a categorical predictor for which
#: the exhaustive search of a classification criterion with more than two classes is
#: run: 2**(q-1) - 1 partitions per node, i.e. about 5e5 at q = 20.
MAX_EXACT_LEVELS = 20


class SortedColumns:
    """Feature-major data and per-feature row lists for one fit.

    ``xt[f]`` is column f of the rows.  ``sorts[f]`` lists the row ids of a numeric
    feature in increasing order of ``xt[f]``: as rpart's quicksort leaves them
    (``order="rpart"``: missing values sorted as 0 and skipped by the kernels; tied
    values in rpart's order, which fixes the rounding of the running sums) or by (value,
    row id) (``order="stable"``, randomForestSRC's visiting order); the row ids in row
    order for a categorical feature (rpart does not sort those).
    """

    def __init__(self, X, n_levels, kernels, order="rpart"):
        X = np.asarray(X, dtype=np.float64)
        self.n, self.p = X.shape
        self.xt = np.ascontiguousarray(X.T)
        if order == "stable":
            self.sorts = np.ascontiguousarray(np.argsort(X, axis=0, kind="stable").T)
            return
        self.sorts = np.empty((self.p, self.n), dtype=np.int64)
        for f in range(self.p):
            if n_levels[f] > 0:
                self.sorts[f] = np.arange(self.n)
            else:
                self.sorts[f] = kernels.rpart_order(self.xt[f])

    def subset(self, rows):
        """The columns of ``rows`` (ascending row ids) with every sorted list filtered
        from this one, keeping its order -- as rpart's xval.c restores its saved sort
        for each fold instead of sorting again."""
        rows = np.asarray(rows, dtype=np.int64)
        new = SortedColumns.__new__(SortedColumns)
        new.n, new.p = rows.size, self.p
        new.xt = np.ascontiguousarray(self.xt[:, rows])
        newid = np.full(self.n, -1, dtype=np.int64)
        newid[rows] = np.arange(rows.size)
        mapped = newid[self.sorts]
        new.sorts = np.ascontiguousarray(mapped[mapped >= 0].reshape(self.p, rows.size))
        return new


class _Splitter:
    """What the builder asks of a splitter."""

    #: sort order of the numeric lists this policy visits (see `SortedColumns`)
    order = "rpart"

    def bind(self, cols, y, w, n_levels):
        """Start a fit: the builder's columns, responses (float codes for classes) and
        case weights."""
        self.cols = cols
        self.y = np.ascontiguousarray(y, dtype=np.float64)
        self.w = np.ascontiguousarray(w, dtype=np.float64)
        self.n_levels = np.asarray(n_levels, dtype=np.int64)

    def root_state(self):
        """Per-node state handed down the tree (None: the policy keeps none)."""
        return None

    def child_state(self, state):
        return state

    def find(self, n1, n2, node, state):
        """``(splits, info)``: the node's primary split followed by its competitors (an
        empty list when the node does not split), and what the estimator keeps of the
        search (None, or e.g. Rossa's statistics)."""
        raise NotImplementedError


def _numeric_split(f, improve, threshold, direction, count):
    return Split(feature=int(f), kind=LT if direction == -1 else GE,
                 threshold=float(threshold), improve=float(improve), count=float(count))


def _categorical_split(f, improve, csplit, count):
    csplit = np.asarray(csplit)
    return Split(feature=int(f), kind=CATEGORICAL,
                 left_levels=tuple(int(l) for l in np.flatnonzero(csplit == -1)),
                 right_levels=tuple(int(l) for l in np.flatnonzero(csplit == 1)),
                 improve=float(improve), count=float(count))


class RpartSplitter(_Splitter):
    """rpart's policy for a criterion with a node-kernel kind (see the module docstring).

    Parameters
    ----------
    criterion : Criterion
        ``c_kind`` 1-4; ``aprior`` for the Gini kinds.
    min_bucket : int
        rpart's ``minbucket`` (cuts leave at least this many rows on each side).
    max_compete : int
        Competitor splits kept (``maxcompete``).
    iscale : float
        The running largest improvement (rpart carries the full fit's into the
        cross-validation fits); read it back after a build.
    """

    def __init__(self, criterion, *, min_bucket, max_compete=4, iscale=0.0):
        if criterion.c_kind is None:
            raise ValueError("rpart's policy needs a criterion with a node-kernel kind")
        self.criterion = criterion
        self.kind = int(criterion.c_kind)
        self.edge = max(int(min_bucket), 1)
        self.max_primary = max(int(max_compete) + 1, 1)
        self.iscale = float(iscale)
        self.aprior = (np.asarray(criterion.aprior, dtype=np.float64)
                       if criterion.aprior is not None else np.ones(1))
        self.kernels = _kernels.tree

    def bind(self, cols, y, w, n_levels):
        super().bind(cols, y, w, n_levels)
        self._numeric = (self.n_levels == 0).tolist()

    def node_arrays(self, n1, n2, node_risk):
        """The best split of every feature from one kernel call, as arrays indexed by
        feature: ``(improve, split, direction, count, csplit)`` (``csplit[f, :q]`` for a
        categorical feature with q levels)."""
        return self.kernels.node_splits(self.kind, self.cols.xt, self.cols.sorts, n1, n2,
                                        self.n_levels, self.y, self.w,
                                        self.criterion.nclass, self.aprior, self.edge,
                                        node_risk)

    def make_split(self, f, arrays):
        """The `Split` of feature ``f`` from `node_arrays`' result."""
        improve, split, direction, count, csplit = arrays
        q = int(self.n_levels[f])
        if q == 0:
            return _numeric_split(f, improve[f], split[f], direction[f], count[f])
        return _categorical_split(f, improve[f], csplit[f, :q], count[f])

    def find(self, n1, n2, node, state):
        arrays = self.node_arrays(n1, n2, node.risk)
        improve, direction = arrays[0].tolist(), arrays[2].tolist()
        numeric = self._numeric
        passed = []
        iscale = self.iscale
        for f in range(len(improve)):            # feature order, as rpart's bsplit
            imp = improve[f]
            if not imp > 0 or (numeric[f] and direction[f] == 0):
                continue
            if imp > iscale:
                iscale = imp
            if imp > iscale * 1e-10:
                passed.append(f)
        self.iscale = iscale
        # rpart's insert_split keeps the best max_primary, a newcomer placed after every
        # kept split with an equal or larger improvement: a stable sort by decreasing
        # improvement, truncated
        passed.sort(key=lambda f: -improve[f])
        return [self.make_split(f, arrays) for f in passed[:self.max_primary]], None


# --------------------------------------------------------------------------- randomForestSRC
_ORDERS = {"random": 0, "forward": 1, "reverse": 2}


def seed_from(rng):
    """A 64-bit kernel seed drawn from a NumPy Generator (one draw)."""
    return int(rng.integers(0, 2 ** 64, dtype=np.uint64))


class RfsrcSplitter(_Splitter):
    """randomForestSRC's policy with the AUC rule (see the module docstring).

    Parameters
    ----------
    n_classes : int
        K, the classes of the problem (a class absent from a node counts).
    mtry : int
        Features drawn (without replacement) at each node.
    n_split : int
        0 = every cut point; k = k cut points per feature drawn among its distinct
        values (all of them when there are at most k + 1).
    variable_order : {"random", "forward", "reverse"}
        Visiting order of the drawn features ("forward" / "reverse": column order).
    seed : int
        0 <= seed < 2**64: the state of the splitmix64 stream of the draws (the C
        driver's generator; `rocstats._kernels.numpy.tree.SplitMix64`).

    The draws of a node, in order: the ``min(mtry, #candidates)`` steps of a partial
    Fisher-Yates shuffle of the candidate features (those not found constant above);
    then, for each visited feature with more than ``n_split + 1`` distinct values,
    ``n_split`` steps of a partial Fisher-Yates shuffle of its distinct values but the
    largest.
    """

    order = "stable"

    def __init__(self, n_classes, *, mtry, n_split=0, variable_order="random", seed=0,
                 eps=None):
        if variable_order not in _ORDERS:
            raise ValueError("variable_order must be 'random', 'forward' or 'reverse', "
                             "got %r" % (variable_order,))
        self.k = int(n_classes)
        self.mtry = int(mtry)
        self.n_split = int(n_split)
        self.var_order = _ORDERS[variable_order]
        self.seed = int(seed)
        self.eps = _kernels.tree.EPS if eps is None else float(eps)

    def bind(self, cols, y, w, n_levels):
        super().bind(cols, y, w, n_levels)
        self.codes = self.y.astype(np.int64)
        self.rng = SplitMix64(self.seed)

    def root_state(self):
        return np.zeros(self.cols.p, dtype=bool)        # features found constant above

    def child_state(self, state):
        return state.copy()

    def find(self, n1, n2, node, state):
        rng, xt, sorts = self.rng, self.cols.xt, self.cols.sorts
        cand = np.flatnonzero(~state).tolist()
        ncand = len(cand)
        if ncand == 0:
            return [], None
        nvisit = min(self.mtry, ncand)
        for i in range(nvisit):
            j = i + rng.below(ncand - i)
            cand[i], cand[j] = cand[j], cand[i]
        visit = cand[:nvisit]
        if self.var_order:
            visit = sorted(visit, reverse=self.var_order == 2)
        k, eps, nsplit = self.k, self.eps, self.n_split
        best = None
        for f in visit:
            sf = sorts[f, n1:n2]
            xs = xt[f, sf]
            if xs[0] == xs[-1]:
                state[f] = True
            cuts = ncuts = None
            if nsplit > 0:
                distinct = xs[np.concatenate(([True], xs[1:] > xs[:-1]))]
                nd = distinct.size
                if nd > nsplit + 1:
                    pick = list(range(nd - 1))
                    for i in range(nsplit):
                        j = i + rng.below(nd - 1 - i)
                        pick[i], pick[j] = pick[j], pick[i]
                    cuts = distinct[np.sort(np.asarray(pick[:nsplit], dtype=np.int64))][None]
                    ncuts = np.array([nsplit])
            bi, bc, bd = _kernels.tree.rfsrc_best(xs[None, :], self.codes[sf][None, :],
                                                  self.w[sf][None, :], k, cuts, ncuts, eps)
            bi, bc, bd = int(bi[0]), float(bc[0]), float(bd[0])
            if bi < 0:
                continue
            if best is None or (not np.isnan(bd) and not np.isnan(best[2])
                                and bd - best[2] > eps):
                best = (f, bc, bd)
        if best is None:
            return [], None
        f, cut, delta = best
        return [Split(feature=int(f), kind=LE, threshold=cut, improve=delta / 2.0,
                      count=float(n2 - n1))], None

    def grow(self, X, y, w, *, node_size, node_depth, presorted):
        """The whole tree in one C call (``rs_tree_grow_rfsrc``; None when the extension
        is not built): the flat arrays of `rocstats._kernels.c.tree.grow_rfsrc`.
        ``presorted`` = ``(X.T, stable order)``, feature-major."""
        driver = _kernels.tree.grow_rfsrc
        if driver is None:
            return None
        xt, order = presorted
        return driver(xt, order, y, w, self.k, min_split=2.0 * float(node_size),
                      max_depth=-1 if node_depth is None else int(node_depth),
                      mtry=self.mtry, nsplit=self.n_split, var_order=self.var_order,
                      seed=self.seed, eps=self.eps)


# --------------------------------------------------------------------------- Rossa
_TIES = ("upper", "lower", "random")


class RossaSplitter(_Splitter):
    r"""Rossa's rule (seed 003, section 4) as a splitter strategy for two classes (codes
    0 / 1; class 1 is the paper's :math:`\pi_0`, the positives, placed in the negatives'
    EDF (10)).

    For every feature, the chi-square statistic (21) on the node's rows with the feature
    present (`rocstats.gof._rossa._gof_statistic`; ``-inf`` when a class is absent
    among them or the feature is constant); features by decreasing statistic (ties:
    column order), the first whose cut closest to (0, 1) (`closest_topleft`)
    leaves ``min_bucket`` rows on each side splits: ``"<"`` sends ``x >= t`` to the
    positive side (right, kind LT), ``">"`` sends ``x <= t`` there (left, kind LE),
    ``"best"`` takes the nearer of the two (ties ``"<"``).  The other features with a
    finite statistic are the competitors (NaN thresholds), best first; ``info`` is the
    vector of statistics.
    """

    def __init__(self, *, min_bucket=1, cells=None, ties="upper", direction="best",
                 rng=None):
        if direction not in _DIRECTIONS:
            raise ValueError("direction must be one of %s, got %r" % (_DIRECTIONS, direction))
        if ties not in _TIES:
            raise ValueError("ties must be one of %s, got %r" % (_TIES, ties))
        self.min_bucket = int(min_bucket)
        self.cells = cells
        self.ties = ties
        self.direction = direction
        self.rng = rng

    def statistics(self, Xn, is_pos):
        r"""Rossa's statistic (21) of every column of ``Xn`` on these rows: the rule's
        `rocstats.gof._rule.rule_statistics` (``-inf`` where a column cannot
        split)."""
        return rule_statistics(Xn, is_pos, cells=self.cells, ties=self.ties, rng=self.rng)

    def _threshold(self, is_pos, x):
        """``(threshold, direction)`` of the cut closest to (0, 1) (the rule's
        `rocstats.gof._rule.closest_point`)."""
        _, thr, d, _, _ = closest_point(is_pos, x, self.direction)
        return thr, d

    def find(self, n1, n2, node, state):
        rows = np.sort(self.cols.sorts[0, n1:n2])         # the node's rows in row order
        Xn = self.cols.xt[:, rows].T
        is_pos = self.y[rows] == 1
        st = self.statistics(Xn, is_pos)
        ranked = np.argsort(-st, kind="stable")
        for j in ranked:
            if not np.isfinite(st[j]):
                break
            x = Xn[:, j]
            ok = ~np.isnan(x)
            thr, d = self._threshold(is_pos[ok], x[ok])
            # "<": x >= thr is the positive side (right); ">": x <= thr positive (left)
            split = Split(feature=int(j), kind=LT if d == "<" else LE, threshold=thr,
                          improve=float(st[j]), count=float(ok.sum()))
            go = split.direction(x)
            if min((go < 0).sum(), (go > 0).sum()) < self.min_bucket:
                continue
            competitors = [Split(feature=int(k), kind=split.kind, improve=float(st[k]))
                           for k in ranked if np.isfinite(st[k]) and k != j]
            return [split] + competitors, st
        return [], None
