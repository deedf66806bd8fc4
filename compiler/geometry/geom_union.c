/* geom_union.c - geometry: the solid of a scene: the union of its polygon obstacles
 * (ncs_gunion_build). Touching and overlapping obstacles are merged into
 * one polygon before triangulation, so a seam between two obstacles
 * becomes an internal diagonal (no crack). See docs/geometry.md, "The
 * solid: the union of the obstacles".
 *
 * Steps, all on validated polygons (outer rings counter-clockwise, holes
 * clockwise, so the solid is always left of an edge):
 *  1. Every pair of edges of different polygons whose boxes meet is found
 *     with a uniform grid; each pair is tested exactly (ncs_orient2d) and
 *     yields events on both edges: where the edge starts on the other
 *     polygon's boundary, a vertex of the other polygon on the edge, or a
 *     proper crossing (the only new, rounded points, computed once per
 *     pair so both edges share them). Each event carries the edge's state
 *     relative to the other polygon just after it (inside, outside, on its
 *     boundary in the same or the opposite direction), decided exactly
 *     from the original vertices.
 *  2. Polygons that meet (or contain one another) form clusters
 *     (union-find); a polygon alone in its cluster is its own solid.
 *  3. Walking each ring of a cluster, with the states of the nearby
 *     polygons (the last event's, or an exact point location), keeps the
 *     pieces of edges whose right side no other polygon covers: the
 *     boundary of the union (of two edges running the same way along a
 *     common line, the lower polygon's).
 *  4. The pieces are joined into rings (at a vertex the boundary passes
 *     several times, each incoming edge continues with the first outgoing
 *     edge clockwise: touching rings stay separate), collinear vertices
 *     are dropped, holes are put into the outer ring that holds them, and
 *     every merged polygon is validated again (silently).
 *  5. A vertex the boundary passes more than once (a pinch: two solid
 *     wedges meet at a point) gets a small bridging triangle that fills one
 *     free wedge there, and the cluster is merged again: see
 *     docs/geometry.md, "Pinch points".
 * A cluster whose union fails (a rounded crossing point that breaks the
 * rings, or memory) keeps its obstacles separate, with a warning.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "geom_int.h"
#include "geom_snap.h"
#include "predicates.h"

enum { ST_OUT = 0, ST_IN = 1, ST_SAME = 2, ST_OPP = 3 };
enum { GRID_CAP = 4096, PINCH_ROUNDS = 3 };

/* A pinch fill's radius is at least PINCH_FACTOR overlaps (docs/geometry.md). */
static const double PINCH_FACTOR = 64;

static const double PI = 3.14159265358979323846;

/** One input polygon of a union run. */
typedef struct uin {
    const ncs_gpoly *p;
    int owner;              /* obstacle given as provenance of its edges */
    int base;               /* its first global vertex (= edge) id */
    double box[4];          /* xmin, ymin, xmax, ymax */
} uin;

/** An event on an edge. */
typedef struct uev {
    int edge;               /* global edge id */
    int other;              /* input the event is about */
    int state;              /* the edge's state relative to it just after */
    ncs_vec2 at;            /* where */
    double key;             /* position along the edge (sort key) */
    double key0;            /* the same before snapping: orders the events
                               that snapping put on one point */
    int rounded;            /* 1: a computed crossing point */
    int oedge;              /* rounded: the other edge crossed */
} uev;

/** A kept piece of boundary: from a to b, the solid on its left. */
typedef struct useg {
    ncs_vec2 a, b;
    int owner;              /* obstacle it lies on */
    int cluster;            /* cluster (root input) */
    int from, to;           /* vertex ids in the graph */
    int used;
} useg;

/** A union run over some input polygons. */
typedef struct urun {
    int nin;
    uin *in;
    int n;                  /* total vertices = edges */
    int *nxt, *prv, *inp;   /* per global vertex: ring successor, predecessor, input */
    ncs_vec2 *pt;           /* per global vertex */
    uev *ev;                /* events */
    int nev, capev;
    int *uf;                /* union-find over inputs */
    int *nb, *nbstart;      /* per input: inputs whose boxes meet its box (CSR) */
    useg *seg;
    int nseg, capseg;
    int fail;               /* an inconsistency was seen */
    const ncs_scene *s;     /* for the obstacles' friction (may be NULL) */
    int *mix;               /* two obstacles of different friction merged into
                               one straight edge ([0] < 0: none yet) */
    double tol;             /* thin corners of the rings go (ncs_gsnap_ring) */
} urun;

static int uf_find(int *uf, int a) {
    while (uf[a] != a) {
        uf[a] = uf[uf[a]];
        a = uf[a];
    }
    return a;
}

static void uf_join(int *uf, int a, int b) {
    a = uf_find(uf, a);
    b = uf_find(uf, b);
    if (a < b)
        uf[b] = a;
    else if (b < a)
        uf[a] = b;
}

/* For q collinear with v and w (q != v): 1 when q lies on the ray from v
 * through w. */
static int on_ray(ncs_vec2 v, ncs_vec2 w, ncs_vec2 q) {
    return ncs_geom_before(v, w) == ncs_geom_before(v, q);
}

/* Position of point q along edge a -> b (exact order for points on it). */
static double along(ncs_vec2 a, ncs_vec2 b, ncs_vec2 q) {
    if (fabs(b.x - a.x) >= fabs(b.y - a.y))
        return b.x >= a.x ? q.x : -q.x;
    return b.y >= a.y ? q.y : -q.y;
}

static int add_event(urun *R, int e, int other, int state, ncs_vec2 at, int oedge) {
    if (ncs_grow((void **)&R->ev, &R->capev, R->nev + 1, sizeof *R->ev))
        return -1;
    uev *v = &R->ev[R->nev++];
    v->edge = e;
    v->other = other;
    v->state = state;
    v->at = at;
    v->rounded = oedge >= 0;
    v->oedge = oedge;
    return 0;
}

/* State of a direction from vertex v of its polygon towards q (q not v):
 * inside its corner, outside, or along one of its two edges. */
static int cone_state(const urun *R, int v, ncs_vec2 q) {
    ncs_vec2 U = R->pt[R->prv[v]], V = R->pt[v], W = R->pt[R->nxt[v]];
    int ouv = ncs_orient2d_fast(U, V, q), ovw = ncs_orient2d_fast(V, W, q);
    if (ovw == 0 && on_ray(V, W, q))
        return ST_SAME;
    if (ouv == 0 && on_ray(V, U, q))
        return ST_OPP;
    if (ncs_orient2d_fast(U, V, W) > 0)
        return ouv > 0 && ovw > 0 ? ST_IN : ST_OUT;
    return ouv > 0 || ovw > 0 ? ST_IN : ST_OUT;
}

/* The crossing point of the properly crossing segments ab and pq, rounded,
 * clamped into both boxes. Computed from the pair in a fixed order. */
static ncs_vec2 crossing(ncs_vec2 a, ncs_vec2 b, ncs_vec2 p, ncs_vec2 q) {
    double rx = b.x - a.x, ry = b.y - a.y, sx = q.x - p.x, sy = q.y - p.y;
    double den = rx * sy - ry * sx;
    double t = ((p.x - a.x) * sy - (p.y - a.y) * sx) / den;
    ncs_vec2 x;
    if (t <= 0.5) {
        x.x = a.x + t * rx;
        x.y = a.y + t * ry;
    } else {
        x.x = b.x - (1 - t) * rx;
        x.y = b.y - (1 - t) * ry;
    }
    double lo = fmax(fmin(a.x, b.x), fmin(p.x, q.x)), hi = fmin(fmax(a.x, b.x), fmax(p.x, q.x));
    x.x = fmin(fmax(x.x, lo), hi);
    lo = fmax(fmin(a.y, b.y), fmin(p.y, q.y));
    hi = fmin(fmax(a.y, b.y), fmax(p.y, q.y));
    x.y = fmin(fmax(x.y, lo), hi);
    return x;
}

/* Events on edge e (a -> b) caused by edge f (p -> q) of input j, given
 * o1 = orient(a,b,p), o3 = orient(p,q,a), o4 = orient(p,q,b). Returns -1 when memory ran out. */
static int edge_events(urun *R, int e, int f, int o1, int o3, int o4,
                       const ncs_vec2 *x) {
    ncs_vec2 a = R->pt[e], b = R->pt[R->nxt[e]], p = R->pt[f], q = R->pt[R->nxt[f]];
    int j = R->inp[f];
    if (o3 == 0 && ncs_geom_between(p, a, q)) {     /* e starts on f */
        int st = o4 > 0 ? ST_IN : o4 < 0 ? ST_OUT
               : ncs_geom_before(a, b) == ncs_geom_before(p, q) ? ST_SAME : ST_OPP;
        if (add_event(R, e, j, st, a, -1))
            return -1;
    }
    if (o1 == 0 && !ncs_vec2_same(p, b) &&
        (ncs_vec2_same(p, a) || ncs_geom_between(a, p, b))) {  /* f's start on [a, b) */
        if (add_event(R, e, j, cone_state(R, f, b), p, -1))
            return -1;
    }
    if (x && add_event(R, e, j, o4 > 0 ? ST_IN : ST_OUT, *x, f))
        return -1;
    return 0;
}

/* Tests edges e and f (of different inputs); joins their inputs and
 * records events when they meet. Returns -1 when memory ran out. */
static int edge_pair(urun *R, int e, int f) {
    if (e > f) {
        int t = e; e = f; f = t;
    }
    ncs_vec2 a = R->pt[e], b = R->pt[R->nxt[e]], p = R->pt[f], q = R->pt[R->nxt[f]];
    if (fmax(a.x, b.x) < fmin(p.x, q.x) || fmax(p.x, q.x) < fmin(a.x, b.x) ||
        fmax(a.y, b.y) < fmin(p.y, q.y) || fmax(p.y, q.y) < fmin(a.y, b.y))
        return 0;
    int o1 = ncs_orient2d_fast(a, b, p), o2 = ncs_orient2d_fast(a, b, q);
    if (o1 * o2 > 0)
        return 0;
    int o3 = ncs_orient2d_fast(p, q, a), o4 = ncs_orient2d_fast(p, q, b);
    if (o3 * o4 > 0)
        return 0;
    if (o1 == 0 && o2 == 0) {   /* collinear: do they overlap or touch? */
        int meet = ncs_vec2_same(a, p) || ncs_vec2_same(a, q) || ncs_vec2_same(b, p) ||
                   ncs_vec2_same(b, q) || ncs_geom_between(a, p, b) ||
                   ncs_geom_between(a, q, b) || ncs_geom_between(p, a, q) ||
                   ncs_geom_between(p, b, q);
        if (!meet)
            return 0;
    }
    uf_join(R->uf, R->inp[e], R->inp[f]);
    ncs_vec2 x, *px = NULL;
    if (o1 * o2 < 0 && o3 * o4 < 0) {
        x = crossing(a, b, p, q);
        px = &x;
    }
    if (edge_events(R, e, f, o1, o3, o4, px) < 0 ||
        edge_events(R, f, e, o3, o1, o2, px) < 0)
        return -1;
    return 0;
}

/* ---- finding the edge pairs: a uniform grid over the edges' boxes --------- */


/** The grid. */
typedef struct ugrid {
    double x0, y0, cw, ch;
    int nx, ny;
} ugrid;

static void edge_box(const urun *R, int e, double bx[4]) {
    ncs_vec2 a = R->pt[e], b = R->pt[R->nxt[e]];
    bx[0] = fmin(a.x, b.x);
    bx[1] = fmin(a.y, b.y);
    bx[2] = fmax(a.x, b.x);
    bx[3] = fmax(a.y, b.y);
}

static long box_cells(const ugrid *g, const double bx[4], int c[4]) {
    c[0] = ncs_geom_cell(bx[0], g->x0, g->cw, g->nx);
    c[1] = ncs_geom_cell(bx[1], g->y0, g->ch, g->ny);
    c[2] = ncs_geom_cell(bx[2], g->x0, g->cw, g->nx);
    c[3] = ncs_geom_cell(bx[3], g->y0, g->ch, g->ny);
    return (long)(c[2] - c[0] + 1) * (c[3] - c[1] + 1);
}

/* Tests every pair of edges of different inputs whose boxes meet, each
 * pair once (in the cell holding the low corner of the boxes' overlap).
 * Returns -1 when memory ran out. */
static int find_pairs(urun *R) {
    double bx[4] = {INFINITY, INFINITY, -INFINITY, -INFINITY};
    for (int i = 0; i < R->nin; i++) {
        bx[0] = fmin(bx[0], R->in[i].box[0]);
        bx[1] = fmin(bx[1], R->in[i].box[1]);
        bx[2] = fmax(bx[2], R->in[i].box[2]);
        bx[3] = fmax(bx[3], R->in[i].box[3]);
    }
    if (R->n == 0 || R->nin < 2)
        return 0;   /* no edges of different inputs (one polygon: no O(n^2) cell scan) */
    ugrid g;
    double w = bx[2] - bx[0], h = bx[3] - bx[1];
    /* cells of about the mean edge length */
    double len = 0;
    for (int e = 0; e < R->n; e++) {
        double eb[4];
        edge_box(R, e, eb);
        len += (eb[2] - eb[0]) + (eb[3] - eb[1]);
    }
    len = len / R->n;
    if (!(len > 0))
        len = fmax(w, h) > 0 ? fmax(w, h) : 1;
    g.x0 = bx[0];
    g.y0 = bx[1];
    g.nx = (int)fmin(fmax(ceil(w / len), 1), GRID_CAP);
    g.ny = (int)fmin(fmax(ceil(h / len), 1), GRID_CAP);
    while ((double)g.nx * g.ny > 4.0 * R->n + 16) {
        g.nx = g.nx > 1 ? (g.nx + 1) / 2 : 1;
        g.ny = g.ny > 1 ? (g.ny + 1) / 2 : 1;
    }
    long total = 0;
    for (int tries = 0; tries < 40; tries++) {
        g.cw = w > 0 ? w / g.nx : 1;
        g.ch = h > 0 ? h / g.ny : 1;
        total = 0;
        for (int e = 0; e < R->n; e++) {
            double eb[4];
            int c[4];
            edge_box(R, e, eb);
            total += box_cells(&g, eb, c);
        }
        if (total <= 16L * R->n + 64 || (g.nx == 1 && g.ny == 1))
            break;
        g.nx = g.nx > 1 ? (g.nx + 1) / 2 : 1;
        g.ny = g.ny > 1 ? (g.ny + 1) / 2 : 1;
    }
    long ncell = (long)g.nx * g.ny;
    int *cstart = calloc((size_t)ncell + 1, sizeof *cstart);
    int *items = malloc((size_t)(total > 0 ? total : 1) * sizeof *items);
    int *pos = malloc((size_t)ncell * sizeof *pos);
    int rc = -1;
    if (!cstart || !items || !pos)
        goto done;
    for (int pass = 0; pass < 2; pass++) {
        for (int e = 0; e < R->n; e++) {
            double eb[4];
            int c[4];
            edge_box(R, e, eb);
            box_cells(&g, eb, c);
            for (int y = c[1]; y <= c[3]; y++)
                for (int x = c[0]; x <= c[2]; x++) {
                    long k = (long)y * g.nx + x;
                    if (pass == 0)
                        cstart[k + 1]++;
                    else
                        items[pos[k]++] = e;
                }
        }
        if (pass == 0)
            for (long k = 0; k < ncell; k++) {
                cstart[k + 1] += cstart[k];
                pos[k] = cstart[k];
            }
    }
    for (long k = 0; k < ncell; k++) {
        int cx = (int)(k % g.nx), cy = (int)(k / g.nx);
        for (int i = cstart[k]; i < cstart[k + 1]; i++) {
            int e = items[i];
            double eb[4];
            edge_box(R, e, eb);
            for (int j = i + 1; j < cstart[k + 1]; j++) {
                int f = items[j];
                if (R->inp[e] == R->inp[f])
                    continue;
                double fb[4];
                edge_box(R, f, fb);
                if (eb[2] < fb[0] || fb[2] < eb[0] || eb[3] < fb[1] || fb[3] < eb[1])
                    continue;
                if (ncs_geom_cell(fmax(eb[0], fb[0]), g.x0, g.cw, g.nx) != cx ||
                    ncs_geom_cell(fmax(eb[1], fb[1]), g.y0, g.ch, g.ny) != cy)
                    continue;   /* tested in another cell */
                if (edge_pair(R, e, f) < 0)
                    goto done;
            }
        }
    }
    rc = 0;
done:
    free(cstart);
    free(items);
    free(pos);
    return rc;
}

/* ---- inputs whose boxes meet, and containment ---------------------------- */

static int box_meet(const double *a, const double *b) {
    return !(a[2] < b[0] || b[2] < a[0] || a[3] < b[1] || b[3] < a[1]);
}

static const urun *sort_run;
static int by_xmin(const void *pa, const void *pb) {
    const uin *in = sort_run->in;
    int a = *(const int *)pa, b = *(const int *)pb;
    double xa = in[a].box[0], xb = in[b].box[0];
    return xa < xb ? -1 : xa > xb ? 1 : (a > b) - (a < b);
}

/* Where q lies relative to polygon p: 1 inside, 0 on it, -1 outside. */
static int locate(const ncs_gpoly *p, ncs_vec2 q) {
    return ncs_gpoly_locate(p, q);
}

/* Fills nb/nbstart (inputs whose boxes meet, by a sweep over x) and joins
 * inputs one of which contains the other without touching. Returns -1
 * when memory ran out. */
static int neighbours(urun *R) {
    int n = R->nin, *ord = malloc((size_t)(n + 1) * sizeof *ord);
    int *act = malloc((size_t)(n + 1) * sizeof *act);
    int cap = 0, cnt = 0, *pa = NULL, rc = -1;
    R->nbstart = calloc((size_t)n + 1, sizeof *R->nbstart);
    if (!ord || !act || !R->nbstart)
        goto done;
    for (int i = 0; i < n; i++)
        ord[i] = i;
    sort_run = R;
    qsort(ord, (size_t)n, sizeof *ord, by_xmin);
    int nact = 0;
    for (int k = 0; k < n; k++) {
        int i = ord[k], m = 0;
        for (int t = 0; t < nact; t++) {
            int j = act[t];
            if (R->in[j].box[2] < R->in[i].box[0])
                continue;       /* ended left of i */
            act[m++] = j;
            if (!box_meet(R->in[i].box, R->in[j].box))
                continue;
            if (ncs_grow((void **)&pa, &cap, 2 * cnt + 2, sizeof *pa))
                goto done;
            pa[2 * cnt] = i;
            pa[2 * cnt + 1] = j;
            cnt++;
        }
        nact = m;
        act[nact++] = i;
    }
    R->nb = malloc((size_t)(2 * cnt + 1) * sizeof *R->nb);
    if (!R->nb)
        goto done;
    for (int k = 0; k < cnt; k++) {
        R->nbstart[pa[2 * k] + 1]++;
        R->nbstart[pa[2 * k + 1] + 1]++;
    }
    for (int i = 0; i < n; i++)
        R->nbstart[i + 1] += R->nbstart[i];
    int *fill = ord;    /* reused */
    for (int i = 0; i < n; i++)
        fill[i] = R->nbstart[i];
    for (int k = 0; k < cnt; k++) {
        int a = pa[2 * k], b = pa[2 * k + 1];
        R->nb[fill[a]++] = b;
        R->nb[fill[b]++] = a;
    }
    /* containment without touching: i's first vertex strictly inside j */
    for (int k = 0; k < cnt; k++) {
        for (int s = 0; s < 2; s++) {
            int i = pa[2 * k + s], j = pa[2 * k + 1 - s];
            const double *bi = R->in[i].box, *bj = R->in[j].box;
            if (uf_find(R->uf, i) == uf_find(R->uf, j))
                continue;
            if (bi[0] < bj[0] || bi[1] < bj[1] || bi[2] > bj[2] || bi[3] > bj[3])
                continue;
            if (locate(R->in[j].p, R->in[i].p->pt[0]) > 0)
                uf_join(R->uf, i, j);
        }
    }
    rc = 0;
done:
    free(ord);
    free(act);
    free(pa);
    return rc;
}

/* ---- snapping the rounded crossing points -------------------------------- */

/* Rounded crossing points that stand for one exact point (three edges
 * through one crossing that is not a double, or a crossing on a vertex)
 * come out a few ulps apart, and the rings would not close there. A
 * rounded point within SNAP_ULPS ulps (in both coordinates) of an end of
 * either edge it lies on moves there; then event points are clustered
 * (equal points, and neighbours along one edge within SNAP_ULPS ulps, one
 * of them rounded) and every rounded point moves onto its cluster's
 * point (an exact one when the cluster has one). */
enum { SNAP_ULPS = 64 };

static const uev *snap_ev;
static int by_x(const void *pa, const void *pb) {
    const uev *a = &snap_ev[*(const int *)pa], *b = &snap_ev[*(const int *)pb];
    if (a->at.x != b->at.x)
        return a->at.x < b->at.x ? -1 : 1;
    if (a->at.y != b->at.y)
        return a->at.y < b->at.y ? -1 : 1;
    return a->rounded - b->rounded;
}

static int by_edge_key0(const void *pa, const void *pb) {
    const uev *a = &snap_ev[*(const int *)pa], *b = &snap_ev[*(const int *)pb];
    if (a->edge != b->edge)
        return a->edge < b->edge ? -1 : 1;
    return (a->key0 > b->key0) - (a->key0 < b->key0);
}

static double snap_tol(ncs_vec2 p) {
    return SNAP_ULPS * 2.220446049250313e-16 * fmax(fabs(p.x), fabs(p.y));
}

/* Returns -1 when memory ran out. */
static int snap_points(urun *R) {
    int n = R->nev, *ord = malloc((size_t)(n + 1) * sizeof *ord);
    if (!ord)
        return -1;
    for (int k = 0; k < n; k++)
        R->ev[k].key0 = along(R->pt[R->ev[k].edge], R->pt[R->nxt[R->ev[k].edge]],
                              R->ev[k].at);
    for (int k = 0; k < n; k++)
        ord[k] = k;
    /* first onto an end of either edge crossed (a corner cut within ulps
     * of its vertex: both crossings land there, no spike is left) */
    for (int k = 0; k < n; k++) {
        uev *p = &R->ev[k];
        if (!p->rounded)
            continue;
        int ends[4] = {p->edge, R->nxt[p->edge], p->oedge, R->nxt[p->oedge]};
        ncs_vec2 x = p->at;
        double tol = snap_tol(x), best = INFINITY;
        for (int t = 0; t < 4; t++) {
            ncs_vec2 q = R->pt[ends[t]];
            double dx = fabs(q.x - x.x), dy = fabs(q.y - x.y);
            if (dx <= tol && dy <= tol && dx + dy < best) {
                best = dx + dy;
                p->at = q;
                p->rounded = 0;     /* an exact point now */
            }
        }
    }
    /* clusters of event points (union-find over events): equal points, and
     * neighbours along one edge within the tolerance, one of them rounded */
    int *uf = malloc((size_t)(n + 1) * sizeof *uf), *rep = NULL;
    if (!uf) {
        free(ord);
        return -1;
    }
    for (int k = 0; k < n; k++)
        uf[k] = k;
    snap_ev = R->ev;
    qsort(ord, (size_t)n, sizeof *ord, by_x);
    for (int a = 0; a + 1 < n; a++)
        if (ncs_vec2_same(R->ev[ord[a]].at, R->ev[ord[a + 1]].at))
            uf_join(uf, ord[a], ord[a + 1]);
    for (int k = 0; k < n; k++)
        ord[k] = k;
    qsort(ord, (size_t)n, sizeof *ord, by_edge_key0);
    for (int a = 0; a + 1 < n; a++) {
        const uev *p = &R->ev[ord[a]], *q = &R->ev[ord[a + 1]];
        double tol = snap_tol(p->at);
        if (p->edge == q->edge && (p->rounded || q->rounded) &&
            fabs(q->at.x - p->at.x) <= tol && fabs(q->at.y - p->at.y) <= tol)
            uf_join(uf, ord[a], ord[a + 1]);
    }
    /* each cluster's point: its lowest exact point, else its lowest one */
    rep = malloc((size_t)(n + 1) * sizeof *rep);
    if (!rep) {
        free(uf);
        free(ord);
        return -1;
    }
    for (int k = 0; k < n; k++)
        rep[k] = -1;
    for (int k = 0; k < n; k++) {
        int r = uf_find(uf, k), c = rep[r];
        if (c < 0 || (R->ev[c].rounded && !R->ev[k].rounded) ||
            (R->ev[c].rounded == R->ev[k].rounded && by_x(&k, &c) < 0))
            rep[r] = k;
    }
    for (int k = 0; k < n; k++) {
        uev *p = &R->ev[k];
        const uev *c = &R->ev[rep[uf_find(uf, k)]];
        double tol = 4 * snap_tol(p->at);
        if (p->rounded && fabs(c->at.x - p->at.x) <= tol && fabs(c->at.y - p->at.y) <= tol)
            p->at = c->at;
    }
    free(uf);
    free(rep);
    free(ord);
    for (int k = 0; k < n; k++)
        R->ev[k].key = along(R->pt[R->ev[k].edge], R->pt[R->nxt[R->ev[k].edge]],
                             R->ev[k].at);
    return 0;
}

/* ---- events of one input on one point -------------------------------------- */

/* Events about one input that rounding (or snapping) put on one point of
 * an edge have lost their order: an edge cutting a corner of the other
 * polygon within an ulp of its vertex crosses both of its edges "at" the
 * vertex. The state after such a group is decided by locating the middle
 * of the edge's next piece in that polygon; on its boundary, the group's
 * along-the-boundary state (or its last) stands. All but the group's last
 * event for that input get state -1 (skipped). */
static void resolve_ties(urun *R, const int *ev0) {
    for (int v = 0; v < R->n; v++) {
        int k = ev0[v], end = ev0[v + 1];
        while (k < end) {
            int g = k + 1;
            while (g < end && ncs_vec2_same(R->ev[g].at, R->ev[k].at))
                g++;
            /* events k .. g-1 share one point; the next piece ends at */
            ncs_vec2 to = g < end ? R->ev[g].at : R->pt[R->nxt[v]];
            for (int a = k; a < g; a++) {
                int j = R->ev[a].other, last = a, along_st = -1;
                if (R->ev[a].state < 0)
                    continue;
                for (int b = a + 1; b < g; b++)
                    if (R->ev[b].other == j && R->ev[b].state >= 0)
                        last = b;
                if (last == a)
                    continue;
                for (int b = a; b <= last; b++)
                    if (R->ev[b].other == j && (R->ev[b].state == ST_SAME ||
                                                R->ev[b].state == ST_OPP))
                        along_st = R->ev[b].state;
                ncs_vec2 at = R->ev[a].at, mid = {0.5 * (at.x + to.x), 0.5 * (at.y + to.y)};
                int w = ncs_vec2_same(at, to) ? 0 : ncs_gpoly_locate(R->in[j].p, mid);
                int st = w > 0 ? ST_IN : w < 0 ? ST_OUT
                       : along_st >= 0 ? along_st : R->ev[last].state;
                for (int b = a; b < last; b++)
                    if (R->ev[b].other == j)
                        R->ev[b].state = -1;
                R->ev[last].state = st;
            }
            k = g;
        }
    }
}

/* ---- walking the rings: the boundary of the union ------------------------ */

static int by_edge_key(const void *pa, const void *pb) {
    const uev *a = pa, *b = pb;
    if (a->edge != b->edge)
        return a->edge < b->edge ? -1 : 1;
    if (a->key != b->key)
        return a->key < b->key ? -1 : 1;
    if (a->key0 != b->key0)
        return a->key0 < b->key0 ? -1 : 1;
    return (a->other > b->other) - (a->other < b->other);
}

static int add_seg(urun *R, ncs_vec2 a, ncs_vec2 b, int owner, int cluster) {
    if (ncs_vec2_same(a, b))
        return 0;
    if (ncs_grow((void **)&R->seg, &R->capseg, R->nseg + 1, sizeof *R->seg))
        return -1;
    useg *s = &R->seg[R->nseg++];
    memset(s, 0, sizeof *s);
    s->a = a;
    s->b = b;
    s->owner = owner;
    s->cluster = cluster;
    return 0;
}

/** Per-input state while walking one ring. */
typedef struct walk {
    int *slot;          /* per input: 1 when a candidate of this ring */
    int *st;            /* per input: current state */
    int *seen;          /* per input: has events on this ring */
    int cover, dup;     /* candidates covering the right side; same-way
                           overlaps with a lower input */
} walk;

static void walk_set(walk *W, int self, int j, int st) {
    int old = W->st[j];
    W->cover -= old == ST_IN || old == ST_OPP;
    W->dup -= old == ST_SAME && j < self;
    W->st[j] = st;
    W->cover += st == ST_IN || st == ST_OPP;
    W->dup += st == ST_SAME && j < self;
}

/* Walks ring [s, e) (global vertex ids) of input i: evs[ev0[v] .. ev0[v+1])
 * are edge v's events in order. Returns -1 when memory ran out. */
static int walk_ring(urun *R, walk *W, int i, int s, int e, const int *ev0) {
    int cl = uf_find(R->uf, i);
    int n0 = R->nbstart[i], n1 = R->nbstart[i + 1];
    for (int k = n0; k < n1; k++) {
        int j = R->nb[k];
        if (uf_find(R->uf, j) == cl) {
            W->slot[j] = 1;
            W->seen[j] = 0;
        }
    }
    for (int v = s; v < e; v++)
        for (int k = ev0[v]; k < ev0[v + 1]; k++) {
            if (R->ev[k].state < 0)
                continue;
            W->seen[R->ev[k].other] = 1;
            W->st[R->ev[k].other] = R->ev[k].state;
        }
    W->cover = W->dup = 0;
    for (int k = n0; k < n1; k++) {
        int j = R->nb[k];
        if (!W->slot[j])
            continue;
        if (!W->seen[j]) {
            int w = locate(R->in[j].p, R->pt[s]);
            if (w == 0)
                R->fail = 1;    /* on j's boundary without an event */
            W->st[j] = w > 0 ? ST_IN : ST_OUT;
        }
        int st = W->st[j];
        W->st[j] = ST_OUT;
        walk_set(W, i, j, st);
    }
    for (int v = s; v < e; v++) {
        ncs_vec2 cur = R->pt[v], end = R->pt[R->nxt[v]];
        for (int k = ev0[v]; k < ev0[v + 1]; k++) {
            const uev *x = &R->ev[k];
            if (!ncs_vec2_same(x->at, cur)) {
                if (W->cover == 0 && W->dup == 0 &&
                    add_seg(R, cur, x->at, R->in[i].owner, cl) < 0)
                    return -1;
                cur = x->at;
            }
            if (x->state < 0)
                continue;       /* resolved into a later event (resolve_ties) */
            if (W->slot[x->other])
                walk_set(W, i, x->other, x->state);
            else
                R->fail = 1;
        }
        if (W->cover == 0 && W->dup == 0 && add_seg(R, cur, end, R->in[i].owner, cl) < 0)
            return -1;
    }
    for (int k = n0; k < n1; k++)
        W->slot[R->nb[k]] = 0;
    return 0;
}

/* ---- the graph of kept pieces, and its rings ------------------------------ */

/** A vertex of the boundary graph. */
typedef struct uvert {
    ncs_vec2 p;
    int out0, nout;         /* outgoing pieces: ids in R->outs */
} uvert;

static uint64_t pt_hash(ncs_vec2 p) {
    uint64_t a, b;
    double x = p.x + 0.0, y = p.y + 0.0;    /* -0 as 0 */
    memcpy(&a, &x, sizeof a);
    memcpy(&b, &y, sizeof b);
    uint64_t h = a * 0x9E3779B97F4A7C15ULL ^ (b + 0x632BE59BD9B4E019ULL + (a << 6) + (a >> 2));
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ULL;
    return h ^ (h >> 32);
}

/* Half of the plane of direction d from v: 0 for angles in [0, pi), 1 else. */
static int half_of(ncs_vec2 v, ncs_vec2 d) {
    return d.y > v.y || (d.y == v.y && d.x > v.x) ? 0 : 1;
}

/* Angular order of directions v->a and v->b (counter-clockwise from +x). */
static int angle_cmp(ncs_vec2 v, ncs_vec2 a, ncs_vec2 b) {
    int ha = half_of(v, a), hb = half_of(v, b);
    if (ha != hb)
        return ha < hb ? -1 : 1;
    return -ncs_orient2d_fast(v, a, b);
}

/** The graph. */
typedef struct ugraph {
    uvert *v;
    int nv;
    int *outs;              /* piece ids grouped by vertex, by angle */
} ugraph;

static const useg *cmp_seg;
static const uvert *cmp_vert;
static int by_angle(const void *pa, const void *pb) {
    const useg *a = &cmp_seg[*(const int *)pa], *b = &cmp_seg[*(const int *)pb];
    return angle_cmp(cmp_vert[a->from].p, a->b, b->b);
}

/* Builds the graph of R's pieces. Returns -1 out of memory; sets R->fail
 * when some vertex has in-degree != out-degree or two pieces leave it the
 * same way. */
static int build_graph(urun *R, ugraph *G) {
    int cap = 1;
    while (cap < 2 * R->nseg + 2)
        cap *= 2;
    int *tab = malloc((size_t)cap * sizeof *tab), *indeg = NULL;
    G->v = malloc((size_t)(2 * R->nseg + 1) * sizeof *G->v);
    G->outs = malloc((size_t)(R->nseg + 1) * sizeof *G->outs);
    G->nv = 0;
    if (!tab || !G->v || !G->outs) {
        free(tab);
        return -1;
    }
    for (int k = 0; k < cap; k++)
        tab[k] = -1;
    for (int s = 0; s < R->nseg; s++) {
        for (int end = 0; end < 2; end++) {
            ncs_vec2 p = end ? R->seg[s].b : R->seg[s].a;
            uint64_t h = pt_hash(p) & (uint64_t)(cap - 1);
            while (tab[h] >= 0 && !ncs_vec2_same(G->v[tab[h]].p, p))
                h = (h + 1) & (uint64_t)(cap - 1);
            if (tab[h] < 0) {
                tab[h] = G->nv;
                G->v[G->nv].p = p;
                G->v[G->nv].nout = 0;
                G->nv++;
            }
            if (end)
                R->seg[s].to = tab[h];
            else
                R->seg[s].from = tab[h];
        }
    }
    free(tab);
    indeg = calloc((size_t)G->nv + 1, sizeof *indeg);
    if (!indeg)
        return -1;
    for (int s = 0; s < R->nseg; s++) {
        G->v[R->seg[s].from].nout++;
        indeg[R->seg[s].to]++;
    }
    int at = 0;
    for (int v = 0; v < G->nv; v++) {
        G->v[v].out0 = at;
        at += G->v[v].nout;
        if (indeg[v] != G->v[v].nout)
            R->fail = 1;
        indeg[v] = G->v[v].out0;
    }
    for (int s = 0; s < R->nseg; s++)
        G->outs[indeg[R->seg[s].from]++] = s;
    free(indeg);
    cmp_seg = R->seg;
    cmp_vert = G->v;
    for (int v = 0; v < G->nv; v++) {
        if (G->v[v].nout < 2)
            continue;
        int *o = G->outs + G->v[v].out0;
        qsort(o, (size_t)G->v[v].nout, sizeof *o, by_angle);
        for (int k = 0; k + 1 < G->v[v].nout; k++)
            if (angle_cmp(G->v[v].p, R->seg[o[k]].b, R->seg[o[k + 1]].b) == 0)
                R->fail = 1;
    }
    return 0;
}

/* The piece that continues incoming piece s at its end: the first outgoing
 * piece clockwise from the direction back along s. */
static int next_seg(const urun *R, const ugraph *G, int s) {
    const uvert *v = &G->v[R->seg[s].to];
    const int *o = G->outs + v->out0;
    if (v->nout == 1)
        return o[0];
    int best = -1;
    for (int k = 0; k < v->nout; k++)
        if (angle_cmp(v->p, R->seg[o[k]].b, R->seg[s].a) < 0)
            best = o[k];
    return best >= 0 ? best : o[v->nout - 1];
}

/* ---- rings into polygons -------------------------------------------------- */

/** A ring of the union. */
typedef struct uring {
    int n;
    ncs_vec2 *pt;
    int *owner;             /* per vertex: obstacle of the edge from it */
    int cluster;
    int orient;             /* +1 outer (counter-clockwise), -1 hole */
    double area;            /* absolute */
    double box[4];
    int parent;             /* hole: its outer ring */
} uring;

static void rings_free(uring *r, int n) {
    for (int k = 0; r && k < n; k++) {
        free(r[k].pt);
        free(r[k].owner);
    }
    free(r);
}

/* Merges edge `from` into edge `into` (one straight edge): it keeps the
 * obstacle of its longest part, and obstacles of different friction are
 * noted in R->mix. */
static void merge_edge(urun *R, int *owner, double *len, int into, int from) {
    if (R->s && R->mix && R->mix[0] < 0 && owner[into] != owner[from] &&
        R->s->obstacles[owner[into]].friction != R->s->obstacles[owner[from]].friction) {
        R->mix[0] = owner[into] < owner[from] ? owner[into] : owner[from];
        R->mix[1] = owner[into] < owner[from] ? owner[from] : owner[into];
    }
    if (len[from] > len[into])
        owner[into] = owner[from];
    len[into] += len[from];
}

/* Drops the ring's thin corners (ncs_gsnap_ring with R->tol; with tol 0
 * the exactly collinear vertices, and a spike sets R->fail), merging their
 * edges into the kept edge before them (merge_edge). Returns the count, or
 * -1 out of memory. */
static int drop_collinear(urun *R, ncs_vec2 *pt, int *owner, double *len, int n) {
    unsigned char *keep = malloc((size_t)n + 1);
    int *own0 = malloc(((size_t)n + 1) * sizeof *own0);
    double *len0 = malloc(((size_t)n + 1) * sizeof *len0);
    if (!keep || !own0 || !len0) {
        free(keep);
        free(own0);
        free(len0);
        return -1;
    }
    memcpy(own0, owner, (size_t)n * sizeof *own0);
    memcpy(len0, len, (size_t)n * sizeof *len0);
    int left = ncs_gsnap_ring(pt, n, NULL, R->tol, keep, &R->fail);
    if (left < 0) {
        free(keep);
        free(own0);
        free(len0);
        return -1;
    }
    /* the kept vertices in order, each edge taking the dropped ones after it */
    int first = 0;
    while (first < n && !keep[first])
        first++;
    int m = 0;
    for (int k = 0; k < n && first < n; k++) {
        int i = (first + k) % n;
        if (keep[i]) {
            pt[m] = pt[i];
            owner[m] = own0[i];
            len[m] = len0[i];
            m++;
        } else {
            /* edge i joins the kept edge m - 1 (merge_edge's arrays hold
             * both at their own indices: the originals go to index n) */
            owner[n] = own0[i];
            len[n] = len0[i];
            merge_edge(R, owner, len, m - 1, n);
        }
    }
    free(keep);
    free(own0);
    free(len0);
    return m;
}

/* Orientation of a ring: +1 counter-clockwise (exact turn at the lowest,
 * then leftmost, vertex). */
static int ring_orient(const ncs_vec2 *pt, int n) {
    int m = 0;
    for (int i = 1; i < n; i++)
        if (pt[i].y < pt[m].y || (pt[i].y == pt[m].y && pt[i].x < pt[m].x))
            m = i;
    return ncs_orient2d_fast(pt[(m + n - 1) % n], pt[m], pt[(m + 1) % n]);
}

/* Extracts the rings of R's pieces. Returns the count, -1 out of memory. */
static int extract_rings(urun *R, const ugraph *G, uring **out) {
    int nr = 0, cap = 0;
    uring *rings = NULL;
    int *idx = malloc((size_t)(R->nseg + 1) * sizeof *idx);
    if (!idx)
        return -1;
    for (int s0 = 0; s0 < R->nseg; s0++) {
        if (R->seg[s0].used)
            continue;
        int m = 0, s = s0;
        while (!R->seg[s].used && m < R->nseg) {
            R->seg[s].used = 1;
            idx[m++] = s;
            s = next_seg(R, G, s);
        }
        if (s != s0)
            R->fail = 1;        /* did not close where it started */
        if (ncs_grow((void **)&rings, &cap, nr + 1, sizeof *rings))
            goto nomem;
        uring *r = &rings[nr++];
        memset(r, 0, sizeof *r);
        r->pt = malloc((size_t)(m + 1) * sizeof *r->pt);
        r->owner = malloc((size_t)(m + 1) * sizeof *r->owner);
        double *len = malloc((size_t)(m + 1) * sizeof *len);
        if (!r->pt || !r->owner || !len) {
            free(len);
            goto nomem;
        }
        for (int k = 0; k < m; k++) {
            const useg *g = &R->seg[idx[k]];
            r->pt[k] = g->a;
            r->owner[k] = g->owner;
            len[k] = hypot(g->b.x - g->a.x, g->b.y - g->a.y);
        }
        r->cluster = R->seg[s0].cluster;
        r->n = drop_collinear(R, r->pt, r->owner, len, m);
        free(len);
        if (r->n < 0) {
            r->n = 0;
            goto nomem;
        }
        if (r->n < 3) {
            R->fail = 1;
            r->n = 0;
            continue;
        }
        r->orient = ring_orient(r->pt, r->n);
        double a = 0;
        r->box[0] = r->box[2] = r->pt[0].x;
        r->box[1] = r->box[3] = r->pt[0].y;
        for (int k = 0; k < r->n; k++) {
            ncs_vec2 u = r->pt[k], v = r->pt[(k + 1) % r->n];
            a += (u.x - r->pt[0].x) * (v.y - r->pt[0].y) - (v.x - r->pt[0].x) * (u.y - r->pt[0].y);
            r->box[0] = fmin(r->box[0], u.x);
            r->box[1] = fmin(r->box[1], u.y);
            r->box[2] = fmax(r->box[2], u.x);
            r->box[3] = fmax(r->box[3], u.y);
        }
        r->area = 0.5 * fabs(a);
        r->parent = -1;
    }
    free(idx);
    *out = rings;
    return nr;
nomem:
    free(idx);
    rings_free(rings, nr);
    return -1;
}

/* ---- pinch points ------------------------------------------------------- */

/** A pinch fill under construction: a star-shaped polygon around the pinch
 *  vertex (the vertex, then points at radius `size` by angle). */
enum { FILL_MAX = 12 };
typedef struct ubridge {
    ncs_vec2 t[FILL_MAX];
    int n;
    int owner;
} ubridge;

/** How a pinch is filled: the fill radius and the direction of gravity. */
typedef struct ufill {
    double size;            /* radius of the fill (before the local cap) */
    ncs_vec2 down;          /* gravity direction (0, 0: none) */
} ufill;

/* Adds a fill for every pinch vertex of graph G (a vertex the boundary
 * passes k > 1 times: k solid wedges alternate with k free wedges). Every
 * free wedge but the one that opens most against gravity (with no gravity:
 * the narrowest) is filled with a star-shaped polygon: the vertex, a point
 * a quarter of the solid wedge's angle inside the solid before it, points
 * of the free wedge at most 60 degrees apart, and a point a quarter inside
 * the solid after it, all at radius f->size, capped at half the shortest
 * boundary piece at the vertex. The free wedge that is kept stays exact: a
 * body comes to rest at the vertex; the filled ones lose a polygon of that
 * radius (docs/geometry.md, "Pinch points"). */
static int add_bridges(const urun *R, const ugraph *G, const ufill *f, ubridge **out,
                       int *nout, int *cap) {
    /* the incoming pieces of every vertex (CSR) */
    int *in0 = calloc((size_t)G->nv + 2, sizeof *in0);
    int *ins = malloc(((size_t)R->nseg + 1) * sizeof *ins);
    if (!in0 || !ins) {
        free(in0);
        free(ins);
        return -1;
    }
    for (int s = 0; s < R->nseg; s++)
        in0[R->seg[s].to + 2]++;
    for (int v = 0; v < G->nv; v++)
        in0[v + 2] += in0[v + 1];
    for (int s = 0; s < R->nseg; s++)
        ins[in0[R->seg[s].to + 1]++] = s;
    for (int vi = 0; vi < G->nv; vi++) {
        const uvert *v = &G->v[vi];
        int k = v->nout;
        if (k < 2 || k > 32)
            continue;
        const int *o = G->outs + v->out0;
        /* solid wedge t: from outgoing o[t] counter-clockwise to the reverse
         * of the incoming piece next_seg pairs with it; free wedge t: from
         * there to the next solid wedge's outgoing piece */
        double ang[32][2], wedge[32], freew[32], shortest = INFINITY;
        int owner[32], keep = 0;
        for (int t = 0; t < k; t++) {
            const useg *g = &R->seg[o[t]];
            ang[t][0] = atan2(g->b.y - v->p.y, g->b.x - v->p.x);
            ang[t][1] = ang[t][0];
            owner[t] = g->owner;
            shortest = fmin(shortest, hypot(g->b.x - g->a.x, g->b.y - g->a.y));
        }
        for (int x = in0[vi]; x < in0[vi + 1]; x++) {
            int s = ins[x], nxt = next_seg(R, G, s);
            const useg *g = &R->seg[s];
            shortest = fmin(shortest, hypot(g->b.x - g->a.x, g->b.y - g->a.y));
            for (int t = 0; t < k; t++)
                if (o[t] == nxt)
                    ang[t][1] = atan2(g->a.y - v->p.y, g->a.x - v->p.x);
        }
        double score[32];
        for (int t = 0; t < k; t++) {
            int u = (t + 1) % k;
            double w = ang[t][1] - ang[t][0];
            while (w <= 0)
                w += 2 * PI;
            wedge[t] = w;
            double fr = ang[u][0] - ang[t][1];
            while (fr < 0)
                fr += 2 * PI;
            freew[t] = fr;
        }
        for (int t = 0; t < k; t++) {
            double mid = ang[t][1] + 0.5 * freew[t];
            /* keep the wedge opening most against gravity, else the narrowest */
            score[t] = f->down.x == 0 && f->down.y == 0
                           ? -freew[t] : -(cos(mid) * f->down.x + sin(mid) * f->down.y);
            if (score[t] > score[keep])
                keep = t;
        }
        double d = fmin(f->size, 0.5 * shortest);
        for (int t = 0; t < k; t++) {
            if (t == keep)
                continue;
            int u = (t + 1) % k, m = (int)ceil(freew[t] / (PI / 3));
            if (m < 1)
                m = 1;
            if (m + 3 > FILL_MAX)
                m = FILL_MAX - 3;
            if (ncs_grow((void **)out, cap, *nout + 1, sizeof **out)) {
                free(in0);
                free(ins);
                return -1;
            }
            ubridge *b = &(*out)[(*nout)++];
            b->n = 0;
            b->owner = owner[t];
            b->t[b->n++] = v->p;
            for (int i = 0; i <= m; i++) {
                double a = i == 0 ? ang[t][1] - 0.25 * wedge[t]
                         : i == m ? ang[u][0] + 0.25 * wedge[u]
                                  : ang[t][1] + freew[t] * i / m;
                b->t[b->n].x = v->p.x + d * cos(a);
                b->t[b->n].y = v->p.y + d * sin(a);
                b->n++;
            }
        }
    }
    free(in0);
    free(ins);
    return 0;
}

/* ---- the run -------------------------------------------------------------- */

static void run_free(urun *R) {
    free(R->nxt);
    free(R->prv);
    free(R->inp);
    free(R->pt);
    free(R->ev);
    free(R->uf);
    free(R->nb);
    free(R->nbstart);
    free(R->seg);
    memset(R, 0, sizeof *R);
}

/* Sets up R over in[0..nin) (taken over). Returns -1 out of memory. */
static int run_init(urun *R, uin *in, int nin) {
    memset(R, 0, sizeof *R);
    R->in = in;
    R->nin = nin;
    for (int i = 0; i < nin; i++) {
        const ncs_gpoly *p = in[i].p;
        in[i].base = R->n;
        R->n += p->n;
        in[i].box[0] = in[i].box[1] = INFINITY;
        in[i].box[2] = in[i].box[3] = -INFINITY;
        for (int v = 0; v < p->n; v++) {
            in[i].box[0] = fmin(in[i].box[0], p->pt[v].x);
            in[i].box[1] = fmin(in[i].box[1], p->pt[v].y);
            in[i].box[2] = fmax(in[i].box[2], p->pt[v].x);
            in[i].box[3] = fmax(in[i].box[3], p->pt[v].y);
        }
    }
    R->nxt = malloc((size_t)(R->n + 1) * sizeof *R->nxt);
    R->prv = malloc((size_t)(R->n + 1) * sizeof *R->prv);
    R->inp = malloc((size_t)(R->n + 1) * sizeof *R->inp);
    R->pt = malloc((size_t)(R->n + 1) * sizeof *R->pt);
    R->uf = malloc((size_t)(nin + 1) * sizeof *R->uf);
    if (!R->nxt || !R->prv || !R->inp || !R->pt || !R->uf)
        return -1;
    for (int i = 0; i < nin; i++) {
        const ncs_gpoly *p = in[i].p;
        R->uf[i] = i;
        for (int k = 0; k < p->nrings; k++)
            for (int v = p->start[k]; v < p->start[k + 1]; v++) {
                int g = in[i].base + v;
                R->pt[g] = p->pt[v];
                R->inp[g] = i;
                R->nxt[g] = in[i].base + (v + 1 < p->start[k + 1] ? v + 1 : p->start[k]);
                R->prv[g] = in[i].base + (v > p->start[k] ? v - 1 : p->start[k + 1] - 1);
            }
    }
    return 0;
}

/* Events, clusters, the walk and the graph of one run. Returns -1 when
 * memory ran out. */
static int run_pieces(urun *R, ugraph *G) {
    if (find_pairs(R) < 0 || neighbours(R) < 0 || snap_points(R) < 0)
        return -1;
    if (R->nev > 1)
        qsort(R->ev, (size_t)R->nev, sizeof *R->ev, by_edge_key);
    int *ev0 = calloc((size_t)R->n + 2, sizeof *ev0);
    walk W;
    W.slot = calloc((size_t)R->nin + 1, sizeof *W.slot);
    W.st = calloc((size_t)R->nin + 1, sizeof *W.st);
    W.seen = calloc((size_t)R->nin + 1, sizeof *W.seen);
    int *csize = calloc((size_t)R->nin + 1, sizeof *csize), rc = -1;
    if (!ev0 || !W.slot || !W.st || !W.seen || !csize)
        goto done;
    for (int k = 0; k < R->nev; k++)
        ev0[R->ev[k].edge + 1]++;
    for (int v = 0; v < R->n; v++)
        ev0[v + 1] += ev0[v];
    resolve_ties(R, ev0);
    for (int i = 0; i < R->nin; i++)
        csize[uf_find(R->uf, i)]++;
    for (int i = 0; i < R->nin; i++) {
        if (csize[uf_find(R->uf, i)] < 2)
            continue;
        const ncs_gpoly *p = R->in[i].p;
        for (int k = 0; k < p->nrings; k++)
            if (walk_ring(R, &W, i, R->in[i].base + p->start[k],
                          R->in[i].base + p->start[k + 1], ev0) < 0)
                goto done;
    }
    if (build_graph(R, G) < 0)
        goto done;
    rc = 0;
done:
    free(ev0);
    free(W.slot);
    free(W.st);
    free(W.seen);
    free(csize);
    return rc;
}

/* ---- public -------------------------------------------------------------- */

void ncs_gunion_free(ncs_gunion *u) {
    for (int k = 0; u->solid && k < u->nsolids; k++) {
        ncs_gpoly_free(&u->solid[k].poly);
        free(u->solid[k].eob);
        free(u->solid[k].members);
    }
    free(u->solid);
    memset(u, 0, sizeof *u);
}

/* The overlap shift (ncs_gpoly_overlap's rule) of a box. */
static double box_overlap(const double *bx, double base) {
    double big = fmax(fmax(fabs(bx[0]), fabs(bx[1])), fmax(fabs(bx[2]), fabs(bx[3])));
    double ulp = nextafter(big, INFINITY) - big;
    return fmax(base, fmax(1e-9 * hypot(bx[2] - bx[0], bx[3] - bx[1]), 64 * ulp));
}

static int add_solid(ncs_gunion *u, int *cap) {
    if (ncs_grow((void **)&u->solid, cap, u->nsolids + 1, sizeof *u->solid))
        return -1;
    memset(&u->solid[u->nsolids], 0, sizeof *u->solid);
    u->solid[u->nsolids].single = -1;
    return u->nsolids++;
}

/* Turns the rings of one cluster into validated polygons appended to u.
 * Returns 1 when done, 0 when the union is not valid (nothing appended),
 * -1 out of memory. */
static int cluster_solids(ncs_gunion *u, int *ucap, uring *rings, int nr, int cl,
                          const int *members, int nmem) {
    int first = u->nsolids, ok = 1;
    /* holes into the smallest outer ring holding them */
    for (int h = 0; h < nr; h++) {
        uring *r = &rings[h];
        if (r->cluster != cl || r->n == 0 || r->orient > 0)
            continue;
        double best = INFINITY;
        for (int o = 0; o < nr; o++) {
            uring *q = &rings[o];
            if (q->cluster != cl || q->n == 0 || q->orient < 0 || q->area >= best ||
                r->box[0] < q->box[0] || r->box[1] < q->box[1] ||
                r->box[2] > q->box[2] || r->box[3] > q->box[3])
                continue;
            int w = 0;
            for (int k = 0; k < r->n && w == 0; k++)
                w = ncs_ring_locate(q->pt, q->n, r->pt[k]);
            if (w > 0) {
                best = q->area;
                r->parent = o;
            }
        }
        if (r->parent < 0)
            return 0;
    }
    ncs_diag quiet;
    ncs_diag_init(&quiet, "", NULL, 0);
    quiet.out = NULL;
    for (int o = 0; o < nr && ok; o++) {
        uring *q = &rings[o];
        if (q->cluster != cl || q->n == 0 || q->orient < 0)
            continue;
        int nh = 0;
        for (int h = 0; h < nr; h++)
            nh += rings[h].n > 0 && rings[h].parent == o;
        ncs_ring *rr = calloc((size_t)nh + 1, sizeof *rr);
        const uring **src = calloc((size_t)nh + 1, sizeof *src);
        int k = add_solid(u, ucap);
        if (!rr || !src || k < 0) {
            free(rr);
            free(src);
            return -1;
        }
        src[0] = q;
        for (int h = 0, j = 1; h < nr; h++)
            if (rings[h].n > 0 && rings[h].parent == o)
                src[j++] = &rings[h];
        for (int j = 0; j <= nh; j++) {
            rr[j].n = src[j]->n;
            rr[j].pt = src[j]->pt;
        }
        ncs_gsolid *S = &u->solid[k];
        if (ncs_gpoly_build(&rr[0], rr + 1, nh, "union", &quiet, &S->poly) < 0) {
            ok = 0;
        } else {
            const ncs_gpoly *p = &S->poly;
            S->eob = malloc((size_t)(p->n + 1) * sizeof *S->eob);
            S->members = malloc((size_t)(nmem + 1) * sizeof *S->members);
            if (!S->eob || !S->members) {
                free(rr);
                free(src);
                return -1;
            }
            S->nmembers = nmem;
            memcpy(S->members, members, (size_t)nmem * sizeof *members);
            for (int j = 0; j <= nh && ok; j++) {
                if (p->start[j + 1] - p->start[j] != src[j]->n)
                    ok = 0;     /* the validator changed the ring */
                for (int v = p->start[j]; v < p->start[j + 1] && ok; v++) {
                    if (p->orig[v] != v - p->start[j] + 1)
                        ok = 0;     /* reversed or renumbered */
                    else
                        S->eob[v] = src[j]->owner[v - p->start[j]];
                }
            }
        }
        free(rr);
        free(src);
    }
    if (!ok) {
        while (u->nsolids > first) {
            ncs_gsolid *S = &u->solid[--u->nsolids];
            ncs_gpoly_free(&S->poly);
            free(S->eob);
            free(S->members);
        }
        return 0;
    }
    return 1;
}

static void warn_fallback(const ncs_scene *s, ncs_diag *d, const int *members, int nmem,
                          const char *why) {
    const ncs_obstacle *a = &s->obstacles[members[0]];
    if (nmem == 2)
        ncs_warning(d, a->loc, "obstacles '%s' and '%s' touch or overlap, but their "
                    "union could not be formed (%s); they stay separate obstacles, so "
                    "a body may slip through their seam", a->name,
                    s->obstacles[members[1]].name, why);
    else
        ncs_warning(d, a->loc, "obstacle '%s' and the %d obstacles touching or "
                    "overlapping it could not be merged into their union (%s); they "
                    "stay separate obstacles, so a body may slip through their seams",
                    a->name, nmem - 1, why);
}

/* Merges one cluster (members: obstacle indices, ascending) with up to
 * PINCH_ROUNDS rounds of bridges. Returns 1 merged, 0 not (fallback), -1
 * out of memory. */
static int merge_cluster(const ncs_scene *s, const ncs_gpoly *polys, const int *members,
                         int nmem, double base, double tol, const ufill *fill,
                         ncs_gunion *u, int *ucap, int *pinches, int *left, int *mix,
                         const char **why) {
    ubridge *br = NULL;
    int nbr = 0, nbuilt = 0, capbr = 0, rc = -1;
    ncs_gpoly *bp = NULL;
    double bx[4] = {INFINITY, INFINITY, -INFINITY, -INFINITY};
    for (int m = 0; m < nmem; m++) {
        const ncs_gpoly *p = &polys[members[m]];
        for (int v = 0; v < p->n; v++) {
            bx[0] = fmin(bx[0], p->pt[v].x);
            bx[1] = fmin(bx[1], p->pt[v].y);
            bx[2] = fmax(bx[2], p->pt[v].x);
            bx[3] = fmax(bx[3], p->pt[v].y);
        }
    }
    *why = "a rounded crossing point breaks the rings";
    for (int round = 0; round <= PINCH_ROUNDS; round++) {
        urun R;
        ugraph G;
        uring *rings = NULL;
        int nr = 0, nin = nmem + nbr;
        memset(&G, 0, sizeof G);
        uin *in = calloc((size_t)nin + 1, sizeof *in);
        ncs_gpoly *nbp = realloc(bp, ((size_t)nbr + 1) * sizeof *bp);
        if (!in || !nbp) {
            free(in);
            goto done;
        }
        bp = nbp;
        for (int m = 0; m < nmem; m++) {
            in[m].p = &polys[members[m]];
            in[m].owner = members[m];
        }
        for (int k = 0; k < nbr; k++) {
            in[nmem + k].p = &bp[k];
            in[nmem + k].owner = br[k].owner;
        }
        int r0 = run_init(&R, in, nin);
        R.s = s;
        R.mix = mix;
        R.tol = tol;
        if (r0 == 0)
            r0 = run_pieces(&R, &G);
        if (r0 == 0 && !R.fail)
            nr = extract_rings(&R, &G, &rings);
        int pinch = 0;
        for (int v = 0; v < G.nv; v++)
            pinch += G.v[v].nout > 1;
        int res = 0;
        if (r0 < 0 || nr < 0) {
            res = -1;
        } else if (!R.fail && (pinch == 0 || round == PINCH_ROUNDS)) {
            for (int k = 0; k < nr; k++)
                rings[k].cluster = 0;
            res = cluster_solids(u, ucap, rings, nr, 0, members, nmem);
            if (res > 0)
                *left = pinch;      /* merged, but pinch points may be left */
        } else if (!R.fail) {
            ufill fl = *fill;
            fl.size = fmax(fl.size, PINCH_FACTOR * box_overlap(bx, base));
            int before = nbr;
            res = add_bridges(&R, &G, &fl, &br, &nbr, &capbr) < 0 ? -1 : 2;
            if (res == 2 && nbr == before)
                res = 3;    /* no bridge possible: take the rings as they are */
            if (res == 3) {
                for (int k = 0; k < nr; k++)
                    rings[k].cluster = 0;
                res = cluster_solids(u, ucap, rings, nr, 0, members, nmem);
                if (res > 0)
                    *left = pinch;
            }
            if (res == 2 && round == 0)
                *pinches += pinch;
        }
        rings_free(rings, nr > 0 ? nr : 0);
        free(G.v);
        free(G.outs);
        run_free(&R);
        free(in);
        if (res != 2) {
            rc = res;
            goto done;
        }
        /* build the new bridges' polygons (earlier rounds' are kept) */
        nbp = realloc(bp, ((size_t)nbr + 1) * sizeof *bp);
        if (!nbp)
            goto done;
        bp = nbp;
        ncs_diag quiet;
        ncs_diag_init(&quiet, "", NULL, 0);
        quiet.out = NULL;
        for (int k = nbuilt; k < nbr; k++) {
            ncs_ring ring;
            memset(&ring, 0, sizeof ring);
            ring.n = br[k].n;
            ring.pt = br[k].t;
            if (ncs_gpoly_build(&ring, NULL, 0, "bridge", &quiet, &bp[k]) < 0) {
                br[k--] = br[--nbr];    /* degenerate: dropped */
            }
        }
        nbuilt = nbr;
    }
    rc = 0;
done:
    for (int k = 0; bp && k < nbuilt; k++)
        ncs_gpoly_free(&bp[k]);
    free(bp);
    free(br);
    return rc;
}

/* The fill radius of pinch points: larger than any body moves in one step
 * (1.5 times a bound), since the LCP of a step only sees where a body ends:
 * a fill thinner than one step's travel is jumped over (the least-energy
 * solution applies no impulse). The bound: a body's speed squared is at
 * most its initial v^2 + (omega R)^2 plus 2 |acceleration| times the
 * scene's diameter (energy; contacts and friction only take energy away),
 * one step travels h v + h^2 |a|. */
static ufill pinch_fill(const ncs_scene *s) {
    double bx[4] = {INFINITY, INFINITY, -INFINITY, -INFINITY}, step = 0;
    ufill f;
    for (int i = 0; i < s->nobstacles; i++) {
        const ncs_obstacle *ob = &s->obstacles[i];
        for (int j = 0; ob->kind == NCS_OBST_POLYGON && j < ob->outer.n; j++) {
            ncs_vec2 p = ob->outer.pt[j];
            bx[0] = fmin(bx[0], p.x);
            bx[1] = fmin(bx[1], p.y);
            bx[2] = fmax(bx[2], p.x);
            bx[3] = fmax(bx[3], p.y);
        }
    }
    for (int b = 0; b < s->nbodies; b++) {
        ncs_vec2 p = s->bodies[b].pos;
        bx[0] = fmin(bx[0], p.x);
        bx[1] = fmin(bx[1], p.y);
        bx[2] = fmax(bx[2], p.x);
        bx[3] = fmax(bx[3], p.y);
    }
    double L = bx[2] >= bx[0] ? hypot(bx[2] - bx[0], bx[3] - bx[1]) : 0;
    for (int b = 0; b < s->nbodies; b++) {
        const ncs_body *bd = &s->bodies[b];
        double R = bd->radius;
        for (int j = 0; bd->kind == NCS_POLYGON && j < bd->shape.n; j++)
            R = fmax(R, hypot(bd->shape.pt[j].x, bd->shape.pt[j].y));
        double ax = s->gravity.x + bd->force.x / bd->mass;
        double ay = s->gravity.y + bd->force.y / bd->mass, a = hypot(ax, ay);
        double v2 = bd->vel.x * bd->vel.x + bd->vel.y * bd->vel.y +
                    bd->omega * bd->omega * R * R + 2 * a * L;
        step = fmax(step, s->h * sqrt(v2) + s->h * s->h * a);
    }
    f.size = isfinite(step) ? 1.5 * step : 0;
    double g = hypot(s->gravity.x, s->gravity.y);
    f.down.x = g > 0 ? s->gravity.x / g : 0;
    f.down.y = g > 0 ? s->gravity.y / g : 0;
    return f;
}

int ncs_gunion_build(const ncs_scene *s, const ncs_gpoly *polys, double base, double tol,
                     ncs_diag *d, ncs_gunion *u) {
    int nob = s->nobstacles, nin = 0, ucap = 0, rc = -1;
    urun R;
    ugraph G;
    memset(u, 0, sizeof *u);
    memset(&R, 0, sizeof R);
    memset(&G, 0, sizeof G);
    uin *in = calloc((size_t)nob + 1, sizeof *in);
    int *members = malloc(((size_t)nob + 1) * sizeof *members);
    int *root = malloc(((size_t)nob + 1) * sizeof *root);
    int *done = calloc((size_t)nob + 1, sizeof *done);
    if (!in || !members || !root || !done)
        goto out;
    for (int i = 0; i < nob; i++) {
        root[i] = -1;
        if (s->obstacles[i].kind == NCS_OBST_POLYGON && polys[i].n > 0) {
            in[nin].p = &polys[i];
            in[nin].owner = i;
            nin++;
        }
    }
    ufill fill = pinch_fill(s);
    /* clusters of the whole scene: pairs, containment */
    if (run_init(&R, in, nin) < 0 || find_pairs(&R) < 0 || neighbours(&R) < 0)
        goto out;
    for (int k = 0; k < nin; k++)
        root[in[k].owner] = R.in[uf_find(R.uf, k)].owner;
    for (int i = 0; i < nob; i++) {
        if (root[i] < 0 || done[i])
            continue;
        int nm = 0;
        for (int j = i; j < nob; j++)
            if (root[j] == root[i]) {
                members[nm++] = j;
                done[j] = 1;
            }
        if (nm == 1) {
            int k = add_solid(u, &ucap);
            if (k < 0)
                goto out;
            u->solid[k].single = i;
            u->solid[k].members = malloc(sizeof *u->solid[k].members);
            if (!u->solid[k].members)
                goto out;
            u->solid[k].members[0] = i;
            u->solid[k].nmembers = 1;
            continue;
        }
        const char *why = NULL;
        int pinch = 0, left = 0, mix[2] = {-1, -1};
        int m = merge_cluster(s, polys, members, nm, base, tol, &fill, u, &ucap, &pinch,
                              &left, mix, &why);
        if (m == 0 && tol > 0) {    /* the simplified rings were not valid */
            pinch = left = 0;
            mix[0] = mix[1] = -1;
            m = merge_cluster(s, polys, members, nm, base, 0, &fill, u, &ucap, &pinch,
                              &left, mix, &why);
        }
        if (m < 0)
            goto out;
        u->npinch += pinch;
        if (m > 0 && mix[0] >= 0)
            ncs_warning(d, s->obstacles[mix[1]].loc, "obstacles '%s' and '%s' have "
                        "different friction but continue each other in one straight "
                        "edge of their union; that edge is one side, with the friction "
                        "of its longest part", s->obstacles[mix[0]].name,
                        s->obstacles[mix[1]].name);
        if (m > 0 && left > 0)
            ncs_warning(d, s->obstacles[members[0]].loc, "obstacle '%s': %d point(s) where "
                        "it or the obstacles merged with it touch only at a point could "
                        "not be bridged; a body may pass through such a point",
                        s->obstacles[members[0]].name, left);
        if (m == 0) {
            warn_fallback(s, d, members, nm, why);
            u->nfallback++;
            for (int t = 0; t < nm; t++) {
                int k = add_solid(u, &ucap);
                if (k < 0)
                    goto out;
                u->solid[k].single = members[t];
                u->solid[k].members = malloc(sizeof *u->solid[k].members);
                if (!u->solid[k].members)
                    goto out;
                u->solid[k].members[0] = members[t];
                u->solid[k].nmembers = 1;
            }
        }
    }
    rc = 0;
out:
    /* R.in is `in` */
    R.in = NULL;
    run_free(&R);
    free(in);
    free(members);
    free(root);
    free(done);
    if (rc < 0)
        ncs_gunion_free(u);
    return rc;
}
