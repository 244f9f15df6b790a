#ifndef ROCSTATS_SURROGATE_H
#define ROCSTATS_SURROGATE_H
#include <stdint.h>

/* Best numeric surrogate split of k candidate columns at one tree node (rpart 4.1.19's
 * rule, see rocstats/tree/_surrogate.py).  Column c holds n values in
 * xcols[c * n .. c * n + n - 1]; orders[c * n + i], i < n_order[c], are row indices
 * (0..n-1, each at most once) in increasing order of the column's value; rows whose value
 * is NaN (missing) may appear anywhere in that list and are skipped.  go[r] is -1 / +1 / 0
 * (the primary split sends row r left / right / primary missing), w[r] its case weight.
 * For each column, out[c * 6 + 0..5] = found (1/0), kind (-1: x < cut goes left, +1:
 * x < cut goes right), cut, agreeing weight, weight of go = -1 rows and of go = +1 rows
 * among the rows with the column present.
 * Returns 0; -1 for inconsistent arguments (an index out of range or repeated, n_order
 * outside 0..n), -2 when a list is not in increasing order, -3 when out of memory.  On
 * a negative return nothing useful is in out. */
int rs_surrogate_numeric(int64_t n, int64_t k, const double *xcols, const int8_t *go,
                         const double *w, const int64_t *orders, const int64_t *n_order,
                         double *out);

/* Categorical surrogates of k candidate columns (same node, same go / w).  Column c holds
 * level codes 0..q-1 (as doubles; NaN = missing) in xcols[c * n ..]; its weights are
 * summed in the order orders[c * n + i], i < n (a permutation of the rows; rpart keeps
 * categorical lists in row order).  Each level goes to the side where the primary sends
 * more of its weight (a tie: to the overall majority side); levels without a
 * positive-weight row having go != 0 get 0.  dirs[c * q + l] = -1 (left), +1 (right) or 0;
 * out[c * 4 + 0..3] = accepted (rpart 4.1.19: more than one row disagrees with the
 * primary and more than one agrees), agreeing weight, weight of go = -1 and of go = +1
 * rows with the column present.  Returns 0; -1 for inconsistent arguments (an index out
 * of range or repeated, a code outside 0..q-1); -3 out of memory. */
int rs_surrogate_categorical(int64_t n, int64_t k, int64_t q, const double *xcols,
                             const int8_t *go, const double *w, const int64_t *orders,
                             int8_t *dirs, double *out);

/* All surrogate candidates of one node of the CART builder, read in place from the
 * builder's arrays (no copies): xt is the feature-major matrix (p rows of n values, NaN
 * missing, categorical columns as level codes), sorts the builder's per-feature row lists
 * (p rows of n row ids) of which the node owns positions [n1, n2) -- numeric lists in
 * increasing order of value, categorical lists in the order their weights are summed;
 * nlev[f] = levels of feature f (0 = numeric), each at most qmax; goes[r] / w[r] the
 * primary direction (-1 / +1 / 0) and case weight of row id r.  tot[0..1] = weight the
 * primary sends left / right, summed in the primary feature's list order.  For every
 * feature f other than primary: numeric -> out[f * 6 + 0..5] as rs_surrogate_numeric;
 * categorical -> out[f * 6 + 0..3] as rs_surrogate_categorical and dirs[f * qmax + l],
 * l < nlev[f]; every other entry of out / dirs is 0.  Row ids are bounds-checked (not
 * checked for repeats: the builder's lists are permutations).  Returns 0; -1 for
 * inconsistent arguments (a row id out of range, a level code outside 0..nlev-1, nlev
 * outside 0..qmax, a bad segment or primary); -2 when a numeric list is not in increasing
 * order; -3 out of memory. */
int rs_surrogate_node(int64_t n, int64_t p, const double *xt, const int64_t *sorts,
                      int64_t n1, int64_t n2, const int64_t *nlev, int64_t qmax,
                      const int8_t *goes, const double *w, int64_t primary,
                      double *tot, double *out, int8_t *dirs);

#endif
