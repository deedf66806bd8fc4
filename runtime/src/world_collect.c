/* world_collect.c - the step engine's collection of pairs: every side within
 * reach of a point, piece or corner of two bodies (or a body and the
 * obstacles), with the speed bounds that set the reach (docs/engine.md,
 * "Contacts" and "Sizes").
 *
 * Which sides two bodies make depends only on their two shapes: the body
 * kinds of ncs/vocab.h and the world (the obstacles, a static row of its
 * own). So the pairs are dispatched by a table, `registers` below, indexed
 * by the two shapes (Box2D v3's contact registers, s_registers in
 * src/contact.c): a function per pair of shapes, and a swap flag so that
 * one function serves (A, B) and (B, A). The loop (ncs_world_collect) sees
 * every body once against the world, then each two bodies a < b within
 * reach, and calls the register of their shapes: no test of kinds in it.
 * With n body kinds the table has (n + 1)^2 entries but one function per
 * unordered pair of shapes that makes contacts: a new body kind (a capsule,
 * say) is one row of the table (its column holds the same functions,
 * swapped) and one function per shape it meets. The side a function makes names its point
 * by kind (ncs_sref.point: a body's centre, a body's vertex, an obstacle
 * vertex), so side geometry (world_side.c) need not read it from -1
 * indices. The order of the pairs is that of the loops before the table
 * (the bodies' order within a pair, the functions' own loops), so the
 * islands, the LCPs and every result are the same. */
#include "world_internal.h"

/* ---- collection -------------------------------------------------------- */

/** A pair being built: candidate sides within reach go to the end of sref
 *  as they come (the best one is remembered too), then finish() keeps the
 *  pair when its best side is within reach. */
typedef struct build {
    int start;          /* first stored side */
    ncs_real reach;     /* sides behind by more are left out */
    ncs_real best;      /* the largest gap seen */
    ncs_sref top;       /* its side */
    int overflow;       /* 1 when a side did not fit */
    const ncs_real (*q)[3]; /* the configuration */
} build;

static void begin(const ncs_world *w, build *bd, ncs_real reach, const ncs_real (*q)[3]) {
    bd->start = w->nsrefs;
    bd->reach = reach;
    bd->best = -NCS_HUGE;
    bd->overflow = 0;
    bd->q = q;
}

/* Offers a candidate side: stored when it is behind by at most the reach
 * (never under stewart, which keeps only the best side). */
static void cand(ncs_world *w, build *bd, const ncs_sref *s) {
    ncs_real f = ncs_world_gap_of(w, s, bd->q);
    if (f > bd->best) {
        bd->best = f;
        bd->top = *s;
    }
    if (f < -bd->reach || w->sc->form == NCS_FORM_STEWART)
        return;
    if (w->nsrefs >= w->sc->max_srefs) {
        bd->overflow = 1;
        return;
    }
    w->mem.sref[w->nsrefs++] = *s;
}

/* Keeps the pair when its best side is within reach, with the stored sides
 * (or the best alone when none was stored: stewart, or a point deeper in
 * the piece than the reach). Returns 0, or -1 when sides or pairs did not
 * fit. */
static int finish(ncs_world *w, build *bd, int a, int b) {
    if (bd->best == -NCS_HUGE || bd->best > bd->reach) {
        w->nsrefs = bd->start;
        return 0;
    }
    if (bd->overflow || w->npairs >= w->sc->max_pairs) {
        w->nsrefs = bd->start;
        return -1;
    }
    if (w->nsrefs == bd->start)
        w->mem.sref[w->nsrefs++] = bd->top;
    w->mem.pair[w->npairs].a = a;
    w->mem.pair[w->npairs].b = b;
    w->mem.pair[w->npairs].side0 = bd->start;
    w->mem.pair[w->npairs].nside = w->nsrefs - bd->start;
    w->mem.pair[w->npairs].island = a >= 0 ? a : b;
    w->npairs++;
    return 0;
}

#if NCS_WORLD_POLYGONS
/* Friction of an obstacle vertex: that of the side starting there. */
static ncs_real obst_vertex_mu(const ncs_world *w, int k, int v) {
    const ncs_pieces *t = &w->sc->obst;
    return t->side[SIDE0(t, k) + (v - VERT0(t, k))].mu;
}
#endif

/* Friction of body b, or of obstacle side j of the table of sb < 0. */
static ncs_real side_mu(const ncs_world *w, int sb, int j) {
    if (sb >= 0)
        return w->sc->body[sb].mu;
    return w->sc->obst.side[j].mu;
}

/* Point (pk, pa, pt, rp) against piece k of body sb (or an obstacle
 * piece): its lines, and arcs around its vertices for a disc. `pk` is the
 * point's kind (NCS_POINT_*), `mup` its friction. */
static int point_piece(ncs_world *w, int pk, int pa, int pt, ncs_real rp, ncs_real mup, int sb, int k,
                       ncs_real reach, const ncs_real (*q)[3]) {
    const ncs_pieces *t = table(w, sb);
    ncs_sref s;
    build bd;
    int j, n = SIDE1(t, k) - SIDE0(t, k);
    int nv = VERT1(t, k) - VERT0(t, k);
    begin(w, &bd, reach, q);
    memset(&s, 0, sizeof s);
    s.point = (signed char)pk;
    s.pa = pa;
    s.pt = pt;
    s.sb = sb;
    s.piece = k;
    s.rp = rp;
    for (j = SIDE0(t, k); j < SIDE1(t, k); j++) {
        s.kind = NCS_SIDE_LINE;
        s.sd = j;
        s.mu = pair_mu(mup, side_mu(w, sb, j));
        cand(w, &bd, &s);
    }
    if (rp > 0 && nv == n && n >= 2) {
        ncs_real p[2], V[2], na[2], nb[2], d[2];
        ncs_world_point_of(w, &s, q, p);
        for (j = 0; j < n; j++) {
            int sd = SIDE0(t, k) + j, prev = SIDE0(t, k) + (j + n - 1) % n;
            ncs_world_vertex_of(w, sb, VERT0(t, k) + j, q, V);
            ncs_world_line_of(w, sb, prev, 0, q, na);
            ncs_world_line_of(w, sb, sd, 0, q, nb);
            d[0] = p[0] - V[0];
            d[1] = p[1] - V[1];
            if (!ncs_world_in_cone(na, nb, d))
                continue;
            s.kind = NCS_SIDE_ARC;
            s.sd = sd;
            s.mu = pair_mu(mup, side_mu(w, sb, sd));
            cand(w, &bd, &s);
        }
    }
    return finish(w, &bd, pa, sb);
}

#if NCS_WORLD_POLYGONS
/* The normal cone of vertex j (local index) of piece k of the table of sb:
 * its start and end rays (counter-clockwise), the outward normals of the
 * side ending there and of the side starting there, skipping corner caps
 * (a repeated vertex). */
static void cone_of(const ncs_world *w, int sb, int k, int j, const ncs_real (*q)[3],
                    ncs_real s[2], ncs_real e[2]) {
    const ncs_pieces *t = table(w, sb);
    int n = SIDE1(t, k) - SIDE0(t, k), i0 = j, i1 = j, guard;
    ncs_real V[2], U[2];
    ncs_world_vertex_of(w, sb, VERT0(t, k) + j, q, V);
    for (guard = 0; guard < n; guard++) { /* back over repeats of this vertex */
        ncs_world_vertex_of(w, sb, VERT0(t, k) + (i0 + n - 1) % n, q, U);
        if (U[0] != V[0] || U[1] != V[1])
            break;
        i0 = (i0 + n - 1) % n;
    }
    for (guard = 0; guard < n; guard++) { /* forward over repeats */
        ncs_world_vertex_of(w, sb, VERT0(t, k) + (i1 + 1) % n, q, U);
        if (U[0] != V[0] || U[1] != V[1])
            break;
        i1 = (i1 + 1) % n;
    }
    ncs_world_line_of(w, sb, SIDE0(t, k) + (i0 + n - 1) % n, 0, q, s);
    ncs_world_line_of(w, sb, SIDE0(t, k) + i1, 0, q, e);
}

/* How far ray d is outside the cone [s, e] (0 inside): the larger of the
 * two cross-product deficits. */
static ncs_real outside(const ncs_real s[2], const ncs_real e[2], const ncs_real d[2]) {
    ncs_real a = -cross2(s[0], s[1], d[0], d[1]), b = -cross2(d[0], d[1], e[0], e[1]);
    ncs_real o = a > b ? a : b;
    return o > 0 ? o : 0;
}

/* Corner v (local index jv) of piece ka of polygon body a against corner
 * jw of piece kb of body b (or of obstacle piece kb when b < 0), within
 * reach: the directions that separate the two corners are the normals n
 * in the cone of kb at w and in minus the cone of ka at v (docs/engine.md,
 * "Corners"). The pair's sides are that cone's boundary rays (one when it
 * is a single ray: two flush edges), each a contact n.(v - w) >= 0. Cones
 * that miss each other mean corners that already overlap: only when the
 * two points coincide is that a corner contact (then the nearest rays push
 * them apart); otherwise the vertex pairs see it and no pair is made. */
static int corner_pair(ncs_world *w, int a, int ka, int jv, int b, int kb, int jw,
                       ncs_real reach, const ncs_real (*q)[3]) {
    const ncs_pieces *ta = &w->sc->bpieces, *tb = table(w, b);
    ncs_real qs[2], qe[2], ps[2], pe[2], cand4[4][2], best = NCS_HUGE, o[4], V[2], W[2];
    ncs_sref s;
    build bd;
    int i, nkeep = 0, keep[4], met;
    cone_of(w, b, kb, jw, q, qs, qe);
    cone_of(w, a, ka, jv, q, ps, pe);
    ps[0] = -ps[0];
    ps[1] = -ps[1];
    pe[0] = -pe[0];
    pe[1] = -pe[1];
    cand4[0][0] = qs[0], cand4[0][1] = qs[1];
    cand4[1][0] = qe[0], cand4[1][1] = qe[1];
    cand4[2][0] = ps[0], cand4[2][1] = ps[1];
    cand4[3][0] = pe[0], cand4[3][1] = pe[1];
    for (i = 0; i < 4; i++) {
        ncs_real x = outside(qs, qe, cand4[i]), y = outside(ps, pe, cand4[i]);
        o[i] = x > y ? x : y;
        best = o[i] < best ? o[i] : best;
    }
    ncs_world_vertex_of(w, a, VERT0(ta, ka) + jv, q, V);
    ncs_world_vertex_of(w, b, VERT0(tb, kb) + jw, q, W);
    met = hyp(V[0] - W[0], V[1] - W[1]) <= w->sc->project_tol;
    if (best > NCS_RC(1e-9) && !met) /* the cones miss each other */
        return 0;
    for (i = 0; i < 4; i++) {
        int k, dup = 0;
        if (o[i] > best + NCS_RC(1e-9))
            continue;
        for (k = 0; k < nkeep; k++)
            if (NCS_FABS(cand4[keep[k]][0] - cand4[i][0]) + NCS_FABS(cand4[keep[k]][1] - cand4[i][1]) <
                NCS_RC(1e-9))
                dup = 1;
        if (!dup && nkeep < 2)
            keep[nkeep++] = i;
    }
    begin(w, &bd, reach, q);
    memset(&s, 0, sizeof s);
    s.kind = NCS_SIDE_CORNER;
    s.met = (signed char)met;
    s.point = NCS_POINT_BODY_VERTEX;
    s.pa = a;
    s.pt = w->sc->bvmap[VERT0(ta, ka) + jv];
    s.sb = b;
    s.piece = kb;
    s.apiece = ka;
    s.sd = b < 0 ? VERT0(tb, kb) + jw : w->sc->bvmap[VERT0(tb, kb) + jw];
    s.mu = b < 0 ? pair_mu(w->sc->body[a].mu, obst_vertex_mu(w, kb, VERT0(tb, kb) + jw))
                 : pair_mu(w->sc->body[a].mu, w->sc->body[b].mu);
    for (i = 0; i < nkeep; i++) {
        s.nx = cand4[keep[i]][0];
        s.ny = cand4[keep[i]][1];
        cand(w, &bd, &s);
    }
    return finish(w, &bd, a, b);
}

/* Corner pairs of piece ka of polygon body a against piece kb of body b
 * (or obstacle piece kb): every two corners within reach of each other. */
static int corners_meet(ncs_world *w, int a, int ka, int b, int kb, ncs_real reach,
                        const ncs_real (*q)[3]) {
    const ncs_pieces *ta = &w->sc->bpieces, *tb = table(w, b);
    int na = VERT1(ta, ka) - VERT0(ta, ka), nb = VERT1(tb, kb) - VERT0(tb, kb);
    int u, v;
    ncs_real P[2], Q[2], R[2];
    for (u = 0; u < na; u++) {
        ncs_world_vertex_of(w, a, VERT0(ta, ka) + u, q, P);
        if (u > 0) { /* a corner cap repeats its vertex: once */
            ncs_world_vertex_of(w, a, VERT0(ta, ka) + u - 1, q, R);
            if (R[0] == P[0] && R[1] == P[1])
                continue;
        }
        for (v = 0; v < nb; v++) {
            ncs_world_vertex_of(w, b, VERT0(tb, kb) + v, q, Q);
            if (v > 0) {
                ncs_world_vertex_of(w, b, VERT0(tb, kb) + v - 1, q, R);
                if (R[0] == Q[0] && R[1] == Q[1])
                    continue;
            }
            if (hyp(P[0] - Q[0], P[1] - Q[1]) > reach)
                continue;
            if (corner_pair(w, a, ka, u, b, kb, v, reach, q) != 0)
                return -1;
        }
    }
    return 0;
}
#endif

/* Distance from the centroid of body a to piece k's circle (table of sb). */
NCS_INTERNAL ncs_real ncs_world_piece_dist(const ncs_world *w, int sb, int k, const ncs_real c[2],
                                           const ncs_real (*q)[3]) {
    const ncs_pieces *t = table(w, sb);
    ncs_real pc[2];
    if (t->piece[k].rad < 0)
        return -NCS_HUGE;
    if (sb < 0) {
        pc[0] = t->piece[k].cx;
        pc[1] = t->piece[k].cy;
    } else {
        world_point(q[sb], t->piece[k].cx, t->piece[k].cy, pc);
    }
    return hyp(c[0] - pc[0], c[1] - pc[1]) - t->piece[k].rad;
}

#if NCS_WORLD_POLYGONS
/* Do the two corners of corner side s coincide (closer than the
 * projection tolerance) at q? */
static int corner_coincides(const ncs_world *w, const ncs_sref *s, const ncs_real (*q)[3]) {
    ncs_real P[2], W[2];
    ncs_world_point_of(w, s, q, P);
    ncs_world_corner_at(w, s, q, W);
    return hyp(P[0] - W[0], P[1] - W[1]) <= w->sc->project_tol;
}

/* Is point v of body pb (an outline vertex) against piece k of body ob
 * (ob < 0: an obstacle piece) implied by a corner pair among pairs
 * [from, npairs) (docs/engine.md, "Corners")? The corner pair's line
 * supports the piece at its corner, so it keeps the point out of it: for a
 * static piece its side along the piece's edge is the vertex pair's row
 * exactly, so the vertex pair only repeats it; for a moving piece the two
 * agree to first order only when the corners coincide. */
static int corner_covers(const ncs_world *w, int from, int pb, int v, int ob, int k,
                         const ncs_real (*q)[3]) {
    int i;
    for (i = from; i < w->npairs; i++) {
        const ncs_sref *s = &w->mem.sref[w->mem.pair[i].side0];
        if (s->kind != NCS_SIDE_CORNER)
            continue;
        if (s->pa == pb && s->pt == v && s->sb == ob && s->piece == k &&
            (ob < 0 || corner_coincides(w, s, q)))
            return 1;
        if (ob >= 0 && s->sb == pb && s->sd == v && s->pa == ob && s->apiece == k &&
            corner_coincides(w, s, q))
            return 1;
    }
    return 0;
}

/* The same for obstacle vertex cv against piece ka of body a: a corner pair
 * of that piece at the same point, the corners coinciding (the piece's
 * sides turn with the body, the corner pair's line does not). */
static int corner_covers_obst(const ncs_world *w, int from, int cv, int a, int ka,
                              const ncs_real (*q)[3]) {
    int i;
    for (i = from; i < w->npairs; i++) {
        const ncs_sref *s = &w->mem.sref[w->mem.pair[i].side0];
        if (s->kind == NCS_SIDE_CORNER && s->sb < 0 && s->pa == a && s->apiece == ka &&
            w->sc->obst.vert[s->sd].x == w->sc->obst.vert[cv].x &&
            w->sc->obst.vert[s->sd].y == w->sc->obst.vert[cv].y && corner_coincides(w, s, q))
            return 1;
    }
    return 0;
}
#endif

/** Walks the obstacle pieces (or corners) whose circles may come within d
 *  of c: through the scene's grid, each once, or every one without a grid. */
typedef struct near_it {
    int ix0, ix1, iy0, iy1;     /* the window of cells */
    int ix, iy, s;              /* the cell and the place in its list */
    int f;                      /* next unbounded piece, or next piece without a grid */
    int corners;                /* 1: walks corners */
} near_it;

static int cell_of(const ncs_grid *g, ncs_real v, ncs_real v0, int n) {
    ncs_real t = (v - v0) / g->cell;
    return t < 0 ? 0 : t >= (ncs_real)n ? n - 1 : (int)t;
}

static void near_begin(near_it *it, const ncs_world *w, const ncs_real c[2], ncs_real d,
                       int corners) {
    const ncs_grid *g = &w->sc->grid;
    memset(it, 0, sizeof *it);  /* all set: the window is unused without a grid */
    it->corners = corners;
    it->s = -1;
    if (g->nx == 0)
        return;
    it->ix0 = cell_of(g, c[0] - d, g->x0, g->nx);
    it->ix1 = cell_of(g, c[0] + d, g->x0, g->nx);
    it->iy0 = cell_of(g, c[1] - d, g->y0, g->ny);
    it->iy1 = cell_of(g, c[1] + d, g->y0, g->ny);
    it->ix = it->ix0;
    it->iy = it->iy0;
}

/* The next piece (or corner) index, or -1 when done. A piece whose circle
 * spans several cells of the window comes from the first of them only. */
static int near_next(near_it *it, const ncs_world *w) {
    const ncs_scene_desc *sc = w->sc;
    const ncs_grid *g = &sc->grid;
    if (g->nx == 0)
        return it->f < (it->corners ? sc->ncorners : sc->obst.npieces) ? it->f++ : -1;
    if (!it->corners && it->f < g->nfree)
        return g->free_piece[it->f++];
    for (;;) {
        int cell = it->iy * g->nx + it->ix;
        const int *st = it->corners ? g->cstart : g->start;
        const int *item = it->corners ? g->citem : g->item;
        if (it->s < 0)
            it->s = st[cell];
        while (it->s < st[cell + 1]) {
            int k = item[it->s++];
            const ncs_piece *P;
            if (it->corners)
                return k;
            P = &sc->obst.piece[k]; /* first cell of its circle in the window */
            if (it->ix == (cell_of(g, P->cx - P->rad, g->x0, g->nx) > it->ix0
                               ? cell_of(g, P->cx - P->rad, g->x0, g->nx) : it->ix0) &&
                it->iy == (cell_of(g, P->cy - P->rad, g->y0, g->ny) > it->iy0
                               ? cell_of(g, P->cy - P->rad, g->y0, g->ny) : it->iy0))
                return k;
        }
        it->s = -1;
        if (++it->ix > it->ix1) {
            it->ix = it->ix0;
            if (++it->iy > it->iy1)
                return -1;
        }
    }
}

/* ---- the collectors of the table (one per pair of shapes) --------------
 * Each is called as fn(w, a, b, reach, q) with a's shape the row and b's the
 * column of its register (b = -1: the world); a swapped register calls it
 * with the two the other way round. */

/* A particle or disc (the centre of body a) against the obstacles: the
 * pieces whose circles come within reach. */
static int round_world(ncs_world *w, int a, int b, ncs_real R, const ncs_real (*q)[3]) {
    const ncs_body_desc *A = &w->sc->body[a];
    near_it it;
    int k;
    (void)b;
    near_begin(&it, w, q[a], A->rad + R, 0);
    while ((k = near_next(&it, w)) >= 0)
        if (ncs_world_piece_dist(w, -1, k, q[a], q) <= A->rad + R &&
            point_piece(w, NCS_POINT_CENTRE, a, -1, A->r, A->mu, -1, k, R, q) != 0)
            return -1;
    return 0;
}

#if NCS_WORLD_POLYGONS
/* Polygon body a against the obstacles: corner pairs first (they make some
 * vertex pairs redundant), then its vertices against the pieces, then the
 * solid's convex corners against its pieces. */
static int polygon_world(ncs_world *w, int a, int b, ncs_real R, const ncs_real (*q)[3]) {
    const ncs_scene_desc *sc = w->sc;
    const ncs_body_desc *A = &sc->body[a];
    near_it it;
    int k, v, ka, from = w->npairs;
    (void)b;
    near_begin(&it, w, q[a], A->rad + R, 0);
    while ((k = near_next(&it, w)) >= 0)
        if (VERT1(&sc->obst, k) > VERT0(&sc->obst, k) &&
            ncs_world_piece_dist(w, -1, k, q[a], q) <= A->rad + R)
            for (ka = A->piece0; ka < A->piece0 + A->npiece; ka++)
                if (corners_meet(w, a, ka, -1, k, R, q) != 0)
                    return -1;
    near_begin(&it, w, q[a], A->rad + R, 0);
    while ((k = near_next(&it, w)) >= 0) {
        if (ncs_world_piece_dist(w, -1, k, q[a], q) > A->rad + R)
            continue;
        for (v = A->vert0; v < A->vert0 + A->nvert; v++)
            if (!corner_covers(w, from, a, v, -1, k, q) &&
                point_piece(w, NCS_POINT_BODY_VERTEX, a, v, 0, A->mu, -1, k, R, q) != 0)
                return -1;
    }
    near_begin(&it, w, q[a], A->rad + R, 1);
    while ((v = near_next(&it, w)) >= 0) {
        int cv = sc->corner[v].v;
        if (hyp(sc->obst.vert[cv].x - q[a][0], sc->obst.vert[cv].y - q[a][1]) > A->rad + R)
            continue;
        for (ka = A->piece0; ka < A->piece0 + A->npiece; ka++) {
            ncs_sref s;
            build bd;
            int j;
            if (corner_covers_obst(w, from, cv, a, ka, q))
                continue;
            begin(w, &bd, R, q);
            memset(&s, 0, sizeof s);
            s.point = NCS_POINT_OBST_VERTEX;
            s.pa = -1;
            s.pt = cv;
            s.sb = a;
            s.piece = ka;
            s.kind = NCS_SIDE_LINE;
            s.mu = pair_mu(A->mu, sc->corner[v].mu);
            for (j = SIDE0(&sc->bpieces, ka); j < SIDE1(&sc->bpieces, ka); j++) {
                s.sd = j;
                cand(w, &bd, &s);
            }
            if (finish(w, &bd, -1, a) != 0)
                return -1;
        }
    }
    return 0;
}
#endif

#if NCS_WORLD_POLYGONS && NCS_WORLD_BODY_PAIRS
/* A particle or disc (the centre of body p) against the pieces of polygon
 * body o within reach. */
static int round_polygon(ncs_world *w, int p, int o, ncs_real R, const ncs_real (*q)[3]) {
    const ncs_body_desc *P = &w->sc->body[p], *O = &w->sc->body[o];
    int k;
    for (k = O->piece0; k < O->piece0 + O->npiece; k++) {
        if (ncs_world_piece_dist(w, o, k, q[p], q) > P->rad + R)
            continue;
        if (point_piece(w, NCS_POINT_CENTRE, p, -1, P->r, P->mu, o, k, R, q) != 0)
            return -1;
    }
    return 0;
}
#endif

#if NCS_WORLD_POLYGONS && NCS_WORLD_BODY_PAIRS
/* The vertices of polygon body p against the pieces of polygon body o
 * within reach, but those a corner pair among pairs [from, npairs)
 * covers. */
static int vertices_polygon(ncs_world *w, int p, int o, int from, ncs_real R, const ncs_real (*q)[3]) {
    const ncs_body_desc *P = &w->sc->body[p], *O = &w->sc->body[o];
    int k, v;
    for (k = O->piece0; k < O->piece0 + O->npiece; k++) {
        if (ncs_world_piece_dist(w, o, k, q[p], q) > P->rad + R)
            continue;
        for (v = P->vert0; v < P->vert0 + P->nvert; v++)
            if (!corner_covers(w, from, p, v, o, k, q) &&
                point_piece(w, NCS_POINT_BODY_VERTEX, p, v, 0, P->mu, o, k, R, q) != 0)
                return -1;
    }
    return 0;
}

/* Polygon bodies a < b: corner pairs first (they make some vertex pairs
 * redundant), then the vertices of a against b's pieces and of b against
 * a's. */
static int polygon_polygon(ncs_world *w, int a, int b, ncs_real R, const ncs_real (*q)[3]) {
    const ncs_scene_desc *sc = w->sc;
    int ka, kb, from = w->npairs;
    for (ka = sc->body[a].piece0; ka < sc->body[a].piece0 + sc->body[a].npiece; ka++)
        for (kb = sc->body[b].piece0; kb < sc->body[b].piece0 + sc->body[b].npiece; kb++)
            if (corners_meet(w, a, ka, b, kb, R, q) != 0)
                return -1;
    if (vertices_polygon(w, a, b, from, R, q) != 0)
        return -1;
    return vertices_polygon(w, b, a, from, R, q);
}
#endif

#if NCS_WORLD_BODY_PAIRS
/* Bodies a < b, discs or a disc and a particle: the centre line, the
 * point at a's centre (the same either way round: not swapped). */
static int round_round(ncs_world *w, int a, int b, ncs_real R, const ncs_real (*q)[3]) {
    const ncs_scene_desc *sc = w->sc;
    ncs_sref s;
    build bd;
    begin(w, &bd, R, q);
    memset(&s, 0, sizeof s);
    s.point = NCS_POINT_CENTRE;
    s.pa = a;
    s.pt = -1;
    s.sb = b;
    s.piece = -1;
    s.kind = NCS_SIDE_DISC;
    s.rp = sc->body[a].r;
    s.rs = sc->body[b].r;
    s.mu = pair_mu(sc->body[a].mu, sc->body[b].mu);
    cand(w, &bd, &s);
    return finish(w, &bd, a, b);
}
#endif

/* ---- the table ---------------------------------------------------------- */

/* The shapes: the body kinds (ncs/vocab.h), then the world (the obstacles). */
enum { SHAPE_WORLD = NCS_NBODY_KINDS, NSHAPES };

typedef int (*collector)(ncs_world *w, int a, int b, ncs_real reach, const ncs_real (*q)[3]);

/** The collector of a pair of shapes, and whether it takes the two the other
 *  way round (Box2D v3's contact registers). */
typedef struct pair_register {
    collector fn;               /* NULL: such shapes never make a pair */
    unsigned char swap;         /* 1: called as fn(w, b, a, ...) */
} pair_register;

/* registers[shape of a][shape of b], rows and columns in the order of
 * ncs_body_kind (the check below), the world last. Two particles never
 * make a pair (points without extent); the world's row is never looked up
 * (the loop puts the world second) and is there for the symmetry. */
/* A copy without polygon bodies or without pairs of bodies (ncs/config.h)
 * has no collector for them: NULL in their registers. */
#if NCS_WORLD_BODY_PAIRS
#define ROUND_ROUND round_round
#else
#define ROUND_ROUND NULL
#endif
#if NCS_WORLD_POLYGONS
#define POLYGON_WORLD polygon_world
#else
#define POLYGON_WORLD NULL
#endif
#if NCS_WORLD_POLYGONS && NCS_WORLD_BODY_PAIRS
#define ROUND_POLYGON round_polygon
#define POLYGON_POLYGON polygon_polygon
#else
#define ROUND_POLYGON NULL
#define POLYGON_POLYGON NULL
#endif
static const pair_register registers[NSHAPES][NSHAPES] = {
    /*              particle            disc                polygon             world */
    /* particle */ {{NULL, 0},          {ROUND_ROUND, 0},   {ROUND_POLYGON, 0}, {round_world, 0}},
    /* disc */     {{ROUND_ROUND, 0},   {ROUND_ROUND, 0},   {ROUND_POLYGON, 0}, {round_world, 0}},
    /* polygon */  {{ROUND_POLYGON, 1}, {ROUND_POLYGON, 1}, {POLYGON_POLYGON, 0}, {POLYGON_WORLD, 0}},
    /* world */    {{round_world, 1},   {round_world, 1},   {POLYGON_WORLD, 1}, {NULL, 0}}
};
#undef ROUND_ROUND
#undef POLYGON_WORLD
#undef ROUND_POLYGON
#undef POLYGON_POLYGON
typedef char registers_in_kind_order[NCS_PARTICLE == 0 && NCS_DISC == 1 && NCS_POLYGON == 2 &&
                                     NCS_NBODY_KINDS == 3 ? 1 : -1];

/* The shape of body i (-1: the world). */
static int body_shape(const ncs_world *w, int i) {
    return i < 0 ? SHAPE_WORLD : w->sc->body[i].kind;
}

/* The pairs of bodies a and b (b = -1: a against the world) by their
 * shapes' register. Returns 0, or -1 when pairs or sides did not fit. */
static int collect_pair(ncs_world *w, int a, int b, ncs_real reach, const ncs_real (*q)[3]) {
    const pair_register *r = &registers[body_shape(w, a)][body_shape(w, b)];
    if (!r->fn)
        return 0;
    return r->swap ? r->fn(w, b, a, reach, q) : r->fn(w, a, b, reach, q);
}

/* Speed bound of any point of body i from the velocities u and vt. */
NCS_INTERNAL ncs_real ncs_world_speed(const ncs_world *w, int i, const ncs_real *u, const ncs_real *vt) {
    ncs_real a = hyp(u[0], u[1]), b = hyp(vt[0], vt[1]);
    ncs_real om = NCS_FABS(u[2]) > NCS_FABS(vt[2]) ? NCS_FABS(u[2]) : NCS_FABS(vt[2]);
    return (a > b ? a : b) + om * w->sc->body[i].rad;
}

/* The bodies by the left end of their reach (x - rad - h sp - body margin),
 * an insertion sort of last step's order: nearly sorted, so about linear. */
static void sweep_sort(ncs_world *w, const ncs_real (*q)[3], const ncs_real (*sp)[3]) {
    int *o = w->mem.sweep, nb = w->sc->nbodies, i, j, b;
    ncs_real *lo = w->mem.lo;
    for (i = 0; i < nb; i++)
        lo[i] = q[i][0] - w->sc->body[i].rad - w->h * sp[i][0] - w->sc->body_margin;
    for (i = 1; i < nb; i++) {
        b = o[i];
        for (j = i; j > 0 && lo[o[j - 1]] > lo[b]; j--)
            o[j] = o[j - 1];
        o[j] = b;
    }
}

/* Every candidate pair at q with per-body speed bounds sp[i][0]: each body
 * against the obstacles, then the bodies whose reaches overlap along x
 * (sweep and prune) and whose circles come within reach. Returns 0, or -1
 * when the pairs or their sides did not fit. */
/* Do bodies a and b share a joint? (Joined bodies do not collide.) */
NCS_INTERNAL int ncs_world_joined(const ncs_world *w, int a, int b) {
    int j;
    for (j = 0; j < w->sc->njoints; j++) {
        const ncs_joint_desc *J = &w->sc->joint[j];
        if ((J->a == a && J->b == b) || (J->a == b && J->b == a))
            return 1;
    }
    return 0;
}

NCS_INTERNAL int ncs_world_collect(ncs_world *w, const ncs_real (*q)[3], const ncs_real (*sp)[3]) {
    const ncs_scene_desc *sc = w->sc;
    const int *o = w->mem.sweep;
    int a, b, i, j;
    w->npairs = 0;
    w->nsrefs = 0;
    for (a = 0; a < sc->nbodies; a++) /* a kinematic body passes the obstacles */
        if (!kin(w, a) && collect_pair(w, a, -1, w->h * sp[a][0] + sc->margin, q) != 0)
            return -1;
    sweep_sort(w, q, sp);
    for (i = 0; i < sc->nbodies; i++) {
        int ai = o[i];
        ncs_real hi = q[ai][0] + sc->body[ai].rad + w->h * sp[ai][0] + sc->body_margin;
        for (j = i + 1; j < sc->nbodies && w->mem.lo[o[j]] <= hi; j++) {
            ncs_real rab;
            a = ai < o[j] ? ai : o[j];
            b = ai < o[j] ? o[j] : ai;
            rab = w->h * (sp[a][0] + sp[b][0]) + sc->body_margin;
            if (hyp(q[a][0] - q[b][0], q[a][1] - q[b][1]) >
                sc->body[a].rad + sc->body[b].rad + rab)
                continue;
            if ((sc->njoints > 0 && ncs_world_joined(w, a, b)) || (kin(w, a) && kin(w, b)))
                continue;
            if (collect_pair(w, a, b, rab, q) != 0)
                return -1;
        }
    }
    return 0;
}
