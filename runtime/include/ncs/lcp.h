/* ncs/lcp.h - the runtime's LCP solver: find z >= 0 with w = B z + b >= 0
 * and z.w = 0, verified against the full problem.
 *
 * Contract with generated code: the generated step assembles B (row-major,
 * leading dimension ldb >= m) and b for the layout it describes, calls
 * ncs_lcp_solve, and reads the impulses out of z at the offsets of
 * ncs/layout.h. The runtime owns the solve, the strategy and the status;
 * the generated code owns assembly and integration.
 *
 * Memory: a workspace is caller-owned memory of ncs_lcp_workspace_bytes(mmax)
 * bytes (or NCS_LCP_WORKSPACE_DOUBLES(mmax) doubles for static sizing); no
 * allocation happens inside ncs_lcp_solve. The workspace also carries the
 * warm-start state of the previous solve.
 */
#ifndef NCS_LCP_H
#define NCS_LCP_H

#include <stddef.h>
#include "ncs/layout.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The most rows of one LCP the solver takes (ncs_lcp_workspace_bytes and
 *  ncs_lcp_cs_workspace_bytes return 0 above it; ncsc refuses a scene whose
 *  islands may need more, and ncs-lcp a file of more). */
#define NCS_LCP_MAX_M 20000

/** Result of a solve. Values are stable (printed by tools, tested). */
typedef enum ncs_lcp_status {
    NCS_LCP_SOLVED = 0,        /**< z verified: z >= 0, w >= 0, z.w = 0 within tolerance */
    NCS_LCP_RAY = 1,           /**< Lemke ended on a secondary ray and no strategy verified */
    NCS_LCP_PIVOT_CAP = 2,     /**< pivot limit reached */
    NCS_LCP_NUMERICAL = 3,     /**< numerical trouble (non-finite entries, singular pivot) */
    NCS_LCP_UNVERIFIED = 4,    /**< every strategy finished but none verified */
    NCS_LCP_BAD_INPUT = 5,     /**< invalid arguments (m out of range, bad layout, NULL) */
    NCS_LCP_WORKSPACE = 6      /**< workspace too small for this m */
} ncs_lcp_status;

/** Details of the last solve. */
typedef struct ncs_lcp_info {
    int status;          /**< an ncs_lcp_status value */
    int pivots;          /**< total complementary pivots over all attempts */
    int attempts;        /**< Lemke runs (full or reduced) tried */
    int strategy;        /**< which path produced z (NCS_LCP_PATH_*) */
    ncs_real residual;   /**< scaled residual of the returned z (see docs/solver.md) */
    int blocks;          /**< independent blocks the last path solved separately */
    ncs_real flops;      /**< floating-point operations counted in the pivots */
    int smallest;        /**< 1 when z is known to be the verified solution of smallest
                              impulse energy (docs/solver.md, "Which solution"): z = 0, a
                              selection search that ran to its end on every component, or
                              plain Lemke on a frictionless convex LCP; 0 when a warm start
                              was kept, the work budget cut the search, plain Lemke
                              answered an LCP with friction or without layout, or the
                              form is diff with friction */
} ncs_lcp_info;

/** The path that produced a verified z. */
enum {
    NCS_LCP_PATH_NONE = 0,     /**< nothing verified */
    NCS_LCP_PATH_TRIVIAL = 1,  /**< b >= 0, z = 0 */
    NCS_LCP_PATH_WARM = 2,     /**< previous basis still verified */
    NCS_LCP_PATH_LEMKE = 3,    /**< plain Lemke on the full LCP */
    NCS_LCP_PATH_SELECT = 4,   /**< side selection + reduced Lemke + lift */
    NCS_LCP_PATH_POLISH = 5,   /**< Newton polish of a near solution */
    NCS_LCP_PATH_RESCUE = 6    /**< a fallback after every Lemke path failed: the
                                    regularised restart, the contact states, the
                                    enumeration of complementary bases (docs/solver.md) */
};

/** The Delassus matrix of a contact-space LCP by its factor, A = G Minv G^T
 *  (ncs/assemble.h, ncs_lcp_assemble_aug): G's nu rows (the impulses, in
 *  ncs/layout.h's order) over nd degrees of freedom by compressed rows,
 *  and their inverse masses. Plain data, owned by the caller. */
typedef struct ncs_lcp_factor {
    int nd;                 /**< degrees of freedom (>= 1) */
    const int *gp;          /**< nu + 1: row q's entries are gp[q] .. gp[q+1]-1 */
    const int *gi;          /**< their columns, 0 .. nd-1 */
    const ncs_real *gx;     /**< their values */
    const ncs_real *minv;   /**< nd: inverse mass or inertia of each */
} ncs_lcp_factor;

/** Solver settings; ncs_lcp_default_options() gives the defaults. */
typedef struct ncs_lcp_options {
    int max_pivots;      /**< cap on pivots per Lemke run; 0 (default): 50 m + 100 */
    ncs_real tol;        /**< relative verification tolerance (default 1e-9; 1e-4 when ncs_real is float) */
    int warm_start;      /**< try the previous basis first (default 1) */
    int structured;      /**< nonconvex forms: side selection with the least-energy choice before plain Lemke (default 1; docs/solver.md) */
    int decompose;       /**< solve independent blocks of B separately (default 1) */
    int rescue;          /**< when every Lemke path failed: the fallbacks of docs/solver.md
                              ("Fallbacks": regularised restart, contact states, complementary
                              bases of a small LCP) before reporting failure (default 1; 0:
                              plain Lemke's status, as before) */
    int keep_state;      /**< 1: the call neither starts from nor changes the warm-start state
                              of the workspace (the previous verified solution and side
                              choices), so the next call solves as if this one had not
                              happened: an observer's extra solve (ncs_world's contact forces).
                              A layout with groups is then solved without the side selection
                              (as with structured = 0), which keeps its choices in that state
                              (default 0) */
    const ncs_real *guess; /**< ncs_lcp_solve_cs only (ncs_lcp_solve ignores it): a z of m
                              entries to start from, of which only the impulses u and the
                              friction slacks s are read (the groups' auxiliaries follow from
                              them); e.g. the previous step's by contact (ncs_world's
                              register). Tried first, instead of the previous basis; its
                              answer is verified like any other. May be the z argument
                              itself (read before z is written). NULL (default): none */
#if !NCS_REAL_FLOAT && !NCS_LCP_SMALL /* not in a firmware copy or float: its bytes */
    const ncs_lcp_factor *factor; /**< ncs_lcp_solve_cs only, host in double (not in a
                              firmware copy or float): with A NULL, the only A (docs/
                              solver.md, "A by its factor"); ignored when A is given.
                              NULL (default): none */
#endif
} ncs_lcp_options;

/// Default options. Never fails.
ncs_lcp_options ncs_lcp_default_options(void);

/// Bytes of workspace needed to solve any LCP of dimension <= mmax.
/// Returns 0 when mmax < 1 or the size would overflow.
size_t ncs_lcp_workspace_bytes(int mmax);

/** Elements of static storage that always hold ncs_lcp_workspace_bytes(mmax)
 *  (an upper bound, for `static ncs_real ws[NCS_LCP_WORKSPACE_REALS(M)]`;
 *  the index arrays weigh more in units of a float than of a double; the
 *  float count is even, so rows of a 2-D array stay 8-byte aligned). */
#define NCS_LCP_WORKSPACE_REALS(mmax) \
    (NCS_LCP_CS_WORKSPACE_REALS(mmax, mmax) + 2 * (size_t)(mmax) * (size_t)(mmax) + \
     2 * (size_t)(mmax))
/** The same count in the double build (kept for existing callers). */
#define NCS_LCP_WORKSPACE_DOUBLES(mmax) NCS_LCP_WORKSPACE_REALS(mmax)

/** Elements of static storage that always hold
 *  ncs_lcp_cs_workspace_bytes(mmax, ncmax): the workspace of
 *  ncs_lcp_solve_cs, whose only array of mmax^2 size is Lemke's tableau,
 *  mmax (mmax + 2) (docs/solver.md, "Memory"); the rest is vectors and
 *  index arrays of mmax and of ncmax (the index arrays weigh more in units
 *  of a float than of a double) and NCS_LCP_CS_SPARE_REALS(mmax) of room
 *  for the lazy tableau's etas (host). Even, so that rows of a 2-D array
 *  stay 8-byte aligned. */
#if NCS_REAL_IS_FLOAT
#define NCS_LCP_CS_WORKSPACE_REALS(mmax, ncmax) \
    (((size_t)(mmax) * (size_t)(mmax) + 24 * (size_t)(mmax) + 16 * (size_t)(ncmax) + 161 + \
      NCS_LCP_CS_SPARE_REALS(mmax)) / 2 * 2)
#else
#define NCS_LCP_CS_WORKSPACE_REALS(mmax, ncmax) \
    ((size_t)(mmax) * (size_t)(mmax) + 18 * (size_t)(mmax) + 11 * (size_t)(ncmax) + 96 + \
     NCS_LCP_CS_SPARE_REALS(mmax))
#endif

/** Spare room of a contact-space workspace for the etas of the lazy
 *  tableau (docs/solver.md: Lemke runs of m <= NCS_LEMKE_LAZY_MAX_M, 32 on
 *  the host): mmax (mmax + 2) reals up to that m, none above it or when
 *  NCS_LEMKE_LAZY_MAX_M is 0 (a specialised firmware copy: the eager
 *  tableau only). Less room is not an error: the etas start again sooner
 *  (the same results). */
#define NCS_LCP_LAZY_MAX_M_ NCS_LEMKE_LAZY_MAX_M /* ncs/config.h */
#define NCS_LCP_CS_SPARE_REALS(mmax) \
    ((size_t)(mmax) <= (size_t)NCS_LCP_LAZY_MAX_M_ ? (size_t)(mmax) * ((size_t)(mmax) + 2) : 0)

/** Alignment (bytes) ncs_lcp_workspace_init requires of its memory: that of
 *  ncs_real and of a pointer, whichever is larger. */
#define NCS_LCP_WORKSPACE_ALIGN \
    (sizeof(ncs_real) > sizeof(void *) ? sizeof(ncs_real) : sizeof(void *))

typedef struct ncs_lcp_workspace ncs_lcp_workspace;

/// Lays a workspace over `mem` (at least ncs_lcp_workspace_bytes(mmax) bytes,
/// aligned to NCS_LCP_WORKSPACE_ALIGN). Returns NULL when mem is NULL, too small or mmax < 1.
ncs_lcp_workspace *ncs_lcp_workspace_init(void *mem, size_t bytes, int mmax);

/// Solves w = B z + b, 0 <= w perp z >= 0, with B row-major (B[r*ldb + c]).
/// `layout` describes the formulation (may be NULL: then only plain Lemke is
/// tried). On NCS_LCP_SOLVED, z and w (each m ncs_real, caller-owned; w may be
/// NULL) hold the verified solution. On any other status z and w are left
/// zeroed and `info` says why. B and b are never modified. `opt` may be NULL
/// (defaults); `info` may be NULL.
ncs_lcp_status ncs_lcp_solve(ncs_lcp_workspace *ws, const ncs_layout *layout,
                             int m, const ncs_real *B, int ldb, const ncs_real *b,
                             ncs_real *z, ncs_real *w, const ncs_lcp_options *opt,
                             ncs_lcp_info *info);

/// Bytes of a workspace for ncs_lcp_solve_cs on LCPs of dimension <= mmax
/// with at most ncmax contacts (NCS_LCP_CS_WORKSPACE_REALS(mmax, ncmax)
/// reals always hold it): Lemke's tableau mmax (mmax + 2), vectors of mmax
/// and of ncmax, and NCS_LCP_CS_SPARE_REALS(mmax). It has no room for A or
/// B: the caller's A is read in place. Returns 0 when mmax < 1, ncmax < 1
/// or the size would overflow.
size_t ncs_lcp_cs_workspace_bytes(int mmax, int ncmax);

/// Lays a workspace for ncs_lcp_solve_cs over `mem` (at least
/// ncs_lcp_cs_workspace_bytes(mmax, ncmax) bytes less
/// NCS_LCP_CS_SPARE_REALS(mmax) reals, aligned to NCS_LCP_WORKSPACE_ALIGN);
/// every byte beyond the arrays is room for the lazy tableau's etas.
/// Returns NULL when mem is NULL, misaligned or too small, mmax < 1 or
/// ncmax < 1. ncs_lcp_solve refuses such a workspace when it is given a
/// layout (no room to read A back from B: status NCS_LCP_WORKSPACE); a
/// workspace of ncs_lcp_workspace_init serves both entry points.
ncs_lcp_workspace *ncs_lcp_workspace_init_cs(void *mem, size_t bytes, int mmax, int ncmax);

/// Solves the LCP of `layout` in contact space without forming B
/// (docs/solver.md, "The contact-space entry point"): its rows are those
/// ncs_lcp_assemble(layout, A, a0, mu, ...) writes, with pyb[j] added to b
/// of the p_y row of side j (pyb: o.y entries, may be NULL; the engine's
/// ghost sides), and the result is that of ncs_lcp_solve on that B and b
/// (the same z, status and info, bit for bit but for the sign of a zero;
/// see docs/solver.md for what may differ in info.flops). A is nu x nu,
/// row-major with leading dimension lda >= nu (nu = ncs_lcp_contact_size),
/// read in place and never written, as a0 (nu) and mu (nc; ignored and may
/// be NULL when layout->nfric is 0). z and w (w may be NULL) have m =
/// ncs_layout_size(layout) entries. A may be NULL when opt->factor gives
/// it (host, double): the strategy is then the factor's alone (the
/// caller's guess solved on a sparse factor, Lemke on a factorised basis,
/// docs/solver.md "A by its factor"), every answer verified on the full
/// LCP as ever, no memory of A's size read. Fails with NCS_LCP_BAD_INPUT
/// when ws, layout, A (without a factor), a0 or z is NULL, a factor read
/// in A's place has starts that decrease, a column outside 0 .. nd-1, a
/// value that is not finite or an inverse mass that is negative or not
/// finite, the layout is invalid (or not the one a
/// specialised copy was made for), lda < nu or mu is NULL with friction;
/// NCS_LCP_WORKSPACE when m or the number of contacts exceeds the
/// workspace's mmax or ncmax; NCS_LCP_NUMERICAL when
/// an entry of B or b would not be finite (A, a0, mu or a difference of two
/// rows of A in the diff forms); otherwise as ncs_lcp_solve. On any status
/// but NCS_LCP_SOLVED z and w are zeroed.
ncs_lcp_status ncs_lcp_solve_cs(ncs_lcp_workspace *ws, const ncs_layout *layout,
                                const ncs_real *A, int lda, const ncs_real *a0,
                                const ncs_real *mu, const ncs_real *pyb, ncs_real *z,
                                ncs_real *w, const ncs_lcp_options *opt, ncs_lcp_info *info);

/// Short lowercase name of a status ("solved", "ray", ...). Never NULL.
const char *ncs_lcp_status_name(int status);

#ifdef __cplusplus
}
#endif
#endif
