"""Tree drawing.

:func:`plot_tree` draws any rocstats tree (CART, AUC, ROC trees; a fitted estimator or a
bare :class:`rocstats.tree._tree.Tree`): each internal node shows its split condition
(rows for which it is true go to the left child), each leaf its class counts and
majority class; nodes are laid out with the leaves evenly spaced left to right.
"""
import numpy as np

__all__ = ["plot_tree"]


def _condition(split, names, precision):
    from ..tree._tree import CATEGORICAL, GE, LE, LT

    name = names[split.feature] if names is not None else "x[%d]" % split.feature
    if split.kind == CATEGORICAL:
        return "%s in {%s}" % (name, ", ".join(str(v) for v in split.left_levels))
    op = {LE: "<=", LT: "<", GE: ">="}[split.kind]
    return "%s %s %.*g" % (name, op, precision, split.threshold)


def _layout(tree, max_depth):
    """x (leaf order, internal nodes centred over their children) and depth of the
    nodes drawn; nodes below ``max_depth`` are folded into their ancestor."""
    left, right = np.asarray(tree.left), np.asarray(tree.right)
    x = {}
    depth = {}
    counter = [0]

    def visit(i, d):
        depth[i] = d
        if left[i] < 0 or (max_depth is not None and d >= max_depth):
            x[i] = float(counter[0])
            counter[0] += 1
            return
        visit(left[i], d + 1)
        visit(right[i], d + 1)
        x[i] = 0.5 * (x[left[i]] + x[right[i]])

    visit(0, 0)
    return x, depth, counter[0]


def plot_tree(model, *, feature_names=None, class_names=None, ax=None, max_depth=None,
              precision=3, fontsize=8, title=None):
    r"""Draw a fitted tree.

    Parameters
    ----------
    model : fitted rocstats tree estimator or Tree
        An estimator with ``tree_`` (and optionally ``classes_`` /
        ``feature_names_in_``), or a :class:`rocstats.tree._tree.Tree`.
    feature_names, class_names : sequence, optional
        Default: the estimator's ``feature_names_in_`` / ``classes_``.
    ax : matplotlib Axes, optional
    max_depth : int, optional
        Draw nodes down to this depth only (deeper subtrees are shown as their root,
        marked "...").
    precision : int
        Significant digits of thresholds.
    title : str, optional

    Returns
    -------
    matplotlib.axes.Axes

    Examples
    --------
    >>> import numpy as np, matplotlib
    >>> matplotlib.use("Agg")
    >>> from rocstats.tree import ROCTreeClassifier
    >>> from rocstats.plot import plot_tree
    >>> X = np.array([[0.1], [0.2], [0.3], [0.6], [0.5], [0.55], [0.8], [0.9]])
    >>> t = ROCTreeClassifier(xval=0).fit(X, [0, 0, 0, 0, 1, 1, 1, 1])
    >>> ax = plot_tree(t, feature_names=["a"])
    >>> boxes = [txt.get_text() for txt in ax.texts if "\n" in txt.get_text()]
    >>> len(boxes) == t.tree_.node_count, boxes[0]
    (True, 'a < 0.4\nn=8  [4/4]')
    """
    import matplotlib.pyplot as plt

    tree = getattr(model, "tree_", model)
    if feature_names is None:
        feature_names = getattr(model, "feature_names_in_", None)
    if class_names is None:
        class_names = getattr(model, "classes_", None)
    if feature_names is not None:
        feature_names = [str(v) for v in feature_names]
        if len(feature_names) != tree.n_features:
            raise ValueError("feature_names has %d names, the tree has %d features"
                             % (len(feature_names), tree.n_features))
    if max_depth is not None and (not isinstance(max_depth, (int, np.integer)) or max_depth < 0):
        raise ValueError("max_depth must be a non-negative integer or None, got %r"
                         % (max_depth,))
    x, depth, n_leaves = _layout(tree, max_depth)
    dmax = max(depth.values())
    if ax is None:
        _, ax = plt.subplots(figsize=(max(6.0, 1.1 * n_leaves), max(3.0, 1.2 * (dmax + 1))))
    left = np.asarray(tree.left)
    value = np.asarray(tree.value)
    for i in sorted(x):                       # preorder: the root first
        xi, yi = x[i], -depth[i]
        internal = left[i] >= 0
        folded = internal and max_depth is not None and depth[i] >= max_depth
        counts = value[i]
        maj = int(np.argmax(counts))
        label_cls = class_names[maj] if class_names is not None else maj
        cnt = "/".join("%g" % c for c in counts)
        if internal and not folded:
            text = "%s\nn=%d  [%s]" % (_condition(tree.split[i], feature_names, precision),
                                       tree.n[i], cnt)
            box = dict(boxstyle="round,pad=0.3", fc="#eef3fb", ec="#4a6fa5")
            for child, lab in ((tree.left[i], "yes"), (tree.right[i], "no")):
                ax.annotate("", xy=(x[child], -depth[child] + 0.18), xytext=(xi, yi - 0.18),
                            arrowprops=dict(arrowstyle="-", color="0.5", lw=0.8))
                ax.text(0.5 * (xi + x[child]), 0.5 * (yi - depth[child]), lab,
                        fontsize=fontsize - 1, color="0.4", ha="center", va="center")
        else:
            text = "%s%s\nn=%d  [%s]" % (label_cls, "  ..." if folded else "", tree.n[i], cnt)
            box = dict(boxstyle="round,pad=0.3", fc="#fdf1e3", ec="#c27c2c")
        ax.text(xi, yi, text, ha="center", va="center", fontsize=fontsize, bbox=box)
    ax.set_xlim(-0.7, n_leaves - 0.3)
    ax.set_ylim(-dmax - 0.6, 0.6)
    ax.set_axis_off()
    if title:
        ax.set_title(title)
    return ax
