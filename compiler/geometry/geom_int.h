/* geom_int.h - geometry: internals shared by the geometry files (geom*.c); not a
 * public contract. A polygon is validated and normalised into an
 * ncs_gpoly, triangulated, and the triangles merged into convex pieces.
 */
#ifndef NCS_GEOM_INT_H
#define NCS_GEOM_INT_H

#include "geom.h"
#include "grow.h"      /* ncs_grow */

/** Supported magnitudes of nonzero polygon coordinates: inside this range
 *  every product of two coordinates is far from overflow and underflow, so
 *  ncs_orient2d is exact; validation rejects anything else at the vertex. */
#define NCS_GEOM_COORD_MIN 1e-140
#define NCS_GEOM_COORD_MAX 1e150

/** Sweep order of the validation and the triangulation: 1 when a comes
 *  before b (smaller x, then smaller y). */
static inline int ncs_geom_before(ncs_vec2 a, ncs_vec2 b) {
    return a.x < b.x || (a.x == b.x && a.y < b.y);
}

/** The cell (0 .. n-1) of coordinate v in a grid of n cells of `size` from
 *  v0, clamped (NaN: 0). Shared by the grids of validation and union. */
static inline int ncs_geom_cell(double v, double v0, double size, int n) {
    double t = (v - v0) / size;
    if (!(t > 0))
        return 0;
    if (t >= n)
        return n - 1;
    return (int)t;
}

/** 1 when p, collinear with a and b, lies strictly between them. */
static inline int ncs_geom_between(ncs_vec2 a, ncs_vec2 p, ncs_vec2 b) {
    if (a.x != b.x)
        return (a.x < p.x && p.x < b.x) || (b.x < p.x && p.x < a.x);
    return (a.y < p.y && p.y < b.y) || (b.y < p.y && p.y < a.y);
}

/** A validated polygon: simple, no repeated or collinear vertices, holes
 *  strictly inside the outer ring and disjoint. */
typedef struct ncs_gpoly {
    int n;              /**< vertices in all rings */
    int nrings;         /**< 1 + number of holes */
    int *start;         /**< nrings + 1 offsets into pt: ring k is
                             pt[start[k] .. start[k+1]) */
    ncs_vec2 *pt;       /**< ring 0 (outer) counter-clockwise, holes clockwise */
    int *orig;          /**< 1-based number of each vertex as written in its ring */
    double area;        /**< outer area minus hole areas */
    int *order;         /**< the vertices in sweep order (x, then y): the
                             validation sweep's, kept for the triangulation */
    int *below;         /**< per vertex v: the edge (id = its first vertex)
                             just below v among the edges crossing x = v.x
                             in sweep order and not ending at v; -1: none */
} ncs_gpoly;

/** Convex pieces of a polygon: piece k has vertices idx[start[k] ..
 *  start[k+1]) (indices into ncs_gpoly.pt, counter-clockwise); edge j runs
 *  from idx[j] to the next vertex of its piece. */
typedef struct ncs_gpieces {
    int npieces;            /**< number of pieces */
    int *start;             /**< npieces + 1 offsets into idx */
    int *idx;               /**< vertex indices */
    unsigned char *internal;/**< per edge: 1 when the edge is an internal diagonal */
} ncs_gpieces;

/// Validates and normalises one polygon: `outer` and its `nholes` holes,
/// described in messages as `what` (e.g. "obstacle 'o'"). Reports every
/// problem through `d`. Returns 0 and fills `out`, or -1 (errors reported,
/// or out of memory: reported too) with `out` left empty.
int ncs_gpoly_build(const ncs_ring *outer, const ncs_ring *holes, int nholes,
                    const char *what, ncs_diag *d, ncs_gpoly *out);

/// The overlap shift actually used across the internal diagonals of p
/// when the option asks for `base` > 0: max(base, 1e-9 * p's extent,
/// 64 ulp of p's largest coordinate magnitude). Never fails.
double ncs_gpoly_overlap(const ncs_gpoly *p, double base);

/// Where q lies relative to the closed ring pt[0..n) alone (either
/// winding): 1 inside, 0 on it, -1 outside. Exact; never fails.
int ncs_ring_locate(const ncs_vec2 *pt, int n, ncs_vec2 q);

/// Releases a polygon. Accepts a zeroed struct.
void ncs_gpoly_free(ncs_gpoly *p);

/// Where q lies relative to the polygon (holes excluded from the inside):
/// 1 strictly inside, 0 on the boundary, -1 outside. Exact; never fails.
int ncs_gpoly_locate(const ncs_gpoly *p, ncs_vec2 q);

/// Triangulates a validated polygon (built by ncs_gpoly_build, whose sweep
/// order and below-edges it uses) by monotone partition: writes exactly
/// n + 2h - 2 counter-clockwise, non-degenerate triangles (3 vertex
/// indices each) to `tri`, which must hold 3 (n + 2h - 2) ints. Returns the
/// number of triangles, or -1 when memory ran out or the sweep data is
/// missing or inconsistent (a bug: the polygon was valid).
int ncs_gpoly_triangulate(const ncs_gpoly *p, int *tri);

/// Improves a triangulation in place by Lawson edge flips towards the
/// (constrained) Delaunay triangulation: fewer slivers. Flips only strictly
/// convex quadrilaterals (exact test), so the triangles stay a valid
/// triangulation of the polygon. Returns the number of flips (bounded by
/// ntri + 64), or -1 when memory ran out (tri unchanged or valid).
int ncs_gpoly_delaunay(const ncs_gpoly *p, int *tri, int ntri);

/// Turns triangles into convex pieces: with `merge`, removes internal
/// diagonals while both ends stay strictly convex (Hertel-Mehlhorn);
/// without, every triangle is a piece. Marks internal edges. Returns 0, or
/// -1 when memory ran out (`out` then empty).
int ncs_gpieces_build(const ncs_gpoly *p, const int *tri, int ntri, int merge,
                      ncs_gpieces *out);

/// Releases pieces. Accepts a zeroed struct.
void ncs_gpieces_free(ncs_gpieces *pc);

/** One solid of the scene: a polygon obstacle alone, or the union of
 *  obstacles that touch or overlap (geom_union.c). */
typedef struct ncs_gsolid {
    int single;         /**< >= 0: obstacle `single` alone (its own ncs_gpoly);
                             -1: merged, in `poly` */
    ncs_gpoly poly;     /**< the merged polygon (owned; empty when single) */
    int *eob;           /**< merged: per vertex v of poly, the obstacle whose
                             boundary the edge from v lies on */
    int nmembers;       /**< obstacles in this solid */
    int *members;       /**< their indices, ascending */
} ncs_gsolid;

/** The solids of a scene, ordered by their first obstacle. */
typedef struct ncs_gunion {
    int nsolids;        /**< solids */
    ncs_gsolid *solid;  /**< the solids */
    int npinch;         /**< pinch points bridged (docs/geometry.md) */
    int nfallback;      /**< clusters kept unmerged (each warned about) */
} ncs_gunion;

/// Forms the union of the scene's polygon obstacles: polys[i] is obstacle
/// i validated by ncs_gpoly_build (ignored unless it is a polygon). Touching
/// or overlapping obstacles become one merged, validated polygon; pinch
/// points get bridges `PINCH_FACTOR` overlaps long (the overlap rule of
/// ncs_gpoly_overlap with floor `base`, over the cluster's box); a cluster
/// whose union cannot be made valid stays unmerged, with a warning through
/// `d` at its first obstacle. The merged rings lose their thin corners
/// within `tol` (ncs_gsnap_ring; 0: only exactly collinear vertices), unless
/// the result is not valid: then that cluster is merged again with tol 0.
/// Returns 0, or -1 when memory ran out (u empty).
int ncs_gunion_build(const ncs_scene *s, const ncs_gpoly *polys, double base, double tol,
                     ncs_diag *d, ncs_gunion *u);

/// Releases a union. Accepts a zeroed struct.
void ncs_gunion_free(ncs_gunion *u);

#endif
