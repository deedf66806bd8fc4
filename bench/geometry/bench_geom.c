/* bench_geom.c - geometry stage throughput and constraint counts.
 *
 * Part 1: validation + triangulation + convex merging + groups
 * (ncs_geom_build) on random star polygons and polygons with holes of
 * 1e3, 1e4 and 1e5 vertices; prints vertices per second (best of several
 * runs) and the share spent validating.
 * Part 2: LCP rows of the groups when every group is active, triangles
 * versus Hertel-Mehlhorn convex pieces, per formulation (layout.h sizes,
 * frictionless), on a few typical obstacles, then on the example scenes
 * (examples/, examples/paper, examples/rigid: all obstacles of each
 * scene; polygon bodies' own pieces not counted).
 *
 * Part 3: the union of many obstacles (geom_union.c): rows of saw teeth
 * touching at their base vertices (a pinch at every joint), grids of
 * squares sharing edges, grids of overlapping squares; ncs_geom_build of
 * the whole scene and the share of ncs_gunion_build in it.
 *
 * Usage: bench_geometry [--quick] [--only LABEL-SUBSTRING] [--max N]
 *                       [--examples DIR]
 */
#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "geom_int.h"
#include "geom_snap.h"
#include "parse.h"

static const double PI = 3.14159265358979323846;

static uint64_t rng = 0x2545F4914F6CDD1DULL;

static double uniform(void) {
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (double)(rng >> 11) / 9007199254740992.0;
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

/* CPU time of this thread: on a shared, loaded machine the wall clock
 * measures the neighbours; the rates are computed from CPU time. */
static double cpu(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

/** A scene with one polygon obstacle of several rings. */
typedef struct bscene {
    ncs_scene s;
    ncs_obstacle ob;
    ncs_ring *rings;    /* [0] outer, then holes */
    int nrings;
} bscene;

static ncs_ring ring_alloc(int n) {
    ncs_ring r;
    memset(&r, 0, sizeof r);
    r.n = n;
    r.pt = malloc((size_t)n * sizeof *r.pt);
    r.loc = calloc((size_t)n, sizeof *r.loc);
    r.at.line = 1;
    r.at.col = 1;
    return r;
}

/* A random star of n vertices around c: radius in [0.5, 1] * scale when
 * spiky (every edge about as long as the polygon is wide), else a wavy
 * outline 1 + 0.2 sin(7a) with noise of the order of the edge length. */
static ncs_ring star(int n, ncs_vec2 c, double scale, int spiky) {
    ncs_ring r = ring_alloc(n);
    for (int i = 0; i < n; i++) {
        double a = 2 * PI * (i + 0.8 * uniform()) / n;
        double rad = spiky ? scale * (0.5 + 0.5 * uniform())
                           : scale * (1 + 0.2 * sin(7 * a) + 3.0 / n * uniform());
        r.pt[i].x = c.x + rad * cos(a);
        r.pt[i].y = c.y + rad * sin(a);
    }
    return r;
}

/* A square of side k with a wavy boundary of n vertices and up to h
 * small square holes (4 vertices each) on a grid. */
static void holes_scene(bscene *b, int n, int h) {
    int side = (int)ceil(sqrt((double)h));
    b->nrings = 1 + h;
    b->rings = malloc((size_t)b->nrings * sizeof *b->rings);
    b->rings[0] = ring_alloc(n);
    for (int i = 0; i < n; i++) {
        double t = 4.0 * i / n, x, y;
        int e = (int)t;
        double f = t - e, wob = 0.2 * uniform();
        if (e == 0) { x = f * side; y = -wob; }
        else if (e == 1) { x = side + wob; y = f * side; }
        else if (e == 2) { x = side - f * side; y = side + wob; }
        else { x = -wob; y = side - f * side; }
        b->rings[0].pt[i].x = x;
        b->rings[0].pt[i].y = y;
    }
    for (int k = 0; k < h; k++) {
        double cx = k % side + 0.5, cy = k / side + 0.5, s = 0.1 + 0.2 * uniform();
        ncs_ring r = ring_alloc(4);
        r.pt[0] = (ncs_vec2){cx - s, cy - s};
        r.pt[1] = (ncs_vec2){cx - s, cy + s};
        r.pt[2] = (ncs_vec2){cx + s, cy + s};
        r.pt[3] = (ncs_vec2){cx + s, cy - s};
        b->rings[1 + k] = r;
    }
}

/* A comb of about n vertices with long horizontal teeth: a spine at
 * x in [0, 1] and n/4 teeth of unit height reaching to x = n/4, one unit
 * apart (integer coordinates: many exactly collinear vertices). */
static ncs_ring comb(int n) {
    int teeth = n / 4 > 1 ? n / 4 : 2, k = 0;
    double len = teeth;
    ncs_ring r = ring_alloc(4 * teeth);
    r.pt[k++] = (ncs_vec2){0, 0};
    for (int i = 0; i < teeth; i++) {
        double y = 2.0 * i;
        if (i > 0)
            r.pt[k++] = (ncs_vec2){1, y};
        r.pt[k++] = (ncs_vec2){len, y};
        r.pt[k++] = (ncs_vec2){len, y + 1};
        r.pt[k++] = (ncs_vec2){1, y + 1};
    }
    r.pt[k - 1].x = 0;  /* the last tooth's top edge runs back to the spine */
    r.n = k;
    return r;
}

/* A star of n vertices with thin spokes: inner vertices on a circle of
 * radius 0.05, outer ones on radius 1 half-way between them in angle. */
static ncs_ring spokes(int n) {
    ncs_ring r = ring_alloc(n - n % 2);
    for (int i = 0; i < r.n; i++) {
        double a = 2 * PI * i / r.n, rad = i % 2 ? 1.0 : 0.05;
        r.pt[i].x = rad * cos(a);
        r.pt[i].y = rad * sin(a);
    }
    return r;
}

/* A long rectangle with h triangle holes in one row (3 h + 4 vertices). */
static void row_scene(bscene *b, int h) {
    b->nrings = 1 + h;
    b->rings = malloc((size_t)b->nrings * sizeof *b->rings);
    b->rings[0] = ring_alloc(4);
    b->rings[0].pt[0] = (ncs_vec2){0, 0};
    b->rings[0].pt[1] = (ncs_vec2){h + 1.0, 0};
    b->rings[0].pt[2] = (ncs_vec2){h + 1.0, 1};
    b->rings[0].pt[3] = (ncs_vec2){0, 1};
    for (int k = 0; k < h; k++) {
        ncs_ring r = ring_alloc(3);
        r.pt[0] = (ncs_vec2){k + 0.75, 0.25};
        r.pt[1] = (ncs_vec2){k + 1.25, 0.25};
        r.pt[2] = (ncs_vec2){k + 1.0, 0.75};
        b->rings[1 + k] = r;
    }
}

static void scene_init(bscene *b) {
    memset(&b->s, 0, sizeof b->s);
    memset(&b->ob, 0, sizeof b->ob);
    b->s.file = "bench";
    b->s.name = "bench";
    b->s.nobstacles = 1;
    b->s.obstacles = &b->ob;
    b->ob.name = "o";
    b->ob.outer = b->rings[0];
    b->ob.nholes = b->nrings - 1;
    b->ob.holes = b->rings + 1;
}

static void scene_free(bscene *b) {
    for (int k = 0; k < b->nrings; k++) {
        free(b->rings[k].pt);
        free(b->rings[k].loc);
    }
    free(b->rings);
}

static int total_vertices(const bscene *b) {
    int n = 0;
    for (int k = 0; k < b->nrings; k++)
        n += b->rings[k].n;
    return n;
}

static const char *only;    /* run only families whose label contains this */
static int max_size = 100000;   /* and only sizes up to this */

static void throughput(const char *label, bscene *b, int reps) {
    if (only && !strstr(label, only))
        return;
    ncs_diag d;
    ncs_geometry g;
    ncs_gpoly p;
    ncs_geom_options o = ncs_geom_default_options();
    int n = total_vertices(b);
    double best = INFINITY, best_val = INFINITY, best_wall = INFINITY;
    int groups = 0;
    scene_init(b);
    for (int r = 0; r < reps; r++) {
        ncs_diag_init(&d, "bench", NULL, 0);
        double w0 = now(), t0 = cpu();
        int rc = ncs_geom_build(&b->s, &o, &d, &g);
        double t1 = cpu(), w1 = now();
        if (rc != 0) {
            printf("%s: build failed\n", label);
            return;
        }
        groups = g.pieces.ngroups;
        ncs_geom_free(&g);
        best = fmin(best, t1 - t0);
        best_wall = fmin(best_wall, w1 - w0);
        t0 = cpu();
        rc = ncs_gpoly_build(&b->ob.outer, b->ob.holes, b->ob.nholes, "o", &d, &p);
        t1 = cpu();
        ncs_gpoly_free(&p);
        best_val = fmin(best_val, t1 - t0);
    }
    printf("%-24s %7d vertices %5d holes %6d pieces  cpu %8.2f ms  %5.2f M vertices/s"
           "  (validation %3.0f%%; wall %.2f ms)\n", label, n, b->nrings - 1, groups,
           1e3 * best, n / best / 1e6, 100 * best_val / best, 1e3 * best_wall);
    fflush(stdout);
}

/** Rows per formulation for a group of n sides, frictionless (layout.h). */
static void rows(const ncs_cspace *c, long out[4]) {
    memset(out, 0, 4 * sizeof *out);
    for (int k = 0; k < c->ngroups; k++) {
        long n = c->groups[k].nsides;
        out[0] += 4 * n + 2 + n;    /* max: 4y + 2g + (k+1) y */
        out[1] += 2 * n + n;        /* summation */
        out[2] += 2 * n - 1 + n;    /* diff */
        out[3] += 3 * n + n;        /* diff-accurate */
    }
}

static void counts(const char *label, bscene *b) {
    ncs_diag d;
    ncs_geometry g;
    long r[2][4];
    int ng[2], ns[2];
    scene_init(b);
    for (int m = 0; m < 2; m++) {
        ncs_geom_options o = ncs_geom_default_options();
        o.decomp = m ? NCS_DECOMP_CONVEX : NCS_DECOMP_TRIANGLES;
        ncs_diag_init(&d, "bench", NULL, 0);
        if (ncs_geom_build(&b->s, &o, &d, &g) != 0) {
            printf("%s: build failed\n", label);
            return;
        }
        rows(&g.pieces, r[m]);
        ng[m] = g.pieces.ngroups;
        ns[m] = g.pieces.nsides;
        ncs_geom_free(&g);
    }
    printf("%-22s groups %5d -> %5d  sides %6d -> %6d  rows max %7ld -> %7ld  "
           "sum %7ld -> %7ld  diff %7ld -> %7ld  diff-acc %7ld -> %7ld\n", label,
           ng[0], ng[1], ns[0], ns[1], r[0][0], r[1][0], r[0][1], r[1][1], r[0][2],
           r[1][2], r[0][3], r[1][3]);
}

/* Part 2 on one example scene file: groups, sides and rows of all its
 * obstacles, triangles -> convex pieces. */
static void scene_counts(const char *dir, const char *name) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "rb");
    if (!f) {
        printf("%-22s (not found: %s)\n", name, path);
        return;
    }
    static char text[1 << 20];
    size_t len = fread(text, 1, sizeof text, f);
    fclose(f);
    ncs_diag d;
    ncs_diag_init(&d, path, text, len);
    ncs_scene *sc = ncs_parse(path, text, len, &d);
    if (!sc) {
        printf("%-22s (does not parse)\n", name);
        return;
    }
    long r[2][4];
    int ng[2], ns[2];
    for (int m = 0; m < 2; m++) {
        ncs_geom_options o = ncs_geom_default_options();
        ncs_geometry g;
        o.decomp = m ? NCS_DECOMP_CONVEX : NCS_DECOMP_TRIANGLES;
        if (ncs_geom_build(sc, &o, &d, &g) != 0) {
            printf("%-22s (geometry failed)\n", name);
            ncs_scene_free(sc);
            return;
        }
        rows(&g.pieces, r[m]);
        ng[m] = g.pieces.ngroups;
        ns[m] = g.pieces.nsides;
        ncs_geom_free(&g);
    }
    printf("%-30s groups %4d -> %4d  sides %5d -> %5d  rows max %6ld -> %6ld  "
           "sum %5ld -> %5ld  diff %5ld -> %5ld  diff-acc %5ld -> %5ld\n", name,
           ng[0], ng[1], ns[0], ns[1], r[0][0], r[1][0], r[0][1], r[1][1], r[0][2],
           r[1][2], r[0][3], r[1][3]);
    ncs_scene_free(sc);
}

/** A scene of many one-ring obstacles. */
typedef struct mscene {
    ncs_scene s;
    ncs_obstacle *ob;
    char (*names)[16];
    int n;
} mscene;

static void mscene_init(mscene *m, int n) {
    memset(m, 0, sizeof *m);
    m->ob = calloc((size_t)(n > 0 ? n : 1), sizeof *m->ob);
    m->names = calloc((size_t)(n > 0 ? n : 1), sizeof *m->names);
    m->s.file = "bench";
    m->s.name = "bench";
    m->s.h = 0.01;
    m->s.obstacles = m->ob;
}

static void mscene_add(mscene *m, int nv, const ncs_vec2 *pt) {
    ncs_obstacle *o = &m->ob[m->n];
    snprintf(m->names[m->n], sizeof m->names[m->n], "o%d", m->n);
    o->name = m->names[m->n];
    o->outer = ring_alloc(nv);
    memcpy(o->outer.pt, pt, (size_t)nv * sizeof *pt);
    m->n++;
    m->s.nobstacles = m->n;
}

static void mscene_free(mscene *m) {
    for (int i = 0; i < m->n; i++) {
        free(m->ob[i].outer.pt);
        free(m->ob[i].outer.loc);
    }
    free(m->ob);
    free(m->names);
}

/* Times ncs_geom_build on m (best CPU time of reps) and ncs_gunion_build
 * alone on the validated obstacles. */
static void union_throughput(const char *label, mscene *m, int reps) {
    if (only && !strstr(label, only))
        return;
    ncs_geom_options o = ncs_geom_default_options();
    double best = INFINITY, best_union = INFINITY;
    int nv = 0, groups = 0, solids = 0, pinch = 0, fell = 0;
    for (int i = 0; i < m->n; i++)
        nv += m->ob[i].outer.n;
    ncs_gpoly *polys = calloc((size_t)(m->n > 0 ? m->n : 1), sizeof *polys);
    for (int r = 0; r < reps; r++) {
        ncs_diag d;
        ncs_geometry g;
        ncs_diag_init(&d, "bench", NULL, 0);
        double t0 = cpu();
        int rc = ncs_geom_build(&m->s, &o, &d, &g);
        double t1 = cpu();
        if (rc != 0) {
            printf("%s: build failed\n", label);
            free(polys);
            return;
        }
        groups = g.pieces.ngroups;
        solids = g.nsolids;
        ncs_geom_free(&g);
        best = fmin(best, t1 - t0);
        for (int i = 0; i < m->n; i++)
            ncs_gpoly_build(&m->ob[i].outer, NULL, 0, "o", &d, &polys[i]);
        ncs_gunion u;
        t0 = cpu();
        ncs_gunion_build(&m->s, polys, o.diag_overlap, ncs_gsnap_tol(polys, m->s.nobstacles), &d, &u);
        t1 = cpu();
        pinch = u.npinch;
        fell = u.nfallback;
        ncs_gunion_free(&u);
        for (int i = 0; i < m->n; i++)
            ncs_gpoly_free(&polys[i]);
        best_union = fmin(best_union, t1 - t0);
    }
    free(polys);
    printf("%-30s %6d obstacles %7d vertices -> %4d solids, %6d pieces, %5d pinches, "
           "%d unmerged  cpu %8.2f ms (union %8.2f ms, %3.0f%%)\n", label, m->n, nv,
           solids, groups, pinch, fell, 1e3 * best, 1e3 * best_union,
           100 * best_union / best);
    fflush(stdout);
}

/* n saw teeth in a row, each touching the next at one base vertex. */
static void teeth_row(mscene *m, int n) {
    mscene_init(m, n);
    for (int k = 0; k < n; k++) {
        ncs_vec2 t[3] = {{k, 0}, {k + 1.0, 0}, {k + 0.5, 1}};
        mscene_add(m, 3, t);
    }
}

/* A side x side grid of unit squares sharing edges (over = 0), or of
 * squares 1.5 wide overlapping their neighbours (over = 1). */
static void square_grid(mscene *m, int side, int over) {
    mscene_init(m, side * side);
    double w = over ? 1.5 : 1;
    for (int y = 0; y < side; y++)
        for (int x = 0; x < side; x++) {
            ncs_vec2 q[4] = {{x, y}, {x + w, y}, {x + w, y + w}, {x, y + w}};
            mscene_add(m, 4, q);
        }
}

static bscene one_ring(ncs_ring r) {
    bscene b;
    b.nrings = 1;
    b.rings = malloc(sizeof *b.rings);
    b.rings[0] = r;
    return b;
}

int main(int argc, char **argv) {
    static const int sizes[] = {1000, 10000, 100000};
    int quick = 0;
#ifdef NCS_EXAMPLES_DIR
    const char *examples = NCS_EXAMPLES_DIR;
#else
    const char *examples = "examples";
#endif
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--quick") == 0)
            quick = 1;
        else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc)
            only = argv[++i];
        else if (strcmp(argv[i], "--max") == 0 && i + 1 < argc)
            max_size = atoi(argv[++i]);
        else if (strcmp(argv[i], "--examples") == 0 && i + 1 < argc)
            examples = argv[++i];
    }
    printf("== throughput: ncs_geom_build (validation + triangulation + convex "
           "merge + groups), best of runs ==\n");
    for (int i = 0; i < 3 && sizes[i] <= max_size; i++) {
        char label[64];
        int reps = sizes[i] >= 100000 ? 3 : quick ? 3 : 10;
        bscene b = one_ring(star(sizes[i], (ncs_vec2){0, 0}, 1, 0));
        snprintf(label, sizeof label, "wavy star %d", sizes[i]);
        throughput(label, &b, reps);
        scene_free(&b);
        b = one_ring(star(sizes[i], (ncs_vec2){0, 0}, 1, 1));
        snprintf(label, sizeof label, "spiky star %d", sizes[i]);
        throughput(label, &b, reps);
        scene_free(&b);
        bscene h;
        holes_scene(&h, sizes[i] * 4 / 5, sizes[i] / 20 / 4 * 1);
        snprintf(label, sizeof label, "square + holes %d", sizes[i]);
        throughput(label, &h, reps);
        scene_free(&h);
        b = one_ring(comb(sizes[i]));
        snprintf(label, sizeof label, "comb, long teeth %d", sizes[i]);
        throughput(label, &b, reps);
        scene_free(&b);
        b = one_ring(spokes(sizes[i]));
        snprintf(label, sizeof label, "thin-spoke star %d", sizes[i]);
        throughput(label, &b, reps);
        scene_free(&b);
        row_scene(&h, sizes[i] / 3);
        snprintf(label, sizeof label, "row of holes %d", sizes[i]);
        throughput(label, &h, reps);
        scene_free(&h);
    }
    printf("\n== the union of many obstacles: ncs_geom_build, best of runs ==\n");
    {
        static const int teeth[] = {333, 3333, 33333};
        static const int grid[] = {32, 100, 317};
        for (int i = 0; i < 3 && teeth[i] * 3 <= max_size; i++) {
            char label[64];
            int reps = i == 2 ? 3 : quick ? 3 : 10;
            mscene m;
            teeth_row(&m, teeth[i]);
            snprintf(label, sizeof label, "row of touching teeth %d", teeth[i]);
            union_throughput(label, &m, reps);
            mscene_free(&m);
            square_grid(&m, grid[i], 0);
            snprintf(label, sizeof label, "grid of squares %d", grid[i] * grid[i]);
            union_throughput(label, &m, reps);
            mscene_free(&m);
            square_grid(&m, grid[i], 1);
            snprintf(label, sizeof label, "overlapping squares %d", grid[i] * grid[i]);
            union_throughput(label, &m, reps);
            mscene_free(&m);
        }
    }
    rng = 0x2545F4914F6CDD1DULL;    /* part 2 does not depend on what part 1 ran */
    printf("\n== LCP rows with every group active, frictionless: triangles -> "
           "convex pieces ==\n");
    static const int cn[] = {8, 32, 200, 1000};
    for (int i = 0; i < 4; i++) {
        char label[64];
        bscene b = one_ring(star(cn[i], (ncs_vec2){0, 0}, 1, 1));
        snprintf(label, sizeof label, "star %d", cn[i]);
        counts(label, &b);
        scene_free(&b);
    }
    {
        /* a comb: 20 teeth */
        ncs_ring r = ring_alloc(80);
        int k = 0, teeth = 20;
        r.pt[k++] = (ncs_vec2){0, 0};
        r.pt[k++] = (ncs_vec2){teeth - 0.5, 0};
        for (int i = teeth - 1; i >= 0; i--) {
            r.pt[k++] = (ncs_vec2){i + 0.5, 3};
            r.pt[k++] = (ncs_vec2){i, 3};
            if (i > 0) {
                r.pt[k++] = (ncs_vec2){i, 1};
                r.pt[k++] = (ncs_vec2){i - 0.5, 1};
            }
        }
        r.n = k;
        bscene b = one_ring(r);
        counts("comb 20 teeth", &b);
        scene_free(&b);
    }
    {
        ncs_ring r = ring_alloc(4);
        r.pt[0] = (ncs_vec2){0, 0}; r.pt[1] = (ncs_vec2){1, 0};
        r.pt[2] = (ncs_vec2){1, 1}; r.pt[3] = (ncs_vec2){0, 1};
        bscene b = one_ring(r);
        counts("square", &b);
        scene_free(&b);
        bscene h;
        holes_scene(&h, 40, 16);
        counts("square + 16 holes", &h);
        scene_free(&h);
    }
    printf("\n== the example scenes (all obstacles), triangles -> convex pieces ==\n");
    static const char *const files[] = {
        "corner.ncs", "holes.ncs", "large.ncs", "plinko.ncs", "room.ncs", "stairs.ncs",
        "valley.ncs", "paper/fig1-block-over-hole.ncs", "paper/fig3a-max.ncs",
        "paper/fig3a-sum.ncs", "paper/fig3b-max.ncs", "paper/fig3b-sum.ncs",
        "rigid/ledge.ncs", "rigid/rod.ncs", "rigid/stack.ncs", "rigid/tiles.ncs",
        "rigid/tip.ncs", "rigid/valley.ncs", "rigid/wall-corner.ncs"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
        scene_counts(examples, files[i]);
    return 0;
}
