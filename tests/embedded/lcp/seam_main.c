/* seam_main.c - the float solver copy of examples/holes.ncs keeps each group's condition in contact
 * space (docs/solver.md, "Verification"; docs/embedded.md, "holes").
 *
 * The LCP of examples/holes.ncs at step 143 in float (max formulation,
 * m = 20): the particle at the pocket's lowest corner (1, 1), two pieces of
 * the block with sides 0, 1 and 2, 3; sides 0 and 3 are the two sides of
 * the seam y = x between them (overlapped by the geometry's 1e-6). A, a0
 * and gamma are the float values the simulator passed, assembled here by
 * the solver copy's own assembler. One float solution of the full LCP is
 * within the float tolerance: impulse on seam side 0 only, which leaves
 * group 1 at max(a_2, a_3) = a_3 = -2.0e-4 (the particle slides along the
 * seam out of the obstacle). Its gamma-sized rows cannot show that (one
 * ulp of gamma is 2.4e-4); the solver must not return it. Checked here in
 * double from the float data: every group has max_j a_j >= -1e-6 (the
 * seam solution misses that by 200 times).
 * Exit status 0 when the solve verified and every group holds.
 */
#include <stdio.h>
#include "holes_lcp.h"

enum { NU = 4, M = 20 };

static const holes_real A[NU * NU] = {
    0.99999994f, 0.948683262f, -0.813733459f, -0.99999994f,
    0.948683262f, 0.99999994f, -0.588171661f, -0.948683262f,
    -0.813733459f, -0.588171661f, 1.0f, 0.813733459f,
    -0.99999994f, -0.948683262f, 0.813733459f, 0.99999994f};
static const holes_real a0[NU] = {-0.880524158f, -1.27766514f, -0.0967593491f, 0.880324125f};
static const int group_size[2] = {2, 2};

static union {
    holes_real r[HOLES_LCP_WORKSPACE_REALS(M)];
    void *p;
    double d;
} wsmem;

int main(void) {
    holes_layout L = {0};
    holes_layout_offsets o;
    holes_real B[M * M], b[M], z[M];
    holes_lcp_workspace *ws;
    holes_lcp_info info;
    int st, g, j, q, first = 0, ub, failed = 0;
    L.form = HOLES_FORM_MAX;
    L.ngroups = 2;
    L.group_size = group_size;
    L.gamma = 2494.97021f;
    L.eps_h = 1.23140943f;
    if (holes_layout_offsets_of(&L, &o) != 0 || o.m != M ||
        holes_lcp_assemble(&L, A, a0, NULL, B, M, b) != 0)
        return 2;
    ws = holes_lcp_workspace_init(&wsmem, sizeof wsmem, M);
    if (!ws)
        return 2;
    st = (int)holes_lcp_solve(ws, &L, M, B, M, b, z, NULL, NULL, &info);
    printf("holes step 143: %s pivots=%d residual=%g\n", holes_lcp_status_name(st), info.pivots,
           (double)info.residual);
    ub = holes_lcp_impulse_offset(&L);
    for (g = 0; g < L.ngroups; first += group_size[g], g++) {
        double amax = -1e300;
        for (j = first; j < first + group_size[g]; j++) {
            double a = a0[j];
            for (q = 0; q < NU; q++)
                a += (double)A[j * NU + q] * (double)z[ub + q];
            printf("  group %d side %d: p = %.9g, a = %.3g\n", g, j, (double)z[ub + j], a);
            amax = a > amax ? a : amax;
        }
        if (amax < -1e-6) {
            printf("  group %d violated: max a = %.3g\n", g, amax);
            failed = 1;
        }
    }
    return st != HOLES_LCP_SOLVED || failed;
}
