/* rocstats C kernels: see rocstats_kernels.h for the contract of each function. */
#include "rocstats_kernels.h"

#include <stdlib.h>
#include <string.h>

/* Order-preserving map double -> uint64 (IEEE 754; no NaN reaches here). */
static inline uint64_t key_of(double x)
{
    uint64_t u;
    x += 0.0;                       /* -0.0 -> +0.0 so equal values get equal keys */
    memcpy(&u, &x, sizeof u);
    return (u >> 63) ? ~u : (u | 0x8000000000000000ULL);
}

static inline double value_of(uint64_t k)
{
    uint64_t u = (k >> 63) ? (k & 0x7FFFFFFFFFFFFFFFULL) : ~k;
    double x;
    memcpy(&x, &u, sizeof x);
    return x;
}

#define RS_DIGITS 4
#define RS_BUCKETS 65536

/* LSD radix sort of keys[0..len) using kbuf as scratch, histograms precomputed; writes
 * the sorted values as doubles to out.  If idx is not NULL it carries a payload
 * (ibuf its scratch) and the payload, permuted with the keys, is written to idx_out. */
static void radix_finish(uint64_t *keys, uint64_t *kbuf, int64_t *idx, int64_t *ibuf,
                         int64_t len, uint64_t (*hist)[RS_BUCKETS], double *out,
                         int64_t *idx_out)
{
    uint64_t *src = keys, *dst = kbuf;
    int64_t *isrc = idx, *idst = ibuf;
    for (int d = 0; d < RS_DIGITS; d++) {
        uint64_t *h = hist[d];
        const int shift = 16 * d;
        if (len == 0 || h[(src[0] >> shift) & 0xFFFF] == (uint64_t)len)
            continue;               /* every key has this digit: pass is a no-op */
        uint64_t total = 0;
        for (int b = 0; b < RS_BUCKETS; b++) {   /* counts -> starting offsets */
            const uint64_t c = h[b];
            h[b] = total;
            total += c;
        }
        if (isrc == NULL) {
            for (int64_t i = 0; i < len; i++) {
                const uint64_t k = src[i];
                dst[h[(k >> shift) & 0xFFFF]++] = k;
            }
        } else {
            for (int64_t i = 0; i < len; i++) {
                const uint64_t k = src[i];
                const uint64_t at = h[(k >> shift) & 0xFFFF]++;
                dst[at] = k;
                idst[at] = isrc[i];
            }
            int64_t *it = isrc; isrc = idst; idst = it;
        }
        uint64_t *t = src; src = dst; dst = t;
    }
    for (int64_t i = 0; i < len; i++) out[i] = value_of(src[i]);
    if (isrc != NULL)
        for (int64_t i = 0; i < len; i++) idx_out[i] = isrc[i];
}

int rs_split_sort(const double *score, const uint8_t *is_pos, int64_t n,
                  double *pos_out, int64_t m, double *neg_out)
{
    return rs_split_argsort(score, is_pos, n, pos_out, NULL, m, neg_out, NULL);
}

int rs_split_argsort(const double *score, const uint8_t *is_pos, int64_t n,
                     double *pos_out, int64_t *pos_idx, int64_t m,
                     double *neg_out, int64_t *neg_idx)
{
    if (m < 0 || m > n) return -2;
    const int with_idx = pos_idx != NULL && neg_idx != NULL;
    const int64_t nn = n - m;
    const size_t cells = (size_t)(n > 0 ? n : 1) * 2;
    uint64_t *keys = malloc(cells * sizeof *keys);
    int64_t *idx = with_idx ? malloc(cells * sizeof *idx) : NULL;
    uint64_t (*hist)[RS_BUCKETS] = calloc(2 * RS_DIGITS, sizeof *hist);
    if (keys == NULL || hist == NULL || (with_idx && idx == NULL)) {
        free(keys); free(idx); free(hist); return -1;
    }
    /* layout: [pos keys | neg keys | pos scratch | neg scratch], same for idx */
    uint64_t *pk = keys, *nk = keys + m, *ps = keys + n, *ns = keys + n + m;
    int64_t ip = 0, in = 0;
    for (int64_t i = 0; i < n; i++) {
        const uint64_t k = key_of(score[i]);
        uint64_t (*h)[RS_BUCKETS];
        if (is_pos[i]) {
            if (ip == m) { free(keys); free(idx); free(hist); return -2; }
            if (with_idx) idx[ip] = ip;      /* index within the class */
            pk[ip++] = k;
            h = hist;
        } else {
            if (in == nn) { free(keys); free(idx); free(hist); return -2; }
            if (with_idx) idx[m + in] = in;
            nk[in++] = k;
            h = hist + RS_DIGITS;
        }
        h[0][k & 0xFFFF]++;
        h[1][(k >> 16) & 0xFFFF]++;
        h[2][(k >> 32) & 0xFFFF]++;
        h[3][k >> 48]++;
    }
    if (ip != m) { free(keys); free(idx); free(hist); return -2; }
    radix_finish(pk, ps, with_idx ? idx : NULL, with_idx ? idx + n : NULL, m, hist,
                 pos_out, pos_idx);
    radix_finish(nk, ns, with_idx ? idx + m : NULL, with_idx ? idx + n + m : NULL, nn,
                 hist + RS_DIGITS, neg_out, neg_idx);
    free(keys);
    free(idx);
    free(hist);
    return 0;
}

/* Merge step over an ascending array a[0..len): advance *lo to the count of a < x and
 * *hi to the count of a <= x.  Called with non-decreasing x, so a whole sweep is O(len). */
static inline void advance(const double *a, int64_t len, double x, int64_t *lo, int64_t *hi)
{
    int64_t l = *lo, h = *hi;
    while (l < len && a[l] < x) l++;
    if (h < l) h = l;
    while (h < len && a[h] <= x) h++;
    *lo = l;
    *hi = h;
}

int64_t rs_auc2u_sorted(const double *pos, int64_t m, const double *neg, int64_t n)
{
    int64_t lo = 0, hi = 0, twice_u = 0;
    for (int64_t i = 0; i < m; i++) {
        const double x = pos[i];
        advance(neg, n, x, &lo, &hi);
        /* lo negatives below x, hi - lo tied with x */
        twice_u += 2 * lo + (hi - lo);
    }
    return twice_u;
}

int64_t rs_placements_sorted(const double *pos, int64_t m, const double *neg, int64_t n,
                             double *v10, double *v01)
{
    int64_t lo = 0, hi = 0, twice_u = 0;
    /* divide (not multiply by a reciprocal) so results equal the NumPy path bit for bit */
    const double twon = 2.0 * (double)n, twom = 2.0 * (double)m;
    for (int64_t i = 0; i < m; i++) {
        const double x = pos[i];
        advance(neg, n, x, &lo, &hi);
        const int64_t c = 2 * lo + (hi - lo);
        twice_u += c;
        v10[i] = (double)c / twon;
    }
    /* for negatives: positives above = m - #{pos <= y}, ties = #{pos <= y} - #{pos < y} */
    lo = 0; hi = 0;
    for (int64_t j = 0; j < n; j++) {
        const double y = neg[j];
        advance(pos, m, y, &lo, &hi);
        const int64_t c = 2 * (m - hi) + (hi - lo);
        v01[j] = (double)c / twom;
    }
    return twice_u;
}

/* (hi, lo) += c * c for 0 <= c < 2^62, portable 64 x 64 -> 128-bit arithmetic. */
static inline void add_square(uint64_t *hi, uint64_t *lo, uint64_t c)
{
    const uint64_t a = c >> 32, b = c & 0xFFFFFFFFULL;
    const uint64_t mid = 2 * a * b;                 /* < 2^62: a < 2^30, b < 2^32 */
    const uint64_t low = b * b;
    uint64_t add_lo = low + (mid << 32);
    uint64_t carry = add_lo < low;
    uint64_t add_hi = a * a + (mid >> 32) + carry;
    *lo += add_lo;
    *hi += add_hi + (*lo < add_lo);
}

int64_t rs_delong_sums_sorted(const double *pos, int64_t m, const double *neg, int64_t n,
                              uint64_t *sq)
{
    int64_t lo = 0, hi = 0, twice_u = 0;
    uint64_t h10 = 0, l10 = 0, h01 = 0, l01 = 0;
    for (int64_t i = 0; i < m; i++) {
        const double x = pos[i];
        advance(neg, n, x, &lo, &hi);
        const int64_t c = 2 * lo + (hi - lo);
        twice_u += c;
        add_square(&h10, &l10, (uint64_t)c);
    }
    lo = 0; hi = 0;
    for (int64_t j = 0; j < n; j++) {
        const double y = neg[j];
        advance(pos, m, y, &lo, &hi);
        add_square(&h01, &l01, (uint64_t)(2 * (m - hi) + (hi - lo)));
    }
    sq[0] = h10; sq[1] = l10; sq[2] = h01; sq[3] = l01;
    return twice_u;
}

int64_t rs_auc2u_pairwise(const double *pos, int64_t m, const double *neg, int64_t n)
{
    int64_t twice_u = 0;
    for (int64_t i = 0; i < m; i++) {
        const double x = pos[i];
        int64_t c = 0;
        for (int64_t j = 0; j < n; j++)
            c += (x > neg[j]) ? 2 : (x == neg[j]);
        twice_u += c;
    }
    return twice_u;
}

int64_t rs_placements_pairwise(const double *pos, int64_t m, const double *neg, int64_t n,
                               double *v10, double *v01)
{
    int64_t twice_u = 0;
    for (int64_t j = 0; j < n; j++) v01[j] = 0.0;
    for (int64_t i = 0; i < m; i++) {
        const double x = pos[i];
        int64_t c = 0;
        for (int64_t j = 0; j < n; j++) {
            const int64_t k = (x > neg[j]) ? 2 : (x == neg[j]);
            c += k;
            v01[j] += (double)k;      /* exact: integers below 2^53 */
        }
        twice_u += c;
        v10[i] = (double)c / (2.0 * (double)n);
    }
    for (int64_t j = 0; j < n; j++) v01[j] /= 2.0 * (double)m;
    return twice_u;
}

int64_t rs_roc_counts_desc(const double *score, const double *wpos, const double *wneg,
                           int64_t n, double *thr, double *tp, double *fp)
{
    int64_t k = 0;
    double ctp = 0.0, cfp = 0.0;
    for (int64_t i = 0; i < n; i++) {
        ctp += wpos[i];
        cfp += wneg[i];
        if (i + 1 == n || score[i + 1] != score[i]) {
            thr[k] = score[i];
            tp[k] = ctp;
            fp[k] = cfp;
            k++;
        }
    }
    return k;
}
