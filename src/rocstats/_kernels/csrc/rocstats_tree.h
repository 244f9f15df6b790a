/* rocstats CART kernels: the split searches and the node partition of the CART builder
 * (src/rocstats/tree/_builder.py).  The NumPy twin is rocstats._kernels._tree_numpy.
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
 *   - kind: 1 = Gini, 2 = information (entropy), 3 = anova.  aprior are rpart's
 *     "altered priors" (gini.c), unused for anova.
 *   - edge = the minimum number of rows on each side (rpart's minbucket, >= 1).
 * Return value 0 = success, -1 = out of memory, -2 = invalid argument (a row id out of
 * range, a level code out of range, a class code out of range, edge < 1).
 */
#include <stdint.h>

/* Best cut of each listed numeric feature, by one sorted sweep each.  For feature
 * features[t]: improve[t] (0 when no admissible cut), split[t] = midpoint of the two
 * adjacent distinct values, direction[t] = -1 (x < split goes left) or +1 (x >= split
 * goes left) or 0 (no split), count[t] = rows searched.  node_risk divides the anova
 * improvement (rpart's anova.c reports it as a fraction of the node's deviance). */
int rs_tree_numeric_splits(int64_t kind, const double *xt, const int64_t *sorts,
                           int64_t n, int64_t n1, int64_t n2,
                           const int64_t *features, int64_t nf,
                           const double *y, const double *w, int64_t nclass,
                           const double *aprior, int64_t edge, double node_risk,
                           double *improve, double *split, int64_t *direction,
                           int64_t *count);

/* Best partition of the levels of one categorical feature x (codes 0..nlev-1) over the
 * rows rows[0..m-1].  Two classes or anova: levels ordered by class-1 rate / mean and
 * swept (linear in nlev); more classes: every subset by a Gray code (2^levels steps).
 * csplit[l] = -1 left, +1 right, 0 level absent.  *count = rows searched. */
int rs_tree_categorical_split(int64_t kind, const double *x, const int64_t *rows,
                              int64_t m, const double *y, const double *w,
                              int64_t nclass, const double *aprior, int64_t nlev,
                              int64_t edge, double node_risk, double *improve,
                              int64_t *csplit, int64_t *count);

/* Reorder positions [n1, n2) of each of the p rows of sorts into (goes left, goes
 * right, stays), stable within each group; goes[r] is -1, +1 or 0 for row id r.
 * tmp has room for n2 - n1 ids.  *nleft and *nright receive the group sizes. */
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
