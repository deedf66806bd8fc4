/* same_world.h - do two states of one scene hold the same values? Their
 * snapshots (ncs_world_save) are compared byte for byte. */
#ifndef SAME_WORLD_H
#define SAME_WORLD_H
#include <string.h>
#include "ncs/world.h"

/* Room for the snapshots of the test scenes (checked). */
#define SAME_WORLD_UNITS 65536

/* 1 when a and b (states of the same scene) save the same bytes, 0 when
 * not or when their snapshot would not fit. */
static int same_world(const ncs_world *a, const ncs_world *b) {
    static ncs_mem_unit x[SAME_WORLD_UNITS], y[SAME_WORLD_UNITS];
    size_t n = NCS_WORLD_SNAPSHOT_UNITS(a->sc->nbodies, a->sc->njoints, a->sc->max_srefs);
    if (n > SAME_WORLD_UNITS)
        return 0;
    memset(x, 0, sizeof x);
    memset(y, 0, sizeof y);
    ncs_world_save(a, x);
    ncs_world_save(b, y);
    return memcmp(x, y, n * sizeof x[0]) == 0;
}
#endif
