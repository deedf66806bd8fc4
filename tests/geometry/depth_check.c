/* depth_check.c - how deep did any body get into the true obstacles?
 *
 *   geometry_depth_check SCENE.ncs RUN.csv TOLERANCE
 *
 * Reads the scene (ncs_parse) and the simulator's --csv output (step, t,
 * body, x, y, theta, ...), and measures every end-of-step position against
 * the true polygons with their holes (validated and normalised by
 * ncs_gpoly_build), not against the groups the generated code uses: so a
 * body left on or across an internal diagonal, or inside a piece's relaxed
 * corner, is seen. Penetration depth:
 *  - particle: its distance to the boundary when strictly inside;
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
        for (int i = 0; i < s->nobstacles; i++) {
            const ncs_gpoly *p = &obst[i];
            if (s->obstacles[i].kind == NCS_OBST_GROUP)
                continue;
            if (body->kind == NCS_BODY_DISC) {
                double dist = boundary_dist(p, q);
                int in = ncs_gpoly_locate(p, q) > 0;
                depth = fmax(depth, in ? body->radius + dist : body->radius - dist);
            } else if (body->kind == NCS_BODY_POLYGON) {
                const ncs_gpoly *sh = &shape[b];
                for (int v = 0; v < sh->n; v++) {
                    ncs_vec2 w = {x + c * sh->pt[v].x - sn * sh->pt[v].y,
                                  y + sn * sh->pt[v].x + c * sh->pt[v].y};
                    depth = fmax(depth, point_depth(p, w));
                }
                for (int v = 0; v < p->n; v++) {   /* obstacle vertex in the body frame */
                    ncs_vec2 rel = {p->pt[v].x - x, p->pt[v].y - y};
                    ncs_vec2 w = {c * rel.x + sn * rel.y, -sn * rel.x + c * rel.y};
                    depth = fmax(depth, point_depth(sh, w));
                }
            } else {
                depth = fmax(depth, point_depth(p, q));
            }
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
