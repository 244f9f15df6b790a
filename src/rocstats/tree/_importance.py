"""Variable importance of a fitted tree, as rpart's ``variable.importance``.

Definition (Breiman et al. 1984, section 5.3.4; rpart's ``importance()``, read to learn
what it does; the code is our own): for every internal node, the feature of the primary
split gets the split's improvement, and every *surrogate* feature gets that improvement
multiplied by the surrogate's adjusted agreement ``adj``.  Competitor splits do not
count.  Importance is the sum over nodes.  "Improvement" is rpart's ``improve`` for
classification (a decrease of impurity in case-weight units) and ``improve * dev`` of
the node for regression (rpart's anova ``improve`` is the fraction of the node's sum of
squares removed, so this is the sum of squares removed).

Order: decreasing; ties keep the order of the feature names as R's ``tapply`` lists
them (sorted names; we sort case-insensitively with lowercase first, the order R showed
under the C.UTF-8 locale on this machine).  Only features that appear in a primary or
surrogate split are listed, like R.
"""
import numpy as np

__all__ = ["variable_importance"]


def _r_name_key(name):
    return (name.casefold(), name.swapcase())


def variable_importance(tree, feature_names, *, method=None):
    """rpart's ``variable.importance`` of a fitted tree.

    Parameters
    ----------
    tree : Tree
        Finalized; ``split`` / ``surrogates`` per node with ``improve`` (rpart's) and
        ``adj``; ``risk`` = node deviance.
    feature_names : sequence of str
        Name of each feature column.
    method : {"class", "anova"}, optional
        Default: "anova" when the tree has one output column (a regression tree stores
        the node mean), "class" otherwise.

    Returns
    -------
    pandas.Series
        Index = feature names, values = importance, sorted decreasing.

    Examples
    --------
    A regression tree with one split (improve = 0.5 of a node with dev 100, so 50 of sum
    of squares) and a surrogate with adj 0.4 (credited 0.4 * 50 = 20):

    >>> from rocstats.tree._tree import Tree, Split, LT
    >>> t = Tree(n_features=3, n_outputs=1)
    >>> r = t.add_node(parent=-1, is_left=True, n=10, weight=10.0, value=[1.0], risk=100.0)
    >>> t.set_split(r, Split(0, LT, 1.5, improve=0.5),
    ...             competitors=[Split(2, LT, 3.0, improve=0.45)],
    ...             surrogates=[Split(1, LT, 7.0, improve=0.8, adj=0.4)])
    >>> _ = t.add_node(parent=r, is_left=True, n=5, weight=5.0, value=[0.0], risk=30.0)
    >>> _ = t.add_node(parent=r, is_left=False, n=5, weight=5.0, value=[2.0], risk=20.0)
    >>> variable_importance(t.finalize(), ["a", "b", "c"]).to_dict()
    {'a': 50.0, 'b': 20.0}
    """
    import pandas as pd

    names = [str(n) for n in feature_names]
    if len(names) != tree.n_features:
        raise ValueError("feature_names has %d entries, the tree has %d features"
                         % (len(names), tree.n_features))
    if method is None:
        method = "anova" if tree.n_outputs == 1 else "class"
    if method not in ("class", "anova"):
        raise ValueError("method must be 'class' or 'anova', got %r" % (method,))
    risk = np.asarray(tree.risk, dtype=np.float64)
    totals = {}
    for t in range(tree.node_count):
        split = tree.split[t]
        if split is None:
            continue
        imp = split.improve * risk[t] if method == "anova" else split.improve
        totals[names[split.feature]] = totals.get(names[split.feature], 0.0) + imp
        for s in tree.surrogates[t]:
            nm = names[s.feature]
            totals[nm] = totals.get(nm, 0.0) + imp * s.adj
    keys = sorted(totals, key=_r_name_key)
    values = np.array([totals[k] for k in keys], dtype=np.float64)
    order = np.argsort(-values, kind="stable")
    return pd.Series(values[order], index=pd.Index([keys[i] for i in order], dtype=object),
                     dtype=np.float64)
