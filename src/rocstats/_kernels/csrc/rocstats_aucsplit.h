/* AUC split rule kernels (randomForestSRC splitrule = "auc", seed 000) and the AUC tree
 * grower.  See rocstats_aucsplit.c for the contracts. */
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
int rs_splitmix64_fill(uint64_t seed, int64_t count, uint64_t r, uint64_t *raw,
                       uint64_t *below);
int64_t rs_grow_auc_tree(const double *xt, const int64_t *order, const int64_t *y,
                         const double *w, int64_t n, int64_t p, int64_t k,
                         double min_split, int64_t max_depth, int64_t mtry, int64_t nsplit,
                         int64_t var_order, uint64_t seed, double eps, int64_t capacity,
                         int64_t *left, int64_t *right, int64_t *parent, int64_t *depth,
                         int64_t *node_id, int64_t *feature, double *threshold,
                         double *delta, int64_t *count, double *weight, double *value);
int rs_auc_tree_apply(const double *x, int64_t row_stride, int64_t col_stride,
                      const int64_t *rows, int64_t nrows, const int64_t *left,
                      const int64_t *right, const int64_t *feature,
                      const double *threshold, int64_t nnodes, int64_t p, int64_t *out);
#endif
