/* emit.h - emission: the C code generator, specialised time-steppers from a
 * scene's plan (plan.h).
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
#include "plan.h"
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

/// Checks the options against scene `s` before a plan is made for them: the
/// prefix (o->prefix, or the scene's name) must be a C identifier and the
/// target known. Reports a problem through `d` and returns 1; else 0.
int ncs_emit_check(const ncs_scene *s, const ncs_emit_options *o, ncs_diag *d);

/// Generates the simulator the plan `p` describes (made with the prefix of
/// options `o` checked by ncs_emit_check) into o->outdir for o->target.
/// Problems with the scene (a constant that is not finite) are reported
/// through `d` and return 1; I/O failures return 2 (with a message on
/// d->out). Returns 0 on success.
int ncs_emit(const ncs_plan *p, const ncs_emit_options *o, ncs_diag *d);

#endif
