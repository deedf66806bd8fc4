/* emit_sim.h - parts of the standalone simulator (<prefix>_main.c) that
 * live outside emit_main.c: the --svg picture writer.
 */
#ifndef NCS_EMIT_SIM_H
#define NCS_EMIT_SIM_H

#include "emit_buf.h"
#include "emit_plan.h"

/// Appends to `o` the scene's drawing data (obstacle rings, explicit group
/// sides, body shapes) and the static function
///   int write_svg(const char *path, const double *traj, long nrec,
///                 long failed_step);
/// which draws the obstacles, every body's trajectory traj[(k * NBODIES +
/// b) * 3 + c] for records k < nrec, and each body at five instants. The
/// emitted function returns 0, or -1 after printing why the file could not
/// be written. Allocation failures set o->oom.
void ncs_emit_main_svg(const ncs_plan *p, ncs_buf *o);

#endif
