/* geom_snap.c - geometry: features at rounding scale (issue 24): the solid has a
 * corner only where the scene has one.
 *
 * Obstacles written from rotated or computed coordinates meet "exactly" only
 * up to rounding: two tiles of a rotated row share a corner that is two
 * doubles an ulp apart, a block stands on a tile's top a few ulps above or
 * below it, the top of a row is a chain of vertices collinear to 1e-16. Taken
 * exactly, such input is a solid with steps 1e-16 high at every seam, slits
 * 1e-16 wide between tiles and corners that turn by 1e-16 rad: a body sliding
 * over them meets a corner (a step wall, a nonconvex group) and stops dead,
 * and the union of slightly crossing edges rounds its crossing points into
 * rings that do not close. None of these features is in the scene its author
 * meant. So, before the union (ncs_gsnap), with one tolerance `tol` tied to
 * the scene's size (ncs_gsnap_tol: L 2^-42, L the diagonal of the obstacles'
 * box; about 1000 ulps of the largest coordinate when the scene sits near
 * the origin, 2.3e-12 for a scene 10 across, far below the 1e-9 of `expect
 * no penetration`):
 *
 *  1. Vertex clusters. Vertices of different obstacles within tol of each
 *     other (in both coordinates; transitively) move onto one of them: the
 *     first in the scene's order. Two corners meant to be one are one.
 *  2. Vertices on edges. A vertex of one obstacle within tol of an edge of
 *     another (not exactly on its line: the union handles exact contact) is
 *     inserted into that edge: the edge bends by at most tol through it, and
 *     the two obstacles share the vertex exactly. Overlapping nearly
 *     collinear edges thereby become the same segments, an exact seam.
 *  3. Thin corners go. A vertex b between a and c is dropped when the
 *     triangle abc is thinner than tol (twice its area over its longest
 *     side): a nearly straight vertex, a step or a slit 1e-16 wide. Each kept
 *     edge carries a bound on how far the dropped vertices lie from it (the
 *     bounds of the two edges merged plus the triangle's width, or, when
 *     smaller, the exact distance of the dropped vertices from it for a span
 *     of at most 64), and a vertex
 *     is dropped only while that bound stays within tol, so the new boundary
 *     is within tol of the old one everywhere. A vertex within tol of
 *     another obstacle (a vertex of it, or on an edge of it: "pinned") is
 *     never dropped here; after the union (geom_union.c) the same rule runs
 *     on the merged rings, where seams are gone and their vertices may go.
 *
 * Why no crack opens. A crack is free space between two obstacles that met.
 * Steps 1 and 2 only move a vertex onto another obstacle's vertex or edge:
 * they make contact, never remove it. Step 3 changes an obstacle's boundary
 * only between two pinned vertices with no pinned vertex between them. If
 * another obstacle B were within tol of that stretch, the ends of the part of
 * B within tol are vertices of B within tol of the stretch's edges (inserted
 * there by step 2, so pinned vertices of the stretch) or vertices of the
 * stretch within tol of B's edges (pinned): either way a pinned vertex lies
 * inside the stretch, which has none. So the stretch is farther than tol from
 * every other obstacle, and moving it by at most tol cannot separate it from
 * one. On the merged rings there is no other obstacle of the same solid to
 * separate from; a simplified ring is validated again and, if it is not
 * valid, the union is formed without simplification (geom_union.c).
 *
 * Every modified polygon is validated again (silently) by ncs_gpoly_build; an
 * obstacle whose snapped polygon is not valid keeps its own polygon. The
 * obstacles' own polygons stay as they are (bodies starting inside them are
 * found with them); the snapped ones are the union's input.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "geom_snap.h"
#include "predicates.h"

double ncs_gsnap_tol(const ncs_gpoly *polys, int npolys) {
    double bx[4] = {INFINITY, INFINITY, -INFINITY, -INFINITY};
    for (int i = 0; i < npolys; i++)
        for (int v = 0; v < polys[i].n; v++) {
            bx[0] = fmin(bx[0], polys[i].pt[v].x);
            bx[1] = fmin(bx[1], polys[i].pt[v].y);
            bx[2] = fmax(bx[2], polys[i].pt[v].x);
            bx[3] = fmax(bx[3], polys[i].pt[v].y);
        }
    if (!(bx[2] >= bx[0]))
        return 0;
    double L = hypot(bx[2] - bx[0], bx[3] - bx[1]);
    return isfinite(L) ? ldexp(L, -42) : 0;
}

/* The width of triangle abc: twice its area over its longest side (0 for a
 * degenerate one). */
static double tri_width(ncs_vec2 a, ncs_vec2 b, ncs_vec2 c) {
    double ab = hypot(b.x - a.x, b.y - a.y), bc = hypot(c.x - b.x, c.y - b.y);
    double ca = hypot(a.x - c.x, a.y - c.y), l = fmax(ab, fmax(bc, ca));
    if (!(l > 0))
        return 0;
    double cr = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
    return fabs(cr) / l;
}

/* How far the vertices strictly between a and c (ring order) lie from the
 * segment ac at most: exact, or -1 when there are more than SPAN_EXACT of
 * them (then the caller's bound, so that long straight runs stay linear). A
 * bound that adds up the triangles' widths drop by drop grows along a chain
 * of vertices that zigzag by rounding and stopped dropping them halfway
 * along a near-flat top of 40 vertices (a reflex corner 1e-14 deep left
 * where a body under stewart snags). */
#define SPAN_EXACT 64
static double seg_dist(ncs_vec2 a, ncs_vec2 b, ncs_vec2 q, double *t);
static double span_dev(const ncs_vec2 *pt, int n, int a, int c) {
    double w = 0, t;
    int k = 0;
    for (int i = (a + 1) % n; i != c; i = (i + 1) % n) {
        if (++k > SPAN_EXACT)
            return -1;
        w = fmax(w, seg_dist(pt[a], pt[c], pt[i], &t));
    }
    return w;
}

int ncs_gsnap_ring(const ncs_vec2 *pt, int n, const unsigned char *pin, double tol,
                   unsigned char *keep, int *spike) {
    int *prv = malloc((size_t)(n + 1) * sizeof *prv), *nxt = malloc((size_t)(n + 1) * sizeof *nxt);
    int *stack = malloc((size_t)(3 * n + 1) * sizeof *stack);
    double *dev = malloc((size_t)(n + 1) * sizeof *dev);
    int left = n, top = 0;
    if (!prv || !nxt || !stack || !dev) {
        free(prv);
        free(nxt);
        free(stack);
        free(dev);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        prv[i] = (i + n - 1) % n;
        nxt[i] = (i + 1) % n;
        dev[i] = 0;     /* of the edge from i to nxt[i] */
        keep[i] = 1;
    }
    for (int i = n - 1; i >= 0; i--)
        stack[top++] = i;
    while (top > 0 && left > 3) {
        int b = stack[--top];
        if (!keep[b] || (pin && pin[b]))
            continue;
        int a = prv[b], c = nxt[b];
        double w = 0;
        if (tol > 0) {
            double x = span_dev(pt, n, a, c);
            w = fmax(dev[a], dev[b]) + tri_width(pt[a], pt[b], pt[c]);
            if (x >= 0 && x < w) /* exact, unless the span is long */
                w = x;
            if (!(w <= tol))
                continue;
        } else {
            if (ncs_orient2d_fast(pt[a], pt[b], pt[c]) != 0)
                continue;
            if (spike && !ncs_geom_between(pt[a], pt[b], pt[c]))
                *spike = 1;
        }
        keep[b] = 0;
        left--;
        nxt[a] = c;
        prv[c] = a;
        dev[a] = w;
        if (top + 2 <= 3 * n) {
            stack[top++] = c;
            stack[top++] = a;
        }
    }
    free(prv);
    free(nxt);
    free(stack);
    free(dev);
    return left;
}

/* ---- the snapping pass ---------------------------------------------------- */

/** One vertex of the pass: obstacle, position in its polygon. */
typedef struct svert {
    int poly;               /* obstacle index */
    int v;                  /* vertex index in polys[poly].pt */
} svert;

/** A vertex to insert into an edge. */
typedef struct sins {
    int edge;               /* global vertex id of the edge's first vertex */
    double t;               /* where along the edge (0 .. 1) */
    ncs_vec2 at;            /* the point */
} sins;

/** A hash grid over points: cells of `cell` from (x0, y0). */
typedef struct sgrid {
    double x0, y0, cell;
    int nslot;              /* a power of two */
    int64_t *key;           /* per slot: cell key, or INT64_MIN: empty */
    int *head;              /* per slot: first point */
    int *owner;             /* per slot: the obstacle of all its points, or -1
                               when they belong to several */
    int *next;              /* per point: next point of its cell */
} sgrid;

static int64_t cell_key(int64_t cx, int64_t cy) {
    return (int64_t)((uint64_t)cx * 0x9e3779b97f4a7c15u) ^ cy;
}

static int64_t cell_of(double v, double v0, double cell) {
    double t = floor((v - v0) / cell);
    if (!(t > -4e18))
        return -(int64_t)4e18;
    if (t > 4e18)
        return (int64_t)4e18;
    return (int64_t)t;
}

static int slot_of(const sgrid *g, int64_t key, int create) {
    uint64_t h = (uint64_t)key * 0xbf58476d1ce4e5b9u;
    int s = (int)((h >> 17) & (uint64_t)(g->nslot - 1));
    while (g->key[s] != INT64_MIN && g->key[s] != key)
        s = (s + 1) & (g->nslot - 1);
    if (g->key[s] == INT64_MIN && !create)
        return -1;
    return s;
}

static int grid_build(sgrid *g, const ncs_vec2 *p, const svert *sv, int n, double x0, double y0,
                      double cell) {
    g->x0 = x0;
    g->y0 = y0;
    g->cell = cell;
    g->nslot = 16;
    while (g->nslot < 2 * n + 16)
        g->nslot *= 2;
    g->key = malloc((size_t)g->nslot * sizeof *g->key);
    g->head = malloc((size_t)g->nslot * sizeof *g->head);
    g->owner = malloc((size_t)g->nslot * sizeof *g->owner);
    g->next = malloc((size_t)(n + 1) * sizeof *g->next);
    if (!g->key || !g->head || !g->next || !g->owner)
        return -1;
    for (int s = 0; s < g->nslot; s++) {
        g->key[s] = INT64_MIN;
        g->head[s] = -1;
        g->owner[s] = -2;
    }
    for (int i = n - 1; i >= 0; i--) {
        int64_t k = cell_key(cell_of(p[i].x, x0, cell), cell_of(p[i].y, y0, cell));
        int s = slot_of(g, k, 1);
        g->key[s] = k;
        g->next[i] = g->head[s];
        g->head[s] = i;
        g->owner[s] = g->owner[s] == -2 || g->owner[s] == sv[i].poly ? sv[i].poly : -1;
    }
    return 0;
}

static void grid_free(sgrid *g) {
    free(g->owner);
    free(g->key);
    free(g->head);
    free(g->next);
}

/* The first point of cell (cx, cy), or -1; -1 too when every point of the
 * cell belongs to obstacle `self` (a dense cell of one obstacle costs
 * nothing to the others' edges). */
static int grid_first(const sgrid *g, int64_t cx, int64_t cy, int self) {
    int s = slot_of(g, cell_key(cx, cy), 0);
    return s < 0 || g->owner[s] == self ? -1 : g->head[s];
}

static int uf_root(int *uf, int a) {
    while (uf[a] != a)
        a = uf[a] = uf[uf[a]];
    return a;
}

static int by_edge_t(const void *pa, const void *pb) {
    const sins *a = pa, *b = pb;
    if (a->edge != b->edge)
        return a->edge < b->edge ? -1 : 1;
    return a->t < b->t ? -1 : a->t > b->t;
}

/* Distance from q to the segment ab and q's parameter along it. */
static double seg_dist(ncs_vec2 a, ncs_vec2 b, ncs_vec2 q, double *t) {
    double dx = b.x - a.x, dy = b.y - a.y, l2 = dx * dx + dy * dy;
    double s = l2 > 0 ? ((q.x - a.x) * dx + (q.y - a.y) * dy) / l2 : 0;
    *t = s;
    s = s < 0 ? 0 : s > 1 ? 1 : s;
    return hypot(a.x + s * dx - q.x, a.y + s * dy - q.y);
}

/* Rebuilds obstacle i from its snapped rings (with insertions and pins);
 * keeps the old polygon when the new one is not valid. Returns 0, or -1
 * out of memory. */
static int rebuild(const ncs_gpoly *poly, const ncs_vec2 *pos, const unsigned char *pin,
                   int base, const sins *ins, int nins, double tol, ncs_gpoly *out,
                   int *changed) {
    int n = poly->n, total = n + nins, rc = -1;
    ncs_vec2 *pt = malloc((size_t)(total + 1) * sizeof *pt);
    unsigned char *pn = malloc((size_t)(total + 1)), *keep = malloc((size_t)(total + 1));
    ncs_ring *rings = calloc((size_t)poly->nrings + 1, sizeof *rings);
    int *rstart = malloc((size_t)(poly->nrings + 1) * sizeof *rstart);
    if (!pt || !pn || !keep || !rings || !rstart)
        goto out;
    int m = 0, k = 0, any = nins > 0;
    for (int r = 0; r < poly->nrings; r++) {
        rstart[r] = m;
        int r0 = m;
        for (int v = poly->start[r]; v < poly->start[r + 1]; v++) {
            ncs_vec2 p = pos[base + v];
            any |= !ncs_vec2_same(p, poly->pt[v]);
            if (m == r0 || !ncs_vec2_same(p, pt[m - 1])) {
                pt[m] = p;
                pn[m++] = pin[base + v];
            } else {
                pn[m - 1] |= pin[base + v];
            }
            for (; k < nins && ins[k].edge == base + v; k++)
                if (!ncs_vec2_same(ins[k].at, pt[m - 1])) {
                    pt[m] = ins[k].at;
                    pn[m++] = 1;
                }
        }
        if (m - r0 > 1 && ncs_vec2_same(pt[m - 1], pt[r0])) {
            pn[r0] |= pn[m - 1];
            m--;
        }
        /* thin corners of this ring (none pinned) */
        int left = m - r0 >= 3 ? ncs_gsnap_ring(pt + r0, m - r0, pn + r0, tol, keep + r0, NULL)
                               : -2;
        if (left == -1)
            goto out;
        if (left >= 0 && left < m - r0) {
            int w = r0;
            for (int j = r0; j < m; j++)
                if (keep[j])
                    pt[w++] = pt[j];
            m = w;
            any = 1;
        }
        rings[r].n = m - r0;
    }
    rc = 0;
    if (!any)
        goto out;
    for (int r = 0; r < poly->nrings; r++)
        rings[r].pt = pt + rstart[r];
    ncs_diag quiet;
    ncs_diag_init(&quiet, "", NULL, 0);
    quiet.out = NULL;
    ncs_gpoly np;
    if (ncs_gpoly_build(&rings[0], rings + 1, poly->nrings - 1, "snapped", &quiet, &np) == 0) {
        if (np.nrings == poly->nrings) {
            *out = np;
            *changed += 1;
        } else {
            ncs_gpoly_free(&np);
        }
    }
out:
    free(pt);
    free(pn);
    free(keep);
    free(rings);
    free(rstart);
    return rc;
}

int ncs_gsnap(const ncs_gpoly *polys, const int *use, int npolys, double tol,
              ncs_gpoly *out) {
    int n = 0, rc = -1, nins = 0, capins = 0, nchanged = 0;
    for (int i = 0; i < npolys; i++)
        n += use[i] ? polys[i].n : 0;
    if (n == 0 || !(tol > 0))
        return 0;
    svert *sv = malloc((size_t)n * sizeof *sv);
    ncs_vec2 *pos = malloc((size_t)n * sizeof *pos);
    int *uf = malloc((size_t)n * sizeof *uf), *base = calloc((size_t)npolys + 1, sizeof *base);
    unsigned char *pin = calloc((size_t)n, 1);
    int *stamp = malloc((size_t)n * sizeof *stamp), *nxt = malloc((size_t)n * sizeof *nxt);
    sins *ins = NULL;
    sgrid g;
    memset(&g, 0, sizeof g);
    if (!sv || !pos || !uf || !base || !pin || !stamp || !nxt)
        goto out;
    double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY;
    for (int i = 0, k = 0; i < npolys; i++) {
        base[i] = k;
        for (int r = 0; use[i] && r < polys[i].nrings; r++)     /* each edge's end */
            for (int v = polys[i].start[r]; v < polys[i].start[r + 1]; v++)
                nxt[k + v] = k + (v + 1 < polys[i].start[r + 1] ? v + 1 : polys[i].start[r]);
        for (int v = 0; use[i] && v < polys[i].n; v++, k++) {
            sv[k].poly = i;
            sv[k].v = v;
            pos[k] = polys[i].pt[v];
            uf[k] = k;
            stamp[k] = -1;
            x0 = fmin(x0, pos[k].x);
            y0 = fmin(y0, pos[k].y);
            x1 = fmax(x1, pos[k].x);
            y1 = fmax(y1, pos[k].y);
        }
    }
    int nused = 0;
    for (int i = 0; i < npolys; i++)
        nused += use[i] != 0;
    if (nused < 2)      /* one obstacle: nothing to snap to, thin corners only */
        goto rebuild_all;
    /* 1. vertex clusters: a grid of cells of tol, neighbours in 3 x 3 cells */
    if (grid_build(&g, pos, sv, n, x0, y0, tol) < 0)
        goto out;
    for (int k = 0; k < n; k++) {
        int64_t cx = cell_of(pos[k].x, x0, tol), cy = cell_of(pos[k].y, y0, tol);
        for (int64_t ix = cx - 1; ix <= cx + 1; ix++)
            for (int64_t iy = cy - 1; iy <= cy + 1; iy++)
                for (int j = grid_first(&g, ix, iy, sv[k].poly); j >= 0; j = g.next[j]) {
                    if (j <= k || sv[j].poly == sv[k].poly ||
                        fabs(pos[j].x - pos[k].x) > tol || fabs(pos[j].y - pos[k].y) > tol)
                        continue;
                    pin[j] = pin[k] = 1;
                    int a = uf_root(uf, j), b = uf_root(uf, k);
                    if (a != b)
                        uf[a > b ? a : b] = a < b ? a : b;
                }
    }
    for (int k = 0; k < n; k++)
        pos[k] = pos[uf_root(uf, k)];
    grid_free(&g);
    memset(&g, 0, sizeof g);
    /* 2. vertices on edges: a grid of cells about one mean edge long; each
     * edge walks the cells along it */
    double len = 0;
    for (int k = 0; k < n; k++)
        len += hypot(pos[nxt[k]].x - pos[k].x, pos[nxt[k]].y - pos[k].y);
    double cell = fmax(len / n, 4 * tol);
    if (!isfinite(cell) || grid_build(&g, pos, sv, n, x0, y0, cell) < 0)
        goto out;
    for (int k = 0; k < n; k++) {
        ncs_vec2 a = pos[k], b = pos[nxt[k]];
        double el = hypot(b.x - a.x, b.y - a.y);
        int steps = (int)fmin(ceil(el / cell), 1e7);
        for (int s = 0; s <= steps; s++) {
            double f = steps > 0 ? (double)s / steps : 0;
            int64_t cx = cell_of(a.x + f * (b.x - a.x), x0, cell);
            int64_t cy = cell_of(a.y + f * (b.y - a.y), y0, cell);
            for (int64_t ix = cx - 1; ix <= cx + 1; ix++)
                for (int64_t iy = cy - 1; iy <= cy + 1; iy++)
                    for (int j = grid_first(&g, ix, iy, sv[k].poly); j >= 0; j = g.next[j]) {
                        if (stamp[j] == k || sv[j].poly == sv[k].poly)
                            continue;
                        stamp[j] = k;
                        ncs_vec2 q = pos[j];
                        double t;
                        if (ncs_vec2_same(q, a) || ncs_vec2_same(q, b) ||
                            seg_dist(a, b, q, &t) > tol)
                            continue;
                        pin[j] = 1;     /* near another obstacle's edge */
                        if (t <= 0 || t >= 1 || ncs_orient2d_fast(a, b, q) == 0)
                            continue;   /* at an end, or exactly on the edge */
                        if (ncs_grow((void **)&ins, &capins, nins + 1, sizeof *ins))
                            goto out;
                        ins[nins].edge = k;
                        ins[nins].t = t;
                        ins[nins].at = q;
                        nins++;
                    }
        }
    }
    if (nins > 1)
        qsort(ins, (size_t)nins, sizeof *ins, by_edge_t);
rebuild_all:
    /* 3. rebuild each obstacle with its snapped vertices and insertions */
    for (int i = 0, k = 0; i < npolys; i++) {
        if (!use[i])
            continue;
        int k0 = k;
        while (k < nins && sv[ins[k].edge].poly == i)
            k++;
        if (rebuild(&polys[i], pos, pin, base[i], ins + k0, k - k0, tol, &out[i],
                    &nchanged) < 0)
            goto out;
    }
    rc = nchanged;
out:
    grid_free(&g);
    free(sv);
    free(pos);
    free(uf);
    free(base);
    free(pin);
    free(stamp);
    free(nxt);
    free(ins);
    return rc;
}
