/* Scored AUC kernels; see rocstats_sauc.h for the contracts. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "rocstats_sauc.h"
#ifdef __SSE2__
#include <emmintrin.h>
#endif

/* Running mean and sum of squared deviations by the shifted-data method in long double:
 * sums of (x - c) and (x - c)^2 with the shift c = the first value (no division per
 * element, unlike Welford).  Components lie in [0, 1], so |mean - c| <= 1 and the
 * cancellation error of ss is about 2^-64 (mean - c)^2 k, far below the double result
 * unless the components' variance is < ~1e-6 of (mean - c)^2; all-equal components give
 * exactly 0. */
typedef struct { long double c, s1, s2; int64_t k; } rs_moments;

/* add r copies of x */
static inline void moments_add(rs_moments *s, long double x, int64_t r)
{
    if (s->k == 0)
        s->c = x;
    const long double d = x - s->c, lr = (long double)r;
    s->k += r;
    s->s1 += lr * d;
    s->s2 += lr * d * d;
}

static double moments_mean(const rs_moments *s)
{
    return s->k ? (double)(s->c + s->s1 / (long double)s->k) : 0.0;
}

static double moments_ss(const rs_moments *s)
{
    if (s->k == 0)
        return 0.0;
    const long double ss = s->s2 - s->s1 * s->s1 / (long double)s->k;
    return ss > 0.0L ? (double)ss : 0.0;
}

static void write_out(double *out, long double sh, long double rp, long double rn,
                      const rs_moments *sv, const rs_moments *sw)
{
    out[0] = (double)sh;
    out[1] = (double)rp;
    out[2] = (double)rn;
    out[3] = moments_mean(sv);
    out[4] = moments_ss(sv);
    out[5] = moments_mean(sw);
    out[6] = moments_ss(sw);
}

/* the sweep; each run's component is written to its r slots, or only to its first
 * (lowest index for v, highest for w) when first_only.  parts: RS_FORWARD (V, 2U and
 * out[0..4]), RS_BACKWARD (W and out[5..6]) or both; the two share nothing, so they
 * may run concurrently on the same inputs (rs_sauc_sweep_part) */
#define RS_FORWARD 1
#define RS_BACKWARD 2
static inline int64_t sauc_sweep(const double *pos, int64_t m, const double *neg, int64_t n,
                                 double *v, double *w, double *out, const int first_only,
                                 const int parts)
{
    if (m < 1 || n < 1 || pos == NULL || neg == NULL || out == NULL)
        return -1;
    rs_moments sv = {0.0L, 0.0L, 0.0L, 0}, sw = {0.0L, 0.0L, 0.0L, 0};
    long double sh = 0.0L, rp = 0.0L, rn = 0.0L;
    long double below = 0.0L;   /* sum of the negatives strictly below pos[i] */
    int64_t k = 0, kk = 0, twice_u = 0;
    const long double inv_n = 1.0L / (long double)n, inv_m = 1.0L / (long double)m;
    for (int64_t i = 0; i < ((parts & RS_FORWARD) ? m : 0);) {
        const double y = pos[i];
        int64_t r = 1;               /* a run of r equal positives shares everything */
        while (i + r < m && pos[i + r] == y)
            r++;
        while (k < n && neg[k] < y) {
            below += neg[k];
            k++;
        }
        if (kk < k)
            kk = k;
        while (kk < n && neg[kk] <= y)   /* ties with y: neg[k..kk-1] */
            kk++;
        twice_u += r * (2 * k + (kk - k));
        const long double lr = (long double)r;
        const long double ay = (long double)k * (long double)y;
        const long double hi = ay - below;   /* sum_j h(y_i, x_j) */
        sh += lr * hi;
        rp += lr * ay;
        rn += lr * below;
        const long double vi = hi * inv_n;
        if (v != NULL)
            for (int64_t t = 0; t < (first_only ? 1 : r); t++)
                v[i + t] = (double)vi;
        moments_add(&sv, vi, r);
        i += r;
    }
    long double above = 0.0L;   /* sum of the positives strictly above neg[j] */
    int64_t p = m;              /* pos[p..m-1] > neg[j] */
    for (int64_t j = (parts & RS_BACKWARD) ? n - 1 : -1; j >= 0;) {
        const double x = neg[j];
        int64_t r = 1;
        while (j - r >= 0 && neg[j - r] == x)
            r++;
        while (p > 0 && pos[p - 1] > x) {
            p--;
            above += pos[p];
        }
        const long double wj = (above - (long double)(m - p) * (long double)x) * inv_m;
        if (w != NULL)
            for (int64_t t = 0; t < (first_only ? 1 : r); t++)
                w[j - t] = (double)wj;
        moments_add(&sw, wj, r);
        j -= r;
    }
    if (parts == (RS_FORWARD | RS_BACKWARD)) {
        write_out(out, sh, rp, rn, &sv, &sw);
    } else {
        double part[7];
        write_out(part, sh, rp, rn, &sv, &sw);
        if (parts & RS_FORWARD)
            memcpy(out, part, 5 * sizeof *out);
        if (parts & RS_BACKWARD)
            memcpy(out + 5, part + 5, 2 * sizeof *out);
    }
    return twice_u;
}

int64_t rs_sauc_sweep(const double *pos, int64_t m, const double *neg, int64_t n,
                      double *v, double *w, double *out)
{
    return sauc_sweep(pos, m, neg, n, v, w, out, 0, RS_FORWARD | RS_BACKWARD);
}

int64_t rs_sauc_sweep_part(const double *pos, int64_t m, const double *neg, int64_t n,
                           double *v, double *w, double *out, int part)
{
    if (part != RS_FORWARD && part != RS_BACKWARD)
        return -1;
    return sauc_sweep(pos, m, neg, n, v, w, out, 0, part);
}

int64_t rs_sauc_sweep_runs(const double *pos, int64_t m, const double *neg, int64_t n,
                           double *v, double *w, double *out)
{
    return sauc_sweep(pos, m, neg, n, v, w, out, 1, RS_FORWARD | RS_BACKWARD);
}

int64_t rs_sauc_pairwise(const double *pos, int64_t m, const double *neg, int64_t n,
                         double *v, double *w, double *out)
{
    if (m < 1 || n < 1 || pos == NULL || neg == NULL || v == NULL || w == NULL
        || out == NULL)
        return -1;
    long double *col = calloc((size_t)n, sizeof *col);
    if (col == NULL)
        return -2;
    rs_moments sv = {0.0L, 0.0L, 0.0L, 0}, sw = {0.0L, 0.0L, 0.0L, 0};
    long double sh = 0.0L, rp = 0.0L, rn = 0.0L;
    int64_t twice_u = 0;
    for (int64_t i = 0; i < m; i++) {
        const double y = pos[i];
        long double row = 0.0L;
        for (int64_t j = 0; j < n; j++) {
            const double x = neg[j];
            if (y > x) {
                const double d = y - x;
                row += d;
                col[j] += d;
                rp += y;
                rn += x;
                twice_u += 2;
            } else if (y == x) {
                twice_u += 1;
            }
        }
        sh += row;
        const long double vi = row / (long double)n;
        v[i] = (double)vi;
        moments_add(&sv, vi, 1);
    }
    for (int64_t j = 0; j < n; j++) {
        const long double wj = col[j] / (long double)m;
        w[j] = (double)wj;
        moments_add(&sw, wj, 1);
    }
    free(col);
    write_out(out, sh, rp, rn, &sv, &sw);
    return twice_u;
}

/* first i in [lo, hi) with fl(pos[i] - x) > tau, or hi: the predicate is monotone in i
 * (fl(y - x) is non-decreasing in y) */
static int64_t first_above(const double *pos, int64_t lo, int64_t hi, double x, double tau)
{
    while (lo < hi) {
        const int64_t mid = lo + (hi - lo) / 2;
        if (pos[mid] - x > tau) hi = mid; else lo = mid + 1;
    }
    return lo;
}

/* Up to RS_MLANES margins walk their two-pointer merges in one loop: each step of a
 * margin either advances its negative pointer q (when pos[i] - neg[q] > tau) or counts
 * q for positive i and moves to the next positive, branch-free, so the margins'
 * independent chains overlap instead of each mispredicting its while loop.  Each walk
 * covers only the positives that need it (issue 14): below i0 (pos[i] - neg[0] <= tau)
 * a positive counts 0, from i1 on (pos[i] - neg[n-1] > tau) it counts n; in between q
 * stays below n (the predicate fails at n - 1), so the step needs no bound check on q.
 * The lane count is a compile-time constant per group of 6 (the loop over the lanes
 * unrolled; 6 measured better than 4 or 8 or 12).  With the bound check, no cuts and
 * 12 lanes in a loop, 11 margins took about twice as long at n = 1e6. */
#define RS_MLANES 6

static inline __attribute__((always_inline)) void
margin_walk(const double *pos, const double *neg, int64_t *i, const int64_t *e, int64_t *q,
            int64_t *c, const double *tt, const int lanes)
{
    int active = lanes;
    while (active > 0) {
        active = 0;
        for (int l = 0; l < lanes; l++) {
            const int64_t il = i[l];
            if (il >= e[l]) continue;
            active++;
            /* fl(y - x) is non-decreasing in y and non-increasing in x, so the negatives
             * with pos[i] - neg[q] > tau form a prefix whose end only moves right as i
             * grows */
            const int64_t ql = q[l];
            const int64_t adv = pos[il] - neg[ql] > tt[l];
            q[l] = ql + adv;
            c[l] += (adv - 1) & ql;          /* adds q when the positive is done */
            i[l] = il + 1 - adv;
        }
    }
}

int rs_sauc_margin_counts(const double *pos, int64_t m, const double *neg, int64_t n,
                          const double *tau, int64_t k, int64_t *count)
{
    if (m < 0 || n < 0 || k < 0 || (k > 0 && (tau == NULL || count == NULL))
        || (m > 0 && pos == NULL) || (n > 0 && neg == NULL))
        return -1;
    if (m == 0 || n == 0) {
        for (int64_t t = 0; t < k; t++) count[t] = 0;
        return 0;
    }
    for (int64_t t0 = 0; t0 < k; t0 += RS_MLANES) {
        const int lanes = (int)(k - t0 < RS_MLANES ? k - t0 : RS_MLANES);
        int64_t i[RS_MLANES], e[RS_MLANES], q[RS_MLANES], c[RS_MLANES];
        double tt[RS_MLANES];
        for (int l = 0; l < lanes; l++) {
            tt[l] = tau[t0 + l];
            i[l] = first_above(pos, 0, m, neg[0], tt[l]);
            e[l] = first_above(pos, i[l], m, neg[n - 1], tt[l]);
            q[l] = 0;
            c[l] = (m - e[l]) * n;
        }
        switch (lanes) {    /* a constant lane count: the compiler unrolls the lanes */
#define RS_WALK(L) case L: margin_walk(pos, neg, i, e, q, c, tt, L); break;
        RS_WALK(1) RS_WALK(2) RS_WALK(3) RS_WALK(4) RS_WALK(5) RS_WALK(6)
#undef RS_WALK
        default: margin_walk(pos, neg, i, e, q, c, tt, lanes);   /* not reached */
        }
        for (int l = 0; l < lanes; l++) count[t0 + l] = c[l];
    }
    return 0;
}

/* Hash tables of the few distinct scores of each class (open addressing, linear probing,
 * at most a quarter full; NaN marks an empty slot: no score is NaN). */
static inline uint64_t slot_of(double x, int bits)
{
    uint64_t u;
    x += 0.0;                   /* -0.0 and +0.0 compare equal: one slot */
    memcpy(&u, &x, sizeof u);
    return (u * 0x9E3779B97F4A7C15ULL) >> (64 - bits);
}

static void table_fill(double *tk, double *tv, int bits, const double *keys,
                       const double *vals, int64_t u)
{
    const uint64_t mask = ((uint64_t)1 << bits) - 1;
    for (int64_t t = 0; t < u; t++) {
        uint64_t h = slot_of(keys[t], bits);
        while (tk[h] == tk[h] && tk[h] != keys[t])   /* occupied by another key */
            h = (h + 1) & mask;
        tk[h] = keys[t];
        tv[h] = vals[t];
    }
}

/* the value of x's key in the table at tk/tv, or 0.0 with *missing incremented */
static inline double table_get(const double *tk, const double *tv, int bits, double x,
                               int64_t *missing)
{
    const uint64_t mask = ((uint64_t)1 << bits) - 1;
    uint64_t h = slot_of(x, bits);
    while (tk[h] != x) {
        if (tk[h] != tk[h]) {       /* empty slot: x is not a key */
            ++*missing;
            return 0.0;
        }
        h = (h + 1) & mask;
    }
    return tv[h];
}

int64_t rs_sauc_lookup_split(const double *score, const uint8_t *is_pos, int64_t len,
                             const double *pkeys, const double *pvals, int64_t up,
                             const double *nkeys, const double *nvals, int64_t un,
                             double *v, int64_t m, double *w)
{
    if (len < 0 || m < 0 || m > len || up < 0 || un < 0 || up > ((int64_t)1 << 30)
        || un > ((int64_t)1 << 30) || score == NULL || is_pos == NULL
        || (up > 0 && (pkeys == NULL || pvals == NULL))
        || (un > 0 && (nkeys == NULL || nvals == NULL))
        || (m > 0 && v == NULL) || (m < len && w == NULL))
        return -1;
    const int64_t n = len - m, most = up > un ? up : un;
    int bits = 6;
    while (((int64_t)1 << bits) < 4 * most)
        bits++;
    const int64_t size = (int64_t)1 << bits;
    double *tk = malloc(2 * (size_t)size * sizeof *tk), *tv = malloc(2 * (size_t)size * sizeof *tv);
    if (tk == NULL || tv == NULL) {
        free(tk);
        free(tv);
        return -3;
    }
    for (int64_t h = 0; h < 2 * size; h++) {
        tk[h] = NAN;
        tv[h] = 0.0;
    }
    table_fill(tk, tv, bits, pkeys, pvals, up);              /* positives: [0, size) */
    table_fill(tk + size, tv + size, bits, nkeys, nvals, un);  /* negatives: [size, 2 size) */
    int64_t ip = 0, in = 0, i = 0, missing = 0;
    /* branch-free class choice while both outputs have room (as rs_split): the value
     * goes to both, only its class's end advances */
    for (; i < len && ip < m && in < n; i++) {
        const int64_t b = is_pos[i] != 0;
        const int64_t off = (1 - b) * size;
        const double c = table_get(tk + off, tv + off, bits, score[i], &missing);
        v[ip] = c;
        w[in] = c;
        ip += b;
        in += 1 - b;
    }
    for (; i < len && missing >= 0; i++) {
        if (is_pos[i]) {
            if (ip == m) missing = -2;
            else v[ip++] = table_get(tk, tv, bits, score[i], &missing);
        } else {
            if (in == n) missing = -2;
            else w[in++] = table_get(tk + size, tv + size, bits, score[i], &missing);
        }
    }
    free(tk);
    free(tv);
    if (missing < 0 || ip != m || in != n)
        return -2;
    return missing;
}

int rs_sauc_margin_counts_runs(const double *pos, const int64_t *pcount, int64_t up,
                               const double *neg, const int64_t *ncum, int64_t un,
                               const double *tau, int64_t k, int64_t *count)
{
    if (up < 0 || un < 0 || k < 0 || (k > 0 && (tau == NULL || count == NULL))
        || (up > 0 && (pos == NULL || pcount == NULL)) || ncum == NULL
        || (un > 0 && neg == NULL))
        return -1;
    for (int64_t t = 0; t < k; t++) {
        const double tt = tau[t];
        int64_t q = 0, c = 0;
        for (int64_t i = 0; i < up; i++) {
            /* the distinct negatives with pos[i] - neg[q] > tau: a prefix (see above) */
            while (q < un && pos[i] - neg[q] > tt)
                q++;
            c += pcount[i] * ncum[q];
        }
        count[t] = c;
    }
    return 0;
}

static inline int64_t sauc_hist(const double *score, const uint8_t *is_pos, int64_t len,
                                int64_t maxu, double *pkeys, int64_t *pcount, double *nkeys,
                                int64_t *ncount, int64_t *sizes, uint16_t *codes)
{
    if (len < 0 || maxu < 1 || maxu > ((int64_t)1 << 30) || score == NULL || is_pos == NULL
        || pkeys == NULL || pcount == NULL || nkeys == NULL || ncount == NULL
        || sizes == NULL || (codes != NULL && maxu > 65536))
        return -1;
    int bits = 6;
    while (((int64_t)1 << bits) < 4 * maxu)
        bits++;
    const int64_t size = (int64_t)1 << bits;
    const uint64_t mask = (uint64_t)size - 1;
    int64_t *slot = malloc(2 * (size_t)size * sizeof *slot);   /* entry + 1, 0 = empty */
    if (slot == NULL)
        return -3;
    for (int64_t h = 0; h < 2 * size; h++) slot[h] = 0;
    int64_t used[2] = {0, 0}, status = 0;
    double *keys[2] = {nkeys, pkeys};
    int64_t *count[2] = {ncount, pcount};
    for (int64_t i = 0; i < len; i++) {
        const double x = score[i];
        uint64_t u;
        memcpy(&u, &x, sizeof u);
        if (u == 0x8000000000000000ULL) { status = -5; break; }   /* -0.0: see header */
        const int b = is_pos[i] != 0;
        int64_t *tab = slot + (b ? 0 : size);
        uint64_t h = slot_of(x, bits);
        while (tab[h] != 0 && keys[b][tab[h] - 1] != x)
            h = (h + 1) & mask;
        if (tab[h] == 0) {
            if (used[b] == maxu) { status = -4; break; }
            keys[b][used[b]] = x;
            count[b][used[b]] = 0;
            tab[h] = ++used[b];
        }
        count[b][tab[h] - 1]++;
        if (codes != NULL)
            codes[i] = (uint16_t)(tab[h] - 1);
    }
    free(slot);
    sizes[0] = used[1];
    sizes[1] = used[0];
    return status;
}

int64_t rs_sauc_hist(const double *score, const uint8_t *is_pos, int64_t len, int64_t maxu,
                     double *pkeys, int64_t *pcount, double *nkeys, int64_t *ncount,
                     int64_t *sizes)
{
    return sauc_hist(score, is_pos, len, maxu, pkeys, pcount, nkeys, ncount, sizes, NULL);
}

int64_t rs_sauc_hist_codes(const double *score, const uint8_t *is_pos, int64_t len,
                           int64_t maxu, double *pkeys, int64_t *pcount, double *nkeys,
                           int64_t *ncount, int64_t *sizes, uint16_t *codes)
{
    if (codes == NULL)
        return -1;
    return sauc_hist(score, is_pos, len, maxu, pkeys, pcount, nkeys, ncount, sizes, codes);
}

int rs_sauc_codes_diff(const uint16_t *codes_a, const uint16_t *codes_b,
                       const uint8_t *is_pos, int64_t len, int64_t maxu,
                       const double *pa, const double *pb, const double *na,
                       const double *nb, double *d, int64_t m, double *e)
{
    if (len < 0 || m < 0 || m > len || maxu < 1 || maxu > 65536 || codes_a == NULL
        || codes_b == NULL || is_pos == NULL || pa == NULL || pb == NULL || na == NULL
        || nb == NULL || (m > 0 && d == NULL) || (m < len && e == NULL))
        return -1;
    const int64_t n = len - m;
    int64_t ip = 0, in = 0, i = 0;
    /* branch-free while both outputs have room (as rs_split): both differences are
     * formed (a code indexes a table of maxu entries either way), only the class's end
     * advances */
    for (; i < len && ip < m && in < n; i++) {
        const int64_t b = is_pos[i] != 0;
        const uint16_t ca = codes_a[i], cb = codes_b[i];
        if (ca >= maxu || cb >= maxu) return -1;
        d[ip] = pa[ca] - pb[cb];
        e[in] = na[ca] - nb[cb];
        ip += b;
        in += 1 - b;
    }
    for (; i < len; i++) {
        const uint16_t ca = codes_a[i], cb = codes_b[i];
        if (ca >= maxu || cb >= maxu) return -1;
        if (is_pos[i]) {
            if (ip == m) return -2;
            d[ip++] = pa[ca] - pb[cb];
        } else {
            if (in == n) return -2;
            e[in++] = na[ca] - nb[cb];
        }
    }
    return (ip == m && in == n) ? 0 : -2;
}

int64_t rs_sauc_sweep_hist(const double *pos, const int64_t *pcount, int64_t up,
                           const double *neg, const int64_t *ncount, int64_t un,
                           double *v, double *w, double *out)
{
    if (up < 1 || un < 1 || pos == NULL || pcount == NULL || neg == NULL || ncount == NULL
        || v == NULL || w == NULL || out == NULL)
        return -1;
    int64_t m = 0, n = 0;
    for (int64_t a = 0; a < up; a++) { if (pcount[a] < 1) return -1; m += pcount[a]; }
    for (int64_t q = 0; q < un; q++) { if (ncount[q] < 1) return -1; n += ncount[q]; }
    /* the operations of sauc_sweep on the expanded arrays, in the same order: each
     * negative below a run added to the prefix sum one at a time, each positive above a
     * negative to the suffix sum one at a time, each run's sums and moments once.  The
     * two chains of additions are independent: they run interleaved in one loop first
     * (two dependency chains at once; each alone waits on the long-double add's
     * latency), recording the prefix sum below each distinct negative value, nb[q] =
     * the negatives neg[0..q) all added, and the suffix sum from each distinct positive
     * value, pa[a] = the positives pos[a..up) all added, from the top down. */
    long double *nb = malloc((size_t)(un + 1 + up + 1) * sizeof *nb);
    if (nb == NULL)
        return -2;
    long double *pa = nb + un + 1;
    {
        long double f = 0.0L, b = 0.0L;
        int64_t q = 0, a = up - 1, cq = 0, ca = 0;
        nb[0] = 0.0L;
        pa[up] = 0.0L;
        while (q < un && a >= 0) {
            const int64_t lq = ncount[q] - cq, la = pcount[a] - ca;
            const int64_t len = lq < la ? lq : la;
            const double vf = neg[q], vb = pos[a];
            for (int64_t t = 0; t < len; t++) {
                f += vf;
                b += vb;
            }
            cq += len;
            ca += len;
            if (cq == ncount[q]) { nb[++q] = f; cq = 0; }
            if (ca == pcount[a]) { pa[a--] = b; ca = 0; }
        }
        for (; q < un; q++, cq = 0) {
            for (int64_t c = cq; c < ncount[q]; c++)
                f += neg[q];
            nb[q + 1] = f;
        }
        for (; a >= 0; a--, ca = 0) {
            for (int64_t c = ca; c < pcount[a]; c++)
                b += pos[a];
            pa[a] = b;
        }
    }
    rs_moments sv = {0.0L, 0.0L, 0.0L, 0}, sw = {0.0L, 0.0L, 0.0L, 0};
    long double sh = 0.0L, rp = 0.0L, rn = 0.0L;
    int64_t k = 0, q = 0, twice_u = 0;
    const long double inv_n = 1.0L / (long double)n, inv_m = 1.0L / (long double)m;
    for (int64_t a = 0; a < up; a++) {
        const double y = pos[a];
        const int64_t r = pcount[a];
        while (q < un && neg[q] < y) {
            k += ncount[q];
            q++;
        }
        const long double below = nb[q];
        const int64_t ties = (q < un && neg[q] == y) ? ncount[q] : 0;
        twice_u += r * (2 * k + ties);
        const long double lr = (long double)r;
        const long double ay = (long double)k * (long double)y;
        const long double hi = ay - below;
        sh += lr * hi;
        rp += lr * ay;
        rn += lr * below;
        const long double vi = hi * inv_n;
        v[a] = (double)vi;
        moments_add(&sv, vi, r);
    }
    int64_t p = m, a = up;      /* pos values pos[a..up) are above, p positives in all */
    for (int64_t j = un - 1; j >= 0; j--) {
        const double x = neg[j];
        const int64_t r = ncount[j];
        while (a > 0 && pos[a - 1] > x) {
            a--;
            p -= pcount[a];
        }
        const long double wj = (pa[a] - (long double)(m - p) * (long double)x) * inv_m;
        w[j] = (double)wj;
        moments_add(&sw, wj, r);
    }
    free(nb);
    write_out(out, sh, rp, rn, &sv, &sw);
    return twice_u;
}

/* ------------------------------------------------------------------ one sort per score */

/* x if keep is 1, +0.0 if it is 0, without a branch (a compiler turns the ?: of a
 * double into a jump, mispredicted half the time on a merged order of two classes) */
static inline double keep_or_zero(double x, int64_t keep)
{
    uint64_t u;
    memcpy(&u, &x, sizeof u);
    u &= (uint64_t)0 - (uint64_t)keep;
    memcpy(&x, &u, sizeof x);
    return x;
}

/* order-preserving double -> uint64 (no NaN; -0.0 and +0.0 get one key), as in
 * rocstats_kernels.c */
static inline uint64_t sauc_key_of(double x)
{
    uint64_t u;
    x += 0.0;
    memcpy(&u, &x, sizeof u);
    return (u >> 63) ? ~u : (u | 0x8000000000000000ULL);
}

int rs_sauc_pack_split(const double *score, const uint8_t *is_pos, int64_t len, int64_t m,
                       int bits, double *xs, uint64_t *keys)
{
    if (len < 0 || m < 0 || m > len || bits < 0 || bits > 40 || len > ((int64_t)1 << bits)
        || (len > 0 && (score == NULL || is_pos == NULL || xs == NULL || keys == NULL)))
        return -1;
    /* for x >= +0.0 the key's top bit is always set: dropping it leaves bit patterns of
     * non-negative doubles, whose order as doubles is their order as integers */
    const uint64_t low = ((uint64_t)1 << bits) - 1, top = 0x8000000000000000ULL;
    int64_t ip = 0, in = m, i = 0, neg = 0;     /* neg: a score < 0, NaN or +inf */
    /* branch-free while both classes have room: the slot is chosen by the class */
    for (; i < len && ip < m && in < len; i++) {
        const double x = score[i];
        const int64_t b = is_pos[i] != 0;
        neg |= !(x >= 0.0) | (x == HUGE_VAL);
        const int64_t slot = b ? ip : in;
        xs[slot] = x;
        keys[slot] = ((sauc_key_of(x) & ~low) | (uint64_t)slot) ^ top;
        ip += b;
        in += 1 - b;
    }
    for (; i < len; i++) {
        const double x = score[i];
        int64_t slot;
        neg |= !(x >= 0.0) | (x == HUGE_VAL);
        if (is_pos[i]) {
            if (ip == m) return -2;
            slot = ip++;
        } else {
            if (in == len) return -2;
            slot = in++;
        }
        xs[slot] = x;
        keys[slot] = ((sauc_key_of(x) & ~low) | (uint64_t)slot) ^ top;
    }
    if (neg)
        return -3;
    return (ip == m && in == len) ? 0 : -2;
}

#define RS_SBLOCK 512

int rs_sauc_merged_components(uint64_t *keys, int64_t len, int64_t m, int bits,
                              const double *xs, double *srt, double *v, double *w,
                              double *sum_h)
{
    const int64_t n = len - m;
    if (m < 1 || n < 1 || bits < 0 || bits > 40 || len > ((int64_t)1 << bits)
        || keys == NULL || xs == NULL || srt == NULL || v == NULL || w == NULL
        || sum_h == NULL)
        return -1;
    const uint64_t low = ((uint64_t)1 << bits) - 1;
    /* unpack; the keys become slots (int64 in the same memory) */
    int64_t *slot = (int64_t *)keys;
    for (int64_t s = 0; s < len; s++) {
        const uint64_t j = keys[s] & low;
        if (j >= (uint64_t)len) return -2;
        slot[s] = (int64_t)j;
        srt[s] = xs[j];
    }
    /* values sharing their high bits came out in slot order: insertion-sort them (they
     * are the only ones out of order; ties stay in slot order); give up past a budget.
     * (A separate pass: checking inside the gather loop measured slower.) */
    int64_t budget = 8 * len + 64;
    for (int64_t s = 1; s < len; s++) {
        const double x = srt[s];
        if (!(x < srt[s - 1])) continue;
        const int64_t id = slot[s];
        int64_t p = s;
        while (p > 0 && srt[p - 1] > x) {
            srt[p] = srt[p - 1];
            slot[p] = slot[p - 1];
            p--;
            if (--budget < 0) return 1;
        }
        srt[p] = x;
        slot[p] = id;
    }
    /* From here on xs is not read (v, w may overlay it).  The merged order has each
     * class ascending (ties in case order) and, among equal values, the positives first,
     * so the negatives before a positive are those strictly below it and the positives
     * after a negative those strictly above it: the sums of rs_sauc_sweep, added in the
     * same order (adding +0.0 for a case of the other class changes no long double). */
    const long double inv_n = 1.0L / (long double)n, inv_m = 1.0L / (long double)m;
    long double buf[RS_SBLOCK];
    int64_t cnt[RS_SBLOCK], at[RS_SBLOCK];
    /* forward: V; each run of equal positives computed once from its first member and
     * added to sum_h once, as in rs_sauc_sweep */
    long double below = 0.0L, sh = 0.0L, run_hi = 0.0L;
    double run_y = 0.0, run_v = 0.0;
    int64_t run_r = 0, nneg = 0;
    for (int64_t s0 = 0; s0 < len; s0 += RS_SBLOCK) {
        const int64_t blk = len - s0 < RS_SBLOCK ? len - s0 : RS_SBLOCK;
        int64_t c = 0;
        for (int64_t t = 0; t < blk; t++) {     /* branch-free: record, then add */
            const int64_t j = slot[s0 + t];
            const int64_t b = j < m;
            const double x = srt[s0 + t];
            buf[c] = below;
            cnt[c] = nneg;
            at[c] = s0 + t;
            below += (long double)keep_or_zero(x, 1 - b);
            nneg += 1 - b;
            c += b;
        }
        for (int64_t q = 0; q < c; q++) {
            const int64_t s = at[q];
            const double y = srt[s];
            if (run_r > 0 && y == run_y) {      /* same run: same component */
                run_r++;
                v[slot[s]] = run_v;
                continue;
            }
            if (run_r > 0)
                sh += (long double)run_r * run_hi;
            run_hi = (long double)cnt[q] * (long double)y - buf[q];
            run_y = y;
            run_r = 1;
            run_v = (double)(run_hi * inv_n);
            v[slot[s]] = run_v;
        }
    }
    if (run_r > 0)
        sh += (long double)run_r * run_hi;
    /* backward: W; equal negatives share the sum and count, so each gets its run's W */
    long double above = 0.0L;
    int64_t npos = 0;           /* positives after s */
    for (int64_t s1 = len; s1 > 0; s1 -= RS_SBLOCK) {
        const int64_t blk = s1 < RS_SBLOCK ? s1 : RS_SBLOCK;
        int64_t c = 0;
        for (int64_t t = 1; t <= blk; t++) {
            const int64_t s = s1 - t;
            const int64_t j = slot[s];
            const int64_t b = j < m;
            const double x = srt[s];
            buf[c] = above;
            cnt[c] = npos;
            at[c] = s;
            above += (long double)keep_or_zero(x, b);
            npos += b;
            c += 1 - b;
        }
        for (int64_t q = 0; q < c; q++) {
            const int64_t s = at[q];
            const double x = srt[s];
            w[slot[s] - m] = (double)((buf[q] - (long double)cnt[q] * (long double)x) * inv_m);
        }
    }
    *sum_h = (double)sh;
    return 0;
}

int rs_sauc_minmax(const double *x, int64_t len, double *out)
{
    if (len < 1 || x == NULL || out == NULL)
        return -1;
    /* a NaN is never selected by < or > (nor kept by minpd/maxpd against a number in
     * the first operand), so it is flagged separately */
    double lo = x[0], hi = x[0];
    int nan = 0;
    int64_t i = 0;
#ifdef __SSE2__
    if (len >= 8) {
        __m128d l0 = _mm_set1_pd(x[0]), l1 = l0, h0 = l0, h1 = l0;
        __m128d u = _mm_setzero_pd();
        for (; i + 4 <= len; i += 4) {
            const __m128d a = _mm_loadu_pd(x + i), b = _mm_loadu_pd(x + i + 2);
            l0 = _mm_min_pd(l0, a);
            l1 = _mm_min_pd(l1, b);
            h0 = _mm_max_pd(h0, a);
            h1 = _mm_max_pd(h1, b);
            u = _mm_or_pd(u, _mm_or_pd(_mm_cmpunord_pd(a, a), _mm_cmpunord_pd(b, b)));
        }
        double t[2];
        nan |= _mm_movemask_pd(u) != 0;
        _mm_storeu_pd(t, _mm_min_pd(l0, l1));
        lo = t[0] < t[1] ? t[0] : t[1];
        _mm_storeu_pd(t, _mm_max_pd(h0, h1));
        hi = t[0] > t[1] ? t[0] : t[1];
    }
#endif
    for (; i < len; i++) {
        const double v = x[i];
        lo = v < lo ? v : lo;
        hi = v > hi ? v : hi;
        nan |= v != v;
    }
    if (nan) {
        out[0] = out[1] = NAN;
        return 1;
    }
    out[0] = lo;
    out[1] = hi;
    return 0;
}
