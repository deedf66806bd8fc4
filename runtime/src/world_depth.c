/* world_depth.c - the step engine's penetration depth of a body
 * (ncs_world_penetration: the "expect no penetration" check; docs/engine.md,
 * "Trust"). */
#include "world_internal.h"

/* ---- penetration (expect no penetration) ---------------------------------- */

/* Distance from p to the segment a-b. */
static ncs_real seg_dist(const ncs_real p[2], const ncs_real a[2], const ncs_real b[2]) {
    ncs_real dx = b[0] - a[0], dy = b[1] - a[1], l2 = dx * dx + dy * dy, t = 0;
    if (l2 > 0) {
        t = ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / l2;
        t = t < 0 ? 0 : t > 1 ? 1 : t;
    }
    return hyp(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}

/* How deep a disc (centre p, radius r; r = 0 for a point) is inside the
 * union of pieces [k0, k1) of the table of sb (placed at q): the distance
 * from p to the union's boundary plus r when p is inside, r minus that
 * distance when it is outside; <= 0 when clear. An explicit group (a piece
 * without vertices) counts by its own sides: r - max_j gap_j, exact inside
 * it and conservative outside (its corners are sharp). */
static ncs_real region_depth(const ncs_world *w, int sb, int k0, int k1, const ncs_real (*q)[3],
                             const ncs_real p[2], ncs_real r) {
    const ncs_pieces *t = table(w, sb);
    ncs_real best = NCS_HUGE, worst = -NCS_HUGE, n[2], a[2], b[2], f;
    int k, j, inside = 0, any = 0;
    for (k = k0; k < k1; k++) {
        int nv = VERT1(t, k) - VERT0(t, k);
        if (nv == 0) {
            ncs_real fin = -NCS_HUGE;
            for (j = SIDE0(t, k); j < SIDE1(t, k); j++) {
                ncs_real off = ncs_world_line_of(w, sb, j, 0, q, n);
                f = n[0] * p[0] + n[1] * p[1] - off;
                fin = f > fin ? f : fin;
            }
            worst = r - fin > worst ? r - fin : worst;
            continue;
        }
        any = 1;
        if (!inside) { /* in the closed piece: a point on a diagonal is in */
            int in = 1;
            for (j = SIDE0(t, k); j < SIDE1(t, k) && in; j++) {
                ncs_real off = ncs_world_true_line(w, sb, j, q, n);
                if (n[0] * p[0] + n[1] * p[1] - off > 0)
                    in = 0;
            }
            inside = in;
        }
        if (ncs_world_piece_dist(w, sb, k, p, q) > best)
            continue;
        for (j = 0; j < nv; j++) {
            if (t->side[SIDE0(t, k) + j].internal)
                continue;
            ncs_world_vertex_of(w, sb, VERT0(t, k) + j, q, a);
            ncs_world_vertex_of(w, sb, VERT0(t, k) + (j + 1) % nv, q, b);
            f = seg_dist(p, a, b);
            if (f < best)
                best = f;
        }
    }
    if (any && best < NCS_HUGE) {
        f = inside ? r + best : r - best;
        worst = f > worst ? f : worst;
    }
    return worst;
}

#if NCS_WORLD_POLYGONS
/* Penetration depth of two convex pieces (separating axes): the least
 * overlap over the sides of both, 0 when some side separates them. */
NCS_INTERNAL ncs_real ncs_world_sat_depth(const ncs_world *w, int a, int ka, int b, int kb, const ncs_real (*q)[3]) {
    ncs_real least = NCS_HUGE;
    int x;
    for (x = 0; x < 2; x++) {
        int sb = x ? b : a, k = x ? kb : ka, ob = x ? a : b, ok = x ? ka : kb, j, v;
        const ncs_pieces *t = table(w, sb), *to = table(w, ob);
        if (VERT1(t, k) == VERT0(t, k) || VERT1(to, ok) == VERT0(to, ok))
            return 0;
        for (j = SIDE0(t, k); j < SIDE1(t, k); j++) {
            ncs_real n[2], off = ncs_world_true_line(w, sb, j, q, n), lo = NCS_HUGE, V[2], d;
            for (v = VERT0(to, ok); v < VERT1(to, ok); v++) {
                ncs_world_vertex_of(w, ob, v, q, V);
                d = n[0] * V[0] + n[1] * V[1] - off;
                lo = d < lo ? d : lo;
            }
            if (lo >= 0)
                return 0;
            if (-lo < least)
                least = -lo;
        }
    }
    return least < NCS_HUGE ? least : 0;
}

#endif

/* Depth of body a into body b (b >= 0) or into the solid (b < 0) at q. */
static ncs_real body_depth(const ncs_world *w, int a, int b, const ncs_real (*q)[3]) {
    const ncs_scene_desc *sc = w->sc;
    const ncs_body_desc *A = &sc->body[a];
    ncs_real worst = 0, d, P[2];
    int k0 = b < 0 ? 0 : sc->body[b].piece0;
    int k1 = b < 0 ? sc->obst.npieces : k0 + sc->body[b].npiece;
#if NCS_WORLD_POLYGONS
    int v, ka, kb;
#endif
    if (b >= 0 && sc->body[b].kind != NCS_POLYGON) {
        const ncs_body_desc *Bd = &sc->body[b];
        if (A->kind == NCS_POLYGON)
            return body_depth(w, b, a, q);
        if (A->kind == NCS_PARTICLE && Bd->kind == NCS_PARTICLE)
            return 0;
        d = A->r + Bd->r - hyp(q[a][0] - q[b][0], q[a][1] - q[b][1]);
        return d > 0 ? d : 0;
    }
    if (A->kind != NCS_POLYGON) {
        d = region_depth(w, b, k0, k1, q, q[a], A->r);
        return d > 0 ? d : 0;
    }
#if NCS_WORLD_POLYGONS
    for (v = A->vert0; v < A->vert0 + A->nvert; v++) {
        world_point(q[a], sc->bvert[v].x, sc->bvert[v].y, P);
        d = region_depth(w, b, k0, k1, q, P, 0);
        worst = d > worst ? d : worst;
    }
    for (ka = A->piece0; ka < A->piece0 + A->npiece; ka++)
        for (kb = k0; kb < k1; kb++) {
            if (ncs_world_piece_dist(w, b, kb, q[a], q) > A->rad)
                continue;
            d = ncs_world_sat_depth(w, a, ka, b, kb, q);
            worst = d > worst ? d : worst;
        }
#else
    (void)P;                    /* a copy without polygon bodies (ncs/config.h) */
#endif
    return worst;
}

ncs_real ncs_world_penetration(const ncs_world *w, int body) {
    const ncs_scene_desc *sc = w->sc;
    ncs_real (*qc)[3] = row(w, QN), uc[3], worst, d;
    int b;
    for (b = 0; b < sc->nbodies; b++)
        to_centroid(w, b, w->mem.q[b], w->mem.v[b], qc[b], uc);
    worst = kin(w, body) ? 0 : body_depth(w, body, -1, (const ncs_real (*)[3])qc);
    for (b = 0; NCS_WORLD_BODY_PAIRS && b < sc->nbodies; b++) {
        if (b == body || (sc->njoints > 0 && ncs_world_joined(w, body, b)) || (kin(w, b) && kin(w, body)))
            continue; /* joined bodies may overlap, and kinematic ones */
        d = body_depth(w, body, b, (const ncs_real (*)[3])qc);
        worst = d > worst ? d : worst;
        d = body_depth(w, b, body, (const ncs_real (*)[3])qc);
        worst = d > worst ? d : worst;
    }
    return worst;
}
