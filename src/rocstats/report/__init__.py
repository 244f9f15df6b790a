"""Rendering of Quarto reports: ``rocstats-render FILE.qmd --to html|pdf|all``.

The renderer is :func:`rocstats.report.render.render` (command line:
:func:`rocstats.report.render.main`).  It needs the ``reports`` extra
(``pip install 'rocstats[reports]'``), imported only when a document is rendered.
"""
