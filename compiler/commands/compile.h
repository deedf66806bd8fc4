/* compile.h - commands: the pipeline that `ncsc`, `ncsc run` and `ncsc view`
 * run on a scene (compile.c):
 *
 *   read -> parse and check -> geometry -> plan -> emit
 *
 * A unit is one scene on its way through the stages. ncs_compile runs the
 * stages the unit has not been through, up to the one asked for, so a
 * command can look at the unit between two stages (dump the scene, draw
 * the pieces, create the output folder) and then go on.
 */
#ifndef NCS_COMPILE_H
#define NCS_COMPILE_H

#include <stddef.h>
#include "diag.h"
#include "emit.h"
#include "geom.h"
#include "plan.h"
#include "scene.h"

/** The stages, in order. */
typedef enum ncs_stage {
    NCS_STAGE_NONE = 0,     /**< nothing done yet */
    NCS_STAGE_READ = 1,     /**< the scene's text (at most NCS_SCENE_MAX_BYTES) */
    NCS_STAGE_PARSE = 2,    /**< parsed and checked: the scene (ncs_parse_opt) */
    NCS_STAGE_GEOMETRY = 3, /**< the obstacles' groups and pieces (ncs_geom_build) */
    NCS_STAGE_PLAN = 4,     /**< the emitter's options checked, the plan made */
    NCS_STAGE_EMIT = 5      /**< the files written (ncs_emit) */
} ncs_stage;

/** What the command line says about the compile. */
typedef struct ncs_compile_options {
    int form;               /**< ncs_formulation instead of the scene's; -1: none */
    ncs_geom_options geom;  /**< --decomp */
    ncs_emit_options emit;  /**< --prefix, --target, --real and the folder */
} ncs_compile_options;

/** One scene on its way through the stages. */
typedef struct ncs_compile_unit {
    const char *path;       /**< the file as given; "-": standard input */
    char *text;             /**< its text (READ) */
    size_t len;             /**< bytes in text */
    int own_text;           /**< 1 when text was read here (freed with the unit) */
    ncs_diag d;             /**< the messages (set d.out to NULL for none) */
    ncs_scene *s;           /**< PARSE: the checked scene */
    ncs_geometry g;         /**< GEOMETRY */
    ncs_plan plan;          /**< PLAN */
    int done;               /**< the last stage done (ncs_stage) */
} ncs_compile_unit;

/// The largest scene file ncsc reads: 64 MiB (docs/language.md).
#define NCS_SCENE_MAX_BYTES ((size_t)64 << 20)

/// The defaults: the scene's formulation, the default geometry options,
/// the host target, no prefix and no folder.
ncs_compile_options ncs_compile_defaults(void);

/// Starts a unit for the scene file `path` ("-": standard input). With
/// `text` (len bytes, borrowed) the scene is that text and the READ stage
/// is done already. Messages name the file as the reader does ("<stdin>"
/// for "-"). Never fails.
void ncs_compile_init(ncs_compile_unit *u, const char *path, const char *text, size_t len);

/// Runs the stages after u->done up to `upto`, stopping at the first that
/// fails. Returns the exit status of the commands: 0; 1 for errors in the
/// scene; 2 for I/O errors or memory running out. Each failure is
/// reported (on u->d.out, or for the reader on stderr) before it returns.
int ncs_compile(ncs_compile_unit *u, const ncs_compile_options *o, int upto);

/// Releases everything the unit holds.
void ncs_compile_free(ncs_compile_unit *u);

#endif
