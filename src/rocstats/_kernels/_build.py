"""cffi builder for the rocstats C kernels (API mode, compiled at install time).

Referenced from setup.py as ``src/rocstats/_kernels/_build.py:ffibuilder``.  This file
never imports rocstats, so it can run before the package exists.
"""
import os
from pathlib import Path

from cffi import FFI

_HERE = Path(__file__).resolve().parent
_CSRC = _HERE / "csrc"

ffibuilder = FFI()

# One extension, several C modules.  Each module ``csrc/<name>.c`` has a header
# ``csrc/<name>.h`` (included by the generated wrapper) and a ``csrc/<name>.cdef`` holding
# the declarations cffi should expose (plain C prototypes: no #include, no macros).
_MODULES = sorted(p.stem for p in _CSRC.glob("*.c"))
for _name in _MODULES:
    _cdef = _CSRC / (_name + ".cdef")
    if _cdef.is_file():
        ffibuilder.cdef(_cdef.read_text())
ffibuilder.set_source(
    "rocstats._kernels._ckernels",
    "\n".join('#include "%s.h"' % _name for _name in _MODULES),
    # setuptools wants source paths relative to setup.py's directory (the cwd of a build)
    sources=[os.path.relpath(_CSRC / (_name + ".c")) for _name in _MODULES],
    include_dirs=[os.path.relpath(_CSRC)],
    extra_compile_args=["-O3", "-std=c99"],
)

if __name__ == "__main__":  # pragma: no cover - manual build
    ffibuilder.compile(verbose=True)
