/* ncs/vocab.h - the one vocabulary of ncs: the enums that the compiler, the
 * generated code and the runtime share, and the tables that spell their
 * names (runtime/src/vocab.c).
 *
 * A formulation (its enum is ncs_formulation of ncs/layout.h) has a row of
 * ncs_forms: its name as scenes, dumps, .dat layouts and pages write it,
 * its enum's name as generated code writes it, the scene constant it takes
 * and the shape of its LCP. A body kind has a row of ncs_body_kinds.
 * Adding a formulation or a body kind starts here (docs/architecture.md).
 *
 * The enums are plain C99 and cost nothing in a firmware copy (world.h
 * includes this header); the tables are data of the host library
 * ncs_layout, which a firmware copy does not compile.
 */
#ifndef NCS_VOCAB_H
#define NCS_VOCAB_H

#include "ncs/layout.h"   /* ncs_formulation */

#ifdef __cplusplus
extern "C" {
#endif

/* ---- formulations ---------------------------------------------------------- */

/** Number of formulations: the enum ncs_formulation runs from 0 to this - 1. */
#define NCS_NFORMS 5

/** One formulation: the row of ncs_forms at index `form`. */
typedef struct ncs_form_info {
    int form;                   /**< its ncs_formulation value (its index in ncs_forms) */
    const char *name;           /**< as written in scenes, dumps, .dat layouts and pages */
    const char *macro;          /**< its enum's name (NCS_FORM_...), as generated code
                                     writes it */
    const char *constant;       /**< the scene constant it takes ("gamma": ncs_layout's
                                     gamma, "epsilon": its eps_h = epsilon / h), NULL
                                     when none; no other formulation takes it */
    int groups;                 /**< 1 when it takes nonconvex groups, 0 when every
                                     contact must be convex (stewart) */
    int rows_side, rows_group;  /**< the rows of its blocks before p_y (ncs/layout.h):
                                     rows_side per nonconvex side plus rows_group per
                                     group (diff: c[y - g] is 1 and -1) */
} ncs_form_info;

/** The formulations, indexed by ncs_formulation. */
extern const ncs_form_info ncs_forms[NCS_NFORMS];

/// The row of formulation `form`, or NULL when `form` is no formulation.
const ncs_form_info *ncs_form_info_of(int form);

/// The name of formulation `form` (ncs_forms), or "?" when it is none.
const char *ncs_form_name(int form);

/// The formulation named `name` (exactly as ncs_forms spells it), or -1.
int ncs_form_from_name(const char *name);

/* ---- bodies ---------------------------------------------------------------- */

/** Kinds of bodies (ncs_body_desc.kind; the compiler's ncs_body.kind). */
typedef enum ncs_body_kind {
    NCS_PARTICLE = 0,           /**< a point mass */
    NCS_DISC = 1,               /**< a disc of a radius */
    NCS_POLYGON = 2             /**< a rigid polygon (vertices in the body frame) */
} ncs_body_kind;

/** Number of body kinds. */
#define NCS_NBODY_KINDS 3

/** One kind of a scene's things: the row at index `kind` of
 *  ncs_body_kinds or ncs_joint_kinds. */
typedef struct ncs_kind_info {
    int kind;                   /**< its enum's value (its index) */
    const char *name;           /**< as written in scenes, dumps and pages */
    const char *plural;         /**< its name for more than one (messages) */
    const char *macro;          /**< its enum's name, as generated code writes it */
    int rows;                   /**< a joint kind: its rows in the step's LCP
                                     (NCS_JOINT_ROWS); a body kind: 0 */
} ncs_kind_info;

/** One body kind: the row of ncs_body_kinds at index `kind` (ncs_body_kind). */
typedef ncs_kind_info ncs_body_kind_info;

/** The body kinds, indexed by ncs_body_kind. A kinematic body (`body NAME
 *  kinematic`) is a disc or a polygon with its `kinematic` flag set, not a
 *  kind of its own. */
extern const ncs_body_kind_info ncs_body_kinds[NCS_NBODY_KINDS];

/// The row of body kind `kind`, or NULL when `kind` is no body kind.
const ncs_body_kind_info *ncs_body_kind_info_of(int kind);

/// The body kind named `name` (exactly as ncs_body_kinds spells it), or -1.
int ncs_body_kind_from_name(const char *name);

/* ---- joints ---------------------------------------------------------------- */

/** Kinds of joints (ncs_joint_desc.kind; docs/engine.md, "Joints"). */
typedef enum ncs_joint_kind {
    NCS_JOINT_PIN = 0,          /**< the two anchors at one point: 2 rows */
    NCS_JOINT_ROD = 1,          /**< the two anchors at distance len: 1 row */
    NCS_JOINT_WELD = 2          /**< a pin that also keeps the angle: 3 rows */
} ncs_joint_kind;

/** Number of joint kinds. */
#define NCS_NJOINT_KINDS 3

/** One joint kind: the row of ncs_joint_kinds at index `kind`
 *  (ncs_joint_kind; ncs_kind_info, rows its rows in the step's LCP). */
typedef ncs_kind_info ncs_joint_kind_info;

/** The joint kinds, indexed by ncs_joint_kind. */
extern const ncs_joint_kind_info ncs_joint_kinds[NCS_NJOINT_KINDS];

/// The row of joint kind `kind`, or NULL when `kind` is no joint kind.
const ncs_joint_kind_info *ncs_joint_kind_info_of(int kind);

/// The name of joint kind `kind` (ncs_joint_kinds), or "?" when it is none.
const char *ncs_joint_kind_name(int kind);

/// The joint kind named `name` (exactly as ncs_joint_kinds spells it), or -1.
int ncs_joint_kind_from_name(const char *name);

/* ---- expectations (the simulator's, ncs/sim.h) ----------------------------- */

/** Kinds of expectations (ncs_expect_desc.kind). */
typedef enum ncs_expect_kind {
    NCS_EXPECT_POSITION = 0,        /**< position == value within tol at step */
    NCS_EXPECT_VELOCITY = 1,        /**< velocity == value within tol at step */
    NCS_EXPECT_VALUE = 2,           /**< coordinate == value within tol at step */
    NCS_EXPECT_BOUND = 3,           /**< coordinate op value (+- tol) at step or every step */
    NCS_EXPECT_NO_PENETRATION = 4,  /**< no body deeper than tol, every step */
    NCS_EXPECT_ALL_SOLVED = 5       /**< every step solved */
} ncs_expect_kind;

/** Coordinates of a body (ncs_expect_desc.coord). */
typedef enum ncs_coord {
    NCS_COORD_X = 0,            /**< x of the reference point */
    NCS_COORD_Y = 1,            /**< y of the reference point */
    NCS_COORD_THETA = 2,        /**< the angle */
    NCS_COORD_VX = 3,           /**< x velocity of the reference point */
    NCS_COORD_VY = 4,           /**< y velocity of the reference point */
    NCS_COORD_OMEGA = 5         /**< the angular velocity */
} ncs_coord;

/** Comparisons of a bound (ncs_expect_desc.op). */
typedef enum ncs_cmp {
    NCS_EXPECT_EQ = 0,          /**< == (every expectation but a bound) */
    NCS_EXPECT_LE = 1,          /**< <= */
    NCS_EXPECT_GE = 2           /**< >= */
} ncs_cmp;

/** The number of expectation kinds, coordinates and comparisons. */
#define NCS_NEXPECT_KINDS 6
#define NCS_NCOORDS 6
#define NCS_NCMPS 3

/** One name of a small enum: the row at index `value` of ncs_expect_kinds,
 *  ncs_coords or ncs_cmps. */
typedef struct ncs_enum_name {
    int value;                  /**< its enum's value (its index) */
    const char *name;           /**< as scenes and dumps write it (an expectation
                                     kind: as dumps write it; a scene writes the
                                     first two as the members position and
                                     velocity) */
    const char *macro;          /**< its enum's name, as generated code writes it */
} ncs_enum_name;

/** The expectation kinds, indexed by ncs_expect_kind. */
extern const ncs_enum_name ncs_expect_kinds[NCS_NEXPECT_KINDS];
/** The coordinates of a body, indexed by ncs_coord. */
extern const ncs_enum_name ncs_coords[NCS_NCOORDS];
/** The comparisons of an expectation, indexed by ncs_cmp. */
extern const ncs_enum_name ncs_cmps[NCS_NCMPS];

/// The name of row `i` of `table` (n rows), or "?" when `i` is out of range.
const char *ncs_enum_name_of(const ncs_enum_name *table, int n, int i);

/// The macro of row `i` of `table` (n rows), that of row 0 when `i` is out
/// of range (generated code always names a value).
const char *ncs_enum_macro_of(const ncs_enum_name *table, int n, int i);

/** When an expectation is checked (ncs_expect_desc.step): a step >= 1, or
 *  one of these. */
enum {
    NCS_EXPECT_EVERY = 0,       /**< every step (bounds, no-penetration, all-solved) */
    NCS_EXPECT_END = -1         /**< after the last step */
};

#ifdef __cplusplus
}
#endif
#endif
