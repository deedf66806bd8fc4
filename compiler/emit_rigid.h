/* emit_rigid.h - the code generator's rigid-body path: scenes with polygon
 * bodies (rotation, contacts both ways, body-body contacts, islands,
 * optional fixpoint iteration). See docs/rigid.md.
 *
 * A scene with at least one polygon body is written by this module instead
 * of emit_h.c / emit_c.c; the generated API is the same (so emit_main.c's
 * simulator works unchanged) plus @_energy and @_info.iters.
 */
#ifndef NCS_EMIT_RIGID_H
#define NCS_EMIT_RIGID_H

#include "emit_plan.h"

/** Default active groups per island and step when the scene says auto. */
#define NCS_RIGID_DEFAULT_CAPACITY 32

/** Contacts (group sides) per island: this many per active group. */
#define NCS_RIGID_CONTACTS_PER_GROUP 2

/// 1 when scene `s` needs the rigid-body path (some body is a polygon).
/// Never fails.
int ncs_rigid_wanted(const ncs_scene *s);

/// Writes <prefix>.h of the rigid-body path into `out` (out->oom on
/// allocation failure).
void ncs_emit_rigid_header(const ncs_plan *p, ncs_buf *out);

/// Writes <prefix>.c of the rigid-body path into `out` (out->oom on
/// allocation failure).
void ncs_emit_rigid_source(const ncs_plan *p, ncs_buf *out);

#endif
