/* emit_rigid.h - the code generator's rigid-body path: scenes with polygon
 * bodies (rotation, contacts both ways, body-body contacts, islands,
 * optional fixpoint iteration). See docs/rigid.md.
 *
 * A scene with a polygon body, or with a disc and another body (bodies
 * that can touch), is written by this module instead of emit_h.c / emit_c.c; the generated API is the same (so emit_main.c's
 * simulator works unchanged) plus @_energy and @_info.iters.
 */
#ifndef NCS_EMIT_RIGID_H
#define NCS_EMIT_RIGID_H

#include "emit_plan.h"

/** Groups per island when the scene sets none and the automatic sizes
 *  (emit_rigid.c, auto_sizes) cannot be computed (out of memory) or are
 *  above NCS_RIGID_AUTO_MAX_M. */
#define NCS_RIGID_DEFAULT_CAPACITY 32

/** Largest island (LCP rows) the automatic sizes may give: the state holds
 *  about 7 MAX_M^2 doubles (B and the solver's workspace), 59 MB here. */
#define NCS_RIGID_AUTO_MAX_M 1024

/** Largest island the runtime's workspace accepts (ncs_lcp_workspace_init). */
#define NCS_RIGID_MAX_M 20000

/** Deepest pair (relative to the scene size) left without a position
 *  projection; also the default summation epsilon of this path. */
#define NCS_RIGID_PROJECT_TOL 1e-9

/** Contacts (group sides) per island: this many per active group. */
#define NCS_RIGID_CONTACTS_PER_GROUP 2

/// 1 when scene `s` needs the rigid-body path: some body is a polygon, or
/// a disc shares the scene with another body (body-body contacts). Scenes
/// of particles only, or of one particle or disc, keep the per-body path.
/// Never fails.
int ncs_rigid_wanted(const ncs_scene *s);

/// 1 when the rigid-body path's LCPs of scene `s` carry friction rows (a
/// body with friction against an obstacle with friction or against another
/// body with friction), 0 otherwise; the firmware target then keeps the
/// solver copy's friction code. Never fails.
int ncs_rigid_friction(const ncs_scene *s);

/// The body that sends scene `s` to the rigid-body path (its first polygon
/// body, else its first disc when there are several bodies), -1 when the
/// per-body path does. Never fails.
int ncs_rigid_body(const ncs_scene *s);

/// Writes <prefix>.h of the rigid-body path into `out` (out->oom on
/// allocation failure). Returns 0, or 1 after reporting through `d` that
/// the scene's `capacity` gives islands above NCS_RIGID_MAX_M rows; warns
/// when the automatic sizes are above NCS_RIGID_AUTO_MAX_M (and uses
/// NCS_RIGID_DEFAULT_CAPACITY).
int ncs_emit_rigid_header(const ncs_plan *p, ncs_buf *out, ncs_diag *d);

/// Writes <prefix>.c of the rigid-body path into `out` (out->oom on
/// allocation failure).
void ncs_emit_rigid_source(const ncs_plan *p, ncs_buf *out);

#endif
