"""Tree drawing.

`plot_tree` draws any rocstats tree (CART, AUC, ROC trees; a fitted estimator or a
bare `rocstats.tree._tree.Tree`): each internal node shows its split condition
(rows for which it is true go to the left child, "yes"), each node its size and class
counts (or, with ``extra``, rpart.plot's per-class probabilities and percentage of rows),
leaves their predicted class; a legend says which class each count or probability is
and which colour marks which predicted class.  Nodes are laid out with the leaves
evenly spaced left to right.
"""
import numpy as np

__all__ = ["plot_tree"]

#: rpart.plot's ``extra`` codes understood here: what each node shows below its label.
EXTRA = {None: "n=<rows>  [<class counts>]",
         0: "nothing",
         1: "class counts (rpart.plot extra = 1)",
         4: "class probabilities (extra = 4)",
         100: "percentage of rows (extra = 100)",
         101: "class counts and percentage of rows (extra = 101)",
         104: "class probabilities and percentage of rows (extra = 104)"}


def _condition(split, names, precision):
    from ..tree._tree import CATEGORICAL, GE, LE, LT

    name = names[split.feature] if names is not None else "x[%d]" % split.feature
    if split.kind == CATEGORICAL:
        return "%s in {%s}" % (name, ", ".join(str(v) for v in split.left_levels))
    op = {LE: "<=", LT: "<", GE: ">="}[split.kind]
    return "%s %s %.*g" % (name, op, precision, split.threshold)


def _level_condition(model, split, names, precision):
    """Categorical splits with the level labels of the fitted data, when known."""
    from ..tree._tree import CATEGORICAL

    info = getattr(model, "_info", None)
    if split.kind == CATEGORICAL and info is not None and info.levels[split.feature]:
        lev = info.levels[split.feature]
        name = names[split.feature] if names is not None else "x[%d]" % split.feature
        return "%s in {%s}" % (name, ", ".join(str(lev[int(v)]) for v in
                                               sorted(split.left_levels)))
    return _condition(split, names, precision)


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


def _probabilities(model, tree):
    """Per-node class probabilities: the estimator's (rpart's, with priors), else the
    class frequencies of the node."""
    crit = getattr(model, "_criterion", None)
    value = np.asarray(tree.value, dtype=float)
    if crit is not None and hasattr(crit, "probabilities") and tree is getattr(model, "tree_", None):
        return np.asarray(crit.probabilities(value), dtype=float)
    tot = value.sum(axis=1, keepdims=True)
    with np.errstate(invalid="ignore", divide="ignore"):
        return value / tot


def _fmt(v, precision):
    return "%.*g" % (precision, v)


def plot_tree(model, *, feature_names=None, class_names=None, ax=None, max_depth=None,
              precision=4, fontsize=8, title=None, extra=None, legend=True, colors=None):
    r"""Draw a fitted tree.

    Parameters
    ----------
    model : fitted rocstats tree estimator or Tree
        An estimator with ``tree_`` (and optionally ``classes_`` /
        ``feature_names_in_``), or a `rocstats.tree._tree.Tree`.
    feature_names, class_names : sequence, optional
        Default: the estimator's ``feature_names_in_`` / ``classes_`` (the classes the
        tree's counts are for).
    ax : matplotlib Axes, optional
    max_depth : int, optional
        Draw nodes down to this depth only (deeper subtrees are shown as their root,
        marked "...").
    precision : int, default 4
        Significant digits of thresholds and means (R's ``text.rpart`` uses
        ``getOption("digits") - 3`` = 4).
    title : str, optional
    extra : None or int
        What each node shows below its label, as rpart.plot's ``extra``: None (default)
        ``n=<rows>  [<class counts>]``; 0 nothing; 1 the class counts; 4 the class
        probabilities (the estimator's: rpart's ``yval2`` probabilities with priors for
        CART, class frequencies otherwise); adding 100 adds the percentage of the
        training rows in the node (``104``: probabilities and percentage, rpart.plot's
        favourite for classification).  Regression trees show the node mean and, with
        1 or 101, ``n``.
    legend : bool, default True
        Classifiers: a legend naming the class of each position of the counts or
        probabilities (``[absent/present]``) and the colour of each predicted class.
    colors : sequence of colours, optional
        One per class (default: Okabe & Ito's palette); leaves are filled with a light
        shade of their predicted class's colour, internal nodes are outlined with it.

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
    >>> ax = plot_tree(t, feature_names=["a"], extra=104)
    >>> [txt.get_text() for txt in ax.texts if "\n" in txt.get_text()][0]
    'a < 0.4\n.50 .50\n100%'
    """
    from .._optional import import_optional

    plt = import_optional("matplotlib.pyplot", "plot_tree")
    from matplotlib.colors import to_rgb
    from matplotlib.patches import Patch

    from ._roc import OKABE_ITO

    tree = getattr(model, "tree_", model)
    if feature_names is None:
        feature_names = getattr(model, "feature_names_in_", None)
    if class_names is None:
        classes = getattr(model, "classes_", None)
        fitted = getattr(model, "_fit_classes", None)
        if classes is not None:
            class_names = (list(np.asarray(classes)[fitted]) if fitted is not None
                           else list(classes))
    if feature_names is not None:
        feature_names = [str(v) for v in feature_names]
        if len(feature_names) != tree.n_features:
            raise ValueError("feature_names has %d names, the tree has %d features"
                             % (len(feature_names), tree.n_features))
    if max_depth is not None and (not isinstance(max_depth, (int, np.integer)) or max_depth < 0):
        raise ValueError("max_depth must be a non-negative integer or None, got %r"
                         % (max_depth,))
    if extra not in EXTRA:
        raise ValueError("extra must be one of %s (rpart.plot's codes), got %r"
                         % (sorted(k for k in EXTRA if k is not None) + [None], extra))
    is_class = getattr(model, "_is_classifier", None)
    classifier = bool(is_class()) if callable(is_class) else tree.n_outputs > 1 or \
        class_names is not None
    value = np.asarray(tree.value, dtype=float)
    K = value.shape[1] if classifier else 0
    if classifier and class_names is not None and len(class_names) != K:
        raise ValueError("class_names has %d names, the tree has %d classes"
                         % (len(class_names), K))
    if classifier:
        palette = list(colors) if colors is not None else list(OKABE_ITO)
        if len(palette) < K:
            palette = (palette * (K // len(palette) + 1))[:K]
        prob = _probabilities(model, tree)
        crit = getattr(model, "_criterion", None)
        if crit is not None and hasattr(crit, "node_classes") and tree is getattr(model, "tree_", None):
            predicted = np.asarray(crit.node_classes(value), dtype=np.int64)
        else:
            predicted = value.argmax(axis=1)
    x, depth, n_leaves = _layout(tree, max_depth)
    dmax = max(depth.values())
    if ax is None:
        _, ax = plt.subplots(figsize=(max(6.0, 1.15 * n_leaves), max(3.0, 1.25 * (dmax + 1))))
    left = np.asarray(tree.left)
    n_root = float(tree.n[0]) if tree.n[0] else 1.0

    def light(c):
        r, g, b = to_rgb(c)
        return (1 - 0.35 * (1 - r), 1 - 0.35 * (1 - g), 1 - 0.35 * (1 - b))

    for i in sorted(x):                       # preorder: the root first
        xi, yi = x[i], -depth[i]
        internal = left[i] >= 0
        folded = internal and max_depth is not None and depth[i] >= max_depth
        lines = []
        if internal and not folded:
            lines.append(_level_condition(model, tree.split[i], feature_names, precision))
        elif classifier:
            k = int(predicted[i])
            lines.append("%s%s" % (class_names[k] if class_names is not None else k,
                                   "  ..." if folded else ""))
        else:
            lines.append("%s%s" % (_fmt(value[i, 0], precision), "  ..." if folded else ""))
        pct = "%.0f%%" % (100.0 * tree.n[i] / n_root)
        base = extra % 100 if extra is not None else None
        if extra is None:
            if classifier:
                lines.append("n=%d  [%s]" % (tree.n[i], "/".join("%g" % c for c in value[i])))
            else:
                lines.append("n=%d" % tree.n[i])
        elif classifier and base == 1:
            lines.append("/".join("%g" % c for c in value[i]))
        elif classifier and base == 4:
            lines.append(" ".join(("%.2f" % v).lstrip("0") if v < 1 else "1.00"
                                  for v in prob[i]))
        elif not classifier and base == 1:
            lines.append("n=%d" % tree.n[i])
        if extra is not None and extra >= 100:
            lines.append(pct)
        text = "\n".join(lines)
        if internal and not folded:
            ec = palette[int(predicted[i])] if classifier else "#4a6fa5"
            box = dict(boxstyle="round,pad=0.3", fc="#f4f6fa", ec=ec, lw=1.2)
            for child, lab in ((tree.left[i], "yes"), (tree.right[i], "no")):
                ax.annotate("", xy=(x[child], -depth[child] + 0.2), xytext=(xi, yi - 0.2),
                            arrowprops=dict(arrowstyle="-", color="0.5", lw=0.8))
                ax.text(0.5 * (xi + x[child]), 0.5 * (yi - depth[child]), lab,
                        fontsize=max(7, fontsize - 1), color="0.35", ha="center",
                        va="center")
        else:
            if classifier:
                c = palette[int(predicted[i])]
                box = dict(boxstyle="round,pad=0.3", fc=light(c), ec=c, lw=1.2)
            else:
                box = dict(boxstyle="round,pad=0.3", fc="#fdf1e3", ec="#c27c2c")
        ax.text(xi, yi, text, ha="center", va="center", fontsize=fontsize, bbox=box)
    ax.set_xlim(-0.7, n_leaves - 0.3)
    ax.set_ylim(-dmax - 0.6, 0.6)
    ax.set_axis_off()
    if classifier and legend:
        names = [str(c) for c in class_names] if class_names is not None else \
            [str(k) for k in range(K)]
        shown = "probabilities" if extra is not None and extra % 100 == 4 else "counts"
        handles = [Patch(facecolor=light(palette[k]), edgecolor=palette[k], label=names[k])
                   for k in range(K)]
        ax.legend(handles=handles, loc="upper left", fontsize=max(7, fontsize - 1),
                  title="predicted class; %s [%s]" % (shown, "/".join(names)),
                  title_fontsize=max(7, fontsize - 1), frameon=False,
                  bbox_to_anchor=(0.0, 1.0))
    if title:
        ax.set_title(title)
    return ax
