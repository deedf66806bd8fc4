/* test_validate.c - the exact predicates and the validator's fast paths
 * against brute force:
 *  - ncs_orient2d against an exact 128-bit integer determinant on integer
 *    coordinates (nearby, collinear, axis-aligned, offset by 2^50, near a
 *    line through +-2^55 where the differences round; scaled by 2^-100 and
 *    2^100; 62-bit products of exact differences), so that every stage of the adaptive test decides some cases;
 *  - ncs_gpoly_build (Shamos-Hoey sweep, hole placement from the sweep)
 *    against an all-pairs segment test and point-in-ring containment on
 *    many random lattice rings with holes (mostly invalid);
 *  - the coordinate range diagnostic.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "geom_int.h"
#include "predicates.h"
#include "tgeom.h"

__extension__ typedef __int128 i128;

static int sign128(i128 v) {
    return (v > 0) - (v < 0);
}

/* Exact orientation of integer points. */
static int orient_int(const long long p[6]) {
    i128 acx = p[0] - p[4], acy = p[1] - p[5], bcx = p[2] - p[4], bcy = p[3] - p[5];
    return sign128(acx * bcy - acy * bcx);
}

static void test_orient(void) {
    tg_rng r = {0x1234567ULL};
    long tested = 0;
    for (int i = 0; i < 400000; i++) {
        long long p[6];
        int kind = i % 7;
        long long base = kind == 3 ? (1LL << 50) : 0, span = kind == 0 ? 8 : 1LL << 20;
        for (int k = 0; k < 6; k++)
            p[k] = base + (long long)(tg_uniform(&r) * span) - span / 2;
        if (kind == 1) {    /* exactly collinear: c = a + t (b - a) */
            long long t = (long long)(tg_uniform(&r) * 7) - 3;
            p[4] = p[0] + t * (p[2] - p[0]);
            p[5] = p[1] + t * (p[3] - p[1]);
        }
        if (kind == 2) {    /* axis-aligned runs */
            p[1] = p[3] = p[5];
        }
        if (kind == 4) {    /* one unit off a long line */
            long long t = 3;
            p[4] = p[0] + t * (p[2] - p[0]) + (i % 3) - 1;
            p[5] = p[1] + t * (p[3] - p[1]);
        }
        if (kind == 5) {    /* huge and small: inexact differences, near-collinear */
            long long m = 4 * ((long long)(tg_uniform(&r) * 64) - 32);
            long long j = (long long)(tg_uniform(&r) * 3) - 1;
            p[0] = 1LL << 55; p[1] = 0;
            p[2] = m; p[3] = 1;
            p[4] = -(1LL << 55) + 2 * m + 8 * j; p[5] = 2;
        }
        if (kind == 6) {    /* exact differences, 60-bit products, |det| <= 1 */
            long long f0 = 0, f1 = 1;
            for (int k = 0; k < 30 + i % 15; k++) {
                long long f2 = f0 + f1;
                f0 = f1;
                f1 = f2;
            }
            int j = (i / 7) % 3;    /* consecutive Fibonacci pairs: det = +-1 */
            p[0] = 0; p[1] = 0; p[2] = f0; p[3] = f1;
            p[4] = j == 0 ? 3 * f0 : j == 1 ? f1 : f0 - f1;
            p[5] = j == 0 ? 3 * f1 : j == 1 ? f0 + f1 : f0;
        }
        int want = orient_int(p);
        double scale[3] = {1, ldexp(1, -100), ldexp(1, 100)};
        for (int s = 0; s < 3; s++) {
            ncs_vec2 a = {p[0] * scale[s], p[1] * scale[s]};
            ncs_vec2 b = {p[2] * scale[s], p[3] * scale[s]};
            ncs_vec2 c = {p[4] * scale[s], p[5] * scale[s]};
            int got = ncs_orient2d(a, b, c);
            CHECK(got == want, "orient %lld %lld %lld %lld %lld %lld scale %d: %d, want %d",
                  p[0], p[1], p[2], p[3], p[4], p[5], s, got, want);
            CHECK(ncs_orient2d(b, c, a) == want && ncs_orient2d(b, a, c) == -want,
                  "orient permutations");
            tested++;
        }
    }
    printf("orient: %ld exact comparisons\n", tested);
}

/* ---- validation against brute force ----------------------------------- */

enum { MAXV = 16, MAXR = 4 };

typedef struct rings {
    int nr, n[MAXR];
    ncs_vec2 pt[MAXR][MAXV];
} rings;

static int on_seg(ncs_vec2 a, ncs_vec2 b, ncs_vec2 p) {
    return fmin(a.x, b.x) <= p.x && p.x <= fmax(a.x, b.x) && fmin(a.y, b.y) <= p.y &&
           p.y <= fmax(a.y, b.y);
}

static int meet(ncs_vec2 a, ncs_vec2 b, ncs_vec2 c, ncs_vec2 d) {
    int o1 = ncs_orient2d(a, b, c), o2 = ncs_orient2d(a, b, d);
    int o3 = ncs_orient2d(c, d, a), o4 = ncs_orient2d(c, d, b);
    if (o1 * o2 < 0 && o3 * o4 < 0)
        return 1;
    return (o1 == 0 && on_seg(a, b, c)) || (o2 == 0 && on_seg(a, b, d)) ||
           (o3 == 0 && on_seg(c, d, a)) || (o4 == 0 && on_seg(c, d, b));
}

/* Point strictly inside ring k (q on no edge): crossing parity. */
static int inside(const rings *R, int k, ncs_vec2 q) {
    int in = 0, n = R->n[k];
    for (int i = 0; i < n; i++) {
        ncs_vec2 a = R->pt[k][i], b = R->pt[k][(i + 1) % n];
        if ((a.y > q.y) != (b.y > q.y)) {
            int o = ncs_orient2d(a, b, q);
            if (b.y > a.y ? o > 0 : o < 0)
                in = !in;
        }
    }
    return in;
}

/* 1 valid, 0 invalid, -1 the sample needs cleaning (repeats, collinear
 * neighbours): skipped. */
static int brute(const rings *R) {
    for (int k = 0; k < R->nr; k++) {
        int n = R->n[k];
        for (int i = 0; i < n; i++) {
            ncs_vec2 a = R->pt[k][(i + n - 1) % n], b = R->pt[k][i], c = R->pt[k][(i + 1) % n];
            if (ncs_vec2_same(a, b) || ncs_orient2d(a, b, c) == 0)
                return -1;
        }
    }
    for (int k = 0; k < R->nr; k++)
        for (int l = k; l < R->nr; l++)
            for (int i = 0; i < R->n[k]; i++)
                for (int j = 0; j < R->n[l]; j++) {
                    int nk = R->n[k], nl = R->n[l];
                    if (k == l && (j <= i || j == (i + 1) % nk || i == (j + 1) % nl))
                        continue;
                    if (meet(R->pt[k][i], R->pt[k][(i + 1) % nk], R->pt[l][j],
                             R->pt[l][(j + 1) % nl]))
                        return 0;
                }
    for (int k = 1; k < R->nr; k++) {
        if (!inside(R, 0, R->pt[k][0]))
            return 0;
        for (int l = 1; l < R->nr; l++)
            if (l != k && inside(R, l, R->pt[k][0]))
                return 0;
    }
    return 1;
}

static void test_sweep(void) {
    tg_rng r = {0xABCDEFULL};
    FILE *sink = tmpfile();
    long agree = 0, valid = 0, skipped = 0;
    for (int it = 0; it < 60000; it++) {
        rings R;
        int big = it % 3 == 0;
        double grid = big ? 40 : 6;
        R.nr = 1 + (int)(tg_uniform(&r) * (it % 2 ? 4 : 2));
        for (int k = 0; k < R.nr; k++) {
            R.n[k] = 3 + (int)(tg_uniform(&r) * (k ? 4 : (big ? 13 : 7)));
            double lo = k ? 1 : 0, w = k ? grid - 2 : grid;
            for (int i = 0; i < R.n[k]; i++) {
                R.pt[k][i].x = lo + floor(tg_uniform(&r) * w);
                R.pt[k][i].y = lo + floor(tg_uniform(&r) * w);
            }
        }
        if (it % 4 == 1) {      /* a valid base: a rotated square and small triangles */
            R.nr = 1 + it % 3;
            R.n[0] = 4;
            ncs_vec2 sq[4] = {{0, 0}, {grid, 0}, {grid, grid}, {0, grid}};
            memcpy(R.pt[0], sq, sizeof sq);
            for (int k = 1; k < R.nr; k++) {
                R.n[k] = 3;
                double x = 1 + floor(tg_uniform(&r) * (grid - 3));
                double y = 1 + floor(tg_uniform(&r) * (grid - 3));
                ncs_vec2 tr[3] = {{x, y}, {x + 1 + floor(tg_uniform(&r) * 2), y},
                                  {x, y + 1 + floor(tg_uniform(&r) * 2)}};
                memcpy(R.pt[k], tr, sizeof tr);
            }
        }
        int want = brute(&R);
        if (want < 0) {
            skipped++;
            continue;
        }
        ncs_ring ring[MAXR];
        memset(ring, 0, sizeof ring);
        for (int k = 0; k < R.nr; k++) {
            ring[k].n = R.n[k];
            ring[k].pt = R.pt[k];
        }
        ncs_diag d;
        ncs_gpoly p;
        ncs_diag_init(&d, "t", NULL, 0);
        d.out = sink;
        int got = ncs_gpoly_build(&ring[0], ring + 1, R.nr - 1, "o", &d, &p) == 0;
        if (got)
            ncs_gpoly_free(&p);
        CHECK(got == want, "sample %d: validator %d, brute force %d", it, got, want);
        agree += got == want;
        valid += want;
    }
    fclose(sink);
    printf("sweep: %ld samples agree with brute force (%ld valid), %ld skipped\n", agree,
           valid, skipped);
    CHECK(valid > 1000 && agree > 20000, "too few samples (%ld valid)", valid);
}

static void test_range(void) {
    ncs_vec2 big[3] = {{0, 0}, {2e150, 0}, {0, 1}};
    ncs_vec2 tiny[3] = {{0, 0}, {1, 0}, {0, 1e-141}};
    ncs_vec2 ok[3] = {{0, 0}, {1e149, 0}, {0, 1e-139}};
    ncs_vec2 *cases[3] = {big, tiny, ok};
    for (int c = 0; c < 3; c++) {
        ncs_ring ring;
        memset(&ring, 0, sizeof ring);
        ring.n = 3;
        ring.pt = cases[c];
        char buf[512] = "";
        FILE *f = tmpfile();
        ncs_diag d;
        ncs_gpoly p;
        ncs_diag_init(&d, "t", NULL, 0);
        d.out = f;
        int rc = ncs_gpoly_build(&ring, NULL, 0, "obstacle 'o'", &d, &p);
        rewind(f);
        size_t len = fread(buf, 1, sizeof buf - 1, f);
        buf[len] = 0;
        fclose(f);
        if (rc == 0)
            ncs_gpoly_free(&p);
        if (c < 2) {
            CHECK(rc < 0 && strstr(buf, "outside the supported range") &&
                  strstr(buf, c == 0 ? "vertex 2" : "vertex 3"), "range case %d: %s", c, buf);
        } else {
            CHECK(rc == 0, "in-range coordinates rejected: %s", buf);
        }
    }
}

int main(void) {
    test_orient();
    test_sweep();
    test_range();
    return CHECK_DONE();
}
