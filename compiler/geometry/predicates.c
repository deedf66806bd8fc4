/* predicates.c - geometry: exact orientation test: a floating-point filter; then,
 * when the coordinate differences are exact (the usual case for close
 * calls: nearby or axis-aligned coordinates), the exact 2x2 determinant of
 * the differences from two two-products; otherwise the exact expansion of
 * all six coordinate products (see predicates.h). */
#include <math.h>
#include "predicates.h"

/* Bound on the relative error of the filtered determinant: (3 + 16 eps) eps
 * with eps = 2^-53 (Shewchuk, "Adaptive precision floating-point
 * arithmetic and fast robust geometric predicates", section 4). */
#define ORIENT_ERRBOUND NCS_ORIENT_ERRBOUND
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

/* The exact error of the rounded difference x = a - b (Shewchuk's
 * Two_Diff_Tail; exact even for subnormal results). */
static double diff_tail(double a, double b, double x) {
    double bv = a - x;
    double av = x + bv;
    return (a - av) + (bv - b);
}

/* Products at least this large (or exactly zero) have an exact two-product
 * tail: the low half of a 106-bit product stays above the subnormal range. */
#define TAIL_SAFE NCS_ORIENT_TAIL_SAFE

/* Stage B of Shewchuk's adaptive orient2d: when the four coordinate
 * differences are exact (no tail), the determinant is exactly
 * acx*bcy - acy*bcx, a sum of two two-products: four terms, summed exactly
 * into an expansion whose top component has the sign of the determinant.
 * Returns 2 when the differences are not exact (or a product is so small
 * that its tail could underflow): then only the full expansion decides. */
static int orient_stage_b(double acx, double bcx, double acy, double bcy, double l,
                          double r) {
    if ((l != 0.0 && fabs(l) < TAIL_SAFE) || (r != 0.0 && fabs(r) < TAIL_SAFE))
        return 2;
    if (l == 0.0 && r == 0.0 && acx != 0.0 && bcy != 0.0)
        return 2;   /* underflow to zero */
    if (l == 0.0 && r == 0.0 && acy != 0.0 && bcx != 0.0)
        return 2;
    double l1, l0, r1, r0, e1[4], e2[4];
    two_product(acx, bcy, &l1, &l0);
    two_product(acy, bcx, &r1, &r0);
    int n = grow_expansion(0, e1, l0, e2);
    n = grow_expansion(n, e2, l1, e1);
    n = grow_expansion(n, e1, -r0, e2);
    n = grow_expansion(n, e2, -r1, e1);
    double top = e1[n - 1];
    return (top > 0.0) - (top < 0.0);
}

int ncs_orient2d(ncs_vec2 a, ncs_vec2 b, ncs_vec2 c) {
    double acx = a.x - c.x, bcx = b.x - c.x, acy = a.y - c.y, bcy = b.y - c.y;
    double l = acx * bcy;
    double r = acy * bcx;
    double det = l - r;
    double sum = fabs(l) + fabs(r);
    double bound = ORIENT_ERRBOUND * sum;
    /* Stage A: the float filter (valid while nothing underflows). */
    if (sum >= TAIL_SAFE) {
        if (det > bound)
            return 1;
        if (-det > bound)
            return -1;
    }
    if (diff_tail(a.x, c.x, acx) == 0.0 && diff_tail(b.x, c.x, bcx) == 0.0 &&
        diff_tail(a.y, c.y, acy) == 0.0 && diff_tail(b.y, c.y, bcy) == 0.0) {
        int s = orient_stage_b(acx, bcx, acy, bcy, l, r);
        if (s != 2)
            return s;
    }
    return orient_exact(a, b, c);
}

int ncs_vec2_same(ncs_vec2 a, ncs_vec2 b) {
    return a.x == b.x && a.y == b.y;
}
