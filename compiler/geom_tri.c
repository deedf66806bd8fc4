/* geom_tri.c - ear-clipping triangulation with holes, and Hertel-Mehlhorn
 * merging of the triangles into convex pieces.
 *
 * The approach follows the ideas of mapbox/earcut (holes bridged to the
 * outer ring left to right, ears found with a z-order curve index), but
 * every decision is taken with the exact orientation test, no vertex is
 * ever filtered (so a polygon of n vertices and h holes gives exactly
 * n + 2h - 2 triangles), and each bridge is verified before it is used.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "geom_int.h"
#include "predicates.h"

/* min and max without libm calls (no NaN can reach here) */
#define MIN2(a, b) ((a) < (b) ? (a) : (b))
#define MAX2(a, b) ((a) > (b) ? (a) : (b))
#define MIN3(a, b, c) MIN2(a, MIN2(b, c))
#define MAX3(a, b, c) MAX2(a, MAX2(b, c))

/** One vertex occurrence in the ring being clipped (bridges duplicate). */
typedef struct node {
    int i;              /* vertex index into the polygon */
    ncs_vec2 p;         /* its coordinates */
    int prev, next;     /* ring neighbours (node ids) */
    int pz, nz;         /* neighbours in z-order (-1: none) */
    uint32_t z;         /* z-order key */
} node;

/** A grid of cells listing ring edges (edge p = node p to its successor),
 *  to find bridges without scanning the whole ring. Entries only grow;
 *  stale ones (an edge relinked by a bridge) just cost a test. */
typedef struct lgrid {
    double x0, y0, cw, ch;  /* origin and cell size */
    double padx, pady;      /* padding against rounding */
    int nx, ny;             /* cells */
    int *head;              /* per cell: first entry or -1 */
    int *enext, *eid;       /* entries: next in cell, node id */
    int n, cap;             /* entries used, allocated */
} lgrid;

/** Triangulation state. */
typedef struct tri_ctx {
    node *nd;           /* nodes: n + 2h */
    int nn;             /* nodes used */
    unsigned char *merged;  /* node is in the outer ring (holes join it) */
    unsigned char *dup;     /* node is a bridge end (its point occurs twice) */
    lgrid grid;             /* edge index for bridges (holes only) */
    int use_z;          /* 1 when the z-order index is built */
    double minx, miny, inv;     /* z-order key transform */
    int tree_failed;    /* building the ear tree ran out of memory */
    int use_tree;       /* 1 when the ear tree is built */
    int tn;             /* nodes listed in the tree */
    int *perm;          /* tree order of the listed node ids */
    int *pos;           /* per node id: its place in perm (-1: not listed) */
    double (*box)[4];   /* per tree cell: tight box of its nodes */
    int *cnt;           /* per tree cell: nodes still in the ring */
} tri_ctx;

static int orient(const tri_ctx *t, int a, int b, int c) {
    return ncs_orient2d(t->nd[a].p, t->nd[b].p, t->nd[c].p);
}

static int orient_p(ncs_vec2 a, ncs_vec2 b, ncs_vec2 c) {
    return ncs_orient2d(a, b, c);
}

/* Inclusive point-in-triangle for either winding. */
static int in_triangle(ncs_vec2 a, ncs_vec2 b, ncs_vec2 c, ncs_vec2 p) {
    int o1 = orient_p(a, b, p), o2 = orient_p(b, c, p), o3 = orient_p(c, a, p);
    return (o1 >= 0 && o2 >= 0 && o3 >= 0) || (o1 <= 0 && o2 <= 0 && o3 <= 0);
}

static int on_segment(ncs_vec2 a, ncs_vec2 b, ncs_vec2 p) {
    return fmin(a.x, b.x) <= p.x && p.x <= fmax(a.x, b.x) &&
           fmin(a.y, b.y) <= p.y && p.y <= fmax(a.y, b.y);
}

/* Closed segments ab and cd share a point. */
static int segments_meet(ncs_vec2 a, ncs_vec2 b, ncs_vec2 c, ncs_vec2 d) {
    int o1 = orient_p(a, b, c), o2 = orient_p(a, b, d);
    int o3 = orient_p(c, d, a), o4 = orient_p(c, d, b);
    if (o1 * o2 < 0 && o3 * o4 < 0)
        return 1;
    return (o1 == 0 && on_segment(a, b, c)) || (o2 == 0 && on_segment(a, b, d)) ||
           (o3 == 0 && on_segment(c, d, a)) || (o4 == 0 && on_segment(c, d, b));
}

/* q lies strictly inside the interior angle of the ring at node a. */
static int locally_inside(const tri_ctx *t, int a, ncs_vec2 q) {
    const node *n = &t->nd[a];
    ncs_vec2 pv = t->nd[n->prev].p, nx = t->nd[n->next].p;
    int left_out = orient_p(n->p, nx, q) > 0, left_in = orient_p(pv, n->p, q) > 0;
    if (orient_p(pv, n->p, nx) > 0)
        return left_out && left_in;
    return left_out || left_in;
}

/* ---- z-order index ---------------------------------------------------- */

static uint32_t spread16(uint32_t v) {
    v = (v | (v << 8)) & 0x00FF00FFu;
    v = (v | (v << 4)) & 0x0F0F0F0Fu;
    v = (v | (v << 2)) & 0x33333333u;
    v = (v | (v << 1)) & 0x55555555u;
    return v;
}

/* Monotone in x and in y, so a box's corners bound the keys inside it. */
static uint32_t zkey(const tri_ctx *t, ncs_vec2 p) {
    double fx = (p.x - t->minx) * t->inv, fy = (p.y - t->miny) * t->inv;
    uint32_t x = !(fx > 0) ? 0 : fx >= 65535 ? 65535 : (uint32_t)fx;   /* NaN: 0 */
    uint32_t y = !(fy > 0) ? 0 : fy >= 65535 ? 65535 : (uint32_t)fy;
    return spread16(x) | (spread16(y) << 1);
}

/* qsort has no context argument: sort (key, id) pairs instead. */
typedef struct zpair { uint32_t z; int id; } zpair;

static int cmp_zpair(const void *a, const void *b) {
    const zpair *x = a, *y = b;
    if (x->z != y->z)
        return (x->z > y->z) - (x->z < y->z);
    return (x->id > y->id) - (x->id < y->id);
}

static int build_z(tri_ctx *t, int start) {
    int count = 0, p = start;
    double maxx, maxy;
    t->minx = maxx = t->nd[start].p.x;
    t->miny = maxy = t->nd[start].p.y;
    do {
        t->minx = fmin(t->minx, t->nd[p].p.x);
        t->miny = fmin(t->miny, t->nd[p].p.y);
        maxx = fmax(maxx, t->nd[p].p.x);
        maxy = fmax(maxy, t->nd[p].p.y);
        count++;
        p = t->nd[p].next;
    } while (p != start && count <= t->nn);
    double size = fmax(maxx - t->minx, maxy - t->miny);
    t->inv = size > 0 ? 65535.0 / size : 0;
    zpair *zs = malloc((size_t)count * sizeof *zs);
    if (!zs)
        return -1;
    p = start;
    for (int k = 0; k < count; k++) {
        t->nd[p].z = zkey(t, t->nd[p].p);
        zs[k].z = t->nd[p].z;
        zs[k].id = p;
        p = t->nd[p].next;
    }
    qsort(zs, (size_t)count, sizeof *zs, cmp_zpair);
    for (int k = 0; k < count; k++) {
        t->nd[zs[k].id].pz = k > 0 ? zs[k - 1].id : -1;
        t->nd[zs[k].id].nz = k + 1 < count ? zs[k + 1].id : -1;
    }
    free(zs);
    t->use_z = 1;
    return 0;
}

/* Only reflex (or flat) nodes and bridge ends need testing against an ear
 * triangle: if any node of a simple ring lies in the closed triangle
 * a-b-c, a reflex one does (the node farthest from line a-c is reflex);
 * bridge ends are kept for their special rule below. Strictly convex
 * nodes stay convex while ears are clipped, so they never need testing. */
static int may_block(const tri_ctx *t, int p) {
    const node *n = &t->nd[p];
    return t->dup[p] || ncs_orient2d(t->nd[n->prev].p, n->p, t->nd[n->next].p) <= 0;
}

/* ---- ear tree ----------------------------------------------------------- */

/* A static kd-tree over the ring's nodes, in the implicit layout of a
 * balanced binary tree: cell k covers perm[lo, hi), split at the middle into
 * cells 2k+1 and 2k+2 until at most LEAF nodes remain. Each cell keeps the
 * tight bounding box of its nodes (so a long thin triangle passing near a
 * dense run of nodes is told apart from it) and how many are still in the
 * ring (clipped nodes are removed, empty cells skipped). */
enum { LEAF = 8, TREE_DEPTH_MAX = 64, Z_BUDGET = 48 };

static int tree_cells(int n) {
    int c = 1;
    while (c < 2 * (n / LEAF + 1))
        c *= 2;
    return 2 * c;
}

/* Rearranges perm[lo, hi) so that the k-th smallest by axis is at k
 * (quickselect with a pseudo-random pivot, deterministic; after 64 passes
 * the range is simply sorted, so the work stays O(n log n) whatever the
 * input order). */
static const tri_ctx *sel_ctx;  /* qsort has no context argument */
static int sel_axis;

static int cmp_sel(const void *a, const void *b) {
    ncs_vec2 u = sel_ctx->nd[*(const int *)a].p, v = sel_ctx->nd[*(const int *)b].p;
    double x = sel_axis ? u.y : u.x, y = sel_axis ? v.y : v.x;
    return (x > y) - (x < y);
}

static void select_k(const tri_ctx *t, int *perm, int lo, int hi, int k, int axis) {
    uint64_t r = 0x9E3779B97F4A7C15ULL ^ (uint64_t)(hi - lo);
    for (int pass = 0; hi - lo > 1; pass++) {
#define KEY(i) (axis ? t->nd[perm[i]].p.y : t->nd[perm[i]].p.x)
        if (pass == 64) {
            sel_ctx = t;
            sel_axis = axis;
            qsort(perm + lo, (size_t)(hi - lo), sizeof *perm, cmp_sel);
            return;
        }
        r ^= r << 13;
        r ^= r >> 7;
        r ^= r << 17;
        double piv = KEY(lo + (int)(r % (uint64_t)(hi - lo)));
        int i = lo, j = hi - 1;
        while (i <= j) {
            while (KEY(i) < piv)
                i++;
            while (KEY(j) > piv)
                j--;
            if (i <= j) {
                int tmp = perm[i]; perm[i] = perm[j]; perm[j] = tmp;
                i++;
                j--;
            }
        }
#undef KEY
        if (k <= j)
            hi = j + 1;
        else if (k >= i)
            lo = i;
        else
            return;
    }
}

static void tree_build(tri_ctx *t, int k, int lo, int hi) {
    double *b = t->box[k];
    b[0] = b[2] = t->nd[t->perm[lo]].p.x;
    b[1] = b[3] = t->nd[t->perm[lo]].p.y;
    for (int i = lo + 1; i < hi; i++) {
        ncs_vec2 q = t->nd[t->perm[i]].p;
        b[0] = MIN2(b[0], q.x);
        b[1] = MIN2(b[1], q.y);
        b[2] = MAX2(b[2], q.x);
        b[3] = MAX2(b[3], q.y);
    }
    t->cnt[k] = hi - lo;
    if (hi - lo <= LEAF)
        return;
    int mid = lo + (hi - lo) / 2;
    select_k(t, t->perm, lo, hi, mid, b[3] - b[1] > b[2] - b[0]);
    tree_build(t, 2 * k + 1, lo, mid);
    tree_build(t, 2 * k + 2, mid, hi);
}

/* Lists every node of the ring through `start` in the ear tree. */
static int build_tree(tri_ctx *t, int start) {
    int count = 0, p = start;
    do {
        count++;
        p = t->nd[p].next;
    } while (p != start && count <= t->nn);
    int cells = tree_cells(count);
    t->perm = malloc((size_t)count * sizeof *t->perm);
    t->pos = malloc((size_t)t->nn * sizeof *t->pos);
    t->box = malloc((size_t)cells * sizeof *t->box);
    t->cnt = calloc((size_t)cells, sizeof *t->cnt);
    if (!t->perm || !t->pos || !t->box || !t->cnt)
        return -1;
    for (int i = 0; i < t->nn; i++)
        t->pos[i] = -1;
    p = start;
    int listed = 0;
    for (int k = 0; k < count; k++) {
        if (may_block(t, p))
            t->perm[listed++] = p;
        p = t->nd[p].next;
    }
    t->tn = listed;
    if (listed > 0)
        tree_build(t, 0, 0, listed);
    for (int k = 0; k < listed; k++)
        t->pos[t->perm[k]] = k;
    t->use_tree = 1;
    return 0;
}

/* Takes node p out of the tree's counts. */
static void tree_remove(tri_ctx *t, int p) {
    if (!t->use_tree || t->pos[p] < 0)
        return;
    int k = 0, lo = 0, hi = t->tn, at = t->pos[p];
    for (int d = 0; d < TREE_DEPTH_MAX; d++) {
        t->cnt[k]--;
        if (hi - lo <= LEAF)
            break;
        int mid = lo + (hi - lo) / 2;
        if (at < mid) {
            k = 2 * k + 1;
            hi = mid;
        } else {
            k = 2 * k + 2;
            lo = mid;
        }
    }
    t->pos[p] = -1;
}

/* 1 when box b lies strictly right of the directed line u -> v: the
 * largest value of the line's (unnormalised) left-distance over the box,
 * taken at the one corner that maximises it, is clearly negative (a
 * relative margin far above the rounding error keeps this conservative). */
static int box_right_of(const double b[4], ncs_vec2 u, ncs_vec2 v) {
    double dx = v.x - u.x, dy = v.y - u.y;
    double x = dy > 0 ? b[0] : b[2], y = dx > 0 ? b[3] : b[1];
    double p = dx * (y - u.y), q = dy * (x - u.x);
    return p - q < -1e-12 * (fabs(p) + fabs(q));
}

/* ---- ears ------------------------------------------------------------- */

/* Node p (not a, b, c themselves) keeps triangle abc from being an ear: it
 * lies in the closed triangle, or it is another occurrence of a corner
 * (a bridge end) with an edge leaving into the triangle. */
static int blocks(const tri_ctx *t, int p, int a, int b, int c, const double box[4]) {
    ncs_vec2 P = t->nd[p].p, A = t->nd[a].p, B = t->nd[b].p, C = t->nd[c].p;
    if (P.x < box[0] || P.y < box[1] || P.x > box[2] || P.y > box[3])
        return 0;   /* outside the triangle's bounding box */
    ncs_vec2 q[2] = {t->nd[t->nd[p].prev].p, t->nd[t->nd[p].next].p};
    if (ncs_vec2_same(P, A)) {
        for (int k = 0; k < 2; k++)
            if (orient_p(A, B, q[k]) > 0 && orient_p(A, C, q[k]) <= 0)
                return 1;
        return 0;
    }
    if (ncs_vec2_same(P, C)) {
        for (int k = 0; k < 2; k++)
            if (orient_p(C, A, q[k]) >= 0 && orient_p(C, B, q[k]) < 0)
                return 1;
        return 0;
    }
    if (ncs_vec2_same(P, B)) {
        for (int k = 0; k < 2; k++)
            if (orient_p(B, C, q[k]) > 0 && orient_p(B, A, q[k]) < 0)
                return 1;
        return 0;
    }
    /* inside the closed triangle, and not strictly convex (if a strictly
     * convex node were inside, a reflex one would be too: may_block) */
    return orient_p(A, B, P) >= 0 && orient_p(B, C, P) >= 0 &&
           orient_p(C, A, P) >= 0 && may_block(t, p);
}

/* Looks for a node blocking ear a-b-c along the z-order curve within the
 * box's key range, nearest keys first (blockers are usually near b).
 * Returns 1 blocked, 0 not, -1 when the budget of visits ran out first. */
static int z_blocked(const tri_ctx *t, int a, int b, int c, const double box[4]) {
    ncs_vec2 lo = {box[0], box[1]}, hi = {box[2], box[3]};
    uint32_t zlo = zkey(t, lo), zhi = zkey(t, hi);
    int p = t->nd[b].nz, q = t->nd[b].pz;
    int budget = t->use_tree ? Z_BUDGET / 4 : Z_BUDGET;     /* the tree is cheaper */
    for (int visits = 0; visits < budget; visits++) {
        int up = p >= 0 && t->nd[p].z <= zhi, down = q >= 0 && t->nd[q].z >= zlo;
        if (!up && !down)
            return 0;
        int r = up && (!down || visits % 2 == 0) ? p : q;
        if (r == p)
            p = t->nd[p].nz;
        else
            q = t->nd[q].pz;
        if (r != a && r != c && blocks(t, r, a, b, c, box))
            return 1;
    }
    return -1;
}

static int is_ear(tri_ctx *t, int b) {
    int a = t->nd[b].prev, c = t->nd[b].next;
    if (orient(t, a, b, c) <= 0)
        return 0;
    ncs_vec2 A = t->nd[a].p, B = t->nd[b].p, C = t->nd[c].p;
    ncs_vec2 lo = {MIN3(A.x, B.x, C.x), MIN3(A.y, B.y, C.y)};
    ncs_vec2 hi = {MAX3(A.x, B.x, C.x), MAX3(A.y, B.y, C.y)};
    double box[4] = {lo.x, lo.y, hi.x, hi.y};
    if (t->use_z) {
        int zb = z_blocked(t, a, b, c, box);
        if (zb >= 0)
            return !zb;
        if (!t->use_tree && !t->tree_failed && build_tree(t, b) < 0)
            t->tree_failed = 1;
    }
    if (!t->use_tree) {     /* small rings (or no memory for the tree) */
        for (int p = t->nd[c].next; p != a; p = t->nd[p].next)
            if (blocks(t, p, a, b, c, box))
                return 0;
        return 1;
    }
    /* descend into the tree cells whose box meets the closed triangle */
    int stk[3 * TREE_DEPTH_MAX], lo_[3 * TREE_DEPTH_MAX], hi_[3 * TREE_DEPTH_MAX];
    int top = 0;
    stk[top] = 0; lo_[top] = 0; hi_[top] = t->tn; top++;
    while (top > 0) {
        top--;
        int k = stk[top], l = lo_[top], h = hi_[top];
        const double *cb = t->box[k];
        if (t->cnt[k] == 0 || cb[0] > box[2] || cb[2] < box[0] || cb[1] > box[3] ||
            cb[3] < box[1])
            continue;
        if (box_right_of(cb, A, B) || box_right_of(cb, B, C) || box_right_of(cb, C, A))
            continue;
        if (h - l <= LEAF) {
            for (int i = l; i < h; i++) {
                int p = t->perm[i];
                if (t->pos[p] >= 0 && p != a && p != b && p != c &&
                    blocks(t, p, a, b, c, box))
                    return 0;
            }
            continue;
        }
        if (top + 2 > 3 * TREE_DEPTH_MAX)
            return 0;   /* cannot happen (depth is logarithmic); refuse the ear */
        int mid = l + (h - l) / 2;
        stk[top] = 2 * k + 2; lo_[top] = mid; hi_[top] = h; top++;
        stk[top] = 2 * k + 1; lo_[top] = l; hi_[top] = mid; top++;
    }
    return 1;
}

static void remove_node(tri_ctx *t, int p) {
    node *n = &t->nd[p];
    t->nd[n->prev].next = n->next;
    t->nd[n->next].prev = n->prev;
    if (n->pz >= 0)
        t->nd[n->pz].nz = n->nz;
    if (n->nz >= 0)
        t->nd[n->nz].pz = n->pz;
    tree_remove(t, p);
}

/* Clips ears until two nodes remain, from a FIFO work queue: first every
 * node in ring order (like walking the ring), then the neighbours of each
 * clipped ear (their ears changed), so a fan along a collinear run costs
 * one queue entry per ear instead of one trip around the ring. Right after
 * an ear at b is clipped, its successor c is not tested next but sent to the
 * back of the queue (testing it at once would fan slivers around b's
 * predecessor). When the queue runs dry with nodes left (an ear unblocked
 * by a removal elsewhere), every node is queued again; a whole such round
 * without a clip means stuck. Rounds are at most n, each of at most 3n
 * pops, so the loop is bounded. Returns triangles written, -1 when stuck or
 * out of memory. */
static int clip_ears(tri_ctx *t, int start, int *tri) {
    int ntri = 0, alive = 0, p = start, head = 0, len = 0, clipped = 1;
    do {
        alive++;
        p = t->nd[p].next;
    } while (p != start && alive <= t->nn);
    int cap = t->nn + 1;
    int *queue = malloc((size_t)cap * sizeof *queue);
    unsigned char *state = calloc((size_t)cap, 1);     /* 1 queued, 2 deferred */
    if (!queue || !state) {
        free(queue);
        free(state);
        return -1;
    }
#define PUSH(v) do { queue[(head + len) % cap] = (v); len++; } while (0)
    for (long pops = 0; alive > 2; pops++) {
        if (len == 0) {
            if (!clipped)
                break;      /* a whole round without an ear: stuck */
            clipped = 0;
            int q = start, guard = 0;
            do {
                state[q] = 1;
                PUSH(q);
                q = t->nd[q].next;
            } while (q != start && ++guard <= t->nn && len < cap);
        }
        int b = queue[head];
        head = (head + 1) % cap;
        len--;
        if (state[b] == 2) {    /* deferred: back of the queue */
            state[b] = 1;
            PUSH(b);
            continue;
        }
        state[b] = 0;
        if (t->nd[b].prev < 0 || !is_ear(t, b))
            continue;
        int a = t->nd[b].prev, c = t->nd[b].next;
        tri[3 * ntri] = t->nd[a].i;
        tri[3 * ntri + 1] = t->nd[b].i;
        tri[3 * ntri + 2] = t->nd[c].i;
        ntri++;
        remove_node(t, b);
        t->nd[b].prev = t->nd[b].next = -1;
        alive--;
        clipped = 1;
        start = c;
        if (state[a] == 0 && len < cap) {
            state[a] = 1;
            PUSH(a);
        }
        if (state[c] == 1)
            state[c] = 2;
        else if (state[c] == 0 && len < cap) {
            state[c] = 1;
            PUSH(c);
        }
    }
#undef PUSH
    free(queue);
    free(state);
    return alive == 2 ? ntri : -1;
}

/* ---- holes ------------------------------------------------------------ */

static int cell_of(double v, double v0, double size, int n) {
    double t = (v - v0) / size;
    if (!(t > 0))
        return 0;
    if (t >= n)
        return n - 1;
    return (int)t;
}

/* Cells covering the box [x0, x1] x [y0, y1], padded against rounding. */
static void lg_range(const lgrid *g, double x0, double y0, double x1, double y1,
                     int r[4]) {
    double px = g->padx, py = g->pady;
    r[0] = cell_of(x0 - px, g->x0, g->cw, g->nx);
    r[1] = cell_of(y0 - py, g->y0, g->ch, g->ny);
    r[2] = cell_of(x1 + px, g->x0, g->cw, g->nx);
    r[3] = cell_of(y1 + py, g->y0, g->ch, g->ny);
}

/* Lists node id in every cell segment ab passes through (conservatively). */
static int lg_add(lgrid *g, ncs_vec2 a, ncs_vec2 b, int id) {
    int rr[4];
    lg_range(g, fmin(a.x, b.x), fmin(a.y, b.y), fmax(a.x, b.x), fmax(a.y, b.y), rr);
    for (int r = rr[1]; r <= rr[3]; r++) {
        int c0 = rr[0], c1 = rr[2];
        if (a.y != b.y && rr[1] != rr[3]) {     /* the part of ab in this row */
            double pad = g->pady;
            double y0 = fmax(fmin(a.y, b.y), g->y0 + r * g->ch - pad);
            double y1 = fmin(fmax(a.y, b.y), g->y0 + (r + 1) * g->ch + pad);
            double xa = a.x + (y0 - a.y) / (b.y - a.y) * (b.x - a.x);
            double xb = a.x + (y1 - a.y) / (b.y - a.y) * (b.x - a.x);
            double lo = fmax(fmin(a.x, b.x), fmin(xa, xb));
            double hi = fmin(fmax(a.x, b.x), fmax(xa, xb));
            c0 = cell_of(lo - g->padx, g->x0, g->cw, g->nx);
            c1 = cell_of(hi + g->padx, g->x0, g->cw, g->nx);
        }
        for (int c = c0; c <= c1; c++) {
            if (g->n == g->cap) {
                int cap = g->cap ? 2 * g->cap : 1024;
                int *en = realloc(g->enext, (size_t)cap * sizeof *en);
                if (!en)
                    return -1;
                g->enext = en;
                int *ei = realloc(g->eid, (size_t)cap * sizeof *ei);
                if (!ei)
                    return -1;
                g->eid = ei;
                g->cap = cap;
            }
            int cell = r * g->nx + c;
            g->eid[g->n] = id;
            g->enext[g->n] = g->head[cell];
            g->head[cell] = g->n++;
        }
    }
    return 0;
}

static int lg_add_edge(tri_ctx *t, int p) {
    return lg_add(&t->grid, t->nd[p].p, t->nd[t->nd[p].next].p, p);
}

/* A grid of about n cells over the polygon, listing every ring edge. */
static int lg_init(tri_ctx *t, const ncs_gpoly *p) {
    lgrid *g = &t->grid;
    double x1 = p->pt[0].x, y1 = p->pt[0].y;
    g->x0 = x1;
    g->y0 = y1;
    for (int i = 1; i < p->n; i++) {
        g->x0 = fmin(g->x0, p->pt[i].x);
        g->y0 = fmin(g->y0, p->pt[i].y);
        x1 = fmax(x1, p->pt[i].x);
        y1 = fmax(y1, p->pt[i].y);
    }
    double w = fmax(x1 - g->x0, 1e-300), h = fmax(y1 - g->y0, 1e-300);
    double s = sqrt(w * h / p->n);
    g->nx = (int)fmin(fmax(ceil(w / s), 1), 1024);
    g->ny = (int)fmin(fmax(ceil(h / s), 1), 1024);
    g->cw = w / g->nx;
    g->ch = h / g->ny;
    g->padx = g->cw * 1e-6 + 1e-13 * (fabs(g->x0) + fabs(x1));
    g->pady = g->ch * 1e-6 + 1e-13 * (fabs(g->y0) + fabs(y1));
    g->head = malloc((size_t)g->nx * g->ny * sizeof *g->head);
    if (!g->head)
        return -1;
    for (int c = 0; c < g->nx * g->ny; c++)
        g->head[c] = -1;
    for (int v = 0; v < p->n; v++)
        if (lg_add_edge(t, v) < 0)
            return -1;
    return 0;
}

/* Segment h-m is a usable bridge: inside the angle at m, and meeting no
 * ring edge except at m itself. */
static int bridge_ok(const tri_ctx *t, int m, ncs_vec2 H) {
    const lgrid *g = &t->grid;
    ncs_vec2 M = t->nd[m].p;
    int rr[4];
    if (!locally_inside(t, m, H))
        return 0;
    lg_range(g, fmin(H.x, M.x), fmin(H.y, M.y), fmax(H.x, M.x), fmax(H.y, M.y), rr);
    for (int r = rr[1]; r <= rr[3]; r++)
        for (int c = rr[0]; c <= rr[2]; c++)
            for (int e = g->head[r * g->nx + c]; e >= 0; e = g->enext[e]) {
                int p = g->eid[e];
                if (!t->merged[p])
                    continue;
                ncs_vec2 P = t->nd[p].p, Q = t->nd[t->nd[p].next].p;
                int pm = ncs_vec2_same(P, M), qm = ncs_vec2_same(Q, M);
                if (pm || qm) {
                    ncs_vec2 o = pm ? Q : P;
                    if (!(pm && qm) && orient_p(H, M, o) == 0 && on_segment(H, M, o))
                        return 0;
                } else if (fmax(P.x, Q.x) >= fmin(H.x, M.x) &&
                           fmin(P.x, Q.x) <= fmax(H.x, M.x) &&
                           fmax(P.y, Q.y) >= fmin(H.y, M.y) &&
                           fmin(P.y, Q.y) <= fmax(H.y, M.y) && segments_meet(H, M, P, Q)) {
                    return 0;
                }
            }
    return 1;
}

/* earcut's choice: cast a ray left from the hole's leftmost point h, take
 * the nearest edge it hits, then the vertex that makes the smallest angle
 * with the ray inside the triangle (h, hit, endpoint). */
static int bridge_guess(const tri_ctx *t, int h) {
    const lgrid *g = &t->grid;
    ncs_vec2 H = t->nd[h].p;
    double qx = -INFINITY;
    int m = -1, rr[4];
    lg_range(g, H.x, H.y, H.x, H.y, rr);
    for (int c = rr[2]; c >= 0; c--) {
        for (int r = rr[1]; r <= rr[3]; r++)
            for (int e = g->head[r * g->nx + c]; e >= 0; e = g->enext[e]) {
                int p = g->eid[e];
                const node *a = &t->nd[p], *b = &t->nd[a->next];
                if (!t->merged[p] || !(H.y <= a->p.y && H.y >= b->p.y && b->p.y != a->p.y))
                    continue;
                double x = a->p.x + (H.y - a->p.y) * (b->p.x - a->p.x) / (b->p.y - a->p.y);
                int cand = a->p.x < b->p.x ? p : a->next;
                if (x <= H.x && (x > qx || (x == qx && cand < m))) {
                    qx = x;
                    m = cand;
                }
            }
        if (m >= 0 && qx > g->x0 + c * g->cw + 2 * g->padx)
            break;      /* nothing further left can be nearer */
    }
    if (m < 0)
        return -1;
    ncs_vec2 M = t->nd[m].p, Q = {qx, H.y};
    double tan_min = INFINITY;
    int best = m;
    lg_range(g, M.x, fmin(M.y, H.y), H.x, fmax(M.y, H.y), rr);
    for (int r = rr[1]; r <= rr[3]; r++)
        for (int c = rr[0]; c <= rr[2]; c++)
            for (int e = g->head[r * g->nx + c]; e >= 0; e = g->enext[e]) {
                int p = g->eid[e];
                ncs_vec2 P = t->nd[p].p;
                if (!t->merged[p] || !(H.x >= P.x && P.x >= M.x && H.x != P.x) ||
                    !in_triangle(H.y < M.y ? H : Q, M, H.y < M.y ? Q : H, P))
                    continue;
                double tn = fabs(H.y - P.y) / (H.x - P.x);
                if (locally_inside(t, p, H) &&
                    (tn < tan_min || (tn == tan_min && (P.x > t->nd[best].p.x ||
                                                        (P.x == t->nd[best].p.x && p < best))))) {
                    best = p;
                    tan_min = tn;
                }
            }
    return best;
}

typedef struct cand { double d2; int id; } cand;

static int cmp_cand(const void *a, const void *b) {
    const cand *x = a, *y = b;
    if (x->d2 != y->d2)
        return (x->d2 > y->d2) - (x->d2 < y->d2);
    return (x->id > y->id) - (x->id < y->id);
}

/* A verified bridge node for hole point h, or -1 (-2: out of memory). */
static int find_bridge(const tri_ctx *t, int h, int start) {
    ncs_vec2 H = t->nd[h].p;
    int m = bridge_guess(t, h);
    if (m >= 0 && bridge_ok(t, m, H))
        return m;
    /* Rounding misled the guess: try every vertex left of h, nearest first. */
    cand *cs = malloc((size_t)t->nn * sizeof *cs);
    int nc = 0, p = start, guard = 0, found = -1;
    if (!cs)
        return -2;
    do {
        ncs_vec2 P = t->nd[p].p;
        if (P.x < H.x) {
            cs[nc].d2 = (P.x - H.x) * (P.x - H.x) + (P.y - H.y) * (P.y - H.y);
            cs[nc++].id = p;
        }
        p = t->nd[p].next;
    } while (p != start && ++guard <= t->nn && nc < t->nn);
    qsort(cs, (size_t)nc, sizeof *cs, cmp_cand);
    for (int k = 0; k < nc && found < 0; k++)
        if (bridge_ok(t, cs[k].id, H))
            found = cs[k].id;
    free(cs);
    return found;
}

/* Links ring a to ring b with two new nodes: a -> b ... b' -> a' -> a.next,
 * and lists the new and changed edges in the grid. */
static int split(tri_ctx *t, int a, int b) {
    int a2 = t->nn++, b2 = t->nn++;
    int p = b, guard = 0;
    do {    /* the hole joins the outer ring */
        t->merged[p] = 1;
        p = t->nd[p].next;
    } while (p != b && ++guard <= t->nn);
    int an = t->nd[a].next, bp = t->nd[b].prev;
    t->nd[a2] = t->nd[a];
    t->nd[b2] = t->nd[b];
    t->nd[a].next = b;
    t->nd[b].prev = a;
    t->nd[a2].next = an;
    t->nd[an].prev = a2;
    t->nd[b2].next = a2;
    t->nd[a2].prev = b2;
    t->nd[bp].next = b2;
    t->nd[b2].prev = bp;
    t->merged[a2] = t->merged[b2] = 1;
    t->dup[a] = t->dup[b] = t->dup[a2] = t->dup[b2] = 1;
    return lg_add_edge(t, a) || lg_add_edge(t, a2) || lg_add_edge(t, b2) ? -1 : 0;
}

typedef struct hole_ref { ncs_vec2 p; int node; } hole_ref;

static int cmp_hole(const void *a, const void *b) {
    const hole_ref *x = a, *y = b;
    if (x->p.x != y->p.x)
        return (x->p.x > y->p.x) - (x->p.x < y->p.x);
    if (x->p.y != y->p.y)
        return (x->p.y > y->p.y) - (x->p.y < y->p.y);
    return (x->node > y->node) - (x->node < y->node);
}

int ncs_gpoly_triangulate(const ncs_gpoly *p, int *tri) {
    tri_ctx t;
    hole_ref *hr = NULL;
    int rc = -1, nh = p->nrings - 1;
    memset(&t, 0, sizeof t);
    t.nd = malloc((size_t)(p->n + 2 * nh) * sizeof *t.nd);
    t.merged = calloc((size_t)(p->n + 2 * nh), 1);
    t.dup = calloc((size_t)(p->n + 2 * nh), 1);
    hr = malloc((size_t)(nh > 0 ? nh : 1) * sizeof *hr);
    if (!t.nd || !t.merged || !t.dup || !hr)
        goto done;
    for (int k = 0; k < p->nrings; k++) {
        int s = p->start[k], e = p->start[k + 1];
        for (int v = s; v < e; v++) {
            node *n = &t.nd[v];
            n->i = v;
            n->p = p->pt[v];
            n->prev = v > s ? v - 1 : e - 1;
            n->next = v + 1 < e ? v + 1 : s;
            n->pz = n->nz = -1;
            n->z = 0;
            t.merged[v] = k == 0;
            if (k > 0 && (v == s || p->pt[v].x < hr[k - 1].p.x ||
                          (p->pt[v].x == hr[k - 1].p.x && p->pt[v].y < hr[k - 1].p.y))) {
                hr[k - 1].p = p->pt[v];
                hr[k - 1].node = v;
            }
        }
    }
    t.nn = p->n;
    if (nh > 0 && lg_init(&t, p) < 0)
        goto done;
    qsort(hr, (size_t)nh, sizeof *hr, cmp_hole);
    for (int k = 0; k < nh; k++) {
        int m = find_bridge(&t, hr[k].node, 0);
        if (m < 0 || split(&t, m, hr[k].node) < 0)
            goto done;
    }
    if (t.nn > 64 && build_z(&t, 0) < 0)
        goto done;
    if (clip_ears(&t, 0, tri) == t.nn - 2)
        rc = t.nn - 2;
done:
    free(t.nd);
    free(t.merged);
    free(t.dup);
    free(t.perm);
    free(t.pos);
    free(t.box);
    free(t.cnt);
    free(t.grid.head);
    free(t.grid.enext);
    free(t.grid.eid);
    free(hr);
    return rc;
}

/* ---- convex pieces ---------------------------------------------------- */

/** Half-edges of the triangles; merged pieces relink next/prev. */
typedef struct hedges {
    int *org, *dst, *next, *prev, *twin;
    unsigned char *alive, *seen;
} hedges;

static uint64_t edge_key(int a, int b) {
    return ((uint64_t)(uint32_t)a << 32) | (uint32_t)b;
}

static uint64_t mix(uint64_t k) {
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdULL;
    k ^= k >> 33;
    return k;
}

/* Pairs every half-edge with its opposite through an open-addressing hash. */
static int pair_twins(hedges *H, int nh) {
    size_t cap = 16;
    while (cap < (size_t)nh * 2)
        cap *= 2;
    int *slot = malloc(cap * sizeof *slot);
    if (!slot)
        return -1;
    for (size_t s = 0; s < cap; s++)
        slot[s] = -1;
    for (int e = 0; e < nh; e++) {
        H->twin[e] = -1;
        uint64_t want = edge_key(H->dst[e], H->org[e]);
        for (size_t s = mix(want) & (cap - 1); slot[s] >= 0; s = (s + 1) & (cap - 1)) {
            int f = slot[s];
            if (edge_key(H->org[f], H->dst[f]) == want && H->twin[f] < 0) {
                H->twin[e] = f;
                H->twin[f] = e;
                break;
            }
        }
        uint64_t key = edge_key(H->org[e], H->dst[e]);
        size_t s = mix(key) & (cap - 1);
        while (slot[s] >= 0)
            s = (s + 1) & (cap - 1);
        slot[s] = e;
    }
    free(slot);
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
    if (pair_twins(&H, nh) < 0)
        goto done;
    for (int e = 0; merge && e < nh; e++) {
        int f = H.twin[e];
        if (f < e || !H.alive[e] || !H.alive[f])
            continue;
        int pe = H.prev[e], ne = H.next[e], pf = H.prev[f], nf = H.next[f];
        if (pe == f || ne == f)
            continue;   /* both sides already one piece */
        ncs_vec2 u = p->pt[H.org[e]], v = p->pt[H.dst[e]];
        if (ncs_orient2d(p->pt[H.org[pe]], u, p->pt[H.dst[nf]]) <= 0 ||
            ncs_orient2d(p->pt[H.org[pf]], v, p->pt[H.dst[ne]]) <= 0)
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
    if (pair_twins(&H, nh) < 0) {
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
     * total number of flips is capped, so the loop is bounded. */
    while (top > 0 && flips < 4 * nh + 64) {
        int e = stack[--top], f;
        queued[e] = 0;
        if ((f = H.twin[e]) < 0)
            continue;
        int t1 = e / 3, t2 = f / 3;
        int ne = 3 * t1 + (e % 3 + 1) % 3, pe = 3 * t1 + (e % 3 + 2) % 3;
        int nf = 3 * t2 + (f % 3 + 1) % 3, pf = 3 * t2 + (f % 3 + 2) % 3;
        int u = tri[e], v = tri[ne], a = tri[pe], b = tri[pf];
        ncs_vec2 U = p->pt[u], Vv = p->pt[v], A = p->pt[a], B = p->pt[b];
        if (a == b || !in_circle(U, Vv, A, B) || ncs_orient2d(A, U, B) <= 0 ||
            ncs_orient2d(B, Vv, A) <= 0)
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
