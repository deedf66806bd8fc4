/* ncs/sim.h - the standalone simulator every generated <prefix>_main.c
 * runs: command-line options, the time loop, the expectations, CSV, SVG
 * and LCP dumps (host only: stdio, heap).
 *
 * A generated scene provides an ncs_sim_desc (its expectations and the
 * drawing of its obstacles) next to its ncs_scene_desc; <prefix>_main.c is
 * then a few lines: initialise the state, call ncs_sim_main.
 */
#ifndef NCS_SIM_H
#define NCS_SIM_H

#include "ncs/world.h"   /* and ncs/vocab.h: the expectations' enums */

#ifdef __cplusplus
extern "C" {
#endif

/** One expectation of the scene. */
typedef struct ncs_expect_desc {
    int line, col;              /**< where it is written in the scene file */
    int kind;                   /**< ncs_expect_kind (ncs/vocab.h) */
    int body;                   /**< body index, -1: none */
    int coord;                  /**< VALUE / BOUND: the coordinate, ncs_coord */
    int op;                     /**< BOUND: NCS_EXPECT_LE or _GE; else _EQ */
    long step;                  /**< >= 1, NCS_EXPECT_END or NCS_EXPECT_EVERY */
    double value[2];            /**< expected vector, or the scalar in value[0] */
    double tol;                 /**< tolerance (BOUND: allowed slack) */
    const char *text;           /**< the expectation as text, for messages */
} ncs_expect_desc;

/** What a simulator needs beyond the step engine. The obstacles' outlines
 *  are for pictures only; explicit group obstacles are drawn from the
 *  scene's obstacle pieces that have no vertices. */
typedef struct ncs_sim_desc {
    const ncs_scene_desc *scene;/**< the scene */
    const char *file;           /**< the scene file as given to ncsc, or its base
                                     name when that was absolute (messages) */
    const char *prefix;         /**< the generated code's prefix (ncsc --prefix): the
                                     program's name in --help and the stem of
                                     ./<prefix>-fail-step-NNNNNN.dat; NULL: the
                                     scene's name */
    int nexpect;                /**< expectations (failures are listed by line
                                     and column whatever the order here) */
    const ncs_expect_desc *expect;
    int nrings;                 /**< outlines of the polygon obstacles */
    const int *ring_first;      /**< nrings + 1 offsets into ring_xy (points) */
    const double *ring_xy;      /**< x, y of every outline point */
    const unsigned char *ring_hole; /**< per ring: 1 when it is a hole of the obstacle
                                     whose outer ring comes before it (one path per
                                     obstacle), 0 for an outer ring; NULL: no holes */
} ncs_sim_desc;

/// Runs the simulator on the initialised state w (see `--help` of any
/// generated simulator, docs/ncsc.1): the options (--set may change the
/// initial state in w), the time loop, the expectations (checked unless
/// --no-check), CSV, SVG and LCP dumps. Prints its messages on stderr.
/// Returns the process exit status: 0 when every step solved and every
/// checked expectation held; 1 when a step failed (NCS_STEP_OVERFLOW
/// among them) or an expectation failed; 2 when nothing was simulated: a
/// usage error (two outputs naming one file, '-' with standard output
/// closed, a --set beyond NCS_STATE_MAX), a start state beyond
/// NCS_STATE_MAX, or an output that cannot be created; 3 when an output
/// failed to write during or after the run (said with its errno text; every
/// file the run created is removed, and "expectations passed" is not said).
int ncs_sim_main(const ncs_sim_desc *sim, ncs_world *w, int argc, char **argv);

#ifdef __cplusplus
}
#endif
#endif
