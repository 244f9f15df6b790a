"""Data sets read from the user's R installation through rpy2 (their GPL / LGPL licences
do not allow shipping them in rocstats' BSD wheel)."""
from __future__ import annotations

from typing import TYPE_CHECKING, List, Tuple  # noqa: F401

if TYPE_CHECKING:
    import numpy as np  # noqa: F401
    import pandas as pd  # noqa: F401
from ._catalogue import DATASETS

#: R code: a data set of a package as a data frame whose integer columns with NA are
#: doubles (rpy2 would give R's NA_integer_ as the int32 minimum)
_GET = """function(pkg, name) {
    e <- new.env()
    utils::data(list = name, package = pkg, envir = e)
    d <- get(name, envir = e)
    if (is.data.frame(d)) {
        d[] <- lapply(d, function(col) if (is.integer(col) && anyNA(col)) as.numeric(col) else col)
    }
    d
}"""


def _require(package):
    """Raise ImportError naming what to install when R, rpy2 or the R package is missing."""
    from ..r._session import r_package_status

    ok, why = r_package_status(package)
    if not ok:
        raise ImportError(
            "this data set is read from the R package %s through rpy2 (its licence does not "
            "allow shipping it with rocstats): install R, the R package %s and rpy2 "
            "(pip install 'rocstats[r]'); %s.  rocstats.datasets.load_asah_like() and "
            "load_pbc_like() are shipped simulated stand-ins." % (package, package, why))


def _r_frame(package, name):
    import pandas as pd
    from rpy2 import robjects
    from rpy2.robjects import pandas2ri
    from rpy2.robjects.conversion import localconverter

    _require(package)
    obj = robjects.r(_GET)(package, name)
    with localconverter(robjects.default_converter + pandas2ri.converter):
        frame = robjects.conversion.get_conversion().rpy2py(obj)
    frame = frame.reset_index(drop=True)
    for col in frame.columns:
        if str(frame[col].dtype) == "int32":
            frame[col] = frame[col].astype("int64")
    return pd.DataFrame(frame)


def _attach(frame, key):
    info = DATASETS[key]
    frame.attrs.update(name=key, source=info.source, licence=info.licence)
    return frame


def _unorder(col):
    """An R factor as a plain (unordered) Categorical with R's levels."""
    import pandas as pd

    return pd.Categorical(col.astype(str), categories=[str(c) for c in col.cat.categories])


def load_asah() -> pd.DataFrame:
    """pROC's aSAH data set, read from R (needs R, pROC and ``rocstats[r]``).

    113 patients with aneurysmal subarachnoid haemorrhage (Turck et al. 2010, Intensive
    Care Medicine 36(1):107-115).  pROC's licence (GPL >= 3) does not allow shipping the
    data with rocstats, so they are read from the R package on the machine;
    `load_asah_like` is a shipped simulated stand-in with the same columns.

    Returns
    -------
    pandas.DataFrame
        ``gos6`` and ``wfns`` as integers 1-5 (ordered factors in R, used as numeric
        predictors by pROC), ``outcome`` (Categorical Good, Poor: Poor is positive, as in
        pROC's ``roc(outcome ~ s100b, aSAH)``), ``gender`` (Categorical Male, Female, R's
        order), ``age``, ``s100b``, ``ndka``.

    Raises
    ------
    ImportError
        When rpy2, R or pROC is missing (the message says what to install).

    Examples
    --------
    >>> import rocstats
    >>> from rocstats.datasets import load_asah
    >>> asah = load_asah()                                       # doctest: +SKIP
    >>> round(rocstats.auc(asah["outcome"], asah["s100b"]), 4)   # doctest: +SKIP
    0.7314
    """
    d = _r_frame("pROC", "aSAH")
    for col in ("gos6", "wfns"):
        d[col] = d[col].astype(str).astype("int64")
    for col in ("outcome", "gender"):
        d[col] = _unorder(d[col])
    return _attach(d, "asah")


def load_kyphosis() -> pd.DataFrame:
    """rpart's kyphosis data, read from R (needs R, rpart and ``rocstats[r]``).

    81 children who had corrective spinal surgery (Chambers & Hastie 1992); ``Kyphosis``
    (Categorical absent, present), ``Age`` (months), ``Number`` (vertebrae involved),
    ``Start`` (the first vertebra operated on).  rpart's licence (GPL-2 | GPL-3) does not
    allow shipping it with rocstats.

    Returns
    -------
    pandas.DataFrame

    Raises
    ------
    ImportError
        When rpy2, R or rpart is missing.

    Examples
    --------
    >>> from rocstats.datasets import load_kyphosis
    >>> k = load_kyphosis()                                      # doctest: +SKIP
    >>> k["Kyphosis"].value_counts().to_dict()                   # doctest: +SKIP
    {'absent': 64, 'present': 17}
    """
    d = _r_frame("rpart", "kyphosis")
    d["Kyphosis"] = _unorder(d["Kyphosis"])
    return _attach(d, "kyphosis")


def load_pima(split: str = "train") -> pd.DataFrame:
    """MASS's Pima data (``Pima.tr`` or ``Pima.te``), read from R (needs R, MASS and
    ``rocstats[r]``).

    Women of Pima Indian heritage tested for diabetes (Smith et al. 1988; Ripley 1996):
    ``npreg``, ``glu``, ``bp``, ``skin``, ``bmi``, ``ped``, ``age`` and ``type``
    (Categorical No, Yes).  MASS's licence (GPL-2 | GPL-3) does not allow shipping it.

    Parameters
    ----------
    split : {"train", "test"}
        ``"train"``: Pima.tr (200 women, randomForestSRC's and rpart's examples);
        ``"test"``: Pima.te (332).

    Returns
    -------
    pandas.DataFrame

    Raises
    ------
    ImportError
        When rpy2, R or MASS is missing.

    Examples
    --------
    >>> from rocstats.datasets import load_pima
    >>> load_pima().shape                                        # doctest: +SKIP
    (200, 8)
    """
    names = {"train": "Pima.tr", "test": "Pima.te"}
    if split not in names:
        raise ValueError("split must be 'train' or 'test', got %r" % (split,))
    d = _r_frame("MASS", names[split])
    d["type"] = _unorder(d["type"])
    return _attach(d, "pima")


def load_pbc() -> pd.DataFrame:
    """survival's pbc data, read from R (needs R, survival and ``rocstats[r]``).

    418 patients of the Mayo Clinic trial in primary biliary cirrhosis (Therneau &
    Grambsch 2000; Fleming & Harrington 1991), all 20 columns of R's data frame (``time``
    in days; ``status`` 0 = censored, 1 = transplant, 2 = death; integer columns with
    missing values are floats with NaN).  The licence of survival (LGPL >= 2) is not
    BSD; `load_pbc_like` is a shipped simulated stand-in.

    Returns
    -------
    pandas.DataFrame

    Raises
    ------
    ImportError
        When rpy2, R or survival is missing.

    Examples
    --------
    >>> from rocstats.datasets import load_pbc
    >>> load_pbc()["status"].value_counts().sort_index().to_dict()   # doctest: +SKIP
    {0: 232, 1: 25, 2: 161}
    """
    d = _r_frame("survival", "pbc")
    d["sex"] = _unorder(d["sex"])
    return _attach(d, "pbc")


def load_rocr_xval() -> List[Tuple[np.ndarray, np.ndarray]]:
    """ROCR's ``ROCR.xval``: the predictions and labels of 10 cross-validation folds,
    read from R (needs R, ROCR and ``rocstats[r]``).

    Returns
    -------
    list of (numpy.ndarray, numpy.ndarray)
        One ``(y_true, y_score)`` pair per fold (labels 0 / 1), the input of
        `rocstats.roc_average`.

    Raises
    ------
    ImportError
        When rpy2, R or ROCR is missing.

    Examples
    --------
    >>> from rocstats.datasets import load_rocr_xval
    >>> folds = load_rocr_xval()                                 # doctest: +SKIP
    >>> len(folds), folds[0][0].size                             # doctest: +SKIP
    (10, 350)
    """
    import numpy as np
    from rpy2 import robjects

    _require("ROCR")
    obj = robjects.r(_GET)("ROCR", "ROCR.xval")
    preds, labels = obj.rx2("predictions"), obj.rx2("labels")
    folds = [(np.asarray(labels[i], dtype=np.int64), np.asarray(preds[i], dtype=np.float64))
             for i in range(len(preds))]
    return folds
