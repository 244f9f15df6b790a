"""cffi builder for the rocstats C kernels (API mode, compiled at install time).

Referenced from setup.py as ``src/rocstats/_kernels/_build.py:ffibuilder``.  This file
never imports rocstats, so it can run before the package exists.

One extension, several C modules: each ``csrc/<name>.c`` has a header ``csrc/<name>.h``,
which is both ``#include``d by the generated wrapper and the source of the declarations
cffi exposes: `cdef_from_header` keeps its prototypes and drops comments and
preprocessor lines, so the declarations are written once, in the header.
"""
import os
import re
from pathlib import Path

from cffi import FFI

_HERE = Path(__file__).resolve().parent
_CSRC = _HERE / "csrc"

_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)


def cdef_from_header(text):
    """The cffi declarations of a header: its text without comments, preprocessor lines
    (include guards, ``#include``) and blank lines."""
    text = _COMMENT.sub("", text)
    lines = [ln.rstrip() for ln in text.splitlines()]
    return "\n".join(ln for ln in lines if ln.strip() and not ln.lstrip().startswith("#"))


MODULES = sorted(p.stem for p in _CSRC.glob("*.c"))

ffibuilder = FFI()
for _name in MODULES:
    ffibuilder.cdef(cdef_from_header((_CSRC / (_name + ".h")).read_text()))
ffibuilder.set_source(
    "rocstats._kernels._ckernels",
    "\n".join('#include "%s.h"' % _name for _name in MODULES),
    # setuptools wants source paths relative to setup.py's directory (the cwd of a build)
    sources=[os.path.relpath(_CSRC / (_name + ".c")) for _name in MODULES],
    include_dirs=[os.path.relpath(_CSRC)],
    extra_compile_args=["-O3", "-std=c99"],
)

if __name__ == "__main__":  # pragma: no cover - manual build
    ffibuilder.compile(verbose=True)
