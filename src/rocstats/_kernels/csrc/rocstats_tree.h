/* rocstats tree kernels: the node kernel of the tree engine (src/rocstats/tree/), its
 * stable range partition, randomForestSRC's policy with the whole-tree driver the forests
 * use, and the router.  The NumPy twin is rocstats._kernels.numpy.tree.
 *
 * Conventions
 *   - xt is the feature-major data matrix: column f of the n rows starts at xt + f*n;
 *     NaN marks a missing value; categorical columns hold level codes 0..nlev-1.
 *   - sorts is feature-major too (p rows of n row ids); a node owns positions
 *     [n1, n2) of every row.  Numeric features are sorted ascending within the node
 *     (missing values anywhere: they are skipped).
 *   - y holds the class code 0..nclass-1 (classification) or the response (anova);
 *     rows with weight w <= 0 or a missing x are left out of a split search, as rpart's
 *     bsplit does.
 *   - kind (the criterion): 1 = Gini, 2 = information (entropy), 3 = anova, 4 = AUC
 *     (randomForestSRC's split statistic, seed 000; it needs the per-class weights on
 *     each side, like Gini).  aprior are rpart's "altered priors" (gini.c), used by
 *     kinds 1 and 2 only.
 *   - two splitter policies: rpart's (rs_tree_numeric_splits, rs_tree_categorical_split,
 *     rs_tree_node_splits: midpoint cuts with >= edge rows per side, the first best kept)
 *     and randomForestSRC's (rs_tree_auc_sweep, rs_tree_rfsrc_best, rs_tree_grow_rfsrc:
 *     cuts at observed values, x <= cut goes left, a later cut wins only when better by
 *     more than eps, a class absent from the node makes every statistic NaN).
 *   - edge = the minimum number of rows on each side (rpart's minbucket, >= 1).
 * Return value 0 = success, -1 = out of memory, -2 = invalid argument (a row id out of
 * range, a level code out of range, a class code out of range, edge < 1).
 */
#include <stdint.h>

/* rpart's policy.  Best cut of each listed numeric feature, by one sorted sweep each.
 * For feature features[t]: improve[t] (0 when no admissible cut), split[t] = midpoint of the two
 * adjacent distinct values, direction[t] = -1 (x < split goes left) or +1 (x >= split
 * goes left) or 0 (no split), count[t] = rows searched.  node_risk divides the anova
 * improvement (rpart's anova.c reports it as a fraction of the node's deviance).  AUC:
 * improve = theta - 1/2 averaged over the pairs of classes present in the node, the
 * lower part left (direction -1). */
int rs_tree_numeric_splits(int64_t kind, const double *xt, const int64_t *sorts,
                           int64_t n, int64_t n1, int64_t n2,
                           const int64_t *features, int64_t nf,
                           const double *y, const double *w, int64_t nclass,
                           const double *aprior, int64_t edge, double node_risk,
                           double *improve, double *split, int64_t *direction,
                           int64_t *count);

/* Best partition of the levels of one categorical feature x (codes 0..nlev-1) over the
 * rows rows[0..m-1].  Two classes or anova: levels ordered by class-1 rate / mean and
 * swept (linear in nlev); more classes: every subset by a Gray code (2^levels steps);
 * AUC (any number of classes): levels ordered by their weighted mean class code and
 * swept, the lower levels left.
 * csplit[l] = -1 left, +1 right, 0 level absent.  *count = rows searched. */
int rs_tree_categorical_split(int64_t kind, const double *x, const int64_t *rows,
                              int64_t m, const double *y, const double *w,
                              int64_t nclass, const double *aprior, int64_t nlev,
                              int64_t edge, double node_risk, double *improve,
                              int64_t *csplit, int64_t *count);

/* Reorder positions [n1, n2) of each of the p rows of sorts into (goes left, goes
 * right, stays), stable within each group; goes[r] is -1, +1 or 0 for row id r.
 * tmp has room for n2 - n1 ids.  *nleft and *nright receive the group sizes.  The same
 * partition serves rs_tree_grow_rfsrc. */
int rs_tree_partition(int64_t *sorts, int64_t n, int64_t p, int64_t n1, int64_t n2,
                      const int8_t *goes, int64_t *tmp, int64_t *nleft, int64_t *nright);

/* Sort x[0..n-1] ascending carrying idx along, with the exact sequence of comparisons
 * and swaps of rpart's quicksort (mysort.c: median-of-three pivot, insertion sort for
 * runs of at most 11, recursion on the shorter part), so that rows with tied values
 * come out in the order rpart visits them -- which fixes the rounding of every running
 * sum and therefore which of two exactly tied splits rpart lists first.  x must not
 * contain NaN (rpart sorts missing values as 0). */
void rs_tree_rpart_sort(double *x, int64_t *idx, int64_t n);

/* Every feature of one node in one call: rs_tree_numeric_splits on the numeric features
 * (nlev[f] == 0) and rs_tree_categorical_split on each categorical one (nlev[f] levels,
 * at most qmax; its rows = positions [n1, n2) of its list).  Results by feature f:
 * improve[f], count[f]; numeric: split[f], direction[f]; categorical: split[f] = NaN,
 * direction[f] = 0 and csplit[f * qmax + l], l < nlev[f] (entries beyond are 0).
 * Arrays improve, split, direction, count have p entries, csplit p * qmax. */
int rs_tree_node_splits(int64_t kind, const double *xt, const int64_t *sorts,
                        int64_t n, int64_t p, int64_t n1, int64_t n2,
                        const int64_t *nlev, int64_t qmax,
                        const double *y, const double *w, int64_t nclass,
                        const double *aprior, int64_t edge, double node_risk,
                        double *improve, double *split, int64_t *direction,
                        int64_t *count, int64_t *csplit);

/* Ascending order of x[0..n-1] by an LSD radix sort on order-preserving 64-bit keys:
 * idx receives the row ids.  Returns 1 when every value is distinct (then the ascending
 * order is unique, so it is also the order rpart's quicksort produces), 0 when some
 * values are equal (-0.0 and +0.0 count as equal) or x holds a NaN -- idx is then not
 * meaningful and the caller uses rs_tree_rpart_sort --, -1 out of memory, -2 for n < 0. */
int rs_tree_radix_order(const double *x, int64_t n, int64_t *idx);

/* Put back the order a node's lists had when it was split: the rows found at positions
 * [n1, n2) of sorts' first list (the node's rows, in any order) are written to [n1, n2)
 * of every list f in the order of pristine's list f (the lists before any partition;
 * stable partitions keep that relative order).  Both arrays are p x n.  Returns 0; -1
 * out of memory; -2 for a bad segment, a row id out of range or repeated, or lists that
 * do not hold the same rows (sorts may then be partly rewritten). */
int rs_tree_restore_segment(int64_t *sorts, const int64_t *pristine, int64_t n, int64_t p,
                            int64_t n1, int64_t n2);

/* randomForestSRC's policy (AUC only).  Every cut of one ascending column x[0..m-1]
 * (class codes cs in 0..k-1, weights ws > 0) with randomForestSRC's delta = 2 theta:
 * ncuts < 0: at every distinct value but the largest; else at the ascending cut values
 * cuts[0..ncuts-1] (a cut leaving a side empty: delta NaN).  work: 2 k doubles; outputs
 * have room for max(m - 1, ncuts) entries.  Returns the number of cuts written. */
int64_t rs_tree_auc_sweep(const double *x, const int64_t *cs, const double *ws, int64_t m,
                          int64_t k, const double *cuts, int64_t ncuts, double *work,
                          double *cut_out, double *delta_out, double *wleft_out,
                          int64_t *nleft_out);

/* For each of ncol ascending columns (row c of the ncol x m matrices xs / cs / ws), the
 * cut randomForestSRC keeps: the first admissible cut, replaced by a later one only when
 * its delta exceeds the kept one by more than eps (NaN never replaces nor is replaced).
 * ncuts[c] < 0 (or ncuts NULL): every distinct value but the largest; else the cuts
 * cuts[c * maxcuts ..].  best_index[c] = -1 when the column has no admissible cut.
 * work: 2 k doubles.  Returns 0. */
int rs_tree_rfsrc_best(const double *xs, const int64_t *cs, const double *ws, int64_t m,
                       int64_t ncol, int64_t k, const double *cuts, const int64_t *ncuts,
                       int64_t maxcuts, double eps, double *work, int64_t *best_index,
                       double *best_cut, double *best_delta);

/* The first count outputs of splitmix64 from seed, and count draws below r from the same
 * seed (the generator of rs_tree_grow_rfsrc), for tests of the twin.  Returns 0. */
int rs_tree_splitmix64_fill(uint64_t seed, int64_t count, uint64_t r, uint64_t *raw,
                            uint64_t *below);

/* The whole-tree driver of randomForestSRC's policy and stopping (the forests' fast path
 * of rocstats.tree._builder; the GIL is released around it): the same node kernel
 * (rfsrc_column, the AUC statistic) and partition as above, in one call.
 * Data:  kind   4 (AUC; the only kind of this policy);
 *        xt     p x n, feature-major; order p x n, the stable ascending argsort of each
 *               feature over all n rows (ties by row index); rows of weight 0 are skipped;
 *        y      n class codes in 0..k-1;  w  n finite non-negative weights.
 * Controls: min_split (= 2 nodesize; a node of weight below it is a leaf), max_depth
 *        (< 0 unlimited; root depth 0), mtry (1..p), nsplit (0 = every cut), var_order
 *        (0 random, 1 ascending column order, 2 descending; the draws are made in every
 *        mode), seed (splitmix64 state), eps (tie tolerance on delta).
 * Output (preorder, capacity nodes each; value is capacity x k; capacity >= 2 m - 1,
 *        m the rows of positive weight, suffices for any tree): left/right child (-1
 *        leaf), parent (-1 root), depth, node_id (rpart number: root 1, children 2 id /
 *        2 id + 1; -1 below depth 62), feature (-1 leaf), threshold (x <= threshold goes
 *        left; NaN leaf), delta (2 theta of the split, NaN leaf or absent class), count
 *        (rows), weight (sum of w), value (class weights).
 * Per node, in this order: class weights summed over the node's rows in increasing row
 *   index, the node weight their sum in class order; splittable iff weight >= min_split,
 *   depth below max_depth and >= 2 classes present; candidates = the features not found
 *   constant in an ancestor, ascending; a partial Fisher-Yates shuffle of them for
 *   min(mtry, #candidates) steps (position i swapped with i + below(#candidates - i))
 *   gives the visited features, sorted when var_order is 1 / 2; then for each visited
 *   feature in turn: the node's column in (x, row index) order, marked constant if its
 *   first and last values are equal; with nsplit > 0 and more than nsplit + 1 distinct
 *   values, nsplit of the distinct values but the largest, by a partial Fisher-Yates
 *   shuffle of their indices (nsplit steps), sorted ascending; the column's kept cut
 *   (rs_tree_rfsrc_best's rule); the node keeps the first visited feature with a cut,
 *   replaced by a later one whose delta exceeds it by more than eps (neither NaN).
 * Returns the number of nodes (>= 1), or -1 (out of memory), -2 (capacity too small),
 * -3 (invalid arguments: sizes, an order index out of range or a column of order whose
 * positive-weight rows differ in number from the others). */
int64_t rs_tree_grow_rfsrc(int64_t kind, const double *xt, const int64_t *order,
                           const int64_t *y, const double *w, int64_t n, int64_t p,
                           int64_t k, double min_split, int64_t max_depth, int64_t mtry,
                           int64_t nsplit, int64_t var_order, uint64_t seed, double eps,
                           int64_t capacity, int64_t *left, int64_t *right, int64_t *parent,
                           int64_t *depth, int64_t *node_id, int64_t *feature,
                           double *threshold, double *delta, int64_t *count,
                           double *weight, double *value);

/* Route rows through a flat tree (the router of rocstats.tree._tree.Tree.apply for trees
 * of numeric splits and data without missing values).  Row r's value of feature f is
 * x[r * row_stride + f * col_stride]; rows[0..nrows-1] lists the rows to route and out[i]
 * receives the leaf (node index) of rows[i].  kind[t] of an internal node: -1 (x < t goes
 * left), +1 (x >= t goes left), 2 (x <= t goes left).  Children must come after their
 * parent (preorder), so every walk ends.  Returns 0, or -3 when a node's child, feature
 * or kind is out of range (nothing is read outside the arrays). */
int rs_tree_apply(const double *x, int64_t row_stride, int64_t col_stride,
                  const int64_t *rows, int64_t nrows, const int64_t *left,
                  const int64_t *right, const int64_t *feature, const double *threshold,
                  const int8_t *kind, int64_t nnodes, int64_t p, int64_t *out);
