/* ncs/config.h - every build option of the runtime core with its default,
 * in one place (as Lua's luaconf.h). Define an option before including any
 * ncs header (-D on the command line, or the generated <p>_ncs.h of a
 * firmware copy, which sets the scene's values: compiler/emit_copy.c,
 * docs/embedded.md) to change it; the host runtime library uses the
 * defaults except where runtime/CMakeLists.txt says. An option shown below
 * as a comment has no default: it is off unless defined.
 *
 * The tolerances are not options: one set per element type, in ncs/real.h
 * (docs/solver.md, "Element type and tolerances"). */
#ifndef NCS_CONFIG_H
#define NCS_CONFIG_H

/* ---- element type and names ---------------------------------------------- */

/* 1: ncs_real is float (a firmware copy with --real float); 0: double */
#ifndef NCS_REAL_FLOAT
#define NCS_REAL_FLOAT 0
#endif

/* the prefix of every external symbol of a copy: ncs_xxx becomes
 * <NCS_PREFIX>_xxx (ncs/prefix.h); not defined: the names stay ncs_xxx */
/* #define NCS_PREFIX p */

/* ---- the LCP solver (lcp_internal.h, solve*.c, lemke.c, assemble.c) -------- */

/* 1: a firmware copy's solver, bytes before speed: no one-component
 * shortcuts, no side-bound table, no fallbacks (solve_rescue.c is not
 * compiled); the results of every LCP it solves are the same */
#ifndef NCS_LCP_SMALL
#define NCS_LCP_SMALL 0
#endif

/* the one formulation (an ncs_formulation: NCS_FORM_MAX, ...) a copy solves;
 * the others' code drops out and their layouts are refused as bad input */
/* #define NCS_LCP_ONLY_FORM NCS_FORM_MAX */

/* defined: no friction rows in any layout (a scene without friction) */
/* #define NCS_LCP_NO_FRICTION 1 */

/* defined: no Newton polish of a solution (a firmware copy) */
/* #define NCS_LCP_NO_NEWTON 1 */

/* defined: no reference assembler of B and b (ncs_lcp_assemble); the step
 * engine's LCP hook then gets no B and b (ncs/world.h) */
/* #define NCS_LCP_NO_ASSEMBLE 1 */

/* largest LCP dimension m solved with Lemke's lazy tableau; larger runs
 * pivot eagerly; 0: never (a firmware copy: the lazy code drops out) */
#ifndef NCS_LEMKE_LAZY_MAX_M
#define NCS_LEMKE_LAZY_MAX_M 32
#endif

/* smallest m whose dense pivot updates go to the rank-one kernel (GSL BLAS
 * on the host); 0: never (runtime/CMakeLists.txt sets 0 with GCC) */
#ifndef NCS_LCP_BLAS_MIN_M
#define NCS_LCP_BLAS_MIN_M 64
#endif

/* defined: the pivot and the input check are also compiled for AVX, chosen
 * at load time (GCC on x86-64 Linux: runtime/CMakeLists.txt sets it) */
/* #define NCS_LCP_CLONES 1 */

/* ---- the step engine (world_internal.h, world*.c) -------------------------- */

/* Parts a firmware copy may leave out (compiler/emit_copy.c sets them to 0
 * for a scene without joints, without restitution, unless asked for
 * contact reports, without polygon bodies, without pairs of bodies, of one
 * body): each
 * is then code that can never run, and one.c does not include its file or
 * its functions. */
/* 1: joints and motors (world_joint.c, mlcp.c) */
#ifndef NCS_WORLD_JOINTS
#define NCS_WORLD_JOINTS 1
#endif
/* 1: restitution's bounces (world_restitution.c) */
#ifndef NCS_WORLD_RESTITUTION
#define NCS_WORLD_RESTITUTION 1
#endif
/* 1: contact reports, ncs_world_set_contact_log (world_report.c) */
#ifndef NCS_WORLD_REPORTS
#define NCS_WORLD_REPORTS 1
#endif
/* 1: polygon bodies: their collection (corner pairs, vertex pairs, the
 * solid's corners against their pieces), the separating-axis sides of
 * corner pairs and their depth (world_collect.c, world_side.c,
 * world_depth.c); 0 for a scene without polygon bodies (ncs_world_init
 * then refuses a scene that has one) */
#ifndef NCS_WORLD_POLYGONS
#define NCS_WORLD_POLYGONS 1
#endif
/* 1: pairs of two moving bodies (their collection and depth); 0 for a scene
 * where no two bodies can make a pair: one body, or particles only (two
 * particles never do); ncs_world_init then refuses a scene that has such a
 * pair of bodies */
#ifndef NCS_WORLD_BODY_PAIRS
#define NCS_WORLD_BODY_PAIRS 1
#endif
/* 1: the contact register, each contact's impulses of the last step by its
 * side, the warm start of the next step's LCP (world_register.c); 0 for a
 * scene of one body (no pile, one island: the solver's own warm start by
 * row serves) */
#ifndef NCS_WORLD_REGISTER
#define NCS_WORLD_REGISTER 1
#endif

/* ---- the compiler's limits (ncsc) -------------------------------------------- */

/* the largest state (<P>_STATE_BYTES of the host build, double) ncsc
 * accepts: 2 GiB less 1 MiB for the program's other static data. The usual
 * 64-bit code models (x86-64, AArch64) keep static data within 2 GiB of the
 * code, so a larger static state fails at link ("relocation truncated to
 * fit"), and no 32-bit target can address it; a scene that needs more is a
 * located ncsc error naming the bytes and the capacity that fits */
#ifndef NCS_STATE_MAX_BYTES
#define NCS_STATE_MAX_BYTES 2146435072.0
#endif

/* ---- linkage ----------------------------------------------------------------- */

/* linkage of the functions the core's files share: external in the runtime
 * library, `static` in the one-file build (one.c defines it so) */
#ifndef NCS_INTERNAL
#define NCS_INTERNAL
#endif

#endif
