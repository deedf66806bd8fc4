/* sim_out.h - what the simulator (sim.c) shares with its output writers
 * (svg.c): the recorded run and the number format. Runtime-internal; host
 * only (stdio, heap).
 *
 * An output written after the run (--svg, --html) is an ncs_sim_writer:
 * sim.c opens its file before the run, records the trajectory, calls the
 * writer and closes the file.
 */
#ifndef NCS_SIM_OUT_H
#define NCS_SIM_OUT_H

#include <stddef.h>
#include <stdio.h>
#include "ncs/sim.h"
#include "view.h"

/** Per frame of a replay: kinetic energy, deepest penetration, the largest
 *  LCP's rows m and the step's pivots. */
enum { NCS_TRAJ_ENERGY, NCS_TRAJ_DEPTH, NCS_TRAJ_M, NCS_TRAJ_PIVOTS, NCS_TRAJ_NSTAT };

/** Most records of a run (--svg, --html): a run of more steps keeps every
 *  stride-th step, stride = steps / (NCS_TRAJ_MAX_FRAMES - 2) + 1, and the
 *  last, so that any run records in a fixed memory (24 bytes per body and
 *  record, 48 with the replay's velocities, plus statistics and contacts). */
#define NCS_TRAJ_MAX_FRAMES 20000

/** The recorded run: every body's configuration after steps 0, stride,
 *  2 stride, ... and the last step, and for a replay (--html) the same
 *  records with velocities, statistics and contacts (frames). */
typedef struct ncs_sim_traj {
    int nbodies;                /**< bodies per record */
    long nrec;                  /**< records (at most NCS_TRAJ_MAX_FRAMES) */
    long cap;                   /**< records allocated */
    long *step;                 /**< nrec: the step of each record (increasing) */
    double *q;                  /**< record k, body b: q[(k nbodies + b) 3 + 0..2]
                                     (x, y, theta at the reference point) */
    long failed_step;           /**< the step that stopped the run, 0: none */
    long stride;                /**< steps between records (the last may be closer) */
    /* frames (only when `frames` is set): per record */
    int frames;                 /**< 1: record frames */
    double *fv;                 /**< record k, body b: fv[(k nbodies + b) 3 + 0..2]
                                     (vx, vy, omega) */
    double *fstat;              /**< frame k: fstat[k NCS_TRAJ_NSTAT + NCS_TRAJ_*] */
    long *fcon;                 /**< nrec + 1: record k's contacts are
                                     con[fcon[k] .. fcon[k + 1]) */
    ncs_view_contact *con;      /**< the frames' contacts */
    long ncon, ccap;            /**< contacts recorded, allocated */
    int lost;                   /**< 1: records were lost for want of memory */
} ncs_sim_traj;

/** Writes what the run looked like to f (opened and closed by the caller).
 *  Returns 0, or -1 when writing failed (ferror). */
typedef int (*ncs_sim_writer)(FILE *f, const ncs_sim_desc *sim, const ncs_sim_traj *t);

/// The --svg picture: obstacles, axes with tick labels, a scale bar, every
/// body's trajectory and its outline at t = 0, T/4, T/2, 3T/4 and T with
/// time labels that do not overlap. Returns as ncs_sim_writer.
int ncs_sim_svg(FILE *f, const ncs_sim_desc *sim, const ncs_sim_traj *t);

/** One embedded text file: its name and its lines (each with its '\n'). */
typedef struct ncs_embedded_file {
    const char *name;               /**< e.g. "view.js"; NULL ends a table */
    const char *const *lines;       /**< NULL-terminated */
} ncs_embedded_file;

/** The pages' CSS and JavaScript (runtime/web; generated at build time by
 *  cmake/EmbedSources.cmake). */
extern const ncs_embedded_file ncs_web_assets[];

/// The --html replay page (html.c, docs/web.md): one self-contained HTML
/// file that animates the recorded frames (play, pause, step, scrub,
/// speed), draws the obstacles and, on demand, their pieces, the bodies
/// with velocities and contact impulses, and small time plots of energy,
/// penetration, LCP size and pivots. Returns as ncs_sim_writer.
int ncs_sim_html(FILE *f, const ncs_sim_desc *sim, const ncs_sim_traj *t);

/// (sim_num.c) The shortest text of v that strtod reads back as v: "%.Ng" with the
/// fewest digits N (0.2, not 0.20000000000000001), or the whole number when
/// that is shorter (100, not 1e+02); "nan", "inf" or "-inf" when v is not
/// finite. out holds n >= 32 bytes. Returns the length. Never fails.
int ncs_sim_shortest(char *out, size_t n, double v);

#endif
