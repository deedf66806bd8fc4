/* geom.c - geometry: validates every obstacle and polygon body,
 * decomposes them into convex pieces, turns the pieces into nonconvex
 * groups (one configuration space per kind of body), and checks that no
 * body starts inside an obstacle. See geom.h and docs/geometry.md.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "geom_int.h"
#include "geom_snap.h"
#include "predicates.h"

enum { WHAT_LEN = 160, ARC_MIN_STEPS = 4, ARC_MAX_STEPS = 256 };

/* A corner moved by the overlap shift more than CAP_FACTOR * diag_overlap
 * from its vertex (corner angle below about 1.8 degrees) gets a cap. */
static const double CAP_FACTOR = 64;

/* The least overlap shift, in units in the last place of the polygon's
 * largest coordinate (see ncs_gpoly_overlap). */
static const double OVERLAP_ULPS = 64;

static const double PI = 3.14159265358979323846;

/* ---- small vector helpers --------------------------------------------- */

static ncs_vec2 v2(double x, double y) { ncs_vec2 r = {x, y}; return r; }
static ncs_vec2 vadd(ncs_vec2 a, ncs_vec2 b) { return v2(a.x + b.x, a.y + b.y); }
static ncs_vec2 vsub(ncs_vec2 a, ncs_vec2 b) { return v2(a.x - b.x, a.y - b.y); }
static ncs_vec2 vscale(ncs_vec2 a, double s) { return v2(a.x * s, a.y * s); }
static double vdot(ncs_vec2 a, ncs_vec2 b) { return a.x * b.x + a.y * b.y; }
static double vcross(ncs_vec2 a, ncs_vec2 b) { return a.x * b.y - a.y * b.x; }
static ncs_vec2 vrot(ncs_vec2 a, double c, double s) {
    return v2(c * a.x - s * a.y, s * a.x + c * a.y);
}

/* Length of edge a -> b (hypot: symmetric in a and b). */
static double edge_len(ncs_vec2 a, ncs_vec2 b) {
    return hypot(b.x - a.x, b.y - a.y);
}

/* Outward unit normal of the CCW edge a -> b of length len (edge_len). */
static ncs_vec2 edge_normal_len(ncs_vec2 a, ncs_vec2 b, double len) {
    ncs_vec2 d = vsub(b, a);
    return v2(d.y / len + 0.0, -d.x / len + 0.0);   /* + 0.0: no -0 */
}

/* Outward unit normal of the CCW edge a -> b. */
static ncs_vec2 edge_normal(ncs_vec2 a, ncs_vec2 b) {
    return edge_normal_len(a, b, edge_len(a, b));
}

/* hypot(dx, dy) > t, the same answer as that expression: the squared
 * comparison decides when it is clear by a relative margin of 1e-12 (the
 * rounding errors of hypot and of the squares are below 1e-15 relative, and
 * t^2 within 1e-280 .. 1e280 rules out underflow and overflow mattering);
 * otherwise, and for NaN, hypot decides. */
static int longer_than(double dx, double dy, double t) {
    double q = dx * dx + dy * dy, tt = t * t;
    if (tt >= 1e-280 && tt <= 1e280) {
        if (q > tt * (1 + 1e-12))
            return 1;
        if (q < tt * (1 - 1e-12))
            return 0;
    }
    return hypot(dx, dy) > t;
}

/* Intersection of the lines dot(x - p1, n1) = 0 and dot(x - p2, n2) = 0,
 * computed relative to `near` to limit cancellation. */
static ncs_vec2 line_meet(ncs_vec2 p1, ncs_vec2 n1, ncs_vec2 p2, ncs_vec2 n2,
                          ncs_vec2 near) {
    double c1 = vdot(vsub(p1, near), n1), c2 = vdot(vsub(p2, near), n2);
    double det = vcross(n1, n2);
    if (fabs(det) < 1e-300)
        return vadd(near, vscale(n1, c1));
    return vadd(near, v2((c1 * n2.y - c2 * n1.y) / det, (n1.x * c2 - n2.x * c1) / det));
}

/* ---- growing configuration spaces -------------------------------------- */

/** A configuration space under construction (capacities of its arrays). */
typedef struct csb {
    ncs_cspace cs;      /* the space */
    int capg, caps, capv;   /* allocated groups, sides, vertices */
} csb;

/* Appends a group with the given sides and vertices (nverts may be 0). */
static int csb_add(csb *b, int obstacle, int piece, const ncs_gside *sides,
                   int nsides, const ncs_vec2 *verts, int nverts) {
    ncs_cspace *c = &b->cs;
    if (ncs_grow((void **)&c->groups, &b->capg, c->ngroups + 1, sizeof *c->groups) ||
        ncs_grow((void **)&c->sides, &b->caps, c->nsides + nsides, sizeof *c->sides) ||
        ncs_grow((void **)&c->verts, &b->capv, c->nverts + nverts + 1, sizeof *c->verts))
        return -1;
    ncs_group *g = &c->groups[c->ngroups++];
    g->obstacle = obstacle;
    g->piece = piece;
    g->first_side = c->nsides;
    g->nsides = nsides;
    g->first_vert = nverts > 0 ? c->nverts : -1;
    g->nverts = nverts;
    memcpy(c->sides + c->nsides, sides, (size_t)nsides * sizeof *sides);
    c->nsides += nsides;
    if (nverts > 0)
        memcpy(c->verts + c->nverts, verts, (size_t)nverts * sizeof *verts);
    c->nverts += nverts;
    return 0;
}

static void cspace_free(ncs_cspace *c) {
    free(c->groups);
    free(c->sides);
    free(c->verts);
    memset(c, 0, sizeof *c);
}

/** Scratch buffers for one group. */
typedef struct scratch {
    ncs_gside *sides;   /* sides of the group being built */
    ncs_vec2 *verts;    /* its vertices */
    int cap;            /* room in both */
} scratch;

/* Steps of a circumscribed arc turning by phi (0 < phi < pi) so that the
 * polygon stays within tol of the circle of radius r. */
static int arc_steps(double phi, double r, double tol) {
    double beta = tol > 0 ? 2 * acos(r / (r + tol)) : 2 * PI / 64;
    double lo = 2 * PI / ARC_MAX_STEPS, hi = 2 * PI / ARC_MIN_STEPS;
    beta = beta < lo ? lo : beta > hi ? hi : beta;
    int k = (int)ceil(phi / beta - 1e-9);
    return k < 1 ? 1 : k;
}

/* Makes room for n sides and vertices in the scratch. */
static int scratch_room(scratch *s, int n) {
    if (ncs_grow((void **)&s->sides, &s->cap, n, sizeof *s->sides))
        return -1;
    ncs_vec2 *verts = realloc(s->verts, (size_t)s->cap * sizeof *verts);
    if (!verts)
        return -1;
    s->verts = verts;
    return 0;
}

static void put_side(scratch *s, int k, ncs_vec2 point, ncs_vec2 normal, int internal,
                     int obstacle, ncs_vec2 vert) {
    s->sides[k].point = point;
    s->sides[k].normal = normal;
    s->sides[k].internal = internal;
    s->sides[k].obstacle = obstacle;
    s->verts[k] = vert;
}

/* The angle of u counter-clockwise from the unit direction e, in [0, 2 pi). */
static double angle_from(ncs_vec2 e, ncs_vec2 u) {
    double t = atan2(vcross(e, u), vdot(e, u));
    return t < 0 ? t + 2 * PI : t;
}

/* The cap of a piece's corner at a reflex polygon vertex a (polygon
 * neighbours pz, pc; piece neighbours z, c): the outward normal of a line
 * through a whose inner half-plane holds the corner strictly (its sides
 * pass into it) and lies inside the polygon's interior angle at a, so no
 * point of the shifted piece near a is in the free wedge there. Angles are
 * counted from the polygon's edge a -> pc (0) counter-clockwise: the
 * interior angle is [0, alpha] (alpha > pi), the corner [c1, c2]; the
 * half-plane [h, h + pi] must satisfy max(0, c2 - pi) <= h <= min(c1,
 * alpha - pi), and such an h exists; h is the one nearest the corner's
 * bisector. Returns 0 and the normal, or -1 when no such line holds the
 * corner strictly (a diagonal along an edge's line: degenerate). */
static int reflex_cap(ncs_vec2 pz, ncs_vec2 a, ncs_vec2 pc, ncs_vec2 z, ncs_vec2 c,
                      ncs_vec2 *normal) {
    ncs_vec2 e = vsub(pc, a);
    double le = hypot(e.x, e.y);
    if (!(le > 0))
        return -1;
    e = v2(e.x / le, e.y / le);
    double alpha = angle_from(e, vsub(pz, a)), c1 = angle_from(e, vsub(c, a));
    double c2 = angle_from(e, vsub(z, a));
    if (c2 < c1)
        return -1;
    double lo = fmax(0, c2 - PI), hi = fmin(c1, alpha - PI);
    double h = fmin(fmax((c1 + c2) / 2 - PI / 2, lo), hi);
    const double margin = 1e-9;
    if (!(h >= lo - margin) || !(h < c1 - margin) || !(h + PI > c2 + margin))
        return -1;
    double t = h - PI / 2;
    *normal = v2(e.x * cos(t) - e.y * sin(t) + 0.0, e.x * sin(t) + e.y * cos(t) + 0.0);
    return 0;
}

/* Adds the group of a convex piece (CCW vertices v[0..m)). Sides on
 * internal diagonals are pushed out by `overlap` so that neighbouring
 * pieces overlap (no crack along the diagonal). That moves the piece's
 * corners at the diagonals' ends; where a corner would move more than
 * CAP_FACTOR overlaps away from its vertex (slivers), a cap side through
 * the vertex, normal to the corner's bisector, cuts the corner back. At a
 * reflex vertex of the polygon (the bottom of a V; pz[j], pc[j]: the
 * neighbours of vertex j on the polygon's ring, NULL: not known) a corner
 * whose two sides are both shifted reaches into the free wedge there, up to
 * about the overlap away, and pushes a body at rest at the vertex off it;
 * it gets a cap whose half-plane lies inside the polygon's angle there
 * (reflex_cap). A corner with a boundary side at a reflex vertex stays
 * inside that side's half-plane, which lies inside the polygon's angle: no
 * cap. A cap comes with a repeated vertex so that side i still runs from
 * vertex i to vertex i + 1. */
static int add_piece(csb *b, scratch *s, int obstacle, int piece, const ncs_vec2 *v,
                     const unsigned char *internal, const int *sob, int m,
                     double overlap, const ncs_vec2 *pz, const ncs_vec2 *pc) {
    int ns = 0;
    if (scratch_room(s, 2 * m))
        return -1;
    /* each edge's length and normal once: edge j - 1 carried to corner j */
    double l0 = edge_len(v[m - 1], v[0]);
    ncs_vec2 n0 = edge_normal_len(v[m - 1], v[0], l0);
    double cap = CAP_FACTOR * overlap;
    for (int j = 0; j < m; j++) {
        ncs_vec2 a = v[j], c = v[(j + 1) % m], z = v[(j + m - 1) % m];
        double l1 = edge_len(a, c);
        ncs_vec2 n = edge_normal_len(a, c, l1);
        int jp = (j + m - 1) % m;
        if (overlap > 0 && (internal[j] || internal[jp])) {
            ncs_vec2 p0 = vadd(a, vscale(n0, internal[jp] ? overlap : 0));
            ncs_vec2 p1 = vadd(a, vscale(n, internal[j] ? overlap : 0));
            ncs_vec2 moved = line_meet(p0, n0, p1, n, a), rc;
            int reflex = pz && vcross(vsub(a, pz[j]), vsub(pc[j], a)) < 0;
            if (reflex && internal[j] && internal[jp] &&
                reflex_cap(pz[j], a, pc[j], z, c, &rc) == 0) {
                put_side(s, ns++, a, rc, 1, obstacle, a);
            } else if (longer_than(moved.x - a.x, moved.y - a.y, cap)) {
                /* the outward bisector, from whichever pair is well conditioned:
                 * the edge directions for sharp corners, the normals for flat;
                 * |z - a| and |c - a| are the lengths of edges j - 1 and j */
                ncs_vec2 u0 = vsub(z, a), u1 = vsub(c, a);    /* into the piece */
                ncs_vec2 bis = vdot(u0, u1) > 0
                    ? v2(-(u0.x / l0 + u1.x / l1), -(u0.y / l0 + u1.y / l1))
                    : vadd(n0, n);
                double lb = hypot(bis.x, bis.y);
                put_side(s, ns++, a, v2(bis.x / lb + 0.0, bis.y / lb + 0.0), 1, obstacle, a);
            }
        }
        put_side(s, ns++, vadd(a, vscale(n, internal[j] ? overlap : 0)), n,
                 internal[j], sob[j], a);
        l0 = l1;
        n0 = n;
    }
    return csb_add(b, obstacle, piece, s->sides, ns, s->verts, ns);
}

/* Adds the group of a convex piece grown by a disc of radius r > 0: the
 * circumscribed polygon of the Minkowski sum (edges offset by r, arcs
 * around the vertices replaced by tangents at most disc_tol outside). Grown
 * neighbours overlap by 2 r across internal diagonals, so no overlap shift
 * is needed. Vertices are the intersections of consecutive sides. */
static int add_grown(csb *b, scratch *s, int obstacle, int piece, const ncs_vec2 *v,
                     const unsigned char *internal, const int *sob, int m, double r,
                     double tol) {
    int need = m, ns = 0;
    for (int j = 0; j < m; j++) {
        ncs_vec2 n0 = edge_normal(v[(j + m - 1) % m], v[j]);
        ncs_vec2 n1 = edge_normal(v[j], v[(j + 1) % m]);
        need += arc_steps(atan2(vcross(n0, n1), vdot(n0, n1)), r, tol);
    }
    if (scratch_room(s, need))
        return -1;
    for (int j = 0; j < m; j++) {
        ncs_vec2 a = v[j], n = edge_normal(a, v[(j + 1) % m]);
        ncs_vec2 n0 = edge_normal(v[(j + m - 1) % m], a);
        double phi = atan2(vcross(n0, n), vdot(n0, n));
        int k = arc_steps(phi, r, tol);
        /* the arc around a lies on the obstacle of a boundary edge at a */
        int jp = (j + m - 1) % m, arc = !internal[j] ? sob[j] : !internal[jp] ? sob[jp]
                                                                          : obstacle;
        for (int t = 1; t < k; t++) {   /* the arc around a */
            ncs_vec2 u = vrot(n0, cos(phi * t / k), sin(phi * t / k));
            put_side(s, ns++, vadd(a, vscale(u, r)), u, 0, arc, a);
        }
        put_side(s, ns++, vadd(a, vscale(n, r)), n, internal[j], sob[j], a);
    }
    for (int i = 0; i < ns; i++) {
        const ncs_gside *p = &s->sides[(i + ns - 1) % ns], *q = &s->sides[i];
        s->verts[i] = line_meet(p->point, p->normal, q->point, q->normal, s->verts[i]);
    }
    return csb_add(b, obstacle, piece, s->sides, ns, s->verts, ns);
}

/* Adds an explicit group, each side pushed out by r. */
static int add_explicit(csb *b, scratch *s, int obstacle, const ncs_obstacle *ob,
                        double r) {
    if (ncs_grow((void **)&s->sides, &s->cap, ob->nsides, sizeof *s->sides))
        return -1;
    for (int i = 0; i < ob->nsides; i++) {
        ncs_vec2 n = ob->sides[i].normal;
        double len = hypot(n.x, n.y);
        n = v2(n.x / len, n.y / len);
        s->sides[i].normal = n;
        s->sides[i].point = vadd(ob->sides[i].point, vscale(n, r));
        s->sides[i].internal = 0;
        s->sides[i].obstacle = obstacle;
    }
    return csb_add(b, obstacle, 0, s->sides, ob->nsides, NULL, 0);
}

/* ---- body placement ----------------------------------------------------- */

/* Distance from q to segment ab. */
static double seg_dist(ncs_vec2 q, ncs_vec2 a, ncs_vec2 b) {
    ncs_vec2 d = vsub(b, a), w = vsub(q, a);
    double l2 = vdot(d, d), t = l2 > 0 ? vdot(w, d) / l2 : 0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    ncs_vec2 c = vadd(a, vscale(d, t));
    return hypot(q.x - c.x, q.y - c.y);
}

/** Where one side of an explicit group bounds its region K: the side's line
 * is p + t u (u: its normal turned left) and touches K for lo <= t <= hi;
 * lot, hit are the same bounds with a relative tolerance, so that a point
 * that rounding puts just outside still counts (lot > hit: nowhere). */
typedef struct gedge { double lo, hi, lot, hit; } gedge;

/* The gedge of every side of a group K = { x : dot(x - p_i, n_i) <= 0 }
 * (unit normals): the tolerance is the one the pairwise corner test used,
 * 1e-12 (1 + |p_k.n_k| + |x|), with |x| taken at p_i. Depends on the sides
 * only, so it is computed once per group (O(n^2)) and each body's distance
 * is then O(n); testing every pair of lines as a corner for every body was
 * O(n^3) per body. */
static void group_edges(const ncs_gside *sd, int n, gedge *e) {
    for (int i = 0; i < n; i++) {
        ncs_vec2 p = sd[i].point, u = v2(-sd[i].normal.y, sd[i].normal.x);
        double pl = hypot(p.x, p.y);
        gedge g = {-INFINITY, INFINITY, -INFINITY, INFINITY};
        for (int k = 0; k < n && g.lot <= g.hit; k++) {
            if (k == i)
                continue;
            double den = vdot(u, sd[k].normal);
            double num = vdot(vsub(sd[k].point, p), sd[k].normal);
            double tol = 1e-12 * (1 + fabs(vdot(sd[k].point, sd[k].normal)) + pl);
            if (den == 0) {         /* parallel: all of the line or none */
                if (num + tol < 0) {
                    g.lot = INFINITY;
                    g.hit = -INFINITY;
                }
            } else if (den > 0) {
                g.hi = fmin(g.hi, num / den);
                g.hit = fmin(g.hit, (num + tol) / den);
            } else {
                g.lo = fmax(g.lo, num / den);
                g.lot = fmax(g.lot, (num + tol) / den);
            }
        }
        e[i] = g;
    }
}

/* Distance from q to the convex region K of an explicit group (sides sd
 * with unit normals, e from group_edges): 0 inside; else the distance to
 * the nearest boundary part: q's projection on a side's line when it falls
 * on K (within the tolerance), else that part's nearer end; INFINITY when K
 * is empty. */
static double group_dist(const ncs_gside *sd, const gedge *e, int n, ncs_vec2 q) {
    int inside = 1;
    for (int i = 0; i < n; i++)
        if (vdot(vsub(q, sd[i].point), sd[i].normal) >= 0)
            inside = 0;
    if (inside)
        return 0;
    double best = INFINITY;
    for (int i = 0; i < n; i++) {
        if (!(e[i].lot <= e[i].hit))
            continue;
        ncs_vec2 p = sd[i].point, nm = sd[i].normal, u = v2(-nm.y, nm.x), c;
        double t = vdot(vsub(q, p), u);
        if (t >= e[i].lot && t <= e[i].hit)     /* exactly q when q is on the line */
            c = vsub(q, vscale(nm, vdot(vsub(q, p), nm)));
        else
            c = vadd(p, vscale(u, t < e[i].lot ? e[i].lo : e[i].hi));
        best = fmin(best, hypot(q.x - c.x, q.y - c.y));
    }
    return best;
}

/* Area of the convex polygon v[0..m) clipped to the half-planes
 * dot(x - p_i, n_i) <= 0 (Sutherland-Hodgman). buf holds 2 (m + n) + 2. */
static double clipped_area(const ncs_vec2 *v, int m, const ncs_gside *sd, int n,
                           ncs_vec2 *buf, int cap) {
    ncs_vec2 *cur = buf, *nxt = buf + cap / 2;
    int len = m;
    memcpy(cur, v, (size_t)m * sizeof *v);
    for (int i = 0; i < n && len > 0; i++) {
        int out = 0;
        for (int j = 0; j < len && out + 2 <= cap / 2; j++) {
            ncs_vec2 a = cur[j], b = cur[(j + 1) % len];
            double da = vdot(vsub(a, sd[i].point), sd[i].normal);
            double db = vdot(vsub(b, sd[i].point), sd[i].normal);
            if (da <= 0)
                nxt[out++] = a;
            if ((da < 0 && db > 0) || (da > 0 && db < 0))
                nxt[out++] = vadd(a, vscale(vsub(b, a), da / (da - db)));
        }
        ncs_vec2 *t = cur; cur = nxt; nxt = t;
        len = out;
    }
    double area = 0;
    for (int j = 0; j + 2 < len; j++)
        area += vcross(vsub(cur[j + 1], cur[0]), vsub(cur[j + 2], cur[0]));
    return 0.5 * area;
}

/* ---- the stage ---------------------------------------------------------- */

/* An upper bound of the summation epsilon the code generator will use
 * (docs/formulations.md): the scene's, or 1e-3 of the scene's diameter (the
 * per-body path's default; the rigid-body path uses 1e-9 of it, below this
 * bound), here taken over a box that contains the generator's (obstacle
 * vertices, body positions, grown by the largest disc radius and disc_tol). */
static double summation_epsilon(const ncs_scene *s, const ncs_geom_options *o) {
    if (!s->epsilon_auto)
        return s->epsilon > 0 && isfinite(s->epsilon) ? s->epsilon : 0;
    double box[4] = {INFINITY, INFINITY, -INFINITY, -INFINITY}, grow = 0;
    for (int i = 0; i < s->nobstacles; i++) {
        const ncs_obstacle *ob = &s->obstacles[i];
        for (int k = 0; k <= (ob->kind == NCS_OBST_GROUP ? -1 : ob->nholes); k++) {
            const ncs_ring *r = k == 0 ? &ob->outer : &ob->holes[k - 1];
            for (int j = 0; j < r->n; j++) {
                box[0] = fmin(box[0], r->pt[j].x);
                box[1] = fmin(box[1], r->pt[j].y);
                box[2] = fmax(box[2], r->pt[j].x);
                box[3] = fmax(box[3], r->pt[j].y);
            }
        }
        if (ob->kind == NCS_OBST_GROUP)
            for (int j = 0; j < ob->nsides; j++) {
                box[0] = fmin(box[0], ob->sides[j].point.x);
                box[1] = fmin(box[1], ob->sides[j].point.y);
                box[2] = fmax(box[2], ob->sides[j].point.x);
                box[3] = fmax(box[3], ob->sides[j].point.y);
            }
    }
    for (int i = 0; i < s->nbodies; i++) {
        const ncs_body *bd = &s->bodies[i];
        box[0] = fmin(box[0], bd->pos.x);
        box[1] = fmin(box[1], bd->pos.y);
        box[2] = fmax(box[2], bd->pos.x);
        box[3] = fmax(box[3], bd->pos.y);
        if (bd->kind == NCS_DISC)
            grow = fmax(grow, bd->radius + o->disc_tol);
    }
    if (!(box[2] >= box[0]))
        return 1e-3;
    double d = hypot(box[2] - box[0] + 2 * grow, box[3] - box[1] + 2 * grow);
    return 1e-3 * (d > 0 ? d : 1) * 1.01;
}

ncs_geom_options ncs_geom_default_options(void) {
    ncs_geom_options o;
    memset(&o, 0, sizeof o);
    o.decomp = NCS_DECOMP_CONVEX;
    o.diag_overlap = 1e-6;
    o.disc_tol = 1e-2;
    return o;
}

void ncs_geom_free(ncs_geometry *g) {
    if (!g)
        return;
    free(g->area);
    cspace_free(&g->pieces);
    for (int i = 0; i < g->nspaces; i++)
        cspace_free(&g->spaces[i]);
    free(g->spaces);
    free(g->body_space);
    if (g->body_pieces)
        for (int i = 0; i < g->nbodies; i++)
            cspace_free(&g->body_pieces[i]);
    free(g->body_pieces);
    for (int k = 0; g->solids && k < g->nsolids; k++) {
        free(g->solids[k].members);
        free(g->solids[k].ring_start);
        free(g->solids[k].verts);
        free(g->solids[k].edge_obstacle);
    }
    free(g->solids);
    free(g->corners);
    free(g->corner_obstacle);
    memset(g, 0, sizeof *g);
}

/** Everything ncs_geom_build holds while it works. */
typedef struct build {
    const ncs_scene *s;
    ncs_geom_options o;
    ncs_diag *d;
    ncs_gpoly *poly;        /* per obstacle, then per body (polygons only) */
    ncs_gpieces *pcs;       /* their pieces */
    scratch sc;             /* group scratch */
    ncs_vec2 *tmp;          /* piece vertices / clipping buffer */
    int tmpcap;             /* room in tmp */
    int *gfirst;            /* per obstacle: its first entry in gsd (groups) */
    ncs_gside *gsd;         /* every explicit group's sides, unit normals */
    gedge *ge;              /* their parts on the group's boundary (group_edges) */
    ncs_gunion un;          /* the solids: the union of the polygon obstacles */
    ncs_gpieces *spcs;      /* per solid: its pieces */
    ncs_gpoly *snap;        /* per obstacle: its polygon snapped to the others
                               (geom_snap.c), or zeroed: unchanged */
    ncs_gpoly *upoly;       /* per obstacle: the union's input (shallow copies of
                               snap[i] or poly[i]: never freed) */
    double snap_tol;        /* the snapping tolerance (ncs_gsnap_tol) */
    int *sob;               /* piece side obstacles (scratch, tmpcap entries) */
} build;

/* Decomposes the validated polygon p into pieces; errors at `at`. */
static void triangulate(build *b, const ncs_gpoly *p, ncs_gpieces *out, ncs_loc at,
                        const char *what) {
    int nt = p->n + 2 * (p->nrings - 1) - 2;
    int *tri = malloc((size_t)(3 * nt) * sizeof *tri);
    if (!tri || ncs_gpoly_triangulate(p, tri) != nt || ncs_gpoly_delaunay(p, tri, nt) < 0) {
        ncs_error(b->d, at, "%s: %s", what, tri ? "triangulation failed "
                  "(internal error; please report this polygon)" : "out of memory");
    } else if (ncs_gpieces_build(p, tri, nt, b->o.decomp == NCS_DECOMP_CONVEX, out) < 0) {
        ncs_error(b->d, at, "%s: out of memory", what);
    }
    free(tri);
}

/* Validates and decomposes polygon `ring`+`holes` into slot k. */
static void decompose(build *b, int k, const ncs_ring *outer, const ncs_ring *holes,
                      int nholes, const char *what) {
    if (ncs_gpoly_build(outer, holes, nholes, what, b->d, &b->poly[k]) < 0)
        return;
    triangulate(b, &b->poly[k], &b->pcs[k], outer->at, what);
}

/* The polygon of solid k and the obstacle of the edge from its vertex v. */
static const ncs_gpoly *solid_poly(const build *b, int k) {
    const ncs_gsolid *S = &b->un.solid[k];
    return S->single >= 0 ? &b->upoly[S->single] : &S->poly;
}

static int solid_eob(const build *b, int k, int v) {
    const ncs_gsolid *S = &b->un.solid[k];
    return S->single >= 0 ? S->single : S->eob[v];
}

/* Decomposes every solid (after the union). */
static void decompose_solids(build *b) {
    char what[WHAT_LEN];
    for (int k = 0; k < b->un.nsolids; k++) {
        const ncs_gsolid *S = &b->un.solid[k];
        const ncs_obstacle *ob = &b->s->obstacles[S->members[0]];
        if (S->single >= 0) {
            snprintf(what, sizeof what, "obstacle '%s'", ob->name);
            triangulate(b, &b->upoly[S->single], &b->spcs[k], ob->outer.at, what);
        } else {
            snprintf(what, sizeof what, "the union of obstacle '%s' and %d more",
                     ob->name, S->nmembers - 1);
            triangulate(b, &S->poly, &b->spcs[k], ob->outer.at, what);
        }
    }
}

/* Makes room for n entries in tmp and sob. */
static int need_tmp(build *b, int n) {
    if (ncs_grow((void **)&b->tmp, &b->tmpcap, n, sizeof *b->tmp))
        return -1;
    int *sob = realloc(b->sob, (size_t)b->tmpcap * sizeof *sob);
    if (!sob)
        return -1;
    b->sob = sob;
    return 0;
}

/* (geom_int.h) The overlap across internal diagonals for polygon p: the option's
 * absolute value, but at least 1e-9 of the polygon's extent (so the shift
 * keeps its size relative to the scene, and stays above the solver's
 * relative accuracy) and at least OVERLAP_ULPS units in the last place of
 * its largest coordinate (so that the shifted side point does not round
 * back onto the diagonal: with 1e-6 at coordinates of 1e11, where one ulp
 * is 1.5e-5, the shift vanished and points on a diagonal were inside no
 * piece). */
double ncs_gpoly_overlap(const ncs_gpoly *p, double base) {
    double lo[2] = {INFINITY, INFINITY}, hi[2] = {-INFINITY, -INFINITY}, big = 0;
    for (int i = 0; i < p->n; i++) {
        double c[2] = {p->pt[i].x, p->pt[i].y};
        for (int k = 0; k < 2; k++) {
            lo[k] = fmin(lo[k], c[k]);
            hi[k] = fmax(hi[k], c[k]);
            big = fmax(big, fabs(c[k]));
        }
    }
    double extent = p->n > 0 ? hypot(hi[0] - lo[0], hi[1] - lo[1]) : 0;
    double ulp = nextafter(big, INFINITY) - big;
    return fmax(base, fmax(1e-9 * extent, OVERLAP_ULPS * ulp));
}

/* Adds every piece of polygon p (pieces pc) to space c grown by r. The
 * obstacle of a boundary side is eob[its first vertex] (all `owner` when
 * solid < 0); a piece's group and its internal sides take the obstacle of
 * its first boundary side (`owner` when it has none). */
static int add_polygon(build *b, csb *c, const ncs_gpoly *p, const ncs_gpieces *pc,
                       int solid, int owner, double r) {
    double overlap = b->o.diag_overlap > 0 ? ncs_gpoly_overlap(p, b->o.diag_overlap) : 0;
    /* tmp: a piece's vertices, their ring neighbours (pz, pn), and every
     * polygon vertex's ring neighbours (vz, vn), found once */
    if (need_tmp(b, 5 * (p->n + 1)))
        return -1;
    ncs_vec2 *pz = b->tmp + p->n + 1, *pn = pz + p->n + 1, *vz = pn + p->n + 1;
    ncs_vec2 *vn = vz + p->n + 1;
    for (int k = 0; k < p->nrings; k++)
        for (int v = p->start[k]; v < p->start[k + 1]; v++) {
            vz[v] = p->pt[v > p->start[k] ? v - 1 : p->start[k + 1] - 1];
            vn[v] = p->pt[v + 1 < p->start[k + 1] ? v + 1 : p->start[k]];
        }
    for (int q = 0; q < pc->npieces; q++) {
        int m = pc->start[q + 1] - pc->start[q], rep = -1;
        const unsigned char *in = pc->internal + pc->start[q];
        for (int j = 0; j < m; j++) {
            int v = pc->idx[pc->start[q] + j];
            b->tmp[j] = p->pt[v];
            pz[j] = vz[v];
            pn[j] = vn[v];
            b->sob[j] = in[j] ? -1 : solid >= 0 ? solid_eob(b, solid, v) : owner;
            if (rep < 0 && b->sob[j] >= 0)
                rep = b->sob[j];
        }
        rep = rep >= 0 ? rep : owner;
        for (int j = 0; j < m; j++)
            b->sob[j] = b->sob[j] >= 0 ? b->sob[j] : rep;
        int rc = r > 0 ? add_grown(c, &b->sc, rep, q, b->tmp, in, b->sob, m, r,
                                   b->o.disc_tol)
                       : add_piece(c, &b->sc, rep, q, b->tmp, in, b->sob, m, overlap, pz,
                                   pn);
        if (rc < 0)
            return -1;
    }
    return 0;
}

/* Reorders c's groups by obstacle, stably (a merged solid's pieces carry
 * the obstacles of their first boundary sides), moving their sides and
 * vertices along so that both stay in group order. Returns -1 when memory
 * ran out. */
static int sort_groups(csb *c, int nobstacles) {
    ncs_cspace *cs = &c->cs;
    int n = cs->ngroups, *cnt = calloc((size_t)nobstacles + 2, sizeof *cnt);
    ncs_group *g = malloc(((size_t)n + 1) * sizeof *g);
    ncs_gside *sd = malloc(((size_t)cs->nsides + 1) * sizeof *sd);
    ncs_vec2 *vt = malloc(((size_t)cs->nverts + 1) * sizeof *vt);
    if (!cnt || !g || !sd || !vt) {
        free(cnt); free(g); free(sd); free(vt);
        return -1;
    }
    for (int k = 0; k < n; k++)
        cnt[cs->groups[k].obstacle + 1]++;
    for (int i = 0; i < nobstacles; i++)
        cnt[i + 1] += cnt[i];
    for (int k = 0; k < n; k++)
        g[cnt[cs->groups[k].obstacle]++] = cs->groups[k];
    int ns = 0, nv = 0;
    for (int k = 0; k < n; k++) {
        memcpy(sd + ns, cs->sides + g[k].first_side, (size_t)g[k].nsides * sizeof *sd);
        g[k].first_side = ns;
        ns += g[k].nsides;
        if (g[k].nverts > 0) {
            memcpy(vt + nv, cs->verts + g[k].first_vert, (size_t)g[k].nverts * sizeof *vt);
            g[k].first_vert = nv;
            nv += g[k].nverts;
        }
    }
    free(cnt);
    free(cs->groups);
    free(cs->sides);
    free(cs->verts);
    cs->groups = g;
    cs->sides = sd;
    cs->verts = vt;
    c->capg = n + 1;
    c->caps = cs->nsides + 1;
    c->capv = cs->nverts + 1;
    return 0;
}

/* Adds every obstacle's groups, grown by r, to c: explicit groups, and the
 * solids (each at its first obstacle), then sorted by obstacle. */
static int add_obstacles(build *b, csb *c, double r) {
    c->cs.radius = r;
    for (int i = 0, k = 0; i < b->s->nobstacles; i++) {
        const ncs_obstacle *ob = &b->s->obstacles[i];
        int rc = 0;
        if (ob->kind == NCS_OBST_GROUP)
            rc = add_explicit(c, &b->sc, i, ob, r);
        else if (k < b->un.nsolids && b->un.solid[k].members[0] == i) {
            rc = add_polygon(b, c, solid_poly(b, k), &b->spcs[k], k, i, r);
            k++;
        }
        if (rc < 0)
            return -1;
    }
    return sort_groups(c, b->s->nobstacles);
}

/* 1 when every vertex of u lies on the closed outer side of one edge of
 * the CCW convex polygon v (exact orientation tests), or (tol > 0) within
 * tol inside it. */
static int separated_by(const ncs_vec2 *v, int m, const ncs_vec2 *u, int n, double tol) {
    for (int j = 0; j < m; j++) {
        ncs_vec2 a = v[j], c = v[(j + 1) % m];
        double l = hypot(c.x - a.x, c.y - a.y);
        int k = 0;
        while (k < n && (ncs_orient2d(a, c, u[k]) <= 0 ||
                         (tol > 0 && vcross(vsub(c, a), vsub(u[k], a)) <= tol * l)))
            k++;
        if (k == n)
            return 1;
    }
    return 0;
}

/* 1 when the interiors of the CCW convex polygons a and b intersect (a
 * positive-area overlap) deeper than tol. Exact for tol = 0: two convex
 * polygons have disjoint interiors iff an edge line of one has the other
 * entirely on its closed outer side; with tol > 0 an edge line with the
 * other within tol on its inner side separates them too (an overlap at
 * rounding scale, geom_snap.c). */
static int convex_overlap(const ncs_vec2 *a, int m, const ncs_vec2 *b, int n, double tol) {
    return !separated_by(a, m, b, n, tol) && !separated_by(b, n, a, m, tol);
}

/* Convex piece q of polygon body bi at its initial pose, into w (CCW, as
 * the piece). Returns its vertex count. */
static int place_piece(const build *b, int bi, int q, ncs_vec2 *w) {
    const ncs_body *body = &b->s->bodies[bi];
    const ncs_gpoly *bp = &b->poly[b->s->nobstacles + bi];
    const ncs_gpieces *bpc = &b->pcs[b->s->nobstacles + bi];
    double c = cos(body->angle), sn = sin(body->angle);
    int m = bpc->start[q + 1] - bpc->start[q];
    for (int j = 0; j < m; j++)
        w[j] = vadd(body->pos, vrot(bp->pt[bpc->idx[bpc->start[q] + j]], c, sn));
    return m;
}

/* 1 when polygon body bi (placed) overlaps obstacle i; -1 out of memory. */
static int body_overlaps(build *b, int bi, int i) {
    const ncs_obstacle *ob = &b->s->obstacles[i];
    const ncs_gpoly *bp = &b->poly[b->s->nobstacles + bi];
    const ncs_gpieces *bpc = &b->pcs[b->s->nobstacles + bi];
    int on = ob->kind == NCS_OBST_GROUP ? ob->nsides : b->poly[i].n;
    int cap = 2 * (bp->n + on + 2) + 2;
    if (need_tmp(b, cap + bp->n))
        return -1;
    ncs_vec2 *w = b->tmp + cap;
    for (int q = 0; q < bpc->npieces; q++) {
        int m = place_piece(b, bi, q, w);
        double own = clipped_area(w, m, NULL, 0, b->tmp, cap);
        if (ob->kind == NCS_OBST_GROUP) {       /* its sides with unit normals */
            if (clipped_area(w, m, b->gsd + b->gfirst[i], ob->nsides, b->tmp, cap) >
                1e-12 * own)
                return 1;
            continue;
        }
        const ncs_gpoly *op = &b->poly[i];
        const ncs_gpieces *opc = &b->pcs[i];
        for (int k = 0; k < opc->npieces; k++) {
            int om = opc->start[k + 1] - opc->start[k];
            ncs_vec2 *ov = b->tmp;      /* the clipping buffer is free here */
            for (int j = 0; j < om; j++)
                ov[j] = op->pt[opc->idx[opc->start[k] + j]];
            if (convex_overlap(w, m, ov, om, 4 * b->snap_tol))
                return 1;
        }
    }
    return 0;
}

/* Fills gfirst, gsd and ge for every explicit group (the sides are valid
 * by now; starts_inside and body_overlaps read them). Returns 0, or -1 when
 * memory ran out. */
static int prepare_groups(build *b) {
    const ncs_scene *s = b->s;
    int total = 0;
    b->gfirst = malloc(((size_t)s->nobstacles + 1) * sizeof *b->gfirst);
    if (!b->gfirst)
        return -1;
    for (int i = 0; i < s->nobstacles; i++) {
        b->gfirst[i] = total;
        if (s->obstacles[i].kind == NCS_OBST_GROUP)
            total += s->obstacles[i].nsides;
    }
    b->gsd = malloc(((size_t)total + 1) * sizeof *b->gsd);
    b->ge = malloc(((size_t)total + 1) * sizeof *b->ge);
    if (!b->gsd || !b->ge)
        return -1;
    for (int i = 0; i < s->nobstacles; i++) {
        const ncs_obstacle *ob = &s->obstacles[i];
        if (ob->kind != NCS_OBST_GROUP)
            continue;
        ncs_gside *sd = b->gsd + b->gfirst[i];
        for (int j = 0; j < ob->nsides; j++) {
            ncs_vec2 n = ob->sides[j].normal;
            double len = hypot(n.x, n.y);
            sd[j].point = ob->sides[j].point;
            sd[j].normal = v2(n.x / len, n.y / len);
            sd[j].internal = 0;
            sd[j].obstacle = i;
        }
        group_edges(sd, ob->nsides, b->ge + b->gfirst[i]);
    }
    return 0;
}

/* 1 when body bi starts inside obstacle i; -1 out of memory. */
static double poly_dist(const ncs_gpoly *p, ncs_vec2 q);

static int starts_inside(build *b, int bi, int i) {
    const ncs_body *body = &b->s->bodies[bi];
    const ncs_obstacle *ob = &b->s->obstacles[i];
    if (body->kind == NCS_POLYGON)
        return body_overlaps(b, bi, i);
    double r = body->kind == NCS_DISC ? body->radius : 0;
    if (ob->kind == NCS_OBST_GROUP) {
        int f = b->gfirst[i];
        double dist = group_dist(b->gsd + f, b->ge + f, ob->nsides, body->pos);
        return r > 0 ? dist < r * (1 - 1e-12) : dist == 0;
    }
    /* inside by more than the snapping (geom_snap.c): a body placed on a
     * surface up to rounding is on it */
    const ncs_gpoly *p = &b->poly[i];
    int where = ncs_gpoly_locate(p, body->pos);
    double slack = fmax(r * 1e-12, 4 * b->snap_tol);
    if (where > 0 && (r > 0 || poly_dist(p, body->pos) > slack))
        return 1;
    if (r == 0)
        return 0;
    return poly_dist(p, body->pos) < r - slack;
}

/* The distance from q to p's boundary. */
static double poly_dist(const ncs_gpoly *p, ncs_vec2 q) {
    double best = INFINITY;
    for (int k = 0; k < p->nrings; k++)
        for (int v = p->start[k]; v < p->start[k + 1]; v++) {
            int w = v + 1 < p->start[k + 1] ? v + 1 : p->start[k];
            best = fmin(best, seg_dist(q, p->pt[v], p->pt[w]));
        }
    return best;
}

/* Do bodies i and j share a joint? (The engine does not collide them, so
 * they may overlap.) */
static int share_joint(const ncs_scene *s, int i, int j) {
    for (int k = 0; k < s->njoints; k++) {
        const ncs_joint *J = &s->joints[k];
        if ((J->a == i && J->b == j) || (J->a == j && J->b == i))
            return 1;
    }
    return 0;
}

/* Largest distance of body bi's outline from its position (its radius for
 * a disc, 0 for a particle). */
static double body_reach(const build *b, int bi) {
    const ncs_body *body = &b->s->bodies[bi];
    double r = body->radius;
    if (body->kind == NCS_POLYGON) {
        const ncs_gpoly *bp = &b->poly[b->s->nobstacles + bi];
        for (int j = 0; j < bp->n; j++)
            r = fmax(r, hypot(bp->pt[j].x, bp->pt[j].y));
    }
    return r;
}

/* 1 when the point or disc at c (radius r) and the CCW convex polygon w
 * (m vertices) overlap: c strictly inside it (exact orientation tests), or
 * nearer its boundary than r with the relative tolerance of starts_inside;
 * touching is not overlapping. */
static int round_overlaps_piece(ncs_vec2 c, double r, const ncs_vec2 *w, int m) {
    int j, inside = 1;
    for (j = 0; j < m && inside; j++)
        inside = ncs_orient2d(w[j], w[(j + 1) % m], c) > 0;
    if (inside)
        return 1;
    for (j = 0; j < m && r > 0; j++)
        if (seg_dist(c, w[j], w[(j + 1) % m]) < r * (1 - 1e-12))
            return 1;
    return 0;
}

/* 1 when bodies bi and bj start overlapping (interiors meet: touching is
 * fine), 0 when not or when they share a joint; -1 out of memory. Discs
 * and particles by the distance of their centres (relative tolerance
 * 1e-12, as starts_inside), polygon bodies by their convex pieces. */
static int bodies_overlap(build *b, int bi, int bj) {
    const ncs_body *A = &b->s->bodies[bi], *B = &b->s->bodies[bj];
    if (share_joint(b->s, bi, bj) ||
        hypot(A->pos.x - B->pos.x, A->pos.y - B->pos.y) >= body_reach(b, bi) + body_reach(b, bj))
        return 0;
    if (A->kind != NCS_POLYGON && B->kind != NCS_POLYGON)
        return hypot(A->pos.x - B->pos.x, A->pos.y - B->pos.y) <
               (A->radius + B->radius) * (1 - 1e-12);
    if (A->kind != NCS_POLYGON) {      /* the polygon body first */
        int t = bi;
        bi = bj;
        bj = t;
        A = &b->s->bodies[bi];
        B = &b->s->bodies[bj];
    }
    const ncs_gpieces *pa = &b->pcs[b->s->nobstacles + bi];
    int na = b->poly[b->s->nobstacles + bi].n;
    int nb = B->kind == NCS_POLYGON ? b->poly[b->s->nobstacles + bj].n : 0;
    if (need_tmp(b, na + nb + 2))
        return -1;
    ncs_vec2 *wa = b->tmp, *wb = b->tmp + na + 1;
    for (int q = 0; q < pa->npieces; q++) {
        int ma = place_piece(b, bi, q, wa);
        if (B->kind != NCS_POLYGON) {
            if (round_overlaps_piece(B->pos, B->radius, wa, ma))
                return 1;
            continue;
        }
        const ncs_gpieces *pb = &b->pcs[b->s->nobstacles + bj];
        for (int k = 0; k < pb->npieces; k++)
            if (convex_overlap(wa, ma, wb, place_piece(b, bj, k, wb), 4 * b->snap_tol))
                return 1;
    }
    return 0;
}

/* Reports that `body` starts inside or overlapping (`how`: "inside
 * obstacle", "overlapping body") the item `name` declared at `at`, with a
 * note there. */
static void start_error(ncs_diag *d, const ncs_body *body, const char *how, const char *name,
                        ncs_loc at) {
    ncs_error(d, body->loc, "body '%s' starts %s '%s'", body->name, how, name);
    ncs_note(d, at, "%s '%s' is declared here", strchr(how, ' ') + 1, name);
}

/* A particle on a seam is inside no obstacle but inside their union:
 * reports body bi when it starts strictly inside a merged solid. */
static void inside_union(build *b, int bi) {
    const ncs_body *body = &b->s->bodies[bi];
    if (body->kind != NCS_PARTICLE)
        return;
    for (int k = 0; k < b->un.nsolids; k++) {
        const ncs_gsolid *S = &b->un.solid[k];
        if (S->single >= 0 || ncs_gpoly_locate(&S->poly, body->pos) <= 0 ||
            poly_dist(&S->poly, body->pos) <= 4 * b->snap_tol)
            continue;       /* on the boundary up to the snapping */
        const ncs_obstacle *ob = &b->s->obstacles[S->members[0]];
        ncs_error(b->d, body->loc, "body '%s' starts inside the union of obstacle '%s' "
                  "and %d more (on a seam between them)", body->name, ob->name,
                  S->nmembers - 1);
        ncs_note(b->d, ob->loc, "obstacle '%s' is declared here", ob->name);
    }
}

/* Copies the solids (rings, members, edge obstacles) and their convex
 * corners (exact turns) into g. Returns -1 when memory ran out. */
static int export_solids(build *b, ncs_geometry *g) {
    int total = 0;
    g->solids = calloc((size_t)b->un.nsolids + 1, sizeof *g->solids);
    if (!g->solids)
        return -1;
    g->nsolids = b->un.nsolids;
    for (int k = 0; k < b->un.nsolids; k++) {
        const ncs_gsolid *S = &b->un.solid[k];
        const ncs_gpoly *p = solid_poly(b, k);
        ncs_solid *o = &g->solids[k];
        o->members = malloc((size_t)S->nmembers * sizeof *o->members);
        o->ring_start = malloc(((size_t)p->nrings + 1) * sizeof *o->ring_start);
        o->verts = malloc(((size_t)p->n + 1) * sizeof *o->verts);
        o->edge_obstacle = malloc(((size_t)p->n + 1) * sizeof *o->edge_obstacle);
        if (!o->members || !o->ring_start || !o->verts || !o->edge_obstacle)
            return -1;
        o->nmembers = S->nmembers;
        memcpy(o->members, S->members, (size_t)S->nmembers * sizeof *o->members);
        o->nrings = p->nrings;
        memcpy(o->ring_start, p->start, ((size_t)p->nrings + 1) * sizeof *p->start);
        memcpy(o->verts, p->pt, (size_t)p->n * sizeof *p->pt);
        for (int v = 0; v < p->n; v++)
            o->edge_obstacle[v] = solid_eob(b, k, v);
        total += p->n;
    }
    g->corners = malloc(((size_t)total + 1) * sizeof *g->corners);
    g->corner_obstacle = malloc(((size_t)total + 1) * sizeof *g->corner_obstacle);
    if (!g->corners || !g->corner_obstacle)
        return -1;
    for (int k = 0; k < g->nsolids; k++) {
        const ncs_solid *o = &g->solids[k];
        for (int r = 0; r < o->nrings; r++) {
            int s0 = o->ring_start[r], e = o->ring_start[r + 1];
            for (int v = s0; v < e; v++) {
                int pv = v > s0 ? v - 1 : e - 1, nv = v + 1 < e ? v + 1 : s0;
                if (ncs_orient2d_fast(o->verts[pv], o->verts[v], o->verts[nv]) <= 0)
                    continue;   /* the solid is left of every ring edge */
                g->corners[g->ncorners] = o->verts[v];
                g->corner_obstacle[g->ncorners++] = o->edge_obstacle[v];
            }
        }
    }
    return 0;
}

int ncs_geom_build(const ncs_scene *s, const ncs_geom_options *opt, ncs_diag *d,
                   ncs_geometry *g) {
    build b;
    csb base, *sp = NULL, *bodyc = NULL;
    char what[WHAT_LEN];
    int nob = s->nobstacles, nb = s->nbodies, errors0 = ncs_diag_errors(d);
    int nslots = nob + nb, nspaces = 0, ok = 0;
    memset(&b, 0, sizeof b);
    memset(&base, 0, sizeof base);
    memset(g, 0, sizeof *g);
    b.s = s;
    b.o = opt ? *opt : ncs_geom_default_options();
    if (s->form == NCS_FORM_SUMMATION && b.o.diag_overlap > 0)
        b.o.diag_overlap = fmax(b.o.diag_overlap, summation_epsilon(s, &b.o));
    b.d = d;
    b.poly = calloc((size_t)nslots + 1, sizeof *b.poly);
    b.pcs = calloc((size_t)nslots + 1, sizeof *b.pcs);
    g->area = calloc((size_t)nob + 1, sizeof *g->area);
    g->body_space = calloc((size_t)nb + 1, sizeof *g->body_space);
    sp = calloc((size_t)nb + 1, sizeof *sp);
    bodyc = calloc((size_t)nb + 1, sizeof *bodyc);
    if (!b.poly || !b.pcs || !g->area || !g->body_space || !sp || !bodyc)
        goto nomem;
    g->nobstacles = nob;
    g->nbodies = nb;

    int polybodies = 0;
    for (int i = 0; i < nb; i++)
        polybodies += s->bodies[i].kind == NCS_POLYGON;
    for (int i = 0; i < nob; i++) {
        const ncs_obstacle *ob = &s->obstacles[i];
        snprintf(what, sizeof what, "obstacle '%s'", ob->name);
        if (ob->kind != NCS_OBST_GROUP) {
            /* each obstacle on its own; its pieces only for placing
             * polygon bodies (the groups come from the solids) */
            if (polybodies)
                decompose(&b, i, &ob->outer, ob->holes, ob->nholes, what);
            else
                ncs_gpoly_build(&ob->outer, ob->holes, ob->nholes, what, d, &b.poly[i]);
            g->area[i] = b.poly[i].area;
            continue;
        }
        for (int j = 0; j < ob->nsides; j++) {
            ncs_vec2 p = ob->sides[j].point, n = ob->sides[j].normal;
            if (!isfinite(p.x) || !isfinite(p.y) || !isfinite(n.x) || !isfinite(n.y) ||
                !(hypot(n.x, n.y) > 0))
                ncs_error(d, ob->sides[j].loc, "%s: side %d needs a finite point "
                          "and a finite, nonzero normal", what, j + 1);
        }
    }
    for (int i = 0; i < nb; i++) {
        const ncs_body *body = &s->bodies[i];
        if (body->kind != NCS_POLYGON)
            continue;
        snprintf(what, sizeof what, "shape of body '%s'", body->name);
        decompose(&b, nob + i, &body->shape, NULL, 0, what);
    }
    if (ncs_diag_errors(d) > errors0)
        goto fail;
    /* features at rounding scale: obstacles snapped together, thin corners
     * dropped (geom_snap.c); the union and the solids use the snapped ones */
    b.snap = calloc((size_t)nob + 1, sizeof *b.snap);
    b.upoly = calloc((size_t)nob + 1, sizeof *b.upoly);
    int *use = calloc((size_t)nob + 1, sizeof *use);
    if (!b.snap || !b.upoly || !use) {
        free(use);
        goto nomem;
    }
    for (int i = 0; i < nob; i++)
        use[i] = s->obstacles[i].kind != NCS_OBST_GROUP && b.poly[i].n > 0;
    b.snap_tol = ncs_gsnap_tol(b.poly, nob);
    int snapped = ncs_gsnap(b.poly, use, nob, b.snap_tol, b.snap);
    free(use);
    if (snapped < 0)
        goto nomem;
    for (int i = 0; i < nob; i++)
        b.upoly[i] = b.snap[i].n > 0 ? b.snap[i] : b.poly[i];
    if (ncs_gunion_build(s, b.upoly, b.o.diag_overlap, b.snap_tol, d, &b.un) < 0)
        goto nomem;
    b.spcs = calloc((size_t)b.un.nsolids + 1, sizeof *b.spcs);
    if (!b.spcs)
        goto nomem;
    decompose_solids(&b);
    if (ncs_diag_errors(d) > errors0)
        goto fail;
    if (prepare_groups(&b) < 0)
        goto nomem;
    for (int bi = 0; bi < nb; bi++) {
        int before = ncs_diag_errors(d);
        if (s->bodies[bi].kinematic)
            continue; /* it passes through the solid */
        for (int i = 0; i < nob; i++) {
            int in = starts_inside(&b, bi, i);
            if (in < 0)
                goto nomem;
            if (in)
                start_error(d, &s->bodies[bi], "inside obstacle", s->obstacles[i].name,
                            s->obstacles[i].loc);
        }
        if (ncs_diag_errors(d) == before)     /* inside no obstacle: on a seam? */
            inside_union(&b, bi);
    }
    /* bodies overlapping each other at the start (issue 28: one disc in
     * another jumped 0.4 m in step 1): the later one is the error */
    for (int bj = 1; bj < nb; bj++)
        for (int bi = 0; bi < bj; bi++) {
            if (s->bodies[bi].kinematic && s->bodies[bj].kinematic)
                continue; /* kinematic bodies pass through each other */
            int over = bodies_overlap(&b, bi, bj);
            if (over < 0)
                goto nomem;
            if (over)
                start_error(d, &s->bodies[bj], "overlapping body", s->bodies[bi].name,
                            s->bodies[bi].loc);
        }
    if (ncs_diag_errors(d) > errors0)
        goto fail;

    if (add_obstacles(&b, &base, 0) < 0)
        goto nomem;
    for (int bi = 0; bi < nb; bi++) {
        const ncs_body *body = &s->bodies[bi];
        g->body_space[bi] = -1;
        if (body->kind == NCS_POLYGON) {
            if (add_polygon(&b, &bodyc[bi], &b.poly[nob + bi], &b.pcs[nob + bi], -1, bi,
                            0) < 0)
                goto nomem;
            continue;
        }
        if (body->kind != NCS_DISC)
            continue;
        int j = 0;
        while (j < nspaces && sp[j].cs.radius != body->radius)
            j++;
        if (j == nspaces) {
            if (add_obstacles(&b, &sp[nspaces], body->radius) < 0)
                goto nomem;
            nspaces++;
        }
        g->body_space[bi] = j;
    }
    if (export_solids(&b, g) < 0)
        goto nomem;
    ok = 1;
    goto done;
nomem:
    ncs_error(d, s->loc, "geometry: out of memory");
fail:
    ok = 0;
done:
    for (int k = 0; b.snap && k < nob; k++)
        ncs_gpoly_free(&b.snap[k]);
    free(b.snap);
    free(b.upoly);
    for (int k = 0; k < nslots; k++) {
        if (b.poly)
            ncs_gpoly_free(&b.poly[k]);
        if (b.pcs)
            ncs_gpieces_free(&b.pcs[k]);
    }
    for (int k = 0; b.spcs && k < b.un.nsolids; k++)
        ncs_gpieces_free(&b.spcs[k]);
    free(b.spcs);
    ncs_gunion_free(&b.un);
    free(b.sob);
    free(b.poly);
    free(b.pcs);
    free(b.sc.sides);
    free(b.sc.verts);
    free(b.tmp);
    free(b.gfirst);
    free(b.gsd);
    free(b.ge);
    if (ok) {
        g->pieces = base.cs;
        g->nspaces = nspaces;
        g->spaces = malloc((size_t)(nspaces + 1) * sizeof *g->spaces);
        g->body_pieces = malloc((size_t)(nb + 1) * sizeof *g->body_pieces);
        if (g->spaces && g->body_pieces) {
            for (int j = 0; j < nspaces; j++)
                g->spaces[j] = sp[j].cs;
            for (int i = 0; i < nb; i++)
                g->body_pieces[i] = bodyc[i].cs;
            free(sp);
            free(bodyc);
            return 0;
        }
        free(g->spaces);
        free(g->body_pieces);
        g->spaces = NULL;
        g->body_pieces = NULL;
        g->nspaces = 0;
        g->pieces.ngroups = 0;
        ncs_error(d, s->loc, "geometry: out of memory");
    }
    cspace_free(&base.cs);
    for (int j = 0; sp && j < nb; j++)
        cspace_free(&sp[j].cs);
    for (int j = 0; bodyc && j < nb; j++)
        cspace_free(&bodyc[j].cs);
    free(sp);
    free(bodyc);
    free(g->area);
    free(g->body_space);
    g->spaces = NULL;
    g->body_pieces = NULL;
    g->area = NULL;
    g->body_space = NULL;
    g->pieces.groups = NULL;
    g->pieces.sides = NULL;
    g->pieces.verts = NULL;
    g->nspaces = 0;
    ncs_geom_free(g);
    return -1;
}
