/* rocstats C kernels: see rocstats_kernels.h for the contract of each function. */
#include "rocstats_kernels.h"

int64_t rs_auc2u_sorted(const double *pos, int64_t m, const double *neg, int64_t n)
{
    int64_t lo = 0, hi = 0, twice_u = 0;
    for (int64_t i = 0; i < m; i++) {
        const double x = pos[i];
        while (lo < n && neg[lo] < x) lo++;
        if (hi < lo) hi = lo;
        while (hi < n && neg[hi] <= x) hi++;
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
        while (lo < n && neg[lo] < x) lo++;
        if (hi < lo) hi = lo;
        while (hi < n && neg[hi] <= x) hi++;
        const int64_t c = 2 * lo + (hi - lo);
        twice_u += c;
        v10[i] = (double)c / twon;
    }
    /* for negatives: positives above = m - #{pos <= y}, ties = #{pos <= y} - #{pos < y} */
    lo = 0; hi = 0;
    for (int64_t j = 0; j < n; j++) {
        const double y = neg[j];
        while (lo < m && pos[lo] < y) lo++;
        if (hi < lo) hi = lo;
        while (hi < m && pos[hi] <= y) hi++;
        const int64_t c = 2 * (m - hi) + (hi - lo);
        v01[j] = (double)c / twom;
    }
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
