/* world_island.c - the step engine's islands: bodies joined by a pair or a
 * joint share one (union-find), and the pairs are listed by island
 * (docs/engine.md, "A step"). */
#include "world_internal.h"

/* ---- islands ------------------------------------------------------------ */

/* The dynamic body of joint i, whose island it is in (a kinematic end
 * holds like the world: ncsc refuses a joint without a dynamic body). */
static int joint_body(const ncs_world *w, int i) {
    const ncs_joint_desc *J = &w->sc->joint[i];
    return kin(w, J->a) && J->b >= 0 ? J->b : J->a;
}

/* Bodies joined by a pair share an island; each pair gets its island's
 * lowest body, and the pairs are listed by island (a counting sort, in
 * collection order within an island) in order[ibegin[r] .. ibegin[r+1]). */
NCS_INTERNAL void ncs_world_islands(ncs_world *w) {
    int *par = w->mem.parent, *beg = w->mem.ibegin, nb = w->sc->nbodies, i;
    for (i = 0; i < nb; i++)
        par[i] = i;
    /* a kinematic body joins no islands: like an obstacle it takes no
     * impulse, so the bodies it touches need not be solved together; its
     * pairs belong to the island of their other body */
    for (i = 0; i < w->npairs; i++)
        if (w->mem.pair[i].a >= 0 && w->mem.pair[i].b >= 0 && !kin(w, w->mem.pair[i].a) &&
            !kin(w, w->mem.pair[i].b))
            ncs_uf_unite(par, w->mem.pair[i].a, w->mem.pair[i].b);
    for (i = 0; i < w->sc->njoints; i++) /* a kinematic end holds like the world */
        if (w->sc->joint[i].b >= 0 && !kin(w, w->sc->joint[i].a) && !kin(w, w->sc->joint[i].b))
            ncs_uf_unite(par, w->sc->joint[i].a, w->sc->joint[i].b);
    for (i = 0; i <= nb; i++)
        beg[i] = 0;
    for (i = 0; i < w->npairs; i++) {
        ncs_pair *P = &w->mem.pair[i];
        P->island = ncs_uf_find(par, P->a >= 0 && !kin(w, P->a) ? P->a : P->b);
        beg[P->island + 1]++;
    }
    for (i = 0; i < nb; i++)
        beg[i + 1] += beg[i];
    for (i = 0; i < w->npairs; i++) /* beg[r] runs to the end of island r ... */
        w->mem.order[beg[w->mem.pair[i].island]++] = i;
    for (i = nb; i > 0; i--) /* ... and back to its start */
        beg[i] = beg[i - 1];
    beg[0] = 0;
    if (w->sc->njoints == 0)
        return;
    beg = w->mem.jbegin; /* the joints by island, the same way */
    for (i = 0; i <= nb; i++)
        beg[i] = 0;
    for (i = 0; i < w->sc->njoints; i++)
        beg[ncs_uf_find(par, joint_body(w, i)) + 1]++;
    for (i = 0; i < nb; i++)
        beg[i + 1] += beg[i];
    for (i = 0; i < w->sc->njoints; i++)
        w->mem.jorder[beg[ncs_uf_find(par, joint_body(w, i))]++] = i;
    for (i = nb; i > 0; i--)
        beg[i] = beg[i - 1];
    beg[0] = 0;
}

/* Does island r have anything to solve (pairs or joints)? */
NCS_INTERNAL int ncs_world_has_work(const ncs_world *w, int r) {
    return w->mem.ibegin[r] != w->mem.ibegin[r + 1] ||
           (w->sc->njoints > 0 && w->mem.jbegin[r] != w->mem.jbegin[r + 1]);
}

/* The bodies of island r (those of its pairs and joints, as solve_all
 * records them), one after another: *it starts at 0; returns the next body,
 * or -1 at the end. A body may come more than once. Lets an island's work
 * be what the island holds, not what the scene holds (issue 18). */
NCS_INTERNAL int ncs_world_island_next(const ncs_world *w, int r, int *it) {
    int np = w->mem.ibegin[r + 1] - w->mem.ibegin[r], b, k;
    int nj = w->sc->njoints > 0 ? w->mem.jbegin[r + 1] - w->mem.jbegin[r] : 0;
    while (*it < 2 * (np + nj)) {
        k = (*it)++;
        if (k < 2 * np) {
            const ncs_pair *P = &w->mem.pair[w->mem.order[w->mem.ibegin[r] + k / 2]];
            b = k % 2 ? P->b : P->a;
        } else {
            const ncs_joint_desc *J = &w->sc->joint[w->mem.jorder[w->mem.jbegin[r] + (k - 2 * np) / 2]];
            b = k % 2 ? J->b : J->a;
        }
        if (b >= 0)
            return b;
    }
    return -1;
}
