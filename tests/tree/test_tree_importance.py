"""Variable importance (rocstats.tree._importance.variable_importance) as rpart's
``variable.importance``.

Expected values: (1) a hand computation on a small tree (primary improve, surrogate
improve * adj, competitors ignored, anova scaled by the node deviance); (2) every stored
rpart 4.1.19 case (validation/results/rpart): the tree is rebuilt from the stored frame
and splits, and the importance must equal rpart's stored ``variable.importance``, names
and order included.
"""
import numpy as np
import pytest

import tree_helpers as h
from rocstats.tree._importance import variable_importance
from rocstats.tree._tree import CATEGORICAL, LT, Split, Tree


def _tree(n_outputs):
    t = Tree(n_features=4, n_outputs=n_outputs)
    v = [1.0] * n_outputs
    r = t.add_node(parent=-1, is_left=True, n=20, weight=20.0, value=v, risk=40.0)
    t.set_split(r, Split(0, LT, 1.5, improve=0.5),
                competitors=[Split(3, LT, 2.0, improve=0.45)],
                surrogates=[Split(1, LT, 7.0, improve=0.8, adj=0.4),
                            Split(2, CATEGORICAL, left_levels=(0,), right_levels=(1,),
                                  improve=0.7, adj=0.1)])
    a = t.add_node(parent=r, is_left=True, n=12, weight=12.0, value=v, risk=10.0)
    t.set_split(a, Split(1, LT, 3.0, improve=0.25),
                surrogates=[Split(0, LT, 0.5, improve=0.9, adj=0.5)])
    t.add_node(parent=a, is_left=True, n=6, weight=6.0, value=v, risk=2.0)
    t.add_node(parent=a, is_left=False, n=6, weight=6.0, value=v, risk=3.0)
    t.add_node(parent=r, is_left=False, n=8, weight=8.0, value=v, risk=10.0)
    return t.finalize()


def test_by_hand_anova():
    vi = variable_importance(_tree(1), ["a", "b", "c", "d"])
    # node 1: imp 0.5 * 40 = 20 -> a 20, b 20 * 0.4 = 8, c 20 * 0.1 = 2 (d: competitor)
    # node 2: imp 0.25 * 10 = 2.5 -> b 2.5, a 2.5 * 0.5 = 1.25
    assert list(vi.index) == ["a", "b", "c"]
    np.testing.assert_allclose(vi.values, [21.25, 10.5, 2.0])


def test_by_hand_class_uses_improve_unscaled():
    vi = variable_importance(_tree(2), ["a", "b", "c", "d"])
    # node 1: a 0.5, b 0.2, c 0.05; node 2: b 0.25, a 0.125
    assert vi.to_dict() == pytest.approx({"a": 0.625, "b": 0.45, "c": 0.05})
    assert list(vi.index) == ["a", "b", "c"]
    assert variable_importance(_tree(2), list("abcd"), method="anova")["a"] == \
        pytest.approx(0.5 * 40 + 0.25 * 10 * 0.5)


def test_ties_keep_name_order_and_bad_input():
    t = Tree(n_features=2, n_outputs=2)
    r = t.add_node(parent=-1, is_left=True, n=2, weight=2.0, value=[1, 1], risk=1.0)
    t.set_split(r, Split(1, LT, 0.5, improve=1.0),
                surrogates=[Split(0, LT, 0.5, improve=1.0, adj=1.0)])
    t.add_node(parent=r, is_left=True, n=1, weight=1.0, value=[1, 0], risk=0.0)
    t.add_node(parent=r, is_left=False, n=1, weight=1.0, value=[0, 1], risk=0.0)
    t.finalize()
    assert list(variable_importance(t, ["zeta", "Alpha"]).index) == ["Alpha", "zeta"]
    with pytest.raises(ValueError, match="feature_names"):
        variable_importance(t, ["a"])
    with pytest.raises(ValueError, match="method"):
        variable_importance(t, ["a", "b"], method="poisson")


@pytest.mark.parametrize("name", h.stored_cases())
def test_stored_rpart_importance(name):
    from rocstats.r.rpart import result_from_json

    case, data, _ = h.load_case(name)
    res = result_from_json(case["result"])
    names, *_ = h.design(case, data)
    tree = h.tree_from_result(res, names)
    vi = variable_importance(tree, names)
    ref = res.variable_importance
    assert list(vi.index) == list(ref.index)
    np.testing.assert_allclose(vi.to_numpy(), ref.to_numpy(), rtol=1e-10, atol=0)
