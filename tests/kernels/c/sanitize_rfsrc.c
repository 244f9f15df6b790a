/* Stand-alone driver run under AddressSanitizer + UndefinedBehaviorSanitizer by
 * tests/kernels/test_sanitize.py: randomForestSRC's policy in rocstats_tree.c -- the AUC split kernels on random, tied, one-row,
 * constant and absent-class columns, with exact-size heap blocks so any overrun is
 * caught.  rs_tree_rfsrc_best is checked against a pick over rs_tree_auc_sweep's output
 * (randomForestSRC's rule written out).  The whole-tree driver rs_tree_grow_rfsrc runs on random
 * data (ties, zero weights, constant columns, absent classes, every control) into
 * output buffers of exactly the documented capacity 2 m - 1; the tree's structure is
 * checked and the training rows routed by rs_tree_apply (kind 2: x <= t goes left) must land in leaves whose
 * row counts match; the error codes (capacity too small, bad order index, bad controls,
 * a malformed tree for apply) are exercised.  Exit status 0 = all agree. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "rocstats_tree.h"

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

/* stable argsort of column x[0..n-1] (insertion sort: ties keep row order) */
static void argsort_col(const double *x, int64_t n, int64_t *o)
{
    for (int64_t i = 0; i < n; i++) {
        int64_t r = i, j = i;
        while (j > 0 && x[o[j - 1]] > x[r]) { o[j] = o[j - 1]; j--; }
        o[j] = r;
    }
}

static int grow_checks(void)
{
    int failures = 0;
    for (int trial = 0; trial < 400; trial++) {
        int64_t n = 1 + (int64_t)(next() % 60), p = 1 + (int64_t)(next() % 5);
        int64_t k = 2 + (int64_t)(next() % 3);
        int levels = 1 + trial % 7;
        double *xt = malloc((size_t)(p * n) * sizeof *xt);
        int64_t *order = malloc((size_t)(p * n) * sizeof *order);
        int64_t *y = malloc((size_t)n * sizeof *y);
        double *w = malloc((size_t)n * sizeof *w);
        int64_t m = 0;
        for (int64_t i = 0; i < n; i++) {
            y[i] = (int64_t)(next() % (uint64_t)(trial % 4 == 0 ? k - 1 : k));
            w[i] = (double)(next() % 3) * (trial % 2 ? 1.0 : 0.5);
        }
        if (!(w[n - 1] > 0.0)) w[n - 1] = 1.0;
        for (int64_t i = 0; i < n; i++) m += w[i] > 0.0;
        for (int64_t f = 0; f < p; f++) {
            for (int64_t i = 0; i < n; i++) xt[f * n + i] = (double)(next() % (uint64_t)levels);
            argsort_col(xt + f * n, n, order + f * n);
        }
        int64_t cap = 2 * m - 1;
        int64_t *iv[7];
        for (int q = 0; q < 7; q++) iv[q] = malloc((size_t)cap * sizeof(int64_t));
        double *thr = malloc((size_t)cap * sizeof *thr), *del = malloc((size_t)cap * sizeof *del);
        double *wt = malloc((size_t)cap * sizeof *wt);
        double *val = malloc((size_t)(cap * k) * sizeof *val);
        int64_t mtry = 1 + (int64_t)(next() % (uint64_t)p);
        int64_t nsplit = (int64_t)(next() % 4), order_mode = (int64_t)(next() % 3);
        int64_t max_depth = (int64_t)(next() % 6) - 1;
        double min_split = (double)(1 + next() % 4);
        uint64_t seed = next();
        int64_t got = rs_tree_grow_rfsrc(4, xt, order, y, w, n, p, k, min_split, max_depth, mtry,
                                       nsplit, order_mode, seed, 1e-9, cap, iv[0], iv[1],
                                       iv[2], iv[3], iv[4], iv[5], thr, del, iv[6], wt, val);
        if (got < 1 || got > cap) { failures++; printf("grow returned %lld\n", (long long)got); }
        else {
            int64_t *lf = iv[0], *rt = iv[1], *cnt = iv[6];
            if (cnt[0] != m) failures++;
            for (int64_t t = 0; t < got; t++) {
                if ((lf[t] < 0) != (rt[t] < 0)) failures++;
                if (lf[t] >= 0) {
                    if (lf[t] <= t || rt[t] <= t || lf[t] >= got || rt[t] >= got) { failures++; continue; }
                    if (cnt[lf[t]] + cnt[rt[t]] != cnt[t] || cnt[lf[t]] < 1) failures++;
                    if (iv[5][t] < 0 || iv[5][t] >= p) failures++;
                } else if (iv[5][t] != -1) failures++;
            }
            int64_t *rows = malloc((size_t)n * sizeof *rows), *leaf = malloc((size_t)n * sizeof *leaf);
            int64_t nr = 0;
            int8_t *kd = malloc((size_t)got * sizeof *kd);
            for (int64_t t = 0; t < got; t++) kd[t] = 2;
            for (int64_t i = 0; i < n; i++) if (w[i] > 0.0) rows[nr++] = i;
            if (rs_tree_apply(xt, 1, n, rows, nr, lf, rt, iv[5], thr, kd, got, p, leaf) != 0)
                failures++;
            int64_t *seen = calloc((size_t)got, sizeof *seen);
            for (int64_t i = 0; i < nr; i++) {
                if (leaf[i] < 0 || leaf[i] >= got || lf[leaf[i]] >= 0) { failures++; continue; }
                seen[leaf[i]]++;
            }
            for (int64_t t = 0; t < got; t++) if (lf[t] < 0 && seen[t] != cnt[t]) failures++;
            /* a malformed tree is refused */
            int64_t save = lf[0];
            lf[0] = 0;
            if (got > 1 && rs_tree_apply(xt, 1, n, rows, nr, lf, rt, iv[5], thr, kd, got, p,
                                         leaf) != -3) failures++;
            lf[0] = save;
            /* the same tree into one node less: -2 (ASan: nothing written past it) */
            if (got > 1 && rs_tree_grow_rfsrc(4, xt, order, y, w, n, p, k, min_split, max_depth,
                                            mtry, nsplit, order_mode, seed, 1e-9, got - 1,
                                            iv[0], iv[1], iv[2], iv[3], iv[4], iv[5], thr, del,
                                            iv[6], wt, val) != -2) failures++;
            free(rows); free(leaf); free(seen); free(kd);
        }
        /* invalid arguments: -3 (mtry 0; a kind other than AUC) */
        if (rs_tree_grow_rfsrc(1, xt, order, y, w, n, p, k, min_split, max_depth, mtry, nsplit,
                               0, 1, 1e-9, cap, iv[0], iv[1], iv[2], iv[3], iv[4], iv[5], thr,
                               del, iv[6], wt, val) != -3) failures++;
        if (rs_tree_grow_rfsrc(4, xt, order, y, w, n, p, k, min_split, max_depth, 0, nsplit, 0, 1,
                             1e-9, cap, iv[0], iv[1], iv[2], iv[3], iv[4], iv[5], thr, del,
                             iv[6], wt, val) != -3) failures++;
        order[0] = n;   /* out of range */
        if (rs_tree_grow_rfsrc(4, xt, order, y, w, n, p, k, min_split, max_depth, mtry, nsplit, 0,
                             1, 1e-9, cap, iv[0], iv[1], iv[2], iv[3], iv[4], iv[5], thr, del,
                             iv[6], wt, val) != -3) failures++;
        for (int q = 0; q < 7; q++) free(iv[q]);
        free(xt); free(order); free(y); free(w); free(thr); free(del); free(wt); free(val);
    }
    /* the generator: splitmix64's published first outputs from state 0 */
    uint64_t raw[3], below[3];
    rs_tree_splitmix64_fill(0, 3, 10, raw, below);
    if (raw[0] != 0xE220A8397B1DCDAFULL || raw[1] != 0x6E789E6AA1B965F4ULL ||
        raw[2] != 0x06C45D188009454FULL) failures++;
    for (int i = 0; i < 3; i++) if (below[i] >= 10) failures++;
    return failures;
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
            rs_tree_rfsrc_best(xs, ys, ws, m, ncol, k, mode ? cuts : NULL,
                                mode ? ncuts : NULL, maxcuts, 1e-9, work, bi, bc, bd);
            for (int64_t c = 0; c < ncol; c++) {
                int64_t nc = mode ? ncuts[c] : -1;
                int64_t cap = nc < 0 ? (m > 1 ? m - 1 : 0) : nc;
                double *co = malloc((cap ? cap : 1) * sizeof *co);
                double *de = malloc((cap ? cap : 1) * sizeof *de);
                double *wl = malloc((cap ? cap : 1) * sizeof *wl);
                int64_t *nl = malloc((cap ? cap : 1) * sizeof *nl);
                int64_t got = rs_tree_auc_sweep(xs + c * m, ys + c * m, ws + c * m, m, k,
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
    failures += grow_checks();
    printf("%d failures\n", failures);
    return failures != 0;
}
