/* plan_bytes.c - planning: the bytes of a state, from the runtime's own
 * formula (NCS_WORLD_MEM_UNITS and NCS_WORLD_JOINT_UNITS of ncs/world.h, the
 * ones the generated <P>_STATE_BYTES uses), for the host build (double).
 *
 * A file of its own: ncs/world.h's names (ncs_side, ...) are not the
 * compiler's, so no other compiler file includes it. */
#include <stddef.h>
#include "ncs/world.h"
#include "plan_bytes.h"

/* (plan_bytes.h) */
double ncs_state_bytes(int nbodies, int pairs, int srefs, int contacts, int groups, int m,
                       int nfric, int njoints, int jrows) {
    size_t nb = (size_t)nbodies, nc = (size_t)contacts, k = (size_t)nfric;
    size_t units = NCS_WORLD_MEM_UNITS(nb, (size_t)pairs, (size_t)srefs, nc, (size_t)groups,
                                       (size_t)m, k) +
                   NCS_WORLD_JOINT_UNITS(nb, (size_t)njoints, (size_t)jrows, nc, k);
    return (double)sizeof(ncs_world) + (double)sizeof(ncs_mem_unit) * (double)units;
}
