/* geom_check.c - geometry: polygon validation and normalisation (ncs_gpoly_build).
 *
 * Per ring: finite coordinates, repeated and closing vertices dropped, at
 * least 3 distinct vertices, nonzero area, collinear vertices dropped and
 * spikes rejected. Then every pair of edges of all rings together is tested
 * for crossings and touches with a uniform grid (cells of about the mean
 * edge density, so the work is near linear for ordinary polygons), holes
 * must lie inside the outer ring and outside each other, and the winding is
 * normalised (outer counter-clockwise, holes clockwise). Every test is exact
 * (predicates.h).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#include "geom_int.h"
#include "predicates.h"

enum { NAME_MAX_LEN = 200, GRID_MAX = 2048 };

/** Scratch for cleaning one ring (sized for the largest ring). */
typedef struct ring_work {
    int *prv, *nxt, *stack;     /* circular list and work stack (3n) */
    unsigned char *alive;       /* vertex still in the list */
} ring_work;

/** The worst edge conflict found so far. */
typedef struct conflict {
    int kind;           /* 0 none, 1 crossing, 2 touch */
    int e, f;           /* the two edges (global index of their first vertex) */
    int v;              /* touch: the vertex lying on the other edge */
} conflict;

static ncs_loc vloc(const ncs_ring *r, int i) {
    if (r->loc && i >= 0 && i < r->n)
        return r->loc[i];
    return r->at;
}

static void ring_name(char *buf, const char *what, int k) {
    if (k == 0)
        snprintf(buf, NAME_MAX_LEN, "%s", what);
    else
        snprintf(buf, NAME_MAX_LEN, "hole %d of %s", k, what);
}

/* For a point p collinear with segment ab: 1 when p lies on the closed
 * segment. */
static int on_segment(ncs_vec2 a, ncs_vec2 b, ncs_vec2 p) {
    return fmin(a.x, b.x) <= p.x && p.x <= fmax(a.x, b.x) &&
           fmin(a.y, b.y) <= p.y && p.y <= fmax(a.y, b.y);
}

/* For a point p collinear with a and c: 1 when p lies strictly between. */
static int strictly_between(ncs_vec2 a, ncs_vec2 p, ncs_vec2 c) {
    if (a.x != c.x)
        return (a.x < p.x && p.x < c.x) || (c.x < p.x && p.x < a.x);
    return (a.y < p.y && p.y < c.y) || (c.y < p.y && p.y < a.y);
}

/* Cleans ring r into pt/orig (room for r->n). Returns the vertex count, or
 * -1 after reporting an error. */
static int clean_ring(const ncs_ring *r, const char *rname, ncs_diag *d,
                      ncs_vec2 *pt, int *orig, ring_work *w) {
    int bad = 0, m = r->n, k = 0;
    for (int i = 0; i < m; i++) {
        if (!isfinite(r->pt[i].x) || !isfinite(r->pt[i].y)) {
            ncs_error(d, vloc(r, i), "%s: vertex %d has a non-finite coordinate",
                      rname, i + 1);
            bad = 1;
        }
    }
    if (bad)
        return -1;
    for (int i = 0; i < m; i++) {
        double c[2] = {r->pt[i].x, r->pt[i].y};
        for (int k = 0; k < 2; k++) {
            double a = fabs(c[k]);
            if (a != 0 && (a < NCS_GEOM_COORD_MIN || a > NCS_GEOM_COORD_MAX)) {
                ncs_error(d, vloc(r, i), "%s: vertex %d: coordinate %.17g is outside the "
                          "supported range (magnitude %g .. %g, or 0) where the exact "
                          "predicates hold", rname, i + 1, c[k], NCS_GEOM_COORD_MIN,
                          NCS_GEOM_COORD_MAX);
                bad = 1;
                break;
            }
        }
    }
    if (bad)
        return -1;
    if (m >= 2 && ncs_vec2_same(r->pt[m - 1], r->pt[0]))
        m--;    /* an explicit closing vertex: dropped silently */
    for (int i = 0; i < m; i++) {
        if (k > 0 && ncs_vec2_same(r->pt[i], pt[k - 1])) {
            ncs_warning(d, vloc(r, i), "%s: vertex %d repeats vertex %d; dropped",
                        rname, i + 1, orig[k - 1]);
            continue;
        }
        pt[k] = r->pt[i];
        orig[k++] = i + 1;
    }
    while (k > 1 && ncs_vec2_same(pt[k - 1], pt[0])) {
        ncs_warning(d, vloc(r, orig[k - 1] - 1),
                    "%s: vertex %d repeats vertex %d; dropped", rname,
                    orig[k - 1], orig[0]);
        k--;
    }
    if (k < 3) {
        ncs_error(d, r->at, "%s has fewer than 3 distinct vertices", rname);
        return -1;
    }
    int c = 2;
    while (c < k && ncs_orient2d_fast(pt[0], pt[1], pt[c]) == 0)
        c++;
    if (c == k) {
        ncs_error(d, r->at, "%s has zero area (all vertices are collinear)", rname);
        return -1;
    }
    /* Drop collinear vertices, reject spikes: a vertex whose neighbours are
     * collinear with it either lies between them (redundant) or the
     * boundary doubles back on itself. Each drop re-examines both
     * neighbours; at most 3k pushes in all. */
    int top = 0, alive = k;
    for (int i = 0; i < k; i++) {
        w->prv[i] = (i + k - 1) % k;
        w->nxt[i] = (i + 1) % k;
        w->alive[i] = 1;
        w->stack[top++] = k - 1 - i;
    }
    while (top > 0 && alive >= 3) {
        int i = w->stack[--top];
        if (!w->alive[i])
            continue;
        int a = w->prv[i], b = w->nxt[i];
        if (ncs_orient2d_fast(pt[a], pt[i], pt[b]) != 0)
            continue;
        if (!strictly_between(pt[a], pt[i], pt[b])) {
            ncs_error(d, vloc(r, orig[i] - 1),
                      "%s: spike at vertex %d (the boundary doubles back on itself)",
                      rname, orig[i]);
            return -1;
        }
        ncs_warning(d, vloc(r, orig[i] - 1),
                    "%s: vertex %d is collinear with its neighbours; dropped",
                    rname, orig[i]);
        w->alive[i] = 0;
        w->nxt[a] = b;
        w->prv[b] = a;
        alive--;
        w->stack[top++] = b;
        w->stack[top++] = a;
    }
    int n = 0;
    for (int i = 0; i < k; i++) {
        if (w->alive[i]) {
            pt[n] = pt[i];
            orig[n++] = orig[i];
        }
    }
    return n;
}

/* ---- edge conflicts -------------------------------------------------- */

/** Ring lookup for edges: ring of each vertex and its successor. */
typedef struct edges {
    const ncs_gpoly *p;
    int *ring;          /* ring of each vertex */
    int *nxt;           /* next vertex of its ring */
} edges;

static int next_of(const edges *E, int v) {
    return E->nxt[v];
}

#define MIN2(a, b) ((a) < (b) ? (a) : (b))
#define MAX2(a, b) ((a) > (b) ? (a) : (b))

/* Tests edges e and f; fills *c (kind 0 when they do not meet). */
static void edge_pair(const edges *E, int e, int f, conflict *c) {
    const ncs_vec2 *pt = E->p->pt;
    int e2 = next_of(E, e), f2 = next_of(E, f);
    c->kind = 0;
    if (e == f || e2 == f || f2 == e)
        return;     /* the same or adjacent edges: meet only at their vertex */
    ncs_vec2 a = pt[e], b = pt[e2], p = pt[f], q = pt[f2];
    if (MAX2(a.x, b.x) < MIN2(p.x, q.x) || MAX2(p.x, q.x) < MIN2(a.x, b.x) ||
        MAX2(a.y, b.y) < MIN2(p.y, q.y) || MAX2(p.y, q.y) < MIN2(a.y, b.y))
        return;
    memset(c, 0, sizeof *c);
    int o1 = ncs_orient2d_fast(a, b, p), o2 = ncs_orient2d_fast(a, b, q);
    int o3 = ncs_orient2d_fast(p, q, a), o4 = ncs_orient2d_fast(p, q, b);
    c->e = e < f ? e : f;
    c->f = e < f ? f : e;
    if (o1 * o2 < 0 && o3 * o4 < 0) {
        c->kind = 1;
        return;
    }
    c->kind = 2;
    if (o1 == 0 && on_segment(a, b, p)) c->v = f;
    else if (o2 == 0 && on_segment(a, b, q)) c->v = f2;
    else if (o3 == 0 && on_segment(p, q, a)) c->v = e;
    else if (o4 == 0 && on_segment(p, q, b)) c->v = e2;
    else c->kind = 0;
}

static int conflict_less(const conflict *a, const conflict *b) {
    if (b->kind == 0)
        return 1;
    return a->e < b->e || (a->e == b->e && a->f < b->f);
}

/** A uniform grid over the polygon's bounding box. */
typedef struct grid {
    double x0, y0, cw, ch;  /* origin and cell size */
    int nx, ny;             /* cells */
    int *cstart;            /* nx*ny + 1 offsets into items */
    int *items;             /* edge ids per cell */
} grid;


/* Visits the cells edge e passes through (conservatively, with a small
 * padding against rounding). mode 0: only counts them; 1: counts per cell
 * into cstart[cell + 1]; 2: stores e at items[pos[cell]++]. Returns the
 * number of cells visited. */
static long edge_cells(const edges *E, grid *g, int e, int mode, int *pos) {
    ncs_vec2 a = E->p->pt[e], b = E->p->pt[next_of(E, e)];
    double ylo = fmin(a.y, b.y), yhi = fmax(a.y, b.y);
    double xlo = fmin(a.x, b.x), xhi = fmax(a.x, b.x);
    /* padding: relative to the cell, and to the coordinates' own rounding */
    double pady = g->ch * 1e-6 + 1e-13 * (fabs(ylo) + fabs(yhi) + fabs(g->y0));
    double padx = g->cw * 1e-6 + 1e-13 * (fabs(xlo) + fabs(xhi) + fabs(g->x0));
    int r0 = ncs_geom_cell(ylo - pady, g->y0, g->ch, g->ny);
    int r1 = ncs_geom_cell(yhi + pady, g->y0, g->ch, g->ny);
    long count = 0;
    for (int r = r0; r <= r1; r++) {
        double lo = xlo, hi = xhi;
        if (a.y != b.y && r0 != r1) {
            double y0 = fmax(ylo, g->y0 + r * g->ch - pady);
            double y1 = fmin(yhi, g->y0 + (r + 1) * g->ch + pady);
            double t0 = (y0 - a.y) / (b.y - a.y), t1 = (y1 - a.y) / (b.y - a.y);
            double xa = a.x + t0 * (b.x - a.x), xb = a.x + t1 * (b.x - a.x);
            lo = fmax(xlo, fmin(xa, xb));
            hi = fmin(xhi, fmax(xa, xb));
        }
        int c0 = ncs_geom_cell(lo - padx, g->x0, g->cw, g->nx);
        int c1 = ncs_geom_cell(hi + padx, g->x0, g->cw, g->nx);
        for (int c = c0; c <= c1; c++) {
            long cell = (long)r * g->nx + c;
            if (mode == 1)
                g->cstart[cell + 1]++;
            else if (mode == 2)
                g->items[pos[cell]++] = e;
        }
        count += c1 - c0 + 1;
    }
    return count;
}

/* Finds the conflict with the smallest edge pair (best->kind 0: none).
 * Returns 0, or -1 when memory ran out. */
static int find_conflict(const edges *E, conflict *best) {
    const ncs_gpoly *p = E->p;
    grid g;
    int *pos = NULL, rc = -1;
    double x1 = p->pt[0].x, y1 = p->pt[0].y;
    memset(&g, 0, sizeof g);
    memset(best, 0, sizeof *best);
    g.x0 = x1;
    g.y0 = y1;
    for (int i = 1; i < p->n; i++) {
        g.x0 = fmin(g.x0, p->pt[i].x);
        g.y0 = fmin(g.y0, p->pt[i].y);
        x1 = fmax(x1, p->pt[i].x);
        y1 = fmax(y1, p->pt[i].y);
    }
    double w = x1 - g.x0, h = y1 - g.y0;
    double s = sqrt(w * h / (4.0 * p->n));
    g.nx = s > 0 ? (int)fmin(fmax(ceil(w / s), 1), GRID_MAX) : 1;
    g.ny = s > 0 ? (int)fmin(fmax(ceil(h / s), 1), GRID_MAX) : 1;
    long total = 0;
    for (int tries = 0; tries < 32; tries++) {     /* coarsen while too dense */
        g.cw = w > 0 ? w / g.nx : 1;
        g.ch = h > 0 ? h / g.ny : 1;
        total = 0;
        for (int e = 0; e < p->n; e++)
            total += edge_cells(E, &g, e, 0, NULL);
        if (total <= 16L * p->n + (long)g.nx * g.ny || (g.nx == 1 && g.ny == 1))
            break;
        g.nx = g.nx > 1 ? g.nx / 2 : 1;
        g.ny = g.ny > 1 ? g.ny / 2 : 1;
    }
    long ncell = (long)g.nx * g.ny;
    g.cstart = calloc((size_t)ncell + 1, sizeof *g.cstart);
    g.items = malloc((size_t)(total > 0 ? total : 1) * sizeof *g.items);
    pos = malloc((size_t)ncell * sizeof *pos);
    if (!g.cstart || !g.items || !pos)
        goto done;
    for (int e = 0; e < p->n; e++)
        edge_cells(E, &g, e, 1, NULL);
    for (long c = 0; c < ncell; c++) {
        g.cstart[c + 1] += g.cstart[c];
        pos[c] = g.cstart[c];
    }
    for (int e = 0; e < p->n; e++)
        edge_cells(E, &g, e, 2, pos);
    for (long c = 0; c < ncell; c++) {
        for (int i = g.cstart[c]; i < g.cstart[c + 1]; i++) {
            for (int j = i + 1; j < g.cstart[c + 1]; j++) {
                conflict k;
                edge_pair(E, g.items[i], g.items[j], &k);
                if (k.kind && conflict_less(&k, best))
                    *best = k;
            }
        }
    }
    rc = 0;
done:
    free(g.cstart);
    free(g.items);
    free(pos);
    return rc;
}

/* ---- sweep line -------------------------------------------------------- */

/* The fast path of validation: a Shamos-Hoey sweep over all edges of all
 * rings, in lexicographic (x, then y) order of the vertices, with the
 * edges crossing the sweep line kept bottom to top in a treap. Every pair
 * of edges that ever becomes adjacent there is tested exactly (edge_pair);
 * the leftmost meeting point of any two non-adjacent edges is found this
 * way, so "no conflict" is exact and O(n log n) whatever the edge lengths.
 * On any conflict the caller runs the grid (find_conflict) to name the
 * smallest conflicting pair. The same sweep places every hole: the edge
 * just below a hole's first vertex tells which face of the other rings it
 * starts in. */

/** One status-tree node per edge (by edge id = its first vertex): the
 * edge's ends in sweep order stored with its treap links, so a comparison
 * during a descent reads one node instead of chasing the vertex arrays. */
typedef struct snode {
    ncs_vec2 l, r;          /* left and right end in sweep order */
    int lc, rc, par;        /* treap links (-1: none) */
    unsigned pri;           /* heap priority */
} snode;

/** Sweep state: a treap of edges. */
typedef struct sweep {
    const edges *E;
    snode *nd;
    int root;
    int conflict;           /* set once any conflict is seen */
    int lo;                 /* the edge below the edge last inserted or
                               removed (-1: none) */
} sweep;

/* Position of edge s (left end p) relative to edge t in the status: +1
 * above, -1 below, 0 when they conflict (p on t, or collinear overlap). */
static int above(const sweep *S, int s, int t) {
    const snode *a = &S->nd[s], *b = &S->nd[t];
    if (ncs_vec2_same(a->l, b->l))  /* a common left end: orient is 0 */
        return ncs_orient2d_fast(b->l, b->r, a->r);
    int o = ncs_orient2d_fast(b->l, b->r, a->l);
    return o;   /* 0: s starts on t */
}

static void rotate_up(sweep *S, int x) {
    snode *nd = S->nd;
    int p = nd[x].par, g = nd[p].par;
    if (nd[p].lc == x) {
        nd[p].lc = nd[x].rc;
        if (nd[x].rc >= 0) nd[nd[x].rc].par = p;
        nd[x].rc = p;
    } else {
        nd[p].rc = nd[x].lc;
        if (nd[x].lc >= 0) nd[nd[x].lc].par = p;
        nd[x].lc = p;
    }
    nd[p].par = x;
    nd[x].par = g;
    if (g < 0) S->root = x;
    else if (nd[g].lc == p) nd[g].lc = x;
    else nd[g].rc = x;
}

/* Child of node x on side dir (+1: right/above, -1: left/below). */
static int child(const snode *nd, int x, int dir) {
    return dir > 0 ? nd[x].rc : nd[x].lc;
}

static int neighbour(const sweep *S, int x, int dir) {
    const snode *nd = S->nd;
    if (child(nd, x, dir) >= 0) {
        x = child(nd, x, dir);
        while (child(nd, x, -dir) >= 0)
            x = child(nd, x, -dir);
        return x;
    }
    int p = nd[x].par;
    while (p >= 0 && child(nd, p, dir) == x) {
        x = p;
        p = nd[p].par;
    }
    return p;
}

/* Tests edges a and b (either may be -1); flags a conflict. */
static void sweep_test(sweep *S, int a, int b) {
    conflict c;
    if (a < 0 || b < 0)
        return;
    edge_pair(S->E, a, b, &c);
    if (c.kind)
        S->conflict = 1;
}

static void sweep_insert(sweep *S, int s) {
    snode *nd = S->nd;
    int x = S->root, p = -1, side = 0, lo = -1, hi = -1;
    while (x >= 0) {
        int o = above(S, s, x);
        if (o == 0) {
            S->conflict = 1;
            return;
        }
        p = x;
        side = o;
        if (o > 0) {    /* the last node passed on each side is s's neighbour */
            lo = x;
            x = nd[x].rc;
        } else {
            hi = x;
            x = nd[x].lc;
        }
    }
    nd[s].lc = nd[s].rc = -1;
    nd[s].par = p;
    if (p < 0) S->root = s;
    else if (side > 0) nd[p].rc = s;
    else nd[p].lc = s;
    while (nd[s].par >= 0 && nd[nd[s].par].pri < nd[s].pri)
        rotate_up(S, s);
    S->lo = lo;     /* rotations keep the in-order neighbours */
    sweep_test(S, lo, s);
    sweep_test(S, s, hi);
}

static void sweep_remove(sweep *S, int s) {
    snode *nd = S->nd;
    int lo = neighbour(S, s, -1), hi = neighbour(S, s, 1);
    S->lo = lo;
    while (nd[s].lc >= 0 || nd[s].rc >= 0) {
        int c = nd[s].lc < 0 ? nd[s].rc : nd[s].rc < 0 ? nd[s].lc
              : nd[nd[s].lc].pri > nd[nd[s].rc].pri ? nd[s].lc : nd[s].rc;
        rotate_up(S, c);
    }
    int p = nd[s].par;
    if (p < 0) S->root = -1;
    else if (nd[p].lc == s) nd[p].lc = -1;
    else nd[p].rc = -1;
    sweep_test(S, lo, hi);
}

/* The edge just below point q in the status (-1: none); sets the conflict
 * flag when q lies on an edge. */
static int edge_below(sweep *S, ncs_vec2 q) {
    const snode *nd = S->nd;
    int x = S->root, best = -1;
    while (x >= 0) {
        int o = ncs_orient2d_fast(nd[x].l, nd[x].r, q);
        if (o == 0) {
            S->conflict = 1;
            return -1;
        }
        if (o > 0) {
            best = x;
            x = nd[x].rc;
        } else {
            x = nd[x].lc;
        }
    }
    return best;
}

/** A vertex with its coordinates, for sorting. */
typedef struct vkey { double x, y; int v; } vkey;

static int vkey_less(const vkey *a, const vkey *b) {
    return a->x < b->x || (a->x == b->x && (a->y < b->y || (a->y == b->y && a->v < b->v)));
}

/* Writes the vertices in sweep order (x, then y, then index) to order:
 * a bottom-up merge sort of (x, y, index) keys, O(n log n) whatever the
 * input. Returns 0, or -1 when memory ran out. */
static int sort_vertices(const ncs_vec2 *pt, int n, int *order) {
    vkey *a = malloc((size_t)(n > 0 ? n : 1) * sizeof *a);
    vkey *b = malloc((size_t)(n > 0 ? n : 1) * sizeof *b);
    if (!a || !b) {
        free(a);
        free(b);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        a[i].x = pt[i].x;
        a[i].y = pt[i].y;
        a[i].v = i;
    }
    for (int w = 1; w < n; w *= 2) {
        for (int lo = 0; lo < n; lo += 2 * w) {
            int mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
            int i = lo, j = mid, k = lo;
            while (i < mid && j < hi)
                b[k++] = vkey_less(&a[j], &a[i]) ? a[j++] : a[i++];
            while (i < mid)
                b[k++] = a[i++];
            while (j < hi)
                b[k++] = a[j++];
        }
        vkey *t = a;
        a = b;
        b = t;
    }
    for (int i = 0; i < n; i++)
        order[i] = a[i].v;
    free(a);
    free(b);
    return 0;
}

/* Runs the sweep. Returns 1 when some edges meet (the grid then names
 * them), 0 when all rings are simple and pairwise disjoint, -1 when memory
 * ran out. On 0, for every hole k (k >= 1) below[k] is the edge just below
 * the hole's first vertex in sweep order (-1: none) and seq lists the holes
 * in the order of those vertices (nrings - 1 entries); order (n entries)
 * lists the vertices in sweep order and vbelow[v] is the edge just below
 * vertex v among the edges not ending at v (-1: none), which the
 * triangulation's monotone partition uses (ncs_gpoly.order, .below). */
static int sweep_rings(const edges *E, int *below, int *seq, int *order, int *vbelow) {
    const ncs_gpoly *p = E->p;
    int n = p->n, rc = -1, nseq = 0;
    sweep S;
    memset(&S, 0, sizeof S);
    S.E = E;
    S.root = -1;
    int *prv = malloc((size_t)n * sizeof *prv);
    unsigned char *seen = calloc((size_t)p->nrings, 1);
    S.nd = malloc((size_t)n * sizeof *S.nd);
    if (!prv || !seen || !S.nd)
        goto done;
    uint64_t h = 0x9E3779B97F4A7C15ULL;
    for (int v = 0; v < n; v++) {
        prv[E->nxt[v]] = v;
        h ^= h << 13;
        h ^= h >> 7;
        h ^= h << 17;
        S.nd[v].pri = (unsigned)(h >> 32);
        ncs_vec2 a = p->pt[v], b = p->pt[E->nxt[v]];
        S.nd[v].l = ncs_geom_before(a, b) ? a : b;
        S.nd[v].r = ncs_geom_before(a, b) ? b : a;
    }
    if (sort_vertices(p->pt, n, order) < 0)
        goto done;
    rc = 0;
    for (int k = 0; k < n && !S.conflict; k++) {
        int v = order[k], r = E->ring[v];
        ncs_vec2 q = p->pt[v];
        if (k > 0 && ncs_vec2_same(q, p->pt[order[k - 1]])) {
            S.conflict = 1;     /* two vertices at one point */
            break;
        }
        int inc[2] = {prv[v], v};   /* the edges ending and starting at v */
        int lo = -1;    /* the edge below v: the lower neighbour of the last
                           edge removed (both ending edges are gone then) or
                           of an edge inserted, unless that is v's own */
        for (int j = 0; j < 2 && !S.conflict; j++) {
            int other = inc[j] == v ? E->nxt[v] : inc[j];
            if (ncs_geom_before(p->pt[other], q)) {
                sweep_remove(&S, inc[j]);
                lo = S.lo;
            }
        }
        if (r > 0 && !seen[r] && !S.conflict) {
            seen[r] = 1;
            below[r] = edge_below(&S, q);
            seq[nseq++] = r;
        }
        for (int j = 0; j < 2 && !S.conflict; j++) {
            int other = inc[j] == v ? E->nxt[v] : inc[j];
            if (ncs_geom_before(q, p->pt[other])) {
                sweep_insert(&S, inc[j]);
                if (S.lo != inc[0] && S.lo != inc[1])
                    lo = S.lo;
            }
        }
        vbelow[v] = lo;
    }
    rc = S.conflict ? 1 : 0;
done:
    free(prv);
    free(seen);
    free(S.nd);
    return rc;
}

/* (geom_int.h) Where q lies relative to the ring pt[0..n) alone. */
int ncs_ring_locate(const ncs_vec2 *pt, int n, ncs_vec2 q) {
    int inside = 0;
    for (int i = 0; i < n; i++) {
        ncs_vec2 a = pt[i], b = pt[i + 1 < n ? i + 1 : 0];
        if ((a.y > q.y) != (b.y > q.y) || (a.y == q.y && b.y == q.y)) {
            int o = ncs_orient2d_fast(a, b, q);
            if (o == 0 && on_segment(a, b, q))
                return 0;
            if (a.y == b.y)
                continue;
            if (b.y > a.y ? o > 0 : o < 0)
                inside = !inside;
        } else if (ncs_vec2_same(a, q)) {
            return 0;
        }
    }
    return inside ? 1 : -1;
}

/* Where q lies relative to ring k alone: 1 inside, 0 on it, -1 outside. */
static int ring_locate(const ncs_gpoly *p, int k, ncs_vec2 q) {
    return ncs_ring_locate(p->pt + p->start[k], p->start[k + 1] - p->start[k], q);
}

int ncs_gpoly_locate(const ncs_gpoly *p, ncs_vec2 q) {
    int in = ring_locate(p, 0, q);
    if (in <= 0)
        return in;
    for (int k = 1; k < p->nrings; k++) {
        int h = ring_locate(p, k, q);
        if (h >= 0)
            return h == 0 ? 0 : -1;
    }
    return 1;
}

/* Orientation of ring k: +1 counter-clockwise, -1 clockwise (exact: the
 * turn at the lowest, then leftmost, vertex). */
static int ring_orient(const ncs_gpoly *p, int k) {
    int s = p->start[k], e = p->start[k + 1], m = s;
    for (int i = s + 1; i < e; i++) {
        if (p->pt[i].y < p->pt[m].y ||
            (p->pt[i].y == p->pt[m].y && p->pt[i].x < p->pt[m].x))
            m = i;
    }
    int a = m > s ? m - 1 : e - 1, b = m + 1 < e ? m + 1 : s;
    return ncs_orient2d_fast(p->pt[a], p->pt[m], p->pt[b]);
}

static void ring_reverse(ncs_gpoly *p, int k) {
    for (int i = p->start[k], j = p->start[k + 1] - 1; i < j; i++, j--) {
        ncs_vec2 t = p->pt[i];
        int o = p->orig[i];
        p->pt[i] = p->pt[j];
        p->pt[j] = t;
        p->orig[i] = p->orig[j];
        p->orig[j] = o;
    }
}

static double ring_area(const ncs_gpoly *p, int k) {
    int s = p->start[k], e = p->start[k + 1];
    double a = 0;
    for (int i = s; i < e; i++) {
        ncs_vec2 u = p->pt[i], v = p->pt[i + 1 < e ? i + 1 : s];
        a += (u.x - p->pt[s].x) * (v.y - p->pt[s].y) -
             (v.x - p->pt[s].x) * (u.y - p->pt[s].y);
    }
    return 0.5 * fabs(a);
}

/* Reports an edge conflict in words. */
static void report_conflict(const edges *E, const conflict *c,
                            const ncs_ring *const *rings, const char *what,
                            ncs_diag *d) {
    const ncs_gpoly *p = E->p;
    char name[NAME_MAX_LEN];
    int re = E->ring[c->e], rf = E->ring[c->f];
    int e1 = p->orig[c->e], e2 = p->orig[next_of(E, c->e)];
    int f1 = p->orig[c->f], f2 = p->orig[next_of(E, c->f)];
    if (c->kind == 1) {
        ncs_loc at = vloc(rings[rf], f1 - 1);
        if (re == rf) {
            ring_name(name, what, re);
            ncs_error(d, at, "%s: edges %d-%d and %d-%d cross", name, e1, e2, f1, f2);
        } else if (re == 0) {
            ncs_error(d, at, "hole %d of %s crosses the outer ring "
                      "(hole edge %d-%d, outer edge %d-%d)", rf, what, f1, f2, e1, e2);
        } else {
            ncs_error(d, at, "holes %d and %d of %s cross (edges %d-%d and %d-%d)",
                      re, rf, what, e1, e2, f1, f2);
        }
        return;
    }
    int v = c->v, rv = E->ring[v];
    int edge = (v == c->e || v == next_of(E, c->e)) ? c->f : c->e;
    int re2 = E->ring[edge];
    ncs_loc at = vloc(rings[rv], p->orig[v] - 1);
    ncs_vec2 q = p->pt[v];
    if (rv == re2) {
        ring_name(name, what, rv);
        ncs_error(d, at, "%s: vertex %d touches edge %d-%d", name, p->orig[v],
                  p->orig[edge], p->orig[next_of(E, edge)]);
    } else if (rv == 0 || re2 == 0) {
        int hole = rv == 0 ? re2 : rv;
        ncs_error(d, at, "hole %d of %s touches the outer ring at (%.17g, %.17g)",
                  hole, what, q.x, q.y);
    } else {
        ncs_error(d, at, "holes %d and %d of %s touch at (%.17g, %.17g)",
                  rv < re2 ? rv : re2, rv < re2 ? re2 : rv, what, q.x, q.y);
    }
}

/* After the rings with rev[k] set were reversed (vertex i of ring k,
 * s <= i < e, became s + e - 1 - i): renumbers the sweep's vertex order
 * and below-edges. The edge from old i to its old successor j now runs
 * from new(j) to new(i), so its id is new(j). E still holds the old
 * successors. Returns 0, or -1 when memory ran out. */
static int renumber(ncs_gpoly *p, const edges *E, const int *rev) {
    int n = p->n;
    int *nw = malloc((size_t)n * sizeof *nw), *nb = malloc((size_t)n * sizeof *nb);
    if (!nw || !nb) {
        free(nw);
        free(nb);
        return -1;
    }
    for (int k = 0; k < p->nrings; k++) {
        int s = p->start[k], e = p->start[k + 1];
        for (int i = s; i < e; i++)
            nw[i] = rev[k] ? s + e - 1 - i : i;
    }
    for (int v = 0; v < n; v++) {
        int b = p->below[v];
        nb[nw[v]] = b < 0 ? -1 : rev[E->ring[b]] ? nw[E->nxt[b]] : b;
    }
    memcpy(p->below, nb, (size_t)n * sizeof *nb);
    for (int i = 0; i < n; i++)
        p->order[i] = nw[p->order[i]];
    free(nw);
    free(nb);
    return 0;
}

void ncs_gpoly_free(ncs_gpoly *p) {
    free(p->order);
    free(p->below);
    free(p->start);
    free(p->pt);
    free(p->orig);
    memset(p, 0, sizeof *p);
}

int ncs_gpoly_build(const ncs_ring *outer, const ncs_ring *holes, int nholes,
                    const char *what, ncs_diag *d, ncs_gpoly *out) {
    ncs_gpoly p;
    ring_work w;
    edges E;
    int *below = NULL, *seq = NULL, *place = NULL;
    const ncs_ring **rings = NULL;
    char name[NAME_MAX_LEN];
    int total = 0, maxn = 0, bad = 0;
    memset(&p, 0, sizeof p);
    memset(&w, 0, sizeof w);
    memset(out, 0, sizeof *out);
    E.ring = E.nxt = NULL;
    rings = malloc((size_t)(nholes + 1) * sizeof *rings);
    if (!rings)
        goto nomem;
    for (int k = 0; k <= nholes; k++) {
        rings[k] = k == 0 ? outer : &holes[k - 1];
        total += rings[k]->n;
        if (rings[k]->n > maxn)
            maxn = rings[k]->n;
    }
    p.nrings = nholes + 1;
    p.start = malloc((size_t)(p.nrings + 1) * sizeof *p.start);
    p.pt = malloc((size_t)(total > 0 ? total : 1) * sizeof *p.pt);
    p.orig = malloc((size_t)(total > 0 ? total : 1) * sizeof *p.orig);
    w.prv = malloc((size_t)(maxn + 1) * sizeof *w.prv);
    w.nxt = malloc((size_t)(maxn + 1) * sizeof *w.nxt);
    w.stack = malloc((size_t)(3 * maxn + 1) * sizeof *w.stack);
    w.alive = malloc((size_t)(maxn + 1));
    if (!p.start || !p.pt || !p.orig || !w.prv || !w.nxt || !w.stack || !w.alive)
        goto nomem;
    p.start[0] = 0;
    for (int k = 0; k <= nholes; k++) {
        ring_name(name, what, k);
        int m = clean_ring(rings[k], name, d, p.pt + p.n, p.orig + p.n, &w);
        if (m < 0)
            bad = 1;
        else
            p.n += m;
        p.start[k + 1] = p.n;
    }
    if (bad)
        goto fail;
    E.p = &p;
    E.ring = malloc((size_t)p.n * sizeof *E.ring);
    E.nxt = malloc((size_t)p.n * sizeof *E.nxt);
    if (!E.ring || !E.nxt)
        goto nomem;
    for (int k = 0; k < p.nrings; k++)
        for (int i = p.start[k]; i < p.start[k + 1]; i++) {
            E.ring[i] = k;
            E.nxt[i] = i + 1 < p.start[k + 1] ? i + 1 : p.start[k];
        }
    below = malloc((size_t)p.nrings * sizeof *below);
    seq = malloc((size_t)p.nrings * sizeof *seq);
    /* per ring: where it lies (hole inside the outer ring: 0; inside hole j:
     * j; outside: -1), its orientation (+1 counter-clockwise), and whether
     * it was reversed */
    place = malloc(3 * (size_t)p.nrings * sizeof *place);
    if (!below || !seq || !place)
        goto nomem;
    int *orient = place + p.nrings, *rev = place + 2 * p.nrings;
    for (int k = 0; k < p.nrings; k++)
        orient[k] = ring_orient(&p, k);
    p.order = malloc((size_t)p.n * sizeof *p.order);
    p.below = malloc((size_t)p.n * sizeof *p.below);
    if (!p.order || !p.below)
        goto nomem;
    int swept = sweep_rings(&E, below, seq, p.order, p.below);
    if (swept < 0)
        goto nomem;
    if (swept == 1) {
        /* some edges meet: the grid names the smallest pair */
        conflict c = {0, 0, 0, 0};
        if (find_conflict(&E, &c) < 0)
            goto nomem;
        if (c.kind) {
            report_conflict(&E, &c, rings, what, d);
            goto fail;
        }
        /* (not reached: the sweep's conflicts are real) place holes the slow
         * way; without the sweep's order the triangulation refuses */
        free(p.order);
        free(p.below);
        p.order = p.below = NULL;
        for (int k = 1; k < p.nrings; k++) {
            place[k] = ring_locate(&p, 0, p.pt[p.start[k]]) < 0 ? -1 : 0;
            for (int j = 1; j < p.nrings && place[k] == 0; j++)
                if (j != k && ring_locate(&p, j, p.pt[p.start[k]]) > 0)
                    place[k] = j;
        }
    } else {
        /* Rings are simple and disjoint: the edge below each hole's first
         * vertex says which face it starts in (holes in sweep order, so
         * the hole owning that edge is already placed). Above an edge of
         * ring r lies r's inside iff the edge runs left to right on a
         * counter-clockwise ring (or right to left on a clockwise one). */
        place[0] = 0;
        for (int i = 0; i < p.nrings - 1; i++) {
            int k = seq[i], e = below[k];
            if (e < 0) {
                place[k] = -1;
                continue;
            }
            int r = E.ring[e];
            int up = ncs_geom_before(p.pt[e], p.pt[E.nxt[e]]) == (orient[r] > 0);
            place[k] = r == 0 ? (up ? 0 : -1) : up ? r : place[r];
        }
    }
    for (int k = 1; k < p.nrings; k++) {
        if (place[k] < 0) {
            ncs_error(d, rings[k]->at, "hole %d of %s lies outside the outer ring",
                      k, what);
            bad = 1;
        }
    }
    for (int k = 1; k < p.nrings && !bad; k++) {
        if (place[k] > 0) {
            ncs_error(d, rings[k]->at, "hole %d of %s lies inside hole %d",
                      k, what, place[k]);
            bad = 1;
        }
    }
    if (bad)
        goto fail;
    p.area = 0;
    for (int k = 0; k < p.nrings; k++) {
        rev[k] = orient[k] != (k == 0 ? 1 : -1);
        if (rev[k])
            ring_reverse(&p, k);
        p.area += (k == 0 ? 1 : -1) * ring_area(&p, k);
    }
    if (p.order && renumber(&p, &E, rev) < 0)
        goto nomem;
    *out = p;
    free(rings);
    free(E.ring);
    free(E.nxt);
    free(below);
    free(seq);
    free(place);
    free(w.prv); free(w.nxt); free(w.stack); free(w.alive);
    return 0;
nomem:
    ncs_error(d, outer->at, "%s: out of memory", what);
fail:
    free(rings);
    free(E.ring);
    free(E.nxt);
    free(below);
    free(seq);
    free(place);
    free(w.prv); free(w.nxt); free(w.stack); free(w.alive);
    ncs_gpoly_free(&p);
    return -1;
}
