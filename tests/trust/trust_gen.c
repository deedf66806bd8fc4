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
 * With a fifth argument `rounding` it writes the scenes of features at
 * rounding scale (issue 24) instead, coordinates printed in full (%.17g),
 * the kinds in turn (i mod 5):
 *
 *  0 turned:  a row of touching tiles turned by an arbitrary angle, each
 *             tile computed from its own centre (seams and tops collinear
 *             only up to rounding), sometimes a block across a seam; a
 *             particle, disc or box sliding along it frictionless without
 *             gravity, pressed onto it (`# trust: glide 2 K`: it keeps its
 *             speed until it reaches an end of the row), or at rest or
 *             sliding on it with gravity and friction
 *             (the Coulomb law);
 *  1 flattop: one obstacle whose top is a chain of 5 to 40 vertices
 *             collinear up to 1e-13, turned or not; bodies as in turned;
 *  2 vrest:   a particle at rest exactly at the bottom vertex of an
 *             asymmetric V notch in a floor (any coordinates), at the
 *             shared base vertex of two teeth on a floor, or a box at rest
 *             on a seam of tiles (`# trust: rest 1e-9`), 1000 steps;
 *  3 seambox: a box at rest on a seam of tiles, and a particle, disc or box
 *             sliding into it at 1..10 m/s, with friction or not;
 *  4 turning: a box turning at 1..10 rad/s dropped onto tiles, a particle
 *             or disc beside it.
 *
 * With `piles` it writes small piles (issue 26), the kinds in turn (i mod 5):
 *
 *  0 bin:     3 to 6 boxes at random angles dropped into a U-shaped bin (one
 *             nonconvex obstacle), with friction;
 *  1 mixed:   4 to 7 discs and boxes dropped into such a bin, with friction
 *             or not;
 *  2 lteeth:  2 to 4 L-shaped bodies (nonconvex), a box among them at times,
 *             dropped onto saw teeth on a floor, with friction;
 *  3 stack:   an aligned pyramid of base 2 or 3 or a column of 2 to 5 equal
 *             boxes standing on tiles with friction (`# trust: rest 1e-3`:
 *             no box moves 1 mm);
 *  4 pour:    4 to 8 discs, a box among them at times, poured into a
 *             V-shaped cup (one nonconvex obstacle), with friction or not.
 *
 * Every scene says `expect every step solved;`. Exit status 0, or 2 on bad
 * arguments or when a file cannot be written.
 */
#include <math.h>
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

/* A double in [lo, hi). */
static double urand(double lo, double hi) {
    return lo + (hi - lo) * (double)(next() >> 11) * 0x1p-53;
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
    if (y1 <= y0)       /* overlap's random top can meet its bottom: never a flat rectangle */
        y1 = y0 + 0.125;
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


/* ---- features at rounding scale (the `rounding` family) ------------------- */

/* The frame of a turned row: u along it, v up from its top. */
static double tc = 1, ts = 0;

static void turned_point(double u, double v, double *x, double *y) {
    *x = u * tc - v * ts;
    *y = u * ts + v * tc;
}

/* A rectangle u0..u1 x v0..v1 of the turned frame, its corners computed
 * from its own centre. */
static void turned_rect(const char *name, double u0, double v0, double u1, double v1) {
    double cu = (u0 + u1) / 2, cv = (v0 + v1) / 2, hu = (u1 - u0) / 2, hv = (v1 - v0) / 2;
    double X, Y;
    static const int su[4] = {-1, 1, 1, -1}, sv[4] = {-1, -1, 1, 1};
    turned_point(cu, cv, &X, &Y);
    fprintf(out, "obstacle %s polygon { outer", name);
    for (int k = 0; k < 4; k++)
        fprintf(out, " (%.17g, %.17g)", X + su[k] * hu * tc - sv[k] * hv * ts,
                Y + su[k] * hu * ts + sv[k] * hv * tc);
    fprintf(out, "; }\n");
}

/* A body of kind k and size s resting on the turned top (v = 0) at u, with
 * speed w along the row and vin into it (a box turned with the row). */
static void turned_body(int k, double s, double u, double w, double vin) {
    int b = nbody++;
    double x, y, vx = w * tc + vin * ts, vy = w * ts - vin * tc;
    turned_point(u, k == 0 ? 0 : s, &x, &y);
    if (k == 0)
        fprintf(out, "body b%d particle { mass = 1; position = (%.17g, %.17g);", b, x, y);
    else if (k == 1)
        fprintf(out, "body b%d disc { mass = 1; radius = %g; position = (%.17g, %.17g);", b, s, x,
                y);
    else
        fprintf(out, "body b%d polygon { vertices (%g, %g) (%g, %g) (%g, %g) (%g, %g);\n"
                     "    mass = 1; position = (%.17g, %.17g); angle = %.17g;",
                b, -2 * s, -s, 2 * s, -s, 2 * s, s, -2 * s, s, x, y, atan2(ts, tc));
    if (vx != 0 || vy != 0)
        fprintf(out, " velocity = (%.17g, %.17g);", vx, vy);
    fprintf(out, " }\n");
}

/* The header of a rounding scene, and the body on the row: frictionless
 * without gravity (glide), or with gravity and friction. */
static void rounding_body(const char *kind, unsigned long seed, long i, double u0, double u1) {
    int grav = coin(), k = irand(0, 2);
    double s = size_of(k), mu = grav ? friction() : 0;
    header(kind, seed, i, grav, mu, 150);
    double u = urand(u0 + 4 * s + 0.25, u1 - 4 * s - 0.25);
    if (u0 + 4 * s + 0.25 > u1 - 4 * s - 0.25)
        u = (u0 + u1) / 2;      /* a row too short for the range: its middle, not beyond its end */
    if (!grav) {
        /* glide until the body's front reaches an end of the row (a real
         * corner, where stewart may stop it) */
        double w = urand(1, 5) * (coin() ? 1 : -1), half = k == 2 ? 2 * s : s;
        double room = w > 0 ? u1 - u - half : u - u0 - half;
        fprintf(out, "# trust: glide 2 %ld\n",
                room > fabs(w) * 0.01 ? (long)(room / (fabs(w) * 0.01)) - 1 : 0L);
        turned_body(k, s, u, w, 0.5);
    } else {
        turned_body(k, s, u, coin() ? 0 : urand(0.5, 3), 0);
    }
}

static void turned(unsigned long seed, long i) {
    double th = urand(-0.6, 0.6), w = e8(0.75, 2), hgt = e8(0.25, 1);
    int n = irand(2, 6);
    tc = cos(th);
    ts = sin(th);
    rounding_body("turned", seed, i, 0, n * w);
    for (int j = 0; j < n; j++) {
        char name[16];
        snprintf(name, sizeof name, "t%d", j);
        turned_rect(name, j * w, -hgt, (j + 1) * w, 0);
    }
    tc = 1;
    ts = 0;
}

static void flattop(unsigned long seed, long i) {
    double th = coin() ? urand(-0.6, 0.6) : 0, w = e8(2, 6);
    int n = irand(5, 40);
    tc = cos(th);
    ts = sin(th);
    rounding_body("flattop", seed, i, 0, w);
    double x, y;
    fprintf(out, "obstacle top polygon { outer");
    turned_point(0, -1, &x, &y);
    fprintf(out, " (%.17g, %.17g)", x, y);
    turned_point(w, -1, &x, &y);
    fprintf(out, " (%.17g, %.17g)", x, y);
    for (int j = n; j >= 0; j--) {   /* the top from its right end */
        double jit = (j == 0 || j == n) ? 0 : urand(-1, 1) * 1e-13;
        turned_point(w * j / n, jit, &x, &y);
        fprintf(out, " (%.17g, %.17g)", x, y);
    }
    fprintf(out, "; }\n");
    tc = 1;
    ts = 0;
}

static void vrest(unsigned long seed, long i) {
    int form = irand(0, 2);
    double mu = friction();
    header("vrest", seed, i, 1, mu, 1000);
    fprintf(out, "# trust: rest 1e-9\n");
    if (form == 0) {            /* an asymmetric V notch in a floor */
        double xl = -urand(0.2, 2), xr = urand(0.2, 2), d = urand(0.1, 1.5);
        double xb = urand(-0.15, 0.15), ox = urand(-3, 3), oy = urand(-3, 3);
        fprintf(out, "obstacle fl polygon { outer (%.17g, %.17g) (%.17g, %.17g) (%.17g, %.17g)"
                     " (%.17g, %.17g) (%.17g, %.17g) (%.17g, %.17g) (%.17g, %.17g); }\n",
                ox - 4, oy - 3, ox + 4, oy - 3, ox + 4, oy, ox + xr, oy, ox + xb, oy - d,
                ox + xl, oy, ox - 4, oy);
        fprintf(out, "body b0 particle { mass = 1; position = (%.17g, %.17g); }\n", ox + xb,
                oy - d);
    } else if (form == 1) {     /* the shared base vertex of two teeth on a floor */
        double x = -e8(0, 2), w0 = e8(0.5, 2), w1 = e8(0.5, 2);
        fprintf(out, "obstacle k0 polygon { outer (%g, 0) (%g, 0) (%g, %g); }\n", x, x + w0,
                x + e8(0.125, w0 - 0.125), e8(0.25, 1.5));
        fprintf(out, "obstacle k1 polygon { outer (%g, 0) (%g, 0) (%g, %g); }\n", x + w0,
                x + w0 + w1, x + w0 + e8(0.125, w1 - 0.125), e8(0.25, 1.5));
        rect("fl", x - 2, -1, x + w0 + w1 + 2, 0);
        fprintf(out, "body b0 particle { mass = 1; position = (%g, 0); }\n", x + w0);
    } else {                    /* a box at rest on a seam */
        double seam[8];
        tiles(irand(2, 5), -e8(1, 3), 0.75, seam, "t");
        body(2, e8(0.125, 0.375), seam[1], 0, 0, 0);
    }
}

static void seambox(unsigned long seed, long i) {
    double seam[8], mu = friction();
    int n = irand(3, 6);
    header("seambox", seed, i, 1, mu, 150);
    tiles(n, -e8(1, 3), 1, seam, "t");
    double s = e8(0.125, 0.375);
    body(2, s, seam[2], 0, 0, 0);       /* at rest on a seam */
    int k = irand(0, 2);
    double ks = k == 2 ? e8(0.125, 0.25) : size_of(k);
    body(k, ks, seam[0] + 0.5, 0, e8(1, 10), 0);
}

static void turning(unsigned long seed, long i) {
    double seam[8], mu = friction();
    int n = irand(3, 6);
    header("turning", seed, i, 1, mu, 150);
    tiles(n, -e8(1, 3), 0.75, seam, "t");
    int b = nbody++;
    double s = e8(0.125, 0.375), x = seam[irand(1, n - 1)];
    fprintf(out, "body b%d polygon { vertices (%g, %g) (%g, %g) (%g, %g) (%g, %g);\n"
                 "    mass = 1; position = (%g, %g); omega = %g; }\n",
            b, -2 * s, -s, 2 * s, -s, 2 * s, s, -2 * s, s, x, 2 * s + e8(0.125, 1),
            e8(1, 10) * (coin() ? 1 : -1));
    int k = irand(0, 1);
    body(k, size_of(k), x + 4 * s + 0.5, 0, 0, 0);
}

/* ---- piles (the `piles` family, issue 26) --------------------------------- */

/* A body dropped into a pile: kind k (1 disc, 2 box, 3 L-shape) of size s
 * at (x, y) turned by th (a box: half width w, half height s). Returns
 * nothing; the caller keeps bodies apart by their bounding radius. */
static void pile_body(int k, double s, double w, double x, double y, double th) {
    int b = nbody++;
    if (k == 1) {
        fprintf(out, "body b%d disc { mass = 1; radius = %g; position = (%g, %g); }\n", b, s, x,
                y);
    } else if (k == 2) {
        fprintf(out, "body b%d polygon { vertices (%g, %g) (%g, %g) (%g, %g) (%g, %g);\n"
                     "    mass = 1; position = (%g, %g); angle = %.17g; }\n",
                b, -w, -s, w, -s, w, s, -w, s, x, y, th);
    } else {    /* an L: two arms of length 2s and width s, its corner at the origin */
        fprintf(out, "body b%d polygon { vertices (%g, %g) (%g, %g) (%g, %g) (%g, %g) (%g, %g)"
                     " (%g, %g);\n    mass = 1; position = (%g, %g); angle = %.17g; }\n",
                b, -s, -s, s, -s, s, 0.0, 0.0, 0.0, 0.0, s, -s, s, x, y, th);
    }
}

/* The bounding radius of pile_body's body about its position. */
static double pile_radius(int k, double s, double w) {
    return k == 1 ? s : k == 2 ? hypot(w, s) : s * sqrt(2.0);
}

/* Bodies of the kinds in kinds[0..nk) dropped one above the other from
 * height y0 between x = xl and xr, each at a random angle, apart by their
 * bounding radii (no two overlap at the start). */
static void drop_pile(int n, const int *kinds, int nk, double xl, double xr, double y0) {
    double y = y0;
    for (int j = 0; j < n; j++) {
        int k = kinds[irand(0, nk - 1)];
        double s = k == 1 ? e8(0.125, 0.375) : e8(0.125, 0.25), w = e8(0.125, 0.375);
        double r = pile_radius(k, s, w), x = (xl + r < xr - r) ? urand(xl + r, xr - r)
                                                               : (xl + xr) / 2;
        y += r;
        pile_body(k, s, w, x, y, urand(0, 3.14159265358979));
        y += r + 0.125;
    }
}

/* A U-shaped bin as one nonconvex obstacle: inner floor at y = 0 from -w
 * to w, walls of height hgt and thickness 0.5. */
static void bin(double w, double hgt) {
    fprintf(out, "obstacle bin polygon { outer (%g, -0.5) (%g, -0.5) (%g, %g) (%g, %g) (%g, 0)"
                 " (%g, 0) (%g, %g) (%g, %g); }\n",
            -w - 0.5, w + 0.5, w + 0.5, hgt, w, hgt, w, -w, -w, hgt, -w - 0.5, hgt);
}

/* Boxes at random angles dropped into a bin. */
static void pbin(unsigned long seed, long i) {
    static const int k[] = {2};
    double w = e8(0.75, 1.5);
    header("bin", seed, i, 1, e8(0.25, 1), 250);
    bin(w, e8(1, 2));
    drop_pile(irand(3, 6), k, 1, -w, w, 0.25);
}

/* Discs and boxes dropped into a bin. */
static void pmixed(unsigned long seed, long i) {
    static const int k[] = {1, 2};
    double w = e8(0.75, 1.5);
    header("mixed", seed, i, 1, friction(), 250);
    bin(w, e8(1, 2));
    drop_pile(irand(4, 7), k, 2, -w, w, 0.25);
}

/* L-shaped bodies (nonconvex) dropped onto saw teeth on a floor. */
static void plteeth(unsigned long seed, long i) {
    static const int k[] = {3, 3, 2};
    int n = irand(3, 5);
    double x = -e8(1, 2), x0 = x;
    header("lteeth", seed, i, 1, e8(0.25, 1), 250);
    for (int j = 0; j < n; j++) {
        double w = e8(0.5, 1.25);
        fprintf(out, "obstacle k%d polygon { outer (%g, 0) (%g, 0) (%g, %g); }\n", j, x, x + w,
                x + e8(0.125, w - 0.125), e8(0.25, 0.75));
        x += w;
    }
    rect("fl", x0 - 1, -1, x + 1, 0);
    drop_pile(irand(2, 4), k, 3, x0, x, 1);
}

/* An aligned pyramid (base 2 or 3) or a column (2 to 5) of equal boxes
 * standing on tiles with friction: it must stay where it stands
 * (`# trust: rest 1e-3`, the 1 mm). */
static void ppyramid(unsigned long seed, long i) {
    int pyramid = coin(), rows = pyramid ? irand(2, 3) : irand(2, 5);
    double seam[8], hw = e8(0.25, 0.5), hh = e8(0.125, 0.5), y = 0;
    header(pyramid ? "pyramid" : "column", seed, i, 1, e8(0.5, 1), 300);
    fprintf(out, "# trust: rest 1e-3\n");
    int nt = irand(2, 4);
    tiles(nt, -e8(3, 4), 1, seam, "t");
    double x0 = coin() ? seam[nt - 1] : e8(-1, 1), half = (pyramid ? rows : 1) * hw;
    if (x0 - half < seam[0] + 0.5)
        x0 = seam[0] + 0.5 + half;
    if (seam[nt] < x0 + half + 0.5)     /* the base stands on the tiles */
        rect("tend", seam[nt], -1, x0 + half + 1, 0);
    for (int r = 0; r < rows; r++, y += 2 * hh) {
        int nb = pyramid ? rows - r : 1;
        for (int j = 0; j < nb; j++) {
            int b = nbody++;
            fprintf(out, "body b%d polygon { vertices (%g, %g) (%g, %g) (%g, %g) (%g, %g);\n"
                         "    mass = 1; position = (%g, %g); }\n",
                    b, -hw, -hh, hw, -hh, hw, hh, -hw, hh, x0 + (2 * j - (nb - 1)) * hw, y + hh);
        }
    }
}

/* Discs (a box among them at times) poured into a V-shaped cup, one
 * nonconvex obstacle. */
static void ppour(unsigned long seed, long i) {
    static const int k[] = {1, 1, 1, 2};
    double w = e8(1, 2), d = e8(0.5, 1.5), xb = e8(-0.25, 0.25);
    header("pour", seed, i, 1, friction(), 250);
    fprintf(out, "obstacle cup polygon { outer (%g, %g) (%g, %g) (%g, 1) (%g, 1) (%g, %g)"
                 " (%g, 1) (%g, 1); }\n",
            -w - 0.5, -d - 0.5, w + 0.5, -d - 0.5, w + 0.5, w, xb, -d, -w, -w - 0.5);
    drop_pile(irand(4, 8), k, 4, -w / 2, w / 2, 0.5);
}

int main(int argc, char **argv) {
    static const char *const kind[] = {"slide", "rest", "tjunct", "overlap",
                                       "teeth", "stack", "room", "free"};
    static void (*const make[])(unsigned long, long) = {slide, rest, tjunct, overlap,
                                                        teeth, stack, room, freefly};
    static const char *const rkind[] = {"turned", "flattop", "vrest", "seambox", "turning"};
    static void (*const rmake[])(unsigned long, long) = {turned, flattop, vrest, seambox,
                                                         turning};
    static const char *const pkind[] = {"bin", "mixed", "lteeth", "stack", "pour"};
    static void (*const pmake[])(unsigned long, long) = {pbin, pmixed, plteeth, ppyramid,
                                                         ppour};
    int rounding = argc == 6 && !strcmp(argv[5], "rounding");
    int piles = argc == 6 && !strcmp(argv[5], "piles");
    if (argc != 5 && !rounding && !piles) {
        fprintf(stderr, "usage: trust_gen SEED FIRST COUNT DIR [rounding|piles]\n");
        return 2;
    }
    unsigned long seed = strtoul(argv[1], NULL, 10);
    long first = atol(argv[2]), count = atol(argv[3]);
    for (long i = first; i < first + count; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%05ld-%s.ncs", argv[4], i,
                 rounding ? rkind[i % 5] : piles ? pkind[i % 5] : kind[i % 8]);
        out = fopen(path, "w");
        if (!out) {
            fprintf(stderr, "trust_gen: cannot write '%s'\n", path);
            return 2;
        }
        rng_state = seed * 0x100000001b3u + (uint64_t)i + (rounding ? 0x5bd1e995u : 0) +
                    (piles ? 0x27d4eb2fu : 0);
        next();
        nbody = 0;
        if (rounding)
            rmake[i % 5](seed, i);
        else if (piles)
            pmake[i % 5](seed, i);
        else
            make[i % 8](seed, i);
        fprintf(out, "expect every step solved;\n");
        if (fclose(out) != 0) {
            fprintf(stderr, "trust_gen: cannot write '%s'\n", path);
            return 2;
        }
    }
    return 0;
}
