/* world.c - the step engine: contacts, islands, one LCP per island, and the
 * checks that make a step trustworthy (docs/engine.md).
 *
 * Time stepping (paper 000, eqs. 3-7). Per body the state is (x, y, theta)
 * and (vx, vy, omega) at the centroid; with the external accelerations,
 *
 *     vt = v + h a_ext,   v+ = vt + M^-1 W p,   q+ = q + h v+,
 *
 * and the impulses p come from one LCP per island of bodies that touch.
 *
 * Contacts. Every constraint is a *side*: a point (a polygon vertex, a disc
 * or particle centre with its radius, an obstacle vertex) that must stay in
 * front of a line (a side of a convex piece, the tangent of a disc around a
 * piece vertex, or the centre line of two discs). Its gap f is linearised at
 * the start of the step: a = J v+ + f / h >= 0 keeps the point in front at
 * the end of the step. A *pair* is a set of sides of which at least one must
 * hold (the outside of a convex piece: the paper's nonconvex group); a pair
 * with one side is a convex contact. The sides of a pair:
 *   - point against piece: the piece's sides, and for a disc the arcs around
 *     the piece's vertices (exact: the tangent at the closest point,
 *     included when the centre lies in the vertex's normal cone);
 *   - piece against piece (separating axes): every side of either piece with
 *     the other piece's support vertex. Added when a vertex of one is near a
 *     vertex of the other, where the vertex pairs alone let two equal boxes
 *     slide through each other along their common side lines.
 * A side behind by more than the reach (the most a point can move in the
 * step) is left out: it could only be met by tunnelling through the piece.
 *
 * Energy. With W = J^T and a_j = 0 wherever p_j > 0,
 *     E+ - Et = -sum_j p_j f_j / h - |M^-1 W p|_M^2 / 2,
 * so an impulse on a side with f_j < 0 (the point behind its line) can add
 * energy: it pushes the point out around a corner it never touched. Such a
 * side is a *ghost*: it still satisfies its group (free flight may carry the
 * point in front of it) but carries no impulse. Each formulation's p_y row
 * of side j is >= 0 on every solution, so adding 1 to a ghost's b entry of
 * that row forces its p_j = 0. A pair that starts inside its piece (largest
 * gap g0 < 0) has every gap raised by -g0: the LCP only stops it from going
 * deeper, and the position projection moves it out without touching v.
 *
 * Trust. A step is accepted only when (1) every island's LCP verified,
 * (2) no point moved farther than the reach its pairs were collected with
 * (else the pairs are collected again with the larger speeds and the step
 * solved again), and (3) after the position projection no pair is deeper
 * than admit_tol. Otherwise the state is left unchanged and the status says
 * why.
 */
#include <math.h>
#include <string.h>
#include "ncs/assemble.h"
#include "ncs/mlcp.h"
#include "ncs/world.h"

/* Parts a firmware copy may leave out (compiler/emit_copy.c sets them to 0
 * for a scene without joints, without restitution, and unless asked for
 * contact reports): each is then code that can never run. */
#ifndef NCS_WORLD_JOINTS
#define NCS_WORLD_JOINTS 1
#endif
#ifndef NCS_WORLD_RESTITUTION
#define NCS_WORLD_RESTITUTION 1
#endif
#ifndef NCS_WORLD_REPORTS
#define NCS_WORLD_REPORTS 1
#endif

/* The sides and vertices of piece k of table t: [SIDE0, SIDE1) and
 * [VERT0, VERT1) (no vertices: an explicit group). */
#define SIDE0(t, k) ((t)->piece[k].side0)
#define SIDE1(t, k) ((t)->piece[k].side0 + (t)->piece[k].nside)
#define VERT0(t, k) ((t)->piece[k].vert0)
#define VERT1(t, k) ((t)->piece[k].vert0 + (t)->piece[k].nvert)

/* scratch rows per body (NCS_WORLD_SCRATCH_ROWS) */
enum { QC, UC, VT, DU, UN, UB, UF, QN, SP, D2, Q0, V0,
       BV, /* the bounces' velocity changes: in the velocities, not the positions */
       FA, /* the external accelerations (gravity + force / m, torque / I): kept
             between steps, set by ncs_world_reset and ncs_world_set_force */
       MV /* an island's vt with its clamped motors' impulses (solve_island) */ };

/* rounds of collection with larger speeds before a step is inadmissible */
#define REACH_ROUNDS 4
/* position projections after a step */
#define PROJECT_ROUNDS 3

static ncs_real cross2(ncs_real ax, ncs_real ay, ncs_real bx, ncs_real by) {
    return ax * by - ay * bx;
}

static ncs_real hyp(ncs_real x, ncs_real y) {
    return NCS_SQRT(x * x + y * y);
}

/* Rotates (x, y) by th into r. */
static void rot(ncs_real th, ncs_real x, ncs_real y, ncs_real r[2]) {
    ncs_real c = NCS_COS(th), s = NCS_SIN(th);
    r[0] = c * x - s * y;
    r[1] = s * x + c * y;
}

static ncs_real (*row(const ncs_world *w, int which))[3] {
    return w->mem.scratch + which * w->sc->nbodies;
}

/* Is body i kinematic (i -1, the world: no)? */
static int kin(const ncs_world *w, int i) {
    return i >= 0 && w->sc->body[i].kinematic;
}

static const ncs_pieces *table(const ncs_world *w, int sb) {
    return sb < 0 ? &w->sc->obst : &w->sc->bpieces;
}

static ncs_real pair_mu(ncs_real a, ncs_real b) {
    return a > 0 && b > 0 ? NCS_SQRT(a * b) : NCS_RC(0.0);
}

/* ---- geometry of one side ------------------------------------------------ */

/** A side at a configuration: unit normal n, gap f, and where the impulse
 *  acts on each body (lever arms from the centroids). */
typedef struct sgeo {
    ncs_real n[2];      /* normal, pointing from the side towards the point */
    ncs_real f;         /* gap */
    ncs_real pc[2];     /* contact point on the point's body */
    ncs_real sc[2];     /* contact point on the side's body */
} sgeo;

/* World position of the point of side s at centroid configuration q. */
static void point_of(const ncs_world *w, const ncs_sref *s, const ncs_real (*q)[3],
                     ncs_real p[2]) {
    const ncs_scene_desc *sc = w->sc;
    if (s->pa < 0) {
        p[0] = sc->obst.vert[s->pt].x;
        p[1] = sc->obst.vert[s->pt].y;
    } else if (s->pt < 0) {
        p[0] = q[s->pa][0];
        p[1] = q[s->pa][1];
    } else {
        rot(q[s->pa][2], sc->bvert[s->pt].x, sc->bvert[s->pt].y, p);
        p[0] += q[s->pa][0];
        p[1] += q[s->pa][1];
    }
}

/* Vertex v of table t (owned by body sb, or the world) in the world. */
static void vertex_of(const ncs_world *w, int sb, int v, const ncs_real (*q)[3],
                      ncs_real p[2]) {
    const ncs_pieces *t = table(w, sb);
    if (sb < 0) {
        p[0] = t->vert[v].x;
        p[1] = t->vert[v].y;
        return;
    }
    rot(q[sb][2], t->vert[v].x, t->vert[v].y, p);
    p[0] += q[sb][0];
    p[1] += q[sb][1];
}

/* Normal of side j of table t (body sb or world) in the world, and its
 * world offset for a point of radius rp: gap = n.p - off. */
static ncs_real line_of(const ncs_world *w, int sb, int j, ncs_real rp, const ncs_real (*q)[3],
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
static ncs_real true_line(const ncs_world *w, int sb, int j, const ncs_real (*q)[3],
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
static int in_cone(const ncs_real na[2], const ncs_real nb[2], const ncs_real d[2]) {
    ncs_real turn = cross2(na[0], na[1], nb[0], nb[1]);
    if (turn <= 0)
        return 0; /* a straight or reflex vertex has no arc */
    return cross2(na[0], na[1], d[0], d[1]) > 0 && cross2(d[0], d[1], nb[0], nb[1]) > 0;
}

/* The corner of corner side s's side body (sb, or the world) at q. */
static void corner_at(const ncs_world *w, const ncs_sref *s, const ncs_real (*q)[3],
                      ncs_real W[2]) {
    if (s->sb < 0) {
        W[0] = w->sc->obst.vert[s->sd].x;
        W[1] = w->sc->obst.vert[s->sd].y;
    } else {
        rot(q[s->sb][2], w->sc->bvert[s->sd].x, w->sc->bvert[s->sd].y, W);
        W[0] += q[s->sb][0];
        W[1] += q[s->sb][1];
    }
}

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
static void sat_side(const ncs_world *w, const ncs_sref *s, const ncs_real (*q)[3], sgeo *g) {
    const ncs_pieces *tp[2];
    int body[2], piece[2], x, j, v, bv[2] = {-1, -1};
    ncs_real best[2] = {-NCS_HUGE, -NCS_HUGE}, bn[2][2] = {{0, 0}, {0, 0}}, bx[2][2];
    ncs_real ref[2][2], tie = w->sc->project_tol;
    tp[0] = table(w, s->sb), body[0] = s->sb, piece[0] = s->piece;         /* sides of the side's piece */
    tp[1] = &w->sc->bpieces, body[1] = s->pa, piece[1] = s->apiece;         /* sides of the point's piece */
    point_of(w, s, q, ref[0]);              /* the pair's own corners */
    corner_at(w, s, q, ref[1]);
    for (x = 0; x < 2; x++) {
        const ncs_pieces *ts = tp[x], *to = tp[1 - x];
        int ob = body[1 - x], ok = piece[1 - x];
        for (j = SIDE0(ts, piece[x]); j < SIDE1(ts, piece[x]); j++) {
            ncs_real n[2], P[2], lo = NCS_HUGE, at[2] = {0, 0}, near = NCS_HUGE;
            ncs_real off = true_line(w, body[x], j, q, n); /* the piece itself */
            for (v = VERT0(to, ok); v < VERT1(to, ok); v++) {
                ncs_real f;
                vertex_of(w, ob, v, q, P);
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
                vertex_of(w, ob, v, q, P);
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

/* Evaluates side s at q into g. For an arc whose centre has left the
 * vertex's cone the nearer side's line is used (still a supporting line of
 * the grown piece, so the constraint stays sound). */
static void side_geo(const ncs_world *w, const ncs_sref *s, const ncs_real (*q)[3], sgeo *g) {
    ncs_real p[2], d[2], len;
    point_of(w, s, q, p);
    if (s->kind == NCS_SIDE_CORNER) {
        ncs_real W[2];
        corner_at(w, s, q, W);
        g->n[0] = s->nx;
        g->n[1] = s->ny;
        g->f = s->nx * (p[0] - W[0]) + s->ny * (p[1] - W[1]);
        g->sc[0] = W[0];
        g->sc[1] = W[1];
        g->pc[0] = p[0];
        g->pc[1] = p[1];
        if (s->met && hyp(p[0] - W[0], p[1] - W[1]) > w->sc->project_tol)
            sat_side(w, s, q, g);
        return;
    } else if (s->kind == NCS_SIDE_DISC) {
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
        vertex_of(w, s->sb, VERT0(t, s->piece) + i, q, V);
        line_of(w, s->sb, prev, 0, q, na);
        line_of(w, s->sb, s->sd, 0, q, nb);
        d[0] = p[0] - V[0];
        d[1] = p[1] - V[1];
        len = hyp(d[0], d[1]);
        if (len > 0 && in_cone(na, nb, d)) {
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
        ncs_real off = line_of(w, s->sb, s->sd, s->rp, q, g->n);
        g->f = g->n[0] * p[0] + g->n[1] * p[1] - off;
        g->sc[0] = p[0] - s->rp * g->n[0];
        g->sc[1] = p[1] - s->rp * g->n[1];
    }
    g->pc[0] = p[0] - s->rp * g->n[0];
    g->pc[1] = p[1] - s->rp * g->n[1];
}

/* Linearises side s at q into contact c (normal and tangential rows of both
 * bodies: the point's body along n, the side's body along -n). */
static void eval(const ncs_world *w, const ncs_sref *s, const ncs_real (*q)[3], ncs_contact *c) {
    sgeo g;
    ncs_real t[2];
    int k;
    side_geo(w, s, q, &g);
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

static ncs_real gap_of(const ncs_world *w, const ncs_sref *s, const ncs_real (*q)[3]) {
    sgeo g;
    side_geo(w, s, q, &g);
    return g.f;
}

/* Gap of pair P at q: the largest over its sides. */
static ncs_real pair_gap(const ncs_world *w, const ncs_pair *P, const ncs_real (*q)[3]) {
    ncs_real best = -NCS_HUGE, f;
    int i;
    for (i = P->side0; i < P->side0 + P->nside; i++)
        if ((f = gap_of(w, &w->mem.sref[i], q)) > best)
            best = f;
    return best;
}

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
    ncs_real f = gap_of(w, s, bd->q);
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

/* Friction of an obstacle vertex: that of the side starting there. */
static ncs_real obst_vertex_mu(const ncs_world *w, int k, int v) {
    const ncs_pieces *t = &w->sc->obst;
    return t->side[SIDE0(t, k) + (v - VERT0(t, k))].mu;
}

/* Friction of body b, or of obstacle side j of the table of sb < 0. */
static ncs_real side_mu(const ncs_world *w, int sb, int j) {
    if (sb >= 0)
        return w->sc->body[sb].mu;
    return w->sc->obst.side[j].mu;
}

/* Point (pa, pt, rp) against piece k of body sb (or an obstacle piece):
 * its lines, and arcs around its vertices for a disc. `mup` is the
 * point's friction. */
static int point_piece(ncs_world *w, int pa, int pt, ncs_real rp, ncs_real mup, int sb, int k,
                       ncs_real reach, const ncs_real (*q)[3]) {
    const ncs_pieces *t = table(w, sb);
    ncs_sref s;
    build bd;
    int j, n = SIDE1(t, k) - SIDE0(t, k);
    int nv = VERT1(t, k) - VERT0(t, k);
    begin(w, &bd, reach, q);
    memset(&s, 0, sizeof s);
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
        point_of(w, &s, q, p);
        for (j = 0; j < n; j++) {
            int sd = SIDE0(t, k) + j, prev = SIDE0(t, k) + (j + n - 1) % n;
            vertex_of(w, sb, VERT0(t, k) + j, q, V);
            line_of(w, sb, prev, 0, q, na);
            line_of(w, sb, sd, 0, q, nb);
            d[0] = p[0] - V[0];
            d[1] = p[1] - V[1];
            if (!in_cone(na, nb, d))
                continue;
            s.kind = NCS_SIDE_ARC;
            s.sd = sd;
            s.mu = pair_mu(mup, side_mu(w, sb, sd));
            cand(w, &bd, &s);
        }
    }
    return finish(w, &bd, pa, sb);
}

/* The normal cone of vertex j (local index) of piece k of the table of sb:
 * its start and end rays (counter-clockwise), the outward normals of the
 * side ending there and of the side starting there, skipping corner caps
 * (a repeated vertex). */
static void cone_of(const ncs_world *w, int sb, int k, int j, const ncs_real (*q)[3],
                    ncs_real s[2], ncs_real e[2]) {
    const ncs_pieces *t = table(w, sb);
    int n = SIDE1(t, k) - SIDE0(t, k), i0 = j, i1 = j, guard;
    ncs_real V[2], U[2];
    vertex_of(w, sb, VERT0(t, k) + j, q, V);
    for (guard = 0; guard < n; guard++) { /* back over repeats of this vertex */
        vertex_of(w, sb, VERT0(t, k) + (i0 + n - 1) % n, q, U);
        if (U[0] != V[0] || U[1] != V[1])
            break;
        i0 = (i0 + n - 1) % n;
    }
    for (guard = 0; guard < n; guard++) { /* forward over repeats */
        vertex_of(w, sb, VERT0(t, k) + (i1 + 1) % n, q, U);
        if (U[0] != V[0] || U[1] != V[1])
            break;
        i1 = (i1 + 1) % n;
    }
    line_of(w, sb, SIDE0(t, k) + (i0 + n - 1) % n, 0, q, s);
    line_of(w, sb, SIDE0(t, k) + i1, 0, q, e);
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
    vertex_of(w, a, VERT0(ta, ka) + jv, q, V);
    vertex_of(w, b, VERT0(tb, kb) + jw, q, W);
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
    s.met = (short)met;
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
        vertex_of(w, a, VERT0(ta, ka) + u, q, P);
        if (u > 0) { /* a corner cap repeats its vertex: once */
            vertex_of(w, a, VERT0(ta, ka) + u - 1, q, R);
            if (R[0] == P[0] && R[1] == P[1])
                continue;
        }
        for (v = 0; v < nb; v++) {
            vertex_of(w, b, VERT0(tb, kb) + v, q, Q);
            if (v > 0) {
                vertex_of(w, b, VERT0(tb, kb) + v - 1, q, R);
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

/* Distance from the centroid of body a to piece k's circle (table of sb). */
static ncs_real piece_dist(const ncs_world *w, int sb, int k, const ncs_real c[2],
                           const ncs_real (*q)[3]) {
    const ncs_pieces *t = table(w, sb);
    ncs_real pc[2];
    if (t->piece[k].rad < 0)
        return -NCS_HUGE;
    if (sb < 0) {
        pc[0] = t->piece[k].cx;
        pc[1] = t->piece[k].cy;
    } else {
        rot(q[sb][2], t->piece[k].cx, t->piece[k].cy, pc);
        pc[0] += q[sb][0];
        pc[1] += q[sb][1];
    }
    return hyp(c[0] - pc[0], c[1] - pc[1]) - t->piece[k].rad;
}

/* Do the two corners of corner side s coincide (closer than the
 * projection tolerance) at q? */
static int corner_coincides(const ncs_world *w, const ncs_sref *s, const ncs_real (*q)[3]) {
    ncs_real P[2], W[2];
    point_of(w, s, q, P);
    corner_at(w, s, q, W);
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

/* Pairs of body a against the obstacles. */
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
    it->corners = corners;
    it->f = 0;
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

static int against_obstacles(ncs_world *w, int a, ncs_real R, const ncs_real (*q)[3]) {
    const ncs_scene_desc *sc = w->sc;
    const ncs_body_desc *A = &sc->body[a];
    near_it it;
    int k, v, ka, from = w->npairs;
    near_begin(&it, w, q[a], A->rad + R, 0);
    if (A->kind != NCS_POLYGON) {
        while ((k = near_next(&it, w)) >= 0)
            if (piece_dist(w, -1, k, q[a], q) <= A->rad + R &&
                point_piece(w, a, -1, A->r, A->mu, -1, k, R, q) != 0)
                return -1;
        return 0;
    }
    /* corners first: they make some vertex pairs redundant */
    while ((k = near_next(&it, w)) >= 0)
        if (VERT1(&sc->obst, k) > VERT0(&sc->obst, k) &&
            piece_dist(w, -1, k, q[a], q) <= A->rad + R)
            for (ka = A->piece0; ka < A->piece0 + A->npiece; ka++)
                if (corners_meet(w, a, ka, -1, k, R, q) != 0)
                    return -1;
    near_begin(&it, w, q[a], A->rad + R, 0);
    while ((k = near_next(&it, w)) >= 0) {
        if (piece_dist(w, -1, k, q[a], q) > A->rad + R)
            continue;
        for (v = A->vert0; v < A->vert0 + A->nvert; v++)
            if (!corner_covers(w, from, a, v, -1, k, q) &&
                point_piece(w, a, v, 0, A->mu, -1, k, R, q) != 0)
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

/* Pairs between bodies a and b (points of each against the other's pieces,
 * separating axes where vertices meet, disc against disc). */
static int between(ncs_world *w, int a, int b, ncs_real R, const ncs_real (*q)[3]) {
    const ncs_scene_desc *sc = w->sc;
    int x, from = w->npairs;
    if (sc->body[a].kind == NCS_POLYGON && sc->body[b].kind == NCS_POLYGON) {
        int ka, kb; /* corners first: they make some vertex pairs redundant */
        for (ka = sc->body[a].piece0; ka < sc->body[a].piece0 + sc->body[a].npiece; ka++)
            for (kb = sc->body[b].piece0; kb < sc->body[b].piece0 + sc->body[b].npiece; kb++)
                if (corners_meet(w, a, ka, b, kb, R, q) != 0)
                    return -1;
    }
    for (x = 0; x < 2; x++) {
        int p = x ? b : a, o = x ? a : b; /* points of p against pieces of o */
        const ncs_body_desc *P = &sc->body[p], *O = &sc->body[o];
        int k, v;
        if (O->kind != NCS_POLYGON)
            continue;
        for (k = O->piece0; k < O->piece0 + O->npiece; k++) {
            if (piece_dist(w, o, k, q[p], q) > P->rad + R)
                continue;
            if (P->kind != NCS_POLYGON) {
                if (point_piece(w, p, -1, P->r, P->mu, o, k, R, q) != 0)
                    return -1;
                continue;
            }
            for (v = P->vert0; v < P->vert0 + P->nvert; v++)
                if (!corner_covers(w, from, p, v, o, k, q) &&
                    point_piece(w, p, v, 0, P->mu, o, k, R, q) != 0)
                    return -1;
        }
    }
    if (sc->body[a].kind != NCS_POLYGON && sc->body[b].kind != NCS_POLYGON &&
        (sc->body[a].kind == NCS_DISC || sc->body[b].kind == NCS_DISC)) {
        ncs_sref s;
        build bd;
        begin(w, &bd, R, q);
        memset(&s, 0, sizeof s);
        s.pa = a;
        s.pt = -1;
        s.sb = b;
        s.piece = -1;
        s.kind = NCS_SIDE_DISC;
        s.rp = sc->body[a].r;
        s.rs = sc->body[b].r;
        s.mu = pair_mu(sc->body[a].mu, sc->body[b].mu);
        cand(w, &bd, &s);
        if (finish(w, &bd, a, b) != 0)
            return -1;
    }
    return 0;
}

/* Speed bound of any point of body i from the velocities u and vt. */
static ncs_real speed(const ncs_world *w, int i, const ncs_real *u, const ncs_real *vt) {
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
static int joined(const ncs_world *w, int a, int b) {
    int j;
    for (j = 0; j < w->sc->njoints; j++) {
        const ncs_joint_desc *J = &w->sc->joint[j];
        if ((J->a == a && J->b == b) || (J->a == b && J->b == a))
            return 1;
    }
    return 0;
}

static int collect(ncs_world *w, const ncs_real (*q)[3], const ncs_real (*sp)[3]) {
    const ncs_scene_desc *sc = w->sc;
    const int *o = w->mem.sweep;
    int a, b, i, j;
    w->npairs = 0;
    w->nsrefs = 0;
    for (a = 0; a < sc->nbodies; a++) /* a kinematic body passes the obstacles */
        if (!kin(w, a) && against_obstacles(w, a, w->h * sp[a][0] + sc->margin, q) != 0)
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
            if ((sc->njoints > 0 && joined(w, a, b)) || (kin(w, a) && kin(w, b)))
                continue;
            if (between(w, a, b, rab, q) != 0)
                return -1;
        }
    }
    return 0;
}

/* ---- islands ------------------------------------------------------------ */

static int uf_find(int *par, int i) {
    while (par[i] != i)
        i = par[i] = par[par[i]];
    return i;
}

/* Bodies joined by a pair share an island; each pair gets its island's
 * lowest body, and the pairs are listed by island (a counting sort, in
 * collection order within an island) in order[ibegin[r] .. ibegin[r+1]). */
/* Joins the sets of bodies a and b (the smaller root becomes the root). */
static void uf_join(int *par, int a, int b) {
    int x = uf_find(par, a), y = uf_find(par, b);
    if (x < y)
        par[y] = x;
    else if (y < x)
        par[x] = y;
}

/* The dynamic body of joint i, whose island it is in (a kinematic end
 * holds like the world: ncsc refuses a joint without a dynamic body). */
static int joint_body(const ncs_world *w, int i) {
    const ncs_joint_desc *J = &w->sc->joint[i];
    return kin(w, J->a) && J->b >= 0 ? J->b : J->a;
}

static void islands(ncs_world *w) {
    int *par = w->mem.parent, *beg = w->mem.ibegin, nb = w->sc->nbodies, i;
    for (i = 0; i < nb; i++)
        par[i] = i;
    /* a kinematic body joins no islands: like an obstacle it takes no
     * impulse, so the bodies it touches need not be solved together; its
     * pairs belong to the island of their other body */
    for (i = 0; i < w->npairs; i++)
        if (w->mem.pair[i].a >= 0 && w->mem.pair[i].b >= 0 && !kin(w, w->mem.pair[i].a) &&
            !kin(w, w->mem.pair[i].b))
            uf_join(par, w->mem.pair[i].a, w->mem.pair[i].b);
    for (i = 0; i < w->sc->njoints; i++) /* a kinematic end holds like the world */
        if (w->sc->joint[i].b >= 0 && !kin(w, w->sc->joint[i].a) && !kin(w, w->sc->joint[i].b))
            uf_join(par, w->sc->joint[i].a, w->sc->joint[i].b);
    for (i = 0; i <= nb; i++)
        beg[i] = 0;
    for (i = 0; i < w->npairs; i++) {
        ncs_pair *P = &w->mem.pair[i];
        P->island = uf_find(par, P->a >= 0 && !kin(w, P->a) ? P->a : P->b);
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
        beg[uf_find(par, joint_body(w, i)) + 1]++;
    for (i = 0; i < nb; i++)
        beg[i + 1] += beg[i];
    for (i = 0; i < w->sc->njoints; i++)
        w->mem.jorder[beg[uf_find(par, joint_body(w, i))]++] = i;
    for (i = nb; i > 0; i--)
        beg[i] = beg[i - 1];
    beg[0] = 0;
}

/* Does island r have anything to solve (pairs or joints)? */
static int has_work(const ncs_world *w, int r) {
    return w->mem.ibegin[r] != w->mem.ibegin[r + 1] ||
           (w->sc->njoints > 0 && w->mem.jbegin[r] != w->mem.jbegin[r + 1]);
}

/* The bodies of island r (those of its pairs and joints, as solve_all
 * records them), one after another: *it starts at 0; returns the next body,
 * or -1 at the end. A body may come more than once. Lets an island's work
 * be what the island holds, not what the scene holds (issue 18). */
static int island_next(const ncs_world *w, int r, int *it) {
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

/* ---- one island's LCP --------------------------------------------------- */

static int is_group(const ncs_world *w, const ncs_pair *P) {
    return w->sc->form != NCS_FORM_STEWART && P->nside > 1;
}

/* The pairs of island `root` in layout order (groups, then convex) into
 * ipair, and its layout. Returns NCS_STEP_OK (np = 0: nothing to solve) or
 * NCS_STEP_CAPACITY. */
static int layout_of(ncs_world *w, int root, int k, int *np_, int *nc_, ncs_layout *lay,
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
 * gaps raised by -g0, and a group side still behind its line is a ghost.
 * Returns the contact count. */
static int contacts(ncs_world *w, int np, const ncs_real (*qe)[3], const ncs_real (*qs)[3]) {
    int i, j, c, nc = 0;
    for (i = 0; i < np; i++) {
        const ncs_pair *P = &w->mem.pair[w->mem.ipair[i]];
        int first = nc, n = is_group(w, P) ? P->nside : 1;
        ncs_real g0;
        for (j = 0; j < n; j++) {
            w->mem.mu[nc] = w->mem.sref[P->side0 + j].mu;
            eval(w, &w->mem.sref[P->side0 + j], qe, &w->mem.con[nc++]);
        }
        if (!qs)
            continue;
        g0 = qs == qe ? w->mem.con[first].f : pair_gap(w, P, qs);
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

/* J_c M^-1 J_d^T over the bodies both rows touch. */
static ncs_real dot(const ncs_world *w, const ncs_contact *c, const ncs_real (*jc)[3],
                    const ncs_contact *d, const ncs_real (*jd)[3]) {
    ncs_real sum = 0;
    int x, y;
    for (x = 0; x < 2; x++) {
        int bx = x ? c->b : c->a;
        if (bx < 0)
            continue;
        for (y = 0; y < 2; y++)
            if ((y ? d->b : d->a) == bx)
                sum += w->sc->body[bx].im * (jc[x][0] * jd[y][0] + jc[x][1] * jd[y][1]) +
                       w->sc->body[bx].iI * jc[x][2] * jd[y][2];
    }
    return sum;
}

/* Row j of contact c applied to the velocities u. */
static ncs_real vel(const ncs_contact *c, const ncs_real (*j)[3], const ncs_real (*u)[3]) {
    ncs_real v = 0;
    if (c->a >= 0)
        v += j[0][0] * u[c->a][0] + j[0][1] * u[c->a][1] + j[0][2] * u[c->a][2];
    if (c->b >= 0)
        v += j[1][0] * u[c->b][0] + j[1][1] * u[c->b][1] + j[1][2] * u[c->b][2];
    return v;
}

/* Contact-space A, a0 and mu of the island's nc contacts (ncs/layout.h):
 * a0n = J vt + f ih (ih = 1/h; 1 for the position projection with vt NULL
 * and no friction); with un (fixpoint) a0n -= J un. */
static void contact_space(ncs_world *w, int nc, int k, const ncs_real (*vt)[3],
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
static void apply(const ncs_world *w, int nc, int k, int off, ncs_real (*u)[3]) {
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

/* ---- joints (docs/engine.md, "Joints") ---------------------------------- */

/* Joint end: body i's anchor (x, y) (its centroid frame; a world point when
 * i is -1) at q: the world point p and its offset r from the centroid. */
static void anchor(int i, ncs_real x, ncs_real y, const ncs_real (*q)[3], ncs_real p[2],
                   ncs_real r[2]) {
    if (i < 0) {
        p[0] = x;
        p[1] = y;
        r[0] = r[1] = 0;
        return;
    }
    rot(q[i][2], x, y, r);
    p[0] = q[i][0] + r[0];
    p[1] = q[i][1] + r[1];
}

/* The rows of joint J at q into r[0 ..): f the position error C, jn the
 * row dC/dq per body. Returns the row count. */
static int joint_rows(const ncs_joint_desc *J, const ncs_real (*q)[3], ncs_contact *r) {
    ncs_real pa[2], ra[2], pb[2], rb[2], d[2], len, n[2];
    int rows = NCS_JOINT_ROWS(J->kind), i;
    anchor(J->a, J->ax, J->ay, q, pa, ra);
    anchor(J->b, J->bx, J->by, q, pb, rb);
    d[0] = pa[0] - pb[0];
    d[1] = pa[1] - pb[1];
    for (i = 0; i < rows; i++) {
        memset(&r[i], 0, sizeof r[i]);
        r[i].a = J->a;
        r[i].b = J->b;
        r[i].px = pb[0];
        r[i].py = pb[1];
    }
    if (J->kind == NCS_JOINT_ROD) {
        len = hyp(d[0], d[1]);
        n[0] = len > 0 ? d[0] / len : NCS_RC(1.0);
        n[1] = len > 0 ? d[1] / len : NCS_RC(0.0);
        r[0].f = len - J->len;
        r[0].jn[0][0] = n[0];
        r[0].jn[0][1] = n[1];
        r[0].jn[0][2] = cross2(ra[0], ra[1], n[0], n[1]);
        r[0].jn[1][0] = -n[0];
        r[0].jn[1][1] = -n[1];
        r[0].jn[1][2] = -cross2(rb[0], rb[1], n[0], n[1]);
        return rows;
    }
    /* pin: the anchors' velocities v + omega x r agree, in x and in y */
    r[0].f = d[0];
    r[0].jn[0][0] = 1;
    r[0].jn[0][2] = -ra[1];
    r[0].jn[1][0] = -1;
    r[0].jn[1][2] = rb[1];
    r[1].f = d[1];
    r[1].jn[0][1] = 1;
    r[1].jn[0][2] = ra[0];
    r[1].jn[1][1] = -1;
    r[1].jn[1][2] = -rb[0];
    if (J->kind == NCS_JOINT_WELD) {
        r[2].f = q[J->a][2] - (J->b >= 0 ? q[J->b][2] : 0) - J->angle;
        r[2].jn[0][2] = 1;
        r[2].jn[1][2] = -1;
    }
    return rows;
}

/* The rows of island `root`'s joints at q into w->mem.jrow (tag -1), and
 * with `motors` after them one row per motor (docs/engine.md, "Motors"):
 * omega_a - omega_b, tag its joint, ghost its clamp (0: free; +1, -1: its
 * impulse held at +-max_torque h). Returns their count (the motors' into
 * *nm when not NULL), or -1 when they exceed max_jrows. */
static int island_joints(ncs_world *w, int root, const ncs_real (*q)[3], int motors, int *nm) {
    const ncs_scene_desc *sc = w->sc;
    int x, ne = 0, i, n;
    if (nm)
        *nm = 0;
    if (!NCS_WORLD_JOINTS || sc->njoints == 0)
        return 0;
    for (x = w->mem.jbegin[root]; x < w->mem.jbegin[root + 1]; x++) {
        const ncs_joint_desc *J = &sc->joint[w->mem.jorder[x]];
        if (ne + NCS_JOINT_ROWS(J->kind) > sc->max_jrows)
            return -1;
        n = joint_rows(J, q, &w->mem.jrow[ne]);
        for (i = 0; i < n; i++)
            w->mem.jrow[ne + i].tag = -1;
        ne += n;
    }
    for (x = w->mem.jbegin[root]; motors && x < w->mem.jbegin[root + 1]; x++) {
        const ncs_joint_desc *J = &sc->joint[w->mem.jorder[x]];
        ncs_contact *r = &w->mem.jrow[ne];
        if (!J->motor)
            continue;
        if (ne + 1 > sc->max_jrows)
            return -1;
        memset(r, 0, sizeof *r);
        r->a = J->a;
        r->b = J->b;
        r->jn[0][2] = 1;
        r->jn[1][2] = -1;
        r->tag = w->mem.jorder[x];
        ne++;
        if (nm)
            ++*nm;
    }
    return ne;
}

/* |C| of joint row r as a distance (an angle row at body a's bounding
 * radius). */
static ncs_real row_err(const ncs_world *w, const ncs_contact *r) {
    ncs_real e = NCS_FABS(r->f);
    if (r->jn[0][0] == 0 && r->jn[0][1] == 0) /* an angle row */
        e *= w->sc->body[r->a].rad;
    return e;
}

/* Largest error of the island's ne joint rows. */
static ncs_real joint_err(const ncs_world *w, int ne) {
    ncs_real worst = 0, e;
    int i;
    for (i = 0; i < ne; i++)
        if ((e = row_err(w, &w->mem.jrow[i])) > worst)
            worst = e;
    return worst;
}

/* The curvature of island `root`'s joints over a free step from q with
 * velocities vt, per row into w->mem.jl: C(q + h vt) - C(q) - h J vt, what
 * the linearised row misses (a rod's h^2 v_t^2 / 2L). With it the step's
 * joint rows aim at C(q + h v+) = 0 to second order, as SHAKE's first
 * Newton step does (docs/engine.md, "Joints"): the chord velocity then
 * keeps the energy, where the tangent alone would lose v_t^2 h / L of
 * radial speed every step. */
static void joint_curvature(ncs_world *w, int root, int ne, const ncs_real (*q)[3],
                            const ncs_real (*vt)[3]) {
    const ncs_scene_desc *sc = w->sc;
    ncs_contact r[3];
    int x, e = 0, i, k, n;
    for (x = w->mem.jbegin[root]; x < w->mem.jbegin[root + 1]; x++) {
        ncs_joint_desc K = sc->joint[w->mem.jorder[x]];
        ncs_real qq[2][3];
        for (k = 0; k < 3; k++) {
            qq[0][k] = q[K.a][k] + w->h * vt[K.a][k];
            qq[1][k] = K.b >= 0 ? q[K.b][k] + w->h * vt[K.b][k] : 0;
        }
        K.a = 0;
        K.b = K.b >= 0 ? 1 : -1;
        n = joint_rows(&K, (const ncs_real (*)[3])qq, r);
        for (i = 0; i < n; i++, e++) {
            const ncs_contact *R = &w->mem.jrow[e];
            w->mem.jl[e] = r[i].f - R->f - w->h * vel(R, R->jn, vt);
        }
    }
    for (; e < ne; e++) /* the motors' rows: velocities alone */
        w->mem.jl[e] = 0;
}

/* The mixed LCP of the island's ne joint rows with its nc contacts (their
 * contact space A, a0 made by contact_space): E, G and c (ncs/mlcp.h) with
 * c = J vt + (beta f + extra) ih (- J un) (extra: per row, or NULL), and A,
 * a0 reduced to the contacts alone. Returns 0, or -1 when an entry is not
 * finite. */
static int joint_space(ncs_world *w, int ne, int nc, int k, const ncs_real (*vt)[3],
                       const ncs_real (*un)[3], ncs_real ih, ncs_real beta,
                       const ncs_real *extra) {
    int nu = nc * (1 + k), e, d, c, l;
    for (e = 0; e < ne; e++) {
        const ncs_contact *R = &w->mem.jrow[e];
        for (d = 0; d <= e; d++) {
            const ncs_contact *D = &w->mem.jrow[d];
            w->mem.E[e * ne + d] = dot(w, R, R->jn, D, D->jn);
        }
        for (c = 0; c < nc; c++) {
            const ncs_contact *C = &w->mem.con[c];
            w->mem.G[e * nu + c] = dot(w, R, R->jn, C, C->jn);
            for (l = 0; l < k; l++)
                w->mem.G[e * nu + nc + 2 * c + l] =
                    (l ? NCS_RC(-1.0) : NCS_RC(1.0)) * dot(w, R, R->jn, C, C->jt);
        }
        w->mem.jc[e] = (vt ? vel(R, R->jn, vt) : 0) + (beta * R->f + (extra ? extra[e] : 0)) * ih;
        if (R->tag >= 0) /* a motor: J v+ = speed (at the velocity level: no un) */
            w->mem.jc[e] = (vt ? vel(R, R->jn, vt) : 0) - (ih != 0 ? w->mem.motor[R->tag][0] : 0);
        else if (un)
            w->mem.jc[e] -= vel(R, R->jn, un);
    }
#if NCS_WORLD_JOINTS
    return ncs_mlcp_reduce(ne, w->mem.E, ne, nu, w->mem.G, nu, w->mem.jc, w->mem.A, nu,
                           w->mem.a0, NCS_TOL_SINGULAR) < 0
               ? -1
               : 0;
#else
    return -1; /* never called: island_joints gives no rows */
#endif
}

#if NCS_WORLD_JOINTS
/* u += M^-1 R^T lambda for one joint row R. */
static void row_impulse(const ncs_world *w, const ncs_contact *R, ncs_real lambda,
                        ncs_real (*u)[3]) {
    int x, k;
    for (x = 0; x < 2; x++) {
        int bx = x ? R->b : R->a;
        const ncs_body_desc *B;
        if (bx < 0)
            continue;
        B = &w->sc->body[bx];
        for (k = 0; k < 3; k++)
            u[bx][k] += (k < 2 ? B->im : B->iI) * R->jn[x][k] * lambda;
    }
}

/* u += M^-1 J^T lambda for the island's ne joint rows. */
static void apply_joints(const ncs_world *w, int ne, const ncs_real *lambda, ncs_real (*u)[3]) {
    int e;
    for (e = 0; e < ne; e++)
        row_impulse(w, &w->mem.jrow[e], lambda[e], u);
}
#endif

/* The joints' share of the contact impulses p (nu of them; NULL: none):
 * lambda = -L^-T (Y p + c') (ncs/mlcp.h), applied to u. No rows: nothing. */
static void joint_impulses(ncs_world *w, int ne, int nu, const ncs_real *p, ncs_real (*u)[3]) {
#if NCS_WORLD_JOINTS
    if (ne > 0) {
        ncs_mlcp_multipliers(ne, w->mem.E, ne, nu, w->mem.G, nu, w->mem.jc, p, w->mem.jl);
        apply_joints(w, ne, w->mem.jl, u);
    }
#else
    (void)w, (void)ne, (void)nu, (void)p, (void)u;
#endif
}

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
static int bounce(ncs_world *w, int nc, int k, int ne, int off, const ncs_real (*vt)[3],
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
    joint_impulses(w, ne, nu, tgt, u);
    return 1;
}

/* ---- contact reports (docs/engine.md, "Contact forces") ----------------- */

/* Reports the island's contacts that carried an impulse (z from off, dp
 * the restitution's extra normal impulses or NULL); the resting ones
 * (closer than the margin and slower than their free acceleration moves
 * them in a step, at the start velocities uc) are moved to the front of
 * con with their report in .tag. Returns how many rest. */
static int report(ncs_world *w, int nc, int k, int off, const ncs_real *dp,
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
static void rest_forces(ncs_world *w, int nrest, int ne) {
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
    contact_space(w, nrest, k, acc, NULL, 0);
    if (ne > 0 && joint_space(w, ne, nrest, k, acc, NULL, 0, 0, NULL) != 0)
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

/* Adds 1 to the p_y row of every ghost side: its p_j is then 0 in every
 * solution (the row is >= 0 on every solution of every formulation). */
static void ghosts(ncs_world *w, const ncs_layout *lay, int nc) {
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
static void call_hook(ncs_world *w, int root, const ncs_layout *lay, int m, int st) {
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
static int drop_ghosts(ncs_world *w, ncs_layout *lay, int nc) {
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

#if NCS_WORLD_JOINTS
/* Motors (docs/engine.md, "Motors"): each is a row J v+ = speed whose
 * impulse must stay within +-max_torque h, a box-constrained row of the
 * mixed LCP (seed 004). It is solved by active sets: every motor starts as
 * an equality row; one whose multiplier comes out beyond the bound is
 * clamped there (its impulse becomes a known one, in vt) and the island
 * solved again; a clamped one whose velocity ends on the far side of its
 * speed (it would have to push the other way) is freed again. */

/* vt plus the impulses of the island's clamped motors (rows [nact, ne))
 * into row MV (the island's bodies only). */
static const ncs_real (*motor_vt(ncs_world *w, int root, int nact, int ne,
                                 const ncs_real (*vt)[3]))[3] {
    ncs_real (*mv)[3] = row(w, MV);
    int it, i, k, e;
    for (it = 0; (i = island_next(w, root, &it)) >= 0;)
        for (k = 0; k < 3; k++)
            mv[i][k] = vt[i][k];
    for (e = nact; e < ne; e++) {
        const ncs_contact *R = &w->mem.jrow[e];
        row_impulse(w, R, (ncs_real)R->ghost * w->mem.motor[R->tag][1] * w->h, mv);
    }
    return (const ncs_real (*)[3])mv;
}

/* The island's motor rows [ne - nm, ne): the free ones (ghost 0) before
 * the clamped ones, in order; *nact after them. */
static void motors_partition(ncs_world *w, int ne, int nm, int *nact) {
    ncs_contact t;
    int e, f;
    for (e = f = ne - nm; e < ne; e++)
        if (w->mem.jrow[e].ghost == 0) {
            t = w->mem.jrow[e];
            memmove(&w->mem.jrow[f + 1], &w->mem.jrow[f], sizeof t * (size_t)(e - f));
            w->mem.jrow[f++] = t;
        }
    *nact = f;
}

/* The size of what row R's velocity is made of, for its tolerance: its
 * speed, its velocity before and after the solve, and the share of each
 * joint row's impulse (the free ones' multipliers in jl, rows [0, nact))
 * in it, which may cancel (a motor holding a lever against its pin). */
static ncs_real motor_scale(const ncs_world *w, const ncs_contact *R, int nact,
                            const ncs_real (*u)[3], const ncs_real (*vx)[3]) {
    ncs_real sc = NCS_FABS(w->mem.motor[R->tag][0]) + NCS_FABS(vel(R, R->jn, u)) +
                  NCS_FABS(vel(R, R->jn, vx)) + NCS_REAL_TINY;
    int e;
    for (e = 0; e < nact; e++) {
        const ncs_contact *D = &w->mem.jrow[e];
        sc += NCS_FABS(dot(w, R, R->jn, D, D->jn) * w->mem.jl[e]);
    }
    return sc;
}

/* The island's motor rows [ne - nm, ne) after a solve with the rows [ne -
 * nm, *nact) free (jl: their multipliers) and the rest clamped, u the end
 * velocities, vx the velocities the solve started from: a free row beyond
 * its bound is clamped at its sign; a clamped row whose velocity is past
 * its speed in the direction it pushes is freed; a free row that misses
 * its speed fails the check. The free rows are moved before the clamped
 * ones, *nact after them. Returns 0 when every row holds, 1 when the set
 * changed, -1 when a free row missed its speed. */
static int motors_settle(ncs_world *w, int ne, int nm, int *nact, const ncs_real (*u)[3],
                         const ncs_real (*vx)[3]) {
    int e, changed = 0;
    for (e = ne - nm; e < ne; e++) {
        ncs_contact *R = &w->mem.jrow[e];
        const ncs_contact *C = R;
        ncs_real sp = w->mem.motor[R->tag][0], lim = w->mem.motor[R->tag][1] * w->h;
        ncs_real om = vel(C, C->jn, u), d = om - sp;
        ncs_real tol = 10 * NCS_TOL_VERIFY * motor_scale(w, R, *nact, u, vx);
        if (e < *nact) {
            if (NCS_FABS(w->mem.jl[e]) > lim) {
                R->ghost = w->mem.jl[e] > 0 ? 1 : -1;
                changed = 1;
            } else if (!(NCS_FABS(d) <= tol)) {
                return -1;
            }
        } else if ((ncs_real)R->ghost * d > tol) {
            R->ghost = 0;
            changed = 1;
        }
    }
    motors_partition(w, ne, nm, nact);
    return changed;
}

/* When the island's LCP had no solution with free motors (a motor held at
 * its speed against a contact that stops it: the equality asks the
 * impossible, the bounded row does not): every free motor with a finite
 * bound is clamped pushing toward its speed from vx. Returns 1 when one
 * was, 0 when none could be (the failure stands). */
static int motors_clamp_free(ncs_world *w, int ne, int nm, int *nact, const ncs_real (*vx)[3]) {
    int e, changed = 0;
    for (e = ne - nm; e < *nact; e++) {
        ncs_contact *R = &w->mem.jrow[e];
        const ncs_contact *C = R;
        if (!(w->mem.motor[R->tag][1] < NCS_HUGE))
            continue;
        R->ghost = w->mem.motor[R->tag][0] - vel(C, C->jn, vx) >= 0 ? 1 : -1;
        changed = 1;
    }
    motors_partition(w, ne, nm, nact);
    return changed;
}
#endif

/* Solves island `root` once with its contacts and joints linearised at qe
 * (qs: start of the step; un: the fixpoint's predicted velocities or NULL)
 * and adds the velocity change to du; with motors, once per active set
 * (motors_settle). With rec (the step's first solve) the restitution's
 * bounces are added and the contacts reported. Returns NCS_STEP_OK or a
 * failure status. */
static int solve_island(ncs_world *w, int root, const ncs_real (*qe)[3], const ncs_real (*qs)[3],
                        const ncs_real (*vt)[3], const ncs_real (*un)[3], ncs_real (*du)[3],
                        int rec, ncs_step_info *inf) {
    ncs_real (*u)[3] = row(w, UF);
    const ncs_real (*vx)[3] = vt;
    const ncs_scene_desc *sc = w->sc;
    ncs_real *p = NULL;
    ncs_layout lay;
    ncs_lcp_info li;
    int np, nc = 0, ne, m, st, i, k, ghosts_in, retry, off = 0, nu = 0, bounced = 0, it;
    int nm = 0, nact, pass;
    st = layout_of(w, root, sc->nfric, &np, &nc, &lay, &m);
    inf->groups = st == NCS_STEP_OK ? np : 0;
    ne = island_joints(w, root, qe, 1, &nm);
    if (ne < 0)
        st = NCS_STEP_CAPACITY;
    if (st != NCS_STEP_OK || (np == 0 && ne == 0))
        return st;
    nact = ne;
    for (pass = 0;; pass++) {
        if (pass > 0) /* again from the pairs: a pass may have dropped ghosts */
            layout_of(w, root, sc->nfric, &np, &nc, &lay, &m);
        nc = np > 0 ? contacts(w, np, qe, qs) : 0;
        ghosts_in = 0;
        for (i = 0; i < nc; i++)
            ghosts_in |= w->mem.con[i].ghost;
#if NCS_WORLD_JOINTS
        if (nm > 0)
            vx = motor_vt(w, root, nact, ne, vt);
#endif
        for (retry = 0;; retry++) {
            nu = nc * (1 + sc->nfric);
            if (nc > 0)
                contact_space(w, nc, sc->nfric, vx, un, 1 / w->h);
            /* joint drift: erp of it at the start (with the curvature of the
             * free step), all of it at a predicted end */
            if (nact > 0 && qe == qs)
                joint_curvature(w, root, nact, qe, vx);
            if (nact > 0 && joint_space(w, nact, nc, sc->nfric, vx, un, 1 / w->h,
                                        qe == qs ? sc->erp : 1, qe == qs ? w->mem.jl : NULL) != 0) {
                inf->lcp_status = NCS_LCP_NUMERICAL;
                return NCS_STEP_LCP_FAILED;
            }
            if (nc == 0)
                break;
            ghosts(w, &lay, nc);
            st = (int)ncs_lcp_solve_cs(w->ws, &lay, w->mem.A, nc * (1 + sc->nfric), w->mem.a0,
                                       w->mem.mu, w->mem.pyb, w->mem.z, NULL, NULL, &li);
            inf->pivots += li.pivots;
            inf->m = m;
            if (w->hook)
                call_hook(w, root, &lay, m, st);
            if (st == NCS_LCP_SOLVED || retry > 0 || !ghosts_in)
                break;
            nc = drop_ghosts(w, &lay, nc);
            m = ncs_layout_size(&lay);
        }
        inf->iters = 1;
        if (nc > 0 && st != NCS_LCP_SOLVED) {
#if NCS_WORLD_JOINTS
            if (nm > 0 && pass < 2 * nm + 2 && motors_clamp_free(w, ne, nm, &nact, vx))
                continue;
#endif
            inf->lcp_status = st;
            return NCS_STEP_LCP_FAILED;
        }
        /* u, ub, du and bv only for the island's bodies: du and bv were cleared by
         * solve_all and a body is in one island, so 0 + (change) is what += gave */
        for (it = 0; (i = island_next(w, root, &it)) >= 0;)
            for (k = 0; k < 3; k++)
                u[i][k] = vx[i][k];
        p = NULL;
        if (nc > 0) {
            off = ncs_lcp_impulse_offset(&lay);
            p = w->mem.z + off;
            apply(w, nc, sc->nfric, off, u);
        }
        joint_impulses(w, nact, nu, p, u);
        if (nm == 0)
            break;
#if NCS_WORLD_JOINTS
        st = motors_settle(w, ne, nm, &nact, (const ncs_real (*)[3])u, vx);
        if (st == 0)
            break;
        if (st < 0 || pass >= 2 * nm + 2) { /* never a step unverified */
            inf->lcp_status = NCS_LCP_UNVERIFIED;
            return NCS_STEP_LCP_FAILED;
        }
#endif
    }
    if (NCS_WORLD_RESTITUTION && rec && nc > 0 && !un) {
        ncs_real (*bv)[3] = row(w, BV), (*ub)[3] = row(w, UB);
        for (it = 0; (i = island_next(w, root, &it)) >= 0;)
            for (k = 0; k < 3; k++)
                ub[i][k] = u[i][k];
        bounced = bounce(w, nc, sc->nfric, nact, off, vx, ub);
        for (it = 0; bounced && (i = island_next(w, root, &it)) >= 0;)
            for (k = 0; k < 3; k++)
                bv[i][k] = (ncs_real)0 + (ub[i][k] - u[i][k]);
    }
    if (NCS_WORLD_REPORTS && rec && nc > 0 && w->log) {
        int nrest = report(w, nc, sc->nfric, off, bounced ? w->mem.dp : NULL,
                           (const ncs_real (*)[3])row(w, UC));
        rest_forces(w, nrest, nact);
    }
    for (it = 0; (i = island_next(w, root, &it)) >= 0;)
        for (k = 0; k < 3; k++)
            du[i][k] = (ncs_real)0 + (u[i][k] - vt[i][k]);
    return NCS_STEP_OK;
}

static void clear_info(ncs_step_info *in) {
    memset(in, 0, sizeof *in);
    in->body = -1;
}

/* One solve of every island at qe (see solve_island), velocity changes into
 * du (cleared first). With rec the islands' info goes to body_last. Adds
 * pivots, m, groups and a failure's status and body to all. Returns
 * NCS_STEP_OK or the first failure. */
static int solve_all(ncs_world *w, const ncs_real (*qe)[3], const ncs_real (*qs)[3],
                     const ncs_real (*vt)[3], const ncs_real (*un)[3], ncs_real (*du)[3], int rec,
                     ncs_step_info *all) {
    ncs_step_info one;
    int i, r, st = NCS_STEP_OK;
    memset(du, 0, sizeof(ncs_real) * 3 * (size_t)w->sc->nbodies);
    if (rec)
        memset(row(w, BV), 0, sizeof(ncs_real) * 3 * (size_t)w->sc->nbodies);
    for (r = 0; r < w->sc->nbodies && st == NCS_STEP_OK; r++) {
        if (!has_work(w, r))
            continue;
        clear_info(&one);
        st = solve_island(w, r, qe, qs, vt, un, du, rec, &one);
        one.status = st;
        if (st != NCS_STEP_OK)
            one.body = r;
        if (rec) {
            for (i = w->mem.ibegin[r]; i < w->mem.ibegin[r + 1]; i++) {
                const ncs_pair *P = &w->mem.pair[w->mem.order[i]];
                if (P->a >= 0)
                    w->mem.body_last[P->a] = one;
                if (P->b >= 0)
                    w->mem.body_last[P->b] = one;
            }
            for (i = w->sc->njoints > 0 ? w->mem.jbegin[r] : 0;
                 w->sc->njoints > 0 && i < w->mem.jbegin[r + 1]; i++) {
                const ncs_joint_desc *J = &w->sc->joint[w->mem.jorder[i]];
                w->mem.body_last[J->a] = one;
                if (J->b >= 0)
                    w->mem.body_last[J->b] = one;
            }
            all->groups += one.groups;
        }
        all->pivots += one.pivots;
        if (one.m > all->m)
            all->m = one.m;
        if (st != NCS_STEP_OK) {
            all->status = st;
            all->lcp_status = one.lcp_status;
            all->body = r;
        }
    }
    return st;
}

/* Gap g of pair P at q, or less when P is a corner pair whose two pieces
 * overlap at q (sat_side): the check sees an overlap with no vertex inside
 * the other piece even where the projection's rows (the corner's fixed
 * normal, the vertex pairs) cannot, so such a step is inadmissible rather
 * than 'solved' with the bodies inside each other. */
static ncs_real corner_overlap(const ncs_world *w, const ncs_pair *P, const ncs_real (*q)[3],
                               ncs_real g) {
    const ncs_sref *s = &w->mem.sref[P->side0];
    sgeo sg;
    if (s->kind != NCS_SIDE_CORNER)
        return g;
    sg.f = g;
    sat_side(w, s, q, &sg);
    return sg.f;
}

/* Deepest pair at q, beyond what each was at qs (0 when none is; qs NULL:
 * the depth itself). */
static ncs_real deepest(const ncs_world *w, const ncs_real (*q)[3], const ncs_real (*qs)[3]) {
    ncs_real worst = 0, g, g0;
    int i;
    for (i = 0; i < w->npairs; i++) {
        g = pair_gap(w, &w->mem.pair[i], q);
        g0 = qs ? pair_gap(w, &w->mem.pair[i], qs) : 0;
        g = corner_overlap(w, &w->mem.pair[i], q, g);
        g = (g0 < 0 ? g0 : 0) - g;
        if (g > worst)
            worst = g;
    }
    return worst;
}

/* Position projection (post-stabilisation) of island `root` at the end
 * configuration q: when a pair is deeper than project_tol or a joint has
 * drifted farther, a mixed LCP of the same structure at the position level
 * (gaps f, joint errors C, no friction, h = 1) gives the smallest
 * mass-weighted displacement that closes the linearised gaps and joins the
 * joints again; q moves, the velocities do not (no energy is added). A
 * failed projection leaves q as it is. */
static void project(ncs_world *w, int root, ncs_real (*q)[3], ncs_step_info *inf) {
    const ncs_scene_desc *sc = w->sc;
    ncs_real (*dq)[3] = row(w, UF), depth = 0, *p = NULL;
    ncs_layout lay;
    ncs_lcp_info li;
    int np, nc = 0, m, i, k, ne;
    if (!has_work(w, root) || layout_of(w, root, 0, &np, &nc, &lay, &m) != NCS_STEP_OK)
        return;
    ne = island_joints(w, root, (const ncs_real (*)[3])q, 0, NULL);
    if (ne < 0 || (np == 0 && ne == 0))
        return;
    for (i = 0; i < np; i++) {
        ncs_real g = pair_gap(w, &w->mem.pair[w->mem.ipair[i]], (const ncs_real (*)[3])q);
        if (-g > depth)
            depth = -g;
    }
    if (depth <= sc->project_tol && joint_err(w, ne) <= sc->project_tol)
        return;
    lay.eps_h = sc->epsilon;
    nc = np > 0 ? contacts(w, np, (const ncs_real (*)[3])q, NULL) : 0;
    if (nc > 0)
        contact_space(w, nc, 0, NULL, NULL, 1);
    if (ne > 0 && joint_space(w, ne, nc, 0, NULL, NULL, 1, 1, NULL) != 0)
        return;
    memset(dq, 0, sizeof(ncs_real) * 3 * (size_t)sc->nbodies);
    if (nc > 0) {
        if (ncs_lcp_solve_cs(w->ws, &lay, w->mem.A, nc, w->mem.a0, w->mem.mu, NULL, w->mem.z,
                             NULL, NULL, &li) != NCS_LCP_SOLVED)
            return;
        inf->pivots += li.pivots;
        p = w->mem.z + ncs_lcp_impulse_offset(&lay);
        apply(w, nc, 0, ncs_lcp_impulse_offset(&lay), dq);
    }
    joint_impulses(w, ne, nc, p, dq);
    for (i = 0; i < sc->nbodies; i++)
        for (k = 0; k < 3; k++)
            q[i][k] += dq[i][k];
}

/* Largest joint error at q (centroid configurations), 0 without joints. */
static ncs_real joints_off(const ncs_world *w, const ncs_real (*q)[3]) {
    ncs_contact r[3];
    ncs_real worst = 0, e;
    int j, i, n;
    for (j = 0; NCS_WORLD_JOINTS && j < w->sc->njoints; j++) {
        n = joint_rows(&w->sc->joint[j], q, r);
        for (i = 0; i < n; i++)
            if ((e = row_err(w, &r[i])) > worst)
                worst = e;
    }
    return worst;
}

/* Origin state <-> centroid state of body i. */
static void to_centroid(const ncs_world *w, int i, const ncs_real q[3], const ncs_real v[3],
                        ncs_real qc[3], ncs_real uc[3]) {
    ncs_real rc[2];
    rot(q[2], w->sc->body[i].cx, w->sc->body[i].cy, rc);
    qc[0] = q[0] + rc[0];
    qc[1] = q[1] + rc[1];
    qc[2] = q[2];
    uc[0] = v[0] - v[2] * rc[1];
    uc[1] = v[1] + v[2] * rc[0];
    uc[2] = v[2];
}

static void from_centroid(const ncs_world *w, int i, const ncs_real qc[3], const ncs_real uc[3],
                          ncs_real q[3], ncs_real v[3]) {
    ncs_real rc[2];
    rot(qc[2], w->sc->body[i].cx, w->sc->body[i].cy, rc);
    q[0] = qc[0] - rc[0];
    q[1] = qc[1] - rc[1];
    q[2] = qc[2];
    v[0] = uc[0] + uc[2] * rc[1];
    v[1] = uc[1] - uc[2] * rc[0];
    v[2] = uc[2];
}

/* Largest velocity difference between two iterates (rotation at the
 * bounding radius). */
static ncs_real fix_dev(const ncs_world *w, const ncs_real (*u)[3], const ncs_real (*v)[3]) {
    ncs_real worst = 0, d;
    int i;
    for (i = 0; i < w->sc->nbodies; i++) {
        d = hyp(u[i][0] - v[i][0], u[i][1] - v[i][1]) +
            NCS_FABS(u[i][2] - v[i][2]) * w->sc->body[i].rad;
        if (d > worst)
            worst = d;
    }
    return worst;
}

/* The fixpoint iteration (seed 002) after the first solve: u holds the
 * first end-of-step velocities and gets the best iterate. While the
 * predicted end state q' = qc + h u penetrates deeper than fix_tol and fewer
 * than fix_iters solves were made, the pairs are collected again at q' and
 * every island solved again linearised there. The iterate with the least
 * predicted penetration is kept; one whose velocities differ from the
 * first one's by more than 4 (first penetration) / h is a runaway. A failed
 * collection or solve ends it with the best earlier iterate. Returns the
 * solves made (>= 1); the pairs are those of the start of the step again. */
static int fixpoint(ncs_world *w, const ncs_real (*qc)[3], const ncs_real (*sp)[3],
                    const ncs_real (*vt)[3], ncs_real (*u)[3], ncs_step_info *all) {
    const ncs_scene_desc *sc = w->sc;
    ncs_real (*qn)[3] = row(w, QN), (*un)[3] = row(w, UN), (*ub)[3] = row(w, UB);
    ncs_real (*d)[3] = row(w, D2), viol, vbest = 0, vfirst = 0;
    size_t bytes = sizeof(ncs_real) * 3 * (size_t)sc->nbodies;
    int it, i, k, solves = 1;
    memcpy(un, u, bytes);
    memcpy(ub, u, bytes);
    for (it = 1;; it++) {
        for (i = 0; i < sc->nbodies; i++)
            for (k = 0; k < 3; k++)
                qn[i][k] = qc[i][k] + w->h * un[i][k];
        if (collect(w, (const ncs_real (*)[3])qn, sp) != 0)
            break;
        islands(w);
        viol = deepest(w, (const ncs_real (*)[3])qn, qc);
        if (it == 1) {
            vfirst = vbest = viol;
        } else if (viol < vbest &&
                   fix_dev(w, (const ncs_real (*)[3])un, (const ncs_real (*)[3])u) <=
                       4 * vfirst / w->h) {
            vbest = viol;
            memcpy(ub, un, bytes);
        }
        if (viol <= w->fix_tol || solves >= w->fix_iters)
            break;
        if (solve_all(w, (const ncs_real (*)[3])qn, qc, vt, (const ncs_real (*)[3])un, d, 0,
                      all) != NCS_STEP_OK)
            break;
        solves++;
        for (i = 0; i < sc->nbodies; i++)
            for (k = 0; k < 3; k++)
                un[i][k] = vt[i][k] + d[i][k];
    }
    all->status = NCS_STEP_OK;
    all->lcp_status = 0;
    all->body = -1;
    memcpy(u, ub, bytes);
    if (collect(w, qc, sp) != 0)
        w->npairs = 0;
    islands(w);
    return solves;
}

/* The speeds after a solve: when some body's points moved farther than the
 * reach its pairs were collected with (h sp + half the body margin, so
 * that two bodies together stay within their pair's reach), raises
 * its sp[i][0] to its new speed and returns 1. */
static int outran(const ncs_world *w, const ncs_real (*u)[3], ncs_real (*sp)[3]) {
    const ncs_scene_desc *sc = w->sc;
    int i, more = 0;
    for (i = 0; i < sc->nbodies; i++) {
        ncs_real s = hyp(u[i][0], u[i][1]) + NCS_FABS(u[i][2]) * sc->body[i].rad;
        if (s * w->h > w->h * sp[i][0] + sc->body_margin / 2) {
            sp[i][0] = s;
            more = 1;
        }
    }
    return more;
}

/* Is some body's reach (h sp + margin, its speed bound sp) beyond the
 * reach the scene's sizes were computed for? */
static int beyond_cap(const ncs_world *w, const ncs_real (*spr)[3]) {
    int i;
    for (i = 0; i < w->sc->nbodies; i++)
        if (w->h * spr[i][0] + w->sc->margin > w->sc->reach_cap)
            return 1;
    return 0;
}

/* Internal status of substep(): a body would reach beyond reach_cap. */
enum { STEP_FINER = -1 };

/* One (sub)step of w->h: collection, islands, one LCP per island, the reach
 * check, the fixpoint, the position projection and the admissibility
 * check; on success the state moves to the end of the step. Returns
 * NCS_STEP_OK, a failure status (state unchanged), or STEP_FINER when a
 * body would move farther than the sizes allow (state unchanged). */
static int substep(ncs_world *w, ncs_step_info *all) {
    const ncs_scene_desc *sc = w->sc;
    ncs_real (*qc)[3] = row(w, QC), (*uc)[3] = row(w, UC), (*vt)[3] = row(w, VT);
    ncs_real (*u)[3] = row(w, DU), (*qn)[3] = row(w, QN), (*spr)[3] = row(w, SP);
    ncs_real worst;
    int i, k, r, st, round, log0 = w->nlog;
    for (i = 0; i < sc->nbodies; i++) {
        to_centroid(w, i, w->mem.q[i], w->mem.v[i], qc[i], uc[i]);
        vt[i][0] = uc[i][0] + w->h * row(w, FA)[i][0];
        vt[i][1] = uc[i][1] + w->h * row(w, FA)[i][1];
        vt[i][2] = uc[i][2] + w->h * row(w, FA)[i][2];
        spr[i][0] = speed(w, i, uc[i], vt[i]);
    }
    for (round = 0;; round++) {
        if (collect(w, (const ncs_real (*)[3])qc, (const ncs_real (*)[3])spr) != 0) {
            if (beyond_cap(w, (const ncs_real (*)[3])spr))
                return STEP_FINER;
            all->status = NCS_STEP_CAPACITY;
            all->body = 0;
            return all->status;
        }
        islands(w);
        w->nlog = log0; /* a round after a reach too short replaces the last */
        st = solve_all(w, (const ncs_real (*)[3])qc, (const ncs_real (*)[3])qc,
                       (const ncs_real (*)[3])vt, NULL, u, 1, all);
        if (st == NCS_STEP_CAPACITY && beyond_cap(w, (const ncs_real (*)[3])spr))
            return STEP_FINER;
        if (st != NCS_STEP_OK)
            return st;
        for (i = 0; i < sc->nbodies; i++)
            for (k = 0; k < 3; k++)
                u[i][k] += vt[i][k]; /* now the end-of-step velocity */
        if (!outran(w, (const ncs_real (*)[3])u, spr))
            break;
        if (round + 1 >= REACH_ROUNDS) {
            all->status = NCS_STEP_INADMISSIBLE;
            return all->status;
        }
    }
    all->iters += w->npairs > 0 ? 1 : 0;
    if (w->fix_iters > 1 && w->npairs > 0) {
        int it = fixpoint(w, (const ncs_real (*)[3])qc, (const ncs_real (*)[3])spr,
                          (const ncs_real (*)[3])vt, u, all);
        all->iters += it - 1;
        for (i = 0; i < sc->nbodies; i++)
            if (w->mem.body_last[i].iters > 0)
                w->mem.body_last[i].iters = it;
    }
    for (i = 0; i < sc->nbodies; i++)
        for (k = 0; k < 3; k++)
            qn[i][k] = qc[i][k] + w->h * u[i][k];
    for (r = 0; r < PROJECT_ROUNDS; r++) {
        /* absolute depths: a pair that started inside is moved out too */
        if (deepest(w, (const ncs_real (*)[3])qn, NULL) <= sc->project_tol &&
            joints_off(w, (const ncs_real (*)[3])qn) <= sc->project_tol)
            break;
        for (i = 0; i < sc->nbodies; i++)
            project(w, i, qn, all);
    }
    worst = deepest(w, (const ncs_real (*)[3])qn, (const ncs_real (*)[3])qc);
    if (worst > sc->admit_tol) {
        all->status = NCS_STEP_INADMISSIBLE;
        return all->status;
    }
    for (i = 0; i < sc->nbodies; i++)
        for (k = 0; k < 3; k++)
            u[i][k] += row(w, BV)[i][k];
    for (i = 0; i < sc->nbodies; i++)
        from_centroid(w, i, qn[i], u[i], w->mem.q[i], w->mem.v[i]);
    return NCS_STEP_OK;
}

/* One comparison catches NaN, infinities and magnitudes beyond the bound. */
int ncs_world_overflow(const ncs_world *w) {
    int i, k;
    for (i = 0; i < w->sc->nbodies; i++)
        for (k = 0; k < 3; k++)
            if (!(NCS_FABS(w->mem.q[i][k]) <= NCS_STATE_MAX) ||
                !(NCS_FABS(w->mem.v[i][k]) <= NCS_STATE_MAX))
                return i;
    return -1;
}

/* Substeps (docs/engine.md, "Sizes"): the sizes hold the pairs of bodies
 * moving at most reach_cap in a step. A faster step whose pairs do not fit
 * is taken as n equal substeps (gamma scaled by n, which keeps the max formulation's bound
 * 2 (D / h + V) + 1 for h / n), n doubling until every substep fits; a
 * failed substep restores the state of the start of the step. */
#define MAX_SUBSTEPS 1024

int ncs_world_step(ncs_world *w) {
    const ncs_scene_desc *sc = w->sc;
    ncs_real (*q0)[3] = row(w, Q0), (*v0)[3] = row(w, V0);
    size_t bytes = sizeof(ncs_real) * 3 * (size_t)sc->nbodies;
    ncs_step_info all;
    int n = 1, j, st = NCS_STEP_OK, i;
    memcpy(q0, w->mem.q, bytes);
    memcpy(v0, w->mem.v, bytes);
    for (;;) {
        clear_info(&all);
        w->nlog = 0;
        for (i = 0; i < sc->nbodies; i++)
            clear_info(&w->mem.body_last[i]);
        w->h = sc->h / (ncs_real)n;
        w->gamma = sc->gamma * (ncs_real)n;
        for (j = 0; j < n; j++) {
            st = substep(w, &all);
            if (st != NCS_STEP_OK)
                break;
        }
        if (st == NCS_STEP_OK || st != STEP_FINER || n >= MAX_SUBSTEPS)
            break;
        memcpy(w->mem.q, q0, bytes); /* again, finer */
        memcpy(w->mem.v, v0, bytes);
        n *= 2;
    }
    if (st == STEP_FINER)
        st = all.status = NCS_STEP_INADMISSIBLE;
    if (st == NCS_STEP_OK && (i = ncs_world_overflow(w)) >= 0) {
        st = all.status = NCS_STEP_OVERFLOW;
        all.body = i;
    }
    all.substeps = n;
    w->last = all;
    if (st != NCS_STEP_OK) {
        memcpy(w->mem.q, q0, bytes);
        memcpy(w->mem.v, v0, bytes);
        return st;
    }
    w->step++;
    w->solves += all.iters;
    return NCS_STEP_OK;
}

int ncs_world_reset(ncs_world *w) {
    const ncs_scene_desc *sc = w->sc;
    int i, k;
    for (i = 0; i < sc->nbodies; i++) {
        for (k = 0; k < 3; k++) {
            w->mem.q[i][k] = sc->body[i].q0[k];
            w->mem.v[i][k] = sc->body[i].v0[k];
        }
        row(w, FA)[i][0] = sc->body[i].ax;
        row(w, FA)[i][1] = sc->body[i].ay;
        row(w, FA)[i][2] = sc->body[i].alpha;
        clear_info(&w->mem.body_last[i]);
        w->mem.sweep[i] = i;
    }
    for (i = 0; i < sc->njoints; i++) {
        w->mem.motor[i][0] = sc->joint[i].speed;
        w->mem.motor[i][1] = sc->joint[i].max_torque < 0 ? NCS_HUGE : sc->joint[i].max_torque;
    }
    w->ws = ncs_lcp_workspace_init_cs(w->mem.ws, w->mem.ws_bytes, w->sc->max_m,
                                      w->sc->max_contacts);
    w->step = 0;
    w->solves = 0;
    w->npairs = 0;
    w->nsrefs = 0;
    clear_info(&w->last);
    return w->ws ? 0 : -1;
}

/* Takes `bytes` from the memory cursor *at (in units); NULL when the
 * memory runs out. */
static void *grab(ncs_mem_unit **at, size_t *left, size_t bytes) {
    size_t u = NCS_WU(bytes);
    void *p = *at;
    if (u > *left)
        return NULL;
    *at += u;
    *left -= u;
    return p;
}

int ncs_world_init(ncs_world *w, const ncs_scene_desc *sc, ncs_mem_unit *mem, size_t units) {
    ncs_world_mem *m = &w->mem;
    size_t nb = (size_t)sc->nbodies, nc = (size_t)sc->max_contacts, mm = (size_t)sc->max_m;
    size_t nu = nc * (1 + (size_t)sc->nfric), ne = (size_t)sc->max_jrows;
    memset(w, 0, sizeof *w);
    w->sc = sc;
    w->fix_iters = sc->fix_iters;
    w->fix_tol = sc->fix_tol;
    w->h = sc->h;
    w->gamma = sc->gamma;
    if (!mem || sc->nbodies < 1 || sc->max_pairs < 1 || sc->max_srefs < 1 ||
        sc->max_contacts < 1 || sc->max_groups < 1 || sc->max_m < 1 || sc->njoints < 0 ||
        (sc->njoints > 0 && sc->max_jrows < 1))
        return -1;
    m->q = (ncs_real (*)[3])grab(&mem, &units, sizeof(ncs_real) * 3 * nb);
    m->v = (ncs_real (*)[3])grab(&mem, &units, sizeof(ncs_real) * 3 * nb);
    m->body_last = (ncs_step_info *)grab(&mem, &units, sizeof(ncs_step_info) * nb);
    m->scratch = (ncs_real (*)[3])grab(&mem, &units,
                                         sizeof(ncs_real) * 3 * NCS_WORLD_SCRATCH_ROWS * nb);
    m->parent = (int *)grab(&mem, &units, sizeof(int) * nb);
    m->sweep = (int *)grab(&mem, &units, sizeof(int) * nb);
    m->ibegin = (int *)grab(&mem, &units, sizeof(int) * (nb + 1));
    m->lo = (ncs_real *)grab(&mem, &units, sizeof(ncs_real) * nb);
    m->pair = (ncs_pair *)grab(&mem, &units, sizeof(ncs_pair) * (size_t)sc->max_pairs);
    m->order = (int *)grab(&mem, &units, sizeof(int) * (size_t)sc->max_pairs);
    m->ipair = (int *)grab(&mem, &units, sizeof(int) * (size_t)sc->max_pairs);
    m->sref = (ncs_sref *)grab(&mem, &units, sizeof(ncs_sref) * (size_t)sc->max_srefs);
    m->con = (ncs_contact *)grab(&mem, &units, sizeof(ncs_contact) * nc);
    m->gsize = (int *)grab(&mem, &units, sizeof(int) * (size_t)sc->max_groups);
    m->A = (ncs_real *)grab(&mem, &units, sizeof(ncs_real) * nu * nu);
    m->a0 = (ncs_real *)grab(&mem, &units, sizeof(ncs_real) * nu);
    m->mu = (ncs_real *)grab(&mem, &units, sizeof(ncs_real) * nc);
    m->pyb = (ncs_real *)grab(&mem, &units, sizeof(ncs_real) * nc);
    m->z = (ncs_real *)grab(&mem, &units, sizeof(ncs_real) * mm);
    /* NCS_WORLD_JOINT_UNITS */
    m->dp = (ncs_real *)grab(&mem, &units, sizeof(ncs_real) * nc);
    m->jorder = (int *)grab(&mem, &units, sizeof(int) * (size_t)sc->njoints);
    m->jbegin = sc->njoints > 0 ? (int *)grab(&mem, &units, sizeof(int) * (nb + 1)) : NULL;
    m->jrow = (ncs_contact *)grab(&mem, &units, sizeof(ncs_contact) * ne);
    m->E = (ncs_real *)grab(&mem, &units, sizeof(ncs_real) * ne * ne);
    m->G = (ncs_real *)grab(&mem, &units, sizeof(ncs_real) * ne * nu);
    m->jc = (ncs_real *)grab(&mem, &units, sizeof(ncs_real) * ne);
    m->jl = (ncs_real *)grab(&mem, &units, sizeof(ncs_real) * ne);
    m->motor = (ncs_real (*)[2])grab(&mem, &units, sizeof(ncs_real) * 2 * (size_t)sc->njoints);
    /* the workspace: the rest (what NCS_WORLD_MEM_UNITS gave it; beyond its
     * arrays, room for the lazy tableau's etas) */
    m->ws_bytes = units * sizeof(ncs_mem_unit);
    m->ws = grab(&mem, &units, m->ws_bytes);
    if (!m->ws)
        return -1;
    return ncs_world_reset(w);
}

void ncs_world_set_fixpoint(ncs_world *w, int iters, ncs_real tol) {
    w->fix_iters = iters < 1 ? 1 : iters > 1000 ? 1000 : iters;
    w->fix_tol = tol > 0 ? tol : 0;
}

void ncs_world_set_contact_log(ncs_world *w, ncs_contact_report *buf, int cap) {
    w->log = buf;
    w->log_cap = buf && cap > 0 ? cap : 0;
    w->nlog = 0;
}

int ncs_world_contact_count(const ncs_world *w) {
    return w->nlog;
}

ncs_real ncs_world_joint_error(const ncs_world *w) {
    ncs_real qc[3], uc[3];
    const ncs_real (*q)[3] = (const ncs_real (*)[3])w->mem.q;
    ncs_contact r[3];
    ncs_real worst = 0, e;
    int j, i, n, x;
    for (j = 0; NCS_WORLD_JOINTS && j < w->sc->njoints; j++) {
        const ncs_joint_desc *J = &w->sc->joint[j];
        ncs_real qq[2][3];
        ncs_joint_desc K = *J;
        /* the two bodies at their centroids, as bodies 0 and 1 of qq */
        for (x = 0; x < 2; x++) {
            int bx = x ? J->b : J->a;
            if (bx < 0)
                continue;
            to_centroid(w, bx, q[bx], w->mem.v[bx], qc, uc);
            memcpy(qq[x], qc, sizeof qc);
        }
        K.a = 0;
        K.b = J->b >= 0 ? 1 : -1;
        n = joint_rows(&K, (const ncs_real (*)[3])qq, r);
        for (i = 0; i < n; i++) {
            e = NCS_FABS(r[i].f);
            if (r[i].jn[0][0] == 0 && r[i].jn[0][1] == 0)
                e *= w->sc->body[J->a].rad;
            if (e > worst)
                worst = e;
        }
    }
    return worst;
}

void ncs_world_set_hook(ncs_world *w, ncs_lcp_hook fn, void *ctx) {
    w->hook = fn;
    w->hook_ctx = ctx;
}

void ncs_world_set_hook_buffer(ncs_world *w, ncs_real *buf, size_t reals) {
    w->hook_buf = buf;
    w->hook_reals = buf ? reals : 0;
}

ncs_real ncs_world_energy(const ncs_world *w) {
    ncs_real qc[3], uc[3], e = 0;
    int i;
    for (i = 0; i < w->sc->nbodies; i++) {
        const ncs_body_desc *B = &w->sc->body[i];
        if (B->kinematic)
            continue; /* no mass */
        to_centroid(w, i, w->mem.q[i], w->mem.v[i], qc, uc);
        e += (uc[0] * uc[0] + uc[1] * uc[1]) / (2 * B->im);
        if (B->iI > 0)
            e += uc[2] * uc[2] / (2 * B->iI);
    }
    return e;
}

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
                ncs_real off = line_of(w, sb, j, 0, q, n);
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
                ncs_real off = true_line(w, sb, j, q, n);
                if (n[0] * p[0] + n[1] * p[1] - off > 0)
                    in = 0;
            }
            inside = in;
        }
        if (piece_dist(w, sb, k, p, q) > best)
            continue;
        for (j = 0; j < nv; j++) {
            if (t->side[SIDE0(t, k) + j].internal)
                continue;
            vertex_of(w, sb, VERT0(t, k) + j, q, a);
            vertex_of(w, sb, VERT0(t, k) + (j + 1) % nv, q, b);
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

/* Penetration depth of two convex pieces (separating axes): the least
 * overlap over the sides of both, 0 when some side separates them. */
static ncs_real sat_depth(const ncs_world *w, int a, int ka, int b, int kb, const ncs_real (*q)[3]) {
    ncs_real least = NCS_HUGE;
    int x;
    for (x = 0; x < 2; x++) {
        int sb = x ? b : a, k = x ? kb : ka, ob = x ? a : b, ok = x ? ka : kb, j, v;
        const ncs_pieces *t = table(w, sb), *to = table(w, ob);
        if (VERT1(t, k) == VERT0(t, k) || VERT1(to, ok) == VERT0(to, ok))
            return 0;
        for (j = SIDE0(t, k); j < SIDE1(t, k); j++) {
            ncs_real n[2], off = true_line(w, sb, j, q, n), lo = NCS_HUGE, V[2], d;
            for (v = VERT0(to, ok); v < VERT1(to, ok); v++) {
                vertex_of(w, ob, v, q, V);
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

/* Depth of body a into body b (b >= 0) or into the solid (b < 0) at q. */
static ncs_real body_depth(const ncs_world *w, int a, int b, const ncs_real (*q)[3]) {
    const ncs_scene_desc *sc = w->sc;
    const ncs_body_desc *A = &sc->body[a];
    ncs_real worst = 0, d, P[2];
    int k0 = b < 0 ? 0 : sc->body[b].piece0;
    int k1 = b < 0 ? sc->obst.npieces : k0 + sc->body[b].npiece;
    int v, ka, kb;
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
    for (v = A->vert0; v < A->vert0 + A->nvert; v++) {
        rot(q[a][2], sc->bvert[v].x, sc->bvert[v].y, P);
        P[0] += q[a][0];
        P[1] += q[a][1];
        d = region_depth(w, b, k0, k1, q, P, 0);
        worst = d > worst ? d : worst;
    }
    for (ka = A->piece0; ka < A->piece0 + A->npiece; ka++)
        for (kb = k0; kb < k1; kb++) {
            if (piece_dist(w, b, kb, q[a], q) > A->rad)
                continue;
            d = sat_depth(w, a, ka, b, kb, q);
            worst = d > worst ? d : worst;
        }
    return worst;
}

ncs_real ncs_world_penetration(const ncs_world *w, int body) {
    const ncs_scene_desc *sc = w->sc;
    ncs_real (*qc)[3] = row(w, QN), uc[3], worst, d;
    int b;
    for (b = 0; b < sc->nbodies; b++)
        to_centroid(w, b, w->mem.q[b], w->mem.v[b], qc[b], uc);
    worst = kin(w, body) ? 0 : body_depth(w, body, -1, (const ncs_real (*)[3])qc);
    for (b = 0; b < sc->nbodies; b++) {
        if (b == body || (sc->njoints > 0 && joined(w, body, b)) || (kin(w, b) && kin(w, body)))
            continue; /* joined bodies may overlap, and kinematic ones */
        d = body_depth(w, body, b, (const ncs_real (*)[3])qc);
        worst = d > worst ? d : worst;
        d = body_depth(w, b, body, (const ncs_real (*)[3])qc);
        worst = d > worst ? d : worst;
    }
    return worst;
}

void ncs_world_position(const ncs_world *w, int body, ncs_real xy[2]) {
    xy[0] = w->mem.q[body][0];
    xy[1] = w->mem.q[body][1];
}

void ncs_world_velocity(const ncs_world *w, int body, ncs_real v[2]) {
    v[0] = w->mem.v[body][0];
    v[1] = w->mem.v[body][1];
}

ncs_real ncs_world_angle(const ncs_world *w, int body) {
    return w->mem.q[body][2];
}

ncs_real ncs_world_omega(const ncs_world *w, int body) {
    return w->mem.v[body][2];
}

ncs_step_info ncs_world_body_info(const ncs_world *w, int body) {
    return w->mem.body_last[body];
}

/* ---- inputs (issue 27): forces, poses, velocities, snapshots ------------- */

static int finite3(ncs_real a, ncs_real b, ncs_real c) {
    return NCS_FABS(a) <= NCS_STATE_MAX && NCS_FABS(b) <= NCS_STATE_MAX &&
           NCS_FABS(c) <= NCS_STATE_MAX;
}

static int input_check(const ncs_world *w, int body, ncs_real a, ncs_real b, ncs_real c) {
    if (body < 0 || body >= w->sc->nbodies)
        return NCS_INPUT_BAD_BODY;
    return finite3(a, b, c) ? NCS_INPUT_OK : NCS_INPUT_NOT_FINITE;
}

int ncs_world_set_force(ncs_world *w, int body, ncs_real fx, ncs_real fy, ncs_real torque) {
    const ncs_body_desc *B;
    int st = input_check(w, body, fx, fy, torque);
    if (st != NCS_INPUT_OK)
        return st;
    B = &w->sc->body[body];
    if (B->kinematic)
        return NCS_INPUT_KINEMATIC;
    row(w, FA)[body][0] = B->ax + fx * B->im;
    row(w, FA)[body][1] = B->ay + fy * B->im;
    row(w, FA)[body][2] = B->alpha + torque * B->iI;
    return NCS_INPUT_OK;
}

int ncs_world_set_velocity(ncs_world *w, int body, ncs_real vx, ncs_real vy, ncs_real omega) {
    int st = input_check(w, body, vx, vy, omega);
    if (st != NCS_INPUT_OK)
        return st;
    w->mem.v[body][0] = vx;
    w->mem.v[body][1] = vy;
    w->mem.v[body][2] = omega;
    return NCS_INPUT_OK;
}

int ncs_world_set_pose(ncs_world *w, int body, ncs_real x, ncs_real y, ncs_real theta) {
    ncs_real old[3];
    int st = input_check(w, body, x, y, theta);
    if (st != NCS_INPUT_OK)
        return st;
    memcpy(old, w->mem.q[body], sizeof old);
    w->mem.q[body][0] = x;
    w->mem.q[body][1] = y;
    w->mem.q[body][2] = theta;
    if (ncs_world_penetration(w, body) > w->sc->admit_tol) {
        memcpy(w->mem.q[body], old, sizeof old);
        return NCS_INPUT_OVERLAP;
    }
    return NCS_INPUT_OK;
}

int ncs_world_set_motor(ncs_world *w, int joint, ncs_real speed, ncs_real max_torque) {
    if (joint < 0 || joint >= w->sc->njoints || !w->sc->joint[joint].motor)
        return NCS_INPUT_BAD_JOINT;
    if (!finite3(speed, max_torque, 0))
        return NCS_INPUT_NOT_FINITE;
    if (max_torque < 0)
        return NCS_INPUT_BAD_TORQUE;
    w->mem.motor[joint][0] = speed;
    w->mem.motor[joint][1] = max_torque;
    return NCS_INPUT_OK;
}

/* A snapshot, in order: step, solves, last, then per body q, v, the external
 * accelerations, body_last, sweep (the bodies' order, which the next
 * collection starts from; lo is recomputed), then per joint the motor's
 * settings. Values only: no pointers. */
void ncs_world_save(const ncs_world *w, ncs_mem_unit *snap) {
    size_t nb = (size_t)w->sc->nbodies;
    unsigned char *p = (unsigned char *)snap;
    memcpy(p, &w->step, sizeof w->step), p += sizeof w->step;
    memcpy(p, &w->solves, sizeof w->solves), p += sizeof w->solves;
    memcpy(p, &w->last, sizeof w->last), p += sizeof w->last;
    memcpy(p, w->mem.q, sizeof(ncs_real) * 3 * nb), p += sizeof(ncs_real) * 3 * nb;
    memcpy(p, w->mem.v, sizeof(ncs_real) * 3 * nb), p += sizeof(ncs_real) * 3 * nb;
    memcpy(p, row(w, FA), sizeof(ncs_real) * 3 * nb), p += sizeof(ncs_real) * 3 * nb;
    memcpy(p, w->mem.body_last, sizeof(ncs_step_info) * nb), p += sizeof(ncs_step_info) * nb;
    memcpy(p, w->mem.sweep, sizeof(int) * nb), p += sizeof(int) * nb;
    if (w->sc->njoints > 0)
        memcpy(p, w->mem.motor, sizeof(ncs_real) * 2 * (size_t)w->sc->njoints);
}

void ncs_world_restore(ncs_world *w, const ncs_mem_unit *snap) {
    size_t nb = (size_t)w->sc->nbodies;
    const unsigned char *p = (const unsigned char *)snap;
    memcpy(&w->step, p, sizeof w->step), p += sizeof w->step;
    memcpy(&w->solves, p, sizeof w->solves), p += sizeof w->solves;
    memcpy(&w->last, p, sizeof w->last), p += sizeof w->last;
    memcpy(w->mem.q, p, sizeof(ncs_real) * 3 * nb), p += sizeof(ncs_real) * 3 * nb;
    memcpy(w->mem.v, p, sizeof(ncs_real) * 3 * nb), p += sizeof(ncs_real) * 3 * nb;
    memcpy(row(w, FA), p, sizeof(ncs_real) * 3 * nb), p += sizeof(ncs_real) * 3 * nb;
    memcpy(w->mem.body_last, p, sizeof(ncs_step_info) * nb), p += sizeof(ncs_step_info) * nb;
    memcpy(w->mem.sweep, p, sizeof(int) * nb), p += sizeof(int) * nb;
    if (w->sc->njoints > 0)
        memcpy(w->mem.motor, p, sizeof(ncs_real) * 2 * (size_t)w->sc->njoints);
    w->npairs = 0;
    w->nsrefs = 0;
    w->nlog = 0;
}
