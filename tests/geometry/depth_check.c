/* depth_check.c - how deep did any body get into the true obstacles?
 *
 *   geometry_depth_check SCENE.ncs RUN.csv TOLERANCE
 *
 * Reads the scene (ncs_parse) and the simulator's --csv output (step, t,
 * body, x, y, theta, ...), and measures every end-of-step position against
 * the true solid, the UNION of the polygon obstacles with their holes
 * (each validated and normalised by ncs_gpoly_build), not against the
 * groups the generated code uses: so a body left on or across an internal
 * diagonal, on a seam between touching obstacles, or inside a piece's
 * relaxed corner, is seen. The union is computed here independently of the
 * compiler's (geom_union.c): its boundary is the parts of the obstacles'
 * edges with no obstacle just outside them (each edge is cut where other
 * obstacles' edges meet it, and the middle of every part, moved a little
 * outwards, is located in every obstacle); a point is inside the solid when
 * it lies in some closed obstacle and off that boundary (so a point on a
 * seam is inside). Penetration depth:
 *  - particle: its distance to the union's boundary when inside;
 *  - disc of radius r: r - distance(centre, boundary) when the centre is
 *    outside, r + distance when inside (0 when clear);
 *  - polygon body: the deepest body vertex inside the obstacle (distance to
 *    the obstacle's boundary) or obstacle vertex inside the placed body
 *    (distance to the body's boundary).
 * Explicit-group obstacles are skipped. Prints the worst depth per body;
 * exit status 0 when every depth is at most TOLERANCE, 1 when one is
 * deeper, 2 on bad input.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "geom_int.h"
#include "parse.h"

static double seg_dist(ncs_vec2 q, ncs_vec2 a, ncs_vec2 b) {
    double dx = b.x - a.x, dy = b.y - a.y, l2 = dx * dx + dy * dy;
    double t = l2 > 0 ? ((q.x - a.x) * dx + (q.y - a.y) * dy) / l2 : 0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    return hypot(q.x - a.x - t * dx, q.y - a.y - t * dy);
}

static double boundary_dist(const ncs_gpoly *p, ncs_vec2 q) {
    double best = INFINITY;
    for (int k = 0; k < p->nrings; k++)
        for (int i = p->start[k]; i < p->start[k + 1]; i++) {
            int j = i + 1 < p->start[k + 1] ? i + 1 : p->start[k];
            best = fmin(best, seg_dist(q, p->pt[i], p->pt[j]));
        }
    return best;
}

/* Depth of point q inside polygon p (0 when not strictly inside). */
static double point_depth(const ncs_gpoly *p, ncs_vec2 q) {
    return ncs_gpoly_locate(p, q) > 0 ? boundary_dist(p, q) : 0;
}

/** The union of the polygon obstacles: its boundary as segments. */
typedef struct solid {
    const ncs_gpoly *obst;  /* per obstacle (n == 0: explicit group) */
    int nob;
    ncs_vec2 *a, *b;        /* boundary segments */
    int n, cap;
} solid;

static int in_some(const solid *S, ncs_vec2 q) {
    for (int i = 0; i < S->nob; i++)
        if (S->obst[i].n > 0 && ncs_gpoly_locate(&S->obst[i], q) > 0)
            return 1;
    return 0;
}

static int cmp_double(const void *x, const void *y) {
    double a = *(const double *)x, b = *(const double *)y;
    return a < b ? -1 : a > b;
}

/* Cuts edge a -> b (of obstacle i, solid on its left) where the other
 * obstacles' edges meet it and keeps the parts with no obstacle just
 * outside. Brute force over all other edges: the test scenes are small. */
static void add_edge_parts(solid *S, int i, ncs_vec2 a, ncs_vec2 b) {
    double t[512];
    int nt = 0;
    double dx = b.x - a.x, dy = b.y - a.y, len = hypot(dx, dy);
    t[nt++] = 0;
    t[nt++] = 1;
    for (int j = 0; j < S->nob; j++) {
        const ncs_gpoly *p = &S->obst[j];
        if (j == i || p->n == 0)
            continue;
        for (int k = 0; k < p->nrings; k++)
            for (int v = p->start[k]; v < p->start[k + 1]; v++) {
                ncs_vec2 c = p->pt[v];
                ncs_vec2 e = p->pt[v + 1 < p->start[k + 1] ? v + 1 : p->start[k]];
                double ex = e.x - c.x, ey = e.y - c.y, den = dx * ey - dy * ex;
                double u[2];
                int nu = 0;
                if (fabs(den) > 1e-300) {   /* crossing of the lines */
                    double s1 = ((c.x - a.x) * ey - (c.y - a.y) * ex) / den;
                    double s2 = ((c.x - a.x) * dy - (c.y - a.y) * dx) / den;
                    if (s2 >= -1e-12 && s2 <= 1 + 1e-12)
                        u[nu++] = s1;
                } else {    /* parallel: the other's ends projected */
                    u[nu++] = ((c.x - a.x) * dx + (c.y - a.y) * dy) / (len * len);
                    u[nu++] = ((e.x - a.x) * dx + (e.y - a.y) * dy) / (len * len);
                }
                for (int q = 0; q < nu && nt < 512; q++)
                    if (u[q] > 0 && u[q] < 1)
                        t[nt++] = u[q];
            }
    }
    qsort(t, (size_t)nt, sizeof *t, cmp_double);
    for (int k = 0; k + 1 < nt; k++) {
        double t0 = t[k], t1 = t[k + 1], h = (t1 - t0) * len;
        if (!(h > 1e-12 * (1 + len)))
            continue;
        double tm = 0.5 * (t0 + t1), eps = 1e-6 * fmin(h, 1);
        ncs_vec2 m = {a.x + tm * dx + eps * dy / len, a.y + tm * dy - eps * dx / len};
        if (in_some(S, m))
            continue;   /* solid on both sides: a seam, or inside another */
        if (S->n == S->cap) {
            S->cap = S->cap ? 2 * S->cap : 64;
            S->a = realloc(S->a, (size_t)S->cap * sizeof *S->a);
            S->b = realloc(S->b, (size_t)S->cap * sizeof *S->b);
            if (!S->a || !S->b)
                exit(2);
        }
        S->a[S->n].x = a.x + t0 * dx;
        S->a[S->n].y = a.y + t0 * dy;
        S->b[S->n].x = a.x + t1 * dx;
        S->b[S->n].y = a.y + t1 * dy;
        S->n++;
    }
}

static void solid_build(solid *S) {
    for (int i = 0; i < S->nob; i++) {
        const ncs_gpoly *p = &S->obst[i];
        for (int k = 0; k < p->nrings; k++)
            for (int v = p->start[k]; v < p->start[k + 1]; v++)
                add_edge_parts(S, i, p->pt[v],
                               p->pt[v + 1 < p->start[k + 1] ? v + 1 : p->start[k]]);
    }
}

static double solid_dist(const solid *S, ncs_vec2 q) {
    double best = INFINITY;
    for (int k = 0; k < S->n; k++)
        best = fmin(best, seg_dist(q, S->a[k], S->b[k]));
    return best;
}

/* 1 when q is inside the solid (a point on a seam is). */
static int solid_inside(const solid *S, ncs_vec2 q) {
    int closed = 0;
    for (int i = 0; i < S->nob && !closed; i++)
        closed = S->obst[i].n > 0 && ncs_gpoly_locate(&S->obst[i], q) >= 0;
    return closed && solid_dist(S, q) > 0;
}

/* Depth of point q inside the solid (0 when not inside). */
static double solid_depth(const solid *S, ncs_vec2 q) {
    return solid_inside(S, q) ? solid_dist(S, q) : 0;
}

static char *read_file(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    while (buf) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap)
            break;
        char *b = realloc(buf, 2 * cap + 1);
        if (!b) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = b;
        cap *= 2;
    }
    fclose(f);
    if (buf)
        buf[n] = 0;
    *len = n;
    return buf;
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: %s SCENE.ncs RUN.csv TOLERANCE\n", argv[0]);
        return 2;
    }
    double tol = atof(argv[3]);
    size_t len;
    char *text = read_file(argv[1], &len);
    if (!text) {
        fprintf(stderr, "%s: cannot read\n", argv[1]);
        return 2;
    }
    ncs_diag d;
    ncs_diag_init(&d, argv[1], text, len);
    ncs_scene *s = ncs_parse(argv[1], text, len, &d);
    if (!s)
        return 2;
    ncs_gpoly *obst = calloc((size_t)s->nobstacles + 1, sizeof *obst);
    ncs_gpoly *shape = calloc((size_t)s->nbodies + 1, sizeof *shape);
    double *worst = calloc((size_t)s->nbodies + 1, sizeof *worst);
    long *worst_step = calloc((size_t)s->nbodies + 1, sizeof *worst_step);
    if (!obst || !shape || !worst || !worst_step)
        return 2;
    for (int i = 0; i < s->nobstacles; i++) {
        const ncs_obstacle *ob = &s->obstacles[i];
        if (ob->kind != NCS_OBST_GROUP &&
            ncs_gpoly_build(&ob->outer, ob->holes, ob->nholes, ob->name, &d, &obst[i]) < 0)
            return 2;
    }
    for (int b = 0; b < s->nbodies; b++)
        if (s->bodies[b].kind == NCS_BODY_POLYGON &&
            ncs_gpoly_build(&s->bodies[b].shape, NULL, 0, s->bodies[b].name, &d,
                            &shape[b]) < 0)
            return 2;
    solid S;
    memset(&S, 0, sizeof S);
    S.obst = obst;
    S.nob = s->nobstacles;
    solid_build(&S);
    FILE *f = fopen(argv[2], "r");
    if (!f) {
        fprintf(stderr, "%s: cannot read\n", argv[2]);
        return 2;
    }
    char line[1024], name[256];
    long rows = 0;
    if (!fgets(line, sizeof line, f) || strncmp(line, "step,t,body,x,y,theta", 21) != 0) {
        fprintf(stderr, "%s: not a simulator CSV\n", argv[2]);
        return 2;
    }
    while (fgets(line, sizeof line, f)) {
        long step;
        double t, x, y, th;
        if (sscanf(line, "%ld,%lf,%255[^,],%lf,%lf,%lf", &step, &t, name, &x, &y, &th) != 6) {
            fprintf(stderr, "%s: bad row: %s", argv[2], line);
            return 2;
        }
        int b = 0;
        while (b < s->nbodies && strcmp(s->bodies[b].name, name) != 0)
            b++;
        if (b == s->nbodies) {
            fprintf(stderr, "%s: unknown body '%s'\n", argv[2], name);
            return 2;
        }
        const ncs_body *body = &s->bodies[b];
        ncs_vec2 q = {x, y};
        double c = cos(th), sn = sin(th), depth = 0;
        if (body->kind == NCS_BODY_DISC && S.n > 0) {
            double dist = solid_dist(&S, q);
            depth = fmax(0, solid_inside(&S, q) ? body->radius + dist : body->radius - dist);
        } else if (body->kind == NCS_BODY_POLYGON) {
            const ncs_gpoly *sh = &shape[b];
            for (int v = 0; v < sh->n; v++) {
                ncs_vec2 w = {x + c * sh->pt[v].x - sn * sh->pt[v].y,
                              y + sn * sh->pt[v].x + c * sh->pt[v].y};
                depth = fmax(depth, solid_depth(&S, w));
            }
            for (int k = 0; k < 2 * S.n; k++) {     /* solid corners in the body frame */
                ncs_vec2 pv = k < S.n ? S.a[k] : S.b[k - S.n];
                ncs_vec2 rel = {pv.x - x, pv.y - y};
                ncs_vec2 w = {c * rel.x + sn * rel.y, -sn * rel.x + c * rel.y};
                depth = fmax(depth, point_depth(sh, w));
            }
        } else if (body->kind != NCS_BODY_DISC) {
            depth = solid_depth(&S, q);
        }
        if (depth > worst[b] || rows == 0) {
            worst[b] = fmax(worst[b], depth);
            if (depth >= worst[b])
                worst_step[b] = step;
        }
        rows++;
    }
    fclose(f);
    int bad = 0;
    for (int b = 0; b < s->nbodies; b++) {
        printf("%s: deepest %.3g inside the true obstacles (step %ld)%s\n",
               s->bodies[b].name, worst[b], worst_step[b],
               worst[b] > tol ? "  ** deeper than the tolerance" : "");
        bad |= worst[b] > tol;
    }
    printf("%ld rows; tolerance %g: %s\n", rows, tol, bad ? "FAILED" : "ok");
    free(S.a);
    free(S.b);
    for (int i = 0; i < s->nobstacles; i++)
        ncs_gpoly_free(&obst[i]);
    for (int b = 0; b < s->nbodies; b++)
        ncs_gpoly_free(&shape[b]);
    free(obst);
    free(shape);
    free(worst);
    free(worst_step);
    ncs_scene_free(s);
    free(text);
    return rows == 0 ? 2 : bad;
}
