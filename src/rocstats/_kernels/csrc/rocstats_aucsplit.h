/* AUC split rule kernels (randomForestSRC splitrule = "auc", seed 000).
 * See rocstats_aucsplit.c for the contracts. */
#ifndef ROCSTATS_AUCSPLIT_H
#define ROCSTATS_AUCSPLIT_H
#include <stdint.h>

int64_t rs_auc_sweep(const double *x, const int64_t *y, const double *w, int64_t n,
                     int64_t k, const double *cuts, int64_t ncuts, double *work,
                     double *cut_out, double *delta_out, double *wleft_out,
                     int64_t *nleft_out);
int rs_auc_best_columns(const double *xs, const int64_t *ys, const double *ws, int64_t m,
                        int64_t ncol, int64_t k, const double *cuts, const int64_t *ncuts,
                        int64_t maxcuts, double eps, double *work, int64_t *best_index,
                        double *best_cut, double *best_delta);
#endif
