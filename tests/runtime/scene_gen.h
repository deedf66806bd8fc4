/* scene_gen.h - deterministic random point-mass contact problems for the
 * runtime tests and benchmarks (contact space: A, a0, mu and a layout). */
#ifndef NCS_SCENE_GEN_H
#define NCS_SCENE_GEN_H

#include <stdint.h>
#include "ncs/layout.h"

/** Random stream (xorshift64*); the state is the caller's. */
typedef struct sg_rng {
    uint64_t s;  /**< state, never 0 */
} sg_rng;

/** Seeds a stream (any seed, 0 included). */
void sg_seed(sg_rng *r, uint64_t seed);
/** Uniform in [lo, hi). */
double sg_uniform(sg_rng *r, double lo, double hi);

/** Bounds of one generated problem. */
enum { SG_MAX_GROUPS = 64, SG_MAX_NC = 256 };

/** One randomized time step of point masses near obstacle corners. */
typedef struct sg_problem {
    ncs_layout layout;              /**< groups first, then convex contacts */
    int sizes[SG_MAX_GROUPS];       /**< storage of layout.group_size */
    int nc;                         /**< contacts */
    int nu;                         /**< contact unknowns nc*(1+k) */
    double A[(SG_MAX_NC * 3) * (SG_MAX_NC * 3)]; /**< Delassus matrix, nu x nu */
    double a0[SG_MAX_NC * 3];       /**< free term */
    double mu[SG_MAX_NC];           /**< friction coefficients */
    int nbodies;                    /**< point masses: 2 nbodies degrees of freedom */
    double minv[32];                /**< inverse mass of each degree of freedom */
    int gbody[SG_MAX_NC * 3];       /**< A's factor G: impulse q acts on body gbody[q] */
    double gx[SG_MAX_NC * 3], gy[SG_MAX_NC * 3]; /**< in direction (gx, gy): A = G Minv G^T */
} sg_problem;

/// Fills p with a step of `bodies` point masses (1..), each near a corner of
/// a random triangle / convex polygon / two-sided corner (one nonconvex group
/// per obstacle, `groups_per_body` of them) plus `convex_per_body` walls;
/// friction when fric (k = 2, mu in [0,1]); gravity when grav. The layout's
/// form is `form`; for stewart every side becomes a convex contact. Returns
/// 0, or -1 when the sizes exceed the SG_ bounds.
int sg_generate(sg_rng *r, sg_problem *p, int form, int bodies,
                int groups_per_body, int convex_per_body, int fric, int grav);

#endif
