/* ncs/layout.h - the variable layout of every contact formulation.
 *
 * This header is the contract between the code generator (which assembles
 * B and b with straight-line code) and the runtime (which solves, verifies,
 * and, for nonconvex groups, exploits the structure). It depends on nothing
 * but the C standard library and is shared by the host and firmware builds.
 *
 * Notation (paper 000 appendix, Nguyen 003 section 2):
 *   contacts j = 0 .. nc-1, nc = y + x. The first y contacts are the sides of
 *   the nonconvex groups, group after group (group i owns group_size[i]
 *   consecutive sides); the last x contacts are convex (plain half-planes).
 *   k = friction directions per contact (0 = frictionless, 2 in 2D).
 *
 *   Contact space: A is the Delassus matrix W^T M^-1 W over the impulse
 *   vector u = [p_n (nc) ; p_f (k*nc)], and a0 the free term, so that
 *     a_j   = (A u + a0)_j            for j < nc  (normal gap / h at end of step)
 *     t_jl  = (A u + a0)_{nc + j*k + l}           (tangential velocity, dir. l)
 *   a0 = [W_n^T (v + M^-1 p_ext) + f/h ; W_f^T (v + M^-1 p_ext)].
 *   mu_j is the friction coefficient of contact j.
 *
 * Every formulation's z is a concatenation of blocks; row r of B and b is the
 * complementarity partner of z_r (w_r = (B z + b)_r, 0 <= w perp z >= 0).
 * Blocks, in order (sizes in brackets, s(j) = group of side j, n_i = size of
 * group i, the sides of group i are numbered 1..n_i locally):
 *
 * NCS_FORM_STEWART  (requires ngroups == 0; all contacts convex)
 *   p_x[x]   row: a_j
 *   p_f[kx]  row: t_jl + s_j
 *   s[x]     row: mu_j p_n,j - sum_l p_f,jl
 *
 * NCS_FORM_MAX  (paper eqs. 13-22, appendix eqs. 32-33)
 *   c[y]     row: c_j + a_j - 1
 *   d[g]     row: sum_{j in i} g_j - 1
 *   g[y]     row: c_j + d_s(j) - gamma
 *   h[y]     row: h_j + a_j
 *   p[g]     row: d_i - gamma + 1
 *   p_y[y]   row: h_j + d_s(j) - gamma + 1
 *   p_x[x]   row: a_j
 *   p_f[k(y+x)] row: t_jl + s_j
 *   s[y+x]   row: mu_j p_n,j - sum_l p_f,jl
 *   m = 4y + 2g + x + (k+1)(x+y)
 *
 * NCS_FORM_SUMMATION  (paper eqs. 25-28, appendix eqs. 34-35)
 *   c[y]     row: c_j - a_j - eps_h                (eps_h = epsilon / h)
 *   p_y[y]   row: sum_{l in s(j)} c_l - eps_h
 *            (paper eq. 30 for any n; the appendix's eq. 35 prints
 *            (n - 1) eps_h, which agrees only for n = 2: an erratum)
 *   p_x, p_f, s as for max.      m = 2y + x + (k+1)(x+y)
 *
 * NCS_FORM_DIFF  (Nguyen 2.1.2; per group c_2..c_n, i.e. n_i - 1 entries)
 *   c[y-g]   row for c_k (k = 2..n): c_k - a_k + a_1 + sum_{l=2}^{k-1} c_l
 *   p_y[y]   row for side k (k = 1..n): a_1 + sum_{l=2}^{n} c_l
 *   p_x, p_f, s as for max.      m = 2y - g + x + (k+1)(x+y)
 *
 * NCS_FORM_DIFF_ACCURATE  (Nguyen 2.2.2)
 *   c[y-g]   as for diff
 *   gv[y]    row for side k: gv_k + a_k
 *   pd[g]    row: a_1 + sum_{l=2}^{n} c_l          (the dummy p; zero column)
 *   p_y[y]   row for side k: gv_k + a_1 + sum_{l=2}^{n} c_l
 *   p_x, p_f, s as for max.      m = 3y + x + (k+1)(x+y)
 *
 * Within a block, entries follow the contact order (groups in order, sides
 * in order; for p_f, contact-major then direction). "a_1" is the first side
 * of the group in contact order.
 */
#ifndef NCS_LAYOUT_H
#define NCS_LAYOUT_H

#include "ncs/real.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Contact formulations. The numeric values are stable (written in dumps). */
typedef enum ncs_formulation {
    NCS_FORM_STEWART = 0,       /**< convex baseline, one half-plane per contact */
    NCS_FORM_MAX = 1,           /**< paper's max formulation (needs gamma) */
    NCS_FORM_SUMMATION = 2,     /**< paper's summation formulation (needs eps_h) */
    NCS_FORM_DIFF = 3,          /**< Nguyen's simple diff formulation */
    NCS_FORM_DIFF_ACCURATE = 4  /**< Nguyen's accurate diff formulation */
} ncs_formulation;

/** Shape of one formulation LCP. Plain data, owned by the caller. */
typedef struct ncs_layout {
    int form;               /**< an ncs_formulation value */
    int ngroups;            /**< g: number of nonconvex groups */
    const int *group_size;  /**< n_i >= 1 for i < g; may be NULL when g == 0 */
    int nconvex;            /**< x: number of convex contacts */
    int nfric;              /**< k: friction directions per contact, 0 or 2 */
    ncs_real gamma;         /**< max formulation constant (> 0), else ignored */
    ncs_real eps_h;         /**< summation epsilon / h (> 0), else ignored */
} ncs_layout;

/** Offsets of every block of z (and of the rows, which pair with z).
 *  A block that the formulation does not have has offset -1 and size 0. */
typedef struct ncs_layout_offsets {
    int y;      /**< nonconvex sides, sum of group sizes */
    int nc;     /**< contacts, y + x */
    int m;      /**< LCP dimension */
    int c, nc_c;   /**< c block: offset and size (y for max/sum, y-g for diff*) */
    int d;      /**< max: d block (size g) */
    int g;      /**< max: g block (size y) */
    int h;      /**< max: h block (size y) */
    int p;      /**< max: p block (size g) */
    int gv;     /**< diff-accurate: gv block (size y) */
    int pd;     /**< diff-accurate: pd block (size g) */
    int py;     /**< p_y block (size y) */
    int px;     /**< p_x block (size x) */
    int pf;     /**< p_f block (size k*nc) */
    int s;      /**< s block (size nc when k > 0, else 0) */
} ncs_layout_offsets;

/// Fills `o` for layout `L`. Returns 0, or -1 (leaving `o` zeroed) when the
/// layout is invalid: unknown formulation, negative counts, a group of size
/// < 1, k not 0 or 2, stewart with groups, or gamma/eps_h <= 0 where needed.
int ncs_layout_offsets_of(const ncs_layout *L, ncs_layout_offsets *o);

/// LCP dimension m of layout `L`, or -1 when the layout is invalid.
int ncs_layout_size(const ncs_layout *L);

#ifdef __cplusplus
}
#endif
#endif
