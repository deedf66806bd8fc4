/* emit_rigid.c - writes <prefix>.h and <prefix>.c for scenes with rigid
 * polygon bodies (see emit_rigid.h and docs/rigid.md).
 *
 * The generated step works on the bodies' centroids (the state keeps the
 * frame origin the scene talks about and converts at the start and end of
 * each step). Contacts are pairs (a point, a set of sides): a body vertex
 * against an obstacle piece, an obstacle vertex against a body piece, a
 * body vertex against another body's piece, a disc or particle centre
 * against a grown piece, and disc against disc. Each pair near enough is
 * one nonconvex group (the sides of the piece that can become active within
 * the step) or, when only one side is left (the one-side rule of emit_c.c),
 * one convex contact. Velocities come from one LCP per island; penetration
 * left at the end of a step is removed by a position-level LCP of the same
 * structure (no energy is added). Bodies joined by a pair form an island;
 * its LCP is assembled from A = W^T M^-1 W and a0 by the runtime's
 * reference assembler (ncs_lcp_assemble).
 * '@' in the templates is the prefix, '$' the macro prefix.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "emit_rigid.h"

int ncs_rigid_body(const ncs_scene *s) {
    int b, disc = -1;
    for (b = 0; b < s->nbodies; b++) {
        if (s->bodies[b].kind == NCS_BODY_POLYGON)
            return b;
        if (s->bodies[b].kind == NCS_BODY_DISC && disc < 0)
            disc = b;
    }
    /* bodies that can touch each other need body-body contacts: two
     * particles (points) never meet in a way that matters, a disc and any
     * other body may */
    return s->nbodies >= 2 ? disc : -1;
}

int ncs_rigid_wanted(const ncs_scene *s) {
    return ncs_rigid_body(s) >= 0;
}

/* ---- compile-time sizes ------------------------------------------------ */

/** Sizes of the generated arrays. */
typedef struct rigid_sizes {
    int cap;        /* groups per island */
    int mc;         /* contacts per island */
    int k;          /* friction directions */
    int max_m;      /* largest LCP */
    int max_pairs;  /* candidate pairs per step over all islands */
    int act_words;  /* 64-bit words of a pair's set of active sides */
} rigid_sizes;

int ncs_rigid_friction(const ncs_scene *s) {
    int b, o, nf = 0, of = 0;
    for (o = 0; o < s->nobstacles; o++)
        if (s->obstacles[o].friction > 0)
            of = 1;
    for (b = 0; b < s->nbodies; b++)
        if (s->bodies[b].friction > 0)
            nf++;
    return nf > 0 && (of || nf > 1);
}

static double body_radius(const ncs_body *b);
static int obstacle_corners(const ncs_geometry *g, ncs_vec2 **out, int **obst);

/* Bounding box of polygon body b's vertices (its own frame). */
static void shape_box(const ncs_body *b, double box[4]) {
    int i;
    box[0] = box[2] = b->shape.pt[0].x;
    box[1] = box[3] = b->shape.pt[0].y;
    for (i = 1; i < b->shape.n; i++) {
        box[0] = fmin(box[0], b->shape.pt[i].x);
        box[1] = fmin(box[1], b->shape.pt[i].y);
        box[2] = fmax(box[2], b->shape.pt[i].x);
        box[3] = fmax(box[3], b->shape.pt[i].y);
    }
}

/* Speed bound of any point of body b over the run. No step adds energy
 * (docs/rigid.md), so a body's kinetic energy stays below the scene's
 * initial kinetic energy plus the work of the external forces while the
 * bodies are within the scene box (m |a| times the box's extent along a:
 * outside the box there is nothing to touch) plus, for torques, |alpha| T
 * of angular speed. With m v^2 / 2 + I w^2 / 2 <= E, the fastest point
 * moves at most |v| + rad |w| <= sqrt(2 E (1 / m + rad^2 / I)). */
static double speed_bound(const ncs_plan *p, int b) {
    const ncs_scene *s = p->s;
    const ncs_plan_body *pb = &p->bodies[b];
    double E = 0, I, rad = body_radius(&s->bodies[b]);
    int i;
    for (i = 0; i < s->nbodies; i++) {
        const ncs_body *bd = &s->bodies[i];
        const ncs_plan_body *pi = &p->bodies[i];
        I = pi->iI > 0 ? 1 / pi->iI : 0;
        E += 0.5 * bd->mass * (bd->vel.x * bd->vel.x + bd->vel.y * bd->vel.y) +
             0.5 * I * bd->omega * bd->omega +
             bd->mass * (fabs(pi->ax) * (p->box[2] - p->box[0]) +
                         fabs(pi->ay) * (p->box[3] - p->box[1]));
    }
    return sqrt(2 * E * (1 / s->bodies[b].mass + rad * rad * pb->iI)) +
           rad * fabs(pb->alpha) * s->h * s->steps;
}

/* Automatic sizes (the scene says no capacity): the pairs and contacts one
 * island can hold when every body of the scene is in it, each term counted
 * on the geometry (ncs_plan_near: the most pieces and sides within a step's
 * reach of one free point). Per body, with R = 2 h (V + h |a|) + margin as
 * in the generated @_collect (V: speed_bound): a disc or particle centre
 * against the grown pieces; each polygon vertex against the pieces; the
 * obstacle corners within the bounding radius + R of the centroid against
 * the body's pieces. Per two bodies (reach of both, body margin): every
 * vertex of one against the other's pieces, a centre against a polygon's
 * pieces grown by the radius, one pair between a disc and a disc or
 * particle. Returns -1 when out of memory. */
static int auto_sizes(const ncs_plan *p, int *pairs, int *contacts) {
    const ncs_scene *s = p->s;
    ncs_vec2 *corners = NULL;
    int *cob = NULL, ncorn, a, b, g, n;
    double *R = malloc(((size_t)s->nbodies + 1) * sizeof *R);
    double *V = malloc(((size_t)s->nbodies + 1) * sizeof *V);
    ncorn = obstacle_corners(p->g, &corners, &cob);
    if (!R || !V || ncorn < 0) {
        free(R);
        free(V);
        free(corners);
        free(cob);
        return -1;
    }
    *pairs = *contacts = 0;
    for (b = 0; b < s->nbodies; b++) {
        const ncs_body *bd = &s->bodies[b];
        const ncs_plan_body *pb = &p->bodies[b];
        V[b] = speed_bound(p, b);
        R[b] = 2 * s->h * (V[b] + s->h * hypot(pb->ax, pb->ay)) + p->margin;
        ncs_plan_near(ncs_plan_cspace(p, b), R[b], p->box, &g, &n);
        if (bd->kind != NCS_BODY_POLYGON) {
            *pairs += g;
            *contacts += n;
        } else {
            double sb[4];
            int k = ncs_plan_points_near(corners, ncorn, body_radius(bd) + R[b], p->box);
            *pairs += bd->shape.n * g;
            *contacts += bd->shape.n * n;
            shape_box(bd, sb);
            ncs_plan_near(&p->g->body_pieces[b], R[b], sb, &g, &n);
            *pairs += k * g;
            *contacts += k * n;
        }
    }
    for (a = 0; a < s->nbodies; a++)
        for (b = a + 1; b < s->nbodies; b++) {
            const ncs_body *A = &s->bodies[a], *Bd = &s->bodies[b];
            double rab = 2 * s->h * (V[a] + V[b] + s->h * (hypot(p->bodies[a].ax, p->bodies[a].ay) +
                                                          hypot(p->bodies[b].ax, p->bodies[b].ay))) +
                         0.1 * p->margin;
            int x;
            for (x = 0; x < 2; x++) {
                const ncs_body *P = x ? Bd : A, *Q = x ? A : Bd; /* points of P, sides of Q */
                int q = x ? a : b;
                double qb[4];
                if (Q->kind != NCS_BODY_POLYGON)
                    continue;
                shape_box(Q, qb);
                ncs_plan_near(&p->g->body_pieces[q], rab + (P->kind == NCS_BODY_DISC ? P->radius : 0),
                              qb, &g, &n);
                *pairs += (P->kind == NCS_BODY_POLYGON ? P->shape.n : 1) * g;
                *contacts += (P->kind == NCS_BODY_POLYGON ? P->shape.n : 1) * n;
            }
            if (A->kind != NCS_BODY_POLYGON && Bd->kind != NCS_BODY_POLYGON &&
                (A->kind == NCS_BODY_DISC || Bd->kind == NCS_BODY_DISC)) {
                *pairs += 1;
                *contacts += 1;
            }
        }
    free(R);
    free(V);
    free(corners);
    free(cob);
    return 0;
}

/* Most sides of one group: an obstacle piece in any configuration space or
 * a piece of a polygon body (at least 1). */
static int most_sides(const ncs_plan *p) {
    int i, q, most = 1;
    for (i = 0; i < p->nspaces; i++)
        for (q = 0; q < p->spaces[i].cs->ngroups; q++)
            if (p->spaces[i].cs->groups[q].nsides > most)
                most = p->spaces[i].cs->groups[q].nsides;
    for (i = 0; i < p->s->nbodies; i++)
        if (p->s->bodies[i].kind == NCS_BODY_POLYGON)
            for (q = 0; q < p->g->body_pieces[i].ngroups; q++)
                if (p->g->body_pieces[i].groups[q].nsides > most)
                    most = p->g->body_pieces[i].groups[q].nsides;
    return most;
}

/* Largest LCP of an island with mc contacts in cap groups and k friction
 * directions: bounds of layout.h's sizes with y + x <= mc and at most
 * min(cap, mc / 2) nonconvex groups. */
static int island_rows(int form, int k, int cap, int mc) {
    int g = cap < mc / 2 ? cap : mc / 2;
    switch (form) {
    case NCS_FORM_MAX: return 4 * mc + 2 * g + (k + 1) * mc;
    case NCS_FORM_DIFF_ACCURATE: return 3 * mc + (k + 1) * mc;
    case NCS_FORM_STEWART: return (k + 1) * mc + mc;
    default: return 2 * mc + (k + 1) * mc;
    }
}

/* Sizes of the generated arrays: from the scene's `capacity`, else from the
 * geometry (auto_sizes) unless that bound is above NCS_RIGID_AUTO_MAX_M
 * rows (a warning; then as for capacity NCS_RIGID_DEFAULT_CAPACITY).
 * Returns 0, or 1 after an error: islands above the runtime's limit. */
static int sizes_of(const ncs_plan *p, ncs_diag *d, rigid_sizes *z) {
    const ncs_scene *s = p->s;
    int b;
    z->k = ncs_rigid_friction(s) ? 2 : 0;
    z->act_words = (most_sides(p) + 63) / 64;
    if (s->capacity <= 0 && auto_sizes(p, &z->cap, &z->mc) == 0) {
        /* every pair of the scene may be in one island */
        z->max_pairs = z->cap;
        z->max_m = island_rows(s->form, z->k, z->cap, z->mc);
        if (z->max_m <= NCS_RIGID_AUTO_MAX_M)
            return 0;
        ncs_warning(d, s->loc,
                    "the automatic island sizes (every body in one island, at the scene's "
                    "largest speed) would allow up to %d LCP rows (a state of about %.0f MB); "
                    "sizing islands for capacity = %d "
                    "instead: set `capacity` to choose (a step that needs more fails with "
                    "STEP_CAPACITY)",
                    z->max_m, 7.0 * z->max_m * z->max_m * sizeof(double) / 1e6,
                    NCS_RIGID_DEFAULT_CAPACITY);
    }
    z->cap = s->capacity > 0 ? s->capacity : NCS_RIGID_DEFAULT_CAPACITY;
    z->mc = z->cap * NCS_RIGID_CONTACTS_PER_GROUP;
    z->max_pairs = s->nbodies * z->cap;
    /* a disc or particle alone gets the contacts the per-body path gives it
     * (its `cap` largest grown pieces' sides: a grown piece has more sides
     * than two, all of them near at a small piece) */
    for (b = 0; b < s->nbodies; b++)
        if (s->bodies[b].kind != NCS_BODY_POLYGON && p->bodies[b].ymax > z->mc)
            z->mc = p->bodies[b].ymax;
    z->max_m = island_rows(s->form, z->k, z->cap, z->mc);
    if (z->max_m > NCS_RIGID_MAX_M) {
        ncs_error(d, s->loc, "capacity = %d gives islands of up to %d LCP rows, above the "
                  "runtime's limit of %d; choose a smaller capacity", z->cap, z->max_m,
                  NCS_RIGID_MAX_M);
        return 1;
    }
    return 0;
}

/* ---- compile-time geometry --------------------------------------------- */

/* Centroid of a polygon ring (either winding); the vertex mean when the
 * area is zero (geometry rejects such bodies before we get here). */
static ncs_vec2 ring_centroid(const ncs_ring *r) {
    double a2 = 0, cx = 0, cy = 0;
    ncs_vec2 c = {0, 0};
    int i;
    for (i = 0; i < r->n; i++) {
        ncs_vec2 a = r->pt[i], b = r->pt[(i + 1) % r->n];
        double cr = a.x * b.y - b.x * a.y;
        a2 += cr;
        cx += (a.x + b.x) * cr;
        cy += (a.y + b.y) * cr;
    }
    if (fabs(a2) > 0) {
        c.x = cx / (3 * a2);
        c.y = cy / (3 * a2);
    } else if (r->n > 0) {
        for (i = 0; i < r->n; i++) {
            c.x += r->pt[i].x / r->n;
            c.y += r->pt[i].y / r->n;
        }
    }
    return c;
}

static ncs_vec2 body_centroid(const ncs_body *b) {
    ncs_vec2 z = {0, 0};
    return b->kind == NCS_BODY_POLYGON ? ring_centroid(&b->shape) : z;
}

/* Bounding radius about the centroid. */
static double body_radius(const ncs_body *b) {
    ncs_vec2 c = body_centroid(b);
    double r = b->radius;
    int i;
    if (b->kind == NCS_BODY_POLYGON)
        for (i = 0; i < b->shape.n; i++) {
            double d = hypot(b->shape.pt[i].x - c.x, b->shape.pt[i].y - c.y);
            if (d > r)
                r = d;
        }
    return r;
}

/* The convex corners of the solid, each once (ncs_geometry.corners: from
 * the union of the obstacles, so a seam's vertices are no corners; reflex
 * and straight vertices cannot poke into a body before a body vertex
 * enters the obstacle, and their contacts would only oppose the
 * body-vertex contacts). Returns the count, -1 when out of memory; *out
 * and *obst (each corner's obstacle) are owned by the caller. */
static int obstacle_corners(const ncs_geometry *g, ncs_vec2 **out, int **obst) {
    ncs_vec2 *v = malloc(((size_t)g->ncorners + 1) * sizeof *v);
    int *ob = malloc(((size_t)g->ncorners + 1) * sizeof *ob);
    if (!v || !ob) {
        free(v);
        free(ob);
        return -1;
    }
    if (g->ncorners > 0) {
        memcpy(v, g->corners, (size_t)g->ncorners * sizeof *v);
        memcpy(ob, g->corner_obstacle, (size_t)g->ncorners * sizeof *ob);
    }
    *out = v;
    *obst = ob;
    return g->ncorners;
}

/* ---- tables -------------------------------------------------------------- */

static void sep(ncs_buf *o, int i, int per) {
    if (i)
        ncs_buf_printf(o, i % per ? ", " : ",\n    ");
}

/* One double per side: obstacle sides of every used space, then every
 * polygon body's piece sides in its centroid frame. */
enum { S_NX, S_NY, S_OFF };

static void side_table(const ncs_plan *p, ncs_buf *o, const char *name, int what) {
    const ncs_scene *s = p->s;
    int i, k, j = 0, b;
    ncs_buf_tpl(o, "static const double @_");
    ncs_buf_printf(o, "%s[] = {\n    ", name);
    for (i = 0; i < p->nspaces; i++) {
        const ncs_cspace *cs = p->spaces[i].cs;
        for (k = 0; k < cs->nsides; k++, j++) {
            const ncs_gside *sd = &cs->sides[k];
            sep(o, j, 4);
            ncs_buf_num(o, what == S_NX ? sd->normal.x : what == S_NY ? sd->normal.y
                           : sd->normal.x * sd->point.x + sd->normal.y * sd->point.y);
        }
    }
    for (b = 0; b < s->nbodies; b++) {
        const ncs_cspace *cs = &p->g->body_pieces[b];
        ncs_vec2 c = body_centroid(&s->bodies[b]);
        if (s->bodies[b].kind != NCS_BODY_POLYGON)
            continue;
        for (k = 0; k < cs->nsides; k++, j++) {
            const ncs_gside *sd = &cs->sides[k];
            sep(o, j, 4);
            ncs_buf_num(o, what == S_NX ? sd->normal.x : what == S_NY ? sd->normal.y
                           : sd->normal.x * (sd->point.x - c.x) +
                                 sd->normal.y * (sd->point.y - c.y));
        }
    }
    if (j == 0)
        ncs_buf_printf(o, "0.0");
    ncs_buf_printf(o, "\n};\n");
}

/* First side index of body b's pieces in the side table. */
static int body_side0(const ncs_plan *p, int b) {
    int i, n = p->nsides;
    for (i = 0; i < b; i++)
        if (p->s->bodies[i].kind == NCS_BODY_POLYGON)
            n += p->g->body_pieces[i].nsides;
    return n;
}

static void int_list(ncs_buf *o, const char *name, const int *v, int n) {
    int i;
    ncs_buf_tpl(o, "static const int @_");
    ncs_buf_printf(o, "%s[] = {", name);
    for (i = 0; i < n; i++) {
        sep(o, i, 16);
        ncs_buf_printf(o, "%d", v[i]);
    }
    ncs_buf_printf(o, n ? "};\n" : "0};\n");
}

static void dbl_list(ncs_buf *o, const char *name, const double *v, int n) {
    int i;
    ncs_buf_tpl(o, "static const double @_");
    ncs_buf_printf(o, "%s[] = {", name);
    for (i = 0; i < n; i++) {
        sep(o, i, 4);
        ncs_buf_num(o, v[i]);
    }
    ncs_buf_printf(o, n ? "};\n" : "0.0};\n");
}

/* Writes every table; returns -1 when out of memory. */
static int emit_tables(const ncs_plan *p, ncs_buf *o) {
    const ncs_scene *s = p->s;
    const ncs_geometry *g = p->g;
    int i, k, b, j, n, nv = 0, nbv = 0, nbp = 0, rc = -1;
    int *gi = NULL, *oob = NULL;
    double *dx = NULL, *dy = NULL;
    ncs_vec2 *ov = NULL;

    side_table(p, o, "snx", S_NX);
    side_table(p, o, "sny", S_NY);
    side_table(p, o, "soff", S_OFF);
    n = p->ngroups;
    for (b = 0; b < s->nbodies; b++)
        if (s->bodies[b].kind == NCS_BODY_POLYGON) {
            nbv += s->bodies[b].shape.n;
            nbp += g->body_pieces[b].ngroups;
        }
    gi = malloc(((size_t)(n > nbp ? n : nbp) + 1) * 3 * sizeof *gi);
    dx = malloc(((size_t)nbv + 1) * sizeof *dx);
    dy = malloc(((size_t)nbv + 1) * sizeof *dy);
    if (!gi || !dx || !dy)
        goto done;
    /* obstacle groups: first side, sides, obstacle */
    for (k = 0; k < 3; k++) {
        for (i = 0, j = 0; i < p->nspaces; i++) {
            const ncs_cspace *cs = p->spaces[i].cs;
            int q;
            for (q = 0; q < cs->ngroups; q++, j++)
                gi[j] = k == 0 ? p->spaces[i].side0 + cs->groups[q].first_side
                        : k == 1 ? cs->groups[q].nsides : cs->groups[q].obstacle;
        }
        int_list(o, k == 0 ? "gfirst" : k == 1 ? "gn" : "gobst", gi, j);
    }
    /* body pieces: first side, sides */
    for (k = 0; k < 2; k++) {
        for (b = 0, j = 0; b < s->nbodies; b++) {
            const ncs_cspace *cs = &g->body_pieces[b];
            int q, s0 = body_side0(p, b);
            if (s->bodies[b].kind != NCS_BODY_POLYGON)
                continue;
            for (q = 0; q < cs->ngroups; q++, j++)
                gi[j] = k == 0 ? s0 + cs->groups[q].first_side : cs->groups[q].nsides;
        }
        int_list(o, k == 0 ? "pfirst" : "pn", gi, j);
    }
    /* body vertices in the centroid frame */
    for (b = 0, j = 0; b < s->nbodies; b++) {
        const ncs_body *bd = &s->bodies[b];
        ncs_vec2 c = body_centroid(bd);
        if (bd->kind != NCS_BODY_POLYGON)
            continue;
        for (i = 0; i < bd->shape.n; i++, j++) {
            dx[j] = bd->shape.pt[i].x - c.x;
            dy[j] = bd->shape.pt[i].y - c.y;
        }
    }
    dbl_list(o, "vx", dx, j);
    dbl_list(o, "vy", dy, j);
    /* obstacle corners (world) and their obstacles */
    nv = obstacle_corners(g, &ov, &oob);
    if (nv < 0)
        goto done;
    free(dx);
    free(dy);
    dx = malloc(((size_t)nv + 1) * sizeof *dx);
    dy = malloc(((size_t)nv + 1) * sizeof *dy);
    if (!dx || !dy)
        goto done;
    for (i = 0; i < nv; i++) {
        dx[i] = ov[i].x;
        dy[i] = ov[i].y;
    }
    dbl_list(o, "ox", dx, nv);
    dbl_list(o, "oy", dy, nv);
    int_list(o, "oobst", oob, nv);
    ncs_buf_tpl(o, "#define $_NOVERTS ");
    ncs_buf_printf(o, "%d\n", nv);
    /* obstacle friction coefficients */
    free(dx);
    dx = malloc(((size_t)s->nobstacles + 1) * sizeof *dx);
    if (!dx)
        goto done;
    for (i = 0; i < s->nobstacles; i++)
        dx[i] = s->obstacles[i].friction;
    dbl_list(o, "omu", dx, s->nobstacles);
    ncs_buf_printf(o, "\n");
    rc = 0;
done:
    free(gi);
    free(dx);
    free(dy);
    free(ov);
    free(oob);
    return rc;
}

static const char *const BodyType =
    "/* Per-body constants (folded by ncsc). Positions are about the centroid,\n"
    " * (cx, cy) in the scene's body frame. */\n"
    "typedef struct @_bodyc {\n"
    "    int kind;           /* 0 particle, 1 disc, 2 polygon */\n"
    "    double im, iI;      /* 1 / mass, 1 / inertia (0: no rotation) */\n"
    "    double r;           /* disc radius, else 0 */\n"
    "    double ax, ay;      /* external acceleration (gravity + force / mass) */\n"
    "    double alpha;       /* external angular acceleration */\n"
    "    double cx, cy;      /* centroid in the body frame */\n"
    "    double rad;         /* bounding radius about the centroid */\n"
    "    double mu;          /* friction coefficient */\n"
    "    int g0, ng;         /* obstacle groups of its configuration space */\n"
    "    int vert0, nvert;   /* its vertices (centroid frame) */\n"
    "    int piece0, npiece; /* its own convex pieces */\n"
    "    double q0[3], u0[3];/* initial origin state */\n"
    "} @_bodyc;\n\n"
    "static const @_bodyc @_body[$_NBODIES] = {\n";

static void emit_bodies(const ncs_plan *p, ncs_buf *o) {
    const ncs_scene *s = p->s;
    int b, i, vert0 = 0, piece0 = 0;
    ncs_buf_tpl(o, BodyType);
    for (b = 0; b < s->nbodies; b++) {
        const ncs_body *bd = &s->bodies[b];
        const ncs_plan_body *pb = &p->bodies[b];
        ncs_vec2 c = body_centroid(bd);
        int poly = bd->kind == NCS_BODY_POLYGON;
        double inertia = poly ? bd->inertia : 0.5 * bd->mass * bd->radius * bd->radius;
        double iI = inertia > 0 ? 1 / inertia : 0;
        const double vals[10] = {1 / bd->mass, iI, bd->kind == NCS_BODY_DISC ? bd->radius : 0,
                                 pb->ax, pb->ay, bd->torque * iI, c.x, c.y,
                                 body_radius(bd), bd->friction};
        const double q0[3] = {bd->pos.x, bd->pos.y, bd->kind == NCS_BODY_PARTICLE ? 0 : bd->angle};
        const double u0[3] = {bd->vel.x, bd->vel.y, bd->kind == NCS_BODY_PARTICLE ? 0 : bd->omega};
        int nvert = poly ? bd->shape.n : 0, npiece = poly ? p->g->body_pieces[b].ngroups : 0;
        ncs_buf_printf(o, "    {%d, ", bd->kind);
        for (i = 0; i < 10; i++) {
            ncs_buf_num(o, vals[i]);
            ncs_buf_printf(o, ", ");
        }
        ncs_buf_printf(o, "\n     %d, %d, %d, %d, %d, %d, {", pb->g0, pb->ng, vert0, nvert,
                       piece0, npiece);
        for (i = 0; i < 3; i++) {
            ncs_buf_printf(o, i ? ", " : "");
            ncs_buf_num(o, q0[i]);
        }
        ncs_buf_printf(o, "}, {");
        for (i = 0; i < 3; i++) {
            ncs_buf_printf(o, i ? ", " : "");
            ncs_buf_num(o, u0[i]);
        }
        ncs_buf_printf(o, "}}%s /* %s */\n", b + 1 < s->nbodies ? "," : "", bd->name);
        vert0 += nvert;
        piece0 += npiece;
    }
    ncs_buf_printf(o, "};\n\n");
    ncs_buf_tpl(o, "static const char *const @_names[$_NBODIES] = {");
    for (b = 0; b < s->nbodies; b++)
        ncs_buf_printf(o, "%s\"%s\"", b ? ", " : "", s->bodies[b].name);
    ncs_buf_printf(o, "};\n\n");
}

/* Appends a template split into pieces (C99 caps string literals). */
static void tpl_list(ncs_buf *o, const char *const *t) {
    for (; *t; t++)
        ncs_buf_tpl(o, *t);
}

/* ---- the header ------------------------------------------------------------ */

static const char *form_name(int form) {
    switch (form) {
    case NCS_FORM_STEWART: return "stewart";
    case NCS_FORM_MAX: return "max";
    case NCS_FORM_SUMMATION: return "summation";
    case NCS_FORM_DIFF: return "diff";
    default: return "diff-accurate";
    }
}

static const char *const HeadTop =
    " * Generated by ncsc (rigid-body path, docs/rigid.md); do not edit.\n"
    " *\n"
    " * Usage: declare an @_state (caller-owned, large: make it static), call\n"
    " * @_init, then @_step once per time step. A failed step leaves the state\n"
    " * unchanged. The state holds a pointer into itself (the LCP workspace):\n"
    " * do not copy it after @_init; call @_init again on a copy.\n"
    " */\n"
    "#ifndef $_H_INCLUDED\n"
    "#define $_H_INCLUDED\n\n"
    "#include \"ncs/lcp.h\"\n\n"
    "#ifdef __cplusplus\n"
    "extern \"C\" {\n"
    "#endif\n\n";

static const char *const HeadTypes[] = {
    "/* Workspace of the solver (ncs/lcp.h); @_init checks it is large enough. */\n"
    "#ifdef NCS_LCP_WORKSPACE_DOUBLES\n"
    "#define $_WS_DOUBLES NCS_LCP_WORKSPACE_DOUBLES($_MAX_M)\n"
    "#else\n"
    "#define $_WS_DOUBLES (6 * $_MAX_M * $_MAX_M + 64 * $_MAX_M + 256)\n"
    "#endif\n"
    "#define $_NU ($_MAX_CONTACTS * (1 + $_K)) /* contact-space unknowns */\n\n"
    "/** Step results. */\n"
    "enum {\n"
    "    $_STEP_OK = 0,          /**< every island's LCP solved; state advanced */\n"
    "    $_STEP_LCP_FAILED = 1,  /**< a solve failed (see @_info.lcp_status) */\n"
    "    $_STEP_CAPACITY = 2     /**< an island needed more than $_CAPACITY groups,\n"
    "                                 $_MAX_CONTACTS contacts or $_MAX_M rows */\n"
    "};\n\n"
    "/** What the last step did (for one body, or for the whole step). */\n"
    "typedef struct @_info {\n"
    "    int status;      /**< $_STEP_* */\n"
    "    int lcp_status;  /**< ncs_lcp_status of the (failed) solve, 0 otherwise */\n"
    "    int body;        /**< body that failed, -1 when none */\n"
    "    int pivots;      /**< pivots (summed over islands and iterations) */\n"
    "    int m;           /**< LCP dimension (largest over islands) */\n"
    "    int groups;      /**< active groups (summed over islands) */\n"
    "    int iters;       /**< LCP solves of every island: 1, more with the\n"
    "                          fixpoint iteration, 0 when nothing touched */\n"
    "} @_info;\n\n",
    "/** Called after every solve (also failed ones) when set: the LCP of the\n"
    " *  island whose lowest body is `body`, in step `step` (1-based). */\n"
    "typedef void (*@_lcp_hook)(void *ctx, long step, int body,\n"
    "                           const ncs_layout *layout, int m, const double *B,\n"
    "                           const double *b, const double *z, int lcp_status);\n\n"
    "/** A candidate contact: a point against a set of sides (a convex piece,\n"
    " *  of an obstacle or of a body) or against a disc. */\n"
    "typedef struct @_pair {\n"
    "    int pa;          /**< body owning the point, -1: obstacle vertex */\n"
    "    int qb;          /**< body owning the sides or disc, -1: obstacle */\n"
    "    double px, py;   /**< point: pa's centroid frame, or world when pa < 0 */\n"
    "    double rp;       /**< subtracted from the gap (disc radius) */\n"
    "    double rc;       /**< contact point = point - rc n (disc radius) */\n"
    "    double rb;       /**< disc target radius (s0 < 0) */\n"
    "    int s0, ns;      /**< sides in the side table; s0 < 0: disc target */\n"
    "    int one;         /**< the side of a convex contact, -1: nonconvex group */\n"
    "    int nact;        /**< nonconvex group: sides that can become active */\n"
    "    unsigned long long act[$_ACT_WORDS]; /**< those sides: side j is bit\n"
    "                       (j - s0) % 64 of word (j - s0) / 64 */\n"
    "    double mu;       /**< friction coefficient */\n"
    "    int island;      /**< lowest body of its island */\n"
    "} @_pair;\n\n",
    "/** One contact (one side of a pair), linearised at a configuration. */\n"
    "typedef struct @_contact {\n"
    "    int a, b;        /**< bodies (pair's pa, qb; -1: static) */\n"
    "    double f;        /**< gap */\n"
    "    double jn[2][3]; /**< gradient of the gap w.r.t. (x, y, theta) of a, b */\n"
    "    double jt[2][3]; /**< tangential velocity row of a, b */\n"
    "} @_contact;\n\n",
    "/** Simulation state (caller-owned). q and v are the frame origin's. */\n"
    "typedef struct @_state {\n"
    "    double q[$_NBODIES][3];               /**< x, y, theta per body */\n"
    "    double v[$_NBODIES][3];               /**< vx, vy, omega per body */\n"
    "    long step;                            /**< steps taken */\n"
    "    @_info last;                          /**< last step, whole scene */\n"
    "    @_info body_last[$_NBODIES];          /**< last step, per body */\n"
    "    @_lcp_hook hook;                      /**< LCP observer or NULL */\n"
    "    void *hook_ctx;                       /**< passed to hook */\n"
    "    int fix_iters;                        /**< fixpoint iteration cap (>= 1) */\n"
    "    double fix_tol;                       /**< fixpoint penetration tolerance */\n"
    "    long solves;                          /**< info.iters summed over the\n"
    "                                               steps since @_reset */\n"
    "    int npairs;                           /**< candidate pairs this step */\n"
    "    @_pair pair[$_MAX_PAIRS];             /**< candidate pairs */\n"
    "    int ipair[$_MAX_PAIRS];               /**< the island's pairs in contact order */\n"
    "    @_contact con[$_MAX_CONTACTS];        /**< the island's contacts */\n"
    "    int gsize[$_CAPACITY];                /**< sides per nonconvex group */\n"
    "    double A[$_NU * $_NU];                /**< W^T M^-1 W */\n"
    "    double a0[$_NU];                      /**< free term */\n"
    "    double mu[$_MAX_CONTACTS];            /**< friction per contact */\n"
    "    double B[$_MAX_M * $_MAX_M];          /**< LCP matrix */\n"
    "    double b[$_MAX_M];                    /**< LCP vector */\n"
    "    double z[$_MAX_M];                    /**< solution */\n"
    "    ncs_lcp_workspace *ws;                /**< solver workspace */\n"
    "    double wsmem[$_WS_DOUBLES];           /**< its memory */\n"
    "} @_state;\n\n",
    NULL};

static const char *const HeadApi =
    "/// Sets the initial conditions of the scene, clears the hook and sets the\n"
    "/// fixpoint iteration to $_FIXPOINT_ITERS solves with tolerance\n"
    "/// $_FIXPOINT_TOL. Returns 0, or -1 when the runtime rejects the\n"
    "/// workspace (then the state must not be stepped).\n"
    "int @_init(@_state *s);\n\n"
    "/// Back to the initial conditions, keeping the hook and the fixpoint\n"
    "/// settings. Returns as @_init.\n"
    "int @_reset(@_state *s);\n\n"
    "/// Advances every body by one step ($_H). Returns $_STEP_OK, or\n"
    "/// $_STEP_LCP_FAILED / $_STEP_CAPACITY leaving q, v and step unchanged\n"
    "/// (the step info says which body and why).\n"
    "int @_step(@_state *s);\n\n"
    "/// Sets the fixpoint iteration (seed 002): up to `iters` (>= 1; 1 = off)\n"
    "/// LCP solves per step, stopping once the predicted end-of-step\n"
    "/// penetration is at most `tol`. Values out of range are clamped.\n"
    "void @_set_fixpoint(@_state *s, int iters, double tol);\n\n"
    "/// Installs (or with fn NULL removes) the LCP observer. Never fails.\n"
    "void @_set_lcp_hook(@_state *s, @_lcp_hook fn, void *ctx);\n\n"
    "/// Position of `body` into xy[2]. Body indices are not checked.\n"
    "void @_position(const @_state *s, int body, double xy[2]);\n"
    "/// Velocity of `body` into v[2].\n"
    "void @_velocity(const @_state *s, int body, double v[2]);\n"
    "/// Angle of `body` (radians).\n"
    "double @_angle(const @_state *s, int body);\n"
    "/// Angular velocity of `body`.\n"
    "double @_omega(const @_state *s, int body);\n"
    "/// Info of the last step (whole scene). Never fails.\n"
    "@_info @_last_info(const @_state *s);\n"
    "/// Info of the last step for `body`.\n"
    "@_info @_body_info(const @_state *s, int body);\n"
    "/// Deepest penetration involving `body`: its vertices (or centre) inside\n"
    "/// obstacle pieces or other bodies, and obstacle or other bodies'\n"
    "/// vertices inside its pieces (0 when none). Never fails.\n"
    "double @_penetration(const @_state *s, int body);\n"
    "/// Kinetic energy of all bodies (translation of the centroid and\n"
    "/// rotation about it). Never fails.\n"
    "double @_energy(const @_state *s);\n"
    "/// Name of `body` as written in the scene.\n"
    "const char *@_body_name(int body);\n\n"
    "#ifdef __cplusplus\n"
    "}\n"
    "#endif\n"
    "#endif\n";

static void define_int(ncs_buf *o, const char *name, int v, const char *what) {
    ncs_buf_tpl(o, "#define $_");
    ncs_buf_printf(o, "%s %d /* %s */\n", name, v, what);
}

static void define_num(ncs_buf *o, const char *name, double v, const char *what) {
    ncs_buf_tpl(o, "#define $_");
    ncs_buf_printf(o, "%s ", name);
    ncs_buf_num(o, v);
    ncs_buf_printf(o, " /* %s */\n", what);
}

int ncs_emit_rigid_header(const ncs_plan *p, ncs_buf *o, ncs_diag *d) {
    const ncs_scene *s = p->s;
    rigid_sizes z;
    if (sizes_of(p, d, &z) != 0)
        return 1;
    ncs_buf_tpl(o, "/* @.h - time-stepper for scene '");
    ncs_buf_printf(o, "%s' (formulation %s).\n", s->name, form_name(s->form));
    ncs_buf_tpl(o, HeadTop);
    define_int(o, "NBODIES", s->nbodies, "moving bodies");
    define_int(o, "NGROUPS", p->ngroups, "obstacle groups over all configuration spaces");
    define_int(o, "NSIDES", p->nsides, "obstacle group sides");
    define_int(o, "MAX_M", z.max_m, "largest LCP dimension of one island");
    define_int(o, "CAPACITY", z.cap, "most active groups per island and step");
    define_int(o, "MAX_CONTACTS", z.mc, "most contacts (sides) in one LCP");
    define_int(o, "MAX_PAIRS", z.max_pairs, "most candidate pairs per step");
    define_int(o, "K", z.k, "friction directions");
    define_int(o, "ACT_WORDS", z.act_words, "64-bit words of a pair's active-side set");
    define_int(o, "STEPS", s->steps, "steps the scene asks for");
    define_num(o, "H", s->h, "time step");
    define_int(o, "FORMULATION", s->form, form_name(s->form));
    define_num(o, "GAMMA", p->gamma, "max formulation constant");
    define_num(o, "EPSILON", p->epsilon, "summation epsilon (eps_h = epsilon / h)");
    define_num(o, "MARGIN", p->margin, "proximity margin");
    define_num(o, "BODY_MARGIN", 0.1 * p->margin, "proximity margin of body-body pairs");
    ncs_buf_tpl(o, "#ifndef $_FIXPOINT_ITERS\n"
                   "#define $_FIXPOINT_ITERS 1 /* default LCP solves per step (1: no fixpoint) */\n"
                   "#endif\n"
                   "#ifndef $_FIXPOINT_TOL\n#define $_FIXPOINT_TOL ");
    ncs_buf_num(o, 1e-3 * p->diameter);
    ncs_buf_printf(o, " /* default fixpoint tolerance */\n#endif\n");
    ncs_buf_tpl(o, "#ifndef $_PROJECT_TOL\n#define $_PROJECT_TOL ");
    ncs_buf_num(o, NCS_RIGID_PROJECT_TOL * p->diameter);
    ncs_buf_printf(o, " /* deepest pair left without a position projection */\n#endif\n\n");
    tpl_list(o, HeadTypes);
    ncs_buf_tpl(o, HeadApi);
    return 0;
}

/* ---- the source: geometry of contacts ------------------------------------ */

static const char *const SrcGeom[] = {
    "static double @_cross(double ax, double ay, double bx, double by) {\n"
    "    return ax * by - ay * bx;\n"
    "}\n\n",
    "/* Rotates (x, y) by th into r. */\n"
    "static void @_rot(double th, double x, double y, double r[2]) {\n"
    "    double c = cos(th), s = sin(th);\n"
    "    r[0] = c * x - s * y;\n"
    "    r[1] = s * x + c * y;\n"
    "}\n\n",
    "/* World position of the pair's point in centroid configuration q. */\n"
    "static void @_point(const @_pair *P, const double (*q)[3], double p[2]) {\n"
    "    if (P->pa < 0) {\n"
    "        p[0] = P->px;\n"
    "        p[1] = P->py;\n"
    "        return;\n"
    "    }\n"
    "    @_rot(q[P->pa][2], P->px, P->py, p);\n"
    "    p[0] += q[P->pa][0];\n"
    "    p[1] += q[P->pa][1];\n"
    "}\n\n",
    "/* Side j in the world: unit normal n and offset: gap = n.p - off - rp. */\n"
    "static double @_side(const @_pair *P, int j, const double (*q)[3], double n[2]) {\n"
    "    if (P->qb < 0) {\n"
    "        n[0] = @_snx[j];\n"
    "        n[1] = @_sny[j];\n"
    "        return @_soff[j];\n"
    "    }\n"
    "    @_rot(q[P->qb][2], @_snx[j], @_sny[j], n);\n"
    "    return @_soff[j] + n[0] * q[P->qb][0] + n[1] * q[P->qb][1];\n"
    "}\n\n",
    "/* Gap of the pair: the largest over its sides (outside when >= 0). */\n"
    "static double @_gap(const @_pair *P, const double (*q)[3]) {\n"
    "    double p[2], n[2], best = -HUGE_VAL, off, f;\n"
    "    int j;\n"
    "    @_point(P, q, p);\n"
    "    if (P->s0 < 0)\n"
    "        return hypot(p[0] - q[P->qb > 0 ? P->qb : 0][0], p[1] - q[P->qb > 0 ? P->qb : 0][1]) -\n"
    "               P->rp - P->rb; /* a disc target is always a body */\n"
    "    for (j = P->s0; j < P->s0 + P->ns; j++) {\n"
    "        off = @_side(P, j, q, n);\n"
    "        f = n[0] * p[0] + n[1] * p[1] - off - P->rp;\n"
    "        if (f > best)\n"
    "            best = f;\n"
    "    }\n"
    "    return best;\n"
    "}\n\n",
    "/* Contact of pair P at side j (ignored for a disc target) linearised at q:\n"
    " * gap, its gradient for both bodies and the tangential velocity rows. */\n"
    "static void @_eval(const @_pair *P, int j, const double (*q)[3], @_contact *c) {\n"
    "    double p[2], n[2], t[2], pc[2], rb[2] = {0.0, 0.0}, off;\n"
    "    int k;\n"
    "    @_point(P, q, p);\n"
    "    if (P->s0 < 0) {\n"
    "        const double *qd = q[P->qb > 0 ? P->qb : 0]; /* a disc target is a body */\n"
    "        double dx = p[0] - qd[0], dy = p[1] - qd[1], d = hypot(dx, dy);\n"
    "        n[0] = d > 0.0 ? dx / d : 0.0;\n"
    "        n[1] = d > 0.0 ? dy / d : 1.0;\n"
    "        c->f = d - P->rp - P->rb;\n"
    "        rb[0] = P->rb * n[0];\n"
    "        rb[1] = P->rb * n[1];\n"
    "    } else {\n"
    "        off = @_side(P, j, q, n);\n"
    "        c->f = n[0] * p[0] + n[1] * p[1] - off - P->rp;\n"
    "    }\n"
    "    t[0] = -n[1];\n"
    "    t[1] = n[0];\n"
    "    pc[0] = p[0] - P->rc * n[0];\n"
    "    pc[1] = p[1] - P->rc * n[1];\n"
    "    c->a = P->pa;\n"
    "    c->b = P->qb;\n"
    "    for (k = 0; k < 3; k++)\n"
    "        c->jn[0][k] = c->jn[1][k] = c->jt[0][k] = c->jt[1][k] = 0.0;\n"
    "    if (P->pa >= 0) {\n"
    "        double ax = pc[0] - q[P->pa][0], ay = pc[1] - q[P->pa][1];\n"
    "        c->jn[0][0] = n[0];\n"
    "        c->jn[0][1] = n[1];\n"
    "        c->jn[0][2] = @_cross(ax, ay, n[0], n[1]);\n"
    "        c->jt[0][0] = t[0];\n"
    "        c->jt[0][1] = t[1];\n"
    "        c->jt[0][2] = @_cross(ax, ay, t[0], t[1]);\n"
    "    }\n"
    "    if (P->qb >= 0) {\n"
    "        /* the sides (and their normal) turn with qb: d gap / d theta_b =\n"
    "         * n x (p - x_b); the impulse acts on qb at the contact along -n */\n"
    "        if (P->s0 >= 0) {\n"
    "            rb[0] = pc[0] - q[P->qb][0];\n"
    "            rb[1] = pc[1] - q[P->qb][1];\n"
    "        }\n"
    "        c->jn[1][0] = -n[0];\n"
    "        c->jn[1][1] = -n[1];\n"
    "        c->jn[1][2] = -@_cross(rb[0], rb[1], n[0], n[1]);\n"
    "        c->jt[1][0] = -t[0];\n"
    "        c->jt[1][1] = -t[1];\n"
    "        c->jt[1][2] = -@_cross(rb[0], rb[1], t[0], t[1]);\n"
    "    }\n"
    "}\n\n",
    NULL};

/* ---- pairs ----------------------------------------------------------------- */

static const char *const SrcPairs[] = {
    "/* Proximity and the one-side rule: keeps the pair when it can close\n"
    " * within `reach`. Its group holds the sides that can become active within\n"
    " * the step (behind by at most reach): a side further behind could only be\n"
    " * reached by tunnelling through the piece. It becomes one convex contact\n"
    " * when only its best side is left, or always under stewart. Returns 0, or\n"
    " * -1 when the pair list is full. */\n"
    "static int @_add(@_state *s, @_pair *P, const double (*q)[3], double reach) {\n"
    "    double p[2], n[2], f, fbest = -HUGE_VAL, off;\n"
    "    int j, best = -1, single = 1;\n"
    "    if (P->s0 < 0) {\n"
    "        if (@_gap(P, q) > reach)\n"
    "            return 0;\n"
    "        P->one = -1;\n"
    "    } else {\n"
    "        @_point(P, q, p);\n"
    "        for (j = P->s0; j < P->s0 + P->ns; j++) {\n"
    "            off = @_side(P, j, q, n);\n"
    "            f = n[0] * p[0] + n[1] * p[1] - off - P->rp;\n"
    "            if (f > fbest) {\n"
    "                fbest = f;\n"
    "                best = j;\n"
    "            }\n"
    "        }\n"
    "        if (fbest > reach)\n"
    "            return 0;\n"
    "        for (j = 0; j < $_ACT_WORDS; j++)\n"
    "            P->act[j] = 0;\n"
    "        P->nact = 0;\n"
    "        for (j = P->s0; j < P->s0 + P->ns; j++) {\n"
    "            off = @_side(P, j, q, n);\n"
    "            if (j == best || n[0] * p[0] + n[1] * p[1] - off - P->rp >= -reach) {\n"
    "                P->act[(j - P->s0) / 64] |= 1ULL << ((j - P->s0) % 64);\n"
    "                P->nact++;\n"
    "            }\n"
    "        }\n"
    "        single = P->nact == 1;\n"
    "        P->one = ($_FORMULATION == 0 || single) ? best : -1;\n"
    "    }\n"
    "    if (s->npairs == $_MAX_PAIRS)\n"
    "        return -1;\n"
    "    s->pair[s->npairs++] = *P;\n"
    "    return 0;\n"
    "}\n\n",
    "static double @_pair_mu(double a, double b) {\n"
    "    return a * b > 0.0 ? sqrt(a * b) : 0.0;\n"
    "}\n\n",
    "/* Speed bound of any point of body i over the step. */\n"
    "static double @_speed(int i, const double *u, const double *vt) {\n"
    "    double a = hypot(u[0], u[1]), b = hypot(vt[0], vt[1]);\n"
    "    double w = fabs(u[2]) > fabs(vt[2]) ? fabs(u[2]) : fabs(vt[2]);\n"
    "    return (a > b ? a : b) + w * @_body[i].rad;\n"
    "}\n\n",
    "/* Points of body a (vertices, or its centre) against the sides or disc of\n"
    " * body b. */\n"
    "static int @_body_pairs(@_state *s, int a, int b, const double (*q)[3], double reach) {\n"
    "    const @_bodyc *A = &@_body[a], *Bc = &@_body[b];\n"
    "    @_pair P;\n"
    "    int v, k;\n"
    "    memset(&P, 0, sizeof P);\n"
    "    P.pa = a;\n"
    "    P.qb = b;\n"
    "    P.mu = @_pair_mu(A->mu, Bc->mu);\n"
    "    if (Bc->kind == 2) {\n"
    "        if (A->kind != 2) {\n"
    "            P.rp = P.rc = A->r;\n"
    "            for (k = Bc->piece0; k < Bc->piece0 + Bc->npiece; k++) {\n"
    "                P.s0 = @_pfirst[k];\n"
    "                P.ns = @_pn[k];\n"
    "                if (@_add(s, &P, q, reach) != 0)\n"
    "                    return -1;\n"
    "            }\n"
    "            return 0;\n"
    "        }\n"
    "        for (v = A->vert0; v < A->vert0 + A->nvert; v++)\n"
    "            for (k = Bc->piece0; k < Bc->piece0 + Bc->npiece; k++) {\n"
    "                P.px = @_vx[v];\n"
    "                P.py = @_vy[v];\n"
    "                P.s0 = @_pfirst[k];\n"
    "                P.ns = @_pn[k];\n"
    "                if (@_add(s, &P, q, reach) != 0)\n"
    "                    return -1;\n"
    "            }\n"
    "        return 0;\n"
    "    }\n"
    "    if (A->kind == 2 || A->r + Bc->r <= 0.0 || a > b)\n"
    "        return 0; /* polygons meet discs through the disc's centre; two particles\n"
    "                   * never; disc or particle against disc once (from the lower) */\n"
    "    P.rp = P.rc = A->r;\n"
    "    P.rb = Bc->r;\n"
    "    P.s0 = -1;\n"
    "    return @_add(s, &P, q, reach);\n"
    "}\n\n",
    "/* Every candidate pair of this step (configuration q about the centroids). */\n"
    "static int @_collect(@_state *s, const double (*q)[3], const double (*u)[3],\n"
    "                     const double (*vt)[3]) {\n"
    "    double sp[$_NBODIES];\n"
    "    int a, b, v, gr;\n"
    "    @_pair P;\n"
    "    s->npairs = 0;\n"
    "    for (a = 0; a < $_NBODIES; a++)\n"
    "        sp[a] = @_speed(a, u[a], vt[a]);\n"
    "    for (a = 0; a < $_NBODIES; a++) {\n"
    "        const @_bodyc *A = &@_body[a];\n"
    "        double reach = 2.0 * $_H * sp[a] + $_MARGIN;\n"
    "        memset(&P, 0, sizeof P);\n"
    "        P.pa = a;\n"
    "        P.qb = -1;\n"
    "        P.rc = A->r;\n"
    "        for (gr = A->g0; gr < A->g0 + A->ng; gr++) {\n"
    "            P.s0 = @_gfirst[gr];\n"
    "            P.ns = @_gn[gr];\n"
    "            P.mu = @_pair_mu(A->mu, @_omu[@_gobst[gr]]);\n"
    "            if (A->kind != 2) {\n"
    "                if (@_add(s, &P, q, reach) != 0)\n"
    "                    return -1;\n"
    "                continue;\n"
    "            }\n"
    "            for (v = A->vert0; v < A->vert0 + A->nvert; v++) {\n"
    "                P.px = @_vx[v];\n"
    "                P.py = @_vy[v];\n"
    "                if (@_add(s, &P, q, reach) != 0)\n"
    "                    return -1;\n"
    "            }\n"
    "        }\n"
    "        if (A->kind == 2) {\n"
    "            P.pa = -1;\n"
    "            P.qb = a;\n"
    "            P.rc = 0.0;\n"
    "            for (v = 0; v < $_NOVERTS; v++) {\n"
    "                if (hypot(@_ox[v] - q[a][0], @_oy[v] - q[a][1]) > A->rad + reach)\n"
    "                    continue;\n"
    "                P.px = @_ox[v];\n"
    "                P.py = @_oy[v];\n"
    "                P.mu = @_pair_mu(A->mu, @_omu[@_oobst[v]]);\n"
    "                for (gr = A->piece0; gr < A->piece0 + A->npiece; gr++) {\n"
    "                    P.s0 = @_pfirst[gr];\n"
    "                    P.ns = @_pn[gr];\n"
    "                    if (@_add(s, &P, q, reach) != 0)\n"
    "                        return -1;\n"
    "                }\n"
    "            }\n"
    "        }\n"
    "        for (b = a + 1; b < $_NBODIES; b++) {\n"
    "            double rab = 2.0 * $_H * (sp[a] + sp[b]) + $_BODY_MARGIN;\n"
    "            if (hypot(q[a][0] - q[b][0], q[a][1] - q[b][1]) >\n"
    "                A->rad + @_body[b].rad + rab)\n"
    "                continue;\n"
    "            if (@_body_pairs(s, a, b, q, rab) != 0 || @_body_pairs(s, b, a, q, rab) != 0)\n"
    "                return -1;\n"
    "        }\n"
    "    }\n"
    "    return 0;\n"
    "}\n\n",
    "static int @_find(int *par, int i) {\n"
    "    while (par[i] != i)\n"
    "        i = par[i] = par[par[i]];\n"
    "    return i;\n"
    "}\n\n",
    "/* Islands: bodies joined by a body-body pair; each pair gets the lowest\n"
    " * body of its island. */\n"
    "static void @_islands(@_state *s) {\n"
    "    int par[$_NBODIES], i, a, b;\n"
    "    for (i = 0; i < $_NBODIES; i++)\n"
    "        par[i] = i;\n"
    "    for (i = 0; i < s->npairs; i++)\n"
    "        if (s->pair[i].pa >= 0 && s->pair[i].qb >= 0) {\n"
    "            a = @_find(par, s->pair[i].pa);\n"
    "            b = @_find(par, s->pair[i].qb);\n"
    "            if (a < b)\n"
    "                par[b] = a;\n"
    "            else if (b < a)\n"
    "                par[a] = b;\n"
    "        }\n"
    "    for (i = 0; i < s->npairs; i++)\n"
    "        s->pair[i].island = @_find(par, s->pair[i].pa >= 0 ? s->pair[i].pa : s->pair[i].qb);\n"
    "}\n\n",
    NULL};

/* ---- islands: LCP, fixpoint -------------------------------------------- */

static const char *const SrcSolve[] = {
    "/* Fills the island's contacts (pairs ipair[0..np), groups first), linearised\n"
    " * at qe. With qs (the start of the step), a pair that was inside its piece\n"
    " * at qs (gap g0 < 0) has its gaps raised by -g0: the velocity LCP then\n"
    " * only stops it from going deeper than it was, and the position\n"
    " * projection (@_project) moves it out without adding energy. When qs is\n"
    " * qe (the pairs were collected there: the best side is among the\n"
    " * contacts) g0 is their largest gap; else it is evaluated at qs.\n"
    " * Returns the contact count. */\n"
    "static int @_contacts(@_state *s, int np, const double (*qe)[3], const double (*qs)[3]) {\n"
    "    int i, j, c, nc = 0;\n"
    "    for (i = 0; i < np; i++) {\n"
    "        const @_pair *P = &s->pair[s->ipair[i]];\n"
    "        int first = nc;\n"
    "        double g0 = 0.0;\n"
    "        for (j = P->s0; j < (P->one >= 0 || P->s0 < 0 ? P->s0 + 1 : P->s0 + P->ns); j++) {\n"
    "            int side = P->one >= 0 ? P->one : j;\n"
    "            if (P->one < 0 && P->s0 >= 0 &&\n"
    "                !((P->act[(j - P->s0) / 64] >> ((j - P->s0) % 64)) & 1ULL))\n"
    "                continue;\n"
    "            @_eval(P, side, qe, &s->con[nc]);\n"
    "            s->mu[nc++] = P->mu;\n"
    "        }\n"
    "        if (qs == qe)\n"
    "            for (g0 = s->con[first].f, c = first + 1; c < nc; c++)\n"
    "                g0 = s->con[c].f > g0 ? s->con[c].f : g0;\n"
    "        else if (qs)\n"
    "            g0 = @_gap(P, qs);\n"
    "        if (g0 < 0.0)\n"
    "            for (c = first; c < nc; c++)\n"
    "                s->con[c].f -= g0;\n"
    "    }\n"
    "    return nc;\n"
    "}\n\n",
    "/* J_c M^-1 J_d^T over the bodies both rows touch (rows jc, jd of contacts c, d). */\n"
    "static double @_dot(const @_contact *c, const double (*jc)[3], const @_contact *d,\n"
    "                    const double (*jd)[3]) {\n"
    "    double sum = 0.0;\n"
    "    int x, y;\n"
    "    for (x = 0; x < 2; x++) {\n"
    "        int bx = x ? c->b : c->a;\n"
    "        if (bx < 0)\n"
    "            continue;\n"
    "        for (y = 0; y < 2; y++)\n"
    "            if ((y ? d->b : d->a) == bx)\n"
    "                sum += @_body[bx].im * (jc[x][0] * jd[y][0] + jc[x][1] * jd[y][1]) +\n"
    "                       @_body[bx].iI * jc[x][2] * jd[y][2];\n"
    "    }\n"
    "    return sum;\n"
    "}\n\n",
    "/* Row of contact c applied to the velocities u (both bodies). */\n"
    "static double @_vel(const @_contact *c, const double (*j)[3], const double (*u)[3]) {\n"
    "    double v = 0.0;\n"
    "    if (c->a >= 0)\n"
    "        v += j[0][0] * u[c->a][0] + j[0][1] * u[c->a][1] + j[0][2] * u[c->a][2];\n"
    "    if (c->b >= 0)\n"
    "        v += j[1][0] * u[c->b][0] + j[1][1] * u[c->b][1] + j[1][2] * u[c->b][2];\n"
    "    return v;\n"
    "}\n\n",
    "/* Contact-space A and a0 (ncs/layout.h): u = [p_n; p_f], p_f in +t, -t;\n"
    " * a0n = J vt + f ih (ih = 1/h; 1 for the position projection, vt NULL).\n"
    " * With un (fixpoint, seed 002) the contacts are linearised at the\n"
    " * predicted end state q' = q + h un (J, W and f at q'), and the end state\n"
    " * is q' + h (v+ - un): a0n = J vt + f(q')/h - J un. */\n"
    "static void @_contact_space(@_state *s, int nc, const double (*vt)[3],\n"
    "                            const double (*un)[3], double ih) {\n"
    "    int nu = nc * (1 + $_K), c, d, r, k;\n"
    "    for (c = 0; c < nc; c++) {\n"
    "        const @_contact *C = &s->con[c];\n"
    "        for (d = 0; d < nc; d++) {\n"
    "            const @_contact *D = &s->con[d];\n"
    "            s->A[c * nu + d] = @_dot(C, C->jn, D, D->jn);\n"
    "            for (k = 0; k < $_K; k++) {\n"
    "                double sg = k ? -1.0 : 1.0;\n"
    "                double nt = sg * @_dot(C, C->jn, D, D->jt);\n"
    "                double tt = sg * @_dot(C, C->jt, D, D->jt);\n"
    "                double tn = sg * @_dot(C, C->jt, D, D->jn);\n"
    "                int l;\n"
    "                s->A[c * nu + nc + 2 * d + k] = nt;\n"
    "                s->A[(nc + 2 * c + k) * nu + d] = tn;\n"
    "                for (l = 0; l < $_K; l++)\n"
    "                    s->A[(nc + 2 * c + k) * nu + nc + 2 * d + l] = (l ? -1.0 : 1.0) * tt;\n"
    "            }\n"
    "        }\n"
    "        s->a0[c] = (vt ? @_vel(C, C->jn, vt) : 0.0) + C->f * ih;\n"
    "        if (un)\n"
    "            s->a0[c] -= @_vel(C, C->jn, un);\n"
    "        for (k = 0; k < $_K; k++) {\n"
    "            r = nc + 2 * c + k;\n"
    "            s->a0[r] = vt ? (k ? -1.0 : 1.0) * @_vel(C, C->jt, vt) : 0.0;\n"
    "        }\n"
    "    }\n"
    "}\n\n",
    "/* u += M^-1 W z for the island's nc contacts (impulses at z + off). */\n"
    "static void @_apply(const @_state *s, int nc, int off, double (*u)[3]) {\n"
    "    int c, x;\n"
    "    for (c = 0; c < nc; c++) {\n"
    "        const @_contact *C = &s->con[c];\n"
    "        double pn = s->z[off + c], pt = 0.0;\n"
    "        if ($_K)\n"
    "            pt = s->z[off + nc + 2 * c] - s->z[off + nc + 2 * c + 1];\n"
    "        for (x = 0; x < 2; x++) {\n"
    "            int bx = x ? C->b : C->a;\n"
    "            if (bx < 0)\n"
    "                continue;\n"
    "            u[bx][0] += @_body[bx].im * (C->jn[x][0] * pn + C->jt[x][0] * pt);\n"
    "            u[bx][1] += @_body[bx].im * (C->jn[x][1] * pn + C->jt[x][1] * pt);\n"
    "            u[bx][2] += @_body[bx].iI * (C->jn[x][2] * pn + C->jt[x][2] * pt);\n"
    "        }\n"
    "    }\n"
    "}\n\n",
    "/* Largest velocity change between two iterates (rotation at the bounding\n"
    " * radius): a fixpoint iterate may only correct what the first one\n"
    " * penetrated, anything larger is a runaway solution. */\n"
    "static double @_fix_dev(const double (*u)[3], const double (*v)[3]) {\n"
    "    double worst = 0.0, d;\n"
    "    int i;\n"
    "    for (i = 0; i < $_NBODIES; i++) {\n"
    "        d = hypot(u[i][0] - v[i][0], u[i][1] - v[i][1]) + fabs(u[i][2] - v[i][2]) * @_body[i].rad;\n"
    "        if (d > worst)\n"
    "            worst = d;\n"
    "    }\n"
    "    return worst;\n"
    "}\n\n",
    /* named @_lay_of: on the firmware target ncs_layout becomes @_layout */
    "/* The pairs of island `root` in contact order (groups, then convex) and\n"
    " * its layout. Returns $_STEP_OK (np = 0: nothing to solve) or\n"
    " * $_STEP_CAPACITY. */\n"
    "static int @_lay_of(@_state *s, int root, int *np_, ncs_layout *lay, int *m, int *off) {\n"
    "    int np = 0, ng = 0, nx = 0, y = 0, i;\n"
    "    for (i = 0; i < s->npairs; i++) {\n"
    "        const @_pair *P = &s->pair[i];\n"
    "        if (P->island == root && P->s0 >= 0 && P->one < 0) {\n"
    "            if (ng == $_CAPACITY || y + P->nact > $_MAX_CONTACTS)\n"
    "                return $_STEP_CAPACITY;\n"
    "            s->gsize[ng++] = P->nact;\n"
    "            y += P->nact;\n"
    "            s->ipair[np++] = i;\n"
    "        }\n"
    "    }\n"
    "    for (i = 0; i < s->npairs; i++) {\n"
    "        const @_pair *P = &s->pair[i];\n"
    "        if (P->island == root && !(P->s0 >= 0 && P->one < 0)) {\n"
    "            if (np == $_CAPACITY || y + nx + 1 > $_MAX_CONTACTS)\n"
    "                return $_STEP_CAPACITY;\n"
    "            nx++;\n"
    "            s->ipair[np++] = i;\n"
    "        }\n"
    "    }\n"
    "    *np_ = np;\n"
    "    memset(lay, 0, sizeof *lay);\n"
    "    lay->form = $_FORMULATION;\n"
    "    lay->ngroups = ng;\n"
    "    lay->group_size = s->gsize;\n"
    "    lay->nconvex = nx;\n"
    "    lay->nfric = $_K;\n"
    "    lay->gamma = $_GAMMA;\n"
    "    lay->eps_h = $_EPSILON / $_H;\n"
    "    *m = ncs_layout_size(lay);\n"
    "    *off = ncs_lcp_impulse_offset(lay);\n"
    "    if (np > 0 && (*m < 1 || *m > $_MAX_M || *off < 0))\n"
    "        return $_STEP_CAPACITY;\n"
    "    return $_STEP_OK;\n"
    "}\n\n",
    "/* Solves the island of body `root` once, its contacts linearised at qe\n"
    " * (qs: start of the step; un: the fixpoint's predicted velocities or\n"
    " * NULL), and adds the impulses' velocity change to du. Fills inf.\n"
    " * Returns $_STEP_OK or a failure status. */\n"
    "static int @_island(@_state *s, int root, const double (*qe)[3], const double (*qs)[3],\n"
    "                    const double (*vt)[3], const double (*un)[3], double (*du)[3],\n"
    "                    @_info *inf) {\n"
    "    double u[$_NBODIES][3];\n"
    "    ncs_layout lay;\n"
    "    ncs_lcp_info li;\n"
    "    int np, nc, m, st, off, i, k;\n"
    "    st = @_lay_of(s, root, &np, &lay, &m, &off);\n"
    "    inf->groups = st == $_STEP_OK ? np : 0;\n"
    "    if (st != $_STEP_OK || np == 0)\n"
    "        return st;\n"
    "    nc = @_contacts(s, np, qe, qs);\n"
    "    @_contact_space(s, nc, vt, un, 1.0 / $_H);\n"
    "    ncs_lcp_assemble(&lay, s->A, s->a0, s->mu, s->B, m, s->b);\n"
    "    st = (int)ncs_lcp_solve(s->ws, &lay, m, s->B, m, s->b, s->z, NULL, NULL, &li);\n"
    "    inf->pivots += li.pivots;\n"
    "    inf->m = m;\n"
    "    inf->iters = 1;\n"
    "    if (s->hook)\n"
    "        s->hook(s->hook_ctx, s->step + 1, root, &lay, m, s->B, s->b, s->z, st);\n"
    "    if (st != NCS_LCP_SOLVED) {\n"
    "        inf->lcp_status = st;\n"
    "        return $_STEP_LCP_FAILED;\n"
    "    }\n"
    "    memcpy(u, vt, sizeof u);\n"
    "    @_apply(s, nc, off, u);\n"
    "    for (i = 0; i < $_NBODIES; i++)\n"
    "        for (k = 0; k < 3; k++)\n"
    "            du[i][k] += u[i][k] - vt[i][k];\n"
    "    return $_STEP_OK;\n"
    "}\n\n",
    "static void @_clear_info(@_info *in) {\n"
    "    memset(in, 0, sizeof *in);\n"
    "    in->body = -1;\n"
    "}\n\n",
    "/* One solve of every island of the pair list, linearised at qe (see\n"
    " * @_island); the velocity changes go to du (cleared first). With rec the\n"
    " * islands' info goes to body_last. Adds pivots to all, and m, status and\n"
    " * body of a failure. Returns $_STEP_OK or the first failure. */\n"
    "static int @_solve_all(@_state *s, const double (*qe)[3], const double (*qs)[3],\n"
    "                       const double (*vt)[3], const double (*un)[3], double (*du)[3],\n"
    "                       int rec, @_info *all) {\n"
    "    @_info one;\n"
    "    int i, r, st = $_STEP_OK;\n"
    "    memset(du, 0, sizeof(double) * 3 * $_NBODIES);\n"
    "    for (r = 0; r < $_NBODIES && st == $_STEP_OK; r++) {\n"
    "        for (i = 0; i < s->npairs; i++)\n"
    "            if (s->pair[i].island == r)\n"
    "                break;\n"
    "        if (i == s->npairs)\n"
    "            continue;\n"
    "        @_clear_info(&one);\n"
    "        st = @_island(s, r, qe, qs, vt, un, du, &one);\n"
    "        one.status = st;\n"
    "        if (st != $_STEP_OK)\n"
    "            one.body = r;\n"
    "        if (rec) {\n"
    "            s->body_last[r] = one;\n"
    "            for (i = 0; i < s->npairs; i++)\n"
    "                if (s->pair[i].island == r) {\n"
    "                    if (s->pair[i].pa >= 0)\n"
    "                        s->body_last[s->pair[i].pa] = one;\n"
    "                    if (s->pair[i].qb >= 0)\n"
    "                        s->body_last[s->pair[i].qb] = one;\n"
    "                }\n"
    "            all->groups += one.groups;\n"
    "        }\n"
    "        all->pivots += one.pivots;\n"
    "        if (one.m > all->m)\n"
    "            all->m = one.m;\n"
    "        if (st != $_STEP_OK) {\n"
    "            all->status = st;\n"
    "            all->lcp_status = one.lcp_status;\n"
    "            all->body = r;\n"
    "        }\n"
    "    }\n"
    "    return st;\n"
    "}\n\n",
    "/* Deepest penetration at q of the pairs, beyond what each had at the start\n"
    " * of the step qs (the fixpoint's measure). */\n"
    "static double @_deepest(const @_state *s, const double (*q)[3], const double (*qs)[3]) {\n"
    "    double worst = 0.0, g, g0;\n"
    "    int i;\n"
    "    for (i = 0; i < s->npairs; i++) {\n"
    "        g = @_gap(&s->pair[i], q);\n"
    "        g0 = @_gap(&s->pair[i], qs);\n"
    "        g = (g0 < 0.0 ? g0 : 0.0) - g;\n"
    "        if (g > worst)\n"
    "            worst = g;\n"
    "    }\n"
    "    return worst;\n"
    "}\n\n",
    "/* Position projection (post-stabilisation) of island `root` at the\n"
    " * end-of-step configuration q: when a pair is inside its piece, one more\n"
    " * LCP of the same structure at the position level (gaps f, no friction,\n"
    " * h = 1) gives the smallest mass-weighted displacement that closes the\n"
    " * linearised gaps; q moves, velocities do not (no energy is added).\n"
    " * A failed projection leaves q as it is. Adds its pivots to inf. */\n"
    "static void @_project(@_state *s, int root, double (*q)[3], @_info *inf) {\n"
    "    double dq[$_NBODIES][3], depth = 0.0;\n"
    "    ncs_layout lay;\n"
    "    ncs_lcp_info li;\n"
    "    int np, i, k, nc, m, off;\n"
    "    if (@_lay_of(s, root, &np, &lay, &m, &off) != $_STEP_OK || np == 0)\n"
    "        return;\n"
    "    for (i = 0; i < np; i++) {\n"
    "        double g = @_gap(&s->pair[s->ipair[i]], (const double (*)[3])q);\n"
    "        if (-g > depth)\n"
    "            depth = -g;\n"
    "    }\n"
    "    if (depth <= $_PROJECT_TOL)\n"
    "        return;\n"
    "    lay.eps_h = $_EPSILON;\n"
    "    nc = @_contacts(s, np, (const double (*)[3])q, NULL);\n"
    "    for (i = 0; i < nc; i++)\n"
    "        s->mu[i] = 0.0;\n"
    "    @_contact_space(s, nc, NULL, NULL, 1.0);\n"
    "    ncs_lcp_assemble(&lay, s->A, s->a0, s->mu, s->B, m, s->b);\n"
    "    if (ncs_lcp_solve(s->ws, &lay, m, s->B, m, s->b, s->z, NULL, NULL, &li) != NCS_LCP_SOLVED)\n"
    "        return;\n"
    "    inf->pivots += li.pivots;\n"
    "    memset(dq, 0, sizeof dq);\n"
    "    @_apply(s, nc, off, dq);\n"
    "    for (i = 0; i < $_NBODIES; i++)\n"
    "        for (k = 0; k < 3; k++)\n"
    "            q[i][k] += dq[i][k];\n"
    "}\n\n",
    NULL};

/* ---- step and API -------------------------------------------------------- */

static const char *const SrcStep[] = {
    "/* Origin state <-> centroid state of body i. */\n"
    "static void @_to_centroid(int i, const double q[3], const double v[3], double qc[3],\n"
    "                          double uc[3]) {\n"
    "    double rc[2];\n"
    "    @_rot(q[2], @_body[i].cx, @_body[i].cy, rc);\n"
    "    qc[0] = q[0] + rc[0];\n"
    "    qc[1] = q[1] + rc[1];\n"
    "    qc[2] = q[2];\n"
    "    uc[0] = v[0] - v[2] * rc[1];\n"
    "    uc[1] = v[1] + v[2] * rc[0];\n"
    "    uc[2] = v[2];\n"
    "}\n\n",
    "static void @_from_centroid(int i, const double qc[3], const double uc[3], double q[3],\n"
    "                            double v[3]) {\n"
    "    double rc[2];\n"
    "    @_rot(qc[2], @_body[i].cx, @_body[i].cy, rc);\n"
    "    q[0] = qc[0] - rc[0];\n"
    "    q[1] = qc[1] - rc[1];\n"
    "    q[2] = qc[2];\n"
    "    v[0] = uc[0] + uc[2] * rc[1];\n"
    "    v[1] = uc[1] - uc[2] * rc[0];\n"
    "    v[2] = uc[2];\n"
    "}\n\n",
    "static void @_centroids(const @_state *s, double (*qc)[3], double (*uc)[3]) {\n"
    "    int i;\n"
    "    for (i = 0; i < $_NBODIES; i++)\n"
    "        @_to_centroid(i, s->q[i], s->v[i], qc[i], uc[i]);\n"
    "}\n\n",
    "/* The fixpoint iteration (seed 002) after the first solve: u holds the\n"
    " * first solve's end-of-step velocities and gets the best iterate. While\n"
    " * the predicted end state q' = qc + h u penetrates deeper than fix_tol\n"
    " * (@_deepest) and fewer than fix_iters solves were made, the pairs are\n"
    " * collected again at q' and every island is solved again linearised at\n"
    " * q'. The iteration need not converge: the iterate with the least\n"
    " * predicted penetration is kept, and one whose velocities differ from the\n"
    " * first one's by more than 4 (first penetration) / h is a runaway and\n"
    " * not taken. A failed collection or solve ends it with the best earlier\n"
    " * iterate. Returns the solves made (>= 1). */\n"
    "static int @_fixpoint(@_state *s, const double (*qc)[3], const double (*uc)[3],\n"
    "                      const double (*vt)[3], double (*u)[3], @_info *all) {\n"
    "    double qn[$_NBODIES][3], un[$_NBODIES][3], ubest[$_NBODIES][3], du[$_NBODIES][3];\n"
    "    double ufirst[$_NBODIES][3], viol, vbest = 0.0, vfirst = 0.0;\n"
    "    int it, i, k, solves = 1;\n"
    "    memcpy(un, u, sizeof un);\n"
    "    memcpy(ubest, u, sizeof ubest);\n"
    "    memcpy(ufirst, u, sizeof ufirst);\n"
    "    for (it = 1;; it++) {\n"
    "        for (i = 0; i < $_NBODIES; i++)\n"
    "            for (k = 0; k < 3; k++)\n"
    "                qn[i][k] = qc[i][k] + $_H * un[i][k];\n"
    "        if (@_collect(s, (const double (*)[3])qn, uc, vt) != 0)\n"
    "            break;\n"
    "        @_islands(s);\n"
    "        viol = @_deepest(s, (const double (*)[3])qn, qc);\n"
    "        if (it == 1) {\n"
    "            vfirst = vbest = viol;\n"
    "        } else if (viol < vbest &&\n"
    "                   @_fix_dev((const double (*)[3])un, (const double (*)[3])ufirst) <=\n"
    "                       4.0 * vfirst / $_H) {\n"
    "            vbest = viol;\n"
    "            memcpy(ubest, un, sizeof un);\n"
    "        }\n"
    "        if (viol <= s->fix_tol || solves >= s->fix_iters)\n"
    "            break;\n"
    "        if (@_solve_all(s, (const double (*)[3])qn, qc, vt, (const double (*)[3])un, du, 0,\n"
    "                        all) != $_STEP_OK)\n"
    "            break;\n"
    "        solves++;\n"
    "        for (i = 0; i < $_NBODIES; i++)\n"
    "            for (k = 0; k < 3; k++)\n"
    "                un[i][k] = vt[i][k] + du[i][k];\n"
    "    }\n"
    "    all->status = $_STEP_OK;\n"
    "    all->lcp_status = 0;\n"
    "    all->body = -1;\n"
    "    memcpy(u, ubest, sizeof ubest);\n"
    "    return solves;\n"
    "}\n\n",
    "int @_step(@_state *s) {\n"
    "    double qc[$_NBODIES][3], uc[$_NBODIES][3], vt[$_NBODIES][3], du[$_NBODIES][3];\n"
    "    @_info all;\n"
    "    int i, k, r, st;\n"
    "    @_clear_info(&all);\n"
    "    @_centroids(s, qc, uc);\n"
    "    for (i = 0; i < $_NBODIES; i++) {\n"
    "        vt[i][0] = uc[i][0] + $_H * @_body[i].ax;\n"
    "        vt[i][1] = uc[i][1] + $_H * @_body[i].ay;\n"
    "        vt[i][2] = uc[i][2] + $_H * @_body[i].alpha;\n"
    "        @_clear_info(&s->body_last[i]);\n"
    "    }\n"
    "    if (@_collect(s, (const double (*)[3])qc, (const double (*)[3])uc,\n"
    "                  (const double (*)[3])vt) != 0) {\n"
    "        all.status = $_STEP_CAPACITY;\n"
    "        all.body = s->npairs > 0 ? (s->pair[s->npairs - 1].pa >= 0\n"
    "                                        ? s->pair[s->npairs - 1].pa\n"
    "                                        : s->pair[s->npairs - 1].qb) : 0;\n"
    "        s->last = all;\n"
    "        return all.status;\n"
    "    }\n"
    "    @_islands(s);\n"
    "    st = @_solve_all(s, (const double (*)[3])qc, (const double (*)[3])qc,\n"
    "                     (const double (*)[3])vt, NULL, du, 1, &all);\n"
    "    all.iters = s->npairs > 0 ? 1 : 0;\n"
    "    if (st != $_STEP_OK) {\n"
    "        s->last = all;\n"
    "        return st;\n"
    "    }\n"
    "    for (i = 0; i < $_NBODIES; i++)\n"
    "        for (k = 0; k < 3; k++)\n"
    "            du[i][k] += vt[i][k]; /* now the end-of-step velocity */\n"
    "    if (s->fix_iters > 1 && s->npairs > 0) {\n"
    "        all.iters = @_fixpoint(s, (const double (*)[3])qc, (const double (*)[3])uc,\n"
    "                               (const double (*)[3])vt, du, &all);\n"
    "        for (i = 0; i < $_NBODIES; i++)\n"
    "            if (s->body_last[i].iters > 0)\n"
    "                s->body_last[i].iters = all.iters;\n"
    "        /* the projection works on the pairs of the start of the step */\n"
    "        if (@_collect(s, (const double (*)[3])qc, (const double (*)[3])uc,\n"
    "                      (const double (*)[3])vt) != 0)\n"
    "            s->npairs = 0;\n"
    "        @_islands(s);\n"
    "    }\n"
    "    s->last = all;\n"
    "    for (i = 0; i < $_NBODIES; i++)\n"
    "        for (k = 0; k < 3; k++)\n"
    "            qc[i][k] += $_H * du[i][k];\n"
    "    for (r = 0; r < $_NBODIES; r++)\n"
    "        @_project(s, r, qc, &s->last);\n"
    "    for (i = 0; i < $_NBODIES; i++)\n"
    "        @_from_centroid(i, qc[i], du[i], s->q[i], s->v[i]);\n"
    "    s->step++;\n"
    "    s->solves += all.iters;\n"
    "    return $_STEP_OK;\n"
    "}\n\n",
    "int @_reset(@_state *s) {\n"
    "    int i, k;\n"
    "    for (i = 0; i < $_NBODIES; i++) {\n"
    "        for (k = 0; k < 3; k++) {\n"
    "            s->q[i][k] = @_body[i].q0[k];\n"
    "            s->v[i][k] = @_body[i].u0[k];\n"
    "        }\n"
    "        @_clear_info(&s->body_last[i]);\n"
    "    }\n"
    "    s->ws = ncs_lcp_workspace_init(s->wsmem, sizeof s->wsmem, $_MAX_M);\n"
    "    s->step = 0;\n"
    "    s->solves = 0;\n"
    "    s->npairs = 0;\n"
    "    @_clear_info(&s->last);\n"
    "    return s->ws ? 0 : -1;\n"
    "}\n\n",
    "int @_init(@_state *s) {\n"
    "    s->hook = NULL;\n"
    "    s->hook_ctx = NULL;\n"
    "    s->fix_iters = $_FIXPOINT_ITERS;\n"
    "    s->fix_tol = $_FIXPOINT_TOL;\n"
    "    return @_reset(s);\n"
    "}\n\n",
    "void @_set_fixpoint(@_state *s, int iters, double tol) {\n"
    "    s->fix_iters = iters < 1 ? 1 : iters > 1000 ? 1000 : iters;\n"
    "    s->fix_tol = tol > 0.0 ? tol : 0.0;\n"
    "}\n\n",
    NULL};

static const char *const SrcApi[] = {
    "void @_set_lcp_hook(@_state *s, @_lcp_hook fn, void *ctx) {\n"
    "    s->hook = fn;\n"
    "    s->hook_ctx = ctx;\n"
    "}\n\n",
    "void @_position(const @_state *s, int body, double xy[2]) {\n"
    "    xy[0] = s->q[body][0];\n"
    "    xy[1] = s->q[body][1];\n"
    "}\n\n",
    "void @_velocity(const @_state *s, int body, double v[2]) {\n"
    "    v[0] = s->v[body][0];\n"
    "    v[1] = s->v[body][1];\n"
    "}\n\n",
    "double @_angle(const @_state *s, int body) { return s->q[body][2]; }\n\n"
    "double @_omega(const @_state *s, int body) { return s->v[body][2]; }\n\n"
    "@_info @_last_info(const @_state *s) { return s->last; }\n\n"
    "@_info @_body_info(const @_state *s, int body) { return s->body_last[body]; }\n\n"
    "const char *@_body_name(int body) { return @_names[body]; }\n\n"
    "/* Depth of P (0 when outside). */\n"
    "static double @_depth(const @_pair *P, const double (*q)[3]) {\n"
    "    double g = @_gap(P, q);\n"
    "    return g < 0.0 ? -g : 0.0;\n"
    "}\n\n",
    "/* Deepest pair of points of a against b (polygon pieces or disc). */\n"
    "static double @_body_depth(int a, int b, const double (*q)[3]) {\n"
    "    const @_bodyc *A = &@_body[a], *Bc = &@_body[b];\n"
    "    double worst = 0.0, d;\n"
    "    @_pair P;\n"
    "    int v, k;\n"
    "    memset(&P, 0, sizeof P);\n"
    "    P.pa = a;\n"
    "    P.qb = b;\n"
    "    if (Bc->kind != 2) {\n"
    "        if (A->kind == 2 || A->r + Bc->r <= 0.0)\n"
    "            return 0.0;\n"
    "        P.rp = A->r;\n"
    "        P.rb = Bc->r;\n"
    "        P.s0 = -1;\n"
    "        return @_depth(&P, q);\n"
    "    }\n"
    "    P.rp = A->r;\n"
    "    for (v = A->kind == 2 ? A->vert0 : 0; v < (A->kind == 2 ? A->vert0 + A->nvert : 1); v++)\n"
    "        for (k = Bc->piece0; k < Bc->piece0 + Bc->npiece; k++) {\n"
    "            P.px = A->kind == 2 ? @_vx[v] : 0.0;\n"
    "            P.py = A->kind == 2 ? @_vy[v] : 0.0;\n"
    "            P.s0 = @_pfirst[k];\n"
    "            P.ns = @_pn[k];\n"
    "            if ((d = @_depth(&P, q)) > worst)\n"
    "                worst = d;\n"
    "        }\n"
    "    return worst;\n"
    "}\n\n",
    "double @_penetration(const @_state *s, int body) {\n"
    "    const @_bodyc *A = &@_body[body];\n"
    "    double qc[$_NBODIES][3], uc[$_NBODIES][3], worst = 0.0, d;\n"
    "    @_pair P;\n"
    "    int gr, v, b;\n"
    "    @_centroids(s, qc, uc);\n"
    "    memset(&P, 0, sizeof P);\n"
    "    P.pa = body;\n"
    "    P.qb = -1;\n"
    "    for (gr = A->g0; gr < A->g0 + A->ng; gr++) {\n"
    "        P.s0 = @_gfirst[gr];\n"
    "        P.ns = @_gn[gr];\n"
    "        for (v = A->kind == 2 ? A->vert0 : 0; v < (A->kind == 2 ? A->vert0 + A->nvert : 1);\n"
    "             v++) {\n"
    "            P.px = A->kind == 2 ? @_vx[v] : 0.0;\n"
    "            P.py = A->kind == 2 ? @_vy[v] : 0.0;\n"
    "            if ((d = @_depth(&P, (const double (*)[3])qc)) > worst)\n"
    "                worst = d;\n"
    "        }\n"
    "    }\n"
    "    P.pa = -1;\n"
    "    P.qb = body;\n"
    "    for (v = 0; A->kind == 2 && v < $_NOVERTS; v++)\n"
    "        for (gr = A->piece0; gr < A->piece0 + A->npiece; gr++) {\n"
    "            P.px = @_ox[v];\n"
    "            P.py = @_oy[v];\n"
    "            P.s0 = @_pfirst[gr];\n"
    "            P.ns = @_pn[gr];\n"
    "            if ((d = @_depth(&P, (const double (*)[3])qc)) > worst)\n"
    "                worst = d;\n"
    "        }\n"
    "    for (b = 0; b < $_NBODIES; b++) {\n"
    "        if (b == body)\n"
    "            continue;\n"
    "        if ((d = @_body_depth(body, b, (const double (*)[3])qc)) > worst)\n"
    "            worst = d;\n"
    "        if ((d = @_body_depth(b, body, (const double (*)[3])qc)) > worst)\n"
    "            worst = d;\n"
    "    }\n"
    "    return worst;\n"
    "}\n\n",
    "double @_energy(const @_state *s) {\n"
    "    double qc[$_NBODIES][3], uc[$_NBODIES][3], e = 0.0;\n"
    "    int i;\n"
    "    @_centroids(s, qc, uc);\n"
    "    for (i = 0; i < $_NBODIES; i++) {\n"
    "        e += 0.5 * (uc[i][0] * uc[i][0] + uc[i][1] * uc[i][1]) / @_body[i].im;\n"
    "        if (@_body[i].iI > 0.0)\n"
    "            e += 0.5 * uc[i][2] * uc[i][2] / @_body[i].iI;\n"
    "    }\n"
    "    return e;\n"
    "}\n",
    NULL};

void ncs_emit_rigid_source(const ncs_plan *p, ncs_buf *o) {
    const ncs_scene *s = p->s;
    ncs_buf_tpl(o, "/* @.c - time-stepper for scene '");
    ncs_buf_printf(o, "%s'. Generated by ncsc; do not edit.\n", s->name);
    ncs_buf_tpl(o,
        " * Rigid-body path (docs/rigid.md): contacts both ways between body\n"
        " * vertices and convex pieces, one LCP per island of touching bodies,\n"
        " * assembled by ncs_lcp_assemble from W^T M^-1 W. */\n"
        "#include <math.h>\n"
        "#include <string.h>\n"
        "#include \"ncs/assemble.h\"\n"
        "#include \"@.h\"\n\n");
    if (emit_tables(p, o) != 0) {
        o->oom = 1;
        return;
    }
    emit_bodies(p, o);
    tpl_list(o, SrcGeom);
    tpl_list(o, SrcPairs);
    tpl_list(o, SrcSolve);
    tpl_list(o, SrcStep);
    tpl_list(o, SrcApi);
}
