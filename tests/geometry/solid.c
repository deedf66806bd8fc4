/* solid.c - the union of a scene's polygon obstacles for the test checkers
 * (solid.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "solid.h"

double tseg_dist(ncs_vec2 q, ncs_vec2 a, ncs_vec2 b) {
    double dx = b.x - a.x, dy = b.y - a.y, l2 = dx * dx + dy * dy;
    double t = l2 > 0 ? ((q.x - a.x) * dx + (q.y - a.y) * dy) / l2 : 0;
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    return hypot(q.x - a.x - t * dx, q.y - a.y - t * dy);
}

double tpoly_boundary_dist(const ncs_gpoly *p, ncs_vec2 q) {
    double best = INFINITY;
    for (int k = 0; k < p->nrings; k++)
        for (int i = p->start[k]; i < p->start[k + 1]; i++) {
            int j = i + 1 < p->start[k + 1] ? i + 1 : p->start[k];
            best = fmin(best, tseg_dist(q, p->pt[i], p->pt[j]));
        }
    return best;
}

double tpoly_point_depth(const ncs_gpoly *p, ncs_vec2 q) {
    return ncs_gpoly_locate(p, q) > 0 ? tpoly_boundary_dist(p, q) : 0;
}

static int in_some(const tsolid *S, ncs_vec2 q) {
    for (int i = 0; i < S->nob; i++)
        if (S->obst[i].n > 0 && ncs_gpoly_locate(&S->obst[i], q) > 0)
            return 1;
    return 0;
}

static int cmp_double(const void *x, const void *y) {
    double a = *(const double *)x, b = *(const double *)y;
    return a < b ? -1 : a > b;
}

static int push_segment(tsolid *S, ncs_vec2 a, ncs_vec2 b, int ob) {
    if (S->n == S->cap) {
        int cap = S->cap ? 2 * S->cap : 64;
        ncs_vec2 *na = realloc(S->a, (size_t)cap * sizeof *na);
        if (na)
            S->a = na;
        ncs_vec2 *nb = realloc(S->b, (size_t)cap * sizeof *nb);
        if (nb)
            S->b = nb;
        int *no = realloc(S->ob, (size_t)cap * sizeof *no);
        if (no)
            S->ob = no;
        if (!na || !nb || !no)
            return -1;
        S->cap = cap;
    }
    S->a[S->n] = a;
    S->b[S->n] = b;
    S->ob[S->n] = ob;
    S->n++;
    return 0;
}

/* Cuts edge a -> b (of obstacle i, solid on its left) where the other
 * obstacles' edges meet it and keeps the parts with no obstacle just
 * outside. t holds room for every cut. Returns 0, or -1 out of memory. */
static int add_edge_parts(tsolid *S, int i, ncs_vec2 a, ncs_vec2 b, double *t) {
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
                for (int q = 0; q < nu; q++)
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
        ncs_vec2 p0 = {a.x + t0 * dx, a.y + t0 * dy}, p1 = {a.x + t1 * dx, a.y + t1 * dy};
        if (push_segment(S, p0, p1, i) != 0)
            return -1;
    }
    return 0;
}

int tsolid_build(tsolid *S, const ncs_scene *s, ncs_diag *d) {
    int total = 0;
    memset(S, 0, sizeof *S);
    S->nob = s->nobstacles;
    S->obst = calloc((size_t)s->nobstacles + 1, sizeof *S->obst);
    if (!S->obst)
        return -1;
    for (int i = 0; i < s->nobstacles; i++) {
        const ncs_obstacle *ob = &s->obstacles[i];
        if (ob->kind != NCS_OBST_GROUP &&
            ncs_gpoly_build(&ob->outer, ob->holes, ob->nholes, ob->name, d, &S->obst[i]) < 0) {
            tsolid_free(S);
            return -1;
        }
        total += S->obst[i].n;
    }
    /* each edge is cut at most twice per other edge, plus its ends */
    double *t = malloc(((size_t)2 * (size_t)total + 2) * sizeof *t);
    if (!t) {
        tsolid_free(S);
        return -1;
    }
    for (int i = 0; i < S->nob; i++) {
        const ncs_gpoly *p = &S->obst[i];
        for (int k = 0; k < p->nrings; k++)
            for (int v = p->start[k]; v < p->start[k + 1]; v++)
                if (add_edge_parts(S, i, p->pt[v],
                                   p->pt[v + 1 < p->start[k + 1] ? v + 1 : p->start[k]], t) != 0) {
                    free(t);
                    tsolid_free(S);
                    return -1;
                }
    }
    free(t);
    return 0;
}

void tsolid_free(tsolid *S) {
    for (int i = 0; i < S->nob && S->obst; i++)
        ncs_gpoly_free(&S->obst[i]);
    free(S->obst);
    free(S->a);
    free(S->b);
    free(S->ob);
    memset(S, 0, sizeof *S);
}

double tsolid_nearest(const tsolid *S, ncs_vec2 q, int *seg) {
    double best = INFINITY;
    *seg = -1;
    for (int k = 0; k < S->n; k++) {
        double d = tseg_dist(q, S->a[k], S->b[k]);
        if (d < best) {
            best = d;
            *seg = k;
        }
    }
    return best;
}

double tsolid_dist(const tsolid *S, ncs_vec2 q) {
    int seg;
    return tsolid_nearest(S, q, &seg);
}

int tsolid_inside(const tsolid *S, ncs_vec2 q) {
    int closed = 0;
    for (int i = 0; i < S->nob && !closed; i++)
        closed = S->obst[i].n > 0 && ncs_gpoly_locate(&S->obst[i], q) >= 0;
    return closed && tsolid_dist(S, q) > 0;
}

double tsolid_depth(const tsolid *S, ncs_vec2 q) {
    return tsolid_inside(S, q) ? tsolid_dist(S, q) : 0;
}

double tsolid_disc_depth(const tsolid *S, ncs_vec2 c, double r) {
    if (S->n == 0)
        return 0;
    double dist = tsolid_dist(S, c);
    return fmax(0, tsolid_inside(S, c) ? r + dist : r - dist);
}

char *tread_file(const char *path, size_t *len) {
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
