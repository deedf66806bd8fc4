/* sim_input.h - the simulator's control sequence (--input FILE, issue 27):
 * a CSV with the header `step,body,fx,fy,torque` whose rows set a body's
 * external force and torque from the state of their step on (step 0: from
 * the first step), held until changed. Runtime-internal; host only (stdio,
 * heap). */
#ifndef NCS_SIM_INPUT_H
#define NCS_SIM_INPUT_H

#include "ncs/world.h"

/** One row of the file. */
typedef struct ncs_sim_input_row {
    long step;                  /**< applied before the step from state `step` */
    int body;
    double fx, fy, torque;
} ncs_sim_input_row;

/** The rows of one file, in file order (steps never decrease). */
typedef struct ncs_sim_input {
    ncs_sim_input_row *row;     /**< n rows (heap) */
    long n, next;               /**< rows; the first not applied yet */
} ncs_sim_input;

/// Reads a whole number in [lo, hi] written as decimal digits only (no
/// sign, no blanks: ' 5', '+5', '-0' and '5 ' are refused) into *out.
/// Returns 0, or -1 with *out unchanged. Shared by the simulator's options.
int ncs_sim_parse_long(const char *s, long lo, long hi, long *out);

/// Reads `path` into *in (names of sc's bodies). Returns 0, or 2 after a
/// message "PATH:LINE: error: ..." on stderr (the file cannot be read, a
/// header other than step,body,fx,fy,torque, a missing or extra column, an
/// unknown body, a number that is not finite, a step that is not a whole
/// number >= 0 or is below the previous row's); then *in holds nothing.
int ncs_sim_input_load(ncs_sim_input *in, const char *path, const ncs_scene_desc *sc);

/// Sets the forces of the rows of every step <= `state` not applied yet
/// (before the step from state `state`). Returns 0, or the failing
/// ncs_world_set_force status (the loader's checks make that impossible).
int ncs_sim_input_apply(ncs_sim_input *in, ncs_world *w, long state);

/// Frees the rows. Never fails.
void ncs_sim_input_free(ncs_sim_input *in);

#endif
