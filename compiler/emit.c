/* emit.c - TEMPORARY STUB, replaced by the code generator (issue 4). */
#include "emit.h"

int ncs_emit(const ncs_scene *s, const ncs_geometry *g, const ncs_emit_options *o,
             ncs_diag *d) {
    (void)g; (void)o;
    ncs_error(d, s->loc, "code generation is not implemented yet");
    return 1;
}
