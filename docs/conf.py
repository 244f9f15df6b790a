"""Sphinx configuration of the rocstats documentation (``make docs``).

Built with ``sphinx-build -W --keep-going -n``: every warning, including every
unresolved cross-reference (nitpicky), fails the build.  The build is offline:

* intersphinx reads the inventories kept in ``docs/inventories/`` (written by
  ``docs/inventories/make_inventories.py``: the external names the pages and docstrings
  refer to, each checked to exist in the installed package, with the URL of its page on
  that project's site); no inventory is downloaded;
* MathJax is copied from Debian's ``libjs-mathjax`` (``scripts/setup.sh`` installs it) into
  the built site, so formulas render without a network; without the package the pages
  load MathJax from its CDN instead (a note is printed, not a warning);
* the gallery (``docs/examples/plot_*.py``) is executed by sphinx-gallery during the build;
  examples that read data from R need R and rpy2, which ``make setup`` installs.
"""
import os
import shutil
import sys
from pathlib import Path

import rocstats

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))

project = "rocstats"
author = "The rocstats developers"
copyright = "2026, the rocstats developers (BSD-3-Clause)"
release = rocstats.__version__
version = release

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.intersphinx",
    "sphinx.ext.mathjax",
    "sphinx.ext.viewcode",
    "numpydoc",
    "sphinx_gallery.gen_gallery",
    "sphinx_copybutton",
    "myst_parser",
    "rocstats_docs",          # docs/_ext: the deviation table, the R call outputs
]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "inventories", "examples/README.txt", "**.ipynb_checkpoints",
                    "auto_examples/*.ipynb", "auto_examples/*.py", "auto_examples/*.zip",
                    "auto_examples/*.md5", "auto_examples/*.pickle", "auto_examples/*.json",
                    "auto_examples/*.codeobj.json"]
templates_path = ["_templates"]

# `name` in a docstring or page: a link when the name is documented (here or through
# intersphinx), plain emphasis when it is not importable (NumPy's convention)
default_role = "autolink"
nitpicky = True
# Private modules and names (a leading underscore) have no pages: a reference to one
# is shown as code without a link.  Everything public must resolve.
nitpick_ignore_regex = [(r"py:.*", r"(rocstats\.)?(.*\.)?_[A-Za-z0-9].*")]

# --- autodoc / autosummary / numpydoc -------------------------------------------------
autosummary_generate = True
autosummary_imported_members = True
autodoc_typehints = "none"            # the numpydoc Parameters section carries the types
autodoc_default_options = {"members": False}
numpydoc_show_class_members = False   # the class template lists the members itself
numpydoc_class_members_toctree = False
numpydoc_xref_param_type = False
numpydoc_validation_checks = set()

# --- intersphinx: inventories kept in the repository (the build is offline) ----------
_INV = HERE / "inventories"
intersphinx_mapping = {
    "python": ("https://docs.python.org/3/", str(_INV / "python.inv")),
    "numpy": ("https://numpy.org/doc/stable/", str(_INV / "numpy.inv")),
    "scipy": ("https://docs.scipy.org/doc/scipy/", str(_INV / "scipy.inv")),
    "pandas": ("https://pandas.pydata.org/docs/", str(_INV / "pandas.inv")),
    "sklearn": ("https://scikit-learn.org/stable/", str(_INV / "sklearn.inv")),
    "statsmodels": ("https://www.statsmodels.org/stable/", str(_INV / "statsmodels.inv")),
    "matplotlib": ("https://matplotlib.org/stable/", str(_INV / "matplotlib.inv")),
    "dask": ("https://docs.dask.org/en/stable/", str(_INV / "dask.inv")),
    "joblib": ("https://joblib.readthedocs.io/en/stable/", str(_INV / "joblib.inv")),
}

intersphinx_timeout = 1

# --- the gallery -----------------------------------------------------------------------
sphinx_gallery_conf = {
    "examples_dirs": ["examples"],
    "gallery_dirs": ["auto_examples"],
    "filename_pattern": r"/plot_",          # every example is executed
    "ignore_pattern": r"__init__\.py",
    "within_subsection_order": "FileNameSortKey",
    "doc_module": ("rocstats",),
    "backreferences_dir": "api/generated/backreferences",
    "reference_url": {"rocstats": None},
    "download_all_examples": False,
    "show_memory": False,
    "remove_config_comments": True,
    "matplotlib_animations": False,
    "image_scrapers": ("matplotlib",),
    "min_reported_time": 1,
    # no execution-times pages: they load DataTables from a CDN (the site is offline)
    "write_computation_times": False,
    "abort_on_example_error": True,
    "plot_gallery": "True",
}

# --- HTML ------------------------------------------------------------------------------
html_theme = "pydata_sphinx_theme"
html_title = "rocstats %s" % release
html_static_path = ["_static"]
html_css_files = ["rocstats.css"]
html_theme_options = {
    "navbar_align": "left",
    "show_toc_level": 2,
    "navigation_with_keys": False,
    "header_links_before_dropdown": 7,
    "secondary_sidebar_items": ["page-toc", "sourcelink"],
    "footer_start": ["copyright"],
    "footer_end": ["sphinx-version"],
    # offline: no external icon links, no version switcher to fetch
    "icon_links": [],
}
# pages without sub-pages: no empty "Section Navigation" column
html_sidebars = {"index": [], "getting_started": [], "theory": [], "validation": [],
                 "arguments": [], "changelog": []}
html_show_sourcelink = True
html_copy_source = True
copybutton_prompt_text = r">>> |\.\.\. |\$ "
copybutton_prompt_is_regexp = True
pygments_style = "sphinx"
myst_heading_anchors = 3

# --- MathJax from Debian's libjs-mathjax (offline) ----------------------------------------
_MATHJAX = Path("/usr/share/javascript/mathjax")
_MATHJAX_PARTS = ["MathJax.js", "config/TeX-AMS_CHTML.js", "config/local", "extensions",
                  "jax/input/TeX", "jax/output/CommonHTML", "jax/element",
                  "fonts/HTML-CSS/TeX/woff", "localization/en"]
if (_MATHJAX / "MathJax.js").exists():
    mathjax_path = "mathjax/MathJax.js?config=TeX-AMS_CHTML"
else:  # pragma: no cover - a machine without libjs-mathjax
    print("docs: /usr/share/javascript/mathjax not found (apt-get install libjs-mathjax); "
          "the pages load MathJax from its CDN")


def _copy_mathjax(app, exception):
    if exception is not None or app.builder.format != "html" or not (_MATHJAX / "MathJax.js").exists():
        return
    target = Path(app.outdir) / "_static" / "mathjax"
    for part in _MATHJAX_PARTS:
        src = (_MATHJAX / part).resolve()
        dst = target / part
        if src.is_dir():
            shutil.copytree(src, dst, dirs_exist_ok=True)
        elif src.exists():
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, dst)


def setup(app):
    app.connect("build-finished", _copy_mathjax)
    os.environ.setdefault("MPLBACKEND", "Agg")
