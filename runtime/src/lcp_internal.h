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

/* Linkage of the functions shared between the core files: external in the
 * runtime library, `static` in the single-file firmware copy that ncsc
 * writes (which defines NCS_INTERNAL before including this header). */
#ifndef NCS_INTERNAL
#define NCS_INTERNAL
#endif

/* Specialisation of the firmware copy (compiler/emit_solver.c writes the
 * defines at the top of <prefix>_lcp.c; the host build defines neither):
 * NCS_LCP_ONLY_FORM (an ncs_formulation) makes the formulation a constant,
 * so the code of the other formulations drops out, and NCS_LCP_NO_FRICTION
 * does the same for nfric = 0. A layout the copy was not specialised for
 * is then refused as bad input (NCS_LCP_FITS). Without them the macros
 * read the layout, and NCS_LCP_FITS is always true. */
#ifdef NCS_LCP_ONLY_FORM
#define NCS_FORM_OF(L) NCS_LCP_ONLY_FORM
#else
#define NCS_FORM_OF(L) ((L)->form)
#endif
#ifdef NCS_LCP_NO_FRICTION
#define NCS_NFRIC(k) 0
#else
#define NCS_NFRIC(k) (k)
#endif
#define NCS_LCP_FITS(L) \
    ((int)(L)->form == (int)NCS_FORM_OF(L) && (L)->nfric == NCS_NFRIC((L)->nfric))

/* A += alpha * x y^T over an m x n row-major block with leading dimension
 * lda. Provided by kernel_gsl.c or kernel_plain.c. */
NCS_INTERNAL void ncs_lcp_kernel_ger(int m, int n, ncs_real alpha, const ncs_real *x,
                                     const ncs_real *y, ncs_real *A, int lda);

/* Scratch for one Lemke run of dimension <= mmax. */
typedef struct ncs_lemke_work {
    int mmax;        /* capacity */
    ncs_real *T;     /* tableau, mmax rows x (mmax + 2) columns */
    ncs_real *col;   /* entering column copy, mmax */
    int *basis;      /* row -> basic variable (0..m-1 = w, m..2m-1 = z, 2m = z0) */
    int *nonb;       /* tableau column slot (1..m+1) -> nonbasic variable */
    int *where;      /* variable -> row (basic) or -(slot) - 1 (nonbasic) */
    int *cand;       /* ratio-test candidates, mmax */
    int *rows;       /* nonzero rows of the pivot column, mmax (between Lemke
                        runs: scratch of the residuals) */
    int *cols;       /* nonzero columns of the pivot row, mmax + 2 */
    ncs_real flops;  /* floating-point operations of the pivots so far (counted) */
} ncs_lemke_work;

/* Reals / ints of scratch a Lemke work of capacity mmax needs. */
NCS_INTERNAL size_t ncs_lemke_doubles(int mmax);
NCS_INTERNAL size_t ncs_lemke_ints(int mmax);
/* Lays the scratch over the given arrays. */
NCS_INTERNAL void ncs_lemke_bind(ncs_lemke_work *lw, int mmax, ncs_real *d, int *i);

/* Lemke with lexicographic ratio test on w = B z + b. Writes z (m), the
 * final basis as a 0/1 flag per z (zbasic, may be NULL) and adds the pivot
 * count to *pivots. Returns an ncs_lcp_status (SOLVED means Lemke
 * terminated with z0 leaving; the caller still verifies). */
NCS_INTERNAL int ncs_lemke_run(ncs_lemke_work *lw, int m, const ncs_real *B, int ldb,
                               const ncs_real *b, int max_pivots, ncs_real *z,
                               unsigned char *zbasic, int *pivots);

/* Scaled residual of z for w = B z + b (see docs/solver.md), given
 * rmax[i] = max_j |B_ij| (computed once per call) and m ints of scratch in
 * nzj (w sums over the nonzero z_j only: the same value, a zero's sign
 * aside). Writes w when non-NULL. Returns +inf when something is not
 * finite. */
NCS_INTERNAL ncs_real ncs_lcp_residual(int m, const ncs_real *B, int ldb,
                                       const ncs_real *b, const ncs_real *z, ncs_real *w,
                                       const ncs_real *rmax, int *nzj);

/* Solves the dense n x n system A x = r in place (A row-major, lda),
 * Gaussian elimination with partial pivoting; perm has n ints.
 * Returns 0, or -1 when the matrix is (numerically) singular. */
NCS_INTERNAL int ncs_dense_solve(int n, ncs_real *A, int lda, ncs_real *r, int *perm);

#endif
