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
