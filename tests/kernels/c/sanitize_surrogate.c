/* Stand-alone driver run under AddressSanitizer + UndefinedBehaviorSanitizer by
 * tests/test_sanitize_surrogate.py: rs_surrogate_numeric and rs_surrogate_categorical on
 * random, tied, missing and edge-case inputs (exact-size heap blocks), checked against
 * brute-force counts (every cut point; every level), and the bad-argument paths.
 * Exit 0 = all agree. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "rocstats_surrogate.h"

static uint64_t state = 88172645463325252ULL;
static uint64_t rnd(void)
{
    state ^= state << 13; state ^= state >> 7; state ^= state << 17;
    return state;
}
static const double *sort_x;
static int cmp(const void *a, const void *b)
{
    int64_t i = *(const int64_t *)a, j = *(const int64_t *)b;
    double x = sort_x[i], y = sort_x[j];
    int xn = x != x, yn = y != y;
    if (xn || yn) return xn - yn;                /* NaN last */
    if (x != y) return (x > y) - (x < y);
    return (i > j) - (i < j);
}

/* brute force: best agreement over every midpoint, rpart's admissibility and ties */
static void brute(int64_t n, const double *x, const int8_t *go, const double *w,
                  const int64_t *ord, double *res)
{
    double tl = 0, tr = 0, best;
    int64_t i, j, m = 0;
    for (i = 0; i < n; i++)
        if (x[i] == x[i]) { if (go[i] < 0) tl += w[i]; else if (go[i] > 0) tr += w[i]; }
    best = tl > tr ? tl : tr;
    res[0] = 0; res[1] = -1; res[2] = 0; res[4] = tl; res[5] = tr;
    for (i = 0; i < n; i++) if (x[ord[i]] == x[ord[i]]) m++;
    for (i = 1; i < m; i++) {
        double a = x[ord[i - 1]], b = x[ord[i]];
        if (a == b) continue;
        double cut = (a + b) / 2, ge = 0, lt = 0;
        int64_t nb = 0, na = 0;
        for (j = 0; j < n; j++) {
            if (x[j] != x[j] || go[j] == 0) continue;
            int below = x[j] < cut;
            if (w[j] > 0) { if (below) nb++; else na++; }
            if ((go[j] < 0 && !below) || (go[j] > 0 && below)) ge += w[j];
            else lt += w[j];
        }
        if (nb < 2 || na < 2) continue;
        if (ge > best + 1e-9) { best = ge; res[0] = 1; res[1] = 1; res[2] = cut; }
        else if (lt > best + 1e-9) { best = lt; res[0] = 1; res[1] = -1; res[2] = cut; }
    }
    res[3] = best;
}

int main(void)
{
    int failures = 0;
    for (int trial = 0; trial < 500; trial++) {
        int64_t n = 1 + (int64_t)(rnd() % 40), k = 1 + (int64_t)(rnd() % 3);
        int levels = trial % 4 == 0 ? 0 : 2 + trial % 6;
        double *x = malloc((size_t)(n * k) * sizeof *x), *w = malloc((size_t)n * sizeof *w);
        int8_t *go = malloc((size_t)n);
        int64_t *ord = malloc((size_t)(n * k) * sizeof *ord), *nord = malloc((size_t)k * sizeof *nord);
        double *out = malloc((size_t)(6 * k) * sizeof *out), ref[6];
        for (int64_t i = 0; i < n; i++) {
            go[i] = (int8_t)((int)(rnd() % 3) - 1);
            w[i] = (trial % 3 == 0) ? (double)(rnd() % 4) * 0.5 : 1.0;
        }
        for (int64_t c = 0; c < k; c++) {
            for (int64_t i = 0; i < n; i++) {
                x[c * n + i] = levels ? (double)(rnd() % (uint64_t)levels)
                                      : (double)(rnd() >> 11) / 9007199254740992.0;
                if (rnd() % 7 == 0) x[c * n + i] = NAN;
                ord[c * n + i] = i;
            }
            sort_x = x + c * n;
            qsort(ord + c * n, (size_t)n, sizeof *ord, cmp);
            nord[c] = n;
        }
        if (rs_surrogate_numeric(n, k, x, go, w, ord, nord, out) != 0) {
            printf("trial %d: unexpected status\n", trial); failures++;
        }
        for (int64_t c = 0; c < k; c++) {
            brute(n, x + c * n, go, w, ord + c * n, ref);
            double *o = out + 6 * c;
            if (o[0] != ref[0] || (ref[0] && (o[1] != ref[1] || o[2] != ref[2] ||
                                              fabs(o[3] - ref[3]) > 1e-9)) ||
                fabs(o[4] - ref[4]) > 1e-9 || fabs(o[5] - ref[5]) > 1e-9) {
                printf("trial %d col %lld: kernel (%g %g %g %g) brute (%g %g %g %g)\n", trial,
                       (long long)c, o[0], o[1], o[2], o[3], ref[0], ref[1], ref[2], ref[3]);
                failures++;
            }
        }
        /* bad arguments: out of range, repeated, unsorted, bad n_order */
        if (n >= 2) {
            int64_t save = ord[0];
            ord[0] = n;
            if (rs_surrogate_numeric(n, k, x, go, w, ord, nord, out) != -1) failures++;
            ord[0] = ord[1];
            if (rs_surrogate_numeric(n, k, x, go, w, ord, nord, out) != -1) failures++;
            ord[0] = save;
            int64_t a = ord[0], b = ord[n - 1];
            if (x[a] == x[a] && x[b] == x[b] && x[a] < x[b]) {
                ord[0] = b; ord[n - 1] = a;
                if (rs_surrogate_numeric(n, k, x, go, w, ord, nord, out) != -2) failures++;
                ord[0] = a; ord[n - 1] = b;
            }
            nord[0] = n + 1;
            if (rs_surrogate_numeric(n, k, x, go, w, ord, nord, out) != -1) failures++;
            nord[0] = n;
            if (rs_surrogate_numeric(n, k, x, go, w, ord, nord, out) != 0) failures++;
        }
        free(x); free(w); free(go); free(ord); free(nord); free(out);
    }
    /* categorical: per-level majority and the acceptance rule, recounted here */
    for (int trial = 0; trial < 300; trial++) {
        int64_t n = 1 + (int64_t)(rnd() % 50), k = 1 + (int64_t)(rnd() % 3);
        int64_t q = 1 + (int64_t)(rnd() % 6);
        double *x = malloc((size_t)(n * k) * sizeof *x), *w = malloc((size_t)n * sizeof *w);
        int8_t *go = malloc((size_t)n), *dirs = malloc((size_t)(k * q));
        int64_t *ord = malloc((size_t)(n * k) * sizeof *ord);
        double *out = malloc((size_t)(4 * k) * sizeof *out);
        for (int64_t i = 0; i < n; i++) {
            go[i] = (int8_t)((int)(rnd() % 3) - 1);
            w[i] = (trial % 2) ? (double)(rnd() % 4) * 0.5 : 1.0;
        }
        for (int64_t c = 0; c < k; c++)
            for (int64_t i = 0; i < n; i++) {
                x[c * n + i] = (rnd() % 8 == 0) ? NAN : (double)(rnd() % (uint64_t)q);
                ord[c * n + i] = (c % 2) ? n - 1 - i : i;
            }
        if (rs_surrogate_categorical(n, k, q, x, go, w, ord, dirs, out) != 0) failures++;
        for (int64_t c = 0; c < k; c++) {
            double tot_l = 0, tot_r = 0, agree = 0;
            int64_t dis = 0, agr = 0;
            for (int64_t l = 0; l < q; l++) {
                double lw = 0, rw = 0; int64_t lc = 0, rc = 0;
                for (int64_t i = 0; i < n; i++) {
                    double v = x[c * n + i];
                    if (v != v || v != (double)l || go[i] == 0) continue;
                    if (go[i] < 0) { lw += w[i]; lc += w[i] > 0; } else { rw += w[i]; rc += w[i] > 0; }
                }
                tot_l += lw; tot_r += rw;
                int8_t expect = 0;
                if (lc || rc) expect = 2;                /* decided below */
                if (expect && dirs[c * q + l] == 0) failures++;
                if (!expect && dirs[c * q + l] != 0) failures++;
                if (dirs[c * q + l] > 0) { agree += rw; dis += lc; agr += rc; if (lw > rw) failures++; }
                if (dirs[c * q + l] < 0) { agree += lw; dis += rc; agr += lc; if (lw < rw) failures++; }
            }
            double *o = out + 4 * c;
            if (fabs(o[1] - agree) > 1e-9 || fabs(o[2] - tot_l) > 1e-9 || fabs(o[3] - tot_r) > 1e-9
                || o[0] != ((dis > 1 && agr > 1) ? 1.0 : 0.0)) {
                printf("categorical trial %d col %lld differs\n", trial, (long long)c);
                failures++;
            }
        }
        if (n >= 2) {   /* bad arguments: repeated index, code out of range */
            int64_t save = ord[0];
            ord[0] = ord[1];
            if (rs_surrogate_categorical(n, k, q, x, go, w, ord, dirs, out) != -1) failures++;
            ord[0] = save;
            double sx = x[0]; int8_t sg = go[0];
            x[0] = (double) q; go[0] = 1;
            if (rs_surrogate_categorical(n, k, q, x, go, w, ord, dirs, out) != -1) failures++;
            x[0] = sx; go[0] = sg;
        }
        free(x); free(w); free(go); free(dirs); free(ord); free(out);
    }
    /* rs_surrogate_node: the builder's in-place layout (feature-major data, per-feature
     * row lists with the node owning [n1, n2)) must give exactly what the per-column
     * kernels give on a copy of the node's rows */
    for (int trial = 0; trial < 300; trial++) {
        int64_t n = 1 + (int64_t)(rnd() % 40), p = 1 + (int64_t)(rnd() % 5), qmax = 0;
        int64_t *nlev = malloc((size_t)p * sizeof *nlev);
        for (int64_t f = 0; f < p; f++) {
            nlev[f] = (rnd() % 3 == 0) ? 1 + (int64_t)(rnd() % 5) : 0;
            if (nlev[f] > qmax) qmax = nlev[f];
        }
        double *xt = malloc((size_t)(n * p) * sizeof *xt), *w = malloc((size_t)n * sizeof *w);
        int8_t *goes = malloc((size_t)n), *dirs = malloc((size_t)(p * qmax + 1));
        int64_t *sorts = malloc((size_t)(n * p) * sizeof *sorts);
        int64_t *inseg = malloc((size_t)n * sizeof *inseg), *loc = malloc((size_t)n * sizeof *loc);
        double *out = malloc((size_t)(6 * p) * sizeof *out), tot[2];
        int64_t m = 0;
        for (int64_t i = 0; i < n; i++) {
            goes[i] = (int8_t)((int)(rnd() % 3) - 1);
            w[i] = (trial % 3 == 0) ? (double)(rnd() % 4) * 0.5 : 1.0;
            if (rnd() % 3) { loc[i] = m; inseg[m++] = i; } else loc[i] = -1;
        }
        int64_t n1 = (int64_t)(rnd() % (uint64_t)(n - m + 1)), n2 = n1 + m;
        for (int64_t f = 0; f < p; f++) {
            for (int64_t i = 0; i < n; i++) {
                double v = nlev[f] ? (double)(rnd() % (uint64_t)nlev[f])
                                   : (double)(rnd() % 9) / 4.0;    /* ties on purpose */
                xt[f * n + i] = (rnd() % 7 == 0) ? NAN : v;
            }
            int64_t *s = sorts + f * n, a = 0, b = n2;
            for (int64_t i = 0; i < m; i++) s[n1 + i] = inseg[i];
            for (int64_t i = 0; i < n; i++)           /* rows of other nodes around it */
                if (loc[i] < 0) { if (a < n1) s[a++] = i; else s[b++] = i; }
            if (!nlev[f]) {
                sort_x = xt + f * n;
                qsort(s + n1, (size_t)m, sizeof *s, cmp);
            }
        }
        int64_t primary = (int64_t)(rnd() % (uint64_t)p);
        if (rs_surrogate_node(n, p, xt, sorts, n1, n2, nlev, qmax, goes, w, primary, tot,
                              out, dirs) != 0) {
            printf("node trial %d: unexpected status\n", trial); failures++;
        } else if (m > 0) {
            /* the node's rows copied out, local ids 0..m-1 */
            double *lx = malloc((size_t)m * sizeof *lx), *lw = malloc((size_t)m * sizeof *lw);
            int8_t *lg = malloc((size_t)m), ld[8];
            int64_t *lo = malloc((size_t)m * sizeof *lo), nm = m;
            double res[6], tl = 0, tr = 0;
            for (int64_t i = 0; i < m; i++) { lw[i] = w[inseg[i]]; lg[i] = goes[inseg[i]]; }
            for (int64_t i = n1; i < n2; i++) {
                int64_t r = sorts[primary * n + i];
                if (goes[r] < 0) tl += w[r]; else if (goes[r] > 0) tr += w[r];
            }
            if (tot[0] != tl || tot[1] != tr) failures++;
            for (int64_t f = 0; f < p; f++) {
                for (int64_t i = 0; i < m; i++) {
                    lx[i] = xt[f * n + inseg[i]];
                    lo[i] = loc[sorts[f * n + n1 + i]];
                }
                if (f == primary) {
                    for (int k = 0; k < 6; k++) if (out[f * 6 + k] != 0) failures++;
                } else if (!nlev[f]) {
                    if (rs_surrogate_numeric(m, 1, lx, lg, lw, lo, &nm, res) != 0) failures++;
                    for (int k = 0; k < 6; k++)
                        if (out[f * 6 + k] != res[k]) {
                            printf("node trial %d numeric %lld differs\n", trial, (long long)f);
                            failures++;
                            break;
                        }
                } else {
                    if (rs_surrogate_categorical(m, 1, nlev[f], lx, lg, lw, lo, ld, res) != 0)
                        failures++;
                    for (int k = 0; k < 4; k++) if (out[f * 6 + k] != res[k]) failures++;
                    for (int64_t l = 0; l < nlev[f]; l++)
                        if (dirs[f * qmax + l] != ld[l]) failures++;
                }
            }
            free(lx); free(lw); free(lg); free(lo);
        }
        /* bad arguments: row id out of range, bad segment, bad primary, unsorted list */
        if (m > 0) {
            int64_t save = sorts[n1];
            sorts[n1] = n;
            if (rs_surrogate_node(n, p, xt, sorts, n1, n2, nlev, qmax, goes, w, primary, tot,
                                  out, dirs) != -1) failures++;
            sorts[n1] = -1;
            if (rs_surrogate_node(n, p, xt, sorts, n1, n2, nlev, qmax, goes, w, primary, tot,
                                  out, dirs) != -1) failures++;
            sorts[n1] = save;
        }
        if (rs_surrogate_node(n, p, xt, sorts, n1, n + 1, nlev, qmax, goes, w, primary, tot,
                              out, dirs) != -1) failures++;
        if (rs_surrogate_node(n, p, xt, sorts, n1, n2, nlev, qmax, goes, w, p, tot,
                              out, dirs) != -1) failures++;
        for (int64_t f = 0; f < p; f++) {
            int64_t *s = sorts + f * n + n1;
            if (f == primary || nlev[f] || m < 2) continue;
            double a = xt[f * n + s[0]], b = xt[f * n + s[m - 1]];
            if (a == a && b == b && a < b) {
                int64_t t = s[0]; s[0] = s[m - 1]; s[m - 1] = t;
                if (rs_surrogate_node(n, p, xt, sorts, n1, n2, nlev, qmax, goes, w, primary,
                                      tot, out, dirs) != -2) failures++;
                s[m - 1] = s[0]; s[0] = t;
            }
            break;
        }
        free(nlev); free(xt); free(w); free(goes); free(dirs); free(sorts); free(inseg);
        free(loc); free(out);
    }
    if (rs_surrogate_categorical(0, 0, 0, NULL, NULL, NULL, NULL, NULL, NULL) != 0) failures++;
    if (rs_surrogate_categorical(3, 1, 0, NULL, NULL, NULL, NULL, NULL, NULL) != -1) failures++;
    if (rs_surrogate_numeric(0, 0, NULL, NULL, NULL, NULL, NULL, NULL) != 0) failures++;
    if (rs_surrogate_numeric(-1, 1, NULL, NULL, NULL, NULL, NULL, NULL) != -1) failures++;
    printf("%d failures\n", failures);
    return failures != 0;
}
