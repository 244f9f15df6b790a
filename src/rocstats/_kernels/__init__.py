"""The kernel layer: one switch between the C kernels and their NumPy twins.

Every loop over pairs, sorted sweeps or tree nodes lives in a *family* of kernels, each
with a C implementation (`rocstats._kernels.c`, the only package that touches the
cffi ``ffi`` / ``lib``) and a NumPy twin with the same contract
(`rocstats._kernels.numpy`, the reference the tests compare against):

``roc``        radix split-sort, AUC / DeLong sweeps, O(m n) definitions, ROC counts
``sauc``       the scored-AUC sweep, its definition, margin counts
``surrogate``  rpart's surrogate-split search
``tree``       the node kernel of the tree engine (Gini, information, anova and AUC
               kinds; rpart's and randomForestSRC's policies), the stable partition,
               presorts, the whole-tree driver of the forests, the router
``bootstrap``  bootstrap counts over the sorted data and the replicates' statistics
``venkatraman`` the per-permutation statistics of Venkatraman's paired and unpaired
               tests, given the permuted keys

The switch: the C kernels are used when the extension was built and
``ROCSTATS_PURE_PYTHON`` is not set to a true value; otherwise the NumPy twins, and if
the extension is missing (no C compiler at install time) one ``RuntimeWarning`` says so,
once.  Callers write ``from rocstats import _kernels`` and ``_kernels.roc.split_sort(...)``
(or ``from rocstats._kernels import sauc``); `backend` names the active side and
`implementations` gives both sides of a family for cross-checking.  Both sides of a
family export the same names (``__all__``; a test asserts it), and how they run -- the
environment variables, the choice of sort, the second thread -- is decided in
`rocstats._kernels._strategy`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, Optional, Sequence, Tuple, Union  # noqa: F401

from .._typing import ArrayLike, Direction, Jobs, Label, Range, Seed  # noqa: F401

if TYPE_CHECKING:
    import pandas as pd  # noqa: F401
import importlib
import warnings

from . import _strategy

__all__ = ["FAMILIES", "backend", "backend_info", "implementations",
           "roc", "sauc", "surrogate", "tree", "bootstrap", "venkatraman"]

FAMILIES = ("roc", "sauc", "surrogate", "tree", "bootstrap", "venkatraman")


def _load():
    """``(backend, reason)``; warns once when the extension should be there but is not."""
    if _strategy.pure_python():
        return "numpy", "ROCSTATS_PURE_PYTHON is set"
    try:
        importlib.import_module(".c", __name__)
    except ImportError as exc:  # extension not built (no compiler at install time)
        warnings.warn(
            "rocstats: the C extension is not available (%s); using the slower NumPy "
            "kernels. Reinstall with a C compiler to build it." % exc,
            RuntimeWarning, stacklevel=3)
        return "numpy", "C extension not importable: %s" % exc
    return "cffi", "C extension loaded"


_BACKEND, _REASON = _load()
_SIDE = {"cffi": "c", "numpy": "numpy"}


def _family(name, which=None):
    return importlib.import_module(".%s.%s" % (_SIDE[which or _BACKEND], name), __name__)


roc = _family("roc")
sauc = _family("sauc")
surrogate = _family("surrogate")
tree = _family("tree")
bootstrap = _family("bootstrap")
venkatraman = _family("venkatraman")


def backend() -> str:
    """Name of the active kernel implementation: ``"cffi"`` or ``"numpy"``."""
    return _BACKEND


def backend_info() -> Tuple[str, str]:
    """``(name, reason)``: the active implementation and why it was chosen."""
    return _BACKEND, _REASON


def implementations(family="roc"):
    """``{"numpy": module, "cffi": module}`` for one kernel family (``"cffi"`` only when
    the extension is built, whatever the switch says), for cross-checking in tests."""
    if family not in FAMILIES:
        raise ValueError("family must be one of %s, got %r" % (FAMILIES, family))
    impls = {"numpy": _family(family, "numpy")}
    try:
        impls["cffi"] = _family(family, "cffi")
    except ImportError:
        pass
    return impls
