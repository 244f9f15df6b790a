/* rocstats bootstrap kernels: see rocstats_bootstrap.h for the contract of each function. */
#include "rocstats_bootstrap.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define RS_GOLDEN 0x9E3779B97F4A7C15ULL
#define RS_KEYMUL 0xD1B54A32D192ED03ULL

static inline uint64_t mix64(uint64_t z)
{
    z ^= z >> 30;
    z *= 0xBF58476D1CE4E5B9ULL;
    z ^= z >> 27;
    z *= 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* floor(a * b / 2^64): one 128-bit product where the compiler has it, else four
 * 32 x 32-bit products (the same value) */
#if defined(__SIZEOF_INT128__)
__extension__ typedef unsigned __int128 rs_u128;
static inline uint64_t mulhi64(uint64_t a, uint64_t b)
{
    return (uint64_t)(((rs_u128)a * b) >> 64);
}
#else
static inline uint64_t mulhi64(uint64_t a, uint64_t b)
{
    const uint64_t M = 0xFFFFFFFFULL;
    const uint64_t a_lo = a & M, a_hi = a >> 32, b_lo = b & M, b_hi = b >> 32;
    const uint64_t lo_lo = a_lo * b_lo, hi_lo = a_hi * b_lo;
    const uint64_t lo_hi = a_lo * b_hi, hi_hi = a_hi * b_hi;
    const uint64_t cross = (lo_lo >> 32) + (hi_lo & M) + lo_hi;
    return hi_hi + (hi_lo >> 32) + (cross >> 32);
}
#endif

static inline uint64_t key_of(uint64_t seed, int64_t r)
{
    return mix64(seed + (uint64_t)(r + 1) * RS_KEYMUL);
}

uint64_t rs_boot_draw(uint64_t seed, int64_t replicate, int64_t k)
{
    return mix64(key_of(seed, replicate) + (uint64_t)(k + 1) * RS_GOLDEN);
}

uint64_t rs_boot_bounded(uint64_t u, uint64_t range)
{
    return mulhi64(u, range);
}

/* ------------------------------------------------------------------ argument checks */
static int blocks_ok(const int64_t *block, int64_t len, int64_t n_blocks)
{
    if (len < 0) return 0;
    if (len > 0 && block == NULL) return 0;
    for (int64_t i = 0; i < len; i++)
        if (block[i] < 0 || block[i] >= n_blocks) return 0;
    return 1;
}

static int sampling_ok(const int64_t *pos_block, int64_t m, const int64_t *neg_block,
                       int64_t n, int64_t n_blocks, int64_t r0, int64_t r1)
{
    return n_blocks >= 1 && r0 >= 0 && r1 >= r0 && blocks_ok(pos_block, m, n_blocks)
           && blocks_ok(neg_block, n, n_blocks);
}

static int targets_ok(const double *targets, int64_t n_targets)
{
    if (n_targets < 0 || (n_targets > 0 && targets == NULL)) return 0;
    for (int64_t t = 0; t < n_targets; t++) {
        if (!(targets[t] >= 0.0 && targets[t] <= 1.0)) return 0;   /* also NaN */
        if (t > 0 && targets[t] < targets[t - 1]) return 0;
    }
    return 1;
}

static int cuts_ok(const int64_t *cuts, int64_t n_cuts, int64_t n_blocks)
{
    if (n_cuts < 0 || (n_cuts > 0 && cuts == NULL)) return 0;
    for (int64_t t = 0; t < n_cuts; t++)
        if (cuts[t] < 0 || cuts[t] > n_blocks) return 0;
    return 1;
}

/* ------------------------------------------------------------------ drawing */
/* The counts of replicate r into cp / cn (K entries each, zeroed here). */
static void draw_counts(const int64_t *pos_block, int64_t m, const int64_t *neg_block,
                        int64_t n, int64_t n_blocks, int stratified, uint64_t seed,
                        int64_t r, int64_t *cp, int64_t *cn)
{
    const uint64_t key = key_of(seed, r);
    memset(cp, 0, (size_t)n_blocks * sizeof *cp);
    memset(cn, 0, (size_t)n_blocks * sizeof *cn);
    uint64_t ctr = key;
    if (stratified) {
        for (int64_t k = 0; k < m; k++) {
            ctr += RS_GOLDEN;
            cp[pos_block[mulhi64(mix64(ctr), (uint64_t)m)]]++;
        }
        for (int64_t k = 0; k < n; k++) {
            ctr += RS_GOLDEN;
            cn[neg_block[mulhi64(mix64(ctr), (uint64_t)n)]]++;
        }
    } else {
        const uint64_t total = (uint64_t)m + (uint64_t)n;
        for (uint64_t k = 0; k < total; k++) {
            ctr += RS_GOLDEN;
            const uint64_t i = mulhi64(mix64(ctr), total);
            if (i < (uint64_t)m) cp[pos_block[i]]++;
            else cn[neg_block[i - (uint64_t)m]]++;
        }
    }
}

/* ------------------------------------------------------------------ one row */
static double auc_row(const int64_t *cp, const int64_t *cn, int64_t K)
{
    int64_t below = 0, twice_u = 0, m = 0;
    for (int64_t b = 0; b < K; b++) {
        twice_u += cp[b] * (2 * below + cn[b]);
        below += cn[b];
        m += cp[b];
    }
    if (m == 0 || below == 0) return NAN;
    return (double)twice_u / (2.0 * (double)m * (double)below);
}

/* The least integer i in [0, d] with fl(i / d) >= v (ge = 1) or fl(i / d) > v (ge = 0),
 * d + 1 if none: fl(i / d) is non-decreasing in i, so every comparison of a rate with v
 * in the sweep becomes an integer comparison (bit-identical to the float test). */
static int64_t rate_cut(double v, int64_t d, int ge)
{
    int64_t i = (int64_t)(v * (double)d) - 2;
    if (i < 0) i = 0;
    while (i > 0 && (ge ? (double)(i - 1) / (double)d >= v : (double)(i - 1) / (double)d > v))
        i--;
    while (i <= d && (ge ? (double)i / (double)d < v : (double)i / (double)d <= v))
        i++;
    return i;
}

/* The curve of one row in pROC's order: the state after removing blocks 0 .. b-1 (all
 * positive at b = 0); a point per non-empty block.  Where the sweep stops for a target,
 * the last block removed changed the counts, so the state before it is the previous
 * point of the curve (empty blocks never separate two points). */
static void curve_row(const int64_t *cp, const int64_t *cn, int64_t K, int given,
                      const double *targets, int64_t T, double *out)
{
    int64_t m = 0, n = 0;
    for (int64_t b = 0; b < K; b++) { m += cp[b]; n += cn[b]; }
    if (m == 0 || n == 0) {
        for (int64_t t = 0; t < T; t++) out[t] = NAN;
        return;
    }
    /* R's floating-point operations: se = tp / ncases, sp = (ncontrols - fp) / ncontrols
     * (= tn / ncontrols with the integer tn = ncontrols - fp) */
#define SE(tp) ((double)(tp) / (double)m)
#define SP(tn) ((double)(tn) / (double)n)
    int64_t b = 0, tp = m, tn = 0, tp_prev = m, tn_prev = 0;
    if (given == 0) {                          /* specificity given: ascending targets */
        for (int64_t t = 0; t < T; t++) {
            const double s = targets[t];
            const int64_t ge = rate_cut(s, n, 1);          /* sp >= s  <=>  tn >= ge */
            while (tn < ge && b < K) {
                tp_prev = tp; tn_prev = tn;
                tp -= cp[b]; tn += cn[b]; b++;
            }
            if (tn < rate_cut(s, n, 0)) {                  /* sp == s: this point */
                out[t] = SE(tp);
            } else {
                const double sp = SP(tn), sp_prev = SP(tn_prev);
                const double se = SE(tp), se_prev = SE(tp_prev);
                const double prop = (s - sp) / (sp_prev - sp);
                out[t] = se + prop * (se_prev - se);
            }
        }
    } else {                                   /* sensitivity given: descending targets */
        for (int64_t t = T - 1; t >= 0; t--) {
            const double v = targets[t];
            const int64_t ge = rate_cut(v, m, 1);          /* se >= v  <=>  tp >= ge */
            while (tp >= ge && b < K) {
                tp_prev = tp; tn_prev = tn;
                tp -= cp[b]; tn += cn[b]; b++;
            }
            if (tp >= ge) {                    /* every point has se >= v (v = 0) */
                out[t] = SP(tn);
            } else if (tp_prev < rate_cut(v, m, 0)) {      /* the last point with se == v */
                out[t] = SP(tn_prev);
            } else {
                const double sp = SP(tn), sp_prev = SP(tn_prev);
                const double se = SE(tp), se_prev = SE(tp_prev);
                const double prop = (v - se) / (se_prev - se);
                out[t] = sp + prop * (sp_prev - sp);
            }
        }
    }
#undef SE
#undef SP
}

static void tails_row(const int64_t *cp, const int64_t *cn, int64_t K, const int64_t *cuts,
                      int64_t T, int64_t *above_p, int64_t *above_n, int64_t *tp, int64_t *fp,
                      int64_t *n_pos, int64_t *n_neg)
{
    /* above_x[b] = sum_{c >= b} x[c], b = 0 .. K */
    above_p[K] = 0;
    above_n[K] = 0;
    for (int64_t b = K - 1; b >= 0; b--) {
        above_p[b] = above_p[b + 1] + cp[b];
        above_n[b] = above_n[b + 1] + cn[b];
    }
    for (int64_t t = 0; t < T; t++) {
        tp[t] = above_p[cuts[t]];
        fp[t] = above_n[cuts[t]];
    }
    *n_pos = above_p[0];
    *n_neg = above_n[0];
}

/* ------------------------------------------------------------------ public: counts */
int rs_boot_counts(const int64_t *pos_block, int64_t m, const int64_t *neg_block, int64_t n,
                   int64_t n_blocks, int stratified, uint64_t seed, int64_t r0, int64_t r1,
                   int64_t *cnt_pos, int64_t *cnt_neg)
{
    if (!sampling_ok(pos_block, m, neg_block, n, n_blocks, r0, r1)) return -2;
    if (r1 > r0 && (cnt_pos == NULL || cnt_neg == NULL)) return -2;
    for (int64_t r = r0; r < r1; r++)
        draw_counts(pos_block, m, neg_block, n, n_blocks, stratified, seed, r,
                    cnt_pos + (r - r0) * n_blocks, cnt_neg + (r - r0) * n_blocks);
    return 0;
}

int rs_boot_auc_counts(const int64_t *cnt_pos, const int64_t *cnt_neg, int64_t n_rep,
                       int64_t n_blocks, double *auc)
{
    if (n_rep < 0 || n_blocks < 1) return -2;
    if (n_rep > 0 && (cnt_pos == NULL || cnt_neg == NULL || auc == NULL)) return -2;
    for (int64_t r = 0; r < n_rep; r++)
        auc[r] = auc_row(cnt_pos + r * n_blocks, cnt_neg + r * n_blocks, n_blocks);
    return 0;
}

int rs_boot_curve_counts(const int64_t *cnt_pos, const int64_t *cnt_neg, int64_t n_rep,
                         int64_t n_blocks, int given, const double *targets,
                         int64_t n_targets, double *out)
{
    if (n_rep < 0 || n_blocks < 1 || (given != 0 && given != 1)) return -2;
    if (!targets_ok(targets, n_targets)) return -2;
    if (n_rep > 0 && (cnt_pos == NULL || cnt_neg == NULL || (n_targets > 0 && out == NULL)))
        return -2;
    for (int64_t r = 0; r < n_rep; r++)
        curve_row(cnt_pos + r * n_blocks, cnt_neg + r * n_blocks, n_blocks, given, targets,
                  n_targets, out + r * n_targets);
    return 0;
}

int rs_boot_tails_counts(const int64_t *cnt_pos, const int64_t *cnt_neg, int64_t n_rep,
                         int64_t n_blocks, const int64_t *cuts, int64_t n_cuts, int64_t *tp,
                         int64_t *fp, int64_t *n_pos, int64_t *n_neg)
{
    if (n_rep < 0 || n_blocks < 1 || !cuts_ok(cuts, n_cuts, n_blocks)) return -2;
    if (n_rep > 0 && (cnt_pos == NULL || cnt_neg == NULL || n_pos == NULL || n_neg == NULL
                      || (n_cuts > 0 && (tp == NULL || fp == NULL))))
        return -2;
    int64_t *above = malloc(2 * (size_t)(n_blocks + 1) * sizeof *above);
    if (above == NULL) return -1;
    for (int64_t r = 0; r < n_rep; r++)
        tails_row(cnt_pos + r * n_blocks, cnt_neg + r * n_blocks, n_blocks, cuts, n_cuts,
                  above, above + n_blocks + 1, tp + r * n_cuts, fp + r * n_cuts, n_pos + r,
                  n_neg + r);
    free(above);
    return 0;
}

/* ------------------------------------------------------------------ public: fused */
int rs_boot_auc(const int64_t *pos_block, int64_t m, const int64_t *neg_block, int64_t n,
                int64_t n_blocks, int stratified, uint64_t seed, int64_t r0, int64_t r1,
                double *auc)
{
    if (!sampling_ok(pos_block, m, neg_block, n, n_blocks, r0, r1)) return -2;
    if (r1 > r0 && auc == NULL) return -2;
    int64_t *cp = malloc(2 * (size_t)n_blocks * sizeof *cp);
    if (cp == NULL) return -1;
    int64_t *cn = cp + n_blocks;
    for (int64_t r = r0; r < r1; r++) {
        draw_counts(pos_block, m, neg_block, n, n_blocks, stratified, seed, r, cp, cn);
        auc[r - r0] = auc_row(cp, cn, n_blocks);
    }
    free(cp);
    return 0;
}

int rs_boot_curve(const int64_t *pos_block, int64_t m, const int64_t *neg_block, int64_t n,
                  int64_t n_blocks, int stratified, uint64_t seed, int64_t r0, int64_t r1,
                  int given, const double *targets, int64_t n_targets, double *out)
{
    if (!sampling_ok(pos_block, m, neg_block, n, n_blocks, r0, r1)) return -2;
    if ((given != 0 && given != 1) || !targets_ok(targets, n_targets)) return -2;
    if (r1 > r0 && n_targets > 0 && out == NULL) return -2;
    int64_t *cp = malloc(2 * (size_t)n_blocks * sizeof *cp);
    if (cp == NULL) return -1;
    int64_t *cn = cp + n_blocks;
    for (int64_t r = r0; r < r1; r++) {
        draw_counts(pos_block, m, neg_block, n, n_blocks, stratified, seed, r, cp, cn);
        curve_row(cp, cn, n_blocks, given, targets, n_targets, out + (r - r0) * n_targets);
    }
    free(cp);
    return 0;
}

int rs_boot_tails(const int64_t *pos_block, int64_t m, const int64_t *neg_block, int64_t n,
                  int64_t n_blocks, int stratified, uint64_t seed, int64_t r0, int64_t r1,
                  const int64_t *cuts, int64_t n_cuts, int64_t *tp, int64_t *fp,
                  int64_t *n_pos, int64_t *n_neg)
{
    if (!sampling_ok(pos_block, m, neg_block, n, n_blocks, r0, r1)) return -2;
    if (!cuts_ok(cuts, n_cuts, n_blocks)) return -2;
    if (r1 > r0 && (n_pos == NULL || n_neg == NULL
                    || (n_cuts > 0 && (tp == NULL || fp == NULL))))
        return -2;
    int64_t *cp = malloc((4 * (size_t)n_blocks + 2) * sizeof *cp);
    if (cp == NULL) return -1;
    int64_t *cn = cp + n_blocks, *above = cn + n_blocks;
    for (int64_t r = r0; r < r1; r++) {
        const int64_t i = r - r0;
        draw_counts(pos_block, m, neg_block, n, n_blocks, stratified, seed, r, cp, cn);
        tails_row(cp, cn, n_blocks, cuts, n_cuts, above, above + n_blocks + 1,
                  tp + i * n_cuts, fp + i * n_cuts, n_pos + i, n_neg + i);
    }
    free(cp);
    return 0;
}
