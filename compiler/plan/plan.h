/* plan.h - planning: every decision the code generator makes, in one place.
 *
 * ncs_plan_make turns a checked scene and its geometry into the tables and
 * constants of the runtime's scene descriptor (ncs/world.h): the obstacle
 * pieces with their sides and vertices, the bodies' constants and shapes,
 * the formulation constants (gamma, epsilon, margins, tolerances) and the
 * sizes of the state's arrays, each a sound bound on what one step can
 * meet (docs/engine.md, "Sizes"). The emitters (emit_scene.c) only write
 * what the plan says.
 */
#ifndef NCS_PLAN_H
#define NCS_PLAN_H

#include "scene.h"
#include "geom.h"
#include "diag.h"

/** Convex pieces as the runtime's ncs_pieces (all arrays owned). */
typedef struct ncs_ptab {
    int npieces;            /**< pieces */
    int nsides;             /**< sides over all pieces */
    int nverts;             /**< vertices over all pieces */
    int *first;             /**< npieces + 1 side offsets */
    int *vfirst;            /**< npieces + 1 vertex offsets */
    double *nx, *ny;        /**< per side: outward unit normal */
    double *off;            /**< per side: n.p on its true line */
    double *grow;           /**< per side: overlap shift (internal sides) */
    double *mu;             /**< per side: friction of its obstacle */
    unsigned char *internal;/**< per side: 1 when not on the solid's boundary */
    double *vx, *vy;        /**< vertices */
    double *cx, *cy, *rad;  /**< per piece: enclosing circle (rad < 0: unbounded) */
    int maxsides;           /**< most sides of one piece */
} ncs_ptab;

/** The grid over the obstacle pieces and corners (ncs_grid). */
typedef struct ncs_pgrid {
    double x0, y0, cell;    /**< origin and cell size */
    int nx, ny;             /**< cells (0: no grid) */
    int *start, *item;      /**< pieces per cell (nx ny + 1 offsets) */
    int *cstart, *citem;    /**< corners per cell */
    int nfree, *free_piece; /**< unbounded pieces */
} ncs_pgrid;

/** A body as the runtime's ncs_body_desc. */
typedef struct ncs_pbody {
    int kind;               /**< ncs_body_kind (ncs/vocab.h) */
    double im, iI, r;       /**< 1 / mass, 1 / inertia (0: none), disc radius */
    double ax, ay, alpha;   /**< external accelerations */
    double cx, cy, rad;     /**< centroid (body frame), bounding radius */
    double mu;              /**< friction coefficient */
    double e;               /**< restitution */
    int vert0, nvert;       /**< vertices in ncs_plan.bvx/bvy (centroid frame) */
    int piece0, npiece;     /**< pieces in ncs_plan.bpieces (centroid frame) */
    double q0[3], v0[3];    /**< initial state at the reference point */
    double speed;           /**< bound on the speed of its points over the run
                                 (energy; docs/engine.md) */
    int kinematic;          /**< 1: a kinematic body (im = iI = 0, no acceleration) */
} ncs_pbody;

/** A joint as the runtime's ncs_joint_desc. */
typedef struct ncs_pjoint {
    int kind;               /**< ncs_joint_kind (ncs/vocab.h) */
    int a, b;               /**< bodies (b -1: the world) */
    double ax, ay;          /**< anchor on a (a's centroid frame) */
    double bx, by;          /**< anchor on b (b's centroid frame), or the world point */
    double len;             /**< rod: its length */
    double angle;           /**< weld: theta_a - theta_b */
    int motor;              /**< pin: 1 with a motor */
    double speed;           /**< motor: target speed */
    double max_torque;      /**< motor: torque bound, -1: none */
} ncs_pjoint;

/** Sizes of the state's arrays. */
typedef struct ncs_psizes {
    int pairs;              /**< candidate pairs in one step */
    int srefs;              /**< their sides */
    int contacts;           /**< contacts of one island */
    int groups;             /**< nonconvex groups of one island */
    int m;                  /**< LCP rows of one island */
    int jrows;              /**< joint rows of one island (all of the scene's) */
    int fit_capacity;       /**< when the state cannot be held (more than
                                 NCS_LCP_MAX_M rows or NCS_STATE_MAX_BYTES):
                                 the largest capacity whose state can (0: none);
                                 else 0 */
} ncs_psizes;

/** The plan. */
typedef struct ncs_plan {
    const ncs_scene *s;     /**< the scene */
    const ncs_geometry *g;  /**< its geometry */
    const char *prefix;     /**< symbol prefix */
    char *upper;            /**< macro prefix (upper case), owned */
    ncs_ptab obst;          /**< obstacle pieces (the union of the obstacles) */
    int ncorners;           /**< convex corners of the solid */
    int *corner_v;          /**< their vertex indices in obst */
    double *corner_mu;      /**< their friction */
    ncs_ptab bpieces;       /**< pieces of the polygon bodies (centroid frames) */
    int nbverts;            /**< vertices of the polygon bodies */
    double *bvx, *bvy;      /**< (centroid frames) */
    int *bvmap;             /**< per bpieces vertex: its index in bvx/bvy */
    ncs_pgrid grid;         /**< obstacle pieces and corners by place */
    ncs_pbody *bodies;      /**< per body */
    int njoints;            /**< joints */
    ncs_pjoint *joints;     /**< per joint */
    int nfric;              /**< friction directions: 2 when any pair has friction */
    double box[4];          /**< scene box: x0, y0, x1, y1 */
    double diameter;        /**< its diagonal (>= some positive value) */
    double local;           /**< the scale near a body (local_scale, plan.c) */
    double vmax;            /**< speed bound used for gamma */
    double gamma, epsilon;  /**< formulation constants */
    double margin;          /**< proximity margin against obstacles */
    double body_margin;     /**< proximity margin between bodies */
    double reach_cap;       /**< the largest reach of a (sub)step the sizes hold */
    double project_tol;     /**< deepest pair left without a position projection */
    double admit_tol;       /**< deepest end-of-step penetration of a solved step */
    double admit_tol_float; /**< the same for a float copy (docs/engine.md, item 7) */
    double fix_tol;         /**< default fixpoint tolerance */
    ncs_psizes size;        /**< array sizes */
} ncs_plan;

/// Builds the plan. Reports scene problems through `d` and returns 1;
/// returns 2 when out of memory; 0 on success. On failure nothing is held.
int ncs_plan_make(ncs_plan *p, const ncs_scene *s, const ncs_geometry *g, const char *prefix,
                  ncs_diag *d);

/// Fills p->size (plan_sizes.c) from the rest of the plan. Returns 0, or -1
/// when out of memory.
int ncs_plan_sizes(ncs_plan *p);

/// Bytes of the host build's state (<P>_STATE_BYTES with double) for sizes
/// z: a double, so that no size overflows it (plan_sizes.c).
double ncs_plan_state_bytes(const ncs_plan *p, const ncs_psizes *z);

/// Releases what the plan owns. Accepts a zeroed plan.
void ncs_plan_release(ncs_plan *p);

/// LCP dimension of formulation `form` with the given group sizes, x convex
/// contacts and k friction directions (ncs/layout.h); -1 if invalid
/// (plan_sizes.c).
int ncs_plan_rows(int form, int ng, const int *gsize, int x, int k);

#endif
