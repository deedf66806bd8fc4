/* predicates.c - exact orientation test: a floating-point filter, then
 * exact expansion arithmetic for the close calls (see predicates.h). */
#include <math.h>
#include "predicates.h"

/* Bound on the relative error of the filtered determinant: (3 + 16 eps) eps
 * with eps = 2^-53 (Shewchuk, "Adaptive precision floating-point
 * arithmetic and fast robust geometric predicates", section 4). */
#define ORIENT_ERRBOUND 3.3306690738754716e-16
/* 2^27 + 1: splits a double into two 26-bit halves (Dekker). */
#define SPLITTER 134217729.0

/* x + y == a + b exactly, |y| <= ulp(x) / 2. */
static void two_sum(double a, double b, double *x, double *y) {
    double s = a + b;
    double bv = s - a;
    double av = s - bv;
    *x = s;
    *y = (a - av) + (b - bv);
}

static void split(double a, double *hi, double *lo) {
    double c = SPLITTER * a;
    double big = c - a;
    *hi = c - big;
    *lo = a - *hi;
}

/* x + y == a * b exactly (barring overflow and underflow). */
static void two_product(double a, double b, double *x, double *y) {
    double p = a * b, ahi, alo, bhi, blo;
    split(a, &ahi, &alo);
    split(b, &bhi, &blo);
    *x = p;
    *y = alo * blo - (((p - ahi * bhi) - alo * bhi) - ahi * blo);
}

/* h = e + b for a nonoverlapping expansion e (increasing magnitude), with
 * zero components dropped. Returns the length of h (h may alias nothing). */
static int grow_expansion(int elen, const double *e, double b, double *h) {
    double q = b, hh;
    int n = 0;
    for (int i = 0; i < elen; i++) {
        two_sum(q, e[i], &q, &hh);
        if (hh != 0.0)
            h[n++] = hh;
    }
    if (q != 0.0 || n == 0)
        h[n++] = q;
    return n;
}

/* Exact sign of (ax-cx)(by-cy) - (ay-cy)(bx-cx), expanded into six exact
 * products so that no subtraction rounds. */
static int orient_exact(ncs_vec2 a, ncs_vec2 b, ncs_vec2 c) {
    double f[6][2] = {{a.x, b.y}, {-a.x, c.y}, {-c.x, b.y},
                      {-a.y, b.x}, {a.y, c.x}, {c.y, b.x}};
    double e1[16], e2[16];
    double *cur = e1, *nxt = e2, *t;
    int len = 0;
    for (int i = 0; i < 6; i++) {
        double x, y;
        two_product(f[i][0], f[i][1], &x, &y);
        len = grow_expansion(len, cur, y, nxt);
        t = cur; cur = nxt; nxt = t;
        len = grow_expansion(len, cur, x, nxt);
        t = cur; cur = nxt; nxt = t;
    }
    double top = cur[len - 1];
    return (top > 0.0) - (top < 0.0);
}

int ncs_orient2d(ncs_vec2 a, ncs_vec2 b, ncs_vec2 c) {
    double l = (a.x - c.x) * (b.y - c.y);
    double r = (a.y - c.y) * (b.x - c.x);
    double det = l - r;
    double bound = ORIENT_ERRBOUND * (fabs(l) + fabs(r));
    if (det > bound)
        return 1;
    if (-det > bound)
        return -1;
    return orient_exact(a, b, c);
}

int ncs_vec2_same(ncs_vec2 a, ncs_vec2 b) {
    return a.x == b.x && a.y == b.y;
}
