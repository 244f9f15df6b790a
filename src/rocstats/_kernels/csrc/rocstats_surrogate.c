/* Surrogate split search for one tree node: one O(n) sweep per candidate column over
 * the rows in increasing order of that column, with the running weighted agreement
 * counts accumulated one row at a time in rpart's order (its rounding decides ties). */
#include <stdlib.h>
#include <string.h>

#include "rocstats_surrogate.h"

static void sweep(int64_t p, const double *bx, const int8_t *bg, const double *bw,
                  double *res);

/* Gather the present rows of one column in list order (checking the list), then sweep.
 * bx, bg, bw: scratch of length n; mark: n bytes, all zero on entry and on return. */
static int one_column(int64_t n, const double *x, const int8_t *go, const double *w,
                      const int64_t *ord, int64_t m, double *bx, int8_t *bg, double *bw,
                      uint8_t *mark, double *res)
{
    int64_t i, j, p = 0;
    int status = 0;
    for (i = 0; i < m; i++) {
        int64_t r = ord[i];
        if (r < 0 || r >= n || mark[r]) { status = -1; break; }
        mark[r] = 1;
        if (x[r] != x[r]) continue;                     /* missing */
        if (p > 0 && x[r] < bx[p - 1]) { status = -2; break; }
        bx[p] = x[r];
        bg[p] = go[r];
        bw[p] = w[r];
        p++;
    }
    for (j = 0; j <= i && j < m; j++) {                 /* leave mark all zero */
        int64_t r = ord[j];
        if (r >= 0 && r < n) mark[r] = 0;
    }
    if (status) return status;
    sweep(p, bx, bg, bw, res);
    return 0;
}

/* The sweep over the p present rows (bx ascending): res[0..5] as in the header. */
static void sweep(int64_t p, const double *bx, const int8_t *bg, const double *bw,
                  double *res)
{
    int64_t i;
    double tl = 0.0, tr = 0.0;       /* weight sent left / right among present rows */
    int64_t cnt = 0;                 /* rows with go != 0 and positive weight */
    for (i = p - 1; i >= 0; i--) {   /* totals accumulated from the largest value down */
        if (bg[i] < 0) {
            tl += bw[i];
            if (bw[i] > 0) cnt++;
        } else if (bg[i] > 0) {
            tr += bw[i];
            if (bw[i] > 0) cnt++;
        }
    }
    double ll = tl, rl = tr;         /* at or above the cut: go left / go right */
    double lr = 0.0, rr = 0.0;       /* below the cut */
    double best = tl > tr ? tl : tr; /* everyone with the majority */
    int64_t below = 0;
    int found = 0, kind = -1;
    double cut = 0.0;
    for (i = 0; i < p && cnt - below >= 2; i++) {
        if (i > 0 && below >= 2 && bx[i] != bx[i - 1]) {
            double ge = ll + rr;     /* x < cut goes right */
            double lt = lr + rl;     /* x < cut goes left */
            if (ge > best) {
                best = ge; kind = 1; found = 1;
                cut = (bx[i] + bx[i - 1]) / 2;
            } else if (lt > best) {
                best = lt; kind = -1; found = 1;
                cut = (bx[i] + bx[i - 1]) / 2;
            }
        }
        if (bg[i] < 0) {
            ll -= bw[i];
            lr += bw[i];
            if (bw[i] > 0) below++;
        } else if (bg[i] > 0) {
            rl -= bw[i];
            rr += bw[i];
            if (bw[i] > 0) below++;
        }
    }
    res[0] = found;
    res[1] = kind;
    res[2] = cut;
    res[3] = best;
    res[4] = tl;
    res[5] = tr;
}

int rs_surrogate_numeric(int64_t n, int64_t k, const double *xcols, const int8_t *go,
                         const double *w, const int64_t *orders, const int64_t *n_order,
                         double *out)
{
    int64_t c;
    int status = 0;
    if (n < 0 || k < 0) return -1;
    if (n == 0 || k == 0) return 0;
    if (!xcols || !go || !w || !orders || !n_order || !out) return -1;
    for (c = 0; c < k; c++)
        if (n_order[c] < 0 || n_order[c] > n) return -1;
    double *bx = (double *) malloc((size_t) n * sizeof(double));
    double *bw = (double *) malloc((size_t) n * sizeof(double));
    int8_t *bg = (int8_t *) malloc((size_t) n);
    uint8_t *mark = (uint8_t *) calloc((size_t) n, 1);
    if (!bx || !bw || !bg || !mark) {
        status = -3;
    } else {
        for (c = 0; c < k && status == 0; c++)
            status = one_column(n, xcols + c * n, go, w, orders + c * n, n_order[c],
                                bx, bg, bw, mark, out + c * 6);
    }
    free(bx);
    free(bw);
    free(bg);
    free(mark);
    return status;
}

/* Level assignment of one categorical candidate from its per-level sums: d[0..q-1] and
 * res[0..3] as in the header. */
static void assign_levels(int64_t q, const double *lwt, const double *rwt,
                          const int64_t *lcnt, const int64_t *rcnt, int8_t *d, double *res)
{
    int64_t l;
    double llwt = 0.0, rrwt = 0.0, agree = 0.0;
    for (l = 0; l < q; l++) { llwt += lwt[l]; rrwt += rwt[l]; }
    int default_right = !(llwt > rrwt);
    int64_t disagree_n = 0, agree_n = 0;
    for (l = 0; l < q; l++) {
        if (lcnt[l] == 0 && rcnt[l] == 0) { d[l] = 0; continue; }
        if (lwt[l] < rwt[l] || (lwt[l] == rwt[l] && default_right)) {
            d[l] = 1;
            agree += rwt[l];
            disagree_n += lcnt[l];
            agree_n += rcnt[l];
        } else {
            d[l] = -1;
            agree += lwt[l];
            disagree_n += rcnt[l];
            agree_n += lcnt[l];
        }
    }
    res[0] = (disagree_n > 1 && agree_n > 1) ? 1.0 : 0.0;
    res[1] = agree;
    res[2] = llwt;
    res[3] = rrwt;
}

int rs_surrogate_categorical(int64_t n, int64_t k, int64_t q, const double *xcols,
                             const int8_t *go, const double *w, const int64_t *orders,
                             int8_t *dirs, double *out)
{
    int64_t c, i, l;
    int status = 0;
    if (n < 0 || k < 0 || q < 0) return -1;
    if (n == 0 || k == 0) return 0;
    if (q == 0 || !xcols || !go || !w || !orders || !dirs || !out) return -1;
    double *lwt = (double *) malloc((size_t) q * sizeof(double));
    double *rwt = (double *) malloc((size_t) q * sizeof(double));
    int64_t *lcnt = (int64_t *) malloc((size_t) q * sizeof(int64_t));
    int64_t *rcnt = (int64_t *) malloc((size_t) q * sizeof(int64_t));
    uint8_t *mark = (uint8_t *) calloc((size_t) n, 1);
    if (!lwt || !rwt || !lcnt || !rcnt || !mark) status = -3;
    for (c = 0; c < k && status == 0; c++) {
        const double *x = xcols + c * n;
        const int64_t *ord = orders + c * n;
        for (l = 0; l < q; l++) { lwt[l] = rwt[l] = 0.0; lcnt[l] = rcnt[l] = 0; }
        for (i = 0; i < n; i++) {
            int64_t r = ord[i];
            if (r < 0 || r >= n || mark[r]) { status = -1; break; }
            mark[r] = 1;
            double v = x[r];
            if (v != v || go[r] == 0) continue;
            if (!(v >= 0 && v < (double) q) || v != (double)(int64_t) v) { status = -1; break; }
            l = (int64_t) v;
            if (go[r] < 0) { lwt[l] += w[r]; if (w[r] > 0) lcnt[l]++; }
            else           { rwt[l] += w[r]; if (w[r] > 0) rcnt[l]++; }
        }
        for (int64_t j = 0; j <= i && j < n; j++) {      /* leave mark all zero */
            int64_t r = ord[j];
            if (r >= 0 && r < n) mark[r] = 0;
        }
        if (status) break;
        assign_levels(q, lwt, rwt, lcnt, rcnt, dirs + c * q, out + c * 4);
    }
    free(lwt);
    free(rwt);
    free(lcnt);
    free(rcnt);
    free(mark);
    return status;
}

int rs_surrogate_node(int64_t n, int64_t p, const double *xt, const int64_t *sorts,
                      int64_t n1, int64_t n2, const int64_t *nlev, int64_t qmax,
                      const int8_t *goes, const double *w, int64_t primary,
                      double *tot, double *out, int8_t *dirs)
{
    int64_t f, i, l, m = n2 - n1;
    int status = 0;
    if (n < 0 || p < 0 || n1 < 0 || n2 > n || m < 0 || qmax < 0 || primary < 0 ||
        primary >= p)
        return -1;
    if (!xt || !sorts || !nlev || !goes || !w || !tot || !out || (qmax > 0 && !dirs))
        return -1;
    for (f = 0; f < p; f++)
        if (nlev[f] < 0 || nlev[f] > qmax) return -1;
    for (f = 0; f < p * 6; f++) out[f] = 0.0;
    for (f = 0; f < p * qmax; f++) dirs[f] = 0;

    /* weight the primary sends left / right, summed in its own list order */
    const int64_t *ps = sorts + primary * n;
    double tl = 0.0, tr = 0.0;
    for (i = n1; i < n2; i++) {
        int64_t r = ps[i];
        if (r < 0 || r >= n) return -1;
        if (goes[r] < 0) tl += w[r];
        else if (goes[r] > 0) tr += w[r];
    }
    tot[0] = tl;
    tot[1] = tr;
    if (m == 0) return 0;

    size_t mm = (size_t) m;
    double *bx = (double *) malloc(mm * sizeof(double));
    double *bw = (double *) malloc(mm * sizeof(double));
    int8_t *bg = (int8_t *) malloc(mm);
    size_t qq = (size_t) (qmax > 0 ? qmax : 1);
    double *lwt = (double *) malloc(qq * sizeof(double));
    double *rwt = (double *) malloc(qq * sizeof(double));
    int64_t *lcnt = (int64_t *) malloc(qq * sizeof(int64_t));
    int64_t *rcnt = (int64_t *) malloc(qq * sizeof(int64_t));
    if (!bx || !bw || !bg || !lwt || !rwt || !lcnt || !rcnt) {
        status = -3;
        goto done;
    }
    for (f = 0; f < p && status == 0; f++) {
        if (f == primary) continue;
        const double *x = xt + f * n;
        const int64_t *s = sorts + f * n;
        if (nlev[f] == 0) {                         /* numeric: gather present rows */
            int64_t k = 0;
            for (i = n1; i < n2; i++) {
                int64_t r = s[i];
                if (r < 0 || r >= n) { status = -1; break; }
                double v = x[r];
                if (v != v) continue;               /* missing */
                if (k > 0 && v < bx[k - 1]) { status = -2; break; }
                bx[k] = v;
                bg[k] = goes[r];
                bw[k] = w[r];
                k++;
            }
            if (status) break;
            sweep(k, bx, bg, bw, out + f * 6);
        } else {                                    /* categorical, list order */
            int64_t q = nlev[f];
            for (l = 0; l < q; l++) { lwt[l] = rwt[l] = 0.0; lcnt[l] = rcnt[l] = 0; }
            for (i = n1; i < n2; i++) {
                int64_t r = s[i];
                if (r < 0 || r >= n) { status = -1; break; }
                double v = x[r];
                if (v != v || goes[r] == 0) continue;
                if (!(v >= 0 && v < (double) q) || v != (double)(int64_t) v) {
                    status = -1;
                    break;
                }
                l = (int64_t) v;
                if (goes[r] < 0) { lwt[l] += w[r]; if (w[r] > 0) lcnt[l]++; }
                else             { rwt[l] += w[r]; if (w[r] > 0) rcnt[l]++; }
            }
            if (status) break;
            assign_levels(q, lwt, rwt, lcnt, rcnt, dirs + f * qmax, out + f * 6);
        }
    }
done:
    free(bx);
    free(bw);
    free(bg);
    free(lwt);
    free(rwt);
    free(lcnt);
    free(rcnt);
    return status;
}
