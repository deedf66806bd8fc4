/* emit_copy.h - emission: the firmware target (`ncsc --target embedded`): the files
 * that make a scene's own copy of the runtime core (docs/embedded.md).
 *
 * The copy is made without touching the runtime's C text: the core's files
 * are written under DIR/ncs/ byte for byte (embedded into ncsc at build
 * time by cmake/EmbedFiles.cmake), and two small generated files select
 * the copy's settings:
 *
 *   <p>_ncs.h  NCS_PREFIX <p> (ncs/prefix.h renames every external symbol
 *              ncs_xxx to <p>_xxx), NCS_REAL_FLOAT, and the
 *              specialisations proven safe for the scene (its formulation
 *              only, no friction code when it has none, ...)
 *   <p>_ncs.c  #include "<p>_ncs.h" and #include "ncs/one.c": the step
 *              engine and the solver as one translation unit whose
 *              internal functions are static (as Lua's onelua.c)
 *
 * so copies of several scenes (distinct prefixes) link into one program.
 */
#ifndef NCS_EMIT_COPY_H
#define NCS_EMIT_COPY_H

#include <stddef.h>
#include "emit_scene.h"

/** The first line of every file ncsc generates: the project's licence (MIT,
 *  LICENSE) as an SPDX identifier, so firmware users can ship the code. The
 *  runtime files of the copy are the project's own sources as they are. */
#define NCS_EMIT_SPDX "/* SPDX-License-Identifier: MIT */"

/** The folder of DIR that holds the copied runtime files. */
#define NCS_COPY_DIR "ncs"

/** One runtime file, byte for byte. */
typedef struct ncs_copy_file {
    const char *name;               /**< e.g. "world.c"; NULL ends the table */
    const unsigned char *bytes;     /**< its contents */
    size_t size;                    /**< their length */
} ncs_copy_file;

/** The runtime core's files (generated at build time: ncs_copy_files.c). */
extern const ncs_copy_file ncs_copy_files[];

/// <p>_ncs.h: the copy's settings, then #include "ncs/prefix.h". Never
/// fails (out of memory sets o->oom).
void ncs_emit_copy_settings(const emit_ctx *e, ncs_buf *o);

/// <p>_ncs.c: the copy's one translation unit.
void ncs_emit_copy_unit(const emit_ctx *e, ncs_buf *o);

/// <p>_main.c of the firmware target: runs the scene's steps (or
/// -D<P>_RUN_STEPS=N) and prints the rows of the host simulator's
/// `--csv -` with printf (%.17g, or %.9g for float), so that the board's
/// output can be compared with the host's number by number. Calls
/// <P>_STEP_BEGIN() / <P>_STEP_END() around each step when those macros
/// name void(void) functions (bench/embedded counts instructions between
/// them). Exit status 0 when every step solved, 1 at the first failed one
/// (reported on stderr), 2 when the state's memory was rejected.
void ncs_emit_fw_main(const emit_ctx *e, ncs_buf *o);

#endif
