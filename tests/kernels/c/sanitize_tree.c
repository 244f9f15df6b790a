/* Stand-alone driver run under AddressSanitizer + UndefinedBehaviorSanitizer by
 * tests/test_sanitize_tree.py: every CART kernel (csrc/rocstats_tree.c) on random,
 * tied, missing, zero-weight and edge-case inputs held in exact-size heap blocks, with
 * invariants checked (sorted permutations, stable partitions, admissible cuts, codes in
 * range; rs_tree_node_splits equal to the per-feature kernels; rs_tree_radix_order equal
 * to rpart's order on distinct values) and the invalid-argument statuses.  Exit status 0 = all invariants hold. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "rocstats_tree.h"

static uint64_t state = 0x9E3779B97F4A7C15ULL;
static uint64_t rnd64(void)
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}
static double unif(void) { return (double)(rnd64() >> 11) / 9007199254740992.0; }
static int64_t rint64(int64_t k) { return (int64_t)(rnd64() % (uint64_t)k); }

static int failures = 0;
#define CHECK(cond)                                                         \
    do {                                                                    \
        if (!(cond)) {                                                      \
            failures++;                                                     \
            if (failures < 20) printf("failed: %s (line %d)\n", #cond, __LINE__); \
        }                                                                   \
    } while (0)

int main(void)
{
    for (int trial = 0; trial < 300; trial++) {
        int64_t n = 1 + rint64(80), p = 1 + rint64(4), nclass = 2 + rint64(3);
        int64_t levels = trial % 3 == 0 ? 0 : 1 + rint64(6);
        double *xt = malloc((size_t)(n * p) * sizeof *xt);
        double *y = malloc((size_t)n * sizeof *y), *ya = malloc((size_t)n * sizeof *ya);
        double *w = malloc((size_t)n * sizeof *w);
        double *aprior = malloc((size_t)nclass * sizeof *aprior);
        int64_t *sorts = malloc((size_t)(n * p) * sizeof *sorts);
        int64_t *features = malloc((size_t)p * sizeof *features);
        double *imp = malloc((size_t)p * sizeof *imp), *spl = malloc((size_t)p * sizeof *spl);
        int64_t *dir = malloc((size_t)p * sizeof *dir), *cnt = malloc((size_t)p * sizeof *cnt);
        double *tmpx = malloc((size_t)n * sizeof *tmpx);
        for (int64_t j = 0; j < nclass; j++) aprior[j] = 0.5 + unif();
        for (int64_t i = 0; i < n; i++) {
            y[i] = (double)rint64(nclass);
            ya[i] = unif() * 10.0;
            w[i] = unif() < 0.1 ? 0.0 : 0.25 * (double)(1 + rint64(8));
        }
        for (int64_t f = 0; f < p; f++) {
            features[f] = f;
            for (int64_t i = 0; i < n; i++) {
                double v = levels ? (double)rint64(levels) : unif();
                xt[f * n + i] = unif() < 0.1 ? NAN : v;
                tmpx[i] = isnan(xt[f * n + i]) ? 0.0 : xt[f * n + i];
                sorts[f * n + i] = i;
            }
            rs_tree_rpart_sort(tmpx, sorts + f * n, n);
            for (int64_t i = 1; i < n; i++) CHECK(tmpx[i - 1] <= tmpx[i]);
            {   /* a permutation */
                char *seen = calloc((size_t)n, 1);
                for (int64_t i = 0; i < n; i++) {
                    int64_t r = sorts[f * n + i];
                    CHECK(r >= 0 && r < n);
                    if (r >= 0 && r < n) { CHECK(!seen[r]); seen[r] = 1; }
                }
                free(seen);
            }
        }
        int64_t n1 = rint64(n), n2 = n1 + rint64(n - n1 + 1);
        int64_t edge = 1 + rint64(4);
        for (int64_t kind = 1; kind <= 3; kind++) {
            const double *yy = kind == 3 ? ya : y;
            int st = rs_tree_numeric_splits(kind, xt, sorts, n, n1, n2, features, p, yy, w,
                                            nclass, aprior, edge, 3.0, imp, spl, dir, cnt);
            CHECK(st == 0);
            for (int64_t f = 0; f < p; f++) {
                CHECK(imp[f] >= 0);
                CHECK(dir[f] == 0 || dir[f] == -1 || dir[f] == 1);
                CHECK(cnt[f] >= 0 && cnt[f] <= n2 - n1);
                if (dir[f] != 0) {   /* the cut leaves >= edge searched rows on each side */
                    int64_t below = 0, above = 0;
                    for (int64_t i = n1; i < n2; i++) {
                        int64_t r = sorts[f * n + i];
                        double v = xt[f * n + r];
                        if (isnan(v) || !(w[r] > 0)) continue;
                        if (v < spl[f]) below++; else above++;
                    }
                    CHECK(below >= edge && above >= edge);
                }
            }
            if (levels) {
                int64_t *cs = malloc((size_t)levels * sizeof *cs), c1;
                double im;
                st = rs_tree_categorical_split(kind, xt, sorts + n1, n2 - n1, yy, w, nclass,
                                               aprior, levels, edge, 3.0, &im, cs, &c1);
                CHECK(st == 0);
                CHECK(im >= 0);
                for (int64_t l = 0; l < levels; l++) CHECK(cs[l] >= -1 && cs[l] <= 1);
                free(cs);
            }
        }
        {   /* partition: stable, same rows, counts */
            int8_t *goes = malloc((size_t)n);
            int64_t *before = malloc((size_t)(n * p) * sizeof *before);
            int64_t *tmp = malloc((size_t)(n2 - n1 > 0 ? n2 - n1 : 1) * sizeof *tmp);
            int64_t nl = -1, nr = -1;
            for (int64_t i = 0; i < n; i++) goes[i] = (int8_t)(rint64(3) - 1);
            /* make every feature's segment hold the rows of feature 0's segment */
            for (int64_t f = 1; f < p; f++)
                for (int64_t i = 0; i < n; i++) sorts[f * n + i] = sorts[i];
            for (int64_t i = 0; i < n * p; i++) before[i] = sorts[i];
            CHECK(rs_tree_partition(sorts, n, p, n1, n2, goes, tmp, &nl, &nr) == 0);
            for (int64_t f = 0; f < p; f++) {
                int64_t k = n1;
                for (int g = -1; g <= 1; g++) {
                    int want = g == -1 ? -1 : (g == 0 ? 1 : 0);
                    for (int64_t i = n1; i < n2; i++) {
                        int64_t r = before[f * n + i];
                        if (goes[r] == want) { CHECK(sorts[f * n + k] == r); k++; }
                    }
                }
                CHECK(k == n2);
            }
            CHECK(nl >= 0 && nr >= 0 && nl + nr <= n2 - n1);
            free(goes); free(before); free(tmp);
        }
        /* invalid arguments are refused, not read out of bounds */
        CHECK(rs_tree_numeric_splits(1, xt, sorts, n, 0, n + 1, features, p, y, w, nclass,
                                     aprior, 1, 1.0, imp, spl, dir, cnt) == -2);
        CHECK(rs_tree_numeric_splits(1, xt, sorts, n, 0, n, features, p, y, w, nclass,
                                     aprior, 0, 1.0, imp, spl, dir, cnt) == -2);
        sorts[0] = n + 5;
        {
            int8_t *goes = calloc((size_t)n, 1);
            int64_t *tmp = malloc((size_t)n * sizeof *tmp), a, b;
            CHECK(rs_tree_partition(sorts, n, p, 0, n, goes, tmp, &a, &b) == -2);
            free(goes); free(tmp);
        }
        free(xt); free(y); free(ya); free(w); free(aprior); free(sorts); free(features);
        free(imp); free(spl); free(dir); free(cnt); free(tmpx);
    }
    /* rs_tree_node_splits: every feature of a node in one call must give exactly the
     * per-feature kernels' results */
    for (int trial = 0; trial < 200; trial++) {
        int64_t n = 1 + rint64(60), p = 1 + rint64(5), nclass = 2 + rint64(2), qmax = 0;
        int64_t *nlev = malloc((size_t)p * sizeof *nlev);
        for (int64_t f = 0; f < p; f++) {
            nlev[f] = rint64(3) == 0 ? 1 + rint64(6) : 0;
            if (nlev[f] > qmax) qmax = nlev[f];
        }
        double *xt = malloc((size_t)(n * p) * sizeof *xt), *tmpx = malloc((size_t)n * sizeof *tmpx);
        double *y = malloc((size_t)n * sizeof *y), *ya = malloc((size_t)n * sizeof *ya);
        double *w = malloc((size_t)n * sizeof *w), aprior[4];
        int64_t *sorts = malloc((size_t)(n * p) * sizeof *sorts);
        double *imp = malloc((size_t)p * sizeof *imp), *spl = malloc((size_t)p * sizeof *spl);
        int64_t *dir = malloc((size_t)p * sizeof *dir), *cnt = malloc((size_t)p * sizeof *cnt);
        int64_t *csp = malloc((size_t)(p * qmax + 1) * sizeof *csp), cs1[8];
        for (int64_t j = 0; j < nclass; j++) aprior[j] = 0.5 + unif();
        for (int64_t i = 0; i < n; i++) {
            y[i] = (double)rint64(nclass);
            ya[i] = unif() * 10.0;
            w[i] = unif() < 0.1 ? 0.0 : 0.25 * (double)(1 + rint64(8));
        }
        for (int64_t f = 0; f < p; f++) {
            for (int64_t i = 0; i < n; i++) {
                double v = nlev[f] ? (double)rint64(nlev[f]) : (double)rint64(12) / 3.0;
                xt[f * n + i] = unif() < 0.1 ? NAN : v;
                tmpx[i] = isnan(xt[f * n + i]) ? 0.0 : xt[f * n + i];
                sorts[f * n + i] = i;
            }
            if (!nlev[f]) rs_tree_rpart_sort(tmpx, sorts + f * n, n);
        }
        int64_t n1 = rint64(n), n2 = n1 + rint64(n - n1 + 1), edge = 1 + rint64(3);
        for (int64_t kind = 1; kind <= 3; kind++) {
            const double *yy = kind == 3 ? ya : y;
            CHECK(rs_tree_node_splits(kind, xt, sorts, n, p, n1, n2, nlev, qmax, yy, w, nclass,
                                      aprior, edge, 3.0, imp, spl, dir, cnt, csp) == 0);
            for (int64_t f = 0; f < p; f++) {
                double im, sp;
                int64_t d, c;
                if (!nlev[f]) {
                    CHECK(rs_tree_numeric_splits(kind, xt, sorts, n, n1, n2, &f, 1, yy, w,
                                                 nclass, aprior, edge, 3.0, &im, &sp, &d,
                                                 &c) == 0);
                    CHECK(imp[f] == im && d == dir[f] && c == cnt[f]);
                    CHECK((isnan(sp) && isnan(spl[f])) || sp == spl[f]);
                } else {
                    CHECK(rs_tree_categorical_split(kind, xt + f * n, sorts + f * n + n1,
                                                    n2 - n1, yy, w, nclass, aprior, nlev[f],
                                                    edge, 3.0, &im, cs1, &c) == 0);
                    CHECK(imp[f] == im && c == cnt[f] && dir[f] == 0 && isnan(spl[f]));
                    for (int64_t l = 0; l < nlev[f]; l++) CHECK(csp[f * qmax + l] == cs1[l]);
                }
                for (int64_t l = nlev[f]; l < qmax; l++) CHECK(csp[f * qmax + l] == 0);
            }
        }
        /* invalid arguments */
        CHECK(rs_tree_node_splits(1, xt, sorts, n, p, n1, n + 1, nlev, qmax, y, w, nclass,
                                  aprior, 1, 1.0, imp, spl, dir, cnt, csp) == -2);
        nlev[0] = qmax + 1;
        CHECK(rs_tree_node_splits(1, xt, sorts, n, p, n1, n2, nlev, qmax, y, w, nclass,
                                  aprior, 1, 1.0, imp, spl, dir, cnt, csp) == -2);
        nlev[0] = 1;
        if (qmax >= 1 && n2 > n1) {
            int64_t save = sorts[n1];
            sorts[n1] = n;
            CHECK(rs_tree_node_splits(1, xt, sorts, n, p, n1, n2, nlev, qmax, y, w, nclass,
                                      aprior, 1, 1.0, imp, spl, dir, cnt, csp) == -2);
            sorts[n1] = save;
        }
        free(nlev); free(xt); free(tmpx); free(y); free(ya); free(w); free(sorts);
        free(imp); free(spl); free(dir); free(cnt); free(csp);
    }
    /* rs_tree_radix_order: distinct values -> 1 and rpart's order; ties / NaN -> 0 */
    for (int trial = 0; trial < 300; trial++) {
        int64_t n = rint64(3000), i;
        double *x = malloc((size_t)(n + 1) * sizeof *x), *xs = malloc((size_t)(n + 1) * sizeof *xs);
        int64_t *idx = malloc((size_t)(n + 1) * sizeof *idx);
        int64_t *ref = malloc((size_t)(n + 1) * sizeof *ref);
        int mode = trial % 4;
        for (i = 0; i < n; i++) {
            double v = (unif() - 0.5) * (mode == 1 ? 1e300 : 10.0);
            if (mode == 2) v = ldexp(unif() - 0.5, -1070);           /* subnormals */
            if (mode == 3) v = (double)rint64(n + 1) - (double)(n / 2);   /* ties likely */
            x[i] = v;
        }
        if (n > 3 && mode == 0) { x[0] = INFINITY; x[1] = -INFINITY; }
        for (i = 0; i < n; i++) { xs[i] = x[i]; ref[i] = i; }
        rs_tree_rpart_sort(xs, ref, n);
        int distinct = 1;
        for (i = 1; i < n; i++) if (xs[i] == xs[i - 1]) distinct = 0;
        int st = rs_tree_radix_order(x, n, idx);
        CHECK(st == distinct);
        if (st == 1) for (i = 0; i < n; i++) CHECK(idx[i] == ref[i]);
        if (n > 2) {
            double s0 = x[0], s1 = x[1];
            x[0] = -0.0; x[1] = 0.0;
            CHECK(rs_tree_radix_order(x, n, idx) == 0);
            x[0] = NAN;
            CHECK(rs_tree_radix_order(x, n, idx) == 0);
            x[0] = s0; x[1] = s1;
        }
        free(x); free(xs); free(idx); free(ref);
    }
    CHECK(rs_tree_radix_order(NULL, -1, NULL) == -2);
    printf("%d failures\n", failures);
    return failures != 0;
}
