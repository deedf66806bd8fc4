/* world_report.c - the step engine's contact reports: the contacts that
 * carried an impulse and the resting contacts' forces (docs/engine.md,
 * "Contact forces"). Left out of a firmware copy unless asked for
 * (NCS_WORLD_REPORTS 0: one.c does not include it). */
#include "world_internal.h"

/* ---- contact reports (docs/engine.md, "Contact forces") ----------------- */

/* Reports the island's contacts that carried an impulse (z from off, dp
 * the restitution's extra normal impulses or NULL); the resting ones
 * (closer than the margin and slower than their free acceleration moves
 * them in a step, at the start velocities uc) are moved to the front of
 * con with their report in .tag. Returns how many rest. */
NCS_INTERNAL int ncs_world_report(ncs_world *w, int nc, int k, int off, const ncs_real *dp,
                                  const ncs_real (*uc)[3]) {
    const ncs_scene_desc *sc = w->sc;
    ncs_real (*acc)[3] = row(w, D2);
    int c, i, nrest = 0;
    for (i = 0; i < sc->nbodies; i++) {
        memcpy(acc[i], row(w, FA)[i], sizeof acc[i]);
    }
    for (c = 0; c < nc; c++) {
        const ncs_contact *C = &w->mem.con[c];
        ncs_real pn = w->mem.z[off + c] + (dp ? dp[c] : 0), pt = 0, flip, vrest;
        ncs_contact_report *R;
        if (k)
            pt = w->mem.z[off + nc + 2 * c] - w->mem.z[off + nc + 2 * c + 1];
        if (C->ghost || (pn <= 0 && pt == 0))
            continue;
        if (w->nlog++ >= w->log_cap)
            continue;
        R = &w->log[w->nlog - 1];
        flip = C->a >= 0 ? NCS_RC(1.0) : NCS_RC(-1.0);
        R->body = C->a >= 0 ? C->a : C->b;
        R->other = C->a >= 0 ? C->b : -1;
        R->x = C->px;
        R->y = C->py;
        R->nx = flip * C->jn[C->a >= 0 ? 0 : 1][0];
        R->ny = flip * C->jn[C->a >= 0 ? 0 : 1][1];
        R->pn = pn;
        R->pt = pt;
        R->resting = 0;
        R->fn = R->ft = 0;
        vrest = w->h * (NCS_FABS(vel(C, C->jn, (const ncs_real (*)[3])acc)) +
                        NCS_FABS(vel(C, C->jt, (const ncs_real (*)[3])acc)));
        if (C->f <= sc->margin && NCS_FABS(vel(C, C->jn, uc)) <= vrest + NCS_TOL_VERIFY &&
            NCS_FABS(vel(C, C->jt, uc)) <= vrest + NCS_TOL_VERIFY) {
            w->mem.con[c].tag = w->nlog - 1;
            w->mem.con[nrest] = w->mem.con[c];
            w->mem.mu[nrest++] = w->mem.mu[c];
        }
    }
    return nrest;
}

/* The acceleration-level LCP (seed 004, section 1) of the island's nrest
 * resting contacts (the front of con) and ne joint rows: a = A f + J a_ext
 * >= 0, f >= 0, a.f = 0 with Coulomb friction in Stewart's layout; the
 * terms of J' v are left out (they vanish at rest). The forces go to the
 * contacts' reports; a failed solve leaves them unset. */
NCS_INTERNAL void ncs_world_rest_forces(ncs_world *w, int nrest, int ne) {
    const ncs_scene_desc *sc = w->sc;
    const ncs_real (*acc)[3] = (const ncs_real (*)[3])row(w, D2);
    ncs_layout lay;
    ncs_lcp_info li;
    ncs_lcp_options opt = ncs_lcp_default_options();
    int m, off, c, k = sc->nfric;
    opt.keep_state = 1;     /* an observer: the next step solves as without it */
    memset(&lay, 0, sizeof lay);
    lay.form = NCS_FORM_STEWART;
    lay.nconvex = nrest;
    lay.nfric = k;
    m = ncs_layout_size(&lay);
    if (nrest == 0 || m < 1 || m > sc->max_m)
        return;
    ncs_world_contact_space(w, nrest, k, acc, NULL, 0);
    if (ne > 0 && ncs_world_joint_space(w, ne, nrest, k, acc, NULL, 0, 0, NULL) != 0)
        return;
    if (ncs_lcp_solve_cs(w->ws, &lay, w->mem.A, nrest * (1 + k), w->mem.a0, w->mem.mu, NULL,
                         w->mem.z, NULL, &opt, &li) != NCS_LCP_SOLVED)
        return;
    off = ncs_lcp_impulse_offset(&lay);
    for (c = 0; c < nrest; c++) {
        ncs_contact_report *R = &w->log[w->mem.con[c].tag];
        R->resting = 1;
        R->fn = w->mem.z[off + c];
        R->ft = k ? w->mem.z[off + nrest + 2 * c] - w->mem.z[off + nrest + 2 * c + 1] : 0;
    }
}
