/* world_lcp.c - one island's LCP in the step engine: its layout, its contacts
 * linearised, the contact-space A, a0 and mu, the impulses applied, the ghost
 * sides and the LCP hook (docs/engine.md, "A step", "Contacts" and "Memory"). */
#include "world_internal.h"

/* ---- one island's LCP --------------------------------------------------- */

static int is_group(const ncs_world *w, const ncs_pair *P) {
    return w->sc->form != NCS_FORM_STEWART && P->nside > 1;
}

/* The pairs of island `root` in layout order (groups, then convex) into
 * ipair, and its layout. Returns NCS_STEP_OK (np = 0: nothing to solve) or
 * NCS_STEP_CAPACITY. */
NCS_INTERNAL int ncs_world_layout_of(ncs_world *w, int root, int k, int *np_, int *nc_, ncs_layout *lay,
                                     int *m) {
    int np = 0, ng = 0, nc = 0, i, x, pass;
    for (pass = 0; pass < 2; pass++)
        for (x = w->mem.ibegin[root]; x < w->mem.ibegin[root + 1]; x++) {
            const ncs_pair *P = &w->mem.pair[i = w->mem.order[x]];
            int grp = is_group(w, P), n = grp ? P->nside : 1;
            if (grp != (pass == 0))
                continue;
            if (grp && ng == w->sc->max_groups)
                return NCS_STEP_CAPACITY;
            if (nc + n > w->sc->max_contacts)
                return NCS_STEP_CAPACITY;
            if (grp)
                w->mem.gsize[ng++] = n;
            nc += n;
            w->mem.ipair[np++] = i;
        }
    *np_ = np;
    *nc_ = nc;
    memset(lay, 0, sizeof *lay);
    lay->form = w->sc->form;
    lay->ngroups = ng;
    lay->group_size = w->mem.gsize;
    lay->nconvex = nc;
    for (i = 0; i < ng; i++)
        lay->nconvex -= w->mem.gsize[i];
    lay->nfric = k;
    lay->gamma = w->gamma;
    lay->eps_h = w->sc->epsilon / w->h;
    *m = np > 0 ? ncs_layout_size(lay) : 0;
    if (np > 0 && (*m < 1 || *m > w->sc->max_m))
        return NCS_STEP_CAPACITY;
    return NCS_STEP_OK;
}

/* Linearises the island's sides at qe into contacts. With qs (the start of
 * the step) a pair that starts inside its piece (largest gap g0 < 0) has its
 * gaps raised by -g0, and a group side still behind its line is a ghost;
 * without qs (the position projection) corner sides are exact
 * (ncs_world_eval). Returns the contact count. */
NCS_INTERNAL int ncs_world_contacts(ncs_world *w, int np, const ncs_real (*qe)[3], const ncs_real (*qs)[3]) {
    int i, j, c, nc = 0;
    for (i = 0; i < np; i++) {
        const ncs_pair *P = &w->mem.pair[w->mem.ipair[i]];
        int first = nc, n = is_group(w, P) ? P->nside : 1;
        ncs_real g0;
        for (j = 0; j < n; j++) {
            w->mem.mu[nc] = w->mem.sref[P->side0 + j].mu;
            ncs_world_eval(w, &w->mem.sref[P->side0 + j], qe, !qs, &w->mem.con[nc]);
            w->mem.con[nc++].side = P->side0 + j;
        }
        if (!qs)
            continue;
        g0 = qs == qe ? w->mem.con[first].f : ncs_world_pair_gap(w, P, qs);
        for (c = first + 1; qs == qe && c < nc; c++)
            g0 = w->mem.con[c].f > g0 ? w->mem.con[c].f : g0;
        for (c = first; c < nc; c++) {
            if (g0 < 0) /* erp of the penetration out in this step */
                w->mem.con[c].f -= (1 - w->sc->erp) * g0;
            w->mem.con[c].ghost = n > 1 && w->mem.con[c].f < 0;
        }
    }
    return nc;
}

/* Contact-space A, a0 and mu of the island's nc contacts (ncs/layout.h):
 * a0n = J vt + f ih (ih = 1/h; 1 for the position projection with vt NULL
 * and no friction); with un (fixpoint) a0n -= J un. */
NCS_INTERNAL void ncs_world_contact_space(ncs_world *w, int nc, int k, const ncs_real (*vt)[3],
                                          const ncs_real (*un)[3], ncs_real ih) {
    int nu = nc * (1 + k), c, d, l, e;
    ncs_real *A = w->mem.A;
    for (c = 0; c < nc; c++) {
        const ncs_contact *C = &w->mem.con[c];
        for (d = 0; d < nc; d++) {
            const ncs_contact *D = &w->mem.con[d];
            A[c * nu + d] = dot(w, C, C->jn, D, D->jn);
            for (e = 0; e < k; e++) {
                ncs_real sg = e ? NCS_RC(-1.0) : NCS_RC(1.0);
                ncs_real tt = sg * dot(w, C, C->jt, D, D->jt);
                A[c * nu + nc + 2 * d + e] = sg * dot(w, C, C->jn, D, D->jt);
                A[(nc + 2 * c + e) * nu + d] = sg * dot(w, C, C->jt, D, D->jn);
                for (l = 0; l < k; l++)
                    A[(nc + 2 * c + e) * nu + nc + 2 * d + l] = l ? -tt : tt;
            }
        }
        w->mem.a0[c] = (vt ? vel(C, C->jn, vt) : 0) + C->f * ih;
        if (un)
            w->mem.a0[c] -= vel(C, C->jn, un);
        for (e = 0; e < k; e++)
            w->mem.a0[nc + 2 * c + e] = vt ? (e ? -1 : 1) * vel(C, C->jt, vt) : 0;
    }
}

/* u += M^-1 W z for the island's nc contacts (impulses from z + off). */
NCS_INTERNAL void ncs_world_apply(const ncs_world *w, int nc, int k, int off, ncs_real (*u)[3]) {
    int c, x;
    for (c = 0; c < nc; c++) {
        const ncs_contact *C = &w->mem.con[c];
        ncs_real pn = w->mem.z[off + c], pt = 0;
        if (k)
            pt = w->mem.z[off + nc + 2 * c] - w->mem.z[off + nc + 2 * c + 1];
        for (x = 0; x < 2; x++) {
            int bx = x ? C->b : C->a;
            const ncs_body_desc *B;
            if (bx < 0)
                continue;
            B = &w->sc->body[bx];
            u[bx][0] += B->im * (C->jn[x][0] * pn + C->jt[x][0] * pt);
            u[bx][1] += B->im * (C->jn[x][1] * pn + C->jt[x][1] * pt);
            u[bx][2] += B->iI * (C->jn[x][2] * pn + C->jt[x][2] * pt);
        }
    }
}


/* Adds 1 to the p_y row of every ghost side: its p_j is then 0 in every
 * solution (the row is >= 0 on every solution of every formulation). */
NCS_INTERNAL void ncs_world_ghosts(ncs_world *w, const ncs_layout *lay, int nc) {
    ncs_layout_offsets o;
    int c;
    if (ncs_layout_offsets_of(lay, &o) != 0)
        return;
    for (c = 0; c < nc && c < o.y; c++)
        w->mem.pyb[c] = w->mem.con[c].ghost ? 1 : 0;
}

/* Calls the LCP hook with the island's B and b, assembled (with the ghost
 * shifts of pyb) into the simulator's buffer (ncs_world_set_hook_buffer),
 * or NULL and NULL without one: the state has no B (docs/engine.md). */
NCS_INTERNAL void ncs_world_call_hook(ncs_world *w, int root, const ncs_layout *lay, int m, int st) {
    ncs_real *B = NULL, *b = NULL;
#ifndef NCS_LCP_NO_ASSEMBLE
    ncs_layout_offsets o;
    int c;
    if (w->hook_buf && w->hook_reals >= (size_t)m * (size_t)(m + 1) &&
        ncs_layout_offsets_of(lay, &o) == 0) {
        B = w->hook_buf;
        b = B + (size_t)m * (size_t)m;
        ncs_lcp_assemble(lay, w->mem.A, w->mem.a0, w->mem.mu, B, m, b);
        for (c = 0; c < o.y; c++)
            if (w->mem.pyb[c] != 0)
                b[o.py + c] += w->mem.pyb[c];
    }
#endif
    w->hook(w->hook_ctx, w->step + 1, root, lay, m, B, b, w->mem.z, st);
}

/* Drops the ghost sides of the island's nc contacts (layout *lay, groups
 * first): a group left with one side becomes a convex contact at the end.
 * Returns the new contact count; *lay is updated (its group sizes in
 * w->mem.gsize). Used when the LCP with ghosts has no solution: a point in
 * front of one side and just behind the next, where stopping at the first
 * side leaves the second's a above it (the max forms want the impulse on
 * the largest a). Without the ghosts the point is stopped by the side it
 * is in front of, the contact it really meets (docs/engine.md, "Ghost
 * sides"). */
NCS_INTERNAL int ncs_world_drop_ghosts(ncs_world *w, ncs_layout *lay, int nc) {
    enum { DROP = 0, GROUP = 3, SINGLE = 4 }; /* labels, kept in .ghost */
    ncs_contact *con = w->mem.con, t;
    ncs_real *mu = w->mem.mu, tm;
    int g, j, c = 0, k, i, out = 0, ng = 0;
    for (g = 0; g < lay->ngroups; g++) {
        int n = w->mem.gsize[g];
        for (j = 0, k = 0; j < n; j++)
            k += !con[c + j].ghost;
        for (j = 0; j < n; j++, c++)
            con[c].ghost = con[c].ghost ? DROP : k >= 2 ? GROUP : SINGLE;
        if (k >= 2)
            w->mem.gsize[ng++] = k;
    }
    for (; c < nc; c++)
        con[c].ghost = SINGLE;
    /* stable: the kept groups' sides to the front (rotations), then the
     * single sides and the convex contacts behind them */
    for (i = 0; i < nc; i++)
        if (con[i].ghost == GROUP) {
            t = con[i];
            tm = mu[i];
            memmove(&con[out + 1], &con[out], (size_t)(i - out) * sizeof *con);
            memmove(&mu[out + 1], &mu[out], (size_t)(i - out) * sizeof *mu);
            con[out] = t;
            mu[out++] = tm;
        }
    lay->nconvex = 0;
    for (i = out; i < nc; i++)
        if (con[i].ghost == SINGLE) {
            con[out] = con[i];
            mu[out++] = mu[i];
            lay->nconvex++;
        }
    for (i = 0; i < out; i++)
        con[i].ghost = 0;
    lay->ngroups = ng;
    return out;
}
