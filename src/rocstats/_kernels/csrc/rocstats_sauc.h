/* rocstats C kernels for the scored AUC (Wu, Flach & Ferri 2007).
 *
 * Notation: pos = the m positive scores y_i, neg = the n negative scores x_j.
 * Kernel h(y, x) = (y - x) 1(y > x); sAUC = (1/mn) sum_ij h(y_i, x_j).
 * Conventions as rocstats_kernels.h: int64_t lengths and counts, "sorted" = ascending
 * without NaN (the Python layer checks), 2U returned as an exact integer.
 *
 * Summary outputs (out[0..6]) of rs_sauc_sweep and rs_sauc_pairwise:
 *   out[0] = sum_ij h(y_i, x_j)                 (mn sAUC)
 *   out[1] = sum_ij y_i 1(y_i > x_j)            (mn R+)
 *   out[2] = sum_ij x_j 1(y_i > x_j)            (mn R-)
 *   out[3] = mean of V_i = (1/n) sum_j h(y_i, x_j)         (equals sAUC)
 *   out[4] = sum_i (V_i - mean V)^2                         (long double, shifted sums)
 *   out[5] = mean of W_j = (1/m) sum_i h(y_i, x_j)         (equals sAUC)
 *   out[6] = sum_j (W_j - mean W)^2
 * The return value is 2U = sum_ij [2 1(y_i > x_j) + 1(y_i == x_j)] (>= 0), or a
 * negative status: -1 bad arguments (m < 1, n < 1 or a NULL required pointer),
 * -2 no memory. */
#ifndef ROCSTATS_SAUC_H
#define ROCSTATS_SAUC_H
#include <stdint.h>

/* One merge sweep over two ascending arrays, O(m + n).  For each positive it keeps the
 * count and the (long double) sum of the negatives strictly below; for each negative,
 * walking down, the count and sum of the positives strictly above.  v (m values) and
 * w (n values), the structural components in the sorted order of each array, are
 * written when not NULL. */
int64_t rs_sauc_sweep(const double *pos, int64_t m, const double *neg, int64_t n,
                      double *v, double *w, double *out);

/* One direction of rs_sauc_sweep: part 1 (forward) returns 2U and writes out[0..4] and
 * v; part 2 (backward) returns 0 and writes out[5..6] and w.  The two read pos and neg
 * only and write disjoint outputs, so they may run on two threads at once; together
 * they give the very numbers of rs_sauc_sweep.  -1 on bad arguments (also part not 1
 * or 2). */
int64_t rs_sauc_sweep_part(const double *pos, int64_t m, const double *neg, int64_t n,
                           double *v, double *w, double *out, int part);

/* rs_sauc_sweep writing each run of equal values' component once: v at the run's first
 * (lowest) index, w at its last (highest) index; the other slots are left as they were
 * (for the components by value, without touching every slot). */
int64_t rs_sauc_sweep_runs(const double *pos, int64_t m, const double *neg, int64_t n,
                           double *v, double *w, double *out);

/* The definition, O(m n), any order; v and w are required (m and n values). */
int64_t rs_sauc_pairwise(const double *pos, int64_t m, const double *neg, int64_t n,
                         double *v, double *w, double *out);

/* count[t] = #{(i, j): pos[i] - neg[j] > tau[t]} (the difference rounded in double, as
 * the definition evaluates it) for k margins, by a two-pointer merge per margin:
 * O(k (m + n)).  pos and neg ascending; tau in any order.  Returns 0, or -1 on bad
 * arguments. */
int rs_sauc_margin_counts(const double *pos, int64_t m, const double *neg, int64_t n,
                          const double *tau, int64_t k, int64_t *count);

/* The structural components put back in case order without sorting the cases, for
 * scores with few distinct values (issue 14): every case's score is looked up in a hash
 * table of its class, built from pkeys/pvals (up distinct positive scores and their
 * components) or nkeys/nvals (un, negatives), and the value found is written to v (the
 * m positives, in case order) or w (the negatives).  O(len + up + un), tables of 4x the
 * larger key count (up, un <= 2^30).  Returns the number of scores that are not a key of
 * their table (0.0 is written for them: the caller must not use the outputs), -1 on bad
 * arguments, -2 when is_pos does not mark m positives, -3 no memory. */
int64_t rs_sauc_lookup_split(const double *score, const uint8_t *is_pos, int64_t len,
                             const double *pkeys, const double *pvals, int64_t up,
                             const double *nkeys, const double *nvals, int64_t un,
                             double *v, int64_t m, double *w);

/* rs_sauc_margin_counts from the distinct values: pos[0..up) and neg[0..un) ascending
 * and distinct, pcount[i] the number of positives equal to pos[i], ncum[q] (q = 0..un)
 * the number of negatives equal to one of neg[0..q) (ncum[0] = 0).  O(k (up + un)); the
 * same counts.  Returns 0, or -1 on bad arguments. */
int rs_sauc_margin_counts_runs(const double *pos, const int64_t *pcount, int64_t up,
                               const double *neg, const int64_t *ncum, int64_t un,
                               const double *tau, int64_t k, int64_t *count);

/* The distinct scores of each class with their counts, in order of first appearance
 * (hash tables; issue 14): positives (is_pos[i] != 0) into pkeys/pcount, negatives into
 * nkeys/ncount (each with room for maxu entries, maxu <= 2^30); sizes[0] and sizes[1]
 * get the numbers of distinct positive and negative scores.  Returns 0; -4 when a
 * class has more than maxu distinct scores, -5 when a score is -0.0 (whose run in a
 * sort could be led by -0.0 or +0.0: the caller sorts instead), -1 bad arguments,
 * -3 no memory. */
int64_t rs_sauc_hist(const double *score, const uint8_t *is_pos, int64_t len, int64_t maxu,
                     double *pkeys, int64_t *pcount, double *nkeys, int64_t *ncount,
                     int64_t *sizes);

/* rs_sauc_sweep on the distinct values: pos[0..up) and neg[0..un) ascending and
 * distinct, pcount / ncount (>= 1) how many positives / negatives have each value.
 * The very operations of rs_sauc_sweep on the expanded sorted arrays (prefix sums still
 * add one score at a time), so the same out[] and 2U; v[a] and w[q] get the component
 * of the run of pos[a] and of neg[q].  O(m + n) additions but no sort of the cases.
 * Returns 2U, or -1 on bad arguments (up or un < 1, a count < 1, NULL), -2 when no memory
 * for its two prefix-sum tables (up + un + 2 long doubles). */
int64_t rs_sauc_sweep_hist(const double *pos, const int64_t *pcount, int64_t up,
                           const double *neg, const int64_t *ncount, int64_t un,
                           double *v, double *w, double *out);

/* The paired test's structural components of one score from ONE sort of all its cases
 * (issue 14).  rs_sauc_pack_split writes xs = the scores split by class (the m
 * positives, is_pos[i] != 0, in case order at xs[0..m), the negatives at xs[m..len)) and
 * keys[s] = the bits of xs[s] with the low `bits` bits replaced by the slot s (2^bits >=
 * len, bits <= 40; -0.0 taken as +0.0): the scores must be >= 0 (sAUC scores lie in
 * [0, 1]), so the keys are the bit patterns of non-negative doubles and sorting them as
 * float64 (NumPy; faster there than as integers) orders the cases by value up to the
 * low bits, ties by slot: positives before negatives, each class in case order.
 * Returns 0, -1 on bad arguments, -2 when is_pos does not mark m positives, -3 when a
 * score is negative, NaN or +inf (the outputs are then not to be used). */
int rs_sauc_pack_split(const double *score, const uint8_t *is_pos, int64_t len, int64_t m,
                       int bits, double *xs, uint64_t *keys);

/* From the sorted keys of rs_sauc_pack_split: unpacks them (keys[s] becomes the slot,
 * srt[s] its score; the values that shared their high bits are insertion-sorted, ties
 * kept in slot order), then two blocked sweeps over the merged order with the
 * long-double prefix sums of rs_sauc_sweep, added in the same order: V of each positive
 * is written to v[slot] (slot < m, case order) and W of each negative to w[slot - m];
 * *sum_h = out[0] of rs_sauc_sweep.  Every value is the one rs_sauc_sweep on the sorted
 * classes gives, scattered by the sorting permutations.  v and w may be xs and xs + m
 * (xs is read only while unpacking).  Needs m >= 1 and len - m >= 1.  Returns 0; 1 when
 * the insertion sort would be long (the caller then sorts otherwise); -1 bad arguments,
 * -2 a key whose slot is out of range. */
int rs_sauc_merged_components(uint64_t *keys, int64_t len, int64_t m, int bits,
                              const double *xs, double *srt, double *v, double *w,
                              double *sum_h);

/* rs_sauc_hist that also writes codes[i] = the index of case i's score among the
 * distinct scores of its class (in pkeys or nkeys); needs maxu <= 65536.  Same
 * returns. */
int64_t rs_sauc_hist_codes(const double *score, const uint8_t *is_pos, int64_t len,
                           int64_t maxu, double *pkeys, int64_t *pcount, double *nkeys,
                           int64_t *ncount, int64_t *sizes, uint16_t *codes);

/* The paired test's differences of structural components for scores with few distinct
 * values: for the i-th positive case (is_pos[i] != 0) d[ip] = pa[codes_a[i]] -
 * pb[codes_b[i]], for the negatives e[in] = na[codes_a[i]] - nb[codes_b[i]] (both in
 * case order), with pa/na the components of score a's distinct positive/negative
 * scores indexed by the codes of rs_sauc_hist_codes (likewise pb/nb), each table holding
 * maxu entries.  Returns 0; -1 bad arguments or a code >= maxu; -2 when is_pos does not
 * mark m positives. */
int rs_sauc_codes_diff(const uint16_t *codes_a, const uint16_t *codes_b,
                       const uint8_t *is_pos, int64_t len, int64_t maxu,
                       const double *pa, const double *pb, const double *na,
                       const double *nb, double *d, int64_t m, double *e);

/* The smallest and largest of x[0..len) (len >= 1) in out[0], out[1], in one pass; which
 * zero of -0.0 and +0.0 is reported is not specified.  Returns 0, 1 when an entry is NaN
 * (out = NaN, NaN), -1 on bad arguments. */
int rs_sauc_minmax(const double *x, int64_t len, double *out);

#endif
