/* emit.h - the C code generator: specialised time-steppers from a scene.
 *
 * ncs_emit writes <prefix>.h, <prefix>.c and <prefix>_main.c into outdir;
 * the firmware target also <prefix>_ncs.h, <prefix>_ncs.c and the runtime
 * core's files under outdir/ncs/ (emit_copy.h). Files are written to
 * temporaries and renamed into place only when every file was generated: a
 * failed emit leaves no partial output.
 */
#ifndef NCS_EMIT_H
#define NCS_EMIT_H

#include "scene.h"
#include "geom.h"
#include "diag.h"

typedef enum ncs_target {
    NCS_TARGET_HOST = 0,        /**< links the GSL-based runtime (libncs) */
    NCS_TARGET_EMBEDDED = 1     /**< carries its own copy of the runtime core: no
                                     GSL, no heap, no stdio */
} ncs_target;

/** Emitter settings. */
typedef struct ncs_emit_options {
    const char *prefix;     /**< symbol prefix; NULL = scene name */
    const char *outdir;     /**< output directory (must exist) */
    int target;             /**< ncs_target */
    int real_float;         /**< embedded: 1 = float, 0 = double */
} ncs_emit_options;

/// Generates the simulator for `s` with groups `g`. Problems with the scene
/// (e.g. a prefix that is not a C identifier) are reported through `d`
/// and return 1; I/O failures return 2 (with a message on d->out). Returns
/// 0 on success.
int ncs_emit(const ncs_scene *s, const ncs_geometry *g,
             const ncs_emit_options *o, ncs_diag *d);

#endif
