/* emit_plan.c - the code generator's decisions (see emit_plan.h and
 * docs/formulations.md for the rules). */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "emit_plan.h"
#include "emit_rigid.h"

const ncs_cspace *ncs_plan_cspace(const ncs_plan *p, int b) {
    const ncs_geometry *g = p->g;
    if (g->body_space && g->body_space[b] >= 0 && g->body_space[b] < g->nspaces)
        return &g->spaces[g->body_space[b]];
    return &g->pieces;
}

int ncs_plan_lcp_size(int form, int ng, const int *gsize, int x, int k) {
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

static int cmp_desc(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x < y) - (x > y);
}

static void grow_box(double box[4], double x, double y) {
    if (x < box[0]) box[0] = x;
    if (y < box[1]) box[1] = y;
    if (x > box[2]) box[2] = x;
    if (y > box[3]) box[3] = y;
}

/* Friction coefficient of body b against obstacle o (geometric mean). */
static double pair_mu(const ncs_scene *s, int b, int o) {
    double m = s->bodies[b].friction * s->obstacles[o].friction;
    return m > 0 ? sqrt(m) : 0;
}

/* Largest group signed distance of q (the test of the generated _select:
 * a group is near when this is at most the reach). */
static double group_fmax(const ncs_cspace *cs, int gi, double x, double y) {
    const ncs_group *gr = &cs->groups[gi];
    double f = -HUGE_VAL;
    int j;
    for (j = gr->first_side; j < gr->first_side + gr->nsides; j++) {
        const ncs_gside *sd = &cs->sides[j];
        double d = sd->normal.x * (x - sd->point.x) + sd->normal.y * (y - sd->point.y);
        if (d > f)
            f = d;
    }
    return f;
}

/* Grid over `box` grown by `grow` with spacing at most `st` and at most
 * 400 points a side: origin, spacing and point counts. Returns 0, or -1
 * when there is no such grid: an infinite or NaN box or reach (a body
 * whose speed overflows), whose counts would not fit an int. */
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

void ncs_plan_near(const ncs_cspace *cs, double R, const double box[4], int *groups,
                   int *sides) {
    double g[3], slack;
    int n[2], ix, iy, gi, j;
    *groups = *sides = 1;
    if (grid_of(box, R, R / 4, g, n) != 0) {    /* no grid: every group may be near */
        int all = 0;
        for (gi = 0; gi < cs->ngroups; gi++)
            all += cs->groups[gi].nsides;
        *groups = cs->ngroups > 1 ? cs->ngroups : 1;
        *sides = all > 1 ? all : 1;
        return;
    }
    slack = g[2] * 0.70710678118654757;
    for (iy = 0; iy < n[1]; iy++)
        for (ix = 0; ix < n[0]; ix++) {
            double x = g[0] + ix * g[2], y = g[1] + iy * g[2];
            int ng = 0, ns = 0, inside = 0;
            for (gi = 0; gi < cs->ngroups && !inside; gi++) {
                const ncs_group *gr = &cs->groups[gi];
                double f = group_fmax(cs, gi, x, y);
                if (f < -slack)
                    inside = 1; /* no free point of this cell is this deep */
                else if (f <= R + slack) {
                    ng++;
                    for (j = gr->first_side; j < gr->first_side + gr->nsides; j++) {
                        const ncs_gside *sd = &cs->sides[j];
                        if (sd->normal.x * (x - sd->point.x) + sd->normal.y * (y - sd->point.y) >=
                            -R - slack)
                            ns++;
                    }
                }
            }
            if (!inside && ng > *groups)
                *groups = ng;
            if (!inside && ns > *sides)
                *sides = ns;
        }
}

int ncs_plan_points_near(const ncs_vec2 *pts, int npts, double rad, const double box[4]) {
    double g[3], r;
    int n[2], ix, iy, i, best = 0, *count;
    if (grid_of(box, rad, rad / 4, g, n) != 0)
        return npts; /* no grid: every point, a bound all the same */
    r = rad + g[2] * 0.70710678118654757;
    count = calloc((size_t)n[0] * (size_t)n[1], sizeof *count);
    if (!count)
        return npts; /* every point: a bound all the same */
    /* each point adds itself to the grid points within r of it */
    for (i = 0; i < npts; i++) {
        int x0 = (int)floor((pts[i].x - r - g[0]) / g[2]);
        int y0 = (int)floor((pts[i].y - r - g[1]) / g[2]);
        int x1 = (int)ceil((pts[i].x + r - g[0]) / g[2]);
        int y1 = (int)ceil((pts[i].y + r - g[1]) / g[2]);
        for (iy = y0 < 0 ? 0 : y0; iy <= y1 && iy < n[1]; iy++)
            for (ix = x0 < 0 ? 0 : x0; ix <= x1 && ix < n[0]; ix++)
                if (hypot(pts[i].x - (g[0] + ix * g[2]), pts[i].y - (g[1] + iy * g[2])) <= r &&
                    ++count[(size_t)iy * (size_t)n[0] + (size_t)ix] > best)
                    best = count[(size_t)iy * (size_t)n[0] + (size_t)ix];
    }
    free(count);
    return best;
}

/* Automatic capacity of body b (docs/formulations.md, "Proximity"): the
 * most groups the generated proximity test can find near any free point the
 * body may occupy. Speed bound V = min(|v0| + |a| T, sqrt(|v0|^2 + 2 |a| D))
 * (T the run's duration, D the scene diameter: contacts do not add energy),
 * reach per step R = 2 h (V + h |a|) + margin as in _select. The count is
 * taken on a grid of spacing s over the scene box grown by R (ncs_plan_near):
 * since each signed distance is 1-Lipschitz, counting with R + s / sqrt(2)
 * at the grid points bounds the count anywhere in a cell, and a cell point
 * is free (outside every group, up to the same slack) only if its grid
 * point is within -s / sqrt(2) of it. Returns at least 1. */
static int auto_capacity(const ncs_plan *p, int b, double box[4]) {
    const ncs_scene *s = p->s;
    const ncs_body *bd = &s->bodies[b];
    const ncs_plan_body *pb = &p->bodies[b];
    double a = hypot(pb->ax, pb->ay), v0 = hypot(bd->vel.x, bd->vel.y);
    double T = s->h * s->steps, V, R;
    int groups, sides;
    V = v0 + a * T;
    if (sqrt(v0 * v0 + 2 * a * p->diameter) < V)
        V = sqrt(v0 * v0 + 2 * a * p->diameter);
    R = 2 * s->h * (V + s->h * a) + p->margin;
    ncs_plan_near(ncs_plan_cspace(p, b), R, box, &groups, &sides);
    return groups;
}

/* Sizes of one body: capacity, static or not, largest LCP. */
static int size_body(ncs_plan *p, int b, int *sizes, double box[4]) {
    const ncs_scene *s = p->s;
    const ncs_cspace *cs = ncs_plan_cspace(p, b);
    ncs_plan_body *pb = &p->bodies[b];
    int i, ng = cs->ngroups, form = s->form, y = 0, n2 = 0;
    /* Full LCP: groups of >= 2 sides nonconvex, one-sided groups convex
     * (emit_c.c lays them out that way on the static path). */
    for (i = 0; i < ng; i++)
        if (cs->groups[i].nsides >= 2)
            sizes[n2++] = cs->groups[i].nsides;
    pb->ng = ng;
    pb->mfull = form == NCS_FORM_STEWART
                    ? ncs_plan_lcp_size(form, 0, NULL, ng, pb->k)
                    : ncs_plan_lcp_size(form, n2, sizes, ng - n2, pb->k);
    for (i = 0; i < ng; i++)
        sizes[i] = cs->groups[i].nsides;
    if (pb->mfull < 0)
        return -1;
    pb->is_static = form != NCS_FORM_STEWART && ng > 0 &&
                    (s->capacity == 0 || s->capacity >= ng) &&
                    pb->mfull <= NCS_PLAN_STATIC_MMAX;
    if (pb->is_static)
        pb->cap = ng;
    else if (s->capacity > 0)
        pb->cap = s->capacity < ng ? s->capacity : ng;
    else {
        pb->cap = ng > 0 ? auto_capacity(p, b, box) : 0;
        if (pb->cap > ng)
            pb->cap = ng;
    }
    qsort(sizes, (size_t)ng, sizeof *sizes, cmp_desc);
    for (i = 0; i < pb->cap; i++)
        y += sizes[i];
    if (form == NCS_FORM_STEWART) {
        pb->ymax = pb->cap;
        pb->mmax = ncs_plan_lcp_size(form, 0, NULL, pb->cap, pb->k);
    } else {
        pb->ymax = y;
        pb->mmax = ncs_plan_lcp_size(form, pb->cap, sizes, 0, pb->k);
        if (pb->is_static && pb->mfull < pb->mmax)
            pb->mmax = pb->mfull; /* one-sided groups laid out as convex */
    }
    return pb->mmax < 0 ? -1 : 0;
}

/* Registers the body's configuration space; returns its plan index or -1. */
static int use_space(ncs_plan *p, const ncs_cspace *cs) {
    int i;
    for (i = 0; i < p->nspaces; i++)
        if (p->spaces[i].cs == cs)
            return i;
    if (p->nspaces == (int)(sizeof p->spaces / sizeof p->spaces[0]))
        return -1;
    p->spaces[i].cs = cs;
    p->spaces[i].side0 = p->nsides;
    p->spaces[i].group0 = p->ngroups;
    p->nsides += cs->nsides;
    p->ngroups += cs->ngroups;
    p->nspaces++;
    return i;
}

/* Scene bounding box, speed bound, gamma, epsilon, margin. */
static void scale_constants(ncs_plan *p, double box[4]) {
    const ncs_scene *s = p->s;
    double v2 = 0, amax = 0, d;
    int i, j;
    for (i = 0; i < p->nspaces; i++) {
        const ncs_cspace *cs = p->spaces[i].cs;
        for (j = 0; j < cs->nverts; j++)
            grow_box(box, cs->verts[j].x, cs->verts[j].y);
        for (j = 0; j < cs->nsides; j++)
            grow_box(box, cs->sides[j].point.x, cs->sides[j].point.y);
    }
    for (i = 0; i < s->nbodies; i++) {
        const ncs_body *b = &s->bodies[i];
        const ncs_plan_body *pb = &p->bodies[i];
        double sp = hypot(b->vel.x, b->vel.y) + fabs(b->omega) * b->radius;
        grow_box(box, b->pos.x, b->pos.y);
        if (sp * sp > v2)
            v2 = sp * sp;
        if (hypot(pb->ax, pb->ay) > amax)
            amax = hypot(pb->ax, pb->ay);
    }
    d = box[2] >= box[0] ? hypot(box[2] - box[0], box[3] - box[1]) : 0;
    p->diameter = d > 0 ? d : 1;
    p->vmax = sqrt(v2 + 2 * amax * p->diameter);
    p->gamma = s->gamma_auto ? 2 * (p->diameter / s->h + p->vmax) + 1 : s->gamma;
    /* Summation lets a point within epsilon of a second side of its piece
     * (near the piece's corner) end up to epsilon inside the piece. A
     * point sinks without further harm, but a rigid body that sank is
     * caught by the obstacle corner it sank below (docs/rigid.md): the
     * rigid-body path defaults to the depth its position projection
     * leaves (RIGID_PROJECT_TOL of the scene size). */
    p->epsilon = !s->epsilon_auto ? s->epsilon
                 : ncs_rigid_wanted(s) ? NCS_RIGID_PROJECT_TOL * p->diameter
                                       : 1e-3 * p->diameter;
    p->margin = s->margin_auto ? 1e-2 * p->diameter : s->margin;
}

int ncs_plan_build(ncs_plan *p, const ncs_scene *s, const ncs_geometry *g,
                   const char *prefix, ncs_diag *d) {
    int b, i, rc = 1, *sizes = NULL;
    double box[4] = {HUGE_VAL, HUGE_VAL, -HUGE_VAL, -HUGE_VAL};
    size_t n;
    memset(p, 0, sizeof *p);
    p->s = s;
    p->g = g;
    p->prefix = prefix;
    n = strlen(prefix);
    p->upper = malloc(n + 1);
    p->bodies = calloc((size_t)s->nbodies, sizeof *p->bodies);
    if (!p->upper || !p->bodies)
        goto oom;
    for (i = 0; i <= (int)n; i++)
        p->upper[i] = (char)toupper((unsigned char)prefix[i]);
    for (b = 0; b < s->nbodies; b++)
        if (s->bodies[b].kind == NCS_BODY_POLYGON &&
            (!g->body_pieces || b >= g->nbodies || g->body_pieces[b].ngroups < 1)) {
            /* emit_rigid.c needs the shape decomposed by ncs_geom_build */
            ncs_error(d, s->bodies[b].loc, "polygon body '%s' has no convex pieces",
                      s->bodies[b].name);
            goto fail;
        }
    for (b = 0; b < s->nbodies; b++) {
        const ncs_body *bd = &s->bodies[b];
        ncs_plan_body *pb = &p->bodies[b];
        const ncs_cspace *cs = ncs_plan_cspace(p, b);
        double inertia = 0.5 * bd->mass * bd->radius * bd->radius;
        pb->space = use_space(p, cs);
        if (pb->space < 0) {
            ncs_error(d, bd->loc, "too many distinct disc radii (at most %d)",
                      (int)(sizeof p->spaces / sizeof p->spaces[0]));
            goto fail;
        }
        pb->g0 = p->spaces[pb->space].group0;
        pb->im = 1 / bd->mass;
        pb->r = bd->kind == NCS_BODY_DISC ? bd->radius : 0;
        if (bd->kind == NCS_BODY_POLYGON)
            inertia = bd->inertia; /* polygons: emit_rigid.c */
        pb->iI = bd->kind != NCS_BODY_PARTICLE && inertia > 0 ? 1 / inertia : 0;
        pb->ax = s->gravity.x + bd->force.x / bd->mass;
        pb->ay = s->gravity.y + bd->force.y / bd->mass;
        pb->alpha = bd->torque * pb->iI;
        for (i = 0; i < cs->nsides; i++)     /* friction is per side */
            if (pair_mu(s, b, cs->sides[i].obstacle) > 0)
                pb->k = 2;
    }
    scale_constants(p, box);
    memcpy(p->box, box, sizeof p->box);
    if (s->form == NCS_FORM_MAX && !(p->gamma > 0)) {
        ncs_error(d, s->loc, "gamma must be positive");
        goto fail;
    }
    if (s->form == NCS_FORM_SUMMATION && !(p->epsilon > 0)) {
        ncs_error(d, s->loc, "epsilon must be positive");
        goto fail;
    }
    p->max_m = p->cap = p->ncmax = 1;
    for (b = 0; b < s->nbodies; b++) {
        const ncs_cspace *cs = ncs_plan_cspace(p, b);
        ncs_plan_body *pb = &p->bodies[b];
        sizes = malloc(((size_t)cs->ngroups + 1) * sizeof *sizes);
        if (!sizes)
            goto oom;
        if (size_body(p, b, sizes, box) != 0) {
            ncs_error(d, s->bodies[b].loc, "invalid contact layout for body '%s'",
                      s->bodies[b].name);
            goto fail;
        }
        free(sizes);
        sizes = NULL;
        if (pb->mmax > p->max_m) p->max_m = pb->mmax;
        if (pb->cap > p->cap) p->cap = pb->cap;
        if (pb->ymax > p->ncmax) p->ncmax = pb->ymax;
        if (pb->k) p->anyfric = 1;
        if (pb->is_static) p->anystatic = 1;
        else p->anydynamic = 1;
    }
    return 0;
oom:
    rc = 2;
fail:
    free(sizes);
    ncs_plan_free(p);
    return rc;
}

void ncs_plan_free(ncs_plan *p) {
    free(p->upper);
    free(p->bodies);
    memset(p, 0, sizeof *p);
}
