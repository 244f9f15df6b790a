/* rocstats tree kernels; see rocstats_tree.h for the conventions.
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

/* ------------------------------------------------------------------ the AUC statistic */
/* randomForestSRC's AUC split statistic (seed 000), the one place it is computed: with
 * left[c] the weight of class c sent left and tot[c] its weight in the node, right_c =
 * tot_c - left_c and alpha_c = right_c / (left_c + right_c),
 *     delta = mean over pairs c1 < c2 of max(1 - alpha_c1 + alpha_c2, 1 - alpha_c2 + alpha_c1)
 *           = mean over pairs of 1 + |alpha_c1 - alpha_c2|  = 2 theta (theta = the split's AUC).
 * present_only = 0 (randomForestSRC's policy): every pair of the k classes, so a class
 * absent from the node (0 / 0) makes delta NaN, evaluated in randomForestSRC's form
 * (max of the two sums, alpha over left + right); present_only = 1 (the CART criterion):
 * the pairs of classes with weight (NaN with fewer than two), evaluated as
 * 1 + |alpha_c1 - alpha_c2| with alpha_c = right_c / tot_c.  The two forms are equal in
 * exact arithmetic; each keeps the rounding its trees have always had. */
static double auc_delta(const double *left, const double *tot, int64_t k, int present_only)
{
    double s = 0.0;
    int64_t npairs = 0;
    for (int64_t k1 = 0; k1 + 1 < k; k1++) {
        if (present_only && !(tot[k1] > 0.0)) continue;
        double r1 = tot[k1] - left[k1];
        double a1 = present_only ? r1 / tot[k1] : r1 / (left[k1] + r1);
        for (int64_t k2 = k1 + 1; k2 < k; k2++) {
            if (present_only && !(tot[k2] > 0.0)) continue;
            double r2 = tot[k2] - left[k2];
            if (present_only) {
                s += 1.0 + fabs(a1 - r2 / tot[k2]);
            } else {
                double a2 = r2 / (left[k2] + r2);
                double u = 1.0 - a1 + a2, v = 1.0 - a2 + a1;
                s += u > v ? u : v;
            }
            npairs++;
        }
    }
    return npairs ? s / (double)npairs : NAN;
}

/* Class totals of one column into tot[0..k-1]; returns the number of classes with weight. */
static int64_t class_totals(const int64_t *cs, const double *ws, int64_t m, int64_t k,
                            double *tot)
{
    int64_t present = 0;
    for (int64_t c = 0; c < k; c++) tot[c] = 0.0;
    for (int64_t i = 0; i < m; i++) tot[cs[i]] += ws[i];
    for (int64_t c = 0; c < k; c++) present += tot[c] > 0.0;
    return present;
}

/* rpart's policy with the AUC criterion (CART criterion = "auc"): cuts between distinct
 * adjacent values leaving >= edge rows on each side, improve = theta - 1/2 over the
 * classes present, the first largest kept (it must be > 0), the lower part left. */
static void auc_numeric(const double *xs, const int64_t *cs, const double *ws, int64_t k,
                        int64_t nclass, int64_t edge, double *left, double *tot,
                        double *improve, double *split, int64_t *direction)
{
    double best = 0.0;
    int64_t i, where = -1, rtot = k, ltot = 0;

    *improve = 0.0;
    *direction = 0;
    *split = NAN;
    if (class_totals(cs, ws, k, nclass, tot) < 2) return;
    for (i = 0; i < nclass; i++) left[i] = 0.0;
    for (i = 0; rtot > edge; i++) {
        left[cs[i]] += ws[i];
        rtot--;
        ltot++;
        if (ltot >= edge && xs[i + 1] != xs[i]) {
            double imp = auc_delta(left, tot, nclass, 1) / 2.0 - 0.5;
            if (imp > best) {
                best = imp;
                where = i;
            }
        }
    }
    if (where >= 0) {
        *improve = best;
        *direction = RS_LEFT;
        *split = (xs[where] + xs[where + 1]) / 2;
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

    if (kind < 1 || kind > 4 || n1 < 0 || n2 > n || m < 0 || edge < 1 || nf < 0 ||
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
        else if (kind == 4)
            auc_numeric(xs, cs, ws, k, nclass, edge, left, left + nclass, improve + t,
                        split + t, direction + t);
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
    if (kind < 1 || kind > 4 || m < 0 || nlev < 1 || edge < 1 || K < 1) return -2;
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

    if (kind == 4) {
        /* AUC (CART criterion "auc"): the levels present ordered by their weighted mean
         * class code (ties in level order), cuts between consecutive levels of that order
         * leaving >= edge rows on each side, the lower levels left */
        double *sumw = awt, *key = rate, *tot = right, best = 0.0, imp;
        int64_t ltot = 0, rtot = k, bestq = -1, present = 0;
        for (i = 0; i < m; i++) {
            r = rows[i];
            if (isnan(x[r]) || !(w[r] > 0)) continue;
            l = (int64_t)x[r];
            countn[l]++;
            key[l] += y[r] * w[r];
            sumw[l] += w[r];
        }
        for (l = 0; l < nlev; l++)
            if (countn[l] > 0) key[l] /= sumw[l];
        q = order_levels(nlev, countn, key, buf, order);
        /* class weights summed row by row in the order of the sweep (levels in their
         * order, rows in list order within a level), as every numeric sweep sums them */
        for (j = 0; j < K; j++) tot[j] = 0.0;
        for (step = 0; step < q; step++)
            for (i = 0; i < m; i++) {
                r = rows[i];
                if (isnan(x[r]) || !(w[r] > 0) || (int64_t)x[r] != order[step]) continue;
                tot[(int64_t)y[r]] += w[r];
            }
        for (j = 0; j < K; j++) present += tot[j] > 0.0;
        if (present >= 2) {
            for (step = 0; step + 1 < q; step++) {
                item = order[step];
                for (i = 0; i < m; i++) {
                    r = rows[i];
                    if (isnan(x[r]) || !(w[r] > 0) || (int64_t)x[r] != item) continue;
                    left[(int64_t)y[r]] += w[r];
                }
                ltot += countn[item];
                rtot -= countn[item];
                if (ltot >= edge && rtot >= edge) {
                    imp = auc_delta(left, tot, K, 1) / 2.0 - 0.5;
                    if (imp > best) {
                        best = imp;
                        bestq = step;
                    }
                }
            }
        }
        for (step = 0; bestq >= 0 && step < q; step++)
            csplit[order[step]] = step <= bestq ? RS_LEFT : RS_RIGHT;
        *improve = best;
    } else if (kind != 3) {
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
/* The stable range partition, the one copy used by the CART builder (through
 * rs_tree_partition) and by the whole-tree driver: the row ids s[0..m-1] are reordered
 * into those with goes[r] < 0 (left), then > 0 (right), then == 0 (staying), each group
 * in its previous order; nr = the number going right.  tmp holds m ids.  Branch-free for
 * the left / other decision. */
static void partition_list(int64_t *s, int64_t m, const int8_t *goes, int64_t nr,
                           int64_t *tmp)
{
    int64_t a = 0, b = 0, i;
    for (i = 0; i < m; i++) {
        int64_t r = s[i];
        int64_t g = goes[r] < 0;
        s[a] = r;
        tmp[b] = r;
        a += g;
        b += 1 - g;
    }
    if (b == nr) {
        memcpy(s + a, tmp, (size_t)b * sizeof *s);
        return;
    }
    for (i = 0; i < b; i++)
        if (goes[tmp[i]] > 0) s[a++] = tmp[i];
    for (i = 0; i < b; i++)
        if (goes[tmp[i]] == 0) s[a++] = tmp[i];
}

int rs_tree_partition(int64_t *sorts, int64_t n, int64_t p, int64_t n1, int64_t n2,
                      const int8_t *goes, int64_t *tmp, int64_t *nleft, int64_t *nright)
{
    int64_t f, i, r, nl = 0, nr = 0;
    if (n1 < 0 || n2 > n || n1 > n2 || p < 0) return -2;
    for (i = n1; i < n2; i++) {
        r = sorts[i];
        if (r < 0 || r >= n) return -2;
        if (goes[r] < 0) nl++;
        else if (goes[r] > 0) nr++;
    }
    for (f = 0; f < p; f++) {
        int64_t *s = sorts + f * n;
        int64_t cl = 0, cr = 0;
        for (i = n1; i < n2; i++) {            /* every list must hold the same rows */
            r = s[i];
            if (r < 0 || r >= n) return -2;
            cl += goes[r] < 0;
            cr += goes[r] > 0;
        }
        if (cl != nl || cr != nr) return -2;
        partition_list(s + n1, n2 - n1, goes, nr, tmp);
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

/* ------------------------------------------------------------------ randomForestSRC's policy */
/* Every cut of one ascending column x[0..m-1] (classes cs, weights ws > 0) with its AUC
 * delta (present_only = 0: randomForestSRC's scoring):
 *   ncuts < 0: at every distinct value but the largest;
 *   else: at the given ascending cut values cuts[0..ncuts-1] (a cut leaving a side empty
 *   is not admissible: delta NaN).
 * x <= cut goes left.  work: 2 k doubles.  Outputs (capacity m - 1, or ncuts): cut value,
 * delta, left weight, left row count.  Returns the number of cuts written. */
int64_t rs_tree_auc_sweep(const double *x, const int64_t *cs, const double *ws, int64_t m,
                          int64_t k, const double *cuts, int64_t ncuts, double *work,
                          double *cut_out, double *delta_out, double *wleft_out,
                          int64_t *nleft_out)
{
    double *tot = work, *left = work + k, wl = 0.0;
    int absent = class_totals(cs, ws, m, k, tot) < k;
    int64_t out = 0, i = 0, c;
    for (c = 0; c < k; c++) left[c] = 0.0;
    if (ncuts < 0) {
        for (i = 0; i + 1 < m; i++) {
            left[cs[i]] += ws[i];
            wl += ws[i];
            if (x[i] < x[i + 1]) {
                cut_out[out] = x[i];
                delta_out[out] = absent ? NAN : auc_delta(left, tot, k, 0);
                wleft_out[out] = wl;
                nleft_out[out] = i + 1;
                out++;
            }
        }
        return out;
    }
    for (int64_t j = 0; j < ncuts; j++) {
        while (i < m && x[i] <= cuts[j]) {
            left[cs[i]] += ws[i];
            wl += ws[i];
            i++;
        }
        cut_out[out] = cuts[j];
        wleft_out[out] = wl;
        nleft_out[out] = i;
        delta_out[out] = (i == 0 || i == m || absent) ? NAN : auc_delta(left, tot, k, 0);
        out++;
    }
    return out;
}

/* The cut randomForestSRC keeps in one ascending column x[0..m-1] with the AUC rule: the
 * first admissible cut, replaced by a later one only when its delta exceeds the kept delta
 * by more than eps (NaN never replaces nor is replaced).  nc < 0: every distinct value but
 * the largest; else the ascending values cv[0..nc-1].  work: 2 k doubles.  *best_index =
 * -1 when the column has no admissible cut. */
static void rfsrc_column(const double *x, const int64_t *cs, const double *ws, int64_t m,
                         int64_t k, const double *cv, int64_t nc, double eps, double *work,
                         int64_t *best_index, double *best_cut, double *best_delta)
{
    double *tot = work, *left = work + k;
    int absent = class_totals(cs, ws, m, k, tot) < k;
    int64_t best = -1, idx = 0, i = 0;
    double bd = NAN, bc = NAN;
    for (int64_t q = 0; q < k; q++) left[q] = 0.0;
    if (nc < 0) {
        for (i = 0; i + 1 < m; i++) {
            left[cs[i]] += ws[i];
            if (x[i] < x[i + 1]) {
                double d = absent ? NAN : auc_delta(left, tot, k, 0);
                if (best < 0 || (!isnan(d) && !isnan(bd) && d - bd > eps)) {
                    best = idx;
                    bd = d;
                    bc = x[i];
                }
                idx++;
            }
        }
    } else {
        for (int64_t j = 0; j < nc; j++) {
            while (i < m && x[i] <= cv[j]) {
                left[cs[i]] += ws[i];
                i++;
            }
            if (i > 0 && i < m) {
                double d = absent ? NAN : auc_delta(left, tot, k, 0);
                if (best < 0 || (!isnan(d) && !isnan(bd) && d - bd > eps)) {
                    best = j;
                    bd = d;
                    bc = cv[j];
                }
            }
        }
    }
    *best_index = best;
    *best_cut = bc;
    *best_delta = bd;
}

int rs_tree_rfsrc_best(const double *xs, const int64_t *cs, const double *ws, int64_t m,
                       int64_t ncol, int64_t k, const double *cuts, const int64_t *ncuts,
                       int64_t maxcuts, double eps, double *work, int64_t *best_index,
                       double *best_cut, double *best_delta)
{
    for (int64_t c = 0; c < ncol; c++) {
        int64_t nc = ncuts == NULL ? -1 : ncuts[c];
        rfsrc_column(xs + c * m, cs + c * m, ws + c * m, m, k,
                     nc < 0 ? NULL : cuts + c * maxcuts, nc, eps, work, best_index + c,
                     best_cut + c, best_delta + c);
    }
    return 0;
}

/* ------------------------------------------------------------------ random numbers
 * splitmix64 (Steele, Lea & Flood 2014, "Fast splittable pseudorandom number
 * generators"; the constants of Vigna's public-domain reference): state += golden gamma,
 * output a mix of the state.  Period 2^64, one 64-bit state.  sm64_below(r) draws
 * uniformly from 0..r-1 by rejection: reject outputs below 2^64 mod r, then take the
 * remainder (one output consumed per attempt, also for r = 1).  The NumPy twin
 * (rocstats._kernels.numpy.tree.SplitMix64) reproduces both bit for bit. */
static uint64_t sm64_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static uint64_t sm64_below(uint64_t *s, uint64_t r)
{
    uint64_t threshold = (0 - r) % r;
    for (;;) {
        uint64_t x = sm64_next(s);
        if (x >= threshold) return x % r;
    }
}

int rs_tree_splitmix64_fill(uint64_t seed, int64_t count, uint64_t r, uint64_t *raw,
                            uint64_t *below)
{
    uint64_t s = seed;
    for (int64_t i = 0; i < count; i++) raw[i] = sm64_next(&s);
    s = seed;
    for (int64_t i = 0; i < count; i++) below[i] = sm64_below(&s, r);
    return 0;
}

/* ------------------------------------------------------------------ the whole-tree driver */
static int cmp_i64_asc(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

static int cmp_i64_desc(const void *a, const void *b)
{
    return cmp_i64_asc(b, a);
}

typedef struct {
    int64_t lo, hi, parent, is_left, depth;
} grow_entry;

/* Nodes of at most `small` rows sort their rows per visited variable (insertion sort,
 * about mtry cnt^2 / 4 steps) instead of keeping a presorted range of every variable
 * (partitions of about (p + 1) cnt steps): small = min(SMALL_NODE, 4 (p + 1) / mtry). */
#define SMALL_NODE 32

int64_t rs_tree_grow_rfsrc(int64_t kind, const double *xt, const int64_t *order,
                           const int64_t *y, const double *w, int64_t n, int64_t p,
                           int64_t k, double min_split, int64_t max_depth, int64_t mtry,
                           int64_t nsplit, int64_t var_order, uint64_t seed, double eps,
                           int64_t capacity, int64_t *left, int64_t *right, int64_t *parent,
                           int64_t *depth, int64_t *node_id, int64_t *feature,
                           double *threshold, double *delta, int64_t *count,
                           double *weight, double *value)
{
    if (kind != 4 || n < 1 || p < 1 || k < 2 || mtry < 1 || mtry > p || nsplit < 0 ||
        capacity < 1 || var_order < 0 || var_order > 2)
        return -3;
    int64_t m = 0;
    for (int64_t i = 0; i < n; i++) if (w[i] > 0.0) m++;
    if (m == 0) return -3;

    int64_t result = -1;
    int64_t *S = malloc(sizeof(int64_t) * (size_t)((p + 1) * m + 1));
    int64_t *tmp = malloc(sizeof(int64_t) * (size_t)m);
    double *xs = malloc(sizeof(double) * (size_t)m);
    int64_t *ys = malloc(sizeof(int64_t) * (size_t)m);
    double *ws = malloc(sizeof(double) * (size_t)m);
    double *distinct = malloc(sizeof(double) * (size_t)m);
    int64_t *pick = malloc(sizeof(int64_t) * (size_t)m);
    double *cuts = malloc(sizeof(double) * (size_t)(nsplit > 0 ? nsplit : 1));
    int64_t *cand = malloc(sizeof(int64_t) * (size_t)p);
    int8_t *goes = calloc((size_t)n, 1);
    unsigned char *cflags = malloc((size_t)p);
    double *work = malloc(sizeof(double) * (size_t)(2 * k));
    int64_t stack_cap = 64;
    grow_entry *stack = malloc(sizeof(grow_entry) * (size_t)stack_cap);
    unsigned char *pool = malloc((size_t)(stack_cap * p));
    if (!S || !tmp || !xs || !ys || !ws || !distinct || !pick || !cuts || !cand || !goes ||
        !cflags || !work || !stack || !pool)
        goto done;

    /* the rows of positive weight sorted by each feature, then by row index (branch-free
     * filter: every row is written at the next free slot, which advances only for rows
     * of positive weight; the slot after the last row is the spare entry of S) */
    for (int64_t i = 0; i < n; i++) goes[i] = w[i] > 0.0;
    for (int64_t f = 0; f < p; f++) {
        int64_t got = 0;
        const int64_t *o = order + f * n;
        int64_t *sf = S + f * m;
        for (int64_t i = 0; i < n; i++) {
            int64_t r = o[i];
            if (r < 0 || r >= n || got > m) { result = -3; goto done; }
            sf[got] = r;
            got += goes[r];
        }
        if (got != m) { result = -3; goto done; }
    }
    {
        int64_t got = 0;
        for (int64_t i = 0; i < n; i++) if (goes[i]) S[p * m + got++] = i;
    }

    uint64_t state = seed;
    int64_t nnodes = 0, sp = 0;
    int64_t small = 4 * (p + 1) / mtry;
    if (small > SMALL_NODE) small = SMALL_NODE;
    stack[0].lo = 0; stack[0].hi = m; stack[0].parent = -1; stack[0].is_left = 1;
    stack[0].depth = 0;
    memset(pool, 0, (size_t)p);
    sp = 1;
    while (sp > 0) {
        sp--;
        grow_entry e = stack[sp];
        memcpy(cflags, pool + sp * p, (size_t)p);
        if (nnodes >= capacity) { result = -2; goto done; }
        int64_t idx = nnodes++;
        int64_t lo = e.lo, hi = e.hi, cnt = hi - lo;
        const int64_t *rows = S + p * m + lo;
        double *val = value + idx * k;
        for (int64_t c = 0; c < k; c++) val[c] = 0.0;
        for (int64_t i = 0; i < cnt; i++) val[y[rows[i]]] += w[rows[i]];
        double wsum = 0.0;
        int64_t present = 0;
        for (int64_t c = 0; c < k; c++) {
            wsum += val[c];
            if (val[c] > 0.0) present++;
        }
        left[idx] = right[idx] = -1;
        parent[idx] = e.parent;
        depth[idx] = e.depth;
        if (e.parent < 0) node_id[idx] = 1;
        else {
            if (e.is_left) left[e.parent] = idx; else right[e.parent] = idx;
            node_id[idx] = (e.depth > 62 || node_id[e.parent] < 0) ? -1
                           : 2 * node_id[e.parent] + (e.is_left ? 0 : 1);
        }
        feature[idx] = -1;
        threshold[idx] = NAN;
        delta[idx] = NAN;
        count[idx] = cnt;
        weight[idx] = wsum;
        /* randomForestSRC's stopping */
        if (!(wsum >= min_split) || (max_depth >= 0 && e.depth >= max_depth) || present < 2)
            continue;
        int64_t ncand = 0;
        for (int64_t f = 0; f < p; f++) if (!cflags[f]) cand[ncand++] = f;
        if (ncand == 0) continue;
        int64_t nvisit = mtry < ncand ? mtry : ncand;
        for (int64_t i = 0; i < nvisit; i++) {
            int64_t j = i + (int64_t)sm64_below(&state, (uint64_t)(ncand - i));
            int64_t t = cand[i]; cand[i] = cand[j]; cand[j] = t;
        }
        if (var_order == 1) qsort(cand, (size_t)nvisit, sizeof(int64_t), cmp_i64_asc);
        else if (var_order == 2) qsort(cand, (size_t)nvisit, sizeof(int64_t), cmp_i64_desc);

        int64_t bf = -1;
        double bcut = NAN, bdel = NAN;
        for (int64_t v = 0; v < nvisit; v++) {
            int64_t f = cand[v];
            const double *xf = xt + f * n;
            if (cnt <= small) {
                /* small node: sort its rows (increasing row index) by x with a stable
                 * insertion sort, which gives the presorted order (x, then row) */
                int64_t ord[SMALL_NODE];
                for (int64_t i = 0; i < cnt; i++) {
                    int64_t r = rows[i];
                    double xv = xf[r];
                    int64_t j = i;
                    while (j > 0 && xs[j - 1] > xv) {
                        xs[j] = xs[j - 1];
                        ord[j] = ord[j - 1];
                        j--;
                    }
                    xs[j] = xv;
                    ord[j] = r;
                }
                for (int64_t i = 0; i < cnt; i++) {
                    ys[i] = y[ord[i]];
                    ws[i] = w[ord[i]];
                }
            } else {
                const int64_t *sf = S + f * m + lo;
                for (int64_t i = 0; i < cnt; i++) {
                    int64_t r = sf[i];
                    xs[i] = xf[r];
                    ys[i] = y[r];
                    ws[i] = w[r];
                }
            }
            if (xs[0] == xs[cnt - 1]) cflags[f] = 1;
            int64_t nc = -1;
            if (nsplit > 0) {
                int64_t nd = 0;
                for (int64_t i = 0; i < cnt; i++)
                    if (i == 0 || xs[i] > xs[i - 1]) distinct[nd++] = xs[i];
                if (nd > nsplit + 1) {
                    int64_t pool_n = nd - 1;
                    for (int64_t i = 0; i < pool_n; i++) pick[i] = i;
                    for (int64_t i = 0; i < nsplit; i++) {
                        int64_t j = i + (int64_t)sm64_below(&state, (uint64_t)(pool_n - i));
                        int64_t t = pick[i]; pick[i] = pick[j]; pick[j] = t;
                    }
                    qsort(pick, (size_t)nsplit, sizeof(int64_t), cmp_i64_asc);
                    for (int64_t i = 0; i < nsplit; i++) cuts[i] = distinct[pick[i]];
                    nc = nsplit;
                }
            }
            int64_t bi;
            double bc, bd;
            rfsrc_column(xs, ys, ws, cnt, k, nc < 0 ? NULL : cuts, nc, eps, work, &bi, &bc,
                         &bd);
            if (bi < 0) continue;
            if (bf < 0 || (!isnan(bd) && !isnan(bdel) && bd - bdel > eps)) {
                bf = f;
                bcut = bc;
                bdel = bd;
            }
        }
        if (bf < 0) continue;
        feature[idx] = bf;
        threshold[idx] = bcut;
        delta[idx] = bdel;

        /* the stable partition of every list still needed below: the row-index list, and
         * the sorted lists of the variables not found constant unless both daughters are
         * small (small nodes sort their rows themselves) */
        const double *xb = xt + bf * n;
        int64_t nleft = 0;
        for (int64_t i = 0; i < cnt; i++) {
            int64_t r = rows[i];
            int8_t g = xb[r] <= bcut ? -1 : 1;
            goes[r] = g;
            nleft += g < 0;
        }
        if (nleft <= 0 || nleft >= cnt) { result = -3; goto done; }  /* cannot happen */
        int both_small = nleft <= small && cnt - nleft <= small;
        for (int64_t f = 0; f <= p; f++) {
            if (f < p && (cflags[f] || both_small)) continue;
            partition_list(S + f * m + lo, cnt, goes, cnt - nleft, tmp);
        }
        if (sp + 2 > stack_cap) {
            int64_t nc2 = 2 * stack_cap;
            grow_entry *ns = realloc(stack, sizeof(grow_entry) * (size_t)nc2);
            if (!ns) goto done;
            stack = ns;
            unsigned char *np_ = realloc(pool, (size_t)(nc2 * p));
            if (!np_) goto done;
            pool = np_;
            stack_cap = nc2;
        }
        grow_entry er = {lo + nleft, hi, idx, 0, e.depth + 1};
        grow_entry el = {lo, lo + nleft, idx, 1, e.depth + 1};
        stack[sp] = er;
        memcpy(pool + sp * p, cflags, (size_t)p);
        sp++;
        stack[sp] = el;
        memcpy(pool + sp * p, cflags, (size_t)p);
        sp++;
    }
    result = nnodes;
done:
    free(S); free(tmp); free(xs); free(ys); free(ws); free(distinct); free(pick);
    free(cuts); free(cand); free(goes); free(cflags); free(work); free(stack); free(pool);
    return result;
}

/* ------------------------------------------------------------------ routing */
int rs_tree_apply(const double *x, int64_t row_stride, int64_t col_stride,
                  const int64_t *rows, int64_t nrows, const int64_t *left,
                  const int64_t *right, const int64_t *feature, const double *threshold,
                  const int8_t *kind, int64_t nnodes, int64_t p, int64_t *out)
{
    for (int64_t t = 0; t < nnodes; t++) {
        if (left[t] < 0) continue;
        if (left[t] <= t || left[t] >= nnodes || right[t] <= t || right[t] >= nnodes ||
            feature[t] < 0 || feature[t] >= p || (kind[t] != 2 && kind[t] != -1 &&
                                                  kind[t] != 1))
            return -3;
    }
    for (int64_t i = 0; i < nrows; i++) {
        const double *xr = x + rows[i] * row_stride;
        int64_t t = 0;
        while (left[t] >= 0) {
            double v = xr[feature[t] * col_stride], c = threshold[t];
            int go_left = kind[t] == 2 ? v <= c : (kind[t] < 0 ? v < c : v >= c);
            t = go_left ? left[t] : right[t];
        }
        out[i] = t;
    }
    return 0;
}
