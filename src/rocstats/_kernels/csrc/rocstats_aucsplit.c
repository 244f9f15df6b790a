/* AUC split rule (seed 000; randomForestSRC splitrule = "auc").
 *
 * A cut of an ascending column sends the rows with x <= cut left.  With alpha_k the
 * fraction of the weight of class k sent right, the cut scores
 *     delta = mean over pairs k1 < k2 of max(1 - alpha_k1 + alpha_k2, 1 - alpha_k2 + alpha_k1)
 * (twice the AUC theta of the split).  The class weights on the left accumulate as the
 * cut moves up the sorted column: one O(n K + cuts K^2) sweep per column.
 *
 * Conventions shared with the NumPy twin (_aucsplit_numpy.py), which performs the same
 * floating-point operations in the same order:
 *   - right_k = total_k - left_k, alpha_k = right_k / (left_k + right_k);
 *   - a class with no weight in the column makes every delta NaN (randomForestSRC's 0/0);
 *   - a cut leaving a side empty (only possible with given cut values) is not
 *     admissible: delta NaN, n_left 0 or n.
 * Callers validate lengths and class codes (0 <= y < k) before calling.
 */
#include <math.h>
#include <stddef.h>
#include "rocstats_aucsplit.h"

/* delta from the left weights `left` and class totals `tot` (k entries each). */
static double delta_of(const double *left, const double *tot, int64_t k, int absent)
{
    if (absent) return NAN;
    double s = 0.0;
    for (int64_t k1 = 0; k1 + 1 < k; k1++) {
        double r1 = tot[k1] - left[k1];
        double a1 = r1 / (left[k1] + r1);
        for (int64_t k2 = k1 + 1; k2 < k; k2++) {
            double r2 = tot[k2] - left[k2];
            double a2 = r2 / (left[k2] + r2);
            double u = 1.0 - a1 + a2, v = 1.0 - a2 + a1;
            s += u > v ? u : v;
        }
    }
    return s / (double)(k * (k - 1) / 2);
}

/* Class totals of one column into tot[0..k-1]; returns 1 if some class is absent. */
static int totals(const int64_t *y, const double *w, int64_t n, int64_t k, double *tot)
{
    for (int64_t c = 0; c < k; c++) tot[c] = 0.0;
    for (int64_t i = 0; i < n; i++) tot[y[i]] += w[i];
    for (int64_t c = 0; c < k; c++) if (!(tot[c] > 0.0)) return 1;
    return 0;
}

/* Every cut of one ascending column x[0..n-1] (classes y, weights w > 0):
 *   ncuts < 0: at every distinct value but the largest;
 *   else: at the given ascending cut values cuts[0..ncuts-1].
 * work: 2 k doubles.  Outputs (capacity n - 1, or ncuts): cut value, delta, left weight,
 * left row count.  Returns the number of cuts written. */
int64_t rs_auc_sweep(const double *x, const int64_t *y, const double *w, int64_t n,
                     int64_t k, const double *cuts, int64_t ncuts, double *work,
                     double *cut_out, double *delta_out, double *wleft_out,
                     int64_t *nleft_out)
{
    double *tot = work, *left = work + k;
    int absent = totals(y, w, n, k, tot);
    for (int64_t c = 0; c < k; c++) left[c] = 0.0;
    int64_t out = 0, i = 0;
    double wl = 0.0;
    if (ncuts < 0) {
        for (i = 0; i + 1 < n; i++) {
            left[y[i]] += w[i];
            wl += w[i];
            if (x[i] < x[i + 1]) {
                cut_out[out] = x[i];
                delta_out[out] = delta_of(left, tot, k, absent);
                wleft_out[out] = wl;
                nleft_out[out] = i + 1;
                out++;
            }
        }
        return out;
    }
    for (int64_t j = 0; j < ncuts; j++) {
        while (i < n && x[i] <= cuts[j]) {
            left[y[i]] += w[i];
            wl += w[i];
            i++;
        }
        cut_out[out] = cuts[j];
        wleft_out[out] = wl;
        nleft_out[out] = i;
        delta_out[out] = (i == 0 || i == n) ? NAN : delta_of(left, tot, k, absent);
        out++;
    }
    return out;
}

/* For each of ncol ascending columns (row c of the ncol x m matrices xs / ys / ws), the
 * cut randomForestSRC keeps: the first admissible cut, replaced by a later one only when
 * its delta exceeds the kept delta by more than eps (NaN never replaces nor is replaced).
 * ncuts[c] < 0: every distinct value but the largest; else the cuts[c * maxcuts ..]
 * values.  work: 2 k doubles.  best_index[c] = -1 when the column has no admissible cut.
 * Returns 0. */
int rs_auc_best_columns(const double *xs, const int64_t *ys, const double *ws, int64_t m,
                        int64_t ncol, int64_t k, const double *cuts, const int64_t *ncuts,
                        int64_t maxcuts, double eps, double *work, int64_t *best_index,
                        double *best_cut, double *best_delta)
{
    double *tot = work, *left = work + k;
    for (int64_t c = 0; c < ncol; c++) {
        const double *x = xs + c * m;
        const int64_t *y = ys + c * m;
        const double *w = ws + c * m;
        int absent = totals(y, w, m, k, tot);
        for (int64_t q = 0; q < k; q++) left[q] = 0.0;
        int64_t best = -1, idx = 0;
        double bd = NAN, bc = NAN;
        int64_t nc = ncuts == NULL ? -1 : ncuts[c];
        int64_t i = 0;
        if (nc < 0) {
            for (i = 0; i + 1 < m; i++) {
                left[y[i]] += w[i];
                if (x[i] < x[i + 1]) {
                    double d = delta_of(left, tot, k, absent);
                    if (best < 0 || (!isnan(d) && !isnan(bd) && d - bd > eps)) {
                        best = idx;
                        bd = d;
                        bc = x[i];
                    }
                    idx++;
                }
            }
        } else {
            const double *cv = cuts + c * maxcuts;
            for (int64_t j = 0; j < nc; j++) {
                while (i < m && x[i] <= cv[j]) {
                    left[y[i]] += w[i];
                    i++;
                }
                if (i > 0 && i < m) {
                    double d = delta_of(left, tot, k, absent);
                    if (best < 0 || (!isnan(d) && !isnan(bd) && d - bd > eps)) {
                        best = j;
                        bd = d;
                        bc = cv[j];
                    }
                }
            }
        }
        best_index[c] = best;
        best_cut[c] = bc;
        best_delta[c] = bd;
    }
    return 0;
}
