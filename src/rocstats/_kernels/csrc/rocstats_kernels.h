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

/* For each positive, from two ascending arrays by one merge sweep, O(m + n):
 *   below[i] = #{neg < pos[i]},  ties[i] = #{neg == pos[i]}
 * (the false positives of precision-recall steps, issue 25). */
void rs_below_ties_sorted(const double *pos, int64_t m, const double *neg, int64_t n,
                          int64_t *below, int64_t *ties);

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

/* ---- the fast path of the split-sort (issue 14) --------------------------------------
 * rs_split: the scores of each class in input order (no sort), branch-free: pos_out gets
 * the m scores with nonzero is_pos, neg_out the n - m others.  Returns 0, or -2 if m is
 * not the number of nonzero is_pos (nothing is written out of bounds either way). */
int rs_split(const double *score, const uint8_t *is_pos, int64_t n, double *pos_out,
             int64_t m, double *neg_out);

/* Packed sort keys for an argsort by a 64-bit integer sort: with b = bits, keys[i] =
 * (order-preserving key of x[i] with its low b bits cleared) | i, for len <= 2^b and
 * 0 <= b <= 40.  Sorting the keys orders by value up to the cleared bits, then by index.
 * Returns 0, or -1 on bad arguments. */
int rs_pack_keys(const double *x, int64_t len, int bits, uint64_t *keys);

/* After the keys of rs_pack_keys were sorted ascending: idx[k] = keys[k] & (2^b - 1),
 * sorted[k] = x[idx[k]], then values equal in their high bits but out of order are put
 * in order (insertion within such runs).  Returns 0; 1 if that repair would exceed
 * about 8 len moves (the caller then sorts another way; outputs are then unspecified);
 * -1 on bad arguments (an index >= len included). */
int rs_unpack_keys(const uint64_t *keys, int64_t len, int bits, const double *x,
                   double *sorted, int64_t *idx);

/* The sweeps of rs_auc2u_sorted and rs_delong_sums_sorted, same results, as one merge
 * over tie blocks cut into 4 independent segments walked in an interleaved way (the
 * merge's compare-and-advance chain is latency-bound; 4 chains overlap).  Requires
 * m, n < 2^31 (each c10, c01 < 2^32, so c^2 fits 64 bits); returns -1 otherwise, and
 * the caller uses the plain kernels. */
int64_t rs_auc2u_sorted_fast(const double *pos, int64_t m, const double *neg, int64_t n);
int64_t rs_delong_sums_sorted_fast(const double *pos, int64_t m, const double *neg,
                                   int64_t n, uint64_t *sq);

/* rs_split without a mask: the positives are the rows with labels[i] == value, for
 * labels of one of these types (NumPy int64, int32, int8 / uint8 / bool as uint8 with
 * value 0..255, float64).  Same contract and status as rs_split, and 1 when the split
 * was done but a score is NaN or infinite; the memory-lean split of a 1-D score (no
 * n-byte mask next to the 8n bytes of output). */
int rs_split_eq_i64(const double *score, const int64_t *labels, int64_t value, int64_t n,
                    double *pos_out, int64_t m, double *neg_out);
int rs_split_eq_i32(const double *score, const int32_t *labels, int32_t value, int64_t n,
                    double *pos_out, int64_t m, double *neg_out);
int rs_split_eq_u8(const double *score, const uint8_t *labels, uint8_t value, int64_t n,
                   double *pos_out, int64_t m, double *neg_out);
int rs_split_eq_i8(const double *score, const int8_t *labels, int8_t value, int64_t n,
                   double *pos_out, int64_t m, double *neg_out);
int rs_split_eq_f64(const double *score, const double *labels, double value, int64_t n,
                    double *pos_out, int64_t m, double *neg_out);

/* DeLong placement values written in case order: as rs_placements_sorted, but the value
 * of the i-th smallest positive goes to v10[pos_idx[i]] and that of the j-th smallest
 * negative to v01[neg_idx[j]] (pos_idx, neg_idx: the sorting permutations of
 * rs_split_argsort; every index must be in range and each used once).  Same values bit
 * for bit (c / (2n), c / (2m)).  Interleaved tie-block merge as rs_auc2u_sorted_fast;
 * returns 2U, or -1 if m or n >= 2^31 or an index is out of range. */
int64_t rs_placements_scatter(const double *pos, const int64_t *pos_idx, int64_t m,
                              const double *neg, const int64_t *neg_idx, int64_t n,
                              double *v10, double *v01);

/* ---- label scan and column split (issue 14) ----------------------------------------
 * rs_two_values_*: one pass over n labels (NumPy int64, int32, uint8 / bool, int8,
 * float64).  Returns the number of distinct values, 1 or 2, with vals[0] < vals[1] and
 * counts[] their numbers of rows (vals, counts have room for 2); 0 for n <= 0; 3 when
 * there are more than two values or a NaN (nothing useful is written then). */
int rs_two_values_i64(const int64_t *x, int64_t n, int64_t *vals, int64_t *counts);
int rs_two_values_i32(const int32_t *x, int64_t n, int32_t *vals, int64_t *counts);
int rs_two_values_u8(const uint8_t *x, int64_t n, uint8_t *vals, int64_t *counts);
int rs_two_values_i8(const int8_t *x, int64_t n, int8_t *vals, int64_t *counts);
int rs_two_values_f64(const double *x, int64_t n, double *vals, int64_t *counts);

/* rs_split for the k columns of a row-major n x k score matrix in one pass: row c of
 * pos_out (k x m, row-major) gets column c's scores of the rows with nonzero is_pos, in
 * input order; row c of neg_out (k x (n - m)) the others.  Returns 0, or -2 if m is not
 * the number of nonzero is_pos or k < 1 (nothing is written out of bounds either way). */
int rs_split_columns(const double *score, int64_t n, int64_t k, const uint8_t *is_pos,
                     double *pos_out, int64_t m, double *neg_out);
