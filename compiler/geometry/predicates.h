/* predicates.h - geometry: exact geometric predicates for the geometry stage.
 *
 * The orientation test is exact for every pair of finite doubles whose
 * products neither overflow nor underflow (|coordinate| roughly within
 * 1e-140 .. 1e150, or zero): a floating-point filter answers almost every
 * query, and the rare close calls are decided with exact expansion
 * arithmetic (Shewchuk's two-sum and two-product). Needs a compiler that
 * does not contract a*b+c into fused multiply-adds (-ffp-contract=off).
 */
#ifndef NCS_PREDICATES_H
#define NCS_PREDICATES_H

#include "scene.h"

/// Sign of the signed area of triangle (a, b, c): +1 when c lies left of
/// the directed line a->b (counter-clockwise turn), -1 when right, 0 when the
/// three points are collinear. Exact (see above); never fails.
int ncs_orient2d(ncs_vec2 a, ncs_vec2 b, ncs_vec2 c);

/// Relative error bound of the float orientation determinant (Shewchuk's
/// ccwerrboundA) and the magnitude below which the filter is not trusted.
#define NCS_ORIENT_ERRBOUND 3.3306690738754716e-16
#define NCS_ORIENT_TAIL_SAFE 1e-290

/// Same result as ncs_orient2d, with the float filter inlined at the call
/// site: answers only when the error bound proves the sign, otherwise calls
/// the exact ncs_orient2d. Exact; never fails.
static inline int ncs_orient2d_fast(ncs_vec2 a, ncs_vec2 b, ncs_vec2 c) {
    double l = (a.x - c.x) * (b.y - c.y), r = (a.y - c.y) * (b.x - c.x);
    double det = l - r, sum = (l < 0 ? -l : l) + (r < 0 ? -r : r);
    if (sum >= NCS_ORIENT_TAIL_SAFE) {
        double bound = NCS_ORIENT_ERRBOUND * sum;
        if (det > bound)
            return 1;
        if (-det > bound)
            return -1;
    }
    return ncs_orient2d(a, b, c);
}

/// 1 when a and b are the same point (both coordinates equal). Never fails.
int ncs_vec2_same(ncs_vec2 a, ncs_vec2 b);

#endif
