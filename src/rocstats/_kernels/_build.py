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
ffibuilder.cdef(
    """
    int rs_split_sort(const double *score, const uint8_t *is_pos, int64_t n,
                      double *pos_out, int64_t m, double *neg_out);
    int rs_split_argsort(const double *score, const uint8_t *is_pos, int64_t n,
                         double *pos_out, int64_t *pos_idx, int64_t m,
                         double *neg_out, int64_t *neg_idx);
    int64_t rs_auc2u_sorted(const double *pos, int64_t m, const double *neg, int64_t n);
    int64_t rs_placements_sorted(const double *pos, int64_t m, const double *neg, int64_t n,
                                 double *v10, double *v01);
    int64_t rs_delong_sums_sorted(const double *pos, int64_t m, const double *neg, int64_t n,
                                  uint64_t *sq);
    int64_t rs_auc2u_pairwise(const double *pos, int64_t m, const double *neg, int64_t n);
    int64_t rs_placements_pairwise(const double *pos, int64_t m, const double *neg, int64_t n,
                                   double *v10, double *v01);
    int64_t rs_roc_counts_desc(const double *score, const double *wpos, const double *wneg,
                               int64_t n, double *thr, double *tp, double *fp);
    """
)
ffibuilder.set_source(
    "rocstats._kernels._ckernels",
    '#include "rocstats_kernels.h"',
    # setuptools wants source paths relative to setup.py's directory (the cwd of a build)
    sources=[os.path.relpath(_CSRC / "rocstats_kernels.c")],
    include_dirs=[os.path.relpath(_CSRC)],
    extra_compile_args=["-O3", "-std=c99"],
)

if __name__ == "__main__":  # pragma: no cover - manual build
    ffibuilder.compile(verbose=True)
