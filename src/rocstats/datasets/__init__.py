"""Small example data sets, with their sources and licences.

Two kinds of loader:

* **shipped** with rocstats (in the wheel, no R needed): ``load_asah_like`` and
  ``load_pbc_like`` (simulated by rocstats, BSD-3-Clause like the package) and
  ``load_spambase`` (the UCI Spambase data, CC BY 4.0);
* **read from R** through rpy2 (``pip install "rocstats[r]"`` and R with the package
  named): ``load_asah`` (pROC), ``load_kyphosis`` (rpart), ``load_pima`` (MASS),
  ``load_pbc`` (survival) and ``load_rocr_xval`` (ROCR).  These data sets are
  distributed with R packages under the GPL or LGPL, which does not allow shipping them
  under rocstats' BSD licence; reading them from the user's own R installation does.

Every loader returns a pandas DataFrame (``load_rocr_xval``: a list of folds) whose
``attrs`` hold ``name``, ``source`` and ``licence``; ``DATASETS`` lists them all.
Labels follow the package's label contract: a two-class outcome is a pandas
Categorical whose **second** level is the positive class, as R's factor levels
(``outcome``: Good, Poor; ``Kyphosis``: absent, present; ``type``: No, Yes or
nonspam, spam).

Examples
--------
>>> from rocstats import datasets
>>> d = datasets.load_asah_like()
>>> d.shape, list(d["outcome"].cat.categories)
((113, 7), ['Good', 'Poor'])
>>> sorted(name for name, info in datasets.DATASETS.items() if info.shipped)
['asah_like', 'pbc_like', 'spambase']
"""
from ._catalogue import DATASETS, DatasetInfo
from ._r import load_asah, load_kyphosis, load_pbc, load_pima, load_rocr_xval
from ._shipped import load_asah_like, load_pbc_like, load_spambase

__all__ = ["DATASETS", "DatasetInfo", "load_asah_like", "load_pbc_like", "load_spambase",
           "load_asah", "load_kyphosis", "load_pima", "load_pbc", "load_rocr_xval"]
