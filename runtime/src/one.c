/* one.c - the runtime core as one translation unit (as Lua's onelua.c):
 * the step engine and the LCP solver, with the functions the files share
 * made static. A firmware copy is this file compiled once per scene with
 * that scene's settings (the generated <p>_ncs.c: NCS_PREFIX, NCS_REAL_FLOAT,
 * NCS_LCP_ONLY_FORM, ...; ncs/prefix.h renames the external symbols).
 * Needs no heap, no stdio and no GSL: the portable kernel is included. */
#ifndef NCS_INTERNAL
#define NCS_INTERNAL static
#endif
#include "ncs/prefix.h"

#include "layout.c"
#include "kernel_plain.c"
#include "dense.c"
#include "lemke.c"
#include "assemble.c"
#include "solve.c"
#if !defined(NCS_WORLD_JOINTS) || NCS_WORLD_JOINTS
#include "mlcp.c"
#endif
#include "world.c"
