/* emit_scene.h - emission: the writers of the generated files (emit_scene.c): each
 * writes one file of the plan into a buffer; emit.c puts them in place. */
#ifndef NCS_EMIT_SCENE_H
#define NCS_EMIT_SCENE_H

#include "emit_buf.h"
#include "plan.h"

/** What the writers need: the plan and the target. */
typedef struct emit_ctx {
    const ncs_plan *p;      /**< the plan */
    int embedded;           /**< 1: firmware target (no simulator data) */
    int real_float;         /**< 1: literals for float */
} emit_ctx;

/// <prefix>.h: sizes, body indices, the state and its API. Never fails
/// (out of memory sets o->oom).
void ncs_emit_scene_header(const emit_ctx *e, ncs_buf *o);

/// <prefix>.c: the scene descriptor and, on the host, the simulator's data.
void ncs_emit_scene_source(const emit_ctx *e, ncs_buf *o);

/// <prefix>_main.c of the host target: runs ncs_sim_main.
void ncs_emit_scene_main(const emit_ctx *e, ncs_buf *o);

/// The name of formulation `form` as ncs/layout.h spells it
/// ("NCS_FORM_MAX", ...). Never fails.
const char *ncs_emit_form_macro(int form);

/// Text of expectation x as in messages ("p.y >= 0 at every step (slack
/// 1e-09)"), numbers in their shortest form, into out (n bytes). Never fails.
void ncs_expect_text(const ncs_scene *s, const ncs_expect *x, char *out, size_t n);

#endif
