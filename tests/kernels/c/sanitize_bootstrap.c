/* Stand-alone driver run under AddressSanitizer + UndefinedBehaviorSanitizer by
 * tests/kernels/test_sanitize.py: the bootstrap kernels on random, tied and edge-case
 * inputs in exact-size heap blocks.  Checks: the counts of every replicate sum to the
 * class sizes (stratified) or to m + n; the fused kernels equal the count-based ones;
 * the AUC equals the O(m n) definition on the expanded resample; the curve at given
 * specificities / sensitivities equals a brute-force reading of pROC's rule (points
 * listed, first / last exact match, else interpolation); tail counts equal a direct
 * count; every bad argument is refused.  Exit status 0 = all agree. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "rocstats_bootstrap.h"

static uint64_t state = 0x243F6A8885A308D3ULL;
static uint64_t rnd(uint64_t range)
{
    state ^= state << 13; state ^= state >> 7; state ^= state << 17;
    return range ? state % range : state;
}

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* AUC by definition over the expanded resample */
static double auc_def(const int64_t *cp, const int64_t *cn, int64_t K)
{
    double num = 0, m = 0, n = 0;
    for (int64_t a = 0; a < K; a++) { m += cp[a]; n += cn[a]; }
    if (m == 0 || n == 0) return NAN;
    for (int64_t a = 0; a < K; a++)
        for (int64_t b = 0; b < K; b++)
            num += (double)cp[a] * cn[b] * (a > b ? 1.0 : a == b ? 0.5 : 0.0);
    return num / (m * n);
}

/* pROC's coords(input=...) by brute force over an explicit list of points */
static double curve_def(const int64_t *cp, const int64_t *cn, int64_t K, int given, double v)
{
    int64_t m = 0, n = 0, L = 1;
    for (int64_t b = 0; b < K; b++) { m += cp[b]; n += cn[b]; L += (cp[b] + cn[b]) > 0; }
    if (m == 0 || n == 0) return NAN;
    double *se = malloc(L * sizeof *se), *sp = malloc(L * sizeof *sp);
    int64_t tp = m, fp = n, k = 0;
    se[0] = (double)tp / (double)m; sp[0] = (double)(n - fp) / (double)n;
    for (int64_t b = 0; b < K; b++) {
        if (cp[b] + cn[b] == 0) continue;
        tp -= cp[b]; fp -= cn[b]; k++;
        se[k] = (double)tp / (double)m; sp[k] = (double)(n - fp) / (double)n;
    }
    const double *in = given == 0 ? sp : se, *ot = given == 0 ? se : sp;
    double res = NAN;
    int64_t hit = -1;
    for (int64_t i = 0; i < L; i++)
        if (in[i] == v) { hit = i; if (given == 0) break; }      /* first / last */
    if (hit >= 0) {
        res = ot[hit];
    } else {
        int64_t nx = -1;
        for (int64_t i = 0; i < L; i++)
            if (given == 0 ? in[i] > v : in[i] < v) { nx = i; break; }
        if (nx >= 1) {
            double prop = (v - in[nx]) / (in[nx - 1] - in[nx]);
            res = ot[nx] + prop * (ot[nx - 1] - ot[nx]);
        }
    }
    free(se); free(sp);
    return res;
}

static int same(double a, double b) { return (isnan(a) && isnan(b)) || a == b; }

int main(void)
{
    int failures = 0;
    for (int trial = 0; trial < 400; trial++) {
        const int64_t K = 1 + (int64_t)rnd(12);
        const int64_t m = (int64_t)rnd(15), n = (int64_t)rnd(15);
        const int strat = trial % 2;
        const uint64_t seed = rnd(0);
        const int64_t r0 = (int64_t)rnd(5), R = 1 + (int64_t)rnd(6), r1 = r0 + R;
        int64_t *pb = malloc((m ? m : 1) * sizeof *pb), *nb = malloc((n ? n : 1) * sizeof *nb);
        for (int64_t i = 0; i < m; i++) pb[i] = (int64_t)rnd(K);
        for (int64_t j = 0; j < n; j++) nb[j] = (int64_t)rnd(K);
        qsort(pb, m, sizeof *pb, cmp_i64);
        qsort(nb, n, sizeof *nb, cmp_i64);
        int64_t *cp = malloc(R * K * sizeof *cp), *cn = malloc(R * K * sizeof *cn);
        if (rs_boot_counts(pb, m, nb, n, K, strat, seed, r0, r1, cp, cn) != 0) failures++;
        for (int64_t r = 0; r < R; r++) {
            int64_t sp_ = 0, sn = 0;
            for (int64_t b = 0; b < K; b++) {
                if (cp[r * K + b] < 0 || cn[r * K + b] < 0) failures++;
                sp_ += cp[r * K + b]; sn += cn[r * K + b];
            }
            if (strat ? (sp_ != m || sn != n) : (sp_ + sn != m + n)) failures++;
        }
        /* a sub-range gives the same rows (counter-based stream) */
        if (R > 1) {
            int64_t *cp2 = malloc(K * sizeof *cp2), *cn2 = malloc(K * sizeof *cn2);
            if (rs_boot_counts(pb, m, nb, n, K, strat, seed, r0 + 1, r0 + 2, cp2, cn2) != 0)
                failures++;
            for (int64_t b = 0; b < K; b++)
                if (cp2[b] != cp[K + b] || cn2[b] != cn[K + b]) failures++;
            free(cp2); free(cn2);
        }
        /* AUC */
        double *a1 = malloc(R * sizeof *a1), *a2 = malloc(R * sizeof *a2);
        if (rs_boot_auc_counts(cp, cn, R, K, a1) != 0) failures++;
        if (rs_boot_auc(pb, m, nb, n, K, strat, seed, r0, r1, a2) != 0) failures++;
        for (int64_t r = 0; r < R; r++) {
            double d = auc_def(cp + r * K, cn + r * K, K);
            if (!same(a1[r], a2[r])) failures++;
            if (!(isnan(d) ? isnan(a1[r]) : fabs(a1[r] - d) <= 1e-12)) failures++;
        }
        free(a1); free(a2);
        /* curve */
        const int64_t T = 1 + (int64_t)rnd(8);
        double *tg = malloc(T * sizeof *tg);
        for (int64_t t = 0; t < T; t++) {
            uint64_t kind = rnd(4);
            tg[t] = kind == 0 ? (double)rnd(11) / 10.0                       /* k / 10 */
                    : kind == 1 && (m + n) > 0 ? (double)rnd(m + n + 1) / (double)(m + n + 1)
                    : (double)rnd(1000) / 999.0;
        }
        for (int64_t t = 1; t < T; t++)             /* insertion sort: ascending targets */
            for (int64_t u = t; u > 0 && tg[u] < tg[u - 1]; u--) {
                double tmp = tg[u]; tg[u] = tg[u - 1]; tg[u - 1] = tmp;
            }
        for (int given = 0; given < 2; given++) {
            double *c1 = malloc(R * T * sizeof *c1), *c2 = malloc(R * T * sizeof *c2);
            if (rs_boot_curve_counts(cp, cn, R, K, given, tg, T, c1) != 0) failures++;
            if (rs_boot_curve(pb, m, nb, n, K, strat, seed, r0, r1, given, tg, T, c2) != 0)
                failures++;
            for (int64_t r = 0; r < R; r++)
                for (int64_t t = 0; t < T; t++) {
                    double d = curve_def(cp + r * K, cn + r * K, K, given, tg[t]);
                    if (!same(c1[r * T + t], c2[r * T + t])) failures++;
                    if (!same(c1[r * T + t], d)) failures++;
                }
            free(c1); free(c2);
        }
        free(tg);
        /* tails */
        const int64_t C = 1 + (int64_t)rnd(5);
        int64_t *cuts = malloc(C * sizeof *cuts);
        for (int64_t t = 0; t < C; t++) cuts[t] = (int64_t)rnd(K + 1);
        int64_t *tp1 = malloc(R * C * sizeof *tp1), *fp1 = malloc(R * C * sizeof *fp1);
        int64_t *tp2 = malloc(R * C * sizeof *tp2), *fp2 = malloc(R * C * sizeof *fp2);
        int64_t *np1 = malloc(R * sizeof *np1), *nn1 = malloc(R * sizeof *nn1);
        int64_t *np2 = malloc(R * sizeof *np2), *nn2 = malloc(R * sizeof *nn2);
        if (rs_boot_tails_counts(cp, cn, R, K, cuts, C, tp1, fp1, np1, nn1) != 0) failures++;
        if (rs_boot_tails(pb, m, nb, n, K, strat, seed, r0, r1, cuts, C, tp2, fp2, np2, nn2)
            != 0) failures++;
        for (int64_t r = 0; r < R; r++) {
            int64_t tm = 0, tn = 0;
            for (int64_t b = 0; b < K; b++) { tm += cp[r * K + b]; tn += cn[r * K + b]; }
            if (np1[r] != tm || nn1[r] != tn || np2[r] != tm || nn2[r] != tn) failures++;
            for (int64_t t = 0; t < C; t++) {
                int64_t a = 0, b2 = 0;
                for (int64_t b = cuts[t]; b < K; b++) { a += cp[r * K + b]; b2 += cn[r * K + b]; }
                if (tp1[r * C + t] != a || fp1[r * C + t] != b2) failures++;
                if (tp2[r * C + t] != a || fp2[r * C + t] != b2) failures++;
            }
        }
        free(cuts); free(tp1); free(fp1); free(tp2); free(fp2);
        free(np1); free(nn1); free(np2); free(nn2);
        free(cp); free(cn); free(pb); free(nb);
    }
    /* the random stream: draw k of r = mix(key(r) + (k + 1) golden); bounded < range */
    for (int k = 0; k < 1000; k++) {
        uint64_t u = rs_boot_draw(7, k % 13, k), range = 1 + rnd(1000000);
        if (rs_boot_bounded(u, range) >= range) failures++;
    }
    if (rs_boot_bounded(~0ULL, ~0ULL) != ~0ULL - 1) failures++;
    if (rs_boot_bounded(1ULL << 63, 10) != 5) failures++;
    /* bad arguments are refused, not dereferenced */
    int64_t blk[2] = {0, 5}, cnt[4] = {1, 0, 0, 1}, cut = 3, o64[4];
    double out[4], tgt[2] = {0.5, 0.2}, ok_t[1] = {0.5};
    if (rs_boot_counts(blk, 2, blk, 1, 3, 1, 1, 0, 1, o64, o64 + 2) != -2) failures++;
    if (rs_boot_counts(blk, 1, blk, 1, 3, 1, 1, 2, 1, o64, o64 + 2) != -2) failures++;
    if (rs_boot_counts(blk, 1, blk, 1, 0, 1, 1, 0, 1, o64, o64 + 2) != -2) failures++;
    if (rs_boot_auc(blk, -1, blk, 1, 3, 1, 1, 0, 1, out) != -2) failures++;
    if (rs_boot_curve_counts(cnt, cnt + 2, 1, 2, 0, tgt, 2, out) != -2) failures++;
    if (rs_boot_curve_counts(cnt, cnt + 2, 1, 2, 2, ok_t, 1, out) != -2) failures++;
    if (rs_boot_tails_counts(cnt, cnt + 2, 1, 2, &cut, 1, o64, o64 + 1, o64 + 2, o64 + 3)
        != -2) failures++;
    if (rs_boot_curve(blk, 1, blk, 1, 3, 1, 1, 0, 1, 0, tgt, 2, out) != -2) failures++;
    if (rs_boot_tails(blk, 1, blk, 1, 3, 1, 1, 0, 1, &cut, 1, o64, o64 + 1, o64 + 2, o64 + 3)
        != 0) failures++;
    /* empty ranges and an empty class are fine */
    if (rs_boot_auc(blk, 1, NULL, 0, 3, 1, 1, 0, 2, out) != 0 || !isnan(out[0])) failures++;
    if (rs_boot_auc(blk, 1, blk, 1, 3, 0, 1, 4, 4, NULL) != 0) failures++;
    printf("%d failures\n", failures);
    return failures != 0;
}
