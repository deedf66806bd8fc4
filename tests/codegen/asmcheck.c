/* asmcheck.c - the generated assembly against the runtime's reference.
 *
 * Built per scene and formulation with -DPFX=<prefix> -DUPFX=<PREFIX>
 * -DSOURCE="<prefix>.c" (the generated source is included, so the body
 * constants 1/m, 1/I and r are visible). Runs every step of the scene and,
 * in the LCP hook, rebuilds the step's LCP independently: the Delassus
 * matrix A = W^T M^-1 W of the step's contacts from their normals and the
 * body's constants, a0 from the free terms, mu per contact, then B and b
 * with ncs_lcp_assemble (ncs/assemble.h). Every entry of the B and b the
 * generated code handed to the solver must equal the reference within
 * 1e-14 relative (the straight-line code folds constants, it must not
 * change values). Prints the count of LCPs and entries compared and the
 * largest difference; exit 0 when all agree and at least one LCP with
 * contacts was seen, 1 otherwise.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include "ncs/assemble.h"
#include SOURCE

#define CAT2(a, b) a##b
#define CAT(a, b) CAT2(a, b)
#define F(name) CAT(PFX, name)
#define M(name) CAT(UPFX, name)

#define NU_MAX (3 * M(_MAX_CONTACTS))

static double A[NU_MAX * NU_MAX], a0[NU_MAX], mu[NU_MAX];
static double Bref[M(_MAX_M) * M(_MAX_M)], bref[M(_MAX_M)];
static long lcps, entries, bad;
static double worst;

static void cmp(long step, int body, const char *what, int i, double got, double want) {
    double d = fabs(got - want), s = fabs(want) > 1 ? fabs(want) : 1;
    entries++;
    if (d > worst)
        worst = d;
    if (!(d <= 1e-14 * s)) {
        if (bad++ < 10)
            fprintf(stderr, "step %ld body %d: %s[%d] = %.17g, reference %.17g\n", step, body,
                    what, i, got, want);
    }
}

static void hook(void *ctx, long step, int body, const ncs_layout *lay, int m,
                 const double *B, const double *b, const double *z, int st) {
    const F(_state) *s = (const F(_state) *)ctx;
    const F(_lcp) *L = &s->lcp;
    const F(_bodyc) *bc = &F(_body)[body];
    int nc = L->nc, k = lay->nfric, nu = nc * (1 + k), c, d, l, e, i;
    (void)z;
    (void)st;
    if (ncs_layout_size(lay) != m || nu > NU_MAX || ncs_lcp_contact_size(lay) != nu) {
        fprintf(stderr, "step %ld body %d: layout does not match m = %d\n", step, body, m);
        bad++;
        return;
    }
    for (c = 0; c < nc; c++) {
        double nx = L->cnx[c], ny = L->cny[c], tx = -ny, ty = nx;
        a0[c] = L->a0n[c];
        mu[c] = L->mu[c];
        for (l = 0; l < k; l++)
            a0[nc + k * c + l] = l ? -L->a0t[c] : L->a0t[c];
        for (d = 0; d < nc; d++) {
            double mx = L->cnx[d], my = L->cny[d], ux = -my, uy = mx;
            double nn = bc->im * (nx * mx + ny * my);
            double nt = bc->im * (nx * ux + ny * uy);
            double tn = bc->im * (tx * mx + ty * my);
            double tt = bc->im * (tx * ux + ty * uy) + bc->iI * bc->r * bc->r;
            A[c * nu + d] = nn;
            for (e = 0; e < k; e++) {
                double se = e ? -1.0 : 1.0;
                A[c * nu + nc + k * d + e] = se * nt;
                for (l = 0; l < k; l++) {
                    double sl = l ? -1.0 : 1.0;
                    A[(nc + k * c + l) * nu + d] = sl * tn;
                    A[(nc + k * c + l) * nu + nc + k * d + e] = sl * se * tt;
                }
            }
        }
    }
    if (ncs_lcp_assemble(lay, A, a0, mu, Bref, m, bref) != 0) {
        fprintf(stderr, "step %ld body %d: reference assembler rejected the layout\n", step,
                body);
        bad++;
        return;
    }
    lcps++;
    for (i = 0; i < m * m; i++)
        cmp(step, body, "B", i, B[i], Bref[i]);
    for (i = 0; i < m; i++)
        cmp(step, body, "b", i, b[i], bref[i]);
}

int main(void) {
    static F(_state) st;
    long n;
    if (F(_init)(&st) != 0) {
        fprintf(stderr, "workspace rejected\n");
        return 1;
    }
    F(_set_lcp_hook)(&st, hook, &st);
    for (n = 0; n < M(_STEPS); n++)
        if (F(_step)(&st) != M(_STEP_OK)) {
            fprintf(stderr, "step %ld failed (status %d)\n", n + 1, F(_last_info)(&st).status);
            return 1;
        }
    printf("%ld LCPs, %ld entries, largest difference %.3g, %ld mismatches\n", lcps, entries,
           worst, bad);
    return bad == 0 && lcps > 0 ? 0 : 1;
}
