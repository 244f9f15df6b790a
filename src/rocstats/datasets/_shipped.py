"""The data files shipped in the wheel (rocstats/datasets/data)."""
from __future__ import annotations

from typing import TYPE_CHECKING, List, Tuple  # noqa: F401

if TYPE_CHECKING:
    import numpy as np  # noqa: F401
    import pandas as pd  # noqa: F401
from importlib import resources

from ._catalogue import DATASETS


def _read_csv(file_name, **kwargs):
    import pandas as pd

    with resources.files(__package__).joinpath("data", file_name).open("rb") as fh:
        return pd.read_csv(fh, compression="gzip" if file_name.endswith(".gz") else None,
                           **kwargs)


def _attach(frame, name):
    info = DATASETS[name]
    frame.attrs.update(name=name, source=info.source, licence=info.licence)
    return frame


def _two_levels(values, levels):
    import pandas as pd

    return pd.Categorical(values, categories=list(levels))


def load_asah_like() -> pd.DataFrame:
    """A simulated diagnostic study shaped like pROC's aSAH (shipped; no R needed).

    113 simulated patients, 72 with a good and 41 with a poor outcome (aSAH's counts),
    with aSAH's columns.  The real aSAH (Turck et al. 2010) ships with pROC under the GPL
    and is read from R by `load_asah`; this set lets every example run without R.  It is
    not real data: use it to learn the calls, not to draw clinical conclusions.

    Returns
    -------
    pandas.DataFrame
        ``gos6`` (Glasgow outcome scale, int 1-5), ``outcome`` (Categorical, levels
        Good, Poor: Poor is the positive class), ``gender`` (Categorical Female, Male),
        ``age`` (int), ``wfns`` (WFNS grade, int 1-5), ``s100b`` and ``ndka`` (marker
        concentrations, 2 decimals, with ties as in aSAH).  ``attrs`` holds the source and
        licence (BSD-3-Clause).

    Notes
    -----
    The generating model, per outcome (Good / Poor): gos6 in {4, 5} with P(5) = 0.92 /
    in {1, 3} with P(1) = 0.68; male with probability 0.31 / 0.49; age ~ N(49 / 55,
    13.5^2) rounded and clipped to [18, 85]; wfns grades 1-5 with probabilities
    (0.51, 0.28, 0.04, 0.11, 0.06) / (0.05, 0.29, 0.02, 0.20, 0.44); log s100b ~
    N(-2.08 / -1.32, 0.70^2 / 0.95^2); log ndka ~ N(2.49 / 2.76, 0.59^2 / 0.83^2) (the
    class means and SDs of aSAH's logarithms).  The population AUCs are then 0.74
    (s100b), 0.61 (ndka) and 0.82 (wfns); the seed is the first whose sample AUCs are all
    within 0.02 of aSAH's (0.731, 0.612, 0.824): 0.743, 0.609 and 0.822 here.  The
    source distribution's ``make_datasets.py`` script regenerates the file.

    Examples
    --------
    >>> import rocstats
    >>> from rocstats.datasets import load_asah_like
    >>> d = load_asah_like()
    >>> d["outcome"].value_counts().to_dict()
    {'Good': 72, 'Poor': 41}
    >>> round(rocstats.auc(d["outcome"], d["s100b"]), 4)
    0.7425
    """
    d = _read_csv("asah_like.csv")
    d["outcome"] = _two_levels(d["outcome"], ["Good", "Poor"])
    d["gender"] = _two_levels(d["gender"], ["Female", "Male"])
    return _attach(d, "asah_like")


def load_pbc_like() -> pd.DataFrame:
    """A simulated censored cohort shaped like survival's pbc (shipped; no R needed).

    418 simulated patients followed for up to about 13 years (the real pbc data ship with
    R's survival package under the LGPL and are read by `load_pbc`).  Not real data.

    Returns
    -------
    pandas.DataFrame
        ``id``, ``time`` (days to death, transplant or censoring), ``status`` (0 =
        censored, 1 = transplant, 2 = death, pbc's coding), ``bili`` (serum bilirubin,
        mg/dl), ``albumin`` (g/dl), ``age`` (years).  ``attrs``: source and licence
        (BSD-3-Clause).

    Notes
    -----
    age ~ N(50.7, 10.4^2), log bili ~ N(0.57, 1), albumin ~ N(3.5, 0.42^2); time to death
    Weibull with shape 1.2, scale 5200 days and proportional hazards
    exp(0.9 (log bili - 0.57) - (albumin - 3.5) + 0.03 (age - 50.7)); time to transplant
    exponential with mean 60000 days; administrative censoring uniform on [1000, 4800]
    days; the first of the three is observed.  Seed 19910101
    (the source distribution's ``make_datasets.py`` script regenerates the file).

    Examples
    --------
    >>> from rocstats.datasets import load_pbc_like
    >>> d = load_pbc_like()
    >>> d["status"].value_counts().sort_index().to_dict()
    {0: 221, 1: 22, 2: 175}
    """
    return _attach(_read_csv("pbc_like.csv"), "pbc_like")


def load_spambase() -> pd.DataFrame:
    """The UCI Spambase data: 4601 e-mails, 57 features, spam or not (shipped).

    The data of ESL's spam example (Hastie, Tibshirani & Friedman 2009, sections 9.1-9.2)
    and of the sAUC paper's Spam (Wu, Flach & Ferri 2007).  Source: Hopkins, Reeber,
    Forman & Suermondt (1999), Spambase, UCI Machine Learning Repository; licence CC BY
    4.0, as the repository states for it.  The column names are those of R's
    ``kernlab::spam`` (``make``, ``address``, ..., ``charExclamation``, ``charDollar``,
    ``capitalAve``, ``capitalLong``, ``capitalTotal``).

    Returns
    -------
    pandas.DataFrame
        57 float columns and ``type`` (Categorical, levels nonspam, spam: spam is the
        positive class); 1813 spam.

    Examples
    --------
    >>> from rocstats.datasets import load_spambase
    >>> d = load_spambase()
    >>> d.shape, int((d["type"] == "spam").sum())
    ((4601, 58), 1813)
    """
    d = _read_csv("spambase.csv.gz")
    d["type"] = _two_levels(d["type"], ["nonspam", "spam"])
    return _attach(d, "spambase")
