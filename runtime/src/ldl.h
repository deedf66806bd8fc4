/* ldl.h - sparse LDL^T factorisation of a symmetric quasi-definite matrix,
 * the building block of the pile solver (issue 26, docs/solver.md, "Sparse
 * LDL^T"): no heap, every array supplied by the caller and sized by the
 * symbolic step, so a firmware state can hold them at fixed size.
 *
 * The matrix A (n x n) is given by its upper triangle in compressed sparse
 * columns: the row indices of column j are ai[ap[j]] .. ai[ap[j+1]-1], each
 * < j except the diagonal entry j itself, which every column must have
 * (order within a column is free, duplicates are added). The factor is
 * A = L D L^T with L unit lower triangular, stored by columns without its
 * diagonal (lp, li, lx), and D diagonal. No pivoting: the order given is the
 * order eliminated, which exists for any quasi-definite matrix (positive
 * definite block, then negative definite block: a contact KKT system
 * [M J^T; J -delta I]) and for any positive definite one.
 *
 * Three calls:
 *   ncs_ldl_symbolic  the elimination tree and the count of entries in each
 *                     column of L (depends only on the pattern: once per
 *                     pattern, e.g. once per island shape)
 *   ncs_ldl_numeric   the factor's values (each time the values change)
 *   ncs_ldl_solve     x <- A^-1 x with the factor
 * and ncs_ldl_refine, which improves a solution by iterative refinement
 * against A (or against another matrix of the same pattern: the factor of
 * a regularised matrix refined against the exact one, as OSQP polishes).
 */
#ifndef NCS_LDL_H
#define NCS_LDL_H

#include "ncs/real.h"   /* ncs_real; NCS_INTERNAL (ncs/config.h; one.c: static) */

/// Elimination tree and column counts of L for the pattern (n, ap, ai).
/// Writes parent[n] (the tree: -1 at a root), lnz[n] (entries of each column
/// of L) and lp[n+1] (column starts of L); uses flag[n] as scratch.
/// Returns the number of entries of L (lp[n]), or -1 when the pattern is
/// not an upper triangle with every diagonal entry (an index out of range,
/// a row below the diagonal, a column without its diagonal), or when n < 0.
NCS_INTERNAL long ncs_ldl_symbolic(int n, const int *ap, const int *ai, int *parent, int *lnz,
                                   int *lp, int *flag);

/// The values of L (li, lx: lp[n] entries each) and D (d[n]) for the values
/// ax of the pattern ncs_ldl_symbolic saw, with its parent and lp. Scratch:
/// lnz[n] and flag[n], pattern[n] (ints), y[n] (reals, left zero).
/// Returns the number of positive entries of D (the inertia: a
/// quasi-definite matrix with p positive definite rows has p), or -1 when a
/// pivot is zero or not finite (A is not quasi-definite in this order, or
/// holds a NaN or an infinity); the factor is then unusable.
NCS_INTERNAL int ncs_ldl_numeric(int n, const int *ap, const int *ai, const ncs_real *ax,
                                 const int *parent, const int *lp, int *li, ncs_real *lx,
                                 ncs_real *d, int *lnz, int *flag, int *pattern, ncs_real *y);

/// Solves A x = b in place (x holds b on entry) with a factor from
/// ncs_ldl_numeric that did not fail. Cannot fail.
NCS_INTERNAL void ncs_ldl_solve(int n, const int *lp, const int *li, const ncs_real *lx,
                                const ncs_real *d, ncs_real *x);

/// Iterative refinement: iters times, r = b - A x (A from its upper
/// triangle ap, ai, ax) and x += the factor's solve of r. Scratch r[n], scale[n].
/// Returns max_i |r_i| / (|b_i| + sum_j |A_ij x_j|) of the last x (0 when
/// n is 0), so the caller can verify what it got. Cannot fail; a factor
/// too far from A makes x worse, which the returned residual shows.
NCS_INTERNAL ncs_real ncs_ldl_refine(int n, const int *ap, const int *ai, const ncs_real *ax,
                                     const int *lp, const int *li, const ncs_real *lx,
                                     const ncs_real *d, const ncs_real *b, ncs_real *x,
                                     ncs_real *r, ncs_real *scale, int iters);

#endif
