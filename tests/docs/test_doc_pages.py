"""The examples of the documentation's pages run, and print what the pages say.

The ``>>>`` examples of docs/getting_started.rst and docs/user_guide/*.rst are doctests
(ELLIPSIS, NORMALIZE_WHITESPACE), run page by page in one namespace as a reader would
type them.  Pages that read R's data sets need R (the R fixtures: one gate), pages on
Dask need the dask extra; the plots need matplotlib.
"""
import doctest
import os
import pathlib

import pytest

from gates import missing

ROOT = pathlib.Path(__file__).resolve().parents[2]
PAGES = [p for p in [ROOT / "docs" / "getting_started.rst"]
         + sorted((ROOT / "docs" / "user_guide").glob("*.rst")) if ">>> " in p.read_text()]
R_CALLS = ("load_asah(", "load_kyphosis(", "load_pima(", "load_pbc(", "load_rocr_xval(",
           "rocstats.r ", "from rocstats.r ")


def _run(page):
    os.environ.setdefault("MPLBACKEND", "Agg")
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        result = doctest.testfile(str(page), module_relative=False, verbose=False,
                                  optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
                                  report=True)
    assert result.attempted > 0, "%s has no examples" % page.name
    assert result.failed == 0, "%d of %d examples of %s failed (output above)" % (
        result.failed, result.attempted, page.name)


def _needs(page):
    text = page.read_text()
    return any(call in text for call in R_CALLS), "import dask" in text


@pytest.mark.parametrize("page", [p for p in PAGES if not _needs(p)[0]], ids=lambda p: p.name)
def test_page_without_r(page):
    if _needs(page)[1] and missing("dask"):
        pytest.skip(missing("dask"))
    if "plot(" in page.read_text() and missing("reports"):
        pytest.skip("needs matplotlib (pip install 'rocstats[plot]')")
    _run(page)


@pytest.mark.parametrize("page", [p for p in PAGES if _needs(p)[0]], ids=lambda p: p.name)
def test_page_with_r_data(page, proc, rpart, riskregression):
    if "plot(" in page.read_text() and missing("reports"):
        pytest.skip("needs matplotlib (pip install 'rocstats[plot]')")
    _run(page)


def test_every_user_guide_page_is_in_the_toctree():
    index = (ROOT / "docs" / "user_guide" / "index.rst").read_text()
    pages = {p.stem for p in (ROOT / "docs" / "user_guide").glob("*.rst")} - {"index"}
    assert {p for p in pages if "\n   %s\n" % p not in index} == set()
