/* rocstats C kernels for the bootstrap of ROC statistics.
 *
 * The data are sorted ONCE (by the Python layer): the distinct scores, in working space
 * (higher = more positive), ascending, are the "blocks" 0 .. K-1; pos_block[i] is the
 * block of the i-th positive and neg_block[j] that of the j-th negative (both in
 * ascending order of score, so the arrays are non-decreasing; any order works).  A
 * bootstrap replicate is a vector of multinomial counts over the observations, summed
 * per block (cnt_pos[b], cnt_neg[b]); every statistic is one O(K) sweep over the
 * blocks.  Replicates never re-sort.
 *
 * Sampling (pROC's boot.stratified): stratified = draw m positives among the m and n
 * negatives among the n, uniformly with replacement; not stratified = draw m + n
 * observations among all of them (a replicate may then lack a class: NaN).
 *
 * Random numbers: counter-based, so that replicate r is the same whatever the number of
 * threads or the range of replicates computed in one call:
 *   mix(z)        = the splitmix64 finaliser (Steele, Lea & Flood 2014):
 *                   z ^= z >> 30; z *= 0xBF58476D1CE4E5B9; z ^= z >> 27;
 *                   z *= 0x94D049BB133111EB; z ^= z >> 31
 *   key(seed, r)  = mix(seed + (r + 1) * 0xD1B54A32D192ED03)
 *   draw k of r   = mix(key(seed, r) + (k + 1) * 0x9E3779B97F4A7C15)   (mod 2^64)
 *   index in [0, range) = floor(draw * range / 2^64)   (Lemire's multiply-high, no
 *                   rejection: bias below range / 2^64)
 * Stratified: draws 0 .. m-1 pick positives, draws m .. m+n-1 pick negatives.  Not
 * stratified: draws 0 .. m+n-1 pick among the m positives then the n negatives.
 *
 * Conventions: int64_t lengths and counts; float results computed with exactly the
 * floating-point operations pROC uses (se = tp / ncases, sp = (ncontrols - fp) /
 * ncontrols, its interpolation formula) so that a replicate gives pROC's value bit for
 * bit.  Return value 0, or -1 when memory could not be allocated, -2 on bad arguments
 * (negative sizes, a block index outside [0, K), targets not ascending or outside
 * [0, 1], cuts outside [0, K], r0 > r1).  The NumPy module
 * rocstats._kernels.numpy.bootstrap implements the same functions; tests compare them
 * exactly. */
#ifndef ROCSTATS_BOOTSTRAP_H
#define ROCSTATS_BOOTSTRAP_H
#include <stdint.h>

/* The random stream: draw k of replicate r, and the multiply-high bounded index. */
uint64_t rs_boot_draw(uint64_t seed, int64_t replicate, int64_t k);
uint64_t rs_boot_bounded(uint64_t u, uint64_t range);

/* Counts of replicates r0 .. r1-1: rows of K int64 in cnt_pos / cnt_neg ((r1 - r0) x K,
 * row-major). */
int rs_boot_counts(const int64_t *pos_block, int64_t m, const int64_t *neg_block, int64_t n,
                   int64_t n_blocks, int stratified, uint64_t seed, int64_t r0, int64_t r1,
                   int64_t *cnt_pos, int64_t *cnt_neg);

/* ---- statistics of given counts: n_rep rows of n_blocks counts each ---------------- */

/* AUC = 2U / (2 m n) with 2U = sum_b cp[b] (2 #neg below b + cn[b]) in 64-bit integers
 * (m, n the row's class totals; m n must be below 2^62); NaN when a class is empty. */
int rs_boot_auc_counts(const int64_t *cnt_pos, const int64_t *cnt_neg, int64_t n_rep,
                       int64_t n_blocks, double *auc);

/* The curve at given coordinates, as pROC's coords(roc, x, input = "specificity",
 * ret = "sensitivity") (given = 0) or coords(roc, x, input = "sensitivity",
 * ret = "specificity") (given = 1): points in pROC's order (all positive first; one
 * point per non-empty block); an exact match takes the most sensitive point of that
 * specificity (given = 0) or the most specific point of that sensitivity (given = 1);
 * otherwise linear interpolation between the two neighbouring points.  targets
 * ascending in [0, 1]; out is n_rep x n_targets; NaN when a class is empty. */
int rs_boot_curve_counts(const int64_t *cnt_pos, const int64_t *cnt_neg, int64_t n_rep,
                         int64_t n_blocks, int given, const double *targets,
                         int64_t n_targets, double *out);

/* Tail counts at fixed cut blocks: tp[t] = sum_{b >= cuts[t]} cp[b], fp[t] likewise
 * (cuts in [0, K], any order); n_pos / n_neg the row totals.  tp, fp are
 * n_rep x n_cuts. */
int rs_boot_tails_counts(const int64_t *cnt_pos, const int64_t *cnt_neg, int64_t n_rep,
                         int64_t n_blocks, const int64_t *cuts, int64_t n_cuts, int64_t *tp,
                         int64_t *fp, int64_t *n_pos, int64_t *n_neg);

/* ---- fused: draw and evaluate replicates r0 .. r1-1 (outputs start at row 0) -------- */

int rs_boot_auc(const int64_t *pos_block, int64_t m, const int64_t *neg_block, int64_t n,
                int64_t n_blocks, int stratified, uint64_t seed, int64_t r0, int64_t r1,
                double *auc);

int rs_boot_curve(const int64_t *pos_block, int64_t m, const int64_t *neg_block, int64_t n,
                  int64_t n_blocks, int stratified, uint64_t seed, int64_t r0, int64_t r1,
                  int given, const double *targets, int64_t n_targets, double *out);

int rs_boot_tails(const int64_t *pos_block, int64_t m, const int64_t *neg_block, int64_t n,
                  int64_t n_blocks, int stratified, uint64_t seed, int64_t r0, int64_t r1,
                  const int64_t *cuts, int64_t n_cuts, int64_t *tp, int64_t *fp,
                  int64_t *n_pos, int64_t *n_neg);

#endif
