/* trust_check.c - checks a simulator run against the laws it must keep,
 * with code independent of the runtime (issue 16).
 *
 *   trust_check SCENE.ncs RUN.csv [--formulation F] [--lcp DIR] [--steps N]
 *               [--depth TOL] [--energy REL] [--label TEXT]
 *
 * SCENE is read with the compiler's parser (obstacles, bodies, settings;
 * --formulation as given to the simulator), RUN.csv is the simulator's
 * --csv output, DIR its --dump-lcp directory. Nothing of the runtime or of
 * the compiler's geometry pipeline is used: the solid is the union of the
 * obstacles computed by tests/geometry/solid.c, every other quantity is
 * computed here. Checks:
 *
 *  - every step solved: rows for steps 0..N (N = --steps, else the scene's
 *    steps) for every body in order, each with status solved or none, all
 *    numbers finite;
 *  - depth: after every step no body deeper than TOL (default 1e-9; under
 *    summation twice the scene's epsilon, or of its automatic value 1e-9 D,
 *    D the diagonal of the box of the obstacles' vertices, explicit sides'
 *    points and bodies' starts grown by the largest disc radius: the depth
 *    the engine admits there, docs/engine.md item 7, as the formulation
 *    relaxes every group by epsilon; two boxes of a pile rested 1.15
 *    epsilon into each other) in the solid or
 *    in another body. Depths are lower bounds of the distance a body must
 *    move to get out: a particle's distance to the boundary; a disc's
 *    radius plus or minus its centre's distance; for polygon bodies the
 *    deepest vertex of either inside the other and the separating-axes
 *    depth of every pair of convex pieces, the polygons cut here into
 *    vertical and into horizontal trapezoids (so flush edges sliding into
 *    each other, where no vertex ever gets inside, are measured too);
 *  - energy: in a frictionless scene without gravity, forces or torques,
 *    the kinetic energy (at the centroids, inertia from the shape when the
 *    scene gives none) never grows in one step by more than REL (default
 *    1e-9) relative to its value before the step, beyond the energy of
 *    every body moving at 1e-9 m/s (the glide check's speed): a particle
 *    stopped in a corner with 5e-14 m/s left went to 6e-13 m/s, 84.8 times
 *    its energy of 2.3e-27, which is rounding, not a gain (summation:
 *    measured and printed only);
 *  - Coulomb (with --lcp): in every dumped LCP with friction, per contact
 *    p_n >= 0, |p_t+ - p_t-| <= mu p_n, mu one of the scene's pair
 *    coefficients sqrt(mu_a mu_b), and a sliding contact's (nonzero
 *    end-of-step tangential velocity) friction on the cone's boundary and
 *    against the sliding; the block offsets are computed here from the
 *    layout line (ncs/layout.h's table), w = B z + b here too;
 *  - glide (a line `# trust: glide K [L]` in the scene; frictionless
 *    scenes without gravity): in steps K+1 .. L (or to the end) no body's
 *    speed (sqrt(2 E / m), E its kinetic energy, turning included) changes
 *    in one step by more than 1e-9: a body sliding along a floor keeps its
 *    speed, nothing snags;
 *  - rest (a line `# trust: rest TOL`): no body ever moves more than TOL
 *    from where it started (its reference point, and TOL radians of
 *    angle); under summation TOL is at least the depth tolerance.
 *
 * Prints one summary line `trust: LABEL ...` with the measured worst values
 * and what failed, and a line per failure. Exit status 0 when every check
 * held, 1 when one failed, 2 on bad input.
 */
#include <dirent.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "parse.h"
#include "solid.h"

/* ---- convex pieces: trapezoids ------------------------------------------ */

/** A convex quadrilateral (two corners may coincide). */
typedef struct quad {
    ncs_vec2 p[4];
} quad;

typedef struct quads {
    quad *q;
    int n, cap;
} quads;

static void quads_push(quads *Q, const quad *q) {
    if (Q->n == Q->cap) {
        Q->cap = Q->cap ? 2 * Q->cap : 16;
        Q->q = realloc(Q->q, (size_t)Q->cap * sizeof *Q->q);
        if (!Q->q) {
            fprintf(stderr, "trust_check: out of memory\n");
            exit(2);
        }
    }
    Q->q[Q->n++] = *q;
}

static int cmp_d(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

typedef struct crossing {
    double y0, y1, ym;
} crossing;

static int cmp_cross(const void *a, const void *b) {
    double x = ((const crossing *)a)->ym, y = ((const crossing *)b)->ym;
    return x < y ? -1 : x > y;
}

/* Cuts polygon p (rings, holes included) into trapezoids between the
 * vertical lines through its vertices; with `swap` the same with x and y
 * exchanged (horizontal trapezoids). Each is a subset of the closed
 * polygon: between consecutive vertex abscissas no edge ends, so the edges
 * crossing the slab keep their order and the inside alternates. */
static void trapezoids(const ncs_gpoly *p, int swap, quads *out) {
    int n = p->n;
    double *xs = malloc((size_t)(n > 0 ? n : 1) * sizeof *xs);
    crossing *cr = malloc((size_t)(n > 0 ? n : 1) * sizeof *cr);
    if (!xs || !cr)
        exit(2);
#define PX(v) (swap ? (v).y : (v).x)
#define PY(v) (swap ? (v).x : (v).y)
    for (int i = 0; i < n; i++)
        xs[i] = PX(p->pt[i]);
    qsort(xs, (size_t)n, sizeof *xs, cmp_d);
    for (int s = 0; s + 1 < n; s++) {
        double x0 = xs[s], x1 = xs[s + 1];
        if (!(x1 > x0))
            continue;
        double xm = 0.5 * (x0 + x1);
        int nc = 0;
        for (int k = 0; k < p->nrings; k++)
            for (int v = p->start[k]; v < p->start[k + 1]; v++) {
                ncs_vec2 a = p->pt[v], b = p->pt[v + 1 < p->start[k + 1] ? v + 1 : p->start[k]];
                double ax = PX(a), bx = PX(b), ay = PY(a), by = PY(b);
                if (ax > bx) {
                    double t = ax;
                    ax = bx;
                    bx = t;
                    t = ay;
                    ay = by;
                    by = t;
                }
                if (!(ax <= x0 && bx >= x1) || !(bx > ax))
                    continue;
                cr[nc].y0 = ay + (by - ay) * ((x0 - ax) / (bx - ax));
                cr[nc].y1 = ay + (by - ay) * ((x1 - ax) / (bx - ax));
                cr[nc].ym = ay + (by - ay) * ((xm - ax) / (bx - ax));
                if (x0 == ax)
                    cr[nc].y0 = ay;
                if (x1 == bx)
                    cr[nc].y1 = by;
                nc++;
            }
        qsort(cr, (size_t)nc, sizeof *cr, cmp_cross);
        for (int i = 0; i + 1 < nc; i += 2) {
            quad q;
            double X[4] = {x0, x1, x1, x0}, Y[4] = {cr[i].y0, cr[i].y1, cr[i + 1].y1, cr[i + 1].y0};
            for (int c = 0; c < 4; c++) {
                q.p[c].x = swap ? Y[c] : X[c];
                q.p[c].y = swap ? X[c] : Y[c];
            }
            quads_push(out, &q);
        }
    }
#undef PX
#undef PY
    free(xs);
    free(cr);
}

/* Separating-axes depth of two convex quads: the least overlap of their
 * projections over the normals of both's edges; 0 when one separates. */
static double sat_quads(const quad *a, const quad *b) {
    double least = INFINITY;
    for (int x = 0; x < 2; x++) {
        const quad *P = x ? b : a;
        for (int e = 0; e < 4; e++) {
            ncs_vec2 u = P->p[e], v = P->p[(e + 1) % 4];
            double nx = v.y - u.y, ny = u.x - v.x, l = hypot(nx, ny);
            if (!(l > 0))
                continue;
            nx /= l;
            ny /= l;
            double amin = INFINITY, amax = -INFINITY, bmin = INFINITY, bmax = -INFINITY;
            for (int c = 0; c < 4; c++) {
                double pa = nx * a->p[c].x + ny * a->p[c].y, pb = nx * b->p[c].x + ny * b->p[c].y;
                amin = fmin(amin, pa);
                amax = fmax(amax, pa);
                bmin = fmin(bmin, pb);
                bmax = fmax(bmax, pb);
            }
            double o = fmin(amax - bmin, bmax - amin);
            if (o <= 0)
                return 0;
            least = fmin(least, o);
        }
    }
    return least < INFINITY ? least : 0;
}

/* ---- the scene as the checker sees it ------------------------------------ */

typedef struct tbody {
    int kind;               /* ncs_body_kind */
    double m, I, r;         /* mass, inertia about the centroid, disc radius */
    double cx, cy;          /* centroid in the body frame */
    ncs_gpoly shape;        /* polygon: shape in the body frame (normalised) */
    quads pieces;           /* polygon: its trapezoids in the body frame */
    double mu;              /* friction */
} tbody;

typedef struct placed {
    ncs_vec2 *pt;           /* polygon: world vertices */
    ncs_gpoly poly;         /* polygon in the world (pt above) */
    quads pieces;           /* polygon: world trapezoids */
} placed;

/* Centroid and inertia about it of a uniform polygon of mass m. */
static void mass_props(const ncs_gpoly *p, double m, double *cx, double *cy, double *I) {
    double A = 0, sx = 0, sy = 0, Io = 0;
    for (int i = 0; i < p->n; i++) {
        ncs_vec2 a = p->pt[i], b = p->pt[(i + 1) % p->n];
        double c = a.x * b.y - b.x * a.y;
        A += c;
        sx += (a.x + b.x) * c;
        sy += (a.y + b.y) * c;
        Io += c * (a.x * a.x + a.x * b.x + b.x * b.x + a.y * a.y + a.y * b.y + b.y * b.y);
    }
    A *= 0.5;
    *cx = sx / (6 * A);
    *cy = sy / (6 * A);
    Io *= m / (12 * A);
    *I = Io - m * (*cx * *cx + *cy * *cy);
}

static ncs_vec2 to_world(double x, double y, double th, ncs_vec2 v) {
    double c = cos(th), s = sin(th);
    ncs_vec2 w = {x + c * v.x - s * v.y, y + s * v.x + c * v.y};
    return w;
}

/* ---- the run ---------------------------------------------------------------- */

typedef struct row {
    double x, y, th, vx, vy, om;
} row;

typedef struct checker {
    const ncs_scene *s;
    tsolid S;
    quads solid_pieces;     /* trapezoids of every obstacle */
    tbody *b;
    placed *pl;
    const char *label;
    double depth_tol, energy_rel;
    double energy_floor;    /* every body at 1e-9 m/s: a gain below it is rounding */
    int energy_checked;     /* 1: the energy law applies and is checked */
    int energy_measured;    /* 1: measured (summation too) */
    /* results */
    double worst_depth;
    long worst_depth_step;
    const char *worst_depth_what;
    char worst_depth_body[128];
    double worst_gain;      /* largest relative one-step energy gain */
    long worst_gain_step;
    long contacts, sliding, lcps;
    double worst_cone, worst_slide;   /* worst Coulomb excesses (relative) */
    long glide_from;        /* glide: after this step (-1: not checked) */
    long glide_to;          /* glide: up to this step */
    double worst_glide;     /* largest one-step speed change after glide_from */
    long worst_glide_step;
    double rest_tol;        /* rest: tolerance (< 0: not checked) */
    double worst_rest;      /* largest distance from the start */
    long worst_rest_step;
    row *start;             /* the bodies at step 0 */
    int fails;
} checker;

static void fail(checker *C, const char *fmt, ...) {
    va_list ap;
    if (C->fails < 20) {
        fprintf(stdout, "trust: %s: FAIL: ", C->label);
        va_start(ap, fmt);
        vfprintf(stdout, fmt, ap);
        va_end(ap);
        fputc('\n', stdout);
    }
    C->fails++;
}

/* Places every body at its row. */
static void place(checker *C, const row *r) {
    for (int i = 0; i < C->s->nbodies; i++) {
        const tbody *B = &C->b[i];
        placed *P = &C->pl[i];
        if (B->kind != NCS_POLYGON)
            continue;
        for (int v = 0; v < B->shape.n; v++)
            P->pt[v] = to_world(r[i].x, r[i].y, r[i].th, B->shape.pt[v]);
        for (int k = 0; k < B->pieces.n; k++)
            for (int c = 0; c < 4; c++)
                P->pieces.q[k].p[c] = to_world(r[i].x, r[i].y, r[i].th, B->pieces.q[k].p[c]);
    }
}

static void note_depth(checker *C, double d, long step, int body, const char *what) {
    if (d > C->worst_depth) {
        C->worst_depth = d;
        C->worst_depth_step = step;
        C->worst_depth_what = what;
        snprintf(C->worst_depth_body, sizeof C->worst_depth_body, "%s", C->s->bodies[body].name);
    }
}

/* Depth of body i in the solid at its row. */
static double solid_depth_of(const checker *C, int i, const row *r) {
    const tbody *B = &C->b[i];
    const placed *P = &C->pl[i];
    ncs_vec2 q = {r[i].x, r[i].y};
    double d = 0;
    if (B->kind == NCS_PARTICLE)
        return tsolid_depth(&C->S, q);
    if (B->kind == NCS_DISC)
        return tsolid_disc_depth(&C->S, q, B->r);
    for (int v = 0; v < B->shape.n; v++)
        d = fmax(d, tsolid_depth(&C->S, P->pt[v]));
    for (int k = 0; k < 2 * C->S.n; k++)   /* boundary vertices of the solid */
        d = fmax(d, tpoly_point_depth(&P->poly, k < C->S.n ? C->S.a[k] : C->S.b[k - C->S.n]));
    for (int a = 0; a < P->pieces.n; a++)
        for (int o = 0; o < C->solid_pieces.n; o++)
            d = fmax(d, sat_quads(&P->pieces.q[a], &C->solid_pieces.q[o]));
    return d;
}

/* Depth of bodies i and j into each other at their rows. */
static double body_depth_of(const checker *C, int i, int j, const row *r) {
    const tbody *A = &C->b[i], *B = &C->b[j];
    if (A->kind == NCS_POLYGON && B->kind != NCS_POLYGON)
        return body_depth_of(C, j, i, r);
    ncs_vec2 qa = {r[i].x, r[i].y}, qb = {r[j].x, r[j].y};
    if (B->kind != NCS_POLYGON) {
        if (A->kind == NCS_PARTICLE && B->kind == NCS_PARTICLE)
            return 0;   /* particles do not meet */
        return fmax(0, A->r + B->r - hypot(qa.x - qb.x, qa.y - qb.y));
    }
    const placed *PB = &C->pl[j];
    if (A->kind != NCS_POLYGON) {
        int in = ncs_gpoly_locate(&PB->poly, qa);
        double dist = tpoly_boundary_dist(&PB->poly, qa);
        return fmax(0, in > 0 ? A->r + dist : A->r - dist);
    }
    const placed *PA = &C->pl[i];
    double d = 0;
    for (int v = 0; v < A->shape.n; v++)
        d = fmax(d, tpoly_point_depth(&PB->poly, PA->pt[v]));
    for (int v = 0; v < B->shape.n; v++)
        d = fmax(d, tpoly_point_depth(&PA->poly, PB->pt[v]));
    for (int a = 0; a < PA->pieces.n; a++)
        for (int b = 0; b < PB->pieces.n; b++)
            d = fmax(d, sat_quads(&PA->pieces.q[a], &PB->pieces.q[b]));
    return d;
}

/* Kinetic energy of body i at row r (centroid velocity). */
static double kinetic_of(const checker *C, int i, const row *r) {
    const tbody *B = &C->b[i];
    double c = cos(r->th), s = sin(r->th);
    double rx = c * B->cx - s * B->cy, ry = s * B->cx + c * B->cy;
    double vx = r->vx - r->om * ry, vy = r->vy + r->om * rx;
    return 0.5 * B->m * (vx * vx + vy * vy) + 0.5 * B->I * r->om * r->om;
}

/* Kinetic energy of the bodies at their rows. */
static double kinetic(const checker *C, const row *r) {
    double e = 0;
    for (int i = 0; i < C->s->nbodies; i++)
        e += kinetic_of(C, i, &r[i]);
    return e;
}

static void check_step(checker *C, long step, const row *r, const row *prev) {
    int nb = C->s->nbodies;
    place(C, r);
    for (int i = 0; i < nb; i++) {
        double d = solid_depth_of(C, i, r);
        note_depth(C, d, step, i, "the solid");
        if (d > C->depth_tol)
            fail(C, "step %ld: %s is %.3g deep in the solid (tolerance %g)", step,
                 C->s->bodies[i].name, d, C->depth_tol);
        for (int j = i + 1; j < nb; j++) {
            d = body_depth_of(C, i, j, r);
            note_depth(C, d, step, i, C->s->bodies[j].name);
            if (d > C->depth_tol)
                fail(C, "step %ld: %s and %s overlap by %.3g (tolerance %g)", step,
                     C->s->bodies[i].name, C->s->bodies[j].name, d, C->depth_tol);
        }
    }
    if (step == 0)
        memcpy(C->start, r, (size_t)nb * sizeof *r);
    for (int i = 0; C->rest_tol >= 0 && i < nb; i++) {
        double d = fmax(hypot(r[i].x - C->start[i].x, r[i].y - C->start[i].y),
                        fabs(r[i].th - C->start[i].th));
        if (d > C->worst_rest) {
            C->worst_rest = d;
            C->worst_rest_step = step;
        }
        if (d > C->rest_tol)
            fail(C, "step %ld: %s is %.3g from where it rested (tolerance %g)", step,
                 C->s->bodies[i].name, d, C->rest_tol);
    }
    for (int i = 0; prev && C->glide_from >= 0 && step > C->glide_from && step <= C->glide_to &&
                    i < nb; i++) {
        row a = prev[i], b = r[i];
        double va = sqrt(2 * kinetic_of(C, i, &a) / C->b[i].m);
        double vb = sqrt(2 * kinetic_of(C, i, &b) / C->b[i].m), dv = fabs(vb - va);
        if (dv > C->worst_glide) {
            C->worst_glide = dv;
            C->worst_glide_step = step;
        }
        if (dv > 1e-9)
            fail(C, "step %ld: %s's speed %.17g -> %.17g: it snagged (glide)", step,
                 C->s->bodies[i].name, va, vb);
    }
    if (prev && C->energy_measured) {
        double e0 = kinetic(C, prev), e1 = kinetic(C, r);
        double excess = e1 - e0 - C->energy_floor;
        double gain = excess > 0 ? (e0 > 0 ? excess / e0 : INFINITY) : 0;
        if (gain > C->worst_gain) {
            C->worst_gain = gain;
            C->worst_gain_step = step;
        }
        if (C->energy_checked && gain > C->energy_rel)
            fail(C, "step %ld: kinetic energy %.17g -> %.17g, a gain of %.3g relative", step, e0,
                 e1, gain);
    }
}

/* ---- LCP dumps: the discrete Coulomb law ------------------------------------ */

/* Is mu one of the scene's pair coefficients? */
static int known_mu(const checker *C, double mu) {
    const ncs_scene *s = C->s;
    if (mu == 0)
        return 1;
    for (int i = 0; i < s->nbodies; i++) {
        double mb = s->bodies[i].friction;
        for (int k = 0; k < s->nobstacles + s->nbodies; k++) {
            double mo = k < s->nobstacles ? s->obstacles[k].friction : s->bodies[k - s->nobstacles].friction;
            if (mb > 0 && mo > 0 && fabs(sqrt(mb * mo) - mu) <= 1e-12 * mu)
                return 1;
        }
    }
    return 0;
}

/* Offsets of p_n (the impulses, contact order), p_f and s for a layout
 * (ncs/layout.h). */
static void offsets(int form, int y, int g, int x, int k, int *pn, int *pf, int *so, int *m) {
    int nc = y + x, head;
    switch (form) {
    case 0: head = 0; break;                    /* stewart: p_x */
    case 1: head = 3 * y + 2 * g; break;        /* max: c d g h p, then p_y p_x */
    case 2: head = y; break;                    /* summation: c, then p_y p_x */
    case 3: head = y - g; break;                /* diff: c, then p_y p_x */
    default: head = 2 * y; break;               /* diff-accurate: c gv pd, p_y p_x */
    }
    *pn = head;
    *pf = head + nc;
    *so = head + nc + k * nc;
    *m = head + nc + (k ? (k + 1) * nc : 0);
}

static int read_line(FILE *f, char **buf, size_t *cap) {
    size_t n = 0;
    int c;
    while ((c = fgetc(f)) != EOF) {
        if (n + 2 > *cap) {
            *cap = *cap ? 2 * *cap : 4096;
            *buf = realloc(*buf, *cap);
            if (!*buf)
                exit(2);
        }
        if (c == '\n')
            break;
        (*buf)[n++] = (char)c;
    }
    if (n == 0 && c == EOF)
        return 0;
    (*buf)[n] = 0;
    return 1;
}


/* Checks one dumped LCP. Returns 0, or -1 when it cannot be read. */
static int check_lcp(checker *C, const char *path) {
    FILE *f = fopen(path, "r");
    char *line = NULL;
    size_t cap = 0;
    int m = -1, form = -1, y = 0, g = 0, x = 0, k = 0, ok = 0;
    double *B = NULL, *b = NULL, *z = NULL;
    if (!f)
        return -1;
    if (!read_line(f, &line, &cap) || sscanf(line, "%d", &m) != 1 || m < 1 || m > 100000)
        goto out;
    for (int i = 0; i < 4; i++)
        if (!read_line(f, &line, &cap))
            goto out;
    B = malloc((size_t)m * (size_t)m * sizeof *B);
    b = malloc((size_t)m * sizeof *b);
    z = calloc((size_t)m, sizeof *z);
    if (!B || !b || !z)
        exit(2);
    for (int c = 0; c < m; c++) {   /* one column of B per line */
        char *p, *e;
        if (!read_line(f, &line, &cap))
            goto out;
        p = line;
        for (int r = 0; r < m; r++, p = e) {
            B[(size_t)r * (size_t)m + (size_t)c] = strtod(p, &e);
            if (e == p)
                goto out;
        }
    }
    {
        char *p, *e;
        if (!read_line(f, &line, &cap))
            goto out;
        p = line;
        for (int r = 0; r < m; r++, p = e) {
            b[r] = strtod(p, &e);
            if (e == p)
                goto out;
        }
    }
    int have_z = 0, status = -1;
    while (read_line(f, &line, &cap)) {
        if (!strncmp(line, "ncs-layout:", 11)) {
            char *p = line + 11;
            while (*p) {
                while (*p == ' ')
                    p++;
                if (!strncmp(p, "form=", 5)) {
                    p += 5;
                    for (int i = NCS_NFORMS - 1; i >= 0; i--) /* diff-accurate before diff */
                        if (!strncmp(p, ncs_forms[i].name, strlen(ncs_forms[i].name))) {
                            form = i;
                            break;
                        }
                } else if (!strncmp(p, "groups=", 7)) {
                    p += 7;
                    while (*p >= '0' && *p <= '9') {
                        y += (int)strtol(p, &p, 10);
                        g++;
                        if (*p == ',')
                            p++;
                    }
                } else if (!strncmp(p, "convex=", 7)) {
                    x = (int)strtol(p + 7, &p, 10);
                    continue;
                } else if (!strncmp(p, "fric=", 5)) {
                    k = (int)strtol(p + 5, &p, 10);
                    continue;
                }
                while (*p && *p != ' ')
                    p++;
            }
        } else if (!strncmp(line, "ncs-z:", 6)) {
            char *p = strstr(line, "status="), *e;
            if (!p)
                goto out;
            status = (int)strtol(p + 7, &e, 10);
            p = e;
            for (int r = 0; r < m && status == 0; r++, p = e) {
                z[r] = strtod(p, &e);
                if (e == p)
                    goto out;
            }
            have_z = 1;
        }
    }
    if (form < 0 || !have_z)
        goto out;
    ok = 1;
    C->lcps++;
    if (status != 0 || k == 0)
        goto out;   /* a failed solve (the step then failed: the CSV says so), or no friction */
    int pn, pf, so, mm, nc = y + x;
    offsets(form, y, g, x, k, &pn, &pf, &so, &mm);
    if (mm != m) {
        fail(C, "%s: layout form=%s y=%d g=%d x=%d k=%d has %d rows, the file %d", path,
             ncs_form_name(form), y, g, x, k, mm, m);
        goto out;
    }
    double zs = 0;
    for (int r = 0; r < m; r++)
        zs = fmax(zs, fabs(z[r]));
    for (int j = 0; j < nc; j++) {
        const double *Bs = &B[(size_t)(so + j) * (size_t)m];
        double mu = Bs[pn + j], p = z[pn + j], pp = z[pf + 2 * j], pm = z[pf + 2 * j + 1];
        double s = z[so + j], tol = 1e-8 * zs * fmax(1, mu), w = b[pf + 2 * j];
        if (Bs[pf + 2 * j] != -1 || Bs[pf + 2 * j + 1] != -1) {
            fail(C, "%s: row %d is not contact %d's friction cone row", path, so + j, j);
            continue;
        }
        for (int c = 0; c < m; c++)
            w += B[(size_t)(pf + 2 * j) * (size_t)m + (size_t)c] * z[c];
        double t = w - s;   /* end-of-step tangential velocity along +t */
        C->contacts++;
        if (!known_mu(C, mu))
            fail(C, "%s: contact %d has mu %.17g, not a pair coefficient of the scene", path, j,
                 mu);
        if (p < -1e-9 * zs || pp < -1e-9 * zs || pm < -1e-9 * zs)
            fail(C, "%s: contact %d has a negative impulse (p_n %g, p_t %g %g)", path, j, p, pp,
                 pm);
        double ex = fabs(pp - pm) - mu * p;
        if (zs > 0)
            C->worst_cone = fmax(C->worst_cone, ex / (zs * fmax(1, mu)));
        if (ex > tol)
            fail(C, "%s: contact %d outside the friction cone: |p_t| %.17g > mu p_n %.17g", path,
                 j, fabs(pp - pm), mu * p);
        /* sliding: clearly nonzero tangential velocity (against the size of
         * the problem's velocities and of z) */
        double vs = 0;
        for (int r = 0; r < m; r++)
            vs = fmax(vs, fabs(b[r]));
        if (fabs(t) > 1e-7 * fmax(vs, zs) && mu > 0) {
            double in = mu * p - fabs(pp - pm);
            C->sliding++;
            if (zs > 0)
                C->worst_slide = fmax(C->worst_slide, in / (zs * fmax(1, mu)));
            if (in > tol)
                fail(C, "%s: contact %d slides (tangential velocity %.3g) inside the cone: "
                     "|p_t| %.17g < mu p_n %.17g", path, j, t, fabs(pp - pm), mu * p);
            if ((pp - pm) * t > tol * fabs(t))
                fail(C, "%s: contact %d slides at %.3g and friction %.3g pushes it along", path,
                     j, t, pp - pm);
        }
    }
out:
    if (!ok)
        fprintf(stderr, "trust_check: %s: not an LCP dump with a layout and a solution\n", path);
    free(B);
    free(b);
    free(z);
    free(line);
    fclose(f);
    return ok ? 0 : -1;
}

static int cmp_str(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int check_dumps(checker *C, const char *dir) {
    DIR *d = opendir(dir);
    struct dirent *e;
    char **names = NULL;
    int n = 0, cap = 0, rc = 0;
    if (!d) {
        fprintf(stderr, "trust_check: cannot open '%s'\n", dir);
        return -1;
    }
    while ((e = readdir(d))) {
        size_t l = strlen(e->d_name);
        if (l < 5 || strcmp(e->d_name + l - 4, ".dat") != 0)
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 256;
            names = realloc(names, (size_t)cap * sizeof *names);
            if (!names)
                exit(2);
        }
        names[n] = malloc(strlen(dir) + l + 2);
        if (!names[n])
            exit(2);
        sprintf(names[n++], "%s/%s", dir, e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof *names, cmp_str);
    for (int i = 0; i < n; i++) {
        if (check_lcp(C, names[i]) != 0)
            rc = -1;
        free(names[i]);
    }
    free(names);
    return rc;
}

/* ---- the scene ------------------------------------------------------------- */

/* The automatic summation epsilon: 1e-9 of the scene's diameter. */
static double auto_epsilon(const ncs_scene *s) {
    double box[4] = {INFINITY, INFINITY, -INFINITY, -INFINITY}, rmax = 0;
    int any = 0;
#define GROW(px, py)                                                                       \
    do {                                                                                   \
        box[0] = fmin(box[0], px), box[1] = fmin(box[1], py), box[2] = fmax(box[2], px);   \
        box[3] = fmax(box[3], py);                                                         \
    } while (0)
    for (int i = 0; i < s->nobstacles; i++) {
        const ncs_obstacle *o = &s->obstacles[i];
        for (int v = 0; v < o->outer.n; v++, any = 1)
            GROW(o->outer.pt[v].x, o->outer.pt[v].y);
        for (int k = 0; k < o->nholes; k++)
            for (int v = 0; v < o->holes[k].n; v++)
                GROW(o->holes[k].pt[v].x, o->holes[k].pt[v].y);
        for (int k = 0; k < o->nsides; k++, any = 1)
            GROW(o->sides[k].point.x, o->sides[k].point.y);
    }
    for (int i = 0; i < s->nbodies; i++) {
        GROW(s->bodies[i].pos.x, s->bodies[i].pos.y);
        if (s->bodies[i].kind == NCS_DISC)
            rmax = fmax(rmax, s->bodies[i].radius);
    }
#undef GROW
    if (any) {
        box[0] -= rmax;
        box[1] -= rmax;
        box[2] += rmax;
        box[3] += rmax;
    }
    double d = hypot(box[2] - box[0], box[3] - box[1]);
    return 1e-9 * (d > 0 ? d : 1);
}

static int frictionless(const ncs_scene *s) {
    for (int i = 0; i < s->nbodies; i++) {
        if (!(s->bodies[i].friction > 0))
            continue;
        for (int k = 0; k < s->nobstacles; k++)
            if (s->obstacles[k].friction > 0)
                return 0;
        for (int k = 0; k < s->nbodies; k++)
            if (k != i && s->bodies[k].friction > 0)
                return 0;
    }
    return 1;
}

static int force_free(const ncs_scene *s) {
    if (s->gravity.x != 0 || s->gravity.y != 0)
        return 0;
    for (int i = 0; i < s->nbodies; i++)
        if (s->bodies[i].force.x != 0 || s->bodies[i].force.y != 0 || s->bodies[i].torque != 0)
            return 0;
    return 1;
}

static void usage(void) {
    fprintf(stderr, "usage: trust_check SCENE.ncs RUN.csv [--formulation F] [--lcp DIR]"
                    " [--steps N] [--depth TOL] [--energy REL] [--label TEXT]\n");
    exit(2);
}

int main(int argc, char **argv) {
    const char *form = NULL, *lcp = NULL, *label = NULL;
    long steps = -1;
    double depth_tol = -1, energy_rel = 1e-9;
    if (argc < 3)
        usage();
    for (int i = 3; i < argc; i++) {
        if (i + 1 >= argc)
            usage();
        if (!strcmp(argv[i], "--formulation"))
            form = argv[++i];
        else if (!strcmp(argv[i], "--lcp"))
            lcp = argv[++i];
        else if (!strcmp(argv[i], "--steps"))
            steps = atol(argv[++i]);
        else if (!strcmp(argv[i], "--depth"))
            depth_tol = atof(argv[++i]);
        else if (!strcmp(argv[i], "--energy"))
            energy_rel = atof(argv[++i]);
        else if (!strcmp(argv[i], "--label"))
            label = argv[++i];
        else
            usage();
    }
    size_t len;
    char *text = tread_file(argv[1], &len);
    if (!text) {
        fprintf(stderr, "trust_check: cannot read '%s'\n", argv[1]);
        return 2;
    }
    int fo = form ? ncs_formulation_from_name(form, NULL) : -1;
    if (form && fo < 0)
        usage();
    ncs_diag d;
    ncs_diag_init(&d, argv[1], text, len);
    d.out = NULL;   /* the simulator's compile showed the warnings */
    ncs_scene *s = ncs_parse_opt(argv[1], text, len, &d, NULL, fo);
    if (!s)
        return 2;
    checker C;
    memset(&C, 0, sizeof C);
    C.s = s;
    C.label = label ? label : argv[1];
    if (tsolid_build(&C.S, s, &d) != 0)
        return 2;
    for (int i = 0; i < s->nobstacles; i++)
        if (C.S.obst[i].n > 0) {
            trapezoids(&C.S.obst[i], 0, &C.solid_pieces);
            trapezoids(&C.S.obst[i], 1, &C.solid_pieces);
        }
    C.b = calloc((size_t)s->nbodies, sizeof *C.b);
    C.pl = calloc((size_t)s->nbodies, sizeof *C.pl);
    if (!C.b || !C.pl)
        return 2;
    for (int i = 0; i < s->nbodies; i++) {
        const ncs_body *bd = &s->bodies[i];
        tbody *B = &C.b[i];
        B->kind = bd->kind;
        B->m = bd->mass;
        B->r = bd->kind == NCS_DISC ? bd->radius : 0;
        B->mu = bd->friction;
        B->I = bd->kind == NCS_DISC ? 0.5 * bd->mass * bd->radius * bd->radius : 0;
        if (bd->kind != NCS_POLYGON)
            continue;
        if (ncs_gpoly_build(&bd->shape, NULL, 0, bd->name, &d, &B->shape) != 0)
            return 2;
        mass_props(&B->shape, bd->mass, &B->cx, &B->cy, &B->I);
        if (bd->has_inertia)
            B->I = bd->inertia;
        trapezoids(&B->shape, 0, &B->pieces);
        trapezoids(&B->shape, 1, &B->pieces);
        placed *P = &C.pl[i];
        P->pt = calloc((size_t)B->shape.n, sizeof *P->pt);
        P->pieces.q = calloc((size_t)B->pieces.n + 1, sizeof *P->pieces.q);
        if (!P->pt || !P->pieces.q)
            return 2;
        P->pieces.n = P->pieces.cap = B->pieces.n;
        P->poly = B->shape;     /* same rings, world points */
        P->poly.pt = P->pt;
    }
    int summation = s->form == NCS_FORM_SUMMATION;
    double eps = s->epsilon_auto ? auto_epsilon(s) : s->epsilon;
    C.depth_tol = depth_tol >= 0 ? depth_tol : summation ? 2 * eps : 1e-9;
    C.energy_rel = energy_rel;
    for (int i = 0; i < s->nbodies; i++)
        C.energy_floor += 0.5 * C.b[i].m * 1e-9 * 1e-9;
    C.energy_measured = frictionless(s) && force_free(s);
    C.energy_checked = C.energy_measured && !summation;
    if (steps < 0)
        steps = s->steps;
    /* the scene's own trust lines: glide K, rest TOL */
    C.glide_from = -1;
    C.rest_tol = -1;
    for (const char *p = text; (p = strstr(p, "# trust: ")) != NULL; p++) {
        long k, l;
        double tol;
        int got = sscanf(p, "# trust: glide %ld %ld", &k, &l);
        if (got >= 1) {
            C.glide_from = k;
            C.glide_to = got == 2 ? l : steps;
        }
        if (got < 1 && sscanf(p, "# trust: rest %lf", &tol) == 1)
            C.rest_tol = summation ? fmax(tol, C.depth_tol) : tol;
    }
    if (C.glide_from >= 0 && !(frictionless(s) && force_free(s)))
        fail(&C, "%s: 'glide' needs a frictionless scene without gravity or forces", argv[1]);
    C.start = calloc((size_t)s->nbodies + 1, sizeof *C.start);
    if (!C.start)
        return 2;

    /* the CSV */
    FILE *f = fopen(argv[2], "r");
    char *line = NULL;
    size_t lcap = 0;
    if (!f || !read_line(f, &line, &lcap) ||
        strcmp(line, "step,t,body,x,y,theta,vx,vy,omega,status,pivots,m,solves") != 0) {
        fprintf(stderr, "trust_check: %s: not a simulator CSV\n", argv[2]);
        return 2;
    }
    int nb = s->nbodies;
    row *cur = calloc((size_t)nb, sizeof *cur), *prev = calloc((size_t)nb, sizeof *prev);
    if (!cur || !prev)
        return 2;
    long step = 0, last = -1;
    int bi = 0, bad_rows = 0;
    while (read_line(f, &line, &lcap)) {
        long st;
        double t;
        char name[256], status[32];
        row r;
        int piv, mm, solves;
        if (sscanf(line, "%ld,%lf,%255[^,],%lf,%lf,%lf,%lf,%lf,%lf,%31[^,],%d,%d,%d", &st, &t,
                   name, &r.x, &r.y, &r.th, &r.vx, &r.vy, &r.om, status, &piv, &mm,
                   &solves) != 13 ||
            st != step || strcmp(name, s->bodies[bi].name) != 0 ||
            (strcmp(status, "solved") != 0 && strcmp(status, "none") != 0) ||
            !isfinite(r.x) || !isfinite(r.y) || !isfinite(r.th) || !isfinite(r.vx) ||
            !isfinite(r.vy) || !isfinite(r.om)) {
            if (bad_rows++ == 0)
                fail(&C, "%s: unexpected row (step %ld, body %s wanted): %s", argv[2], step,
                     s->bodies[bi].name, line);
            break;
        }
        cur[bi] = r;
        if (++bi == nb) {
            check_step(&C, step, cur, last >= 0 ? prev : NULL);
            row *tmp = prev;
            prev = cur;
            cur = tmp;
            last = step;
            bi = 0;
            step++;
        }
    }
    fclose(f);
    if (!bad_rows && (last != steps || bi != 0))
        fail(&C, "%s: the run ends at step %ld, not %ld: a step failed", argv[2], last, steps);
    if (lcp && check_dumps(&C, lcp) != 0)
        fail(&C, "%s: unreadable LCP dumps", lcp);
    printf("trust: %s: %ld steps; deepest %.3g (%s%s%s, step %ld; tolerance %g)", C.label,
           last, C.worst_depth, C.worst_depth_body[0] ? C.worst_depth_body : "-",
           C.worst_depth_what ? " in " : "", C.worst_depth_what ? C.worst_depth_what : "",
           C.worst_depth_step, C.depth_tol);
    if (C.energy_measured)
        printf("; energy gain %.3g (step %ld; %s)", C.worst_gain, C.worst_gain_step,
               C.energy_checked ? "checked" : "measured");
    if (lcp)
        printf("; %ld LCPs, %ld friction contacts, %ld sliding; cone excess %.3g, slide gap %.3g",
               C.lcps, C.contacts, C.sliding, C.worst_cone, C.worst_slide);
    if (C.glide_from >= 0)
        printf("; glide %.3g (step %ld)", C.worst_glide, C.worst_glide_step);
    if (C.rest_tol >= 0)
        printf("; rest %.3g (step %ld)", C.worst_rest, C.worst_rest_step);
    printf(": %s\n", C.fails ? "FAILED" : "ok");
    free(line);
    free(cur);
    free(prev);
    free(C.start);
    return C.fails ? 1 : 0;
}
