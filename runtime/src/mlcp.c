/* mlcp.c - the equality rows of a mixed LCP eliminated by their Schur
 * complement (ncs/mlcp.h).
 *
 * Derivation. The equality rows 0 = E lambda + G u + c have a symmetric
 * positive semidefinite E = J M^-1 J^T. Factor E = L L^T (Cholesky, row by
 * row). With Y = L^-1 G and c' = L^-1 c the rows read
 *     0 = L^T lambda + Y u + c',   so   lambda = -L^-T (Y u + c'),
 * and the complementarity rows a = G^T lambda + A u + a0 become
 *     a = -G^T L^-T (Y u + c') + A u + a0 = (A - Y^T Y) u + (a0 - Y^T c'),
 * because G^T L^-T = (L^-1 G)^T = Y^T. The reduced A keeps A's symmetry and
 * stays positive semidefinite (it is W^T P W for the projector-weighted
 * P = M^-1 - M^-1 J^T E^-1 J M^-1), so every formulation's LCP keeps the
 * properties docs/solver.md relies on.
 *
 * A rank-deficient E (two pins joining the same two bodies at one point,
 * a weld next to a pin) has a pivot d_k = E_kk - sum_j L_kj^2 that is zero
 * in exact arithmetic; a pivot below tol E_kk drops row k: L's column k is
 * set to 0 (L_kk = 0 marks it), its multiplier is 0 and its Y row and c'
 * entry are 0. When the constraints agree the kept rows hold the dropped
 * one (it is a combination of them); when they contradict, the dropped row
 * is what is given up.
 */
#include <string.h>
#include "ncs/mlcp.h"
#include "lcp_internal.h"

static int is_finite_real(ncs_real x) {
    return x - x == 0;
}

/* Solves L y = y in place for one column y (stride ld), skipping the
 * dropped rows. */
static void forward(int ne, const ncs_real *L, int lde, ncs_real *y, int ld) {
    int i, j;
    for (i = 0; i < ne; i++) {
        ncs_real s = y[(size_t)i * (size_t)ld], d = L[(size_t)i * (size_t)lde + (size_t)i];
        if (d == 0) {
            y[(size_t)i * (size_t)ld] = 0;
            continue;
        }
        for (j = 0; j < i; j++)
            s -= L[(size_t)i * (size_t)lde + (size_t)j] * y[(size_t)j * (size_t)ld];
        y[(size_t)i * (size_t)ld] = s / d;
    }
}

int ncs_mlcp_reduce(int ne, ncs_real *E, int lde, int nu, ncs_real *G, int ldg, ncs_real *c,
                    ncs_real *A, int lda, ncs_real *a0, ncs_real tol) {
    int i, j, k, rank = 0;
    if (ne < 0 || nu < 0 || (ne > 0 && (!E || !c || lde < ne)) ||
        (ne > 0 && nu > 0 && (!G || ldg < nu || !A || !a0 || lda < nu)))
        return -1;
    for (i = 0; i < ne; i++) {
        if (!is_finite_real(c[i]))
            return -1;
        for (j = 0; j <= i; j++)
            if (!is_finite_real(E[(size_t)i * (size_t)lde + (size_t)j]))
                return -1;
        for (j = 0; j < nu; j++)
            if (!is_finite_real(G[(size_t)i * (size_t)ldg + (size_t)j]))
                return -1;
    }
    /* E = L L^T, row by row, in the lower triangle */
    for (i = 0; i < ne; i++) {
        ncs_real *Li = E + (size_t)i * (size_t)lde, diag = Li[i];
        for (j = 0; j <= i; j++) {
            const ncs_real *Lj = E + (size_t)j * (size_t)lde;
            ncs_real s = Li[j];
            for (k = 0; k < j; k++)
                s -= Li[k] * Lj[k];
            if (j < i) {
                Li[j] = Lj[j] != 0 ? s / Lj[j] : 0;
            } else if (s > tol * diag && s > 0) {
                Li[i] = NCS_SQRT(s);
                rank++;
            } else {
                Li[i] = 0; /* dropped: a combination of the rows above */
            }
        }
        if (Li[i] == 0)
            for (j = 0; j < i; j++)
                Li[j] = 0;
    }
    /* Y = L^-1 G column by column, c' = L^-1 c */
    for (j = 0; j < nu; j++)
        forward(ne, E, lde, G + j, ldg);
    forward(ne, E, lde, c, 1);
    /* A -= Y^T Y, a0 -= Y^T c' */
    for (i = 0; i < ne && nu > 0; i++) {
        const ncs_real *Yi = G + (size_t)i * (size_t)ldg;
        for (j = 0; j < nu; j++) {
            ncs_real y = Yi[j], *Aj = A + (size_t)j * (size_t)lda;
            if (y == 0)
                continue;
            for (k = 0; k < nu; k++)
                Aj[k] -= y * Yi[k];
            a0[j] -= y * c[i];
        }
    }
    return rank;
}

void ncs_mlcp_multipliers(int ne, const ncs_real *L, int lde, int nu, const ncs_real *Y,
                          int ldg, const ncs_real *c, const ncs_real *u, ncs_real *lambda) {
    int i, j;
    for (i = 0; i < ne; i++) {
        ncs_real s = c[i];
        for (j = 0; j < nu; j++)
            s += Y[(size_t)i * (size_t)ldg + (size_t)j] * u[j];
        lambda[i] = -s;
    }
    /* L^T lambda = -(Y u + c'), backwards */
    for (i = ne - 1; i >= 0; i--) {
        ncs_real s = lambda[i], d = L[(size_t)i * (size_t)lde + (size_t)i];
        if (d == 0) {
            lambda[i] = 0;
            continue;
        }
        for (j = i + 1; j < ne; j++)
            s -= L[(size_t)j * (size_t)lde + (size_t)i] * lambda[j];
        lambda[i] = s / d;
    }
}
