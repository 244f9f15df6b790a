/* rocstats C kernels.
 *
 * Conventions
 *   - every length and every count is int64_t (pROC issue #19: m*n overflowed 32 bits);
 *   - "sorted" inputs are sorted ascending and contain no NaN (the Python layer checks);
 *   - twice the Mann-Whitney U is returned as an integer, so that ties (worth 1/2)
 *     stay exact: 2U = sum_ij [2*1(x_i > y_j) + 1(x_i == y_j)].
 * The NumPy module rocstats._kernels._numpy implements the same functions and is the
 * reference the tests compare against.
 */
#include <stdint.h>

/* Split scores by class and sort each class ascending: a least-significant-digit radix
 * sort on order-preserving 64-bit keys (16-bit digits, passes with a single occupied
 * bucket skipped), O(n).  -0.0 is written as +0.0 (they compare equal).  pos_out has
 * room for m values, neg_out for n - m, where m must equal the number of nonzero
 * is_pos.  Returns 0, -1 if memory could not be allocated, -2 if m is wrong. */
int rs_split_sort(const double *score, const uint8_t *is_pos, int64_t n,
                  double *pos_out, int64_t m, double *neg_out);

/* The same, also writing the permutation: pos_idx[k] is the index, among the positives
 * in input order, of the k-th smallest positive (neg_idx likewise).  Tied scores may
 * come in any order. */
int rs_split_argsort(const double *score, const uint8_t *is_pos, int64_t n,
                     double *pos_out, int64_t *pos_idx, int64_t m,
                     double *neg_out, int64_t *neg_idx);

/* 2U from two ascending arrays by one merge sweep: O(m + n). */
int64_t rs_auc2u_sorted(const double *pos, int64_t m, const double *neg, int64_t n);

/* DeLong placement values from two ascending arrays, in the sorted order of each array:
 *   v10[i] = (#{neg < pos[i]} + #{neg == pos[i]}/2) / n
 *   v01[j] = (#{pos > neg[j]} + #{pos == neg[j]}/2) / m
 * Returns 2U. O(m + n). */
int64_t rs_placements_sorted(const double *pos, int64_t m, const double *neg, int64_t n,
                             double *v10, double *v01);

/* Exact sums for the DeLong variance, by the same merge sweep without storing placements:
 * with c10_i = 2n v10_i and c01_j = 2m v01_j (integers), returns 2U = sum c10 = sum c01
 * and writes sq[0..1] = (high, low) 64-bit words of sum c10^2 and sq[2..3] those of
 * sum c01^2 (128-bit accumulators: c^2 can exceed 2^64). */
int64_t rs_delong_sums_sorted(const double *pos, int64_t m, const double *neg, int64_t n,
                              uint64_t *sq);

/* The definitions, O(m n), for any order of the inputs. */
int64_t rs_auc2u_pairwise(const double *pos, int64_t m, const double *neg, int64_t n);
int64_t rs_placements_pairwise(const double *pos, int64_t m, const double *neg, int64_t n,
                               double *v10, double *v01);

/* ROC counts over scores sorted DESCENDING: for each block of equal scores, the block's
 * score and the cumulative positive / negative weight up to and including the block.
 * Outputs have room for n entries; returns the number of distinct scores written. */
int64_t rs_roc_counts_desc(const double *score, const double *wpos, const double *wneg,
                           int64_t n, double *thr, double *tp, double *fp);
