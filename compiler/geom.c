/* geom.c - TEMPORARY STUB, replaced by the geometry stage (issue 3). */
#include <string.h>
#include "geom.h"

ncs_geom_options ncs_geom_default_options(void) {
    ncs_geom_options o;
    memset(&o, 0, sizeof o);
    return o;
}

int ncs_geom_build(const ncs_scene *s, const ncs_geom_options *o, ncs_diag *d,
                   ncs_geometry *g) {
    (void)s; (void)o; (void)d;
    memset(g, 0, sizeof *g);
    return 0;
}

void ncs_geom_free(ncs_geometry *g) { memset(g, 0, sizeof *g); }

int ncs_geom_dump_json(const ncs_scene *s, const ncs_geometry *g, FILE *out) {
    (void)s; (void)g;
    return fputs("{}\n", out) < 0 ? -1 : 0;
}

int ncs_geom_write_svg(const ncs_scene *s, const ncs_geometry *g, FILE *out) {
    (void)s; (void)g;
    return fputs("<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n", out) < 0 ? -1 : 0;
}
