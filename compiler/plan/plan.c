/* plan.c - planning: the code generator's decisions (plan.h; rules in docs/engine.md,
 * "Sizes", and docs/formulations.md, "Automatic constants"). */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ncs/lcp.h"    /* NCS_LCP_MAX_M */
#include "ncs/config.h" /* NCS_STATE_MAX_BYTES */
#include "plan.h"

/** Scale of the projection and admissibility tolerances (times the scene's
 *  diameter). */
#define PLAN_PROJECT_TOL 1e-10
#define PLAN_PROJECT_ABS 2.5e-10
#define PLAN_ADMIT_TOL 1e-6
/** Default summation epsilon (times the scene's diameter): the depth the
 *  position projection leaves, so summation's allowance is no larger than
 *  what every formulation leaves (docs/rigid.md). */
#define PLAN_EPSILON 1e-9

static void grow_box(double box[4], double x, double y) {
    if (x < box[0]) box[0] = x;
    if (y < box[1]) box[1] = y;
    if (x > box[2]) box[2] = x;
    if (y > box[3]) box[3] = y;
}

static double mu_of(double a, double b) {
    return a > 0 && b > 0 ? sqrt(a * b) : 0;
}

/* ---- piece tables -------------------------------------------------------- */

static void ptab_free(ncs_ptab *t) {
    free(t->first);
    free(t->vfirst);
    free(t->nx);
    free(t->ny);
    free(t->off);
    free(t->grow);
    free(t->mu);
    free(t->internal);
    free(t->vx);
    free(t->vy);
    free(t->cx);
    free(t->cy);
    free(t->rad);
    memset(t, 0, sizeof *t);
}

static int ptab_alloc(ncs_ptab *t, int npieces, int nsides, int nverts) {
    size_t P = (size_t)npieces + 1, S = (size_t)nsides + 1, V = (size_t)nverts + 1;
    memset(t, 0, sizeof *t);
    t->npieces = npieces;
    t->nsides = nsides;
    t->nverts = nverts;
    t->first = calloc(P, sizeof *t->first);
    t->vfirst = calloc(P, sizeof *t->vfirst);
    t->nx = calloc(S, sizeof(double));
    t->ny = calloc(S, sizeof(double));
    t->off = calloc(S, sizeof(double));
    t->grow = calloc(S, sizeof(double));
    t->mu = calloc(S, sizeof(double));
    t->internal = calloc(S, 1);
    t->vx = calloc(V, sizeof(double));
    t->vy = calloc(V, sizeof(double));
    t->cx = calloc(P, sizeof(double));
    t->cy = calloc(P, sizeof(double));
    t->rad = calloc(P, sizeof(double));
    if (!t->first || !t->vfirst || !t->nx || !t->ny || !t->off || !t->grow || !t->mu ||
        !t->internal || !t->vx || !t->vy || !t->cx || !t->cy || !t->rad) {
        ptab_free(t);
        return -1;
    }
    return 0;
}

/* Copies the groups of cs into t, shifted by -(sx, sy) (a body's centroid),
 * with each side's friction from mu_of_obstacle[obstacle] (NULL: 0). */
static int ptab_from(ncs_ptab *t, const ncs_cspace *cs, double sx, double sy,
                     const ncs_scene *s) {
    int k, j, nv = 0;
    for (k = 0; k < cs->ngroups; k++)
        nv += cs->groups[k].nverts;
    if (ptab_alloc(t, cs->ngroups, cs->nsides, nv) != 0)
        return -1;
    nv = 0;
    for (k = 0; k < cs->ngroups; k++) {
        const ncs_group *gr = &cs->groups[k];
        double cx = 0, cy = 0, rad = 0;
        int ns = gr->nsides, first = t->first[k];
        t->first[k + 1] = first + ns;
        t->vfirst[k] = nv;
        t->vfirst[k + 1] = nv + gr->nverts;
        if (ns > t->maxsides)
            t->maxsides = ns;
        for (j = 0; j < gr->nverts; j++) {
            t->vx[nv + j] = cs->verts[gr->first_vert + j].x - sx;
            t->vy[nv + j] = cs->verts[gr->first_vert + j].y - sy;
            cx += t->vx[nv + j] / gr->nverts;
            cy += t->vy[nv + j] / gr->nverts;
        }
        for (j = 0; j < gr->nverts; j++) {
            double d = hypot(t->vx[nv + j] - cx, t->vy[nv + j] - cy);
            rad = d > rad ? d : rad;
        }
        t->cx[k] = cx;
        t->cy[k] = cy;
        t->rad[k] = gr->nverts > 0 ? rad * (1 + 1e-12) + 1e-300 : -1;
        for (j = 0; j < ns; j++) {
            const ncs_gside *sd = &cs->sides[gr->first_side + j];
            double nx = sd->normal.x, ny = sd->normal.y, len = hypot(nx, ny);
            double px = sd->point.x - sx, py = sd->point.y - sy, shifted;
            nx /= len;
            ny /= len;
            t->nx[first + j] = nx;
            t->ny[first + j] = ny;
            shifted = nx * px + ny * py;
            if (gr->nverts == ns) { /* the true line runs through vertex j */
                t->off[first + j] = nx * t->vx[nv + j] + ny * t->vy[nv + j];
                t->grow[first + j] = fmax(0, shifted - t->off[first + j]);
            } else {
                t->off[first + j] = shifted;
            }
            t->internal[first + j] = (unsigned char)(sd->internal != 0);
            t->mu[first + j] = s && sd->obstacle >= 0 && sd->obstacle < s->nobstacles
                                   ? s->obstacles[sd->obstacle].friction
                                   : 0;
        }
        nv += gr->nverts;
    }
    return 0;
}

/* Speed bound of any point of body b over the run: no step adds energy
 * (ghost sides, docs/engine.md), so the kinetic energy stays below the
 * initial kinetic energy plus the work of the external forces inside the
 * scene box (outside it there is nothing to touch); with
 * m v^2 / 2 + I w^2 / 2 <= E the fastest point moves at most
 * sqrt(2 E (1 / m + rad^2 / I)), plus |alpha| T rad for torques. */
static double speed_bound(const ncs_plan *p, int b) {
    const ncs_scene *s = p->s;
    const ncs_pbody *pb = &p->bodies[b];
    double E = 0, I;
    int i;
    for (i = 0; i < s->nbodies; i++) {
        const ncs_body *bd = &s->bodies[i];
        const ncs_pbody *pi = &p->bodies[i];
        I = pi->iI > 0 ? 1 / pi->iI : 0;
        E += 0.5 * bd->mass * (bd->vel.x * bd->vel.x + bd->vel.y * bd->vel.y) +
             0.5 * I * bd->omega * bd->omega +
             bd->mass * (fabs(pi->ax) * (p->box[2] - p->box[0]) +
                         fabs(pi->ay) * (p->box[3] - p->box[1]));
    }
    /* erp: a joint starts a step at most project_tol apart (the projection
     * of the step before), and erp of that per step is added as speed */
    return sqrt(2 * E * (1 / s->bodies[b].mass + pb->rad * pb->rad * pb->iI)) +
           pb->rad * fabs(pb->alpha) * s->h * s->steps +
           (s->njoints > 0 ? s->erp * p->project_tol / s->h * s->steps : 0);
}

/* ---- joints --------------------------------------------------------------- */

/* World point (x, y) in body b's centroid frame at time 0. */
static void to_body(const ncs_plan *p, int b, double x, double y, double *lx, double *ly) {
    const ncs_pbody *pb = &p->bodies[b];
    double c = cos(pb->q0[2]), s = sin(pb->q0[2]);
    /* the centroid in the world: q0 + R c */
    double gx = pb->q0[0] + c * pb->cx - s * pb->cy, gy = pb->q0[1] + s * pb->cx + c * pb->cy;
    *lx = c * (x - gx) + s * (y - gy);
    *ly = -s * (x - gx) + c * (y - gy);
}

/* The joints' anchors in the bodies' centroid frames; the sizes' joint
 * rows (every joint may end in one island). */
static int plan_joints(ncs_plan *p) {
    const ncs_scene *s = p->s;
    int i;
    p->njoints = s->njoints;
    p->joints = calloc((size_t)s->njoints + 1, sizeof *p->joints);
    if (!p->joints)
        return -1;
    for (i = 0; i < s->njoints; i++) {
        const ncs_joint *j = &s->joints[i];
        ncs_pjoint *pj = &p->joints[i];
        const ncs_pbody *pa = &p->bodies[j->a];
        pj->kind = j->kind;
        pj->a = j->a;
        pj->b = j->b;
        if (j->kind == NCS_JOINT_ROD) { /* the reference points */
            to_body(p, j->a, pa->q0[0], pa->q0[1], &pj->ax, &pj->ay);
            if (j->b >= 0)
                to_body(p, j->b, p->bodies[j->b].q0[0], p->bodies[j->b].q0[1], &pj->bx,
                        &pj->by);
            else {
                pj->bx = j->at.x;
                pj->by = j->at.y;
            }
            pj->len = j->length;
        } else {
            to_body(p, j->a, j->at.x, j->at.y, &pj->ax, &pj->ay);
            if (j->b >= 0)
                to_body(p, j->b, j->at.x, j->at.y, &pj->bx, &pj->by);
            else {
                pj->bx = j->at.x;
                pj->by = j->at.y;
            }
            pj->angle = pa->q0[2] - (j->b >= 0 ? p->bodies[j->b].q0[2] : 0);
        }
        pj->motor = j->motor;
        pj->speed = j->speed;
        pj->max_torque = j->max_torque;
        p->size.jrows += ncs_joint_kinds[j->kind].rows + j->motor;
    }
    return 0;
}

/* ---- bodies --------------------------------------------------------------- */

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
    }
    return c;
}

/* Body tables: constants, outline vertices and pieces in the centroid
 * frame. Returns 0, or -1 when out of memory. */
static int plan_bodies(ncs_plan *p) {
    const ncs_scene *s = p->s;
    const ncs_geometry *g = p->g;
    int b, k, j, np = 0, ns = 0, nv = 0, nbv = 0;
    for (b = 0; b < s->nbodies; b++)
        if (s->bodies[b].kind == NCS_POLYGON) {
            const ncs_cspace *cs = &g->body_pieces[b];
            np += cs->ngroups;
            ns += cs->nsides;
            for (k = 0; k < cs->ngroups; k++)
                nv += cs->groups[k].nverts;
            nbv += s->bodies[b].shape.n;
        }
    if (ptab_alloc(&p->bpieces, np, ns, nv) != 0)
        return -1;
    p->bvx = calloc((size_t)nbv + 1, sizeof(double));
    p->bvy = calloc((size_t)nbv + 1, sizeof(double));
    p->bvmap = calloc((size_t)nv + 1, sizeof(int));
    if (!p->bvx || !p->bvy || !p->bvmap)
        return -1;
    np = ns = nv = nbv = 0;
    for (b = 0; b < s->nbodies; b++) {
        const ncs_body *bd = &s->bodies[b];
        ncs_pbody *pb = &p->bodies[b];
        ncs_vec2 c = {0, 0};
        double inertia = 0.5 * bd->mass * bd->radius * bd->radius;
        pb->kind = bd->kind;
        pb->im = 1 / bd->mass;
        pb->r = bd->kind == NCS_DISC ? bd->radius : 0;
        if (bd->kind == NCS_POLYGON)
            inertia = bd->inertia;
        pb->iI = bd->kind != NCS_PARTICLE && inertia > 0 ? 1 / inertia : 0;
        pb->ax = s->gravity.x + bd->force.x / bd->mass;
        pb->ay = s->gravity.y + bd->force.y / bd->mass;
        pb->alpha = bd->torque * pb->iI;
        if (bd->kinematic) { /* infinite mass, nothing acts on it */
            pb->kinematic = 1;
            pb->im = pb->iI = pb->ax = pb->ay = pb->alpha = 0;
        }
        pb->mu = bd->friction;
        pb->e = bd->restitution;
        pb->rad = pb->r;
        pb->q0[0] = bd->pos.x;
        pb->q0[1] = bd->pos.y;
        pb->q0[2] = bd->angle;
        pb->v0[0] = bd->vel.x;
        pb->v0[1] = bd->vel.y;
        pb->v0[2] = bd->omega;
        pb->vert0 = nbv;
        pb->piece0 = np;
        if (bd->kind != NCS_POLYGON)
            continue;
        c = ring_centroid(&bd->shape);
        pb->cx = c.x;
        pb->cy = c.y;
        pb->nvert = bd->shape.n;
        for (j = 0; j < bd->shape.n; j++) {
            p->bvx[nbv + j] = bd->shape.pt[j].x - c.x;
            p->bvy[nbv + j] = bd->shape.pt[j].y - c.y;
            pb->rad = fmax(pb->rad, hypot(p->bvx[nbv + j], p->bvy[nbv + j]));
        }
        nbv += bd->shape.n;
        {
            ncs_ptab one;
            const ncs_cspace *cs = &g->body_pieces[b];
            if (ptab_from(&one, cs, c.x, c.y, NULL) != 0)
                return -1;
            pb->npiece = cs->ngroups;
            for (k = 0; k < one.npieces; k++) {
                int s0 = one.first[k], s1 = one.first[k + 1];
                int v0 = one.vfirst[k], v1 = one.vfirst[k + 1];
                p->bpieces.first[np + k] = ns;
                p->bpieces.vfirst[np + k] = nv;
                for (j = s0; j < s1; j++, ns++) {
                    p->bpieces.nx[ns] = one.nx[j];
                    p->bpieces.ny[ns] = one.ny[j];
                    p->bpieces.off[ns] = one.off[j];
                    p->bpieces.grow[ns] = one.grow[j];
                    p->bpieces.internal[ns] = one.internal[j];
                }
                for (j = v0; j < v1; j++, nv++) {
                    int o, best = pb->vert0;
                    double bd2 = HUGE_VAL;
                    p->bpieces.vx[nv] = one.vx[j];
                    p->bpieces.vy[nv] = one.vy[j];
                    for (o = pb->vert0; o < pb->vert0 + pb->nvert; o++) {
                        double dd = hypot(p->bvx[o] - one.vx[j], p->bvy[o] - one.vy[j]);
                        if (dd < bd2) {
                            bd2 = dd;
                            best = o;
                        }
                    }
                    p->bvmap[nv] = best;
                }
                p->bpieces.cx[np + k] = one.cx[k];
                p->bpieces.cy[np + k] = one.cy[k];
                p->bpieces.rad[np + k] = one.rad[k];
                p->bpieces.first[np + k + 1] = ns;
                p->bpieces.vfirst[np + k + 1] = nv;
            }
            if (one.maxsides > p->bpieces.maxsides)
                p->bpieces.maxsides = one.maxsides;
            np += one.npieces;
            ptab_free(&one);
        }
    }
    p->nbverts = nbv;
    return 0;
}

/* ---- convex corners of the solid ----------------------------------------- */

/* The obstacle vertices sorted by (x, y), for finding one by its place. */
typedef struct vkey {
    double x, y;
    int v;
} vkey;

static int cmp_vkey(const void *a, const void *b) {
    const vkey *p = a, *q = b;
    if (p->x != q->x)
        return p->x < q->x ? -1 : 1;
    if (p->y != q->y)
        return p->y < q->y ? -1 : 1;
    return (p->v > q->v) - (p->v < q->v);
}

/* The first vertex (lowest index) of the sorted keys k[0..n) at (x, y), or -1. */
static int find_vertex(const vkey *k, int n, double x, double y) {
    int lo = 0, hi = n;
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if (k[mid].x < x || (k[mid].x == x && k[mid].y < y))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < n && k[lo].x == x && k[lo].y == y ? k[lo].v : -1;
}

/* Convex corners of the solid (the geometry's, of the union: a seam's
 * vertices are none), as obstacle piece vertices, with the friction of the
 * edge leaving each: the obstacle points that can poke into a polygon
 * body's side. Reflex and straight vertices cannot touch a body before one
 * of its vertices enters the solid. Returns 0, or -1 out of memory. */
static int plan_corners(ncs_plan *p) {
    const ncs_geometry *g = p->g;
    const ncs_scene *s = p->s;
    int i, n = 0;
    vkey *keys = malloc(((size_t)p->obst.nverts + 1) * sizeof *keys);
    p->corner_v = calloc((size_t)g->ncorners + 1, sizeof *p->corner_v);
    p->corner_mu = calloc((size_t)g->ncorners + 1, sizeof *p->corner_mu);
    if (!keys || !p->corner_v || !p->corner_mu) {
        free(keys);
        return -1;
    }
    for (i = 0; i < p->obst.nverts; i++) {
        keys[i].x = p->obst.vx[i];
        keys[i].y = p->obst.vy[i];
        keys[i].v = i;
    }
    qsort(keys, (size_t)p->obst.nverts, sizeof *keys, cmp_vkey);
    for (i = 0; i < g->ncorners; i++) {
        int v = find_vertex(keys, p->obst.nverts, g->corners[i].x, g->corners[i].y), o;
        if (v < 0)
            continue;
        o = g->corner_obstacle ? g->corner_obstacle[i] : -1;
        p->corner_v[n] = v;
        p->corner_mu[n++] = o >= 0 && o < s->nobstacles ? s->obstacles[o].friction : 0;
    }
    p->ncorners = n;
    free(keys);
    return 0;
}

/* ---- constants -------------------------------------------------------------- */

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The width of convex piece k: the least distance between two parallel
 * lines that hold it, over its sides' directions (a convex polygon's width
 * is met with one line through a side). 0 for a piece with no sides. */
static double piece_width(const ncs_ptab *t, int k) {
    double width = HUGE_VAL;
    int i, j;
    for (i = t->first[k]; i < t->first[k + 1]; i++) {
        double deepest = 0;
        for (j = t->vfirst[k]; j < t->vfirst[k + 1]; j++)
            deepest = fmax(deepest, t->off[i] - (t->nx[i] * t->vx[j] + t->ny[i] * t->vy[j]));
        width = fmin(width, deepest);
    }
    return width < HUGE_VAL ? width : 0;
}

/* The scale of what happens near a body: the scene's diameter, but no more
 * than 10 times the larger of the median piece and the largest body (a row
 * of 10^4 small teeth is no larger near a disc than a row of 10). A piece
 * counts by its width, not its length: near a body a floor 2 km long and
 * 1 m thick is a floor 1 m thick (by its length, 1000 boxes 2 m apart on
 * it got margins of 2 m, kept the floor's far sides and met 40 rows each
 * where 100 boxes met 2). Margins and tolerances follow it, so a long
 * scene behaves like a short one. */
static double local_scale(const ncs_plan *p) {
    double *d = malloc(((size_t)p->obst.npieces + 1) * sizeof *d), med = 0, body = 0, t;
    int k, n = 0;
    for (k = 0; d && k < p->obst.npieces; k++)
        if (p->obst.rad[k] >= 0)
            d[n++] = fmin(2 * p->obst.rad[k], piece_width(&p->obst, k));
    if (n > 0)
        qsort(d, (size_t)n, sizeof *d, cmp_double);
    if (n > 0)
        med = d[n / 2];
    free(d);
    for (k = 0; k < p->s->nbodies; k++)
        body = fmax(body, 2 * p->bodies[k].rad);
    t = 10 * fmax(med, body);
    return t > 0 && t < p->diameter ? t : p->diameter;
}

/* Scene box, speed bound, gamma, epsilon, margins and tolerances. */
static void plan_constants(ncs_plan *p) {
    const ncs_scene *s = p->s;
    double box[4] = {HUGE_VAL, HUGE_VAL, -HUGE_VAL, -HUGE_VAL}, v2 = 0, amax = 0, rmax = 0, d;
    double vk = 0;
    int i, j;
    for (j = 0; j < p->obst.nverts; j++)
        grow_box(box, p->obst.vx[j], p->obst.vy[j]);
    for (i = 0; i < p->g->pieces.nsides; i++)
        grow_box(box, p->g->pieces.sides[i].point.x, p->g->pieces.sides[i].point.y);
    for (i = 0; i < s->nbodies; i++) {
        const ncs_body *b = &s->bodies[i];
        const ncs_pbody *pb = &p->bodies[i];
        double sp = hypot(b->vel.x, b->vel.y) + fabs(b->omega) * pb->rad;
        grow_box(box, b->pos.x, b->pos.y);
        if (sp * sp > v2)
            v2 = sp * sp;
        if (pb->kinematic && sp > vk)
            vk = sp;
        if (hypot(pb->ax, pb->ay) > amax)
            amax = hypot(pb->ax, pb->ay);
        rmax = fmax(rmax, pb->r);
    }
    if (p->obst.nverts > 0 || p->g->pieces.nsides > 0) {
        box[0] -= rmax;
        box[1] -= rmax;
        box[2] += rmax;
        box[3] += rmax;
    }
    memcpy(p->box, box, sizeof box);
    d = box[2] >= box[0] ? hypot(box[2] - box[0], box[3] - box[1]) : 0;
    p->diameter = d > 0 ? d : 1;
    p->local = local_scale(p);
    /* a kinematic body brings energy the bound above does not hold: a body
     * it pushes may come to about its speed, and meet a side at about
     * twice it */
    p->vmax = sqrt(v2 + 2 * amax * p->diameter) + 2 * vk;
    p->epsilon = s->epsilon_auto ? PLAN_EPSILON * p->local : s->epsilon;
    p->margin = s->margin_auto ? 1e-3 * p->local : s->margin;
    p->body_margin = 0.1 * p->margin;
    /* the projection leaves every pair within a quarter of the 1e-9 that
     * `expect no penetration` checks by default (where the coordinates'
     * rounding allows: not below 1e-13 of the scene's diameter) */
    p->project_tol = PLAN_PROJECT_TOL * p->local;
    if (p->project_tol > PLAN_PROJECT_ABS)
        p->project_tol = fmax(PLAN_PROJECT_ABS, 1e-13 * p->diameter);
    /* a solved step ends within 4 project_tol (1e-9 where project_tol is
     * 2.5e-10: the depth `expect no penetration` checks by default); an
     * overlap the projection leaves deeper is refused, not 'solved'. A float
     * state resolves about 1e-7 of its coordinates, so its copy keeps
     * 1e-6 of the local scale. Summation relaxes each group by epsilon: a
     * body may end up to about epsilon inside a corner of a piece
     * (docs/formulations.md) */
    p->admit_tol_float = PLAN_ADMIT_TOL * p->local;
    p->admit_tol = fmin(p->admit_tol_float, 4 * p->project_tol);
    if (s->form == NCS_FORM_SUMMATION && 2 * p->epsilon > p->admit_tol)
        p->admit_tol = 2 * p->epsilon;
    if (s->form == NCS_FORM_SUMMATION && 2 * p->epsilon > p->admit_tol_float)
        p->admit_tol_float = 2 * p->epsilon;
    p->fix_tol = 1e-3 * p->local;
}

/* gamma (the max formulation's constant) bounds every a of a group: a side
 * kept in a pair is at most a piece's diameter plus the reach from the
 * point (docs/formulations.md, "Automatic constants"), so 2 (G / h + Vmax)
 * + 1 with G the largest piece (the scene's diameter when a piece is
 * unbounded) plus twice the reach. */
static void plan_gamma(ncs_plan *p) {
    const ncs_scene *s = p->s;
    double G = 0;
    int k;
    for (k = 0; k < p->obst.npieces; k++)
        G = p->obst.rad[k] < 0 ? HUGE_VAL : fmax(G, 2 * p->obst.rad[k]);
    for (k = 0; k < p->bpieces.npieces; k++)
        G = fmax(G, 2 * p->bpieces.rad[k]);
    G = fmin(p->diameter, G + 2 * p->reach_cap);
    p->gamma = s->gamma_auto ? 2 * (G / s->h + p->vmax) + 1 : s->gamma;
}

/* The reach the sizes hold (docs/engine.md, "Sizes"): twice the margin
 * plus two steps at the fastest start (initial speed and one step of the
 * external accelerations, rotation at the bounding radius). A body faster
 * than that later makes the engine take substeps, so the sizes bound what
 * any step meets without assuming the worst speed the scene's energy
 * allows. */
static void plan_reach(ncs_plan *p) {
    const ncs_scene *s = p->s;
    double v0 = 0;
    int b;
    for (b = 0; b < s->nbodies; b++) {
        const ncs_body *bd = &s->bodies[b];
        const ncs_pbody *pb = &p->bodies[b];
        double v = hypot(bd->vel.x, bd->vel.y) + fabs(bd->omega) * pb->rad +
                   s->h * (hypot(pb->ax, pb->ay) + fabs(pb->alpha) * pb->rad);
        v0 = v > v0 ? v : v0;
    }
    p->reach_cap = 2 * p->margin + 2 * s->h * v0;
}

/* The grid over the obstacle pieces (docs/engine.md): cells about the size
 * of a piece or of what one body covers in a step (its radius and the
 * reach), at most 4 per piece; every piece listed in the cells its circle's
 * box touches, every convex corner in its cell. Small scenes (fewer than 8
 * pieces) get none: looking at every piece is cheaper. Returns 0, or -1
 * when out of memory. */
static int plan_grid(ncs_plan *p) {
    ncs_pgrid *g = &p->grid;
    const ncs_ptab *t = &p->obst;
    double box[4] = {HUGE_VAL, HUGE_VAL, -HUGE_VAL, -HUGE_VAL}, size = 0, reach = 0;
    int k, nb = 0, pass, ix, iy, i;
    long cells;
    memset(g, 0, sizeof *g);
    for (k = 0; k < t->npieces; k++) {
        if (t->rad[k] < 0) {
            g->nfree++;
            continue;
        }
        grow_box(box, t->cx[k] - t->rad[k], t->cy[k] - t->rad[k]);
        grow_box(box, t->cx[k] + t->rad[k], t->cy[k] + t->rad[k]);
        size += 2 * t->rad[k];
        nb++;
    }
    if (nb < 8 || !(box[2] > box[0]) || !(box[3] > box[1]))
        return 0;
    for (i = 0; i < p->s->nbodies; i++)
        reach = fmax(reach, p->bodies[i].rad);
    g->cell = fmax(size / nb, 2 * (reach + p->reach_cap));
    while ((double)ceil((box[2] - box[0]) / g->cell) * ceil((box[3] - box[1]) / g->cell) >
           4.0 * nb + 64)
        g->cell *= 1.5;
    g->x0 = box[0];
    g->y0 = box[1];
    g->nx = (int)ceil((box[2] - box[0]) / g->cell);
    g->ny = (int)ceil((box[3] - box[1]) / g->cell);
    g->nx = g->nx < 1 ? 1 : g->nx;
    g->ny = g->ny < 1 ? 1 : g->ny;
    cells = (long)g->nx * g->ny;
    g->start = calloc((size_t)cells + 1, sizeof *g->start);
    g->cstart = calloc((size_t)cells + 1, sizeof *g->cstart);
    g->free_piece = calloc((size_t)g->nfree + 1, sizeof *g->free_piece);
    if (!g->start || !g->cstart || !g->free_piece)
        return -1;
    for (k = 0, i = 0; k < t->npieces; k++)
        if (t->rad[k] < 0)
            g->free_piece[i++] = k;
    for (pass = 0; pass < 2; pass++) {
        for (k = 0; k < t->npieces; k++) {
            int x0, x1, y0, y1;
            if (t->rad[k] < 0)
                continue;
            x0 = (int)fmax(0, fmin(g->nx - 1, floor((t->cx[k] - t->rad[k] - g->x0) / g->cell)));
            x1 = (int)fmax(0, fmin(g->nx - 1, floor((t->cx[k] + t->rad[k] - g->x0) / g->cell)));
            y0 = (int)fmax(0, fmin(g->ny - 1, floor((t->cy[k] - t->rad[k] - g->y0) / g->cell)));
            y1 = (int)fmax(0, fmin(g->ny - 1, floor((t->cy[k] + t->rad[k] - g->y0) / g->cell)));
            for (iy = y0; iy <= y1; iy++)
                for (ix = x0; ix <= x1; ix++) {
                    long c = (long)iy * g->nx + ix;
                    if (pass == 0)
                        g->start[c + 1]++;
                    else
                        g->item[g->start[c]++] = k;
                }
        }
        for (k = 0; k < p->ncorners; k++) {
            int v = p->corner_v[k];
            int cx = (int)fmax(0, fmin(g->nx - 1, floor((t->vx[v] - g->x0) / g->cell)));
            int cy = (int)fmax(0, fmin(g->ny - 1, floor((t->vy[v] - g->y0) / g->cell)));
            long c = (long)cy * g->nx + cx;
            if (pass == 0)
                g->cstart[c + 1]++;
            else
                g->citem[g->cstart[c]++] = k;
        }
        if (pass == 0) {
            for (i = 0; i < cells; i++) {
                g->start[i + 1] += g->start[i];
                g->cstart[i + 1] += g->cstart[i];
            }
            g->item = malloc(((size_t)g->start[cells] + 1) * sizeof *g->item);
            g->citem = malloc(((size_t)g->cstart[cells] + 1) * sizeof *g->citem);
            if (!g->item || !g->citem)
                return -1;
        } else {
            for (i = cells; i > 0; i--) {
                g->start[i] = g->start[i - 1];
                g->cstart[i] = g->cstart[i - 1];
            }
            g->start[0] = g->cstart[0] = 0;
        }
    }
    return 0;
}

/* Friction directions: 2 when any pair of the scene has friction. */
static int any_friction(const ncs_plan *p) {
    const ncs_scene *s = p->s;
    int b, c, j;
    for (b = 0; b < s->nbodies; b++) {
        double mb = s->bodies[b].friction;
        for (j = 0; j < p->obst.nsides; j++)
            if (mu_of(mb, p->obst.mu[j]) > 0)
                return 2;
        for (c = 0; c < s->nbodies; c++)
            if (c != b && mu_of(mb, s->bodies[c].friction) > 0)
                return 2;
    }
    return 0;
}

/* A state that cannot be held (more LCP rows than the solver takes, or more
 * bytes than ncsc accepts: ncs/lcp.h, ncs/config.h) is an error at the
 * scene's name, naming the bytes and the capacity that fits; returns 1 then. */
static int plan_too_large(const ncs_plan *p, ncs_diag *d) {
    const ncs_scene *s = p->s;
    double bytes = ncs_plan_state_bytes(p, &p->size);
    char why[160], fix[160];
    if (p->size.m <= NCS_LCP_MAX_M && bytes <= NCS_STATE_MAX_BYTES)
        return 0;
    if (p->size.m > NCS_LCP_MAX_M)
        snprintf(why, sizeof why, "islands of up to %d LCP rows, more than the solver's %d",
                 p->size.m, NCS_LCP_MAX_M);
    else
        snprintf(why, sizeof why, "islands of up to %d LCP rows; ncsc accepts states of up "
                 "to %.0f bytes", p->size.m, NCS_STATE_MAX_BYTES);
    if (p->size.fit_capacity > 0)
        snprintf(fix, sizeof fix, "set `capacity = %d` or less (the most pairs of one island; "
                 "a step that meets more fails with %s_STEP_CAPACITY)", p->size.fit_capacity,
                 p->upper);
    else
        snprintf(fix, sizeof fix, "even `capacity = 1` does not fit: fewer bodies, vertices "
                 "or pieces");
    ncs_error(d, s->loc, "the state of scene '%s' would need %.0f bytes (%s); %s", s->name,
              bytes, why, fix);
    return 1;
}

int ncs_plan_make(ncs_plan *p, const ncs_scene *s, const ncs_geometry *g, const char *prefix,
                  ncs_diag *d) {
    size_t n, i;
    int b;
    memset(p, 0, sizeof *p);
    p->s = s;
    p->g = g;
    p->prefix = prefix;
    n = strlen(prefix);
    p->upper = malloc(n + 1);
    p->bodies = calloc((size_t)s->nbodies + 1, sizeof *p->bodies);
    if (!p->upper || !p->bodies)
        goto oom;
    for (i = 0; i <= n; i++)
        p->upper[i] = (char)toupper((unsigned char)prefix[i]);
    for (b = 0; b < s->nbodies; b++)
        if (s->bodies[b].kind == NCS_POLYGON &&
            (!g->body_pieces || b >= g->nbodies || g->body_pieces[b].ngroups < 1)) {
            ncs_error(d, s->bodies[b].loc, "polygon body '%s' has no convex pieces",
                      s->bodies[b].name);
            ncs_plan_release(p);
            return 1;
        }
    if (ptab_from(&p->obst, &g->pieces, 0, 0, s) != 0 || plan_bodies(p) != 0 ||
        plan_corners(p) != 0 || plan_joints(p) != 0)
        goto oom;
    plan_constants(p);
    p->nfric = any_friction(p);
    if (s->form == NCS_FORM_SUMMATION && !(p->epsilon > 0 && isfinite(p->epsilon))) {
        ncs_error(d, s->loc, "epsilon must be a positive finite number");
        ncs_plan_release(p);
        return 1;
    }
    for (b = 0; b < s->nbodies; b++)
        p->bodies[b].speed = speed_bound(p, b);
    plan_reach(p);
    plan_gamma(p);
    if (s->form == NCS_FORM_MAX && !(p->gamma > 0 && isfinite(p->gamma))) {
        ncs_error(d, s->loc, "gamma must be a positive finite number");
        ncs_plan_release(p);
        return 1;
    }
    if (plan_grid(p) != 0)
        goto oom;
    if (ncs_plan_sizes(p) != 0)
        goto oom;
    if (plan_too_large(p, d)) {
        ncs_plan_release(p);
        return 1;
    }
    return 0;
oom:
    ncs_plan_release(p);
    return 2;
}

void ncs_plan_release(ncs_plan *p) {
    free(p->upper);
    free(p->bodies);
    free(p->joints);
    free(p->corner_v);
    free(p->corner_mu);
    free(p->bvx);
    free(p->bvy);
    free(p->bvmap);
    ptab_free(&p->obst);
    ptab_free(&p->bpieces);
    free(p->grid.start);
    free(p->grid.item);
    free(p->grid.cstart);
    free(p->grid.citem);
    free(p->grid.free_piece);
    memset(p, 0, sizeof *p);
}
