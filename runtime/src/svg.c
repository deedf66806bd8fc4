/* svg.c - the simulator's --svg picture (sim_out.h): the obstacles on axes
 * with tick labels and a scale bar, every body's trajectory, and each body
 * at t = 0, T/4, T/2, 3T/4 and T as an outline with a time label. Labels
 * are placed where their boxes overlap no other text. Everything is laid
 * out in pixels (y up in the scene, down in SVG), so the file needs no
 * transforms to read. Host only (stdio, heap).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sim_out.h"

/* Layout, in pixels. */
#define PLOT_W 760.0            /* most width of the plot area */
#define PLOT_H 560.0            /* most height */
#define LEFT 64.0               /* left of the plot: room for y tick labels */
#define RIGHT 24.0
#define BOTTOM 56.0             /* below the plot: x tick labels, scale bar */
#define LINE 18.0               /* title and legend lines */
#define SNAPS 5                 /* snapshots per body: t = 0, T/4, T/2, 3T/4, T */
#define MAX_TRAJ_POINTS 4000    /* points per trajectory polyline */
#define TICK_PX 90.0            /* pixels between axis ticks, about */

static const char *const color[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd",
                                    "#ff7f0e", "#17becf", "#8c564b", "#e377c2"};
#define COLOR(b) color[(b) % 8]

/* Scene (x, y) -> pixels. */
typedef struct view {
    double x0, y1, s;           /* scene left, scene top, pixels per unit */
    double left, top;           /* plot area corner */
} view;

static double px(const view *v, double x) { return v->left + (x - v->x0) * v->s; }
static double py(const view *v, double y) { return v->top + (v->y1 - y) * v->s; }

/* Pixel boxes of the text placed so far. */
typedef struct box {
    double x0, y0, x1, y1;
} box;

typedef struct boxes {
    box *b;
    int n, cap;
} boxes;

static void box_add(boxes *bs, double x0, double y0, double x1, double y1) {
    if (bs->n == bs->cap) {
        int cap = bs->cap ? 2 * bs->cap : 64;
        box *nb = (box *)realloc(bs->b, (size_t)cap * sizeof *nb);
        if (!nb)
            return; /* the picture stays right; labels may overlap */
        bs->b = nb;
        bs->cap = cap;
    }
    bs->b[bs->n].x0 = x0;
    bs->b[bs->n].y0 = y0;
    bs->b[bs->n].x1 = x1;
    bs->b[bs->n].y1 = y1;
    bs->n++;
}

static int box_free(const boxes *bs, const box *c) {
    int i;
    for (i = 0; i < bs->n; i++)
        if (c->x0 < bs->b[i].x1 && bs->b[i].x0 < c->x1 && c->y0 < bs->b[i].y1 &&
            bs->b[i].y0 < c->y1)
            return 0;
    return 1;
}

/* Width of text in a sans-serif font of `size` pixels (an upper estimate). */
static double text_w(const char *s, double size) { return 0.62 * size * (double)strlen(s) + 2; }

/* Writes s with XML's special characters escaped. */
static void xml(FILE *f, const char *s) {
    for (; s && *s; s++)
        switch (*s) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        default: fputc(*s, f); break;
        }
}

static const char *body_name(const ncs_scene_desc *sc, int b) {
    return sc->body_name && sc->body_name[b] ? sc->body_name[b] : "?";
}

static const double *rec(const ncs_sim_traj *t, long k, int b) {
    return &t->q[((size_t)k * (size_t)t->nbodies + (size_t)b) * 3];
}

/* Outline vertex i of polygon body b in its reference frame (the scene
 * stores them about the centroid). */
static void body_vertex(const ncs_scene_desc *sc, int b, int i, double p[2]) {
    const ncs_body_desc *B = &sc->body[b];
    p[0] = (double)sc->bvert[B->vert0 + i].x + (double)B->cx;
    p[1] = (double)sc->bvert[B->vert0 + i].y + (double)B->cy;
}

/* Polygon body b's outline at configuration q into pt (2 nvert). */
static void outline(const ncs_scene_desc *sc, int b, const double *q, double *pt) {
    const ncs_body_desc *B = &sc->body[b];
    double c = cos(q[2]), s = sin(q[2]), p[2];
    int i;
    for (i = 0; i < B->nvert; i++) {
        body_vertex(sc, b, i, p);
        pt[2 * i] = q[0] + c * p[0] - s * p[1];
        pt[2 * i + 1] = q[1] + s * p[0] + c * p[1];
    }
}

/* Largest distance of body b's outline from its reference point. */
static double reach(const ncs_scene_desc *sc, int b) {
    const ncs_body_desc *B = &sc->body[b];
    double r = (double)B->r, p[2];
    int i;
    for (i = 0; B->kind == NCS_POLYGON && i < B->nvert; i++) {
        body_vertex(sc, b, i, p);
        r = fmax(r, hypot(p[0], p[1]));
    }
    return r;
}

/* Pixel extent in y of body b at q: its top and bottom. */
static void extent_y(const ncs_scene_desc *sc, const view *v, int b, const double *q,
                     double *top, double *bot) {
    const ncs_body_desc *B = &sc->body[b];
    double hi = q[1] + (double)B->r, lo = q[1] - (double)B->r, p[2], y;
    int i;
    for (i = 0; B->kind == NCS_POLYGON && i < B->nvert; i++) {
        body_vertex(sc, b, i, p);
        y = q[1] + sin(q[2]) * p[0] + cos(q[2]) * p[1];
        hi = i == 0 || y > hi ? y : hi;
        lo = i == 0 || y < lo ? y : lo;
    }
    *top = py(v, hi);
    *bot = py(v, lo);
}

static void grow(double *bb, double x, double y, double r) {
    bb[0] = fmin(bb[0], x - r);
    bb[1] = fmin(bb[1], y - r);
    bb[2] = fmax(bb[2], x + r);
    bb[3] = fmax(bb[3], y + r);
}

/* Explicit groups: obstacle pieces without vertices. */
static int is_group(const ncs_pieces *o, int k) { return o->piece[k].nvert == 0; }

/* Side j of the obstacle pieces: n.q - off, <= 0 on its solid side. */
static double side_dist(const ncs_pieces *o, int j, const double *q) {
    return (double)o->side[j].nx * q[0] + (double)o->side[j].ny * q[1] - (double)o->side[j].off;
}

/* Clips the polygon pt (n points) to side j's solid half-plane, using tmp
 * (room for n + 1 points). Returns the new number of points. */
static int clip(const ncs_pieces *o, int j, double *pt, int n, double *tmp) {
    int i, m = 0;
    for (i = 0; i < n; i++) {
        const double *a = &pt[2 * i], *b = &pt[2 * ((i + 1) % n)];
        double da = side_dist(o, j, a), db = side_dist(o, j, b);
        if (da <= 0) {
            tmp[2 * m] = a[0];
            tmp[2 * m + 1] = a[1];
            m++;
        }
        if ((da < 0 && db > 0) || (da > 0 && db < 0)) {
            double t = da / (da - db);
            tmp[2 * m] = a[0] + t * (b[0] - a[0]);
            tmp[2 * m + 1] = a[1] + t * (b[1] - a[1]);
            m++;
        }
    }
    memcpy(pt, tmp, 2 * (size_t)m * sizeof(double));
    return m;
}

/* The polygon obstacles (one path each, holes included) and the explicit
 * groups (their solid clipped to the box bb, with their sides drawn). */
static void obstacles(FILE *f, const ncs_sim_desc *sim, const view *v, const double *bb) {
    const ncs_pieces *o = &sim->scene->obst;
    int i, j, k;
    fprintf(f, "<g id=\"obstacles\" fill=\"#d0d0d0\" stroke=\"#555555\" "
               "fill-rule=\"evenodd\">\n");
    for (i = 0; i < sim->nrings; i++) {
        int hole = sim->ring_hole && sim->ring_hole[i] && i > 0;
        int last = i + 1 == sim->nrings || !sim->ring_hole || !sim->ring_hole[i + 1];
        fprintf(f, "%s", hole ? " " : "<path d=\"");
        for (j = sim->ring_first[i]; j < sim->ring_first[i + 1]; j++)
            fprintf(f, "%s%.2f %.2f ", j == sim->ring_first[i] ? "M" : "L",
                    px(v, sim->ring_xy[2 * j]), py(v, sim->ring_xy[2 * j + 1]));
        fprintf(f, "Z%s", last ? "\"/>\n" : "");
    }
    for (k = 0; k < o->npieces; k++) {
        int ns = (o->piece[k].side0 + o->piece[k].nside) - o->piece[k].side0, np = 4;
        double *poly, *tmp;
        if (!is_group(o, k) || ns < 1)
            continue;
        poly = (double *)malloc(4 * ((size_t)ns + 5) * sizeof(double));
        if (!poly)
            continue;
        tmp = poly + 2 * ((size_t)ns + 5);
        poly[0] = bb[0], poly[1] = bb[1], poly[2] = bb[2], poly[3] = bb[1];
        poly[4] = bb[2], poly[5] = bb[3], poly[6] = bb[0], poly[7] = bb[3];
        for (j = o->piece[k].side0; j < (o->piece[k].side0 + o->piece[k].nside) && np > 0; j++)
            np = clip(o, j, poly, np, tmp);
        if (np >= 3) {
            double eps = 1e-9 * (bb[2] - bb[0] + bb[3] - bb[1]);
            fprintf(f, "<polygon stroke=\"none\" points=\"");
            for (i = 0; i < np; i++)
                fprintf(f, "%s%.2f,%.2f", i ? " " : "", px(v, poly[2 * i]), py(v, poly[2 * i + 1]));
            fprintf(f, "\"/>\n");
            for (i = 0; i < np; i++) {
                const double *a = &poly[2 * i], *c = &poly[2 * ((i + 1) % np)];
                for (j = o->piece[k].side0; j < (o->piece[k].side0 + o->piece[k].nside); j++)
                    if (fabs(side_dist(o, j, a)) <= eps && fabs(side_dist(o, j, c)) <= eps)
                        break;
                if (j < (o->piece[k].side0 + o->piece[k].nside))
                    fprintf(f, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" "
                               "stroke-width=\"2\"/>\n",
                            px(v, a[0]), py(v, a[1]), px(v, c[0]), py(v, c[1]));
            }
        }
        free(poly);
    }
    fprintf(f, "</g>\n");
}

/* A round step for about `n` intervals over `range`: 1, 2 or 5 times a
 * power of ten. *dec gets the decimals its multiples need. */
static double nice_step(double range, double n, int *dec) {
    double raw = range / n, mag = pow(10, floor(log10(raw))), fr = raw / mag, st;
    st = (fr < 1.5 ? 1 : fr < 3 ? 2 : fr < 7 ? 5 : 10) * mag;
    *dec = st >= 1 ? 0 : (int)(-floor(log10(st) + 1e-9));
    return st;
}

/* Axes: a frame around the plot area with ticks, tick labels and a light
 * grid on both axes, and a scale bar under it. The labels' boxes go to bs. */
static void axes(FILE *f, const view *v, const double *bb, double pw, double ph, boxes *bs) {
    double st[2], lo, y0 = v->top + ph;
    int dec[2], a;
    long i, i0, i1;
    char lab[64];
    /* a tick about every TICK_PX pixels: the same spacing on both axes
     * unless one is too short for it */
    st[0] = nice_step(bb[2] - bb[0], fmax(2, pw / TICK_PX), &dec[0]);
    st[1] = nice_step(bb[3] - bb[1], fmax(2, ph / TICK_PX), &dec[1]);
    fprintf(f, "<g id=\"axes\" stroke=\"#999999\" font-size=\"11\" fill=\"#555555\">\n"
               "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"none\"/>\n",
            v->left, v->top, pw, ph);
    for (a = 0; a < 2; a++) {
        lo = bb[a];
        i0 = (long)ceil(lo / st[a] - 1e-9);
        i1 = (long)floor(bb[a + 2] / st[a] + 1e-9);
        for (i = i0; i <= i1 && i - i0 < 1000; i++) {
            double val = i == 0 ? 0 : (double)i * st[a], w;
            snprintf(lab, sizeof lab, "%.*f", dec[a], val);
            w = text_w(lab, 11);
            if (a == 0) {
                double x = px(v, val);
                fprintf(f, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" "
                           "stroke=\"#eeeeee\"/>"
                           "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\"/>"
                           "<text x=\"%.2f\" y=\"%.2f\" text-anchor=\"middle\" "
                           "stroke=\"none\">%s</text>\n",
                        x, v->top, x, y0, x, y0, x, y0 + 5, x, y0 + 17, lab);
                box_add(bs, x - w / 2, y0 + 7, x + w / 2, y0 + 20);
            } else {
                double y = py(v, val);
                fprintf(f, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" "
                           "stroke=\"#eeeeee\"/>"
                           "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\"/>"
                           "<text x=\"%.2f\" y=\"%.2f\" text-anchor=\"end\" "
                           "stroke=\"none\">%s</text>\n",
                        v->left, y, v->left + pw, y, v->left - 5, y, v->left, y,
                        v->left - 8, y + 4, lab);
                box_add(bs, v->left - 8 - w, y - 6, v->left - 6, y + 6);
            }
        }
    }
    fprintf(f, "</g>\n");
    /* the scale bar: one tick spacing, under the plot's right end */
    {
        double len = st[0] * v->s, x1 = v->left + pw, x0 = x1 - len, yb = y0 + 32;
        snprintf(lab, sizeof lab, "%.*f", dec[0], st[0]);
        fprintf(f, "<g id=\"scale\" stroke=\"#333333\" font-size=\"11\">\n"
                   "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke-width=\"2\"/>"
                   "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\"/>"
                   "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\"/>\n"
                   "<text x=\"%.2f\" y=\"%.2f\" text-anchor=\"end\" stroke=\"none\" "
                   "fill=\"#333333\">scale %s</text>\n</g>\n",
                x0, yb, x1, yb, x0, yb - 4, x0, yb + 4, x1, yb - 4, x1, yb + 4, x0 - 6, yb + 4,
                lab);
        snprintf(lab, sizeof lab, "scale %.*f", dec[0], st[0]);
        box_add(bs, x0 - 6 - text_w(lab, 11), yb - 8, x1, yb + 6);
    }
}

/* Records of the snapshots: k for i = 0 .. SNAPS - 1, -1 where it repeats
 * the one before (a short run). Records are a stride of steps apart (every
 * step in a run of fewer than NCS_TRAJ_MAX_FRAMES - 1), so the snapshot
 * at T/4 is the kept step at or just below it. */
static long snap(long nrec, int i) {
    long k = (nrec - 1) * i / (SNAPS - 1);
    return i > 0 && k == (nrec - 1) * (i - 1) / (SNAPS - 1) ? -1 : k;
}

/* Body b at q as an outline; the last snapshot gets a light fill and a
 * thicker stroke, earlier ones are dashed. */
static void draw_body(FILE *f, const ncs_scene_desc *sc, const view *v, int b, const double *q,
                      int last) {
    const char *style = last ? "fill-opacity=\"0.25\" stroke-width=\"2\""
                             : "fill-opacity=\"0\" stroke-dasharray=\"5 3\"";
    const ncs_body_desc *B = &sc->body[b];
    if (B->kind == NCS_POLYGON) {
        double *pt = (double *)malloc(2 * ((size_t)B->nvert + 1) * sizeof(double));
        int i, n = pt ? B->nvert : 0;
        if (pt)
            outline(sc, b, q, pt);
        fprintf(f, "<polygon fill=\"%s\" %s stroke=\"%s\" points=\"", COLOR(b), style, COLOR(b));
        for (i = 0; i < n; i++)
            fprintf(f, "%s%.2f,%.2f", i ? " " : "", px(v, pt[2 * i]), py(v, pt[2 * i + 1]));
        fprintf(f, "\"/>\n");
        free(pt);
    } else if (B->kind == NCS_DISC) {
        double r = (double)B->r;
        fprintf(f, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\" fill=\"%s\" %s stroke=\"%s\"/>\n",
                px(v, q[0]), py(v, q[1]), r * v->s, COLOR(b), style, COLOR(b));
        fprintf(f, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"%s\"/>\n",
                px(v, q[0]), py(v, q[1]), px(v, q[0] + r * cos(q[2])),
                py(v, q[1] + r * sin(q[2])), COLOR(b));
    } else {
        fprintf(f, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"4\" fill=\"%s\" fill-opacity=\"%s\" "
                   "stroke=\"%s\"/>\n",
                px(v, q[0]), py(v, q[1]), COLOR(b), last ? "1" : "0", COLOR(b));
    }
}

/* Places a label of width w centred above (top), below (bot) or beside
 * (left and right pixel edges l, r at height yc) a snapshot, first where
 * its box overlaps no placed text and stays in the picture (W x H); the
 * nearest candidates come first. Writes the baseline centre to *lx, *ly. */
static void place(const boxes *bs, double cx, double top, double bot, double l, double r,
                  double yc, double w, double W, double H, double *lx, double *ly) {
    int c, side;
    for (c = 0; c < 40; c++)
        for (side = 0; side < 4; side++) {
            double x = side < 2 ? cx : side == 2 ? r + 4 + w / 2 : l - 4 - w / 2;
            double step = 13.0 * (double)((c + 1) / 2) * (c % 2 ? 1 : -1);
            double y = side == 0   ? top - 4 - 13.0 * c
                       : side == 1 ? bot + 13 + 13.0 * c
                                   : yc + 4 + step;
            box cand;
            cand.x0 = x - w / 2;
            cand.x1 = x + w / 2;
            cand.y0 = y - 10;
            cand.y1 = y + 3;
            if (cand.x0 >= 0 && cand.x1 <= W && cand.y0 >= 0 && cand.y1 <= H &&
                box_free(bs, &cand)) {
                *lx = x;
                *ly = y;
                return;
            }
        }
    *lx = cx; /* no room anywhere: above, overlapping */
    *ly = top - 4;
}

/* The time labels of every body's snapshots (later snapshots at the same
 * place join the label), each with a dot at the snapshot's reference point
 * and a thin leader from the label. */
static void times(FILE *f, const ncs_sim_desc *sim, const ncs_sim_traj *t, const view *v,
                  double W, double H, boxes *bs) {
    const ncs_scene_desc *sc = sim->scene;
    int b, i, i2;
    fprintf(f, "<g id=\"times\" font-size=\"11\" text-anchor=\"middle\">\n");
    for (b = 0; b < t->nbodies; b++)
        for (i = 0; i < SNAPS; i++) {
            const double *q;
            double top, bot, rr = reach(sc, b), lx, ly, w, ex, ey;
            char txt[160];
            size_t at;
            long k = snap(t->nrec, i);
            if (k < 0)
                continue;
            q = rec(t, k, b);
            at = (size_t)snprintf(txt, sizeof txt, "t = %g", (double)t->step[k] * (double)sc->h);
            for (i2 = i + 1; i2 < SNAPS; i2++) {
                long k2 = snap(t->nrec, i2);
                const double *q2;
                if (k2 < 0)
                    continue;
                q2 = rec(t, k2, b);
                if (fabs(q2[0] - q[0]) * v->s > 2 || fabs(q2[1] - q[1]) * v->s > 2 ||
                    at + 24 >= sizeof txt)
                    break;
                at += (size_t)snprintf(txt + at, sizeof txt - at, ", %g",
                                       (double)t->step[k2] * (double)sc->h);
                i = i2;
            }
            extent_y(sc, v, b, q, &top, &bot);
            if (sc->body[b].kind == NCS_PARTICLE) {
                top -= 4;
                bot += 4;
                rr = 4 / v->s;
            }
            w = text_w(txt, 11);
            place(bs, px(v, q[0]), top, bot, px(v, q[0] - rr), px(v, q[0] + rr), py(v, q[1]), w,
                  W, H, &lx, &ly);
            box_add(bs, lx - w / 2, ly - 10, lx + w / 2, ly + 3);
            /* the leader runs from the box's point nearest the dot */
            ex = fmin(fmax(px(v, q[0]), lx - w / 2), lx + w / 2);
            ey = fmin(fmax(py(v, q[1]), ly - 10), ly + 3);
            fprintf(f, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"%s\" "
                       "stroke-width=\"0.6\" stroke-dasharray=\"1 2\"/>",
                    ex, ey, px(v, q[0]), py(v, q[1]), COLOR(b));
            fprintf(f, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"2\" fill=\"%s\"/>"
                       "<text x=\"%.2f\" y=\"%.2f\" fill=\"%s\">%s</text>\n",
                    px(v, q[0]), py(v, q[1]), COLOR(b), lx, ly, COLOR(b), txt);
        }
    fprintf(f, "</g>\n");
}

/* End (x, y) of a joint on body i (centroid frame; a world point when i is
 * -1) at the recorded configuration q of the bodies (reference points). */
static void joint_end(const ncs_scene_desc *sc, const ncs_sim_traj *t, long k, int i, double x,
                      double y, double p[2]) {
    const double *q;
    double c, s, lx, ly;
    if (i < 0) {
        p[0] = x;
        p[1] = y;
        return;
    }
    q = rec(t, k, i);
    c = cos(q[2]);
    s = sin(q[2]);
    lx = (double)sc->body[i].cx + x;
    ly = (double)sc->body[i].cy + y;
    p[0] = q[0] + c * lx - s * ly;
    p[1] = q[1] + s * lx + c * ly;
}

/* The joints at record k: a rod as a line between its ends, a pin or weld
 * as a ring at its point (a square for a weld); dashed when `first`. */
static void joints(FILE *f, const ncs_scene_desc *sc, const ncs_sim_traj *t, const view *v,
                   long k, int first) {
    int j;
    for (j = 0; j < sc->njoints; j++) {
        const ncs_joint_desc *J = &sc->joint[j];
        double a[2], b[2];
        joint_end(sc, t, k, J->a, (double)J->ax, (double)J->ay, a);
        joint_end(sc, t, k, J->b, (double)J->bx, (double)J->by, b);
        if (J->kind == NCS_JOINT_ROD)
            fprintf(f, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\"%s/>\n",
                    px(v, a[0]), py(v, a[1]), px(v, b[0]), py(v, b[1]),
                    first ? " stroke-dasharray=\"4 3\" opacity=\"0.5\"" : "");
        if (J->kind == NCS_JOINT_WELD)
            fprintf(f, "<rect x=\"%.2f\" y=\"%.2f\" width=\"6\" height=\"6\" fill=\"white\"%s/>\n",
                    px(v, a[0]) - 3, py(v, a[1]) - 3, first ? " opacity=\"0.5\"" : "");
        else
            fprintf(f, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"3\" fill=\"white\"%s/>\n",
                    px(v, J->kind == NCS_JOINT_ROD ? b[0] : a[0]),
                    py(v, J->kind == NCS_JOINT_ROD ? b[1] : a[1]),
                    first ? " opacity=\"0.5\"" : "");
    }
}

int ncs_sim_svg(FILE *f, const ncs_sim_desc *sim, const ncs_sim_traj *t) {
    const ncs_scene_desc *sc = sim->scene;
    const ncs_pieces *o = &sc->obst;
    double bb[4] = {HUGE_VAL, HUGE_VAL, -HUGE_VAL, -HUGE_VAL}, w, hgt, pw, ph, W, H;
    view v;
    boxes bs = {NULL, 0, 0};
    long k, stride, last = t->nrec > 0 ? t->step[t->nrec - 1] : 0;
    int b, i, ngroups = 0;
    char line[512];
    for (i = 0; sim->nrings > 0 && i < sim->ring_first[sim->nrings]; i++)
        grow(bb, sim->ring_xy[2 * i], sim->ring_xy[2 * i + 1], 0);
    for (b = 0; b < o->npieces; b++)
        if (is_group(o, b)) {
            ngroups++;
            for (i = o->piece[b].side0; i < (o->piece[b].side0 + o->piece[b].nside); i++)
                grow(bb, (double)(o->side[i].nx * o->side[i].off), (double)(o->side[i].ny * o->side[i].off), 0);
        }
    for (k = 0; k < t->nrec; k++)
        for (b = 0; b < t->nbodies; b++)
            grow(bb, rec(t, k, b)[0], rec(t, k, b)[1], reach(sc, b));
    for (i = 0; i < sc->njoints; i++) /* the world ends of the joints */
        if (sc->joint[i].b < 0)
            grow(bb, (double)sc->joint[i].bx, (double)sc->joint[i].by, 0);
    if (!(bb[2] >= bb[0]))
        bb[0] = bb[1] = 0, bb[2] = bb[3] = 1;
    w = bb[2] - bb[0];
    hgt = bb[3] - bb[1];
    if (!(w > 1e-9 * fmax(1, fabs(bb[0])))) {
        bb[0] -= 0.5;
        bb[2] += 0.5;
    }
    if (!(hgt > 1e-9 * fmax(1, fabs(bb[1])))) {
        bb[1] -= 0.5;
        bb[3] += 0.5;
    }
    w = bb[2] - bb[0];
    hgt = bb[3] - bb[1];
    if (ngroups > 0) { /* room around explicit groups, whose solids are unbounded */
        double m = 0.2 * fmax(w, hgt);
        bb[0] -= m, bb[1] -= m, bb[2] += m, bb[3] += m;
        w = bb[2] - bb[0];
        hgt = bb[3] - bb[1];
    }
    v.s = fmin(PLOT_W / w, PLOT_H / hgt);
    v.x0 = bb[0];
    v.y1 = bb[3];
    v.left = LEFT;
    v.top = 28 + LINE * t->nbodies + 16;
    pw = w * v.s;
    ph = hgt * v.s;
    W = fmax(v.left + pw + RIGHT, 400);
    H = v.top + ph + BOTTOM;
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
               "viewBox=\"0 0 %.0f %.0f\" font-family=\"sans-serif\" font-size=\"13\">\n"
               "<title>ncs scene ",
            W, H, W, H);
    xml(f, sc->name);
    fprintf(f, "</title>\n<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n");
    snprintf(line, sizeof line, ": %ld step%s of %g s (t = %g s)%s", last,
             last == 1 ? "" : "s", (double)sc->h, (double)last * (double)sc->h,
             t->failed_step > 0 ? ", stopped by a failed step" : "");
    fprintf(f, "<text x=\"20\" y=\"18\" font-weight=\"bold\">");
    xml(f, sc->name);
    fprintf(f, "%s</text>\n", line);
    box_add(&bs, 20, 4, 20 + text_w(line, 14) + text_w(sc->name ? sc->name : "", 14), 22);
    fprintf(f, "<g id=\"legend\">\n");
    for (b = 0; b < t->nbodies && t->nrec > 0; b++) {
        const double *q0 = rec(t, 0, b), *q1 = rec(t, t->nrec - 1, b);
        double y = 27 + LINE * b;
        snprintf(line, sizeof line, ": (%.3g, %.3g) to (%.3g, %.3g); outlines at t = 0, T/4, "
                 "T/2, 3T/4, T (labelled; solid = end)", q0[0], q0[1], q1[0], q1[1]);
        fprintf(f, "<rect x=\"20\" y=\"%.0f\" width=\"10\" height=\"10\" fill=\"%s\"/>"
                   "<text x=\"36\" y=\"%.0f\">", y, COLOR(b), y + 9);
        xml(f, body_name(sc, b));
        fprintf(f, "%s</text>\n", line);
        box_add(&bs, 20, y - 2, 36 + text_w(line, 13) + text_w(body_name(sc, b), 13), y + 13);
    }
    fprintf(f, "</g>\n");
    axes(f, &v, bb, pw, ph, &bs);
    obstacles(f, sim, &v, bb);
    fprintf(f, "<g id=\"trajectories\" fill=\"none\" stroke-width=\"1.5\">\n");
    stride = t->nrec > MAX_TRAJ_POINTS ? t->nrec / MAX_TRAJ_POINTS + 1 : 1;
    for (b = 0; b < t->nbodies; b++) {
        fprintf(f, "<polyline stroke=\"%s\" points=\"", COLOR(b));
        for (k = 0; k < t->nrec; k += stride)
            fprintf(f, "%s%.2f,%.2f", k ? " " : "", px(&v, rec(t, k, b)[0]),
                    py(&v, rec(t, k, b)[1]));
        if (t->nrec > 0 && (t->nrec - 1) % stride != 0)
            fprintf(f, " %.2f,%.2f", px(&v, rec(t, t->nrec - 1, b)[0]),
                    py(&v, rec(t, t->nrec - 1, b)[1]));
        fprintf(f, "\"/>\n");
    }
    fprintf(f, "</g>\n<g id=\"bodies\" stroke-width=\"1.2\">\n");
    for (b = 0; b < t->nbodies; b++)
        for (i = 0; i < SNAPS && t->nrec > 0; i++)
            if ((k = snap(t->nrec, i)) >= 0)
                draw_body(f, sc, &v, b, rec(t, k, b), k == t->nrec - 1);
    fprintf(f, "</g>\n");
    if (sc->njoints > 0 && t->nrec > 0) {
        fprintf(f, "<g id=\"joints\" stroke=\"#333\" stroke-width=\"1.2\">\n");
        joints(f, sc, t, &v, 0, 1);
        joints(f, sc, t, &v, t->nrec - 1, 0);
        fprintf(f, "</g>\n");
    }
    if (t->nrec > 0)
        times(f, sim, t, &v, W, H, &bs);
    fprintf(f, "</svg>\n");
    free(bs.b);
    return ferror(f) ? -1 : 0;
}
