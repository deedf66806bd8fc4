/* test_props.c - property tests of the decomposition over thousands of
 * random simple polygons (stars up to 2000 vertices, combs up to 600 teeth,
 * spirals up to 12 turns, large x-monotone polygons far from star-shaped,
 * many holes, near-collinear runs, random lattice rings), each at
 * 0/90/180/270 degrees: exact triangle counts, CCW and non-degenerate
 * triangles, strictly convex pieces, areas, no overlap between pieces (all
 * pairs with overlapping boxes, one rotation per polygon, up to 1500
 * triangles), and no crack along internal diagonals. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "geom_int.h"
#include "geom_snap.h"
#include "predicates.h"
#include "tgeom.h"

enum { MAXV = 6000, MAXR = 300 };

static const double PI = 3.14159265358979323846;

/** A generated polygon: rings of points. */
typedef struct gen {
    int nrings;
    int count[MAXR];
    ncs_vec2 *ring[MAXR];
    ncs_vec2 buf[MAXV];
    int used;
} gen;

static ncs_vec2 *ring_new(gen *g) {
    g->ring[g->nrings] = g->buf + g->used;
    g->count[g->nrings] = 0;
    return g->ring[g->nrings++];
}

static void put(gen *g, double x, double y) {
    ncs_vec2 *r = g->ring[g->nrings - 1];
    r[g->count[g->nrings - 1]++] = (ncs_vec2){x, y};
    g->used++;
}

static void gen_star(gen *g, tg_rng *r, int n) {
    static double ang[MAXV];
    double sum = 0;
    for (int i = 0; i < n; i++) {   /* gaps below pi: star-shaped, simple */
        ang[i] = sum;
        sum += 0.6 + 0.4 * tg_uniform(r);
    }
    for (int i = 0; i < n; i++)
        ang[i] *= 2 * PI / sum;
    ring_new(g);
    for (int i = 0; i < n; i++) {
        if (i > 0 && ang[i] == ang[i - 1])
            continue;
        double rad = 0.2 + tg_uniform(r);
        put(g, rad * cos(ang[i]), rad * sin(ang[i]));
    }
}

static void gen_comb(gen *g, tg_rng *r, int teeth) {
    ring_new(g);
    put(g, 0, 0);
    put(g, teeth - 0.5, 0);
    for (int i = teeth - 1; i >= 0; i--) {
        double top = 2 + floor(8 * tg_uniform(r)) / 4;
        put(g, i + 0.5, top);
        put(g, i, top);
        if (i > 0) {
            put(g, i, 1);
            put(g, i - 0.5, 1);
        }
    }
}

/* A large x-monotone polygon far from star-shaped: n points on a random
 * lower and upper chain with heights that jump between 0.1 and 5. */
static void gen_monotone(gen *g, tg_rng *r, int n) {
    int half = n / 2 > 2 ? n / 2 : 2;
    ring_new(g);
    for (int i = 0; i < half; i++)
        put(g, i + 0.3 * tg_uniform(r), -(0.1 + (tg_uniform(r) < 0.5 ? 4.9 : 0.5) * tg_uniform(r)));
    for (int i = half - 1; i >= 0; i--)
        put(g, i + 0.3 + 0.3 * tg_uniform(r), 0.1 + (tg_uniform(r) < 0.5 ? 4.9 : 0.5) * tg_uniform(r));
}

static void gen_spiral(gen *g, tg_rng *r, int turns, int per_turn) {
    double a = 1, b = 0.3, w = 0.8 * (0.5 + 0.5 * tg_uniform(r));
    int m = turns * per_turn;
    ring_new(g);
    for (int i = 0; i <= m; i++) {
        double t = 2 * PI * i / per_turn, rad = a + b * t;
        put(g, rad * cos(t), rad * sin(t));
    }
    for (int i = m; i >= 0; i--) {
        double t = 2 * PI * i / per_turn, rad = a + b * t - w;
        put(g, rad * cos(t), rad * sin(t));
    }
}

/* A square of side k with one small random triangle or quad hole per cell
 * (a random subset of the cells). */
static void gen_holes(gen *g, tg_rng *r, int k) {
    ring_new(g);
    for (int i = 0; i < k; i++)
        put(g, i, -0.1 * tg_uniform(r));
    for (int i = 0; i < k; i++)
        put(g, k + 0.1 * tg_uniform(r), i);
    for (int i = k; i > 0; i--)
        put(g, i, k + 0.1 * tg_uniform(r));
    for (int i = k; i > 0; i--)
        put(g, -0.1 * tg_uniform(r), i);
    for (int y = 0; y < k; y++) {
        for (int x = 0; x < k; x++) {
            if (tg_uniform(r) < 0.25 || g->nrings >= MAXR)
                continue;
            int m = tg_uniform(r) < 0.5 ? 3 : 4;
            double c = 2 * PI * tg_uniform(r);
            ring_new(g);
            for (int j = 0; j < m; j++) {
                double t = c + 2 * PI * j / m, rad = 0.15 + 0.2 * tg_uniform(r);
                put(g, x + 0.5 + rad * cos(t), y + 0.5 + rad * sin(t));
            }
        }
    }
}

/* A k x k square with an axis-aligned square hole in every cell: many
 * vertices share an x (the sweep order breaks the ties by y) and the
 * diagonals can be collinear with hole edges. */
static void gen_grid(gen *g, int k, double s) {
    ring_new(g);
    put(g, 0, 0);
    put(g, k, 0);
    put(g, k, k);
    put(g, 0, k);
    for (int y = 0; y < k; y++)
        for (int x = 0; x < k && g->nrings < MAXR; x++) {
            ring_new(g);
            put(g, x + 0.5 - s, y + 0.5 - s);
            put(g, x + 0.5 + s, y + 0.5 - s);
            put(g, x + 0.5 + s, y + 0.5 + s);
            put(g, x + 0.5 - s, y + 0.5 + s);
        }
}

/* A rectangle whose bottom side is a run of nearly (sometimes exactly)
 * collinear points. */
static void gen_flat(gen *g, tg_rng *r, int n) {
    ring_new(g);
    for (int i = 0; i < n; i++) {
        double e = tg_uniform(r) < 0.2 ? 0 : (tg_uniform(r) - 0.5) * 1e-13;
        put(g, (double)i / n + e, e * 3);
    }
    put(g, 1, 0);
    put(g, 1, 0.5);
    put(g, 0, 0.5);
}

static void rotate(gen *g, int quarter) {
    for (int k = 0; k < g->nrings; k++)
        for (int i = 0; i < g->count[k]; i++)
            for (int q = 0; q < quarter; q++) {
                ncs_vec2 p = g->ring[k][i];
                g->ring[k][i] = (ncs_vec2){-p.y, p.x};
            }
}

/* Interiors of convex CCW polygons a and b intersect (exact tests, plus a
 * centroid test for identical pieces). */
static int overlap(const ncs_vec2 *a, int na, const ncs_vec2 *b, int nb) {
    for (int i = 0; i < na; i++) {
        ncs_vec2 p = a[i], q = a[(i + 1) % na];
        for (int j = 0; j < nb; j++) {
            ncs_vec2 u = b[j], v = b[(j + 1) % nb];
            if (ncs_orient2d(p, q, u) * ncs_orient2d(p, q, v) < 0 &&
                ncs_orient2d(u, v, p) * ncs_orient2d(u, v, q) < 0)
                return 1;
        }
    }
    for (int pass = 0; pass < 2; pass++) {
        const ncs_vec2 *x = pass ? b : a, *y = pass ? a : b;
        int nx = pass ? nb : na, ny = pass ? na : nb;
        ncs_vec2 c = {0, 0};
        for (int i = 0; i < nx; i++) {
            c.x += x[i].x / nx;
            c.y += x[i].y / nx;
        }
        for (int i = -1; i < nx; i++) {
            ncs_vec2 p = i < 0 ? c : x[i];
            int in = 1;
            for (int j = 0; j < ny && in; j++)
                in = ncs_orient2d(y[j], y[(j + 1) % ny], p) > 0;
            if (in)
                return 1;
        }
    }
    return 0;
}

static double piece_area(const ncs_vec2 *v, int m) {
    double a = 0;
    for (int i = 1; i + 1 < m; i++)
        a += (v[i].x - v[0].x) * (v[i + 1].y - v[0].y) -
             (v[i + 1].x - v[0].x) * (v[i].y - v[0].y);
    return a / 2;
}

static double dist_to_boundary(const ncs_gpoly *p, ncs_vec2 q) {
    double best = INFINITY;
    for (int k = 0; k < p->nrings; k++)
        for (int i = p->start[k]; i < p->start[k + 1]; i++) {
            ncs_vec2 a = p->pt[i], b = p->pt[i + 1 < p->start[k + 1] ? i + 1 : p->start[k]];
            double dx = b.x - a.x, dy = b.y - a.y, l2 = dx * dx + dy * dy;
            double t = ((q.x - a.x) * dx + (q.y - a.y) * dy) / l2;
            t = t < 0 ? 0 : t > 1 ? 1 : t;
            best = fmin(best, hypot(q.x - a.x - t * dx, q.y - a.y - t * dy));
        }
    return best;
}

static long polys, tris_total, pieces_total, pairs_checked;

static double (*sort_boxes)[4];     /* qsort has no context argument */

static int cmp_box(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    double u = sort_boxes[x][0], v = sort_boxes[y][0];
    return u < v ? -1 : u > v ? 1 : (x > y) - (x < y);
}

/* Checks one decomposition (merge 0/1) of validated polygon p. */
static void check_pieces(const ncs_gpoly *p, const int *tri, int nt, int merge,
                         const char *label, int pairwise) {
    ncs_gpieces pc;
    static ncs_vec2 va[MAXV], vb[MAXV];
    CHECK(ncs_gpieces_build(p, tri, nt, merge, &pc) == 0, "%s: pieces", label);
    double sum = 0;
    int edges = 0;
    for (int k = 0; k < pc.npieces; k++) {
        int m = pc.start[k + 1] - pc.start[k];
        for (int j = 0; j < m; j++)
            va[j] = p->pt[pc.idx[pc.start[k] + j]];
        for (int j = 0; j < m; j++)
            CHECK(ncs_orient2d(va[j], va[(j + 1) % m], va[(j + 2) % m]) > 0,
                  "%s merge %d: piece %d not strictly convex", label, merge, k);
        sum += piece_area(va, m);
        edges += m;
    }
    CHECK(fabs(sum - p->area) <= 1e-9 * p->area, "%s merge %d: area %.17g vs %.17g",
          label, merge, sum, p->area);
    if (!merge)
        CHECK(pc.npieces == nt && edges == 3 * nt, "%s: triangles as pieces", label);
    else
        CHECK(pc.npieces <= nt && pc.npieces >= 1, "%s: %d pieces from %d triangles",
              label, pc.npieces, nt);
    if (merge)
        pieces_total += pc.npieces;
    if (pairwise) {
        /* every pair of pieces whose boxes overlap with positive area: boxes
         * sorted by their left side, so only x-overlapping pairs are met */
        static double box[MAXV][4];
        static int order[MAXV];
        for (int k = 0; k < pc.npieces; k++) {
            double *b = box[k];
            b[0] = b[1] = INFINITY;
            b[2] = b[3] = -INFINITY;
            for (int j = pc.start[k]; j < pc.start[k + 1]; j++) {
                ncs_vec2 q = p->pt[pc.idx[j]];
                b[0] = fmin(b[0], q.x);
                b[1] = fmin(b[1], q.y);
                b[2] = fmax(b[2], q.x);
                b[3] = fmax(b[3], q.y);
            }
            order[k] = k;
        }
        sort_boxes = box;
        qsort(order, (size_t)pc.npieces, sizeof *order, cmp_box);
        for (int i = 0; i < pc.npieces; i++) {
            int k = order[i], m = pc.start[k + 1] - pc.start[k];
            for (int j = 0; j < m; j++)
                va[j] = p->pt[pc.idx[pc.start[k] + j]];
            for (int i2 = i + 1; i2 < pc.npieces && box[order[i2]][0] < box[k][2]; i2++) {
                int l = order[i2], n2 = pc.start[l + 1] - pc.start[l];
                if (box[l][1] >= box[k][3] || box[k][1] >= box[l][3])
                    continue;
                for (int j = 0; j < n2; j++)
                    vb[j] = p->pt[pc.idx[pc.start[l] + j]];
                CHECK(!overlap(va, m, vb, n2), "%s merge %d: pieces %d and %d overlap",
                      label, merge, k, l);
                pairs_checked++;
            }
        }
    }
    ncs_gpieces_free(&pc);
}

/* No crack: points on and near internal diagonals and just inside every
 * vertex are inside by the union-of-groups rule; random points agree with
 * the polygon away from its boundary. */
static void check_cracks(const ncs_gpoly *p, const ncs_cspace *c, tg_rng *r,
                         const char *label, double overlap) {
    static const double ts[] = {1e-3, 0.5, 1 - 1e-3};
    int step = c->ngroups / 25 + 1;   /* about 25 groups per polygon */
    for (int k = (int)(tg_uniform(r) * step); k < c->ngroups; k += step) {
        const ncs_group *g = &c->groups[k];
        for (int j = 0; j < g->nsides; j++) {
            const ncs_gside *s = &c->sides[g->first_side + j];
            if (!s->internal)
                continue;
            ncs_vec2 a = c->verts[g->first_vert + j];
            ncs_vec2 b = c->verts[g->first_vert + (j + 1) % g->nverts];
            for (size_t t = 0; t < sizeof ts / sizeof ts[0]; t++) {
                for (int off = -1; off <= 1; off++) {
                    ncs_vec2 q = {a.x + ts[t] * (b.x - a.x) + off * 1e-12 * s->normal.x,
                                  a.y + ts[t] * (b.y - a.y) + off * 1e-12 * s->normal.y};
                    if (ncs_gpoly_locate(p, q) == 1)
                        CHECK(tg_inside(c, q), "%s: crack at (%.17g, %.17g) on "
                              "diagonal of group %d", label, q.x, q.y, k);
                }
            }
        }
    }
    /* overlap without bulge: every corner of every group (consecutive side
     * lines meeting) lies within 70 overlap of the polygon (every group up
     * to 400 groups, then a sample: each test is linear in the polygon) */
    int gstep = c->ngroups / 400 + 1;
    for (int k = gstep > 1 ? (int)(tg_uniform(r) * gstep) : 0; k < c->ngroups; k += gstep) {
        const ncs_group *g = &c->groups[k];
        for (int j = 0; j < g->nsides; j++) {
            const ncs_gside *s0 = &c->sides[g->first_side + (j + g->nsides - 1) % g->nsides];
            const ncs_gside *s1 = &c->sides[g->first_side + j];
            double det = s0->normal.x * s1->normal.y - s0->normal.y * s1->normal.x;
            if (fabs(det) < 1e-3)
                continue;   /* (nearly) parallel: no corner to speak of */
            double c0 = s0->point.x * s0->normal.x + s0->point.y * s0->normal.y;
            double c1 = s1->point.x * s1->normal.x + s1->point.y * s1->normal.y;
            ncs_vec2 q = {(c0 * s1->normal.y - c1 * s0->normal.y) / det,
                          (s0->normal.x * c1 - s1->normal.x * c0) / det};
            if (ncs_gpoly_locate(p, q) < 0)
                CHECK(dist_to_boundary(p, q) <= 70 * overlap + 1e-12,
                      "%s: group %d corner (%.17g, %.17g) bulges %g out", label, k, q.x,
                      q.y, dist_to_boundary(p, q));
        }
    }
    for (int k = 0; k < p->nrings; k++) {
        int s = p->start[k], e = p->start[k + 1];
        for (int i = s + (int)(tg_uniform(r) * 4); i < e; i += 1 + (e - s) / 30) {
            ncs_vec2 u = p->pt[i > s ? i - 1 : e - 1], v = p->pt[i];
            ncs_vec2 w = p->pt[i + 1 < e ? i + 1 : s];
            double a1 = atan2(u.y - v.y, u.x - v.x), a2 = atan2(w.y - v.y, w.x - v.x);
            double mid = a2 + 0.5 * remainder(a1 - a2 - PI, 2 * PI) + 0.5 * PI;
            for (int t = 0; t < 3; t++) {
                double eps = 1e-9 * pow(100, t);
                ncs_vec2 q = {v.x + eps * cos(mid), v.y + eps * sin(mid)};
                if (ncs_gpoly_locate(p, q) == 1)
                    CHECK(tg_inside(c, q), "%s: point near vertex %d not inside", label, i);
            }
        }
    }
    double bx0 = INFINITY, by0 = INFINITY, bx1 = -INFINITY, by1 = -INFINITY;
    for (int i = 0; i < p->n; i++) {
        bx0 = fmin(bx0, p->pt[i].x); bx1 = fmax(bx1, p->pt[i].x);
        by0 = fmin(by0, p->pt[i].y); by1 = fmax(by1, p->pt[i].y);
    }
    for (int i = 0; i < 20; i++) {
        ncs_vec2 q = {bx0 + (bx1 - bx0) * (1.2 * tg_uniform(r) - 0.1),
                      by0 + (by1 - by0) * (1.2 * tg_uniform(r) - 0.1)};
        int where = ncs_gpoly_locate(p, q);
        if (where == 1)
            CHECK(tg_inside(c, q), "%s: interior point (%g, %g) outside", label, q.x, q.y);
        else if (where < 0 && dist_to_boundary(p, q) > 1e-4)
            CHECK(!tg_inside(c, q), "%s: exterior point (%g, %g) inside", label, q.x, q.y);
    }
}

static long rejected;

/* Checks one generated polygon at four rotations; with may_reject, the
 * validator may refuse it (random rings), but whatever it accepts must
 * decompose correctly. */
static void check_any(gen *g, tg_rng *r, const char *kind, int idx, FILE *sink,
                      int may_reject) {
    char label[96];
    for (int rot = 0; rot < 4; rot++) {
        snprintf(label, sizeof label, "%s %d rot %d", kind, idx, rot * 90);
        ncs_ring rings[MAXR];
        for (int k = 0; k < g->nrings; k++) {
            memset(&rings[k], 0, sizeof rings[k]);
            rings[k].n = g->count[k];
            rings[k].pt = g->ring[k];
        }
        ncs_diag d;
        if (sink)   /* scratch for the messages, read only on failure */
            rewind(sink);
        ncs_diag_init(&d, "gen", NULL, 0);
        d.out = sink ? sink : stderr;
        ncs_gpoly p;
        int rc = ncs_gpoly_build(&rings[0], rings + 1, g->nrings - 1, "generated", &d, &p);
        if (rc != 0 && may_reject && rot == 0) {
            rejected++;
            return;
        }
        if (rc != 0 && sink) {
            char msg[300] = "";
            long len = ftell(sink);
            rewind(sink);
            msg[fread(msg, 1, len > 0 && len < 299 ? (size_t)len : 299, sink)] = 0;
            CHECK(rc == 0, "%s: rejected a valid polygon: %s", label, msg);
        }
        if (rc == 0) {
            int h = p.nrings - 1, nt = p.n + 2 * h - 2;
            int *tri = malloc((size_t)(3 * nt) * sizeof *tri);
            int got = ncs_gpoly_triangulate(&p, tri);
            if (got == nt && rot % 2 == 1)   /* half the checks on flipped triangles */
                CHECK(ncs_gpoly_delaunay(&p, tri, nt) >= 0, "%s: flips", label);
            CHECK(got == nt, "%s: %d triangles, want %d (n %d, h %d)", label, got, nt,
                  p.n, h);
            if (got == nt) {
                double sum = 0;
                for (int t = 0; t < nt; t++) {
                    ncs_vec2 a = p.pt[tri[3 * t]], b = p.pt[tri[3 * t + 1]],
                             c = p.pt[tri[3 * t + 2]];
                    CHECK(ncs_orient2d(a, b, c) > 0, "%s: triangle %d not CCW", label, t);
                    sum += ((b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y)) / 2;
                }
                CHECK(fabs(sum - p.area) <= 1e-9 * p.area, "%s: area %.17g vs %.17g",
                      label, sum, p.area);
                int pairwise = rot == (idx & 3) && nt <= 1500;   /* one rotation each */
                check_pieces(&p, tri, nt, 0, label, pairwise);
                check_pieces(&p, tri, nt, 1, label, pairwise);
                tris_total += nt;
            }
            /* the same through the public API, with the crack test; the
             * solid is the polygon without its thin corners (geom_snap.c),
             * so it has that polygon's triangles */
            int use = 1, ntsnap = nt;
            ncs_gpoly sp;
            memset(&sp, 0, sizeof sp);
            CHECK(ncs_gsnap(&p, &use, 1, ncs_gsnap_tol(&p, 1), &sp) >= 0, "%s: snap", label);
            if (sp.n > 0)
                ntsnap = sp.n + 2 * (sp.nrings - 1) - 2;
            ncs_gpoly_free(&sp);
            tg_scene *ts = malloc(sizeof *ts);
            tg_init(ts);
            tg_polygon(ts, "o", g->nrings, g->ring, g->count);
            for (int merge = 0; merge < 2; merge++) {
                ncs_geom_options o = ncs_geom_default_options();
                ncs_geometry geo;
                o.decomp = merge ? NCS_DECOMP_CONVEX : NCS_DECOMP_TRIANGLES;
                o.diag_overlap = 1e-9;
                CHECK(tg_build(ts, &o, &geo, NULL, 0) == 0, "%s: build", label);
                if (!merge)
                    CHECK(geo.pieces.ngroups == ntsnap, "%s: %d groups, want %d", label,
                          geo.pieces.ngroups, ntsnap);
                CHECK(fabs(geo.area[0] - p.area) <= 1e-12 * p.area, "%s: area", label);
                if (rot % 2 == merge)
                    check_cracks(&p, &geo.pieces, r, label,
                                 ncs_gpoly_overlap(&p, o.diag_overlap));
                ncs_geom_free(&geo);
            }
            free(ts);
            free(tri);
            polys++;
        }
        ncs_gpoly_free(&p);
        rotate(g, 1);
    }
}

static void check_gen(gen *g, tg_rng *r, const char *kind, int idx, FILE *sink) {
    check_any(g, r, kind, idx, sink, 0);
}

/* Random rings on a small integer lattice: mostly self-crossing, touching,
 * collinear or repeated; sometimes with a hole. */
static void gen_random(gen *g, tg_rng *r) {
    int n = 3 + (int)(tg_uniform(r) * 8), holes = tg_uniform(r) < 0.3;
    ring_new(g);
    for (int i = 0; i < n; i++)
        put(g, floor(tg_uniform(r) * 6), floor(tg_uniform(r) * 6));
    for (int h = 0; h < holes; h++) {
        ring_new(g);
        for (int i = 0; i < 3 + (int)(tg_uniform(r) * 3); i++)
            put(g, 1 + floor(tg_uniform(r) * 4), 1 + floor(tg_uniform(r) * 4));
    }
}

int main(void) {
    tg_rng r = {0x9E3779B97F4A7C15ULL};
    static gen g;
    FILE *sink = tmpfile();
    for (int i = 0; i < 400; i++) {
        memset(&g, 0, sizeof g.count);
        g.nrings = g.used = 0;
        gen_star(&g, &r, 3 + (int)(tg_uniform(&r) * (i < 300 ? 20 : i < 380 ? 200 : 2000)));
        check_gen(&g, &r, "star", i, sink);
    }
    for (int i = 0; i < 200; i++) {
        g.nrings = g.used = 0;
        gen_comb(&g, &r, 1 + (int)(tg_uniform(&r) * (i < 180 ? 40 : 600)));
        check_gen(&g, &r, "comb", i, sink);
    }
    for (int i = 0; i < 120; i++) {
        g.nrings = g.used = 0;
        gen_spiral(&g, &r, 1 + (int)(tg_uniform(&r) * (i < 100 ? 5 : 12)),
                   6 + (int)(tg_uniform(&r) * (i < 100 ? 40 : 200)));
        check_gen(&g, &r, "spiral", i, sink);
    }
    for (int i = 0; i < 200; i++) {
        g.nrings = g.used = 0;
        gen_monotone(&g, &r, 4 + (int)(tg_uniform(&r) * (i < 180 ? 100 : 3000)));
        check_gen(&g, &r, "monotone", i, sink);
    }
    for (int i = 0; i < 100; i++) {
        g.nrings = g.used = 0;
        gen_holes(&g, &r, 1 + (int)(tg_uniform(&r) * (i < 80 ? 9 : 16)));
        check_gen(&g, &r, "holes", i, sink);
    }
    for (int i = 0; i < 40; i++) {
        g.nrings = g.used = 0;
        gen_grid(&g, 1 + i % 8, i % 3 == 0 ? 0.25 : i % 3 == 1 ? 0.4 : 0.49);
        check_gen(&g, &r, "grid", i, sink);
    }
    for (int i = 0; i < 160; i++) {
        g.nrings = g.used = 0;
        gen_flat(&g, &r, 3 + (int)(tg_uniform(&r) * 60));
        check_gen(&g, &r, "flat", i, sink);
    }
    for (int i = 0; i < 3000; i++) {
        g.nrings = g.used = 0;
        gen_random(&g, &r);
        check_any(&g, &r, "random", i, sink, 1);
    }
    if (sink)
        fclose(sink);
    printf("%ld polygons (with rotations), %ld rejected, %ld triangles, %ld convex pieces, "
           "%ld piece pairs checked for overlap, %ld failures\n", polys, rejected, tris_total,
           pieces_total, pairs_checked, CHECK_FAILURES);
    return CHECK_DONE();
}
