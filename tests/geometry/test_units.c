/* test_units.c - validation diagnostics (one case per rule, exact text),
 * winding normalisation, explicit groups, body placement checks, discs
 * (Nguyen section 4.3: a disc near a square's corner), rigid polygon
 * bodies, and the JSON dump. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "geom_int.h"
#include "predicates.h"
#include "tgeom.h"

enum { MAXP = 64, MAXRINGS = 8 };

/** Rings parsed from "x y, x y, ... | hole ... | hole ...". */
typedef struct rings {
    int n;
    int count[MAXRINGS];
    ncs_vec2 pt[MAXRINGS][MAXP];
    ncs_vec2 *ptr[MAXRINGS];
} rings;

static void parse_rings(rings *r, const char *s) {
    char *end;
    memset(r, 0, sizeof *r);
    r->n = 1;
    r->ptr[0] = r->pt[0];
    while (*s) {
        if (*s == '|') {
            r->ptr[r->n] = r->pt[r->n];
            r->n++;
            s++;
            continue;
        }
        if (*s == ',' || *s == ' ') {
            s++;
            continue;
        }
        double x = strtod(s, &end);
        double y = strtod(end, &end);
        r->pt[r->n - 1][r->count[r->n - 1]++] = (ncs_vec2){x, y};
        s = end;
    }
}

/** One validation case: a polygon, the build result, the exact messages. */
typedef struct vcase {
    const char *name;
    const char *rings;
    int rc;                 /* expected ncs_geom_build result */
    const char *out;        /* expected diagnostics, exactly */
} vcase;

static const vcase CASES[] = {
    {"non-finite", "0 0, nan 0, 1 1", -1,
     "t.ncs:10:2: error: obstacle 'o': vertex 2 has a non-finite coordinate\n"},
    {"infinite", "0 0, 1 0, 1 inf", -1,
     "t.ncs:10:3: error: obstacle 'o': vertex 3 has a non-finite coordinate\n"},
    {"two distinct", "0 0, 1 1, 1 1, 0 0", -1,
     "t.ncs:10:3: warning: obstacle 'o': vertex 3 repeats vertex 2; dropped\n"
     "t.ncs:10:100: error: obstacle 'o' has fewer than 3 distinct vertices\n"},
    {"zero area", "0 0, 1 1, 3 3, 2 2", -1,
     "t.ncs:10:100: error: obstacle 'o' has zero area (all vertices are collinear)\n"},
    {"duplicate", "0 0, 1 0, 1 0, 1 1", 0,
     "t.ncs:10:3: warning: obstacle 'o': vertex 3 repeats vertex 2; dropped\n"},
    {"wrapped duplicate", "0 0, 1 0, 1 1, 0 0, 0 0", 0,
     "t.ncs:10:4: warning: obstacle 'o': vertex 4 repeats vertex 1; dropped\n"},
    {"closing vertex", "0 0, 1 0, 1 1, 0 0", 0, ""},
    {"collinear", "0 0, 1 0, 2 0, 2 1", 0,
     "t.ncs:10:2: warning: obstacle 'o': vertex 2 is collinear with its neighbours; dropped\n"},
    {"collinear run", "0 0, 1 0, 2 0, 3 0, 3 1, 0 1, 0 0.5", 0,
     "t.ncs:10:2: warning: obstacle 'o': vertex 2 is collinear with its neighbours; dropped\n"
     "t.ncs:10:3: warning: obstacle 'o': vertex 3 is collinear with its neighbours; dropped\n"
     "t.ncs:10:7: warning: obstacle 'o': vertex 7 is collinear with its neighbours; dropped\n"},
    {"touching vertex", "0 0, 2 0, 2 1, 3 1, 2 1.0000000001, 2 1", -1,
     "t.ncs:10:6: error: obstacle 'o': vertex 6 touches edge 2-3\n"},
    {"spike aba", "0 0, 2 0, 2 1, 3 1, 2 1", -1,
     "t.ncs:10:4: error: obstacle 'o': spike at vertex 4 (the boundary doubles back on itself)\n"},
    {"spike overshoot", "0 0, 2 0, 2 2, 2 1, 0 1", -1,
     "t.ncs:10:3: error: obstacle 'o': spike at vertex 3 (the boundary doubles back on itself)\n"},
    {"bowtie", "0 0, 2 2, 2 0, 0 2", -1,
     "t.ncs:10:3: error: obstacle 'o': edges 1-2 and 3-4 cross\n"},
    {"crossing", "0 0, 6 0, 6 3, 4 3, 4 -1, 2 -1, 2 3, 0 3", -1,
     "t.ncs:10:4: error: obstacle 'o': edges 1-2 and 4-5 cross\n"},
    {"touching", "0 0, 4 0, 4 3, 2 0, 0 3", -1,
     "t.ncs:10:4: error: obstacle 'o': vertex 4 touches edge 1-2\n"},
    {"spike far", "0 0, 4 0, 4 4, 2 2, 4 2, 2 2, 0 4", -1,
     "t.ncs:10:5: error: obstacle 'o': spike at vertex 5 (the boundary doubles back on itself)\n"},
    {"vertex on vertex", "0 0, 2 2, 4 0, 4 4, 2 2, 0 4", -1,
     "t.ncs:10:5: error: obstacle 'o': vertex 5 touches edge 1-2\n"},
    {"cw outer", "0 0, 0 1, 1 1, 1 0", 0, ""},
    {"hole outside", "0 0, 4 0, 4 4, 0 4 | 5 5, 6 5, 6 6", -1,
     "t.ncs:11:100: error: hole 1 of obstacle 'o' lies outside the outer ring\n"},
    {"hole crossing", "0 0, 4 0, 4 4, 0 4 | 3 1, 5 1, 5 2, 3 2", -1,
     "t.ncs:11:1: error: hole 1 of obstacle 'o' crosses the outer ring "
     "(hole edge 1-2, outer edge 2-3)\n"},
    {"hole touching", "0 0, 4 0, 4 4, 0 4 | 4 1, 3 2, 3 1", -1,
     "t.ncs:11:1: error: hole 1 of obstacle 'o' touches the outer ring at (4, 1)\n"},
    {"holes crossing", "0 0, 9 0, 9 9, 0 9 | 1 1, 4 1, 4 4, 1 4 | 3 3, 6 3, 6 6, 3 6", -1,
     "t.ncs:12:1: error: holes 1 and 2 of obstacle 'o' cross (edges 2-3 and 1-2)\n"},
    {"holes touching", "0 0, 9 0, 9 9, 0 9 | 1 1, 4 1, 4 4, 1 4 | 4 4, 6 4, 6 6", -1,
     "t.ncs:12:1: error: holes 1 and 2 of obstacle 'o' touch at (4, 4)\n"},
    {"hole in hole", "0 0, 9 0, 9 9, 0 9 | 1 1, 8 1, 8 8, 1 8 | 3 3, 6 3, 6 6", -1,
     "t.ncs:12:100: error: hole 2 of obstacle 'o' lies inside hole 1\n"},
    {"hole fine", "0 0, 9 0, 9 9, 0 9 | 1 1, 4 1, 4 4, 1 4 | 5 5, 6 5, 6 6", 0, ""},
};

static void run_cases(void) {
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        const vcase *c = &CASES[i];
        static rings r;
        static tg_scene t;
        char out[2048];
        ncs_geometry g;
        parse_rings(&r, c->rings);
        tg_init(&t);
        tg_polygon(&t, "o", r.n, r.ptr, r.count);
        int rc = tg_build(&t, NULL, &g, out, sizeof out);
        CHECK(rc == c->rc, "%s: rc %d", c->name, rc);
        CHECK(strcmp(out, c->out) == 0, "%s: got\n%s", c->name, out);
        if (rc == 0) {
            CHECK(g.pieces.ngroups >= 1, "%s: no groups", c->name);
            for (int k = 0; k < g.pieces.ngroups; k++) {   /* CCW pieces */
                const ncs_group *gr = &g.pieces.groups[k];
                ncs_vec2 w[64];
                int nw = 0;
                for (int j = 0; j < gr->nverts && nw < 64; j++) {   /* caps repeat */
                    ncs_vec2 p = g.pieces.verts[gr->first_vert + j];
                    if (nw == 0 || !ncs_vec2_same(p, w[nw - 1]))
                        w[nw++] = p;
                }
                for (int j = 0; j < nw; j++)
                    CHECK(ncs_orient2d(w[j], w[(j + 1) % nw], w[(j + 2) % nw]) > 0,
                          "%s: group %d not CCW", c->name, k);
            }
        }
        ncs_geom_free(&g);
    }
}

static ncs_vec2 V(double x, double y) { return (ncs_vec2){x, y}; }

/* Nguyen 4.3: a disc whose centre is in the corner region of a square
 * (both edge distances below the radius, corner distance above it) must
 * not be classified as penetrating by the grown groups. */
static void test_disc_corner(void) {
    static tg_scene t;
    ncs_vec2 sq[4] = {V(0, 0), V(1, 0), V(1, 1), V(0, 1)};
    ncs_vec2 *rp[1] = {sq};
    int cnt[1] = {4};
    double r = 0.25;
    ncs_geometry g;
    char out[512];
    tg_init(&t);
    tg_polygon(&t, "box", 1, rp, cnt);
    tg_body(&t, "d", NCS_DISC, V(3, 3), r, NULL, 0);
    tg_body(&t, "e", NCS_DISC, V(-3, 3), 0.5, NULL, 0);
    tg_body(&t, "f", NCS_DISC, V(3, -3), r, NULL, 0);
    tg_body(&t, "p", NCS_PARTICLE, V(-3, -3), 0, NULL, 0);
    CHECK(tg_build(&t, NULL, &g, out, sizeof out) == 0, "disc scene: %s", out);
    CHECK(g.nspaces == 2, "two radii, got %d spaces", g.nspaces);
    CHECK(g.body_space[0] == 0 && g.body_space[1] == 1 && g.body_space[2] == 0 &&
          g.body_space[3] == -1, "body spaces");
    const ncs_cspace *c = &g.spaces[0];
    CHECK(c->radius == r, "radius");
    ncs_vec2 corner = V(1 + 0.8 * r, 1 + 0.8 * r);  /* |.| = 1.13 r from (1,1) */
    CHECK(1 + 0.8 * r - 1 < r, "both edge distances below the radius");
    CHECK(!tg_inside(c, corner), "corner-region centre reported as penetrating");
    CHECK(tg_inside(c, V(1 + 0.6 * r, 1 + 0.6 * r)), "0.85 r from the corner: inside");
    CHECK(tg_inside(c, V(1 + 0.5 * r, 0.5)), "half a radius right of the box: inside");
    CHECK(tg_inside(c, V(0.5, 0.5)), "centre of the box: inside");
    /* conservative and within disc_tol: sample around the box */
    double tol = ncs_geom_default_options().disc_tol;
    tg_rng rng = {12345};
    for (int i = 0; i < 20000; i++) {
        ncs_vec2 q = V(-1 + 3 * tg_uniform(&rng), -1 + 3 * tg_uniform(&rng));
        double dx = fmax(fmax(-q.x, q.x - 1), 0), dy = fmax(fmax(-q.y, q.y - 1), 0);
        double dist = hypot(dx, dy);
        if (dist < r * (1 - 1e-9))
            CHECK(tg_inside(c, q), "(%g, %g) at %g < r not inside", q.x, q.y, dist);
        else if (dist > r + tol * (1 + 1e-9))
            CHECK(!tg_inside(c, q), "(%g, %g) at %g > r + tol inside", q.x, q.y, dist);
    }
    /* the naive grown square (edges offset by r, sharp corner) gets it wrong */
    int naive_inside = corner.x - 1 < r && corner.y - 1 < r;
    CHECK(naive_inside, "the configuration reproduces Nguyen 4.3");
    ncs_geom_free(&g);
}

static void test_bodies(void) {
    static tg_scene t;
    ncs_vec2 sq[4] = {V(0, 0), V(4, 0), V(4, 4), V(0, 4)}, hole[3] = {V(1, 1), V(3, 1), V(2, 3)};
    ncs_vec2 *rp[2] = {sq, hole};
    int cnt[2] = {4, 3};
    ncs_vec2 shape[4] = {V(-0.5, -0.5), V(0.5, -0.5), V(0.5, 0.5), V(-0.5, 0.5)};
    ncs_vec2 bad_shape[4] = {V(0, 0), V(1, 1), V(1, 0), V(0, 1)};
    ncs_geometry g;
    char out[1024];
    struct {
        const char *name;
        int kind;
        ncs_vec2 pos;
        double radius;
        ncs_vec2 *shape;
        int inside;
    } cs[] = {
        {"particle inside", NCS_PARTICLE, V(0.5, 0.5), 0, NULL, 1},
        {"particle on the edge", NCS_PARTICLE, V(4, 2), 0, NULL, 0},
        {"particle at a vertex", NCS_PARTICLE, V(4, 4), 0, NULL, 0},
        {"particle in the hole", NCS_PARTICLE, V(2, 1.5), 0, NULL, 0},
        {"particle outside", NCS_PARTICLE, V(5, 2), 0, NULL, 0},
        {"disc overlapping", NCS_DISC, V(4.5, 2), 0.6, NULL, 1},
        {"disc touching", NCS_DISC, V(4.5, 2), 0.5, NULL, 0},
        {"disc near a corner", NCS_DISC, V(4.3, 4.3), 0.4, NULL, 0},
        {"disc in the hole, too big", NCS_DISC, V(2, 1.6), 0.7, NULL, 1},
        {"disc in the hole, fits", NCS_DISC, V(2, 1.6), 0.2, NULL, 0},
        {"square overlapping", NCS_POLYGON, V(4.4, 2), 0, shape, 1},
        {"square touching", NCS_POLYGON, V(4.5, 2), 0, shape, 0},
        {"square far", NCS_POLYGON, V(7, 7), 0, shape, 0},
        /* exact placement test: a 1e-11 deep sliver (area 1e-11 of the
         * body's) is an overlap; float clipping with a relative cutoff of
         * 1e-9 accepted it */
        {"square, sliver overlap", NCS_POLYGON, V(4.5 - 1e-11, 2), 0, shape, 1},
        {"square touching a corner", NCS_POLYGON, V(4.5, 4.5), 0, shape, 0},
        {"square in the hole, overlapping its edge", NCS_POLYGON, V(2, 1.45), 0, shape, 1},
    };
    for (size_t i = 0; i < sizeof cs / sizeof cs[0]; i++) {
        tg_init(&t);
        tg_polygon(&t, "o", 2, rp, cnt);
        tg_body(&t, "b", cs[i].kind, cs[i].pos, cs[i].radius, cs[i].shape, 4);
        int rc = tg_build(&t, NULL, &g, out, sizeof out);
        if (cs[i].inside) {
            CHECK(rc == -1, "%s: accepted", cs[i].name);
            CHECK(strcmp(out, "t.ncs:100:6: error: body 'b' starts inside obstacle 'o'\n"
                              "t.ncs:10:10: note: obstacle 'o' is declared here\n") == 0,
                  "%s: got\n%s", cs[i].name, out);
        } else {
            CHECK(rc == 0 && out[0] == 0, "%s: rejected:\n%s", cs[i].name, out);
            if (cs[i].kind == NCS_POLYGON && rc == 0)
                CHECK(g.body_pieces[0].ngroups == 1 && g.body_pieces[0].groups[0].nsides == 4,
                      "%s: body pieces", cs[i].name);
        }
        ncs_geom_free(&g);
    }
    /* an invalid body shape */
    tg_init(&t);
    tg_body(&t, "b", NCS_POLYGON, V(0, 0), 0, bad_shape, 4);
    CHECK(tg_build(&t, NULL, &g, out, sizeof out) == -1, "bowtie body accepted");
    CHECK(strcmp(out, "t.ncs:100:3: error: shape of body 'b': edges 1-2 and 3-4 cross\n") == 0,
          "bowtie body: got\n%s", out);
    /* overlapping obstacles are fine */
    tg_init(&t);
    tg_polygon(&t, "o", 1, rp, cnt);
    ncs_vec2 sq2[4] = {V(2, 2), V(6, 2), V(6, 6), V(2, 6)};
    ncs_vec2 *rp2[1] = {sq2};
    tg_polygon(&t, "q", 1, rp2, cnt);
    CHECK(tg_build(&t, NULL, &g, out, sizeof out) == 0 && out[0] == 0,
          "overlapping obstacles: %s", out);
    CHECK(g.pieces.ngroups == 2 && g.pieces.groups[1].obstacle == 1, "two groups");
    ncs_geom_free(&g);
}

static void test_explicit_group(void) {
    static tg_scene t;
    /* a wedge: outside is x <= 0 or y <= 0 (normals need not be unit) */
    ncs_vec2 pts[2] = {V(0, 0), V(0, 0)}, nrm[2] = {V(-2, 0), V(0, -3)};
    ncs_geometry g;
    char out[512];
    tg_init(&t);
    tg_group(&t, "w", 2, pts, nrm);
    tg_body(&t, "d", NCS_DISC, V(-0.5, 1), 0.25, NULL, 0);
    CHECK(tg_build(&t, NULL, &g, out, sizeof out) == 0 && out[0] == 0, "wedge: %s", out);
    CHECK(g.pieces.ngroups == 1 && g.pieces.groups[0].nverts == 0 &&
          g.pieces.groups[0].first_vert == -1 && g.pieces.groups[0].nsides == 2, "group");
    CHECK(g.pieces.sides[0].normal.x == -1 && g.pieces.sides[1].normal.y == -1, "unit");
    CHECK(g.area[0] == 0, "explicit groups have no area");
    CHECK(g.nspaces == 1 && g.spaces[0].sides[0].point.x == -0.25 &&
          g.spaces[0].sides[1].point.y == -0.25, "sides pushed out by the radius");
    ncs_geom_free(&g);
    tg_init(&t);
    tg_group(&t, "w", 2, pts, nrm);
    tg_body(&t, "p", NCS_PARTICLE, V(1, 1), 0, NULL, 0);
    CHECK(tg_build(&t, NULL, &g, out, sizeof out) == -1, "particle in the wedge");
    CHECK(strstr(out, "error: body 'p' starts inside obstacle 'w'") != NULL, "%s", out);
    ncs_geom_free(&g);
    tg_init(&t);
    tg_group(&t, "w", 2, pts, nrm);
    tg_body(&t, "d", NCS_DISC, V(-0.2, -0.2), 0.25, NULL, 0);   /* corner region */
    CHECK(tg_build(&t, NULL, &g, out, sizeof out) == 0, "disc 0.28 from the apex: %s", out);
    ncs_geom_free(&g);
    tg_init(&t);
    tg_group(&t, "w", 2, pts, nrm);
    tg_body(&t, "d", NCS_DISC, V(-0.1, 0.5), 0.25, NULL, 0);
    CHECK(tg_build(&t, NULL, &g, out, sizeof out) == -1, "disc overlapping the wedge");
    ncs_geom_free(&g);
    ncs_vec2 zero[1] = {V(0, 0)};
    tg_init(&t);
    tg_group(&t, "z", 1, pts, zero);
    CHECK(tg_build(&t, NULL, &g, out, sizeof out) == -1 &&
          strcmp(out, "t.ncs:10:3: error: obstacle 'z': side 1 needs a finite point and "
                      "a finite, nonzero normal\n") == 0, "zero normal: %s", out);
    ncs_geom_free(&g);
}

/* Exactness: points a few ulps off the line y = x. orient(p, (12,12),
 * (24,24)) = 12 (p.y - p.x) exactly; the naive formula gets many wrong. */
static void test_orient_exact(void) {
    ncs_vec2 b = V(12, 12), c = V(24, 24);
    int naive_wrong = 0;
    for (int i = 0; i < 64; i++)
        for (int j = 0; j < 64; j++) {
            ncs_vec2 p = V(0.5 + i * ldexp(1, -53), 0.5 + j * ldexp(1, -53));
            int want = (j > i) - (j < i);
            CHECK(ncs_orient2d(p, b, c) == want, "orient at (%d, %d)", i, j);
            CHECK(ncs_orient2d(b, c, p) == want && ncs_orient2d(c, p, b) == want,
                  "orient rotated at (%d, %d)", i, j);
            double naive = (p.x - c.x) * (b.y - c.y) - (p.y - c.y) * (b.x - c.x);
            naive_wrong += ((naive > 0) - (naive < 0)) != want;
        }
    CHECK(naive_wrong > 0, "the test should defeat plain floating point");
    CHECK(ncs_orient2d(V(0, 0), V(1e-30, 1e-30), V(1e30, 1e30)) == 0, "collinear, wide range");
    CHECK(ncs_orient2d(V(0, 0), V(1, 0), V(0.5, 1e-300)) == 1, "tiny but positive");
}

/* A 2000-gon far from the origin (grid padding must cover the coordinates'
 * rounding): fine as is, rejected with two neighbours swapped. */
static void test_far_crossing(void) {
    static tg_scene t;
    static ncs_vec2 pts[2000];
    ncs_vec2 *rp[1] = {pts};
    int cnt[1] = {2000};
    ncs_geometry g;
    char out[1024];
    for (int swap = 0; swap < 2; swap++) {
        for (int i = 0; i < 2000; i++) {
            double a = 2 * 3.14159265358979323846 * i / 2000;
            pts[i] = V(1e12 + 1e3 * cos(a), -1e12 + 1e3 * sin(a));
        }
        if (swap) {
            ncs_vec2 tmp = pts[700];
            pts[700] = pts[701];
            pts[701] = tmp;
        }
        tg_init(&t);
        tg_polygon(&t, "o", 1, rp, cnt);
        int rc = tg_build(&t, NULL, &g, out, sizeof out);
        if (!swap)
            CHECK(rc == 0 && g.pieces.ngroups == 1, "far circle: %s", out);
        else
            CHECK(rc == -1 && strcmp(out, "t.ncs:10:702: error: obstacle 'o': edges 700-701 "
                                           "and 702-703 cross\n") == 0, "far swap: %s", out);
        ncs_geom_free(&g);
    }
}

/* Extreme magnitudes: whatever the verdict, no crash, no hang, no UB. */
static void test_extreme(void) {
    static tg_scene t;
    static const double scale[] = {1e300, 1e-320, 1e154, 1e-160};
    ncs_geometry g;
    char out[2048];
    for (size_t k = 0; k < sizeof scale / sizeof scale[0]; k++) {
        double s = scale[k];
        ncs_vec2 pts[6] = {V(0, 0), V(4 * s, 0), V(4 * s, 4 * s), V(2 * s, s),
                           V(0, 4 * s), V(-s, 2 * s)};
        ncs_vec2 hole[3] = {V(s, 2 * s), V(0.5 * s, 2.5 * s), V(0.5 * s, 1.5 * s)};
        ncs_vec2 *rp[2] = {pts, hole};
        int cnt[2] = {6, 3};
        tg_init(&t);
        tg_polygon(&t, "o", 2, rp, cnt);
        tg_body(&t, "d", NCS_DISC, V(10 * s, 10 * s), s, NULL, 0);
        int rc = tg_build(&t, NULL, &g, out, sizeof out);
        CHECK(rc == 0 || rc == -1, "scale %g", s);
        ncs_geom_free(&g);
    }
}

/* Points on internal diagonals are inside the obstacle (no crack) also at
 * large coordinates, where an absolute 1e-6 overlap is below one ulp:
 * an L-shaped room with a notch, scaled to 1e11 and moved to 1e11. */
static void test_far_cracks(void) {
    static tg_scene t;
    static const double scale[] = {1, 1e11, 1, 1e6};
    static const double shift[] = {1e11, 0, 3e13, 1e11};
    ncs_geometry g;
    char out[512];
    for (int k = 0; k < 4; k++) {
        double s = scale[k], o = shift[k];
        ncs_vec2 base[8] = {V(0, 0), V(8, 0), V(8, 2), V(7, 2.5), V(6, 2), V(3, 2),
                            V(2, 1), V(0, 2)};
        ncs_vec2 pts[8];
        for (int i = 0; i < 8; i++)
            pts[i] = V(o + s * base[i].x, o + s * base[i].y);
        ncs_vec2 *rp[1] = {pts};
        int cnt[1] = {8};
        tg_init(&t);
        tg_polygon(&t, "o", 1, rp, cnt);
        CHECK(tg_build(&t, NULL, &g, out, sizeof out) == 0, "far cracks %d: %s", k, out);
        int tested = 0, inside = 0;
        for (int q = 0; q < g.pieces.ngroups; q++) {
            const ncs_group *gr = &g.pieces.groups[q];
            for (int j = 0; j < gr->nsides; j++) {
                ncs_vec2 a = g.pieces.verts[gr->first_vert + j];
                ncs_vec2 b = g.pieces.verts[gr->first_vert + (j + 1) % gr->nverts];
                if (!g.pieces.sides[gr->first_side + j].internal || ncs_vec2_same(a, b))
                    continue;
                for (int m = 1; m < 16; m++) {
                    double u = m / 16.0;
                    ncs_vec2 p = V(a.x + u * (b.x - a.x), a.y + u * (b.y - a.y));
                    tested++;
                    inside += tg_inside(&g.pieces, p);
                }
            }
        }
        CHECK(tested > 0 && inside == tested, "far cracks %d: %d of %d diagonal points inside",
              k, inside, tested);
        ncs_geom_free(&g);
    }
}

/* Under summation the diagonal overlap is at least the scene's epsilon
 * (its relaxed corners then stay inside the overlap); other formulations
 * keep the default. */
static void test_summation_overlap(void) {
    static tg_scene t;
    ncs_vec2 pts[6] = {V(0, 0), V(4, 0), V(4, 1), V(1, 1), V(1, 4), V(0, 4)};
    ncs_vec2 *rp[1] = {pts};
    int cnt[1] = {6};
    char out[256];
    for (int form = 0; form < 2; form++) {
        ncs_geometry g;
        tg_init(&t);
        tg_polygon(&t, "o", 1, rp, cnt);
        t.s.form = form ? NCS_FORM_SUMMATION : NCS_FORM_MAX;
        t.s.epsilon = 0.01;
        t.s.epsilon_auto = 0;
        CHECK(tg_build(&t, NULL, &g, out, sizeof out) == 0, "summation overlap: %s", out);
        int internal = 0;
        for (int q = 0; q < g.pieces.ngroups; q++) {
            const ncs_group *gr = &g.pieces.groups[q];
            for (int j = 0; j < gr->nsides; j++) {
                const ncs_gside *sd = &g.pieces.sides[gr->first_side + j];
                ncs_vec2 v = g.pieces.verts[gr->first_vert + j];
                if (!sd->internal)
                    continue;
                double shift = (sd->point.x - v.x) * sd->normal.x +
                               (sd->point.y - v.y) * sd->normal.y;
                double want = form ? 0.01 : 1e-6;
                CHECK(fabs(shift - want) < 1e-12, "form %d: internal side shifted by %g, "
                      "want %g", form, shift, want);
                internal++;
            }
        }
        CHECK(internal >= 2, "no internal sides");
        ncs_geom_free(&g);
    }
}

static void test_json(void) {
    static tg_scene t;
    ncs_vec2 sq[4] = {V(0, 0), V(2, 0), V(2, 2), V(0, 2)};
    ncs_vec2 *rp[1] = {sq};
    int cnt[1] = {4};
    ncs_geometry g;
    char out[256], a[8192], b[8192];
    tg_init(&t);
    tg_polygon(&t, "sq", 1, rp, cnt);
    tg_body(&t, "d", NCS_DISC, V(5, 5), 0.5, NULL, 0);
    CHECK(tg_build(&t, NULL, &g, out, sizeof out) == 0, "json scene");
    for (int pass = 0; pass < 2; pass++) {
        FILE *f = tmpfile();
        CHECK(f && ncs_geom_dump_json(&t.s, &g, f) == 0, "dump");
        if (!f)
            return;
        rewind(f);
        char *dst = pass ? b : a;
        dst[fread(dst, 1, 8191, f)] = 0;
        fclose(f);
    }
    CHECK(strcmp(a, b) == 0, "deterministic");
    CHECK(strstr(a, "{\"name\": \"sq\", \"kind\": \"polygon\", \"area\": 4, \"groups\": [") != NULL,
          "obstacle header: %s", a);
    CHECK(strstr(a, "{\"point\": [0, 0], \"normal\": [0, -1], \"internal\": 0, "
                    "\"obstacle\": \"sq\"}") != NULL,
          "a side: %s", a);
    CHECK(strstr(a, "{\"radius\": 0.5, \"bodies\": [\"d\"],") != NULL, "space: %s", a);
    ncs_geom_free(&g);
}

int main(void) {
    run_cases();
    test_disc_corner();
    test_bodies();
    test_explicit_group();
    test_json();
    test_orient_exact();
    test_far_crossing();
    test_extreme();
    test_far_cracks();
    test_summation_overlap();
    return CHECK_DONE();
}
