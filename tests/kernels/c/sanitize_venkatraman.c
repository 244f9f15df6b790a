/* Stand-alone driver run under AddressSanitizer + UndefinedBehaviorSanitizer by
 * tests/kernels/test_sanitize.py: the Venkatraman kernels on random keys in exact-size
 * heap blocks.  Checks: the paired E equals a direct count over the thresholds (keys
 * ranked by qsort); the unpaired statistic from keys equals the one from cumulative
 * counts computed by qsort (bit for bit) and a written-out definition (sorted union of
 * the p values, interpolation by a linear scan, trapezoids) to 1e-12 relative; every bad
 * argument is refused.  Exit status 0 = all agree. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "rocstats_venkatraman.h"

static uint64_t state = 0x9E3779B97F4A7C15ULL;
static uint64_t rnd(uint64_t range)
{
    state ^= state << 13; state ^= state >> 7; state ^= state << 17;
    return range ? state % range : state;
}

static int failures = 0;
#define CHECK(cond, ...) do { if (!(cond)) { failures++; printf("FAIL: " __VA_ARGS__); \
                                              printf("\n"); } } while (0)

static void shuffle(int64_t *a, int64_t n)
{
    for (int64_t i = n - 1; i > 0; i--) {
        int64_t j = (int64_t)rnd((uint64_t)i + 1), t = a[i];
        a[i] = a[j]; a[j] = t;
    }
}

typedef struct { int64_t key; int flag; } kf;
static int cmp_kf(const void *a, const void *b)
{
    int64_t x = ((const kf *)a)->key, y = ((const kf *)b)->key;
    return (x > y) - (x < y);
}

/* cum[x] = flags among the x + 1 lowest keys */
static void cum_by_qsort(const int64_t *keys, const int *flags, int64_t n, int64_t *cum)
{
    kf *v = malloc((size_t)n * sizeof *v);
    for (int64_t i = 0; i < n; i++) { v[i].key = keys[i]; v[i].flag = flags[i]; }
    qsort(v, (size_t)n, sizeof *v, cmp_kf);
    int64_t c = 0;
    for (int64_t i = 0; i < n; i++) { c += v[i].flag; cum[i] = c; }
    free(v);
}

/* the unpaired statistic written out, as tests/definitions.venkatraman_unpaired_def */
static double interp_def(const double *p, const double *e, int64_t L, double v, int *ok)
{
    *ok = 0;
    if (v < p[0] || v > p[L - 1]) return 0;
    for (int64_t k = 0; k < L; k++) {
        if (p[k] == v) { *ok = 1; return e[k]; }
        if (p[k] > v) {
            *ok = 1;
            return e[k - 1] + (e[k] - e[k - 1]) * (v - p[k - 1]) / (p[k] - p[k - 1]);
        }
    }
    return 0;
}
static int cmp_d(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}
static double unpaired_def(const int64_t *ca, int64_t ma, int64_t na, const int64_t *cb,
                           int64_t mb, int64_t nb, double mp)
{
    int64_t La = ma + na, Lb = mb + nb, L = La + Lb;
    double *pa = malloc(La * sizeof *pa), *ea = malloc(La * sizeof *ea);
    double *pb = malloc(Lb * sizeof *pb), *eb = malloc(Lb * sizeof *eb);
    double *xs = malloc(L * sizeof *xs), *ys = malloc(L * sizeof *ys);
    int *ok = malloc(L * sizeof *ok);
    for (int64_t x = 1; x <= La; x++) {
        double f = (double)ca[x - 1] / ma, g = (double)(x - ca[x - 1]) / na;
        pa[x - 1] = mp * f + (1 - mp) * g; ea[x - 1] = mp * f + (1 - mp) * (1 - g);
        xs[x - 1] = pa[x - 1];
    }
    for (int64_t x = 1; x <= Lb; x++) {
        double f = (double)cb[x - 1] / mb, g = (double)(x - cb[x - 1]) / nb;
        pb[x - 1] = mp * f + (1 - mp) * g; eb[x - 1] = mp * f + (1 - mp) * (1 - g);
        xs[La + x - 1] = pb[x - 1];
    }
    qsort(xs, (size_t)L, sizeof *xs, cmp_d);
    for (int64_t k = 0; k < L; k++) {
        int o1, o2;
        double u = interp_def(pa, ea, La, xs[k], &o1), w = interp_def(pb, eb, Lb, xs[k], &o2);
        ok[k] = o1 && o2;
        ys[k] = fabs(u - w);
    }
    double total = 0;
    for (int64_t k = 1; k < L; k++)
        if (ok[k] && ok[k - 1]) total += (ys[k] + ys[k - 1]) * (xs[k] - xs[k - 1]) / 2;
    free(pa); free(ea); free(pb); free(eb); free(xs); free(ys); free(ok);
    return total;
}

static void check_paired(int64_t n, int64_t R)
{
    int64_t ks = 3 * n + 2;
    int64_t *r3 = malloc((size_t)(R * n) * sizeof *r3), *s3 = malloc((size_t)(R * n) * sizeof *s3);
    int64_t *pool = malloc((size_t)ks * sizeof *pool);
    uint8_t *pos = malloc((size_t)n);
    int *fl = malloc((size_t)n * sizeof *fl);
    int64_t *ca = malloc((size_t)n * sizeof *ca), *cb = malloc((size_t)n * sizeof *cb);
    double *out = malloc((size_t)R * sizeof *out);
    for (int64_t i = 0; i < n; i++) { pos[i] = (uint8_t)rnd(2); fl[i] = pos[i]; }
    for (int64_t r = 0; r < R; r++) {
        for (int64_t k = 0; k < ks; k++) pool[k] = k;
        shuffle(pool, ks);
        for (int64_t i = 0; i < n; i++) r3[r * n + i] = pool[i];
        shuffle(pool, ks);
        for (int64_t i = 0; i < n; i++) s3[r * n + i] = pool[i];
    }
    CHECK(rs_venk_paired_keys(r3, s3, R, n, pos, ks, out) == 0, "paired status n=%lld", (long long)n);
    for (int64_t r = 0; r < R; r++) {
        cum_by_qsort(r3 + r * n, fl, n, ca);
        cum_by_qsort(s3 + r * n, fl, n, cb);
        int64_t e = 0;
        for (int64_t x = 0; x < n; x++) e += llabs(ca[x] - cb[x]);
        CHECK(out[r] == (double)(2 * e), "paired E n=%lld r=%lld", (long long)n, (long long)r);
    }
    /* refused: a key at key_space, a repeated key, n = 0 */
    r3[0] = ks;
    CHECK(rs_venk_paired_keys(r3, s3, R, n, pos, ks, out) == -2, "paired key out of range");
    r3[0] = -1;
    CHECK(rs_venk_paired_keys(r3, s3, R, n, pos, ks, out) == -2, "paired negative key");
    if (n > 1) {
        r3[0] = r3[1];
        CHECK(rs_venk_paired_keys(r3, s3, R, n, pos, ks, out) == -2, "paired repeated key");
    }
    CHECK(rs_venk_paired_keys(r3, s3, R, 0, pos, ks, out) == -2, "paired n = 0");
    free(r3); free(s3); free(pool); free(pos); free(fl); free(ca); free(cb); free(out);
}

static void check_unpaired(int64_t na, int64_t ma, int64_t nb, int64_t mb, int64_t R)
{
    int64_t La = na + ma, Lb = nb + mb, V = (La > Lb ? La : Lb) + 1, ks = 2 * V + 2;
    int64_t Nc = na + nb, Nk = ma + mb;
    int64_t *kc = malloc((size_t)(R * Nc) * sizeof *kc), *kk = malloc((size_t)(R * Nk) * sizeof *kk);
    int64_t *ca = malloc((size_t)(R * La) * sizeof *ca), *cb = malloc((size_t)(R * Lb) * sizeof *cb);
    int64_t *pool = malloc((size_t)ks * sizeof *pool), *va = malloc((size_t)La * sizeof *va);
    int64_t *vb = malloc((size_t)Lb * sizeof *vb);
    int *fa = malloc((size_t)La * sizeof *fa), *fb = malloc((size_t)Lb * sizeof *fb);
    double *o1 = malloc((size_t)R * sizeof *o1), *o2 = malloc((size_t)R * sizeof *o2);
    double mp = (double)(ma + mb) / (double)(La + Lb);
    for (int64_t r = 0; r < R; r++) {
        /* distinct keys: a shuffled pool, first Nc to the controls, next Nk to the cases */
        for (int64_t k = 0; k < ks; k++) pool[k] = k;
        shuffle(pool, ks);
        for (int64_t i = 0; i < Nc; i++) kc[r * Nc + i] = pool[i];
        for (int64_t i = 0; i < Nk; i++) kk[r * Nk + i] = pool[Nc + i];
        for (int64_t i = 0; i < na; i++) { va[i] = kc[r * Nc + i]; fa[i] = 0; }
        for (int64_t i = 0; i < ma; i++) { va[na + i] = kk[r * Nk + i]; fa[na + i] = 1; }
        for (int64_t i = 0; i < nb; i++) { vb[i] = kc[r * Nc + na + i]; fb[i] = 0; }
        for (int64_t i = 0; i < mb; i++) { vb[nb + i] = kk[r * Nk + ma + i]; fb[nb + i] = 1; }
        cum_by_qsort(va, fa, La, ca + r * La);
        cum_by_qsort(vb, fb, Lb, cb + r * Lb);
    }
    CHECK(rs_venk_unpaired_keys(kc, kk, R, na, nb, ma, mb, ks, mp, o1) == 0, "unpaired keys status");
    CHECK(rs_venk_unpaired_integrals(ca, cb, R, ma, na, mb, nb, mp, o2) == 0, "integrals status");
    for (int64_t r = 0; r < R; r++) {
        CHECK(o1[r] == o2[r], "keys vs counts r=%lld: %.17g %.17g", (long long)r, o1[r], o2[r]);
        double d = unpaired_def(ca + r * La, ma, na, cb + r * Lb, mb, nb, mp);
        CHECK(fabs(o1[r] - d) <= 1e-12 * fabs(d) + 1e-15, "definition r=%lld: %.17g %.17g",
              (long long)r, o1[r], d);
    }
    /* refused */
    CHECK(rs_venk_unpaired_keys(kc, kk, R, na, nb, ma, mb, La - 1 < Lb - 1 ? Lb - 1 : La - 1,
                                mp, o1) == -2, "key_space too small");
    int64_t save = kc[0];
    kc[0] = ks;
    CHECK(rs_venk_unpaired_keys(kc, kk, R, na, nb, ma, mb, ks, mp, o1) == -2, "key out of range");
    kc[0] = kk[0];
    CHECK(rs_venk_unpaired_keys(kc, kk, R, na, nb, ma, mb, ks, mp, o1) == -2, "repeated key");
    kc[0] = save;
    CHECK(rs_venk_unpaired_keys(kc, kk, R, na, nb, 0, mb, ks, mp, o1) == -2, "empty class");
    CHECK(rs_venk_unpaired_keys(NULL, kk, R, na, nb, ma, mb, ks, mp, o1) == -2, "NULL keys");
    int64_t c0 = ca[0];
    ca[0] = 2;
    CHECK(rs_venk_unpaired_integrals(ca, cb, R, ma, na, mb, nb, mp, o2) == -2, "bad counts");
    ca[0] = c0;
    free(kc); free(kk); free(ca); free(cb); free(pool); free(va); free(vb); free(fa); free(fb);
    free(o1); free(o2);
}

int main(void)
{
    static const int64_t pn[] = {1, 2, 3, 17, 200};
    for (size_t i = 0; i < sizeof pn / sizeof *pn; i++) check_paired(pn[i], 7);
    check_unpaired(1, 1, 1, 1, 3);
    check_unpaired(3, 2, 3, 2, 9);           /* equal sizes: coinciding p lattices */
    check_unpaired(5, 9, 12, 4, 20);
    check_unpaired(80, 70, 80, 70, 5);       /* > 128 terms: recursive pairwise halves */
    check_unpaired(150, 20, 30, 170, 4);
    for (int t = 0; t < 30; t++)
        check_unpaired(1 + (int64_t)rnd(25), 1 + (int64_t)rnd(25), 1 + (int64_t)rnd(25),
                       1 + (int64_t)rnd(25), 1 + (int64_t)rnd(6));
    printf("%d failures\n", failures);
    return failures != 0;
}
