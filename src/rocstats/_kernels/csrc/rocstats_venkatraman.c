/* Venkatraman's permutation statistics: see rocstats_venkatraman.h for the contract. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "rocstats_venkatraman.h"

/* Mark the keys of one sample: kind 1 (control) or 2 (case).  -2 on a key outside
 * [0, key_space) or a repeated key. */
static int mark_keys(const int64_t *keys, int64_t n, uint8_t kind, int64_t key_space,
                     uint8_t *mark)
{
    for (int64_t i = 0; i < n; i++) {
        int64_t k = keys[i];
        if (k < 0 || k >= key_space || mark[k]) return -2;
        mark[k] = kind;
    }
    return 0;
}

/* Scan the marks in key order: cum[x] = cases among the x + 1 lowest marked keys;
 * clears the marks.  Branch-free (the marks are random, a branch per key would be
 * mispredicted half the time): every key writes cum[x] and only a marked key advances
 * x, so cum needs room for one value more than the number of marked keys. */
static void scan_cum(uint8_t *mark, int64_t key_space, int64_t *cum)
{
    int64_t c = 0, x = 0;
    for (int64_t k = 0; k < key_space; k++) {
        uint8_t v = mark[k];
        c += v >> 1;
        cum[x] = c;
        x += v != 0;
    }
    memset(mark, 0, (size_t)key_space);
}

int rs_venk_paired_keys(const int64_t *r3, const int64_t *s3, int64_t n_rows, int64_t n,
                        const uint8_t *pos, int64_t key_space, double *out)
{
    if (n_rows < 0 || n < 1 || key_space < n) return -2;
    uint8_t *mark = calloc((size_t)key_space, 1);
    int64_t *ca = malloc((size_t)(n + 1) * sizeof *ca), *cb = malloc((size_t)(n + 1) * sizeof *cb);
    int st = 0;
    if (!mark || !ca || !cb) { st = -1; goto done; }
    for (int64_t r = 0; r < n_rows && st == 0; r++) {
        const int64_t *ka = r3 + r * n, *kb = s3 + r * n;
        for (int64_t i = 0; i < n && st == 0; i++) {
            int64_t k = ka[i];
            if (k < 0 || k >= key_space || mark[k]) st = -2;
            else mark[k] = (uint8_t)(1 + (pos[i] != 0));
        }
        if (st) break;
        scan_cum(mark, key_space, ca);
        for (int64_t i = 0; i < n && st == 0; i++) {
            int64_t k = kb[i];
            if (k < 0 || k >= key_space || mark[k]) st = -2;
            else mark[k] = (uint8_t)(1 + (pos[i] != 0));
        }
        if (st) break;
        scan_cum(mark, key_space, cb);
        int64_t e = 0;
        for (int64_t x = 0; x < n; x++) e += ca[x] > cb[x] ? ca[x] - cb[x] : cb[x] - ca[x];
        out[r] = (double)(2 * e);
    }
done:
    free(mark); free(ca); free(cb);
    return st;
}

/* NumPy's pairwise summation of a contiguous float64 array (the add.reduce loop). */
static double pairwise_sum(const double *a, int64_t n)
{
    if (n < 8) {
        double res = 0.0;
        for (int64_t i = 0; i < n; i++) res += a[i];
        return res;
    } else if (n <= 128) {
        double r[8];
        int64_t i;
        for (int j = 0; j < 8; j++) r[j] = a[j];
        for (i = 8; i < n - (n % 8); i += 8)
            for (int j = 0; j < 8; j++) r[j] += a[i + j];
        double res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
        for (; i < n; i++) res += a[i];
        return res;
    } else {
        int64_t n2 = n / 2;
        n2 -= n2 % 8;
        return pairwise_sum(a, n2) + pairwise_sum(a + n2, n - n2);
    }
}

/* The curve of one sample: p and e at x = 1..L from C(x); -2 when C is not a
 * cumulative count of m cases among L = m + n. */
static int curve(const int64_t *cum, int64_t m, int64_t n, double mp, double *p, double *e)
{
    double omp = 1 - mp, dm = (double)m, dn = (double)n;
    int64_t prev = 0;
    for (int64_t x = 1; x <= m + n; x++) {
        int64_t c = cum[x - 1];
        if (c < prev || c > prev + 1 || c > m || x - c > n) return -2;
        prev = c;
        double fx = (double)c / dm;
        double gx = (double)(x - c) / dn;
        double t = mp * fx;
        p[x - 1] = t + omp * gx;
        e[x - 1] = t + omp * (1 - gx);
    }
    return 0;
}

/* R's approxfun(P, E)(v) given k = the number of P values below (or at most) v. */
static double interp(const double *P, const double *E, int64_t L, int64_t k, double v)
{
    int64_t lo = k - 1 > 0 ? k - 1 : 0, hi = k < L - 1 ? k : L - 1;
    double x0 = P[lo], x1 = P[hi], y0 = E[lo], y1 = E[hi];
    if (k == 0 || (k == L && v > x0)) return NAN;
    if (x0 == v) return y0;
    return y0 + (y1 - y0) * ((v - x0) / (x1 - x0));
}

/* One row: merge, |e_a - e_b| at every merged point, trapezoids, pairwise sum.  work
 * holds 2 (La + Lb) + 2 La + 2 Lb doubles. */
static double integral_row(const double *pa, const double *ea, int64_t La, const double *pb,
                           const double *eb, int64_t Lb, double off, double *xs, double *ys)
{
    int64_t i = 0, j = 0, t = 0;
    while (i < La || j < Lb) {
        if (j == Lb || (i < La && pa[i] + off <= pb[j] + off)) {
            xs[t] = pa[i];
            ys[t] = fabs(ea[i] - interp(pb, eb, Lb, j, pa[i]));
            i++;
        } else {
            xs[t] = pb[j];
            ys[t] = fabs(interp(pa, ea, La, i, pb[j]) - eb[j]);
            j++;
        }
        t++;
    }
    int64_t L = La + Lb;
    for (int64_t s = 0; s + 1 < L; s++) {          /* terms overwrite ys in place */
        double term = (ys[s + 1] + ys[s]) * (xs[s + 1] - xs[s]) / 2;
        ys[s] = isnan(term) ? 0.0 : term;
    }
    return pairwise_sum(ys, L - 1);
}

static int unpaired_rows(const int64_t *ca, const int64_t *cb, int64_t n_rows, int64_t ma,
                         int64_t na, int64_t mb, int64_t nb, double mp, double *out,
                         const int64_t *kc, const int64_t *kk, int64_t key_space)
{
    if (n_rows < 0 || ma < 1 || na < 1 || mb < 1 || nb < 1) return -2;
    int64_t La = ma + na, Lb = mb + nb, L = La + Lb;
    if (kc && key_space < (La > Lb ? La : Lb)) return -2;
    double *buf = malloc((size_t)(2 * L + 2 * La + 2 * Lb) * sizeof *buf);
    int64_t *cum = kc ? malloc((size_t)(L + 1) * sizeof *cum) : NULL;
    uint8_t *mark = kc ? calloc((size_t)key_space, 1) : NULL;
    int st = 0;
    if (!buf || (kc && (!cum || !mark))) { st = -1; goto done; }
    double *pa = buf, *ea = pa + La, *pb = ea + La, *eb = pb + Lb, *xs = eb + Lb, *ys = xs + L;
    for (int64_t r = 0; r < n_rows; r++) {
        const int64_t *ra, *rb;
        if (kc) {
            const int64_t *c = kc + r * (na + nb), *k = kk + r * (ma + mb);
            if ((st = mark_keys(c, na, 1, key_space, mark)) != 0) break;
            if ((st = mark_keys(k, ma, 2, key_space, mark)) != 0) break;
            scan_cum(mark, key_space, cum);
            if ((st = mark_keys(c + na, nb, 1, key_space, mark)) != 0) break;
            if ((st = mark_keys(k + ma, mb, 2, key_space, mark)) != 0) break;
            scan_cum(mark, key_space, cum + La);
            ra = cum; rb = cum + La;
        } else {
            ra = ca + r * La; rb = cb + r * Lb;
        }
        if ((st = curve(ra, ma, na, mp, pa, ea)) != 0) break;
        if ((st = curve(rb, mb, nb, mp, pb, eb)) != 0) break;
        out[r] = integral_row(pa, ea, La, pb, eb, Lb, 2.0 * (double)r, xs, ys);
    }
done:
    free(buf); free(cum); free(mark);
    return st;
}

int rs_venk_unpaired_integrals(const int64_t *ca, const int64_t *cb, int64_t n_rows,
                               int64_t ma, int64_t na, int64_t mb, int64_t nb, double mp,
                               double *out)
{
    return unpaired_rows(ca, cb, n_rows, ma, na, mb, nb, mp, out, NULL, NULL, 0);
}

int rs_venk_unpaired_keys(const int64_t *kc, const int64_t *kk, int64_t n_rows, int64_t na,
                          int64_t nb, int64_t ma, int64_t mb, int64_t key_space, double mp,
                          double *out)
{
    if (!kc || !kk) return -2;
    return unpaired_rows(NULL, NULL, n_rows, ma, na, mb, nb, mp, out, kc, kk, key_space);
}
