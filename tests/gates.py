"""The test suite's gates: ONE check per optional need, each giving the reason a skipped
test prints.  ``missing(need)`` returns that reason, or None when the need is met.

==========  ==================================================  ===========================
need        what it checks                                       how a test asks for it
==========  ==================================================  ===========================
"c"         the compiled C extension (the cffi kernels)          ``@pytest.mark.needs_c``
"dask"      dask[array, dataframe] and distributed               ``require("dask")`` (module)
"reports"   the report tools of ``rocstats[reports]``            ``@pytest.mark.needs_reports``
                                                                 or ``require("reports")``
"pdftotext" poppler's pdftotext / pdftoppm on PATH               ``@pytest.mark.needs_pdftotext``
R           pROC / rpart / randomForestSRC / ROCR / ... through  the fixtures ``proc``,
            rpy2, or Rscript with rpart                          ``rpart``, ``rfsrc``,
                                                                 ``rocr``, ``rscript``, ...
                                                                 of conftest.py
==========  ==================================================  ===========================

The markers are applied by ``tests/conftest.py`` (skipped with the reason below); the R
fixtures live there too (a test that uses one is marked ``r`` automatically, and a test
marked ``r`` without one is a collection error: R-dependent tests have one gate).  The
repository's ``conftest.py`` uses the same checks for the package's doctests.
"""
import importlib.util
import shutil

import pytest

__all__ = ["missing", "require", "NEEDS"]

#: the modules of the ``reports`` extra that the report tests and renders import
REPORT_MODULES = ("matplotlib", "nbformat", "nbclient", "nbconvert", "jupytext", "ipykernel",
                  "pypandoc", "typst", "tabulate", "yaml")


def _have(module):
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def _c():
    from rocstats import _kernels

    if "cffi" in _kernels.implementations():
        return None
    return "needs the C extension rocstats._kernels._ckernels, which was not built " \
           "(installed without a C compiler)"


def _dask():
    absent = [m for m in ("dask.array", "dask.dataframe", "distributed") if not _have(m)]
    if not absent:
        return None
    return "needs %s (pip install 'rocstats[dask]')" % ", ".join(absent)


def _reports():
    absent = [m for m in REPORT_MODULES if not _have(m)]
    if not absent:
        return None
    return "needs the report tools %s (pip install 'rocstats[reports]')" % ", ".join(absent)


def _pdftotext():
    absent = [t for t in ("pdftotext", "pdftoppm") if shutil.which(t) is None]
    if not absent:
        return None
    return "needs %s on PATH (Debian: apt-get install poppler-utils)" % " and ".join(absent)


NEEDS = {"c": _c, "dask": _dask, "reports": _reports, "pdftotext": _pdftotext}
_CACHE = {}


def missing(need):
    """The reason ``need`` is not met here, or None."""
    if need not in _CACHE:
        _CACHE[need] = NEEDS[need]()
    return _CACHE[need]


def require(need):
    """Skip the calling test module (at collection, with the reason) unless ``need`` is
    met: for modules that import the optional package at their top."""
    why = missing(need)
    if why is not None:
        pytest.skip(why, allow_module_level=True)
