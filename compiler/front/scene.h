/* scene.h - front end: the checked scene: what the front end hands to geometry and to
 * the code generator.
 *
 * The parser builds this directly (no separate lowering pass): every value
 * here has passed the semantic checks of sema.c (ranges, finiteness, names
 * resolved to indices). All memory belongs to the scene's arena and is
 * released by ncs_scene_free. Source locations are kept for every item so
 * later stages (geometry validation, expectations) can report
 * `file:line:col: error:` against the scene text.
 */
#ifndef NCS_SCENE_H
#define NCS_SCENE_H

#include "ncs/vocab.h"   /* ncs_formulation, ncs_body_kind, ncs_joint_kind, ncs_expect_kind,
                             ncs_coord, ncs_cmp: the runtime's enums */

/** 1-based source position; line 0 means "no location". */
typedef struct ncs_loc {
    int line;   /**< 1-based line */
    int col;    /**< 1-based column (bytes) */
} ncs_loc;

/** A 2D vector (also used for points). */
typedef struct ncs_vec2 {
    double x;   /**< first coordinate */
    double y;   /**< second coordinate */
} ncs_vec2;

/** A list of vertices as written in the scene (any winding, unvalidated
 *  geometry: geometry.c validates and normalises). */
typedef struct ncs_ring {
    int n;              /**< number of vertices */
    ncs_vec2 *pt;       /**< vertices in the order written */
    ncs_loc *loc;       /**< location of each vertex's '(' */
    ncs_loc at;         /**< location of the keyword that opened the ring */
} ncs_ring;

/** One side of an explicit nonconvex group: the half-plane
 *  { q : dot(q - point, normal) >= 0 } is that side's valid region. */
typedef struct ncs_side {
    ncs_vec2 point;     /**< a point on the side's line */
    ncs_vec2 normal;    /**< outward normal as written (nonzero, not normalised) */
    ncs_loc loc;        /**< location of the `side` keyword */
} ncs_side;

typedef enum ncs_obstacle_kind {
    NCS_OBST_POLYGON = 0,   /**< simple polygon, optionally with holes */
    NCS_OBST_GROUP = 1      /**< explicit nonconvex group of half-planes */
} ncs_obstacle_kind;
enum { NCS_NOBST_KINDS = 2 };

/** An obstacle kind's words, indexed by ncs_obstacle_kind: its name as
 *  written in scenes, dumps and the geometry JSON, and its plural
 *  (messages). Spelled once, in front/sema.c (obstacle kinds are the
 *  compiler's own: the runtime sees only pieces). */
typedef struct ncs_obstacle_kind_info {
    const char *name;       /**< as written after `obstacle NAME` */
    const char *plural;     /**< for more than one */
} ncs_obstacle_kind_info;
extern const ncs_obstacle_kind_info ncs_obstacle_kinds[NCS_NOBST_KINDS];

/** A static obstacle. */
typedef struct ncs_obstacle {
    const char *name;   /**< unique among obstacles and bodies */
    ncs_loc loc;        /**< location of the name */
    int kind;           /**< ncs_obstacle_kind */
    ncs_ring outer;     /**< polygon: outer ring */
    int nholes;         /**< polygon: number of holes */
    ncs_ring *holes;    /**< polygon: hole rings */
    int nsides;         /**< group: number of sides (>= 1) */
    ncs_side *sides;    /**< group: the sides */
    double friction;    /**< friction coefficient, scene default when not given */
    int has_friction;   /**< 1 when the obstacle set its own friction */
} ncs_obstacle;

/** A moving body. Angles in radians. */
typedef struct ncs_body {
    const char *name;   /**< unique among obstacles and bodies */
    ncs_loc loc;        /**< location of the name */
    int kind;           /**< ncs_body_kind */
    double mass;        /**< > 0 */
    double radius;      /**< disc: > 0; else 0 */
    ncs_ring shape;     /**< polygon: vertices in the body frame */
    double inertia;     /**< polygon: rotational inertia about the centroid
                             (from uniform density when not given); else 0 */
    int has_inertia;    /**< 1 when the scene gave the inertia */
    ncs_vec2 pos;       /**< initial position (default 0, 0) */
    double angle;       /**< initial angle (default 0) */
    ncs_vec2 vel;       /**< initial velocity (default 0, 0) */
    double omega;       /**< initial angular velocity (default 0) */
    ncs_vec2 force;     /**< constant external force, gravity excluded (default 0) */
    double torque;      /**< constant external torque (default 0) */
    double friction;    /**< friction coefficient, scene default when not given */
    int has_friction;   /**< 1 when the body set its own friction */
    double restitution; /**< 0..1, scene default when not given */
    int has_restitution;/**< 1 when the body set its own restitution */
    int kinematic;      /**< 1: `body NAME kinematic`, a disc or a polygon
                             (kind) that moves with its own velocity; mass 1
                             and inertia nominal (used by no dynamics) */
} ncs_body;

/** A bilateral joint between two bodies, or a body and the world. */
typedef struct ncs_joint {
    const char *name;   /**< unique among obstacles, bodies and joints */
    ncs_loc loc;        /**< location of the name */
    int kind;           /**< ncs_joint_kind */
    int a;              /**< body index */
    int b;              /**< body index, -1: the world */
    int has_at;         /**< 1 when `at` was given */
    ncs_vec2 at;        /**< pin, weld: the joint's point; rod: the world end */
    ncs_loc at_loc;     /**< location of `at` (else of the name) */
    double length;      /**< rod: its length at time 0 (> 0) */
    int motor;          /**< pin: 1 when `motor_speed` was given */
    ncs_loc motor_loc;  /**< location of `motor_speed` */
    double speed;       /**< motor: target omega_a - omega_b */
    double max_torque;  /**< motor: torque bound (>= 0), -1: unbounded */
} ncs_joint;

/** One expectation; turns the scene into a test. */
typedef struct ncs_expect {
    int kind;           /**< ncs_expect_kind */
    ncs_loc loc;        /**< location of the `expect` keyword */
    int body;           /**< body index, -1 when none */
    int coord;          /**< VALUE/BOUND: ncs_coord */
    int op;             /**< BOUND: ncs_cmp (LE or GE); else EQ */
    int step;           /**< >= 1, NCS_EXPECT_END, or NCS_EXPECT_EVERY (bounds only) */
    ncs_vec2 value;     /**< POSITION/VELOCITY: expected vector */
    double scalar;      /**< VALUE/BOUND: expected value or bound */
    double tol;         /**< tolerance (>= 0); BOUND: allowed slack (default 0) */
} ncs_expect;

/** The whole checked scene. */
typedef struct ncs_scene {
    const char *file;       /**< path as given on the command line */
    const char *name;       /**< scene name (an identifier) */
    ncs_loc loc;            /**< location of the scene name */
    double h;               /**< time step, > 0 */
    int steps;              /**< number of steps, >= 1 (from steps or duration) */
    ncs_vec2 gravity;       /**< gravitational acceleration (default 0, 0) */
    int form;               /**< ncs_formulation (default NCS_FORM_MAX) */
    double gamma;           /**< max: gamma when given */
    int gamma_auto;         /**< 1: choose gamma automatically (default) */
    double epsilon;         /**< summation: epsilon when given */
    int epsilon_auto;       /**< 1: default epsilon (default) */
    double friction;        /**< scene default friction coefficient (default 0) */
    double margin;          /**< proximity margin when given */
    int margin_auto;        /**< 1: margin chosen by the compiler (default) */
    int capacity;           /**< active groups per body; 0 = chosen by the compiler */
    double restitution;     /**< default restitution, and the obstacles' (default 0) */
    double restitution_threshold; /**< slower impacts are inelastic (default 1) */
    double erp;             /**< error-reduction fraction 0..1 (default 0) */
    int njoints;            /**< number of joints */
    ncs_joint *joints;      /**< joints in file order */
    int nobstacles;         /**< number of obstacles */
    ncs_obstacle *obstacles;/**< obstacles in file order */
    int nbodies;            /**< number of bodies (>= 1) */
    ncs_body *bodies;       /**< bodies in file order */
    int nexpects;           /**< number of expectations */
    ncs_expect *expects;    /**< expectations in file order */
    struct ncs_arena *arena;/**< owns every allocation above */
} ncs_scene;

#endif
