/* plan.c - the code generator's decisions (plan.h; rules in docs/engine.md,
 * "Sizes", and docs/formulations.md, "Automatic constants"). */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "plan.h"

/** Scale of the projection and admissibility tolerances (times the scene's
 *  diameter). */
#define PLAN_PROJECT_TOL 1e-10
#define PLAN_ADMIT_TOL 1e-6
/** Default summation epsilon (times the scene's diameter): the depth the
 *  position projection leaves, so summation's allowance is no larger than
 *  what every formulation leaves (docs/rigid.md). */
#define PLAN_EPSILON 1e-9

int ncs_plan_rows(int form, int ng, const int *gsize, int x, int k) {
    ncs_layout L;
    memset(&L, 0, sizeof L);
    L.form = form;
    L.ngroups = ng;
    L.group_size = gsize;
    L.nconvex = x;
    L.nfric = k;
    L.gamma = 1;
    L.eps_h = 1;
    return ncs_layout_size(&L);
}

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
            t->mu[first + j] = s && gr->obstacle >= 0 && gr->obstacle < s->nobstacles
                                   ? s->obstacles[gr->obstacle].friction
                                   : 0;
        }
        nv += gr->nverts;
    }
    return 0;
}

/* Signed distance from (x, y) to piece k (> 0 outside): exact for pieces
 * with vertices, the largest side gap (a lower bound outside) otherwise. */
static double piece_distance(const ncs_ptab *t, int k, double x, double y) {
    int nv = t->vfirst[k + 1] - t->vfirst[k], j;
    double fmaxg = -HUGE_VAL, best = HUGE_VAL;
    for (j = t->first[k]; j < t->first[k + 1]; j++) {
        double f = t->nx[j] * x + t->ny[j] * y - t->off[j];
        fmaxg = f > fmaxg ? f : fmaxg;
    }
    if (nv == 0 || fmaxg <= 0)
        return fmaxg;
    for (j = 0; j < nv; j++) {
        double ax = t->vx[t->vfirst[k] + j], ay = t->vy[t->vfirst[k] + j];
        double bx = t->vx[t->vfirst[k] + (j + 1) % nv], by = t->vy[t->vfirst[k] + (j + 1) % nv];
        double dx = bx - ax, dy = by - ay, l2 = dx * dx + dy * dy, u = 0, d;
        if (l2 > 0) {
            u = ((x - ax) * dx + (y - ay) * dy) / l2;
            u = u < 0 ? 0 : u > 1 ? 1 : u;
        }
        d = hypot(x - ax - u * dx, y - ay - u * dy);
        best = d < best ? d : best;
    }
    return best;
}

/* ---- bounds on what one step meets (docs/engine.md, "Sizes") ----------- */

/* Grid over `box` grown by `grow` with spacing at most `st`, at most 400
 * points a side. Returns 0, or -1 for an infinite or NaN box or spacing. */
static int grid_of(const double box[4], double grow, double st, double g[3], int n[2]) {
    double w = box[2] - box[0] + 2 * grow, hgt = box[3] - box[1] + 2 * grow;
    if (!isfinite(w) || !isfinite(hgt) || !isfinite(box[0] - grow) ||
        !isfinite(box[1] - grow) || !(st >= 0 && st < HUGE_VAL))
        return -1;
    st = st > 1e-9 ? st : 1e-9;
    if (w / st > 400)
        st = w / 400;
    if (hgt / st > 400)
        st = hgt / 400;
    g[0] = box[0] - grow;
    g[1] = box[1] - grow;
    g[2] = st;
    n[0] = (int)ceil(w / st) + 1;
    n[1] = (int)ceil(hgt / st) + 1;
    return 0;
}

/* Pairs and sides a point of radius r (at a free place of `box`: no piece
 * within r of it) can have with the pieces of t in one step of reach R:
 * the pieces within r + R, each with its lines behind by at most R and,
 * for a disc, one arc. `free_only` 0 counts every place (a polygon's
 * centroid need not be free). Counted on a grid with the slack of a cell
 * (every distance is 1-Lipschitz), so the counts bound every point. */
static void near_count(const ncs_ptab *t, double r, double R, const double box[4], int free_only,
                       int *pairs, int *sides) {
    double g[3], slack;
    int n[2], ix, iy, k, j;
    *pairs = *sides = 0;
    if (t->npieces == 0)
        return;
    if (grid_of(box, R + r, (R + r) / 4 > 0 ? (R + r) / 4 : 1e-3, g, n) != 0) {
        *pairs = t->npieces;
        *sides = t->nsides + (r > 0 ? t->npieces : 0);
        return;
    }
    slack = g[2] * 0.70710678118654757;
    for (iy = 0; iy < n[1]; iy++)
        for (ix = 0; ix < n[0]; ix++) {
            double x = g[0] + ix * g[2], y = g[1] + iy * g[2];
            int np = 0, ns = 0, inside = 0;
            for (k = 0; k < t->npieces && !inside; k++) {
                double d = piece_distance(t, k, x, y);
                if (free_only && d < r - slack) {
                    inside = 1;
                    break;
                }
                if (d > r + R + slack)
                    continue;
                np++;
                for (j = t->first[k]; j < t->first[k + 1]; j++) {
                    double f = t->nx[j] * x + t->ny[j] * y - t->off[j] - fmax(r, t->grow[j]);
                    if (f >= -R - slack)
                        ns++;
                }
                if (r > 0 && t->vfirst[k + 1] > t->vfirst[k])
                    ns++;
            }
            if (inside)
                continue;
            *pairs = np > *pairs ? np : *pairs;
            *sides = ns > *sides ? ns : *sides;
        }
}

/* Most of the `npts` points (x, y) within `rad` of one point of `box`. */
static int points_near(const double *px, const double *py, const int *idx, int npts, double rad,
                       const double box[4]) {
    double g[3], r;
    int n[2], ix, iy, i, best = 0, *count;
    if (npts == 0)
        return 0;
    if (grid_of(box, rad, rad / 4, g, n) != 0)
        return npts;
    r = rad + g[2] * 0.70710678118654757;
    count = calloc((size_t)n[0] * (size_t)n[1], sizeof *count);
    if (!count)
        return npts;
    for (i = 0; i < npts; i++) {
        double x = px[idx[i]], y = py[idx[i]];
        int x0 = (int)floor((x - r - g[0]) / g[2]), y0 = (int)floor((y - r - g[1]) / g[2]);
        int x1 = (int)ceil((x + r - g[0]) / g[2]), y1 = (int)ceil((y + r - g[1]) / g[2]);
        for (iy = y0 < 0 ? 0 : y0; iy <= y1 && iy < n[1]; iy++)
            for (ix = x0 < 0 ? 0 : x0; ix <= x1 && ix < n[0]; ix++)
                if (hypot(x - (g[0] + ix * g[2]), y - (g[1] + iy * g[2])) <= r &&
                    ++count[(size_t)iy * (size_t)n[0] + (size_t)ix] > best)
                    best = count[(size_t)iy * (size_t)n[0] + (size_t)ix];
    }
    free(count);
    return best;
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
    return sqrt(2 * E * (1 / s->bodies[b].mass + pb->rad * pb->rad * pb->iI)) +
           pb->rad * fabs(pb->alpha) * s->h * s->steps;
}

/* Sides of body b's pieces, and its largest piece. */
static int body_sides(const ncs_plan *p, int b, int *most) {
    const ncs_pbody *pb = &p->bodies[b];
    int k, n = 0;
    *most = 0;
    for (k = pb->piece0; k < pb->piece0 + pb->npiece; k++) {
        int ns = p->bpieces.first[k + 1] - p->bpieces.first[k];
        n += ns;
        *most = ns > *most ? ns : *most;
    }
    return n;
}

/* The sizes: every pair the engine's collection can form in one step, with
 * every body in one island (docs/engine.md, "Sizes"). */
static void sizes_of(ncs_plan *p) {
    const ncs_scene *s = p->s;
    long pairs = 0, srefs = 0, groups = 0;
    int a, b, gp, sp, m;
    for (a = 0; a < s->nbodies; a++) {
        ncs_pbody *A = &p->bodies[a];
        A->speed = speed_bound(p, a);
        A->reach = 2 * s->h * (A->speed + s->h * hypot(A->ax, A->ay)) + p->margin;
        if (A->kind != NCS_BODY_POLYGON) {
            near_count(&p->obst, A->r, A->reach, p->box, 1, &gp, &sp);
            pairs += gp;
            srefs += sp;
        } else {
            int most, nb = body_sides(p, a, &most), kc, gq, sq;
            near_count(&p->obst, 0, A->reach, p->box, 1, &gp, &sp);
            pairs += (long)A->nvert * gp;
            srefs += (long)A->nvert * sp;
            /* separating axes: body pieces against pieces near its circle */
            near_count(&p->obst, A->rad, A->reach, p->box, 0, &gq, &sq);
            pairs += (long)A->npiece * gq;
            srefs += (long)A->npiece * gq * (most + p->obst.maxsides);
            kc = points_near(p->obst.vx, p->obst.vy, p->corner_v, p->ncorners, A->rad + A->reach,
                             p->box);
            pairs += (long)kc * A->npiece;
            srefs += (long)kc * nb;
        }
    }
    for (a = 0; a < s->nbodies; a++)
        for (b = a + 1; b < s->nbodies; b++) {
            const ncs_pbody *A = &p->bodies[a], *B = &p->bodies[b];
            int ma, mb, na = A->kind == NCS_BODY_POLYGON ? body_sides(p, a, &ma) : 0;
            int nb = B->kind == NCS_BODY_POLYGON ? body_sides(p, b, &mb) : 0;
            if (A->kind != NCS_BODY_POLYGON && B->kind != NCS_BODY_POLYGON) {
                if (A->kind == NCS_BODY_DISC || B->kind == NCS_BODY_DISC) {
                    pairs += 1;
                    srefs += 1;
                }
                continue;
            }
            if (B->kind == NCS_BODY_POLYGON) { /* points of a against pieces of b */
                int pts = A->kind == NCS_BODY_POLYGON ? A->nvert : 1;
                pairs += (long)pts * B->npiece;
                srefs += (long)pts * (nb + (A->kind == NCS_BODY_DISC ? B->npiece : 0));
            }
            if (A->kind == NCS_BODY_POLYGON) {
                int pts = B->kind == NCS_BODY_POLYGON ? B->nvert : 1;
                pairs += (long)pts * A->npiece;
                srefs += (long)pts * (na + (B->kind == NCS_BODY_DISC ? A->npiece : 0));
            }
            if (A->kind == NCS_BODY_POLYGON && B->kind == NCS_BODY_POLYGON) {
                pairs += (long)A->npiece * B->npiece;
                srefs += (long)A->npiece * B->npiece * (ma + mb);
            }
        }
    groups = pairs;
    if (pairs < 1)
        pairs = 1;
    if (srefs < 1)
        srefs = 1;
    p->size.pairs = pairs > 1000000 ? 1000000 : (int)pairs;
    p->size.srefs = srefs > 1000000 ? 1000000 : (int)srefs;
    p->size.contacts = p->size.srefs;
    p->size.groups = groups < 1 ? 1 : groups > p->size.srefs / 2 ? p->size.srefs / 2 : (int)groups;
    if (p->size.groups < 1)
        p->size.groups = 1;
    /* the largest layout with y + x <= contacts and g <= groups */
    {
        int mc = p->size.contacts, g = p->size.groups, k = p->nfric;
        switch (s->form) {
        case NCS_FORM_MAX: m = 4 * mc + 2 * g + (k + 1) * mc; break;
        case NCS_FORM_DIFF_ACCURATE: m = 3 * mc + (k + 1) * mc; break;
        case NCS_FORM_STEWART: m = (k + 1) * mc + mc; break;
        default: m = 2 * mc + (k + 1) * mc; break;
        }
        if (s->form == NCS_FORM_STEWART)
            p->size.groups = 1;
    }
    p->size.m = m < 1 ? 1 : m;
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
        if (s->bodies[b].kind == NCS_BODY_POLYGON) {
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
        pb->r = bd->kind == NCS_BODY_DISC ? bd->radius : 0;
        if (bd->kind == NCS_BODY_POLYGON)
            inertia = bd->inertia;
        pb->iI = bd->kind != NCS_BODY_PARTICLE && inertia > 0 ? 1 / inertia : 0;
        pb->ax = s->gravity.x + bd->force.x / bd->mass;
        pb->ay = s->gravity.y + bd->force.y / bd->mass;
        pb->alpha = bd->torque * pb->iI;
        pb->mu = bd->friction;
        pb->rad = pb->r;
        pb->q0[0] = bd->pos.x;
        pb->q0[1] = bd->pos.y;
        pb->q0[2] = bd->angle;
        pb->v0[0] = bd->vel.x;
        pb->v0[1] = bd->vel.y;
        pb->v0[2] = bd->omega;
        pb->vert0 = nbv;
        pb->piece0 = np;
        if (bd->kind != NCS_BODY_POLYGON)
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

/* Signed doubled area of a ring (> 0: counter-clockwise). */
static double ring_area2(const ncs_ring *r) {
    double a = 0;
    int i;
    for (i = 0; i < r->n; i++)
        a += r->pt[i].x * r->pt[(i + 1) % r->n].y - r->pt[(i + 1) % r->n].x * r->pt[i].y;
    return a;
}

/* The obstacle vertex of the table at (x, y), or -1. */
static int find_vertex(const ncs_ptab *t, double x, double y) {
    int v;
    for (v = 0; v < t->nverts; v++)
        if (t->vx[v] == x && t->vy[v] == y)
            return v;
    return -1;
}

/* Convex corners of the solid (the inside of outer rings, the outside of
 * holes), once each: the obstacle points that can poke into a polygon
 * body's side. Reflex and straight vertices cannot touch a body before one
 * of its vertices enters the solid. Returns 0, or -1 out of memory. */
static int plan_corners(ncs_plan *p) {
    const ncs_scene *s = p->s;
    int i, k, n = 0, total = 0;
    for (i = 0; i < s->nobstacles; i++)
        if (s->obstacles[i].kind == NCS_OBST_POLYGON) {
            total += s->obstacles[i].outer.n;
            for (k = 0; k < s->obstacles[i].nholes; k++)
                total += s->obstacles[i].holes[k].n;
        }
    p->corner_v = calloc((size_t)total + 1, sizeof *p->corner_v);
    p->corner_mu = calloc((size_t)total + 1, sizeof *p->corner_mu);
    if (!p->corner_v || !p->corner_mu)
        return -1;
    for (i = 0; i < s->nobstacles; i++) {
        const ncs_obstacle *ob = &s->obstacles[i];
        if (ob->kind != NCS_OBST_POLYGON)
            continue;
        for (k = 0; k <= ob->nholes; k++) {
            const ncs_ring *r = k == 0 ? &ob->outer : &ob->holes[k - 1];
            double sg = ring_area2(r) > 0 ? 1 : -1;
            int j, v, e;
            if (k > 0)
                sg = -sg;
            for (j = 0; j < r->n; j++) {
                ncs_vec2 a = r->pt[(j + r->n - 1) % r->n], b = r->pt[j], c = r->pt[(j + 1) % r->n];
                double cr = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x);
                if (!(sg * cr > 1e-12 * (fabs(b.x) + fabs(b.y) + 1)))
                    continue;
                v = find_vertex(&p->obst, b.x, b.y);
                if (v < 0)
                    continue;
                for (e = 0; e < n && p->corner_v[e] != v; e++)
                    ;
                if (e < n)
                    continue;
                p->corner_v[n] = v;
                p->corner_mu[n++] = ob->friction;
            }
        }
    }
    p->ncorners = n;
    return 0;
}

/* ---- constants -------------------------------------------------------------- */

/* Scene box, speed bound, gamma, epsilon, margins and tolerances. */
static void plan_constants(ncs_plan *p) {
    const ncs_scene *s = p->s;
    double box[4] = {HUGE_VAL, HUGE_VAL, -HUGE_VAL, -HUGE_VAL}, v2 = 0, amax = 0, rmax = 0, d;
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
    p->vmax = sqrt(v2 + 2 * amax * p->diameter);
    p->gamma = s->gamma_auto ? 2 * (p->diameter / s->h + p->vmax) + 1 : s->gamma;
    p->epsilon = s->epsilon_auto ? PLAN_EPSILON * p->diameter : s->epsilon;
    p->margin = s->margin_auto ? 1e-2 * p->diameter : s->margin;
    p->body_margin = 0.1 * p->margin;
    p->project_tol = PLAN_PROJECT_TOL * p->diameter;
    p->admit_tol = PLAN_ADMIT_TOL * p->diameter;
    p->fix_tol = 1e-3 * p->diameter;
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
        if (s->bodies[b].kind == NCS_BODY_POLYGON &&
            (!g->body_pieces || b >= g->nbodies || g->body_pieces[b].ngroups < 1)) {
            ncs_error(d, s->bodies[b].loc, "polygon body '%s' has no convex pieces",
                      s->bodies[b].name);
            ncs_plan_release(p);
            return 1;
        }
    if (ptab_from(&p->obst, &g->pieces, 0, 0, s) != 0 || plan_bodies(p) != 0 ||
        plan_corners(p) != 0)
        goto oom;
    plan_constants(p);
    p->nfric = any_friction(p);
    if (s->form == NCS_FORM_MAX && !(p->gamma > 0 && isfinite(p->gamma))) {
        ncs_error(d, s->loc, "gamma must be a positive finite number");
        ncs_plan_release(p);
        return 1;
    }
    if (s->form == NCS_FORM_SUMMATION && !(p->epsilon > 0 && isfinite(p->epsilon))) {
        ncs_error(d, s->loc, "epsilon must be a positive finite number");
        ncs_plan_release(p);
        return 1;
    }
    sizes_of(p);
    return 0;
oom:
    ncs_plan_release(p);
    return 2;
}

void ncs_plan_release(ncs_plan *p) {
    free(p->upper);
    free(p->bodies);
    free(p->corner_v);
    free(p->corner_mu);
    free(p->bvx);
    free(p->bvy);
    free(p->bvmap);
    ptab_free(&p->obst);
    ptab_free(&p->bpieces);
    memset(p, 0, sizeof *p);
}
