/* Stand-alone driver run under AddressSanitizer + UndefinedBehaviorSanitizer by
 * tests/test_sanitize_sauc.py: the scored-AUC kernels on random, tied and edge-case
 * inputs (exact-size heap blocks), the sorted sweep checked against the pairwise loop
 * and the margin counts against a brute-force count; the one-sort path of sauc_test
 * (pack, keys sorted as doubles, merged sweep) and the codes path against the sweep's
 * components scattered to case order, bit for bit.  Exit status 0 = all agree. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "rocstats_sauc.h"

static uint64_t state = 0x9E3779B97F4A7C15ULL;
static double rnd(int levels)
{
    state ^= state << 13; state ^= state >> 7; state ^= state << 17;
    return levels ? (double)(state % (uint64_t)levels) / (double)levels
                  : (double)(state >> 11) / 9007199254740992.0;
}
static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}
static int close_to(double a, double b, double scale)
{
    return fabs(a - b) <= 1e-12 * (fabs(b) > scale ? fabs(b) : scale);
}

int main(void)
{
    int failures = 0;
    for (int trial = 0; trial < 300; trial++) {
        int64_t m = 1 + (int64_t)(rnd(0) * 50), n = 1 + (int64_t)(rnd(0) * 50);
        int levels = trial % 3 == 0 ? 0 : 1 + trial % 6;
        double *pos = malloc(m * sizeof *pos), *neg = malloc(n * sizeof *neg);
        double *va = malloc(m * sizeof *va), *wa = malloc(n * sizeof *wa);
        double *vb = malloc(m * sizeof *vb), *wb = malloc(n * sizeof *wb);
        double oa[7], ob[7], oc[7];
        for (int64_t i = 0; i < m; i++) pos[i] = rnd(levels);
        for (int64_t j = 0; j < n; j++) neg[j] = rnd(levels);
        qsort(pos, m, sizeof *pos, cmp);
        qsort(neg, n, sizeof *neg, cmp);
        int64_t u1 = rs_sauc_sweep(pos, m, neg, n, va, wa, oa);
        int64_t u2 = rs_sauc_pairwise(pos, m, neg, n, vb, wb, ob);
        int64_t u3 = rs_sauc_sweep(pos, m, neg, n, NULL, NULL, oc);   /* optional outputs */
        if (u1 < 0 || u1 != u2 || u1 != u3) failures++;
        for (int q = 0; q < 7; q++) {
            double scale = q == 4 || q == 6 ? 1e-3 : 1.0;
            if (!close_to(oa[q], ob[q], scale) || oa[q] != oc[q]) failures++;
        }
        for (int64_t i = 0; i < m; i++) if (!close_to(va[i], vb[i], 1.0)) failures++;
        for (int64_t j = 0; j < n; j++) if (!close_to(wa[j], wb[j], 1.0)) failures++;
        /* the two directions one at a time: the very numbers of the one call */
        {
            double op[7], *vp = malloc(m * sizeof *vp), *wp = malloc(n * sizeof *wp);
            if (rs_sauc_sweep_part(pos, m, neg, n, vp, wp, op, 1) != u1) failures++;
            if (rs_sauc_sweep_part(pos, m, neg, n, vp, wp, op, 2) != 0) failures++;
            for (int q = 0; q < 7; q++) if (op[q] != oa[q]) failures++;
            for (int64_t i = 0; i < m; i++) if (vp[i] != va[i]) failures++;
            for (int64_t j = 0; j < n; j++) if (wp[j] != wa[j]) failures++;
            if (rs_sauc_sweep_part(pos, m, neg, n, vp, wp, op, 3) != -1) failures++;
            free(vp);
            free(wp);
        }

        int64_t k = 1 + trial % 9;
        double *tau = malloc(k * sizeof *tau);
        int64_t *cnt = malloc(k * sizeof *cnt);
        for (int64_t t = 0; t < k; t++)
            tau[t] = t % 3 == 0 && m > 0 && n > 0 ? pos[t % m] - neg[t % n] : rnd(levels);
        if (rs_sauc_margin_counts(pos, m, neg, n, tau, k, cnt) != 0) failures++;
        for (int64_t t = 0; t < k; t++) {
            int64_t c = 0;
            for (int64_t i = 0; i < m; i++)
                for (int64_t j = 0; j < n; j++) c += pos[i] - neg[j] > tau[t];
            if (c != cnt[t]) failures++;
        }
        /* issue 14 entry points: the counts from the distinct values */
        {
            double *pu = malloc(m * sizeof *pu), *nu = malloc(n * sizeof *nu);
            int64_t *pc = malloc(m * sizeof *pc), *nc = malloc((n + 1) * sizeof *nc);
            int64_t *cnt2 = malloc(k * sizeof *cnt2);
            int64_t up = 0, un = 0;
            for (int64_t i = 0; i < m; i++) {
                if (i == 0 || pos[i] != pos[i - 1]) { pu[up] = pos[i]; pc[up++] = 0; }
                pc[up - 1]++;
            }
            nc[0] = 0;
            for (int64_t j = 0; j < n; j++) {
                if (j == 0 || neg[j] != neg[j - 1]) { nu[un] = neg[j]; nc[++un] = 0; }
                nc[un] = j + 1;
            }
            if (rs_sauc_margin_counts_runs(pu, pc, up, nu, nc, un, tau, k, cnt2) != 0)
                failures++;
            for (int64_t t = 0; t < k; t++) if (cnt2[t] != cnt[t]) failures++;
            free(pu); free(nu); free(pc); free(nc); free(cnt2);
        }
        free(tau); free(cnt);

        /* components once per run, and by case through a lookup by value */
        {
            int64_t *op = malloc(m * sizeof *op), *on = malloc(n * sizeof *on);
            double *vs = malloc(m * sizeof *vs), *ws = malloc(n * sizeof *ws), os[7];
            for (int64_t i = 0; i < m; i++) op[i] = i;
            for (int64_t j = 0; j < n; j++) on[j] = j;
            for (int64_t i = m - 1; i > 0; i--) {
                int64_t r = (int64_t)(rnd(0) * (double)(i + 1)), t = op[i];
                op[i] = op[r]; op[r] = t;
            }
            for (int64_t j = n - 1; j > 0; j--) {
                int64_t r = (int64_t)(rnd(0) * (double)(j + 1)), t = on[j];
                on[j] = on[r]; on[r] = t;
            }
            for (int64_t i = 0; i < m; i++) vs[i] = -1.0;
            for (int64_t j = 0; j < n; j++) ws[j] = -1.0;
            if (rs_sauc_sweep_runs(pos, m, neg, n, vs, ws, os) != u1) failures++;
            for (int q = 0; q < 7; q++) if (os[q] != oa[q]) failures++;
            for (int64_t i = 0; i < m; i++)
                if (vs[i] != ((i == 0 || pos[i] != pos[i - 1]) ? va[i] : -1.0)) failures++;
            for (int64_t j = 0; j < n; j++)
                if (ws[j] != ((j == n - 1 || neg[j + 1] != neg[j]) ? wa[j] : -1.0)) failures++;

            /* cases: positive t is pos[op[t]], negative t is neg[on[t]], classes mixed */
            const int64_t len = m + n;
            double *score = malloc(len * sizeof *score);
            uint8_t *isp = malloc(len * sizeof *isp);
            double *pk = malloc(m * sizeof *pk), *pv = malloc(m * sizeof *pv);
            double *nk = malloc(n * sizeof *nk), *nv = malloc(n * sizeof *nv);
            int64_t up = 0, un = 0, a = 0, b = 0;
            for (int64_t i = 0; i < m; i++)
                if (i == 0 || pos[i] != pos[i - 1]) { pk[up] = pos[i]; pv[up++] = va[i]; }
            for (int64_t j = 0; j < n; j++)
                if (j == 0 || neg[j] != neg[j - 1]) { nk[un] = neg[j]; nv[un++] = wa[j]; }
            for (int64_t c = 0; c < len; c++) {
                const int take_pos = b == n || (a < m && rnd(0) < 0.5);
                isp[c] = (uint8_t)take_pos;
                score[c] = take_pos ? pos[op[a++]] : neg[on[b++]];
            }
            if (rs_sauc_lookup_split(score, isp, len, pk, pv, up, nk, nv, un, vs, m, ws) != 0)
                failures++;
            for (int64_t t = 0; t < m; t++) if (vs[t] != va[op[t]]) failures++;
            for (int64_t t = 0; t < n; t++) if (ws[t] != wa[on[t]]) failures++;
            {   /* distinct values and counts by hashing; the sweep over them */
                double *hk = malloc(m * sizeof *hk), *gk = malloc(n * sizeof *gk);
                int64_t *hc = malloc(m * sizeof *hc), *gc = malloc(n * sizeof *gc), sz[2];
                double *hv = malloc(up * sizeof *hv), *gv = malloc(un * sizeof *gv), oh[7];
                int64_t *pcnt = malloc(up * sizeof *pcnt), *ncnt = malloc(un * sizeof *ncnt);
                if (rs_sauc_hist(score, isp, len, m > n ? m : n, hk, hc, gk, gc, sz) != 0
                    || sz[0] != up || sz[1] != un) failures++;
                for (int64_t a2 = 0; a2 < up; a2++) pcnt[a2] = 0;
                for (int64_t q2 = 0; q2 < un; q2++) ncnt[q2] = 0;
                for (int64_t i = 0, a2 = -1; i < m; i++) {
                    if (i == 0 || pos[i] != pos[i - 1]) a2++;
                    pcnt[a2]++;
                }
                for (int64_t j = 0, q2 = -1; j < n; j++) {
                    if (j == 0 || neg[j] != neg[j - 1]) q2++;
                    ncnt[q2]++;
                }
                for (int64_t t = 0; t < sz[0] && t < up; t++) {   /* each key, its count */
                    int64_t a2 = 0;
                    while (a2 < up && pk[a2] != hk[t]) a2++;
                    if (a2 == up || pcnt[a2] != hc[t]) failures++;
                }
                for (int64_t t = 0; t < sz[1] && t < un; t++) {
                    int64_t q2 = 0;
                    while (q2 < un && nk[q2] != gk[t]) q2++;
                    if (q2 == un || ncnt[q2] != gc[t]) failures++;
                }
                if (rs_sauc_hist(score, isp, len, 1, hk, hc, gk, gc, sz)
                    != ((up > 1 || un > 1) ? -4 : 0)) failures++;
                if (rs_sauc_sweep_hist(pk, pcnt, up, nk, ncnt, un, hv, gv, oh) != u1) failures++;
                for (int q = 0; q < 7; q++) if (oh[q] != oa[q]) failures++;
                for (int64_t i = 0, a2 = 0; i < m; i++)
                    if (i == 0 || pos[i] != pos[i - 1]) { if (hv[a2++] != va[i]) failures++; }
                for (int64_t j = 0, q2 = 0; j < n; j++)
                    if (j == n - 1 || neg[j + 1] != neg[j]) { if (gv[q2++] != wa[j]) failures++; }
                free(hk); free(gk); free(hc); free(gc); free(hv); free(gv);
                free(pcnt); free(ncnt);
            }
            {   /* one sort of all the cases (sauc_test): pack, sort the keys as doubles,
                 * sweep the merged order; V and W in case order, the very doubles */
                int bits = 1;
                while (((int64_t)1 << bits) < len) bits++;
                double *xs = malloc(len * sizeof *xs), *srt = malloc(len * sizeof *srt);
                uint64_t *keys = malloc(len * sizeof *keys);
                double shm = -1.0;
                if (rs_sauc_pack_split(score, isp, len, m, bits, xs, keys) != 0) failures++;
                qsort(keys, len, sizeof *keys, cmp);    /* non-negative doubles' bits */
                int st = rs_sauc_merged_components(keys, len, m, bits, xs, srt, xs, xs + m,
                                                   &shm);
                if (st != 0 || shm != oa[0]) failures++;
                for (int64_t t = 0; t < m && st == 0; t++) if (xs[t] != va[op[t]]) failures++;
                for (int64_t t = 0; t < n && st == 0; t++) if (xs[m + t] != wa[on[t]]) failures++;
                /* the codes of the distinct scores, and the differences through them */
                uint16_t *codes = malloc(len * sizeof *codes);
                double *hk = malloc(m * sizeof *hk), *gk = malloc(n * sizeof *gk);
                int64_t *hc = malloc(m * sizeof *hc), *gc = malloc(n * sizeof *gc), sz[2];
                const int64_t cap = m > n ? m : n;
                double *pt = calloc(cap, sizeof *pt), *nt = calloc(cap, sizeof *nt);
                double *zt = calloc(cap, sizeof *zt), *de = malloc(len * sizeof *de);
                if (rs_sauc_hist_codes(score, isp, len, cap, hk, hc, gk, gc, sz, codes) != 0)
                    failures++;
                for (int64_t c = 0, a2 = 0, b2 = 0; c < len; c++) {
                    const double key = isp[c] ? hk[codes[c]] : gk[codes[c]];
                    if (key != score[c]) failures++;
                    if (isp[c]) pt[codes[c]] = va[op[a2++]];
                    else nt[codes[c]] = wa[on[b2++]];
                }
                if (rs_sauc_codes_diff(codes, codes, isp, len, cap, pt, zt, nt, zt, de, m,
                                       de + m) != 0) failures++;
                for (int64_t t = 0; t < m; t++) if (de[t] != va[op[t]] - 0.0) failures++;
                for (int64_t t = 0; t < n; t++) if (de[m + t] != wa[on[t]] - 0.0) failures++;
                if (rs_sauc_codes_diff(codes, codes, isp, len, cap, pt, zt, nt, zt, de, m - 1,
                                       de + m - 1) != -2) failures++;
                free(codes); free(hk); free(gk); free(hc); free(gc);
                free(pt); free(nt); free(zt); free(de);
                free(xs); free(srt); free(keys);
            }
            score[0] = 2.0;     /* not a key: counted, never read out of bounds */
            if (rs_sauc_lookup_split(score, isp, len, pk, pv, up, nk, nv, un, vs, m, ws) != 1)
                failures++;
            {   /* a wrong class count (buffers sized for the count claimed) */
                double *bv = malloc(len * sizeof *bv), *bw = malloc(len * sizeof *bw);
                if (rs_sauc_lookup_split(score, isp, len, pk, pv, up, nk, nv, un, bv, m - 1,
                                         bw) != -2) failures++;
                free(bv); free(bw);
            }
            free(score); free(isp); free(pk); free(pv); free(nk); free(nv);
            free(op); free(on); free(vs); free(ws);
        }
        free(pos); free(neg); free(va); free(wa); free(vb); free(wb);
    }
    /* bad arguments are refused, not dereferenced */
    double one = 0.5, out[7], v1, w1;
    int64_t c1;
    if (rs_sauc_sweep(&one, 0, &one, 1, NULL, NULL, out) != -1) failures++;
    if (rs_sauc_sweep(&one, 1, &one, 0, NULL, NULL, out) != -1) failures++;
    if (rs_sauc_pairwise(&one, 1, &one, 1, NULL, &w1, out) != -1) failures++;
    if (rs_sauc_margin_counts(&one, 1, &one, 1, NULL, 1, &c1) != -1) failures++;
    if (rs_sauc_margin_counts(&one, 0, &one, 0, &one, 1, &c1) != 0 || c1 != 0) failures++;
    int64_t zero = 0, cum[2] = {0, 1};
    uint8_t flag = 1;
    if (rs_sauc_sweep_runs(&one, 0, &one, 1, &v1, &w1, out) != -1) failures++;
    if (rs_sauc_lookup_split(&one, &flag, 1, NULL, &one, 1, &one, &one, 1, &v1, 1, &w1) != -1)
        failures++;
    {
        double mz = -0.0, hk1, gk1;
        int64_t hc1, gc1, sz1[2];
        if (rs_sauc_hist(&mz, &flag, 1, 1, &hk1, &hc1, &gk1, &gc1, sz1) != -5) failures++;
        if (rs_sauc_hist(&one, &flag, 1, 0, &hk1, &hc1, &gk1, &gc1, sz1) != -1) failures++;
        if (rs_sauc_sweep_hist(&one, &zero, 1, &one, &hc1, 1, &v1, &w1, out) != -1) failures++;
    }
    if (rs_sauc_margin_counts_runs(&one, &zero, 1, &one, NULL, 1, &one, 1, &c1) != -1)
        failures++;
    if (rs_sauc_margin_counts_runs(&one, &zero, 1, &one, cum, 1, &one, 1, &c1) != 0 || c1 != 0)
        failures++;
    {   /* one sort per score: refusals */
        const int64_t len = 3000;
        double *sc = malloc(len * sizeof *sc), *xs = malloc(len * sizeof *xs);
        double *srt = malloc(len * sizeof *srt), shm = 0.0;
        uint64_t *keys = malloc(len * sizeof *keys);
        uint8_t *isp = malloc(len * sizeof *isp);
        for (int64_t i = 0; i < len; i++) {     /* one packed key, descending values */
            sc[i] = nextafter(0.5, 0.0) + (double)(len - i) * 1e-17;
            isp[i] = (uint8_t)(i % 2);
        }
        if (rs_sauc_pack_split(sc, isp, len, len / 2, 12, xs, keys) != 0) failures++;
        qsort(keys, len, sizeof *keys, cmp);
        if (rs_sauc_merged_components(keys, len, len / 2, 12, xs, srt, xs, xs + len / 2,
                                      &shm) != 1) failures++;      /* repair too long */
        sc[7] = -0.25;
        if (rs_sauc_pack_split(sc, isp, len, len / 2, 12, xs, keys) != -3) failures++;
        if (rs_sauc_pack_split(sc, isp, len, len / 2, 11, xs, keys) != -1) failures++;
        if (rs_sauc_merged_components(keys, len, 0, 12, xs, srt, xs, xs, &shm) != -1)
            failures++;
        for (int64_t i = 0; i < len; i++) keys[i] = (uint64_t)len;   /* slot out of range */
        if (rs_sauc_merged_components(keys, len, len / 2, 12, xs, srt, xs, xs + len / 2,
                                      &shm) != -2) failures++;
        free(sc); free(xs); free(srt); free(keys); free(isp);
    }
    /* one pair: tie, and the perfect pair */
    double y = 1.0, x = 0.0;
    if (rs_sauc_sweep(&one, 1, &one, 1, &v1, &w1, out) != 1 || out[0] != 0.0) failures++;
    if (rs_sauc_sweep(&y, 1, &x, 1, &v1, &w1, out) != 2 || out[0] != 1.0 || v1 != 1.0
        || w1 != 1.0 || out[4] != 0.0) failures++;
    printf("%d failures\n", failures);
    return failures != 0;
}
