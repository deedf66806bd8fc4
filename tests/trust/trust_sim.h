/* trust_sim.h - the simulator half of trust_run: ncs/sim.h and the
 * compiler's scene.h name the same enumerators (with the same values), so
 * the ncs_sim_desc is made in a translation unit of its own from these
 * plain fields. */
#ifndef NCS_TRUST_SIM_H
#define NCS_TRUST_SIM_H

#include "ncs/world.h"

/** One expectation: the fields of ncs_expect_desc (ncs/sim.h). */
typedef struct trun_expect {
    int line, col, kind, body, coord, op;
    long step;
    double value[2], tol;
    const char *text;
} trun_expect;

/** The simulator's data besides the scene: ncs_sim_desc's fields. */
typedef struct trun_sim {
    const char *file, *prefix;
    int nexpect;
    const trun_expect *expect;
    int nrings;
    const int *ring_first;
    const double *ring_xy;
    const unsigned char *ring_hole;
} trun_sim;

/// ncs_sim_main on the initialised state w of scene sc. Returns its exit
/// status, or 2 when out of memory.
int trun_sim_main(const ncs_scene_desc *sc, const trun_sim *t, ncs_world *w, int argc,
                  char **argv);

#endif
