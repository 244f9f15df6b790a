"""Where the harness finds the repository's stored R outputs and writes its results.

Everything is located from this file (``validation/rocstats_validation/paths.py``), so
the harness must run from a checkout (an editable install, ``pip install -e
./validation``, or ``validation`` on ``sys.path``), never from a copied wheel.

``REPO_ROOT``      the repository
``VALIDATION_DIR`` ``validation/``: the harness, ``r/*.R`` generators, ``results/``
``RESULTS_DIR``    ``validation/results/``: stored R outputs (DO NOT EDIT)
``DATA_DIR``       ``validation/results/data/``: the one stored copy of every data set
``OUTPUT_DIR``     ``validation/output/``: the suites' JSON results (not committed)
"""
from pathlib import Path

VALIDATION_DIR = Path(__file__).resolve().parent.parent
REPO_ROOT = VALIDATION_DIR.parent
RESULTS_DIR = VALIDATION_DIR / "results"
DATA_DIR = RESULTS_DIR / "data"
OUTPUT_DIR = VALIDATION_DIR / "output"

__all__ = ["REPO_ROOT", "VALIDATION_DIR", "RESULTS_DIR", "DATA_DIR", "OUTPUT_DIR"]
