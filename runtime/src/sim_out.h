/* sim_out.h - what the simulator (sim.c) shares with its output writers
 * (svg.c): the recorded run and the number format. Runtime-internal; host
 * only (stdio, heap).
 *
 * An output written after the run (--svg; an --html replay would be one
 * more) is an ncs_sim_writer: sim.c opens its file before the run, records
 * the trajectory, calls the writer and closes the file.
 */
#ifndef NCS_SIM_OUT_H
#define NCS_SIM_OUT_H

#include <stddef.h>
#include <stdio.h>
#include "ncs/sim.h"

/** The recorded run: every body's configuration after every step. */
typedef struct ncs_sim_traj {
    int nbodies;                /**< bodies per record */
    long nrec;                  /**< records: steps 0 .. nrec - 1 */
    long cap;                   /**< records allocated */
    double *q;                  /**< record k, body b: q[(k nbodies + b) 3 + 0..2]
                                     (x, y, theta at the reference point) */
    long failed_step;           /**< the step that stopped the run, 0: none */
} ncs_sim_traj;

/** Writes what the run looked like to f (opened and closed by the caller).
 *  Returns 0, or -1 when writing failed (ferror). */
typedef int (*ncs_sim_writer)(FILE *f, const ncs_sim_desc *sim, const ncs_sim_traj *t);

/// The --svg picture: obstacles, axes with tick labels, a scale bar, every
/// body's trajectory and its outline at t = 0, T/4, T/2, 3T/4 and T with
/// time labels that do not overlap. Returns as ncs_sim_writer.
int ncs_sim_svg(FILE *f, const ncs_sim_desc *sim, const ncs_sim_traj *t);

/// The shortest text of v that strtod reads back as v: "%.Ng" with the
/// fewest digits N (0.2, not 0.20000000000000001), or the whole number when
/// that is shorter (100, not 1e+02); "nan", "inf" or "-inf" when v is not
/// finite. out holds n >= 32 bytes. Returns the length. Never fails.
int ncs_sim_shortest(char *out, size_t n, double v);

#endif
