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
    printf("sanitized kernel checks: %d failures\n", failures);
    return failures != 0;
}
