/* ncs/real.h - the element type of the LCP solver core and its tolerances.
 *
 * ncs_real is double unless NCS_REAL_FLOAT is defined to a nonzero value
 * (firmware builds: `ncsc --target embedded --real float`). The host
 * runtime (libncs) is always built in double. Every tolerance the solver
 * core uses is here, one value per element type (docs/solver.md,
 * "Element type and tolerances"). The double values are the runtime's
 * historical ones; the float values are about 2^6 to 2^13 float ulps
 * (FLT_EPSILON = 1.2e-7), all relative to the problem's own scale.
 */
#ifndef NCS_REAL_H
#define NCS_REAL_H

#include <math.h>
#include "ncs/config.h"

/* libm calls as compiler builtins where available: -ffreestanding (the
 * firmware library flags) implies -fno-builtin, which would turn every
 * fabsf into a function call instead of one instruction. Same results:
 * fabs and sqrt are exact / correctly rounded either way. */
#if defined(__GNUC__)
#define NCS_MATH_(f) __builtin_##f
#else
#define NCS_MATH_(f) f
#endif

#if defined(NCS_REAL_FLOAT) && NCS_REAL_FLOAT
typedef float ncs_real;
#define NCS_REAL_IS_FLOAT 1
#define NCS_RC(x) ((float)(x))          /**< a constant in ncs_real */
#define NCS_FABS(x) NCS_MATH_(fabsf)(x)
#define NCS_SQRT(x) NCS_MATH_(sqrtf)(x)
#define NCS_COS(x) NCS_MATH_(cosf)(x)
#define NCS_SIN(x) NCS_MATH_(sinf)(x)
#define NCS_HUGE HUGE_VALF
/** Magnitudes below this are zero in an LCP's b (the smallest normal
 *  number over the rounding unit: a velocity decaying geometrically at
 *  rest would reach subnormal numbers, where the pivoting's ratios fail). */
#define NCS_REAL_TINY NCS_RC(1e-31)
/* tolerances (relative unless said otherwise) */
#define NCS_TOL_VERIFY NCS_RC(1e-4)     /**< default scaled-residual tolerance */
#define NCS_TOL_PIVOT NCS_RC(1e-5)      /**< pivot entry vs. column's largest */
#define NCS_TOL_TIE NCS_RC(1e-5)        /**< ratio-test ties */
#define NCS_TOL_TIE_ABS NCS_RC(1e-6)    /**< ... plus this times b-scale / column-scale */
#define NCS_TOL_TIE_Z0 NCS_RC(1e-3)     /**< the looser tie that lets z0 leave */
#define NCS_TOL_LEX NCS_RC(1e-5)        /**< lexicographic comparison */
#define NCS_TOL_Z0_ZERO NCS_RC(1e-5)    /**< z0 at rounding level (times b-scale) */
#define NCS_TOL_SINGULAR NCS_RC(1e-6)   /**< dense solve: pivot vs. largest entry */
#define NCS_TOL_GROUP NCS_TOL_Z0_ZERO   /**< max form: group condition in contact space */
#define NCS_TOL_TIGHT_Z0_ZERO NCS_TOL_Z0_ZERO /* (tight runs: double only) */
#define NCS_TOL_TIGHT_LEX NCS_TOL_LEX
#define NCS_ROW_SLACK NCS_RC(1e2)       /**< row check: a violation against its own terms, x tol */
#define NCS_STATE_MAX NCS_RC(1e18)      /**< largest |coordinate| of a state (x, y,
                                             theta, vx, vy, omega): squares stay finite */
#else
typedef double ncs_real;
#define NCS_REAL_IS_FLOAT 0
#define NCS_RC(x) ((double)(x))
#define NCS_FABS(x) NCS_MATH_(fabs)(x)
#define NCS_SQRT(x) NCS_MATH_(sqrt)(x)
#define NCS_COS(x) NCS_MATH_(cos)(x)
#define NCS_SIN(x) NCS_MATH_(sin)(x)
#define NCS_HUGE HUGE_VAL
#define NCS_REAL_TINY NCS_RC(1e-292)
#define NCS_TOL_VERIFY NCS_RC(1e-9)
#define NCS_TOL_PIVOT NCS_RC(1e-12)
#define NCS_TOL_TIE NCS_RC(1e-9)
#define NCS_TOL_TIE_ABS NCS_RC(1e-14)
#define NCS_TOL_TIE_Z0 NCS_RC(1e-7)
#define NCS_TOL_LEX NCS_RC(1e-11)
#define NCS_TOL_Z0_ZERO NCS_RC(1e-10)
#define NCS_TOL_SINGULAR NCS_RC(1e-13)
/* a tight Lemke run (ncs_lemke_work.tight; large LCPs, where the looser
 * z0 exit stopped 1e-5 of b-scale short of the answer and the looser
 * lexicographic ties ran to the pivot cap): z0 leaves on a true tie only */
#define NCS_TOL_TIGHT_Z0_ZERO NCS_RC(1e-13) /**< z0 at rounding level, tight run */
#define NCS_TOL_TIGHT_LEX NCS_RC(1e-14)     /**< lexicographic comparison, tight run */
#define NCS_ROW_SLACK NCS_RC(1e2)
#define NCS_STATE_MAX NCS_RC(1e150)
#endif

#endif
