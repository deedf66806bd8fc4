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
 * relaxed corner, is seen. The union is computed independently of the
 * compiler's (solid.h); a point on a seam is inside it. Penetration depth:
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
#include "parse.h"
#include "solid.h"

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: %s SCENE.ncs RUN.csv TOLERANCE\n", argv[0]);
        return 2;
    }
    double tol = atof(argv[3]);
    size_t len;
    char *text = tread_file(argv[1], &len);
    if (!text) {
        fprintf(stderr, "%s: cannot read\n", argv[1]);
        return 2;
    }
    ncs_diag d;
    ncs_diag_init(&d, argv[1], text, len);
    ncs_scene *s = ncs_parse(argv[1], text, len, &d);
    if (!s)
        return 2;
    ncs_gpoly *shape = calloc((size_t)s->nbodies + 1, sizeof *shape);
    double *worst = calloc((size_t)s->nbodies + 1, sizeof *worst);
    long *worst_step = calloc((size_t)s->nbodies + 1, sizeof *worst_step);
    if (!shape || !worst || !worst_step)
        return 2;
    for (int b = 0; b < s->nbodies; b++)
        if (s->bodies[b].kind == NCS_POLYGON &&
            ncs_gpoly_build(&s->bodies[b].shape, NULL, 0, s->bodies[b].name, &d,
                            &shape[b]) < 0)
            return 2;
    tsolid S;
    if (tsolid_build(&S, s, &d) != 0)
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
        if (body->kind == NCS_DISC) {
            depth = tsolid_disc_depth(&S, q, body->radius);
        } else if (body->kind == NCS_POLYGON) {
            const ncs_gpoly *sh = &shape[b];
            for (int v = 0; v < sh->n; v++) {
                ncs_vec2 w = {x + c * sh->pt[v].x - sn * sh->pt[v].y,
                              y + sn * sh->pt[v].x + c * sh->pt[v].y};
                depth = fmax(depth, tsolid_depth(&S, w));
            }
            for (int k = 0; k < 2 * S.n; k++) {     /* solid corners in the body frame */
                ncs_vec2 pv = k < S.n ? S.a[k] : S.b[k - S.n];
                ncs_vec2 rel = {pv.x - x, pv.y - y};
                ncs_vec2 w = {c * rel.x + sn * rel.y, -sn * rel.x + c * rel.y};
                depth = fmax(depth, tpoly_point_depth(sh, w));
            }
        } else if (body->kind != NCS_DISC) {
            depth = tsolid_depth(&S, q);
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
    tsolid_free(&S);
    for (int b = 0; b < s->nbodies; b++)
        ncs_gpoly_free(&shape[b]);
    free(shape);
    free(worst);
    free(worst_step);
    ncs_scene_free(s);
    free(text);
    return rows == 0 ? 2 : bad;
}
