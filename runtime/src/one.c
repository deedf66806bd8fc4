/* one.c - the runtime core as one translation unit (as Lua's onelua.c):
 * the step engine and the LCP solver, with the functions the files share
 * made static. A firmware copy is this file compiled once per scene with
 * that scene's settings (the generated <p>_ncs.c: NCS_PREFIX, NCS_REAL_FLOAT,
 * NCS_LCP_ONLY_FORM, ...; ncs/prefix.h renames the external symbols; the
 * options and their defaults: ncs/config.h). A room whose option is off is
 * not included: its code could never run.
 * Needs no heap, no stdio and no GSL: the portable kernel is included. */
#ifndef NCS_INTERNAL
#define NCS_INTERNAL static
#endif
#include "ncs/prefix.h"
#include "ncs/config.h"

#include "layout.c"
#include "kernel_plain.c"
#include "dense.c"
#include "lemke.c"
#include "assemble.c"
/* the LCP solver (solve_internal.h) */
#include "solve_cs.c"
#ifndef NCS_LCP_NO_NEWTON
#include "solve_newton.c"
#endif
#if !NCS_LCP_SMALL
#include "solve_rescue.c"
#endif
#if !NCS_LCP_SMALL && !NCS_REAL_IS_FLOAT
#include "lu.c"
#include "lemke_basis.c"
#include "solve_basis.c"
#endif
#include "solve_select.c"
#include "solve.c"
#if NCS_WORLD_JOINTS
#include "mlcp.c"
#endif
/* the step engine, its rooms in the order of the step (world_internal.h) */
#include "world_side.c"
#include "world_collect.c"
#include "world_island.c"
#include "world_lcp.c"
#if NCS_WORLD_REGISTER
#include "world_register.c"
#endif
#if NCS_WORLD_JOINTS
#include "world_joint.c"
#endif
#if NCS_WORLD_RESTITUTION
#include "world_restitution.c"
#endif
#if NCS_WORLD_REPORTS
#include "world_report.c"
#endif
#include "world.c"
#include "world_depth.c"
#include "world_input.c"
