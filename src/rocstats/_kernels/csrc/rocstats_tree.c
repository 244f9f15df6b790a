/* rocstats CART kernels; see rocstats_tree.h for the conventions.
 *
 * The split searches follow the definitions of rpart 4.1 (Therneau & Atkinson): the
 * Gini / information criteria with "altered priors" (impurity of a node A weighted by
 * its altered weight, improvement = I(A) - I(A_L) - I(A_R)), the anova criterion
 * (between-groups sum of squares as a fraction of the node's deviance), cuts only
 * between distinct adjacent values with at least `edge` rows on each side, the first
 * best cut kept when several tie, and the child with the smaller mean class index
 * (gini) or smaller mean (anova) put on the left.  Categorical predictors: for two
 * classes and for anova the levels are ordered by class-1 rate / mean and swept (ESL
 * section 9.2.4); otherwise every subset of the levels present is visited in Gray-code
 * order. */
#include "rocstats_tree.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define RS_LEFT (-1)
#define RS_RIGHT 1

static double impurity(int64_t kind, double p)
{
    if (kind == 2)
        return p == 0.0 ? 0.0 : -p * log(p);
    return p * (1.0 - p);
}

/* ------------------------------------------------------------------ numeric sweeps */
/* one evaluation of the children's impurity; the branch on kind is hoisted out of the
 * sweep by instantiating the loop body for each impurity */
#define GINI_EVAL(IMP)                                                              \
    do {                                                                            \
        temp = 0.0;                                                                 \
        lmean = rmean = 0.0;                                                        \
        for (j = 0; j < nclass; j++) {                                              \
            p = aprior[j] * left[j] / lwt;                                          \
            temp += lwt * IMP(p);                                                   \
            lmean += p * (double)j;                                                 \
            p = aprior[j] * right[j] / rwt;                                         \
            temp += rwt * IMP(p);                                                   \
            rmean += p * (double)j;                                                 \
        }                                                                           \
    } while (0)

static double imp_gini(double p) { return p * (1.0 - p); }
static double imp_info(double p) { return p == 0.0 ? 0.0 : -p * log(p); }

static void gini_numeric(int64_t kind, const double *xs, const int64_t *cs,
                         const double *ws, int64_t k, int64_t nclass, const double *aprior,
                         int64_t edge, double *left, double *right, double *improve,
                         double *split, int64_t *direction)
{
    double lwt = 0.0, rwt = 0.0, total = 0.0, best, temp, p, lmean, rmean, a;
    int64_t ltot = 0, rtot = 0, i, j, where = -1, dir = RS_LEFT;

    for (j = 0; j < nclass; j++) left[j] = right[j] = 0.0;
    for (i = 0; i < k; i++) {
        rwt += aprior[cs[i]] * ws[i];
        right[cs[i]] += ws[i];
        rtot++;
    }
    for (j = 0; j < nclass; j++) {
        p = aprior[j] * right[j] / rwt;
        total += rwt * impurity(kind, p);
    }
    best = total;
    for (i = 0; rtot > edge; i++) {
        j = cs[i];
        a = aprior[j] * ws[i];
        rwt -= a;
        lwt += a;
        rtot--;
        ltot++;
        right[j] -= ws[i];
        left[j] += ws[i];
        if (ltot >= edge && xs[i + 1] != xs[i]) {
            if (kind == 2)
                GINI_EVAL(imp_info);
            else
                GINI_EVAL(imp_gini);
            if (temp < best) {
                best = temp;
                where = i;
                dir = lmean < rmean ? RS_LEFT : RS_RIGHT;
            }
        }
    }
    *improve = total - best;
    if (*improve > 0 && where >= 0) {
        *direction = dir;
        *split = (xs[where] + xs[where + 1]) / 2;
    } else {
        *improve = 0.0;
        *direction = 0;
        *split = NAN;
    }
}

static void anova_numeric(const double *xs, const double *ys, const double *ws, int64_t k,
                          int64_t edge, double node_risk, double *improve, double *split,
                          int64_t *direction)
{
    double right_wt = 0.0, right_sum = 0.0, left_wt = 0.0, left_sum = 0.0;
    double grandmean, best = 0.0, temp;
    int64_t right_n = k, left_n = 0, i, where = -1, dir = RS_LEFT;

    for (i = 0; i < k; i++) {
        right_sum += ys[i] * ws[i];
        right_wt += ws[i];
    }
    grandmean = right_sum / right_wt;
    right_sum = 0.0;   /* sums of centred values from here on */
    for (i = 0; right_n > edge; i++) {
        left_wt += ws[i];
        right_wt -= ws[i];
        left_n++;
        right_n--;
        temp = (ys[i] - grandmean) * ws[i];
        left_sum += temp;
        right_sum -= temp;
        if (xs[i + 1] != xs[i] && left_n >= edge) {
            temp = left_sum * left_sum / left_wt + right_sum * right_sum / right_wt;
            if (temp > best) {
                best = temp;
                where = i;
                dir = left_sum < right_sum ? RS_LEFT : RS_RIGHT;
            }
        }
    }
    if (best > 0 && where >= 0) {
        *improve = best / node_risk;
        *direction = dir;
        *split = (xs[where] + xs[where + 1]) / 2;
    } else {
        *improve = 0.0;
        *direction = 0;
        *split = NAN;
    }
}

int rs_tree_numeric_splits(int64_t kind, const double *xt, const int64_t *sorts,
                           int64_t n, int64_t n1, int64_t n2,
                           const int64_t *features, int64_t nf,
                           const double *y, const double *w, int64_t nclass,
                           const double *aprior, int64_t edge, double node_risk,
                           double *improve, double *split, int64_t *direction,
                           int64_t *count)
{
    int64_t m = n2 - n1, t, i, k, r, f, c;
    double *xs, *ys, *ws, *left;
    int64_t *cs;
    int status = 0;

    if (kind < 1 || kind > 3 || n1 < 0 || n2 > n || m < 0 || edge < 1 || nf < 0 ||
        (kind != 3 && nclass < 1))
        return -2;
    if (m == 0) m = 1;
    xs = malloc((size_t)m * sizeof *xs);
    ys = malloc((size_t)m * sizeof *ys);
    ws = malloc((size_t)m * sizeof *ws);
    cs = malloc((size_t)m * sizeof *cs);
    left = malloc((size_t)(2 * (nclass > 0 ? nclass : 1)) * sizeof *left);
    if (!xs || !ys || !ws || !cs || !left) {
        status = -1;
        goto done;
    }
    for (t = 0; t < nf; t++) {
        f = features[t];
        improve[t] = 0.0;
        split[t] = NAN;
        direction[t] = 0;
        count[t] = 0;
        if (f < 0) {
            status = -2;
            goto done;
        }
        const double *x = xt + f * n;
        const int64_t *s = sorts + f * n;
        k = 0;
        for (i = n1; i < n2; i++) {
            r = s[i];
            if (r < 0 || r >= n) {
                status = -2;
                goto done;
            }
            if (isnan(x[r]) || !(w[r] > 0)) continue;
            xs[k] = x[r];
            ys[k] = y[r];
            ws[k] = w[r];
            if (kind != 3) {
                c = (int64_t)y[r];
                if (!(y[r] >= 0) || c >= nclass) {
                    status = -2;
                    goto done;
                }
                cs[k] = c;
            }
            k++;
        }
        count[t] = k;
        if (k == 0 || xs[0] == xs[k - 1]) continue;   /* no place to split */
        if (kind == 3)
            anova_numeric(xs, ys, ws, k, edge, node_risk, improve + t, split + t,
                          direction + t);
        else
            gini_numeric(kind, xs, cs, ws, k, nclass, aprior, edge, left, left + nclass,
                         improve + t, split + t, direction + t);
    }
done:
    free(xs);
    free(ys);
    free(ws);
    free(cs);
    free(left);
    return status;
}

/* ------------------------------------------------------------------ categorical */
typedef struct {
    double v;
    int64_t idx;
} keyed;

static int cmp_keyed(const void *a, const void *b)
{
    const keyed *x = a, *y = b;
    if (x->v < y->v) return -1;
    if (x->v > y->v) return 1;
    return (x->idx > y->idx) - (x->idx < y->idx);   /* ties keep level order */
}

/* levels with count > 0, ordered by val ascending (ties in level order); returns how many */
static int64_t order_levels(int64_t nlev, const int64_t *countn, const double *val,
                            keyed *buf, int64_t *order)
{
    int64_t l, q = 0;
    for (l = 0; l < nlev; l++)
        if (countn[l] > 0) {
            buf[q].v = val[l];
            buf[q].idx = l;
            q++;
        }
    if (q > 1) qsort(buf, (size_t)q, sizeof *buf, cmp_keyed);
    for (l = 0; l < q; l++) order[l] = buf[l].idx;
    return q;
}

/* next level to change sides in the reflected Gray code over the levels with
 * state 1 or 2 (state 0 = absent); nlev when every subset has been visited.  The last
 * level never moves (as in rpart 4.1: a partition and its mirror image score the same,
 * so only one of each pair is visited). */
static int64_t gray_next(int8_t *state, int64_t nlev)
{
    for (int64_t i = 0; i < nlev - 1; i++) {
        if (state[i] == 1) {
            state[i] = 2;
            return i;
        } else if (state[i] == 2) {
            state[i] = 1;
        }
    }
    return nlev;
}

int rs_tree_categorical_split(int64_t kind, const double *x, const int64_t *rows,
                              int64_t m, const double *y, const double *w,
                              int64_t nclass, const double *aprior, int64_t nlev,
                              int64_t edge, double node_risk, double *improve,
                              int64_t *csplit, int64_t *count)
{
    int64_t i, j, l, r, c, k = 0, q, step, item;
    int status = 0;
    int64_t K = kind == 3 ? 1 : nclass;
    double *awt = NULL, *rate = NULL, *ccnt = NULL, *left = NULL, *right;
    int64_t *countn = NULL, *tsplit = NULL, *order = NULL;
    keyed *buf = NULL;
    int8_t *state = NULL;

    *improve = 0.0;
    *count = 0;
    if (kind < 1 || kind > 3 || m < 0 || nlev < 1 || edge < 1 || K < 1) return -2;
    for (l = 0; l < nlev; l++) csplit[l] = 0;
    awt = calloc((size_t)nlev, sizeof *awt);
    rate = calloc((size_t)nlev, sizeof *rate);
    ccnt = calloc((size_t)(K * nlev), sizeof *ccnt);
    left = calloc((size_t)(2 * K), sizeof *left);
    countn = calloc((size_t)nlev, sizeof *countn);
    tsplit = calloc((size_t)nlev, sizeof *tsplit);
    order = calloc((size_t)nlev, sizeof *order);
    buf = calloc((size_t)nlev, sizeof *buf);
    state = calloc((size_t)nlev, sizeof *state);
    if (!awt || !rate || !ccnt || !left || !countn || !tsplit || !order || !buf || !state) {
        status = -1;
        goto done;
    }
    right = left + K;

    /* validate and count the usable rows first */
    for (i = 0; i < m; i++) {
        r = rows[i];
        if (r < 0) {
            status = -2;
            goto done;
        }
        if (isnan(x[r]) || !(w[r] > 0)) continue;
        if (!(x[r] >= 0) || x[r] >= (double)nlev) {
            status = -2;
            goto done;
        }
        if (kind != 3 && (!(y[r] >= 0) || y[r] >= (double)nclass)) {
            status = -2;
            goto done;
        }
        k++;
    }
    *count = k;
    if (k == 0) goto done;

    if (kind != 3) {
        double lwt = 0.0, rwt = 0.0, total = 0.0, best, temp, p, lmean, rmean;
        int64_t ltot = 0, rtot = 0;
        for (i = 0; i < m; i++) {
            r = rows[i];
            if (isnan(x[r]) || !(w[r] > 0)) continue;
            c = (int64_t)y[r];
            l = (int64_t)x[r];
            rwt += aprior[c] * w[r];
            right[c] += w[r];
            rtot++;
            awt[l] += aprior[c] * w[r];
            countn[l]++;
            ccnt[c * nlev + l] += w[r];
        }
        for (j = 0; j < K; j++) {
            p = aprior[j] * right[j] / rwt;
            total += rwt * impurity(kind, p);
        }
        best = total;
        for (l = 0; l < nlev; l++) {
            if (awt[l] == 0) {
                tsplit[l] = 0;
            } else {
                rate[l] = ccnt[l] / awt[l];
                tsplit[l] = RS_RIGHT;
            }
            state[l] = countn[l] != 0 ? 1 : 0;
        }
        q = K == 2 ? order_levels(nlev, countn, rate, buf, order) : 0;
        for (step = 0;; step++) {
            if (K == 2) {
                if (step >= q) break;
                item = order[step];
            } else {
                item = gray_next(state, nlev);
                if (item >= nlev) break;
            }
            if (tsplit[item] == RS_LEFT) {
                tsplit[item] = RS_RIGHT;
                rwt += awt[item];
                lwt -= awt[item];
                rtot += countn[item];
                ltot -= countn[item];
                for (j = 0; j < K; j++) {
                    right[j] += ccnt[j * nlev + item];
                    left[j] -= ccnt[j * nlev + item];
                }
            } else {
                tsplit[item] = RS_LEFT;
                rwt -= awt[item];
                lwt += awt[item];
                rtot -= countn[item];
                ltot += countn[item];
                for (j = 0; j < K; j++) {
                    right[j] -= ccnt[j * nlev + item];
                    left[j] += ccnt[j * nlev + item];
                }
            }
            if (ltot >= edge && rtot >= edge) {
                temp = 0.0;
                lmean = rmean = 0.0;
                for (j = 0; j < K; j++) {
                    p = aprior[j] * left[j] / lwt;
                    temp += lwt * impurity(kind, p);
                    lmean += p * (double)j;
                    p = aprior[j] * right[j] / rwt;
                    temp += rwt * impurity(kind, p);
                    rmean += p * (double)j;
                }
                if (temp < best) {
                    best = temp;
                    for (l = 0; l < nlev; l++)
                        csplit[l] = lmean < rmean ? tsplit[l] : -tsplit[l];
                }
            }
        }
        *improve = total - best;
    } else {
        double right_wt = 0.0, right_sum = 0.0, left_wt = 0.0, left_sum = 0.0;
        double grandmean, best = 0.0, temp;
        double *sums = ccnt, *mean = rate, *wts = awt;
        int64_t right_n = k, left_n = 0;
        for (i = 0; i < m; i++) {
            r = rows[i];
            if (isnan(x[r]) || !(w[r] > 0)) continue;
            right_sum += y[r] * w[r];
            right_wt += w[r];
        }
        grandmean = right_sum / right_wt;
        for (i = 0; i < m; i++) {
            r = rows[i];
            if (isnan(x[r]) || !(w[r] > 0)) continue;
            l = (int64_t)x[r];
            countn[l]++;
            wts[l] += w[r];
            sums[l] += (y[r] - grandmean) * w[r];
        }
        for (l = 0; l < nlev; l++) {
            if (countn[l] > 0) {
                tsplit[l] = RS_RIGHT;
                mean[l] = sums[l] / wts[l];
            } else {
                tsplit[l] = 0;
            }
        }
        q = order_levels(nlev, countn, mean, buf, order);
        right_sum = 0.0;
        for (step = 0; step < q; step++) {
            item = order[step];
            tsplit[item] = RS_LEFT;
            left_n += countn[item];
            right_n -= countn[item];
            left_wt += wts[item];
            right_wt -= wts[item];
            left_sum += sums[item];
            right_sum -= sums[item];
            if (left_n >= edge && right_n >= edge) {
                temp = left_sum * left_sum / left_wt + right_sum * right_sum / right_wt;
                if (temp > best) {
                    best = temp;
                    for (l = 0; l < nlev; l++)
                        csplit[l] = (left_sum / left_wt) > (right_sum / right_wt)
                                        ? -tsplit[l] : tsplit[l];
                }
            }
        }
        *improve = best > 0 ? best / node_risk : 0.0;
    }
    if (!(*improve > 0))
        for (l = 0; l < nlev; l++) csplit[l] = 0;
done:
    free(awt);
    free(rate);
    free(ccnt);
    free(left);
    free(countn);
    free(tsplit);
    free(order);
    free(buf);
    free(state);
    return status;
}

/* ------------------------------------------------------------------ partition */
int rs_tree_partition(int64_t *sorts, int64_t n, int64_t p, int64_t n1, int64_t n2,
                      const int8_t *goes, int64_t *tmp, int64_t *nleft, int64_t *nright)
{
    int64_t f, i, r, nl = 0, nr = 0, il, ir, is;
    if (n1 < 0 || n2 > n || n1 > n2 || p < 0) return -2;
    for (i = n1; i < n2; i++) {
        r = sorts[i];
        if (r < 0 || r >= n) return -2;
        if (goes[r] < 0) nl++;
        else if (goes[r] > 0) nr++;
    }
    for (f = 0; f < p; f++) {
        int64_t *s = sorts + f * n;
        il = n1;
        ir = 0;
        is = nr;
        for (i = n1; i < n2; i++) {
            r = s[i];
            if (r < 0 || r >= n) return -2;
            if (goes[r] < 0) {
                if (il - n1 >= nl) return -2;     /* rows differ between features */
                s[il++] = r;
            } else if (goes[r] > 0) {
                if (ir >= nr) return -2;
                tmp[ir++] = r;
            } else {
                if (is >= n2 - n1 - nl) return -2;
                tmp[is++] = r;
            }
        }
        if (il - n1 != nl || ir != nr) return -2;
        if (n2 - il > 0) memcpy(s + il, tmp, (size_t)(n2 - il) * sizeof *s);
    }
    *nleft = nl;
    *nright = nr;
    return 0;
}

/* ------------------------------------------------------------------ rpart's sort order */
static void swap_pair(double *x, int64_t *idx, int64_t a, int64_t b)
{
    double t = x[a];
    int64_t u = idx[a];
    x[a] = x[b];
    x[b] = t;
    idx[a] = idx[b];
    idx[b] = u;
}

static void rpart_sort_range(double *x, int64_t *idx, int64_t lo, int64_t hi)
{
    while (lo < hi) {
        if (hi - lo < 11) {                      /* short run: insertion sort */
            for (int64_t a = lo + 1; a <= hi; a++) {
                double v = x[a];
                int64_t u = idx[a];
                int64_t b = a - 1;
                for (; b >= lo && x[b] > v; b--) {
                    x[b + 1] = x[b];
                    idx[b + 1] = idx[b];
                }
                x[b + 1] = v;
                idx[b + 1] = u;
            }
            return;
        }
        int64_t i = lo, j = hi, mid = (lo + hi) / 2;
        double pivot = x[mid];                   /* median of x[lo], x[mid], x[hi] */
        if (x[i] >= x[mid]) {
            if (x[j] > x[mid]) pivot = x[i] > x[j] ? x[j] : x[i];
        } else if (x[j] < x[mid]) {
            pivot = x[i] > x[j] ? x[i] : x[j];
        }
        while (i < j) {
            while (x[i] < pivot) i++;
            while (x[j] > pivot) j--;
            if (i < j) {
                if (x[i] > x[j]) swap_pair(x, idx, i, j);
                i++;
                j--;
            }
        }
        while (x[i] >= pivot && i > lo) i--;
        while (x[j] <= pivot && j < hi) j++;
        if (i - lo < hi - j) {                   /* recurse on the shorter part */
            if (i - lo > 0) rpart_sort_range(x, idx, lo, i);
            lo = j;
        } else {
            if (hi - j > 0) rpart_sort_range(x, idx, j, hi);
            hi = i;
        }
    }
}

void rs_tree_rpart_sort(double *x, int64_t *idx, int64_t n)
{
    if (n > 1) rpart_sort_range(x, idx, 0, n - 1);
}

/* ------------------------------------------------------------------ one node */
int rs_tree_node_splits(int64_t kind, const double *xt, const int64_t *sorts,
                        int64_t n, int64_t p, int64_t n1, int64_t n2,
                        const int64_t *nlev, int64_t qmax,
                        const double *y, const double *w, int64_t nclass,
                        const double *aprior, int64_t edge, double node_risk,
                        double *improve, double *split, int64_t *direction,
                        int64_t *count, int64_t *csplit)
{
    int64_t f, i, t, nf = 0;
    int status = 0;
    int64_t *features = NULL, *dtmp = NULL, *ctmp = NULL;
    double *itmp = NULL, *stmp = NULL;

    if (n < 0 || p < 0 || n1 < 0 || n2 > n || n1 > n2 || qmax < 0) return -2;
    for (f = 0; f < p; f++) {
        if (nlev[f] < 0 || nlev[f] > qmax) return -2;
        improve[f] = 0.0;
        split[f] = NAN;
        direction[f] = 0;
        count[f] = 0;
    }
    for (f = 0; f < p * qmax; f++) csplit[f] = 0;
    if (p == 0) return 0;
    features = malloc((size_t)p * sizeof *features);
    if (!features) return -1;
    for (f = 0; f < p; f++)
        if (nlev[f] == 0) features[nf++] = f;
    if (nf > 0) {
        itmp = malloc((size_t)nf * sizeof *itmp);
        stmp = malloc((size_t)nf * sizeof *stmp);
        dtmp = malloc((size_t)nf * sizeof *dtmp);
        ctmp = malloc((size_t)nf * sizeof *ctmp);
        if (!itmp || !stmp || !dtmp || !ctmp) {
            status = -1;
            goto done;
        }
        status = rs_tree_numeric_splits(kind, xt, sorts, n, n1, n2, features, nf, y, w,
                                        nclass, aprior, edge, node_risk, itmp, stmp, dtmp,
                                        ctmp);
        if (status) goto done;
        for (t = 0; t < nf; t++) {
            f = features[t];
            improve[f] = itmp[t];
            split[f] = stmp[t];
            direction[f] = dtmp[t];
            count[f] = ctmp[t];
        }
    }
    for (f = 0; f < p; f++) {
        if (nlev[f] == 0) continue;
        const int64_t *rows = sorts + f * n + n1;
        for (i = 0; i < n2 - n1; i++)
            if (rows[i] < 0 || rows[i] >= n) {
                status = -2;
                goto done;
            }
        status = rs_tree_categorical_split(kind, xt + f * n, rows, n2 - n1, y, w, nclass,
                                           aprior, nlev[f], edge, node_risk, improve + f,
                                           csplit + f * qmax, count + f);
        if (status) goto done;
    }
done:
    free(features);
    free(itmp);
    free(stmp);
    free(dtmp);
    free(ctmp);
    return status;
}

/* ------------------------------------------------------------------ radix order */
#define RS_RADIX_BITS 11
#define RS_RADIX_SIZE (1 << RS_RADIX_BITS)

int rs_tree_radix_order(const double *x, int64_t n, int64_t *idx)
{
    int64_t i, d, shift;
    uint64_t *ka, *kb, *kt, u;
    int64_t *ia, *ib, *it, *cnt;
    const uint64_t negzero = 0x7FFFFFFFFFFFFFFFULL, poszero = 0x8000000000000000ULL;
    int ties = 0;

    if (n < 0) return -2;
    if (n == 0) return 1;
    ka = malloc((size_t)n * sizeof *ka);
    kb = malloc((size_t)n * sizeof *kb);
    ib = malloc((size_t)n * sizeof *ib);
    cnt = malloc((size_t)RS_RADIX_SIZE * sizeof *cnt);
    if (!ka || !kb || !ib || !cnt) {
        free(ka);
        free(kb);
        free(ib);
        free(cnt);
        return -1;
    }
    for (i = 0; i < n; i++) {
        if (isnan(x[i])) ties = 1;               /* not handled: the caller falls back */
        memcpy(&u, x + i, sizeof u);
        ka[i] = (u >> 63) ? ~u : (u | poszero);  /* order-preserving unsigned key */
        idx[i] = i;
    }
    ia = idx;
    for (shift = 0; shift < 64 && !ties; shift += RS_RADIX_BITS) {
        int64_t sum = 0, c;
        memset(cnt, 0, (size_t)RS_RADIX_SIZE * sizeof *cnt);
        for (i = 0; i < n; i++) cnt[(ka[i] >> shift) & (RS_RADIX_SIZE - 1)]++;
        if (cnt[(ka[0] >> shift) & (RS_RADIX_SIZE - 1)] == n) continue;   /* one digit */
        for (d = 0; d < RS_RADIX_SIZE; d++) {
            c = cnt[d];
            cnt[d] = sum;
            sum += c;
        }
        for (i = 0; i < n; i++) {                /* stable scatter */
            int64_t pos = cnt[(ka[i] >> shift) & (RS_RADIX_SIZE - 1)]++;
            kb[pos] = ka[i];
            ib[pos] = ia[i];
        }
        kt = ka; ka = kb; kb = kt;
        it = ia; ia = ib; ib = it;
    }
    if (ia != idx) {                             /* result sits in the scratch list */
        memcpy(idx, ia, (size_t)n * sizeof *idx);
        ib = ia;                                 /* free the scratch, not idx */
    }
    for (i = 1; i < n && !ties; i++)             /* equal values: keys equal, or -0 / +0 */
        if (ka[i] == ka[i - 1] || (ka[i - 1] == negzero && ka[i] == poszero)) ties = 1;
    free(ka);
    free(kb);
    free(ib);
    free(cnt);
    return ties ? 0 : 1;
}

/* ------------------------------------------------------------------ restore a segment */
int rs_tree_restore_segment(int64_t *sorts, const int64_t *pristine, int64_t n, int64_t p,
                            int64_t n1, int64_t n2)
{
    int64_t f, i, k, r;
    int status = 0;
    uint8_t *member;

    if (n < 0 || p < 1 || n1 < 0 || n2 > n || n1 > n2) return -2;
    if (n1 == n2) return 0;
    member = calloc((size_t)n, 1);
    if (!member) return -1;
    for (i = n1; i < n2; i++) {                  /* the node's rows, from feature 0 */
        r = sorts[i];
        if (r < 0 || r >= n || member[r]) {
            status = -2;
            goto done;
        }
        member[r] = 1;
    }
    for (f = 0; f < p; f++) {
        const int64_t *src = pristine + f * n;
        int64_t *dst = sorts + f * n;
        k = n1;
        for (i = 0; i < n; i++) {
            r = src[i];
            if (r < 0 || r >= n) {
                status = -2;
                goto done;
            }
            if (member[r]) {
                if (k >= n2) {
                    status = -2;
                    goto done;
                }
                dst[k++] = r;
            }
        }
        if (k != n2) {
            status = -2;
            goto done;
        }
    }
done:
    free(member);
    return status;
}
