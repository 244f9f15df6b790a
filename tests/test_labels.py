"""Issue 9, item 3: the label contract (rocstats._labels), used by every statistic.

Expected values come from the contract itself (which label is positive) and from the
O(m n) definition of the AUC in tests/definitions.py, never from the code under test.
"""
import warnings

import numpy as np
import pytest

import rocstats
from rocstats import UndefinedAUCWarning
from rocstats._labels import binary_labels, class_labels

from definitions import auc_def

pd = pytest.importorskip("pandas")

Y01 = np.array([0, 1, 0, 1, 1, 0, 0, 1])
S = np.array([0.1, 0.9, 0.3, 0.7, 0.4, 0.4, 0.2, 0.8])
EXPECTED = auc_def(S[Y01 == 1], S[Y01 == 0])            # 15.5 / 16

#: every binary statistic, reduced to its AUC-like number and its recorded positive label
STATISTICS = {
    "auc": lambda y, s, **k: (rocstats.auc(y, s, **k), None),
    "roc_curve": lambda y, s, **k: (lambda r: (r.auc, r.pos_label))(rocstats.roc_curve(y, s, **k)),
    "delong": lambda y, s, **k: (lambda r: (r.auc, r.pos_label))(rocstats.delong(y, s, **k)),
    "delong_test": lambda y, s, **k: (lambda r: (r.aucs[0], r.pos_label))(
        rocstats.roc_test(y, s, s[::-1].copy(), **k)),
    "delong_joint_test": lambda y, s, **k: (lambda r: (r.aucs[0], r.pos_label))(
        rocstats.delong_joint_test(y, np.column_stack([s, s[::-1]]), **k)),
    "sauc": lambda y, s, **k: (lambda r: (r.auc, r.pos_label))(rocstats.sauc(y, s, **k)),
    "best_threshold": lambda y, s, **k: (
        lambda r: (r.sensitivity + r.specificity, r.pos_label))(rocstats.best_threshold(y, s, **k)),
    "coords": lambda y, s, **k: (rocstats.coords(y, s, "best", ret="youden",
                                                 **k)["youden"].iloc[0], None),
    "ci_auc": lambda y, s, **k: (rocstats.ci_auc(y, s, method="bootstrap", n_boot=40,
                                                 random_state=3, **k).median, None),
    "ci_se": lambda y, s, **k: (rocstats.ci_se(y, s, [0.4], n_boot=40, random_state=3,
                                               **k)["median"].iloc[0], None),
    "power_roc_test": lambda y, s, **k: (lambda r: (r.power, r.pos_label))(
        rocstats.power_roc_test(y_true=y, y_score=s, **k)),
    "power_roc_test_paired": lambda y, s, **k: (lambda r: (r.power, r.pos_label))(
        rocstats.power_roc_test_paired(y, s, s[::-1].copy(), method="delong", **k)),
    "roc_test_bootstrap": lambda y, s, **k: (lambda r: (r.aucs[0], r.pos_label))(
        rocstats.roc_test(y, s, s[::-1].copy(), method="bootstrap", n_boot=30,
                          random_state=3, **k)),
    "roc_test_venkatraman": lambda y, s, **k: (lambda r: (r.statistic, r.pos_label))(
        rocstats.roc_test(y, s, s[::-1].copy(), method="venkatraman", n_boot=30,
                          random_state=3, **k)),
    "roc_test_unpaired": lambda y, s, **k: (lambda r: (r.aucs[0], r.pos_label))(
        rocstats.roc_test_unpaired(y, s, y, s[::-1].copy(), method="bootstrap", n_boot=30,
                                   random_state=3, **k)),
    "auc_test": lambda y, s, **k: (lambda r: (r.estimate, r.pos_label))(
        rocstats.auc_test(y, s, **k)),
}


def _reference(name):
    """The statistic on the canonical 0/1 labels (positive = 1)."""
    return STATISTICS[name](Y01, S)[0]


@pytest.fixture(params=sorted(STATISTICS))
def stat(request):
    return request.param


# ------------------------------------------------------------------ the bug
@pytest.mark.parametrize("container", [
    lambda y: y.astype(str),                                  # numpy '<U1'
    lambda y: list(map(str, y)),                              # list of str
    lambda y: pd.Series(y.astype(str)),                       # object Series (read_csv)
    lambda y: pd.Series(y.astype(str), dtype="string"),       # pandas string dtype
], ids=["numpy_str", "list_str", "series_object", "series_string"])
def test_string_zero_one_labels_need_pos_label_not_nan(stat, container):
    """"0"/"1" read as text used to give NaN with a false "no positives" warning."""
    y = container(Y01)
    with warnings.catch_warnings():
        warnings.simplefilter("error", UndefinedAUCWarning)   # no NaN path allowed
        with pytest.raises(ValueError, match=r"pos_label.*pos_label='1'"):
            STATISTICS[stat](y, S)
        with pytest.raises(ValueError, match=r"pos_label=1 is not one of the labels.*'1'\?"):
            STATISTICS[stat](y, S, pos_label=1)
        value, recorded = STATISTICS[stat](y, S, pos_label="1")
    assert value == _reference(stat)
    if recorded is not None:
        assert recorded == "1"


def test_auc_with_text_labels_equals_definition():
    assert rocstats.auc(Y01.astype(str), S, pos_label="1") == EXPECTED


# ------------------------------------------------------------------ numeric labels
@pytest.mark.parametrize("lo,hi", [(0, 1), (-1, 1), (1, 2), (0, 7), (-3.5, 2.25), (False, True)])
def test_numeric_labels_greater_is_positive(stat, lo, hi):
    y = np.where(Y01 == 1, hi, lo)
    value, recorded = STATISTICS[stat](y, S)
    assert value == _reference(stat)
    if recorded is not None:
        assert recorded == hi


def test_uint_and_object_numbers():
    assert rocstats.auc(Y01.astype(np.uint8) + 3, S) == EXPECTED
    assert rocstats.auc(np.array(list(Y01), dtype=object), S) == EXPECTED
    assert rocstats.auc(pd.Series(Y01, dtype="Int64"), S) == EXPECTED
    assert rocstats.auc(pd.Series(Y01.astype(bool), dtype="boolean"), S) == EXPECTED


# ------------------------------------------------------------------ R factors
@pytest.mark.parametrize("make", [
    lambda codes, cats: pd.Categorical.from_codes(codes, cats),
    lambda codes, cats: pd.Series(pd.Categorical.from_codes(codes, cats)),
], ids=["Categorical", "category_Series"])
def test_categorical_second_level_is_positive(stat, make):
    """R/pROC: levels = c(controls, cases); here the levels sort the other way, so a
    rule based on sorting would pick the wrong class."""
    y = make(Y01, ["well", "ill"])          # 0 -> "well" (control), 1 -> "ill" (case)
    value, recorded = STATISTICS[stat](y, S)
    assert value == _reference(stat)
    if recorded is not None:
        assert recorded == "ill"
    # the reverse level order reverses the roles
    flipped = make(1 - Y01, ["ill", "well"])
    assert STATISTICS[stat](flipped, S)[0] == STATISTICS[stat](1 - Y01, S)[0]


def test_categorical_with_unused_levels():
    y = pd.Categorical.from_codes(Y01 + 1, ["unused", "well", "ill"])
    with pytest.raises(ValueError, match="3 levels.*pass pos_label"):
        rocstats.auc(y, S)
    assert rocstats.auc(y, S, pos_label="ill") == EXPECTED
    assert rocstats.auc(y.remove_unused_categories(), S) == EXPECTED
    three = pd.Categorical.from_codes(np.r_[Y01[:-1], 2], ["a", "b", "c"])
    with pytest.raises(ValueError, match="3 classes in use"):
        rocstats.auc(three, S, pos_label="b")
    with pytest.raises(ValueError, match="pos_label='x' is not one of the levels"):
        rocstats.auc(pd.Categorical.from_codes(Y01, ["a", "b"]), S, pos_label="x")


def test_categorical_missing_value_is_an_error():
    y = pd.Categorical.from_codes(np.r_[Y01[:-1], -1], ["well", "ill"])
    with pytest.raises(ValueError, match="missing"):
        rocstats.auc(y, S)


def test_single_level_warns_and_is_nan():
    y = pd.Categorical(["well"] * 8, categories=["well", "ill"])
    with pytest.warns(UndefinedAUCWarning, match="no positives"):
        assert np.isnan(rocstats.auc(y, S))
    with pytest.warns(UndefinedAUCWarning, match="no negatives"):
        assert np.isnan(rocstats.auc(pd.Categorical(["ill"] * 8, ["well", "ill"]), S))


# ------------------------------------------------------------------ errors
def test_strings_list_found_labels():
    with pytest.raises(ValueError, match=r"holds strings/objects \['ill', 'well'\]"):
        rocstats.auc(np.where(Y01 == 1, "ill", "well"), S)


def test_pos_label_must_be_a_label():
    with pytest.raises(ValueError, match="pos_label=2 is not one of the labels"):
        rocstats.auc(Y01, S, pos_label=2)


def test_three_classes_and_mixed_types():
    with pytest.raises(ValueError, match="3 distinct labels"):
        rocstats.auc(np.r_[Y01[:-1], 2], S)
    with pytest.raises(ValueError, match="mixes label types"):
        rocstats.auc(np.array([0, "1", 0, 1, 1, 0, 0, 1], dtype=object), S, pos_label=1)


@pytest.mark.parametrize("bad,msg", [
    (np.array(["2020-01-01"] * 8, dtype="datetime64[D]"), "dates"),
    (Y01 + 0j, "complex"),
    (pd.Series(np.r_[Y01[:-1].astype(float), np.nan]), "missing"),
    (pd.Series(pd.array(list(Y01[:-1]) + [None], dtype="Int64")), "missing"),
])
def test_unusable_labels(bad, msg):
    with pytest.raises(ValueError, match=msg):
        rocstats.auc(bad, S)


# ------------------------------------------------------------------ the reader itself
def test_binary_labels_records_both_classes():
    lab = binary_labels(np.where(Y01 == 1, "ill", "well"), pos_label="well")
    assert (lab.pos_label, lab.neg_label, lab.kind) == ("well", "ill", "object")
    assert lab.is_pos.tolist() == (Y01 == 0).tolist()
    assert (lab.n_pos, lab.n_neg) == (4, 4)


def test_class_labels_orders():
    c = class_labels(pd.Series(pd.Categorical(["b", "a", "b"], categories=["z", "b", "a"])))
    assert c.classes.tolist() == ["z", "b", "a"] and c.codes.tolist() == [1, 2, 1]
    assert c.counts.tolist() == [0, 2, 1]
    n = class_labels(np.array([3, 1, 2, 3]))
    assert n.classes.tolist() == [1, 2, 3] and n.codes.tolist() == [2, 0, 1, 2]
