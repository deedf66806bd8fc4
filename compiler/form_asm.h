/* form_asm.h - compile-time assembly of one formulation LCP.
 *
 * For bodies whose contact set is the same every step (static structure,
 * see docs/formulations.md) the code generator computes B here, once, and
 * writes it into the generated code as a constant table; b is affine in the
 * per-contact free terms a0n (normal: n.v~ + f/h) and a0t (tangential:
 * t.v~ - r w~), and this module returns its coefficients so that the
 * generated code can evaluate b with straight-line, constant-folded sums.
 * The row definitions are those of runtime/include/ncs/layout.h; the
 * generated runtime assembler (emit_c.c) implements the same rows.
 */
#ifndef NCS_FORM_ASM_H
#define NCS_FORM_ASM_H

#include "ncs/layout.h"

/** Contact data of one body's LCP (contact order of layout.h). */
typedef struct ncs_fasm_in {
    int form;               /**< ncs_formulation */
    int ng;                 /**< nonconvex groups */
    const int *gsize;       /**< sides per group */
    int nx;                 /**< convex contacts after the y sides */
    int k;                  /**< friction directions, 0 or 2 */
    const double *nx_;      /**< contact normal x, nc entries */
    const double *ny_;      /**< contact normal y */
    const double *mu;       /**< friction coefficient per contact */
    double im;              /**< inverse mass */
    double iI;              /**< inverse inertia (0: no rotation) */
    double r;               /**< disc radius (0: particle) */
    double gamma;           /**< max constant */
    double eps_h;           /**< summation epsilon / h */
} ncs_fasm_in;

/** Result: B (m x m, row-major) and b = bconst + bn a0n + bt a0t. */
typedef struct ncs_fasm {
    ncs_layout_offsets o;   /**< block offsets */
    int m;                  /**< dimension */
    int nc;                 /**< contacts */
    double *B;              /**< m*m */
    double *bconst;         /**< m */
    double *bn;             /**< m*nc: coefficient of a0n[c] in b[r] at r*nc + c */
    double *bt;             /**< m*nc: coefficient of a0t[c] */
} ncs_fasm;

/// Assembles. Returns 0; -1 for an invalid layout; -2 when out of memory.
/// On failure `out` holds nothing to free.
int ncs_fasm_build(const ncs_fasm_in *in, ncs_fasm *out);

/// Releases the arrays. Accepts a zeroed struct.
void ncs_fasm_free(ncs_fasm *f);

#endif
