/* world_side.c - the step engine's side geometry: where a side's point and line
 * are at a configuration, its gap, the separating-axis sides of corner pairs,
 * and the linearisation of a side into a contact (docs/engine.md, "Contacts"). */
#include "world_internal.h"

/* ---- geometry of one side ------------------------------------------------ */

/* World position of the point of side s at centroid configuration q. */
NCS_INTERNAL void ncs_world_point_of(const ncs_world *w, const ncs_sref *s, const ncs_real (*q)[3],
                                     ncs_real p[2]) {
    const ncs_scene_desc *sc = w->sc;
    if (s->point == NCS_POINT_OBST_VERTEX) {
        p[0] = sc->obst.vert[s->pt].x;
        p[1] = sc->obst.vert[s->pt].y;
    } else if (s->point == NCS_POINT_CENTRE) {
        p[0] = q[s->pa][0];
        p[1] = q[s->pa][1];
    } else {
        world_point(q[s->pa], sc->bvert[s->pt].x, sc->bvert[s->pt].y, p);
    }
}

/* Vertex v of table t (owned by body sb, or the world) in the world. */
NCS_INTERNAL void ncs_world_vertex_of(const ncs_world *w, int sb, int v, const ncs_real (*q)[3],
                                      ncs_real p[2]) {
    const ncs_pieces *t = table(w, sb);
    if (sb < 0) {
        p[0] = t->vert[v].x;
        p[1] = t->vert[v].y;
        return;
    }
    world_point(q[sb], t->vert[v].x, t->vert[v].y, p);
}

/* Normal of side j of table t (body sb or world) in the world, and its
 * world offset for a point of radius rp: gap = n.p - off. */
NCS_INTERNAL ncs_real ncs_world_line_of(const ncs_world *w, int sb, int j, ncs_real rp, const ncs_real (*q)[3],
                                        ncs_real n[2]) {
    const ncs_pieces *t = table(w, sb);
    ncs_real g = t->side[j].grow;
    ncs_real off = t->side[j].off + (rp > g ? rp : g);
    if (sb < 0) {
        n[0] = t->side[j].nx;
        n[1] = t->side[j].ny;
        return off;
    }
    rot(q[sb][2], t->side[j].nx, t->side[j].ny, n);
    return off + n[0] * q[sb][0] + n[1] * q[sb][1];
}

/* The true line of side j (no overlap shift): world normal n, offset. */
NCS_INTERNAL ncs_real ncs_world_true_line(const ncs_world *w, int sb, int j, const ncs_real (*q)[3],
                                          ncs_real n[2]) {
    const ncs_pieces *t = table(w, sb);
    if (sb < 0) {
        n[0] = t->side[j].nx;
        n[1] = t->side[j].ny;
        return t->side[j].off;
    }
    rot(q[sb][2], t->side[j].nx, t->side[j].ny, n);
    return t->side[j].off + n[0] * q[sb][0] + n[1] * q[sb][1];
}

/* Local index of side j in piece k and the piece's side count. */
static int local_side(const ncs_pieces *t, int k, int j, int *n) {
    *n = SIDE1(t, k) - SIDE0(t, k);
    return j - SIDE0(t, k);
}

/* The normal cone of the vertex where side j of piece k starts: is the
 * direction d strictly between the normals of the side before and side j?
 * (world normals na of the side before, nb of side j). */
NCS_INTERNAL int ncs_world_in_cone(const ncs_real na[2], const ncs_real nb[2], const ncs_real d[2]) {
    ncs_real turn = cross2(na[0], na[1], nb[0], nb[1]);
    if (turn <= 0)
        return 0; /* a straight or reflex vertex has no arc */
    return cross2(na[0], na[1], d[0], d[1]) > 0 && cross2(d[0], d[1], nb[0], nb[1]) > 0;
}

#if NCS_WORLD_POLYGONS /* corner pairs are polygon bodies' */
/* The corner of corner side s's side body (sb, or the world) at q. */
NCS_INTERNAL void ncs_world_corner_at(const ncs_world *w, const ncs_sref *s, const ncs_real (*q)[3],
                                      ncs_real W[2]) {
    if (s->sb < 0) {
        W[0] = w->sc->obst.vert[s->sd].x;
        W[1] = w->sc->obst.vert[s->sd].y;
    } else {
        world_point(q[s->sb], w->sc->bvert[s->sd].x, w->sc->bvert[s->sd].y, W);
    }
}

static void sat_row(const ncs_world *w, const ncs_sref *s, int ka, ncs_real ref[2][2],
                    const ncs_real (*q)[3], sgeo *g, int *which);

/* Separation of the two pieces of corner side s at q, along the normal of
 * every side of either (each turning with its body): the largest, the
 * exact separation of two convex pieces (negative: their overlap). When it
 * is below the side's own gap g->f it replaces it, as the row of the
 * supporting vertex against that side (for a side of the point's piece
 * written from the point's side: normal -m, acting at the vertex and at
 * its foot on the line), exact to all orders.
 *
 * Used (1) as the side itself for a corner pair made where its corners
 * coincided, once they have parted (side_geo: the end of the step, the
 * projection, the fixpoint's iterates), and (2) by the admissibility check
 * for every corner pair (corner_overlap). Why. The corner side's fixed
 * normal separates the two corners only to first order; away from where it
 * was collected the pieces turn and their supports move: a corner that
 * slid up along the other box's turning side ended 1.05e-5 inside
 * (trust.slide-into-seam-box, fixed by (1)); two boxes whose bottom corners
 * meet and whose flush sides turn apart by 3e-4 rad ended 5.3e-5 (then
 * 1.5e-3) into each other with no vertex inside the other and the fixed
 * normal still saying 1.9e-5 apart (defect-turning-flush-boxes: refused by
 * (2), not yet solved). docs/engine.md, "Corners". */
NCS_INTERNAL void ncs_world_sat_side(const ncs_world *w, const ncs_sref *s, const ncs_real (*q)[3], sgeo *g) {
    ncs_real ref[2][2];
    ncs_world_point_of(w, s, q, ref[0]);              /* the pair's own corners */
    ncs_world_corner_at(w, s, q, ref[1]);
    sat_row(w, s, s->apiece, ref, q, g, NULL);
}

/* The separating-axis row of side s's piece against piece ka of the
 * point's body (see ncs_world_sat_side; ref: the points whose nearest
 * support is taken among ties). Replaces g when it is deeper; *which
 * (may be NULL) gets the side of ka the row is on (its index in the body
 * pieces' sides) or -1 when it is on a side of s's piece. */
static void sat_row(const ncs_world *w, const ncs_sref *s, int ka, ncs_real ref[2][2],
                    const ncs_real (*q)[3], sgeo *g, int *which) {
    const ncs_pieces *tp[2];
    int body[2], piece[2], x, j, v, bv[2] = {-1, -1};
    ncs_real best[2] = {-NCS_HUGE, -NCS_HUGE}, bn[2][2] = {{0, 0}, {0, 0}}, bx[2][2];
    ncs_real tie = w->sc->project_tol;
    tp[0] = table(w, s->sb), body[0] = s->sb, piece[0] = s->piece;         /* sides of the side's piece */
    tp[1] = &w->sc->bpieces, body[1] = s->pa, piece[1] = ka;                /* sides of the point's piece */
    for (x = 0; x < 2; x++) {
        const ncs_pieces *ts = tp[x], *to = tp[1 - x];
        int ob = body[1 - x], ok = piece[1 - x];
        for (j = SIDE0(ts, piece[x]); j < SIDE1(ts, piece[x]); j++) {
            ncs_real n[2], P[2], lo = NCS_HUGE, at[2] = {0, 0}, near = NCS_HUGE;
            ncs_real off = ncs_world_true_line(w, body[x], j, q, n); /* the piece itself */
            for (v = VERT0(to, ok); v < VERT1(to, ok); v++) {
                ncs_real f;
                ncs_world_vertex_of(w, ob, v, q, P);
                if ((f = n[0] * P[0] + n[1] * P[1] - off) < lo)
                    lo = f;
            }
            /* the support: of the vertices as deep as the deepest (within
             * project_tol: flush sides, every vertex of one side), the one
             * nearest this pair's own corner, so that the two corner pairs
             * of two flush boxes act at their two ends (one support for both
             * would leave the turn free, and the projection would not part
             * a stack whose boxes turned together) */
            for (v = VERT0(to, ok); v < VERT1(to, ok); v++) {
                ncs_real d;
                ncs_world_vertex_of(w, ob, v, q, P);
                if (n[0] * P[0] + n[1] * P[1] - off > lo + tie)
                    continue;
                d = hyp(P[0] - ref[x][0], P[1] - ref[x][1]);
                if (d < near)
                    near = d, at[0] = P[0], at[1] = P[1];
            }
            if (lo > best[x]) {
                best[x] = lo;
                bn[x][0] = n[0], bn[x][1] = n[1];
                bx[x][0] = at[0], bx[x][1] = at[1];
                bv[x] = j;
            }
        }
    }
    if (which)
        *which = best[0] >= best[1] ? -1 : bv[1];
    if (bv[0] >= 0 && best[0] >= best[1] && best[0] < g->f) {
        g->f = best[0];     /* a vertex of the point's piece against the other's side */
        g->n[0] = bn[0][0];
        g->n[1] = bn[0][1];
        g->pc[0] = g->sc[0] = bx[0][0];
        g->pc[1] = g->sc[1] = bx[0][1];
    } else if (bv[1] >= 0 && best[1] > best[0] && best[1] < g->f) {
        g->f = best[1];     /* a vertex of the side's piece against the point's side */
        g->n[0] = -bn[1][0];
        g->n[1] = -bn[1][1];
        g->sc[0] = bx[1][0];
        g->sc[1] = bx[1][1];
        g->pc[0] = bx[1][0] - best[1] * bn[1][0];
        g->pc[1] = bx[1][1] - best[1] * bn[1][1];
    }
}

/* The position projection's row for the line side s of a polygon body's
 * vertex p where the body's piece holding p and s's piece overlap by more
 * than project_tol (separating axes) with no vertex of either inside the
 * other: edges crossing at a sharp corner, where the vertex rows say
 * clear. A box sliding down a tooth's face pivoted on its sharp bottom
 * corner and ended 5.3 mm inside it, which the admissibility check refused
 * (trust.slide-past-tooth-corner) and no row closed. The axis is the row of
 * one vertex pair only, so that no two rows are one: the pair of its
 * supporting vertex (a side of s's piece) or of the first vertex of the
 * body's side (a vertex of s's piece against it). */
static void vertex_sat(const ncs_world *w, const ncs_sref *s, const ncs_real (*q)[3],
                       const ncs_real p[2], sgeo *g) {
    const ncs_pieces *bp = &w->sc->bpieces;
    const ncs_body_desc *B = &w->sc->body[s->pa];
    ncs_real ref[2][2];
    sgeo best = *g;
    int k, v, which, own;
    ref[0][0] = ref[1][0] = p[0];
    ref[0][1] = ref[1][1] = p[1];
    for (k = B->piece0; k < B->piece0 + B->npiece; k++) {
        sgeo e = *g;
        for (v = VERT0(bp, k), own = 0; v < VERT1(bp, k); v++)
            own |= w->sc->bvmap[v] == s->pt;
        if (!own)
            continue;
        sat_row(w, s, k, ref, q, &e, &which);
        if (!(e.f < -w->sc->project_tol) || !(e.f < best.f))
            continue;
        if (which == -1 ? hyp(e.pc[0] - p[0], e.pc[1] - p[1]) > w->sc->project_tol
                        : which < 0 || w->sc->bvmap[VERT0(bp, k) + (which - SIDE0(bp, k))] != s->pt)
            continue;
        best = e;
    }
    *g = best;
}

#endif

/* Evaluates side s at q into g (exact, the position projection: a corner
 * side, or a body vertex's line side (vertex_sat), whose pieces overlap by
 * more than project_tol along a separating axis takes that axis,
 * wherever its corners are; not at rounding scale, where it would only
 * turn a resting pile's rows). For an arc whose centre has left the
 * vertex's cone the nearer side's line is used (still a supporting line of
 * the grown piece, so the constraint stays sound). */
static void side_geo(const ncs_world *w, const ncs_sref *s, const ncs_real (*q)[3], int exact,
                     sgeo *g) {
    ncs_real p[2], d[2], len;
    ncs_world_point_of(w, s, q, p);
#if NCS_WORLD_POLYGONS
    if (s->kind == NCS_SIDE_CORNER) {
        ncs_real W[2];
        ncs_world_corner_at(w, s, q, W);
        g->n[0] = s->nx;
        g->n[1] = s->ny;
        g->f = s->nx * (p[0] - W[0]) + s->ny * (p[1] - W[1]);
        g->sc[0] = W[0];
        g->sc[1] = W[1];
        g->pc[0] = p[0];
        g->pc[1] = p[1];
        if (s->met && hyp(p[0] - W[0], p[1] - W[1]) > w->sc->project_tol) {
            ncs_world_sat_side(w, s, q, g);
        } else if (exact) { /* only an overlap the projection must close */
            sgeo e = *g;
            ncs_world_sat_side(w, s, q, &e);
            if (e.f < -w->sc->project_tol)
                *g = e;
        }
        return;
    }
#else
    (void)exact; /* no corner sides without polygon bodies */
#endif
    if (s->kind == NCS_SIDE_DISC) {
        ncs_real *c = (ncs_real *)q[s->sb];
        d[0] = p[0] - c[0];
        d[1] = p[1] - c[1];
        len = hyp(d[0], d[1]);
        g->n[0] = len > 0 ? d[0] / len : NCS_RC(0.0);
        g->n[1] = len > 0 ? d[1] / len : NCS_RC(1.0);
        g->f = len - s->rp - s->rs;
        g->sc[0] = c[0] + s->rs * g->n[0];
        g->sc[1] = c[1] + s->rs * g->n[1];
    } else if (s->kind == NCS_SIDE_ARC) {
        const ncs_pieces *t = table(w, s->sb);
        ncs_real V[2], na[2], nb[2];
        int n, i = local_side(t, s->piece, s->sd, &n);
        int prev = SIDE0(t, s->piece) + (i + n - 1) % n;
        ncs_world_vertex_of(w, s->sb, VERT0(t, s->piece) + i, q, V);
        ncs_world_line_of(w, s->sb, prev, 0, q, na);
        ncs_world_line_of(w, s->sb, s->sd, 0, q, nb);
        d[0] = p[0] - V[0];
        d[1] = p[1] - V[1];
        len = hyp(d[0], d[1]);
        if (len > 0 && ncs_world_in_cone(na, nb, d)) {
            g->n[0] = d[0] / len;
            g->n[1] = d[1] / len;
            g->sc[0] = V[0];
            g->sc[1] = V[1];
        } else { /* clamp to the nearer side of the cone */
            ncs_real *m = na[0] * d[0] + na[1] * d[1] >= nb[0] * d[0] + nb[1] * d[1] ? na : nb;
            g->n[0] = m[0];
            g->n[1] = m[1];
            /* a side's line turns with the body: its derivative acts at
             * the point's foot, as for a line side, not at the vertex
             * (that made the rotation's row wrong at first order and the
             * position projection converge only linearly) */
            g->sc[0] = p[0] - s->rp * m[0];
            g->sc[1] = p[1] - s->rp * m[1];
        }
        g->f = g->n[0] * d[0] + g->n[1] * d[1] - s->rp;
    } else {
        ncs_real off = ncs_world_line_of(w, s->sb, s->sd, s->rp, q, g->n);
        g->f = g->n[0] * p[0] + g->n[1] * p[1] - off;
        g->sc[0] = p[0] - s->rp * g->n[0];
        g->sc[1] = p[1] - s->rp * g->n[1];
    }
    g->pc[0] = p[0] - s->rp * g->n[0];
    g->pc[1] = p[1] - s->rp * g->n[1];
#if NCS_WORLD_POLYGONS
    if (exact && s->kind == NCS_SIDE_LINE && s->point == NCS_POINT_BODY_VERTEX)
        vertex_sat(w, s, q, p, g);
#endif
}

/* Linearises side s at q into contact c (normal and tangential rows of both
 * bodies: the point's body along n, the side's body along -n; exact as for
 * side_geo). */
NCS_INTERNAL void ncs_world_eval(const ncs_world *w, const ncs_sref *s, const ncs_real (*q)[3], int exact,
                                 ncs_contact *c) {
    sgeo g;
    ncs_real t[2];
    int k;
    side_geo(w, s, q, exact, &g);
    t[0] = -g.n[1];
    t[1] = g.n[0];
    c->a = s->pa;
    c->b = s->sb;
    c->f = g.f;
    c->px = g.pc[0];
    c->py = g.pc[1];
    c->ghost = 0;
    for (k = 0; k < 3; k++)
        c->jn[0][k] = c->jn[1][k] = c->jt[0][k] = c->jt[1][k] = 0;
    if (s->pa >= 0) {
        ncs_real ax = g.pc[0] - q[s->pa][0], ay = g.pc[1] - q[s->pa][1];
        c->jn[0][0] = g.n[0];
        c->jn[0][1] = g.n[1];
        c->jn[0][2] = cross2(ax, ay, g.n[0], g.n[1]);
        c->jt[0][0] = t[0];
        c->jt[0][1] = t[1];
        c->jt[0][2] = cross2(ax, ay, t[0], t[1]);
    }
    if (s->sb >= 0) {
        ncs_real bx = g.sc[0] - q[s->sb][0], by = g.sc[1] - q[s->sb][1];
        c->jn[1][0] = -g.n[0];
        c->jn[1][1] = -g.n[1];
        c->jn[1][2] = -cross2(bx, by, g.n[0], g.n[1]);
        c->jt[1][0] = -t[0];
        c->jt[1][1] = -t[1];
        c->jt[1][2] = -cross2(bx, by, t[0], t[1]);
    }
}

NCS_INTERNAL ncs_real ncs_world_gap_of(const ncs_world *w, const ncs_sref *s, const ncs_real (*q)[3]) {
    sgeo g;
    side_geo(w, s, q, 0, &g);
    return g.f;
}

/* Gap of pair P at q: the largest over its sides. */
NCS_INTERNAL ncs_real ncs_world_pair_gap(const ncs_world *w, const ncs_pair *P, const ncs_real (*q)[3]) {
    ncs_real best = -NCS_HUGE, f;
    int i;
    for (i = P->side0; i < P->side0 + P->nside; i++)
        if ((f = ncs_world_gap_of(w, &w->mem.sref[i], q)) > best)
            best = f;
    return best;
}
