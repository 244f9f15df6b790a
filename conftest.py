"""Repository-root pytest configuration.

Puts the repository root on ``sys.path`` so tests can ``import validation`` (the stored
R results in validation/results and the comparison helpers in validation/) whatever the
import mode; pyproject.toml's pytest section is left alone.
"""
import sys
from pathlib import Path

_ROOT = str(Path(__file__).resolve().parent)
if _ROOT not in sys.path:
    sys.path.insert(0, _ROOT)
