/* emit_solver.h - the firmware copy of the runtime's LCP solver.
 *
 * For `ncsc --target embedded` the generated simulator carries its own
 * solver: the runtime's solver core (runtime/src/lemke.c, solve.c,
 * assemble.c, dense.c, kernel_plain.c, layout.c and their headers), which
 * the build embeds into ncsc as text (cmake/EmbedSources.cmake), written out
 * as one self-contained pair <prefix>_lcp.h / <prefix>_lcp.c with every
 * `ncs_` identifier renamed `<prefix>_` and every `NCS_` one `<PREFIX>_`,
 * the internal functions static, and the element type fixed to double or
 * float. No GSL, no heap, no stdio: the same solving strategy and statuses
 * as the host runtime (docs/solver.md, docs/embedded.md).
 */
#ifndef NCS_EMIT_SOLVER_H
#define NCS_EMIT_SOLVER_H

#include "emit_buf.h"

/** The first line of every file ncsc writes: the project's licence (MIT,
 *  LICENSE) as an SPDX identifier, so firmware users can ship the code. */
#define NCS_EMIT_SPDX "/* SPDX-License-Identifier: MIT */"

/** One embedded source file: its name and its lines (each with its '\n'). */
typedef struct ncs_embedded_file {
    const char *name;               /**< e.g. "lemke.c"; NULL ends a table */
    const char *const *lines;       /**< NULL-terminated */
} ncs_embedded_file;

/** The solver core's sources (generated at build time). */
extern const ncs_embedded_file ncs_solver_sources[];

/// Renders the firmware solver for `prefix` (a C identifier; `upper` is its
/// upper-case form for macros) into `h` (<prefix>_lcp.h) and `c`
/// (<prefix>_lcp.c). real_float = 1 makes <prefix>_real float, 0 double.
/// Returns 0; -1 when a source the build should have embedded is missing
/// (nothing useful is then in the buffers). Allocation failures set the
/// buffers' oom flag, which the caller checks.
int ncs_emit_solver(const char *prefix, const char *upper, int real_float,
                    ncs_buf *h, ncs_buf *c);

/// As ncs_emit_solver, specialised for one scene: form >= 0 (an
/// ncs_formulation) keeps only that formulation's code and nfric == 0 drops
/// the friction code (pass -1 for either to keep everything). The copy then
/// refuses other layouts with NCS_LCP_BAD_INPUT. form >= 0 also leaves out
/// the Newton polish (<P>_LCP_NO_NEWTON) unless the copy is compiled with
/// <P>_LCP_KEEP_NEWTON (docs/embedded.md). assemble = 1 keeps the reference
/// assembler <prefix>_lcp_assemble (the rigid-body path's generated step
/// calls it); 0 leaves it out (<P>_LCP_NO_ASSEMBLE), as ncs_emit_solver
/// does. Fails as ncs_emit_solver.
int ncs_emit_solver_for(const char *prefix, const char *upper, int real_float,
                        int form, int nfric, int assemble, ncs_buf *h, ncs_buf *c);

/** Flags of ncs_emit_retarget. */
enum {
    NCS_RT_DROP_INCLUDES = 1,   /**< drop lines that include a project header */
    NCS_RT_LCP_INCLUDE = 2,     /**< `#include "ncs/..."` becomes `#include "<lo>_lcp.h"` */
    NCS_RT_REAL = 4,            /**< the type `double` becomes `<lo>_real` */
    NCS_RT_FLOAT = 8            /**< float literals get an `f`; libm calls and
                                     HUGE_VAL their float forms */
};

/// Appends `text` to `out` with every identifier that starts with "ncs_"
/// renamed to lo + "_" + the rest and every one that starts with "NCS_" to
/// up + "_" + the rest, outside string and character literals (comments are
/// renamed too), plus what `flags` (NCS_RT_*) asks for. This turns the
/// solver core and the host target's generated code into firmware code.
/// Sets out->oom on allocation failure.
void ncs_emit_retarget(ncs_buf *out, const char *text, const char *lo,
                       const char *up, int flags);

/// Renders <prefix>_main.c of the firmware target into `out`: runs the
/// scene's steps and prints the trajectory with printf in the host
/// simulator's CSV format (`--csv -`), %.17g for double and %.9g for float;
/// exit status 0 when every step solved, 1 when one failed (reported on
/// stderr), 2 when the workspace was rejected. If <PREFIX>_STEP_BEGIN and
/// <PREFIX>_STEP_END are defined (names of void(void) functions), each step
/// is bracketed by calls to them (measurement hooks). Sets out->oom on
/// allocation failure.
void ncs_emit_fw_main(const char *prefix, const char *upper, int real_float,
                      ncs_buf *out);

#endif
