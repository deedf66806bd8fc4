/* solid.h - the true solid of a scene for the test checkers: the UNION of
 * its polygon obstacles with their holes, computed independently of the
 * compiler's union (compiler/geometry/geom_union.c).
 *
 * Each obstacle is validated and normalised by ncs_gpoly_build (outer ring
 * counter-clockwise, holes clockwise). The union's boundary is the parts of
 * the obstacles' edges with no obstacle just outside them: every edge is
 * cut where other obstacles' edges meet it, and the middle of every part,
 * moved a little outwards, is located in every obstacle. A point is inside
 * the solid when it lies in some closed obstacle and off that boundary, so
 * a point on a seam between touching obstacles is inside. Brute force over
 * all edges: meant for test scenes of a few hundred edges. Explicit-group
 * obstacles are not part of it (their gpoly has n == 0).
 *
 * Used by geometry_depth_check (tests/geometry/depth_check.c) and the
 * trust checker (tests/trust/trust_check.c).
 */
#ifndef NCS_TEST_SOLID_H
#define NCS_TEST_SOLID_H

#include "geom_int.h"
#include "scene.h"

/** The union of a scene's polygon obstacles. */
typedef struct tsolid {
    ncs_gpoly *obst;        /**< per obstacle (n == 0: an explicit group) */
    int nob;                /**< obstacles */
    ncs_vec2 *a, *b;        /**< boundary segments, solid on their left */
    int *ob;                /**< per segment: the obstacle whose edge it lies on */
    int n, cap;             /**< segments */
} tsolid;

/// Validates every polygon obstacle of `s` (messages through `d`) and
/// builds the union's boundary. Returns 0, or -1 (bad obstacle, out of
/// memory) with nothing held.
int tsolid_build(tsolid *S, const ncs_scene *s, ncs_diag *d);

/// Releases what tsolid_build allocated. Accepts a zeroed struct.
void tsolid_free(tsolid *S);

/// Distance from q to the union's boundary (INFINITY without one).
double tsolid_dist(const tsolid *S, ncs_vec2 q);

/// Distance from q to the union's boundary and the segment that attains it
/// (*seg = -1 without one).
double tsolid_nearest(const tsolid *S, ncs_vec2 q, int *seg);

/// 1 when q is inside the solid (a point on a seam is), else 0.
int tsolid_inside(const tsolid *S, ncs_vec2 q);

/// Depth of point q inside the solid: its distance to the boundary when
/// inside, else 0.
double tsolid_depth(const tsolid *S, ncs_vec2 q);

/// Depth of a disc of radius r centred at c: r + distance when the centre
/// is inside, r - distance when outside, at least 0.
double tsolid_disc_depth(const tsolid *S, ncs_vec2 c, double r);

/// Distance from q to the segment a-b.
double tseg_dist(ncs_vec2 q, ncs_vec2 a, ncs_vec2 b);

/// Distance from q to the boundary of polygon p (all rings).
double tpoly_boundary_dist(const ncs_gpoly *p, ncs_vec2 q);

/// Depth of q strictly inside polygon p (its boundary distance), else 0.
double tpoly_point_depth(const ncs_gpoly *p, ncs_vec2 q);

/// Reads a whole file into a NUL-terminated buffer (caller frees). Returns
/// NULL when it cannot be read; *len is its length.
char *tread_file(const char *path, size_t *len);

#endif
