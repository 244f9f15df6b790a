"""Trees: the CART engine (criterion / splitter / builder / pruner) and the estimators
built on it.  The flat tree every builder produces is :class:`rocstats.tree._tree.Tree`."""
