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
 *
 * rs_grow_auc_tree grows a whole tree (the node loop, the random draws and the stable
 * partition of the presorted rows) in one call; rs_auc_tree_apply routes rows through
 * the flat tree it writes.  Their contracts are next to the functions.
 */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
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

/* The cut randomForestSRC keeps in one ascending column x[0..m-1]: the first admissible
 * cut, replaced by a later one only when its delta exceeds the kept delta by more than
 * eps (NaN never replaces nor is replaced).  nc < 0: every distinct value but the
 * largest; else the ascending values cv[0..nc-1].  work: 2 k doubles. */
static void best_in_column(const double *x, const int64_t *y, const double *w, int64_t m,
                           int64_t k, const double *cv, int64_t nc, double eps,
                           double *work, int64_t *best_index, double *best_cut,
                           double *best_delta)
{
    double *tot = work, *left = work + k;
    int absent = totals(y, w, m, k, tot);
    for (int64_t q = 0; q < k; q++) left[q] = 0.0;
    int64_t best = -1, idx = 0;
    double bd = NAN, bc = NAN;
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
    *best_index = best;
    *best_cut = bc;
    *best_delta = bd;
}

/* For each of ncol ascending columns (row c of the ncol x m matrices xs / ys / ws), the
 * cut randomForestSRC keeps (see best_in_column).  ncuts[c] < 0 (or ncuts NULL): every
 * distinct value but the largest; else the cuts[c * maxcuts ..] values.  work: 2 k
 * doubles.  best_index[c] = -1 when the column has no admissible cut.  Returns 0. */
int rs_auc_best_columns(const double *xs, const int64_t *ys, const double *ws, int64_t m,
                        int64_t ncol, int64_t k, const double *cuts, const int64_t *ncuts,
                        int64_t maxcuts, double eps, double *work, int64_t *best_index,
                        double *best_cut, double *best_delta)
{
    for (int64_t c = 0; c < ncol; c++) {
        int64_t nc = ncuts == NULL ? -1 : ncuts[c];
        best_in_column(xs + c * m, ys + c * m, ws + c * m, m, k,
                       nc < 0 ? NULL : cuts + c * maxcuts, nc, eps, work,
                       best_index + c, best_cut + c, best_delta + c);
    }
    return 0;
}

/* ------------------------------------------------------------------ random numbers
 * splitmix64 (Steele, Lea & Flood 2014, "Fast splittable pseudorandom number
 * generators"; the constants of Vigna's public-domain reference): state += golden gamma,
 * output a mix of the state.  Period 2^64, one 64-bit state.  rs_rand_below(r) draws
 * uniformly from 0..r-1 by rejection: reject outputs below 2^64 mod r, then take the
 * remainder (one output consumed per attempt, also for r = 1).  The NumPy twin
 * (_aucsplit_numpy.SplitMix64) reproduces both bit for bit. */
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

/* The first `count` outputs of splitmix64 from `seed`, and `count` draws below `r`, for
 * tests of the twin.  Returns 0. */
int rs_splitmix64_fill(uint64_t seed, int64_t count, uint64_t r, uint64_t *raw,
                       uint64_t *below)
{
    uint64_t s = seed;
    for (int64_t i = 0; i < count; i++) raw[i] = sm64_next(&s);
    s = seed;
    for (int64_t i = 0; i < count; i++) below[i] = sm64_below(&s, r);
    return 0;
}

/* ------------------------------------------------------------------ tree grower */
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

/* Grow one AUC tree (randomForestSRC's rules; see rocstats/tree/_auc_builder.py).
 *
 * Data:  xt     p x n, feature-major (column-major X): feature f of row i at xt[f*n + i];
 *        order  p x n: order[f*n ..] is the stable ascending argsort of feature f over
 *               all n rows (ties by row index); rows of weight 0 are skipped;
 *        y      n class codes in 0..k-1;  w  n finite non-negative weights.
 * Controls: min_split (= 2 nodesize; a node of weight below it is a leaf), max_depth
 *        (< 0 unlimited; root depth 0), mtry (1..p), nsplit (0 = every cut), var_order
 *        (0 random, 1 ascending column order, 2 descending; the draws are made in every
 *        mode), seed (splitmix64 state), eps (tie tolerance on delta).
 * Output (preorder, capacity nodes each; value is capacity x k; capacity >= 2 m - 1,
 *        m the rows of positive weight, suffices for any tree):
 *        left/right child (-1 leaf), parent (-1 root), depth, node_id (rpart number:
 *        root 1, children 2 id / 2 id + 1; -1 below depth 62), feature (-1 leaf),
 *        threshold (x <= threshold goes left; NaN leaf), delta (2 theta of the split,
 *        NaN leaf or absent class), count (rows), weight (sum of w), value (class
 *        weights).
 * The rows of a node are visited in the order (x, row index) for every variable, whether
 * they come from the presorted ranges or, in nodes of at most `small` rows, from a
 * stable sort of the node's rows.
 * Per node, in this order: class weights summed over the node's rows in increasing row
 *   index; splittable iff weight >= min_split, depth below max_depth and >= 2 classes
 *   present; candidates = the features not found constant in an ancestor, ascending;
 *   a partial Fisher-Yates shuffle of them for min(mtry, #candidates) steps (position i
 *   swapped with i + below(#candidates - i)) gives the visited features, sorted when
 *   var_order is 1 / 2; then for each visited feature in turn: the node's column in
 *   ascending order, marked constant if its first and last values are equal; with
 *   nsplit > 0 and more than nsplit + 1 distinct values, nsplit of the distinct values
 *   but the largest, by a partial Fisher-Yates shuffle of their indices (nsplit steps),
 *   sorted ascending; the column's kept cut (best_in_column); the node keeps the first
 *   visited feature with a cut, replaced by a later one whose delta exceeds it by more
 *   than eps (neither NaN).
 * Returns the number of nodes (>= 1), or -1 (out of memory), -2 (capacity too small),
 * -3 (invalid arguments: sizes, an order index out of range or a column of order whose
 * positive-weight rows differ in number from the others). */
int64_t rs_grow_auc_tree(const double *xt, const int64_t *order, const int64_t *y,
                         const double *w, int64_t n, int64_t p, int64_t k,
                         double min_split, int64_t max_depth, int64_t mtry, int64_t nsplit,
                         int64_t var_order, uint64_t seed, double eps, int64_t capacity,
                         int64_t *left, int64_t *right, int64_t *parent, int64_t *depth,
                         int64_t *node_id, int64_t *feature, double *threshold,
                         double *delta, int64_t *count, double *weight, double *value)
{
    if (n < 1 || p < 1 || k < 2 || mtry < 1 || mtry > p || nsplit < 0 || capacity < 1 ||
        var_order < 0 || var_order > 2)
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
    unsigned char *golf = calloc((size_t)n, 1);
    unsigned char *cflags = malloc((size_t)p);
    double *work = malloc(sizeof(double) * (size_t)(2 * k));
    int64_t stack_cap = 64;
    grow_entry *stack = malloc(sizeof(grow_entry) * (size_t)stack_cap);
    unsigned char *pool = malloc((size_t)(stack_cap * p));
    if (!S || !tmp || !xs || !ys || !ws || !distinct || !pick || !cuts || !cand || !golf ||
        !cflags || !work || !stack || !pool)
        goto done;

    /* the rows of positive weight sorted by each feature, then by row index (branch-free
     * filter: every row is written at the next free slot, which advances only for rows
     * of positive weight; the slot after the last row is the spare entry of S) */
    for (int64_t i = 0; i < n; i++) golf[i] = w[i] > 0.0;
    for (int64_t f = 0; f < p; f++) {
        int64_t got = 0;
        const int64_t *o = order + f * n;
        int64_t *sf = S + f * m;
        for (int64_t i = 0; i < n; i++) {
            int64_t r = o[i];
            if (r < 0 || r >= n || got > m) { result = -3; goto done; }
            sf[got] = r;
            got += golf[r];
        }
        if (got != m) { result = -3; goto done; }
    }
    {
        int64_t got = 0;
        for (int64_t i = 0; i < n; i++) if (golf[i]) S[p * m + got++] = i;
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
            best_in_column(xs, ys, ws, cnt, k, nc < 0 ? NULL : cuts, nc, eps, work, &bi,
                           &bc, &bd);
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

        /* stable partition of every row of S still needed below: the row-index row, and
         * the sorted rows of the variables not found constant unless both daughters are
         * small (small nodes sort their rows themselves) */
        const double *xb = xt + bf * n;
        int64_t nleft = 0;
        for (int64_t i = 0; i < cnt; i++) {
            int64_t r = rows[i];
            golf[r] = xb[r] <= bcut;
            nleft += golf[r];
        }
        if (nleft <= 0 || nleft >= cnt) { result = -3; goto done; }  /* cannot happen */
        int both_small = nleft <= small && cnt - nleft <= small;
        for (int64_t f = 0; f <= p; f++) {
            if (f < p && (cflags[f] || both_small)) continue;
            int64_t *sf = S + f * m + lo;
            int64_t a = 0, b = 0;
            for (int64_t i = 0; i < cnt; i++) {  /* branch-free stable partition */
                int64_t r = sf[i];
                int64_t g = golf[r];
                sf[a] = r;
                tmp[b] = r;
                a += g;
                b += 1 - g;
            }
            memcpy(sf + a, tmp, sizeof(int64_t) * (size_t)b);
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
    free(cuts); free(cand); free(golf); free(cflags); free(work); free(stack); free(pool);
    return result;
}

/* Route rows through a flat tree written by rs_grow_auc_tree.  Row r's value of feature f
 * is x[r * row_stride + f * col_stride]; rows[0..nrows-1] lists the rows to route and
 * out[i] receives the leaf (node index) of rows[i].  Children must come after their
 * parent (preorder), so every walk ends.  Returns 0, or -3 when a node's child or feature
 * is out of range (nothing is read outside the arrays). */
int rs_auc_tree_apply(const double *x, int64_t row_stride, int64_t col_stride,
                      const int64_t *rows, int64_t nrows, const int64_t *left,
                      const int64_t *right, const int64_t *feature,
                      const double *threshold, int64_t nnodes, int64_t p, int64_t *out)
{
    for (int64_t t = 0; t < nnodes; t++) {
        if (left[t] < 0) continue;
        if (left[t] <= t || left[t] >= nnodes || right[t] <= t || right[t] >= nnodes ||
            feature[t] < 0 || feature[t] >= p)
            return -3;
    }
    for (int64_t i = 0; i < nrows; i++) {
        const double *xr = x + rows[i] * row_stride;
        int64_t t = 0;
        while (left[t] >= 0)
            t = xr[feature[t] * col_stride] <= threshold[t] ? left[t] : right[t];
        out[i] = t;
    }
    return 0;
}
