/* world_restitution.c - the step engine's restitution: the bounces after an
 * island's LCP (docs/engine.md, "Restitution"). Left out of a firmware copy
 * whose scene has no restitution (NCS_WORLD_RESTITUTION 0: one.c does not
 * include it). */
#include "world_internal.h"

/* ---- restitution (docs/engine.md, "Restitution") ------------------------ */

static ncs_real body_e(const ncs_world *w, int i) {
    return i >= 0 ? w->sc->body[i].e : w->sc->restitution;
}

/* After the island's LCP (impulses z from off, end velocities u): every
 * contact that carried a normal impulse and met its side faster than
 * bounce_min should leave as fast times e. Speeds are those the time
 * stepping keeps (docs/engine.md, "Restitution"): the velocity at the
 * start of a step is the mean w = (uc + vt) / 2 of the steps on either side
 * (the symplectic Euler step keeps |w|^2 / 2 + potential exactly in free
 * flight), so the contact is met at s = sqrt(s0^2 - 2 a f), with s0 = -J w,
 * a = J a_ext and f its gap, and leaves when J v+ = e s - a h / 2 (then the
 * mean velocity at the end of the step is e s). The extra normal impulses
 * dp >= 0 that bring the contacts there (projected Gauss-Seidel on the
 * reduced A, which knows the joints) go to u. The positions of the step
 * stay those of the LCP. Returns 1 when some contact bounced. */
NCS_INTERNAL int ncs_world_bounce(ncs_world *w, int nc, int k, int ne, int off, const ncs_real (*vt)[3],
                                  ncs_real (*u)[3]) {
    const ncs_real (*uc)[3] = (const ncs_real (*)[3])row(w, UC);
    ncs_real (*acc)[3] = row(w, D2);
    int nu = nc * (1 + k), c, d, sweep, any = 0, i;
    ncs_real *dp = w->mem.dp, *tgt = w->mem.a0, change, scale = 0;
    for (c = 0; c < nc; c++) /* the free accelerations of the contacts' bodies */
        for (d = 0; d < 2; d++) {
            i = d ? w->mem.con[c].b : w->mem.con[c].a;
            if (i < 0)
                continue;
            memcpy(acc[i], row(w, FA)[i], sizeof acc[i]);
        }
    for (c = 0; c < nc; c++) {
        const ncs_contact *C = &w->mem.con[c];
        ncs_real e = body_e(w, C->a), eb = body_e(w, C->b), s;
        ncs_real a = vel(C, C->jn, (const ncs_real (*)[3])acc);
        ncs_real s0 = -(vel(C, C->jn, uc) + vel(C, C->jn, vt)) / 2;
        s = s0 * s0 - 2 * a * (C->f > 0 ? C->f : 0);
        s = s > 0 ? NCS_SQRT(s) : 0;
        e = eb > e ? eb : e;
        dp[c] = 0;
        tgt[c] = 0;
        /* an impact is a contact that closes (s0 > 0) and that free flight
         * would carry through its side within the step (J vt + f / h < 0);
         * one that separates, or is still apart at the end of the step,
         * is not met now, whatever tiny impulse a degenerate solution gives
         * it, and must not be thrown off */
        if (e <= 0 || C->ghost || w->mem.z[off + c] <= 0 || s0 <= 0 ||
            vel(C, C->jn, vt) + C->f / w->h >= 0 || s <= w->sc->bounce_min)
            continue;
        tgt[c] = e * s - a * w->h / 2 - vel(C, C->jn, (const ncs_real (*)[3])u);
        if (tgt[c] > 0) {
            any = 1;
            scale = s > scale ? s : scale;
        }
    }
    if (!any)
        return 0;
    for (sweep = 0; sweep < 50 * nc + 50; sweep++) {
        change = 0;
        for (c = 0; c < nc; c++) {
            ncs_real r = tgt[c], Acc = w->mem.A[c * nu + c], old = dp[c];
            if (r <= 0 && old == 0)
                continue;
            for (d = 0; d < nc; d++)
                r -= w->mem.A[c * nu + d] * dp[d];
            if (Acc <= 0)
                continue;
            dp[c] = old + r / Acc > 0 ? old + r / Acc : 0;
            if (NCS_FABS(dp[c] - old) * Acc > change)
                change = NCS_FABS(dp[c] - old) * Acc;
        }
        if (change <= NCS_TOL_VERIFY * scale)
            break;
    }
    /* the joints' share: lambda = -L^-T Y dp (c' = 0) */
    for (c = 0; c < nu; c++)
        tgt[c] = c < nc ? dp[c] : 0;
    for (c = 0; c < nc; c++) {
        const ncs_contact *C = &w->mem.con[c];
        int x;
        for (x = 0; x < 2; x++) {
            int bx = x ? C->b : C->a;
            const ncs_body_desc *B;
            if (bx < 0)
                continue;
            B = &w->sc->body[bx];
            u[bx][0] += B->im * C->jn[x][0] * dp[c];
            u[bx][1] += B->im * C->jn[x][1] * dp[c];
            u[bx][2] += B->iI * C->jn[x][2] * dp[c];
        }
    }
    if (ne > 0)
        memset(w->mem.jc, 0, sizeof(ncs_real) * (size_t)ne);
    ncs_world_joint_impulses(w, ne, nu, tgt, u);
    return 1;
}
