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

void rs_below_ties_sorted(const double *pos, int64_t m, const double *neg, int64_t n,
                          int64_t *below, int64_t *ties)
{
    int64_t lo = 0, hi = 0;
    for (int64_t i = 0; i < m; i++) {
        advance(neg, n, pos[i], &lo, &hi);
        below[i] = lo;
        ties[i] = hi - lo;
    }
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

/* ---- the fast path of the split-sort (issue 14) ------------------------------------ */

int rs_split(const double *score, const uint8_t *is_pos, int64_t n, double *pos_out,
             int64_t m, double *neg_out)
{
    if (n < 0 || m < 0 || m > n) return -2;
    const int64_t nn = n - m;
    int64_t ip = 0, in = 0, i = 0;
    /* branch-free while both outputs have room for one more: the score goes to both,
     * and only the right output's end advances (the other slot is overwritten later) */
    for (; i < n && ip < m && in < nn; i++) {
        const double x = score[i];
        const int64_t b = is_pos[i] != 0;
        pos_out[ip] = x;
        neg_out[in] = x;
        ip += b;
        in += 1 - b;
    }
    for (; i < n; i++) {
        if (is_pos[i]) {
            if (ip == m) return -2;
            pos_out[ip++] = score[i];
        } else {
            if (in == nn) return -2;
            neg_out[in++] = score[i];
        }
    }
    return (ip == m && in == nn) ? 0 : -2;
}

int rs_pack_keys(const double *x, int64_t len, int bits, uint64_t *keys)
{
    if (len < 0 || bits < 0 || bits > 40 || len > ((int64_t)1 << bits)) return -1;
    const uint64_t low = ((uint64_t)1 << bits) - 1;
    for (int64_t i = 0; i < len; i++)
        keys[i] = (key_of(x[i]) & ~low) | (uint64_t)i;
    return 0;
}

int rs_unpack_keys(const uint64_t *keys, int64_t len, int bits, const double *x,
                   double *sorted, int64_t *idx)
{
    if (len < 0 || bits < 0 || bits > 40) return -1;
    const uint64_t low = ((uint64_t)1 << bits) - 1;
    for (int64_t k = 0; k < len; k++) {
        const uint64_t j = keys[k] & low;
        if (j >= (uint64_t)len) return -1;
        idx[k] = (int64_t)j;
        sorted[k] = x[j];
    }
    /* values sharing their high key bits came out in index order: insertion-sort them
     * (they are the only ones out of order); give up past a work budget */
    int64_t budget = 8 * len + 64;
    for (int64_t k = 1; k < len; k++) {
        const double v = sorted[k];
        if (!(v < sorted[k - 1])) continue;
        const int64_t id = idx[k];
        int64_t p = k;
        while (p > 0 && sorted[p - 1] > v) {
            sorted[p] = sorted[p - 1];
            idx[p] = idx[p - 1];
            p--;
            if (--budget < 0) return 1;
        }
        sorted[p] = v;
        idx[p] = id;
    }
    return 0;
}

/* (hi, lo) += a * b, exact (64 x 64 -> 128 bits, portable). */
static inline void add_mul(uint64_t *hi, uint64_t *lo, uint64_t a, uint64_t b)
{
    const uint64_t M = 0xFFFFFFFFULL;
    const uint64_t a0 = a & M, a1 = a >> 32, b0 = b & M, b1 = b >> 32;
    const uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    const uint64_t mid = (p00 >> 32) + (p01 & M) + (p10 & M);
    const uint64_t pl = (p00 & M) | (mid << 32);
    const uint64_t ph = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
    *lo += pl;
    *hi += ph + (*lo < pl);
}

/* One segment of the merge: pos[i..iend) and neg[j..jend); every value in it is below
 * every value of the next segment, so counts in global indices are the answers. */
typedef struct { int64_t i, j, iend, jend; } rs_seg;
typedef struct { uint64_t sum, h10, l10, h01, l01; } rs_acc;

static int64_t lower_bound(const double *a, int64_t len, double v)
{
    int64_t lo = 0, hi = len;
    while (lo < hi) {
        const int64_t mid = lo + (hi - lo) / 2;
        if (a[mid] < v) lo = mid + 1; else hi = mid;
    }
    return lo;
}

/* The value at merged position d (0 <= d < m + n) up to ties, by the merge-path search. */
static double merged_at(const double *pos, int64_t m, const double *neg, int64_t n, int64_t d)
{
    int64_t lo = d > n ? d - n : 0, hi = d < m ? d : m;
    while (lo < hi) {
        const int64_t mid = lo + (hi - lo) / 2;
        if (pos[mid] < neg[d - mid - 1]) lo = mid + 1; else hi = mid;
    }
    const int64_t p = lo, q = d - lo;
    if (p < m && (q >= n || pos[p] <= neg[q])) return pos[p];
    return neg[q];          /* q < n here: p + q = d < m + n */
}

/* A block of equal values v = pos[i] = neg[j]: P positives and N negatives tied. */
static inline void tie_block(rs_seg *s, const double *pos, const double *neg, int64_t m,
                             rs_acc *a, const int want_sq)
{
    const double v = pos[s->i];
    int64_t P = 1, N = 1;
    while (s->i + P < s->iend && pos[s->i + P] == v) P++;
    while (s->j + N < s->jend && neg[s->j + N] == v) N++;
    const uint64_t c10 = 2 * (uint64_t)s->j + (uint64_t)N;
    const uint64_t c01 = 2 * (uint64_t)(m - s->i - P) + (uint64_t)P;
    a->sum += (uint64_t)P * c10;
    if (want_sq) {
        add_mul(&a->h10, &a->l10, (uint64_t)P, c10 * c10);
        add_mul(&a->h01, &a->l01, (uint64_t)N, c01 * c01);
    }
    s->i += P;
    s->j += N;
}

/* One merge step (both i < iend and j < jend): branch-free unless the two heads tie. */
static inline void merge_step(rs_seg *s, const double *pos, const double *neg, int64_t m,
                              rs_acc *a, const int want_sq)
{
    const int64_t i = s->i, j = s->j;
    const double x = pos[i], y = neg[j];
    if (x == y) {
        tie_block(s, pos, neg, m, a, want_sq);
        return;
    }
    const uint64_t negstep = y < x;
    const uint64_t keep = negstep - 1;           /* all ones on a positive's step */
    const uint64_t cp = 2 * (uint64_t)j;          /* 2 #{neg < x}, no ties */
    a->sum += cp & keep;
    if (want_sq) {
        const uint64_t cn = 2 * (uint64_t)(m - i);    /* 2 #{pos > y}, no ties */
        const uint64_t q10 = (cp * cp) & keep, q01 = (cn * cn) & ~keep;
        a->l10 += q10;
        a->h10 += a->l10 < q10;
        a->l01 += q01;
        a->h01 += a->l01 < q01;
    }
    s->i = i + (int64_t)(1 - negstep);
    s->j = j + (int64_t)negstep;
}

static inline void finish_segment(rs_seg *s, const double *pos, const double *neg,
                                  int64_t m, rs_acc *a, const int want_sq)
{
    while (s->i < s->iend && s->j < s->jend)
        merge_step(s, pos, neg, m, a, want_sq);
    if (s->i < s->iend) {           /* positives above every negative of the segment */
        const uint64_t P = (uint64_t)(s->iend - s->i), c = 2 * (uint64_t)s->jend;
        a->sum += P * c;
        if (want_sq) add_mul(&a->h10, &a->l10, P, c * c);
    }
    if (s->j < s->jend && want_sq) {  /* negatives above every positive of the segment */
        const uint64_t N = (uint64_t)(s->jend - s->j), c = 2 * (uint64_t)(m - s->iend);
        add_mul(&a->h01, &a->l01, N, c * c);
    }
    s->i = s->iend;
    s->j = s->jend;
}

#define RS_LANES 4

/* Cut the merge of pos[0..m) and neg[0..n) (both sorted) into RS_LANES segments of about
 * (m + n) / RS_LANES elements each: lane k starts at the first elements >= the value
 * merged_at() finds at rank (m + n) k / RS_LANES (cuts kept non-decreasing), so every
 * value, ties included, falls in exactly one lane.  Each segment's ends are clamped so
 * that iend >= i and jend >= j (cannot fail given monotone cuts; keeps the walk safe). */
static void split_lanes(const double *pos, int64_t m, const double *neg, int64_t n,
                        rs_seg *s)
{
    int64_t bp[RS_LANES + 1], bq[RS_LANES + 1];
    bp[0] = 0; bq[0] = 0; bp[RS_LANES] = m; bq[RS_LANES] = n;
    double prev = 0.0;
    for (int k = 1; k < RS_LANES; k++) {
        const int64_t d = (m + n) * k / RS_LANES;
        if (d >= m + n || m == 0 || n == 0) { bp[k] = m; bq[k] = n; continue; }
        double v = merged_at(pos, m, neg, n, d);
        if (k > 1 && v < prev) v = prev;        /* keep the cuts non-decreasing */
        prev = v;
        bp[k] = lower_bound(pos, m, v);
        bq[k] = lower_bound(neg, n, v);
    }
    for (int k = 0; k < RS_LANES; k++) {
        s[k].i = bp[k]; s[k].iend = bp[k + 1] < bp[k] ? bp[k] : bp[k + 1];
        s[k].j = bq[k]; s[k].jend = bq[k + 1] < bq[k] ? bq[k] : bq[k + 1];
    }
}

static int64_t sweep_fast(const double *pos, int64_t m, const double *neg, int64_t n,
                          uint64_t *sq, const int want_sq)
{
    if (m < 0 || n < 0 || m >= ((int64_t)1 << 31) || n >= ((int64_t)1 << 31)) return -1;
    rs_acc a = {0, 0, 0, 0, 0};
    rs_seg s[RS_LANES];
    split_lanes(pos, m, neg, n, s);
    /* the interleaved walk while every lane has both heads, then each lane alone */
    while (s[0].i < s[0].iend && s[0].j < s[0].jend && s[1].i < s[1].iend
           && s[1].j < s[1].jend && s[2].i < s[2].iend && s[2].j < s[2].jend
           && s[3].i < s[3].iend && s[3].j < s[3].jend) {
        merge_step(&s[0], pos, neg, m, &a, want_sq);
        merge_step(&s[1], pos, neg, m, &a, want_sq);
        merge_step(&s[2], pos, neg, m, &a, want_sq);
        merge_step(&s[3], pos, neg, m, &a, want_sq);
    }
    for (int k = 0; k < RS_LANES; k++)
        finish_segment(&s[k], pos, neg, m, &a, want_sq);
    if (want_sq) {
        sq[0] = a.h10; sq[1] = a.l10; sq[2] = a.h01; sq[3] = a.l01;
    }
    return (int64_t)a.sum;
}

int64_t rs_auc2u_sorted_fast(const double *pos, int64_t m, const double *neg, int64_t n)
{
    return sweep_fast(pos, m, neg, n, NULL, 0);
}

int64_t rs_delong_sums_sorted_fast(const double *pos, int64_t m, const double *neg,
                                   int64_t n, uint64_t *sq)
{
    return sweep_fast(pos, m, neg, n, sq, 1);
}

/* rs_split with the test labels[i] == value in place of is_pos[i] (see rs_split); the
 * scores' finiteness is checked on the way (x - x is 0 for finite x, NaN otherwise). */
#define RS_SPLIT_EQ(NAME, T)                                                               \
int NAME(const double *score, const T *labels, T value, int64_t n, double *pos_out,        \
         int64_t m, double *neg_out)                                                       \
{                                                                                          \
    if (n < 0 || m < 0 || m > n) return -2;                                                \
    const int64_t nn = n - m;                                                              \
    int64_t ip = 0, in = 0, i = 0, finite = 1;                                             \
    for (; i < n && ip < m && in < nn; i++) {                                              \
        const double x = score[i];                                                         \
        const int64_t b = labels[i] == value;                                              \
        pos_out[ip] = x;                                                                   \
        neg_out[in] = x;                                                                   \
        finite &= (x - x) == 0.0;                                                          \
        ip += b;                                                                           \
        in += 1 - b;                                                                       \
    }                                                                                      \
    for (; i < n; i++) {                                                                   \
        finite &= (score[i] - score[i]) == 0.0;                                            \
        if (labels[i] == value) {                                                          \
            if (ip == m) return -2;                                                        \
            pos_out[ip++] = score[i];                                                      \
        } else {                                                                           \
            if (in == nn) return -2;                                                       \
            neg_out[in++] = score[i];                                                      \
        }                                                                                  \
    }                                                                                      \
    if (ip != m || in != nn) return -2;                                                    \
    return finite ? 0 : 1;                                                                 \
}

RS_SPLIT_EQ(rs_split_eq_i64, int64_t)
RS_SPLIT_EQ(rs_split_eq_i32, int32_t)
RS_SPLIT_EQ(rs_split_eq_u8, uint8_t)
RS_SPLIT_EQ(rs_split_eq_i8, int8_t)
RS_SPLIT_EQ(rs_split_eq_f64, double)

/* ---- placements in case order (rs_placements_scatter) ------------------------------ */
typedef struct {
    const int64_t *pidx, *nidx;
    double *v10, *v01;
    double twon, twom;
} rs_out;

static inline void tie_block_w(rs_seg *s, const double *pos, const double *neg, int64_t m,
                               uint64_t *sum, const rs_out *o)
{
    const double v = pos[s->i];
    int64_t P = 1, N = 1;
    while (s->i + P < s->iend && pos[s->i + P] == v) P++;
    while (s->j + N < s->jend && neg[s->j + N] == v) N++;
    const int64_t c10 = 2 * s->j + N, c01 = 2 * (m - s->i - P) + P;
    const double w10 = (double)c10 / o->twon, w01 = (double)c01 / o->twom;
    for (int64_t k = 0; k < P; k++) o->v10[o->pidx[s->i + k]] = w10;
    for (int64_t k = 0; k < N; k++) o->v01[o->nidx[s->j + k]] = w01;
    *sum += (uint64_t)P * (uint64_t)c10;
    s->i += P;
    s->j += N;
}

static inline void merge_step_w(rs_seg *s, const double *pos, const double *neg, int64_t m,
                                uint64_t *sum, const rs_out *o)
{
    const int64_t i = s->i, j = s->j;
    const double x = pos[i], y = neg[j];
    if (x == y) {
        tie_block_w(s, pos, neg, m, sum, o);
        return;
    }
    const int64_t negstep = y < x;
    const int64_t cp = 2 * j, cn = 2 * (m - i);
    /* both slots are written; the one of the element not consumed now is written again,
     * with its true value, when it is consumed (i or j has not moved past it) */
    o->v10[o->pidx[i]] = (double)cp / o->twon;
    o->v01[o->nidx[j]] = (double)cn / o->twom;
    *sum += (uint64_t)cp & ((uint64_t)negstep - 1);
    s->i = i + 1 - negstep;
    s->j = j + negstep;
}

int64_t rs_placements_scatter(const double *pos, const int64_t *pos_idx, int64_t m,
                              const double *neg, const int64_t *neg_idx, int64_t n,
                              double *v10, double *v01)
{
    if (m < 0 || n < 0 || m >= ((int64_t)1 << 31) || n >= ((int64_t)1 << 31)) return -1;
    for (int64_t i = 0; i < m; i++) if (pos_idx[i] < 0 || pos_idx[i] >= m) return -1;
    for (int64_t j = 0; j < n; j++) if (neg_idx[j] < 0 || neg_idx[j] >= n) return -1;
    const rs_out o = {pos_idx, neg_idx, v10, v01, 2.0 * (double)n, 2.0 * (double)m};
    uint64_t sum = 0;
    rs_seg s[RS_LANES];
    split_lanes(pos, m, neg, n, s);
    while (s[0].i < s[0].iend && s[0].j < s[0].jend && s[1].i < s[1].iend
           && s[1].j < s[1].jend && s[2].i < s[2].iend && s[2].j < s[2].jend
           && s[3].i < s[3].iend && s[3].j < s[3].jend) {
        merge_step_w(&s[0], pos, neg, m, &sum, &o);
        merge_step_w(&s[1], pos, neg, m, &sum, &o);
        merge_step_w(&s[2], pos, neg, m, &sum, &o);
        merge_step_w(&s[3], pos, neg, m, &sum, &o);
    }
    for (int k = 0; k < RS_LANES; k++) {
        rs_seg *g = &s[k];
        while (g->i < g->iend && g->j < g->jend)
            merge_step_w(g, pos, neg, m, &sum, &o);
        if (g->i < g->iend) {           /* above every negative of the segment */
            const int64_t c = 2 * g->jend;
            const double w = (double)c / o.twon;
            for (int64_t i = g->i; i < g->iend; i++) v10[pos_idx[i]] = w;
            sum += (uint64_t)(g->iend - g->i) * (uint64_t)c;
        }
        if (g->j < g->jend) {           /* above every positive of the segment */
            const double w = (double)(2 * (m - g->iend)) / o.twom;
            for (int64_t j = g->j; j < g->jend; j++) v01[neg_idx[j]] = w;
        }
        g->i = g->iend;
        g->j = g->jend;
    }
    return (int64_t)sum;
}

/* ---- label scan and column split (issue 14) --------------------------------------- */

/* One pass over the labels: the (at most two) distinct values and their counts.  a is the
 * first value, b the first value different from it; every row must be a or b (x == a,
 * x == b summed branch-free, so the loop vectorises).  NaN (x != x) is never a or b. */
#define RS_TWO_VALUES(NAME, T)                                                             \
int NAME(const T *x, int64_t n, T *vals, int64_t *counts)                                  \
{                                                                                          \
    if (n <= 0) return 0;                                                                  \
    const T a = x[0];                                                                      \
    if (a != a) return 3;                                                                  \
    int64_t i = 1;                                                                         \
    while (i < n && x[i] == a) i++;                                                        \
    if (i == n) { vals[0] = a; counts[0] = n; return 1; }                                  \
    const T b = x[i];                                                                      \
    if (b != b) return 3;                                                                  \
    int64_t ca = i, cb = 0;                                                                \
    for (; i < n; i++) {                                                                   \
        ca += x[i] == a;                                                                   \
        cb += x[i] == b;                                                                   \
    }                                                                                      \
    if (ca + cb != n) return 3;                                                            \
    const int lo = a < b ? 0 : 1;                                                          \
    vals[lo] = a; counts[lo] = ca;                                                         \
    vals[1 - lo] = b; counts[1 - lo] = cb;                                                 \
    return 2;                                                                              \
}

RS_TWO_VALUES(rs_two_values_i64, int64_t)
RS_TWO_VALUES(rs_two_values_i32, int32_t)
RS_TWO_VALUES(rs_two_values_u8, uint8_t)
RS_TWO_VALUES(rs_two_values_i8, int8_t)
RS_TWO_VALUES(rs_two_values_f64, double)

int rs_split_columns(const double *score, int64_t n, int64_t k, const uint8_t *is_pos,
                     double *pos_out, int64_t m, double *neg_out)
{
    if (n < 0 || k < 1 || m < 0 || m > n) return -2;
    const int64_t nn = n - m;
    int64_t ip = 0, in = 0;
    for (int64_t i = 0; i < n; i++) {
        const double *row = score + i * k;
        if (is_pos[i]) {
            if (ip == m) return -2;
            for (int64_t c = 0; c < k; c++) pos_out[c * m + ip] = row[c];
            ip++;
        } else {
            if (in == nn) return -2;
            for (int64_t c = 0; c < k; c++) neg_out[c * nn + in] = row[c];
            in++;
        }
    }
    return (ip == m && in == nn) ? 0 : -2;
}
