/* lcp_internal.h - shared between the solver core files (not installed).
 *
 * The core (lemke.c, solve.c, assemble.c, dense.c) is plain C99 over
 * caller-owned arrays: no heap, no stdio, no GSL. The only host-specific
 * piece is the rank-one update kernel, provided either by kernel_gsl.c
 * (GSL BLAS, host build) or kernel_plain.c (firmware).
 */
#ifndef NCS_LCP_INTERNAL_H
#define NCS_LCP_INTERNAL_H

#include "ncs/lcp.h"

/* A += alpha * x y^T over an m x n row-major block with leading dimension
 * lda. Provided by kernel_gsl.c or kernel_plain.c. */
void ncs_lcp_kernel_ger(int m, int n, double alpha, const double *x,
                        const double *y, double *A, int lda);

/* Scratch for one Lemke run of dimension <= mmax. */
typedef struct ncs_lemke_work {
    int mmax;        /* capacity */
    double *T;       /* tableau, mmax rows x (mmax + 2) columns */
    double *col;     /* entering column copy, mmax */
    int *basis;      /* row -> basic variable (0..m-1 = w, m..2m-1 = z, 2m = z0) */
    int *nonb;       /* tableau column slot (1..m+1) -> nonbasic variable */
    int *where;      /* variable -> row (basic) or -(slot) - 1 (nonbasic) */
    int *cand;       /* ratio-test candidates, mmax */
    int *rows;       /* nonzero rows of the pivot column, mmax */
    int *cols;       /* nonzero columns of the pivot row, mmax + 2 */
    double flops;    /* floating-point operations of the pivots so far (counted) */
} ncs_lemke_work;

/* Doubles / ints of scratch a Lemke work of capacity mmax needs. */
size_t ncs_lemke_doubles(int mmax);
size_t ncs_lemke_ints(int mmax);
/* Lays the scratch over the given arrays. */
void ncs_lemke_bind(ncs_lemke_work *lw, int mmax, double *d, int *i);

/* Lemke with lexicographic ratio test on w = B z + b. Writes z (m), the
 * final basis as a 0/1 flag per z (zbasic, may be NULL) and adds the pivot
 * count to *pivots. Returns an ncs_lcp_status (SOLVED means Lemke
 * terminated with z0 leaving; the caller still verifies). */
int ncs_lemke_run(ncs_lemke_work *lw, int m, const double *B, int ldb,
                  const double *b, int max_pivots, double *z,
                  unsigned char *zbasic, int *pivots);

/* Scaled residual of z for w = B z + b (see docs/solver.md). Writes w
 * when non-NULL. Returns +inf when something is not finite. */
double ncs_lcp_residual(int m, const double *B, int ldb, const double *b,
                        const double *z, double *w);

/* Solves the dense n x n system A x = r in place (A row-major, lda),
 * Gaussian elimination with partial pivoting; perm has n ints.
 * Returns 0, or -1 when the matrix is (numerically) singular. */
int ncs_dense_solve(int n, double *A, int lda, double *r, int *perm);

#endif
