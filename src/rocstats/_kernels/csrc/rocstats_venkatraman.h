/* rocstats C kernels for Venkatraman's permutation tests (pROC's roc.test(method =
 * "venkatraman")): the statistic of each permutation, given the permuted keys.
 *
 * The random draws stay in Python (NumPy's PCG64 stream per block of permutations, see
 * rocstats.compare._roctest); these kernels receive the drawn keys and compute, per row
 * (one permutation), the order of the keys within each sample, the cumulative case
 * counts C(x) and the statistic.  Keys are non-negative integers below key_space,
 * distinct within a sample; the order is a counting sort over [0, key_space).
 *
 * Paired (Venkatraman & Begg 1996): rows of N keys r3 (test a) and s3 (test b) of the
 * same N cases; pos[i] = 1 for a case.  E = 2 sum_x |C_b(x) - C_a(x)| in 64-bit
 * integers, returned as a double (exact below 2^53).
 *
 * Unpaired (Venkatraman 2000): rows of na + nb control keys (the first na go to sample
 * a) and ma + mb case keys (the first ma go to sample a).  Each sample's C(x), x = 1..L,
 * gives, with pROC's floating-point operations (fx = C / m, gx = (x - C) / n,
 * p = mp fx + (1 - mp) gx, e = mp fx + (1 - mp)(1 - gx)), an increasing sequence of p
 * and error rates e; the two p sequences are merged (a before b on ties), |e_a - e_b| is
 * evaluated at every merged point (one side exact, the other by R's approxfun: linear,
 * NA outside the range, the left value on an exact match) and integrated by trapezoids
 * ((y1 + y0) (x1 - x0) / 2, NaN terms dropped), the sum taken in NumPy's pairwise order
 * (blocks of 8 accumulators below 129 terms, halves rounded to a multiple of 8 above),
 * so that the result equals the NumPy twin bit for bit.  As in the twin, the merge
 * compares p + 2 r (r the row's index within the call), the offsets of its flat
 * searchsorted.
 *
 * Conventions: int64_t lengths and counts; every key checked against [0, key_space) and
 * for duplicates.  Return value 0, -1 when memory could not be allocated, -2 on bad
 * arguments (negative or zero class sizes, a key out of range or repeated, C(x) not a
 * cumulative count).  The NumPy module rocstats._kernels.numpy.venkatraman implements
 * the same functions; tests compare them exactly. */
#ifndef ROCSTATS_VENKATRAMAN_H
#define ROCSTATS_VENKATRAMAN_H
#include <stdint.h>

/* Paired: r3, s3 are n_rows x n keys (row-major); pos n flags (0 / 1); out n_rows. */
int rs_venk_paired_keys(const int64_t *r3, const int64_t *s3, int64_t n_rows, int64_t n,
                        const uint8_t *pos, int64_t key_space, double *out);

/* Unpaired from cumulative case counts: ca n_rows x (ma + na), cb n_rows x (mb + nb). */
int rs_venk_unpaired_integrals(const int64_t *ca, const int64_t *cb, int64_t n_rows,
                               int64_t ma, int64_t na, int64_t mb, int64_t nb, double mp,
                               double *out);

/* Unpaired from keys: kc n_rows x (na + nb) control keys, kk n_rows x (ma + mb) case
 * keys. */
int rs_venk_unpaired_keys(const int64_t *kc, const int64_t *kk, int64_t n_rows, int64_t na,
                          int64_t nb, int64_t ma, int64_t mb, int64_t key_space, double mp,
                          double *out);

#endif
