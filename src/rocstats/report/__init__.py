"""Rendering of Quarto reports: ``rocstats-render FILE.qmd --to html|pdf|all``.

The renderer is ``rocstats.report.render.render`` (command line:
``rocstats-render``, ``rocstats.report.render.main``).  It needs the ``reports`` extra
(``pip install 'rocstats[reports]'``), imported only when a document is rendered.

Study reports of a user's own markers: `rocstats.report.roc_study` (module
``rocstats.report.study``; command line ``rocstats-report``).
"""

__all__ = ["roc_study"]


def __getattr__(name):  # PEP 562: the study module (and pandas) only on use
    if name == "roc_study":
        from .study import roc_study

        return roc_study
    raise AttributeError(f"module 'rocstats.report' has no attribute {name!r}")
