/* emit_plan.h - what the code generator decides before writing any text:
 * per body its configuration space, mass constants, friction, proximity
 * capacity and LCP sizes; per scene gamma, epsilon and margin.
 *
 * The plan is computed once by ncs_plan_build and then read by the three
 * file writers (emit_h.c, emit_c.c, emit_main.c). Rules and formulas are
 * documented in docs/formulations.md.
 */
#ifndef NCS_EMIT_PLAN_H
#define NCS_EMIT_PLAN_H

#include "scene.h"
#include "geom.h"
#include "diag.h"
#include "emit_buf.h"

/** Static-structure threshold: a body whose full LCP (every group, all
 *  sides nonconvex) has at most this many rows includes every group every
 *  step (no proximity test, B compile-time constant). */
#define NCS_PLAN_STATIC_MMAX 12

/** Per-body decisions. */
typedef struct ncs_plan_body {
    int space;          /**< index into ncs_plan.spaces */
    double im;          /**< 1 / mass */
    double iI;          /**< 1 / inertia (discs), 0 for particles */
    double r;           /**< disc radius, 0 for particles */
    double ax, ay;      /**< external acceleration: gravity + force / mass */
    double alpha;       /**< external angular acceleration: torque / inertia */
    int k;              /**< friction directions: 2, or 0 when every mu is 0 */
    int g0;             /**< first group in the flattened group table */
    int ng;             /**< groups this body can see */
    int cap;            /**< active-group capacity (>= 1): the scene's, or
                             *   the most groups within reach of a free point */
    int ymax;           /**< most nonconvex sides in one LCP (>= 1) */
    int mmax;           /**< largest LCP dimension for this body */
    int mfull;          /**< LCP dimension with every group nonconvex */
    int is_static;      /**< 1: every group, every step (structure static) */
} ncs_plan_body;

/** One configuration space as flattened into the generated tables. */
typedef struct ncs_plan_space {
    const ncs_cspace *cs;   /**< the geometry's space */
    int side0;              /**< first side in the flattened side table */
    int group0;             /**< first group in the flattened group table */
} ncs_plan_space;

/** Everything the writers need. */
typedef struct ncs_plan {
    const ncs_scene *s;     /**< the scene */
    const ncs_geometry *g;  /**< its geometry */
    const char *prefix;     /**< symbol prefix */
    char *upper;            /**< macro prefix (upper case), owned */
    int nspaces;            /**< used configuration spaces */
    ncs_plan_space spaces[64]; /**< used spaces (pieces + disc radii) */
    int nsides;             /**< total flattened sides */
    int ngroups;            /**< total flattened groups */
    ncs_plan_body *bodies;  /**< per body, owned */
    double box[4];          /**< scene bounding box: x0, y0, x1, y1 */
    double diameter;        /**< scene bounding-box diagonal */
    double vmax;            /**< speed bound used for gamma */
    double gamma;           /**< max formulation constant */
    double epsilon;         /**< summation epsilon */
    double margin;          /**< proximity margin (length) */
    int max_m;              /**< largest LCP over bodies (>= 1) */
    int cap;                /**< largest capacity over bodies (>= 1) */
    int ncmax;              /**< largest contact count over bodies (>= 1) */
    int anyfric;            /**< 1 when some body has k > 0 */
    int anystatic;          /**< 1 when some body is static */
    int anydynamic;         /**< 1 when some body is dynamic */
} ncs_plan;

/// Builds the plan. Reports scene problems through `d` and returns 1;
/// returns 2 when out of memory; 0 on success. On failure nothing is held.
int ncs_plan_build(ncs_plan *p, const ncs_scene *s, const ncs_geometry *g,
                   const char *prefix, ncs_diag *d);

/// Releases what the plan owns. Accepts a zeroed plan.
void ncs_plan_free(ncs_plan *p);

/// The configuration space body `b` sees.
const ncs_cspace *ncs_plan_cspace(const ncs_plan *p, int b);

/// LCP dimension of formulation `form` with the given group sizes, x convex
/// contacts and k friction directions (the layout.h formulas); -1 if invalid.
int ncs_plan_lcp_size(int form, int ng, const int *gsize, int x, int k);

/// Most groups of `cs` within `R` (largest side distance at most R) of
/// one free point (outside every group) of `box` grown by R, into *groups,
/// and most sides within R of one such point (signed distance >= -R) summed
/// over those groups, into *sides; both at least 1. Counted on a grid of at
/// most 400 x 400 points with the 1-Lipschitz slack of its cells, so they
/// bound every point, not only the grid's. Never fails.
void ncs_plan_near(const ncs_cspace *cs, double R, const double box[4], int *groups,
                   int *sides);

/// Most of the `npts` points within `rad` of one point of `box` (grown by
/// rad), with the grid slack of ncs_plan_near. Out of memory it returns
/// npts (still a bound). Never fails.
int ncs_plan_points_near(const ncs_vec2 *pts, int npts, double rad, const double box[4]);

/// Writes <prefix>.h into `out`.
void ncs_emit_header(const ncs_plan *p, ncs_buf *out);
/// Writes <prefix>.c into `out`.
void ncs_emit_source(const ncs_plan *p, ncs_buf *out);
/// Writes <prefix>_main.c into `out`.
void ncs_emit_main(const ncs_plan *p, ncs_buf *out);

#endif
