/* test_union.c - the solid is the union of the polygon obstacles
 * (compiler/geometry/geom_union.c, docs/geometry.md "The solid").
 *
 * Named cases (shared edge, T-junctions, vertex on an edge, crossing
 * edges, containment, holes filled exactly or in part, a frame that
 * encloses a hole, pinch points), each with its vertex and ring counts;
 * per-side obstacles; and random lattice scenes whose union is checked
 * against an independent computation: the exact area of axis-aligned
 * rectangles by unit cells, and for random triangles the classification
 * of every point of a fine grid (inside some obstacle <=> inside the
 * solid) and the area within the grid's resolution. Every merged polygon
 * must pass the validator again without any message.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "geom_int.h"
#include "predicates.h"
#include "tgeom.h"

static tg_scene T;
static ncs_vec2 P[TG_MAX_OBST][4][16];

/* Adds a polygon with an outer ring and up to 3 holes, flat coordinates. */
static int poly(const char *name, int n, const double *xy, int nh, const int *hn,
                const double *const *hxy) {
    int i = T.s.nobstacles, counts[4];
    ncs_vec2 *pts[4];
    counts[0] = n;
    for (int k = 0; k < n; k++) {
        P[i][0][k].x = xy[2 * k];
        P[i][0][k].y = xy[2 * k + 1];
    }
    pts[0] = P[i][0];
    for (int h = 0; h < nh; h++) {
        counts[h + 1] = hn[h];
        for (int k = 0; k < hn[h]; k++) {
            P[i][h + 1][k].x = hxy[h][2 * k];
            P[i][h + 1][k].y = hxy[h][2 * k + 1];
        }
        pts[h + 1] = P[i][h + 1];
    }
    return tg_polygon(&T, name, nh + 1, pts, counts);
}

static int rect(const char *name, double x0, double y0, double x1, double y1) {
    double xy[8] = {x0, y0, x1, y0, x1, y1, x0, y1};
    return poly(name, 4, xy, 0, NULL, NULL);
}

static double ring_area(const ncs_solid *s, int r) {
    double a = 0;
    for (int v = s->ring_start[r]; v < s->ring_start[r + 1]; v++) {
        int w = v + 1 < s->ring_start[r + 1] ? v + 1 : s->ring_start[r];
        a += s->verts[v].x * s->verts[w].y - s->verts[w].x * s->verts[v].y;
    }
    return 0.5 * a;
}

/* Area of the whole solid (holes negative by their winding). */
static double solid_area(const ncs_geometry *g) {
    double a = 0;
    for (int k = 0; k < g->nsolids; k++)
        for (int r = 0; r < g->solids[k].nrings; r++)
            a += ring_area(&g->solids[k], r);
    return a;
}

/* Where q lies relative to the solid: 1 inside, 0 on, -1 outside. */
static int solid_locate(const ncs_geometry *g, ncs_vec2 q) {
    for (int k = 0; k < g->nsolids; k++) {
        const ncs_solid *s = &g->solids[k];
        int w = ncs_ring_locate(s->verts, s->ring_start[1], q);
        if (w <= 0) {
            if (w == 0)
                return 0;
            continue;
        }
        for (int r = 1; r < s->nrings && w > 0; r++) {
            int h = ncs_ring_locate(s->verts + s->ring_start[r],
                                    s->ring_start[r + 1] - s->ring_start[r], q);
            w = h > 0 ? -1 : h == 0 ? 0 : 1;
        }
        if (w >= 0)
            return w;
    }
    return -1;
}

/* Where q lies relative to the obstacles themselves, by their rings. */
static int obstacles_locate(ncs_vec2 q) {
    int best = -1;
    for (int i = 0; i < T.s.nobstacles; i++) {
        const ncs_obstacle *o = &T.ob[i];
        if (o->kind != NCS_OBST_POLYGON)
            continue;
        int w = ncs_ring_locate(o->outer.pt, o->outer.n, q);
        for (int h = 0; h < o->nholes && w > 0; h++) {
            int x = ncs_ring_locate(o->holes[h].pt, o->holes[h].n, q);
            w = x > 0 ? -1 : x == 0 ? 0 : 1;
        }
        if (w > best)
            best = w;
    }
    return best;
}

/* Every merged solid is valid again, without any message. */
static void check_valid(const ncs_geometry *g, const char *what) {
    for (int k = 0; k < g->nsolids; k++) {
        const ncs_solid *s = &g->solids[k];
        ncs_ring r[8];
        int nr = s->nrings < 8 ? s->nrings : 8;
        memset(r, 0, sizeof r);
        for (int j = 0; j < nr; j++) {
            r[j].n = s->ring_start[j + 1] - s->ring_start[j];
            r[j].pt = s->verts + s->ring_start[j];
        }
        ncs_diag d;
        ncs_diag_init(&d, "", NULL, 0);
        d.out = NULL;
        ncs_gpoly p;
        int rc = ncs_gpoly_build(&r[0], r + 1, nr - 1, "solid", &d, &p);
        CHECK(rc == 0 && d.nwarnings == 0 && d.nerrors == 0,
              "%s: solid %d is not valid as it is (rc %d, %d warnings)", what, k, rc,
              d.nwarnings);
        if (rc == 0) {
            CHECK(p.n == s->ring_start[s->nrings], "%s: solid %d lost vertices", what, k);
            ncs_gpoly_free(&p);
        }
        /* and no vertex twice (a pinch left) */
        for (int a = 0; a < s->ring_start[s->nrings]; a++)
            for (int b = a + 1; b < s->ring_start[s->nrings]; b++)
                CHECK(!ncs_vec2_same(s->verts[a], s->verts[b]),
                      "%s: solid %d has vertex (%g, %g) twice", what, k, s->verts[a].x,
                      s->verts[a].y);
    }
}

/* Builds T; returns its geometry (diagnostics in msg). */
static int build(ncs_geometry *g, char *msg, size_t cap) {
    ncs_geom_options o = ncs_geom_default_options();
    return tg_build(&T, &o, g, msg, cap);
}

/* Expects one build without messages, `nsolids` solids, the first one
 * with `nverts` vertices in `nrings` rings, and area `area`. */
static void expect(const char *what, int nsolids, int nrings, int nverts, double area) {
    ncs_geometry g;
    char msg[2048];
    int rc = build(&g, msg, sizeof msg);
    CHECK(rc == 0 && msg[0] == 0, "%s: build %d: %s", what, rc, msg);
    if (rc != 0)
        return;
    CHECK(g.nsolids == nsolids, "%s: %d solids, want %d", what, g.nsolids, nsolids);
    if (g.nsolids > 0) {
        const ncs_solid *s = &g.solids[0];
        CHECK(s->nrings == nrings, "%s: %d rings, want %d", what, s->nrings, nrings);
        CHECK(s->ring_start[s->nrings] == nverts, "%s: %d vertices, want %d", what,
              s->ring_start[s->nrings], nverts);
    }
    CHECK(fabs(solid_area(&g) - area) <= 1e-12 * (1 + area), "%s: area %.17g, want %g",
          what, solid_area(&g), area);
    check_valid(&g, what);
    ncs_geom_free(&g);
}

static void named_cases(void) {
    tg_init(&T);        /* full shared edge */
    rect("a", -5, -1, 0, 0);
    rect("b", 0, -1, 5, 0);
    expect("shared edge", 1, 1, 4, 10);

    tg_init(&T);        /* tiles of different widths: partial shared edges */
    rect("a", 0, 0, 2, 1);
    rect("b", 2, 0.25, 3, 0.75);
    expect("partial edge", 1, 1, 8, 2.5);

    tg_init(&T);        /* bricks: T-junctions of three obstacles */
    rect("a", 0, 0, 2, 1);
    rect("b", 2, 0, 4, 1);
    rect("c", 1, 1, 3, 2);
    expect("bricks", 1, 1, 8, 6);

    tg_init(&T);        /* a vertex of one on an edge of the other; its edges
                           leave it into and out of the rectangle */
    rect("a", 0, 0, 4, 1);
    { double xy[6] = {2, 1, 5, 0.5, 5, 2}; poly("tip", 3, xy, 0, NULL, NULL); }
    expect("vertex on edge", 1, 1, 7, 4 + 2.25 - 1.0 / 3);

    tg_init(&T);        /* properly crossing edges: two overlapping squares */
    rect("a", 0, 0, 2, 2);
    rect("b", 1, 1, 3, 3);
    expect("overlap", 1, 1, 8, 7);

    tg_init(&T);        /* crossings at points that are not doubles */
    { double xy[6] = {0, 0, 3, 0, 0, 3}; poly("t1", 3, xy, 0, NULL, NULL); }
    { double xy[6] = {1, -1, 2.5, 2, -0.5, 1}; poly("t2", 3, xy, 0, NULL, NULL); }
    {
        ncs_geometry g;
        char msg[2048];
        CHECK(build(&g, msg, sizeof msg) == 0 && msg[0] == 0, "rounded: %s", msg);
        CHECK(g.nsolids == 1, "rounded: %d solids", g.nsolids);
        check_valid(&g, "rounded crossings");
        ncs_geom_free(&g);
    }

    tg_init(&T);        /* one inside the other, touching and not */
    rect("a", 0, 0, 4, 4);
    rect("in", 1, 1, 2, 2);
    rect("edge", 0, 1, 1, 3);
    expect("inside", 1, 1, 4, 16);

    tg_init(&T);        /* exactly filling a hole */
    {
        double outer[8] = {0, 0, 4, 0, 4, 4, 0, 4}, hole[8] = {1, 1, 1, 3, 3, 3, 3, 1};
        const double *h[1] = {hole};
        int hn[1] = {4};
        poly("frame", 4, outer, 1, hn, h);
        rect("plug", 1, 1, 3, 3);
        expect("hole filled", 1, 1, 4, 16);
        tg_init(&T);
        poly("frame", 4, outer, 1, hn, h);
        rect("half", 1, 1, 2, 3);
        expect("hole half filled", 1, 2, 8, 14);
    }

    tg_init(&T);        /* four bars enclosing free space: a hole */
    rect("s", 0, 0, 4, 1);
    rect("e", 3, 0, 4, 4);
    rect("n", 0, 3, 4, 4);
    rect("w", 0, 0, 1, 4);
    expect("frame", 1, 2, 8, 12);

    tg_init(&T);        /* group obstacles are not merged */
    rect("a", 0, 0, 1, 1);
    {
        ncs_vec2 pt[1] = {{1, 0.5}}, nm[1] = {{-1, 0}};
        tg_group(&T, "z", 1, pt, nm);
    }
    rect("b", 1, 0, 2, 1);
    {
        ncs_geometry g;
        char msg[512];
        CHECK(build(&g, msg, sizeof msg) == 0, "group: %s", msg);
        CHECK(g.nsolids == 1 && g.solids[0].nmembers == 2, "group: %d solids", g.nsolids);
        int groups_z = 0;
        for (int k = 0; k < g.pieces.ngroups; k++)
            groups_z += g.pieces.groups[k].obstacle == 1;
        CHECK(groups_z == 1, "group: z has %d groups", groups_z);
        for (int k = 1; k < g.pieces.ngroups; k++)
            CHECK(g.pieces.groups[k - 1].obstacle <= g.pieces.groups[k].obstacle,
                  "groups not ordered by obstacle");
        ncs_geom_free(&g);
    }
}

/* Per-side obstacles: tiles a | b | c in a row, each boundary side lies on
 * its own tile's boundary; the convex corners are the row's four. */
static void provenance(void) {
    tg_init(&T);
    rect("a", 0, 0, 1, 1);
    rect("b", 1, 0, 3, 1);
    { double xy[6] = {3, 0, 4, 0, 3, 1}; poly("c", 3, xy, 0, NULL, NULL); }
    ncs_geometry g;
    char msg[512];
    CHECK(build(&g, msg, sizeof msg) == 0, "provenance: %s", msg);
    int bad = 0;
    for (int k = 0; k < g.pieces.ngroups; k++) {
        const ncs_group *gr = &g.pieces.groups[k];
        for (int j = 0; j < gr->nsides; j++) {
            const ncs_gside *sd = &g.pieces.sides[gr->first_side + j];
            if (sd->internal)
                continue;
            /* a point of the side: its vertex j and j+1 midpoint */
            ncs_vec2 a = g.pieces.verts[gr->first_vert + j];
            ncs_vec2 b = g.pieces.verts[gr->first_vert + (j + 1) % gr->nverts];
            ncs_vec2 m = {0.5 * (a.x + b.x), 0.5 * (a.y + b.y)};
            const ncs_obstacle *o = &T.ob[sd->obstacle];
            bad += ncs_ring_locate(o->outer.pt, o->outer.n, m) != 0;
        }
    }
    CHECK(bad == 0, "provenance: %d boundary sides not on their obstacle", bad);
    CHECK(g.ncorners == 4, "provenance: %d convex corners, want 4", g.ncorners);
    ncs_geom_free(&g);
}

/* Pinch points: two teeth sharing their base vertex (0, 0) only; two
 * squares meeting at a corner. The union is filled there: one ring, no
 * vertex twice, and every vertex that is no obstacle vertex lies within
 * the fill radius (64 overlaps, 6.4e-5 here: no bodies move) of the pinch. */
static void pinches(void) {
    for (int c = 0; c < 2; c++) {
        tg_init(&T);
        if (c == 0) {
            double l[6] = {-2, 0, 0, 0, -1, 1}, r[6] = {0, 0, 2, 0, 1, 1};
            poly("l", 3, l, 0, NULL, NULL);
            poly("r", 3, r, 0, NULL, NULL);
        } else {
            rect("l", -1, -1, 0, 0);
            rect("r", 0, 0, 1, 1);
        }
        ncs_geometry g;
        char msg[512];
        CHECK(build(&g, msg, sizeof msg) == 0 && msg[0] == 0, "pinch %d: %s", c, msg);
        CHECK(g.nsolids == 1 && g.solids[0].nrings == 1, "pinch %d: %d solids", c,
              g.nsolids);
        check_valid(&g, c ? "corner pinch" : "teeth pinch");
        double far = 0;
        for (int k = 0; k < g.nsolids; k++)
            for (int v = 0; v < g.solids[k].ring_start[1]; v++) {
                ncs_vec2 q = g.solids[k].verts[v];
                int orig = 0;
                for (int i = 0; i < T.s.nobstacles; i++)
                    for (int j = 0; j < T.ob[i].outer.n; j++)
                        orig += ncs_vec2_same(q, T.ob[i].outer.pt[j]);
                if (!orig)
                    far = fmax(far, hypot(q.x, q.y));
            }
        CHECK(far > 0 && far <= 6.4e-5 * (1 + 1e-9), "pinch %d: fill reaches %g", c, far);
        CHECK(solid_area(&g) > 2 && solid_area(&g) < 2 + 1e-8,
              "pinch %d: area %.17g", c, solid_area(&g));
        /* (0, 0) is inside the groups now, a point just below too: the
         * two free sides are separated */
        ncs_vec2 v = {0, 0};
        CHECK(tg_inside(&g.pieces, v) || solid_locate(&g, v) == 0,
              "pinch %d: (0,0) neither inside nor on the solid", c);
        ncs_geom_free(&g);
    }
}

/* Random axis-aligned rectangles on a lattice: the area of the union is
 * the number of unit cells covered, exactly. */
static void random_rects(tg_rng *r, int rounds) {
    int fell = 0;
    for (int t = 0; t < rounds; t++) {
        tg_init(&T);
        static char names[TG_MAX_OBST][16];
        int n = 2 + (int)(tg_uniform(r) * 10), L = 8;
        unsigned char cell[8][8];
        memset(cell, 0, sizeof cell);
        for (int i = 0; i < n; i++) {
            int x0 = (int)(tg_uniform(r) * L), y0 = (int)(tg_uniform(r) * L);
            int x1 = x0 + 1 + (int)(tg_uniform(r) * 4), y1 = y0 + 1 + (int)(tg_uniform(r) * 4);
            x1 = x1 > L ? L : x1;
            y1 = y1 > L ? L : y1;
            snprintf(names[i], sizeof names[i], "r%d", i);
            rect(names[i], x0, y0, x1, y1);
            for (int y = y0; y < y1; y++)
                for (int x = x0; x < x1; x++)
                    cell[y][x] = 1;
        }
        int want = 0;
        for (int y = 0; y < L; y++)
            for (int x = 0; x < L; x++)
                want += cell[y][x];
        ncs_geometry g;
        char msg[4096];
        int rc = build(&g, msg, sizeof msg);
        if (rc != 0 || strstr(msg, "warning")) {
            fell += strstr(msg, "stay separate") != NULL;
            CHECK(rc == 0, "rects %d: build failed: %s", t, msg);
            if (rc == 0)
                ncs_geom_free(&g);
            continue;
        }
        /* exact, but for the pinch fills (corners touching): radius 6.4e-5 */
        CHECK(solid_area(&g) >= want && solid_area(&g) <= want + 1e-6,
              "rects %d: area %.17g, want %d", t, solid_area(&g), want);
        check_valid(&g, "rects");
        /* cell centres: inside the solid iff covered */
        for (int y = 0; y < L; y++)
            for (int x = 0; x < L; x++) {
                ncs_vec2 q = {x + 0.5, y + 0.5};
                CHECK((solid_locate(&g, q) > 0) == cell[y][x], "rects %d: cell %d %d", t, x, y);
            }
        ncs_geom_free(&g);
    }
    CHECK(fell == 0, "rects: %d unions fell back", fell);
}

/* Adds triangle t<i> with flat coordinates xy. */
static void tri(int i, const double *xy) {
    static char names[TG_MAX_OBST][16];
    snprintf(names[i], sizeof names[i], "t%d", i);
    poly(names[i], 3, xy, 0, NULL, NULL);
}

/* With TU_DUMP set, prints the scene's triangles as .ncs obstacles. */
static void dump_triangles(void) {
    if (!getenv("TU_DUMP"))
        return;
    for (int i = 0; i < T.s.nobstacles; i++) {
        const ncs_vec2 *p = T.ob[i].outer.pt;
        fprintf(stderr, "obstacle t%d polygon { outer (%.17g, %.17g) (%.17g, %.17g) "
                "(%.17g, %.17g); }\n", i, p[0].x, p[0].y, p[1].x, p[1].y, p[2].x, p[2].y);
    }
    fprintf(stderr, "--\n");
}

/* Grid points ((x + ox) / S, (y + oy) / S) of [0, L)^2 off the obstacles'
 * boundaries classified differently by the solid and by the obstacles;
 * *in counts those inside the obstacles. */
static int mismatches(const ncs_geometry *g, int S, int L, double ox, double oy, int *in) {
    int mism = 0;
    *in = 0;
    for (int y = 0; y < S * L; y++)
        for (int x = 0; x < S * L; x++) {
            ncs_vec2 q = {(x + ox) / S, (y + oy) / S};
            int w = obstacles_locate(q);
            if (w == 0)
                continue;
            *in += w > 0;
            mism += solid_locate(g, q) != w;
        }
    return mism;
}

/* Random triangles with lattice vertices (touching, overlapping, sharing
 * vertices and edges, crossing): every grid point off the obstacles'
 * boundaries is inside the solid iff inside some obstacle; the solid's
 * area matches the grid count within its resolution. Unions that fall
 * back (a warning) are counted: they must be rare. */
static void random_triangles(tg_rng *r, int rounds) {
    int fell = 0, merged = 0;
    for (int t = 0; t < rounds; t++) {
        tg_init(&T);
        int n = 2 + (int)(tg_uniform(r) * 8), L = 6;
        for (int i = 0; i < n; i++) {
            double xy[6];
            for (;;) {
                for (int k = 0; k < 6; k++)
                    xy[k] = (int)(tg_uniform(r) * (L + 1));
                double a = (xy[2] - xy[0]) * (xy[5] - xy[1]) - (xy[4] - xy[0]) * (xy[3] - xy[1]);
                if (a != 0)
                    break;
            }
            tri(i, xy);
        }
        ncs_geometry g;
        char msg[4096];
        int rc = build(&g, msg, sizeof msg);
        CHECK(rc == 0, "triangles %d: build failed: %s", t, msg);
        if (rc != 0)
            continue;
        if (strstr(msg, "stay separate")) {
            fell++;
            dump_triangles();
            ncs_geom_free(&g);
            continue;
        }
        CHECK(msg[0] == 0, "triangles %d: message %s", t, msg);
        merged += g.nsolids < n;
        check_valid(&g, "triangles");
        int S = 64, in, mism = mismatches(&g, S, L, 0.5, 0.5, &in);
        CHECK(mism == 0, "triangles %d: %d grid points classified differently", t, mism);
        double grid = (double)in / (S * S), area = solid_area(&g);
        CHECK(fabs(grid - area) <= 4.0 * L * n * 3 / S, "triangles %d: area %g, grid %g",
              t, area, grid);
        ncs_geom_free(&g);
    }
    CHECK(fell == 0, "triangles: %d of %d unions fell back", fell, rounds);
    CHECK(merged * 2 >= rounds, "triangles: only %d of %d scenes merged anything",
          merged, rounds);
    printf("triangles: %d scenes, %d merged something, %d fell back\n", rounds, merged,
           fell);
}

/* Triangles whose vertices are rounded points on each other's edges
 * (a vertex a few ulps inside or outside an edge, crossings next to it):
 * the union or, when it cannot be made valid, the fallback; either way
 * every grid point off the boundaries is classified as by the obstacles.
 * Returns the number of fallbacks. */
static int near_touching(tg_rng *r, int rounds) {
    int fell = 0;
    for (int t = 0; t < rounds; t++) {
        tg_init(&T);
        int n = 2 + (int)(tg_uniform(r) * 4);
        double all[TG_MAX_OBST][6];
        for (int i = 0; i < n; i++) {
            double *xy = all[i];
            for (;;) {
                for (int k = 0; k < 6; k++)
                    xy[k] = tg_uniform(r) * 4;
                if (i > 0) {    /* one vertex on an edge of an earlier one */
                    int j = (int)(tg_uniform(r) * i), e = (int)(tg_uniform(r) * 3);
                    double u = tg_uniform(r), *o = all[j];
                    xy[0] = o[2 * e] + u * (o[(2 * e + 2) % 6] - o[2 * e]);
                    xy[1] = o[2 * e + 1] + u * (o[(2 * e + 3) % 6] - o[2 * e + 1]);
                }
                double a = (xy[2] - xy[0]) * (xy[5] - xy[1]) - (xy[4] - xy[0]) * (xy[3] - xy[1]);
                if (fabs(a) > 0.1)
                    break;
            }
            tri(i, xy);
        }
        ncs_geometry g;
        char msg[4096];
        int rc = build(&g, msg, sizeof msg);
        CHECK(rc == 0, "near %d: build failed: %s", t, msg);
        if (rc != 0)
            continue;
        if (strstr(msg, "stay separate")) {
            fell++;
            CHECK(g.nsolids == n, "near %d: fallback with %d solids", t, g.nsolids);
            dump_triangles();
        } else {
            CHECK(msg[0] == 0, "near %d: message %s", t, msg);
            check_valid(&g, "near");
        }
        int in, mism = mismatches(&g, 32, 4, 0.37, 0.61, &in);
        CHECK(mism == 0, "near %d: %d grid points classified differently", t, mism);
        ncs_geom_free(&g);
    }
    return fell;
}

/* A rectangle u0..u1 x v0..v1 of the frame turned by (c, sn), each corner
 * computed from the rectangle's own centre (so corners that two such
 * rectangles share are equal only up to rounding). */
static void turned_rect(const char *name, double c, double sn, double u0, double v0, double u1,
                        double v1) {
    double cu = (u0 + u1) / 2, cv = (v0 + v1) / 2, hu = (u1 - u0) / 2, hv = (v1 - v0) / 2;
    double X = cu * c - cv * sn, Y = cu * sn + cv * c, xy[8];
    static const int su[4] = {-1, 1, 1, -1}, sv[4] = {-1, -1, 1, 1};
    for (int k = 0; k < 4; k++) {
        xy[2 * k] = X + su[k] * hu * c - sv[k] * hv * sn;
        xy[2 * k + 1] = Y + su[k] * hu * sn + sv[k] * hv * c;
    }
    poly(name, 4, xy, 0, NULL, NULL);
}

/* Rows of touching tiles turned by an arbitrary angle, each tile computed
 * from its own centre (issue 24: their seams and tops are collinear only up
 * to rounding), some with a block standing across a seam (a T-junction):
 * the union never falls back, is one solid, and has a corner only where
 * the scene has one: 4 vertices for a row, 8 with a block. */
static void turned_rows(tg_rng *r, int rounds) {
    for (int t = 0; t < rounds; t++) {
        tg_init(&T);
        double th = (tg_uniform(r) - 0.5) * 6.2, c = cos(th), sn = sin(th);
        int n = 2 + (int)(tg_uniform(r) * 8), block = tg_uniform(r) < 0.5;
        double w = 0.25 + tg_uniform(r), h = 0.1 + tg_uniform(r), x0 = tg_uniform(r) * 3;
        static char names[TG_MAX_OBST][16];
        for (int i = 0; i < n; i++) {
            snprintf(names[i], sizeof names[i], "t%d", i);
            turned_rect(names[i], c, sn, x0 + i * w, -h, x0 + (i + 1) * w, 0);
        }
        double bw = w * (0.2 + 0.5 * tg_uniform(r)), bh = 0.1 + tg_uniform(r);
        double bu = x0 + w * (1 + (int)(tg_uniform(r) * (n - 1))) - bw / 2;
        if (block)
            turned_rect("blk", c, sn, bu, 0, bu + bw, bh);
        ncs_geometry g;
        char msg[4096];
        int rc = build(&g, msg, sizeof msg);
        CHECK(rc == 0 && msg[0] == 0, "turned row %d: build %d: %s", t, rc, msg);
        if (rc != 0)
            continue;
        CHECK(g.nsolids == 1, "turned row %d: %d solids, want 1", t, g.nsolids);
        if (g.nsolids == 1)
            CHECK(g.solids[0].ring_start[g.solids[0].nrings] == (block ? 8 : 4),
                  "turned row %d (%d tiles, block %d, angle %.17g): %d vertices, want %d", t,
                  n, block, th, g.solids[0].ring_start[g.solids[0].nrings], block ? 8 : 4);
        double area = n * w * h + (block ? bw * bh : 0);
        CHECK(fabs(solid_area(&g) - area) <= 1e-9 * area, "turned row %d: area %.17g, want %.17g",
              t, solid_area(&g), area);
        check_valid(&g, "turned row");
        ncs_geom_free(&g);
    }
}

int main(void) {
    tg_rng r = {0x1234567887654321ULL};
    named_cases();
    provenance();
    pinches();
    random_rects(&r, 300);
    random_triangles(&r, 150);
    int fell = near_touching(&r, 400);
    printf("near-touching: 400 scenes, %d fell back\n", fell);
    CHECK(fell == 0, "near-touching: %d of 400 unions fell back (8 before snapping)", fell);
    turned_rows(&r, 300);
    printf("turned rows: 300 scenes\n");
    return CHECK_DONE();
}
