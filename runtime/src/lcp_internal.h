/* lcp_internal.h - shared between the solver core files (not installed).
 *
 * The core (lemke.c, solve.c, assemble.c, dense.c) is plain C99 over
 * caller-owned arrays: no heap, no stdio, no GSL. The only host-specific
 * piece is the rank-one update kernel, provided either by kernel_gsl.c
 * (GSL BLAS, host build) or kernel_plain.c (firmware).
 */
#ifndef NCS_LCP_INTERNAL_H
#define NCS_LCP_INTERNAL_H

#include <math.h>
#include <stdint.h>
#include <string.h>
#include "ncs/lcp.h"

/* `restrict` is C99; C++ has no such keyword, and C++ programs compile the
 * firmware copy too (docs/embedded.md): there it is the common extension. */
#ifdef __cplusplus
#define NCS_RESTRICT __restrict
#else
#define NCS_RESTRICT restrict
#endif

/* NCS_INTERNAL, the linkage of the functions shared between the core files
 * (external in the runtime library, `static` in the single-file firmware
 * copy: one.c), and the options below have their defaults in ncs/config.h. */

/* Specialisation of the firmware copy (compiler/emit_solver.c writes the
 * defines at the top of <prefix>_lcp.c; the host build defines neither):
 * NCS_LCP_ONLY_FORM (an ncs_formulation) makes the formulation a constant,
 * so the code of the other formulations drops out, and NCS_LCP_NO_FRICTION
 * does the same for nfric = 0. A layout the copy was not specialised for
 * is then refused as bad input (NCS_LCP_FITS). Without them the macros
 * read the layout, and NCS_LCP_FITS is always true. */
/* NCS_LCP_SMALL (1 in a specialised firmware copy: compiler/emit_solver.c)
 * leaves out code that only saves time, where text size counts more
 * (docs/embedded.md, "The 16 KB goal"): the selection path's shortcuts for
 * one component and its table of side bounds, the residual's skip of rows
 * that measure 0. The results are the same. */
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

/* |x| as an unsigned integer: the bits of x without the sign. For x >= 0
 * (no NaN) the integers are ordered as the values, and x is an infinity or
 * a NaN exactly when its magnitude bits reach those of infinity. */
#if NCS_REAL_IS_FLOAT
typedef uint32_t ncs_bits;
typedef int32_t ncs_sbits;          /* the same bits, signed (the sign bit is 0) */
#define NCS_BITS_ABS UINT32_C(0x7fffffff)
#define NCS_BITS_INF UINT32_C(0x7f800000)
#else
typedef uint64_t ncs_bits;
typedef int64_t ncs_sbits;
#define NCS_BITS_ABS UINT64_C(0x7fffffffffffffff)
#define NCS_BITS_INF UINT64_C(0x7ff0000000000000)
#endif

static inline ncs_bits abs_bits(ncs_real x) {
    ncs_bits u;
    memcpy(&u, &x, sizeof u);
    return u & NCS_BITS_ABS;
}

/* The real whose bits are u. */
static inline ncs_real real_of_bits(ncs_bits u) {
    ncs_real x;
    memcpy(&x, &u, sizeof x);
    return x;
}

/* One row's w_i = b_i + sum_c B_ic z_c as the residual loops sum it, with
 * what the row check needs: os = |b_i| + sum_c |B_ic z_c| (the row's own
 * terms) and neg = the sum of the terms whose z_c < 0. */
typedef struct ncs_rowsum {
    ncs_real w, os, neg;
} ncs_rowsum;

static inline void ncs_rowsum_start(ncs_rowsum *s, ncs_real bi) {
    s->w = bi;
    s->os = NCS_FABS(bi);
    s->neg = 0;
}

/* Adds the term t = B_ic z_c (zc: that z_c). */
static inline void ncs_rowsum_add(ncs_rowsum *s, ncs_real t, ncs_real zc) {
    s->w += t;
    s->os += NCS_FABS(t);
    if (zc < 0)
        s->neg += t;
}

/* Row measure of the scaled residual (docs/solver.md): the largest of
 * -z_i / zs, -w_i / ws and min(z_i / zs, w_i / ws) (a ratio with a zero
 * denominator counts as 0), w_i = r->w. w_i stored in *w (may be NULL);
 * NCS_HUGE when w_i or the scale ws is not finite. A row with z_i = 0 <= w_i or w_i = 0 < z_i
 * measures 0 (or -0) and cannot raise the residual: the host skips its
 * divisions (the firmware copy keeps the smaller code).
 * The row check: ws grows with the largest z of the whole answer, so one
 * huge z_c would hide a violated row that does not see it. The row is
 * judged again as the answer would act, wp = w_i less the terms of
 * negative z_c: a wp < 0 (or wp > 0 beside z_i > 0) also measures
 * min(|wp| / os, |wp| / bs) / NCS_ROW_SLACK, bs = the largest |b_r|: with
 * the default tol a row fails when it is violated by more than 1e-7 of both
 * its own terms and b's scale. */
static inline ncs_real ncs_row_measure(ncs_real zi, const ncs_rowsum *r, ncs_real bi,
                                       ncs_real rmaxi, ncs_real zs, ncs_real bs, ncs_real *w) {
    /* w against the largest size its terms can have, |b_r| + max_j |B_rj| *
     * max|z| (docs/solver.md) */
    ncs_real wi = r->w, wp = r->w - r->neg, zr, wr, ri, ws = NCS_FABS(bi) + rmaxi * zs, v, rc;
    if (w)
        *w = wi;
    if (!isfinite(wi + ws))     /* also a scale that overflows: proves nothing */
        return NCS_HUGE;
    if (!NCS_LCP_SMALL && !(zi < 0 || wi < 0 || (zi > 0 && wi > 0) || wp < 0 ||
                            (zi > 0 && wp > 0)))
        return 0;
    zr = zs > 0 ? zi / zs : 0;
    wr = ws > 0 ? wi / ws : 0;
    ri = -zr > -wr ? -zr : -wr;
    if ((zr < wr ? zr : wr) > ri)
        ri = zr < wr ? zr : wr;
    v = NCS_FABS(wp);
    if ((wp < 0 || (wp > 0 && zi > 0)) && r->os > 0) {
        rc = v / r->os;         /* <= 1 up to rounding */
        if (v < rc * bs)        /* v / bs, without dividing by a zero bs */
            rc = v / bs;
        rc /= NCS_ROW_SLACK;
        if (wp > 0 && zr < rc)  /* a pair: the smaller of the two sides */
            rc = zr;
        ri = rc > ri ? rc : ri;
    }
    return ri;
}

/* A += alpha * x y^T over an m x n row-major block with leading dimension
 * lda. Provided by kernel_gsl.c or kernel_plain.c. */
NCS_INTERNAL void ncs_lcp_kernel_ger(int m, int n, ncs_real alpha, const ncs_real *x,
                                     const ncs_real *y, ncs_real *A, int lda);

/* Scratch for one Lemke run of dimension <= mmax. */
typedef struct ncs_lemke_work {
    int mmax;        /* capacity */
    ncs_real *T;     /* tableau, mmax rows x (mmax + 2) columns */
    ncs_real *col;   /* entering column copy, mmax (lazy tableau: z0's column
                        for the first pivot, then the candidates' ratios) */
    int *basis;      /* row -> basic variable (0..m-1 = w, m..2m-1 = z, 2m = z0) */
    int *nonb;       /* tableau column slot (1..m+1) -> nonbasic variable */
    int *where;      /* variable -> row (basic) or -(slot) - 1 (nonbasic) */
    int *cand;       /* ratio-test candidates, mmax */
    int *rows;       /* nonzero rows of the pivot column, mmax (between Lemke
                        runs: scratch of the residuals) */
    int *cols;       /* nonzero columns of the pivot row, mmax + 2 (lazy
                        tableau: the etas applied to each column) */
    ncs_real *eta;   /* lazy tableau: eta vectors of the pivots so far, m + 2
                        each (NULL: eager) */
    int neta, eta_cap; /* lazy tableau: etas stored, room for */
    int rs, cs;      /* strides of a row and a column slot in T: m + 2 and 1
                        (by rows, eager), 1 and m (by columns, lazy) */
    const ncs_real *B; /* lazy tableau: the run's B (columns read on first use) */
    int ldb;
    ncs_real flops;  /* floating-point operations of the pivots so far (counted) */
    int strict_z0;   /* set by the caller: z0 leaves only on a true tie of the
                        ratio test (no NCS_TOL_TIE_Z0 window) */
    int loose_exit;  /* set by a run that ended with z0 leaving through that
                        window (never cleared by a run: the caller clears it) */
    int tight;       /* set by the caller: z0 leaves on a true tie only and
                        exits at NCS_TOL_TIGHT_Z0_ZERO, lexicographic ties at
                        NCS_TOL_TIGHT_LEX (ignored in a firmware copy) */
    const unsigned char *lexJ; /* a run from a basis: its z set, whose columns
                        are the lexicographic rule's (NULL: the w's) */
    int lexm;        /* that run's m (z_k is variable lexm + k) */
} ncs_lemke_work;

/* Reals / ints of scratch a Lemke work of capacity mmax needs. */
NCS_INTERNAL size_t ncs_lemke_doubles(int mmax);
NCS_INTERNAL size_t ncs_lemke_ints(int mmax);
/* Lays the scratch over the given arrays. */
NCS_INTERNAL void ncs_lemke_bind(ncs_lemke_work *lw, int mmax, ncs_real *d, int *i);

/* The rows of an LCP matrix that is not stored (the contact-space LCP of
 * ncs_lcp_solve_cs, a principal block, B + delta I, a reduced Stewart
 * LCP): row(g, i, out, stride) writes -B_ij to out[j * stride] for every
 * j < m, zeros included. Lemke calls it once per row when the run starts
 * (both tableaus), so the rows go straight into its tableau. */
typedef struct ncs_lemke_rows {
    void (*row)(const struct ncs_lemke_rows *g, int i, ncs_real *out, size_t stride);
    void *ctx;          /* the generator's own data */
} ncs_lemke_rows;

/* Lemke with lexicographic ratio test on w = B z + b. Writes z (m), the
 * final basis as a 0/1 flag per z (zbasic, may be NULL) and adds the pivot
 * count to *pivots. spare (spare_reals elements, may be NULL / 0) is
 * memory the caller does not need during the run: for m <= 
 * NCS_LEMKE_LAZY_MAX_M it holds the pivots' eta vectors of the lazy
 * tableau (lemke.c; the same values as the eager one). Returns an
 * ncs_lcp_status (SOLVED means Lemke terminated with z0 leaving; the caller
 * still verifies). */
NCS_INTERNAL int ncs_lemke_run(ncs_lemke_work *lw, int m, const ncs_real *B, int ldb,
                               const ncs_real *b, int max_pivots, ncs_real *z,
                               unsigned char *zbasic, int *pivots, ncs_real *spare,
                               size_t spare_reals);
/* The same run on a matrix given by its rows (gen; see ncs_lemke_rows):
 * the same pivots, basis and z as ncs_lemke_run on the stored matrix. */
NCS_INTERNAL int ncs_lemke_run_rows(ncs_lemke_work *lw, int m, const ncs_lemke_rows *gen,
                                    const ncs_real *b, int max_pivots, ncs_real *z,
                                    unsigned char *zbasic, int *pivots, ncs_real *spare,
                                    size_t spare_reals);

/* Lemke from a basis (PATH's warm start): the run of ncs_lemke_run_rows
 * (gen; B stored when gen is NULL, ldb) after z_j has been pivoted into
 * the basis for every j in J (flags) that a principal pivot of 1 x 1 or
 * 2 x 2 takes in (lemke.c, warm_setup; the others stay out). From that
 * complementary basis, Lemke on the LCP it defines (the principal pivot
 * transform of B on J; covering vector 1, the lexicographic rule on the
 * columns of the start basis). A guess near the answer leaves few of its
 * values negative, so the path is short. Always the eager tableau. J is
 * rewritten to the start basis's z set.
 * The setup pivots count in *pivots, not against max_pivots. Returns an
 * ncs_lcp_status: NUMERICAL when a 2 x 2 pivot could be neither finished
 * nor undone (z and zbasic then 0). J and zbasic must not be the same
 * array. */
#if !NCS_LCP_SMALL /* not in a specialised firmware copy */
NCS_INTERNAL int ncs_lemke_run_from(ncs_lemke_work *lw, int m, const ncs_lemke_rows *gen,
                                    const ncs_real *B, int ldb, const ncs_real *b,
                                    unsigned char *J, int max_pivots, ncs_real *z,
                                    unsigned char *zbasic, int *pivots);
#endif

/* Scaled residual of z for w = B z + b (see docs/solver.md), given
 * rmax[i] = max_j |B_ij| (computed once per call) and m ints of scratch in
 * nzj (w sums over the nonzero z_j only: the same value, a zero's sign
 * aside). Measures the rows i of one part, comp[owner[i]] == cc, against
 * the largest z of that part; every row when owner is NULL. Writes w of
 * those rows when w is non-NULL. Returns +inf when something is not
 * finite. */
NCS_INTERNAL ncs_real ncs_lcp_residual(int m, const ncs_real *B, int ldb,
                                       const ncs_real *b, const ncs_real *z, ncs_real *w,
                                       const ncs_real *rmax, int *nzj, const int *owner,
                                       const int *comp, int cc);

/* Solves the dense n x n system A x = r in place (A row-major, lda),
 * Gaussian elimination with partial pivoting; perm has n ints.
 * Returns 0, or -1 when the matrix is (numerically) singular. */
NCS_INTERNAL int ncs_dense_solve(int n, ncs_real *A, int lda, ncs_real *r, int *perm);
/* The same in two parts, so that one factor serves many right-hand sides:
 * ncs_dense_factor overwrites A with its LU factors (the multipliers below
 * the diagonal, row swaps in perm) and returns 0, or -1 when A is
 * (numerically) singular; ncs_dense_lu_solve solves A x = r in place with
 * them. The two give the bits of ncs_dense_solve. */
NCS_INTERNAL int ncs_dense_factor(int n, ncs_real *A, int lda, int *perm);
NCS_INTERNAL void ncs_dense_lu_solve(int n, const ncs_real *A, int lda, const int *perm,
                                     ncs_real *r);

#endif
