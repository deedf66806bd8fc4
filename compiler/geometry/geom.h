/* geom.h - geometry: obstacle geometry: validation, decomposition into convex pieces,
 * and the nonconvex groups each body sees in its configuration space.
 *
 * Every convex piece P (CCW vertices v_0..v_{n-1}) becomes one nonconvex
 * group whose sides are P's edges: side i runs from v_i to v_{i+1}, its
 * valid half-plane is { q : dot(q - point, normal) >= 0 } with `normal` the
 * outward unit normal. A point is outside P iff it satisfies at least one
 * side. Explicit `group` obstacles become one group each, with no vertices.
 *
 * Bodies see obstacles through their configuration space: a particle sees
 * the pieces themselves; a disc of radius r sees each piece grown by r
 * (a circumscribed polygon, conservative); rigid polygons also get their
 * own shape decomposed (body_pieces).
 */
#ifndef NCS_GEOM_H
#define NCS_GEOM_H

#include <stdio.h>
#include "scene.h"
#include "diag.h"

/** Decomposition choice. */
typedef enum ncs_decomp {
    NCS_DECOMP_TRIANGLES = 0,   /**< triangles (monotone partition, Delaunay flips) */
    NCS_DECOMP_CONVEX = 1       /**< triangles merged into convex pieces (Hertel-Mehlhorn) */
} ncs_decomp;

/** Options with defaults from ncs_geom_default_options(). */
typedef struct ncs_geom_options {
    int decomp;             /**< ncs_decomp; default chosen by measurement (docs/geometry.md) */
    double diag_overlap;    /**< how far pieces overlap across internal diagonals
                                 (a floor, scene units; 0 = none): per polygon at
                                 least 1e-9 of its extent and 64 ulp of its
                                 largest coordinate, under summation at least
                                 epsilon (docs/geometry.md) */
    double disc_tol;        /**< max distance between the grown polygon and the true disc sum */
} ncs_geom_options;

/** One side of a group (a half-plane). */
typedef struct ncs_gside {
    ncs_vec2 point;     /**< a point on the side's line (shifted for overlap) */
    ncs_vec2 normal;    /**< outward unit normal */
    int internal;       /**< 1 when the side is not on the obstacle boundary: an
                             internal diagonal, or a corner cap (docs/geometry.md) */
    int obstacle;       /**< the scene obstacle whose boundary the side lies on
                             (friction); for an internal side or a corner cap,
                             its group's obstacle; for a polygon body's own
                             pieces, the body's index */
} ncs_gside;

/** One nonconvex group (the outside of one convex piece, or an explicit group). */
typedef struct ncs_group {
    int obstacle;       /**< scene obstacle index: a representative when the
                             piece belongs to the union of several obstacles
                             (the obstacle of its first boundary side);
                             groups are ordered by it */
    int piece;          /**< piece index within the obstacle */
    int first_side;     /**< index into ncs_cspace.sides */
    int nsides;         /**< number of sides (>= 1) */
    int first_vert;     /**< index into ncs_cspace.verts (CCW); -1 for explicit groups */
    int nverts;         /**< 0 for explicit groups (unbounded) */
} ncs_group;

/** The groups one kind of body sees: the pieces grown by `radius`. */
typedef struct ncs_cspace {
    double radius;      /**< 0 for particles and polygon-vertex contacts */
    int ngroups;        /**< groups */
    ncs_group *groups;  /**< groups, obstacle by obstacle */
    int nsides;         /**< total sides */
    ncs_gside *sides;   /**< all sides */
    int nverts;         /**< total vertices */
    ncs_vec2 *verts;    /**< all piece vertices */
} ncs_cspace;

/** One solid: the union of polygon obstacles that touch or overlap (or a
 *  polygon obstacle alone). Rings: the outer one counter-clockwise, then
 *  the holes clockwise, so the solid is left of every edge. */
typedef struct ncs_solid {
    int nmembers;       /**< obstacles merged into it (1: alone) */
    int *members;       /**< their indices, ascending */
    int nrings;         /**< 1 + holes */
    int *ring_start;    /**< nrings + 1 offsets into verts */
    ncs_vec2 *verts;    /**< the rings' vertices */
    int *edge_obstacle; /**< per vertex v: obstacle whose boundary the edge
                             from v lies on */
} ncs_solid;

/** Result of ncs_geom_build. */
typedef struct ncs_geometry {
    int nobstacles;         /**< = scene->nobstacles */
    double *area;           /**< per obstacle: area (0 for explicit groups) */
    ncs_cspace pieces;      /**< radius 0: the obstacle pieces themselves */
    int nspaces;            /**< distinct disc radii */
    ncs_cspace *spaces;     /**< per distinct disc radius: grown pieces */
    int *body_space;        /**< per body: index into spaces, -1 = pieces */
    ncs_cspace *body_pieces;/**< per body: its own shape's pieces in the body
                                 frame (polygon bodies), else all zero */
    int nbodies;            /**< = scene->nbodies (entries of body_space and
                                 body_pieces) */
    int nsolids;            /**< the solid: the union of the polygon obstacles */
    ncs_solid *solids;      /**< its connected parts, by first obstacle */
    int ncorners;           /**< convex corners of the solid */
    ncs_vec2 *corners;      /**< each once (a seam's vertices are no corners) */
    int *corner_obstacle;   /**< per corner: the obstacle of the edge leaving it */
} ncs_geometry;

/// Default options. Never fails.
ncs_geom_options ncs_geom_default_options(void);

/// Validates every obstacle (and body placement) of `s`, reporting problems
/// through `d` (errors at the polygon or vertex location; warnings for
/// dropped duplicate or collinear vertices), and builds the groups.
/// Returns 0 on success; -1 when any error was reported (then `g` holds
/// nothing to free). Never hangs: every loop is bounded by the input size.
int ncs_geom_build(const ncs_scene *s, const ncs_geom_options *o,
                   ncs_diag *d, ncs_geometry *g);

/// Releases everything ncs_geom_build allocated. Accepts a zeroed struct.
void ncs_geom_free(ncs_geometry *g);

/// Writes the groups as JSON (see `ncsc --dump-groups`). Returns 0, or -1 on
/// a write error.
int ncs_geom_dump_json(const ncs_scene *s, const ncs_geometry *g, FILE *out);

/// Writes an SVG picture of the obstacles and their pieces. Returns 0, or -1
/// on a write error.
int ncs_geom_write_svg(const ncs_scene *s, const ncs_geometry *g, FILE *out);

#endif
