/* plan_sizes.c - planning: the sizes of the state's arrays: sound bounds on the pairs,
 * sides, contacts, groups and LCP rows one step can meet (docs/engine.md,
 * "Sizes").
 *
 * Every pair the engine collects costs rows that add up: a group of n
 * sides and a convex contact have the sizes of ncs/layout.h, and an
 * island's LCP is the sum over its pairs. So the bound is a sum of per-pair
 * costs, each maximised over where the bodies can be:
 *
 *  - A body against the obstacles: per point (a disc or particle centre, or
 *    each vertex of a polygon) the pieces within reach of one free place
 *    and, per piece, the sides the engine keeps (those behind by at most
 *    the reach, an arc for a disc), maximised over a grid of places with
 *    the slack of a cell (every distance is 1-Lipschitz). A polygon adds
 *    the solid's convex corners within reach of its circle against its
 *    pieces, and corner-against-corner pairs.
 *  - Two bodies: the same per point in the frame of the other body, both
 *    ways, plus corner pairs and the disc-disc pair.
 *  - Which bodies can meet: bodies whose start places lie in different
 *    connected parts of the free space never do (the engine never lets a
 *    body through solid matter); among those that can, a body can touch at
 *    most K others at once, K from their areas (they do not overlap).
 *
 * An island holds bodies joined by pairs that can meet (bodies of one
 * part whose pair costs something: never two particles) and by joints; its
 * bound is the sum over its bodies. The whole step's pairs and sides are
 * the sum over all bodies. Bodies of one shape share their costs (shapes
 * below), so N equal bodies cost one pair cost, not N^2.
 *
 * A kinematic body goes anywhere (through the solid, into every part, over
 * other kinematic bodies) and joins no island: it meets no obstacle and no
 * kinematic body, and each dynamic body adds the whole cost of its pair
 * with every kinematic body (they may overlap each other, so no packing
 * bound applies), whatever part either is in.
 */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ncs/lcp.h"    /* NCS_LCP_MAX_M */
#include "ncs/config.h" /* NCS_STATE_MAX_BYTES */
#include "plan.h"
#include "plan_bytes.h"

#define PI 3.14159265358979323846

/* (plan.h) */
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

/** Most squares point_cost refines where its grid is coarse (a few
 *  seconds at most). */
#define SQUARE_VISITS 20000000L

/** Most cells of poses poly_obstacle_cost refines where its grid is
 *  coarse (about 2 us each); beyond, or when the first 64th of the scene
 *  says it would take more, the grid's bound stands. */
#define POSE_VISITS 2000000L

/** The side of the smallest cell of poses poly_obstacle_cost refines (its
 *  grid's spacing where that is fine: R / 2). */
#define POSE_LEAF(R) (R)

/** Sides from which a piece gets buckets.inner (fewer: piece_distance is
 *  cheap enough). */
#define MANY_SIDES 16

/** What pairs cost: counts that add up over pairs. */
typedef struct cost {
    double pairs, sides, rows, groups;
} cost;

static void add(cost *a, cost b, double times) {
    a->pairs += times * b.pairs;
    a->sides += times * b.sides;
    a->rows += times * b.rows;
    a->groups += times * b.groups;
}

/* Each count of a lowered to b's (two bounds of one thing: the smaller). */
static void minin(cost *a, cost b) {
    a->pairs = fmin(a->pairs, b.pairs);
    a->sides = fmin(a->sides, b.sides);
    a->rows = fmin(a->rows, b.rows);
    a->groups = fmin(a->groups, b.groups);
}

static void maxin(cost *a, cost b) {
    a->pairs = fmax(a->pairs, b.pairs);
    a->sides = fmax(a->sides, b.sides);
    a->rows = fmax(a->rows, b.rows);
    a->groups = fmax(a->groups, b.groups);
}

/* One pair of n sides (a group, or a convex contact when n is 1 or the
 * formulation is stewart). */
static cost pair_cost(const ncs_plan *p, int n) {
    cost c = {1, 0, 0, 0};
    int grp = n > 1 && p->s->form != NCS_FORM_STEWART;
    n = n < 1 ? 1 : n;
    c.sides = grp ? n : 1;
    c.rows = grp ? ncs_plan_rows(p->s->form, 1, &n, 0, p->nfric)
                 : ncs_plan_rows(p->s->form, 0, NULL, 1, p->nfric);
    c.groups = grp;
    return c;
}

/* The offset from (x, y) to the point of edge j of piece k of t nearest
 * to it. */
static void edge_offset(const ncs_ptab *t, int k, int j, double x, double y, double g[2]) {
    int nv = t->vfirst[k + 1] - t->vfirst[k];
    double ax = t->vx[t->vfirst[k] + j], ay = t->vy[t->vfirst[k] + j];
    double bx = t->vx[t->vfirst[k] + (j + 1) % nv], by = t->vy[t->vfirst[k] + (j + 1) % nv];
    double dx = bx - ax, dy = by - ay, l2 = dx * dx + dy * dy, u = 0;
    if (l2 > 0) {
        u = ((x - ax) * dx + (y - ay) * dy) / l2;
        u = u < 0 ? 0 : u > 1 ? 1 : u;
    }
    g[0] = x - ax - u * dx;
    g[1] = y - ay - u * dy;
}

/* Signed distance from (x, y) to piece k of t (> 0 outside): exact for
 * pieces with vertices, the largest side gap (a lower bound) otherwise; or
 * HUGE_VAL when that is certainly above far: a piece whose sides are its
 * edges is no nearer than its largest side gap, and an allowance far above
 * the rounding of either keeps every comparison with far as it was. Outside,
 * hypot (the cost) only for the edges whose squared distance is within
 * 1e-9 of the least: the others' hypot cannot be the least. */
static double piece_distance_within(const ncs_ptab *t, int k, double x, double y, double far) {
    int nv = t->vfirst[k + 1] - t->vfirst[k], j;
    double fmaxg = -HUGE_VAL, best = HUGE_VAL, least = HUGE_VAL, g[2], kept[8][2];
    for (j = t->first[k]; j < t->first[k + 1]; j++) {
        double f = t->nx[j] * x + t->ny[j] * y - t->off[j];
        fmaxg = f > fmaxg ? f : fmaxg;
    }
    if (nv == 0 || fmaxg <= 0)
        return fmaxg;
    if (nv == t->first[k + 1] - t->first[k] &&
        fmaxg > far + 1e-9 * (fabs(x) + fabs(y) + fabs(fmaxg) + fabs(far)))
        return HUGE_VAL;
    for (j = 0; j < nv; j++) { /* the first 8 offsets kept for the second pass */
        double q, *o = j < 8 ? kept[j] : g;
        edge_offset(t, k, j, x, y, o);
        q = o[0] * o[0] + o[1] * o[1];
        least = q < least ? q : least;
    }
    for (j = 0; j < nv; j++) {
        double d, *o = j < 8 ? kept[j] : g;
        if (j >= 8)
            edge_offset(t, k, j, x, y, g);
        if (o[0] * o[0] + o[1] * o[1] > least * (1 + 1e-9))
            continue;
        d = hypot(o[0], o[1]);
        best = d < best ? d : best;
    }
    return best;
}

/* Signed distance from (x, y) to piece k of t (piece_distance_within). */
static double piece_distance(const ncs_ptab *t, int k, double x, double y) {
    return piece_distance_within(t, k, x, y, HUGE_VAL);
}

/* hypot(dx, dy) <= d, with hypot (the cost) only where the squares cannot
 * tell: they are off by a few ulp, far below the 1e-9 either way. */
static int within(double dx, double dy, double d) {
    double q = dx * dx + dy * dy, d2 = d * d;
    if (!(d >= 0))
        return hypot(dx, dy) <= d;
    if (q > d2 * (1 + 1e-9))
        return 0;
    if (q < d2 * (1 - 1e-9))
        return 1;
    return hypot(dx, dy) <= d;
}

/* Can a disc centre within `slack` of (x, y) lie in the normal cone of a
 * convex vertex of piece k (where the engine adds an arc, world.c's
 * point_piece: the cones of a convex piece's vertices are disjoint, so at
 * most one arc per piece)? 1 also for a piece whose vertices are not its
 * sides' starts (no such arcs; counted all the same). */
static int arc_near(const ncs_ptab *t, int k, double x, double y, double slack) {
    int n = t->first[k + 1] - t->first[k], nv = t->vfirst[k + 1] - t->vfirst[k], j;
    if (nv != n)
        return 1;
    for (j = 0; j < n; j++) {
        int sb = t->first[k] + j, sa = t->first[k] + (j + n - 1) % n, e;
        double ax = t->nx[sa], ay = t->ny[sa], bx = t->nx[sb], by = t->ny[sb];
        double dx = x - t->vx[t->vfirst[k] + j], dy = y - t->vy[t->vfirst[k] + j];
        if (ax * by - ay * bx <= 0)
            continue; /* straight or reflex: no arc */
        if (ax * dy - ay * dx >= 0 && dx * by - dy * bx >= 0)
            return 1; /* in the cone */
        for (e = 0; e < 2; e++) { /* distance to the cone: to its nearer ray */
            double ux = e ? bx : ax, uy = e ? by : ay, along = ux * dx + uy * dy;
            if (along <= 0 ? within(dx, dy, slack) : fabs(ux * dy - uy * dx) <= slack)
                return 1;
        }
    }
    return 0;
}

/* ---- a bucket grid of pieces, for "which pieces are near this place" ---- */

typedef struct buckets {
    double x0, y0, cs;  /* origin and cell size */
    int nx, ny;         /* cells */
    int *start, *item;  /* cell c holds item[start[c] .. start[c+1]) */
    int unbounded;      /* pieces without vertices are near everywhere */
    double *inner;      /* pieces (buckets_make): per piece of many sides, the
                           largest n.c - off over its sides at its centre c
                           with a rounding allowance (piece_gap); HUGE_VAL
                           for the others */
    int *estart, *eitem;/* boundary edges of the pieces of many sides
                           (buckets_edges): cell c holds the edges eitem[2 e],
                           eitem[2 e + 1] (piece, edge of the piece) for e in
                           estart[c] .. estart[c+1] */
    unsigned char *raster; /* pieces: 1 when listed in the cells its polygon
                              meets (0: those of its circle's box) */
} buckets;

static void buckets_free(buckets *b) {
    free(b->start);
    free(b->item);
    free(b->inner);
    free(b->estart);
    free(b->eitem);
    free(b->raster);
    memset(b, 0, sizeof *b);
}

/** Most cells of a grid of buckets (about 2^22, with the margins). */
#define BUCKET_CELLS 4000000.0

/* The empty grid of buckets for queries within distance d of a place of
 * box: cells of at least d, at most about BUCKET_CELLS in all and 65536 a
 * side, two cells of margin. Returns 0, or -1 when out of memory or the box
 * is not finite. */
static int buckets_grid(buckets *b, const double box[4], double d) {
    double w = box[2] - box[0], hgt = box[3] - box[1];
    memset(b, 0, sizeof *b);
    if (!isfinite(box[0]) || !isfinite(box[2]) || !isfinite(box[1]) || !isfinite(box[3]) ||
        !(d >= 0 && isfinite(d)) || !isfinite(w) || !isfinite(hgt))
        return -1;
    b->cs = fmax(d, fmax(fmax(w, hgt) / 65536, sqrt(w) * sqrt(hgt / BUCKET_CELLS)));
    if (!isfinite(b->cs))
        return -1;
    while ((w / b->cs + 6) * (hgt / b->cs + 6) > BUCKET_CELLS) /* thin boxes: the margins */
        b->cs *= 1.25;
    if (!(b->cs > 0))
        b->cs = 1;
    b->x0 = box[0] - 2 * b->cs;
    b->y0 = box[1] - 2 * b->cs;
    b->nx = (int)ceil((box[2] - b->x0) / b->cs) + 3;
    b->ny = (int)ceil((box[3] - b->y0) / b->cs) + 3;
    b->start = calloc((size_t)b->nx * (size_t)b->ny + 1, sizeof *b->start);
    return b->start ? 0 : -1;
}

/* The end of one pass of filling per-cell lists in two passes (start:
 * cells + 1 offsets): after counting (pass 0) the counts become offsets
 * and *item gets room for `per` ints per entry; after filling (pass 1),
 * which advanced each cell's offset past its entries, they are moved back.
 * Returns 0, or -1 when out of memory. */
static int lists_pass(int pass, int *start, size_t cells, int **item, size_t per) {
    size_t c;
    if (pass == 0) {
        for (c = 0; c < cells; c++)
            start[c + 1] += start[c];
        *item = malloc((per * (size_t)start[cells] + 1) * sizeof **item);
        return *item ? 0 : -1;
    }
    for (c = cells; c > 0; c--)
        start[c] = start[c - 1];
    start[0] = 0;
    return 0;
}

/* Buckets of n circles (centres cx, cy, radii rad; rad < 0: unbounded,
 * near everywhere) for queries within distance d of a place of box: a
 * query looks at the 3 x 3 cells around its place. Returns 0, or -1 when
 * out of memory or the box is not finite. */
static int buckets_of(buckets *b, const double *cx, const double *cy, const double *rad, int n,
                      const double box[4], double d) {
    int pass, k, ix, iy;
    if (buckets_grid(b, box, d) != 0)
        return -1;
    for (pass = 0; pass < 2; pass++) {
        for (k = 0; k < n; k++) {
            double r = rad ? rad[k] : 0;
            int x0, x1, y0, y1;
            if (r < 0) {
                b->unbounded = 1;
                continue;
            }
            x0 = (int)floor((cx[k] - r - b->x0) / b->cs);
            x1 = (int)floor((cx[k] + r - b->x0) / b->cs);
            y0 = (int)floor((cy[k] - r - b->y0) / b->cs);
            y1 = (int)floor((cy[k] + r - b->y0) / b->cs);
            x0 = x0 < 0 ? 0 : x0;
            y0 = y0 < 0 ? 0 : y0;
            x1 = x1 >= b->nx ? b->nx - 1 : x1;
            y1 = y1 >= b->ny ? b->ny - 1 : y1;
            for (iy = y0; iy <= y1; iy++)
                for (ix = x0; ix <= x1; ix++) {
                    size_t c = (size_t)iy * (size_t)b->nx + (size_t)ix;
                    if (pass == 0)
                        b->start[c + 1]++;
                    else
                        b->item[b->start[c]++] = k;
                }
        }
        if (lists_pass(pass, b->start, (size_t)b->nx * (size_t)b->ny, &b->item, 1) != 0) {
            buckets_free(b);
            return -1;
        }
    }
    return 0;
}

/* Lowest and highest cell (clamped to [0, n)) of the coordinates [lo, hi]
 * on an axis from origin o with cells of size cs. */
static void cell_span(double lo, double hi, double o, double cs, int n, int span[2]) {
    double a = floor((lo - o) / cs), z = floor((hi - o) / cs);
    span[0] = a < 0 ? 0 : a > n - 1 ? n - 1 : (int)a;
    span[1] = z < 0 ? 0 : z > n - 1 ? n - 1 : (int)z;
}

/* The rows each column of b meets of the convex polygon (or segment, for
 * nv 2) of the nv points (px[i], py[i]), grown by a hair (1e-6 of a cell)
 * against rounding: columns [col[0], col[1]], column c's rows
 * rows[2 (c - col[0])] .. rows[2 (c - col[0]) + 1] (rows has room for
 * 2 b->nx). What lies outside the grid counts in its border cells, as
 * buckets_of clamps circles. Each edge is clipped to the columns it
 * crosses, so a long thin piece costs cells along its length, not the
 * square of its circle. */
static void shape_rows(const buckets *b, const double *px, const double *py, int nv, int col[2],
                       int *rows) {
    int j, c, span[2];
    double eps = 1e-6 * b->cs, xlo = HUGE_VAL, xhi = -HUGE_VAL;
    for (j = 0; j < nv; j++) {
        xlo = fmin(xlo, px[j]);
        xhi = fmax(xhi, px[j]);
    }
    cell_span(xlo - eps, xhi + eps, b->x0, b->cs, b->nx, col);
    for (c = col[0]; c <= col[1]; c++) {
        rows[2 * (c - col[0])] = b->ny;
        rows[2 * (c - col[0]) + 1] = -1;
    }
    for (j = 0; j < nv; j++) {
        double ax = px[j], ay = py[j], bx = px[(j + 1) % nv], by = py[(j + 1) % nv];
        int ecol[2];
        cell_span(fmin(ax, bx) - eps, fmax(ax, bx) + eps, b->x0, b->cs, b->nx, ecol);
        for (c = ecol[0]; c <= ecol[1]; c++) {
            /* the edge within column c (the border columns reach out) */
            double l = c == 0 ? -HUGE_VAL : b->x0 + c * b->cs - eps;
            double h = c == b->nx - 1 ? HUGE_VAL : b->x0 + (c + 1) * b->cs + eps;
            double ylo = fmin(ay, by), yhi = fmax(ay, by);
            int *r = rows + 2 * (c - col[0]);
            if (ax != bx) {
                double u0 = (fmax(l, fmin(ax, bx)) - ax) / (bx - ax);
                double u1 = (fmin(h, fmax(ax, bx)) - ax) / (bx - ax);
                double y0 = ay + u0 * (by - ay), y1 = ay + u1 * (by - ay);
                ylo = fmax(ylo, fmin(y0, y1));
                yhi = fmin(yhi, fmax(y0, y1));
            }
            cell_span(ylo - eps, yhi + eps, b->y0, b->cs, b->ny, span);
            r[0] = span[0] < r[0] ? span[0] : r[0];
            r[1] = span[1] > r[1] ? span[1] : r[1];
        }
    }
}

/* Buckets of the pieces of t for queries within distance d of a place of
 * box (a query looks at the 3 x 3 cells around its place): each convex
 * piece listed in the cells its polygon meets, a piece whose sides are not
 * its edges in those of its circle's box, unbounded ones near everywhere.
 * Every piece within d of a place is in the cells around it; a piece
 * holding a place is in its cell. Returns 0, or -1 when out of memory or
 * the box is not finite. */
static int buckets_make(buckets *b, const ncs_ptab *t, const double box[4], double d) {
    int pass, k, c, iy, col[2], *rows;
    size_t cell, cells;
    if (buckets_grid(b, box, d) != 0)
        return -1;
    rows = malloc(2 * ((size_t)b->nx + 1) * sizeof *rows);
    if (!rows) {
        buckets_free(b);
        return -1;
    }
    cells = (size_t)b->nx * (size_t)b->ny;
    b->inner = malloc(((size_t)t->npieces + 1) * sizeof *b->inner);
    b->raster = calloc((size_t)t->npieces + 1, 1);
    if (!b->inner || !b->raster) {
        free(rows);
        buckets_free(b);
        return -1;
    }
    for (k = 0; k < t->npieces; k++) {
        int j, nv = t->vfirst[k + 1] - t->vfirst[k], ns = t->first[k + 1] - t->first[k];
        double top = -HUGE_VAL, big = fabs(t->cx[k]) + fabs(t->cy[k]);
        b->inner[k] = HUGE_VAL;
        if (t->rad[k] < 0 || nv != ns || ns < MANY_SIDES)
            continue;
        for (j = t->first[k]; j < t->first[k + 1]; j++) {
            top = fmax(top, t->nx[j] * t->cx[k] + t->ny[j] * t->cy[k] - t->off[j]);
            big = fmax(big, fabs(t->off[j]));
        }
        b->inner[k] = top + 1e-12 * (3 * (fabs(t->cx[k]) + fabs(t->cy[k])) + 2 * big);
    }
    for (pass = 0; pass < 2; pass++) {
        for (k = 0; k < t->npieces; k++) {
            int nv = t->vfirst[k + 1] - t->vfirst[k];
            if (t->rad[k] < 0) {
                b->unbounded = 1;
                continue;
            }
            if (nv < 1 || nv != t->first[k + 1] - t->first[k]) { /* its circle's box */
                int sx[2], sy[2];
                cell_span(t->cx[k] - t->rad[k], t->cx[k] + t->rad[k], b->x0, b->cs, b->nx, sx);
                cell_span(t->cy[k] - t->rad[k], t->cy[k] + t->rad[k], b->y0, b->cs, b->ny, sy);
                col[0] = sx[0];
                col[1] = sx[1];
                for (c = col[0]; c <= col[1]; c++) {
                    rows[2 * (c - col[0])] = sy[0];
                    rows[2 * (c - col[0]) + 1] = sy[1];
                }
            } else {
                shape_rows(b, t->vx + t->vfirst[k], t->vy + t->vfirst[k], nv, col, rows);
                b->raster[k] = 1;
            }
            for (c = col[0]; c <= col[1]; c++)
                for (iy = rows[2 * (c - col[0])]; iy <= rows[2 * (c - col[0]) + 1]; iy++) {
                    cell = (size_t)iy * (size_t)b->nx + (size_t)c;
                    if (pass == 0)
                        b->start[cell + 1]++;
                    else
                        b->item[b->start[cell]++] = k;
                }
        }
        if (lists_pass(pass, b->start, cells, &b->item, 1) != 0) {
            free(rows);
            buckets_free(b);
            return -1;
        }
    }
    free(rows);
    return 0;
}

/* Adds to buckets b of the pieces of t (buckets_make) the boundary edges
 * (the sides that are not internal) of its pieces of MANY_SIDES or more
 * edges, each listed in the cells it meets: every such edge within the
 * cell size of a place is in the 3 x 3 cells around it, so a piece of 10^5
 * edges costs a place only the edges near it. Returns 0, or -1 when out of
 * memory. */
static int buckets_edges(buckets *b, const ncs_ptab *t) {
    size_t cell, cells = (size_t)b->nx * (size_t)b->ny;
    int pass, k, j, c, iy, col[2], *rows = malloc(2 * ((size_t)b->nx + 1) * sizeof *rows);
    b->estart = calloc(cells + 1, sizeof *b->estart);
    if (!rows || !b->estart) {
        free(rows);
        return -1;
    }
    for (pass = 0; pass < 2; pass++) {
        for (k = 0; k < t->npieces; k++) {
            int v0 = t->vfirst[k], nv = t->vfirst[k + 1] - v0;
            for (j = 0; j < nv && nv >= MANY_SIDES; j++) {
                double ex[2], ey[2];
                if (t->internal[t->first[k] + j])
                    continue;
                ex[0] = t->vx[v0 + j];
                ey[0] = t->vy[v0 + j];
                ex[1] = t->vx[v0 + (j + 1) % nv];
                ey[1] = t->vy[v0 + (j + 1) % nv];
                shape_rows(b, ex, ey, 2, col, rows);
                for (c = col[0]; c <= col[1]; c++)
                    for (iy = rows[2 * (c - col[0])]; iy <= rows[2 * (c - col[0]) + 1]; iy++) {
                        cell = (size_t)iy * (size_t)b->nx + (size_t)c;
                        if (pass == 0) {
                            b->estart[cell + 1]++;
                        } else {
                            b->eitem[2 * (size_t)b->estart[cell]] = k;
                            b->eitem[2 * (size_t)b->estart[cell]++ + 1] = j;
                        }
                    }
            }
        }
        if (lists_pass(pass, b->estart, cells, &b->eitem, 2) != 0) {
            free(rows);
            return -1;
        }
    }
    free(rows);
    return 0;
}

/* The cells of b that meet the square of half side d around (x, y),
 * clipped to the grid: columns q[0] .. q[1], rows q[2] .. q[3]. Every item
 * within d of the place is listed in one of them (a point in its cell, a
 * piece in the cells it meets). Returns 0 when none (far outside the grid,
 * or not finite: computed in double before any conversion). */
static int cells_near(const buckets *b, double x, double y, double d, int q[4]) {
    double x0 = floor((x - d - b->x0) / b->cs), x1 = floor((x + d - b->x0) / b->cs);
    double y0 = floor((y - d - b->y0) / b->cs), y1 = floor((y + d - b->y0) / b->cs);
    if (!(x1 >= 0 && x0 < b->nx && y1 >= 0 && y0 < b->ny))
        return 0;
    q[0] = x0 < 0 ? 0 : (int)x0;
    q[1] = x1 >= b->nx ? b->nx - 1 : (int)x1;
    q[2] = y0 < 0 ? 0 : (int)y0;
    q[3] = y1 >= b->ny ? b->ny - 1 : (int)y1;
    return 1;
}

/* Items of b within distance d (<= its cell size) of (x, y) whose point is
 * (px[i], py[i]): how many. */
static int points_around(const buckets *b, const double *px, const double *py, double x, double y,
                         double d) {
    int q[4], qx, qy, s, n = 0;
    if (!cells_near(b, x, y, d, q))
        return 0;
    for (qy = q[2]; qy <= q[3]; qy++)
        for (qx = q[0]; qx <= q[1]; qx++) {
            size_t c = (size_t)qy * (size_t)b->nx + (size_t)qx;
            for (s = b->start[c]; s < b->start[c + 1]; s++)
                if (within(px[b->item[s]] - x, py[b->item[s]] - y, d))
                    n++;
        }
    return n;
}

/* piece_distance(t, k, x, y), or -HUGE_VAL when that is certainly below
 * thr, or HUGE_VAL when it is certainly above far (piece_distance_within):
 * inner[k] + |(x, y) - c| bounds every side's n.q - off (each is
 * 1-Lipschitz), and with a rounding allowance far above the few ulp of each
 * evaluation, a bound below min(thr, 0) means the full evaluation gives a
 * gap below thr. So a place deep inside a piece of thousands of sides (the
 * core of a star) costs O(1), and every comparison with thr and far comes
 * out as piece_distance's. */
static double piece_gap(const ncs_ptab *t, const buckets *b, int k, double x, double y,
                        double thr, double far) {
    if (b->inner && b->inner[k] < HUGE_VAL) {
        double dist = hypot(x - t->cx[k], y - t->cy[k]);
        double tol = 1e-12 * (fabs(x) + fabs(y) + dist);
        if (b->inner[k] + dist + tol < fmin(thr, 0))
            return -HUGE_VAL;
    }
    return piece_distance_within(t, k, x, y, far);
}

/* Is (x, y) deeper than `slack` inside a piece of t (buckets b from
 * buckets_make: the cell of (x, y) holds every bounded piece containing
 * it)? */
static int deep_in_piece(const ncs_ptab *t, const buckets *b, double x, double y, double slack) {
    int q[4], s, k;
    if (cells_near(b, x, y, 0, q)) {
        size_t c = (size_t)q[2] * (size_t)b->nx + (size_t)q[0];
        for (s = b->start[c]; s < b->start[c + 1]; s++)
            if (piece_gap(t, b, b->item[s], x, y, -slack, HUGE_VAL) < -slack)
                return 1;
    }
    for (k = 0; b->unbounded && k < t->npieces; k++)
        if (t->rad[k] < 0 && piece_distance(t, k, x, y) < -slack)
            return 1;
    return 0;
}

/* The pairs of one point of radius r at (x, y) against the pieces of t
 * (buckets b, a stamp per piece and its tick): every piece within r + R of
 * it with its sides behind by at most R (and an arc for a disc), all with
 * `slack` added. Adds them to *out. Returns 1 (adding nothing useful) when
 * the point lies deeper than r + slack in a piece: not a free place. */
static int point_here(const ncs_plan *p, const ncs_ptab *t, const buckets *b, int *stamp,
                      int *tick, double x, double y, double r, double R, double slack,
                      cost *out) {
    int q[4], qx, qy, k, j;
    /* the cells that hold every piece within r + R + slack */
    int near = cells_near(b, x, y, r + R + slack, q);
    if (*tick == INT_MAX) { /* every stamp old again before the tick wraps */
        memset(stamp, 0, (size_t)t->npieces * sizeof *stamp);
        *tick = 0;
    }
    ++*tick;
    for (qy = q[2]; near && qy <= q[3]; qy++)
        for (qx = q[0]; qx <= q[1]; qx++) {
            size_t c = (size_t)qy * (size_t)b->nx + (size_t)qx;
            int s;
            for (s = b->start[c]; s < b->start[c + 1]; s++) {
                double d;
                int n = 0;
                k = b->item[s];
                if (stamp[k] == *tick)
                    continue;
                stamp[k] = *tick;
                d = piece_gap(t, b, k, x, y, r - slack, r + R + slack);
                if (d < r - slack)
                    return 1;
                if (d > r + R + slack)
                    continue;
                for (j = t->first[k]; j < t->first[k + 1]; j++)
                    if (t->nx[j] * x + t->ny[j] * y - t->off[j] - fmax(r, t->grow[j]) >= -R - slack)
                        n++;
                if (r > 0 && t->vfirst[k + 1] > t->vfirst[k] && arc_near(t, k, x, y, slack))
                    n++;
                add(out, pair_cost(p, n), 1);
            }
        }
    for (k = 0; b->unbounded && k < t->npieces; k++) {
        double d;
        int n = 0;
        if (t->rad[k] >= 0)
            continue;
        d = piece_distance(t, k, x, y);
        if (d < r - slack)
            return 1;
        if (d > r + R + slack)
            continue;
        for (j = t->first[k]; j < t->first[k + 1]; j++)
            if (t->nx[j] * x + t->ny[j] * y - t->off[j] - r >= -R - slack)
                n++;
        add(out, pair_cost(p, n), 1);
    }
    return 0;
}

/* Squares refined by point_cost (below). */
typedef struct squares {
    const ncs_plan *p;
    const ncs_ptab *t;
    const buckets *b;
    int *stamp, tick;
    double r, R;        /* the point's radius and reach */
    double leaf;        /* squares of this side are not split */
    long visits, most;  /* point_here calls made, and the most allowed */
    cost best;          /* the largest leaf bound so far */
} squares;

/* Does cost a exceed b in some count? */
static int exceeds(cost a, cost b) {
    return a.pairs > b.pairs || a.sides > b.sides || a.rows > b.rows || a.groups > b.groups;
}

/* The square of side `side` at (x, y) (its lower left corner): its bound is
 * point_here at its centre with the slack of its half diagonal (every
 * place of the square is within that of the centre); a square whose bound
 * exceeds no count of the best so far is done, a leaf's bound joins the
 * best, the others are split in four. Returns -1 once the visits run out. */
static int square(squares *q, double x, double y, double side) {
    cost here = {0, 0, 0, 0};
    double h = side / 2;
    if (++q->visits > q->most)
        return -1;
    if (point_here(q->p, q->t, q->b, q->stamp, &q->tick, x + h, y + h, q->r, q->R,
                   side * 0.70710678118654757, &here) || !exceeds(here, q->best))
        return 0; /* no free place in it, or nothing above the best */
    if (side <= q->leaf) {
        maxin(&q->best, here);
        return 0;
    }
    return square(q, x, y, h) < 0 || square(q, x + h, y, h) < 0 || square(q, x, y + h, h) < 0 ||
                   square(q, x + h, y + h, h) < 0
               ? -1
               : 0;
}

/* A bound of point_cost over the places of box grown by R + r (pieces of t
 * in buckets b, cells of at least R + r) by refining squares, from the
 * cells of b down to squares of side leaf: the bound of every square left
 * unsplit is at most the result, so it bounds every place as the grid does,
 * but its resolution does not fall with the size of the scene (the grid's
 * does: at most 301 places a side). Returns 0 and *out, or -1 when it would
 * take more than `most` visits (then the grid's bound stands). The stamps
 * (one per piece) go on from tick, their last. */
static int squares_cost(const ncs_plan *p, const ncs_ptab *t, const buckets *b, int *stamp,
                        int tick, double r, double R, double leaf, long most, cost *out) {
    squares q = {0};
    int ix, iy;
    q.p = p;
    q.t = t;
    q.b = b;
    q.stamp = stamp;
    q.tick = tick; /* the stamps' last tick: no stamp may look current */
    q.r = r;
    q.R = R;
    q.leaf = leaf;
    q.most = most;
    for (iy = 0; iy < b->ny; iy++)
        for (ix = 0; ix < b->nx; ix++)
            if (square(&q, b->x0 + ix * b->cs, b->y0 + iy * b->cs, b->cs) < 0)
                return -1;
    if (getenv("NCS_SIZES_DEBUG"))
        fprintf(stderr, "squares: %ld visits, cells %d x %d of %g, leaf %g\n", q.visits, b->nx,
                b->ny, b->cs, leaf);
    *out = q.best;
    return 0;
}

/* A grid over box grown by g: origin, spacing at most st and at most nmax
 * points a side. Returns 0, or -1 when the box is not finite. */
static int grid2(const double box[4], double g, double st, int nmax, double o[3], int n[2]) {
    double w = box[2] - box[0] + 2 * g, hgt = box[3] - box[1] + 2 * g;
    if (!isfinite(w) || !isfinite(hgt) || !(st > 0))
        return -1;
    if (w / st > nmax)
        st = w / nmax;
    if (hgt / st > nmax)
        st = hgt / nmax;
    o[0] = box[0] - g;
    o[1] = box[1] - g;
    o[2] = st;
    n[0] = (int)ceil(w / st) + 1;
    n[1] = (int)ceil(hgt / st) + 1;
    return 0;
}

/* Every piece of t counted as near, with all its sides: the bound when no
 * grid can be laid (an infinite box). */
static cost all_pieces(const ncs_plan *p, const ncs_ptab *t, int arc) {
    cost all = {0, 0, 0, 0};
    int k;
    for (k = 0; k < t->npieces; k++)
        add(&all, pair_cost(p, t->first[k + 1] - t->first[k] + arc), 1);
    return all;
}

/* A piece and its circle's radius, for visiting the widest first. */
typedef struct by_rad {
    double rad;     /* its radius */
    int k;          /* the piece */
} by_rad;

/* Larger radius first, then lower index. */
static int wider_first(const void *a, const void *b) {
    const by_rad *x = a, *y = b;
    if (x->rad != y->rad)
        return x->rad > y->rad ? -1 : 1;
    return (x->k > y->k) - (x->k < y->k);
}

/* A bound of the cost of one point of radius r against the pieces of t,
 * reach R, that needs no grid: the pieces near one place all have regions
 * (the piece grown by r + R) holding that place, so they all meet the
 * region of any one of them, k: their cost is at most what the pieces
 * whose circles come within 2 (r + R) of k's cost together (k with its
 * neighbours), maximised over k, each with all its sides (and an arc for a
 * disc). Unbounded pieces count everywhere. Sound at any scale; looser than
 * the grid where the grid is fine, much tighter where it is not (long
 * scenes). With a cap (the grid's bound), only min(cap, result) is exact in
 * each count: the pieces are visited widest first and the visit stops once
 * every count has reached the cap, so slivers whose circles all meet (the
 * fan under a saw, the spikes of a star) cost a few visits, not n^2. */
static cost clique_cost(const ncs_plan *p, const ncs_ptab *t, double r, double R,
                        const double box[4], const cost *cap) {
    cost worst = {0, 0, 0, 0}, always = {0, 0, 0, 0};
    double reach = 2 * (r + R), maxrad = 0;
    buckets b;
    int k, j, i, arc = r > 0;
    by_rad *order = malloc(((size_t)t->npieces + 1) * sizeof *order);
    if (!order)
        return all_pieces(p, t, arc);
    for (k = 0; k < t->npieces; k++) {
        order[k].rad = t->rad[k];
        order[k].k = k;
        if (t->rad[k] < 0)
            add(&always, pair_cost(p, t->first[k + 1] - t->first[k]), 1);
        else
            maxrad = fmax(maxrad, t->rad[k]);
    }
    if (buckets_of(&b, t->cx, t->cy, t->rad, t->npieces, box, reach + 2 * maxrad) != 0) {
        free(order);
        return all_pieces(p, t, arc);
    }
    if (cap) /* the widest first: they meet the most */
        qsort(order, (size_t)t->npieces, sizeof *order, wider_first);
    for (i = 0; i < t->npieces; i++) {
        cost here = always;
        int cx, cy, dx, dy, s2;
        k = order[i].k;
        if (t->rad[k] < 0)
            continue;
        cx = (int)floor((t->cx[k] - b.x0) / b.cs);
        cy = (int)floor((t->cy[k] - b.y0) / b.cs);
        for (dy = -1; dy <= 1; dy++)
            for (dx = -1; dx <= 1; dx++) {
                int qx = cx + dx, qy = cy + dy;
                size_t c;
                if (qx < 0 || qy < 0 || qx >= b.nx || qy >= b.ny)
                    continue;
                c = (size_t)qy * (size_t)b.nx + (size_t)qx;
                for (s2 = b.start[c]; s2 < b.start[c + 1]; s2++) {
                    j = b.item[s2];
                    /* once: from the cell holding j's centre */
                    if ((int)floor((t->cx[j] - b.x0) / b.cs) != qx ||
                        (int)floor((t->cy[j] - b.y0) / b.cs) != qy)
                        continue;
                    if (hypot(t->cx[j] - t->cx[k], t->cy[j] - t->cy[k]) <=
                        t->rad[j] + t->rad[k] + reach)
                        add(&here, pair_cost(p, t->first[j + 1] - t->first[j] + arc), 1);
                }
            }
        maxin(&worst, here);
        if (cap && worst.pairs >= cap->pairs && worst.sides >= cap->sides &&
            worst.rows >= cap->rows && worst.groups >= cap->groups)
            break; /* no longer below the cap in any count */
    }
    if (worst.pairs == 0)
        worst = always;
    buckets_free(&b);
    free(order);
    return worst;
}

/* The cost of one point of radius r (a disc or particle centre) against the
 * pieces of t, reach R, maximised over the free places of box: on a grid of
 * at most 301 x 301 places, spacing (r + R) / 4 or coarser where the box
 * needs it (each place counts with the slack of its cell, so a coarse grid
 * is still a bound, only a looser one), and never above clique_cost. */
static cost point_cost(const ncs_plan *p, const ncs_ptab *t, double r, double R,
                       const double box[4]) {
    cost worst = {0, 0, 0, 0}, clique;
    double o[3], slack, st = (R + r) / 4 > 0 ? (R + r) / 4 : 1e-3;
    int n[2], ix, iy, *stamp, tick = 0;
    buckets b;
    if (t->npieces == 0)
        return worst;
    if (grid2(box, R + r, st, 300, o, n) != 0 || buckets_make(&b, t, box, R + r + o[2]) != 0)
        return clique_cost(p, t, r, R, box, NULL);
    if (getenv("NCS_SIZES_DEBUG"))
        fprintf(stderr, "point_cost: grid %d x %d spacing %g (wanted %g)\n", n[0], n[1], o[2], st);
    slack = o[2] * 0.70710678118654757;
    stamp = calloc((size_t)t->npieces + 1, sizeof *stamp);
    if (!stamp) {
        buckets_free(&b);
        return clique_cost(p, t, r, R, box, NULL);
    }
    for (iy = 0; iy < n[1]; iy++)
        for (ix = 0; ix < n[0]; ix++) {
            cost here = {0, 0, 0, 0};
            if (!point_here(p, t, &b, stamp, &tick, o[0] + ix * o[2], o[1] + iy * o[2], r, R,
                            slack, &here))
                maxin(&worst, here);
        }
    if (o[2] > st * 1.000001) { /* the grid is coarser than wanted: refine squares */
        cost fine;
        buckets bf; /* cells of the reach, not of the coarse grid */
        int ok = buckets_make(&bf, t, box, R + r) == 0;
        if (ok && squares_cost(p, t, &bf, stamp, tick, r, R, st, SQUARE_VISITS, &fine) == 0)
            minin(&worst, fine);
        if (ok)
            buckets_free(&bf);
    }
    free(stamp);
    buckets_free(&b);
    clique = clique_cost(p, t, r, R, box, &worst);
    minin(&worst, clique);
    return worst;
}

/* Most of the points (x[i], y[i]) within rad of one place of box (on a
 * grid with the slack of a cell). */
static int points_near(const double *px, const double *py, int npts, double rad,
                       const double box[4]) {
    double g0x, g0y, st, r, w = box[2] - box[0] + 2 * rad, hgt = box[3] - box[1] + 2 * rad;
    int nx, ny, ix, iy, i, best = 0, *count;
    if (npts == 0)
        return 0;
    st = rad / 4 > 0 ? rad / 4 : 1e-3;
    if (!isfinite(w) || !isfinite(hgt))
        return npts;
    if (w / st > 400)
        st = w / 400;
    if (hgt / st > 400)
        st = hgt / 400;
    nx = (int)ceil(w / st) + 1;
    ny = (int)ceil(hgt / st) + 1;
    g0x = box[0] - rad;
    g0y = box[1] - rad;
    r = rad + st * 0.70710678118654757;
    count = calloc((size_t)nx * (size_t)ny, sizeof *count);
    if (!count)
        return npts;
    for (i = 0; i < npts; i++) {
        int x0 = (int)floor((px[i] - r - g0x) / st), y0 = (int)floor((py[i] - r - g0y) / st);
        int x1 = (int)ceil((px[i] + r - g0x) / st), y1 = (int)ceil((py[i] + r - g0y) / st);
        for (iy = y0 < 0 ? 0 : y0; iy <= y1 && iy < ny; iy++)
            for (ix = x0 < 0 ? 0 : x0; ix <= x1 && ix < nx; ix++)
                if (hypot(px[i] - (g0x + ix * st), py[i] - (g0y + iy * st)) <= r &&
                    ++count[(size_t)iy * (size_t)nx + (size_t)ix] > best)
                    best = count[(size_t)iy * (size_t)nx + (size_t)ix];
    }
    free(count);
    return best;
}

/* Distinct corners of body b's pieces (a corner cap repeats a vertex). */
static int piece_corners(const ncs_plan *p, int b) {
    const ncs_pbody *pb = &p->bodies[b];
    const ncs_ptab *t = &p->bpieces;
    int k, j, n = 0;
    for (k = pb->piece0; k < pb->piece0 + pb->npiece; k++)
        for (j = t->vfirst[k]; j < t->vfirst[k + 1]; j++)
            if (j == t->vfirst[k] || t->vx[j] != t->vx[j - 1] || t->vy[j] != t->vy[j - 1])
                n++;
    return n;
}

/* Body b's pieces as a table of their own (its centroid frame). */
static void body_table(const ncs_plan *p, int b, ncs_ptab *t) {
    const ncs_pbody *pb = &p->bodies[b];
    *t = p->bpieces;
    t->first += pb->piece0;
    t->vfirst += pb->piece0;
    t->cx += pb->piece0;
    t->cy += pb->piece0;
    t->rad += pb->piece0;
    t->npieces = pb->npiece;
}

/* Box of body b's outline (centroid frame). */
static void body_box(const ncs_plan *p, int b, double box[4]) {
    const ncs_pbody *pb = &p->bodies[b];
    box[0] = box[1] = -pb->rad;
    box[2] = box[3] = pb->rad;
}

/* The pose grid of a polygon body: positions of its centroid on a grid of
 * spacing st over box grown by g, angles in nth steps, and the slack of a
 * cell: how far a point of the body can be from where the cell's centre
 * puts it. */
typedef struct poses {
    double o[3];        /* origin x, y and spacing */
    int n[2], nth;      /* positions a side, angles */
    double slack;       /* largest displacement of a point within a cell */
} poses;

static int poses_of(poses *z, const double box[4], double g, double st, double rad) {
    if (grid2(box, g, st, 120, z->o, z->n) != 0)
        return -1;
    z->nth = (int)ceil(2 * PI * rad / z->o[2]);
    z->nth = z->nth < 8 ? 8 : z->nth > 72 ? 72 : z->nth;
    z->slack = z->o[2] * 0.70710678118654757 + rad * PI / z->nth;
    return 0;
}

/* World position of point (px, py) of a body frame placed at (x, y, th). */
static void placed(double x, double y, double c, double sn, double px, double py, double out[2]) {
    out[0] = x + c * px - sn * py;
    out[1] = y + sn * px + c * py;
}

/* Outward normal of side j of body piece table t turned by (c, sn), and its
 * line's offset at placement (x, y). */
static double placed_side(const ncs_ptab *t, int j, double x, double y, double c, double sn,
                          double n[2]) {
    n[0] = c * t->nx[j] - sn * t->ny[j];
    n[1] = sn * t->nx[j] + c * t->ny[j];
    return t->off[j] + n[0] * x + n[1] * y;
}

/* A point at (x, y) against the pieces [k0, k1) of polygon body table t
 * placed at (bx, by, c, sn): one pair per piece it is within reach of, with
 * the piece's sides behind by at most R; `slack` added. */
static void point_vs_body(const ncs_plan *p, const ncs_ptab *t, int k0, int k1, double bx,
                          double by, double c, double sn, double x, double y, double R,
                          double slack, cost *out) {
    int k, j;
    for (k = k0; k < k1; k++) {
        double n[2], best = -HUGE_VAL;
        int m = 0;
        for (j = t->first[k]; j < t->first[k + 1]; j++) {
            double off = placed_side(t, j, bx, by, c, sn, n), f = n[0] * x + n[1] * y - off;
            best = f > best ? f : best;
            if (f >= -R - slack)
                m++;
        }
        if (best <= R + slack)
            add(out, pair_cost(p, m > 0 ? m : 1), 1);
    }
}

/* What poly_obstacle_cost looks at: the body, the obstacles' pieces (b),
 * the solid's convex corners (bc, at cx, cy) and vertices (bv), and the
 * pieces' stamps. */
typedef struct pose_ctx {
    const ncs_plan *p;
    const ncs_pbody *A;
    const buckets *b, *bc, *bv;
    const double *cx, *cy;
    int *stamp, tick;
    double R;           /* the reach */
} pose_ctx;

/* The cost of body q->A at the pose (x, y) and angle (c, sn) against the
 * obstacles, every distance with `slack` (the most any point of the body
 * moves within the cell of poses it stands for): adds it to *here and
 * returns 0, or returns 1 when the body overlaps the solid at every pose of
 * the cell. */
static int pose_here(pose_ctx *q, double x, double y, double c, double sn, double slack,
                     cost *here) {
    const ncs_plan *p = q->p;
    const ncs_pbody *A = q->A;
    const ncs_ptab *bt = &p->bpieces;
    const buckets *bc = q->bc;
    double R = q->R, P[2];
    int v, k, j, inside = 0, qx, qy, s2, cq[4];
    for (v = A->vert0; v < A->vert0 + A->nvert && !inside; v++) {
        placed(x, y, c, sn, p->bvx[v], p->bvy[v], P);
        inside = point_here(p, &p->obst, q->b, q->stamp, &q->tick, P[0], P[1], 0, R, slack, here);
    }
    /* the centroid or an outline edge's midpoint deeper in a piece than
     * the slack, or a convex corner of the solid deeper in the body: the
     * body overlaps the solid at every pose of the cell (as for a vertex of
     * the body) */
    inside = inside || deep_in_piece(&p->obst, q->b, x, y, slack);
    for (v = 0; v < A->nvert && !inside; v++) {
        int v0 = A->vert0 + v, v1 = A->vert0 + (v + 1) % A->nvert;
        placed(x, y, c, sn, (p->bvx[v0] + p->bvx[v1]) / 2, (p->bvy[v0] + p->bvy[v1]) / 2, P);
        inside = deep_in_piece(&p->obst, q->b, P[0], P[1], slack);
    }
    if (inside || !cells_near(bc, x, y, A->rad + slack, cq))
        cq[2] = 1, cq[3] = 0; /* no cells */
    for (qy = cq[2]; qy <= cq[3] && !inside; qy++)
        for (qx = cq[0]; qx <= cq[1] && !inside; qx++) {
            size_t cell = (size_t)qy * (size_t)bc->nx + (size_t)qx;
            for (s2 = bc->start[cell]; s2 < bc->start[cell + 1] && !inside; s2++) {
                int i = bc->item[s2];
                double ux = q->cx[i] - x, uy = q->cy[i] - y, L[2];
                if (!within(ux, uy, A->rad + slack))
                    continue;
                L[0] = c * ux + sn * uy;
                L[1] = -sn * ux + c * uy;
                for (k = A->piece0; k < A->piece0 + A->npiece && !inside; k++)
                    inside = piece_distance_within(bt, k, L[0], L[1], -slack) < -slack;
            }
        }
    if (inside)
        return 1;
    /* the solid's corners near the body, against its pieces */
    if (!cells_near(bc, x, y, A->rad + R + slack, cq))
        cq[2] = 1, cq[3] = 0; /* no cells */
    for (qy = cq[2]; qy <= cq[3]; qy++)
        for (qx = cq[0]; qx <= cq[1]; qx++) {
            size_t cell = (size_t)qy * (size_t)bc->nx + (size_t)qx;
            for (s2 = bc->start[cell]; s2 < bc->start[cell + 1]; s2++) {
                int i = bc->item[s2];
                if (!within(q->cx[i] - x, q->cy[i] - y, A->rad + R + slack))
                    continue;
                point_vs_body(p, bt, A->piece0, A->piece0 + A->npiece, x, y, c, sn, q->cx[i],
                              q->cy[i], R, slack, here);
            }
        }
    /* corner pairs: the body's piece corners against piece corners */
    for (k = A->piece0; k < A->piece0 + A->npiece; k++)
        for (j = bt->vfirst[k]; j < bt->vfirst[k + 1]; j++) {
            if (j > bt->vfirst[k] && bt->vx[j] == bt->vx[j - 1] && bt->vy[j] == bt->vy[j - 1])
                continue;
            placed(x, y, c, sn, bt->vx[j], bt->vy[j], P);
            add(here, pair_cost(p, 2),
                points_around(q->bv, p->obst.vx, p->obst.vy, P[0], P[1], R + slack));
        }
    return 0;
}

/* Refining cells of poses (squares of positions times arcs of angles), as
 * squares_cost does for a point. */
typedef struct pose_cells {
    pose_ctx *q;
    double leaf, leaf_arc;  /* cells of this side and arc are not split */
    long visits, most;      /* pose_here calls made, and the most allowed */
    cost best;              /* the largest leaf bound so far */
} pose_cells;

/* The cell of positions (x, y) + [0, side)^2 and angles th + [0, arc): its
 * bound is the pose at its centre with the slack of the half diagonal and
 * of half the arc at the body's radius; split (positions in four, the arc
 * in two) while it exceeds the best so far. Returns -1 once the visits run
 * out. */
static int pose_cell(pose_cells *w, double x, double y, double side, double th, double arc) {
    cost here = {0, 0, 0, 0};
    double h = side / 2, a = arc / 2, mid = th + a;
    int split_pos = side > w->leaf, split_arc = arc > w->leaf_arc, i, j;
    if (++w->visits > w->most)
        return -1;
    if (pose_here(w->q, x + h, y + h, cos(mid), sin(mid),
                  side * 0.70710678118654757 + w->q->A->rad * a, &here) ||
        !exceeds(here, w->best))
        return 0;
    if (!split_pos && !split_arc) {
        maxin(&w->best, here);
        return 0;
    }
    for (i = 0; i < (split_pos ? 4 : 1); i++)
        for (j = 0; j < (split_arc ? 2 : 1); j++)
            if (pose_cell(w, x + (split_pos ? (i & 1) * h : 0), y + (split_pos ? (i >> 1) * h : 0),
                          split_pos ? h : side, th + (split_arc ? j * a : 0),
                          split_arc ? a : arc) < 0)
                return -1;
    return 0;
}

/* Polygon body a against the obstacles, maximised over its free poses (its
 * vertices against the pieces, the solid's convex corners against its
 * pieces, and its corners against the pieces' corners): the worst over a grid of poses
 * (positions and angles, each standing for its cell with the slack of its
 * largest displacement), and where that grid is coarser than wanted (at
 * most 121 positions a side), the cells of poses refined down to the wanted
 * resolution (pose_cell); the smaller bound counts. */
static cost poly_obstacle_cost(const ncs_plan *p, int a) {
    const ncs_pbody *A = &p->bodies[a];
    const ncs_ptab *bt = &p->bpieces;
    double R = p->reach_cap, *cx = NULL, *cy = NULL;
    cost worst = {0, 0, 0, 0};
    buckets b, bc, bv;
    poses z;
    pose_ctx q;
    int ix, iy, it, v, k, *stamp = NULL, ok = 0;
    memset(&b, 0, sizeof b);
    memset(&bc, 0, sizeof bc);
    memset(&bv, 0, sizeof bv);
    cx = malloc(((size_t)p->ncorners + 1) * sizeof *cx);
    cy = malloc(((size_t)p->ncorners + 1) * sizeof *cy);
    stamp = calloc((size_t)p->obst.npieces + 1, sizeof *stamp);
    if (cx && cy && stamp && poses_of(&z, p->box, A->rad + R, R / 2, A->rad) == 0) {
        for (v = 0; v < p->ncorners; v++) {
            cx[v] = p->obst.vx[p->corner_v[v]];
            cy[v] = p->obst.vy[p->corner_v[v]];
        }
        ok = buckets_make(&b, &p->obst, p->box, R + z.slack + z.o[2]) == 0 &&
             buckets_of(&bc, cx, cy, NULL, p->ncorners, p->box, A->rad + R + z.slack) == 0 &&
             buckets_of(&bv, p->obst.vx, p->obst.vy, NULL, p->obst.nverts, p->box,
                        R + z.slack) == 0;
    }
    if (!ok) {
        cost all = all_pieces(p, &p->obst, 0);
        worst = all;
        for (k = 1; k < A->nvert; k++)
            add(&worst, all, 1);
        add(&worst, pair_cost(p, bt->maxsides), (double)p->ncorners * A->npiece);
        add(&worst, pair_cost(p, 2), (double)p->obst.nverts * (bt->vfirst[A->piece0 + A->npiece] -
                                                              bt->vfirst[A->piece0]));
        goto done;
    }
    memset(&q, 0, sizeof q);
    q.p = p;
    q.A = A;
    q.b = &b;
    q.bc = &bc;
    q.bv = &bv;
    q.cx = cx;
    q.cy = cy;
    q.stamp = stamp;
    q.R = R;
    for (it = 0; it < z.nth; it++) {
        double th = 2 * PI * it / z.nth, c = cos(th), sn = sin(th);
        for (iy = 0; iy < z.n[1]; iy++)
            for (ix = 0; ix < z.n[0]; ix++) {
                cost here = {0, 0, 0, 0};
                if (!pose_here(&q, z.o[0] + ix * z.o[2], z.o[1] + iy * z.o[2], c, sn, z.slack,
                               &here))
                    maxin(&worst, here);
            }
    }
    if (z.o[2] > R / 2 * 1.000001) { /* the grid is coarser than wanted */
        buckets fb, fbc, fbv;        /* cells of the reach, not of the grid */
        pose_cells w;
        double n = ceil(2 * PI * A->rad / POSE_LEAF(R)); /* poses_of's angles there */
        int fine = 0;
        memset(&w, 0, sizeof w);
        w.q = &q;
        w.leaf = POSE_LEAF(R);
        w.leaf_arc = 2 * PI / (n > 8 ? (n < 72 ? n : 72) : 8); /* (a double: rad may be huge) */
        w.most = POSE_VISITS;
        memset(&fbc, 0, sizeof fbc);
        memset(&fbv, 0, sizeof fbv);
        if (buckets_make(&fb, &p->obst, p->box, A->rad + R) == 0) {
            fine = buckets_of(&fbc, cx, cy, NULL, p->ncorners, p->box, A->rad + R) == 0 &&
                   buckets_of(&fbv, p->obst.vx, p->obst.vy, NULL, p->obst.nverts, p->box, R) == 0;
            q.b = &fb;
            q.bc = &fbc;
            q.bv = &fbv;
            {
                /* lines of cells across the longer side in turn: give up
                 * early when the visits so far, spread over the lines left,
                 * would pass the most */
                int lines = fb.nx >= fb.ny ? fb.nx : fb.ny, across = fb.nx >= fb.ny ? fb.ny : fb.nx;
                int l, m;
                for (l = 0; fine && l < lines; l++) {
                    if (l >= lines / 64 && l > 0 && (double)w.visits / l * lines > w.most)
                        fine = 0;
                    for (m = 0; fine && m < across; m++) {
                        ix = fb.nx >= fb.ny ? l : m;
                        iy = fb.nx >= fb.ny ? m : l;
                        for (it = 0; fine && it < 8; it++)
                            fine = pose_cell(&w, fb.x0 + ix * fb.cs, fb.y0 + iy * fb.cs, fb.cs,
                                             2 * PI * it / 8, 2 * PI / 8) == 0;
                    }
                }
            }
            if (getenv("NCS_SIZES_DEBUG"))
                fprintf(stderr, "pose cells: %ld visits, cells %d x %d of %g, leaf %g, %s\n",
                        w.visits, fb.nx, fb.ny, fb.cs, w.leaf, fine ? "done" : "gave up");
            if (fine)
                minin(&worst, w.best);
            buckets_free(&fb);
        }
        buckets_free(&fbc);
        buckets_free(&fbv);
    }
done:
    free(cx);
    free(cy);
    free(stamp);
    buckets_free(&b);
    buckets_free(&bc);
    buckets_free(&bv);
    return worst;
}

/* Body a against the obstacles. */
static cost obstacle_cost(const ncs_plan *p, int a) {
    const ncs_pbody *A = &p->bodies[a];
    if (A->kind != NCS_POLYGON)
        return point_cost(p, &p->obst, A->r, p->reach_cap, p->box);
    return poly_obstacle_cost(p, a);
}

/* Is (x, y) within d of some piece of body B (its own frame)? When it is
 * not, with (x, y) the centre of a body of bounding radius r and d = r +
 * the reach + a cell's slack, no point of that body is within the reach of
 * B, nor any point of B within the reach of it: every count below is 0
 * there, so the pose is skipped without changing the maximum. */
static int circle_near(const ncs_ptab *t, const ncs_pbody *B, double x, double y, double d) {
    int k;
    for (k = B->piece0; k < B->piece0 + B->npiece; k++)
        if (piece_distance_within(t, k, x, y, d) <= d)
            return 1;
    return 0;
}

/* Polygon bodies a and b together, maximised over the poses of a in b's
 * frame that do not overlap: the vertices of each against the other's
 * pieces, and the corner pairs. */
static cost poly_pair_cost(const ncs_plan *p, int a, int b, double R) {
    const ncs_pbody *A = &p->bodies[a], *B = &p->bodies[b];
    const ncs_ptab *t = &p->bpieces;
    double box[4], ext = A->rad + B->rad + R;
    cost worst = {0, 0, 0, 0};
    poses z;
    int ix, iy, it, v, k, j, ka, kb;
    box[0] = box[1] = -ext;
    box[2] = box[3] = ext;
    if (poses_of(&z, box, 0, R / 2 > 0 ? R / 2 : 1e-3, A->rad) != 0)
        return worst;
    for (it = 0; it < z.nth; it++) {
        double th = 2 * PI * it / z.nth, c = cos(th), sn = sin(th);
        for (iy = 0; iy < z.n[1]; iy++)
            for (ix = 0; ix < z.n[0]; ix++) {
                double x = z.o[0] + ix * z.o[2], y = z.o[1] + iy * z.o[2], P[2], L[2];
                cost here = {0, 0, 0, 0};
                int overlap = 0; /* a vertex deeper than a cell's slack in the other body
                                    (only the sign of a distance above -slack matters:
                                    piece_distance_within stops at the sides' gaps) */
                if (!within(x, y, ext + z.slack) || !circle_near(t, B, x, y, A->rad + R + z.slack))
                    continue;
                for (v = A->vert0; v < A->vert0 + A->nvert && !overlap; v++) {
                    placed(x, y, c, sn, p->bvx[v], p->bvy[v], P);
                    for (kb = B->piece0; kb < B->piece0 + B->npiece && !overlap; kb++)
                        overlap = piece_distance_within(t, kb, P[0], P[1], -z.slack) < -z.slack;
                }
                for (v = B->vert0; v < B->vert0 + B->nvert && !overlap; v++) {
                    /* b's vertex in a's frame */
                    double dx = p->bvx[v] - x, dy = p->bvy[v] - y;
                    L[0] = c * dx + sn * dy;
                    L[1] = -sn * dx + c * dy;
                    for (ka = A->piece0; ka < A->piece0 + A->npiece && !overlap; ka++)
                        overlap = piece_distance_within(t, ka, L[0], L[1], -z.slack) < -z.slack;
                }
                if (overlap)
                    continue;
                for (v = A->vert0; v < A->vert0 + A->nvert; v++) {
                    placed(x, y, c, sn, p->bvx[v], p->bvy[v], P);
                    point_vs_body(p, t, B->piece0, B->piece0 + B->npiece, 0, 0, 1, 0, P[0], P[1],
                                  R, z.slack, &here);
                }
                for (v = B->vert0; v < B->vert0 + B->nvert; v++)
                    point_vs_body(p, t, A->piece0, A->piece0 + A->npiece, x, y, c, sn, p->bvx[v],
                                  p->bvy[v], R, z.slack, &here);
                for (ka = A->piece0; ka < A->piece0 + A->npiece; ka++)
                    for (j = t->vfirst[ka]; j < t->vfirst[ka + 1]; j++) {
                        if (j > t->vfirst[ka] && t->vx[j] == t->vx[j - 1] && t->vy[j] == t->vy[j - 1])
                            continue;
                        placed(x, y, c, sn, t->vx[j], t->vy[j], P);
                        for (kb = B->piece0; kb < B->piece0 + B->npiece; kb++)
                            for (k = t->vfirst[kb]; k < t->vfirst[kb + 1]; k++)
                                if (within(t->vx[k] - P[0], t->vy[k] - P[1], R + z.slack))
                                    add(&here, pair_cost(p, 2), 1);
                    }
                maxin(&worst, here);
            }
    }
    return worst;
}

/* Bodies a and b together: points of each against the other's pieces, the
 * corner pairs, the disc pair. */
static cost body_pair_cost(const ncs_plan *p, int a, int b, double R) {
    cost c = {0, 0, 0, 0};
    int x;
    if (p->bodies[a].kind == NCS_POLYGON && p->bodies[b].kind == NCS_POLYGON)
        return poly_pair_cost(p, a, b, R);
    for (x = 0; x < 2; x++) {
        int pt = x ? b : a, o = x ? a : b;
        const ncs_pbody *P = &p->bodies[pt], *O = &p->bodies[o];
        ncs_ptab t;
        double box[4];
        if (O->kind != NCS_POLYGON)
            continue;
        body_table(p, o, &t);
        body_box(p, o, box);
        add(&c, point_cost(p, &t, P->kind == NCS_POLYGON ? 0 : P->r, R, box),
            P->kind == NCS_POLYGON ? P->nvert : 1);
    }
    if (p->bodies[a].kind == NCS_POLYGON && p->bodies[b].kind == NCS_POLYGON) {
        ncs_ptab t;
        double box[4];
        body_table(p, b, &t);
        body_box(p, b, box);
        add(&c, pair_cost(p, 2),
            (double)piece_corners(p, a) *
                points_near(t.vx + t.vfirst[0], t.vy + t.vfirst[0],
                            t.vfirst[t.npieces] - t.vfirst[0], R, box));
    } else if (p->bodies[a].kind != NCS_POLYGON && p->bodies[b].kind != NCS_POLYGON &&
               (p->bodies[a].kind == NCS_DISC || p->bodies[b].kind == NCS_DISC)) {
        add(&c, pair_cost(p, 1), 1);
    }
    return c;
}

/* ---- shapes: bodies that cost the same ------------------------------------ */

/* Every cost above depends on a body only through its shape (kind, disc
 * radius, bounding radius, vertices and pieces in its centroid frame) and on
 * the scene's reach, margins and formulation, never on its place, mass or
 * friction. So bodies of one shape share their costs: a pile of N equal
 * boxes costs one obstacle cost and one pair cost, not N and N^2. */

/* Equal n entries of two arrays (doubles compared as values). */
static int same_reals(const double *x, const double *y, int n) {
    int i;
    for (i = 0; i < n; i++)
        if (x[i] != y[i])
            return 0;
    return 1;
}

/* Do polygon bodies a and b have the same pieces (sides, vertices, circles)? */
static int same_pieces(const ncs_plan *p, int a, int b) {
    const ncs_ptab *t = &p->bpieces;
    const ncs_pbody *A = &p->bodies[a], *B = &p->bodies[b];
    int k, sa, sb, va, vb, ns, nv;
    if (A->npiece != B->npiece)
        return 0;
    for (k = 0; k < A->npiece; k++) {
        int ka = A->piece0 + k, kb = B->piece0 + k;
        if (t->first[ka + 1] - t->first[ka] != t->first[kb + 1] - t->first[kb] ||
            t->vfirst[ka + 1] - t->vfirst[ka] != t->vfirst[kb + 1] - t->vfirst[kb] ||
            t->cx[ka] != t->cx[kb] || t->cy[ka] != t->cy[kb] || t->rad[ka] != t->rad[kb])
            return 0;
    }
    if (A->npiece == 0)
        return 1;
    sa = t->first[A->piece0];
    sb = t->first[B->piece0];
    ns = t->first[A->piece0 + A->npiece] - sa;
    va = t->vfirst[A->piece0];
    vb = t->vfirst[B->piece0];
    nv = t->vfirst[A->piece0 + A->npiece] - va;
    return same_reals(t->nx + sa, t->nx + sb, ns) && same_reals(t->ny + sa, t->ny + sb, ns) &&
           same_reals(t->off + sa, t->off + sb, ns) && same_reals(t->grow + sa, t->grow + sb, ns) &&
           memcmp(t->internal + sa, t->internal + sb, (size_t)ns) == 0 &&
           same_reals(t->vx + va, t->vx + vb, nv) && same_reals(t->vy + va, t->vy + vb, nv);
}

/* Do bodies a and b have the same shape (so every cost of one is the
 * other's)? */
static int same_shape(const ncs_plan *p, int a, int b) {
    const ncs_pbody *A = &p->bodies[a], *B = &p->bodies[b];
    if (A->kind != B->kind || A->r != B->r || A->rad != B->rad || A->nvert != B->nvert)
        return 0;
    if (A->kind != NCS_POLYGON)
        return 1;
    return same_reals(p->bvx + A->vert0, p->bvx + B->vert0, A->nvert) &&
           same_reals(p->bvy + A->vert0, p->bvy + B->vert0, A->nvert) && same_pieces(p, a, b);
}

/** Most shapes whose costs are kept (their pair costs take SHAPES_MAX^2
 *  entries: about 9 MB); bodies of further shapes get theirs computed each
 *  time they are asked for, as before the shapes. */
#define SHAPES_MAX 512

/* The costs of the shapes, each computed once. */
typedef struct shapes {
    int n;              /* shapes */
    int *of;            /* per body: its shape (-1: beyond SHAPES_MAX, not kept) */
    int *rep;           /* per shape: a body of that shape */
    cost *obst;         /* per shape: obstacle_cost */
    cost *pair;         /* n x n: body_pair_cost of the first against the second
                           at the reach R */
    double R;           /* the scene's reach of two bodies */
    unsigned char *got; /* n + n x n: 1 once obst[s] / pair[s][t] is computed */
} shapes;

static void shapes_free(shapes *S) {
    free(S->of);
    free(S->rep);
    free(S->obst);
    free(S->pair);
    free(S->got);
}

/* Sorts the bodies into shapes, for pairs at reach R; -1 when out of
 * memory. */
static int shapes_make(shapes *S, const ncs_plan *p, double R) {
    int nb = p->s->nbodies, a, k;
    size_t n2;
    memset(S, 0, sizeof *S);
    S->R = R;
    S->of = malloc(((size_t)nb + 1) * sizeof *S->of);
    S->rep = malloc(((size_t)nb + 1) * sizeof *S->rep);
    if (!S->of || !S->rep)
        return -1;
    for (a = 0; a < nb; a++) {
        for (k = 0; k < S->n && !same_shape(p, S->rep[k], a); k++)
            ;
        if (k == S->n && S->n == SHAPES_MAX)
            k = -1; /* a shape of its own, not kept: its costs are computed each time */
        else if (k == S->n)
            S->rep[S->n++] = a;
        S->of[a] = k;
    }
    n2 = (size_t)S->n * (size_t)S->n;
    S->obst = calloc((size_t)S->n + 1, sizeof *S->obst);
    S->pair = calloc(n2 + 1, sizeof *S->pair);
    S->got = calloc((size_t)S->n + n2 + 1, 1);
    return S->obst && S->pair && S->got ? 0 : -1;
}

/* obstacle_cost of body a, from its shape. */
static cost shape_obstacle_cost(const ncs_plan *p, shapes *S, int a) {
    int k = S->of[a];
    if (k < 0)
        return obstacle_cost(p, a);
    if (!S->got[k]) {
        S->obst[k] = obstacle_cost(p, S->rep[k]);
        S->got[k] = 1;
    }
    return S->obst[k];
}

/* body_pair_cost of bodies a and b at the reach S->R, from their shapes. */
static cost shape_pair_cost(const ncs_plan *p, shapes *S, int a, int b) {
    size_t i;
    if (S->of[a] < 0 || S->of[b] < 0)
        return body_pair_cost(p, a, b, S->R);
    i = (size_t)S->of[a] * (size_t)S->n + (size_t)S->of[b];
    if (!S->got[S->n + i]) {
        S->pair[i] = body_pair_cost(p, S->rep[S->of[a]], S->rep[S->of[b]], S->R);
        S->got[S->n + i] = 1;
    }
    return S->pair[i];
}

/* ---- which bodies can meet -------------------------------------------------- */

/* The 3 x 3 cells around a place, its own first. */
static const int around[9][2] = {{0, 0}, {-1, -1}, {0, -1}, {1, -1}, {-1, 0},
                                 {1, 0}, {-1, 1}, {0, 1}, {1, 1}};

/* Is a boundary edge (a side that is not internal) of piece k of t within
 * d of (x, y)? */
static int edge_near(const ncs_ptab *t, int k, double x, double y, double d) {
    int nv = t->vfirst[k + 1] - t->vfirst[k], j;
    double g[2];
    for (j = 0; j < nv; j++) {
        if (t->internal[t->first[k] + j])
            continue;
        edge_offset(t, k, j, x, y, g);
        if (within(g[0], g[1], d))
            return 1;
    }
    return 0;
}

/* Is (x, y) inside the solid (the union of the pieces of t) and farther
 * than d from its boundary (the sides that are not internal)? Edges and
 * pieces are found through the buckets (cells of at least d, with
 * buckets_edges), each piece once per pass (a stamp per piece and its
 * tick): first every boundary edge near (of a piece of many sides from the
 * edges' buckets), then the pieces that can hold the place (those of its
 * own cell; a piece listed by its circle from any cell). */
static int deep_in_solid(const ncs_ptab *t, const buckets *b, int *stamp, int *tick, double x,
                         double y, double d) {
    int q[4], cx = -2, cy = -2, a, s, pass; /* -2: outside the grid, no cell around */
    double g[2];
    if (cells_near(b, x, y, 0, q)) {
        cx = q[0];
        cy = q[2];
    }
    for (pass = 0; pass < 2; pass++) {
        ++*tick;
        for (a = 0; a < 9; a++) {
            int qx = cx + around[a][0], qy = cy + around[a][1];
            size_t c;
            if (qx < 0 || qy < 0 || qx >= b->nx || qy >= b->ny)
                continue;
            c = (size_t)qy * (size_t)b->nx + (size_t)qx;
            for (s = b->estart[c]; pass == 0 && s < b->estart[c + 1]; s++) {
                edge_offset(t, b->eitem[2 * (size_t)s], b->eitem[2 * (size_t)s + 1], x, y, g);
                if (within(g[0], g[1], d))
                    return 0;
            }
            for (s = b->start[c]; s < b->start[c + 1]; s++) {
                int k = b->item[s];
                if (stamp[k] == *tick)
                    continue;
                stamp[k] = *tick;
                if (pass == 0 && t->vfirst[k + 1] - t->vfirst[k] < MANY_SIDES &&
                    edge_near(t, k, x, y, d))
                    return 0;
                if (pass == 1 && (a == 0 || !b->raster[k]) &&
                    piece_gap(t, b, k, x, y, 0, HUGE_VAL) < 0)
                    return 1;
            }
        }
    }
    return 0;
}

/* Labels the connected parts of the free space on a grid over the scene
 * box (a cell is solid when its centre is deeper in a piece than half its
 * diagonal: then no point of it is free), the outside of the box being one
 * part; comp[b] gets the part of body b's start place. Bodies in different
 * parts never meet. Without memory every body gets part 0. */
static void free_parts(const ncs_plan *p, int *comp) {
    const ncs_scene *s = p->s;
    double x0 = p->box[0], y0 = p->box[1], w = p->box[2] - p->box[0], hgt = p->box[3] - p->box[1];
    int n = 256, i, j, k, b, *lab = NULL, *stack = NULL, top, next = 0, *stamp = NULL, tick = 0;
    unsigned char *solid = NULL;
    double cs, half;
    buckets bk;
    memset(&bk, 0, sizeof bk);
    for (b = 0; b < s->nbodies; b++)
        comp[b] = 0;
    if (!(w > 0 && hgt > 0 && isfinite(w) && isfinite(hgt)) || p->obst.npieces == 0)
        return;
    cs = fmax(w, hgt) / n;
    half = cs * 0.70710678118654757;
    solid = calloc((size_t)n * n, 1);
    lab = malloc((size_t)n * n * sizeof *lab);
    stack = malloc((size_t)n * n * sizeof *stack);
    stamp = calloc((size_t)p->obst.npieces + 1, sizeof *stamp);
    if (!solid || !lab || !stack || !stamp)
        goto done;
    if (buckets_make(&bk, &p->obst, p->box, half) != 0 || buckets_edges(&bk, &p->obst) != 0)
        goto done;
    for (j = 0; j < n; j++)
        for (i = 0; i < n; i++) {
            double x = x0 + (i + 0.5) * cs, y = y0 + (j + 0.5) * cs;
            solid[j * n + i] =
                (unsigned char)deep_in_solid(&p->obst, &bk, stamp, &tick, x, y, half);
            lab[j * n + i] = -1;
        }
    /* part 0: the free cells connected to the border (and the outside);
     * then every other connected set of free cells gets its own part */
    next = 1;
    for (k = 0; k < 2; k++)
        for (j = 0; j < n; j++)
            for (i = 0; i < n; i++) {
                int c = j * n + i, border = i == 0 || j == 0 || i == n - 1 || j == n - 1;
                int part = k == 0 ? 0 : next;
                if (solid[c] || lab[c] >= 0 || (k == 0 && !border))
                    continue;
                if (k == 1)
                    next++;
                lab[c] = part;
                top = 0;
                stack[top++] = c;
                while (top > 0) {
                    static const int di[4] = {1, -1, 0, 0}, dj[4] = {0, 0, 1, -1};
                    int cur = stack[--top], ci = cur % n, cj = cur / n, d;
                    for (d = 0; d < 4; d++) {
                        int ni = ci + di[d], nj = cj + dj[d], nc;
                        if (ni < 0 || nj < 0 || ni >= n || nj >= n)
                            continue;
                        nc = nj * n + ni;
                        if (!solid[nc] && lab[nc] < 0) {
                            lab[nc] = part;
                            stack[top++] = nc;
                        }
                    }
                }
            }
    for (b = 0; b < s->nbodies; b++) {
        double bx = (s->bodies[b].pos.x - x0) / cs, by = (s->bodies[b].pos.y - y0) / cs;
        int ci = (int)floor(bx), cj = (int)floor(by);
        comp[b] = 0;
        if (ci >= 0 && cj >= 0 && ci < n && cj < n && lab[cj * n + ci] >= 0)
            comp[b] = lab[cj * n + ci];
        else if (ci >= 0 && cj >= 0 && ci < n && cj < n && !s->bodies[b].kinematic)
            comp[b] = -1; /* on a solid cell (a body touching the solid): unknown */
    }
    for (b = 0; b < s->nbodies; b++)
        if (comp[b] < 0) /* be safe: one part with everything */
            for (i = 0; i < s->nbodies; i++)
                comp[i] = 0;
done:
    buckets_free(&bk);
    free(solid);
    free(lab);
    free(stack);
    free(stamp);
}

/* Most other bodies body a can touch at once: the particles (points: any
 * number fit), plus the other bodies whose areas fit in the disc they must
 * lie in without overlapping each other or a. */
static double neighbours(const ncs_plan *p, int a, const int *comp, double rmax, double amin,
                         double Rab) {
    const ncs_scene *s = p->s;
    double parts = 0, solids = 0, k;
    int b;
    for (b = 0; b < s->nbodies; b++) {
        if (b == a || comp[b] != comp[a] || p->bodies[b].kinematic)
            continue;
        if (p->bodies[b].kind == NCS_PARTICLE)
            parts++;
        else
            solids++;
    }
    if (amin > 0) {
        double r = p->bodies[a].rad + Rab + 2 * rmax;
        k = floor(1.01 * PI * r * r / amin);
        solids = fmin(solids, k);
    }
    return parts + solids;
}

/* Area of body b (0 for particles). */
static double body_area(const ncs_plan *p, int b) {
    const ncs_body *bd = &p->s->bodies[b];
    double a = 0;
    int i;
    if (bd->kind == NCS_DISC)
        return PI * bd->radius * bd->radius;
    for (i = 0; bd->kind == NCS_POLYGON && i < bd->shape.n; i++)
        a += bd->shape.pt[i].x * bd->shape.pt[(i + 1) % bd->shape.n].y -
             bd->shape.pt[(i + 1) % bd->shape.n].x * bd->shape.pt[i].y;
    return fabs(a) / 2;
}

/* Union-find over bodies: the root of a's set, and the union of two sets
 * (the smaller root stays). */
static int root(int *up, int a) {
    while (up[a] != a)
        a = up[a] = up[up[a]];
    return a;
}

static void unite(int *up, int a, int b) {
    a = root(up, a);
    b = root(up, b);
    if (a != b)
        up[a > b ? a : b] = a < b ? a : b;
}

static int clamp(double v) {
    return v < 1 ? 1 : v > 1e7 ? 10000000 : (int)ceil(v);
}

/* The sizes of island and step, each island's pairs capped at `capacity`
 * when it is positive (the scene's capacity: at most that many pairs, each
 * of the costliest kind). Sets every size but jrows. */
static void sizes_of(const ncs_plan *p, int capacity, cost island, cost step, ncs_psizes *z) {
    if (capacity > 0) {
        int most = p->obst.maxsides > p->bpieces.maxsides ? p->obst.maxsides : p->bpieces.maxsides;
        cost one = pair_cost(p, most + 1 > 2 ? most + 1 : 2), cap = {0, 0, 0, 0};
        double nb = p->s->nbodies;
        add(&cap, one, capacity);
        minin(&island, cap);
        step.pairs = fmin(step.pairs, cap.pairs * nb);
        step.sides = fmin(step.sides, cap.sides * nb);
    }
    z->pairs = clamp(step.pairs);
    z->srefs = clamp(step.sides);
    z->contacts = clamp(island.sides);
    z->groups = clamp(island.groups);
    z->m = clamp(island.rows);
}

/* (plan.h) */
double ncs_plan_state_bytes(const ncs_plan *p, const ncs_psizes *z) {
    return ncs_state_bytes(p->s->nbodies, z->pairs, z->srefs, z->contacts, z->groups, z->m,
                           p->nfric, p->njoints, z->jrows);
}

/* Can a state of sizes z be held: rows the solver takes and bytes ncsc
 * accepts (ncs/lcp.h, ncs/config.h)? */
static int sizes_fit(const ncs_plan *p, const ncs_psizes *z) {
    return z->m <= NCS_LCP_MAX_M && ncs_plan_state_bytes(p, z) <= NCS_STATE_MAX_BYTES;
}

int ncs_plan_sizes(ncs_plan *p) {
    const ncs_scene *s = p->s;
    int nb = s->nbodies, a, b, i;
    int *comp = malloc(((size_t)nb + 1) * sizeof *comp);
    cost *per = calloc((size_t)nb + 1, sizeof *per), *cand = calloc((size_t)nb + 1, sizeof *cand);
    cost step = {0, 0, 0, 0}, island = {0, 0, 0, 0};
    double rmax = 0, amin = HUGE_VAL;
    /* the reach of two bodies, h (sp_a + sp_b) + margin: one for every pair */
    const double R = 2 * (p->reach_cap - p->margin) + p->body_margin;
    shapes S;
    if (shapes_make(&S, p, R) != 0 || !comp || !per || !cand) {
        shapes_free(&S);
        free(comp);
        free(per);
        free(cand);
        return -1;
    }
    free_parts(p, comp);
    for (a = 0; a < nb; a++) {
        if (p->bodies[a].kinematic) {
            comp[a] = 0; /* everywhere: its pairs are counted by the others */
            continue;
        }
        if (p->bodies[a].kind != NCS_PARTICLE) {
            rmax = fmax(rmax, p->bodies[a].rad);
            amin = fmin(amin, body_area(p, a));
        }
    }
    for (a = 0; a < nb; a++) {
        if (p->bodies[a].kinematic)
            continue; /* per[a] stays 0 */
        per[a] = shape_obstacle_cost(p, &S, a);
        if (getenv("NCS_SIZES_DEBUG"))
            fprintf(stderr, "body %d part %d: obstacles pairs %g sides %g rows %g groups %g\n", a, comp[a], per[a].pairs, per[a].sides, per[a].rows, per[a].groups);
    }
    /* between bodies: half of each body's K most costly others (every pair
     * that meets is in both bodies' sums) */
    for (a = 0; a < nb; a++) {
        int nc = 0, K;
        if (p->bodies[a].kinematic)
            continue;
        for (b = 0; b < nb; b++) {
            if (b == a || !p->bodies[b].kinematic)
                continue;
            add(&per[a], shape_pair_cost(p, &S, a, b), 1);
        }
        for (b = 0; b < nb; b++) {
            if (b == a || comp[b] != comp[a] || p->bodies[b].kinematic)
                continue;
            cand[nc++] = shape_pair_cost(p, &S, a, b);
            if (getenv("NCS_SIZES_DEBUG"))
                fprintf(stderr, "  %d-%d R %g: pairs %g sides %g rows %g\n", a, b, R, cand[nc-1].pairs, cand[nc-1].sides, cand[nc-1].rows);
        }
        K = (int)fmin(nc, neighbours(p, a, comp, rmax, amin < HUGE_VAL ? amin : 0, R));
        /* the K largest of each count (each sum is then a bound) */
        {
            cost top = {0, 0, 0, 0};
            double *v = malloc(((size_t)nc + 1) * sizeof *v);
            int f, x, y;
            for (f = 0; v && f < 4; f++) {
                double sum = 0;
                for (x = 0; x < nc; x++)
                    v[x] = f == 0 ? cand[x].pairs : f == 1 ? cand[x].sides
                         : f == 2 ? cand[x].rows : cand[x].groups;
                for (y = 0; y < K; y++) { /* K largest by selection */
                    int best = y;
                    double t;
                    for (x = y + 1; x < nc; x++)
                        if (v[x] > v[best])
                            best = x;
                    t = v[y];
                    v[y] = v[best];
                    v[best] = t;
                    sum += v[y];
                }
                if (f == 0) top.pairs = sum;
                else if (f == 1) top.sides = sum;
                else if (f == 2) top.rows = sum;
                else top.groups = sum;
            }
            free(v);
            add(&per[a], top, 0.5);
        }
    }
    /* an island is bodies joined by pairs that can meet (a pair whose cost
     * has pairs: no two particles, no bodies of two parts) and by joints
     * (union-find over the bodies, into up): its bound is the sum of its
     * bodies' costs; bodies that meet nothing (separate particles) are
     * islands of their own */
    {
        int *up = malloc(((size_t)nb + 1) * sizeof *up);
        cost *sum = calloc((size_t)nb + 1, sizeof *sum);
        if (!up || !sum) {
            free(up);
            free(sum);
            shapes_free(&S);
            free(comp);
            free(per);
            free(cand);
            return -1;
        }
        for (a = 0; a < nb; a++)
            up[a] = a;
        for (a = 0; a < nb; a++)
            for (b = a + 1; b < nb && !p->bodies[a].kinematic; b++)
                if (comp[b] == comp[a] && !p->bodies[b].kinematic &&
                    shape_pair_cost(p, &S, a, b).pairs > 0)
                    unite(up, a, b);
        for (i = 0; i < p->njoints; i++)
            if (p->joints[i].b >= 0)
                unite(up, p->joints[i].a, p->joints[i].b);
        for (a = 0; a < nb; a++) {
            add(&step, per[a], 1);
            add(&sum[root(up, a)], per[a], 1);
        }
        for (a = 0; a < nb; a++)
            maxin(&island, sum[a]);
        free(up);
        free(sum);
    }
    sizes_of(p, s->capacity, island, step, &p->size);
    p->size.fit_capacity = 0;
    if (!sizes_fit(p, &p->size)) { /* the largest capacity that fits (plan.c says) */
        int lo = 0, hi = s->capacity > 0 ? s->capacity : 10000000;
        while (lo < hi) {
            int mid = lo + (hi - lo + 1) / 2;
            ncs_psizes z = p->size;
            sizes_of(p, mid, island, step, &z);
            if (sizes_fit(p, &z))
                lo = mid;
            else
                hi = mid - 1;
        }
        p->size.fit_capacity = lo;
    }
    shapes_free(&S);
    free(comp);
    free(per);
    free(cand);
    return 0;
}
