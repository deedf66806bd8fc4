/* ncs/mlcp.h - mixed LCPs: equality rows with free multipliers (joints)
 * together with the complementarity rows of a contact formulation.
 *
 * In contact space (ncs/layout.h) a mixed LCP of ne equality rows and the
 * contacts' impulses u reads
 *
 *     0 = E lambda + G u + c                 (lambda free)
 *     a = G^T lambda + A u + a0              (a: the rows of ncs/layout.h)
 *
 * with E = J M^-1 J^T (J: the equality rows), G = J M^-1 W and A = W^T
 * M^-1 W. When E has full rank the first line gives lambda = -E^-1 (G u +
 * c), and the second becomes an LCP of the same layout in u alone:
 *
 *     a = (A - G^T E^-1 G) u + (a0 - G^T E^-1 c)
 *
 * (the Schur complement of E; docs/engine.md, "Joints"). The reduction is
 * done in place with a Cholesky factor E = L L^T, Y = L^-1 G and c' =
 * L^-1 c: A -= Y^T Y, a0 -= Y^T c'. A row of E that depends on the rows
 * before it (a redundant joint: its pivot falls below tol times its
 * diagonal) is dropped: its multiplier is 0, and the rows it repeats carry
 * its load. ncs_mlcp_multipliers then gives lambda = -L^-T (Y u + c').
 *
 * Plain C99 over ncs_real; no heap. Row-major arrays with leading
 * dimensions.
 */
#ifndef NCS_MLCP_H
#define NCS_MLCP_H

#include "ncs/real.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Reduces the mixed LCP above to an LCP in u, in place. E (ne x ne, lde;
/// symmetric, only the lower triangle is read) becomes L; G (ne x nu, ldg)
/// becomes Y; c (ne) becomes c'; A (nu x nu, lda) and a0 (nu) become the
/// reduced A and a0. nu may be 0 (joints alone: A, a0 and G are then not
/// touched and may be NULL). Returns the rank of E (the rows kept), or -1
/// when ne < 0, nu < 0, a leading dimension is too small, a needed pointer
/// is NULL or an entry of E, G or c is not finite (nothing is then
/// written).
int ncs_mlcp_reduce(int ne, ncs_real *E, int lde, int nu, ncs_real *G, int ldg, ncs_real *c,
                    ncs_real *A, int lda, ncs_real *a0, ncs_real tol);

/// The multipliers of a reduced mixed LCP for the impulses u (nu entries;
/// NULL when nu is 0): lambda = -L^-T (Y u + c'), with L, Y and c' as
/// ncs_mlcp_reduce left them. Dropped rows get 0. Never fails on what
/// ncs_mlcp_reduce accepted.
void ncs_mlcp_multipliers(int ne, const ncs_real *L, int lde, int nu, const ncs_real *Y,
                          int ldg, const ncs_real *c, const ncs_real *u, ncs_real *lambda);

#ifdef __cplusplus
}
#endif
#endif
