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

#endif
