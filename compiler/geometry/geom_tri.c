/* geom_tri.c - geometry: triangulation by monotone partition, Delaunay flips, and
 * Hertel-Mehlhorn merging of the triangles into convex pieces.
 *
 * The triangulation is the classic two-step one (de Berg, van Kreveld,
 * Overmars, Schwarzkopf, "Computational Geometry", chapter 3), run in the
 * validation's sweep order (x, then y) instead of top to bottom: a sweep
 * adds diagonals at split and merge vertices, which cuts the polygon, holes
 * included (no bridges), into x-monotone faces; each face is then
 * triangulated in linear time with a stack. The sweep itself is the
 * validation's (ncs_gpoly.order, .below: the edge below each vertex comes
 * from its Shamos-Hoey status), so this step needs no search structure and
 * runs in linear time. Every decision is taken with the exact orientation
 * test, so a polygon of n vertices and h holes gives exactly n + 2h - 2
 * counter-clockwise non-degenerate triangles.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "geom_int.h"
#include "predicates.h"

/* ---- monotone partition ------------------------------------------------ */

/* Vertex kinds of the sweep (left to right; "lower" and "upper": on which
 * side of the polygon's inside a regular vertex lies). */
enum { V_START, V_END, V_SPLIT, V_MERGE, V_LOWER, V_UPPER };

/** Partition and face state (all arrays in one block). */
typedef struct mono {
    const ncs_vec2 *pt;
    int n;
    int *nxt, *prv;         /* ring neighbours */
    int *kind;              /* per vertex: V_* */
    int *helper;            /* per edge with the inside above: its helper */
    int *dg, nd;            /* diagonals: dg[2j], dg[2j+1] */
    int *first, *list;      /* per vertex: its diagonal half-edges sorted
                               counter-clockwise from its outgoing ring edge,
                               list[first[v] .. first[v+1]) */
    int *pos;               /* per diagonal half-edge: its place in list */
    unsigned char *seen;    /* per half-edge: traced */
    int *face, *seq, *side, *stk;   /* one face: its vertices, sweep order,
                                       chain (0 lower, 1 upper), stack */
    int *tri, ntri, cap;    /* output */
} mono;

static int diag(mono *m, int a, int b) {
    if (a < 0 || b < 0 || m->nd >= 2 * m->n)
        return -1;
    m->dg[2 * m->nd] = a;
    m->dg[2 * m->nd + 1] = b;
    m->nd++;
    return 0;
}

/* Adds a diagonal from v to the helper h when h is a merge vertex. */
static int diag_if_merge(mono *m, int v, int h) {
    return h >= 0 && m->kind[h] == V_MERGE ? diag(m, v, h) : 0;
}

/* The sweep (de Berg et al., algorithm MakeMonotone, turned a quarter):
 * diagonals from every split vertex to the helper of the edge below it,
 * and from every merge vertex's helper onwards. The edges with the inside
 * above them play the status; the one below each vertex is p->below.
 * Returns 0, or -1 when the sweep's data is inconsistent (a bug). */
static int partition(mono *m, const ncs_gpoly *p) {
    const ncs_vec2 *pt = m->pt;
    for (int v = 0; v < m->n; v++) {
        int u = m->prv[v], w = m->nxt[v];
        int ub = ncs_geom_before(pt[u], pt[v]), wb = ncs_geom_before(pt[w], pt[v]);
        int convex = ncs_orient2d_fast(pt[u], pt[v], pt[w]) > 0;
        m->kind[v] = !ub && !wb ? (convex ? V_START : V_SPLIT)
                   : ub && wb   ? (convex ? V_END : V_MERGE)
                   : ub         ? V_LOWER : V_UPPER;
        m->helper[v] = -1;
    }
    for (int k = 0; k < m->n; k++) {
        int v = p->order[k], u = m->prv[v], e = p->below[v], rc = 0;
        switch (m->kind[v]) {
        case V_START:
            m->helper[v] = v;
            break;
        case V_END:
            rc = diag_if_merge(m, v, m->helper[u]);
            break;
        case V_SPLIT:
            if (e < 0)
                return -1;
            rc = diag(m, v, m->helper[e]);
            m->helper[e] = m->helper[v] = v;
            break;
        case V_MERGE:
            if (e < 0)
                return -1;
            rc = diag_if_merge(m, v, m->helper[u]);
            if (rc == 0)
                rc = diag_if_merge(m, v, m->helper[e]);
            m->helper[e] = v;
            break;
        case V_LOWER:
            rc = diag_if_merge(m, v, m->helper[u]);
            m->helper[v] = v;
            break;
        default:    /* V_UPPER */
            if (e < 0)
                return -1;
            rc = diag_if_merge(m, v, m->helper[e]);
            m->helper[e] = v;
            break;
        }
        if (rc < 0)
            return -1;
    }
    return 0;
}

/* ---- faces ---------------------------------------------------------------- */

/* Half-edges: h < n is ring edge h -> nxt[h]; n + 2j and n + 2j + 1 are
 * diagonal j in its two directions. */
static int h_org(const mono *m, int h) {
    return h < m->n ? h : m->dg[h - m->n];
}

static int h_dst(const mono *m, int h) {
    return h < m->n ? m->nxt[h] : m->dg[(h - m->n) ^ 1];
}

/* Angular order at vertex v, counter-clockwise from its outgoing ring edge
 * (every diagonal lies inside the polygon's angle there): 1 when the
 * direction to a comes before the direction to b. Exact. */
static int turns_before(const mono *m, int v, int a, int b) {
    ncs_vec2 V = m->pt[v], W = m->pt[m->nxt[v]];
    int ha = ncs_orient2d_fast(V, W, m->pt[a]) > 0 ? 0 : 1;
    int hb = ncs_orient2d_fast(V, W, m->pt[b]) > 0 ? 0 : 1;
    if (ha != hb)
        return ha < hb;
    return ncs_orient2d_fast(V, m->pt[a], m->pt[b]) > 0;
}

/* Sorts every vertex's diagonals by angle (insertion sort: a vertex has
 * few diagonals; at most 2 per vertex in all). Returns 0 or -1 (a bug). */
static int sort_diagonals(mono *m) {
    int n = m->n;
    memset(m->first, 0, (size_t)(n + 1) * sizeof *m->first);
    for (int h = n; h < n + 2 * m->nd; h++)
        m->first[h_org(m, h) + 1]++;
    for (int v = 0; v < n; v++)
        m->first[v + 1] += m->first[v];
    for (int h = n; h < n + 2 * m->nd; h++) {
        int v = h_org(m, h);
        m->list[m->first[v]++] = h;
    }
    for (int v = n; v > 0; v--)
        m->first[v] = m->first[v - 1];
    m->first[0] = 0;
    for (int v = 0; v < n; v++) {
        int lo = m->first[v], hi = m->first[v + 1];
        for (int i = lo + 1; i < hi; i++) {
            int h = m->list[i], j = i;
            while (j > lo && turns_before(m, v, h_dst(m, h), h_dst(m, m->list[j - 1]))) {
                m->list[j] = m->list[j - 1];
                j--;
            }
            m->list[j] = h;
        }
        for (int i = lo; i < hi; i++) {
            if (i > lo && h_dst(m, m->list[i]) == h_dst(m, m->list[i - 1]))
                return -1;  /* a repeated diagonal */
            m->pos[m->list[i] - n] = i - lo;
        }
    }
    return 0;
}

/* The half-edge after h on the face left of h: at h's end b, the first
 * outgoing half-edge clockwise from the direction back along h. */
static int h_next(const mono *m, int h) {
    int b = h_dst(m, h), at;
    if (h < m->n)
        at = m->first[b + 1] - m->first[b];     /* after all diagonals */
    else
        at = m->pos[(h - m->n) ^ 1];             /* h's twin's place */
    return at == 0 ? b : m->list[m->first[b] + at - 1];
}

/* Writes triangle a, b, c counter-clockwise, where the stack algorithm
 * says a, b, c turns `want` (+1 counter-clockwise, -1 clockwise); -1 when
 * it does not (degenerate or turning the other way) or when there is no
 * room (a bug either way). */
static int emit(mono *m, int a, int b, int c, int want) {
    int o = ncs_orient2d_fast(m->pt[a], m->pt[b], m->pt[c]);
    if (o != want || m->ntri >= m->cap)
        return -1;
    int *t = m->tri + 3 * m->ntri++;
    t[0] = a;
    t[1] = o > 0 ? b : c;
    t[2] = o > 0 ? c : b;
    return 0;
}

/* Triangulates the x-monotone face f[0 .. k) (counter-clockwise) with a
 * stack (de Berg et al., TriangulateMonotonePolygon): k - 2 triangles.
 * A vertex j of the upper chain (side 1) sees the stack's vertices, taken
 * in sweep order, counter-clockwise; one of the lower chain clockwise; the
 * last vertex sees a stack on the lower chain counter-clockwise.
 * Returns 0, or -1 when the face is not monotone or a triangle turns the
 * wrong way (a bug). */
static int face_triangulate(mono *m, const int *f, int k) {
    const ncs_vec2 *pt = m->pt;
    int lo = 0, hi = 0;
    for (int i = 1; i < k; i++) {
        if (ncs_geom_before(pt[f[i]], pt[f[lo]]))
            lo = i;
        if (ncs_geom_before(pt[f[hi]], pt[f[i]]))
            hi = i;
    }
    /* merge the lower chain (forward from lo) and the upper chain (backward
     * from lo) into sweep order */
    int *s = m->seq, *side = m->side, *st = m->stk, ns = 0, top = 0;
    int a = (lo + 1) % k, b = (lo + k - 1) % k;
    s[ns] = f[lo];
    side[ns++] = 0;
    while (ns < k - 1) {
        int take_a = a != hi && (b == hi || ncs_geom_before(pt[f[a]], pt[f[b]]));
        if (take_a) {
            s[ns] = f[a];
            side[ns++] = 0;
            a = (a + 1) % k;
        } else {
            s[ns] = f[b];
            side[ns++] = 1;
            b = (b + k - 1) % k;
        }
    }
    s[ns] = f[hi];
    side[ns++] = 2;
    /* both chains run left to right iff their merge is in sweep order */
    for (int i = 1; i < k; i++)
        if (!ncs_geom_before(pt[s[i - 1]], pt[s[i]]))
            return -1;
    st[top++] = 0;
    st[top++] = 1;
    for (int j = 2; j < k - 1; j++) {
        if (side[j] != side[st[top - 1]]) {
            for (int i = 0; i + 1 < top; i++)
                if (emit(m, s[j], s[st[i]], s[st[i + 1]], side[j] ? 1 : -1) < 0)
                    return -1;
            st[0] = j - 1;
            st[1] = j;
            top = 2;
        } else {
            int last = st[--top];
            while (top > 0) {
                int q = s[st[top - 1]];
                int o = side[j] == 0 ? ncs_orient2d_fast(pt[q], pt[s[last]], pt[s[j]])
                                     : ncs_orient2d_fast(pt[s[j]], pt[s[last]], pt[q]);
                if (o <= 0)
                    break;
                if (emit(m, s[j], s[last], q, side[j] ? 1 : -1) < 0)
                    return -1;
                last = st[--top];
            }
            st[top++] = last;
            st[top++] = j;
        }
    }
    for (int i = 0; i + 1 < top; i++)
        if (emit(m, s[k - 1], s[st[i]], s[st[i + 1]], side[st[top - 1]] ? -1 : 1) < 0)
            return -1;
    return 0;
}

/* Traces every face of the ring edges and diagonals and triangulates it. */
static int faces(mono *m) {
    int nh = m->n + 2 * m->nd;
    memset(m->seen, 0, (size_t)nh);
    for (int h0 = 0; h0 < nh; h0++) {
        if (m->seen[h0])
            continue;
        int k = 0, h = h0;
        do {
            if (m->seen[h] || k >= nh)
                return -1;  /* not a cycle (a bug) */
            m->seen[h] = 1;
            m->face[k++] = h_org(m, h);
            h = h_next(m, h);
        } while (h != h0);
        if (k < 3 || face_triangulate(m, m->face, k) < 0)
            return -1;
    }
    return 0;
}

int ncs_gpoly_triangulate(const ncs_gpoly *p, int *tri) {
    int n = p->n, h = p->nrings - 1, rc = -1;
    if (!p->order || !p->below || n < 3)
        return -1;
    mono m;
    memset(&m, 0, sizeof m);
    m.pt = p->pt;
    m.n = n;
    m.tri = tri;
    m.cap = n + 2 * h - 2;
    /* ints: nxt, prv, kind, helper (4n), dg (4n), first (n + 1), list and
     * pos (4n each: 2n diagonals at most), face, seq, side, stk (5n each: a
     * face has at most every vertex and two ends per diagonal) */
    size_t nint = (size_t)n * 37 + 1;
    int *blk = malloc(nint * sizeof *blk);
    m.seen = malloc((size_t)n * 5);
    if (!blk || !m.seen)
        goto done;
    int *q = blk;
    m.nxt = q; q += n;
    m.prv = q; q += n;
    m.kind = q; q += n;
    m.helper = q; q += n;
    m.dg = q; q += 4 * n;
    m.first = q; q += n + 1;
    m.list = q; q += 4 * n;
    m.pos = q; q += 4 * n;
    m.face = q; q += 5 * n;
    m.seq = q; q += 5 * n;
    m.side = q; q += 5 * n;
    m.stk = q;
    for (int k = 0; k < p->nrings; k++) {
        int s = p->start[k], e = p->start[k + 1];
        for (int v = s; v < e; v++) {
            m.nxt[v] = v + 1 < e ? v + 1 : s;
            m.prv[v] = v > s ? v - 1 : e - 1;
        }
    }
    if (partition(&m, p) == 0 && sort_diagonals(&m) == 0 && faces(&m) == 0 &&
        m.ntri == m.cap)
        rc = m.ntri;
done:
    free(blk);
    free(m.seen);
    return rc;
}

/* ---- convex pieces ---------------------------------------------------- */

/** Half-edges of the triangles; merged pieces relink next/prev. */
typedef struct hedges {
    int *org, *dst, *next, *prev, *twin;
    unsigned char *alive, *seen;
} hedges;

/* Pairs every half-edge with its opposite: two stable counting sorts
 * (by the larger end, then by the smaller) bring the two half-edges of
 * each diagonal next to each other. Linear in nh + nv (nv vertices).
 * Returns 0, or -1 when memory ran out. */
static int pair_twins(hedges *H, int nh, int nv) {
    int *cnt = calloc((size_t)nv + 1, sizeof *cnt);
    int *tmp = malloc((size_t)(nh > 0 ? nh : 1) * sizeof *tmp);
    int *ord = malloc((size_t)(nh > 0 ? nh : 1) * sizeof *ord);
    if (!cnt || !tmp || !ord) {
        free(cnt);
        free(tmp);
        free(ord);
        return -1;
    }
#define LO(e) (H->org[e] < H->dst[e] ? H->org[e] : H->dst[e])
#define HI(e) (H->org[e] < H->dst[e] ? H->dst[e] : H->org[e])
    for (int e = 0; e < nh; e++)
        cnt[HI(e) + 1]++;
    for (int v = 0; v < nv; v++)
        cnt[v + 1] += cnt[v];
    for (int e = 0; e < nh; e++)
        tmp[cnt[HI(e)]++] = e;
    memset(cnt, 0, ((size_t)nv + 1) * sizeof *cnt);
    for (int e = 0; e < nh; e++)
        cnt[LO(e) + 1]++;
    for (int v = 0; v < nv; v++)
        cnt[v + 1] += cnt[v];
    for (int i = 0; i < nh; i++)
        ord[cnt[LO(tmp[i])]++] = tmp[i];
    for (int e = 0; e < nh; e++)
        H->twin[e] = -1;
    for (int i = 0; i + 1 < nh; i++) {
        int e = ord[i], f = ord[i + 1];
        if (H->org[e] == H->dst[f] && H->dst[e] == H->org[f]) {
            H->twin[e] = f;
            H->twin[f] = e;
            i++;
        }
    }
#undef LO
#undef HI
    free(cnt);
    free(tmp);
    free(ord);
    return 0;
}

void ncs_gpieces_free(ncs_gpieces *pc) {
    free(pc->start);
    free(pc->idx);
    free(pc->internal);
    memset(pc, 0, sizeof *pc);
}

int ncs_gpieces_build(const ncs_gpoly *p, const int *tri, int ntri, int merge,
                      ncs_gpieces *out) {
    hedges H;
    int nh = 3 * ntri, rc = -1;
    memset(&H, 0, sizeof H);
    memset(out, 0, sizeof *out);
    H.org = malloc((size_t)nh * sizeof *H.org);
    H.dst = malloc((size_t)nh * sizeof *H.dst);
    H.next = malloc((size_t)nh * sizeof *H.next);
    H.prev = malloc((size_t)nh * sizeof *H.prev);
    H.twin = malloc((size_t)nh * sizeof *H.twin);
    H.alive = malloc((size_t)nh);
    H.seen = calloc((size_t)nh + 1, 1);
    out->start = malloc((size_t)(ntri + 1) * sizeof *out->start);
    out->idx = malloc((size_t)(nh > 0 ? nh : 1) * sizeof *out->idx);
    out->internal = malloc((size_t)(nh > 0 ? nh : 1));
    if (!H.org || !H.dst || !H.next || !H.prev || !H.twin || !H.alive || !H.seen ||
        !out->start || !out->idx || !out->internal)
        goto done;
    for (int e = 0; e < nh; e++) {
        int base = e - e % 3;
        H.org[e] = tri[e];
        H.dst[e] = tri[base + (e % 3 + 1) % 3];
        H.next[e] = base + (e % 3 + 1) % 3;
        H.prev[e] = base + (e % 3 + 2) % 3;
        H.alive[e] = 1;
    }
    if (pair_twins(&H, nh, p->n) < 0)
        goto done;
    for (int e = 0; merge && e < nh; e++) {
        int f = H.twin[e];
        if (f < e || !H.alive[e] || !H.alive[f])
            continue;
        int pe = H.prev[e], ne = H.next[e], pf = H.prev[f], nf = H.next[f];
        if (pe == f || ne == f)
            continue;   /* both sides already one piece */
        ncs_vec2 u = p->pt[H.org[e]], v = p->pt[H.dst[e]];
        if (ncs_orient2d_fast(p->pt[H.org[pe]], u, p->pt[H.dst[nf]]) <= 0 ||
            ncs_orient2d_fast(p->pt[H.org[pf]], v, p->pt[H.dst[ne]]) <= 0)
            continue;
        H.next[pe] = nf;
        H.prev[nf] = pe;
        H.next[pf] = ne;
        H.prev[ne] = pf;
        H.alive[e] = H.alive[f] = 0;
    }
    int k = 0;
    out->start[0] = 0;
    for (int e = 0; e < nh; e++) {
        if (!H.alive[e] || H.seen[e])
            continue;
        int c = e, guard = 0;
        do {
            H.seen[c] = 1;
            out->idx[k] = H.org[c];
            out->internal[k++] = H.twin[c] >= 0;
            c = H.next[c];
        } while (c != e && ++guard < nh);
        out->start[++out->npieces] = k;
    }
    rc = 0;
done:
    free(H.org); free(H.dst); free(H.next); free(H.prev); free(H.twin);
    free(H.alive); free(H.seen);
    if (rc < 0)
        ncs_gpieces_free(out);
    return rc;
}

/* ---- Delaunay flips ------------------------------------------------------ */

/* b lies clearly inside the circumcircle of the CCW triangle (u, v, a)
 * (floating point with a relative margin: this only steers quality). */
static int in_circle(ncs_vec2 u, ncs_vec2 v, ncs_vec2 a, ncs_vec2 b) {
    double ux = u.x - b.x, uy = u.y - b.y, vx = v.x - b.x, vy = v.y - b.y;
    double ax = a.x - b.x, ay = a.y - b.y;
    double lu = ux * ux + uy * uy, lv = vx * vx + vy * vy, la = ax * ax + ay * ay;
    double det = lu * (vx * ay - vy * ax) - lv * (ux * ay - uy * ax) + la * (ux * vy - uy * vx);
    double mag = lu * (fabs(vx * ay) + fabs(vy * ax)) + lv * (fabs(ux * ay) + fabs(uy * ax)) +
                 la * (fabs(ux * vy) + fabs(uy * vx));
    return det > 1e-9 * mag;
}

int ncs_gpoly_delaunay(const ncs_gpoly *p, int *tri, int ntri) {
    int nh = 3 * ntri, flips = 0, top = 0;
    hedges H;
    memset(&H, 0, sizeof H);
    H.org = tri;
    H.dst = malloc((size_t)(nh > 0 ? nh : 1) * sizeof *H.dst);
    H.twin = malloc((size_t)(nh > 0 ? nh : 1) * sizeof *H.twin);
    int *stack = malloc((size_t)(nh > 0 ? nh : 1) * sizeof *stack);
    unsigned char *queued = calloc((size_t)nh + 1, 1);
    if (!H.dst || !H.twin || !stack || !queued) {
        flips = -1;
        goto done;
    }
    for (int e = 0; e < nh; e++)
        H.dst[e] = tri[e - e % 3 + (e % 3 + 1) % 3];
    if (pair_twins(&H, nh, p->n) < 0) {
        flips = -1;
        goto done;
    }
    for (int e = 0; e < nh; e++) {
        if (H.twin[e] > e) {
            stack[top++] = e;
            queued[e] = 1;
        }
    }
    /* Lawson's flips; each pops one edge and pushes at most four, and the
     * total number of flips is capped at one per triangle (+ 64), so the
     * loop is bounded and linear. The monotone faces' triangles zigzag
     * across the face; reaching the Delaunay triangulation from there can
     * take quadratically many flips (1.2 million, the old cap of 4 per
     * half-edge, for the 1e5-vertex wavy star), while the first flips do
     * most of the good (docs/geometry.md). */
    while (top > 0 && flips < ntri + 64) {
        int e = stack[--top], f;
        queued[e] = 0;
        if ((f = H.twin[e]) < 0)
            continue;
        int t1 = e / 3, t2 = f / 3;
        int ne = 3 * t1 + (e % 3 + 1) % 3, pe = 3 * t1 + (e % 3 + 2) % 3;
        int nf = 3 * t2 + (f % 3 + 1) % 3, pf = 3 * t2 + (f % 3 + 2) % 3;
        int u = tri[e], v = tri[ne], a = tri[pe], b = tri[pf];
        ncs_vec2 U = p->pt[u], Vv = p->pt[v], A = p->pt[a], B = p->pt[b];
        if (a == b || !in_circle(U, Vv, A, B) || ncs_orient2d_fast(A, U, B) <= 0 ||
            ncs_orient2d_fast(B, Vv, A) <= 0)
            continue;
        int g4 = H.twin[pe], g1 = H.twin[nf], g2 = H.twin[pf], g3 = H.twin[ne];
        int h0 = 3 * t1, h1 = h0 + 1, h2 = h0 + 2, k0 = 3 * t2, k1 = k0 + 1, k2 = k0 + 2;
        tri[h0] = a; tri[h1] = u; tri[h2] = b;     /* t1 = (a, u, b) */
        tri[k0] = b; tri[k1] = v; tri[k2] = a;     /* t2 = (b, v, a) */
        int tw[6] = {g4, g1, k2, g2, g3, h2}, he[6] = {h0, h1, h2, k0, k1, k2};
        for (int k = 0; k < 6; k++) {
            H.twin[he[k]] = tw[k];
            H.dst[he[k]] = tri[he[k] - he[k] % 3 + (he[k] % 3 + 1) % 3];
            if (tw[k] >= 0)
                H.twin[tw[k]] = he[k];
        }
        flips++;
        int again[4] = {h0, h1, k0, k1};
        for (int k = 0; k < 4; k++) {
            int x = again[k], y = H.twin[x];
            if (y < 0)
                continue;
            int lo = x < y ? x : y;
            if (!queued[lo] && top < nh) {
                queued[lo] = 1;
                stack[top++] = lo;
            }
        }
    }
done:
    free(H.dst);
    free(H.twin);
    free(stack);
    free(queued);
    return flips;
}
