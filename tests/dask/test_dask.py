"""rocstats.dask on a LocalCluster of 2 worker processes (started and closed here).

Expected values: the in-memory functions on the gathered data (themselves validated
against pROC and the O(m n) definitions), which the distributed sample sort must equal
EXACTLY for the AUC and the one-score variance (same integers) and to 1e-12 relative for
the k-column covariance; plus the O(m n) definitions of tests/definitions.py directly on
a small case.  Bootstrap: the same replicates as n_jobs=1 (counter-based stream)."""
import warnings

import numpy as np
import pytest

import gates

gates.require("dask")                             # the one Dask gate (tests/gates.py)

import dask                                       # noqa: E402
import dask.array as da                           # noqa: E402
import dask.dataframe as dd                       # noqa: E402
import distributed                                # noqa: E402
import pandas as pd                               # noqa: E402

import rocstats                                   # noqa: E402
import rocstats.dask as rd                        # noqa: E402

from definitions import auc_def, delong_cov_def   # noqa: E402




rng = np.random.default_rng(2024)
N = 2500
Y = rng.permutation(np.r_[np.ones(1100, int), np.zeros(N - 1100, int)])
CONT = rng.normal(size=N) + 0.8 * Y                         # continuous
TIED = rng.integers(0, 4, size=N) + (Y & (rng.random(N) < 0.3))   # 5 values: heavy ties
DATA = {"continuous": CONT, "tied": TIED.astype(float)}
CHUNKS = {"one": N, "uneven": (700, 1, 999, 800), "small": 311}


def _pair(y, s, chunks):
    return da.from_array(y, chunks=chunks), da.from_array(s, chunks=(chunks,) + s.shape[1:]
                                                          if s.ndim == 2 else chunks)


def _quiet(fn, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return fn(*args, **kwargs)


# --------------------------------------------------------------------------- auc / delong
@pytest.mark.parametrize("kind", sorted(DATA))
@pytest.mark.parametrize("chunks", sorted(CHUNKS))
def test_auc_and_delong_equal_in_memory_exactly(client, kind, chunks):
    s = DATA[kind]
    Yd, Sd = _pair(Y, s, CHUNKS[chunks])
    assert rd.auc(Yd, Sd) == rocstats.auc(Y, s)
    got, want = rd.delong(Yd, Sd), rocstats.delong(Y, s)
    assert got.auc == want.auc
    assert got.variance == want.variance                # the same exact integers
    assert (got.n_pos, got.n_neg, got.pos_label) == (want.n_pos, want.n_neg, want.pos_label)


@pytest.mark.parametrize("n_buckets", [1, 2, 7, 60])
def test_ties_never_straddle_buckets(client, n_buckets):
    """5 distinct values and up to 60 buckets: most splitters fall on tied values."""
    Yd, Sd = _pair(Y, DATA["tied"], 311)
    got = rd.delong(Yd, Sd, n_buckets=n_buckets)
    want = rocstats.delong(Y, DATA["tied"])
    assert (got.auc, got.variance) == (want.auc, want.variance)


def test_small_case_against_the_definition(client):
    y = np.array([1, 0, 1, 1, 0, 0, 1, 0, 0, 1, 0, 1])
    s = np.array([3, 1, 2, 2, 2, 0, 5, 3, 1, 1, 4, 2], float)
    Yd, Sd = _pair(y, s, 5)
    r = rd.delong(Yd, Sd, n_buckets=3)
    theta, cov = delong_cov_def(s[y == 1], s[y == 0])
    assert r.auc == pytest.approx(auc_def(s[y == 1], s[y == 0]), rel=1e-15)
    assert r.variance == pytest.approx(cov[0, 0], rel=1e-12)


@pytest.mark.parametrize("k", [2, 4])
@pytest.mark.parametrize("chunks", ["uneven", "small"])
def test_k_columns_covariance(client, k, chunks):
    cols = [CONT, TIED.astype(float), -CONT + 0.3 * TIED, np.round(CONT, 1)][:k]
    S = np.column_stack(cols)
    Yd, Sd = _pair(Y, S, CHUNKS[chunks])
    got, want = rd.delong(Yd, Sd), rocstats.delong(Y, S)
    assert np.array_equal(got.auc, want.auc)
    np.testing.assert_allclose(got.covariance, want.covariance, rtol=1e-12, atol=0)
    # the diagonal is the one-score variance, exactly
    for c in range(k):
        assert got.covariance[c, c] == rocstats.delong(Y, S[:, c]).variance
    # independent definition (O(m n)) on the positives / negatives
    _, cov = delong_cov_def(S[Y == 1], S[Y == 0])
    np.testing.assert_allclose(got.covariance, cov, rtol=1e-10, atol=0)


def test_column_chunks_are_merged(client):
    S = np.column_stack([CONT, TIED, -CONT])
    Sd = da.from_array(S, chunks=(500, 1))               # one column per block
    got = rd.delong(da.from_array(Y, chunks=500), Sd)
    np.testing.assert_allclose(got.covariance, rocstats.delong(Y, S).covariance, rtol=1e-12)


def test_dataframe_inputs_and_labels(client):
    lab = np.where(Y == 1, "case", "control")
    frame = pd.DataFrame({"y": lab, "a": CONT, "b": TIED})
    ddf = dd.from_pandas(frame, npartitions=4)
    got = rd.delong(ddf["y"], ddf[["a", "b"]], pos_label="case")
    want = rocstats.delong(lab, frame[["a", "b"]], pos_label="case")
    assert got.names == ("a", "b") == want.names
    assert np.array_equal(got.auc, want.auc) and got.pos_label == "case"
    np.testing.assert_allclose(got.covariance, want.covariance, rtol=1e-12)
    assert rd.auc(ddf["y"], ddf["a"], pos_label="case", direction=">") == \
        rocstats.auc(lab, CONT, pos_label="case", direction=">")


def test_categorical_second_level_is_positive(client):
    cat = pd.Series(pd.Categorical(np.where(Y == 1, "d", "h"), categories=["h", "d"]))
    ys = dd.from_pandas(cat, npartitions=3)
    ss = dd.from_pandas(pd.Series(CONT), npartitions=3)
    got = rd.delong(ys, ss)
    want = rocstats.delong(cat, CONT)
    assert (got.auc, got.variance, got.pos_label) == (want.auc, want.variance, "d")


@pytest.mark.parametrize("direction", ["<", ">"])
def test_direction_and_pos_label(client, direction):
    y2 = np.where(Y == 1, 2, 7)                           # 7 is the greater label
    Yd, Sd = _pair(y2, CONT, 600)
    for pos in (None, 2):
        got = rd.delong(Yd, Sd, direction=direction, pos_label=pos)
        want = rocstats.delong(y2, CONT, direction=direction, pos_label=pos)
        assert (got.auc, got.variance, got.pos_label) == (want.auc, want.variance,
                                                          want.pos_label)


# --------------------------------------------------------------------------- curve, coords
@pytest.mark.parametrize("kind", sorted(DATA))
@pytest.mark.parametrize("direction", ["<", ">"])
def test_roc_curve_equals_in_memory(client, kind, direction):
    Yd, Sd = _pair(Y, DATA[kind], 400)
    got = rd.roc_curve(Yd, Sd, direction=direction)
    want = rocstats.roc_curve(Y, DATA[kind], direction=direction)
    for f in ("fpr", "tpr", "thresholds"):
        assert np.array_equal(getattr(got, f), getattr(want, f)), f
    assert got.auc == want.auc


@pytest.mark.parametrize("x,kw", [
    ("all", {}), ("best", {"best_method": "closest.topleft"}), ("local maximas", {}),
    ([-0.5, 0.0, 1.0, 2.0, 9.0], {}), ([0.05, 0.5, 0.93], {"input": "specificity"}),
    ("best", {"best_weights": (2.0, 0.3), "ret": "all"})])
def test_coords_equals_in_memory(client, x, kw):
    s = DATA["tied"] if isinstance(x, str) else CONT
    Yd, Sd = _pair(Y, s, 500)
    got = rd.coords(Yd, Sd, x, **kw)
    want = rocstats.coords(Y, s, x, **kw)
    pd.testing.assert_frame_equal(got, want, check_exact=True)


def test_ci_auc_delong(client):
    Yd, Sd = _pair(Y, CONT, 700)
    got = rd.ci_auc(Yd, Sd, level=0.9)
    want = rocstats.ci_auc(Y, CONT, level=0.9)
    assert (got.lower, got.upper, got.estimate, got.method) == \
        (want.lower, want.upper, want.estimate, "delong")


# --------------------------------------------------------------------------- bootstrap
def test_bootstrap_replicates_on_the_cluster_equal_n_jobs_1(client):
    s = DATA["tied"]
    local = rocstats.ci_auc(Y, s, method="bootstrap", n_boot=300, random_state=5)
    remote = rocstats.ci_auc(Y, s, method="bootstrap", n_boot=300, random_state=5,
                             n_jobs=client)
    assert np.array_equal(local.replicates, remote.replicates)
    assert (local.lower, local.upper) == (remote.lower, remote.upper)
    Yd, Sd = _pair(Y, s, 700)
    via = rd.ci_auc(Yd, Sd, method="bootstrap", n_boot=300, random_state=5, client=client)
    assert np.array_equal(via.replicates, local.replicates)
    se_l = rocstats.ci_se(Y, s, [0.5, 0.9], n_boot=200, random_state=3, interval="bca")
    se_r = rocstats.ci_se(Y, s, [0.5, 0.9], n_boot=200, random_state=3, interval="bca",
                          n_jobs=client)
    pd.testing.assert_frame_equal(se_l, se_r, check_exact=True)


# --------------------------------------------------------------------------- bad input
def _exploding(n, chunks):
    """A dask array whose blocks raise if computed: an error from it proves that the
    check ran before any task."""
    def boom(block):
        raise RuntimeError("a task ran")
    return da.zeros(n, chunks=chunks).map_blocks(boom, dtype=float)


def test_unknown_chunks_refused_before_any_task(client):
    Sd = _exploding(N, 500)
    Sd = Sd[Sd > 0]                                     # unknown chunk sizes
    with pytest.raises(ValueError, match="y_score has unknown chunk sizes"):
        rd.auc(da.from_array(Y, chunks=500), Sd)
    Yu = da.from_array(Y, chunks=500)
    Yu = Yu[Yu >= 0]
    with pytest.raises(ValueError, match="y_true has unknown chunk sizes"):
        rd.delong(Yu, _exploding(N, 500))


def test_mismatched_chunks_refused_before_any_task(client):
    with pytest.raises(ValueError, match="y_true and y_score have different chunking"):
        rd.delong(da.from_array(Y, chunks=500), _exploding(N, 600))
    with pytest.raises(ValueError, match="y_true has 2500 rows but y_score has 2499"):
        rd.auc(da.from_array(Y, chunks=500), _exploding(N - 1, 500))
    with pytest.raises(ValueError, match="y_score holds strings"):
        rd.auc(da.from_array(Y, chunks=500), da.from_array(CONT.astype(str), chunks=500))


def test_mismatched_partitions_of_dataframes(client):
    ys = dd.from_pandas(pd.Series(Y), npartitions=4)
    ss = dd.from_pandas(pd.Series(CONT), npartitions=4).repartition(npartitions=3)
    with pytest.raises(ValueError, match="different chunking"):
        rd.auc(ys, ss)
    ss5 = dd.from_pandas(pd.Series(CONT[::-1].copy()), npartitions=4)
    ss5 = ss5.repartition(divisions=[0, 100, 1300, 2000, N - 1])   # same count, other rows
    with pytest.raises(ValueError, match=r"different chunking: block \d+ has"):
        rd.auc(ys, ss5)


@pytest.mark.parametrize("what,match", [
    ("nan_score", "y_score contains NaN"), ("inf_score", "y_score contains infinite"),
    ("nan_label", "y_true contains NaN"), ("three", "y_true has 3 distinct labels"),
    ("strings", "pass pos_label"), ("pos_label", "pos_label=5 is not one of the labels")])
def test_bad_values_in_a_partition(client, what, match):
    y, s, kw = Y.astype(float), CONT.copy(), {}
    if what == "nan_score":
        s[1900] = np.nan
    elif what == "inf_score":
        s[3] = -np.inf
    elif what == "nan_label":
        y[2200] = np.nan
    elif what == "three":
        y[1234] = 2
    elif what == "strings":
        y = np.where(Y == 1, "a", "b")
    else:
        kw = {"pos_label": 5}
    Yd, Sd = _pair(y, s, 500)
    for fn in (rd.auc, rd.delong, rd.roc_curve):
        with pytest.raises(ValueError, match=match):
            fn(Yd, Sd, **kw)


def test_other_bad_options(client):
    Yd, Sd = _pair(Y, CONT, 500)
    with pytest.raises(ValueError, match="direction"):
        rd.auc(Yd, Sd, direction="auto")
    with pytest.raises(ValueError, match="n_buckets"):
        rd.auc(Yd, Sd, n_buckets=0)
    with pytest.raises(ValueError, match="y_true is not a dask collection"):
        rd.auc(list(Y), list(CONT))
    with pytest.raises(ValueError, match="y_score must be 1-dimensional"):
        rd.auc(Yd, da.from_array(np.c_[CONT, CONT], chunks=(500, 2)))
    with pytest.raises(ValueError, match="unknown categories"):
        cat = dd.from_pandas(pd.Series(np.where(Y == 1, "a", "b")), npartitions=2)
        rd.auc(cat.astype("category"), dd.from_pandas(pd.Series(CONT), npartitions=2))
    with pytest.raises(ValueError, match="method"):
        rd.ci_auc(Yd, Sd, method="wald")


def test_one_class_is_nan_with_warning(client):
    Yd, Sd = _pair(np.zeros(N, int), CONT, 500)
    with pytest.warns(rocstats.UndefinedAUCWarning):
        assert np.isnan(rd.auc(Yd, Sd))
    with pytest.warns(rocstats.UndefinedAUCWarning):
        r = rd.delong(Yd, Sd)
    assert np.isnan(r.auc) and (r.n_pos, r.n_neg) == (0, N)
