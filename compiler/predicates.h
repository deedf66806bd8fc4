/* predicates.h - exact geometric predicates for the geometry stage.
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

/// 1 when a and b are the same point (both coordinates equal). Never fails.
int ncs_vec2_same(ncs_vec2 a, ncs_vec2 b);

#endif
