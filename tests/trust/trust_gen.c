/* trust_gen.c - the scenes of the randomized trust test (issue 16),
 * generated deterministically from a seed.
 *
 *   trust_gen SEED FIRST COUNT DIR
 *
 * writes scenes FIRST .. FIRST+COUNT-1 of SEED as DIR/NNNNN-KIND.ncs.
 * Scene i depends on SEED and i only (its own generator state), so one
 * failing scene is made again alone with `trust_gen SEED i 1 DIR`. Every
 * coordinate, size and speed is a multiple of 1/8 (exact in binary), so a
 * body placed "exactly on a seam or a vertex" is exactly there. The kinds,
 * in turn (i mod 8):
 *
 *  0 slide:   a row of touching tiles (seams, tops flush, bottoms ragged),
 *             a wall at either end or not; a particle, disc or box sliding
 *             at 1..20 m/s along it, with gravity, or without gravity pressed
 *             onto it (then frictionless: the energy law applies); with
 *             friction or not;
 *  1 rest:    tiles and steps; bodies at rest exactly on seams and on seam
 *             vertices, and dropped exactly onto them;
 *  2 tjunct:  T-junctions of three obstacles (a block standing on the seam
 *             of two tiles, or flush with it); bodies sliding into and dropped
 *             onto them;
 *  3 overlap: two or three overlapping rectangles (ragged tops: concave and
 *             convex corners); bodies dropped and thrown at them;
 *  4 teeth:   saw teeth sharing base vertices (on a floor or not); bodies
 *             dropped exactly onto shared vertices and tips;
 *  5 stack:   a column of two or three or a pyramid of three equal aligned
 *             boxes resting flush on a floor made of tiles, with friction or
 *             not (small: the engine takes up to 0.1 s a step on seven
 *             boxes; tests/trust/scenes has the pyramid of ten);
 *  6 room:    a square obstacle with a square hole; particles and discs
 *             thrown at 1..20 m/s into its concave corners, with gravity or
 *             without (frictionless: the energy law applies);
 *  7 free:    no gravity, frictionless: bodies thrown at convex corners,
 *             seams and T-junctions of tiles and blocks (the energy law).
 *
 * Every scene says `expect every step solved;`. Exit status 0, or 2 on bad
 * arguments or when a file cannot be written.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- a deterministic generator (splitmix64) ------------------------------ */

static uint64_t rng_state;

static uint64_t next(void) {
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* An integer in lo..hi. */
static int irand(int lo, int hi) {
    return lo + (int)(next() % (uint64_t)(hi - lo + 1));
}

/* A multiple of 1/8 in lo..hi (lo, hi multiples of 1/8). */
static double e8(double lo, double hi) {
    return irand((int)(lo * 8), (int)(hi * 8)) / 8.0;
}

static int coin(void) {
    return (int)(next() & 1);
}

/* ---- writing --------------------------------------------------------------- */

static FILE *out;
static int nbody;

static void rect(const char *name, double x0, double y0, double x1, double y1) {
    fprintf(out, "obstacle %s polygon { outer (%g, %g) (%g, %g) (%g, %g) (%g, %g); }\n", name, x0,
            y0, x1, y0, x1, y1, x0, y1);
}

/* A body of kind k (0 particle, 1 disc, 2 box) with size s (disc radius,
 * box half height; box half width 2s or s) at (x, y) with velocity (vx,
 * vy); (x, y) is the point that rests on a surface below it when y is that
 * surface's height (the body is lifted by its size). */
static void body(int k, double s, double x, double y, double vx, double vy) {
    int b = nbody++;
    if (k == 0)
        fprintf(out, "body b%d particle { mass = 1; position = (%g, %g);", b, x, y);
    else if (k == 1)
        fprintf(out, "body b%d disc { mass = 1; radius = %g; position = (%g, %g);", b, s, x, y + s);
    else {
        double w = (b & 1) ? 2 * s : s;
        fprintf(out, "body b%d polygon { vertices (%g, %g) (%g, %g) (%g, %g) (%g, %g);\n"
                     "    mass = 1; position = (%g, %g);", b, -w, -s, w, -s, w, s, -w, s, x, y + s);
    }
    if (vx != 0 || vy != 0)
        fprintf(out, " velocity = (%g, %g);", vx, vy);
    fprintf(out, " }\n");
}

static double size_of(int k) {
    return k == 0 ? 0 : k == 1 ? e8(0.125, 0.5) : e8(0.125, 0.375);
}

static double speed(void) {
    return e8(1, 20) * (coin() ? 1 : -1);
}

/* A row of n touching tiles at least wmin wide with tops at height 0 from
 * x0; the seams' abscissas into seam[] (n + 1 values, the ends included). */
static void tiles(int n, double x0, double wmin, double *seam, const char *stem) {
    char name[32];
    seam[0] = x0;
    for (int i = 0; i < n; i++) {
        seam[i + 1] = seam[i] + e8(wmin, 3);
        snprintf(name, sizeof name, "%s%d", stem, i);
        rect(name, seam[i], -e8(0.5, 2), seam[i + 1], 0);
    }
}

static void header(const char *kind, unsigned long seed, long i, int gravity, double mu,
                   int steps) {
    fprintf(out, "# trust_gen %lu %ld 1: %s\n", seed, i, kind);
    fprintf(out, "scene g%ld_%s { h = 0.01; steps = %d; gravity = (0, %d);", i, kind, steps,
            gravity ? -10 : 0);
    if (mu > 0)
        fprintf(out, " friction = %g;", mu);
    fprintf(out, " }\n");
}

static double friction(void) {
    return coin() ? 0 : e8(0.125, 1);
}

/* ---- the kinds ------------------------------------------------------------- */

static void slide(unsigned long seed, long i) {
    int n = irand(2, 7), grav = coin(), k = irand(0, 2);
    double seam[8], mu = grav ? friction() : 0, s = size_of(k);
    header("slide", seed, i, grav, mu, 200);
    tiles(n, -e8(0, 4), 0.5, seam, "t");
    double x = coin() ? seam[irand(1, n - 1)] : e8(seam[0] + 0.5, seam[n] - 0.5);
    double x2 = seam[irand(1, n - 1)], vx = speed(), vy = grav ? 0 : -e8(0.125, 2);
    int two = coin() && (x2 - x > 2 || x - x2 > 2);
    /* walls at the ends (T-junctions with the end tiles) where no body is near */
    if (coin() && x - seam[0] >= 1 && (!two || x2 - seam[0] >= 1))
        rect("wl", seam[0] - 1, -2, seam[0], e8(0.25, 2));
    if (coin() && seam[n] - x >= 1 && (!two || seam[n] - x2 >= 1))
        rect("wr", seam[n], -2, seam[n] + 1, e8(0.25, 2));
    body(k, s, x, grav ? 0 : e8(0, 1), vx, vy);
    if (two)
        body(irand(0, 2), e8(0.125, 0.25), x2, 0, -vx / 2, vy);
}

static void rest(unsigned long seed, long i) {
    int n = irand(2, 6);
    double seam[8], mu = friction();
    header("rest", seed, i, 1, mu, 200);
    tiles(n, -e8(0, 4), 1.75, seam, "t");
    int step = coin();
    if (step)   /* a step: a block standing on the row between two seams */
        rect("st", seam[1], 0, seam[2], e8(0.25, 1));
    for (int j = 1; j < n; j++) {
        int k = irand(0, 2);
        if (step && j == 2)
            continue;   /* the block stands there */
        /* the first dropped (onto the step's corner when there is one), the
         * others at rest on seams (a box's corner on one, or its middle) */
        body(k, size_of(k), seam[j] + (k == 2 && coin() ? 0.125 : 0), j == 1 ? e8(1, 2) : 0,
             0, 0);
    }
}

static void tjunct(unsigned long seed, long i) {
    double seam[4], mu = friction(), top = e8(0.5, 2);
    int grav = 1;
    header("tjunct", seed, i, grav, mu, 200);
    tiles(3, -e8(2, 4), 2, seam, "t");
    /* a block on the seam between tiles 0 and 1 (flush with it, or across) */
    double bx = coin() ? seam[1] : seam[1] - e8(0.25, 0.5);
    rect("blk", bx, 0, bx + e8(0.5, 1.5), top);
    body(0, 0, bx, top + e8(0, 1), 0, 0);                     /* onto the block's corner */
    body(0, 0, seam[0] + 0.25, 0, e8(1, 20), 0);              /* into its foot */
    int k = irand(1, 2);
    body(k, size_of(k), seam[3] - 0.5, 0, -e8(1, 20), 0);     /* over the seams into it */
    body(irand(0, 2), 0.125, seam[2], e8(0, 1), 0, 0);        /* onto a seam */
}

static void overlap(unsigned long seed, long i) {
    int n = irand(2, 3), grav = coin();
    double mu = grav ? friction() : 0, x = -3;
    header("overlap", seed, i, grav, mu, 200);
    for (int j = 0; j < n; j++) {
        char name[16];
        double x1 = x + e8(1.5, 3);
        snprintf(name, sizeof name, "o%d", j);
        rect(name, x, -e8(0.5, 2), x1, coin() ? 0 : e8(-0.5, 0.5));
        x = x1 - e8(0.125, 1);   /* the next overlaps this one */
    }
    for (int j = 0; j < 3; j++) {   /* at heights apart: no two overlap */
        int k = irand(0, 2);
        body(k, size_of(k), e8(-3, x), 0.5 + 1.25 * j, speed() / 2, grav ? 0 : -e8(1, 10));
    }
}

static void teeth(unsigned long seed, long i) {
    int n = irand(2, 5), floor = coin();
    double x = -e8(0, 3), base[7], mu = friction();
    header("teeth", seed, i, 1, mu, 200);
    base[0] = x;
    for (int j = 0; j < n; j++) {
        double w = e8(0.5, 2), h = e8(0.25, 1.5);
        base[j + 1] = x + w;
        fprintf(out, "obstacle k%d polygon { outer (%g, 0) (%g, 0) (%g, %g); }\n", j, x, x + w,
                x + e8(0.125, w - 0.125), h);
        x += w;
    }
    if (floor)
        rect("fl", base[0] - 2, -1, x + 2, 0);
    for (int j = 1; j < n; j++) {   /* particles on or above shared vertices, discs above */
        int k = irand(0, 1);
        body(k, 0.125, base[j], k == 0 && coin() ? 0 : 1.5 + e8(0, 1), 0, 0);
    }
    if (coin()) {
        int k = irand(1, 2);
        body(k, size_of(k), e8(base[0], x), 3, 0, 0);
    }
}

static void stack(unsigned long seed, long i) {
    int grav = 1, pyramid = coin(), rows = pyramid ? 2 : irand(2, 3);
    double seam[8], mu = friction(), hw = e8(0.25, 0.75), hh = e8(0.125, 0.5);
    header("stack", seed, i, grav, mu, 150);
    tiles(irand(3, 6), -e8(3, 5), 0.5, seam, "t");
    double x0 = coin() ? seam[1] : e8(-1, 1), y = 0;
    for (int r = 0; r < rows; r++, y += 2 * hh) {
        int nb = pyramid ? rows - r : 1;
        for (int j = 0; j < nb; j++) {
            double cx = x0 + (2 * j - (nb - 1)) * hw;
            int b = nbody++;
            fprintf(out, "body b%d polygon { vertices (%g, %g) (%g, %g) (%g, %g) (%g, %g);\n"
                         "    mass = 1; position = (%g, %g); }\n",
                    b, -hw, -hh, hw, -hh, hw, hh, -hw, hh, cx, y + hh);
        }
    }
    if (coin()) {   /* a disc or particle dropped onto the top */
        int k = irand(0, 1);
        body(k, size_of(k), x0, y + e8(0.125, 1), 0, 0);
    }
}

static void room(unsigned long seed, long i) {
    int grav = coin();
    double a = e8(2, 4);
    header("room", seed, i, grav, 0, 200);
    fprintf(out, "obstacle room polygon { outer (%g, %g) (%g, %g) (%g, %g) (%g, %g);\n"
                 "    hole (%g, %g) (%g, %g) (%g, %g) (%g, %g); }\n",
            -a - 1, -a - 1, a + 1, -a - 1, a + 1, a + 1, -a - 1, a + 1, -a, -a, -a, a, a, a, a,
            -a);
    for (int j = 0; j < 3; j++) {
        int k = irand(0, 1), cx = coin() ? 1 : -1, cy = coin() ? 1 : -1;
        double s = k ? e8(0.125, 0.25) : 0, v = e8(1, 20);
        /* from a point inside towards the corner (cx a, cy a), not quite along the diagonal */
        double x = (j - 1) * a / 2, y = e8(-a / 2, a / 2) - s;   /* apart: no overlap */
        double dx = cx * a - x, dy = cy * a - y - s, l = (dx > 0 ? dx : -dx) + (dy > 0 ? dy : -dy);
        body(k, s, x, y, (int)(8 * v * dx / l) / 8.0, (int)(8 * v * dy / l) / 8.0);
    }
}

static void freefly(unsigned long seed, long i) {
    double seam[8];
    int n = irand(2, 5);
    header("free", seed, i, 0, 0, 200);
    tiles(n, -e8(2, 4), 0.5, seam, "t");
    rect("blk", seam[1], 0, seam[2], e8(0.25, 1));   /* convex corners, a T-junction */
    for (int j = 0; j < 3; j++) {
        int k = irand(0, 2);
        double tx = seam[irand(0, n)], ty = coin() ? 0 : 0.25;   /* aim at a seam or corner */
        double x = tx + e8(-2, 2), y = 1 + 1.25 * j, v = e8(1, 20);
        double dx = tx - x, dy = ty - y, l = (dx > 0 ? dx : -dx) + (dy > 0 ? dy : -dy);
        body(k, size_of(k), x, y, (int)(8 * v * dx / l) / 8.0, (int)(8 * v * dy / l) / 8.0);
    }
}

int main(int argc, char **argv) {
    static const char *const kind[] = {"slide", "rest", "tjunct", "overlap",
                                       "teeth", "stack", "room", "free"};
    static void (*const make[])(unsigned long, long) = {slide, rest, tjunct, overlap,
                                                        teeth, stack, room, freefly};
    if (argc != 5) {
        fprintf(stderr, "usage: trust_gen SEED FIRST COUNT DIR\n");
        return 2;
    }
    unsigned long seed = strtoul(argv[1], NULL, 10);
    long first = atol(argv[2]), count = atol(argv[3]);
    for (long i = first; i < first + count; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%05ld-%s.ncs", argv[4], i, kind[i % 8]);
        out = fopen(path, "w");
        if (!out) {
            fprintf(stderr, "trust_gen: cannot write '%s'\n", path);
            return 2;
        }
        rng_state = seed * 0x100000001b3u + (uint64_t)i;
        next();
        nbody = 0;
        make[i % 8](seed, i);
        fprintf(out, "expect every step solved;\n");
        if (fclose(out) != 0) {
            fprintf(stderr, "trust_gen: cannot write '%s'\n", path);
            return 2;
        }
    }
    return 0;
}
