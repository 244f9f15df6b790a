/* Stand-alone driver run under AddressSanitizer + UndefinedBehaviorSanitizer by
 * tests/test_sanitize_aucsplit.py: the AUC split kernels on random, tied, one-row,
 * constant and absent-class columns, with exact-size heap blocks so any overrun is
 * caught.  rs_auc_best_columns is checked against a pick over rs_auc_sweep's output
 * (randomForestSRC's rule written out).  Exit status 0 = all agree. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "rocstats_aucsplit.h"

static uint64_t state = 88172645463325252ULL;
static uint64_t next(void)
{
    state ^= state << 13; state ^= state >> 7; state ^= state << 17;
    return state;
}
static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int64_t pick(const double *d, const int64_t *nl, int64_t cnt, int64_t n, double eps)
{
    int64_t best = -1;
    for (int64_t j = 0; j < cnt; j++) {
        if (nl[j] == 0 || nl[j] == n) continue;
        if (best < 0 || (!isnan(d[j]) && !isnan(d[best]) && d[j] - d[best] > eps)) best = j;
    }
    return best;
}

int main(void)
{
    int failures = 0;
    for (int trial = 0; trial < 600; trial++) {
        int64_t k = 2 + (int64_t)(next() % 5);
        int64_t m = 1 + (int64_t)(next() % 40);
        int64_t ncol = 1 + (int64_t)(next() % 4);
        int levels = 1 + trial % 9;   /* levels 1: constant columns */
        int absent = trial % 5 == 0;  /* leave the last class out */
        double *xs = malloc(ncol * m * sizeof *xs), *ws = malloc(ncol * m * sizeof *ws);
        int64_t *ys = malloc(ncol * m * sizeof *ys);
        for (int64_t c = 0; c < ncol; c++) {
            for (int64_t i = 0; i < m; i++) {
                xs[c * m + i] = (double)(next() % (uint64_t)levels);
                ys[c * m + i] = (int64_t)(next() % (uint64_t)(absent ? k - 1 : k));
                ws[c * m + i] = trial % 2 ? 1.0 : 0.25 + (double)(next() % 8);
            }
            qsort(xs + c * m, (size_t)m, sizeof *xs, cmp);
        }
        int64_t maxcuts = 3;
        double *cuts = malloc(ncol * maxcuts * sizeof *cuts);
        int64_t *ncuts = malloc(ncol * sizeof *ncuts);
        for (int64_t c = 0; c < ncol; c++) {
            ncuts[c] = (int64_t)(next() % 5) - 1;   /* -1 .. 3 */
            if (ncuts[c] > maxcuts) ncuts[c] = maxcuts;
            for (int64_t j = 0; j < maxcuts; j++) cuts[c * maxcuts + j] = (double)(next() % 11) - 1.0;
            qsort(cuts + c * maxcuts, (size_t)maxcuts, sizeof *cuts, cmp);
        }
        double *work = malloc(2 * k * sizeof *work);
        int64_t *bi = malloc(ncol * sizeof *bi);
        double *bc = malloc(ncol * sizeof *bc), *bd = malloc(ncol * sizeof *bd);
        for (int mode = 0; mode < 2; mode++) {
            rs_auc_best_columns(xs, ys, ws, m, ncol, k, mode ? cuts : NULL,
                                mode ? ncuts : NULL, maxcuts, 1e-9, work, bi, bc, bd);
            for (int64_t c = 0; c < ncol; c++) {
                int64_t nc = mode ? ncuts[c] : -1;
                int64_t cap = nc < 0 ? (m > 1 ? m - 1 : 0) : nc;
                double *co = malloc((cap ? cap : 1) * sizeof *co);
                double *de = malloc((cap ? cap : 1) * sizeof *de);
                double *wl = malloc((cap ? cap : 1) * sizeof *wl);
                int64_t *nl = malloc((cap ? cap : 1) * sizeof *nl);
                int64_t got = rs_auc_sweep(xs + c * m, ys + c * m, ws + c * m, m, k,
                                           nc < 0 ? NULL : cuts + c * maxcuts, nc, work,
                                           co, de, wl, nl);
                if (got > cap || got < 0) failures++;
                int missing = 0;   /* some class without weight in this column */
                for (int64_t q = 0; q < k; q++) {
                    int seen = 0;
                    for (int64_t i = 0; i < m; i++) seen |= ys[c * m + i] == q;
                    missing |= !seen;
                }
                int64_t want = pick(de, nl, got, m, 1e-9);
                if (want != bi[c]) failures++;
                if (want >= 0 && co[want] != bc[c]) failures++;
                for (int64_t j = 0; j < got; j++) {
                    int defined = !(nl[j] == 0 || nl[j] == m) && !missing;
                    if (defined && !(de[j] >= 1.0 && de[j] <= 2.0)) failures++;
                    if (!defined && !isnan(de[j])) failures++;
                }
                free(co); free(de); free(wl); free(nl);
            }
        }
        free(xs); free(ws); free(ys); free(cuts); free(ncuts); free(work);
        free(bi); free(bc); free(bd);
    }
    printf("%d failures\n", failures);
    return failures != 0;
}
