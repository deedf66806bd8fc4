/* lemke_basis.h - Lemke's method on a factorised basis instead of a
 * tableau (issue 26, docs/solver.md, "Lemke on a factorised basis"): the
 * memory is linear in m and in the entries of B, so an LCP of thousands
 * of sparse rows fits where the tableau's m (m + 2) reals do not.
 *
 * B (n x n) is given by compressed sparse columns (bp, bi, bx: the rows
 * of column j at bi[bp[j]] .. bi[bp[j+1]-1], no duplicates). The pivoting
 * rule is the tableau's (lemke.c): z0 enters against the most negative
 * b, the minimum ratio over entries above NCS_TOL_PIVOT of the entering
 * column, ties within NCS_TOL_TIE (z0 first, also within the looser
 * NCS_TOL_TIE_Z0), then the lexicographic rule on the rows of Binv
 * within NCS_TOL_LEX of their scale, and z0 at NCS_TOL_Z0_ZERO of b's
 * scale ends the run. The basis is factored (lu.c) every NCS_LEMKEB_ETAS
 * pivots and the basic values taken from it afresh, so rounding does not
 * pile up over the pivots as it does in a tableau. The caller verifies
 * the answer, as for every path of the solver.
 */
#ifndef NCS_LEMKE_BASIS_H
#define NCS_LEMKE_BASIS_H

#include "lu.h"

/** Workspace of ncs_lemkeb_run, all of it the caller's memory. */
typedef struct ncs_lemkeb {
    int mmax;           /**< the largest m */
    int kcap;           /**< entries the basis matrix K can hold */
    int *basis;         /**< mmax: the variable at each position (w_i: i, z_j: m + j, z0: 2 m) */
    int *where;         /**< 2 mmax + 1: a basic variable's position, -1 when nonbasic */
    int *krow;          /**< mmax: row i's index among K's rows (w_i nonbasic), else -1 */
    int *kpos;          /**< mmax: the position of K's column c */
    int *kp, *ki;       /**< K by columns: mmax + 1 starts, kcap rows */
    ncs_real *kx;       /**< kcap values of K */
    int *cand;          /**< mmax: the ratio test's candidates */
    int *order;         /**< mmax: the indices in the order K's columns take (fill) */
    int *seen;          /**< mmax: visited by the ordering's search */
    int *pref;          /**< mmax: K's preferred pivot row of each column */
    int *wpos;          /**< mmax: w_i's position when K was factored, -1: not basic */
    int *kv;            /**< mmax: the variable of K's column c when K was factored */
    int *etar;          /**< NCS_LEMKEB_ETAS: the position each eta replaced */
    ncs_real *eta;      /**< NCS_LEMKEB_ETAS x mmax: Binv of each entering column */
    ncs_real *v;        /**< mmax: a row of Binv (lexicographic scales) */
    int neta;           /**< etas since K was factored */
    int max_etas;       /**< in: etas kept before K is factored again (<= NCS_LEMKEB_ETAS;
                             ncs_lemkeb_bind sets NCS_LEMKEB_ETAS, 0: every pivot) */
    ncs_real *beta;     /**< mmax: the basic values, Binv b */
    ncs_real *x;        /**< mmax: Binv of the entering column */
    ncs_real *col;      /**< mmax: a column of Binv (lexicographic rule) */
    ncs_real *a;        /**< mmax: a right-hand side over the rows */
    ncs_real *y;        /**< mmax: K's solve */
    ncs_real *scale;    /**< mmax: candidates' lexicographic scales */
    int loose_exit;     /**< out: z0 left on the looser tie */
    int refactors;      /**< out: factorisations made (with the etas between) */
    ncs_real delta;     /**< added to the basic z's diagonal of B (a set solve's
                             proximal steps; 0 in Lemke's runs) */
    ncs_lu lu;          /**< the factor of K */
} ncs_lemkeb;

/** Pivots between two factorisations of K: each pivot in between keeps
 * its entering column as an eta (product form of the inverse: Binv =
 * E_n^-1 ... E_1^-1 K's solve), and K is factored again when they are
 * used up. */
#define NCS_LEMKEB_ETAS 32
/** A pivot entry below this times its column's largest factors K again
 * instead of keeping an eta (an eta divides by it). */
#ifndef NCS_LEMKEB_ETA_PIVOT
#define NCS_LEMKEB_ETA_PIVOT NCS_RC(1e-2)
#endif

/** A final basic value below -this times the values' scale: not solved. */
#define NCS_LEMKEB_INFEASIBLE NCS_RC(1e-6)

/// Ints and reals ncs_lemkeb_bind takes for m <= mmax, nnz(B) <= nzmax and
/// a factor of cap entries in each of L and U.
NCS_INTERNAL size_t ncs_lemkeb_ints(int mmax, long nzmax, int cap);
NCS_INTERNAL size_t ncs_lemkeb_reals(int mmax, long nzmax, int cap);
/// Lays the workspace over iv and rv. Cannot fail.
NCS_INTERNAL void ncs_lemkeb_bind(ncs_lemkeb *lb, int mmax, long nzmax, int cap, int *iv,
                                  ncs_real *rv);

/// Lemke's method on w = B z + b of order n whose last nfree rows are
/// equalities (w = 0 there, its z free: a mixed LCP; 0 <= nfree < n):
/// their z stay basic, never limit a step and are not clamped, their b
/// must be 0, and the pivoting rule acts on the first m = n - nfree rows
/// as the tableau's on the LCP the free z's elimination leaves (the same
/// pivots in exact arithmetic). Returns NCS_LCP_SOLVED with z (m: the
/// complementary part) the complementary basis's z (not verified here),
/// NCS_LCP_RAY, NCS_LCP_PIVOT_CAP (more than max_pivots),
/// NCS_LCP_NUMERICAL (an entry that is not finite, an equality's b not 0,
/// a basis the factor finds singular) or NCS_LCP_WORKSPACE (n or nnz(B)
/// beyond the binding, or a factor beyond its cap); z is 0 unless solved.
/// *pivots += the pivots made.
NCS_INTERNAL int ncs_lemkeb_run(ncs_lemkeb *lb, int n, int nfree, const int *bp, const int *bi,
                                const ncs_real *bx, const ncs_real *b, int max_pivots,
                                ncs_real *z, int *pivots);

/// The complementary basis whose z_i is basic where zb[i] (i < m; the free
/// z's always) solved on the factor from z0 (NULL: 0), refined; when it is
/// singular, proximal steps on it with delta on the z's diagonal: z_i its
/// value where zb[i] and it is positive, else 0 (the polish of a guessed
/// active set; the caller verifies). Returns NCS_LCP_SOLVED,
/// NCS_LCP_NUMERICAL (an entry not finite, an equality's b not 0, a basis
/// singular even so) or NCS_LCP_WORKSPACE.
NCS_INTERNAL int ncs_lemkeb_solve_set(ncs_lemkeb *lb, int n, int nfree, const int *bp,
                                      const int *bi, const ncs_real *bx, const ncs_real *b,
                                      const unsigned char *zb, const ncs_real *z0, ncs_real *z);

#endif
