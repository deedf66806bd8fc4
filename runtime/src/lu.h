/* lu.h - sparse LU factorisation with partial pivoting of an unsymmetric
 * square matrix, the factorised basis of Lemke's method without a tableau
 * (lemke_basis.c; issue 26, docs/solver.md, "Lemke on a factorised
 * basis"): no heap, every array supplied by the caller, so a state can
 * hold it at a fixed size linear in the entries it can factor.
 *
 * P A = L U, left-looking by columns (each column of L and U from one
 * sparse triangular solve with the columns before it, whose nonzero
 * pattern is the reach of the column's entries in the graph of L): L unit
 * lower triangular, U upper triangular, P the row order partial pivoting
 * chose (the largest magnitude of each column among the rows not yet
 * pivotal). Columns are eliminated in the order given.
 *
 * A (n x n) is given by compressed sparse columns: the rows of column j
 * are ai[ap[j]] .. ai[ap[j+1]-1] (any order, no duplicates), values ax.
 */
#ifndef NCS_LU_H
#define NCS_LU_H

#include "ncs/real.h"   /* ncs_real; NCS_INTERNAL (ncs/config.h; one.c: static) */

/** One factor and its scratch, all of it the caller's memory. */
typedef struct ncs_lu {
    int n;              /**< order of the last factor */
    int cap;            /**< entries L and U can each hold */
    int *lp;            /**< n + 1 column starts of L (diagonal 1 first in each column) */
    int *li;            /**< cap row indices of L (pivot order once factored) */
    ncs_real *lx;       /**< cap values of L */
    int *up;            /**< n + 1 column starts of U (diagonal last in each column) */
    int *ui;            /**< cap row indices of U (pivot order) */
    ncs_real *ux;       /**< cap values of U */
    int *pinv;          /**< n: pinv[i] the pivot step of row i */
    int *xi;            /**< 2 n: the reach and the depth-first search's stack */
    int *mark;          /**< n: visited marks of the search (a stamp per column) */
    ncs_real *x;        /**< n: dense scratch, zero between calls */
    int bad;            /**< out: the column found singular (status 1), else -1 */
} ncs_lu;

/// Ints ncs_lu_bind takes for order nmax and cap entries.
NCS_INTERNAL size_t ncs_lu_ints(int nmax, int cap);
/// Reals ncs_lu_bind takes for order nmax and cap entries.
NCS_INTERNAL size_t ncs_lu_reals(int nmax, int cap);
/// Lays the factor over ints iv[ncs_lu_ints] and reals rv[ncs_lu_reals].
/// Cannot fail.
NCS_INTERNAL void ncs_lu_bind(ncs_lu *f, int nmax, int cap, int *iv, ncs_real *rv);

/// Factors A (n x n, n <= the bound's nmax). pref (NULL: none) names a
/// preferred pivot row for each column (-1: none): it is taken when its
/// magnitude is at least NCS_LU_THRESHOLD of the largest candidate, which
/// keeps a fill-reducing order of the columns (threshold partial
/// pivoting). Returns 0; 1 when a column
/// has no nonzero pivot left (A is singular, to the tolerance: the largest
/// candidate at most tol times the largest entry of A's own column, or a
/// value that is not finite); 2 when L or U would hold more than cap
/// entries. After a failure the factor is unusable (the scratch is left
/// clean).
NCS_INTERNAL int ncs_lu_factor(ncs_lu *f, int n, const int *ap, const int *ai, const ncs_real *ax,
                               const int *pref, ncs_real tol);

/** Threshold of a preferred pivot against the column's largest candidate. */
#define NCS_LU_THRESHOLD NCS_RC(0.1)

/// Solves A y = b in place (y holds b on entry) with a factor that did
/// not fail. Cannot fail.
NCS_INTERNAL void ncs_lu_solve(const ncs_lu *f, ncs_real *y);

/// Solves A^T y = b in place, likewise. Cannot fail.
NCS_INTERNAL void ncs_lu_solve_t(const ncs_lu *f, ncs_real *y);

#endif
