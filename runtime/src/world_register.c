/* world_register.c - the contact register: what each contact carried at the
 * end of the last accepted (sub)step, by the identity of its side, so that
 * the next step's LCP starts from it (docs/engine.md, "Warm start by
 * contact").
 *
 * Why. The solver's own warm start keeps the support of its previous
 * answer by row index: it serves only while the next LCP has the same rows
 * in the same order. In a resting pile that fails whenever one contact
 * comes or goes (two flush boxes pushed 2.6e-10 apart by the position
 * projection: their bottom corners become groups), whenever a second
 * island or the position projection solved in between (one workspace
 * serves them all), and then a cold solve of the pile's degenerate LCP
 * (more contacts than the bodies have freedoms) can end on a ray where the
 * pile had a solution one step before. Box2D v3 keeps its contacts by
 * shape pair for the same reason (its warm starting); here the identity is
 * the side's: the point (body, vertex or centre), the side (body, piece,
 * side index) and the side's kind, which the collection writes the same
 * way every step.
 *
 * What. Per contact the impulses p_n, p_f (k of them) and the friction
 * slack s of the verified answer (the LCP's z on those rows). After each
 * island's solve they are appended to the current list with the side's
 * key; when a (sub)step is accepted the list becomes the previous one,
 * sorted by key (heapsort, in place), and an island's guess looks its
 * contacts up there (binary search). Keys are 64-bit hashes of the side's
 * identity: two sides with the same hash would only start from a wrong
 * guess, which the solver verifies like any answer (ncs_lcp_options.guess).
 *
 * Memory: two lists of max_srefs entries (every contact of a step is a
 * side of the collection); time: n log n per step for n contacts. A scene
 * of one body has no register (one island, no pile: the solver's warm
 * start by row serves, and its trajectories stay as they were). */
#include "world_internal.h"

/* The key of side s: two 32-bit FNV-1a style hashes of its identity. */
static void key_of(const ncs_sref *s, unsigned k[2]) {
    int v[8], i;
    unsigned h0 = 2166136261u, h1 = 0x9e3779b9u;
    v[0] = s->pa, v[1] = s->pt, v[2] = s->sb, v[3] = s->piece;
    v[4] = s->apiece, v[5] = s->sd, v[6] = s->kind, v[7] = s->point;
    for (i = 0; i < 8; i++) {
        h0 = (h0 ^ (unsigned)v[i]) * 16777619u;
        h1 = (h1 ^ (unsigned)v[i]) * 0x85ebca6bu;
        h1 ^= h1 >> 13;
    }
    k[0] = h0;
    k[1] = h1;
}

static int key_less(const unsigned a[2], const unsigned b[2]) {
    return a[0] < b[0] || (a[0] == b[0] && a[1] < b[1]);
}

static void sift(ncs_reg *e, int i, int n) {
    for (;;) {
        int c = 2 * i + 1;
        ncs_reg t;
        if (c >= n)
            return;
        if (c + 1 < n && key_less(e[c].key, e[c + 1].key))
            c++;
        if (!key_less(e[i].key, e[c].key))
            return;
        t = e[i], e[i] = e[c], e[c] = t;
        i = c;
    }
}

/* Forgets everything (ncs_world_reset). */
NCS_INTERNAL void ncs_world_reg_clear(ncs_world *w) {
    w->nreg[0] = w->nreg[1] = 0;
}

/* Starts the current list again (a solve of every island). */
NCS_INTERNAL void ncs_world_reg_restart(ncs_world *w) {
    w->nreg[1] = 0;
}

/* Appends the nc contacts of the island just solved (layout lay, k friction
 * directions, answer z) to the current list. */
NCS_INTERNAL void ncs_world_reg_record(ncs_world *w, const ncs_layout *lay, int nc, int k,
                                       const ncs_real *z) {
    ncs_layout_offsets o;
    int c, l, off;
    if (!w->mem.reg[1] || ncs_layout_offsets_of(lay, &o) != 0)
        return;
    off = ncs_lcp_impulse_offset(lay);
    for (c = 0; c < nc && w->nreg[1] < w->sc->max_srefs; c++) {
        ncs_reg *e = &w->mem.reg[1][w->nreg[1]++];
        key_of(&w->mem.sref[w->mem.con[c].side], e->key);
        e->z[0] = z[off + c];
        for (l = 0; l < k && l < 2; l++)
            e->z[1 + l] = z[off + nc + k * c + l];
        e->z[3] = k > 0 ? z[o.s + c] : 0;
    }
}

/* The step was accepted: the current list becomes the previous one,
 * sorted by key. */
NCS_INTERNAL void ncs_world_reg_commit(ncs_world *w) {
    ncs_reg *t = w->mem.reg[0], *e;
    int n, i;
    if (!t)
        return;
    w->mem.reg[0] = w->mem.reg[1];
    w->mem.reg[1] = t;
    n = w->nreg[0] = w->nreg[1];
    w->nreg[1] = 0;
    e = w->mem.reg[0];
    for (i = n / 2 - 1; i >= 0; i--)
        sift(e, i, n);
    for (i = n - 1; i > 0; i--) {
        ncs_reg x = e[0];
        e[0] = e[i], e[i] = x;
        sift(e, 0, i);
    }
}

/* The guess for the island's nc contacts (layout lay, m rows, k friction
 * directions) in g (m reals: impulses and friction slacks from the
 * previous list, 0 for a contact not there and in every other row).
 * Returns how many contacts were found. */
NCS_INTERNAL int ncs_world_reg_guess(const ncs_world *w, const ncs_layout *lay, int nc, int k,
                                     ncs_real *g) {
    ncs_layout_offsets o;
    const ncs_reg *e = w->mem.reg[0];
    int c, l, off, found = 0;
    if (w->nreg[0] == 0 || ncs_layout_offsets_of(lay, &o) != 0)
        return 0;
    memset(g, 0, sizeof *g * (size_t)o.m);
    off = ncs_lcp_impulse_offset(lay);
    for (c = 0; c < nc; c++) {
        unsigned key[2];
        int lo = 0, hi = w->nreg[0];
        key_of(&w->mem.sref[w->mem.con[c].side], key);
        while (lo < hi) {
            int mid = lo + (hi - lo) / 2;
            if (key_less(e[mid].key, key))
                lo = mid + 1;
            else
                hi = mid;
        }
        if (lo == w->nreg[0] || e[lo].key[0] != key[0] || e[lo].key[1] != key[1])
            continue;
        found++;
        g[off + c] = e[lo].z[0];
        for (l = 0; l < k && l < 2; l++)
            g[off + nc + k * c + l] = e[lo].z[1 + l];
        if (k > 0)
            g[o.s + c] = e[lo].z[3];
    }
    return found;
}
