/* ncs/assemble.h - reference assembly of a formulation LCP from contact-space
 * data, and its inverse (extraction).
 *
 * Contact space (see ncs/layout.h): u = [p_n (nc) ; p_f (k*nc)], nu = nc*(1+k),
 * A is nu x nu row-major (A[r*nu + c]), a0 has nu entries, mu has nc entries
 * (ignored when k == 0). The reference assembler is plain dense C; it is the
 * oracle the code generator's straight-line assembly is tested against.
 * Plain C99, no allocation, no stdio: usable by firmware.
 */
#ifndef NCS_ASSEMBLE_H
#define NCS_ASSEMBLE_H

#include "ncs/layout.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Number of contact-space unknowns nc*(1+k) of layout L, or -1 when L is
/// invalid.
int ncs_lcp_contact_size(const ncs_layout *L);

/// Offset in z of the contact-space impulses u (p_y, p_x and p_f are one
/// contiguous run in every formulation), or -1 when L is invalid.
int ncs_lcp_impulse_offset(const ncs_layout *L);

#ifndef NCS_LCP_NO_ASSEMBLE
/// Builds B (m x m, row-major, leading dimension ldb >= m, every entry
/// written) and b (m) exactly per ncs/layout.h, m = ncs_layout_size(L).
/// Returns 0, or -1 (writing nothing) when L is invalid, a pointer is NULL
/// or ldb < m. Left out when NCS_LCP_NO_ASSEMBLE is defined (the firmware
/// copy written by `ncsc --target embedded`: generated code assembles B
/// itself).
int ncs_lcp_assemble(const ncs_layout *L, const ncs_real *A, const ncs_real *a0,
                     const ncs_real *mu, ncs_real *B, int ldb, ncs_real *b);

/// The augmented form of the same LCP, for a Delassus matrix given by its
/// factor: A = G diag(minv) G^T with G (nu x nd: the impulses' rows over
/// the island's nd degrees of freedom) by compressed rows (row q's
/// columns at gi[gp[q]] .. gi[gp[q+1]-1]) and minv (nd, the inverse
/// masses and inertias, >= 0). With R = Minv^(1/2), the LCP of order
/// n = m + nd
///   [w; 0] = [B0, E G R; R G^T S, -I] [z; y] + [b; 0]
/// (B0: B's rows without A; E: where B's rows add rows of A; S picks u
/// from z) has y = R G^T u (the bodies' velocity change, scaled by the
/// square root of their masses: both off-diagonal blocks alike), so
/// eliminating y leaves B = B0 + E A S, ncs_lcp_assemble's B: every column
/// is sparse and no nu x nu matrix is formed. Writes it by
/// compressed columns into bp (n + 1), bi and bx (at most nzmax entries,
/// one per row and column: duplicates summed) and b (n; its last nd
/// entries 0). work: n ints. Returns the entries written, -1 (nothing
/// written) when L is invalid, nd < 1, a pointer is NULL, an index of G
/// is outside 0 .. nd-1 or an entry of minv is negative or not finite, or
/// -2 when more than nzmax entries are needed
/// (bp[n] then holds how many, duplicates not yet summed: enough room for
/// a second call; bi, bx and b undefined).
long ncs_lcp_assemble_aug(const ncs_layout *L, int nd, const int *gp, const int *gi,
                          const ncs_real *gx, const ncs_real *minv, const ncs_real *a0,
                          const ncs_real *mu, long nzmax, int *bp, int *bi, ncs_real *bx,
                          ncs_real *b, int *work);
#endif

/// The inverse of ncs_lcp_assemble: reads A (nu x nu), a0 (nu) and mu (nc;
/// 0 when k == 0) back from the rows of B and b that carry them (max: h rows;
/// summation: c rows; diff: p_y and c rows; diff-accurate: gv rows; every
/// form: p_x, p_f and s rows). Entries of B that do not carry contact data
/// are not checked. Returns 0, or -1 when L is invalid, a pointer is NULL or
/// ldb < m.
int ncs_lcp_extract(const ncs_layout *L, const ncs_real *B, int ldb,
                    const ncs_real *b, ncs_real *A, ncs_real *a0, ncs_real *mu);

#ifdef __cplusplus
}
#endif
#endif
