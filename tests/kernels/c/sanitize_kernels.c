/* Stand-alone driver run under AddressSanitizer + UndefinedBehaviorSanitizer by
 * tests/test_sanitize.py: every kernel on random, tied and edge-case inputs, with the
 * sorted sweeps checked against the pairwise loops.  Exit status 0 = all agree. */
#include <stdio.h>
#include <stdlib.h>
#include "rocstats_kernels.h"

static uint64_t state = 88172645463325252ULL;
static double rnd(int levels)
{
    state ^= state << 13; state ^= state >> 7; state ^= state << 17;
    return levels ? (double)(state % (uint64_t)levels) : (double)(state >> 11) / 9007199254740992.0;
}
static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(void)
{
    int failures = 0;
    for (int trial = 0; trial < 400; trial++) {
        int64_t m = 1 + (int64_t)rnd(60), n = 1 + (int64_t)rnd(60);
        int levels = trial % 3 == 0 ? 0 : 1 + trial % 7;
        /* exact-size heap blocks so any overrun is caught */
        double *pos = malloc(m * sizeof *pos), *neg = malloc(n * sizeof *neg);
        double *a10 = malloc(m * sizeof *a10), *a01 = malloc(n * sizeof *a01);
        double *b10 = malloc(m * sizeof *b10), *b01 = malloc(n * sizeof *b01);
        for (int64_t i = 0; i < m; i++) pos[i] = rnd(levels);
        for (int64_t j = 0; j < n; j++) neg[j] = rnd(levels);
        qsort(pos, m, sizeof *pos, cmp);
        qsort(neg, n, sizeof *neg, cmp);
        int64_t u1 = rs_auc2u_sorted(pos, m, neg, n);
        int64_t u2 = rs_auc2u_pairwise(pos, m, neg, n);
        int64_t u3 = rs_placements_sorted(pos, m, neg, n, a10, a01);
        int64_t u4 = rs_placements_pairwise(pos, m, neg, n, b10, b01);
        {   /* issue 25: below / ties per positive vs a direct count */
            int64_t *bl = malloc(m * sizeof *bl), *ti = malloc(m * sizeof *ti);
            rs_below_ties_sorted(pos, m, neg, n, bl, ti);
            for (int64_t i = 0; i < m; i++) {
                int64_t lt = 0, eq = 0;
                for (int64_t j = 0; j < n; j++) { lt += neg[j] < pos[i]; eq += neg[j] == pos[i]; }
                if (bl[i] != lt || ti[i] != eq) failures++;
            }
            rs_below_ties_sorted(pos, m, neg, 0, bl, ti);
            for (int64_t i = 0; i < m; i++) if (bl[i] != 0 || ti[i] != 0) failures++;
            free(bl); free(ti);
        }
        {   /* split_argsort over the concatenation must reproduce both sorted arrays */
            double *all = malloc((m + n) * sizeof *all), *sp = malloc(m * sizeof *sp), *sn = malloc(n * sizeof *sn);
            uint8_t *lab = malloc(m + n);
            int64_t *ip = malloc(m * sizeof *ip), *in = malloc(n * sizeof *in);
            for (int64_t i = 0; i < m + n; i++) { lab[i] = i < m; all[i] = i < m ? pos[m - 1 - i] : neg[i - m]; }
            if (rs_split_argsort(all, lab, m + n, sp, ip, m, sn, in) != 0) failures++;
            for (int64_t i = 0; i < m; i++) if (sp[i] != pos[i] || all[ip[i]] != sp[i]) failures++;
            for (int64_t j = 0; j < n; j++) if (sn[j] != neg[j] || all[m + in[j]] != sn[j]) failures++;
            if (rs_split_sort(all, lab, m + n, sp, m, sn) != 0) failures++;
            for (int64_t i = 0; i < m; i++) if (sp[i] != pos[i]) failures++;
            if (rs_split_sort(all, lab, m + n, sp, m + 1, sn) != -2) failures++;  /* wrong m */
            free(all); free(sp); free(sn); free(lab); free(ip); free(in);
        }
        {   /* issue 14: the fast sweeps equal the plain ones; split, pack / unpack keys */
            uint64_t sq[4], sq2[4];
            if (rs_auc2u_sorted_fast(pos, m, neg, n) != u1) failures++;
            if (rs_delong_sums_sorted_fast(pos, m, neg, n, sq) != u1) failures++;
            rs_delong_sums_sorted(pos, m, neg, n, sq2);
            for (int q = 0; q < 4; q++) if (sq[q] != sq2[q]) failures++;
            if (rs_auc2u_sorted_fast(pos, m, neg, 0) != 0) failures++;
            if (rs_auc2u_sorted_fast(pos, 0, neg, n) != 0) failures++;
            int64_t t = m + n;
            double *all = malloc(t * sizeof *all), *sp = malloc(m * sizeof *sp);
            double *sn = malloc(n * sizeof *sn), *srt = malloc(t * sizeof *srt);
            uint8_t *lab = malloc(t);
            uint64_t *keys = malloc(t * sizeof *keys);
            int64_t *ix = malloc(t * sizeof *ix);
            for (int64_t k = 0; k < t; k++) {
                lab[k] = (uint8_t)(rnd(2) * 3);   /* 0 or 3: any nonzero is positive */
                all[k] = rnd(levels);
            }
            int64_t mm = 0;
            for (int64_t k = 0; k < t; k++) mm += lab[k] != 0;
            /* room for one more in each, as the wrong-m calls below declare */
            double *ps = malloc((mm + 1) * sizeof *ps), *ns = malloc((t - mm + 1) * sizeof *ns);
            if (rs_split(all, lab, t, ps, mm, ns) != 0) failures++;
            for (int64_t k = 0, a = 0, b = 0; k < t; k++)
                if (lab[k] ? ps[a++] != all[k] : ns[b++] != all[k]) failures++;
            {   /* the split by label value, for every label type, equals rs_split */
                double *qs = malloc((mm + 1) * sizeof *qs), *qn = malloc((t - mm + 1) * sizeof *qn);
                int64_t *l64 = malloc(t * sizeof *l64); int32_t *l32 = malloc(t * sizeof *l32);
                int8_t *l8 = malloc(t); double *lf = malloc(t * sizeof *lf);
                for (int64_t k = 0; k < t; k++) { l64[k] = lab[k]; l32[k] = lab[k]; l8[k] = (int8_t)lab[k]; lf[k] = lab[k]; }
                int st = rs_split_eq_u8(all, lab, 3, t, qs, mm, qn)
                       | rs_split_eq_i64(all, l64, 3, t, qs, mm, qn) | rs_split_eq_i32(all, l32, 3, t, qs, mm, qn)
                       | rs_split_eq_i8(all, l8, 3, t, qs, mm, qn) | rs_split_eq_f64(all, lf, 3.0, t, qs, mm, qn);
                if (st != 0) failures++;
                for (int64_t k = 0; k < mm; k++) if (qs[k] != ps[k]) failures++;
                for (int64_t k = 0; k < t - mm; k++) if (qn[k] != ns[k]) failures++;
                if (rs_split_eq_i64(all, l64, 3, t, qs, mm + 1, qn) != -2) failures++;
                {   /* a non-finite score: the split is done and reports it */
                    const double keep = all[t - 1];
                    all[t - 1] = 1.0 / 0.0;
                    if (rs_split_eq_i32(all, l32, 3, t, qs, mm, qn) != 1) failures++;
                    all[t - 1] = keep;
                }
                {   /* the label scan: values 0 and 3 (or one of them) and their counts */
                    int64_t v64[2], c[2]; int32_t v32[2]; int8_t v8[2]; uint8_t vu[2]; double vf[2];
                    int want = (mm > 0) + (mm < t);
                    int got[5] = {rs_two_values_i64(l64, t, v64, c), rs_two_values_i32(l32, t, v32, c),
                                  rs_two_values_i8(l8, t, v8, c), rs_two_values_u8(lab, t, vu, c),
                                  rs_two_values_f64(lf, t, vf, c)};
                    for (int g = 0; g < 5; g++) if (got[g] != want) failures++;
                    if (want == 2 && (v64[0] != 0 || v64[1] != 3 || c[0] != t - mm || c[1] != mm))
                        failures++;
                    {   /* one more row with a third value */
                        int64_t *l3 = malloc((t + 1) * sizeof *l3);
                        for (int64_t k = 0; k < t; k++) l3[k] = l64[k];
                        l3[t] = 5;
                        if (rs_two_values_i64(l3, t + 1, v64, c) != (want == 2 ? 3 : 2)) failures++;
                        free(l3);
                    }
                    lf[0] = 0.0 / 0.0;     /* NaN */
                    if (rs_two_values_f64(lf, t, vf, c) != 3) failures++;
                }
                {   /* the k-column split: column c is the score + c, split as rs_split */
                    const int64_t kc = 1 + trial % 4;
                    double *S = malloc(t * kc * sizeof *S);
                    double *P = malloc((mm * kc + 1) * sizeof *P), *N = malloc(((t - mm) * kc + 1) * sizeof *N);
                    for (int64_t k = 0; k < t; k++) for (int64_t c = 0; c < kc; c++) S[k * kc + c] = all[k] + c;
                    if (rs_split_columns(S, t, kc, lab, P, mm, N) != 0) failures++;
                    for (int64_t c = 0; c < kc; c++) {
                        for (int64_t k = 0; k < mm; k++) if (P[c * mm + k] != ps[k] + c) failures++;
                        for (int64_t k = 0; k < t - mm; k++) if (N[c * (t - mm) + k] != ns[k] + c) failures++;
                    }
                    if (mm > 0) {   /* a wrong m: buffers exactly as large as that m declares */
                        double *P2 = malloc((mm - 1) * kc * sizeof *P2 + 1), *N2 = malloc((t - mm + 1) * kc * sizeof *N2);
                        if (rs_split_columns(S, t, kc, lab, P2, mm - 1, N2) != -2) failures++;
                        free(P2); free(N2);
                    }
                    if (rs_split_columns(S, t, 0, lab, P, mm, N) != -2) failures++;
                    free(S); free(P); free(N);
                }
                free(qs); free(qn); free(l64); free(l32); free(l8); free(lf);
            }
            if (mm > 0 && rs_split(all, lab, t, ps, mm - 1, ns) != -2) failures++;  /* wrong m */
            if (mm < t && rs_split(all, lab, t, ps, mm + 1, ns) != -2) failures++;
            int bits = 1;
            while (((int64_t)1 << bits) < t) bits++;
            if (rs_pack_keys(all, t, bits - 1, keys) != -1 && t > 1) failures++;
            if (rs_pack_keys(all, t, bits, keys) != 0) failures++;
            /* insertion sort of the keys stands in for NumPy's sort */
            for (int64_t k = 1; k < t; k++) {
                uint64_t v = keys[k]; int64_t p = k;
                while (p > 0 && keys[p - 1] > v) { keys[p] = keys[p - 1]; p--; }
                keys[p] = v;
            }
            if (rs_unpack_keys(keys, t, bits, all, srt, ix) != 0) failures++;
            for (int64_t k = 0; k < t; k++) {
                if (srt[k] != all[ix[k]]) failures++;
                if (k && srt[k] < srt[k - 1]) failures++;
            }
            {   /* placements in case order: a reversed order scatters them back */
                int64_t *pi = malloc(m * sizeof *pi), *ni = malloc(n * sizeof *ni);
                double *w10 = malloc(m * sizeof *w10), *w01 = malloc(n * sizeof *w01);
                for (int64_t i = 0; i < m; i++) pi[i] = m - 1 - i;
                for (int64_t j = 0; j < n; j++) ni[j] = n - 1 - j;
                if (rs_placements_scatter(pos, pi, m, neg, ni, n, w10, w01) != u1) failures++;
                for (int64_t i = 0; i < m; i++) if (w10[m - 1 - i] != a10[i]) failures++;
                for (int64_t j = 0; j < n; j++) if (w01[n - 1 - j] != a01[j]) failures++;
                pi[0] = m;                                  /* out of range: refused */
                if (rs_placements_scatter(pos, pi, m, neg, ni, n, w10, w01) != -1) failures++;
                free(pi); free(ni); free(w10); free(w01);
            }
            free(all); free(sp); free(sn); free(srt); free(lab); free(keys); free(ix);
            free(ps); free(ns);
        }
        if (u1 != u2 || u1 != u3 || u1 != u4) failures++;
        for (int64_t i = 0; i < m; i++) if (a10[i] != b10[i]) failures++;
        for (int64_t j = 0; j < n; j++) if (a01[j] != b01[j]) failures++;

        /* ROC counts over the merged scores, descending */
        int64_t t = m + n;
        double *s = malloc(t * sizeof *s), *wp = malloc(t * sizeof *wp), *wn = malloc(t * sizeof *wn);
        double *thr = malloc(t * sizeof *thr), *tp = malloc(t * sizeof *tp), *fp = malloc(t * sizeof *fp);
        for (int64_t k = 0; k < t; k++) { s[k] = -rnd(levels); wp[k] = k % 2; wn[k] = 1 - k % 2; }
        qsort(s, t, sizeof *s, cmp);
        for (int64_t k = 0; k < t; k++) s[k] = -s[k];
        int64_t d = rs_roc_counts_desc(s, wp, wn, t, thr, tp, fp);
        if (d < 1 || d > t || tp[d - 1] + fp[d - 1] != (double)t) failures++;
        free(pos); free(neg); free(a10); free(a01); free(b10); free(b01);
        free(s); free(wp); free(wn); free(thr); free(tp); free(fp);
    }
    /* empty ROC input must write nothing */
    if (rs_roc_counts_desc(NULL, NULL, NULL, 0, NULL, NULL, NULL) != 0) failures++;
    if (rs_two_values_i64(NULL, 0, NULL, NULL) != 0) failures++;
    printf("sanitized kernel checks: %d failures\n", failures);
    return failures != 0;
}
